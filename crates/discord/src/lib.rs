//! The Discord front end: a generic adapter between Discord interactions and the table service.
//!
//! It knows no game. Slash commands are registered from the declarations
//! ([`croupier_core::table::builtins::generic_commands`] and each game's `command()`); every slash
//! command, button press, menu pick, submitted form (modal) and autocomplete becomes one [`croupier_core::table::Request`];
//! every [`croupier_core::table::Reply`] becomes embeds, buttons and menus ([`render`]).
//!
//! Commands are registered with serenity directly and handled in one event handler rather
//! than as `poise::Command`s: the declarations are data known only at run time, the options
//! are read generically into a [`croupier_core::table::Command`], and slash commands, autocomplete and
//! component presses then share one path (poise would only add per-command dispatch and its
//! own argument parsing, which this adapter does not use).

mod commands;
mod handler;
pub mod ids;
pub mod metrics;
pub mod modals;
mod ops;
mod outbox;
pub mod permissions;
mod raw;
pub mod redact;
mod reminders;
pub mod render;
mod retire;
mod send;
pub mod shards;
mod slots;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{GatewayIntents, GuildId, Http, HttpBuilder};
use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;
use tracing::{info, warn};

pub use commands::{
    all_specs, autocomplete_choices, combined_size, command_json, command_json_with,
    default_permissions, read_command, registration, registration_problems, registration_with,
    Suggested,
};
pub use handler::{actor, readers};
pub use ops::Health;
pub use shards::{GatewayError, Retry, Sharding, ShardingError};

use croupier_core::store::Store;
use croupier_core::table::{Clock, Registry, SeedMode, SystemClock, Table, TableHandle};

/// The intents the bot asks for. Interactions arrive without any intent; `GUILDS` keeps
/// serenity's guild cache (names, channels) current. No privileged intent is used.
pub const INTENTS: GatewayIntents = GatewayIntents::GUILDS;

/// How long a shutdown waits for the interactions in flight and the channels' queued output
/// (a channel takes about 5 messages per 5 s); systemd's and compose's stop timeouts (30 s)
/// leave the rest for disconnecting.
pub const DRAIN: Duration = Duration::from_secs(20);

/// How the bot runs.
#[derive(Clone)]
pub struct Config {
    /// Bot token (never logged).
    pub token: String,
    /// SQLite database file.
    pub db: PathBuf,
    /// The games, with their data loaded.
    pub games: Arc<Registry>,
    /// Register commands in this guild only (development); `None` registers them globally.
    pub dev_guild: Option<u64>,
    /// Offer the commands that work in DMs (`/roll`) to users who install the app on their
    /// own account too (`CROUPIER_USER_INSTALL`; the application must allow user installs in
    /// the developer portal's Installation page).
    pub user_install: bool,
    /// Base URL of a Discord stand-in (e.g. `http://127.0.0.1:4000`): REST goes there,
    /// with serenity's ratelimiter off (it would bypass the proxy). `None` = discord.com.
    pub api_base: Option<String>,
    /// Reach `https://discord.com` through this HTTPS proxy, trusting an extra root
    /// certificate. Unlike `api_base`, serenity's own URLs and its ratelimiter stay in use
    /// (the end-to-end tests use it so that the production HTTP path is what they test).
    pub https_proxy: Option<HttpsProxy>,
    /// Table worker threads (each with its own connection to `db`).
    pub workers: usize,
    /// The clock (reminders, timestamps).
    pub clock: Arc<dyn Clock>,
    /// Where session seeds come from.
    pub seeds: SeedMode,
    /// Answer "thinking…" when the table has not answered after this long (Discord allows
    /// 3 s); zero defers every interaction first.
    pub defer_after: Duration,
    /// Check for due reminders at least this often.
    pub reminder_interval: Duration,
    /// How many shards, and which of them this process runs (default: Discord's count).
    pub sharding: Sharding,
    /// Gateway intents (default [`INTENTS`]).
    pub intents: GatewayIntents,
    /// How long to keep trying an unreachable Discord API at start.
    pub retry: Retry,
    /// Wait before identifying again after a reshard (Discord allows `max_concurrency`
    /// IDENTIFYs per 5 seconds).
    pub reshard_wait: Duration,
    /// Serve `/healthz` and `/metrics` on this address (`CROUPIER_HTTP`); `None`: no port.
    pub http: Option<SocketAddr>,
    /// How long `/healthz` waits for the database's answer before saying it is unavailable.
    pub health_timeout: Duration,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("token", &"<hidden>")
            .field("db", &self.db)
            .field("dev_guild", &self.dev_guild)
            .field("user_install", &self.user_install)
            .field("api_base", &self.api_base)
            .field("workers", &self.workers)
            .field("sharding", &self.sharding)
            .field("http", &self.http)
            .finish_non_exhaustive()
    }
}

