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

/// Every text `who` is shown by `/game status` and the tracker picture of their view.
fn seen_by(t: &mut T, who: &croupier_core::table::Actor) -> String {
    let mut out: Vec<String> = t
        .ok(who, "game status", &[])
        .iter()
        .map(|r| r.message.plain_text())
        .collect();
    let v = crate::view::view_model(&t.s, &t.data, &croupier_core::table::Viewer::user(&who.id));
    out.extend(
        crate::picture::tracker(&v, croupier_core::i18n::Locale::En)
            .texts()
            .into_iter()
            .map(str::to_string),
    );
    out.join("\n")
}

#[test]
fn rule_nw_11_5_a_hidden_casket_stays_hidden_from_the_players() {
    // §11 item 5: "Hidden Caskets raise no moon and cannot be located."
    let mut t = table();
    t.ok(&gm(), "nw phase next", &[]);
    let up = t.ok(
        &gm(),
        "nw casket deploy",
        &[("ruler", "Veiled Warden"), ("hidden", "true")],
    );
    assert!(up.iter().all(|r| !r.is_public()), "told to the GM only");
    let logic = t.ok(&gm(), "nw casket logic", &[("text", "Mirrors lie here")]);
    assert!(logic.iter().all(|r| !r.is_public()));
    // The player acts in between and sees nothing of it, in text or picture.
    let alice_sees = seen_by(&mut t, &alice());
    for secret in ["Veiled Warden", "Mirrors lie", "Lunar Casket of", "🌑"] {
        assert!(!alice_sees.contains(secret), "{secret}: {alice_sees}");
    }
    let gm_sees = seen_by(&mut t, &gm());
    assert!(
        gm_sees
            .contains("🌑 Lunar Casket of Veiled Warden · 1 Lunar Logic · hidden from the players"),
        "{gm_sees}"
    );
    // It cannot be located: listed, shaken off or removed by a player, it is not there.
    for (path, opts) in [
        ("nw casket list", vec![]),
        ("nw casket shake", vec![("logic", "1")]),
        ("nw casket remove", vec![]),
    ] {
        let e = t.err(&alice(), path, &opts);
        assert_eq!(e, "there is no Lunar Casket up.", "{path}");
    }
    // Nor does a second Casket rise over it; the refusal names no Ruler.
    let e = t.err(&alice(), "nw casket deploy", &[]);
    assert!(
        e.contains("does not rise here") && !e.contains("Veiled"),
        "{e}"
    );
    // A player cannot raise a hidden one.
    t.ok(&gm(), "nw casket remove", &[]);
    let e = t.err(&alice(), "nw casket deploy", &[("hidden", "true")]);
    assert!(e.contains("only the GM raises a hidden Casket"), "{e}");
}

#[test]
fn rule_nw_11_5_the_gm_reveals_a_hidden_casket() {
    let mut t = table();
    t.ok(&gm(), "nw phase next", &[]);
    t.ok(&gm(), "nw casket deploy", &[("hidden", "true")]);
    t.ok(&gm(), "nw casket logic", &[("text", "No flight here")]);
    t.ok(&alice(), "game status", &[]);
    let shown = t.ok(&gm(), "nw casket reveal", &[]);
    assert!(shown[0].is_public());
    assert!(shown[0]
        .message
        .plain_text()
        .contains("A Crimson Moon rises"));
    let list = t.ok(&alice(), "nw casket list", &[]);
    assert!(list[0].message.plain_text().contains("No flight here"));
    assert!(seen_by(&mut t, &alice()).contains("🌕 Lunar Casket of the Emulator · 1 Lunar Logic"));
    assert!(t.err(&gm(), "nw casket reveal", &[]).contains("not hidden"));
}

#[test]
fn rule_nw_12_2_a_casket_collapses_when_its_ruler_leaves_unless_a_core_keeps_it() {
    // §12.2: "A Casket normally collapses if its Ruler leaves. A placed Fortress Core keeps it
    // running without the Ruler."
    let bob = super::super::test_table::bob();
    let mut t = table();
    t.ok(&alice(), "nw casket deploy", &[]);
    t.ok(&bob, "game status", &[]);
    let out = t.ok(&alice(), "nw session leave", &[]);
    let text: String = out.iter().map(|r| r.message.plain_text()).collect();
    assert!(
        text.contains("Ayu's Lunar Casket collapses as its Ruler leaves"),
        "{text}"
    );
    assert!(t.s.casket().is_none());
    // With a Fortress Core in place, the Casket stands without its Ruler.
    let mut t = table();
    t.ok(
        &gm(),
        "nw fortress area",
        &[("name", "Heart"), ("kind", "core")],
    );
    t.ok(&alice(), "nw casket deploy", &[]);
    t.ok(&bob, "game status", &[]);
    let out = t.ok(&alice(), "nw session leave", &[]);
    let text: String = out.iter().map(|r| r.message.plain_text()).collect();
    assert!(
        text.contains("the Fortress Core keeps the Lunar Casket standing"),
        "{text}"
    );
    assert_eq!(t.s.casket().map(|c| c.ruler.as_str()), Some("Ayu"));
    // A Casket someone else rules is not touched when another PC leaves.
    let mut t = T::with(&[(alice(), "Ayu"), (bob.clone(), "Bo")], 7);
    t.ok(&alice(), "nw casket deploy", &[]);
    t.ok(&bob, "nw session leave", &[]);
    assert!(t.s.casket().is_some());
}
