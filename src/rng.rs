//! The seeded, serialisable RNG every session owns.

use rand::SeedableRng;

/// The generator: ChaCha8, named explicitly so stored seeds replay identically across rand versions.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator from a 64-bit seed.
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
