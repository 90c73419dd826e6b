//! The Lunar Casket (digest §11): deployed by a PC (the General Skill) or the GM's Emulator,
//! it lasts until its Ruler removes it or the Scene ends, except that from the start of a
//! Dive until the Climax Phase is over it cannot be removed. Inside, the GM sets Lunar Logics
//! (session rules); a PC may shake one off for 1 Prana (§4 use 7), until the end of the
//! Scenario (default) or of the real-life session (a table setting).

pub mod model;
pub use model::{Casket, CasketAction, LogicLasts, Shaken, MAX_LOGICS};

use super::commands::CasketCommand;
use super::state::{NightWizard, Phase};
use croupier_core::table::{refuse, Actor, Message, Reply, RuleError, UserId};

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
        return Some(Reply::public(Message::text(format!(
            "🌕 {name} leaves, but the Fortress Core keeps the Lunar Casket standing without its Ruler (§12.2)."
        ))));
    }
    s.fortress.casket = None;
    Some(Reply::public(Message::text(format!(
        "🌑 {name}'s Lunar Casket collapses as its Ruler leaves (§12.2); the Crimson Moon sets."
    ))))
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
                return refuse("only the GM lets a Casket outlast its Scene.");
            }
            if *hidden && !gm {
                return refuse("only the GM raises a hidden Casket (an Emulator's, §11 item 5); a PC's Casket raises the Crimson Moon.");
            }
            match s.casket_seen(gm) {
                Some(c) => {
                    return refuse(format!(
                        "a Lunar Casket is already up (Ruler: {}).",
                        c.ruler
                    ))
                }
                // A hidden one is not named to a player, but it stands: no second Casket.
                None if s.casket().is_some() => {
                    return refuse("your Casket does not rise here: something already holds this Scene. Ask the GM.")
                }
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
                return refuse("a PC who deploys a Casket is its Ruler.");
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
                return Ok(vec![Reply::gm(Message::titled(
                    "🌑 A hidden Lunar Casket",
                    format!(
                        "{name}'s Casket is up, unseen: no Crimson Moon rises and the players are not told. It lasts until it is removed{}; `/nwcasket reveal` shows it.",
                        if *persist { "" } else { " or the Scene ends" }
                    ),
                ))]);
            }
            Ok(vec![Reply::public(Message::titled(
                "🌕 A Crimson Moon rises",
                format!(
                    "{name} deploys a Lunar Casket: nothing done inside reaches the outside world. It lasts until its Ruler removes it{}.",
                    if *persist { "" } else { " or the Scene ends" }
                ),
            ))])
        }
        CasketAction::Reveal => {
            match s.casket() {
                None => return refuse("there is no Lunar Casket up."),
                Some(c) if !c.hidden => return refuse("the Casket is not hidden."),
                Some(_) => {}
            }
            let Some(c) = s.fortress.casket.as_mut() else {
                return refuse("there is no Lunar Casket up.");
            };
            c.hidden = false;
            let logics = c.logics.len();
            Ok(vec![Reply::public(Message::titled(
                "🌕 A Crimson Moon rises",
                format!(
                    "{}'s Lunar Casket shows itself: it was up all along.{}",
                    c.ruler,
                    if logics > 0 {
                        format!(" {logics} Lunar Logic(s) hold here: `/nwcasket list`.")
                    } else {
                        String::new()
                    }
                ),
            ))])
        }
        CasketAction::Remove { force } => {
            let Some(c) = s.casket_seen(gm) else {
                return refuse("there is no Lunar Casket up.");
            };
            let ruler = c.ruler_user.as_ref() == Some(&actor.id);
            if !gm && !ruler {
                return refuse(format!(
                    "only the Ruler ({}) or the GM removes the Casket.",
                    c.ruler
                ));
            }
            if s.casket_locked() && !(gm && *force) {
                return refuse("from the start of a Dive until the Climax Phase is over the Casket cannot be removed (§11).");
            }
            let name = c.ruler.clone();
            let hidden = c.hidden;
            s.fortress.casket = None;
            if hidden {
                return Ok(vec![Reply::gm(Message::text(format!(
                    "🌑 {name}'s hidden Lunar Casket is removed, as unseen as it stood."
                )))]);
            }
            Ok(vec![Reply::public(Message::text(format!(
                "🌑 {name}'s Lunar Casket is removed; the Crimson Moon sets."
            )))])
        }
        CasketAction::Logic(text) => {
            let Some(c) = s.casket_seen(gm) else {
                return refuse("there is no Lunar Casket up.");
            };
            if text.is_empty() {
                return refuse("a Logic needs its text.");
            }
            if c.logics.iter().any(|l| l.eq_ignore_ascii_case(text)) {
                return refuse("that Logic is already in force.");
            }
            if c.logics.len() >= MAX_LOGICS {
                return refuse(format!("a Casket holds at most {MAX_LOGICS} Logics here."));
            }
            if let Some(c) = s.fortress.casket.as_mut() {
                c.logics.push(text.clone());
            }
            let n = s.fortress.casket.as_ref().map_or(0, |c| c.logics.len());
            let m = Message::text(format!("🌕 Lunar Logic {n}: {text}"));
            if s.casket().is_some_and(|c| c.hidden) {
                return Ok(vec![Reply::gm(m)]);
            }
            Ok(vec![Reply::public(m)])
        }
        CasketAction::List => {
            let Some(c) = s.casket_seen(gm) else {
                return refuse("there is no Lunar Casket up.");
            };
            let lines: Vec<String> = c
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
                    format!(
                        "{}. {l}{}",
                        i + 1,
                        if free.is_empty() {
                            String::new()
                        } else {
                            format!(" — ignored by {}", free.join(", "))
                        }
                    )
                })
                .collect();
            let reply = if c.hidden { Reply::gm } else { Reply::public };
            Ok(vec![reply(Message::titled(
                format!("🌕 Lunar Casket of {}", c.ruler),
                if lines.is_empty() {
                    "No Lunar Logic yet.".to_string()
                } else {
                    format!(
                        "{}\nShake one off for 1 Prana: `/nwcasket shake logic:<number>` (until the end of the {}).",
                        lines.join("\n"),
                        match s.fortress.logic_lasts {
                            LogicLasts::Scenario => "Scenario",
                            LogicLasts::Session => "session",
                        }
                    )
                },
            ))])
        }
        CasketAction::Shake(which) => shake(s, actor, which),
        CasketAction::Lasts(l) => {
            s.fortress.logic_lasts = *l;
            Ok(vec![Reply::public(Message::text(format!(
                "Settings: a Lunar Logic shaken off with Prana stays ignored until the end of the {}.",
                match l {
                    LogicLasts::Scenario => "Scenario (the After Phase)",
                    LogicLasts::Session => "real-life session",
                }
            )))])
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
        return refuse("there is no Lunar Casket up.");
    };
    let Some(i) = s.pcs.iter().position(|p| p.user == actor.id) else {
        return refuse("only a PC has Prana.");
    };
    let logic = match which.parse::<usize>() {
        Ok(n) if n >= 1 && n <= c.logics.len() => c.logics[n - 1].clone(),
        _ => match c.logics.iter().find(|l| l.eq_ignore_ascii_case(which)) {
            Some(l) => l.clone(),
            None => {
                return refuse(format!(
                    "there is no Lunar Logic `{which}` (`/nwcasket list`)."
                ))
            }
        },
    };
    if s.ignores_logic(&actor.id, &logic) {
        return refuse("that Logic already does not affect you.");
    }
    if s.pcs[i].prana < 1 {
        return refuse("you have no Prana left.");
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
    Ok(vec![Reply::public(Message::text(format!(
        "{name} spends 1 Prana: the Logic “{logic}” no longer affects them until the end of the {}.",
        match s.fortress.logic_lasts {
            LogicLasts::Scenario => "Scenario",
            LogicLasts::Session => "real-life session",
        }
    )))])
}

#[cfg(test)]
mod tests;
