//! The engine of the table: what one request does inside its transaction, below the routing —
//! the request and outcome types, refusals, applying an action and logging it, replaying a log,
//! undo, handing a session over, ending it, and tying buttons to open decisions. The built-in
//! commands (`generic.rs`) and the service (`service.rs`, which routes and commits) both call it;
//! it calls neither.

use super::effects::Effect;
use super::game::{Actor, Decision, DynCtx, DynError, DynGame, DynShared, DynState, Place};
use super::said::{summary_of, Phrase, Said, Summary as LogSummary, Value as SaidValue};
use super::states::States;
use super::text_patch;
use super::RuleError;
use super::{Audience, Command, Message, Reply, Stamp, UserId};
use crate::i18n::{Locale, Readers};
use crate::rng::{seeded, GameRng};
use crate::store::Tx;
use crate::store::{self, SessionRow, StoreError};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The user id the system acts as (reminders, timers).
pub const SYSTEM_USER: &str = "croupier";

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
    /// Who reads the answers, in which language: the actor's private answers in theirs, the
    /// channel's in the server's (Discord: the interaction's `locale` and `guild_locale`; the
    /// console: `--locale`). The table decides nothing by it: front ends render the typed
    /// replies ([`super::Said`]) in it.
    pub locale: Readers,
}

/// The result of a request.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Outcome {
    /// Replies to show.
    pub replies: Vec<Reply>,
    /// False if the request was refused (nothing changed).
    pub accepted: bool,
    /// True if this request id was already handled (the first outcome is returned).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub duplicate: bool,
    /// The languages its replies are read in, when the table's settings (`/game language`: the
    /// channel's, the actor's own) change the request's [`Request::locale`]; `None`: as asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readers: Option<Readers>,
}

impl Outcome {
    /// The languages this outcome's replies are read in, for a request that asked `asked`.
    pub fn readers(&self, asked: Readers) -> Readers {
        self.readers.unwrap_or(asked)
    }

    /// The outcome as stored for a second delivery of its request: a reply's typed words
    /// ([`super::Said`]) are left out when every reader of this request reads English (the
    /// reply's text is the English), so an English `/roll` stores its roll once, for its
    /// picture; a request read in another language keeps them. Nothing is cloned: the words
    /// are taken out for the write and put back.
    pub fn stored_json(&mut self, readers: Readers) -> serde_json::Result<String> {
        if !readers.all_english() {
            return serde_json::to_string(self);
        }
        let said: Vec<_> = self
            .replies
            .iter_mut()
            .map(|r| r.message.said.take())
            .collect();
        let json = serde_json::to_string(self);
        for (r, s) in self.replies.iter_mut().zip(said) {
            r.message.said = s;
        }
        json
    }
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
    /// The group commit this request was part of failed, so nothing it did was saved: why, and
    /// what kind of failure it was.
    #[error("the database could not save this ({0}); nothing was changed, try again")]
    NotSaved(String, Trouble),
}

/// What kind of failure a [`TableError`] is, so a front end can say what happened in words a
/// player understands (a full disk is not "could not reach the table").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trouble {
    /// Another connection held the database (SQLite busy or locked; PostgreSQL lock timeout,
    /// deadlock, serialization failure): trying again later may work.
    Busy,
    /// The database's disk is full (SQLite `SQLITE_FULL`; PostgreSQL `53100 disk_full`).
    DiskFull,
    /// The table has stopped (shutting down).
    Closed,
    /// Anything else.
    Other,
}

impl TableError {
    /// What kind of failure this is.
    pub fn trouble(&self) -> Trouble {
        match self {
            TableError::Store(e) => e.trouble(),
            TableError::Closed => Trouble::Closed,
            TableError::NotSaved(_, t) => *t,
            TableError::Corrupt(_) | TableError::Refused(_) => Trouble::Other,
        }
    }
}

