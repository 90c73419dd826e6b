//! Load benchmark of the Discord front end (a benchmark, not a timed test):
//! `cargo bench --bench discord_load -- --channels 16 --interactions 4000`.
//!
//! Starts the fake Discord, runs the real `croupier run` binary against it (a separate
//! process, so its RSS is the bot's alone), then N channels each send `/roll` interactions as
//! fast as the bot answers them, one at a time per channel. Reports interactions/s, latency
//! from the event sent to the callback received (p50/p99/max), the bot's RSS, and how long
//! the bot takes to stop on SIGTERM.

#[path = "../tests/support/discord_rules.rs"]
mod discord_rules;
#[path = "../tests/support/fake_discord.rs"]
mod fake_discord;
#[path = "../tests/support/fake_gateway.rs"]
mod fake_gateway;
#[path = "../tests/support/fake_rest.rs"]
mod fake_rest;
#[path = "../tests/support/tls.rs"]
mod tls;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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

fn pct(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let channels = arg("--channels", 16).max(1);
    let total = arg("--interactions", 4000).max(channels);
    let per_channel = total / channels;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async move {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().expect("temp dir");
        let mut bot = Command::new(env!("CARGO_BIN_EXE_croupier"))
            .arg("run")
            .env("DISCORD_TOKEN", fake_discord::TOKEN)
            .env("CROUPIER_DISCORD_API", &fake.http_url)
            .env("CROUPIER_DB", dir.path().join("load.db"))
            .env("RUST_LOG", "warn")
            .env_remove("CROUPIER_DEV_GUILD")
            .stdin(Stdio::null())
            .spawn()
            .expect("start croupier run");
        let pid = bot.id();
        fake.registered().await;
        let idle_rss = rss_kib(pid, "VmRSS:").unwrap_or(0);
        let started = Instant::now();
        let mut tasks = Vec::new();
        for c in 0..channels {
            let fake = fake.clone();
            tasks.push(tokio::spawn(async move {
                let channel = 700_000_000_000_100_000 + c as u64;
                let who = Who {
                    id: 100_000_000_000_100_000 + c as u64,
                    name: "loader",
                    manager: false,
                };
                let mut lat = Vec::with_capacity(per_channel);
                let mut lost = 0usize;
                for _ in 0..per_channel {
                    let id = fake.slash(channel, &who, "roll", &[("expr", "2d6+3")]);
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
        let mut peak = 0;
        for t in tasks {
            let (l, n) = t.await.expect("channel task");
            lat.extend(l);
            lost += n;
            peak = peak.max(rss_kib(pid, "VmRSS:").unwrap_or(0));
        }
        let elapsed = started.elapsed();
        let hwm = rss_kib(pid, "VmHWM:").unwrap_or(peak);
        lat.sort();
        let stop = Instant::now();
        let _ = Command::new("kill").args(["-TERM", &pid.to_string()]).status();
        let status = bot.wait().expect("bot exits");
        let stop_time = stop.elapsed();
        println!("discord load: {channels} channels × {per_channel} interactions (/roll expr:2d6+3), release build");
        println!(
            "  answered {} of {} in {:.2} s → {:.0} interactions/s",
            lat.len(),
            lat.len() + lost,
            elapsed.as_secs_f64(),
            lat.len() as f64 / elapsed.as_secs_f64()
        );
        println!(
            "  latency event→callback: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            pct(&lat, 0.50).as_secs_f64() * 1e3,
            pct(&lat, 0.99).as_secs_f64() * 1e3,
            lat.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
        println!("  bot RSS: {idle_rss} KiB after login, {hwm} KiB peak (VmHWM)");
        println!("  SIGTERM → exit in {:.0} ms, status {status}", stop_time.as_secs_f64() * 1e3);
    });
}
