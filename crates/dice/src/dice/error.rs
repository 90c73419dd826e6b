//! The error type of the dice engine and its limits.

use croupier_i18n::{text, Arg, Locale};

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
/// the messages show them 1-based as "column N". The messages are the catalogue's
/// (`locales/*/dice.ftl`, `dice-error-…`): [`DiceError::text`] in a reader's language, and
/// `Display` in English. A fragment an error carries (`expected`, `reason`) is the key of its
/// words in the catalogue (`dice-expect-…`, `dice-bad-…`, `dice-odds-…`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// The input was empty or only whitespace.
    Empty,
    /// The input is longer than [`MAX_INPUT_CHARS`].
    InputTooLong {
        len: usize,
        limit: usize,
        pos: usize,
    },
    /// A character that makes no sense where it is.
    UnexpectedChar {
        ch: char,
        pos: usize,
        /// The key of what was expected (`dice-expect-…`).
        expected: &'static str,
    },
    /// The input ends in the middle of something.
    UnexpectedEnd {
        pos: usize,
        /// The key of what was expected (`dice-expect-…`).
        expected: &'static str,
    },
    /// A `(` that is never closed.
    UnclosedParen { pos: usize },
    /// A `)` without a matching `(`.
    UnmatchedParen { pos: usize },
    /// `1d0`.
    ZeroSides { pos: usize },
    /// More than [`MAX_SIDES`] sides.
    TooManySides { limit: i64, pos: usize },
    /// More than [`MAX_DICE`] dice rolled in one expression.
    TooManyDice { limit: usize, pos: usize },
    /// A die exploded more than [`MAX_REROLLS`] times.
    TooManyExplosions { limit: usize, pos: usize },
    /// A die was rerolled more than [`MAX_REROLLS`] times.
    TooManyRerolls { limit: usize, pos: usize },
    /// An explode condition that every face satisfies.
    ImpossibleExplode { pos: usize },
    /// A (repeated) reroll condition that every face satisfies.
    ImpossibleReroll { pos: usize },
    /// A die rerolled until it misses a condition (`r`) keeps only faces that its explode
    /// condition matches, so it explodes for ever and every roll fails (`1d2r1!`, `1d6r<6!`).
    AlwaysExplodesAfterReroll { pos: usize },
    /// A number or a result does not fit in a 64-bit integer.
    Overflow { pos: usize },
    /// A computed dice count, `(1d4-2)d6`, came out negative.
    NegativeCount { value: i64, pos: usize },
    /// Division by zero.
    DivisionByZero { pos: usize },
    /// A label (`2d6[ ]`, `2d6 \u{3164}`) with nothing visible in it.
    BlankLabel { pos: usize },
    /// A dice modifier is malformed or repeated.
    BadModifier {
        pos: usize,
        /// The key of what is wrong (`dice-bad-…`).
        reason: &'static str,
    },
    /// The expression uses something exact odds cannot handle.
    OddsUnsupported {
        pos: usize,
        /// The key of what the odds cannot follow (`dice-odds-…`).
        reason: &'static str,
    },
    /// The roll passes the dice limit too often for exact odds.
    OddsDiceLimit { percent: String },
    /// Computing exact odds would pass the work budget (steps) or the memory budget
    /// (distinct results held at once): none is given rather than stalling.
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

