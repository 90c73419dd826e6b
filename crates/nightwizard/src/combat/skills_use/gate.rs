//! Whether a use may be declared now (its Timing against the Round) and its Cost (§10.10,
//! §15.5): checked in full, then paid.

use super::super::effects::BEFORE_JUDGE;
use super::super::model::{Mark, PendingBad};
use super::super::{NightWizard, RuleError, Who};
use super::{CostPart, Timing, Usable};
use crate::judge::said::{no, Lines};
use crate::status::written_said;
use croupier_core::table::{Phrase, Value};

/// What a use takes from the Round.
pub(super) enum Gate {
    /// Nothing (Reaction, Auto, outside Round Progression, …).
    Free,
    /// The Move Action.
    Move,
    /// The Minor Action.
    Minor,
    /// The Major Action (ends the Main Process).
    Major,
    /// Once in this instance of the timing (a mark), in a Setup/Cleanup step or not.
    Once(String, bool),
    /// Once in this instance of a Reaction, Auto Action, Before/After Judge or Damage Roll
    /// Timing ([`timed`]), marked in the session's effects.
    Timed(String),
}

pub(super) fn turn_name(s: &NightWizard, w: &Who) -> Value {
    if s.hidden(w) {
        Phrase::new("nw-the-gm").into()
    } else {
        s.name_of(w).into()
    }
}

/// The instance of a Timing with no step of its own that `me` is in now (§15.3: "Each
/// declaration gives one use. A skill can be used once per instance of its timing"; §15.5
/// Timing): the one rule that names these windows.
/// - Before Judge: until `me`'s next Judge ([`BEFORE_JUDGE`], ended by that Judge);
/// - After Judge: `me`'s open Judge (its number); with none open, as a Reaction;
/// - Reaction and Damage Roll: the attack in progress; outside one, the Main Process;
/// - Auto Action: the Main Process (with the Initiative Process before it).
///
/// None for a Reaction, an Auto Action or a Damage Roll outside Round Progression: no limit
/// there (§10.5: the GM stops abuse; §15.3 "roughly one skill per Main Process").
pub(crate) fn timed(s: &NightWizard, me: &Who, t: Timing) -> Option<String> {
    let c = s.combat.as_ref();
    let main = c.map(|c| format!("Round {} Main Process {}", c.round, c.mains + 1));
    let attack = c
        .filter(|c| c.attack.is_some())
        .map(|c| format!("attack {}", c.attack_seq));
    let open = match me {
        Who::Pc(u) => s.open.iter().find(|o| &o.user == u).map(|o| o.seq),
        Who::Enemy(_) => None,
    };
    let at = |m: Option<String>| m.map(|m| format!("{}: {m}", t.label()));
    match t {
        Timing::BeforeJudge => Some(BEFORE_JUDGE.to_string()),
        Timing::AfterJudge => match open {
            Some(n) => at(Some(format!("Judge {n}"))),
            None => at(attack.or(main)),
        },
        Timing::Reaction | Timing::DamageRoll => at(attack.or(main)),
        Timing::Auto => at(main),
        _ => None,
    }
}

/// How a refusal names the window of a Timing ([`timed`]): `nw-sk-window`'s id.
fn window_words(t: Timing) -> &'static str {
    match t {
        Timing::BeforeJudge => "before-judge",
        Timing::AfterJudge => "after-judge",
        Timing::Reaction => "reaction",
        Timing::DamageRoll => "damage-roll",
        _ => "auto",
    }
}

/// Records that `me` declared `key` in the instance of its Timing (Gate::Timed); marks of
/// instances that are over are dropped.
pub(super) fn mark_timed(s: &mut NightWizard, me: &Who, key: &str, instance: &str) {
    let timings = [
        Timing::BeforeJudge,
        Timing::AfterJudge,
        Timing::Reaction,
        Timing::DamageRoll,
        Timing::Auto,
    ];
    let mut now: Vec<(&Who, String)> = vec![];
    for m in &s.effects.marks {
        now.extend(
            timings
                .iter()
                .filter_map(|t| timed(s, &m.who, *t).map(|i| (&m.who, i))),
        );
    }
    let now: Vec<(Who, String)> = now.into_iter().map(|(w, i)| (w.clone(), i)).collect();
    s.effects
        .marks
        .retain(|m| now.iter().any(|(w, i)| w == &m.who && i == &m.instance));
    s.effects.marks.push(Mark {
        who: me.clone(),
        what: key.to_string(),
        instance: instance.to_string(),
    });
}

