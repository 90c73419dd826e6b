//! Several processes on one PostgreSQL store, end to end against the fake Discord: two
//! `croupier run` processes on two shard ranges, one killed with SIGKILL under load and replaced;
//! and `/healthz` following the database down and back up (on a server of the test's own).

#[path = "support/pg.rs"]
mod pg;
mod support;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use croupier::store::Store;
use croupier_core::args;
use serde_json::json;
use support::bot::Env;
use support::fake_discord::{FakeDiscord, Who, GUILD_ID, TOKEN};
use support::fake_gateway::GatewayOptions;

/// With 2 shards, `GUILD_ID` is on shard 1 and this guild on shard 0 (`(id >> 22) % 2`).
const GUILD_0: u64 = GUILD_ID + (1 << 22);

fn gateway() -> GatewayOptions {
    let mut o = GatewayOptions::new(TOKEN, vec![GUILD_ID, GUILD_0]);
    o.recommended_shards = 2;
    o
}

/// `croupier run` on shards `range` of 2, on the database `db`.
fn spawn(fake: &FakeDiscord, db: &str, range: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("run")
        .env("DISCORD_TOKEN", TOKEN)
        .env("CROUPIER_DISCORD_API", &fake.http_url)
        .env("CROUPIER_DEV_GUILD", GUILD_ID.to_string())
        .env("CROUPIER_DB", db)
        .env("CROUPIER_SHARDS", "2")
        .env("CROUPIER_SHARD_RANGE", range)
        .env("RUST_LOG", "warn")
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

async fn wait_until(what: &str, limit: Duration, mut cond: impl FnMut() -> bool) {
    let t = Instant::now();
    while !cond() {
        assert!(t.elapsed() < limit, "waited {limit:?} for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A roll in `channel` of `guild`; the interaction id.
fn roll(fake: &FakeDiscord, guild: u64, channel: u64, who: &Who) -> String {
    let (id, mut d) = fake.slash_payload(channel, who, "roll", &[("expr", "2d6")]);
    d["guild_id"] = json!(guild.to_string());
    fake.send_interaction(&id, d);
    id
}

const CHANNELS: u64 = 8;

fn channel(guild: u64, c: u64) -> u64 {
    700_000_000_000_300_000 + if guild == GUILD_ID { 1_000 } else { 0 } + c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_two_shard_ranges_share_one_database_through_a_kill_9() {
    let Some(schema) = pg::PgSchema::fresh() else {
        return;
    };
    let fake = FakeDiscord::start_with(gateway()).await;
    let mut a = spawn(&fake, &schema.url, "0..1");
    let mut b = spawn(&fake, &schema.url, "1..2");
    let gw = fake.gateway();
    wait_until("both shards", Duration::from_secs(40), || {
        gw.live_shards() == vec![(0, 2), (1, 2)]
    })
    .await;
    fake.registered().await;
    // Load: each channel of both guilds sends its next roll once the last is answered.
    let acked = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = vec![];
    for guild in [GUILD_0, GUILD_ID] {
        for c in 0..CHANNELS {
            let (fake, acked, stop) = (fake.clone(), acked.clone(), stop.clone());
            tasks.push(tokio::spawn(async move {
                let who = Who {
                    id: 100_000_000_000_300_000 + c,
                    name: "loader",
                    manager: false,
                };
                while !stop.load(Ordering::SeqCst) {
                    let id = roll(&fake, guild, channel(guild, c), &who);
                    match fake.answered_in(&id, Duration::from_secs(3)).await {
                        Some(_) => acked.lock().unwrap().push(id),
                        // The process serving this guild is gone.
                        None => break,
                    }
                }
            }));
        }
    }
    wait_until("200 answered rolls", Duration::from_secs(60), || {
        acked.lock().unwrap().len() >= 200
    })
    .await;
    // Process b (shard 1: GUILD_ID) dies mid-load.
    Command::new("kill")
        .args(["-KILL", &b.id().to_string()])
        .status()
        .unwrap();
    assert!(!b.wait().unwrap().success());
    let acked_at_kill = acked.lock().unwrap().len();
    // While shard 1 has no process: a Nobi table in each guild whose GM has waited two days,
    // so a reminder is due in both (written as a process two days ago would have).
    let url = schema.url.clone();
    let nobi = tokio::task::spawn_blocking(move || two_days_idle_nobi_tables(&url))
        .await
        .unwrap();
    // Process a goes on serving its guild meanwhile.
    wait_until(
        "more answers from process a",
        Duration::from_secs(30),
        || acked.lock().unwrap().len() >= acked_at_kill + 50,
    )
    .await;
    // Process a fires the reminder of its own shard's guild (it looks every 30 s at most),
    // and not the other, although both are due: that one waits for shard 1's process.
    let reminders_in = |c: u64| {
        fake.requests()
            .iter()
            .filter(|r| {
                r.method == "POST"
                    && r.path == format!("/channels/{c}/messages")
                    && r.body.to_string().contains("Reminder")
            })
            .count()
    };
    wait_until("process a's reminder", Duration::from_secs(45), || {
        reminders_in(nobi[0]) >= 1
    })
    .await;
    assert_eq!(
        reminders_in(nobi[1]),
        0,
        "shard 1's reminder is not process a's"
    );
    // A replacement takes shard 1.
    let mut b2 = spawn(&fake, &schema.url, "1..2");
    wait_until("the replacement's shard", Duration::from_secs(40), || {
        gw.live_shards() == vec![(0, 2), (1, 2)]
    })
    .await;
    stop.store(true, Ordering::SeqCst);
    for t in tasks {
        t.await.unwrap();
    }
    // The replacement fires shard 1's; each reminder was fired once.
    wait_until("both reminders", Duration::from_secs(45), || {
        nobi.iter().all(|c| reminders_in(*c) >= 1)
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    for c in &nobi {
        assert_eq!(reminders_in(*c), 1, "channel {c}: one reminder, fired once");
    }
    // Every channel of both guilds plays on.
    let who = Who {
        id: 100_000_000_000_300_999,
        name: "after",
        manager: false,
    };
    let mut after = vec![];
    for guild in [GUILD_0, GUILD_ID] {
        for c in 0..CHANNELS {
            let id = roll(&fake, guild, channel(guild, c), &who);
            assert!(
                fake.answered_in(&id, Duration::from_secs(10))
                    .await
                    .is_some(),
                "channel {c} of guild {guild} answers after the kill"
            );
            after.push(id);
        }
    }
    for p in [&mut a, &mut b2] {
        Command::new("kill")
            .args(["-TERM", &p.id().to_string()])
            .status()
            .unwrap();
        p.wait().unwrap();
    }
    // Only answers that reached Discord count as acknowledged (a deferral promises nothing).
    let acked: Vec<String> = fake.answered_ids(acked.lock().unwrap().iter().chain(&after));
    assert!(acked.len() >= 250, "{} answers", acked.len());
    eprintln!(
        "{} acknowledged rolls ({acked_at_kill} before the kill), {} channels after",
        acked.len(),
        after.len()
    );
    let url = schema.url.clone();
    // The blocking client runs off the test's runtime.
    tokio::task::spawn_blocking(move || check_the_log(&url, &acked))
        .await
        .unwrap();
}

/// The Nobi channels' ids, one in each guild.
const NOBI: [(u64, u64); 2] = [
    (GUILD_0, 700_000_000_000_399_000),
    (GUILD_ID, 700_000_000_000_399_001),
];

/// Opens a Nobi table in each of [`NOBI`]'s channels, through the store as it was two days ago
/// (its GM is due a reminder now); returns the channels.
fn two_days_idle_nobi_tables(url: &str) -> Vec<u64> {
    use croupier::table::{Actor, Command, Input, ManualClock, Request, SeedMode, Table};
    let two_days_ago = croupier::table::Clock::now(&croupier::table::SystemClock) - 48 * 3600;
    let games = Arc::new(croupier::games::load(std::path::Path::new("data")).unwrap());
    let mut t = Table::new(
        Store::connect(url).unwrap(),
        games,
        Arc::new(ManualClock::at(two_days_ago)),
        SeedMode::Fixed(3),
    );
    for (guild, channel) in NOBI {
        for (i, (user, line)) in [
            ("alice", "/nobi new"),
            ("alice", "/nobi join character:moss"),
            ("bob", "/nobi join character:aldra"),
            ("alice", "/nobi begin gm:<@alice>"),
        ]
        .into_iter()
        .enumerate()
        {
            let out = t
                .handle(&Request {
                    channel: channel.to_string(),
                    guild: Some(guild.to_string()),
                    actor: Actor::player(user, user),
                    request_id: format!("nobi-{channel}-{i}"),
                    locale: Default::default(),
                    input: Input::Command(Command::parse_line(line).unwrap()),
                })
                .unwrap();
            assert!(out.accepted, "{line}: {:?}", out.replies);
        }
    }
    NOBI.iter().map(|(_, c)| *c).collect()
}

/// No acknowledged roll lost, none applied twice, every channel's dice in one sequence.
fn check_the_log(url: &str, acked: &[String]) {
    let mut store = Store::connect(url).unwrap();
    let tx = store.transaction().unwrap();
    let mut logged: BTreeMap<String, i64> = BTreeMap::new();
    for mut r in tx
        .query(
            "SELECT request_id, COUNT(*) FROM log WHERE kind = 'roll' AND request_id IS NOT NULL GROUP BY request_id",
            args![],
        )
        .unwrap()
    {
        logged.insert(r.text(0).unwrap(), r.int(1).unwrap());
    }
    let twice: Vec<_> = logged.iter().filter(|(_, n)| **n != 1).collect();
    assert!(twice.is_empty(), "applied more than once: {twice:?}");
    let lost: Vec<_> = acked
        .iter()
        .filter(|id| !logged.contains_key(*id))
        .collect();
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged rolls are not in the log: {lost:?}",
        lost.len(),
        acked.len()
    );
    // Each channel's dice were drawn in one sequence, none twice: the log of every channel
    // replays from its seed.
    for guild in [GUILD_0, GUILD_ID] {
        for c in 0..CHANNELS {
            let ch = channel(guild, c).to_string();
            let row = croupier::store::channel_get(&tx, &ch).unwrap().unwrap();
            let rolls = croupier::store::log_recent(&tx, &ch, 100_000).unwrap();
            let mut rng = croupier::rng::at(row.seed as u64, 0);
            for e in &rolls {
                let v: serde_json::Value = serde_json::from_str(&e.payload).unwrap();
                let expected = croupier::dice::roll("2d6", &mut rng).unwrap().total;
                assert_eq!(v["total"].as_i64(), Some(expected), "channel {ch}");
            }
        }
    }
}

/// GET `/healthz` on `addr`: its status.
async fn health(addr: SocketAddr) -> u16 {
    reqwest::Client::new()
        .get(format!("http://{addr}/healthz"))
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .map(|r| r.status().as_u16())
        .unwrap_or(0)
}

async fn health_becomes(addr: SocketAddr, want: u16, limit: Duration) {
    let t = Instant::now();
    loop {
        let got = health(addr).await;
        if got == want {
            return;
        }
        assert!(
            t.elapsed() < limit,
            "/healthz answers {got}, not {want}, after {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_is_503_while_the_database_is_stopped_and_200_when_it_returns() {
    let Some(cluster) = pg::Cluster::start() else {
        return;
    };
    let url = cluster.url();
    let env = Env::start_configured(GatewayOptions::new(TOKEN, vec![GUILD_ID]), |c| {
        c.db = url.clone().into();
        c.http = Some(SocketAddr::from(([127, 0, 0, 1], 0)));
        c.health_timeout = Duration::from_millis(500);
    })
    .await;
    let addr = env.bot().http_addr().expect("the port is served");
    health_becomes(addr, 200, Duration::from_secs(20)).await;
    cluster.stop();
    health_becomes(addr, 503, Duration::from_secs(10)).await;
    cluster.restart();
    health_becomes(addr, 200, Duration::from_secs(20)).await;
}
