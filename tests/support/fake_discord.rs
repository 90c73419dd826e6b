//! A fake Discord for end-to-end tests: an HTTP/1.1 server and a gateway WebSocket on
//! 127.0.0.1 that speak enough of API v10 for the real bot (serenity with its HTTP proxied
//! here and the ratelimiter off) to log in, register commands, receive interactions and
//! answer them. Every request is recorded so tests assert on exactly what the bot sent.
//!
//! Gateway: in `fake_gateway.rs` (sharding, close codes, RESUME). REST: `/gateway`, `/gateway/bot`,
//! command registration (`PUT …/commands`), interaction callbacks (204; a second callback for
//! one interaction gets 400, as on Discord), webhook followups, channel messages, DM channels.
//! A route that needs the bot token answers 401 without it.

#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

use super::fake_gateway::{Gateway, GatewayOptions};

/// The bot token the fake accepts unless a test configures another.
pub const TOKEN: &str = "fake-token-not-secret";

/// The application (and bot user) id the fake reports.
pub const APP_ID: u64 = 900_000_000_000_000_001;
/// The bot's user id.
pub const BOT_ID: u64 = 900_000_000_000_000_002;
/// The guild every interaction comes from.
pub const GUILD_ID: u64 = 800_000_000_000_000_001;

/// Permission bits: VIEW_CHANNEL | SEND_MESSAGES.
pub const PERM_MEMBER: u64 = 1024 | 2048;
/// … plus MANAGE_CHANNELS.
pub const PERM_MANAGER: u64 = PERM_MEMBER | 16;

/// A member who acts in tests.
#[derive(Debug, Clone, Copy)]
pub struct Who {
    /// User id.
    pub id: u64,
    /// User name.
    pub name: &'static str,
    /// Has Manage Channels.
    pub manager: bool,
}

/// One request the bot made (or a gateway payload it sent: method `WS`).
#[derive(Debug, Clone)]
pub struct Recorded {
    /// HTTP method, or `WS`.
    pub method: String,
    /// Path without `/api/v10` and query, or the gateway op name.
    pub path: String,
    /// JSON body (for multipart: the `payload_json` part).
    pub body: Value,
    /// Names of attached files (multipart).
    pub files: Vec<String>,
    /// When it arrived.
    pub at: Instant,
}

#[derive(Default)]
struct Inner {
    log: Mutex<Vec<Recorded>>,
    gateway: OnceLock<Arc<Gateway>>,
    commands: Mutex<Vec<Value>>,
    answered: Mutex<HashSet<String>>,
    sent_at: Mutex<HashMap<String, Instant>>,
    callback_at: Mutex<HashMap<String, Instant>>,
    next_id: AtomicU64,
    changed: Notify,
}

impl Inner {
    fn gateway(&self) -> &Gateway {
        self.gateway.get().expect("the gateway is started")
    }
}

/// The running fake.
#[derive(Clone)]
pub struct FakeDiscord {
    inner: Arc<Inner>,
    /// Base URL for serenity's proxy setting (`http://127.0.0.1:PORT`).
    pub http_url: String,
}

impl FakeDiscord {
    /// Starts the HTTP and gateway servers on free local ports (token [`TOKEN`], one guild).
    pub async fn start() -> FakeDiscord {
        Self::start_with(GatewayOptions::new(TOKEN, vec![GUILD_ID])).await
    }

    /// Starts the fake with the given gateway behaviour.
    pub async fn start_with(gateway: GatewayOptions) -> FakeDiscord {
        let http = TcpListener::bind("127.0.0.1:0").await.expect("bind http");
        let inner = Arc::new(Inner {
            next_id: AtomicU64::new(1_000_000_000_000_000_000),
            ..Default::default()
        });
        let weak = Arc::downgrade(&inner);
        let gw = Gateway::start(
            gateway,
            APP_ID,
            BOT_ID,
            Box::new(move |op, body| {
                if let Some(i) = weak.upgrade() {
                    record(
                        &i,
                        Recorded {
                            method: "WS".into(),
                            path: op.into(),
                            body,
                            files: vec![],
                            at: Instant::now(),
                        },
                    );
                }
            }),
        )
        .await;
        let _ = inner.gateway.set(gw);
        let fake = FakeDiscord {
            inner: inner.clone(),
            http_url: format!("http://{}", http.local_addr().unwrap()),
        };
        let i = inner.clone();
        tokio::spawn(async move {
            while let Ok((sock, _)) = http.accept().await {
                let i = i.clone();
                tokio::spawn(async move {
                    let _ = serve_http(i, sock).await;
                });
            }
        });
        fake
    }

