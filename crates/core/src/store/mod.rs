//! Storage, on SQLite (the default: one file, no server) or PostgreSQL (several processes on
//! one database). The schema lives only in `migrations/*.sql` (SQLite) and
//! `migrations/postgres/*.sql`; this module opens the database, applies them in order, and
//! offers the row-level calls the table service uses, written once for both (`tx.rs`).

mod copy;
mod error;
mod migrations;
mod outbox;
mod postgres;
mod rows;
mod tx;

pub use copy::{copy_into, counts, TableCount};
pub use error::StoreError;
pub use outbox::{outbox_done, outbox_pending, outbox_push, OutboxRow};
pub use tx::{Arg, Backend, Row, Tx};

use crate::args;

pub use rows::{
    channel_exists, channel_get, channel_insert, channel_languages, channel_save_rng,
    channel_set_language, channel_set_server_language, decision_settle, decision_settled,
    log_append, log_get, log_last_action, log_mark_undone, log_recent, log_session,
    log_session_after, log_set_effects, log_set_visibility, next_wakeup, request_get, request_put,
    requests_prune, session_active, session_active_gms, session_end, session_get, session_ids,
    session_insert, session_latest, session_set_gms, session_set_host, session_set_wakeup,
    session_update, sessions_due, sessions_due_first, shard_key, shared_get, shared_put,
    shared_version, snapshot_latest, snapshot_put, snapshots_drop_from, user_languages,
    user_set_language, Languages, LogRow, NewLog, NewSession, SessionRow, ShardSlice, Snapshot,
};

use std::path::Path;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use include_dir::{include_dir, Dir};

use migrations::{migrations_in, Migration};
use rusqlite::{Connection, ErrorCode, Transaction, TransactionBehavior};

static MIGRATIONS_DIR: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../migrations");

/// The migrations, in file-name order (`0001_init.sql`, `0002_…`): schema version `n` is the
/// database after the first `n` of them.
static MIGRATIONS: LazyLock<Vec<Migration>> = LazyLock::new(|| migrations_in(&MIGRATIONS_DIR));

/// Applies migrations `from..to` (0-based: `from` is the database's schema version) in `tx`, the
/// caller's transaction, and records `to` as its `user_version`. Nothing is kept if one fails.
fn apply_migrations(tx: &Transaction, from: usize, to: usize) -> Result<(), StoreError> {
    for m in MIGRATIONS.get(from..to).unwrap_or_default() {
        let failed = |source| StoreError::Migration {
            migration: m.name.to_string(),
            source,
        };
        tracing::debug!(migration = m.name, "applying a database migration");
        tx.execute_batch(m.sql).map_err(failed)?;
        if m.sql.contains("PRAGMA writable_schema = ON") {
            schema_edited(tx).map_err(failed)?;
        }
    }
    tx.pragma_update(None, "user_version", to as i64)?;
    tracing::debug!(from, to, "database schema migrated");
    Ok(())
}

/// After a migration that edited a table's text in `sqlite_schema` (SQLite's procedure for
/// changes ALTER TABLE cannot make): bumps `schema_version`, so every connection re-reads the
/// schema, and turns `writable_schema` off, reloading this connection's schema.
fn schema_edited(tx: &Transaction) -> rusqlite::Result<()> {
    let v: i64 = tx.pragma_query_value(None, "schema_version", |r| r.get(0))?;
    tx.pragma_update(None, "schema_version", v + 1)?;
    tx.execute_batch("PRAGMA writable_schema = RESET")?;
    Ok(())
}

/// Number of schema versions this build knows.
pub fn schema_version() -> usize {
    MIGRATIONS.len()
}

/// How long SQLite waits for another connection's lock within one statement.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);
/// How long opening a database keeps trying, in all, while other processes hold it locked
/// (each try waits [`BUSY_TIMEOUT`] where SQLite's busy handler applies; some steps, such as
/// turning WAL on in a fresh file, are refused at once instead, and are tried again).
const OPEN_PATIENCE: Duration = Duration::from_secs(60);

