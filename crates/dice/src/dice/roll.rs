//! Rolling a parsed [`Expr`] into a [`Roll`] that records every die.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::error::{DiceError, MAX_DICE, MAX_REROLLS};
use super::note::Warning;
use super::num::{floor_div, floor_mod, Q};
use super::parse::{
    BinOp, DiceTerm, ExplodeKind, Func, GroupTerm, Keep, KeepKind, Node, RerollKind, Sort,
};

/// The result of rolling an expression, with every die kept for display and audit.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Roll {
    /// The expression text (without the label).
    pub expression: String,
    /// The label, e.g. `fireball`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The final result.
    pub total: i64,
    /// Every dice term, in the order they were rolled.
    pub terms: Vec<TermRoll>,
    /// The expression as a flat list of pieces, for rendering.
    pub parts: Vec<Part>,
    /// Every group (`{…}`), in the order they were opened.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<GroupRoll>,
    /// The note for users of other dice tools (see [`super::Expr::warning`]; stored as its
    /// English text before it was typed, which still loads).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<Warning>,
}

/// One dice term (e.g. `4d6kh3`) and its dice.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TermRoll {
    /// The term as written, e.g. `4d6kh3`; for a computed count, with the count rolled (`3d6`).
    pub notation: String,
    /// Every die rolled, in order (or sorted by `s`/`sd`); exploded dice are followed by
    /// the dice they added.
    pub dice: Vec<Die>,
    /// The term's value: the sum of kept dice, or successes minus failures.
    pub value: i64,
    /// True when the term counts successes instead of summing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counts_successes: bool,
}

/// One die. Stored (in the log and in request outcomes) without what is as usual: a die kept,
/// not exploded, never rerolled, neither success nor failure is `{"value":n}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Die {
    /// The final value (after rerolls, compounding and min/max).
    pub value: i64,
    /// False when dropped by keep/drop.
    #[serde(default = "kept_by_default", skip_serializing_if = "is_kept")]
    pub kept: bool,
    /// True when this die exploded (for compounding: when its value includes extra rolls).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exploded: bool,
    /// Values rolled before and replaced by a reroll, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rerolled: Vec<i64>,
    /// Counted as a success.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub success: bool,
    /// Counted as a failure.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub failure: bool,
    /// Marked as a critical success (`cs`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crit_success: bool,
    /// Marked as a critical failure (`cf`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crit_failure: bool,
    /// Added by reroll-and-add (`ra`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub added: bool,
}

/// A die read without `kept` was kept (see [`Die`]).
fn kept_by_default() -> bool {
    true
}

/// A kept die is stored without `kept` (see [`Die`]).
fn is_kept(kept: &bool) -> bool {
    *kept
}

impl Die {
    pub(crate) fn new(value: i64) -> Die {
        Die {
            value,
            kept: true,
            exploded: false,
            rerolled: Vec::new(),
            success: false,
            failure: false,
            crit_success: false,
            crit_failure: false,
            added: false,
        }
    }
}

/// A group `{a, b, …}`: each item's total, and which were kept or counted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GroupRoll {
    /// The modifiers after `}` as written, e.g. `kh1` or `>8`.
    pub notation: String,
    /// One entry per item, in order.
    pub items: Vec<GroupItem>,
    /// The group's value: the sum of kept items, or successes minus failures.
    pub value: i64,
    /// True when the group counts successes.
    pub counts_successes: bool,
}

/// One item of a group.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GroupItem {
    /// The item's total.
    pub value: i64,
    /// False when dropped by keep/drop.
    pub kept: bool,
    /// Counted as a success.
    pub success: bool,
    /// Counted as a failure.
    pub failure: bool,
}

/// A piece of a rolled expression, in reading order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Part {
    /// A constant.
    Number(i64),
    /// A dice term: index into [`Roll::terms`].
    Term(usize),
    /// A binary operator: `+`, `-`, `*`, `/` or `%`.
    Op(char),
    /// Unary minus.
    Neg,
    /// `(`
    Open,
    /// `)`
    Close,
    /// A function name; `Open`, its argument and `Close` follow.
    Func(Func),
    /// An inline label for the piece before it, e.g. `fire` in `2d6[fire]`.
    Label(String),
    /// The start of a computed dice count, `(1+2)d6`; its pieces follow up to `CountClose`.
    CountOpen,
    /// The end of a computed count.
    CountClose,
    /// A dice term whose count was computed just before: index into [`Roll::terms`].
    Counted(usize),
    /// `{` of group N (index into [`Roll::groups`]).
    GroupOpen(usize),
    /// The end of item `item` of group `group`.
    GroupItemEnd { group: usize, item: usize },
    /// `}` of group N.
    GroupClose(usize),
}

impl super::Expr {
    /// Rolls the expression. All randomness comes from `rng`.
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Roll, DiceError> {
        let mut ctx = Ctx {
            rng,
            rolled: 0,
            terms: Vec::new(),
            parts: Vec::new(),
            groups: Vec::new(),
        };
        let total = ctx.eval(&self.root, false)?;
        // Outside a rounding function every step is a whole number.
        let total = total.to_i64().ok_or(DiceError::Overflow { pos: 0 })?;
        Ok(Roll {
            expression: self.text.clone(),
            label: self.label.clone(),
            total,
            terms: ctx.terms,
            parts: ctx.parts,
            groups: ctx.groups,
            warning: self.warning.clone(),
        })
    }
}

