//! One test harness for every game (cargo feature `testkit`; game crates enable it in their
//! `[dev-dependencies]`).
//!
//! [`Harness`] drives games through the real path a front end's request takes: a [`Table`] over
//! a real store (SQLite in memory), [`Request`]s read from console-like lines
//! (`alice: /nobi join character:moss`, `alice: press Roll`, `bob: pick 3`, `@wait 25h`), routed,
//! permission-checked, parsed and applied by the table service, committed, and answered. After
//! every step it checks what every game must keep:
//! - a refusal changes nothing: the session's state, version, host and dice, the channel's
//!   dice, the log and every guild-wide shared state are as they were;
//! - the state reads back from its JSON to the same JSON;
//! - undo restores the state before the step exactly (state, dice, host, shared state), checked
//!   in a group commit that is rolled back, so the script goes on from the step;
//! - no secret reaches the wrong viewer: every reply is checked, for each user who sees it (its
//!   audience), against what that user may not see ([`crate::table::Game::secrets`] of the
//!   session, and the table's hidden rolls), and so is the picture it asks for. With
//!   [`Harness::sweep`] on, every view of every viewer is checked after each step too: the
//!   table's `/game status` and `/game log`, each command the game declares a view (status,
//!   board, hand, tracker, story), the view model and its picture.
//!
//! A rule test sets a precise position up with [`Harness::edit`] (shown to every viewer
//! through their view model, checked like a reply) and the roll it needs with
//! [`Harness::dice_until`], then acts with command lines. A step's replies are recorded as the
//! console prints them, so a rule test can be a script with its expected output
//! ([`Harness::expect_script`]), re-recorded by running the tests with `UPDATE_EXPECT=1`.
//! [`random`] plays random games through it.

pub mod random;
mod world;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::i18n::{Locale, Readers};
use crate::store::{self, Store};
use crate::table::registry::register;
pub use crate::table::Shown;
use crate::table::{
    render_reply, render_reply_in, Actor, Audience, Command, DynGame, Game, Input, ManualClock,
    Picture, Registry, Reply, Request, SeedMode, ShownList, Table, UserId, Viewer,
};

use world::World;

/// The time the harness's clock starts at (2027-01-15).
pub const START: i64 = 1_800_000_000;

/// The channel every step runs in (unless a line names another: `#arena alice: …`).
pub const CHANNEL: &str = "table";

/// How many 32-bit words [`Harness::dice_until`] tries before it gives up.
pub const DICE_SEARCH: u128 = 20_000_000;

/// The guild of the harness's channels.
pub const GUILD: &str = "testkit";

/// What one step did.
#[derive(Debug, Clone)]
pub struct Step {
    /// The line as given.
    pub line: String,
    /// False when the table refused it.
    pub accepted: bool,
    /// The replies (and those of reminders that fell due after it).
    pub replies: Vec<Reply>,
    /// The replies as the console prints them.
    pub text: String,
}

impl Step {
    /// The refusal's text (without `⛔ `), or the first reply's text when it was accepted.
    pub fn message(&self) -> String {
        let first = self
            .replies
            .first()
            .map(|r| r.message.plain_text())
            .unwrap_or_default();
        first
            .trim_start_matches("⛔ ")
            .trim_end_matches('\n')
            .to_string()
    }
}

/// What the harness checked so far (for reports: the random games count them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Checked {
    /// Steps taken.
    pub steps: usize,
    /// Steps the table refused (each checked to change nothing).
    pub refused: usize,
    /// Accepted actions undone on a rolled-back copy and found restored.
    pub undone: usize,
    /// Texts checked against a viewer's secrets (a reply, a view, a picture's texts).
    pub texts: usize,
    /// Pictures drawn and checked.
    pub pictures: usize,
}

/// A table with a real store, driven step by step (see the module's documentation).
pub struct Harness {
    table: Table,
    games: Arc<Registry>,
    clock: Arc<ManualClock>,
    counter: u64,
    /// Everyone who has acted: the viewers whose rights are checked.
    users: BTreeSet<UserId>,
    shown: ShownList,
    transcript: String,
    sweep: bool,
    undo_check: bool,
    checked: Checked,
    /// Users who may manage the channel (Discord's Manage Channels): they act as GM where the
    /// game allows it.
    managers: BTreeSet<UserId>,
    /// The languages of every request's readers (English unless [`Harness::reading`]).
    locale: Readers,
    /// Each viewer's secrets so far (`None`: the public view).
    ever: HashMap<Option<UserId>, BTreeSet<String>>,
    /// The former secrets each viewer has been shown since, when they were none.
    known: HashMap<Option<UserId>, BTreeSet<String>>,
    /// Everything each viewer has been shown so far (replies, views, the positions a test
    /// set up): a text shown before it first became a secret is known to them.
    seen: HashMap<Option<UserId>, String>,
}

