//! The attack's Judges among the session's open Judges, so that Prana spent on a Hit Check,
//! Dodge Check, damage or defence roll counts (§4.2).

use croupier_core::table::Phrase;

use super::super::{Attack, Judge, NightWizard, OpenJudge, RuleError, Stage, Who};

pub(crate) fn pending(s: &NightWizard, stage: Stage) -> Result<Attack, RuleError> {
    match s.combat.as_ref().and_then(|c| c.attack.clone()) {
        Some(a) if a.stage == stage => Ok(a),
        Some(a) => crate::words::no(Phrase::new(match a.stage {
            Stage::Hit => "nw-fight-next-dodge",
            Stage::Dodge => "nw-fight-next-damage",
            Stage::Damage => "nw-fight-next-apply",
            Stage::Defence => "nw-fight-next-defence",
        })),
        None => crate::words::no(Phrase::new("nw-fight-no-attack")),
    }
}

/// Puts a PC's combat Judge among the open Judges, so `/nw prana` can change it.
pub(crate) fn open_for(s: &mut NightWizard, w: &Who, label: &str, j: &Judge) {
    if let Who::Pc(u) = w {
        let who = s.name_of(w);
        s.open.retain(|o| &o.user != u);
        s.judge_seq += 1;
        s.open.push(OpenJudge {
            user: u.clone(),
            who,
            label: label.to_string(),
            judge: j.clone(),
            secret: false,
            hide_difficulty: false,
            seq: s.judge_seq,
            heal: None,
        });
    }
}

/// Copies a PC's open Hit Check or Dodge Check (after Prana) into the attack in progress, so
/// that accepting the Judge keeps what the Prana bought.
pub fn sync_open(s: &mut NightWizard) {
    if sync_open_many(s) {
        return;
    }
    let Some(at) = s.combat.as_ref().and_then(|c| c.attack.clone()) else {
        return;
    };
    let (who, label) = match at.stage {
        Stage::Hit => (&at.attacker, "Hit Check"),
        Stage::Dodge => (&at.target, "Dodge Check"),
        Stage::Damage => return sync_damage(s, &at),
        Stage::Defence => return,
    };
    let Some(j) = open_judge(s, who, label) else {
        return;
    };
    if let Some(x) = s.combat.as_mut().and_then(|c| c.attack.as_mut()) {
        match at.stage {
            Stage::Hit => x.hit = j,
            _ => x.dodge = Some(j),
        }
    }
}

/// Open-Judge labels of the damage step.
pub(crate) const DAMAGE_ROLL: &str = "Damage Roll";
pub(crate) const DEFENCE_ROLL: &str = "Defence Roll";

/// After Prana on the damage or the defence roll: the HP Damage is worked out again from
/// the rolls as they now stand.
pub(crate) fn sync_damage(s: &mut NightWizard, at: &Attack) {
    let Some((mut a, mut b)) = s.combat.as_ref().and_then(|c| c.damage_rolls.clone()) else {
        return;
    };
    if let Some(j) = open_judge(s, &at.attacker, DAMAGE_ROLL) {
        a = j;
    }
    if let Some(j) = open_judge(s, &at.target, DEFENCE_ROLL) {
        b = j;
    }
    let damage = (a.outcome().result - b.outcome().result).max(0);
    if let Some(c) = s.combat.as_mut() {
        if let Some(x) = c.attack.as_mut() {
            x.damage = damage;
        }
        c.damage_rolls = Some((a, b));
    }
}

/// A PC's open combat Judge with this label as it now stands (after any Prana), without
/// closing it; enemies have none.
pub(crate) fn open_judge(s: &NightWizard, w: &Who, label: &str) -> Option<Judge> {
    let Who::Pc(u) = w else { return None };
    s.open
        .iter()
        .find(|o| &o.user == u && o.label == label)
        .map(|o| o.judge.clone())
}

/// Closes the damage step's open Judges once the damage lands.
pub(crate) fn close_damage(s: &mut NightWizard, at: &Attack) {
    take_open(s, &at.attacker, DAMAGE_ROLL);
    take_open(s, &at.target, DEFENCE_ROLL);
    if let Some(c) = s.combat.as_mut() {
        c.damage_rolls = None;
    }
}

/// Takes back a PC's combat Judge (with any Prana spent on it).
pub(crate) fn take_open(s: &mut NightWizard, w: &Who, label: &str) -> Option<Judge> {
    let Who::Pc(u) = w else { return None };
    let k = s
        .open
        .iter()
        .position(|o| &o.user == u && o.label == label)?;
    Some(s.open.remove(k).judge)
}

/// Keeps Prana spent on an open Hit Check or Dodge Check in step with an attack in the
/// Defender form; `false` when the attack in progress is a plain one.
pub(crate) fn sync_open_many(s: &mut NightWizard) -> bool {
    let Some(at) = s.combat.as_ref().and_then(|c| c.attack.clone()) else {
        return false;
    };
    if at.defenders.is_empty() {
        return false;
    }
    let open = |w: &Who, label: &str| open_judge(s, w, label);
    let hit = open(&at.attacker, "Hit Check");
    let dodges: Vec<Option<Judge>> = at
        .defenders
        .iter()
        .map(|d| open(&d.who, "Dodge Check"))
        .collect();
    if at.stage == Stage::Damage {
        sync_damage_many(s, &at);
        return true;
    }
    if let Some(x) = s.combat.as_mut().and_then(|c| c.attack.as_mut()) {
        if let Some(h) = hit {
            x.hit = h;
        }
        for (d, j) in x.defenders.iter_mut().zip(dodges) {
            if let (Some(j), true) = (j, d.reacted && !d.auto) {
                d.dodge = Some(j);
            }
        }
    }
    true
}

/// After Prana on the damage roll or a defence roll: each hit Defender's HP Damage is worked
/// out again from the rolls as they now stand (an incomplete enemy takes the whole damage
/// Result).
pub(crate) fn sync_damage_many(s: &mut NightWizard, at: &Attack) {
    let open = open_judge;
    let Some(a) = open(s, &at.attacker, DAMAGE_ROLL).or_else(|| {
        s.combat
            .as_ref()
            .and_then(|c| c.damage_rolls.as_ref())
            .map(|(a, _)| a.clone())
    }) else {
        return;
    };
    let ar = a.outcome().result;
    let defences: Vec<Option<Judge>> = at
        .defenders
        .iter()
        .map(|d| open(s, &d.who, DEFENCE_ROLL).or_else(|| d.defence.clone()))
        .collect();
    let Some(c) = s.combat.as_mut() else { return };
    if let Some(x) = c.attack.as_mut() {
        for (d, b) in x.defenders.iter_mut().zip(defences) {
            if !d.hit {
                continue;
            }
            d.damage = match (&b, d.auto) {
                (_, true) | (None, _) => ar.max(0),
                (Some(b), false) => (ar - b.outcome().result).max(0),
            };
            if !d.auto {
                d.defence = b;
            }
        }
    }
    c.damage_rolls = Some((a.clone(), a));
}
