//! Group commit: requests of several channels applied in one transaction, each in its own
//! savepoint, committed once, and answered only after that commit; views that write nothing;
//! and kill -9 under load (every acknowledged action is in the log).

mod support;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use croupier::store::Store;
use croupier::table::{
    Actor, Command, Input, ManualClock, Registry, Request, SeedMode, Table, TableError, TableHandle,
};
use futures_util::poll;
use rusqlite::Connection;
use support::fake_discord::{FakeDiscord, Who};

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

fn req(channel: &str, id: &str, line: &str) -> Request {
    Request {
        channel: channel.into(),
        guild: Some("g".into()),
        actor: Actor::player("alice", "alice"),
        request_id: id.into(),
        locale: Default::default(),
        input: Input::Command(Command::parse_line(line).unwrap()),
    }
}

fn count(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// A second connection to the same file, as another process would see it (committed data only).
fn observer(path: &Path) -> Connection {
    Connection::open(path).unwrap()
}

#[test]
fn requests_of_several_channels_share_one_commit_and_a_refusal_rolls_back_only_its_savepoint() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let mut t = table(&path);
    let other = observer(&path);
    let mut g = t.group().unwrap();
    let a = g.handle(&req("a", "ra", "/roll expr:1d6")).unwrap();
    // Channel `b` is new: its channel row (and dice generator) is written before the roll is
    // refused, so only a rolled-back savepoint leaves no trace of it.
    let b = g.handle(&req("b", "rb", "/roll expr:1d6+")).unwrap();
    let c = g.handle(&req("c", "rc", "/roll expr:2d6")).unwrap();
    assert!(a.accepted && c.accepted, "{a:?} {c:?}");
    assert!(!b.accepted, "a dangling `+` is refused: {b:?}");
    assert_eq!(
        count(&other, "SELECT COUNT(*) FROM log"),
        0,
        "nothing is visible before the one commit"
    );
    g.commit().unwrap();
    assert_eq!(
        count(
            &other,
            "SELECT COUNT(*) FROM log WHERE request_id IN ('ra', 'rc') AND kind = 'roll'"
        ),
        2,
        "both accepted rolls were committed together"
    );
    assert_eq!(
        count(&other, "SELECT COUNT(*) FROM requests"),
        2,
        "two idempotency rows: ra, rc"
    );
    assert_eq!(
        count(&other, "SELECT COUNT(*) FROM channels WHERE channel = 'b'"),
        0,
        "the refused request's savepoint was rolled back, channel row and all"
    );
    assert_eq!(count(&other, "SELECT COUNT(*) FROM channels"), 2);
    // The refused request can be retried and is applied then.
    let b2 = t.handle(&req("b", "rb2", "/roll expr:1d6")).unwrap();
    assert!(b2.accepted);
}

#[test]
fn an_outbox_row_is_written_with_its_action_in_its_savepoint_and_only_for_an_applied_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("o.db");
    let mut t = table(&path);
    let other = observer(&path);
    let post = |out: &croupier::table::Outcome| Some(format!("{} replies", out.replies.len()));
    let mut g = t.group().unwrap();
    let (a, row_a) = g
        .handle_posting(&req("a", "ra", "/roll expr:1d6"), post)
        .unwrap();
    // Refused, a view, a duplicate, or no payload: no row.
    let (b, row_b) = g
        .handle_posting(&req("b", "rb", "/roll expr:1d6+"), post)
        .unwrap();
    let (_, row_view) = g
        .handle_posting(&req("a", "rv", "/game status"), post)
        .unwrap();
    let (again, row_again) = g
        .handle_posting(&req("a", "ra", "/roll expr:1d6"), post)
        .unwrap();
    let (_, row_none) = g
        .handle_posting(&req("c", "rc", "/roll expr:2d6"), |_| None)
        .unwrap();
    assert!(a.accepted && !b.accepted && again.duplicate);
    assert!(row_a.is_some());
    assert_eq!(
        (row_b, row_view, row_again, row_none),
        (None, None, None, None)
    );
    assert_eq!(
        count(&other, "SELECT COUNT(*) FROM outbox"),
        0,
        "nothing before the commit"
    );
    g.commit().unwrap();
    let (rows, payload): (i64, String) = other
        .query_row(
            "SELECT COUNT(*), MAX(payload) FROM outbox WHERE request_id = 'ra' AND channel = 'a'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((rows, payload.as_str()), (1, "1 replies"));
    assert_eq!(count(&other, "SELECT COUNT(*) FROM outbox"), 1);
    // A group that is not committed takes its rows with it.
    let mut g = t.group().unwrap();
    let (_, row) = g
        .handle_posting(&req("a", "rd", "/roll expr:1d6"), post)
        .unwrap();
    assert!(row.is_some());
    drop(g);
    assert_eq!(count(&other, "SELECT COUNT(*) FROM outbox"), 1);
    assert_eq!(
        count(
            &other,
            "SELECT COUNT(*) FROM requests WHERE request_id = 'rd'"
        ),
        0
    );
}

