//! The registration the bot actually sends over HTTP (the body of its bulk overwrite, as the
//! fake Discord received it): every command is measured as Discord measures it and keeps 500
//! characters of headroom, every other application-command rule holds, and integer bounds are
//! sent, negative ones included.

mod support;

use croupier::discord::{combined_size, registration_problems};
use serde_json::Value;
use support::bot::Env;

fn find<'a>(list: &'a Value, path: &[&str]) -> &'a Value {
    let mut node = list;
    for name in path {
        node = node
            .as_array()
            .or_else(|| node["options"].as_array())
            .and_then(|a| a.iter().find(|o| o["name"] == *name))
            .unwrap_or_else(|| panic!("no `{name}` in {path:?}"));
    }
    node
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registration_sent_fits_discord_with_headroom_and_keeps_negative_bounds() {
    let mut env = Env::start().await;
    let reg = env.fake.registered().await;
    assert_eq!(reg.method, "PUT");
    let body = reg.body.clone();
    let cmds = body.as_array().expect("an array of commands");
    for c in cmds {
        let size = combined_size(c);
        println!("/{:<12} {size:>5} / 8000", c["name"].as_str().unwrap());
        assert!(size <= 7_500, "/{}: {size} characters", c["name"]);
    }
    assert_eq!(registration_problems(&body), Vec::<String>::new());
    let names: Vec<&str> = cmds.iter().filter_map(|c| c["name"].as_str()).collect();
    for n in ["nw", "nwcombat", "nwenemy", "nwfortress", "nwcasket"] {
        assert!(names.contains(&n), "/{n} registered: {names:?}");
    }
    let difficulty = find(&body, &["nw", "judge", "difficulty"]);
    assert_eq!(difficulty["min_value"], -99);
    assert_eq!(difficulty["max_value"], 999);
    let recovery = find(&body, &["nwcombat", "heal", "recovery"]);
    assert_eq!(
        (
            recovery["min_value"].as_i64(),
            recovery["required"].as_bool()
        ),
        (Some(-99), Some(true))
    );
    let detection = find(&body, &["nwfortress", "trap", "detection"]);
    assert_eq!(detection["min_value"], -99);
    let pacc = find(&body, &["nwenemy", "add", "pacc"]);
    assert_eq!(pacc["min_value"], -99);
    // Japanese, as the strict fake accepted it: every command, option and choice.
    let roll = find(&body, &["roll"]);
    assert_eq!(roll["name_localizations"]["ja"], "ロール");
    let public = &find(&body, &["roll", "visibility"])["choices"][0];
    assert_eq!(public["value"], "public");
    assert_eq!(public["name_localizations"]["ja"], "公開");
    fn without_ja(v: &Value, at: &str, out: &mut Vec<String>) {
        if v["name_localizations"]["ja"].as_str().is_none() {
            out.push(at.to_string());
        }
        for (i, c) in v["choices"].as_array().into_iter().flatten().enumerate() {
            without_ja(c, &format!("{at} choice {i}"), out);
        }
        for o in v["options"].as_array().into_iter().flatten() {
            without_ja(o, &format!("{at} {}", o["name"]), out);
        }
    }
    let mut missing = vec![];
    for c in cmds {
        without_ja(c, &format!("/{}", c["name"]), &mut missing);
    }
    assert!(missing.is_empty(), "without Japanese: {missing:?}");
    env.stop().await;
}

/// With `user_install` on, the bot registers `/roll` for user installs and every DM, the strict
/// fake accepts it (contexts, install types, permissions, lengths checked as Discord does), and
/// the games stay in servers; every text option carries a `max_length`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_install_offers_roll_everywhere_and_keeps_the_games_in_servers() {
    let mut env = Env::start_configured(
        support::fake_gateway::GatewayOptions::new(
            support::fake_discord::TOKEN,
            vec![support::fake_discord::GUILD_ID],
        ),
        |c| c.user_install = true,
    )
    .await;
    let reg = env.fake.registered().await;
    assert_eq!(reg.status, 200, "{}", reg.body);
    let roll = find(&reg.body, &["roll"]);
    assert_eq!(roll["contexts"], serde_json::json!([0, 1, 2]));
    assert_eq!(roll["integration_types"], serde_json::json!([0, 1]));
    assert_eq!(find(&reg.body, &["roll", "expr"])["max_length"], 256);
    let nobi = find(&reg.body, &["nobi"]);
    assert_eq!(nobi["contexts"], serde_json::json!([0]));
    assert_eq!(nobi["integration_types"], serde_json::json!([0]));
    assert_eq!(
        find(&reg.body, &["nobi", "narrate", "text"])["max_length"],
        1500
    );
    assert_eq!(
        find(&reg.body, &["nw", "character", "import", "json"])["max_length"],
        6000
    );
    env.stop().await;
}

/// A dev guild the bot is not in: Discord answers Missing Access, and the bot says what that
/// means and what to do, naming the setting, instead of only "Missing Access".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dev_guild_the_bot_is_not_in_gets_a_hint_naming_the_fix() {
    use std::io::Read;
    let fake = support::fake_discord::FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("run")
        .env("DISCORD_TOKEN", support::fake_discord::TOKEN)
        .env("CROUPIER_DISCORD_API", &fake.http_url)
        .env("CROUPIER_DEV_GUILD", "123456789")
        .env("CROUPIER_DB", dir.path().join("run.db"))
        .env("RUST_LOG", "warn")
        .env_remove("CROUPIER_LOG_FORMAT")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let reg = fake.registered().await;
    assert_eq!(
        reg.status, 403,
        "the fake refuses a guild the bot is not in"
    );
    // Give the bot a moment to log the refusal, then stop it.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    std::process::Command::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status()
        .unwrap();
    let _ = bot.wait();
    let mut log = String::new();
    bot.stderr.take().unwrap().read_to_string(&mut log).unwrap();
    assert!(log.contains("registering slash commands failed"), "{log}");
    assert!(log.contains("CROUPIER_DEV_GUILD=123456789"), "{log}");
    assert!(log.contains("not in that server"), "{log}");
    assert!(log.contains("applications.commands"), "{log}");
}
