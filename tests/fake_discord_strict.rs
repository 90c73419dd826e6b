//! The strict fake Discord refuses what Discord refuses: every rule it enforces is shown here
//! with a wrong request refused (status, JSON code, field path) and a right one accepted. The
//! requests go over raw HTTP/1.1 to the fake on 127.0.0.1, as the bot's would.

mod support;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::{json, Value};
use support::discord_rules::{
    command_size, error_paths, ATTACH_FILES, DEFAULT_BOT_PERMISSIONS, EMBED_LINKS, MANAGE_MESSAGES,
    PIN_MESSAGES, SEND_MESSAGES, VIEW_CHANNEL,
};
use support::fake_discord::{FakeConfig, FakeDiscord, RouteKind, Visibility, Who, APP_ID};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const ALICE: Who = Who {
    id: 100_000_000_000_000_001,
    name: "alice",
    manager: false,
};

/// A fresh channel id per use, so rate-limit buckets never mix between checks.
fn chan() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(710_000_000_000_000_000);
    NEXT.fetch_add(1, Ordering::SeqCst)
}

struct Resp {
    status: u16,
    headers: Vec<(String, String)>,
    body: Value,
}

impl Resp {
    fn header(&self, k: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(h, _)| h.eq_ignore_ascii_case(k))
            .map(|(_, v)| v.as_str())
    }
    fn paths(&self) -> Vec<String> {
        error_paths(&self.body).into_iter().map(|p| p.0).collect()
    }
    /// Asserts a 400 form error (50035) at `path`.
    fn form_error_at(&self, path: &str) {
        assert_eq!(self.status, 400, "{path}: {}", self.body);
        assert_eq!(self.body["code"], 50035, "{}", self.body);
        assert!(
            self.paths().iter().any(|p| p == path),
            "no error at {path}: {:?}",
            self.paths()
        );
    }
    fn json_error(&self, status: u16, code: u64) {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(self.body["code"], code, "{}", self.body);
    }
}

async fn send(fake: &FakeDiscord, method: &str, path: &str, ct: &str, body: Vec<u8>) -> Resp {
    let addr = fake.http_url.trim_start_matches("http://");
    let token = support::fake_discord::TOKEN;
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} /api/v10{path} HTTP/1.1\r\nhost: {addr}\r\nauthorization: Bot {token}\r\ncontent-type: {ct}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(&body).await.unwrap();
    let mut raw = vec![];
    // The fake keeps the connection open: read the head, then exactly content-length bytes.
    let mut buf = [0u8; 4096];
    let split = loop {
        let n = s.read(&mut buf).await.unwrap();
        assert!(n > 0, "connection closed early");
        raw.extend_from_slice(&buf[..n]);
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let len: usize = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .map(|(_, v)| v.parse().unwrap())
        .unwrap_or(0);
    let mut body = raw[split + 4..].to_vec();
    while body.len() < len {
        let n = s.read(&mut buf).await.unwrap();
        assert!(n > 0);
        body.extend_from_slice(&buf[..n]);
    }
    let body = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&body).unwrap()
    };
    Resp {
        status,
        headers,
        body,
    }
}

async fn call(fake: &FakeDiscord, method: &str, path: &str, body: Value) -> Resp {
    send(
        fake,
        method,
        path,
        "application/json",
        body.to_string().into_bytes(),
    )
    .await
}

