//! Sends drafts: the interaction's answer, followups, channel messages and DMs.
//!
//! A failed send is retried with backoff; the action itself was committed before anything
//! is sent, so a retry never applies it twice.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::{
    ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateEmbed,
    CreateEmbedFooter, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditInteractionResponse, Http, InteractionId,
};
use tracing::warn;

use super::metrics::Metrics;
use super::permissions;
pub use super::permissions::Sending;
use super::render::{cut, limits, Draft, EmbedDraft, RowDraft, Target};
use super::retire;
use croupier_core::table::{ButtonStyle, UserId};

/// The interaction being answered.
pub struct Inter<'a> {
    /// REST client.
    pub http: &'a Http,
    /// Interaction id.
    pub id: InteractionId,
    /// Interaction token.
    pub token: &'a str,
    /// The channel it came from.
    pub channel: ChannelId,
    /// True for a button/menu press (may be acknowledged without a message).
    pub component: bool,
    /// The app's permissions in the channel (the interaction's `app_permissions`), if known.
    pub perms: Option<u64>,
    /// The person who acted was already told about a missing permission.
    pub told: std::sync::atomic::AtomicBool,
    /// Where retries are counted.
    pub metrics: &'a Metrics,
    /// The answer's place in the outbox (`o{row}`): its channel posts then carry the nonces
    /// `o{row}-0`, `o{row}-1`, … so that posting one again (after a restart) makes no second
    /// copy. `None`: random nonces.
    pub nonces: std::sync::OnceLock<String>,
    /// Messages sent for this interaction whose components may be settled later (see
    /// [`super::retire::Offers`]).
    pub offered: std::sync::Mutex<Vec<(retire::At, serde_json::Value)>>,
}

impl<'a> Inter<'a> {
    /// Notes a message sent at `at` if its components may be settled later.
    fn offer(&self, at: impl FnOnce() -> Option<retire::At>, d: &Draft) {
        if d.rows.is_empty() {
            return;
        }
        let Ok(rows) = serde_json::to_value(rows(&d.rows)) else {
            return;
        };
        if !retire::may_settle(&rows) {
            return;
        }
        if let (Some(at), Ok(mut o)) = (at(), self.offered.lock()) {
            o.push((at, rows));
        }
    }

    /// The answer's own message, edited through the token.
    fn original(&self) -> retire::At {
        retire::At::Webhook {
            token: self.token.to_string(),
            message: "@original".into(),
        }
    }

    /// The interaction `id` (a button or menu press when `component`), with the app's
    /// permissions in its channel as Discord sent them.
    pub fn new(
        http: &'a Http,
        id: InteractionId,
        token: &'a str,
        channel: ChannelId,
        component: bool,
        perms: Option<serenity::Permissions>,
        metrics: &'a Metrics,
    ) -> Self {
        Inter {
            http,
            id,
            token,
            channel,
            component,
            perms: perms.map(|p| p.bits()),
            told: std::sync::atomic::AtomicBool::new(false),
            metrics,
            nonces: std::sync::OnceLock::new(),
            offered: std::sync::Mutex::new(vec![]),
        }
    }
}

/// How the interaction has been answered so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Not yet (an initial response is due within 3 s).
    Open,
    /// Deferred ("thinking…"): the placeholder becomes the answer's first message. `private`
    /// is the placeholder's visibility, fixed when deferring: Discord keeps an existing
    /// message's visibility, so the placeholder only ever receives a draft of that visibility.
    Deferred {
        /// Only the person who acted sees the placeholder.
        private: bool,
    },
    /// A press answered by updating the message it was on (UPDATE_MESSAGE, its settled
    /// components retired): the answer follows, its public part as channel messages.
    Updated,
}

