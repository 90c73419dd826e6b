//! The skills, items and enemies a group adds in chat (`/nw skill`, `/nw item`, `/nwenemy add`
//! and `list`), kept guild-wide in [`super::Custom`].

use std::collections::BTreeMap;

use super::super::commands::{EnemyCommand, ItemCommand, ItemRule, SkillCommand};
use super::super::data::{
    enemy_problems, item_problems, skill_problems, EnemyDef, ItemDef, NwData, SkillDef,
};
use super::roster::{private, NwShared};
use super::steps::short;
use super::{sheet, Catalog};
use croupier_core::table::{refuse, Actor, Message, Reply, RuleError};

/// Parses `pacc=1 eva=-1` (commas or spaces) into a mods table.
pub fn parse_mods(s: &str) -> Result<BTreeMap<String, i32>, RuleError> {
    let mut m = BTreeMap::new();
    for part in s.split([',', ' ']).filter(|p| !p.trim().is_empty()) {
        let (k, v) = part
            .split_once('=')
            .or_else(|| part.find(['+', '-']).map(|i| (&part[..i], &part[i..])))
            .ok_or_else(|| {
                RuleError::new(format!(
                    "`{part}`: write modifiers as stat=number, e.g. pacc=1 eva=-1"
                ))
            })?;
        let v: i32 =
            v.trim().trim_start_matches('+').parse().map_err(|_| {
                RuleError::new(format!("`{part}`: the value must be a whole number"))
            })?;
        if !(-50..=50).contains(&v) {
            return refuse(format!("`{part}`: modifiers run from -50 to 50"));
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
                return refuse(format!("a skill named {name} already exists."));
            }
            let line = format!(
                "{} added the skill {} ({}).",
                actor.name,
                s.name,
                if s.is_general() { "General" } else { &s.class }
            );
            shared.custom.skills.push(s);
            Ok(vec![Reply::public(Message::text(line))])
        }
        SkillCommand::List { class } => {
            let class = class.map(|c| {
                data.class(&c)
                    .map(|d| d.id.clone())
                    .unwrap_or_else(|| c.to_ascii_lowercase())
            });
            let lines: Vec<String> = cat
                .skills()
                .filter(|s| class.as_ref().is_none_or(|c| &s.class == c))
                .map(|s| {
                    format!(
                        "{} ({}{}, max SL {}): {}",
                        s.name,
                        s.class,
                        if s.category.is_empty() {
                            String::new()
                        } else {
                            format!(", {}", s.category)
                        },
                        s.max_sl,
                        short(&s.effect)
                    )
                })
                .collect();
            Ok(private(
                actor,
                Message::titled(
                    "Skills",
                    if lines.is_empty() {
                        "none".into()
                    } else {
                        lines.join("\n")
                    },
                ),
            ))
        }
        SkillCommand::Show { name: k } => {
            let Some(s) = cat.skill(&k) else {
                return refuse(format!("there is no skill `{k}`."));
            };
            let mods = s
                .mods
                .iter()
                .map(|(k, v)| format!("{k} {v:+}"))
                .collect::<Vec<_>>()
                .join(", ");
            Ok(private(
                actor,
                Message::titled(
                    s.name.clone(),
                    format!(
                        "Class {} · Category {} · Acquire CL {} · Max SL {}\nTiming {} · Check {} · Target {} · Range {} · Cost {} · Restrict {}\n{}\n{}",
                        s.class, or_dash(&s.category), s.acquire_cl, s.max_sl, or_dash(&s.timing), or_dash(&s.check), or_dash(&s.target), or_dash(&s.range), or_dash(&s.cost), or_dash(&s.restrict), s.effect,
                        if mods.is_empty() { String::new() } else { format!("Modifiers per SL: {mods}") }
                    ),
                ),
            ))
        }
    }
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
                return refuse(format!("an item named {name} already exists."));
            }
            let line = format!(
                "{} added the item {} ({}, {} valco).",
                actor.name, i.name, i.kind, i.price
            );
            shared.custom.items.push(i);
            Ok(vec![Reply::public(Message::text(line))])
        }
        ItemCommand::List => {
            let lines: Vec<String> = cat
                .items()
                .map(|i| {
                    let mods = i
                        .mods
                        .iter()
                        .map(|(k, v)| format!("{} {v:+}", k.to_ascii_uppercase()))
                        .collect::<Vec<_>>()
                        .join(" ");
                    format!(
                        "{} ({}, {}, weight {}, {} valco) {mods}",
                        i.name, i.kind, i.slot, i.weight, i.price
                    )
                })
                .collect();
            Ok(private(actor, Message::titled("Items", lines.join("\n"))))
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
                return refuse("only the GM (the host of this channel's session, or a channel manager) adds enemies.");
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
                return refuse(format!("an enemy named {name} already exists."));
            }
            shared.custom.enemies.push(e);
            Ok(vec![Reply::gm(Message::text(format!(
                "Enemy {name} added (GM only)."
            )))])
        }
        EnemyCommand::List => {
            if !actor.manager {
                return refuse("only the GM lists enemy data.");
            }
            let lines: Vec<String> = data
                .enemies
                .iter()
                .chain(&shared.custom.enemies)
                .map(|e| {
                    format!(
                        "{} ({}) HP {} MP {} · {} · {}",
                        e.name,
                        e.kind,
                        e.hp,
                        e.mp,
                        sheet::stats_line(&e.stats),
                        e.attack
                    )
                })
                .collect();
            Ok(vec![Reply::gm(Message::titled(
                "Enemies",
                lines.join("\n"),
            ))])
        }
        // The session's enemy commands are not global (see `global_command`).
        _ => refuse("`/nwenemy spawn`, `reveal` and `note` need a session."),
    }
}
