//! The Judge: 2D + Alter against a Difficulty or an opponent, with the per-session Critical
//! and Fumble values, Any Seven, and the Prana options on a rolled Judge.
//!
//! Resolution order for one side (digest §3.5): roll (or Any Seven) → Prana Reroll →
//! Cancel Fumble / Fudge → Critical or Fumble → critical chain (opposed) → Raise Result → floor.

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;
use crate::table::{refuse, RuleError};

/// A d6 source: the session RNG in play, fixed dice in tests.
pub trait Dice {
    /// One d6.
    fn d6(&mut self) -> u32;
    /// Two d6.
    fn d2(&mut self) -> [u32; 2] {
        [self.d6(), self.d6()]
    }
}

impl Dice for GameRng {
    fn d6(&mut self) -> u32 {
        use rand::Rng;
        self.random_range(1..=6)
    }
}

/// Fixed dice, for tests (runs out → 1s).
pub struct Fixed(pub Vec<u32>);

impl Dice for Fixed {
    fn d6(&mut self) -> u32 {
        if self.0.is_empty() {
            1
        } else {
            self.0.remove(0)
        }
    }
}

/// Critical and Fumble values.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct Cf {
    /// Critical value.
    pub critical: u32,
    /// Fumble value.
    pub fumble: u32,
}

/// What kind of Judge.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum Mode {
    /// Against a Difficulty (or none shown).
    Normal {
        /// The Difficulty, if set.
        difficulty: Option<i32>,
    },
    /// One side of an opposed Judge: criticals chain (+10 and roll again).
    Opposed {
        /// The other side's Result, if already rolled.
        against: Option<i32>,
        /// This side started the roll (wins ties; may reroll only before the defender rolls).
        attacker: bool,
    },
    /// A Recovery Judge: may go below 0.
    Recovery,
}

/// Table settings that change how a Judge plays.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct JudgeRules {
    /// Dice per Prana for Raise Result: 2 (the rulebook) or 1 (BCDice's NightWizard3rd).
    pub raise_dice: u32,
    /// More than one Fudge Dice on the same roll.
    pub fudge_repeat: bool,
}

impl Default for JudgeRules {
    fn default() -> Self {
        JudgeRules {
            raise_dice: 2,
            fudge_repeat: false,
        }
    }
}

/// One rolled Judge, open to Prana until accepted.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Judge {
    /// Alter (all modifiers).
    pub alter: i32,
    /// The roller's Critical/Fumble values.
    pub cf: Cf,
    /// Kind.
    pub mode: Mode,
    /// Any Seven: dice count as 7, no critical or fumble.
    pub any_seven: bool,
    /// Current dice (after rerolls).
    pub dice: [u32; 2],
    /// Earlier dice replaced by Prana rerolls.
    pub rerolled: Vec<[u32; 2]>,
    /// Fudge total (each ±1).
    pub fudge: i32,
    /// Fudges bought.
    pub fudges: u32,
    /// Fumble cancelled with Prana.
    pub cancelled: bool,
    /// Rolls after criticals (opposed), the last one not a critical.
    pub chain: Vec<[u32; 2]>,
    /// Dice added by Raise Result, one group per Prana.
    pub raises: Vec<Vec<u32>>,
    /// Prana spent on this Judge.
    pub prana_spent: i32,
}

/// The resolved numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The dice total used (7 for Any Seven, fudge included).
    pub roll: i32,
    /// A critical on the original roll.
    pub critical: bool,
    /// Criticals in total (chain included).
    pub crits: u32,
    /// A fumble (not cancelled).
    pub fumble: bool,
    /// The Result.
    pub result: i32,
    /// Success against the Difficulty / opponent, when known.
    pub success: Option<bool>,
}

impl Judge {
    /// Rolls a new Judge (step 1, and the critical chain if it starts one).
    pub fn roll(alter: i32, cf: Cf, mode: Mode, any_seven: bool, dice: &mut impl Dice) -> Judge {
        let d = if any_seven { [3, 4] } else { dice.d2() };
        let mut j = Judge {
            alter,
            cf,
            mode,
            any_seven,
            dice: d,
            rerolled: vec![],
            fudge: 0,
            fudges: 0,
            cancelled: false,
            chain: vec![],
            raises: vec![],
            prana_spent: 0,
        };
        j.settle_chain(dice);
        j
    }

    /// The dice total in use.
    pub fn roll_total(&self) -> i32 {
        if self.any_seven {
            7
        } else {
            (self.dice[0] + self.dice[1]) as i32 + self.fudge
        }
    }

    /// The original roll is a critical.
    pub fn is_critical(&self) -> bool {
        !self.any_seven && self.roll_total() == self.cf.critical as i32
    }

    /// The original roll is a fumble that was not cancelled.
    pub fn is_fumble(&self) -> bool {
        !self.any_seven && !self.cancelled && self.roll_total() == self.cf.fumble as i32
    }

    fn opposed(&self) -> bool {
        matches!(self.mode, Mode::Opposed { .. })
    }

