//! Tests of the session core: joining, Critical/Fumble values, Judges, Prana, phases.

use super::*;
use crate::judge::Cf;
use croupier_core::table::Command;

fn gm() -> Actor {
    Actor {
        manager: true,
        ..Actor::player("gm", "gm")
    }
}

fn setup() -> Session {
    let mut t = Session::with(&[], 5);
    t.ok(
        &Actor::player("alice", "alice"),
        "nw character new",
        &[("name", "Ayu"), ("quick", "true")],
    );
    t
}

use super::super::test_table::{act, Session};

#[test]
fn a_manager_rolls_as_the_gm_unless_they_play_a_pc_here() {
    // The one GM rule (`is_gm`) counts managers; the Judge's copy used to ignore them.
    let mut t = setup();
    let judge = || Command::new("nw judge").with("stat", "none");
    let mod_ = Actor {
        manager: true,
        ..Actor::player("mod", "mod")
    };
    act(&mut t, &mod_, judge()).unwrap();
    assert_eq!(t.s.open.last().unwrap().who, "GM");
    // A manager who plays a PC here rolls as that PC.
    let alice = Actor {
        manager: true,
        ..Actor::player("alice", "alice")
    };
    act(&mut t, &alice, Command::new("nw session join")).unwrap();
    act(&mut t, &alice, judge()).unwrap();
    assert_eq!(t.s.open.last().unwrap().who, "Ayu");
    // Anyone else needs a PC.
    let bob = Actor::player("bob", "bob");
    let e = act(&mut t, &bob, judge()).unwrap_err();
    assert!(e.0.contains("join with a character first"), "{e:?}");
}

#[test]
fn rule_3_1_cf_mod_points_shift_values_and_then_lock() {
    let mut t = setup();
    let alice = Actor::player("alice", "alice");
    act(&mut t, &alice, Command::new("nw session join")).unwrap();
    let p = t.s.pcs[0].clone();
    let cfmod = p.ch.derive(&t.s.cat(&t.data)).cf_mod;
    assert_eq!(p.cf_points, cfmod);
    let cf = p.cf.unwrap();
    assert_ne!(cf.critical, cf.fumble);
    let dir = if cf.critical < 7 { "+1" } else { "-1" };
    let r = act(
        &mut t,
        &alice,
        Command::new("nw session cf")
            .with("value", "critical")
            .with("by", dir),
    );
    if cfmod > 0 && (cf.critical as i32 + if dir == "+1" { 1 } else { -1 }) != cf.fumble as i32 {
        r.unwrap();
        assert_eq!(t.s.pcs[0].cf_points, cfmod - 1);
    }
    act(&mut t, &alice, Command::new("nw session lock")).unwrap();
    assert!(act(
        &mut t,
        &alice,
        Command::new("nw session cf")
            .with("value", "fumble")
            .with("by", "+1")
    )
    .is_err());
}

#[test]
fn rule_18_cf_vector_6_and_10_with_cf_mod_2_become_7_11_or_6_12() {
    for (moves, want) in [
        (
            [("critical", "+1"), ("fumble", "+1")],
            Cf {
                critical: 7,
                fumble: 11,
            },
        ),
        (
            [("fumble", "+1"), ("fumble", "+1")],
            Cf {
                critical: 6,
                fumble: 12,
            },
        ),
    ] {
        let mut t = setup();
        let alice = Actor::player("alice", "alice");
        act(&mut t, &alice, Command::new("nw session join")).unwrap();
        t.edit(|s| {
            s.pcs[0].cf = Some(Cf {
                critical: 6,
                fumble: 10,
            })
        });
        t.edit(|s| s.pcs[0].cf_points = 2);
        for (v, by) in moves {
            act(
                &mut t,
                &alice,
                Command::new("nw session cf")
                    .with("value", v)
                    .with("by", by),
            )
            .unwrap();
        }
        assert_eq!(t.s.pcs[0].cf, Some(want));
        assert!(
            act(
                &mut t,
                &alice,
                Command::new("nw session cf")
                    .with("value", "critical")
                    .with("by", "+1")
            )
            .is_err(),
            "no points left"
        );
    }
}

