//! The operations port (`CROUPIER_HTTP`): `/healthz` and `/metrics` over real HTTP on
//! 127.0.0.1, with the bot running against the fake Discord; JSON logs from the binary.

mod support;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::bot::{Env, ALICE, BOB, CHAN};
use support::fake_discord::{FakeDiscord, RouteKind, GUILD_ID, TOKEN};
use support::fake_gateway::GatewayOptions;

/// The bot with its operations port on a free port of 127.0.0.1.
async fn env_with(gateway: GatewayOptions, health_timeout: Duration) -> (Env, SocketAddr) {
    let env = Env::start_configured(gateway, |c| {
        c.http = Some(SocketAddr::from(([127, 0, 0, 1], 0)));
        c.health_timeout = health_timeout;
    })
    .await;
    let addr = env.bot().http_addr().expect("the port is served");
    (env, addr)
}

fn one_shard() -> GatewayOptions {
    GatewayOptions::new(TOKEN, vec![GUILD_ID])
}

/// GET `path`: (status, body).
async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let r = reqwest::Client::new()
        .get(format!("http://{addr}{path}"))
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .unwrap_or_else(|e| panic!("GET {path}: {e}"));
    let status = r.status().as_u16();
    (status, r.text().await.unwrap())
}

async fn health(addr: SocketAddr) -> (u16, Value) {
    let (status, body) = get(addr, "/healthz").await;
    let json = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
    (status, json)
}

