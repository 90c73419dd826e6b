//! The `Game` trait every game implements, and its type-erased form the table service uses.
//!
//! A game is pure: `state + actor + action + rng (+ now) → new state + replies`, or a
//! [`RuleError`] that explains itself to a player and changes nothing.

use std::any::Any;
use std::fmt::Debug;
use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use super::error::{refuse_said, DataError, RuleError};
use super::said::Phrase;
use super::typed::Commands;
use super::{Choice, Command, CommandSpec, Reply, UserId};
use crate::rng::GameRng;

/// Something the game waits for (a roll, one player's pick, a GM's verdict). Buttons and
/// menus whose command answers it carry its key and stay valid until it is settled, whatever
/// else happens meanwhile; a press after that is refused with what settled it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Stable id, unique within the session for as long as the decision is open and
    /// never reused for a later one (include the scene, turn or round number):
    /// letters, digits, `-` and `.` only.
    pub key: String,
    /// What it is, for people (`Scene 3's roll`), in typed words: a catalogue message read in
    /// each reader's language (a plain text stays as it is). Kept once settled (see
    /// [`Value::stored`](super::said::Value::stored)).
    pub label: super::said::Value,
    /// The player it waits for (`None`: whoever the rules allow).
    pub who: Option<UserId>,
    /// The command paths that answer it, in the game's own spelling (`nw combat dodge`).
    pub commands: Vec<String>,
}

impl Decision {
    /// A decision `key` (`label`: a [`Phrase`](super::said::Phrase) of the catalogue, or a
    /// text) for `who`, answered by `commands` (game paths).
    pub fn new(
        key: impl Into<String>,
        label: impl Into<super::said::Value>,
        who: Option<&UserId>,
        commands: &[&str],
    ) -> Self {
        Decision {
            key: key.into(),
            label: label.into(),
            who: who.cloned(),
            commands: commands.iter().map(|c| c.to_string()).collect(),
        }
    }

    /// True when the key uses only the characters a component id can carry.
    pub fn key_is_valid(key: &str) -> bool {
        !key.is_empty()
            && key.len() <= 40
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
    }

    /// True when `cmd` (in the game's own spelling) answers this decision.
    pub fn answered_by(&self, cmd: &Command) -> bool {
        let path = cmd.path_str();
        self.commands.contains(&path)
    }
}

/// Who is looking at a view or a picture: a user (or nobody: the public view shown to the
/// whole channel) and whether they manage the session. A game works out from its own state
/// what they are at the table (a [`Role`]) in [`Game::view_model`].
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Viewer {
    /// The user (`None`: the public view, which must never show hidden information).
    pub user: Option<UserId>,
    /// The session's host or a channel manager (may act as GM where the game allows it).
    pub manager: bool,
}

impl Viewer {
    /// The public view: what everyone in the channel may see.
    pub fn public() -> Self {
        Viewer::default()
    }

    /// A plain user (not a manager).
    pub fn user(id: &UserId) -> Self {
        Viewer {
            user: Some(id.clone()),
            manager: false,
        }
    }

    /// The acting user as a viewer.
    pub fn of(actor: &Actor) -> Self {
        Viewer {
            user: Some(actor.id.clone()),
            manager: actor.manager,
        }
    }

    /// True when the viewer is `id`.
    pub fn is(&self, id: &UserId) -> bool {
        self.user.as_ref() == Some(id)
    }
}

/// What a viewer is at the table, worked out once by the rules and carried in every view
/// model: the GM (or the host who acts as one), a player in a seat, both, or neither (a
/// spectator, or the public view).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Role {
    /// Sees what the GM sees (hidden enemies, secret rolls, notes).
    pub gm: bool,
    /// Their seat (index in the game's seat order), if they play.
    pub seat: Option<usize>,
}

impl Role {
    /// A spectator (or the public view): no seat, not GM.
    pub fn spectator() -> Self {
        Role::default()
    }
}

/// A stored state that does not fit the game's loaded data (a card index past the deck),
/// found while building a view: the state cannot be shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadState(pub String);

/// Who is acting.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Actor {
    /// User id.
    pub id: UserId,
    /// Display name.
    pub name: String,
    /// The session's host, or a member allowed to manage the channel (may act as GM).
    pub manager: bool,
}

impl Actor {
    /// A plain player (not host or manager).
    pub fn player(id: &str, name: &str) -> Self {
        Actor {
            id: UserId::new(id),
            name: name.to_string(),
            manager: false,
        }
    }
}

