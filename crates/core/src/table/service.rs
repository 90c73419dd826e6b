//! The table service: turns "user U in channel C did X" into one SQLite transaction.
//!
//! Every command runs as: begin (immediate) → idempotency check → load → permission and
//! turn checks (by the game) → apply → append to the log → save state → commit.
//! A refusal rolls the transaction back, so state and log are untouched.

use std::cell::Cell;
use std::sync::Arc;

use rand::RngCore;
use serde_json::Value;

use super::game::{Actor, DynCtx, DynGame, Place};
use super::{Clock, Command, Message, Reply, Stamp, UserId};
use crate::i18n::Readers;
use crate::rng::seeded;
use crate::store::{self, SessionRow, Store, Tx};

use super::engine::{
    apply_action, channel_rng, dyn_err, end_session, finish_replies, load_shared, read_shared,
    record_effect, refused, replay_session, reschedule_wakeup, save_channel_rng, session_gms,
    still_open, summarize, with_host, Fail, Input, Lifetime, Outcome, Request, Summary, TableError,
    SYSTEM_USER,
};
use super::language::chosen_readers;
use super::registry::Registry;
use super::said::{Phrase, Said, Value as SaidValue};
use super::states::{StateCache, States};

/// Due wake-ups (reminders) applied in one transaction and one commit.
pub const DUE_BATCH: usize = 64;

/// How long a request id is remembered for idempotency (seconds).
pub const REQUEST_KEEP_SECS: i64 = 86_400;

/// Where channel seeds come from.
#[derive(Debug, Clone, Copy)]
pub enum SeedMode {
    /// From the operating system (normal bot use).
    Random,
    /// Derived from this seed and the channel name (reproducible runs).
    Fixed(u64),
}

/// The table service over one database connection.
pub struct Table {
    store: Store,
    games: Arc<Registry>,
    clock: Arc<dyn Clock>,
    seeds: SeedMode,
    /// Typed states of recent sessions (see `states.rs`), shared with the tables of the same
    /// database ([`Table::sharing_states`]).
    cache: Arc<StateCache>,
    /// The shards this process serves, when it is one of several: wake-ups of guilds on
    /// other shards are left to their process.
    shards: Option<store::ShardSlice>,
}

/// A request's context inside its transaction.
struct Cx<'r> {
    req: &'r Request,
    now: i64,
    states: &'r States,
    /// The languages the request's replies are read in: [`Request::locale`] under the
    /// channel's and the actor's settings (`/game language`), worked out by [`dispatch`].
    readers: Cell<Readers>,
    /// Whether the server's language this request carries differs from the one the channel's
    /// row keeps (written with the request's own writes, so a view still writes nothing).
    server_language_new: Cell<bool>,
}

impl Table {
    /// A table over `store` with these games, clock and seed source.
    pub fn new(store: Store, games: Arc<Registry>, clock: Arc<dyn Clock>, seeds: SeedMode) -> Self {
        Table {
            store,
            games,
            clock,
            seeds,
            cache: Arc::new(StateCache::default()),
            shards: None,
        }
    }

    /// This table, waking only the sessions of guilds on `shards` (one process of several
    /// sharing a store; see [`store::ShardSlice`]).
    pub fn on_shards(mut self, shards: store::ShardSlice) -> Self {
        self.shards = Some(shards);
        self
    }

    /// This table, sharing `other`'s cache of typed states (tables over the same database:
    /// the writer and its readers).
    pub fn sharing_states(mut self, other: &Table) -> Self {
        self.cache = other.cache.clone();
        self
    }

    /// This table with a cache of typed states of its own, holding at most `bytes` (0: none,
    /// every request reads its session's stored JSON; for benchmarks).
    pub fn with_state_cache(mut self, bytes: u64) -> Self {
        self.cache = Arc::new(StateCache::new(bytes));
        self
    }

