//! The Fortress's Judges (§12.8, §12.9): traps, Danger Sense, and what an event's clearing opens.

use super::super::commands::{FortressCommand, NwCommand};
use super::super::data::NwData;
use super::super::judge::{roll_for, Judge, JudgeRequest};
use super::super::state::NightWizard;
use super::common::{
    add_inside, danger_difficulty_ambush, danger_difficulty_trap, dive, fortress, fortress_mut,
    gate_ends, pc_name, succeeded, sync_open,
};
use super::model::{
    AreaKind, Check, Danger, FortressAction, GateKind, Pending, Trap, TrapState, DANGER_DEFAULT,
    SECRET_GATE_SENSE,
};
use crate::words::no;
use croupier_core::rng::GameRng;
use croupier_core::table::{
    refuse, Actor, ButtonStyle, Message, Phrase, Reply, RuleError, UserId, Value,
};

/// Applies the Judge actions.
pub(super) fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    a: &FortressAction,
) -> Result<Vec<Reply>, RuleError> {
    match a {
        FortressAction::Identify => {
            let (f, d) = dive(s)?;
            let name = pc_name(s, &actor.id);
            if !d.inside.contains(&actor.id) {
                return refuse("only a PC who has appeared in the Scene tries that.");
            }
            let Some(t) = f.areas[d.at]
                .trap
                .as_ref()
                .filter(|t| t.state == TrapState::Armed)
            else {
                return refuse("there is no armed trap here.");
            };
            if t.identified.contains(&actor.id) {
                return refuse(format!(
                    "{name} already knows how this trap works: `/nwfortress remove`."
                ));
            }
            if t.failed.contains(&actor.id) {
                return refuse(format!("{name} already failed to identify this trap."));
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return refuse("settle your last Judge first: `/nwfortress resolve`.");
            }
            let dv = t.detection;
            roll_check(
                s,
                data,
                rng,
                actor,
                Check::Identify,
                "awareness",
                dv,
                0,
                false,
                false,
            )
        }
        FortressAction::Remove => {
            let (f, d) = dive(s)?;
            if !d.inside.contains(&actor.id) {
                return refuse("only a PC who has appeared in the Scene tries that.");
            }
            let Some(t) = f.areas[d.at]
                .trap
                .as_ref()
                .filter(|t| t.state == TrapState::Armed)
            else {
                return refuse("there is no armed trap here.");
            };
            if !t.identified.contains(&actor.id) {
                return refuse("identify the trap first (a successful Trap Identification Judge lets you remove it).");
            }
            if s.fortress.pending.iter().any(|p| p.check == Check::Remove) {
                return refuse("one Removal attempt at a time: settle the last one first (`/nwfortress resolve`).");
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return refuse("settle your last Judge first: `/nwfortress resolve`.");
            }
            let rv = t.removal;
            roll_check(
                s,
                data,
                rng,
                actor,
                Check::Remove,
                "finesse",
                rv,
                0,
                true,
                false,
            )
        }
        FortressAction::Resolve => {
            let Some(k) = s.fortress.pending.iter().position(|p| p.user == actor.id) else {
                return refuse("you have no Fortress Judge to settle.");
            };
            sync_open(s);
            let p = s.fortress.pending.remove(k);
            let label = p.check.label();
            s.open.retain(|o| !(o.user == p.user && o.label == label));
            Ok(settle(s, rng, &p))
        }
        FortressAction::Danger {
            kind,
            perception,
            difficulty,
            stat,
            secret,
            passive,
        } => {
            let (f, d) = dive(s)?;
            let base = match kind.as_str() {
                "trap" => match f.areas[d.at]
                    .trap
                    .as_ref()
                    .filter(|t| t.state == TrapState::Armed)
                {
                    Some(t) => danger_difficulty_trap(t.removal),
                    None => return refuse("there is no armed trap here."),
                },
                "ambush" | "sniper" => {
                    match perception {
                        Some(p) => danger_difficulty_ambush(*p),
                        None => return refuse(
                            "an ambush needs the NPC's perception: (Difficulty = Perception + 7).",
                        ),
                    }
                }
                "secret" => SECRET_GATE_SENSE,
                "other" => DANGER_DEFAULT,
                k => return refuse(format!("kind is trap, ambush, secret or other, not `{k}`.")),
            };
            let dc = difficulty.unwrap_or(base);
            let inside = d.inside.clone();
            if let Some(d) = fortress_mut(s)?.dive.as_mut() {
                d.danger = Some(Danger {
                    kind: kind.clone(),
                    difficulty: dc,
                    stat: stat.clone(),
                    secret: *secret,
                    rolled: vec![],
                });
            }
            let called = Reply::gm(Message::text(format!(
                "⚠️ Danger Sense ({kind}): {} Judge, Difficulty {dc} (hidden from the players){}{}.",
                stat,
                if *secret { ", rolled secretly" } else { "" },
                if *passive {
                    ", rolled by the bot for every PC in the Scene"
                } else {
                    ""
                }
            )));
            if *passive {
                // §12.9: "It is passive: players need not declare that they are searching."
                let mut out = vec![
                    called,
                    Reply::public(Message::titled(
                        "⚠️ Danger Sense Judge",
                        format!("Something may be wrong here: every PC in the Scene rolls {stat}."),
                    )),
                ];
                for user in inside {
                    if s.fortress.pending.iter().any(|p| p.user == user) {
                        out.push(Reply::gm(Message::text(format!(
                            "{} has a Fortress Judge to settle first (`/nwfortress resolve`), then rolls with `/nwfortress sense`.",
                            pc_name(s, &user)
                        ))));
                        continue;
                    }
                    out.extend(sense(s, data, rng, &user)?);
                }
                return Ok(out);
            }
            Ok(vec![
                called,
                Reply::public(
                    Message::titled(
                        "⚠️ Danger Sense Judge",
                        format!("Everyone in the Scene rolls {stat} (`/nwfortress sense`)."),
                    )
                    .styled_button(
                        "Roll",
                        &NwCommand::Fortress(FortressCommand::Sense),
                        ButtonStyle::Primary,
                    ),
                ),
            ])
        }
        FortressAction::Sense => {
            let (_, d) = dive(s)?;
            let Some(dg) = d.danger.as_ref() else {
                return refuse("the GM has not called for a Danger Sense Judge.");
            };
            if !d.inside.contains(&actor.id) {
                return refuse("only a PC who has appeared in the Scene rolls that.");
            }
            if dg.rolled.contains(&actor.id) {
                return refuse("you already rolled this Danger Sense Judge.");
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return refuse("settle your last Judge first: `/nwfortress resolve`.");
            }
            sense(s, data, rng, &actor.id)
        }
        FortressAction::Cleared(area) => {
            let f = fortress(s)?;
            let i = match area {
                Some(a) => match f.area(a) {
                    Some(i) => i,
                    None => return no(Phrase::new("nw-no-area").arg("name", a.as_str())),
                },
                None => match &f.dive {
                    Some(d) => d.at,
                    None => return no(Phrase::new("nw-cleared-which")),
                },
            };
            let f = fortress_mut(s)?;
            let mut lines = vec![];
            if let Some(d) = f.dive.as_mut().filter(|d| d.at == i && d.held) {
                d.held = false;
                lines.push(Value::from(Phrase::new("nw-cleared-enemies")));
            }
            let area = &mut f.areas[i];
            area.cleared = true;
            if let Some(t) = area.trap.as_mut().filter(|t| t.state == TrapState::Armed) {
                t.state = TrapState::Removed;
                lines.push(Value::from(Phrase::new("nw-cleared-trap")));
            }
            if area.kind == AreaKind::Event {
                area.kind = AreaKind::Normal;
                lines.push(Value::from(
                    Phrase::new("nw-cleared-normal").arg("area", area.name.as_str()),
                ));
            }
            let name = area.name.clone();
            let mut found = 0;
            for g in f.gates.iter_mut().filter(|g| g.from == i || g.to == i) {
                if g.kind == GateKind::Secret && !g.revealed {
                    g.revealed = true;
                    found += 1;
                }
                if g.kind == GateKind::Closed && !g.open {
                    g.open = true;
                    lines.push(Value::from(
                        Phrase::new("nw-gate-opens")
                            .arg("how", "closed")
                            .arg("ends", gate_ends(&f.areas, g)),
                    ));
                }
            }
            let mut out = vec![];
            if found > 0 {
                let list: Vec<String> = f
                    .gates
                    .iter()
                    .filter(|g| g.kind == GateKind::Secret && (g.from == i || g.to == i))
                    .map(|g| gate_ends(&f.areas, g))
                    .collect();
                lines.push(Value::from(
                    Phrase::new("nw-gate-opens")
                        .arg("how", "hidden")
                        .arg("ends", list.join(", ")),
                ));
            }
            out.insert(
                0,
                Reply::public(Message::phrase(
                    Phrase::new("nw-cleared").arg("area", name).arg(
                        "lines",
                        if lines.is_empty() {
                            Value::from("")
                        } else {
                            let mut all = vec![Value::from("")];
                            all.extend(lines);
                            Value::Lines(all)
                        },
                    ),
                )),
            );
            Ok(out)
        }
        FortressAction::Open(n) => {
            let f = fortress_mut(s)?;
            let Some(g) = f.gates.get(*n) else {
                return no(Phrase::new("nw-no-gate").arg("n", (n + 1) as i64));
            };
            let how = match g.kind {
                GateKind::Closed if !g.open => "closed",
                GateKind::Secret if !g.revealed => "hidden",
                _ => return no(Phrase::new("nw-gate-not-shut")),
            };
            let ends = gate_ends(&f.areas, g);
            let g = &mut f.gates[*n];
            g.open = true;
            g.revealed = true;
            Ok(vec![Reply::public(Message::phrase(
                Phrase::new("nw-gate-opened").arg(
                    "gate",
                    Phrase::new("nw-gate-opens")
                        .arg("how", how)
                        .arg("ends", ends),
                ),
            ))])
        }
        FortressAction::Condition(what) => {
            let f = fortress_mut(s)?;
            let Some(d) = f.dive.as_mut() else {
                return no(Phrase::new("nw-no-dive-short"));
            };
            let what = match what.as_str() {
                "ruler_defeated" | "ruler" => {
                    d.ruler_defeated = true;
                    "ruler"
                }
                "core_broken" | "core" => {
                    d.core_broken = true;
                    "core"
                }
                "ruler_permits" | "permit" => {
                    d.ruler_permits = true;
                    "permit"
                }
                w => return no(Phrase::new("nw-condition-what").arg("value", w)),
            };
            Ok(vec![Reply::public(Message::phrase(
                Phrase::new("nw-condition").arg("what", what),
            ))])
        }
        _ => refuse("that is not a Fortress Judge command."),
    }
}

