//! The Dive (§12.1–§12.7): entering, moving Area by Area, appearing, leaving.

use super::super::commands::{CombatCommand, NwCommand};
use super::super::data::NwData;
use super::super::state::NightWizard;
use super::super::state::Phase;
use super::checks::roll_check;
use super::common::{
    add_inside, appear_difficulty, dive, fortress, fortress_mut, map_message, pc_name,
    retreat_allowed,
};
use super::model::{
    AreaKind, Check, Dive, Entry, EntryCost, FortressAction, GateKind, TrapState, CONNECTION_BONUS,
};
use crate::words::{joined, no};
use croupier_core::names::same_name;
use croupier_core::rng::GameRng;
use croupier_core::table::{
    english, Actor, ButtonStyle, Message, Phrase, Reply, RuleError, UserId, Value,
};

/// An Area's description after its sentence (` The hall is dark.`), or nothing.
fn desc_said(desc: &str) -> Value {
    if desc.is_empty() {
        Value::from("")
    } else {
        Value::from(Phrase::new("nw-area-desc").arg("desc", desc))
    }
}

/// Why the party may not leave an Enemy Area it has not fought in (§12.4, §12.7).
fn held_refusal(gm: bool) -> Phrase {
    Phrase::new("nw-dive-held").arg("gm", if gm { "yes" } else { "no" })
}

/// Checks what the Entrance asks (§12.2) of the PCs of `inside`, then takes the cost from
/// each: refused, changing nothing, if the keyword is missing or wrong, nobody carries the
/// key, or anyone cannot pay in full (HP never below 1, §10.10). Returns the line saying
/// what was paid.
fn enter(
    s: &mut NightWizard,
    data: &NwData,
    entry: Entry,
    inside: &[UserId],
    said: Option<&str>,
) -> Result<Value, RuleError> {
    if let Some(k) = &entry.keyword {
        match said {
            None => return no(Phrase::new("nw-entrance-keyword")),
            Some(w) if !same_name(w, k) => return no(Phrase::new("nw-entrance-wrong-keyword")),
            Some(_) => {}
        }
    }
    let cat = s.cat(data);
    if let Some(key) = &entry.key {
        let wanted = cat.item(key).map(|i| i.id.clone());
        let carried = s.pcs.iter().filter(|p| inside.contains(&p.user)).any(|p| {
            p.ch.items.iter().any(|i| {
                Some(&i.id) == wanted.as_ref()
                    || same_name(&i.id, key)
                    || cat.item(&i.id).is_some_and(|d| same_name(&d.name, key))
            })
        });
        if !carried {
            return no(Phrase::new("nw-entrance-key").arg("key", key.as_str()));
        }
    }
    let Some((cost, n)) = entry.cost else {
        return Ok(Value::from(""));
    };
    let n = n as i32;
    let short: Vec<Value> = s
        .pcs
        .iter()
        .filter(|p| inside.contains(&p.user))
        .filter_map(|p| {
            let (have, least) = match cost {
                EntryCost::Hp => (p.hp, 1),
                EntryCost::Mp => (p.mp, 0),
                EntryCost::Prana => (p.prana, 0),
            };
            (have - n < least).then(|| {
                Value::from(
                    Phrase::new("nw-entrance-has")
                        .arg("name", p.ch.name.as_str())
                        .arg("have", i64::from(have)),
                )
            })
        })
        .collect();
    if !short.is_empty() {
        return no(Phrase::new("nw-entrance-short")
            .arg("amount", i64::from(n))
            .arg("cost", cost.said())
            .arg("hp", if cost == EntryCost::Hp { "yes" } else { "no" })
            .arg("short", joined("nw-join-comma", short)));
    }
    for p in s.pcs.iter_mut().filter(|p| inside.contains(&p.user)) {
        match cost {
            EntryCost::Hp => p.hp -= n,
            EntryCost::Mp => p.mp -= n,
            EntryCost::Prana => p.prana -= n,
        }
    }
    Ok(Value::from(
        Phrase::new("nw-entrance-paid")
            .arg("amount", i64::from(n))
            .arg("cost", cost.said()),
    ))
}