    /// The cache of typed states (for tests and benchmarks).
    pub fn state_cache(&self) -> &StateCache {
        &self.cache
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
        let states = States::new(self.cache.clone());
        let tx = self.store.write_transaction()?;
        let start = tx.written();
        Ok(Group {
            tx,
            games,
            clock,
            seeds,
            start,
            states,
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
        let states = States::new(self.cache.clone());
        let tx = self.store.transaction()?;
        // Discord names the top-level command (`nwcombat`); the game reads its own path.
        let cmd = &games.route(cmd);
        if cmd.root() == "help" && option == "command" {
            return Ok(super::help::suggest(&games, partial));
        }
        let Some(game) = games.find(cmd.root()) else {
            return Ok(vec![]);
        };
        let shared = read_shared(&tx, &states, game, guild)?;
        let mut out = game
            .global_autocomplete(&shared, viewer, cmd, option, partial)
            .map_err(dyn_err)?;
        if let Some(s) = store::session_active(&tx, channel)? {
            if s.game == game.name() {
                let state = states.of(game, &s).map_err(dyn_err)?.state;
                out.extend(
                    game.autocomplete(&state, viewer, cmd, option, partial)
                        .map_err(dyn_err)?,
                );
            }
        }
        // A read-only transaction read committed rows only.
        states.publish();
        out.truncate(25);
        Ok(out)
    }

    /// Applies every due wake-up (reminders) at the clock's time, [`DUE_BATCH`] sessions per
    /// transaction (one commit each). Returns `(channel, replies)`.
    pub fn run_due(&mut self) -> Result<Vec<(String, Vec<Reply>)>, TableError> {
        let now = self.clock.now();
        let due = {
            let tx = self.store.transaction()?;
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
            let tx = self.store.transaction()?;
            store::sessions_due_first(&tx, now, limit.saturating_add(1), self.shards)?
        };
        let more = due.len() > limit;
        due.truncate(limit);
        Ok((self.wake(&due, now)?, more))
    }

    /// The language of what a channel reads that answers no interaction (a reminder): its
    /// choice made with `/game language channel:`, else the server's as its latest interaction
    /// gave it, else English.
    pub fn channel_readers(&mut self, channel: &str) -> Result<Readers, TableError> {
        let tx = self.store.transaction()?;
        let l = store::channel_languages(&tx, channel, "")?.unwrap_or_default();
        let locale = l.channel.or(l.server).map_or(crate::i18n::Locale::En, |t| {
            crate::i18n::Locale::from_tag(&t)
        });
        Ok(Readers::all(locale))
    }

    /// Wakes the sessions `due` in one transaction, each in its own savepoint, and commits
    /// once; also forgets request ids older than [`REQUEST_KEEP_SECS`] (by the `at` index).
    fn wake(&mut self, due: &[i64], now: i64) -> Result<Vec<(String, Vec<Reply>)>, TableError> {
        let games = self.games.clone();
        let states = States::new(self.cache.clone());
        let tx = self.store.write_transaction()?;
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
            let state = states.of(game, &s).map_err(dyn_err)?.state;
            let action = game.wakeup_action(&state, now).map_err(dyn_err)?;
            tx.savepoint("wake")?;
            let mark = states.mark();
            let applied = match action {
                Some(a) => {
                    let req_id = format!("wake:{id}:{}", s.version);
                    apply_action(&tx, &states, game, &s, &actor, &a, now, Some(&req_id))
                }
                None => Err(Fail::Refused(String::new())),
            };
            let replies = match applied {
                Ok(r) => r,
                Err(Fail::Refused(_) | Fail::RefusedWith(..) | Fail::Said(_)) => {
                    // Nothing to do (or the rules refuse it now): the wake-up moves to when
                    // the state next wants one.
                    tx.rollback_to("wake")?;
                    states.rollback_to(mark);
                    reschedule_wakeup(&tx, game, &state, &s, now)?;
                    vec![]
                }
                Err(Fail::Error(e)) => return Err(e),
            };
            tx.release("wake")?;
            if !replies.is_empty() {
                out.push((s.channel.clone(), replies));
            }
        }
        tx.commit()?;
        states.publish();
        Ok(out)
    }

    /// The earliest pending wake-up, if any.
    pub fn next_wakeup(&mut self) -> Result<Option<i64>, TableError> {
        let tx = self.store.transaction()?;
        Ok(store::next_wakeup(&tx, self.shards)?)
    }

    /// The active session of `channel` as JSON: `{game, host, version, state}` (or the latest ended one).
    pub fn state_json(&mut self, channel: &str) -> Result<Option<Value>, TableError> {
        let states = States::new(self.cache.clone());
        let tx = self.store.transaction()?;
        let json = state_json_in(&tx, &self.games, &states, channel)?;
        states.publish();
        Ok(json)
    }

    /// What the components of `channel`'s messages may still answer now (see [`Standing`]).
    pub fn standing(&mut self, channel: &str) -> Result<Option<Standing>, TableError> {
        let states = States::new(self.cache.clone());
        let tx = self.store.transaction()?;
        let standing = standing_in(&tx, &self.games, &states, channel)?;
        states.publish();
        Ok(standing)
    }

    /// Rebuilds a session's state by replaying its log from the seed (what undo does).
    /// Returns `(stored state, replayed state)` so callers can check they agree.
    pub fn replay(&mut self, session_id: i64) -> Result<Option<(Value, Value)>, TableError> {
        let games = self.games.clone();
        let tx = self.store.transaction()?;
        let Some(s) = store::session_get(&tx, session_id)? else {
            return Ok(None);
        };
        let Some(game) = games.find(&s.game) else {
            return Ok(None);
        };
        let (state, _) = match replay_session(&tx, game, &s) {
            Ok(x) => x,
            Err(f) => return Err(TableError::Refused(f.into_rule_error()?)),
        };
        Ok(Some((serde_json::from_str(&s.state)?, state)))
    }

    /// Runs `f` in a transaction of its own and commits: for a front end's own rows (message
    /// ids it keeps) written outside any request.
    pub fn write_rows<R>(
        &mut self,
        f: impl FnOnce(&Tx) -> Result<R, store::StoreError>,
    ) -> Result<R, TableError> {
        let tx = self.store.write_transaction()?;
        let r = f(&tx)?;
        tx.commit()?;
        Ok(r)
    }

    /// Runs `f` in a read transaction of its own (see [`Table::write_rows`]).
    pub fn read_rows<R>(
        &mut self,
        f: impl FnOnce(&Tx) -> Result<R, store::StoreError>,
    ) -> Result<R, TableError> {
        let tx = self.store.transaction()?;
        let r = f(&tx)?;
        tx.rollback()?;
        Ok(r)
    }

    /// Every session's id, oldest first.
    pub fn session_ids(&mut self) -> Result<Vec<i64>, TableError> {
        let tx = self.store.transaction()?;
        Ok(store::session_ids(&tx)?)
    }

    /// The active session row of a channel.
    pub fn session(&mut self, channel: &str) -> Result<Option<SessionRow>, TableError> {
        let tx = self.store.transaction()?;
        Ok(store::session_active(&tx, channel)?)
    }
}

/// Requests applied in one transaction and committed once (see [`Table::group`]).
///
/// Each request runs in its own savepoint: a refusal or a failure rolls back only that
/// savepoint, the others stay. Dropping the group without [`Group::commit`] rolls all back.
pub struct Group<'t> {
    tx: Tx<'t>,
    games: Arc<Registry>,
    clock: Arc<dyn Clock>,
    seeds: SeedMode,
    /// [`Tx::written`] when the transaction began: equal at the end means nothing was written.
    start: u64,
    /// The typed states this transaction read or wrote, published to the cache on commit.
    states: States,
}

