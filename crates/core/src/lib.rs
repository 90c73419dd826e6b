//! Croupier's core: sessions (`table`: the `Game` trait, command declarations, the service with
//! its log, undo and group commit), the SQLite `store`, the pictures of sessions (`render`,
//! over the drawing engine), and `names` (the key names are compared by). Knows no game and no
//! front end.
//!
//! `dice` and `rng` are `croupier-dice`'s, re-exported so a game needs this crate alone.

// The command-declaration derives name `::croupier_core::…`, which works inside this crate too.
extern crate self as croupier_core;

pub use croupier_dice::{dice, rng};
pub use croupier_i18n as i18n;

pub mod names;
pub mod render;
pub mod store;
pub mod table;
#[cfg(feature = "testkit")]
pub mod testkit;

/// A path in the source tree (the workspace's top folder: `data/`, `docs/`, `tests/`), for tests
/// of any crate: a crate's tests run in its own folder, so `data` alone would not be found.
pub fn source_path(relative: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}
