//! The Judge (§2, §3, §4): the 2D roll with its Critical and Fumble values and the Prana options
//! on it (`roll`), the one way every feature rolls one for a PC or the GM (`request::roll_for`),
//! and the catalogue's words Judges and combat answer in (`said`).

pub mod chance;
pub mod request;
pub mod roll;
pub mod said;

pub use chance::{chance, chance_values};
pub use request::{alter_for, roll_for, JudgeRequest};
pub use roll::{attacker_wins, roll_cf, Cf, Dice, Fixed, Judge, JudgeRules, Mode, Values};
