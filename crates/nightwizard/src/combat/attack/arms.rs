//! What a PC's attack is made with (§14.3, §14.4, §15.5): "An attack uses only one weapon"; a
//! PC holding two names it (`with:`), else the one that reaches every Defender (a marked
//! Range never reaches the wielder's own Engage) and meets the attack skill's "X Use", the
//! highest PATK first (a magical attack: the enchantment with the highest MATK). Only that
//! weapon's PATK counts in the attack, and its Range is the attack's.

use super::super::super::character::restrict::Using;
use super::super::super::data::{ItemDef, SkillDef, STATS};
use super::super::model::Band;
use super::super::{NightWizard, NwData, RuleError, UserId, Who};
use croupier_core::table::{Phrase, Value};

/// The weapon an attack is made with, and how far it reaches.
#[derive(Debug, Clone, Default)]
pub(crate) struct Arms {
    /// Its item id (none: bare hands, or a magical attack with no enchantment).
    pub weapon: Option<String>,
    /// Its name.
    pub name: Option<String>,
    /// The attacker had a choice to make (the reply says which).
    pub shown: bool,
    /// Reaches the attacker's own Engage (a marked Range does not, §14.3).
    pub close: bool,
    /// Reaches Short range.
    pub short: bool,
    /// Reaches Long range.
    pub long: bool,
}

fn patk_or_matk(d: &ItemDef, magic: bool) -> i32 {
    let k = STATS[if magic { 4 } else { 3 }];
    d.mods.get(k).copied().unwrap_or(0)
}

/// The one with the highest PATK (MATK), the first of equals.
fn best<'a>(v: &[&'a ItemDef], magic: bool) -> Option<&'a ItemDef> {
    v.iter()
        .rev()
        .copied()
        .max_by_key(|d| patk_or_matk(d, magic))
}

fn reaches(d: &ItemDef, band: Band) -> bool {
    let r = d.reach();
    match band {
        Band::Close => r.close,
        Band::Short => r.short,
        Band::Long => r.long,
        Band::Extreme => false,
    }
}

/// The weapon PC `u` attacks with against Defenders at `bands`: the one named `with` (refused
/// if it holds none so called, or the attack skill's Restrict refuses it), else the best that
/// fits; none when it holds none (bare hands reach Close; a magical attack reaches Short).
pub(crate) fn pc_arms(
    s: &NightWizard,
    data: &NwData,
    u: &UserId,
    magic: bool,
    with: Option<&str>,
    skill: Option<&SkillDef>,
    bands: &[Band],
) -> Result<Arms, RuleError> {
    let cat = s.catalog(data);
    let Some(p) = s.pcs.iter().find(|p| &p.user == u) else {
        return Ok(Arms {
            close: true,
            ..Arms::default()
        });
    };
    let mut pool: Vec<&ItemDef> =
        p.ch.equipped(&cat)
            .into_iter()
            .filter(|d| {
                if magic {
                    d.kind == "enchantment" && matches!(d.slot.as_str(), "one_hand" | "two_hand")
                } else {
                    d.is_weapon()
                }
            })
            .collect();
    // Two of one weapon are one choice.
    let mut seen: Vec<&str> = vec![];
    pool.retain(|d| {
        let new = !seen.contains(&d.id.as_str());
        seen.push(&d.id);
        new
    });
    let unmet = |d: &ItemDef| skill.and_then(|k| p.ch.restrict_unmet(k, &cat, Using::Attack(d)));
    let chosen = match with.map(str::trim) {
        Some(w) => {
            let Some(d) = pool
                .iter()
                .find(|d| d.id.eq_ignore_ascii_case(w) || d.name.eq_ignore_ascii_case(w))
            else {
                let held: Vec<Value> = pool.iter().map(|d| d.said_name()).collect();
                return crate::words::no(
                    Phrase::new("nw-fight-holds-no")
                        .arg("who", p.ch.name.as_str())
                        .arg("with", w)
                        .arg(
                            "held",
                            crate::words::join(
                                "nw-join-comma",
                                held,
                                Phrase::new("nw-fight-nothing").into(),
                            ),
                        ),
                );
            };
            if let Some(why) = unmet(d) {
                return crate::words::no(why);
            }
            Some(*d)
        }
        None => {
            let fits: Vec<&ItemDef> = pool
                .iter()
                .copied()
                .filter(|d| unmet(d).is_none())
                .collect();
            if let Some(why) = pool
                .first()
                .filter(|_| fits.is_empty())
                .and_then(|d| unmet(d))
            {
                return crate::words::no(why);
            }
            let reaching: Vec<&ItemDef> = fits
                .iter()
                .copied()
                .filter(|d| bands.iter().all(|b| reaches(d, *b)))
                .collect();
            best(&reaching, magic).or_else(|| best(&fits, magic))
        }
    };
    let shown = pool.len() > 1 || with.is_some();
    let name = chosen.map(|d| d.name.clone());
    Ok(match chosen {
        Some(d) if !magic => {
            let r = d.reach();
            Arms {
                weapon: Some(d.id.clone()),
                name,
                shown,
                close: r.close,
                short: r.short,
                long: r.long,
            }
        }
        Some(d) => Arms {
            weapon: Some(d.id.clone()),
            name,
            shown,
            close: true,
            short: true,
            long: d.reach().long,
        },
        None => Arms {
            close: true,
            short: magic,
            ..Arms::default()
        },
    })
}

/// What `me` attacks with against Defenders at `bands`, and whether the attack is magical: a
/// PC's weapon ([`pc_arms`]); an enemy's own attack (its data's `Magical`, `Short`, `Long`;
/// an allied Guest's magic reaches Short), which names no weapon.
pub(crate) fn arms(
    s: &NightWizard,
    data: &NwData,
    me: &Who,
    magic: bool,
    with: Option<&str>,
    skill: Option<&SkillDef>,
    bands: &[Band],
) -> Result<(bool, Arms), RuleError> {
    match me {
        Who::Pc(u) => Ok((magic, pc_arms(s, data, u, magic, with, skill, bands)?)),
        Who::Enemy(_) if with.is_some() => crate::words::no(Phrase::new("nw-fight-enemy-with")),
        Who::Enemy(l) => Ok(s.enemy(l).map_or(
            (
                false,
                Arms {
                    close: true,
                    ..Arms::default()
                },
            ),
            |e| {
                let m = e.magic || (e.ally && magic);
                let arms = Arms {
                    close: true,
                    short: e.short || m,
                    long: e.attack.contains("Long"),
                    ..Arms::default()
                };
                (m, arms)
            },
        )),
    }
}