impl StoreError {
    /// What kind of failure this is (see [`Trouble`]).
    pub fn trouble(&self) -> Trouble {
        match self {
            StoreError::Sqlite(e) | StoreError::Migration { source: e, .. } => {
                match e.sqlite_error_code() {
                    Some(rusqlite::ErrorCode::DiskFull) => Trouble::DiskFull,
                    Some(
                        rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked,
                    ) => Trouble::Busy,
                    _ => Trouble::Other,
                }
            }
            StoreError::Postgres(e)
            | StoreError::Connect { cause: e, .. }
            | StoreError::PgMigration { cause: e, .. } => {
                use postgres::error::SqlState;
                match e.code() {
                    Some(c) if *c == SqlState::DISK_FULL => Trouble::DiskFull,
                    Some(c)
                        if *c == SqlState::LOCK_NOT_AVAILABLE
                            || *c == SqlState::T_R_DEADLOCK_DETECTED
                            || *c == SqlState::T_R_SERIALIZATION_FAILURE =>
                    {
                        Trouble::Busy
                    }
                    _ => Trouble::Other,
                }
            }
            StoreError::Busy { .. } => Trouble::Busy,
            _ => Trouble::Other,
        }
    }
}

impl From<rusqlite::Error> for TableError {
    fn from(e: rusqlite::Error) -> Self {
        TableError::Store(StoreError::Sqlite(e))
    }
}

/// Internal: a refusal or a real failure.
pub(super) enum Fail {
    Refused(String),
    /// A refusal in typed words (written in the actor's language).
    Said(Phrase),
    /// A refusal that also offers what can be done now (private replies for the actor).
    RefusedWith(Box<Phrase>, Vec<Reply>),
    Error(TableError),
}

impl From<RuleError> for Fail {
    fn from(e: RuleError) -> Self {
        match e.2 {
            Some(p) => Fail::Said(*p),
            None => Fail::Refused(e.0),
        }
    }
}

impl Fail {
    /// A refusal in typed words.
    pub(super) fn said(phrase: Phrase) -> Fail {
        Fail::Said(phrase)
    }

    /// A refusal as the rules' error, its typed words kept; a failure that is no refusal
    /// stays the table's error.
    pub(super) fn into_rule_error(self) -> Result<RuleError, TableError> {
        match self {
            Fail::Refused(m) => Ok(RuleError::new(m)),
            Fail::Said(p) => Ok(RuleError::said(super::Refusal::Rules, p)),
            Fail::RefusedWith(p, _) => Ok(RuleError::said(super::Refusal::Rules, *p)),
            Fail::Error(e) => Err(e),
        }
    }

    /// A refusal's English text (`None` for a failure that is no refusal).
    pub(super) fn refusal(&self) -> Option<String> {
        match self {
            Fail::Refused(m) => Some(m.clone()),
            Fail::Said(p) => Some(p.text(Locale::En)),
            Fail::RefusedWith(p, _) => Some(p.text(Locale::En)),
            Fail::Error(_) => None,
        }
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
            DynError::Rule(r) => r.into(),
            DynError::Corrupt(j) => Fail::Error(j.into()),
        }
    }
}

pub(super) fn refused<T>(msg: impl Into<String>) -> Result<T, Fail> {
    Err(Fail::Refused(msg.into()))
}

pub(super) fn dyn_err(e: DynError) -> TableError {
    match e {
        DynError::Corrupt(j) => TableError::Corrupt(j),
        DynError::Rule(r) => TableError::Refused(r),
    }
}

/// After a due wake-up that did nothing (the game wanted no action, or its rules refused it):
/// the session wakes next when its state says, if that is later than `now` (never again at
/// `now`, which would fire in a loop). The state is unchanged, so its version stays.
pub(super) fn reschedule_wakeup(
    tx: &Tx,
    game: &dyn DynGame,
    state: &DynState,
    s: &SessionRow,
    now: i64,
) -> Result<(), TableError> {
    let next = game
        .next_wakeup(state)
        .map_err(dyn_err)?
        .filter(|&t| t > now);
    store::session_set_wakeup(tx, s.id, s.version, next, now)?;
    Ok(())
}

