//! The strict REST side of the fake Discord: state (registered commands, interactions, every
//! message with who can see it, the bot's channel permissions, rate-limit buckets) and the
//! handlers for every route the bot sends messages through. Validation rules live in
//! `discord_rules.rs`; this file applies them in the order Discord does and keeps the state.
//!
//! Rate limits ("Rate Limits" topic): Discord publishes the mechanism (per-route buckets keyed by
//! the top-level resource — channel, or webhook id + token —, the `X-RateLimit-*` headers on
//! every response, 429 with `{"message", "retry_after", "global"}` plus `Retry-After` and
//! `X-RateLimit-Scope`) but not the numbers ("rate limits should not be hard coded"). The fake
//! picks, per bucket: interaction followups (`POST /webhooks/{app}/{token}`) 5 per 2 s per token;
//! channel messages (`POST /channels/{id}/messages`) 5 per 5 s per channel; message edits
//! (`PATCH /channels/{id}/messages/{m}`, `PATCH /webhooks/{app}/{token}/messages/{m}`) 5 per 5 s
//! per channel or token. Interaction callbacks are not throttled ("Receiving and Responding",
//! "Endpoints": not bound to the global rate limit).

#![allow(dead_code)]

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use super::discord_rules::{
    self as rules, Refusal, Upload, ATTACH_FILES, DEFAULT_BOT_PERMISSIONS, EMBED_LINKS, EPHEMERAL,
    PIN_MESSAGES, SEND_MESSAGES, VIEW_CHANNEL,
};

/// Timings and limits of the fake; `Default` is Discord's.
#[derive(Debug, Clone)]
pub struct FakeConfig {
    /// The initial response must arrive this soon after the interaction was dispatched
    /// ("Receiving and Responding" → "Interaction Callback": "within 3 seconds … If the 3 second
    /// deadline is exceeded, the token will be invalidated").
    pub initial_response_deadline: Duration,
    /// How long an interaction token works for followups and editing or deleting the original
    /// ("Followup Messages": "Interaction tokens are valid for **15 minutes**").
    pub token_lifetime: Duration,
    /// Per-file upload limit in bytes, stated in every interaction as `attachment_size_limit`
    /// ("Uploading Files": "The default limit is `10 MiB`").
    pub attachment_size_limit: u64,
}

impl Default for FakeConfig {
    fn default() -> FakeConfig {
        FakeConfig {
            initial_response_deadline: Duration::from_secs(3),
            token_lifetime: Duration::from_secs(15 * 60),
            attachment_size_limit: 10 * 1024 * 1024,
        }
    }
}

/// A throttled route family (one bucket per channel or interaction token).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RouteKind {
    /// `POST /webhooks/{app}/{token}` (interaction followups).
    Followup,
    /// `POST /channels/{id}/messages`.
    ChannelMessage,
    /// `PATCH /channels/{id}/messages/{m}` and `PATCH /webhooks/{app}/{token}/messages/{m}`.
    EditMessage,
}

impl RouteKind {
    /// (requests per window, window, the `X-RateLimit-Bucket` hash).
    pub fn limits(self) -> (u32, Duration, &'static str) {
        match self {
            RouteKind::Followup => (5, Duration::from_secs(2), "f4k3-webhook-execute"),
            RouteKind::ChannelMessage => (5, Duration::from_secs(5), "f4k3-message-create"),
            RouteKind::EditMessage => (5, Duration::from_secs(5), "f4k3-message-edit"),
        }
    }
}

/// A request that arrived while its bucket was exhausted (it got a 429).
#[derive(Debug, Clone)]
pub struct Violation {
    /// Route family.
    pub kind: RouteKind,
    /// Method and path.
    pub request: String,
    /// How long before the bucket reset it arrived.
    pub early_by: Duration,
}

/// Who can see a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// Everyone in the channel.
    Public,
    /// Only the user who invoked the interaction (flag EPHEMERAL).
    Ephemeral {
        /// That user.
        user: u64,
    },
    /// A direct-message channel with this user.
    Direct {
        /// The recipient.
        user: u64,
    },
}

/// A message as the fake holds it.
#[derive(Debug, Clone)]
pub struct FakeMessage {
    /// Message id.
    pub id: String,
    /// Channel id.
    pub channel: u64,
    /// Who can see it.
    pub visibility: Visibility,
    /// Current content.
    pub content: String,
    /// Current embeds.
    pub embeds: Vec<Value>,
    /// Current component rows.
    pub components: Vec<Value>,
    /// Attached file names.
    pub files: Vec<String>,
    attachment_ids: Vec<String>,
    /// The interaction it answers, if any.
    pub interaction: Option<String>,
    /// A deferred response's "thinking…" placeholder not yet edited.
    pub loading: bool,
    /// Deleted (it was visible until then).
    pub deleted: bool,
    /// Pinned.
    pub pinned: bool,
    /// The visible text of every version the message had, oldest first.
    pub revisions: Vec<String>,
}

