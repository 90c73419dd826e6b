//! Skill and item effects in force (issue #36; §15.4): declared by `/nwcombat use`, gathered
//! here — the one place — for every combat Judge ([`NightWizard::roll`]) and for the HP Damage
//! that lands ([`super::harm`]), listed on the tracker and `/game status`, ending by themselves
//! at their duration's end, and ended early by the GM or the character they help
//! (`/nwcombat end-effect`).
//!
//! A Broom Option fitted to a PC's equipped Broom (§14.8) gives its Wielder its effects while
//! it is fitted ([`fitted`]): they are summed here with the effects in force, by the same rules.
//!
//! Conflicts, in the rules' order (§15.4 Stacking, §15.2 Priority): the same skill never
//! stacks with itself (of two uses of one skill on one character, the larger counts); effects
//! of different skills stack.

use super::super::data::{
    amount, critical_said, modifier_said, reduce_said, status_said, substitute_said, until_word,
    Effect, Grant, JudgeKind, Modded, NwData, Per, Until, Whom, FLYING,
};
use super::super::fortress::model::{AreaKind, EMULATOR_SPACE_BONUS};
use super::model::{Held, InForce, OnceUsed};
use super::{Actor, NightWizard, Reply, RuleError, Who};
use crate::judge::said::{no, say, Lines};
use croupier_core::table::{Phrase, Value};

/// Whether `e` is still in force: a Scene effect ends with its Scene.
fn live(s: &NightWizard, e: &InForce) -> bool {
    e.until != Until::Scene || e.scene == (s.episode, s.scene)
}

/// The effects in force on `w` that `pick` keeps, summed — the one place conflicts are
/// resolved: the same skill counted once, at its largest (§15.4: "the same skill never stacks
/// with itself"), different skills added up. Returns the sum, how a roll shows each part
/// (`Guard A +2`, through `show`), and the numbers of every matching effect that lasts one
/// Judge (or one HP Damage), which this use ends — a second use of the same skill included.
fn sum(
    s: &NightWizard,
    w: &Who,
    standing: &[InForce],
    pick: impl Fn(&Held) -> Option<i32>,
    show: impl Fn(&InForce, i32) -> Value,
) -> (i32, Vec<Value>, Vec<u32>) {
    let mut best: Vec<(&InForce, i32)> = vec![];
    let mut used = vec![];
    for e in s
        .effects
        .in_force
        .iter()
        .chain(standing)
        .filter(|e| &e.on == w && live(s, e))
    {
        let Some(n) = pick(&e.what) else { continue };
        if e.until == Until::Judge {
            used.push(e.id);
        }
        match best.iter_mut().find(|(o, _)| o.from == e.from) {
            Some(o) if n > o.1 => *o = (e, n),
            Some(_) => {}
            None => best.push((e, n)),
        }
    }
    let total = best.iter().map(|(_, n)| n).sum();
    let shown = best.iter().map(|(e, n)| show(e, *n)).collect();
    (total, shown, used)
}

/// The modifiers in force on `w` for a Judge of `kind` rolled with `stat`: their sum, how the
/// roll shows them (`Guard A +2`), and the numbers of the effects that last one Judge, used up
/// by it. Under a substitution (§15.4) `stat` is the stat rolled and `kind` the Judge's own
/// kind: modifiers to the replaced stat no longer count, those to the new stat and to the kind
/// of Judge do.
pub(crate) fn bonus_for(
    s: &NightWizard,
    data: &NwData,
    w: &Who,
    stat: usize,
    kind: JudgeKind,
) -> (i32, Vec<Value>, Vec<u32>) {
    let pick = |h: &Held| match h {
        Held::Modifier { on, n } if on.applies(stat, kind) => Some(*n),
        _ => None,
    };
    let standing = fitted(s, data, w);
    let (mut n, mut shown, used) = sum(s, w, &standing, pick, named_bonus);
    if let Some(b) = emulator_space(s, w) {
        n += b;
        shown.push(
            Phrase::new("nw-fx-emulator-space")
                .arg("n", signed(b))
                .into(),
        );
    }
    (n, shown, used)
}

/// [`bonus_for`] a Judge of the kind `stat` names (no substitution), for the tests.
#[cfg(test)]
pub(crate) fn judge_bonus(
    s: &NightWizard,
    data: &NwData,
    w: &Who,
    stat: usize,
) -> (i32, Vec<Value>, Vec<u32>) {
    bonus_for(s, data, w, stat, JudgeKind::of_stat(stat))
}