#[test]
fn a_duplicate_inside_one_group_is_answered_from_the_first_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.db");
    let mut t = table(&path);
    let mut g = t.group().unwrap();
    let first = g.handle(&req("a", "same", "/roll expr:3d6")).unwrap();
    let again = g.handle(&req("a", "same", "/roll expr:3d6")).unwrap();
    g.commit().unwrap();
    assert!(!first.duplicate && again.duplicate);
    assert_eq!(as_read(&first.replies), again.replies);
    let other = observer(&path);
    assert_eq!(count(&other, "SELECT COUNT(*) FROM log"), 1, "applied once");
}

#[test]
fn views_neither_write_nor_commit_but_actions_stay_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v.db");
    let mut t = table(&path);
    assert!(t.handle(&req("a", "1", "/dice new")).unwrap().accepted);
    let other = observer(&path);
    // `PRAGMA data_version` changes for a connection when another one commits a change.
    let version = |c: &Connection| -> i64 {
        c.query_row("PRAGMA data_version", [], |r| r.get(0))
            .unwrap()
    };
    let before = version(&other);
    let requests = count(&other, "SELECT COUNT(*) FROM requests");
    for (i, line) in ["/game status", "/game log", "/help"].iter().enumerate() {
        let out = t.handle(&req("a", &format!("view{i}"), line)).unwrap();
        assert!(out.accepted, "{line}: {out:?}");
        assert_eq!(version(&other), before, "{line} committed something");
    }
    assert_eq!(
        count(&other, "SELECT COUNT(*) FROM requests"),
        requests,
        "no request-id rows for views"
    );
    // An action still writes, commits and keeps its idempotency row.
    let out = t.handle(&req("a", "act", "/roll expr:1d6")).unwrap();
    assert!(out.accepted);
    assert_ne!(version(&other), before, "the roll was committed");
    let again = t.handle(&req("a", "act", "/roll expr:1d6")).unwrap();
    assert!(again.duplicate && again.replies == as_read(&out.replies));
}

/// Replies as an all-English request stores them for a second delivery: the same text and
/// picture, without the typed words (`Outcome::stored_json`), which English readers never
/// need.
fn as_read(replies: &[croupier::table::Reply]) -> Vec<croupier::table::Reply> {
    let mut out = replies.to_vec();
    for r in &mut out {
        r.message.said = None;
    }
    out
}

