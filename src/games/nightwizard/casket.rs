//! The Lunar Casket (digest §11): deployed by a PC (the General Skill) or the GM's Emulator,
//! it lasts until its Ruler removes it or the Scene ends, except that from the start of a
//! Dive until the Climax Phase is over it cannot be removed. Inside, the GM sets Lunar Logics
//! (session rules); a PC may shake one off for 1 Prana (§4 use 7), until the end of the
//! Scenario (default) or of the real-life session (a table setting).

use serde::{Deserialize, Serialize};

use super::commands::CasketCommand;
use super::session::{self, NightWizard, NwAction, Phase, PranaUse};
use super::NwData;
use crate::rng::GameRng;
use crate::table::{refuse, Actor, Choices, Message, Reply, RuleError, UserId};

/// Most Logics one Casket holds here.
pub const MAX_LOGICS: usize = 20;

/// A Lunar Casket.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Casket {
    /// The Ruler's name.
    pub ruler: String,
    /// The Ruler's player, when a PC deployed it (otherwise the GM's Emulator).
    pub ruler_user: Option<UserId>,
    /// Lunar Logics (the GM's session rules inside).
    pub logics: Vec<String>,
    /// Where it went up: episode, phase, scene (it ends with the Scene).
    pub episode: u32,
    /// Phase when deployed.
    pub phase: Phase,
    /// Scene when deployed.
    pub scene: u32,
    /// The GM lets it outlast its Scene.
    pub persist: bool,
}

/// How long an ignored Lunar Logic stays ignored.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default, Choices)]
pub enum LogicLasts {
    /// Until the end of the Scenario (§4; the After Phase here).
    #[default]
    Scenario,
    /// Until the end of the real-life session (§11 item 7).
    Session,
}

/// A Logic a PC shook off.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Shaken {
    /// The PC's player.
    pub user: UserId,
    /// The Logic's text.
    pub logic: String,
    /// The real-life session in which it was paid for.
    pub session_no: u32,
}

/// Lunar Casket actions.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum CasketAction {
    /// Deploy a Casket.
    Deploy {
        /// The Ruler (default: the deploying PC, or the Emulator for the GM).
        ruler: Option<String>,
        /// GM: it outlasts the Scene.
        persist: bool,
    },
    /// Remove it.
    Remove {
        /// GM: declare it removed even during a Dive (§12.1).
        force: bool,
    },
    /// GM: add a Lunar Logic.
    Logic(String),
    /// List the Logics.
    List,
    /// Shake off a Logic for 1 Prana (number or text).
    Shake(String),
    /// GM: how long a shaken Logic stays shaken.
    Lasts(LogicLasts),
}