fn embed(e: &EmbedDraft) -> CreateEmbed {
    let mut c = CreateEmbed::new().colour(e.colour);
    if let Some(t) = &e.title {
        c = c.title(t);
    }
    if !e.description.is_empty() {
        c = c.description(&e.description);
    }
    for (n, v, inline) in &e.fields {
        c = c.field(n, v, *inline);
    }
    if let Some(f) = &e.footer {
        c = c.footer(CreateEmbedFooter::new(f));
    }
    if let Some(i) = &e.image {
        c = c.image(i);
    }
    c
}

fn style(s: ButtonStyle) -> serenity::ButtonStyle {
    match s {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
    }
}

fn rows(rows: &[RowDraft]) -> Vec<CreateActionRow> {
    rows.iter()
        .map(|r| match r {
            RowDraft::Buttons(b) => CreateActionRow::Buttons(
                b.iter()
                    .map(|b| {
                        CreateButton::new(&b.custom_id)
                            .label(&b.label)
                            .style(style(b.style))
                    })
                    .collect(),
            ),
            RowDraft::Select {
                custom_id,
                placeholder,
                options,
            } => CreateActionRow::SelectMenu(
                CreateSelectMenu::new(
                    custom_id,
                    CreateSelectMenuKind::String {
                        options: options
                            .iter()
                            .map(|(l, v, d)| {
                                let o = CreateSelectMenuOption::new(l, v);
                                match d {
                                    Some(d) => o.description(d),
                                    None => o,
                                }
                            })
                            .collect(),
                    },
                )
                .placeholder(placeholder),
            ),
        })
        .collect()
}

/// The draft's files as attachments.
pub fn attachments(d: &Draft) -> Vec<CreateAttachment> {
    files(d)
}

/// The draft's embeds.
pub fn embeds(d: &Draft) -> Vec<CreateEmbed> {
    d.embeds.iter().map(embed).collect()
}

/// The draft's component rows.
pub fn components(d: &Draft) -> Vec<CreateActionRow> {
    rows(&d.rows)
}

fn files(d: &Draft) -> Vec<CreateAttachment> {
    d.files
        .iter()
        .map(|(name, bytes)| CreateAttachment::bytes(bytes.to_vec(), name))
        .collect()
}

fn mentions(d: &Draft) -> CreateAllowedMentions {
    match &d.target {
        Target::Channel(users) => CreateAllowedMentions::new().users(
            users
                .iter()
                .filter_map(|u| u.0.parse::<u64>().ok().filter(|i| *i != 0))
                .map(serenity::UserId::new),
        ),
        _ => CreateAllowedMentions::new(),
    }
}

fn response_message(d: &Draft) -> CreateInteractionResponseMessage {
    let mut m = CreateInteractionResponseMessage::new()
        .embeds(d.embeds.iter().map(embed).collect())
        .components(rows(&d.rows))
        .files(files(d))
        .allowed_mentions(mentions(d))
        .ephemeral(d.target == Target::Ephemeral);
    if !d.content.is_empty() {
        m = m.content(&d.content);
    }
    m
}

fn followup(d: &Draft) -> CreateInteractionResponseFollowup {
    let mut m = CreateInteractionResponseFollowup::new()
        .embeds(d.embeds.iter().map(embed).collect())
        .components(rows(&d.rows))
        .files(files(d))
        .allowed_mentions(mentions(d))
        .ephemeral(d.target == Target::Ephemeral);
    if !d.content.is_empty() {
        m = m.content(&d.content);
    }
    m
}

/// The draft as a normal channel message.
pub fn channel_message(d: &Draft) -> CreateMessage {
    let mut m = CreateMessage::new()
        .embeds(d.embeds.iter().map(embed).collect())
        .components(rows(&d.rows))
        .files(files(d))
        .allowed_mentions(mentions(d));
    if !d.content.is_empty() {
        m = m.content(&d.content);
    }
    m
}

