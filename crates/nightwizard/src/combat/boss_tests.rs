//! Tests of the boss HP guidance (§13).
use super::expected_damage;
use crate::combat::model::{MDEF, PDEF};
use crate::test_table::{alice, bob, gm, Session as T};

#[test]
fn a_damage_rolls_expected_hp_damage_counts_only_positive_differences() {
    // §10.9 step 5: "HP Damage = Attacker Result − Defender Result, only if positive." Two 2D6
    // rolls at equal stats: half the mean absolute difference of 2D6 − 2D6, 1778/1296.
    assert!((expected_damage(0, 0) - 1778.0 / 1296.0).abs() < 1e-12);
    assert_eq!(expected_damage(3, 3), expected_damage(0, 0));
    // E[max(0, x)] − E[max(0, −x)] = E[x]: five more attack is five more HP on average.
    assert!((expected_damage(5, 0) - expected_damage(0, 5) - 5.0).abs() < 1e-12);
}

fn suggested(text: &str) -> i64 {
    let at = text.find("**about ").expect("a suggestion") + "**about ".len();
    text[at..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a number")
}

#[test]
fn rule_nw_13_boss_hp_from_the_rounds_wanted_and_the_attack_defence_gap() {
    // §13: "choose HP from how many Rounds the fight should last and from the gap between PC
    // attack and boss defence"; "A 10-Round fight loses tension"; "If the boss's defence
    // exceeds the PCs' attack by 5 or more, the PCs can barely hurt it except through
    // Criticals and Fumbles."
    let mut t = T::with(&[(alice(), "Ayla"), (bob(), "Bolt")], 6);
    t.ok(
        &gm(),
        "nw enemy spawn",
        &[("name", "shade_swarm"), ("as", "Swarm")],
    );
    let e = t.err(&alice(), "nwenemy boss", &[("name", "Swarm")]);
    assert!(e.contains("only the GM"), "{e}");
    // A player acts in between.
    t.ok(&bob(), "game status", &[]);
    let ask = |t: &mut T, rounds: &str| -> String {
        let out = t.ok(
            &gm(),
            "nwenemy boss",
            &[("name", "Swarm"), ("rounds", rounds)],
        );
        assert_eq!(out.len(), 1);
        assert!(!out[0].is_public(), "told to the GM only");
        out[0].message.plain_text()
    };
    let three = ask(&mut t, "3");
    assert!(three.contains("Ayla") && three.contains("Bolt"), "{three}");
    assert!(three.contains("For a 3-Round fight"), "{three}");
    assert!(!three.contains("loses tension"), "{three}");
    let six = suggested(&ask(&mut t, "6"));
    let three = suggested(&three);
    assert!(
        three >= 1 && (six - 2 * three).abs() <= 1,
        "{three} then {six}"
    );
    assert!(ask(&mut t, "10").contains("a 10-Round fight loses tension"));
    // The data's entry, before it is spawned.
    let out = t.ok(&gm(), "nwenemy boss", &[("name", "Shade Swarm")]);
    assert!(out[0].message.plain_text().contains("the data's"));
    assert!(t
        .err(&gm(), "nwenemy boss", &[("name", "Nobody")])
        .contains("no enemy"));
    // Defences far above every attack: the party barely hurts it, and is told so.
    t.edit(|s| {
        let e = s.enemies.iter_mut().find(|e| e.label == "Swarm").unwrap();
        e.stats[PDEF] = 60;
        e.stats[MDEF] = 60;
    });
    let hard = ask(&mut t, "3");
    assert!(
        hard.contains("exceed the attack of Ayla, Bolt by 5 or more"),
        "{hard}"
    );
    assert!(suggested(&hard) < three, "{hard}");
}
