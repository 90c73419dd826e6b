//! The migration files, read into the binary at build time.

use include_dir::Dir;

/// One file of `migrations/` (or of `migrations/postgres/`).
pub(super) struct Migration {
    /// Its file name (`0009_channel_rng_position.sql`), for errors.
    pub(super) name: &'static str,
    pub(super) sql: &'static str,
}

/// The `.sql` files directly in `dir`, in file-name order.
pub(super) fn migrations_in(dir: &'static Dir<'static>) -> Vec<Migration> {
    let mut files: Vec<_> = dir
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "sql"))
        .collect();
    files.sort_by_key(|f| f.path().to_path_buf());
    files
        .into_iter()
        .map(|f| Migration {
            name: f.path().to_str().unwrap_or("a migration"),
            // include_dir reads every file at build time; a file that is not UTF-8 is applied
            // as nothing and found by `every_migration_applies_in_order_to_a_fresh_store` (tests).
            sql: f.contents_utf8().unwrap_or(""),
        })
        .collect()
}
