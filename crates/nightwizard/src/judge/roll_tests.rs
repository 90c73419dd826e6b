//! Tests of the 2D roll, its Critical/Fumble values and the Prana options.
use super::super::chance::chance;
use super::*;

const CF: Cf = Cf {
    critical: 8,
    fumble: 6,
};
const NORMAL: Mode = Mode::Normal { difficulty: None };
const OPPOSED: Mode = Mode::Opposed {
    against: None,
    attacker: false,
};

#[test]
fn rule_bcdice_vector_alter_8_dice_5_2_gives_15() {
    let j = Judge::roll(8, CF, NORMAL, false, &mut Fixed(vec![5, 2]));
    assert_eq!(j.outcome().result, 15);
    assert_eq!(j.line(), "(2D6+8) ＞ 7[5,2]+8 ＞ 15");
}

#[test]
fn rule_opposed_critical_adds_10_and_rolls_again_5_3_then_5_2_gives_25() {
    let j = Judge::roll(8, CF, OPPOSED, false, &mut Fixed(vec![5, 3, 5, 2]));
    let o = j.outcome();
    assert!(o.critical);
    assert_eq!(o.result, 25);
}

#[test]
fn rule_critical_chain_crit_crit_then_9_gives_37() {
    // Digest §18: Alter 8; crit, crit, then 9 → 8 + 20 + 9 = 37.
    let j = Judge::roll(8, CF, OPPOSED, false, &mut Fixed(vec![4, 4, 5, 3, 4, 5]));
    assert_eq!(j.outcome().crits, 2);
    assert_eq!(j.outcome().result, 37);
}

#[test]
fn rule_fumble_value_on_a_chained_roll_is_an_ordinary_roll() {
    let j = Judge::roll(8, CF, OPPOSED, false, &mut Fixed(vec![4, 4, 5, 1]));
    let o = j.outcome();
    assert!(!o.fumble);
    assert_eq!(o.result, 8 + 10 + 6);
}

#[test]
fn rule_fumble_result_is_alter_minus_10_floored_at_0_unlike_bcdice() {
    let j = Judge::roll(8, CF, NORMAL, false, &mut Fixed(vec![5, 1]));
    assert!(j.outcome().fumble);
    assert_eq!(
        j.outcome().result,
        0,
        "BCDice prints -2; the rulebook floors at 0"
    );
    let r = Judge::roll(8, CF, Mode::Recovery, false, &mut Fixed(vec![5, 1]));
    assert_eq!(r.outcome().result, -2, "a Recovery Judge may go below 0");
}

#[test]
fn rule_normal_critical_succeeds_automatically() {
    let j = Judge::roll(
        0,
        CF,
        Mode::Normal {
            difficulty: Some(30),
        },
        false,
        &mut Fixed(vec![4, 4]),
    );
    assert_eq!(j.outcome().success, Some(true));
    assert!(j.line().ends_with("automatic success"));
}

#[test]
fn rule_fumble_is_not_an_automatic_failure() {
    let j = Judge::roll(
        15,
        CF,
        Mode::Normal {
            difficulty: Some(5),
        },
        false,
        &mut Fixed(vec![3, 3]),
    );
    assert!(j.outcome().fumble);
    assert_eq!(j.outcome().result, 5);
    assert_eq!(j.outcome().success, Some(true));
}

#[test]
fn rule_any_seven_is_7_and_never_crits_or_fumbles() {
    let cf = Cf {
        critical: 7,
        fumble: 6,
    };
    let j = Judge::roll(5, cf, OPPOSED, true, &mut Fixed(vec![]));
    let o = j.outcome();
    assert_eq!(
        (o.roll, o.critical, o.fumble, o.result),
        (7, false, false, 12)
    );
}

#[test]
fn rule_prana_reroll_not_on_critical_or_fumble() {
    let mut j = Judge::roll(8, CF, NORMAL, false, &mut Fixed(vec![4, 4]));
    assert!(j.reroll(&mut Fixed(vec![1, 1])).is_err());
    let mut j = Judge::roll(8, CF, NORMAL, false, &mut Fixed(vec![3, 3]));
    assert!(j.reroll(&mut Fixed(vec![1, 1])).is_err());
    let mut j = Judge::roll(8, CF, NORMAL, false, &mut Fixed(vec![1, 1]));
    j.reroll(&mut Fixed(vec![6, 6])).unwrap();
    assert_eq!((j.outcome().result, j.prana_spent), (20, 1));
    // The second result must be kept even if worse; rerolls may repeat.
    j.reroll(&mut Fixed(vec![1, 2])).unwrap();
    assert_eq!((j.outcome().result, j.prana_spent), (11, 2));
}