impl StoreError {
    /// SQLite refused because another connection holds a lock (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    fn is_busy(&self) -> bool {
        let e = match self {
            StoreError::Sqlite(e) | StoreError::Migration { source: e, .. } => e,
            _ => return false,
        };
        matches!(
            e.sqlite_error_code(),
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
        )
    }
}

/// Runs `step` until it succeeds, fails other than by a lock, or `patience` has passed (then
/// [`StoreError::Busy`] naming `path`), pausing a little longer after each refusal.
fn retry_while_busy<T>(
    path: &str,
    patience: Duration,
    mut step: impl FnMut() -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        match step() {
            Err(e) if e.is_busy() => {
                let waited = start.elapsed();
                if waited >= patience {
                    return Err(StoreError::Busy {
                        path: path.to_string(),
                        waited,
                    });
                }
                // Processes started together would otherwise retry in step: spread them.
                let jitter = Duration::from_micros(rand::random::<u64>() % 1000);
                std::thread::sleep(pause + jitter);
                pause = (pause * 2).min(Duration::from_millis(50));
            }
            other => return other,
        }
    }
}

/// An open database.
pub struct Store {
    db: Db,
}

enum Db {
    Sqlite(Connection),
    Postgres(Box<postgres::Pg>),
}

/// `target` for messages and logs: a PostgreSQL URL as `host:port/database` (never its user
/// or password), a file as its path.
pub fn display_target(target: &str) -> String {
    if is_postgres_url(target) {
        postgres::display_url(target)
    } else {
        target.to_string()
    }
}

/// True when `target` (a `--db` value or `CROUPIER_DB`) names a PostgreSQL server
/// (`postgres://…` or `postgresql://…`) rather than an SQLite file.
pub fn is_postgres_url(target: &str) -> bool {
    target.starts_with("postgres://") || target.starts_with("postgresql://")
}

/// Turns on WAL (kept in the file). Another process doing the same to a fresh file can make
/// SQLite refuse at once, without waiting, or leave the old mode: both count as busy, to retry.
fn use_wal(conn: &Connection) -> Result<(), StoreError> {
    let mode: String = conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))?;
    match mode.to_ascii_lowercase().as_str() {
        // An in-memory database has no file to keep a WAL in.
        "wal" | "memory" => Ok(()),
        _ => Err(StoreError::Sqlite(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
            Some(format!("journal_mode stayed {mode}")),
        ))),
    }
}

/// The database's schema version (`user_version`).
fn user_version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.pragma_query_value(None, "user_version", |r| r.get(0))?)
}