#[test]
fn rule_3_1_cf_shift_cannot_make_values_equal_or_leave_2_to_12() {
    let mut t = setup();
    let alice = Actor::player("alice", "alice");
    act(&mut t, &alice, Command::new("nw session join")).unwrap();
    t.edit(|s| {
        s.pcs[0].cf = Some(Cf {
            critical: 7,
            fumble: 8,
        })
    });
    t.edit(|s| s.pcs[0].cf_points = 2);
    let e = act(
        &mut t,
        &alice,
        Command::new("nw session cf")
            .with("value", "critical")
            .with("by", "+1"),
    )
    .unwrap_err();
    assert!(e.0.contains("equal"));
    t.edit(|s| {
        s.pcs[0].cf = Some(Cf {
            critical: 7,
            fumble: 12,
        })
    });
    let e = act(
        &mut t,
        &alice,
        Command::new("nw session cf")
            .with("value", "fumble")
            .with("by", "+1"),
    )
    .unwrap_err();
    assert!(e.0.contains("2 and 12"));
}

#[test]
fn rule_4_prana_limits_on_judges_and_costs() {
    let mut t = setup();
    let alice = Actor::player("alice", "alice");
    act(&mut t, &alice, Command::new("nw session join")).unwrap();
    let max = t.s.pcs[0].prana;
    assert!(
        act(
            &mut t,
            &alice,
            Command::new("nw prana").with("use", "reroll")
        )
        .is_err(),
        "no open Judge"
    );
    act(
        &mut t,
        &alice,
        Command::new("nw judge")
            .with("stat", "pacc")
            .with("difficulty", "10"),
    )
    .unwrap();
    assert!(t.s.pcs[0].cf_locked, "the first Judge locks the values");
    act(
        &mut t,
        &alice,
        Command::new("nw prana")
            .with("use", "raise")
            .with("amount", "1"),
    )
    .unwrap();
    assert_eq!(t.s.pcs[0].prana, max - 1);
    let e = act(
        &mut t,
        &alice,
        Command::new("nw prana")
            .with("use", "cost")
            .with("amount", "20"),
    )
    .unwrap_err();
    assert!(e.0.contains("below 0"));
    // Avoid Incapacitated: only at HP 0, 2 Prana, once per Scene.
    assert!(act(
        &mut t,
        &alice,
        Command::new("nw prana").with("use", "avoid")
    )
    .is_err());
    act(
        &mut t,
        &gm(),
        Command::new("nw session set")
            .with("player", "alice")
            .with("hp", "0"),
    )
    .unwrap();
    act(
        &mut t,
        &alice,
        Command::new("nw prana").with("use", "avoid"),
    )
    .unwrap();
    assert_eq!((t.s.pcs[0].hp, t.s.pcs[0].prana), (1, max - 3));
    act(
        &mut t,
        &gm(),
        Command::new("nw session set")
            .with("player", "alice")
            .with("hp", "0"),
    )
    .unwrap();
    assert!(act(
        &mut t,
        &alice,
        Command::new("nw prana").with("use", "avoid")
    )
    .unwrap_err()
    .0
    .contains("once per Scene"));
    // Logic: see core_tests::rule_nw_4_2_logic_needs_the_casket_and_shakes_it_off.
}

#[test]
fn judge_preview_shows_the_chance_and_changes_nothing() {
    let mut t = setup();
    let alice = Actor::player("alice", "alice");
    act(&mut t, &alice, Command::new("nw session join")).unwrap();
    let before = t.s.clone();
    let out = act(
        &mut t,
        &alice,
        Command::new("nw judge")
            .with("stat", "luck")
            .with("difficulty", "9")
            .with("preview", "true"),
    )
    .unwrap();
    assert_eq!(t.s, before);
    let m = &out[0].message;
    assert!(m.body.contains("Chance of success:"));
    assert_eq!(m.buttons[0].command, "/nw judge difficulty:9 stat:luck");
}

#[test]
fn rule_3_2_gm_values_are_10_and_5() {
    let mut t = setup();
    act(
        &mut t,
        &gm(),
        Command::new("nw judge")
            .with("stat", "none")
            .with("modifier", "6"),
    )
    .unwrap();
    assert_eq!(
        t.s.open[0].judge.cf,
        Cf {
            critical: 10,
            fumble: 5
        }
    );
    assert!(act(&mut t, &gm(), Command::new("nw judge").with("stat", "pacc")).is_err());
}

