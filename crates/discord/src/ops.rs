//! The operations port (opt-in: `CROUPIER_HTTP=127.0.0.1:9100`): `/healthz` and `/metrics`.
//!
//! Served with axum on the bot's own tokio runtime: axum is tokio's HTTP framework (hyper
//! underneath, which reqwest already brings), its routers compose, and its extractors and
//! middleware (tower) are what the read-only campaign view planned for the same port needs
//! (paths, query strings, signed links checked in a layer).

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Serialize;
use tokio::net::TcpListener;
use tokio::sync::watch;

use super::handler::Shared;
use super::shards::ShardView;

/// What the handlers read.
pub(crate) struct OpsState {
    pub shared: Arc<Shared>,
    pub shards: Arc<ShardView>,
    /// How long `/healthz` waits for the store thread's `SELECT 1`.
    pub ping_timeout: Duration,
}

/// The answer of `/healthz`, as JSON.
#[derive(Debug, Serialize)]
pub struct Health {
    /// `ok` or `unavailable`.
    pub status: &'static str,
    /// This process's shards that are connected.
    pub shards_connected: usize,
    /// This process's shards.
    pub shards_expected: usize,
    /// `ok`, or why the database did not answer.
    pub database: String,
    /// The bot is shutting down.
    pub closing: bool,
}

impl Health {
    fn healthy(&self) -> bool {
        !self.closing
            && self.shards_expected > 0
            && self.shards_connected == self.shards_expected
            && self.database == "ok"
    }
}

/// Checks the shards and the store (one `SELECT 1` on the writer, queued like any request).
pub(crate) async fn health(s: &OpsState) -> Health {
    let (connected, expected) = s.shards.connected().await;
    s.shared.metrics.shards(connected, expected);
    let database = match s.shared.table() {
        None => "closed: the bot is shutting down".to_string(),
        Some(t) => match tokio::time::timeout(s.ping_timeout, t.ping()).await {
            Ok(Ok(())) => "ok".to_string(),
            Ok(Err(e)) => e.to_string(),
            Err(_) => format!(
                "the store thread did not answer within {} ms",
                s.ping_timeout.as_millis()
            ),
        },
    };
    let mut h = Health {
        status: "unavailable",
        shards_connected: connected,
        shards_expected: expected,
        database,
        closing: s.shared.closing.load(Ordering::SeqCst),
    };
    if h.healthy() {
        h.status = "ok";
    }
    h
}

async fn healthz(State(s): State<Arc<OpsState>>) -> Response {
    let h = health(&s).await;
    let code = if h.healthy() {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let body = serde_json::to_string(&h).unwrap_or_default();
    (code, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

async fn metrics(State(s): State<Arc<OpsState>>) -> Response {
    let (connected, expected) = s.shards.connected().await;
    s.shared.metrics.shards(connected, expected);
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        s.shared.metrics.encode(),
    )
        .into_response()
}

/// The routes of the operations port.
pub(crate) fn router(state: Arc<OpsState>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .with_state(state)
}

/// Binds the operations port (before anything connects, so `/healthz` answers 503 while the
/// gateway is not ready yet).
pub(crate) async fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).await
}

/// Serves until `stop` turns true, then lets the requests in flight finish.
pub(crate) async fn serve(
    listener: TcpListener,
    state: Arc<OpsState>,
    mut stop: watch::Receiver<bool>,
) {
    let app = router(state);
    let until = async move {
        let _ = stop.wait_for(|s| *s).await;
    };
    if let Err(e) = axum::serve(listener, app)
        .with_graceful_shutdown(until)
        .await
    {
        tracing::warn!(error = %e, "the operations port stopped with an error");
    }
}
