//! Tests of the roster: locks, level up, class change, OP spending, modifiers.

use super::super::super::data::{load, GROUP1};
use super::super::catalog_cmds::parse_mods;
use super::super::creation::quick;
use super::super::level_up::{auto_level, level_up};
use super::super::{Catalog, Character, Custom};
use super::*;

#[test]
fn holds_stored_by_lower_cased_name_are_keyed_again_by_the_names_key() {
    // Releases before issue #39 keyed a hold by the lower-cased name; a name with two spaces
    // or fullwidth letters now has another key, so a stored roster is keyed again on load.
    let moon = Place {
        channel: "moon".into(),
        session: Some(1),
    };
    let mut stored = serde_json::to_value(NwShared::default()).unwrap();
    stored["playing"] = serde_json::json!({ "alice/ａｙｕ  moon": moon });
    let sh: NwShared = serde_json::from_value(stored).unwrap();
    let alice = UserId::new("alice");
    assert_eq!(
        sh.playing.get("alice/ayu moon").map(|h| &h.place),
        Some(&moon)
    );
    assert_eq!(sh.playing[&character_key(&alice, "Ayu Moon")].place, moon);
    let sun = Place {
        channel: "sun".into(),
        session: Some(2),
    };
    assert!(
        sh.check_free(&alice, "AYU\u{a0}MOON", &sun).is_err(),
        "still held"
    );
}

#[test]
fn a_character_is_held_by_one_session_and_freed_when_it_leaves_or_the_session_ends() {
    let mut sh = NwShared::default();
    let alice = UserId::new("alice");
    let moon = Place {
        channel: "moon".into(),
        session: Some(1),
    };
    let sun = Place {
        channel: "sun".into(),
        session: Some(2),
    };
    sh.hold(&moon, &[(alice.clone(), "Ayu".into(), 0)]);
    let e = sh.check_free(&alice, "ayu", &sun).unwrap_err().0;
    assert!(
        e.starts_with("ayu is playing in the session in <#moon>"),
        "{e}"
    );
    assert!(
        sh.check_free(&alice, "Ayu", &moon).is_ok(),
        "rejoining refreshes"
    );
    // Another session's PCs never take over a held character.
    sh.hold(&sun, &[(alice.clone(), "Ayu".into(), 0)]);
    assert_eq!(sh.playing[&character_key(&alice, "Ayu")].place, moon);
    // Leaving (the session's PCs no longer include it) frees it; so does the end.
    sh.hold(&moon, &[]);
    assert!(sh.playing.is_empty());
    sh.hold(&moon, &[(alice.clone(), "Ayu".into(), 0)]);
    assert_eq!(sh.release(&sun), 0);
    assert_eq!(sh.release(&moon), 1);
    assert!(sh.check_free(&alice, "Ayu", &sun).is_ok());
}

#[test]
fn rule_6_level_up_adds_cl_skill_and_class_body_mind() {
    let data = load(&croupier_core::source_path("data")).unwrap();
    let custom = Custom::default();
    let cat = Catalog {
        data: &data,
        custom: &custom,
    };
    let mut c = quick_q(&cat);
    assert!(
        level_up(&mut c.clone(), Some("sturdy_frame"), None, &cat).is_err(),
        "needs the GM's allowance"
    );
    c.level_ups = 1;
    let before = c.derive(&cat);
    let mut next = c.clone();
    let said = level_up(&mut next, Some("warded_mind"), None, &cat)
        .unwrap()
        .text(croupier_core::i18n::Locale::En);
    assert!(said.contains("CL 1 → 2"));
    let after = next.derive(&cat);
    let class_body: i32 = c.classes.iter().map(|k| data.class(k).unwrap().body).sum();
    assert_eq!(after.body - before.body, class_body);
    assert_eq!(next.level_ups, 0);
}

#[test]
fn rule_7_class_change_swaps_combat_bonuses_and_gains_auto_skill() {
    let data = load(&croupier_core::source_path("data")).unwrap();
    let custom = Custom::default();
    let cat = Catalog {
        data: &data,
        custom: &custom,
    };
    let mut c = Character {
        name: "R".into(),
        owner: UserId::new("a"),
        classes: ["ninja".into(), "broomman".into()],
        attr_classes: None,
        cl: 1,
        elements: ["wind".into(), "light".into()],
        bonus_attr: 1,
        skills: vec![],
        bp: [0; 8],
        items: vec![],
        money: 0,
        op: 0,
        op_money: 0,
        level_ups: 1,
        connections: vec![],
        notes: String::new(),
        dead: false,
        uid: 0,
    };
    let attrs = c.derive(&cat).attrs;
    level_up(&mut c, None, Some((1, "magus")), &cat).unwrap();
    let v = c.derive(&cat);
    assert_eq!(v.attrs, attrs, "attributes do not change");
    assert_eq!(c.sl("spell_focus"), 1, "gains the new class's Auto skill");
    // Ninja + Magus at CL 2: Body = 8 + 13 + 2 x (3 + 1), Mind = 5 + 11 + 2 x (2 + 4).
    assert_eq!((v.body, v.mind), (29, 28));
    // MACC = 5 + Ninja 0 + Magus 2 + Spell Focus 1.
    assert_eq!(v.stats[2], 8);
}

