//! Night Wizard combat rounds through the console (issue #17, the round and the attack):
//! HP 0 mid-turn ends the Main Process while the other player goes on, death lasts through
//! the After phase into the next Episode, and a PC attacker's Prana on the damage roll is
//! offered before the defence roll, not after.

use std::path::Path;
use std::sync::Arc;

fn run(script: &str, seed: u64) -> String {
    let registry = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    croupier::console::transcript(registry, seed, 1_800_000_000, script).unwrap()
}

/// Two PCs and a Mob engaged with both, combat started.
const TABLE: &str = r#"
alice: /nw character new name:Ayla quick:true
bob: /nw character new name:Bolt quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
bob: /nw session join
bob: /nw session lock
gm: /nwenemy spawn name:shade_swarm hp:40
gm: /nwcombat start
gm: /nwcombat engage a:Ayla b:"Shade Swarm"
gm: /nwcombat engage a:Bolt b:"Shade Swarm"
"#;

/// The PCs in the order they act first: (player, name) of the first, then of the second.
fn first_two(out: &str) -> ((&'static str, &'static str), (&'static str, &'static str)) {
    let ayla = out.find("▶ Ayla (@alice)'s Main Process");
    let bolt = out.find("▶ Bolt (@bob)'s Main Process");
    let a = ("alice", "Ayla");
    let b = ("bob", "Bolt");
    match (ayla, bolt) {
        (Some(_), None) => (a, b),
        (None, Some(_)) => (b, a),
        (Some(x), Some(y)) if x < y => (a, b),
        (Some(_), Some(_)) => (b, a),
        (None, None) => panic!("no PC acts first:\n{out}"),
    }
}

/// What the console printed for the script's lines after `from` (the commands and replies).
fn after<'a>(out: &'a str, from: &str) -> &'a str {
    let at = out
        .rfind(from)
        .unwrap_or_else(|| panic!("`{from}` not in:\n{out}"));
    &out[at..]
}

#[test]
fn hp_0_mid_turn_ends_the_main_process_and_the_other_player_goes_on() {
    let seed = 3;
    let start = run(TABLE, seed);
    let ((p, name), (q, other)) = first_two(&start);
    let script = format!(
        "{TABLE}{p}: /nwcombat minor\n\
         gm: /nw session set player:{p} hp:0\n\
         {p}: /nwcombat attack target:\"Shade Swarm\"\n\
         {q}: /nwcombat minor\n\
         {p}: /nwcombat minor\n\
         {q}: /nwcombat pass\n"
    );
    let out = run(&script, seed);
    println!("{out}");
    assert!(
        out.contains(&format!("{name} takes a Minor Action.")),
        "{out}"
    );
    let set = after(&out, &format!("gm: /nw session set player:{p} hp:0"));
    assert!(
        set.contains(&format!("{name} is Incapacitated: the Main Process ends.")),
        "{set}"
    );
    assert!(
        set.contains(&format!("▶ {other} (@{q})'s Main Process")),
        "the Round moves on to {other}: {set}"
    );
    // The Incapacitated PC's attack and Minor Action are refused; the other player acts.
    let attack = after(&out, &format!("{p}: /nwcombat attack"));
    assert!(
        attack.contains(&format!(
            "⛔ it is not your turn: it is {other}'s Main Process."
        )),
        "{attack}"
    );
    assert!(
        out.contains(&format!("{other} takes a Minor Action.")),
        "{out}"
    );
    let minor = after(&out, &format!("{p}: /nwcombat minor"));
    assert!(minor.contains("⛔"), "{minor}");
    assert!(!out.contains(&format!("⚔️ {name} attacks")), "{out}");
    // After the other's turn the enemy acts, not the Incapacitated PC.
    let pass = after(&out, &format!("{q}: /nwcombat pass"));
    assert!(!pass.contains(&format!("▶ {name} (@{p})")), "{pass}");
}

/// The table, then Ayla set to HP 0 and attacked while Incapacitated (so Dead), the fight
/// ended and the phases run on to the After phase.
fn ayla_dies_and_the_after_phase_comes(seed: u64) -> String {
    let start = run(TABLE, seed);
    let ((p, _), (q, _)) = first_two(&start);
    format!(
        "{TABLE}gm: /nw session set player:alice hp:0\n\
         {p}: /nwcombat pass\n\
         {q}: /nwcombat pass\n\
         gm: /nwcombat attack target:Ayla\n\
         gm: /nwcombat end\n\
         gm: /nw phase next\n\
         gm: /nw phase next\n\
         gm: /nw phase next\n\
         gm: /nw phase next\n"
    )
}