impl Harness {
    /// A harness over every game in `games`, channels seeded from `seed`.
    pub fn new(games: Arc<Registry>, seed: u64) -> Self {
        let store = Store::in_memory().expect("an in-memory store");
        let clock = Arc::new(ManualClock::at(START));
        let table = Table::new(store, games.clone(), clock.clone(), SeedMode::Fixed(seed));
        Harness {
            table,
            games,
            clock,
            counter: 0,
            users: BTreeSet::new(),
            shown: ShownList::default(),
            transcript: String::new(),
            sweep: false,
            undo_check: true,
            checked: Checked::default(),
            managers: BTreeSet::new(),
            locale: Readers::default(),
            ever: HashMap::new(),
            known: HashMap::new(),
            seen: HashMap::new(),
        }
    }

    /// A harness over game `G` alone, its data read from the source tree's `data/`.
    pub fn of<G: Game>(seed: u64) -> Self {
        Self::new(Arc::new(registry_of::<G>()), seed)
    }

    /// Every request read in `locale` (a console's `--locale`): the transcript and each step's
    /// text are written in it; `/game language` then chooses as on Discord.
    pub fn reading(mut self, locale: Locale) -> Self {
        self.locale = Readers::all(locale);
        self
    }

    /// After every step, also checks every view of every viewer against their secrets (slower;
    /// the random games turn it on).
    pub fn sweep(mut self, on: bool) -> Self {
        self.sweep = on;
        self
    }

    /// Turns the undo check off (for a script that undoes on purpose and counts its steps).
    pub fn without_undo_check(mut self) -> Self {
        self.undo_check = false;
        self
    }

    /// The table (for what the harness does not wrap).
    pub fn table(&mut self) -> &mut Table {
        &mut self.table
    }

    /// The harness's clock.
    pub fn clock(&self) -> &ManualClock {
        &self.clock
    }

    /// What was checked so far.
    pub fn checked(&self) -> Checked {
        self.checked
    }

    /// Everything printed so far, each line echoed as `>>> line` before its replies.
    pub fn transcript(&self) -> &str {
        &self.transcript
    }

    /// Users who have acted so far.
    pub fn users(&self) -> Vec<UserId> {
        self.users.iter().cloned().collect()
    }

    /// The decisions the channel's session waits for now.
    pub fn decisions(&mut self) -> Vec<crate::table::Decision> {
        let Some((game, state)) = self.session_state(CHANNEL) else {
            return vec![];
        };
        self.games
            .find(&game)
            .map(|g| g.decisions(&state).expect("the state reads"))
            .unwrap_or_default()
    }

    /// Components shown so far (newest last).
    pub fn shown(&self) -> &[Shown] {
        self.shown.all()
    }

    /// Runs one line (`alice: /cmd …`, `alice: press LABEL`, `alice: pick VALUE`,
    /// `#chan alice: …`, `@wait 25h`) and checks the invariants; panics if one is broken or
    /// the line cannot be read.
    pub fn line(&mut self, line: &str) -> Step {
        self.transcript.push_str(&format!(">>> {line}\n"));
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("@wait") {
            let secs = duration(rest.trim()).unwrap_or_else(|e| panic!("{line}: {e}"));
            self.clock.advance(secs);
            let replies = self.due(CHANNEL);
            return self.record(line, true, replies, CHANNEL, None);
        }
        let (channel, rest) = match t.strip_prefix('#') {
            Some(r) => r
                .split_once(char::is_whitespace)
                .map(|(c, rest)| (c.to_string(), rest.trim()))
                .unwrap_or_else(|| panic!("{line}: after `#channel` write `USER: /command`")),
            None => (CHANNEL.to_string(), t),
        };
        let (user, what) = rest
            .split_once(':')
            .unwrap_or_else(|| panic!("{line}: expected `USER: /command …`"));
        let user = UserId::new(user.trim());
        let what = what.trim();
        let input = if let Some(label) = what.strip_prefix("press ") {
            let found = self.shown.button(&channel, &user, label.trim());
            found
                .unwrap_or_else(|| panic!("{line}: no button `{label}` was shown to {user}"))
                .input()
                .unwrap_or_else(|e| panic!("{line}: {e}"))
        } else if let Some(value) = what.strip_prefix("pick ") {
            let found = self.shown.pick(&channel, &user, value.trim());
            found
                .unwrap_or_else(|| panic!("{line}: no menu entry `{value}` shown to {user}"))
                .input()
                .unwrap_or_else(|e| panic!("{line}: {e}"))
        } else {
            Input::Command(Command::parse_line(what).unwrap_or_else(|e| panic!("{line}: {e}")))
        };
        self.input(line, &channel, &user, input)
    }

