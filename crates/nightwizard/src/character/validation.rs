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
use super::{Catalog, Character, OwnedSkill};

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
    secret_problem_said(classes, skills, s, cat).map(|p| p.text(croupier_core::i18n::Locale::En))
}

/// [`secret_problem`] in the catalogue's words.
pub fn secret_problem_said(
    classes: &[String; 2],
    skills: &[OwnedSkill],
    s: &SkillDef,
    cat: &Catalog,
) -> Option<croupier_core::table::Phrase> {
    if s.category != "secret" || skills.iter().any(|o| o.id == s.id) {
        return None;
    }
    let limit = secret_limit(classes, &s.class);
    (secrets_of(skills, &s.class, cat) >= limit)
        .then(|| croupier_core::table::Phrase::new("nw-secret-limit").arg("limit", limit as i64))
}

/// Class skills (not General) a character may hold in total SL: 2 Auto skills and the
/// creation picks, plus one per level up.
pub fn class_sl_budget(c: &Character, cat: &Catalog) -> u32 {
    2 + cat.data.rules.creation.skill_picks as u32 + c.cl.saturating_sub(1)
}

/// Every problem with `c` under the rules (empty: legal).
pub fn problems(c: &Character, cat: &Catalog) -> Vec<String> {
    let data = cat.data;
    let mut out = vec![];
    if c.name.trim().is_empty() || c.name.chars().count() > 40 {
        out.push("the name must be 1-40 characters.".to_string());
    }
    for id in c.classes.iter().chain(c.attr_classes.iter().flatten()) {
        if data.class(id).is_none() {
            out.push(format!("unknown class `{id}`."));
        }
    }
    for id in &c.elements {
        if data.element(id).is_none() {
            out.push(format!("unknown element `{id}`."));
        }
    }
    if c.bonus_attr > 5 {
        out.push(format!(
            "the bonus attribute is number {}; there are six (0-5).",
            c.bonus_attr
        ));
    }
    if c.cl == 0 {
        out.push("CL 0: a character starts at CL 1.".to_string());
    }
    if c.cl <= 1 && c.attr_classes.is_some() {
        out.push("a class change is part of a level up, so a CL 1 character has none.".into());
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
            out.push(format!("unknown skill `{}`.", o.id));
            continue;
        };
        if c.skills[..n].iter().any(|x| x.id == o.id) {
            out.push(format!("{} is listed twice.", s.name));
        }
        if o.sl == 0 || o.sl > s.max_sl {
            out.push(format!(
                "{} SL {}: its SL is 1 to {}.",
                s.name, o.sl, s.max_sl
            ));
        } else if c.cl <= 1 && o.sl > creation_max {
            out.push(format!(
                "{} SL {}: no skill goes above SL {creation_max} at creation (CL 1).",
                s.name, o.sl
            ));
        }
        if s.acquire_cl > c.cl {
            out.push(format!(
                "{} needs CL {}; the character is CL {}.",
                s.name, s.acquire_cl, c.cl
            ));
        }
        if !s.is_general() {
            class_sl += o.sl;
            if !held.contains(&&s.class) {
                let name = |id: &str| data.class(id).map_or(id.to_string(), |d| d.name.clone());
                out.push(format!(
                    "{} is a {} skill; the character's classes are {} and {}.",
                    s.name,
                    name(&s.class),
                    name(&c.classes[0]),
                    name(&c.classes[1])
                ));
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
            out.push(format!(
                "{have} Secret skills from {class}: only {limit} Secret skill(s) from that class."
            ));
        }
    }
    let budget = class_sl_budget(c, cat);
    if class_sl > budget {
        out.push(format!(
            "class skills total SL {class_sl}; at CL {} there are {budget} (2 Auto skills and {} picks at creation, one per level up).",
            c.cl, data.rules.creation.skill_picks
        ));
    }
    for i in &c.items {
        if cat.item(&i.id).is_none() {
            out.push(format!("unknown item `{}`.", i.id));
        }
    }
    out.extend(c.bp_problems());
    if let Some(p) = c.equipment_problem(cat) {
        out.push(p);
    }
    for (what, v) in [("valco", c.money), ("OP", c.op), ("OP valco", c.op_money)] {
        if v < 0 {
            out.push(format!("{what} {v}: it cannot be negative."));
        }
    }
    out
}

/// The progress fields a player's import may not bring (§6.1: level ups, OP and the OP valco
/// come only from the GM in the After phase), each named.
pub fn import_progress_problems(c: &Character) -> Vec<String> {
    let mut out = vec![];

    if c.cl > 1 {
        out.push(format!(
            "CL {}: an imported character starts at CL 1; CL rises only by level ups the GM grants in the After phase.",
            c.cl
        ));
    }
    if c.level_ups > 0 {
        out.push(format!(
            "{} level up(s) allowed: level ups come only from the GM in the After phase.",
            c.level_ups
        ));
    }
    if c.op > 0 {
        out.push(format!(
            "{} OP: OP comes only from the GM in the After phase (§6.1).",
            c.op
        ));
    }
    if c.op_money > 0 {
        out.push(format!(
            "{} OP valco: it is spent in the After phase or lost.",
            c.op_money
        ));
    }
    if c.money > 0 {
        out.push(format!(
            "{} valco in hand: unspent money is lost at creation (§5 step 8).",
            c.money
        ));
    }
    out
}

/// The problems `after` has that `before` did not (an edit may not add one; a record that was
/// already wrong can still take notes or a fix).
pub fn new_problems(before: &Character, after: &Character, cat: &Catalog) -> Vec<String> {
    let old = problems(before, cat);
    problems(after, cat)
        .into_iter()
        .filter(|p| !old.contains(p))
        .collect()
}

/// Refuses with every problem, numbered, or passes.
pub fn refuse_all(
    what: &str,
    problems: Vec<String>,
) -> Result<(), croupier_core::table::RuleError> {
    refuse_all_then(what, problems, "")
}

/// [`refuse_all`] with what to do next (`then`, one sentence; empty for none).
pub fn refuse_all_then(
    what: &str,
    problems: Vec<String>,
    then: &str,
) -> Result<(), croupier_core::table::RuleError> {
    let then = if then.is_empty() {
        String::new()
    } else {
        format!("\n{then}")
    };
    match problems.as_slice() {
        [] => Ok(()),
        [one] => croupier_core::table::refuse(format!("{what}: {one}{then}")),
        many => croupier_core::table::refuse(format!(
            "{what}, {} problems:\n{}{then}",
            many.len(),
            many.iter()
                .enumerate()
                .map(|(i, p)| format!("{}. {p}", i + 1))
                .collect::<Vec<_>>()
                .join("\n")
        )),
    }
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