impl FakeMessage {
    /// Visible text: content, embed texts, component labels and options, file names.
    pub fn text(&self) -> String {
        let mut out = vec![self.content.clone()];
        for e in &self.embeds {
            for k in ["title", "description"] {
                out.push(e[k].as_str().unwrap_or("").to_string());
            }
            for f in e["fields"].as_array().into_iter().flatten() {
                out.push(format!(
                    "{}: {}",
                    f["name"].as_str().unwrap_or(""),
                    f["value"].as_str().unwrap_or("")
                ));
            }
            out.push(e["footer"]["text"].as_str().unwrap_or("").to_string());
            out.push(e["author"]["name"].as_str().unwrap_or("").to_string());
        }
        for row in &self.components {
            for c in row["components"].as_array().into_iter().flatten() {
                out.push(c["label"].as_str().unwrap_or("").to_string());
                out.push(c["placeholder"].as_str().unwrap_or("").to_string());
                for o in c["options"].as_array().into_iter().flatten() {
                    out.push(o["label"].as_str().unwrap_or("").to_string());
                    out.push(o["description"].as_str().unwrap_or("").to_string());
                }
            }
        }
        out.extend(self.files.iter().cloned());
        out.retain(|s| !s.is_empty());
        out.join("\n")
    }

    /// The message object Discord returns.
    fn json(&self) -> Value {
        let attachments: Vec<Value> = self
            .files
            .iter()
            .zip(&self.attachment_ids)
            .map(|(f, id)| {
                json!({"id": id, "filename": f, "size": 1,
                    "url": format!("https://cdn.invalid/{id}/{f}"),
                    "proxy_url": format!("https://media.invalid/{id}/{f}")})
            })
            .collect();
        let embeds: Vec<Value> = self
            .embeds
            .iter()
            .map(|e| {
                let mut e = e.clone();
                e["type"] = json!("rich");
                e
            })
            .collect();
        let flags = match self.visibility {
            Visibility::Ephemeral { .. } => EPHEMERAL,
            _ => 0,
        } | if self.loading { 1 << 7 } else { 0 };
        json!({
            "id": self.id,
            "channel_id": self.channel.to_string(),
            "author": {"id": super::fake_discord::BOT_ID.to_string(), "username": "croupier",
                "discriminator": "0", "avatar": null, "bot": true},
            "content": self.content,
            "timestamp": "2026-01-01T00:00:00.000000+00:00",
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": embeds,
            "components": self.components,
            "pinned": self.pinned,
            "type": if self.interaction.is_some() { 20 } else { 0 },
            "flags": flags,
        })
    }
}

#[derive(Debug, Clone)]
struct Interaction {
    id: String,
    token: String,
    kind: u64,
    channel: u64,
    user: u64,
    dispatched: Instant,
    app_permissions: u64,
    size_limit: u64,
    source_message: Option<String>,
    ack: Option<u64>,
    original: Option<String>,
    followups: Vec<String>,
    invalidated: bool,
}

#[derive(Debug)]
struct Bucket {
    remaining: u32,
    reset_at: Instant,
}

#[derive(Default)]
struct State {
    cfg: FakeConfig,
    /// The guilds the bot is in (`None`: any).
    guilds: Option<Vec<u64>>,
    perms: HashMap<u64, u64>,
    dm_channels: HashMap<u64, u64>,
    interactions: HashMap<String, Interaction>,
    messages: Vec<FakeMessage>,
    commands: Vec<Value>,
    registration_refusal: Option<Value>,
    buckets: HashMap<(RouteKind, String), Bucket>,
    throttles: Vec<(RouteKind, Duration)>,
    violations: Vec<Violation>,
    /// Channel messages created with `enforce_nonce`: (channel, nonce) → (message, when).
    nonces: HashMap<(u64, String), (usize, Instant)>,
    /// Modals open on a user's screen, not yet submitted.
    modals: Vec<ShownModal>,
}

/// A modal the bot showed (interaction response type 9), open until its user submits it.
#[derive(Debug, Clone)]
pub struct ShownModal {
    /// Who sees it: the user of the interaction it answered.
    pub user: u64,
    /// The channel of that interaction (a submission comes from there).
    pub channel: u64,
    /// The modal as sent (`custom_id`, `title`, `components`).
    pub data: Value,
}

/// How long Discord remembers an enforced nonce ("Create Message": `enforce_nonce` — "If true
/// and nonce is present, it will be checked for uniqueness in the past few minutes"). The docs
/// give no number; the fake takes 2 minutes, so a caller may rely on "a few" only.
pub const NONCE_MEMORY: Duration = Duration::from_secs(120);

/// The REST state shared by the fake's connections.
#[derive(Default)]
pub struct Rest {
    state: Mutex<State>,
}

/// An HTTP answer.
#[derive(Debug, Clone)]
pub struct Reply {
    /// Status code.
    pub status: u16,
    /// JSON body, if any.
    pub body: Option<Value>,
    /// Extra headers.
    pub headers: Vec<(String, String)>,
}

impl Reply {
    fn ok(body: Value) -> Reply {
        Reply {
            status: 200,
            body: Some(body),
            headers: vec![],
        }
    }
    fn no_content() -> Reply {
        Reply {
            status: 204,
            body: None,
            headers: vec![],
        }
    }
}

impl From<Refusal> for Reply {
    fn from(r: Refusal) -> Reply {
        Reply {
            status: r.status,
            body: Some(r.body),
            headers: vec![],
        }
    }
}

fn unknown_interaction() -> Refusal {
    Refusal::json(404, 10062, "Unknown interaction")
}
fn unknown_webhook() -> Refusal {
    Refusal::json(404, 10015, "Unknown Webhook")
}
fn invalid_token() -> Refusal {
    Refusal::json(401, 50027, "Invalid Webhook Token")
}
fn unknown_message() -> Refusal {
    Refusal::json(404, 10008, "Unknown Message")
}