impl Group<'_> {
    /// Applies one request in its own savepoint. A request id already recorded returns its
    /// first outcome (`duplicate`); a refusal rolls the savepoint back and comes back with
    /// `accepted == false`; a request that wrote nothing (a view) records no request id, so it
    /// writes nothing at all. `Err` (storage) also rolls the savepoint back.
    pub fn handle(&mut self, req: &Request) -> Result<Outcome, TableError> {
        self.handle_posting(req, |_| None).map(|(out, _)| out)
    }

    /// [`Self::handle`], and when the request is applied and recorded (not a refusal, a view or
    /// a duplicate) and `post` makes a payload of its outcome, an outbox row for the request's
    /// channel in the same savepoint (`store::outbox_push`): the output is then durable with
    /// the action, or neither is. Returns the outcome and the row's id. The payload is the
    /// front end's own; the table only keeps it in order.
    pub fn handle_posting(
        &mut self,
        req: &Request,
        post: impl FnOnce(&Outcome) -> Option<String>,
    ) -> Result<(Outcome, Option<i64>), TableError> {
        let now = self.clock.now();
        let tx = &self.tx;
        if let Some(prev) = store::request_get(tx, &req.request_id)? {
            let mut out: Outcome = serde_json::from_str(&prev)?;
            out.duplicate = true;
            return Ok((out, None));
        }
        let mut posted = None;
        tx.savepoint("request")?;
        let mark = self.states.mark();
        let before = tx.written();
        let cx = Cx {
            req,
            now,
            states: &self.states,
            readers: Cell::new(req.locale),
            server_language_new: Cell::new(false),
        };
        let result = dispatch(tx, &self.games, self.seeds, &cx);
        let readers = cx.readers.get();
        let changed = (readers != req.locale).then_some(readers);
        let result = result.and_then(|replies| {
            let mut out = Outcome {
                replies,
                accepted: true,
                duplicate: false,
                readers: changed,
            };
            // A view wrote nothing: it needs no idempotency row either (answering a second
            // delivery again shows the same view), so it neither writes nor commits.
            if tx.written() != before {
                if cx.server_language_new.get() {
                    store::channel_set_server_language(tx, &req.channel, req.locale.server.code())?;
                }
                store::request_put(
                    tx,
                    &req.request_id,
                    &req.channel,
                    &out.stored_json(readers)?,
                    now,
                )?;
                if let Some(payload) = post(&out) {
                    posted = Some(store::outbox_push(
                        tx,
                        &req.channel,
                        req.guild.as_deref(),
                        &req.request_id,
                        &payload,
                        now,
                    )?);
                }
            }
            Ok(out)
        });
        if result.is_err() {
            // Only this request's changes go; the group's other requests stay.
            tx.rollback_to("request")?;
            self.states.rollback_to(mark);
        }
        tx.release("request")?;
        match result {
            Ok(out) => Ok((out, posted)),
            Err(Fail::Refused(msg)) => Ok((
                Outcome {
                    replies: vec![Reply::private(
                        &req.actor.id,
                        Message::text(format!("⛔ {msg}")),
                    )],
                    accepted: false,
                    duplicate: false,
                    readers: changed,
                },
                None,
            )),
            Err(Fail::Said(reason)) => Ok((
                Outcome {
                    replies: vec![Reply::private(
                        &req.actor.id,
                        Message::said(Said::Phrase(
                            Phrase::new("table-refused").arg("reason", reason),
                        )),
                    )],
                    accepted: false,
                    duplicate: false,
                    readers: changed,
                },
                None,
            )),
            Err(Fail::RefusedWith(reason, now_open)) => {
                let mut replies = vec![Reply::private(
                    &req.actor.id,
                    Message::said(Said::Phrase(
                        Phrase::new("table-refused").arg("reason", *reason),
                    )),
                )];
                replies.extend(now_open);
                Ok((
                    Outcome {
                        replies,
                        accepted: false,
                        duplicate: false,
                        readers: changed,
                    },
                    None,
                ))
            }
            Err(Fail::Error(e)) => Err(e),
        }
    }

    /// Runs `f` on the group's transaction in its own savepoint (rolled back if `f` fails):
    /// for a front end's own rows written with the requests (e.g. long button ids).
    pub fn write<R>(
        &mut self,
        f: impl FnOnce(&Tx) -> Result<R, TableError>,
    ) -> Result<R, TableError> {
        self.tx.savepoint("write")?;
        let r = f(&self.tx);
        if r.is_err() {
            self.tx.rollback_to("write")?;
        }
        self.tx.release("write")?;
        r
    }

    /// The channel's session as [`Table::state_json`] shows it, as this group sees it.
    pub fn state_json(&self, channel: &str) -> Result<Option<Value>, TableError> {
        state_json_in(&self.tx, &self.games, &self.states, channel)
    }

    /// The game and typed state of the channel's session (or its latest ended one) as this
    /// group sees it, for drawing its picture without reading the stored JSON again.
    pub fn board(&self, channel: &str) -> Result<Option<crate::render::attach::Board>, TableError> {
        let Some(s) =
            store::session_active(&self.tx, channel)?.or(store::session_latest(&self.tx, channel)?)
        else {
            return Ok(None);
        };
        let Some(game) = self.games.find(&s.game) else {
            return Ok(None);
        };
        let state = self.states.of(game, &s).map_err(dyn_err)?.state;
        Ok(Some(crate::render::attach::Board {
            game: s.game,
            state,
            session: s.id,
            version: s.version,
        }))
    }

    /// [`Table::standing`] as this group sees it (after the requests applied so far).
    pub fn standing(&self, channel: &str) -> Result<Option<Standing>, TableError> {
        standing_in(&self.tx, &self.games, &self.states, channel)
    }

    /// The registered games.
    pub fn games(&self) -> &Registry {
        &self.games
    }

    /// False once SQLite has ended the transaction by itself (after some I/O errors it rolls
    /// back everything): the group must then not be used, and its requests were not saved.
    pub fn is_open(&self) -> bool {
        self.tx.is_open()
    }

    /// Whether anything was written so far (else [`Self::commit`] commits nothing).
    pub fn wrote(&self) -> bool {
        self.tx.written() != self.start
    }

    /// Commits everything applied (one fsync under `synchronous=FULL`), or, when nothing was
    /// written (only views, refusals or duplicates), ends the transaction without a commit.
    pub fn commit(self) -> Result<(), TableError> {
        if !self.wrote() {
            self.tx.rollback()?;
        } else {
            self.tx.commit()?;
        }
        self.states.publish();
        Ok(())
    }
}

