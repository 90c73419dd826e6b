//! `/nwcombat use`: a skill or item declared, paid and applied.

use super::super::super::data::{Effect, Reach};
use super::super::attack::{Arm, How};
use super::super::effects;
use super::super::model::Mark;
use super::super::recovery::{recover, Roll, RECOVERY_JUDGE};
use super::super::{
    initiative, new_round, Actor, BadStatus, Dice, NightWizard, NwData, Reply, RuleError, Who,
};
use super::aim::aimed;
use super::gate::{check_costs, gate, mark_timed, pay, Gate};
use super::grant::give;
use super::usable::{usable, user_of};
use super::window::{open, window_options, Step};
use super::Timing;
use crate::judge::said::{label, no, say, Lines};
use crate::status::written_said;
use croupier_core::table::{Phrase, Value};

/// `/nwcombat use`: declares a skill or item with its Timing checked, pays its Cost, takes the
/// action its Timing needs, posts its text and applies what can be modelled.
#[allow(clippy::too_many_arguments)]
pub fn use_skill(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    (skill, item): (Option<&str>, Option<&str>),
    target: Option<&str>,
    who: Option<&str>,
    with: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let me = user_of(s, actor, who)?;
    let u = usable(s, data, &me, skill, item)?;
    if s.dead(&me) {
        return no(Phrase::new("nw-sk-dead").arg("who", s.name_of(&me)));
    }
    if u.timing == Timing::Constant {
        return no(Phrase::new("nw-sk-constant").arg("name", u.said_name()));
    }
    if let Some(b) = s.bad_of(&me).forbidding_skills() {
        return no(Phrase::new("nw-sk-bs-no-skills").arg("status", written_said(b, 0)));
    }
    let down = s.hp_of(&me) == 0;
    if down && u.timing != Timing::Incapacitated {
        return no(Phrase::new("nw-sk-down-only"));
    }
    if !down && u.timing == Timing::Incapacitated {
        return no(Phrase::new("nw-sk-down-use").arg("name", u.said_name()));
    }
    effects::once_allowed(s, &me, (&u.key, u.said_name()), u.once)?;
    // Target and Range first, then the Timing and the Cost: nothing is paid for a use that
    // cannot land (§15.3, §15.5).
    let on = aimed(s, &me, &u, target, is_gm)?;
    let attack = match (u.attack, u.timing, s.combat.is_some()) {
        (Some(magic), Timing::Major, true) => Some(magic),
        _ => None,
    };
    if attack.is_some() && on.is_empty() {
        return no(Phrase::new("nw-sk-attack-target").arg("name", u.said_name()));
    }
    if attack.is_some() && on.contains(&me) {
        return no(Phrase::new("nw-attack-self"));
    }
    if with.is_some() && attack.is_none() {
        return no(Phrase::new("nw-sk-with-no-attack").arg("name", u.said_name()));
    }
    let g = gate(s, &me, &u)?;
    check_costs(s, &me, &u)?;
    let reroll = u.effects.contains(&Effect::Reroll);
    if reroll && open_judge_of(s, &me).is_none() {
        return no(Phrase::new("nw-sk-reroll-none")
            .arg("name", u.said_name())
            .arg("who", s.name_of(&me)));
    }
    // The one character it is used on, when that is not the user (for the text).
    let others: Vec<Who> = on.iter().filter(|w| **w != me).cloned().collect();

    // Validated: from here on the state changes (an attack skill runs on a copy first).
    let mut next = s.clone();
    let st = &mut next;
    let mut lines = Lines::new();
    let levelled = matches!(me, Who::Pc(_)) && !u.key.starts_with("item:");
    let on_whom = if others.is_empty() {
        Value::from("")
    } else {
        let names: Vec<Value> = others.iter().map(|w| st.name_of(w).into()).collect();
        Phrase::new("nw-sk-uses-on")
            .arg("names", crate::words::joined("nw-join-comma", names))
            .into()
    };
    let cost = if u.cost_text.trim().is_empty() {
        "-"
    } else {
        u.cost_text.trim()
    };
    lines.push(
        Phrase::new("nw-sk-uses")
            .arg("who", st.name_of(&me))
            .arg("name", u.said_name())
            .arg("levelled", if levelled { "yes" } else { "no" })
            .arg("sl", i64::from(u.sl))
            .arg("on", on_whom)
            .arg(
                "timing",
                crate::words::data_word("nw-timing", &u.timing_text),
            )
            .arg("cost", crate::words::data_word("nw-cost", cost))
            .arg("effect", u.said_effect()),
    );
    pay(st, &me, &u, &mut lines);
    if let (Some(id), Who::Pc(uid)) = (&u.consumable, &me) {
        if let Some(p) = st.pcs.iter_mut().find(|p| &p.user == uid) {
            let k =
                p.ch.items
                    .iter()
                    .position(|i| &i.id == id && !i.equipped)
                    .or_else(|| p.ch.items.iter().position(|i| &i.id == id));
            if let Some(k) = k {
                p.ch.items.remove(k);
                lines.push(Phrase::new("nw-sk-used-up").arg("name", u.said_name()));
            }
        }
    }
    let healed: Vec<Who> = if on.is_empty() {
        vec![me.clone()]
    } else {
        on.clone()
    };
    for on in &healed {
        if let Some((rec, mp)) = u.recovery {
            let cf = st.cf_for(data, &me);
            let bad = st.bad_of(&me);
            let tail = Phrase::new("nw-fight-heal-tail")
                .arg("target", st.name_of(on))
                .arg("what", if mp { "MP" } else { "HP" });
            let roll = Roll {
                cf,
                bad: &bad,
                recovery: rec,
                mp,
                // One target: its Judge stays open to Prana (§4.2); of several, none does.
                by: (healed.len() == 1).then(|| me.clone()),
                queued: false,
            };
            recover(
                st,
                data,
                rng,
                roll,
                on,
                (label(RECOVERY_JUDGE), tail.into()),
                &mut lines,
            );
        }
        if !u.cures.is_empty() {
            let held: Vec<BadStatus> = st
                .bad_of(on)
                .iter()
                .filter(|(b, _)| u.cures.contains(b))
                .map(|(b, _)| b.clone())
                .collect();
            if held.is_empty() {
                lines.push(Phrase::new("nw-sk-nothing-to-cure").arg("who", st.name_of(on)));
            } else {
                lines.push(super::super::recovery::cure_on(st, on, &held));
            }
        }
    }
    effects::declare(
        st,
        &me,
        &on,
        (&u.name, u.name_ja.as_deref()),
        &u.effects,
        (u.sl, attack.is_some()),
        &mut lines,
    );
    if attack.is_none() {
        give(st, data, &on, &me, &u, &mut lines);
    }
    if reroll {
        roll_again(st, rng, &me, u.said_name(), &mut lines);
    }
    effects::mark_once(st, &me, &u.key, u.once);
    let secret = st.hidden(&me) || on.iter().any(|t| st.hidden(t));
    let (mut pub_lines, mut gm_out) = if secret {
        (Lines::new(), lines)
    } else {
        (lines, Lines::new())
    };
    let mut window_done = false;
    if let Gate::Timed(instance) = &g {
        mark_timed(st, &me, &u.key, instance);
    }
    if let Some(c) = st.combat.as_mut() {
        match &g {
            Gate::Free | Gate::Major | Gate::Timed(_) => {}
            Gate::Move => c.used.moved = true,
            Gate::Minor => {
                c.used.moved = true;
                c.used.minor = true;
            }
            Gate::Once(instance, in_window) => {
                c.skills.marks.push(Mark {
                    who: me.clone(),
                    what: u.key.clone(),
                    instance: instance.clone(),
                });
                window_done = *in_window;
            }
        }
    }
    if window_done && window_options(st, data, &me).is_empty() {
        advance(st, data, rng, &me, &mut pub_lines, &mut gm_out);
    }
    if let Some(magic) = attack {
        // A Major Action attack skill: the attack begins (Hit Check now), reaching as far as
        // the skill's Range (checked above), against one Defender or several.
        let names: Vec<String> = on
            .iter()
            .map(|w| match w {
                Who::Enemy(l) => l.clone(),
                _ => st.name_of(w),
            })
            .collect();
        let skill_short = match u.reach {
            Some(Reach::Close) => Some(false),
            Some(Reach::Short | Reach::Long | Reach::Scene) => Some(true),
            _ => None,
        };
        // "X Use" (§15.5): the attack is made with a weapon the skill's Restrict names.
        let cat = s.catalog(data);
        let def = skill.and_then(|k| cat.skill(k));
        let how = How {
            area: false,
            magic,
            full_hit: false,
            skill_short,
            arm: Arm { with, skill: def },
        };
        let mut out = match names.as_slice() {
            [one] => super::super::attack::attack_reaching(st, data, rng, actor, one, how)?,
            _ => super::super::attack::declare_how(st, data, rng, actor, &names, how)?,
        };
        let mut first = replies(pub_lines, gm_out);
        first.append(&mut out);
        *s = next;
        return Ok(first);
    }
    if matches!(g, Gate::Major) {
        if let Some(c) = st.combat.as_mut() {
            c.used.moved = true;
            c.used.minor = true;
            c.used.major = true;
        }
        super::super::end_main(st, data, rng, &mut pub_lines, &mut gm_out);
    }
    *s = next;
    if s.combat.is_some() {
        return Ok(s.tracker(pub_lines, gm_out));
    }
    Ok(replies(pub_lines, gm_out))
}

