//! The one set of checks every character passes: creation and level up ask the per-skill
//! rules here ([`secret_problem`]), and import and every edit run [`problems`] on the result,
//! which names every problem at once rather than the first.
//!
//! What can be checked from a record alone (there is no history): known classes, elements,
//! skills and items; each skill's class, Acquire CL, Max SL (SL 2 at CL 1, §5 step 7); the
//! Secret-skill limit (§15.4); the class-skill budget (2 Auto + 4 picks at creation, one more
//! per level up, §5 step 7 and §6.2 step 2; General skills may also come from OP, so they have
//! no budget); BP totals and per-stat limits (§6.2); equipment slots and Memory (§14); and
//! no negative money. CL has no maximum (the source gives none, §6.2).

use super::super::data::SkillDef;
use super::super::words::no;
use super::{Catalog, Character, OwnedSkill};
use croupier_core::i18n::Locale;
use croupier_core::table::{Phrase, RuleError, Value};

/// How many Secret skills of `class` a character with `classes` may own (§15.4): one per
/// class, three if both classes are that class (kept as the source writes it).
pub fn secret_limit(classes: &[String; 2], class: &str) -> usize {
    if classes.iter().all(|c| c == class) {
        3
    } else {
        1
    }
}

fn secrets_of(skills: &[OwnedSkill], class: &str, cat: &Catalog) -> usize {
    skills
        .iter()
        .filter(|o| {
            cat.skill(&o.id)
                .is_some_and(|d| d.category == "secret" && d.class == class)
        })
        .count()
}

/// Why the new skill `s` may not join `skills` under the Secret-skill limit (`None`: it may,
/// or it is not Secret, or it is owned already and only rises). The one Secret rule:
/// creation's picks, level up and [`problems`] all ask it.
pub fn secret_problem(
    classes: &[String; 2],
    skills: &[OwnedSkill],
    s: &SkillDef,
    cat: &Catalog,
) -> Option<String> {
    secret_problem_said(classes, skills, s, cat).map(|p| p.text(Locale::En))
}

/// [`secret_problem`] in the catalogue's words.
pub fn secret_problem_said(
    classes: &[String; 2],
    skills: &[OwnedSkill],
    s: &SkillDef,
    cat: &Catalog,
) -> Option<Phrase> {
    if s.category != "secret" || skills.iter().any(|o| o.id == s.id) {
        return None;
    }
    let limit = secret_limit(classes, &s.class);
    (secrets_of(skills, &s.class, cat) >= limit)
        .then(|| Phrase::new("nw-secret-limit").arg("limit", limit as i64))
}

/// Class skills (not General) a character may hold in total SL: 2 Auto skills and the
/// creation picks, plus one per level up.
pub fn class_sl_budget(c: &Character, cat: &Catalog) -> u32 {
    2 + cat.data.rules.creation.skill_picks as u32 + c.cl.saturating_sub(1)
}

/// Every problem with `c` under the rules (empty: legal), in English.
pub fn problems(c: &Character, cat: &Catalog) -> Vec<String> {
    english(problems_said(c, cat))
}

fn english(p: Vec<Phrase>) -> Vec<String> {
    p.iter().map(|p| p.text(Locale::En)).collect()
}

