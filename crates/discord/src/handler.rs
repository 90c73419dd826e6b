//! The gateway event handler: registers the commands on READY and turns every interaction
//! (slash command, autocomplete, button or menu, submitted form) into one table request.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::{
    ChannelId, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind, Context,
    CreateAutocompleteResponse, CreateInteractionResponse, EventHandler, GuildId, Http,
    Interaction, Member, ModalInteraction, RatelimitInfo, Ready, User,
};
use tokio::sync::{Notify, Semaphore};
use tracing::{error, info, warn};

use super::ids;
use super::metrics::{Kind, Metrics, Outcome};
use super::modals;
use super::outbox::{self, Ticket};
use super::render::{self, Draft, Look, Scene};
use super::retire::{self, Pressed};
use super::send::{self, Inter, State};
use super::slots;
use croupier_core::i18n::{self, Locale, Readers};
use croupier_core::table::{
    Actor, Command, CommandSpec, Input, Request, Standing, TableHandle, UserId,
};

/// State shared by the handler, the reminder task and the bot handle.
pub struct Shared {
    /// The table service (taken at shutdown).
    pub table: Mutex<Option<TableHandle>>,
    /// Game titles for rendering.
    pub look: Arc<Look>,
    /// What to register.
    pub specs: Vec<CommandSpec>,
    /// The games (to read a command's declaration under its game's own path).
    pub games: Arc<croupier_core::table::Registry>,
    /// Register in this guild only (development), else globally.
    pub dev_guild: Option<GuildId>,
    /// Offer `/roll` to users who install the app on their account.
    pub user_install: bool,
    /// Defer an interaction whose answer is not ready after this long.
    pub defer_after: Duration,
    /// Set at shutdown: new interactions are turned away.
    pub closing: AtomicBool,
    /// Interactions being handled.
    pub inflight: AtomicUsize,
    /// Signalled when `inflight` drops to zero.
    pub idle: Notify,
    /// Commands were registered (once per process).
    pub registered: AtomicBool,
    /// The bot's metrics (`/metrics`).
    pub metrics: Arc<Metrics>,
    /// Discord's REST API for the routes serenity lacks (the current pin route).
    pub rest: slots::Rest,
    /// Each interaction's permission bits as Discord sent them (serenity drops Pin Messages).
    pub raw_permissions: Arc<super::raw::RawPermissions>,
    /// Each channel's queue of committed output ([`outbox`]).
    pub outbox: Arc<outbox::Lanes>,
    /// Board pictures drawn recently, by (session, version, viewer).
    pub boards: Arc<croupier_core::render::attach::Boards>,
    /// Sent messages whose components may be settled later ([`retire`]).
    pub offers: Arc<retire::Offers>,
}

impl Shared {
    /// The table, unless shutting down.
    pub fn table(&self) -> Option<TableHandle> {
        self.table.lock().ok().and_then(|t| t.clone())
    }

    /// The metrics label of `cmd`: its path as the game declared it (`nw combat attack`),
    /// or `unknown` for a path no declaration has (so a label can only hold a declared name).
    fn command_label(&self, cmd: &Command) -> String {
        let routed = self.games.route(cmd);
        match self.games.declaration(routed.root()) {
            Some(spec) if spec.leaf(routed.path.get(1..).unwrap_or(&[])).is_some() => {
                routed.path_str()
            }
            _ => "unknown".to_string(),
        }
    }
}

/// Counts an interaction as in flight until dropped.
struct InFlight<'a>(&'a Shared);

