//! The table service: turns "user U in channel C did X" into one SQLite transaction.
//!
//! Every command runs as: begin (immediate) → idempotency check → load → permission and
//! turn checks (by the game) → apply → append to the log → save state → commit.
//! A refusal rolls the transaction back, so state and log are untouched.

use std::sync::Arc;

use rand::RngCore;
use rusqlite::{Transaction, TransactionBehavior};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::effects::Effect;
use super::game::{Actor, Decision, DynCtx, DynError, DynGame, Place};
use super::RuleError;
use super::{Audience, Clock, Command, Message, Reply, Stamp, UserId};
use crate::rng::{seeded, GameRng};
use crate::store::{self, SessionRow, Store, StoreError};

use super::registry::Registry;

/// Due wake-ups (reminders) applied in one transaction and one commit.
pub const DUE_BATCH: usize = 64;

/// How long a request id is remembered for idempotency (seconds).
pub const REQUEST_KEEP_SECS: i64 = 86_400;

/// The user id the system acts as (reminders, timers).
pub const SYSTEM_USER: &str = "croupier";

/// Where channel seeds come from.
#[derive(Debug, Clone, Copy)]
pub enum SeedMode {
    /// From the operating system (normal bot use).
    Random,
    /// Derived from this seed and the channel name (reproducible runs).
    Fixed(u64),
}

/// What the user did.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Input {
    /// A slash command.
    Command(Command),
    /// A button or select menu of `session`'s messages, running `command`.
    Component {
        /// The session the component was made for.
        session: i64,
        /// How long it stays valid.
        lifetime: Lifetime,
        /// The command it runs.
        command: Command,
    },
}

/// How long a button or menu stays valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lifetime {
    /// Until the game decision with this key is settled ([`super::Decision`]).
    Decision(String),
    /// While the session runs (views such as a hand or the board).
    Session,
    /// Only at this state version (components made before decisions existed).
    Version(i64),
}

/// One request to the table.
#[derive(Debug, Clone)]
pub struct Request {
    /// Channel key.
    pub channel: String,
    /// Guild key (`None` in DMs; the console uses `console`).
    pub guild: Option<String>,
    /// Who acts (`manager` = may manage the channel, e.g. Discord's Manage Channels).
    pub actor: Actor,
    /// Unique id (the Discord interaction id; the console makes one up).
    pub request_id: String,
    /// What they did.
    pub input: Input,
}

/// The result of a request.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Outcome {
    /// Replies to show.
    pub replies: Vec<Reply>,
    /// False if the request was refused (nothing changed).
    pub accepted: bool,
    /// True if this request id was already handled (the first outcome is returned).
    #[serde(default)]
    pub duplicate: bool,
}

/// Failures that are not the user's fault.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Stored data is unreadable.
    #[error("stored game data could not be read: {0}")]
    Corrupt(#[from] serde_json::Error),
    /// The rules refused where no player asked (a replay, a reminder): the game's log or state
    /// no longer fits its rules.
    #[error("the rules refused: {0}")]
    Refused(RuleError),
    /// The table's worker thread has stopped (the bot is shutting down).
    #[error("the table is closed (the bot is shutting down); try again in a moment")]
    Closed,
    /// The group commit this request was part of failed, so nothing it did was saved.
    #[error("the database could not save this ({0}); nothing was changed, try again")]
    NotSaved(String),
}

impl From<rusqlite::Error> for TableError {
    fn from(e: rusqlite::Error) -> Self {
        TableError::Store(StoreError::Sqlite(e))
    }
}

/// Internal: a refusal or a real failure.
pub(super) enum Fail {
    Refused(String),
    /// A refusal that also offers what can be done now (private replies for the actor).
    RefusedWith(String, Vec<Reply>),
    Error(TableError),
}

impl From<RuleError> for Fail {
    fn from(e: RuleError) -> Self {
        Fail::Refused(e.0)
    }
}
impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Self {
        Fail::Error(e.into())
    }
}
impl From<rusqlite::Error> for Fail {
    fn from(e: rusqlite::Error) -> Self {
        Fail::Error(e.into())
    }
}
impl From<serde_json::Error> for Fail {
    fn from(e: serde_json::Error) -> Self {
        Fail::Error(e.into())
    }
}
impl From<DynError> for Fail {
    fn from(e: DynError) -> Self {
        match e {
            DynError::Rule(r) => Fail::Refused(r.0),
            DynError::Corrupt(j) => Fail::Error(j.into()),
        }
    }
}

fn refused<T>(msg: impl Into<String>) -> Result<T, Fail> {
    Err(Fail::Refused(msg.into()))
}

/// The table service over one database connection.
pub struct Table {
    store: Store,
    games: Arc<Registry>,
    clock: Arc<dyn Clock>,
    seeds: SeedMode,
}

/// A request's context inside its transaction.
struct Cx<'r> {
    req: &'r Request,
    now: i64,
}

impl Table {
    /// A table over `store` with these games, clock and seed source.
    pub fn new(store: Store, games: Arc<Registry>, clock: Arc<dyn Clock>, seeds: SeedMode) -> Self {
        Table {
            store,
            games,
            clock,
            seeds,
        }
    }

    /// The registered games.
    pub fn games(&self) -> &Registry {
        &self.games
    }

    /// The database.
    pub fn store(&mut self) -> &mut Store {
        &mut self.store
    }

    /// The current time from the injected clock.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Handles one request in one transaction. Refusals come back as a private reply with
    /// `accepted == false` and change nothing; `Err` is reserved for storage failures.
    /// A request that writes nothing (a view such as `/game status`, `/help`) commits nothing.
    pub fn handle(&mut self, req: &Request) -> Result<Outcome, TableError> {
        let mut group = self.group()?;
        let out = group.handle(req)?;
        group.commit()?;
        Ok(out)
    }

