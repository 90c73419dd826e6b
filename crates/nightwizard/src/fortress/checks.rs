//! The Fortress's Judges (§12.8, §12.9): traps, Danger Sense, and what an event's clearing opens.

use super::super::commands::{FortressCommand, NwCommand};
use super::super::data::NwData;
use super::super::judge::said::label;
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
use crate::words::{joined, no};
use croupier_core::rng::GameRng;
use croupier_core::table::said::dice_words;
use croupier_core::table::{
    english, Actor, ButtonStyle, Message, Phrase, Reply, RuleError, UserId, Value,
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
                return no(Phrase::new("nw-fortress-try-inside"));
            }
            let Some(t) = f.areas[d.at]
                .trap
                .as_ref()
                .filter(|t| t.state == TrapState::Armed)
            else {
                return no(Phrase::new("nw-fortress-no-trap"));
            };
            if t.identified.contains(&actor.id) {
                return no(Phrase::new("nw-fortress-trap-known").arg("name", name));
            }
            if t.failed.contains(&actor.id) {
                return no(Phrase::new("nw-fortress-trap-failed").arg("name", name));
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return no(Phrase::new("nw-settle-first"));
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
                return no(Phrase::new("nw-fortress-try-inside"));
            }
            let Some(t) = f.areas[d.at]
                .trap
                .as_ref()
                .filter(|t| t.state == TrapState::Armed)
            else {
                return no(Phrase::new("nw-fortress-no-trap"));
            };
            if !t.identified.contains(&actor.id) {
                return no(Phrase::new("nw-fortress-identify-first"));
            }
            if s.fortress.pending.iter().any(|p| p.check == Check::Remove) {
                return no(Phrase::new("nw-fortress-one-removal"));
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return no(Phrase::new("nw-settle-first"));
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
                return no(Phrase::new("nw-fortress-nothing-to-settle"));
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
                    None => return no(Phrase::new("nw-fortress-no-trap")),
                },
                "ambush" | "sniper" => match perception {
                    Some(p) => danger_difficulty_ambush(*p),
                    None => return no(Phrase::new("nw-fortress-ambush-perception")),
                },
                "secret" => SECRET_GATE_SENSE,
                "other" => DANGER_DEFAULT,
                k => return no(Phrase::new("nw-fortress-danger-kind").arg("value", k)),
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
            let stat_said = || Phrase::new("nw-fortress-stat").arg("stat", stat.as_str());
            let called = Reply::gm(Message::phrase(
                Phrase::new("nw-fortress-danger-gm")
                    .arg(
                        "kind",
                        Phrase::new("nw-fortress-kind").arg("kind", kind.as_str()),
                    )
                    .arg("stat", stat_said())
                    .arg("dc", i64::from(dc))
                    .arg("secret", yes_no(*secret))
                    .arg("passive", yes_no(*passive)),
            ));
            if *passive {
                // §12.9: "It is passive: players need not declare that they are searching."
                let mut out = vec![
                    called,
                    Reply::public(Message::phrase(
                        Phrase::titled("nw-fortress-danger-title", "nw-fortress-danger-passive")
                            .arg("stat", stat_said()),
                    )),
                ];
                for user in inside {
                    if s.fortress.pending.iter().any(|p| p.user == user) {
                        out.push(Reply::gm(Message::phrase(
                            Phrase::new("nw-fortress-danger-waits").arg("name", pc_name(s, &user)),
                        )));
                        continue;
                    }
                    out.extend(sense(s, data, rng, &user)?);
                }
                return Ok(out);
            }
            Ok(vec![
                called,
                Reply::public(
                    Message::phrase(
                        Phrase::titled("nw-fortress-danger-title", "nw-fortress-danger-by-hand")
                            .arg("stat", stat_said())
                            .buttons(&["nw-button-roll"]),
                    )
                    .styled_button(
                        english("nw-button-roll"),
                        &NwCommand::Fortress(FortressCommand::Sense),
                        ButtonStyle::Primary,
                    ),
                ),
            ])
        }
        FortressAction::Sense => {
            let (_, d) = dive(s)?;
            let Some(dg) = d.danger.as_ref() else {
                return no(Phrase::new("nw-fortress-no-danger"));
            };
            if !d.inside.contains(&actor.id) {
                return no(Phrase::new("nw-fortress-roll-inside"));
            }
            if dg.rolled.contains(&actor.id) {
                return no(Phrase::new("nw-fortress-sensed-already"));
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return no(Phrase::new("nw-settle-first"));
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
                let list: Vec<Value> = f
                    .gates
                    .iter()
                    .filter(|g| g.kind == GateKind::Secret && (g.from == i || g.to == i))
                    .map(|g| Value::from(gate_ends(&f.areas, g)))
                    .collect();
                lines.push(Value::from(
                    Phrase::new("nw-gate-opens")
                        .arg("how", "hidden")
                        .arg("ends", joined("nw-join-comma", list)),
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
        _ => no(Phrase::new("nw-fortress-not-judge")),
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
        return no(Phrase::new("nw-fortress-no-danger"));
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
            Message::phrase(
                Phrase::new("nw-fortress-short")
                    .arg("label", label(check.label()))
                    .buttons(&["nw-fortress-button-settle"]),
            )
            .styled_button(
                english("nw-fortress-button-settle"),
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
    let said = |key: &str| Phrase::new(key).arg("name", name.as_str());
    let public = |p: Phrase| vec![Reply::public(Message::phrase(p))];
    match p.check {
        Check::Appear => {
            if ok {
                add_inside(s, &p.user);
                public(said("nw-fortress-appears").arg("versus", versus(&p.judge, p.difficulty)))
            } else {
                public(
                    said("nw-fortress-not-appears")
                        .arg("result", i64::from(result))
                        .arg("dc", i64::from(p.difficulty)),
                )
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
                    Reply::public(Message::phrase(
                        said("nw-fortress-identified").arg("removal", i64::from(rv)),
                    )),
                    Reply::private(
                        &p.user,
                        Message::phrase(
                            Phrase::new("nw-fortress-trap-told")
                                .arg("effect", eff)
                                .arg(
                                    "damage",
                                    match dmg {
                                        Some(d) => Value::from(
                                            Phrase::new("nw-map-trap-damage").arg("damage", d),
                                        ),
                                        None => Value::from(""),
                                    },
                                )
                                .arg("removal", i64::from(rv))
                                .buttons(&["nw-fortress-button-remove"]),
                        )
                        .button(
                            english("nw-fortress-button-remove"),
                            &NwCommand::Fortress(FortressCommand::Remove),
                        ),
                    ),
                ]
            } else {
                t.failed.push(p.user.clone());
                let all_failed = inside.iter().all(|u| t.failed.contains(u));
                let mut out = public(said("nw-fortress-not-identified"));
                if all_failed {
                    out.extend(trigger(s, rng, inside.clone(), "identify"));
                }
                out
            }
        }
        Check::Remove => {
            if fumble {
                let mut out = public(said("nw-fortress-remove-fumble"));
                out.extend(trigger(s, rng, vec![p.user.clone()], "fumble"));
                out
            } else if ok {
                if let Some(t) = current_trap(s) {
                    t.state = TrapState::Removed;
                }
                public(said("nw-fortress-removed").arg("versus", versus(&p.judge, p.difficulty)))
            } else {
                public(
                    said("nw-fortress-not-removed")
                        .arg("result", i64::from(result))
                        .arg("dc", i64::from(p.difficulty)),
                )
            }
        }
        Check::Sense => sense_result(s, p, &name, ok),
    }
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// `17 against 15`, or `a Critical` (an automatic success), in the reader's language.
pub(super) fn versus(j: &Judge, difficulty: i32) -> Phrase {
    let o = j.outcome();
    Phrase::new("nw-fortress-versus")
        .arg(
            "critical",
            yes_no(o.critical && !o.fumble && o.result < difficulty),
        )
        .arg("result", i64::from(o.result))
        .arg("dc", i64::from(difficulty))
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
/// `why`: `identify` (every PC in the Scene failed to identify it) or `fumble` (its Removal).
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
    let mut lines = vec![Value::from(
        Phrase::new("nw-fortress-trap-goes-off")
            .arg("why", why)
            .arg("effect", effect),
    )];
    if let Some(d) = damage {
        if let Ok(r) = croupier_core::dice::roll(&d, rng) {
            let n = r.total.max(0) as i32;
            lines.push(Value::from(
                Phrase::new("nw-fortress-trap-damage")
                    .arg("roll", dice_words(|l| r.render_in(l, None))),
            ));
            for u in &targets {
                if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                    p.hp = (p.hp - n).max(0);
                    lines.push(Value::from(
                        Phrase::new("nw-fortress-trap-hurts")
                            .arg("name", p.ch.name.as_str())
                            .arg("lost", i64::from(n))
                            .arg("hp", i64::from(p.hp))
                            .arg("down", yes_no(p.hp == 0)),
                    ));
                }
            }
        }
    }
    lines.push(Value::from(Phrase::new("nw-fortress-trap-spent")));
    vec![Reply::public(Message::phrase(
        Phrase::new("nw-lines").arg("lines", Value::Lines(lines)),
    ))]
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
    let said = |key: &str| Phrase::new(key).arg("name", name);
    let text = if !ok {
        said("nw-fortress-senses-nothing")
    } else {
        match kind.as_str() {
            "trap" => said("nw-fortress-senses-trap"),
            "ambush" | "sniper" => said("nw-fortress-senses-ambush"),
            "secret" => {
                let mut found = vec![];
                if let Some(f) = s.fortress.fortress.as_mut() {
                    let at = f.dive.as_ref().map(|d| d.at).unwrap_or(usize::MAX);
                    let areas = f.areas.clone();
                    for g in f.gates.iter_mut().filter(|g| {
                        g.kind == GateKind::Secret && !g.revealed && (g.from == at || g.to == at)
                    }) {
                        g.revealed = true;
                        found.push(Value::from(gate_ends(&areas, g)));
                    }
                }
                if found.is_empty() {
                    said("nw-fortress-no-secret-gate")
                } else {
                    said("nw-fortress-finds-gate").arg("gates", joined("nw-join-comma", found))
                }
            }
            _ => said("nw-fortress-senses-danger"),
        }
    };
    if p.secret {
        vec![
            Reply::private(&p.user, Message::phrase(text.clone())),
            Reply::gm(Message::phrase(text)),
        ]
    } else {
        vec![Reply::public(Message::phrase(text))]
    }
}
