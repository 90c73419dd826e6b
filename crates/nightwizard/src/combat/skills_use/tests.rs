//! Skill and item use: Costs, Timings, bad statuses that forbid or follow a use (§10.4, §10.10, §10.12, §15.5).

use super::super::super::character::OwnedItem;
use super::super::super::test_table::actions::*;
use super::super::{Used, EVA};
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
    assert_eq!(Timing::parse("Damage Roll"), Timing::DamageRoll);
    assert_eq!(Timing::parse("After Judge"), Timing::AfterJudge);
    assert_eq!(Timing::parse("[Thrown Blades]"), Timing::Other);
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
    let mut t = fighting();
    t.give_skill(
        "alice",
        "blood_price",
        "Minor Action",
        "HP 5",
        "Pay in blood.",
        1,
    );
    for hp in [4, 5] {
        t.s.pcs[0].hp = hp;
        let e = t
            .roll(&alice(), "/nwcombat use skill:blood_price", &[])
            .unwrap_err();
        assert!(e.to_string().contains("at least 1 HP"), "{e}");
    }
    t.s.pcs[0].hp = 6;
    t.roll(&alice(), "/nwcombat use skill:blood_price", &[])
        .unwrap();
    assert_eq!(t.s.pcs[0].hp, 1);
    assert!(t.s.combat.as_ref().unwrap().used.minor);
}

#[test]
fn rule_nw_15_5_an_mp_cost_may_bring_mp_to_exactly_0() {
    // "MP: not allowed if it would take you below 0 MP" (HP >= 1, MP >= 0 reading).
    let mut t = fighting();
    t.give_skill("alice", "focus", "Minor Action", "MP 3", "Focus.", 1);
    t.s.pcs[0].mp = 2;
    assert!(t.roll(&alice(), "/nwcombat use skill:focus", &[]).is_err());
    t.s.pcs[0].mp = 3;
    t.roll(&alice(), "/nwcombat use skill:focus", &[]).unwrap();
    assert_eq!(t.s.pcs[0].mp, 0);
}

#[test]
fn rule_nw_15_5_prana_cost_paid_and_never_below_0() {
    let mut t = fighting();
    t.give_skill("alice", "last_word", "Auto Action", "Prana 2", "Speak.", 1);
    t.s.pcs[0].prana = 1;
    assert!(t
        .roll(&alice(), "/nwcombat use skill:last_word", &[])
        .is_err());
    t.s.pcs[0].prana = 2;
    t.roll(&alice(), "/nwcombat use skill:last_word", &[])
        .unwrap();
    assert_eq!(t.s.pcs[0].prana, 0);
    // An Auto Action takes no action.
    assert_eq!(t.s.combat.as_ref().unwrap().used, Used::default());
}

#[test]
fn rule_nw_10_12_pressure_forbids_skills_and_items_until_a_minor_action_clears_it() {
    // BS: Pressure: "Cannot use skills or items." — "Spend a Minor Action to clear it."
    let mut t = fighting();
    t.give_skill("alice", "focus", "Major Action", "MP 1", "Focus.", 1);
    t.s.pcs[0].ch.items.push(OwnedItem {
        id: "healing_draught".into(),
        equipped: false,
        preserved: false,
    });
    t.s.pcs[0].bad = vec![("Pressure".into(), 0)].into();
    let e = t
        .roll(&alice(), "/nwcombat use skill:focus", &[])
        .unwrap_err();
    assert!(e.to_string().contains("Pressure"));
    assert!(t
        .roll(&alice(), "/nwcombat use item:healing_draught", &[])
        .is_err());
    t.roll(&alice(), "/nwcombat minor", &[]).unwrap();
    assert!(t.s.pcs[0].bad.is_empty());
    t.roll(&alice(), "/nwcombat use skill:focus", &[]).unwrap();
}

