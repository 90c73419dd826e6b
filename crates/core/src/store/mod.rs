//! SQLite storage. The schema lives only in `migrations/*.sql`; this module opens the
//! database, applies them in order, and offers the row-level calls the table service uses.

mod error;
mod rows;

pub use error::StoreError;

pub use rows::{
    channel_exists, channel_get, channel_insert, channel_save_rng, decision_settle,
    decision_settled, log_append, log_get, log_last_action, log_mark_undone, log_recent,
    log_session, log_session_after, log_set_effects, log_set_visibility, next_wakeup, request_get,
    request_put, requests_prune, session_active, session_end, session_get, session_ids,
    session_insert, session_latest, session_set_gms, session_set_host, session_set_wakeup,
    session_update, sessions_due, sessions_due_first, shared_get, shared_put, shared_version,
    snapshot_latest, snapshot_put, snapshots_drop_from, LogRow, NewLog, NewSession, SessionRow,
    Snapshot,
};

use std::path::Path;
use std::sync::LazyLock;
use std::time::Duration;

use include_dir::{include_dir, Dir};
use rusqlite::Connection;
use rusqlite_migration::{Migrations, M};

static MIGRATIONS_DIR: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../migrations");

/// The migrations, in file-name order (`0001_init.sql`, `0002_…`).
static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    let mut files: Vec<_> = MIGRATIONS_DIR
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "sql"))
        .collect();
    files.sort_by_key(|f| f.path().to_path_buf());
    Migrations::new(
        files
            .into_iter()
            .filter_map(|f| f.contents_utf8())
            .map(|sql| {
                if sql.contains("PRAGMA writable_schema = ON") {
                    M::up_with_hook(sql, schema_edited)
                } else {
                    M::up(sql)
                }
            })
            .collect(),
    )
});

/// After a migration that edited a table's text in `sqlite_schema` (SQLite's procedure for
/// changes ALTER TABLE cannot make): bumps `schema_version`, so every connection re-reads the
/// schema, and turns `writable_schema` off, reloading this connection's schema.
fn schema_edited(tx: &rusqlite::Transaction) -> rusqlite_migration::HookResult {
    let v: i64 = tx.pragma_query_value(None, "schema_version", |r| r.get(0))?;
    tx.pragma_update(None, "schema_version", v + 1)?;
    tx.execute_batch("PRAGMA writable_schema = RESET")?;
    Ok(())
}

/// Number of schema versions this build knows.
pub fn schema_version() -> usize {
    MIGRATIONS_DIR
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "sql"))
        .count()
}

