//! Tests of the 2D roll, its Critical/Fumble values and the Prana options. The rules of a
//! Judge and of Prana on it run through the table (`/nw judge`, `/nw prana`, the dice named
//! for each command); the comparison of an opposed Judge, the chance of success and the
//! Critical/Fumble roll are pure functions, tested as such.
use super::super::super::test_table::{alice, gm, Session};
use super::super::chance::chance;
use super::*;

const CF: Cf = Cf {
    critical: 8,
    fumble: 6,
};

/// Ayla, with Critical 8 / Fumble 6 and 5 Prana, at a table.
fn table() -> Session {
    let mut t = Session::with(&[(alice(), "Ayla")], 3);
    t.s.pcs[0].cf = Some(CF);
    t.s.pcs[0].prana = 5;
    t
}

/// `/nw judge stat:none` with Alter `alter` and `more` options, rolling `d6`.
fn judge(t: &mut Session, alter: i32, more: &str, d6: &[u32]) -> Judge {
    t.rolls(
        &alice(),
        &format!("/nw judge stat:none modifier:{alter}{more}"),
        d6,
    );
    last(t)
}

/// Ayla's open Judge.
fn last(t: &Session) -> Judge {
    t.s.open.last().expect("an open Judge").judge.clone()
}

/// Spends Prana on Ayla's open Judge (`/nw prana use:…`), rolling `d6`.
fn prana(t: &mut Session, what: &str, d6: &[u32]) -> Result<Judge, String> {
    t.roll(&alice(), &format!("/nw prana use:{what}"), d6)
        .map(|_| last(t))
        .map_err(|e| e.0)
}

/// An opposed Judge (`attacker:true`: criticals chain).
const OPPOSED: &str = " attacker:true";

#[test]
fn rule_bcdice_vector_alter_8_dice_5_2_gives_15() {
    let mut t = table();
    let j = judge(&mut t, 8, "", &[5, 2]);
    assert_eq!(j.outcome().result, 15);
    assert_eq!(j.line(), "(2D6+8) ＞ 7[5,2]+8 ＞ 15");
}

#[test]
fn rule_opposed_critical_adds_10_and_rolls_again_5_3_then_5_2_gives_25() {
    let mut t = table();
    let j = judge(&mut t, 8, OPPOSED, &[5, 3, 5, 2]);
    let o = j.outcome();
    assert!(o.critical);
    assert_eq!(o.result, 25);
}

#[test]
fn rule_critical_chain_crit_crit_then_9_gives_37() {
    // Digest §18: Alter 8; crit, crit, then 9 → 8 + 20 + 9 = 37.
    let mut t = table();
    let j = judge(&mut t, 8, OPPOSED, &[4, 4, 5, 3, 4, 5]);
    assert_eq!(j.outcome().crits, 2);
    assert_eq!(j.outcome().result, 37);
}

#[test]
fn rule_fumble_value_on_a_chained_roll_is_an_ordinary_roll() {
    let mut t = table();
    let j = judge(&mut t, 8, OPPOSED, &[4, 4, 5, 1]);
    let o = j.outcome();
    assert!(!o.fumble);
    assert_eq!(o.result, 8 + 10 + 6);
}

#[test]
fn rule_fumble_result_is_alter_minus_10_floored_at_0_unlike_bcdice() {
    let mut t = table();
    let j = judge(&mut t, 8, "", &[5, 1]);
    assert!(j.outcome().fumble);
    assert_eq!(
        j.outcome().result,
        0,
        "BCDice prints -2; the rulebook floors at 0"
    );
    let r = judge(&mut t, 8, " recovery:true", &[5, 1]);
    assert_eq!(r.outcome().result, -2, "a Recovery Judge may go below 0");
}

#[test]
fn rule_normal_critical_succeeds_automatically() {
    let mut t = table();
    let j = judge(&mut t, 0, " difficulty:30", &[4, 4]);
    assert_eq!(j.outcome().success, Some(true));
    assert!(j.line().ends_with("automatic success"));
}

#[test]
fn rule_fumble_is_not_an_automatic_failure() {
    let mut t = table();
    let j = judge(&mut t, 15, " difficulty:5", &[3, 3]);
    assert!(j.outcome().fumble);
    assert_eq!(j.outcome().result, 5);
    assert_eq!(j.outcome().success, Some(true));
}

