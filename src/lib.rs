//! Croupier: a Discord dealer, dice roller and scorekeeper for play-by-chat tabletop games.

pub mod dice;
pub mod rng;
