//! Night Wizard characters through the console (issue 17, items 2 and 3): the roster record is
//! the one truth a session reads — a level up between Episodes reaches the session without a
//! re-join, a consumable used once stays gone (re-join or not) until the After phase gives the
//! Preserved ones back — and an illegal import is refused naming every problem.

use std::path::Path;
use std::sync::Arc;

fn run(script: &str, seed: u64) -> String {
    let registry = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    croupier::console::transcript(registry, seed, 1_800_000_000, script).unwrap()
}

/// The output of the script line that starts with `line` (up to the next command); the
/// `n`-th such line (0 = the first).
fn after_nth<'a>(out: &'a str, line: &str, n: usize) -> &'a str {
    let key = format!(">>> {line}");
    let mut from = 0;
    for _ in 0..n {
        from += out[from..]
            .find(&key)
            .unwrap_or_else(|| panic!("no line {line}"))
            + key.len();
    }
    let start = from
        + out[from..]
            .find(&key)
            .unwrap_or_else(|| panic!("no line {line} (#{n})"));
    let rest = &out[start + 4..];
    let end = rest.find("\n>>> ").unwrap_or(rest.len());
    &rest[..end]
}

fn after<'a>(out: &'a str, line: &str) -> &'a str {
    after_nth(out, line, 0)
}

/// RoboNin (the rulebook's worked example) with a Preserved Antidote Salts bought at creation.
const ROBONIN: &str = "
alice: /nw character new name:RoboNin
alice: pick Ninja
alice: pick Broomman
alice: pick Wind
alice: pick Light
alice: pick finesse
alice: pick thrown_blades
alice: pick thrown_blades
alice: pick iron_bristles
alice: pick vanishing_smoke
alice: pick street_network
alice: pick field_medic
alice: pick longsword
alice: pick antidote_salts
alice: press Finish
";

const TABLE: &str = "
bob: /nw character new name:Bolt quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
bob: /nw session join
bob: /nw session lock
";

#[test]
fn a_level_up_between_episodes_reaches_the_session_without_a_rejoin() {
    let script = format!(
        "{ROBONIN}{TABLE}
gm: /nw phase next
gm: /nw phase next
gm: /nw phase next
gm: /nw session set player:alice hp:3
gm: /nw phase next op:6
alice: /nw character levelup skill:sturdy_frame
bob: /nw character levelup slot:1 class:magus
alice: /nw judge stat:luck difficulty:5
bob: /nw judge stat:luck difficulty:5
gm: /nw phase next
gm: /game status
"
    );
    let out = run(&script, 5);
    println!("{out}");
    // The level up tells its player when it reaches the session.
    let lv = after(&out, "alice: /nw character levelup");
    assert!(lv.contains("CL 1 → 2"), "{lv}");
    assert!(
        lv.contains("RoboNin plays in the session in")
            && lv.contains("applies there at the After phase (or when the next Episode begins), with no need to re-join"),
        "{lv}"
    );
    // Bob levels up too while Alice acts; neither action brings a level up in mid-phase.
    assert!(
        after(&out, "bob: /nw character levelup").contains("Class change"),
        "{out}"
    );
    for who in ["alice", "bob"] {
        let judge = after(&out, &format!("{who}: /nw judge stat:luck"));
        assert!(!judge.contains("takes the roster's changes"), "{judge}");
    }
    // The next Episode begins: the GM's phase change brings RoboNin's new CL in, at full HP.
    let next = after_nth(&out, "gm: /nw phase next", 4);
    assert!(
        next.contains("RoboNin takes the roster's changes: CL 1 → 2, skills"),
        "{next}"
    );
    assert!(
        next.contains("Bolt takes the roster's changes: CL 1 → 2, class change, skills"),
        "{next}"
    );
    assert!(next.contains("Episode 2 begins"), "{next}");
    assert!(
        next.contains("Every PC starts the Episode with full HP, MP and Prana."),
        "{next}"
    );
    let status = after(&out, "gm: /game status");
    assert!(
        status.contains("33/33"),
        "RoboNin's Body at CL 2 is 33: {status}"
    );
    assert!(!out.contains("/nw session join` again"), "{out}");
}

