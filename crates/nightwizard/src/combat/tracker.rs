//! The combat tracker: the board's rows as one viewer sees them ([`rows`]: hidden enemies
//! ([`sees`]), secret enemy vitals, Incapacitated and Post-action decided here once, for this
//! text tracker, the view model and its picture), the public board, the step message with its
//! pings and buttons, and the GM's view.

use serde::Serialize;

use crate::judge::roll::yes;
use crate::judge::said::{say, word, Lines};
use crate::words::joined;
use croupier_core::table::{english, Label, Phrase, Value};

use super::access::{pc_side, sees};
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
    pub fn tracker(&self, lines: impl Into<Lines>, gm_lines: impl Into<Lines>) -> Vec<Reply> {
        let (lines, gm_lines): (Lines, Lines) = (lines.into(), gm_lines.into());
        let Some(c) = &self.combat else {
            let mut l = lines;
            l.push(Phrase::new("nw-combat-over-line"));
            let standing: Vec<Value> = self
                .pcs
                .iter()
                .map(|p| {
                    Phrase::new("nw-over-row")
                        .arg("name", p.ch.name.as_str())
                        .arg("hp", i64::from(p.hp))
                        .arg("mp", i64::from(p.mp))
                        .arg("prana", i64::from(p.prana))
                        .into()
                })
                .collect();
            return vec![
                Reply::public(say(Phrase::new("nw-step").arg("lines", l.value()))),
                Reply::public(
                    say(Phrase::titled("nw-over-title", "nw-step")
                        .arg("lines", Value::Lines(standing)))
                    .in_place(TRACKER),
                ),
            ];
        };
        // The rows as each viewer sees them (one rule for hidden enemies and secret vitals,
        // `rows`), less those out of the initiative order, which Positions lists.
        let board = |gm: bool| {
            let rows: Vec<Value> = rows(self, None, gm)
                .into_iter()
                .filter(|r| r.far.is_none())
                .map(|r| {
                    let vitals: Value = match (r.pc, r.condition) {
                        (true, _) => Phrase::new("nw-vitals-pc")
                            .arg("hp", i64::from(r.hp.0))
                            .arg("mp", i64::from(r.mp.0))
                            .arg("prana", i64::from(r.prana.map_or(0, |p| p.0)))
                            .into(),
                        (false, Some(condition)) => word("nw-condition", condition),
                        (false, None) => Phrase::new("nw-vitals-enemy")
                            .arg("hp", i64::from(r.hp.0))
                            .arg("max", i64::from(r.hp.1.unwrap_or(r.hp.0)))
                            .arg("mp", i64::from(r.mp.0))
                            .into(),
                    };
                    let then =
                        |v: Value| -> Value { Phrase::new("nw-row-then").arg("then", v).into() };
                    Phrase::new("nw-row")
                        .arg("mark", r.mark)
                        .arg(
                            "name",
                            if r.pc {
                                Value::from(r.name.as_str())
                            } else {
                                self.said_label(&r.name)
                            },
                        )
                        .arg("hidden", yes(r.hidden))
                        .arg("count", i64::from(r.count.unwrap_or(0)))
                        .arg("vitals", vitals)
                        .arg(
                            "bad",
                            if r.bad.is_empty() {
                                Value::from("")
                            } else {
                                then(r.bad_said.clone())
                            },
                        )
                        .arg(
                            "state",
                            if r.state.is_empty() {
                                Value::from("")
                            } else {
                                then(word("nw-state", r.state))
                            },
                        )
                        .into()
                })
                .collect();
            let eng: Vec<Value> = visible_engages(self, gm)
                .into_iter()
                .map(|(_, names)| {
                    joined(
                        "nw-join-plus",
                        names.iter().map(|n| self.said_label(n)).collect(),
                    )
                })
                .collect();
            (rows, eng)
        };
        let (rows, eng) = board(false);
        let mut p = Phrase::titled("nw-tracker-title", "nw-step")
            .arg("round", i64::from(c.round))
            .arg("lines", Value::Lines(rows))
            .field_keys("nw-field-engagements", "nw-field-engagements-value")
            .arg(
                "engagements",
                if eng.is_empty() {
                    Value::from(Phrase::new("nw-no-engagements"))
                } else {
                    joined("nw-join-dot", eng)
                },
            );
        if let Some(pos) = movement::positions(self, false) {
            p = p
                .field_keys("nw-field-positions", "nw-field-positions-value")
                .arg("positions", pos);
        }
        let in_force = super::effects::lines(self, |w| sees(self, false, w));
        if !in_force.is_empty() {
            p = p
                .field_keys("nw-field-effects", "nw-field-effects-value")
                .arg("effects", Value::Lines(in_force));
        }
        // The buttons of the step, and the keys of their labels.
        let mut m = Message::default();
        let mut keys: Vec<Label> = vec![];
        let turn_hidden = c.current.as_ref().is_some_and(|w| !sees(self, false, w));
        let (turn, pings): (Value, Vec<UserId>) = match (&c.attack, &c.current) {
            (Some(a), _) if !a.defenders.is_empty() => {
                let (t, pings) = self.defenders_turn(a, &mut m, &mut keys);
                (t, pings)
            }
            (Some(a), _) => match a.stage {
                Stage::Hit => {
                    keys.push("nw-button-dodge".into());
                    m = m.styled_button(
                        english("nw-button-dodge"),
                        &NwCommand::Combat(CombatCommand::Dodge {
                            who: None,
                            full: None,
                        }),
                        ButtonStyle::Primary,
                    );
                    (
                        Phrase::new("nw-turn-dodge")
                            .arg("who", said_mention(self, &a.target))
                            .into(),
                        vec![self.controller(&a.target)],
                    )
                }
                Stage::Dodge => {
                    keys.push("nw-button-damage".into());
                    m = m.styled_button(
                        english("nw-button-damage"),
                        &NwCommand::Combat(CombatCommand::Damage),
                        ButtonStyle::Primary,
                    );
                    (
                        Phrase::new("nw-turn-damage")
                            .arg("who", said_mention(self, &a.attacker))
                            .into(),
                        vec![self.controller(&a.attacker)],
                    )
                }
                Stage::Defence => {
                    keys.push("nw-button-defence".into());
                    m = m.styled_button(
                        english("nw-button-defence"),
                        &NwCommand::Combat(CombatCommand::Damage),
                        ButtonStyle::Primary,
                    );
                    (
                        Phrase::new("nw-turn-defence")
                            .arg("who", said_mention(self, &a.attacker))
                            .arg("target", self.said_name_of(&a.target))
                            .into(),
                        vec![self.controller(&a.attacker)],
                    )
                }
                Stage::Damage => {
                    keys.push("nw-button-apply".into());
                    m = m.styled_button(
                        english("nw-button-apply"),
                        &NwCommand::Combat(CombatCommand::Apply),
                        ButtonStyle::Primary,
                    );
                    let cover = self.cover_buttons(a, &mut m, &mut keys);
                    (
                        Phrase::new("nw-turn-apply")
                            .arg("who", said_mention(self, &a.attacker))
                            .arg("damage", i64::from(a.damage))
                            .arg("target", self.said_name_of(&a.target))
                            .into(),
                        [vec![self.controller(&a.attacker)], cover].concat(),
                    )
                }
            },
            (None, Some(_)) if turn_hidden => {
                (Phrase::new("nw-turn-gm").into(), vec![self.gm.clone()])
            }
            (None, Some(w)) => {
                keys.push("nw-button-pass".into());
                m = m.styled_button(
                    english("nw-button-pass"),
                    &NwCommand::Combat(CombatCommand::Pass),
                    ButtonStyle::Secondary,
                );
                (
                    Phrase::new("nw-turn-main")
                        .arg("who", said_mention(self, w))
                        .into(),
                    vec![self.controller(w)],
                )
            }
            (None, None) if !c.last_stand.is_empty() => {
                keys.extend(["nw-button-avoid".into(), "nw-button-end-fight".into()]);
                m = m
                    .styled_button(
                        english("nw-button-avoid"),
                        &NwCommand::Prana {
                            r#use: PranaChoice::Avoid,
                            amount: None,
                            logic: None,
                        },
                        ButtonStyle::Success,
                    )
                    .styled_button(
                        english("nw-button-end-fight"),
                        &NwCommand::Combat(CombatCommand::Go { who: None }),
                        ButtonStyle::Secondary,
                    );
                let names: Vec<Value> =
                    c.last_stand.iter().map(|w| said_mention(self, w)).collect();
                (
                    Phrase::new("nw-turn-last-stand")
                        .arg("names", joined("nw-join-comma", names))
                        .into(),
                    c.last_stand
                        .iter()
                        .map(|w| self.controller(w))
                        .chain([self.gm.clone()])
                        .collect(),
                )
            }
            (None, None) if c.closing => {
                keys.push("nw-button-cleanup".into());
                m = m.styled_button(
                    english("nw-button-cleanup"),
                    &NwCommand::Combat(CombatCommand::Go { who: None }),
                    ButtonStyle::Secondary,
                );
                (Phrase::new("nw-turn-closing").into(), vec![self.gm.clone()])
            }
            (None, None) if c.skills.window.is_some() => {
                keys.push("nw-button-skip".into());
                m = m.styled_button(
                    english("nw-button-skip"),
                    &NwCommand::Combat(CombatCommand::Skip { who: None }),
                    ButtonStyle::Secondary,
                );
                let (t, pings) = skills_use::window::window_turn(self, c);
                (t, pings)
            }
            (None, None) => {
                let names: Vec<Value> =
                    c.candidates.iter().map(|w| said_mention(self, w)).collect();
                keys.push("nw-button-go".into());
                m = m.styled_button(
                    english("nw-button-go"),
                    &NwCommand::Combat(CombatCommand::Go { who: None }),
                    ButtonStyle::Primary,
                );
                (
                    Phrase::new("nw-turn-tied")
                        .arg("names", joined("nw-join-comma", names))
                        .into(),
                    c.candidates.iter().map(|w| self.controller(w)).collect(),
                )
            }
        };
        // A hidden enemy's Main Process is told to the GM only: the players get no turn line,
        // no ping and no Turn field (nothing says that someone unseen acts).
        let secret_turn = turn_hidden && c.attack.is_none();
        if !secret_turn {
            p = p
                .field_keys("nw-field-turn", "nw-field-turn-value")
                .arg("turn", turn.clone());
        }
        // The board is one standing message, edited in place; what just happened, whose
        // turn it is (with a ping) and the buttons come as a new, short message.
        let had_lines = !lines.is_empty();
        let step = if secret_turn {
            Phrase::new("nw-step").arg("lines", lines.value())
        } else if !had_lines {
            Phrase::new("nw-step-turn").arg("turn", turn)
        } else {
            Phrase::new("nw-step-lines-turn")
                .arg("lines", lines.value())
                .arg("turn", turn)
        };
        let mut step = say(step.labels(keys));
        step.buttons = std::mem::take(&mut m.buttons);
        if !secret_turn {
            for p in &pings {
                step = step.ping(p);
            }
        }
        let tracker = say(p)
            .in_place(TRACKER)
            .with_picture(croupier_core::table::Picture::Board { viewer: None });
        let mut out = vec![];
        if !secret_turn || had_lines {
            out.push(Reply::public(step));
        }
        out.push(Reply::public(tracker));
        let has_hidden = c.fighters.iter().any(|f| !sees(self, false, &f.who));
        if has_hidden || !gm_lines.is_empty() {
            let (rows, eng) = board(true);
            let mut body = gm_lines;
            if secret_turn {
                if let Some(w) = &c.current {
                    body.push(Phrase::new("nw-gm-hidden-turn").arg("who", self.said_name_of(w)));
                }
            }
            if !body.is_empty() {
                body.push("");
            }
            body.extend(rows);
            if !eng.is_empty() {
                body.push(
                    Phrase::new("nw-gm-engagements").arg("engagements", joined("nw-join-dot", eng)),
                );
            }
            if let Some(pos) = movement::positions(self, true) {
                body.push(Phrase::new("nw-gm-positions").arg("positions", pos));
            }
            let in_force = super::effects::lines(self, |_| true);
            if !in_force.is_empty() {
                body.push(
                    Phrase::new("nw-gm-effects")
                        .arg("effects", crate::words::joined("nw-join-dot", in_force)),
                );
            }
            // One standing message for the GM, edited in place (a ping makes it a new one).
            let mut gm_view = say(Phrase::titled("nw-tracker-gm-title", "nw-step")
                .arg("round", i64::from(c.round))
                .arg("lines", body.value()))
            .in_place(GM_TRACKER);
            if secret_turn {
                gm_view = gm_view.ping(&self.gm);
            }
            out.push(Reply::gm(gm_view));
        }
        out
    }
}

/// Who acts and who plays them (`Shade Swarm (@GM)`), the name in the reader's language (the
/// words of [`mention`]).
pub(crate) fn said_mention(s: &NightWizard, w: &Who) -> Value {
    let who = match w {
        Who::Pc(u) => u.mention(),
        Who::Enemy(_) => s.gm.mention(),
    };
    Value::from(
        Phrase::new("nw-data-mention")
            .arg("name", s.said_name_of(w))
            .arg("who", who),
    )
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
    /// The same in each reader's language.
    pub bad_said: Value,
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
        bad_said: bad.said(),
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