    /// Rolls (or drops) the critical chain so it matches the current critical status.
    fn settle_chain(&mut self, dice: &mut impl Dice) {
        if self.opposed() && self.is_critical() {
            if self.chain.is_empty() {
                loop {
                    let d = dice.d2();
                    self.chain.push(d);
                    // A fumble value on a chained roll is an ordinary roll.
                    if (d[0] + d[1]) != self.cf.critical || self.chain.len() >= 50 {
                        break;
                    }
                }
            }
        } else {
            self.chain.clear();
        }
    }

    /// Resolves the Judge as it stands.
    pub fn outcome(&self) -> Outcome {
        let roll = self.roll_total();
        let critical = self.is_critical();
        let fumble = self.is_fumble();
        let raise: i32 = self.raises.iter().flatten().map(|d| *d as i32).sum();
        let (mut result, crits) = if fumble {
            (self.alter - 10, 0)
        } else if critical && self.opposed() {
            let extra = self
                .chain
                .iter()
                .filter(|d| d[0] + d[1] == self.cf.critical)
                .count() as u32;
            let last = self.chain.last().map(|d| (d[0] + d[1]) as i32).unwrap_or(0);
            let crits = 1 + extra;
            (self.alter + 10 * crits as i32 + last, crits)
        } else {
            (self.alter + roll, u32::from(critical))
        };
        result += raise;
        if self.mode != Mode::Recovery {
            result = result.max(0);
        }
        let success = match self.mode {
            Mode::Normal { difficulty } => difficulty.map(|d| (critical && !fumble) || result >= d),
            Mode::Opposed { against, attacker } => {
                against.map(|n| if attacker { result >= n } else { result > n })
            }
            Mode::Recovery => None,
        };
        Outcome {
            roll,
            critical,
            crits,
            fumble,
            result,
            success,
        }
    }

    fn raised(&self) -> bool {
        !self.raises.is_empty()
    }

    /// Prana: reroll the 2D (not on a critical or fumble; not after other Prana uses;
    /// an attacker only before the defender rolled).
    pub fn reroll(&mut self, dice: &mut impl Dice) -> Result<(), RuleError> {
        if self.any_seven {
            return refuse("Any Seven has no dice to reroll.");
        }
        if self.is_critical() || self.is_fumble() {
            return refuse("a Critical or a Fumble cannot be rerolled with Prana.");
        }
        if self.fudges > 0 || self.cancelled || self.raised() {
            return refuse("Reroll comes first: it is not allowed after Cancel Fumble, Fudge Dice or Raise Result.");
        }
        if let Mode::Opposed {
            against: Some(_),
            attacker: true,
        } = self.mode
        {
            return refuse(
                "the defender has already rolled: the attacker may reroll only before that.",
            );
        }
        self.rerolled.push(self.dice);
        self.dice = dice.d2();
        self.prana_spent += 1;
        self.settle_chain(dice);
        Ok(())
    }

    /// Prana: cancel a Fumble (the dice count as rolled).
    pub fn cancel_fumble(&mut self) -> Result<(), RuleError> {
        if !self.is_fumble() {
            return refuse("there is no Fumble to cancel.");
        }
        if self.raised() {
            return refuse("Cancel Fumble comes before Raise Result.");
        }
        self.cancelled = true;
        self.prana_spent += 1;
        Ok(())
    }

    /// Prana: treat the dice as 1 higher or lower (may create a Critical or Fumble;
    /// on a Fumble only after cancelling it).
    pub fn fudge(
        &mut self,
        up: bool,
        rules: &JudgeRules,
        dice: &mut impl Dice,
    ) -> Result<(), RuleError> {
        if self.any_seven {
            return refuse("Any Seven has no dice to fudge.");
        }
        if self.is_fumble() {
            return refuse(
                "this roll is a Fumble: cancel the Fumble first (1 Prana), then fudge (1 more).",
            );
        }
        if self.fudges > 0 && !rules.fudge_repeat {
            return refuse("this table allows one Fudge Dice per roll.");
        }
        if self.raised() {
            return refuse("Fudge Dice comes before Raise Result.");
        }
        let next = self.roll_total() + if up { 1 } else { -1 };
        if !(2..=12).contains(&next) {
            return refuse("two dice cannot show less than 2 or more than 12.");
        }
        self.fudge += if up { 1 } else { -1 };
        self.fudges += 1;
        self.prana_spent += 1;
        self.settle_chain(dice);
        Ok(())
    }

    /// Prana: raise the Result by `raise_dice` D per Prana (these dice never crit or fumble).
    pub fn raise(
        &mut self,
        prana: u32,
        rules: &JudgeRules,
        dice: &mut impl Dice,
    ) -> Result<(), RuleError> {
        if prana == 0 || prana > 20 {
            return refuse("spend 1 to 20 Prana on Raise Result.");
        }
        for _ in 0..prana {
            self.raises
                .push((0..rules.raise_dice.max(1)).map(|_| dice.d6()).collect());
        }
        self.prana_spent += prana as i32;
        Ok(())
    }

