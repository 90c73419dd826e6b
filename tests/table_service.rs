//! The table service's guarantees: one transaction per action, idempotency, refusals that
//! change nothing, serialised concurrent actions, undo by replay, and crash safety (kill -9).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command as Proc, Stdio};
use std::sync::{Arc, Barrier};

use croupier::store::Store;
use croupier::table::{
    Actor, Button, Command, Input, Lifetime, ManualClock, Outcome, Registry, Request, SeedMode,
    Stamp, Table,
};

fn registry() -> Arc<Registry> {
    Arc::new(croupier::games::load(Path::new("data")).expect("data loads"))
}

fn table(path: &Path) -> Table {
    Table::new(
        Store::open(path).unwrap(),
        registry(),
        Arc::new(ManualClock::at(1_000)),
        SeedMode::Fixed(42),
    )
}

fn req(user: &str, id: &str, line: &str) -> Request {
    Request {
        channel: "chan".into(),
        guild: Some("g".into()),
        actor: Actor::player(user, user),
        request_id: id.into(),
        locale: Default::default(),
        input: Input::Command(Command::parse_line(line).unwrap()),
    }
}

fn run(t: &mut Table, user: &str, id: &str, line: &str) -> Outcome {
    t.handle(&req(user, id, line)).unwrap()
}

/// The first button of the first reply that has one, with the reply's stamp.
fn first_button(out: &Outcome) -> Option<(Stamp, Button)> {
    out.replies
        .iter()
        .find_map(|r| Some((r.message.stamp?, r.message.buttons.first()?.clone())))
}

/// Every row of the sessions and log tables, as text, for byte-for-byte comparisons.
fn dump(t: &mut Table) -> String {
    let conn = t.store().sqlite().expect("an SQLite store");
    let mut out = String::new();
    for q in [
        "SELECT id, state, rng, version, active FROM sessions ORDER BY id",
        "SELECT id, kind, actor, payload, summary, visibility, request_id, undone FROM log ORDER BY id",
        "SELECT channel, seed, rng_pos FROM channels ORDER BY channel",
    ] {
        let mut st = conn.prepare(q).unwrap();
        let n = st.column_count();
        let rows = st
            .query_map([], |r| {
                let mut line = vec![];
                for i in 0..n {
                    let v: rusqlite::types::Value = r.get(i)?;
                    line.push(format!("{v:?}"));
                }
                Ok(line.join("|"))
            })
            .unwrap();
        for r in rows {
            out.push_str(&r.unwrap());
            out.push('\n');
        }
    }
    out
}

#[test]
fn a_repeated_request_id_returns_the_first_outcome_and_applies_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("t.db"));
    run(&mut t, "alice", "1", "/dice new expr:1d6 rounds:5");
    run(&mut t, "alice", "2", "/dice start");
    let first = run(&mut t, "alice", "3", "/dice roll");
    assert!(first.accepted && !first.duplicate);
    let before = dump(&mut t);
    let again = run(&mut t, "alice", "3", "/dice roll");
    assert!(again.duplicate);
    // As it was shown: an outcome read in English alone is stored without its typed words.
    let shown = |replies: &[croupier::table::Reply]| -> Vec<croupier::table::Reply> {
        let mut replies = replies.to_vec();
        for r in &mut replies {
            r.message.said = None;
        }
        replies
    };
    assert_eq!(shown(&again.replies), shown(&first.replies));
    assert_eq!(dump(&mut t), before, "a duplicate must change nothing");
}

#[test]
fn a_rejected_action_leaves_state_and_log_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("t.db"));
    run(&mut t, "alice", "1", "/dice new expr:1d6");
    run(&mut t, "bob", "2", "/dice join");
    run(&mut t, "alice", "3", "/dice start");
    let before = dump(&mut t);
    for (user, id, line) in [
        ("bob", "4", "/dice roll"),             // wrong turn
        ("bob", "5", "/dice start"),            // not the host
        ("carol", "6", "/game undo"),           // not the host
        ("alice", "7", "/dice new"),            // channel busy
        ("alice", "8", "/roll expr:1d0"),       // bad dice
        ("alice", "9", "/nope"),                // unknown command
        ("alice", "10", "/roll expr:\"2d6+\""), // bad dice
    ] {
        let out = run(&mut t, user, id, line);
        assert!(!out.accepted, "{line} should be refused");
        assert!(
            out.replies[0].message.body.starts_with("⛔"),
            "{:?}",
            out.replies
        );
        assert!(!out.replies[0].is_public(), "refusals are private");
        assert_eq!(dump(&mut t), before, "{line} changed something");
    }
}