impl<'a> InFlight<'a> {
    fn enter(s: &'a Shared) -> Self {
        s.inflight.fetch_add(1, Ordering::SeqCst);
        InFlight(s)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        if self.0.inflight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

/// serenity's event handler.
pub struct Handler(pub Arc<Shared>);

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        if self.0.registered.swap(true, Ordering::SeqCst) {
            return;
        }
        // One bulk overwrite with the JSON built from the declarations (negative bounds kept).
        let body = super::commands::registration_with(&self.0.specs, self.0.user_install);
        let n = self.0.specs.len();
        let res = match self.0.dev_guild {
            Some(g) => ctx.http.create_guild_commands(g, &body).await.map(|_| ()),
            None => ctx.http.create_global_commands(&body).await.map(|_| ()),
        };
        match res {
            Ok(()) => info!(commands = n, guild = ?self.0.dev_guild, "slash commands registered"),
            Err(e) => {
                self.0.registered.store(false, Ordering::SeqCst);
                let status = match &e {
                    serenity::Error::Http(h) => h.status_code().map(|s| s.as_u16()),
                    _ => None,
                };
                let hint = super::commands::registration_hint(
                    status,
                    send::error_code(&e),
                    self.0.dev_guild.map(|g| g.get()),
                );
                error!(error = %e, "registering slash commands failed: {hint}");
            }
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let shared = &*self.0;
        let _guard = InFlight::enter(shared);
        let began = Instant::now();
        // Boxed: answering a command is a ~10 KB future, which serenity's task would
        // otherwise carry and copy as it moves.
        let (kind, (command, outcome)) = match interaction {
            Interaction::Command(ci) => (
                Kind::Command,
                Box::pin(on_command(shared, &ctx.http, ci)).await,
            ),
            Interaction::Component(ci) => (
                Kind::Component,
                Box::pin(on_component(shared, &ctx.http, ci)).await,
            ),
            Interaction::Autocomplete(ci) => (
                Kind::Autocomplete,
                Box::pin(on_autocomplete(shared, &ctx.http, ci)).await,
            ),
            Interaction::Modal(mi) => {
                (Kind::Modal, Box::pin(on_modal(shared, &ctx.http, mi)).await)
            }
            _ => return,
        };
        shared
            .metrics
            .interaction(kind, &command, outcome, began.elapsed());
    }

    /// serenity's ratelimiter held a request back: Discord answered 429 with `retry_after`, or
    /// the route's bucket (Discord's `X-RateLimit-Remaining: 0`) was known to be empty
    /// (Discord's "Rate Limits" docs). serenity waits and sends it again by itself.
    async fn ratelimit(&self, _data: RatelimitInfo) {
        self.0.metrics.rate_limited();
    }
}

/// The acting member: id, display name, and Manage Channels.
pub fn actor(user: &User, member: Option<&Member>) -> Actor {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    Actor {
        id: UserId::new(user.id.to_string()),
        name,
        manager: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_channels() || p.administrator()),
    }
}

/// The metrics label of the command and how its interaction ended.
type Counted = (String, Outcome);

async fn on_command(shared: &Shared, http: &Http, ci: CommandInteraction) -> Counted {
    let cmd = super::commands::read_command(&ci.data.name, &ci.data.options);
    let label = shared.command_label(&cmd);
    let mut inter = Inter::new(
        http,
        ci.id,
        &ci.token,
        ci.channel_id,
        false,
        ci.app_permissions,
        &shared.metrics,
    );
    // The bits as Discord sent them (serenity's own drop Pin Messages, 1 << 51).
    let raw = shared.raw_permissions.take(ci.id.get());
    inter.perms = raw.or(inter.perms);
    if cmd.path_str() == "game check" {
        // The bot's permissions are Discord's to know: answered here, privately.
        let in_thread = ci.channel.as_ref().is_some_and(|c| {
            matches!(
                c.kind,
                serenity::ChannelType::PublicThread
                    | serenity::ChannelType::PrivateThread
                    | serenity::ChannelType::NewsThread
            )
        });
        // Every bit is readable from the raw payload; serenity's reading knows only some.
        let readable = if raw.is_some() {
            u64::MAX
        } else {
            serenity::Permissions::all().bits()
        };
        let text = match inter.perms {
            Some(p) => super::permissions::report(p, readable, in_thread),
            None => "Discord did not say which permissions I have here.".to_string(),
        };
        send::answer(&inter, State::Open, vec![send::note(&text)]).await;
        return (label, Outcome::Answered);
    }
    // A long text declared to be asked in a form, left out: the form is the answer (it must be
    // the initial response, within Discord's 3 s), and its submission runs the command.
    if let Some(form) = shared.games.leaf(&cmd).and_then(|l| modals::form(l, &cmd)) {
        match form {
            Ok(form) => {
                if let Err(e) = CreateInteractionResponse::Modal(form.modal())
                    .execute(http, (ci.id, &ci.token))
                    .await
                {
                    warn!(error = %e, "showing a form failed");
                    return (label, Outcome::Failed);
                }
            }
            Err(e) => {
                send::answer(&inter, State::Open, vec![send::note(&format!("⛔ {e}"))]).await;
            }
        }
        return (label, Outcome::Answered);
    }
    let req = Request {
        channel: ci.channel_id.to_string(),
        guild: ci.guild_id.map(|g| g.to_string()),
        actor: actor(&ci.user, ci.member.as_deref()),
        request_id: ci.id.to_string(),
        locale: readers(&ci.locale, ci.guild_locale.as_deref()),
        input: Input::Command(cmd),
    };
    (label, run(shared, &inter, req, None).await)
}

