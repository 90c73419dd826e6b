//! Row-level reads and writes, each taking the open transaction.

//!
//! Every statement runs through the connection's statement cache (the request path runs the
//! same few statements for every request; parsing them each time was measurable), and is
//! written once for both back ends (see `tx.rs`).

use super::error::StoreError;
use super::tx::{Row, Tx};
use crate::args;

/// A channel's dice RNG.
#[derive(Debug, Clone)]
pub struct ChannelRow {
    /// Channel key.
    pub channel: String,
    /// Seed it was created with.
    pub seed: i64,
    /// Where its dice generator is: the word position of ChaCha8 seeded from `seed`.
    pub rng_pos: i64,
}

/// A session row.
#[derive(Debug, Clone)]
pub struct SessionRow {
    /// Id.
    pub id: i64,
    /// Channel key.
    pub channel: String,
    /// Guild, if any.
    pub guild: Option<String>,
    /// Game name.
    pub game: String,
    /// Host user id.
    pub host: String,
    /// Seed of the session RNG.
    pub seed: i64,
    /// Game state JSON.
    pub state: String,
    /// RNG state JSON.
    pub rng: String,
    /// State version (bumps on every change).
    pub version: i64,
    /// Still running.
    pub active: bool,
    /// The game's GMs (JSON array of user ids) as written with the state; `None` for a
    /// session saved before this column existed.
    pub gms: Option<String>,
}

/// One entry of the action log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRow {
    /// Id (increasing).
    pub id: i64,
    /// Channel key.
    pub channel: String,
    /// Session, if any.
    pub session_id: Option<i64>,
    /// `new`, `action`, `undo`, `end`, `roll`, `global`, `reveal`.
    pub kind: String,
    /// Actor id.
    pub actor: String,
    /// Actor display name.
    pub actor_name: String,
    /// JSON payload (command, action or roll).
    pub payload: String,
    /// Public one-line summary.
    pub summary: String,
    /// `public`, `gm`, `blind`, `self`, or `private`.
    pub visibility: String,
    /// Request id.
    pub request_id: Option<String>,
    /// Undone by a later undo.
    pub undone: bool,
    /// Unix seconds.
    pub at: i64,
    /// The shared-state change this entry made, as JSON (see `table::effects`), if any.
    pub effects: Option<String>,
    /// What undo needs to put the session back as it was before this entry, as JSON (see
    /// `table::engine::Restore`); `None` for entries that change no session state and for
    /// those written before `migrations/0011_log_restore.sql`.
    pub restore: Option<String>,
    /// The entry's words as typed values: JSON of a `table::Said` whose summary (title and first
    /// line) `summary` is in English; `None` for entries without typed words and for those
    /// written before `migrations/0015_log_said.sql` (they read in English).
    pub said: Option<String>,
}

/// Every session's id, oldest first.
pub fn session_ids(tx: &Tx) -> Result<Vec<i64>, StoreError> {
    ints(tx.query("SELECT id FROM sessions ORDER BY id", args![])?)
}

/// Reads a channel row.
pub fn channel_get(tx: &Tx, channel: &str) -> Result<Option<ChannelRow>, StoreError> {
    tx.query_opt(
        "SELECT channel, seed, rng_pos FROM channels WHERE channel = ?1",
        args![channel],
    )?
    .map(|mut r| {
        Ok(ChannelRow {
            channel: r.text(0)?,
            seed: r.int(1)?,
            rng_pos: r.int(2)?,
        })
    })
    .transpose()
}

/// True when the channel has its row (reads no generator).
pub fn channel_exists(tx: &Tx, channel: &str) -> Result<bool, StoreError> {
    Ok(channel_languages(tx, channel, "")?.is_some())
}

/// The languages a channel's row keeps (as stored tags; `None`: not chosen, or not seen).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Languages {
    /// The channel's public language, chosen with `/game language channel:`.
    pub channel: Option<String>,
    /// The user's own, chosen with `/game language me:`.
    pub user: Option<String>,
    /// The server's, as the channel's last interaction in a server gave it (`guild_locale`).
    pub server: Option<String>,
}

