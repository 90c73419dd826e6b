//! Parsing dice notation into an [`Expr`], plus static validation
//! (overflow bounds, dice-count limit) and the strict-comparison note.
//!
//! Grammar (case-insensitive, whitespace allowed around operators and parentheses):
//!
//! ```text
//! input   := expr [label]
//! expr    := product (('+' | '-') product)*
//! product := unary (('*' | '/' | '%') unary)*
//! unary   := '-' unary | '+' unary | postfix
//! postfix := primary ['[' text ']']            inline label, e.g. `2d6[fire]`
//! primary := number | dice | '(' expr ')' | func '(' expr ')' | group
//!          | ('(' expr ')' | func '(' expr ')') dice-tail      computed count: `(1+2)d6`
//! func    := 'floor' | 'ceil' | 'round' | 'abs'
//! dice    := [number] dice-tail
//! dice-tail := 'd' (number | '%' | 'F') modifier* [success [failure]]
//! group   := '{' expr (',' expr)* '}' [keep] [success [failure]]
//! label   := '#' text | whitespace text-not-starting-with-an-operator-or-digit
//! ```
//!
//! Modifiers are written right after the dice (no spaces), in any order, each at
//! most once: keep/drop `kh`/`k`/`kl`/`dh`/`dl`/`d` with optional count; explode
//! `!` (Roll20) or `x` (Foundry), compounding `!!`, explode once `xo`, each with an
//! optional condition; reroll `r`/`rr` (until it misses), reroll once `ro`, reroll and
//! add `ra`, each with an optional condition; per-die minimum and maximum `miN`/`minN`
//! and `maN`/`maxN`; critical marks `cs`/`cf` with an optional condition; sort `s`/`sa`
//! (ascending) or `sd` (descending).
//! A success condition (`>=N`, `>N`, `<=N`, `<N`, `=N`) may be preceded by spaces,
//! and may be followed by a failure condition `f<cond>` (`f1` means `f=1`).
//! `0d6` is allowed and rolls nothing (total 0).
//!
//! `/` rounds down (floor) at each step; inside `floor(…)`, `ceil(…)` and `round(…)`
//! the arithmetic is exact and the function rounds once (`round` rounds halves up, as
//! Roll20 and Foundry do). `%` is the remainder of that floor division (its sign
//! follows the divisor).

use serde::{Deserialize, Serialize};

use super::error::{DiceError, MAX_DICE, MAX_INPUT_CHARS, MAX_SIDES};
use super::note::{Note, Warning};

/// A parsed dice expression, ready to be rolled any number of times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    pub(crate) text: String,
    pub(crate) label: Option<String>,
    pub(crate) root: Node,
    pub(crate) warning: Option<Warning>,
}

impl Expr {
    /// The expression text, without the label (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The lowest and highest total a roll can give before explosions (an exploding die
    /// counts as one roll of it): what a caller adding totals up can check in advance.
    pub fn range(&self) -> (i64, i64) {
        // The parse already checked the bounds fit in 64 bits.
        bounds(&self.root).map_or((i64::MIN, i64::MAX), |(lo, hi)| {
            (
                i64::try_from(lo).unwrap_or(i64::MIN),
                i64::try_from(hi).unwrap_or(i64::MAX),
            )
        })
    }

    /// The label, e.g. `fireball` in `2d6+3 fireball`.
    pub fn label(&self) -> Option<&str> {
        self.label.as_deref()
    }

