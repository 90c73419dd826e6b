//! A process-wide memo with a size budget, shared by the glyph-outline and text-stamp caches.
//!
//! Pictures repeat a small set of texts, so a cache of what was already laid out or drawn
//! saves most of the work; a long-running bot must still not grow without bound. The memo
//! counts the bytes of what it holds and starts over when a new entry would pass its budget
//! (simpler than LRU, and the working set of a few pictures refills it in milliseconds).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

/// Values and their approximate sizes in bytes, within `budget` bytes.
pub struct Memo<K, V> {
    inner: Mutex<(HashMap<K, V>, usize)>,
    budget: usize,
}

impl<K: Eq + Hash, V: Clone> Memo<K, V> {
    /// An empty memo that holds at most `budget` bytes.
    pub fn new(budget: usize) -> Self {
        Memo {
            inner: Mutex::new((HashMap::new(), 0)),
            budget,
        }
    }

    /// The value for `key`, made by `make` from the key (returning it and its size) when
    /// missing. `make` runs without the lock, so two threads may make the same value once each.
    pub fn get_or_make(&self, key: K, make: impl FnOnce(&K) -> (V, usize)) -> V {
        if let Ok(g) = self.inner.lock() {
            if let Some(v) = g.0.get(&key) {
                return v.clone();
            }
        }
        let (value, size) = make(&key);
        if let Ok(mut g) = self.inner.lock() {
            if g.1 + size > self.budget {
                g.0.clear();
                g.1 = 0;
            }
            if size <= self.budget {
                g.0.insert(key, value.clone());
                g.1 += size;
            }
        }
        value
    }

    /// True when `key` has a value.
    pub fn contains(&self, key: &K) -> bool {
        self.inner.lock().is_ok_and(|g| g.0.contains_key(key))
    }

    /// Forgets everything.
    pub fn clear(&self) {
        if let Ok(mut g) = self.inner.lock() {
            g.0.clear();
            g.1 = 0;
        }
    }

    /// Entries held and their bytes.
    pub fn usage(&self) -> (usize, usize) {
        self.inner.lock().map_or((0, 0), |g| (g.0.len(), g.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_made_once_and_the_budget_holds() {
        let memo: Memo<u32, u32> = Memo::new(100);
        let mut made = 0;
        for _ in 0..3 {
            memo.get_or_make(1, |_| {
                made += 1;
                (10, 40)
            });
        }
        assert_eq!(made, 1, "made once, then remembered");
        memo.get_or_make(2, |_| (20, 40));
        assert_eq!(memo.usage(), (2, 80));
        // A third 40-byte value would pass 100 bytes: the memo starts over with it.
        assert_eq!(memo.get_or_make(3, |_| (30, 40)), 30);
        assert_eq!(memo.usage(), (1, 40));
        // A value larger than the whole budget is returned but not kept.
        assert_eq!(memo.get_or_make(4, |k| (*k * 10, 500)), 40);
        assert_eq!(memo.usage(), (0, 0));
        memo.clear();
        assert_eq!(memo.usage(), (0, 0));
    }
}