/// Rolls the called Danger Sense Judge for the PC of `user` (by their own command, or for
/// every PC at once when the call is passive) and marks them as having rolled it.
fn sense(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    user: &UserId,
) -> Result<Vec<Reply>, RuleError> {
    let Some(dg) = s
        .fortress
        .fortress
        .as_ref()
        .and_then(|f| f.dive.as_ref())
        .and_then(|d| d.danger.as_ref())
    else {
        return refuse("the GM has not called for a Danger Sense Judge.");
    };
    let (stat, dc, secret) = (dg.stat.clone(), dg.difficulty, dg.secret);
    let roller = Actor::player(&user.0, &pc_name(s, user));
    let out = roll_check(
        s,
        data,
        rng,
        &roller,
        Check::Sense,
        &stat,
        dc,
        0,
        false,
        secret,
    )?;
    if let Some(dg) = fortress_mut(s)?
        .dive
        .as_mut()
        .and_then(|d| d.danger.as_mut())
    {
        dg.rolled.push(user.clone());
    }
    Ok(out)
}

/// Rolls a Fortress Judge through the session's Judge, then settles it at once on a success;
/// a failure waits for Prana and `/nwfortress resolve`.
#[allow(clippy::too_many_arguments)]
pub(super) fn roll_check(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    check: Check,
    stat: &str,
    difficulty: i32,
    modifier: i32,
    show_difficulty: bool,
    secret: bool,
) -> Result<Vec<Reply>, RuleError> {
    let judge = JudgeRequest {
        stat: stat.to_string(),
        difficulty: show_difficulty.then_some(difficulty),
        modifier,
        secret,
        label: check.label().to_string(),
        ..JudgeRequest::default()
    };
    let mut out = roll_for(s, data, rng, actor, &judge)?;
    let Some(j) = s
        .open
        .iter()
        .rev()
        .find(|o| o.user == actor.id && o.label == check.label())
        .map(|o| o.judge.clone())
    else {
        return Ok(out);
    };
    let p = Pending {
        user: actor.id.clone(),
        check,
        difficulty,
        judge: j.clone(),
        secret,
    };
    let fumble_trap = check == Check::Remove && j.outcome().fumble;
    if succeeded(&j, difficulty) && !fumble_trap {
        s.open
            .retain(|o| !(o.user == actor.id && o.label == check.label()));
        out.retain(|r| r.is_public() || !r.message.body.starts_with("Prana options"));
        out.extend(settle(s, rng, &p));
    } else {
        s.fortress.pending.push(p);
        out.push(Reply::private(
            &actor.id,
            Message::text(format!(
                "Your {} falls short for now: spend Prana on it, or settle it as it stands.",
                check.label()
            ))
            .styled_button(
                "Settle",
                &NwCommand::Fortress(FortressCommand::Resolve),
                ButtonStyle::Success,
            ),
        ));
    }
    Ok(out)
}

