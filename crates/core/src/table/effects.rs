//! Guild-wide shared state changes as logged effects.
//!
//! A game's `Shared` state (the ninja roster, Night Wizard characters) outlives sessions and is
//! written by several channels. **Invariant: the shared state changes only together with a log
//! entry that records the change** — as an [`Effect`]: a forward and a reverse JSON Patch
//! (RFC 6902) of the guild's shared JSON, stored with the entry in the same transaction. Undo
//! applies the entry's reverse patch in the transaction that marks it undone; replaying a
//! session's log rebuilds the session's own state and never touches the shared state (the games
//! get `shared: None` there), so nothing is applied twice.
//!
//! The reverse patch opens with `test` operations on every record it touches (the whole record,
//! e.g. `/ninjas/3`, not just the changed field), holding the values the action left. If another
//! channel or a roster command changed that record since, the test fails and the undo is refused
//! with the record's name instead of overwriting the newer change. A record the action removed
//! must still be missing (`absent`), which a `test` operation cannot say.

use json_patch::jsonptr::PointerBuf;
use json_patch::{Patch, PatchOperation, TestOperation};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One log entry's change to a guild's shared state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// The game whose shared state changed.
    pub game: String,
    /// The guild key (`dm` outside guilds).
    pub guild: String,
    /// before → after.
    pub forward: Patch,
    /// after → before, guarded by `test` operations.
    pub reverse: Patch,
    /// Records the action removed: undo refuses if one exists again.
    #[serde(default)]
    pub absent: Vec<String>,
}

/// How deep a record sits: `/ninjas/3`, `/characters/0`, `/playing/<key>`, `/drafts/<user>`.
const RECORD_DEPTH: usize = 2;

/// Guards for undoing `after` → `before`: a `test` of every record (down to [`RECORD_DEPTH`])
/// that differs and exists after the action, and `absent` for each one the action removed.
fn guard(
    before: Option<&Value>,
    after: Option<&Value>,
    path: &mut PointerBuf,
    tests: &mut Vec<PatchOperation>,
    absent: &mut Vec<String>,
) {
    if before == after {
        return;
    }
    let depth = path.count();
    match (before, after) {
        (Some(Value::Object(b)), Some(Value::Object(a))) if depth < RECORD_DEPTH => {
            let mut keys: Vec<&String> = a.keys().collect();
            keys.extend(b.keys().filter(|k| !a.contains_key(*k)));
            for k in keys {
                path.push_back(k.as_str());
                guard(b.get(k), a.get(k), path, tests, absent);
                path.pop_back();
            }
        }
        (Some(Value::Array(b)), Some(Value::Array(a))) if depth < RECORD_DEPTH => {
            for i in 0..a.len().max(b.len()) {
                path.push_back(i);
                guard(b.get(i), a.get(i), path, tests, absent);
                path.pop_back();
            }
        }
        (_, Some(v)) => tests.push(PatchOperation::Test(TestOperation {
            path: path.clone(),
            value: v.clone(),
        })),
        (_, None) => absent.push(path.as_str().to_string()),
    }
}

/// The record a JSON Pointer falls in (its first [`RECORD_DEPTH`] tokens, still escaped).
fn record_of(path: &str) -> String {
    path.split('/')
        .skip(1)
        .take(RECORD_DEPTH)
        .fold(String::new(), |mut acc, t| {
            acc.push('/');
            acc.push_str(t);
            acc
        })
}

impl Effect {
    /// The change from `before` to `after`, or `None` if they are equal.
    pub fn between(game: &str, guild: &str, before: &Value, after: &Value) -> Option<Effect> {
        if before == after {
            return None;
        }
        let forward = json_patch::diff(before, after);
        let back = json_patch::diff(after, before);
        let mut reverse = Vec::new();
        let mut absent = Vec::new();
        guard(
            Some(before),
            Some(after),
            &mut PointerBuf::new(),
            &mut reverse,
            &mut absent,
        );
        reverse.extend(back.0);
        Some(Effect {
            game: game.to_string(),
            guild: guild.to_string(),
            forward,
            reverse: Patch(reverse),
            absent,
        })
    }

    /// The names of the named records this effect changed (ninjas, characters), for telling
    /// players what an undo put back.
    pub fn names(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for op in self.reverse.iter() {
            if let PatchOperation::Test(t) = op {
                if let Some(n) = t.value.get("name").and_then(Value::as_str) {
                    if !out.iter().any(|x| x == n) {
                        out.push(n.to_string());
                    }
                }
            }
        }
        out
    }

    /// `current` with this effect reversed, or a refusal naming the record that changed since.
    pub fn undo(&self, current: &Value) -> Result<Value, String> {
        for r in &self.absent {
            if current.pointer(r).is_some() {
                return Err(changed_since(current, r));
            }
        }
        let mut doc = current.clone();
        match json_patch::patch(&mut doc, &self.reverse) {
            Ok(()) => Ok(doc),
            Err(e) => Err(changed_since(current, &record_of(e.path.as_str()))),
        }
    }
}

