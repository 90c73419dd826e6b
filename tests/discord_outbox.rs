//! The ordered outbox per channel (ARCHITECTURE.md, "Front ends"): a burst of commands in one
//! channel against the strict fake Discord arrives complete, in commit order, without a 429;
//! a SIGTERM in the middle of it loses nothing; a kill -9 in the middle of it, then a restart,
//! delivers every committed action's output exactly once.
//!
//! The burst: one player at a dice table of 40 rounds rolls 30 times at once. Each roll's
//! output is a public answer ("alice rolls 1d6 → … (total T)", totals strictly rising) and a
//! channel message pinging her for the next round ("Round k/40: @alice, your roll"), a channel
//! post that Discord limits per channel.

mod support;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::Connection;
use support::bot::{msg, text, Env, ALICE, CHAN};
use support::fake_discord::{FakeDiscord, GUILD_ID, TOKEN};

const BURST: usize = 30;

/// What a public delivery says: a roll's answer (its running total) or the next turn's ping
/// (its round).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Said {
    Answer(i64),
    Ping(i64),
}

/// Reads "(total T)" or "Round k/".
fn said(text: &str) -> Option<Said> {
    let number_after = |key: &str| -> Option<i64> {
        let at = text.find(key)? + key.len();
        let digits: String = text[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    };
    if text.contains("your roll") {
        return number_after("Round ").map(Said::Ping);
    }
    if text.contains("alice rolls") {
        return number_after("(total ").map(Said::Answer);
    }
    None
}

/// Opens a 40-round table for Alice alone and starts it.
async fn open_table(fake: &FakeDiscord) {
    let id = fake.slash(
        CHAN,
        &ALICE,
        "dice new",
        &[("expr", "1d6"), ("rounds", "40")],
    );
    fake.callback(&id).await;
    let id = fake.slash(CHAN, &ALICE, "dice start", &[]);
    fake.callback(&id).await;
    fake.wait_for("the first turn", Duration::from_secs(10), |r| {
        text(&r.body).contains("Round 1/40")
    })
    .await;
}

/// Sends `BURST` rolls at once; returns their interaction ids.
fn burst(fake: &FakeDiscord) -> Vec<String> {
    (0..BURST)
        .map(|_| fake.slash(CHAN, &ALICE, "dice roll", &[]))
        .collect()
}

/// The final text of every public message in the channel (as Discord shows them once every
/// edit is applied), in creation order.
fn channel_texts(fake: &FakeDiscord) -> Vec<String> {
    fake.messages()
        .into_iter()
        .filter(|m| {
            m.channel == CHAN
                && !m.deleted
                && m.visibility == support::fake_discord::Visibility::Public
        })
        .map(|m| m.text())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_quick_commands_in_one_channel_arrive_in_commit_order_without_a_429() {
    let mut env = Env::start().await;
    open_table(&env.fake).await;
    let t = Instant::now();
    burst(&env.fake);
    let last = format!("Round {}/40", BURST + 1);
    env.fake
        .wait_for("the burst's last ping", Duration::from_secs(90), |r| {
            r.status < 300 && text(&r.body).contains(&last)
        })
        .await;
    let took = t.elapsed();
    // Every public delivery since the burst, in the order Discord received them.
    let seen: Vec<Said> = env
        .public_messages()
        .into_iter()
        .filter(|r| r.at >= t)
        .filter_map(|r| said(&text(msg(&r))))
        .collect();
    let violations = env.fake.rate_limit_violations();
    eprintln!(
        "burst of {BURST}: {} deliveries in {took:?}, {} rate-limit violations",
        seen.len(),
        violations.len()
    );
    assert!(
        violations.is_empty(),
        "{} requests arrived while their bucket was empty: {violations:?}",
        violations.len()
    );
    // Each roll: its answer, then the ping for the next round; rolls in commit order (the
    // running total only rises, the rounds count up).
    assert_eq!(seen.len(), 2 * BURST, "{seen:?}");
    let mut total = 0;
    for (i, pair) in seen.chunks(2).enumerate() {
        let round = i64::try_from(i).unwrap() + 2;
        match pair {
            [Said::Answer(t), Said::Ping(r)] => {
                assert!(*t > total, "answers out of order: {seen:?}");
                assert_eq!(*r, round, "pings out of order: {seen:?}");
                total = *t;
            }
            other => {
                panic!("roll {i}: expected its answer then its ping, got {other:?} in {seen:?}")
            }
        }
    }
    env.stop().await;
}

/// The bot's binary against `fake`, as production runs it: `https://discord.com` through the
/// fake's HTTPS proxy (so serenity's ratelimiter is in use), on `db`.
fn spawn_bot(fake: &FakeDiscord, db: &Path, ca: &Path) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("run")
        .env("DISCORD_TOKEN", TOKEN)
        .env("CROUPIER_HTTPS_PROXY", &fake.http_url)
        .env("CROUPIER_HTTPS_PROXY_CA", ca)
        .env("CROUPIER_DEV_GUILD", GUILD_ID.to_string())
        .env("CROUPIER_DB", db)
        .env("RUST_LOG", "warn")
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

/// Starts the binary and waits until it is connected.
async fn start_bot(fake: &FakeDiscord, db: &Path, ca: &Path) -> std::process::Child {
    let identified = fake.gateway().identifies();
    let mut bot = spawn_bot(fake, db, ca);
    let t = Instant::now();
    while fake.gateway().identifies() == identified || fake.gateway().live_shards().is_empty() {
        assert!(t.elapsed() < Duration::from_secs(40), "the bot connects");
        if let Some(status) = bot.try_wait().unwrap() {
            panic!("the bot stopped before connecting: {status}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    fake.registered().await;
    bot
}

/// Which of `ids` the database holds as applied, and the outbox rows still undelivered.
fn committed(db: &Path, ids: &[String]) -> (usize, i64) {
    let conn = Connection::open(db).unwrap();
    let applied = ids
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
        .count();
    let pending = conn
        .query_row("SELECT COUNT(*) FROM outbox", [], |r| r.get(0))
        .unwrap();
    (applied, pending)
}

/// Waits until the channel shows every output of `rolls` committed rolls, then checks each
/// arrived exactly once: one answer per roll (distinct totals) and one ping per round.
async fn every_output_once(fake: &FakeDiscord, rolls: usize) -> Vec<String> {
    let t = Instant::now();
    let last = format!("Round {}/40", rolls + 1);
    loop {
        let texts = channel_texts(fake);
        let answers = texts
            .iter()
            .filter(|t| matches!(said(t), Some(Said::Answer(_))))
            .count();
        if answers >= rolls && texts.iter().any(|t| t.contains(&last)) {
            break;
        }
        assert!(
            t.elapsed() < Duration::from_secs(90),
            "{answers} of {rolls} answers shown: {texts:#?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Late copies would come within the limiter's next window.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let texts = channel_texts(fake);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for t in &texts {
        match said(t) {
            Some(Said::Answer(total)) => *counts.entry(format!("total {total}")).or_default() += 1,
            Some(Said::Ping(round)) => *counts.entry(format!("round {round}")).or_default() += 1,
            None => {}
        }
    }
    let answers = counts.keys().filter(|k| k.starts_with("total")).count();
    assert_eq!(answers, rolls, "one answer per committed roll: {counts:?}");
    for round in 2..=rolls + 1 {
        assert_eq!(
            counts.get(&format!("round {round}")),
            Some(&1),
            "round {round}'s ping exactly once: {counts:?}"
        );
    }
    assert!(
        counts.values().all(|n| *n == 1),
        "nothing twice: {counts:?}"
    );
    assert!(
        !counts.contains_key(&format!("round {}", rolls + 2)),
        "nothing for a roll that was not committed: {counts:?}"
    );
    texts
}

/// No 429 before the restart (`before` is how many the fake had counted then); after it, at
/// most one: a new process cannot know that the channel's bucket was left empty by the old one,
/// learns it from that one 429 and waits its `retry_after`.
fn at_most_one_429_after_the_restart(fake: &FakeDiscord, before: usize) {
    let all = fake.rate_limit_violations();
    eprintln!(
        "rate-limit violations: {} before the restart, {} after",
        before,
        all.len() - before
    );
    assert_eq!(before, 0, "{all:?}");
    assert!(all.len() <= 1, "{all:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_burst_loses_nothing() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (db, ca) = (dir.path().join("t.db"), dir.path().join("ca.pem"));
    std::fs::write(&ca, &fake.root_pem).unwrap();
    let mut bot = start_bot(&fake, &db, &ca).await;
    open_table(&fake).await;
    let ids = burst(&fake);
    fake.wait_for("a few pings of the burst", Duration::from_secs(20), |r| {
        r.status < 300 && text(&r.body).contains("Round 4/40")
    })
    .await;
    std::process::Command::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status()
        .unwrap();
    let status = bot.wait().unwrap();
    assert!(status.success(), "{status}");
    let (applied, left) = committed(&db, &ids);
    eprintln!(
        "SIGTERM: {applied} of {BURST} rolls committed, {left} outputs left for the next start"
    );
    assert!(applied > 0);
    // What the drain did not send is in the database; the next start sends it.
    let before = fake.rate_limit_violations().len();
    let mut bot = start_bot(&fake, &db, &ca).await;
    every_output_once(&fake, applied).await;
    assert_eq!(committed(&db, &ids).1, 0, "the outbox is empty");
    at_most_one_429_after_the_restart(&fake, before);
    let _ = bot.kill();
    let _ = bot.wait();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_mid_burst_then_restart_delivers_every_committed_output_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (db, ca) = (dir.path().join("k.db"), dir.path().join("ca.pem"));
    std::fs::write(&ca, &fake.root_pem).unwrap();
    let mut bot = start_bot(&fake, &db, &ca).await;
    open_table(&fake).await;
    let ids = burst(&fake);
    fake.wait_for("a few pings of the burst", Duration::from_secs(20), |r| {
        r.status < 300 && text(&r.body).contains("Round 4/40")
    })
    .await;
    std::process::Command::new("kill")
        .args(["-KILL", &bot.id().to_string()])
        .status()
        .unwrap();
    let _ = bot.wait().unwrap();
    let (applied, left) = committed(&db, &ids);
    let answered = fake.answered_ids(ids.iter()).len();
    eprintln!(
        "kill -9: {applied} of {BURST} rolls committed, {answered} answered through their interaction, {left} outputs undelivered"
    );
    assert!(applied > 0);
    assert!(
        left > 0,
        "the kill left output undelivered (else this tests nothing)"
    );
    let before = fake.rate_limit_violations().len();
    let mut bot = start_bot(&fake, &db, &ca).await;
    let texts = every_output_once(&fake, applied).await;
    assert_eq!(committed(&db, &ids).1, 0, "the outbox is empty");
    at_most_one_429_after_the_restart(&fake, before);
    // An answer whose interaction could no longer carry it says whose action it answers.
    let mention = format!("<@{}>", ALICE.id);
    for t in texts.iter().filter(|t| t.contains("↪️")) {
        assert!(t.contains(&mention) && t.contains("/dice roll"), "{t}");
    }
    let _ = bot.kill();
    let _ = bot.wait();
}