    /// The gateway: shards, close codes, sessions.
    pub fn gateway(&self) -> &Gateway {
        self.inner.gateway()
    }

    fn record(&self, r: Recorded) {
        record(&self.inner, r);
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.log.lock().unwrap().clone()
    }

    /// How many requests so far (a mark for [`FakeDiscord::since`]).
    pub fn mark(&self) -> usize {
        self.inner.log.lock().unwrap().len()
    }

    /// Requests after a mark.
    pub fn since(&self, mark: usize) -> Vec<Recorded> {
        self.inner.log.lock().unwrap()[mark..].to_vec()
    }

    /// Number of IDENTIFYs received (one per bot connection).
    pub fn identifies(&self) -> u64 {
        self.inner.gateway().identifies()
    }

    /// Waits until a recorded request matches `pred` (panics after `timeout`).
    pub async fn wait_for(
        &self,
        what: &str,
        timeout: Duration,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.inner.changed.notified();
            if let Some(r) = self.inner.log.lock().unwrap().iter().find(|r| pred(r)) {
                return r.clone();
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let seen: Vec<String> = self
                    .requests()
                    .iter()
                    .map(|r| format!("{} {}", r.method, r.path))
                    .collect();
                panic!("timed out waiting for {what}; requests seen: {seen:#?}");
            }
        }
    }

    /// Waits for the command registration (`PUT …/commands`) and returns its body.
    pub async fn registered(&self) -> Recorded {
        self.wait_for("command registration", Duration::from_secs(10), |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await
    }

    /// Waits for the initial callback of interaction `id`.
    pub async fn callback(&self, id: &str) -> Recorded {
        let prefix = format!("/interactions/{id}/");
        self.wait_for(
            &format!("the callback of interaction {id}"),
            Duration::from_secs(5),
            |r| r.method == "POST" && r.path.starts_with(&prefix),
        )
        .await
    }

    /// Waits for interaction `id`'s first callback; returns the time from dispatch to callback.
    /// (Constant time per call, for load tests.)
    pub async fn answered_in(&self, id: &str, timeout: Duration) -> Option<Duration> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.inner.changed.notified();
            if let Some(at) = self.inner.callback_at.lock().unwrap().get(id) {
                let sent = *self.inner.sent_at.lock().unwrap().get(id)?;
                return Some(at.duration_since(sent));
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return None;
            }
        }
    }

    /// Forgets recorded requests (long load runs).
    pub fn clear_log(&self) {
        self.inner.log.lock().unwrap().clear();
    }

    /// Every request made with interaction `id`'s token (callback, followups).
    pub fn for_interaction(&self, id: &str) -> Vec<Recorded> {
        let token = token_of(id);
        self.requests()
            .into_iter()
            .filter(|r| {
                r.path.contains(&format!("/{id}/")) || r.path.contains(&format!("/{token}"))
            })
            .collect()
    }

    /// Seconds from dispatching interaction `id` to its callback arriving.
    pub fn latency(&self, id: &str) -> Option<Duration> {
        let sent = *self.inner.sent_at.lock().unwrap().get(id)?;
        let prefix = format!("/interactions/{id}/");
        let log = self.inner.log.lock().unwrap();
        let r = log
            .iter()
            .find(|r| r.method == "POST" && r.path.starts_with(&prefix))?;
        Some(r.at.duration_since(sent))
    }

    /// Sends a gateway dispatch to the shard of `d`'s `guild_id` (shard 0 without one).
    pub fn dispatch(&self, t: &str, d: Value) {
        let guild = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
        self.inner.gateway().dispatch(guild, t, d);
    }

    fn new_id(&self) -> String {
        self.inner
            .next_id
            .fetch_add(1, Ordering::SeqCst)
            .to_string()
    }

    fn common(&self, kind: u8, channel: u64, who: &Who, id: &str) -> Value {
        let perms = if who.manager {
            PERM_MANAGER
        } else {
            PERM_MEMBER
        };
        json!({
            "id": id,
            "application_id": APP_ID.to_string(),
            "type": kind,
            "token": token_of(id),
            "version": 1,
            "guild_id": GUILD_ID.to_string(),
            "channel_id": channel.to_string(),
            "member": {
                "user": user_json(who.id, who.name),
                "roles": [],
                "joined_at": "2026-01-01T00:00:00.000000+00:00",
                "deaf": false,
                "mute": false,
                "flags": 0,
                "permissions": perms.to_string(),
            },
            "app_permissions": "2147483647",
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 10_485_760,
        })
    }

    /// The registered declaration of the leaf at `path` (`["dice", "new"]`).
    fn leaf_options(&self, path: &[&str]) -> (String, Vec<Value>) {
        let cmds = self.inner.commands.lock().unwrap();
        let root = cmds
            .iter()
            .find(|c| c["name"] == path[0])
            .unwrap_or_else(|| panic!("/{} was not registered", path[0]));
        let mut node = root.clone();
        for p in &path[1..] {
            node = node["options"]
                .as_array()
                .and_then(|o| o.iter().find(|o| o["name"] == *p))
                .unwrap_or_else(|| panic!("/{} has no `{p}`", path.join(" ")))
                .clone();
        }
        (
            root["id"].as_str().unwrap_or("1").to_string(),
            node["options"].as_array().cloned().unwrap_or_default(),
        )
    }

    fn command_data(&self, line: &str, opts: &[(&str, &str)], focused: Option<&str>) -> Value {
        let path: Vec<&str> = line.trim_start_matches('/').split_whitespace().collect();
        let (cmd_id, decl) = self.leaf_options(&path);
        let mut values = vec![];
        for (name, v) in opts {
            let d = decl
                .iter()
                .find(|o| o["name"] == *name)
                .unwrap_or_else(|| panic!("/{line} has no option `{name}`"));
            let kind = d["type"].as_u64().unwrap_or(3);
            let value = if focused == Some(name) {
                json!(v)
            } else {
                match kind {
                    4 => json!(v.parse::<i64>().expect("integer option")),
                    5 => json!(*v == "true"),
                    _ => json!(v),
                }
            };
            let mut o = json!({"name": name, "type": kind, "value": value});
            if focused == Some(name) {
                o["focused"] = json!(true);
            }
            values.push(o);
        }
        // Wrap in subcommand / group levels, innermost first.
        let mut options = Value::Array(values);
        let levels = path.len() - 1;
        for (depth, name) in path.iter().enumerate().skip(1).rev() {
            let kind = if depth == levels { 1 } else { 2 };
            options = json!([{"name": name, "type": kind, "options": options}]);
        }
        json!({"id": cmd_id, "name": path[0], "type": 1, "options": options})
    }

    /// Delivers a slash command (`"dice new"`, options by name) from `who` in `channel`;
    /// returns the interaction id.
    pub fn slash(&self, channel: u64, who: &Who, line: &str, opts: &[(&str, &str)]) -> String {
        let id = self.new_id();
        let mut d = self.common(2, channel, who, &id);
        d["data"] = self.command_data(line, opts, None);
        self.send_interaction(&id, d);
        id
    }

    /// Delivers the same interaction payload again (a duplicate delivery).
    pub fn redeliver(&self, id: &str, d: Value) {
        self.dispatch("INTERACTION_CREATE", d);
        let _ = id;
    }

    /// Builds (without sending) a slash command interaction.
    pub fn slash_payload(
        &self,
        channel: u64,
        who: &Who,
        line: &str,
        opts: &[(&str, &str)],
    ) -> (String, Value) {
        let id = self.new_id();
        let mut d = self.common(2, channel, who, &id);
        d["data"] = self.command_data(line, opts, None);
        (id, d)
    }

    /// Sends a built interaction payload.
    pub fn send_interaction(&self, id: &str, d: Value) {
        self.inner
            .sent_at
            .lock()
            .unwrap()
            .insert(id.to_string(), Instant::now());
        self.dispatch("INTERACTION_CREATE", d);
    }

    /// Delivers an autocomplete request while `focused` is being typed.
    pub fn autocomplete(
        &self,
        channel: u64,
        who: &Who,
        line: &str,
        opts: &[(&str, &str)],
        focused: &str,
    ) -> String {
        let id = self.new_id();
        let mut d = self.common(4, channel, who, &id);
        d["data"] = self.command_data(line, opts, Some(focused));
        self.send_interaction(&id, d);
        id
    }

    /// Presses a button (`values` empty) or picks in a menu.
    pub fn press(&self, channel: u64, who: &Who, custom_id: &str, values: &[&str]) -> String {
        let id = self.new_id();
        let mut d = self.common(3, channel, who, &id);
        d["data"] = if values.is_empty() {
            json!({"custom_id": custom_id, "component_type": 2})
        } else {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        };
        d["message"] = message_json(&self.new_id(), &channel.to_string(), "", vec![]);
        self.send_interaction(&id, d);
        id
    }
}

