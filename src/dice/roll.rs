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
            while (!r.once || rerolled.is_empty()) && r.cond.matches(value) {
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
                                // Every modifier applies to every die it concerns: an added
                                // die is rerolled like the first one.
                                let added = self.roll_die(term)?;
                                die.rerolled.extend(added.rerolled);
                                last = added.value;
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
