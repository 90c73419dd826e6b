//! Parsing dice notation into an [`Expr`], plus static validation
//! (overflow bounds, dice-count limit).
//!
//! Grammar (case-insensitive, whitespace allowed around operators and parentheses):
//!
//! ```text
//! input   := expr [label]
//! expr    := product (('+' | '-') product)*
//! product := unary (('*' | '/') unary)*
//! unary   := '-' unary | '+' unary | primary
//! primary := number | dice | '(' expr ')'
//! dice    := [number] 'd' (number | '%' | 'F') modifier* [success [failure]]
//! label   := '#' text | whitespace text-not-starting-with-an-operator-or-digit
//! ```
//!
//! Modifiers are written right after the dice (no spaces), in any order, each at
//! most once: `kh`/`k`/`kl`/`dh`/`dl`/`d` with optional count, `!`/`!!` with an
//! optional condition, `r`/`ro` with an optional condition, `miN`, `maN`.
//! A success condition (`>=N`, `>N`, `<=N`, `<N`, `=N`) may be preceded by spaces,
//! and may be followed by a failure condition `f<cond>` (`f1` means `f=1`).
//! `0d6` is allowed and rolls nothing (total 0).

use super::error::{DiceError, MAX_DICE, MAX_INPUT_CHARS, MAX_SIDES};

/// A parsed dice expression, ready to be rolled any number of times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    pub(crate) text: String,
    pub(crate) label: Option<String>,
    pub(crate) root: Node,
}

