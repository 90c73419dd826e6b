//! A fake Discord for end-to-end tests: an HTTP/1.1 server and a gateway WebSocket on
//! 127.0.0.1 that speak enough of API v10 for the real bot (serenity with its HTTP proxied
//! here and the ratelimiter off) to log in, register commands, receive interactions and
//! answer them. Every request is recorded so tests assert on exactly what the bot sent.
//!
//! Gateway: in `fake_gateway.rs` (sharding, close codes, RESUME). REST: `/gateway`,
//! `/gateway/bot`, and the strict routes in `fake_rest.rs` (command registration, interaction
//! callbacks, followups, channel messages, edits, pins, DM channels), validated by
//! `discord_rules.rs` as Discord does. A route that needs the bot token answers 401 without it.

#![allow(dead_code)]

use std::collections::HashMap;
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

use super::discord_rules;
pub use super::fake_rest::{FakeConfig, FakeMessage, RouteKind, Violation, Visibility};
use super::fake_rest::{Reply, Rest};

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
    /// Their bytes, in the same order.
    pub file_bytes: Vec<Vec<u8>>,
    /// When it arrived.
    pub at: Instant,
    /// The status the fake answered (0 for gateway payloads).
    pub status: u16,
}

#[derive(Default)]
struct Inner {
    log: Mutex<Vec<Recorded>>,
    gateway: OnceLock<Arc<Gateway>>,
    sent_at: Mutex<HashMap<String, Instant>>,
    callback_at: Mutex<HashMap<String, Instant>>,
    next_id: AtomicU64,
    /// Requests that arrived over the TLS tunnel (as to `https://discord.com`).
    tls_requests: AtomicU64,
    changed: Notify,
    rest: Rest,
    /// While set, interaction callbacks are lost on the way: never applied, never answered.
    lose_callbacks: std::sync::atomic::AtomicBool,
    /// Paths of the callbacks lost so.
    lost: Mutex<Vec<String>>,
    /// Each user's client language (an interaction's `locale`; `en-US` unless set).
    locales: Mutex<HashMap<u64, String>>,
    /// The server's language (an interaction's `guild_locale`; `en-US` unless set).
    guild_locale: Mutex<Option<String>>,
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
    /// The test authority's certificate (PEM) that signs the fake's `discord.com`
    /// certificate: a bot that trusts it and uses `http_url` as its HTTPS proxy talks to
    /// `https://discord.com` exactly as in production, with serenity's ratelimiter on.
    pub root_pem: String,
}

impl FakeDiscord {
    /// Starts the HTTP and gateway servers on free local ports (token [`TOKEN`], one guild),
    /// with Discord's timings.
    pub async fn start() -> FakeDiscord {
        Self::start_full(
            FakeConfig::default(),
            GatewayOptions::new(TOKEN, vec![GUILD_ID]),
        )
        .await
    }

    /// Starts the fake with the given gateway behaviour.
    pub async fn start_with(gateway: GatewayOptions) -> FakeDiscord {
        Self::start_full(FakeConfig::default(), gateway).await
    }

    /// Starts the fake with other timings (e.g. a shorter token lifetime for a test).
    pub async fn start_with_config(config: FakeConfig) -> FakeDiscord {
        Self::start_full(config, GatewayOptions::new(TOKEN, vec![GUILD_ID])).await
    }