async fn on_component(shared: &Shared, http: &Http, ci: ComponentInteraction) -> Counted {
    let mut inter = Inter::new(
        http,
        ci.id,
        &ci.token,
        ci.channel_id,
        true,
        ci.app_permissions,
        &shared.metrics,
    );
    inter.perms = shared.raw_permissions.take(ci.id.get()).or(inter.perms);
    let values = match &ci.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => vec![],
    };
    let mut custom = ci.data.custom_id.clone();
    if custom.starts_with("k:") {
        let key = custom.clone();
        let found = match shared.table() {
            Some(t) => {
                t.read(&ci.channel_id.to_string(), move |t| {
                    Ok(t.read_rows(|tx| ids::lookup(tx, &key)).unwrap_or(None))
                })
                .await
            }
            None => Ok(None),
        };
        match found {
            Ok(Some(full)) => custom = full,
            _ => {
                let user = readers(&ci.locale, ci.guild_locale.as_deref()).user;
                let note = i18n::text(user, "discord-unknown-button", &[]);
                send::answer(&inter, State::Open, vec![send::note(&note)]).await;
                return ("unknown".to_string(), Outcome::UnknownButton);
            }
        }
    }
    let input = match ids::decode(&custom, &values) {
        Ok(i) => i,
        Err(e) => {
            send::answer(&inter, State::Open, vec![send::note(&format!("⛔ {e}"))]).await;
            return ("unknown".to_string(), Outcome::UnknownButton);
        }
    };
    let label = match &input {
        Input::Command(c) | Input::Component { command: c, .. } => shared.command_label(c),
    };
    let req = Request {
        channel: ci.channel_id.to_string(),
        guild: ci.guild_id.map(|g| g.to_string()),
        actor: actor(&ci.user, ci.member.as_ref()),
        request_id: ci.id.to_string(),
        locale: readers(&ci.locale, ci.guild_locale.as_deref()),
        input,
    };
    // The message the component was on: its settled components are retired if this commits.
    let pressed = serde_json::to_value(&ci.message.components)
        .ok()
        .map(|components| Pressed {
            message: ci.message.id.to_string(),
            ephemeral: ci
                .message
                .flags
                .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)),
            components,
        });
    (label, run(shared, &inter, req, pressed).await)
}

/// The languages of an interaction's readers: the user's client language (`locale`, sent with
/// every interaction) for their private answers, the server's (`guild_locale`, sent from a
/// server) for the channel's; in a DM, the user's for both. A language Croupier does not
/// speak reads as English.
pub fn readers(locale: &str, guild_locale: Option<&str>) -> Readers {
    let user = Locale::from_tag(locale);
    Readers {
        user,
        server: guild_locale.map_or(user, Locale::from_tag),
    }
}

/// A submitted form (a modal): the command its custom id carries, with the typed texts as
/// its options, run as that command would be.
async fn on_modal(shared: &Shared, http: &Http, mi: ModalInteraction) -> Counted {
    let mut inter = Inter::new(
        http,
        mi.id,
        &mi.token,
        mi.channel_id,
        false,
        mi.app_permissions,
        &shared.metrics,
    );
    inter.perms = shared.raw_permissions.take(mi.id.get()).or(inter.perms);
    let cmd = match modals::submitted(&mi.data.custom_id, &mi.data.components) {
        Ok(c) => c,
        Err(e) => {
            send::answer(&inter, State::Open, vec![send::note(&format!("⛔ {e}"))]).await;
            return ("unknown".to_string(), Outcome::UnknownButton);
        }
    };
    let label = shared.command_label(&cmd);
    let req = Request {
        channel: mi.channel_id.to_string(),
        guild: mi.guild_id.map(|g| g.to_string()),
        actor: actor(&mi.user, mi.member.as_ref()),
        request_id: mi.id.to_string(),
        locale: readers(&mi.locale, mi.guild_locale.as_deref()),
        input: Input::Command(cmd),
    };
    (label, run(shared, &inter, req, None).await)
}

