//! Sharding and the gateway errors that must stop the bot.
//!
//! Discord's gateway docs ("Sharding") recommend a shard count in `GET /gateway/bot`; each
//! shard connection receives the guilds `(guild_id >> 22) % num_shards`. By default the bot
//! runs that many shards in one process; `--shards N` fixes the total and `--shard-range`
//! picks the shards this process runs, so several processes can share one bot.
//!
//! serenity 0.12.5 handles the gateway close codes as follows: 4004, 4013 and 4014 end its
//! client with an error (no retry); 4010 (invalid shard) and 4011 (sharding required) are
//! only logged, after which the shard runner spins on the closed socket until its heartbeat
//! fails and then IDENTIFYs again with the same shard data: a retry loop Discord answers with
//! the same close code, each IDENTIFY using one of the 1,000 daily session starts. So every
//! gateway connection goes through a small local relay ([`Relay`]) that forwards frames both
//! ways unchanged and watches the close codes Discord sends: a code the docs mark "do not
//! reconnect" ("Opcodes and Status Codes" → "Gateway Close Event Codes": 4004, 4010–4014) is
//! held back from serenity and reported to the supervisor ([`supervise`]), which stops the
//! shards and then either reshards (4011 with automatic sharding: a fresh recommended count,
//! all shards restarted) or ends with a [`GatewayError`] naming the cause and the fix.

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{FutureExt, SinkExt, StreamExt};
use poise::serenity_prelude as serenity;
use serenity::{GatewayIntents, Http};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tracing::{info, warn};

use super::raw::RawPermissions;

/// How many shards this process runs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Sharding {
    /// Discord's recommended count from `GET /gateway/bot`, all in this process; on close
    /// code 4011 the bot asks again and restarts every shard with the new count.
    #[default]
    Auto,
    /// `total` shards across all processes; this process runs `range` (inclusive).
    Fixed {
        /// Shards across all processes.
        total: u32,
        /// The shards this process runs (first..=last).
        range: RangeInclusive<u32>,
    },
}

impl Sharding {
    /// The shards of a process that runs only some of them: its reminders are only those of
    /// guilds on its shards (the other processes fire theirs). `None` when it runs them all.
    pub fn slice(&self) -> Option<croupier_core::store::ShardSlice> {
        match self {
            Sharding::Fixed { total, range } if *range != (0..=total.saturating_sub(1)) => {
                Some(croupier_core::store::ShardSlice {
                    total: *total,
                    first: *range.start(),
                    last: *range.end(),
                })
            }
            _ => None,
        }
    }
}

/// A `--shards` / `--shard-range` value that cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShardingError {
    /// `--shards` is not a whole number ≥ 1.
    #[error("--shards (CROUPIER_SHARDS) must be a whole number of at least 1, not `{0}`")]
    BadTotal(String),
    /// `--shard-range` cannot be read.
    #[error("--shard-range (CROUPIER_SHARD_RANGE) must look like `0..2` (shards 0 and 1) or `0..=1` (the same) or `3` (shard 3 alone), not `{0}`")]
    BadRange(String),
    /// `--shard-range` without `--shards`.
    #[error("--shard-range (CROUPIER_SHARD_RANGE) needs --shards (CROUPIER_SHARDS): the total number of shards across all processes")]
    RangeWithoutTotal,
    /// The range selects no shard.
    #[error("--shard-range `{0}` selects no shard")]
    EmptyRange(String),
    /// The range goes past the last shard.
    #[error("--shard-range `{range}` goes past the last shard: with --shards {total} the shards are numbered 0 to {last}")]
    OutOfRange {
        /// The range as given.
        range: String,
        /// `--shards`.
        total: u32,
        /// `total - 1`.
        last: u32,
    },
}