    /// Opens a group commit: one IMMEDIATE transaction in which several requests (of any
    /// channels) are applied, each in its own savepoint, and committed once by
    /// [`Group::commit`]. Nothing applied in it is durable, so nothing may be answered, before
    /// that commit returns.
    pub fn group(&mut self) -> Result<Group<'_>, TableError> {
        let games = self.games.clone();
        let clock = self.clock.clone();
        let seeds = self.seeds;
        let tx = self
            .store
            .conn()
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let start = tx.total_changes();
        Ok(Group {
            tx,
            games,
            clock,
            seeds,
            start,
        })
    }

    /// Autocomplete for `option` of `cmd`, as `viewer` in `channel`.
    pub fn autocomplete(
        &mut self,
        channel: &str,
        guild: Option<&str>,
        viewer: &Actor,
        cmd: &Command,
        option: &str,
        partial: &str,
    ) -> Result<Vec<super::Choice>, TableError> {
        let games = self.games.clone();
        let tx = self.store.conn().transaction()?;
        // Discord names the top-level command (`nwcombat`); the game reads its own path.
        let cmd = &games.route(cmd);
        let Some(game) = games.find(cmd.root()) else {
            return Ok(vec![]);
        };
        let shared = load_shared(&tx, game, guild)?;
        let mut out = game
            .global_autocomplete(&shared, viewer, cmd, option, partial)
            .map_err(dyn_err)?;
        if let Some(s) = store::session_active(&tx, channel)? {
            if s.game == game.name() {
                let state: Value = serde_json::from_str(&s.state)?;
                out.extend(
                    game.autocomplete(&state, viewer, cmd, option, partial)
                        .map_err(dyn_err)?,
                );
            }
        }
        out.truncate(25);
        Ok(out)
    }

    /// Applies every due wake-up (reminders) at the clock's time, [`DUE_BATCH`] sessions per
    /// transaction (one commit each). Returns `(channel, replies)`.
    pub fn run_due(&mut self) -> Result<Vec<(String, Vec<Reply>)>, TableError> {
        let now = self.clock.now();
        let due = {
            let tx = self.store.conn().transaction()?;
            store::sessions_due(&tx, now)?
        };
        if due.is_empty() {
            // Still forgets old request ids.
            return self.wake(&[], now);
        }
        let mut out = Vec::new();
        for batch in due.chunks(DUE_BATCH) {
            out.extend(self.wake(batch, now)?);
        }
        Ok(out)
    }

    /// Applies at most `limit` due wake-ups in one transaction and one commit, so a front end
    /// that calls it repeatedly never holds the writer long. Returns the replies and whether
    /// more wake-ups were due.
    #[allow(clippy::type_complexity)]
    pub fn run_due_some(
        &mut self,
        limit: usize,
    ) -> Result<(Vec<(String, Vec<Reply>)>, bool), TableError> {
        let now = self.clock.now();
        let mut due = {
            let tx = self.store.conn().transaction()?;
            store::sessions_due_first(&tx, now, limit.saturating_add(1))?
        };
        let more = due.len() > limit;
        due.truncate(limit);
        Ok((self.wake(&due, now)?, more))
    }

    /// Wakes the sessions `due` in one transaction, each in its own savepoint, and commits
    /// once; also forgets request ids older than [`REQUEST_KEEP_SECS`] (by the `at` index).
    fn wake(&mut self, due: &[i64], now: i64) -> Result<Vec<(String, Vec<Reply>)>, TableError> {
        let games = self.games.clone();
        let tx = self
            .store
            .conn()
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        // Discord redelivers an interaction within minutes; a day of idempotency keys is plenty.
        store::requests_prune(&tx, now - REQUEST_KEEP_SECS)?;
        let actor = Actor {
            id: UserId::new(SYSTEM_USER),
            name: "Croupier".into(),
            manager: true,
        };
        let mut out = Vec::new();
        for &id in due {
            let Some(s) = store::session_get(&tx, id)? else {
                continue;
            };
            let Some(game) = games.find(&s.game) else {
                continue;
            };
            let state: Value = serde_json::from_str(&s.state)?;
            let action = game.wakeup_action(&state, now).map_err(dyn_err)?;
            tx.execute_batch("SAVEPOINT wake")?;
            let applied = match action {
                Some(a) => {
                    let req_id = format!("wake:{id}:{}", s.version);
                    apply_action(&tx, game, &s, &actor, &a, now, Some(&req_id))
                }
                None => Err(Fail::Refused(String::new())),
            };
            let replies = match applied {
                Ok(r) => r,
                Err(Fail::Refused(_) | Fail::RefusedWith(..)) => {
                    // Nothing to do (or the rules refuse it now): the wake-up is cleared.
                    tx.execute_batch("ROLLBACK TO wake")?;
                    clear_wakeup(&tx, &s, now)?;
                    vec![]
                }
                Err(Fail::Error(e)) => return Err(e),
            };
            tx.execute_batch("RELEASE wake")?;
            if !replies.is_empty() {
                out.push((s.channel.clone(), replies));
            }
        }
        tx.commit()?;
        Ok(out)
    }

    /// The earliest pending wake-up, if any.
    pub fn next_wakeup(&mut self) -> Result<Option<i64>, TableError> {
        let tx = self.store.conn().transaction()?;
        Ok(store::next_wakeup(&tx)?)
    }

    /// The active session of `channel` as JSON: `{game, host, version, state}` (or the latest ended one).
    pub fn state_json(&mut self, channel: &str) -> Result<Option<Value>, TableError> {
        let tx = self.store.conn().transaction()?;
        state_json_in(&tx, channel)
    }

    /// Rebuilds a session's state by replaying its log from the seed (what undo does).
    /// Returns `(stored state, replayed state)` so callers can check they agree.
    pub fn replay(&mut self, session_id: i64) -> Result<Option<(Value, Value)>, TableError> {
        let games = self.games.clone();
        let tx = self.store.conn().transaction()?;
        let Some(s) = store::session_get(&tx, session_id)? else {
            return Ok(None);
        };
        let Some(game) = games.find(&s.game) else {
            return Ok(None);
        };
        let (state, _) = match replay_session(&tx, game, &s) {
            Ok(x) => x,
            Err(Fail::Error(e)) => return Err(e),
            Err(Fail::Refused(m) | Fail::RefusedWith(m, _)) => {
                return Err(TableError::Refused(RuleError::new(m)))
            }
        };
        Ok(Some((serde_json::from_str(&s.state)?, state)))
    }

    /// The active session row of a channel.
    pub fn session(&mut self, channel: &str) -> Result<Option<SessionRow>, TableError> {
        let tx = self.store.conn().transaction()?;
        Ok(store::session_active(&tx, channel)?)
    }
}

/// Requests applied in one transaction and committed once (see [`Table::group`]).
///
/// Each request runs in its own savepoint: a refusal or a failure rolls back only that
/// savepoint, the others stay. Dropping the group without [`Group::commit`] rolls all back.
pub struct Group<'t> {
    tx: Transaction<'t>,
    games: Arc<Registry>,
    clock: Arc<dyn Clock>,
    seeds: SeedMode,
    /// `total_changes()` when the transaction began: equal at the end means nothing was written.
    start: u64,
}