/// Brings the schema up to date. A database at this build's version is left alone without a
/// write lock (a read-only file opens). Otherwise the version is read again and the migrations
/// applied in one `BEGIN IMMEDIATE` transaction: holding the write lock from the check to the
/// commit, so a process that started with this one and migrated first is seen, not raced.
fn migrate(conn: &mut Connection, name: &str) -> Result<(), StoreError> {
    let known = schema_version();
    let too_new = |found| StoreError::TooNew {
        path: name.to_string(),
        found,
        known,
    };
    let found = user_version(conn)?;
    if found == known as i64 {
        return Ok(());
    }
    if found > known as i64 {
        return Err(too_new(found));
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let found = user_version(&tx)?;
    if found > known as i64 {
        return Err(too_new(found));
    }
    // Negative: not a version any tool writes; refused by the conversion, untouched.
    let from = usize::try_from(found).map_err(|_| {
        StoreError::Invalid(format!("the database {name} has schema version {found}"))
    })?;
    if from < known {
        apply_migrations(&tx, from, known)?;
    }
    tx.commit()?;
    Ok(())
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings the schema up to date.
    /// A database from a newer schema is refused, untouched. Any number of processes may open
    /// one file at once, a fresh one too: the schema is checked and migrated under SQLite's write
    /// lock, so one of them migrates and the others find it migrated.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Self::open_with_patience(path, BUSY_TIMEOUT, OPEN_PATIENCE)
    }

    fn open_with_patience(
        path: &Path,
        busy_timeout: Duration,
        patience: Duration,
    ) -> Result<Store, StoreError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|source| StoreError::Io {
                path: path.display().to_string(),
                source,
            })?;
        }
        let conn = Connection::open(path)?;
        Self::setup(conn, &path.display().to_string(), busy_timeout, patience)
    }

    /// Opens `target`: a PostgreSQL server when it is a `postgres://` URL, else the SQLite
    /// file at that path. Either way the schema is brought up to date.
    pub fn connect(target: &str) -> Result<Store, StoreError> {
        if is_postgres_url(target) {
            Ok(Store {
                db: Db::Postgres(Box::new(postgres::Pg::connect(target)?)),
            })
        } else {
            Self::open(Path::new(target))
        }
    }

    /// An in-memory database (tests, benchmarks).
    pub fn in_memory() -> Result<Store, StoreError> {
        Self::setup(
            Connection::open_in_memory()?,
            ":memory:",
            BUSY_TIMEOUT,
            OPEN_PATIENCE,
        )
    }

    fn setup(
        mut conn: Connection,
        name: &str,
        busy_timeout: Duration,
        patience: Duration,
    ) -> Result<Store, StoreError> {
        // Before anything touches the file: every step below may meet another process's lock.
        conn.busy_timeout(busy_timeout)?;
        // Every statement of the request path stays prepared (rows.rs runs them cached).
        conn.set_prepared_statement_cache_capacity(64);
        retry_while_busy(name, patience, || use_wal(&conn))?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Each request runs in a savepoint of its group's transaction: the pages it changes that
        // the group changed before are copied to the statement journal, which SQLite spills to a
        // temporary file past 64 KiB. Kept in memory, a group commit makes no temp-file writes
        // (BENCHMARKS.md, twelfth round). It holds only pages of the open transaction.
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        retry_while_busy(name, patience, || migrate(&mut conn, name))?;
        Ok(Store {
            db: Db::Sqlite(conn),
        })
    }

    /// The schema version this build brings the database to (they differ by back end).
    pub fn schema_version(&self) -> usize {
        match self.db {
            Db::Sqlite(_) => schema_version(),
            Db::Postgres(_) => postgres::schema_version(),
        }
    }

    /// The back end.
    pub fn backend(&self) -> Backend {
        match self.db {
            Db::Sqlite(_) => Backend::Sqlite,
            Db::Postgres(_) => Backend::Postgres,
        }
    }

    /// The SQLite connection, on SQLite (SQLite-only tests and maintenance).
    pub fn sqlite(&mut self) -> Option<&mut Connection> {
        match &mut self.db {
            Db::Sqlite(c) => Some(c),
            Db::Postgres(_) => None,
        }
    }

    /// A transaction that reads (on SQLite: deferred, so other readers go on).
    pub fn transaction(&mut self) -> Result<Tx<'_>, StoreError> {
        match &mut self.db {
            Db::Sqlite(c) => Ok(Tx::sqlite(c.transaction()?)),
            Db::Postgres(pg) => pg.transaction(),
        }
    }

    /// A transaction that will write: on SQLite it takes the write lock at once (`BEGIN
    /// IMMEDIATE`), so it never fails half-way for a lock; on PostgreSQL rows are locked as the
    /// requests reach them (see [`lock_channel`]).
    pub fn write_transaction(&mut self) -> Result<Tx<'_>, StoreError> {
        match &mut self.db {
            Db::Sqlite(c) => Ok(Tx::sqlite(
                c.transaction_with_behavior(TransactionBehavior::Immediate)?,
            )),
            Db::Postgres(pg) => pg.transaction(),
        }
    }

    /// Checks the database answers (a health check): one round trip.
    pub fn ping(&mut self) -> Result<(), StoreError> {
        let tx = self.transaction()?;
        tx.query_one("SELECT 1", args![])?;
        tx.rollback()
    }

    /// A line naming the database for logs and `croupier migrate` (never a password).
    pub fn describe(&mut self) -> Result<String, StoreError> {
        match &mut self.db {
            Db::Sqlite(_) => Ok(format!("SQLite {}", rusqlite::version())),
            Db::Postgres(pg) => pg.describe(),
        }
    }

    /// Runs `PRAGMA integrity_check` on SQLite (`"ok"` when healthy); PostgreSQL checks its
    /// own pages, so there it reports `"ok"` once the server answers.
    pub fn integrity_check(&mut self) -> Result<String, StoreError> {
        match &mut self.db {
            Db::Sqlite(c) => Ok(c.pragma_query_value(None, "integrity_check", |r| r.get(0))?),
            Db::Postgres(_) => {
                self.ping()?;
                Ok("ok".into())
            }
        }
    }
}