#[test]
fn a_second_game_in_a_busy_channel_is_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("t.db"));
    run(&mut t, "alice", "1", "/dice new");
    let out = run(&mut t, "bob", "2", "/dice new");
    assert!(!out.accepted);
    let text = &out.replies[0].message.body;
    assert!(text.contains("already has a game"), "{text}");
    assert!(text.contains("<@alice>"), "{text}");
}

#[test]
fn one_hundred_concurrent_actions_on_one_channel_land_exactly_once_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.db");
    {
        let mut t = table(&path);
        run(&mut t, "alice", "new", "/dice new expr:1d6 rounds:100");
        run(&mut t, "alice", "start", "/dice start");
    }
    let barrier = Arc::new(Barrier::new(100));
    let handles: Vec<_> = (0..100)
        .map(|i| {
            let path = path.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let mut t = table(&path); // its own connection, as separate processes would have
                barrier.wait();
                run(&mut t, "alice", &format!("roll-{i}"), "/dice roll").accepted
            })
        })
        .collect();
    let accepted = handles
        .into_iter()
        .map(|h| h.join().unwrap())
        .filter(|a| *a)
        .count();
    assert_eq!(accepted, 100);
    let mut t = table(&path);
    let conn = t.store().sqlite().expect("an SQLite store");
    let (n, distinct): (i64, i64) = conn
        .query_row(
            "SELECT COUNT(*), COUNT(DISTINCT request_id) FROM log WHERE kind = 'action' AND request_id LIKE 'roll-%'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((n, distinct), (100, 100));
    let state = t.state_json("chan").unwrap().unwrap();
    assert_eq!(
        state["state"]["phase"], "Over",
        "the 100th roll ends the game"
    );
    assert_eq!(state["version"], 102, "new + start + 100 rolls");
    let (stored, replayed) = t
        .replay(state["session"].as_i64().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(
        stored, replayed,
        "the stored state is the replay of the log"
    );
    let score = stored["seats"][0]["score"].as_i64().unwrap();
    assert!((100..=600).contains(&score));
}

#[test]
fn undo_rebuilds_the_state_by_replaying_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("u.db"));
    run(&mut t, "alice", "1", "/dice new expr:1d20 rounds:3");
    run(&mut t, "bob", "2", "/dice join");
    run(&mut t, "alice", "3", "/dice start");
    run(&mut t, "alice", "4", "/dice roll");
    let before = t.state_json("chan").unwrap().unwrap()["state"].clone();
    run(&mut t, "bob", "5", "/dice roll");
    assert_ne!(t.state_json("chan").unwrap().unwrap()["state"], before);
    let refused = run(&mut t, "bob", "6", "/game undo");
    assert!(!refused.accepted, "only the host may undo");
    let out = run(&mut t, "alice", "7", "/game undo");
    assert!(out.accepted);
    assert_eq!(t.state_json("chan").unwrap().unwrap()["state"], before);
    // Bob rolls again with the same RNG position: the same value comes up (replay is exact).
    let log = run(&mut t, "alice", "8", "/game log");
    let text = &log.replies[0].message.body;
    assert!(text.contains("(undone)"), "{text}");
    assert!(text.contains("undid #"), "{text}");
}

/// A button pressed in another channel (a forwarded message) belongs to a game that is still
/// running there: it is refused naming that channel, not called ended, and changes nothing.
#[test]
fn a_button_from_another_channels_running_game_is_not_called_ended() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("s.db"));
    let opened = run(&mut t, "alice", "1", "/dice new expr:1d6 rounds:5");
    let (stamp, button) = first_button(&opened).expect("a Join button");
    let before = dump(&mut t);
    let elsewhere = Request {
        channel: "other".into(),
        input: Input::Component {
            session: stamp.session,
            lifetime: Lifetime::Session,
            command: Command::parse_line(&button.command).unwrap(),
        },
        ..req("bob", "2", "/dice join")
    };
    let out = t.handle(&elsewhere).unwrap();
    assert!(!out.accepted);
    let why = &out.replies[0].message.body;
    assert!(!why.contains("ended"), "{why}");
    assert!(why.contains("<#chan>"), "{why}");
    assert_eq!(dump(&mut t), before);
    // In its own channel, once the game has ended, it is called ended.
    run(&mut t, "alice", "3", "/game end confirm:true");
    let here = Request {
        input: Input::Component {
            session: stamp.session,
            lifetime: Lifetime::Session,
            command: Command::parse_line(&button.command).unwrap(),
        },
        ..req("bob", "4", "/dice join")
    };
    let out = t.handle(&here).unwrap();
    assert!(
        out.replies[0].message.body.contains("has ended"),
        "{:?}",
        out.replies
    );
}