    /// Runs `line`, which the table must accept.
    pub fn ok(&mut self, line: &str) -> Step {
        let s = self.line(line);
        assert!(
            s.accepted,
            "refused: {line}\n{}\n--- transcript ---\n{}",
            s.text, self.transcript
        );
        s
    }

    /// Runs `line`, which the table must refuse; returns the refusal (without `⛔ `).
    pub fn err(&mut self, line: &str) -> String {
        let s = self.line(line);
        assert!(!s.accepted, "accepted: {line}\n{}", s.text);
        s.message()
    }

    /// Runs every line of `script` (blank lines and `//` comments skipped) and returns what
    /// they printed, as the transcript records it.
    pub fn run(&mut self, script: &str) -> String {
        let from = self.transcript.len();
        for l in script.lines() {
            let l = l.trim();
            if l.is_empty() || l.starts_with("//") {
                continue;
            }
            self.line(l);
        }
        self.transcript[from..].to_string()
    }

    /// Runs the script file `script` (a path from the source tree's top, e.g.
    /// `crates/nakama/tests/scripts/begin.txt`) and compares what it printed with the file of
    /// the same name ending `.expected`; `UPDATE_EXPECT=1` writes that file instead (review
    /// the diff).
    pub fn expect_script(&mut self, script: &str) {
        let path = crate::source_path(script);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let got = self.run(&text);
        let expected = path.with_extension("expected");
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&expected, &got)
                .unwrap_or_else(|e| panic!("{}: {e}", expected.display()));
            return;
        }
        let want = std::fs::read_to_string(&expected).unwrap_or_default();
        if want != got {
            panic!(
                "{} printed something else than {} (UPDATE_EXPECT=1 re-records it):\n{}",
                script,
                expected.display(),
                diff(&want, &got)
            );
        }
    }

    /// The channel's session state (active, or the latest ended one) in the game's type.
    pub fn state<G: DeserializeOwned>(&mut self) -> G {
        serde_json::from_value(self.state_json()).expect("the state reads as the game's type")
    }

    /// The channel's session state as JSON.
    pub fn state_json(&mut self) -> Value {
        self.table
            .state_json(CHANNEL)
            .expect("the store answers")
            .expect("a session in the channel")["state"]
            .clone()
    }

    /// Changes the running session's state in place, as a test's set-up (a hand dealt, an
    /// enemy's HP): written as a new version of the session, as an action would be, but with
    /// no log entry, so it cannot be undone. The position is taken as shown to every viewer
    /// (their view model), as the play that led to it would have shown it.
    pub fn edit<G: Game>(&mut self, f: impl FnOnce(&mut G)) {
        let mut g: G = self.state();
        f(&mut g);
        let json = serde_json::to_string(&g).expect("the state serializes");
        let gms = serde_json::to_string(&g.gms()).expect("ids serialize");
        let wakeup = g.next_wakeup();
        let now = crate::table::Clock::now(&*self.clock);
        self.table
            .write_rows(|tx| {
                let s = store::session_active(tx, CHANNEL)?.expect("a running session");
                store::session_update(tx, s.id, s.version, &json, &s.rng, wakeup, now)?;
                store::session_set_gms(tx, s.id, &gms)?;
                Ok(())
            })
            .expect("the store writes");
        self.show_position(CHANNEL);
    }

    /// Shows the channel's position to each viewer as their view model has it: checked
    /// against their secrets, and what it shows is known to them from now on.
    fn show_position(&mut self, channel: &str) {
        let Some((game, state)) = self.session_state(channel) else {
            return;
        };
        let games = self.games.clone();
        let Some(g) = games.find(&game) else {
            return;
        };
        let host = self.world(channel).session.map(|s| s.host);
        for viewer in self.viewers() {
            let model = model_text(g, &state, &viewer, host.as_ref());
            let secrets = self.secrets(channel, viewer.as_ref());
            self.checked.texts += 1;
            let what = "the view model of a position set up";
            self.shown_to(&viewer, &secrets, &model, "", what);
        }
    }

    /// Moves the running session's dice forward to the first position from which `wanted`
    /// holds (it is given a copy of the generator there), as a test's set-up: the roll a rule
    /// needs (a straw hat, a die that explodes) comes next. The session keeps its seed, so undo
    /// still restores the dice; written as a new version of the session with no log entry, as
    /// [`Harness::edit`] is. Returns how many 32-bit words it skipped; panics after
    /// [`DICE_SEARCH`] words (each try costs a copy of the generator, so a roll of six d6 —
    /// 46,656 tries on average — is found in a blink).
    pub fn dice_until(&mut self, wanted: impl Fn(&mut crate::rng::GameRng) -> bool) -> u128 {
        let now = crate::table::Clock::now(&*self.clock);
        let games = self.games.clone();
        self.table
            .write_rows(|tx| {
                let s = store::session_active(tx, CHANNEL)?.expect("a running session");
                let rng: crate::rng::GameRng =
                    serde_json::from_str(&s.rng).expect("the session's dice read");
                let from = rng.get_word_pos();
                // One generator walks the words; each try reads from a copy of it.
                let mut walk = crate::rng::at(s.seed as u64, from);
                let skip = (0..DICE_SEARCH)
                    .find(|_| {
                        let hit = wanted(&mut walk.clone());
                        if !hit {
                            rand::RngCore::next_u32(&mut walk);
                        }
                        hit
                    })
                    .unwrap_or_else(|| {
                        panic!("the wanted roll did not come within {DICE_SEARCH} words")
                    });
                let rng = crate::rng::at(s.seed as u64, from + skip);
                let rng = serde_json::to_string(&rng).expect("the dice serialize");
                let game = games
                    .find(&s.game)
                    .expect("the session's game is registered");
                let state = game.load(&s.state).expect("the state reads");
                let wakeup = game.next_wakeup(&state).expect("the state reads");
                store::session_update(tx, s.id, s.version, &s.state, &rng, wakeup, now)?;
                Ok(skip)
            })
            .expect("the store writes")
    }

    /// A copy of the running session's dice generator as it stands (its seed and position):
    /// a test reads from it what the next command would roll, or compares two positions to
    /// count the dice a command read.
    pub fn dice_now(&mut self) -> crate::rng::GameRng {
        let rng = self
            .table
            .read_rows(|tx| {
                let s = store::session_active(tx, CHANNEL)?.expect("a running session");
                Ok(s.rng)
            })
            .expect("the store answers");
        serde_json::from_str(&rng).expect("the session's dice read")
    }

    /// Makes `user` one who may manage the channel (`on`), or not: their requests say so, as
    /// Discord's Manage Channels permission does.
    pub fn set_manager(&mut self, user: &str, on: bool) {
        let u = UserId::new(user);
        if on {
            self.managers.insert(u);
        } else {
            self.managers.remove(&u);
        }
    }

    /// The guild's shared state of game `game` (its default when nothing is stored yet).
    pub fn shared<S: DeserializeOwned + Default>(&mut self, game: &str) -> S {
        let json = self
            .table
            .read_rows(|tx| store::shared_get(tx, GUILD, game))
            .expect("the store answers");
        match json {
            Some(j) => serde_json::from_str(&j).expect("the shared state reads"),
            None => S::default(),
        }
    }

    /// Changes the guild's shared state of game `game` in place, as a test's set-up (a record
    /// granted a level up): a new version of it, with no log entry.
    pub fn edit_shared<S: serde::Serialize + DeserializeOwned + Default>(
        &mut self,
        game: &str,
        f: impl FnOnce(&mut S),
    ) {
        let mut shared: S = self.shared(game);
        f(&mut shared);
        let json = serde_json::to_string(&shared).expect("the shared state serializes");
        self.table
            .write_rows(|tx| store::shared_put(tx, GUILD, game, &json).map(|_| ()))
            .expect("the store writes");
    }

    fn input(&mut self, line: &str, channel: &str, user: &UserId, input: Input) -> Step {
        self.users.insert(user.clone());
        self.counter += 1;
        let req = Request {
            channel: channel.to_string(),
            guild: Some(GUILD.to_string()),
            actor: Actor {
                manager: self.managers.contains(user),
                ..Actor::player(&user.0, &user.0)
            },
            request_id: format!("testkit-{}", self.counter),
            input,
            locale: self.locale,
        };
        let before = self.world(channel);
        let out = self.table.handle(&req).expect("the store answers");
        let after = self.world(channel);
        if !out.accepted {
            self.checked.refused += 1;
            before.assert_same(&after, &format!("the refused `{line}`"));
        } else {
            after.assert_round_trips(&self.games, line);
            if self.undo_check {
                if let Some(entry) = after.new_action_since(&before) {
                    self.check_undo(channel, &before, entry, line);
                }
            }
        }
        let readers = out.readers(req.locale);
        let mut replies = out.replies;
        replies.extend(self.due(channel));
        self.record(line, out.accepted, replies, channel, Some((user, readers)))
    }

    fn due(&mut self, channel: &str) -> Vec<Reply> {
        let due = self.table.run_due().expect("the store answers");
        due.into_iter()
            .filter(|(c, _)| c == channel)
            .flat_map(|(_, r)| r)
            .collect()
    }

    /// Records a step's replies, each as its reader reads it: what only `actor` sees in their
    /// language, the rest in the channel's (`None`: a reminder's, in the harness's).
    fn record(
        &mut self,
        line: &str,
        accepted: bool,
        replies: Vec<Reply>,
        channel: &str,
        actor: Option<(&UserId, Readers)>,
    ) -> Step {
        self.checked.steps += 1;
        let mut text = String::new();
        let mut read = Vec::with_capacity(replies.len());
        for r in &replies {
            let locale = match actor {
                Some((who, readers)) => readers.for_answer(r.is_only_for(who)),
                None => self.locale.server,
            };
            text.push_str(&render_reply_in(channel, r, locale));
            text.push('\n');
            read.push(Reply {
                audience: r.audience.clone(),
                message: r.message.in_language(locale),
            });
        }
        self.transcript.push_str(&text);
        self.check_secrets(channel, &replies, line);
        if self.sweep {
            self.sweep_views(channel, line);
        }
        // Remembered as read, so `press` takes a button's label in the reader's language.
        self.shown.remember(channel, &read);
        Step {
            line: line.to_string(),
            accepted,
            replies,
            text,
        }
    }

    fn world(&mut self, channel: &str) -> World {
        let games = self.games.clone();
        self.table
            .read_rows(|tx| World::read(tx, &games, channel, GUILD))
            .expect("the store answers")
    }

    /// Undoes the step's action in a group commit that is then dropped (rolled back), and
    /// checks that it put everything back as it was before the step.
    fn check_undo(&mut self, channel: &str, before: &World, entry: i64, line: &str) {
        let host = before
            .session
            .as_ref()
            .map(|s| s.host.clone())
            .or_else(|| self.world(channel).session.map(|s| s.host))
            .expect("an action belongs to a session");
        self.counter += 1;
        let req = Request {
            channel: channel.to_string(),
            guild: Some(GUILD.to_string()),
            actor: Actor::player(&host, &host),
            request_id: format!("testkit-undo-{}", self.counter),
            locale: Default::default(),
            input: Input::Command(Command::new("game undo")),
        };
        let games = self.games.clone();
        let mut group = self.table.group().expect("a transaction");
        let out = group.handle(&req).expect("the store answers");
        assert!(
            out.accepted,
            "`/game undo` after `{line}` (log #{entry}) was refused: {:?}",
            out.replies
        );
        let undone = group
            .write(|tx| Ok(World::read(tx, &games, channel, GUILD)?))
            .expect("the store answers");
        drop(group);
        before.assert_restored(&undone, &format!("undoing `{line}`"));
        self.checked.undone += 1;
    }

    /// What `viewer` may not see in `channel` now: the session's secrets for them and the
    /// hidden rolls they may not see.
    ///
    /// A text the viewer was shown while it was no secret (a Scene drawn face up, a card
    /// played from a hand) stays known to them when it becomes one again (an undo puts the
    /// Scene back on the deck, a reshuffle the card): it is left out.
    fn secrets(&mut self, channel: &str, viewer: Option<&UserId>) -> Vec<String> {
        let games = self.games.clone();
        let mut secrets = self
            .table
            .read_rows(|tx| world::secrets(tx, &games, channel, viewer))
            .expect("the store answers");
        let key = viewer.cloned();
        let ever = self.ever.entry(key.clone()).or_default();
        // A secret for the first time that the viewer was shown already (an enemy face up
        // since the start, blocked back into the deck) stays known to them.
        if let Some(seen) = self.seen.get(&key) {
            let learnt: Vec<String> = secrets
                .iter()
                .filter(|s| !ever.contains(*s) && shows(seen, s))
                .cloned()
                .collect();
            self.known.entry(key.clone()).or_default().extend(learnt);
        }
        ever.extend(secrets.iter().cloned());
        if let Some(known) = self.known.get(&key) {
            secrets.retain(|s| !known.contains(s));
        }
        secrets
    }

    /// `text` is shown to `viewer`, whose secrets are `secrets`: panics if it shows one, and
    /// remembers which of their former secrets it shows (they know them now).
    fn shown_to(
        &mut self,
        viewer: &Option<UserId>,
        secrets: &[String],
        text: &str,
        line: &str,
        what: &str,
    ) {
        leak(secrets, text, viewer, line, what);
        let seen = self.seen.entry(viewer.clone()).or_default();
        seen.push_str(text);
        seen.push('\n');
        let Some(ever) = self.ever.get(viewer) else {
            return;
        };
        let learnt: Vec<String> = ever
            .iter()
            // A word the user typed themselves teaches nobody anything.
            .filter(|s| !secrets.contains(s) && !shows(line, s) && shows(text, s))
            .cloned()
            .collect();
        self.known.entry(viewer.clone()).or_default().extend(learnt);
    }

    fn viewers(&self) -> Vec<Option<UserId>> {
        std::iter::once(None)
            .chain(self.users.iter().cloned().map(Some))
            .collect()
    }

    /// Checks each reply, and the picture it asks for, against the secrets of every viewer in
    /// its audience (the public view for a reply to everyone).
    fn check_secrets(&mut self, channel: &str, replies: &[Reply], line: &str) {
        if replies.is_empty() {
            return;
        }
        for viewer in self.viewers() {
            // A word the user typed is no secret in the answer to it (`⛔ Qx is not a skill`);
            // the views swept after the step are checked in full.
            let mut secrets = self.secrets(channel, viewer.as_ref());
            secrets.retain(|s| !shows(line, s));
            for r in replies {
                let sees = match (&r.audience, &viewer) {
                    (Audience::Everyone, _) => true,
                    (Audience::Only(us), Some(v)) => us.contains(v),
                    // Resolved by the table into `Only`; a reply left for `Gm` reaches nobody.
                    _ => false,
                };
                if !sees {
                    continue;
                }
                self.checked.texts += 1;
                self.shown_to(&viewer, &secrets, &reply_text(channel, r), line, "a reply");
                if let Some(Picture::Board { viewer: drawn_for }) = &r.message.picture {
                    let texts = self.picture_texts(channel, drawn_for.as_ref());
                    self.checked.pictures += 1;
                    self.shown_to(&viewer, &secrets, &texts, line, "a reply's picture");
                }
            }
        }
    }

    /// The texts of the channel's session's picture as `viewer` sees it ("" without one).
    fn picture_texts(&mut self, channel: &str, viewer: Option<&UserId>) -> String {
        let Some((game, state)) = self.session_state(channel) else {
            return String::new();
        };
        let games = self.games.clone();
        let Some(g) = games.find(&game) else {
            return String::new();
        };
        let v = viewer.map(|u| u.0.as_str());
        // In every language: the words differ, what the viewer may see does not.
        let mut texts = vec![];
        for locale in crate::i18n::Locale::ALL {
            let Some(docs) = crate::render::docs_of(g, &state, v, locale) else {
                return String::new();
            };
            let docs = docs.unwrap_or_else(|e| panic!("{game}: the picture failed: {e}"));
            texts.extend(
                docs.iter()
                    .flat_map(|d| d.texts().into_iter().map(str::to_string)),
            );
        }
        texts.join("\n")
    }

    fn session_state(&mut self, channel: &str) -> Option<(String, crate::table::DynState)> {
        let group = self.table.group().expect("a transaction");
        let board = group.board(channel).expect("the store answers");
        drop(group);
        board.map(|b| (b.game, b.state))
    }

    /// Every view of every viewer: `/game status`, `/game log`, each declared view command
    /// (without options), the view model and its picture, each checked against the viewer's
    /// secrets; a view must change nothing.
    fn sweep_views(&mut self, channel: &str, line: &str) {
        let Some((game, state)) = self.session_state(channel) else {
            return;
        };
        let games = self.games.clone();
        let Some(g) = games.find(&game) else {
            return;
        };
        let mut views = vec![
            Command::new("game status"),
            Command::new("game log").with("count", "40"),
        ];
        views.extend(view_commands(g));
        let host = self.world(channel).session.map(|s| s.host);
        // A spectator who never acted sees what the channel sees.
        let spectator = UserId::new("spectator");
        for viewer in self.viewers() {
            let secrets = self.secrets(channel, viewer.as_ref());
            let as_user = viewer.clone().unwrap_or_else(|| spectator.clone());
            let before = self.world(channel);
            for cmd in &views {
                self.counter += 1;
                let req = Request {
                    channel: channel.to_string(),
                    guild: Some(GUILD.to_string()),
                    actor: Actor::player(&as_user.0, &as_user.0),
                    request_id: format!("testkit-view-{}", self.counter),
                    locale: Default::default(),
                    input: Input::Command(cmd.clone()),
                };
                let out = self.table.handle(&req).expect("the store answers");
                for r in &out.replies {
                    let sees = match &r.audience {
                        Audience::Everyone => true,
                        Audience::Only(us) => us.contains(&as_user),
                        Audience::Gm => false,
                    };
                    if sees {
                        self.checked.texts += 1;
                        let what = format!("`{cmd}` after `{line}`");
                        self.shown_to(&viewer, &secrets, &reply_text(channel, r), &what, "a view");
                        if let Some(Picture::Board { viewer: drawn_for }) = &r.message.picture {
                            let texts = self.picture_texts(channel, drawn_for.as_ref());
                            self.checked.pictures += 1;
                            self.shown_to(&viewer, &secrets, &texts, &what, "a view's picture");
                        }
                    }
                }
            }
            before.assert_same(&self.world(channel), &format!("the views after `{line}`"));
            let model = model_text(g, &state, &viewer, host.as_ref());
            self.checked.texts += 1;
            self.shown_to(&viewer, &secrets, &model, line, "the view model");
            let texts = self.picture_texts(channel, viewer.as_ref());
            self.checked.pictures += 1;
            self.shown_to(&viewer, &secrets, &texts, line, "the picture");
        }
    }
}