/// Message flags a bot may set ("Interaction Callback Data Structure" → "Messages": only
/// SUPPRESS_EMBEDS, EPHEMERAL, IS_COMPONENTS_V2, IS_VOICE_MESSAGE and SUPPRESS_NOTIFICATIONS;
/// `Execute Webhook` likewise).
const SETTABLE_FLAGS: u64 = 4 | 64 | 4096 | 8192 | 32768;

fn check_flags(m: &Value, path: &str, allowed: u64) -> Result<(), Refusal> {
    let flags = m["flags"].as_u64().unwrap_or(0);
    if flags & !allowed != 0 {
        let mut e = rules::FormErrors::default();
        e.add(
            path,
            "MESSAGE_FLAGS_INVALID",
            format!("Only the flags {allowed:#x} may be set here"),
        );
        return e.into_result();
    }
    Ok(())
}

fn now_epoch() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

impl Rest {
    /// Replaces the configuration.
    pub fn set_config(&self, cfg: FakeConfig) {
        self.state.lock().unwrap().cfg = cfg;
    }

    /// The configuration.
    pub fn config(&self) -> FakeConfig {
        self.state.lock().unwrap().cfg.clone()
    }

    /// The bot's permissions in `channel`.
    pub fn bot_permissions(&self, channel: u64) -> u64 {
        *self
            .state
            .lock()
            .unwrap()
            .perms
            .get(&channel)
            .unwrap_or(&DEFAULT_BOT_PERMISSIONS)
    }

    /// The guilds the bot is in: registering commands in another is refused.
    pub fn set_guilds(&self, guilds: Vec<u64>) {
        self.state.lock().unwrap().guilds = Some(guilds);
    }

    /// Sets the bot's permissions in `channel`.
    pub fn set_bot_permissions(&self, channel: u64, bits: u64) {
        self.state.lock().unwrap().perms.insert(channel, bits);
    }

    /// The registered commands (with ids).
    pub fn commands(&self) -> Vec<Value> {
        self.state.lock().unwrap().commands.clone()
    }

    /// Runs `f` on the registered top-level command `name`, under the state's lock.
    pub fn with_command<T>(&self, name: &str, f: impl FnOnce(&Value) -> T) -> Option<T> {
        let st = self.state.lock().unwrap();
        st.commands.iter().find(|c| c["name"] == name).map(f)
    }

    /// The error body of the last refused command registration, if any.
    pub fn registration_refusal(&self) -> Option<Value> {
        self.state.lock().unwrap().registration_refusal.clone()
    }

    /// Every message so far (deleted ones included, flagged).
    pub fn messages(&self) -> Vec<FakeMessage> {
        self.state.lock().unwrap().messages.clone()
    }

    /// Makes the next request of `kind` get a 429 with `retry_after`; its bucket stays limited
    /// that long.
    pub fn throttle_next(&self, kind: RouteKind, retry_after: Duration) {
        self.state
            .lock()
            .unwrap()
            .throttles
            .push((kind, retry_after));
    }

    /// Requests that arrived while their bucket was limited.
    pub fn violations(&self) -> Vec<Violation> {
        self.state.lock().unwrap().violations.clone()
    }

