//! The typed states of sessions, kept in memory so an action reads its session's state once
//! per (session, version) instead of parsing the stored JSON on every request.
//!
//! A cached state is keyed by its session and checked against the row's `version`: every
//! write of a session's state bumps its version ([`crate::store::session_update`]) and a
//! version is never reused for another state once committed, so `(session, version)` names one
//! committed state, whichever process wrote it (session rows are never deleted, so an id is
//! never reused once committed). A version written by a transaction that is rolled back may
//! be written again with another state, so what a transaction makes or reads stays in its
//! own list ([`States`]) and reaches the shared [`StateCache`] only when
//! [`States::publish`] is called after the commit; a savepoint rolled back drops its part
//! ([`States::rollback_to`]).
//!
//! A guild's shared state of a game (a roster) is kept the same way, in its game's type
//! ([`DynShared`], read once per version with [`DynGame::load_shared`]), keyed by guild and game
//! and checked against `shared_state.version`, which every write bumps too.

use std::cell::RefCell;
use std::sync::Arc;

use quick_cache::sync::Cache;
use quick_cache::Weighter;

use super::game::{DynGame, DynShared, DynState};
use super::DynError;
use crate::store::SessionRow;

/// How much memory the cached states may take, estimated as [`Cached::weight`]: 32 MB.
pub const STATE_CACHE_BYTES: u64 = 32 << 20;

/// A session's state at one version.
#[derive(Clone, Debug)]
pub struct Cached {
    /// The session's version this state is.
    pub version: i64,
    /// The state.
    pub state: DynState,
    /// True when the row's stored JSON is what [`DynGame::to_json`] writes for this state (false
    /// for a row an older version wrote), so an unchanged state can be told by comparing text.
    pub canonical: bool,
    /// Estimated memory: twice the stored JSON's length (a parsed state holds its strings and
    /// vectors plus their headers).
    weight: u64,
}

/// A guild's shared state of a game at one version.
#[derive(Clone, Debug)]
struct SharedCached {
    version: i64,
    state: DynShared,
    weight: u64,
}

/// `(guild key, game)`.
type SharedKey = (String, String);

#[derive(Clone)]
struct ByWeight;

/// What both caches hold: a state at a version, with its estimated size.
trait Entry: Clone {
    fn version(&self) -> i64;
    fn weight(&self) -> u64;
}

impl Entry for Cached {
    fn version(&self) -> i64 {
        self.version
    }
    fn weight(&self) -> u64 {
        self.weight
    }
}

impl Entry for SharedCached {
    fn version(&self) -> i64 {
        self.version
    }
    fn weight(&self) -> u64 {
        self.weight
    }
}

impl<K, V: Entry> Weighter<K, V> for ByWeight {
    fn weight(&self, _key: &K, c: &V) -> u64 {
        c.weight()
    }
}

/// Caches `c` under `key` unless a newer version is already there.
fn insert_newer<K: Eq + std::hash::Hash + Clone, V: Entry>(
    cache: &Cache<K, V, ByWeight>,
    key: K,
    c: V,
) {
    if cache
        .get(&key)
        .is_none_or(|old| old.version() <= c.version())
    {
        cache.insert(key, c);
    }
}

/// The states of recently used sessions and guilds' shared states, shared by the table's
/// threads, bounded by [`STATE_CACHE_BYTES`] (least recently used go first; a quarter of it
/// for shared states).
pub struct StateCache {
    states: Cache<i64, Cached, ByWeight>,
    shared: Cache<SharedKey, SharedCached, ByWeight>,
}

impl Default for StateCache {
    fn default() -> Self {
        StateCache::new(STATE_CACHE_BYTES)
    }
}

impl StateCache {
    /// A cache holding at most `bytes` of estimated state.
    pub fn new(bytes: u64) -> Self {
        // ~4 KB per state is a small session; the estimate only sizes the first allocation.
        let items = (bytes / 4096).max(16) as usize;
        StateCache {
            states: Cache::with_weighter(items, bytes - bytes / 4, ByWeight),
            shared: Cache::with_weighter(16, bytes / 4, ByWeight),
        }
    }

    /// The state of `session` at `version`, if cached.
    pub fn get(&self, session: i64, version: i64) -> Option<Cached> {
        self.states.get(&session).filter(|c| c.version == version)
    }

    /// Estimated memory of the cached states (sessions' and shared).
    pub fn weight(&self) -> u64 {
        self.states.weight() + self.shared.weight()
    }