/// A multipart request with `payload_json` and files (name, size in bytes).
async fn call_files(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    payload: Value,
    files: &[(&str, usize)],
) -> Resp {
    let b = "xBOUNDARYx";
    let mut body = format!(
        "--{b}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n{payload}\r\n"
    )
    .into_bytes();
    for (i, (name, size)) in files.iter().enumerate() {
        body.extend_from_slice(
            format!("--{b}\r\nContent-Disposition: form-data; name=\"files[{i}]\"; filename=\"{name}\"\r\nContent-Type: image/png\r\n\r\n").as_bytes(),
        );
        body.extend(std::iter::repeat_n(b'x', *size));
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{b}--\r\n").as_bytes());
    send(
        fake,
        method,
        path,
        &format!("multipart/form-data; boundary={b}"),
        body,
    )
    .await
}

fn s(n: usize) -> String {
    "a".repeat(n)
}

// ---------------------------------------------------------------------------------------------
// Application commands.

fn good_command() -> Value {
    // Localized as Croupier registers it: Japanese names are letters to the naming rule.
    json!({"name": "roll", "type": 1, "description": "Roll dice",
        "name_localizations": {"ja": "ロール"}, "description_localizations": {"ja": "ダイスを振る"},
        "options": [
        {"type": 3, "name": "expr", "description": "What to roll", "required": true,
         "name_localizations": {"ja": "式"}, "description_localizations": {"ja": "振るもの"},
         "choices": [{"name": "Two dice", "value": "2d6", "name_localizations": {"ja": "ダイス2個"}}]},
        {"type": 4, "name": "times", "description": "How often", "min_value": -5, "max_value": 10,
         // Empty arrays, as serenity sends them, are accepted.
         "options": [], "choices": []},
    ]})
}

async fn put_commands(fake: &FakeDiscord, cmds: Value) -> Resp {
    call(
        fake,
        "PUT",
        &format!("/applications/{APP_ID}/commands"),
        cmds,
    )
    .await
}

#[tokio::test]
async fn command_rules_refuse_each_violation_and_accept_a_valid_command() {
    let fake = FakeDiscord::start().await;
    let ok = put_commands(&fake, json!([good_command()])).await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(fake.commands().len(), 1);
    // Negative integer bounds are accepted.
    assert_eq!(fake.commands()[0]["options"][1]["min_value"], -5);

    type Edit = fn(&mut Value);
    let cases: Vec<(&str, Edit)> = vec![
        ("0.name", |c| c["name"] = json!("Roll")),
        ("0.name", |c| c["name"] = json!("roll dice")),
        ("0.name", |c| c["name"] = json!(s(33))),
        ("0.description", |c| c["description"] = json!("")),
        ("0.description", |c| c["description"] = json!(s(101))),
        ("0.options", |c| {
            c["options"] = json!((0..26)
                .map(|i| json!({"type": 3, "name": format!("o{i}"), "description": "d"}))
                .collect::<Vec<_>>())
        }),
        ("0.options.0.choices", |c| {
            c["options"][0]["choices"] = json!((0..26)
                .map(|i| json!({"name": format!("c{i}"), "value": format!("{i}")}))
                .collect::<Vec<_>>())
        }),
        ("0.options.0.choices.0.name", |c| {
            c["options"][0]["choices"][0]["name"] = json!(s(101))
        }),
        ("0.options.0.choices.0.value", |c| {
            c["options"][0]["choices"][0]["value"] = json!(s(101))
        }),
        ("0.options.1.min_value", |c| {
            c["options"][1]["min_value"] = json!(9_007_199_254_740_992u64)
        }),
        ("0.options.0.name", |c| {
            c["options"][0]["name"] = json!("Expr")
        }),
        ("0.options", |c| {
            // Required after optional.
            c["options"][1]["required"] = json!(true);
            c["options"][0]["required"] = json!(false);
        }),
        ("0.options.1.name", |c| {
            c["options"][1]["name"] = json!("expr")
        }),
        ("0.options", |c| {
            // A subcommand mixed with a plain option.
            c["options"][1] = json!({"type": 1, "name": "sub", "description": "d"});
        }),
        ("0.options.0.options.0.type", |c| {
            // A group inside a subcommand: deeper than Discord allows.
            c["options"] = json!([{"type": 1, "name": "sub", "description": "d", "options": [
                {"type": 2, "name": "grp", "description": "d", "options": [
                    {"type": 1, "name": "leaf", "description": "d"}]}]}]);
        }),
        ("0.options.0.options.0.type", |c| {
            // A plain option directly inside a group.
            c["options"] = json!([{"type": 2, "name": "grp", "description": "d", "options": [
                {"type": 3, "name": "x", "description": "d"}]}]);
        }),
        ("0.options.0.description", |c| {
            c["options"][0]["description"] = json!(s(101))
        }),
        ("0.options.0.description_localizations.fr", |c| {
            c["options"][0]["description_localizations"] = json!({"fr": s(101)})
        }),
        ("0.name_localizations.fr", |c| {
            c["name_localizations"] = json!({"fr": "Lancer"})
        }),
        // Japanese names are letters for the naming rule, but a space is not.
        ("0.options.0.name_localizations.ja", |c| {
            c["options"][0]["name_localizations"] = json!({"ja": "ダイス 式"})
        }),
        ("0.options.0.name_localizations.ja", |c| {
            c["options"][0]["name_localizations"] = json!({"ja": "式".repeat(33)})
        }),
        // A key that is no Discord locale (Japanese is `ja`, not `ja-JP`).
        ("0.name_localizations.ja-JP", |c| {
            c["name_localizations"] = json!({"ja-JP": "ロール"})
        }),
        ("0.options.0.choices.0.name_localizations.ja", |c| {
            c["options"][0]["choices"][0]["name_localizations"] = json!({"ja": s(101)})
        }),
        ("0.options.0.choices", |c| {
            // Choices on a BOOLEAN option.
            c["options"][0]["type"] = json!(5);
        }),
        ("0.options.0.autocomplete", |c| {
            c["options"][0]["autocomplete"] = json!(true)
        }),
        ("0.options.0.choices.0.value", |c| {
            // An integer choice on a STRING option.
            c["options"][0]["choices"][0]["value"] = json!(2)
        }),
        ("0.options.1.max_value", |c| {
            c["options"][1]["min_value"] = json!(5);
            c["options"][1]["max_value"] = json!(1);
        }),
        ("0.options.0.min_value", |c| {
            c["options"][0]["min_value"] = json!(1)
        }),
        ("0.options.0.max_length", |c| {
            c["options"][0]["max_length"] = json!(6001)
        }),
        ("0.options.1.min_length", |c| {
            c["options"][1]["min_length"] = json!(1)
        }),
        ("0.options.0.max_length", |c| {
            c["options"][0]["min_length"] = json!(10);
            c["options"][0]["max_length"] = json!(5);
        }),
        ("0.options.0.max_length", |c| {
            c["options"][0]["max_length"] = json!(0)
        }),
        ("0.contexts", |c| c["contexts"] = json!([])),
        ("0.contexts.1", |c| c["contexts"] = json!([0, 3])),
        ("0.contexts.1", |c| c["contexts"] = json!([0, 0])),
        ("0.contexts", |c| c["contexts"] = json!("0")),
        // PRIVATE_CHANNEL without a user install.
        ("0.contexts", |c| {
            c["contexts"] = json!([0, 1, 2]);
            c["integration_types"] = json!([0]);
        }),
        ("0.integration_types.0", |c| {
            c["integration_types"] = json!([2])
        }),
        ("0.integration_types", |c| {
            c["integration_types"] = json!([])
        }),
        ("0.default_member_permissions", |c| {
            c["default_member_permissions"] = json!("manage")
        }),
        ("0.default_member_permissions", |c| {
            c["default_member_permissions"] = json!(-1)
        }),
        ("0.options.1.options", |c| {
            c["options"][1]["options"] = json!([{"type": 3, "name": "x", "description": "d"}])
        }),
        ("0.options.1.type", |c| c["options"][1]["type"] = json!(12)),
        ("0.options", |c| {
            // Options on a USER command.
            c["type"] = json!(2);
            c["description"] = json!("");
        }),
    ];
    for (path, edit) in cases {
        let mut c = good_command();
        edit(&mut c);
        let r = put_commands(&fake, json!([c])).await;
        r.form_error_at(path);
        // A refused overwrite registers nothing new.
        assert_eq!(fake.commands()[0]["name"], "roll");
    }
    // Contexts, install types, default permissions and lengths within the rules are accepted.
    let mut surfaces = good_command();
    surfaces["contexts"] = json!([0, 1, 2]);
    surfaces["integration_types"] = json!([0, 1]);
    surfaces["default_member_permissions"] = json!("16");
    surfaces["options"][0]["max_length"] = json!(6000);
    surfaces["options"][0]["min_length"] = json!(0);
    let r = put_commands(&fake, json!([surfaces])).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let mut open = good_command();
    open["default_member_permissions"] = Value::Null;
    open["contexts"] = Value::Null;
    assert_eq!(put_commands(&fake, json!([open])).await.status, 200);
    // A valid group → subcommand → option tree is accepted.
    let tree = json!({"name": "nw", "type": 1, "description": "Night Wizard", "options": [
        {"type": 2, "name": "combat", "description": "Fights", "options": [
            {"type": 1, "name": "attack", "description": "Attack", "options": [
                {"type": 3, "name": "target", "description": "Who", "required": true}]}]},
        {"type": 1, "name": "sheet", "description": "Your sheet"}]});
    assert_eq!(put_commands(&fake, json!([tree])).await.status, 200);
    // USER and MESSAGE commands may be mixed case with spaces and have an empty description.
    let user_cmd = json!({"name": "Show Sheet", "type": 2, "description": ""});
    assert_eq!(put_commands(&fake, json!([user_cmd])).await.status, 200);
    // Duplicate command names in one overwrite.
    put_commands(&fake, json!([good_command(), good_command()]))
        .await
        .form_error_at("1.name");
}

#[tokio::test]
async fn command_size_limit_counts_the_longest_localization_and_refuses_over_8000() {
    let fake = FakeDiscord::start().await;
    // name 4 + description 100 + options each 32 + 100, choices 100 + 100.
    let build = |choices: usize, extra_desc: usize| {
        let choice_list: Vec<Value> = (0..choices)
            .map(|i| json!({"name": format!("{:0>100}", i), "value": format!("{:0>100}", i)}))
            .collect();
        json!({"name": "size", "type": 1, "description": s(100 - extra_desc), "options": [
            {"type": 3, "name": s(32), "description": s(100), "choices": choice_list}]})
    };
    let base = build(0, 0);
    assert_eq!(command_size(&base), 4 + 100 + 32 + 100);
    // 236 + 25 × 200 = 5236: fits.
    let fits = build(25, 0);
    assert_eq!(command_size(&fits), 5236);
    assert_eq!(put_commands(&fake, json!([fits.clone()])).await.status, 200);
    // Two such options: 5236 + 5132 = 10368 > 8000, refused as APPLICATION_COMMAND_TOO_LARGE.
    let mut big = fits.clone();
    let mut second = big["options"][0].clone();
    second["name"] = json!(format!("{}b", s(31)));
    big["options"].as_array_mut().unwrap().push(second);
    assert_eq!(command_size(&big), 10368);
    let r = put_commands(&fake, json!([big])).await;
    r.form_error_at("0");
    assert!(error_paths(&r.body)
        .iter()
        .any(|(p, c)| p == "0" && c == "APPLICATION_COMMAND_TOO_LARGE"));
    // Exactly 8000 is accepted; a longer localization pushes it over.
    let mut exact = build(0, 0);
    exact["options"][0]["choices"] = json!((0..25)
        .map(|i| json!({"name": format!("{:0>100}", i), "value": format!("{:0>100}", i)}))
        .collect::<Vec<_>>());
    let mut opt2 = json!({"type": 3, "name": "pad", "description": s(100), "choices": []});
    // 5236 + 3 + 100 = 5339; 2661 more via choices of 100+100 (13 × 200 = 2600) + one of 61.
    let mut ch: Vec<Value> = (0..13)
        .map(|i| json!({"name": format!("{:0>100}", i), "value": format!("{:0>100}", i)}))
        .collect();
    ch.push(json!({"name": s(30), "value": s(31)}));
    opt2["choices"] = json!(ch);
    exact["options"].as_array_mut().unwrap().push(opt2);
    assert_eq!(command_size(&exact), 8000);
    assert_eq!(
        put_commands(&fake, json!([exact.clone()])).await.status,
        200
    );
    let mut localized = exact.clone();
    localized["name_localizations"] = json!({"fr": "taille"}); // 6 > 4 characters
    assert_eq!(command_size(&localized), 8002);
    put_commands(&fake, json!([localized]))
        .await
        .form_error_at("0");
}

#[tokio::test]
async fn at_most_100_chat_input_commands() {
    let fake = FakeDiscord::start().await;
    let many = |n: usize| {
        json!((0..n)
            .map(|i| json!({"name": format!("c{i}"), "type": 1, "description": "d"}))
            .collect::<Vec<_>>())
    };
    assert_eq!(put_commands(&fake, many(100)).await.status, 200);
    put_commands(&fake, many(101)).await.json_error(400, 30032);
    assert_eq!(fake.commands().len(), 100);
    // 15 USER commands at most.
    let users: Vec<Value> = (0..16)
        .map(|i| json!({"name": format!("User {i}"), "type": 2, "description": ""}))
        .collect();
    put_commands(&fake, json!(users))
        .await
        .json_error(400, 30032);
    // The guild variant follows the same rules.
    let guild = support::fake_discord::GUILD_ID;
    let r = call(
        &fake,
        "PUT",
        &format!("/applications/{APP_ID}/guilds/{guild}/commands"),
        many(101),
    )
    .await;
    r.json_error(400, 30032);
    // A guild the bot is not in: Missing Access (JSON code 50001).
    let r = call(
        &fake,
        "PUT",
        &format!("/applications/{APP_ID}/guilds/1/commands"),
        many(1),
    )
    .await;
    r.json_error(403, 50001);
}

// ---------------------------------------------------------------------------------------------
// Messages.

async fn post(fake: &FakeDiscord, body: Value) -> Resp {
    call(
        fake,
        "POST",
        &format!("/channels/{}/messages", chan()),
        body,
    )
    .await
}

fn embed_with(k: &str, v: Value) -> Value {
    let mut e = json!({"title": "t"});
    e[k] = v;
    json!({"embeds": [e]})
}

fn row(components: Vec<Value>) -> Value {
    json!({"type": 1, "components": components})
}

fn button(id: &str) -> Value {
    json!({"type": 2, "style": 1, "label": "Go", "custom_id": id})
}

fn select(id: &str, n: usize) -> Value {
    json!({"type": 3, "custom_id": id, "options": (0..n)
        .map(|i| json!({"label": format!("L{i}"), "value": format!("v{i}")}))
        .collect::<Vec<_>>()})
}

#[tokio::test]
async fn message_limits_refuse_each_violation_and_accept_a_valid_message() {
    let fake = FakeDiscord::start().await;
    let ok = post(
        &fake,
        json!({"content": s(2000), "embeds": [{"title": s(256), "description": s(4096),
            "fields": [{"name": s(256), "value": s(1024)}], "footer": {"text": s(100)},
            "author": {"name": s(200)}}],
            "components": [row((0..5).map(|i| button(&format!("b{i}"))).collect()),
                row(vec![select("s", 25)])],
            "allowed_mentions": {"users": ["1"]}}),
    )
    .await;
    assert_eq!(ok.status, 200, "{}", ok.body);

    let fields = |n: usize| {
        json!((0..n)
            .map(|_| json!({"name": "n", "value": "v"}))
            .collect::<Vec<_>>())
    };
    let cases: Vec<(&str, Value)> = vec![
        ("content", json!({"content": s(2001)})),
        (
            "embeds",
            json!({"embeds": (0..11).map(|_| json!({"title": "t"})).collect::<Vec<_>>()}),
        ),
        ("embeds.0.title", embed_with("title", json!(s(257)))),
        (
            "embeds.0.description",
            embed_with("description", json!(s(4097))),
        ),
        ("embeds.0.fields", embed_with("fields", fields(26))),
        (
            "embeds.0.fields.0.name",
            embed_with("fields", json!([{"name": s(257), "value": "v"}])),
        ),
        (
            "embeds.0.fields.0.value",
            embed_with("fields", json!([{"name": "n", "value": s(1025)}])),
        ),
        (
            "embeds.0.footer.text",
            embed_with("footer", json!({"text": s(2049)})),
        ),
        (
            "embeds.0.author.name",
            embed_with("author", json!({"name": s(257)})),
        ),
        (
            // 2 × 4096 > 6000 across a message's embeds.
            "embeds",
            json!({"embeds": [{"description": s(4096)}, {"description": s(2000)}]}),
        ),
        (
            "components",
            json!({"components": (0..6).map(|i| row(vec![button(&format!("r{i}"))])).collect::<Vec<_>>()}),
        ),
        (
            "components.0.components",
            json!({"components": [row((0..6).map(|i| button(&format!("b{i}"))).collect())]}),
        ),
        (
            "components.0.components",
            json!({"components": [row(vec![select("s", 2), button("b")])]}),
        ),
        (
            "components.0.components.0.custom_id",
            json!({"components": [row(vec![button(&s(101))])]}),
        ),
        (
            "components.1.components.0.custom_id",
            json!({"components": [row(vec![button("same")]), row(vec![button("same")])]}),
        ),
        (
            "components.0.components.0.label",
            json!({"components": [row(vec![json!({"type": 2, "style": 1, "label": s(81), "custom_id": "x"})])]}),
        ),
        (
            "components.0.components.0.options",
            json!({"components": [row(vec![select("s", 26)])]}),
        ),
        (
            "components.0.components.0.options.0.label",
            json!({"components": [row(vec![json!({"type": 3, "custom_id": "s",
                "options": [{"label": s(101), "value": "v"}]})])]}),
        ),
        (
            "components.0.components.0.options.0.description",
            json!({"components": [row(vec![json!({"type": 3, "custom_id": "s",
                "options": [{"label": "l", "value": "v", "description": s(101)}]})])]}),
        ),
        (
            "components.0.components.0.placeholder",
            json!({"components": [row(vec![{
                let mut m = select("s", 1); m["placeholder"] = json!(s(151)); m }])]}),
        ),
        (
            "allowed_mentions.parse",
            json!({"content": "<@1>", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}),
        ),
        (
            "allowed_mentions.parse.0",
            json!({"content": "hi", "allowed_mentions": {"parse": ["bots"]}}),
        ),
        (
            "embeds.0.image.url",
            json!({"embeds": [{"image": {"url": "attachment://board.png"}}]}),
        ),
        (
            "embeds.0.fields.0.value",
            embed_with("fields", json!([{"name": "n"}])),
        ),
        (
            "components.0.components.0.custom_id",
            json!({"components": [row(vec![json!({"type": 2, "style": 1, "label": "x"})])]}),
        ),
        (
            "components.0.components.0.url",
            json!({"components": [row(vec![json!({"type": 2, "style": 5, "label": "x"})])]}),
        ),
        (
            "components.0.components.0.label",
            json!({"components": [row(vec![json!({"type": 2, "style": 1, "custom_id": "x"})])]}),
        ),
        (
            "components.0.components.0.max_values",
            json!({"components": [row(vec![{
                let mut m = select("s", 2); m["max_values"] = json!(26); m }])]}),
        ),
        (
            "components.0.components.0.options",
            json!({"components": [row(vec![select("s", 0)])]}),
        ),
        (
            "components.0.components",
            json!({"components": [row(vec![])]}),
        ),
        (
            "components.0.type",
            json!({"components": [button("loose")]}),
        ),
        (
            "components.0.components.0.type",
            json!({"components": [row(vec![json!({"type": 4, "custom_id": "t", "label": "l", "style": 1})])]}),
        ),
        (
            "allowed_mentions.users",
            json!({"content": "x", "allowed_mentions": {"users": (0..101).map(|i| i.to_string()).collect::<Vec<_>>()}}),
        ),
        (
            // EPHEMERAL cannot be set on a channel message.
            "flags",
            json!({"content": "x", "flags": 64}),
        ),
    ];
    for (path, body) in cases {
        let before = fake.messages().len();
        post(&fake, body).await.form_error_at(path);
        assert_eq!(
            fake.messages().len(),
            before,
            "a refused message creates nothing"
        );
    }
    // Empty: 50006.
    post(&fake, json!({"content": "  "}))
        .await
        .json_error(400, 50006);
    post(&fake, json!({"embeds": [], "components": []}))
        .await
        .json_error(400, 50006);
    // attachment:// naming an uploaded file is accepted; a file alone is not empty.
    let c = chan();
    let with_file = call_files(
        &fake,
        "POST",
        &format!("/channels/{c}/messages"),
        json!({"embeds": [{"image": {"url": "attachment://board.png"}}],
            "attachments": [{"id": 0, "filename": "board.png"}]}),
        &[("board.png", 100)],
    )
    .await;
    assert_eq!(with_file.status, 200, "{}", with_file.body);
    assert_eq!(with_file.body["attachments"][0]["filename"], "board.png");
    let file_only = call_files(
        &fake,
        "POST",
        &format!("/channels/{}/messages", chan()),
        json!({}),
        &[("a.txt", 3)],
    )
    .await;
    assert_eq!(file_only.status, 200);
    // Over the upload limit: 413 / 40005.
    fake.set_config(FakeConfig {
        attachment_size_limit: 1000,
        ..FakeConfig::default()
    });
    call_files(
        &fake,
        "POST",
        &format!("/channels/{}/messages", chan()),
        json!({"content": "big"}),
        &[("big.png", 1001)],
    )
    .await
    .json_error(413, 40005);
}

// ---------------------------------------------------------------------------------------------
// Interaction responses.

fn cb_path(d: &Value) -> String {
    format!(
        "/interactions/{}/{}/callback",
        d["id"].as_str().unwrap(),
        d["token"].as_str().unwrap()
    )
}

fn hook(d: &Value) -> String {
    format!("/webhooks/{APP_ID}/{}", d["token"].as_str().unwrap())
}

/// A modal: one paragraph text input per action row (see `discord_rules::check_modal`).
fn modal(custom_id: &str, title: &str, inputs: Vec<Value>) -> Value {
    let rows: Vec<Value> = inputs
        .into_iter()
        .map(|i| json!({"type": 1, "components": [i]}))
        .collect();
    json!({"type": 9, "data": {"custom_id": custom_id, "title": title, "components": rows}})
}

fn text_input(id: &str) -> Value {
    json!({"type": 4, "custom_id": id, "style": 2, "label": "What you do", "max_length": 1500})
}

/// MODAL (type 9) answers a slash command or a component, never a MODAL_SUBMIT or an
/// autocomplete; its title, custom id, rows and text inputs keep Discord's limits; a shown modal
/// stays open for its user until submitted.
#[tokio::test]
async fn a_modal_keeps_discords_limits_and_never_answers_a_modal() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    let d = fake.raw_interaction(2, c, &ALICE, None);
    let with = |f: &dyn Fn(&mut Value)| {
        let mut i = text_input("text");
        f(&mut i);
        i
    };
    let cases: Vec<(&str, Value)> = vec![
        (
            "data.title",
            modal("c:-:-:/nobi act", &s(46), vec![text_input("text")]),
        ),
        (
            "data.title",
            modal("c:-:-:/nobi act", "", vec![text_input("text")]),
        ),
        (
            "data.custom_id",
            modal(&s(101), "Act", vec![text_input("text")]),
        ),
        ("data.components", modal("m", "Act", vec![])),
        (
            "data.components",
            modal(
                "m",
                "Act",
                (0..6).map(|i| text_input(&format!("t{i}"))).collect(),
            ),
        ),
        (
            "data.components.0.components.0.max_length",
            modal("m", "Act", vec![with(&|i| i["max_length"] = json!(4001))]),
        ),
        (
            "data.components.0.components.0.min_length",
            modal("m", "Act", vec![with(&|i| i["min_length"] = json!(4001))]),
        ),
        (
            "data.components.0.components.0.label",
            modal("m", "Act", vec![with(&|i| i["label"] = json!(s(46)))]),
        ),
        (
            "data.components.0.components.0.style",
            modal("m", "Act", vec![with(&|i| i["style"] = json!(3))]),
        ),
        (
            "data.components.0.components.0.type",
            modal("m", "Act", vec![with(&|i| i["type"] = json!(2))]),
        ),
        (
            "data.components.1.components.0.custom_id",
            modal("m", "Act", vec![text_input("a"), text_input("a")]),
        ),
    ];
    for (at, body) in cases {
        call(&fake, "POST", &cb_path(&d), body)
            .await
            .form_error_at(at);
    }
    // Two text inputs in one action row.
    let mut two = modal("m", "Act", vec![text_input("a")]);
    two["data"]["components"][0]["components"] = json!([text_input("a"), text_input("b")]);
    call(&fake, "POST", &cb_path(&d), two)
        .await
        .form_error_at("data.components.0");
    assert!(
        fake.open_modals().is_empty(),
        "a refused modal is not shown"
    );
    let ok = call(
        &fake,
        "POST",
        &cb_path(&d),
        modal("c:-:-:/nobi act", &s(45), vec![text_input("text")]),
    )
    .await;
    assert_eq!(ok.status, 204, "{}", ok.body);
    let open = fake.open_modals();
    assert_eq!(open.len(), 1);
    assert_eq!((open[0].user, open[0].channel), (ALICE.id, c));
    // A modal submission and an autocomplete cannot be answered with a modal.
    for kind in [5, 4] {
        let m = fake.raw_interaction(kind, c, &ALICE, None);
        call(
            &fake,
            "POST",
            &cb_path(&m),
            modal("m", "Act", vec![text_input("t")]),
        )
        .await
        .form_error_at("type");
    }
    // A modal submission is answered like a command (a message or a deferral).
    let m = fake.raw_interaction(5, c, &ALICE, None);
    let ok = call(&fake, "POST", &cb_path(&m), json!({"type": 5})).await;
    assert_eq!(ok.status, 204, "{}", ok.body);
}

