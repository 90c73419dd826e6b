//! End-to-end tests of the Discord front end: the real bot (the code path of `croupier run`)
//! against the fake Discord in `tests/support/fake_discord.rs`, over real HTTP and WebSocket
//! on 127.0.0.1. No token, no network.

mod support;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use croupier::discord::{self, Bot, Config};
use croupier::store::Store;
use croupier::table::{Clock, Loaded, ManualClock, Registry, SeedMode, SystemClock, Table};
use serde_json::Value;
use support::fake_discord::{token_of, FakeDiscord, Recorded, RouteKind, Visibility, Who, APP_ID};
use support::probe_game::Probe;

const ALICE: Who = Who {
    id: 100_000_000_000_000_001,
    name: "alice",
    manager: false,
};
const BOB: Who = Who {
    id: 100_000_000_000_000_002,
    name: "bob",
    manager: false,
};
const MOD: Who = Who {
    id: 100_000_000_000_000_003,
    name: "mod",
    manager: true,
};
const CHAN: u64 = 700_000_000_000_000_001;

struct Env {
    fake: FakeDiscord,
    bot: Option<Bot>,
    db: PathBuf,
    defer_after: Duration,
    games: Arc<Registry>,
    clock: Arc<dyn Clock>,
    _dir: tempfile::TempDir,
}

fn games() -> Arc<Registry> {
    Arc::new(croupier::games::load(Path::new("data")).expect("game data loads"))
}

impl Env {
    async fn start() -> Env {
        Self::start_with(Duration::from_millis(1500)).await
    }

    async fn start_with(defer_after: Duration) -> Env {
        Self::start_full(defer_after, games(), Arc::new(SystemClock)).await
    }

    async fn start_full(defer_after: Duration, games: Arc<Registry>, clock: Arc<dyn Clock>) -> Env {
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .try_init();
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("croupier.db");
        let fake = FakeDiscord::start().await;
        let mut env = Env {
            fake,
            bot: None,
            db,
            defer_after,
            games,
            clock,
            _dir: dir,
        };
        env.launch().await;
        env
    }

    async fn launch(&mut self) {
        let before = self.fake.identifies();
        let mut config = Config::new("fake-token-not-secret", &self.db, self.games.clone());
        config.clock = self.clock.clone();
        config.https_proxy = Some(discord::HttpsProxy {
            url: self.fake.http_url.clone(),
            root_pem: self.fake.root_pem.clone().into_bytes(),
        });
        config.seeds = SeedMode::Fixed(7);
        config.defer_after = self.defer_after;
        config.reminder_interval = Duration::from_millis(200);
        self.bot = Some(discord::start(config).await.expect("bot starts"));
        self.fake.registered().await;
        self.fake
            .wait_for("the bot to identify", Duration::from_secs(5), |r| {
                r.path == "IDENTIFY"
            })
            .await;
        // A restart within 5 s of the last IDENTIFY is answered INVALID_SESSION (Discord's
        // max_concurrency) and serenity identifies again 5 s later: wait for a live session.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        while self.fake.identifies() == before || self.fake.gateway().live_shards().is_empty() {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot did not reconnect"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    async fn restart(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.shutdown().await;
        }
        self.launch().await;
    }

    async fn stop(mut self) {
        if let Some(bot) = self.bot.take() {
            bot.shutdown().await;
        }
    }

    /// The channel's session as stored (read with a separate connection).
    fn state(&self) -> Value {
        let store = Store::open(&self.db).unwrap();
        let mut t = Table::new(
            store,
            self.games.clone(),
            Arc::new(SystemClock),
            SeedMode::Random,
        );
        t.state_json(&CHAN.to_string()).unwrap().expect("a session")
    }

    /// Runs a slash command and returns its callback.
    async fn slash(&self, who: &Who, line: &str, opts: &[(&str, &str)]) -> (String, Recorded) {
        let id = self.fake.slash(CHAN, who, line, opts);
        let cb = self.fake.callback(&id).await;
        (id, cb)
    }

    /// Presses a button and returns its answer (after an UPDATE_MESSAGE retiring the pressed
    /// message's settled buttons, the message that followed it).
    async fn press(&self, who: &Who, custom_id: &str) -> (String, Recorded) {
        let id = self.fake.press(CHAN, who, custom_id, &[]);
        let cb = self.fake.callback(&id).await;
        (
            id.clone(),
            self.fake.answer_after_update(CHAN, &id, cb).await,
        )
    }

    /// A press that crossed the edit disabling its button (see `FakeDiscord::press_raced`).
    async fn press_raced(&self, who: &Who, custom_id: &str) -> (String, Recorded) {
        let id = self.fake.press_raced(CHAN, who, custom_id, &[]);
        let cb = self.fake.callback(&id).await;
        (
            id.clone(),
            self.fake.answer_after_update(CHAN, &id, cb).await,
        )
    }

    /// Waits for a channel message in CHAN whose text contains `needle`.
    async fn channel_message(&self, needle: &str) -> Recorded {
        let path = format!("/channels/{CHAN}/messages");
        self.fake
            .wait_for(
                &format!("a channel message with `{needle}`"),
                Duration::from_secs(5),
                |r| r.method == "POST" && r.path == path && text(&r.body).contains(needle),
            )
            .await
    }
}

/// The message inside a callback (`data`) or a plain message body.
fn msg(r: &Recorded) -> &Value {
    if r.path.ends_with("/callback") {
        &r.body["data"]
    } else {
        &r.body
    }
}

/// All visible text of a message: content, embed titles, descriptions, fields, footers.
fn text(m: &Value) -> String {
    let mut out = m["content"].as_str().unwrap_or("").to_string();
    for e in m["embeds"].as_array().into_iter().flatten() {
        for k in ["title", "description"] {
            if let Some(s) = e[k].as_str() {
                out.push('\n');
                out.push_str(s);
            }
        }
        for f in e["fields"].as_array().into_iter().flatten() {
            out.push_str(&format!(
                "\n{}: {}",
                f["name"].as_str().unwrap_or(""),
                f["value"].as_str().unwrap_or("")
            ));
        }
    }
    out
}

fn flags(m: &Value) -> u64 {
    m["flags"].as_u64().unwrap_or(0)
}