#[test]
fn rule_nw_10_4_a_major_action_skill_ends_the_main_process_and_no_second_major() {
    // "Taking the Major Action ends the Main Process at once."
    let mut t = fighting();
    t.give_skill("alice", "focus", "Major Action", "MP 1", "Focus.", 1);
    t.give_skill("alice", "quick_hand", "Minor Action", "-", "Quick.", 1);
    t.roll(&alice(), "/nwcombat use skill:focus", &[]).unwrap();
    let c = t.s.combat.as_ref().unwrap();
    let f = c.fighters.iter().find(|f| f.who == pc("alice")).unwrap();
    assert!(f.post && f.count == 0);
    assert_ne!(c.current, Some(pc("alice")));
    // After the Major: neither a second Major nor a Minor skill.
    assert!(t.roll(&alice(), "/nwcombat use skill:focus", &[]).is_err());
    assert!(t
        .roll(&alice(), "/nwcombat use skill:quick_hand", &[])
        .is_err());
    // Within one Main Process, a Minor skill after the Major is out of order too.
    t.set_turn(pc("alice"));
    t.s.combat.as_mut().unwrap().used.major = true;
    let e = t
        .roll(&alice(), "/nwcombat use skill:quick_hand", &[])
        .unwrap_err();
    assert!(e.to_string().contains("Minor"), "{e}");
    let e = t
        .roll(&alice(), "/nwcombat use skill:focus", &[])
        .unwrap_err();
    assert!(e.to_string().contains("already taken your Major"), "{e}");
}

#[test]
fn rule_nw_10_12_rigor_forbids_move_action_skills() {
    let mut t = fighting();
    t.give_skill("alice", "dash", "Move Action", "-", "Dash.", 1);
    t.s.pcs[0].bad = vec![("Rigor".into(), 0)].into();
    let e = t
        .roll(&alice(), "/nwcombat use skill:dash", &[])
        .unwrap_err();
    assert!(e.to_string().contains("Rigor"));
    t.s.pcs[0].bad.clear();
    t.roll(&alice(), "/nwcombat use skill:dash", &[]).unwrap();
    assert!(t.s.combat.as_ref().unwrap().used.moved);
    // One Move Action per Main Process.
    assert!(t.roll(&alice(), "/nwcombat use skill:dash", &[]).is_err());
}

#[test]
fn rule_nw_10_1_incapacitated_uses_only_timing_incapacitated() {
    // "They may use no actions or items except those with Timing: Incapacitated."
    let mut t = fighting();
    t.give_skill("alice", "focus", "Auto Action", "-", "Focus.", 1);
    t.give_skill("alice", "last_stand", "Incapacitated", "-", "Rise.", 1);
    assert!(t
        .roll(&alice(), "/nwcombat use skill:last_stand", &[])
        .is_err());
    t.s.pcs[0].hp = 0;
    let e = t
        .roll(&alice(), "/nwcombat use skill:focus", &[])
        .unwrap_err();
    assert!(e.to_string().contains("Incapacitated"));
    t.roll(&alice(), "/nwcombat use skill:last_stand", &[])
        .unwrap();
}

#[test]
fn rule_nw_10_4_a_bad_status_paid_as_a_cost_lands_when_the_main_process_ends() {
    // "A Bad Status paid as a skill Cost during your Main Process takes effect only when
    // the Main Process ends."
    let mut t = fighting();
    t.give_skill(
        "alice",
        "overdrive",
        "Minor Action",
        "MP 1, BS: Rigor",
        "Burn.",
        1,
    );
    t.give_skill("alice", "wince", "Reaction", "BS: Dazed", "Ouch.", 1);
    t.roll(&alice(), "/nwcombat use skill:overdrive", &[])
        .unwrap();
    assert!(t.s.pcs[0].bad.is_empty(), "not yet");
    let r = t.roll(&alice(), "/nwcombat pass", &[]).unwrap();
    assert!(text(&r).contains("receives BS: Rigor"), "{}", text(&r));
    assert!(t.s.pcs[0].bad.has(&"Rigor".into()));
    // Outside your own Main Process it lands at once.
    t.set_turn(en("Swarm"));
    t.roll(&alice(), "/nwcombat use skill:wince", &[]).unwrap();
    assert!(t.s.pcs[0].bad.has(&"Dazed".into()));
}

#[test]
fn rule_nw_15_5_timing_major_only_in_your_own_main_process_constant_never() {
    let mut t = fighting();
    t.give_skill("bob", "focus", "Major Action", "-", "Focus.", 1);
    t.give_skill("bob", "guard", "Reaction", "MP 1", "Guard.", 1);
    t.s.pcs[1]
        .ch
        .skills
        .push(super::super::super::character::OwnedSkill {
            id: "sturdy_frame".into(),
            sl: 1,
        });
    let e = t
        .roll(&bob(), "/nwcombat use skill:focus", &[])
        .unwrap_err();
    assert!(e.to_string().contains("Ayla's"), "{e}");
    assert!(t
        .roll(&bob(), "/nwcombat use skill:sturdy_frame", &[])
        .is_err());
    // A skill Bob does not have.
    assert!(t
        .roll(&bob(), "/nwcombat use skill:field_medic", &[])
        .is_err());
    // A Reaction: any time, even out of turn.
    let mp = t.s.pcs[1].mp;
    t.roll(&bob(), "/nwcombat use skill:guard", &[]).unwrap();
    assert_eq!(t.s.pcs[1].mp, mp - 1);
}

