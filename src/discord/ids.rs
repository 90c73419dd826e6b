//! Component custom ids: they name the session, the state version and the command, so a
//! press is understood from the id and the stored state alone (after a restart, after the
//! interaction token expired).
//!
//! - button: `c:{session}:{version}:{command}`
//! - menu:   `s:{session}:{version}:{option}[.n]:{command}` (the picked value fills `option`)
//! - `-` for session and version when the message has no stamp (runs as a plain command)
//! - over 100 characters: `k:{hash}`, with the full id kept in SQLite (`discord_component_ids`).

use rusqlite::{params, Connection, OptionalExtension};

use crate::table::{Command, Input, Stamp};

/// Discord's maximum custom id length.
pub const MAX_ID: usize = 100;

/// The id of a button running `command`.
pub fn button_id(stamp: Option<Stamp>, command: &str) -> String {
    format!("c:{}:{}", stamp_part(stamp), command.trim())
}

/// The id of the `n`th menu (0-based) filling `option` of `command`.
pub fn select_id(stamp: Option<Stamp>, option: &str, n: usize, command: &str) -> String {
    let opt = if n == 0 {
        option.to_string()
    } else {
        format!("{option}.{n}")
    };
    format!("s:{}:{opt}:{}", stamp_part(stamp), command.trim())
}

fn stamp_part(stamp: Option<Stamp>) -> String {
    match stamp {
        Some(s) => format!("{}:{}", s.session, s.version),
        None => "-:-".into(),
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

/// Creates the table of long ids (the Discord front end's only table of its own).
pub fn ensure_table(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS discord_component_ids(
            key TEXT PRIMARY KEY,
            custom_id TEXT NOT NULL
        ) STRICT;",
    )
}

/// Saves long ids.
pub fn save(conn: &Connection, long: &LongIds) -> rusqlite::Result<()> {
    for (k, v) in long.pairs() {
        conn.execute(
            "INSERT INTO discord_component_ids(key, custom_id) VALUES (?1, ?2) ON CONFLICT(key) DO NOTHING",
            params![k, v],
        )?;
    }
    Ok(())
}

/// Looks a `k:` key up.
pub fn lookup(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "SELECT custom_id FROM discord_component_ids WHERE key = ?1",
        params![key],
        |r| r.get(0),
    )
    .optional()
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
    let (version, rest) = rest.split_once(':').ok_or(IdError::Unknown)?;
    let stamp = match (session.parse::<i64>(), version.parse::<i64>()) {
        (Ok(session), Ok(version)) => Some(Stamp { session, version }),
        _ if session == "-" && version == "-" => None,
        _ => return Err(IdError::Unknown),
    };
    let command = match kind {
        "c" => Command::parse_line(rest).map_err(|_| IdError::Unknown)?,
        "s" => {
            let (opt, cmd) = rest.split_once(':').ok_or(IdError::Unknown)?;
            let opt = opt.split('.').next().unwrap_or(opt);
            let value = values.first().ok_or(IdError::NoValue)?;
            let mut c = Command::parse_line(cmd).map_err(|_| IdError::Unknown)?;
            c.options.insert(opt.to_string(), value.clone());
            c
        }
        _ => return Err(IdError::Unknown),
    };
    Ok(match stamp {
        Some(stamp) => Input::Component { stamp, command },
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
        let id = button_id(st, "/dice roll");
        assert_eq!(id, "c:3:9:/dice roll");
        match decode(&id, &[]).unwrap() {
            Input::Component { stamp, command } => {
                assert_eq!(
                    stamp,
                    Stamp {
                        session: 3,
                        version: 9
                    }
                );
                assert_eq!(command.path_str(), "dice roll");
            }
            other => panic!("{other:?}"),
        }
        let id = select_id(st, "card", 1, "/nakama play target:x:y");
        match decode(&id, &["c7".into()]).unwrap() {
            Input::Component { command, .. } => {
                assert_eq!(command.get("card"), Some("c7"));
                assert_eq!(command.get("target"), Some("x:y"));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            decode(&button_id(None, "/help"), &[]),
            Ok(Input::Command(_))
        ));
        assert_eq!(decode("zzz", &[]).unwrap_err(), IdError::Unknown);
        assert_eq!(
            decode(&select_id(st, "card", 0, "/x"), &[]).unwrap_err(),
            IdError::NoValue
        );
    }

    #[test]
    fn long_ids_are_stored_and_found_again() {
        let conn = Connection::open_in_memory().unwrap();
        ensure_table(&conn).unwrap();
        let mut long = LongIds::default();
        let full = button_id(None, &format!("/x y note:{}", "a".repeat(150)));
        let key = long.shorten(full.clone());
        assert!(key.len() <= MAX_ID);
        assert_eq!(long.shorten("c:-:-:/help".into()), "c:-:-:/help");
        save(&conn, &long).unwrap();
        assert_eq!(lookup(&conn, &key).unwrap(), Some(full));
        assert_eq!(lookup(&conn, "k:nope").unwrap(), None);
    }
}