/// Custom ids of every button in a message.
fn buttons(m: &Value) -> Vec<(String, String)> {
    m["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["type"] == 2)
        .map(|c| {
            (
                c["label"].as_str().unwrap_or("").to_string(),
                c["custom_id"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn button(m: &Value, label: &str) -> String {
    buttons(m)
        .into_iter()
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("no `{label}` button in {m}"))
        .1
}

fn check_name(name: &str, at: &str, problems: &mut Vec<String>) {
    let ok = !name.is_empty()
        && name.chars().count() <= 32
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
    if !ok {
        problems.push(format!("{at}: bad name `{name}`"));
    }
}

fn check_description(v: &Value, at: &str, problems: &mut Vec<String>) {
    let n = v["description"]
        .as_str()
        .map(|d| d.chars().count())
        .unwrap_or(0);
    if !(1..=100).contains(&n) {
        problems.push(format!("{at}: description has {n} chars"));
    }
}

/// Checks one registered command (or option) against Discord's limits, recursively.
fn check_command(v: &Value, at: &str, depth: usize, problems: &mut Vec<String>) {
    let name = v["name"].as_str().unwrap_or("");
    let at = format!("{at} {name}");
    check_name(name, &at, problems);
    check_description(v, &at, problems);
    let options = v["options"].as_array().cloned().unwrap_or_default();
    if options.len() > 25 {
        problems.push(format!("{at}: {} options", options.len()));
    }
    let mut seen_optional = false;
    for o in &options {
        let kind = o["type"].as_u64().unwrap_or(0);
        if kind == 1 || kind == 2 {
            if depth >= 2 {
                problems.push(format!("{at}: subcommands nested too deep"));
            }
            check_command(o, &at, depth + 1, problems);
            continue;
        }
        let oname = o["name"].as_str().unwrap_or("");
        let oat = format!("{at} {oname}:");
        check_name(oname, &oat, problems);
        check_description(o, &oat, problems);
        let choices = o["choices"].as_array().map(Vec::len).unwrap_or(0);
        if choices > 25 {
            problems.push(format!("{oat} {choices} choices"));
        }
        if choices > 0 && o["autocomplete"] == true {
            problems.push(format!("{oat} choices and autocomplete"));
        }
        let required = o["required"] == true;
        if required && seen_optional {
            problems.push(format!("{oat} required after optional"));
        }
        seen_optional |= !required;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logs_in_and_registers_every_command_within_discord_limits() {
    let env = Env::start().await;
    let reg = env.fake.registered().await;
    assert!(
        reg.path.starts_with(&format!("/applications/{APP_ID}/")),
        "{}",
        reg.path
    );
    let cmds = reg.body.as_array().expect("an array of commands").clone();
    let names: Vec<&str> = cmds.iter().filter_map(|c| c["name"].as_str()).collect();
    let mut expected: Vec<String> = discord::all_specs(&games())
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(
        names,
        expected.iter().map(String::as_str).collect::<Vec<_>>()
    );
    for required in ["roll", "game", "help", "dice"] {
        assert!(names.contains(&required), "/{required} registered");
    }
    expected.sort();
    expected.dedup();
    assert_eq!(expected.len(), cmds.len(), "command names are unique");
    let mut problems = vec![];
    for c in &cmds {
        check_command(c, "", 0, &mut problems);
    }
    for spec in discord::all_specs(&games()) {
        problems.extend(spec.problems(""));
    }
    assert!(problems.is_empty(), "{problems:#?}");
    // No privileged intent: GUILD_MEMBERS (1<<1), GUILD_PRESENCES (1<<8), MESSAGE_CONTENT (1<<15).
    let identify = env
        .fake
        .wait_for("IDENTIFY", Duration::from_secs(1), |r| r.path == "IDENTIFY")
        .await;
    let intents = identify.body["intents"].as_u64().unwrap();
    assert_eq!(
        intents & ((1 << 1) | (1 << 8) | (1 << 15)),
        0,
        "intents {intents}"
    );
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn roll_answers_with_a_public_embed() {
    let env = Env::start().await;
    let (_, cb) = env.slash(&ALICE, "roll", &[("expr", "2d6+3")]).await;
    assert_eq!(cb.body["type"], 4);
    let m = msg(&cb);
    assert_eq!(flags(m), 0, "public");
    assert_eq!(m["embeds"][0]["title"], "🎲 Roll");
    let t = text(m);
    assert!(t.contains(&format!("<@{}> rolls 2d6+3", ALICE.id)), "{t}");
    assert!(
        m["allowed_mentions"]["parse"]
            .as_array()
            .is_some_and(|p| p.is_empty()),
        "a roll pings nobody"
    );
    // The bot reached the fake as `https://discord.com` through the tunnel, as in production.
    assert!(env.fake.tls_requests() > 0, "REST went over TLS");
    env.stop().await;
}

/// A Japanese reader gets `/roll` in Japanese, as BCDice prints it; an English one in the
/// same server the same numbers in English: a private roll is written in the roller's
/// language (the interaction's `locale`), a public one in the server's (`guild_locale`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_japanese_reader_gets_roll_in_japanese_with_the_same_numbers() {
    let env = Env::start().await;
    env.fake.set_locale(ALICE.id, "ja");
    // Private: Alice's own language. The dice as BCDice prints them, the target's verdict
    // and chance in Japanese.
    let (_, cb) = env
        .slash(
            &ALICE,
            "roll",
            &[("expr", "2d6+5"), ("visibility", "self"), ("target", "9")],
        )
        .await;
    let m = msg(&cb);
    assert_eq!(flags(m), 64);
    assert_eq!(m["embeds"][0]["title"], "🎲 ダイスロール");
    let ja = text(m);
    let line = ja
        .lines()
        .find(|l| l.contains("(2D6+5>=9) ＞ "))
        .unwrap_or_else(|| panic!("no BCDice line in {ja}"));
    // `(2D6+5>=9) ＞ 9[4,5]+5 ＞ 14 ＞ 成功`: the dice, the total and the verdict.
    let parts: Vec<&str> = line.split(" ＞ ").collect();
    assert_eq!(parts.len(), 4, "{line}");
    let total: i64 = parts[2].trim().parse().unwrap();
    let dice: Vec<i64> = parts[1]
        .split_once('[')
        .and_then(|(_, d)| d.split_once(']'))
        .map(|(d, _)| d.split(',').map(|x| x.parse().unwrap()).collect())
        .unwrap();
    assert_eq!(dice.iter().sum::<i64>() + 5, total, "{line}");
    assert_eq!(
        parts[3].trim(),
        if total >= 9 { "成功" } else { "失敗" },
        "{line}"
    );
    // 2d6+5 reaches 9 unless 2d6 rolls 2 or 3: 33/36.
    assert!(ja.contains("9以上の確率：91.7%"), "{ja}");
    assert!(
        !ja.contains("rolls") && !ja.contains("needs"),
        "English left: {ja}"
    );
    // Public, in an English-speaking server: the server's language, whoever rolled.
    let (_, cb) = env.slash(&ALICE, "roll", &[("expr", "2d6+5")]).await;
    let en = text(msg(&cb));
    assert_eq!(flags(msg(&cb)), 0);
    assert!(
        en.contains(&format!("<@{}> rolls 2d6+5 → [", ALICE.id)),
        "{en}"
    );
    // A Japanese server: its channel reads Japanese, from an English-speaking roller too.
    env.fake.set_guild_locale("ja");
    let (_, cb) = env.slash(&BOB, "roll", &[("expr", "1d20")]).await;
    let t = text(msg(&cb));
    assert!(t.contains(&format!("<@{}>：(1D20) ＞ ", BOB.id)), "{t}");
    env.stop().await;
}

/// `/game language`: the host chooses the channel's language over the server's, a player
/// their own over their client's (for what only they read); both are stored, so they hold
/// after a restart, and the answer to the choice is already in the language chosen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_language_chooses_the_channels_language_and_a_players_own() {
    let mut env = Env::start().await;
    env.fake.set_locale(ALICE.id, "ja");
    env.slash(&ALICE, "dice new", &[("expr", "1d6"), ("rounds", "1")])
        .await;
    // Bob (an English client) may not choose for the channel: refused in his language.
    let (_, cb) = env.slash(&BOB, "game language", &[("channel", "ja")]).await;
    assert_eq!(flags(msg(&cb)), 64);
    assert!(
        text(msg(&cb)).contains("only the host"),
        "{}",
        text(msg(&cb))
    );
    // The host chooses Japanese: said to the channel, in Japanese.
    let (_, cb) = env
        .slash(&ALICE, "game language", &[("channel", "ja")])
        .await;
    assert_eq!(flags(msg(&cb)), 0, "public");
    let t = text(msg(&cb));
    assert!(t.contains("このチャンネルへの返答：日本語"), "{t}");
    // Bob's public roll in an English-speaking server now reads Japanese.
    let (_, cb) = env.slash(&BOB, "roll", &[("expr", "1d20")]).await;
    let t = text(msg(&cb));
    assert!(t.contains(&format!("<@{}>：(1D20) ＞ ", BOB.id)), "{t}");
    // Bob chooses Japanese for himself: his private answers are Japanese too.
    let (_, cb) = env.slash(&BOB, "game language", &[("me", "ja")]).await;
    assert_eq!(flags(msg(&cb)), 64);
    assert!(text(msg(&cb)).contains("あなただけへの返答とDM：日本語"));
    // Both choices are stored: they hold after a restart.
    env.restart().await;
    let (_, cb) = env
        .slash(&BOB, "roll", &[("expr", "2d6"), ("visibility", "self")])
        .await;
    assert_eq!(flags(msg(&cb)), 64);
    let t = text(msg(&cb));
    assert!(t.contains(&format!("<@{}>：(2D6) ＞ ", BOB.id)), "{t}");
    // Back to the server's language (English) for the channel; Alice's own answers stay in
    // her client's Japanese, and Bob goes back to his client's English.
    env.slash(&ALICE, "game language", &[("channel", "server")])
        .await;
    let (_, cb) = env.slash(&ALICE, "roll", &[("expr", "1d8")]).await;
    let t = text(msg(&cb));
    assert!(t.contains(&format!("<@{}> rolls 1d8", ALICE.id)), "{t}");
    env.slash(&BOB, "game language", &[("me", "discord")]).await;
    let (_, cb) = env
        .slash(&BOB, "roll", &[("expr", "1d4"), ("visibility", "self")])
        .await;
    let t = text(msg(&cb));
    assert!(t.contains(&format!("<@{}> rolls 1d4", BOB.id)), "{t}");
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_works_out_a_rolls_chance_off_the_writer() {
    let env = Env::start().await;
    // An expression no other test rolls (the chance lines are kept for the process).
    let expr = "6d11+505";
    let (_, cb) = env
        .slash(&ALICE, "roll", &[("expr", expr), ("target", "540")])
        .await;
    let t = text(msg(&cb));
    assert!(t.contains("needs 540+"), "{t}");
    assert!(
        !croupier::table::odds::computed_on_writer(expr),
        "the chance was worked out on the writer, which every channel waits for"
    );
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_roll_is_ephemeral() {
    let env = Env::start().await;
    let (_, cb) = env
        .slash(&ALICE, "roll", &[("expr", "1d20"), ("visibility", "self")])
        .await;
    assert_eq!(cb.body["type"], 4);
    assert_eq!(flags(msg(&cb)), 64);
    assert!(text(msg(&cb)).contains("rolls 1d20"));
    // A bad expression is refused privately too.
    let (_, cb) = env.slash(&ALICE, "roll", &[("expr", "2d")]).await;
    assert_eq!(flags(msg(&cb)), 64);
    assert!(
        text(msg(&cb)).trim_start().starts_with("⛔"),
        "{}",
        text(msg(&cb))
    );
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dice_table_plays_through_buttons_with_pings_and_refuses_stale_presses() {
    let env = Env::start().await;
    // Alice opens a table: public embed in the dice colour, with a Join button.
    let (_, cb) = env
        .slash(&ALICE, "dice new", &[("expr", "1d6"), ("rounds", "1")])
        .await;
    let m = msg(&cb);
    assert_eq!(flags(m), 0);
    assert_eq!(m["embeds"][0]["title"], "🎲 Dice table open");
    assert_eq!(m["embeds"][0]["color"], 0xE67E22);
    let join = button(m, "Join");
    assert_eq!(
        join, "b:1:~:/dice join",
        "a view button lives as long as the session"
    );
    // Bob joins with the button.
    let (_, cb) = env.press(&BOB, &join).await;
    assert_eq!(flags(msg(&cb)), 0);
    assert!(text(msg(&cb)).contains("bob takes seat 2"));
    // Alice starts: the turn message is a channel message pinging exactly her.
    let (_, cb) = env.slash(&ALICE, "dice start", &[]).await;
    assert_eq!(
        flags(msg(&cb)),
        64,
        "the starter gets a private acknowledgement"
    );
    let turn = env.channel_message("Round 1/1").await;
    assert_eq!(turn.body["content"], format!("<@{}>", ALICE.id));
    assert_eq!(
        turn.body["allowed_mentions"]["users"],
        serde_json::json!([ALICE.id.to_string()])
    );
    let roll_v3 = button(&turn.body, "Roll");
    assert_eq!(
        roll_v3, "b:1:r1-s0:/dice roll",
        "it answers alice's roll in round 1"
    );
    // Bob presses Alice's Roll button: not his turn, answered privately, nothing changes.
    let before = env.state();
    let (_, cb) = env.press(&BOB, &roll_v3).await;
    assert_eq!(flags(msg(&cb)), 64);
    assert!(
        text(msg(&cb)).contains("alice's turn"),
        "{}",
        text(msg(&cb))
    );
    assert_eq!(env.state(), before);
    // Alice rolls: public result, then Bob is pinged with a fresh button.
    let (_, cb) = env.press(&ALICE, &roll_v3).await;
    assert_eq!(flags(msg(&cb)), 0);
    assert!(
        text(msg(&cb)).contains("alice rolls 1d6"),
        "{}",
        text(msg(&cb))
    );
    let turn = env
        .channel_message(&format!("<@{}>, your roll", BOB.id))
        .await;
    assert_eq!(turn.body["content"], format!("<@{}>", BOB.id));
    let roll_v4 = button(&turn.body, "Roll");
    assert_eq!(roll_v4, "b:1:r1-s1:/dice roll");
    // Alice's button is retired (disabled) by her press; a press that crossed that edit finds
    // its roll settled: refused privately, state untouched.
    assert_eq!(env.fake.disabled(CHAN, &roll_v3), Some(true));
    let before = env.state();
    let (_, cb) = env.press_raced(&ALICE, &roll_v3).await;
    assert_eq!(flags(msg(&cb)), 64);
    assert!(
        text(msg(&cb)).contains("alice's roll in round 1**, which is already settled"),
        "{}",
        text(msg(&cb))
    );
    assert_eq!(env.state(), before);
    // Bob finishes the game.
    let (id, cb) = env.press(&BOB, &roll_v4).await;
    assert!(text(msg(&cb)).contains("bob rolls 1d6"));
    let over = env
        .fake
        .wait_for("the result", Duration::from_secs(5), |r| {
            text(&r.body).contains("Dice table over")
        })
        .await;
    // The press updated its message (its Roll retired); the result follows in the channel.
    assert_eq!(env.fake.callback(&id).await.body["type"], 7);
    assert_eq!(over.path, format!("/channels/{CHAN}/messages"));
    assert_eq!(env.state()["state"]["phase"], "Over");
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn permissions_come_from_the_host_and_manage_channels() {
    let env = Env::start().await;
    env.slash(&ALICE, "dice new", &[]).await;
    let (_, cb) = env.slash(&BOB, "dice start", &[]).await;
    assert_eq!(flags(msg(&cb)), 64);
    assert!(
        text(msg(&cb)).contains("only the host"),
        "{}",
        text(msg(&cb))
    );
    let (_, cb) = env.slash(&BOB, "game end", &[("confirm", "true")]).await;
    assert_eq!(flags(msg(&cb)), 64);
    assert!(
        text(msg(&cb)).contains("only the host"),
        "{}",
        text(msg(&cb))
    );
    assert_eq!(env.state()["active"], true);
    // A member with Manage Channels may end it.
    let (_, cb) = env.slash(&MOD, "game end", &[("confirm", "true")]).await;
    assert_eq!(flags(msg(&cb)), 0, "{}", text(msg(&cb)));
    assert_eq!(env.state()["active"], false);
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_resumes_from_sqlite_and_old_buttons_still_work() {
    let mut env = Env::start().await;
    env.slash(&ALICE, "dice new", &[("rounds", "2")]).await;
    env.slash(&BOB, "dice join", &[]).await;
    env.slash(&ALICE, "dice start", &[]).await;
    let turn = env.channel_message("Round 1/2").await;
    let roll = button(&turn.body, "Roll");
    env.restart().await;
    assert_eq!(env.fake.gateway().sessions_started(), 2);
    let (_, cb) = env.press(&ALICE, &roll).await;
    assert_eq!(flags(msg(&cb)), 0, "{}", text(msg(&cb)));
    assert!(text(msg(&cb)).contains("alice rolls"));
    let (_, cb) = env.slash(&ALICE, "game status", &[]).await;
    assert!(text(msg(&cb)).contains("bob to roll"), "{}", text(msg(&cb)));
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duplicate_delivery_is_applied_once() {
    let env = Env::start().await;
    env.slash(&ALICE, "dice new", &[]).await;
    let (id, payload) = env.fake.slash_payload(CHAN, &BOB, "dice join", &[]);
    env.fake.send_interaction(&id, payload.clone());
    env.fake.callback(&id).await;
    env.fake.redeliver(&id, payload);
    // A later interaction in the same channel is answered after the duplicate was handled.
    env.slash(&ALICE, "game status", &[]).await;
    // The redelivery answers from the stored outcome; Discord refuses its initial response
    // (already acknowledged), so nothing more is sent for it.
    let callbacks: Vec<u16> = env
        .fake
        .for_interaction(&id)
        .into_iter()
        .filter(|r| r.path.ends_with("/callback"))
        .map(|r| r.status)
        .collect();
    assert_eq!(
        callbacks.iter().filter(|s| **s == 204).count(),
        1,
        "one answer: {callbacks:?}"
    );
    assert!(
        env.fake
            .for_interaction(&id)
            .iter()
            .all(|r| r.path.ends_with("/callback")),
        "no followup for the duplicate"
    );
    let seats = env.state()["state"]["seats"].as_array().unwrap().len();
    assert_eq!(seats, 2, "bob sits once");
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gm_rolls_go_privately_to_the_roller_and_by_dm_to_the_gm() {
    let env = Env::start().await;
    env.slash(&ALICE, "dice new", &[]).await;
    let (id, cb) = env
        .slash(&BOB, "roll", &[("expr", "1d20"), ("visibility", "gm")])
        .await;
    assert_eq!(flags(msg(&cb)), 64);
    let open = env
        .fake
        .wait_for("a DM channel", Duration::from_secs(5), |r| {
            r.path == "/users/@me/channels"
        })
        .await;
    assert_eq!(open.body["recipient_id"], ALICE.id.to_string());
    let dm = env
        .fake
        .wait_for("the DM", Duration::from_secs(5), |r| {
            r.method == "POST"
                && r.path.starts_with("/channels/")
                && text(&r.body).contains("rolls 1d20")
        })
        .await;
    assert!(
        text(&dm.body).contains(&format!("<#{CHAN}>")),
        "a DM names its channel"
    );
    // Nothing about the roll was posted publicly.
    let public = env
        .fake
        .requests()
        .into_iter()
        .filter(|r| {
            r.path == format!("/channels/{CHAN}/messages") || r.path.contains(&token_of(&id))
        })
        .filter(|r| flags(msg(r)) != 64)
        .count();
    assert_eq!(public, 0);
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_then_followed_up() {
    let env = Env::start_with(Duration::ZERO).await;
    let (id, cb) = env.slash(&ALICE, "roll", &[("expr", "3d6")]).await;
    assert_eq!(cb.body["type"], 5, "deferred");
    assert_eq!(flags(&cb.body["data"]), 0, "a public roll defers publicly");
    let token = token_of(&id);
    let edit = env
        .fake
        .wait_for("the placeholder edit", Duration::from_secs(5), |r| {
            r.method == "PATCH"
                && r.path == format!("/webhooks/{APP_ID}/{token}/messages/@original")
        })
        .await;
    assert!(text(&edit.body).contains("rolls 3d6"));
    // A roll that may be private is deferred privately, and its answer fills that placeholder.
    let (id, cb) = env
        .slash(&ALICE, "roll", &[("expr", "3d6"), ("visibility", "self")])
        .await;
    assert_eq!(flags(&cb.body["data"]), 64, "deferred privately");
    let token = token_of(&id);
    let edit = env
        .fake
        .wait_for("the private answer", Duration::from_secs(5), |r| {
            r.method == "PATCH"
                && r.path == format!("/webhooks/{APP_ID}/{token}/messages/@original")
        })
        .await;
    assert!(text(&edit.body).contains("3d6"));
    assert!(
        env.fake
            .for_interaction(&id)
            .iter()
            .all(|r| r.method != "POST" || r.path.ends_with("/callback")),
        "nothing else was posted for a private roll"
    );
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_is_answered_with_choices() {
    let env = Env::start().await;
    let id = env
        .fake
        .autocomplete(CHAN, &ALICE, "roll", &[("expr", "2d")], "expr");
    let cb = env.fake.callback(&id).await;
    assert_eq!(cb.body["type"], 8);
    assert!(cb.body["data"]["choices"].is_array());
    env.stop().await;
}

/// The values an autocomplete answer offers.
fn choice_values(cb: &Recorded) -> Vec<&str> {
    cb.body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["value"].as_str())
        .collect()
}

/// `/help` is a short index; `command:` is completed from the declared command paths and
/// shows one command's page, privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_pages_one_command_with_its_path_completed() {
    let env = Env::start().await;
    let (_, cb) = env.slash(&ALICE, "help", &[]).await;
    let m = msg(&cb);
    assert_eq!(flags(m), 64, "help is private");
    let t = text(m);
    assert!(
        t.contains("`/nwcombat`") && t.contains("/help command:"),
        "{t}"
    );
    assert!(t.lines().count() < 25, "a short index: {t}");
    let id = env
        .fake
        .autocomplete(CHAN, &ALICE, "help", &[("command", "nobi a")], "command");
    let cb = env.fake.callback(&id).await;
    assert_eq!(cb.body["type"], 8);
    let values = choice_values(&cb);
    assert_eq!(values.first(), Some(&"nobi act"), "{values:?}");
    let (_, cb) = env.slash(&BOB, "help", &[("command", values[0])]).await;
    let m = msg(&cb);
    assert_eq!(flags(m), 64);
    let t = text(m);
    assert!(t.contains("/nobi act text:<text>"), "{t}");
    assert!(t.contains("up to 1500 characters"), "{t}");
    assert!(t.contains("opens a form"), "{t}");
    let (_, cb) = env.slash(&BOB, "help", &[("command", "nobi dance")]).await;
    let t = text(msg(&cb));
    assert!(t.contains("no command `/nobi dance`"), "{t}");
    env.stop().await;
}

/// The dice table plus the probe game, on a clock the test moves.
async fn probe_env() -> (Env, Arc<ManualClock>) {
    let games = Arc::new(Registry::of(vec![
        Box::new(Loaded::<croupier::games::dice_table::DiceTable>::new(())),
        Box::new(Loaded::<Probe>::new(())),
    ]));
    let clock = Arc::new(ManualClock::at(1_767_225_600));
    let env = Env::start_full(Duration::from_millis(1500), games, clock.clone()).await;
    (env, clock)
}

/// Every message the bot sent for an interaction (callback data and followups), in order.
fn messages_of(env: &Env, id: &str) -> Vec<Value> {
    env.fake
        .for_interaction(id)
        .iter()
        .filter(|r| r.method == "POST")
        .map(|r| msg(r).clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn due_reminders_are_posted_as_channel_messages_pinging_the_player() {
    let (env, clock) = probe_env().await;
    env.slash(&ALICE, "probe new", &[]).await;
    clock.advance(3601);
    let m = env.channel_message("the table waits").await;
    assert_eq!(m.body["content"], format!("<@{}>", ALICE.id));
    assert_eq!(
        m.body["allowed_mentions"]["users"],
        serde_json::json!([ALICE.id.to_string()])
    );
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_the_games_choices_within_25() {
    let (env, _) = probe_env().await;
    env.slash(&ALICE, "probe new", &[]).await;
    let id = env
        .fake
        .autocomplete(CHAN, &ALICE, "probe pick", &[("card", "card1")], "card");
    let cb = env.fake.callback(&id).await;
    assert_eq!(cb.body["type"], 8);
    let values = choice_values(&cb);
    assert_eq!(values.len(), 10, "{values:?}");
    assert!(values.iter().all(|v| v.starts_with("card1")));
    let id = env
        .fake
        .autocomplete(CHAN, &ALICE, "probe pick", &[("card", "")], "card");
    let cb = env.fake.callback(&id).await;
    assert_eq!(cb.body["data"]["choices"].as_array().unwrap().len(), 25);
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_hand_has_menus_of_25_and_a_pick_runs_the_command() {
    let (env, _) = probe_env().await;
    env.slash(&ALICE, "probe new", &[]).await;
    let (_, cb) = env.slash(&ALICE, "probe hand", &[]).await;
    let m = msg(&cb);
    assert_eq!(flags(m), 64, "a hand is private");
    assert!(text(m).contains("secret-hand-contents"));
    let menus: Vec<Value> = m["components"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["type"] == 3)
        .collect();
    assert_eq!(menus.len(), 2);
    assert_eq!(menus[0]["options"].as_array().unwrap().len(), 25);
    assert_eq!(menus[1]["options"].as_array().unwrap().len(), 5);
    let menu = menus[0]["custom_id"].as_str().unwrap().to_string();
    let id = env.fake.press(CHAN, &ALICE, &menu, &["card07"]);
    let cb = env.fake.callback(&id).await;
    assert_eq!(flags(msg(&cb)), 0);
    assert!(
        text(msg(&cb)).contains("alice picks card07"),
        "{}",
        text(msg(&cb))
    );
    // The hand never reached a public message.
    for r in env.fake.requests() {
        if r.method == "POST" && flags(msg(&r)) != 64 {
            assert!(
                !text(msg(&r)).contains("secret-hand-contents"),
                "leaked in {}",
                r.path
            );
        }
    }
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_messages_are_split_within_discord_limits_with_files_attached() {
    let (env, _) = probe_env().await;
    env.slash(&ALICE, "probe new", &[]).await;
    let (id, _) = env.slash(&ALICE, "probe wall", &[]).await;
    let token = token_of(&id);
    env.fake
        .wait_for(
            "the last part, with the file",
            Duration::from_secs(5),
            |r| r.path.contains(&token) && !r.files.is_empty(),
        )
        .await;
    let all = messages_of(&env, &id);
    assert!(all.len() >= 2, "split into several messages");
    let mut fields = 0;
    for m in &all {
        let embeds = m["embeds"].as_array().unwrap();
        assert!(embeds.len() <= 10);
        let mut total = 0;
        for e in embeds {
            let f = e["fields"].as_array().map(Vec::len).unwrap_or(0);
            assert!(f <= 25);
            fields += f;
            assert!(e["description"].as_str().map_or(0, |d| d.chars().count()) <= 4096);
            total += text(&serde_json::json!({"embeds": [e]})).chars().count();
        }
        assert!(total <= 6000, "{total} characters of embeds in one message");
        assert!(m["content"].as_str().map_or(0, |c| c.chars().count()) <= 2000);
    }
    assert_eq!(fields, 30, "no field lost");
    let files: Vec<String> = env
        .fake
        .for_interaction(&id)
        .into_iter()
        .flat_map(|r| r.files)
        .collect();
    assert_eq!(files, vec!["story.md".to_string()]);
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn croupier_run_serves_the_fake_and_stops_cleanly_on_sigterm() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("run")
        .env("DISCORD_TOKEN", "fake-token-not-secret")
        .env("CROUPIER_DISCORD_API", &fake.http_url)
        .env(
            "CROUPIER_DEV_GUILD",
            support::fake_discord::GUILD_ID.to_string(),
        )
        .env("CROUPIER_DB", dir.path().join("run.db"))
        .env("RUST_LOG", "info")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let reg = fake.registered().await;
    assert!(
        reg.path.contains("/guilds/"),
        "CROUPIER_DEV_GUILD registers in one guild: {}",
        reg.path
    );
    let id = fake.slash(CHAN, &ALICE, "roll", &[("expr", "1d6")]);
    let cb = fake.callback(&id).await;
    assert!(text(msg(&cb)).contains("rolls 1d6"));
    let t = std::time::Instant::now();
    std::process::Command::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status()
        .unwrap();
    let status = loop {
        if let Some(s) = bot.try_wait().unwrap() {
            break s;
        }
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "croupier did not stop on SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(status.success(), "{status}");
    let mut log = String::new();
    std::io::Read::read_to_string(bot.stderr.as_mut().unwrap(), &mut log).unwrap();
    assert!(log.contains("croupier stopped"), "{log}");
    assert!(
        !log.contains("fake-token-not-secret"),
        "the token is never logged"
    );
    // The database was closed cleanly and the roll is in it.
    let mut store = Store::open(&dir.path().join("run.db")).unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok");
}

/// Starts `croupier run` against `fake` on the database `db`.
fn spawn_bot(fake: &FakeDiscord, db: &Path) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("run")
        .env("DISCORD_TOKEN", "fake-token-not-secret")
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

/// The active session's state in the database at `db` (read beside a running bot).
fn stored_state(db: &Path) -> Value {
    let mut store = Store::open(db).unwrap();
    let state: String = store
        .sqlite()
        .expect("an SQLite store")
        .query_row("SELECT state FROM sessions WHERE active = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    serde_json::from_str(&state).unwrap()
}

/// Kills the bot's process with SIGKILL and waits for it.
fn kill_9(bot: &mut std::process::Child) {
    std::process::Command::new("kill")
        .args(["-KILL", &bot.id().to_string()])
        .status()
        .unwrap();
    let status = bot.wait().unwrap();
    assert!(!status.success(), "killed: {status}");
}

/// Starts the bot again on `db` and waits until it is connected.
async fn respawn(fake: &FakeDiscord, db: &Path) -> std::process::Child {
    let identified = fake.gateway().identifies();
    let bot = spawn_bot(fake, db);
    let t = std::time::Instant::now();
    while fake.gateway().identifies() == identified || fake.gateway().live_shards().is_empty() {
        assert!(t.elapsed() < Duration::from_secs(20), "the bot came back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    bot
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_between_the_commit_and_the_reply_then_the_restart_answers_once_applied_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let mut bot = spawn_bot(&fake, &db);
    fake.registered().await;
    let id = fake.slash(CHAN, &ALICE, "dice new", &[]);
    assert!(text(msg(&fake.callback(&id).await)).contains("Dice table open"));
    // Bob joins; the process commits his join, then dies while its answer is on the way.
    fake.lose_callbacks(true);
    let (id, payload) = fake.slash_payload(CHAN, &BOB, "dice join", &[]);
    fake.send_interaction(&id, payload.clone());
    fake.lost_callback(&id).await;
    kill_9(&mut bot);
    assert_eq!(
        stored_state(&db)["seats"].as_array().unwrap().len(),
        2,
        "the join was committed before its answer was sent"
    );
    assert!(
        fake.for_interaction(&id).is_empty(),
        "Discord saw no answer"
    );
    // A new process: the join's answer, committed in the outbox with the join, is posted in
    // the channel (the interaction was never acknowledged, so its token no longer works),
    // saying whose action it answers.
    fake.lose_callbacks(false);
    let mut bot = respawn(&fake, &db).await;
    let posted = fake
        .wait_for("the join's answer", Duration::from_secs(10), |r| {
            r.path == format!("/channels/{CHAN}/messages")
                && text(&r.body).contains("bob takes seat 2")
        })
        .await;
    assert!(
        text(&posted.body).contains(&format!("<@{}>'s `/dice join`", BOB.id)),
        "{}",
        text(&posted.body)
    );
    // Discord does not redeliver after a restart; if it did, the answer would not be shown twice.
    fake.send_interaction(&id, payload);
    let cb = fake.callback(&id).await;
    assert_eq!(cb.status, 204);
    assert_eq!(flags(msg(&cb)), 64, "only bob is told, privately");
    assert!(
        text(msg(&cb)).contains("done already"),
        "{}",
        text(msg(&cb))
    );
    assert_eq!(
        fake.messages()
            .iter()
            .filter(|m| m.text().contains("bob takes seat 2"))
            .count(),
        1,
        "the answer is shown once"
    );
    assert_eq!(
        stored_state(&db)["seats"].as_array().unwrap().len(),
        2,
        "applied once"
    );
    let _ = bot.kill();
    let _ = bot.wait();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_after_a_press_is_committed_then_the_restart_answers_once_and_retires_its_button() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let mut bot = spawn_bot(&fake, &db);
    fake.registered().await;
    for (who, line, opts) in [
        (&ALICE, "dice new", vec![("expr", "1d6"), ("rounds", "1")]),
        (&BOB, "dice join", vec![]),
        (&ALICE, "dice start", vec![]),
    ] {
        let id = fake.slash(CHAN, who, line, &opts);
        fake.callback(&id).await;
    }
    let chan = format!("/channels/{CHAN}/messages");
    let turn = fake
        .wait_for("alice's turn", Duration::from_secs(10), |r| {
            r.path == chan && text(&r.body).contains("Round 1/1")
        })
        .await;
    let roll = button(&turn.body, "Roll");
    // Alice's roll is committed; the process dies while its UPDATE_MESSAGE is on the way.
    let before = stored_state(&db);
    fake.lose_callbacks(true);
    let id = fake.press(CHAN, &ALICE, &roll, &[]);
    fake.lost_callback(&id).await;
    kill_9(&mut bot);
    assert_ne!(stored_state(&db), before, "the roll was committed");
    assert_eq!(fake.disabled(CHAN, &roll), Some(false), "not retired yet");
    // The restart posts the roll's answer once and retires the pressed button (the outbox row
    // names the pressed message).
    fake.lose_callbacks(false);
    let mut bot = respawn(&fake, &db).await;
    fake.wait_for("the roll's answer", Duration::from_secs(10), |r| {
        r.path == chan && text(&r.body).contains("alice rolls 1d6")
    })
    .await;
    fake.wait_for("the pressed message's edit", Duration::from_secs(10), |r| {
        r.method == "PATCH" && r.path.starts_with(&format!("{chan}/")) && r.status == 200
    })
    .await;
    assert_eq!(fake.disabled(CHAN, &roll), Some(true));
    assert_eq!(
        fake.messages()
            .iter()
            .filter(|m| m.text().contains("alice rolls 1d6"))
            .count(),
        1,
        "the answer is shown once"
    );
    let _ = bot.kill();
    let _ = bot.wait();
}

/// The custom id of the most recent button labelled `label` the bot sent anywhere.
fn latest_button(env: &Env, label: &str) -> Option<String> {
    env.fake
        .requests()
        .iter()
        .rev()
        .filter(|r| r.method == "POST")
        .find_map(|r| {
            buttons(msg(r))
                .into_iter()
                .find(|(l, _)| l == label)
                .map(|(_, id)| id)
        })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobi_solo_opens_draws_a_scene_by_button_and_attaches_the_story() {
    let env = Env::start().await;
    let (_, cb) = env.slash(&ALICE, "nobi new", &[]).await;
    assert_eq!(flags(msg(&cb)), 0, "{}", text(msg(&cb)));
    let footer = msg(&cb)["embeds"][0]["footer"]["text"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert_eq!(footer, "Nobi Nobi Sword", "embeds name their game");
    // Autocomplete lists free characters from the game's data.
    let id = env.fake.autocomplete(
        CHAN,
        &ALICE,
        "nobi join",
        &[("character", "gru")],
        "character",
    );
    let ac = env.fake.callback(&id).await;
    let values: Vec<String> = ac.body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["value"].as_str().map(str::to_string))
        .collect();
    assert!(!values.is_empty() && values.len() <= 25, "{values:?}");
    let (_, cb) = env
        .slash(&ALICE, "nobi join", &[("character", "gruff")])
        .await;
    assert_eq!(flags(msg(&cb)), 0, "{}", text(msg(&cb)));
    env.slash(&ALICE, "nobi begin", &[]).await;
    env.fake
        .wait_for("the Draw Scene button", Duration::from_secs(5), |r| {
            buttons(msg(r)).iter().any(|(l, _)| l == "Draw Scene")
        })
        .await;
    let draw = latest_button(&env, "Draw Scene").unwrap();
    assert!(draw == "b:1:s1-draw:/nobi scene", "{draw}");
    let (id, _) = env.press(&ALICE, &draw).await;
    let token = token_of(&id);
    env.fake
        .wait_for("Scene 1", Duration::from_secs(5), |r| {
            text(msg(r)).contains("Scene 1")
                && (r.path.contains(&token) || r.path.starts_with("/channels/"))
        })
        .await;
    // The same button is retired now; a press that crossed the edit is refused.
    assert_eq!(env.fake.disabled(CHAN, &draw), Some(true));
    let (_, cb) = env.press_raced(&ALICE, &draw).await;
    assert_eq!(flags(msg(&cb)), 64);
    let (id, _) = env.slash(&ALICE, "nobi story", &[]).await;
    let token = token_of(&id);
    let story = env
        .fake
        .wait_for("the story file", Duration::from_secs(5), |r| {
            r.path.contains(&token) && !r.files.is_empty()
        })
        .await;
    assert_eq!(story.files, vec!["nobi-story.md".to_string()]);
    env.stop().await;
}

/// Every text anyone in the channel could see, following Discord's visibility rules as the
/// interactions docs give them: a callback's flags fix the original message's visibility
/// (a deferral included); an edit of `@original` keeps it; a followup sent while a deferral's
/// placeholder is still loading edits that placeholder and keeps its visibility ("The
/// ephemeral flag will be ignored", Create Followup Message); other followups have their own.
fn publicly_visible(env: &Env) -> Vec<String> {
    use std::collections::HashMap;
    // token → (original is private, placeholder still loading)
    let mut originals: HashMap<String, (bool, bool)> = HashMap::new();
    let mut out = vec![];
    for r in env.fake.requests() {
        let parts: Vec<&str> = r.path.trim_matches('/').split('/').collect();
        match (r.method.as_str(), parts.as_slice()) {
            ("POST", ["interactions", _, token, "callback"]) => {
                let private = flags(&r.body["data"]) & 64 != 0;
                let kind = r.body["type"].as_u64().unwrap_or(0);
                originals.insert(token.to_string(), (private, kind == 5));
                if kind == 4 && !private {
                    out.push(text(&r.body["data"]));
                }
            }
            ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
                let (private, _) = originals.get(*token).copied().unwrap_or((false, false));
                originals.insert(token.to_string(), (private, false));
                if !private {
                    out.push(text(&r.body));
                }
            }
            ("POST", ["webhooks", _, token]) => {
                let (private, loading) = originals.get(*token).copied().unwrap_or((false, false));
                let private = if loading {
                    originals.insert(token.to_string(), (private, false));
                    private
                } else {
                    flags(&r.body) & 64 != 0
                };
                if !private {
                    out.push(text(&r.body));
                }
            }
            ("POST", ["channels", ch, "messages"]) if *ch == CHAN.to_string() => {
                out.push(text(&r.body));
            }
            _ => {}
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_private_answer_never_appears_publicly() {
    let (env, _) = probe_env().await;
    env.slash(&ALICE, "probe new", &[]).await;
    // Undeclared, so it may be private: the 2-second action is deferred privately.
    let (id, cb) = env.slash(&ALICE, "probe slow", &[("ms", "2000")]).await;
    assert_eq!(cb.body["type"], 5, "deferred");
    assert_eq!(flags(&cb.body["data"]), 64, "a private placeholder");
    let token = token_of(&id);
    let edit = env
        .fake
        .wait_for("the private answer", Duration::from_secs(10), |r| {
            r.method == "PATCH" && r.path.ends_with(&format!("{token}/messages/@original"))
        })
        .await;
    assert!(text(&edit.body).contains("secret-slow-answer"));
    // Declared public but answering privately too (a wrong declaration): the public
    // placeholder gets the public part, the private part its own ephemeral message.
    let (id, cb) = env.slash(&BOB, "probe peek", &[("ms", "2000")]).await;
    assert_eq!(cb.body["type"], 5, "deferred");
    assert_eq!(flags(&cb.body["data"]), 0, "a public placeholder");
    let token = token_of(&id);
    let private = env
        .fake
        .wait_for("the private part", Duration::from_secs(10), |r| {
            r.method == "POST"
                && r.path.ends_with(&token)
                && text(&r.body).contains("secret-peek-answer")
        })
        .await;
    assert_eq!(flags(&private.body), 64);
    let seen = publicly_visible(&env);
    assert!(seen.iter().any(|t| t.contains("bob peeks")), "{seen:#?}");
    assert!(
        seen.iter().all(|t| !t.contains("secret")),
        "a private text reached the channel: {seen:#?}"
    );
    // The strict fake's own visibility model agrees: no public message ever held a secret.
    let public = env.fake.public_text();
    assert!(public.contains("bob peeks"), "{public}");
    assert!(!public.contains("secret"), "{public}");
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_followup_waits_retry_after_and_arrives_once() {
    let (env, _) = probe_env().await;
    env.slash(&ALICE, "probe new", &[]).await;
    // The answer's second message is a followup; Discord answers it with a 429 first.
    env.fake
        .throttle_next(RouteKind::Followup, Duration::from_millis(1500));
    let (id, cb) = env.slash(&ALICE, "probe peek", &[]).await;
    assert_eq!(cb.body["type"], 4);
    let token = token_of(&id);
    let done = env
        .fake
        .wait_for("the followup after the 429", Duration::from_secs(10), |r| {
            r.method == "POST" && r.path.ends_with(&token) && r.status == 200
        })
        .await;
    let limited = env
        .fake
        .requests()
        .into_iter()
        .find(|r| r.method == "POST" && r.path.ends_with(&token) && r.status == 429)
        .expect("the fake refused the first followup with 429");
    assert!(
        done.at.duration_since(limited.at) >= Duration::from_millis(1500),
        "sent again after {:?}, before retry_after",
        done.at.duration_since(limited.at)
    );
    assert!(env.fake.rate_limit_violations().is_empty());
    let copies = env
        .fake
        .messages()
        .iter()
        .filter(|m| m.text().contains("secret-peek-answer"))
        .count();
    assert_eq!(copies, 1, "the followup appears exactly once");
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_attach_files_permission_is_explained_to_the_roller() {
    let env = Env::start().await;
    let all = support::discord_rules::DEFAULT_BOT_PERMISSIONS;
    env.fake
        .set_bot_permissions(CHAN, all & !support::discord_rules::ATTACH_FILES);
    let (id, _) = env.slash(&ALICE, "roll", &[("expr", "2d6+3")]).await;
    let note = env
        .fake
        .wait_for("the permission note", Duration::from_secs(10), |r| {
            r.method == "POST"
                && r.path.ends_with(&token_of(&id))
                && text(&r.body).contains("Attach Files")
        })
        .await;
    assert_eq!(flags(&note.body), 64, "only the roller is told");
    assert!(text(&note.body).contains("Edit Channel → Permissions"));
    // The interaction's `app_permissions` said so: the answer went without its picture at once.
    let mine = env.fake.for_interaction(&id);
    assert!(
        mine.iter().all(|r| r.status < 400),
        "nothing was refused: {:?}",
        mine.iter().map(|r| (&r.path, r.status)).collect::<Vec<_>>()
    );
    let msgs = env.fake.messages();
    let roll = msgs
        .iter()
        .find(|m| m.visibility == Visibility::Public && m.text().contains("rolls 2d6+3"))
        .expect("the roll still reached the channel, without its picture");
    assert!(roll.files.is_empty());
    assert_eq!(
        msgs.iter()
            .filter(|m| m.text().contains("Attach Files"))
            .count(),
        1,
        "told once"
    );
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_lost_after_the_commit_is_sent_when_the_interaction_comes_again() {
    let env = Env::start().await;
    env.slash(&ALICE, "dice new", &[]).await;
    let (id, payload) = env.fake.slash_payload(CHAN, &BOB, "dice join", &[]);
    // As if a process had committed Bob's join and died before answering (kill -9 between
    // the commit and the reply): the action is in the database, nothing reached Discord.
    {
        let mut t = Table::new(
            Store::open(&env.db).unwrap(),
            env.games.clone(),
            Arc::new(SystemClock),
            SeedMode::Fixed(7),
        );
        let committed = t
            .handle(&croupier::table::Request {
                channel: CHAN.to_string(),
                guild: Some(support::fake_discord::GUILD_ID.to_string()),
                actor: croupier::table::Actor::player(&BOB.id.to_string(), BOB.name),
                request_id: id.clone(),
                locale: Default::default(),
                input: croupier::table::Input::Command(croupier::table::Command::new("dice join")),
            })
            .unwrap();
        assert!(committed.accepted);
    }
    assert!(
        env.fake.for_interaction(&id).is_empty(),
        "nothing was answered"
    );
    env.fake.send_interaction(&id, payload);
    let cb = env.fake.callback(&id).await;
    assert_eq!(cb.status, 204, "the stored answer is sent");
    assert!(text(msg(&cb)).contains("bob"), "{}", text(msg(&cb)));
    let seats = env.state()["state"]["seats"].as_array().unwrap().len();
    assert_eq!(seats, 2, "applied once");
    env.stop().await;
}

/// Autocomplete speaks the typing reader's language: a Japanese client is offered the free
/// Nobi characters by their Japanese names and the Nakama characters by theirs, an English
/// client the English, each within Discord's 100 characters; the values filled in are the
/// English names the commands read, whoever types.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_labels_are_in_the_readers_language_and_values_are_not() {
    let env = Env::start().await;
    env.fake.set_locale(ALICE.id, "ja");
    env.slash(&BOB, "nobi new", &[]).await;
    let choices = |who: &Who, line: &str, option: &str, typed: &str| {
        let id = env
            .fake
            .autocomplete(CHAN, who, line, &[(option, typed)], option);
        let fake = &env.fake;
        async move {
            let cb = fake.callback(&id).await;
            assert_eq!(cb.body["type"], 8);
            cb.body["data"]["choices"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let name = c["name"].as_str().unwrap().to_string();
                    assert!(name.chars().count() <= 100, "{name}");
                    (name, c["value"].as_str().unwrap().to_string())
                })
                .collect::<Vec<_>>()
        }
    };
    let ja = choices(&ALICE, "nobi join", "character", "").await;
    let moss = ja
        .iter()
        .find(|(_, v)| v == "Moss the Hedge Witch")
        .unwrap_or_else(|| panic!("{ja:?}"));
    assert!(
        moss.0
            .starts_with("垣根の魔女モス（魔女、パワー2、テクニック5）· 二番煎じ："),
        "{ja:?}"
    );
    assert!(ja.iter().all(|(name, _)| !name.contains("Witch")), "{ja:?}");
    // Typed in Japanese, found by its Japanese name.
    let typed = choices(&ALICE, "nobi join", "character", "モス").await;
    assert_eq!(typed.len(), 1, "{typed:?}");
    assert_eq!(typed[0].1, "Moss the Hedge Witch");
    let en = choices(&BOB, "nobi join", "character", "moss").await;
    assert_eq!(en.len(), 1, "{en:?}");
    assert_eq!(
        en[0].0,
        "Moss the Hedge Witch (Witch, P2 T5) · Second Brew: If your own check fails, roll the dice once more"
    );
    assert_eq!(en[0].1, "Moss the Hedge Witch");
    // A game's command offered before any table is open (Nakama's characters).
    let ja = choices(&ALICE, "nakama new", "character", "").await;
    assert!(
        ja.contains(&("ゾロ".to_string(), "Zoro".to_string())),
        "{ja:?}"
    );
    let en = choices(&BOB, "nakama new", "character", "zo").await;
    assert_eq!(en, vec![("Zoro".to_string(), "Zoro".to_string())]);
    env.stop().await;
}