/// Holds the writer busy until the returned sender is sent to (queued before it returns).
async fn block_writer(h: &TableHandle) -> std::sync::mpsc::Sender<()> {
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let h = h.clone();
    let mut blocked = Box::pin(async move {
        let _ = h
            .call("block", move |_| {
                let _ = rx.recv();
                Ok(())
            })
            .await;
    });
    assert!(poll!(blocked.as_mut()).is_pending());
    tokio::spawn(blocked);
    tx
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_is_answered_before_the_commit_and_a_failed_commit_answers_every_request_with_an_error(
) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("h.db");
    let h = TableHandle::start(vec![table(&path), table(&path)]);
    let release = block_writer(&h).await;
    // Queued while the writer is busy: these share the next group. Polling each once puts it
    // in the queue.
    let mut a = Box::pin(h.handle(req("a", "ra", "/roll expr:1d6")));
    let mut b = Box::pin(h.handle(req("b", "rb", "/roll expr:1d6")));
    // Ends the transaction as SQLite does after an I/O error: everything in it is gone.
    let mut broken = Box::pin(h.apply(|g| {
        g.write(|c| {
            c.batch("ROLLBACK")?;
            Ok(())
        })
    }));
    let mut c = Box::pin(h.handle(req("c", "rc", "/roll expr:1d6")));
    assert!(poll!(a.as_mut()).is_pending());
    assert!(poll!(b.as_mut()).is_pending());
    assert!(poll!(broken.as_mut()).is_pending());
    assert!(poll!(c.as_mut()).is_pending());
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(
        poll!(a.as_mut()).is_pending(),
        "nothing is answered while its group waits"
    );
    release.send(()).unwrap();
    // `a` and `b` were applied (accepted) in the group, but its commit never happened: they
    // are answered with an error, not with their outcome.
    for (name, r) in [("a", a.await), ("b", b.await)] {
        match r {
            Err(TableError::NotSaved(why, _)) => assert!(why.contains("rolled"), "{why}"),
            other => panic!("{name} answered although its group was not committed: {other:?}"),
        }
    }
    assert!(broken.await.is_err());
    // `c` came after the failure: it goes into a new group, committed and answered.
    let c = c.await.unwrap();
    assert!(c.accepted);
    let other = observer(&path);
    assert_eq!(
        count(
            &other,
            "SELECT COUNT(*) FROM log WHERE request_id IN ('ra', 'rb')"
        ),
        0,
        "nothing of the failed group was saved"
    );
    assert_eq!(
        count(&other, "SELECT COUNT(*) FROM log WHERE request_id = 'rc'"),
        1
    );
    h.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queued_requests_of_many_channels_are_answered_after_their_shared_commit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.db");
    let h = TableHandle::start(vec![table(&path)]);
    let release = block_writer(&h).await;
    let mut waiting = Vec::new();
    for i in 0..32 {
        let mut f = Box::pin(h.handle(req(&format!("c{i}"), &format!("r{i}"), "/roll expr:2d6")));
        assert!(poll!(f.as_mut()).is_pending());
        waiting.push(f);
    }
    let other = observer(&path);
    assert_eq!(count(&other, "SELECT COUNT(*) FROM log"), 0);
    let before: i64 = other
        .query_row("PRAGMA data_version", [], |r| r.get(0))
        .unwrap();
    release.send(()).unwrap();
    for (i, f) in waiting.into_iter().enumerate() {
        assert!(f.await.unwrap().accepted);
        // By the time any answer arrives, its commit is visible to another connection.
        assert_eq!(
            count(
                &other,
                &format!("SELECT COUNT(*) FROM log WHERE request_id = 'r{i}'")
            ),
            1
        );
    }
    // All 32 were in one commit: the log ids are consecutive and the rows appeared at once.
    assert_eq!(count(&other, "SELECT COUNT(*) FROM log"), 32);
    let after: i64 = other
        .query_row("PRAGMA data_version", [], |r| r.get(0))
        .unwrap();
    assert_ne!(before, after);
    h.shutdown();
}