/// The languages a request in `channel` by `user` reads (see [`Languages`]). `None`: the
/// channel has no row yet (read on every request, in its one statement).
pub fn channel_languages(
    tx: &Tx,
    channel: &str,
    user: &str,
) -> Result<Option<Languages>, StoreError> {
    tx.query_opt(
        "SELECT language, (SELECT language FROM user_languages WHERE user_id = ?2), server_language
         FROM channels WHERE channel = ?1",
        args![channel, user],
    )?
    .map(|mut r| {
        Ok(Languages {
            channel: r.opt_text(0)?,
            user: r.opt_text(1)?,
            server: r.opt_text(2)?,
        })
    })
    .transpose()
}

/// Keeps the server's language as the channel's latest interaction in a server gave it (for
/// what answers no interaction: reminders).
pub fn channel_set_server_language(
    tx: &Tx,
    channel: &str,
    language: &str,
) -> Result<(), StoreError> {
    tx.exec(
        "UPDATE channels SET server_language = ?2 WHERE channel = ?1",
        args![channel, language],
    )?;
    Ok(())
}

/// Sets (or, with `None`, clears: back to the server's) a channel's public language.
pub fn channel_set_language(
    tx: &Tx,
    channel: &str,
    language: Option<&str>,
) -> Result<(), StoreError> {
    tx.exec(
        "UPDATE channels SET language = ?2 WHERE channel = ?1",
        args![channel, language],
    )?;
    Ok(())
}

/// Every user's own language, by user (for checks that nothing else changed).
pub fn user_languages(tx: &Tx) -> Result<Vec<(String, String)>, StoreError> {
    tx.query(
        "SELECT user_id, language FROM user_languages ORDER BY user_id",
        args![],
    )?
    .into_iter()
    .map(|mut r| Ok((r.text(0)?, r.text(1)?)))
    .collect()
}

/// Sets (or, with `None`, clears: back to their Discord client's) a user's own language.
pub fn user_set_language(tx: &Tx, user: &str, language: Option<&str>) -> Result<(), StoreError> {
    match language {
        Some(l) => tx.exec(
            "INSERT INTO user_languages(user_id, language) VALUES (?1, ?2)
             ON CONFLICT(user_id) DO UPDATE SET language = excluded.language",
            args![user, l],
        )?,
        None => tx.exec("DELETE FROM user_languages WHERE user_id = ?1", args![user])?,
    };
    Ok(())
}

/// Inserts a channel row; its generator starts at position 0 of its seed.
pub fn channel_insert(
    tx: &Tx,
    channel: &str,
    guild: Option<&str>,
    seed: i64,
    now: i64,
) -> Result<(), StoreError> {
    tx.exec(
        "INSERT INTO channels(channel, guild, seed, created_at) VALUES (?1, ?2, ?3, ?4)",
        args![channel, guild, seed, now],
    )?;
    Ok(())
}

/// Saves where a channel's generator is.
pub fn channel_save_rng(tx: &Tx, channel: &str, rng_pos: i64) -> Result<(), StoreError> {
    tx.exec(
        "UPDATE channels SET rng_pos = ?2 WHERE channel = ?1",
        args![channel, rng_pos],
    )?;
    Ok(())
}

const SESSION_COLS: &str = "id, channel, guild, game, host, seed, state, rng, version, active, gms";

fn session_from(mut r: Row) -> Result<SessionRow, StoreError> {
    Ok(SessionRow {
        id: r.int(0)?,
        channel: r.text(1)?,
        guild: r.opt_text(2)?,
        game: r.text(3)?,
        host: r.text(4)?,
        seed: r.int(5)?,
        state: r.text(6)?,
        rng: r.text(7)?,
        version: r.int(8)?,
        active: r.int(9)? != 0,
        gms: r.opt_text(10)?,
    })
}

/// The first column of every row, as integers.
fn ints(rows: Vec<Row>) -> Result<Vec<i64>, StoreError> {
    rows.into_iter().map(|mut r| r.int(0)).collect()
}

/// The active session of a channel.
pub fn session_active(tx: &Tx, channel: &str) -> Result<Option<SessionRow>, StoreError> {
    tx.query_opt(
        &format!("SELECT {SESSION_COLS} FROM sessions WHERE channel = ?1 AND active = 1"),
        args![channel],
    )?
    .map(session_from)
    .transpose()
}

