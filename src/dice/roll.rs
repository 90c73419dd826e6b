//! Rolling a parsed [`Expr`] into a [`Roll`] that records every die.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::error::{DiceError, MAX_DICE, MAX_REROLLS};
use super::parse::{BinOp, DiceTerm, KeepKind, Node};

/// The result of rolling an expression, with every die kept for display and audit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// The expression text (without the label).
    pub expression: String,
    /// The label, e.g. `fireball`.
    pub label: Option<String>,
    /// The final result.
    pub total: i64,
    /// Every dice term, in the order they appear.
    pub terms: Vec<TermRoll>,
    /// The expression as a flat list of pieces, for rendering.
    pub parts: Vec<Part>,
}

/// One dice term (e.g. `4d6kh3`) and its dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermRoll {
    /// The term as written, e.g. `4d6kh3`.
    pub notation: String,
    /// Every die rolled, in order; exploded dice are followed by the dice they added.
    pub dice: Vec<Die>,
    /// The term's value: the sum of kept dice, or successes minus failures.
    pub value: i64,
    /// True when the term counts successes instead of summing.
    pub counts_successes: bool,
}

/// One die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    /// The final value (after rerolls, compounding and min/max).
    pub value: i64,
    /// False when dropped by keep/drop.
    pub kept: bool,
    /// True when this die exploded (for compounding: when its value includes extra rolls).
    pub exploded: bool,
    /// Values rolled before and replaced by a reroll, oldest first.
    pub rerolled: Vec<i64>,
    /// Counted as a success.
    pub success: bool,
    /// Counted as a failure.
    pub failure: bool,
}

/// A piece of a rolled expression, in reading order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Part {
    /// A constant.
    Number(i64),
    /// A dice term: index into [`Roll::terms`].
    Term(usize),
    /// A binary operator: `+`, `-`, `*` or `/`.
    Op(char),
    /// Unary minus.
    Neg,
    /// `(`
    Open,
    /// `)`
    Close,
}

impl super::Expr {
    /// Rolls the expression. All randomness comes from `rng`.
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Roll, DiceError> {
        let mut ctx = Ctx {
            rng,
            rolled: 0,
            terms: Vec::new(),
            parts: Vec::new(),
        };
        let total = ctx.eval(&self.root)?;
        Ok(Roll {
            expression: self.text.clone(),
            label: self.label.clone(),
            total,
            terms: ctx.terms,
            parts: ctx.parts,
        })
    }
}

/// Floor division (rounds toward negative infinity); `None` on division by
/// zero or overflow.
pub(crate) fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

struct Ctx<'r, R: ?Sized> {
    rng: &'r mut R,
    rolled: usize,
    terms: Vec<TermRoll>,
    parts: Vec<Part>,
}

