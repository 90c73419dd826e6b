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
use croupier_core::names::same_name;
use croupier_core::rng::GameRng;
use croupier_core::table::{refuse, Actor, ButtonStyle, Message, Reply, RuleError, UserId};

/// Why the party may not leave an Enemy Area it has not fought in (§12.4, §12.7).
fn held_refusal(gm: bool) -> String {
    format!(
        "enemies hold this Area: Round Progression starts here (§12.4), and during it only the Withdraw rules lead out (§12.7). {}",
        if gm {
            "Start the fight (`/nwcombat start`), or let the party on with `/nwfortress cleared`."
        } else {
            "The GM starts the fight."
        }
    )
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
) -> Result<String, RuleError> {
    if let Some(k) = &entry.keyword {
        match said {
            None => return refuse(
                "the Entrance does not open: it asks for a keyword (`/nwfortress dive keyword:…`).",
            ),
            Some(w) if !same_name(w, k) => {
                return refuse("the Entrance does not open: that is not its keyword.")
            }
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
            return refuse(format!(
                "the Entrance does not open: it needs {key}, and nobody in the party carries it."
            ));
        }
    }
    let Some((cost, n)) = entry.cost else {
        return Ok(String::new());
    };
    let n = n as i32;
    let short: Vec<String> = s
        .pcs
        .iter()
        .filter(|p| inside.contains(&p.user))
        .filter_map(|p| {
            let (have, least) = match cost {
                EntryCost::Hp => (p.hp, 1),
                EntryCost::Mp => (p.mp, 0),
                EntryCost::Prana => (p.prana, 0),
            };
            (have - n < least).then(|| format!("{} has {have}", p.ch.name))
        })
        .collect();
    if !short.is_empty() {
        return refuse(format!(
            "the Entrance asks {n} {} of each PC, paid in full{}: {}.",
            cost.name(),
            if cost == EntryCost::Hp {
                " and never below 1 HP (§10.10)"
            } else {
                ""
            },
            short.join(", ")
        ));
    }
    for p in s.pcs.iter_mut().filter(|p| inside.contains(&p.user)) {
        match cost {
            EntryCost::Hp => p.hp -= n,
            EntryCost::Mp => p.mp -= n,
            EntryCost::Prana => p.prana -= n,
        }
    }
    Ok(format!(" Each pays {n} {} to go in.", cost.name()))
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
                return refuse("the party is already inside.");
            }
            let Some(e) = f.entrance() else {
                return refuse("the Fortress has no Entrance (the only way in).");
            };
            let inside: Vec<UserId> = s
                .pcs
                .iter()
                .filter(|p| !p.dead)
                .map(|p| p.user.clone())
                .collect();
            if inside.is_empty() {
                return refuse("no PC can dive: players join with `/nw session join`.");
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
            let map = f.map_for(false, kinds);
            Ok(vec![Reply::public(
                Message::titled(
                    "🏰 The Dive begins",
                    format!(
                        "{} {} the Fortress at {entrance} (Scene {}).{}{paid}\nThere is no way back out until the Ruler is defeated, the Fortress Core is broken or the Ruler permits it.",
                        names.join(", "),
                        if names.len() == 1 { "enters" } else { "enter" },
                        s.scene,
                        if desc.is_empty() { String::new() } else { format!(" {desc}") }
                    ),
                )
                .field("Map", map),
            )])
        }
        FortressAction::Show => {
            let m = map_message(s, fortress(s)?, gm);
            Ok(vec![if gm { Reply::gm(m) } else { Reply::public(m) }])
        }
        FortressAction::Move(to) => {
            let (f, d) = dive(s)?;
            if !gm && !d.inside.contains(&actor.id) {
                return refuse("only the GM or a PC inside the Fortress moves the party.");
            }
            if s.combat.is_some() {
                return refuse("during Round Progression use the normal Withdraw rules; leave the Area when the fight is over (§12.7).");
            }
            if d.held {
                return refuse(held_refusal(gm));
            }
            let Some(b) = f.area(to) else {
                return refuse(format!("no Area is called {to}."));
            };
            let a = d.at;
            if a == b {
                return refuse("the party is already there.");
            }
            let here = &f.areas[a];
            if let Some(t) = &here.trap {
                if t.state == TrapState::Armed && d.came_from != Some(b) {
                    return refuse("the trap here must be beaten before the party goes on (it may only go back the way it came).");
                }
            }
            let gates: Vec<usize> = (0..f.gates.len())
                .filter(|&g| f.gates[g].joins(a, b) && (gm || f.gates[g].public()))
                .collect();
            if gates.is_empty() {
                return refuse(format!(
                    "no Gate you know of leads from {} to {}.",
                    here.name, f.areas[b].name
                ));
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
                return refuse(format!("{why}."));
            };
            s.scene += 1;
            s.fortress.pending.clear();
            let scene = s.scene;
            let f = fortress_mut(s)?;
            let mut note = String::new();
            if f.gates[g].kind == GateKind::Damaged {
                let left = f.gates[g].uses.unwrap_or(1).saturating_sub(1);
                f.gates[g].uses = Some(left);
                note = if left == 0 {
                    " The Damaged Gate gives way behind the party: it is unusable now.".into()
                } else {
                    format!(" The Damaged Gate holds ({left} use(s) left).")
                };
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
                AreaKind::Enemy if !area.cleared => "\nEnemies! Round Progression starts as soon as the GM has described the Area (§12.4): the party cannot go on, or back, until the fight.",
                AreaKind::Trap if area.trap.as_ref().is_some_and(|t| t.state == TrapState::Armed) => {
                    "\nSomething here is dangerous: it must be beaten to go on (`/nwfortress identify`)."
                }
                AreaKind::Core => "\nThe Fortress Core is here, usually guarded.",
                AreaKind::Event if !area.cleared => "\nAn event awaits.",
                _ => "",
            };
            let body = format!(
                "The party passes from {} to **{}** ({}), Scene {scene}.{note}{}{what}",
                f.areas[a].name,
                area.name,
                area.kind.name(),
                if area.desc.is_empty() {
                    String::new()
                } else {
                    format!(" {}", area.desc)
                }
            );
            let mut out = vec![Reply::public(Message::titled(
                "🏰 Into the next Area",
                body,
            ))];
            if enemies {
                out.push(Reply::gm(
                    Message::text(format!(
                        "⚔️ {} is an Enemy Area: put its enemies on the table (`/nwenemy spawn`), describe it, then start the fight. `/nwfortress cleared` lets the party on without one.",
                        area.name
                    ))
                    .styled_button(
                        "Start the fight",
                        &NwCommand::Combat(CombatCommand::Start { anyseven: None }),
                        ButtonStyle::Danger,
                    ),
                ));
            }
            if let Some(t) = area.trap.as_ref().filter(|t| t.state == TrapState::Armed) {
                out.push(Reply::gm(Message::text(format!(
                    "🪤 Armed trap in {}: Detection {}, Removal {}: {}.",
                    area.name, t.detection, t.removal, t.effect
                ))));
            }
            Ok(out)
        }
        FortressAction::Appear { connection } => {
            let (f, d) = dive(s)?;
            if s.pcs.iter().all(|p| p.user != actor.id) {
                return Err(crate::state::join_first());
            }
            if d.inside.contains(&actor.id) {
                return refuse("you are already inside the Fortress.");
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return refuse("settle your last Judge first: `/nwfortress resolve`.");
            }
            let gates = f.gates_from_entrance(d.at).unwrap_or(0);
            let difficulty = appear_difficulty(gates);
            let name = pc_name(s, &actor.id);
            if s.phase == Phase::Climax {
                add_inside(s, &actor.id);
                return Ok(vec![Reply::public(Message::text(format!(
                    "{name} appears: Appearance Checks succeed automatically in the Climax Phase."
                )))]);
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
                return refuse("only the GM or a PC inside the Fortress leads the party out.");
            }
            if s.combat.is_some() {
                return refuse(
                    "finish the fight first (during Round Progression use the Withdraw rules).",
                );
            }
            if d.held {
                return refuse(held_refusal(gm));
            }
            let exit = f.areas[d.at].exit;
            if let Err(why) = retreat_allowed(d, exit) {
                return refuse(why);
            }
            let f = fortress_mut(s)?;
            f.dive = None;
            s.fortress.pending.clear();
            s.scene += 1;
            Ok(vec![Reply::public(Message::text(format!(
                "🏰 The party leaves the Fortress (Scene {}).",
                s.scene
            )))])
        }
        FortressAction::Scrap => {
            if s.in_fortress() {
                return refuse("not during a Dive: the party is inside.");
            }
            fortress(s)?;
            s.fortress.fortress = None;
            Ok(vec![Reply::gm(Message::text("🏰 Fortress discarded."))])
        }
        _ => refuse("that is not a Fortress Dive command."),
    }
}
