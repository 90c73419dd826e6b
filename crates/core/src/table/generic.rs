//! Commands every channel has, whatever game runs there: `/roll`, `/game …`, `/help`.

use std::cell::Cell;

use crate::i18n::{Locale, Readers};
use crate::store::Tx;

use super::builtins::{GameCommand, RollCommand, Visibility};
use super::declare::{check_permission, Commands};
use super::engine::{
    channel_rng, end_session, finish_replies, hand_over, logged_summary, read_shared,
    save_channel_rng, session_gms, undo, with_host, Fail, Request, Summary,
};
use super::game::Actor;
use super::registry::Registry;
use super::said::{dice_error, Phrase, RollSaid, Said, Value};
use super::states::States;
use super::{Command, Message, Reply, Stamp, UserId};
use crate::dice;
use crate::store::{self, LogRow};

/// `/roll expr:… [visibility:…] [target:N]`.
pub(super) fn roll(
    tx: &Tx,
    games: &Registry,
    req: &Request,
    cmd: &Command,
    now: i64,
) -> Result<Vec<Reply>, Fail> {
    let RollCommand {
        expr,
        visibility,
        target,
    } = RollCommand::from_command(cmd)?;
    let expr = expr.as_str();
    let vis = visibility.unwrap_or(Visibility::Public);
    // Only its GMs are needed: its state is not read.
    let session = store::session_active_gms(tx, &req.channel)?;
    let gms = match &session {
        Some(s) => match games.find(&s.game) {
            Some(g) => session_gms(g, s)?,
            None => vec![UserId::new(&s.host)],
        },
        None => vec![],
    };
    if matches!(vis, Visibility::Gm | Visibility::Blind) && gms.is_empty() {
        return Err(Fail::said(
            Phrase::new("table-roll-no-gm").arg("visibility", vis.as_str()),
        ));
    }
    // The chance is never dropped silently: what the odds leave out, or why there are
    // none, is said in the reply.
    // Found computed already when the request came through `TableHandle::handle`.
    let chance = target.map(|t| (*super::odds::line(expr, t)).clone());
    // A notation error is refused before any die is thrown; a failure while rolling (a
    // division by a die that rolled 0, the explosion limit) comes after the dice were thrown,
    // so the channel's generator keeps their draws and a retry rolls fresh dice; the reply
    // says so only when some die was thrown.
    let parsed = dice::parse(expr)
        .map_err(|e| Fail::said(Phrase::new("table-roll-bad").arg("error", dice_error(&e))))?;
    let mut rng = channel_rng(tx, &req.channel)?;
    let before = rng.get_word_pos();
    let rolled = parsed.roll(&mut rng);
    save_channel_rng(tx, &req.channel, &rng)?;
    let result = match rolled {
        Ok(r) => r,
        Err(e) => {
            // Only a generator that moved threw dice (`10 / 0` throws none).
            return Ok(vec![Reply::private(
                &req.actor.id,
                Message::said(Said::RollFailed {
                    error: dice_error(&e),
                    thrown: rng.get_word_pos() != before,
                }),
            )]);
        }
    };
    let summary = Summary::phrase(Phrase::new("table-log-rolled").arg("roll", result.render()));
    let id = store::log_append(
        tx,
        &store::NewLog {
            channel: &req.channel,
            session_id: session.as_ref().map(|s| s.id),
            kind: "roll",
            actor: &req.actor.id.0,
            actor_name: &req.actor.name,
            payload: &serde_json::to_string(&result)?,
            summary: &summary.text,
            visibility: vis.as_str(),
            request_id: Some(&req.request_id),
            at: now,
            restore: None,
            said: summary.said.as_deref(),
        },
    )?;
    // Hidden rolls carry their log number so the GM can `/game reveal` them.
    let said = RollSaid {
        who: req.actor.id.mention(),
        roll: result.clone(),
        target,
        chance,
        log: (vis != Visibility::Public).then_some(id),
        blind: false,
    };
    let msg = Message::said(Said::Roll(Box::new(said.clone())))
        .with_picture(super::Picture::Dice(result.clone()));
    let me = &req.actor.id;
    let mut with_me = vec![me.clone()];
    with_me.extend(gms.iter().filter(|g| *g != me).cloned());
    Ok(match vis {
        Visibility::Public => vec![Reply::public(msg)],
        Visibility::SelfOnly => vec![Reply::private(me, msg)],
        Visibility::Gm => vec![Reply {
            audience: super::Audience::Only(with_me),
            message: msg,
        }],
        Visibility::Blind => {
            let mut out = vec![Reply {
                audience: super::Audience::Only(gms.clone()),
                message: Message::said(Said::Roll(Box::new(RollSaid {
                    blind: true,
                    ..said
                }))),
            }];
            if !gms.contains(me) {
                out.push(Reply::private(
                    me,
                    Message::said(Said::BlindNotice {
                        expr: expr.to_string(),
                        log: id,
                    }),
                ));
            }
            out
        }
    })
}

