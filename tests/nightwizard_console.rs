//! Night Wizard through the console: step-by-step and quick creation, a session with
//! Critical/Fumble values, Judges with and without Prana, and the After phase.

use std::path::Path;
use std::sync::Arc;

fn run(script: &str, seed: u64) -> String {
    let registry = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    croupier::console::transcript(registry, seed, 1_800_000_000, script).unwrap()
}

const CREATE_ROBONIN: &str = "
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
alice: pick leather_jacket
alice: press Finish
alice: /nw sheet
";

#[test]
fn worked_example_comes_out_of_the_creation_flow() {
    let out = run(CREATE_ROBONIN, 1);
    assert!(
        out.contains("alice finished RoboNin (Ninja / Broomman CL 1, Wind / Light)"),
        "{out}"
    );
    assert!(
        out.contains("Str 8 · Fin 10 · Awa 8 · Kno 5 · Spi 5 · Luck 7"),
        "{out}"
    );
    assert!(out.contains("CF Mod 2 · Prana (max) 5"), "{out}");
    assert!(out.contains("After class bonuses: PACC 11 · EVA 10 · MACC 5 · PATK 3 · MATK 2 · PDEF 2 · MDEF 0 · SPD 15"), "{out}");
    assert!(out.contains("Body 27 · Mind 20"), "{out}");
    assert!(!out.contains("⛔"), "{out}");
}

#[test]
fn session_with_judges_prana_and_after_phase() {
    let script = format!(
        "{CREATE_ROBONIN}
bob: /nw character new name:Bolt quick:true
gm: /nw new
alice: /nw session join
alice: press Critical −1
alice: press Lock
bob: /nw session join
bob: /nw session lock
alice: /nw judge stat:pacc difficulty:12
alice: /nw prana use:raise
gm: /game undo
alice: /nw prana use:raise
alice: /nw prana use:accept
bob: /nw judge stat:eva against:14 attacker:true
bob: /nw prana use:reroll
bob: /nw prana use:accept
gm: /nw judge stat:none modifier:8 difficulty:12 secret:true
alice: /nw judge stat:luck anyseven:true
gm: /nw settings anyseven_players:true
alice: /nw judge stat:luck difficulty:10 anyseven:true
gm: /nw phase next
gm: /nw phase next
gm: /nw phase next
gm: /nw phase next op:6
alice: /nw character levelup skill:sturdy_frame
alice: /nw character bp stat:patk
alice: /nw character bp stat:patk
alice: /nw sheet
gm: /game status
carol: /nw character new name:Vet quick:true cl:4
"
    );
    let out = run(&script, 7);
    println!("{out}");
    assert!(out.contains("joins with RoboNin"), "{out}");
    assert!(
        out.contains("made Vet (") && out.contains("CL 4, "),
        "quick build at CL 4: {out}"
    );
    assert!(
        out.contains("RoboNin locks Critical 8 and Fumble 6"),
        "{out}"
    );
    assert!(out.contains("Chance of success:"), "{out}");
    assert!(out.contains("(2D6+11) ＞"), "{out}");
    assert!(
        out.contains("spends 1 Prana and raises the Result by 2D"),
        "{out}"
    );
    assert!(
        out.contains("the defender has already rolled"),
        "attacker reroll refused: {out}"
    );
    assert!(out.contains("Any Seven is for the GM"), "{out}");
    assert!(out.contains("7[any seven]"), "{out}");
    assert!(out.contains("+6 OP (now 6)"), "{out}");
    assert!(out.contains("CL 1 → 2"), "{out}");
    assert!(
        out.contains("at most 1 in one stat at CL 2"),
        "second PATK BP refused: {out}"
    );
    assert!(out.contains("Body 33 · Mind 24"), "{out}");
    // The GM's secret Judge reaches only the GM.
    let secret_public = out
        .split("[#table → everyone]")
        .any(|m| m.split("[#").next().unwrap_or("").contains("(2D6+8)"));
    assert!(!secret_public, "{out}");
    assert!(out.contains("GM rolls a secret Judge"), "{out}");
}

#[test]
fn gm_asks_a_player_for_a_judge_and_only_they_can_press() {
    let script = r#"
alice: /nw character new name:Ayu quick:true
bob: /nw character new name:Bolt quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
bob: /nw session join
bob: /nw session lock
gm: /nw ask player:bob stat:awareness difficulty:12 label:"Spot the ambush"
alice: press Roll Awareness Judge
bob: press Roll Awareness Judge
bob: /nw answer id:1
gm: /nw ask player:alice stat:luck difficulty:9 hidden:true
alice: press Roll Luck Judge
"#;
    let out = run(script, 3);
    assert!(
        out.contains("@bob, the GM asks Bolt for an Awareness Judge. Difficulty 12"),
        "{out}"
    );
    assert!(out.contains("this Judge is for @bob only"), "{out}");
    assert!(out.contains("Bolt: Spot the ambush"), "{out}");
    assert!(out.contains("no longer asked for"), "{out}");
    assert!(out.contains("Difficulty: known only to the GM."), "{out}");
}