    /// The BCDice-style result line, e.g. `(2D6+5) ＞ 9[4,5]+5 ＞ 14 ＞ success`.
    pub fn line(&self) -> String {
        let o = self.outcome();
        let alter = signed(self.alter);
        let mut parts = vec![format!("(2D6{alter})")];
        let dice = if self.any_seven {
            "7[any seven]".to_string()
        } else {
            let mut s = format!(
                "{}[{},{}]",
                self.dice[0] + self.dice[1],
                self.dice[0],
                self.dice[1]
            );
            if self.fudge != 0 {
                s = format!(
                    "{}[{},{}]{}→{}",
                    self.dice[0] + self.dice[1],
                    self.dice[0],
                    self.dice[1],
                    signed(self.fudge),
                    o.roll
                );
            }
            s
        };
        if o.fumble {
            parts.push(format!("{dice} fumble"));
            parts.push(format!("{}-10", self.alter));
        } else if o.critical && self.opposed() {
            parts.push(format!("{dice} critical"));
            for d in &self.chain {
                let t = d[0] + d[1];
                if t == self.cf.critical {
                    parts.push(format!("{t}[{},{}] critical", d[0], d[1]));
                } else {
                    parts.push(format!(
                        "{t}[{},{}]{}",
                        d[0],
                        d[1],
                        signed(self.alter + 10 * o.crits as i32)
                    ));
                }
            }
        } else if o.critical {
            parts.push(format!("{dice}{alter} critical"));
        } else {
            let cancelled = if self.cancelled {
                " (fumble cancelled)"
            } else {
                ""
            };
            parts.push(format!("{dice}{alter}{cancelled}"));
        }
        if !self.raises.is_empty() {
            let r: Vec<String> = self
                .raises
                .iter()
                .map(|g| {
                    format!(
                        "{}[{}]",
                        g.iter().sum::<u32>(),
                        g.iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join(",")
                    )
                })
                .collect();
            parts.push(format!("raise +{}", r.join("+")));
        }
        parts.push(o.result.to_string());
        match o.success {
            Some(true) if o.critical && !self.opposed() => parts.push("automatic success".into()),
            Some(true) => parts.push("success".into()),
            Some(false) => parts.push("failure".into()),
            None => {}
        }
        parts.join(" ＞ ")
    }
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// Ways 2d6 makes each total (index = total).
const WAYS: [u32; 13] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// Exact chance that a fresh Judge succeeds, counting the Critical and Fumble values.
/// `None` when there is nothing to beat.
pub fn chance(alter: i32, cf: Cf, mode: Mode, any_seven: bool) -> Option<f64> {
    let need = match mode {
        Mode::Normal { difficulty } => difficulty?,
        Mode::Opposed { against, attacker } => {
            let n = against?;
            if attacker {
                n
            } else {
                n + 1
            }
        }
        Mode::Recovery => return None,
    };
    if any_seven {
        return Some(if alter + 7 >= need { 1.0 } else { 0.0 });
    }
    let opposed = matches!(mode, Mode::Opposed { .. });
    // Chance that a chained roll (after `crits` criticals) reaches `need`.
    fn chain(alter: i32, crit: u32, need: i32, crits: i32, depth: u32) -> f64 {
        if alter + 10 * crits + 2 >= need || depth > 12 {
            return 1.0;
        }
        let mut p = 0.0;
        for t in 2..=12u32 {
            let w = WAYS[t as usize] as f64 / 36.0;
            if t == crit {
                p += w * chain(alter, crit, need, crits + 1, depth + 1);
            } else if alter + 10 * crits + t as i32 >= need {
                p += w;
            }
        }
        p
    }
    let mut p = 0.0;
    for t in 2..=12u32 {
        let w = WAYS[t as usize] as f64 / 36.0;
        let ok = if t == cf.critical {
            if opposed {
                p += w * chain(alter, cf.critical, need, 1, 0);
                continue;
            }
            true
        } else if t == cf.fumble {
            (alter - 10).max(0) >= need
        } else {
            (alter + t as i32).max(0) >= need
        };
        if ok {
            p += w;
        }
    }
    Some(p)
}

/// Who wins an opposed Judge: `true` for the attacker. Ties go to the attacker; Full Hit
/// beats the dice, Full Dodge beats the dice and Full Hit.
pub fn attacker_wins(attacker: i32, defender: i32, full_hit: bool, full_dodge: bool) -> bool {
    if full_dodge {
        return false;
    }
    full_hit || attacker >= defender
}

/// Rolls Critical then Fumble for a session: the Fumble is rerolled while equal to the Critical.
pub fn roll_cf(dice: &mut impl Dice) -> (Cf, Vec<u32>) {
    let c = dice.d2();
    let critical = c[0] + c[1];
    let mut rerolls = vec![];
    loop {
        let f = dice.d2();
        let fumble = f[0] + f[1];
        if fumble != critical {
            return (Cf { critical, fumble }, rerolls);
        }
        rerolls.push(fumble);
    }
}

#[cfg(test)]
mod tests {
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
}