/// `/game status|log|undo|end|host|reveal|check|language`.
pub(super) fn game_command(
    tx: &Tx,
    states: &States,
    games: &Registry,
    req: &Request,
    cmd: &Command,
    now: i64,
    readers: &Cell<Readers>,
) -> Result<Vec<Reply>, Fail> {
    let session = store::session_active(tx, &req.channel)?;
    let game = session.as_ref().and_then(|s| games.find(&s.game));
    let actor = with_host(&req.actor, session.as_ref());
    let parsed = GameCommand::from_command(cmd)?;
    // Who may use each built-in is its declaration (`builtins.rs`), checked as a game's
    // commands are: the host's commands by the host or a channel manager.
    if let (Some(s), Some(g)) = (&session, game) {
        let gms = session_gms(g, s)?;
        check_permission(&GameCommand::spec(), cmd, &actor, &s.host, &gms)?;
    }
    match parsed {
        GameCommand::Status => match (&session, game) {
            (Some(s), Some(g)) => {
                let state = states.of(g, s)?.state;
                let gms = session_gms(g, s)?;
                // The status shows what the guild's records hold now (a level up taken
                // outside the session), read without a lock: nothing is written.
                let shared =
                    read_shared(tx, states, g, req.guild.as_deref()).map_err(Fail::Error)?;
                let mut view = g.view_shared(&state, &actor, &shared)?;
                if let Some(first) = view.first_mut() {
                    let viewer = (!first.is_public()).then(|| actor.id.clone());
                    first.message.picture = Some(super::Picture::Board { viewer });
                }
                let open = g.decisions(&state)?;
                Ok(finish_replies(
                    view,
                    g,
                    Some(Stamp {
                        session: s.id,
                        version: s.version,
                    }),
                    &gms,
                    &open,
                ))
            }
            _ => Ok(vec![Reply::private(&actor.id, no_game(games))]),
        },
        GameCommand::Log { count } => {
            let n = count.unwrap_or(15);
            let rows = store::log_recent(tx, &req.channel, n)?;
            let mut gm_of = GmOf::new(tx, games, session.as_ref(), &actor);
            let mut lines = Vec::with_capacity(rows.len());
            for r in &rows {
                let is_gm = gm_of.of(r.session_id)?;
                lines.push(log_line(r, &actor, is_gm));
            }
            // The entries are the log's own words (each written once, when it happened), in
            // the reader's language where they were written from typed words.
            let said = if lines.is_empty() {
                Phrase::titled("table-log-title", "table-log-empty")
            } else {
                Phrase::titled("table-log-title", "table-log").arg("lines", Value::Lines(lines))
            };
            Ok(vec![Reply::private(
                &actor.id,
                Message::said(Said::Phrase(said)),
            )])
        }
        GameCommand::Undo => {
            let (Some(s), Some(g)) = (&session, game) else {
                return Err(Fail::said(
                    Phrase::new("table-no-game-to").arg("what", "undo"),
                ));
            };
            undo(tx, states, g, s, &actor, &req.request_id, now)
        }
        GameCommand::End { confirm } => {
            let (Some(s), Some(g)) = (&session, game) else {
                return Err(Fail::said(
                    Phrase::new("table-no-game-to").arg("what", "end"),
                ));
            };
            if confirm != Some(true) {
                // The button's label is the phrase's: written in English once it is on.
                let mut m = Message::said(Said::Phrase(
                    Phrase::titled("table-end-title", "table-end")
                        .arg("game", g.title())
                        .buttons(&["table-end-button"]),
                ))
                .styled_button(
                    String::new(),
                    &GameCommand::End {
                        confirm: Some(true),
                    },
                    super::ButtonStyle::Danger,
                )
                .in_language(Locale::En);
                m.stamp = Some(Stamp {
                    session: s.id,
                    version: s.version,
                });
                return Ok(vec![Reply::private(&actor.id, m)]);
            }
            // The game releases what the session held in the shared state (e.g. entered
            // ninjas), logged with the `end` entry.
            let released = end_session(
                tx,
                states,
                g,
                s,
                &actor,
                &Summary::phrase(Phrase::new("table-log-ended")),
                Some(&req.request_id),
                now,
            )?;
            let mut out = vec![Reply::public(Message::said(Said::Phrase(
                Phrase::titled("table-ended-title", "table-ended")
                    .arg("who", actor.name.as_str())
                    .arg("game", g.title())
                    .arg("command", format!("/{} new", g.name())),
            )))];
            out.extend(finish_replies(released, g, None, &[], &[]));
            Ok(out)
        }
        GameCommand::Host { user: to } => {
            let (Some(s), Some(g)) = (&session, game) else {
                return Err(Fail::said(
                    Phrase::new("table-no-game-to").arg("what", "host"),
                ));
            };
            hand_over(tx, states, g, s, &actor, &to, &req.request_id, now)
        }
        GameCommand::Reveal { id } => {
            let Some(row) = store::log_get(tx, id)?.filter(|r| r.channel == req.channel) else {
                return Err(Fail::said(
                    Phrase::new("table-reveal-no-entry").arg("log", id),
                ));
            };
            if !GmOf::new(tx, games, session.as_ref(), &actor).of(row.session_id)? {
                return Err(Fail::said(Phrase::new("table-reveal-not-gm")));
            }
            if row.kind != "roll" {
                return Err(Fail::said(
                    Phrase::new("table-reveal-not-a-roll").arg("log", id),
                ));
            }
            if row.visibility == "public" {
                return Err(Fail::said(
                    Phrase::new("table-reveal-public").arg("log", id),
                ));
            }
            if row.visibility == "self" && row.actor != actor.id.0 {
                return Err(Fail::said(
                    Phrase::new("table-reveal-private")
                        .arg("log", id)
                        .arg("who", row.actor_name.as_str()),
                ));
            }
            store::log_set_visibility(tx, id, "public")?;
            let r: dice::Roll = serde_json::from_str(&row.payload)?;
            let summary = Summary::phrase(Phrase::new("table-log-revealed").arg("log", id));
            store::log_append(
                tx,
                &store::NewLog {
                    channel: &req.channel,
                    session_id: session.as_ref().map(|s| s.id),
                    kind: "reveal",
                    actor: &actor.id.0,
                    actor_name: &actor.name,
                    payload: &serde_json::json!({ "revealed": id }).to_string(),
                    summary: &summary.text,
                    visibility: "public",
                    request_id: Some(&req.request_id),
                    at: now,
                    restore: None,
                    said: summary.said.as_deref(),
                },
            )?;
            Ok(vec![Reply::public(Message::said(Said::Phrase(
                Phrase::titled("table-revealed-title", "table-revealed")
                    .arg("log", id)
                    .arg("who", row.actor_name.as_str())
                    .arg("roll", r.render()),
            )))])
        }
        GameCommand::Language { channel, me } => {
            super::language::language(tx, req, &actor, channel, me, readers)
        }
        // Discord answers this itself (it knows the bot's permissions in the channel).
        GameCommand::Check => Ok(vec![Reply::private(
            &req.actor.id,
            Message::said(Said::Phrase(Phrase::titled(
                "table-check-title",
                "table-check",
            ))),
        )]),
    }
}