#[test]
fn rule_prana_reroll_attacker_only_before_defender_rolls() {
    let mode = Mode::Opposed {
        against: Some(12),
        attacker: true,
    };
    let mut j = Judge::roll(2, CF, mode, false, &mut Fixed(vec![1, 2]));
    assert!(j
        .reroll(&mut Fixed(vec![6, 6]))
        .unwrap_err()
        .0
        .contains("defender"));
    let mode = Mode::Opposed {
        against: Some(12),
        attacker: false,
    };
    let mut j = Judge::roll(2, CF, mode, false, &mut Fixed(vec![1, 2]));
    assert!(j.reroll(&mut Fixed(vec![5, 6])).is_ok());
}

#[test]
fn rule_prana_cancel_fumble_uses_dice_as_rolled() {
    let mut j = Judge::roll(8, CF, NORMAL, false, &mut Fixed(vec![5, 1]));
    j.cancel_fumble().unwrap();
    assert_eq!(j.outcome().result, 14);
    assert!(j.cancel_fumble().is_err());
}

#[test]
fn rule_prana_fudge_may_make_a_critical_and_needs_cancel_on_fumble() {
    let rules = JudgeRules::default();
    let mut j = Judge::roll(8, CF, OPPOSED, false, &mut Fixed(vec![4, 3]));
    j.fudge(true, &rules, &mut Fixed(vec![2, 2])).unwrap();
    assert!(j.outcome().critical);
    assert_eq!(j.outcome().result, 8 + 10 + 4);
    assert!(
        j.fudge(true, &rules, &mut Fixed(vec![])).is_err(),
        "one fudge per roll by default"
    );
    let mut f = Judge::roll(8, CF, NORMAL, false, &mut Fixed(vec![5, 1]));
    assert!(f.fudge(true, &rules, &mut Fixed(vec![])).is_err());
    f.cancel_fumble().unwrap();
    f.fudge(true, &rules, &mut Fixed(vec![])).unwrap();
    assert_eq!((f.outcome().result, f.prana_spent), (15, 2));
    // Fudge into a fumble.
    let mut g = Judge::roll(8, CF, NORMAL, false, &mut Fixed(vec![4, 3]));
    g.fudge(false, &rules, &mut Fixed(vec![])).unwrap();
    assert!(g.outcome().fumble);
}

#[test]
fn rule_prana_raise_adds_2d_per_prana_without_crit_or_fumble() {
    let rules = JudgeRules::default();
    let mut j = Judge::roll(5, CF, NORMAL, false, &mut Fixed(vec![1, 2]));
    j.raise(2, &rules, &mut Fixed(vec![4, 4, 3, 3])).unwrap();
    assert_eq!(j.outcome().result, 5 + 3 + 8 + 6);
    assert!(!j.outcome().critical && !j.outcome().fumble);
    assert!(
        j.reroll(&mut Fixed(vec![])).is_err(),
        "reroll comes before raise"
    );
    let bcdice = JudgeRules {
        raise_dice: 1,
        ..rules
    };
    let mut k = Judge::roll(5, CF, NORMAL, false, &mut Fixed(vec![1, 2]));
    k.raise(2, &bcdice, &mut Fixed(vec![4, 4])).unwrap();
    assert_eq!(k.outcome().result, 5 + 3 + 8);
}

#[test]
fn rule_raise_after_fumble_applies_before_the_floor() {
    let mut j = Judge::roll(8, CF, NORMAL, false, &mut Fixed(vec![5, 1]));
    j.raise(1, &JudgeRules::default(), &mut Fixed(vec![1, 2]))
        .unwrap();
    assert_eq!(j.outcome().result, 1);
}

#[test]
fn rule_opposed_ties_go_to_the_attacker_full_dodge_beats_full_hit() {
    assert!(attacker_wins(12, 12, false, false));
    assert!(!attacker_wins(11, 12, false, false));
    assert!(attacker_wins(0, 30, true, false));
    assert!(!attacker_wins(30, 0, true, true));
}

#[test]
fn rule_fumble_value_rerolled_while_equal_to_critical() {
    let (cf, rerolls) = roll_cf(&mut Fixed(vec![3, 4, 5, 2, 6, 1, 4, 6]));
    assert_eq!(
        cf,
        Cf {
            critical: 7,
            fumble: 10
        }
    );
    assert_eq!(rerolls, vec![7, 7]);
}

#[test]
fn chance_counts_critical_and_fumble_values() {
    // Alter 0 vs 12: only 12 (1/36) or the critical 8 (5/36) succeed.
    let p = chance(
        0,
        CF,
        Mode::Normal {
            difficulty: Some(12),
        },
        false,
    )
    .unwrap();
    assert!((p - 6.0 / 36.0).abs() < 1e-9);
    // Alter 10 vs 12: everything but the fumble value (6: 5 ways) succeeds.
    let p = chance(
        10,
        CF,
        Mode::Normal {
            difficulty: Some(12),
        },
        false,
    )
    .unwrap();
    assert!((p - 31.0 / 36.0).abs() < 1e-9);
    assert_eq!(
        chance(
            5,
            CF,
            Mode::Normal {
                difficulty: Some(12)
            },
            true
        ),
        Some(1.0)
    );
}