    /// Number of cached session states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// True when no session state is cached.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }
}

/// One transaction's view of the cache: lookups see its own states first, and what it makes
/// or reads is kept aside until it commits.
pub struct States {
    cache: Arc<StateCache>,
    /// `(session, state)` made or read in this transaction, newest last.
    pending: RefCell<Vec<(i64, Cached)>>,
    /// Shared states made or read in this transaction, newest last.
    pending_shared: RefCell<Vec<(SharedKey, SharedCached)>>,
}

/// Where a savepoint began in a [`States`]' lists.
#[derive(Debug, Clone, Copy)]
pub struct Mark(usize, usize);

impl States {
    /// A transaction's view of `cache`.
    pub fn new(cache: Arc<StateCache>) -> Self {
        States {
            cache,
            pending: RefCell::new(Vec::new()),
            pending_shared: RefCell::new(Vec::new()),
        }
    }

    /// The typed state of the session row `s` (as this transaction sees it): from this
    /// transaction's states, else the cache, else parsed from the row (once).
    pub fn of(&self, game: &dyn DynGame, s: &SessionRow) -> Result<Cached, DynError> {
        let mine = self
            .pending
            .borrow()
            .iter()
            .rev()
            .find(|(id, c)| *id == s.id && c.version == s.version)
            .map(|(_, c)| c.clone());
        if let Some(c) = mine.or_else(|| self.cache.get(s.id, s.version)) {
            return Ok(c);
        }
        let state = game.load(&s.state)?;
        let canonical = game.to_json(&state)? == s.state;
        let c = Cached {
            version: s.version,
            state,
            canonical,
            weight: 2 * s.state.len() as u64,
        };
        self.pending.borrow_mut().push((s.id, c.clone()));
        Ok(c)
    }

    /// Records the state this transaction wrote for `session` at `version` (`json` is what
    /// was stored).
    pub fn made(&self, session: i64, version: i64, state: &DynState, json: &str) {
        self.pending.borrow_mut().push((
            session,
            Cached {
                version,
                state: state.clone(),
                canonical: true,
                weight: 2 * json.len() as u64,
            },
        ));
    }

    /// The shared state of `game` in guild `guild` at `version`, if this transaction or the
    /// cache has it.
    pub fn shared(&self, guild: &str, game: &str, version: i64) -> Option<DynShared> {
        let is =
            |k: &SharedKey, c: &SharedCached| k.0 == guild && k.1 == game && c.version == version;
        let mine = self
            .pending_shared
            .borrow()
            .iter()
            .rev()
            .find(|(k, c)| is(k, c))
            .map(|(_, c)| c.state.clone());
        mine.or_else(|| {
            self.cache
                .shared
                .get(&(guild.to_string(), game.to_string()))
                .filter(|c| c.version == version)
                .map(|c| c.state)
        })
    }

    /// Records the shared state this transaction read or wrote (`json_len`: its stored JSON's
    /// length) at `version`.
    pub fn shared_seen(
        &self,
        guild: &str,
        game: &str,
        version: i64,
        state: DynShared,
        json_len: usize,
    ) {
        self.pending_shared.borrow_mut().push((
            (guild.to_string(), game.to_string()),
            SharedCached {
                version,
                state,
                weight: 2 * json_len as u64,
            },
        ));
    }

    /// A mark to roll back to (taken with a savepoint).
    pub fn mark(&self) -> Mark {
        Mark(
            self.pending.borrow().len(),
            self.pending_shared.borrow().len(),
        )
    }

    /// Forgets what was made or read since `mark` (its savepoint was rolled back).
    pub fn rollback_to(&self, mark: Mark) {
        self.pending.borrow_mut().truncate(mark.0);
        self.pending_shared.borrow_mut().truncate(mark.1);
    }

    /// Puts this transaction's states in the shared cache: call only after it committed (or,
    /// for a read-only transaction, at any time: it read only committed rows).
    pub fn publish(&self) {
        // A reader that read an older committed version does not replace a newer one the
        // writer published meanwhile (that would only cost a parse later, never a wrong state).
        for (session, c) in self.pending.borrow_mut().drain(..) {
            insert_newer(&self.cache.states, session, c);
        }
        for (key, c) in self.pending_shared.borrow_mut().drain(..) {
            insert_newer(&self.cache.shared, key, c);
        }
    }
}