/// The channel's running session as one who needs only its GMs reads it (a `/roll`): its
/// `state` is left empty unless its GMs were never written apart from it (a session saved
/// before the `gms` column), so a roll beside a game with a large state does not read that
/// state.
pub fn session_active_gms(tx: &Tx, channel: &str) -> Result<Option<SessionRow>, StoreError> {
    tx.query_opt(
        "SELECT id, channel, guild, game, host, seed, CASE WHEN gms IS NULL THEN state ELSE '' END, rng, version, active, gms
           FROM sessions WHERE channel = ?1 AND active = 1",
        args![channel],
    )?
    .map(session_from)
    .transpose()
}

/// A session by id.
pub fn session_get(tx: &Tx, id: i64) -> Result<Option<SessionRow>, StoreError> {
    tx.query_opt(
        &format!("SELECT {SESSION_COLS} FROM sessions WHERE id = ?1"),
        args![id],
    )?
    .map(session_from)
    .transpose()
}

/// The most recent session of a channel, active or not.
pub fn session_latest(tx: &Tx, channel: &str) -> Result<Option<SessionRow>, StoreError> {
    tx.query_opt(
        &format!("SELECT {SESSION_COLS} FROM sessions WHERE channel = ?1 ORDER BY id DESC LIMIT 1"),
        args![channel],
    )?
    .map(session_from)
    .transpose()
}

/// Fields of a new session.
pub struct NewSession<'a> {
    /// Channel.
    pub channel: &'a str,
    /// Guild.
    pub guild: Option<&'a str>,
    /// Game name.
    pub game: &'a str,
    /// Host.
    pub host: &'a str,
    /// Seed.
    pub seed: i64,
    /// State JSON.
    pub state: &'a str,
    /// RNG JSON.
    pub rng: &'a str,
    /// Wake-up time.
    pub wakeup_at: Option<i64>,
    /// The game's GMs (JSON array of user ids).
    pub gms: &'a str,
    /// Now.
    pub now: i64,
}

/// Inserts a session; returns its id.
pub fn session_insert(tx: &Tx, s: &NewSession) -> Result<i64, StoreError> {
    tx.query_one(
        "INSERT INTO sessions(channel, guild, game, host, seed, state, rng, version, active, wakeup_at, created_at, updated_at, gms, shard_key)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, 1, ?8, ?9, ?9, ?10, ?11) RETURNING id",
        args![s.channel, s.guild, s.game, s.host, s.seed, s.state, s.rng, s.wakeup_at, s.now, s.gms, s.guild.and_then(shard_key)],
    )?
    .int(0)
}

/// A guild id's snowflake shifted right by 22 bits: `key % total` is its Discord shard
/// (Discord: `shard_id = (guild_id >> 22) % num_shards`). `None` for what is not a guild id.
pub fn shard_key(guild: &str) -> Option<i64> {
    guild
        .parse::<u64>()
        .ok()
        .and_then(|g| i64::try_from(g >> 22).ok())
}

/// The shards one process of several serves: `first..=last` of `total` (reminders of guilds
/// on other shards are another process's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardSlice {
    /// Shards across all processes.
    pub total: u32,
    /// This process's first shard.
    pub first: u32,
    /// Its last shard (inclusive).
    pub last: u32,
}

/// The arguments of the shard filter below (`total`, `first`, `last`; a total of 0 lets every
/// session through). Sessions outside a guild count as shard 0.
pub(super) fn shard_args(shards: Option<ShardSlice>) -> [i64; 3] {
    match shards {
        Some(s) => [s.total.into(), s.first.into(), s.last.into()],
        None => [0, 0, 0],
    }
}

/// Writes a new state if the version is still `expected`; returns the new version.
pub fn session_update(
    tx: &Tx,
    id: i64,
    expected: i64,
    state: &str,
    rng: &str,
    wakeup_at: Option<i64>,
    now: i64,
) -> Result<i64, StoreError> {
    let n = tx.exec(
        "UPDATE sessions SET state = ?3, rng = ?4, wakeup_at = ?5, updated_at = ?6, version = version + 1
         WHERE id = ?1 AND version = ?2",
        args![id, expected, state, rng, wakeup_at, now],
    )?;
    if n != 1 {
        return Err(StoreError::Conflict);
    }
    Ok(expected + 1)
}

