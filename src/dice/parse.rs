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
    let expr_end = p.pos;
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