impl Sharding {
    /// Reads `--shards` and `--shard-range` (each `None` or empty = not given).
    ///
    /// `A..B` runs shards A to B-1 (Rust's half-open range), `A..=B` runs A to B, `A` runs A.
    pub fn parse(shards: Option<&str>, range: Option<&str>) -> Result<Sharding, ShardingError> {
        let shards = shards.map(str::trim).filter(|s| !s.is_empty());
        let range = range.map(str::trim).filter(|s| !s.is_empty());
        let total = match shards {
            None if range.is_some() => return Err(ShardingError::RangeWithoutTotal),
            None => return Ok(Sharding::Auto),
            Some(s) => match s.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(ShardingError::BadTotal(s.to_string())),
            },
        };
        let Some(r) = range else {
            return Ok(Sharding::Fixed {
                total,
                range: 0..=total - 1,
            });
        };
        let num = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| ShardingError::BadRange(r.to_string()))
        };
        let (first, last) = if let Some((a, b)) = r.split_once("..=") {
            (num(a)?, Some(num(b)?))
        } else if let Some((a, b)) = r.split_once("..") {
            let (a, b) = (num(a)?, num(b)?);
            (a, b.checked_sub(1))
        } else {
            let a = num(r)?;
            (a, Some(a))
        };
        let last = match last {
            Some(l) if l >= first => l,
            _ => return Err(ShardingError::EmptyRange(r.to_string())),
        };
        if last >= total {
            return Err(ShardingError::OutOfRange {
                range: r.to_string(),
                total,
                last: total - 1,
            });
        }
        Ok(Sharding::Fixed {
            total,
            range: first..=last,
        })
    }
}

/// Why the gateway connection ended for good. Each message names the cause and the fix.
#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// 401 on REST or close code 4004 on the gateway.
    #[error("Discord refused the bot token ({during}). Check DISCORD_TOKEN in .env; if the token was reset or regenerated, copy the new one from the Bot page of your application in the Discord developer portal. Not retrying: Discord resets a token after 1,000 logins in a day.")]
    TokenRefused {
        /// Where it was refused.
        during: String,
    },
    /// Close code 4014.
    #[error("Discord refused the gateway intents (close code 4014, disallowed intents): the bot asks for the privileged intent(s) {names}, which are not enabled for this application. Enable them on the Bot page of the Discord developer portal under Privileged Gateway Intents.")]
    DisallowedIntents {
        /// The privileged intents the bot asked for.
        names: String,
    },
    /// Close code 4013.
    #[error("Discord refused the gateway intents {bits:#x} as invalid (close code 4013)")]
    InvalidIntents {
        /// The intents sent.
        bits: u64,
    },
    /// Close code 4010.
    #[error("Discord refused the shard data (close code 4010, invalid shard) for {total} shard(s): check --shards and --shard-range (CROUPIER_SHARDS, CROUPIER_SHARD_RANGE); a large bot must use a multiple of the shard count Discord assigned it, or leave both empty to shard automatically")]
    InvalidShard {
        /// The total sent.
        total: u32,
    },
    /// Close code 4011 with a fixed shard count.
    #[error("Discord requires more shards than --shards {total} (close code 4011, sharding required){recommended}. Restart every process with the new --shards (and its --shard-range), or leave CROUPIER_SHARDS empty to shard automatically.")]
    ShardingRequired {
        /// `--shards`.
        total: u32,
        /// `; it recommends N`, when known.
        recommended: String,
    },
    /// Another close code Discord marks "do not reconnect".
    #[error("Discord closed the gateway with code {code} ({reason}) and it must not be retried")]
    Closed {
        /// The close code.
        code: u16,
        /// Discord's reason.
        reason: String,
    },
    /// Discord could not be reached.
    #[error("cannot reach Discord at {url} after {tries} tries ({error}). Check the network connection (and CROUPIER_DISCORD_API if it is set).")]
    Unreachable {
        /// What was asked.
        url: String,
        /// How many times.
        tries: u32,
        /// The last error.
        error: String,
    },
    /// Starting would use up the daily session starts.
    #[error("Discord allows {remaining} more gateway login(s) for the next {minutes} minute(s) and this process needs {needed}: starting now would hit the limit and Discord would reset the bot token. Start again later.")]
    SessionLimit {
        /// Session starts left.
        remaining: u64,
        /// Minutes until the limit resets.
        minutes: u64,
        /// Shards to start.
        needed: u32,
    },
    /// The local relay could not listen.
    #[error("cannot open the local gateway relay: {0}")]
    Relay(std::io::Error),
    /// The gateway task panicked or was cancelled.
    #[error("the gateway task failed: {0}")]
    Task(String),
    /// serenity ended with an error.
    #[error("the Discord connection ended: {0}")]
    Client(#[from] serenity::Error),
}