/// Sets a session's next wake-up without changing its state: the version stays, so cached
/// states and the buttons stamped with it stay valid. `expected` guards against a row that
/// changed since it was read.
pub fn session_set_wakeup(
    tx: &Tx,
    id: i64,
    expected: i64,
    wakeup_at: Option<i64>,
    now: i64,
) -> Result<(), StoreError> {
    let n = tx.exec(
        "UPDATE sessions SET wakeup_at = ?3, updated_at = ?4 WHERE id = ?1 AND version = ?2",
        args![id, expected, wakeup_at, now],
    )?;
    if n != 1 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

/// Records the session's GMs (JSON array) when they changed with its state.
pub fn session_set_gms(tx: &Tx, id: i64, gms: &str) -> Result<(), StoreError> {
    tx.exec("UPDATE sessions SET gms = ?2 WHERE id = ?1", args![id, gms])?;
    Ok(())
}

/// Makes `host` the session's host (`/game host`, or undoing it).
pub fn session_set_host(tx: &Tx, id: i64, host: &str) -> Result<(), StoreError> {
    tx.exec(
        "UPDATE sessions SET host = ?2 WHERE id = ?1",
        args![id, host],
    )?;
    Ok(())
}

/// Marks a session ended.
pub fn session_end(tx: &Tx, id: i64, now: i64) -> Result<(), StoreError> {
    tx.exec(
        "UPDATE sessions SET active = 0, wakeup_at = NULL, version = version + 1, updated_at = ?2 WHERE id = ?1",
        args![id, now],
    )?;
    Ok(())
}

/// Ids of active sessions due to wake at or before `now`.
pub fn sessions_due(tx: &Tx, now: i64) -> Result<Vec<i64>, StoreError> {
    ints(tx.query(
        "SELECT id FROM sessions WHERE active = 1 AND wakeup_at IS NOT NULL AND wakeup_at <= ?1 ORDER BY wakeup_at, id",
        args![now],
    )?)
}

/// Ids of the first `limit` active sessions due at or before `now` (earliest first), through
/// the partial index `sessions_wakeup`; only those on `shards` when given.
pub fn sessions_due_first(
    tx: &Tx,
    now: i64,
    limit: usize,
    shards: Option<ShardSlice>,
) -> Result<Vec<i64>, StoreError> {
    let [total, first, last] = shard_args(shards);
    ints(tx.query(
        "SELECT id FROM sessions WHERE active = 1 AND wakeup_at IS NOT NULL AND wakeup_at <= ?1
           AND (CAST(?3 AS BIGINT) = 0 OR COALESCE(shard_key, 0) % CAST(?3 AS BIGINT) BETWEEN ?4 AND ?5)
         ORDER BY wakeup_at, id LIMIT ?2",
        args![now, i64::try_from(limit).unwrap_or(i64::MAX), total, first, last],
    )?)
}

/// The earliest pending wake-up of any active session: the first entry of the partial index
/// `sessions_wakeup` (its condition is repeated so SQLite may use it), not a walk over every
/// active session.
pub fn next_wakeup(tx: &Tx, shards: Option<ShardSlice>) -> Result<Option<i64>, StoreError> {
    let [total, first, last] = shard_args(shards);
    tx.query_one(
        "SELECT MIN(wakeup_at) FROM sessions WHERE active = 1 AND wakeup_at IS NOT NULL
           AND (CAST(?1 AS BIGINT) = 0 OR COALESCE(shard_key, 0) % CAST(?1 AS BIGINT) BETWEEN ?2 AND ?3)",
        args![total, first, last],
    )?
    .opt_int(0)
}

/// A log entry to append.
pub struct NewLog<'a> {
    /// Channel.
    pub channel: &'a str,
    /// Session.
    pub session_id: Option<i64>,
    /// Kind.
    pub kind: &'a str,
    /// Actor id.
    pub actor: &'a str,
    /// Actor name.
    pub actor_name: &'a str,
    /// Payload JSON.
    pub payload: &'a str,
    /// Summary.
    pub summary: &'a str,
    /// Visibility.
    pub visibility: &'a str,
    /// Request id.
    pub request_id: Option<&'a str>,
    /// Now.
    pub at: i64,
    /// What undo needs to restore the session as it was before this entry (see [`LogRow::restore`]).
    pub restore: Option<&'a str>,
    /// The entry's words as typed values (see [`LogRow::said`]).
    pub said: Option<&'a str>,
}