/// Applies the Dive actions.
pub(super) fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    gm: bool,
    a: &FortressAction,
) -> Result<Vec<Reply>, RuleError> {
    match a {
        FortressAction::Dive | FortressAction::DiveSaying(_) => {
            let f = fortress(s)?;
            if f.dive.is_some() {
                return no(Phrase::new("nw-dive-inside"));
            }
            let Some(e) = f.entrance() else {
                return no(Phrase::new("nw-dive-no-entrance"));
            };
            let inside: Vec<UserId> = s
                .pcs
                .iter()
                .filter(|p| !p.dead)
                .map(|p| p.user.clone())
                .collect();
            if inside.is_empty() {
                return no(Phrase::new("nw-dive-nobody"));
            }
            let said = match a {
                FortressAction::DiveSaying(k) => Some(k.as_str()),
                _ => None,
            };
            let paid = enter(s, data, f.areas[e].entry.clone(), &inside, said)?;
            s.scene += 1;
            s.fortress.dive_episode = Some(s.episode);
            s.fortress.pending.clear();
            let names: Vec<String> = inside.iter().map(|u| pc_name(s, u)).collect();
            let kinds = s.settings.map_kinds;
            let f = fortress_mut(s)?;
            f.dive = Some(Dive {
                at: e,
                came_from: None,
                inside,
                ruler_defeated: false,
                core_broken: false,
                ruler_permits: false,
                danger: None,
                held: false,
            });
            let entrance = f.areas[e].name.clone();
            let desc = f.areas[e].desc.clone();
            let map = f.map_said(false, kinds);
            Ok(vec![Reply::public(Message::phrase(
                Phrase::titled("nw-dive-title", "nw-dive")
                    .arg(
                        "names",
                        joined(
                            "nw-join-comma",
                            names.iter().map(|n| Value::from(n.as_str())).collect(),
                        ),
                    )
                    .arg("count", names.len() as i64)
                    .arg("entrance", entrance)
                    .arg("scene", i64::from(s.scene))
                    .arg("desc", desc_said(&desc))
                    .arg("paid", paid)
                    .field_keys("nw-dive-map-head", "nw-dive-map")
                    .arg("map", map),
            ))])
        }
        FortressAction::Show => {
            let m = map_message(s, fortress(s)?, gm);
            Ok(vec![if gm { Reply::gm(m) } else { Reply::public(m) }])
        }
        FortressAction::Move(to) => {
            let (f, d) = dive(s)?;
            if !gm && !d.inside.contains(&actor.id) {
                return no(Phrase::new("nw-move-who"));
            }
            if s.combat.is_some() {
                return no(Phrase::new("nw-move-in-combat"));
            }
            if d.held {
                return no(held_refusal(gm));
            }
            let Some(b) = f.area(to) else {
                return no(Phrase::new("nw-no-area").arg("name", to.as_str()));
            };
            let a = d.at;
            if a == b {
                return no(Phrase::new("nw-move-there"));
            }
            let here = &f.areas[a];
            if let Some(t) = &here.trap {
                if t.state == TrapState::Armed && d.came_from != Some(b) {
                    return no(Phrase::new("nw-move-trap"));
                }
            }
            let gates: Vec<usize> = (0..f.gates.len())
                .filter(|&g| f.gates[g].joins(a, b) && (gm || f.gates[g].public()))
                .collect();
            if gates.is_empty() {
                return no(Phrase::new("nw-move-no-gate")
                    .arg("from", here.name.as_str())
                    .arg("to", f.areas[b].name.as_str()));
            }
            let mut why = "";
            let Some(g) = gates
                .iter()
                .copied()
                .find(|&g| match f.gates[g].passable(a, b) {
                    Ok(()) => true,
                    Err(w) => {
                        why = w;
                        false
                    }
                })
            else {
                return no(Phrase::new("nw-gate-impassable").arg("why", why));
            };
            s.scene += 1;
            s.fortress.pending.clear();
            let scene = s.scene;
            let f = fortress_mut(s)?;
            let mut note = Value::from("");
            if f.gates[g].kind == GateKind::Damaged {
                let left = f.gates[g].uses.unwrap_or(1).saturating_sub(1);
                f.gates[g].uses = Some(left);
                note = Value::from(Phrase::new("nw-move-damaged").arg("left", i64::from(left)));
            }
            let enemies = f.areas[b].kind == AreaKind::Enemy && !f.areas[b].cleared;
            if let Some(d) = f.dive.as_mut() {
                d.came_from = Some(a);
                d.at = b;
                d.danger = None;
                d.held = enemies;
            }
            // A new Scene: everyone may try to identify an unremoved trap again.
            if let Some(t) = f.areas[b].trap.as_mut() {
                t.failed.clear();
            }
            let area = &f.areas[b];
            let what = match area.kind {
                AreaKind::Enemy if !area.cleared => "enemy",
                AreaKind::Trap
                    if area
                        .trap
                        .as_ref()
                        .is_some_and(|t| t.state == TrapState::Armed) =>
                {
                    "trap"
                }
                AreaKind::Core => "core",
                AreaKind::Event if !area.cleared => "event",
                _ => "none",
            };
            let mut out = vec![Reply::public(Message::phrase(
                Phrase::titled("nw-move-title", "nw-move")
                    .arg("from", f.areas[a].name.as_str())
                    .arg("to", area.name.as_str())
                    .arg("kind", area.kind.said())
                    .arg("scene", i64::from(scene))
                    .arg("note", note)
                    .arg("desc", desc_said(&area.desc))
                    .arg("what", what),
            ))];
            if enemies {
                out.push(Reply::gm(
                    Message::phrase(
                        Phrase::new("nw-move-enemy-gm")
                            .arg("area", area.name.as_str())
                            .buttons(&["nw-button-start-fight"]),
                    )
                    .styled_button(
                        english("nw-button-start-fight"),
                        &NwCommand::Combat(CombatCommand::Start { anyseven: None }),
                        ButtonStyle::Danger,
                    ),
                ));
            }
            if let Some(t) = area.trap.as_ref().filter(|t| t.state == TrapState::Armed) {
                out.push(Reply::gm(Message::phrase(
                    Phrase::new("nw-move-trap-gm")
                        .arg("area", area.name.as_str())
                        .arg("detection", i64::from(t.detection))
                        .arg("removal", i64::from(t.removal))
                        .arg("effect", t.effect.as_str()),
                )));
            }
            Ok(out)
        }
        FortressAction::Appear { connection } => {
            let (f, d) = dive(s)?;
            if s.pcs.iter().all(|p| p.user != actor.id) {
                return Err(crate::state::join_first());
            }
            if d.inside.contains(&actor.id) {
                return no(Phrase::new("nw-appear-inside"));
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return no(Phrase::new("nw-settle-first"));
            }
            let gates = f.gates_from_entrance(d.at).unwrap_or(0);
            let difficulty = appear_difficulty(gates);
            let name = pc_name(s, &actor.id);
            if s.phase == Phase::Climax {
                add_inside(s, &actor.id);
                return Ok(vec![Reply::public(Message::phrase(
                    Phrase::new("nw-appear-climax").arg("name", name),
                ))]);
            }
            let modifier = if *connection { CONNECTION_BONUS } else { 0 };
            roll_check(
                s,
                data,
                rng,
                actor,
                Check::Appear,
                "luck",
                difficulty,
                modifier,
                true,
                false,
            )
        }
        FortressAction::Leave => {
            let (f, d) = dive(s)?;
            if !gm && !d.inside.contains(&actor.id) {
                return no(Phrase::new("nw-leave-who"));
            }
            if s.combat.is_some() {
                return no(Phrase::new("nw-leave-in-combat"));
            }
            if d.held {
                return no(held_refusal(gm));
            }
            let exit = f.areas[d.at].exit;
            if retreat_allowed(d, exit).is_err() {
                return no(Phrase::new("nw-retreat-impossible"));
            }
            let f = fortress_mut(s)?;
            f.dive = None;
            s.fortress.pending.clear();
            s.scene += 1;
            Ok(vec![Reply::public(Message::phrase(
                Phrase::new("nw-leave").arg("scene", i64::from(s.scene)),
            ))])
        }
        FortressAction::Scrap => {
            if s.in_fortress() {
                return no(Phrase::new("nw-scrap-diving"));
            }
            fortress(s)?;
            s.fortress.fortress = None;
            Ok(vec![Reply::gm(Message::phrase(Phrase::new("nw-scrapped")))])
        }
        _ => no(Phrase::new("nw-not-dive")),
    }
}