    /// The latest live message in `channel` carrying a component with `custom_id`.
    pub fn message_with_custom_id(&self, channel: u64, custom_id: &str) -> Option<FakeMessage> {
        let st = self.state.lock().unwrap();
        st.messages
            .iter()
            .rev()
            .find(|m| {
                m.channel == channel
                    && !m.deleted
                    && m.components.iter().any(|r| {
                        r["components"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .any(|c| c["custom_id"] == custom_id)
                    })
            })
            .cloned()
    }

    /// Takes the modal `custom_id` open for `user` (a submission closes it: Discord's client
    /// submits only a modal it shows, once).
    pub fn take_modal(&self, user: u64, custom_id: &str) -> Option<ShownModal> {
        let mut st = self.state.lock().unwrap();
        let i = st
            .modals
            .iter()
            .rposition(|m| m.user == user && m.data["custom_id"] == custom_id)?;
        Some(st.modals.remove(i))
    }

    /// The modals open now, oldest first.
    pub fn open_modals(&self) -> Vec<ShownModal> {
        self.state.lock().unwrap().modals.clone()
    }

    /// Notes an interaction being dispatched (its payload as sent to the bot).
    pub fn register_interaction(&self, d: &Value) {
        let num = |v: &Value| {
            v.as_str()
                .and_then(|s| s.parse::<u64>().ok())
                .or(v.as_u64())
                .unwrap_or(0)
        };
        let i = Interaction {
            id: d["id"].as_str().unwrap_or("").to_string(),
            token: d["token"].as_str().unwrap_or("").to_string(),
            kind: d["type"].as_u64().unwrap_or(0),
            channel: num(&d["channel_id"]),
            user: num(&d["member"]["user"]["id"]),
            dispatched: Instant::now(),
            app_permissions: num(&d["app_permissions"]),
            size_limit: d["attachment_size_limit"].as_u64().unwrap_or(10 << 20),
            source_message: d["message"]["id"].as_str().map(str::to_string),
            ack: None,
            original: None,
            followups: vec![],
            invalidated: false,
        };
        self.state
            .lock()
            .unwrap()
            .interactions
            .insert(i.id.clone(), i);
    }

    /// Handles a request if it is one of the strict routes.
    pub fn handle(
        &self,
        method: &str,
        path: &str,
        body: &Value,
        uploads: &[Upload],
        new_id: &dyn Fn() -> String,
    ) -> Option<Reply> {
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        let mut st = self.state.lock().unwrap();
        let r = match (method, parts.as_slice()) {
            ("PUT", ["applications", _, "commands"]) => st.register_commands(body, new_id),
            ("PUT", ["applications", _, "guilds", guild, "commands"]) => {
                // A guild the bot is not in (or that did not grant it the
                // `applications.commands` scope) answers 403 with JSON code 50001, "Missing
                // Access" ("Opcodes and Status Codes" → "JSON Error Codes": 50001 "Missing
                // access"; "Registering a Command": guild commands need the
                // `applications.commands` scope in that guild).
                let known = guild
                    .parse::<u64>()
                    .ok()
                    .is_some_and(|g| st.guilds.as_ref().is_none_or(|list| list.contains(&g)));
                if known {
                    st.register_commands(body, new_id)
                } else {
                    Err(Refusal::json(403, 50001, "Missing Access"))
                }
            }
            ("POST", ["interactions", id, token, "callback"]) => {
                st.callback(id, token, body, uploads, new_id)
            }
            ("POST", ["webhooks", app, token]) => Ok(
                match st.throttled(RouteKind::Followup, token, method, path) {
                    Ok(h) => with_headers(st.followup(app, token, body, uploads, new_id), h),
                    Err(r) => r,
                },
            ),
            ("PATCH", ["webhooks", app, token, "messages", mid]) => Ok(
                match st.throttled(RouteKind::EditMessage, token, method, path) {
                    Ok(h) => with_headers(
                        st.edit_webhook_message(app, token, mid, body, uploads, new_id),
                        h,
                    ),
                    Err(r) => r,
                },
            ),
            ("DELETE", ["webhooks", app, token, "messages", mid]) => {
                st.delete_webhook_message(app, token, mid)
            }
            ("GET", ["webhooks", app, token, "messages", mid]) => st
                .webhook_message(app, token, mid)
                .map(|i| Reply::ok(st.messages[i].json())),
            ("POST", ["channels", channel, "messages"]) => Ok(
                match st.throttled(RouteKind::ChannelMessage, channel, method, path) {
                    Ok(h) => with_headers(st.channel_message(channel, body, uploads, new_id), h),
                    Err(r) => r,
                },
            ),
            ("PATCH", ["channels", channel, "messages", mid]) => Ok(
                match st.throttled(RouteKind::EditMessage, channel, method, path) {
                    Ok(h) => with_headers(
                        st.edit_channel_message(channel, mid, body, uploads, new_id),
                        h,
                    ),
                    Err(r) => r,
                },
            ),
            ("DELETE", ["channels", channel, "messages", mid]) => match st.find(channel, mid) {
                Some(i) => {
                    st.messages[i].deleted = true;
                    Ok(Reply::no_content())
                }
                None => Err(unknown_message()),
            },
            ("PUT", ["channels", channel, "pins", mid])
            | ("PUT", ["channels", channel, "messages", "pins", mid]) => st.pin(channel, mid, true),
            ("DELETE", ["channels", channel, "pins", mid])
            | ("DELETE", ["channels", channel, "messages", "pins", mid]) => {
                st.pin(channel, mid, false)
            }
            ("POST", ["users", "@me", "channels"]) => {
                let rid: u64 = body["recipient_id"]
                    .as_str()
                    .and_then(|s| s.parse().ok())
                    .or(body["recipient_id"].as_u64())
                    .unwrap_or(1);
                // "Create DM": "Create a new DM channel with a user. Returns a DM channel
                // object (if one already exists, it will be returned instead)."
                let known = st
                    .dm_channels
                    .iter()
                    .find(|(_, u)| **u == rid)
                    .map(|(c, _)| *c);
                let id = match known {
                    Some(c) => c.to_string(),
                    None => new_id(),
                };
                st.dm_channels.insert(id.parse().unwrap_or(0), rid);
                Ok(Reply::ok(
                    json!({"id": id, "type": 1, "last_message_id": null,
                    "recipients": [{"id": rid.to_string(), "username": "someone",
                        "discriminator": "0", "global_name": "someone", "avatar": null}]}),
                ))
            }
            _ => return None,
        };
        Some(r.unwrap_or_else(Reply::from))
    }
}

fn with_headers(r: Result<Reply, Refusal>, h: Vec<(String, String)>) -> Reply {
    let mut r = r.unwrap_or_else(Reply::from);
    r.headers.extend(h);
    r
}

type Handled = Result<Reply, Refusal>;

impl State {
    fn register_commands(&mut self, body: &Value, new_id: &dyn Fn() -> String) -> Handled {
        if let Err(r) = rules::check_commands(body) {
            self.registration_refusal = Some(r.body.clone());
            return Err(r);
        }
        let mut cmds = body.as_array().cloned().unwrap_or_default();
        for c in cmds.iter_mut() {
            c["id"] = json!(new_id());
            c["application_id"] = json!(super::fake_discord::APP_ID.to_string());
            c["version"] = json!("1");
            if c["type"].is_null() {
                c["type"] = json!(1);
            }
        }
        self.commands = cmds.clone();
        Ok(Reply::ok(Value::Array(cmds)))
    }