    /// A note for users of other dice tools, given once per roll: the first strict
    /// comparison (`>3`, `<3`) in a place where Roll20 reads it inclusively (successes,
    /// failures, explosions, rerolls, critical marks, group successes), e.g.
    /// "`>3` counts 4–6 here; write `>=3` for 3–6." (typed: [`Warning::text`] in a reader's
    /// language).
    pub fn warning(&self) -> Option<&Warning> {
        self.warning.as_ref()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    Num {
        value: i64,
    },
    Dice(Box<DiceTerm>),
    Group(Box<GroupTerm>),
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
    Func {
        func: Func,
        inner: Box<Node>,
        pos: usize,
    },
    Label {
        inner: Box<Node>,
        label: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

impl BinOp {
    pub(crate) fn symbol(self) -> char {
        match self {
            BinOp::Add => '+',
            BinOp::Sub => '-',
            BinOp::Mul => '*',
            BinOp::Div => '/',
            BinOp::Mod => '%',
        }
    }
}

/// A rounding (or absolute value) function: `floor(…)`, `ceil(…)`, `round(…)`, `abs(…)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Func {
    /// Round down.
    Floor,
    /// Round up.
    Ceil,
    /// Round to the nearest whole number, halves up.
    Round,
    /// Absolute value.
    Abs,
}

impl Func {
    /// The name as written.
    pub fn name(self) -> &'static str {
        match self {
            Func::Floor => "floor",
            Func::Ceil => "ceil",
            Func::Round => "round",
            Func::Abs => "abs",
        }
    }

    /// True for the functions that round (their argument is computed exactly).
    pub(crate) fn rounds(self) -> bool {
        !matches!(self, Func::Abs)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DiceTerm {
    pub pos: usize,
    /// The term as written (whitespace removed); for a computed count, from the `d` on.
    pub text: String,
    pub count: i64,
    /// A computed count, `(1+2)d6`; `count` is then unused.
    pub count_expr: Option<Box<Node>>,
    pub sides: Sides,
    pub keep: Option<Keep>,
    pub explode: Option<Explode>,
    pub reroll: Option<Reroll>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub success: Option<Cond>,
    pub failure: Option<Cond>,
    pub crit_success: Option<Cond>,
    pub crit_failure: Option<Cond>,
    pub sort: Option<Sort>,
}

impl DiceTerm {
    fn new(pos: usize, count: i64, sides: Sides) -> DiceTerm {
        DiceTerm {
            pos,
            text: String::new(),
            count,
            count_expr: None,
            sides,
            keep: None,
            explode: None,
            reroll: None,
            min: None,
            max: None,
            success: None,
            failure: None,
            crit_success: None,
            crit_failure: None,
            sort: None,
        }
    }

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

/// `{a, b, …}` with optional keep/drop and success counting over the items' totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GroupTerm {
    pub pos: usize,
    pub items: Vec<Node>,
    pub keep: Option<Keep>,
    pub success: Option<Cond>,
    pub failure: Option<Cond>,
    /// The modifiers after `}` as written, e.g. `kh1`.
    pub text: String,
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
pub(crate) enum ExplodeKind {
    /// `!` / `x`: each matching die adds a die, which may explode again.
    Chain,
    /// `!!`: the added dice are summed into the die that exploded.
    Compound,
    /// `xo`: a matching die adds one die, which does not explode.
    Once,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Explode {
    pub kind: ExplodeKind,
    pub cond: Cond,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RerollKind {
    /// `r`, `rr`: reroll until the die misses the condition.
    Repeat,
    /// `ro`: reroll once.
    Once,
    /// `ra`: the first die that matches adds one more die; both count.
    Add,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reroll {
    pub kind: RerollKind,
    pub cond: Cond,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sort {
    Asc,
    Desc,
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

/// True when some face in `lo..=hi` matches neither `a` nor `b`. Each condition changes
/// only at its value, so the faces next to either value and both ends are enough to try.
fn some_face_misses_both((lo, hi): (i64, i64), a: Cond, b: Cond) -> bool {
    [a.value, b.value]
        .into_iter()
        .flat_map(|v| [v.saturating_sub(1), v, v.saturating_add(1)])
        .chain([lo, hi])
        .filter(|v| (lo..=hi).contains(v))
        .any(|v| !a.matches(v) && !b.matches(v))
}

const EXPECT_OPERAND: &str = "dice-expect-operand";
const EXPECT_SIDES: &str = "dice-expect-sides";
const EXPECT_NUMBER: &str = "dice-expect-number";
/// True when `s` would show as nothing: only white space and characters drawn as nothing
/// (zero-width ones, joiners, variation selectors, tags, the Hangul fillers, the blank
/// Braille pattern). A label must show something.
fn shows_nothing(s: &str) -> bool {
    s.chars().all(|c| {
        c.is_whitespace()
            || matches!(c,
                '\u{00AD}' | '\u{034F}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
                | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}'
                | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
                | '\u{FFA0}' | '\u{E0000}'..='\u{E007F}')
    })
}

const EXPECT_AFTER: &str = "dice-expect-after";

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
        depth: 0,
        notes: vec![],
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
    let label_text = |from: usize| -> Result<Option<String>, DiceError> {
        let s: String = chars[from..].iter().collect();
        let s = s.trim();
        if s.is_empty() {
            return Ok(None);
        }
        if shows_nothing(s) {
            return Err(DiceError::BlankLabel { pos: from });
        }
        Ok(Some(s.to_string()))
    };
    let label = match p.peek() {
        None => None,
        Some('#') => label_text(p.pos + 1)?,
        Some(')') => return Err(DiceError::UnmatchedParen { pos: p.pos }),
        Some('}') => {
            return Err(DiceError::BadModifier {
                pos: p.pos,
                reason: "dice-bad-stray-close-brace",
            })
        }
        Some(c) if p.pos > expr_end && !is_operator_start(c) => label_text(p.pos)?,
        Some(_) => return Err(p.unexpected(EXPECT_AFTER)),
    };
    let text: String = chars[..expr_end].iter().collect();
    let expr = Expr {
        text: text.trim().to_string(),
        label,
        root,
        warning: (!p.notes.is_empty()).then_some(Warning::Notes(p.notes)),
    };
    bounds(&expr.root)?;
    check_dice_count(&expr.root)?;
    Ok(expr)
}

fn is_operator_start(c: char) -> bool {
    c.is_ascii_digit() || "+-*/()<>=!%{}[],".contains(c)
}

/// Nesting limit for parentheses, groups and functions (keeps recursion shallow).
const MAX_DEPTH: usize = 32;

struct Parser<'a> {
    chars: &'a [char],
    pos: usize,
    depth: usize,
    notes: Vec<Note>,
}

/// The strict-comparison note for `cond` on faces `lo..=hi` (a die), or on totals
/// when `faces` is `None` (a group).
fn strict_note(cond: Cond, faces: Option<(i64, i64)>) -> Option<Note> {
    let greater = match cond.cmp {
        Cmp::Gt => true,
        Cmp::Lt => false,
        _ => return None,
    };
    let value = cond.value;
    Some(match faces {
        Some((lo, hi)) => Note::StrictFaces {
            greater,
            value,
            lo,
            hi,
        },
        None => Note::StrictTotals { greater, value },
    })
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

    /// Records the first strict comparison where Roll20 would read it inclusively.
    fn note_strict(&mut self, cond: Cond, faces: Option<(i64, i64)>) {
        if self.notes.is_empty() {
            self.notes.extend(strict_note(cond, faces));
        }
    }

    /// Adds a note for users of other tools after any note already given.
    fn note(&mut self, note: Note) {
        if !self.notes.contains(&note) {
            self.notes.push(note);
        }
    }

    /// A bare `r` (written from `start` to here) rerolls until the die misses, as Roll20
    /// reads it; Foundry's `r` rerolls once, and its `r1=1` rerolls at most one die.
    fn note_foundry_reroll(&mut self, start: usize) {
        let written: String = self.chars[start..self.pos].iter().collect();
        let note = if self.pos > start + 1 && matches!(self.peek(), Some('=' | '<' | '>')) {
            Note::RerollCounted { written }
        } else {
            Note::RerollUntil { written }
        };
        self.note(note);
    }

    fn enter(&mut self, pos: usize) -> Result<(), DiceError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(DiceError::BadModifier {
                pos,
                reason: "dice-bad-too-deep",
            });
        }
        Ok(())
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
                Some('%') => BinOp::Mod,
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
                self.enter(pos)?;
                let inner = Box::new(self.unary()?);
                self.depth -= 1;
                Ok(Node::Neg { inner, pos })
            }
            Some('+') => {
                let pos = self.pos;
                self.pos += 1;
                self.enter(pos)?;
                let v = self.unary();
                self.depth -= 1;
                v
            }
            _ => self.postfix(),
        }
    }

    /// A primary with an optional inline label: `2d6[fire]`, `5[strength]`.
    fn postfix(&mut self) -> Result<Node, DiceError> {
        let node = self.primary()?;
        let save = self.pos;
        self.skip_ws();
        if self.peek() != Some('[') {
            self.pos = save;
            return Ok(node);
        }
        let open = self.pos;
        self.pos += 1;
        let start = self.pos;
        while let Some(c) = self.chars.get(self.pos) {
            match c {
                ']' => {
                    let label: String = self.chars[start..self.pos].iter().collect();
                    if shows_nothing(&label) {
                        return Err(DiceError::BlankLabel { pos: open });
                    }
                    self.pos += 1;
                    return Ok(Node::Label {
                        inner: Box::new(node),
                        label: label.trim().to_string(),
                    });
                }
                '[' => break,
                _ => self.pos += 1,
            }
        }
        Err(DiceError::BadModifier {
            pos: open,
            reason: "dice-bad-open-label",
        })
    }

    /// `(expr)` after `(` was consumed at `start`.
    fn paren_inner(&mut self, start: usize) -> Result<Node, DiceError> {
        self.enter(start)?;
        let inner = self.expr()?;
        self.depth -= 1;
        self.skip_ws();
        match self.peek() {
            Some(')') => {
                self.pos += 1;
                Ok(inner)
            }
            None => Err(DiceError::UnclosedParen { pos: start }),
            Some(_) => Err(self.unexpected("dice-expect-close")),
        }
    }

    /// After a parenthesised count: `(1+2)d6`.
    fn maybe_computed_dice(&mut self, start: usize, count: Node) -> Result<Node, DiceError> {
        let sides_next =
            matches!(self.peek_at(1), Some(c) if c.is_ascii_digit() || c == '%' || c == 'f');
        if self.peek() == Some('d') && sides_next {
            let d_pos = self.pos;
            let mut node = self.dice(start, 0)?;
            if let Node::Dice(t) = &mut node {
                t.count_expr = Some(Box::new(count));
                t.text = self.chars[d_pos..self.pos]
                    .iter()
                    .filter(|c| !c.is_whitespace())
                    .collect();
            }
            Ok(node)
        } else {
            Ok(count)
        }
    }

    fn primary(&mut self) -> Result<Node, DiceError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some('(') => {
                self.pos += 1;
                let inner = Box::new(self.paren_inner(start)?);
                self.maybe_computed_dice(start, Node::Paren { inner })
            }
            Some('{') => self.group(start),
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
            Some(c) if c.is_ascii_alphabetic() => {
                let mut end = self.pos;
                while self.chars.get(end).is_some_and(char::is_ascii_alphabetic) {
                    end += 1;
                }
                let word: String = self.chars[self.pos..end]
                    .iter()
                    .map(|c| c.to_ascii_lowercase())
                    .collect();
                let func = match word.as_str() {
                    "floor" => Func::Floor,
                    "ceil" => Func::Ceil,
                    "round" => Func::Round,
                    "abs" => Func::Abs,
                    _ => return Err(self.unexpected(EXPECT_OPERAND)),
                };
                self.pos = end;
                if self.peek() != Some('(') {
                    return Err(self.unexpected("dice-expect-function-paren"));
                }
                let open = self.pos;
                self.pos += 1;
                let inner = Box::new(self.paren_inner(open)?);
                let node = Node::Func {
                    func,
                    inner,
                    pos: start,
                };
                self.maybe_computed_dice(start, node)
            }
            _ => Err(self.unexpected(EXPECT_OPERAND)),
        }
    }