/// `croupier run` against the fake, on `db`.
fn spawn_bot(fake: &FakeDiscord, db: &Path) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("run")
        .env("DISCORD_TOKEN", support::fake_discord::TOKEN)
        .env("CROUPIER_DISCORD_API", &fake.http_url)
        .env(
            "CROUPIER_DEV_GUILD",
            support::fake_discord::GUILD_ID.to_string(),
        )
        .env("CROUPIER_DB", db)
        .env("RUST_LOG", "warn")
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_under_load_every_acknowledged_roll_is_in_the_log() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let mut bot = spawn_bot(&fake, &db);
    fake.registered().await;
    let acked = Arc::new(Mutex::new(Vec::<String>::new()));
    let sent = Arc::new(Mutex::new(Vec::<String>::new()));
    let killed = Arc::new(AtomicBool::new(false));
    let mut tasks = vec![];
    // The load: 64 channels at once, each sending its next roll when the last is answered.
    for c in 0..64u64 {
        let (fake, acked, killed, sent) =
            (fake.clone(), acked.clone(), killed.clone(), sent.clone());
        tasks.push(tokio::spawn(async move {
            let who = Who {
                id: 100_000_000_000_200_000 + c,
                name: "loader",
                manager: false,
            };
            while !killed.load(Ordering::SeqCst) {
                let id = fake.slash(
                    700_000_000_000_200_000 + c,
                    &who,
                    "roll",
                    &[("expr", "2d6")],
                );
                sent.lock().unwrap().push(id.clone());
                match fake.answered_in(&id, Duration::from_secs(3)).await {
                    // Acknowledged: Discord has the answer.
                    Some(_) => acked.lock().unwrap().push(id),
                    None => break,
                }
            }
        }));
    }
    // Kill in the middle of the load, once a good number of rolls were answered.
    let t = std::time::Instant::now();
    while acked.lock().unwrap().len() < 300 {
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "the bot answers rolls"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    std::process::Command::new("kill")
        .args(["-KILL", &bot.id().to_string()])
        .status()
        .unwrap();
    let status = bot.wait().unwrap();
    assert!(!status.success(), "killed: {status}");
    // Answers that reached Discord up to the kill are the acknowledged ones.
    tokio::time::sleep(Duration::from_millis(100)).await;
    killed.store(true, Ordering::SeqCst);
    for t in tasks {
        t.await.unwrap();
    }
    // Only answers that reached Discord count as acknowledged (a deferral promises nothing).
    let acked: Vec<String> = fake.answered_ids(acked.lock().unwrap().iter());
    assert!(acked.len() >= 300, "{} answers", acked.len());
    let mut store = Store::open(&db).unwrap();
    let conn = Connection::open(&db).unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok");
    let mut missing = vec![];
    for id in &acked {
        let n: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM log WHERE request_id = ?1 AND kind = 'roll'",
                [id],
                |r| r.get(0),
            )
            .unwrap();
        if n != 1 {
            missing.push(id.clone());
        }
    }
    assert!(
        missing.is_empty(),
        "{} of {} acknowledged rolls are not in the log: {missing:?}",
        missing.len(),
        acked.len()
    );
    // A roll committed but not answered when the process died is in the outbox, which the
    // next start delivers (`tests/discord_outbox.rs` checks that delivery).
    let sent = sent.lock().unwrap().clone();
    let committed: Vec<&String> = sent
        .iter()
        .filter(|id| {
            conn.query_row(
                "SELECT COUNT(*) FROM requests WHERE request_id = ?1",
                [id.as_str()],
                |r| r.get::<_, i64>(0),
            )
            .unwrap()
                == 1
        })
        .collect();
    let answered = fake.answered_ids(committed.iter().copied());
    let unanswered: Vec<&&String> = committed
        .iter()
        .filter(|id| !answered.contains(id))
        .collect();
    let queued = |id: &str| -> bool {
        conn.query_row(
            "SELECT COUNT(*) FROM outbox WHERE request_id = ?1",
            [id],
            |r| r.get::<_, i64>(0),
        )
        .unwrap()
            == 1
    };
    let lost: Vec<&&&String> = unanswered.iter().filter(|id| !queued(id)).collect();
    eprintln!(
        "kill -9 under load: {} rolls committed, {} unanswered, {} of those not in the outbox",
        committed.len(),
        unanswered.len(),
        lost.len()
    );
    assert!(
        lost.is_empty(),
        "committed, unanswered and not in the outbox: {lost:?}"
    );
}

