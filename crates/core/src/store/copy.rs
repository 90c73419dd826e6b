//! `croupier copy`: moves every row of an SQLite store into an empty store (a PostgreSQL
//! database, typically) in one transaction, keeping ids, so logs, undo, snapshots, decisions
//! and buttons already posted go on working there.

use super::error::StoreError;
use super::tx::{Arg, Backend, Row, Tx};
use crate::args;

/// Every table of the schema, parents before children, with the columns both back ends have.
const TABLES: &[(&str, &str)] = &[
    ("channels", "channel, guild, seed, created_at, rng_pos, language"),
    (
        "sessions",
        "id, channel, guild, game, host, seed, state, rng, version, active, wakeup_at, created_at, updated_at, gms, shard_key",
    ),
    (
        "log",
        "id, channel, session_id, kind, actor, actor_name, payload, summary, visibility, request_id, undone, at, effects, prev_in_channel, restore, said",
    ),
    ("channel_tail", "channel, last_id"),
    ("requests", "request_id, channel, outcome, at"),
    ("shared_state", "guild, game, state, version"),
    ("decisions_settled", "session_id, key, who, label, log_id"),
    ("snapshots", "session_id, log_id, state, rng, host"),
    ("discord_component_ids", "key, custom_id"),
    ("discord_slots", "channel, key, message_id"),
    ("outbox", "id, channel, request_id, payload, shard_key, at"),
    ("user_languages", "user_id, language"),
];

/// Rows read from the source per query.
const PAGE: i64 = 2_000;

/// How many rows a table holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCount {
    /// The table.
    pub table: &'static str,
    /// Its rows.
    pub rows: i64,
}

/// The number of rows of every table, in [`TABLES`] order.
pub fn counts(tx: &Tx) -> Result<Vec<TableCount>, StoreError> {
    TABLES
        .iter()
        .map(|(table, _)| {
            let rows = tx
                .query_one(&format!("SELECT COUNT(*) FROM {table}"), args![])?
                .int(0)?;
            Ok(TableCount { table, rows })
        })
        .collect()
}

/// Copies every row `src` (a transaction on an SQLite store) reads into `dst`, whose database
/// must hold no rows yet; the caller commits `dst` (any failure: drop it, and nothing was
/// written). Returns the rows copied per table.
pub fn copy_into(src: &Tx, dst: &Tx) -> Result<Vec<TableCount>, StoreError> {
    if src.backend() != Backend::Sqlite {
        return Err(StoreError::Invalid(
            "copy reads an SQLite file (--from FILE.db)".into(),
        ));
    }
    let held: i64 = counts(dst)?.iter().map(|c| c.rows).sum();
    if held > 0 {
        return Err(StoreError::Invalid(format!(
            "the target database already holds {held} rows; copy only into an empty database (a new one, or a new schema)"
        )));
    }
    let mut copied = Vec::new();
    for (table, cols) in TABLES {
        let n = copy_table(src, dst, table, cols)?;
        copied.push(TableCount { table, rows: n });
    }
    if dst.backend() == Backend::Postgres {
        // Identity columns were given their ids: the next new row continues after them.
        for table in ["sessions", "log", "outbox"] {
            dst.query(
                &format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                ),
                args![],
            )?;
        }
    }
    Ok(copied)
}

/// Copies one table page by page (in SQLite's `rowid` order; `channel_tail` has none and is
/// one row per channel, read at once).
fn copy_table(src: &Tx, dst: &Tx, table: &str, cols: &str) -> Result<i64, StoreError> {
    let width = cols.split(',').count();
    let params: Vec<String> = (1..=width).map(|i| format!("?{i}")).collect();
    let insert = format!("INSERT INTO {table}({cols}) VALUES ({})", params.join(", "));
    let mut n = 0;
    if table == "channel_tail" {
        for row in src.query(&format!("SELECT {cols} FROM {table}"), args![])? {
            dst.exec(&insert, &row_args(&row, 0, width))?;
            n += 1;
        }
        return Ok(n);
    }
    let page =
        format!("SELECT rowid, {cols} FROM {table} WHERE rowid > ?1 ORDER BY rowid LIMIT ?2");
    let mut after = 0;
    loop {
        let mut rows = src.query(&page, args![after, PAGE])?;
        let Some(last) = rows.last_mut() else {
            return Ok(n);
        };
        after = last.int(0)?;
        for row in &rows {
            dst.exec(&insert, &row_args(row, 1, width))?;
            n += 1;
        }
    }
}

/// `width` columns of `row` from `skip` on, as arguments.
fn row_args(row: &Row, skip: usize, width: usize) -> Vec<Arg<'_>> {
    (skip..skip + width).map(|i| row.arg(i)).collect()
}
