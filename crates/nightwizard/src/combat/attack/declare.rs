//! Step 1–2 of an attack (digest §10.9): the Major Action declares the Defenders, ONE Hit
//! Check; attacking an Incapacitated character kills it (§10.10).

use super::super::super::data::SkillDef;
use super::super::model::{Band, Combat};
use super::super::{
    combat_mut, end_main, incomplete, leave, movement, my_turn, open_for, Actor, Attack, Defender,
    Dice, Mode, NightWizard, NwData, Reply, RuleError, Stage, Who, MACC, MAX_DEFENDERS, PACC,
};
use super::arms::{arms, Arms};
use crate::judge::roll::yes;
use crate::judge::said::{label, no, Lines};
use croupier_core::table::{Phrase, Value};

/// Major Action: attack one target (steps 1–2).
pub(crate) fn attack_one(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    target: &str,
    how: How,
) -> Result<Vec<Reply>, RuleError> {
    let How {
        magic,
        skill_short,
        arm,
        ..
    } = how;
    let is_gm = s.is_gm(actor);
    let me = my_turn(s, actor)?;
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-no-combat")))?;
    c.used.may_major()?;
    let Some(t) = s.find(target, is_gm) else {
        return no(Phrase::new("nw-no-target").arg("target", target));
    };
    if t == me {
        return no(Phrase::new("nw-attack-self"));
    }
    if s.dead(&t) || !(c.fighters.iter().any(|f| f.who == t) || movement::far(c, &t).is_some()) {
        return no(Phrase::new("nw-not-in-fight").arg("who", s.name_of(&t)));
    }
    let band = movement::range_between(c, &me, &t);
    let (magic, arms) = arms(s, data, &me, magic, arm.with, arm.skill, &[band])?;
    in_reach(s, c, (&me, &t), skill_short, &arms)?;
    let mut lines = Lines::new();
    // A hidden enemy that attacks is revealed.
    if let Who::Enemy(l) = &me {
        if s.enemy(l).is_some_and(|e| e.hidden) {
            if let Some(e) = s.enemy_mut(l) {
                e.hidden = false;
            }
            lines.push(Phrase::new("nw-reveals").arg("who", l.as_str()));
        }
    }
    // Attacking an Incapacitated character kills it (§10.10).
    if s.hp_of(&t) == 0 {
        match &t {
            Who::Pc(u) => {
                if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                    p.dead = true;
                }
            }
            Who::Enemy(l) => {
                if let Some(e) = s.enemy_mut(l) {
                    e.dead = true;
                }
            }
        }
        lines.push(
            Phrase::new("nw-attack-kills")
                .arg("who", s.name_of(&me))
                .arg("target", s.name_of(&t)),
        );
        let c = combat_mut(s)?;
        c.fighters.retain(|f| f.who != t);
        leave(c, &t);
        c.used.major = true;
        let mut gm = Lines::new();
        end_main(s, data, rng, &mut lines, &mut gm);
        return Ok(s.tracker(lines, gm));
    }
    let stat = if magic { MACC } else { PACC };
    let hit = s.roll_with(
        data,
        &me,
        stat,
        Mode::Opposed {
            against: None,
            attacker: true,
        },
        (false, false),
        arms.weapon.as_deref(),
        rng,
    );
    lines.push(
        Phrase::new("nw-attack")
            .arg("who", s.name_of(&me))
            .arg("target", s.name_of(&t))
            .arg("with", with_the(&arms))
            .arg("magic", yes(magic))
            .arg("stat", label(if magic { "MACC" } else { "PACC" }))
            .arg("line", hit.said_line()),
    );
    if matches!(me, Who::Pc(_)) {
        lines.push(Phrase::new("nw-attack-prana"));
    }
    open_for(s, &me, "Hit Check", &hit);
    let c = combat_mut(s)?;
    c.used.major = true;
    c.attack_seq += 1;
    c.attack = Some(Attack {
        attacker: me,
        target: t,
        magic,
        stage: Stage::Hit,
        hit,
        dodge: None,
        damage: 0,
        defenders: vec![],
        full_hit: false,
        damage_roll: None,
        weapon: arms.weapon,
    });
    Ok(s.tracker(lines, Lines::new()))
}

/// " with the Longsword" when the attacker chose among weapons.
fn with_the(arms: &Arms) -> Value {
    match &arms.name {
        Some(n) if arms.shown => Phrase::new("nw-attack-with")
            .arg("weapon", n.as_str())
            .into(),
        _ => Value::from(""),
    }
}

