//! Every request body the bot sends, checked against Discord's OpenAPI description of its
//! route (`../shared/discord-api/openapi.json`, read at test time; see `support/openapi.rs`).
//! The bot runs real flows against the strict fake (registration, slash answers with pictures
//! as multipart `payload_json`, deferrals and their edits, followups, button presses answered
//! by UPDATE_MESSAGE, channel messages, edits that retire buttons, the pinned tracker and its
//! edits, DMs, autocomplete); each request must match a route of the description, the route
//! must be one the bot is known to use, and the body must fit the route's schema.

mod support;

use std::collections::BTreeSet;
use std::time::Duration;

use serde_json::{json, Value};
use support::bot::{button, msg, text, Env, ALICE, BOB, CHAN, GM};
use support::fake_discord::{Recorded, GUILD_ID, TOKEN};
use support::fake_gateway::GatewayOptions;
use support::openapi::{Checked, Spec};

/// Every route the bot uses, as the description names them. A request on a route not listed
/// here fails the test (a new route must be added here, and so checked).
const ROUTES: &[&str] = &[
    // Serenity's start: the gateway URL (and shard count).
    "GET /gateway",
    "GET /gateway/bot",
    // Command registration: global, or in a development guild.
    "PUT /applications/{application_id}/commands",
    "PUT /applications/{application_id}/guilds/{guild_id}/commands",
    // Interaction answers: the initial response (message, deferral, UPDATE_MESSAGE,
    // autocomplete), the deferred placeholder's edit or deletion, followups and their edits.
    "POST /interactions/{interaction_id}/{interaction_token}/callback",
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
    "GET /webhooks/{webhook_id}/{webhook_token}/messages/@original",
    "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original",
    "POST /webhooks/{webhook_id}/{webhook_token}",
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    // Channel messages (pings, reminders, the tracker, answers after UPDATE_MESSAGE), their
    // edits (the tracker, retired buttons) and pins (the current route).
    "POST /channels/{channel_id}/messages",
    "PATCH /channels/{channel_id}/messages/{message_id}",
    "PUT /channels/{channel_id}/messages/pins/{message_id}",
    // Direct messages.
    "POST /users/@me/channels",
    // The application's id, when delivering left output before the gateway's READY.
    "GET /oauth2/applications/@me",
];

/// The routes the flows below must exercise (the others are exercised by other tests and
/// checked here only for being in the description).
const EXERCISED: &[&str] = &[
    "PUT /applications/{application_id}/commands",
    "POST /interactions/{interaction_id}/{interaction_token}/callback",
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
    "POST /webhooks/{webhook_id}/{webhook_token}",
    "POST /channels/{channel_id}/messages",
    "PATCH /channels/{channel_id}/messages/{message_id}",
    "PUT /channels/{channel_id}/messages/pins/{message_id}",
    "POST /users/@me/channels",
];

/// serenity 0.12 sends the placeholder id of a new upload (`attachments[n].id`, matching the
/// multipart part `files[n]`) as the integer n; the description wants a string (a
/// SnowflakeType). serenity's `CreateAttachment` keeps that id private and serializes it
/// itself, so the bot cannot send it otherwise without bypassing serenity's HTTP client (and
/// its rate limiter). Discord accepts the integer. This reads it as the string it stands for,
/// and only there: an integer anywhere else still fails. Returns how many it rewrote.
fn read_upload_placeholders(r: &mut Recorded) -> usize {
    let uploads = r.files.len();
    let target = if r.path.ends_with("/callback") {
        &mut r.body["data"]
    } else {
        &mut r.body
    };
    let mut n = 0;
    if let Some(list) = target.get_mut("attachments").and_then(Value::as_array_mut) {
        for a in list {
            if let Some(i) = a["id"].as_u64().filter(|i| (*i as usize) < uploads) {
                a["id"] = json!(i.to_string());
                n += 1;
            }
        }
    }
    n
}

/// Waits for a request matching `pred`.
async fn seen(env: &Env, what: &str, pred: impl Fn(&Recorded) -> bool) -> Recorded {
    env.fake.wait_for(what, Duration::from_secs(10), pred).await
}

