//! Loading and checking `data/nightwizard/`: every file read, every id and reference
//! validated, each problem reported with its file.

use std::path::Path;

use serde::Deserialize;

use super::effects::{Aim, Effect, Reach, Until};
use super::restrict::read_restrict;
use super::rules::{
    attr_index, mod_key_ok, stat_index, ClassDef, ElementDef, EnemyDef, ItemDef, NwData, RulesFile,
    SkillDef, BROOM_TYPES, ENEMY_KINDS, ITEM_KINDS, SKILL_CATEGORIES, SLOTS,
};
use croupier_core::table::said::missing_japanese;
use croupier_core::table::{read_data_file, DataError};

#[derive(Deserialize)]
struct ClassFile {
    class: Vec<ClassDef>,
}
#[derive(Deserialize)]
struct ElementFile {
    element: Vec<ElementDef>,
}
#[derive(Deserialize)]
struct SkillFile {
    #[serde(default)]
    skill: Vec<SkillDef>,
}
#[derive(Deserialize)]
struct ItemFile {
    #[serde(default)]
    item: Vec<ItemDef>,
}
#[derive(Deserialize)]
struct EnemyFile {
    #[serde(default)]
    enemy: Vec<EnemyDef>,
}

fn read<T: serde::de::DeserializeOwned>(dir: &Path, name: &str) -> Result<T, DataError> {
    let file = format!("nightwizard/{name}");
    let text = read_data_file(&dir.join("nightwizard").join(name), &file)?;
    toml::from_str(&text).map_err(|e| DataError::new(&file, "-", format!("not valid: {e}")))
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 40
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Japanese fields given empty (`name_ja = ""`): one leaves a field out where the data has no
/// Japanese (the English is shown, and `croupier check-data` lists the entry).
fn japanese_problems(fields: &[(&str, Option<&str>)]) -> Vec<String> {
    fields
        .iter()
        .filter(|(_, v)| v.is_some_and(|t| t.trim().is_empty()))
        .map(|(f, _)| format!("field `{f}`: empty (leave it out where there is no Japanese)"))
        .collect()
}

/// Problems with one skill (also used for skills added in chat).
pub fn skill_problems(s: &SkillDef, classes: &[ClassDef]) -> Vec<String> {
    let mut p = vec![];
    if !valid_id(&s.id) {
        p.push("field `id`: use lower-case letters, digits and _".to_string());
    }
    if s.name.trim().is_empty() || s.name.len() > 60 {
        p.push("field `name`: 1-60 characters".into());
    }
    p.extend(japanese_problems(&[
        ("name_ja", s.name_ja.as_deref()),
        ("effect_ja", s.effect_ja.as_deref()),
    ]));
    if s.class != "general" && !classes.iter().any(|c| c.id == s.class) {
        p.push(format!(
            "field `class`: `{}` is not a class id or `general`",
            s.class
        ));
    }
    if !SKILL_CATEGORIES.contains(&s.category.as_str()) {
        p.push(format!(
            "field `category`: `{}` is not one of {}",
            s.category,
            SKILL_CATEGORIES[1..].join(", ")
        ));
    }
    if s.max_sl == 0 || s.max_sl > 10 {
        p.push("field `max_sl`: 1-10".into());
    }
    if s.acquire_cl == 0 || s.acquire_cl > 30 {
        p.push("field `acquire_cl`: 1-30".into());
    }
    for k in s.mods.keys() {
        if !mod_key_ok(k) {
            p.push(format!(
                "field `mods`: `{k}` is not a combat stat, body or mind"
            ));
        }
    }
    if s.effect.len() > 1000 {
        p.push("field `effect`: at most 1000 characters".into());
    }
    if let Err(e) = read_restrict(&s.restrict) {
        p.push(format!("field `restrict`: {e}"));
    }
    p
}

/// Problems with typed effects (`bad`: the bad status names of `rules.toml`).
fn effect_problems(effects: &[Effect], bad: &[String], option: bool) -> Vec<String> {
    effects
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            e.problem(bad)
                .or_else(|| fitted_problem(e, option))
                .map(|p| format!("field `effects` (number {}): {p}", i + 1))
        })
        .collect()
}

