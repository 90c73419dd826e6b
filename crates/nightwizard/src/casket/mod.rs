//! The Lunar Casket (digest §11): deployed by a PC (the General Skill) or the GM's Emulator,
//! it lasts until its Ruler removes it or the Scene ends, except that from the start of a
//! Dive until the Climax Phase is over it cannot be removed. Inside, the GM sets Lunar Logics
//! (session rules); a PC may shake one off for 1 Prana (§4 use 7), until the end of the
//! Scenario (default) or of the real-life session (a table setting).

pub mod model;
pub use model::{Casket, CasketAction, LogicLasts, Shaken, MAX_LOGICS};

use super::commands::CasketCommand;
use super::state::{NightWizard, Phase};
use super::words::{joined, no};
use croupier_core::table::{Actor, Message, Phrase, Reply, RuleError, UserId, Value};

/// Lowers a parsed `/nwcasket …` to its action.
pub fn lower(c: CasketCommand) -> CasketAction {
    let text = |t: String| -> String { t.trim().chars().take(200).collect() };
    match c {
        CasketCommand::Deploy {
            ruler,
            persist,
            hidden,
        } => CasketAction::Deploy {
            ruler: ruler.map(|r| r.trim().chars().take(40).collect()),
            persist: persist.unwrap_or(false),
            hidden: hidden.unwrap_or(false),
        },
        CasketCommand::Reveal => CasketAction::Reveal,
        CasketCommand::Remove { force } => CasketAction::Remove {
            force: force.unwrap_or(false),
        },
        CasketCommand::Logic { text: t } => CasketAction::Logic(text(t)),
        CasketCommand::List => CasketAction::List,
        CasketCommand::Shake { logic } => CasketAction::Shake(text(logic)),
        CasketCommand::Settings { lasts } => CasketAction::Lasts(lasts),
    }
}

impl NightWizard {
    /// The Lunar Casket in place, if any: it ends with its Scene unless the GM let it
    /// persist or a Dive holds it.
    pub fn casket(&self) -> Option<&Casket> {
        let c = self.fortress.casket.as_ref()?;
        let same_scene =
            c.episode == self.episode && c.phase == self.phase && c.scene == self.scene;
        (c.persist || same_scene || self.casket_locked()).then_some(c)
    }

    /// The Casket in place as `viewer` may know it: a hidden one only for the GM (§11 item
    /// 5: it cannot be located). Every text, view and picture of the Casket reads it here.
    pub fn casket_seen(&self, gm: bool) -> Option<&Casket> {
        self.casket().filter(|c| gm || !c.hidden)
    }

    /// From the start of a Dive until the Climax Phase is over the Casket cannot be removed.
    pub fn casket_locked(&self) -> bool {
        self.in_fortress()
            || (self.fortress.dive_episode == Some(self.episode)
                && matches!(self.phase, Phase::Middle | Phase::Climax))
    }

    /// Whether `user` ignores `logic` now (paid for, and not expired).
    pub fn ignores_logic(&self, user: &UserId, logic: &str) -> bool {
        let Some(p) = self.pcs.iter().find(|p| &p.user == user) else {
            return false;
        };
        if !p.logics.iter().any(|l| l.eq_ignore_ascii_case(logic)) {
            return false;
        }
        match self.fortress.logic_lasts {
            LogicLasts::Scenario => true,
            LogicLasts::Session => self.fortress.shaken.iter().any(|x| {
                &x.user == user
                    && x.logic.eq_ignore_ascii_case(logic)
                    && x.session_no == self.session_no
            }),
        }
    }
}

/// The Ruler of the Casket in place, the PC of `user`, leaves (§12.2: "A Casket normally
/// collapses if its Ruler leaves. A placed Fortress Core keeps it running without the Ruler"):
/// the Casket collapses, unless the Fortress has a Core that is not broken. Says which.
pub fn ruler_leaves(s: &mut NightWizard, user: &UserId) -> Option<Reply> {
    let c = s.casket()?;
    if c.ruler_user.as_ref() != Some(user) {
        return None;
    }
    let name = c.ruler.clone();
    let core = s.fortress.fortress.as_ref().is_some_and(|f| {
        f.areas
            .iter()
            .any(|a| a.kind == super::fortress::AreaKind::Core)
            && !f.dive.as_ref().is_some_and(|d| d.core_broken)
    });
    if core {
        return Some(Reply::public(Message::phrase(
            Phrase::new("nw-casket-core-holds").arg("name", name),
        )));
    }
    s.fortress.casket = None;
    Some(Reply::public(Message::phrase(
        Phrase::new("nw-casket-collapses").arg("name", name),
    )))
}