/// An open database.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings the schema up to date.
    /// A database from a newer schema is refused, untouched.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|source| StoreError::Io {
                path: path.display().to_string(),
                source,
            })?;
        }
        let conn = Connection::open(path)?;
        Self::setup(conn, &path.display().to_string())
    }

    /// An in-memory database (tests, benchmarks).
    pub fn in_memory() -> Result<Store, StoreError> {
        Self::setup(Connection::open_in_memory()?, ":memory:")
    }

    fn setup(mut conn: Connection, name: &str) -> Result<Store, StoreError> {
        conn.busy_timeout(Duration::from_secs(10))?;
        // Every statement of the request path stays prepared (rows.rs runs them cached).
        conn.set_prepared_statement_cache_capacity(64);
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let found: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let known = schema_version();
        if found > known as i64 {
            return Err(StoreError::TooNew {
                path: name.to_string(),
                found,
                known,
            });
        }
        MIGRATIONS.to_latest(&mut conn)?;
        Ok(Store { conn })
    }

    /// The connection (for transactions).
    pub fn conn(&mut self) -> &mut Connection {
        &mut self.conn
    }

    /// Runs `PRAGMA integrity_check`; `"ok"` when healthy.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        Ok(self
            .conn
            .pragma_query_value(None, "integrity_check", |r| r.get(0))?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        MIGRATIONS.validate().expect("migrations validate");
        assert!(schema_version() >= 1);
    }

    #[test]
    fn pruning_request_ids_by_age_uses_an_index() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("p.db")).unwrap();
        let plan: Vec<String> = store
            .conn
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
            .conn
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
            let tx = store.conn.transaction().unwrap();
            tx.execute(
                "INSERT INTO channels(channel, seed, created_at) VALUES ('c', 1, 0)",
                [],
            )
            .unwrap();
            for i in 0..500 {
                tx.execute(
                    "INSERT INTO sessions(channel, game, host, seed, state, rng, active, wakeup_at, created_at, updated_at)
                     VALUES ('c', 'dice', 'h', 1, '{}', '{}', ?1, ?2, 0, 0)",
                    rusqlite::params![i64::from(i == 499), (i % 7 == 0).then_some(i)],
                )
                .unwrap();
            }
            tx.commit().unwrap();
        }
        store.conn.execute_batch("ANALYZE").unwrap();
        for sql in [
            "SELECT MIN(wakeup_at) FROM sessions WHERE active = 1 AND wakeup_at IS NOT NULL",
            "SELECT id FROM sessions WHERE active = 1 AND wakeup_at IS NOT NULL AND wakeup_at <= ?1 ORDER BY wakeup_at, id LIMIT ?2",
        ] {
            let p = plan(&store, sql);
            assert!(
                p.iter().any(|l| l.contains("sessions_wakeup")),
                "{sql}: {p:?}"
            );
        }
        let tx = store.conn.transaction().unwrap();
        assert_eq!(
            next_wakeup(&tx).unwrap(),
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
        let s = Store::open(&dir.path().join("w.db")).unwrap();
        let mode: String = s
            .conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        assert_eq!(s.integrity_check().unwrap(), "ok");
    }

    fn append(tx: &rusqlite::Transaction, channel: &str, summary: &str) -> i64 {
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
            },
        )
        .unwrap()
    }

    fn summaries(store: &mut Store, channel: &str, n: i64) -> Vec<String> {
        let tx = store.conn.transaction().unwrap();
        let rows = log_recent(&tx, channel, n).unwrap();
        rows.into_iter().map(|r| r.summary).collect()
    }

    #[test]
    fn a_channels_recent_log_follows_its_chain_oldest_first() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("l.db")).unwrap();
        {
            let tx = store.conn.transaction().unwrap();
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
            let mut c = Connection::open(&path).unwrap();
            MIGRATIONS.to_version(&mut c, 7).unwrap();
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
            let tx = store.conn.transaction().unwrap();
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
            let mut c = Connection::open(&path).unwrap();
            MIGRATIONS.to_version(&mut c, 8).unwrap();
            c.execute(
                "INSERT INTO channels(channel, guild, seed, rng, created_at) VALUES ('t', 'g', ?1, ?2, 0)",
                rusqlite::params![seed as i64, serde_json::to_string(&old).unwrap()],
            )
            .unwrap();
        }
        let mut store = Store::open(&path).unwrap();
        let tx = store.conn.transaction().unwrap();
        let row = rows::channel_get(&tx, "t").unwrap().unwrap();
        assert_eq!(row.rng_pos, 9, "7 words and a 2-word u64");
        let mut now = crate::rng::at(row.seed as u64, row.rng_pos as u128);
        let next: Vec<u64> = (0..4).map(|_| now.next_u64()).collect();
        let expected: Vec<u64> = (0..4).map(|_| old.next_u64()).collect();
        assert_eq!(next, expected);
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
            let mut c = Connection::open(&path).unwrap();
            MIGRATIONS.to_version(&mut c, 9).unwrap();
            assert!(opcodes(&c, LOG_INSERT).contains(&"OpenEphemeral".to_string()));
            c.execute_batch(LOG_INSERT).unwrap();
        }
        let mut store = Store::open(&path).unwrap();
        // The connection that migrated compiles the new check, and so does a new one.
        assert!(!opcodes(&store.conn, LOG_INSERT).contains(&"OpenEphemeral".to_string()));
        let other = Connection::open(&path).unwrap();
        assert!(!opcodes(&other, LOG_INSERT).contains(&"OpenEphemeral".to_string()));
        assert_eq!(store.integrity_check().unwrap(), "ok");
        // The check still refuses what it refused.
        let tx = store.conn.transaction().unwrap();
        let bad = tx.execute_batch(&LOG_INSERT.replace("'roll'", "'cheat'"));
        assert!(bad.is_err(), "an unknown kind was logged");
        tx.execute_batch(LOG_INSERT).unwrap();
        tx.commit().unwrap();
        let kinds: Vec<String> = store
            .conn
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
        let tx = store.conn.transaction().unwrap();
        for _ in 0..before {
            for c in 0..channels {
                append(&tx, &format!("{c:0>18}"), "rolled 2d6+3 → [6, 4] + 3 = 13");
            }
        }
        tx.commit().unwrap();
        // Empty the WAL, so that it holds only the commit measured below.
        store
            .conn
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
            .unwrap();
        let tx = store.conn.transaction().unwrap();
        for c in 0..channels {
            append(&tx, &format!("{c:0>18}"), "rolled 2d6+3 → [6, 4] + 3 = 13");
        }
        tx.commit().unwrap();
        store
            .conn
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