#[test]
fn a_consumable_used_once_is_gone_until_the_after_phase() {
    let script = format!(
        "{ROBONIN}{TABLE}
alice: /nwcombat use item:antidote_salts
alice: /nw session join
alice: /nwcombat use item:antidote_salts
bob: /nw judge stat:luck difficulty:5
gm: /nw session set player:alice hp:4
alice: /nw session leave
alice: /nw session join
alice: /nwcombat use item:antidote_salts
gm: /nw phase next
gm: /nw phase next
gm: /nw phase next
alice: /nwcombat use item:antidote_salts
gm: /nw phase next
alice: /nwcombat use item:antidote_salts
"
    );
    let out = run(&script, 5);
    println!("{out}");
    assert!(
        after(&out, "alice: /nwcombat use item:antidote_salts").contains("is used up"),
        "{out}"
    );
    // A re-join takes the roster's record but not what the Episode used.
    assert!(
        after_nth(&out, "alice: /nw session join", 1).contains("refreshes RoboNin"),
        "{out}"
    );
    // Nor does leaving and coming back (which also keeps the HP it left with).
    for n in [1, 2, 3] {
        let again = after_nth(&out, "alice: /nwcombat use item:antidote_salts", n);
        assert!(again.contains("⛔"), "still gone (#{n}): {again}");
    }
    let back = after_nth(&out, "alice: /nw session join", 2);
    assert!(back.contains("joins with RoboNin"), "{back}");
    // The After phase gives the Preserved item back.
    let after_phase = after_nth(&out, "gm: /nw phase next", 3);
    assert!(
        after_phase.contains("RoboNin gets back its Preserved Antidote Salts."),
        "{after_phase}"
    );
    let last = after_nth(&out, "alice: /nwcombat use item:antidote_salts", 4);
    assert!(last.contains("is used up"), "{last}");
}

/// A hand-edited export: CL 7, OP, level ups, a Samurai skill on a Ninja/Broomman, an SL above
/// its maximum, BP over the CL's limits, and money in hand.
const FORGED: &str = r#"{"name":"Forged","owner":"alice","classes":["ninja","broomman"],"attr_classes":null,"cl":7,"elements":["wind","light"],"bonus_attr":1,"skills":[{"id":"lunar_robe","sl":1},{"id":"lunar_casket","sl":1},{"id":"iaijutsu","sl":1},{"id":"thrown_blades","sl":9}],"bp":[9,0,0,0,0,0,0,0],"items":[],"money":5000,"op":40,"op_money":0,"level_ups":3,"connections":[],"notes":""}"#;

#[test]
fn an_illegal_import_is_refused_with_each_problem_listed() {
    let script = format!(
        "alice: /nw character import json:{FORGED}
alice: /nw character list
"
    );
    let out = run(&script, 1);
    println!("{out}");
    let refused = after(&out, "alice: /nw character import");
    for problem in [
        "Forged cannot be imported",
        "Iaijutsu is a Samurai skill; the character's classes are Ninja and Broomman.",
        "Fix them in the JSON and import it again",
        "Thrown Blades SL 9",
        "group 1 BP: 9 spent, CL 7 allows 3.",
        "CL 7: an imported character starts at CL 1",
        "3 level up(s) allowed",
        "40 OP",
        "5000 valco in hand",
    ] {
        assert!(refused.contains(problem), "{problem}: {refused}");
    }
    assert!(refused.contains("⛔"), "{refused}");
    // Nothing was kept.
    assert!(
        after(&out, "alice: /nw character list").contains("none yet"),
        "{out}"
    );
}

#[test]
fn a_level_up_without_the_gms_grant_is_refused_and_a_class_change_keeps_the_named_skill() {
    let script = format!(
        "{ROBONIN}
alice: /nw character levelup skill:sturdy_frame
{TABLE}
gm: /nw phase next
gm: /nw phase next
gm: /nw phase next
gm: /nw phase next
alice: /nw character levelup slot:2 class:magus skill:sturdy_frame
alice: /nw character levelup slot:2 class:magus
"
    );
    let out = run(&script, 5);
    println!("{out}");
    assert!(
        after(&out, "alice: /nw character levelup skill:sturdy_frame")
            .contains("no level up is allowed yet: the GM allows one in the After phase."),
        "{out}"
    );
    let both = after(
        &out,
        "alice: /nw character levelup slot:2 class:magus skill:sturdy_frame",
    );
    assert!(
        both.contains("a class change takes the place of the new skill (§7 step 3)"),
        "{both}"
    );
    let change = after_nth(&out, "alice: /nw character levelup slot:2 class:magus", 1);
    assert!(
        change.contains("Class change: Broomman → Magus"),
        "{change}"
    );
}

#[test]
fn a_custom_enemy_added_mid_session_can_be_spawned_at_once() {
    let script = format!(
        "{TABLE}
gm: /nwenemy add name:\"Paper Golem\" hp:12 pacc:3
gm: /nwenemy spawn name:\"Paper Golem\" as:Golem
gm: /nwcombat start
"
    );
    let out = run(
        &script.replace("alice: /nw session join\nalice: /nw session lock\n", ""),
        5,
    );
    println!("{out}");
    let spawn = after(&out, "gm: /nwenemy spawn");
    assert!(!spawn.contains("⛔"), "{spawn}");
    assert!(spawn.contains("Golem"), "{spawn}");
}