#[test]
fn a_settled_decisions_button_is_refused_with_what_settled_it_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("s.db"));
    run(&mut t, "alice", "1", "/dice new expr:1d6 rounds:5");
    run(&mut t, "bob", "2", "/dice join");
    let start = run(&mut t, "alice", "3", "/dice start");
    let (stamp, button) =
        first_button(&start).expect("the start names whose roll it is, with a button");
    assert_eq!(button.decision.as_deref(), Some("r1-s0"), "{button:?}");
    let press = |id: &str, lifetime: Lifetime| Request {
        input: Input::Component {
            session: stamp.session,
            lifetime,
            command: Command::parse_line(&button.command).unwrap(),
        },
        ..req("alice", id, "/dice roll")
    };
    let decision = || Lifetime::Decision(button.decision.clone().unwrap());
    assert!(t.handle(&press("4", decision())).unwrap().accepted);
    let before = dump(&mut t);
    let again = t.handle(&press("5", decision())).unwrap();
    assert!(!again.accepted);
    let why = &again.replies[0].message.body;
    assert!(why.contains("alice's roll in round 1"), "{why}");
    assert!(why.contains("already settled: #"), "{why}");
    assert!(
        again.replies[1..]
            .iter()
            .any(|r| !r.is_public() && r.message.buttons.iter().any(|b| b.label == "Roll")),
        "the refusal offers the buttons open now: {:?}",
        again.replies
    );
    assert_eq!(dump(&mut t), before);
    // A component from before decisions existed is valid only at its own version.
    let old = t
        .handle(&press("6", Lifetime::Version(stamp.version)))
        .unwrap();
    assert!(!old.accepted);
    assert!(old.replies[0].message.body.contains("earlier moment"));
    assert_eq!(dump(&mut t), before);
}

#[test]
fn hidden_rolls_show_only_to_those_allowed_and_the_gm_can_reveal() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("h.db"));
    let refused = run(&mut t, "bob", "0", "/roll expr:1d6 visibility:gm");
    assert!(!refused.accepted, "no GM without a game");
    run(&mut t, "alice", "1", "/dice new");
    let blind = run(&mut t, "bob", "2", "/roll expr:1d6 visibility:blind");
    assert!(blind.replies.iter().all(|r| !r.is_public()));
    let bob_log = run(&mut t, "bob", "3", "/game log");
    assert!(bob_log.replies[0]
        .message
        .body
        .contains("bob made a hidden roll"));
    let alice_log = run(&mut t, "alice", "4", "/game log");
    assert!(alice_log.replies[0].message.body.contains("bob rolled 1d6"));
    let id = alice_log.replies[0]
        .message
        .body
        .lines()
        .find(|l| l.contains("blind roll"))
        .and_then(|l| l.trim_start_matches('#').split(' ').next())
        .unwrap()
        .to_string();
    let not_gm = run(&mut t, "bob", "5", &format!("/game reveal id:{id}"));
    assert!(!not_gm.accepted);
    let shown = run(&mut t, "alice", "6", &format!("/game reveal id:{id}"));
    assert!(shown.replies[0].is_public());
    let bob_log = run(&mut t, "bob", "7", "/game log");
    assert!(bob_log.replies[0].message.body.contains("bob rolled 1d6"));
}

#[test]
fn hidden_rolls_belong_to_their_session_not_to_the_next_host() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("s.db"));
    // Alice hosts a game; Bob makes a blind roll and a GM roll in it.
    run(&mut t, "alice", "1", "/dice new");
    run(&mut t, "bob", "2", "/roll expr:1d6 visibility:blind");
    run(&mut t, "bob", "3", "/roll expr:1d8 visibility:gm");
    let log = run(&mut t, "alice", "4", "/game log");
    let body = &log.replies[0].message.body;
    assert!(
        body.contains("bob rolled 1d6") && body.contains("bob rolled 1d8"),
        "{body}"
    );
    let blind_id = body
        .lines()
        .find(|l| l.contains("blind roll"))
        .and_then(|l| l.trim_start_matches('#').split(' ').next())
        .unwrap()
        .to_string();
    run(&mut t, "alice", "5", "/game end confirm:true");
    // Carol opens the next game in the channel: she hosts it, but not the rolls before it.
    assert!(run(&mut t, "carol", "6", "/dice new").accepted);
    let carol = run(&mut t, "carol", "7", "/game log");
    let body = &carol.replies[0].message.body;
    assert!(
        !body.contains("rolled 1d6") && !body.contains("rolled 1d8"),
        "{body}"
    );
    assert!(body.contains("bob made a hidden roll"), "{body}");
    let reveal = run(&mut t, "carol", "8", &format!("/game reveal id:{blind_id}"));
    assert!(
        !reveal.accepted,
        "the new host cannot reveal an old game's roll"
    );
    // The old game's GM still sees them, and may reveal them.
    let alice = run(&mut t, "alice", "9", "/game log");
    assert!(alice.replies[0].message.body.contains("bob rolled 1d6"));
    let shown = run(
        &mut t,
        "alice",
        "10",
        &format!("/game reveal id:{blind_id}"),
    );
    assert!(shown.accepted && shown.replies[0].is_public());
    // Carol's own game: her GM powers there are intact.
    run(&mut t, "bob", "11", "/roll expr:1d4 visibility:blind");
    let carol = run(&mut t, "carol", "12", "/game log");
    assert!(carol.replies[0].message.body.contains("bob rolled 1d4"));
}