/// Whether a failed request may be sent again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resend {
    /// Applying it twice changes nothing (an edit, a delete, an acknowledgement, a channel
    /// message with an enforced nonce): any failure but a refusal is retried.
    Idempotent,
    /// Each time Discord applies it a message appears (a followup, a DM): it is sent again only
    /// when Discord certainly did not apply it: a 429 (a rate-limited request is not processed)
    /// or a connection that was never made. A timeout or a 5xx may have been applied, so the
    /// message is not risked twice.
    Creates,
}

/// The HTTP status of a failed request, if Discord answered.
fn status_of(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(h) => h.status_code().map(|s| s.as_u16()),
        _ => None,
    }
}

/// Discord's JSON error code of a failed request (e.g. 50013 Missing Permissions).
pub fn error_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// True when Discord refused the request for a missing permission (403, code 50013).
pub fn missing_permission(e: &serenity::Error) -> bool {
    error_code(e) == Some(50013)
}

/// True when the request never reached Discord (no connection was made).
fn never_sent(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::Request(r)) => r.is_connect(),
        _ => false,
    }
}

/// Runs `f` up to three times, backing off, unless Discord refused the request itself (4xx
/// other than 429) or `resend` forbids risking a second copy (see [`Resend`]). Rate limits are
/// honoured by serenity's ratelimiter before a request leaves (it waits `retry_after` on a
/// 429 and sends again); a 429 reaches this loop only when that ratelimiter is off (a proxy).
pub async fn retry<T, F, Fut>(
    what: &str,
    resend: Resend,
    metrics: &Metrics,
    mut f: F,
) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut delay = Duration::from_millis(200);
    let mut attempt = 1;
    loop {
        match f().await {
            Ok(v) => return Ok(v),
            Err(e) => {
                let status = status_of(&e);
                if status == Some(429) {
                    // Only with serenity's ratelimiter off (a proxy); else it waits by itself.
                    metrics.rate_limited();
                }
                let refused = status.is_some_and(|s| (400..500).contains(&s) && s != 429);
                let unsafe_again =
                    resend == Resend::Creates && status != Some(429) && !never_sent(&e);
                if refused || unsafe_again || attempt >= 3 {
                    warn!(what, attempt, error = %e, "sending to Discord failed");
                    return Err(e);
                }
                tokio::time::sleep(delay).await;
                delay *= 4;
                attempt += 1;
                metrics.send_retry(what);
            }
        }
    }
}

/// The interaction's initial response: the draft as a message.
async fn respond(inter: &Inter<'_>, d: &Draft) -> serenity::Result<()> {
    let sent = retry(
        "interaction response",
        Resend::Idempotent,
        inter.metrics,
        || {
            CreateInteractionResponse::Message(response_message(d))
                .execute(inter.http, (inter.id, inter.token))
        },
    )
    .await;
    if sent.is_ok() {
        inter.offer(|| Some(inter.original()), d);
    }
    sent
}

/// Answers a press by updating the message it was on (UPDATE_MESSAGE, "Interaction Callback
/// Type" 7: "for components, edit the message the component was attached to") with `rows`:
/// its components, the settled ones disabled. Nothing else of the message changes.
pub async fn update_message(inter: &Inter<'_>, rows: &serde_json::Value) -> serenity::Result<()> {
    let body = serde_json::json!({"type": 7, "data": {"components": rows}});
    retry("update message", Resend::Idempotent, inter.metrics, || {
        inter
            .http
            .create_interaction_response(inter.id, inter.token, &body, vec![])
    })
    .await
}

