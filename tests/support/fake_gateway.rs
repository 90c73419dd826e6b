//! The fake Discord's gateway: a WebSocket server on 127.0.0.1 that speaks the gateway as
//! Discord's gateway docs describe it ("Gateway" topic, "Gateway Events", and "Opcodes and
//! Status Codes" → "Gateway Close Event Codes"), strictly enough that a bot which works here
//! handles sharding, refused logins, resumes and invalidated sessions on Discord.
//!
//! What it enforces (each rule has a test in `tests/discord_gateway.rs`):
//! - IDENTIFY token must be the configured one, else close 4004 "Authentication failed".
//! - Intents: undocumented bits → 4013 "Invalid intent(s)"; a privileged intent the
//!   application has not enabled → 4014 "Disallowed intent(s)".
//! - `shard: [id, total]`: `id >= total` or `total == 0` → 4010 "Invalid shard"; a total
//!   below what the bot's guild count needs → 4011 "Sharding required".
//! - Session start limit: each IDENTIFY uses one; at zero the token is reset (Discord resets
//!   the token when the daily limit is hit) and the IDENTIFY is closed with 4004.
//! - `max_concurrency`: one IDENTIFY per rate-limit key (`shard_id % max_concurrency`) per
//!   5 seconds, else INVALID_SESSION (op 9, `d: false`).
//! - Dispatches go to the shard `(guild_id >> 22) % num_shards` (events without a guild to
//!   shard 0); sequence numbers are per session, assigned in the same critical section that
//!   queues the frame, so they reach the bot strictly increasing.
//! - RESUME (op 6) with a known, resumable session and a `seq` it has sent replays the
//!   missed dispatches in order, then RESUMED; otherwise INVALID_SESSION (`d: false`).
//! - A bot closing with 1000/1001 ends its session (no resume); any other close keeps it.

#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// Every documented intent bit (Discord's gateway docs, "Gateway Intents" → "List of Intents").
pub const VALID_INTENTS: u64 = (1 << 0)
    | (1 << 1)
    | (1 << 2)
    | (1 << 3)
    | (1 << 4)
    | (1 << 5)
    | (1 << 6)
    | (1 << 7)
    | (1 << 8)
    | (1 << 9)
    | (1 << 10)
    | (1 << 11)
    | (1 << 12)
    | (1 << 13)
    | (1 << 14)
    | (1 << 15)
    | (1 << 16)
    | (1 << 20)
    | (1 << 21)
    | (1 << 24)
    | (1 << 25);
/// GUILD_MEMBERS, GUILD_PRESENCES and MESSAGE_CONTENT: the privileged intents ("Gateway
/// Intents" → "Privileged Intents").
pub const PRIVILEGED_INTENTS: u64 = (1 << 1) | (1 << 8) | (1 << 15);

/// How the fake gateway behaves.
#[derive(Debug, Clone)]
pub struct GatewayOptions {
    /// The bot token Discord accepts (REST `Authorization: Bot …` and IDENTIFY).
    pub token: String,
    /// `shards` of `GET /gateway/bot`: the recommended shard count.
    pub recommended_shards: u32,
    /// IDENTIFYs with a smaller total are closed with 4011 (0 or 1: sharding not required).
    pub required_shards: u32,
    /// `session_start_limit.max_concurrency`.
    pub max_concurrency: u32,
    /// `session_start_limit.remaining` at start.
    pub session_starts: u32,
    /// The privileged intents enabled for the application in the developer portal.
    pub enabled_privileged: u64,
    /// HELLO's `heartbeat_interval` (ms).
    pub heartbeat_ms: u64,
    /// The guilds the bot is in (READY lists each shard's own).
    pub guilds: Vec<u64>,
}

impl GatewayOptions {
    /// One shard recommended, no privileged intent enabled, 1000 session starts.
    pub fn new(token: &str, guilds: Vec<u64>) -> Self {
        GatewayOptions {
            token: token.to_string(),
            recommended_shards: 1,
            required_shards: 1,
            max_concurrency: 1,
            session_starts: 1000,
            enabled_privileged: 0,
            heartbeat_ms: 45_000,
            guilds,
        }
    }
}

/// Logs what the bot sent: (op name, payload).
pub type Recorder = Box<dyn Fn(&str, Value) + Send + Sync>;