/// Checks the Timing against the Round; nothing changes.
pub(super) fn gate(s: &NightWizard, me: &Who, u: &Usable) -> Result<Gate, RuleError> {
    if let Some(instance) = timed(s, me, u.timing) {
        let used = s
            .effects
            .marks
            .iter()
            .any(|m| &m.who == me && m.what == u.key && m.instance == instance);
        if used {
            return no(Phrase::new("nw-sk-once-timed")
                .arg("name", u.said_name())
                .arg("window", window_words(u.timing))
                .arg("who", turn_name(s, me)));
        }
        return Ok(Gate::Timed(instance));
    }
    let Some(c) = s.combat.as_ref() else {
        return Ok(Gate::Free);
    };
    let used_once = |instance: &str| {
        c.skills
            .marks
            .iter()
            .any(|m| &m.who == me && m.what == u.key && m.instance == instance)
    };
    // `what`: the Timing, `move`, `minor` or `major` (`nw-sk-timing`).
    let action = |what: Timing| -> Result<(), RuleError> {
        if let Some(w) = &c.skills.window {
            return no(Phrase::new("nw-sk-step-under-way")
                .arg("cleanup", if w.cleanup { "yes" } else { "no" })
                .arg("timing", what.said()));
        }
        if c.attack.is_some() {
            return no(Phrase::new("nw-attack-first"));
        }
        match &c.current {
            Some(w) if w == me => Ok(()),
            Some(w) => no(Phrase::new("nw-sk-own-main")
                .arg("timing", what.said())
                .arg("started", "yes")
                .arg("who", turn_name(s, w))),
            None => no(Phrase::new("nw-sk-own-main")
                .arg("timing", what.said())
                .arg("started", "no")),
        }
    };
    match u.timing {
        Timing::Reaction
        | Timing::Auto
        | Timing::BeforeJudge
        | Timing::AfterJudge
        | Timing::DamageRoll
        | Timing::Other
        | Timing::Incapacitated => Ok(Gate::Free),
        Timing::Constant => no(Phrase::new("nw-sk-constant").arg("name", u.said_name())),
        Timing::Move => {
            action(Timing::Move)?;
            c.used.may_move(u.said_name())?;
            if let Some(b) = s.bad_of(me).forbidding_moves() {
                return no(Phrase::new("nw-sk-bs-no-move").arg("status", written_said(b, 0)));
            }
            Ok(Gate::Move)
        }
        Timing::Minor => {
            action(Timing::Minor)?;
            c.used.may_minor(u.said_name())?;
            Ok(Gate::Minor)
        }
        Timing::Major => {
            action(Timing::Major)?;
            c.used.may_major()?;
            Ok(Gate::Major)
        }
        Timing::Setup | Timing::Cleanup => {
            let cleanup = u.timing == Timing::Cleanup;
            let step = if cleanup { "cleanup" } else { "setup" };
            match &c.skills.window {
                Some(w) if w.prep && !cleanup => {
                    return no(Phrase::new("nw-sk-prep-first"));
                }
                Some(w) if w.cleanup == cleanup => {
                    if matches!(me, Who::Pc(_)) && w.queue.first() != Some(me) {
                        return match w.queue.first() {
                            Some(h) if w.queue.contains(me) => no(Phrase::new("nw-sk-count-order")
                                .arg("step", step)
                                .arg("who", turn_name(s, h))),
                            _ => no(Phrase::new("nw-sk-had-turn").arg("step", step)),
                        };
                    }
                }
                _ => return no(Phrase::new("nw-sk-step-only").arg("step", step)),
            }
            let instance = format!("{step} {}", c.round);
            if used_once(&instance) {
                return no(Phrase::new("nw-sk-once-step")
                    .arg("name", u.said_name())
                    .arg("step", step));
            }
            Ok(Gate::Once(instance, true))
        }
        Timing::Prep => {
            let fresh = c.round == 1
                && c.attack.is_none()
                && c.used == super::super::Used::default()
                && c.fighters
                    .iter()
                    .all(|f| !f.post || s.hp_of(&f.who) == 0 || s.dead(&f.who));
            if !fresh {
                return no(Phrase::new("nw-sk-prep-start"));
            }
            let window = c.skills.window.as_ref().filter(|w| !w.cleanup);
            if let (Some(w), Who::Pc(_)) = (window, me) {
                if !w.prep {
                    return no(Phrase::new("nw-sk-prep-over"));
                }
                match w.queue.first() {
                    Some(h) if h != me && w.queue.contains(me) => {
                        return no(Phrase::new("nw-sk-prep-order").arg("who", turn_name(s, h)))
                    }
                    Some(h) if h != me => {
                        return no(Phrase::new("nw-sk-had-turn").arg("step", "prep"))
                    }
                    _ => {}
                }
            }
            if used_once("prep") {
                return no(Phrase::new("nw-sk-once-combat").arg("name", u.said_name()));
            }
            Ok(Gate::Once("prep".into(), window.is_some_and(|w| w.prep)))
        }
        Timing::Initiative => {
            if c.skills.window.is_some() {
                return no(Phrase::new("nw-sk-initiative-after"));
            }
            if c.attack.is_some() || c.used != super::super::Used::default() {
                return no(Phrase::new("nw-sk-initiative-between"));
            }
            let posts = c.fighters.iter().filter(|f| f.post).count();
            let instance = format!("init {} {posts}", c.round);
            if used_once(&instance) {
                return no(Phrase::new("nw-sk-once-step")
                    .arg("name", u.said_name())
                    .arg("step", "initiative"));
            }
            Ok(Gate::Once(instance, false))
        }
    }
}