/// The stat `w` rolls for a Judge of `kind` that names `stat` (§15.4 Substitution: "PACC
/// instead of EVA for a Dodge Check"): the substitute in force, if one replaces that stat or
/// that kind of Judge, with how the roll shows it and the one-Judge effect it uses up. Of two
/// that conflict the one giving the higher stat counts (§15.2: the user picks, "usually the
/// better one"; the other can be ended with `/nwcombat end-effect`).
pub(crate) fn substitute(
    s: &NightWizard,
    data: &NwData,
    w: &Who,
    stat: usize,
    kind: JudgeKind,
) -> Option<(usize, Value, Option<u32>)> {
    s.effects
        .in_force
        .iter()
        .filter(|e| &e.on == w && live(s, e))
        .filter_map(|e| match &e.what {
            Held::Substitute {
                stat: to,
                instead_of,
            } if instead_of.applies(stat, kind) => {
                let to = to.stat()?;
                let shown = from_what(e, substitute_said(to_m(to), to_m(stat)));
                let used = (e.until == Until::Judge).then_some(e.id);
                Some((to, shown, used))
            }
            _ => None,
        })
        .max_by_key(|(to, _, _)| s.stat(data, w, *to))
}

/// The Critical values the effects in force give `w` for a Judge of `kind` rolled with `stat`
/// (§3.3): further values (a union: a value is a Critical once), the largest lowering of the
/// roller's own value (the same skill never stacks with itself, §15.4; different ones add up),
/// how the roll shows them, and the one-Judge effects they use up.
pub(crate) fn critical(
    s: &NightWizard,
    w: &Who,
    stat: usize,
    kind: JudgeKind,
) -> (Vec<u32>, u32, Vec<Value>, Vec<u32>) {
    let applies = |on: &Option<Modded>| on.is_none_or(|m| m.applies(stat, kind));
    let mut values: Vec<u32> = vec![];
    let mut shown = vec![];
    for e in s
        .effects
        .in_force
        .iter()
        .filter(|e| &e.on == w && live(s, e))
    {
        if let Held::Critical { values: v, on, .. } = &e.what {
            if applies(on) && !v.is_empty() {
                values.extend(v.iter().filter(|n| !values.contains(n)).collect::<Vec<_>>());
                shown.push(from_what(e, critical_said(v, 0, None)));
            }
        }
    }
    let pick = |h: &Held| match h {
        Held::Critical { lower, on, .. } if *lower > 0 && applies(on) => Some(*lower as i32),
        _ => None,
    };
    let (lower, lowered, mut used) = sum(s, w, &[], pick, |e, n| {
        from_what(e, critical_said(&[], n as u32, None))
    });
    shown.extend(lowered);
    for e in s
        .effects
        .in_force
        .iter()
        .filter(|e| &e.on == w && live(s, e))
    {
        if let Held::Critical { on, .. } = &e.what {
            if applies(on) && e.until == Until::Judge && !used.contains(&e.id) {
                used.push(e.id);
            }
        }
    }
    (values, lower.max(0) as u32, shown, used)
}

/// The bad status the effects in force on an attacker give on a hit (an attack skill's
/// `status` effect, §10.9 step 6), if any.
pub(crate) fn inflicted(s: &NightWizard, attacker: &Who) -> Option<(String, u32, String)> {
    s.effects
        .in_force
        .iter()
        .filter(|e| &e.on == attacker && live(s, e))
        .find_map(|e| match &e.what {
            Held::Inflicts { status, rating } => Some((status.clone(), *rating, e.from.clone())),
            _ => None,
        })
}

/// The instance of a Before Judge Timing (`skills_use::gate::timed`): it lasts until the
/// user's next Judge, which ends it ([`judged`]).
pub(crate) const BEFORE_JUDGE: &str = "Before Judge: the next Judge";

/// `w` rolls a Judge: the Before Judge window it closes opens again (§15.5 Timing: "used just
/// before … a Judge", once per instance).
pub(crate) fn judged(s: &mut NightWizard, w: &Who) {
    s.effects
        .marks
        .retain(|m| !(&m.who == w && m.instance == BEFORE_JUDGE));
}

/// What the Area the party is in gives `w` (§12.4): in an Object Area whose Object is an
/// Emulator Space, an enemy (not a Guest on the PCs' side) adds +3 to all its rolls.
fn emulator_space(s: &NightWizard, w: &Who) -> Option<i32> {
    let f = s.fortress.fortress.as_ref()?;
    let a = f.areas.get(f.dive.as_ref()?.at)?;
    // Read from the table here (not `access::pc_side`: `access` imports this file).
    let foe = match w {
        Who::Enemy(l) => s.enemies.iter().any(|e| &e.label == l && !e.ally),
        Who::Pc(_) => false,
    };
    (foe && a.kind == AreaKind::Object && a.emulator_space).then_some(EMULATOR_SPACE_BONUS)
}