#[test]
fn rule_any_seven_is_7_and_never_crits_or_fumbles() {
    let mut t = table();
    t.s.pcs[0].cf = Some(Cf {
        critical: 7,
        fumble: 6,
    });
    t.s.settings.anyseven_players = true;
    // No die is rolled.
    let j = judge(&mut t, 5, &format!("{OPPOSED} anyseven:true"), &[]);
    let o = j.outcome();
    assert_eq!(
        (o.roll, o.critical, o.fumble, o.result),
        (7, false, false, 12)
    );
}

#[test]
fn rule_prana_reroll_not_on_critical_or_fumble() {
    let mut t = table();
    judge(&mut t, 8, "", &[4, 4]);
    assert!(prana(&mut t, "reroll", &[1, 1]).is_err());
    judge(&mut t, 8, "", &[3, 3]);
    assert!(prana(&mut t, "reroll", &[1, 1]).is_err());
    judge(&mut t, 8, "", &[1, 1]);
    let j = prana(&mut t, "reroll", &[6, 6]).unwrap();
    assert_eq!((j.outcome().result, j.prana_spent), (20, 1));
    // The second result must be kept even if worse; rerolls may repeat.
    let j = prana(&mut t, "reroll", &[1, 2]).unwrap();
    assert_eq!((j.outcome().result, j.prana_spent), (11, 2));
}

#[test]
fn rule_prana_reroll_attacker_only_before_defender_rolls() {
    let mut t = table();
    judge(&mut t, 2, " against:12 attacker:true", &[1, 2]);
    let e = prana(&mut t, "reroll", &[6, 6]).unwrap_err();
    assert!(e.contains("defender"), "{e}");
    judge(&mut t, 2, " against:12", &[1, 2]);
    assert!(prana(&mut t, "reroll", &[5, 6]).is_ok());
}

#[test]
fn rule_prana_cancel_fumble_uses_dice_as_rolled() {
    let mut t = table();
    judge(&mut t, 8, "", &[5, 1]);
    let j = prana(&mut t, "cancel", &[]).unwrap();
    assert_eq!(j.outcome().result, 14);
    assert!(prana(&mut t, "cancel", &[]).is_err());
}

#[test]
fn rule_prana_fudge_may_make_a_critical_and_needs_cancel_on_fumble() {
    let mut t = table();
    judge(&mut t, 8, OPPOSED, &[4, 3]);
    // Fudged to 8, a Critical: +10 and the chained roll [2, 2].
    let j = prana(&mut t, "fudge_up", &[2, 2]).unwrap();
    assert!(j.outcome().critical);
    assert_eq!(j.outcome().result, 8 + 10 + 4);
    assert!(
        prana(&mut t, "fudge_up", &[]).is_err(),
        "one fudge per roll by default"
    );
    judge(&mut t, 8, "", &[5, 1]);
    assert!(prana(&mut t, "fudge_up", &[]).is_err());
    prana(&mut t, "cancel", &[]).unwrap();
    let f = prana(&mut t, "fudge_up", &[]).unwrap();
    assert_eq!((f.outcome().result, f.prana_spent), (15, 2));
    // Fudge into a fumble.
    judge(&mut t, 8, "", &[4, 3]);
    let g = prana(&mut t, "fudge_down", &[]).unwrap();
    assert!(g.outcome().fumble);
}

#[test]
fn rule_prana_raise_adds_2d_per_prana_without_crit_or_fumble() {
    let mut t = table();
    judge(&mut t, 5, "", &[1, 2]);
    t.rolls(&alice(), "/nw prana use:raise amount:2", &[4, 4, 3, 3]);
    let j = last(&t);
    assert_eq!(j.outcome().result, 5 + 3 + 8 + 6);
    assert!(!j.outcome().critical && !j.outcome().fumble);
    assert!(
        prana(&mut t, "reroll", &[]).is_err(),
        "reroll comes before raise"
    );
    // BCDice's reading: 1D per Prana (a table setting).
    t.rolls(&gm(), "/nw settings raise:1d", &[]);
    judge(&mut t, 5, "", &[1, 2]);
    t.rolls(&alice(), "/nw prana use:raise amount:2", &[4, 4]);
    assert_eq!(last(&t).outcome().result, 5 + 3 + 8);
}