/// A frame for one connection's writer.
enum Out {
    Text(String),
    Close(u16, &'static str),
}

struct Session {
    shard: u32,
    total: u32,
    seq: u64,
    /// Every dispatch sent in this session, for replay on RESUME.
    sent: Vec<(u64, String)>,
    /// The live connection, if any.
    conn: Option<(u64, mpsc::UnboundedSender<Out>)>,
    resumable: bool,
}

struct State {
    opts: GatewayOptions,
    /// The token still valid (None after a reset).
    token: Option<String>,
    remaining: u32,
    sessions: HashMap<String, Session>,
    /// Session ids by shard, newest last.
    by_shard: HashMap<u32, Vec<String>>,
    /// The total of the newest IDENTIFY: dispatches are routed with it.
    routing_total: u32,
    last_identify: HashMap<u32, Instant>,
    next_session: u64,
}

/// The gateway half of the fake Discord.
pub struct Gateway {
    state: Mutex<State>,
    identifies: AtomicU64,
    next_conn: AtomicU64,
    /// `ws://127.0.0.1:PORT`.
    pub url: String,
    record: Recorder,
    app_id: u64,
    bot_id: u64,
}

impl Gateway {
    /// Starts listening; `record(op name, payload)` logs what the bot sent.
    pub async fn start(
        opts: GatewayOptions,
        app_id: u64,
        bot_id: u64,
        record: Recorder,
    ) -> Arc<Gateway> {
        let ws = TcpListener::bind("127.0.0.1:0").await.expect("bind ws");
        let gw = Arc::new(Gateway {
            state: Mutex::new(State {
                token: Some(opts.token.clone()),
                remaining: opts.session_starts,
                sessions: HashMap::new(),
                by_shard: HashMap::new(),
                routing_total: 1,
                last_identify: HashMap::new(),
                next_session: 1,
                opts,
            }),
            identifies: AtomicU64::new(0),
            next_conn: AtomicU64::new(1),
            url: format!("ws://{}", ws.local_addr().unwrap()),
            record,
            app_id,
            bot_id,
        });
        let g = gw.clone();
        tokio::spawn(async move {
            while let Ok((sock, _)) = ws.accept().await {
                // Dispatches are small frames sent one by one: without TCP_NODELAY, Nagle's
                // algorithm and the bot's delayed ACK hold each back by up to ~40 ms, which
                // a load benchmark would measure instead of the bot.
                let _ = sock.set_nodelay(true);
                let g = g.clone();
                tokio::spawn(async move {
                    let _ = g.serve(sock).await;
                });
            }
        });
        gw
    }

    /// IDENTIFYs received (valid or not).
    pub fn identifies(&self) -> u64 {
        self.identifies.load(Ordering::SeqCst)
    }

    /// Whether `auth` (an `Authorization` header value) carries the valid bot token.
    pub fn authorized(&self, auth: Option<&str>) -> bool {
        let st = self.state.lock().unwrap();
        match (&st.token, auth.and_then(|a| a.strip_prefix("Bot "))) {
            (Some(t), Some(a)) => t == a,
            _ => false,
        }
    }

    /// The body of `GET /gateway/bot` (Discord's gateway docs, "Get Gateway Bot" and
    /// "Session Start Limit Object").
    pub fn bot_info(&self) -> Value {
        let st = self.state.lock().unwrap();
        json!({
            "url": self.url,
            "shards": st.opts.recommended_shards,
            "session_start_limit": {
                "total": st.opts.session_starts,
                "remaining": st.remaining,
                "reset_after": 86_400_000,
                "max_concurrency": st.opts.max_concurrency,
            }
        })
    }

    /// Sessions started (READYs sent).
    pub fn sessions_started(&self) -> u64 {
        self.state.lock().unwrap().next_session - 1
    }

    /// Session starts left.
    pub fn session_starts_left(&self) -> u32 {
        self.state.lock().unwrap().remaining
    }

    /// From now on Discord requires (and recommends) at least `n` shards.
    pub fn require_shards(&self, n: u32) {
        let mut st = self.state.lock().unwrap();
        st.opts.required_shards = n;
        st.opts.recommended_shards = st.opts.recommended_shards.max(n);
    }

    /// The shard a guild's events go to ("Sharding" → "Sharding Formula").
    pub fn shard_of(guild: u64, total: u32) -> u32 {
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }

    /// Shards with a live, identified connection (with their total).
    pub fn live_shards(&self) -> Vec<(u32, u32)> {
        let st = self.state.lock().unwrap();
        let mut v: Vec<(u32, u32)> = st
            .sessions
            .values()
            .filter(|s| s.conn.is_some())
            .map(|s| (s.shard, s.total))
            .collect();
        v.sort();
        v
    }