/// Plays the flows; returns every request the bot sent.
async fn flows() -> Vec<Recorded> {
    let mut all = vec![];
    // 1. Answers within 3 s: registration, a roll with its picture, a dice table with buttons
    // (UPDATE_MESSAGE, retired buttons), autocomplete, Night Wizard's tracker and a DM.
    let mut env = Env::start().await;
    env.slash(&ALICE, "roll", &[("expr", "2d6")]).await;
    env.slash(&ALICE, "dice new", &[("expr", "1d6"), ("rounds", "1")])
        .await;
    let (_, cb) = env.slash(&BOB, "dice join", &[]).await;
    assert!(!text(msg(&cb)).contains('⛔'), "{}", text(msg(&cb)));
    env.slash(&ALICE, "dice start", &[]).await;
    let chan = format!("/channels/{CHAN}/messages");
    let turn = seen(&env, "Alice's turn", |r| {
        r.path == chan && text(&r.body).contains("Round 1/1")
    })
    .await;
    env.press(&ALICE, &button(&turn.body, "Roll")).await;
    let turn = seen(&env, "Bob's turn", |r| {
        r.path == chan && text(&r.body).contains(&format!("<@{}>, your roll", BOB.id))
    })
    .await;
    let bobs = button(&turn.body, "Roll");
    env.slash(&BOB, "dice roll", &[]).await;
    seen(&env, "Bob's button retired", |r| {
        r.method == "PATCH"
            && r.path.starts_with(&format!("{chan}/"))
            && r.body.to_string().contains(&bobs)
    })
    .await;
    let id = env.fake.autocomplete(
        CHAN,
        &ALICE,
        "nobi join",
        &[("character", "gru")],
        "character",
    );
    env.fake.callback(&id).await;
    // Night Wizard: a quick character, a session, a secret Judge told to the GM by DM, and a
    // fight whose tracker is posted, pinned and edited.
    env.slash(&ALICE, "game end", &[]).await;
    env.slash(
        &ALICE,
        "nw character new",
        &[("name", "Bolt"), ("quick", "true")],
    )
    .await;
    env.slash(&GM, "nw new", &[]).await;
    env.slash(&ALICE, "nw session join", &[]).await;
    env.slash(&ALICE, "nw session lock", &[]).await;
    env.slash(
        &ALICE,
        "nw judge",
        &[("stat", "pacc"), ("difficulty", "12"), ("secret", "true")],
    )
    .await;
    seen(&env, "a DM to the GM", |r| r.path == "/users/@me/channels").await;
    env.slash(&GM, "nwenemy spawn", &[("name", "Shade Swarm")])
        .await;
    env.slash(&GM, "nwcombat start", &[]).await;
    seen(&env, "the pin", |r| {
        r.method == "PUT" && r.path.contains("/pins/")
    })
    .await;
    env.slash(&GM, "nwcombat end", &[]).await;
    seen(&env, "the tracker's edit", |r| {
        r.method == "PATCH" && text(&r.body).contains("Combat over")
    })
    .await;
    env.stop().await;
    all.extend(env.fake.requests());

    // 2. Every answer deferred: "thinking…", then the placeholder edited (a picture as a new
    // attachment), followups of the other visibility, a deferred press's button retired.
    let mut env = Env::start_configured(GatewayOptions::new(TOKEN, vec![GUILD_ID]), |c| {
        c.defer_after = Duration::ZERO
    })
    .await;
    env.slash(&ALICE, "roll", &[("expr", "3d6")]).await;
    env.slash(&ALICE, "roll", &[("expr", "1d20"), ("visibility", "self")])
        .await;
    env.slash(&ALICE, "dice new", &[("expr", "1d6"), ("rounds", "1")])
        .await;
    env.slash(&BOB, "dice join", &[]).await;
    env.slash(&ALICE, "dice start", &[]).await;
    let turn = seen(&env, "Alice's turn", |r| {
        r.path == chan && text(&r.body).contains("Round 1/1")
    })
    .await;
    env.press(&ALICE, &button(&turn.body, "Roll")).await;
    seen(&env, "the pressed button retired", |r| {
        r.method == "PATCH" && r.path.starts_with(&format!("{chan}/"))
    })
    .await;
    env.stop().await;
    all.extend(env.fake.requests());
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_body_fits_discords_openapi_description_of_its_route() {
    let Some(spec) = Spec::load_unless_skipped() else {
        return;
    };
    // Each route the bot uses is in the description.
    for r in ROUTES {
        let (method, path) = r.split_once(' ').unwrap();
        assert_eq!(
            spec.route(method, path).as_deref(),
            Some(path),
            "`{r}` is not a route of Discord's description"
        );
    }
    let requests = flows().await;
    let mut used = BTreeSet::new();
    let (mut problems, mut placeholders, mut checked) = (vec![], 0, 0);
    for mut r in requests.into_iter().filter(|r| r.method != "WS") {
        placeholders += read_upload_placeholders(&mut r);
        checked += 1;
        match spec.check(&r) {
            Checked::Fits(route) => {
                used.insert(route);
            }
            Checked::NoRoute => problems.push(format!(
                "{} {}: no route of the description (body {})",
                r.method, r.path, r.body
            )),
            Checked::Misfit(route, why) => {
                problems.push(format!(
                    "{route} ({}): {}\n  body: {}",
                    r.path,
                    why.join("; "),
                    r.body
                ));
                used.insert(route);
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} request(s) do not fit:\n{}",
        problems.len(),
        problems.join("\n")
    );
    let unknown: Vec<&String> = used
        .iter()
        .filter(|u| !ROUTES.contains(&u.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "routes the list of used routes lacks: {unknown:?}"
    );
    let missed: Vec<&&str> = EXERCISED.iter().filter(|e| !used.contains(**e)).collect();
    assert!(
        missed.is_empty(),
        "the flows did not exercise {missed:?}; used: {used:?}"
    );
    assert!(placeholders > 0, "the flows uploaded no picture");
    eprintln!(
        "{checked} requests on {} routes fit the description ({placeholders} upload placeholder ids read as strings)",
        used.len()
    );
}

#[test]
fn a_wrong_field_type_or_an_unknown_route_does_not_fit() {
    let Some(spec) = Spec::load_unless_skipped() else {
        return;
    };
    let req = |method: &str, path: &str, body: Value| Recorded {
        method: method.into(),
        path: path.into(),
        body,
        files: vec![],
        file_bytes: vec![],
        at: std::time::Instant::now(),
        status: 200,
    };
    let path = format!("/channels/{CHAN}/messages");
    let good = req(
        "POST",
        &path,
        json!({"content": "hi", "allowed_mentions": {"users": ["1"]}}),
    );
    assert_eq!(
        spec.check(&good),
        Checked::Fits("POST /channels/{channel_id}/messages".into())
    );
    // An integer where the description wants a string (a user id), a string where it wants
    // an integer (a button style), a boolean where it wants a string.
    for bad in [
        json!({"content": "hi", "allowed_mentions": {"users": [1]}}),
        json!({"components": [{"type": 1, "components": [{"type": 2, "style": "1", "label": "x", "custom_id": "a"}]}]}),
        json!({"content": true}),
    ] {
        match spec.check(&req("POST", &path, bad.clone())) {
            Checked::Misfit(route, why) => {
                assert_eq!(route, "POST /channels/{channel_id}/messages");
                assert!(!why.is_empty());
            }
            other => panic!("{bad} was taken: {other:?}"),
        }
    }
    // An UPDATE_MESSAGE whose component is disabled with a string.
    let cb = req(
        "POST",
        "/interactions/1/tok/callback",
        json!({"type": 7, "data": {"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "a", "disabled": "yes"}]}]}}),
    );
    assert!(
        matches!(spec.check(&cb), Checked::Misfit(..)),
        "{:?}",
        spec.check(&cb)
    );
    // The deprecated pin route is still described; a made-up one is not.
    assert_eq!(
        spec.check(&req("PUT", "/channels/1/made-up/2", Value::Null)),
        Checked::NoRoute
    );
}

#[test]
#[should_panic(expected = "Discord's OpenAPI description is missing")]
fn a_missing_description_fails_with_a_clear_message() {
    Spec::read(&std::path::PathBuf::from("/nonexistent/openapi.json"));
}