/// Starts the console binary on `db`, feeds join/leave actions, kills it with SIGKILL after
/// some acknowledgements, and checks that every acknowledged action is in the log, the state is
/// the replay of the log, and the database is intact.
#[test]
fn kill_9_loses_no_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let mut child = Proc::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["console", "--seed", "5", "--db"])
        .arg(&db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let writer = std::thread::spawn(move || {
        let _ = writeln!(stdin, "host: /dice new");
        for i in 0..100_000 {
            let line = if i % 2 == 0 {
                format!("p{}: /dice join", i / 2)
            } else {
                format!("p{}: /dice leave", i / 2)
            };
            if writeln!(stdin, "{line}").is_err() {
                break;
            }
        }
    });
    let mut acked: Vec<String> = vec![];
    for line in stdout.lines() {
        let line = line.unwrap();
        if line.contains("takes seat") || line.contains("leaves the table") {
            acked.push(line);
            if acked.len() == 300 {
                child.kill().unwrap(); // SIGKILL
                break;
            }
        }
    }
    let _ = child.wait();
    let _ = writer.join();
    assert_eq!(acked.len(), 300);

    let mut t = table(&db);
    assert_eq!(t.store().integrity_check().unwrap(), "ok");
    let state = t.state_json("table").unwrap().unwrap();
    let session = state["session"].as_i64().unwrap();
    let summaries: Vec<String> = {
        let conn = t.store().sqlite().expect("an SQLite store");
        let mut st = conn
            .prepare(
                "SELECT summary FROM log WHERE session_id = ?1 AND kind = 'action' ORDER BY id",
            )
            .unwrap();
        st.query_map([session], |r| r.get(0))
            .unwrap()
            .map(|r| r.unwrap())
            .collect()
    };
    assert!(
        summaries.len() >= acked.len(),
        "{} logged < {} acknowledged",
        summaries.len(),
        acked.len()
    );
    for (ack, logged) in acked.iter().zip(&summaries) {
        assert_eq!(
            ack, logged,
            "acknowledged actions are the log's prefix, in order"
        );
    }
    let (stored, replayed) = t.replay(session).unwrap().unwrap();
    assert_eq!(stored, replayed);
}

#[test]
fn a_finished_game_makes_room_for_a_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("f.db"));
    run(&mut t, "alice", "1", "/dice new expr:1d6");
    run(&mut t, "alice", "2", "/dice start");
    run(&mut t, "alice", "3", "/dice roll");
    let out = run(&mut t, "bob", "4", "/dice new");
    assert!(out.accepted, "{:?}", out.replies);
    assert_eq!(t.state_json("chan").unwrap().unwrap()["host"], "bob");
}

/// The async handle: worker threads own the connections; channels run in parallel, each in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_async_handle_serialises_each_channel_and_runs_channels_in_parallel() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("h.db");
    let tables = (0..2).map(|_| table(&path)).collect();
    let handle = croupier::table::TableHandle::start(tables);
    let mut tasks = vec![];
    for c in 0..4 {
        let h = handle.clone();
        let channel = format!("c{c}");
        let mut r = req(
            "alice",
            &format!("{channel}-new"),
            "/dice new expr:1d6 rounds:20",
        );
        r.channel = channel.clone();
        let mut s = req("alice", &format!("{channel}-start"), "/dice start");
        s.channel = channel.clone();
        h.call(&channel, move |t| t.handle(&r)).await.unwrap();
        h.call(&channel, move |t| t.handle(&s)).await.unwrap();
        for i in 0..20 {
            let h = h.clone();
            let channel = channel.clone();
            tasks.push(tokio::spawn(async move {
                let mut r = req("alice", &format!("{channel}-{i}"), "/dice roll");
                r.channel = channel.clone();
                h.call(&channel, move |t| t.handle(&r))
                    .await
                    .unwrap()
                    .accepted
            }));
        }
    }
    let mut ok = 0;
    for t in tasks {
        ok += usize::from(t.await.unwrap());
    }
    assert_eq!(ok, 80);
    let v = handle
        .call("c0", |t| t.state_json("c0"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(v["state"]["phase"], "Over");
}

#[test]
fn a_command_that_changes_nothing_keeps_the_version_and_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("v.db"));
    run(&mut t, "alice", "1", "/nobi new");
    let before = dump(&mut t);
    let out = run(&mut t, "alice", "2", "/nobi status");
    assert!(out.accepted);
    assert_eq!(dump(&mut t), before, "a view is not an action");
}

