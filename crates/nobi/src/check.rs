//! Skill check arithmetic: 2D + skill (+ modifiers) against a Difficulty, its exact odds
//! (via the dice engine) and the roll itself.

use serde::{Deserialize, Serialize};

use super::data::{Effect, NobiData, Skill, Tag};
use super::state::{Mode, Nobi, Step, Use};
use croupier_core::dice;
use croupier_core::i18n::Locale;
use croupier_core::rng::GameRng;
use croupier_core::table::said::dice_error;
use croupier_core::table::{Phrase, Refusal, RuleError, Value};

/// A dice error as a refusal, in each reader's language (`table-roll-bad`: the dice's words).
fn dice_refusal(e: dice::DiceError) -> RuleError {
    RuleError::said(
        Refusal::Rules,
        Phrase::new("table-roll-bad").arg("error", dice_error(&e)),
    )
}

/// Everything that decides a check, after abilities are counted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// Skill tested.
    pub skill: Skill,
    /// The tested character's skill including Light/Darkness modifiers.
    pub skill_value: i64,
    /// Bonus from abilities.
    pub bonus: i64,
    /// Roll 3 dice and keep the best 2.
    pub extra_die: bool,
    /// How many times a failure is rolled once more: each announced reroll Ability counts
    /// (Second Brew, then Read the Stars: a failure, then a second failure, then a last roll).
    pub rerolls: u32,
    /// Difficulty before ability reductions.
    pub difficulty: i64,
    /// Total reduction from abilities.
    pub lowered: i64,
}

impl Plan {
    /// A plain check: 2D + `skill_value` against `difficulty`.
    pub fn new(skill: Skill, skill_value: i64, difficulty: i64) -> Plan {
        Plan {
            skill,
            skill_value,
            bonus: 0,
            extra_die: false,
            rerolls: 0,
            difficulty,
            lowered: 0,
        }
    }

    /// Adds an ability's effect.
    pub fn add(&mut self, effect: Effect) {
        match effect {
            Effect::Bonus { amount, skill } => {
                if skill.is_none() || skill == Some(self.skill) {
                    self.bonus += amount;
                }
            }
            Effect::Reroll => self.rerolls += 1,
            Effect::ExtraDie => self.extra_die = true,
            Effect::Difficulty { amount } => self.lowered += amount,
            Effect::Free => {}
        }
    }

    /// The Difficulty the total must reach.
    pub fn target(&self) -> i64 {
        self.difficulty - self.lowered
    }

    /// The dice expression rolled, e.g. `2d6+4` or `3d6kh2+5`.
    pub fn expr(&self) -> String {
        let dice = if self.extra_die { "3d6kh2" } else { "2d6" };
        let m = self.skill_value + self.bonus;
        match m {
            0 => dice.to_string(),
            m if m > 0 => format!("{dice}+{m}"),
            m => format!("{dice}{m}"),
        }
    }

    /// Exact chance of success, counting every reroll of a failure: each roll is independent,
    /// so the check fails only when all `1 + rerolls` rolls fail.
    pub fn chance(&self) -> Result<f64, RuleError> {
        let d = dice::odds(&self.expr()).map_err(dice_refusal)?;
        let p = d.prob_at_least(self.target());
        Ok(1.0 - (1.0 - p).powi(self.rerolls as i32 + 1))
    }

    /// One line: `Power: 2d6+4 vs 11 — 58.3% chance`, in English (the story's words).
    pub fn line(&self) -> String {
        self.said().text(Locale::En)
    }

    /// The line of [`Plan::line`] as the catalogue's words (`nobi-chance`).
    pub fn said(&self) -> Phrase {
        let extras = if self.extra_die || self.rerolls > 0 {
            Value::from(
                Phrase::new("nobi-chance-extras")
                    .arg("die", if self.extra_die { "yes" } else { "no" })
                    .arg("rerolls", i64::from(self.rerolls)),
            )
        } else {
            Value::from("")
        };
        let chance = self
            .chance()
            .map(dice::percent)
            .unwrap_or_else(|_| "?".into());
        Phrase::new("nobi-chance")
            .arg("skill", self.skill.said())
            .arg("expr", self.expr())
            .arg("target", self.target())
            .arg("difficulty", self.difficulty)
            .arg("lowered", self.lowered)
            .arg("extras", extras)
            .arg("chance", chance)
    }

    /// Rolls: returns the rendered rolls, the final total and success.
    pub fn roll(&self, rng: &mut GameRng) -> Result<Outcome, RuleError> {
        let mut rolls = Vec::new();
        let mut total = 0;
        for _ in 0..=self.rerolls {
            let r = dice::roll(&self.expr(), rng).map_err(dice_refusal)?;
            rolls.push(r.render());
            total = r.total;
            if total >= self.target() {
                break;
            }
        }
        Ok(Outcome {
            rolls,
            total,
            success: total >= self.target(),
        })
    }
}

/// What a roll gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Rendered rolls (each reroll of a failure adds one).
    pub rolls: Vec<String>,
    /// Final total.
    pub total: i64,
    /// Total ≥ Difficulty.
    pub success: bool,
}

impl Outcome {
    /// The rolls as words: the first as rendered, each reroll marked (`nobi-reroll`), one
    /// after the other (`nobi-rolls`).
    pub fn said(&self) -> Value {
        let mut said = self.rolls.iter().enumerate().map(|(i, r)| {
            if i == 0 {
                Value::from(r.as_str())
            } else {
                Value::from(Phrase::new("nobi-reroll").arg("roll", r.as_str()))
            }
        });
        let first = said.next().unwrap_or_else(|| Value::from(""));
        said.fold(first, |a, b| {
            Value::from(Phrase::new("nobi-rolls").arg("a", a).arg("b", b))
        })
    }
}

