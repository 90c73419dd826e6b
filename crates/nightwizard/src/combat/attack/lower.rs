//! Lowering the attack and spawn commands to their actions (used by the session's parse).

use crate::words::no;
use croupier_core::table::Phrase;

use super::super::{Actor, CombatAction, NightWizard, NwData, RuleError, MAX_DEFENDERS};

use super::super::super::character::roster::NwShared;
use super::super::super::character::Character;

pub(crate) fn short(v: &str) -> String {
    v.trim().chars().take(80).collect()
}

/// Lowers `/nwcombat attack`: one target, or several targets, an area or a Full Hit.
pub fn lower_attack(
    target: Option<String>,
    magic: Option<bool>,
    targets: Option<String>,
    area: Option<bool>,
    fullhit: Option<bool>,
    with: Option<String>,
) -> Result<CombatAction, RuleError> {
    let with = with.map(|w| short(&w)).filter(|w| !w.is_empty());
    let magic = magic.unwrap_or(false);
    let area = area.unwrap_or(false);
    let full_hit = fullhit.unwrap_or(false);
    if targets.is_none() && !area && !full_hit {
        let Some(target) = target else {
            return no(Phrase::new("nw-fight-attack-whom"));
        };
        return Ok(CombatAction::Attack {
            target,
            magic,
            with,
        });
    }
    let mut all = vec![];
    if let Some(t) = &target {
        all.push(short(t));
    }
    if let Some(t) = &targets {
        all.extend(t.split(',').map(short).filter(|x| !x.is_empty()));
    }
    if all.len() > MAX_DEFENDERS {
        return no(Phrase::new("nw-fight-max-defenders").arg("max", MAX_DEFENDERS as i64));
    }
    Ok(CombatAction::AttackMany {
        targets: all,
        area,
        magic,
        full_hit,
        with,
    })
}

/// Lowers `/nwcombat dodge`: the attack's Defender, or a named Defender or a Full Dodge.
pub fn lower_dodge(who: Option<String>, full: Option<bool>) -> CombatAction {
    let full = full.unwrap_or(false);
    if who.is_none() && !full {
        return CombatAction::Dodge;
    }
    CombatAction::DodgeAs {
        who: who.as_deref().map(short),
        full,
    }
}

/// Lowers `/nwcombat coverup`: for the attack's target, or for a named one.
pub fn lower_coverup(who: Option<String>, target: Option<String>) -> CombatAction {
    match target {
        None => CombatAction::CoverUp(who),
        Some(t) => CombatAction::CoverFor {
            who: who.as_deref().map(short),
            target: short(&t),
        },
    }
}

pub(crate) fn data_enemy(s: &NightWizard, data: &NwData, n: &str) -> bool {
    let n = n.trim();
    data.enemies
        .iter()
        .chain(s.custom.enemies.iter())
        .any(|e| e.id.eq_ignore_ascii_case(n) || e.name.eq_ignore_ascii_case(n))
}

pub(crate) fn roster_character<'a>(
    shared: &'a NwShared,
    gm: &Actor,
    n: &str,
) -> Option<&'a Character> {
    let n = n.trim();
    let named = |c: &&Character| c.name.eq_ignore_ascii_case(n);
    shared
        .characters
        .iter()
        .filter(named)
        .find(|c| c.owner == gm.id)
        .or_else(|| shared.characters.iter().find(named))
}

/// What `/nwenemy spawn` asks for.
pub struct SpawnRequest {
    /// Enemy name or id (or a roster character's name, for a Guest).
    pub name: String,
    /// Label.
    pub label: Option<String>,
    /// Hidden from the players.
    pub hidden: bool,
    /// HP made on the spot.
    pub hp: Option<i32>,
    /// A Guest built like a PC.
    pub guest: bool,
    /// An incomplete enemy.
    pub incomplete: bool,
}

/// Lowers `/nwenemy spawn`: an enemy from the data, an incomplete enemy, or a Guest (`guest:true`,
/// or a name found only in the roster). A Guest takes a snapshot of the roster character (the
/// GM's own first), so replays never need the roster.
pub fn lower_spawn(
    s: &NightWizard,
    actor: &Actor,
    r: SpawnRequest,
    data: &NwData,
    shared: &NwShared,
) -> Result<CombatAction, RuleError> {
    let name: String = r.name.chars().take(80).collect();
    let SpawnRequest {
        label,
        hidden,
        hp,
        guest,
        incomplete,
        ..
    } = r;
    let roster_only = !data_enemy(s, data, &name)
        && shared
            .characters
            .iter()
            .any(|c| c.name.eq_ignore_ascii_case(name.trim()));
    if !guest && !incomplete && !roster_only {
        return Ok(CombatAction::Spawn {
            name,
            label,
            hidden,
            hp,
        });
    }
    if guest && incomplete {
        return no(Phrase::new("nw-fight-guest-incomplete"));
    }
    if incomplete {
        return Ok(CombatAction::SpawnIncomplete {
            name,
            label,
            hidden,
            hp,
        });
    }
    let Some(ch) = roster_character(shared, actor, &name) else {
        return no(Phrase::new("nw-fight-no-guest").arg("name", name.as_str()));
    };
    Ok(CombatAction::SpawnGuest {
        character: Box::new(ch.clone()),
        custom: Box::new(shared.custom.clone()),
        label,
        hidden,
    })
}
