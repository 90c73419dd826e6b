//! Rule tests of the character model and its derived values.

use super::super::data::load;
use super::derive::{attributes, group1_bp, group2_bp};
use super::*;
use std::collections::BTreeMap;

fn data() -> NwData {
    load(&croupier_core::source_path("data")).unwrap()
}

fn robonin() -> Character {
    Character {
        name: "RoboNin".into(),
        owner: UserId::new("alice"),
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
        level_ups: 0,
        connections: vec![],
        notes: String::new(),
        dead: false,
    }
}

#[test]
fn rule_4a_each_class_attributes_sum_to_18_except_recorder_17() {
    let d = data();
    assert_eq!(d.classes.len(), 31);
    for c in &d.classes {
        let sum: i32 = c.attrs.iter().sum();
        if c.id == "recorder" {
            assert_eq!(sum, 17);
            assert!(c.checksum_note.is_some());
        } else {
            assert_eq!(sum, 18, "{}", c.name);
        }
    }
}

#[test]
fn rule_6d_each_class_gives_6_combat_points_and_body_plus_mind_5() {
    let d = data();
    for c in &d.classes {
        let sum: i32 = c.combat.iter().sum();
        if c.id == "exorcist" {
            assert_eq!(sum, 5);
            assert!(c.checksum_note.is_some());
        } else {
            assert_eq!(sum, 6, "{}", c.name);
        }
        assert_eq!(c.body + c.mind, 5, "{}", c.name);
    }
}

#[test]
fn rule_4b_each_element_gives_3_attribute_points_and_body_plus_mind_12() {
    let d = data();
    assert_eq!(d.elements.len(), 7);
    for e in &d.elements {
        assert_eq!(e.attrs.iter().sum::<i32>(), 3, "{}", e.name);
        assert_eq!(e.body + e.mind, 12, "{}", e.name);
    }
}

#[test]
fn rule_2_3_difficulty_table() {
    let d = data();
    assert_eq!(d.difficulty_label(9), "Simple");
    assert_eq!(d.difficulty_label(10), "Ordinary");
    assert_eq!(d.difficulty_label(15), "Challenging");
    assert_eq!(d.difficulty_label(16), "Hard");
    assert_eq!(d.difficulty_label(30), "Expert");
    assert_eq!(d.difficulty_label(31), "Master");
    assert_eq!(d.rules.bad_status.len(), 5);
}

#[test]
fn rule_18_worked_example_robonin() {
    let d = data();
    let custom = Custom::default();
    let cat = Catalog {
        data: &d,
        custom: &custom,
    };
    let mut c = robonin();
    // Class attributes 8/8/7/4/4/5, elements 0/1/1/1/1/2, before bonus 8/9/8/5/5/7.
    let before = attributes(&c.class_ids(), &["wind", "light"], None, &d);
    assert_eq!(before, [8, 9, 8, 5, 5, 7]);
    let v = c.derive(&cat);
    assert_eq!(v.attrs, [8, 10, 8, 5, 5, 7]);
    assert_eq!(v.cf_mod, 2);
    assert_eq!(v.prana, 5);
    // Before class bonuses: PACC 9, EVA 9, MACC 5; SPD 13 by the written formula (the example's 15 conflicts).
    assert_eq!((v.base[0], v.base[1], v.base[2], v.base[7]), (9, 9, 5, 13));
    // PACC, EVA, MACC, PATK, MATK, PDEF, MDEF.
    assert_eq!(&v.stats[..7], &[11, 10, 5, 3, 2, 2, 0]);
    assert_eq!(v.stats[7], 15, "SPD 13 + 2");
    assert_eq!((v.body, v.mind), (27, 20));
    c.cl = 2;
    let v2 = c.derive(&cat);
    assert_eq!((v2.body, v2.mind), (33, 24));
    c.cl = 3;
    let v3 = c.derive(&cat);
    assert_eq!((v3.body, v3.mind), (39, 28));
}

#[test]
fn rule_14_2_weight_over_str_plus_cl_penalises_pacc_eva_macc() {
    let d = data();
    let mut custom = Custom::default();
    custom.items.push(ItemDef {
        id: "lead_coat".into(),
        name: "Lead Coat".into(),
        kind: "armor".into(),
        slot: "upper".into(),
        weight: 12,
        memory: 0,
        price: 0,
        range: String::new(),
        mods: BTreeMap::new(),
        effect: String::new(),
        effects: vec![],
    });
    let cat = Catalog {
        data: &d,
        custom: &custom,
    };
    let mut c = robonin();
    c.items.push(OwnedItem {
        id: "lead_coat".into(),
        equipped: true,
        preserved: true,
    });
    let v = c.derive(&cat);
    assert_eq!((v.weight, v.weight_limit, v.weight_penalty), (12, 9, 3));
    assert_eq!((v.stats[0], v.stats[1], v.stats[2]), (8, 7, 2));
}

#[test]
fn rule_6_2_bp_totals_and_per_stat_limits() {
    assert_eq!(group1_bp(1), (0, 1));
    assert_eq!(group2_bp(1), (1, 0));
    assert_eq!(group2_bp(2), (2, 1));
    assert_eq!(group1_bp(6), (3, 2));
    assert_eq!(group2_bp(6), (6, 3));
    let mut c = robonin();
    c.cl = 2;
    c.bp[3] = 1;
    c.bp[4] = 1;
    assert!(c.bp_problem().is_none());
    c.bp[4] = 0;
    c.bp[3] = 2;
    assert!(c.bp_problem().unwrap().contains("at most 1"));
}

#[test]
fn rule_14_weapon_patk_is_not_summed_and_two_hands_limit() {
    let d = data();
    let custom = Custom::default();
    let cat = Catalog {
        data: &d,
        custom: &custom,
    };
    let mut c = robonin();
    for id in ["longsword", "combat_knife"] {
        c.items.push(OwnedItem {
            id: id.into(),
            equipped: true,
            preserved: true,
        });
    }
    let v = c.derive(&cat);
    assert_eq!(v.stats[3], 3 + 4, "only the best weapon's PATK counts");
    assert_eq!(v.stats[0], 11 + 1, "other modifiers add");
    assert!(c.equipment_problem(&cat).is_none());
    c.items.push(OwnedItem {
        id: "greatsword".into(),
        equipped: true,
        preserved: true,
    });
    assert!(c.equipment_problem(&cat).is_some());
}