    /// Starts the fake with the given timings and gateway behaviour.
    pub async fn start_full(config: FakeConfig, gateway: GatewayOptions) -> FakeDiscord {
        let http = TcpListener::bind("127.0.0.1:0").await.expect("bind http");
        let inner = Arc::new(Inner {
            next_id: AtomicU64::new(1_000_000_000_000_000_000),
            ..Default::default()
        });
        let tls = super::tls::make();
        inner.rest.set_config(config);
        inner.rest.set_guilds(gateway.guilds.clone());
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
                            file_bytes: vec![],
                            at: Instant::now(),
                            status: 0,
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
            root_pem: tls.root_pem.clone(),
        };
        let i = inner.clone();
        let acceptor = tls.acceptor;
        tokio::spawn(async move {
            while let Ok((sock, _)) = http.accept().await {
                let _ = sock.set_nodelay(true);
                let i = i.clone();
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    let _ = serve_connection(i, sock, acceptor).await;
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

    /// Requests that came through the HTTPS tunnel, as to `https://discord.com`.
    pub fn tls_requests(&self) -> u64 {
        self.inner.tls_requests.load(Ordering::SeqCst)
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

    /// From now on (`true`) interaction callbacks are lost on the way, as when the bot's
    /// process dies while sending one: Discord never sees them, and the bot gets no answer.
    pub fn lose_callbacks(&self, on: bool) {
        self.inner.lose_callbacks.store(on, Ordering::SeqCst);
    }

    /// Waits until a callback of interaction `id` has been lost (see [`Self::lose_callbacks`]).
    pub async fn lost_callback(&self, id: &str) {
        let prefix = format!("/interactions/{id}/");
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let notified = self.inner.changed.notified();
            if self
                .inner
                .lost
                .lock()
                .unwrap()
                .iter()
                .any(|p| p.starts_with(&prefix))
            {
                return;
            }
            assert!(
                tokio::time::timeout_at(deadline, notified).await.is_ok(),
                "no callback of interaction {id} was sent"
            );
        }
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

    /// Replaces the timings and limits (for interactions dispatched from now on as well as
    /// those in flight).
    pub fn set_config(&self, config: FakeConfig) {
        self.inner.rest.set_config(config);
    }

    /// The current timings and limits.
    pub fn config(&self) -> FakeConfig {
        self.inner.rest.config()
    }

    /// Sets the bot's permissions in `channel` (see `discord_rules::DEFAULT_BOT_PERMISSIONS`);
    /// interactions from that channel carry them as `app_permissions`.
    pub fn set_bot_permissions(&self, channel: u64, bits: u64) {
        self.inner.rest.set_bot_permissions(channel, bits);
    }

    /// The bot's permissions in `channel`.
    pub fn bot_permissions(&self, channel: u64) -> u64 {
        self.inner.rest.bot_permissions(channel)
    }

    /// The registered application commands (as accepted, with ids).
    pub fn commands(&self) -> Vec<Value> {
        self.inner.rest.commands()
    }

    /// Every message the fake created (deleted ones too, flagged), with who can see it.
    pub fn messages(&self) -> Vec<FakeMessage> {
        self.inner.rest.messages()
    }

    /// All text any member of a guild channel could see at some point: every version of every
    /// public message (deleted or not), not ephemeral answers, not DMs.
    pub fn public_text(&self) -> String {
        self.messages()
            .iter()
            .filter(|m| m.visibility == Visibility::Public)
            .flat_map(|m| m.revisions.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Makes the next request of `kind` answer 429 with `retry_after`; its bucket stays
    /// limited that long (every request in it before then is a violation).
    pub fn throttle_next(&self, kind: RouteKind, retry_after: Duration) {
        self.inner.rest.throttle_next(kind, retry_after);
    }

    /// Every request that arrived while its rate-limit bucket was exhausted.
    pub fn rate_limit_violations(&self) -> Vec<Violation> {
        self.inner.rest.violations()
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

    /// Those of `ids` whose answer reached Discord: a type 4 callback, or the edit that fills
    /// a deferral. A "thinking…" deferral acknowledges nothing: only an answer tells the user
    /// their action happened.
    pub fn answered_ids<'a>(&self, ids: impl IntoIterator<Item = &'a String>) -> Vec<String> {
        let seen = self.requests();
        ids.into_iter()
            .filter(|id| {
                let cb = format!("/interactions/{id}/");
                let edit = format!("/{}/messages/@original", token_of(id));
                seen.iter().any(|r| {
                    r.status < 300
                        && ((r.path.starts_with(&cb) && r.body["type"] == 4)
                            || (r.method == "PATCH" && r.path.ends_with(&edit)))
                })
            })
            .cloned()
            .collect()
    }

    /// Sends a gateway dispatch to the shard of `d`'s `guild_id` (shard 0 without one).
    pub fn dispatch(&self, t: &str, d: Value) {
        let guild = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
        self.inner.gateway().dispatch(guild, t, d);
    }

    /// The client language `user`'s interactions carry from now on (Discord's locale tag:
    /// `ja`, `en-US`, …; "Interaction Object": `locale`, "the selected language of the
    /// invoking user").
    pub fn set_locale(&self, user: u64, locale: &str) {
        if let Ok(mut m) = self.inner.locales.lock() {
            m.insert(user, locale.to_string());
        }
    }

    /// The server's language its interactions carry from now on ("Interaction Object":
    /// `guild_locale`, "the guild's preferred locale, if invoked in a guild").
    pub fn set_guild_locale(&self, locale: &str) {
        if let Ok(mut g) = self.inner.guild_locale.lock() {
            *g = Some(locale.to_string());
        }
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
            "app_permissions": self.inner.rest.bot_permissions(channel).to_string(),
            "locale": self.inner.locales.lock().ok().and_then(|m| m.get(&who.id).cloned())
                .unwrap_or_else(|| "en-US".into()),
            "guild_locale": self.inner.guild_locale.lock().ok().and_then(|g| g.clone())
                .unwrap_or_else(|| "en-US".into()),
            "entitlements": [],
            "attachment_size_limit": self.inner.rest.config().attachment_size_limit,
        })
    }

    /// The registered declaration of the leaf at `path` (`["dice", "new"]`).
    /// The registered command's id and the type of each option named in `names` (`None` for
    /// a name the leaf does not declare).
    fn leaf_option_types(&self, path: &[&str], names: &[&str]) -> (String, Vec<Option<u64>>) {
        // Walks the registered tree under the fake's lock and copies out only what the payload
        // needs: a load test sends thousands of commands, and copying declarations for each
        // would make the harness, not the bot, the measured cost.
        let found = self.inner.rest.with_command(path[0], |root| {
            let mut node = root;
            for p in &path[1..] {
                node = node["options"]
                    .as_array()
                    .and_then(|o| o.iter().find(|o| o["name"] == *p))
                    .unwrap_or_else(|| panic!("/{} has no `{p}`", path.join(" ")));
            }
            let decl = node["options"].as_array().map(Vec::as_slice).unwrap_or(&[]);
            (
                root["id"].as_str().unwrap_or("1").to_string(),
                names
                    .iter()
                    .map(|n| {
                        decl.iter()
                            .find(|o| o["name"] == *n)
                            .map(|o| o["type"].as_u64().unwrap_or(3))
                    })
                    .collect(),
            )
        });
        found.unwrap_or_else(|| match self.inner.rest.registration_refusal() {
            Some(e) => panic!(
                "/{} was not registered: the fake refused the registration with {e}",
                path[0]
            ),
            None => panic!("/{} was not registered", path[0]),
        })
    }

    fn command_data(&self, line: &str, opts: &[(&str, &str)], focused: Option<&str>) -> Value {
        let path: Vec<&str> = line.trim_start_matches('/').split_whitespace().collect();
        let names: Vec<&str> = opts.iter().map(|(n, _)| *n).collect();
        let (cmd_id, kinds) = self.leaf_option_types(&path, &names);
        let mut values = vec![];
        for ((name, v), kind) in opts.iter().zip(kinds) {
            let kind = kind.unwrap_or_else(|| panic!("/{line} has no option `{name}`"));
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
        self.inner.rest.register_interaction(&d);
        self.dispatch("INTERACTION_CREATE", d);
    }

    /// Registers an interaction of `kind` (2 command, 3 component, 4 autocomplete) from `who`
    /// in `channel` as if dispatched now, without a connected bot (for tests that answer it
    /// over raw HTTP); a component interaction is on the live message carrying `custom_id`.
    /// Returns the payload the bot would have received.
    pub fn raw_interaction(
        &self,
        kind: u8,
        channel: u64,
        who: &Who,
        custom_id: Option<&str>,
    ) -> Value {
        let id = self.new_id();
        let mut d = self.common(kind, channel, who, &id);
        if let Some(m) = custom_id.and_then(|c| self.inner.rest.message_with_custom_id(channel, c))
        {
            d["message"] = message_json(&m.id, &channel.to_string(), &m.content, m.embeds);
        }
        self.inner.rest.register_interaction(&d);
        d
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

    /// The modals the bot showed that are still open, oldest first.
    pub fn open_modals(&self) -> Vec<super::fake_rest::ShownModal> {
        self.inner.rest.open_modals()
    }

    /// Submits the modal `custom_id` open on `who`'s screen with a value per text input (by its
    /// custom id; one left out is empty): a MODAL_SUBMIT interaction (type 5) whose `data` holds
    /// the modal's `custom_id` and, per action row, the text input's `custom_id` and `value`
    /// ("Interaction Object" → "Modal Submit Data Structure"). Discord's client submits only a
    /// modal it shows, once, and only values its text inputs allow
    /// ([`discord_rules::modal_value_refused`]): otherwise the submission is refused here and the
    /// modal stays open. Returns the interaction id.
    pub fn submit_modal(
        &self,
        channel: u64,
        who: &Who,
        custom_id: &str,
        values: &[(&str, &str)],
    ) -> Result<String, String> {
        let shown = self
            .open_modals()
            .into_iter()
            .rev()
            .find(|m| m.user == who.id && m.data["custom_id"] == custom_id)
            .ok_or_else(|| format!("no modal `{custom_id}` is open for {}", who.name))?;
        if shown.channel != channel {
            return Err(format!(
                "the modal `{custom_id}` was opened in another channel"
            ));
        }
        let mut rows = vec![];
        for row in shown.data["components"].as_array().into_iter().flatten() {
            let input = &row["components"][0];
            let id = input["custom_id"].as_str().unwrap_or("");
            let value = values
                .iter()
                .find(|(k, _)| *k == id)
                .map_or("", |(_, v)| *v);
            if let Some(why) = discord_rules::modal_value_refused(input, value) {
                return Err(format!("`{id}`: {why}"));
            }
            rows.push(json!({"type": 1, "components": [
                {"type": 4, "custom_id": id, "value": value}
            ]}));
        }
        self.inner.rest.take_modal(who.id, custom_id);
        let id = self.new_id();
        let mut d = self.common(5, channel, who, &id);
        d["data"] = json!({"custom_id": custom_id, "components": rows});
        self.send_interaction(&id, d);
        Ok(id)
    }

    /// The answer to a press that the bot answered by updating the pressed message
    /// (UPDATE_MESSAGE, callback type 7): the first message it then sent for it in `channel` (a
    /// channel message or a followup), shaped as a callback (`"updated": true`); `cb` itself
    /// when it is no update, or when nothing followed within 10 s.
    pub async fn answer_after_update(&self, channel: u64, id: &str, cb: Recorded) -> Recorded {
        if cb.body["type"] != 7 {
            return cb;
        }
        let token = token_of(id);
        let chan = format!("/channels/{channel}/messages");
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while tokio::time::Instant::now() < deadline {
            let notified = self.inner.changed.notified();
            let next = self.requests().into_iter().find(|r| {
                r.at >= cb.at
                    && r.method == "POST"
                    && r.status < 300
                    && (r.path == chan
                        || (r.path.starts_with("/webhooks/") && r.path.ends_with(&token)))
            });
            if let Some(m) = next {
                return Recorded {
                    body: json!({"type": 4, "data": m.body, "updated": true}),
                    files: m.files,
                    file_bytes: m.file_bytes,
                    ..cb
                };
            }
            let _ = tokio::time::timeout_at(deadline, notified).await;
        }
        cb
    }

    /// Presses a button (`values` empty) or picks in a menu. A disabled component cannot be
    /// pressed ("Button Object": `disabled` — "Whether the button is disabled"; Discord's
    /// clients send no interaction for it): pressing one panics.
    pub fn press(&self, channel: u64, who: &Who, custom_id: &str, values: &[&str]) -> String {
        assert_ne!(
            self.disabled(channel, custom_id),
            Some(true),
            "`{custom_id}` is disabled: it cannot be pressed"
        );
        self.press_raced(channel, who, custom_id, values)
    }

    /// Whether the component `custom_id` is disabled on the latest live message carrying it
    /// (`None`: no message carries it).
    pub fn disabled(&self, channel: u64, custom_id: &str) -> Option<bool> {
        let m = self.inner.rest.message_with_custom_id(channel, custom_id)?;
        Some(m.components.iter().any(|r| {
            r["components"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|c| c["custom_id"] == custom_id && c["disabled"].as_bool() == Some(true))
        }))
    }

    /// [`Self::press`] from a client that had not yet seen the edit disabling the component
    /// (the edit and the press crossed): the press arrives all the same.
    pub fn press_raced(&self, channel: u64, who: &Who, custom_id: &str, values: &[&str]) -> String {
        let id = self.new_id();
        let mut d = self.common(3, channel, who, &id);
        d["data"] = if values.is_empty() {
            json!({"custom_id": custom_id, "component_type": 2})
        } else {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        };
        // The message the component is on: the live one carrying it, else a stand-in.
        d["message"] = match self.inner.rest.message_with_custom_id(channel, custom_id) {
            Some(m) => {
                let flags = match m.visibility {
                    Visibility::Ephemeral { .. } => discord_rules::EPHEMERAL,
                    _ => 0,
                };
                let mut j = message_json(&m.id, &channel.to_string(), &m.content, m.embeds);
                j["components"] = json!(m.components);
                j["flags"] = json!(flags);
                j
            }
            None => message_json(&self.new_id(), &channel.to_string(), "", vec![]),
        };
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

async fn read_request<R: tokio::io::AsyncRead + Unpin>(
    r: &mut BufReader<R>,
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
        // Read into spare capacity: zero-filling a 20 KB upload first was a visible part of
        // the fake's own time under load.
        body.reserve_exact(n);
        let got = (&mut *r).take(n as u64).read_to_end(&mut body).await?;
        if got < n {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
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
fn parse_body(req: &HttpRequest) -> (Value, Vec<discord_rules::Upload>) {
    let ct = req.headers.get("content-type").cloned().unwrap_or_default();
    if let Some(b) = ct.split("boundary=").nth(1) {
        discord_rules::parse_multipart(&req.body, b.trim_matches('"'))
    } else if req.body.is_empty() {
        (Value::Null, vec![])
    } else {
        (
            serde_json::from_slice(&req.body).unwrap_or(Value::Null),
            vec![],
        )
    }
}

/// One client connection: plain HTTP (serenity's proxy mode, `/api/v10/…` paths), or a
/// `CONNECT discord.com:443` tunnel (an HTTPS proxy) after which the same API is served over
/// TLS as `discord.com`.
async fn serve_connection(
    inner: Arc<Inner>,
    sock: TcpStream,
    acceptor: tokio_rustls::TlsAcceptor,
) -> std::io::Result<()> {
    let mut r = BufReader::new(sock);
    let mut line = String::new();
    // Peek at the request line without consuming a plain request.
    let buf = r.fill_buf().await?;
    if buf.starts_with(b"CONNECT ") {
        loop {
            line.clear();
            if r.read_line(&mut line).await? == 0 || line.trim().is_empty() {
                break;
            }
        }
        let mut sock = r.into_inner();
        sock.write_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
            .await?;
        let tls = acceptor.accept(sock).await?;
        serve_http(inner, tls, true).await
    } else {
        serve_http(inner, r, false).await
    }
}

async fn serve_http<S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin>(
    inner: Arc<Inner>,
    sock: S,
    over_tls: bool,
) -> std::io::Result<()> {
    let (r, mut w) = tokio::io::split(sock);
    let mut r = BufReader::new(r);
    while let Some(req) = read_request(&mut r).await? {
        if over_tls {
            inner.tls_requests.fetch_add(1, Ordering::SeqCst);
        }
        if req.path.ends_with("/callback") && inner.lose_callbacks.load(Ordering::SeqCst) {
            inner.lost.lock().unwrap().push(req.path.clone());
            inner.changed.notify_waiters();
            // Lost on the way: this connection never answers (its sender is gone).
            std::future::pending::<()>().await;
        }
        let (body, uploads) = parse_body(&req);
        let new_id = || inner.next_id.fetch_add(1, Ordering::SeqCst).to_string();
        let reply = match unauthorized(&inner, &req) {
            Some((status, body)) => Reply {
                status,
                body,
                headers: vec![],
            },
            None => inner
                .rest
                .handle(&req.method, &req.path, &body, &uploads, &new_id)
                .unwrap_or_else(|| {
                    let (status, body) = route(&inner, &req.method, &req.path, &body);
                    Reply {
                        status,
                        body,
                        headers: vec![],
                    }
                }),
        };
        let status = reply.status;
        if status == 204 && req.path.ends_with("/callback") {
            if let Some(id) = req.path.split('/').nth(2) {
                inner
                    .callback_at
                    .lock()
                    .unwrap()
                    .insert(id.to_string(), Instant::now());
            }
        }
        record(
            &inner,
            Recorded {
                method: req.method.clone(),
                path: req.path.clone(),
                body,
                files: uploads.iter().map(|u| u.filename.clone()).collect(),
                file_bytes: uploads.into_iter().map(|u| u.data).collect(),
                at: Instant::now(),
                status,
            },
        );
        let text = reply.body.map(|v| v.to_string()).unwrap_or_default();
        let reason = match status {
            200 => "OK",
            204 => "No Content",
            400 => "Bad Request",
            401 => "Unauthorized",
            403 => "Forbidden",
            413 => "Payload Too Large",
            429 => "Too Many Requests",
            _ => "Not Found",
        };
        let extra: String = reply
            .headers
            .iter()
            .map(|(k, v)| format!("{k}: {v}\r\n"))
            .collect();
        let head = format!(
            "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n{extra}content-length: {}\r\n\r\n",
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

fn route(inner: &Inner, method: &str, path: &str, _body: &Value) -> (u16, Option<Value>) {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
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
        _ => (404, Some(json!({"message": "404: Not Found", "code": 0}))),
    }
}