/// How to reach Discord's REST API at start.
#[derive(Debug, Clone)]
pub struct Retry {
    /// Attempts before giving up.
    pub tries: u32,
    /// Wait after the first failure; doubled after each.
    pub first_wait: Duration,
}

impl Default for Retry {
    /// 5 tries: 1 + 2 + 4 + 8 s of waiting.
    fn default() -> Self {
        Retry {
            tries: 5,
            first_wait: Duration::from_secs(1),
        }
    }
}

/// What to connect: the gateway URL and the shards.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The gateway URL from Discord.
    pub url: String,
    /// Shards across all processes.
    pub total: u32,
    /// Shards this process runs.
    pub range: RangeInclusive<u32>,
}

/// Asks Discord for the gateway URL (and, when sharding automatically, the recommended count
/// of at least `min_total`), retrying an unreachable API a bounded number of times.
pub async fn plan(
    http: &Http,
    api_base: &str,
    sharding: &Sharding,
    retry: &Retry,
    min_total: u32,
) -> Result<Plan, GatewayError> {
    match sharding {
        Sharding::Auto => {
            let url = format!("{api_base}/api/v10/gateway/bot");
            let gw = with_retries(&url, retry, || http.get_bot_gateway()).await?;
            let total = gw.shards.max(min_total).max(1);
            let limit = gw.session_start_limit;
            // "Session Start Limit Object": `remaining` session starts until `reset_after` ms.
            if limit.remaining < u64::from(total) {
                return Err(GatewayError::SessionLimit {
                    remaining: limit.remaining,
                    minutes: limit.reset_after.div_ceil(60_000),
                    needed: total,
                });
            }
            Ok(Plan {
                url: gw.url,
                total,
                range: 0..=total - 1,
            })
        }
        Sharding::Fixed { total, range } => {
            // "Get Gateway" needs no authentication; with a fixed count nothing else is asked.
            let url = format!("{api_base}/api/v10/gateway");
            let gw = with_retries(&url, retry, || http.get_gateway()).await?;
            Ok(Plan {
                url: gw.url,
                total: *total,
                range: range.clone(),
            })
        }
    }
}