/// An `item` effect gives an item of `items.toml` (§15.5 Category: Item).
fn given_problems(effects: &[Effect], items: &[ItemDef]) -> Vec<String> {
    effects
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match e {
            Effect::Item { item } if !items.iter().any(|d| &d.id == item) => Some(format!(
                "field `effects` (number {}): `item`: `{item}` is not an item id of items.toml",
                i + 1
            )),
            _ => None,
        })
        .collect()
}

/// A Broom Option's effects last while it is fitted (§14.8), and only theirs do.
fn fitted_problem(e: &Effect, option: bool) -> Option<String> {
    let fitted = e.until() == Some(Until::Fitted);
    match (option, e) {
        (true, Effect::Modifier { .. } | Effect::ReduceDamage { .. }) if fitted => None,
        (true, _) => Some(
            "a Broom Option's effects are `modifier` or `reduce_damage` with `until = \"fitted\"` (§14.8: it works while fitted)".into(),
        ),
        (false, _) if fitted => {
            Some("`until = \"fitted\"` is for a Broom Option's effects only".into())
        }
        (false, _) => None,
    }
}

/// Problems with a Broom's or Broom Option's fields (§14.8).
fn broom_problems(i: &ItemDef) -> Vec<String> {
    let mut p = vec![];
    let option = i.kind == "broom_option";
    let types: Vec<&str> = i.broom_types().collect();
    if let Some(t) = types
        .iter()
        .find(|t| !BROOM_TYPES.iter().any(|b| b.eq_ignore_ascii_case(t)))
    {
        p.push(format!(
            "field `broom_type`: `{t}` is not one of {}",
            BROOM_TYPES.join(", ")
        ));
    }
    match i.kind.as_str() {
        "broom" => {
            if i.occupy > 0 || !i.only.is_empty() || i.riding {
                p.push("fields `occupy`, `only`, `riding`: a Broom Option's, not a Broom's".into());
            }
        }
        _ if option => {
            if i.slot != "broom" {
                p.push("field `slot`: a Broom Option's is `broom` (it is fitted into a Broom's Capacity)".into());
            }
            if i.occupy == 0 || i.occupy > 10 {
                p.push("field `occupy`: 1-10 (the Capacity it uses)".into());
            }
            if types.len() > 1 {
                p.push(
                    "field `broom_type`: an Option has one Type (or none: it fits any Broom)"
                        .into(),
                );
            }
            if i.capacity > 0 {
                p.push("field `capacity`: a Broom's, not an Option's".into());
            }
            if !i.mods.is_empty() {
                p.push("field `mods`: a Broom Option gives its Wielder `effects` with `until = \"fitted\"`".into());
            }
        }
        _ => {
            if !i.broom_type.is_empty()
                || i.capacity > 0
                || i.occupy > 0
                || !i.only.is_empty()
                || i.riding
            {
                p.push("fields `broom_type`, `capacity`, `occupy`, `only`, `riding`: a Broom's or Broom Option's only".into());
            }
        }
    }
    if i.slot == "broom" && !option {
        p.push("field `slot`: `broom` is a Broom Option's".into());
    }
    if i.capacity > 10 {
        p.push("field `capacity`: at most 10".into());
    }
    p
}

/// Problems with a skill's Range and Target, which the combat commands check (§15.5).
fn reach_problems(s: &SkillDef) -> Vec<String> {
    let mut p = vec![];
    if Reach::read(&s.range).is_none() {
        p.push(format!(
            "field `range`: `{}` is not Close, Short, Long, Scene, Weapon or -",
            s.range
        ));
    }
    if Aim::read(&s.target).is_none() {
        p.push(format!(
            "field `target`: `{}` is not Self, Single, nX (2X…12X), Area, Area (P), Area (P, n), Scene or Refer",
            s.target
        ));
    }
    p
}

/// The skills and items whose effect the bot does not play (text only), as `croupier
/// check-data` lists them: none in the shipped data; a group's own may be.
pub fn text_only(data: &NwData) -> Vec<String> {
    let skills = data
        .skills
        .iter()
        .filter(|s| s.text_only())
        .map(|s| format!("skill `{}` ({})", s.id, s.name));
    let items = data
        .items
        .iter()
        .filter(|i| i.text_only())
        .map(|i| format!("item `{}` ({})", i.id, i.name));
    skills.chain(items).collect()
}