/// A registry of game `G` alone, its data read from the source tree's `data/`.
pub fn registry_of<G: Game>() -> Registry {
    let mut games: Vec<Box<dyn DynGame>> = vec![];
    let mut errors = vec![];
    register::<G>(&crate::source_path("data"), &mut games, &mut errors);
    assert!(errors.is_empty(), "{} data: {errors:?}", G::NAME);
    Registry::of(games)
}

/// The commands `game` declares as views that need no option (status, board, hand, story).
pub fn view_commands(game: &dyn DynGame) -> Vec<Command> {
    fn walk(spec: &crate::table::CommandSpec, path: &mut Vec<String>, out: &mut Vec<Command>) {
        path.push(spec.name.clone());
        if spec.subcommands.is_empty() {
            if spec.view && spec.options.iter().all(|o| !o.required) {
                out.push(Command::new(&path.join(" ")));
            }
        } else {
            for s in &spec.subcommands {
                walk(s, path, out);
            }
        }
        path.pop();
    }
    let mut out = vec![];
    walk(game.command(), &mut vec![], &mut out);
    out
}

/// Everything a reply shows: its text as printed, its menu's entries and its buttons' commands
/// (a component's command travels to the client in its id).
fn reply_text(channel: &str, r: &Reply) -> String {
    let mut t = render_reply(channel, r);
    for b in &r.message.buttons {
        t.push('\n');
        t.push_str(&b.command);
    }
    if let Some(s) = &r.message.select {
        t.push('\n');
        t.push_str(&s.command);
        for o in &s.options {
            t.push_str(&format!("\n{} {}", o.label, o.value));
            if let Some(d) = &o.description {
                t.push_str(&format!(" {d}"));
            }
        }
    }
    t
}

