//! The ordered outbox: every committed action's public output for a channel leaves in the
//! order the actions were committed, one message at a time, and is delivered once even when
//! the process dies between the commit and the send.
//!
//! - **Durable.** The table writes the output's outbox row (an [`Envelope`]: who acted, the
//!   interaction's id and token; the output is the public replies of the request's stored
//!   outcome, written in the same savepoint and read back with the row, not copied into it) in
//!   the action's own savepoint (`Group::handle_posting`), so the action and its output are
//!   committed together or not at all. The row is deleted once the output was delivered.
//! - **Ordered.** In the same writer closure, the action takes a [`Ticket`] in its channel's
//!   lane ([`Lanes`]); tickets are handed out on the one writer thread, in commit order. A
//!   handler sends its channel output only on its turn (when its ticket is the lane's first),
//!   so a channel has one message in flight at a time: serenity's ratelimiter sees no queue
//!   to release in a burst, and waits out the route's bucket (`X-RateLimit-Remaining: 0`) or a
//!   429's `retry_after` before the next message. A slow turn is covered by the interaction's
//!   deferral ("thinking…"), as a slow table is.
//! - **Recovered.** At start, before the gateway connects, the rows a dead process left are
//!   read (of this process's shards) and queued first; each is delivered through its
//!   interaction while the token still works (a deferred placeholder is edited; an answer
//!   already shown is not repeated), else posted in the channel with a line naming whose
//!   action it answers. Channel posts carry nonces made from the row id with
//!   `enforce_nonce`, so a post that was made before the crash is not made twice.
//! - **Drained.** Shutdown waits for the lanes to empty (bounded); what is left stays in the
//!   database for the next start.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;
use serde::{Deserialize, Serialize};
use serenity::{ChannelId, Http, InteractionId};
use tokio::sync::Notify;
use tracing::{info, warn};

use super::ids;
use super::metrics::Metrics;
use super::render::{self, Draft, Look, Scene, Target};
use super::retire::{self, Pressed};
use super::send::{self, Inter, State};
use croupier_core::i18n::{Locale, Readers};
use croupier_core::store::{self, OutboxRow, ShardSlice};
use croupier_core::table::{Outcome, Registry, Reply, Request, TableHandle, UserId};

/// What an outbox row holds: one action's public output and how to reach its interaction.
/// (`Debug` leaves the token out: it is a credential for 15 minutes.)
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// The interaction's id, if the action came from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interaction: Option<String>,
    /// The interaction's token (valid 15 minutes for edits and followups).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// Who acted.
    pub actor: String,
    /// The command they ran (`dice join`).
    pub command: String,
    /// The output everyone in the channel sees, in order, as rows written before
    /// `in_request` held it (newer rows leave it empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replies: Vec<Reply>,
    /// The output is the public replies of the request's stored outcome (`requests.outcome`,
    /// written in the same savepoint and kept while this row is): not copied here.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_request: bool,
    /// The message whose component was pressed, when the action came from a press: its
    /// settled components are retired ([`super::retire`]), again after a restart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pressed: Option<Pressed>,
    /// The channel's language (the interaction's `guild_locale`, or the channel's choice made
    /// with `/game language`), which a recovery writes the public output in. Rows written before it read as English.
    #[serde(default, skip_serializing_if = "is_english")]
    pub locale: Locale,
}

fn is_english(l: &Locale) -> bool {
    *l == Locale::En
}

impl std::fmt::Debug for Envelope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Envelope")
            .field("interaction", &self.interaction)
            .field("token", &self.token.as_ref().map(|_| "<hidden>"))
            .field("actor", &self.actor)
            .field("command", &self.command)
            .field("replies", &self.replies)
            .field("pressed", &self.pressed)
            .finish()
    }
}

/// The payload of `req`'s outbox row: who acted, how to reach the interaction, and the
/// message pressed; its output is the public replies of the request's stored outcome, read
/// back from there. `None` when the outcome has no public reply and nothing was pressed
/// (private answers stay on the interaction: they are not channel output).
pub fn envelope(
    req: &Request,
    token: Option<&str>,
    out: &Outcome,
    pressed: Option<&Pressed>,
) -> Option<String> {
    // Public output is written in the server's language (the channel's, if chosen).
    let server = out.readers(req.locale).server;
    if !out.replies.iter().any(Reply::is_public) && pressed.is_none() {
        return None;
    }
    let command = match &req.input {
        croupier_core::table::Input::Command(c)
        | croupier_core::table::Input::Component { command: c, .. } => c.path_str(),
    };
    serde_json::to_string(&Envelope {
        interaction: token.map(|_| req.request_id.clone()),
        token: token.map(str::to_string),
        actor: req.actor.id.0.clone(),
        command,
        replies: vec![],
        in_request: true,
        pressed: pressed.cloned(),
        locale: server,
    })
    .ok()
}