#[tokio::test]
async fn one_initial_response_of_a_type_the_interaction_allows() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    let d = fake.raw_interaction(2, c, &ALICE, None);
    // Component-only and autocomplete-only types on a slash command.
    for t in [1, 6, 7, 8] {
        call(
            &fake,
            "POST",
            &cb_path(&d),
            json!({"type": t, "data": {"content": "x"}}),
        )
        .await
        .form_error_at("type");
    }
    call(
        &fake,
        "POST",
        &cb_path(&d),
        json!({"type": 4, "data": {"content": "x", "flags": 2}}),
    )
    .await
    .form_error_at("data.flags");
    // A wrong token for a real interaction.
    call(
        &fake,
        "POST",
        &format!("/interactions/{}/wrong/callback", d["id"].as_str().unwrap()),
        json!({"type": 4, "data": {"content": "x"}}),
    )
    .await
    .json_error(404, 10062);
    // Message limits apply under `data`.
    call(
        &fake,
        "POST",
        &cb_path(&d),
        json!({"type": 4, "data": {"content": s(2001)}}),
    )
    .await
    .form_error_at("data.content");
    call(&fake, "POST", &cb_path(&d), json!({"type": 4, "data": {}}))
        .await
        .json_error(400, 50006);
    let ok = call(
        &fake,
        "POST",
        &cb_path(&d),
        json!({"type": 4, "data": {"content": "hi", "components": [row(vec![button("again")])]}}),
    )
    .await;
    assert_eq!(ok.status, 204, "{}", ok.body);
    call(
        &fake,
        "POST",
        &cb_path(&d),
        json!({"type": 4, "data": {"content": "twice"}}),
    )
    .await
    .json_error(400, 40060);
    // An unknown interaction.
    call(
        &fake,
        "POST",
        "/interactions/1/tok1/callback",
        json!({"type": 4, "data": {"content": "x"}}),
    )
    .await
    .json_error(404, 10062);
    // A component interaction may update its message (type 7) or acknowledge (type 6).
    let p = fake.raw_interaction(3, c, &ALICE, Some("again"));
    assert_eq!(
        call(
            &fake,
            "POST",
            &cb_path(&p),
            json!({"type": 7, "data": {"content": "updated"}})
        )
        .await
        .status,
        204
    );
    let m = fake.messages();
    assert_eq!(m.len(), 1, "type 7 edits the message, creates none");
    assert_eq!(m[0].content, "updated");
    let p6 = fake.raw_interaction(3, c, &ALICE, Some("again"));
    assert_eq!(
        call(&fake, "POST", &cb_path(&p6), json!({"type": 6}))
            .await
            .status,
        204
    );
    // Autocomplete takes only type 8, with at most 25 choices.
    let a = fake.raw_interaction(4, c, &ALICE, None);
    call(
        &fake,
        "POST",
        &cb_path(&a),
        json!({"type": 4, "data": {"content": "x"}}),
    )
    .await
    .form_error_at("type");
    let choices = |n: usize| {
        json!((0..n)
            .map(|i| json!({"name": format!("n{i}"), "value": format!("{i}")}))
            .collect::<Vec<_>>())
    };
    call(
        &fake,
        "POST",
        &cb_path(&a),
        json!({"type": 8, "data": {"choices": choices(26)}}),
    )
    .await
    .form_error_at("data.choices");
    assert_eq!(
        call(
            &fake,
            "POST",
            &cb_path(&a),
            json!({"type": 8, "data": {"choices": choices(25)}})
        )
        .await
        .status,
        204
    );
    // A deferral may only carry the EPHEMERAL flag.
    let f = fake.raw_interaction(2, c, &ALICE, None);
    call(
        &fake,
        "POST",
        &cb_path(&f),
        json!({"type": 5, "data": {"flags": 4}}),
    )
    .await
    .form_error_at("data.flags");
}