/// Where a command runs: its channel and, once it exists, its session. A game records it in
/// the shared state to say where an entity is held (e.g. a ninja entered in a tournament).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Place {
    /// Channel key (a Discord channel id, or the console's channel name).
    pub channel: String,
    /// The session (`None` while a session is being created, and for commands outside one).
    #[serde(default)]
    pub session: Option<i64>,
}

static NOWHERE: Place = Place {
    channel: String::new(),
    session: None,
};

impl Place {
    /// No channel and no session (tests that call a game directly).
    pub fn nowhere() -> &'static Place {
        &NOWHERE
    }

    /// The channel as a mention: `<#CHANNEL_ID>` is how a message names a channel (Discord's docs,
    /// Reference → Message Formatting); it links the channel and notifies nobody. The console
    /// shows it as `#name`.
    pub fn mention(&self) -> String {
        format!("<#{}>", self.channel)
    }
}

/// What an action may use besides the state: the session's RNG, the time, the game's data.
pub struct Ctx<'a, D, S> {
    /// The session's seeded RNG (persisted with the session).
    pub rng: &'a mut GameRng,
    /// Unix time in seconds (injected, so reminders are testable).
    pub now: i64,
    /// The game's loaded card/rules data.
    pub data: &'a D,
    /// Guild-wide shared state (e.g. a roster). `None` while replaying the log, so
    /// replays never write it; read it in [`Game::parse`] and put what you need in the action.
    /// Whatever an action changes here is logged with it as an effect (`table::effects`) and
    /// reversed by undo; the session's own state must not depend on it (replays lack it).
    pub shared: Option<&'a mut S>,
    /// The channel and session the command runs in.
    pub place: &'a Place,
}

