//! The session as one viewer may see it: the combat tracker's rows (initiative order, HP/MP,
//! Prana, bad statuses, engagements) or, with no fight going on, the session's characters.
//! Hidden enemies are in the view only for the GM, marked hidden; the initiative order,
//! Incapacitated and Post-action are worked out here once, for every picture and text.

use serde::Serialize;

use super::character::sheet;
use super::combat::attack::pc_side;
use super::combat::movement::Band;
use super::combat::{rank, status_text, Fighter, Who};
use super::data::NwData;
use super::state::{bad_suffix, NightWizard};
use croupier_core::table::{Actor, Message, Reply, Role, Viewer};

/// One combatant (or, outside a fight, one PC) as the viewer sees it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RowView {
    /// Name (`Lantern (hidden)` in the GM's view of a hidden enemy).
    pub name: String,
    /// `▶` acting, `○` Pre-action, `·` Post-action; empty outside the order.
    pub mark: &'static str,
    /// Action count in the initiative order.
    pub count: Option<i32>,
    /// HP and its maximum (if known).
    pub hp: (i32, Option<i32>),
    /// MP and its maximum (if known).
    pub mp: (i32, Option<i32>),
    /// Prana and its maximum (PCs).
    pub prana: Option<(i32, i32)>,
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

/// A fight as the viewer sees it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct CombatView {
    /// The round.
    pub round: u32,
    /// Engagement groups of two or more (number from 1, names the viewer may see).
    pub engagements: Vec<(usize, Vec<String>)>,
}

/// The session as a viewer sees it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct NwView {
    /// What the viewer is (GM: the session's GM, or a manager acting as one).
    pub role: Role,
    /// Episode number.
    pub episode: u32,
    /// The phase's name.
    pub phase: &'static str,
    /// Scene number.
    pub scene: u32,
    /// The rows, in the order the text tracker lists them: the initiative order, then those
    /// out of it at Long or Extreme range (or the PCs, outside a fight).
    pub rows: Vec<RowView>,
    /// The fight, if any.
    pub combat: Option<CombatView>,
}

fn dead(s: &NightWizard, w: &Who) -> bool {
    match w {
        Who::Pc(u) => s.pcs.iter().any(|p| &p.user == u && p.dead),
        Who::Enemy(l) => s.enemies.iter().any(|e| &e.label == l && e.dead),
    }
}

fn hidden(s: &NightWizard, w: &Who) -> bool {
    matches!(w, Who::Enemy(l) if s.enemies.iter().any(|e| &e.label == l && e.hidden))
}

