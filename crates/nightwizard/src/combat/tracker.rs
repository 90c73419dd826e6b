//! The combat tracker: the board's rows as one viewer sees them ([`rows`]: hidden enemies
//! ([`sees`]), secret enemy vitals, Incapacitated and Post-action decided here once, for this
//! text tracker, the view model and its picture), the public board, the step message with its
//! pings and buttons, and the GM's view.

use serde::Serialize;

use super::access::{mention, pc_side, sees};
use super::model::Band;
use super::{
    movement, rank, skills_use, status_text, ButtonStyle, Fighter, Message, NightWizard, Reply,
    Stage, UserId, Who,
};
use crate::character::Catalog;
use crate::commands::{CombatCommand, NwCommand, PranaChoice};
use crate::data::NwData;

impl NightWizard {
    /// The tracker: a public message (hidden enemies left out) and, when there are hidden
    /// enemies or GM-only lines, a GM message.
    pub fn tracker(&self, lines: Vec<String>, gm_lines: Vec<String>) -> Vec<Reply> {
        let Some(c) = &self.combat else {
            let mut l = lines;
            l.push("⚔️ Combat over: bad statuses cleared.".into());
            let standing: Vec<String> = self
                .pcs
                .iter()
                .map(|p| {
                    format!(
                        "**{}** · HP {} · MP {} · Prana {}",
                        p.ch.name, p.hp, p.mp, p.prana
                    )
                })
                .collect();
            return vec![
                Reply::public(Message::text(l.join("\n"))),
                Reply::public(
                    Message::titled("⚔️ Combat over", standing.join("\n")).in_place(TRACKER),
                ),
            ];
        };
        // The rows as each viewer sees them (one rule for hidden enemies and secret vitals,
        // `rows`), less those out of the initiative order, which Positions lists.
        let board = |gm: bool| {
            let rows: Vec<String> = rows(self, None, gm)
                .into_iter()
                .filter(|r| r.far.is_none())
                .map(|r| {
                    let vitals = match (r.pc, r.condition) {
                        (true, _) => format!(
                            "HP {} · MP {} · Prana {}",
                            r.hp.0,
                            r.mp.0,
                            r.prana.map_or(0, |p| p.0)
                        ),
                        (false, Some(condition)) => condition.to_string(),
                        (false, None) => {
                            format!("HP {}/{} · MP {}", r.hp.0, r.hp.1.unwrap_or(r.hp.0), r.mp.0)
                        }
                    };
                    format!(
                        "{} **{}**{} · Count {} · {vitals}{}{}",
                        r.mark,
                        r.name,
                        if r.hidden { " (hidden)" } else { "" },
                        r.count.unwrap_or(0),
                        if r.bad.is_empty() {
                            String::new()
                        } else {
                            format!(" · {}", r.bad)
                        },
                        if r.state.is_empty() {
                            String::new()
                        } else {
                            format!(" · {}", r.state)
                        },
                    )
                })
                .collect();
            let eng: Vec<String> = visible_engages(self, gm)
                .into_iter()
                .map(|(_, names)| names.join(" + "))
                .collect();
            (rows, eng)
        };
        let (rows, eng) = board(false);
        let mut m = Message::titled(format!("⚔️ Round {}", c.round), rows.join("\n"));
        m = m.field(
            "Engagements",
            if eng.is_empty() {
                "none (everyone at Short range)".to_string()
            } else {
                eng.join(" · ")
            },
        );
        if let Some(p) = movement::positions(self, false) {
            m = m.field("Positions", p);
        }
        let in_force = super::effects::lines(self, |w| sees(self, false, w));
        if !in_force.is_empty() {
            m = m.field("Effects in force", in_force.join("\n"));
        }
        let turn_hidden = c.current.as_ref().is_some_and(|w| !sees(self, false, w));
        let (turn, pings): (String, Vec<UserId>) = match (&c.attack, &c.current) {
            (Some(a), _) if !a.defenders.is_empty() => self.defenders_turn(a, &mut m),
            (Some(a), _) => match a.stage {
                Stage::Hit => {
                    m = m.styled_button(
                        "Dodge",
                        &NwCommand::Combat(CombatCommand::Dodge {
                            who: None,
                            full: None,
                        }),
                        ButtonStyle::Primary,
                    );
                    (
                        format!("{}: roll the Dodge Check", mention(self, &a.target)),
                        vec![self.controller(&a.target)],
                    )
                }
                Stage::Dodge => {
                    m = m.styled_button(
                        "Damage",
                        &NwCommand::Combat(CombatCommand::Damage),
                        ButtonStyle::Primary,
                    );
                    (
                        format!("{}: compare and roll damage", mention(self, &a.attacker)),
                        vec![self.controller(&a.attacker)],
                    )
                }
                Stage::Defence => {
                    m = m.styled_button(
                        "Defence roll",
                        &NwCommand::Combat(CombatCommand::Damage),
                        ButtonStyle::Primary,
                    );
                    (
                        format!(
                            "{}: Prana on the damage roll now if you wish, then {}'s defence roll",
                            mention(self, &a.attacker),
                            self.name_of(&a.target)
                        ),
                        vec![self.controller(&a.attacker)],
                    )
                }
                Stage::Damage => {
                    m = m.styled_button(
                        "Apply",
                        &NwCommand::Combat(CombatCommand::Apply),
                        ButtonStyle::Primary,
                    );
                    let cover = self.cover_buttons(a, &mut m);
                    (
                        format!(
                            "{}: apply {} damage to {} (or a Pre-action ally in the same Engage Covers Up)",
                            mention(self, &a.attacker),
                            a.damage,
                            self.name_of(&a.target)
                        ),
                        [vec![self.controller(&a.attacker)], cover].concat(),
                    )
                }
            },
            (None, Some(_)) if turn_hidden => ("the GM's turn".to_string(), vec![self.gm.clone()]),
            (None, Some(w)) => {
                m = m.styled_button(
                    "End Main Process",
                    &NwCommand::Combat(CombatCommand::Pass),
                    ButtonStyle::Secondary,
                );
                (
                    format!(
                        "{}'s Main Process: Move, Minor, Major (`/nwcombat attack target:…`)",
                        mention(self, w)
                    ),
                    vec![self.controller(w)],
                )
            }
            (None, None) if !c.last_stand.is_empty() => {
                m = m
                    .styled_button(
                        "Avoid Incapacitated",
                        &NwCommand::Prana {
                            r#use: PranaChoice::Avoid,
                            amount: None,
                            logic: None,
                        },
                        ButtonStyle::Success,
                    )
                    .styled_button(
                        "End the fight",
                        &NwCommand::Combat(CombatCommand::Go { who: None }),
                        ButtonStyle::Secondary,
                    );
                let names: Vec<String> = c.last_stand.iter().map(|w| mention(self, w)).collect();
                (
                    format!(
                        "{}: Avoid Incapacitated to fight on, or the GM ends the fight",
                        names.join(", ")
                    ),
                    c.last_stand
                        .iter()
                        .map(|w| self.controller(w))
                        .chain([self.gm.clone()])
                        .collect(),
                )
            }
            (None, None) if c.closing => {
                m = m.styled_button(
                    "Cleanup Process",
                    &NwCommand::Combat(CombatCommand::Go { who: None }),
                    ButtonStyle::Secondary,
                );
                (
                    "Initiative Process after the last Main Process: Initiative Process skills now (`/nwcombat use`); the GM goes on to the Cleanup Process (`/nwcombat go`)".to_string(),
                    vec![self.gm.clone()],
                )
            }
            (None, None) if c.skills.window.is_some() => {
                m = m.styled_button(
                    "Skip",
                    &NwCommand::Combat(CombatCommand::Skip { who: None }),
                    ButtonStyle::Secondary,
                );
                skills_use::window::window_turn(self, c)
            }
            (None, None) => {
                let names: Vec<String> = c.candidates.iter().map(|w| mention(self, w)).collect();
                m = m.styled_button(
                    "Go",
                    &NwCommand::Combat(CombatCommand::Go { who: None }),
                    ButtonStyle::Primary,
                );
                (
                    format!(
                        "tied for the next Main Process: {} (`/nwcombat go`)",
                        names.join(", ")
                    ),
                    c.candidates.iter().map(|w| self.controller(w)).collect(),
                )
            }
        };
        // A hidden enemy's Main Process is told to the GM only: the players get no turn line,
        // no ping and no Turn field (nothing says that someone unseen acts).
        let secret_turn = turn_hidden && c.attack.is_none();
        if !secret_turn {
            m = m.field("Turn", turn.clone());
        }
        // The board is one standing message, edited in place; what just happened, whose
        // turn it is (with a ping) and the buttons come as a new, short message.
        let mut step = Message::text(if secret_turn {
            lines.join("\n")
        } else if lines.is_empty() {
            format!("▶ {turn}")
        } else {
            format!("{}\n▶ {turn}", lines.join("\n"))
        });
        step.buttons = std::mem::take(&mut m.buttons);
        if !secret_turn {
            for p in &pings {
                step = step.ping(p);
            }
        }
        let tracker = m
            .in_place(TRACKER)
            .with_picture(croupier_core::table::Picture::Board { viewer: None });
        let mut out = vec![];
        if !(secret_turn && lines.is_empty()) {
            out.push(Reply::public(step));
        }
        out.push(Reply::public(tracker));
        let has_hidden = c.fighters.iter().any(|f| !sees(self, false, &f.who));
        if has_hidden || !gm_lines.is_empty() {
            let (rows, eng) = board(true);
            let mut body = gm_lines.join("\n");
            if secret_turn {
                if let Some(w) = &c.current {
                    if !body.is_empty() {
                        body.push('\n');
                    }
                    body.push_str(&format!(
                        "▶ {}'s Main Process (hidden: the players are not told)",
                        self.name_of(w)
                    ));
                }
            }
            if !body.is_empty() {
                body.push_str("\n\n");
            }
            body.push_str(&rows.join("\n"));
            if !eng.is_empty() {
                body.push_str(&format!("\nEngagements: {}", eng.join(" · ")));
            }
            if let Some(p) = movement::positions(self, true) {
                body.push_str(&format!("\nPositions: {}", p.replace('\n', " · ")));
            }
            let in_force = super::effects::lines(self, |_| true);
            if !in_force.is_empty() {
                body.push_str(&format!("\nEffects in force: {}", in_force.join(" · ")));
            }
            // One standing message for the GM, edited in place (a ping makes it a new one).
            let mut gm_view = Message::titled(format!("⚔️ Round {} (GM view)", c.round), body)
                .in_place(GM_TRACKER);
            if secret_turn {
                gm_view = gm_view.ping(&self.gm);
            }
            out.push(Reply::gm(gm_view));
        }
        out
    }
}

