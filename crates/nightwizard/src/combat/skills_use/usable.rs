//! What a character may use: its own skills and items (the GM's enemies: any in the
//! catalog), with Restrict checked, read into a [`Usable`].

use super::super::super::character::restrict::Using;
use super::super::super::data::{Aim, Reach};
use super::super::{Actor, NightWizard, NwData, RuleError, Who};
use crate::judge::said::no;
use croupier_core::table::Phrase;

use super::{parse_cost, Timing, Usable};

pub(super) fn skill_usable(def: &super::super::super::data::SkillDef, sl: u32) -> Usable {
    let attack = (def.check.eq_ignore_ascii_case("hit check"))
        .then(|| def.category == "spell" || def.effect.contains("Magical Attack"));
    Usable {
        name: def.name.clone(),
        name_ja: def.name_ja.clone(),
        key: def.id.clone(),
        sl,
        timing: Timing::parse(&def.timing),
        timing_text: def.timing.clone(),
        cost_text: def.cost.clone(),
        cost: parse_cost(&def.cost, sl),
        effect: def.effect.clone(),
        effect_ja: def.effect_ja.clone(),
        recovery: Usable::recovery_of(&def.effects, &def.effect, sl),
        cures: Usable::cures_of(&def.effects, &def.effect),
        consumable: None,
        attack,
        effects: def.effects.clone(),
        once: def.once,
        // An empty field (a skill added in chat without it) is not checked.
        reach: Some(def.range.trim())
            .filter(|r| !r.is_empty())
            .and_then(Reach::read),
        aim: Some(def.target.trim())
            .filter(|t| !t.is_empty())
            .and_then(Aim::read),
    }
}

pub(super) fn item_usable(def: &super::super::super::data::ItemDef) -> Result<Usable, RuleError> {
    let Some(timing) = Timing::of_item(&def.effect) else {
        return no(Phrase::new("nw-sk-item-no-timing").arg("name", def.said_name()));
    };
    Ok(Usable {
        name: def.name.clone(),
        name_ja: def.name_ja.clone(),
        key: format!("item:{}", def.id),
        sl: 1,
        timing,
        timing_text: timing.label().to_string(),
        cost_text: "-".into(),
        cost: vec![],
        effect: def.effect.clone(),
        effect_ja: def.effect_ja.clone(),
        recovery: Usable::recovery_of(&def.effects, &def.effect, 1),
        cures: Usable::cures_of(&def.effects, &def.effect),
        consumable: def.effect.contains("Consumable").then(|| def.id.clone()),
        attack: None,
        effects: def.effects.clone(),
        once: None,
        // An item's use names no Range (its `range` is its weapon's): not checked; one
        // character, the user or another.
        reach: None,
        aim: Some(Aim::Single),
    })
}

/// Finds what `me` uses: a PC's own skill or item; for the GM's enemies any skill or item
/// in the catalog (enemies have no lists).
pub(super) fn usable(
    s: &NightWizard,
    data: &NwData,
    me: &Who,
    skill: Option<&str>,
    item: Option<&str>,
) -> Result<Usable, RuleError> {
    let cat = s.catalog(data);
    let pc = match me {
        Who::Pc(u) => s.pcs.iter().find(|p| &p.user == u),
        Who::Enemy(_) => None,
    };
    match (skill, item) {
        (Some(k), None) => {
            let Some(def) = cat.skill(k) else {
                return no(Phrase::new("nw-sk-no-skill").arg("name", k));
            };
            let sl = match pc {
                Some(p) => {
                    let sl = p.ch.sl(&def.id);
                    if sl == 0 {
                        return no(Phrase::new("nw-sk-not-owned")
                            .arg("who", p.ch.name.as_str())
                            .arg("name", def.said_name()));
                    }
                    if !p.ch.skill_active(def) {
                        return no(Phrase::new("nw-sk-secret-left")
                            .arg("name", def.said_name())
                            .arg("who", p.ch.name.as_str()));
                    }
                    // Restrict (§15.5), checked before anything is paid; an attack skill's
                    // "X Use" again against the weapon its attack is made with.
                    if let Some(why) = p.ch.restrict_unmet(def, &cat, Using::Held) {
                        return no(why);
                    }
                    sl
                }
                None => 1,
            };
            Ok(skill_usable(def, sl))
        }
        (None, Some(k)) => {
            let Some(def) = cat.item(k) else {
                return no(Phrase::new("nw-sk-no-item").arg("name", k));
            };
            if let Some(p) = pc {
                if !p.ch.items.iter().any(|i| i.id == def.id) {
                    return no(Phrase::new("nw-sk-item-not-held")
                        .arg("who", p.ch.name.as_str())
                        .arg("name", def.said_name()));
                }
            }
            item_usable(def)
        }
        _ => no(Phrase::new("nw-sk-name-one")),
    }
}

/// The character the actor uses a skill for: their PC, or (GM) an enemy named with `who`, or
/// the enemy whose Main Process it is.
pub(super) fn user_of(s: &NightWizard, actor: &Actor, who: Option<&str>) -> Result<Who, RuleError> {
    let is_gm = s.is_gm(actor);
    if is_gm {
        if let Some(k) = who {
            return match s.find(k, true) {
                Some(w @ Who::Enemy(_)) => Ok(w),
                _ => no(Phrase::new("nw-sk-no-enemy-label").arg("label", k)),
            };
        }
        return match s.combat.as_ref().and_then(|c| c.current.clone()) {
            Some(w @ Who::Enemy(_)) => Ok(w),
            _ => no(Phrase::new("nw-sk-gm-who")),
        };
    }
    match s.pcs.iter().find(|p| p.user == actor.id) {
        Some(p) => Ok(Who::Pc(p.user.clone())),
        None => Err(crate::state::join_first()),
    }
}
