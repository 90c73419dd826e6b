//! The store's guarantees, the same tests on both back ends: each test below runs once on an
//! SQLite file (`sqlite::…`) and once on PostgreSQL (`postgres::…`, in a fresh schema of its own
//! on the server `tests/support/pg.rs` names; skipped, saying so, where none answers, unless
//! `CROUPIER_REQUIRE_POSTGRES=1`, which CI sets).

#[path = "support/pg.rs"]
mod pg;

use std::path::Path;
use std::sync::{Arc, Barrier};

use croupier::store::{self, Backend, NewLog, NewSession, Snapshot, Store, StoreError};
use croupier::table::{
    Actor, Command, Input, ManualClock, Outcome, Registry, Request, SeedMode, Table,
};
use croupier_core::args;

/// Where one test's database lives.
enum Db {
    Sqlite(tempfile::TempDir),
    Postgres(pg::PgSchema),
}

impl Db {
    fn sqlite() -> Db {
        Db::Sqlite(tempfile::tempdir().unwrap())
    }

    fn postgres() -> Option<Db> {
        pg::PgSchema::fresh().map(Db::Postgres)
    }

    /// What `--db` / `CROUPIER_DB` would say.
    fn target(&self) -> String {
        match self {
            Db::Sqlite(dir) => dir.path().join("suite.db").display().to_string(),
            Db::Postgres(s) => s.url.clone(),
        }
    }

    fn store(&self) -> Store {
        Store::connect(&self.target()).expect("the store opens")
    }

    fn table(&self) -> Table {
        Table::new(
            self.store(),
            registry(),
            Arc::new(ManualClock::at(1_000)),
            SeedMode::Fixed(42),
        )
    }
}

fn registry() -> Arc<Registry> {
    Arc::new(croupier::games::load(Path::new("data")).expect("data loads"))
}

/// Each test, once per back end.
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $( #[test] fn $name() { super::$name(&super::Db::sqlite()); } )*
        }
        mod postgres {
            $( #[test] fn $name() {
                if let Some(db) = super::Db::postgres() { super::$name(&db); }
            } )*
        }
    };
}

on_both!(
    the_suite_runs_on_the_back_end_it_names,
    the_log_is_chained_per_channel_and_read_back_oldest_first,
    a_session_write_with_a_stale_version_is_refused,
    snapshots_are_replaced_and_dropped_from_an_entry_on,
    a_request_id_is_kept_once_and_forgotten_by_age,
    an_undelivered_outputs_request_outlives_the_prune,
    shared_state_counts_its_versions,
    wake_ups_come_due_earliest_first,
    a_decision_settled_by_an_undone_entry_is_open_again,
    a_game_is_played_refused_undone_and_answered_once_per_request,
    processes_starting_together_all_open_the_store,
    two_processes_never_apply_to_one_channel_at_once,
    two_processes_writing_one_guilds_roster_lose_no_ninja,
    a_group_commit_keeps_the_others_when_one_request_fails,
    copy_moves_a_release_database_whose_games_go_on_and_undo,
    a_process_on_some_shards_wakes_only_their_guilds_sessions,
    undo_takes_back_what_an_action_did_to_the_guilds_shared_state,
);

fn log<'a>(
    channel: &'a str,
    session_id: Option<i64>,
    kind: &'a str,
    summary: &'a str,
) -> NewLog<'a> {
    NewLog {
        channel,
        session_id,
        kind,
        actor: "a",
        actor_name: "Alice",
        payload: "{}",
        summary,
        visibility: "public",
        request_id: None,
        at: 0,
        restore: None,
        said: None,
    }
}

fn new_session<'a>(channel: &'a str) -> NewSession<'a> {
    NewSession {
        channel,
        guild: Some("g"),
        game: "dice",
        host: "h",
        seed: 7,
        state: "{\"n\":0}",
        rng: "{}",
        wakeup_at: None,
        gms: "[]",
        now: 0,
    }
}

