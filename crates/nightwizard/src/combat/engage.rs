//! Engagements and the Main Process' Move and Minor Actions (digest §10.5, §10.6): invade,
//! withdraw (and blockades), a Minor Action.

use super::super::data::Grant;
use super::access::hinders;
use super::{
    attacker_wins, combat_mut, end_main, my_turn, Actor, Combat, Dice, Mode, NightWizard, NwData,
    Reply, RuleError, Who, SPD,
};
use crate::judge::roll::yes;
use crate::judge::said::{no, Lines};
use croupier_core::table::{Phrase, Value};

/// GM puts two combatants in the same Engage.
pub(crate) fn engage_two(s: &mut NightWizard, x: &str, y: &str) -> Result<Vec<Reply>, RuleError> {
    let (Some(a), Some(b)) = (s.find(x, true), s.find(y, true)) else {
        return no(Phrase::new("nw-fight-name-two"));
    };
    if a == b {
        return no(Phrase::new("nw-fight-two-different"));
    }
    let c = combat_mut(s)?;
    if NightWizard::engage_of(c, &b).is_some() {
        engage(c, &b, &a);
    } else {
        engage(c, &a, &b);
    }
    Ok(s.tracker(Lines::new(), Lines::new()))
}

/// Move Action: invade (engage) a target.
pub(crate) fn invade(
    s: &mut NightWizard,
    actor: &Actor,
    key: &str,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let me = my_turn(s, actor)?;
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-no-combat")))?;
    c.used
        .may_move(crate::judge::said::word("nw-fight-act", "Invading"))?;
    if let Some(b) = s.bad_of(&me).forbidding_moves() {
        return no(
            Phrase::new("nw-fight-bs-no-move").arg("status", crate::status::written_said(b, 0))
        );
    }
    let Some(t) = s.find(key, is_gm) else {
        return no(Phrase::new("nw-fight-no-combatant").arg("key", key));
    };
    if t == me {
        return no(Phrase::new("nw-fight-invade-self"));
    }
    let mine = NightWizard::engage_of(c, &me);
    if mine.is_some() && mine == NightWizard::engage_of(c, &t) {
        return no(Phrase::new("nw-fight-engaged-there"));
    }
    if let Some(g) = mine {
        if c.engages[g].iter().any(|o| hinders(s, &me, o)) {
            return no(Phrase::new("nw-invade-engaged"));
        }
    }
    let line = Phrase::new("nw-invades")
        .arg("who", s.name_of(&me))
        .arg("target", s.name_of(&t));
    let c = combat_mut(s)?;
    leave(c, &me);
    engage(c, &t, &me);
    c.used.moved = true;
    Ok(say(s, &me, line))
}

/// Move (+ Minor) Action: withdraw from the Engage.
pub(crate) fn withdraw(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let me = my_turn(s, actor)?;
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-no-combat")))?;
    let Some(g) = NightWizard::engage_of(c, &me) else {
        return no(Phrase::new("nw-not-engaged"));
    };
    c.used
        .may_move(crate::judge::said::word("nw-fight-act", "Withdrawing"))?;
    if let Some(b) = s.bad_of(&me).forbidding_moves() {
        return no(
            Phrase::new("nw-fight-bs-no-move").arg("status", crate::status::written_said(b, 0))
        );
    }
    let enemy = c.engages[g].iter().any(|o| hinders(s, &me, o));
    let blocker = c.engages[g]
        .iter()
        .find(|o| {
            hinders(s, &me, o)
                && matches!(o, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.blockade))
        })
        .cloned();
    if let Some(b) = blocker {
        // Blockade (§10.6): opposed SPD Judge, the withdrawing character starts it.
        let mine = s.roll(
            data,
            &me,
            SPD,
            Mode::Opposed {
                against: None,
                attacker: true,
            },
            false,
            false,
            rng,
        );
        let m = mine.outcome().result;
        let theirs = s.roll(
            data,
            &b,
            SPD,
            Mode::Opposed {
                against: Some(m),
                attacker: false,
            },
            false,
            false,
            rng,
        );
        let t = theirs.outcome().result;
        let mut lines = Lines::new();
        // A hidden enemy that holds a character back shows itself, as one that attacks does.
        if let Who::Enemy(l) = &b {
            if let Some(e) = s.enemy_mut(l).filter(|e| e.hidden) {
                e.hidden = false;
                lines.push(Phrase::new("nw-reveals").arg("who", l.as_str()));
            }
        }
        lines.push(
            Phrase::new("nw-blockade-roll")
                .arg("who", s.name_of(&b))
                .arg("mine", mine.said_line())
                .arg("theirs", theirs.said_line()),
        );
        let won = attacker_wins(m, t, false, false);
        let c = combat_mut(s)?;
        c.used.moved = true;
        c.used.minor = true;
        let mut gm = Lines::new();
        if won {
            leave(c, &me);
            lines.push(Phrase::new("nw-breaks-through").arg("who", s.name_of(&me)));
            end_main(s, data, rng, &mut lines, &mut gm);
        } else {
            lines.push(Phrase::new("nw-held").arg("who", s.name_of(&me)));
        }
        return Ok(s.tracker(lines, gm));
    }
    // A skill may lift the Minor Action the hindering enemy costs (used up by this Withdraw).
    let free = enemy
        .then(|| super::effects::granted(s, &me, Grant::WithdrawFree))
        .flatten();
    let line = if let Some((id, from)) = &free {
        super::effects::use_up(s, &[*id]);
        Phrase::new("nw-withdraws-free")
            .arg("who", s.name_of(&me))
            .arg("from", from.as_str())
    } else if enemy {
        Phrase::new("nw-withdraws-hindered").arg("who", s.name_of(&me))
    } else {
        Phrase::new("nw-moves-out").arg("who", s.name_of(&me))
    };
    let c = combat_mut(s)?;
    leave(c, &me);
    c.used.moved = true;
    c.used.minor = c.used.minor || (enemy && free.is_none());
    Ok(say(s, &me, line))
}

