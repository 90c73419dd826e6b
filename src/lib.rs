//! Croupier: a dealer, dice roller and scorekeeper for play-by-chat tabletop games.
//!
//! Layers (see ARCHITECTURE.md): `games` (pure rules) and `dice` under `table` (sessions,
//! log, undo), over `store` (SQLite); front ends `console` and `discord` call `table`.

// The command-declaration derives name `::croupier::…`, which works inside this crate too.
extern crate self as croupier;

pub mod console;
pub mod dice;
pub mod discord;
pub mod games;
pub mod render;
pub mod rng;
pub mod store;
pub mod table;
