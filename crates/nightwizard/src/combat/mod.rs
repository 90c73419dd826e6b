//! Round-progression combat (digest §10) and the GM's table (§13), cut along the rules' seams:
//!
//! | Rulebook | Where |
//! |---|---|
//! | §10 combatants, engagements, the fight's state | [`model`], [`action`], [`access`] |
//! | §10.1, §10.9 step 6 losing HP, Incapacitated at 0 | [`harm`] |
//! | §10.1–§10.4, §10.14 Setup, Initiative, Main, Cleanup Processes | [`round`] |
//! | §10.1, §10.10 Incapacitated mid-turn, Dead | [`life`] |
//! | §10.5–§10.6 invade, withdraw, blockade, Minor Action | [`engage`] |
//! | §10.6–§10.7, §9.3 ranges, movement, retreat | [`movement`] |
//! | §10.9–§10.10, §10.13 the attack (any number of Defenders), Cover Up | [`attack`] |
//! | §10.11–§10.12 recovery, bad statuses | [`recovery`] |
//! | §15.3–§15.5 skills and items in the fight | [`skills_use`] |
//! | §10.4 handing an item over (a Major Action) | [`hand_over`] |
//! | §13 the GM's table: enemies, incomplete enemies, Guests | [`table`] |
//! | the public/GM tracker | [`tracker`] |
//!
//! Imports point one way (`tests/architecture.rs` refuses any circle): [`model`] holds every
//! stored type of the fight and imports no rule; [`access`] (reads every rule shares: finding,
//! naming and siding combatants, who sees whom) and [`harm`] sit on it; the Setup/Cleanup
//! windows and the attack's open Judges under [`round`]; the actions (attack, engage, movement,
//! skills) over the round; [`apply`] is the one entry point, and no file calls back into the
//! session's dispatcher.

use serde::{Deserialize, Serialize};

use super::data::{EnemyDef, NwData};
use super::judge::{attacker_wins, Cf, Dice, Judge, Mode};
use super::state::{NightWizard, OpenJudge};
pub use super::status::status_text;
use super::status::{BadStatus, BadStatuses};
use croupier_core::table::{Actor, ButtonStyle, Decision, Message, Reply, RuleError, UserId};

pub mod access;
pub mod action;
pub mod attack;
pub mod boss;
pub mod effects;
pub mod engage;
pub mod hand_over;
pub mod harm;
pub mod identify;
pub mod life;
pub mod model;
pub mod round;
pub mod table;
pub mod tracker;

/// Ranges, movement, flight, retreat and Appearance Checks (§10.6, §10.7, §9.3).
pub mod movement;
/// Recovery Judges, rests and curing bad statuses (§10.11, §10.12).
pub mod recovery;
/// Skills and items in the fight (§15).
pub mod skills_use;

pub(crate) use access::{combat_mut, incomplete, mention};
pub use access::{foes, key_part, pc_side, rank, sees};
pub use action::CombatAction;
pub use attack::judges::sync_open;
pub(crate) use attack::judges::{
    close_damage, open_for, pending, take_open, DAMAGE_ROLL, DEFENCE_ROLL,
};
pub(crate) use engage::leave;
pub(crate) use harm::{hurt, land};
pub use life::incapacitated;
pub use model::{
    enemy_from, initiative_count, Attack, Combat, Defender, Enemy, Fighter, GuestBuild, Stage,
    Used, Who, MAX_DEFENDERS,
};
pub(crate) use model::{EVA, MACC, MATK, MDEF, PACC, PATK, PDEF, SPD};
pub(crate) use round::{end_main, initiative, my_turn, new_round, standing};

pub use tracker::condition;
pub(crate) use tracker::visible_engages;

/// After Prana on `user`'s open Judge (§4.2), what it changes outside the attack: a SPD
/// Judge's Count, an Appearance Check that now succeeds, a Recovery Judge's healing, an Enemy
/// Identify Judge that now succeeds.
pub fn after_prana(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    user: &UserId,
) -> Vec<Reply> {
    round::after_prana(s, data, rng, user)
        .or_else(|| movement::arrive::after_prana(s, data, rng, user))
        .or_else(|| recovery::after_prana(s, data, user))
        .or_else(|| identify::after_prana(s, data, user))
        .unwrap_or_default()
}