/// Applies a request and answers it, deferring if the table is slow; says how it ended.
/// `pressed`: the message a pressed component was on.
async fn run(
    shared: &Shared,
    inter: &Inter<'_>,
    req: Request,
    pressed: Option<Pressed>,
) -> Outcome {
    let Some(table) = shared
        .table()
        .filter(|_| !shared.closing.load(Ordering::SeqCst))
    else {
        send::answer(
            inter,
            State::Open,
            vec![send::note(&i18n::text(
                req.locale.user,
                "discord-restarting",
                &[],
            ))],
        )
        .await;
        return Outcome::Restarting;
    };
    // Decided before anything is sent: a deferral's visibility cannot change later.
    let private = shared.games.may_answer_privately(match &req.input {
        Input::Command(c) | Input::Component { command: c, .. } => c,
    });
    let look = shared.look.clone();
    let games = shared.games.clone();
    let invoker = req.actor.id.clone();
    let readers = req.locale;
    let channel = req.channel.clone();
    let request_id = req.request_id.clone();
    let lanes = shared.outbox.clone();
    let token = inter.token.to_string();
    let pressed_rows = pressed.as_ref().map(|p| p.components.clone());
    let press = pressed.clone();
    let work = async {
        // The request is applied in the writer's next group commit and comes back only once
        // that commit is durable; the board it may show is read in the same transaction. Its
        // public output is written to the outbox in the request's own savepoint and takes its
        // place in the channel's lane here, on the writer, in commit order.
        let board_channel = channel.clone();
        table.prepare(&req).await;
        let (out, session, ticket, settled) = table
            .apply(move |g| {
                let (out, row) = g.handle_posting(&req, |out| {
                    outbox::envelope(&req, Some(&token), out, press.as_ref())
                })?;
                if out.duplicate {
                    // Applied before (e.g. the process died between the commit and the answer):
                    // answer from the stored outcome. If the first delivery did answer, Discord
                    // refuses this one's initial response and nothing more is sent.
                    info!(request = %req.request_id, "duplicate delivery; answering from the stored outcome");
                }
                // A view's public output writes no row but keeps its place all the same.
                let public = out.replies.iter().any(|r| r.is_public());
                let ticket = (row.is_some() || (out.accepted && !out.duplicate && public))
                    .then(|| lanes.enter(&req.channel, &req.request_id, row));
                let session = if croupier_core::render::attach::wants_board(&out.replies) {
                    g.board(&board_channel)?
                } else {
                    None
                };
                // A press: what its message's components may still answer, now that it is
                // applied (read here, as this request left it, to update the message within
                // the 3 s of the initial response).
                let settled = match &pressed_rows {
                    Some(rows) if out.accepted && !out.duplicate => {
                        let standing = g.standing(&board_channel)?;
                        let long = g.write(|tx| Ok(retire::long_ids(tx, rows)?))?;
                        let retired =
                            retire::retire(rows, standing.as_ref(), &|k| long.get(k).cloned());
                        Some((standing, retired))
                    }
                    _ => None,
                };
                Ok((out, session, ticket, settled))
            })
            .await?;
        // The languages chosen with `/game language` (the channel's, the actor's own) over
        // the interaction's.
        let readers = out.readers(readers);
        if out.duplicate && shared.outbox.settled_elsewhere(&channel, &request_id).await {
            // A restart posted this action's output in the channel already: not again.
            return Ok((
                vec![send::note(&i18n::text(
                    readers.user,
                    "discord-done-already",
                    &[],
                ))],
                Outcome::Duplicate,
                None,
                None,
            ));
        }
        let outcome = match (out.duplicate, out.accepted) {
            (true, _) => Outcome::Duplicate,
            (false, true) => Outcome::Accepted,
            (false, false) => Outcome::Refused,
        };
        // Pictures and embeds are made after the commit, off the database thread: on the
        // blocking pool when something must be drawn, here when every picture is already
        // drawn (a dice roll seen before), which saves two thread hand-offs.
        let boards = shared.boards.clone();
        let cached = {
            let scene = Scene {
                channel: &channel,
                invoker: Some(&invoker),
                readers,
            };
            croupier_core::render::attach::all_drawn(
                &out.replies,
                session.as_ref(),
                Some(&boards),
                &|r| render::languages(&scene, r),
            )
        };
        let make = move || {
            let scene = Scene {
                channel: &channel,
                invoker: Some(&invoker),
                readers,
            };
            render::draw_and_render(
                &games,
                session.as_ref(),
                Some(&boards),
                &look,
                &scene,
                out.replies,
            )
        };
        let drawn = if cached {
            Some(make())
        } else {
            off_thread(make).await
        };
        let Some((drafts, long)) = drawn else {
            // Applied and committed, but its answer could not be made: say so, not "nothing changed".
            error!("making the answer of a committed request failed");
            return Ok((
                vec![send::note(&i18n::text(
                    readers.user,
                    "discord-answer-lost",
                    &[],
                ))],
                outcome,
                ticket,
                settled,
            ));
        };
        if !long.pairs().is_empty() {
            // Saved (and committed) before any message carrying these ids is sent.
            let saved = table
                .apply(move |g| g.write(|c| Ok(ids::save(c, &long)?)))
                .await;
            if let Err(e) = saved {
                warn!(error = %e, "saving long button ids failed; those buttons will be refused");
            }
        }
        // The channel's earlier output goes first (a slow turn is covered by the deferral).
        if let Some(t) = &ticket {
            t.turn().await;
        }
        Ok::<_, croupier_core::table::TableError>((drafts, outcome, ticket, settled))
    };
    tokio::pin!(work);
    let mut state = State::Open;
    if shared.defer_after.is_zero() {
        if let Ok(s) = send::defer(inter, private).await {
            state = s;
        }
    }
    let result = if state != State::Open {
        work.await
    } else {
        tokio::select! {
            r = &mut work => r,
            _ = tokio::time::sleep(shared.defer_after) => {
                if let Ok(s) = send::defer(inter, private).await {
                    state = s;
                }
                work.await
            }
        }
    };
    let (mut drafts, outcome, ticket, settled): (Vec<Draft>, Outcome, Option<Ticket>, _) =
        match result {
            Ok(d) => d,
            Err(e) => {
                error!(error = %e, "table request failed");
                (
                    vec![send::note(&failure_text(e.trouble(), readers.user))],
                    Outcome::Failed,
                    None,
                    None,
                )
            }
        };
    if outcome == Outcome::Failed && state == (State::Deferred { private: false }) {
        // A failure says nothing private: it fills the public "thinking…" itself, rather than
        // leaving there a line that suggests an answer was given privately.
        for d in &mut drafts {
            if d.target == render::Target::Ephemeral {
                d.target = render::Target::Public;
            }
        }
    }
    // What this channel lets the bot show: without Embed Links the answer is plain text,
    // without Attach Files it goes without pictures; the person who acted is told once.
    let (drafts, lost) = render::fit(drafts, render::Allowed::from_bits(inter.perms));
    // Channel posts carry nonces made from the outbox row, so a restart that posts them again
    // makes no second copy.
    if let Some(row) = ticket.as_ref().and_then(Ticket::row) {
        let _ = inter.nonces.set(format!("o{row}"));
    }
    // Standing messages (a tracker) are edited in place, after the answer.
    let (standing, drafts): (Vec<Draft>, Vec<Draft>) =
        drafts.into_iter().partition(|d| d.slot.is_some());
    let retired = settled.as_ref().and_then(|(_, r)| r.as_ref());
    // A press that settled something on its own message answers by updating that message
    // (within the 3 s of an initial response); the answer follows.
    if let (Some(rows), State::Open) = (retired, state) {
        if send::update_message(inter, rows).await.is_ok() {
            state = State::Updated;
        }
    }
    send::answer(inter, state, drafts).await;
    for d in &standing {
        slots::show(inter, &table, &shared.rest, d).await;
    }
    retire_settled(
        shared,
        &table,
        inter,
        state,
        pressed.as_ref(),
        settled,
        outcome == Outcome::Accepted,
    )
    .await;
    if lost.any() {
        send::tell_missing(
            inter,
            "show this answer as it should look (it came as plain text or without its picture)",
            send::Sending::answer(lost.embeds, lost.files),
        )
        .await;
    }
    if let Some(t) = ticket {
        t.delivered(&table).await;
    }
    outcome
}

