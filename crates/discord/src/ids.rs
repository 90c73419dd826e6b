//! Component custom ids: they name the session, what the component answers and the
//! command, so a press is understood from the id and the stored state alone (after a
//! restart, after the interaction token expired).
//!
//! - `{command}` is the command line a game's typed command writes (`Commands::to_line`)
//! - button: `b:{session}:{decision}:{command}`
//! - menu:   `m:{session}:{decision}:{option}[.n]:{command}` (the picked value fills `option`)
//! - `{decision}` is the key of the game decision it answers ([`croupier_core::table::Decision`]),
//!   or `~` for a view that stays valid while the session runs
//! - no session: `c:-:-:{command}` and `s:-:-:{option}[.n]:{command}` (run as plain commands)
//! - read, never written: `c:{session}:{version}:…` and `s:{session}:{version}:…`, from
//!   before decisions, valid only at that state version
//! - over 100 characters: `k:{hash}`, with the full id kept in SQLite (`discord_component_ids`).

use croupier_core::args;
use croupier_core::store::{StoreError, Tx};
use croupier_core::table::{Command, Decision, Input, Lifetime, Stamp};

/// Discord's maximum custom id length.
pub const MAX_ID: usize = 100;

/// The id of a button running `command`, answering `decision` (see the module notes).
pub fn button_id(stamp: Option<Stamp>, decision: Option<&str>, command: &str) -> String {
    match stamp {
        Some(s) => format!("b:{}:{}:{}", s.session, key_part(decision), command.trim()),
        None => format!("c:-:-:{}", command.trim()),
    }
}

/// The id of the `n`th menu (0-based) filling `option` of `command`.
pub fn select_id(
    stamp: Option<Stamp>,
    decision: Option<&str>,
    option: &str,
    n: usize,
    command: &str,
) -> String {
    let opt = if n == 0 {
        option.to_string()
    } else {
        format!("{option}.{n}")
    };
    match stamp {
        Some(s) => format!(
            "m:{}:{}:{opt}:{}",
            s.session,
            key_part(decision),
            command.trim()
        ),
        None => format!("s:-:-:{opt}:{}", command.trim()),
    }
}

fn key_part(decision: Option<&str>) -> &str {
    match decision {
        Some(k) if Decision::key_is_valid(k) => k,
        _ => "~",
    }
}

/// Long ids replaced by short keys while rendering; saved before the message is sent.
#[derive(Debug, Default, Clone)]
pub struct LongIds {
    pairs: Vec<(String, String)>,
}

impl LongIds {
    /// `id` itself if short enough, else a `k:` key (remembered in `pairs`).
    pub fn shorten(&mut self, id: String) -> String {
        if id.len() <= MAX_ID {
            return id;
        }
        let h = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let key = format!("k:{h:016x}");
        if !self.pairs.iter().any(|(k, _)| *k == key) {
            self.pairs.push((key.clone(), id));
        }
        key
    }

    /// The (key, full id) pairs to save.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }
}

/// Saves long ids.
pub fn save(tx: &Tx, long: &LongIds) -> Result<(), StoreError> {
    for (k, v) in long.pairs() {
        tx.exec(
            "INSERT INTO discord_component_ids(key, custom_id) VALUES (?1, ?2)
             ON CONFLICT(key) DO NOTHING",
            args![k, v],
        )?;
    }
    Ok(())
}

/// Looks a `k:` key up.
pub fn lookup(tx: &Tx, key: &str) -> Result<Option<String>, StoreError> {
    tx.query_opt(
        "SELECT custom_id FROM discord_component_ids WHERE key = ?1",
        args![key],
    )?
    .map(|mut r| r.text(0))
    .transpose()
}

/// Why a custom id could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// Not one of ours.
    #[error("this button is not one Croupier understands (it may come from an older version)")]
    Unknown,
    /// A menu press without a value.
    #[error("no entry was picked")]
    NoValue,
}