#[test]
fn rule_5_step_2_quick_build_at_a_higher_starting_cl_levels_up_by_the_rules() {
    let data = load(&croupier_core::source_path("data")).unwrap();
    let custom = Custom::default();
    let cat = Catalog {
        data: &data,
        custom: &custom,
    };
    let mut rng = croupier_core::rng::seeded(11);
    let mut c = quick("Q", &UserId::new("a"), &cat, &mut rng).unwrap();
    c.level_ups = 5;
    auto_level(&mut c, &cat, &mut rng).unwrap();
    assert_eq!((c.cl, c.level_ups), (6, 0));
    assert!(c.bp_problem().is_none());
    // CL 6: group 1 has 3 BP, group 2 has 6; all spendable points are spent.
    let g1: i32 = GROUP1.iter().map(|i| c.bp[*i]).sum();
    let g2: i32 = super::super::super::data::GROUP2
        .iter()
        .map(|i| c.bp[*i])
        .sum();
    assert_eq!((g1, g2), (3, 6));
}

#[test]
fn rule_6_3_preserving_800k_and_150k_items_costs_5_op_and_50k_is_left() {
    // Through the table: the guild commands, a channel manager adding the items.
    let mut h = croupier_core::testkit::Harness::of::<crate::NightWizard>(2);
    h.set_manager("gm", true);
    h.ok("alice: /nw character new name:A quick:true");
    for (name, price) in [("Big Charm", "800000"), ("Small Charm", "150000")] {
        h.ok(&format!(
            "gm: /nw item add name:{name} kind:accessory price:{price}"
        ));
    }
    h.edit_shared::<NwShared>("nw", |s| s.characters[0].op = 6);
    h.ok("alice: /nw character op buy:Big Charm");
    h.ok("alice: /nw character op buy:Small Charm");
    let shared: NwShared = h.shared("nw");
    let c = &shared.characters[0];
    assert_eq!((c.op, c.op_money), (1, 50_000), "5 OP spent, 50k left over");
    assert!(c
        .items
        .iter()
        .filter(|i| i.id.ends_with("_charm"))
        .all(|i| i.preserved));
    h.err("alice: /nw character op buy:Big Charm");
}

#[test]
fn parse_mods_reads_both_forms() {
    let m = parse_mods("pacc=1, eva-1 patk+2").unwrap();
    assert_eq!(m.get("pacc"), Some(&1));
    assert_eq!(m.get("eva"), Some(&-1));
    assert_eq!(m.get("patk"), Some(&2));
    assert!(parse_mods("pacc").is_err());
}

#[test]
fn rule_6_2_a_level_up_without_skill_lists_the_skills_it_may_take() {
    // `/nw character levelup` with no `skill:` used to say only "name the new skill"; it now
    // lists the skills this level up may take, each checked as if it were named.
    let data = load(&croupier_core::source_path("data")).unwrap();
    let custom = Custom::default();
    let cat = Catalog {
        data: &data,
        custom: &custom,
    };
    let mut c = quick_q(&cat);
    c.level_ups = 1;
    let before = c.clone();
    let e = level_up(&mut c, None, None, &cat).unwrap_err().0;
    assert_eq!(c, before, "a refusal changes nothing");
    assert!(e.contains("You may take: "), "{e}");
    assert!(e.contains("(`warded_mind`)"), "{e}");
    // Every skill listed is one the level up takes; a Trait (creation only) is not listed.
    for s in cat.skills() {
        let listed = e.contains(&format!("(`{}`)", s.id));
        let takes = level_up(&mut c.clone(), Some(&s.id), None, &cat).is_ok();
        if !takes {
            assert!(!listed, "{} is listed but refused", s.id);
        }
    }
}

/// The quick character `Q` of player `a` on seed 3 (the level-up tests' character).
fn quick_q(cat: &Catalog) -> Character {
    quick(
        "Q",
        &UserId::new("a"),
        cat,
        &mut croupier_core::rng::seeded(3),
    )
    .unwrap()
}