#[tokio::test]
async fn the_initial_response_is_due_within_the_deadline_and_the_token_expires() {
    let fake = FakeDiscord::start_with_config(FakeConfig {
        initial_response_deadline: Duration::from_millis(150),
        token_lifetime: Duration::from_millis(600),
        ..FakeConfig::default()
    })
    .await;
    assert_eq!(
        FakeConfig::default().initial_response_deadline,
        Duration::from_secs(3)
    );
    assert_eq!(
        FakeConfig::default().token_lifetime,
        Duration::from_secs(900)
    );
    let c = chan();
    let late = fake.raw_interaction(2, c, &ALICE, None);
    tokio::time::sleep(Duration::from_millis(200)).await;
    call(
        &fake,
        "POST",
        &cb_path(&late),
        json!({"type": 4, "data": {"content": "late"}}),
    )
    .await
    .json_error(404, 10062);
    // Its token was invalidated.
    call(&fake, "POST", &hook(&late), json!({"content": "x"}))
        .await
        .json_error(401, 50027);

    let d = fake.raw_interaction(2, c, &ALICE, None);
    // Before any initial response there is no webhook to follow up or edit.
    call(&fake, "POST", &hook(&d), json!({"content": "early"}))
        .await
        .json_error(404, 10015);
    call(
        &fake,
        "PATCH",
        &format!("{}/messages/@original", hook(&d)),
        json!({"content": "e"}),
    )
    .await
    .json_error(404, 10015);
    call(
        &fake,
        "DELETE",
        &format!("{}/messages/@original", hook(&d)),
        Value::Null,
    )
    .await
    .json_error(404, 10015);
    assert_eq!(
        call(&fake, "POST", &cb_path(&d), json!({"type": 5}))
            .await
            .status,
        204
    );
    let edit = call(
        &fake,
        "PATCH",
        &format!("{}/messages/@original", hook(&d)),
        json!({"content": "done"}),
    )
    .await;
    assert_eq!(edit.status, 200, "{}", edit.body);
    assert_eq!(edit.body["content"], "done");
    let fu = call(&fake, "POST", &hook(&d), json!({"content": "more"})).await;
    assert_eq!(fu.status, 200);
    tokio::time::sleep(Duration::from_millis(650)).await;
    call(&fake, "POST", &hook(&d), json!({"content": "too late"}))
        .await
        .json_error(401, 50027);
    call(
        &fake,
        "PATCH",
        &format!("{}/messages/@original", hook(&d)),
        json!({"content": "x"}),
    )
    .await
    .json_error(401, 50027);
    assert!(!fake.public_text().contains("too late"));
}