    /// Sends a dispatch to the shard that owns `guild` (shard 0 without a guild). The
    /// sequence number is assigned and the frame queued under one lock, so frames leave in
    /// sequence order whatever the number of callers. Panics if no session owns the shard.
    pub fn dispatch(&self, guild: Option<u64>, t: &str, d: Value) -> u64 {
        let mut st = self.state.lock().unwrap();
        let total = st.routing_total;
        let shard = guild.map_or(0, |g| Self::shard_of(g, total));
        let sid = st
            .by_shard
            .get(&shard)
            .and_then(|ids| {
                ids.iter()
                    .rev()
                    .find(|id| st.sessions.get(*id).is_some_and(|s| s.total == total))
            })
            .cloned()
            .unwrap_or_else(|| panic!("no session for shard {shard} of {total} (guild {guild:?})"));
        let s = st.sessions.get_mut(&sid).expect("session");
        s.seq += 1;
        let seq = s.seq;
        let text = json!({"op": 0, "s": seq, "t": t, "d": d}).to_string();
        s.sent.push((seq, text.clone()));
        if let Some((_, tx)) = &s.conn {
            let _ = tx.send(Out::Text(text));
        }
        seq
    }

    /// Closes shard `shard`'s live connection with `code` (4000: the bot may resume;
    /// 4011 and the other non-reconnect codes also end the session).
    pub fn close_shard(&self, shard: u32, code: u16) {
        let mut st = self.state.lock().unwrap();
        let Some(s) = live_session(&mut st, shard) else {
            panic!("shard {shard} is not connected");
        };
        if !matches!(code, 4000..=4003 | 4005 | 4007..=4009) {
            s.resumable = false;
        }
        if let Some((_, tx)) = s.conn.take() {
            let _ = tx.send(Out::Close(code, "closed by the test"));
        }
    }

    /// Sends INVALID_SESSION (op 9) to shard `shard` ("Gateway Events" → "Invalid
    /// Session"); with `resumable == false` the session can no longer be resumed.
    pub fn invalidate_session(&self, shard: u32, resumable: bool) {
        let mut st = self.state.lock().unwrap();
        let Some(s) = live_session(&mut st, shard) else {
            panic!("shard {shard} is not connected");
        };
        s.resumable = resumable;
        if let Some((_, tx)) = &s.conn {
            let _ = tx.send(Out::Text(json!({"op": 9, "d": resumable}).to_string()));
        }
    }

    async fn serve(
        self: Arc<Self>,
        sock: TcpStream,
    ) -> Result<(), tokio_tungstenite::tungstenite::Error> {
        let ws = tokio_tungstenite::accept_async(sock).await?;
        let (mut tx, mut rx) = ws.split();
        let conn = self.next_conn.fetch_add(1, Ordering::SeqCst);
        let interval = self.state.lock().unwrap().opts.heartbeat_ms;
        tx.send(WsMessage::Text(
            json!({"op": 10, "d": {"heartbeat_interval": interval}, "s": null, "t": null})
                .to_string(),
        ))
        .await?;
        let (out_tx, mut out_rx) = mpsc::unbounded_channel::<Out>();
        let mut session: Option<String> = None;
        let mut identified = false;
        loop {
            tokio::select! {
                msg = rx.next() => {
                    let text = match msg {
                        Some(Ok(WsMessage::Text(t))) => t,
                        Some(Ok(WsMessage::Close(frame))) => {
                            let code = frame.map(|f| u16::from(f.code));
                            self.detach(session.as_deref(), conn, code);
                            let _ = tx.close().await;
                            return Ok(());
                        }
                        Some(Ok(_)) => continue,
                        Some(Err(_)) | None => {
                            self.detach(session.as_deref(), conn, None);
                            return Ok(());
                        }
                    };
                    let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                    match v["op"].as_u64() {
                        Some(1) => tx.send(WsMessage::Text(json!({"op": 11}).to_string())).await?,
                        Some(2) => {
                            let mut redacted = v["d"].clone();
                            redacted["token"] = json!(v["d"]["token"].as_str().map(|t| !t.is_empty()));
                            (self.record)("IDENTIFY", redacted);
                            self.identifies.fetch_add(1, Ordering::SeqCst);
                            if identified {
                                // "Gateway Close Event Codes": 4005 Already authenticated.
                                out_tx.send(Out::Close(4005, "Already authenticated.")).ok();
                                continue;
                            }
                            match self.identify(&v["d"], conn, &out_tx) {
                                Ok(id) => { session = Some(id); identified = true; }
                                Err(out) => {
                                    if matches!(&out, Out::Text(_)) {
                                        // Refused by the IDENTIFY rate limit (op 9): a
                                        // retry after it is the bot doing the right thing.
                                        (self.record)("INVALID_SESSION", json!({"shard": v["d"]["shard"]}));
                                    }
                                    out_tx.send(out).ok();
                                }
                            }
                        }
                        Some(6) => {
                            (self.record)("RESUME", json!({"session_id": v["d"]["session_id"], "seq": v["d"]["seq"]}));
                            match self.resume(&v["d"], conn, &out_tx) {
                                Ok(id) => { session = Some(id); identified = true; }
                                Err(out) => { out_tx.send(out).ok(); }
                            }
                        }
                        _ => {}
                    }
                }
                out = out_rx.recv() => {
                    match out {
                        Some(Out::Text(t)) => tx.send(WsMessage::Text(t)).await?,
                        Some(Out::Close(code, reason)) => {
                            self.detach(session.as_deref(), conn, Some(code));
                            let _ = tx.send(WsMessage::Close(Some(CloseFrame {
                                code: CloseCode::from(code),
                                reason: reason.into(),
                            }))).await;
                            // Wait briefly for the bot's answering close frame, then drop.
                            let _ = tokio::time::timeout(Duration::from_secs(2), async {
                                while let Some(Ok(m)) = rx.next().await {
                                    if matches!(m, WsMessage::Close(_)) { break; }
                                }
                            }).await;
                            return Ok(());
                        }
                        None => return Ok(()),
                    }
                }
            }
        }
    }