    /// Rate limiting for one request: Ok(headers) to go on, Err(429) to refuse.
    fn throttled(
        &mut self,
        kind: RouteKind,
        key: &str,
        method: &str,
        path: &str,
    ) -> Result<Vec<(String, String)>, Reply> {
        let (limit, window, hash) = kind.limits();
        let now = Instant::now();
        let b = self
            .buckets
            .entry((kind, key.to_string()))
            .or_insert(Bucket {
                remaining: limit,
                reset_at: now + window,
            });
        if now >= b.reset_at {
            b.remaining = limit;
            b.reset_at = now + window;
        }
        let injected = self
            .throttles
            .iter()
            .position(|(k, _)| *k == kind)
            .map(|i| self.throttles.remove(i).1);
        if let Some(retry) = injected {
            b.remaining = 0;
            b.reset_at = now + retry;
        } else if b.remaining == 0 {
            self.violations.push(Violation {
                kind,
                request: format!("{method} {path}"),
                early_by: b.reset_at - now,
            });
        } else {
            b.remaining -= 1;
            let after = (b.reset_at - now).as_secs_f64();
            return Ok(rate_headers(limit, b.remaining, after, hash, None));
        }
        let after = (b.reset_at - now).as_secs_f64();
        let mut headers = rate_headers(limit, 0, after, hash, Some("user"));
        headers.push(("Retry-After".into(), format!("{}", after.ceil() as u64)));
        Err(Reply {
            status: 429,
            body: Some(
                json!({"message": "You are being rate limited.", "retry_after": after, "global": false}),
            ),
            headers,
        })
    }

    fn interaction_by_token(
        &mut self,
        app: &str,
        token: &str,
    ) -> Result<&mut Interaction, Refusal> {
        let lifetime = self.cfg.token_lifetime;
        if app != super::fake_discord::APP_ID.to_string() {
            return Err(unknown_webhook());
        }
        let i = self
            .interactions
            .values_mut()
            .find(|i| i.token == token)
            .ok_or_else(unknown_webhook)?;
        if i.invalidated || i.dispatched.elapsed() > lifetime {
            return Err(invalid_token());
        }
        // The interaction's webhook exists once the initial response was sent; an
        // autocomplete result opens no message to follow up.
        if i.ack.is_none() || i.ack == Some(8) {
            return Err(unknown_webhook());
        }
        Ok(i)
    }

    fn find(&self, channel: &str, mid: &str) -> Option<usize> {
        let c: u64 = channel.parse().ok()?;
        self.messages
            .iter()
            .position(|m| m.id == mid && m.channel == c && !m.deleted)
    }

    fn live(&self, mid: &str) -> Option<usize> {
        self.messages.iter().position(|m| m.id == mid && !m.deleted)
    }

    #[allow(clippy::too_many_arguments)]
    fn create(
        &mut self,
        channel: u64,
        visibility: Visibility,
        m: &Value,
        uploads: &[Upload],
        interaction: Option<String>,
        loading: bool,
        new_id: &dyn Fn() -> String,
    ) -> usize {
        let mut msg = FakeMessage {
            id: new_id(),
            channel,
            visibility,
            content: String::new(),
            embeds: vec![],
            components: vec![],
            files: vec![],
            attachment_ids: vec![],
            interaction,
            loading,
            deleted: false,
            pinned: false,
            revisions: vec![],
        };
        apply(&mut msg, m, uploads, new_id);
        self.messages.push(msg);
        self.messages.len() - 1
    }