/// The public lines and the GM's, each a reply when there are any.
fn replies(public: Lines, gm: Lines) -> Vec<Reply> {
    let mut out = vec![];
    if !public.is_empty() {
        out.push(Reply::public(say(
            Phrase::new("nw-step").arg("lines", public.value())
        )));
    }
    if !gm.is_empty() {
        out.push(Reply::gm(say(
            Phrase::new("nw-step").arg("lines", gm.value())
        )));
    }
    out
}

/// Takes `w` out of the open step; when nobody is left the Round goes on (the Setup step after
/// the Prep step, the Initiative Process after the Setup step, a new Round after the Cleanup
/// step).
pub(super) fn advance(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    w: &Who,
    lines: &mut Lines,
    gm: &mut Lines,
) {
    let Some(c) = s.combat.as_mut() else { return };
    let Some(win) = c.skills.window.as_mut() else {
        return;
    };
    win.queue.retain(|x| x != w);
    if !win.queue.is_empty() {
        return;
    }
    let (cleanup, prep) = (win.cleanup, win.prep);
    c.skills.window = None;
    if prep && open(s, data, Step::Setup, lines) {
        return;
    }
    if cleanup {
        new_round(s, data, rng, lines, gm);
    } else {
        initiative(s, data, rng, lines, gm);
    }
}