/// Every string of `viewer`'s view model of `state` (`host` manages the session), one a line.
fn model_text(
    g: &dyn DynGame,
    state: &crate::table::DynState,
    viewer: &Option<UserId>,
    host: Option<&String>,
) -> String {
    let v = Viewer {
        user: viewer.clone(),
        manager: viewer.as_ref().is_some_and(|u| Some(&u.0) == host),
    };
    let model = g
        .view_model(state, &v)
        .unwrap_or_else(|e| panic!("{}: the view model failed: {e}", g.name()));
    strings(&model)
}

/// Every string in a JSON value, one a line.
fn strings(v: &Value) -> String {
    fn walk(v: &Value, out: &mut String) {
        match v {
            Value::String(s) => {
                out.push_str(s);
                out.push('\n');
            }
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            Value::Object(o) => o.values().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut out = String::new();
    walk(v, &mut out);
    out
}

/// True when `secret` stands in `text` as a whole (not inside a longer word or number:
/// `Red 1` is not in `Red 10`).
pub fn shows(text: &str, secret: &str) -> bool {
    if secret.is_empty() {
        return false;
    }
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(secret).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + secret.len()..].chars().next();
        let glued_before = word(before) && secret.starts_with(char::is_alphanumeric);
        let glued_after = word(after) && secret.ends_with(char::is_alphanumeric);
        !glued_before && !glued_after
    })
}

