//! The replay corpus: sessions written out as their log and the state it led to, so a later
//! version can prove it still replays every stored game to the same bytes.
//!
//! Setting `CROUPIER_RECORD_SESSIONS=DIR` makes a [`Table`] write each of its sessions to
//! `DIR/<game>-<hash>.json` when it is dropped (the test suite is run that way once to freeze
//! `tests/replay/`); `tests/replay_corpus.rs` replays every file with the current rules and
//! compares the state byte for byte.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::engine::{replay_log, Fail, LoggedAction, TableError};
use super::service::Table;
use crate::store::{self, LogRow};

/// The environment variable naming the folder sessions are recorded to.
pub const RECORD_ENV: &str = "CROUPIER_RECORD_SESSIONS";

/// One session: what it replays from and the state it was stored with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionRecord {
    /// The game's command name.
    pub game: String,
    /// Channel key.
    pub channel: String,
    /// Session id in its database.
    pub session: i64,
    /// The session RNG's seed.
    pub seed: i64,
    /// The `new` entry and the actions, in order (undone ones marked).
    pub entries: Vec<RecordEntry>,
    /// The state as stored after the last entry.
    pub state: Value,
}

/// One log entry of a [`SessionRecord`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordEntry {
    /// `new` or `action`.
    pub kind: String,
    /// Actor id.
    pub actor: String,
    /// Actor display name.
    pub actor_name: String,
    /// The logged command (`new`) or action, as stored.
    pub payload: Value,
    /// Undone by a later undo.
    #[serde(default)]
    pub undone: bool,
    /// Unix seconds.
    pub at: i64,
}

impl SessionRecord {
    /// A stable name for the record's file: the game and a hash of its content.
    pub fn file_name(&self) -> String {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        serde_json::to_string(&self.entries)
            .unwrap_or_default()
            .hash(&mut h);
        self.seed.hash(&mut h);
        format!("{}-{:016x}.json", self.game, h.finish())
    }
}

impl Table {
    /// Every session of the database as a [`SessionRecord`].
    pub fn records(&mut self) -> Result<Vec<SessionRecord>, TableError> {
        let tx = self.store().transaction()?;
        let mut out = vec![];
        for id in store::session_ids(&tx)? {
            let Some(s) = store::session_get(&tx, id)? else {
                continue;
            };
            let mut entries = vec![];
            for e in store::log_session(&tx, id)? {
                if e.kind != "new" && e.kind != "action" {
                    continue;
                }
                entries.push(RecordEntry {
                    kind: e.kind,
                    actor: e.actor,
                    actor_name: e.actor_name,
                    payload: serde_json::from_str(&e.payload)?,
                    undone: e.undone,
                    at: e.at,
                });
            }
            out.push(SessionRecord {
                game: s.game,
                channel: s.channel,
                session: s.id,
                seed: s.seed,
                entries,
                state: serde_json::from_str(&s.state)?,
            });
        }
        Ok(out)
    }

    /// Whether a record still loads in this build: its stored state reads as the game's state
    /// and every logged action as one of its actions. The problems, one line each.
    pub fn check_record(&self, r: &SessionRecord) -> Vec<String> {
        let Some(game) = self.games().find(&r.game) else {
            return vec![format!("no game `{}` is registered", r.game)];
        };
        let mut out = vec![];
        if let Err(e) = game.load_value(&r.state) {
            out.push(format!("the stored state does not load: {e:?}"));
        }
        for (i, e) in r.entries.iter().enumerate() {
            if e.kind != "action" {
                continue;
            }
            let Ok(la) = serde_json::from_value::<LoggedAction>(e.payload.clone()) else {
                out.push(format!("entry {}: not a logged action", i + 1));
                continue;
            };
            if la.host.is_none() {
                if let Err(err) = game.read_action(&la.action) {
                    out.push(format!(
                        "entry {}: the action does not read: {err:?}",
                        i + 1
                    ));
                }
            }
        }
        out
    }

    /// `state`, a state of `r`'s game, as a replay check compares it ([`Game::replay_form`]:
    /// a game whose stored words became typed reads both forms alike).
    ///
    /// [`Game::replay_form`]: super::Game::replay_form
    pub fn replay_form(&self, r: &SessionRecord, state: &Value) -> Result<Value, String> {
        let game = self
            .games()
            .find(&r.game)
            .ok_or_else(|| format!("no game `{}` is registered", r.game))?;
        let st = game.load_value(state).map_err(|e| e.to_string())?;
        let json = game.replay_json(&st).map_err(|e| e.to_string())?;
        serde_json::from_str(&json).map_err(|e| e.to_string())
    }

    /// Replays a record with the rules of this build: the state its log leads to now.
    pub fn replay_record(&self, r: &SessionRecord) -> Result<Value, String> {
        let game = self
            .games()
            .find(&r.game)
            .ok_or_else(|| format!("no game `{}` is registered", r.game))?;
        let log: Vec<LogRow> = r
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| LogRow {
                id: i as i64 + 1,
                channel: r.channel.clone(),
                session_id: Some(r.session),
                kind: e.kind.clone(),
                actor: e.actor.clone(),
                actor_name: e.actor_name.clone(),
                payload: e.payload.to_string(),
                summary: String::new(),
                visibility: "public".into(),
                request_id: None,
                undone: e.undone,
                at: e.at,
                effects: None,
                restore: None,
                said: None,
            })
            .collect();
        match replay_log(game, r.seed, &r.channel, r.session, &log) {
            Ok((state, _)) => self.replay_form(r, &state),
            Err(f @ (Fail::Refused(_) | Fail::RefusedWith(..) | Fail::Said(_))) => {
                Err(format!("refused: {}", f.refusal().unwrap_or_default()))
            }
            Err(Fail::Error(e)) => Err(e.to_string()),
        }
    }

    /// Writes every session to `dir` (see [`RECORD_ENV`]); errors are reported, not fatal.
    pub(super) fn record_to(&mut self, dir: &std::path::Path) {
        let records = match self.records() {
            Ok(r) => r,
            Err(e) => {
                eprintln!("croupier: cannot record sessions: {e}");
                return;
            }
        };
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("croupier: cannot create {}: {e}", dir.display());
            return;
        }
        for r in records {
            let path = dir.join(r.file_name());
            let text = serde_json::to_string_pretty(&r).unwrap_or_default();
            if let Err(e) = std::fs::write(&path, text + "\n") {
                eprintln!("croupier: cannot write {}: {e}", path.display());
            }
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        if let Some(dir) = std::env::var_os(RECORD_ENV) {
            self.record_to(std::path::Path::new(&dir));
        }
    }
}
