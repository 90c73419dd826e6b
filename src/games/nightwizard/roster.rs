//! Moved to `character/roster.rs`; this path stays valid while the other areas are re-cut.

pub use super::character::roster::*;
