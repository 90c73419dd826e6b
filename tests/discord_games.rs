//! A few turns of every game through the real bot and the fake Discord: hidden hands stay
//! private, buttons and menus run the game's commands, and a press by the wrong player is
//! refused privately without changing anything.

mod support;

use std::time::Duration;

use serde_json::Value;
use support::bot::{
    all_text, button, flags, latest_button, menus, msg, text, Env, ALICE, BOB, CAROL, CHAN, GM,
};
use support::fake_discord::{Recorded, Who};

/// Asserts an answer is private (flag 64) and returns its text.
fn private(cb: &Recorded) -> String {
    let m = msg(cb);
    assert_eq!(flags(m), 64, "expected a private answer: {}", text(m));
    text(m)
}

/// Asserts an answer is public and not a refusal; returns its text.
fn public(cb: &Recorded) -> String {
    let m = msg(cb);
    let t = text(m);
    assert_eq!(flags(m), 0, "expected a public answer: {t}");
    assert!(!t.contains('⛔'), "refused: {t}");
    t
}

/// Waits until the text of everything sent after `mark` satisfies `done`; returns what was sent.
async fn wait_until(
    env: &Env,
    mark: usize,
    what: &str,
    done: impl Fn(&str) -> bool,
) -> Vec<Recorded> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let sent = env.sent_since(mark);
        if done(&all_text(&sent)) {
            return sent;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out waiting for {what}; sent:\n{}",
            all_text(&sent)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Waits until something sent after `mark` has `needle` in its text; returns what was sent.
async fn wait_text(env: &Env, mark: usize, needle: &str) -> Vec<Recorded> {
    wait_until(env, mark, &format!("`{needle}`"), |t| t.contains(needle)).await
}

/// The labels and values of the first select menu in a message.
fn menu_options(m: &Value) -> (String, Vec<(String, String)>) {
    let menu = menus(m)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no menu in {m}"));
    let options = menu["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["label"].as_str().unwrap().to_string(),
                o["value"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (menu["custom_id"].as_str().unwrap().to_string(), options)
}

/// The full text and component ids of a message, for leak checks.
fn everything(r: &Recorded) -> String {
    format!("{}\n{}", text(msg(r)), msg(r)["components"])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nakama_hands_stay_private_and_a_recruit_runs_from_the_hand_menu() {
    let mut env = Env::start().await;
    let (_, cb) = env
        .slash(&ALICE, "nakama new", &[("character", "Luffy")])
        .await;
    public(&cb);
    let (_, cb) = env
        .slash(&BOB, "nakama join", &[("character", "Zoro")])
        .await;
    public(&cb);
    let mark = env.fake.mark();
    let (_, cb) = env.slash(&ALICE, "nakama begin", &[]).await;
    assert!(public(&cb).contains("The adventure begins!"));
    // Alice (Luffy) starts: her hand comes to her alone, as a followup of her own command.
    let sent = wait_text(&env, mark, "Your hand").await;
    let dealt = sent
        .iter()
        .find(|r| text(msg(r)).contains("Your hand"))
        .unwrap();
    assert_eq!(flags(msg(dealt)), 64, "the dealt hand is ephemeral");

    // `/nakama hand`: private, with a menu to recruit from.
    let (_, cb) = env.slash(&ALICE, "nakama hand", &[]).await;
    let hand = private(&cb);
    assert!(hand.contains("Your hand (only you see this)"), "{hand}");
    let (menu, options) = menu_options(msg(&cb));
    assert!(
        menu.starts_with("m:1:t1-recruit-5:") && menu.ends_with(":/nakama recruit"),
        "the menu answers Alice's first recruit: {menu}"
    );
    assert!(menu.starts_with("m:"), "{menu}");
    assert!(options.len() >= 4, "{options:?}");
    for (label, _) in &options {
        assert!(hand.contains(label.as_str()), "{label} is listed in {hand}");
    }
    // Bob sees his own hand, privately too, without a menu (not his turn).
    let (_, cb) = env.slash(&BOB, "nakama hand", &[]).await;
    let bob_hand = private(&cb);
    assert!(menus(msg(&cb)).is_empty(), "no recruit menu out of turn");
    assert!(
        bob_hand.contains("Your hand (only you see this)"),
        "{bob_hand}"
    );
    for (label, _) in &options {
        assert!(
            !bob_hand.contains(label.as_str()),
            "{label} is Alice's: {bob_hand}"
        );
    }

    // Bob may not use Alice's menu.
    let before = env.state();
    let (_, cb) = env.pick(&BOB, &menu, &[&options[0].1]).await;
    assert!(private(&cb).contains('⛔'), "{}", text(msg(&cb)));
    assert_eq!(env.state(), before, "a refused pick changes nothing");

    // Alice picks her first card: the column buttons come privately, then Column 2 recruits.
    let (picked_label, picked) = options[0].clone();
    let (_, cb) = env.pick(&ALICE, &menu, &[&picked]).await;
    let ask = private(&cb);
    assert!(ask.contains(&format!("Recruit {picked_label}")), "{ask}");
    let column = button(msg(&cb), "Column 2");
    let mark = env.fake.mark();
    let (_, cb) = env.press(&ALICE, &column).await;
    let said = public(&cb);
    assert!(
        said.contains(&format!("alice recruits **{picked_label}")) && said.contains("column 2"),
        "{said}"
    );
    // Column 2 held its starting friend; the recruit is on top of it now.
    let columns = &env.state()["state"]["columns"];
    assert_eq!(columns[1].as_array().map(Vec::len), Some(2), "{columns}");

    // Play out the rest of Alice's turn (ability, discard) until Bob is asked to recruit.
    for _ in 0..8 {
        let st = env.state();
        if st["state"]["turn"] == 1 {
            break;
        }
        let step = st["state"]["step"].to_string();
        if step.contains("Discard") {
            let (_, cb) = env.slash(&ALICE, "nakama hand", &[]).await;
            let (discard, opts) = menu_options(msg(&cb));
            assert!(discard.ends_with(":/nakama discard"), "{discard}");
            env.pick(&ALICE, &discard, &[&opts[0].1]).await;
        } else if step.contains("React") {
            // The reaction step (on by default): Alice's Continue starts Combat.
            let (_, cb) = env.slash(&ALICE, "nakama continue", &[]).await;
            assert!(!text(msg(&cb)).contains('⛔'), "{step}: {}", text(msg(&cb)));
        } else {
            let (_, cb) = env.slash(&ALICE, "nakama skip", &[]).await;
            assert!(!text(msg(&cb)).contains('⛔'), "{step}: {}", text(msg(&cb)));
        }
    }
    assert_eq!(env.state()["state"]["turn"], 1, "bob's turn");
    wait_text(&env, mark, &format!("<@{}>, recruit a friend", BOB.id)).await;
    // Bob's hand went to him by DM, not to the channel.
    let bob_id = BOB.id.to_string();
    env.fake
        .wait_for("a DM to bob", Duration::from_secs(5), |r| {
            r.path == "/users/@me/channels" && r.body["recipient_id"] == bob_id.as_str()
        })
        .await;

    // The cards still in both hands never reached anything public.
    let (_, cb) = env.slash(&ALICE, "nakama hand", &[]).await;
    let alice_now = private(&cb);
    let (_, cb) = env.slash(&BOB, "nakama hand", &[]).await;
    let (_, bob_cards) = menu_options(msg(&cb));
    let bob_now = private(&cb);
    let mut hidden: Vec<(String, String)> = bob_cards;
    hidden.extend(
        options
            .iter()
            .filter(|(l, _)| alice_now.contains(l.as_str()))
            .cloned(),
    );
    assert!(hidden.len() >= 6, "{hidden:?}\n{bob_now}");
    env.stop().await;
    let public = env.public_messages();
    assert!(
        public
            .iter()
            .any(|r| text(msg(r)).contains(picked_label.as_str())),
        "the recruited card is public now, so the check below reads the public messages"
    );
    for r in &public {
        let all = everything(r);
        for (label, id) in &hidden {
            assert!(
                !all.contains(label.as_str()) && !all.contains(id.as_str()),
                "hidden card {label} ({id}) in a public message to {}:\n{all}",
                r.path
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ninja_roster_tournament_run_by_roll_buttons_and_score_sheet() {
    let mut env = Env::start().await;
    // The roster works without a tournament in the channel.
    let (_, cb) = env
        .slash(
            &ALICE,
            "ninja create",
            &[("name", "Fox"), ("iq", "14"), ("dx", "13"), ("st", "13")],
        )
        .await;
    let made = text(msg(&cb));
    assert!(made.contains("Fox") && !made.contains('⛔'), "{made}");
    let (_, cb) = env
        .slash(
            &BOB,
            "ninja create",
            &[("name", "Moss"), ("iq", "12"), ("dx", "16"), ("st", "12")],
        )
        .await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    let (_, cb) = env.slash(&BOB, "ninja roster", &[]).await;
    let roster = text(msg(&cb));
    assert!(
        roster.contains("Fox") && roster.contains("Moss"),
        "{roster}"
    );
    let (_, cb) = env.slash(&ALICE, "ninja sheet", &[("name", "Fox")]).await;
    assert!(text(msg(&cb)).contains("Fox"), "{}", text(msg(&cb)));

    // A tournament: the GM opens it, the owners enter, house ninjas fill the field.
    let (_, cb) = env.slash(&GM, "ninja new", &[]).await;
    public(&cb);
    let (_, cb) = env.slash(&ALICE, "ninja enter", &[("name", "Fox")]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    let (_, cb) = env.slash(&BOB, "ninja enter", &[("name", "Moss")]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    let (_, cb) = env.slash(&BOB, "ninja enter", &[("name", "Fox")]).await;
    assert!(private(&cb).contains('⛔'), "only the owner enters a ninja");
    let (_, cb) = env.slash(&GM, "ninja fill", &[]).await;
    assert!(text(msg(&cb)).contains("house ninja"), "{}", text(msg(&cb)));
    let mark = env.fake.mark();
    let (_, cb) = env.slash(&GM, "ninja start", &[]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    wait_text(&env, mark, "running order").await;
    let run = wait_for_button(&env, mark, "Run").await;

    // Bob may not run Alice's ninja.
    let before = env.state();
    let (_, cb) = env.press(&BOB, &run).await;
    assert!(
        private(&cb).contains("only they (or the GM)"),
        "{}",
        text(msg(&cb))
    );
    assert_eq!(env.state(), before);

    // Alice runs Fox turn by turn with the Roll buttons; each turn is posted in the channel.
    let mark = env.fake.mark();
    env.press(&ALICE, &run).await;
    let first = wait_for_button(&env, mark, "Roll").await;
    let mut roll = first.clone();
    for turn in 1..=3 {
        let mark = env.fake.mark();
        let (_, cb) = env.press(&ALICE, &roll).await;
        assert_eq!(flags(msg(&cb)), 0, "{}", text(msg(&cb)));
        let sent = wait_text(&env, mark, &format!("T{turn} · ")).await;
        assert!(all_text(&sent).contains(" vs "), "{}", all_text(&sent));
        let sent = if latest_button(&sent, "Use luck").is_some() {
            let mark = env.fake.mark();
            env.slash(&ALICE, "ninja luck", &[("choice", "skip")]).await;
            wait_for_button(&env, mark, "Roll").await;
            env.sent_since(mark)
        } else {
            sent
        };
        roll = latest_button(&sent, "Roll").expect("a Roll button for the next turn");
    }
    assert_ne!(roll, first, "every turn brings a fresh button");
    // The first turn's button is settled now: retired (disabled) on its message, and a press
    // that crossed the edit is refused privately, changing nothing.
    assert_eq!(env.fake.disabled(CHAN, &first), Some(true));
    let before = env.state();
    let id = env.fake.press_raced(CHAN, &ALICE, &first, &[]);
    let cb = env.answer(&id).await;
    assert!(
        private(&cb).contains("turn 1 in round 1**, which is already settled"),
        "{}",
        text(msg(&cb))
    );
    assert_eq!(env.state(), before);

    // The score sheet shows Fox's boxes.
    let (_, cb) = env.slash(&CAROL, "ninja sheet", &[]).await;
    let sheet = text(msg(&cb));
    assert!(sheet.contains("Score sheet"), "{sheet}");
    assert!(
        sheet.contains("1. Fox") && sheet.contains("2. Moss"),
        "{sheet}"
    );
    assert!(
        sheet.contains("lr:"),
        "Fox's boxes on the rolling log run: {sheet}"
    );
    env.stop().await;
}

/// Waits for a button labelled `label` in something sent after `mark`.
async fn wait_for_button(env: &Env, mark: usize, label: &str) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(b) = latest_button(&env.sent_since(mark), label) {
            return b;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no `{label}` button:\n{}",
            all_text(&env.sent_since(mark))
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn night_wizard_quick_character_session_judges_and_a_secret_judge_for_the_gm() {
    let mut env = Env::start().await;
    let (_, cb) = env
        .slash(
            &ALICE,
            "nw character new",
            &[("name", "Bolt"), ("quick", "true")],
        )
        .await;
    let made = text(msg(&cb));
    assert!(made.contains("made Bolt"), "{made}");
    let (_, cb) = env.slash(&GM, "nw new", &[]).await;
    public(&cb);
    let mark = env.fake.mark();
    let (_, cb) = env.slash(&ALICE, "nw session join", &[]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    let lock = wait_for_button(&env, mark, "Lock").await;
    let (_, cb) = env.press(&ALICE, &lock).await;
    let locked = text(msg(&cb));
    assert!(locked.contains("Bolt locks Critical"), "{locked}");

    // A Judge: public, with the chance first and the dice line.
    let (_, cb) = env
        .slash(
            &ALICE,
            "nw judge",
            &[("stat", "pacc"), ("difficulty", "12")],
        )
        .await;
    let judge = public(&cb);
    assert!(judge.contains("Chance of success:"), "{judge}");
    assert!(judge.contains("(2D6+"), "{judge}");

    // The GM's secret Judge: only the GM sees the dice; the channel learns only that it happened.
    let mark = env.fake.mark();
    let (id, cb) = env
        .slash(
            &GM,
            "nw judge",
            &[
                ("stat", "none"),
                ("modifier", "8"),
                ("difficulty", "12"),
                ("secret", "true"),
            ],
        )
        .await;
    let gm_sees = private(&cb);
    assert!(gm_sees.contains("(2D6+8)"), "{gm_sees}");
    env.stop().await;
    let token = support::fake_discord::token_of(&id);
    let sent = env.sent_since(mark);
    let mut told = false;
    for r in &sent {
        let t = text(msg(r));
        if flags(msg(r)) & 64 == 0 {
            assert!(
                !t.contains("(2D6+8)"),
                "the secret Judge leaked to {}: {t}",
                r.path
            );
            assert!(
                r.path.contains(&token) || r.path == format!("/channels/{CHAN}/messages"),
                "a public message outside the channel: {}",
                r.path
            );
            told |= t.contains("rolls a secret Judge");
        }
    }
    assert!(told, "the table hears that a secret Judge was rolled");
    assert!(
        !sent.iter().any(|r| r.path == "/users/@me/channels"),
        "the GM rolled it: no DM needed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn night_wizard_players_secret_judge_goes_to_the_player_and_by_dm_to_the_gm() {
    let mut env = Env::start().await;
    env.slash(
        &ALICE,
        "nw character new",
        &[("name", "Bolt"), ("quick", "true")],
    )
    .await;
    env.slash(&GM, "nw new", &[]).await;
    env.slash(&ALICE, "nw session join", &[]).await;
    env.slash(&ALICE, "nw session lock", &[]).await;
    let mark = env.fake.mark();
    let (_, cb) = env
        .slash(
            &ALICE,
            "nw judge",
            &[("stat", "pacc"), ("difficulty", "12"), ("secret", "true")],
        )
        .await;
    let mine = private(&cb);
    assert!(mine.contains("(2D6+"), "{mine}");
    let open = env
        .fake
        .wait_for("a DM to the GM", Duration::from_secs(5), |r| {
            r.path == "/users/@me/channels"
        })
        .await;
    assert_eq!(open.body["recipient_id"], GM.id.to_string());
    env.stop().await;
    let chan = format!("/channels/{CHAN}/messages");
    let (mut to_gm, mut told) = (false, false);
    for r in env.sent_since(mark) {
        let t = text(msg(&r));
        let dm = r.path.starts_with("/channels/") && r.path != chan;
        if dm {
            to_gm |= t.contains("(2D6+") && t.contains(&format!("<#{CHAN}>"));
        } else if flags(msg(&r)) & 64 == 0 {
            assert!(
                !t.contains("(2D6+"),
                "the secret Judge leaked to {}: {t}",
                r.path
            );
            told |= t.contains("rolls a secret Judge");
        }
    }
    assert!(to_gm, "the GM's DM has the dice and names the channel");
    assert!(told, "the table hears that a secret Judge was rolled");
}

/// `gm` presses `draw` for Scene number `scene`; returns what was sent until its prompt, the
/// Main Character it names and what it asks of them.
async fn draw_scene(
    env: &Env,
    gm: &Who,
    draw: &str,
    scene: u32,
) -> (Vec<Recorded>, &'static Who, String) {
    let mark = env.fake.mark();
    env.press(gm, draw).await;
    let sent = wait_until(env, mark, "the Scene and its prompt", |t| {
        t.contains(&format!("Scene {scene}"))
            && (t.contains("announce Abilities") || t.contains("say what your character does"))
    })
    .await;
    let t = all_text(&sent);
    assert!(t.contains(&format!("GM: {}", gm.name)), "{t}");
    let (main, what) = prompted(&t).unwrap_or_else(|| panic!("no prompt in {t}"));
    let main = who(main);
    assert_ne!(main.id, gm.id, "the Main Character is another player");
    (sent, main, what)
}

/// Opens a three-player Nobi Nobi table with Alice as the first GM.
async fn nobi_three(env: &Env) {
    let (_, cb) = env.slash(&ALICE, "nobi new", &[]).await;
    public(&cb);
    for (who, ch) in [(&ALICE, "moss"), (&BOB, "aldra"), (&CAROL, "lark")] {
        let (_, cb) = env.slash(who, "nobi join", &[("character", ch)]).await;
        public(&cb);
    }
    let (_, cb) = env
        .slash(&ALICE, "nobi begin", &[("gm", &ALICE.id.to_string())])
        .await;
    assert!(
        text(msg(&cb)).contains("3 players: regular play"),
        "{}",
        text(msg(&cb))
    );
}

/// The player named in the last `➡️ <@id>, …` prompt of `t`.
fn prompted(t: &str) -> Option<(u64, String)> {
    t.lines().rev().find_map(|l| {
        let rest = l.split("➡️ <@").nth(1)?;
        let (id, what) = rest.split_once(">, ")?;
        Some((id.parse().ok()?, what.to_string()))
    })
}

fn who(id: u64) -> &'static Who {
    [&ALICE, &BOB, &CAROL]
        .into_iter()
        .find(|w| w.id == id)
        .unwrap_or_else(|| panic!("unknown player {id}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobi_three_players_play_scenes_with_draw_and_roll_buttons() {
    let mut env = Env::start().await;
    let mark = env.fake.mark();
    nobi_three(&env).await;
    let sent = wait_text(&env, mark, "draw the next Scene").await;
    let mut draw = latest_button(&sent, "Draw Scene").expect("a Draw Scene button");
    let mut gm = &ALICE;
    let mut rolled = 0;
    for scene in 1..=3 {
        let (sent, main, what) = draw_scene(&env, gm, &draw, scene).await;
        let mark = env.fake.mark();
        if what.starts_with("announce Abilities") {
            let roll = latest_button(&sent, "Roll").expect("a Roll button");
            let (_, cb) = env.press(main, &roll).await;
            let t = public(&cb);
            assert!(t.contains("rolls 2d6"), "{t}");
            rolled += 1;
        } else {
            assert!(what.starts_with("say what your character does"), "{what}");
            env.slash(main, "nobi act", &[("text", "I sing to the storm")])
                .await;
            let sent = wait_text(&env, mark, "decide the Scene").await;
            let success = latest_button(&sent, "Success").expect("a Success button");
            let (_, cb) = env.press(gm, &success).await;
            public(&cb);
        }
        let sent = wait_text(&env, mark, "draw the next Scene").await;
        let (next, _) = prompted(&all_text(&sent)).unwrap();
        assert_eq!(next, main.id, "the Main Character is the next GM");
        gm = main;
        draw = latest_button(&sent, "Draw Scene").expect("a Draw Scene button");
    }
    assert!(rolled >= 1, "at least one Scene was rolled with the button");
    let st = env.state();
    assert_eq!(st["state"]["scenes_played"], 3, "{}", st["state"]);
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_pressed_by_the_wrong_player_is_refused_privately_and_changes_nothing() {
    let mut env = Env::start().await;
    let mark = env.fake.mark();
    nobi_three(&env).await;
    let sent = wait_text(&env, mark, "draw the next Scene").await;
    let draw = latest_button(&sent, "Draw Scene").expect("a Draw Scene button");
    let before = env.state();
    let mark = env.fake.mark();
    let (id, cb) = env.press(&BOB, &draw).await;
    let t = private(&cb);
    assert!(t.contains("only the GM (alice)"), "{t}");
    assert_eq!(env.state(), before, "nothing changed");
    // The right player's press still works with the same button.
    let mark_draw = env.fake.mark();
    env.press(&ALICE, &draw).await;
    wait_text(&env, mark_draw, "Scene 1").await;
    env.stop().await;
    // The refusal was the only answer to Bob's press: no followup, nothing in the channel.
    let answers = env.fake.for_interaction(&id);
    assert_eq!(answers.len(), 1, "{answers:?}");
    let posted: Vec<String> = env
        .sent_since(mark)
        .iter()
        .filter(|r| r.path.starts_with("/channels/"))
        .map(|r| text(msg(r)))
        .filter(|t| t.contains('⛔') || t.contains("only the GM"))
        .collect();
    assert!(posted.is_empty(), "{posted:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn night_wizard_combat_tracker_is_one_pinned_message_edited_in_place() {
    let mut env = Env::start().await;
    env.fake.set_bot_permissions(
        CHAN,
        support::discord_rules::DEFAULT_BOT_PERMISSIONS | support::discord_rules::PIN_MESSAGES,
    );
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
    let mark = env.fake.mark();
    let (_, cb) = env.slash(&GM, "nwcombat start", &[]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    let chan = format!("/channels/{CHAN}/messages");
    // The tracker is posted once as a channel message (with its picture) and pinned.
    let tracker = wait_until(&env, mark, "the tracker", |t| t.contains("⚔️ Round 1")).await;
    let posted: Vec<&Recorded> = tracker
        .iter()
        .filter(|r| r.path == chan && text(msg(r)).contains("⚔️ Round 1"))
        .collect();
    assert_eq!(posted.len(), 1, "{}", all_text(&tracker));
    assert!(
        posted[0].files.iter().any(|f| f.ends_with(".png")),
        "the tracker carries its picture: {:?}",
        posted[0].files
    );
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    let pin = loop {
        if let Some(p) = env.fake.since(mark).into_iter().find(|r| {
            // The current route (`…/pins/{id}` without `messages/` is deprecated).
            r.method == "PUT"
                && r.path
                    .starts_with(&format!("/channels/{CHAN}/messages/pins/"))
                && r.status == 204
        }) {
            break p;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the tracker is pinned: {:?}",
            env.fake
                .since(mark)
                .iter()
                .filter(|r| r.method == "PUT")
                .map(|r| (&r.path, r.status, &r.body))
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    let id = pin.path.rsplit('/').next().unwrap_or_default().to_string();
    assert!(
        env.fake.messages().iter().any(|m| m.id == id && m.pinned),
        "the tracker is pinned"
    );

    // The next change edits that same message instead of posting a new tracker.
    let mark = env.fake.mark();
    env.slash(&GM, "nwcombat end", &[]).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    let edit = loop {
        if let Some(e) = env
            .fake
            .since(mark)
            .into_iter()
            .find(|r| r.method == "PATCH" && r.path == format!("{chan}/{id}"))
        {
            break e;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the tracker is edited"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(
        edit.body["embeds"][0]["title"],
        "⚔️ Combat over",
        "{}",
        text(&edit.body)
    );
    let reposted = env
        .sent_since(mark)
        .iter()
        .filter(|r| msg(r)["embeds"][0]["title"] == "⚔️ Combat over")
        .count();
    assert_eq!(reposted, 0, "no second tracker message");
    env.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_ninja_score_sheet_arrives_as_two_pictures_in_order() {
    let mut env = Env::start().await;
    env.slash(&GM, "ninja new", &[]).await;
    env.slash(&GM, "ninja fill", &[]).await;
    env.slash(&GM, "ninja start", &[]).await;
    // Twelve of the sixteen run: their rows no longer fit one 2,000-px page.
    for _ in 0..12 {
        let (_, cb) = env.slash(&GM, "ninja run", &[("auto", "true")]).await;
        assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    }
    let (_, cb) = env.slash(&CAROL, "ninja sheet", &[]).await;
    assert_eq!(cb.files, vec!["board.png", "board-2.png"], "{:?}", cb.files);
    let shown: Vec<&str> = msg(&cb)["embeds"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["image"]["url"].as_str())
        .collect();
    assert_eq!(
        shown,
        vec!["attachment://board.png", "attachment://board-2.png"],
        "each page in an embed, in order"
    );
    env.stop().await;
}

/// Pictures in the reader's language (issue #40): the same score sheet, read in an English
/// server and then in a Japanese one, comes as two different pictures of the same size (its
/// words drawn in each language: the board cache keeps one per language), and the English one
/// again when the server reads English again. The text says the same in its own language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_japanese_reader_is_sent_the_score_sheet_drawn_in_japanese() {
    let mut env = Env::start().await;
    env.slash(&GM, "ninja new", &[]).await;
    env.slash(&GM, "ninja fill", &[]).await;
    env.slash(&GM, "ninja start", &[]).await;
    let (_, cb) = env.slash(&GM, "ninja run", &[("auto", "true")]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    let sheet = |cb: &Recorded| -> croupier::render::Image {
        assert_eq!(cb.files, vec!["board.png"], "{:?}", cb.files);
        croupier::render::Image::decode(&cb.file_bytes[0]).expect("a PNG")
    };
    let (_, cb) = env.slash(&CAROL, "ninja sheet", &[]).await;
    assert!(text(msg(&cb)).contains("Score sheet"), "{}", text(msg(&cb)));
    let english = sheet(&cb);
    let english_bytes = cb.file_bytes[0].clone();
    // A Japanese server: the same sheet, its words in Japanese, on a picture of its own.
    env.fake.set_guild_locale("ja");
    let (_, cb) = env.slash(&CAROL, "ninja sheet", &[]).await;
    assert!(
        text(msg(&cb)).contains("スコアシート"),
        "{}",
        text(msg(&cb))
    );
    let japanese = sheet(&cb);
    assert_eq!(
        (japanese.width, japanese.height),
        (english.width, english.height),
        "the same layout"
    );
    let changed = english
        .pixels()
        .zip(japanese.pixels())
        .filter(|(a, b)| a != b)
        .count();
    assert!(
        changed > 2_000,
        "only {changed} pixels differ: the Japanese reader was sent the English picture"
    );
    // English again: the English picture, byte for byte (from the cache).
    env.fake.set_guild_locale("en-US");
    let (_, cb) = env.slash(&CAROL, "ninja sheet", &[]).await;
    assert_eq!(cb.file_bytes[0], english_bytes);
    env.stop().await;
}

/// Pictures in the reader's language (#40) for One Piece Nakama: each reader is sent the
/// board drawn in their language, as the table's own picture of its state in that language.
/// Bob, whose Discord reads Japanese, looks at his hand (private: his language) in between
/// and gets his board in Japanese while the English server still gets the English board; a
/// Japanese server then gets the Japanese board, and English again the English one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_japanese_reader_is_sent_the_nakama_board_drawn_in_japanese() {
    use croupier::i18n::Locale;
    let mut env = Env::start().await;
    env.slash(&ALICE, "nakama new", &[("character", "Luffy")])
        .await;
    env.slash(&BOB, "nakama join", &[("character", "Zoro")])
        .await;
    env.slash(&ALICE, "nakama begin", &[]).await;
    // The picture the table draws of its state for `viewer` in `locale`.
    let games = croupier::games::load(std::path::Path::new("data")).expect("game data loads");
    let bob_id = BOB.id.to_string();
    let drawn = |env: &Env, viewer: Option<&str>, locale: Locale| -> Vec<u8> {
        let st = env.state();
        let mut pages = croupier::render::picture(&games, "nakama", &st["state"], viewer, locale)
            .expect("Nakama draws a picture")
            .expect("the state draws");
        pages.remove(0).bytes.to_vec()
    };
    let (_, cb) = env.slash(&ALICE, "nakama board", &[]).await;
    assert_eq!(cb.files, vec!["board.png"], "{:?}", cb.files);
    let english = cb.file_bytes[0].to_vec();
    assert_eq!(english, drawn(&env, None, Locale::En));
    env.fake.set_locale(BOB.id, "ja");
    let (_, cb) = env.slash(&BOB, "nakama hand", &[]).await;
    assert!(text(msg(&cb)).contains("手札"), "{}", text(msg(&cb)));
    assert_eq!(cb.files, vec!["board.png"], "{:?}", cb.files);
    let bob = cb.file_bytes[0].to_vec();
    assert_eq!(
        bob,
        drawn(&env, Some(bob_id.as_str()), Locale::Ja),
        "Bob's own board, in Japanese"
    );
    assert_ne!(bob, drawn(&env, Some(bob_id.as_str()), Locale::En));
    let (_, cb) = env.slash(&ALICE, "nakama board", &[]).await;
    assert_eq!(
        cb.file_bytes[0].to_vec(),
        english,
        "the server reads English"
    );
    env.fake.set_guild_locale("ja");
    let (_, cb) = env.slash(&ALICE, "nakama board", &[]).await;
    assert!(text(msg(&cb)).contains("盤面"), "{}", text(msg(&cb)));
    let japanese = cb.file_bytes[0].to_vec();
    assert_eq!(japanese, drawn(&env, None, Locale::Ja));
    assert_ne!(
        japanese, english,
        "the Japanese reader was sent the English board"
    );
    env.fake.set_guild_locale("en-US");
    let (_, cb) = env.slash(&ALICE, "nakama board", &[]).await;
    assert_eq!(cb.file_bytes[0].to_vec(), english);
    env.stop().await;
}

/// The form the bot answered `cb` with: (custom id, title, [(text input id, label, max_length)]).
fn modal_of(cb: &Recorded) -> (String, String, Vec<(String, String, u64)>) {
    assert_eq!(cb.body["type"], 9, "expected a modal: {}", cb.body);
    assert!(cb.status < 300, "the fake refused the modal: {:?}", cb);
    let d = &cb.body["data"];
    let inputs = d["components"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|row| {
            let t = &row["components"][0];
            assert_eq!(t["style"], 2, "a paragraph: {t}");
            (
                t["custom_id"].as_str().unwrap_or("").to_string(),
                t["label"].as_str().unwrap_or("").to_string(),
                t["max_length"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    (
        d["custom_id"].as_str().unwrap_or("").to_string(),
        d["title"].as_str().unwrap_or("").to_string(),
        inputs,
    )
}

/// `/nobi act` without its text opens a form; another player acts while it is open; the
/// submitted text then plays the narration through the table like the inline option would:
/// the same turn rule refuses a player whose turn it is not, and the GM decides the Scene.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_modal_submission_plays_a_nobi_narration_end_to_end() {
    let mut env = Env::start().await;
    let mark = env.fake.mark();
    nobi_three(&env).await;
    let sent = wait_text(&env, mark, "draw the next Scene").await;
    let mut draw = latest_button(&sent, "Draw Scene").expect("a Draw Scene button");
    let mut gm = &ALICE;
    // Scenes are drawn (seeded) until one asks the Main Character to act.
    let main = 'scenes: {
        for scene in 1..=6 {
            let (sent, main, what) = draw_scene(&env, gm, &draw, scene).await;
            if what.starts_with("say what your character does") {
                break 'scenes main;
            }
            let roll = latest_button(&sent, "Roll").expect("a Roll button");
            let mark = env.fake.mark();
            env.press(main, &roll).await;
            let sent = wait_text(&env, mark, "draw the next Scene").await;
            gm = main;
            draw = latest_button(&sent, "Draw Scene").expect("a Draw Scene button");
        }
        panic!("no Role-play Scene in six");
    };
    let other = [&ALICE, &BOB, &CAROL]
        .into_iter()
        .find(|w| w.id != main.id && w.id != gm.id)
        .expect("a third player");

    // Used without `text:`, the command answers with a form, and nothing is played yet.
    let before = env.state();
    let (_, cb) = env.slash(main, "nobi act", &[]).await;
    let (custom_id, title, inputs) = modal_of(&cb);
    assert_eq!(custom_id, "c:-:-:/nobi act");
    assert_eq!(title, "Say what your character does");
    assert_eq!(
        inputs,
        vec![("text".to_string(), "What you do".to_string(), 1500)]
    );
    assert_eq!(env.state(), before, "opening the form changes nothing");

    // Another player acts while the form is open: the GM narrates (inline), and the third
    // player opens a form of their own for the same command.
    let (_, cb) = env
        .slash(
            gm,
            "nobi narrate",
            &[("text", "The storm howls over the cliffs")],
        )
        .await;
    public(&cb);
    let (_, cb) = env.slash(other, "nobi act", &[]).await;
    modal_of(&cb);

    // Discord's client does not send what the text input refuses, nor a form it never showed.
    let long = "a".repeat(1501);
    let refused = env
        .fake
        .submit_modal(CHAN, main, &custom_id, &[("text", &long)]);
    assert!(refused.is_err(), "{refused:?}");
    assert!(env
        .fake
        .submit_modal(CHAN, gm, &custom_id, &[("text", "x")])
        .is_err());

    // The third player's submission goes through the same turn rule as a typed command.
    let (_, cb) = env
        .submit(other, &custom_id, &[("text", "I steal the show")])
        .await
        .expect("the form is open");
    let t = private(&cb);
    assert!(t.contains('⛔'), "{t}");

    // The Main Character's submission plays the narration.
    let mark = env.fake.mark();
    let (_, cb) = env
        .submit(main, &custom_id, &[("text", "I sing to the *storm*")])
        .await
        .expect("the form is open");
    let t = public(&cb);
    assert!(t.contains("I sing to the \\*storm\\*"), "{t}");
    assert!(
        env.submit(main, &custom_id, &[("text", "again")])
            .await
            .is_err(),
        "a submitted form is closed"
    );
    let sent = wait_text(&env, mark, "decide the Scene").await;
    let success = latest_button(&sent, "Success").expect("a Success button");
    let mark = env.fake.mark();
    let (_, cb) = env.press(gm, &success).await;
    public(&cb);
    wait_text(&env, mark, "draw the next Scene").await;
    let st = env.state();
    let story = st["state"]["story"].to_string();
    assert!(story.contains("I sing to the *storm*"), "{story}");
    assert!(story.contains("The storm howls"), "{story}");
    assert!(!story.contains("I steal the show"), "{story}");
    env.stop().await;
}

/// Issue #40: a reminder answers no interaction, so nothing it comes with tells its language:
/// it is written in the server's language as the channel's latest interaction gave it
/// (`guild_locale`), here Japanese after an English start, with another player acting in
/// between.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_reads_in_the_servers_language_as_the_channel_last_saw_it() {
    use croupier::table::ManualClock;
    let clock = std::sync::Arc::new(ManualClock::at(1_767_225_600));
    let c = clock.clone();
    let mut env = Env::start_configured(
        support::fake_gateway::GatewayOptions::new(
            support::fake_discord::TOKEN,
            vec![support::fake_discord::GUILD_ID],
        ),
        move |cfg| cfg.clock = c,
    )
    .await;
    nobi_three(&env).await;
    // The server's language turns Japanese; Bob rolls dice (an action that leaves the game
    // where it is; a view, which writes nothing, keeps no language either).
    env.fake.set_guild_locale("ja");
    let (_, cb) = env.slash(&BOB, "roll", &[("expr", "1d6")]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    let mark = env.sent_since(0).len();
    clock.advance(25 * 3600);
    let sent = wait_text(&env, mark, "⏰ リマインダー").await;
    let reminder = sent
        .iter()
        .map(|r| text(msg(r)))
        .find(|t| t.contains("⏰"))
        .unwrap_or_default();
    assert!(!reminder.contains("Reminder"), "{reminder}");
    assert!(reminder.contains("時間待っています"), "{reminder}");
    // Back to English: the next reminder follows the channel's latest interaction.
    env.fake.set_guild_locale("en-US");
    let (_, cb) = env.slash(&CAROL, "roll", &[("expr", "1d6")]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    let mark = env.sent_since(0).len();
    clock.advance(25 * 3600);
    let sent = wait_text(&env, mark, "⏰ Reminder").await;
    let reminder = sent
        .iter()
        .rev()
        .map(|r| text(msg(r)))
        .find(|t| t.contains("⏰"))
        .unwrap_or_default();
    assert!(reminder.contains("waiting for"), "{reminder}");
    assert!(!reminder.contains("リマインダー"), "{reminder}");
    env.stop().await;
}
