//! The skills, items and enemies a group adds in chat (`/nw skill`, `/nw item`, `/nwenemy add`
//! and `list`), kept guild-wide in [`super::Custom`].

use std::collections::BTreeMap;

use super::super::commands::{EnemyCommand, ItemCommand, ItemRule, SkillCommand};
use super::super::data::{
    enemy_problems, item_problems, skill_problems, EnemyDef, ItemDef, NwData, SkillDef,
};
use super::super::words::{data_word, no, refusal};
use super::roster::{private, NwShared};
use super::steps::short_said;
use super::{sheet, Catalog};
use croupier_core::table::said::data as data_text;
use croupier_core::table::{refuse, Actor, Message, Phrase, Reply, RuleError, Value};

/// Parses `pacc=1 eva=-1` (commas or spaces) into a mods table.
pub fn parse_mods(s: &str) -> Result<BTreeMap<String, i32>, RuleError> {
    let mut m = BTreeMap::new();
    for part in s.split([',', ' ']).filter(|p| !p.trim().is_empty()) {
        let (k, v) = part
            .split_once('=')
            .or_else(|| part.find(['+', '-']).map(|i| (&part[..i], &part[i..])))
            .ok_or_else(|| refusal(Phrase::new("nw-data-mods-form").arg("part", part)))?;
        let v: i32 = v
            .trim()
            .trim_start_matches('+')
            .parse()
            .map_err(|_| refusal(Phrase::new("nw-data-mods-number").arg("part", part)))?;
        if !(-50..=50).contains(&v) {
            return no(Phrase::new("nw-data-mods-range").arg("part", part));
        }
        m.insert(k.trim().to_ascii_lowercase(), v);
    }
    Ok(m)
}

pub(super) fn slug(name: &str) -> String {
    let s: String = name
        .trim()
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    s.trim_matches('_').chars().take(40).collect()
}

pub(super) fn skills(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    c: SkillCommand,
) -> Result<Vec<Reply>, RuleError> {
    let cat = Catalog {
        data,
        custom: &shared.custom,
    };
    match c {
        SkillCommand::Add {
            name,
            class,
            category,
            acquire_cl,
            max_sl,
            timing,
            check,
            target,
            range,
            cost,
            restrict,
            effect,
            mods,
        } => {
            let name = name.trim().to_string();
            let s = SkillDef {
                id: slug(&name),
                name: name.clone(),
                class: class
                    .map(|c| {
                        data.class(&c)
                            .map(|d| d.id.clone())
                            .unwrap_or_else(|| c.to_ascii_lowercase())
                    })
                    .unwrap_or_else(|| "general".into()),
                category: category.unwrap_or_default().to_ascii_lowercase(),
                acquire_cl: acquire_cl.unwrap_or(1),
                max_sl: max_sl.unwrap_or(1),
                timing: timing.unwrap_or_default(),
                check: check.unwrap_or_default(),
                target: target.unwrap_or_default(),
                range: range.unwrap_or_default(),
                cost: cost.unwrap_or_default(),
                restrict: restrict.unwrap_or_default(),
                effect: effect.unwrap_or_default(),
                mods: parse_mods(mods.as_deref().unwrap_or(""))?,
                effects: vec![],
                once: None,
                name_ja: None,
                effect_ja: None,
            };
            let p = skill_problems(&s, &data.classes);
            if !p.is_empty() {
                return refuse(p.join("; "));
            }
            if cat.skill(&s.id).is_some() || cat.skill(&s.name).is_some() {
                return no(Phrase::new("nw-data-skill-exists").arg("name", name));
            }
            let line = Phrase::new("nw-data-skill-added")
                .arg("player", actor.name.as_str())
                .arg("name", s.said_name())
                .arg("general", if s.is_general() { "yes" } else { "no" })
                .arg("class", cat.class_said(&s.class));
            shared.custom.skills.push(s);
            Ok(vec![Reply::public(Message::phrase(line))])
        }
        SkillCommand::List { class } => {
            let class = class.map(|c| {
                data.class(&c)
                    .map(|d| d.id.clone())
                    .unwrap_or_else(|| c.to_ascii_lowercase())
            });
            let lines: Vec<Value> = cat
                .skills()
                .filter(|s| class.as_ref().is_none_or(|c| &s.class == c))
                .map(|s| {
                    Value::from(
                        Phrase::new("nw-data-skill-line")
                            .arg("name", s.said_name())
                            .arg("class", skill_class(&s.class, &cat))
                            .arg("category", s.category.as_str())
                            .arg(
                                "hascategory",
                                if s.category.is_empty() { "no" } else { "yes" },
                            )
                            .arg("max", i64::from(s.max_sl))
                            .arg("effect", short_said(&s.effect, s.effect_ja.as_deref())),
                    )
                })
                .collect();
            let list = if lines.is_empty() {
                Value::from(Phrase::new("nw-none"))
            } else {
                Value::Lines(lines)
            };
            Ok(private(
                actor,
                Message::phrase(
                    Phrase::titled("nw-data-skills-title", "nw-lines").arg("lines", list),
                ),
            ))
        }
        SkillCommand::Show { name: k } => {
            let Some(s) = cat.skill(&k) else {
                return no(Phrase::new("nw-data-no-skill").arg("value", k));
            };
            let mods: Vec<Value> = s.mods.iter().map(|(k, v)| mod_said(k, *v, false)).collect();
            let mods = match mods.is_empty() {
                true => Value::from(""),
                false => Value::from(
                    Phrase::new("nw-data-skill-mods")
                        .arg("mods", super::super::words::joined("nw-join-comma", mods)),
                ),
            };
            let page = Phrase::titled("nw-data-skill-page-title", "nw-data-skill-page")
                .arg("name", s.said_name())
                .arg("class", skill_class(&s.class, &cat))
                .arg("category", or_dash(&s.category))
                .arg("cl", i64::from(s.acquire_cl))
                .arg("max", i64::from(s.max_sl))
                .arg("timing", data_word("nw-timing", or_dash(&s.timing)))
                .arg("check", data_word("nw-check", or_dash(&s.check)))
                .arg("target", data_word("nw-data-target", or_dash(&s.target)))
                .arg("range", data_word("nw-data-range", or_dash(&s.range)))
                .arg("cost", data_word("nw-cost", or_dash(&s.cost)))
                .arg("restrict", or_dash(&s.restrict))
                .arg("effect", data_text(&s.effect, s.effect_ja.as_deref()))
                .arg("mods", mods);
            Ok(private(actor, Message::phrase(page)))
        }
    }
}