/// The token the fake gives interaction `id`.
pub fn token_of(id: &str) -> String {
    format!("tok{id}")
}

fn record(inner: &Inner, r: Recorded) {
    inner.log.lock().unwrap().push(r);
    inner.changed.notify_waiters();
}

fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": name, "avatar": null})
}

fn message_json(id: &str, channel: &str, content: &str, embeds: Vec<Value>) -> Value {
    json!({
        "id": id,
        "channel_id": channel,
        "author": {"id": BOT_ID.to_string(), "username": "croupier", "discriminator": "0", "avatar": null, "bot": true},
        "content": content,
        "timestamp": "2026-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": embeds,
        "pinned": false,
        "type": 0,
    })
}

struct HttpRequest {
    method: String,
    path: String,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

async fn read_request(
    r: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
) -> std::io::Result<Option<HttpRequest>> {
    let mut line = String::new();
    if r.read_line(&mut line).await? == 0 {
        return Ok(None);
    }
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or("").to_string();
    let target = parts.next().unwrap_or("").to_string();
    let mut headers = HashMap::new();
    loop {
        let mut h = String::new();
        r.read_line(&mut h).await?;
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_string());
        }
    }
    let mut body = vec![];
    if let Some(n) = headers
        .get("content-length")
        .and_then(|v| v.parse::<usize>().ok())
    {
        body.resize(n, 0);
        r.read_exact(&mut body).await?;
    } else if headers
        .get("transfer-encoding")
        .is_some_and(|v| v.contains("chunked"))
    {
        loop {
            let mut size = String::new();
            r.read_line(&mut size).await?;
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            let mut chunk = vec![0; n + 2];
            r.read_exact(&mut chunk).await?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..n]);
        }
    }
    let path = target
        .split('?')
        .next()
        .unwrap_or("")
        .trim_start_matches("/api/v10")
        .to_string();
    Ok(Some(HttpRequest {
        method,
        path,
        headers,
        body,
    }))
}