fn leak(secrets: &[String], text: &str, viewer: &Option<UserId>, line: &str, what: &str) {
    for s in secrets {
        if shows(text, s) {
            let who = viewer
                .as_ref()
                .map(|u| u.0.clone())
                .unwrap_or_else(|| "the public view".into());
            panic!("secret `{s}` leaked to {who} in {what} after `{line}`:\n{text}");
        }
    }
}

fn duration(s: &str) -> Result<i64, String> {
    let s = s.trim();
    let (num, mult) = match s.chars().last() {
        Some('s') => (&s[..s.len() - 1], 1),
        Some('m') => (&s[..s.len() - 1], 60),
        Some('h') => (&s[..s.len() - 1], 3600),
        Some('d') => (&s[..s.len() - 1], 86400),
        _ => (s, 1),
    };
    num.trim()
        .parse::<i64>()
        .map(|n| n * mult)
        .map_err(|_| format!("`@wait {s}` needs a duration like 30m, 25h or 3d"))
}

/// The lines of `got` that differ from `want`, numbered.
fn diff(want: &str, got: &str) -> String {
    let w: Vec<&str> = want.lines().collect();
    let g: Vec<&str> = got.lines().collect();
    let mut out = String::new();
    for i in 0..w.len().max(g.len()) {
        let (a, b) = (w.get(i), g.get(i));
        if a != b {
            out.push_str(&format!(
                "line {}:\n  expected: {}\n  got:      {}\n",
                i + 1,
                a.unwrap_or(&"(none)"),
                b.unwrap_or(&"(none)")
            ));
            if out.len() > 4000 {
                break;
            }
        }
    }
    out
}