/// The active session of `channel` (or its latest ended one) as JSON (see [`Table::state_json`]).
/// A channel's running session as its buttons and menus see it: a component stamped with
/// another session, an earlier version (`c:`/`s:` ids) or a decision not in `open` is settled;
/// the front end retires it (disables it on the message that carries it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The running session.
    pub session: i64,
    /// Its state version.
    pub version: i64,
    /// The keys of the decisions it waits for.
    pub open: Vec<String>,
}

impl Standing {
    /// True when a component of `session`, valid for `lifetime`, still answers something.
    pub fn live(&self, session: i64, lifetime: &Lifetime) -> bool {
        session == self.session
            && match lifetime {
                Lifetime::Session => true,
                Lifetime::Version(v) => *v == self.version,
                Lifetime::Decision(k) => self.open.iter().any(|o| o == k),
            }
    }
}

fn standing_in(
    tx: &Tx,
    games: &Registry,
    states: &States,
    channel: &str,
) -> Result<Option<Standing>, TableError> {
    let Some(s) = store::session_active(tx, channel)? else {
        return Ok(None);
    };
    let open = match games.find(&s.game) {
        Some(g) => {
            let state = states.of(g, &s).map_err(dyn_err)?.state;
            g.decisions(&state)
                .map_err(dyn_err)?
                .into_iter()
                .map(|d| d.key)
                .collect()
        }
        None => vec![],
    };
    Ok(Some(Standing {
        session: s.id,
        version: s.version,
        open,
    }))
}