impl DiceError {
    /// The message in `locale`, e.g. "A die needs at least 1 side (column 3). Try `1d6`
    /// rather than `1d0`." in English.
    pub fn text(&self, locale: Locale) -> String {
        // Numbers go in as written (a Fluent number is a float: `i64::MAX` would round).
        let n = |v: &dyn ToString| Arg::Text(v.to_string());
        let col = |pos: &usize| ("col", n(&(pos + 1)));
        let words = |key: &str| Arg::Text(text(locale, key, &[]));
        let (key, args): (&str, Vec<(&str, Arg)>) = match self {
            Self::Empty => ("dice-error-empty", vec![]),
            Self::InputTooLong { len, limit, pos } => (
                "dice-error-input-too-long",
                vec![("len", n(len)), ("limit", n(limit)), col(pos)],
            ),
            Self::UnexpectedChar { ch, pos, expected } => (
                "dice-error-unexpected-char",
                vec![("ch", n(ch)), col(pos), ("expected", words(expected))],
            ),
            Self::UnexpectedEnd { pos, expected } => (
                "dice-error-unexpected-end",
                vec![col(pos), ("expected", words(expected))],
            ),
            Self::UnclosedParen { pos } => ("dice-error-unclosed-paren", vec![col(pos)]),
            Self::UnmatchedParen { pos } => ("dice-error-unmatched-paren", vec![col(pos)]),
            Self::ZeroSides { pos } => ("dice-error-zero-sides", vec![col(pos)]),
            Self::TooManySides { limit, pos } => (
                "dice-error-too-many-sides",
                vec![("limit", n(limit)), col(pos)],
            ),
            Self::TooManyDice { limit, pos } => (
                "dice-error-too-many-dice",
                vec![("limit", n(limit)), col(pos)],
            ),
            Self::TooManyExplosions { limit, pos } => (
                "dice-error-too-many-explosions",
                vec![("limit", n(limit)), col(pos)],
            ),
            Self::TooManyRerolls { limit, pos } => (
                "dice-error-too-many-rerolls",
                vec![("limit", n(limit)), col(pos)],
            ),
            Self::ImpossibleExplode { pos } => ("dice-error-impossible-explode", vec![col(pos)]),
            Self::ImpossibleReroll { pos } => ("dice-error-impossible-reroll", vec![col(pos)]),
            Self::AlwaysExplodesAfterReroll { pos } => {
                ("dice-error-always-explodes", vec![col(pos)])
            }
            Self::Overflow { pos } => (
                "dice-error-overflow",
                vec![col(pos), ("limit", n(&i64::MAX))],
            ),
            Self::NegativeCount { value, pos } => (
                "dice-error-negative-count",
                vec![col(pos), ("value", n(value))],
            ),
            Self::DivisionByZero { pos } => ("dice-error-division-by-zero", vec![col(pos)]),
            Self::BlankLabel { pos } => ("dice-error-blank-label", vec![col(pos)]),
            Self::BadModifier { pos, reason } => (
                "dice-error-bad-modifier",
                vec![("reason", words(reason)), col(pos)],
            ),
            Self::OddsUnsupported { pos, reason } => (
                "dice-error-odds-unsupported",
                vec![("reason", words(reason)), col(pos)],
            ),
            Self::OddsDiceLimit { percent } => (
                "dice-error-odds-dice-limit",
                vec![("limit", n(&MAX_DICE)), ("percent", n(percent))],
            ),
            Self::OddsTooLarge { steps, outcomes } => (
                "dice-error-odds-too-large",
                vec![("steps", n(steps)), ("outcomes", n(outcomes))],
            ),
        };
        text(locale, key, &args)
    }
}

/// The English message (see [`DiceError::text`]).
impl std::fmt::Display for DiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Locale::En))
    }
}

