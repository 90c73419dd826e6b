//! Retiring used buttons: once what a button or menu answers is settled (its decision was
//! answered, by this press, by a typed command or by another player; its state version passed;
//! its game ended), the message that carries it is edited so that component is disabled.
//!
//! - **The pressed message** is updated by the press's own initial response, UPDATE_MESSAGE
//!   (interaction callback type 7), when the press committed within Discord's 3 seconds; after
//!   a deferral ("thinking…") it is edited through the channel's message route instead (a
//!   public message; an ephemeral one can only be updated by its own interaction, so it keeps
//!   its components and a later press is refused). The press's public answer then goes as
//!   channel messages with nonces ([`super::send::answer`]), so a restart that sends it again
//!   makes no second copy; the envelope in the outbox names the pressed message
//!   ([`Pressed`]), so a restart also retires it again.
//! - **Other messages offering a decision** are remembered when sent ([`Offers`], in memory)
//!   and edited on the turn of the action that settled them, in their channel's outbox lane,
//!   so the edit never overtakes the output that explains it. A restart forgets them: their
//!   buttons keep looking live, and a press is still refused with what settled it.
//!
//! Which component is settled is the table's call ([`Standing::live`]); here it is only read
//! from the component's custom id ([`ids::decode`]).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ids;
use croupier_core::table::{Input, Standing};

/// The message a pressed component was on, as the interaction described it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pressed {
    /// Its message id.
    pub message: String,
    /// Only the presser sees it (it cannot be edited through the channel).
    pub ephemeral: bool,
    /// Its component rows, as Discord sent them.
    pub components: Value,
}

/// `rows` with every component that no longer answers anything disabled, or `None` when none
/// changed. `full` gives the full custom id of a `k:` key (`None`: unknown, left alone);
/// components that are not the table's (links, `c:-:-:` plain commands) stay as they are.
pub fn retire(
    rows: &Value,
    standing: Option<&Standing>,
    full: &dyn Fn(&str) -> Option<String>,
) -> Option<Value> {
    let mut rows = rows.clone();
    let mut changed = false;
    for row in rows.as_array_mut()? {
        let Some(components) = row.get_mut("components").and_then(Value::as_array_mut) else {
            continue;
        };
        for c in components {
            if c["disabled"].as_bool() == Some(true) {
                continue;
            }
            let Some(id) = c["custom_id"].as_str() else {
                continue;
            };
            let id = if id.starts_with("k:") {
                match full(id) {
                    Some(f) => f,
                    None => continue,
                }
            } else {
                id.to_string()
            };
            // A menu's id names the option its pick fills; any value reads it.
            let settled = match ids::decode(&id, &[String::from("-")]) {
                Ok(Input::Component {
                    session, lifetime, ..
                }) => !standing.is_some_and(|s| s.live(session, &lifetime)),
                _ => false,
            };
            if settled {
                c["disabled"] = Value::Bool(true);
                changed = true;
            }
        }
    }
    changed.then_some(rows)
}

/// The full ids of the `k:` keys among `rows`' custom ids (those known).
pub fn long_ids(
    tx: &croupier_core::store::Tx,
    rows: &Value,
) -> Result<HashMap<String, String>, croupier_core::store::StoreError> {
    let mut found = HashMap::new();
    for k in custom_ids(rows).filter(|i| i.starts_with("k:")) {
        if let Some(full) = ids::lookup(tx, k)? {
            found.insert(k.to_string(), full);
        }
    }
    Ok(found)
}

/// True when some component of `rows` answers a decision or a state version (so it may be
/// settled later); views valid for the whole session never are.
pub fn may_settle(rows: &Value) -> bool {
    custom_ids(rows).any(settles)
}

/// True when the component `id` answers a decision or a state version (or is a `k:` key,
/// which may).
fn settles(id: &str) -> bool {
    id.starts_with("k:")
        || matches!(
            ids::decode(id, &[String::from("-")]),
            Ok(Input::Component { lifetime, .. })
                if lifetime != croupier_core::table::Lifetime::Session
        )
}

fn custom_ids(rows: &Value) -> impl Iterator<Item = &str> {
    rows.as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r["components"].as_array().into_iter().flatten())
        .filter_map(|c| c["custom_id"].as_str())
}

/// Where a sent message can be edited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum At {
    /// A channel message (`PATCH /channels/{channel}/messages/{id}`).
    Channel(u64),
    /// An interaction's answer (`@original`) or followup (an id), edited through the
    /// interaction's token while it works ("Interaction tokens are valid for 15 minutes").
    Webhook {
        /// The interaction's token.
        token: String,
        /// `@original` or the followup's id.
        message: String,
    },
}

/// One message offering components that may be settled later.
#[derive(Debug, Clone)]
pub struct Offer {
    /// Where it can be edited.
    pub at: At,
    /// Its component rows as last sent.
    pub rows: Value,
    /// When it was sent.
    pub since: Instant,
}

/// An interaction token stops working after 15 minutes; its messages are let go a little
/// before.
const TOKEN_USE: Duration = Duration::from_secs(14 * 60);

/// At most this many offers are kept per channel (the oldest go first).
const PER_CHANNEL: usize = 32;

/// Messages offering components, per channel (in memory: see the module notes).
#[derive(Debug, Default)]
pub struct Offers {
    by_channel: Mutex<HashMap<String, Vec<Offer>>>,
}