/// Replaces the components of a sent message with `rows` (its settled ones disabled): a
/// channel message through the channel, an interaction's through its token.
pub async fn edit_components(
    http: &Http,
    metrics: &Metrics,
    channel: ChannelId,
    at: &retire::At,
    rows: &serde_json::Value,
) -> serenity::Result<()> {
    let body = serde_json::json!({"components": rows});
    retry("retire components", Resend::Idempotent, metrics, || async {
        match at {
            retire::At::Channel(id) => http
                .edit_message(channel, serenity::MessageId::new(*id), &body, vec![])
                .await
                .map(|_| ()),
            retire::At::Webhook { token, message } if message == "@original" => http
                .edit_original_interaction_response(token, &body, vec![])
                .await
                .map(|_| ()),
            retire::At::Webhook { token, message } => {
                let id = message.parse::<u64>().ok().filter(|i| *i != 0).unwrap_or(1);
                http.edit_followup_message(token, serenity::MessageId::new(id), &body, vec![])
                    .await
                    .map(|_| ())
            }
        }
    })
    .await
}

/// Tells the player "thinking…", buying 15 minutes. The placeholder is private when the
/// answer may be private ([`croupier_core::table::may_answer_privately`]): Discord fixes a message's
/// visibility when it is created, so this is the moment the choice is made.
pub async fn defer(inter: &Inter<'_>, private: bool) -> serenity::Result<State> {
    retry("defer", Resend::Idempotent, inter.metrics, || {
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(private))
            .execute(inter.http, (inter.id, inter.token))
    })
    .await
    .map(|()| State::Deferred { private })
}

/// What the person who acted is told when a direct message to `user` could not be sent.
pub fn dm_closed(user: &UserId) -> Draft {
    note(&format!(
        "I could not send {} a direct message (their DMs may be closed); they can see it with `/game status`.",
        user.mention()
    ))
}

/// A short ephemeral answer (refusals outside the table, errors).
pub fn note(text: &str) -> Draft {
    Draft {
        target: Target::Ephemeral,
        content: cut(text, limits::CONTENT),
        embeds: vec![],
        rows: vec![],
        files: vec![],
        slot: None,
    }
}

/// Answers the interaction with `drafts`: the first public/ephemeral draft is the response,
/// the rest follow in order (channel messages for pings, DMs for other players).
///
/// After a deferral the placeholder is edited (never replaced by a first followup, which
/// Discord would turn into an edit of the placeholder keeping its visibility) and only with a
/// draft of the placeholder's own visibility; every other draft follows as its own message
/// with its own visibility. So a private draft never reaches a public message, whatever the
/// declaration promised.
///
/// A draft Discord refuses for a missing permission is sent again without what needed it
/// (its files), and the person who acted is told, once, which permission to grant.
pub async fn answer(inter: &Inter<'_>, state: State, mut drafts: Vec<Draft>) {
    match state {
        State::Open => {
            let first = drafts
                .iter()
                .position(|d| matches!(d.target, Target::Public | Target::Ephemeral));
            let sent = match first.map(|i| drafts.remove(i)) {
                Some(d) => {
                    deliver(
                        inter,
                        &d,
                        Sending::answer(!d.embeds.is_empty(), !d.files.is_empty()),
                        |d| async move { respond(inter, &d).await },
                    )
                    .await
                }
                None if inter.component => {
                    retry("acknowledge", Resend::Idempotent, inter.metrics, || {
                        CreateInteractionResponse::Acknowledge
                            .execute(inter.http, (inter.id, inter.token))
                    })
                    .await
                }
                None => respond(inter, &note("✅ Done.")).await,
            };
            if answered_elsewhere(&sent) {
                warn!(interaction = %inter.id, "already answered; sending nothing more");
                return;
            }
        }
        // The press was answered by updating its message: everything follows.
        State::Updated => {}
        State::Deferred { private } => {
            let fits = if private {
                Target::Ephemeral
            } else {
                Target::Public
            };
            let lead = drafts
                .iter()
                .position(|d| d.target == fits)
                .map(|i| drafts.remove(i));
            let answered_elsewhere = drafts
                .iter()
                .any(|d| matches!(d.target, Target::Public | Target::Ephemeral));
            match lead {
                Some(d) => edit_original(inter, &d).await,
                // Nothing of the placeholder's visibility: a neutral line that tells nothing.
                None if answered_elsewhere => {
                    let text = if private {
                        "✅ Done; see below."
                    } else {
                        "✅ Croupier answered privately."
                    };
                    edit_original(inter, &note(text)).await;
                }
                None => {
                    let _ = retry(
                        "delete placeholder",
                        Resend::Idempotent,
                        inter.metrics,
                        || inter.http.delete_original_interaction_response(inter.token),
                    )
                    .await;
                }
            }
        }
    }
    let mut posted = 0;
    let updated = state == State::Updated;
    for d in drafts {
        match &d.target {
            Target::Public | Target::Ephemeral if !(updated && d.target == Target::Public) => {
                send_followup(inter, &d).await
            }
            // A ping, or after UPDATE_MESSAGE the public answer: a channel message with a nonce
            // from the outbox row, so a restart that sends it again makes no second copy (a
            // followup has no nonce).
            Target::Public | Target::Ephemeral | Target::Channel(_) => {
                let sending = Sending::ChannelMessage {
                    embeds: !d.embeds.is_empty(),
                    files: !d.files.is_empty(),
                };
                let nonce = nonce(inter.nonces.get().map(String::as_str), posted);
                posted += 1;
                match post_with_nonce(inter.http, inter.metrics, inter.channel, &d, nonce).await {
                    Ok(id) => inter.offer(|| Some(retire::At::Channel(id)), &d),
                    Err(e) => {
                        if missing_permission(&e) {
                            let what = if d.target == Target::Public {
                                "post my answer in the channel"
                            } else {
                                "post a channel message (a ping or reminder)"
                            };
                            tell_missing(inter, what, sending).await;
                        }
                        // The interaction's webhook needs no Send Messages: the text still arrives.
                        send_followup(inter, &d).await;
                    }
                }
            }
            Target::Dm(user) => {
                if dm(inter.http, inter.metrics, user, &d).await.is_err() {
                    send_followup(inter, &dm_closed(user)).await;
                }
            }
        }
    }
}

