//! The typed states of sessions, kept in memory so an action reads its session's state once
//! per (session, version) instead of parsing the stored JSON on every request.
//!
//! A cached state is keyed by its session and checked against the row's `version`: every
//! write of a session's state bumps its version ([`crate::store::session_update`]) and a
//! version is never reused for another state once committed, so `(session, version)` names one
//! committed state, whichever process wrote it. A version written by a transaction that is
//! rolled back may be written again with another state, so what a transaction makes or reads
//! stays in its own [`States::pending`] list and reaches the shared [`StateCache`] only when
//! [`States::publish`] is called after the commit; a savepoint rolled back drops its part
//! ([`States::rollback_to`]).

use std::cell::RefCell;
use std::sync::Arc;

use quick_cache::sync::Cache;
use quick_cache::Weighter;

use super::game::{DynGame, DynState};
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

#[derive(Clone)]
struct ByWeight;

impl Weighter<i64, Cached> for ByWeight {
    fn weight(&self, _session: &i64, c: &Cached) -> u64 {
        c.weight
    }
}

/// The states of recently used sessions, shared by the table's threads, bounded by
/// [`STATE_CACHE_BYTES`] (least recently used go first).
pub struct StateCache {
    states: Cache<i64, Cached, ByWeight>,
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
            states: Cache::with_weighter(items, bytes, ByWeight),
        }
    }

    /// The state of `session` at `version`, if cached.
    pub fn get(&self, session: i64, version: i64) -> Option<Cached> {
        self.states.get(&session).filter(|c| c.version == version)
    }

    /// Estimated memory of the cached states.
    pub fn weight(&self) -> u64 {
        self.states.weight()
    }

    /// Number of cached states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// True when nothing is cached.
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
}

impl States {
    /// A transaction's view of `cache`.
    pub fn new(cache: Arc<StateCache>) -> Self {
        States {
            cache,
            pending: RefCell::new(Vec::new()),
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

    /// A mark to roll back to (taken with a savepoint).
    pub fn mark(&self) -> usize {
        self.pending.borrow().len()
    }

    /// Forgets what was made or read since `mark` (its savepoint was rolled back).
    pub fn rollback_to(&self, mark: usize) {
        self.pending.borrow_mut().truncate(mark);
    }

    /// Puts this transaction's states in the shared cache: call only after it committed (or,
    /// for a read-only transaction, at any time: it read only committed rows).
    pub fn publish(&self) {
        for (session, c) in self.pending.borrow_mut().drain(..) {
            self.cache.states.insert(session, c);
        }
    }
}