/// Reads the body: JSON, or multipart with `payload_json` and files.
fn parse_body(req: &HttpRequest) -> (Value, Vec<String>) {
    let ct = req.headers.get("content-type").cloned().unwrap_or_default();
    if let Some(b) = ct.split("boundary=").nth(1) {
        let boundary = format!("--{}", b.trim_matches('"'));
        let text = String::from_utf8_lossy(&req.body).to_string();
        let mut payload = Value::Null;
        let mut files = vec![];
        for part in text.split(&boundary) {
            let Some((head, content)) = part.split_once("\r\n\r\n") else {
                continue;
            };
            let content = content.strip_suffix("\r\n").unwrap_or(content);
            if head.contains("name=\"payload_json\"") {
                payload = serde_json::from_str(content).unwrap_or(Value::Null);
            } else if let Some(f) = head.split("filename=\"").nth(1) {
                files.push(f.split('"').next().unwrap_or("").to_string());
            }
        }
        (payload, files)
    } else if req.body.is_empty() {
        (Value::Null, vec![])
    } else {
        (
            serde_json::from_slice(&req.body).unwrap_or(Value::Null),
            vec![],
        )
    }
}

async fn serve_http(inner: Arc<Inner>, sock: TcpStream) -> std::io::Result<()> {
    let (r, mut w) = sock.into_split();
    let mut r = BufReader::new(r);
    while let Some(req) = read_request(&mut r).await? {
        let (body, files) = parse_body(&req);
        let (status, reply) = match unauthorized(&inner, &req) {
            Some(refusal) => refusal,
            None => route(&inner, &req.method, &req.path, &body),
        };
        record(
            &inner,
            Recorded {
                method: req.method.clone(),
                path: req.path.clone(),
                body,
                files,
                at: Instant::now(),
            },
        );
        let text = reply.map(|v| v.to_string()).unwrap_or_default();
        let reason = match status {
            200 => "OK",
            204 => "No Content",
            400 => "Bad Request",
            401 => "Unauthorized",
            _ => "Not Found",
        };
        let head = format!(
            "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
            text.len()
        );
        w.write_all(head.as_bytes()).await?;
        w.write_all(text.as_bytes()).await?;
        w.flush().await?;
    }
    Ok(())
}