/// Sends `d` with `send`; if Discord refuses it for a missing permission and it had files,
/// sends it again without them, then tells the person who acted which permission is missing.
/// Returns the first attempt's refusal, if any.
async fn deliver<'a, F, Fut>(
    inter: &Inter<'a>,
    d: &Draft,
    sending: Sending,
    send: F,
) -> serenity::Result<()>
where
    F: Fn(Draft) -> Fut,
    Fut: Future<Output = serenity::Result<()>>,
{
    let Err(e) = send(d.clone()).await else {
        return Ok(());
    };
    if !missing_permission(&e) {
        return Err(e);
    }
    let missing = sending.missing(inter.perms);
    if missing.contains(&permissions::ATTACH_FILES) && !d.files.is_empty() {
        let mut bare = d.clone();
        bare.files.clear();
        for e in &mut bare.embeds {
            e.image = None;
        }
        if bare.is_empty() {
            bare.content = "(a picture that I may not attach here)".into();
        }
        let _ = send(bare).await;
        tell_missing(inter, "attach the picture or file", sending).await;
    } else {
        tell_missing(inter, "send my answer", sending).await;
    }
    Err(e)
}

/// True when Discord refused an initial response because the interaction was already answered
/// (40060, e.g. by the first delivery of a redelivered interaction) or is no longer known
/// (10062): whoever answered it sends the rest, so nothing more is sent from here.
fn answered_elsewhere(r: &serenity::Result<()>) -> bool {
    r.as_ref()
        .err()
        .and_then(error_code)
        .is_some_and(|c| c == 40060 || c == 10062)
}

/// Tells the person who acted, privately and once per interaction, which permission Discord
/// refused a send for and how to grant it.
pub async fn tell_missing(inter: &Inter<'_>, what: &str, sending: Sending) {
    if inter.told.swap(true, std::sync::atomic::Ordering::SeqCst) {
        return;
    }
    let text = permissions::explain(what, &sending.missing(inter.perms));
    let _ = retry("permission note", Resend::Creates, inter.metrics, || {
        followup(&note(&text)).execute(inter.http, (None, inter.token))
    })
    .await;
}

