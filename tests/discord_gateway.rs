//! The gateway against the fake Discord: sharding, refused logins, resharding, resuming.
//!
//! The first half checks the fake's gateway itself with a raw WebSocket client (every rule it
//! enforces refuses a wrong request the way Discord's gateway docs say); the second half runs
//! the real bot (library and binary) against it.

mod support;

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use croupier::discord::{self, Config, GatewayError, Retry, Sharding};
use croupier::table::{Registry, SeedMode};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use support::fake_discord::{FakeDiscord, Who, GUILD_ID, TOKEN};
use support::fake_gateway::{Gateway, GatewayOptions};
use tokio_tungstenite::tungstenite::Message;

const CHAN: u64 = 700_000_000_000_000_001;
const ALICE: Who = Who {
    id: 100_000_000_000_000_001,
    name: "alice",
    manager: false,
};
/// A guild on shard 0 of 2 (`GUILD_ID` is on shard 1 of 2).
const GUILD_0: u64 = GUILD_ID + (1 << 22);

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn opts() -> GatewayOptions {
    GatewayOptions::new(TOKEN, vec![GUILD_ID, GUILD_0])
}

// ---------------------------------------------------------------------------------------
// The fake's gateway, with a raw client

/// Connects and reads HELLO.
async fn connect(fake: &FakeDiscord) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}/?v=10", fake.gateway().url))
        .await
        .unwrap();
    let hello = next_json(&mut ws).await.expect("HELLO");
    assert_eq!(hello["op"], 10);
    ws
}

/// The next JSON frame; `Err(code)` if the server closed the connection.
async fn next_json(ws: &mut Ws) -> Result<Value, u16> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a frame within 5 s");
        match m {
            Some(Ok(Message::Text(t))) => return Ok(serde_json::from_str(&t).unwrap()),
            Some(Ok(Message::Close(f))) => return Err(f.map_or(1005, |f| u16::from(f.code))),
            Some(Ok(_)) => continue,
            other => panic!("connection ended without a close frame: {other:?}"),
        }
    }
}

fn identify(token: &str, intents: u64, shard: Option<[u32; 2]>) -> String {
    let mut d = json!({"token": token, "intents": intents,
        "properties": {"os": "linux", "browser": "test", "device": "test"}});
    if let Some(s) = shard {
        d["shard"] = json!(s);
    }
    json!({"op": 2, "d": d}).to_string()
}

/// Sends IDENTIFY; returns READY's `d`, or the close code.
async fn login(
    fake: &FakeDiscord,
    token: &str,
    intents: u64,
    shard: Option<[u32; 2]>,
) -> Result<Value, u16> {
    let mut ws = connect(fake).await;
    ws.send(Message::Text(identify(token, intents, shard)))
        .await
        .unwrap();
    let v = next_json(&mut ws).await?;
    Ok(v)
}

#[tokio::test]
async fn fake_gateway_closes_a_wrong_token_with_4004_and_rest_answers_401() {
    let fake = FakeDiscord::start_with(opts()).await;
    assert_eq!(
        login(&fake, "not-the-token", 1, None).await.unwrap_err(),
        4004
    );
    let ready = login(&fake, TOKEN, 1, None).await.unwrap();
    assert_eq!(ready["t"], "READY");
    // REST: the bot token is required except on GET /gateway.
    let client = http_get(&fake, "/api/v10/users/@me", Some("Bot wrong")).await;
    assert_eq!(client.0, 401);
    assert_eq!(client.1, json!({"message": "401: Unauthorized", "code": 0}));
    assert_eq!(http_get(&fake, "/api/v10/gateway/bot", None).await.0, 401);
    assert_eq!(
        http_get(&fake, "/api/v10/users/@me", Some(&format!("Bot {TOKEN}")))
            .await
            .0,
        200
    );
    assert_eq!(http_get(&fake, "/api/v10/gateway", None).await.0, 200);
}