#[test]
fn rule_nw_10_11_a_skill_with_a_recovery_value_rolls_the_recovery_judge() {
    // Field Medic: "Recovery Judge (Recovery: SL x 2) for HP", Major Action, MP 3.
    let mut t = fighting();
    t.s.pcs[0]
        .ch
        .skills
        .push(super::super::super::character::OwnedSkill {
            id: "field_medic".into(),
            sl: 2,
        });
    // Range: Close (§15.5): Bolt stands in Ayla's Engage (issue #36 checks the Range).
    t.combat().engages.push(vec![pc("alice"), pc("bob")]);
    t.s.pcs[1].hp = 1;
    let mp = t.s.pcs[0].mp;
    let r = t
        .roll(
            &alice(),
            "/nwcombat use skill:field_medic target:Bolt",
            &[3, 2],
        )
        .unwrap();
    assert_eq!(t.s.pcs[1].hp, 1 + 5 + 4, "{}", text(&r));
    assert_eq!(t.s.pcs[0].mp, mp - 3);
    assert!(text(&r).contains("Patch up an ally"));
}

#[test]
fn rule_nw_14_1_a_consumable_potion_is_a_minor_action_and_is_used_up() {
    let mut t = fighting();
    t.s.pcs[0].ch.items.push(OwnedItem {
        id: "healing_draught".into(),
        equipped: false,
        preserved: false,
    });
    t.s.pcs[0].hp = 2;
    t.roll(&alice(), "/nwcombat use item:Healing Draught", &[1, 2])
        .unwrap();
    assert_eq!(t.s.pcs[0].hp, 2 + 3 + 5);
    assert!(t.s.pcs[0].ch.items.is_empty());
    assert!(t.s.combat.as_ref().unwrap().used.minor);
    // Gone: a second use is refused.
    t.set_turn(pc("alice"));
    assert!(t
        .roll(&alice(), "/nwcombat use item:healing_draught", &[])
        .is_err());
    // A weapon has nothing to use.
    t.s.pcs[0].ch.items.push(OwnedItem {
        id: "longsword".into(),
        equipped: true,
        preserved: false,
    });
    assert!(t
        .roll(&alice(), "/nwcombat use item:longsword", &[])
        .is_err());
}

#[test]
fn rule_nw_10_12_poison_and_paralysis_cured_by_an_item_that_cures_them() {
    let mut t = fighting();
    t.s.pcs[0].ch.items.push(OwnedItem {
        id: "antidote_salts".into(),
        equipped: false,
        preserved: false,
    });
    t.s.pcs[1].bad = vec![
        ("Poison".into(), 4),
        ("Paralysis".into(), 0),
        ("Dazed".into(), 0),
    ]
    .into();
    t.roll(
        &alice(),
        "/nwcombat use item:antidote_salts target:Bolt",
        &[],
    )
    .unwrap();
    assert_eq!(t.s.pcs[1].bad, vec![("Dazed".to_string(), 0)]);
}

#[test]
fn rule_nw_10_12_paralysis_minus_5_to_dodge() {
    // BS: Paralysis: "−5 to the Result of Reactions (e.g. Dodge Checks)"; Dazed −5 to all.
    let dodge_alter = |bad: Vec<(BadStatus, u32)>| {
        let mut t = fighting();
        t.s.pcs[0].bad = bad.into();
        t.set_turn(en("Swarm"));
        t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
        t.roll(&gm(), "/nwcombat attack target:Ayla", &[3, 3])
            .unwrap();
        t.roll(&alice(), "/nwcombat dodge", &[3, 3]).unwrap();
        let a = t.s.combat.as_ref().unwrap().attack.clone().unwrap();
        a.dodge.unwrap().alter
    };
    let plain = dodge_alter(vec![]);
    // The Dodge Check is EVA + 2D: its Alter is Ayla's EVA.
    let t = fighting();
    assert_eq!(plain, t.s.stat(&t.data, &pc("alice"), EVA));
    assert_eq!(dodge_alter(vec![("Paralysis".into(), 0)]), plain - 5);
    assert_eq!(
        dodge_alter(vec![("Paralysis".into(), 0), ("Dazed".into(), 0)]),
        plain - 10
    );
}