/// A request without the valid bot token on a route that needs one: 401 with Discord's body
/// ("Opcodes and Status Codes" → HTTP: "401 UNAUTHORIZED: The Authorization header was
/// missing or invalid"). `GET /gateway` needs no authentication ("Get Gateway"); webhook and
/// interaction-callback routes are authorized by the token in their path (Webhook resource:
/// "They do not require a bot user or authentication").
fn unauthorized(inner: &Inner, req: &HttpRequest) -> Option<(u16, Option<Value>)> {
    let parts: Vec<&str> = req.path.trim_matches('/').split('/').collect();
    let open = matches!(parts.as_slice(), ["gateway"] | ["webhooks", ..])
        || matches!(parts.as_slice(), ["interactions", _, _, "callback"]);
    let auth = req.headers.get("authorization").map(String::as_str);
    if open || inner.gateway().authorized(auth) {
        None
    } else {
        Some((
            401,
            Some(json!({"message": "401: Unauthorized", "code": 0})),
        ))
    }
}

fn route(inner: &Inner, method: &str, path: &str, body: &Value) -> (u16, Option<Value>) {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let new_id = || inner.next_id.fetch_add(1, Ordering::SeqCst).to_string();
    match (method, parts.as_slice()) {
        ("GET", ["gateway"]) => (200, Some(json!({"url": inner.gateway().url}))),
        ("GET", ["gateway", "bot"]) => (200, Some(inner.gateway().bot_info())),
        ("GET", ["users", "@me"]) => (200, Some(user_json(BOT_ID, "croupier"))),
        ("GET", ["oauth2", "applications", "@me"]) => (
            200,
            Some(
                json!({"id": APP_ID.to_string(), "name": "croupier", "description": "", "bot_public": true,
                "bot_require_code_grant": false, "verify_key": "00", "icon": null, "team": null, "flags": 0,
                "owner": user_json(1, "owner")}),
            ),
        ),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let mut cmds = body.as_array().cloned().unwrap_or_default();
            for c in cmds.iter_mut() {
                c["id"] = json!(new_id());
                c["application_id"] = json!(APP_ID.to_string());
                c["version"] = json!("1");
                c["type"] = json!(1);
            }
            *inner.commands.lock().unwrap() = cmds.clone();
            (200, Some(Value::Array(cmds)))
        }
        ("POST", ["interactions", id, _token, "callback"]) => {
            if inner.answered.lock().unwrap().insert(id.to_string()) {
                inner
                    .callback_at
                    .lock()
                    .unwrap()
                    .insert(id.to_string(), Instant::now());
                (204, None)
            } else {
                (
                    400,
                    Some(
                        json!({"message": "Interaction has already been acknowledged.", "code": 40060}),
                    ),
                )
            }
        }
        ("POST", ["webhooks", _, _token]) | ("PATCH", ["webhooks", _, _token, "messages", _]) => {
            let content = body["content"].as_str().unwrap_or("");
            (200, Some(message_json(&new_id(), "1", content, vec![])))
        }
        ("DELETE", ["webhooks", _, _, "messages", _]) => (204, None),
        ("POST", ["channels", channel, "messages"]) => {
            let content = body["content"].as_str().unwrap_or("");
            (200, Some(message_json(&new_id(), channel, content, vec![])))
        }
        ("PATCH", ["channels", channel, "messages", id]) => {
            let content = body["content"].as_str().unwrap_or("");
            (200, Some(message_json(id, channel, content, vec![])))
        }
        ("PUT", ["channels", _, "pins", _]) => (204, None),
        ("POST", ["users", "@me", "channels"]) => {
            let rid = body["recipient_id"].as_str().unwrap_or("1").to_string();
            let rid: u64 = rid.parse().unwrap_or(1);
            (
                200,
                Some(json!({"id": new_id(), "type": 1, "last_message_id": null,
                    "recipients": [user_json(rid, "someone")]})),
            )
        }
        _ => (404, Some(json!({"message": "404: Not Found", "code": 0}))),
    }
}