/// Turns a (full, not `k:`) custom id and the picked values into the table's input.
pub fn decode(id: &str, values: &[String]) -> Result<Input, IdError> {
    let (kind, rest) = id.split_once(':').ok_or(IdError::Unknown)?;
    let (session, rest) = rest.split_once(':').ok_or(IdError::Unknown)?;
    let (second, rest) = rest.split_once(':').ok_or(IdError::Unknown)?;
    let session = match (kind, session.parse::<i64>()) {
        ("b" | "m" | "c" | "s", Ok(n)) => Some(n),
        ("c" | "s", _) if session == "-" && second == "-" => None,
        _ => return Err(IdError::Unknown),
    };
    let lifetime = match kind {
        "b" | "m" if second == "~" => Lifetime::Session,
        "b" | "m" if Decision::key_is_valid(second) => Lifetime::Decision(second.to_string()),
        "c" | "s" if session.is_none() => Lifetime::Session,
        "c" | "s" => Lifetime::Version(second.parse().map_err(|_| IdError::Unknown)?),
        _ => return Err(IdError::Unknown),
    };
    let command = match kind {
        "b" | "c" => Command::parse_line(rest).map_err(|_| IdError::Unknown)?,
        _ => {
            let (opt, cmd) = rest.split_once(':').ok_or(IdError::Unknown)?;
            let opt = opt.split('.').next().unwrap_or(opt);
            let value = values.first().ok_or(IdError::NoValue)?;
            let mut c = Command::parse_line(cmd).map_err(|_| IdError::Unknown)?;
            c.options.insert(opt.to_string(), value.clone());
            c
        }
    };
    Ok(match session {
        Some(session) => Input::Component {
            session,
            lifetime,
            command,
        },
        None => Input::Command(command),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_and_menu_ids_round_trip() {
        let st = Some(Stamp {
            session: 3,
            version: 9,
        });
        let id = button_id(st, Some("s2-roll"), "/nobi roll");
        assert_eq!(id, "b:3:s2-roll:/nobi roll");
        match decode(&id, &[]).unwrap() {
            Input::Component {
                session,
                lifetime,
                command,
            } => {
                assert_eq!(session, 3);
                assert_eq!(lifetime, Lifetime::Decision("s2-roll".into()));
                assert_eq!(command.path_str(), "nobi roll");
            }
            other => panic!("{other:?}"),
        }
        let view = button_id(st, None, "/nakama hand");
        assert_eq!(view, "b:3:~:/nakama hand");
        assert!(matches!(
            decode(&view, &[]),
            Ok(Input::Component {
                lifetime: Lifetime::Session,
                ..
            })
        ));
        let id = select_id(st, Some("t4-give"), "card", 1, "/nakama play target:x:y");
        match decode(&id, &["c7".into()]).unwrap() {
            Input::Component {
                command, lifetime, ..
            } => {
                assert_eq!(command.get("card"), Some("c7"));
                assert_eq!(command.get("target"), Some("x:y"));
                assert_eq!(lifetime, Lifetime::Decision("t4-give".into()));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            decode(&button_id(None, None, "/help"), &[]),
            Ok(Input::Command(_))
        ));
        assert_eq!(decode("zzz", &[]).unwrap_err(), IdError::Unknown);
        assert_eq!(
            decode(&select_id(st, None, "card", 0, "/x"), &[]).unwrap_err(),
            IdError::NoValue
        );
    }

    #[test]
    fn ids_from_before_decisions_stay_valid_only_at_their_version() {
        match decode("c:3:9:/dice roll", &[]).unwrap() {
            Input::Component {
                session, lifetime, ..
            } => {
                assert_eq!(session, 3);
                assert_eq!(lifetime, Lifetime::Version(9));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(decode("b:3:bad key:/x", &[]).unwrap_err(), IdError::Unknown);
    }

    #[test]
    fn long_ids_are_stored_and_found_again() {
        let mut store = croupier_core::store::Store::in_memory().unwrap();
        let conn = &store.transaction().unwrap();
        let mut long = LongIds::default();
        let full = button_id(None, None, &format!("/x y note:{}", "a".repeat(150)));
        let key = long.shorten(full.clone());
        assert!(key.len() <= MAX_ID);
        assert_eq!(long.shorten("c:-:-:/help".into()), "c:-:-:/help");
        save(conn, &long).unwrap();
        assert_eq!(lookup(conn, &key).unwrap(), Some(full));
        assert_eq!(lookup(conn, "k:nope").unwrap(), None);
    }
}