/// What `croupier check-data` says of entries without Japanese words, one note per file and
/// field (`skills.toml name_ja`): none for the shipped data; a group's own may lack some (the
/// English is shown to Japanese readers).
pub fn untranslated(data: &NwData) -> Vec<String> {
    fn lacking<'a, T: 'a>(
        of: &'a [T],
        field: impl Fn(&T) -> Option<&str> + 'a,
        id: impl Fn(&T) -> &str + 'a,
    ) -> impl Iterator<Item = &'a str> + 'a {
        of.iter().filter(move |x| field(x).is_none()).map(id)
    }
    let bad = &data.rules.bad_status;
    [
        missing_japanese(
            "classes.toml name_ja",
            lacking(&data.classes, |c| c.name_ja.as_deref(), |c| &c.id),
        ),
        missing_japanese(
            "elements.toml name_ja",
            lacking(&data.elements, |e| e.name_ja.as_deref(), |e| &e.id),
        ),
        missing_japanese(
            "rules.toml bad_status name_ja",
            lacking(bad, |b| b.name_ja.as_deref(), |b| &b.id),
        ),
        missing_japanese(
            "rules.toml bad_status effect_ja",
            lacking(bad, |b| b.effect_ja.as_deref(), |b| &b.id),
        ),
        missing_japanese(
            "rules.toml bad_status ends_ja",
            lacking(bad, |b| b.ends_ja.as_deref(), |b| &b.id),
        ),
        missing_japanese(
            "skills.toml name_ja",
            lacking(&data.skills, |s| s.name_ja.as_deref(), |s| &s.id),
        ),
        missing_japanese(
            "skills.toml effect_ja",
            lacking(&data.skills, |s| s.effect_ja.as_deref(), |s| &s.id),
        ),
        missing_japanese(
            "items.toml name_ja",
            lacking(&data.items, |i| i.name_ja.as_deref(), |i| &i.id),
        ),
        missing_japanese(
            "items.toml effect_ja",
            lacking(&data.items, |i| i.effect_ja.as_deref(), |i| &i.id),
        ),
        missing_japanese(
            "enemies.toml name_ja",
            lacking(&data.enemies, |e| e.name_ja.as_deref(), |e| &e.id),
        ),
        missing_japanese(
            "enemies.toml attack_ja",
            lacking(
                &data.enemies,
                |e| e.attack_ja.as_deref().or(e.attack.is_empty().then_some("")),
                |e| &e.id,
            ),
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The weapons with no category (`croupier check-data` lists them: a skill's "Restrict: X
/// Use" never accepts them, §15.5): none in the shipped data; a group's own may have some.
pub fn uncategorised(data: &NwData) -> Vec<String> {
    data.items
        .iter()
        .filter(|i| i.kind == "weapon" && i.categories().next().is_none())
        .map(|i| format!("weapon `{}` ({})", i.id, i.name))
        .collect()
}

/// Problems with one item.
pub fn item_problems(i: &ItemDef) -> Vec<String> {
    let mut p = vec![];
    if !valid_id(&i.id) {
        p.push("field `id`: use lower-case letters, digits and _".to_string());
    }
    if i.name.trim().is_empty() || i.name.len() > 60 {
        p.push("field `name`: 1-60 characters".into());
    }
    p.extend(japanese_problems(&[
        ("name_ja", i.name_ja.as_deref()),
        ("effect_ja", i.effect_ja.as_deref()),
    ]));
    if !ITEM_KINDS.contains(&i.kind.as_str()) {
        p.push(format!(
            "field `kind`: `{}` is not one of {}",
            i.kind,
            ITEM_KINDS.join(", ")
        ));
    }
    if !SLOTS.contains(&i.slot.as_str()) {
        p.push(format!(
            "field `slot`: `{}` is not one of {}",
            i.slot,
            SLOTS.join(", ")
        ));
    }
    if i.weight < 0 || i.memory < 0 || i.price < 0 {
        p.push("fields `weight`, `memory`, `price`: not negative".into());
    }
    for k in i.mods.keys() {
        if stat_index(k).is_none() {
            p.push(format!("field `mods`: `{k}` is not a combat stat"));
        }
    }
    if i.no_stack && i.kind != "armor" {
        p.push("field `no_stack`: only armour says \"Doesn't Stack\" (§14.5)".into());
    }
    if i.maou && i.kind != "enchantment" {
        p.push("field `maou`: a Maou Enchantment is an enchantment (§14.7)".into());
    }
    p.extend(weapon_problems(i));
    p.extend(broom_problems(i));
    p
}

/// Problems with a weapon's category and range (§14.3, §15.5). A weapon without a category
/// is no problem (a group's own data from before categories loads as it was); `croupier
/// check-data` lists it ([`uncategorised`]): no "Restrict: X Use" accepts it.
fn weapon_problems(i: &ItemDef) -> Vec<String> {
    let mut p = vec![];
    if i.category
        .split('/')
        .any(|c| c.trim().is_empty() || c.trim().len() > 30)
        && !i.category.is_empty()
    {
        p.push("field `category`: names of 1-30 characters, separated by `/`".into());
    }
    let range = i.range.trim().to_ascii_lowercase();
    if !["", "close", "short", "long"].contains(&range.as_str()) {
        p.push(format!(
            "field `range`: `{}` is not Close, Short or Long",
            i.range
        ));
    }
    if i.range_marked && (range.is_empty() || range == "close" || !i.is_weapon()) {
        p.push(
            "field `range_marked`: only a weapon's Short or Long Range carries the mark (§14.3)"
                .into(),
        );
    }
    p
}

/// Problems with one enemy.
pub fn enemy_problems(e: &EnemyDef) -> Vec<String> {
    let mut p = vec![];
    if !valid_id(&e.id) {
        p.push("field `id`: use lower-case letters, digits and _".to_string());
    }
    if e.name.trim().is_empty() || e.name.len() > 60 {
        p.push("field `name`: 1-60 characters".into());
    }
    p.extend(japanese_problems(&[
        ("name_ja", e.name_ja.as_deref()),
        ("attack_ja", e.attack_ja.as_deref()),
    ]));
    if !ENEMY_KINDS.contains(&e.kind.as_str()) {
        p.push(format!(
            "field `kind`: `{}` is not one of {}",
            e.kind,
            ENEMY_KINDS.join(", ")
        ));
    }
    if e.hp < 1 || e.mp < 0 {
        p.push("fields `hp`/`mp`: hp at least 1, mp not negative".into());
    }
    p
}

/// Loads and validates everything under `dir/nightwizard/`.
pub fn load(dir: &Path) -> Result<NwData, Vec<DataError>> {
    let mut errs = vec![];
    let classes: Vec<ClassDef> = read::<ClassFile>(dir, "classes.toml")
        .map(|f| f.class)
        .unwrap_or_else(|e| {
            errs.push(e);
            vec![]
        });
    let elements: Vec<ElementDef> = read::<ElementFile>(dir, "elements.toml")
        .map(|f| f.element)
        .unwrap_or_else(|e| {
            errs.push(e);
            vec![]
        });
    let rules = match read::<RulesFile>(dir, "rules.toml") {
        Ok(r) => Some(r),
        Err(e) => {
            errs.push(e);
            None
        }
    };
    let skills = read::<SkillFile>(dir, "skills.toml")
        .map(|f| f.skill)
        .unwrap_or_else(|e| {
            errs.push(e);
            vec![]
        });
    let items = read::<ItemFile>(dir, "items.toml")
        .map(|f| f.item)
        .unwrap_or_else(|e| {
            errs.push(e);
            vec![]
        });
    let enemies = read::<EnemyFile>(dir, "enemies.toml")
        .map(|f| f.enemy)
        .unwrap_or_else(|e| {
            errs.push(e);
            vec![]
        });
    let f = "nightwizard/classes.toml";
    let mut seen = std::collections::BTreeSet::new();
    for c in &classes {
        if !valid_id(&c.id) || !seen.insert(c.id.clone()) {
            errs.push(DataError::new(
                f,
                &c.id,
                "field `id`: missing, malformed or repeated",
            ));
        }
        for p in japanese_problems(&[("name_ja", c.name_ja.as_deref())]) {
            errs.push(DataError::new(f, &c.id, p));
        }
        if c.attrs
            .iter()
            .chain(&c.combat)
            .any(|v| !(0..=9).contains(v))
            || c.body < 0
            || c.mind < 0
        {
            errs.push(DataError::new(
                f,
                &c.id,
                "fields `attrs`/`combat`/`body`/`mind`: values 0-9",
            ));
        }
    }
    if classes.len() < 2 && errs.is_empty() {
        errs.push(DataError::new(f, "-", "at least one class is needed"));
    }
    let f = "nightwizard/elements.toml";
    let mut seen = std::collections::BTreeSet::new();
    for e in &elements {
        if !valid_id(&e.id) {
            errs.push(DataError::new(f, &e.id, "field `id`: malformed"));
        } else if !seen.insert(e.id.clone()) {
            errs.push(DataError::new(f, &e.id, "field `id`: repeated"));
        }
        for p in japanese_problems(&[("name_ja", e.name_ja.as_deref())]) {
            errs.push(DataError::new(f, &e.id, p));
        }
        if e.attrs.iter().any(|v| !(0..=9).contains(v)) {
            errs.push(DataError::new(f, &e.id, "field `attrs`: values 0-9"));
        }
    }
    if elements.is_empty() && errs.is_empty() {
        errs.push(DataError::new(f, "-", "at least one element is needed"));
    }
    if let Some(r) = &rules {
        let f = "nightwizard/rules.toml";
        for (field, a) in [
            ("formulas.body_attr", &r.formulas.body_attr),
            ("formulas.mind_attr", &r.formulas.mind_attr),
        ] {
            if attr_index(a).is_none() {
                errs.push(DataError::new(
                    f,
                    "formulas",
                    format!("field `{field}`: `{a}` is not an attribute"),
                ));
            }
        }
        if r.formulas.spd_attrs.is_empty()
            || r.formulas.spd_attrs.iter().any(|a| attr_index(a).is_none())
        {
            errs.push(DataError::new(
                f,
                "formulas",
                "field `spd_attrs`: a list of attributes",
            ));
        }
        if r.formulas.halves != "down" && r.formulas.halves != "up" {
            errs.push(DataError::new(
                f,
                "formulas",
                "field `halves`: `down` or `up`",
            ));
        }
        if r.creation.cf_mod_divisor < 1 {
            errs.push(DataError::new(
                f,
                "creation",
                "field `cf_mod_divisor`: at least 1",
            ));
        }
        if !(2..=12).contains(&r.gm.critical)
            || !(2..=12).contains(&r.gm.fumble)
            || r.gm.critical == r.gm.fumble
        {
            errs.push(DataError::new(
                f,
                "gm",
                "fields `critical`/`fumble`: 2-12 and different",
            ));
        }
        for b in &r.bad_status {
            for p in japanese_problems(&[
                ("name_ja", b.name_ja.as_deref()),
                ("effect_ja", b.effect_ja.as_deref()),
                ("ends_ja", b.ends_ja.as_deref()),
            ]) {
                errs.push(DataError::new(f, &b.id, p));
            }
        }
        if r.op.min < 0 || r.op.max < r.op.min {
            errs.push(DataError::new(
                f,
                "op",
                "fields `min`/`max`: 0 <= min <= max",
            ));
        }
    }
    let bad: Vec<String> = rules
        .iter()
        .flat_map(|r| r.bad_status.iter().map(|b| b.name.clone()))
        .collect();
    let f = "nightwizard/skills.toml";
    let mut seen = std::collections::BTreeSet::new();
    for s in &skills {
        let typed = effect_problems(&s.effects, &bad, false)
            .into_iter()
            .chain(given_problems(&s.effects, &items))
            .chain(reach_problems(s));
        for p in skill_problems(s, &classes).into_iter().chain(typed) {
            errs.push(DataError::new(f, &s.id, p));
        }
        if !seen.insert(s.id.clone()) {
            errs.push(DataError::new(f, &s.id, "field `id`: repeated"));
        }
    }
    let f = "nightwizard/items.toml";
    let mut seen = std::collections::BTreeSet::new();
    for i in &items {
        let typed = effect_problems(&i.effects, &bad, i.kind == "broom_option")
            .into_iter()
            .chain(given_problems(&i.effects, &items));
        for p in item_problems(i).into_iter().chain(typed) {
            errs.push(DataError::new(f, &i.id, p));
        }
        if !seen.insert(i.id.clone()) {
            errs.push(DataError::new(f, &i.id, "field `id`: repeated"));
        }
    }
    let f = "nightwizard/enemies.toml";
    let mut seen = std::collections::BTreeSet::new();
    for e in &enemies {
        for p in enemy_problems(e) {
            errs.push(DataError::new(f, &e.id, p));
        }
        if !seen.insert(e.id.clone()) {
            errs.push(DataError::new(f, &e.id, "field `id`: repeated"));
        }
    }
    match rules {
        Some(rules) if errs.is_empty() => Ok(NwData {
            classes,
            elements,
            rules,
            skills,
            items,
            enemies,
        }),
        _ => Err(errs),
    }
}
