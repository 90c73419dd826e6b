//! Step 5–6 (digest §10.9, §10.10): the damage roll against each hit Defender's defence roll,
//! then HP Damage and bad statuses land; HP 0 is Incapacitated.

use super::super::{
    attacker_wins, close_damage, combat_mut, end_main, land, open_for, pending, take_open, Actor,
    Attack, Dice, Judge, Mode, NightWizard, NwData, Reply, RuleError, Stage, Who, DAMAGE_ROLL,
    DEFENCE_ROLL, MATK, MDEF, PATK, PDEF,
};
use super::cover::cover_factor;
use super::defence::verdict;
use crate::judge::roll::yes;
use crate::judge::said::{label, no, Lines};
use croupier_core::table::Phrase;

/// Hit compared, damage rolled (one Defender). A PC attacker's damage roll gets its Prana
/// window before the Defender rolls ([`Stage::Defence`], §4.2); an enemy's rolls both at once.
pub(crate) fn damage_one(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let at = pending(s, Stage::Dodge)?;
    if !s.controls(actor, &at.attacker) && !is_gm {
        return no(Phrase::new("nw-fight-rolls-damage"));
    }
    let dodge = take_open(s, &at.target, "Dodge Check")
        .or(at.dodge.clone())
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-fight-no-dodge-yet")))?;
    let h = at.hit.outcome().result;
    let d = dodge.outcome().result;
    let mut lines = Lines::new();
    let mut gm = Lines::new();
    if !attacker_wins(h, d, false, false) {
        lines.push(
            Phrase::new("nw-dodged")
                .arg("hit", i64::from(h))
                .arg("dodge", i64::from(d))
                .arg("who", s.name_of(&at.target)),
        );
        combat_mut(s)?.attack = None;
        end_main(s, data, rng, &mut lines, &mut gm);
        return Ok(s.tracker(lines, gm));
    }
    let def = if at.magic { MDEF } else { PDEF };
    let a = damage_roll(s, data, &at, rng);
    if matches!(at.attacker, Who::Pc(_)) {
        lines.push(
            Phrase::new("nw-hit-damage")
                .arg("hit", i64::from(h))
                .arg("dodge", i64::from(d))
                .arg("stat", label(if at.magic { "MATK" } else { "PATK" }))
                .arg("line", a.said_line()),
        );
        lines.push(Phrase::new("nw-hit-damage-prana").arg("target", s.name_of(&at.target)));
        open_for(s, &at.attacker, DAMAGE_ROLL, &a);
        let c = combat_mut(s)?;
        if let Some(x) = c.attack.as_mut() {
            x.dodge = Some(dodge);
            x.damage_roll = Some(a);
            x.stage = Stage::Defence;
        }
        return Ok(s.tracker(lines, gm));
    }
    let b = s.roll(
        data,
        &at.target,
        def,
        Mode::Opposed {
            against: Some(a.outcome().result),
            attacker: false,
        },
        false,
        false,
        rng,
    );
    let damage = (a.outcome().result - b.outcome().result).max(0);
    lines.push(
        Phrase::new("nw-hit-damage-defence")
            .arg("hit", i64::from(h))
            .arg("dodge", i64::from(d))
            .arg("stat", label(if at.magic { "MATK" } else { "PATK" }))
            .arg("line", a.said_line())
            .arg("def", label(if at.magic { "MDEF" } else { "PDEF" }))
            .arg("defence", b.said_line())
            .arg("damage", i64::from(damage)),
    );
    if matches!(at.attacker, Who::Pc(_)) || matches!(at.target, Who::Pc(_)) {
        lines.push(Phrase::new("nw-damage-prana"));
    }
    open_for(s, &at.attacker, DAMAGE_ROLL, &a);
    open_for(s, &at.target, DEFENCE_ROLL, &b);
    let c = combat_mut(s)?;
    if let Some(x) = c.attack.as_mut() {
        x.dodge = Some(dodge);
        x.damage = damage;
        x.stage = Stage::Damage;
    }
    c.damage_rolls = Some((a, b));
    Ok(s.tracker(lines, gm))
}

/// The one Defender's defence roll after the damage roll's Prana window: the damage roll is
/// settled as it stands (after any Prana), then PDEF/MDEF is rolled against it.
pub(crate) fn defence_one(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let at = pending(s, Stage::Defence)?;
    if !s.controls(actor, &at.attacker) && !s.controls(actor, &at.target) && !s.is_gm(actor) {
        return no(Phrase::new("nw-fight-rolls-defence-one"));
    }
    let a = take_open(s, &at.attacker, DAMAGE_ROLL)
        .or(at.damage_roll.clone())
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-fight-no-damage-roll")))?;
    let def = if at.magic { MDEF } else { PDEF };
    let b = s.roll(
        data,
        &at.target,
        def,
        Mode::Opposed {
            against: Some(a.outcome().result),
            attacker: false,
        },
        false,
        false,
        rng,
    );
    let damage = (a.outcome().result - b.outcome().result).max(0);
    let mut lines = Lines::new();
    lines.push(
        Phrase::new("nw-damage-against")
            .arg("stat", label(if at.magic { "MATK" } else { "PATK" }))
            .arg("line", a.said_line())
            .arg("target", s.name_of(&at.target))
            .arg("def", label(if at.magic { "MDEF" } else { "PDEF" }))
            .arg("defence", b.said_line())
            .arg("damage", i64::from(damage)),
    );
    if matches!(at.target, Who::Pc(_)) {
        lines.push(Phrase::new("nw-defence-prana"));
    }
    open_for(s, &at.target, DEFENCE_ROLL, &b);
    let c = combat_mut(s)?;
    if let Some(x) = c.attack.as_mut() {
        x.damage = damage;
        x.damage_roll = None;
        x.stage = Stage::Damage;
    }
    c.damage_rolls = Some((a, b));
    Ok(s.tracker(lines, Lines::new()))
}

