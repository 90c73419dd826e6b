//! Night Wizard Fortresses through the console: the GM builds a small Fortress with a secret
//! Gate and a trap, the party dives, identifies and removes the trap, and reaches the Fortress
//! Core; the secret Gate and the trap's details never reach a block the players see.

use std::path::Path;
use std::sync::Arc;

fn run(script: &str, seed: u64) -> String {
    let registry = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    croupier::console::transcript(registry, seed, 1_800_000_000, script).unwrap()
}

/// The reply blocks a given audience sees (`everyone`, `gm only`, `alice only`).
fn blocks<'a>(out: &'a str, audience: &str) -> Vec<&'a str> {
    let tag = format!("→ {audience}]");
    out.split("\n[#")
        .filter(|b| b.lines().next().is_some_and(|l| l.contains(&tag)))
        .map(|b| b.split("\n>>>").next().unwrap_or(b))
        .collect()
}

const DIVE: &str = r#"
alice: /nw character new name:Ayla quick:true
bob: /nw character new name:Bolt quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
bob: /nw session join
bob: /nw session lock
carol: /nw character new name:Cato quick:true
gm: /nw phase next
gm: /nw phase next
gm: /nwcasket deploy ruler:"Lantern Emulator"
gm: /nwcasket logic text:"No one may fly"
bob: /nwcasket shake logic:1
gm: /nwfortress area name:Gatehouse kind:entrance desc:"A torii under a red moon."
gm: /nwfortress area name:Hall kind:normal
gm: /nwfortress area name:Needles kind:trap
gm: /nwfortress area name:Vault kind:object desc:"Hoard qwerty"
gm: /nwfortress area name:Core kind:core
alice: /nwfortress area name:Garden kind:normal
gm: /nwfortress gate from:Gatehouse to:Hall
gm: /nwfortress gate from:Hall to:Needles kind:oneway
gm: /nwfortress gate from:Hall to:Vault kind:secret
gm: /nwfortress gate from:Needles to:Core
gm: /nwfortress trap area:Needles detection:4 removal:15 effect:"Poison needles xyzzy" damage:2d6
gm: /nwfortress dive
alice: /nwfortress show
gm: /nwfortress show
alice: /nwfortress move to:Vault
alice: /nwfortress move to:Hall
alice: /nwfortress move to:Needles
bob: /nwfortress move to:Hall
bob: /nwfortress move to:Core
gm: /nwcasket remove
carol: /nw session join
carol: /nwfortress appear
carol: /nw prana use:raise
carol: /nwfortress resolve
gm: /nwfortress danger kind:trap by_hand:true
bob: /nwfortress sense
bob: /nwfortress resolve
alice: /nwfortress identify
alice: /nwfortress resolve
bob: /nwfortress remove
alice: /nwfortress remove
alice: /nw prana use:cancel
alice: /nw prana use:raise
alice: /nwfortress resolve
alice: /nwfortress leave
alice: /nwfortress move to:Core
gm: /nwfortress condition what:ruler_defeated
alice: /nwfortress show
alice: /nwfortress leave
"#;