/// The public output an outbox row stands for: its own replies (rows written before
/// `in_request`), or the public replies of the request's stored outcome. `None` when the
/// outcome it points to is gone or unreadable.
fn output_of(env: &Envelope, row: &OutboxRow) -> Option<Vec<Reply>> {
    if !env.in_request {
        return Some(env.replies.clone());
    }
    let out: Outcome = serde_json::from_str(row.outcome.as_deref()?).ok()?;
    Some(out.replies.into_iter().filter(Reply::is_public).collect())
}

/// One queued output.
#[derive(Debug)]
pub struct Entry {
    /// Its outbox row (`None`: output kept in memory only, e.g. a view).
    pub row: Option<i64>,
    /// The request it answers.
    pub request_id: String,
    /// Set once its output was delivered.
    pub delivered: AtomicBool,
}

/// Every channel's queue of outputs, in commit order.
#[derive(Debug, Default)]
pub struct Lanes {
    lanes: Mutex<HashMap<String, BTreeMap<u64, Arc<Entry>>>>,
    next: AtomicU64,
    changed: Notify,
    /// Requests whose output a recovery posted in the channel (their interaction is not
    /// answered again publicly).
    recovered: Mutex<HashSet<String>>,
    /// Delivered rows not yet deleted: deleted together in the writer's next group commit.
    delivered: Mutex<Vec<i64>>,
}

impl Lanes {
    /// Queues an output for `channel` behind everything queued before. Called on the writer
    /// thread, in commit order.
    pub fn enter(self: &Arc<Self>, channel: &str, request_id: &str, row: Option<i64>) -> Ticket {
        let place = self.next.fetch_add(1, Ordering::SeqCst);
        let entry = Arc::new(Entry {
            row,
            request_id: request_id.to_string(),
            delivered: AtomicBool::new(false),
        });
        if let Ok(mut lanes) = self.lanes.lock() {
            lanes
                .entry(channel.to_string())
                .or_default()
                .insert(place, entry.clone());
        }
        Ticket {
            lanes: self.clone(),
            channel: channel.to_string(),
            place,
            entry,
        }
    }

    /// The queued output of `request_id` in `channel`, if it is still queued.
    fn queued(&self, channel: &str, request_id: &str) -> Option<(u64, Arc<Entry>)> {
        let lanes = self.lanes.lock().ok()?;
        lanes
            .get(channel)?
            .iter()
            .find(|(_, e)| e.request_id == request_id)
            .map(|(p, e)| (*p, e.clone()))
    }

    fn first(&self, channel: &str) -> Option<u64> {
        let lanes = self.lanes.lock().ok()?;
        lanes.get(channel)?.keys().next().copied()
    }

    fn contains(&self, channel: &str, place: u64) -> bool {
        self.lanes
            .lock()
            .ok()
            .and_then(|l| l.get(channel).map(|q| q.contains_key(&place)))
            .unwrap_or(false)
    }

    fn leave(&self, channel: &str, place: u64) {
        if let Ok(mut lanes) = self.lanes.lock() {
            if let Some(q) = lanes.get_mut(channel) {
                q.remove(&place);
                if q.is_empty() {
                    lanes.remove(channel);
                }
            }
        }
        self.changed.notify_waiters();
    }

    /// Outputs queued in every channel.
    pub fn len(&self) -> usize {
        self.lanes
            .lock()
            .map(|l| l.values().map(BTreeMap::len).sum())
            .unwrap_or(0)
    }

    /// Waits until every queued output has left (or `deadline`); returns how many are left.
    pub async fn drained(&self, deadline: tokio::time::Instant) -> usize {
        loop {
            let changed = self.changed.notified();
            let left = self.len();
            if left == 0 || tokio::time::timeout_at(deadline, changed).await.is_err() {
                return self.len();
            }
        }
    }