#[test]
fn rule_8_2_after_phase_resets_and_grants_op_and_a_level_up() {
    let mut t = setup();
    let alice = Actor::player("alice", "alice");
    act(&mut t, &alice, Command::new("nw session join")).unwrap();
    act(
        &mut t,
        &gm(),
        Command::new("nw session set")
            .with("player", "alice")
            .with("hp", "3")
            .with("status", "poison:3"),
    )
    .unwrap();
    act(
        &mut t,
        &gm(),
        Command::new("nw session set")
            .with("player", "alice")
            .with("status", "poison:2"),
    )
    .unwrap();
    assert_eq!(
        t.s.pcs[0].bad,
        vec![("Poison".to_string(), 5)],
        "Poison (3) + (2) = (5)"
    );
    assert!(act(&mut t, &alice, Command::new("nw phase next")).is_err());
    for _ in 0..4 {
        act(&mut t, &gm(), Command::new("nw phase next").with("op", "7")).unwrap();
    }
    assert_eq!(t.s.phase, Phase::After);
    let body = t.s.pcs[0].ch.derive(&t.s.cat(&t.data)).body;
    assert_eq!(t.s.pcs[0].hp, body);
    assert!(t.s.pcs[0].bad.is_empty());
    assert_eq!(t.shared.characters[0].op, 7);
    assert_eq!(t.shared.characters[0].level_ups, 1);
}

#[test]
fn rule_8_2_the_gm_may_withhold_the_level_up_and_is_told_of_an_award_outside_5_to_10_op() {
    // §8.2 (digest step 3): "The GM gives each player 5–10 OP, then everyone levels up if the
    // GM allows." The bot granted the level up always and took any award silently.
    let mut t = setup();
    let alice = Actor::player("alice", "alice");
    act(&mut t, &alice, Command::new("nw session join")).unwrap();
    for _ in 0..3 {
        act(&mut t, &gm(), Command::new("nw phase next")).unwrap();
    }
    // A player's try in between changes nothing.
    assert!(act(
        &mut t,
        &alice,
        Command::new("nw phase next").with("levelup", "true")
    )
    .is_err());
    let r = act(
        &mut t,
        &gm(),
        Command::new("nw phase next")
            .with("op", "12")
            .with("levelup", "false"),
    )
    .unwrap();
    let text: String = r.iter().map(|r| r.message.plain_text()).collect();
    assert_eq!(t.s.phase, Phase::After);
    assert!(
        text.contains("Ayu: +12 OP (now 12), no level up this time (the GM's choice)"),
        "{text}"
    );
    assert!(
        text.contains("⚠️ 12 OP is outside the rulebook's award of 5–10 OP per Scenario (§8.2)"),
        "{text}"
    );
    assert!(!text.contains("Level up with"), "{text}");
    assert_eq!(t.shared.characters[0].op, 12);
    assert_eq!(t.shared.characters[0].level_ups, 0);
    assert_eq!(t.s.pcs[0].ch.level_ups, 0);
}

#[test]
fn rule_nw_10_10_a_dead_pc_rolls_nothing_and_cannot_come_back_by_leaving() {
    // §10.10 "death is final": a Dead PC takes no more actions, and leaving and joining again
    // does not bring it back (it used to come back alive, with Prana buttons on its Judges).
    use super::super::test_table::{alice, bob};
    let mut t = Session::with(&[(alice(), "Ayla"), (bob(), "Bolt")], 5);
    t.edit(|s| {
        let p = &mut s.pcs[0];
        p.hp = 0;
        p.dead = true;
        p.prana = 5;
    });
    let judge = [("stat", "none"), ("difficulty", "8")];
    let e = t.err(&alice(), "nw judge", &judge);
    assert!(e.contains("Ayla is Dead (§10.10"), "{e}");
    let e = t.err(&alice(), "nw prana", &[("use", "avoid")]);
    assert!(e.contains("Ayla is Dead"), "{e}");
    // Bob, alive, rolls in between.
    t.ok(&bob(), "nw judge", &judge);
    // Ayla's player leaves; the same character cannot join again.
    t.ok(&alice(), "nw session leave", &[]);
    let e = t.err(&alice(), "nw session join", &[("character", "Ayla")]);
    assert!(
        e.contains("Ayla is Dead (§10.10: death is final) and joins no session"),
        "{e}"
    );
    assert!(t.s.pcs.iter().all(|p| p.ch.name != "Ayla"));
}