impl Group<'_> {
    /// Applies one request in its own savepoint. A request id already recorded returns its
    /// first outcome (`duplicate`); a refusal rolls the savepoint back and comes back with
    /// `accepted == false`; a request that wrote nothing (a view) records no request id, so it
    /// writes nothing at all. `Err` (storage) also rolls the savepoint back.
    pub fn handle(&mut self, req: &Request) -> Result<Outcome, TableError> {
        let now = self.clock.now();
        let tx = &self.tx;
        if let Some(prev) = store::request_get(tx, &req.request_id)? {
            let mut out: Outcome = serde_json::from_str(&prev)?;
            out.duplicate = true;
            return Ok(out);
        }
        tx.prepare_cached("SAVEPOINT request")?.execute([])?;
        let before = tx.total_changes();
        let cx = Cx { req, now };
        let result = dispatch(tx, &self.games, self.seeds, &cx).and_then(|replies| {
            let out = Outcome {
                replies,
                accepted: true,
                duplicate: false,
            };
            // A view wrote nothing: it needs no idempotency row either (answering a second
            // delivery again shows the same view), so it neither writes nor commits.
            if tx.total_changes() != before {
                store::request_put(
                    tx,
                    &req.request_id,
                    &req.channel,
                    &serde_json::to_string(&out)?,
                    now,
                )?;
            }
            Ok(out)
        });
        if result.is_err() {
            // Only this request's changes go; the group's other requests stay.
            tx.prepare_cached("ROLLBACK TO request")?.execute([])?;
        }
        tx.prepare_cached("RELEASE request")?.execute([])?;
        match result {
            Ok(out) => Ok(out),
            Err(Fail::Refused(msg)) => Ok(Outcome {
                replies: vec![Reply::private(
                    &req.actor.id,
                    Message::text(format!("⛔ {msg}")),
                )],
                accepted: false,
                duplicate: false,
            }),
            Err(Fail::RefusedWith(msg, now_open)) => {
                let mut replies = vec![Reply::private(
                    &req.actor.id,
                    Message::text(format!("⛔ {msg}")),
                )];
                replies.extend(now_open);
                Ok(Outcome {
                    replies,
                    accepted: false,
                    duplicate: false,
                })
            }
            Err(Fail::Error(e)) => Err(e),
        }
    }

    /// Runs `f` on the group's transaction in its own savepoint (rolled back if `f` fails):
    /// for a front end's own rows written with the requests (e.g. long button ids).
    pub fn write<R>(
        &mut self,
        f: impl FnOnce(&rusqlite::Connection) -> Result<R, TableError>,
    ) -> Result<R, TableError> {
        self.tx.execute_batch("SAVEPOINT write")?;
        let r = f(&self.tx);
        if r.is_err() {
            self.tx.execute_batch("ROLLBACK TO write")?;
        }
        self.tx.execute_batch("RELEASE write")?;
        r
    }

    /// The channel's session as [`Table::state_json`] shows it, as this group sees it.
    pub fn state_json(&self, channel: &str) -> Result<Option<Value>, TableError> {
        state_json_in(&self.tx, channel)
    }

    /// The registered games.
    pub fn games(&self) -> &Registry {
        &self.games
    }

    /// False once SQLite has ended the transaction by itself (after some I/O errors it rolls
    /// back everything): the group must then not be used, and its requests were not saved.
    pub fn is_open(&self) -> bool {
        !self.tx.is_autocommit()
    }

    /// Commits everything applied (one fsync under `synchronous=FULL`), or, when nothing was
    /// written (only views, refusals or duplicates), ends the transaction without a commit.
    pub fn commit(self) -> Result<(), TableError> {
        if self.tx.total_changes() == self.start {
            self.tx.rollback()?;
        } else {
            self.tx.commit()?;
        }
        Ok(())
    }
}

/// The active session of `channel` (or its latest ended one) as JSON (see [`Table::state_json`]).
fn state_json_in(tx: &Transaction, channel: &str) -> Result<Option<Value>, TableError> {
    let Some(s) = store::session_active(tx, channel)?.or(store::session_latest(tx, channel)?)
    else {
        return Ok(None);
    };
    Ok(Some(serde_json::json!({
        "session": s.id,
        "channel": s.channel,
        "game": s.game,
        "host": s.host,
        "seed": s.seed,
        "version": s.version,
        "active": s.active,
        "state": serde_json::from_str::<Value>(&s.state)?,
    })))
}

fn dyn_err(e: DynError) -> TableError {
    match e {
        DynError::Corrupt(j) => TableError::Corrupt(j),
        DynError::Rule(r) => TableError::Refused(r),
    }
}

fn clear_wakeup(tx: &Transaction, s: &SessionRow, now: i64) -> Result<(), StoreError> {
    store::session_update(tx, s.id, s.version, &s.state, &s.rng, None, now)?;
    Ok(())
}

/// The guild's shared state of a game, read through the game's type (see
/// [`DynGame::normalize_shared`]) so that an effect holds only what an action changed.
fn load_shared(
    tx: &Transaction,
    game: &dyn DynGame,
    guild: Option<&str>,
) -> Result<Value, TableError> {
    let key = guild.unwrap_or("dm");
    match store::shared_get(tx, key, game.name())? {
        Some(s) => game
            .normalize_shared(&serde_json::from_str(&s)?)
            .map_err(dyn_err),
        None => Ok(game.default_shared()),
    }
}

/// Saves a changed shared state and records the change as the effect of log entry `log_id`,
/// in the caller's transaction. Nothing happens when `after == before`.
fn record_effect(
    tx: &Transaction,
    game: &dyn DynGame,
    guild: Option<&str>,
    before: &Value,
    after: &Value,
    log_id: i64,
) -> Result<(), Fail> {
    let key = guild.unwrap_or("dm");
    if let Some(effect) = Effect::between(game.name(), key, before, after) {
        store::shared_put(tx, key, game.name(), &serde_json::to_string(after)?)?;
        store::log_set_effects(tx, log_id, &serde_json::to_string(&effect)?)?;
    }
    Ok(())
}

/// Ends a session in its transaction: the game releases what the session holds in the shared
/// state ([`DynGame::end_session`]), the session is marked ended, and an `end` entry logs the
/// release as its effect. Returns the game's replies about the release.
pub(super) fn end_session(
    tx: &Transaction,
    game: &dyn DynGame,
    s: &SessionRow,
    actor: &Actor,
    summary: &str,
    request_id: Option<&str>,
    now: i64,
) -> Result<Vec<Reply>, Fail> {
    let before = load_shared(tx, game, s.guild.as_deref()).map_err(Fail::Error)?;
    let mut after = before.clone();
    let place = Place {
        channel: s.channel.clone(),
        session: Some(s.id),
    };
    let replies = game.end_session(&mut after, &place)?;
    store::session_end(tx, s.id, now)?;
    let id = store::log_append(
        tx,
        &store::NewLog {
            channel: &s.channel,
            session_id: Some(s.id),
            kind: "end",
            actor: &actor.id.0,
            actor_name: &actor.name,
            payload: "{}",
            summary,
            visibility: "public",
            request_id,
            at: now,
        },
    )?;
    record_effect(tx, game, s.guild.as_deref(), &before, &after, id)?;
    Ok(replies)
}

