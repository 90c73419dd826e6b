//! Shared test support: the fake Discord, the bot running against it, and a probe game.

pub mod bot;
pub mod fake_discord;
pub mod fake_gateway;
pub mod probe_game;