impl std::error::Error for DiceError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the parser expected, the modifiers' and the odds' reasons: each fragment's key
    /// and its English as the errors said it before they came from the catalogue.
    const FRAGMENTS: [(&str, &str); 22] = [
        ("dice-expect-operand", "a number, dice like `d20`, `(`, `{` or a function like `floor(`"),
        ("dice-expect-sides", "the number of sides, like `d6`, `d%` or `dF`"),
        ("dice-expect-number", "a number"),
        ("dice-expect-after", "an operator like `+`, or a label after a space"),
        ("dice-expect-close", "an operator or `)`"),
        ("dice-expect-function-paren", "`(` right after the function name, like `floor(7/2)`"),
        ("dice-expect-group-next", "`,`, `}` or an operator"),
        ("dice-bad-stray-close-brace", "This `}` closes no `{`; remove it or open a group like `{4d6,3d8}kh1`"),
        ("dice-bad-too-deep", "Parentheses, groups and functions nest at most 32 deep here"),
        ("dice-bad-open-label", "This `[` starts an inline label that is never closed; write it like `2d6[fire]`"),
        ("dice-bad-open-group", "This `{` is never closed; add a `}`, like `{4d6,3d8}kh1`"),
        ("dice-bad-twice-group", "Each modifier can be used only once per group"),
        ("dice-bad-twice-term", "Each modifier can be used only once per dice term"),
        ("dice-bad-failure-condition", "`f` needs a condition, like `f1` or `f<=2`"),
        ("dice-bad-failure-first", "Failures (`f`) need a success condition first, like `10d10>=8f1`"),
        ("dice-bad-min-max", "`m` must be followed by `i`/`in` (minimum) or `a`/`ax` (maximum), like `mi2`, `min2` or `max5`"),
        ("dice-bad-critical", "`c` must be followed by `s` (critical success) or `f` (critical failure), like `cs>=19` or `cf1`"),
        ("dice-bad-add-explode", "Reroll-and-add (`ra`) cannot be combined with exploding dice; use one or the other"),
        ("dice-odds-zero-division", "a division by a roll that can come out 0 (that roll fails instead of giving a result)"),
        ("dice-odds-negative-count", "a dice count that can come out negative (that roll fails)"),
        ("dice-odds-keep-added", "keeping or dropping with reroll-and-add (`ra`), whose extra die changes the number of dice"),
        ("dice-odds-keep-exploded", "keeping or dropping among dice added by explosions (`!`, `x`, `xo`): the number of dice varies; compounding `!!` works"),
    ];

    /// Every error with its English as it read before the catalogue held it.
    fn every_error() -> Vec<(DiceError, String)> {
        let (pos, col) = (2, 3);
        let mut out = vec![
            (DiceError::Empty, "There is nothing to roll. Try something like `2d6+3` or `d20`.".to_string()),
            (DiceError::InputTooLong { len: 300, limit: MAX_INPUT_CHARS, pos: 256 }, format!("That roll is 300 characters long but the limit is {MAX_INPUT_CHARS} characters (it goes over at column 257). Please shorten it.")),
            (DiceError::UnclosedParen { pos }, format!("The `(` at column {col} is never closed. Add a `)`.")),
            (DiceError::UnmatchedParen { pos }, format!("The `)` at column {col} has no matching `(`. Remove it or add a `(`.")),
            (DiceError::ZeroSides { pos }, format!("A die needs at least 1 side (column {col}). Try `1d6` rather than `1d0`.")),
            (DiceError::TooManySides { limit: MAX_SIDES, pos }, format!("A die can have at most {MAX_SIDES} sides (column {col}). Use a smaller die.")),
            (DiceError::TooManyDice { limit: MAX_DICE, pos }, format!("That needs more than {MAX_DICE} dice (counting explosions and rerolls); the limit is hit by the dice at column {col}. Roll fewer dice.")),
            (DiceError::TooManyExplosions { limit: MAX_REROLLS, pos }, format!("A die at column {col} exploded more than {MAX_REROLLS} times, the limit per die. Use an explode condition that matches fewer faces.")),
            (DiceError::TooManyRerolls { limit: MAX_REROLLS, pos }, format!("A die at column {col} was rerolled more than {MAX_REROLLS} times, the limit per die. Use a reroll condition that matches fewer faces, or `ro` to reroll once.")),
            (DiceError::ImpossibleExplode { pos }, format!("The explode condition at column {col} matches every face of the die, so it would explode forever. Pick a condition that some faces miss, like `!>=6` on a d6.")),
            (DiceError::ImpossibleReroll { pos }, format!("The reroll condition at column {col} matches every face of the die, so it would be rerolled forever. Pick a condition that some faces miss, or use `ro` to reroll once.")),
            (DiceError::AlwaysExplodesAfterReroll { pos }, format!("The dice at column {col} always explode: after rerolling, every face they can keep matches the explode condition, so every roll would fail. Reroll fewer faces or explode on fewer (e.g. `1d6r1!`), or use `ro` to reroll once.")),
            (DiceError::Overflow { pos }, format!("The numbers get too big at column {col} (the limit is 9223372036854775807). Use smaller numbers.")),
            (DiceError::NegativeCount { value: -2, pos }, format!("The number of dice at column {col} came out as -2; it must be 0 or more. Change the count.")),
            (DiceError::DivisionByZero { pos }, format!("Division by zero at column {col}. Divide by something that cannot be 0.")),
            (DiceError::BlankLabel { pos }, format!("The label at column {col} shows nothing (only spaces or invisible characters). Write a word, like `2d6[fire]` or `2d6 fire`, or leave the label out.")),
            (DiceError::OddsDiceLimit { percent: "12.5%".into() }, format!("That roll passes the {MAX_DICE}-dice limit (explosions and rerolls count) in about 12.5% of rolls, which then fail; exact odds would have to follow every die count, so I give none. Roll it instead, or use fewer dice.")),
            (DiceError::OddsTooLarge { steps: 20_000_000, outcomes: 1 << 20 }, "That roll is too costly to compute exactly: its odds need more than 20000000 steps or more than 1048576 distinct results at once, so I give no chance. Roll it instead, or try fewer dice or fewer sides.".to_string()),
        ];
        for (key, english) in FRAGMENTS {
            let e = match key.split('-').nth(1) {
                Some("expect") => [
                    (DiceError::UnexpectedChar { ch: '}', pos, expected: key }, format!("I did not expect `}}` at column {col}: I expected {english}.")),
                    (DiceError::UnexpectedEnd { pos, expected: key }, format!("The roll ends too early at column {col}: I expected {english}.")),
                ]
                .to_vec(),
                Some("bad") => vec![(DiceError::BadModifier { pos, reason: key }, format!("{english} (column {col})."))],
                _ => vec![(DiceError::OddsUnsupported { pos, reason: key }, format!("I cannot compute exact odds for {english} (column {col}). Roll it instead."))],
            };
            out.extend(e);
        }
        out
    }

    /// The English is what it was, byte for byte; the Japanese is another text with no English
    /// word outside its code spans (`2d6`, `ro`) and the same column.
    #[test]
    fn every_error_reads_as_before_in_english_and_in_japanese_words() {
        let errors = every_error();
        assert_eq!(errors.len(), 18 + 7 * 2 + 15);
        for (e, english) in errors {
            assert_eq!(e.to_string(), english, "{e:?}");
            assert_eq!(e.text(Locale::En), english);
            let ja = e.text(Locale::Ja);
            assert_ne!(ja, english);
            let prose: String = ja.split('`').step_by(2).collect::<Vec<_>>().join(" ");
            let words: Vec<&str> = prose
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| w.chars().filter(char::is_ascii_alphabetic).count() >= 2)
                .filter(|w| !(w.contains('d') && w.chars().any(|c| c.is_ascii_digit())))
                .collect();
            assert!(words.is_empty(), "{ja}: {words:?}");
            if let Some(p) = e.position() {
                assert!(ja.contains(&format!("{}列目", p + 1)), "{ja}");
            }
        }
    }
}