/// Retires what a request settled, on its turn in the channel's lane (after its answer): the
/// pressed message when its initial response could not (a deferral), and, when it was
/// `applied`, the other messages of the channel that offered something now settled (read
/// now, unless the press read it already); then remembers the messages it sent that offer
/// something.
async fn retire_settled(
    shared: &Shared,
    table: &TableHandle,
    inter: &Inter<'_>,
    state: State,
    pressed: Option<&Pressed>,
    settled: Option<(Option<Standing>, Option<serde_json::Value>)>,
    applied: bool,
) {
    let channel = inter.channel.to_string();
    let (read, retired) = match settled {
        Some((now, retired)) => (Some(now), retired),
        None => (None, None),
    };
    let mut edits = vec![];
    if applied && shared.offers.any(&channel) {
        let now = match read {
            Some(now) => Some(now),
            None => {
                let ch = channel.clone();
                table
                    .read(&channel, move |t| t.standing(&ch))
                    .await
                    .map_err(
                        |e| warn!(error = %e, "reading what the channel's buttons answer failed"),
                    )
                    .ok()
            }
        };
        if let Some(now) = now {
            edits = shared.offers.settle(
                &channel,
                now.as_ref(),
                pressed
                    .zip(retired.as_ref())
                    .map(|(p, r)| (&p.components, r)),
            );
        }
    }
    let retired = retired.as_ref();
    if let (Some(p), Some(rows), false) = (pressed, retired, state == State::Updated) {
        // An ephemeral message is only the pressing interaction's to update: it keeps its
        // components, and a later press is refused with what settled it.
        if let Some(id) = p
            .message
            .parse::<u64>()
            .ok()
            .filter(|i| *i != 0 && !p.ephemeral)
        {
            edits.insert(0, (retire::At::Channel(id), rows.clone()));
        }
    }
    for (at, rows) in edits {
        if let Err(e) =
            send::edit_components(inter.http, inter.metrics, inter.channel, &at, &rows).await
        {
            warn!(error = %e, "retiring settled components failed");
        }
    }
    let offered = inter
        .offered
        .lock()
        .map(|mut o| std::mem::take(&mut *o))
        .unwrap_or_default();
    shared.offers.add(&channel, offered);
}