fn the_suite_runs_on_the_back_end_it_names(db: &Db) {
    let mut store = db.store();
    let described = store.describe().unwrap();
    match db {
        Db::Sqlite(_) => {
            assert_eq!(store.backend(), Backend::Sqlite);
            assert!(described.starts_with("SQLite 3."), "{described}");
        }
        Db::Postgres(_) => {
            assert_eq!(store.backend(), Backend::Postgres);
            // The server's own answer, not ours.
            let tx = store.transaction().unwrap();
            let version = tx
                .query_one("SELECT version()", args![])
                .unwrap()
                .text(0)
                .unwrap();
            assert!(version.starts_with("PostgreSQL "), "{version}");
            drop(tx);
            let number = version.split(' ').nth(1).unwrap();
            assert!(
                described.starts_with(&format!("PostgreSQL {number}")),
                "{described}"
            );
            assert!(!described.contains("postgres@"), "no user in {described}");
        }
    }
    assert_eq!(store.integrity_check().unwrap(), "ok");
    store.ping().unwrap();
}

fn the_log_is_chained_per_channel_and_read_back_oldest_first(db: &Db) {
    let mut store = db.store();
    let tx = store.write_transaction().unwrap();
    let mut ids = vec![];
    for i in 0..10 {
        ids.push(store::log_append(&tx, &log("a", None, "roll", &format!("a{i}"))).unwrap());
        store::log_append(&tx, &log("b", None, "roll", &format!("b{i}"))).unwrap();
    }
    tx.commit().unwrap();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids grow: {ids:?}");
    let tx = store.transaction().unwrap();
    let summaries = |ch: &str, n: i64| -> Vec<String> {
        store::log_recent(&tx, ch, n)
            .unwrap()
            .into_iter()
            .map(|r| r.summary)
            .collect()
    };
    assert_eq!(summaries("a", 3), ["a7", "a8", "a9"]);
    assert_eq!(summaries("b", 50).len(), 10);
    assert!(summaries("c", 5).is_empty());
    assert!(summaries("a", 0).is_empty());
    let e = store::log_get(&tx, ids[3]).unwrap().unwrap();
    assert_eq!(
        (e.summary.as_str(), e.undone, e.session_id),
        ("a3", false, None)
    );
    // A refused kind is refused by the schema on both.
    tx.savepoint("bad").unwrap();
    assert!(store::log_append(&tx, &log("a", None, "cheat", "x")).is_err());
    tx.rollback_to("bad").unwrap();
    assert_eq!(summaries("a", 1), ["a9"]);
}

fn a_session_write_with_a_stale_version_is_refused(db: &Db) {
    let mut store = db.store();
    let tx = store.write_transaction().unwrap();
    store::channel_insert(&tx, "c", Some("g"), 7, 0).unwrap();
    let id = store::session_insert(&tx, &new_session("c")).unwrap();
    let s = store::session_active(&tx, "c").unwrap().unwrap();
    assert_eq!(
        (s.id, s.version, s.active, s.guild.as_deref()),
        (id, 1, true, Some("g"))
    );
    let v = store::session_update(&tx, id, 1, "{\"n\":1}", "{}", Some(50), 1).unwrap();
    assert_eq!(v, 2);
    assert!(matches!(
        store::session_update(&tx, id, 1, "{\"n\":9}", "{}", None, 2),
        Err(StoreError::Conflict)
    ));
    assert_eq!(
        store::session_get(&tx, id).unwrap().unwrap().state,
        "{\"n\":1}"
    );
    // One active session per channel: a second is refused by the schema.
    tx.savepoint("second").unwrap();
    assert!(store::session_insert(&tx, &new_session("c")).is_err());
    tx.rollback_to("second").unwrap();
    store::session_end(&tx, id, 3).unwrap();
    assert!(store::session_active(&tx, "c").unwrap().is_none());
    assert_eq!(store::session_latest(&tx, "c").unwrap().unwrap().id, id);
    tx.commit().unwrap();
    // Committed: a second connection sees it.
    let mut other = db.store();
    let tx = other.transaction().unwrap();
    assert_eq!(store::session_ids(&tx).unwrap(), [id]);
    assert_eq!(store::channel_get(&tx, "c").unwrap().unwrap().seed, 7);
}