/// A game's rules.
///
/// **The command is the action.** A game declares its commands once, as an enum deriving
/// [`Commands`] ([`Game::Command`]); the table parses each command of the game into it once and
/// hands the typed value to [`Game::open`], [`Game::action`] or [`Game::show`] — no game calls
/// a parser itself. Where an action is what the player typed, the logged [`Game::Action`] is the
/// command type itself (Nobi's `NobiCommand`, serde-derived, choices typed): `action` checks it
/// and passes it on. A game whose action must carry more than the command (a character's
/// snapshot read from the shared state, fresh ids) keeps an action type of its own.
pub trait Game: Serialize + DeserializeOwned + Clone + Send + Sync + 'static {
    /// The game's command tree (`/NAME …`), declared once with `#[derive(Commands)]`: its
    /// declaration is [`Game::command`], and the table parses every command into it.
    type Command: Commands + Send;
    /// One step a player (or the system) takes, as the log keeps it (JSON). It grows only in
    /// ways that keep the JSON already logged readable (serde defaults and aliases).
    type Action: Serialize + DeserializeOwned + Clone + Debug + Send;
    /// Card and rules data loaded from the data folder.
    type Data: Send + Sync + 'static;
    /// Guild-wide state that outlives a session (`()` for most games). Compared after each
    /// action (`PartialEq`) to tell whether the action changed it.
    type Shared: Serialize + DeserializeOwned + Default + Clone + PartialEq + Send + Sync;
    /// What one viewer may see of a session (see [`Game::view_model`]).
    type View: Serialize;

    /// Command name (`nobi`); also the session's game kind.
    const NAME: &'static str;
    /// Full title (`Nobi Nobi Sword`).
    const TITLE: &'static str;

    /// Loads and validates the game's data from the data folder.
    fn load_data(dir: &Path) -> Result<Self::Data, Vec<DataError>>;

    /// The state as a replay check compares it (undo of an entry written before undo kept its
    /// way back, the replay corpus): `None`, the state as it is. A game whose stored words
    /// became typed (Nobi Nobi Sword's story: English text, then typed words) gives the form
    /// both read alike in (the English), so a log that plays the same still counts as
    /// replaying.
    fn replay_form(_state: &Self) -> Option<Self> {
        None
    }

    /// Notes on valid data that `croupier check-data` prints under the game (Night Wizard:
    /// the skills and items whose effect is text only); none by default.
    fn data_notes(_data: &Self::Data) -> Vec<String> {
        vec![]
    }

    /// The game's slash command: `/NAME` with its subcommands (must include `new`), from
    /// [`Game::Command`]'s declaration.
    fn command() -> CommandSpec {
        Self::Command::spec()
    }

    /// Starts a session from `/NAME new …`, given as the table parsed it (any other
    /// subcommand is refused here).
    fn open(
        ctx: &mut Ctx<'_, Self::Data, Self::Shared>,
        host: &Actor,
        cmd: Self::Command,
    ) -> Result<(Self, Vec<Reply>), RuleError>;

    /// Turns a parsed command into the action to apply and log (checking only what the
    /// command itself says; reading the shared state, which `apply` may not). Where the
    /// command is the action, this checks it and passes it on.
    fn action(
        &self,
        actor: &Actor,
        cmd: Self::Command,
        data: &Self::Data,
        shared: &Self::Shared,
    ) -> Result<Self::Action, RuleError>;

    /// `/NAME new …` as typed: the one parse into [`Game::Command`], then [`Game::open`].
    /// Not for a game to override (the table's one parse of a command).
    fn create(
        ctx: &mut Ctx<'_, Self::Data, Self::Shared>,
        host: &Actor,
        cmd: &Command,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        Self::open(ctx, host, Self::Command::from_command(cmd)?)
    }

    /// A command as typed: the one parse into [`Game::Command`], then [`Game::action`].
    /// Not for a game to override (the table's one parse of a command).
    fn parse(
        &self,
        actor: &Actor,
        cmd: &Command,
        data: &Self::Data,
        shared: &Self::Shared,
    ) -> Result<Self::Action, RuleError> {
        self.action(actor, Self::Command::from_command(cmd)?, data, shared)
    }

    /// Applies an action: checks who may act and the rules, then changes the state.
    /// On `Err` the caller discards the state, so a refusal changes nothing.
    fn apply(
        &mut self,
        ctx: &mut Ctx<'_, Self::Data, Self::Shared>,
        actor: &Actor,
        action: &Self::Action,
    ) -> Result<Vec<Reply>, RuleError>;

    /// The view of the state for `viewer` (`/game status`): public parts, plus private ones for them.
    fn view(&self, viewer: &Actor, data: &Self::Data) -> Vec<Reply>;

    /// `/game status` with the guild's shared state of the game as it is now (a roster whose
    /// records change outside the session): a game whose status shows what its records hold
    /// before the session takes it. Defaults to [`Game::view`].
    fn view_shared(&self, viewer: &Actor, data: &Self::Data, _shared: &Self::Shared) -> Vec<Reply> {
        self.view(viewer, data)
    }

    /// Answers a command declared `#[cmd(view)]` (a status, a board, a hand, a story) for
    /// `viewer`: no action, nothing logged, nothing changed. Defaults to [`Game::view`].
    fn show(
        &self,
        viewer: &Actor,
        _cmd: &Self::Command,
        data: &Self::Data,
    ) -> Result<Vec<Reply>, RuleError> {
        Ok(self.view(viewer, data))
    }

    /// The session as `viewer` may see it (boardgame.io's `playerView`): secrets they may not
    /// see (other players' hands, hidden enemies, secret rolls, GM notes) are left out, and
    /// the facts the rules derive (whose turn, the initiative order, who is GM, who is
    /// Incapacitated, what is pending) are computed here once, with the viewer's [`Role`].
    /// Pictures draw only from this. `Err` when the stored state does not fit the data.
    fn view_model(&self, data: &Self::Data, viewer: &Viewer) -> Result<Self::View, BadState>;

    /// What `viewer` may not see of the session as it stands, each named once by the rules:
    /// the texts (a hidden enemy's label, a card in another player's hand or in a face-down
    /// deck, a secret roll's result) that no reply, status, tracker, log, story, view model or
    /// picture shown to them may contain. Leave out a text the viewer sees legitimately
    /// elsewhere (the same card face up on the board). The test harness
    /// (`croupier_core::testkit`) checks every text and picture each viewer is shown against it.
    fn secrets(&self, _data: &Self::Data, _viewer: &Viewer) -> Vec<String> {
        vec![]
    }

    /// True when the game draws a picture ([`Game::picture`]).
    const PICTURED: bool = false;

    /// The picture of a view: one or more pages of at most [`crate::render::svg::MAX_PAGE_HEIGHT`]
    /// (never none when [`Game::PICTURED`]). Drawn only from the view, never the state; the
    /// words it draws (headings, labels, status words) are the catalogue's in `locale`
    /// (`locales/*/pictures.ftl`), the numbers, names and dice as they are.
    fn picture(_view: &Self::View, _locale: crate::i18n::Locale) -> Vec<crate::render::svg::Doc> {
        vec![]
    }

    /// Users who count as GM for GM-only replies and hidden rolls (besides the host).
    fn gms(&self) -> Vec<UserId> {
        vec![]
    }

    /// Whether `actor` plays in this session. The table asks it before the game parses a
    /// command declared `#[cmd(perm = player)]`, for anyone but the session's GMs; the
    /// refusal says how to join, or why they cannot (joining closed). The default refuses
    /// everyone: a game that declares player-only commands says who its players are.
    fn playing(&self, _actor: &Actor) -> Result<(), RuleError> {
        Err(RuleError::permission(
            "only the players of this game can use that command.",
        ))
    }

    /// True once the game has ended.
    fn is_over(&self) -> bool {
        false
    }

    /// The session's host hands the table to `to` (`/game host`): a game that keeps its own
    /// host, GM or scorekeeper in its state moves that role to them, so GM-only replies and
    /// hidden information follow the role and leave the previous holder.
    fn hand_over(&mut self, _to: &UserId) -> Result<(), RuleError> {
        Ok(())
    }

    /// The decisions the game waits for now (see [`Decision`]). Buttons for anything else
    /// (views such as a hand or the board) stay valid while the session runs.
    fn decisions(&self) -> Vec<Decision> {
        vec![]
    }

    /// Autocomplete entries for `option` of `cmd`, filtered by `partial`.
    fn autocomplete(
        &self,
        _viewer: &Actor,
        _cmd: &Command,
        _option: &str,
        _partial: &str,
        _data: &Self::Data,
    ) -> Vec<Choice> {
        vec![]
    }

    /// When the scheduler should wake this session (e.g. a reminder), Unix seconds.
    fn next_wakeup(&self) -> Option<i64> {
        None
    }

    /// The system action to apply when woken at `now` (applied as actor `croupier`).
    fn wakeup_action(&self, _now: i64) -> Option<Self::Action> {
        None
    }

    /// The session stops (its game is over, `/game end`, or a new game closes a finished one):
    /// release what it holds in the shared state (e.g. the locks on entered ninjas). Called
    /// once per ending with the shared state, and logged with the ending as its effect.
    /// It reads no session state, so a game whose state cannot be read can still be ended.
    fn end_session(_shared: &mut Self::Shared, _place: &Place, _data: &Self::Data) -> Vec<Reply> {
        vec![]
    }

    /// What is wrong with a shared state an undo would leave (e.g. a lock on a character that
    /// was deleted since): the undo is then refused with this text and changes nothing.
    fn shared_problem(_shared: &Self::Shared) -> Option<String> {
        None
    }

    /// The commands that work without a session in the channel (e.g. a guild roster): the
    /// table routes here exactly the commands declared `#[cmd(guild)]` (or `guild_when`, with
    /// its option given), from the declaration alone, and every other command to the session.
    fn global(
        _ctx: &mut Ctx<'_, Self::Data, Self::Shared>,
        _actor: &Actor,
        cmd: &Command,
    ) -> Result<Vec<Reply>, RuleError> {
        refuse_said(
            Phrase::new("table-guild-undeclared").arg("command", format!("/{}", cmd.typed_str())),
        )
    }

    /// Autocomplete for commands handled by [`Game::global`] (no session needed).
    fn global_autocomplete(
        _shared: &Self::Shared,
        _viewer: &Actor,
        _cmd: &Command,
        _option: &str,
        _partial: &str,
        _data: &Self::Data,
    ) -> Vec<Choice> {
        vec![]
    }
}