    fn group(&mut self, start: usize) -> Result<Node, DiceError> {
        self.pos += 1; // `{`
        self.enter(start)?;
        let mut items = Vec::new();
        loop {
            items.push(self.expr()?);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some('}') => {
                    self.pos += 1;
                    break;
                }
                None => {
                    return Err(DiceError::BadModifier {
                        pos: start,
                        reason: "dice-bad-open-group",
                    })
                }
                Some(_) => return Err(self.unexpected("dice-expect-group-next")),
            }
        }
        self.depth -= 1;
        let mods_start = self.pos;
        let mut g = GroupTerm {
            pos: start,
            items,
            keep: None,
            success: None,
            failure: None,
            text: String::new(),
        };
        const TWICE: &str = "dice-bad-twice-group";
        loop {
            let mpos = self.pos;
            let twice = DiceError::BadModifier {
                pos: mpos,
                reason: TWICE,
            };
            match self.peek() {
                Some(c @ ('k' | 'd')) => {
                    let keep = self.keep(c)?;
                    if g.keep.replace(keep).is_some() {
                        return Err(twice);
                    }
                }
                Some('>' | '<' | '=') => {
                    if g.success.is_some() {
                        return Err(twice);
                    }
                    g.success = self.cond()?;
                    if let Some(c) = g.success {
                        self.note_strict(c, None);
                    }
                }
                Some('f') if g.success.is_some() => {
                    self.pos += 1;
                    let cond = self.cond()?.ok_or(DiceError::BadModifier {
                        pos: mpos,
                        reason: "dice-bad-failure-condition",
                    })?;
                    self.note_strict(cond, None);
                    if g.failure.replace(cond).is_some() {
                        return Err(twice);
                    }
                }
                _ => break,
            }
        }
        g.text = self.chars[mods_start..self.pos].iter().collect();
        Ok(Node::Group(Box::new(g)))
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

