//! Night Wizard movement through the console: a seeded fight with Complex Movement to a far
//! spot, Lunar Robe flight, a retreat to Long range with the GM's permission, a latecomer's
//! Appearance Check, and the refusals that must change nothing.

use std::path::Path;
use std::sync::Arc;

fn run(script: &str, seed: u64) -> String {
    let registry = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    croupier::console::transcript(registry, seed, 1_800_000_000, script).unwrap()
}

const FIGHT: &str = r#"
alice: /nw character new name:Ayla quick:true
bob: /nw character new name:Bolt quick:true
carol: /nw character new name:Cara quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
bob: /nw session join
bob: /nw session lock
gm: /nw settings appearance:true
gm: /nwenemy spawn name:shade_swarm hp:30
gm: /nwcombat start
gm: /nwcombat move to:"the bell tower" steps:6
carol: /nw session join
carol: /nwcombat appear
alice: /nwcombat move to:"the bell tower"
alice: /nwcombat move to:"the bell tower"
bob: /nwcombat move to:"the bell tower"
alice: /nwcombat move to:"the bell tower"
alice: /nwcombat move to:"the bell tower"
carol: /nw character unequip item:"Riot Helmet"
carol: /nw session join
carol: /nwcombat appear
gm: /nw session set player:carol mp:0
carol: /nwcombat fly
gm: /nw session set player:carol mp:20
carol: /nwcombat fly
carol: /nwcombat pass
bob: /nwcombat move to:"the gate"
gm: /nwcombat invade target:Cara
gm: /nwcombat pass
bob: /nwcombat move to:"the station" range:long
bob: /nwcombat range who:Bolt band:long
gm: press Allow
carol: /nw session join
alice: /nwcombat move to:"the bell tower"
carol: /nwcombat fly land:true
carol: /nwcombat move to:"the gate"
carol: /nwcombat pass
alice: /nwcombat move to:"the bell tower"
alice: /nwcombat pass
gm: /nwcombat attack target:Bolt
gm: /nwcombat withdraw
gm: /nwcombat move to:"the sewers" range:long
gm: /nwcombat range who:"Shade Swarm" band:long
"#;

/// The reply blocks a given audience sees (`everyone`, `gm only`, `alice only`).
fn blocks<'a>(out: &'a str, audience: &str) -> Vec<&'a str> {
    let tag = format!("→ {audience}]");
    out.split("\n[#")
        .filter(|b| b.lines().next().is_some_and(|l| l.contains(&tag)))
        .map(|b| b.split("\n>>>").next().unwrap_or(b))
        .collect()
}