#[tokio::test]
async fn visibility_follows_the_initial_response_as_the_docs_describe() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    // Ephemeral answer: only the invoker sees it.
    let e = fake.raw_interaction(2, c, &ALICE, None);
    call(
        &fake,
        "POST",
        &cb_path(&e),
        json!({"type": 4, "data": {"content": "your hand: ace", "flags": 64}}),
    )
    .await;
    // Public deferral, then a followup flagged ephemeral: it edits the public placeholder and
    // the flag is ignored — the text is public.
    let p = fake.raw_interaction(2, c, &ALICE, None);
    call(&fake, "POST", &cb_path(&p), json!({"type": 5})).await;
    let r = call(
        &fake,
        "POST",
        &hook(&p),
        json!({"content": "secret judge: 7", "flags": 64}),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["flags"].as_u64().unwrap() & 64, 0);
    // A second followup is a new message with its own flags.
    call(
        &fake,
        "POST",
        &hook(&p),
        json!({"content": "second, private", "flags": 64}),
    )
    .await;
    // Private deferral: the first followup edits it and stays private even without the flag.
    let q = fake.raw_interaction(2, c, &ALICE, None);
    call(
        &fake,
        "POST",
        &cb_path(&q),
        json!({"type": 5, "data": {"flags": 64}}),
    )
    .await;
    call(
        &fake,
        "POST",
        &hook(&q),
        json!({"content": "blind roll: 4"}),
    )
    .await;
    // Public deferral deleted, then an ephemeral followup: a new private message.
    let x = fake.raw_interaction(2, c, &ALICE, None);
    call(&fake, "POST", &cb_path(&x), json!({"type": 5})).await;
    let del = call(
        &fake,
        "DELETE",
        &format!("{}/messages/@original", hook(&x)),
        Value::Null,
    )
    .await;
    assert_eq!(del.status, 204);
    call(
        &fake,
        "POST",
        &hook(&x),
        json!({"content": "dealt privately", "flags": 64}),
    )
    .await;

    let public = fake.public_text();
    assert!(public.contains("secret judge: 7"), "{public}");
    for private in [
        "your hand: ace",
        "second, private",
        "blind roll: 4",
        "dealt privately",
    ] {
        assert!(!public.contains(private), "{private} leaked: {public}");
    }
    let msgs = fake.messages();
    let find = |t: &str| msgs.iter().find(|m| m.content == t).unwrap().clone();
    assert_eq!(
        find("your hand: ace").visibility,
        Visibility::Ephemeral { user: ALICE.id }
    );
    assert_eq!(
        find("blind roll: 4").visibility,
        Visibility::Ephemeral { user: ALICE.id }
    );
    assert_eq!(find("secret judge: 7").visibility, Visibility::Public);
    assert!(msgs
        .iter()
        .any(|m| m.deleted && m.visibility == Visibility::Public));
}