#[test]
fn request_ids_older_than_a_day_are_pruned_when_reminders_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.db");
    let clock = Arc::new(ManualClock::at(1_000));
    let mut t = Table::new(
        Store::open(&path).unwrap(),
        registry(),
        clock.clone(),
        SeedMode::Fixed(1),
    );
    run(&mut t, "alice", "old", "/roll expr:1d6");
    let count = |t: &mut Table| -> i64 {
        t.store()
            .sqlite()
            .expect("an SQLite store")
            .query_row("SELECT COUNT(*) FROM requests", [], |r| r.get(0))
            .unwrap()
    };
    t.run_due().unwrap();
    assert_eq!(count(&mut t), 1, "a fresh id is kept");
    clock.advance(croupier::table::REQUEST_KEEP_SECS + 1);
    run(&mut t, "alice", "new", "/roll expr:1d6");
    t.run_due().unwrap();
    assert_eq!(count(&mut t), 1, "only the new id is left");
}

/// A command registered on its own (`/nwcombat start`) is the game's `nw combat start`: the two
/// spellings leave byte-identical sessions and logs, and autocomplete named by the split
/// command reaches the game.
#[test]
fn a_split_command_is_routed_to_the_games_path_for_commands_and_autocomplete() {
    let dir = tempfile::tempdir().unwrap();
    let script = |split: bool| -> Vec<(String, String)> {
        let (enemy, combat) = if split {
            ("/nwenemy", "/nwcombat")
        } else {
            ("/nw enemy", "/nw combat")
        };
        vec![
            (
                "alice".into(),
                "/nw character new name:Bolt quick:true".into(),
            ),
            ("gm".into(), "/nw new".into()),
            ("alice".into(), "/nw session join".into()),
            ("gm".into(), format!("{enemy} spawn name:shade_swarm")),
            ("gm".into(), format!("{combat} start")),
        ]
    };
    let mut dumps = vec![];
    for split in [true, false] {
        let mut t = table(&dir.path().join(format!("{split}.db")));
        for (i, (user, line)) in script(split).iter().enumerate() {
            let out = run(&mut t, user, &format!("r{i}"), line);
            assert!(out.accepted, "{line}: {:?}", out.replies);
        }
        if split {
            let alice = Actor::player("alice", "alice");
            let cmd = Command::new("nwcombat attack");
            let got = t
                .autocomplete("chan", Some("g"), &alice, &cmd, "character", "bo")
                .unwrap();
            assert_eq!(
                got.iter().map(|c| c.value.as_str()).collect::<Vec<_>>(),
                ["Bolt"]
            );
            let unknown = Command::new("nwnothing attack");
            assert!(t
                .autocomplete("chan", Some("g"), &alice, &unknown, "character", "bo")
                .unwrap()
                .is_empty());
        }
        dumps.push(dump(&mut t));
    }
    assert_eq!(dumps[0], dumps[1]);
}

#[test]
fn a_label_with_a_bidi_override_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("b.db"));
    run(&mut t, "alice", "1", "/dice new");
    let before = dump(&mut t);
    // "12" that would display as "21".
    let bad = run(&mut t, "alice", "2", "/roll expr:\"1d6 fire \u{202E}12\"");
    assert!(!bad.accepted);
    let text = &bad.replies[0].message.body;
    assert!(text.contains("U+202E") && text.contains("`expr`"), "{text}");
    assert_eq!(dump(&mut t), before, "a refusal changes nothing");
}