/// Routes a request: a component press, `/roll`, `/game …`, or a game's command.
fn dispatch(
    tx: &Transaction,
    games: &Registry,
    seeds: SeedMode,
    cx: &Cx,
) -> Result<Vec<Reply>, Fail> {
    let cmd = match &cx.req.input {
        Input::Command(c) => c,
        Input::Component {
            session,
            lifetime,
            command,
        } => {
            let s = match store::session_get(tx, *session)? {
                Some(s) if s.active && s.channel == cx.req.channel => s,
                _ => return refused("that button belongs to a game that has ended."),
            };
            match lifetime {
                Lifetime::Session => {}
                Lifetime::Version(v) if *v == s.version => {}
                Lifetime::Version(_) => {
                    return refused("that button belongs to an earlier moment of the game — the state has moved on since. Use `/game status` for the current buttons.");
                }
                Lifetime::Decision(key) => {
                    if let Some(game) = games.find(&s.game) {
                        still_open(tx, game, &s, key, &cx.req.actor)?;
                    }
                }
            }
            command
        }
    };
    // A top-level name standing for a game's subcommand (`/nwcombat attack`) becomes the
    // game's path (`nw combat attack`) here, once, for typed commands and buttons alike.
    let cmd = &games.route(cmd);
    cmd.check_text()?;
    stray_words(games, cmd)?;
    ensure_channel(tx, seeds, cx)?;
    match cmd.root() {
        "roll" => super::generic::roll(tx, games, cx.req, cmd, cx.now),
        "game" => super::generic::game_command(tx, games, cx.req, cmd, cx.now),
        "help" => Ok(vec![super::generic::help(games, &cx.req.actor)]),
        name => {
            let Some(game) = games.find(name) else {
                return refused(format!(
                    "there is no command `/{name}`. Try `/help` for the list."
                ));
            };
            if cmd.sub() == "new" {
                close_if_over(tx, games, &cx.req.channel, cx.now)?;
            }
            game_command(tx, games, game, cx, cmd)
        }
    }
}

/// Refuses a command with words after its subcommand (`/ninja enter Fox`): values are given
/// as `name:value`, and the refusal shows the spelling that works.
fn stray_words(games: &Registry, cmd: &Command) -> Result<(), Fail> {
    // Only the declaration this command names is built (not every game's tree per request).
    let root = cmd.root();
    let named = |c: &super::CommandSpec| c.name == root;
    let found = super::builtins::generic_commands()
        .into_iter()
        .find(named)
        .or_else(|| games.find(root).map(|g| g.command()).filter(named))
        .or_else(|| games.all().map(|g| g.command()).find(named));
    let Some(spec) = found.as_ref() else {
        return Ok(());
    };
    let rest = &cmd.path[1..];
    for n in (0..rest.len()).rev() {
        let Some(leaf) = spec.leaf(&rest[..n]) else {
            continue;
        };
        let words = rest[n..].join(" ");
        // Named as the user typed it (`nwcombat attack`, not the game's `nw combat attack`).
        let typed = cmd.typed.as_ref().unwrap_or(&cmd.path);
        let known = typed[..typed.len() - (rest.len() - n)].join(" ");
        let hint = leaf
            .options
            .iter()
            .find(|o| o.required)
            .or(leaf.options.first())
            .map(|o| format!(" Did you mean `/{known} {}:{}`?", o.name, quoted(&words)))
            .unwrap_or_default();
        return refused(format!(
            "`/{known}` takes its values as `name:value`; `{words}` is not one of them.{hint}"
        ));
    }
    Ok(())
}

/// A value as the console reads it back (quoted when it has spaces).
fn quoted(v: &str) -> String {
    if v.contains(' ') {
        format!("\"{v}\"")
    } else {
        v.to_string()
    }
}

/// Passes when the decision `key` a component answers is still open for `actor` (or for
/// someone the rules may let them answer for); otherwise refuses with what settled it and
/// offers the buttons that are live now.
fn still_open(
    tx: &Transaction,
    game: &dyn DynGame,
    s: &SessionRow,
    key: &str,
    actor: &Actor,
) -> Result<(), Fail> {
    let state: Value = serde_json::from_str(&s.state)?;
    let open = game.decisions(&state)?;
    let mine = |d: &&Decision| d.key == key && d.who.as_ref().is_none_or(|w| *w == actor.id);
    if open.iter().any(|d| mine(&d)) {
        return Ok(());
    }
    let settled = store::decision_settled(tx, s.id, key, &actor.id.0)?;
    // Open for someone else and never answered by this actor: the rules decide (a GM may
    // act for a player; a player pressing another's button is told whose turn it is).
    if open.iter().any(|d| d.key == key) && settled.as_ref().is_none_or(|d| d.who != actor.id.0) {
        return Ok(());
    }
    let why = match settled {
        Some(d) => format!(
            "that button was for **{}**, which is already settled: #{} {} — {}.",
            d.label,
            d.log_id,
            d.actor_name,
            d.summary.trim_end_matches('.')
        ),
        None => "that button answers something the game no longer waits for.".to_string(),
    };
    let viewer = with_host(actor, Some(s));
    let gms = session_gms(game, s)?;
    let now_open: Vec<Reply> = finish_replies(
        game.view(&state, &viewer)?,
        game,
        Some(Stamp {
            session: s.id,
            version: s.version,
        }),
        &gms,
        &open,
    )
    .into_iter()
    .filter(|r| {
        (!r.message.buttons.is_empty() || r.message.select.is_some())
            && match &r.audience {
                Audience::Everyone => true,
                Audience::Only(us) => us.contains(&actor.id),
                Audience::Gm => false,
            }
    })
    .map(|mut r| {
        r.audience = Audience::Only(vec![actor.id.clone()]);
        r.message.pings.clear();
        r.message.slot = None;
        r
    })
    .collect();
    let why = if now_open.is_empty() {
        format!("{why} Nothing is waiting for you right now; `/game status` shows the game.")
    } else {
        format!("{why} Here is what is open now:")
    };
    Err(Fail::RefusedWith(why, now_open))
}