/// Polls `/healthz` until it answers `want` (at most `limit`); the last answer.
async fn health_becomes(addr: SocketAddr, want: u16, limit: Duration) -> Value {
    let t = Instant::now();
    loop {
        let (status, body) = health(addr).await;
        if status == want {
            return body;
        }
        assert!(
            t.elapsed() < limit,
            "/healthz still answers {status} after {limit:?}: {body}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Holds the table's writer thread for `long`, as a stuck database would.
fn hold_writer(
    env: &Env,
    long: Duration,
) -> tokio::task::JoinHandle<Result<(), croupier::table::TableError>> {
    let table = env.bot().table().expect("the table runs");
    tokio::spawn(async move {
        table
            .call("hold", move |_| {
                std::thread::sleep(long);
                Ok(())
            })
            .await
    })
}

/// The value of the sample `name{labels}` in an OpenMetrics text (absent: `None`).
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_is_503_until_every_shard_is_connected_then_200() {
    // Two shards: serenity starts one every 5 seconds (Discord's identify rate), so for those
    // seconds the first is connected and the second is not.
    let mut gateway = one_shard();
    gateway.recommended_shards = 2;
    let (mut env, addr) = env_with(gateway, Duration::from_secs(2)).await;
    let (status, body) = health(addr).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["status"], "unavailable");
    assert_eq!(body["shards_expected"], 2, "{body}");
    assert!(body["shards_connected"].as_u64().unwrap() < 2, "{body}");
    assert_eq!(body["database"], "ok", "{body}");
    let body = health_becomes(addr, 200, Duration::from_secs(20)).await;
    assert_eq!(body["status"], "ok");
    assert_eq!(body["shards_connected"], 2, "{body}");
    let (_, metrics) = get(addr, "/metrics").await;
    assert_eq!(sample(&metrics, "croupier_shards_connected"), Some(2.0));
    assert_eq!(sample(&metrics, "croupier_shards_expected"), Some(2.0));
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_is_503_while_the_store_thread_cannot_answer() {
    let (mut env, addr) = env_with(one_shard(), Duration::from_millis(300)).await;
    let body = health_becomes(addr, 200, Duration::from_secs(10)).await;
    assert_eq!(body["database"], "ok");
    let held = hold_writer(&env, Duration::from_secs(2));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, body) = health(addr).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(
        body["database"], "the store thread did not answer within 300 ms",
        "{body}"
    );
    assert_eq!(
        body["shards_connected"], 1,
        "the shard is still fine: {body}"
    );
    held.await.unwrap().unwrap();
    health_becomes(addr, 200, Duration::from_secs(5)).await;
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_answers_503_and_finishes_the_roll_in_flight() {
    let (mut env, addr) = env_with(one_shard(), Duration::from_millis(300)).await;
    health_becomes(addr, 200, Duration::from_secs(10)).await;
    // A roll stuck behind a held writer thread is in flight when the shutdown begins.
    let held = hold_writer(&env, Duration::from_secs(3));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let id = env.fake.slash(CHAN, &ALICE, "roll", &[("expr", "2d6")]);
    // After 1.5 s without an answer the bot says "thinking…": the roll is queued on the table.
    let placeholder = env.fake.callback(&id).await;
    assert_eq!(placeholder.body["type"], 5, "{:?}", placeholder.body);
    assert_eq!(env.bot().in_flight(), 1);
    let watch = async move {
        let body = health_becomes(addr, 503, Duration::from_secs(5)).await;
        assert_eq!(body["closing"], true, "{body}");
    };
    tokio::join!(env.stop(), watch);
    held.await.unwrap().unwrap();
    // The roll in flight was applied and answered before the bot stopped.
    let answer = env.answer(&id).await;
    assert!(
        support::bot::text(support::bot::msg(&answer)).contains("rolls 2d6"),
        "{:?}",
        answer.body
    );
    // And the port closed with the bot.
    assert!(reqwest::Client::new()
        .get(format!("http://{addr}/healthz"))
        .timeout(Duration::from_secs(2))
        .send()
        .await
        .is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_interactions_commits_and_rate_limits() {
    let (mut env, addr) = env_with(one_shard(), Duration::from_secs(2)).await;
    let rolls = r#"croupier_interactions_total{kind="command",command="roll",outcome="accepted"}"#;
    let refused = r#"croupier_interactions_total{kind="command",command="roll",outcome="refused"}"#;
    let (status, before) = get(addr, "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(sample(&before, rolls), None, "no roll yet:\n{before}");
    let committed_before =
        sample(&before, r#"croupier_table_groups_total{end="committed"}"#).unwrap_or(0.0);
    const N: usize = 7;
    for _ in 0..N {
        env.slash(&ALICE, "roll", &[("expr", "2d6+3")]).await;
    }
    env.slash(&ALICE, "roll", &[("expr", "1d0")]).await;
    // The answer reaches the fake before the handler counts it: wait for the count.
    let t = Instant::now();
    let after = loop {
        let (_, text) = get(addr, "/metrics").await;
        let counted = sample(&text, rolls) == Some(N as f64) && sample(&text, refused) == Some(1.0);
        if counted || t.elapsed() > Duration::from_secs(5) {
            break text;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(sample(&after, rolls), Some(N as f64), "{after}");
    assert_eq!(sample(&after, refused), Some(1.0), "{after}");
    assert_eq!(
        sample(
            &after,
            r#"croupier_interaction_seconds_count{kind="command"}"#
        ),
        Some(N as f64 + 1.0),
        "{after}"
    );
    // Every accepted roll is written (its dice position and log), in one or more commits.
    let committed = sample(&after, r#"croupier_table_groups_total{end="committed"}"#).unwrap();
    assert!(committed >= committed_before + 1.0, "{after}");
    assert!(
        sample(&after, "croupier_table_group_requests_sum").unwrap() >= (N + 1) as f64,
        "{after}"
    );
    assert_eq!(sample(&after, "croupier_shards_connected"), Some(1.0));
    assert_eq!(
        sample(&after, "croupier_discord_rate_limits_total"),
        Some(0.0)
    );

    // A GM roll's copy goes to the GM by DM, a channel message; Discord answers it 429 once.
    env.slash(&ALICE, "dice new", &[]).await;
    env.fake
        .throttle_next(RouteKind::ChannelMessage, Duration::from_millis(300));
    env.slash(&BOB, "roll", &[("expr", "1d20"), ("visibility", "gm")])
        .await;
    env.fake
        .wait_for("the DM after the 429", Duration::from_secs(10), |r| {
            r.method == "POST" && r.path.starts_with("/channels/") && r.status == 200
        })
        .await;
    let (_, text) = get(addr, "/metrics").await;
    assert!(
        sample(&text, "croupier_discord_rate_limits_total").unwrap() >= 1.0,
        "{text}"
    );
    env.stop().await;
}

/// `croupier run` with `CROUPIER_HTTP` and `CROUPIER_LOG_FORMAT=json`: every log line is a JSON
/// object, one of them names the port, which answers; SIGTERM stops it cleanly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_logs_json_and_serves_the_port_it_names() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("run")
        .env("DISCORD_TOKEN", TOKEN)
        .env("CROUPIER_DISCORD_API", &fake.http_url)
        .env("CROUPIER_DEV_GUILD", GUILD_ID.to_string())
        .env("CROUPIER_DB", dir.path().join("run.db"))
        .env("CROUPIER_HTTP", "127.0.0.1:0")
        .env("CROUPIER_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = bot.stderr.take().unwrap();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut lines = vec![];
    let addr: SocketAddr = loop {
        let line = tokio::time::timeout(Duration::from_secs(20), rx.recv())
            .await
            .expect("the bot names its port")
            .expect("the bot is running");
        let v: Value =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        lines.push(v.clone());
        if v["message"] == "serving /healthz and /metrics" {
            break v["addr"].as_str().unwrap().parse().unwrap();
        }
    };
    assert!(lines
        .iter()
        .all(|l| l["level"].is_string() && l["timestamp"].is_string()));
    fake.registered().await;
    health_becomes(addr, 200, Duration::from_secs(10)).await;
    let id = fake.slash(CHAN, &ALICE, "roll", &[("expr", "1d6")]);
    fake.callback(&id).await;
    Command::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status()
        .unwrap();
    let t = Instant::now();
    let status = loop {
        if let Some(s) = bot.try_wait().unwrap() {
            break s;
        }
        assert!(t.elapsed() < Duration::from_secs(10), "no stop on SIGTERM");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(status.success(), "{status}");
    // Until the reader thread meets the end of stderr.
    while let Ok(Some(line)) = tokio::time::timeout(Duration::from_secs(5), rx.recv()).await {
        let v: Value =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        lines.push(v);
    }
    assert!(
        lines.iter().any(|l| l["message"] == "croupier stopped"),
        "{lines:#?}"
    );
}

/// Runs the binary with `args` and `vars`: it must stop with status 2 saying `says`.
fn refused(args: &[&str], vars: &[(&str, &str)], says: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(args)
        .envs(vars.iter().copied())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(says), "{err}");
}

#[test]
fn a_bad_log_format_or_port_is_refused_before_anything_starts() {
    refused(
        &["check-data"],
        &[("CROUPIER_LOG_FORMAT", "yaml")],
        "CROUPIER_LOG_FORMAT must be `text` or `json`, not `yaml`",
    );
    refused(
        &["run"],
        &[("DISCORD_TOKEN", TOKEN), ("CROUPIER_HTTP", "port 9100")],
        "must be an address and port such as `127.0.0.1:9100`, not `port 9100`",
    );
}