/// Lowers a parsed `/nwcasket …` to its action.
pub fn lower(c: CasketCommand) -> CasketAction {
    let text = |t: String| -> String { t.trim().chars().take(200).collect() };
    match c {
        CasketCommand::Deploy { ruler, persist } => CasketAction::Deploy {
            ruler: ruler.map(|r| r.trim().chars().take(40).collect()),
            persist: persist.unwrap_or(false),
        },
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

/// Applies a Casket action.
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    a: &CasketAction,
) -> Result<Vec<Reply>, RuleError> {
    let gm = s.is_gm(actor);
    match a {
        CasketAction::Deploy { ruler, persist } => {
            let pc = s.pcs.iter().find(|p| p.user == actor.id);
            if !gm && pc.is_none() {
                return refuse("join with a character first: `/nw session join`.");
            }
            if *persist && !gm {
                return refuse("only the GM lets a Casket outlast its Scene.");
            }
            if let Some(c) = s.casket() {
                return refuse(format!(
                    "a Lunar Casket is already up (Ruler: {}).",
                    c.ruler
                ));
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
            });
            Ok(vec![Reply::public(Message::titled(
                "🌕 A Crimson Moon rises",
                format!(
                    "{name} deploys a Lunar Casket: nothing done inside reaches the outside world. It lasts until its Ruler removes it{}.",
                    if *persist { "" } else { " or the Scene ends" }
                ),
            ))])
        }
        CasketAction::Remove { force } => {
            let Some(c) = s.casket() else {
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
            s.fortress.casket = None;
            Ok(vec![Reply::public(Message::text(format!(
                "🌑 {name}'s Lunar Casket is removed; the Crimson Moon sets."
            )))])
        }
        CasketAction::Logic(text) => {
            let Some(c) = s.casket() else {
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
            Ok(vec![Reply::public(Message::text(format!(
                "🌕 Lunar Logic {n}: {text}"
            )))])
        }
        CasketAction::List => {
            let Some(c) = s.casket() else {
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
            Ok(vec![Reply::public(Message::titled(
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
        CasketAction::Shake(which) => {
            let Some(c) = s.casket() else {
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
            let out = session::apply(
                s,
                data,
                None,
                rng,
                actor,
                &NwAction::Prana(PranaUse::Logic(logic.clone())),
            )?;
            s.fortress
                .shaken
                .retain(|x| !(x.user == actor.id && x.logic.eq_ignore_ascii_case(&logic)));
            s.fortress.shaken.push(Shaken {
                user: actor.id.clone(),
                logic,
                session_no: s.session_no,
            });
            Ok(out)
        }
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

#[cfg(test)]
mod tests {
    use super::super::test_table::{alice, gm, Table as T};

    fn table() -> T {
        T::with(&[(alice(), "Ayu")], 7)
    }

    #[test]
    fn rule_nw_11_2_a_pc_who_deploys_is_the_ruler_and_may_remove_it() {
        let mut t = table();
        t.ok(&alice(), "nw casket deploy", &[]);
        assert_eq!(t.s.casket().unwrap().ruler, "Ayu");
        assert!(t
            .err(&alice(), "nw casket deploy", &[])
            .contains("already up"));
        t.ok(&alice(), "nw casket remove", &[]);
        assert!(t.s.casket().is_none());
    }

    #[test]
    fn rule_nw_11_4_casket_ends_with_its_scene_unless_it_persists() {
        let mut t = table();
        t.ok(&gm(), "nw casket deploy", &[("ruler", "Lantern Emulator")]);
        assert_eq!(t.s.casket().unwrap().ruler, "Lantern Emulator");
        t.ok(&gm(), "nw phase scene", &[]);
        assert!(t.s.casket().is_none(), "the Scene ended");
        t.ok(&gm(), "nw casket deploy", &[("persist", "true")]);
        t.ok(&gm(), "nw phase scene", &[]);
        assert!(t.s.casket().is_some());
        assert!(t
            .err(&alice(), "nw casket deploy", &[("persist", "true")])
            .contains("only the GM"));
    }

    #[test]
    fn rule_nw_11_4_no_removal_from_the_dive_through_the_climax() {
        let mut t = table();
        t.ok(
            &gm(),
            "nw fortress area",
            &[("name", "Door"), ("kind", "entrance")],
        );
        for _ in 0..2 {
            t.ok(&gm(), "nw phase next", &[]);
        }
        t.ok(&gm(), "nw casket deploy", &[("ruler", "Emulator")]);
        t.ok(&gm(), "nw fortress dive", &[]);
        assert!(
            t.s.casket().is_some(),
            "a Dive holds the Casket beyond its Scene"
        );
        let e = t.err(&gm(), "nw casket remove", &[]);
        assert!(e.contains("cannot be removed"), "{e}");
        t.ok(
            &gm(),
            "nw fortress condition",
            &[("what", "ruler_defeated")],
        );
        t.ok(&gm(), "nw fortress leave", &[]);
        // Still the Middle Phase of the Dive's episode, then the Climax: still locked.
        assert!(t
            .err(&gm(), "nw casket remove", &[])
            .contains("cannot be removed"));
        t.ok(&gm(), "nw phase next", &[]);
        assert!(t
            .err(&gm(), "nw casket remove", &[])
            .contains("cannot be removed"));
        // The GM may declare it removed (§12.1).
        t.ok(&gm(), "nw casket remove", &[("force", "true")]);
        assert!(t.s.fortress.casket.is_none());
    }

    #[test]
    fn rule_nw_4_2_remove_lunar_logic_costs_1_prana_per_logic() {
        let mut t = table();
        t.ok(&gm(), "nw casket deploy", &[]);
        assert!(t
            .err(&alice(), "nw casket logic", &[("text", "No flying")])
            .contains("only the GM"));
        t.ok(&gm(), "nw casket logic", &[("text", "No flying")]);
        t.ok(
            &gm(),
            "nw casket logic",
            &[("text", "Fire spells cost double")],
        );
        let prana = t.s.pcs[0].prana;
        t.ok(&alice(), "nw casket shake", &[("logic", "1")]);
        assert_eq!(t.s.pcs[0].prana, prana - 1);
        assert!(t.s.ignores_logic(&alice().id, "No flying"));
        assert!(!t.s.ignores_logic(&alice().id, "Fire spells cost double"));
        assert!(t
            .err(&alice(), "nw casket shake", &[("logic", "no flying")])
            .contains("already"));
        assert!(t
            .err(&alice(), "nw casket shake", &[("logic", "9")])
            .contains("no Lunar Logic"));
        let list = t.ok(&alice(), "nw casket list", &[]);
        assert!(list[0].message.body.contains("No flying — ignored by Ayu"));
        t.s.pcs[0].prana = 0;
        assert!(t
            .err(&alice(), "nw casket shake", &[("logic", "2")])
            .contains("no Prana"));
    }

    #[test]
    fn rule_nw_11_7_logic_ignored_until_the_scenario_ends_or_with_the_setting_the_session() {
        let mut t = table();
        t.ok(&gm(), "nw casket deploy", &[("persist", "true")]);
        t.ok(&gm(), "nw casket logic", &[("text", "No flying")]);
        t.ok(&alice(), "nw casket shake", &[("logic", "No flying")]);
        t.ok(&gm(), "nw session next", &[]);
        assert!(
            t.s.ignores_logic(&alice().id, "No flying"),
            "default: the Scenario"
        );
        assert!(t
            .err(&alice(), "nw casket settings", &[("lasts", "session")])
            .contains("only the GM"));
        t.ok(&gm(), "nw casket settings", &[("lasts", "session")]);
        assert!(
            !t.s.ignores_logic(&alice().id, "No flying"),
            "paid in an earlier session"
        );
        let prana = t.s.pcs[0].prana;
        t.ok(&alice(), "nw casket shake", &[("logic", "1")]);
        assert_eq!(t.s.pcs[0].prana, prana - 1);
        assert!(t.s.ignores_logic(&alice().id, "No flying"));
        // The After Phase ends the Scenario.
        t.ok(&gm(), "nw casket settings", &[("lasts", "scenario")]);
        for _ in 0..4 {
            t.ok(&gm(), "nw phase next", &[]);
        }
        assert!(!t.s.ignores_logic(&alice().id, "No flying"));
    }
}