/// Edits the deferred placeholder into `d` (whose visibility Discord ignores: the
/// placeholder keeps its own).
async fn edit_original(inter: &Inter<'_>, d: &Draft) {
    let sending = Sending::answer(!d.embeds.is_empty(), !d.files.is_empty());
    let _ = deliver(inter, d, sending, |d| async move {
        retry(
            "edit placeholder",
            Resend::Idempotent,
            inter.metrics,
            || {
                let mut m = EditInteractionResponse::new()
                    .embeds(d.embeds.iter().map(embed).collect())
                    .components(rows(&d.rows))
                    .allowed_mentions(mentions(&d))
                    .content(d.content.clone());
                for f in files(&d) {
                    m = m.new_attachment(f);
                }
                m.execute(inter.http, inter.token)
            },
        )
        .await
        .map(|_| ())
    })
    .await;
    inter.offer(|| Some(inter.original()), d);
}

/// Sends `d` as a followup of the interaction (its webhook needs no Send Messages).
pub async fn send_followup(inter: &Inter<'_>, d: &Draft) {
    let sending = Sending::answer(!d.embeds.is_empty(), !d.files.is_empty());
    let sent = std::sync::OnceLock::new();
    let _ = deliver(inter, d, sending, |d| {
        let sent = &sent;
        async move {
            let m = retry("followup", Resend::Creates, inter.metrics, || {
                followup(&d).execute(inter.http, (None, inter.token))
            })
            .await?;
            let _ = sent.set(m.id.get());
            Ok(())
        }
    })
    .await;
    inter.offer(
        || {
            sent.get().map(|id| retire::At::Webhook {
                token: inter.token.to_string(),
                message: id.to_string(),
            })
        },
        d,
    );
}

/// Posts a normal channel message. It carries an enforced nonce, so a retry after a lost
/// answer returns the message already made instead of posting it twice (Discord's Create
/// Message: "If `enforce_nonce` is set to true … that message will be returned and no new
/// message will be created").
pub async fn post(
    http: &Http,
    metrics: &Metrics,
    channel: ChannelId,
    d: &Draft,
) -> serenity::Result<()> {
    post_with_nonce(http, metrics, channel, d, nonce(None, 0))
        .await
        .map(|_| ())
}

/// The nonce of a message's `i`-th channel post: `{base}-{i}` (an outbox row's posts), or a
/// random one. Discord takes at most 25 characters.
pub fn nonce(base: Option<&str>, i: usize) -> String {
    match base {
        Some(b) => format!("{b}-{i}"),
        None => format!("cr{:x}", rand::random::<u64>()),
    }
}

/// [`post`] with the nonce `nonce`: a second post with the same nonce within Discord's few
/// minutes returns the first message instead of making another. Returns the message's id.
pub async fn post_with_nonce(
    http: &Http,
    metrics: &Metrics,
    channel: ChannelId,
    d: &Draft,
    nonce: String,
) -> serenity::Result<u64> {
    retry("channel message", Resend::Idempotent, metrics, || {
        channel_message(d)
            .nonce(serenity::Nonce::String(nonce.clone()))
            .enforce_nonce(true)
            .execute(http, (channel, None))
    })
    .await
    .map(|m| m.id.get())
}

/// Sends a direct message.
pub async fn dm(http: &Http, metrics: &Metrics, user: &UserId, d: &Draft) -> serenity::Result<()> {
    let Some(id) = user.0.parse::<u64>().ok().filter(|i| *i != 0) else {
        return Err(serenity::Error::Other("not a Discord user id"));
    };
    let channel = retry("open DM", Resend::Idempotent, metrics, || {
        serenity::UserId::new(id).create_dm_channel(http)
    })
    .await?;
    post(http, metrics, channel.id, d).await
}