async fn on_autocomplete(shared: &Shared, http: &Http, ci: CommandInteraction) -> Counted {
    let _ = shared.raw_permissions.take(ci.id.get());
    let Some(focus) = ci.data.autocomplete() else {
        return ("unknown".to_string(), Outcome::Failed);
    };
    let option = focus.name.to_string();
    let partial = focus.value.to_string();
    let integer = focus.kind == serenity::CommandOptionType::Integer;
    let cmd = super::commands::read_command(&ci.data.name, &ci.data.options);
    let label = shared.command_label(&cmd);
    let viewer = actor(&ci.user, ci.member.as_deref());
    let channel = ci.channel_id.to_string();
    let guild = ci.guild_id.map(|g| g.to_string());
    let mut outcome = Outcome::Answered;
    let choices = match shared.table() {
        Some(t) => t
            .read(&channel.clone(), move |t| {
                t.autocomplete(&channel, guild.as_deref(), &viewer, &cmd, &option, &partial)
            })
            .await
            .unwrap_or_else(|e| {
                warn!(error = %e, "autocomplete failed");
                outcome = Outcome::Failed;
                vec![]
            }),
        None => {
            outcome = Outcome::Restarting;
            vec![]
        }
    };
    let mut resp = CreateAutocompleteResponse::new();
    let locale = readers(&ci.locale, ci.guild_locale.as_deref()).user;
    for (label, value) in super::commands::autocomplete_choices(&choices, integer, locale) {
        resp = match value {
            super::commands::Suggested::Int(v) => resp.add_int_choice(label, v),
            super::commands::Suggested::Text(v) => resp.add_string_choice(label, v),
        };
    }
    if let Err(e) = CreateInteractionResponse::Autocomplete(resp)
        .execute(http, (ci.id, &ci.token))
        .await
    {
        warn!(error = %e, "autocomplete answer failed");
        outcome = Outcome::Failed;
    }
    (label, outcome)
}

/// What the person who acted is told when their request could not be saved, by the kind of
/// failure: nothing was changed in each case, and each says what to do.
/// In `locale`, the language of the person who acted.
pub fn failure_text(trouble: croupier_core::table::Trouble, locale: Locale) -> String {
    use croupier_core::table::Trouble;
    let key = match trouble {
        Trouble::DiskFull => "discord-disk-full",
        Trouble::Busy => "discord-busy",
        Trouble::Closed => "discord-restarting",
        Trouble::Other => "discord-not-saved",
    };
    i18n::text(locale, key, &[])
}