/// The English words left in a transcript read in Japanese: every run of two or more ASCII
/// letters outside what stays as typed — the console's own frame (`>>> line`,
/// `[#table → alice only]`), code spans (`name:value`), commands (`/game`), mentions
/// (`@alice`), dice notation (`2d6+3`, `1D20`) — and outside `names` (players, games, `GM`). Empty when a
/// Japanese reader meets no English.
pub fn english_words(transcript: &str, names: &[&str]) -> Vec<String> {
    let mut out = vec![];
    for line in transcript.lines() {
        if line.starts_with(">>> ") || (line.starts_with("[#") && line.ends_with(']')) {
            continue;
        }
        // Code spans stay as typed.
        let mut prose = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                prose.push_str(part);
                prose.push(' ');
            }
        }
        let mut word = String::new();
        let mut tokens = vec![];
        for c in prose.chars().chain([' ']) {
            if c.is_ascii_alphanumeric() || "@/+-_".contains(c) {
                word.push(c);
            } else if !word.is_empty() {
                tokens.push(std::mem::take(&mut word));
            }
        }
        for t in tokens {
            let mention = t.starts_with('@') || t.starts_with('/');
            let dice = t.chars().any(|c| c.is_ascii_digit())
                && t.chars().any(|c| c.eq_ignore_ascii_case(&'d'));
            let letters = t.chars().filter(char::is_ascii_alphabetic).count();
            if mention || dice || letters < 2 || names.iter().any(|n| n.eq_ignore_ascii_case(&t)) {
                continue;
            }
            out.push(t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::shows;

    #[test]
    fn a_secret_shows_only_as_a_whole() {
        assert!(shows("Alice holds Red 1.", "Red 1"));
        assert!(!shows("Alice holds Red 10.", "Red 1"));
        assert!(!shows("Lanterns", "Lantern"));
        assert!(shows("Lantern (hidden)", "Lantern"));
        assert!(shows("2d6 → [5, 2] = 7", "2d6 → [5, 2] = 7"));
    }
}