struct Ctx<'r, R: ?Sized> {
    rng: &'r mut R,
    rolled: usize,
    terms: Vec<TermRoll>,
    parts: Vec<Part>,
    groups: Vec<GroupRoll>,
}

/// Keeps `Some(q)` only when it is a whole number that fits an i64 (outside rounding
/// functions every intermediate result must).
fn whole(q: Option<Q>, exact: bool, pos: usize) -> Result<Q, DiceError> {
    let q = q.ok_or(DiceError::Overflow { pos })?;
    if exact || q.to_i64().is_some() {
        Ok(q)
    } else {
        Err(DiceError::Overflow { pos })
    }
}

/// Marks the dropped entries of `values` (by value; ties keep the earlier one) and
/// returns which indices are kept.
fn kept_mask(values: &[i64], keep: Keep) -> Vec<bool> {
    let n = values.len();
    let k = usize::try_from(keep.n).unwrap_or(usize::MAX).min(n);
    let mut order: Vec<usize> = (0..n).collect();
    // Lowest first. Among equal values the one dropped first comes first: the later die
    // where the low end is dropped (keep highest, drop lowest), else the earlier one stays
    // at the kept end, so a tie always keeps the earlier die.
    let later_first = matches!(keep.kind, KeepKind::KeepHigh | KeepKind::DropLow);
    order.sort_by_key(|&i| (values[i], if later_first { n - i } else { i }));
    let dropped = match keep.kind {
        KeepKind::KeepHigh => &order[..n - k],
        KeepKind::KeepLow => &order[k..],
        KeepKind::DropHigh => &order[n - k..],
        KeepKind::DropLow => &order[..k],
    };
    let mut mask = vec![true; n];
    for &i in dropped {
        mask[i] = false;
    }
    mask
}