    /// Detaches connection `conn` from its session; a close with 1000/1001 ends the session
    /// ("Gateway" → "Initiating a Disconnect").
    fn detach(&self, session: Option<&str>, conn: u64, code: Option<u16>) {
        let Some(id) = session else { return };
        let mut st = self.state.lock().unwrap();
        if let Some(s) = st.sessions.get_mut(id) {
            if s.conn.as_ref().is_some_and(|(c, _)| *c == conn) {
                s.conn = None;
            }
            if matches!(code, Some(1000 | 1001)) {
                s.resumable = false;
            }
        }
    }

    /// Checks an IDENTIFY ("Gateway Events" → "Identify"); on success sends READY and
    /// returns the new session id; otherwise the frame to answer with.
    fn identify(
        &self,
        d: &Value,
        conn: u64,
        out: &mpsc::UnboundedSender<Out>,
    ) -> Result<String, Out> {
        let mut st = self.state.lock().unwrap();
        if !token_matches(st.token.as_deref(), d["token"].as_str()) {
            // "Gateway Close Event Codes": 4004 Authentication failed (do not reconnect).
            return Err(Out::Close(4004, "Authentication failed."));
        }
        let intents = d["intents"].as_u64().unwrap_or(u64::MAX);
        if intents & !VALID_INTENTS != 0 {
            // 4013 Invalid intent(s): "You may have incorrectly calculated the bitwise value."
            return Err(Out::Close(4013, "Invalid intent(s)."));
        }
        if intents & PRIVILEGED_INTENTS & !st.opts.enabled_privileged != 0 {
            // 4014 Disallowed intent(s): a privileged intent not enabled in the portal
            // ("Gateway Intents" → "Privileged Intents" → "Enabling Privileged Intents").
            return Err(Out::Close(4014, "Disallowed intent(s)."));
        }
        let (shard, total) = match d["shard"].as_array() {
            None => (0, 1),
            Some(a) => (
                a.first().and_then(Value::as_u64).unwrap_or(u64::MAX),
                a.get(1).and_then(Value::as_u64).unwrap_or(0),
            ),
        };
        if total == 0 || shard >= total || total > u64::from(u32::MAX) {
            // 4010 Invalid shard ("Sharding": `[shard_id, num_shards]`, zero-based id).
            return Err(Out::Close(4010, "Invalid shard."));
        }
        let (shard, total) = (shard as u32, total as u32);
        if total < st.opts.required_shards {
            // 4011 Sharding required: "The session would have handled too many guilds".
            return Err(Out::Close(4011, "Sharding required."));
        }
        if st.remaining == 0 {
            // "Identifying": upon hitting the daily IDENTIFY limit the bot token is reset.
            st.token = None;
            for s in st.sessions.values_mut() {
                s.resumable = false;
                if let Some((_, tx)) = s.conn.take() {
                    let _ = tx.send(Out::Close(4004, "Authentication failed."));
                }
            }
            return Err(Out::Close(4004, "Authentication failed."));
        }
        // "Sharding" → "Max Concurrency": max_concurrency IDENTIFYs per 5 s, one per key
        // `shard_id % max_concurrency`; beyond that Discord answers INVALID_SESSION.
        let key = shard % st.opts.max_concurrency.max(1);
        let now = Instant::now();
        if st
            .last_identify
            .get(&key)
            .is_some_and(|t| now.duration_since(*t) < Duration::from_secs(5))
        {
            return Err(Out::Text(json!({"op": 9, "d": false}).to_string()));
        }
        st.last_identify.insert(key, now);
        st.remaining -= 1;
        let id = format!("fake-session-{}", st.next_session);
        st.next_session += 1;
        st.routing_total = total;
        let guilds: Vec<Value> = st
            .opts
            .guilds
            .iter()
            .filter(|g| Self::shard_of(**g, total) == shard)
            .map(|g| json!({"id": g.to_string(), "unavailable": true}))
            .collect();
        let ready = json!({"op": 0, "s": 1, "t": "READY", "d": {
            "v": 10,
            "user": {"id": self.bot_id.to_string(), "username": "croupier", "discriminator": "0", "avatar": null, "bot": true},
            "guilds": guilds,
            "session_id": id,
            "resume_gateway_url": self.url,
            "shard": [shard, total],
            "application": {"id": self.app_id.to_string(), "flags": 0},
        }})
        .to_string();
        // Queue READY before the session can receive dispatches, under the same lock.
        let _ = out.send(Out::Text(ready.clone()));
        st.sessions.insert(
            id.clone(),
            Session {
                shard,
                total,
                seq: 1,
                sent: vec![(1, ready)],
                conn: Some((conn, out.clone())),
                resumable: true,
            },
        );
        st.by_shard.entry(shard).or_default().push(id.clone());
        Ok(id)
    }