/// Applies `r` on the writer, which then waits (its group still open) until the returned
/// sender is sent to.
async fn apply_and_hold(
    h: &TableHandle,
    r: Request,
) -> (
    tokio::task::JoinHandle<Result<croupier::table::Outcome, TableError>>,
    std::sync::mpsc::Sender<()>,
) {
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let h = h.clone();
    let task = tokio::spawn(async move {
        h.apply(move |g| {
            let out = g.handle(&r);
            let _ = rx.recv();
            out
        })
        .await
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    (task, tx)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_arrives_while_a_group_is_applied_joins_it_and_a_call_waits_for_its_commit()
{
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.db");
    let h = TableHandle::start(vec![table(&path)]);
    // `a` is applied first and holds its group open until `b` is queued behind it.
    let (a, queued_tx) = apply_and_hold(&h, req("a", "ra", "/roll expr:1d6")).await;
    // `b` reports when it runs, then waits for the test.
    let (running_tx, running_rx) = std::sync::mpsc::channel::<()>();
    let (go_tx, go_rx) = std::sync::mpsc::channel::<()>();
    let mut b = Box::pin(h.apply(move |g| {
        let _ = running_tx.send(());
        let _ = go_rx.recv();
        g.handle(&req("b", "rb", "/roll expr:1d6"))
    }));
    assert!(poll!(b.as_mut()).is_pending());
    queued_tx.send(()).unwrap();
    tokio::task::spawn_blocking(move || running_rx.recv().unwrap())
        .await
        .unwrap();
    // `b` is being applied and `a` is not answered yet: they are in one group, whose commit
    // comes after both.
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(
        !a.is_finished(),
        "`a` was committed alone although `b` was queued before its group committed"
    );
    go_tx.send(()).unwrap();
    assert!(b.await.unwrap().accepted);
    assert!(a.await.unwrap().unwrap().accepted);

    // A call queued between two requests runs after the first one's commit, before the second.
    let (c, queued_tx) = apply_and_hold(&h, req("c", "rc", "/roll expr:1d6")).await;
    let mut call = Box::pin(h.call("x", |t| {
        let mut seen = |id: &str| {
            t.store()
                .sqlite()
                .expect("an SQLite store")
                .query_row(
                    "SELECT COUNT(*) FROM log WHERE request_id = ?1",
                    [id],
                    |r| r.get::<_, i64>(0),
                )
                .unwrap()
        };
        Ok((seen("rc"), seen("rd")))
    }));
    let mut d = Box::pin(h.handle(req("d", "rd", "/roll expr:1d6")));
    assert!(poll!(call.as_mut()).is_pending());
    assert!(poll!(d.as_mut()).is_pending());
    queued_tx.send(()).unwrap();
    assert_eq!(
        call.await.unwrap(),
        (1, 0),
        "the call sees `c` committed and `d` not yet applied"
    );
    assert!(c.await.unwrap().unwrap().accepted);
    assert!(d.await.unwrap().accepted);
    h.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chance_of_a_roll_with_a_target_is_worked_out_off_the_writer() {
    use croupier::table::odds;
    let dir = tempfile::tempdir().unwrap();
    let h = TableHandle::start(vec![table(&dir.path().join("o.db"))]);
    // Expressions no other test rolls (the lines are kept for the process).
    for (i, e) in ["7d13+101", "3d17!+202", "{4d9, 5d8}kh1+303"]
        .iter()
        .enumerate()
    {
        let line = format!("/roll expr:\"{e}\" target:140");
        let out = h
            .handle(req("odds", &format!("o{i}"), &line))
            .await
            .unwrap();
        assert!(out.accepted, "{:?}", out.replies);
        assert!(
            out.replies[0].message.body.contains("needs 140+"),
            "{:?}",
            out.replies
        );
        assert!(
            !odds::computed_on_writer(e),
            "{e}: the chance was worked out on the writer"
        );
    }
    // A request given to the writer as it is (not through `handle`) has it worked out there:
    // what the check above would see if `handle` did not do it first.
    let out = h
        .apply(|g| g.handle(&req("odds", "o9", "/roll expr:\"2d31+404\" target:440")))
        .await
        .unwrap();
    assert!(out.accepted);
    assert!(odds::computed_on_writer("2d31+404"));
    h.shutdown();
}