impl<R: Rng + ?Sized> Ctx<'_, R> {
    fn eval(&mut self, node: &Node, exact: bool) -> Result<Q, DiceError> {
        match node {
            Node::Num { value } => {
                self.parts.push(Part::Number(*value));
                Ok(Q::int(*value))
            }
            Node::Paren { inner } => {
                self.parts.push(Part::Open);
                let v = self.eval(inner, exact)?;
                self.parts.push(Part::Close);
                Ok(v)
            }
            Node::Label { inner, label } => {
                let v = self.eval(inner, exact)?;
                self.parts.push(Part::Label(label.clone()));
                Ok(v)
            }
            Node::Neg { inner, pos } => {
                self.parts.push(Part::Neg);
                let v = self.eval(inner, exact)?;
                whole(v.neg(), exact, *pos)
            }
            Node::Func { func, inner, pos } => {
                self.parts.push(Part::Func(*func));
                self.parts.push(Part::Open);
                let v = self.eval(inner, exact || func.rounds())?;
                self.parts.push(Part::Close);
                let r = match func {
                    Func::Floor => v.floor(),
                    Func::Ceil => v.ceil(),
                    Func::Round => v.round(),
                    Func::Abs => v.abs(),
                };
                whole(r, exact, *pos)
            }
            Node::Bin { op, lhs, rhs, pos } => {
                let a = self.eval(lhs, exact)?;
                self.parts.push(Part::Op(op.symbol()));
                let b = self.eval(rhs, exact)?;
                let pos = *pos;
                if matches!(op, BinOp::Div | BinOp::Mod) && b.n == 0 {
                    return Err(DiceError::DivisionByZero { pos });
                }
                let r = match op {
                    BinOp::Add => a.add(b),
                    BinOp::Sub => a.sub(b),
                    BinOp::Mul => a.mul(b),
                    BinOp::Div if exact => a.div(b),
                    BinOp::Mod if exact => a.rem(b),
                    // Outside rounding functions both sides are whole i64 numbers.
                    BinOp::Div => match (a.to_i64(), b.to_i64()) {
                        (Some(x), Some(y)) => floor_div(x, y).map(Q::int),
                        _ => None,
                    },
                    BinOp::Mod => match (a.to_i64(), b.to_i64()) {
                        (Some(x), Some(y)) => floor_mod(x, y).map(Q::int),
                        _ => None,
                    },
                };
                whole(r, exact, pos)
            }
            Node::Dice(term) => {
                let n = match &term.count_expr {
                    Some(c) => {
                        self.parts.push(Part::CountOpen);
                        let v = self.eval(c, false)?;
                        self.parts.push(Part::CountClose);
                        let v = v.to_i64().ok_or(DiceError::Overflow { pos: term.pos })?;
                        if v < 0 {
                            return Err(DiceError::NegativeCount {
                                value: v,
                                pos: term.pos,
                            });
                        }
                        v
                    }
                    None => term.count,
                };
                let t = self.roll_term(term, n)?;
                let v = t.value;
                let index = self.terms.len();
                self.parts.push(if term.count_expr.is_some() {
                    Part::Counted(index)
                } else {
                    Part::Term(index)
                });
                self.terms.push(t);
                Ok(Q::int(v))
            }
            Node::Group(g) => self.group(g).map(Q::int),
        }
    }

    fn group(&mut self, g: &GroupTerm) -> Result<i64, DiceError> {
        let index = self.groups.len();
        self.groups.push(GroupRoll {
            notation: g.text.clone(),
            items: Vec::new(),
            value: 0,
            counts_successes: g.success.is_some(),
        });
        self.parts.push(Part::GroupOpen(index));
        let mut values = Vec::with_capacity(g.items.len());
        for (i, item) in g.items.iter().enumerate() {
            let v = self.eval(item, false)?;
            values.push(v.to_i64().ok_or(DiceError::Overflow { pos: g.pos })?);
            self.parts.push(Part::GroupItemEnd {
                group: index,
                item: i,
            });
        }
        self.parts.push(Part::GroupClose(index));
        let mask = match g.keep {
            Some(k) => kept_mask(&values, k),
            None => vec![true; values.len()],
        };
        let mut value: i64 = 0;
        let mut items = Vec::with_capacity(values.len());
        for (&v, &kept) in values.iter().zip(&mask) {
            let mut item = GroupItem {
                value: v,
                kept,
                success: false,
                failure: false,
            };
            if kept {
                if let Some(s) = g.success {
                    item.success = s.matches(v);
                    item.failure = g.failure.is_some_and(|f| f.matches(v));
                    value += i64::from(item.success) - i64::from(item.failure);
                } else {
                    value = value
                        .checked_add(v)
                        .ok_or(DiceError::Overflow { pos: g.pos })?;
                }
            }
            items.push(item);
        }
        self.groups[index].items = items;
        self.groups[index].value = value;
        Ok(value)
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

    /// Rolls one die, applying `r`/`ro` rerolls (but not explosions).
    fn roll_die(&mut self, term: &DiceTerm) -> Result<Die, DiceError> {
        let mut die = Die::new(self.face(term)?);
        if let Some(r) = term.reroll {
            let once = match r.kind {
                RerollKind::Add => return Ok(die),
                RerollKind::Once => true,
                RerollKind::Repeat => false,
            };
            while (!once || die.rerolled.is_empty()) && r.cond.matches(die.value) {
                if die.rerolled.len() >= MAX_REROLLS {
                    return Err(DiceError::TooManyRerolls {
                        limit: MAX_REROLLS,
                        pos: term.pos,
                    });
                }
                die.rerolled.push(die.value);
                die.value = self.face(term)?;
            }
        }
        Ok(die)
    }

    fn roll_term(&mut self, term: &DiceTerm, count: i64) -> Result<TermRoll, DiceError> {
        let too_many = DiceError::TooManyExplosions {
            limit: MAX_REROLLS,
            pos: term.pos,
        };
        let overflow = DiceError::Overflow { pos: term.pos };
        let mut dice = Vec::new();
        for _ in 0..count {
            let mut explosions = 0;
            loop {
                let mut die = self.roll_die(term)?;
                match term.explode {
                    Some(e) if e.cond.matches(die.value) => {
                        die.exploded = true;
                        match e.kind {
                            ExplodeKind::Compound => {
                                let mut last = die.value;
                                while e.cond.matches(last) {
                                    explosions += 1;
                                    if explosions > MAX_REROLLS {
                                        return Err(too_many);
                                    }
                                    // Every modifier applies to every die it concerns: an
                                    // added die is rerolled like the first one.
                                    let added = self.roll_die(term)?;
                                    die.rerolled.extend(added.rerolled);
                                    last = added.value;
                                    die.value =
                                        die.value.checked_add(last).ok_or(overflow.clone())?;
                                }
                                dice.push(die);
                                break;
                            }
                            ExplodeKind::Once => {
                                dice.push(die);
                                let extra = self.roll_die(term)?;
                                dice.push(extra);
                                break;
                            }
                            ExplodeKind::Chain => {
                                dice.push(die);
                                explosions += 1;
                                if explosions > MAX_REROLLS {
                                    return Err(too_many);
                                }
                            }
                        }
                    }
                    _ => {
                        dice.push(die);
                        break;
                    }
                }
            }
        }
        if let Some(r) = term.reroll.filter(|r| r.kind == RerollKind::Add) {
            // Reroll and add: the first die that matches gets one more die beside it.
            if dice.iter().any(|d| r.cond.matches(d.value)) {
                let mut extra = Die::new(self.face(term)?);
                extra.added = true;
                dice.push(extra);
            }
        }
        for die in &mut dice {
            die.value = term.clamp(die.value);
        }
        if let Some(keep) = term.keep {
            let values: Vec<i64> = dice.iter().map(|d| d.value).collect();
            for (die, kept) in dice.iter_mut().zip(kept_mask(&values, keep)) {
                die.kept = kept;
            }
        }
        let mut value: i64 = 0;
        for die in dice.iter_mut() {
            die.crit_success = term.crit_success.is_some_and(|c| c.matches(die.value));
            die.crit_failure = term.crit_failure.is_some_and(|c| c.matches(die.value));
            if !die.kept {
                continue;
            }
            if let Some(s) = term.success {
                die.success = s.matches(die.value);
                die.failure = term.failure.is_some_and(|f| f.matches(die.value));
                value += i64::from(die.success) - i64::from(die.failure);
            } else {
                value = value.checked_add(die.value).ok_or(overflow.clone())?;
            }
        }
        match term.sort {
            Some(Sort::Asc) => dice.sort_by_key(|d| d.value),
            Some(Sort::Desc) => dice.sort_by_key(|d| std::cmp::Reverse(d.value)),
            None => {}
        }
        let notation = if term.count_expr.is_some() {
            format!("{count}{}", term.text)
        } else {
            term.text.clone()
        };
        Ok(TermRoll {
            notation,
            dice,
            value,
            counts_successes: term.success.is_some(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{parse, roll};
    use crate::rng::seeded;

    fn roll_seed(input: &str, seed: u64) -> Roll {
        roll(input, &mut seeded(seed)).unwrap()
    }

    /// Rolls with many seeds and returns the rolls.
    fn many(input: &str, n: u64) -> Vec<Roll> {
        let expr = parse(input).unwrap();
        let mut rng = seeded(99);
        (0..n).map(|_| expr.roll(&mut rng).unwrap()).collect()
    }

    #[test]
    fn same_seed_same_roll() {
        let input = "4d6kh3 + 2d20kl1 - d% + 4dF + 3d6!r<2";
        assert_eq!(roll_seed(input, 5), roll_seed(input, 5));
        let differs = (0..10).any(|s| roll_seed(input, s) != roll_seed(input, s + 100));
        assert!(differs);
    }

    #[test]
    fn plain_dice_and_arithmetic() {
        for r in many("2d6+3", 200) {
            let d = &r.terms[0].dice;
            assert_eq!(d.len(), 2);
            assert_eq!(r.total, d[0].value + d[1].value + 3);
            assert!(d.iter().all(|d| (1..=6).contains(&d.value)));
        }
        assert_eq!(roll_seed("2*(3+4)-10/3", 0).total, 11);
        assert_eq!(roll_seed("-(2)", 0).total, -2);
        assert_eq!(roll_seed("0d6+1", 0).total, 1);
        let r = roll_seed("1d20+1d4-1", 3);
        assert_eq!(r.terms.len(), 2);
        assert_eq!(r.total, r.terms[0].value + r.terms[1].value - 1);
    }

    #[test]
    fn floor_division() {
        assert_eq!(roll_seed("7/2", 0).total, 3);
        assert_eq!(roll_seed("-7/2", 0).total, -4);
        assert_eq!(roll_seed("7/-2", 0).total, -4);
        assert_eq!(roll_seed("-7/-2", 0).total, 3);
        assert_eq!(roll_seed("-6/2", 0).total, -3);
        assert_eq!(roll_seed("(1d1-2)/3", 0).total, -1);
        assert_eq!(floor_div(i64::MIN, -1), None);
        assert_eq!(floor_div(1, 0), None);
        let e = roll("5/0", &mut seeded(0)).unwrap_err();
        assert_eq!(e, DiceError::DivisionByZero { pos: 1 });
        assert!(e.to_string().contains("column 2"));
        assert_eq!(
            roll("5/(1d1-1)", &mut seeded(0)).unwrap_err(),
            DiceError::DivisionByZero { pos: 1 }
        );
    }

    #[test]
    fn percent_and_fudge() {
        let rs = many("d%", 500);
        assert!(rs.iter().all(|r| (1..=100).contains(&r.total)));
        assert!(rs.iter().any(|r| r.total > 90));
        let rs = many("4dF", 500);
        assert!(rs.iter().all(|r| (-4..=4).contains(&r.total)));
        for v in [-1, 0, 1] {
            assert!(rs
                .iter()
                .any(|r| r.terms[0].dice.iter().any(|d| d.value == v)));
        }
    }

    #[test]
    fn a_tie_keeps_the_earlier_die_2d20kh_strikes_the_later() {
        // Two equal dice: keep/drop strikes the later one, whichever end it drops from.
        let mask = |kind, n| kept_mask(&[7, 7], Keep { kind, n });
        assert_eq!(mask(KeepKind::KeepHigh, 1), [true, false]);
        assert_eq!(mask(KeepKind::KeepLow, 1), [true, false]);
        assert_eq!(mask(KeepKind::DropHigh, 1), [true, false]);
        assert_eq!(mask(KeepKind::DropLow, 1), [true, false]);
        // With other values around the tie.
        let m = kept_mask(
            &[3, 9, 3, 9, 1],
            Keep {
                kind: KeepKind::KeepHigh,
                n: 3,
            },
        );
        assert_eq!(m, [true, true, false, true, false]);
        let m = kept_mask(
            &[3, 9, 3, 9, 1],
            Keep {
                kind: KeepKind::KeepLow,
                n: 2,
            },
        );
        assert_eq!(m, [true, false, false, false, true]);
        // Rolled: find a seed whose 2d20kh ties, and check the rendering strikes the second.
        let tie = (0..10_000u64)
            .map(|seed| crate::dice::roll("2d20kh", &mut crate::rng::seeded(seed)).unwrap())
            .find(|r| r.terms[0].dice[0].value == r.terms[0].dice[1].value)
            .expect("a tie within 10,000 seeds");
        let v = tie.terms[0].dice[0].value;
        assert!(
            tie.render().contains(&format!("[{v}, ~~{v}~~]")),
            "{}",
            tie.render()
        );
        // The full roller agrees.
        let full = parse("2d20kh").unwrap();
        let seed = (0..10_000u64)
            .find(|&s| {
                let r = full.roll(&mut crate::rng::seeded(s)).unwrap();
                r.terms[0].dice[0].value == r.terms[0].dice[1].value
            })
            .unwrap();
        let r = full.roll(&mut crate::rng::seeded(seed)).unwrap();
        assert!(r.terms[0].dice[0].kept && !r.terms[0].dice[1].kept);
    }

    #[test]
    fn keep_and_drop() {
        for r in many("4d6kh3", 200) {
            let dice = &r.terms[0].dice;
            let mut vals: Vec<i64> = dice.iter().map(|d| d.value).collect();
            vals.sort();
            assert_eq!(r.total, vals[1..].iter().sum::<i64>());
            assert_eq!(dice.iter().filter(|d| !d.kept).count(), 1);
            let dropped = dice.iter().find(|d| !d.kept).unwrap();
            assert_eq!(dropped.value, vals[0]);
        }
        for r in many("2d20kl1", 100) {
            let d = &r.terms[0].dice;
            assert_eq!(r.total, d[0].value.min(d[1].value));
        }
        for r in many("4d6dh1", 100) {
            let mut vals: Vec<i64> = r.terms[0].dice.iter().map(|d| d.value).collect();
            vals.sort();
            assert_eq!(r.total, vals[..3].iter().sum::<i64>());
        }
        for r in many("4d6d1", 100) {
            let mut vals: Vec<i64> = r.terms[0].dice.iter().map(|d| d.value).collect();
            vals.sort();
            assert_eq!(r.total, vals[1..].iter().sum::<i64>());
        }
        // Keeping more dice than rolled keeps them all.
        for r in many("2d6kh5", 50) {
            assert!(r.terms[0].dice.iter().all(|d| d.kept));
        }
        assert_eq!(roll_seed("3d6kh0", 1).total, 0);
    }

    #[test]
    fn exploding() {
        let rs = many("10d6!", 200);
        let mut saw = false;
        for r in &rs {
            let dice = &r.terms[0].dice;
            for (i, d) in dice.iter().enumerate() {
                assert_eq!(d.exploded, d.value == 6);
                if d.exploded {
                    assert!(
                        i + 1 < dice.len(),
                        "an exploded die is followed by its extra die"
                    );
                    saw = true;
                }
            }
            assert_eq!(dice.len(), 10 + dice.iter().filter(|d| d.exploded).count());
            assert_eq!(r.total, dice.iter().map(|d| d.value).sum::<i64>());
        }
        assert!(saw);
        for r in many("5d6!>=5", 100) {
            for d in &r.terms[0].dice {
                assert_eq!(d.exploded, d.value >= 5);
            }
        }
        for r in many("5d6!<2", 100) {
            for d in &r.terms[0].dice {
                assert_eq!(d.exploded, d.value < 2);
            }
        }
    }

    #[test]
    fn compounding_rerolls_the_dice_it_adds() {
        // `1d6!!r1`: a 1 is rerolled on every die, the added ones included, so a compounded
        // total is 6k + (2..5) and never 6k + 1 (7, 13, …).
        let e = crate::dice::parse("1d6!!r1").unwrap();
        let mut rng = crate::rng::seeded(11);
        let mut compounded = 0;
        for _ in 0..20_000 {
            let r = e.roll(&mut rng).unwrap();
            let v = r.total;
            assert!(v % 6 != 1, "an added 1 was kept: {v}");
            compounded += usize::from(v > 6);
        }
        assert!(compounded > 2_000, "compounding happened ({compounded})");
    }

    #[test]
    fn compounding() {
        let rs = many("5d6!!", 300);
        let mut saw = false;
        for r in &rs {
            let dice = &r.terms[0].dice;
            assert_eq!(dice.len(), 5);
            for d in dice {
                assert_eq!(d.exploded, d.value >= 6);
                if d.exploded {
                    assert!(d.value % 6 != 0, "compounding stops on a non-six");
                    saw = true;
                }
            }
        }
        assert!(saw);
        for r in many("3d6!!>4", 100) {
            for d in &r.terms[0].dice {
                assert_eq!(d.exploded, d.value > 4);
            }
        }
    }

    #[test]
    fn rerolls() {
        for r in many("10d6r<3", 100) {
            for d in &r.terms[0].dice {
                assert!(d.value >= 3);
                assert!(d.rerolled.iter().all(|&v| v < 3));
            }
        }
        let rs = many("10d6r", 100);
        assert!(rs
            .iter()
            .flat_map(|r| &r.terms[0].dice)
            .all(|d| d.value != 1));
        assert!(rs
            .iter()
            .flat_map(|r| &r.terms[0].dice)
            .any(|d| d.rerolled == [1]));
        for r in many("10d6r>=5", 50) {
            assert!(r.terms[0].dice.iter().all(|d| d.value < 5));
        }
        let rs = many("10d6ro<3", 200);
        let dice: Vec<&Die> = rs.iter().flat_map(|r| &r.terms[0].dice).collect();
        assert!(dice.iter().all(|d| d.rerolled.len() <= 1));
        assert!(dice.iter().any(|d| d.rerolled.len() == 1 && d.value < 3));
        assert!(dice
            .iter()
            .all(|d| d.rerolled.is_empty() || d.rerolled[0] < 3));
    }

    #[test]
    fn min_and_max() {
        for r in many("10d6mi3", 50) {
            assert!(r.terms[0].dice.iter().all(|d| d.value >= 3));
        }
        for r in many("10d6ma4", 50) {
            assert!(r.terms[0].dice.iter().all(|d| d.value <= 4));
        }
        assert_eq!(roll_seed("3d6mi6", 1).total, 18);
    }

    #[test]
    fn success_counting() {
        for r in many("10d10>=8", 100) {
            let t = &r.terms[0];
            assert!(t.counts_successes);
            let n = t.dice.iter().filter(|d| d.value >= 8).count() as i64;
            assert_eq!(r.total, n);
            assert!(t.dice.iter().all(|d| d.success == (d.value >= 8)));
        }
        for r in many("10d10>7f<=2", 100) {
            let dice = &r.terms[0].dice;
            let s = dice.iter().filter(|d| d.value > 7).count() as i64;
            let f = dice.iter().filter(|d| d.value <= 2).count() as i64;
            assert_eq!(r.total, s - f);
            assert!(dice.iter().all(|d| d.failure == (d.value <= 2)));
        }
        for (input, pred) in [
            ("10d6<3", (|v| v < 3) as fn(i64) -> bool),
            ("10d6<=3", |v| v <= 3),
            ("10d6=6", |v| v == 6),
        ] {
            for r in many(input, 30) {
                let n = r.terms[0].dice.iter().filter(|d| pred(d.value)).count();
                assert_eq!(r.total, n as i64, "{input}");
            }
        }
        // Dropped dice do not count.
        for r in many("4d6kh2>=1", 20) {
            assert_eq!(r.total, 2);
        }
        let r = roll_seed("5d6>=4 f1 #attack", 4);
        assert!(r.render().contains(" success"));
    }

    #[test]
    fn grouped_roll_keeps_the_best_item_and_counts_successes() {
        for r in many("{4d6,3d8}kh1", 200) {
            assert_eq!(r.terms.len(), 2);
            let (a, b) = (r.terms[0].value, r.terms[1].value);
            assert_eq!(r.total, a.max(b));
            let g = &r.groups[0];
            assert_eq!(g.items.iter().filter(|i| i.kept).count(), 1);
            let s = r.render();
            assert!(s.contains("{[") && s.contains("}kh1 = "), "{s}");
            assert!(s.contains("~~"), "the dropped item is struck: {s}");
        }
        for r in many("{2d6,2d6,2d6}>=8", 200) {
            let want = r.terms.iter().filter(|t| t.value >= 8).count() as i64;
            assert_eq!(r.total, want);
            assert!(r.counts_successes());
            assert!(r.render().contains(" success"));
        }
        assert_eq!(roll_seed("{3,5,1}dl1", 0).total, 8);
        assert_eq!(roll_seed("{3,5,1}>=3f1", 0).total, 1);
    }

    #[test]
    fn critical_marks_and_sorting_show_every_die() {
        let rs = many("6d20cs>=19cf1sd", 300);
        let mut crits = 0;
        for r in &rs {
            let dice = &r.terms[0].dice;
            assert_eq!(dice.len(), 6);
            assert!(
                dice.windows(2).all(|w| w[0].value >= w[1].value),
                "sorted descending"
            );
            for d in dice {
                assert_eq!(d.crit_success, d.value >= 19);
                assert_eq!(d.crit_failure, d.value == 1);
                crits += usize::from(d.crit_success);
            }
            // Marks do not change the total.
            assert_eq!(r.total, dice.iter().map(|d| d.value).sum::<i64>());
            let s = r.render();
            assert_eq!(
                s.matches('★').count(),
                dice.iter().filter(|d| d.crit_success).count()
            );
            assert_eq!(s.matches(", ").count(), 5, "all six dice shown: {s}");
        }
        assert!(crits > 0);
        for r in many("5d6s", 50) {
            let d = &r.terms[0].dice;
            assert!(d.windows(2).all(|w| w[0].value <= w[1].value));
        }
    }

    #[test]
    fn functions_round_exact_fractions_and_modulo_follows_floor_division() {
        for (input, want) in [
            ("floor(7/2)", 3),
            ("ceil(7/2)", 4),
            ("round(7/2)", 4),
            ("round(-7/2)", -3),
            ("round(5/3)", 2),
            ("ceil(7/2*2)", 7),
            ("7/2*2", 6),
            ("ceil(1d1*7/2)", 4),
            ("floor(ceil(7/4)/2)", 1),
            ("abs(3-10)", 7),
            ("7%3", 1),
            ("-7%3", 2),
            ("2+9%4*2", 4),
        ] {
            assert_eq!(roll_seed(input, 0).total, want, "{input}");
        }
        assert_eq!(
            roll("1%0", &mut seeded(0)).unwrap_err(),
            DiceError::DivisionByZero { pos: 1 }
        );
        let s = roll_seed("floor(1d1/2)", 0).render();
        assert_eq!(s, "floor(1d1/2) → floor([1] / 2) = 0");
    }

    #[test]
    fn computed_count_rolls_that_many_dice_and_shows_the_count() {
        for r in many("(1d3+1)d6", 100) {
            assert_eq!(r.terms.len(), 2);
            let n = r.terms[0].value + 1;
            assert_eq!(r.terms[1].dice.len() as i64, n);
            assert_eq!(r.terms[1].notation, format!("{n}d6"));
            assert_eq!(r.total, r.terms[1].value);
            let s = r.render();
            assert!(
                s.contains(&format!("([{}] + 1)d6 [", r.terms[0].dice[0].value)),
                "{s}"
            );
        }
        assert_eq!(roll_seed("(1+2)d1", 0).total, 3);
        let e = roll("2+(1d1-3)d6", &mut seeded(0)).unwrap_err();
        assert_eq!(e, DiceError::NegativeCount { value: -2, pos: 2 });
        assert!(e.to_string().contains("column 3"));
    }

    #[test]
    fn inline_labels_render_after_their_dice() {
        let r = roll_seed("2d6[fire]+1d4[cold]+2", 3);
        assert_eq!(r.total, r.terms[0].value + r.terms[1].value + 2);
        let s = r.render();
        let fire = s.find("] fire").unwrap();
        let cold = s.find("] cold").unwrap();
        assert!(fire < cold, "{s}");
        assert!(s.starts_with("2d6[fire]+1d4[cold]+2 → ["), "{s}");
    }

    #[test]
    fn explode_once_and_reroll_and_add() {
        let mut saw = false;
        for r in many("4d6xo", 300) {
            let dice = &r.terms[0].dice;
            let exploded = dice.iter().filter(|d| d.exploded).count();
            assert_eq!(dice.len(), 4 + exploded);
            for (i, d) in dice.iter().enumerate() {
                if d.exploded {
                    saw = true;
                    assert!(!dice[i + 1].exploded, "the added die never explodes");
                }
            }
        }
        assert!(saw);
        let mut added = 0;
        for r in many("3d6ra6", 300) {
            let dice = &r.terms[0].dice;
            let extra = dice.iter().filter(|d| d.added).count();
            assert_eq!(extra, usize::from(dice[..3].iter().any(|d| d.value == 6)));
            assert_eq!(dice.len(), 3 + extra);
            assert_eq!(r.total, dice.iter().map(|d| d.value).sum::<i64>());
            if extra == 1 {
                added += 1;
                assert!(r.render().contains(", +"), "{}", r.render());
            }
        }
        assert!(added > 0);
        for r in many("4d20min10max15", 50) {
            assert!(r.terms[0].dice.iter().all(|d| (10..=15).contains(&d.value)));
        }
    }

    #[test]
    fn roll_carries_the_strict_comparison_note_outside_its_rendering() {
        let r = roll_seed("3d6>3", 1);
        assert_eq!(
            r.warning.as_ref().map(ToString::to_string).as_deref(),
            Some("`>3` counts 4–6 here; write `>=3` for 3–6.")
        );
        assert!(!r.render().contains("write"));
        assert_eq!(roll_seed("3d6>=3", 1).warning, None);
        // Old log entries without the new fields still load.
        let old = r#"{"expression":"1d6","label":null,"total":4,"terms":[{"notation":"1d6","dice":[{"value":4,"kept":true,"exploded":false,"rerolled":[],"success":false,"failure":false}],"value":4,"counts_successes":false}],"parts":[{"Term":0}]}"#;
        let back: Roll = serde_json::from_str(old).unwrap();
        assert_eq!(back.render(), "1d6 → [4] = 4");
    }

    #[test]
    fn a_stored_roll_leaves_out_what_is_as_usual_and_reads_back_the_same() {
        // A plain 2d6+3: every die kept, none exploded, rerolled, success or failure.
        let r = roll_seed("2d6+3", 7);
        let json = serde_json::to_string(&r).unwrap();
        for usual in [
            "kept",
            "exploded",
            "rerolled",
            "success",
            "failure",
            "label",
            "counts_successes",
        ] {
            assert!(!json.contains(usual), "{usual} is stored: {json}");
        }
        let [a, b] = [r.terms[0].dice[0].value, r.terms[0].dice[1].value];
        assert!(
            json.contains(&format!(r#""dice":[{{"value":{a}}},{{"value":{b}}}]"#)),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<Roll>(&json).unwrap(), r);
        // What is not as usual is stored, and reads back: dropped, exploded, rerolled and
        // counted dice, a label, a success count.
        for input in ["4d6kh3", "3d6!", "4d6r<2", "6d10>=7f<=2", "1d20 fireball"] {
            let r = roll_seed(input, 11);
            let back: Roll = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
            assert_eq!(back, r, "{input}");
        }
        let dropped = roll_seed("4d6kh3", 11);
        let json = serde_json::to_string(&dropped).unwrap();
        assert_eq!(json.matches(r#""kept":false"#).count(), 1, "{json}");
        // The full form written before stays readable, to the same roll.
        let mut full: serde_json::Value = serde_json::from_str(&json).unwrap();
        full["label"] = serde_json::Value::Null;
        full["terms"][0]["counts_successes"] = false.into();
        for d in full["terms"][0]["dice"].as_array_mut().unwrap() {
            let d = d.as_object_mut().unwrap();
            d.entry("kept").or_insert(true.into());
            for flag in ["exploded", "success", "failure"] {
                d.entry(flag).or_insert(false.into());
            }
            d.entry("rerolled").or_insert(serde_json::json!([]));
        }
        assert_eq!(full.to_string().matches(r#""kept":true"#).count(), 3);
        assert_eq!(serde_json::from_value::<Roll>(full).unwrap(), dropped);
    }

    #[test]
    fn explosion_and_reroll_limits() {
        // A d100 rerolled until it shows 100 needs ~100 rerolls: the per-die limit hits.
        let e = parse("20d100r<100").unwrap();
        let mut rng = seeded(1);
        let err = e.roll(&mut rng).unwrap_err();
        assert!(matches!(
            err,
            DiceError::TooManyRerolls { limit: 100, pos: 0 } | DiceError::TooManyDice { .. }
        ));
        let err = parse("1d100r<100").unwrap();
        let errs: Vec<DiceError> = (0..50)
            .filter_map(|s| err.roll(&mut seeded(s)).err())
            .collect();
        assert!(errs.contains(&DiceError::TooManyRerolls { limit: 100, pos: 0 }));
        let msg = DiceError::TooManyRerolls { limit: 100, pos: 0 }.to_string();
        assert!(
            msg.contains("100 times") && msg.contains("column 1"),
            "{msg}"
        );
        // d2 exploding on 2 more than 100 times is astronomically rare, so check
        // the limit with an explosion that almost always fires.
        let e = parse("1+d1000!>1").unwrap();
        let err = e.roll(&mut seeded(3)).unwrap_err();
        assert_eq!(err, DiceError::TooManyExplosions { limit: 100, pos: 2 });
        assert!(err.to_string().contains("100 times") && err.to_string().contains("column 3"));
        let e = parse("d1000!!>1").unwrap();
        assert_eq!(
            e.roll(&mut seeded(3)).unwrap_err(),
            DiceError::TooManyExplosions { limit: 100, pos: 0 }
        );
        // Explosions count towards the 1000-dice limit.
        let e = parse("600d6!>3").unwrap();
        let err = e.roll(&mut seeded(3)).unwrap_err();
        assert_eq!(
            err,
            DiceError::TooManyDice {
                limit: 1000,
                pos: 0
            }
        );
        assert!(err.to_string().contains("1000 dice"));
    }

    #[test]
    fn overflow_is_an_error() {
        let e = roll("1000000d1000000*9999999999999", &mut seeded(0)).unwrap_err();
        assert!(matches!(e, DiceError::Overflow { .. }));
        // Compounding can exceed the static bounds: still checked.
        let e = parse("d1000!!>1 * 9223372036854775").unwrap();
        assert!(matches!(
            e.roll(&mut seeded(0)),
            Err(DiceError::Overflow { .. } | DiceError::TooManyExplosions { .. })
        ));
    }

    #[test]
    fn roll_keeps_text_and_label_and_serializes() {
        let r = roll_seed("2d6+3 # fireball", 7);
        assert_eq!(r.expression, "2d6+3");
        assert_eq!(r.label.as_deref(), Some("fireball"));
        assert_eq!(r.terms[0].notation, "2d6");
        let rendered = r.render();
        assert!(rendered.starts_with("2d6+3 fireball → ["), "{rendered}");
        assert!(
            rendered.ends_with(&format!("+ 3 = {}", r.total)),
            "{rendered}"
        );
        let json = serde_json::to_string(&r).unwrap();
        let back: Roll = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn rendered_real_rolls() {
        let r = roll_seed("4d6kh3", 11);
        let s = r.render();
        assert!(s.starts_with("4d6kh3 → [") && s.contains("~~"), "{s}");
        assert!(s.ends_with(&format!("] = {}", r.total)));
        let r = many("3d6!", 100)
            .into_iter()
            .find(|r| r.terms[0].dice.iter().any(|d| d.exploded))
            .unwrap();
        assert!(r.render().contains("6!"));
    }
}
