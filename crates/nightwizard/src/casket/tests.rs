//! Tests of `casket`.
use super::super::test_table::{alice, gm, Session as T};

fn table() -> T {
    T::with(&[(alice(), "Ayu")], 7)
}

#[test]
fn rule_nw_11_2_a_pc_who_deploys_is_the_ruler_and_may_remove_it() {
    let mut t = table();
    t.ok(&alice(), "nw casket deploy", &[]);
    assert_eq!(t.s.casket().unwrap().ruler, "Ayu");
    assert!(t
        .err(&alice(), "nw casket deploy", &[])
        .contains("already up"));
    t.ok(&alice(), "nw casket remove", &[]);
    assert!(t.s.casket().is_none());
}

#[test]
fn rule_nw_11_4_casket_ends_with_its_scene_unless_it_persists() {
    let mut t = table();
    // Scenes begin in the Opening Phase (§8.1).
    t.ok(&gm(), "nw phase next", &[]);
    t.ok(&gm(), "nw casket deploy", &[("ruler", "Lantern Emulator")]);
    assert_eq!(t.s.casket().unwrap().ruler, "Lantern Emulator");
    t.ok(&gm(), "nw phase scene", &[]);
    assert!(t.s.casket().is_none(), "the Scene ended");
    t.ok(&gm(), "nw casket deploy", &[("persist", "true")]);
    t.ok(&gm(), "nw phase scene", &[]);
    assert!(t.s.casket().is_some());
    assert!(t
        .err(&alice(), "nw casket deploy", &[("persist", "true")])
        .contains("only the GM"));
}

#[test]
fn rule_nw_11_4_no_removal_from_the_dive_through_the_climax() {
    let mut t = table();
    t.ok(
        &gm(),
        "nw fortress area",
        &[("name", "Door"), ("kind", "entrance")],
    );
    for _ in 0..2 {
        t.ok(&gm(), "nw phase next", &[]);
    }
    t.ok(&gm(), "nw casket deploy", &[("ruler", "Emulator")]);
    t.ok(&gm(), "nw fortress dive", &[]);
    assert!(
        t.s.casket().is_some(),
        "a Dive holds the Casket beyond its Scene"
    );
    let e = t.err(&gm(), "nw casket remove", &[]);
    assert!(e.contains("cannot be removed"), "{e}");
    t.ok(
        &gm(),
        "nw fortress condition",
        &[("what", "ruler_defeated")],
    );
    t.ok(&gm(), "nw fortress leave", &[]);
    // Still the Middle Phase of the Dive's episode, then the Climax: still locked.
    assert!(t
        .err(&gm(), "nw casket remove", &[])
        .contains("cannot be removed"));
    t.ok(&gm(), "nw phase next", &[]);
    assert!(t
        .err(&gm(), "nw casket remove", &[])
        .contains("cannot be removed"));
    // The GM may declare it removed (§12.1).
    t.ok(&gm(), "nw casket remove", &[("force", "true")]);
    assert!(t.s.fortress.casket.is_none());
}

#[test]
fn rule_nw_4_2_remove_lunar_logic_costs_1_prana_per_logic() {
    let mut t = table();
    t.ok(&gm(), "nw casket deploy", &[]);
    assert!(t
        .err(&alice(), "nw casket logic", &[("text", "No flying")])
        .contains("only the GM"));
    t.ok(&gm(), "nw casket logic", &[("text", "No flying")]);
    t.ok(
        &gm(),
        "nw casket logic",
        &[("text", "Fire spells cost double")],
    );
    let prana = t.s.pcs[0].prana;
    t.ok(&alice(), "nw casket shake", &[("logic", "1")]);
    assert_eq!(t.s.pcs[0].prana, prana - 1);
    assert!(t.s.ignores_logic(&alice().id, "No flying"));
    assert!(!t.s.ignores_logic(&alice().id, "Fire spells cost double"));
    assert!(t
        .err(&alice(), "nw casket shake", &[("logic", "no flying")])
        .contains("already"));
    assert!(t
        .err(&alice(), "nw casket shake", &[("logic", "9")])
        .contains("no Lunar Logic"));
    let list = t.ok(&alice(), "nw casket list", &[]);
    assert!(list[0].message.body.contains("No flying — ignored by Ayu"));
    t.edit(|s| s.pcs[0].prana = 0);
    assert!(t
        .err(&alice(), "nw casket shake", &[("logic", "2")])
        .contains("no Prana"));
}

#[test]
fn rule_nw_11_7_logic_ignored_until_the_scenario_ends_or_with_the_setting_the_session() {
    let mut t = table();
    t.ok(&gm(), "nw casket deploy", &[("persist", "true")]);
    t.ok(&gm(), "nw casket logic", &[("text", "No flying")]);
    t.ok(&alice(), "nw casket shake", &[("logic", "No flying")]);
    t.ok(&gm(), "nw session next", &[]);
    assert!(
        t.s.ignores_logic(&alice().id, "No flying"),
        "default: the Scenario"
    );
    assert!(t
        .err(&alice(), "nw casket settings", &[("lasts", "session")])
        .contains("only the GM"));
    t.ok(&gm(), "nw casket settings", &[("lasts", "session")]);
    assert!(
        !t.s.ignores_logic(&alice().id, "No flying"),
        "paid in an earlier session"
    );
    let prana = t.s.pcs[0].prana;
    t.ok(&alice(), "nw casket shake", &[("logic", "1")]);
    assert_eq!(t.s.pcs[0].prana, prana - 1);
    assert!(t.s.ignores_logic(&alice().id, "No flying"));
    // The After Phase ends the Scenario.
    t.ok(&gm(), "nw casket settings", &[("lasts", "scenario")]);
    for _ in 0..4 {
        t.ok(&gm(), "nw phase next", &[]);
    }
    assert!(!t.s.ignores_logic(&alice().id, "No flying"));
}