/// A skill's class as the lists show it: its id (`ninja`, `general`) in English, its name in
/// Japanese.
fn skill_class(id: &str, cat: &Catalog) -> Value {
    Value::from(
        Phrase::new("nw-data-class-id")
            .arg("id", id)
            .arg("name", cat.class_said(id)),
    )
}

/// A modifier as the lists show it: the stat as written (`pacc +1`) or in upper case (`PACC +1`)
/// in English, by its label in Japanese.
fn mod_said(stat: &str, v: i32, upper: bool) -> Value {
    let english = if upper {
        stat.to_ascii_uppercase()
    } else {
        stat.to_string()
    };
    let stat = Phrase::new("nw-data-mod-stat")
        .arg("stat", stat.to_ascii_lowercase())
        .arg("text", english);
    Value::from(
        Phrase::new("nw-data-mod")
            .arg("stat", stat)
            .arg("value", format!("{v:+}")),
    )
}

fn or_dash(s: &str) -> &str {
    if s.is_empty() {
        "-"
    } else {
        s
    }
}

pub(super) fn items(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    c: ItemCommand,
) -> Result<Vec<Reply>, RuleError> {
    let cat = Catalog {
        data,
        custom: &shared.custom,
    };
    match c {
        ItemCommand::Add {
            name,
            kind,
            slot,
            weight,
            memory,
            price,
            range,
            mods,
            effect,
            rule,
            category,
        } => {
            let name = name.trim().to_string();
            let i = ItemDef {
                category: category.map(|c| c.trim().to_string()).unwrap_or_default(),
                range_marked: rule == Some(ItemRule::ShortOnly),
                no_stack: rule == Some(ItemRule::DoesntStack),
                maou: rule == Some(ItemRule::Maou),
                id: slug(&name),
                name: name.clone(),
                kind: kind.to_ascii_lowercase(),
                slot: slot.as_deref().unwrap_or("none").to_ascii_lowercase(),
                weight: weight.unwrap_or(0),
                memory: memory.unwrap_or(0),
                price: price.unwrap_or(0),
                range: range.unwrap_or_default(),
                mods: parse_mods(mods.as_deref().unwrap_or(""))?,
                effect: effect.unwrap_or_default(),
                ..ItemDef::default()
            };
            let p = item_problems(&i);
            if !p.is_empty() {
                return refuse(p.join("; "));
            }
            if cat.item(&i.id).is_some() || cat.item(&i.name).is_some() {
                return no(Phrase::new("nw-data-item-exists").arg("name", name));
            }
            let line = Phrase::new("nw-data-item-added")
                .arg("player", actor.name.as_str())
                .arg("name", i.said_name())
                .arg("kind", i.kind.as_str())
                .arg("price", i.price);
            shared.custom.items.push(i);
            Ok(vec![Reply::public(Message::phrase(line))])
        }
        ItemCommand::List => {
            let lines: Vec<Value> = cat
                .items()
                .map(|i| {
                    let mods = i.mods.iter().map(|(k, v)| mod_said(k, *v, true)).collect();
                    Value::from(
                        Phrase::new("nw-data-item-line")
                            .arg("name", i.said_name())
                            .arg("kind", i.kind.as_str())
                            .arg("slot", i.slot.as_str())
                            .arg("weight", i64::from(i.weight))
                            .arg("price", i.price)
                            .arg("mods", super::super::words::joined("nw-join-space", mods)),
                    )
                })
                .collect();
            Ok(private(
                actor,
                Message::phrase(
                    Phrase::titled("nw-data-items-title", "nw-lines")
                        .arg("lines", Value::Lines(lines)),
                ),
            ))
        }
    }
}

