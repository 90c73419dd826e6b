//! An allocation-free parse and roll for small expressions: sums and differences of
//! constants and `NdX` terms (`d%` included) with an optional keep/drop, at most
//! [`QUICK_MAX_TERMS`] pieces and [`QUICK_MAX_DICE`] dice, no labels.
//!
//! [`quick`] gives the same dice, in the same order, from the same generator as
//! [`super::parse`] + [`super::Expr::roll`] (a test checks it roll for roll), so it is a
//! fast path, not a second dialect: anything it does not take returns `None` *before* a
//! die is rolled, and the full parser then rolls it or names the error and its column.

use rand::Rng;

use super::error::MAX_SIDES;
use super::parse::KeepKind;
use super::roll::{Die, Part, Roll, TermRoll};

/// Most dice a quick roll holds.
pub const QUICK_MAX_DICE: usize = 32;
/// Most pieces (numbers and dice terms) a quick roll holds.
pub const QUICK_MAX_TERMS: usize = 8;
/// Constants above this go to the full parser (which checks every bound).
const QUICK_MAX_NUMBER: i64 = 1_000_000_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    Num(i64),
    Dice {
        count: u8,
        sides: i64,
        keep: Option<(KeepKind, u8)>,
        /// Byte range of the term in the text.
        start: u16,
        end: u16,
    },
}

/// A small roll with every die, held without allocating.
#[derive(Debug, Clone)]
pub struct QuickRoll<'a> {
    text: &'a str,
    total: i64,
    pieces: [Piece; QUICK_MAX_TERMS],
    /// `true` for `-` before piece i (piece 0 has none).
    minus: [bool; QUICK_MAX_TERMS],
    n_pieces: usize,
    dice: [i64; QUICK_MAX_DICE],
    kept: [bool; QUICK_MAX_DICE],
}

impl<'a> QuickRoll<'a> {
    /// The result.
    pub fn total(&self) -> i64 {
        self.total
    }

    /// The expression as written (trimmed).
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Every die rolled, in order, with whether it was kept.
    pub fn dice(&self) -> impl Iterator<Item = (i64, bool)> + '_ {
        let n = self.dice_count();
        self.dice[..n]
            .iter()
            .copied()
            .zip(self.kept[..n].iter().copied())
    }

    fn dice_count(&self) -> usize {
        self.pieces[..self.n_pieces]
            .iter()
            .map(|p| match p {
                Piece::Dice { count, .. } => usize::from(*count),
                Piece::Num(_) => 0,
            })
            .sum()
    }

    /// The same record the full roller makes (this allocates).
    pub fn to_roll(&self) -> Roll {
        let mut terms = Vec::new();
        let mut parts = Vec::with_capacity(self.n_pieces * 2);
        let mut at = 0usize;
        for (i, piece) in self.pieces[..self.n_pieces].iter().enumerate() {
            if i > 0 {
                parts.push(Part::Op(if self.minus[i] { '-' } else { '+' }));
            }
            match *piece {
                Piece::Num(v) => parts.push(Part::Number(v)),
                Piece::Dice {
                    count, start, end, ..
                } => {
                    let n = usize::from(count);
                    let dice: Vec<Die> = (at..at + n)
                        .map(|j| {
                            let mut d = Die::new(self.dice[j]);
                            d.kept = self.kept[j];
                            d
                        })
                        .collect();
                    at += n;
                    let value = dice.iter().filter(|d| d.kept).map(|d| d.value).sum();
                    parts.push(Part::Term(terms.len()));
                    terms.push(TermRoll {
                        notation: self.text[usize::from(start)..usize::from(end)].to_string(),
                        dice,
                        value,
                        counts_successes: false,
                    });
                }
            }
        }
        Roll {
            expression: self.text.to_string(),
            label: None,
            total: self.total,
            terms,
            parts,
            groups: Vec::new(),
            warning: None,
        }
    }
}

struct Scan<'a> {
    b: &'a [u8],
    pos: usize,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).map(u8::to_ascii_lowercase)
    }

    fn skip_ws(&mut self) {
        while self.b.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
    }

    fn number(&mut self) -> Option<i64> {
        let start = self.pos;
        let mut v: i64 = 0;
        while let Some(d) = self.b.get(self.pos).filter(|c| c.is_ascii_digit()) {
            v = v * 10 + i64::from(d - b'0');
            if v > QUICK_MAX_NUMBER {
                return None;
            }
            self.pos += 1;
        }
        (self.pos > start).then_some(v)
    }

    fn piece(&mut self) -> Option<Piece> {
        let start = self.pos;
        let count = match self.peek()? {
            b'd' => 1,
            c if c.is_ascii_digit() => self.number()?,
            _ => return None,
        };
        if self.peek() != Some(b'd') {
            return Some(Piece::Num(count));
        }
        self.pos += 1;
        let sides = if self.peek() == Some(b'%') {
            self.pos += 1;
            100
        } else {
            self.number()?
        };
        if sides == 0 || sides > MAX_SIDES || count > QUICK_MAX_DICE as i64 {
            return None;
        }
        let keep = match self.peek() {
            Some(c @ (b'k' | b'd')) => {
                self.pos += 1;
                let kind = match (c, self.peek()) {
                    (b'k', Some(b'l')) => KeepKind::KeepLow,
                    (b'k', _) => KeepKind::KeepHigh,
                    (_, Some(b'h')) => KeepKind::DropHigh,
                    _ => KeepKind::DropLow,
                };
                if matches!(self.peek(), Some(b'h' | b'l')) {
                    self.pos += 1;
                }
                let n = match self.peek() {
                    Some(c) if c.is_ascii_digit() => self.number()?,
                    _ => 1,
                };
                Some((kind, u8::try_from(n.min(255)).ok()?))
            }
            _ => None,
        };
        Some(Piece::Dice {
            count: count as u8,
            sides,
            keep,
            start: u16::try_from(start).ok()?,
            end: u16::try_from(self.pos).ok()?,
        })
    }
}