    /// A duplicate delivery of `request_id`: waits while its first output is still queued,
    /// then says whether that output was posted in the channel by a recovery (so it is not
    /// answered publicly again).
    pub async fn settled_elsewhere(&self, channel: &str, request_id: &str) -> bool {
        if let Some((place, _)) = self.queued(channel, request_id) {
            loop {
                let changed = self.changed.notified();
                if !self.contains(channel, place) {
                    break;
                }
                changed.await;
            }
        }
        self.recovered
            .lock()
            .map(|r| r.contains(request_id))
            .unwrap_or(false)
    }
}

/// A place in a channel's lane; leaving it (drop) lets the next output go.
#[derive(Debug)]
pub struct Ticket {
    lanes: Arc<Lanes>,
    channel: String,
    place: u64,
    entry: Arc<Entry>,
}

impl Ticket {
    /// Waits until every output queued before this one in its channel has left.
    pub async fn turn(&self) {
        loop {
            let changed = self.lanes.changed.notified();
            match self.lanes.first(&self.channel) {
                Some(p) if p < self.place => changed.await,
                _ => return,
            }
        }
    }

    /// Its outbox row, if any.
    pub fn row(&self) -> Option<i64> {
        self.entry.row
    }

    /// The output was delivered: leaves the lane (the next output may go) and deletes the
    /// outbox row in the writer's next group commit.
    pub async fn delivered(self, table: &TableHandle) {
        self.entry.delivered.store(true, Ordering::SeqCst);
        let (row, lanes) = (self.entry.row, self.lanes.clone());
        drop(self);
        if let Some(row) = row {
            forget(&lanes, table, row).await;
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.lanes.leave(&self.channel, self.place);
    }
}

/// Deletes a delivered outbox row, with every other row delivered by the time the writer
/// runs the deletion (one part of a group commit for all of them, not one each).
async fn forget(lanes: &Arc<Lanes>, table: &TableHandle, row: i64) {
    let first = match lanes.delivered.lock() {
        Ok(mut d) => {
            d.push(row);
            d.len() == 1
        }
        Err(_) => false,
    };
    if !first {
        // A deletion is already on its way to the writer and takes this row along.
        return;
    }
    let lanes = lanes.clone();
    let done = table
        .apply(move |g| {
            let rows = lanes
                .delivered
                .lock()
                .map(|mut d| std::mem::take(&mut *d))
                .unwrap_or_default();
            g.write(|tx| {
                for row in &rows {
                    store::outbox_done(tx, *row)?;
                }
                Ok(rows.len())
            })
        })
        .await;
    if let Err(e) = done {
        warn!(error = %e, "forgetting delivered outbox rows failed; they may be sent again after a restart");
    }
}

/// What delivering left output needs.
#[derive(Clone)]
pub struct Recovery {
    /// The channels' lanes.
    pub lanes: Arc<Lanes>,
    /// The table (to read and delete rows, and save long button ids).
    pub table: TableHandle,
    /// The games (to draw dice pictures).
    pub games: Arc<Registry>,
    /// Game titles for rendering.
    pub look: Arc<Look>,
    /// Where retries are counted.
    pub metrics: Arc<Metrics>,
}

/// Queues the rows a previous process left undelivered (of `shards`) ahead of anything new,
/// and delivers each on its turn. Call before the gateway connects.
pub async fn recover(shared: Recovery, http: Arc<Http>, shards: Option<ShardSlice>) {
    let table = shared.table.clone();
    let rows = table
        .call("outbox", move |t| {
            t.read_rows(|tx| store::outbox_pending(tx, shards))
        })
        .await;
    let rows = match rows {
        Ok(r) => r,
        Err(e) => {
            warn!(error = %e, "reading the outbox failed; undelivered output waits for the next start");
            return;
        }
    };
    if rows.is_empty() {
        return;
    }
    info!(
        rows = rows.len(),
        "delivering the output a previous run committed but did not send"
    );
    // Interaction routes name the application, which serenity learns only from READY.
    if http.application_id().is_none() {
        match http.get_current_application_info().await {
            Ok(app) => http.set_application_id(app.id),
            Err(e) => {
                warn!(error = %e, "reading the application id failed; left output goes to the channel")
            }
        }
    }
    for row in rows {
        let ticket = shared
            .lanes
            .enter(&row.channel, &row.request_id, Some(row.id));
        let (shared, http, table) = (shared.clone(), http.clone(), table.clone());
        tokio::spawn(async move {
            ticket.turn().await;
            if deliver_left(&shared, &http, &table, &row).await {
                if let Ok(mut r) = shared.lanes.recovered.lock() {
                    r.insert(row.request_id.clone());
                }
            }
            ticket.delivered(&table).await;
        });
    }
}

/// Delivers one row a previous process left; true when it was posted in the channel (rather
/// than through its interaction).
async fn deliver_left(
    shared: &Recovery,
    http: &Http,
    table: &TableHandle,
    row: &OutboxRow,
) -> bool {
    let env: Envelope = match serde_json::from_str(&row.payload) {
        Ok(e) => e,
        Err(e) => {
            warn!(row = row.id, error = %e, "an outbox row could not be read; dropped");
            return false;
        }
    };
    let Some(channel) = row.channel.parse::<u64>().ok().filter(|c| *c != 0) else {
        warn!(row = row.id, channel = %row.channel, "an outbox row for a channel that is not a Discord channel; dropped");
        return false;
    };
    let channel = ChannelId::new(channel);
    let Some(replies) = output_of(&env, row) else {
        warn!(row = row.id, request = %row.request_id, "an outbox row's stored outcome could not be read; dropped");
        return false;
    };
    let pressed = env.pressed.clone();
    let posted = deliver_answer(shared, http, table, row, channel, env, replies).await;
    if let Some(p) = pressed.filter(|p| !p.ephemeral) {
        retire_left(shared, http, table, &row.channel, channel, &p).await;
    }
    posted
}

/// Retires the settled components of a pressed message as the session stands now (an edit
/// through the channel: the press's token may be dead).
async fn retire_left(
    shared: &Recovery,
    http: &Http,
    table: &TableHandle,
    key: &str,
    channel: ChannelId,
    p: &Pressed,
) {
    let Some(id) = p.message.parse::<u64>().ok().filter(|i| *i != 0) else {
        return;
    };
    let (ch, rows) = (key.to_string(), p.components.clone());
    let now = table
        .read(key, move |t| {
            let long = t.read_rows(|tx| retire::long_ids(tx, &rows))?;
            Ok((t.standing(&ch)?, long))
        })
        .await;
    let Ok((now, long)) = now else {
        return;
    };
    if let Some(rows) = retire::retire(&p.components, now.as_ref(), &|k| long.get(k).cloned()) {
        let at = retire::At::Channel(id);
        if let Err(e) = send::edit_components(http, &shared.metrics, channel, &at, &rows).await {
            warn!(error = %e, "retiring a pressed message's components failed");
        }
    }
}

/// Delivers a left row's answer; true when it was posted in the channel.
async fn deliver_answer(
    shared: &Recovery,
    http: &Http,
    table: &TableHandle,
    row: &OutboxRow,
    channel: ChannelId,
    env: Envelope,
    replies: Vec<Reply>,
) -> bool {
    let actor = UserId::new(&env.actor);
    let mut drafts = drafts_of(shared, table, &row.channel, &actor, env.locale, replies).await;
    if drafts.is_empty() {
        return false;
    }
    let base = format!("o{}", row.id);
    // Through the interaction while its token works: its original message tells how far the
    // dead process got.
    if let (Some(id), Some(token)) = (&env.interaction, &env.token) {
        let original = http.get_original_interaction_response(token).await;
        if let Err(e) = &original {
            info!(row = row.id, error = %e, "the interaction no longer answers; posting in the channel");
        }
        if let (Ok(id), Ok(original)) = (id.parse::<u64>(), original) {
            let inter = Inter::new(
                http,
                InteractionId::new(id.max(1)),
                token,
                channel,
                false,
                None,
                &shared.metrics,
            );
            let _ = inter.nonces.set(base.clone());
            // The press was answered by updating its own message: its public answer is
            // posted in the channel, numbered as `send::answer` numbers it after an update.
            let updated = env
                .pressed
                .as_ref()
                .is_some_and(|p| p.message == original.id.to_string());
            if updated {
                for d in &mut drafts {
                    if d.target == Target::Public {
                        d.target = Target::Channel(vec![]);
                    }
                }
            }
            let shown = updated
                || !original.content.is_empty()
                || !original.embeds.is_empty()
                || !original.attachments.is_empty();
            if shown {
                // Answered before the crash: only the channel posts may be missing (a post
                // made already is matched by its nonce, numbered as `send::answer` numbers them).
                let posts = drafts
                    .iter()
                    .filter(|d| matches!(d.target, Target::Channel(_)));
                for (i, d) in posts.enumerate() {
                    let nonce = send::nonce(Some(&base), i);
                    if let Err(e) =
                        send::post_with_nonce(http, &shared.metrics, channel, d, nonce).await
                    {
                        warn!(row = row.id, error = %e, "posting output left by a previous run failed");
                    }
                }
            } else {
                let private = original
                    .flags
                    .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
                send::answer(&inter, State::Deferred { private }, drafts).await;
            }
            return false;
        }
    }
    // The token no longer works (Discord never redelivers an interaction after a restart):
    // a channel post, saying whose action it answers.
    // Channel posts keep the numbering `send::answer` gives them (one made before the crash is
    // matched by its nonce); the answer, never posted as a channel message before, has its own.
    let (mut posts, mut answers) = (0, 0);
    let mut first = true;
    for mut d in drafts {
        let nonce = if d.target == Target::Public {
            d.target = Target::Channel(vec![]);
            answers += 1;
            send::nonce(Some(&format!("p{}", row.id)), answers - 1)
        } else {
            posts += 1;
            send::nonce(Some(&base), posts - 1)
        };
        if first {
            let line = format!("↪️ {}'s `/{}`:", actor.mention(), env.command);
            d.content = if d.content.is_empty() {
                line
            } else {
                render::cut(&format!("{line}\n{}", d.content), render::limits::CONTENT)
            };
            first = false;
        }
        if let Err(e) = send::post_with_nonce(http, &shared.metrics, channel, &d, nonce).await {
            warn!(row = row.id, error = %e, "posting output left by a previous run failed");
        }
    }
    true
}

/// The drafts of replies read back from the outbox: dice pictures drawn again (a board is
/// drawn as the session stands now, so it is left out: the text is the reference); long
/// button ids saved before anything carrying them is sent.
async fn drafts_of(
    shared: &Recovery,
    table: &TableHandle,
    channel: &str,
    actor: &UserId,
    locale: Locale,
    replies: Vec<Reply>,
) -> Vec<Draft> {
    let (games, look, channel, actor) = (
        shared.games.clone(),
        shared.look.clone(),
        channel.to_string(),
        actor.clone(),
    );
    let made = tokio::task::spawn_blocking(move || {
        let scene = Scene {
            channel: &channel,
            invoker: Some(&actor),
            readers: Readers::all(locale),
        };
        render::draw_and_render(&games, None, None, &look, &scene, replies)
    })
    .await;
    let Ok((drafts, long)) = made else {
        return vec![];
    };
    if !long.pairs().is_empty() {
        let saved = table
            .apply(move |g| g.write(|c| Ok(ids::save(c, &long)?)))
            .await;
        if let Err(e) = saved {
            warn!(error = %e, "saving long button ids failed; those buttons will be refused");
        }
    }
    drafts
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Whether `t`'s turn comes within 50 ms.
    async fn turn_comes(t: &Ticket) -> bool {
        tokio::time::timeout(Duration::from_millis(50), t.turn())
            .await
            .is_ok()
    }

    #[tokio::test]
    async fn a_channels_output_waits_for_the_output_committed_before_it_and_no_other() {
        let lanes = Arc::new(Lanes::default());
        let a = lanes.enter("1", "a", Some(1));
        let b = lanes.enter("1", "b", Some(2));
        let c = lanes.enter("2", "c", None);
        assert!(
            turn_comes(&a).await,
            "the first in its channel goes at once"
        );
        assert!(turn_comes(&c).await, "another channel does not wait");
        assert!(!turn_comes(&b).await, "the second waits for the first");
        assert_eq!(lanes.len(), 3);
        drop(a);
        assert!(turn_comes(&b).await, "then goes");
        drop((b, c));
        assert_eq!(lanes.len(), 0);
    }

    #[tokio::test]
    async fn a_duplicate_waits_for_the_first_delivery_and_learns_a_recovery_posted_it() {
        let lanes = Arc::new(Lanes::default());
        let first = lanes.enter("1", "req", Some(1));
        let waiting = {
            let lanes = lanes.clone();
            tokio::spawn(async move { lanes.settled_elsewhere("1", "req").await })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting.is_finished(), "waits while the output is queued");
        lanes.recovered.lock().unwrap().insert("req".to_string());
        drop(first);
        assert!(waiting.await.unwrap());
        assert!(!lanes.settled_elsewhere("1", "other").await);
    }

    /// A row written by an earlier release (no `pressed`) is still read, and a press's row
    /// carries its message even without public replies.
    #[test]
    fn envelopes_from_before_pressed_messages_still_read() {
        use croupier_core::table::{Actor, Command, Input};
        let old =
            r#"{"interaction":"42","token":"t","actor":"7","command":"dice join","replies":[]}"#;
        let env: Envelope = serde_json::from_str(old).unwrap();
        assert_eq!(env.pressed, None);
        let req = Request {
            channel: "1".into(),
            guild: None,
            actor: Actor::player("7", "alice"),
            request_id: "42".into(),
            locale: Default::default(),
            input: Input::Command(Command::new("dice roll")),
        };
        let out = Outcome {
            replies: vec![],
            accepted: true,
            duplicate: false,
            readers: None,
        };
        assert_eq!(envelope(&req, Some("t"), &out, None), None);
        let pressed = Pressed {
            message: "99".into(),
            ephemeral: false,
            components: serde_json::json!([]),
        };
        let env: Envelope =
            serde_json::from_str(&envelope(&req, Some("t"), &out, Some(&pressed)).unwrap())
                .unwrap();
        assert_eq!(env.pressed, Some(pressed));
    }

    #[test]
    fn only_public_replies_make_an_envelope() {
        use croupier_core::table::{Actor, Command, Input, Message};
        let req = Request {
            channel: "1".into(),
            guild: None,
            actor: Actor::player("7", "alice"),
            request_id: "42".into(),
            locale: Default::default(),
            input: Input::Command(Command::new("dice join")),
        };
        let private = Outcome {
            replies: vec![Reply::private(&UserId::new("7"), Message::text("secret"))],
            accepted: true,
            duplicate: false,
            readers: None,
        };
        assert_eq!(envelope(&req, Some("tok"), &private, None), None);
        let mut mixed = private.clone();
        mixed
            .replies
            .push(Reply::public(Message::text("alice joins")));
        let payload = envelope(&req, Some("tok"), &mixed, None).unwrap();
        let env: Envelope = serde_json::from_str(&payload).unwrap();
        assert!(
            env.in_request && env.replies.is_empty(),
            "not copied: {payload}"
        );
        assert!(!payload.contains("secret") && !payload.contains("alice joins"));
        assert_eq!(env.interaction.as_deref(), Some("42"));
        assert_eq!(env.command, "dice join");
        // Read back with the request's stored outcome: only its public reply.
        let row = OutboxRow {
            id: 1,
            channel: "1".into(),
            request_id: "42".into(),
            payload,
            outcome: Some(serde_json::to_string(&mixed).unwrap()),
        };
        let out = output_of(&env, &row).unwrap();
        assert_eq!(out.len(), 1, "the private reply stays out");
        assert_eq!(out[0].message.body, "alice joins");
        // The stored outcome gone (or unreadable): nothing to deliver, said so.
        let gone = OutboxRow {
            outcome: None,
            ..row.clone()
        };
        assert_eq!(output_of(&env, &gone), None);
    }

    /// A row written before outputs were read from the request keeps its own replies.
    #[test]
    fn a_row_from_before_keeps_its_own_replies() {
        let old = r#"{"actor":"7","command":"roll","replies":[{"audience":"Everyone","message":{"body":"old"}}]}"#;
        let env: Envelope = serde_json::from_str(old).unwrap();
        assert!(!env.in_request);
        let row = OutboxRow {
            id: 1,
            channel: "1".into(),
            request_id: "42".into(),
            payload: old.into(),
            outcome: None,
        };
        let out = output_of(&env, &row).unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message.body, "old");
    }

    /// A recovery writes the public output in the server's language it was made for, kept in
    /// the row; a row written before languages reads as English.
    #[test]
    fn an_envelope_keeps_the_servers_language_and_old_rows_read_english() {
        use croupier_core::table::{Actor, Command, Input, Message};
        let old = r#"{"actor":"7","command":"roll","replies":[]}"#;
        assert_eq!(
            serde_json::from_str::<Envelope>(old).unwrap().locale,
            Locale::En
        );
        let req = Request {
            channel: "1".into(),
            guild: Some("9".into()),
            actor: Actor::player("7", "alice"),
            request_id: "42".into(),
            locale: Readers {
                user: Locale::En,
                server: Locale::Ja,
            },
            input: Input::Command(Command::new("roll")),
        };
        let out = Outcome {
            replies: vec![Reply::public(Message::text("x"))],
            accepted: true,
            duplicate: false,
            readers: None,
        };
        let env: Envelope =
            serde_json::from_str(&envelope(&req, None, &out, None).unwrap()).unwrap();
        assert_eq!(env.locale, Locale::Ja);
    }
}
