//! Deterministic random number generation.
//!
//! Every random decision in Croupier goes through a [`GameRng`] that the caller
//! owns, so a game (or a test) can be replayed exactly from its seed.

use rand::SeedableRng;

/// The random number generator used for all game randomness.
///
/// ChaCha8 is fast, portable across platforms and serializable (the `serde`
/// feature of `rand_chacha`), so a game's RNG state can be saved and restored.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Creates a [`GameRng`] from a 64-bit seed.
///
/// The same seed always produces the same sequence of numbers.
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// The generator of `seed` after `word_pos` 32-bit words were drawn from it: how a channel's
/// dice generator is stored (its seed and a position), rebuilt.
pub fn at(seed: u64, word_pos: u128) -> GameRng {
    let mut rng = seeded(seed);
    rng.set_word_pos(word_pos);
    rng
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = seeded(42);
        let mut b = seeded(42);
        for _ in 0..100 {
            assert_eq!(a.random::<u64>(), b.random::<u64>());
        }
    }
}
