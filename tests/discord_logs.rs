//! No log level shows a secret: `croupier run` against the fake Discord at every level (error
//! to trace, and tungstenite's frames alone), playing slash commands, an autocomplete, a button
//! and a gateway RESUME; its whole output never holds the bot token nor any interaction token.

mod support;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::bot::{button, msg, ALICE, BOB, CHAN};
use support::fake_discord::{token_of, FakeDiscord, GUILD_ID, TOKEN};

/// One run of the binary at `filter`: (its stderr and stdout, the interaction ids it answered).
async fn run_at(filter: &str, format: &str) -> (String, Vec<String>) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("run")
        .env("DISCORD_TOKEN", TOKEN)
        .env("CROUPIER_DISCORD_API", &fake.http_url)
        .env("CROUPIER_DEV_GUILD", GUILD_ID.to_string())
        .env("CROUPIER_DB", dir.path().join("run.db"))
        .env("RUST_LOG", filter)
        .env("CROUPIER_LOG_FORMAT", format)
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Read while it runs: at trace the output would fill a pipe's buffer and stall the bot.
    let read = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut out = Vec::new();
            let _ = r.read_to_end(&mut out);
            String::from_utf8_lossy(&out).into_owned()
        })
    };
    let err = read(Box::new(bot.stderr.take().unwrap()));
    let out = read(Box::new(bot.stdout.take().unwrap()));
    fake.registered().await;
    let mut ids = vec![];
    let id = fake.slash(CHAN, &ALICE, "roll", &[("expr", "2d6")]);
    fake.callback(&id).await;
    ids.push(id);
    let id = fake.slash(CHAN, &ALICE, "dice new", &[]);
    let opened = fake.callback(&id).await;
    ids.push(id);
    let join = button(msg(&opened), "Join");
    let id = fake.press(CHAN, &BOB, &join, &[]);
    fake.callback(&id).await;
    ids.push(id);
    let id = fake.autocomplete(CHAN, &ALICE, "roll", &[("expr", "2d")], "expr");
    fake.callback(&id).await;
    ids.push(id);
    // A dropped connection the bot resumes: RESUME carries the token as IDENTIFY does.
    fake.gateway().close_shard(0, 4000);
    fake.wait_for("the bot to resume", Duration::from_secs(20), |r| {
        r.path == "RESUME"
    })
    .await;
    let id = fake.slash(CHAN, &BOB, "roll", &[("expr", "1d20")]);
    fake.callback(&id).await;
    ids.push(id);
    Command::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status()
        .unwrap();
    let t = Instant::now();
    while bot.try_wait().unwrap().is_none() {
        assert!(t.elapsed() < Duration::from_secs(20), "no stop on SIGTERM");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let text = format!("{}{}", err.join().unwrap(), out.join().unwrap());
    (text, ids)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_log_level_shows_the_bot_token_or_an_interaction_token() {
    let mut failures = vec![];
    for (filter, format) in [
        ("error", "text"),
        ("warn", "text"),
        ("info", "text"),
        ("debug", "text"),
        ("trace", "text"),
        ("tungstenite=trace", "text"),
        ("warn,tungstenite=trace,serenity=trace", "text"),
        ("trace", "json"),
    ] {
        let (text, ids) = run_at(filter, format).await;
        let lines = text.lines().count();
        println!(
            "RUST_LOG={filter} ({format}): {lines} lines, {} bytes",
            text.len()
        );
        // The output does cover the traffic that carries the secrets: at debug and below the
        // interactions' own URLs are logged, ids and all (so the search below could find them).
        if filter == "debug" || filter == "trace" {
            assert!(
                ids.iter().all(|id| text.contains(id.as_str())),
                "RUST_LOG={filter} does not mention every interaction id: {ids:?}"
            );
        }
        if filter.contains("tungstenite=trace") || filter == "trace" {
            assert!(
                text.contains("heartbeat") || text.contains("\"op\""),
                "RUST_LOG={filter} shows no gateway frame"
            );
        }
        let mut leaks = vec![];
        // tungstenite prints a frame's payload in hex at trace: the token so written counts too.
        let hex = |s: &str| s.bytes().map(|b| format!("{b:02x}")).collect::<String>();
        let mut secrets = vec![
            ("the bot token".to_string(), TOKEN.to_string()),
            ("the bot token in hex".to_string(), hex(TOKEN)),
        ];
        for id in &ids {
            secrets.push((format!("interaction {id}'s token"), token_of(id)));
            secrets.push((
                format!("interaction {id}'s token in hex"),
                hex(&token_of(id)),
            ));
        }
        for (name, secret) in secrets {
            for line in text.lines().filter(|l| l.contains(&secret)) {
                leaks.push(format!("{name}: …{}", cut(line, &secret)));
            }
        }
        if !leaks.is_empty() {
            failures.push(format!(
                "RUST_LOG={filter} ({format}) logs secrets ({} lines):\n{}",
                leaks.len(),
                leaks.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The line around the first secret it holds (a log line of a request can be very long).
fn cut(line: &str, secret: &str) -> String {
    let at = line.find(secret).unwrap_or(0);
    let from = line[..at]
        .char_indices()
        .rev()
        .nth(150)
        .map_or(0, |(i, _)| i);
    line[from..].chars().take(300).collect()
}
