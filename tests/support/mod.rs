//! Shared test support: the fake Discord and a probe game.

pub mod fake_discord;
pub mod probe_game;