/// `/nwcombat skip`: a PC uses no (more) skills in the open Setup/Cleanup step; the GM may
/// skip for the PC whose turn it is (or one named).
pub fn skip(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    who: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let Some(win) = s.combat.as_ref().and_then(|c| c.skills.window.clone()) else {
        return no(Phrase::new("nw-sk-no-step"));
    };
    let w = if is_gm {
        match who {
            Some(k) => s.find(k, true),
            None => win.queue.first().cloned(),
        }
    } else {
        Some(Who::Pc(actor.id.clone()))
    };
    let Some(w) = w.filter(|w| win.queue.contains(w)) else {
        return no(Phrase::new("nw-sk-no-turn"));
    };
    let mut lines = Lines::from(
        Phrase::new("nw-sk-skips")
            .arg("who", s.name_of(&w))
            .arg("step", win.step()),
    );
    let mut gm = Lines::new();
    advance(s, data, rng, &w, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

/// The open Judge of `w` (a PC's latest, not yet accepted), if any.
fn open_judge_of(s: &NightWizard, w: &Who) -> Option<usize> {
    match w {
        Who::Pc(u) => s.open.iter().position(|o| &o.user == u),
        Who::Enemy(_) => None,
    }
}

/// A skill's reroll (§15.4 "Rerolls granted by skills"): the user's open Judge rolled again,
/// every modifier kept; the better Result of the two stands (rules-choices: the user keeps the
/// one they prefer, and a higher Result is always theirs to prefer). An attack in progress
/// takes the Judge as it now stands.
fn roll_again(s: &mut NightWizard, rng: &mut impl Dice, w: &Who, from: Value, lines: &mut Lines) {
    let Some(k) = open_judge_of(s, w) else { return };
    let first = s.open[k].judge.clone();
    let again = first.rolled_again(rng);
    let (a, b) = (first.outcome().result, again.outcome().result);
    let kept = if b > a { again.clone() } else { first };
    lines.push(
        Phrase::new("nw-sk-rolled-again")
            .arg("name", from)
            .arg("who", s.name_of(w))
            .arg("label", label(&s.open[k].label))
            .arg("line", again.said_line())
            .arg("a", i64::from(a))
            .arg("b", i64::from(b))
            .arg("kept", i64::from(a.max(b))),
    );
    s.open[k].judge = kept;
    super::super::sync_open(s);
}