/// The modifiers in force on `w` for an Information Gathering Check (§9.2), as
/// [`bonus_for`] gives them for a combat Judge.
pub fn gathering_bonus(s: &NightWizard, w: &Who) -> (i32, Vec<Value>, Vec<u32>) {
    let pick = |h: &Held| match h {
        Held::Modifier {
            on: Modded::Gathering,
            n,
        } => Some(*n),
        _ => None,
    };
    sum(s, w, &[], pick, named_bonus)
}

/// The HP Damage reduction in force on `w` (§10.9 step 6: "skills that reduce HP Damage apply
/// after the damage roll"): the sum, its names, and the one-use effects it uses up.
pub(crate) fn reduction(s: &NightWizard, data: &NwData, w: &Who) -> (i32, Vec<Value>, Vec<u32>) {
    let pick = |h: &Held| match h {
        Held::ReduceDamage { n } => Some(*n),
        _ => None,
    };
    sum(s, w, &fitted(s, data, w), pick, |e, n| {
        Phrase::new("nw-fx-named-cut")
            .arg("from", e.from_said())
            .arg("n", i64::from(n))
            .into()
    })
}

/// The effects the Broom Options fitted to `w`'s equipped Broom give them now (§14.8: "An
/// Option works only while fitted"; the Wielder is "the character who has that Broom
/// equipped"), as effects in force lasting while fitted; an Option for the rider (`riding`)
/// only while `w` drives a Broom.
fn fitted(s: &NightWizard, data: &NwData, w: &Who) -> Vec<InForce> {
    let Who::Pc(u) = w else { return vec![] };
    let Some(p) = s.pcs.iter().find(|p| &p.user == u) else {
        return vec![];
    };
    let cat = s.catalog(data);
    if p.ch.broom(&cat).is_none() {
        return vec![];
    }
    // Read from the table here (not `movement::rides`, which imports this file's users).
    let drives = s
        .combat
        .as_ref()
        .is_some_and(|c| c.moves.rides.iter().any(|r| &r.driver == w));
    let mut out = vec![];
    for d in
        p.ch.items
            .iter()
            .filter(|i| i.equipped)
            .filter_map(|i| cat.item(&i.id))
    {
        if d.kind != "broom_option" || (d.riding && !drives) {
            continue;
        }
        for e in &d.effects {
            let what = match e {
                Effect::Modifier {
                    on, add, per_sl, ..
                } => Held::Modifier {
                    on: *on,
                    n: amount(*add, *per_sl, 1),
                },
                Effect::ReduceDamage { add, per_sl, .. } => Held::ReduceDamage {
                    n: amount(*add, *per_sl, 1),
                },
                _ => continue,
            };
            out.push(InForce {
                id: 0,
                on: w.clone(),
                from: d.name.clone(),
                from_ja: d.name_ja.clone(),
                what,
                until: Until::Fitted,
                scene: (s.episode, s.scene),
            });
        }
    }
    out
}

/// The number of an effect in force on `w` lifting `grant`, if one is.
pub(crate) fn granted(s: &NightWizard, w: &Who, grant: Grant) -> Option<(u32, String)> {
    s.effects
        .in_force
        .iter()
        .find(|e| &e.on == w && live(s, e) && e.what == Held::Grant { grant })
        .map(|e| (e.id, e.from.clone()))
}

/// Removes the effects numbered `ids` (used up).
pub fn use_up(s: &mut NightWizard, ids: &[u32]) {
    if !ids.is_empty() {
        s.effects.in_force.retain(|e| !ids.contains(&e.id));
    }
}

fn signed(n: i32) -> String {
    if n < 0 {
        n.to_string()
    } else {
        format!("+{n}")
    }
}

/// A modifier as a roll shows it: `Guard A +2`.
fn named_bonus(e: &InForce, n: i32) -> Value {
    Phrase::new("nw-fx-named-bonus")
        .arg("from", e.from_said())
        .arg("n", signed(n))
        .into()
}

/// `Parry Stance: PACC instead of Dodge Checks`.
fn from_what(e: &InForce, what: Value) -> Value {
    Phrase::new("nw-fx-from")
        .arg("from", e.from_said())
        .arg("what", what)
        .into()
}

