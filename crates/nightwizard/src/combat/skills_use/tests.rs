//! Skill and item use: Costs, Timings, bad statuses that forbid or follow a use (§10.4, §10.10, §10.12, §15.5).

use super::super::super::character::OwnedItem;
use super::super::super::test_table::actions::*;
use super::super::{CombatAction, Used};
use super::*;

#[test]
fn costs_timings_and_effect_numbers_are_read_from_the_text() {
    assert_eq!(sl_value("SL x 2", 3), Some(6));
    assert_eq!(sl_value("2*SL", 2), Some(4));
    assert_eq!(sl_value("SL + 1", 2), Some(3));
    assert_eq!(sl_value("five", 2), None);
    assert_eq!(
        parse_cost("MP 3, BS: Rigor", 1),
        vec![CostPart::Mp(3), CostPart::Bad("Rigor".into(), 0)]
    );
    assert_eq!(
        parse_cost("HP SL x 2; Prana 1; BS: Poison (2)", 2),
        vec![
            CostPart::Hp(4),
            CostPart::Prana(1),
            CostPart::Bad("Poison".into(), 2)
        ]
    );
    assert_eq!(parse_cost("-", 1), vec![]);
    assert_eq!(
        parse_cost("a lock of hair", 1),
        vec![CostPart::Other("a lock of hair".into())]
    );
    assert_eq!(
        recovery_in(
            "Patch up an ally: they make a Recovery Judge (Recovery: SL x 2) for HP.",
            3
        ),
        Some((6, false))
    );
    assert_eq!(
        recovery_in(
            "Consumable. Minor Action: Recovery Judge (Recovery: 5) for MP.",
            1
        ),
        Some((5, true))
    );
    assert_eq!(Timing::parse("Setup Process"), Timing::Setup);
    assert_eq!(Timing::parse("Major Action"), Timing::Major);
    assert_eq!(Timing::parse("Damage Roll"), Timing::Other);
    assert_eq!(
        Timing::of_item("Consumable. Minor Action: Recovery Judge (Recovery: 5) for HP."),
        Some(Timing::Minor)
    );
    assert_eq!(Timing::of_item("A plain, reliable blade."), None);
}

