//! The bot's Prometheus metrics, served at `/metrics` by [`super::ops`].
//!
//! Kept with `prometheus-client`, the Prometheus project's own Rust client (OpenMetrics text
//! format, no global registry: each running bot owns its [`Metrics`], so tests that start
//! several bots in one process each read their own numbers). Every name and its help text is
//! written once, here.

use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use croupier_core::table::{GroupEnd, GroupReport};

/// What kind of interaction Discord sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A slash command.
    Command,
    /// A button press or menu pick.
    Component,
    /// An autocomplete request.
    Autocomplete,
    /// A submitted form (a modal).
    Modal,
}

impl Kind {
    fn label(self) -> &'static str {
        match self {
            Kind::Command => "command",
            Kind::Component => "component",
            Kind::Autocomplete => "autocomplete",
            Kind::Modal => "modal",
        }
    }
}

/// How an interaction ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The table applied it (or answered a view).
    Accepted,
    /// The rules refused it; nothing changed.
    Refused,
    /// A second delivery of an interaction already applied: answered from the stored outcome.
    Duplicate,
    /// The table could not be reached or the commit failed; nothing changed.
    Failed,
    /// Turned away because the bot is shutting down.
    Restarting,
    /// A button whose id is unknown or unreadable.
    UnknownButton,
    /// Answered by the front end itself (`/game check`, autocomplete).
    Answered,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Outcome::Accepted => "accepted",
            Outcome::Refused => "refused",
            Outcome::Duplicate => "duplicate",
            Outcome::Failed => "failed",
            Outcome::Restarting => "restarting",
            Outcome::UnknownButton => "unknown_button",
            Outcome::Answered => "answered",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct InteractionLabels {
    kind: &'static str,
    command: String,
    outcome: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct KindLabel {
    kind: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct EndLabel {
    end: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct WhatLabel {
    what: String,
}

type Seconds = Family<KindLabel, Histogram, fn() -> Histogram>;

fn latency_histogram() -> Histogram {
    // 5 ms to about 10 s: Discord wants an initial answer within 3 s.
    Histogram::new(exponential_buckets(0.005, 2.0, 12))
}

/// Every metric of one running bot.
pub struct Metrics {
    registry: Registry,
    interactions: Family<InteractionLabels, Counter>,
    latency: Seconds,
    groups: Family<EndLabel, Counter>,
    group_requests: Histogram,
    commit_seconds: Histogram,
    send_retries: Family<WhatLabel, Counter>,
    rate_limits: Counter,
    shards_connected: Gauge,
    shards_expected: Gauge,
    reminders_run: Counter,
    reminders_late: Gauge<f64, std::sync::atomic::AtomicU64>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    /// The bot's metrics, all at zero, registered under the prefix `croupier`.
    pub fn new() -> Self {
        let mut root = Registry::with_prefix("croupier");
        let m = Metrics {
            registry: Registry::default(),
            interactions: Family::default(),
            latency: Family::new_with_constructor(latency_histogram as fn() -> Histogram),
            groups: Family::default(),
            group_requests: Histogram::new(exponential_buckets(1.0, 2.0, 9)),
            commit_seconds: Histogram::new(exponential_buckets(0.0005, 2.0, 14)),
            send_retries: Family::default(),
            rate_limits: Counter::default(),
            shards_connected: Gauge::default(),
            shards_expected: Gauge::default(),
            reminders_run: Counter::default(),
            reminders_late: Gauge::default(),
        };
        root.register(
            "interactions",
            "Interactions handled, by kind, command path and outcome",
            m.interactions.clone(),
        );
        root.register(
            "interaction_seconds",
            "From receiving an interaction to the end of its answer",
            m.latency.clone(),
        );
        root.register(
            "table_groups",
            "Group commits of the table's writer by how they ended (committed, nothing_written, failed)",
            m.groups.clone(),
        );
        root.register(
            "table_group_requests",
            "Requests applied in one group commit",
            m.group_requests.clone(),
        );
        root.register(
            "table_group_seconds",
            "From opening a group's transaction to the end of its commit",
            m.commit_seconds.clone(),
        );
        root.register(
            "discord_send_retries",
            "Requests to Discord sent again after a failure, by what was sent",
            m.send_retries.clone(),
        );
        root.register(
            "discord_rate_limits",
            "Requests held back by a rate limit: a 429 from Discord (retry_after) or a bucket serenity knew to be empty",
            m.rate_limits.clone(),
        );
        root.register(
            "shards_connected",
            "Gateway shards of this process that are connected (READY or RESUMED)",
            m.shards_connected.clone(),
        );
        root.register(
            "shards_expected",
            "Gateway shards this process runs",
            m.shards_expected.clone(),
        );
        root.register(
            "reminders_run",
            "Due wake-ups (turn reminders, timeouts) run",
            m.reminders_run.clone(),
        );
        root.register(
            "reminders_late_seconds",
            "How long the earliest due wake-up has been waiting (0 when none is due)",
            m.reminders_late.clone(),
        );
        Metrics {
            registry: root,
            ..m
        }
    }

    /// Counts one interaction and how long it took.
    pub fn interaction(&self, kind: Kind, command: &str, outcome: Outcome, took: Duration) {
        self.interactions
            .get_or_create(&InteractionLabels {
                kind: kind.label(),
                command: command.to_string(),
                outcome: outcome.label(),
            })
            .inc();
        self.latency
            .get_or_create(&KindLabel { kind: kind.label() })
            .observe(took.as_secs_f64());
    }

    /// Records one group commit of the table's writer.
    pub fn group(&self, r: GroupReport) {
        let end = match r.end {
            GroupEnd::Committed => "committed",
            GroupEnd::NothingWritten => "nothing_written",
            GroupEnd::Failed => "failed",
        };
        self.groups.get_or_create(&EndLabel { end }).inc();
        self.group_requests.observe(r.requests as f64);
        self.commit_seconds.observe(r.took.as_secs_f64());
    }

    /// Counts a request to Discord sent again.
    pub fn send_retry(&self, what: &str) {
        self.send_retries
            .get_or_create(&WhatLabel {
                what: what.to_string(),
            })
            .inc();
    }

    /// Counts a request held back by a rate limit.
    pub fn rate_limited(&self) {
        self.rate_limits.inc();
    }

    /// Sets the shard gauges (connected of expected).
    pub fn shards(&self, connected: usize, expected: usize) {
        self.shards_connected
            .set(i64::try_from(connected).unwrap_or(i64::MAX));
        self.shards_expected
            .set(i64::try_from(expected).unwrap_or(i64::MAX));
    }

    /// Counts due wake-ups run.
    pub fn reminders_run(&self, n: usize) {
        self.reminders_run.inc_by(n as u64);
    }

    /// Sets how late the earliest due wake-up is.
    pub fn reminders_late(&self, late: Duration) {
        self.reminders_late.set(late.as_secs_f64());
    }

    /// The metrics in the OpenMetrics text format (what Prometheus scrapes).
    pub fn encode(&self) -> String {
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the sample line `name` (with its labels, as printed) in `text`.
    fn value(text: &str, sample: &str) -> Option<f64> {
        text.lines()
            .find_map(|l| l.strip_prefix(sample)?.strip_prefix(' ')?.parse().ok())
    }

    #[test]
    fn counters_start_absent_and_count_what_happened() {
        let m = Metrics::new();
        let line =
            r#"croupier_interactions_total{kind="command",command="roll",outcome="accepted"}"#;
        assert_eq!(value(&m.encode(), line), None);
        for _ in 0..3 {
            m.interaction(
                Kind::Command,
                "roll",
                Outcome::Accepted,
                Duration::from_millis(20),
            );
        }
        m.group(GroupReport {
            requests: 5,
            end: GroupEnd::Committed,
            took: Duration::from_millis(3),
        });
        m.shards(1, 2);
        let text = m.encode();
        assert_eq!(value(&text, line), Some(3.0), "{text}");
        assert_eq!(
            value(
                &text,
                r#"croupier_interaction_seconds_count{kind="command"}"#
            ),
            Some(3.0)
        );
        assert_eq!(
            value(&text, r#"croupier_table_groups_total{end="committed"}"#),
            Some(1.0)
        );
        assert_eq!(value(&text, "croupier_table_group_requests_sum"), Some(5.0));
        assert_eq!(value(&text, "croupier_shards_connected"), Some(1.0));
        assert_eq!(value(&text, "croupier_shards_expected"), Some(2.0));
        assert!(text.trim_end().ends_with("# EOF"), "{text}");
    }
}