/// What the players see of an enemy's HP when the GM keeps the numbers secret (the table
/// setting `/nw settings enemy_vitals:`): unhurt, hurt (above half), badly hurt, down.
pub fn condition(hp: i32, max: i32) -> &'static str {
    if hp <= 0 {
        "down"
    } else if hp >= max {
        "unhurt"
    } else if hp * 2 > max {
        "hurt"
    } else {
        "badly hurt"
    }
}

/// The key of the combat tracker's standing message.
pub const TRACKER: &str = "tracker";

/// The key of the GM's standing view of the combat (hidden enemies, GM-only lines).
pub const GM_TRACKER: &str = "tracker-gm";

/// The Engages a viewer sees, numbered for that viewer: a group shows only with two or more
/// members the viewer may see, so neither a lone visible member nor a gap in the numbers tells
/// the players that a hidden enemy stands somewhere. Each entry: the group's index in
/// `Combat::engages` and the names shown.
pub(crate) fn visible_engages(s: &NightWizard, gm: bool) -> Vec<(usize, Vec<String>)> {
    let Some(c) = s.combat.as_ref() else {
        return vec![];
    };
    c.engages
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let names = g
                .iter()
                .filter(|w| sees(s, gm, w))
                .map(|w| s.name_of(w))
                .collect::<Vec<_>>();
            (i, names)
        })
        .filter(|(_, names)| names.len() > 1)
        .collect()
}