/// Closes the channel's session if its game is over, so a new game can start (state and log
/// stay); the game releases whatever the session still holds in the shared state.
fn close_if_over(tx: &Transaction, games: &Registry, channel: &str, now: i64) -> Result<(), Fail> {
    if let Some(s) = store::session_active(tx, channel)? {
        if let Some(g) = games.find(&s.game) {
            if g.is_over(&serde_json::from_str(&s.state)?)? {
                let system = Actor {
                    id: UserId::new(SYSTEM_USER),
                    name: "Croupier".into(),
                    manager: true,
                };
                end_session(
                    tx,
                    g,
                    &s,
                    &system,
                    "closed the finished game for a new one",
                    None,
                    now,
                )?;
            }
        }
    }
    Ok(())
}

/// Creates the channel row (and its dice RNG) the first time a channel is seen.
fn ensure_channel(tx: &Transaction, seeds: SeedMode, cx: &Cx) -> Result<(), Fail> {
    if store::channel_get(tx, &cx.req.channel)?.is_none() {
        let seed = match seeds {
            SeedMode::Random => rand::random::<u64>(),
            SeedMode::Fixed(s) => channel_seed(s, &cx.req.channel),
        };
        let rng = serde_json::to_string(&seeded(seed))?;
        store::channel_insert(
            tx,
            &cx.req.channel,
            cx.req.guild.as_deref(),
            seed as i64,
            &rng,
            cx.now,
        )?;
    }
    Ok(())
}