/// The guild's shared state of a game, to change: on PostgreSQL it is locked first, so its
/// read, change and write cannot interleave with another process's (see [`read_shared`]).
pub(super) fn load_shared(
    tx: &Tx,
    states: &States,
    game: &dyn DynGame,
    guild: Option<&str>,
) -> Result<DynShared, TableError> {
    store::lock_shared(tx, guild.unwrap_or("dm"), game.name())?;
    read_shared(tx, states, game, guild)
}

/// The guild's shared state of a game, in the game's type ([`DynGame::load_shared`]).
/// Read once per version: later reads come from `states`, so a copy another process has
/// since changed (a new version) is never served.
pub(super) fn read_shared(
    tx: &Tx,
    states: &States,
    game: &dyn DynGame,
    guild: Option<&str>,
) -> Result<DynShared, TableError> {
    let key = guild.unwrap_or("dm");
    let Some(version) = store::shared_version(tx, key, game.name())? else {
        return Ok(game.default_shared());
    };
    if let Some(v) = states.shared(key, game.name(), version) {
        return Ok(v);
    }
    let Some(text) = store::shared_get(tx, key, game.name())? else {
        return Ok(game.default_shared());
    };
    let v = game.load_shared(&text).map_err(dyn_err)?;
    states.shared_seen(key, game.name(), version, v.clone(), text.len());
    Ok(v)
}

/// Saves a changed shared state and records the change as the effect of log entry `log_id`,
/// in the caller's transaction. Nothing happens when no call changed `before` into `after`
/// ([`DynShared::same`]), or when their JSON is the same. The effect is worked out between
/// the two states as their game's type writes them ([`DynGame::shared_value`]), so it holds
/// only what the action changed.
pub(super) fn record_effect(
    tx: &Tx,
    states: &States,
    game: &dyn DynGame,
    guild: Option<&str>,
    before: &DynShared,
    after: &DynShared,
    log_id: i64,
) -> Result<(), Fail> {
    if before.same(after) {
        return Ok(());
    }
    let key = guild.unwrap_or("dm");
    let after_v = game.shared_value(after)?;
    if let Some(effect) = Effect::between(game.name(), key, &game.shared_value(before)?, &after_v) {
        let json = serde_json::to_string(&after_v)?;
        let version = store::shared_put(tx, key, game.name(), &json)?;
        states.shared_seen(key, game.name(), version, after.clone(), json.len());
        store::log_set_effects(tx, log_id, &serde_json::to_string(&effect)?)?;
    }
    Ok(())
}

/// Ends a session in its transaction: the game releases what the session holds in the shared
/// state ([`DynGame::end_session`]), the session is marked ended, and an `end` entry logs the
/// release as its effect. Returns the game's replies about the release.
#[allow(clippy::too_many_arguments)]
pub(super) fn end_session(
    tx: &Tx,
    states: &States,
    game: &dyn DynGame,
    s: &SessionRow,
    actor: &Actor,
    summary: &Summary,
    request_id: Option<&str>,
    now: i64,
) -> Result<Vec<Reply>, Fail> {
    let before = load_shared(tx, states, game, s.guild.as_deref()).map_err(Fail::Error)?;
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
            summary: &summary.text,
            visibility: "public",
            request_id,
            at: now,
            restore: None,
            said: summary.said.as_deref(),
        },
    )?;
    record_effect(tx, states, game, s.guild.as_deref(), &before, &after, id)?;
    Ok(replies)
}

/// Passes when the decision `key` a component answers is still open for `actor` (or for
/// someone the rules may let them answer for); otherwise refuses with what settled it and
/// offers the buttons that are live now.
pub(super) fn still_open(
    tx: &Tx,
    states: &States,
    game: &dyn DynGame,
    s: &SessionRow,
    key: &str,
    actor: &Actor,
) -> Result<(), Fail> {
    let state = states.of(game, s)?.state;
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
        Some(d) => Phrase::new("table-button-settled")
            .arg("label", SaidValue::from_stored(&d.label))
            .arg("log", d.log_id)
            .arg("actor", d.actor_name.clone())
            .arg(
                "summary",
                summary_value(d.summary.trim_end_matches('.'), d.said.as_deref()),
            ),
        None => Phrase::new("table-button-not-waited"),
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
        Phrase::new("table-button-stale-nothing").arg("why", why)
    } else {
        Phrase::new("table-button-stale-open").arg("why", why)
    };
    Err(Fail::RefusedWith(Box::new(why), now_open))
}

