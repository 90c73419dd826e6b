//! Load benchmark of the table service and the Discord front end (a benchmark, not a timed
//! test): `cargo bench --bench discord_load` (options: `--runs 3 --one 1000 --channels 64
//! --per-channel 256`; `cargo bench --bench discord_load -- --help` lists every mode and option).
//!
//! Each run measures, side by side on the same machine and disk:
//! 1. **raw SQLite**: single-row `INSERT` transactions (WAL, `synchronous=FULL`) on a file in
//!    the same temporary folder: the rate of durable commits this disk allows;
//! 2. **the table service**: committed `/roll expr:2d6+3` requests through [`TableHandle`]
//!    (the bot's writer and reader threads, group commit) from 1 and from N channels at once;
//! 3. **the bot**: the release `croupier run` binary (a separate process) against the fake
//!    Discord; 1 and N channels each send `/roll expr:2d6+3` interactions, one at a time per
//!    channel; latency from the gateway event sent to the interaction callback received;
//! 4. **a no-op bot** on the same harness: this benchmark's own binary started with
//!    `--noop-bot`, a serenity client (same HTTP path: proxy mode, ratelimiter off) that
//!    answers every interaction with a fixed text. What the harness itself allows;
//! 5. **a fair no-op bot**: the same with `--fair`, answering every interaction with what
//!    Croupier answers a `/roll expr:2d6+3` with — its embed and its dice PNG as one multipart
//!    upload — made once at start by Croupier's own table and renderer, so it decides and draws
//!    nothing per interaction but sends the same bytes. The limit a Discord bot answering so
//!    could reach on this harness.
//!
//! The bots run at once, each against its own fake; their N-channel loads are measured in
//! stretches that rotate between them (see [`bots_run`]), so the machine's drift falls on all
//! alike, and each run's croupier ÷ no-op ratios compare stretches taken side by side.
//!
//! Then, on croupier, the cost of a view with a picture against a text one: `channels` dice
//! tables opened and looked at once, then in alternating stretches `/game status` (the board's text and picture,
//! the board unchanged, so after the first its picture comes from the bot's board cache) and
//! `/game log count:1` (text only); the bot's CPU per interaction of each and their ratio.
//!
//! For each bot it also prints the CPU time (user + system, from `/proc/<pid>/stat`) the bot
//! process and this harness process used per interaction, and the requests the bot sent the
//! fake per interaction, so a ratio can be read as "whose CPU, doing what".
//!
//! It prints every run, then the medians and the ratios the throughput issue names.
//!
//! `--rss-store` instead measures the bot's memory over a large store: `croupier run` on a
//! database of 100,000 dice-table sessions (half of them marked active), 1,000 of which take
//! `/dice roll`s through the fake; it prints the bot's peak RSS (`VmHWM`).
//!
//! `--postgres` instead compares the store's back ends side by side in each run: `croupier run`
//! on an SQLite file (the baseline), on a PostgreSQL schema, and as two processes on shard
//! ranges `0..1` and `1..2` of 2 sharing one schema (the 64 channels split across two guilds,
//! one per shard, for all three alike); interactions/s, p50, p99, the CPU of the bots and of the
//! PostgreSQL backends per interaction, and the writers' group commits (from each bot's
//! `/metrics`); also the table service alone on both back ends, and the round trips to
//! PostgreSQL per `/roll` (counted by a proxy). Each run uses fresh schemas on the server named
//! by `CROUPIER_TEST_POSTGRES` (default `postgres://postgres@127.0.0.1:5432/test`) and drops
//! them after.

#[path = "../tests/support/discord_rules.rs"]
mod discord_rules;
#[path = "../tests/support/fake_discord.rs"]
mod fake_discord;
#[path = "../tests/support/fake_gateway.rs"]
mod fake_gateway;
#[path = "../tests/support/fake_rest.rs"]
mod fake_rest;
#[path = "../tests/support/pg.rs"]
mod pg;
#[path = "../tests/support/tls.rs"]
mod tls;

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use croupier::store::Store;
use croupier::table::{
    Actor, Command as TableCommand, Input, Registry, Request, SeedMode, SystemClock, Table,
    TableHandle,
};
use fake_discord::{FakeDiscord, Who};

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn rss_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
}

/// Clock ticks per second of `/proc/<pid>/stat`'s CPU times (`getconf CLK_TCK`; 100 on Linux).
fn clk_tck() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(100.0)
}

/// CPU seconds (user + system, all threads) process `pid` has used so far.
fn cpu_seconds(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // Fields after the command name (which may hold spaces) start at field 3 (`state`);
    // utime and stime are fields 14 and 15.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        f.get(i - 3)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(14) + ticks(15)) / clk_tck()
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        return 0.0;
    }
    v[v.len() / 2]
}

/// One load measurement through a bot.
#[derive(Clone, Copy, Default)]
struct Load {
    rate: f64,
    p50: f64,
    p99: f64,
    max: f64,
    lost: usize,
    /// CPU time the bot process used per answered interaction, in µs.
    bot_cpu_us: f64,
    /// CPU time this harness process (the fake Discord and the load) used per interaction, µs.
    harness_cpu_us: f64,
}

/// Durable single-row transactions per second on a file in `dir`.
fn raw_sqlite(dir: &Path, n: usize) -> f64 {
    let path = dir.join(format!("raw-{}.db", std::process::id()));
    let conn = rusqlite::Connection::open(&path).expect("open raw db");
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    conn.pragma_update(None, "synchronous", "FULL").unwrap();
    conn.execute_batch("CREATE TABLE IF NOT EXISTS t(id INTEGER PRIMARY KEY, v TEXT NOT NULL)")
        .unwrap();
    let started = Instant::now();
    for i in 0..n {
        conn.execute_batch("BEGIN IMMEDIATE").unwrap();
        conn.execute("INSERT INTO t(v) VALUES (?1)", [format!("row {i}")])
            .unwrap();
        conn.execute_batch("COMMIT").unwrap();
    }
    n as f64 / started.elapsed().as_secs_f64()
}

/// Committed `/roll`s per second through the table service from `channels` channels at once.
async fn table_service(
    dir: &Path,
    channels: usize,
    per_channel: usize,
    games: Arc<Registry>,
) -> f64 {
    let path = dir.join(format!("svc-{channels}.db"));
    let _ = std::fs::remove_file(&path);
    table_service_on(path.display().to_string(), channels, per_channel, games).await
}

/// [`table_service`] on `target`, an SQLite file or a `postgres://` URL.
async fn table_service_on(
    target: String,
    channels: usize,
    per_channel: usize,
    games: Arc<Registry>,
) -> f64 {
    // Opened off the runtime: the PostgreSQL client blocks on a runtime of its own.
    let tables = tokio::task::spawn_blocking(move || {
        (0..2)
            .map(|_| {
                Table::new(
                    Store::connect(&target).expect("open the table's store"),
                    games.clone(),
                    Arc::new(SystemClock),
                    SeedMode::Fixed(1),
                )
            })
            .collect()
    })
    .await
    .expect("open the tables");
    let h = TableHandle::start(tables);
    // Request ids as Discord makes interaction ids: snowflakes, whose high 42 bits are the
    // milliseconds since the Discord epoch (2015-01-01), so later interactions have larger ids
    // (https://discord.com/developers/docs/reference#snowflakes). Ids that sort by channel
    // instead ("c7-41") would put each request's id on its own page of the index, which the
    // bot never sees: the fake Discord's ids also only grow.
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
        .saturating_sub(1_420_070_400_000);
    let ids = Arc::new(AtomicU64::new(since_epoch << 22));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for c in 0..channels {
        let h = h.clone();
        let ids = ids.clone();
        tasks.push(tokio::spawn(async move {
            let mut ok = 0usize;
            for _ in 0..per_channel {
                let req = Request {
                    channel: format!("c{c}"),
                    guild: Some("g".into()),
                    actor: Actor::player("alice", "alice"),
                    request_id: ids.fetch_add(1, Ordering::Relaxed).to_string(),
                    locale: Default::default(),
                    input: Input::Command(TableCommand::parse_line("/roll expr:2d6+3").unwrap()),
                };
                if h.handle(req).await.map(|o| o.accepted).unwrap_or(false) {
                    ok += 1;
                }
            }
            ok
        }));
    }
    let mut ok = 0;
    for t in tasks {
        ok += t.await.expect("channel task");
    }
    let rate = ok as f64 / started.elapsed().as_secs_f64();
    tokio::task::spawn_blocking(move || h.shutdown())
        .await
        .unwrap();
    rate
}