/// Applies a Casket action.
pub fn apply(
    s: &mut NightWizard,
    actor: &Actor,
    a: &CasketAction,
) -> Result<Vec<Reply>, RuleError> {
    let gm = s.is_gm(actor);
    match a {
        CasketAction::Deploy {
            ruler,
            persist,
            hidden,
        } => {
            let pc = s.pcs.iter().find(|p| p.user == actor.id);
            if !gm && pc.is_none() {
                return Err(crate::state::join_first());
            }
            if *persist && !gm {
                return no(Phrase::new("nw-casket-persist-gm"));
            }
            if *hidden && !gm {
                return no(Phrase::new("nw-casket-hidden-gm"));
            }
            match s.casket_seen(gm) {
                Some(c) => return no(Phrase::new("nw-casket-up").arg("ruler", c.ruler.as_str())),
                // A hidden one is not named to a player, but it stands: no second Casket.
                None if s.casket().is_some() => return no(Phrase::new("nw-casket-held")),
                None => {}
            }
            let (name, user) = match (ruler, pc.filter(|_| !gm)) {
                (_, Some(p)) => (p.ch.name.clone(), Some(p.user.clone())),
                (Some(r), None) => (r.clone(), None),
                (None, None) => ("the Emulator".to_string(), None),
            };
            if !gm
                && ruler
                    .as_ref()
                    .is_some_and(|r| !r.eq_ignore_ascii_case(&name))
            {
                return no(Phrase::new("nw-casket-pc-ruler"));
            }
            s.fortress.casket = Some(Casket {
                ruler: name.clone(),
                ruler_user: user,
                logics: vec![],
                episode: s.episode,
                phase: s.phase,
                scene: s.scene,
                persist: *persist,
                hidden: *hidden,
            });
            if *hidden {
                return Ok(vec![Reply::gm(Message::phrase(
                    Phrase::titled("nw-casket-hidden-title", "nw-casket-hidden")
                        .arg("name", name)
                        .arg("persist", yes(*persist)),
                ))]);
            }
            Ok(vec![Reply::public(Message::phrase(
                Phrase::titled("nw-casket-rises-title", "nw-casket-deployed")
                    .arg("name", name)
                    .arg("persist", yes(*persist)),
            ))])
        }
        CasketAction::Reveal => {
            match s.casket() {
                None => return no(Phrase::new("nw-casket-none")),
                Some(c) if !c.hidden => return no(Phrase::new("nw-casket-not-hidden")),
                Some(_) => {}
            }
            let Some(c) = s.fortress.casket.as_mut() else {
                return no(Phrase::new("nw-casket-none"));
            };
            c.hidden = false;
            let logics = c.logics.len();
            Ok(vec![Reply::public(Message::phrase(
                Phrase::titled("nw-casket-rises-title", "nw-casket-revealed")
                    .arg("name", c.ruler.as_str())
                    .arg("logics", logics as i64),
            ))])
        }
        CasketAction::Remove { force } => {
            let Some(c) = s.casket_seen(gm) else {
                return no(Phrase::new("nw-casket-none"));
            };
            let ruler = c.ruler_user.as_ref() == Some(&actor.id);
            if !gm && !ruler {
                return no(Phrase::new("nw-casket-remove-who").arg("ruler", c.ruler.as_str()));
            }
            if s.casket_locked() && !(gm && *force) {
                return no(Phrase::new("nw-casket-locked"));
            }
            let name = c.ruler.clone();
            let hidden = c.hidden;
            s.fortress.casket = None;
            if hidden {
                return Ok(vec![Reply::gm(Message::phrase(
                    Phrase::new("nw-casket-removed")
                        .arg("name", name)
                        .arg("hidden", "yes"),
                ))]);
            }
            Ok(vec![Reply::public(Message::phrase(
                Phrase::new("nw-casket-removed")
                    .arg("name", name)
                    .arg("hidden", "no"),
            ))])
        }
        CasketAction::Logic(text) => {
            let Some(c) = s.casket_seen(gm) else {
                return no(Phrase::new("nw-casket-none"));
            };
            if text.is_empty() {
                return no(Phrase::new("nw-logic-empty"));
            }
            if c.logics.iter().any(|l| l.eq_ignore_ascii_case(text)) {
                return no(Phrase::new("nw-logic-twice"));
            }
            if c.logics.len() >= MAX_LOGICS {
                return no(Phrase::new("nw-logics-max").arg("max", MAX_LOGICS as i64));
            }
            if let Some(c) = s.fortress.casket.as_mut() {
                c.logics.push(text.clone());
            }
            let n = s.fortress.casket.as_ref().map_or(0, |c| c.logics.len());
            let m = Message::phrase(
                Phrase::new("nw-logic-set")
                    .arg("n", n as i64)
                    .arg("text", text.as_str()),
            );
            if s.casket().is_some_and(|c| c.hidden) {
                return Ok(vec![Reply::gm(m)]);
            }
            Ok(vec![Reply::public(m)])
        }
        CasketAction::List => {
            let Some(c) = s.casket_seen(gm) else {
                return no(Phrase::new("nw-casket-none"));
            };
            let lines: Vec<Value> = c
                .logics
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let free: Vec<String> = s
                        .pcs
                        .iter()
                        .filter(|p| s.ignores_logic(&p.user, l))
                        .map(|p| p.ch.name.clone())
                        .collect();
                    Value::from(
                        Phrase::new("nw-logic-line")
                            .arg("n", (i + 1) as i64)
                            .arg("text", l.as_str())
                            .arg(
                                "free",
                                if free.is_empty() {
                                    Value::from("")
                                } else {
                                    Value::from(Phrase::new("nw-logic-free").arg(
                                        "names",
                                        joined(
                                            "nw-join-comma",
                                            free.into_iter().map(Value::from).collect(),
                                        ),
                                    ))
                                },
                            ),
                    )
                })
                .collect();
            let reply = if c.hidden { Reply::gm } else { Reply::public };
            Ok(vec![reply(Message::phrase(
                Phrase::titled("nw-logics-title", "nw-logics")
                    .arg("ruler", c.ruler.as_str())
                    .arg("count", lines.len() as i64)
                    .arg("lines", Value::Lines(lines))
                    .arg("lasts", lasts(s.fortress.logic_lasts)),
            ))])
        }
        CasketAction::Shake(which) => shake(s, actor, which),
        CasketAction::Lasts(l) => {
            s.fortress.logic_lasts = *l;
            Ok(vec![Reply::public(Message::phrase(
                Phrase::new("nw-logic-lasts").arg("lasts", lasts(*l)),
            ))])
        }
    }
}