fn state_json_in(
    tx: &Tx,
    games: &Registry,
    states: &States,
    channel: &str,
) -> Result<Option<Value>, TableError> {
    let Some(s) = store::session_active(tx, channel)?.or(store::session_latest(tx, channel)?)
    else {
        return Ok(None);
    };
    let state = match games.find(&s.game) {
        Some(g) => g
            .to_value(&states.of(g, &s).map_err(dyn_err)?.state)
            .map_err(dyn_err)?,
        None => serde_json::from_str::<Value>(&s.state)?,
    };
    Ok(Some(serde_json::json!({
        "session": s.id,
        "channel": s.channel,
        "game": s.game,
        "host": s.host,
        "seed": s.seed,
        "version": s.version,
        "active": s.active,
        "state": state,
    })))
}

/// Routes a request: a component press, `/roll`, `/game …`, or a game's command.
fn dispatch(tx: &Tx, games: &Registry, seeds: SeedMode, cx: &Cx) -> Result<Vec<Reply>, Fail> {
    // On PostgreSQL, another process may serve this channel too (a reshard, a failover): it
    // waits here until this request commits, and then reads what this one wrote.
    store::lock_channel(tx, &cx.req.channel)?;
    // The languages chosen here, read with the channel's row (one statement on every request).
    let languages = store::channel_languages(tx, &cx.req.channel, &cx.req.actor.id.0)?;
    if let Some(l) = &languages {
        cx.readers.set(chosen_readers(
            cx.req,
            l.channel.as_deref(),
            l.user.as_deref(),
        ));
        // The server's language, kept for what answers no interaction (reminders): noted
        // here, written with the request's own changes.
        let server = cx.req.locale.server.code();
        cx.server_language_new
            .set(cx.req.guild.is_some() && l.server.as_deref() != Some(server));
    }
    let cmd = match &cx.req.input {
        Input::Command(c) => c,
        Input::Component {
            session,
            lifetime,
            command,
        } => {
            let s = match store::session_get(tx, *session)? {
                Some(s) if s.active && s.channel == cx.req.channel => s,
                // A button carried into another channel (a forwarded or quoted message): its
                // game may well be running there, so it is not called ended.
                Some(s) if s.channel != cx.req.channel => {
                    return Err(Fail::said(
                        Phrase::new("table-button-elsewhere")
                            .arg("channel", format!("<#{}>", s.channel)),
                    ))
                }
                Some(_) => {
                    return Err(Fail::said(
                        Phrase::new("table-button-gone").arg("why", "ended"),
                    ))
                }
                None => {
                    return Err(Fail::said(
                        Phrase::new("table-button-gone").arg("why", "unknown"),
                    ))
                }
            };
            match lifetime {
                Lifetime::Session => {}
                Lifetime::Version(v) if *v == s.version => {}
                Lifetime::Version(_) => {
                    return Err(Fail::said(
                        Phrase::new("table-button-gone").arg("why", "moved-on"),
                    ));
                }
                Lifetime::Decision(key) => {
                    if let Some(game) = games.find(&s.game) {
                        still_open(tx, cx.states, game, &s, key, &cx.req.actor)?;
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
    if languages.is_none() {
        new_channel(tx, seeds, cx)?;
    }
    match cmd.root() {
        "roll" => super::generic::roll(tx, games, cx.req, cmd, cx.now),
        "game" => {
            super::generic::game_command(tx, cx.states, games, cx.req, cmd, cx.now, &cx.readers)
        }
        "help" => Ok(vec![super::help::answer(games, &cx.req.actor, cmd)?]),
        name => {
            let Some(game) = games.find(name) else {
                return Err(Fail::said(
                    Phrase::new("table-no-command").arg("command", format!("/{name}")),
                ));
            };
            if cmd.sub() == "new" {
                close_if_over(tx, cx.states, games, &cx.req.channel, cx.now)?;
            }
            game_command(tx, games, game, cx, cmd)
        }
    }
}

/// Refuses a command with words after its subcommand (`/ninja enter Fox`): values are given
/// as `name:value`, and the refusal shows the spelling that works.
fn stray_words(games: &Registry, cmd: &Command) -> Result<(), Fail> {
    let Some(spec) = games.declaration(cmd.root()) else {
        return Ok(());
    };
    let rest = &cmd.path[1..];
    for n in (0..rest.len()).rev() {
        let Some(leaf) = spec.leaf(&rest[..n]) else {
            continue;
        };
        // Quoted in the case they were typed (`Red Fox`), which the path lower-cases.
        let stray = rest.len() - n;
        let spelled = cmd.spelled.as_deref().unwrap_or(&cmd.path);
        let words = spelled[spelled.len().saturating_sub(stray)..].join(" ");
        // Named as the user typed it (`nwcombat attack`, not the game's `nw combat attack`).
        let typed = cmd.typed.as_ref().unwrap_or(&cmd.path);
        let known = typed[..typed.len() - stray].join(" ");
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

/// Closes the channel's session if its game is over, so a new game can start (state and log
/// stay); the game releases whatever the session still holds in the shared state.
fn close_if_over(
    tx: &Tx,
    states: &States,
    games: &Registry,
    channel: &str,
    now: i64,
) -> Result<(), Fail> {
    if let Some(s) = store::session_active(tx, channel)? {
        if let Some(g) = games.find(&s.game) {
            if g.is_over(&states.of(g, &s)?.state)? {
                let system = Actor {
                    id: UserId::new(SYSTEM_USER),
                    name: "Croupier".into(),
                    manager: true,
                };
                end_session(
                    tx,
                    states,
                    g,
                    &s,
                    &system,
                    &Summary::phrase(Phrase::new("table-log-closed")),
                    None,
                    now,
                )?;
            }
        }
    }
    Ok(())
}

/// Creates the channel row (and its dice RNG) the first time a channel is seen. A channel the
/// database already knows keeps its generator where it is: a console restarted with the same
/// `--seed` continues the dice instead of replaying them.
fn new_channel(tx: &Tx, seeds: SeedMode, cx: &Cx) -> Result<(), Fail> {
    let seed = match seeds {
        SeedMode::Random => rand::random::<u64>(),
        SeedMode::Fixed(s) => channel_seed(s, &cx.req.channel),
    };
    store::channel_insert(
        tx,
        &cx.req.channel,
        cx.req.guild.as_deref(),
        seed as i64,
        cx.now,
    )?;
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

fn game_command(
    tx: &Tx,
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
            return Err(Fail::said(
                Phrase::new("table-game-running")
                    .arg("game", title)
                    .arg("host", format!("<@{}>", s.host)),
            ));
        }
        return create_session(tx, game, cx, cmd);
    }
    // Commands that need no session (e.g. a guild roster), as declared (`#[cmd(guild)]`).
    if game.command().is_guild(cmd) {
        let before = load_shared(tx, cx.states, game, req.guild.as_deref()).map_err(Fail::Error)?;
        let mut shared = before.clone();
        let mut rng = channel_rng(tx, &req.channel)?;
        let actor = with_host(
            &req.actor,
            active.as_ref().filter(|s| s.game == game.name()),
        );
        let place = Place {
            channel: req.channel.clone(),
            session: active.as_ref().map(|s| s.id),
        };
        let replies = game.global(
            DynCtx {
                rng: &mut rng,
                now: cx.now,
                shared: Some(&mut shared),
                place: &place,
            },
            &actor,
            cmd,
        )?;
        save_channel_rng(tx, &req.channel, &rng)?;
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
                summary: &summary.text,
                visibility: "public",
                request_id: Some(&req.request_id),
                at: cx.now,
                restore: None,
                said: summary.said.as_deref(),
            },
        )?;
        let guild = req.guild.as_deref();
        record_effect(tx, cx.states, game, guild, &before, &shared, id)?;
        let gms = active
            .as_ref()
            .filter(|s| s.game == game.name())
            .map(|s| session_gms(game, s))
            .transpose()?
            .unwrap_or_default();
        return Ok(finish_replies(replies, game, None, &gms, &[]));
    }
    let Some(s) = active else {
        return Err(Fail::said(
            Phrase::new("table-no-game-of")
                .arg("game", title_value(game))
                .arg("name", game.name()),
        ));
    };
    if s.game != game.name() {
        return Err(Fail::said(
            Phrase::new("table-other-game")
                .arg("playing", title_of(&s, games))
                .arg("game", title_value(game))
                .arg("name", s.game.clone()),
        ));
    }
    let actor = with_host(&req.actor, Some(&s));
    let state = cx.states.of(game, &s)?.state;
    let gms = game.gms(&state)?;
    let spec = game.command();
    // `Ok(Err(refusal))` from the game is the refusal; `Err` a state that cannot be read.
    let mut unreadable = None;
    super::declare::check_permission_in(spec, cmd, &actor, &s.host, &gms, || {
        match game.playing(&state, &actor) {
            Ok(r) => r,
            Err(e) => {
                unreadable = Some(e);
                Ok(())
            }
        }
    })?;
    if let Some(e) = unreadable {
        return Err(e.into());
    }
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
    let shared = load_shared(tx, cx.states, game, req.guild.as_deref()).map_err(Fail::Error)?;
    let action = game.parse(&state, &actor, cmd, &shared)?;
    apply_action(
        tx,
        cx.states,
        game,
        &s,
        &actor,
        &action,
        cx.now,
        Some(&req.request_id),
    )
}

fn title_of(s: &SessionRow, games: &Registry) -> SaidValue {
    games
        .find(&s.game)
        .map(title_value)
        .unwrap_or_else(|| SaidValue::Text(s.game.clone()))
}

/// A game's title as the reader reads it: its English as declared, its other languages in the
/// catalogue (`game-title-<name>`, `locales/*/table.ftl`).
pub(super) fn title_value(game: &dyn DynGame) -> SaidValue {
    SaidValue::Declared {
        key: format!("game-title-{}", game.name()),
        text: game.title().to_string(),
    }
}

fn create_session(tx: &Tx, game: &dyn DynGame, cx: &Cx, cmd: &Command) -> Result<Vec<Reply>, Fail> {
    let req = cx.req;
    let mut crng = channel_rng(tx, &req.channel)?;
    let seed = crng.next_u64() >> 1; // fits SQLite's signed integer
    save_channel_rng(tx, &req.channel, &crng)?;
    let mut rng = seeded(seed);
    let mut actor = req.actor.clone();
    actor.manager = true;
    let before = load_shared(tx, cx.states, game, req.guild.as_deref()).map_err(Fail::Error)?;
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
    let state_s = game.to_json(&state)?;
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
    cx.states.made(id, 1, &state, &state_s);
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
            summary: &summary.text,
            visibility: "public",
            request_id: Some(&req.request_id),
            at: cx.now,
            restore: None,
            said: summary.said.as_deref(),
        },
    )?;
    let guild = req.guild.as_deref();
    record_effect(tx, cx.states, game, guild, &before, &shared, log_id)?;
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
