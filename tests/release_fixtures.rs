//! Running campaigns survive upgrades. `tests/fixtures/releases/<release>/campaigns.db` was
//! written by that release's binary (`tests/fixtures/make_release_db.sh` says how): a game of each kind in progress,
//! one per channel. Today's build opens a copy (migrating it), and in every game undo takes back
//! the last action made before the upgrade (from the log, as those entries store no way back),
//! the same action taken again comes out the same, undo takes that one back too (from what it
//! stored), and play goes on.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use croupier::store::Store;
use croupier::table::{Actor, Command, Input, ManualClock, Outcome, Request, SeedMode, Table};
use serde_json::Value;

/// Each game's channel in the fixture, its host, and the last action taken there before the
/// upgrade (by whom).
const GAMES: &[(&str, &str, &str, &str)] = &[
    ("dice", "alice", "bob", "/dice roll"),
    ("nobi", "alice", "alice", "/nobi scene"),
    ("nakama", "alice", "alice", "/nakama begin bosses:1"),
    ("ninja", "gm", "gm", "/ninja start"),
    ("nw", "gm", "gm", "/nwcombat start"),
];

fn releases() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir("tests/fixtures/releases")
        .unwrap()
        .map(|e| e.unwrap().path().join("campaigns.db"))
        .collect();
    out.sort();
    out
}

fn run(t: &mut Table, channel: &str, user: &str, id: &str, line: &str) -> Outcome {
    t.handle(&Request {
        channel: channel.into(),
        guild: Some("console".into()),
        actor: Actor::player(user, user),
        request_id: id.into(),
        locale: Default::default(),
        input: Input::Command(Command::parse_line(line).unwrap()),
    })
    .unwrap()
}

/// The session's state and dice generator, as stored.
fn session(t: &mut Table, channel: &str) -> (Value, Value) {
    let s = t.session(channel).unwrap().expect("a session");
    let state = serde_json::from_str(&s.state).unwrap();
    let rng: Value = serde_json::from_str(&s.rng).unwrap();
    assert!(rng.is_object(), "{rng}");
    (state, rng)
}

fn body(out: &Outcome) -> String {
    out.replies
        .iter()
        .map(|r| r.message.body.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_game_of_every_release_opens_undoes_and_goes_on() {
    let releases = releases();
    assert!(!releases.is_empty(), "at least one release's databases");
    for fixture in releases {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("campaigns.db");
        std::fs::copy(&fixture, &db).unwrap();
        let mut t = Table::new(
            Store::open(&db).unwrap(),
            Arc::new(croupier::games::load(Path::new("data")).expect("data loads")),
            Arc::new(ManualClock::at(1_900_000_000)),
            SeedMode::Fixed(1),
        );
        for (channel, host, actor, last) in GAMES {
            let at = format!("{}: {channel}", fixture.display());
            let before = session(&mut t, channel);
            let out = run(
                &mut t,
                channel,
                host,
                &format!("{channel}-u1"),
                "/game undo",
            );
            assert!(
                out.accepted,
                "{at}: undo of an entry from before: {}",
                body(&out)
            );
            let undone = session(&mut t, channel);
            assert_ne!(undone.0, before.0, "{at}: the undo changed the state");

            let out = run(&mut t, channel, actor, &format!("{channel}-a1"), last);
            assert!(out.accepted, "{at}: {last} again: {}", body(&out));
            assert_eq!(
                session(&mut t, channel).1,
                before.1,
                "{at}: the same action rolls the same dice again"
            );

            let out = run(
                &mut t,
                channel,
                host,
                &format!("{channel}-u2"),
                "/game undo",
            );
            assert!(out.accepted, "{at}: undo after the upgrade: {}", body(&out));
            assert_eq!(
                session(&mut t, channel),
                undone,
                "{at}: undo restores the state and dice exactly"
            );

            let out = run(&mut t, channel, actor, &format!("{channel}-a2"), last);
            assert!(out.accepted, "{at}: play goes on: {}", body(&out));
        }
        let version: i64 = t
            .store()
            .sqlite()
            .expect("an SQLite store")
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert!(
            version >= 11,
            "{}: migrated to {version}",
            fixture.display()
        );
    }
}