#[test]
fn a_roll_that_fails_while_rolling_advances_the_channels_dice() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("r.db"));
    // 1d2-1 is 0 half of the time: dividing by it fails only after the die is thrown.
    let mut outcomes = vec![];
    for i in 0..20 {
        let o = run(&mut t, "alice", &format!("r{i}"), "/roll expr:6/(1d2-1)");
        assert!(o.accepted, "a thrown roll is not a refusal");
        outcomes.push(o.replies[0].message.title.clone().unwrap_or_default());
    }
    let first_fail = outcomes
        .iter()
        .position(|t| t.contains("failed"))
        .expect("some throw rolled a 0");
    assert!(
        outcomes[first_fail..].iter().any(|t| !t.contains("failed")),
        "after a failed throw the next ones roll fresh dice: {outcomes:?}"
    );
    // A notation error is refused before any die is thrown: the dice stay where they were.
    let before = dump(&mut t);
    assert!(!run(&mut t, "alice", "bad", "/roll expr:2d").accepted);
    assert_eq!(dump(&mut t), before);
}

#[test]
fn words_after_a_subcommand_are_refused_with_the_spelling_that_works() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("w.db"));
    let before = dump(&mut t);
    let out = run(&mut t, "alice", "1", "/roll 2d6");
    assert!(!out.accepted);
    let text = &out.replies[0].message.body;
    assert!(
        text.contains("`/roll` takes its values as `name:value`; `2d6` is not one of them. Did you mean `/roll expr:2d6`?"),
        "{text}"
    );
    let out = run(&mut t, "alice", "2", "/dice new big table");
    assert!(!out.accepted);
    assert!(
        out.replies[0]
            .message
            .body
            .contains("`big table` is not one of them"),
        "{}",
        out.replies[0].message.body
    );
    assert_eq!(dump(&mut t), before, "nothing changed");
}

/// Issue #39: `/ninja enter Red Fox` suggested `name:"red fox"`; the hint keeps the case the
/// words were typed in (the path itself is read in lower case).
#[test]
fn words_after_a_subcommand_are_suggested_in_the_case_they_were_typed() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("w.db"));
    let before = dump(&mut t);
    let out = run(&mut t, "alice", "1", "/ninja enter Red Fox");
    assert!(!out.accepted);
    let text = &out.replies[0].message.body;
    assert!(
        text.contains(
            "`Red Fox` is not one of them. Did you mean `/ninja enter name:\"Red Fox\"`?"
        ),
        "{text}"
    );
    // The command's own words are still read in any case.
    let out = run(&mut t, "alice", "2", "/Dice New Big Table");
    let text = &out.replies[0].message.body;
    assert!(
        text.contains("`/dice new` takes its values")
            && text.contains("`Big Table` is not one of them"),
        "{text}"
    );
    assert_eq!(dump(&mut t), before, "nothing changed");
}

#[test]
fn undo_of_an_entry_from_before_stored_states_is_refused_when_the_log_no_longer_replays_and_changes_nothing(
) {
    // An entry written before undo kept what it needs with each action
    // (migrations/0011_log_restore.sql: `log.restore` is NULL) is taken back by replaying the
    // log. In a game whose stored state is not what its log replays to (as one begun before an
    // update changed its rules), undo must not rewrite it from the log.
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("r.db"));
    run(&mut t, "alice", "1", "/dice new expr:1d20 rounds:3");
    run(&mut t, "bob", "2", "/dice join");
    run(&mut t, "alice", "3", "/dice start");
    run(&mut t, "alice", "4", "/dice roll");
    let conn = t.store().sqlite().expect("an SQLite store");
    conn.execute("UPDATE log SET restore = NULL", []).unwrap();
    conn.execute(
        "UPDATE sessions SET state = json_set(state, '$.seats[0].score', 99) WHERE active = 1",
        [],
    )
    .unwrap();
    // The older version's state is read by a process started after the update (this one's
    // cache holds the state it wrote itself under the same version).
    drop(t);
    let mut t = table(&dir.path().join("r.db"));
    let before = dump(&mut t);
    let out = run(&mut t, "alice", "5", "/game undo");
    assert!(!out.accepted);
    assert!(
        out.replies[0]
            .message
            .body
            .contains("the log no longer replays"),
        "{}",
        out.replies[0].message.body
    );
    assert_eq!(dump(&mut t), before, "nothing changed");
}

#[test]
fn undo_applies_the_stored_way_back_when_the_stored_state_does_not_fit_it_refuses_and_changes_nothing(
) {
    // The way back stored with an action is a patch of the state it left: a state since
    // changed beyond it (here by hand: a seat removed) cannot take it, and undo says so.
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("r.db"));
    run(&mut t, "alice", "1", "/dice new expr:1d20 rounds:3");
    run(&mut t, "bob", "2", "/dice join");
    run(&mut t, "alice", "3", "/dice start");
    run(&mut t, "alice", "4", "/dice roll");
    t.store()
        .sqlite()
        .expect("an SQLite store")
        .execute(
            "UPDATE sessions SET state = json_remove(state, '$.seats[0]') WHERE active = 1",
            [],
        )
        .unwrap();
    drop(t);
    let mut t = table(&dir.path().join("r.db"));
    let before = dump(&mut t);
    let out = run(&mut t, "alice", "5", "/game undo");
    assert!(!out.accepted, "{:?}", out.replies);
    assert!(
        out.replies[0]
            .message
            .body
            .contains("no longer matches what was stored to take it back"),
        "{}",
        out.replies[0].message.body
    );
    assert_eq!(dump(&mut t), before, "nothing changed");
}

