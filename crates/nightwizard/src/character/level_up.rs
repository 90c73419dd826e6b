//! Level up (§6.2) and class change (§7): one CL at a time, only with a level up the GM
//! granted in the After phase; the result passes the same checks as every edit.

use super::super::data::SkillDef;
use super::super::judge::Dice;
use super::{Catalog, Character, OwnedSkill};
use croupier_core::table::{refuse, RuleError};

/// Level-up: raise CL, then a new skill or a class change.
pub fn level_up(
    c: &mut Character,
    skill: Option<&str>,
    change: Option<(usize, &str)>,
    cat: &Catalog,
) -> Result<String, RuleError> {
    if c.level_ups == 0 {
        return refuse("no level up is allowed yet: the GM allows one in the After phase.");
    }
    let mut next = c.clone();
    next.cl += 1;
    next.level_ups -= 1;
    let mut said = vec![format!("CL {} → {}.", c.cl, next.cl)];
    let mut may_pick = true;
    if let Some((slot, class)) = change {
        let Some(def) = cat.data.class(class) else {
            return refuse(format!("`{class}` is not a class."));
        };
        if slot > 1 {
            return refuse("`slot` is 1 or 2.");
        }
        if next.classes[slot] == def.id {
            return refuse(format!("class {} is already {}.", slot + 1, def.name));
        }
        let old = next.classes[slot].clone();
        if next.attr_classes.is_none() {
            next.attr_classes = Some(next.classes.clone());
        }
        next.classes[slot] = def.id.clone();
        said.push(format!(
            "Class change: {} → {} (combat bonuses, Body and Mind recalculated; attributes unchanged).",
            cat.data.class(&old).map(|c| c.name.as_str()).unwrap_or("?"),
            def.name
        ));
        let autos: Vec<&SkillDef> = cat
            .skills()
            .filter(|s| s.class == def.id && s.is_auto())
            .collect();
        let missing: Vec<&&SkillDef> = autos.iter().filter(|s| next.sl(&s.id) == 0).collect();
        match missing.first() {
            Some(first) => {
                // §7 step 3: the class change takes the place of the new skill, so `skill:`
                // may only choose among the new class's Auto skills; anything else is refused
                // rather than dropped.
                let chosen = match skill {
                    None => first,
                    Some(k) => match missing
                        .iter()
                        .find(|s| s.id == k || s.name.eq_ignore_ascii_case(k))
                    {
                        Some(s) => s,
                        None => {
                            return refuse(format!(
                                "a class change takes the place of the new skill (§7 step 3), so `{k}` cannot come with it: `skill:` may only choose {}'s Auto skill ({}). Level up with the class change alone now and take `{k}` at a later level up, or take `{k}` now without the class change.",
                                def.name,
                                missing
                                    .iter()
                                    .map(|s| s.name.as_str())
                                    .collect::<Vec<_>>()
                                    .join(" or ")
                            ))
                        }
                    },
                };
                next.skills.push(OwnedSkill {
                    id: chosen.id.clone(),
                    sl: 1,
                });
                said.push(format!("Auto skill {}.", chosen.name));
                may_pick = false;
            }
            None => said.push(
                "You already own this class's Auto skills, so you also get a new skill.".into(),
            ),
        }
    }
    if may_pick {
        let Some(k) = skill else {
            // The skills this level up may take, each checked as if named.
            let mut names: Vec<String> = cat
                .skills()
                .filter(|s| level_up(&mut c.clone(), Some(&s.id), change, cat).is_ok())
                .map(|s| format!("{} (`{}`)", s.name, s.id))
                .collect();
            let more = names.len().saturating_sub(25);
            names.truncate(25);
            return refuse(format!(
                "name the new skill with `skill:` (or change class with `slot:` and `class:`). {}",
                if names.is_empty() {
                    "No skill can be taken at this level: change class instead.".to_string()
                } else if more > 0 {
                    format!("You may take: {}, and {more} more.", names.join(", "))
                } else {
                    format!("You may take: {}.", names.join(", "))
                }
            ));
        };
        let Some(s) = cat.skill(k) else {
            return refuse(format!("there is no skill `{k}`."));
        };
        if !s.is_general() && !next.classes.contains(&s.class) {
            return refuse(format!("{} belongs to a class you do not have.", s.name));
        }
        if s.acquire_cl > next.cl {
            return refuse(format!("{} needs CL {}.", s.name, s.acquire_cl));
        }
        if s.category == "trait" {
            return refuse(format!(
                "{} is a Trait: only at character creation.",
                s.name
            ));
        }
        if next.sl(&s.id) + 1 > s.max_sl {
            return refuse(format!("{} is at its max SL {}.", s.name, s.max_sl));
        }
        if let Some(p) = super::validation::secret_problem(&next.classes, &next.skills, s, cat) {
            return refuse(p);
        }
        match next.skills.iter_mut().find(|o| o.id == s.id) {
            Some(o) => o.sl += 1,
            None => next.skills.push(OwnedSkill {
                id: s.id.clone(),
                sl: 1,
            }),
        }
        said.push(format!("New skill: {} SL {}.", s.name, next.sl(&s.id)));
    }
    let v = next.derive(cat);
    let (g1, g1m) = super::derive::group1_bp(next.cl);
    let (g2, g2m) = super::derive::group2_bp(next.cl);
    said.push(format!(
        "Body {} · Mind {}. BP now: group 1 {g1} total ({g1m} per stat), group 2 {g2} total ({g2m} per stat) — spend with `/nw character bp`.",
        v.body, v.mind
    ));
    *c = next;
    Ok(said.join("\n"))
}

/// Takes every allowed level up at random (quick builds with a starting CL above 1),
/// spending the BP each level gives.
pub fn auto_level(c: &mut Character, cat: &Catalog, dice: &mut impl Dice) -> Result<(), RuleError> {
    loop {
        let mut spendable: Vec<usize> = (0..8)
            .filter(|i| {
                let mut t = c.clone();
                t.bp[*i] += 1;
                t.bp_problem().is_none()
            })
            .collect();
        while let Some(i) = super::creation::pick_one(&spendable, dice) {
            c.bp[i] += 1;
            spendable.retain(|j| {
                let mut t = c.clone();
                t.bp[*j] += 1;
                t.bp_problem().is_none()
            });
        }
        if c.level_ups == 0 {
            return Ok(());
        }
        let options: Vec<String> = cat
            .skills()
            .filter(|s| level_up(&mut c.clone(), Some(&s.id), None, cat).is_ok())
            .map(|s| s.id.clone())
            .collect();
        let Some(pick) = super::creation::pick_one(&options, dice) else {
            return refuse(
                "the skill data leaves no skill to take at this level; add General skills.",
            );
        };
        level_up(c, Some(&pick), None, cat)?;
    }
}
