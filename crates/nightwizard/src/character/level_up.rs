//! Level up (§6.2) and class change (§7): one CL at a time, only with a level up the GM
//! granted in the After phase; the result passes the same checks as every edit.

use super::super::data::SkillDef;
use super::super::judge::Dice;
use super::super::words::{joined, no};
use super::{Catalog, Character, OwnedSkill};
use croupier_core::table::{Phrase, RuleError, Value};

/// Level-up: raise CL, then a new skill or a class change.
pub fn level_up(
    c: &mut Character,
    skill: Option<&str>,
    change: Option<(usize, &str)>,
    cat: &Catalog,
) -> Result<Phrase, RuleError> {
    if c.level_ups == 0 {
        return no(Phrase::new("nw-levelup-none"));
    }
    let mut next = c.clone();
    next.cl += 1;
    next.level_ups -= 1;
    let mut said: Vec<Value> = vec![Value::from(
        Phrase::new("nw-levelup-cl")
            .arg("from", i64::from(c.cl))
            .arg("to", i64::from(next.cl)),
    )];
    let mut may_pick = true;
    if let Some((slot, class)) = change {
        let Some(def) = cat.data.class(class) else {
            return no(Phrase::new("nw-levelup-no-class").arg("value", class));
        };
        if slot > 1 {
            return no(Phrase::new("nw-levelup-slot"));
        }
        if next.classes[slot] == def.id {
            return no(Phrase::new("nw-levelup-same-class")
                .arg("slot", (slot + 1) as i64)
                .arg("name", def.said_name()));
        }
        let old = next.classes[slot].clone();
        if next.attr_classes.is_none() {
            next.attr_classes = Some(next.classes.clone());
        }
        next.classes[slot] = def.id.clone();
        said.push(Value::from(
            Phrase::new("nw-levelup-class-change")
                .arg(
                    "from",
                    cat.data
                        .class(&old)
                        .map_or(Value::from("?"), |c| c.said_name()),
                )
                .arg("to", def.said_name()),
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
                            return no(Phrase::new("nw-levelup-change-not-skill")
                                .arg("value", k)
                                .arg("class", def.said_name())
                                .arg(
                                    "autos",
                                    joined(
                                        "nw-join-or",
                                        missing.iter().map(|s| s.said_name()).collect(),
                                    ),
                                ))
                        }
                    },
                };
                next.skills.push(OwnedSkill {
                    id: chosen.id.clone(),
                    sl: 1,
                });
                said.push(Value::from(
                    Phrase::new("nw-create-auto").arg("name", chosen.said_name()),
                ));
                may_pick = false;
            }
            None => said.push(Value::from(Phrase::new("nw-levelup-autos-owned"))),
        }
    }
    if may_pick {
        let Some(k) = skill else {
            // The skills this level up may take, each checked as if named.
            let mut names: Vec<Value> = cat
                .skills()
                .filter(|s| level_up(&mut c.clone(), Some(&s.id), change, cat).is_ok())
                .map(|s| {
                    Value::from(
                        Phrase::new("nw-data-skill-id")
                            .arg("name", s.said_name())
                            .arg("id", s.id.as_str()),
                    )
                })
                .collect();
            let more = names.len().saturating_sub(25);
            names.truncate(25);
            return no(Phrase::new("nw-levelup-name-skill")
                .arg("count", names.len() as i64)
                .arg("names", joined("nw-join-comma", names))
                .arg("more", more as i64));
        };
        let Some(s) = cat.skill(k) else {
            return no(Phrase::new("nw-no-skill").arg("value", k));
        };
        let named = |key: &str| Phrase::new(key).arg("name", s.said_name());
        if !s.is_general() && !next.classes.contains(&s.class) {
            return no(named("nw-create-other-class"));
        }
        if s.acquire_cl > next.cl {
            return no(named("nw-create-needs-cl").arg("cl", i64::from(s.acquire_cl)));
        }
        if s.category == "trait" {
            return no(named("nw-levelup-trait"));
        }
        if next.sl(&s.id) + 1 > s.max_sl {
            return no(named("nw-levelup-max-sl").arg("max", i64::from(s.max_sl)));
        }
        if let Some(p) = super::validation::secret_problem_said(&next.classes, &next.skills, s, cat)
        {
            return no(p);
        }
        match next.skills.iter_mut().find(|o| o.id == s.id) {
            Some(o) => o.sl += 1,
            None => next.skills.push(OwnedSkill {
                id: s.id.clone(),
                sl: 1,
            }),
        }
        said.push(Value::from(
            Phrase::new("nw-levelup-new-skill")
                .arg("name", s.said_name())
                .arg("sl", i64::from(next.sl(&s.id))),
        ));
    }
    let v = next.derive(cat);
    let (g1, g1m) = super::derive::group1_bp(next.cl);
    let (g2, g2m) = super::derive::group2_bp(next.cl);
    said.push(Value::from(
        Phrase::new("nw-levelup-bp")
            .arg("body", i64::from(v.body))
            .arg("mind", i64::from(v.mind))
            .arg("g1", i64::from(g1))
            .arg("g1max", i64::from(g1m))
            .arg("g2", i64::from(g2))
            .arg("g2max", i64::from(g2m)),
    ));
    *c = next;
    Ok(Phrase::new("nw-levelup").arg("lines", Value::Lines(said)))
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
            return no(Phrase::new("nw-levelup-no-skill-left"));
        };
        level_up(c, Some(&pick), None, cat)?;
    }
}