// ---------------------------------------------------------------------------------------------
// Rate limits.

#[tokio::test]
async fn channel_messages_are_rate_limited_per_channel_with_discords_headers() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    let path = format!("/channels/{c}/messages");
    for i in 0..5 {
        let r = call(&fake, "POST", &path, json!({"content": format!("m{i}")})).await;
        assert_eq!(r.status, 200);
        assert_eq!(r.header("X-RateLimit-Limit"), Some("5"));
        assert_eq!(
            r.header("X-RateLimit-Remaining"),
            Some(&*(4 - i).to_string())
        );
        for h in [
            "X-RateLimit-Reset",
            "X-RateLimit-Reset-After",
            "X-RateLimit-Bucket",
        ] {
            assert!(r.header(h).is_some(), "{h}");
        }
    }
    let r = call(&fake, "POST", &path, json!({"content": "m5"})).await;
    assert_eq!(r.status, 429);
    assert_eq!(r.body["message"], "You are being rate limited.");
    assert_eq!(r.body["global"], false);
    let retry = r.body["retry_after"].as_f64().unwrap();
    assert!(retry > 0.0 && retry <= 5.0);
    for h in [
        "Retry-After",
        "X-RateLimit-Limit",
        "X-RateLimit-Remaining",
        "X-RateLimit-Reset",
        "X-RateLimit-Reset-After",
        "X-RateLimit-Bucket",
        "X-RateLimit-Scope",
    ] {
        assert!(r.header(h).is_some(), "{h}");
    }
    assert_eq!(r.header("X-RateLimit-Remaining"), Some("0"));
    assert_eq!(
        fake.messages().len(),
        5,
        "the refused request created nothing"
    );
    assert_eq!(fake.rate_limit_violations().len(), 1);
    // Another channel has its own bucket.
    assert_eq!(
        post(&fake, json!({"content": "elsewhere"})).await.status,
        200
    );
}

#[tokio::test]
async fn throttle_next_refuses_once_and_records_early_retries() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    let d = fake.raw_interaction(2, c, &ALICE, None);
    call(
        &fake,
        "POST",
        &cb_path(&d),
        json!({"type": 4, "data": {"content": "hi"}}),
    )
    .await;
    fake.throttle_next(RouteKind::Followup, Duration::from_millis(300));
    let r = call(&fake, "POST", &hook(&d), json!({"content": "once"})).await;
    assert_eq!(r.status, 429);
    assert!((r.body["retry_after"].as_f64().unwrap() - 0.3).abs() < 0.05);
    assert!(
        fake.rate_limit_violations().is_empty(),
        "the injected 429 is no violation"
    );
    // Retrying at once is a violation and is refused too.
    assert_eq!(
        call(&fake, "POST", &hook(&d), json!({"content": "once"}))
            .await
            .status,
        429
    );
    assert_eq!(fake.rate_limit_violations().len(), 1);
    tokio::time::sleep(Duration::from_millis(320)).await;
    assert_eq!(
        call(&fake, "POST", &hook(&d), json!({"content": "once"}))
            .await
            .status,
        200
    );
    let n = fake
        .messages()
        .iter()
        .filter(|m| m.content == "once")
        .count();
    assert_eq!(n, 1, "the message appears once");
    // Edits are throttled too.
    fake.throttle_next(RouteKind::EditMessage, Duration::from_millis(100));
    let e = call(
        &fake,
        "PATCH",
        &format!("{}/messages/@original", hook(&d)),
        json!({"content": "x"}),
    )
    .await;
    assert_eq!(e.status, 429);
    fake.throttle_next(RouteKind::ChannelMessage, Duration::from_millis(100));
    assert_eq!(post(&fake, json!({"content": "x"})).await.status, 429);
}

// ---------------------------------------------------------------------------------------------
// Permissions.