/// Appends to the log; returns the entry id.
pub fn log_append(tx: &Tx, e: &NewLog) -> Result<i64, StoreError> {
    // The entry is chained to its channel's previous one, and becomes the channel's tail
    // (`log_recent` walks the chain back; migrations/0008_channel_log_chain.sql says why).
    let id = tx.insert_id(
        "INSERT INTO log(channel, session_id, kind, actor, actor_name, payload, summary, visibility, request_id, at, restore, said, prev_in_channel)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, (SELECT last_id FROM channel_tail WHERE channel = ?1))",
        args![e.channel, e.session_id, e.kind, e.actor, e.actor_name, e.payload, e.summary, e.visibility, e.request_id, e.at, e.restore, e.said],
    )?;
    tx.exec(
        "INSERT INTO channel_tail(channel, last_id) VALUES (?1, ?2)
         ON CONFLICT(channel) DO UPDATE SET last_id = excluded.last_id",
        args![e.channel, id],
    )?;
    Ok(id)
}

const LOG_COLS: &str =
    "id, channel, session_id, kind, actor, actor_name, payload, summary, visibility, request_id, undone, at, effects, restore, said";

fn log_from(mut r: Row) -> Result<LogRow, StoreError> {
    Ok(LogRow {
        id: r.int(0)?,
        channel: r.text(1)?,
        session_id: r.opt_int(2)?,
        kind: r.text(3)?,
        actor: r.text(4)?,
        actor_name: r.text(5)?,
        payload: r.text(6)?,
        summary: r.text(7)?,
        visibility: r.text(8)?,
        request_id: r.opt_text(9)?,
        undone: r.int(10)? != 0,
        at: r.int(11)?,
        effects: r.opt_text(12)?,
        restore: r.opt_text(13)?,
        said: r.opt_text(14)?,
    })
}

fn logs(rows: Vec<Row>) -> Result<Vec<LogRow>, StoreError> {
    rows.into_iter().map(log_from).collect()
}

/// Every log entry of a session, oldest first.
pub fn log_session(tx: &Tx, session_id: i64) -> Result<Vec<LogRow>, StoreError> {
    logs(tx.query(
        &format!("SELECT {LOG_COLS} FROM log WHERE session_id = ?1 ORDER BY id"),
        args![session_id],
    )?)
}

/// A session's log entries after entry `after` (all of them for `None`), oldest first.
pub fn log_session_after(
    tx: &Tx,
    session_id: i64,
    after: Option<i64>,
) -> Result<Vec<LogRow>, StoreError> {
    logs(tx.query(
        &format!("SELECT {LOG_COLS} FROM log WHERE session_id = ?1 AND id > ?2 ORDER BY id"),
        args![session_id, after.unwrap_or(0)],
    )?)
}

/// The session's latest action not undone (what `/game undo` takes back).
pub fn log_last_action(tx: &Tx, session_id: i64) -> Result<Option<LogRow>, StoreError> {
    tx.query_opt(
        &format!("SELECT {LOG_COLS} FROM log WHERE session_id = ?1 AND kind = 'action' AND undone = 0 ORDER BY id DESC LIMIT 1"),
        args![session_id],
    )?
    .map(log_from)
    .transpose()
}

/// A snapshot of a session after one of its log entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The last log entry it includes.
    pub log_id: i64,
    /// State JSON.
    pub state: String,
    /// RNG JSON.
    pub rng: String,
    /// The host then.
    pub host: String,
}

