//! The attack (digest §10.9, §10.10, §10.13, §13), one model for any number of Defenders:
//! declare (the Major Action names the Defenders, ONE Hit Check) → each Defender's reaction
//! (Dodge Check, Full Dodge; an incomplete enemy needs none) → ONE damage roll against each hit
//! Defender's defence roll → Cover Up → the HP Damage lands. The round calls the step functions
//! here directly ([`attack`], [`dodge`], [`damage`], [`apply_damage`], [`cover_up`]).
//!
//! A one-target attack declared with `/nwcombat attack target:` keeps its compact form (the
//! `Attack` without `defenders`) until a step needs the Defender list (Full Dodge, `who:`,
//! Cover Up naming `for:`), so that stored games replay to the same state.

use super::access::{incomplete, multi};
use super::{Actor, Dice, NightWizard, NwData, Reply, RuleError, Stage, Who};

pub mod arms;
pub mod cover;
pub mod damage;
pub mod declare;
pub mod defence;
pub mod judges;
pub mod lower;

pub use cover::{cover, cover_up};
pub use damage::apply_all;
pub use declare::{declare, declare_how, Arm, How};
pub use defence::dodge_as;
pub use lower::{lower_attack, lower_coverup, lower_dodge, lower_spawn, SpawnRequest};

/// The attacker (the current fighter) and the target named, if both exist.
fn find_target(s: &NightWizard, actor: &Actor, target: &str) -> Option<(Who, Who)> {
    let t = s.find(target, s.is_gm(actor))?;
    let me = s.combat.as_ref()?.current.clone()?;
    Some((me, t))
}

/// Step 1–2: the Major Action attacks `target`. An incomplete enemy, or a Guest's magic,
/// takes the Defender form from the start.
pub fn attack(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    target: &str,
    magic: bool,
    with: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let how = How {
        area: false,
        magic,
        full_hit: false,
        skill_short: None,
        arm: Arm { with, skill: None },
    };
    attack_reaching(s, data, rng, actor, target, how)
}

/// [`attack`] on one target as `how` says: by an attack skill whose own Range reaches Short
/// (`skill_short: Some(true)`) or only Close, with the weapon named.
pub fn attack_reaching(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    target: &str,
    how: How,
) -> Result<Vec<Reply>, RuleError> {
    if let Some((me, t)) = find_target(s, actor, target) {
        let guest_magic =
            how.magic && matches!(&me, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.ally));
        if incomplete(s, &t) || guest_magic {
            let targets = [target.to_string()];
            return declare_how(s, data, rng, actor, &targets, how);
        }
    }
    declare::attack_one(s, data, rng, actor, target, how)
}

/// Step 3: the (only waiting) Defender's Dodge Check, rolled by its controller.
pub fn dodge(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    if multi(s) {
        dodge_as(s, data, rng, actor, None, false)
    } else {
        defence::dodge_one(s, data, rng, actor)
    }
}

/// Steps 4–5 in the rules' order: compare, the damage roll (a PC attacker's Prana window on
/// it is open now), then — `/nwcombat damage` again — the defence roll. An enemy attacker
/// spends no Prana: both are rolled at once.
pub fn roll_damage(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let defence = s
        .combat
        .as_ref()
        .and_then(|c| c.attack.as_ref())
        .is_some_and(|x| x.stage == Stage::Defence);
    match (multi(s), defence) {
        (true, true) => damage::defence(s, data, rng, actor),
        (true, false) => damage::damage(s, data, rng, actor),
        (false, true) => damage::defence_one(s, data, rng, actor),
        (false, false) => damage::damage_one(s, data, rng, actor),
    }
}

/// Step 6: the HP Damage lands.
pub fn apply_damage(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    if multi(s) {
        apply_all(s, data, rng, actor)
    } else {
        damage::apply_one(s, data, rng, actor)
    }
}

#[cfg(test)]
mod tests;
