//! The reminder loop: runs the table's due wake-ups (turn reminders, timeouts) and posts
//! what they say in their channels. Wakes at the next due time, or every `interval`.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude::Http;
use tokio::sync::watch;
use tracing::warn;

use super::handler::{post_drafts, Shared};
use super::ids::{self, LongIds};
use super::render::{self, Draft, Scene};
use croupier_core::table::{Clock, DUE_BATCH};

/// Runs until `stop` turns true.
pub async fn run(
    shared: Arc<Shared>,
    http: Arc<Http>,
    clock: Arc<dyn Clock>,
    interval: Duration,
    mut stop: watch::Receiver<bool>,
) {
    // More wake-ups were due than one batch takes: the next batch runs without waiting.
    let mut more = false;
    loop {
        let wait = if more {
            Duration::ZERO
        } else {
            match next_wait(&shared, &*clock, interval).await {
                Some(w) => w,
                None => return,
            }
        };
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = stop.changed() => return,
        }
        if *stop.borrow() {
            return;
        }
        let Some(table) = shared.table() else { return };
        let look = shared.look.clone();
        // One batch of due wake-ups per writer job, sharing one commit: a long list of due
        // reminders never holds the writer (and the interactions queued behind it) for long.
        let due = table
            .call("reminders", move |t| {
                let mut out: Vec<(String, Vec<Draft>)> = vec![];
                let mut long = LongIds::default();
                let (due, more) = t.run_due_some(DUE_BATCH)?;
                for (channel, replies) in due {
                    // A reminder answers no interaction: the channel's language (chosen, or
                    // the server's as the channel's latest interaction gave it) is its readers'.
                    let readers = t.channel_readers(&channel)?;
                    let scene = Scene {
                        channel: &channel,
                        invoker: None,
                        readers,
                    };
                    let drafts = render::render(&look, &scene, &replies, &mut long);
                    out.push((channel, drafts));
                }
                t.write_rows(|tx| ids::save(tx, &long))?;
                Ok((out, more))
            })
            .await;
        match due {
            Ok((due, m)) => {
                more = m;
                shared.metrics.reminders_run(due.len());
                for (channel, drafts) in due {
                    // In the channel's lane, after the output committed before it.
                    let ticket = shared.outbox.enter(&channel, "reminder", None);
                    ticket.turn().await;
                    post_drafts(&http, &shared.metrics, &channel, drafts).await;
                    drop(ticket);
                }
            }
            Err(e) => {
                more = false;
                warn!(error = %e, "running due reminders failed");
            }
        }
    }
}

/// How long to sleep: until the next wake-up, at most `interval`, at least 50 ms.
async fn next_wait(shared: &Shared, clock: &dyn Clock, interval: Duration) -> Option<Duration> {
    let table = shared.table()?;
    let next = table
        .read("reminders", |t| t.next_wakeup())
        .await
        .unwrap_or(None);
    let now = clock.now();
    let late = match next {
        Some(at) if at < now => Duration::from_secs(u64::try_from(now - at).unwrap_or(0)),
        _ => Duration::ZERO,
    };
    shared.metrics.reminders_late(late);
    let wait = match next {
        Some(at) if at <= now => Duration::ZERO,
        Some(at) => Duration::from_secs(u64::try_from(at - now).unwrap_or(0)).min(interval),
        None => interval,
    };
    Some(wait.max(Duration::from_millis(50)))
}