fn snapshots_are_replaced_and_dropped_from_an_entry_on(db: &Db) {
    let mut store = db.store();
    let tx = store.write_transaction().unwrap();
    store::channel_insert(&tx, "c", None, 1, 0).unwrap();
    let id = store::session_insert(&tx, &new_session("c")).unwrap();
    let snap = |log_id: i64, state: &str| Snapshot {
        log_id,
        state: state.into(),
        rng: "{}".into(),
        host: "h".into(),
    };
    store::snapshot_put(&tx, id, &snap(5, "five")).unwrap();
    store::snapshot_put(&tx, id, &snap(9, "nine")).unwrap();
    store::snapshot_put(&tx, id, &snap(9, "nine again")).unwrap();
    assert_eq!(
        store::snapshot_latest(&tx, id).unwrap(),
        Some(snap(9, "nine again"))
    );
    store::snapshots_drop_from(&tx, id, 6).unwrap();
    assert_eq!(
        store::snapshot_latest(&tx, id).unwrap(),
        Some(snap(5, "five"))
    );
}

fn a_request_id_is_kept_once_and_forgotten_by_age(db: &Db) {
    let mut store = db.store();
    let tx = store.write_transaction().unwrap();
    store::request_put(&tx, "r1", "c", "{\"old\":1}", 100).unwrap();
    store::request_put(&tx, "r2", "c", "{\"new\":1}", 200).unwrap();
    tx.savepoint("again").unwrap();
    assert!(
        store::request_put(&tx, "r1", "c", "{}", 300).is_err(),
        "a request id is kept once"
    );
    tx.rollback_to("again").unwrap();
    assert_eq!(
        store::request_get(&tx, "r1").unwrap().as_deref(),
        Some("{\"old\":1}")
    );
    assert_eq!(store::requests_prune(&tx, 150).unwrap(), 1);
    assert_eq!(store::request_get(&tx, "r1").unwrap(), None);
    assert!(store::request_get(&tx, "r2").unwrap().is_some());
}

/// An outbox row reads back with its request's stored outcome, and the request is not pruned
/// while its output waits in the outbox (the row may hold only a pointer to it).
fn an_undelivered_outputs_request_outlives_the_prune(db: &Db) {
    let mut store = db.store();
    let tx = store.write_transaction().unwrap();
    store::request_put(&tx, "r1", "c", "{\"out\":1}", 100).unwrap();
    store::request_put(&tx, "r2", "c", "{\"out\":2}", 100).unwrap();
    let row = store::outbox_push(&tx, "c", None, "r1", "{}", 100).unwrap();
    let pending = store::outbox_pending(&tx, None).unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].outcome.as_deref(), Some("{\"out\":1}"));
    assert_eq!(store::requests_prune(&tx, 150).unwrap(), 1, "r2 only");
    assert!(store::request_get(&tx, "r1").unwrap().is_some());
    assert!(store::outbox_done(&tx, row).unwrap());
    assert_eq!(store::requests_prune(&tx, 150).unwrap(), 1, "r1, delivered");
    assert_eq!(store::request_get(&tx, "r1").unwrap(), None);
}

fn shared_state_counts_its_versions(db: &Db) {
    let mut store = db.store();
    let tx = store.write_transaction().unwrap();
    assert_eq!(store::shared_version(&tx, "g", "ninja").unwrap(), None);
    assert_eq!(store::shared_put(&tx, "g", "ninja", "[1]").unwrap(), 1);
    assert_eq!(store::shared_put(&tx, "g", "ninja", "[1,2]").unwrap(), 2);
    assert_eq!(store::shared_put(&tx, "h", "ninja", "[]").unwrap(), 1);
    assert_eq!(store::shared_version(&tx, "g", "ninja").unwrap(), Some(2));
    assert_eq!(
        store::shared_get(&tx, "g", "ninja").unwrap().as_deref(),
        Some("[1,2]")
    );
}

