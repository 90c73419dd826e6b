//! The combat tracker: the public board (hidden enemies left out), the step message with
//! its pings and buttons, and the GM's view.

use super::{
    movement, rank, skills_use, status_text, ButtonStyle, Fighter, Message, NightWizard, Reply,
    Stage, UserId, Who,
};

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
        let board = |gm: bool| {
            let mut order: Vec<&Fighter> = c.fighters.iter().collect();
            order.sort_by_key(|f| (f.post, -f.count, rank(self, &f.who)));
            let mut rows = vec![];
            for f in order {
                let hidden =
                    matches!(&f.who, Who::Enemy(l) if self.enemy(l).is_some_and(|e| e.hidden));
                if hidden && !gm {
                    continue;
                }
                let mark = if c.current.as_ref() == Some(&f.who) {
                    "▶"
                } else if f.post {
                    "·"
                } else {
                    "○"
                };
                let bad = self.bad_of(&f.who);
                let vitals = match &f.who {
                    Who::Pc(u) => self
                        .pcs
                        .iter()
                        .find(|p| &p.user == u)
                        .map(|p| format!("HP {} · MP {} · Prana {}", p.hp, p.mp, p.prana))
                        .unwrap_or_default(),
                    Who::Enemy(l) => self
                        .enemy(l)
                        .map(|e| {
                            if gm || e.ally || self.settings.enemy_vitals {
                                format!("HP {}/{} · MP {}", e.hp, e.hp_max, e.mp)
                            } else {
                                condition(e.hp, e.hp_max).to_string()
                            }
                        })
                        .unwrap_or_default(),
                };
                rows.push(format!(
                    "{mark} **{}**{} · Count {} · {vitals}{}{}{}",
                    self.name_of(&f.who),
                    if hidden { " (hidden)" } else { "" },
                    f.count,
                    if bad.is_empty() {
                        String::new()
                    } else {
                        format!(" · {}", status_text(&bad))
                    },
                    if self.hp_of(&f.who) == 0 {
                        " · Incapacitated"
                    } else if f.post {
                        " · Post-action"
                    } else {
                        ""
                    },
                    ""
                ));
            }
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
        let turn_hidden =
            matches!(&c.current, Some(Who::Enemy(l)) if self.enemy(l).is_some_and(|e| e.hidden));
        let (turn, pings): (String, Vec<UserId>) = match (&c.attack, &c.current) {
            (Some(a), _) if !a.defenders.is_empty() => self.defenders_turn(a, &mut m),
            (Some(a), _) => match a.stage {
                Stage::Hit => {
                    m = m.styled_button_line("Dodge", "/nwcombat dodge", ButtonStyle::Primary);
                    (
                        format!("{}: roll the Dodge Check", mention(self, &a.target)),
                        vec![self.controller(&a.target)],
                    )
                }
                Stage::Dodge => {
                    m = m.styled_button_line("Damage", "/nwcombat damage", ButtonStyle::Primary);
                    (
                        format!("{}: compare and roll damage", mention(self, &a.attacker)),
                        vec![self.controller(&a.attacker)],
                    )
                }
                Stage::Defence => {
                    m = m.styled_button_line(
                        "Defence roll",
                        "/nwcombat damage",
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
                    m = m.styled_button_line("Apply", "/nwcombat apply", ButtonStyle::Primary);
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
                m = m.styled_button_line(
                    "End Main Process",
                    "/nwcombat pass",
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
            (None, None) if c.closing => {
                m = m.styled_button_line("Cleanup Process", "/nwcombat go", ButtonStyle::Secondary);
                (
                    "Initiative Process after the last Main Process: Initiative Process skills now (`/nwcombat use`); the GM goes on to the Cleanup Process (`/nwcombat go`)".to_string(),
                    vec![self.gm.clone()],
                )
            }
            (None, None) if c.skills.window.is_some() => {
                m = m.styled_button_line("Skip", "/nwcombat skip", ButtonStyle::Secondary);
                skills_use::window_turn(self, c)
            }
            (None, None) => {
                let names: Vec<String> = c.candidates.iter().map(|w| mention(self, w)).collect();
                m = m.styled_button_line("Go", "/nwcombat go", ButtonStyle::Primary);
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
        let has_hidden = c
            .fighters
            .iter()
            .any(|f| matches!(&f.who, Who::Enemy(l) if self.enemy(l).is_some_and(|e| e.hidden)));
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
            let mut gm_view = Message::titled(format!("⚔️ Round {} (GM view)", c.round), body);
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

pub(crate) fn mention(s: &NightWizard, w: &Who) -> String {
    match w {
        Who::Pc(u) => format!("{} ({})", s.name_of(w), u.mention()),
        Who::Enemy(_) => format!("{} ({})", s.name_of(w), s.gm.mention()),
    }
}

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
                .filter(|w| gm || !s.hidden(w))
                .map(|w| s.name_of(w))
                .collect::<Vec<_>>();
            (i, names)
        })
        .filter(|(_, names)| names.len() > 1)
        .collect()
}