/// Runs `f` (drawing pictures, building embeds) on tokio's blocking pool, at most one job per
/// core at a time, so a burst of pictures neither stalls the runtime nor the database writer.
/// `None` if `f` panicked.
async fn off_thread<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> Option<R> {
    static SLOTS: LazyLock<Semaphore> = LazyLock::new(|| {
        Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    });
    let _slot = SLOTS.acquire().await.ok()?;
    tokio::task::spawn_blocking(f).await.ok()
}

/// Posts drafts in a channel (reminders: there is no interaction to answer).
pub async fn post_drafts(http: &Http, metrics: &Metrics, channel: &str, drafts: Vec<Draft>) {
    let Some(id) = channel.parse::<u64>().ok().filter(|i| *i != 0) else {
        warn!(
            channel,
            "reminder for a channel that is not a Discord channel"
        );
        return;
    };
    for d in drafts {
        let res = match &d.target {
            render::Target::Dm(u) => send::dm(http, metrics, u, &d).await,
            _ => send::post(http, metrics, ChannelId::new(id), &d).await,
        };
        if let Err(e) = res {
            warn!(channel, error = %e, "posting a reminder failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use croupier_core::store::StoreError;
    use croupier_core::table::{TableError, Trouble};

    fn sqlite(code: std::ffi::c_int) -> TableError {
        TableError::Store(StoreError::Sqlite(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(code),
            None,
        )))
    }

    /// A full disk, a locked database and a shutdown are each named as what they are, and
    /// each answer says nothing was changed.
    #[test]
    fn each_failure_is_named_for_what_it_is() {
        let full = sqlite(rusqlite::ffi::SQLITE_FULL);
        assert_eq!(full.trouble(), Trouble::DiskFull);
        assert!(failure_text(full.trouble(), Locale::En).contains("out of disk space"));
        let busy = sqlite(rusqlite::ffi::SQLITE_BUSY);
        assert_eq!(busy.trouble(), Trouble::Busy);
        assert!(failure_text(busy.trouble(), Locale::En).contains("busy"));
        assert_eq!(TableError::Closed.trouble(), Trouble::Closed);
        // A failed group commit keeps its cause's kind.
        let lost = TableError::NotSaved(full.to_string(), full.trouble());
        assert_eq!(lost.trouble(), Trouble::DiskFull);
        for t in [
            Trouble::DiskFull,
            Trouble::Busy,
            Trouble::Closed,
            Trouble::Other,
        ] {
            let text = failure_text(t, Locale::En);
            assert!(
                text.contains("nothing was changed") || text.contains("nothing was done"),
                "{text}"
            );
            assert!(!text.contains("could not reach its table"), "{text}");
        }
    }

    /// The front end's own notes are in the catalogue, read in the actor's language.
    #[test]
    fn failure_notes_are_read_in_the_actors_language() {
        use croupier_core::table::Trouble;
        for t in [
            Trouble::DiskFull,
            Trouble::Busy,
            Trouble::Closed,
            Trouble::Other,
        ] {
            let ja = failure_text(t, Locale::Ja);
            assert!(ja.contains("何も"), "{ja}");
            assert!(!ja.contains("nothing"), "{ja}");
        }
        assert_eq!(
            failure_text(Trouble::Closed, Locale::En),
            "⏳ Croupier is restarting; nothing was done. Try again in a moment."
        );
    }

    /// The user's language for their private answers, the server's for the channel's; in a
    /// DM (no `guild_locale`) the user's for both; any language but Japanese reads English.
    #[test]
    fn an_interactions_readers_come_from_locale_and_guild_locale() {
        let r = readers("ja", Some("en-US"));
        assert_eq!((r.user, r.server), (Locale::Ja, Locale::En));
        let r = readers("en-GB", Some("ja"));
        assert_eq!((r.user, r.server), (Locale::En, Locale::Ja));
        let r = readers("ja", None);
        assert_eq!((r.user, r.server), (Locale::Ja, Locale::Ja));
        let r = readers("fr", Some("de"));
        assert_eq!((r.user, r.server), (Locale::En, Locale::En));
        assert!(r.for_answer(true) == Locale::En);
    }
}