/// Parses and rolls a small expression without allocating; `None` (before any die is
/// rolled) when it is not one — use [`super::roll`] then.
pub fn quick<'a, R: Rng + ?Sized>(input: &'a str, rng: &mut R) -> Option<QuickRoll<'a>> {
    let text = input.trim_matches(' ');
    if text.len() > 200 || text.is_empty() {
        return None;
    }
    let mut q = QuickRoll {
        text,
        total: 0,
        pieces: [Piece::Num(0); QUICK_MAX_TERMS],
        minus: [false; QUICK_MAX_TERMS],
        n_pieces: 0,
        dice: [0; QUICK_MAX_DICE],
        kept: [true; QUICK_MAX_DICE],
    };
    let mut s = Scan {
        b: text.as_bytes(),
        pos: 0,
    };
    let mut n_dice = 0usize;
    loop {
        if q.n_pieces == QUICK_MAX_TERMS {
            return None;
        }
        let piece = s.piece()?;
        if let Piece::Dice { count, .. } = piece {
            n_dice += usize::from(count);
            if n_dice > QUICK_MAX_DICE {
                return None;
            }
        }
        q.pieces[q.n_pieces] = piece;
        q.n_pieces += 1;
        s.skip_ws();
        match s.peek() {
            None => break,
            Some(c @ (b'+' | b'-')) => {
                s.pos += 1;
                s.skip_ws();
                if q.n_pieces < QUICK_MAX_TERMS {
                    q.minus[q.n_pieces] = c == b'-';
                }
            }
            Some(_) => return None,
        }
    }
    // Everything parsed: now roll, in the order the full roller does.
    let mut at = 0usize;
    let mut total: i64 = 0;
    for i in 0..q.n_pieces {
        let value = match q.pieces[i] {
            Piece::Num(v) => v,
            Piece::Dice {
                count, sides, keep, ..
            } => {
                let n = usize::from(count);
                for d in &mut q.dice[at..at + n] {
                    *d = rng.random_range(1..=sides);
                }
                if let Some((kind, k)) = keep {
                    mark_kept(&q.dice[at..at + n], &mut q.kept[at..at + n], kind, k);
                }
                let mut sum = 0;
                for j in at..at + n {
                    if q.kept[j] {
                        sum += q.dice[j];
                    }
                }
                at += n;
                sum
            }
        };
        total = if q.minus[i] {
            total - value
        } else {
            total + value
        };
    }
    q.total = total;
    Some(q)
}

/// The same choice as the full roller: a sort by value (ties as it orders them), then drop
/// from an end.
fn mark_kept(values: &[i64], kept: &mut [bool], kind: KeepKind, k: u8) {
    let n = values.len();
    let k = usize::from(k).min(n);
    let mut order = [0u8; QUICK_MAX_DICE];
    for (i, o) in order.iter_mut().enumerate().take(n) {
        *o = i as u8;
    }
    // Insertion sort (n is at most 32), lowest first; ties as the full roller orders them:
    // the later die first where the low end is dropped, so a tie keeps the earlier die.
    let later_first = matches!(kind, KeepKind::KeepHigh | KeepKind::DropLow);
    let after = |a: u8, b: u8| {
        let (va, vb) = (values[usize::from(a)], values[usize::from(b)]);
        va > vb || (va == vb && later_first && a < b)
    };
    for i in 1..n {
        let mut j = i;
        while j > 0 && after(order[j - 1], order[j]) {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    let dropped = match kind {
        KeepKind::KeepHigh => 0..n - k,
        KeepKind::KeepLow => k..n,
        KeepKind::DropHigh => n - k..n,
        KeepKind::DropLow => 0..k,
    };
    for i in dropped {
        kept[usize::from(order[i])] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    /// The quick path gives exactly the full roller's record, roll for roll, and leaves
    /// everything else to it without touching the generator.
    #[test]
    fn quick_path_matches_the_full_roller_roll_for_roll() {
        for input in [
            "2d6+4",
            "d20",
            "1d20-3",
            " 4d6kh3 ",
            "4D6K3",
            "2d20kl1 + 5",
            "4d6dl",
            "4d6d1",
            "5d10dh2-1",
            "3d10+5d100-21+7",
            "d%",
            "0d6+1",
            "32d6",
            "3d6kh5",
            "2d6kh0",
        ] {
            for seed in 0..200 {
                let quick = quick(input, &mut seeded(seed)).expect(input);
                let full = crate::dice::parse(input)
                    .unwrap()
                    .roll(&mut seeded(seed))
                    .unwrap();
                assert_eq!(quick.to_roll(), full, "{input} seed {seed}");
                assert_eq!(quick.total(), full.total);
                assert_eq!(quick.text(), full.expression);
            }
        }
        for input in [
            "",
            "2d6 fire",
            "2d6+3#x",
            "33d6",
            "1d0",
            "2d6!",
            "(2d6)",
            "-3",
            "2*3",
            "4dF",
            "2d6>3",
            "1d1000001",
            "1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1",
            "99999999999999",
            "2d6+",
            "d",
            "2d6 + 3 4",
        ] {
            let mut rng = seeded(5);
            assert!(quick(input, &mut rng).is_none(), "{input}");
            assert_eq!(rng, seeded(5), "{input}: no die rolled before falling back");
        }
    }
}