/// What one stretch of load through a bot gave: every latency, and the time and CPU it took.
#[derive(Default)]
struct Sample {
    lat: Vec<Duration>,
    lost: usize,
    elapsed: Duration,
    /// CPU seconds of the bot process and of this harness process.
    bot_cpu: f64,
    harness_cpu: f64,
}

impl Sample {
    /// Adds another stretch of the same bot's load.
    fn add(&mut self, o: Sample) {
        self.lat.extend(o.lat);
        self.lost += o.lost;
        self.elapsed += o.elapsed;
        self.bot_cpu += o.bot_cpu;
        self.harness_cpu += o.harness_cpu;
    }

    fn summary(mut self) -> Load {
        let n = self.lat.len().max(1) as f64;
        self.lat.sort();
        Load {
            bot_cpu_us: self.bot_cpu * 1e6 / n,
            harness_cpu_us: self.harness_cpu * 1e6 / n,
            rate: self.lat.len() as f64 / self.elapsed.as_secs_f64().max(1e-9),
            p50: ms(pct(&self.lat, 0.50)),
            p99: ms(pct(&self.lat, 0.99)),
            max: ms(self.lat.last().copied().unwrap_or_default()),
            lost: self.lost,
        }
    }
}

/// `channels` channels each send `per_channel` `/roll`s, one at a time.
async fn load(
    fake: &FakeDiscord,
    bot: u32,
    channels: usize,
    per_channel: usize,
    base: u64,
) -> Sample {
    load_in(fake, &[bot], &[], channels, per_channel, base).await
}

/// CPU seconds the processes `pids` have used so far, together.
fn cpu_of(pids: &[u32]) -> f64 {
    pids.iter().map(|&p| cpu_seconds(p)).sum()
}

/// [`load`] on the bot processes `bots` (their CPU summed), channel `c` in guild
/// `guilds[c % guilds.len()]` (the fake's `GUILD_ID` when `guilds` is empty).
async fn load_in(
    fake: &FakeDiscord,
    bots: &[u32],
    guilds: &[u64],
    channels: usize,
    per_channel: usize,
    base: u64,
) -> Sample {
    let roll: &[(&str, &str)] = &[("expr", "2d6+3")];
    load_cmd(
        fake,
        bots,
        guilds,
        channels,
        per_channel,
        base,
        "roll",
        roll,
    )
    .await
}

/// [`load_in`] with the slash command `line` and its options `opts` instead of `/roll`.
#[allow(clippy::too_many_arguments)]
async fn load_cmd(
    fake: &FakeDiscord,
    bots: &[u32],
    guilds: &[u64],
    channels: usize,
    per_channel: usize,
    base: u64,
    line: &'static str,
    opts: &'static [(&'static str, &'static str)],
) -> Sample {
    let cpu_before = (cpu_of(bots), cpu_seconds(std::process::id()));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for c in 0..channels {
        let fake = fake.clone();
        let guild = guilds.get(c % guilds.len().max(1)).copied();
        tasks.push(tokio::spawn(async move {
            let channel = 700_000_000_000_100_000 + base + c as u64;
            let who = Who {
                id: 100_000_000_000_100_000 + c as u64,
                name: "loader",
                manager: false,
            };
            let mut lat = Vec::with_capacity(per_channel);
            let mut lost = 0usize;
            for _ in 0..per_channel {
                let (id, mut d) = fake.slash_payload(channel, &who, line, opts);
                if let Some(g) = guild {
                    d["guild_id"] = serde_json::json!(g.to_string());
                }
                fake.send_interaction(&id, d);
                match fake.answered_in(&id, Duration::from_secs(10)).await {
                    Some(d) => lat.push(d),
                    None => lost += 1,
                }
            }
            (lat, lost)
        }));
    }
    let mut lat = Vec::new();
    let mut lost = 0;
    for t in tasks {
        let (l, n) = t.await.expect("channel task");
        lat.extend(l);
        lost += n;
    }
    Sample {
        elapsed: started.elapsed(),
        bot_cpu: cpu_of(bots) - cpu_before.0,
        harness_cpu: cpu_seconds(std::process::id()) - cpu_before.1,
        lat,
        lost,
    }
}

/// The first channel of the `--rss-store` sessions (Discord ids: digits only).
const STORE_CHANNEL: u64 = 700_000_000_000_900_000;

/// The user who hosts and plays every `--rss-store` session.
const STORE_PLAYER: u64 = 100_000_000_000_900_000;

/// A database at `path` holding `n` dice-table sessions in channels `STORE_CHANNEL + i`, the
/// odd ones (and the first) active, each hosted and played by `STORE_PLAYER`, 2 rolls into a 100-round game:
/// one session made through the table, copied by SQL (going through the table would take
/// minutes of commits).
fn store_of_sessions(path: &Path, games: Arc<Registry>, n: usize) {
    let mut t = Table::new(
        Store::open(path).expect("open the store"),
        games,
        Arc::new(SystemClock),
        SeedMode::Fixed(1),
    );
    let template = STORE_CHANNEL.to_string();
    for (k, line) in [
        "/dice new expr:1d6 rounds:100",
        "/dice start",
        "/dice roll",
        "/dice roll",
    ]
    .iter()
    .enumerate()
    {
        let out = t
            .handle(&Request {
                channel: template.clone(),
                guild: Some(fake_discord::GUILD_ID.to_string()),
                actor: Actor::player(&STORE_PLAYER.to_string(), "loader"),
                request_id: format!("store-{k}"),
                locale: Default::default(),
                input: Input::Command(TableCommand::parse_line(line).expect("a command")),
            })
            .expect("the template session");
        assert!(out.accepted, "{line}: {:?}", out.replies);
    }
    drop(t);
    let mut conn = rusqlite::Connection::open(path).expect("open the store");
    let tx = conn.transaction().expect("a transaction");
    tx.execute_batch(&format!(
        "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < {m})
         INSERT INTO channels (channel, guild, seed, rng_pos, created_at)
           SELECT CAST({STORE_CHANNEL} + i AS TEXT), guild, seed, rng_pos, 0 FROM k, channels
           WHERE channel = '{template}';
         WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < {m})
         INSERT INTO sessions (channel, guild, game, host, seed, state, rng, version, active,
                               created_at, updated_at, gms)
           SELECT CAST({STORE_CHANNEL} + i AS TEXT), guild, game, host, seed, state, rng,
                  version, i % 2, 0, 0, gms
           FROM k, sessions WHERE channel = '{template}' AND active = 1;
         INSERT INTO log (channel, session_id, kind, actor, actor_name, payload, summary, at)
           SELECT channel, id, 'new', host, host, '{{}}', 'new', 0 FROM sessions
           WHERE channel != '{template}';
         INSERT INTO channel_tail (channel, last_id)
           SELECT channel, max(id) FROM log WHERE channel != '{template}' GROUP BY channel;",
        m = n - 1
    ))
    .expect("copy the session");
    tx.commit().expect("commit the copies");
}