    /// `k`, `kh`, `kl`, `d`, `dh`, `dl` with an optional count (default 1); `c` is
    /// the letter at the current position.
    fn keep(&mut self, c: char) -> Result<Keep, DiceError> {
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
        Ok(Keep { kind, n })
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
        let mut term = DiceTerm::new(start, count, sides);
        self.modifiers(&mut term)?;
        term.text = self.chars[start..self.pos]
            .iter()
            .filter(|c| !c.is_whitespace())
            .collect();
        Ok(Node::Dice(Box::new(term)))
    }

    fn modifiers(&mut self, term: &mut DiceTerm) -> Result<(), DiceError> {
        const TWICE: &str = "dice-bad-twice-term";
        let faces = term.sides.faces();
        loop {
            let mpos = self.pos;
            let twice = || DiceError::BadModifier {
                pos: mpos,
                reason: TWICE,
            };
            match self.peek() {
                Some(c @ ('k' | 'd')) => {
                    let keep = self.keep(c)?;
                    if term.keep.replace(keep).is_some() {
                        return Err(twice());
                    }
                }
                Some(c @ ('!' | 'x')) => {
                    self.pos += 1;
                    let kind = match (c, self.peek()) {
                        ('!', Some('!')) => ExplodeKind::Compound,
                        ('x', Some('o')) => ExplodeKind::Once,
                        _ => ExplodeKind::Chain,
                    };
                    if kind != ExplodeKind::Chain {
                        self.pos += 1;
                    }
                    let cond = self.cond()?.unwrap_or(Cond {
                        cmp: Cmp::Eq,
                        value: faces.1,
                    });
                    if c == '!' {
                        self.note_strict(cond, Some(faces));
                    }
                    if kind != ExplodeKind::Once && cond.matches_all(faces) {
                        return Err(DiceError::ImpossibleExplode { pos: mpos });
                    }
                    if term.explode.replace(Explode { kind, cond }).is_some() {
                        return Err(twice());
                    }
                }
                Some('r') => {
                    self.pos += 1;
                    let bare = !matches!(self.peek(), Some('o' | 'a' | 'r'));
                    let kind = match self.peek() {
                        Some('o') => RerollKind::Once,
                        Some('a') => RerollKind::Add,
                        Some('r') => RerollKind::Repeat,
                        _ => RerollKind::Repeat,
                    };
                    if matches!(self.peek(), Some('o' | 'a' | 'r')) {
                        self.pos += 1;
                    }
                    let cond = self.cond()?.unwrap_or(Cond {
                        cmp: Cmp::Eq,
                        value: faces.0,
                    });
                    self.note_strict(cond, Some(faces));
                    if bare {
                        self.note_foundry_reroll(mpos);
                    }
                    if kind == RerollKind::Repeat && cond.matches_all(faces) {
                        return Err(DiceError::ImpossibleReroll { pos: mpos });
                    }
                    if term.reroll.replace(Reroll { kind, cond }).is_some() {
                        return Err(twice());
                    }
                }
                Some('m') => {
                    self.pos += 1;
                    let (slot, long) = match self.peek() {
                        Some('i') => (&mut term.min, 'n'),
                        Some('a') => (&mut term.max, 'x'),
                        _ => {
                            return Err(DiceError::BadModifier {
                                pos: mpos,
                                reason: "dice-bad-min-max",
                            })
                        }
                    };
                    self.pos += 1;
                    if self.peek() == Some(long) {
                        self.pos += 1;
                    }
                    let v = self.signed_number()?;
                    if slot.replace(v).is_some() {
                        return Err(twice());
                    }
                }
                Some('c') => {
                    self.pos += 1;
                    let (slot, default) = match self.peek() {
                        Some('s') => (&mut term.crit_success, faces.1),
                        Some('f') => (&mut term.crit_failure, faces.0),
                        _ => {
                            return Err(DiceError::BadModifier {
                                pos: mpos,
                                reason: "dice-bad-critical",
                            })
                        }
                    };
                    self.pos += 1;
                    let cond = self.cond()?.unwrap_or(Cond {
                        cmp: Cmp::Eq,
                        value: default,
                    });
                    if slot.replace(cond).is_some() {
                        return Err(twice());
                    }
                    self.note_strict(cond, Some(faces));
                }
                Some('s') => {
                    self.pos += 1;
                    let sort = match self.peek() {
                        Some('d') => Sort::Desc,
                        _ => Sort::Asc,
                    };
                    if matches!(self.peek(), Some('a' | 'd')) {
                        self.pos += 1;
                    }
                    if term.sort.replace(sort).is_some() {
                        return Err(twice());
                    }
                }
                Some('>' | '<' | '=') => {
                    if term.success.is_some() {
                        return Err(twice());
                    }
                    term.success = self.cond()?;
                    if let Some(c) = term.success {
                        self.note_strict(c, Some(term.clamped_faces()));
                    }
                }
                Some('f') => {
                    self.pos += 1;
                    if term.success.is_none() {
                        return Err(DiceError::BadModifier {
                            pos: mpos,
                            reason: "dice-bad-failure-first",
                        });
                    }
                    let cond = self.cond()?.ok_or(DiceError::BadModifier {
                        pos: mpos,
                        reason: "dice-bad-failure-condition",
                    })?;
                    self.note_strict(cond, Some(term.clamped_faces()));
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
                        if let (Some(r), Some(e)) = (term.reroll, term.explode) {
                            // Rerolled until it misses `r`, the die keeps only faces that miss
                            // it; when each of those explodes, every roll explodes for ever.
                            if r.kind == RerollKind::Repeat
                                && e.kind != ExplodeKind::Once
                                && !some_face_misses_both(faces, r.cond, e.cond)
                            {
                                return Err(DiceError::AlwaysExplodesAfterReroll { pos: term.pos });
                            }
                        }
                        if let (Some(r), Some(_)) = (term.reroll, term.explode) {
                            if r.kind == RerollKind::Add {
                                return Err(DiceError::BadModifier {
                                    pos: term.pos,
                                    reason: "dice-bad-add-explode",
                                });
                            }
                        }
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
        Node::Paren { inner } | Node::Label { inner, .. } => bounds(inner),
        Node::Neg { inner, pos } => {
            let (lo, hi) = bounds(inner)?;
            fit((-hi, -lo), *pos)
        }
        Node::Func { func, inner, pos } => {
            let (lo, hi) = bounds(inner)?;
            // Exact arithmetic inside can differ from the floored one by less than 1 per
            // division; one unit of slack each way covers the rounding.
            let range = match func {
                Func::Abs => {
                    let m = lo.abs().max(hi.abs());
                    let low = if lo <= 0 && hi >= 0 {
                        0
                    } else {
                        lo.abs().min(hi.abs())
                    };
                    (low, m)
                }
                _ => (lo - 1, hi + 1),
            };
            fit(range, *pos)
        }
        Node::Group(g) => {
            let n = g.items.len() as i128;
            let mut lo = 0i128;
            let mut hi = 0i128;
            for item in &g.items {
                let (a, b) = bounds(item)?;
                lo += a.min(0);
                hi += b.max(0);
            }
            if g.success.is_some() {
                let lo = if g.failure.is_some() { -n } else { 0 };
                return Ok((lo, n));
            }
            fit((lo, hi), g.pos)
        }
        Node::Dice(t) => {
            let n = match &t.count_expr {
                Some(c) => bounds(c)?.1.max(0),
                None => i128::from(t.count),
            };
            // `ra` can add one die.
            let n_dice = n + i128::from(matches!(t.reroll, Some(r) if r.kind == RerollKind::Add));
            if t.success.is_some() {
                let lo = if t.failure.is_some() { -n_dice } else { 0 };
                return Ok((lo, n_dice));
            }
            let kept = match t.keep {
                None => n_dice,
                Some(Keep { kind, n: k }) => {
                    let k = i128::from(k).min(n_dice);
                    match kind {
                        KeepKind::KeepHigh | KeepKind::KeepLow => k,
                        KeepKind::DropHigh | KeepKind::DropLow => n_dice - k,
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
                BinOp::Mod => {
                    let m = b.0.abs().max(b.1.abs());
                    (-m, m)
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

/// The most dice `node` can roll before explosions and rerolls; errors past [`MAX_DICE`].
fn check_dice_count(node: &Node) -> Result<i128, DiceError> {
    let mut total = 0i128;
    count_dice(node, &mut total)?;
    Ok(total)
}

fn count_dice(node: &Node, total: &mut i128) -> Result<(), DiceError> {
    match node {
        Node::Num { .. } => Ok(()),
        Node::Paren { inner }
        | Node::Neg { inner, .. }
        | Node::Func { inner, .. }
        | Node::Label { inner, .. } => count_dice(inner, total),
        Node::Bin { lhs, rhs, .. } => {
            count_dice(lhs, total)?;
            count_dice(rhs, total)
        }
        Node::Group(g) => g.items.iter().try_for_each(|i| count_dice(i, total)),
        Node::Dice(t) => {
            let n = match &t.count_expr {
                Some(c) => {
                    count_dice(c, total)?;
                    bounds(c)?.1.max(0)
                }
                None => i128::from(t.count),
            };
            *total = total.saturating_add(n);
            if *total > MAX_DICE as i128 {
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
            Node::Dice(t) => *t,
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
                kind: ExplodeKind::Chain,
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
                kind: ExplodeKind::Compound,
                cond: cond(Cmp::Eq, 6)
            }
        );
        assert_eq!(
            e("3d6!!>=5"),
            Explode {
                kind: ExplodeKind::Compound,
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
                kind: RerollKind::Repeat,
                cond: cond(Cmp::Eq, 1)
            }
        );
        assert_eq!(
            r("2d6r2"),
            Reroll {
                kind: RerollKind::Repeat,
                cond: cond(Cmp::Eq, 2)
            }
        );
        assert_eq!(r("2d6r<3").cond, cond(Cmp::Lt, 3));
        assert_eq!(r("2d6r<=2").cond, cond(Cmp::Le, 2));
        assert_eq!(r("2d6r>5").cond, cond(Cmp::Gt, 5));
        assert_eq!(
            r("2d6ro"),
            Reroll {
                kind: RerollKind::Once,
                cond: cond(Cmp::Eq, 1)
            }
        );
        assert_eq!(
            r("2d6ro<3"),
            Reroll {
                kind: RerollKind::Once,
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

    /// Issue #39: a label must show something. Blank inline labels and labels made only of
    /// characters drawn as nothing were accepted and showed an empty label.
    #[test]
    fn labels_that_show_nothing_are_refused() {
        for (input, pos) in [
            ("2d6[ ]", 3),
            ("2d6[]+1", 3),
            ("2d6[\u{3000}]", 3),
            ("2d6 \u{3164}", 4),
            ("2d6 # \u{2800}", 5),
            ("1d6 \u{115F}\u{1160}", 4),
            ("1d6 #\u{200B}", 5),
            ("1d20 \u{200D}\u{FE0F}", 5),
        ] {
            assert_eq!(err(input), DiceError::BlankLabel { pos }, "{input:?}");
        }
        let e = err("2d6[ ]").to_string();
        assert!(e.contains("column 4") && e.contains("shows nothing"), "{e}");
        // Something visible beside them keeps the label.
        assert_eq!(parse("2d6 ❤\u{FE0F}").unwrap().label(), Some("❤\u{FE0F}"));
        assert!(parse("2d6[ fire ]").is_ok());
    }

    #[test]
    fn syntax_errors() {
        assert_eq!(err(""), DiceError::Empty);
        assert_eq!(err("   "), DiceError::Empty);
        assert_eq!(err("# just a label"), DiceError::Empty);
        assert!(matches!(
            err("2d6y"),
            DiceError::UnexpectedChar {
                ch: 'y',
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
        let msg = err("2d6y").to_string();
        assert!(msg.contains("`y`") && msg.contains("column 4"), "{msg}");
    }

    #[test]
    fn a_roll_that_always_fails_is_refused_up_front_1d2r1_explodes_for_ever() {
        // Rerolled until it is not 1, a d2 always shows 2, its highest face, so `!` explodes
        // it for ever; `1d6r<6!` likewise (every kept face is 6). Odds printed `mean NaN`.
        for (input, pos) in [
            ("1d2r1!", 0),
            ("1d2r1!!", 0),
            ("1d6r<6!", 0),
            ("2+1d6!r<6", 2),
        ] {
            let e = parse(input).unwrap_err();
            assert_eq!(e, DiceError::AlwaysExplodesAfterReroll { pos }, "{input}");
            let msg = e.to_string();
            assert!(msg.contains("every roll would fail"), "{msg}");
            assert!(msg.contains(&format!("column {}", pos + 1)), "{msg}");
        }
        // A face left that does not explode: accepted. Exploding once always ends.
        for input in [
            "1d6r1!",
            "1d6r<5!",
            "1d6r6!",
            "1d2r1xo",
            "1d6r<6!=5",
            "dFr<0!",
        ] {
            assert!(parse(input).is_ok(), "{input}");
        }
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

    #[test]
    fn grouped_rolls_parse_items_and_modifiers() {
        let e = parse("{4d6, 3d8 + 1}kh1").unwrap();
        let Node::Group(g) = &e.root else {
            panic!("not a group: {:?}", e.root)
        };
        assert_eq!(g.items.len(), 2);
        assert_eq!(
            g.keep,
            Some(Keep {
                kind: KeepKind::KeepHigh,
                n: 1
            })
        );
        assert_eq!(g.text, "kh1");
        let e = parse("{3d6,3d6,3d6}>=10f<5").unwrap();
        let Node::Group(g) = &e.root else { panic!() };
        assert_eq!(g.success, Some(cond(Cmp::Ge, 10)));
        assert_eq!(g.failure, Some(cond(Cmp::Lt, 5)));
        assert!(parse("{2d6}dl1 + 3 # a label").is_ok());
    }

    #[test]
    fn critical_marks_sort_explode_once_and_foundry_aliases_parse() {
        let t = term("1d20cs>=19cf");
        assert_eq!(t.crit_success, Some(cond(Cmp::Ge, 19)));
        assert_eq!(
            t.crit_failure,
            Some(cond(Cmp::Eq, 1)),
            "cf defaults to the lowest face"
        );
        assert_eq!(term("1d20cs").crit_success, Some(cond(Cmp::Eq, 20)));
        assert_eq!(term("4d6s").sort, Some(Sort::Asc));
        assert_eq!(term("4d6sa").sort, Some(Sort::Asc));
        assert_eq!(term("4d6sd").sort, Some(Sort::Desc));
        let x = term("3d6x").explode.unwrap();
        assert_eq!((x.kind, x.cond), (ExplodeKind::Chain, cond(Cmp::Eq, 6)));
        let xo = term("3d6xo>=5").explode.unwrap();
        assert_eq!((xo.kind, xo.cond), (ExplodeKind::Once, cond(Cmp::Ge, 5)));
        let t = term("2d20min10max18");
        assert_eq!((t.min, t.max), (Some(10), Some(18)));
        let ra = term("4d6ra6").reroll.unwrap();
        assert_eq!((ra.kind, ra.cond), (RerollKind::Add, cond(Cmp::Eq, 6)));
        assert_eq!(term("4d6rr<3").reroll.unwrap().kind, RerollKind::Repeat);
        // Explode-once may match every face: it still stops after one extra die.
        assert!(parse("1d1xo").is_ok());
    }

    #[test]
    fn functions_modulo_and_computed_counts_parse() {
        for input in [
            "floor(7/2)",
            "CEIL(1d6/4)",
            "round( 2d6 / 3 )",
            "abs(1d6-4)",
            "7%3",
        ] {
            assert!(parse(input).is_ok(), "{input}");
        }
        let e = parse("(1+2)d6kh2").unwrap();
        let Node::Dice(t) = &e.root else { panic!() };
        assert!(t.count_expr.is_some());
        assert_eq!(t.text, "d6kh2");
        let e = parse("floor(5/2)d8").unwrap();
        assert!(matches!(&e.root, Node::Dice(t) if t.count_expr.is_some()));
        // A space before `d` makes it a label, not a count.
        assert_eq!(parse("(2) dice").unwrap().label(), Some("dice"));
    }

    #[test]
    fn inline_labels_attach_to_their_piece() {
        let e = parse("2d6[fire] + 1d4 [cold]+5[STR] thrown").unwrap();
        assert_eq!(e.label(), Some("thrown"));
        let Node::Bin { lhs, rhs, .. } = &e.root else {
            panic!()
        };
        assert!(matches!(&**rhs, Node::Label { label, .. } if label == "STR"));
        let Node::Bin { lhs, rhs, .. } = &**lhs else {
            panic!()
        };
        assert!(matches!(&**lhs, Node::Label { label, .. } if label == "fire"));
        assert!(matches!(&**rhs, Node::Label { label, .. } if label == "cold"));
    }

    #[test]
    fn new_notation_errors_carry_their_column() {
        for (input, col, words) in [
            ("2d6[fire", 4, "never closed"),
            ("1+{2d6,1d4", 3, "never closed"),
            ("1d20cx", 5, "`c` must be followed"),
            ("2+flor(3)", 3, "I did not expect `f`"),
            ("floor 3", 6, "`(` right after"),
            ("4d6!ra6", 1, "cannot be combined"),
            ("2d6}", 4, "closes no `{`"),
            ("{1d6;2}", 5, "I did not expect `;`"),
        ] {
            let e = err(input);
            let msg = e.to_string();
            assert!(
                msg.contains(&format!("column {col}")) && msg.contains(words),
                "{input}: {msg}"
            );
        }
        let deep = format!("{}1{}", "(".repeat(40), ")".repeat(40));
        assert!(err(&deep).to_string().contains("32 deep"));
    }

    /// Foundry's `r` rerolls once and its `20d20r1=1` rerolls a single 1; here a bare `r`
    /// rerolls until the die misses (Roll20), so `20d20r1=1` always counted 0 successes
    /// without a word. Each reading Foundry differs on now carries a note.
    #[test]
    fn a_bare_r_notes_foundrys_reroll_once_reading_20d20r1_eq_1() {
        let w = |s: &str| parse(s).unwrap().warning().map(ToString::to_string);
        let once = w("1d10r1").unwrap();
        assert!(
            once.contains("`r1` rerolls until the die misses, as in Roll20")
                && once.contains("write `ro1` for once"),
            "{once}"
        );
        let single = w("20d20r1=1").unwrap();
        assert!(
            single.contains("Foundry reads `r1=…` as rerolling at most 1 dice"),
            "{single}"
        );
        // Spelled so that both tools agree, no note.
        for agreed in ["1d10rr1", "1d10ro1", "1d10ra1", "4d6kh3"] {
            assert_eq!(w(agreed), None, "{agreed}");
        }
        // After a strict-comparison note, the reroll note follows it.
        let both = w("4d6r<2").unwrap();
        assert!(both.starts_with("`<2` counts 1 here") && both.contains("`r<2` rerolls until"));
    }

    /// Roll20 reads `>3` as "3 or more" in its compare points; Croupier's `>` is strict, so
    /// the parse carries one note saying what `>3` counts here and what to write instead.
    #[test]
    fn strict_comparison_warns_once_with_the_inclusive_spelling() {
        let w = |s: &str| parse(s).unwrap().warning().map(ToString::to_string);
        assert_eq!(
            w("3d6>3").as_deref(),
            Some("`>3` counts 4–6 here; write `>=3` for 3–6.")
        );
        assert_eq!(
            w("4d6rr<2").as_deref(),
            Some("`<2` counts 1 here; write `<=2` for 1–2.")
        );
        assert_eq!(
            w("{3d6,3d6}>8").as_deref(),
            Some("`>8` counts totals of 9 or more here; write `>=8` for 8 or more.")
        );
        assert!(w("5d10!>8").unwrap().starts_with("`>8` counts 9–10"));
        assert!(w("1d20cs>18").unwrap().starts_with("`>18` counts 19–20"));
        // Only the first strict comparison is named.
        assert_eq!(
            w("3d6>3 + 2d6<3").as_deref(),
            Some("`>3` counts 4–6 here; write `>=3` for 3–6.")
        );
        // Inclusive or equality comparisons, and Foundry's strict `x>`, need no note.
        for s in ["3d6>=3", "3d6<=2", "3d6=6", "3d6x>4", "4d6kh3", "2d6+3"] {
            assert_eq!(w(s), None, "{s}");
        }
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
            s in "[0-9dDkKhHlL!<>=rRoOmMiIaAfFxXcCsSnN%+*/(){},\\[\\] #-]{0,40}",
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