/// One combatant (or, outside a fight, one PC) as the viewer sees it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RowView {
    /// Name.
    pub name: String,
    /// A hidden enemy, in the GM's view (no one else's view holds it).
    pub hidden: bool,
    /// A PC (not an enemy or a Guest).
    pub pc: bool,
    /// `▶` acting, `○` Pre-action, `·` Post-action; empty outside the order.
    pub mark: &'static str,
    /// Action count in the initiative order.
    pub count: Option<i32>,
    /// HP and its maximum (if known).
    pub hp: (i32, Option<i32>),
    /// MP and its maximum (if known).
    pub mp: (i32, Option<i32>),
    /// Prana and its maximum (if known; PCs).
    pub prana: Option<(i32, Option<i32>)>,
    /// Bad statuses, written out.
    pub bad: String,
    /// `Incapacitated` (HP 0 or less), `Post-action`, or empty.
    pub state: &'static str,
    /// Engagement group (from 1) when engaged with anyone.
    pub group: Option<usize>,
    /// Acts now.
    pub current: bool,
    /// On the PCs' side (a PC or an allied Guest); `None` outside a fight.
    pub pc_side: Option<bool>,
    /// An allied Guest (an enemy entry fighting for the PCs).
    pub ally: bool,
    /// At Long or Extreme range: out of the initiative order.
    pub far: Option<Band>,
    /// Flying on a Lunar Robe.
    pub flying: bool,
    /// An enemy whose HP and MP the GM keeps secret (the default; `/nw settings
    /// enemy_vitals:`): only its condition (`unhurt`, `hurt`, `badly hurt`, `down`); `hp`
    /// and `mp` are then zero and unknown.
    pub condition: Option<&'static str>,
}