impl Config {
    /// Defaults: 2 workers, real clock, random seeds, defer after 1.5 s, reminders every 30 s,
    /// no operations port (its health check waits 2 s for the database).
    pub fn new(token: impl Into<String>, db: impl Into<PathBuf>, games: Arc<Registry>) -> Self {
        Config {
            token: token.into(),
            db: db.into(),
            games,
            dev_guild: None,
            user_install: false,
            api_base: None,
            https_proxy: None,
            workers: 2,
            clock: Arc::new(SystemClock),
            seeds: SeedMode::Random,
            defer_after: Duration::from_millis(1500),
            reminder_interval: Duration::from_secs(30),
            sharding: Sharding::Auto,
            intents: INTENTS,
            retry: Retry::default(),
            reshard_wait: Duration::from_secs(5),
            http: None,
            health_timeout: Duration::from_secs(2),
        }
    }
}

/// An HTTPS proxy for Discord's REST API (a `CONNECT` tunnel) and an extra root certificate.
#[derive(Clone)]
pub struct HttpsProxy {
    /// The proxy's URL, e.g. `http://127.0.0.1:8080`.
    pub url: String,
    /// A PEM root certificate to trust besides the usual web roots.
    pub root_pem: Vec<u8>,
}

/// Why the bot could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened.
    #[error("cannot open the database: {0}")]
    Store(#[from] croupier_core::store::StoreError),
    /// Opening the database stopped half-way (its thread ended).
    #[error("cannot open the database: {0}")]
    Open(String),
    /// The HTTPS proxy or its root certificate is unusable.
    #[error("cannot use the HTTPS proxy: {0}")]
    Proxy(#[from] reqwest::Error),
    /// Discord refused the bot or could not be reached.
    #[error("{0}")]
    Gateway(#[from] GatewayError),
    /// The operations port (`CROUPIER_HTTP`) could not be opened.
    #[error("cannot serve the operations port on {addr} (CROUPIER_HTTP): {source}")]
    Http {
        /// The address asked for.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// A running bot.
pub struct Bot {
    shared: Arc<handler::Shared>,
    gateway: Option<JoinHandle<Result<(), GatewayError>>>,
    reminders: JoinHandle<()>,
    stop: watch::Sender<bool>,
    gateway_stop: watch::Sender<bool>,
    ops: Option<(SocketAddr, JoinHandle<()>)>,
    ops_stop: watch::Sender<bool>,
}

/// Starts the bot: opens the tables, connects to the gateway (in the background), registers
/// the commands on READY and starts the reminder loop.
pub async fn start(config: Config) -> Result<Bot, StartError> {
    // The port first: a port already taken stops the start before anything connects.
    let listener = match config.http {
        Some(addr) => Some(
            ops::bind(addr)
                .await
                .map_err(|source| StartError::Http { addr, source })?,
        ),
        None => None,
    };
    let metrics = Arc::new(metrics::Metrics::new());
    // Opened off the async runtime: the PostgreSQL client blocks on a runtime of its own.
    let target = config.db.to_string_lossy().into_owned();
    let workers = config.workers.max(1);
    let stores = tokio::task::spawn_blocking(move || {
        (0..workers)
            .map(|_| Store::connect(&target))
            .collect::<Result<Vec<_>, _>>()
    })
    .await
    .map_err(|e| StartError::Open(e.to_string()))??;
    let mut tables = Vec::new();
    for store in stores {
        let table = Table::new(
            store,
            config.games.clone(),
            config.clock.clone(),
            config.seeds,
        );
        tables.push(match config.sharding.slice() {
            Some(s) => table.on_shards(s),
            None => table,
        });
    }
    let table = TableHandle::start_reporting(tables, {
        let metrics = metrics.clone();
        Arc::new(move |r| metrics.group(r))
    });
    let look = render::Look::new(
        config
            .games
            .all()
            .map(|g| (g.name().to_string(), g.title().to_string())),
    );
    let client = match &config.https_proxy {
        Some(p) => Some(
            reqwest::Client::builder()
                .use_rustls_tls()
                .proxy(reqwest::Proxy::https(&p.url)?)
                .add_root_certificate(reqwest::Certificate::from_pem(&p.root_pem)?)
                .build()?,
        ),
        None => None,
    };
    let rest = slots::Rest {
        client: client.clone().unwrap_or_default(),
        base: config
            .api_base
            .as_deref()
            .map_or("https://discord.com", |b| b.trim_end_matches('/'))
            .to_string(),
    };
    let shared = Arc::new(handler::Shared {
        table: Mutex::new(Some(table)),
        look: Arc::new(look),
        specs: all_specs(&config.games),
        games: config.games.clone(),
        dev_guild: config.dev_guild.filter(|g| *g != 0).map(GuildId::new),
        user_install: config.user_install,
        defer_after: config.defer_after,
        closing: AtomicBool::new(false),
        inflight: AtomicUsize::new(0),
        idle: Notify::new(),
        registered: AtomicBool::new(false),
        raw_permissions: Arc::new(raw::RawPermissions::default()),
        rest,
        metrics: metrics.clone(),
        outbox: Arc::new(outbox::Lanes::default()),
        boards: Arc::new(croupier_core::render::attach::Boards::default()),
        offers: Arc::new(retire::Offers::default()),
    });
    let view = Arc::new(shards::ShardView::default());
    let (ops_stop, ops_stop_rx) = watch::channel(false);
    let ops = match listener {
        Some(listener) => {
            let addr = listener.local_addr().map_err(|source| StartError::Http {
                addr: config
                    .http
                    .unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], 0))),
                source,
            })?;
            let state = Arc::new(ops::OpsState {
                shared: shared.clone(),
                shards: view.clone(),
                ping_timeout: config.health_timeout,
            });
            info!(%addr, "serving /healthz and /metrics");
            Some((addr, tokio::spawn(ops::serve(listener, state, ops_stop_rx))))
        }
        None => None,
    };
    let make_http = {
        let token = config.token.clone();
        let base = config.api_base.clone();
        move || {
            let mut http = HttpBuilder::new(&token);
            if let Some(c) = &client {
                http = http.client(c.clone());
            }
            if let Some(base) = &base {
                http = http
                    .proxy(base.trim_end_matches('/'))
                    .ratelimiter_disabled(true);
            }
            http.build()
        }
    };
    let mut http = make_http();
    if let Some(r) = &mut http.ratelimiter {
        // The clients' own Http reports through `EventHandler::ratelimit` (serenity sets that
        // callback); this one posts reminders.
        let metrics = metrics.clone();
        r.set_ratelimit_callback(Box::new(move |_| metrics.rate_limited()));
    }
    let http: Arc<Http> = Arc::new(http);
    let api_base = config
        .api_base
        .as_deref()
        .map_or("https://discord.com", |b| b.trim_end_matches('/'))
        .to_string();
    // Ask for the gateway (and the shard count) first: a refused token or an unreachable
    // API ends the start with an error naming it.
    let plan = shards::plan(&http, &api_base, &config.sharding, &config.retry, 1).await?;
    // What a previous run committed but did not send goes first, before any new interaction.
    if let Some(table) = shared.table() {
        let recovery = outbox::Recovery {
            lanes: shared.outbox.clone(),
            table,
            games: shared.games.clone(),
            look: shared.look.clone(),
            metrics: metrics.clone(),
        };
        outbox::recover(recovery, http.clone(), config.sharding.slice()).await;
    }
    let (stop, stop_rx) = watch::channel(false);
    let reminders = tokio::spawn(reminders::run(
        shared.clone(),
        http,
        config.clock.clone(),
        config.reminder_interval,
        stop_rx,
    ));
    let launch = shards::Launch {
        http: Box::new(make_http),
        handler: Arc::new(handler::Handler(shared.clone())),
        intents: config.intents,
        api_base,
        sharding: config.sharding.clone(),
        retry: config.retry.clone(),
        reshard_wait: config.reshard_wait,
        view,
        raw: shared.raw_permissions.clone(),
    };
    let (gateway_stop, gateway_stop_rx) = watch::channel(false);
    let gateway = tokio::spawn(shards::supervise(launch, plan, gateway_stop_rx));
    info!(
        db = %croupier_core::store::display_target(&config.db.to_string_lossy()),
        "croupier started"
    );
    Ok(Bot {
        shared,
        gateway: Some(gateway),
        reminders,
        stop,
        gateway_stop,
        ops,
        ops_stop,
    })
}

