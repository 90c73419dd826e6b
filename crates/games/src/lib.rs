//! The games, each its own crate of pure rules (no I/O except its data loader, no clock, no
//! global RNG), and the one place they are registered ([`load`]).

pub use croupier_dice_table as dice_table;
pub use croupier_nakama as nakama;
pub use croupier_nightwizard as nightwizard;
pub use croupier_ninja as ninja;
pub use croupier_nobi as nobi;

pub mod registry;
pub mod simulate;

pub use registry::load;