/// The bench's runtime (two workers, as the machine has two cores), the shipped games and a
/// temporary folder on the disk being measured.
fn setup() -> (tokio::runtime::Runtime, Arc<Registry>, tempfile::TempDir) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let games = Arc::new(croupier::games::load(Path::new("data")).expect("game data loads"));
    let dir = tempfile::tempdir_in(std::env::temp_dir()).expect("temp dir");
    (rt, games, dir)
}

/// Which bot a process runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `croupier run`.
    Croupier,
    /// This binary's `--noop-bot`: a fixed text.
    Noop,
    /// This binary's `--noop-bot --fair`: Croupier's `/roll` embed and PNG, made once.
    FairNoop,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Croupier => "croupier",
            Kind::Noop => "no-op bot",
            Kind::FairNoop => "fair no-op bot",
        }
    }
}

/// Starts a bot process (`croupier run`, or this binary's `--noop-bot`) on `fake` and `db`.
fn spawn_bot(kind: Kind, fake: &FakeDiscord, db: &Path) -> std::process::Child {
    bot_command(kind, fake, db.as_os_str())
        .spawn()
        .expect("start the bot")
}

/// The command [`spawn_bot`] runs: `db` is a file or a `postgres://` URL.
fn bot_command(kind: Kind, fake: &FakeDiscord, db: &std::ffi::OsStr) -> Command {
    let mut cmd = if kind == Kind::Croupier {
        let mut c = Command::new(env!("CARGO_BIN_EXE_croupier"));
        c.arg("run");
        c
    } else {
        let mut c = Command::new(std::env::current_exe().expect("bench binary"));
        c.arg("--noop-bot");
        if kind == Kind::FairNoop {
            c.arg("--fair");
        }
        c
    };
    cmd.env("DISCORD_TOKEN", fake_discord::TOKEN)
        .env("CROUPIER_DISCORD_API", &fake.http_url)
        .env("CROUPIER_DB", db)
        .env("RUST_LOG", "warn")
        .env_remove("CROUPIER_DEV_GUILD")
        .stdin(Stdio::null());
    cmd
}

/// `--rss-store`: the bot's peak RSS with 100,000 stored sessions, 1,000 of them in use.
fn rss_store() {
    let (rt, games, dir) = setup();
    let path = dir.path().join("store.db");
    let stored = arg("--stored", 100_000).max(2);
    let active = arg("--active", 1_000).min(stored / 2).max(1);
    store_of_sessions(&path, games, stored);
    let (hwm, rate, lost) = rt.block_on(async {
        let fake = FakeDiscord::start().await;
        let mut bot = spawn_bot(Kind::Croupier, &fake, &path);
        fake.registered().await;
        let who = Who {
            id: STORE_PLAYER,
            name: "loader",
            manager: false,
        };
        // The active sessions are the odd copies; 64 at a time, two rolls each.
        let started = Instant::now();
        let mut answered = 0usize;
        let mut lost = 0usize;
        let channels: Vec<u64> = (0..active)
            .map(|k| STORE_CHANNEL + 2 * k as u64 + 1)
            .collect();
        for chunk in channels.chunks(64) {
            let mut tasks = Vec::new();
            for &channel in chunk {
                let fake = fake.clone();
                tasks.push(tokio::spawn(async move {
                    let mut ok = 0;
                    for _ in 0..2 {
                        let id = fake.slash(channel, &who, "dice roll", &[]);
                        if fake
                            .answered_in(&id, Duration::from_secs(10))
                            .await
                            .is_some()
                        {
                            ok += 1;
                        }
                    }
                    ok
                }));
            }
            for t in tasks {
                let ok = t.await.expect("channel task");
                answered += ok;
                lost += 2 - ok;
            }
        }
        let rate = answered as f64 / started.elapsed().as_secs_f64();
        (stop_bot(&mut bot), rate, lost)
    });
    // Every roll must have been applied (a refusal is answered too).
    let applied: i64 = rusqlite::Connection::open(&path)
        .and_then(|c| {
            c.query_row(
                "SELECT count(*) FROM log WHERE kind = 'action' AND channel != ?1",
                [STORE_CHANNEL.to_string()],
                |r| r.get(0),
            )
        })
        .unwrap_or(-1);
    println!(
        "rss store: croupier run over {stored} stored sessions, {active} of them rolling twice \
         ({rate:.0} interactions/s, {applied} rolls applied{}): peak RSS {} MB",
        if lost > 0 {
            format!(", {lost} unanswered")
        } else {
            String::new()
        },
        hwm / 1024
    );
}

static NEXT_DB: AtomicUsize = AtomicUsize::new(0);

/// A bot process with its own fake Discord, warmed up.
struct Running {
    kind: Kind,
    fake: FakeDiscord,
    child: std::process::Child,
    pid: u32,
}

impl Running {
    async fn start(kind: Kind, dir: &Path) -> Running {
        let fake = FakeDiscord::start().await;
        let db = dir.join(format!("bot-{}.db", NEXT_DB.fetch_add(1, Ordering::SeqCst)));
        let child = spawn_bot(kind, &fake, &db);
        let pid = child.id();
        fake.registered().await;
        // Warm-up: connections open, caches filled.
        load(&fake, pid, 4, 25, 900).await;
        Running {
            kind,
            fake,
            child,
            pid,
        }
    }

    /// Counts what the bot sent Discord since the last count, by route, and forgets those
    /// requests: the fake records every request's body, and a log grown by tens of megabytes
    /// per second made the harness's own allocations page-fault.
    fn tally(&self, sent: &mut std::collections::BTreeMap<String, usize>) {
        for r in self.fake.since(0) {
            let path: Vec<&str> = r
                .path
                .split('/')
                .map(|p| {
                    if p.chars().any(|c| c.is_ascii_digit()) {
                        "…"
                    } else {
                        p
                    }
                })
                .collect();
            *sent
                .entry(format!("{} {}", r.method, path.join("/")))
                .or_default() += 1;
            if !r.files.is_empty() {
                *sent.entry("files attached".to_string()).or_default() += r.files.len();
            }
        }
        self.fake.clear_log();
    }

    /// Prints what the bot sent Discord per interaction (a fixed answer is one callback).
    fn print_sent(&self, sent: &std::collections::BTreeMap<String, usize>, interactions: usize) {
        let n = interactions.max(1) as f64;
        let kinds: Vec<String> = sent
            .iter()
            .map(|(k, v)| format!("{k} {:.2}", *v as f64 / n))
            .collect();
        println!(
            "  {} sent per interaction: {}",
            self.kind.name(),
            kinds.join(", ")
        );
    }
}

/// How many alternating stretches the many-channel load of each bot is cut into.
const STRETCHES: usize = 8;

/// The bots [`bots_run`] compares, in this order.
const BOTS: [Kind; 3] = [Kind::Croupier, Kind::Noop, Kind::FairNoop];

