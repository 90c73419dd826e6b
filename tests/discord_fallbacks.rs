//! A carelessly configured channel: with Embed Links, Attach Files or Send Messages removed
//! (the strict fake refuses or strips what Discord would), every game still plays, answers
//! arrive as plain text or without their pictures, the Night Wizard tracker comes as a normal
//! answer, and each person who acts is told what is missing, once per action.

mod support;

use std::time::Duration;

use support::bot::{button, msg, text, Env, ALICE, BOB, CHAN, GM};
use support::discord_rules::{ATTACH_FILES, DEFAULT_BOT_PERMISSIONS, EMBED_LINKS, SEND_MESSAGES};
use support::fake_discord::Recorded;

/// The permission notes sent for interaction `id` (they name what Croupier needs).
fn notes(env: &Env, id: &str) -> Vec<String> {
    env.fake
        .for_interaction(id)
        .into_iter()
        .filter(|r| r.method == "POST" && r.status < 300)
        .map(|r| text(msg(&r)))
        .filter(|t| t.contains("Croupier needs"))
        .collect()
}

/// Waits until interaction `id` has sent its permission note (sent after the answer).
async fn told(env: &Env, id: &str, perm: &str) -> String {
    let token = support::fake_discord::token_of(id);
    let note = env
        .fake
        .wait_for(
            &format!("the note naming {perm}"),
            Duration::from_secs(10),
            |r| {
                r.method == "POST"
                    && r.path.contains(&token)
                    && r.status < 300
                    && text(msg(r)).contains("Croupier needs")
            },
        )
        .await;
    let t = text(msg(&note));
    assert!(t.contains(&format!("**{perm}**")), "{t}");
    assert_eq!(msg(&note)["flags"], 64, "only the person who acted is told");
    t
}

/// Every answer of interaction `id` that reached Discord: none carries an embed.
fn no_embeds(env: &Env, id: &str) {
    for r in env.fake.for_interaction(id) {
        if r.status < 300 {
            assert!(
                msg(&r)["embeds"].as_array().is_none_or(|e| e.is_empty()),
                "an embed was sent without Embed Links: {}",
                msg(&r)
            );
        }
    }
}