impl Bot {
    /// The address `/healthz` and `/metrics` are served on, if [`Config::http`] asked for it
    /// (with port 0, the port the system picked).
    pub fn http_addr(&self) -> Option<SocketAddr> {
        self.ops.as_ref().map(|(a, _)| *a)
    }

    /// The table service the bot runs (`None` once shutting down).
    pub fn table(&self) -> Option<TableHandle> {
        self.shared.table()
    }

    /// Interactions being handled right now.
    pub fn in_flight(&self) -> usize {
        self.shared.inflight.load(Ordering::SeqCst)
    }

    /// Stops gracefully: turns new interactions away, lets those in flight finish and the
    /// channels' queued output leave (up to [`DRAIN`]; what is left stays in the outbox and is
    /// delivered at the next start), disconnects, and closes the database after queued work.
    pub async fn shutdown(mut self) {
        self.shared.closing.store(true, Ordering::SeqCst);
        let _ = self.stop.send(true);
        let deadline = tokio::time::Instant::now() + DRAIN;
        loop {
            let idle = self.shared.idle.notified();
            if self.shared.inflight.load(Ordering::SeqCst) == 0 {
                break;
            }
            if tokio::time::timeout_at(deadline, idle).await.is_err() {
                warn!(
                    in_flight = self.in_flight(),
                    "shutting down with interactions still running"
                );
                break;
            }
        }
        let left = self.shared.outbox.drained(deadline).await;
        if left > 0 {
            warn!(
                queued = left,
                "stopping with channel output still queued; it is in the database and goes out at the next start"
            );
        }
        let _ = self.gateway_stop.send(true);
        if let Some(gateway) = self.gateway.take() {
            match tokio::time::timeout(Duration::from_secs(15), gateway).await {
                Ok(Ok(Ok(()))) => {}
                Ok(Ok(Err(e))) => warn!(error = %e, "the gateway ended with an error"),
                Ok(Err(e)) => warn!(error = %e, "the gateway task failed"),
                Err(_) => warn!("the gateway did not stop in time"),
            }
        }
        let _ = (&mut self.reminders).await;
        let table = self.shared.table.lock().ok().and_then(|mut t| t.take());
        if let Some(t) = table {
            let _ = tokio::task::spawn_blocking(move || t.shutdown()).await;
        }
        // The operations port answers 503 ("closing") until here, then stops.
        let _ = self.ops_stop.send(true);
        if let Some((_, ops)) = self.ops.take() {
            let _ = tokio::time::timeout(Duration::from_secs(5), ops).await;
        }
        info!("croupier stopped");
    }

    /// Runs until SIGINT (Ctrl-C) or SIGTERM, then shuts down gracefully. Returns why the
    /// gateway ended if it stopped by itself (a refused token, disallowed intents, …).
    pub async fn run_until_signal(self) -> Result<(), GatewayError> {
        self.run_until(wait_for_signal()).await
    }

    /// Runs until `until` completes (then shuts down gracefully, `Ok`) or the gateway ends by
    /// itself (its error, after shutting down).
    pub async fn run_until(
        mut self,
        until: impl std::future::Future<Output = ()>,
    ) -> Result<(), GatewayError> {
        let Some(mut gateway) = self.gateway.take() else {
            return Ok(());
        };
        let ended = tokio::select! {
            _ = until => None,
            r = &mut gateway => Some(r),
        };
        match ended {
            None => {
                info!("signal received; shutting down");
                self.gateway = Some(gateway);
                self.shutdown().await;
                Ok(())
            }
            Some(r) => {
                self.shutdown().await;
                match r {
                    Ok(r) => r,
                    Err(e) => Err(GatewayError::Task(e.to_string())),
                }
            }
        }
    }
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