#[test]
fn seeded_dive_identifies_and_removes_a_trap_and_reaches_the_core() {
    let out = run(DIVE, 3);
    println!("{out}");
    // Building is the GM's; the build goes only to the GM.
    assert!(out.contains(
        "⛔ only the GM (@gm) or someone who may manage this channel can use `/nwfortress area`."
    ));
    assert!(out.contains("🏰 Gate 3: Hall ⇄ Vault (SECRET, hidden)."));
    // The Dive: the party starts at the Entrance, one Area per Scene.
    assert!(out.contains("Ayla, Bolt enter the Fortress at Gatehouse (Scene 1)."));
    assert!(out.contains("The party passes from Gatehouse to **Hall** (Normal Area), Scene 2."));
    // Gates: an undiscovered Secret Gate is unknown, a One-Way Gate does not lead back, an
    // armed trap bars the way on.
    assert!(out.contains("⛔ no Gate you know of leads from Gatehouse to Vault."));
    assert!(out.contains("⛔ that One-Way Gate cannot be used to come back."));
    assert!(out.contains("⛔ the trap here must be beaten before the party goes on"));
    // The Casket cannot be removed during the Dive.
    assert!(out.contains("⛔ from the start of a Dive until the Climax Phase is over the Casket cannot be removed (§11)."));
    assert!(out.contains("Bolt spends 1 Prana: the Logic “No one may fly” no longer affects them"));
    // Appearance Check two Gates from the Entrance: Luck against 8 + 2 × 2 = 12; Prana raises it.
    assert!(out.contains("Alter 7 (Luck 7)"));
    assert!(out.contains("`(2D6+7) ＞ 2[1,1]+7 ＞ 9 ＞ failure`\nDifficulty 12 (Ordinary)"));
    assert!(out.contains("✨ Cato appears in the Scene (Appearance Check: 17 against 12)."));
    // Danger Sense against a trap: its Removal Value, told only to the GM.
    assert!(out.contains(
        "⚠️ Danger Sense (trap): awareness Judge, Difficulty 15 (hidden from the players)."
    ));
    assert!(out.contains("Bolt senses nothing amiss."));
    // Identification: Awareness against the hidden Detection Value; the details go to the
    // identifier only.
    assert!(out.contains("Alter 10 (Awareness 10)"));
    assert!(out.contains(
        "🔍 Ayla sees how the trap works and may try to remove it (Finesse, Removal Value 15)"
    ));
    assert!(blocks(&out, "alice only")
        .iter()
        .any(|b| b.contains("🪤 The trap: Poison needles xyzzy (2d6 HP). Removal Value 15.")));
    assert!(out.contains("⛔ identify the trap first"));
    // Removal: Finesse against 15; a Fumble would set it off, Cancel Fumble and Raise save it.
    assert!(out.contains("`(2D6+7) ＞ 4[3,1] fumble ＞ 7-10 ＞ 0 ＞ failure`"));
    assert!(
        out.contains("`(2D6+7) ＞ 4[3,1]+7 (fumble cancelled) ＞ raise +8[4,4] ＞ 19 ＞ success`")
    );
    assert!(out.contains("🔧 Ayla disarms the trap (19 against 15). The way on is clear."));
    assert!(!out.contains("The trap goes off"));
    // Retreat only on a condition; then the Core and out.
    assert!(out.contains("⛔ retreat from a Fortress is impossible until the Ruler is defeated"));
    assert!(out.contains("The party passes from Needles to **Core** (Fortress Core), Scene 4."));
    assert!(out.contains("📍 **Core** (Fortress Core)"));
    assert!(out.contains("🏰 The party leaves the Fortress (Scene 5)."));
    // Nothing secret in a block the table or another player sees.
    for audience in ["everyone", "bob only", "carol only"] {
        for b in blocks(&out, audience) {
            for secret in [
                "SECRET",
                "Vault ⇄",
                "⇄ Vault",
                "qwerty",
                "xyzzy",
                "Detection",
            ] {
                assert!(!b.contains(secret), "`{secret}` seen by {audience}: {b}");
            }
        }
    }
    for b in blocks(&out, "alice only") {
        for secret in ["SECRET", "Vault ⇄", "⇄ Vault", "qwerty", "Detection"] {
            assert!(!b.contains(secret), "`{secret}` seen by alice: {b}");
        }
    }
    assert!(blocks(&out, "gm only")
        .iter()
        .any(|b| b.contains("3. Hall ⇄ Vault (SECRET, hidden)")));
    assert!(!blocks(&out, "everyone").is_empty());
}

#[test]
fn game_status_shows_the_fortress_map_with_secrets_for_the_gm_only() {
    let upto = DIVE
        .find("alice: /nwfortress show")
        .expect("the script dives");
    let script = format!("{}bob: /game status\ngm: /game status\n", &DIVE[..upto]);
    let out = run(&script, 3);
    let status_of = |who: &str| {
        let at = out
            .find(&format!(">>> {who}: /game status"))
            .unwrap_or_else(|| panic!("{who}'s status in {out}"));
        &out[at..]
    };
    // Bob sees the public map and where the party is, and no secret Gate.
    let bob = status_of("bob");
    let bob = &bob[..bob.find(">>> gm: /game status").unwrap_or(bob.len())];
    assert!(bob.contains("🏰 Fortress map"), "{bob}");
    assert!(bob.contains("Ayla, Bolt in Gatehouse"), "{bob}");
    assert!(!bob.contains("SECRET"), "{bob}");
    // The GM also gets the map with the secret Gate, to the GM only.
    let gm = status_of("gm");
    assert!(gm.contains("3. Hall ⇄ Vault (SECRET, hidden)"), "{gm}");
    for b in blocks(&out, "everyone") {
        assert!(!b.contains("SECRET"), "{b}");
    }
}