/// Loads the channel's dice RNG: ChaCha8 seeded from the channel's seed, at its stored word
/// position (`migrations/0009_channel_rng_position.sql`).
pub(super) fn channel_rng(tx: &Tx, channel: &str) -> Result<GameRng, Fail> {
    let row = store::channel_get(tx, channel)?
        .ok_or_else(|| Fail::Error(TableError::Store(StoreError::Conflict)))?;
    let pos = u128::try_from(row.rng_pos).map_err(|_| {
        StoreError::Invalid(format!(
            "the database holds a negative dice position ({}) for channel {channel}",
            row.rng_pos
        ))
    })?;
    Ok(crate::rng::at(row.seed as u64, pos))
}

/// Saves where the channel's dice RNG is.
pub(super) fn save_channel_rng(tx: &Tx, channel: &str, rng: &GameRng) -> Result<(), Fail> {
    // A position is 32 words per 2d6 roll at most; 2^63 of them is never reached.
    let pos = i64::try_from(rng.get_word_pos()).map_err(|_| {
        StoreError::Invalid(format!("a dice position past 2^63 for channel {channel}"))
    })?;
    store::channel_save_rng(tx, channel, pos)?;
    Ok(())
}

/// The session's GMs: its host, the game's GMs.
/// The game's part is read from the row's `gms` column, written with the state (the whole
/// state is read only for a session saved before that column existed).
pub(super) fn session_gms(game: &dyn DynGame, s: &SessionRow) -> Result<Vec<UserId>, Fail> {
    let named: Vec<UserId> = match &s.gms {
        Some(json) => serde_json::from_str(json)?,
        None => game.gms(&game.load(&s.state)?)?,
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
pub(super) fn save_gms(
    tx: &Tx,
    game: &dyn DynGame,
    s: &SessionRow,
    state: &DynState,
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

/// Logged form of an action.
#[derive(Serialize, Deserialize)]
pub(super) struct LoggedAction {
    pub(super) actor: Actor,
    pub(super) action: Value,
    /// Set when the entry hands the table to this user (`/game host`) instead of an action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) host: Option<UserId>,
}

/// What undo needs to put a session back as it was before a log entry (`log.restore`,
/// `migrations/0011_log_restore.sql`), written in the entry's transaction. Undo applies it to
/// the session as it stands: the cost does not grow with the log, and the log need not replay
/// under today's rules, so a game begun before an update keeps its undo.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Restore {
    /// RFC 6902 patch from the state after the entry to the state before it, its changes
    /// guarded by `test` operations of the values the entry left.
    state: json_patch::Patch,
    /// The session generator's word position before the entry (the session's generator is
    /// its seed's ChaCha8 at a position), so the same action rolls the same dice again.
    rng: u128,
    /// The host before the entry, when the entry changed it (`/game host`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    host: Option<String>,
}

impl Restore {
    /// The way back from the state `after` to the state `before` (both as [`DynGame::to_json`]
    /// writes them), the generator `rng_before`, and the host `host_before` when it differs
    /// from the host after. Each value the way back replaces or removes is first tested to be
    /// what the entry left, so a state changed since (by hand, or by a bug) refuses the undo
    /// instead of taking a patch meant for another state; parts the entry did not touch (a
    /// field an update added since) are free to differ. Worked out from the two texts
    /// ([`text_patch::way_back`]): an action's cost does not include converting both states.
    pub(super) fn between(
        before: &str,
        after: &str,
        rng_before: &GameRng,
        host_before: Option<&str>,
    ) -> Result<String, Fail> {
        let restore = Restore {
            state: text_patch::way_back(after, before)?,
            rng: rng_before.get_word_pos(),
            host: host_before.map(str::to_string),
        };
        Ok(serde_json::to_string(&restore)?)
    }

    /// The session as it was before the entry: its state, generator and host. Refused, saying
    /// why, when the stored way back does not fit the session as it stands.
    fn apply(
        json: &str,
        game: &dyn DynGame,
        s: &SessionRow,
        current: &DynState,
    ) -> Result<(DynState, GameRng, String), Fail> {
        let restore: Restore = serde_json::from_str(json)?;
        let mut state = game.to_value(current)?;
        let unfit = |why: String| {
            Fail::Refused(format!(
                "the last action cannot be undone: the state it left no longer matches what was stored to take it back ({why}). The game itself goes on (`/game status`)."
            ))
        };
        json_patch::patch(&mut state, &restore.state).map_err(|e| unfit(e.to_string()))?;
        let state = game.load_value(&state).map_err(|e| unfit(e.to_string()))?;
        let rng = crate::rng::at(s.seed as u64, restore.rng);
        Ok((state, rng, restore.host.unwrap_or_else(|| s.host.clone())))
    }
}

/// Appends a session's action entry (an action, or a hand-over) to the log, with what undo
/// needs to take it back ([`Restore`]); returns its id.
#[allow(clippy::too_many_arguments)]
pub(super) fn log_action(
    tx: &Tx,
    s: &SessionRow,
    la: &LoggedAction,
    summary: &Summary,
    request_id: Option<&str>,
    now: i64,
    restore: &str,
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
            summary: &summary.text,
            visibility: "public",
            request_id,
            at: now,
            restore: Some(restore),
            said: summary.said.as_deref(),
        },
    )?)
}