#[tokio::test]
async fn channel_messages_need_view_send_attach_and_embed_permissions() {
    let fake = FakeDiscord::start().await;
    let at = |perms: u64| {
        let c = chan();
        fake.set_bot_permissions(c, perms);
        format!("/channels/{c}/messages")
    };
    let all = DEFAULT_BOT_PERMISSIONS;
    call(
        &fake,
        "POST",
        &at(all & !VIEW_CHANNEL),
        json!({"content": "x"}),
    )
    .await
    .json_error(403, 50001);
    call(
        &fake,
        "POST",
        &at(all & !SEND_MESSAGES),
        json!({"content": "x"}),
    )
    .await
    .json_error(403, 50013);
    call_files(
        &fake,
        "POST",
        &at(all & !ATTACH_FILES),
        json!({"content": "x"}),
        &[("a.png", 10)],
    )
    .await
    .json_error(403, 50013);
    assert_eq!(
        call_files(
            &fake,
            "POST",
            &at(all),
            json!({"content": "x"}),
            &[("a.png", 10)]
        )
        .await
        .status,
        200
    );
    // Without Embed Links: embeds alone are refused, with content they are dropped.
    call(
        &fake,
        "POST",
        &at(all & !EMBED_LINKS),
        json!({"embeds": [{"title": "t"}]}),
    )
    .await
    .json_error(403, 50013);
    let r = call(
        &fake,
        "POST",
        &at(all & !EMBED_LINKS),
        json!({"content": "c", "embeds": [{"title": "t"}]}),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["embeds"], json!([]));
    // Interactions carry the channel's permissions.
    let c = chan();
    fake.set_bot_permissions(c, VIEW_CHANNEL);
    let d = fake.raw_interaction(2, c, &ALICE, None);
    assert_eq!(d["app_permissions"], VIEW_CHANNEL.to_string());
    assert_eq!(fake.bot_permissions(chan()), DEFAULT_BOT_PERMISSIONS);
}

#[tokio::test]
async fn interaction_answers_ignore_send_messages_but_need_attach_files() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    fake.set_bot_permissions(c, VIEW_CHANNEL | EMBED_LINKS);
    let d = fake.raw_interaction(2, c, &ALICE, None);
    let r = call(
        &fake,
        "POST",
        &cb_path(&d),
        json!({"type": 4, "data": {"content": "answer"}}),
    )
    .await;
    assert_eq!(r.status, 204, "no Send Messages needed: {}", r.body);
    call_files(
        &fake,
        "POST",
        &hook(&d),
        json!({"content": "pic"}),
        &[("p.png", 5)],
    )
    .await
    .json_error(403, 50013);
    fake.set_bot_permissions(c, VIEW_CHANNEL | ATTACH_FILES);
    let d2 = fake.raw_interaction(2, c, &ALICE, None);
    call(&fake, "POST", &cb_path(&d2), json!({"type": 5})).await;
    let ok = call_files(
        &fake,
        "POST",
        &hook(&d2),
        json!({"content": "pic"}),
        &[("p.png", 5)],
    )
    .await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    // The interaction's attachment_size_limit applies.
    fake.set_config(FakeConfig {
        attachment_size_limit: 4,
        ..FakeConfig::default()
    });
    let d3 = fake.raw_interaction(2, c, &ALICE, None);
    assert_eq!(d3["attachment_size_limit"], 4);
    call(&fake, "POST", &cb_path(&d3), json!({"type": 5})).await;
    call_files(
        &fake,
        "POST",
        &hook(&d3),
        json!({"content": "pic"}),
        &[("p.png", 5)],
    )
    .await
    .json_error(413, 40005);
}

#[tokio::test]
async fn pinning_needs_pin_messages_not_manage_messages() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    let m = call(
        &fake,
        "POST",
        &format!("/channels/{c}/messages"),
        json!({"content": "pin me"}),
    )
    .await;
    let id = m.body["id"].as_str().unwrap().to_string();
    for route in [
        format!("/channels/{c}/pins/{id}"),
        format!("/channels/{c}/messages/pins/{id}"),
    ] {
        fake.set_bot_permissions(c, DEFAULT_BOT_PERMISSIONS | MANAGE_MESSAGES);
        call(&fake, "PUT", &route, Value::Null)
            .await
            .json_error(403, 50013);
        fake.set_bot_permissions(c, DEFAULT_BOT_PERMISSIONS | PIN_MESSAGES);
        assert_eq!(call(&fake, "PUT", &route, Value::Null).await.status, 204);
    }
    call(&fake, "PUT", &format!("/channels/{c}/pins/1"), Value::Null)
        .await
        .json_error(404, 10008);
    assert!(fake.messages()[0].pinned);
}

#[tokio::test]
async fn edits_follow_the_message_rules_and_only_reach_existing_messages() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    let made = call_files(
        &fake,
        "POST",
        &format!("/channels/{c}/messages"),
        json!({"content": "board", "embeds": [{"image": {"url": "attachment://a.png"}}]}),
        &[("a.png", 10)],
    )
    .await;
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_string();
    let att = made.body["attachments"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/channels/{c}/messages/{id}");
    call(
        &fake,
        "PATCH",
        &format!("/channels/{c}/messages/1"),
        json!({"content": "x"}),
    )
    .await
    .json_error(404, 10008);
    call(&fake, "PATCH", &path, json!({"content": s(2001)}))
        .await
        .form_error_at("content");
    // Dropping the attachment the embed shows is refused; keeping it is accepted.
    call(&fake, "PATCH", &path, json!({"attachments": []}))
        .await
        .form_error_at("embeds.0.image.url");
    let kept = call(
        &fake,
        "PATCH",
        &path,
        json!({"content": "board v2", "attachments": [{"id": att}]}),
    )
    .await;
    assert_eq!(kept.status, 200, "{}", kept.body);
    // An edit that leaves nothing is an empty message.
    call(
        &fake,
        "PATCH",
        &path,
        json!({"content": "", "embeds": [], "attachments": []}),
    )
    .await
    .json_error(400, 50006);
    let m = fake.messages();
    assert_eq!(m[0].content, "board v2");
    assert_eq!(m[0].revisions.len(), 2);
    // Followup ids belong to their interaction's token.
    let d = fake.raw_interaction(2, c, &ALICE, None);
    call(
        &fake,
        "POST",
        &cb_path(&d),
        json!({"type": 4, "data": {"content": "hi"}}),
    )
    .await;
    call(
        &fake,
        "PATCH",
        &format!("{}/messages/{id}", hook(&d)),
        json!({"content": "x"}),
    )
    .await
    .json_error(404, 10008);
    let fu = call(&fake, "POST", &hook(&d), json!({"content": "fu"})).await;
    let fid = fu.body["id"].as_str().unwrap();
    let e = call(
        &fake,
        "PATCH",
        &format!("{}/messages/{fid}", hook(&d)),
        json!({"content": "fu2"}),
    )
    .await;
    assert_eq!(e.status, 200);
    assert_eq!(
        call(
            &fake,
            "GET",
            &format!("{}/messages/@original", hook(&d)),
            Value::Null
        )
        .await
        .body["content"],
        "hi"
    );
    // A token of another application is an unknown webhook.
    call(
        &fake,
        "POST",
        &format!("/webhooks/1/{}", d["token"].as_str().unwrap()),
        json!({"content": "x"}),
    )
    .await
    .json_error(404, 10015);
}