impl RowView {
    /// The name as pictures print it: `Lantern (hidden)` for the GM's view of a hidden enemy.
    pub fn shown_name(&self) -> String {
        if self.hidden {
            format!("{} (hidden)", self.name)
        } else {
            self.name.clone()
        }
    }
}

/// One row; `cat`, when given, supplies the PCs' maxima.
fn row(s: &NightWizard, cat: Option<&Catalog<'_>>, w: &Who, gm: bool) -> RowView {
    let (hp, mp, prana, bad) = match w {
        Who::Pc(u) => match s.pcs.iter().find(|p| &p.user == u) {
            Some(p) => {
                let v = cat.map(|cat| p.ch.derive(cat));
                (
                    (p.hp, v.as_ref().map(|v| v.body)),
                    (p.mp, v.as_ref().map(|v| v.mind)),
                    Some((p.prana, v.as_ref().map(|v| v.prana))),
                    p.bad.clone(),
                )
            }
            None => ((0, None), (0, None), None, Default::default()),
        },
        Who::Enemy(l) => match s.enemies.iter().find(|e| &e.label == l) {
            Some(e) => ((e.hp, Some(e.hp_max)), (e.mp, None), None, e.bad.clone()),
            None => ((0, None), (0, None), None, Default::default()),
        },
    };
    let secret = match w {
        Who::Enemy(l) if !gm && !s.settings.enemy_vitals => s
            .enemies
            .iter()
            .find(|e| &e.label == l && !e.ally && !e.identified)
            .map(|e| condition(e.hp, e.hp_max)),
        _ => None,
    };
    let (hp, mp) = if secret.is_some() {
        ((hp.0.min(1), None), (0, None))
    } else {
        (hp, mp)
    };
    let name = s.name_of(w);
    let group = s.combat.as_ref().and_then(|c| {
        visible_engages(s, gm)
            .iter()
            .position(|(i, _)| c.engages[*i].contains(w))
            .map(|k| k + 1)
    });
    RowView {
        name,
        hidden: gm && s.hidden(w),
        pc: matches!(w, Who::Pc(_)),
        mark: "",
        count: None,
        hp,
        mp,
        prana,
        bad: status_text(&bad),
        state: if hp.0 <= 0 { "Incapacitated" } else { "" },
        group,
        current: false,
        pc_side: s.combat.as_ref().map(|_| pc_side(s, w)),
        ally: matches!(w, Who::Enemy(l) if s.enemies.iter().any(|e| &e.label == l && e.ally)),
        far: None,
        flying: s
            .combat
            .as_ref()
            .is_some_and(|c| c.moves.flying.contains(w)),
        condition: secret,
    }
}

/// The rows in the order the text tracker lists them (without the enemies `gm` may not see):
/// the initiative order, then those out of it at Long or Extreme range; outside a fight, the
/// PCs. `data`, when given, supplies the PCs' maxima (the text tracker shows none).
pub fn rows(s: &NightWizard, data: Option<&NwData>, gm: bool) -> Vec<RowView> {
    let cat = data.map(|d| s.catalog(d));
    let cat = cat.as_ref();
    let Some(c) = &s.combat else {
        return s
            .pcs
            .iter()
            .map(|p| row(s, cat, &Who::Pc(p.user.clone()), gm))
            .collect();
    };
    let mut order: Vec<&Fighter> = c.fighters.iter().collect();
    order.sort_by_key(|f| (f.post, -f.count, rank(s, &f.who)));
    // Out of the initiative order at Long or Extreme range, after it (as the Positions field).
    let far = c
        .moves
        .far
        .iter()
        .filter(|(w, _)| sees(s, gm, w) && !s.dead(w))
        .filter(|(w, _)| c.fighters.iter().all(|f| &f.who != w))
        .map(|(w, b)| {
            let mut r = row(s, cat, w, gm);
            r.far = Some(*b);
            r
        })
        .collect::<Vec<_>>();
    order
        .into_iter()
        .filter(|f| sees(s, gm, &f.who))
        .map(|f| {
            let mut r = row(s, cat, &f.who, gm);
            r.current = c.current.as_ref() == Some(&f.who);
            r.mark = if r.current {
                "▶"
            } else if f.post {
                "·"
            } else {
                "○"
            };
            r.count = Some(f.count);
            if r.state.is_empty() && f.post {
                r.state = "Post-action";
            }
            r
        })
        .chain(far)
        .collect()
}