#[test]
fn rule_raise_after_fumble_applies_before_the_floor() {
    let mut t = table();
    judge(&mut t, 8, "", &[5, 1]);
    let j = prana(&mut t, "raise", &[1, 2]).unwrap();
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
    // The pure Critical/Fumble roll (a PC's join and `/nw session next` call it).
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

/// The Judge as a Japanese reader sees it: the line BCDice users read, with the Critical and
/// Fumble values always in the header (§3.2: the GM's values are always Critical 10, Fumble 5:
/// `(2D6+5@10#5) ＞ 9[4,5]+5 ＞ 14 ＞ 成功`), the words of the message in the game's terms, and
/// the English exactly as before.
#[test]
fn rule_3_2_the_gms_judge_reads_as_bcdice_writes_it_in_japanese() {
    use croupier_core::i18n::Locale;
    let mut t = table();
    let out = t.rolls(
        &gm(),
        "/nw judge stat:none modifier:5 difficulty:9",
        &[4, 5],
    );
    let j = t.s.open.last().expect("the GM's open Judge").judge.clone();
    assert_eq!(
        j.said_line().text(Locale::Ja),
        "(2D6+5@10#5) ＞ 9[4,5]+5 ＞ 14 ＞ 成功"
    );
    assert_eq!(j.line(), "(2D6+5) ＞ 9[4,5]+5 ＞ 14 ＞ success");
    let m = out[0].message.in_language(Locale::Ja);
    assert_eq!(m.title.as_deref(), Some("🎲 GM：判定"));
    assert!(
        m.body
            .contains("修正値 5（判定 0 +5）・クリティカル値 10・ファンブル値 5"),
        "{}",
        m.body
    );
    assert!(m.body.contains("難易度 9（簡単）"), "{}", m.body);
    assert_eq!(
        out[0].message.body.lines().last(),
        Some("Difficulty 9 (Simple)")
    );
}

/// §18's test vectors in Japanese: the critical chain (Alter 8; crit, crit, then 9 → 8 + 20 +
/// 9 = 37) and the Fumble (Alter 8 → −2, floored to 0), with Prana's Raise Result shown as
/// BCDice shows added dice; each is the same Judge as its English line.
#[test]
fn rule_18_critical_chain_37_and_fumble_0_read_in_japanese() {
    use croupier_core::i18n::Locale;
    let mut t = table();
    let chain = judge(&mut t, 8, OPPOSED, &[4, 4, 5, 3, 4, 5]);
    assert_eq!(
        chain.said_line().text(Locale::Ja),
        "(2D6+8@8#6) ＞ 8[4,4] クリティカル ＞ 8[5,3] クリティカル ＞ 9[4,5]+28 ＞ 37"
    );
    assert_eq!(
        chain.line(),
        "(2D6+8) ＞ 8[4,4] critical ＞ 8[5,3] critical ＞ 9[4,5]+28 ＞ 37"
    );
    let fumble = judge(&mut t, 8, "", &[3, 3]);
    assert_eq!(
        fumble.said_line().text(Locale::Ja),
        "(2D6+8@8#6) ＞ 6[3,3] ファンブル ＞ 8-10 ＞ 0"
    );
    assert_eq!(fumble.line(), "(2D6+8) ＞ 6[3,3] fumble ＞ 8-10 ＞ 0");
    let cancelled = prana(&mut t, "cancel", &[]).expect("cancelled");
    let raised = prana(&mut t, "raise", &[2, 5]).expect("raised");
    assert_eq!(cancelled.outcome().result, 14);
    assert_eq!(
        raised.said_line().text(Locale::Ja),
        "(2D6+8@8#6) ＞ 6[3,3]+8（ファンブル無効化） ＞ 達成値上昇 +7[2,5] ＞ 21"
    );
    assert_eq!(
        raised.line(),
        "(2D6+8) ＞ 6[3,3]+8 (fumble cancelled) ＞ raise +7[2,5] ＞ 21"
    );
}

/// The Prana options on a Judge are offered to its roller in their language, and pressed by
/// their Japanese labels; a refusal of one is told in Japanese too.
#[test]
fn the_prana_buttons_and_refusals_read_in_japanese() {
    use croupier_core::i18n::Locale;
    let mut t = table();
    let out = t.rolls(&alice(), "/nw judge stat:none modifier:3", &[2, 3]);
    let offer = out
        .iter()
        .find(|r| !r.message.buttons.is_empty())
        .expect("the Prana options")
        .message
        .in_language(Locale::Ja);
    assert_eq!(offer.body, "この判定に使えるプラーナ：");
    let labels: Vec<&str> = offer.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "振り直し（1プラーナ）",
            "出目+1（1プラーナ）",
            "出目−1（1プラーナ）",
            "達成値+2D（1プラーナ）",
            "確定"
        ]
    );
    let e = prana(&mut t, "cancel", &[]).expect_err("no Fumble");
    assert_eq!(e, "there is no Fumble to cancel.");
}