fn wake_ups_come_due_earliest_first(db: &Db) {
    let mut store = db.store();
    let tx = store.write_transaction().unwrap();
    assert_eq!(store::next_wakeup(&tx, None).unwrap(), None);
    let mut ids = vec![];
    for (i, at) in [300, 100, 200].into_iter().enumerate() {
        let ch = format!("c{i}");
        store::channel_insert(&tx, &ch, None, 1, 0).unwrap();
        let id = store::session_insert(
            &tx,
            &NewSession {
                wakeup_at: Some(at),
                ..new_session(&ch)
            },
        )
        .unwrap();
        ids.push(id);
    }
    assert_eq!(store::next_wakeup(&tx, None).unwrap(), Some(100));
    assert_eq!(store::sessions_due(&tx, 250).unwrap(), [ids[1], ids[2]]);
    assert_eq!(
        store::sessions_due_first(&tx, 1_000, 2, None).unwrap(),
        [ids[1], ids[2]]
    );
    store::session_set_wakeup(&tx, ids[1], 1, None, 1).unwrap();
    assert_eq!(store::sessions_due(&tx, 1_000).unwrap(), [ids[2], ids[0]]);
}

fn a_decision_settled_by_an_undone_entry_is_open_again(db: &Db) {
    let mut store = db.store();
    let tx = store.write_transaction().unwrap();
    store::channel_insert(&tx, "c", None, 1, 0).unwrap();
    let id = store::session_insert(&tx, &new_session("c")).unwrap();
    let first = store::log_append(&tx, &log("c", Some(id), "action", "anyone took it")).unwrap();
    let mine = store::log_append(&tx, &log("c", Some(id), "action", "bob took it")).unwrap();
    store::decision_settle(&tx, id, "k", None, "the roll", first).unwrap();
    store::decision_settle(&tx, id, "k", Some("bob"), "the roll", mine).unwrap();
    let seen = |user: &str| {
        store::decision_settled(&tx, id, "k", user)
            .unwrap()
            .map(|d| d.summary)
    };
    assert_eq!(
        seen("bob").as_deref(),
        Some("bob took it"),
        "bob's own row first"
    );
    assert_eq!(seen("carol").as_deref(), Some("anyone took it"));
    store::log_mark_undone(&tx, mine).unwrap();
    assert_eq!(seen("bob").as_deref(), Some("anyone took it"));
    assert_eq!(
        store::log_last_action(&tx, id).unwrap().map(|e| e.id),
        Some(first)
    );
}

fn req(channel: &str, user: &str, id: &str, line: &str) -> Request {
    Request {
        channel: channel.into(),
        guild: Some("g".into()),
        actor: Actor::player(user, user),
        request_id: id.into(),
        locale: Default::default(),
        input: Input::Command(Command::parse_line(line).unwrap()),
    }
}

fn run(t: &mut Table, user: &str, id: &str, line: &str) -> Outcome {
    t.handle(&req("chan", user, id, line)).unwrap()
}

