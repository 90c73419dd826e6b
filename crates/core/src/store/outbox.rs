//! The outbox (`migrations/0013_outbox.sql`): a committed action's public output, written in
//! the action's own transaction (see `table::Group::handle_posting`) and deleted by the front
//! end once delivered. The payload is the front end's; the store only keeps it in order.

use super::error::StoreError;
use super::rows::{shard_args, shard_key, ShardSlice};
use super::tx::Tx;
use crate::args;

/// One undelivered row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxRow {
    /// Its place in the outbox: a channel's rows are delivered in `id` order.
    pub id: i64,
    /// The channel the output is for.
    pub channel: String,
    /// The request whose output it is.
    pub request_id: String,
    /// The front end's own description of the output.
    pub payload: String,
    /// The request's stored outcome (`requests.outcome`), which a payload may point to rather
    /// than copy; `None` when the request row is gone.
    pub outcome: Option<String>,
}

/// Adds a row for `channel` (in guild `guild`, if any); returns its id.
pub fn outbox_push(
    tx: &Tx,
    channel: &str,
    guild: Option<&str>,
    request_id: &str,
    payload: &str,
    now: i64,
) -> Result<i64, StoreError> {
    tx.insert_id(
        "INSERT INTO outbox(channel, request_id, payload, shard_key, at) VALUES (?1, ?2, ?3, ?4, ?5)",
        args![channel, request_id, payload, guild.and_then(shard_key), now],
    )
}

/// Every undelivered row (only those of guilds on `shards`, when given), oldest first.
pub fn outbox_pending(tx: &Tx, shards: Option<ShardSlice>) -> Result<Vec<OutboxRow>, StoreError> {
    let [total, first, last] = shard_args(shards);
    tx.query(
        "SELECT o.id, o.channel, o.request_id, o.payload, r.outcome FROM outbox o
           LEFT JOIN requests r ON r.request_id = o.request_id
          WHERE (CAST(?1 AS BIGINT) = 0 OR COALESCE(o.shard_key, 0) % CAST(?1 AS BIGINT) BETWEEN ?2 AND ?3)
          ORDER BY o.id",
        args![total, first, last],
    )?
    .into_iter()
    .map(|mut r| {
        Ok(OutboxRow {
            id: r.int(0)?,
            channel: r.text(1)?,
            request_id: r.text(2)?,
            payload: r.text(3)?,
            outcome: r.opt_text(4)?,
        })
    })
    .collect()
}

/// Forgets the delivered row `id` (a row already gone is no error); returns whether it was there.
pub fn outbox_done(tx: &Tx, id: i64) -> Result<bool, StoreError> {
    Ok(tx.exec("DELETE FROM outbox WHERE id = ?1", args![id])? > 0)
}
