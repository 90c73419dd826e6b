//! Shared test support: the fake Discord, the bot running against it, and a probe game.

pub mod bot;
pub mod discord_rules;
pub mod fake_discord;
pub mod fake_gateway;
pub mod fake_rest;
pub mod openapi;
pub mod probe_game;
pub mod tls;