/// A minimal HTTP/1.1 GET (status, JSON body).
async fn http_get(fake: &FakeDiscord, path: &str, auth: Option<&str>) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = fake.http_url.trim_start_matches("http://");
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let auth = auth
        .map(|a| format!("authorization: {a}\r\n"))
        .unwrap_or_default();
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nhost: {addr}\r\n{auth}connection: close\r\n\r\n")
            .as_bytes(),
    )
    .await
    .unwrap();
    // The fake keeps the connection open: read until the body (content-length) is complete.
    let mut raw = vec![];
    let mut chunk = [0u8; 4096];
    let buf = loop {
        let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut chunk))
            .await
            .expect("an answer")
            .unwrap();
        raw.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&raw).to_string();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let len: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length: "))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(0);
            if body.len() >= len {
                break text;
            }
        }
        assert!(n > 0, "connection closed early: {text}");
    };
    let status: u16 = buf.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = buf.split("\r\n\r\n").nth(1).unwrap_or("");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test]
async fn fake_gateway_closes_a_second_identify_on_one_connection_with_4005() {
    let fake = FakeDiscord::start_with(opts()).await;
    let mut ws = connect(&fake).await;
    ws.send(Message::Text(identify(TOKEN, 1, None)))
        .await
        .unwrap();
    assert_eq!(next_json(&mut ws).await.unwrap()["t"], "READY");
    ws.send(Message::Text(identify(TOKEN, 1, None)))
        .await
        .unwrap();
    assert_eq!(next_json(&mut ws).await.unwrap_err(), 4005);
}

#[tokio::test]
async fn fake_gateway_refuses_invalid_and_disallowed_intents() {
    let fake = FakeDiscord::start_with(opts()).await;
    // An undocumented bit → 4013.
    assert_eq!(
        login(&fake, TOKEN, 1 | (1 << 30), None).await.unwrap_err(),
        4013
    );
    // GUILD_MEMBERS (privileged) not enabled → 4014.
    assert_eq!(
        login(&fake, TOKEN, 1 | (1 << 1), None).await.unwrap_err(),
        4014
    );
    // MESSAGE_CONTENT too.
    assert_eq!(login(&fake, TOKEN, 1 << 15, None).await.unwrap_err(), 4014);
    let mut o = opts();
    o.enabled_privileged = 1 << 1;
    let fake = FakeDiscord::start_with(o).await;
    assert_eq!(
        login(&fake, TOKEN, 1 | (1 << 1), None).await.unwrap()["t"],
        "READY"
    );
}

#[tokio::test]
async fn fake_gateway_refuses_invalid_shards_and_requires_sharding() {
    let mut o = opts();
    o.required_shards = 2;
    o.recommended_shards = 2;
    o.max_concurrency = 4;
    let fake = FakeDiscord::start_with(o).await;
    assert_eq!(
        login(&fake, TOKEN, 1, Some([2, 2])).await.unwrap_err(),
        4010
    );
    assert_eq!(
        login(&fake, TOKEN, 1, Some([0, 0])).await.unwrap_err(),
        4010
    );
    assert_eq!(
        login(&fake, TOKEN, 1, Some([0, 1])).await.unwrap_err(),
        4011
    );
    assert_eq!(login(&fake, TOKEN, 1, None).await.unwrap_err(), 4011);
    let r0 = login(&fake, TOKEN, 1, Some([0, 2])).await.unwrap();
    let r1 = login(&fake, TOKEN, 1, Some([1, 2])).await.unwrap();
    // READY carries the shard and that shard's guilds only ("Sharding Formula").
    assert_eq!(r0["d"]["shard"], json!([0, 2]));
    assert_eq!(
        r0["d"]["guilds"],
        json!([{"id": GUILD_0.to_string(), "unavailable": true}])
    );
    assert_eq!(r1["d"]["shard"], json!([1, 2]));
    assert_eq!(
        r1["d"]["guilds"],
        json!([{"id": GUILD_ID.to_string(), "unavailable": true}])
    );
    assert_eq!(Gateway::shard_of(GUILD_ID, 2), 1);
    assert_eq!(Gateway::shard_of(GUILD_0, 2), 0);
}