/// One run of the bots: each bot's 1-channel and many-channel loads (in [`BOTS`]' order),
/// croupier's `/game status` and `/game log` loads, and croupier's peak RSS.
struct BotsRun {
    one: [Load; 3],
    many: [Load; 3],
    status: Load,
    text: Load,
    rss: u64,
}

/// Croupier, the no-op bot and the fair no-op bot, all running (each against its own fake),
/// measured in turn: 1 channel each, then `channels` channels in [`STRETCHES`] stretches whose
/// order rotates between the bots (croupier first, then the no-op bot first, …). This VM's speed
/// drifts by up to a quarter between one second and the next, and measuring one bot after the
/// other put that drift into their ratio; rotating stretches shares it between them. Then
/// croupier's `/game status` against `/game log count:1` ([`status_vs_text`]).
async fn bots_run(dir: &Path, one: usize, channels: usize, per_channel: usize) -> BotsRun {
    let mut bots = Vec::new();
    for kind in BOTS {
        bots.push(Running::start(kind, dir).await);
    }
    let mut ones = [Load::default(); 3];
    for (b, o) in bots.iter().zip(&mut ones) {
        *o = load(&b.fake, b.pid, 1, one, 0).await.summary();
    }
    let mut sent = vec![std::collections::BTreeMap::new(); bots.len()];
    for (b, sent) in bots.iter().zip(&mut sent) {
        b.tally(sent);
        sent.clear();
    }
    let mut many: Vec<Sample> = bots.iter().map(|_| Sample::default()).collect();
    let stretch = per_channel.div_ceil(STRETCHES).max(1);
    let mut left = per_channel;
    let mut k = 0;
    while left > 0 {
        let n = stretch.min(left);
        for j in 0..bots.len() {
            let i = (j + k) % bots.len();
            let s = load(&bots[i].fake, bots[i].pid, channels, n, 1_000).await;
            many[i].add(s);
            bots[i].tally(&mut sent[i]);
        }
        left -= n;
        k += 1;
    }
    for (b, sent) in bots.iter().zip(&sent) {
        b.print_sent(sent, channels * per_channel);
    }
    let (status, text) = status_vs_text(&bots[0], channels, per_channel).await;
    let mut loads = many.into_iter().map(Sample::summary);
    let many = [(); 3].map(|()| loads.next().unwrap_or_default());
    let rss = stop_bot(&mut bots[0].child);
    for b in &mut bots[1..] {
        stop_bot(&mut b.child);
    }
    BotsRun {
        one: ones,
        many,
        status,
        text,
        rss,
    }
}

/// On croupier: `channels` dice tables opened (channels of their own) and looked at once, then
/// `per_channel` more `/game status` (the board unchanged: its text and picture) and as many
/// `/game log count:1` (text only) per channel, in alternating stretches. Returns the two loads.
async fn status_vs_text(bot: &Running, channels: usize, per_channel: usize) -> (Load, Load) {
    const BASE: u64 = 5_000;
    load_cmd(
        &bot.fake,
        &[bot.pid],
        &[],
        channels,
        1,
        BASE,
        "dice new",
        &[],
    )
    .await;
    // One look each first: the measured ones are repeats of a board nobody changed.
    let pids = [bot.pid];
    load_cmd(&bot.fake, &pids, &[], channels, 1, BASE, "game status", &[]).await;
    bot.fake.clear_log();
    let mut status = Sample::default();
    let mut text = Sample::default();
    let mut sent = [
        std::collections::BTreeMap::new(),
        std::collections::BTreeMap::new(),
    ];
    let stretch = per_channel.div_ceil(STRETCHES).max(1);
    let mut left = per_channel;
    let mut k = 0;
    while left > 0 {
        let n = stretch.min(left);
        for j in 0..2 {
            let (line, opts): (&'static str, &'static [(&'static str, &'static str)]) =
                if (j + k) % 2 == 0 {
                    ("game status", &[])
                } else {
                    ("game log", &[("count", "1")])
                };
            let s = load_cmd(&bot.fake, &[bot.pid], &[], channels, n, BASE, line, opts).await;
            let i = usize::from(line != "game status");
            [&mut status, &mut text][i].add(s);
            bot.tally(&mut sent[i]);
        }
        left -= n;
        k += 1;
    }
    for (what, sent) in ["/game status", "/game log"].iter().zip(&sent) {
        let n = (channels * per_channel).max(1) as f64;
        let kinds: Vec<String> = sent
            .iter()
            .map(|(k, v)| format!("{k} {:.2}", *v as f64 / n))
            .collect();
        println!(
            "  croupier {what} sent per interaction: {}",
            kinds.join(", ")
        );
    }
    (status.summary(), text.summary())
}

/// Reads the bot's peak RSS (KiB), then stops it (SIGTERM) and waits for it.
fn stop_bot(bot: &mut std::process::Child) -> u64 {
    let pid = bot.id();
    let hwm = rss_kib(pid, "VmHWM:").unwrap_or(0);
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let _ = bot.wait();
    hwm
}

/// What the fair no-op bot answers every interaction with: Croupier's answer to one
/// `/roll expr:2d6+3`, made by Croupier's own table and renderer at start — its embed (title,
/// text, colour, fields, footer, the picture shown in it) and its dice PNG.
fn croupier_roll_answer() -> (poise::serenity_prelude::CreateEmbed, String, Vec<u8>) {
    use croupier::discord::render::{self, Look, Scene};
    use poise::serenity_prelude as serenity;
    let games = Arc::new(croupier::games::load(Path::new("data")).expect("game data loads"));
    let store = Store::in_memory().expect("store");
    let mut table = Table::new(
        store,
        games.clone(),
        Arc::new(SystemClock),
        SeedMode::Random,
    );
    let out = table
        .handle(&Request {
            channel: "1".into(),
            guild: Some("1".into()),
            actor: Actor::player("1", "loader"),
            request_id: "fair-1".into(),
            locale: Default::default(),
            input: Input::Command(TableCommand::new("roll").with("expr", "2d6+3")),
        })
        .expect("the roll is applied");
    let look = Look::new(
        games
            .all()
            .map(|g| (g.name().to_string(), g.title().to_string())),
    );
    let invoker = croupier::table::UserId::new("1");
    let scene = Scene {
        channel: "1",
        invoker: Some(&invoker),
        readers: Default::default(),
    };
    let (drafts, _) = render::draw_and_render(&games, None, None, &look, &scene, out.replies);
    let d = drafts.into_iter().next().expect("an answer");
    let e = d.embeds.first().expect("an embed");
    let mut embed = serenity::CreateEmbed::new()
        .description(&e.description)
        .colour(e.colour);
    if let Some(t) = &e.title {
        embed = embed.title(t);
    }
    for (name, value, inline) in &e.fields {
        embed = embed.field(name, value, *inline);
    }
    if let Some(f) = &e.footer {
        embed = embed.footer(serenity::CreateEmbedFooter::new(f));
    }
    if let Some(i) = &e.image {
        embed = embed.image(i);
    }
    let (name, png) = d.files.first().expect("the dice picture");
    (embed, name.clone(), png.to_vec())
}