    fn callback(
        &mut self,
        id: &str,
        token: &str,
        body: &Value,
        uploads: &[Upload],
        new_id: &dyn Fn() -> String,
    ) -> Handled {
        let deadline = self.cfg.initial_response_deadline;
        let it = self
            .interactions
            .get_mut(id)
            .filter(|i| i.token == token)
            .ok_or_else(unknown_interaction)?;
        // "Interaction has already been acknowledged" (JSON code 40060): one initial response.
        if it.ack.is_some() {
            return Err(Refusal::json(
                400,
                40060,
                "Interaction has already been acknowledged.",
            ));
        }
        // "Interaction Callback": within 3 s, else the token is invalidated.
        if it.dispatched.elapsed() > deadline {
            it.invalidated = true;
            return Err(unknown_interaction());
        }
        let kind = it.kind;
        let t = body["type"].as_u64().unwrap_or(0);
        // "Interaction Callback Type": 6 and 7 "Only valid for component-based interactions";
        // 8 answers autocomplete (type 4) interactions, which take nothing else; 9, MODAL, "Not
        // available for MODAL_SUBMIT and PING interactions" (a modal cannot answer a modal);
        // PONG (1) only answers a PING.
        let allowed: &[u64] = match kind {
            2 => &[4, 5, 9],
            3 => &[4, 5, 6, 7, 9],
            4 => &[8],
            5 => &[4, 5, 6, 7],
            _ => &[1],
        };
        if !allowed.contains(&t) {
            let mut e = rules::FormErrors::default();
            e.add(
                "type",
                "BASE_TYPE_CHOICES",
                format!("Value must be one of {allowed:?} for an interaction of type {kind}."),
            );
            return e.into_result().map(|_| Reply::no_content());
        }
        let (channel, user, perms, size_limit, source) = (
            it.channel,
            it.user,
            it.app_permissions,
            it.size_limit,
            it.source_message.clone(),
        );
        let data = &body["data"];
        let mut created = None;
        match t {
            4 | 7 => {
                check_flags(data, "data.flags", SETTABLE_FLAGS)?;
                // Copied only when it must change (an edit's kept embeds, embeds stripped).
                let mut data = Cow::Borrowed(data);
                let mut names: Vec<String> = uploads.iter().map(|u| u.filename.clone()).collect();
                let on = source.as_deref().and_then(|m| self.live(m));
                if let (7, Some(i)) = (t, on) {
                    // UPDATE_MESSAGE keeps the message's attachments unless `attachments` says.
                    names = kept_names(&self.messages[i], &data, uploads);
                    data = Cow::Owned(with_old_embeds(&self.messages[i], &data));
                }
                rules::check_message(&data, &names, "data")?;
                interaction_permissions(&mut data, uploads, perms)?;
                rules::check_upload_sizes(uploads, size_limit)?;
                if t == 4 {
                    if !rules::has_visible_parts(&data, uploads.len()) {
                        return Err(rules::empty_message());
                    }
                    let vis = if data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
                        Visibility::Ephemeral { user }
                    } else {
                        Visibility::Public
                    };
                    created = Some(self.create(
                        channel,
                        vis,
                        &data,
                        uploads,
                        Some(id.into()),
                        false,
                        new_id,
                    ));
                } else if let Some(i) = source.as_deref().and_then(|s| self.live(s)) {
                    // UPDATE_MESSAGE edits the message the component was on; its visibility
                    // cannot change.
                    let mut msg = self.messages[i].clone();
                    apply(&mut msg, &data, uploads, new_id);
                    if !rules::has_visible_parts(&msg_json_body(&msg), 0) {
                        return Err(rules::empty_message());
                    }
                    self.messages[i] = msg;
                }
            }
            5 => {
                // "* If you create a callback with the type DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
                // the only valid message flag you may use is EPHEMERAL."
                check_flags(data, "data.flags", EPHEMERAL)?;
                let vis = if data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
                    Visibility::Ephemeral { user }
                } else {
                    Visibility::Public
                };
                created =
                    Some(self.create(channel, vis, &json!({}), &[], Some(id.into()), true, new_id));
            }
            8 => rules::check_autocomplete(data)?,
            9 => {
                rules::check_modal(data)?;
                // The modal opens on the user's screen; they may submit it later (a MODAL_SUBMIT
                // interaction of their own, with a new token and its own 3 s window).
                self.modals.push(ShownModal {
                    user,
                    channel,
                    data: data.clone(),
                });
            }
            _ => {}
        }
        let it = self.interactions.get_mut(id).expect("checked above");
        it.ack = Some(t);
        it.original = match t {
            4 | 5 => created.map(|i| self.messages[i].id.clone()),
            6 | 7 => source,
            _ => None,
        };
        Ok(Reply::no_content())
    }

    fn followup(
        &mut self,
        app: &str,
        token: &str,
        body: &Value,
        uploads: &[Upload],
        new_id: &dyn Fn() -> String,
    ) -> Handled {
        let it = self.interaction_by_token(app, token)?.clone();
        check_flags(body, "flags", SETTABLE_FLAGS)?;
        let names: Vec<String> = uploads.iter().map(|u| u.filename.clone()).collect();
        rules::check_message(body, &names, "")?;
        let mut body = Cow::Borrowed(body);
        interaction_permissions(&mut body, uploads, it.app_permissions)?;
        rules::check_upload_sizes(uploads, it.size_limit)?;
        if !rules::has_visible_parts(&body, uploads.len()) {
            return Err(rules::empty_message());
        }
        // "Create Followup Message": directly after DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE this
        // "will function as Edit Original Interaction Response … no new message will be
        // created, and the loading message will be edited instead. The ephemeral flag will be
        // ignored, and the value you provided in the initial defer response will be preserved".
        // Once the placeholder is deleted, a followup is a new message with its own flags
        // (discord-api-docs issue #2739, fixed by Discord).
        if it.ack == Some(5) {
            if let Some(i) = it.original.as_deref().and_then(|o| self.live(o)) {
                if self.messages[i].loading {
                    let mut msg = self.messages[i].clone();
                    msg.loading = false;
                    apply(&mut msg, &body, uploads, new_id);
                    self.messages[i] = msg;
                    return Ok(Reply::ok(self.messages[i].json()));
                }
            }
        }
        let vis = if body["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
            Visibility::Ephemeral { user: it.user }
        } else {
            Visibility::Public
        };
        let i = self.create(
            it.channel,
            vis,
            &body,
            uploads,
            Some(it.id.clone()),
            false,
            new_id,
        );
        let mid = self.messages[i].id.clone();
        if let Some(x) = self.interactions.get_mut(&it.id) {
            x.followups.push(mid);
        }
        Ok(Reply::ok(self.messages[i].json()))
    }

    /// The message `mid` (`@original` or a followup id) of the interaction with `token`.
    fn webhook_message(&mut self, app: &str, token: &str, mid: &str) -> Result<usize, Refusal> {
        let it = self.interaction_by_token(app, token)?.clone();
        let id = if mid == "@original" {
            it.original.clone().ok_or_else(unknown_message)?
        } else if it.followups.iter().any(|f| f == mid) || it.original.as_deref() == Some(mid) {
            mid.to_string()
        } else {
            return Err(unknown_message());
        };
        self.live(&id).ok_or_else(unknown_message)
    }

    #[allow(clippy::too_many_arguments)]
    fn edit_webhook_message(
        &mut self,
        app: &str,
        token: &str,
        mid: &str,
        body: &Value,
        uploads: &[Upload],
        new_id: &dyn Fn() -> String,
    ) -> Handled {
        let i = self.webhook_message(app, token, mid)?;
        let perms = self
            .interactions
            .values()
            .find(|x| x.token == token)
            .map(|x| (x.app_permissions, x.size_limit))
            .unwrap_or((DEFAULT_BOT_PERMISSIONS, 10 << 20));
        let mut body = Cow::Borrowed(body);
        let names = kept_names(&self.messages[i], &body, uploads);
        rules::check_message(&with_old_embeds(&self.messages[i], &body), &names, "")?;
        interaction_permissions(&mut body, uploads, perms.0)?;
        rules::check_upload_sizes(uploads, perms.1)?;
        let mut msg = self.messages[i].clone();
        msg.loading = false;
        apply(&mut msg, &body, uploads, new_id);
        if !rules::has_visible_parts(&msg_json_body(&msg), 0) {
            return Err(rules::empty_message());
        }
        self.messages[i] = msg;
        Ok(Reply::ok(self.messages[i].json()))
    }

    fn delete_webhook_message(&mut self, app: &str, token: &str, mid: &str) -> Handled {
        let i = self.webhook_message(app, token, mid)?;
        self.messages[i].deleted = true;
        Ok(Reply::no_content())
    }

    fn channel_perms(&self, channel: u64) -> Option<u64> {
        if self.dm_channels.contains_key(&channel) {
            return None;
        }
        Some(*self.perms.get(&channel).unwrap_or(&DEFAULT_BOT_PERMISSIONS))
    }

    fn channel_message(
        &mut self,
        channel: &str,
        body: &Value,
        uploads: &[Upload],
        new_id: &dyn Fn() -> String,
    ) -> Handled {
        let c: u64 = channel
            .parse()
            .map_err(|_| Refusal::json(404, 10003, "Unknown Channel"))?;
        let mut body = Cow::Borrowed(body);
        if let Some(p) = self.channel_perms(c) {
            // Without View Channel the channel is out of reach: 403 "Missing Access" (JSON
            // code 50001), as Discord answers (e.g. the reports quoted in bots' issue trackers).
            if p & VIEW_CHANNEL == 0 {
                return Err(Refusal::json(403, 50001, "Missing Access"));
            }
            // "Create Message" → "Limitations": "the current user must have the
            // SEND_MESSAGES permission"; files need ATTACH_FILES ("Permissions": "Allows for
            // uploading images and files").
            if p & SEND_MESSAGES == 0 || (!uploads.is_empty() && p & ATTACH_FILES == 0) {
                return Err(rules::missing_permissions());
            }
            strip_embeds_without_embed_links(&mut body, uploads, p)?;
        }
        check_flags(&body, "flags", 4 | 4096 | 8192 | 32768)?;
        let names: Vec<String> = uploads.iter().map(|u| u.filename.clone()).collect();
        rules::check_message(&body, &names, "")?;
        let limit = self.cfg.attachment_size_limit;
        rules::check_upload_sizes(uploads, limit)?;
        if !rules::has_visible_parts(&body, uploads.len()) {
            return Err(rules::empty_message());
        }
        // "Create Message" → `nonce`: "integer or string … (up to 25 characters)"; with
        // `enforce_nonce`, "If another message was created by the same author with the same
        // nonce, that message will be returned and no new message will be created."
        let nonce = match &body["nonce"] {
            Value::String(n) => Some(n.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        };
        if nonce.as_ref().is_some_and(|n| n.chars().count() > 25) {
            let mut e = rules::FormErrors::default();
            e.add(
                "nonce",
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.",
            );
            e.into_result()?;
        }
        let enforced = body["enforce_nonce"].as_bool() == Some(true);
        let now = Instant::now();
        if let Some(n) = nonce.as_ref().filter(|_| enforced) {
            if let Some((i, at)) = self.nonces.get(&(c, n.clone())) {
                if now.duration_since(*at) < NONCE_MEMORY {
                    return Ok(Reply::ok(self.messages[*i].json()));
                }
            }
        }
        let vis = match self.dm_channels.get(&c) {
            Some(u) => Visibility::Direct { user: *u },
            None => Visibility::Public,
        };
        let i = self.create(c, vis, &body, uploads, None, false, new_id);
        if let Some(n) = nonce.filter(|_| enforced) {
            self.nonces.insert((c, n), (i, now));
        }
        Ok(Reply::ok(self.messages[i].json()))
    }

    fn edit_channel_message(
        &mut self,
        channel: &str,
        mid: &str,
        body: &Value,
        uploads: &[Upload],
        new_id: &dyn Fn() -> String,
    ) -> Handled {
        let i = self.find(channel, mid).ok_or_else(unknown_message)?;
        let c = self.messages[i].channel;
        let mut body = Cow::Borrowed(body);
        if let Some(p) = self.channel_perms(c) {
            if p & VIEW_CHANNEL == 0 {
                return Err(Refusal::json(403, 50001, "Missing Access"));
            }
            if !uploads.is_empty() && p & ATTACH_FILES == 0 {
                return Err(rules::missing_permissions());
            }
            strip_embeds_without_embed_links(&mut body, uploads, p)?;
        }
        let names = kept_names(&self.messages[i], &body, uploads);
        rules::check_message(&with_old_embeds(&self.messages[i], &body), &names, "")?;
        let limit = self.cfg.attachment_size_limit;
        rules::check_upload_sizes(uploads, limit)?;
        let mut msg = self.messages[i].clone();
        apply(&mut msg, &body, uploads, new_id);
        if !rules::has_visible_parts(&msg_json_body(&msg), 0) {
            return Err(rules::empty_message());
        }
        self.messages[i] = msg;
        Ok(Reply::ok(self.messages[i].json()))
    }

    fn pin(&mut self, channel: &str, mid: &str, pin: bool) -> Handled {
        let i = self.find(channel, mid).ok_or_else(unknown_message)?;
        if let Some(p) = self.channel_perms(self.messages[i].channel) {
            // "Pin Message": "Requires the PIN_MESSAGES permission" (MANAGE_MESSAGES alone no
            // longer suffices since 2026-02-23, see `discord_rules::PIN_MESSAGES`).
            if p & PIN_MESSAGES == 0 {
                return Err(rules::missing_permissions());
            }
        }
        self.messages[i].pinned = pin;
        Ok(Reply::no_content())
    }
}