impl<R: Rng + ?Sized> Ctx<'_, R> {
    fn eval(&mut self, node: &Node) -> Result<i64, DiceError> {
        match node {
            Node::Num { value } => {
                self.parts.push(Part::Number(*value));
                Ok(*value)
            }
            Node::Paren { inner } => {
                self.parts.push(Part::Open);
                let v = self.eval(inner)?;
                self.parts.push(Part::Close);
                Ok(v)
            }
            Node::Neg { inner, pos } => {
                self.parts.push(Part::Neg);
                let v = self.eval(inner)?;
                v.checked_neg().ok_or(DiceError::Overflow { pos: *pos })
            }
            Node::Bin { op, lhs, rhs, pos } => {
                let a = self.eval(lhs)?;
                self.parts.push(Part::Op(op.symbol()));
                let b = self.eval(rhs)?;
                let overflow = DiceError::Overflow { pos: *pos };
                match op {
                    BinOp::Add => a.checked_add(b).ok_or(overflow),
                    BinOp::Sub => a.checked_sub(b).ok_or(overflow),
                    BinOp::Mul => a.checked_mul(b).ok_or(overflow),
                    BinOp::Div if b == 0 => Err(DiceError::DivisionByZero { pos: *pos }),
                    BinOp::Div => floor_div(a, b).ok_or(overflow),
                }
            }
            Node::Dice(term) => {
                let t = self.roll_term(term)?;
                let v = t.value;
                self.parts.push(Part::Term(self.terms.len()));
                self.terms.push(t);
                Ok(v)
            }
        }
    }

    /// Rolls one face, counting it against [`MAX_DICE`].
    fn face(&mut self, term: &DiceTerm) -> Result<i64, DiceError> {
        self.rolled += 1;
        if self.rolled > MAX_DICE {
            return Err(DiceError::TooManyDice {
                limit: MAX_DICE,
                pos: term.pos,
            });
        }
        let (lo, hi) = term.sides.faces();
        Ok(self.rng.random_range(lo..=hi))
    }

    /// Rolls one die, applying rerolls (but not explosions).
    fn roll_die(&mut self, term: &DiceTerm) -> Result<Die, DiceError> {
        let mut value = self.face(term)?;
        let mut rerolled = Vec::new();
        if let Some(r) = term.reroll {
            while r.cond.matches(value) && !(r.once && !rerolled.is_empty()) {
                if rerolled.len() >= MAX_REROLLS {
                    return Err(DiceError::TooManyRerolls {
                        limit: MAX_REROLLS,
                        pos: term.pos,
                    });
                }
                rerolled.push(value);
                value = self.face(term)?;
            }
        }
        Ok(Die {
            value,
            kept: true,
            exploded: false,
            rerolled,
            success: false,
            failure: false,
        })
    }

    fn roll_term(&mut self, term: &DiceTerm) -> Result<TermRoll, DiceError> {
        let too_many = DiceError::TooManyExplosions {
            limit: MAX_REROLLS,
            pos: term.pos,
        };
        let mut dice = Vec::new();
        for _ in 0..term.count {
            let mut explosions = 0;
            loop {
                let mut die = self.roll_die(term)?;
                match term.explode {
                    Some(e) if e.cond.matches(die.value) => {
                        die.exploded = true;
                        if e.compound {
                            let mut last = die.value;
                            while e.cond.matches(last) {
                                explosions += 1;
                                if explosions > MAX_REROLLS {
                                    return Err(too_many);
                                }
                                last = self.face(term)?;
                                die.value = die
                                    .value
                                    .checked_add(last)
                                    .ok_or(DiceError::Overflow { pos: term.pos })?;
                            }
                            dice.push(die);
                            break;
                        }
                        dice.push(die);
                        explosions += 1;
                        if explosions > MAX_REROLLS {
                            return Err(too_many);
                        }
                    }
                    _ => {
                        dice.push(die);
                        break;
                    }
                }
            }
        }
        for die in &mut dice {
            die.value = term.clamp(die.value);
        }
        if let Some(keep) = term.keep {
            let n = dice.len();
            let k = usize::try_from(keep.n).unwrap_or(usize::MAX).min(n);
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by_key(|&i| dice[i].value);
            let dropped = match keep.kind {
                KeepKind::KeepHigh => &order[..n - k],
                KeepKind::KeepLow => &order[k..],
                KeepKind::DropHigh => &order[n - k..],
                KeepKind::DropLow => &order[..k],
            };
            for &i in dropped {
                dice[i].kept = false;
            }
        }
        let overflow = DiceError::Overflow { pos: term.pos };
        let mut value: i64 = 0;
        for die in dice.iter_mut().filter(|d| d.kept) {
            if let Some(s) = term.success {
                die.success = s.matches(die.value);
                die.failure = term.failure.is_some_and(|f| f.matches(die.value));
                value += i64::from(die.success) - i64::from(die.failure);
            } else {
                value = value.checked_add(die.value).ok_or(overflow.clone())?;
            }
        }
        Ok(TermRoll {
            notation: term.text.clone(),
            dice,
            value,
            counts_successes: term.success.is_some(),
        })
    }
}