#[test]
fn rule_nw_10_10_hp_cost_5_refused_at_4_hp() {
    // "Costs must be payable in full … with 4 HP left you cannot use a skill that costs
    // 5 HP"; "HP: not allowed if it would leave you below 1 HP".
    let (data, mut s) = fighting();
    give_skill(
        &mut s,
        "alice",
        "blood_price",
        "Minor Action",
        "HP 5",
        "Pay in blood.",
        1,
    );
    for hp in [4, 5] {
        s.pcs[0].hp = hp;
        let e = run(&mut s, &data, &alice(), use_("blood_price", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("at least 1 HP"), "{e}");
    }
    s.pcs[0].hp = 6;
    run(&mut s, &data, &alice(), use_("blood_price", None), vec![]).unwrap();
    assert_eq!(s.pcs[0].hp, 1);
    assert!(s.combat.as_ref().unwrap().used.minor);
}

#[test]
fn rule_nw_15_5_an_mp_cost_may_bring_mp_to_exactly_0() {
    // "MP: not allowed if it would take you below 0 MP" (HP >= 1, MP >= 0 reading).
    let (data, mut s) = fighting();
    give_skill(
        &mut s,
        "alice",
        "focus",
        "Minor Action",
        "MP 3",
        "Focus.",
        1,
    );
    s.pcs[0].mp = 2;
    assert!(run(&mut s, &data, &alice(), use_("focus", None), vec![]).is_err());
    s.pcs[0].mp = 3;
    run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap();
    assert_eq!(s.pcs[0].mp, 0);
}

#[test]
fn rule_nw_15_5_prana_cost_paid_and_never_below_0() {
    let (data, mut s) = fighting();
    give_skill(
        &mut s,
        "alice",
        "last_word",
        "Auto Action",
        "Prana 2",
        "Speak.",
        1,
    );
    s.pcs[0].prana = 1;
    assert!(run(&mut s, &data, &alice(), use_("last_word", None), vec![]).is_err());
    s.pcs[0].prana = 2;
    run(&mut s, &data, &alice(), use_("last_word", None), vec![]).unwrap();
    assert_eq!(s.pcs[0].prana, 0);
    // An Auto Action takes no action.
    assert_eq!(s.combat.as_ref().unwrap().used, Used::default());
}

#[test]
fn rule_nw_10_12_pressure_forbids_skills_and_items_until_a_minor_action_clears_it() {
    // BS: Pressure: "Cannot use skills or items." — "Spend a Minor Action to clear it."
    let (data, mut s) = fighting();
    give_skill(
        &mut s,
        "alice",
        "focus",
        "Major Action",
        "MP 1",
        "Focus.",
        1,
    );
    s.pcs[0].ch.items.push(OwnedItem {
        id: "healing_draught".into(),
        equipped: false,
        preserved: false,
    });
    s.pcs[0].bad = vec![("Pressure".into(), 0)].into();
    let e = run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap_err();
    assert!(e.to_string().contains("Pressure"));
    assert!(run(
        &mut s,
        &data,
        &alice(),
        item("healing_draught", None),
        vec![]
    )
    .is_err());
    run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap();
    assert!(s.pcs[0].bad.is_empty());
    run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap();
}

#[test]
fn rule_nw_10_4_a_major_action_skill_ends_the_main_process_and_no_second_major() {
    // "Taking the Major Action ends the Main Process at once."
    let (data, mut s) = fighting();
    give_skill(
        &mut s,
        "alice",
        "focus",
        "Major Action",
        "MP 1",
        "Focus.",
        1,
    );
    give_skill(
        &mut s,
        "alice",
        "quick_hand",
        "Minor Action",
        "-",
        "Quick.",
        1,
    );
    run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap();
    let c = s.combat.as_ref().unwrap();
    let f = c.fighters.iter().find(|f| f.who == pc("alice")).unwrap();
    assert!(f.post && f.count == 0);
    assert_ne!(c.current, Some(pc("alice")));
    // After the Major: neither a second Major nor a Minor skill.
    assert!(run(&mut s, &data, &alice(), use_("focus", None), vec![]).is_err());
    assert!(run(&mut s, &data, &alice(), use_("quick_hand", None), vec![]).is_err());
    // Within one Main Process, a Minor skill after the Major is out of order too.
    set_turn(&mut s, pc("alice"));
    s.combat.as_mut().unwrap().used.major = true;
    let e = run(&mut s, &data, &alice(), use_("quick_hand", None), vec![]).unwrap_err();
    assert!(e.to_string().contains("Minor"), "{e}");
    let e = run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap_err();
    assert!(e.to_string().contains("already taken your Major"), "{e}");
}

#[test]
fn rule_nw_10_12_rigor_forbids_move_action_skills() {
    let (data, mut s) = fighting();
    give_skill(&mut s, "alice", "dash", "Move Action", "-", "Dash.", 1);
    s.pcs[0].bad = vec![("Rigor".into(), 0)].into();
    let e = run(&mut s, &data, &alice(), use_("dash", None), vec![]).unwrap_err();
    assert!(e.to_string().contains("Rigor"));
    s.pcs[0].bad.clear();
    run(&mut s, &data, &alice(), use_("dash", None), vec![]).unwrap();
    assert!(s.combat.as_ref().unwrap().used.moved);
    // One Move Action per Main Process.
    assert!(run(&mut s, &data, &alice(), use_("dash", None), vec![]).is_err());
}

#[test]
fn rule_nw_10_1_incapacitated_uses_only_timing_incapacitated() {
    // "They may use no actions or items except those with Timing: Incapacitated."
    let (data, mut s) = fighting();
    give_skill(&mut s, "alice", "focus", "Auto Action", "-", "Focus.", 1);
    give_skill(
        &mut s,
        "alice",
        "last_stand",
        "Incapacitated",
        "-",
        "Rise.",
        1,
    );
    assert!(run(&mut s, &data, &alice(), use_("last_stand", None), vec![]).is_err());
    s.pcs[0].hp = 0;
    let e = run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap_err();
    assert!(e.to_string().contains("Incapacitated"));
    run(&mut s, &data, &alice(), use_("last_stand", None), vec![]).unwrap();
}

#[test]
fn rule_nw_10_4_a_bad_status_paid_as_a_cost_lands_when_the_main_process_ends() {
    // "A Bad Status paid as a skill Cost during your Main Process takes effect only when
    // the Main Process ends."
    let (data, mut s) = fighting();
    give_skill(
        &mut s,
        "alice",
        "overdrive",
        "Minor Action",
        "MP 1, BS: Rigor",
        "Burn.",
        1,
    );
    give_skill(
        &mut s,
        "alice",
        "wince",
        "Reaction",
        "BS: Dazed",
        "Ouch.",
        1,
    );
    run(&mut s, &data, &alice(), use_("overdrive", None), vec![]).unwrap();
    assert!(s.pcs[0].bad.is_empty(), "not yet");
    let r = run(&mut s, &data, &alice(), CombatAction::Pass, vec![]).unwrap();
    assert!(text(&r).contains("receives BS: Rigor"), "{}", text(&r));
    assert!(s.pcs[0].bad.has(&"Rigor".into()));
    // Outside your own Main Process it lands at once.
    set_turn(&mut s, en("Swarm"));
    run(&mut s, &data, &alice(), use_("wince", None), vec![]).unwrap();
    assert!(s.pcs[0].bad.has(&"Dazed".into()));
}

#[test]
fn rule_nw_15_5_timing_major_only_in_your_own_main_process_constant_never() {
    let (data, mut s) = fighting();
    give_skill(&mut s, "bob", "focus", "Major Action", "-", "Focus.", 1);
    give_skill(&mut s, "bob", "guard", "Reaction", "MP 1", "Guard.", 1);
    s.pcs[1]
        .ch
        .skills
        .push(super::super::super::character::OwnedSkill {
            id: "sturdy_frame".into(),
            sl: 1,
        });
    let e = run(&mut s, &data, &bob(), use_("focus", None), vec![]).unwrap_err();
    assert!(e.to_string().contains("Ayla's"), "{e}");
    assert!(run(&mut s, &data, &bob(), use_("sturdy_frame", None), vec![]).is_err());
    // A skill Bob does not have.
    assert!(run(&mut s, &data, &bob(), use_("field_medic", None), vec![]).is_err());
    // A Reaction: any time, even out of turn.
    let mp = s.pcs[1].mp;
    run(&mut s, &data, &bob(), use_("guard", None), vec![]).unwrap();
    assert_eq!(s.pcs[1].mp, mp - 1);
}

#[test]
fn rule_nw_10_11_a_skill_with_a_recovery_value_rolls_the_recovery_judge() {
    // Field Medic: "Recovery Judge (Recovery: SL x 2) for HP", Major Action, MP 3.
    let (data, mut s) = fighting();
    s.pcs[0]
        .ch
        .skills
        .push(super::super::super::character::OwnedSkill {
            id: "field_medic".into(),
            sl: 2,
        });
    // Range: Close (§15.5): Bolt stands in Ayla's Engage (issue #36 checks the Range).
    combat(&mut s).engages.push(vec![pc("alice"), pc("bob")]);
    s.pcs[1].hp = 1;
    let mp = s.pcs[0].mp;
    let r = run(
        &mut s,
        &data,
        &alice(),
        use_("field_medic", Some("Bolt")),
        vec![3, 2],
    )
    .unwrap();
    assert_eq!(s.pcs[1].hp, 1 + 5 + 4, "{}", text(&r));
    assert_eq!(s.pcs[0].mp, mp - 3);
    assert!(text(&r).contains("Patch up an ally"));
}

#[test]
fn rule_nw_14_1_a_consumable_potion_is_a_minor_action_and_is_used_up() {
    let (data, mut s) = fighting();
    s.pcs[0].ch.items.push(OwnedItem {
        id: "healing_draught".into(),
        equipped: false,
        preserved: false,
    });
    s.pcs[0].hp = 2;
    run(
        &mut s,
        &data,
        &alice(),
        item("Healing Draught", None),
        vec![1, 2],
    )
    .unwrap();
    assert_eq!(s.pcs[0].hp, 2 + 3 + 5);
    assert!(s.pcs[0].ch.items.is_empty());
    assert!(s.combat.as_ref().unwrap().used.minor);
    // Gone: a second use is refused.
    set_turn(&mut s, pc("alice"));
    assert!(run(
        &mut s,
        &data,
        &alice(),
        item("healing_draught", None),
        vec![]
    )
    .is_err());
    // A weapon has nothing to use.
    s.pcs[0].ch.items.push(OwnedItem {
        id: "longsword".into(),
        equipped: true,
        preserved: false,
    });
    assert!(run(&mut s, &data, &alice(), item("longsword", None), vec![]).is_err());
}

#[test]
fn rule_nw_10_12_poison_and_paralysis_cured_by_an_item_that_cures_them() {
    let (data, mut s) = fighting();
    s.pcs[0].ch.items.push(OwnedItem {
        id: "antidote_salts".into(),
        equipped: false,
        preserved: false,
    });
    s.pcs[1].bad = vec![
        ("Poison".into(), 4),
        ("Paralysis".into(), 0),
        ("Dazed".into(), 0),
    ]
    .into();
    run(
        &mut s,
        &data,
        &alice(),
        item("antidote_salts", Some("Bolt")),
        vec![],
    )
    .unwrap();
    assert_eq!(s.pcs[1].bad, vec![("Dazed".to_string(), 0)]);
}

#[test]
fn rule_nw_10_12_paralysis_minus_5_to_dodge() {
    // BS: Paralysis: "−5 to the Result of Reactions (e.g. Dodge Checks)"; Dazed −5 to all.
    let (data, base) = fighting();
    let dodge_alter = |bad: Vec<(BadStatus, u32)>| {
        let mut s = base.clone();
        s.pcs[0].bad = bad.into();
        set_turn(&mut s, en("Swarm"));
        s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Attack {
                target: "Ayla".into(),
                magic: false,
            },
            vec![3, 3],
        )
        .unwrap();
        run(&mut s, &data, &alice(), CombatAction::Dodge, vec![3, 3]).unwrap();
        let a = s.combat.as_ref().unwrap().attack.clone().unwrap();
        a.dodge.unwrap().alter
    };
    let plain = dodge_alter(vec![]);
    assert_eq!(dodge_alter(vec![("Paralysis".into(), 0)]), plain - 5);
    assert_eq!(
        dodge_alter(vec![("Paralysis".into(), 0), ("Dazed".into(), 0)]),
        plain - 10
    );
}