/// Interaction responses and followups are webhooks: not bound by View Channel or Send Messages
/// ("Receiving and Responding": "Interactions … are webhooks under the hood"), but files and
/// embeds follow the app's permissions in that channel (`app_permissions`, "Interaction
/// Structure"; the change log's "Calculated Permissions in Interaction Payloads" names
/// ATTACH_FILES and EMBED_LINKS as permissions "that can be used in interaction responses").
fn interaction_permissions(
    m: &mut Cow<Value>,
    uploads: &[Upload],
    perms: u64,
) -> Result<(), Refusal> {
    if !uploads.is_empty() && perms & ATTACH_FILES == 0 {
        return Err(rules::missing_permissions());
    }
    strip_embeds_without_embed_links(m, uploads, perms)
}

/// Without Embed Links, Discord drops a message's embeds, and refuses with 403 Missing
/// Permissions when the embeds were all the message had (discord-api-docs issue #2601: "If you
/// are missing the Embed Links permission when trying to send … a message (with no content) to
/// show an embed", the API answers "Forbidden 403: 'Missing Permissions'").
fn strip_embeds_without_embed_links(
    m: &mut Cow<Value>,
    uploads: &[Upload],
    perms: u64,
) -> Result<(), Refusal> {
    if perms & EMBED_LINKS != 0 || m["embeds"].as_array().is_none_or(|a| a.is_empty()) {
        return Ok(());
    }
    // Copied only here, when the embeds must go.
    m.to_mut()["embeds"] = json!([]);
    if !rules::has_visible_parts(m, uploads.len()) {
        return Err(rules::missing_permissions());
    }
    Ok(())
}