#[test]
fn two_processes_on_one_database_each_act_on_the_others_latest_state_not_a_cached_one() {
    // Two tables over one file with a cache each, as two processes sharing a store would be:
    // a state cached by one must never hide what the other committed since.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.db");
    let mut a = table(&path);
    let mut b = table(&path);
    run(&mut a, "alice", "1", "/dice new expr:1d20 rounds:3");
    run(&mut b, "bob", "2", "/dice join");
    run(&mut a, "carol", "3", "/dice join");
    let seats = |t: &mut Table| {
        t.state_json("chan").unwrap().unwrap()["state"]["seats"]
            .as_array()
            .map(Vec::len)
    };
    assert_eq!(seats(&mut a), Some(3), "a sees bob, who joined through b");
    assert_eq!(seats(&mut b), Some(3), "b sees carol, who joined through a");
    run(&mut b, "alice", "4", "/dice start");
    let roll = run(&mut a, "alice", "5", "/dice roll");
    assert!(roll.accepted, "a acts on the started game b committed");
    let turn = |t: &mut Table| t.state_json("chan").unwrap().unwrap()["state"]["turn"].clone();
    assert_eq!(turn(&mut a), serde_json::json!(1));
    assert_eq!(turn(&mut b), serde_json::json!(1), "b sees a's roll");
    let wrong = run(&mut b, "alice", "6", "/dice roll");
    assert!(
        !wrong.accepted,
        "b knows it is bob's turn now: {:?}",
        wrong.replies
    );
    assert!(run(&mut b, "bob", "7", "/dice roll").accepted);
    assert_eq!(turn(&mut a), serde_json::json!(2));
}

#[test]
fn a_state_stored_by_an_older_version_is_read_and_a_view_of_it_changes_nothing() {
    // An older version stored states as sorted, differently spaced JSON: the state is read
    // into the game's type all the same, and comparing it with what an action leaves must not
    // mistake the different spelling for a change.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let mut t = table(&path);
    run(&mut t, "alice", "1", "/nobi new");
    let state: String = t
        .store()
        .sqlite()
        .expect("an SQLite store")
        .query_row("SELECT state FROM sessions", [], |r| r.get(0))
        .unwrap();
    let old =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&state).unwrap())
            .unwrap();
    assert_ne!(old, state);
    t.store()
        .sqlite()
        .expect("an SQLite store")
        .execute("UPDATE sessions SET state = ?1", [&old])
        .unwrap();
    drop(t);
    let mut t = table(&path);
    let before = dump(&mut t);
    let out = run(&mut t, "alice", "2", "/nobi status");
    assert!(out.accepted);
    assert_eq!(
        dump(&mut t),
        before,
        "a view is not an action, however the state was spelled"
    );
    let version = |t: &mut Table| t.state_json("chan").unwrap().unwrap()["version"].clone();
    let v = version(&mut t);
    assert!(run(&mut t, "bob", "3", "/nobi join").accepted);
    assert_eq!(version(&mut t), serde_json::json!(v.as_i64().unwrap() + 1));
    let players = t.state_json("chan").unwrap().unwrap()["state"].to_string();
    assert!(players.contains("\"bob\""), "{players}");
}

