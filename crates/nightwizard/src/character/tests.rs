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
        uid: 0,
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
        no_stack: false,
        maou: false,
        category: String::new(),
        range_marked: false,
        ..ItemDef::default()
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

fn armour(id: &str, kind: &str, slot: &str, stat: &str, v: i32) -> ItemDef {
    ItemDef {
        id: id.into(),
        name: id.replace('_', " "),
        kind: kind.into(),
        slot: slot.into(),
        weight: 0,
        memory: 0,
        price: 0,
        range: String::new(),
        mods: BTreeMap::from([(stat.to_string(), v)]),
        effect: String::new(),
        no_stack: false,
        maou: false,
        category: String::new(),
        range_marked: false,
        ..ItemDef::default()
    }
}

fn wearing(c: &Character, ids: &[&str], equipped: bool) -> Character {
    let mut c = c.clone();
    for id in ids {
        c.items.push(OwnedItem {
            id: (*id).into(),
            equipped,
            preserved: false,
        });
    }
    c
}

#[test]
fn rule_14_5_doesnt_stack_armour_leaves_only_hand_and_clothes_armour_counting() {
    // §14.5: "except for One Hand, Two Hand and Clothes slot items, do not add armor values to
    // your combat stats if you are wearing such an item". The issue's table: Plate 5 + Iron Cap
    // 2 + Coat 1 gave PDEF +8; with the Plate "Doesn't Stack", the Cap counts for nothing.
    let d = data();
    let mut custom = Custom::default();
    let mut plate = armour("plate", "armor", "upper", "pdef", 5);
    plate.no_stack = true;
    custom.items.push(plate);
    custom
        .items
        .push(armour("iron_cap", "armor", "head", "pdef", 2));
    custom
        .items
        .push(armour("coat", "armor", "clothes", "pdef", 1));
    custom
        .items
        .push(armour("buckler", "armor", "one_hand", "pdef", 3));
    let cat = Catalog {
        data: &d,
        custom: &custom,
    };
    let bare = robonin().derive(&cat).stats[5];
    let all = ["plate", "iron_cap", "coat", "buckler"];
    let worn = wearing(&robonin(), &all, true).derive(&cat).stats[5];
    assert_eq!(worn - bare, 5 + 1 + 3, "the Iron Cap's +2 does not count");
    // Without the Plate the Cap counts again.
    let worn = wearing(&robonin(), &all[1..], true).derive(&cat).stats[5];
    assert_eq!(worn - bare, 2 + 1 + 3);
}

#[test]
fn rule_14_1_a_slotless_item_gives_its_modifiers_from_the_inventory() {
    // §14.1: "An item with no Slot gives its modifiers only while it is in the Inventory (the
    // Lunar Robe)"; "only equipped items count towards the Weight limit".
    let d = data();
    let mut custom = Custom::default();
    let mut charm = armour("lucky_charm", "tool", "none", "spd", 2);
    charm.weight = 3;
    custom.items.push(charm);
    custom
        .items
        .push(armour("spare_vest", "armor", "upper", "pdef", 4));
    let cat = Catalog {
        data: &d,
        custom: &custom,
    };
    let bare = robonin().derive(&cat);
    let carried = wearing(&robonin(), &["lucky_charm", "spare_vest"], false).derive(&cat);
    assert_eq!(
        carried.stats[7] - bare.stats[7],
        2,
        "SPD +2 from the Inventory"
    );
    assert_eq!(
        carried.stats[5], bare.stats[5],
        "armour in the Robe gives nothing"
    );
    assert_eq!(
        carried.weight, bare.weight,
        "nothing equipped, nothing weighs"
    );
}

#[test]
fn rule_14_7_only_one_maou_enchantment_and_any_number_of_accessories() {
    // §14.7: "Only one Maou Enchantment may be equipped"; §14.5 sets no number of accessories.
    let d = data();
    let mut custom = Custom::default();
    for id in ["maou_a", "maou_b"] {
        let mut m = armour(id, "enchantment", "one_hand", "matk", 2);
        m.maou = true;
        custom.items.push(m);
    }
    custom
        .items
        .push(armour("ring", "accessory", "accessory", "macc", 1));
    custom
        .items
        .push(armour("brooch", "accessory", "accessory", "eva", 1));
    let cat = Catalog {
        data: &d,
        custom: &custom,
    };
    let two = wearing(&robonin(), &["maou_a", "maou_b"], true);
    let p = two.equipment_problem(&cat).expect("refused");
    assert!(p.contains("only one may be equipped (§14.7)"), "{p}");
    let one = wearing(&robonin(), &["maou_a", "ring", "brooch"], true);
    assert_eq!(one.equipment_problem(&cat), None);
    assert!(crate::data::item_problems(&ItemDef {
        maou: true,
        ..armour("x", "weapon", "one_hand", "patk", 1)
    })
    .iter()
    .any(|p| p.contains("`maou`")));
}

#[test]
fn rule_nw_15_5_check_data_names_a_weapon_without_category_a_bad_restrict_and_a_misplaced_mark() {
    // §15.5 Restrict "-- Use": "the named class or category of weapon must be the one used";
    // §14.3: the mark makes a Range "Short range only". The loader (and `croupier check-data`)
    // names each problem.
    // A weapon without a category still loads (a group's own data from before categories), and
    // check-data names it: no "X Use" accepts it.
    let mut d = data();
    assert_eq!(crate::data::uncategorised(&d), Vec::<String>::new());
    let weapon = armour("blade_x", "weapon", "one_hand", "patk", 1);
    assert_eq!(crate::data::item_problems(&weapon), Vec::<String>::new());
    d.items.push(weapon.clone());
    assert_eq!(
        crate::data::uncategorised(&d),
        vec!["weapon `blade_x` (blade x)".to_string()]
    );
    let marked = ItemDef {
        category: "Blade".into(),
        range: "Close".into(),
        range_marked: true,
        ..weapon.clone()
    };
    let p = crate::data::item_problems(&marked);
    assert!(
        p.iter().any(|p| p.contains("field `range_marked`")),
        "{p:?}"
    );
    let fine = ItemDef {
        range: "Short".into(),
        ..marked
    };
    assert_eq!(crate::data::item_problems(&fine), Vec::<String>::new());
    let mut k = d.skills[0].clone();
    k.restrict = "Once a day".into();
    let p = crate::data::skill_problems(&k, &d.classes);
    assert!(
        p.iter()
            .any(|p| p.contains("field `restrict`: `Once a day` is not `X Use`")),
        "{p:?}"
    );
}