/// The stat `i` (an index into `STATS`) as a [`Modded`].
fn to_m(i: usize) -> Modded {
    const M: [Modded; 8] = [
        Modded::Pacc,
        Modded::Eva,
        Modded::Macc,
        Modded::Patk,
        Modded::Matk,
        Modded::Pdef,
        Modded::Mdef,
        Modded::Spd,
    ];
    M[i.min(7)]
}

/// Puts a skill's or item's lasting effects on each of `on` (a Reroll, a Recovery or a cure
/// acts at once elsewhere). Outside Round Progression an effect lasting to the end of the
/// Main Process or the Round lasts until the end of the Scene (§15.4).
#[allow(clippy::too_many_arguments)]
pub(crate) fn declare(
    s: &mut NightWizard,
    user: &Who,
    targets: &[Who],
    (from, from_ja): (&str, Option<&str>),
    effects: &[Effect],
    (sl, attack): (u32, bool),
    lines: &mut Lines,
) {
    let fighting = s.combat.is_some();
    // Scene effects of a Scene that is over go (they no longer count anywhere).
    let now = (s.episode, s.scene);
    s.effects
        .in_force
        .retain(|e| e.until != Until::Scene || e.scene == now);
    for e in effects {
        let (what, until, to) = match e {
            Effect::Modifier {
                on: m,
                add,
                per_sl,
                until,
                to,
            } => (
                Held::Modifier {
                    on: *m,
                    n: amount(*add, *per_sl, sl),
                },
                *until,
                *to,
            ),
            Effect::ReduceDamage {
                add,
                per_sl,
                until,
                to,
            } => (
                Held::ReduceDamage {
                    n: amount(*add, *per_sl, sl),
                },
                *until,
                *to,
            ),
            Effect::Grant { grant, until, to } => (Held::Grant { grant: *grant }, *until, *to),
            Effect::Substitute {
                stat,
                instead_of,
                until,
                to,
            } => (
                Held::Substitute {
                    stat: *stat,
                    instead_of: *instead_of,
                },
                *until,
                *to,
            ),
            Effect::Critical {
                values,
                lower,
                on,
                until,
                to,
            } => (
                Held::Critical {
                    values: values.clone(),
                    lower: *lower,
                    on: *on,
                },
                *until,
                *to,
            ),
            // An attack skill's bad status: its user's attack gives it on a hit, this Main
            // Process (§10.9 step 6).
            Effect::Status { status, rating } if attack && !status.eq_ignore_ascii_case(FLYING) => {
                (
                    Held::Inflicts {
                        status: status.clone(),
                        rating: *rating,
                    },
                    Until::Main,
                    Whom::User,
                )
            }
            _ => continue,
        };
        let user = [user.clone()];
        let on = match to {
            Whom::User => &user[..],
            Whom::Target => targets,
        };
        let until = match until {
            Until::Main | Until::Round if !fighting => Until::Scene,
            u => u,
        };
        for w in on {
            s.effects.seq += 1;
            let f = InForce {
                id: s.effects.seq,
                on: w.clone(),
                from: from.to_string(),
                from_ja: from_ja.map(str::to_string),
                what: what.clone(),
                until,
                scene: (s.episode, s.scene),
            };
            lines.push(on_line("nw-fx-declared", &f, s));
            s.effects.in_force.push(f);
        }
    }
}

/// `Guard A: Dodge Checks +2 until the next Judge`.
fn describe(e: &InForce) -> Value {
    let until = e.until.said();
    let (what, until) = match &e.what {
        Held::Modifier { on, n } => (modifier_said(*on, *n), until),
        Held::ReduceDamage { n } if e.until == Until::Judge => {
            (reduce_said(*n), until_word("damage"))
        }
        Held::ReduceDamage { n } => (reduce_said(*n), until),
        Held::Grant { grant } => (grant.said(), until),
        Held::Substitute { stat, instead_of } => (substitute_said(*stat, *instead_of), until),
        Held::Critical { values, lower, on } => (critical_said(values, *lower, *on), until),
        Held::Inflicts { status, rating } => (
            Phrase::new("nw-fx-inflicts")
                .arg("status", status_said(status, *rating))
                .into(),
            until,
        ),
    };
    Phrase::new("nw-fx-held")
        .arg("from", e.from_said())
        .arg("what", what)
        .arg("until", until)
        .into()
}

/// A line about `e` and the character it is on (`✨ {effect} on Ayla.`), the message `key`.
fn on_line(key: &str, e: &InForce, s: &NightWizard) -> Value {
    Phrase::new(key)
        .arg("id", i64::from(e.id))
        .arg("effect", describe(e))
        .arg("who", s.name_of(&e.on))
        .into()
}