/// The no-op bot: answers every slash command with a fixed text (with `--fair`: with
/// [`croupier_roll_answer`]), through serenity's HTTP client in proxy mode (as `croupier run`
/// with `CROUPIER_DISCORD_API`).
fn noop_bot() {
    use poise::serenity_prelude as serenity;
    struct Noop(Option<(serenity::CreateEmbed, String, Vec<u8>)>);
    #[serenity::async_trait]
    impl serenity::EventHandler for Noop {
        async fn ready(&self, ctx: serenity::Context, _: serenity::Ready) {
            let body = serde_json::json!([{
                "name": "roll", "type": 1, "description": "Roll dice",
                "options": [{"type": 3, "name": "expr", "description": "Dice notation", "required": true}]
            }]);
            if let Err(e) = ctx.http.create_global_commands(&body).await {
                eprintln!("no-op bot: registering failed: {e}");
            }
        }
        async fn interaction_create(&self, ctx: serenity::Context, i: serenity::Interaction) {
            if let serenity::Interaction::Command(ci) = i {
                let msg = match &self.0 {
                    None => serenity::CreateInteractionResponseMessage::new().content("ok"),
                    // As Croupier sends its answer: the embed and the PNG in one upload.
                    Some((embed, name, png)) => serenity::CreateInteractionResponseMessage::new()
                        .embed(embed.clone())
                        .add_file(serenity::CreateAttachment::bytes(
                            png.clone(),
                            name.as_str(),
                        )),
                };
                let _ = ci
                    .create_response(&ctx.http, serenity::CreateInteractionResponse::Message(msg))
                    .await;
            }
        }
    }
    let api = std::env::var("CROUPIER_DISCORD_API").expect("CROUPIER_DISCORD_API");
    let token = std::env::var("DISCORD_TOKEN").expect("DISCORD_TOKEN");
    let answer = std::env::args()
        .any(|a| a == "--fair")
        .then(croupier_roll_answer);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async move {
        let http = serenity::HttpBuilder::new(&token)
            .proxy(api.trim_end_matches('/'))
            .ratelimiter_disabled(true)
            .build();
        let mut client =
            serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
                .event_handler(Noop(answer))
                .await
                .expect("client");
        if let Err(e) = client.start().await {
            eprintln!("no-op bot: {e}");
        }
    });
}

/// One run of the default mode: raw SQLite, the table service at 1 and N channels, the bots.
type Row = (f64, f64, f64, BotsRun);

/// What `--help` prints.
const HELP: &str = "\
discord_load: load benchmark of the table service and the Discord front end against the fake Discord.

usage: cargo bench --bench discord_load -- [MODE] [OPTIONS]

modes:
  (none)          raw SQLite, the table service, then croupier, the no-op bot (a fixed text) and
                  the fair no-op bot (Croupier's /roll embed and PNG, made once) side by side,
                  and croupier's /game status (an unchanged board) against /game log count:1
  --rss-store     croupier's peak RSS over a large store (--stored 100000 --active 1000)
  --postgres      croupier on SQLite, on PostgreSQL, and as two processes on PostgreSQL
                  (CROUPIER_TEST_POSTGRES names the server; --runs --one --channels
                  --per-channel --service)
  --noop-bot      (internal) run the no-op bot; with --fair the fair one
  --help          this text

options (default mode):
  --runs N         runs, each printed, then their medians (3)
  --one N          /rolls through each bot from 1 channel (1000)
  --channels N     channels at once (64)
  --per-channel N  /rolls per channel through each bot, and /game status and /game log per
                   channel through croupier (256)
  --service N      /rolls through the table service alone (4096)
  --raw N          raw SQLite transactions (1000)

Figures are medians of the runs; ratios are the median of each run's ratio (stretches taken
side by side), so a loaded machine's drift falls on both sides alike.";

fn main() {
    if std::env::args().any(|a| a == "--help" || a == "-h") {
        println!("{HELP}");
        return;
    }
    if std::env::args().any(|a| a == "--noop-bot") {
        noop_bot();
        return;
    }
    if std::env::args().any(|a| a == "--rss-store") {
        rss_store();
        return;
    }
    if std::env::args().any(|a| a == "--postgres") {
        postgres_side_by_side();
        return;
    }
    let runs = arg("--runs", 3).max(1);
    let one = arg("--one", 1000).max(1);
    let channels = arg("--channels", 64).max(1);
    // 256 each: with 64 a run lasted under half a second and the ratio moved ±5 points
    // between runs of one invocation.
    let per_channel = arg("--per-channel", 256).max(1);
    let svc_total = arg("--service", 4096).max(channels);
    let raw_n = arg("--raw", 1000).max(1);
    let (rt, games, dir) = setup();
    println!(
        "discord_load: {runs} runs; raw SQLite {raw_n} transactions; table service {svc_total} /rolls; bots 1 × {one} and {channels} × {per_channel} /roll expr:2d6+3; croupier {channels} × {per_channel} /game status and /game log count:1"
    );
    let mut rows: Vec<Row> = Vec::new();
    for run in 1..=runs {
        let raw = raw_sqlite(dir.path(), raw_n);
        let (svc1, svcn, b) = rt.block_on(async {
            let svc1 = table_service(dir.path(), 1, svc_total / 4, games.clone()).await;
            let svcn =
                table_service(dir.path(), channels, svc_total / channels, games.clone()).await;
            (
                svc1,
                svcn,
                bots_run(dir.path(), one, channels, per_channel).await,
            )
        });
        println!("run {run}:");
        println!("  raw SQLite single-row FULL transactions: {raw:.0}/s");
        println!(
            "  table service /roll: 1 channel {svc1:.0}/s, {channels} channels {svcn:.0}/s ({:.2}× raw)",
            svcn / raw
        );
        for (k, kind) in BOTS.iter().enumerate() {
            print_load(&format!("{}, 1 channel", kind.name()), &b.one[k]);
            print_load(&format!("{}, {channels} channels", kind.name()), &b.many[k]);
        }
        print_load(
            &format!("croupier /game status, {channels} channels"),
            &b.status,
        );
        print_load(&format!("croupier /game log, {channels} channels"), &b.text);
        println!(
            "  croupier ÷ no-op at {channels} channels: {:.0} % of the fair one, {:.0} % of the plain one; /game status ÷ /game log CPU {:.2}×; croupier peak RSS {} KiB",
            100.0 * b.many[0].rate / b.many[2].rate,
            100.0 * b.many[0].rate / b.many[1].rate,
            b.status.bot_cpu_us / b.text.bot_cpu_us,
            b.rss
        );
        rows.push((raw, svc1, svcn, b));
    }
    let m = |f: &dyn Fn(&Row) -> f64| median(rows.iter().map(f).collect());
    println!("\nmedians of {runs} runs (ratios: the median of each run's ratio):");
    println!("  raw SQLite FULL 1-row transactions: {:.0}/s", m(&|r| r.0));
    println!(
        "  table service /roll: 1 channel {:.0}/s ({:.2}× raw), {channels} channels {:.0}/s ({:.2}× raw)",
        m(&|r| r.1),
        m(&|r| r.1 / r.0),
        m(&|r| r.2),
        m(&|r| r.2 / r.0)
    );
    for (k, kind) in BOTS.iter().enumerate() {
        for (what, pick) in [
            ("1 channel".to_string(), 0usize),
            (format!("{channels} channels"), 1),
        ] {
            let l = |r: &Row| if pick == 0 { r.3.one[k] } else { r.3.many[k] };
            println!(
                "  {} {what}: {:.0}/s, p50 {:.2} ms, p99 {:.2} ms; CPU per interaction: bot {:.0} µs, harness {:.0} µs",
                kind.name(),
                m(&|r| l(r).rate),
                m(&|r| l(r).p50),
                m(&|r| l(r).p99),
                m(&|r| l(r).bot_cpu_us),
                m(&|r| l(r).harness_cpu_us),
            );
        }
    }
    println!(
        "  croupier ÷ fair no-op: 1 channel {:.0} %, {channels} channels {:.0} %; croupier ÷ plain no-op: 1 channel {:.0} %, {channels} channels {:.0} %",
        100.0 * m(&|r| r.3.one[0].rate / r.3.one[2].rate),
        100.0 * m(&|r| r.3.many[0].rate / r.3.many[2].rate),
        100.0 * m(&|r| r.3.one[0].rate / r.3.one[1].rate),
        100.0 * m(&|r| r.3.many[0].rate / r.3.many[1].rate),
    );
    println!(
        "  CPU per interaction at {channels} channels: croupier ÷ fair no-op {:.2}×, croupier ÷ plain no-op {:.2}×",
        m(&|r| r.3.many[0].bot_cpu_us / r.3.many[2].bot_cpu_us),
        m(&|r| r.3.many[0].bot_cpu_us / r.3.many[1].bot_cpu_us),
    );
    println!(
        "  croupier /game status (unchanged board) {:.0} µs vs /game log count:1 {:.0} µs of bot CPU per interaction: {:.2}×; p50 {:.2} vs {:.2} ms",
        m(&|r| r.3.status.bot_cpu_us),
        m(&|r| r.3.text.bot_cpu_us),
        m(&|r| r.3.status.bot_cpu_us / r.3.text.bot_cpu_us),
        m(&|r| r.3.status.p50),
        m(&|r| r.3.text.p50),
    );
    println!("  croupier peak RSS {:.0} KiB", m(&|r| r.3.rss as f64));
}

