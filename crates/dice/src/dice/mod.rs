//! The dice engine: parsing, rolling, rendering and exact odds.
//!
//! ```
//! use croupier_dice::{dice, rng};
//! let mut rng = rng::seeded(7);
//! let roll = dice::roll("4d6kh3 strength", &mut rng).unwrap();
//! assert!((3..=18).contains(&roll.total));
//! let odds = dice::odds("2d6+4").unwrap();
//! assert_eq!(dice::percent(odds.prob_at_least(11)), "58.3%");
//! assert_eq!(odds.note(), None); // nothing left out
//! ```
//!
//! See [`parse`] for the notation. All randomness comes from the RNG passed in.

mod error;
mod note;
mod num;
mod odds;
mod parse;
mod quick;
mod render;
mod roll;

pub use error::{DiceError, MAX_DICE, MAX_INPUT_CHARS, MAX_REROLLS, MAX_SIDES};
pub use note::{Note, Warning};
pub use odds::{odds, percent, Distribution, ODDS_WORK_LIMIT};
pub use parse::{parse, Expr, Func};
pub use quick::{quick, QuickRoll, QUICK_MAX_DICE, QUICK_MAX_TERMS};
pub use roll::{Die, GroupItem, GroupRoll, Part, Roll, TermRoll};

/// Parses and rolls `input` in one go. Small expressions take the allocation-free
/// [`quick`] path first (same dice, same record); everything else the full parser.
pub fn roll(input: &str, rng: &mut impl rand::Rng) -> Result<Roll, DiceError> {
    match quick(input, rng) {
        Some(q) => Ok(q.to_roll()),
        None => parse(input)?.roll(rng),
    }
}