fn row(s: &NightWizard, data: &NwData, w: &Who, gm: bool) -> RowView {
    let cat = s.catalog(data);
    let (hp, mp, prana, bad) = match w {
        Who::Pc(u) => match s.pcs.iter().find(|p| &p.user == u) {
            Some(p) => {
                let v = p.ch.derive(&cat);
                (
                    (p.hp, Some(v.body)),
                    (p.mp, Some(v.mind)),
                    Some((p.prana, v.prana)),
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
            .find(|e| &e.label == l && !e.ally)
            .map(|e| crate::combat::condition(e.hp, e.hp_max)),
        _ => None,
    };
    let (hp, mp) = if secret.is_some() {
        ((hp.0.min(1), None), (0, None))
    } else {
        (hp, mp)
    };
    let mut name = s.name_of(w);
    if gm && hidden(s, w) {
        name.push_str(" (hidden)");
    }
    let group = s.combat.as_ref().and_then(|c| {
        crate::combat::visible_engages(s, gm)
            .iter()
            .position(|(i, _)| c.engages[*i].contains(w))
            .map(|k| k + 1)
    });
    RowView {
        name,
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

/// The rows in the order the text tracker lists them (without hidden enemies unless `gm`).
fn rows(s: &NightWizard, data: &NwData, gm: bool) -> Vec<RowView> {
    let Some(c) = &s.combat else {
        return s
            .pcs
            .iter()
            .map(|p| row(s, data, &Who::Pc(p.user.clone()), gm))
            .collect();
    };
    let mut order: Vec<&Fighter> = c.fighters.iter().collect();
    order.sort_by_key(|f| (f.post, -f.count, rank(s, &f.who)));
    // Out of the initiative order at Long or Extreme range, after it (as the Positions field).
    let far = c
        .moves
        .far
        .iter()
        .filter(|(w, _)| (gm || !hidden(s, w)) && !dead(s, w))
        .filter(|(w, _)| c.fighters.iter().all(|f| &f.who != w))
        .map(|(w, b)| {
            let mut r = row(s, data, w, gm);
            r.far = Some(*b);
            r
        })
        .collect::<Vec<_>>();
    order
        .into_iter()
        .filter(|f| gm || !hidden(s, &f.who))
        .map(|f| {
            let mut r = row(s, data, &f.who, gm);
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

/// What `viewer` may not see (see [`croupier_core::table::Game::secrets`]): unless they are
/// the GM, the labels of the hidden enemies.
pub fn secrets(s: &NightWizard, viewer: &Viewer) -> Vec<String> {
    if s.counts_as_gm(viewer.user.as_ref(), viewer.manager) {
        return vec![];
    }
    s.enemies
        .iter()
        .filter(|e| e.hidden)
        .map(|e| e.label.clone())
        .collect()
}

/// The session as `viewer` sees it.
pub fn view_model(s: &NightWizard, data: &NwData, viewer: &Viewer) -> NwView {
    let gm = s.counts_as_gm(viewer.user.as_ref(), viewer.manager);
    let seat = viewer
        .user
        .as_ref()
        .and_then(|u| s.pcs.iter().position(|p| &p.user == u));
    let combat = s.combat.as_ref().map(|c| CombatView {
        round: c.round,
        engagements: crate::combat::visible_engages(s, gm)
            .into_iter()
            .enumerate()
            .map(|(k, (_, names))| (k + 1, names))
            .collect(),
    });
    NwView {
        role: Role { gm, seat },
        episode: s.episode,
        phase: s.phase.name(),
        scene: s.scene,
        rows: rows(s, data, gm),
        combat,
    }
}

/// `/game status`: the session for everyone, plus the viewer's own sheet.
pub fn status(s: &NightWizard, viewer: &Actor, data: &NwData) -> Vec<Reply> {
    let cat = s.cat(data);
    let pcs: Vec<String> = s
        .pcs
        .iter()
        .map(|p| {
            let v = p.ch.derive(&cat);
            let cf =
                p.cf.map(|c| format!("C{} F{}", c.critical, c.fumble))
                    .unwrap_or_default();
            format!(
                "**{}** ({}) <@{}> · HP {}/{} · MP {}/{} · Prana {}/{} · {cf}{}",
                p.ch.name,
                sheet::summary(&p.ch, &cat),
                p.user,
                p.hp,
                v.body,
                p.mp,
                v.mind,
                p.prana,
                v.prana,
                if p.dead {
                    " · 💀 Dead".to_string()
                } else {
                    bad_suffix(&p.bad)
                }
            )
        })
        .collect();
    let mut out = vec![Reply::public(
        Message::titled(
            "🌙 Night Wizard",
            format!(
                "GM <@{}> · Episode {} · {} · Scene {} · session {}",
                s.gm,
                s.episode,
                s.phase.name(),
                s.scene,
                s.session_no
            ),
        )
        .field(
            "PCs",
            if pcs.is_empty() {
                "none yet — `/nw session join`".into()
            } else {
                pcs.join("\n")
            },
        ),
    )];
    if let Some(i) = s.pc_index(&viewer.id) {
        let p = &s.pcs[i];
        out.push(Reply::private(
            &viewer.id,
            sheet::sheet(&p.ch, &cat, Some(&s.live(p))),
        ));
    }
    let gm = s.is_gm(viewer);
    out.extend(super::fortress::status_replies(s, gm));
    if s.combat.is_some() {
        out.extend(
            s.tracker(vec![], vec![])
                .into_iter()
                .filter(|r| gm || r.is_public()),
        );
    }
    out
}