/// Whether the viewer was GM of the session a log entry belongs to: a hidden roll's
/// visibility is decided by the game it was made in (its host and the game's GMs), never by
/// whoever runs the channel's game now. In the running game, the host and channel managers act
/// as GM as everywhere else; in an earlier one, only that game's own GMs.
struct GmOf<'a, 't> {
    tx: &'a Tx<'t>,
    games: &'a Registry,
    active: Option<i64>,
    actor: &'a Actor,
    known: std::collections::HashMap<i64, bool>,
}

impl<'a, 't> GmOf<'a, 't> {
    fn new(
        tx: &'a Tx<'t>,
        games: &'a Registry,
        active: Option<&store::SessionRow>,
        actor: &'a Actor,
    ) -> Self {
        GmOf {
            tx,
            games,
            active: active.map(|s| s.id),
            actor,
            known: Default::default(),
        }
    }

    fn of(&mut self, session: Option<i64>) -> Result<bool, Fail> {
        let Some(id) = session else {
            // Made with no game running: only public and self rolls exist there.
            return Ok(false);
        };
        if let Some(k) = self.known.get(&id) {
            return Ok(*k);
        }
        let gm = match store::session_get(self.tx, id)? {
            Some(s) => {
                let in_it = match self.games.find(&s.game) {
                    Some(g) => session_gms(g, &s)?.contains(&self.actor.id),
                    None => s.host == self.actor.id.0,
                };
                in_it || (self.active == Some(id) && self.actor.manager)
            }
            None => false,
        };
        self.known.insert(id, gm);
        Ok(gm)
    }
}

