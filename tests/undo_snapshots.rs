//! Undo replays from the latest snapshot, not from the session's start: a snapshot is kept every
//! 200 actions, undoing across it deletes it, and every undo leaves exactly the state a replay of
//! the whole log gives (the check undo relied on before snapshots).

use std::path::Path;
use std::sync::Arc;

use croupier::console::{Console, ConsoleOptions};
use croupier::store::Store;
use croupier::table::{ManualClock, SeedMode, Table};

fn say(c: &mut Console, line: &str) -> String {
    let mut out = Vec::new();
    c.line(1, line, &mut out).expect("console line");
    String::from_utf8(out).expect("utf8")
}

#[test]
fn undo_across_a_snapshot_gives_the_state_a_whole_replay_gives() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("u.db");
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let mut t = Table::new(
        Store::open(&db).unwrap(),
        Arc::new(croupier::games::load(Path::new("data")).expect("data loads")),
        clock.clone(),
        SeedMode::Fixed(3),
    );
    let mut c = Console::new(&mut t, clock, ConsoleOptions::default());
    say(&mut c, "alice: /dice new expr:1d6 rounds:1000");
    say(&mut c, "alice: /dice start");
    let mut states = vec![];
    for _ in 0..215 {
        states.push(c.table().state_json("table").unwrap().unwrap()["state"].clone());
        let out = say(&mut c, "alice: /dice roll");
        assert!(!out.contains("⛔"), "{out}");
    }
    let session = c.table().session("table").unwrap().unwrap().id;
    let snapshots = |t: &mut Table| -> i64 {
        let tx = t
            .store()
            .sqlite()
            .expect("an SQLite store")
            .unchecked_transaction()
            .unwrap();
        tx.query_row(
            "SELECT COUNT(*) FROM snapshots WHERE session_id = ?1",
            [session],
            |r| r.get(0),
        )
        .unwrap()
    };
    assert_eq!(snapshots(c.table()), 1, "one snapshot after 200 versions");
    // Undo back across the snapshot: each undo gives the state before that roll, and the
    // stored state is what a replay of the whole log gives.
    for k in (190..215).rev() {
        let out = say(&mut c, "alice: /game undo");
        assert!(out.contains("↩️ Undone"), "{out}");
        let now = c.table().state_json("table").unwrap().unwrap()["state"].clone();
        assert_eq!(now, states[k], "after undoing roll {}", k + 1);
        let (stored, replayed) = c.table().replay(session).unwrap().unwrap();
        assert_eq!(stored, replayed);
    }
    assert_eq!(
        snapshots(c.table()),
        0,
        "the snapshot holding an undone roll is gone"
    );
    // Playing on takes a new snapshot at the next multiple of 200 versions.
    for _ in 0..20 {
        say(&mut c, "alice: /dice roll");
    }
    let (stored, replayed) = c.table().replay(session).unwrap().unwrap();
    assert_eq!(stored, replayed);
}
