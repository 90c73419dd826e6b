//! The error type of the dice engine and its limits.

use thiserror::Error;

/// At most this many dice are rolled per expression (explosions and rerolls count).
pub const MAX_DICE: usize = 1_000;
/// A die has at most this many sides.
pub const MAX_SIDES: i64 = 1_000_000;
/// A single die explodes (or is rerolled) at most this many times.
pub const MAX_REROLLS: usize = 100;
/// An expression (with its label) is at most this many characters long.
pub const MAX_INPUT_CHARS: usize = 256;

/// Everything that can go wrong when parsing, rolling or computing odds.
///
/// Positions (`pos`) are 0-based character (not byte) offsets into the input;
/// the messages show them 1-based as "column N".
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiceError {
    /// The input was empty or only whitespace.
    #[error("There is nothing to roll. Try something like `2d6+3` or `d20`.")]
    Empty,
    /// The input is longer than [`MAX_INPUT_CHARS`].
    #[error("That roll is {len} characters long but the limit is {limit} characters (it goes over at column {col}). Please shorten it.", col = pos + 1)]
    InputTooLong {
        len: usize,
        limit: usize,
        pos: usize,
    },
    /// A character that makes no sense where it is.
    #[error("I did not expect `{ch}` at column {col}: I expected {expected}.", col = pos + 1)]
    UnexpectedChar {
        ch: char,
        pos: usize,
        expected: &'static str,
    },
    /// The input ends in the middle of something.
    #[error("The roll ends too early at column {col}: I expected {expected}.", col = pos + 1)]
    UnexpectedEnd { pos: usize, expected: &'static str },
    /// A `(` that is never closed.
    #[error("The `(` at column {col} is never closed. Add a `)`.", col = pos + 1)]
    UnclosedParen { pos: usize },
    /// A `)` without a matching `(`.
    #[error("The `)` at column {col} has no matching `(`. Remove it or add a `(`.", col = pos + 1)]
    UnmatchedParen { pos: usize },
    /// `1d0`.
    #[error("A die needs at least 1 side (column {col}). Try `1d6` rather than `1d0`.", col = pos + 1)]
    ZeroSides { pos: usize },
    /// More than [`MAX_SIDES`] sides.
    #[error("A die can have at most {limit} sides (column {col}). Use a smaller die.", col = pos + 1)]
    TooManySides { limit: i64, pos: usize },
    /// More than [`MAX_DICE`] dice rolled in one expression.
    #[error("That needs more than {limit} dice (counting explosions and rerolls); the limit is hit by the dice at column {col}. Roll fewer dice.", col = pos + 1)]
    TooManyDice { limit: usize, pos: usize },
    /// A die exploded more than [`MAX_REROLLS`] times.
    #[error("A die at column {col} exploded more than {limit} times, the limit per die. Use an explode condition that matches fewer faces.", col = pos + 1)]
    TooManyExplosions { limit: usize, pos: usize },
    /// A die was rerolled more than [`MAX_REROLLS`] times.
    #[error("A die at column {col} was rerolled more than {limit} times, the limit per die. Use a reroll condition that matches fewer faces, or `ro` to reroll once.", col = pos + 1)]
    TooManyRerolls { limit: usize, pos: usize },
    /// An explode condition that every face satisfies.
    #[error("The explode condition at column {col} matches every face of the die, so it would explode forever. Pick a condition that some faces miss, like `!>=6` on a d6.", col = pos + 1)]
    ImpossibleExplode { pos: usize },
    /// A (repeated) reroll condition that every face satisfies.
    #[error("The reroll condition at column {col} matches every face of the die, so it would be rerolled forever. Pick a condition that some faces miss, or use `ro` to reroll once.", col = pos + 1)]
    ImpossibleReroll { pos: usize },
    /// A die rerolled until it misses a condition (`r`) keeps only faces that its explode
    /// condition matches, so it explodes for ever and every roll fails (`1d2r1!`, `1d6r<6!`).
    #[error("The dice at column {col} always explode: after rerolling, every face they can keep matches the explode condition, so every roll would fail. Reroll fewer faces or explode on fewer (e.g. `1d6r1!`), or use `ro` to reroll once.", col = pos + 1)]
    AlwaysExplodesAfterReroll { pos: usize },
    /// A number or a result does not fit in a 64-bit integer.
    #[error("The numbers get too big at column {col} (the limit is {}). Use smaller numbers.", i64::MAX, col = pos + 1)]
    Overflow { pos: usize },
    /// A computed dice count, `(1d4-2)d6`, came out negative.
    #[error("The number of dice at column {col} came out as {value}; it must be 0 or more. Change the count.", col = pos + 1)]
    NegativeCount { value: i64, pos: usize },
    /// Division by zero.
    #[error("Division by zero at column {col}. Divide by something that cannot be 0.", col = pos + 1)]
    DivisionByZero { pos: usize },
    /// A label (`2d6[ ]`, `2d6 \u{3164}`) with nothing visible in it.
    #[error("The label at column {col} shows nothing (only spaces or invisible characters). Write a word, like `2d6[fire]` or `2d6 fire`, or leave the label out.", col = pos + 1)]
    BlankLabel { pos: usize },
    /// A dice modifier is malformed or repeated.
    #[error("{reason} (column {col}).", col = pos + 1)]
    BadModifier { pos: usize, reason: &'static str },
    /// The expression uses something exact odds cannot handle.
    #[error("I cannot compute exact odds for {reason} (column {col}). Roll it instead.", col = pos + 1)]
    OddsUnsupported { pos: usize, reason: &'static str },
    /// The roll passes the dice limit too often for exact odds.
    #[error("That roll passes the {limit}-dice limit (explosions and rerolls count) in about {percent} of rolls, which then fail; exact odds would have to follow every die count, so I give none. Roll it instead, or use fewer dice.", limit = MAX_DICE)]
    OddsDiceLimit { percent: String },
    /// Computing exact odds would pass the work budget (steps) or the memory budget
    /// (distinct results held at once): none is given rather than stalling.
    #[error("That roll is too costly to compute exactly: its odds need more than {steps} steps or more than {outcomes} distinct results at once, so I give no chance. Roll it instead, or try fewer dice or fewer sides.")]
    OddsTooLarge { steps: u64, outcomes: usize },
}

impl DiceError {
    /// The 0-based character position the error refers to, if any.
    pub fn position(&self) -> Option<usize> {
        match self {
            Self::Empty | Self::OddsTooLarge { .. } | Self::OddsDiceLimit { .. } => None,
            Self::InputTooLong { pos, .. }
            | Self::UnexpectedChar { pos, .. }
            | Self::UnexpectedEnd { pos, .. }
            | Self::UnclosedParen { pos }
            | Self::UnmatchedParen { pos }
            | Self::ZeroSides { pos }
            | Self::TooManySides { pos, .. }
            | Self::TooManyDice { pos, .. }
            | Self::TooManyExplosions { pos, .. }
            | Self::TooManyRerolls { pos, .. }
            | Self::ImpossibleExplode { pos }
            | Self::ImpossibleReroll { pos }
            | Self::AlwaysExplodesAfterReroll { pos }
            | Self::Overflow { pos }
            | Self::DivisionByZero { pos }
            | Self::NegativeCount { pos, .. }
            | Self::BlankLabel { pos }
            | Self::BadModifier { pos, .. }
            | Self::OddsUnsupported { pos, .. } => Some(*pos),
        }
    }
}