/// GM: an enemy starts (or stops) blockading its Engage.
pub(crate) fn blockade(s: &mut NightWizard, label: &str) -> Result<Vec<Reply>, RuleError> {
    let Some(Who::Enemy(l)) = s.find(label, true) else {
        return no(Phrase::new("nw-fight-no-enemy-label").arg("label", label));
    };
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-no-combat")))?;
    let w = Who::Enemy(l.clone());
    if NightWizard::engage_of(c, &w).is_none() {
        return no(Phrase::new("nw-fight-no-engage-blockade").arg("who", l.as_str()));
    }
    let Some(e) = s.enemy_mut(&l) else {
        return no(Phrase::new("nw-fight-no-enemy-label").arg("label", label));
    };
    e.blockade = !e.blockade;
    let line = Phrase::new("nw-blockades")
        .arg("who", l.as_str())
        .arg("on", yes(e.blockade));
    Ok(say(s, &w, line))
}

/// Minor Action (clears Pressure).
pub(crate) fn minor(s: &mut NightWizard, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    let me = my_turn(s, actor)?;
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-no-combat")))?;
    c.used
        .may_minor(crate::judge::said::word("nw-fight-act", "A Minor Action"))?;
    let mut line = Phrase::new("nw-minor").arg("who", s.name_of(&me));
    if let Some(b) = s.bad_mut(&me).map(|b| b.minor_action()) {
        if !b.is_empty() {
            line = Phrase::new("nw-minor-shakes")
                .arg("who", s.name_of(&me))
                .arg(
                    "statuses",
                    b.iter()
                        .map(|b| b.name())
                        .collect::<Vec<_>>()
                        .join(", BS: "),
                );
        }
    }
    let c = combat_mut(s)?;
    c.used.moved = true;
    c.used.minor = true;
    Ok(say(s, &me, line))
}

/// A tracker whose news line goes only to the GM when it is about a hidden enemy.
pub(crate) fn say(s: &NightWizard, who: &Who, line: impl Into<Value>) -> Vec<Reply> {
    let line = Lines(vec![line.into()]);
    if s.hidden(who) {
        s.tracker(Lines::new(), line)
    } else {
        s.tracker(line, Lines::new())
    }
}

pub(crate) fn leave(c: &mut Combat, w: &Who) {
    for g in c.engages.iter_mut() {
        g.retain(|x| x != w);
    }
    c.engages.retain(|g| g.len() > 1);
}

pub(crate) fn engage(c: &mut Combat, anchor: &Who, w: &Who) {
    leave(c, w);
    match c.engages.iter_mut().find(|g| g.contains(anchor)) {
        Some(g) => g.push(w.clone()),
        None => c.engages.push(vec![anchor.clone(), w.clone()]),
    }
}

#[cfg(test)]
#[path = "engage_tests.rs"]
mod tests;