/// An edit body with the message's current embeds when it leaves them unchanged, so an edit
/// that drops an attachment an embed still shows is caught.
fn with_old_embeds(msg: &FakeMessage, body: &Value) -> Value {
    let mut b = body.clone();
    if b.get("embeds").is_none() {
        b["embeds"] = json!(msg.embeds);
    }
    b
}

/// The file names an edited message will carry: kept attachments plus new uploads.
fn kept_names(msg: &FakeMessage, body: &Value, uploads: &[Upload]) -> Vec<String> {
    let mut names: Vec<String> = match body["attachments"].as_array() {
        Some(list) => msg
            .files
            .iter()
            .zip(&msg.attachment_ids)
            .filter(|(_, id)| list.iter().any(|a| a["id"].as_str() == Some(id.as_str())))
            .map(|(f, _)| f.clone())
            .collect(),
        None => msg.files.clone(),
    };
    names.extend(uploads.iter().map(|u| u.filename.clone()));
    names
}

fn msg_json_body(m: &FakeMessage) -> Value {
    json!({"content": m.content, "embeds": m.embeds, "components": m.components,
        "attachments": m.files})
}

/// Applies a create or edit body to a message (absent fields keep their values).
fn apply(msg: &mut FakeMessage, body: &Value, uploads: &[Upload], new_id: &dyn Fn() -> String) {
    if let Some(c) = body.get("content") {
        msg.content = c.as_str().unwrap_or("").to_string();
    }
    if let Some(e) = body.get("embeds") {
        msg.embeds = e.as_array().cloned().unwrap_or_default();
    }
    if let Some(c) = body.get("components") {
        msg.components = c.as_array().cloned().unwrap_or_default();
    }
    if let Some(list) = body["attachments"].as_array() {
        let keep: Vec<(String, String)> = msg
            .files
            .iter()
            .cloned()
            .zip(msg.attachment_ids.iter().cloned())
            .filter(|(_, id)| list.iter().any(|a| a["id"].as_str() == Some(id.as_str())))
            .collect();
        msg.files = keep.iter().map(|k| k.0.clone()).collect();
        msg.attachment_ids = keep.into_iter().map(|k| k.1).collect();
    }
    for u in uploads {
        msg.files.push(u.filename.clone());
        msg.attachment_ids.push(new_id());
    }
    let text = msg.text();
    if !text.is_empty() {
        msg.revisions.push(text);
    }
}

fn rate_headers(
    limit: u32,
    remaining: u32,
    reset_after: f64,
    bucket: &str,
    scope: Option<&str>,
) -> Vec<(String, String)> {
    let mut h = vec![
        ("X-RateLimit-Limit".to_string(), limit.to_string()),
        ("X-RateLimit-Remaining".to_string(), remaining.to_string()),
        (
            "X-RateLimit-Reset".to_string(),
            format!("{:.3}", now_epoch() + reset_after),
        ),
        (
            "X-RateLimit-Reset-After".to_string(),
            format!("{reset_after:.3}"),
        ),
        ("X-RateLimit-Bucket".to_string(), bucket.to_string()),
    ];
    if let Some(s) = scope {
        h.push(("X-RateLimit-Scope".to_string(), s.to_string()));
    }
    h
}