async fn with_retries<T, F, Fut>(url: &str, retry: &Retry, mut call: F) -> Result<T, GatewayError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, serenity::Error>>,
{
    let mut wait = retry.first_wait;
    let mut last = String::new();
    for attempt in 1..=retry.tries.max(1) {
        match call().await {
            Ok(v) => return Ok(v),
            Err(serenity::Error::Http(e)) if e.status_code().is_some_and(|s| s.as_u16() == 401) => {
                return Err(GatewayError::TokenRefused {
                    during: format!("GET {url} answered 401 Unauthorized"),
                });
            }
            Err(e) => {
                last = e.to_string();
                if attempt < retry.tries {
                    warn!(url, attempt, error = %last, "Discord is not reachable; trying again in {wait:?}");
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
            }
        }
    }
    Err(GatewayError::Unreachable {
        url: url.to_string(),
        tries: retry.tries.max(1),
        error: last,
    })
}

/// A close code (or relay failure) that ends the current set of shards.
#[derive(Debug, Clone)]
pub struct Fatal {
    /// The close code; 0: the gateway could not be reached.
    pub code: u16,
    /// Discord's reason or the connection error.
    pub reason: String,
}

/// Close codes Discord marks "Reconnect: false" ("Gateway Close Event Codes").
fn must_not_reconnect(code: u16) -> bool {
    matches!(code, 4004 | 4010..=4014)
}

/// Consecutive failed connections to Discord's gateway before giving up.
const GATEWAY_TRIES: u32 = 5;

/// A local WebSocket relay between serenity and Discord's gateway (see the module docs).
pub struct Relay {
    /// `ws://127.0.0.1:PORT` for serenity.
    pub url: String,
    fatal: mpsc::UnboundedReceiver<Fatal>,
    accept: JoinHandle<()>,
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

fn ws_config() -> WebSocketConfig {
    // As serenity's own gateway client: no size limits (large GUILD_CREATEs).
    WebSocketConfig {
        max_message_size: None,
        max_frame_size: None,
        ..Default::default()
    }
}

impl Relay {
    /// Listens on a free local port and relays each connection to `upstream`, noting each
    /// interaction's raw permissions in `raw`.
    pub async fn start(upstream: String, raw: Arc<RawPermissions>) -> std::io::Result<Relay> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("ws://{}", listener.local_addr()?);
        let (tx, fatal) = mpsc::unbounded_channel();
        let upstream = Arc::new(upstream);
        let failures = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let accept = tokio::spawn(async move {
            while let Ok((sock, _)) = listener.accept().await {
                // Events are small frames: without TCP_NODELAY, Nagle's algorithm holds one
                // back until the previous is acknowledged (up to a delayed-ACK timeout).
                let _ = sock.set_nodelay(true);
                let (up, tx, failures) = (upstream.clone(), tx.clone(), failures.clone());
                let raw = raw.clone();
                tokio::spawn(async move { relay_one(sock, &up, &tx, &failures, &raw).await });
            }
        });
        Ok(Relay { url, fatal, accept })
    }
}

async fn relay_one(
    sock: tokio::net::TcpStream,
    upstream: &str,
    fatal: &mpsc::UnboundedSender<Fatal>,
    failures: &std::sync::atomic::AtomicU32,
    raw: &RawPermissions,
) {
    use std::sync::atomic::Ordering;
    let query = Arc::new(std::sync::Mutex::new(String::new()));
    let q = query.clone();
    // The callback's signature (and its large error type) is tungstenite's.
    #[allow(clippy::result_large_err)]
    let callback = move |req: &Request, resp: Response| {
        if let Ok(mut q) = q.lock() {
            *q = req.uri().query().unwrap_or("").to_string();
        }
        Ok(resp)
    };
    let Ok(down) =
        tokio_tungstenite::accept_hdr_async_with_config(sock, callback, Some(ws_config())).await
    else {
        return;
    };
    let query = query.lock().map(|q| q.clone()).unwrap_or_default();
    // `wss://host` needs its `/` path before the query (as serenity's URL parsing adds it).
    let base = match upstream.split_once("://") {
        Some((_, rest)) if !rest.contains('/') => format!("{upstream}/"),
        _ => upstream.to_string(),
    };
    let url = if query.is_empty() {
        base
    } else {
        format!("{base}?{query}")
    };
    let up =
        match tokio_tungstenite::connect_async_with_config(url.as_str(), Some(ws_config()), true)
            .await
        {
            Ok((up, _)) => {
                failures.store(0, Ordering::SeqCst);
                up
            }
            Err(e) => {
                let n = failures.fetch_add(1, Ordering::SeqCst) + 1;
                warn!(gateway = upstream, error = %e, "cannot connect to Discord's gateway");
                if n >= GATEWAY_TRIES {
                    let _ = fatal.send(Fatal {
                        code: 0,
                        reason: e.to_string(),
                    });
                }
                return; // dropping `down`: serenity reconnects
            }
        };
    let (mut dtx, mut drx) = down.split();
    let (mut utx, mut urx) = up.split();
    // Set once a "do not reconnect" close is held back: serenity's socket stays open (quiet)
    // until the supervisor shuts the shard down.
    let mut held = false;
    loop {
        tokio::select! {
            m = drx.next() => match m {
                Some(Ok(msg)) => {
                    let closing = matches!(msg, Message::Close(_));
                    if held {
                        if closing {
                            let _ = dtx.close().await;
                            return;
                        }
                        continue;
                    }
                    if utx.send(msg).await.is_err() && !closing {
                        return;
                    }
                }
                _ => {
                    let _ = utx.close().await;
                    return;
                }
            },
            m = urx.next(), if !held => {
                // Every frame already received goes to serenity in one write (under load
                // Discord's events arrive several to a read).
                let mut m = m;
                loop {
                    match m {
                        Some(Ok(Message::Close(Some(frame)))) if must_not_reconnect(u16::from(frame.code)) => {
                            let code = u16::from(frame.code);
                            info!(code, reason = %frame.reason, "Discord closed the gateway; not reconnecting");
                            let _ = fatal.send(Fatal { code, reason: frame.reason.to_string() });
                            held = true;
                            break;
                        }
                        Some(Ok(msg)) => {
                            raw.note(&msg);
                            if dtx.feed(msg).await.is_err() {
                                return;
                            }
                        }
                        // Discord went away without a close frame: drop serenity's socket too,
                        // so it resumes ("Resuming": disconnected without any close code).
                        _ => {
                            let _ = dtx.flush().await;
                            return;
                        }
                    }
                    match urx.next().now_or_never() {
                        Some(next) => m = next,
                        None => break,
                    }
                }
                if dtx.flush().await.is_err() {
                    return;
                }
            }
        }
    }
}

/// The shards of the running client, for `/healthz` and `/metrics`: set by [`supervise`] each
/// time it starts a client, cleared when the shards stop.
#[derive(Default)]
pub(crate) struct ShardView {
    current: std::sync::Mutex<Option<(Arc<serenity::ShardManager>, usize)>>,
}

impl ShardView {
    fn set(&self, now: Option<(Arc<serenity::ShardManager>, usize)>) {
        if let Ok(mut c) = self.current.lock() {
            *c = now;
        }
    }

    /// (connected, expected): how many of this process's shards are connected. serenity's
    /// shard runner reports its stage to the manager at every change; `Connected` is the stage
    /// after the gateway's READY or RESUMED (Discord's "Gateway" docs, "Connection Lifecycle":
    /// a session is usable once READY, or RESUMED after a reconnect, has arrived). A shard
    /// being restarted has no runner, so it counts as not connected. Before the first client
    /// starts (or after the shards stopped) both are 0.
    pub(crate) async fn connected(&self) -> (usize, usize) {
        let now = self.current.lock().ok().and_then(|c| c.clone());
        let Some((manager, expected)) = now else {
            return (0, 0);
        };
        let runners = manager.runners.lock().await;
        let connected = runners
            .values()
            .filter(|r| r.stage == serenity::ConnectionStage::Connected)
            .count();
        (connected, expected)
    }
}

/// What the supervisor needs to (re)start serenity clients.
pub(crate) struct Launch {
    /// Builds a client's HTTP (one per client: serenity takes it by value).
    pub http: Box<dyn Fn() -> Http + Send + Sync>,
    /// The event handler shared by every client.
    pub handler: Arc<super::handler::Handler>,
    /// Gateway intents.
    pub intents: GatewayIntents,
    /// REST base for messages (`https://discord.com` or the stand-in).
    pub api_base: String,
    /// Sharding choice.
    pub sharding: Sharding,
    /// REST retries.
    pub retry: Retry,
    /// Wait before identifying again after a reshard ("Max Concurrency": per 5 seconds).
    pub reshard_wait: Duration,
    /// Where the running shards are shown to the operations port.
    pub view: Arc<ShardView>,
    /// Where the relay notes each interaction's raw permission bits.
    pub raw: Arc<RawPermissions>,
}

/// Runs the shards of `plan` until `stop` or a fatal close; reshards on 4011 when sharding
/// automatically.
pub(crate) async fn supervise(
    launch: Launch,
    mut plan: Plan,
    mut stop: watch::Receiver<bool>,
) -> Result<(), GatewayError> {
    loop {
        let mut relay = Relay::start(plan.url.clone(), launch.raw.clone())
            .await
            .map_err(GatewayError::Relay)?;
        let mut client = serenity::ClientBuilder::new_with_http((launch.http)(), launch.intents)
            .event_handler_arc(launch.handler.clone())
            .await?;
        *client.ws_url.lock().await = relay.url.clone();
        let manager = client.shard_manager.clone();
        let total = plan.total;
        // serenity 0.12.5's start_shard_range runs `range.start..=range.end` (it starts
        // `end - start + 1` shards), so the inclusive range is passed as is.
        let range = *plan.range.start()..*plan.range.end();
        let expected = (*plan.range.end() - *plan.range.start() + 1) as usize;
        launch.view.set(Some((manager.clone(), expected)));
        info!(
            shards = total,
            first = range.start,
            last = range.end,
            "connecting to Discord's gateway"
        );
        let mut task = tokio::spawn(async move { client.start_shard_range(range, total).await });
        let fatal = tokio::select! {
            r = &mut task => {
                launch.view.set(None);
                return match r {
                    Ok(Ok(())) => Ok(()),
                    Ok(Err(e)) => Err(from_serenity(e, launch.intents, total)),
                    Err(e) => Err(GatewayError::Task(e.to_string())),
                };
            }
            f = relay.fatal.recv() => f,
            _ = stop.changed() => None,
        };
        launch.view.set(None);
        manager.shutdown_all().await;
        let _ = tokio::time::timeout(Duration::from_secs(10), &mut task).await;
        let Some(fatal) = fatal else {
            return Ok(());
        };
        match (fatal.code, &launch.sharding) {
            (4011, Sharding::Auto) => {
                info!(
                    shards = total,
                    "Discord requires more shards (close code 4011); resharding"
                );
                tokio::select! {
                    _ = tokio::time::sleep(launch.reshard_wait) => {}
                    _ = stop.changed() => return Ok(()),
                }
                let http = (launch.http)();
                plan = self::plan(
                    &http,
                    &launch.api_base,
                    &launch.sharding,
                    &launch.retry,
                    total + 1,
                )
                .await?;
                info!(shards = plan.total, "resharded");
            }
            (4011, Sharding::Fixed { .. }) => {
                let http = (launch.http)();
                let recommended = match http.get_bot_gateway().await {
                    Ok(g) => format!("; it recommends {}", g.shards),
                    Err(_) => String::new(),
                };
                return Err(GatewayError::ShardingRequired { total, recommended });
            }
            (code, _) => {
                return Err(fatal_error(
                    code,
                    fatal.reason,
                    launch.intents,
                    total,
                    &plan,
                ))
            }
        }
    }
}

fn fatal_error(
    code: u16,
    reason: String,
    intents: GatewayIntents,
    total: u32,
    plan: &Plan,
) -> GatewayError {
    match code {
        0 => GatewayError::Unreachable {
            url: plan.url.clone(),
            tries: GATEWAY_TRIES,
            error: reason,
        },
        4004 => GatewayError::TokenRefused {
            during: "the gateway closed the login with 4004 Authentication failed".into(),
        },
        4013 => GatewayError::InvalidIntents {
            bits: intents.bits(),
        },
        4014 => GatewayError::DisallowedIntents {
            names: privileged_names(intents),
        },
        4010 => GatewayError::InvalidShard { total },
        _ => GatewayError::Closed { code, reason },
    }
}

fn from_serenity(e: serenity::Error, intents: GatewayIntents, total: u32) -> GatewayError {
    use serenity::GatewayError as G;
    match e {
        serenity::Error::Gateway(G::InvalidAuthentication) => GatewayError::TokenRefused {
            during: "the gateway refused the login".into(),
        },
        serenity::Error::Gateway(G::DisallowedGatewayIntents) => GatewayError::DisallowedIntents {
            names: privileged_names(intents),
        },
        serenity::Error::Gateway(G::InvalidGatewayIntents) => GatewayError::InvalidIntents {
            bits: intents.bits(),
        },
        serenity::Error::Gateway(G::InvalidShardData) => GatewayError::InvalidShard { total },
        other => GatewayError::Client(other),
    }
}

/// The privileged intents in `intents`, by their name in the developer portal ("Gateway
/// Intents" → "Privileged Intents").
pub fn privileged_names(intents: GatewayIntents) -> String {
    let mut names = vec![];
    if intents.contains(GatewayIntents::GUILD_PRESENCES) {
        names.push("GUILD_PRESENCES (Presence Intent)");
    }
    if intents.contains(GatewayIntents::GUILD_MEMBERS) {
        names.push("GUILD_MEMBERS (Server Members Intent)");
    }
    if intents.contains(GatewayIntents::MESSAGE_CONTENT) {
        names.push("MESSAGE_CONTENT (Message Content Intent)");
    }
    if names.is_empty() {
        "(none: the bot asks for no privileged intent, so check the application's settings)".into()
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_flags_parse_and_validate() {
        assert_eq!(Sharding::parse(None, None), Ok(Sharding::Auto));
        assert_eq!(Sharding::parse(Some(""), Some(" ")), Ok(Sharding::Auto));
        assert_eq!(
            Sharding::parse(Some("4"), None),
            Ok(Sharding::Fixed {
                total: 4,
                range: 0..=3
            })
        );
        assert_eq!(
            Sharding::parse(Some("4"), Some("0..2")),
            Ok(Sharding::Fixed {
                total: 4,
                range: 0..=1
            })
        );
        assert_eq!(
            Sharding::parse(Some("4"), Some("2..=3")),
            Ok(Sharding::Fixed {
                total: 4,
                range: 2..=3
            })
        );
        assert_eq!(
            Sharding::parse(Some("4"), Some("3")),
            Ok(Sharding::Fixed {
                total: 4,
                range: 3..=3
            })
        );
        assert_eq!(
            Sharding::parse(Some("0"), None),
            Err(ShardingError::BadTotal("0".into()))
        );
        assert_eq!(
            Sharding::parse(Some("two"), None),
            Err(ShardingError::BadTotal("two".into()))
        );
        assert_eq!(
            Sharding::parse(None, Some("0..2")),
            Err(ShardingError::RangeWithoutTotal)
        );
        assert_eq!(
            Sharding::parse(Some("4"), Some("2..2")),
            Err(ShardingError::EmptyRange("2..2".into()))
        );
        assert_eq!(
            Sharding::parse(Some("4"), Some("a..b")),
            Err(ShardingError::BadRange("a..b".into()))
        );
        let e = Sharding::parse(Some("4"), Some("2..5")).unwrap_err();
        assert_eq!(e.to_string(), "--shard-range `2..5` goes past the last shard: with --shards 4 the shards are numbered 0 to 3");
    }

    #[test]
    fn disallowed_intents_are_named_as_in_the_portal() {
        let names = privileged_names(GatewayIntents::GUILDS | GatewayIntents::GUILD_MEMBERS);
        assert_eq!(names, "GUILD_MEMBERS (Server Members Intent)");
    }
}