/// Applies a combat or GM-table action: each action goes straight to the file that owns its
/// rule (no interceptors; an attack's steps go to [`attack`], which holds the one attack model).
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    a: &CombatAction,
) -> Result<Vec<Reply>, RuleError> {
    // §14.8: a Passenger takes no Move Actions; whoever moves, the Passengers stay with their
    // Driver.
    let moves = matches!(
        a,
        CombatAction::Invade(_)
            | CombatAction::Withdraw
            | CombatAction::Move(model::MoveAction::To { .. })
    );
    if moves {
        if let Some(e) = movement::rides::passenger_refusal(s, actor) {
            return Err(e);
        }
    }
    let mut out = apply_one(s, data, rng, actor, a)?;
    if let Some(line) = movement::rides::carry(s) {
        out.push(Reply::public(crate::judge::said::say(line)));
    }
    Ok(out)
}

/// [`apply`] for one action, before the Passengers are carried along.
fn apply_one(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    a: &CombatAction,
) -> Result<Vec<Reply>, RuleError> {
    match a {
        CombatAction::Spawn {
            name,
            label,
            hidden,
            hp,
        } => table::spawn(s, data, name, label, hidden, hp),
        CombatAction::Reveal(label) => table::reveal(s, data, label),
        CombatAction::Remove(label) => table::remove(s, label),
        CombatAction::SetEnemy {
            label,
            hp,
            mp,
            status,
        } => table::set(s, data, rng, label, *hp, *mp, status.as_deref()),
        CombatAction::Note(t) => table::note(s, t),
        CombatAction::Open { any_seven, windows } => {
            s.prana_windows |= *windows;
            round::start(s, data, rng, any_seven)
        }
        CombatAction::End => round::end(s),
        CombatAction::Engage(x, y) => engage::engage_two(s, x, y),
        CombatAction::Go(key) => round::go(s, data, rng, actor, key),
        CombatAction::Invade(key) => engage::invade(s, actor, key),
        CombatAction::Withdraw => engage::withdraw(s, data, rng, actor),
        CombatAction::Blockade(label) => engage::blockade(s, label),
        CombatAction::Minor => engage::minor(s, actor),
        CombatAction::Pass => round::pass(s, data, rng, actor),
        CombatAction::Attack {
            target,
            magic,
            with,
        } => attack::attack(s, data, rng, actor, target, *magic, with.as_deref()),
        CombatAction::Identify(target) => identify::identify(s, data, rng, actor, target),
        CombatAction::AttackMany {
            targets,
            area,
            magic,
            full_hit,
            with,
        } => attack::declare(
            s,
            data,
            rng,
            actor,
            targets,
            (*area, *magic, *full_hit),
            with.as_deref(),
        ),
        CombatAction::Dodge => attack::dodge(s, data, rng, actor),
        CombatAction::DodgeAs { who, full } => {
            attack::dodge_as(s, data, rng, actor, who.as_deref(), *full)
        }
        CombatAction::RollDamage => attack::roll_damage(s, data, rng, actor),
        CombatAction::ApplyDamage => attack::apply_damage(s, data, rng, actor),
        CombatAction::CoverUp(key) => attack::cover_up(s, data, rng, actor, key.as_deref()),
        CombatAction::CoverFor { who, target } => {
            attack::cover(s, data, rng, actor, who.as_deref(), Some(target))
        }
        CombatAction::Move(m) => movement::apply(s, data, rng, actor, m),
        CombatAction::Heal {
            target,
            recovery,
            mp,
            who,
            windows,
        } => {
            s.prana_windows |= *windows;
            recovery::heal(s, data, rng, actor, target, *recovery, *mp, who.as_deref())
        }
        CombatAction::Use {
            skill,
            item,
            target,
            who,
            with,
        } => skills_use::declare::use_skill(
            s,
            data,
            rng,
            actor,
            (skill.as_deref(), item.as_deref()),
            target.as_deref(),
            who.as_deref(),
            with.as_deref(),
        ),
        CombatAction::Skip(who) => skills_use::declare::skip(s, data, rng, actor, who.as_deref()),
        CombatAction::Cure { target, status } => recovery::cure(s, target, status),
        CombatAction::EndEffect(n) => effects::end_effect(s, actor, *n),
        CombatAction::Give { item, to } => hand_over::give(s, data, rng, actor, item, to),
        CombatAction::SpawnIncomplete {
            name,
            label,
            hidden,
            hp,
        } => table::spawn_incomplete(s, data, name, label, *hidden, *hp),
        CombatAction::SpawnGuest {
            character,
            custom,
            label,
            hidden,
        } => table::spawn_guest(s, data, character, custom, label, *hidden),
    }
}

#[cfg(test)]
mod tests;