pub(super) fn enemies(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    c: EnemyCommand,
) -> Result<Vec<Reply>, RuleError> {
    match c {
        EnemyCommand::Add {
            name,
            kind,
            hp,
            mp,
            pacc,
            eva,
            macc,
            patk,
            matk,
            pdef,
            mdef,
            spd,
            attack,
            notes,
        } => {
            if !actor.manager {
                return no(Phrase::new("nw-data-enemy-add-gm"));
            }
            let name = name.trim().to_string();
            // In `data::STATS` order.
            let stats = [pacc, eva, macc, patk, matk, pdef, mdef, spd].map(|v| v.unwrap_or(0));
            let e = EnemyDef {
                id: slug(&name),
                name: name.clone(),
                kind: kind.as_deref().unwrap_or("guest").to_ascii_lowercase(),
                hp: hp.unwrap_or(1),
                mp: mp.unwrap_or(0),
                stats,
                attack: attack.unwrap_or_default(),
                attack_ja: None,
                notes: notes.unwrap_or_default(),
                name_ja: None,
            };
            let p = enemy_problems(&e);
            if !p.is_empty() {
                return refuse(p.join("; "));
            }
            if data
                .enemies
                .iter()
                .chain(&shared.custom.enemies)
                .any(|x| x.id == e.id)
            {
                return no(Phrase::new("nw-data-enemy-exists").arg("name", name));
            }
            let line = Phrase::new("nw-data-enemy-added").arg("name", e.said_name());
            shared.custom.enemies.push(e);
            Ok(vec![Reply::gm(Message::phrase(line))])
        }
        EnemyCommand::List => {
            if !actor.manager {
                return no(Phrase::new("nw-data-enemy-list-gm"));
            }
            let lines: Vec<Value> = data
                .enemies
                .iter()
                .chain(&shared.custom.enemies)
                .map(|e| {
                    Value::from(
                        Phrase::new("nw-data-enemy-line")
                            .arg("name", e.said_name())
                            .arg("kind", e.kind.as_str())
                            .arg("hp", i64::from(e.hp))
                            .arg("mp", i64::from(e.mp))
                            .arg("stats", sheet::stats_said(&e.stats))
                            .arg("attack", e.said_attack()),
                    )
                })
                .collect();
            Ok(vec![Reply::gm(Message::phrase(
                Phrase::titled("nw-data-enemies-title", "nw-lines")
                    .arg("lines", Value::Lines(lines)),
            ))])
        }
        // The session's enemy commands are not global (see `global_command`).
        _ => no(Phrase::new("nw-data-enemy-needs-session")),
    }
}