#[tokio::test]
async fn direct_messages_need_no_channel_permissions_and_stay_out_of_public_text() {
    let fake = FakeDiscord::start().await;
    let dm = call(
        &fake,
        "POST",
        "/users/@me/channels",
        json!({"recipient_id": ALICE.id.to_string()}),
    )
    .await;
    assert_eq!(dm.status, 200);
    let dm_id: u64 = dm.body["id"].as_str().unwrap().parse().unwrap();
    fake.set_bot_permissions(dm_id, 0);
    let r = call(
        &fake,
        "POST",
        &format!("/channels/{dm_id}/messages"),
        json!({"content": "gm secret"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        fake.messages()[0].visibility,
        Visibility::Direct { user: ALICE.id }
    );
    assert!(!fake.public_text().contains("gm secret"));
    post(&fake, json!({"content": "table talk"})).await;
    assert!(fake.public_text().contains("table talk"));
}

#[tokio::test]
async fn the_old_single_nw_is_refused_and_todays_registration_is_accepted() {
    use croupier::table::Game;
    let fake = FakeDiscord::start().await;
    let games = croupier::games::load(std::path::Path::new("data")).expect("game data loads");
    let today = games.commands();
    // Before the split: one `/nw` holding every group.
    let mut whole = croupier::games::nightwizard::NightWizard::command();
    for s in &mut whole.subcommands {
        s.top_level = None;
    }
    let split: Vec<String> = whole.registered().into_iter().map(|c| c.name).collect();
    assert_eq!(split, ["nw"], "markers cleared");
    let old: Vec<_> = today
        .iter()
        .filter(|c| !c.name.starts_with("nw"))
        .cloned()
        .chain(std::iter::once(whole))
        .collect();
    let old_body = croupier::discord::registration(&old);
    let nw_at = old.len() - 1;
    assert!(command_size(&old_body[nw_at]) > 8000);
    let r = put_commands(&fake, old_body).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        error_paths(&r.body)
            .iter()
            .any(|(p, c)| p == &nw_at.to_string() && c == "APPLICATION_COMMAND_TOO_LARGE"),
        "{}",
        r.body
    );
    let r = put_commands(&fake, croupier::discord::registration(&today)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    for c in croupier::discord::registration(&today).as_array().unwrap() {
        println!(
            "/{} {} / 8000",
            c["name"].as_str().unwrap(),
            command_size(c)
        );
        assert!(command_size(c) <= 7500);
    }
}

#[tokio::test]
async fn an_enforced_nonce_returns_the_message_already_made_and_a_long_nonce_is_refused() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    let path = format!("/channels/{c}/messages");
    let first = call(
        &fake,
        "POST",
        &path,
        json!({"content": "once", "nonce": "o7-0", "enforce_nonce": true}),
    )
    .await;
    assert_eq!(first.status, 200, "{}", first.body);
    // The same nonce, enforced: the first message comes back and no second one is made.
    let again = call(
        &fake,
        "POST",
        &path,
        json!({"content": "once", "nonce": "o7-0", "enforce_nonce": true}),
    )
    .await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(again.body["id"], first.body["id"]);
    let made = |fake: &FakeDiscord| {
        fake.messages()
            .iter()
            .filter(|m| m.channel == c && m.content == "once")
            .count()
    };
    assert_eq!(made(&fake), 1);
    // Not enforced: a nonce alone makes a new message each time.
    let loose = call(
        &fake,
        "POST",
        &path,
        json!({"content": "once", "nonce": "o7-0"}),
    )
    .await;
    assert_eq!(loose.status, 200);
    assert_ne!(loose.body["id"], first.body["id"]);
    assert_eq!(made(&fake), 2);
    // "up to 25 characters".
    call(
        &fake,
        "POST",
        &path,
        json!({"content": "x", "nonce": "n".repeat(26), "enforce_nonce": true}),
    )
    .await
    .form_error_at("nonce");
}

#[tokio::test]
async fn update_message_retires_components_once_per_press_and_edits_keep_disabled_flags() {
    let fake = FakeDiscord::start().await;
    let c = chan();
    let made = call(
        &fake,
        "POST",
        &format!("/channels/{c}/messages"),
        json!({"content": "your turn", "components": [row(vec![button("roll"), button("view")])]}),
    )
    .await;
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_string();
    let retired = |flag: Value| {
        let mut roll = button("roll");
        roll["disabled"] = flag;
        json!([row(vec![roll, button("view")])])
    };
    // `disabled` is a boolean ("Button": `disabled?` boolean).
    let p = fake.raw_interaction(3, c, &ALICE, Some("roll"));
    call(
        &fake,
        "POST",
        &cb_path(&p),
        json!({"type": 7, "data": {"components": retired(json!("yes"))}}),
    )
    .await
    .form_error_at("data.components.0.components.0.disabled");
    // UPDATE_MESSAGE with only `components` keeps the message's text and changes its buttons.
    let ok = call(
        &fake,
        "POST",
        &cb_path(&p),
        json!({"type": 7, "data": {"components": retired(json!(true))}}),
    )
    .await;
    assert_eq!(ok.status, 204, "{}", ok.body);
    let m = fake.messages();
    assert_eq!(m.len(), 1, "type 7 edits the pressed message, creates none");
    assert_eq!(m[0].content, "your turn");
    assert_eq!(fake.disabled(c, "roll"), Some(true));
    assert_eq!(fake.disabled(c, "view"), Some(false));
    // One initial response per interaction, an update included.
    call(
        &fake,
        "POST",
        &cb_path(&p),
        json!({"type": 7, "data": {"components": retired(json!(false))}}),
    )
    .await
    .json_error(400, 40060);
    assert_eq!(fake.disabled(c, "roll"), Some(true));
    // A channel edit carries the flag too (and is refused with a wrong type).
    let path = format!("/channels/{c}/messages/{id}");
    call(
        &fake,
        "PATCH",
        &path,
        json!({"components": retired(json!(1))}),
    )
    .await
    .form_error_at("components.0.components.0.disabled");
    let edit = call(
        &fake,
        "PATCH",
        &path,
        json!({"components": retired(json!(false))}),
    )
    .await;
    assert_eq!(edit.status, 200, "{}", edit.body);
    assert_eq!(fake.disabled(c, "roll"), Some(false));
}

#[tokio::test]
async fn update_message_is_due_within_the_initial_response_deadline() {
    let fake = FakeDiscord::start_with_config(FakeConfig {
        initial_response_deadline: Duration::from_millis(100),
        ..FakeConfig::default()
    })
    .await;
    let c = chan();
    let made = call(
        &fake,
        "POST",
        &format!("/channels/{c}/messages"),
        json!({"content": "turn", "components": [row(vec![button("roll")])]}),
    )
    .await;
    assert_eq!(made.status, 200, "{}", made.body);
    let p = fake.raw_interaction(3, c, &ALICE, Some("roll"));
    tokio::time::sleep(Duration::from_millis(150)).await;
    call(
        &fake,
        "POST",
        &cb_path(&p),
        json!({"type": 7, "data": {"components": []}}),
    )
    .await
    .json_error(404, 10062);
    assert_eq!(fake.disabled(c, "roll"), Some(false), "nothing changed");
}
