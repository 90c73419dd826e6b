//! A session's GMs are a column written with its state (`/roll` reads them without reading the
//! whole state); a session saved before that column existed still finds its GMs in the state.

use std::path::Path;
use std::sync::Arc;

use croupier::store::Store;
use croupier::table::{
    Actor, Audience, Command, Input, ManualClock, Registry, Request, SeedMode, Table, UserId,
};

fn run(t: &mut Table, user: &str, id: &str, line: &str) -> croupier::table::Outcome {
    let out = t
        .handle(&Request {
            channel: "chan".into(),
            guild: Some("g".into()),
            actor: Actor::player(user, user),
            request_id: id.into(),
            locale: Default::default(),
            input: Input::Command(Command::parse_line(line).unwrap()),
        })
        .unwrap();
    assert!(out.accepted, "{line}: {out:?}");
    out
}

/// (gms column, GMs the game names in the stored state) of the active session.
fn gms(t: &mut Table, games: &Registry) -> (Option<String>, String) {
    let (col, state, game): (Option<String>, String, String) = t
        .store()
        .sqlite()
        .expect("an SQLite store")
        .query_row(
            "SELECT gms, state, game FROM sessions WHERE active = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    let g = games.find(&game).unwrap();
    let named = g.gms(&g.load(&state).unwrap()).unwrap();
    (col, serde_json::to_string(&named).unwrap())
}

#[test]
fn the_gms_column_follows_the_state_and_an_old_session_reads_them_from_the_state() {
    let dir = tempfile::tempdir().unwrap();
    let games = Arc::new(croupier::games::load(Path::new("data")).unwrap());
    let mut t = Table::new(
        Store::open(&dir.path().join("g.db")).unwrap(),
        games.clone(),
        Arc::new(ManualClock::at(1_000)),
        SeedMode::Fixed(3),
    );
    run(&mut t, "gm", "1", "/nw new");
    let (col, named) = gms(&mut t, &games);
    assert_eq!(
        col.as_deref(),
        Some(named.as_str()),
        "written with the new session"
    );
    assert!(named.contains("gm"), "{named}");
    // The GM's role moves with the host: the column moves with it.
    run(&mut t, "gm", "2", "/game host user:bob");
    let (col, named) = gms(&mut t, &games);
    assert!(
        named.contains("bob") && !named.contains("\"gm\""),
        "{named}"
    );
    assert_eq!(
        col.as_deref(),
        Some(named.as_str()),
        "rewritten with the state"
    );
    // Undo puts the GM back, column too.
    run(&mut t, "bob", "3", "/game undo");
    let (col, named) = gms(&mut t, &games);
    assert!(named.contains("gm"), "{named}");
    assert_eq!(col.as_deref(), Some(named.as_str()));
    // A GM roll is shown to the GMs the column names.
    let out = run(&mut t, "alice", "4", "/roll expr:1d6 visibility:gm");
    let shown_to_gm = |out: &croupier::table::Outcome| {
        out.replies.iter().any(|r| match &r.audience {
            Audience::Only(us) => us.contains(&UserId::new("gm")),
            _ => false,
        })
    };
    assert!(shown_to_gm(&out), "{out:?}");
    // A session saved before the column existed: its GMs are read from the state.
    t.store()
        .sqlite()
        .expect("an SQLite store")
        .execute("UPDATE sessions SET gms = NULL", [])
        .unwrap();
    let out = run(&mut t, "alice", "5", "/roll expr:1d6 visibility:gm");
    assert!(shown_to_gm(&out), "{out:?}");
}
