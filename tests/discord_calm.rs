//! Calm channels through the real bot and the strict fake Discord: a press that settles
//! something retires (disables) the settled buttons of its message by UPDATE_MESSAGE; a
//! decision settled by a typed command retires the button that offered it; another player's
//! press in between changes nothing; a stale press is refused and changes nothing.

mod support;

use std::time::Duration;

use support::bot::{button, flags, msg, text, Env, ALICE, BOB, CHAN};
use support::fake_discord::Recorded;

/// Waits for a channel message in CHAN whose text contains `needle`.
async fn channel_message(env: &Env, needle: &str) -> Recorded {
    let path = format!("/channels/{CHAN}/messages");
    env.fake
        .wait_for(
            &format!("a channel message with `{needle}`"),
            Duration::from_secs(10),
            |r| r.method == "POST" && r.path == path && text(&r.body).contains(needle),
        )
        .await
}

/// Waits until the component `id` is disabled on its message.
async fn retired(env: &Env, id: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while env.fake.disabled(CHAN, id) != Some(true) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "`{id}` was not retired: {:?}",
            env.fake.disabled(CHAN, id)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Alice and Bob at a one-round dice table, Alice to roll: the turn message's Roll button.
async fn two_at_the_table(env: &Env) -> String {
    env.slash(&ALICE, "dice new", &[("expr", "1d6"), ("rounds", "1")])
        .await;
    env.slash(&BOB, "dice join", &[]).await;
    env.slash(&ALICE, "dice start", &[]).await;
    let turn = channel_message(env, "Round 1/1").await;
    button(&turn.body, "Roll")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_retires_its_button_another_players_press_in_between_changes_nothing_and_a_stale_press_is_refused(
) {
    let mut env = Env::start().await;
    let roll = two_at_the_table(&env).await;
    // Bob presses Alice's button first: refused privately, a plain answer (no update), and
    // the button stays live for Alice.
    let before = env.state();
    let (id, cb) = env.press(&BOB, &roll).await;
    assert_eq!(env.fake.callback(&id).await.body["type"], 4);
    assert_eq!(flags(msg(&cb)), 64);
    assert!(
        text(msg(&cb)).contains("alice's turn"),
        "{}",
        text(msg(&cb))
    );
    assert_eq!(env.state(), before);
    assert_eq!(env.fake.disabled(CHAN, &roll), Some(false));
    // Alice presses it: the press updates its own message (type 7), disabling her Roll, and
    // the result follows as a public channel message.
    let (id, cb) = env.press(&ALICE, &roll).await;
    let update = env.fake.callback(&id).await;
    assert_eq!(update.body["type"], 7, "{}", update.body);
    let sent = &update.body["data"]["components"][0]["components"][0];
    assert_eq!(sent["custom_id"], roll.as_str());
    assert_eq!(sent["disabled"], true, "{}", update.body);
    assert_eq!(env.fake.disabled(CHAN, &roll), Some(true));
    assert_eq!(flags(msg(&cb)), 0);
    assert!(
        text(msg(&cb)).contains("alice rolls 1d6"),
        "{}",
        text(msg(&cb))
    );
    // Her message keeps its text: only the button changed.
    let carrying = env
        .fake
        .messages()
        .into_iter()
        .find(|m| m.components.iter().any(|r| r.to_string().contains(&roll)))
        .expect("the turn message");
    assert!(
        carrying.content.contains(&ALICE.id.to_string()),
        "{}",
        carrying.content
    );
    // A press that crossed the edit (a client that had not seen it yet) is refused with what
    // settled it, and changes nothing.
    let before = env.state();
    let id = env.fake.press_raced(CHAN, &ALICE, &roll, &[]);
    let cb = env.answer(&id).await;
    assert_eq!(flags(msg(&cb)), 64);
    assert!(
        text(msg(&cb)).contains("already settled"),
        "{}",
        text(msg(&cb))
    );
    assert_eq!(env.state(), before);
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_roll_typed_instead_of_pressed_retires_the_button_that_offered_it() {
    let mut env = Env::start().await;
    let roll = two_at_the_table(&env).await;
    let (_, cb) = env.slash(&ALICE, "dice roll", &[]).await;
    assert!(text(msg(&cb)).contains("alice rolls"), "{}", text(msg(&cb)));
    retired(&env, &roll).await;
    // Bob's turn message came after, with a live button of its own; Bob types too.
    let turn = channel_message(&env, &format!("<@{}>, your roll", BOB.id)).await;
    let bobs = button(&turn.body, "Roll");
    assert_eq!(env.fake.disabled(CHAN, &bobs), Some(false));
    env.slash(&BOB, "dice roll", &[]).await;
    retired(&env, &bobs).await;
    // The edits went through the channel's message route and kept each message's text.
    let edits: Vec<Recorded> = env
        .fake
        .requests()
        .into_iter()
        .filter(|r| {
            r.method == "PATCH" && r.path.starts_with(&format!("/channels/{CHAN}/messages/"))
        })
        .collect();
    assert_eq!(edits.len(), 2, "one edit per retired message: {edits:?}");
    assert!(edits
        .iter()
        .all(|e| e.body.get("content").is_none() && e.status == 200));
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_press_retires_its_button_by_editing_the_message() {
    let mut env = Env::start_configured(
        support::fake_gateway::GatewayOptions::new(
            support::fake_discord::TOKEN,
            vec![support::fake_discord::GUILD_ID],
        ),
        |c| c.defer_after = Duration::ZERO,
    )
    .await;
    let roll = two_at_the_table(&env).await;
    let (id, cb) = env.press(&ALICE, &roll).await;
    assert_eq!(env.fake.callback(&id).await.body["type"], 5, "deferred");
    assert!(text(msg(&cb)).contains("alice rolls"), "{}", text(msg(&cb)));
    retired(&env, &roll).await;
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gms_view_of_a_fight_is_one_direct_message_edited_as_players_act() {
    use support::bot::{all_text, GM};
    let mut env = Env::start().await;
    for (who, name) in [(&ALICE, "Ayla"), (&BOB, "Bolt")] {
        env.slash(
            who,
            "nw character new",
            &[("name", name), ("quick", "true")],
        )
        .await;
    }
    env.slash(&GM, "nw new", &[]).await;
    for who in [&ALICE, &BOB] {
        env.slash(who, "nw session join", &[]).await;
        env.slash(who, "nw session lock", &[]).await;
    }
    env.slash(&GM, "nwenemy spawn", &[("name", "shade_swarm")])
        .await;
    env.slash(
        &GM,
        "nwenemy spawn",
        &[
            ("name", "lantern_emulator"),
            ("as", "Lantern"),
            ("hidden", "true"),
            ("hp", "6"),
        ],
    )
    .await;
    let (_, cb) = env.slash(&GM, "nwcombat start", &[]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    env.slash(
        &GM,
        "nwcombat engage",
        &[("a", "Bolt"), ("b", "Shade Swarm")],
    )
    .await;
    // Players act (whoever's turn it is; a refusal changes nothing and shows no view).
    let mark = env.fake.mark();
    let mut acted = 0;
    for (who, line, opts) in [
        (&ALICE, "nwcombat invade", vec![("target", "Bolt")]),
        (&BOB, "nwcombat attack", vec![("target", "Lantern")]),
        (&ALICE, "nwcombat attack", vec![("target", "Shade Swarm")]),
        (&BOB, "nwcombat attack", vec![("target", "Shade Swarm")]),
    ] {
        let (_, cb) = env.slash(who, line, &opts).await;
        if !text(msg(&cb)).contains('⛔') {
            acted += 1;
        }
    }
    assert!(
        acted >= 2,
        "two players' actions were accepted: {}",
        all_text(&env.sent_since(mark))
    );
    env.stop().await;
    // The GM's DM channel is the one opened for the GM; every GM view went there.
    let requests = env.fake.requests();
    let chan = format!("/channels/{CHAN}/messages");
    let dm_posts: Vec<&Recorded> = requests
        .iter()
        .filter(|r| {
            r.method == "POST"
                && r.path.starts_with("/channels/")
                && !r.path.starts_with(&chan)
                && text(&r.body).contains("(GM view)")
        })
        .collect();
    assert_eq!(dm_posts.len(), 1, "one standing DM: {dm_posts:#?}");
    let dm = dm_posts[0].path.clone();
    let edits = requests
        .iter()
        .filter(|r| {
            r.method == "PATCH"
                && r.path.starts_with(&format!("{dm}/"))
                && text(&r.body).contains("(GM view)")
                && r.status == 200
        })
        .count();
    assert!(edits >= 1, "the standing DM is edited as players act");
    // The players never see the hidden enemy.
    for r in env.sent_since(0) {
        if r.path == chan || (r.path.contains("/callback") && support::bot::flags(msg(&r)) == 0) {
            assert!(
                !text(msg(&r)).contains("Lantern"),
                "hidden enemy leaked: {}",
                text(msg(&r))
            );
        }
    }
}