/// Applies a parsed action to a session, logs it and saves the state.
#[allow(clippy::too_many_arguments)]
pub(super) fn apply_action(
    tx: &Tx,
    states: &States,
    game: &dyn DynGame,
    s: &SessionRow,
    actor: &Actor,
    action: &Value,
    now: i64,
    request_id: Option<&str>,
) -> Result<Vec<Reply>, Fail> {
    let old = states.of(game, s)?;
    let state = &old.state;
    let mut rng: GameRng = serde_json::from_str(&s.rng)?;
    let rng_before = rng.clone();
    let guild = s.guild.as_deref();
    let before = load_shared(tx, states, game, guild).map_err(Fail::Error)?;
    let mut shared = before.clone();
    let place = Place {
        channel: s.channel.clone(),
        session: Some(s.id),
    };
    let (new_state, replies) = game.apply(
        state,
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
    if over && !game.is_over(state)? {
        game.end_session(&mut shared, &place)?;
    }
    let rng_s = serde_json::to_string(&rng)?;
    let state_s = game.to_json(&new_state)?;
    // The state before as stored text, for telling an unchanged state and for the way back.
    let before_s = if old.canonical {
        std::borrow::Cow::Borrowed(s.state.as_str())
    } else {
        std::borrow::Cow::Owned(game.to_json(state)?)
    };
    if state_s == before_s && rng_s == s.rng && shared.same(&before) {
        // Nothing changed (a view such as a status or a sheet): no new version, no log entry,
        // so buttons on earlier messages stay valid.
        let gms = session_gms(game, s)?;
        let open = game.decisions(state)?;
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
    let wakeup = if over {
        None
    } else {
        game.next_wakeup(&new_state)?
    };
    let restore = Restore::between(&before_s, &state_s, &rng_before, None)?;
    let version = store::session_update(tx, s.id, s.version, &state_s, &rng_s, wakeup, now)?;
    states.made(s.id, version, &new_state, &state_s);
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
        &restore,
    )?;
    record_effect(tx, states, game, guild, &before, &shared, log_id)?;
    // Every so many actions a snapshot bounds what undo has to replay.
    if version % SNAPSHOT_EVERY == 0 {
        store::snapshot_put(
            tx,
            s.id,
            &store::Snapshot {
                log_id,
                state: state_s.clone(),
                rng: rng_s.clone(),
                host: s.host.clone(),
            },
        )?;
    }
    // Decisions this action settled: a late press of their buttons is told what happened.
    let open = game.decisions(&new_state)?;
    for d in game.decisions(state)? {
        if !open.iter().any(|o| o.key == d.key && o.who == d.who) {
            store::decision_settle(
                tx,
                s.id,
                &d.key,
                d.who.as_ref().map(|w| w.0.as_str()),
                &d.label.stored(),
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
    tx: &Tx,
    game: &dyn DynGame,
    s: &SessionRow,
) -> Result<(Value, GameRng), Fail> {
    let log = store::log_session(tx, s.id)?;
    replay_log(game, s.seed, &s.channel, s.id, &log)
}

/// How many actions (session versions) apart the snapshots are.
pub(super) const SNAPSHOT_EVERY: i64 = 200;

/// Replays the session from its latest snapshot (or its start): the state, RNG and host the
/// log leads to. The host is whoever the log says: the opener (or the snapshot's), then each
/// hand-over still standing.
pub(super) fn replay_since_snapshot(
    tx: &Tx,
    game: &dyn DynGame,
    s: &SessionRow,
) -> Result<(DynState, GameRng, String), Fail> {
    let snap = store::snapshot_latest(tx, s.id)?;
    let log = store::log_session_after(tx, s.id, snap.as_ref().map(|p| p.log_id))?;
    let (start, host) = match snap {
        Some(p) => (
            Some((game.load(&p.state)?, serde_json::from_str(&p.rng)?)),
            p.host,
        ),
        None => (None, s.host.clone()),
    };
    let (state, rng) = replay_from(game, start, s.seed, &s.channel, s.id, &log)?;
    let host = log
        .iter()
        .filter(|e| !e.undone)
        .fold(host, |host, e| match e.kind.as_str() {
            "new" => e.actor.clone(),
            "action" => serde_json::from_str::<LoggedAction>(&e.payload)
                .ok()
                .and_then(|la| la.host)
                .map(|u| u.0)
                .unwrap_or(host),
            _ => host,
        });
    Ok((state, rng, host))
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
    let (state, rng) = replay_from(game, None, seed, channel, session, log)?;
    Ok((game.to_value(&state)?, rng))
}

/// Replays `log` from `start` (a snapshot's state and RNG), or from the session's `new` entry
/// and `seed` when there is none.
pub(super) fn replay_from(
    game: &dyn DynGame,
    start: Option<(DynState, GameRng)>,
    seed: i64,
    channel: &str,
    session: i64,
    log: &[store::LogRow],
) -> Result<(DynState, GameRng), Fail> {
    let from_snapshot = start.is_some();
    let (mut state, mut rng) = match start {
        Some((st, rng)) => (Some(st), rng),
        None => (None, seeded(seed as u64)),
    };
    // The shared state is not replayed: each entry's effect was applied once, when it happened,
    // and an undo reverses it explicitly.
    let mut place = Place {
        channel: channel.to_string(),
        session: from_snapshot.then_some(session),
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
#[allow(clippy::too_many_arguments)]
pub(super) fn hand_over(
    tx: &Tx,
    states: &States,
    game: &dyn DynGame,
    s: &SessionRow,
    actor: &Actor,
    to: &UserId,
    request_id: &str,
    now: i64,
) -> Result<Vec<Reply>, Fail> {
    if to.0 == s.host {
        return Err(Fail::said(
            Phrase::new("table-host-already").arg("who", to.mention()),
        ));
    }
    if to.0 == SYSTEM_USER {
        return Err(Fail::said(Phrase::new("table-host-not-bot")));
    }
    let old = states.of(game, s)?;
    let new_state = game.hand_over(&old.state, to)?;
    let rng: GameRng = serde_json::from_str(&s.rng)?;
    let state_s = game.to_json(&new_state)?;
    let before_s = if old.canonical {
        s.state.clone()
    } else {
        game.to_json(&old.state)?
    };
    let restore = Restore::between(&before_s, &state_s, &rng, Some(&s.host))?;
    let version = store::session_update(
        tx,
        s.id,
        s.version,
        &state_s,
        &s.rng,
        game.next_wakeup(&new_state)?,
        now,
    )?;
    states.made(s.id, version, &new_state, &state_s);
    store::session_set_host(tx, s.id, &to.0)?;
    let summary = Summary::phrase(
        Phrase::new("table-log-host")
            .arg("who", actor.name.as_str())
            .arg("to", to.mention()),
    );
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
        &restore,
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
            Message::said(Said::Phrase(
                Phrase::titled("table-host-title", "table-host")
                    .arg("who", actor.name.as_str())
                    .arg("game", game.title())
                    .arg("to", to.mention()),
            ))
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

/// Undoes the last action of the active session: puts back the state, dice position and host
/// the entry stored for it ([`Restore`]). An entry written before stored states
/// (`migrations/0011_log_restore.sql`) is taken back by replaying the log without it, which
/// only works while the log still replays to the state the table shows.
pub(super) fn undo(
    tx: &Tx,
    states: &States,
    game: &dyn DynGame,
    s: &SessionRow,
    actor: &Actor,
    request_id: &str,
    now: i64,
) -> Result<Vec<Reply>, Fail> {
    let Some(last) = store::log_last_action(tx, s.id)? else {
        return Err(Fail::said(Phrase::new("table-undo-nothing")));
    };
    let current = states.of(game, s)?;
    let restored = match &last.restore {
        Some(r) => Some(Restore::apply(r, game, s, &current.state)?),
        None => {
            // Without a stored state, undo rebuilds the state by replaying the log (from the
            // latest snapshot); that is only right if the log still replays to the state the
            // table shows. A game begun before an update changed its rules may not: then undo
            // of these older entries is refused (the game itself goes on) rather than
            // rewriting history.
            let stored = game.replay_json(&current.state)?;
            let replays = matches!(replay_since_snapshot(tx, game, s), Ok((st, _, _)) if game.replay_json(&st)? == stored);
            if !replays {
                return refused(format!(
                    "this action of {} was taken before Croupier kept what undo needs with each action, and an update since changed how it plays out, so the log no longer replays to the table as it stands; undo cannot go back past it. The game itself goes on (`/game status`).",
                    game.title()
                ));
            }
            None
        }
    };
    // The action's change to the guild's shared state is reversed in this transaction, or the
    // undo is refused (nothing changes) if another channel changed the same records since.
    let mut put_back = vec![];
    if let Some(effects) = &last.effects {
        let effect: Effect = serde_json::from_str(effects)?;
        let current = load_shared(tx, states, game, Some(&effect.guild)).map_err(Fail::Error)?;
        let restored = effect
            .undo(&game.shared_value(&current)?)
            .map_err(Fail::Refused)?;
        if let Some(problem) = game.shared_problem(&game.load_shared_value(&restored)?)? {
            return refused(format!("{problem} Nothing was undone."));
        }
        store::shared_put(
            tx,
            &effect.guild,
            &effect.game,
            &serde_json::to_string(&restored)?,
        )?;
        put_back = effect.names();
    }
    store::log_mark_undone(tx, last.id)?;
    store::snapshots_drop_from(tx, s.id, last.id)?;
    let (state, rng, host) = match restored {
        Some(r) => r,
        None => replay_since_snapshot(tx, game, s)?,
    };
    if host != s.host {
        store::session_set_host(tx, s.id, &host)?;
    }
    let wakeup = game.next_wakeup(&state)?;
    let state_s = game.to_json(&state)?;
    let version = store::session_update(
        tx,
        s.id,
        s.version,
        &state_s,
        &serde_json::to_string(&rng)?,
        wakeup,
        now,
    )?;
    states.made(s.id, version, &state, &state_s);
    let undone = logged_summary(&last);
    let summary = Summary::phrase(
        Phrase::new("table-log-undid")
            .arg("log", last.id)
            .arg("by", last.actor_name.as_str())
            .arg("summary", undone.clone()),
    );
    store::log_append(
        tx,
        &store::NewLog {
            channel: &s.channel,
            session_id: Some(s.id),
            kind: "undo",
            actor: &actor.id.0,
            actor_name: &actor.name,
            payload: &serde_json::json!({ "undone": last.id }).to_string(),
            summary: &summary.text,
            visibility: "public",
            request_id: Some(request_id),
            at: now,
            restore: None,
            said: summary.said.as_deref(),
        },
    )?;
    let undid = Phrase::titled("table-undone-title", "table-undone")
        .arg("who", actor.name.as_str())
        .arg("log", last.id)
        .arg("by", last.actor_name.as_str())
        .arg("summary", undone);
    let mut msg = Message::said(Said::Phrase(if put_back.is_empty() {
        undid
    } else {
        let shown: Vec<&str> = put_back.iter().take(8).map(String::as_str).collect();
        let more = put_back.len().saturating_sub(shown.len()) as i64;
        Phrase {
            key: "table-undone-put-back".into(),
            ..undid
        }
        .arg("records", shown.join(", "))
        .arg("more", more)
    }));
    msg.stamp = Some(Stamp {
        session: s.id,
        version,
    });
    let mut out = vec![Reply::public(msg)];
    let mut row = s.clone();
    row.gms = Some(save_gms(tx, game, s, &state)?);
    row.state = state_s;
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

/// A log entry's summary: its English, and the typed words it was written from as JSON (read
/// by `/game log` and `/game undo` in each reader's language).
pub(super) struct Summary {
    /// English, as the log's `summary`.
    pub text: String,
    /// JSON of the [`Said`] it was written from, if it has one of at most [`SAID_BYTES`].
    pub said: Option<String>,
}

/// The most bytes of typed words a log entry keeps (a longer reply's entry reads in English).
const SAID_BYTES: usize = 4096;

impl Summary {
    /// The summary of a message with this title, text and typed words.
    fn of(title: Option<&str>, body: &str, said: Option<&Said>) -> Self {
        Summary {
            text: summary_of(title, body),
            said: said.and_then(|s| {
                serde_json::to_string(s)
                    .ok()
                    .filter(|j| j.len() <= SAID_BYTES)
            }),
        }
    }

    /// A summary in the catalogue's words.
    pub(super) fn phrase(p: Phrase) -> Self {
        let said = Said::Phrase(p);
        Summary::of(None, &said.summary(Locale::En), Some(&said))
    }
}

/// A one-line public summary of what happened (never from private replies).
pub(super) fn summarize(replies: &[Reply]) -> Summary {
    match replies.iter().find(|r| r.is_public()) {
        Some(r) => {
            let m = &r.message;
            Summary::of(m.title.as_deref(), &m.body, m.said.as_ref())
        }
        None => Summary::phrase(Phrase::new("table-log-private")),
    }
}

/// A logged entry's summary as a catalogue value: in English as the log wrote it, in another
/// language from its typed words (an entry without them reads in English).
pub(super) fn logged_summary(r: &store::LogRow) -> SaidValue {
    summary_value(&r.summary, r.said.as_deref())
}

/// A log entry's summary as a value: `english` as the log wrote it, and in other languages
/// from the typed words (`said`, JSON) it was written from, if the entry kept them.
pub(super) fn summary_value(english: &str, said: Option<&str>) -> SaidValue {
    match said.and_then(|j| serde_json::from_str::<Said>(j).ok()) {
        Some(words) => SaidValue::Summary(Box::new(LogSummary {
            english: english.to_string(),
            words,
        })),
        None => SaidValue::Text(english.to_string()),
    }
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
pub(super) fn top_level_names(game: &dyn DynGame) -> Vec<(String, String)> {
    game.command()
        .subcommands
        .iter()
        .filter_map(|s| Some((s.top_level.clone()?, format!("{} {}", game.name(), s.name))))
        .collect()
}

/// The key of the open decision `command` answers: one waiting for someone the message is
/// shown to if there is one, else the first.
pub(super) fn decision_for(
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
