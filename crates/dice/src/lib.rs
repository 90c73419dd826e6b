//! Dice for Croupier: notation, the roller (every die kept), exact odds, and the named seeded
//! generator every roll takes. Knows no table, no game and no picture.

pub mod dice;
pub mod rng;