/// Saves a snapshot of `session_id` after entry `s.log_id`.
pub fn snapshot_put(tx: &Tx, session_id: i64, s: &Snapshot) -> Result<(), StoreError> {
    tx.exec(
        "INSERT INTO snapshots(session_id, log_id, state, rng, host) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT(session_id, log_id) DO UPDATE SET state = excluded.state, rng = excluded.rng, host = excluded.host",
        args![session_id, s.log_id, &s.state, &s.rng, &s.host],
    )?;
    Ok(())
}

/// The session's latest snapshot.
pub fn snapshot_latest(tx: &Tx, session_id: i64) -> Result<Option<Snapshot>, StoreError> {
    tx.query_opt(
        "SELECT log_id, state, rng, host FROM snapshots WHERE session_id = ?1 ORDER BY log_id DESC LIMIT 1",
        args![session_id],
    )?
    .map(|mut r| {
        Ok(Snapshot {
            log_id: r.int(0)?,
            state: r.text(1)?,
            rng: r.text(2)?,
            host: r.text(3)?,
        })
    })
    .transpose()
}

/// Deletes the session's snapshots that include entry `log_id` (it is being undone).
pub fn snapshots_drop_from(tx: &Tx, session_id: i64, log_id: i64) -> Result<(), StoreError> {
    tx.exec(
        "DELETE FROM snapshots WHERE session_id = ?1 AND log_id >= ?2",
        args![session_id, log_id],
    )?;
    Ok(())
}

/// The query behind [`log_recent`]: the channel's tail, then back along the chain, `?2` entries.
pub(super) fn log_recent_sql() -> String {
    format!(
        "WITH RECURSIVE chain(id, prev, n) AS (
             SELECT log.id, log.prev_in_channel, CAST(1 AS BIGINT) FROM channel_tail JOIN log ON log.id = channel_tail.last_id
              WHERE channel_tail.channel = ?1 AND CAST(?2 AS BIGINT) > 0
             UNION ALL
             SELECT log.id, log.prev_in_channel, chain.n + 1 FROM chain JOIN log ON log.id = chain.prev
              WHERE chain.n < CAST(?2 AS BIGINT)
         )
         SELECT {LOG_COLS} FROM log WHERE id IN (SELECT id FROM chain) ORDER BY id"
    )
}

/// The latest `n` entries of a channel, oldest first.
pub fn log_recent(tx: &Tx, channel: &str, n: i64) -> Result<Vec<LogRow>, StoreError> {
    logs(tx.query(&log_recent_sql(), args![channel, n])?)
}

/// One log entry.
pub fn log_get(tx: &Tx, id: i64) -> Result<Option<LogRow>, StoreError> {
    tx.query_opt(
        &format!("SELECT {LOG_COLS} FROM log WHERE id = ?1"),
        args![id],
    )?
    .map(log_from)
    .transpose()
}

/// Records the shared-state change an entry made (in the entry's own transaction).
pub fn log_set_effects(tx: &Tx, id: i64, effects: &str) -> Result<(), StoreError> {
    tx.exec(
        "UPDATE log SET effects = ?2 WHERE id = ?1",
        args![id, effects],
    )?;
    Ok(())
}

/// Marks an entry undone.
pub fn log_mark_undone(tx: &Tx, id: i64) -> Result<(), StoreError> {
    tx.exec("UPDATE log SET undone = 1 WHERE id = ?1", args![id])?;
    Ok(())
}

/// Changes an entry's visibility (a GM revealing a hidden roll).
pub fn log_set_visibility(tx: &Tx, id: i64, visibility: &str) -> Result<(), StoreError> {
    tx.exec(
        "UPDATE log SET visibility = ?2 WHERE id = ?1",
        args![id, visibility],
    )?;
    Ok(())
}

/// The stored outcome of a request id, if it was seen.
pub fn request_get(tx: &Tx, request_id: &str) -> Result<Option<String>, StoreError> {
    tx.query_opt(
        "SELECT outcome FROM requests WHERE request_id = ?1",
        args![request_id],
    )?
    .map(|mut r| r.text(0))
    .transpose()
}