impl Expr {
    /// The expression text, without the label (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The label, e.g. `fireball` in `2d6+3 fireball`.
    pub fn label(&self) -> Option<&str> {
        self.label.as_deref()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    Num {
        value: i64,
    },
    Dice(DiceTerm),
    Neg {
        inner: Box<Node>,
        pos: usize,
    },
    Paren {
        inner: Box<Node>,
    },
    Bin {
        op: BinOp,
        lhs: Box<Node>,
        rhs: Box<Node>,
        pos: usize,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl BinOp {
    pub(crate) fn symbol(self) -> char {
        match self {
            BinOp::Add => '+',
            BinOp::Sub => '-',
            BinOp::Mul => '*',
            BinOp::Div => '/',
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DiceTerm {
    pub pos: usize,
    pub text: String,
    pub count: i64,
    pub sides: Sides,
    pub keep: Option<Keep>,
    pub explode: Option<Explode>,
    pub reroll: Option<Reroll>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub success: Option<Cond>,
    pub failure: Option<Cond>,
}

impl DiceTerm {
    /// Smallest and largest value of a single die after min/max clamping,
    /// ignoring explosions.
    pub(crate) fn clamped_faces(&self) -> (i64, i64) {
        let (lo, hi) = self.sides.faces();
        (self.clamp(lo), self.clamp(hi))
    }

    pub(crate) fn clamp(&self, v: i64) -> i64 {
        let v = self.min.map_or(v, |m| v.max(m));
        self.max.map_or(v, |m| v.min(m))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sides {
    Num(i64),
    Percent,
    Fudge,
}

impl Sides {
    /// Lowest and highest face.
    pub(crate) fn faces(self) -> (i64, i64) {
        match self {
            Sides::Num(n) => (1, n),
            Sides::Percent => (1, 100),
            Sides::Fudge => (-1, 1),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeepKind {
    KeepHigh,
    KeepLow,
    DropHigh,
    DropLow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Keep {
    pub kind: KeepKind,
    pub n: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Explode {
    pub compound: bool,
    pub cond: Cond,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reroll {
    pub once: bool,
    pub cond: Cond,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cmp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cond {
    pub cmp: Cmp,
    pub value: i64,
}

impl Cond {
    pub(crate) fn matches(self, v: i64) -> bool {
        match self.cmp {
            Cmp::Eq => v == self.value,
            Cmp::Lt => v < self.value,
            Cmp::Le => v <= self.value,
            Cmp::Gt => v > self.value,
            Cmp::Ge => v >= self.value,
        }
    }

    /// True when every face in `lo..=hi` matches (the conditions are monotone
    /// or equality, so checking both ends is enough).
    fn matches_all(self, (lo, hi): (i64, i64)) -> bool {
        self.matches(lo) && self.matches(hi)
    }
}

const EXPECT_OPERAND: &str = "a number, dice like `d20`, or `(`";
const EXPECT_SIDES: &str = "the number of sides, like `d6`, `d%` or `dF`";
const EXPECT_NUMBER: &str = "a number";
const EXPECT_AFTER: &str = "an operator like `+`, or a label after a space";

/// Parses dice notation (see the module docs for the grammar).
pub fn parse(input: &str) -> Result<Expr, DiceError> {
    let chars: Vec<char> = input.chars().collect();
    if chars.len() > MAX_INPUT_CHARS {
        return Err(DiceError::InputTooLong {
            len: chars.len(),
            limit: MAX_INPUT_CHARS,
            pos: MAX_INPUT_CHARS,
        });
    }
    let mut p = Parser {
        chars: &chars,
        pos: 0,
    };
    p.skip_ws();
    if matches!(p.peek(), None | Some('#')) {
        return Err(DiceError::Empty);
    }
    let root = p.expr()?;
    let mut expr_end = p.pos;
    while expr_end > 0 && chars[expr_end - 1].is_whitespace() {
        expr_end -= 1;
    }
    p.skip_ws();
    let label_text = |from: usize| -> Option<String> {
        let s: String = chars[from..].iter().collect();
        let s = s.trim();
        (!s.is_empty()).then(|| s.to_string())
    };
    let label = match p.peek() {
        None => None,
        Some('#') => label_text(p.pos + 1),
        Some(')') => return Err(DiceError::UnmatchedParen { pos: p.pos }),
        Some(c) if p.pos > expr_end && !is_operator_start(c) => label_text(p.pos),
        Some(_) => return Err(p.unexpected(EXPECT_AFTER)),
    };
    let text: String = chars[..expr_end].iter().collect();
    let expr = Expr {
        text: text.trim().to_string(),
        label,
        root,
    };
    bounds(&expr.root)?;
    let mut dice = 0;
    check_dice_count(&expr.root, &mut dice)?;
    Ok(expr)
}

fn is_operator_start(c: char) -> bool {
    c.is_ascii_digit() || "+-*/()<>=!%".contains(c)
}

struct Parser<'a> {
    chars: &'a [char],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.peek_at(0)
    }

    fn peek_at(&self, off: usize) -> Option<char> {
        self.chars
            .get(self.pos + off)
            .map(|c| c.to_ascii_lowercase())
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn unexpected(&self, expected: &'static str) -> DiceError {
        match self.chars.get(self.pos) {
            Some(&ch) => DiceError::UnexpectedChar {
                ch,
                pos: self.pos,
                expected,
            },
            None => DiceError::UnexpectedEnd {
                pos: self.pos,
                expected,
            },
        }
    }

    fn expr(&mut self) -> Result<Node, DiceError> {
        let mut lhs = self.product()?;
        loop {
            self.skip_ws();
            let op = match self.peek() {
                Some('+') => BinOp::Add,
                Some('-') => BinOp::Sub,
                _ => return Ok(lhs),
            };
            let pos = self.pos;
            self.pos += 1;
            let rhs = self.product()?;
            lhs = Node::Bin {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
                pos,
            };
        }
    }

    fn product(&mut self) -> Result<Node, DiceError> {
        let mut lhs = self.unary()?;
        loop {
            self.skip_ws();
            let op = match self.peek() {
                Some('*') => BinOp::Mul,
                Some('/') => BinOp::Div,
                _ => return Ok(lhs),
            };
            let pos = self.pos;
            self.pos += 1;
            let rhs = self.unary()?;
            lhs = Node::Bin {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
                pos,
            };
        }
    }

    fn unary(&mut self) -> Result<Node, DiceError> {
        self.skip_ws();
        match self.peek() {
            Some('-') => {
                let pos = self.pos;
                self.pos += 1;
                let inner = Box::new(self.unary()?);
                Ok(Node::Neg { inner, pos })
            }
            Some('+') => {
                self.pos += 1;
                self.unary()
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<Node, DiceError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some('(') => {
                self.pos += 1;
                let inner = Box::new(self.expr()?);
                self.skip_ws();
                match self.peek() {
                    Some(')') => {
                        self.pos += 1;
                        Ok(Node::Paren { inner })
                    }
                    None => Err(DiceError::UnclosedParen { pos: start }),
                    Some(_) => Err(self.unexpected("an operator or `)`")),
                }
            }
            Some(')') => Err(DiceError::UnmatchedParen { pos: start }),
            Some('d') => self.dice(start, 1),
            Some(c) if c.is_ascii_digit() => {
                let value = self.number()?;
                if self.peek() == Some('d') {
                    self.dice(start, value)
                } else {
                    Ok(Node::Num { value })
                }
            }
            _ => Err(self.unexpected(EXPECT_OPERAND)),
        }
    }

    /// Parses one or more ASCII digits.
    fn number(&mut self) -> Result<i64, DiceError> {
        let start = self.pos;
        let mut value: i64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(i64::from(d)))
                .ok_or(DiceError::Overflow { pos: start })?;
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.unexpected(EXPECT_NUMBER));
        }
        Ok(value)
    }

    fn opt_number(&mut self) -> Result<Option<i64>, DiceError> {
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.number().map(Some)
        } else {
            Ok(None)
        }
    }

    /// A number with an optional leading minus sign.
    fn signed_number(&mut self) -> Result<i64, DiceError> {
        if self.peek() == Some('-') {
            self.pos += 1;
            // `number` is never i64::MIN-sized, so negation cannot overflow.
            Ok(-self.number()?)
        } else {
            self.number()
        }
    }

    /// An optional condition: `>=N`, `>N`, `<=N`, `<N`, `=N` or a bare `N` (= N).
    fn cond(&mut self) -> Result<Option<Cond>, DiceError> {
        let (cmp, len) = match (self.peek(), self.peek_at(1)) {
            (Some('>'), Some('=')) => (Cmp::Ge, 2),
            (Some('<'), Some('=')) => (Cmp::Le, 2),
            (Some('>'), _) => (Cmp::Gt, 1),
            (Some('<'), _) => (Cmp::Lt, 1),
            (Some('='), _) => (Cmp::Eq, 1),
            _ => (Cmp::Eq, 0),
        };
        if len == 0 {
            return Ok(self.opt_number()?.map(|value| Cond { cmp, value }));
        }
        self.pos += len;
        self.skip_ws();
        let value = self.signed_number()?;
        Ok(Some(Cond { cmp, value }))
    }

    fn dice(&mut self, start: usize, count: i64) -> Result<Node, DiceError> {
        self.pos += 1; // the `d`
        let sides_pos = self.pos;
        let sides = match self.peek() {
            Some('%') => {
                self.pos += 1;
                Sides::Percent
            }
            Some('f') => {
                self.pos += 1;
                Sides::Fudge
            }
            Some(c) if c.is_ascii_digit() => match self.number()? {
                0 => return Err(DiceError::ZeroSides { pos: sides_pos }),
                n if n > MAX_SIDES => {
                    return Err(DiceError::TooManySides {
                        limit: MAX_SIDES,
                        pos: sides_pos,
                    })
                }
                n => Sides::Num(n),
            },
            _ => return Err(self.unexpected(EXPECT_SIDES)),
        };
        let mut term = DiceTerm {
            pos: start,
            text: String::new(),
            count,
            sides,
            keep: None,
            explode: None,
            reroll: None,
            min: None,
            max: None,
            success: None,
            failure: None,
        };
        self.modifiers(&mut term)?;
        term.text = self.chars[start..self.pos]
            .iter()
            .filter(|c| !c.is_whitespace())
            .collect();
        Ok(Node::Dice(term))
    }

    fn modifiers(&mut self, term: &mut DiceTerm) -> Result<(), DiceError> {
        const TWICE: &str = "Each modifier can be used only once per dice term";
        let faces = term.sides.faces();
        loop {
            let mpos = self.pos;
            let twice = || DiceError::BadModifier {
                pos: mpos,
                reason: TWICE,
            };
            match self.peek() {
                Some(c @ ('k' | 'd')) => {
                    self.pos += 1;
                    let kind = match (c, self.peek()) {
                        ('k', Some('h')) => KeepKind::KeepHigh,
                        ('k', Some('l')) => KeepKind::KeepLow,
                        ('d', Some('h')) => KeepKind::DropHigh,
                        ('d', Some('l')) => KeepKind::DropLow,
                        ('k', _) => KeepKind::KeepHigh,
                        _ => KeepKind::DropLow,
                    };
                    if matches!(self.peek(), Some('h' | 'l')) {
                        self.pos += 1;
                    }
                    let n = self.opt_number()?.unwrap_or(1);
                    if term.keep.replace(Keep { kind, n }).is_some() {
                        return Err(twice());
                    }
                }
                Some('!') => {
                    self.pos += 1;
                    let compound = self.peek() == Some('!');
                    if compound {
                        self.pos += 1;
                    }
                    let cond = self.cond()?.unwrap_or(Cond {
                        cmp: Cmp::Eq,
                        value: faces.1,
                    });
                    if cond.matches_all(faces) {
                        return Err(DiceError::ImpossibleExplode { pos: mpos });
                    }
                    if term.explode.replace(Explode { compound, cond }).is_some() {
                        return Err(twice());
                    }
                }
                Some('r') => {
                    self.pos += 1;
                    let once = self.peek() == Some('o');
                    if once {
                        self.pos += 1;
                    }
                    let cond = self.cond()?.unwrap_or(Cond {
                        cmp: Cmp::Eq,
                        value: faces.0,
                    });
                    if !once && cond.matches_all(faces) {
                        return Err(DiceError::ImpossibleReroll { pos: mpos });
                    }
                    if term.reroll.replace(Reroll { once, cond }).is_some() {
                        return Err(twice());
                    }
                }
                Some('m') => {
                    self.pos += 1;
                    let slot = match self.peek() {
                        Some('i') => &mut term.min,
                        Some('a') => &mut term.max,
                        _ => {
                            return Err(DiceError::BadModifier {
                                pos: mpos,
                                reason: "`m` must be followed by `i` (minimum) or `a` (maximum), like `mi2` or `ma5`",
                            })
                        }
                    };
                    self.pos += 1;
                    let v = self.signed_number()?;
                    if slot.replace(v).is_some() {
                        return Err(twice());
                    }
                }
                Some('>' | '<' | '=') => {
                    if term.success.is_some() {
                        return Err(twice());
                    }
                    term.success = self.cond()?;
                }
                Some('f') => {
                    self.pos += 1;
                    if term.success.is_none() {
                        return Err(DiceError::BadModifier {
                            pos: mpos,
                            reason:
                                "Failures (`f`) need a success condition first, like `10d10>=8f1`",
                        });
                    }
                    let cond = self.cond()?.ok_or(DiceError::BadModifier {
                        pos: mpos,
                        reason: "`f` needs a condition, like `f1` or `f<=2`",
                    })?;
                    if term.failure.replace(cond).is_some() {
                        return Err(twice());
                    }
                }
                _ => {
                    // Allow spaces before a success (`10d10 >= 8`) or failure condition.
                    self.skip_ws();
                    let more = match (self.peek(), self.peek_at(1)) {
                        (Some('>' | '<' | '='), _) => term.success.is_none(),
                        (Some('f'), Some(c)) => {
                            term.success.is_some()
                                && term.failure.is_none()
                                && (c.is_ascii_digit() || "<>=".contains(c))
                        }
                        _ => false,
                    };
                    if !more || self.pos == mpos {
                        self.pos = mpos;
                        return Ok(());
                    }
                }
            }
        }
    }
}

/// Checks that no result can overflow i64 (ignoring explosions, which are
/// checked while rolling). Returns the possible range of the node.
pub(crate) fn bounds(node: &Node) -> Result<(i128, i128), DiceError> {
    let fit = |(lo, hi): (i128, i128), pos: usize| {
        let ok = |v: i128| i64::try_from(v).is_ok();
        if ok(lo) && ok(hi) {
            Ok((lo, hi))
        } else {
            Err(DiceError::Overflow { pos })
        }
    };
    match node {
        Node::Num { value } => Ok((i128::from(*value), i128::from(*value))),
        Node::Paren { inner } => bounds(inner),
        Node::Neg { inner, pos } => {
            let (lo, hi) = bounds(inner)?;
            fit((-hi, -lo), *pos)
        }
        Node::Dice(t) => {
            let n = i128::from(t.count);
            if t.success.is_some() {
                let lo = if t.failure.is_some() { -n } else { 0 };
                return Ok((lo, n));
            }
            let kept = match t.keep {
                None => n,
                Some(Keep { kind, n: k }) => {
                    let k = i128::from(k).min(n);
                    match kind {
                        KeepKind::KeepHigh | KeepKind::KeepLow => k,
                        KeepKind::DropHigh | KeepKind::DropLow => n - k,
                    }
                }
            };
            let (lo, hi) = t.clamped_faces();
            let (lo, hi) = (kept * i128::from(lo), kept * i128::from(hi));
            fit((lo.min(0).min(hi), hi.max(0).max(lo)), t.pos)
        }
        Node::Bin { op, lhs, rhs, pos } => {
            let (a, b) = (bounds(lhs)?, bounds(rhs)?);
            let range = match op {
                BinOp::Add => (a.0 + b.0, a.1 + b.1),
                BinOp::Sub => (a.0 - b.1, a.1 - b.0),
                BinOp::Mul => min_max([a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1]),
                BinOp::Div => {
                    let mut cands = Vec::new();
                    for d in [b.0, b.1, -1, 1] {
                        if d != 0 && b.0 <= d && d <= b.1 {
                            cands.push(floor_div_i128(a.0, d));
                            cands.push(floor_div_i128(a.1, d));
                        }
                    }
                    if cands.is_empty() {
                        (0, 0)
                    } else {
                        min_max(cands)
                    }
                }
            };
            fit(range, *pos)
        }
    }
}

fn floor_div_i128(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn min_max(vals: impl IntoIterator<Item = i128>) -> (i128, i128) {
    vals.into_iter()
        .fold((i128::MAX, i128::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

fn check_dice_count(node: &Node, total: &mut i64) -> Result<(), DiceError> {
    match node {
        Node::Num { .. } => Ok(()),
        Node::Paren { inner } | Node::Neg { inner, .. } => check_dice_count(inner, total),
        Node::Bin { lhs, rhs, .. } => {
            check_dice_count(lhs, total)?;
            check_dice_count(rhs, total)
        }
        Node::Dice(t) => {
            *total = total.saturating_add(t.count);
            if *total > MAX_DICE as i64 {
                Err(DiceError::TooManyDice {
                    limit: MAX_DICE,
                    pos: t.pos,
                })
            } else {
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;
    use proptest::prelude::*;

    fn term(input: &str) -> DiceTerm {
        match parse(input).unwrap().root {
            Node::Dice(t) => t,
            other => panic!("not a dice term: {other:?}"),
        }
    }

    fn err(input: &str) -> DiceError {
        parse(input).unwrap_err()
    }

    fn cond(cmp: Cmp, value: i64) -> Cond {
        Cond { cmp, value }
    }

    #[test]
    fn basic_dice() {
        let t = term("3d6");
        assert_eq!((t.count, t.sides), (3, Sides::Num(6)));
        assert_eq!(term("d20").count, 1);
        assert_eq!(term("2D8").sides, Sides::Num(8));
        assert_eq!(term("d%").sides, Sides::Percent);
        assert_eq!(term("4dF").sides, Sides::Fudge);
        assert_eq!(term("dF").sides.faces(), (-1, 1));
        assert_eq!(term("0d6").count, 0);
    }

    #[test]
    fn keep_and_drop() {
        let k = |s: &str| term(s).keep.unwrap();
        assert_eq!(
            k("4d6kh3"),
            Keep {
                kind: KeepKind::KeepHigh,
                n: 3
            }
        );
        assert_eq!(
            k("4d6k3"),
            Keep {
                kind: KeepKind::KeepHigh,
                n: 3
            }
        );
        assert_eq!(
            k("2d20kh"),
            Keep {
                kind: KeepKind::KeepHigh,
                n: 1
            }
        );
        assert_eq!(
            k("2d20k"),
            Keep {
                kind: KeepKind::KeepHigh,
                n: 1
            }
        );
        assert_eq!(
            k("2d20KL1"),
            Keep {
                kind: KeepKind::KeepLow,
                n: 1
            }
        );
        assert_eq!(
            k("4d6dl"),
            Keep {
                kind: KeepKind::DropLow,
                n: 1
            }
        );
        assert_eq!(
            k("4d6d2"),
            Keep {
                kind: KeepKind::DropLow,
                n: 2
            }
        );
        assert_eq!(
            k("4d6dh2"),
            Keep {
                kind: KeepKind::DropHigh,
                n: 2
            }
        );
    }

    #[test]
    fn explode_conditions() {
        let e = |s: &str| term(s).explode.unwrap();
        assert_eq!(
            e("3d6!"),
            Explode {
                compound: false,
                cond: cond(Cmp::Eq, 6)
            }
        );
        assert_eq!(e("3d6!>=5").cond, cond(Cmp::Ge, 5));
        assert_eq!(e("3d6!>4").cond, cond(Cmp::Gt, 4));
        assert_eq!(e("3d6!=3").cond, cond(Cmp::Eq, 3));
        assert_eq!(e("3d6!<=2").cond, cond(Cmp::Le, 2));
        assert_eq!(
            e("3d6!!"),
            Explode {
                compound: true,
                cond: cond(Cmp::Eq, 6)
            }
        );
        assert_eq!(
            e("3d6!!>=5"),
            Explode {
                compound: true,
                cond: cond(Cmp::Ge, 5)
            }
        );
        assert_eq!(e("d%!").cond, cond(Cmp::Eq, 100));
        // `!` then `-1` is subtraction, not a condition.
        assert!(matches!(
            parse("d6!-1").unwrap().root,
            Node::Bin { op: BinOp::Sub, .. }
        ));
    }

    #[test]
    fn reroll_and_min_max() {
        let r = |s: &str| term(s).reroll.unwrap();
        assert_eq!(
            r("2d6r"),
            Reroll {
                once: false,
                cond: cond(Cmp::Eq, 1)
            }
        );
        assert_eq!(
            r("2d6r2"),
            Reroll {
                once: false,
                cond: cond(Cmp::Eq, 2)
            }
        );
        assert_eq!(r("2d6r<3").cond, cond(Cmp::Lt, 3));
        assert_eq!(r("2d6r<=2").cond, cond(Cmp::Le, 2));
        assert_eq!(r("2d6r>5").cond, cond(Cmp::Gt, 5));
        assert_eq!(
            r("2d6ro"),
            Reroll {
                once: true,
                cond: cond(Cmp::Eq, 1)
            }
        );
        assert_eq!(
            r("2d6ro<3"),
            Reroll {
                once: true,
                cond: cond(Cmp::Lt, 3)
            }
        );
        assert_eq!(r("4dFr").cond, cond(Cmp::Eq, -1));
        let t = term("4d6mi2ma5");
        assert_eq!((t.min, t.max), (Some(2), Some(5)));
        // rerolling every face once is fine
        assert!(parse("1d1ro").is_ok());
    }

    #[test]
    fn success_and_failure() {
        let t = term("10d10>=8");
        assert_eq!(t.success, Some(cond(Cmp::Ge, 8)));
        assert_eq!(term("10d10>7").success, Some(cond(Cmp::Gt, 7)));
        assert_eq!(term("10d10<=2").success, Some(cond(Cmp::Le, 2)));
        assert_eq!(term("10d10<3").success, Some(cond(Cmp::Lt, 3)));
        assert_eq!(term("10d10=10").success, Some(cond(Cmp::Eq, 10)));
        let t = term("10d10>=8f1");
        assert_eq!(t.failure, Some(cond(Cmp::Eq, 1)));
        assert_eq!(term("10d10>=8f<=2").failure, Some(cond(Cmp::Le, 2)));
        assert_eq!(term("10d10>=8f<2").failure, Some(cond(Cmp::Lt, 2)));
        assert_eq!(term("10d10>=8f=1").failure, Some(cond(Cmp::Eq, 1)));
        let t = term("10d10 >= 8 f1");
        assert_eq!(
            (t.success, t.failure),
            (Some(cond(Cmp::Ge, 8)), Some(cond(Cmp::Eq, 1)))
        );
        assert_eq!(t.text, "10d10>=8f1");
        let t = term("6d6!kh3r<2>=4");
        assert!(t.explode.is_some() && t.keep.is_some() && t.reroll.is_some());
        assert_eq!(t.success, Some(cond(Cmp::Ge, 4)));
    }

    #[test]
    fn arithmetic_and_whitespace() {
        let e = parse(" ( 2d6 + 3 ) * -2 / 4 - d4 ").unwrap();
        assert_eq!(e.text(), "( 2d6 + 3 ) * -2 / 4 - d4");
        assert_eq!(e.label(), None);
        assert!(parse("--3").is_ok());
        assert!(parse("+3").is_ok());
        assert!(parse("1d20+1d4-1").is_ok());
    }

    #[test]
    fn labels() {
        let e = parse("2d6+3 fireball").unwrap();
        assert_eq!((e.text(), e.label()), ("2d6+3", Some("fireball")));
        let e = parse("2d6+3 # fireball at the orcs ").unwrap();
        assert_eq!(
            (e.text(), e.label()),
            ("2d6+3", Some("fireball at the orcs"))
        );
        let e = parse("d20#attack").unwrap();
        assert_eq!((e.text(), e.label()), ("d20", Some("attack")));
        let e = parse("4d6kh3 Strength (rolled)").unwrap();
        assert_eq!(e.label(), Some("Strength (rolled)"));
        assert_eq!(parse("d20 #").unwrap().label(), None);
        assert_eq!(parse("2d6 épée 🗡").unwrap().label(), Some("épée 🗡"));
    }

    #[test]
    fn syntax_errors() {
        assert_eq!(err(""), DiceError::Empty);
        assert_eq!(err("   "), DiceError::Empty);
        assert_eq!(err("# just a label"), DiceError::Empty);
        assert!(matches!(
            err("2d6x"),
            DiceError::UnexpectedChar {
                ch: 'x',
                pos: 3,
                ..
            }
        ));
        assert!(matches!(
            err("2d6+"),
            DiceError::UnexpectedEnd { pos: 4, .. }
        ));
        assert!(matches!(err("2d"), DiceError::UnexpectedEnd { pos: 2, .. }));
        assert!(matches!(
            err("2dx"),
            DiceError::UnexpectedChar {
                ch: 'x',
                pos: 2,
                ..
            }
        ));
        assert!(matches!(
            err("2d6 3"),
            DiceError::UnexpectedChar {
                ch: '3',
                pos: 4,
                ..
            }
        ));
        assert_eq!(err("(2d6+3"), DiceError::UnclosedParen { pos: 0 });
        assert_eq!(err("1+((2)"), DiceError::UnclosedParen { pos: 2 });
        assert_eq!(err("2d6+3)"), DiceError::UnmatchedParen { pos: 5 });
        assert_eq!(err(")"), DiceError::UnmatchedParen { pos: 0 });
        assert!(matches!(
            err("d6!>="),
            DiceError::UnexpectedEnd { pos: 5, .. }
        ));
        assert!(matches!(
            err("4d6kh3kh2"),
            DiceError::BadModifier { pos: 6, .. }
        ));
        assert!(matches!(
            err("4d6mx"),
            DiceError::BadModifier { pos: 3, .. }
        ));
        assert!(matches!(
            err("4d6f1"),
            DiceError::BadModifier { pos: 3, .. }
        ));
        let msg = err("2d6x").to_string();
        assert!(msg.contains("`x`") && msg.contains("column 4"), "{msg}");
    }

    #[test]
    fn limit_errors_name_limit_and_column() {
        let cases: Vec<(String, DiceError, &str)> = vec![
            (
                "1d0".into(),
                DiceError::ZeroSides { pos: 2 },
                "at least 1 side",
            ),
            (
                "1d1000001".into(),
                DiceError::TooManySides {
                    limit: 1_000_000,
                    pos: 2,
                },
                "1000000 sides",
            ),
            (
                "1+1001d6".into(),
                DiceError::TooManyDice {
                    limit: 1000,
                    pos: 2,
                },
                "1000 dice",
            ),
            (
                "600d6+500d6".into(),
                DiceError::TooManyDice {
                    limit: 1000,
                    pos: 6,
                },
                "1000 dice",
            ),
            (
                "x".repeat(257),
                DiceError::InputTooLong {
                    len: 257,
                    limit: 256,
                    pos: 256,
                },
                "256 characters",
            ),
            (
                "1d1!".into(),
                DiceError::ImpossibleExplode { pos: 3 },
                "forever",
            ),
            (
                "d6!>=1".into(),
                DiceError::ImpossibleExplode { pos: 2 },
                "forever",
            ),
            (
                "dF!!>-2".into(),
                DiceError::ImpossibleExplode { pos: 2 },
                "forever",
            ),
            (
                "d6r<7".into(),
                DiceError::ImpossibleReroll { pos: 2 },
                "forever",
            ),
            (
                "99999999999999999999".into(),
                DiceError::Overflow { pos: 0 },
                "too big",
            ),
            (
                "1000000d1000000*9999999999999".into(),
                DiceError::Overflow { pos: 15 },
                "too big",
            ),
            (
                "9223372036854775807+1".into(),
                DiceError::Overflow { pos: 19 },
                "too big",
            ),
        ];
        for (input, expected, words) in cases {
            let e = err(&input);
            assert_eq!(e, expected, "{input}");
            let msg = e.to_string();
            let col = format!("column {}", e.position().unwrap() + 1);
            assert!(msg.contains(words) && msg.contains(&col), "{input}: {msg}");
        }
        assert!(parse(&"1".repeat(256)).is_err()); // overflow, but not too long
        assert!(parse(&format!("d6 {}", "x".repeat(253))).is_ok());
        assert!(parse("1000d6").is_ok());
        assert!(parse("1d1000000").is_ok());
    }

    #[test]
    fn bounds_allow_large_but_valid() {
        assert!(parse("9223372036854775807").is_ok());
        assert!(parse("-9223372036854775807-1").is_ok());
        assert!(parse("1000d1000000*9223372036").is_ok());
        assert!(parse("1000d1000000*9223372037").is_err());
        assert!(parse("5/(1d3-2)").is_ok()); // division by zero is a roll-time error
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        #[test]
        fn parse_never_panics_on_any_string(s in any::<String>()) {
            let _ = parse(&s);
        }

        #[test]
        fn parse_never_panics_on_unicode(s in "\\PC{0,300}") {
            let _ = parse(&s);
        }

        #[test]
        fn notation_alphabet_never_panics(
            s in "[0-9dDkKhHlL!<>=rRoOmMiIaAfF%+*/() #-]{0,40}",
            seed in any::<u64>(),
        ) {
            if let Ok(expr) = parse(&s) {
                let mut rng = seeded(seed);
                let _ = expr.roll(&mut rng);
                let _ = expr.odds();
            }
        }

        #[test]
        fn well_formed_rolls_stay_in_range(
            n in 0i64..20, sides in 1i64..30, k in 0i64..25, m in -50i64..50,
            seed in any::<u64>(),
        ) {
            let input = format!("{n}d{sides}kh{k}+{m}");
            let roll = crate::dice::roll(&input, &mut seeded(seed)).unwrap();
            let kept = n.min(k);
            prop_assert!(roll.total >= kept + m && roll.total <= kept * sides + m);
        }
    }
}