/// Locks `channel` for this transaction, so two processes never apply to one channel at once
/// (PostgreSQL: a transaction-level advisory lock on the channel's key, which also covers a
/// channel whose row does not exist yet; SQLite: nothing to do, the write transaction already
/// holds the whole file).
pub fn lock_channel(tx: &Tx, channel: &str) -> Result<(), StoreError> {
    postgres::lock_key(tx, "channel", channel)
}

/// Locks a guild's shared state of `game` for this transaction (see [`lock_channel`]): its
/// read, change and write cannot interleave with another process's.
pub fn lock_shared(tx: &Tx, guild: &str, game: &str) -> Result<(), StoreError> {
    postgres::lock_key(tx, "shared", &format!("{guild}/{game}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Store {
        /// The SQLite connection of a store these tests opened as SQLite.
        fn raw(&self) -> &Connection {
            match &self.db {
                Db::Sqlite(c) => c,
                Db::Postgres(_) => unreachable!("these tests open SQLite stores"),
            }
        }
    }

    /// A connection to `path` at schema `version` (a store an older Croupier made).
    fn at_version(path: &Path, version: usize) -> Connection {
        let mut c = Connection::open(path).unwrap();
        let tx = c.transaction().unwrap();
        apply_migrations(&tx, 0, version).unwrap();
        tx.commit().unwrap();
        c
    }

    #[test]
    fn every_migration_applies_in_order_to_a_fresh_store() {
        let files = MIGRATIONS_DIR
            .files()
            .filter(|f| f.path().extension().is_some_and(|e| e == "sql"));
        for f in files {
            assert!(
                f.contents_utf8().is_some_and(|s| !s.trim().is_empty()),
                "{} is empty or not UTF-8",
                f.path().display()
            );
        }
        assert!(schema_version() >= 1);
        let mut store = Store::in_memory().unwrap();
        assert_eq!(user_version(store.raw()).unwrap(), schema_version() as i64);
        assert_eq!(store.integrity_check().unwrap(), "ok");
    }

    #[test]
    fn a_store_held_locked_past_the_patience_is_refused_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("held.db");
        // A store one migration behind, so opening it must take the write lock to migrate.
        drop(at_version(&path, schema_version() - 1));
        let holder = Connection::open(&path).unwrap();
        holder.execute_batch("BEGIN IMMEDIATE").unwrap();
        let started = Instant::now();
        let err =
            Store::open_with_patience(&path, Duration::from_millis(20), Duration::from_millis(200))
                .err()
                .expect("refused while locked");
        assert!(
            started.elapsed() >= Duration::from_millis(200),
            "it retried"
        );
        assert!(matches!(err, StoreError::Busy { .. }), "{err:?}");
        let text = err.to_string();
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(
            text.contains("then start again") && text.contains("nothing was changed"),
            "{text}"
        );
        // Once the lock is gone, the same open migrates it.
        holder.execute_batch("ROLLBACK").unwrap();
        let store = Store::open(&path).unwrap();
        assert_eq!(user_version(store.raw()).unwrap(), schema_version() as i64);
    }

    #[test]
    fn an_up_to_date_store_opens_without_the_write_lock() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("busy.db");
        drop(Store::open(&path).unwrap());
        // Another process writing (holding the write lock) does not keep a reader out.
        let holder = Connection::open(&path).unwrap();
        holder.execute_batch("BEGIN IMMEDIATE").unwrap();
        let store =
            Store::open_with_patience(&path, Duration::from_millis(20), Duration::from_millis(100));
        assert!(store.is_ok(), "{:?}", store.err());
    }

    #[test]
    fn pruning_request_ids_by_age_uses_an_index() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("p.db")).unwrap();
        let plan: Vec<String> = store
            .raw()
            .prepare("EXPLAIN QUERY PLAN DELETE FROM requests WHERE at < ?1")
            .unwrap()
            .query_map([0], |r| r.get::<_, String>(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(
            plan.iter()
                .any(|l| l.contains("USING COVERING INDEX requests_at")
                    || l.contains("USING INDEX requests_at")),
            "{plan:?}"
        );
    }

    /// The plan's detail lines for `sql` (parameters bound to 0).
    fn plan(store: &Store, sql: &str) -> Vec<String> {
        let mut st = store
            .raw()
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap();
        let n = st.parameter_count();
        let params: Vec<i64> = vec![0; n];
        st.query_map(rusqlite::params_from_iter(params), |r| {
            r.get::<_, String>(3)
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
    }

    #[test]
    fn the_next_wakeup_and_due_sessions_are_read_through_the_partial_index() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("w.db")).unwrap();
        // Many active sessions without a wake-up: a walk over them is what the index avoids.
        {
            let tx = store.transaction().unwrap();
            tx.exec(
                "INSERT INTO channels(channel, seed, created_at) VALUES ('c', 1, 0)",
                args![],
            )
            .unwrap();
            for i in 0..500 {
                tx.exec(
                    "INSERT INTO sessions(channel, game, host, seed, state, rng, active, wakeup_at, created_at, updated_at)
                     VALUES ('c', 'dice', 'h', 1, '{}', '{}', ?1, ?2, 0, 0)",
                    args![i64::from(i == 499), (i % 7 == 0).then_some(i)],
                )
                .unwrap();
            }
            tx.commit().unwrap();
        }
        store.raw().execute_batch("ANALYZE").unwrap();
        for sql in [
            "SELECT MIN(wakeup_at) FROM sessions WHERE active = 1 AND wakeup_at IS NOT NULL
               AND (CAST(?1 AS BIGINT) = 0 OR COALESCE(shard_key, 0) % CAST(?1 AS BIGINT) BETWEEN ?2 AND ?3)",
            "SELECT id FROM sessions WHERE active = 1 AND wakeup_at IS NOT NULL AND wakeup_at <= ?1
               AND (CAST(?3 AS BIGINT) = 0 OR COALESCE(shard_key, 0) % CAST(?3 AS BIGINT) BETWEEN ?4 AND ?5)
             ORDER BY wakeup_at, id LIMIT ?2",
        ] {
            let p = plan(&store, sql);
            assert!(
                p.iter().any(|l| l.contains("sessions_wakeup")),
                "{sql}: {p:?}"
            );
        }
        let tx = store.transaction().unwrap();
        assert_eq!(
            next_wakeup(&tx, None).unwrap(),
            None,
            "the active session has no wake-up"
        );
    }

    #[test]
    fn refuses_a_newer_database_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/dir/x.db");
        drop(Store::open(&path).unwrap());
        {
            let c = Connection::open(&path).unwrap();
            c.pragma_update(None, "user_version", 999).unwrap();
        }
        let err = Store::open(&path).err().expect("refused");
        assert!(err.to_string().contains("999"), "{err}");
        let c = Connection::open(&path).unwrap();
        let v: i64 = c
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 999);
    }

    #[test]
    fn uses_wal() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open(&dir.path().join("w.db")).unwrap();
        let mode: String = s
            .raw()
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        assert_eq!(s.integrity_check().unwrap(), "ok");
    }

    fn append(tx: &Tx, channel: &str, summary: &str) -> i64 {
        log_append(
            tx,
            &NewLog {
                channel,
                session_id: None,
                kind: "roll",
                actor: "a",
                actor_name: "a",
                payload: "{}",
                summary,
                visibility: "public",
                request_id: None,
                at: 0,
                restore: None,
                said: None,
            },
        )
        .unwrap()
    }

    fn summaries(store: &mut Store, channel: &str, n: i64) -> Vec<String> {
        let tx = store.transaction().unwrap();
        let rows = log_recent(&tx, channel, n).unwrap();
        rows.into_iter().map(|r| r.summary).collect()
    }

    #[test]
    fn a_channels_recent_log_follows_its_chain_oldest_first() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("l.db")).unwrap();
        {
            let tx = store.transaction().unwrap();
            for i in 0..10 {
                append(&tx, "a", &format!("a{i}"));
                append(&tx, "b", &format!("b{i}"));
            }
            append(&tx, "a", "a10");
            tx.commit().unwrap();
        }
        assert_eq!(summaries(&mut store, "a", 3), ["a8", "a9", "a10"]);
        assert_eq!(summaries(&mut store, "b", 2), ["b8", "b9"]);
        assert_eq!(summaries(&mut store, "b", 50).len(), 10);
        assert!(summaries(&mut store, "c", 5).is_empty());
        assert!(summaries(&mut store, "a", 0).is_empty());
    }

    #[test]
    fn a_log_written_before_the_chain_is_chained_by_the_migration() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        {
            let c = at_version(&path, 7);
            for i in 0..6 {
                for ch in ["x", "y"] {
                    c.execute(
                        "INSERT INTO log(channel, kind, actor, actor_name, payload, summary, at)
                         VALUES (?1, 'roll', 'a', 'a', '{}', ?2, 0)",
                        rusqlite::params![ch, format!("{ch}{i}")],
                    )
                    .unwrap();
                }
            }
        }
        let mut store = Store::open(&path).unwrap();
        assert_eq!(summaries(&mut store, "x", 2), ["x4", "x5"]);
        {
            let tx = store.transaction().unwrap();
            append(&tx, "y", "y6");
            tx.commit().unwrap();
        }
        assert_eq!(summaries(&mut store, "y", 3), ["y4", "y5", "y6"]);
        assert_eq!(summaries(&mut store, "x", 10).len(), 6);
    }

    #[test]
    fn a_channel_generator_stored_as_json_continues_from_its_position_after_the_migration() {
        use rand::RngCore;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        let seed = 0x1234_5678_9abc_def0_u64;
        // Schema 8 stored the whole generator, here 3 rolls of 2d6 (and one u64) in.
        let mut old = crate::rng::seeded(seed);
        for _ in 0..7 {
            old.next_u32();
        }
        old.next_u64();
        {
            let c = at_version(&path, 8);
            c.execute(
                "INSERT INTO channels(channel, guild, seed, rng, created_at) VALUES ('t', 'g', ?1, ?2, 0)",
                rusqlite::params![seed as i64, serde_json::to_string(&old).unwrap()],
            )
            .unwrap();
        }
        let mut store = Store::open(&path).unwrap();
        let tx = store.transaction().unwrap();
        let row = rows::channel_get(&tx, "t").unwrap().unwrap();
        assert_eq!(row.rng_pos, 9, "7 words and a 2-word u64");
        let mut now = crate::rng::at(row.seed as u64, row.rng_pos as u128);
        let next: Vec<u64> = (0..4).map(|_| now.next_u64()).collect();
        let expected: Vec<u64> = (0..4).map(|_| old.next_u64()).collect();
        assert_eq!(next, expected);
    }

    #[test]
    fn a_session_saved_before_shard_keys_gets_its_guilds_key_from_the_migration() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        let guild = 81_384_788_765_712_384_u64;
        {
            let c = at_version(&path, 11);
            c.execute_batch("INSERT INTO channels(channel, seed, created_at) VALUES ('c', 1, 0)")
                .unwrap();
            for g in [guild.to_string().as_str(), "console", ""] {
                c.execute(
                    "INSERT INTO sessions(channel, guild, game, host, seed, state, rng, active, created_at, updated_at)
                     VALUES ('c', ?1, 'dice', 'h', 1, '{}', '{}', 0, 0, 0)",
                    [g],
                )
                .unwrap();
            }
        }
        let store = Store::open(&path).unwrap();
        let keys: Vec<Option<i64>> = store
            .raw()
            .prepare("SELECT shard_key FROM sessions ORDER BY id")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(keys, [Some((guild >> 22) as i64), None, None]);
        assert_eq!(
            rows::shard_key(&guild.to_string()),
            Some((guild >> 22) as i64)
        );
    }

    /// The opcodes of `sql` as this connection compiles it.
    fn opcodes(c: &Connection, sql: &str) -> Vec<String> {
        let mut st = c.prepare(&format!("EXPLAIN {sql}")).unwrap();
        st.query_map([], |r| r.get::<_, String>(1))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }

    const LOG_INSERT: &str = "INSERT INTO log(channel, kind, actor, actor_name, payload, summary, at) VALUES ('c', 'roll', 'a', 'a', '{}', 's', 0)";

    #[test]
    fn a_log_insert_checks_its_kind_without_building_a_temporary_table() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.db");
        {
            // A store made before schema 10 (its log checked `kind IN (…)`), migrated now.
            let c = at_version(&path, 9);
            assert!(opcodes(&c, LOG_INSERT).contains(&"OpenEphemeral".to_string()));
            c.execute_batch(LOG_INSERT).unwrap();
        }
        let mut store = Store::open(&path).unwrap();
        // The connection that migrated compiles the new check, and so does a new one.
        assert!(!opcodes(store.raw(), LOG_INSERT).contains(&"OpenEphemeral".to_string()));
        let other = Connection::open(&path).unwrap();
        assert!(!opcodes(&other, LOG_INSERT).contains(&"OpenEphemeral".to_string()));
        assert_eq!(store.integrity_check().unwrap(), "ok");
        // The check still refuses what it refused.
        let tx = store.transaction().unwrap();
        let bad = tx.batch(&LOG_INSERT.replace("'roll'", "'cheat'"));
        assert!(bad.is_err(), "an unknown kind was logged");
        tx.batch(LOG_INSERT).unwrap();
        tx.commit().unwrap();
        let kinds: Vec<String> = store
            .raw()
            .prepare("SELECT kind FROM log ORDER BY id")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(kinds, ["roll", "roll"]);
    }

    #[test]
    fn a_channels_recent_log_is_read_by_rowid_along_its_chain_never_by_a_scan_of_the_log() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("q.db")).unwrap();
        let lines = plan(&store, &rows::log_recent_sql());
        assert!(
            lines.iter().any(|l| l.contains("SEARCH channel_tail")),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .filter(|l| l.contains(" log"))
                .all(|l| l.contains("INTEGER PRIMARY KEY")),
            "{lines:?}"
        );
    }

    /// Pages one commit of one roll in each of `channels` channels writes to the WAL, after
    /// each channel already has `before` entries.
    fn wal_pages_of_one_roll_per_channel(channels: usize, before: usize) -> i64 {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("p.db")).unwrap();
        let tx = store.transaction().unwrap();
        for _ in 0..before {
            for c in 0..channels {
                append(&tx, &format!("{c:0>18}"), "rolled 2d6+3 → [6, 4] + 3 = 13");
            }
        }
        tx.commit().unwrap();
        // Empty the WAL, so that it holds only the commit measured below.
        store
            .raw()
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
            .unwrap();
        let tx = store.transaction().unwrap();
        for c in 0..channels {
            append(&tx, &format!("{c:0>18}"), "rolled 2d6+3 → [6, 4] + 3 = 13");
        }
        tx.commit().unwrap();
        store
            .raw()
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get(1))
            .unwrap()
    }

    #[test]
    fn one_roll_in_each_of_64_channels_writes_a_few_pages_not_one_per_channel() {
        // With a (channel, id) index, each channel's new entry lands on that channel's own
        // leaf: 64 channels with 200 entries each made a commit of 64 rolls write 64+ pages.
        let pages = wal_pages_of_one_roll_per_channel(64, 200);
        assert!(
            pages < 16,
            "one roll in each of 64 channels wrote {pages} WAL pages"
        );
    }
}