/// HP Damage applied to the one Defender.
pub(crate) fn apply_one(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let at = pending(s, Stage::Damage)?;
    if !s.controls(actor, &at.attacker) && !is_gm {
        return no(Phrase::new("nw-fight-applies"));
    }
    let mut lines = Lines::new();
    close_damage(s, &at);
    land(s, data, &at, &at.target.clone(), at.damage, &mut lines);
    let mut gm = Lines::new();
    combat_mut(s)?.attack = None;
    end_main(s, data, rng, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

/// Steps 4–5: each Defender compared with the one Hit Check (Full Hit and Full Dodge count:
/// both at once, the Defender wins); then ONE damage roll by the attacker against each hit
/// Defender's own PDEF/MDEF Judge (none for an incomplete enemy).
pub fn damage(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let mut at = pending(s, Stage::Dodge)?;
    if !s.controls(actor, &at.attacker) && !s.is_gm(actor) {
        return no(Phrase::new("nw-fight-rolls-damage"));
    }
    if let Some(h) = take_open(s, &at.attacker, "Hit Check") {
        at.hit = h;
    }
    for d in at.defenders.iter_mut() {
        if let Some(j) = take_open(s, &d.who, "Dodge Check") {
            if d.reacted && !d.auto {
                d.dodge = Some(j);
            }
        }
    }
    let h = at.hit.outcome().result;
    for d in at.defenders.iter_mut() {
        d.hit = d.auto
            || match &d.dodge {
                Some(j) => attacker_wins(h, j.outcome().result, at.full_hit, d.full_dodge),
                None => attacker_wins(h, i32::MIN, at.full_hit, d.full_dodge),
            };
    }
    let mut lines = Lines::new();
    let mut gm = Lines::new();
    if !at.defenders.iter().any(|d| d.hit) {
        for d in &at.defenders {
            lines.push(
                Phrase::new("nw-fight-verdict-dodges")
                    .arg("why", verdict(h, d, at.full_hit))
                    .arg("who", s.name_of(&d.who)),
            );
        }
        combat_mut(s)?.attack = None;
        end_main(s, data, rng, &mut lines, &mut gm);
        return Ok(s.tracker(lines, gm));
    }
    let roll_line = |a: &Judge| {
        Phrase::new("nw-fight-damage-each")
            .arg("stat", label(if at.magic { "MATK" } else { "PATK" }))
            .arg("line", a.said_line())
            .arg("def", label(if at.magic { "MDEF" } else { "PDEF" }))
    };
    let a = damage_roll(s, data, &at, rng);
    if matches!(at.attacker, Who::Pc(_)) {
        // §4.2: the attacker's Prana on the damage roll comes before any defence roll.
        lines.push(roll_line(&a));
        for d in &at.defenders {
            lines.push(
                Phrase::new("nw-fight-defender-hit")
                    .arg("who", s.name_of(&d.who))
                    .arg("why", verdict(h, d, at.full_hit))
                    .arg("hit", yes(d.hit)),
            );
        }
        lines.push(Phrase::new("nw-fight-damage-prana-first"));
        open_for(s, &at.attacker, DAMAGE_ROLL, &a);
        let c = combat_mut(s)?;
        if let Some(x) = c.attack.as_mut() {
            x.hit = at.hit;
            x.defenders = at.defenders;
            x.damage_roll = Some(a);
            x.stage = Stage::Defence;
        }
        return Ok(s.tracker(lines, gm));
    }
    lines.push(roll_line(&a));
    defend(s, data, rng, at, a, true, lines, gm)
}

/// The defence rolls after the damage roll's Prana window ([`Stage::Defence`]): the damage
/// roll is settled as it stands and each hit Defender rolls PDEF/MDEF.
pub fn defence(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let at = pending(s, Stage::Defence)?;
    let may = s.is_gm(actor)
        || s.controls(actor, &at.attacker)
        || at.defenders.iter().any(|d| s.controls(actor, &d.who));
    if !may {
        return no(Phrase::new("nw-fight-rolls-defence"));
    }
    let a = take_open(s, &at.attacker, DAMAGE_ROLL)
        .or(at.damage_roll.clone())
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-fight-no-damage-roll")))?;
    let lines = Lines::from(Phrase::new("nw-fight-damage-settled").arg("line", a.said_line()));
    defend(s, data, rng, at, a, false, lines, Lines::new())
}

/// Each hit Defender's defence roll against the damage roll `a` (none for an incomplete
/// enemy), then the Prana window on the defence rolls before the damage is applied.
#[allow(clippy::too_many_arguments)]
fn defend(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    mut at: Attack,
    a: Judge,
    misses: bool,
    mut lines: Lines,
    gm: Lines,
) -> Result<Vec<Reply>, RuleError> {
    let (def, def_name) = if at.magic {
        (MDEF, label("MDEF"))
    } else {
        (PDEF, label("PDEF"))
    };
    let h = at.hit.outcome().result;
    let ar = a.outcome().result;
    for d in at.defenders.iter_mut() {
        let name = s.name_of(&d.who);
        let why = verdict(h, d, at.full_hit);
        if !d.hit {
            if misses {
                lines.push(
                    Phrase::new("nw-fight-defender-hit")
                        .arg("who", name)
                        .arg("why", why)
                        .arg("hit", "no"),
                );
            }
        } else if d.auto {
            d.damage = ar.max(0);
            lines.push(
                Phrase::new("nw-fight-auto-damage")
                    .arg("who", name)
                    .arg("why", why)
                    .arg("damage", i64::from(d.damage)),
            );
        } else {
            let b = s.roll(
                data,
                &d.who,
                def,
                Mode::Opposed {
                    against: Some(ar),
                    attacker: false,
                },
                false,
                false,
                rng,
            );
            d.damage = (ar - b.outcome().result).max(0);
            lines.push(
                Phrase::new("nw-fight-defender-damage")
                    .arg("who", name)
                    .arg("why", why)
                    .arg("def", def_name.clone())
                    .arg("line", b.said_line())
                    .arg("damage", i64::from(d.damage)),
            );
            d.defence = Some(b);
        }
    }
    let pc_defence = at
        .defenders
        .iter()
        .any(|d| d.hit && d.defence.is_some() && matches!(d.who, Who::Pc(_)));
    if misses && (matches!(at.attacker, Who::Pc(_)) || pc_defence) {
        lines.push(Phrase::new("nw-fight-damage-prana-any"));
    } else if !misses && pc_defence {
        lines.push(Phrase::new("nw-fight-defence-prana-any"));
    }
    if misses {
        open_for(s, &at.attacker, DAMAGE_ROLL, &a);
    }
    for d in at.defenders.iter() {
        if let Some(b) = &d.defence {
            open_for(s, &d.who, DEFENCE_ROLL, b);
        }
    }
    let c = combat_mut(s)?;
    if let Some(x) = c.attack.as_mut() {
        x.hit = at.hit;
        x.defenders = at.defenders;
        x.damage_roll = None;
        x.stage = Stage::Damage;
    }
    c.damage_rolls = Some((a.clone(), a));
    Ok(s.tracker(lines, gm))
}

/// Step 6: HP Damage and bad statuses land on each hit Defender; a covered Defender's lands on
/// its coverer instead (× 2 when the coverer failed its own Dodge Check, replacing the
/// coverer's own damage from this attack).
pub fn apply_all(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let at = pending(s, Stage::Damage)?;
    if !s.controls(actor, &at.attacker) && !s.is_gm(actor) {
        return no(Phrase::new("nw-fight-applies"));
    }
    let coverers: Vec<Who> = at
        .defenders
        .iter()
        .filter_map(|d| d.covered_by.clone())
        .collect();
    let mut lines = Lines::new();
    take_open(s, &at.attacker, DAMAGE_ROLL);
    for d in &at.defenders {
        take_open(s, &d.who, DEFENCE_ROLL);
    }
    if let Some(c) = s.combat.as_mut() {
        c.damage_rolls = None;
    }
    for d in at.defenders.iter().filter(|d| d.hit) {
        match &d.covered_by {
            Some(a) => {
                let n = d.damage * cover_factor(&at, a);
                lines.push(
                    Phrase::new("nw-fight-takes-blow")
                        .arg("who", s.name_of(a))
                        .arg("for", s.name_of(&d.who))
                        .arg("damage", i64::from(n)),
                );
                land(s, data, &at, a, n, &mut lines);
            }
            None if coverers.contains(&d.who) => {
                lines.push(Phrase::new("nw-fight-own-replaced").arg("who", s.name_of(&d.who)))
            }
            None => land(s, data, &at, &d.who, d.damage, &mut lines),
        }
    }
    combat_mut(s)?.attack = None;
    let mut gm = Lines::new();
    end_main(s, data, rng, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

/// The attacker's damage roll: PATK, or MATK for a magic attack, as the opposed Judge's
/// attacker (§10.9), for one Defender or many; only the PATK of the weapon the attack is made
/// with counts (§14.4).
fn damage_roll(s: &mut NightWizard, data: &NwData, at: &Attack, rng: &mut impl Dice) -> Judge {
    s.roll_with(
        data,
        &at.attacker,
        if at.magic { MATK } else { PATK },
        Mode::Opposed {
            against: None,
            attacker: true,
        },
        (false, false),
        at.weapon.as_deref(),
        rng,
    )
}