/// Applies what a Fortress Judge means for the Fortress.
pub(super) fn settle(s: &mut NightWizard, rng: &mut GameRng, p: &Pending) -> Vec<Reply> {
    let name = pc_name(s, &p.user);
    let ok = succeeded(&p.judge, p.difficulty);
    let result = p.judge.outcome().result;
    let fumble = p.judge.outcome().fumble;
    let inside: Vec<UserId> = s
        .fortress
        .fortress
        .as_ref()
        .and_then(|f| f.dive.as_ref())
        .map(|d| d.inside.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|u| s.pcs.iter().any(|p| &p.user == u && !p.dead))
        .collect();
    match p.check {
        Check::Appear => {
            if ok {
                add_inside(s, &p.user);
                vec![Reply::public(Message::text(format!(
                    "✨ {name} appears in the Scene (Appearance Check: {}).",
                    versus(&p.judge, p.difficulty)
                )))]
            } else {
                vec![Reply::public(Message::text(format!(
                    "{name} does not make it into the Scene (Appearance Check {result} against {}).",
                    p.difficulty
                )))]
            }
        }
        Check::Identify => {
            let Some(t) = current_trap(s) else {
                return vec![];
            };
            if ok {
                t.identified.push(p.user.clone());
                let (eff, rv) = (t.effect.clone(), t.removal);
                let dmg = t.damage.clone();
                vec![
                    Reply::public(Message::text(format!(
                        "🔍 {name} sees how the trap works and may try to remove it (Finesse, Removal Value {rv}): `/nwfortress remove`."
                    ))),
                    Reply::private(
                        &p.user,
                        Message::text(format!(
                            "🪤 The trap: {eff}{}. Removal Value {rv}.",
                            dmg.map(|d| format!(" ({d} HP)")).unwrap_or_default()
                        ))
                        .button("Remove it", &NwCommand::Fortress(FortressCommand::Remove)),
                    ),
                ]
            } else {
                t.failed.push(p.user.clone());
                let all_failed = inside.iter().all(|u| t.failed.contains(u));
                let mut out = vec![Reply::public(Message::text(format!(
                    "{name} cannot make out the trap."
                )))];
                if all_failed {
                    out.extend(trigger(
                        s,
                        rng,
                        inside.clone(),
                        "every PC in the Scene failed to identify it",
                    ));
                }
                out
            }
        }
        Check::Remove => {
            if fumble {
                let mut out = vec![Reply::public(Message::text(format!(
                    "💥 {name} fumbles the Removal: the trap goes off."
                )))];
                out.extend(trigger(
                    s,
                    rng,
                    vec![p.user.clone()],
                    "a Fumble on the Removal Judge",
                ));
                out
            } else if ok {
                if let Some(t) = current_trap(s) {
                    t.state = TrapState::Removed;
                }
                vec![Reply::public(Message::text(format!(
                    "🔧 {name} disarms the trap ({}). The way on is clear.",
                    versus(&p.judge, p.difficulty)
                )))]
            } else {
                vec![Reply::public(Message::text(format!(
                    "{name} fails to disarm the trap (Removal {result} against {}); try again, one at a time.",
                    p.difficulty
                )))]
            }
        }
        Check::Sense => sense_result(s, p, &name, ok),
    }
}