fn refused(env: &Env, id: &str) -> Vec<Recorded> {
    env.fake
        .for_interaction(id)
        .into_iter()
        .filter(|r| r.status >= 400)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_embed_links_every_answer_is_plain_text_and_each_actor_is_told_once() {
    let mut env = Env::start().await;
    env.fake
        .set_bot_permissions(CHAN, DEFAULT_BOT_PERMISSIONS & !EMBED_LINKS);
    // /roll: the roll as text (not only its picture).
    let (id, cb) = env.slash(&ALICE, "roll", &[("expr", "2d6+3")]).await;
    let t = text(msg(&cb));
    assert!(t.contains("rolls 2d6+3"), "{t}");
    told(&env, &id, "Embed Links").await;
    no_embeds(&env, &id);
    // /help: answered, in plain text.
    let (id, cb) = env.slash(&BOB, "help", &[]).await;
    assert!(cb.status < 300, "{}", cb.body);
    assert!(text(msg(&cb)).contains("/roll"), "{}", text(msg(&cb)));
    told(&env, &id, "Embed Links").await;
    no_embeds(&env, &id);
    // A dice table: opened with its explanation and a Join button, and played by two.
    let (open, cb) = env.slash(&ALICE, "dice new", &[]).await;
    assert!(text(msg(&cb)).len() > 20, "{}", text(msg(&cb)));
    let join = button(msg(&cb), "Join");
    let (joined, cb) = env.press(&BOB, &join).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    env.slash(&ALICE, "dice start", &[]).await;
    let (rolled, _) = env.slash(&ALICE, "dice roll", &[]).await;
    env.stop().await;
    for id in [&open, &joined, &rolled] {
        no_embeds(&env, id);
        assert!(refused(&env, id).is_empty(), "{:?}", refused(&env, id));
    }
    assert_eq!(env.state()["state"]["seats"].as_array().unwrap().len(), 2);
    // Each person who acted was told, once for each action; nobody else.
    for id in [&open, &joined, &rolled] {
        let n = notes(&env, id);
        assert_eq!(n.len(), 1, "{n:?}");
        assert!(n[0].contains("**Embed Links**"), "{}", n[0]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_attach_files_rolls_and_boards_come_without_pictures_and_say_so_once() {
    let mut env = Env::start().await;
    env.fake
        .set_bot_permissions(CHAN, DEFAULT_BOT_PERMISSIONS & !ATTACH_FILES);
    let (id, cb) = env.slash(&ALICE, "roll", &[("expr", "3d6")]).await;
    assert!(text(msg(&cb)).contains("rolls 3d6"), "{}", text(msg(&cb)));
    assert!(cb.files.is_empty());
    told(&env, &id, "Attach Files").await;
    // The embed stays (Embed Links is granted), without a picture it cannot show.
    assert!(msg(&cb)["embeds"][0]["image"].is_null(), "{}", msg(&cb));
    let (open, _) = env.slash(&ALICE, "dice new", &[]).await;
    let (joined, _) = env.slash(&BOB, "dice join", &[]).await;
    let (status, cb) = env.slash(&BOB, "game status", &[]).await;
    assert!(cb.status < 300);
    env.stop().await;
    for id in [&id, &open, &joined, &status] {
        assert!(refused(&env, id).is_empty(), "{:?}", refused(&env, id));
        assert!(
            env.fake
                .for_interaction(id)
                .iter()
                .all(|r| r.files.is_empty()),
            "a file was sent without Attach Files"
        );
        assert!(notes(&env, id).len() <= 1, "{:?}", notes(&env, id));
    }
    assert_eq!(notes(&env, &id).len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_send_messages_the_tracker_and_pings_come_through_the_interaction() {
    let mut env = Env::start().await;
    env.fake
        .set_bot_permissions(CHAN, DEFAULT_BOT_PERMISSIONS & !SEND_MESSAGES);
    env.slash(
        &ALICE,
        "nw character new",
        &[("name", "Bolt"), ("quick", "true")],
    )
    .await;
    env.slash(&GM, "nw new", &[]).await;
    env.slash(&ALICE, "nw session join", &[]).await;
    env.slash(&GM, "nwenemy spawn", &[("name", "Shade Swarm")])
        .await;
    let (start, cb) = env.slash(&GM, "nwcombat start", &[]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    // The tracker could not stand in the channel: it came as a followup of the GM's command.
    let token = support::fake_discord::token_of(&start);
    env.fake
        .wait_for("the tracker as a followup", Duration::from_secs(10), |r| {
            r.method == "POST"
                && r.path.contains(&token)
                && r.status < 300
                && text(msg(r)).contains("⚔️ Round 1")
        })
        .await;
    told(&env, &start, "Send Messages").await;
    // The combat goes on.
    let (end, cb) = env.slash(&GM, "nwcombat end", &[]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    env.stop().await;
    assert_eq!(notes(&env, &start).len(), 1, "{:?}", notes(&env, &start));
    assert!(notes(&env, &end).len() <= 1);
    assert!(
        !env.fake.messages().iter().any(|m| m.pinned),
        "nothing could be posted, so nothing is pinned"
    );
}

/// `/game check` reads Pin Messages (1 << 51) from the interaction's own permission bits:
/// serenity's reading drops that bit, the raw payload has it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_check_reads_pin_messages_from_the_raw_permissions() {
    let mut env = Env::start().await;
    let pin = support::discord_rules::PIN_MESSAGES;
    env.fake
        .set_bot_permissions(CHAN, DEFAULT_BOT_PERMISSIONS | pin);
    let (_, cb) = env.slash(&ALICE, "game check", &[]).await;
    let t = text(msg(&cb));
    assert!(t.contains("✅ Pin Messages"), "{t}");
    env.fake.set_bot_permissions(CHAN, DEFAULT_BOT_PERMISSIONS);
    let (_, cb) = env.slash(&ALICE, "game check", &[]).await;
    let t = text(msg(&cb));
    assert!(t.contains("➖ Pin Messages"), "{t}");
    assert!(!t.contains('❔'), "every bit is known: {t}");
    env.stop().await;
}

/// After a public "thinking…", a request the database could not save says so in that
/// placeholder (publicly: a failure holds no secret), naming the cause, instead of a line
/// suggesting it was answered privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failure_after_a_public_deferral_fills_the_placeholder_with_what_happened() {
    let mut env = Env::start_configured(
        support::fake_gateway::GatewayOptions::new(
            support::fake_discord::TOKEN,
            vec![support::fake_discord::GUILD_ID],
        ),
        |c| c.defer_after = Duration::ZERO,
    )
    .await;
    // Another process holds the database's write lock for longer than the bot waits (10 s).
    let lock = rusqlite::Connection::open(env.db()).unwrap();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let id = env.fake.slash(CHAN, &ALICE, "roll", &[("expr", "1d6")]);
    let cb = env.fake.callback(&id).await;
    assert_eq!(cb.body["type"], 5, "deferred");
    assert_eq!(
        cb.body["data"]["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "publicly"
    );
    let token = support::fake_discord::token_of(&id);
    let edit = env
        .fake
        .wait_for("the placeholder's edit", Duration::from_secs(30), |r| {
            r.method == "PATCH" && r.path.contains(&token) && r.path.ends_with("@original")
        })
        .await;
    lock.execute_batch("ROLLBACK").unwrap();
    let t = text(&edit.body);
    assert!(t.contains("busy"), "{t}");
    assert!(t.contains("nothing was changed"), "{t}");
    assert!(!t.contains("answered privately"), "{t}");
    env.stop().await;
}