/// Inputs of one type-erased call.
pub struct DynCtx<'a> {
    /// RNG.
    pub rng: &'a mut GameRng,
    /// Unix seconds.
    pub now: i64,
    /// The guild's shared state; `None` during replay. A call that changes it leaves a new
    /// [`DynShared`] here (see [`DynShared::same`]).
    pub shared: Option<&'a mut DynShared>,
    /// Channel and session.
    pub place: &'a Place,
}

/// Anything that went wrong in a type-erased call.
#[derive(Debug, thiserror::Error)]
pub enum DynError {
    /// The rules refused.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// Stored JSON did not match the game's types (a bug or an incompatible database).
    #[error("stored game data could not be read: {0}")]
    Corrupt(#[from] serde_json::Error),
}

/// A session's state in its game's own type, behind [`Any`] so the table service can hold
/// any game's. Immutable and shared (cloning is a reference count): an action makes a new one.
/// Only the game that made it can read it; JSON is only how it is stored
/// ([`DynGame::load`], [`DynGame::to_json`]).
#[derive(Clone)]
pub struct DynState(Arc<dyn Any + Send + Sync>);

impl Debug for DynState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DynState")
    }
}

/// A guild's shared state of a game ([`Game::Shared`]) in the game's own type, like
/// [`DynState`]: immutable and shared (cloning is a reference count); a call that changes it
/// makes a new one. Stored as JSON ([`DynGame::load_shared`], [`DynGame::shared_value`]).
#[derive(Clone)]
pub struct DynShared(Arc<dyn Any + Send + Sync>);