fn print_load(name: &str, l: &Load) {
    println!(
        "  {name}: {:.0} interactions/s, p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms; CPU per interaction: bot {:.0} µs, harness {:.0} µs{}",
        l.rate,
        l.p50,
        l.p99,
        l.max,
        l.bot_cpu_us,
        l.harness_cpu_us,
        if l.lost > 0 { format!(", {} unanswered", l.lost) } else { String::new() }
    );
}

/// `--postgres`: with 2 shards, the fake's `GUILD_ID` is on shard 1 and this guild on shard 0
/// (`(id >> 22) % 2`), as in `tests/postgres_processes.rs`. Every configuration gets the same
/// load: channel `c` in `GUILDS[c % 2]`.
const GUILD_0: u64 = fake_discord::GUILD_ID + (1 << 22);
const GUILDS: [u64; 2] = [GUILD_0, fake_discord::GUILD_ID];

/// The store configurations `--postgres` compares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Setup {
    /// One `croupier run` on an SQLite file (the baseline).
    Sqlite,
    /// One `croupier run` on a PostgreSQL schema.
    Postgres1,
    /// Two `croupier run` processes on shard ranges `0..1` and `1..2` of 2, one schema.
    Postgres2,
}

const SETUPS: [Setup; 3] = [Setup::Sqlite, Setup::Postgres1, Setup::Postgres2];

impl Setup {
    fn name(self) -> &'static str {
        match self {
            Setup::Sqlite => "SQLite, 1 process",
            Setup::Postgres1 => "PostgreSQL, 1 process",
            Setup::Postgres2 => "PostgreSQL, 2 processes",
        }
    }
}

/// What the bots' `/metrics` counted: committed groups, requests in groups, seconds in groups.
#[derive(Clone, Copy, Default)]
struct Groups {
    committed: f64,
    requests: f64,
    groups: f64,
    seconds: f64,
}

/// The sum over every sample of metric `name` (with `label` among its labels, when given) in an
/// OpenMetrics text.
fn metric(text: &str, name: &str, label: Option<&str>) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (key, value) = l.split_once(' ')?;
            let base = key.split('{').next()?;
            (base == name && label.is_none_or(|x| key.contains(x)))
                .then(|| value.trim().parse::<f64>().ok())
                .flatten()
        })
        .sum()
}

/// The group-commit counters of the bots serving `/metrics` on `addrs`, summed.
async fn groups_of(addrs: &[std::net::SocketAddr]) -> Groups {
    let mut g = Groups::default();
    for a in addrs {
        let text = match reqwest::get(format!("http://{a}/metrics")).await {
            Ok(r) => r.text().await.unwrap_or_default(),
            Err(e) => panic!("GET http://{a}/metrics: {e}"),
        };
        g.committed += metric(
            &text,
            "croupier_table_groups_total",
            Some(r#"end="committed""#),
        );
        g.requests += metric(&text, "croupier_table_group_requests_sum", None);
        g.groups += metric(&text, "croupier_table_group_requests_count", None);
        g.seconds += metric(&text, "croupier_table_group_seconds_sum", None);
    }
    g
}

/// Runs `f` with a client of the PostgreSQL server the tests use, on a thread of its own (the
/// blocking client must not run on the runtime's threads).
fn with_server<T: Send + 'static>(
    f: impl FnOnce(&mut postgres::Client) -> T + Send + 'static,
) -> T {
    std::thread::spawn(move || {
        let mut c = postgres::Client::connect(&pg::server_url(), postgres::NoTls)
            .expect("connect to the PostgreSQL server");
        f(&mut c)
    })
    .join()
    .unwrap_or_else(|p| std::panic::resume_unwind(p))
}

/// One store configuration running: its own fake Discord, its `croupier run` processes (each
/// serving `/metrics` on a port of its own), and on PostgreSQL a fresh schema (dropped when this
/// is) and the server processes of the bots' connections.
struct Deployment {
    fake: FakeDiscord,
    bots: Vec<std::process::Child>,
    pids: Vec<u32>,
    ops: Vec<std::net::SocketAddr>,
    /// The PostgreSQL backends serving the bots (`application_name` names the schema).
    backends: Vec<u32>,
    schema: Option<pg::PgSchema>,
}