/// Records a request's outcome.
pub fn request_put(
    tx: &Tx,
    request_id: &str,
    channel: &str,
    outcome: &str,
    now: i64,
) -> Result<(), StoreError> {
    tx.exec(
        "INSERT INTO requests(request_id, channel, outcome, at) VALUES (?1, ?2, ?3, ?4)",
        args![request_id, channel, outcome, now],
    )?;
    Ok(())
}

/// Forgets request ids recorded before `before` (Unix seconds); returns how many. A request
/// whose output is still in the outbox is kept: its row may hold that output's replies.
pub fn requests_prune(tx: &Tx, before: i64) -> Result<usize, StoreError> {
    tx.exec(
        "DELETE FROM requests WHERE at < ?1
            AND request_id NOT IN (SELECT request_id FROM outbox)",
        args![before],
    )
}

/// Guild-wide state of a game.
pub fn shared_get(tx: &Tx, guild: &str, game: &str) -> Result<Option<String>, StoreError> {
    tx.query_opt(
        "SELECT state FROM shared_state WHERE guild = ?1 AND game = ?2",
        args![guild, game],
    )?
    .map(|mut r| r.text(0))
    .transpose()
}

/// The version of a guild's shared state of a game (bumped by every [`shared_put`]), if stored.
pub fn shared_version(tx: &Tx, guild: &str, game: &str) -> Result<Option<i64>, StoreError> {
    tx.query_opt(
        "SELECT version FROM shared_state WHERE guild = ?1 AND game = ?2",
        args![guild, game],
    )?
    .map(|mut r| r.int(0))
    .transpose()
}

/// Saves guild-wide state; returns its new version.
pub fn shared_put(tx: &Tx, guild: &str, game: &str, state: &str) -> Result<i64, StoreError> {
    tx.query_one(
        "INSERT INTO shared_state(guild, game, state, version) VALUES (?1, ?2, ?3, 1)
         ON CONFLICT(guild, game) DO UPDATE SET state = excluded.state, version = shared_state.version + 1
         RETURNING version",
        args![guild, game, state],
    )?
    .int(0)
}

/// A settled decision and the log entry that settled it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettledRow {
    /// Whom it waited for (`""`: anyone).
    pub who: String,
    /// What it was: its words as `said::Value::stored` keeps them (a row from before they
    /// were typed: the English, `Scene 3's roll`).
    pub label: String,
    /// The log entry that settled it.
    pub log_id: i64,
    /// Who acted in that entry.
    pub actor_name: String,
    /// Its summary.
    pub summary: String,
    /// The typed words its summary was written from (JSON), if the entry kept them.
    pub said: Option<String>,
}

/// Records that log entry `log_id` settled decision `key` (waiting for `who`) of a session.
/// A decision reopened by an undo and settled again keeps only the latest entry.
pub fn decision_settle(
    tx: &Tx,
    session_id: i64,
    key: &str,
    who: Option<&str>,
    label: &str,
    log_id: i64,
) -> Result<(), StoreError> {
    tx.exec(
        "INSERT INTO decisions_settled(session_id, key, who, label, log_id) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT(session_id, key, who) DO UPDATE SET label = excluded.label, log_id = excluded.log_id",
        args![session_id, key, who.unwrap_or(""), label, log_id],
    )?;
    Ok(())
}

/// How decision `key` of a session was settled (not by an undone entry): the row waiting for
/// `user` first, then one waiting for anyone, then any other.
pub fn decision_settled(
    tx: &Tx,
    session_id: i64,
    key: &str,
    user: &str,
) -> Result<Option<SettledRow>, StoreError> {
    tx.query_opt(
        "SELECT d.who, d.label, l.id, l.actor_name, l.summary, l.said
               FROM decisions_settled d JOIN log l ON l.id = d.log_id
              WHERE d.session_id = ?1 AND d.key = ?2 AND l.undone = 0
              ORDER BY d.who = ?3 DESC, d.who = '' DESC
              LIMIT 1",
        args![session_id, key, user],
    )?
    .map(|mut r| {
        Ok(SettledRow {
            who: r.text(0)?,
            label: r.text(1)?,
            log_id: r.int(2)?,
            actor_name: r.text(3)?,
            summary: r.text(4)?,
            said: r.opt_text(5)?,
        })
    })
    .transpose()
}