impl Debug for DynShared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DynShared")
    }
}

impl DynShared {
    /// True when `other` is this very shared state: no call changed it in between (a call that
    /// changes a shared state replaces it; one that leaves it equal keeps it).
    pub fn same(&self, other: &DynShared) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// A game with its data loaded, type-erased so the table service can hold any game: states are
/// [`DynState`]s, shared states [`DynShared`]s, actions JSON.
pub trait DynGame: Send + Sync {
    /// Command name.
    fn name(&self) -> &'static str;
    /// Title.
    fn title(&self) -> &'static str;
    /// See [`Game::data_notes`].
    fn data_notes(&self) -> Vec<String>;
    /// Slash command declaration (built once, when the game is loaded).
    fn command(&self) -> &CommandSpec;
    /// A stored state (the JSON [`DynGame::to_json`] wrote, or an older version's) read into
    /// the game's type.
    fn load(&self, json: &str) -> Result<DynState, DynError>;
    /// [`DynGame::load`] from parsed JSON.
    fn load_value(&self, json: &Value) -> Result<DynState, DynError>;
    /// The state as it is stored.
    fn to_json(&self, state: &DynState) -> Result<String, DynError>;
    /// The state as JSON (`croupier state`, replay checks).
    fn to_value(&self, state: &DynState) -> Result<Value, DynError>;
    /// The state as a replay check compares it (see [`Game::replay_form`]).
    fn replay_json(&self, state: &DynState) -> Result<String, DynError>;
    /// See [`Game::create`].
    fn create(
        &self,
        ctx: DynCtx<'_>,
        host: &Actor,
        cmd: &Command,
    ) -> Result<(DynState, Vec<Reply>), DynError>;
    /// See [`Game::parse`].
    fn parse(
        &self,
        state: &DynState,
        actor: &Actor,
        cmd: &Command,
        shared: &DynShared,
    ) -> Result<Value, DynError>;
    /// See [`Game::apply`]; returns the new state.
    fn apply(
        &self,
        state: &DynState,
        ctx: DynCtx<'_>,
        actor: &Actor,
        action: &Value,
    ) -> Result<(DynState, Vec<Reply>), DynError>;
    /// Whether a logged action (as [`DynGame::parse`] wrote it, or an older version did) still
    /// reads as one of the game's actions.
    fn read_action(&self, action: &Value) -> Result<(), DynError>;
    /// See [`Game::view`].
    fn view(&self, state: &DynState, viewer: &Actor) -> Result<Vec<Reply>, DynError>;
    /// See [`Game::view_shared`].
    fn view_shared(
        &self,
        state: &DynState,
        viewer: &Actor,
        shared: &DynShared,
    ) -> Result<Vec<Reply>, DynError>;
    /// See [`Game::show`].
    fn show(&self, state: &DynState, viewer: &Actor, cmd: &Command)
        -> Result<Vec<Reply>, DynError>;
    /// See [`Game::view_model`]: the view, serialized.
    fn view_model(&self, state: &DynState, viewer: &Viewer) -> Result<Value, DynError>;
    /// See [`Game::secrets`].
    fn secrets(&self, state: &DynState, viewer: &Viewer) -> Result<Vec<String>, DynError>;
    /// True when the game draws a picture.
    fn has_picture(&self) -> bool;
    /// The picture of `state` as `viewer` sees it, drawn from [`Game::view_model`], its words
    /// in `locale`; `None` when the game draws none.
    fn picture(
        &self,
        state: &DynState,
        viewer: &Viewer,
        locale: crate::i18n::Locale,
    ) -> Option<Result<Vec<crate::render::svg::Doc>, DynError>>;
    /// See [`Game::gms`].
    fn gms(&self, state: &DynState) -> Result<Vec<UserId>, DynError>;
    /// See [`Game::playing`]: `Ok(Err(refusal))` when `actor` does not play in the session.
    fn playing(&self, state: &DynState, actor: &Actor) -> Result<Result<(), RuleError>, DynError>;
    /// See [`Game::is_over`].
    fn is_over(&self, state: &DynState) -> Result<bool, DynError>;
    /// See [`Game::decisions`].
    fn decisions(&self, state: &DynState) -> Result<Vec<Decision>, DynError>;
    /// See [`Game::hand_over`]; returns the new state.
    fn hand_over(&self, state: &DynState, to: &UserId) -> Result<DynState, DynError>;
    /// See [`Game::autocomplete`].
    fn autocomplete(
        &self,
        state: &DynState,
        viewer: &Actor,
        cmd: &Command,
        option: &str,
        partial: &str,
    ) -> Result<Vec<Choice>, DynError>;
    /// See [`Game::next_wakeup`].
    fn next_wakeup(&self, state: &DynState) -> Result<Option<i64>, DynError>;
    /// See [`Game::wakeup_action`].
    fn wakeup_action(&self, state: &DynState, now: i64) -> Result<Option<Value>, DynError>;
    /// See [`Game::global`].
    fn global(&self, ctx: DynCtx<'_>, actor: &Actor, cmd: &Command)
        -> Result<Vec<Reply>, DynError>;
    /// See [`Game::global_autocomplete`].
    fn global_autocomplete(
        &self,
        shared: &DynShared,
        viewer: &Actor,
        cmd: &Command,
        option: &str,
        partial: &str,
    ) -> Result<Vec<Choice>, DynError>;
    /// A fresh shared state.
    fn default_shared(&self) -> DynShared;
    /// A stored shared state (JSON) read into the game's type (defaults filled in, ids
    /// assigned).
    fn load_shared(&self, json: &str) -> Result<DynShared, DynError>;
    /// [`DynGame::load_shared`] from parsed JSON.
    fn load_shared_value(&self, json: &Value) -> Result<DynShared, DynError>;
    /// The shared state as JSON, as the game's type writes it: what is stored, and what an
    /// effect is worked out between, so it holds only what an action changed.
    fn shared_value(&self, shared: &DynShared) -> Result<Value, DynError>;
    /// See [`Game::end_session`]; a changed shared state is left in `shared`.
    fn end_session(&self, shared: &mut DynShared, place: &Place) -> Result<Vec<Reply>, DynError>;
    /// See [`Game::shared_problem`].
    fn shared_problem(&self, shared: &DynShared) -> Result<Option<String>, DynError>;
}

/// A [`Game`] together with its loaded data.
pub struct Loaded<G: Game> {
    data: G::Data,
    /// The declaration, built once: every request reads it (permission, views, stray words).
    spec: CommandSpec,
}

impl<G: Game> Loaded<G> {
    /// Loads `G`'s data from `dir`.
    pub fn load(dir: &Path) -> Result<Self, Vec<DataError>> {
        Ok(Self::new(G::load_data(dir)?))
    }
    /// Wraps already-loaded data.
    pub fn new(data: G::Data) -> Self {
        Loaded {
            data,
            spec: G::command(),
        }
    }
    /// The game's data.
    pub fn data(&self) -> &G::Data {
        &self.data
    }
}

fn de<T: DeserializeOwned>(v: &Value) -> Result<T, DynError> {
    Ok(T::deserialize(v)?)
}

/// The game's own state inside `state`; a state of another game is a bug, reported as corrupt
/// data rather than a panic.
fn typed<G: Game>(state: &DynState) -> Result<&G, DynError> {
    state.0.downcast_ref::<G>().ok_or_else(|| {
        DynError::Corrupt(serde::de::Error::custom(format!(
            "a state of another game was given to {}",
            G::NAME
        )))
    })
}

fn erased<G: Game>(state: G) -> DynState {
    DynState(Arc::new(state))
}

/// The game's own shared state inside `shared` (see [`typed`]).
fn typed_shared<G: Game>(shared: &DynShared) -> Result<&G::Shared, DynError> {
    shared.0.downcast_ref::<G::Shared>().ok_or_else(|| {
        DynError::Corrupt(serde::de::Error::custom(format!(
            "a shared state of another game was given to {}",
            G::NAME
        )))
    })
}

/// Runs `f` on a copy of the shared state in `shared`, which is replaced by the copy only if
/// `f` changed it (so [`DynShared::same`] tells an unchanged one).
fn changing_shared<G: Game, R>(
    shared: &mut DynShared,
    f: impl FnOnce(&mut G::Shared) -> R,
) -> Result<R, DynError> {
    let before = typed_shared::<G>(shared)?;
    let mut after = before.clone();
    let r = f(&mut after);
    if after != *before {
        *shared = DynShared(Arc::new(after));
    }
    Ok(r)
}

impl<G: Game> Loaded<G> {
    fn view_of(&self, state: &DynState, viewer: &Viewer) -> Result<G::View, DynError> {
        typed::<G>(state)?
            .view_model(&self.data, viewer)
            .map_err(|e| DynError::Corrupt(serde::de::Error::custom(e.0)))
    }
}

fn with_shared<G: Game, R>(
    data: &G::Data,
    ctx: DynCtx<'_>,
    f: impl FnOnce(&mut Ctx<'_, G::Data, G::Shared>) -> R,
) -> Result<R, DynError> {
    match ctx.shared {
        Some(sv) => changing_shared::<G, R>(sv, |shared| {
            f(&mut Ctx {
                rng: ctx.rng,
                now: ctx.now,
                data,
                shared: Some(shared),
                place: ctx.place,
            })
        }),
        None => Ok(f(&mut Ctx {
            rng: ctx.rng,
            now: ctx.now,
            data,
            shared: None,
            place: ctx.place,
        })),
    }
}

impl<G: Game> DynGame for Loaded<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn data_notes(&self) -> Vec<String> {
        G::data_notes(&self.data)
    }
    fn command(&self) -> &CommandSpec {
        &self.spec
    }
    fn load(&self, json: &str) -> Result<DynState, DynError> {
        Ok(erased(serde_json::from_str::<G>(json)?))
    }
    fn load_value(&self, json: &Value) -> Result<DynState, DynError> {
        Ok(erased(de::<G>(json)?))
    }
    fn to_json(&self, state: &DynState) -> Result<String, DynError> {
        Ok(serde_json::to_string(typed::<G>(state)?)?)
    }
    fn to_value(&self, state: &DynState) -> Result<Value, DynError> {
        Ok(serde_json::to_value(typed::<G>(state)?)?)
    }
    fn replay_json(&self, state: &DynState) -> Result<String, DynError> {
        let s = typed::<G>(state)?;
        Ok(match G::replay_form(s) {
            Some(form) => serde_json::to_string(&form)?,
            None => serde_json::to_string(s)?,
        })
    }
    fn create(
        &self,
        ctx: DynCtx<'_>,
        host: &Actor,
        cmd: &Command,
    ) -> Result<(DynState, Vec<Reply>), DynError> {
        let (state, replies) = with_shared::<G, _>(&self.data, ctx, |c| G::create(c, host, cmd))??;
        Ok((erased(state), replies))
    }
    fn parse(
        &self,
        state: &DynState,
        actor: &Actor,
        cmd: &Command,
        shared: &DynShared,
    ) -> Result<Value, DynError> {
        let shared = typed_shared::<G>(shared)?;
        let a = typed::<G>(state)?.parse(actor, cmd, &self.data, shared)?;
        Ok(serde_json::to_value(&a)?)
    }
    fn apply(
        &self,
        state: &DynState,
        ctx: DynCtx<'_>,
        actor: &Actor,
        action: &Value,
    ) -> Result<(DynState, Vec<Reply>), DynError> {
        let mut s: G = typed::<G>(state)?.clone();
        let a: G::Action = de(action)?;
        let replies = with_shared::<G, _>(&self.data, ctx, |c| s.apply(c, actor, &a))??;
        Ok((erased(s), replies))
    }
    fn read_action(&self, action: &Value) -> Result<(), DynError> {
        de::<G::Action>(action).map(|_| ())
    }
    fn view(&self, state: &DynState, viewer: &Actor) -> Result<Vec<Reply>, DynError> {
        Ok(typed::<G>(state)?.view(viewer, &self.data))
    }
    fn view_shared(
        &self,
        state: &DynState,
        viewer: &Actor,
        shared: &DynShared,
    ) -> Result<Vec<Reply>, DynError> {
        let shared = typed_shared::<G>(shared)?;
        Ok(typed::<G>(state)?.view_shared(viewer, &self.data, shared))
    }
    fn show(
        &self,
        state: &DynState,
        viewer: &Actor,
        cmd: &Command,
    ) -> Result<Vec<Reply>, DynError> {
        let cmd = G::Command::from_command(cmd)?;
        Ok(typed::<G>(state)?.show(viewer, &cmd, &self.data)?)
    }
    fn view_model(&self, state: &DynState, viewer: &Viewer) -> Result<Value, DynError> {
        Ok(serde_json::to_value(self.view_of(state, viewer)?)?)
    }
    fn secrets(&self, state: &DynState, viewer: &Viewer) -> Result<Vec<String>, DynError> {
        Ok(typed::<G>(state)?.secrets(&self.data, viewer))
    }
    fn has_picture(&self) -> bool {
        G::PICTURED
    }
    fn picture(
        &self,
        state: &DynState,
        viewer: &Viewer,
        locale: crate::i18n::Locale,
    ) -> Option<Result<Vec<crate::render::svg::Doc>, DynError>> {
        G::PICTURED.then(|| self.view_of(state, viewer).map(|v| G::picture(&v, locale)))
    }
    fn gms(&self, state: &DynState) -> Result<Vec<UserId>, DynError> {
        Ok(typed::<G>(state)?.gms())
    }
    fn playing(&self, state: &DynState, actor: &Actor) -> Result<Result<(), RuleError>, DynError> {
        Ok(typed::<G>(state)?.playing(actor))
    }
    fn is_over(&self, state: &DynState) -> Result<bool, DynError> {
        Ok(typed::<G>(state)?.is_over())
    }
    fn decisions(&self, state: &DynState) -> Result<Vec<Decision>, DynError> {
        Ok(typed::<G>(state)?.decisions())
    }
    fn hand_over(&self, state: &DynState, to: &UserId) -> Result<DynState, DynError> {
        let mut s: G = typed::<G>(state)?.clone();
        s.hand_over(to)?;
        Ok(erased(s))
    }
    fn autocomplete(
        &self,
        state: &DynState,
        viewer: &Actor,
        cmd: &Command,
        option: &str,
        partial: &str,
    ) -> Result<Vec<Choice>, DynError> {
        Ok(typed::<G>(state)?.autocomplete(viewer, cmd, option, partial, &self.data))
    }
    fn next_wakeup(&self, state: &DynState) -> Result<Option<i64>, DynError> {
        Ok(typed::<G>(state)?.next_wakeup())
    }
    fn wakeup_action(&self, state: &DynState, now: i64) -> Result<Option<Value>, DynError> {
        match typed::<G>(state)?.wakeup_action(now) {
            Some(a) => Ok(Some(serde_json::to_value(&a)?)),
            None => Ok(None),
        }
    }
    fn global(
        &self,
        ctx: DynCtx<'_>,
        actor: &Actor,
        cmd: &Command,
    ) -> Result<Vec<Reply>, DynError> {
        with_shared::<G, _>(&self.data, ctx, |c| G::global(c, actor, cmd))?.map_err(DynError::from)
    }
    fn global_autocomplete(
        &self,
        shared: &DynShared,
        viewer: &Actor,
        cmd: &Command,
        option: &str,
        partial: &str,
    ) -> Result<Vec<Choice>, DynError> {
        Ok(G::global_autocomplete(
            typed_shared::<G>(shared)?,
            viewer,
            cmd,
            option,
            partial,
            &self.data,
        ))
    }
    fn default_shared(&self) -> DynShared {
        DynShared(Arc::new(G::Shared::default()))
    }
    fn load_shared(&self, json: &str) -> Result<DynShared, DynError> {
        Ok(DynShared(Arc::new(serde_json::from_str::<G::Shared>(
            json,
        )?)))
    }
    fn load_shared_value(&self, json: &Value) -> Result<DynShared, DynError> {
        Ok(DynShared(Arc::new(de::<G::Shared>(json)?)))
    }
    fn shared_value(&self, shared: &DynShared) -> Result<Value, DynError> {
        Ok(serde_json::to_value(typed_shared::<G>(shared)?)?)
    }
    fn end_session(&self, shared: &mut DynShared, place: &Place) -> Result<Vec<Reply>, DynError> {
        changing_shared::<G, _>(shared, |sh| G::end_session(sh, place, &self.data))
    }
    fn shared_problem(&self, shared: &DynShared) -> Result<Option<String>, DynError> {
        Ok(G::shared_problem(typed_shared::<G>(shared)?))
    }
}