impl Deployment {
    async fn start(setup: Setup, dir: &Path) -> Deployment {
        let mut gw = fake_gateway::GatewayOptions::new(fake_discord::TOKEN, GUILDS.to_vec());
        let ranges: &[Option<&str>] = if setup == Setup::Postgres2 {
            gw.recommended_shards = 2;
            &[Some("0..1"), Some("1..2")]
        } else {
            &[None]
        };
        let fake = FakeDiscord::start_with(gw).await;
        let n = NEXT_DB.fetch_add(1, Ordering::SeqCst);
        let (db, schema, app) = if setup == Setup::Sqlite {
            let path = dir.join(format!("bot-{n}.db"));
            (path.display().to_string(), None, String::new())
        } else {
            let schema = tokio::task::spawn_blocking(pg::PgSchema::fresh)
                .await
                .expect("a schema")
                .expect("--postgres needs a PostgreSQL server (CROUPIER_TEST_POSTGRES)");
            let app = format!("croupier_bench_{}_{n}", std::process::id());
            (
                format!("{}&application_name={app}", schema.url),
                Some(schema),
                app,
            )
        };
        let mut bots = Vec::new();
        let mut ops = Vec::new();
        for range in ranges {
            let addr = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .expect("a free port");
            let mut cmd = bot_command(Kind::Croupier, &fake, std::ffi::OsStr::new(&db));
            cmd.env("CROUPIER_HTTP", addr.to_string());
            if let Some(r) = range {
                cmd.env("CROUPIER_SHARDS", "2")
                    .env("CROUPIER_SHARD_RANGE", r);
            }
            bots.push(cmd.spawn().expect("start croupier run"));
            ops.push(addr);
        }
        let pids: Vec<u32> = bots.iter().map(|b| b.id()).collect();
        if ranges.len() > 1 {
            let started = Instant::now();
            while fake.gateway().live_shards() != vec![(0, 2), (1, 2)] {
                assert!(
                    started.elapsed() < Duration::from_secs(60),
                    "both shards connect"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        fake.registered().await;
        // Warm-up: connections open, caches filled, in both guilds.
        load_in(&fake, &pids, &GUILDS, 4, 25, 900).await;
        let backends = if app.is_empty() {
            Vec::new()
        } else {
            with_server(move |c| {
                c.query(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = $1",
                    &[&app],
                )
                .expect("pg_stat_activity")
                .iter()
                .map(|r| r.get::<_, i32>(0) as u32)
                .collect()
            })
        };
        Deployment {
            fake,
            bots,
            pids,
            ops,
            backends,
            schema,
        }
    }

    /// Stops the bots, then drops the schema.
    fn stop(mut self) {
        for b in &mut self.bots {
            stop_bot(b);
        }
        drop(self.schema.take());
    }
}

/// One configuration's figures in one run.
#[derive(Clone, Copy, Default)]
struct StoreLoad {
    one: Load,
    many: Load,
    /// CPU of the PostgreSQL backends serving the bots, per interaction (µs).
    db_cpu_us: f64,
    commits_per_s: f64,
    requests_per_group: f64,
    /// Mean time of one group, from opening its transaction to the end of its commit (ms).
    group_ms: f64,
    /// The share of the load's time the writers spent in groups (per writer).
    writer_busy: f64,
}

/// Croupier on SQLite, on PostgreSQL and as two processes on PostgreSQL, all three running at
/// once against fakes of their own, measured in alternating stretches (see [`bots_run`]).
async fn stores_run(dir: &Path, one: usize, channels: usize, per_channel: usize) -> Vec<StoreLoad> {
    let mut deps = Vec::new();
    for s in SETUPS {
        deps.push(Deployment::start(s, dir).await);
    }
    let mut out = vec![StoreLoad::default(); deps.len()];
    for (d, o) in deps.iter().zip(&mut out) {
        o.one = load_in(&d.fake, &d.pids, &GUILDS, 1, one, 0)
            .await
            .summary();
        d.fake.clear_log();
    }
    let before: Vec<Groups> = {
        let mut v = Vec::new();
        for d in &deps {
            v.push(groups_of(&d.ops).await);
        }
        v
    };
    let mut many: Vec<Sample> = deps.iter().map(|_| Sample::default()).collect();
    let mut db_cpu = vec![0.0; deps.len()];
    let stretch = per_channel.div_ceil(STRETCHES).max(1);
    let mut left = per_channel;
    let mut k = 0;
    while left > 0 {
        let n = stretch.min(left);
        for j in 0..deps.len() {
            let i = (j + k) % deps.len();
            let d = &deps[i];
            let db_before = cpu_of(&d.backends);
            let s = load_in(&d.fake, &d.pids, &GUILDS, channels, n, 1_000).await;
            db_cpu[i] += cpu_of(&d.backends) - db_before;
            many[i].add(s);
            d.fake.clear_log();
        }
        left -= n;
        k += 1;
    }
    for (i, (d, s)) in deps.iter().zip(many).enumerate() {
        let after = groups_of(&d.ops).await;
        let b = before[i];
        let elapsed = s.elapsed.as_secs_f64().max(1e-9);
        let answered = s.lat.len().max(1) as f64;
        let groups = (after.groups - b.groups).max(1.0);
        out[i].db_cpu_us = db_cpu[i] * 1e6 / answered;
        out[i].commits_per_s = (after.committed - b.committed) / elapsed;
        out[i].requests_per_group = (after.requests - b.requests) / groups;
        out[i].group_ms = (after.seconds - b.seconds) * 1e3 / groups;
        out[i].writer_busy = (after.seconds - b.seconds) / (elapsed * d.pids.len() as f64);
        out[i].many = s.summary();
    }
    tokio::task::spawn_blocking(move || {
        for d in deps {
            d.stop();
        }
    })
    .await
    .expect("stop the bots");
    out
}

/// `--postgres`: croupier on SQLite, on PostgreSQL and as two processes on PostgreSQL, side by
/// side in each run (each run on fresh schemas, dropped after it); medians and ratios to the
/// SQLite process. Options: `--runs 3 --one 300 --channels 64 --per-channel 256`.
fn postgres_side_by_side() {
    let runs = arg("--runs", 3).max(1);
    let one = arg("--one", 300).max(1);
    let channels = arg("--channels", 64).max(1);
    let per_channel = arg("--per-channel", 256).max(1);
    let (rt, games, dir) = setup();
    let server = with_server(|c| {
        let v: String = c
            .query_one("SELECT current_setting('server_version')", &[])
            .map(|r| r.get(0))
            .unwrap_or_default();
        let s: Vec<String> = [
            "fsync",
            "synchronous_commit",
            "wal_sync_method",
            "shared_buffers",
        ]
        .iter()
        .map(|k| {
            let v: String = c
                .query_one(&format!("SELECT current_setting('{k}')"), &[])
                .map(|r| r.get(0))
                .unwrap_or_default();
            format!("{k}={v}")
        })
        .collect();
        format!("PostgreSQL {v} ({})", s.join(", "))
    });
    println!(
        "discord_load --postgres: {runs} runs; {server} at {}; 1 × {one} and {channels} × {per_channel} /roll expr:2d6+3 per configuration, channels split across 2 guilds",
        croupier::store::display_target(&pg::server_url())
    );
    let trips = rt.block_on(round_trips_per_roll(channels, games.clone()));
    println!(
        "round trips to PostgreSQL per committed /roll through the table service (counted by a proxy): 1 channel {:.1}, {channels} channels {:.1}",
        trips[0], trips[1]
    );
    let svc_total = arg("--service", 4096).max(channels);
    let mut rows: Vec<Vec<StoreLoad>> = Vec::new();
    // Per run: the table service on SQLite and on PostgreSQL, 1 channel then `channels`.
    let mut svc: Vec<[f64; 4]> = Vec::new();
    for run in 1..=runs {
        let s = rt.block_on(async {
            let mut out = [0.0; 4];
            for (k, n) in [1, channels].into_iter().enumerate() {
                let per = if n == 1 { svc_total / 4 } else { svc_total / n };
                let file = dir.path().join(format!("svc-pg-{run}-{n}.db"));
                out[2 * k] =
                    table_service_on(file.display().to_string(), n, per, games.clone()).await;
                let schema = tokio::task::spawn_blocking(pg::PgSchema::fresh)
                    .await
                    .expect("a schema")
                    .expect("--postgres needs a PostgreSQL server");
                out[2 * k + 1] = table_service_on(schema.url.clone(), n, per, games.clone()).await;
                tokio::task::spawn_blocking(move || drop(schema))
                    .await
                    .expect("drop the schema");
            }
            out
        });
        svc.push(s);
        let r = rt.block_on(stores_run(dir.path(), one, channels, per_channel));
        println!("run {run}:");
        println!(
            "  table service /roll: 1 channel SQLite {:.0}/s, PostgreSQL {:.0}/s ({:.2}× SQLite); {channels} channels SQLite {:.0}/s, PostgreSQL {:.0}/s ({:.2}× SQLite)",
            s[0],
            s[1],
            s[1] / s[0],
            s[2],
            s[3],
            s[3] / s[2]
        );
        for (s, l) in SETUPS.iter().zip(&r) {
            print_store_load(s.name(), channels, l, r[0].many.rate);
        }
        rows.push(r);
    }
    println!(
        "\nmedians of {runs} runs (ratios: the median of each run's ratio to the SQLite process):"
    );
    let svc_m = |i: usize| median(svc.iter().map(|s| s[i]).collect());
    println!(
        "  table service /roll: 1 channel SQLite {:.0}/s, PostgreSQL {:.0}/s ({:.2}× SQLite); {channels} channels SQLite {:.0}/s, PostgreSQL {:.0}/s ({:.2}× SQLite)",
        svc_m(0),
        svc_m(1),
        median(svc.iter().map(|s| s[1] / s[0]).collect()),
        svc_m(2),
        svc_m(3),
        median(svc.iter().map(|s| s[3] / s[2]).collect()),
    );
    for (i, s) in SETUPS.iter().enumerate() {
        let m = |f: &dyn Fn(&StoreLoad) -> f64| median(rows.iter().map(|r| f(&r[i])).collect());
        let ratio = median(
            rows.iter()
                .map(|r| r[i].many.rate / r[0].many.rate)
                .collect(),
        );
        println!(
            "  {}: 1 channel {:.0}/s (p50 {:.2} ms, p99 {:.2} ms); {channels} channels {:.0}/s, p50 {:.2} ms, p99 {:.2} ms, {:.2}× SQLite; \
             CPU per interaction: bots {:.0} µs, PostgreSQL backends {:.0} µs, harness {:.0} µs; \
             {:.0} commits/s, {:.1} requests per group, {:.2} ms per group, writers busy {:.0} %",
            s.name(),
            m(&|l| l.one.rate),
            m(&|l| l.one.p50),
            m(&|l| l.one.p99),
            m(&|l| l.many.rate),
            m(&|l| l.many.p50),
            m(&|l| l.many.p99),
            ratio,
            m(&|l| l.many.bot_cpu_us),
            m(&|l| l.db_cpu_us),
            m(&|l| l.many.harness_cpu_us),
            m(&|l| l.commits_per_s),
            m(&|l| l.requests_per_group),
            m(&|l| l.group_ms),
            100.0 * m(&|l| l.writer_busy),
        );
    }
}

fn print_store_load(name: &str, channels: usize, l: &StoreLoad, sqlite_rate: f64) {
    println!(
        "  {name}: 1 channel {:.0}/s (p50 {:.2} ms, p99 {:.2} ms); {channels} channels {:.0}/s ({:.2}× SQLite), p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms{}; \
         CPU per interaction: bots {:.0} µs, PostgreSQL backends {:.0} µs, harness {:.0} µs; \
         {:.0} commits/s, {:.1} requests per group, {:.2} ms per group, writers busy {:.0} %",
        l.one.rate,
        l.one.p50,
        l.one.p99,
        l.many.rate,
        l.many.rate / sqlite_rate,
        l.many.p50,
        l.many.p99,
        l.many.max,
        if l.many.lost + l.one.lost > 0 {
            format!(", {} unanswered", l.many.lost + l.one.lost)
        } else {
            String::new()
        },
        l.many.bot_cpu_us,
        l.db_cpu_us,
        l.many.harness_cpu_us,
        l.commits_per_s,
        l.requests_per_group,
        l.group_ms,
        100.0 * l.writer_busy,
    );
}

/// A TCP proxy in front of the PostgreSQL server that counts the client's round trips: each
/// `Sync` (`S`, which ends an extended-protocol exchange: Parse/Bind/Execute are answered only
/// then) or simple `Query` (`Q`) message a client sends is one wait for the server.
struct RoundTrips {
    addr: std::net::SocketAddr,
    count: Arc<AtomicU64>,
}

impl RoundTrips {
    fn start(upstream: std::net::SocketAddr) -> RoundTrips {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind the proxy");
        let addr = listener.local_addr().expect("the proxy's address");
        let count = Arc::new(AtomicU64::new(0));
        let counted = count.clone();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = std::net::TcpStream::connect(upstream) else {
                    continue;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                let (Ok(mut from_client), Ok(mut to_server)) =
                    (client.try_clone(), server.try_clone())
                else {
                    continue;
                };
                let (mut from_server, mut to_client) = (server, client);
                let counted = counted.clone();
                std::thread::spawn(move || std::io::copy(&mut from_server, &mut to_client));
                std::thread::spawn(move || {
                    count_messages(&mut from_client, &mut to_server, &counted)
                });
            }
        });
        RoundTrips { addr, count }
    }
}

/// Copies a PostgreSQL client's messages to the server, counting `Sync` and `Query` messages.
fn count_messages(from: &mut std::net::TcpStream, to: &mut std::net::TcpStream, count: &AtomicU64) {
    use std::io::{Read, Write};
    // The startup message has no type byte: its length (itself included), then its body.
    let mut len = [0u8; 4];
    if from.read_exact(&mut len).is_err() {
        return;
    }
    let mut body = vec![0; (u32::from_be_bytes(len) as usize).saturating_sub(4)];
    if from.read_exact(&mut body).is_err()
        || to
            .write_all(&len)
            .and_then(|()| to.write_all(&body))
            .is_err()
    {
        return;
    }
    loop {
        let mut head = [0u8; 5];
        if from.read_exact(&mut head).is_err() {
            return;
        }
        let n = u32::from_be_bytes([head[1], head[2], head[3], head[4]]) as usize;
        let mut body = vec![0; n.saturating_sub(4)];
        if from.read_exact(&mut body).is_err() {
            return;
        }
        if matches!(head[0], b'S' | b'Q') {
            count.fetch_add(1, Ordering::Relaxed);
        }
        if to
            .write_all(&head)
            .and_then(|()| to.write_all(&body))
            .is_err()
        {
            return;
        }
    }
}

/// Round trips to PostgreSQL per committed `/roll` through the table service (the bot's writer
/// and reader, group commit), from 1 channel and from `channels` at once, each on a fresh
/// schema (migrated before the count; opening the two connections adds about ten).
async fn round_trips_per_roll(channels: usize, games: Arc<Registry>) -> [f64; 2] {
    let config: postgres::Config = pg::server_url().parse().expect("the server's address");
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(h)) => h.clone(),
        _ => "127.0.0.1".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let upstream = std::net::ToSocketAddrs::to_socket_addrs(&(host.as_str(), port))
        .ok()
        .and_then(|mut a| a.next())
        .expect("the server's address resolves");
    let proxy = RoundTrips::start(upstream);
    let mut out = [0.0; 2];
    for (o, n) in out.iter_mut().zip([1, channels]) {
        let schema = tokio::task::spawn_blocking(pg::PgSchema::fresh)
            .await
            .expect("a schema")
            .expect("--postgres needs a PostgreSQL server");
        let url = schema.url.clone();
        tokio::task::spawn_blocking(move || drop(Store::connect(&url).expect("migrate")))
            .await
            .expect("migrate the schema");
        let through = schema
            .url
            .replacen(&format!("{host}:{port}"), &proxy.addr.to_string(), 1);
        assert_ne!(through, schema.url, "the proxy's address is in the URL");
        let rolls = (n * (512 / n).max(8)) as f64;
        let before = proxy.count.load(Ordering::Relaxed);
        table_service_on(through, n, rolls as usize / n, games.clone()).await;
        *o = (proxy.count.load(Ordering::Relaxed) - before) as f64 / rolls;
        tokio::task::spawn_blocking(move || drop(schema))
            .await
            .expect("drop the schema");
    }
    out
}