fn a_game_is_played_refused_undone_and_answered_once_per_request(db: &Db) {
    let mut t = db.table();
    assert!(run(&mut t, "alice", "1", "/dice new expr:1d20 rounds:3").accepted);
    // Bob joins between Alice's commands.
    assert!(run(&mut t, "bob", "2", "/dice join").accepted);
    assert!(run(&mut t, "alice", "3", "/dice start").accepted);
    let rolled = run(&mut t, "alice", "4", "/dice roll");
    assert!(rolled.accepted);
    let before = t.state_json("chan").unwrap().unwrap()["state"].clone();
    // The same request again is answered as it was, and changes nothing.
    let again = run(&mut t, "alice", "4", "/dice roll");
    assert!(again.duplicate);
    // As it was shown: an outcome read in English alone is stored without its typed words.
    let shown = |replies: &[croupier::table::Reply]| -> Vec<croupier::table::Reply> {
        let mut replies = replies.to_vec();
        for r in &mut replies {
            r.message.said = None;
        }
        replies
    };
    assert_eq!(shown(&again.replies), shown(&rolled.replies));
    // A refusal changes nothing.
    let wrong = run(&mut t, "alice", "5", "/dice roll");
    assert!(!wrong.accepted, "not alice's turn");
    assert_eq!(t.state_json("chan").unwrap().unwrap()["state"], before);
    assert!(run(&mut t, "bob", "6", "/dice roll").accepted);
    assert_ne!(t.state_json("chan").unwrap().unwrap()["state"], before);
    assert!(
        !run(&mut t, "bob", "7", "/game undo").accepted,
        "only the host undoes"
    );
    assert!(run(&mut t, "alice", "8", "/game undo").accepted);
    assert_eq!(t.state_json("chan").unwrap().unwrap()["state"], before);
    // The stored state is what the log replays to.
    let id = t.session("chan").unwrap().unwrap().id;
    let (stored, replayed) = t.replay(id).unwrap().unwrap();
    assert_eq!(stored, replayed);
    let log = run(&mut t, "alice", "9", "/game log");
    assert!(log.replies[0].message.body.contains("(undone)"));
}

fn processes_starting_together_all_open_the_store(db: &Db) {
    let n = 8;
    let barrier = Arc::new(Barrier::new(n));
    let target = db.target();
    let opened: Vec<_> = (0..n)
        .map(|_| {
            let (b, target) = (barrier.clone(), target.clone());
            std::thread::spawn(move || {
                b.wait();
                Store::connect(&target).map(|mut s| s.ping().is_ok())
            })
        })
        .collect();
    for h in opened {
        assert!(matches!(h.join().unwrap(), Ok(true)));
    }
}