/// Checks that every cost can be paid in full (§10.10, §15.5).
pub(super) fn check_costs(s: &NightWizard, me: &Who, u: &Usable) -> Result<(), RuleError> {
    let (mut hp, mut mp, mut prana) = (0, 0, 0);
    for c in &u.cost {
        match c {
            CostPart::Hp(n) => hp += n,
            CostPart::Mp(n) => mp += n,
            CostPart::Prana(n) => prana += n,
            _ => {}
        }
    }
    let short = |pool: &str, cost: i32, have: i32| {
        no(Phrase::new("nw-sk-cost-short")
            .arg("name", u.said_name())
            .arg("pool", pool)
            .arg("cost", i64::from(cost))
            .arg("who", s.name_of(me))
            .arg("have", i64::from(have)))
    };
    let have_hp = s.pool_of(me, false);
    if hp > 0 && have_hp - hp < 1 {
        return short("hp", hp, have_hp);
    }
    let have_mp = s.pool_of(me, true);
    if mp > have_mp {
        return short("mp", mp, have_mp);
    }
    if prana > 0 {
        match me {
            Who::Pc(u2) => {
                let have = s.pcs.iter().find(|p| &p.user == u2).map_or(0, |p| p.prana);
                if prana > have {
                    return short("prana", prana, have);
                }
            }
            Who::Enemy(_) => return no(Phrase::new("nw-sk-enemy-prana")),
        }
    }
    Ok(())
}

/// One part of a Cost as paid (`nw-sk-paid-part`).
fn paid_part(kind: &str) -> Phrase {
    Phrase::new("nw-sk-paid-part").arg("kind", kind)
}

/// Pays the costs; a bad status lands now, or when the Main Process ends if it is the payer's.
pub(super) fn pay(s: &mut NightWizard, me: &Who, u: &Usable, lines: &mut Lines) {
    let own_main = s
        .combat
        .as_ref()
        .is_some_and(|c| c.current.as_ref() == Some(me));
    let name = s.name_of(me);
    let mut paid: Vec<Value> = vec![];
    for c in &u.cost {
        match c {
            CostPart::Hp(n) => {
                let v = s.pool_of(me, false) - n;
                s.set_pool(me, false, v);
                paid.push(paid_part("hp").arg("n", i64::from(*n)).into());
            }
            CostPart::Mp(n) => {
                let v = s.pool_of(me, true) - n;
                s.set_pool(me, true, v);
                paid.push(paid_part("mp").arg("n", i64::from(*n)).into());
            }
            CostPart::Prana(n) => {
                if let Who::Pc(uid) = me {
                    if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == uid) {
                        p.prana -= n;
                    }
                }
                paid.push(paid_part("prana").arg("n", i64::from(*n)).into());
            }
            CostPart::Bad(b, r) => {
                if own_main {
                    if let Some(c) = s.combat.as_mut() {
                        c.skills.pending.push(PendingBad {
                            who: me.clone(),
                            name: b.clone(),
                            rating: *r,
                            from: u.name.clone(),
                            from_ja: u.name_ja.clone(),
                        });
                    }
                    paid.push(
                        paid_part("bs-later")
                            .arg("status", written_said(b, 0))
                            .into(),
                    );
                } else {
                    if let Some(bad) = s.bad_mut(me) {
                        bad.add_as_cost(b.clone(), *r);
                    }
                    paid.push(paid_part("bs").arg("status", written_said(b, 0)).into());
                }
            }
            CostPart::Other(t) => paid.push(paid_part("other").arg("text", t.as_str()).into()),
        }
    }
    if !paid.is_empty() {
        lines.push(
            Phrase::new("nw-sk-pays")
                .arg("who", name)
                .arg("paid", crate::words::joined("nw-join-comma", paid)),
        );
    }
}
