//! The Judge: 2D + Alter against a Difficulty or an opponent, with the per-session Critical
//! and Fumble values, Any Seven, and the Prana options on a rolled Judge.
//!
//! Resolution order for one side (digest §3.5): roll (or Any Seven) → Prana Reroll →
//! Cancel Fumble / Fudge → Critical or Fumble → critical chain (opposed) → Raise Result → floor.

use serde::{Deserialize, Serialize};

use super::said::no;
use croupier_core::i18n::Locale;
use croupier_core::rng::GameRng;
use croupier_core::table::{Phrase, RuleError, Value};

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

/// Critical and Fumble values a skill adds to one roll, on top of the roller's own [`Cf`].
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Values {
    /// Further Critical values.
    pub critical: Vec<u32>,
    /// Further Fumble values.
    pub fumble: Vec<u32>,
}

impl Values {
    /// Reads `7,10` (BCDice's list): values 2 to 12, at most 11 of them.
    pub fn parse(list: &str, what: &str) -> Result<Vec<u32>, RuleError> {
        let mut out = vec![];
        for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.parse::<u32>() {
                Ok(n) if (2..=12).contains(&n) => {
                    if !out.contains(&n) {
                        out.push(n)
                    }
                }
                _ => {
                    return no(Phrase::new("nw-values-bad")
                        .arg("what", super::said::word("nw-values", what))
                        .arg("part", part))
                }
            }
        }
        Ok(out)
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
    /// Further Critical values for this roll (skills add values; BCDice's `@7,10`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_critical: Vec<u32>,
    /// Further Fumble values for this roll (BCDice's `#2,5`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_fumble: Vec<u32>,
    /// The skill and item effects in force counted in `alter` (`Guard A +2`), shown after
    /// the roll.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Value>,
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
        Judge::roll_values(alter, cf, &Values::default(), mode, any_seven, dice)
    }

    /// [`Judge::roll`] with further Critical and Fumble values for this roll (§3: a skill may
    /// add values; the roll is a Critical or a Fumble when its total is any of them).
    pub fn roll_values(
        alter: i32,
        cf: Cf,
        more: &Values,
        mode: Mode,
        any_seven: bool,
        dice: &mut impl Dice,
    ) -> Judge {
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
            more_critical: more.critical.clone(),
            more_fumble: more.fumble.clone(),
            effects: vec![],
        };
        j.settle_chain(dice);
        j
    }

    /// The same Judge rolled again (§15.4 "Rerolls granted by skills": every modifier from
    /// other skills and items stays in force), with new dice and nothing bought with Prana.
    pub fn rolled_again(&self, dice: &mut impl Dice) -> Judge {
        let more = Values {
            critical: self.more_critical.clone(),
            fumble: self.more_fumble.clone(),
        };
        let mut j = Judge::roll_values(self.alter, self.cf, &more, self.mode, self.any_seven, dice);
        j.effects = self.effects.clone();
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

    /// `total` is one of this roll's Critical values.
    pub fn critical_value(&self, total: u32) -> bool {
        total == self.cf.critical || self.more_critical.contains(&total)
    }

    /// `total` is one of this roll's Fumble values.
    pub fn fumble_value(&self, total: u32) -> bool {
        total == self.cf.fumble || self.more_fumble.contains(&total)
    }

    /// The original roll is a critical (a total that is also a Fumble value is a Fumble, as in
    /// BCDice, and stays an ordinary roll once the Fumble is cancelled).
    pub fn is_critical(&self) -> bool {
        let t = self.roll_total();
        !self.any_seven && t > 0 && self.critical_value(t as u32) && !self.fumble_value(t as u32)
    }

    /// The original roll is a fumble that was not cancelled.
    pub fn is_fumble(&self) -> bool {
        let t = self.roll_total();
        !self.any_seven && !self.cancelled && t > 0 && self.fumble_value(t as u32)
    }

    /// Every Critical and every Fumble value of this roll, in BCDice's order (own value first).
    pub fn values(&self) -> (Vec<u32>, Vec<u32>) {
        let list = |first: u32, more: &[u32]| {
            let mut v = vec![first];
            for m in more {
                if !v.contains(m) {
                    v.push(*m);
                }
            }
            v
        };
        (
            list(self.cf.critical, &self.more_critical),
            list(self.cf.fumble, &self.more_fumble),
        )
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
                    if !self.critical_value(d[0] + d[1]) || self.chain.len() >= 50 {
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
                .filter(|d| self.critical_value(d[0] + d[1]))
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
            return no(Phrase::new("nw-prana-seven-reroll"));
        }
        if self.is_critical() || self.is_fumble() {
            return no(Phrase::new("nw-prana-no-reroll"));
        }
        if self.fudges > 0 || self.cancelled || self.raised() {
            return no(Phrase::new("nw-prana-reroll-first"));
        }
        if let Mode::Opposed {
            against: Some(_),
            attacker: true,
        } = self.mode
        {
            return no(Phrase::new("nw-prana-reroll-late"));
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
            return no(Phrase::new("nw-prana-no-fumble"));
        }
        if self.raised() {
            return no(Phrase::new("nw-prana-cancel-first"));
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
            return no(Phrase::new("nw-prana-seven-fudge"));
        }
        if self.is_fumble() {
            return no(Phrase::new("nw-prana-fudge-fumble"));
        }
        if self.fudges > 0 && !rules.fudge_repeat {
            return no(Phrase::new("nw-prana-fudge-once"));
        }
        if self.raised() {
            return no(Phrase::new("nw-prana-fudge-first"));
        }
        let next = self.roll_total() + if up { 1 } else { -1 };
        if !(2..=12).contains(&next) {
            return no(Phrase::new("nw-prana-fudge-range"));
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
            return no(Phrase::new("nw-prana-raise-range"));
        }
        for _ in 0..prana {
            self.raises
                .push((0..rules.raise_dice.max(1)).map(|_| dice.d6()).collect());
        }
        self.prana_spent += prana as i32;
        Ok(())
    }

    /// The BCDice-style result line, e.g. `(2D6+5) ＞ 9[4,5]+5 ＞ 14 ＞ success`, in English.
    pub fn line(&self) -> String {
        self.said_line().text(Locale::En)
    }

    /// The result line as typed words (`locales/*/nightwizard-combat.ftl`), written in each
    /// reader's language: English as [`Judge::line`]; Japanese as BCDice writes it, its
    /// Critical and Fumble values always shown: `(2D6+5@10#5) ＞ 9[4,5]+5 ＞ 14 ＞ 成功`.
    pub fn said_line(&self) -> Value {
        let o = self.outcome();
        let alter = signed(self.alter);
        let (c, f) = self.values();
        let join = |v: Vec<u32>| {
            v.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        // Several values print as BCDice writes them: `(2D6+5@7,10#2,5)`.
        let more = !(self.more_critical.is_empty() && self.more_fumble.is_empty());
        let mut parts: Vec<Value> = vec![Phrase::new("nw-line-head")
            .arg("alter", alter.as_str())
            .arg("critical", join(c))
            .arg("fumble", join(f))
            .arg("more", yes(more))
            .into()];
        let dice: Value = if self.any_seven {
            Phrase::new("nw-line-any-seven").into()
        } else {
            let [a, b] = self.dice;
            let mut s = format!("{}[{a},{b}]", a + b);
            if self.fudge != 0 {
                s = format!("{s}{}→{}", signed(self.fudge), o.roll);
            }
            s.into()
        };
        let word = |key: &str, dice: Value, after: &str| -> Value {
            Phrase::new(key)
                .arg("dice", dice)
                .arg("alter", after)
                .into()
        };
        if o.fumble {
            parts.push(word("nw-line-fumble", dice, ""));
            parts.push(format!("{}-10", self.alter).into());
        } else if o.critical && self.opposed() {
            parts.push(word("nw-line-critical", dice, ""));
            for d in &self.chain {
                let t = d[0] + d[1];
                let rolled = format!("{t}[{},{}]", d[0], d[1]);
                if self.critical_value(t) {
                    parts.push(word("nw-line-critical", rolled.into(), ""));
                } else {
                    parts.push(
                        format!("{rolled}{}", signed(self.alter + 10 * o.crits as i32)).into(),
                    );
                }
            }
        } else if o.critical {
            parts.push(word("nw-line-critical", dice, &alter));
        } else if self.cancelled {
            parts.push(word("nw-line-cancelled", dice, &alter));
        } else {
            parts.push(word("nw-line-plain", dice, &alter));
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
            parts.push(Phrase::new("nw-line-raise").arg("dice", r.join("+")).into());
        }
        parts.push(i64::from(o.result).into());
        match o.success {
            Some(true) if o.critical && !self.opposed() => {
                parts.push(Phrase::new("nw-line-automatic-success").into())
            }
            Some(true) => parts.push(Phrase::new("nw-line-success").into()),
            Some(false) => parts.push(Phrase::new("nw-line-failure").into()),
            None => {}
        }
        let line = chain("nw-line-then", parts);
        if self.effects.is_empty() {
            line
        } else {
            Phrase::new("nw-line-with")
                .arg("line", line)
                .arg(
                    "effects",
                    crate::words::joined("nw-join-comma", self.effects.clone()),
                )
                .into()
        }
    }
}

/// `parts` one after another, each pair joined by the message `key` (`{ $a } ＞ { $b }`).
pub fn chain(key: &str, parts: Vec<Value>) -> Value {
    let mut it = parts.into_iter();
    let first = it.next().unwrap_or_else(|| Value::Text(String::new()));
    it.fold(first, |a, b| {
        Phrase::new(key).arg("a", a).arg("b", b).into()
    })
}

/// A yes/no value for a catalogue's selector.
pub fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
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
#[path = "roll_tests.rs"]
mod tests;
