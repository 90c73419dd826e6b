//! What a step may change, read from the store: the channel's session, its dice, its log and
//! the guild's shared states; and what a viewer may not see there.

use crate::store::{self, Tx};
use crate::table::{Actor, Registry, TableError, UserId, Viewer};

/// The channel's session row as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Session {
    pub id: i64,
    pub game: String,
    pub host: String,
    pub version: i64,
    pub state: String,
    pub rng: String,
    pub active: bool,
    pub gms: Option<String>,
}

/// Everything a step could change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct World {
    /// The active session, or the latest ended one.
    pub session: Option<Session>,
    /// The channel's dice generator's position.
    pub channel_rng: Option<i64>,
    /// The channel's log: (id, kind, undone, visibility).
    pub log: Vec<(i64, String, bool, String)>,
    /// The guild's shared state of each registered game.
    pub shared: Vec<(String, Option<String>)>,
    /// The languages chosen with `/game language`: the channel's (the outer `None`: no
    /// channel row yet) and every user's own.
    pub languages: (Option<Option<String>>, Vec<(String, String)>),
}

impl World {
    pub fn read(
        tx: &Tx,
        games: &Registry,
        channel: &str,
        guild: &str,
    ) -> Result<World, store::StoreError> {
        let session = store::session_active(tx, channel)?
            .or(store::session_latest(tx, channel)?)
            .map(|s| Session {
                id: s.id,
                game: s.game,
                host: s.host,
                version: s.version,
                state: s.state,
                rng: s.rng,
                active: s.active,
                gms: s.gms,
            });
        let channel_rng = store::channel_get(tx, channel)?.map(|c| c.rng_pos);
        let log = store::log_recent(tx, channel, i64::MAX)?
            .into_iter()
            .map(|r| (r.id, r.kind, r.undone, r.visibility))
            .collect();
        let mut shared = vec![];
        for g in games.all() {
            // A guild without a row reads as the game's fresh shared state, and undoing the
            // action that wrote the first row writes that fresh state back (the table never
            // deletes a row): the two are the same shared state.
            let stored = store::shared_get(tx, guild, g.name())?.or_else(|| {
                g.shared_value(&g.default_shared())
                    .ok()
                    .map(|v| v.to_string())
            });
            shared.push((g.name().to_string(), stored));
        }
        let channel_language = store::channel_languages(tx, channel, "")?.map(|l| l.channel);
        let languages = (channel_language, store::user_languages(tx)?);
        Ok(World {
            session,
            channel_rng,
            log,
            shared,
            languages,
        })
    }

    /// Panics unless `after` is this world exactly.
    pub fn assert_same(&self, after: &World, what: &str) {
        assert_eq!(self.session, after.session, "{what} changed the session");
        assert_eq!(
            self.channel_rng, after.channel_rng,
            "{what} moved the channel's dice"
        );
        assert_eq!(self.log, after.log, "{what} changed the log");
        assert_eq!(self.shared, after.shared, "{what} changed a shared state");
    }

    /// Panics unless the session's stored state reads back to the same JSON.
    pub fn assert_round_trips(&self, games: &Registry, line: &str) {
        let Some(s) = &self.session else { return };
        let Some(g) = games.find(&s.game) else { return };
        let state = g
            .load(&s.state)
            .unwrap_or_else(|e| panic!("after `{line}` the state does not read back: {e}"));
        let again = g.to_json(&state).expect("the state serializes");
        assert_eq!(
            s.state, again,
            "after `{line}` the state changed on its way through JSON"
        );
        let value = g.to_value(&state).expect("the state serializes");
        let back = g
            .load_value(&value)
            .expect("the state reads from its value");
        assert_eq!(
            g.to_json(&back).expect("the state serializes"),
            s.state,
            "after `{line}` the state changed on its way through a JSON value"
        );
    }

    /// The action the step logged in the session, if it logged one (what undo takes back).
    pub fn new_action_since(&self, before: &World) -> Option<i64> {
        let last = before.log.last().map(|l| l.0).unwrap_or(0);
        let s = self.session.as_ref()?;
        if before.session.as_ref().map(|b| b.id) != Some(s.id) || !s.active {
            return None;
        }
        self.log
            .iter()
            .rev()
            .find(|(id, kind, undone, _)| *id > last && kind == "action" && !undone)
            .map(|l| l.0)
    }

    /// Panics unless `undone` (this world's step undone) has this world's session state,
    /// dice, host and shared states.
    pub fn assert_restored(&self, undone: &World, what: &str) {
        let (Some(a), Some(b)) = (&self.session, &undone.session) else {
            panic!("{what}: the session is gone");
        };
        assert_eq!(a.state, b.state, "{what} did not restore the state");
        assert_eq!(a.rng, b.rng, "{what} did not restore the session's dice");
        assert_eq!(a.host, b.host, "{what} did not restore the host");
        // As JSON values: the table stores a shared state in whichever key order the patch
        // or the game wrote it.
        let parsed = |w: &World| -> Vec<(String, Option<serde_json::Value>)> {
            w.shared
                .iter()
                .map(|(g, j)| {
                    let v = j
                        .as_ref()
                        .map(|j| serde_json::from_str(j).expect("stored JSON"));
                    (g.clone(), v)
                })
                .collect()
        };
        assert_eq!(
            parsed(self),
            parsed(undone),
            "{what} did not restore the shared state"
        );
    }
}

/// What `viewer` (`None`: the public view) may not see in `channel`: the running session's
/// [`crate::table::Game::secrets`] and the hidden rolls they may not see.
pub(super) fn secrets(
    tx: &Tx,
    games: &Registry,
    channel: &str,
    viewer: Option<&UserId>,
) -> Result<Vec<String>, store::StoreError> {
    let mut out = vec![];
    if let Some(s) = store::session_active(tx, channel)? {
        if let Some(g) = games.find(&s.game) {
            let state = g.load(&s.state).expect("the state reads");
            let v = Viewer {
                user: viewer.cloned(),
                manager: viewer.is_some_and(|u| u.0 == s.host),
            };
            out.extend(g.secrets(&state, &v).expect("the state reads"));
        }
    }
    let id = viewer.map(|u| u.0.clone()).unwrap_or_default();
    match crate::table::generic::hidden_rolls(tx, games, channel, &Actor::player(&id, &id)) {
        Ok(rolls) => out.extend(rolls),
        Err(TableError::Store(e)) => return Err(e),
        Err(e) => panic!("the hidden rolls: {e}"),
    }
    Ok(out)
}