/// The plan for the current check or final test, with every announced and Permanent ability.
pub fn current_plan(t: &Nobi, data: &NobiData) -> Option<Plan> {
    let (skill, difficulty, uses, tester) = match &t.step {
        Step::Check {
            skill,
            difficulty,
            uses,
            ..
        } => (*skill, *difficulty, uses, t.mc),
        // Solo play writes its Epilogue instead of testing it: no odds to show.
        Step::Epilogue { .. } if t.mode == Mode::Solo => return None,
        Step::Epilogue {
            card, uses, tester, ..
        } => {
            let e = data.epilogue(card)?;
            (e.skill, e.difficulty, uses, *tester)
        }
        _ => return None,
    };
    plan_for(t, data, tester, skill, difficulty, uses)
}

/// The plan of a test of `skill` against `difficulty` taken by `tester`'s main character: its
/// skill with its cards, its Permanent abilities, and the abilities announced in `uses`.
pub fn plan_for(
    t: &Nobi,
    data: &NobiData,
    tester: usize,
    skill: Skill,
    difficulty: i64,
    uses: &[Use],
) -> Option<Plan> {
    let sheet = t.seats.get(tester)?.chars.first()?;
    let mut plan = Plan::new(skill, sheet.skill(data, skill), difficulty);
    for a in sheet.abilities(data) {
        if a.tag == Tag::Permanent {
            plan.add(a.effect);
        }
    }
    for u in uses {
        if let Some(a) = t
            .seats
            .get(u.seat)
            .and_then(|s| s.chars.iter().find(|c| c.character == u.character))
            .and_then(|c| c.abilities(data).into_iter().find(|a| a.name == u.ability))
        {
            plan.add(a.effect);
        }
    }
    Some(plan)
}

/// Each seat's chance at the Epilogue card `card`'s final test, with nothing announced yet
/// (its main character's skill, cards and Permanent abilities), in seat order.
pub fn tester_chances(t: &Nobi, data: &NobiData, card: &str) -> Vec<(usize, f64)> {
    let Some(e) = data.epilogue(card) else {
        return vec![];
    };
    (0..t.seats.len())
        .filter_map(|s| {
            let p = plan_for(t, data, s, e.skill, e.difficulty, &[])?;
            Some((s, p.chance().ok()?))
        })
        .collect()
}

/// Who takes the final test of `card` when the players have chosen nobody: the player with
/// the best chance, the first of them counted from the seat after the last Main Character.
pub fn best_tester(t: &Nobi, data: &NobiData, card: &str) -> usize {
    let n = t.seats.len().max(1);
    let first = (t.mc + 1) % n;
    let chances = tester_chances(t, data, card);
    (0..n)
        .map(|k| (first + k) % n)
        .fold(None::<(usize, f64)>, |best, s| {
            let c = chances
                .iter()
                .find(|(x, _)| *x == s)
                .map_or(0.0, |(_, c)| *c);
            match best {
                Some((_, b)) if b >= c => best,
                _ => Some((s, c)),
            }
        })
        .map_or(first, |(s, _)| s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use croupier_core::rng::seeded;

    /// Issue #40: a dice error refuses in the dice's words, in each reader's language.
    #[test]
    fn a_dice_error_refuses_in_each_readers_language() {
        let e = dice::parse("1d0").expect_err("no sides");
        let refusal = dice_refusal(e.clone());
        assert_eq!(refusal.0, e.to_string());
        let ja = refusal.2.expect("typed words").text(Locale::Ja);
        assert_eq!(ja, e.text(Locale::Ja));
        assert_ne!(ja, refusal.0);
    }

    #[test]
    fn rule_nobi_skill_check_is_2d_plus_skill_at_least_difficulty() {
        // "2 Dice + Power/Technique (4) ≥ Skill Check Difficulty (13)"
        let p = Plan::new(Skill::Power, 4, 13);
        assert_eq!(p.expr(), "2d6+4");
        // need 9+ on 2d6: 10/36
        assert!((p.chance().unwrap() - 10.0 / 36.0).abs() < 1e-9);
        let mut rng = seeded(3);
        for _ in 0..50 {
            let o = p.roll(&mut rng).unwrap();
            assert_eq!(o.success, o.total >= 13);
            assert!((6..=16).contains(&o.total));
        }
    }

    #[test]
    fn effects_change_expression_difficulty_and_odds() {
        let mut p = Plan::new(Skill::Technique, 3, 11);
        let base = p.chance().unwrap();
        p.add(Effect::Bonus {
            amount: 2,
            skill: Some(Skill::Power),
        });
        assert_eq!(
            p.bonus, 0,
            "a Power-only bonus does not help a Technique check"
        );
        p.add(Effect::Bonus {
            amount: 2,
            skill: None,
        });
        assert_eq!(p.expr(), "2d6+5");
        p.add(Effect::Difficulty { amount: 2 });
        assert_eq!(p.target(), 9);
        p.add(Effect::ExtraDie);
        assert_eq!(p.expr(), "3d6kh2+5");
        let before = p.chance().unwrap();
        p.add(Effect::Reroll);
        let after = p.chance().unwrap();
        assert!(after > before && before > base);
        assert!((after - (before + (1.0 - before) * before)).abs() < 1e-12);
    }

    #[test]
    fn negative_modifiers_render() {
        let p = Plan::new(Skill::Power, -1, 8);
        assert_eq!(p.expr(), "2d6-1");
        assert!(p.chance().is_ok());
    }
}