/// Whether `viewer` may see the result of log entry `r` (a roll made `public`, for the GM,
/// blind or for oneself), `is_gm` saying whether they were GM of the game it was made in: the
/// one rule the log and the test harness's secret check read.
fn may_see(r: &LogRow, viewer: &Actor, is_gm: bool) -> bool {
    let mine = r.actor == viewer.id.0;
    match r.visibility.as_str() {
        "public" => true,
        "gm" => mine || is_gm,
        "blind" => is_gm,
        "self" => mine,
        _ => false,
    }
}

/// The results of the hidden rolls of `channel` that `viewer` may not see (their dice as
/// the roll's reply shows them, `2d6 → [5, 2] = 7`): the table's own secrets, beside each
/// game's ([`super::Game::secrets`]). For the test harness (`croupier_core::testkit`).
#[cfg(feature = "testkit")]
pub(crate) fn hidden_rolls(
    tx: &Tx,
    games: &Registry,
    channel: &str,
    viewer: &Actor,
) -> Result<Vec<String>, super::TableError> {
    let session = store::session_active(tx, channel)?;
    let viewer = with_host(viewer, session.as_ref());
    let rows = store::log_recent(tx, channel, i64::MAX)?;
    let mut gm_of = GmOf::new(tx, games, session.as_ref(), &viewer);
    let mut out = vec![];
    for r in rows.iter().filter(|r| r.kind == "roll") {
        let is_gm = match gm_of.of(r.session_id) {
            Ok(g) => g,
            Err(f) => return Err(super::TableError::Refused(f.into_rule_error()?)),
        };
        if !may_see(r, &viewer, is_gm) {
            let roll: dice::Roll = serde_json::from_str(&r.payload)?;
            out.push(roll.render());
        }
    }
    Ok(out)
}

fn log_line(r: &LogRow, viewer: &Actor, is_gm: bool) -> Value {
    let what = if may_see(r, viewer, is_gm) {
        Phrase::new("table-log-did")
            .arg("who", r.actor_name.as_str())
            .arg("summary", logged_summary(r))
    } else {
        Phrase::new("table-log-hidden-roll").arg("who", r.actor_name.as_str())
    };
    let line = if r.undone {
        Phrase::new("table-log-undone-line")
    } else {
        // Who saw it: public, gm, blind or self (a private entry reads as public).
        let shown = match r.visibility.as_str() {
            v @ ("gm" | "blind" | "self") => v,
            _ => "public",
        };
        Phrase::new("table-log-line").arg("shown", shown)
    };
    line.arg("log", r.id).arg("what", what).into()
}

fn no_game(games: &Registry) -> Message {
    let starts: Vec<String> = games
        .all()
        .map(|g| format!("`/{} new` — {}", g.name(), g.title()))
        .collect();
    Message::said(Said::Phrase(
        Phrase::titled("table-no-game-title", "table-no-game").arg("starts", starts.join("\n")),
    ))
}

/// `/roll` read in each language (the harness is `croupier_core::testkit`: run with
/// `--features testkit`, as the workspace's tests are).
#[cfg(all(test, feature = "testkit"))]
#[path = "generic_tests.rs"]
mod tests;