#[tokio::test]
async fn fake_gateway_enforces_max_concurrency_and_the_session_start_limit() {
    let mut o = opts();
    o.session_starts = 2;
    o.recommended_shards = 2;
    let fake = FakeDiscord::start_with(o).await;
    assert_eq!(
        fake.gateway().bot_info()["session_start_limit"]["remaining"],
        2
    );
    login(&fake, TOKEN, 1, Some([0, 2])).await.unwrap();
    // max_concurrency 1: a second IDENTIFY within 5 s → INVALID_SESSION (d: false).
    let v = login(&fake, TOKEN, 1, Some([1, 2])).await.unwrap();
    assert_eq!(v, json!({"op": 9, "d": false}));
    assert_eq!(fake.gateway().session_starts_left(), 1);
    tokio::time::sleep(Duration::from_millis(5100)).await;
    login(&fake, TOKEN, 1, Some([1, 2])).await.unwrap();
    assert_eq!(fake.gateway().session_starts_left(), 0);
    // The limit is used up: the IDENTIFY is refused and the token reset (REST refuses it too).
    tokio::time::sleep(Duration::from_millis(5100)).await;
    assert_eq!(
        login(&fake, TOKEN, 1, Some([0, 2])).await.unwrap_err(),
        4004
    );
    assert_eq!(
        http_get(&fake, "/api/v10/gateway/bot", Some(&format!("Bot {TOKEN}")))
            .await
            .0,
        401
    );
}

fn resume(seq: u64, id: &str) -> String {
    json!({"op": 6, "d": {"token": TOKEN, "session_id": id, "seq": seq}}).to_string()
}

/// Identifies on a fresh connection; returns it and the session id.
async fn session(fake: &FakeDiscord) -> (Ws, String) {
    let mut ws = connect(fake).await;
    ws.send(Message::Text(identify(TOKEN, 1, None)))
        .await
        .unwrap();
    let ready = next_json(&mut ws).await.unwrap();
    let id = ready["d"]["session_id"]
        .as_str()
        .unwrap_or_else(|| panic!("not READY: {ready}"))
        .to_string();
    (ws, id)
}

#[tokio::test]
async fn fake_gateway_resume_replays_missed_dispatches_then_resumed() {
    let fake = FakeDiscord::start_with(opts()).await;
    let (mut ws, session) = session(&fake).await;
    let gw = fake.gateway();
    gw.dispatch(Some(GUILD_ID), "TEST", json!({"n": 1}));
    assert_eq!(next_json(&mut ws).await.unwrap()["s"], 2);
    drop(ws); // a dropped connection (no close code) keeps the session resumable
    tokio::time::sleep(Duration::from_millis(100)).await;
    for n in 2..=4 {
        gw.dispatch(Some(GUILD_ID), "TEST", json!({"n": n}));
    }
    // Unknown session → INVALID_SESSION false.
    let mut bad = connect(&fake).await;
    bad.send(Message::Text(resume(2, "nope"))).await.unwrap();
    assert_eq!(
        next_json(&mut bad).await.unwrap(),
        json!({"op": 9, "d": false})
    );
    // The real session from seq 2: 3, 4, 5 replayed in order, then RESUMED.
    let mut ws = connect(&fake).await;
    ws.send(Message::Text(resume(2, &session))).await.unwrap();
    for (s, n) in [(3, 2), (4, 3), (5, 4)] {
        let v = next_json(&mut ws).await.unwrap();
        assert_eq!((&v["s"], &v["d"]["n"]), (&json!(s), &json!(n)));
    }
    let v = next_json(&mut ws).await.unwrap();
    assert_eq!((&v["t"], &v["s"]), (&json!("RESUMED"), &json!(6)));
    // Closing with 1000 ends the session ("Initiating a Disconnect"): no resume.
    ws.send(Message::Close(Some(
        tokio_tungstenite::tungstenite::protocol::CloseFrame {
            code: 1000.into(),
            reason: "".into(),
        },
    )))
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut ws = connect(&fake).await;
    ws.send(Message::Text(resume(6, &session))).await.unwrap();
    assert_eq!(
        next_json(&mut ws).await.unwrap(),
        json!({"op": 9, "d": false})
    );
}