/// Shake off one Lunar Logic of the Casket that is up, for 1 Prana (§4.2 use 7, §11 item 7):
/// `/nwcasket shake` and `/nw prana use:logic` both come here. `which` is the Logic's number
/// in `/nwcasket list` or its text; without a Casket, or for a Logic it does not hold, nothing
/// is charged.
pub fn shake(s: &mut NightWizard, actor: &Actor, which: &str) -> Result<Vec<Reply>, RuleError> {
    // A hidden Casket's Logics cannot be shaken off by those who do not know it is up.
    let Some(c) = s.casket_seen(s.is_gm(actor)) else {
        return no(Phrase::new("nw-casket-none"));
    };
    let Some(i) = s.pcs.iter().position(|p| p.user == actor.id) else {
        return no(Phrase::new("nw-shake-pc"));
    };
    let logic = match which.parse::<usize>() {
        Ok(n) if n >= 1 && n <= c.logics.len() => c.logics[n - 1].clone(),
        _ => match c.logics.iter().find(|l| l.eq_ignore_ascii_case(which)) {
            Some(l) => l.clone(),
            None => return no(Phrase::new("nw-no-logic").arg("value", which)),
        },
    };
    if s.ignores_logic(&actor.id, &logic) {
        return no(Phrase::new("nw-shake-already"));
    }
    if s.pcs[i].prana < 1 {
        return no(Phrase::new("nw-shake-no-prana"));
    }
    // An ignore paid for in an earlier session has run out (setting `session`).
    s.pcs[i].logics.retain(|l| !l.eq_ignore_ascii_case(&logic));
    let name = s.pcs[i].ch.name.clone();
    s.pcs[i].prana -= 1;
    s.pcs[i].logics.push(logic.clone());
    s.fortress
        .shaken
        .retain(|x| !(x.user == actor.id && x.logic.eq_ignore_ascii_case(&logic)));
    s.fortress.shaken.push(Shaken {
        user: actor.id.clone(),
        logic: logic.clone(),
        session_no: s.session_no,
    });
    Ok(vec![Reply::public(Message::phrase(
        Phrase::new("nw-shaken")
            .arg("name", name)
            .arg("logic", logic)
            .arg("lasts", lasts(s.fortress.logic_lasts)),
    ))])
}

/// How long a shaken-off Logic stays ignored, as the catalogue's `$lasts`.
fn lasts(l: LogicLasts) -> &'static str {
    match l {
        LogicLasts::Scenario => "scenario",
        LogicLasts::Session => "session",
    }
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

#[cfg(test)]
mod tests;
