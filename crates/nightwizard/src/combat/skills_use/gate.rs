//! Whether a use may be declared now (its Timing against the Round) and its Cost (§10.10,
//! §15.5): checked in full, then paid.

use super::super::effects::BEFORE_JUDGE;
use super::super::model::{Mark, PendingBad};
use super::super::{refuse, NightWizard, RuleError, Who};
use super::{CostPart, Timing, Usable};
use crate::judge::said::Lines;

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

pub(super) fn turn_name(s: &NightWizard, w: &Who) -> String {
    if s.hidden(w) {
        "the GM".into()
    } else {
        s.name_of(w)
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

/// How a refusal names the window of a Timing ([`timed`]).
fn window_words(t: Timing) -> &'static str {
    match t {
        Timing::BeforeJudge => "Judge (Before Judge: until your next Judge)",
        Timing::AfterJudge => "Judge (After Judge: once for each of your Judges)",
        Timing::Reaction => "attack (Reaction; outside an attack, once per Main Process)",
        Timing::DamageRoll => "damage roll (Damage Roll: once in each attack)",
        _ => "Main Process (Auto Action)",
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
            return refuse(format!(
                "{} is declared once per {} (§15.3: one use per instance of its Timing), and {} has used it in this one.",
                u.name,
                window_words(u.timing),
                turn_name(s, me)
            ));
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
    let action = |what: &str| -> Result<(), RuleError> {
        if let Some(w) = &c.skills.window {
            return refuse(format!(
                "the {} step is under way: {what} skills wait for a Main Process.",
                if w.cleanup { "Cleanup" } else { "Setup" }
            ));
        }
        if c.attack.is_some() {
            return refuse("finish the attack in progress first.");
        }
        match &c.current {
            Some(w) if w == me => Ok(()),
            Some(w) => refuse(format!(
                "a {what} skill is used in your own Main Process; it is {}'s.",
                turn_name(s, w)
            )),
            None => refuse(format!(
                "a {what} skill is used in your own Main Process; none has started."
            )),
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
        Timing::Constant => refuse(format!(
            "{} is Constant: always on, never declared.",
            u.name
        )),
        Timing::Move => {
            action("Move Action")?;
            c.used.may_move(&u.name)?;
            if let Some(b) = s.bad_of(me).forbidding_moves() {
                return refuse(format!("BS: {b}: no Move Actions."));
            }
            Ok(Gate::Move)
        }
        Timing::Minor => {
            action("Minor Action")?;
            c.used.may_minor(&u.name)?;
            Ok(Gate::Minor)
        }
        Timing::Major => {
            action("Major Action")?;
            c.used.may_major()?;
            Ok(Gate::Major)
        }
        Timing::Setup | Timing::Cleanup => {
            let cleanup = u.timing == Timing::Cleanup;
            let step = if cleanup { "Cleanup" } else { "Setup" };
            match &c.skills.window {
                Some(w) if w.prep && !cleanup => {
                    return refuse(
                        "the Prep step comes first (Prep skills, from the highest Speed); Setup Process skills follow in Count order.",
                    )
                }
                Some(w) if w.cleanup == cleanup => {
                    if matches!(me, Who::Pc(_)) && w.queue.first() != Some(me) {
                        return match w.queue.first() {
                            Some(h) if w.queue.contains(me) => refuse(format!(
                                "{step} Process skills go in Count order: {} first.",
                                turn_name(s, h)
                            )),
                            _ => refuse(format!(
                                "you have had your turn in this {step} step."
                            )),
                        };
                    }
                }
                _ => {
                    return refuse(format!(
                        "a {step} Process skill is used in the {step} Process step, after initiative{}.",
                        if cleanup { "" } else { " is rolled and before the first Main Process" }
                    ))
                }
            }
            let instance = format!("{} {}", step.to_ascii_lowercase(), c.round);
            if used_once(&instance) {
                return refuse(format!("{} is used once per {step} Process.", u.name));
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
                return refuse(
                    "Prep skills are used at the start of combat, before the first Main Process.",
                );
            }
            let window = c.skills.window.as_ref().filter(|w| !w.cleanup);
            if let (Some(w), Who::Pc(_)) = (window, me) {
                if !w.prep {
                    return refuse(
                        "the Prep step is over: Prep skills come before the Setup step.",
                    );
                }
                match w.queue.first() {
                    Some(h) if h != me && w.queue.contains(me) => {
                        return refuse(format!(
                            "Prep skills go from the highest Speed to the lowest: {} first.",
                            turn_name(s, h)
                        ))
                    }
                    Some(h) if h != me => {
                        return refuse("you have had your turn in this Prep step.")
                    }
                    _ => {}
                }
            }
            if used_once("prep") {
                return refuse(format!("{} is used once per combat.", u.name));
            }
            Ok(Gate::Once("prep".into(), window.is_some_and(|w| w.prep)))
        }
        Timing::Initiative => {
            if c.skills.window.is_some() {
                return refuse("the Initiative Process comes after this step.");
            }
            if c.attack.is_some() || c.used != super::super::Used::default() {
                return refuse("Initiative Process skills are declared between Main Processes (before the next character acts).");
            }
            let posts = c.fighters.iter().filter(|f| f.post).count();
            let instance = format!("init {} {posts}", c.round);
            if used_once(&instance) {
                return refuse(format!("{} is used once per Initiative Process.", u.name));
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
    let name = s.name_of(me);
    let have_hp = s.pool_of(me, false);
    if hp > 0 && have_hp - hp < 1 {
        return refuse(format!(
            "{} costs {hp} HP and {name} has {have_hp}: an HP cost must be paid in full and leave at least 1 HP.",
            u.name
        ));
    }
    let have_mp = s.pool_of(me, true);
    if mp > have_mp {
        return refuse(format!(
            "{} costs {mp} MP and {name} has {have_mp}: costs are paid in full.",
            u.name
        ));
    }
    if prana > 0 {
        match me {
            Who::Pc(u2) => {
                let have = s.pcs.iter().find(|p| &p.user == u2).map_or(0, |p| p.prana);
                if prana > have {
                    return refuse(format!(
                        "{} costs {prana} Prana and {name} has {have}.",
                        u.name
                    ));
                }
            }
            Who::Enemy(_) => return refuse("enemies have no Prana to pay that cost."),
        }
    }
    Ok(())
}

/// Pays the costs; a bad status lands now, or when the Main Process ends if it is the payer's.
pub(super) fn pay(s: &mut NightWizard, me: &Who, u: &Usable, lines: &mut Lines) {
    let own_main = s
        .combat
        .as_ref()
        .is_some_and(|c| c.current.as_ref() == Some(me));
    let name = s.name_of(me);
    let mut paid = vec![];
    for c in &u.cost {
        match c {
            CostPart::Hp(n) => {
                let v = s.pool_of(me, false) - n;
                s.set_pool(me, false, v);
                paid.push(format!("{n} HP"));
            }
            CostPart::Mp(n) => {
                let v = s.pool_of(me, true) - n;
                s.set_pool(me, true, v);
                paid.push(format!("{n} MP"));
            }
            CostPart::Prana(n) => {
                if let Who::Pc(uid) = me {
                    if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == uid) {
                        p.prana -= n;
                    }
                }
                paid.push(format!("{n} Prana"));
            }
            CostPart::Bad(b, r) => {
                if own_main {
                    if let Some(c) = s.combat.as_mut() {
                        c.skills.pending.push(PendingBad {
                            who: me.clone(),
                            name: b.clone(),
                            rating: *r,
                            from: u.name.clone(),
                        });
                    }
                    paid.push(format!("BS: {b} (when this Main Process ends)"));
                } else {
                    if let Some(bad) = s.bad_mut(me) {
                        bad.add_as_cost(b.clone(), *r);
                    }
                    paid.push(format!("BS: {b}"));
                }
            }
            CostPart::Other(t) => paid.push(format!("{t} (settle it at the table)")),
        }
    }
    if !paid.is_empty() {
        lines.push(format!("{name} pays {}.", paid.join(", ")));
    }
}