/// Ends the effects whose duration is one of `ends` (and any Scene effect of a Scene that is
/// over, or on a character no longer there), saying so: on a hidden enemy to the GM only.
pub(crate) fn expire(s: &mut NightWizard, ends: &[Until], lines: &mut Lines, gm: &mut Lines) {
    let there = |s: &NightWizard, w: &Who| match w {
        Who::Pc(u) => s.pcs.iter().any(|p| &p.user == u),
        Who::Enemy(l) => s.enemy(l).is_some(),
    };
    let (gone, kept): (Vec<InForce>, Vec<InForce>) = std::mem::take(&mut s.effects.in_force)
        .into_iter()
        .partition(|e| ends.contains(&e.until) || !live(s, e) || !there(s, &e.on));
    s.effects.in_force = kept;
    for e in gone.iter().filter(|e| live(s, e) && there(s, &e.on)) {
        let line = on_line("nw-fx-ends", e, s);
        if s.hidden(&e.on) {
            gm.push(line);
        } else {
            lines.push(line);
        }
    }
}

/// The tracker's and `/game status`'s lines: each effect in force on a character `seen` lets
/// the viewer see, numbered for `/nwcombat end-effect`.
pub fn lines(s: &NightWizard, seen: impl Fn(&Who) -> bool) -> Vec<Value> {
    s.effects
        .in_force
        .iter()
        .filter(|e| live(s, e) && seen(&e.on))
        .map(|e| on_line("nw-fx-line", e, s))
        .collect()
}

/// Refuses a skill (`id`, `name`) limited to once per Scene or Scenario that `w` has used
/// there already.
pub(crate) fn once_allowed(
    s: &NightWizard,
    w: &Who,
    (id, name): (&str, Value),
    per: Option<Per>,
) -> Result<(), RuleError> {
    let Some(per) = per else { return Ok(()) };
    let used = s
        .effects
        .once
        .iter()
        .any(|o| &o.who == w && o.what == id && o.per == per && same(s, per, o.at));
    if used {
        return no(Phrase::new("nw-once-per")
            .arg("name", name)
            .arg("per", per.said())
            .arg("who", s.name_of(w)));
    }
    Ok(())
}

fn same(s: &NightWizard, per: Per, at: (u32, u32)) -> bool {
    match per {
        Per::Scene => at == (s.episode, s.scene),
        Per::Scenario => at.0 == s.episode,
    }
}

/// Records a once-per use (the old ones of a Scene or Scenario that is over are dropped).
pub(crate) fn mark_once(s: &mut NightWizard, w: &Who, id: &str, per: Option<Per>) {
    let Some(per) = per else { return };
    let now = (s.episode, s.scene);
    s.effects.once.retain(|o| match o.per {
        Per::Scene => o.at == now,
        Per::Scenario => o.at.0 == now.0,
    });
    s.effects.once.push(OnceUsed {
        who: w.clone(),
        what: id.to_string(),
        per,
        at: now,
    });
}

/// `/nwcombat end-effect number:`: the GM ends any effect in force; a player one on their own
/// PC (§15.4: a character may end a skill effect on themselves at any time, an Auto Action).
pub fn end_effect(
    s: &mut NightWizard,
    actor: &Actor,
    number: u32,
) -> Result<Vec<Reply>, RuleError> {
    let Some(k) = s
        .effects
        .in_force
        .iter()
        .position(|e| e.id == number && live(s, e))
    else {
        return no(Phrase::new("nw-fx-no-effect").arg("number", i64::from(number)));
    };
    let e = &s.effects.in_force[k];
    let own = matches!(&e.on, Who::Pc(u) if u == &actor.id);
    if !s.is_gm(actor) && !own {
        let who = if s.hidden(&e.on) {
            Phrase::new("nw-fx-another").into()
        } else {
            Value::from(s.name_of(&e.on))
        };
        return no(Phrase::new("nw-fx-not-yours")
            .arg("number", i64::from(number))
            .arg("who", who));
    }
    let e = s.effects.in_force.remove(k);
    let line = on_line("nw-fx-ended", &e, s);
    if s.combat.is_some() {
        let mut lines = Lines::new();
        lines.push(line);
        return Ok(s.tracker(lines, Lines::new()));
    }
    Ok(vec![Reply::public(say(
        Phrase::new("nw-said").arg("line", line)
    ))])
}

#[cfg(test)]
#[path = "effects_tests.rs"]
mod tests;
