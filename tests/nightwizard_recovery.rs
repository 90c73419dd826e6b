//! Night Wizard recovery, costs and skills in combat through the console: a seeded fight in
//! which a Hero/Magus uses a Setup Process skill in the Setup step, pays an HP and bad-status
//! Cost, casts an attack spell, heals (a Fumble on the Recovery Judge Incapacitates without
//! killing), cures Poison with an item, and the GM's natural recovery afterwards. Field Medic has
//! Range: Close, so the GM puts Bolt in Mira's Engage first (§15.5, issue #36).

use std::path::Path;
use std::sync::Arc;

fn run(script: &str, seed: u64) -> String {
    let registry = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    croupier::console::transcript(registry, seed, 1_800_000_000, script).unwrap()
}

/// The output of the script line that starts with `line` (up to the next command).
fn after<'a>(out: &'a str, line: &str) -> &'a str {
    let start = out
        .find(&format!(">>> {line}"))
        .unwrap_or_else(|| panic!("no line {line}"));
    let rest = &out[start + 4..];
    let end = rest.find("\n>>> ").unwrap_or(rest.len());
    &rest[..end]
}

const MIRA: &str = r#"{"name":"Mira","owner":"alice","classes":["hero","magus"],"attr_classes":null,"cl":1,"elements":["fire","light"],"bonus_attr":2,"skills":[{"id":"lunar_robe","sl":1},{"id":"lunar_casket","sl":1},{"id":"brave_heart","sl":1},{"id":"spell_focus","sl":1},{"id":"rallying_cry","sl":1},{"id":"field_medic","sl":2},{"id":"ember_lance","sl":1},{"id":"blood_rite","sl":1}],"bp":[0,0,0,0,0,0,0,0],"items":[{"id":"spark_wand","equipped":true,"preserved":true},{"id":"healing_draught","equipped":false,"preserved":false},{"id":"antidote_salts","equipped":false,"preserved":false}],"money":0,"op":0,"op_money":0,"level_ups":0,"connections":[],"notes":""}"#;

const FIGHT: &str = r#"
gm: /nw skill add name:"Blood Rite" timing:"Minor Action" cost:"HP 5, BS: Rigor" effect:"Your blood feeds the spell: +2 to this Main Process's Hit Check."
alice: /nw character import json:MIRA
bob: /nw character new name:Bolt quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
bob: /nw session join
bob: /nw session lock
gm: /nwenemy spawn name:glass_hound as:Hound
gm: /nwcombat start
bob: /nwcombat use skill:rallying_cry
alice: /nwcombat use skill:rallying_cry
bob: /nwcombat pass
alice: /nwcombat use skill:blood_rite
alice: /nwcombat invade target:Hound
alice: /nwcombat use skill:ember_lance target:Hound
gm: /nwcombat dodge
alice: /nwcombat damage
alice: /nwcombat damage
alice: /nwcombat apply
gm: /nwcombat invade target:Mira
gm: /nwcombat attack target:Mira
alice: /nwcombat dodge
gm: /nwcombat damage
alice: /nwcombat skip
gm: /nw session set player:alice status:pressure
gm: /nw session set player:bob hp:5 status:poison:3
alice: /nwcombat use item:"Healing Draught"
alice: /nwcombat minor
alice: /nwcombat use item:"Healing Draught"
gm: /nwcombat engage a:Bolt b:Mira
alice: /nwcombat use skill:"Field Medic" target:Bolt
gm: /nwcombat attack target:Mira
alice: /nwcombat dodge
gm: /nwcombat damage
alice: /nwcombat skip
gm: /nw session set player:alice hp:5
alice: /nwcombat use skill:blood_rite
alice: /nwcombat use item:antidote_salts target:Bolt
alice: /nwcombat pass
gm: /nwcombat end
gm: /nwcombat heal target:Bolt recovery:0
alice: /nw rest mode:full
gm: /nw rest mode:tense
gm: /nw settings natural_recovery:str/5
gm: /nw rest mode:absent player:@bob
gm: /nw rest mode:full
"#;

fn fight() -> String {
    run(&FIGHT.replace("MIRA", MIRA), 7)
}

#[test]
fn the_setup_step_waits_for_setup_process_skills_in_count_order() {
    let out = fight();
    let start = after(&out, "gm: /nwcombat start");
    assert!(
        start.contains("✨ Setup step: Mira may use a Setup Process skill"),
        "{start}"
    );
    assert!(start.contains("Turn: Setup step: Mira"), "{start}");
    assert!(after(&out, "bob: /nwcombat use skill:rallying_cry")
        .contains("⛔ Bolt has no skill Rallying Cry."));
    let used = after(&out, "alice: /nwcombat use skill:rallying_cry");
    assert!(used.contains("Mira pays 4 MP."), "{used}");
    // The Setup step over, the first Main Process begins.
    assert!(used.contains("Turn: Bolt (@bob)'s Main Process"), "{used}");
}