    /// Checks a RESUME ("Gateway" → "Resuming"): replays what the bot missed, then RESUMED.
    fn resume(
        &self,
        d: &Value,
        conn: u64,
        out: &mpsc::UnboundedSender<Out>,
    ) -> Result<String, Out> {
        let mut st = self.state.lock().unwrap();
        if !token_matches(st.token.as_deref(), d["token"].as_str()) {
            return Err(Out::Close(4004, "Authentication failed."));
        }
        let id = d["session_id"].as_str().unwrap_or("").to_string();
        let Some(s) = st.sessions.get_mut(&id).filter(|s| s.resumable) else {
            // "Invalid Session": the gateway could not resume a previous session.
            return Err(Out::Text(json!({"op": 9, "d": false}).to_string()));
        };
        let Some(seq) = d["seq"].as_u64().filter(|q| *q <= s.seq) else {
            // 4007 Invalid `seq`: "The sequence sent when resuming the session was invalid."
            s.resumable = false;
            return Err(Out::Close(4007, "Invalid seq."));
        };
        if let Some((_, old)) = s.conn.take() {
            let _ = old.send(Out::Close(4000, "Resumed elsewhere."));
        }
        for (q, text) in &s.sent {
            if *q > seq {
                let _ = out.send(Out::Text(text.clone()));
            }
        }
        s.seq += 1;
        let resumed = json!({"op": 0, "s": s.seq, "t": "RESUMED", "d": {}}).to_string();
        s.sent.push((s.seq, resumed.clone()));
        let _ = out.send(Out::Text(resumed));
        s.conn = Some((conn, out.clone()));
        Ok(id)
    }
}

/// The IDENTIFY / RESUME token: the bot token, bare (as in the docs' examples) or with the
/// `Bot ` prefix of the REST header (what serenity sends, and Discord accepts).
fn token_matches(valid: Option<&str>, sent: Option<&str>) -> bool {
    match (valid, sent) {
        (Some(v), Some(s)) => s.strip_prefix("Bot ").unwrap_or(s) == v,
        _ => false,
    }
}

fn live_session(st: &mut State, shard: u32) -> Option<&mut Session> {
    let total = st.routing_total;
    let ids = st.by_shard.get(&shard)?.clone();
    let id = ids.iter().rev().find(|id| {
        st.sessions
            .get(*id)
            .is_some_and(|s| s.total == total && s.conn.is_some())
    })?;
    st.sessions.get_mut(id)
}