/// Step 1 of §10.9: the Defender `t` is in reach of `me`. An attack skill reaches as far as its
/// own Range says (`skill_short`, checked with its Target before its Cost, Long range too); a
/// plain attack as far as its weapon ([`Arms`]), and a weapon whose Range carries the mark
/// cannot target anyone in its wielder's own Engage (§14.3).
fn in_reach(
    s: &NightWizard,
    c: &Combat,
    (me, t): (&Who, &Who),
    skill_short: Option<bool>,
    arms: &Arms,
) -> Result<(), RuleError> {
    let mine = NightWizard::engage_of(c, me);
    let close = mine.is_some() && mine == NightWizard::engage_of(c, t);
    let short = match skill_short {
        Some(far) => far,
        None => movement::reach(s, c, me, t, (arms.short, arms.long))?,
    };
    if !short && !close {
        return no(Phrase::new("nw-fight-out-of-reach").arg("who", s.name_of(t)));
    }
    match (&arms.name, close && skill_short.is_none() && !arms.close) {
        (Some(n), true) => no(Phrase::new("nw-fight-marked-range")
            .arg("weapon", n.as_str())
            .arg("who", s.name_of(t))),
        _ => Ok(()),
    }
}

/// Attacking an Incapacitated character kills it (§10.10).
pub(crate) fn kill(s: &mut NightWizard, t: &Who) {
    match t {
        Who::Pc(u) => {
            if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                p.dead = true;
            }
        }
        Who::Enemy(l) => {
            if let Some(e) = s.enemy_mut(l) {
                e.dead = true;
            }
        }
    }
    if let Some(c) = s.combat.as_mut() {
        c.fighters.retain(|f| &f.who != t);
        leave(c, t);
    }
}

/// Step 1–2 of §10.9 against several Defenders: every target checked (in the fight, in range),
/// then ONE Hit Check. `area` makes every combatant in the first target's Engage a Defender
/// (hidden or Incapacitated ones other than the one named are left out). Incomplete enemies
/// need no Dodge Check.
/// `(area, magic, full_hit)`: over an Engage, magical, Full Hit declared; `with`: the weapon.
pub fn declare(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    targets: &[String],
    (area, magic, full_hit): (bool, bool, bool),
    with: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let how = How {
        area,
        magic,
        full_hit,
        skill_short: None,
        arm: Arm { with, skill: None },
    };
    declare_how(s, data, rng, actor, targets, how)
}

/// What an attack is made with: the weapon named (`with:`), and the attack skill whose
/// Restrict chooses among them ([`arms`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Arm<'a> {
    /// The weapon named (`/nwcombat attack with:`).
    pub with: Option<&'a str>,
    /// The attack skill used.
    pub skill: Option<&'a SkillDef>,
}

/// How an attack with Defenders is declared: over an Engage, magical, Full Hit, and an attack
/// skill's reach past Close (its own Range; `None`: the weapon's).
#[derive(Debug, Clone, Copy)]
pub struct How<'a> {
    /// Every combatant in the first target's Engage.
    pub area: bool,
    /// Magical.
    pub magic: bool,
    /// Full Hit declared.
    pub full_hit: bool,
    /// An attack skill's Range reaches Short (`Some(false)`: Close only).
    pub skill_short: Option<bool>,
    /// The weapon and the attack skill.
    pub arm: Arm<'a>,
}