#[test]
fn costs_are_paid_in_full_and_a_bad_status_cost_lands_when_the_main_process_ends() {
    let out = fight();
    let rite = after(&out, "alice: /nwcombat use skill:blood_rite");
    assert!(
        rite.contains("Mira pays 5 HP, BS: Rigor (when this Main Process ends)."),
        "{rite}"
    );
    assert!(rite.contains("HP 22 · MP 21"), "{rite}");
    // The Move after the Minor is out of order.
    assert!(after(&out, "alice: /nwcombat invade target:Hound")
        .contains("⛔ Invading takes your Move Action, which comes first (Move, Minor, Major in that order): after your Minor Action it is too late."));
    let lance = after(&out, "alice: /nwcombat use skill:ember_lance target:Hound");
    assert!(lance.contains("Mira pays 4 MP."), "{lance}");
    assert!(
        lance.contains("Mira attacks Hound (Magical attack)"),
        "{lance}"
    );
    let applied = after(&out, "alice: /nwcombat apply");
    assert!(
        applied.contains("Mira receives BS: Rigor (the cost of Blood Rite)"),
        "{applied}"
    );
    // Later, at 5 HP, an HP 5 cost is refused.
    let refused = out
        .split(">>> alice: /nwcombat use skill:blood_rite")
        .nth(2)
        .unwrap();
    assert!(
        refused.contains("⛔ Blood Rite costs 5 HP and Mira has 5"),
        "{refused}"
    );
}

#[test]
fn pressure_blocks_items_until_a_minor_action_and_a_fumbled_recovery_judge_never_kills() {
    let out = fight();
    let first = out
        .split(">>> alice: /nwcombat use item:\"Healing Draught\"")
        .nth(1)
        .unwrap();
    assert!(
        first.contains("⛔ BS: Pressure: no skills or items"),
        "{first}"
    );
    assert!(after(&out, "alice: /nwcombat minor").contains("shake off BS: Pressure"));
    let second = out
        .split(">>> alice: /nwcombat use item:\"Healing Draught\"")
        .nth(2)
        .unwrap();
    assert!(
        second.contains("takes your Minor Action, and you have used it this Main Process"),
        "{second}"
    );
    let medic = after(
        &out,
        "alice: /nwcombat use skill:\"Field Medic\" target:Bolt",
    );
    assert!(
        medic.contains("Recovery Judge (Recovery 4) for Bolt's HP"),
        "{medic}"
    );
    assert!(medic.contains("fumble ＞ 4-10 ＞ -6"), "{medic}");
    assert!(medic.contains("Bolt loses 5 HP (HP 0/22)"), "{medic}");
    assert!(
        medic.contains("Bolt is Incapacitated (a Recovery Judge never kills)"),
        "{medic}"
    );
    assert!(!medic.contains("Dead"), "{medic}");
}

#[test]
fn an_item_cures_poison_and_is_used_up() {
    let out = fight();
    let salts = after(&out, "alice: /nwcombat use item:antidote_salts target:Bolt");
    assert!(salts.contains("Timing: Minor Action"), "{salts}");
    assert!(salts.contains("The Antidote Salts is used up."), "{salts}");
    assert!(salts.contains("Bolt is cured of BS: Poison."), "{salts}");
    assert!(!salts.contains("Poison (3)"), "{salts}");
}

#[test]
fn natural_recovery_full_tense_and_out_of_the_scene() {
    let out = fight();
    let heal = after(&out, "gm: /nwcombat heal target:Bolt recovery:0");
    assert!(heal.contains("Bolt is no longer Incapacitated."), "{heal}");
    assert!(after(&out, "alice: /nw rest mode:full").contains("⛔ only the GM"));
    let tense = after(&out, "gm: /nw rest mode:tense");
    assert!(
        tense.contains("HP Recovery = Str − 5, MP Recovery = Kno − 5 (each at most 3)"),
        "{tense}"
    );
    assert!(
        tense.contains("Mira: HP Recovery Judge (Recovery 1)"),
        "{tense}"
    );
    assert!(
        after(&out, "gm: /nw settings natural_recovery:str/5").contains("natural recovery: str/5")
    );
    let absent = after(&out, "gm: /nw rest mode:absent player:@bob");
    assert!(
        absent.contains("Bolt: HP Recovery Judge (Recovery 0)"),
        "{absent}"
    );
    assert!(!absent.contains("Mira"), "{absent}");
    let full = after(&out, "gm: /nw rest mode:full");
    assert!(full.contains("Mira: HP 27/27 · MP 25/25."), "{full}");
    assert!(full.contains("Bolt: HP 22/22 · MP 25/25."), "{full}");
}
