//! Croupier: a dealer, dice roller and scorekeeper for play-by-chat tabletop games.
//!
//! This crate is the composition root (see ARCHITECTURE.md): the binary, the console front end,
//! and the crates of the workspace under the names the code has always used for them:
//! `dice` and `rng` (`croupier-dice`), `i18n` (`croupier-i18n`), `render` (`croupier-draw`, with the session pictures of
//! `croupier-core`), `table` and `store` (`croupier-core`), `games` (`croupier-games`, which
//! registers one crate per game) and `discord` (`croupier-discord`).

pub mod console;

pub use croupier_core::{dice, i18n, render, rng, store, table};
pub use croupier_discord as discord;
pub use croupier_games as games;
