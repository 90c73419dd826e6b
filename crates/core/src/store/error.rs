//! Storage failures: the one error type of the store, which its row functions return too.

use std::time::Duration;

/// Storage failures.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite reported an error.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL reported an error (its cause is in the message, not repeated as a source).
    #[error("database error: {}", postgres_cause(.0))]
    Postgres(postgres::Error),
    /// No PostgreSQL server answered at the address given.
    #[error("cannot connect to the PostgreSQL database {target}: {}; check that the server runs and that CROUPIER_DB (or --db) names it", postgres_cause(.cause))]
    Connect {
        /// The address, without any password.
        target: String,
        /// Cause (in the message, not repeated as a source).
        cause: postgres::Error,
    },
    /// A PostgreSQL migration failed (its transaction was rolled back: nothing changed).
    #[error("database migration {migration} failed, so nothing was changed: {}", postgres_cause(.cause))]
    PgMigration {
        /// The migration's file.
        migration: String,
        /// Cause (in the message, not repeated as a source).
        cause: postgres::Error,
    },
    /// A migration failed (its transaction was rolled back: the file is as it was).
    #[error("database migration {migration} failed, so nothing was changed: {source}")]
    Migration {
        /// The migration's file.
        migration: String,
        /// Cause.
        source: rusqlite::Error,
    },
    /// Other processes kept the database locked for as long as opening it waits.
    #[error("the database {path} stayed locked by another process for {}s while Croupier opened it, so nothing was changed; another Croupier may be migrating it (on a large store a migration can take minutes, once) or a tool (sqlite3, a backup) may hold it in a long transaction: let that finish, then start again", waited.as_secs())]
    Busy {
        /// File.
        path: String,
        /// How long opening tried.
        waited: Duration,
    },
    /// The file was written by a newer Croupier.
    #[error("the database {path} has schema version {found}, but this Croupier knows only up to {known}; use a newer Croupier or another --db file (nothing was changed)")]
    TooNew {
        /// File.
        path: String,
        /// Its version.
        found: i64,
        /// Ours.
        known: usize,
    },
    /// Could not create the folder.
    #[error("cannot create the folder for {path}: {source}")]
    Io {
        /// File.
        path: String,
        /// Cause.
        source: std::io::Error,
    },
    /// A stored JSON document did not parse.
    #[error("stored data could not be read: {0}")]
    Json(#[from] serde_json::Error),
    /// A value no build of Croupier stores (read from the database, or about to be written).
    #[error("{0}: Croupier never stores that, so nothing was changed; if the database was edited by hand, restore a backup")]
    Invalid(String),
    /// The state changed between read and write (should not happen inside one transaction).
    #[error("the game changed while this action was applied; try again")]
    Conflict,
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> Self {
        StoreError::Postgres(e)
    }
}

/// A PostgreSQL error in words: the server's own message (with its detail) where there is one,
/// which `postgres::Error`'s display leaves out ("db error").
fn postgres_cause(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => match db.detail() {
            Some(d) => format!("{} ({d})", db.message()),
            None => db.message().to_string(),
        },
        None => match std::error::Error::source(e) {
            Some(s) => format!("{e}: {s}"),
            None => e.to_string(),
        },
    }
}
