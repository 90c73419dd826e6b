//! Shared test support: the fake Discord.

pub mod fake_discord;
