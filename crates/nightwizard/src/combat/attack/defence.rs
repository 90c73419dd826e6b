//! Step 3–4 (digest §10.9): each Defender's Dodge Check (a Reaction), Full Dodge, and how
//! the Hit Check compares.

use super::super::{
    combat_mut, open_for, pending, take_open, Actor, Defender, Dice, Mode, NightWizard, NwData,
    Reply, RuleError, Stage, Who, EVA,
};
use crate::judge::roll::yes;
use crate::judge::said::{no, Lines};
use croupier_core::table::{Phrase, Value};

/// The one Defender's Dodge Check.
pub(crate) fn dodge_one(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let at = pending(s, Stage::Hit)?;
    if !s.controls(actor, &at.target) {
        return no(Phrase::new("nw-fight-dodge-whose").arg("who", s.name_of(&at.target)));
    }
    let hit = take_open(s, &at.attacker, "Hit Check").unwrap_or(at.hit.clone());
    let h = hit.outcome().result;
    let dodge = s.roll(
        data,
        &at.target,
        EVA,
        Mode::Opposed {
            against: Some(h),
            attacker: false,
        },
        true,
        false,
        rng,
    );
    let mut lines = Lines::new();
    lines.push(
        Phrase::new("nw-dodge")
            .arg("who", s.name_of(&at.target))
            .arg("hit", i64::from(h))
            .arg("line", dodge.said_line()),
    );
    open_for(s, &at.target, "Dodge Check", &dodge);
    if matches!(at.target, Who::Pc(_)) {
        lines.push(Phrase::new("nw-dodge-prana"));
    }
    let c = combat_mut(s)?;
    if let Some(x) = c.attack.as_mut() {
        x.hit = hit;
        x.dodge = Some(dodge);
        x.stage = Stage::Dodge;
    }
    Ok(s.tracker(lines, Lines::new()))
}

/// Step 3: one Defender's Dodge Check (EVA, a Reaction), rolled by its controller: a player for
/// their own PC only, the GM for NPCs. `full` declares Full Dodge. A plain one-target attack
/// becomes a Defender attack here.
pub fn dodge_as(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    who: Option<&str>,
    full: bool,
) -> Result<Vec<Reply>, RuleError> {
    let plain = s
        .combat
        .as_ref()
        .and_then(|c| c.attack.as_ref())
        .is_some_and(|x| x.defenders.is_empty() && x.stage == Stage::Hit);
    if plain {
        // On a copy, so that a refusal changes nothing.
        let mut t = s.clone();
        if let Some(x) = t.combat.as_mut().and_then(|c| c.attack.as_mut()) {
            x.defenders = vec![Defender::new(x.target.clone(), false)];
        }
        let r = dodge_as(&mut t, data, rng, actor, who, full)?;
        *s = t;
        return Ok(r);
    }
    let gm = s.is_gm(actor);
    let at = pending(s, Stage::Hit)?;
    let waiting: Vec<&Who> = at
        .defenders
        .iter()
        .filter(|d| !d.reacted)
        .map(|d| &d.who)
        .collect();
    let w = match who {
        Some(k) => {
            let Some(w) = s.find(k, gm) else {
                return no(Phrase::new("nw-fight-no-combatant").arg("key", k));
            };
            if !at.defenders.iter().any(|d| d.who == w) {
                return no(Phrase::new("nw-fight-not-defender").arg("who", s.name_of(&w)));
            }
            if !waiting.contains(&&w) {
                return no(Phrase::new("nw-fight-reacted").arg("who", s.name_of(&w)));
            }
            w
        }
        None => {
            let mine: Vec<&&Who> = waiting.iter().filter(|w| s.controls(actor, w)).collect();
            match mine.as_slice() {
                [w] => (**w).clone(),
                [] => {
                    return no(match waiting.as_slice() {
                        [w] if !s.hidden(w) => {
                            Phrase::new("nw-fight-dodge-whose").arg("who", s.name_of(w))
                        }
                        _ => Phrase::new("nw-fight-no-dodger"),
                    })
                }
                _ => return no(Phrase::new("nw-fight-several-dodgers")),
            }
        }
    };
    if !s.controls(actor, &w) {
        return no(Phrase::new("nw-fight-dodge-whose").arg("who", s.name_of(&w)));
    }
    if full {
        super::super::access::may_declare(s, data, &w, "Full Dodge")?;
    }
    // The Hit Check is settled by the first Dodge Check (Prana on it comes before).
    let hit = take_open(s, &at.attacker, "Hit Check").unwrap_or(at.hit.clone());
    let h = hit.outcome().result;
    let dodge = s.roll(
        data,
        &w,
        EVA,
        Mode::Opposed {
            against: Some(h),
            attacker: false,
        },
        true,
        false,
        rng,
    );
    let mut line = vec![Value::from(
        Phrase::new("nw-dodge")
            .arg("who", s.name_of(&w))
            .arg("hit", i64::from(h))
            .arg("line", dodge.said_line()),
    )];
    if full {
        line.push(Phrase::new("nw-fight-full-dodge").into());
    }
    if matches!(w, Who::Pc(_)) {
        line.push(Phrase::new("nw-dodge-prana").into());
    }
    let line = Value::Lines(line);
    open_for(s, &w, "Dodge Check", &dodge);
    let hidden = s.hidden(&w);
    let c = combat_mut(s)?;
    if let Some(x) = c.attack.as_mut() {
        x.hit = hit;
        for d in x.defenders.iter_mut().filter(|d| d.who == w) {
            d.dodge = Some(dodge.clone());
            d.reacted = true;
            d.full_dodge = full;
        }
        if x.defenders.iter().all(|d| d.reacted) {
            x.stage = Stage::Dodge;
        }
    }
    Ok(if hidden {
        s.tracker(Lines::new(), Lines(vec![line]))
    } else {
        s.tracker(Lines(vec![line]), Lines::new())
    })
}

/// How the Hit Check compared with one Defender's reaction (step 4).
pub(crate) fn verdict(h: i32, d: &Defender, full_hit: bool) -> Value {
    let dr = d.dodge.as_ref().map(|j| j.outcome().result);
    let full = match (d.auto, full_hit, d.full_dodge) {
        (true, _, _) => return Phrase::new("nw-fight-verdict-auto").into(),
        (_, true, true) => "both",
        (_, _, true) => "dodge",
        (_, true, _) => "hit",
        _ => "none",
    };
    Phrase::new("nw-fight-verdict")
        .arg("hit", i64::from(h))
        .arg(
            "dodge",
            dr.map_or(Value::from(""), |x| Value::from(i64::from(x))),
        )
        .arg("dodged", yes(dr.is_some()))
        .arg("full", full)
        .into()
}