/// `17 against 15`, or `a Critical` (an automatic success).
pub(super) fn versus(j: &Judge, difficulty: i32) -> String {
    let o = j.outcome();
    if o.critical && !o.fumble && o.result < difficulty {
        "a Critical".to_string()
    } else {
        format!("{} against {difficulty}", o.result)
    }
}

pub(super) fn current_trap(s: &mut NightWizard) -> Option<&mut Trap> {
    let f = s.fortress.fortress.as_mut()?;
    let at = f.dive.as_ref()?.at;
    f.areas[at]
        .trap
        .as_mut()
        .filter(|t| t.state == TrapState::Armed)
}

/// The trap goes off on `targets`: its effect is read out and its damage dice land on each.
pub(super) fn trigger(
    s: &mut NightWizard,
    rng: &mut GameRng,
    targets: Vec<UserId>,
    why: &str,
) -> Vec<Reply> {
    let Some(t) = current_trap(s) else {
        return vec![];
    };
    t.state = TrapState::Spent;
    let effect = t.effect.clone();
    let damage = t.damage.clone();
    let mut lines = vec![format!("💥 The trap goes off ({why}): {effect}")];
    if let Some(d) = damage {
        if let Ok(r) = croupier_core::dice::roll(&d, rng) {
            let n = r.total.max(0) as i32;
            lines.push(format!("Damage `{}`", r.render()));
            for u in &targets {
                if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                    p.hp = (p.hp - n).max(0);
                    lines.push(format!(
                        "{} loses {n} HP (HP {}){}",
                        p.ch.name,
                        p.hp,
                        if p.hp == 0 { " — Incapacitated" } else { "" }
                    ));
                }
            }
        }
    }
    lines.push("The trap is spent (unless the GM resets it with `/nwfortress trap`).".into());
    vec![Reply::public(Message::text(lines.join("\n")))]
}