/// `threads` tables over one database (as many processes would be), started together, each
/// handling `per` requests: `line(p, i)` in channel `ch{p}` or in one shared channel. Every
/// request must be accepted.
fn from_many_tables(
    db: &Db,
    threads: usize,
    per: usize,
    one_channel: bool,
    line: fn(usize, usize) -> String,
) {
    let barrier = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|p| {
            let mut t = db.table();
            let b = barrier.clone();
            std::thread::spawn(move || {
                b.wait();
                let channel = if one_channel {
                    "shared".to_string()
                } else {
                    format!("ch{p}")
                };
                for i in 0..per {
                    let r = req(&channel, &format!("u{p}"), &format!("{p}-{i}"), &line(p, i));
                    let out = t.handle(&r).unwrap();
                    assert!(out.accepted, "{:?}", out.replies);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

fn two_processes_never_apply_to_one_channel_at_once(db: &Db) {
    from_many_tables(db, 2, 40, true, |_, _| "/roll expr:1d6".into());
    let mut store = db.store();
    let tx = store.transaction().unwrap();
    let rolls = store::log_recent(&tx, "shared", 1_000).unwrap();
    assert_eq!(rolls.len(), 80, "every roll logged once");
    // Each roll of 1d6 moved the channel's one generator on, none was drawn twice: replaying
    // the generator from the seed gives exactly the logged dice, in log order.
    let ch = store::channel_get(&tx, "shared").unwrap().unwrap();
    let mut rng = croupier::rng::at(ch.seed as u64, 0);
    for e in &rolls {
        let v: serde_json::Value = serde_json::from_str(&e.payload).unwrap();
        let expected = croupier::dice::roll("1d6", &mut rng).unwrap().total;
        assert_eq!(v["total"].as_i64(), Some(expected), "{}", e.payload);
    }
}

fn two_processes_writing_one_guilds_roster_lose_no_ninja(db: &Db) {
    let (threads, per) = (2, 12);
    from_many_tables(db, threads, per, false, |p, i| {
        format!("/ninja create name:\"N{p}x{i}\" iq:13 dx:13 st:14")
    });
    let mut store = db.store();
    let tx = store.transaction().unwrap();
    let roster = store::shared_get(&tx, "g", "ninja")
        .unwrap()
        .expect("a roster");
    for p in 0..threads {
        for i in 0..per {
            assert!(
                roster.contains(&format!("\"N{p}x{i}\"")),
                "N{p}x{i} lost: {roster}"
            );
        }
    }
    assert_eq!(
        store::shared_version(&tx, "g", "ninja").unwrap(),
        Some((threads * per) as i64),
        "one version per write"
    );
}

fn a_group_commit_keeps_the_others_when_one_request_fails(db: &Db) {
    let mut t = db.table();
    let mut g = t.group().unwrap();
    assert!(
        g.handle(&req("a", "u", "1", "/roll expr:1d6"))
            .unwrap()
            .accepted
    );
    let failed = g.write(|tx| Ok(tx.exec("INSERT INTO nowhere VALUES (1)", args![])?));
    assert!(failed.is_err());
    assert!(
        !g.handle(&req("b", "u", "2", "/roll expr:1d0"))
            .unwrap()
            .accepted
    );
    assert!(
        g.handle(&req("c", "u", "3", "/roll expr:2d6"))
            .unwrap()
            .accepted
    );
    g.commit().unwrap();
    let mut store = db.store();
    let tx = store.transaction().unwrap();
    for (ch, n) in [("a", 1), ("b", 0), ("c", 1)] {
        assert_eq!(store::log_recent(&tx, ch, 10).unwrap().len(), n, "{ch}");
    }
    assert!(store::request_get(&tx, "1").unwrap().is_some());
    assert!(store::request_get(&tx, "2").unwrap().is_none());
}

/// `croupier copy` with these arguments; returns (success, stdout and stderr).
fn croupier(args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(args)
        .env_remove("CROUPIER_DB")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn copy_moves_a_release_database_whose_games_go_on_and_undo(db: &Db) {
    // A database the last release wrote: a game of each kind in progress.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("campaigns.db");
    std::fs::copy("tests/fixtures/releases/1caa0ed/campaigns.db", &file).unwrap();
    let from = file.to_str().unwrap();
    let to = db.target();
    let (ok, text) = croupier(&["copy", "--from", from, "--to", &to]);
    assert!(ok, "{text}");
    assert!(
        text.contains("sessions replay there as in the file"),
        "{text}"
    );
    assert!(
        !text.contains("postgres@"),
        "no user or password printed: {text}"
    );
    // Every row is there.
    let mut source = Store::open(&file).unwrap();
    let mut target = db.store();
    let counts = |s: &mut Store| store::counts(&s.transaction().unwrap()).unwrap();
    assert_eq!(counts(&mut source), counts(&mut target));
    assert!(counts(&mut target)
        .iter()
        .any(|c| c.table == "log" && c.rows > 20));
    // A second copy into the same database is refused and changes nothing.
    let before = counts(&mut target);
    let (ok, text) = croupier(&["copy", "--from", from, "--to", &to]);
    assert!(!ok, "{text}");
    assert!(text.contains("copy only into an empty database"), "{text}");
    assert_eq!(counts(&mut target), before);
    // The games go on there: new ids follow the copied ones, and undo takes back both the
    // action copied over and a new one.
    let mut t = Table::new(
        target,
        registry(),
        Arc::new(ManualClock::at(2_000_000_000)),
        SeedMode::Fixed(1),
    );
    let on = |t: &mut Table, user: &str, id: &str, line: &str| {
        t.handle(&Request {
            channel: "dice".into(),
            guild: Some("console".into()),
            actor: Actor::player(user, user),
            request_id: id.into(),
            locale: Default::default(),
            input: Input::Command(Command::parse_line(line).unwrap()),
        })
        .unwrap()
    };
    let copied_state = t.state_json("dice").unwrap().unwrap()["state"].clone();
    let rolled = on(&mut t, "alice", "after-copy-1", "/dice roll");
    let rolled = if rolled.accepted {
        rolled
    } else {
        on(&mut t, "bob", "after-copy-2", "/dice roll")
    };
    assert!(rolled.accepted, "{:?}", rolled.replies);
    assert!(on(&mut t, "alice", "after-copy-3", "/game undo").accepted);
    assert_eq!(
        t.state_json("dice").unwrap().unwrap()["state"],
        copied_state
    );
    assert!(
        on(&mut t, "alice", "after-copy-4", "/game undo").accepted,
        "the copied action is undone too"
    );
    assert_ne!(
        t.state_json("dice").unwrap().unwrap()["state"],
        copied_state
    );
}

fn a_process_on_some_shards_wakes_only_their_guilds_sessions(db: &Db) {
    use croupier::store::ShardSlice;
    // Discord: shard_id = (guild_id >> 22) % num_shards. With 4 shards these guilds sit on
    // shards 0, 1, 2 and 3; a session outside a guild counts as shard 0.
    let guild_on = |shard: u64| ((1_000_000 * 4 + shard) << 22).to_string();
    let mut store = db.store();
    let tx = store.write_transaction().unwrap();
    let mut ids = vec![];
    for (i, guild) in [
        Some(guild_on(0)),
        Some(guild_on(1)),
        Some(guild_on(2)),
        Some(guild_on(3)),
        None,
    ]
    .iter()
    .enumerate()
    {
        let ch = format!("c{i}");
        store::channel_insert(&tx, &ch, guild.as_deref(), 1, 0).unwrap();
        let s = NewSession {
            guild: guild.as_deref(),
            wakeup_at: Some(100 + i as i64),
            ..new_session(&ch)
        };
        ids.push(store::session_insert(&tx, &s).unwrap());
    }
    let slice = |first, last| {
        Some(ShardSlice {
            total: 4,
            first,
            last,
        })
    };
    let due = |shards| store::sessions_due_first(&tx, 1_000, 10, shards).unwrap();
    assert_eq!(due(None), ids);
    assert_eq!(due(slice(0, 1)), [ids[0], ids[1], ids[4]]);
    assert_eq!(due(slice(2, 3)), [ids[2], ids[3]]);
    assert_eq!(store::next_wakeup(&tx, slice(2, 3)).unwrap(), Some(102));
    assert_eq!(store::next_wakeup(&tx, slice(3, 3)).unwrap(), Some(103));
    // Every due session is some process's, and only one's.
    let mut all: Vec<i64> = (0..4).flat_map(|s| due(slice(s, s))).collect();
    all.sort();
    assert_eq!(all, ids);
}

fn undo_takes_back_what_an_action_did_to_the_guilds_shared_state(db: &Db) {
    let mut t = db.table();
    let lines = [
        ("alice", "/ninja create name:Fox iq:14 dx:13 st:13"),
        ("gm", "/ninja new"),
        ("alice", "/ninja enter name:Fox"),
        ("gm", "/ninja fill"),
        ("gm", "/ninja start"),
    ];
    for (i, (user, line)) in lines.iter().enumerate() {
        let out = run(&mut t, user, &format!("s{i}"), line);
        assert!(out.accepted, "{line}: {:?}", out.replies);
    }
    let roster = |t: &mut Table| {
        let tx = t.store().transaction().unwrap();
        (
            store::shared_get(&tx, "g", "ninja").unwrap().unwrap(),
            store::shared_version(&tx, "g", "ninja").unwrap().unwrap(),
        )
    };
    let (before, v) = roster(&mut t);
    // The first run of round 1 records an event on the ninja's roster entry.
    assert!(run(&mut t, "gm", "s5", "/ninja run auto:true").accepted);
    let (during, v2) = roster(&mut t);
    assert_ne!(during, before, "the run changed the roster");
    assert!(v2 > v);
    assert!(run(&mut t, "gm", "s6", "/game undo").accepted);
    let (after, _) = roster(&mut t);
    assert_eq!(after, before, "undo restores the roster exactly");
}