/// [`problems`] in the catalogue's words.
pub fn problems_said(c: &Character, cat: &Catalog) -> Vec<Phrase> {
    let data = cat.data;
    let mut out = vec![];
    if c.name.trim().is_empty() || c.name.chars().count() > 40 {
        out.push(Phrase::new("nw-data-bad-name"));
    }
    for id in c.classes.iter().chain(c.attr_classes.iter().flatten()) {
        if data.class(id).is_none() {
            out.push(Phrase::new("nw-data-unknown-class").arg("id", id.as_str()));
        }
    }
    for id in &c.elements {
        if data.element(id).is_none() {
            out.push(Phrase::new("nw-data-unknown-element").arg("id", id.as_str()));
        }
    }
    if c.bonus_attr > 5 {
        out.push(Phrase::new("nw-data-bad-bonus").arg("n", c.bonus_attr as i64));
    }
    if c.cl == 0 {
        out.push(Phrase::new("nw-data-cl-zero"));
    }
    if c.cl <= 1 && c.attr_classes.is_some() {
        out.push(Phrase::new("nw-data-cl1-class-change"));
    }
    let held: Vec<&String> = c
        .classes
        .iter()
        .chain(c.attr_classes.iter().flatten())
        .collect();
    let creation_max = data.rules.creation.creation_max_sl;
    let mut class_sl = 0;
    for (n, o) in c.skills.iter().enumerate() {
        let Some(s) = cat.skill(&o.id) else {
            out.push(Phrase::new("nw-data-unknown-skill").arg("id", o.id.as_str()));
            continue;
        };
        let named = |key: &str| Phrase::new(key).arg("name", s.said_name());
        if c.skills[..n].iter().any(|x| x.id == o.id) {
            out.push(named("nw-data-skill-twice"));
        }
        if o.sl == 0 || o.sl > s.max_sl {
            out.push(
                named("nw-data-skill-sl-range")
                    .arg("sl", i64::from(o.sl))
                    .arg("max", i64::from(s.max_sl)),
            );
        } else if c.cl <= 1 && o.sl > creation_max {
            out.push(
                named("nw-data-skill-creation-sl")
                    .arg("sl", i64::from(o.sl))
                    .arg("max", i64::from(creation_max)),
            );
        }
        if s.acquire_cl > c.cl {
            out.push(
                named("nw-data-skill-needs-cl")
                    .arg("need", i64::from(s.acquire_cl))
                    .arg("cl", i64::from(c.cl)),
            );
        }
        if !s.is_general() {
            class_sl += o.sl;
            if !held.contains(&&s.class) {
                let name = |id: &str| {
                    data.class(id)
                        .map_or_else(|| Value::from(id), |d| d.said_name())
                };
                out.push(
                    named("nw-data-skill-other-class")
                        .arg("class", name(&s.class))
                        .arg("a", name(&c.classes[0]))
                        .arg("b", name(&c.classes[1])),
                );
            }
        }
    }
    // The Secret limit per class, with the classes the character has or came from.
    let mut classes: Vec<&String> = held.clone();
    classes.sort();
    classes.dedup();
    for class in classes {
        let limit = secret_limit(&c.classes, class).max(
            c.attr_classes
                .as_ref()
                .map_or(0, |a| secret_limit(a, class)),
        );
        let have = secrets_of(&c.skills, class, cat);
        if have > limit {
            out.push(
                Phrase::new("nw-data-secret-over")
                    .arg("have", have as i64)
                    .arg("class", cat.class_said(class))
                    .arg("limit", limit as i64),
            );
        }
    }
    let budget = class_sl_budget(c, cat);
    if class_sl > budget {
        out.push(
            Phrase::new("nw-data-class-budget")
                .arg("sl", i64::from(class_sl))
                .arg("cl", i64::from(c.cl))
                .arg("budget", i64::from(budget))
                .arg("picks", data.rules.creation.skill_picks as i64),
        );
    }
    for i in &c.items {
        if cat.item(&i.id).is_none() {
            out.push(Phrase::new("nw-data-unknown-item").arg("id", i.id.as_str()));
        }
    }
    out.extend(c.bp_problems_said());
    if let Some(p) = c.equipment_problem_said(cat) {
        out.push(p);
    }
    for (what, v) in [("valco", c.money), ("op", c.op), ("opvalco", c.op_money)] {
        if v < 0 {
            out.push(
                Phrase::new("nw-data-negative")
                    .arg("what", what)
                    .arg("v", v),
            );
        }
    }
    out
}

/// The progress fields a player's import may not bring (§6.1: level ups, OP and the OP valco
/// come only from the GM in the After phase), each named, in English.
pub fn import_progress_problems(c: &Character) -> Vec<String> {
    english(import_progress_problems_said(c))
}

/// [`import_progress_problems`] in the catalogue's words.
pub fn import_progress_problems_said(c: &Character) -> Vec<Phrase> {
    [
        ("nw-data-import-cl", c.cl > 1, i64::from(c.cl)),
        (
            "nw-data-import-levelups",
            c.level_ups > 0,
            i64::from(c.level_ups),
        ),
        ("nw-data-import-op", c.op > 0, c.op),
        ("nw-data-import-opvalco", c.op_money > 0, c.op_money),
        ("nw-data-import-money", c.money > 0, c.money),
    ]
    .into_iter()
    .filter(|(_, wrong, _)| *wrong)
    .map(|(key, _, n)| Phrase::new(key).arg("n", n))
    .collect()
}

/// The problems `after` has that `before` did not (an edit may not add one; a record that was
/// already wrong can still take notes or a fix).
pub fn new_problems(before: &Character, after: &Character, cat: &Catalog) -> Vec<Phrase> {
    let old = problems_said(before, cat);
    problems_said(after, cat)
        .into_iter()
        .filter(|p| !old.contains(p))
        .collect()
}

/// Refuses with every problem, numbered, or passes (`what`: what is refused, `nw-data-that-change`).
pub fn refuse_all(what: Phrase, problems: Vec<Phrase>) -> Result<(), RuleError> {
    refuse_all_then(what, problems, None)
}

/// [`refuse_all`] with what to do next (`then`, one sentence).
pub fn refuse_all_then(
    what: Phrase,
    problems: Vec<Phrase>,
    then: Option<Phrase>,
) -> Result<(), RuleError> {
    let then_key = |key: &str| match then {
        Some(_) => format!("{key}-then"),
        None => key.to_string(),
    };
    let said = match problems.len() {
        0 => return Ok(()),
        1 => Phrase::new(&then_key("nw-data-refuse-one")).arg(
            "one",
            problems
                .into_iter()
                .next()
                .unwrap_or_else(|| Phrase::new("nw-none")),
        ),
        n => Phrase::new(&then_key("nw-data-refuse-many"))
            .arg("n", n as i64)
            .arg(
                "list",
                Value::Lines(
                    problems
                        .into_iter()
                        .enumerate()
                        .map(|(i, p)| {
                            Value::from(
                                Phrase::new("nw-data-numbered")
                                    .arg("n", i as i64 + 1)
                                    .arg("text", p),
                            )
                        })
                        .collect(),
                ),
            ),
    };
    let said = said.arg("what", what);
    no(match then {
        Some(t) => said.arg("then", t),
        None => said,
    })
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