#[test]
fn two_processes_on_one_database_each_read_the_roster_the_other_wrote_last() {
    // The guild's shared state (here the ninja roster) is cached per version too: each table
    // must build on what the other committed, never on its own cached copy.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("roster.db");
    let mut a = table(&path);
    let mut b = table(&path);
    let create = |t: &mut Table, user: &str, id: &str, name: &str| {
        run(
            t,
            user,
            id,
            &format!("/ninja create name:{name} iq:13 dx:14 st:13"),
        )
    };
    assert!(create(&mut a, "alice", "1", "Fox").accepted);
    assert!(create(&mut b, "bob", "2", "Moss").accepted);
    assert!(create(&mut a, "alice", "3", "Wisp").accepted);
    let refused = create(&mut b, "bob", "4", "Wisp");
    assert!(!refused.accepted, "b knows a's Wisp: {:?}", refused.replies);
    assert!(create(&mut b, "bob", "5", "Granite").accepted);
    let names = |t: &mut Table| -> Vec<String> {
        let json: String = t
            .store()
            .sqlite()
            .expect("an SQLite store")
            .query_row(
                "SELECT state FROM shared_state WHERE game = 'ninja'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        let roster: serde_json::Value = serde_json::from_str(&json).unwrap();
        roster["ninjas"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&mut a), ["Fox", "Moss", "Wisp", "Granite"]);
    let sheet = run(&mut a, "bob", "6", "/ninja sheet name:Granite");
    assert!(
        sheet.accepted,
        "a finds the ninja b created last: {:?}",
        sheet.replies
    );
}

/// A due wake-up that does nothing (here: a stored time the state no longer wants, as a row
/// written by an older build could hold) moves to when the state next wants one, without a new
/// version: the typed state stays cached and every button stamped with the version stays valid,
/// also for a player who acts right after it.
#[test]
fn a_wake_up_that_does_nothing_moves_to_the_states_next_one_and_keeps_the_version() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("w.db"));
    run(&mut t, "alice", "1", "/nobi new remind_after:1");
    run(&mut t, "bob", "2", "/nobi join character:moss");
    let begun = run(&mut t, "alice", "3", "/nobi begin");
    assert!(begun.accepted, "{begun:?}");
    let (stamp, button) =
        first_button(&begun).expect("the table names who draws the first Scene, with a button");
    let row = |t: &mut Table| -> (i64, i64, Option<i64>) {
        t.store()
            .sqlite()
            .expect("an SQLite store")
            .query_row(
                "SELECT id, version, wakeup_at FROM sessions WHERE active = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap()
    };
    let (id, version, wanted) = row(&mut t);
    // The rulebook's reminder: one hour (`remind_after:1`) after the table began waiting (1,000).
    assert_eq!(wanted, Some(1_000 + 3_600));
    t.store()
        .sqlite()
        .expect("an SQLite store")
        .execute("UPDATE sessions SET wakeup_at = 10 WHERE id = ?1", [id])
        .unwrap();
    let woke = t.run_due().unwrap();
    assert!(woke.is_empty(), "nothing was due yet: {woke:?}");
    assert_eq!(
        row(&mut t),
        (id, version, wanted),
        "moved back, same version"
    );
    assert_eq!(t.next_wakeup().unwrap(), wanted);
    assert!(
        t.state_cache().get(id, version).is_some(),
        "the state read to decide stays cached at its version"
    );
    // A component made for that version (not tied to a decision) is still valid after it.
    let press = Request {
        input: Input::Component {
            session: stamp.session,
            lifetime: Lifetime::Version(stamp.version),
            command: Command::parse_line(&button.command).unwrap(),
        },
        ..req("bob", "4", "/nobi scene")
    };
    assert_eq!(stamp.version, version);
    let out = t.handle(&press).unwrap();
    assert!(out.accepted, "{out:?}");
}

#[test]
fn every_built_in_declared_for_the_host_refuses_another_player_and_changes_nothing() {
    // Who may use a `/game` command is its declaration (`#[cmd(perm = host)]`), checked by the
    // table as for a game's commands: read the declaration, then try each such command as bob.
    use croupier::table::builtins::generic_commands;
    use croupier::table::Permission;
    let game = generic_commands()
        .into_iter()
        .find(|c| c.name == "game")
        .unwrap();
    let host_only: Vec<String> = game
        .subcommands
        .iter()
        .filter(|s| s.permission == Permission::Host)
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(host_only, ["undo", "end", "host"], "{host_only:?}");
    let dir = tempfile::tempdir().unwrap();
    let mut t = table(&dir.path().join("p.db"));
    run(&mut t, "alice", "1", "/dice new expr:1d20 rounds:3");
    run(&mut t, "bob", "2", "/dice join");
    run(&mut t, "alice", "3", "/dice start");
    run(&mut t, "alice", "4", "/dice roll");
    let before = dump(&mut t);
    for (i, name) in host_only.iter().enumerate() {
        let line = match name.as_str() {
            "end" => "/game end confirm:true".to_string(),
            "host" => "/game host user:<@carol>".to_string(),
            other => format!("/game {other}"),
        };
        let out = run(&mut t, "bob", &format!("b{i}"), &line);
        assert!(!out.accepted, "{line}");
        let said = &out.replies[0].message.body;
        assert!(
            said.contains("only the host (<@alice>) or someone who may manage this channel")
                && said.contains(&format!("`/game {name}")),
            "{line}: {said}"
        );
        assert_eq!(dump(&mut t), before, "{line} changed nothing");
    }
    // The host may.
    assert!(run(&mut t, "alice", "a1", "/game undo").accepted);
}