#[test]
fn seeded_movement_fight_complex_movement_flight_retreat_and_appearance() {
    let out = run(FIGHT, 5);
    println!("{out}");
    // §9.3: a latecomer's Appearance Check (Luck, Difficulty 10) in the Setup Process; she
    // joins in Pre-action with her Count.
    assert!(out.contains("🚪 Cara's Appearance Check (Luck, Difficulty 10): `(2D6+7) ＞ 11[6,5]+7 ＞ 18 ＞ success` → success: joins the fight in Pre-action."), "{out}");
    assert!(out.contains("○ **Cara** · Count 21"));
    // §10.6 Complex Movement: 6 Move Actions to the bell tower; Move 1 + Minor 1 + Major 3 =
    // 5 in the first Main Process (the Major ends it), the 6th in the next Round.
    assert!(out.contains("📏 The GM rules: reaching **the bell tower** takes 6 Move Actions"));
    assert!(out.contains("🚶 Ayla heads for the bell tower (Move Action): 1/6 Move Actions."));
    assert!(out.contains(
        "🚶 Ayla heads for the bell tower (Minor Action for 1 Move Action): 2/6 Move Actions."
    ));
    assert!(out.contains(
        "🚶 Ayla heads for the bell tower (Major Action for 3 Move Actions): 5/6 Move Actions.\nThe Major Action was spent moving: the Main Process ends."
    ));
    assert!(out.contains("🚶 Ayla moves to the bell tower (Move Action)."));
    assert!(out.contains("📍 Ayla: the bell tower"));
    // §10.2 step 2: Lunar Robe swaps only in the Setup Process.
    assert!(out.contains(
        "⛔ the Lunar Robe swaps Equipment and Inventory during a fight only in the Setup Process"
    ));
    assert!(out.contains("carol refreshes Cara"));
    // §10.7: Lunar Robe flight, Minor Action and 1D MP; landing is an Auto Action.
    assert!(out.contains("⛔ Lunar Robe flight costs 1D MP and you have no MP: no flight."));
    assert!(out.contains(
        "🕊️ Cara takes flight with the Lunar Robe (Minor Action): 1D MP [6], MP 20 → 14."
    ));
    assert!(out.contains("🕊️ Cara: Flying"));
    assert!(out.contains("🪶 Cara lands (Auto Action)."));
    // §10.6 Long range: the GM's permission, the Main Process ends, a retreat.
    assert!(out.contains("⏳ Bolt asks the GM to move to Long range (the station)"));
    assert!(out.contains(
        "⛔ only the GM (@gm) or someone who may manage this channel can use `/nwcombat range`."
    ));
    assert!(out.contains("🏃 Bolt moves to Long range with the GM's permission and retreats"));
    assert!(
        out.contains("🏃 Bolt: Long range, the station (retreated: out of the initiative order)")
    );
    let r2 = out.split("🔔 Round 2: Setup Process.").nth(1).unwrap();
    assert!(
        !r2.split("\n\n").next().unwrap().contains("Bolt: SPD Judge"),
        "a retreated PC rolls no Count"
    );
    assert!(out.contains(
        "⛔ Bolt is at Long range: only Range: Long weapons and skills reach it (§10.6)."
    ));
    // Refusals: moving out of turn (a player for an NPC), leaving an Engage without a withdraw,
    // a Move Action after the Minor Action.
    assert!(out.contains("⛔ it is not your turn: it is Shade Swarm's Main Process."));
    assert!(out.contains("⛔ you are engaged with an enemy: withdraw first"));
    assert!(out.contains(
        "⛔ Moving to Long or Extreme range takes your Move Action, which comes first (Move, Minor, Major in that order): after your Minor Action it is too late."
    ));
    // The last enemy retreats: the fight is over.
    assert!(out.contains("🏃 Shade Swarm moves to Long range and retreats"));
    assert!(out.contains("⚔️ Combat over"));
}

#[test]
fn the_gm_alone_gets_the_allow_button() {
    let out = run(FIGHT, 5);
    for b in blocks(&out, "everyone") {
        assert!(!b.contains("[Allow]"), "{b}");
    }
    assert!(blocks(&out, "gm only")
        .iter()
        .any(|b| b.contains("[Allow] [Refuse]")));
}

#[test]
fn movement_refusals_change_nothing() {
    // The same fight without the refused commands ends the same.
    let refused = |l: &str| {
        l.starts_with("bob: /nwcombat move to:\"the bell tower\"")
            || l == "bob: /nwcombat move to:\"the gate\""
            || l == "bob: /nwcombat range who:Bolt band:long"
            || l == "carol: /nwcombat move to:\"the gate\""
            || l == "gm: /nwcombat attack target:Bolt"
            || l == "gm: /nwcombat move to:\"the sewers\" range:long"
    };
    let clean: String = FIGHT
        .lines()
        .filter(|l| !refused(l))
        .collect::<Vec<_>>()
        .join("\n");
    let replies = |s: &str| {
        s.lines()
            .filter(|l| {
                !l.is_empty() && !l.starts_with(">>>") && !l.contains('⛔') && !l.starts_with("[#")
            })
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let a = run(FIGHT, 5);
    let b = run(&clean, 5);
    assert!(a.matches('⛔').count() >= 8);
    assert!(replies(&a) == replies(&b), "the refusals changed the fight");
}