/// "Red Fox's record changed since …", naming the record by its `name` when it has one.
fn changed_since(current: &Value, record: &str) -> String {
    let what = match current
        .pointer(&format!("{record}/name"))
        .and_then(Value::as_str)
    {
        Some(name) => format!("{name}'s record"),
        // An entry without a name (a lock, a count): its collection and its key, unescaped
        // (`/playing/alice~1ayla` is `alice/ayla` in `playing`).
        None => {
            let mut tokens = record
                .split('/')
                .skip(1)
                .map(|t| t.replace("~1", "/").replace("~0", "~"));
            match (tokens.next(), tokens.next()) {
                (Some(set), Some(key)) => format!("the server's `{set}` entry `{key}`"),
                (Some(set), None) => format!("the server's `{set}`"),
                _ => "the server's shared state".to_string(),
            }
        }
    };
    format!(
        "{what} changed since that action (in another channel, or by a roster or character command), and undoing it would overwrite that newer change. Nothing was undone."
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn roster(points: u32, extra: bool) -> Value {
        let mut ninjas = vec![
            json!({"id": 1, "name": "Red Fox", "points": points}),
            json!({"id": 2, "name": "Moss", "points": 0}),
        ];
        if extra {
            ninjas.push(json!({"id": 3, "name": "House Ninja 1", "points": 0}));
        }
        json!({ "ninjas": ninjas })
    }

    #[test]
    fn undoing_an_effect_restores_the_shared_json_exactly() {
        let before = roster(1, false);
        let after = roster(2, true);
        let e = Effect::between("ninja", "g", &before, &after).expect("a change");
        assert_eq!(e.names(), vec!["Red Fox", "House Ninja 1"]);
        assert_eq!(e.undo(&after).unwrap(), before);
        let mut fwd = before.clone();
        json_patch::patch(&mut fwd, &e.forward).unwrap();
        assert_eq!(fwd, after, "the forward patch is the change");
    }

    #[test]
    fn no_change_is_no_effect() {
        assert_eq!(
            Effect::between("ninja", "g", &roster(1, false), &roster(1, false)),
            None
        );
    }

    #[test]
    fn undo_refuses_when_the_same_record_changed_since_naming_it() {
        let before = roster(1, false);
        let after = roster(2, false);
        let e = Effect::between("ninja", "g", &before, &after).unwrap();
        // Elsewhere, Red Fox spent points on training (another field of the same record).
        let mut later = after.clone();
        later["ninjas"][0]["spent"] = json!(5);
        let err = e.undo(&later).unwrap_err();
        assert!(err.starts_with("Red Fox's record changed since"), "{err}");
        assert!(err.contains("Nothing was undone"), "{err}");
    }

    #[test]
    fn undo_ignores_changes_to_other_records() {
        let before = roster(1, false);
        let after = roster(2, false);
        let e = Effect::between("ninja", "g", &before, &after).unwrap();
        let mut later = after.clone();
        later["ninjas"][1]["points"] = json!(4);
        let mut want = before.clone();
        want["ninjas"][1]["points"] = json!(4);
        assert_eq!(e.undo(&later).unwrap(), want);
    }

    #[test]
    fn undo_guards_every_record_an_action_added_not_only_the_first() {
        // A fill adds several records at the end; elsewhere the last of them was trained since.
        let before = roster(1, false);
        let mut after = roster(1, true);
        after["ninjas"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": 4, "name": "House Ninja 2", "points": 0}));
        let e = Effect::between("ninja", "g", &before, &after).unwrap();
        assert_eq!(e.undo(&after).unwrap(), before);
        let mut later = after.clone();
        later["ninjas"][3]["spent"] = json!(5);
        let err = e.undo(&later).unwrap_err();
        assert!(err.starts_with("House Ninja 2's record changed"), "{err}");
        // A record another channel appended since survives the undo.
        let mut grown = after.clone();
        grown["ninjas"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": 5, "name": "Kai", "points": 0}));
        let mut want = before.clone();
        want["ninjas"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": 5, "name": "Kai", "points": 0}));
        assert_eq!(e.undo(&grown).unwrap(), want);
    }

    #[test]
    fn undo_refuses_to_bring_back_a_record_that_exists_again() {
        // The action removed a lock; elsewhere the ninja was locked again since.
        let before = json!({"playing": {"a/fox": {"channel": "x"}}});
        let after = json!({"playing": {}});
        let e = Effect::between("nw", "g", &before, &after).unwrap();
        assert_eq!(e.absent, vec!["/playing/a~1fox".to_string()]);
        assert_eq!(e.undo(&after).unwrap(), before);
        let again = json!({"playing": {"a/fox": {"channel": "y"}}});
        let err = e.undo(&again).unwrap_err();
        // Said by its collection and key, not as a JSON pointer.
        assert!(
            err.starts_with("the server's `playing` entry `a/fox` changed since"),
            "{err}"
        );
        assert!(!err.contains("~1"), "{err}");
    }
}