pub(super) fn sense_result(s: &mut NightWizard, p: &Pending, name: &str, ok: bool) -> Vec<Reply> {
    let kind = s
        .fortress
        .fortress
        .as_ref()
        .and_then(|f| f.dive.as_ref())
        .and_then(|d| d.danger.as_ref())
        .map(|d| d.kind.clone())
        .unwrap_or_default();
    let text = if !ok {
        format!("{name} senses nothing amiss.")
    } else {
        match kind.as_str() {
            "trap" => format!(
                "⚠️ {name} senses a trap here and may try to identify it (`/nwfortress identify`)."
            ),
            "ambush" | "sniper" => format!("⚠️ {name} notices the ambush in time and may respond."),
            "secret" => {
                let mut found = vec![];
                if let Some(f) = s.fortress.fortress.as_mut() {
                    let at = f.dive.as_ref().map(|d| d.at).unwrap_or(usize::MAX);
                    let areas = f.areas.clone();
                    for g in f.gates.iter_mut().filter(|g| {
                        g.kind == GateKind::Secret && !g.revealed && (g.from == at || g.to == at)
                    }) {
                        g.revealed = true;
                        found.push(gate_ends(&areas, g));
                    }
                }
                if found.is_empty() {
                    format!("{name} searches carefully: there is no hidden Gate here.")
                } else {
                    format!("🚪 {name} finds a hidden Gate: {}.", found.join(", "))
                }
            }
            _ => format!("⚠️ {name} senses danger."),
        }
    };
    if p.secret {
        vec![
            Reply::private(&p.user, Message::text(text.clone())),
            Reply::gm(Message::text(text)),
        ]
    } else {
        vec![Reply::public(Message::text(text))]
    }
}