impl Offers {
    /// Remembers messages just sent in `channel`.
    pub fn add(&self, channel: &str, new: Vec<(At, Value)>) {
        if new.is_empty() {
            return;
        }
        let Ok(mut map) = self.by_channel.lock() else {
            return;
        };
        let list = map.entry(channel.to_string()).or_default();
        for (at, rows) in new {
            list.push(Offer {
                at,
                rows,
                since: Instant::now(),
            });
        }
        let over = list.len().saturating_sub(PER_CHANNEL);
        list.drain(..over);
    }

    /// Whether `channel` has messages whose components may still be retired.
    pub fn any(&self, channel: &str) -> bool {
        self.by_channel
            .lock()
            .is_ok_and(|m| m.get(channel).is_some_and(|l| !l.is_empty()))
    }

    /// Takes the edits that `standing` calls for in `channel`: each offer whose rows change
    /// comes back with its new rows (and is kept with them while some component may still be
    /// settled). `pressed`: rows just retired by the press itself, whose offer is updated
    /// without a second edit.
    pub fn settle(
        &self,
        channel: &str,
        standing: Option<&Standing>,
        pressed: Option<(&Value, &Value)>,
    ) -> Vec<(At, Value)> {
        let Ok(mut map) = self.by_channel.lock() else {
            return vec![];
        };
        let Some(list) = map.get_mut(channel) else {
            return vec![];
        };
        let mut edits = vec![];
        list.retain_mut(|o| {
            if matches!(o.at, At::Webhook { .. }) && o.since.elapsed() > TOKEN_USE {
                return false;
            }
            if let Some((before, after)) = pressed {
                if same_components(&o.rows, before) {
                    o.rows = after.clone();
                }
            }
            if let Some(rows) = retire(&o.rows, standing, &|_| None) {
                edits.push((o.at.clone(), rows.clone()));
                o.rows = rows;
            }
            live_ids(&o.rows).any(settles)
        });
        if list.is_empty() {
            map.remove(channel);
        }
        edits
    }
}

/// The custom ids of components not yet disabled.
fn live_ids(rows: &Value) -> impl Iterator<Item = &str> {
    rows.as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r["components"].as_array().into_iter().flatten())
        .filter(|c| c["disabled"].as_bool() != Some(true))
        .filter_map(|c| c["custom_id"].as_str())
}

/// True when two sets of rows carry the same custom ids (the same message, seen twice).
fn same_components(a: &Value, b: &Value) -> bool {
    let (x, y): (Vec<&str>, Vec<&str>) = (custom_ids(a).collect(), custom_ids(b).collect());
    !x.is_empty() && x == y
}

#[cfg(test)]
mod tests {
    use super::*;
    use croupier_core::table::Stamp;
    use serde_json::json;

    fn rows(ids: &[&str]) -> Value {
        json!([{"type": 1, "components": ids.iter().map(|i| json!({"type": 2, "style": 1, "label": "x", "custom_id": i})).collect::<Vec<_>>()}])
    }

    fn disabled(rows: &Value) -> Vec<bool> {
        rows[0]["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["disabled"].as_bool() == Some(true))
            .collect()
    }

    #[test]
    fn settled_decisions_old_versions_and_ended_games_are_disabled_views_stay() {
        let st = Some(Stamp {
            session: 3,
            version: 9,
        });
        let r = rows(&[
            &ids::button_id(st, Some("t1-roll"), "/dice roll"),
            &ids::button_id(st, Some("t2-roll"), "/dice roll"),
            &ids::button_id(st, None, "/game status"),
            "c:3:8:/dice roll",
            &ids::button_id(None, None, "/help"),
        ]);
        let now = Standing {
            session: 3,
            version: 10,
            open: vec!["t2-roll".into()],
        };
        let after = retire(&r, Some(&now), &|_| None).expect("something changed");
        assert_eq!(disabled(&after), [true, false, false, true, false]);
        assert!(
            retire(&after, Some(&now), &|_| None).is_none(),
            "idempotent"
        );
        // The game ended (or another one runs): every component of the session goes.
        let ended = retire(&r, None, &|_| None).unwrap();
        assert_eq!(disabled(&ended), [true, true, true, true, false]);
        let other = Standing { session: 4, ..now };
        assert_eq!(
            disabled(&retire(&r, Some(&other), &|_| None).unwrap()),
            [true, true, true, true, false]
        );
    }

    #[test]
    fn offers_are_edited_once_and_forgotten_when_nothing_can_settle() {
        let st = Some(Stamp {
            session: 1,
            version: 1,
        });
        let offers = Offers::default();
        let r = rows(&[
            &ids::button_id(st, Some("a"), "/x"),
            &ids::button_id(st, None, "/y"),
        ]);
        assert!(may_settle(&r));
        assert!(!may_settle(&rows(&[&ids::button_id(st, None, "/y")])));
        offers.add("7", vec![(At::Channel(11), r)]);
        let open = Standing {
            session: 1,
            version: 2,
            open: vec!["a".into()],
        };
        assert!(offers.settle("7", Some(&open), None).is_empty());
        assert!(offers.any("7"));
        let settled = Standing {
            open: vec![],
            ..open
        };
        let edits = offers.settle("7", Some(&settled), None);
        assert_eq!(edits.len(), 1);
        assert_eq!(edits[0].0, At::Channel(11));
        assert_eq!(disabled(&edits[0].1), [true, false]);
        assert!(
            !offers.any("7"),
            "only a view is left: nothing more to retire"
        );
    }
}