/// [`declare`] with an attack skill's reach.
pub fn declare_how(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    targets: &[String],
    how: How,
) -> Result<Vec<Reply>, RuleError> {
    let How {
        area,
        magic,
        full_hit,
        skill_short,
        arm,
    } = how;
    let gm = s.is_gm(actor);
    let me = my_turn(s, actor)?;
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-no-combat")))?;
    c.used.may_major()?;
    if full_hit {
        super::super::access::may_declare(s, data, &me, "Full Hit")?;
    }
    let names: Vec<&str> = targets
        .iter()
        .flat_map(|t| t.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    if names.is_empty() {
        return no(Phrase::new("nw-fight-name-target"));
    }
    let mut picked: Vec<Who> = vec![];
    for n in &names {
        let Some(w) = s.find(n, gm) else {
            return no(Phrase::new("nw-no-target").arg("target", *n));
        };
        if !picked.contains(&w) {
            picked.push(w);
        }
    }
    if area {
        if picked.len() > 1 {
            return no(Phrase::new("nw-fight-area-one"));
        }
        let anchor = picked[0].clone();
        if let Some(g) = NightWizard::engage_of(c, &anchor) {
            picked = c.engages[g]
                .iter()
                .filter(|w| {
                    **w != me && (**w == anchor || (!s.hidden(w) && s.hp_of(w) > 0)) && !s.dead(w)
                })
                .cloned()
                .collect();
        }
        if picked.is_empty() {
            return no(Phrase::new("nw-fight-nobody-there"));
        }
    }
    if picked.len() > MAX_DEFENDERS {
        return no(Phrase::new("nw-fight-max-defenders").arg("max", MAX_DEFENDERS as i64));
    }
    let bands: Vec<Band> = picked
        .iter()
        .map(|t| movement::range_between(c, &me, t))
        .collect();
    let (magic, arms) = arms(s, data, &me, magic, arm.with, arm.skill, &bands)?;
    for t in &picked {
        if *t == me {
            return no(Phrase::new("nw-attack-self"));
        }
        let far = skill_short == Some(true) && movement::far(c, t).is_some();
        if s.dead(t) || !(c.fighters.iter().any(|f| &f.who == t) || far) {
            return no(Phrase::new("nw-not-in-fight").arg("who", s.name_of(t)));
        }
        in_reach(s, c, (&me, t), skill_short, &arms)?;
    }
    // Validated: from here on the attack happens.
    let mut lines = Lines::new();
    if let Who::Enemy(l) = &me {
        if s.enemy(l).is_some_and(|e| e.hidden) {
            if let Some(e) = s.enemy_mut(l) {
                e.hidden = false;
            }
            lines.push(Phrase::new("nw-reveals").arg("who", l.as_str()));
        }
    }
    let mut alive = vec![];
    for t in picked {
        if s.hp_of(&t) == 0 {
            lines.push(
                Phrase::new("nw-attack-kills")
                    .arg("who", s.name_of(&me))
                    .arg("target", s.name_of(&t)),
            );
            kill(s, &t);
        } else {
            alive.push(t);
        }
    }
    if alive.is_empty() {
        combat_mut(s)?.used.major = true;
        let mut gm_lines = Lines::new();
        end_main(s, data, rng, &mut lines, &mut gm_lines);
        return Ok(s.tracker(lines, gm_lines));
    }
    let hit = s.roll_with(
        data,
        &me,
        if magic { MACC } else { PACC },
        Mode::Opposed {
            against: None,
            attacker: true,
        },
        (false, false),
        arms.weapon.as_deref(),
        rng,
    );
    let list: Vec<Value> = alive.iter().map(|w| Value::from(s.name_of(w))).collect();
    lines.push(
        Phrase::new("nw-fight-attack-all")
            .arg("who", s.name_of(&me))
            .arg("targets", crate::words::joined("nw-join-comma", list))
            .arg("with", with_the(&arms))
            .arg("magic", yes(magic))
            .arg("area", yes(area))
            .arg("stat", label(if magic { "MACC" } else { "PACC" }))
            .arg("line", hit.said_line()),
    );
    if full_hit {
        lines.push(Phrase::new("nw-fight-full-hit"));
    }
    let defenders: Vec<Defender> = alive
        .into_iter()
        .map(|w| {
            let auto = incomplete(s, &w);
            if auto {
                lines.push(Phrase::new("nw-fight-incomplete-hit").arg("who", s.name_of(&w)));
            }
            Defender::new(w, auto)
        })
        .collect();
    if matches!(me, Who::Pc(_)) {
        lines.push(Phrase::new("nw-fight-attack-prana"));
    }
    open_for(s, &me, "Hit Check", &hit);
    let all_auto = defenders.iter().all(|d| d.auto);
    let c = combat_mut(s)?;
    c.used.major = true;
    c.attack_seq += 1;
    c.attack = Some(Attack {
        attacker: me,
        target: defenders[0].who.clone(),
        magic,
        stage: if all_auto { Stage::Dodge } else { Stage::Hit },
        hit,
        dodge: None,
        damage: 0,
        defenders,
        full_hit,
        damage_roll: None,
        weapon: arms.weapon,
    });
    Ok(s.tracker(lines, Lines::new()))
}