#[test]
fn death_persists_through_the_after_phase_and_the_next_episode() {
    let seed = 3;
    let script = format!(
        "{}alice: /game status\n\
         gm: /nw phase next\n\
         bob: /game status\n",
        ayla_dies_and_the_after_phase_comes(seed)
    );
    let out = run(&script, seed);
    println!("{out}");
    assert!(
        out.contains("💀 Shade Swarm attacks Ayla, who is Incapacitated: Ayla is Dead."),
        "{out}"
    );
    let after_phase = after(&out, "→ **After Phase**");
    assert!(
        after_phase.contains("💀 Ayla is Dead: no recovery."),
        "{after_phase}"
    );
    let status = after(&out, "alice: /game status");
    assert!(status.contains("HP 0/"), "{status}");
    assert!(status.contains("💀 Dead"), "{status}");
    let next = after(&out, "bob: /game status");
    assert!(next.contains("Episode 2"), "{next}");
    let ayla = next
        .lines()
        .find(|l| l.contains("**Ayla**"))
        .unwrap_or_else(|| panic!("{next}"));
    assert!(ayla.contains("HP 0/") && ayla.contains("💀 Dead"), "{ayla}");
    let bolt = next.lines().find(|l| l.contains("**Bolt**")).unwrap();
    assert!(!bolt.contains("HP 0/") && !bolt.contains("Dead"), "{bolt}");
}

#[test]
fn damage_prana_is_offered_before_the_defence_roll_not_after() {
    // A seed where the first PC's attack hits.
    for seed in 1..40 {
        let start = run(TABLE, seed);
        let ((p, _), _) = first_two(&start);
        let script = format!(
            "{TABLE}{p}: /nwcombat attack target:\"Shade Swarm\"\n\
             gm: /nwcombat dodge\n\
             {p}: /nwcombat damage\n\
             {p}: /nw prana use:raise\n\
             {p}: /nwcombat damage\n\
             {p}: /nw prana use:raise\n\
             {p}: /nwcombat apply\n"
        );
        let out = run(&script, seed);
        let damage = after(&out, &format!("{p}: /nwcombat damage"));
        if !out.contains("a hit. Damage (PATK)") {
            continue;
        }
        println!("{out}");
        // The first `damage`: the damage roll and its Prana window, no defence roll yet.
        let first = &out[out.find(&format!("{p}: /nwcombat damage")).unwrap()..];
        let first = &first[..first.find(&format!("{p}: /nw prana")).unwrap()];
        assert!(first.contains("a hit. Damage (PATK): `"), "{first}");
        assert!(first.contains("Prana on the damage roll"), "{first}");
        assert!(!first.contains("PDEF"), "no defence roll yet: {first}");
        assert!(first.contains("[Defence roll]"), "{first}");
        // The Prana raises the damage roll while the defence is still unrolled.
        let raise = &out[out.find(&format!("{p}: /nw prana use:raise")).unwrap()..];
        let raise = &raise[..raise.find("/nwcombat damage").unwrap_or(raise.len())];
        assert!(!raise.contains('⛔'), "{raise}");
        assert!(raise.contains("raise +"), "{raise}");
        // The second `damage`: the defence roll against the raised damage.
        assert!(damage.contains("PDEF"), "{damage}");
        assert!(
            damage.contains("raise +"),
            "the raised damage roll counts: {damage}"
        );
        assert!(damage.contains("HP Damage"), "{damage}");
        assert!(!damage.contains("Prana on the damage roll"), "{damage}");
        // No Prana on the damage roll after the defence: the second raise is refused.
        let late = after(&out, &format!("{p}: /nw prana use:raise"));
        assert!(late.contains('⛔'), "{late}");
        assert!(out.contains("Shade Swarm loses"), "{out}");
        return;
    }
    panic!("no seed in 1..40 gives a hit");
}

#[test]
fn a_dead_character_stays_dead_on_the_server_and_joins_no_later_session() {
    // §10.10: death is final. The After phase writes it on the server's character, so
    // leaving and joining again (or joining any later session) cannot bring it back, while
    // the living player goes on.
    let seed = 3;
    let script = format!(
        "{}alice: /nw session leave\n\
         bob: /nw session leave\n\
         bob: /nw session join\n\
         alice: /nw session join\n",
        ayla_dies_and_the_after_phase_comes(seed)
    );
    let out = run(&script, seed);
    assert!(
        out.contains("💀 Shade Swarm attacks Ayla, who is Incapacitated: Ayla is Dead."),
        "{out}"
    );
    let rejoin = after(&out, "alice: /nw session join");
    assert!(
        rejoin.contains("Ayla is Dead (§10.10: death is final) and joins no session"),
        "{rejoin}"
    );
    let bob = after(&out, "bob: /nw session join");
    let bob = &bob[..bob.find("alice: /nw session join").unwrap_or(bob.len())];
    assert!(bob.contains("@bob joins with Bolt"), "{bob}");
    assert!(!bob.contains("is Dead"), "{bob}");
}