#[tokio::test]
async fn fake_gateway_closes_a_resume_with_an_unsent_seq_with_4007() {
    let fake = FakeDiscord::start_with(opts()).await;
    let (ws, session) = session(&fake).await;
    drop(ws);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut ws = connect(&fake).await;
    ws.send(Message::Text(resume(99, &session))).await.unwrap();
    assert_eq!(next_json(&mut ws).await.unwrap_err(), 4007);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fake_gateway_sequence_numbers_strictly_increase_under_concurrent_dispatch() {
    let fake = FakeDiscord::start_with(opts()).await;
    let mut ws = connect(&fake).await;
    ws.send(Message::Text(identify(TOKEN, 1, None)))
        .await
        .unwrap();
    assert_eq!(next_json(&mut ws).await.unwrap()["s"], 1);
    const TASKS: usize = 8;
    const EACH: usize = 250;
    let mut handles = vec![];
    for t in 0..TASKS {
        let f = fake.clone();
        handles.push(tokio::spawn(async move {
            for n in 0..EACH {
                f.dispatch(
                    "TEST",
                    json!({"guild_id": GUILD_ID.to_string(), "t": t, "n": n}),
                );
                if n % 16 == 0 {
                    tokio::task::yield_now().await;
                }
            }
        }));
    }
    for h in handles {
        h.await.unwrap();
    }
    let mut last = 1;
    let mut per_task = [0usize; TASKS];
    for _ in 0..TASKS * EACH {
        let v = next_json(&mut ws).await.unwrap();
        let s = v["s"].as_u64().unwrap();
        assert_eq!(
            s,
            last + 1,
            "sequence numbers arrive in order, without gaps"
        );
        last = s;
        let t = v["d"]["t"].as_u64().unwrap() as usize;
        assert_eq!(
            v["d"]["n"].as_u64().unwrap() as usize,
            per_task[t],
            "each sender's events stay in order"
        );
        per_task[t] += 1;
    }
}

// ---------------------------------------------------------------------------------------
// The bot against it

fn games() -> Arc<Registry> {
    Arc::new(croupier::games::load(Path::new("data")).expect("game data loads"))
}

fn config(fake: &FakeDiscord, dir: &tempfile::TempDir) -> Config {
    let _ = tracing_subscriber::fmt()
        .with_test_writer()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .try_init();
    let mut c = Config::new(TOKEN, dir.path().join("bot.db"), games());
    c.api_base = Some(fake.http_url.clone());
    c.seeds = SeedMode::Fixed(7);
    c
}

async fn wait_until(what: &str, timeout: Duration, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The `shard` of every IDENTIFY so far.
fn identified_shards(fake: &FakeDiscord) -> Vec<Value> {
    fake.requests()
        .into_iter()
        .filter(|r| r.method == "WS" && r.path == "IDENTIFY")
        .map(|r| r.body["shard"].clone())
        .collect()
}

/// The `shard` of every IDENTIFY so far, less one for each the IDENTIFY rate limit refused
/// (op 9 INVALID_SESSION) and the bot therefore had to retry. On a loaded machine one
/// shard's IDENTIFY can reach the gateway late, so the next lands inside its 5 s.
fn unrefused_identifies(fake: &FakeDiscord) -> Vec<Value> {
    let mut ids = identified_shards(fake);
    let refused: Vec<Value> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "WS" && r.path == "INVALID_SESSION")
        .map(|r| r.body["shard"].clone())
        .collect();
    for r in &refused {
        // The retry is the later of the two; the refused one is the first still listed.
        let i = ids
            .iter()
            .position(|s| s == r)
            .expect("a refused IDENTIFY was sent");
        ids.remove(i);
    }
    ids
}

fn registrations(fake: &FakeDiscord) -> usize {
    fake.requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .count()
}

/// `/roll 1d6` from a member of `guild`; panics unless it is answered.
async fn roll_in(fake: &FakeDiscord, guild: u64) {
    let (id, mut d) = fake.slash_payload(CHAN, &ALICE, "roll", &[("expr", "1d6")]);
    d["guild_id"] = json!(guild.to_string());
    fake.send_interaction(&id, d);
    let cb = fake.callback(&id).await;
    assert!(cb.body["data"].to_string().contains("1d6"), "{}", cb.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autosharded_login_runs_the_recommended_two_shards_and_registers_once() {
    let mut o = opts();
    o.recommended_shards = 2;
    let fake = FakeDiscord::start_with(o).await;
    let dir = tempfile::tempdir().unwrap();
    let t = Instant::now();
    let bot = discord::start(config(&fake, &dir))
        .await
        .expect("bot starts");
    let gw = fake.gateway();
    wait_until("both shards to be ready", Duration::from_secs(20), || {
        gw.live_shards() == vec![(0, 2), (1, 2)]
    })
    .await;
    eprintln!("2 automatic shards ready in {:?}", t.elapsed());
    // Each shard identifies once, plus a retry after each INVALID_SESSION of the rate limit.
    assert_eq!(
        unrefused_identifies(&fake),
        vec![json!([0, 2]), json!([1, 2])]
    );
    fake.registered().await;
    // A guild on shard 1 and one on shard 0 are both answered.
    roll_in(&fake, GUILD_ID).await;
    roll_in(&fake, GUILD_0).await;
    assert_eq!(
        registrations(&fake),
        1,
        "commands are registered once per process"
    );
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shard_range_runs_only_its_shards() {
    let fake = FakeDiscord::start_with(opts()).await;
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(&fake, &dir);
    c.sharding = Sharding::parse(Some("2"), Some("1..2")).unwrap();
    let bot = discord::start(c).await.expect("bot starts");
    let gw = fake.gateway();
    wait_until("shard 1 to be ready", Duration::from_secs(10), || {
        gw.live_shards() == vec![(1, 2)]
    })
    .await;
    fake.registered().await;
    roll_in(&fake, GUILD_ID).await;
    // serenity starts one shard per 5 s: wait past that, no other shard appears.
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert_eq!(identified_shards(&fake), vec![json!([1, 2])]);
    assert_eq!(gw.live_shards(), vec![(1, 2)]);
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sharding_required_reshards_with_the_new_count_and_answers_afterwards() {
    let fake = FakeDiscord::start_with(opts()).await;
    let dir = tempfile::tempdir().unwrap();
    let bot = discord::start(config(&fake, &dir))
        .await
        .expect("bot starts");
    let gw = fake.gateway();
    wait_until("shard 0 to be ready", Duration::from_secs(10), || {
        gw.live_shards() == vec![(0, 1)]
    })
    .await;
    fake.registered().await;
    roll_in(&fake, GUILD_ID).await;
    // The bot grew: Discord now wants 2 shards and closes the session with 4011.
    gw.require_shards(2);
    let t = Instant::now();
    gw.close_shard(0, 4011);
    wait_until("two new shards", Duration::from_secs(25), || {
        gw.live_shards() == vec![(0, 2), (1, 2)]
    })
    .await;
    eprintln!("4011 → both new shards ready in {:?}", t.elapsed());
    assert_eq!(
        unrefused_identifies(&fake),
        vec![json!([0, 1]), json!([0, 2]), json!([1, 2])],
        "one IDENTIFY per shard, no retry with the old count"
    );
    roll_in(&fake, GUILD_ID).await;
    roll_in(&fake, GUILD_0).await;
    assert_eq!(
        registrations(&fake),
        1,
        "resharding does not register again"
    );
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resumable_close_resumes_and_delivers_what_was_missed() {
    let fake = FakeDiscord::start_with(opts()).await;
    let dir = tempfile::tempdir().unwrap();
    let bot = discord::start(config(&fake, &dir))
        .await
        .expect("bot starts");
    let gw = fake.gateway();
    wait_until("shard 0", Duration::from_secs(10), || {
        gw.live_shards() == vec![(0, 1)]
    })
    .await;
    fake.registered().await;
    let mark = fake.mark();
    // 4000 Unknown error: "Try reconnecting?" — the bot resumes.
    gw.close_shard(0, 4000);
    // Sent while the bot is away: delivered on RESUME.
    let (id, d) = fake.slash_payload(CHAN, &ALICE, "roll", &[("expr", "2d6")]);
    fake.send_interaction(&id, d);
    let cb = fake.callback(&id).await;
    assert!(cb.body["data"].to_string().contains("2d6"));
    let since = fake.since(mark);
    assert!(since.iter().any(|r| r.path == "RESUME"), "the bot resumed");
    assert!(
        !since.iter().any(|r| r.path == "IDENTIFY"),
        "no new IDENTIFY"
    );
    // INVALID_SESSION with d: true → the bot resumes again.
    let mark = fake.mark();
    gw.invalidate_session(0, true);
    wait_until("a second RESUME", Duration::from_secs(10), || {
        fake.since(mark).iter().any(|r| r.path == "RESUME")
    })
    .await;
    wait_until("shard 0 back", Duration::from_secs(10), || {
        gw.live_shards() == vec![(0, 1)]
    })
    .await;
    roll_in(&fake, GUILD_ID).await;
    assert_eq!(fake.identifies(), 1);
    // INVALID_SESSION with d: false → a new IDENTIFY.
    gw.invalidate_session(0, false);
    wait_until("a new session", Duration::from_secs(15), || {
        fake.identifies() == 2
    })
    .await;
    wait_until("shard 0 back", Duration::from_secs(10), || {
        gw.live_shards() == vec![(0, 1)]
    })
    .await;
    roll_in(&fake, GUILD_ID).await;
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn disallowed_intents_end_the_bot_naming_the_intent_without_retrying() {
    let fake = FakeDiscord::start_with(opts()).await;
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(&fake, &dir);
    c.intents = discord::INTENTS | poise::serenity_prelude::GatewayIntents::GUILD_MEMBERS;
    let bot = discord::start(c).await.expect("bot starts");
    let r = tokio::time::timeout(
        Duration::from_secs(10),
        bot.run_until(std::future::pending()),
    )
    .await
    .expect("the bot stops by itself");
    let e = r.unwrap_err();
    assert!(matches!(e, GatewayError::DisallowedIntents { .. }), "{e:?}");
    let msg = e.to_string();
    assert!(
        msg.contains("GUILD_MEMBERS (Server Members Intent)"),
        "{msg}"
    );
    assert!(msg.contains("Privileged Gateway Intents"), "{msg}");
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(fake.identifies(), 1, "no retry");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_intents_end_the_bot_without_retrying() {
    let fake = FakeDiscord::start_with(opts()).await;
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(&fake, &dir);
    c.intents = poise::serenity_prelude::GatewayIntents::from_bits_retain(1 | (1 << 30));
    let bot = discord::start(c).await.expect("bot starts");
    let r = tokio::time::timeout(
        Duration::from_secs(10),
        bot.run_until(std::future::pending()),
    )
    .await
    .expect("the bot stops by itself");
    let e = r.unwrap_err();
    assert!(matches!(e, GatewayError::InvalidIntents { .. }), "{e:?}");
    assert!(e.to_string().contains("4013"), "{e}");
    assert_eq!(fake.identifies(), 1, "no retry");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_few_session_starts_left_refuses_to_start() {
    let mut o = opts();
    o.recommended_shards = 2;
    o.session_starts = 1;
    let fake = FakeDiscord::start_with(o).await;
    let dir = tempfile::tempdir().unwrap();
    let Err(e) = discord::start(config(&fake, &dir)).await else {
        panic!("the bot started with 1 session start left for 2 shards");
    };
    let msg = e.to_string();
    assert!(
        msg.contains("1 more gateway login") && msg.contains("needs 2"),
        "{msg}"
    );
    assert_eq!(fake.identifies(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_api_ends_the_start_naming_the_url() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dir = tempfile::tempdir().unwrap();
    let mut c = Config::new(TOKEN, dir.path().join("bot.db"), games());
    c.api_base = Some(format!("http://127.0.0.1:{port}"));
    c.retry = Retry {
        tries: 3,
        first_wait: Duration::from_millis(50),
    };
    let t = Instant::now();
    let Err(e) = discord::start(c).await else {
        panic!("the bot started without Discord");
    };
    let msg = e.to_string();
    assert!(
        msg.contains(&format!("http://127.0.0.1:{port}/api/v10/gateway/bot"))
            && msg.contains("3 tries"),
        "{msg}"
    );
    assert!(t.elapsed() < Duration::from_secs(5));
}

// ---------------------------------------------------------------------------------------
// The binary

/// Runs `croupier run` against `api` with `token`; returns (exit status, stderr, seconds).
async fn run_binary(
    api: &str,
    token: &str,
    args: &[&str],
    limit: Duration,
) -> (std::process::ExitStatus, String, Duration) {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("run")
        .args(args)
        .env("DISCORD_TOKEN", token)
        .env("CROUPIER_DISCORD_API", api)
        .env("CROUPIER_DB", dir.path().join("run.db"))
        .env_remove("CROUPIER_SHARDS")
        .env_remove("CROUPIER_SHARD_RANGE")
        .env("RUST_LOG", "warn")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > limit {
            let _ = child.kill();
            let mut log = String::new();
            let _ = std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut log);
            panic!("croupier still running after {limit:?}; stderr:\n{log}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let mut log = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut log).unwrap();
    (status, log, t.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_ends_the_binary_after_one_identify() {
    let fake = FakeDiscord::start_with(opts()).await;
    // With --shards the bot asks only GET /gateway (no token needed), so the gateway is the
    // first to see the token: 4004.
    let (status, log, took) = run_binary(
        &fake.http_url,
        "wrong-token",
        &["--shards", "1"],
        Duration::from_secs(10),
    )
    .await;
    assert!(!status.success(), "{status}");
    assert!(
        log.contains("Discord refused the bot token") && log.contains("DISCORD_TOKEN"),
        "{log}"
    );
    assert!(log.contains("4004"), "{log}");
    assert!(!log.contains("wrong-token"), "the token is never printed");
    assert_eq!(fake.identifies(), 1, "exactly one IDENTIFY: no retry loop");
    eprintln!("4004 → exit in {took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_autosharded_ends_at_rest_without_identifying() {
    let fake = FakeDiscord::start_with(opts()).await;
    let (status, log, _) =
        run_binary(&fake.http_url, "wrong-token", &[], Duration::from_secs(10)).await;
    assert!(!status.success(), "{status}");
    assert!(
        log.contains("Discord refused the bot token") && log.contains("DISCORD_TOKEN"),
        "{log}"
    );
    assert!(log.contains("401"), "{log}");
    assert_eq!(fake.identifies(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sharding_required_with_fixed_shards_ends_naming_the_recommended_count() {
    let mut o = opts();
    o.required_shards = 2;
    o.recommended_shards = 2;
    let fake = FakeDiscord::start_with(o).await;
    let (status, log, _) = run_binary(
        &fake.http_url,
        TOKEN,
        &["--shards", "1"],
        Duration::from_secs(10),
    )
    .await;
    assert!(!status.success(), "{status}");
    assert!(
        log.contains("4011") && log.contains("it recommends 2") && log.contains("--shards"),
        "{log}"
    );
    assert_eq!(fake.identifies(), 1, "no retry loop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_api_ends_the_binary_naming_the_url() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let api = format!("http://127.0.0.1:{port}");
    // Default retries: 5 tries, 1 + 2 + 4 + 8 s apart.
    let (status, log, took) = run_binary(&api, TOKEN, &[], Duration::from_secs(25)).await;
    assert!(!status.success(), "{status}");
    assert!(
        log.contains(&format!(
            "cannot reach Discord at {api}/api/v10/gateway/bot after 5 tries"
        )),
        "{log}"
    );
    eprintln!("unreachable → exit in {took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_shard_flags_are_refused_before_connecting() {
    let fake = FakeDiscord::start_with(opts()).await;
    let (status, log, _) = run_binary(
        &fake.http_url,
        TOKEN,
        &["--shards", "2", "--shard-range", "1..3"],
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(status.code(), Some(2), "{log}");
    assert!(log.contains("--shard-range `1..3` goes past the last shard: with --shards 2 the shards are numbered 0 to 1"), "{log}");
    let (status, log, _) = run_binary(
        &fake.http_url,
        TOKEN,
        &["--shard-range", "0..1"],
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(status.code(), Some(2), "{log}");
    assert!(log.contains("needs --shards"), "{log}");
    assert!(fake.requests().is_empty(), "nothing was asked of Discord");
}