/// §6 Step 2: "The default is CL 1. If the GM sets a higher starting level, extra steps
/// follow." The starting CL is the GM's: a table with `/nw settings max_cl:1` takes no CL 3
/// character, while another player joins in between at CL 1; `max_cl:0` lifts the limit.
#[test]
fn rule_nw_6_step_2_the_gm_sets_the_highest_cl_a_character_joins_at() {
    let out = run(
        "alice: /nw character new name:Ayla quick:true cl:3\n\
         bob: /nw character new name:Bolt quick:true\n\
         gm: /nw new\n\
         gm: /nw settings max_cl:1\n\
         alice: /nw session join\n\
         bob: /nw session join\n\
         alice: /game status\n\
         gm: /nw settings max_cl:0\n\
         alice: /nw session join\n",
        3,
    );
    assert!(
        after(&out, "alice: /nw character new").contains("CL 3"),
        "{out}"
    );
    assert!(
        after(&out, "gm: /nw settings max_cl:1").contains("Characters join at CL 1 at most"),
        "{out}"
    );
    let refused = after_nth(&out, "alice: /nw session join", 0);
    assert!(
        refused.contains("⛔ Ayla is CL 3 and this table takes characters up to CL 1"),
        "{refused}"
    );
    assert!(
        after(&out, "bob: /nw session join").contains("joins with Bolt"),
        "{out}"
    );
    let status = after(&out, "alice: /game status");
    assert!(
        status.contains("PCs: **Bolt**") && !status.contains("Ayla"),
        "{status}"
    );
    assert!(
        after(&out, "gm: /nw settings max_cl:0").contains("Characters join at any CL"),
        "{out}"
    );
    assert!(
        after_nth(&out, "alice: /nw session join", 1).contains("joins with Ayla"),
        "{out}"
    );
}

/// Undoing a PC's leaving after its character was deleted from the roster would put a
/// character that no longer exists back into the session: the undo is refused, naming it, and
/// changes nothing.
#[test]
fn undoing_a_leave_is_refused_once_the_character_was_deleted() {
    let out = run(
        "alice: /nw character new name:Ayla quick:true\n\
         gm: /nw new\n\
         alice: /nw session join\n\
         alice: /nw session leave\n\
         alice: /nw character delete name:Ayla\n\
         gm: /game undo\n\
         alice: /game status\n",
        3,
    );
    let undo = after(&out, "gm: /game undo");
    assert!(
        undo.contains("⛔ The character `ayla` was deleted from this server's roster since")
            && undo.contains("Nothing was undone."),
        "{undo}"
    );
    assert!(
        !after(&out, "alice: /game status").contains("Ayla"),
        "{out}"
    );
}

/// Undoing a PC's leaving after its character was deleted and another made under the same
/// name would bring the deleted one back, bound to the new record (its progress, its lock):
/// records have identities, so the undo is refused, saying why, and changes nothing; the new
/// character joins as itself (issue #36).
#[test]
fn undoing_a_leave_is_refused_once_the_character_was_deleted_and_made_again() {
    let out = run(
        "alice: /nw character new name:Ayla quick:true\n\
         gm: /nw new\n\
         alice: /nw session join\n\
         alice: /nw session leave\n\
         alice: /nw character delete name:Ayla\n\
         bob: /nw character new name:Bolt quick:true\n\
         alice: /nw character new name:Ayla quick:true\n\
         gm: /game undo\n\
         alice: /game status\n\
         alice: /nw session join\n",
        3,
    );
    let undo = after(&out, "gm: /game undo");
    assert!(
        undo.contains("⛔ The character `ayla` was deleted from this server's roster since and a new one made under its name")
            && undo.contains("Nothing was undone."),
        "{undo}"
    );
    assert!(
        !after(&out, "alice: /game status").contains("Ayla"),
        "{out}"
    );
    assert!(
        after_nth(&out, "alice: /nw session join", 1).contains("joins with Ayla"),
        "{out}"
    );
}

/// `/nw item add rule:` marks an item's rule (§14.5, §14.7); a rule the item's kind cannot
/// have is refused, naming why, and adds nothing.
#[test]
fn an_added_items_rule_fits_its_kind() {
    let out = run(
        "gm: /nw item add name:Husk kind:weapon slot:one_hand rule:doesnt_stack\n\
         gm: /nw item add name:\"Plate Mail\" kind:armor slot:upper mods:pdef=5 rule:doesnt_stack\n\
         gm: /nw item add name:Pact kind:armor slot:upper rule:maou\n\
         alice: /nw item list\n",
        3,
    );
    assert!(
        after(&out, "gm: /nw item add name:Husk").contains("only armour says \"Doesn't Stack\""),
        "{out}"
    );
    assert!(
        after(&out, "gm: /nw item add name:\"Plate Mail\"").contains("added the item Plate Mail"),
        "{out}"
    );
    assert!(
        after(&out, "gm: /nw item add name:Pact").contains("a Maou Enchantment is an enchantment"),
        "{out}"
    );
    let list = after(&out, "alice: /nw item list");
    assert!(
        list.contains("Plate Mail") && !list.contains("Husk"),
        "{list}"
    );
}
