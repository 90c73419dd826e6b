//! The games. Each folder is pure rules: no I/O (except its data loader), no clock, no global RNG.

pub mod dice_table;
pub mod nakama;
pub mod nightwizard;
pub mod ninja;
pub mod nobi;
pub mod registry;
pub mod simulate;