/// A channel's seed derived from a fixed seed and its name (FNV-1a, stable across builds).
pub fn channel_seed(seed: u64, channel: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    for b in channel.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Loads the channel's dice RNG.
pub(super) fn channel_rng(tx: &Transaction, channel: &str) -> Result<(i64, GameRng), Fail> {
    let row = store::channel_get(tx, channel)?
        .ok_or_else(|| Fail::Error(TableError::Store(StoreError::Conflict)))?;
    Ok((row.seed, serde_json::from_str(&row.rng)?))
}

/// Saves the channel's dice RNG.
pub(super) fn save_channel_rng(
    tx: &Transaction,
    channel: &str,
    seed: i64,
    rng: &GameRng,
) -> Result<(), Fail> {
    store::channel_save_rng(tx, channel, seed, &serde_json::to_string(rng)?)?;
    Ok(())
}

/// Seeds a new channel's dice RNG with the given seed (console `--seed`); a channel already
/// in the database keeps its generator.
pub fn reseed_channel(
    table: &mut Table,
    channel: &str,
    guild: &str,
    seed: u64,
) -> Result<(), TableError> {
    let now = table.now();
    let tx = table
        .store
        .conn()
        .transaction_with_behavior(TransactionBehavior::Immediate)?;
    let s = channel_seed(seed, channel);
    let rng = serde_json::to_string(&seeded(s))?;
    // A channel the database already knows keeps its generator where it is: a console
    // restarted with the same `--seed` continues the dice instead of replaying them.
    if store::channel_get(&tx, channel)?.is_none() {
        store::channel_insert(&tx, channel, Some(guild), s as i64, &rng, now)?;
    }
    tx.commit()?;
    Ok(())
}

/// The session's GMs: its host, the game's GMs.
/// The game's part is read from the row's `gms` column, written with the state (the whole
/// state is read only for a session saved before that column existed).
pub(super) fn session_gms(game: &dyn DynGame, s: &SessionRow) -> Result<Vec<UserId>, Fail> {
    let named: Vec<UserId> = match &s.gms {
        Some(json) => serde_json::from_str(json)?,
        None => game.gms(&serde_json::from_str(&s.state)?)?,
    };
    let mut gms = vec![UserId::new(&s.host)];
    for g in named {
        if !gms.contains(&g) {
            gms.push(g);
        }
    }
    Ok(gms)
}

/// Writes the game's GMs for `state` (the session's new state) when they differ from the
/// row's; returns them as JSON, for the row the replies are finished with.
fn save_gms(
    tx: &Transaction,
    game: &dyn DynGame,
    s: &SessionRow,
    state: &Value,
) -> Result<String, Fail> {
    let gms = serde_json::to_string(&game.gms(state)?)?;
    if s.gms.as_deref() != Some(gms.as_str()) {
        store::session_set_gms(tx, s.id, &gms)?;
    }
    Ok(gms)
}

/// The actor with `manager` set if they host the session.
pub(super) fn with_host(actor: &Actor, s: Option<&SessionRow>) -> Actor {
    let mut a = actor.clone();
    if let Some(s) = s {
        if s.host == a.id.0 {
            a.manager = true;
        }
    }
    a
}

fn game_command(
    tx: &Transaction,
    games: &Registry,
    game: &dyn DynGame,
    cx: &Cx,
    cmd: &Command,
) -> Result<Vec<Reply>, Fail> {
    let req = cx.req;
    let active = store::session_active(tx, &req.channel)?;
    if cmd.sub() == "new" {
        if let Some(s) = &active {
            let title = title_of(s, games);
            return refused(format!(
                "this channel already has a game of {title} running (hosted by <@{}>). Finish it, or ask the host to `/game end` it, or start yours in another channel.",
                s.host
            ));
        }
        return create_session(tx, game, cx, cmd);
    }
    // Commands that need no session (e.g. a guild roster).
    {
        let before = load_shared(tx, game, req.guild.as_deref()).map_err(Fail::Error)?;
        let mut shared = before.clone();
        let (seed, mut rng) = channel_rng(tx, &req.channel)?;
        let actor = with_host(
            &req.actor,
            active.as_ref().filter(|s| s.game == game.name()),
        );
        let place = Place {
            channel: req.channel.clone(),
            session: active.as_ref().map(|s| s.id),
        };
        let r = game.global(
            DynCtx {
                rng: &mut rng,
                now: cx.now,
                shared: Some(&mut shared),
                place: &place,
            },
            &actor,
            cmd,
        );
        if let Some(r) = r {
            let replies = r?;
            save_channel_rng(tx, &req.channel, seed, &rng)?;
            let summary = summarize(&replies);
            let id = store::log_append(
                tx,
                &store::NewLog {
                    channel: &req.channel,
                    session_id: active.as_ref().map(|s| s.id),
                    kind: "global",
                    actor: &actor.id.0,
                    actor_name: &actor.name,
                    payload: &serde_json::to_string(cmd)?,
                    summary: &summary,
                    visibility: "public",
                    request_id: Some(&req.request_id),
                    at: cx.now,
                },
            )?;
            record_effect(tx, game, req.guild.as_deref(), &before, &shared, id)?;
            let gms = active
                .as_ref()
                .filter(|s| s.game == game.name())
                .map(|s| session_gms(game, s))
                .transpose()?
                .unwrap_or_default();
            return Ok(finish_replies(replies, game, None, &gms, &[]));
        }
    }
    let Some(s) = active else {
        return refused(format!(
            "there is no game of {} in this channel. Start one with `/{} new`.",
            game.title(),
            game.name()
        ));
    };
    if s.game != game.name() {
        return refused(format!(
            "this channel is playing {}, not {}. Use `/{} …` commands here, or another channel.",
            title_of(&s, games),
            game.title(),
            s.game
        ));
    }
    let actor = with_host(&req.actor, Some(&s));
    let state: Value = serde_json::from_str(&s.state)?;
    let gms = game.gms(&state)?;
    let spec = game.command();
    super::declare::check_permission(&spec, cmd, &actor, &s.host, &gms)?;
    // A view (status, board, hand, story) is answered by the game without an action: nothing
    // is applied, logged or written.
    if spec
        .leaf(cmd.path.get(1..).unwrap_or(&[]))
        .is_some_and(|leaf| leaf.view)
    {
        let replies = game.show(&state, &actor, cmd)?;
        let open = game.decisions(&state)?;
        let stamp = Stamp {
            session: s.id,
            version: s.version,
        };
        return Ok(finish_replies(
            replies,
            game,
            Some(stamp),
            &session_gms(game, &s)?,
            &open,
        ));
    }
    let shared = load_shared(tx, game, req.guild.as_deref()).map_err(Fail::Error)?;
    let action = game.parse(&state, &actor, cmd, &shared)?;
    apply_action(tx, game, &s, &actor, &action, cx.now, Some(&req.request_id))
}

fn title_of(s: &SessionRow, games: &Registry) -> String {
    games
        .find(&s.game)
        .map(|g| g.title().to_string())
        .unwrap_or_else(|| s.game.clone())
}

fn create_session(
    tx: &Transaction,
    game: &dyn DynGame,
    cx: &Cx,
    cmd: &Command,
) -> Result<Vec<Reply>, Fail> {
    let req = cx.req;
    let (cseed, mut crng) = channel_rng(tx, &req.channel)?;
    let seed = crng.next_u64() >> 1; // fits SQLite's signed integer
    save_channel_rng(tx, &req.channel, cseed, &crng)?;
    let mut rng = seeded(seed);
    let mut actor = req.actor.clone();
    actor.manager = true;
    let before = load_shared(tx, game, req.guild.as_deref()).map_err(Fail::Error)?;
    let mut shared = before.clone();
    let place = Place {
        channel: req.channel.clone(),
        session: None,
    };
    let (state, replies) = game.create(
        DynCtx {
            rng: &mut rng,
            now: cx.now,
            shared: Some(&mut shared),
            place: &place,
        },
        &actor,
        cmd,
    )?;
    let wakeup = game.next_wakeup(&state)?;
    let state_s = serde_json::to_string(&state)?;
    let gms_s = serde_json::to_string(&game.gms(&state)?)?;
    let id = store::session_insert(
        tx,
        &store::NewSession {
            channel: &req.channel,
            guild: req.guild.as_deref(),
            game: game.name(),
            host: &actor.id.0,
            seed: seed as i64,
            state: &state_s,
            rng: &serde_json::to_string(&rng)?,
            wakeup_at: wakeup,
            gms: &gms_s,
            now: cx.now,
        },
    )?;
    let summary = summarize(&replies);
    let log_id = store::log_append(
        tx,
        &store::NewLog {
            channel: &req.channel,
            session_id: Some(id),
            kind: "new",
            actor: &actor.id.0,
            actor_name: &actor.name,
            payload: &serde_json::to_string(cmd)?,
            summary: &summary,
            visibility: "public",
            request_id: Some(&req.request_id),
            at: cx.now,
        },
    )?;
    record_effect(tx, game, req.guild.as_deref(), &before, &shared, log_id)?;
    let row = SessionRow {
        id,
        channel: req.channel.clone(),
        guild: req.guild.clone(),
        game: game.name().into(),
        host: actor.id.0.clone(),
        seed: seed as i64,
        state: state_s,
        rng: String::new(),
        version: 1,
        active: true,
        gms: Some(gms_s),
    };
    let gms = session_gms(game, &row)?;
    let open = game.decisions(&state)?;
    Ok(finish_replies(
        replies,
        game,
        Some(Stamp {
            session: id,
            version: 1,
        }),
        &gms,
        &open,
    ))
}

/// Logged form of an action.
#[derive(Serialize, Deserialize)]
pub(super) struct LoggedAction {
    pub(super) actor: Actor,
    pub(super) action: Value,
    /// Set when the entry hands the table to this user (`/game host`) instead of an action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) host: Option<UserId>,
}

/// Appends a session's action entry (an action, or a hand-over) to the log; returns its id.
fn log_action(
    tx: &Transaction,
    s: &SessionRow,
    la: &LoggedAction,
    summary: &str,
    request_id: Option<&str>,
    now: i64,
) -> Result<i64, Fail> {
    Ok(store::log_append(
        tx,
        &store::NewLog {
            channel: &s.channel,
            session_id: Some(s.id),
            kind: "action",
            actor: &la.actor.id.0,
            actor_name: &la.actor.name,
            payload: &serde_json::to_string(la)?,
            summary,
            visibility: "public",
            request_id,
            at: now,
        },
    )?)
}

/// Applies a parsed action to a session, logs it and saves the state.
fn apply_action(
    tx: &Transaction,
    game: &dyn DynGame,
    s: &SessionRow,
    actor: &Actor,
    action: &Value,
    now: i64,
    request_id: Option<&str>,
) -> Result<Vec<Reply>, Fail> {
    let state: Value = serde_json::from_str(&s.state)?;
    let mut rng: GameRng = serde_json::from_str(&s.rng)?;
    let guild = s.guild.as_deref();
    let before = load_shared(tx, game, guild).map_err(Fail::Error)?;
    let mut shared = before.clone();
    let place = Place {
        channel: s.channel.clone(),
        session: Some(s.id),
    };
    let (new_state, replies) = game.apply(
        &state,
        DynCtx {
            rng: &mut rng,
            now,
            shared: Some(&mut shared),
            place: &place,
        },
        actor,
        action,
    )?;
    // The game's end releases what the session holds, in the same entry (so undoing the last
    // action of a finished game takes the release back too).
    let over = game.is_over(&new_state)?;
    if over && !game.is_over(&state)? {
        game.end_session(&mut shared, &place)?;
    }
    let rng_s = serde_json::to_string(&rng)?;
    if new_state == state && rng_s == s.rng && shared == before {
        // Nothing changed (a view such as a status or a sheet): no new version, no log entry,
        // so buttons on earlier messages stay valid.
        let gms = session_gms(game, s)?;
        let open = game.decisions(&state)?;
        return Ok(finish_replies(
            replies,
            game,
            Some(Stamp {
                session: s.id,
                version: s.version,
            }),
            &gms,
            &open,
        ));
    }
    let state_s = serde_json::to_string(&new_state)?;
    let wakeup = if over {
        None
    } else {
        game.next_wakeup(&new_state)?
    };
    let version = store::session_update(tx, s.id, s.version, &state_s, &rng_s, wakeup, now)?;
    let summary = summarize(&replies);
    let log_id = log_action(
        tx,
        s,
        &LoggedAction {
            actor: actor.clone(),
            action: action.clone(),
            host: None,
        },
        &summary,
        request_id,
        now,
    )?;
    record_effect(tx, game, guild, &before, &shared, log_id)?;
    // Decisions this action settled: a late press of their buttons is told what happened.
    let open = game.decisions(&new_state)?;
    for d in game.decisions(&state)? {
        if !open.iter().any(|o| o.key == d.key && o.who == d.who) {
            store::decision_settle(
                tx,
                s.id,
                &d.key,
                d.who.as_ref().map(|w| w.0.as_str()),
                &d.label,
                log_id,
            )?;
        }
    }
    let mut row = s.clone();
    row.gms = Some(save_gms(tx, game, s, &new_state)?);
    row.state = state_s;
    let gms = session_gms(game, &row)?;
    Ok(finish_replies(
        replies,
        game,
        Some(Stamp {
            session: s.id,
            version,
        }),
        &gms,
        &open,
    ))
}

/// Replays a session's log from its seed: returns the state and RNG.
pub(super) fn replay_session(
    tx: &Transaction,
    game: &dyn DynGame,
    s: &SessionRow,
) -> Result<(Value, GameRng), Fail> {
    let log = store::log_session(tx, s.id)?;
    replay_log(game, s.seed, &s.channel, s.id, &log)
}

/// Replays log entries (`new`, then the actions not undone) from `seed`: the state and RNG they
/// lead to. The replay corpus (`table::record`) calls it on logs frozen by earlier versions.
pub(super) fn replay_log(
    game: &dyn DynGame,
    seed: i64,
    channel: &str,
    session: i64,
    log: &[store::LogRow],
) -> Result<(Value, GameRng), Fail> {
    let mut rng = seeded(seed as u64);
    let mut state: Option<Value> = None;
    // The shared state is not replayed: each entry's effect was applied once, when it happened,
    // and an undo reverses it explicitly.
    let mut place = Place {
        channel: channel.to_string(),
        session: None,
    };
    for e in log {
        match e.kind.as_str() {
            "new" => {
                let cmd: Command = serde_json::from_str(&e.payload)?;
                let host = Actor {
                    id: UserId::new(&e.actor),
                    name: e.actor_name.clone(),
                    manager: true,
                };
                let (st, _) = game.create(
                    DynCtx {
                        rng: &mut rng,
                        now: e.at,
                        shared: None,
                        place: &place,
                    },
                    &host,
                    &cmd,
                )?;
                state = Some(st);
                place.session = Some(session);
            }
            "action" if !e.undone => {
                let la: LoggedAction = serde_json::from_str(&e.payload)?;
                let cur = state.take().ok_or_else(|| {
                    Fail::Refused("log has an action before the session start".into())
                })?;
                if let Some(to) = &la.host {
                    state = Some(game.hand_over(&cur, to)?);
                    continue;
                }
                let (st, _) = game.apply(
                    &cur,
                    DynCtx {
                        rng: &mut rng,
                        now: e.at,
                        shared: None,
                        place: &place,
                    },
                    &la.actor,
                    &la.action,
                )?;
                state = Some(st);
            }
            _ => {}
        }
    }
    let state = state.ok_or_else(|| Fail::Refused("the session has no start in its log".into()))?;
    Ok((state, rng))
}

/// `/game host user:@x`: the host hands the table to `to`. Logged as an entry that replays
/// (the game moves its own host or GM role, [`DynGame::hand_over`]) and undoes like any action.
pub(super) fn hand_over(
    tx: &Transaction,
    game: &dyn DynGame,
    s: &SessionRow,
    actor: &Actor,
    to: &UserId,
    request_id: &str,
    now: i64,
) -> Result<Vec<Reply>, Fail> {
    if to.0 == s.host {
        return refused(format!("{} hosts this game already.", to.mention()));
    }
    if to.0 == SYSTEM_USER {
        return refused("Croupier cannot host a game; name a player.");
    }
    let state: Value = serde_json::from_str(&s.state)?;
    let new_state = game.hand_over(&state, to)?;
    let state_s = serde_json::to_string(&new_state)?;
    let version = store::session_update(
        tx,
        s.id,
        s.version,
        &state_s,
        &s.rng,
        game.next_wakeup(&new_state)?,
        now,
    )?;
    store::session_set_host(tx, s.id, &to.0)?;
    let summary = format!("{} hands the table to {}", actor.name, to.mention());
    log_action(
        tx,
        s,
        &LoggedAction {
            actor: actor.clone(),
            action: Value::Null,
            host: Some(to.clone()),
        },
        &summary,
        Some(request_id),
        now,
    )?;
    let mut row = s.clone();
    row.gms = Some(save_gms(tx, game, s, &new_state)?);
    row.state = state_s;
    row.host = to.0.clone();
    row.version = version;
    let gms = session_gms(game, &row)?;
    let open = game.decisions(&new_state)?;
    Ok(finish_replies(
        vec![Reply::public(
            Message::titled(
                "🎩 New host",
                format!(
                    "{} hands the game of {} to {}: they host it now (GM-only replies and secrets, `/game undo`, `/game end`).",
                    actor.name,
                    game.title(),
                    to.mention()
                ),
            )
            .ping(to),
        )],
        game,
        Some(Stamp {
            session: s.id,
            version,
        }),
        &gms,
        &open,
    ))
}

/// Undoes the last action of the active session by replaying the log without it.
pub(super) fn undo(
    tx: &Transaction,
    game: &dyn DynGame,
    s: &SessionRow,
    actor: &Actor,
    request_id: &str,
    now: i64,
) -> Result<Vec<Reply>, Fail> {
    let log = store::log_session(tx, s.id)?;
    let Some(last) = log.iter().rev().find(|e| e.kind == "action" && !e.undone) else {
        return refused("there is nothing to undo in this game yet.");
    };
    // Undo rebuilds the state by replaying the log; that is only right if the log still
    // replays to the state the table shows. A game begun before an update changed its rules
    // may not: then undo is refused (the game itself goes on) rather than rewriting history.
    let stored: Value = serde_json::from_str(&s.state)?;
    let replays = matches!(replay_session(tx, game, s), Ok((st, _)) if st == stored);
    if !replays {
        return refused(format!(
            "this game of {} began before an update changed how its actions play out, so its log no longer replays to the table as it stands; undo is not possible in it. The game itself goes on (`/game status`).",
            game.title()
        ));
    }
    // The action's change to the guild's shared state is reversed in this transaction, or the
    // undo is refused (nothing changes) if another channel changed the same records since.
    let mut put_back = vec![];
    if let Some(effects) = &last.effects {
        let effect: Effect = serde_json::from_str(effects)?;
        let current = load_shared(tx, game, Some(&effect.guild)).map_err(Fail::Error)?;
        let restored = effect.undo(&current).map_err(Fail::Refused)?;
        store::shared_put(
            tx,
            &effect.guild,
            &effect.game,
            &serde_json::to_string(&restored)?,
        )?;
        put_back = effect.names();
    }
    store::log_mark_undone(tx, last.id)?;
    let (state, rng) = replay_session(tx, game, s)?;
    // The host is whoever the log says: the opener, then each hand-over still standing.
    let host = store::log_session(tx, s.id)?
        .iter()
        .filter(|e| !e.undone)
        .fold(s.host.clone(), |host, e| match e.kind.as_str() {
            "new" => e.actor.clone(),
            "action" => serde_json::from_str::<LoggedAction>(&e.payload)
                .ok()
                .and_then(|la| la.host)
                .map(|u| u.0)
                .unwrap_or(host),
            _ => host,
        });
    if host != s.host {
        store::session_set_host(tx, s.id, &host)?;
    }
    let wakeup = game.next_wakeup(&state)?;
    let version = store::session_update(
        tx,
        s.id,
        s.version,
        &serde_json::to_string(&state)?,
        &serde_json::to_string(&rng)?,
        wakeup,
        now,
    )?;
    let summary = format!("undid #{} ({}: {})", last.id, last.actor_name, last.summary);
    store::log_append(
        tx,
        &store::NewLog {
            channel: &s.channel,
            session_id: Some(s.id),
            kind: "undo",
            actor: &actor.id.0,
            actor_name: &actor.name,
            payload: &serde_json::json!({ "undone": last.id }).to_string(),
            summary: &summary,
            visibility: "public",
            request_id: Some(request_id),
            at: now,
        },
    )?;
    let mut msg = Message::titled(
        "↩️ Undone",
        format!(
            "{} undid the last action: #{} by {} — {}",
            actor.name, last.id, last.actor_name, last.summary
        ),
    );
    if !put_back.is_empty() {
        let shown: Vec<&str> = put_back.iter().take(8).map(String::as_str).collect();
        let more = match put_back.len().saturating_sub(shown.len()) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        msg.body.push_str(&format!(
            "\nServer-wide records put back as they were: {}{more}.",
            shown.join(", ")
        ));
    }
    msg.stamp = Some(Stamp {
        session: s.id,
        version,
    });
    let mut out = vec![Reply::public(msg)];
    let mut row = s.clone();
    row.gms = Some(save_gms(tx, game, s, &state)?);
    row.state = serde_json::to_string(&state)?;
    row.version = version;
    let gms = session_gms(game, &row)?;
    let open = game.decisions(&state)?;
    out.extend(finish_replies(
        game.view(&state, actor)?,
        game,
        Some(Stamp {
            session: s.id,
            version,
        }),
        &gms,
        &open,
    ));
    Ok(out)
}

/// A one-line public summary of what happened (never from private replies).
pub(super) fn summarize(replies: &[Reply]) -> String {
    replies
        .iter()
        .find(|r| r.is_public())
        .map(|r| {
            let m = &r.message;
            let first = m.body.lines().next().unwrap_or("");
            match &m.title {
                Some(t) if !first.is_empty() => format!("{t} — {first}"),
                Some(t) => t.clone(),
                None => first.to_string(),
            }
        })
        .map(|s| s.chars().take(200).collect())
        .unwrap_or_else(|| "(private)".to_string())
}

/// Resolves GM audiences, sets the game name and the component stamp, and ties each button
/// and menu to the open decision its command answers (`open`: the state's decisions).
pub(super) fn finish_replies(
    replies: Vec<Reply>,
    game: &dyn DynGame,
    stamp: Option<Stamp>,
    gms: &[UserId],
    open: &[Decision],
) -> Vec<Reply> {
    let tops = top_level_names(game);
    replies
        .into_iter()
        .map(|mut r| {
            if r.audience == Audience::Gm {
                r.audience = Audience::Only(gms.to_vec());
            }
            r.message.game = Some(game.name().to_string());
            if r.message.stamp.is_none() {
                r.message.stamp = stamp;
            }
            if !open.is_empty() {
                let audience = r.audience.clone();
                for b in &mut r.message.buttons {
                    b.decision = decision_for(&b.command, &audience, open, &tops);
                }
                if let Some(sel) = &mut r.message.select {
                    sel.decision = decision_for(&sel.command, &audience, open, &tops);
                }
            }
            r
        })
        .collect()
}

/// A game's top-level names for its subcommands (`nwcombat` → `nw combat`).
fn top_level_names(game: &dyn DynGame) -> Vec<(String, String)> {
    game.command()
        .subcommands
        .into_iter()
        .filter_map(|s| Some((s.top_level?, format!("{} {}", game.name(), s.name))))
        .collect()
}

/// The key of the open decision `command` answers: one waiting for someone the message is
/// shown to if there is one, else the first.
fn decision_for(
    command: &str,
    audience: &Audience,
    open: &[Decision],
    tops: &[(String, String)],
) -> Option<String> {
    let mut cmd = Command::parse_line(command).ok()?;
    if let Some((_, path)) = tops.iter().find(|(top, _)| top == cmd.root()) {
        let path: Vec<String> = path.split(' ').map(str::to_string).collect();
        cmd.path.splice(0..1, path);
    }
    let answering: Vec<&Decision> = open.iter().filter(|d| d.answered_by(&cmd)).collect();
    let shown_to = |d: &&&Decision| match (&d.who, audience) {
        (Some(w), Audience::Only(us)) => us.contains(w),
        _ => false,
    };
    answering
        .iter()
        .find(shown_to)
        .or(answering.first())
        .map(|d| d.key.clone())
        .filter(|k| Decision::key_is_valid(k))
}
