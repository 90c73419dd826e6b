//! The `/nw character` commands on the guild roster: creation, list, delete, export and
//! import, equipment, notes, Connections, level up, BP and OP. Every change runs the one
//! validation ([`super::validation`]) before it is kept.

use super::super::commands::CharacterCommand;
use super::super::data::{stat_index, NwData, GROUP1, STAT_LABEL};
use super::super::judge::Dice;
use super::super::words::no;
use super::catalog_cmds::slug;
use super::creation::Draft;
use super::level_up::{auto_level, level_up};
use super::roster::{character_key, private, NwShared, MAX_CHARACTERS};
use super::steps::step_messages;
use super::{sheet, sync, validation, Catalog, Character, OwnedItem, OwnedSkill};
use croupier_core::names::same_name;
use croupier_core::table::{Actor, Message, Phrase, Reply, RuleError, Value};

pub(super) fn character(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    c: CharacterCommand,
    dice: &mut impl Dice,
) -> Result<Vec<Reply>, RuleError> {
    let custom = shared.custom.clone();
    let cat = Catalog {
        data,
        custom: &custom,
    };
    let key = actor.id.0.clone();
    match c {
        CharacterCommand::New { name, quick, cl } => {
            let name = name.as_deref().unwrap_or(&actor.name).trim().to_string();
            if name.is_empty() || name.chars().count() > 40 {
                return no(Phrase::new("nw-name-length"));
            }
            if shared
                .characters
                .iter()
                .any(|c| c.owner == actor.id && same_name(&c.name, &name))
            {
                return no(Phrase::new("nw-name-taken").arg("name", name.as_str()));
            }
            if shared
                .characters
                .iter()
                .filter(|c| c.owner == actor.id)
                .count()
                >= MAX_CHARACTERS
            {
                return no(Phrase::new("nw-too-many").arg("max", MAX_CHARACTERS as i64));
            }
            let start_cl = cl.unwrap_or(1);
            if quick.unwrap_or(false) {
                let mut c = super::creation::quick(&name, &actor.id, &cat, dice)?;
                c.level_ups = start_cl - 1;
                auto_level(&mut c, &cat, dice)?;
                let m = sheet::sheet(&c, &cat, None);
                let line = Phrase::new("nw-made-quick")
                    .arg("player", actor.name.as_str())
                    .arg("name", c.name.as_str())
                    .arg("summary", sheet::summary_said(&c, &cat));
                shared.add(c);
                return Ok(vec![
                    Reply::public(Message::phrase(line)),
                    Reply::private(&actor.id, m),
                ]);
            }
            let mut d = Draft::new(&name, &actor.id, &cat);
            d.start_cl = start_cl;
            let mut msgs = step_messages(&d, &cat);
            if start_cl > 1 {
                msgs.insert(
                    0,
                    Message::phrase(
                        Phrase::new("nw-start-cl")
                            .arg("cl", i64::from(start_cl))
                            .arg("count", i64::from(start_cl - 1)),
                    ),
                );
            }
            shared.drafts.insert(key, d);
            Ok(msgs
                .into_iter()
                .map(|m| Reply::private(&actor.id, m))
                .collect())
        }
        CharacterCommand::Choose { value } => {
            let Some(d) = shared.drafts.get(&key) else {
                return no(Phrase::new("nw-no-draft"));
            };
            let mut d = d.clone();
            let said = d.choose(&value, &cat)?;
            let mut out = vec![Reply::private(
                &actor.id,
                Message::phrase(Phrase::new("nw-chosen").arg("said", said)),
            )];
            out.extend(
                step_messages(&d, &cat)
                    .into_iter()
                    .map(|m| Reply::private(&actor.id, m)),
            );
            shared.drafts.insert(key, d);
            Ok(out)
        }
        CharacterCommand::Done => {
            let Some(d) = shared.drafts.get(&key) else {
                return no(Phrase::new("nw-no-draft"));
            };
            let c = d.finish(&cat)?;
            if shared
                .characters
                .iter()
                .any(|x| x.owner == actor.id && same_name(&x.name, &c.name))
            {
                return no(Phrase::new("nw-name-taken").arg("name", c.name.as_str()));
            }
            let m = sheet::sheet(&c, &cat, None);
            let line = Phrase::new("nw-finished")
                .arg("player", actor.name.as_str())
                .arg("name", c.name.as_str())
                .arg("summary", sheet::summary_said(&c, &cat));
            shared.drafts.remove(&key);
            shared.add(c);
            Ok(vec![
                Reply::public(Message::phrase(line)),
                Reply::private(&actor.id, m),
            ])
        }
        CharacterCommand::Cancel => {
            if shared.drafts.remove(&key).is_none() {
                return no(Phrase::new("nw-no-draft-cancel"));
            }
            Ok(private(
                actor,
                Message::phrase(Phrase::new("nw-create-cancelled")),
            ))
        }
        CharacterCommand::List => {
            let mine: Vec<Value> = shared
                .characters
                .iter()
                .filter(|c| c.owner == actor.id)
                .map(|c| {
                    Value::from(
                        Phrase::new("nw-list-line")
                            .arg("name", c.name.as_str())
                            .arg("summary", sheet::summary_said(c, &cat)),
                    )
                })
                .collect();
            Ok(private(
                actor,
                Message::phrase(
                    Phrase::titled("nw-list-title", "nw-list")
                        .arg("count", mine.len() as i64)
                        .arg("lines", Value::Lines(mine)),
                ),
            ))
        }
        CharacterCommand::Delete { name } => {
            let i = shared.find_index(&actor.id, Some(&name))?;
            if let Some(h) = shared
                .playing
                .get(&character_key(&actor.id, &shared.characters[i].name))
            {
                return no(Phrase::new("nw-delete-playing")
                    .arg("name", shared.characters[i].name.as_str())
                    .arg("place", h.place.mention()));
            }
            let c = shared.characters.remove(i);
            Ok(private(
                actor,
                Message::phrase(Phrase::new("nw-deleted").arg("name", c.name.as_str())),
            ))
        }
        CharacterCommand::Export { character } => {
            let mut c = shared.find(&actor.id, character.as_deref())?.clone();
            // The roster's identity stays here: an import is a new record.
            c.uid = 0;
            let json =
                serde_json::to_string_pretty(&c).map_err(|e| RuleError::new(e.to_string()))?;
            Ok(private(
                actor,
                Message::phrase(Phrase::new("nw-exported").arg("name", c.name.as_str()))
                    .attach(format!("{}.json", slug(&c.name)), json),
            ))
        }
        CharacterCommand::Import { json } => {
            let mut c: Character = serde_json::from_str(&json).map_err(|e| {
                super::super::words::refusal(
                    Phrase::new("nw-data-import-json").arg("error", e.to_string()),
                )
            })?;
            c.owner = actor.id.clone();
            let mut problems = validation::problems_said(&c, &cat);
            // The GM (a channel manager) may bring a character as it is, e.g. a Guest; a
            // player's import starts without progress (§6.1: it comes from the GM).
            if !actor.manager {
                problems.extend(validation::import_progress_problems_said(&c));
            }
            if shared
                .characters
                .iter()
                .any(|x| x.owner == actor.id && same_name(&x.name, &c.name))
            {
                problems.push(Phrase::new("nw-data-import-same-name").arg("name", c.name.as_str()));
            }
            validation::refuse_all_then(
                Phrase::new("nw-data-import-what").arg("name", c.name.as_str()),
                problems,
                Some(Phrase::new("nw-data-import-then")),
            )?;
            let line = Phrase::new("nw-imported")
                .arg("name", c.name.as_str())
                .arg("summary", sheet::summary_said(&c, &cat));
            shared.add(c);
            Ok(private(actor, Message::phrase(line)))
        }
        CharacterCommand::Equip {
            ref item,
            ref character,
        }
        | CharacterCommand::Unequip {
            ref item,
            ref character,
        } => {
            let want = matches!(c, CharacterCommand::Equip { .. });
            let sub = if want { "equip" } else { "unequip" };
            let item_name = |n: Value| Phrase::new("nw-item-name").arg("name", n);
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let mut c = shared.characters[i].clone();
            let Some(def) = cat.item(item) else {
                return no(Phrase::new("nw-no-item").arg("value", item.as_str()));
            };
            let Some(o) = c
                .items
                .iter_mut()
                .find(|o| o.id == def.id && o.equipped != want)
            else {
                return no(Phrase::new("nw-nothing-to-equip")
                    .arg("name", c.name.as_str())
                    .arg("item", item_name(def.said_name()))
                    .arg("sub", sub));
            };
            o.equipped = want;
            if let Some(p) = c.equipment_problem_said(&cat) {
                return no(p);
            }
            let line = Phrase::new("nw-equipped")
                .arg("item", item_name(def.said_name()))
                .arg("sub", sub);
            keep(shared, i, c, &cat, actor, false, line)
        }
        CharacterCommand::Note { text, character } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let text = text.unwrap_or_default();
            if text.len() > 1500 {
                return no(Phrase::new("nw-notes-long"));
            }
            shared.characters[i].notes = text;
            Ok(private(
                actor,
                Message::phrase(Phrase::new("nw-notes-saved")),
            ))
        }
        CharacterCommand::Connect { with, character } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let who = with.trim().to_string();
            let c = &mut shared.characters[i];
            if let Some(p) = c
                .connections
                .iter()
                .position(|x| x.eq_ignore_ascii_case(&who))
            {
                c.connections.remove(p);
                return Ok(private(
                    actor,
                    Message::phrase(
                        Phrase::new("nw-connection-changed")
                            .arg("who", who.as_str())
                            .arg("added", "no"),
                    ),
                ));
            }
            if c.connections.len() >= 20 || who.len() > 80 {
                return no(Phrase::new("nw-connections-full"));
            }
            c.connections.push(who.clone());
            Ok(private(
                actor,
                Message::phrase(
                    Phrase::new("nw-connection-changed")
                        .arg("who", who.as_str())
                        .arg("added", "yes"),
                ),
            ))
        }
        CharacterCommand::Levelup {
            character,
            skill,
            slot,
            class,
        } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let change = match (slot, class.as_deref()) {
                (Some(s), Some(cl)) => Some(((s - 1) as usize, cl)),
                (None, None) => None,
                _ => return no(Phrase::new("nw-class-change-needs")),
            };
            let before = shared.characters[i].clone();
            let mut c = before.clone();
            let said = level_up(&mut c, skill.as_deref(), change, &cat)?;
            validation::refuse_all(
                Phrase::new("nw-data-that-levelup"),
                validation::new_problems(&before, &c, &cat),
            )?;
            let name = c.name.clone();
            let note = sync::pending_note(shared, &c, true);
            shared.characters[i] = c;
            let mut out = vec![Reply::public(Message::phrase(Phrase {
                title: Some("nw-levelup-title".into()),
                ..said.arg("name", name.as_str())
            }))];
            out.extend(note.map(|n| Reply::private(&actor.id, Message::phrase(n))));
            Ok(out)
        }
        CharacterCommand::Bp {
            stat,
            points,
            character,
        } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let Some(s) = stat_index(&stat) else {
                return no(Phrase::new("nw-not-a-stat")
                    .arg("value", stat.as_str())
                    .arg("stats", STAT_LABEL.join(", ")));
            };
            let n = points.unwrap_or(1);
            let mut c = shared.characters[i].clone();
            c.bp[s] += n as i32;
            if let Some(p) = c.bp_problem_said() {
                return no(p);
            }
            let g = if GROUP1.contains(&s) { 1 } else { 2 };
            let line = Phrase::new("nw-bp-spent")
                .arg("name", c.name.as_str())
                .arg("points", n)
                .arg("group", g)
                .arg("stat", super::super::words::stat(s));
            keep(shared, i, c, &cat, actor, true, line)
        }
        CharacterCommand::Op {
            skill,
            buy,
            character,
        } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let mut c = shared.characters[i].clone();
            let op = &data.rules.op;
            let line = if let Some(k) = skill.as_deref() {
                let Some(s) = cat.skill(k).filter(|s| s.is_general()) else {
                    return no(Phrase::new("nw-op-not-general").arg("value", k));
                };
                if c.op < op.general_skill_cost {
                    return no(Phrase::new("nw-op-short")
                        .arg("cost", op.general_skill_cost)
                        .arg("op", c.op));
                }
                if c.sl(&s.id) + 1 > s.max_sl || s.acquire_cl > c.cl {
                    return no(Phrase::new("nw-op-cannot").arg("name", s.said_name()));
                }
                c.op -= op.general_skill_cost;
                match c.skills.iter_mut().find(|o| o.id == s.id) {
                    Some(o) => o.sl += 1,
                    None => c.skills.push(OwnedSkill {
                        id: s.id.clone(),
                        sl: 1,
                    }),
                }
                Phrase::new("nw-op-learns")
                    .arg("name", c.name.as_str())
                    .arg("skill", s.said_name())
                    .arg("cost", op.general_skill_cost)
            } else if let Some(k) = buy.as_deref() {
                let Some(it) = cat.item(k) else {
                    return no(Phrase::new("nw-no-item").arg("value", k));
                };
                let need = (it.price - c.op_money).max(0);
                let ops = (need + op.valco_per_op - 1) / op.valco_per_op.max(1);
                if ops > c.op {
                    return no(Phrase::new("nw-op-item-short")
                        .arg("name", it.said_name())
                        .arg("ops", ops)
                        .arg("op", c.op));
                }
                c.op -= ops;
                c.op_money += ops * op.valco_per_op - it.price;
                c.items.push(OwnedItem {
                    id: it.id.clone(),
                    equipped: false,
                    preserved: true,
                });
                Phrase::new("nw-op-buys")
                    .arg("name", c.name.as_str())
                    .arg("item", it.said_name())
                    .arg("ops", ops)
                    .arg("left", c.op_money)
            } else {
                return no(Phrase::new("nw-op-how"));
            };
            keep(shared, i, c, &cat, actor, true, line)
        }
    }
}

/// Keeps an edited record if the edit adds no problem under the one validation, telling its
/// player when the change reaches the session the character plays in (`progress`: at the
/// After phase; otherwise equipment, at the next Lunar Robe moment).
fn keep(
    shared: &mut NwShared,
    i: usize,
    c: Character,
    cat: &Catalog,
    actor: &Actor,
    progress: bool,
    line: Phrase,
) -> Result<Vec<Reply>, RuleError> {
    validation::refuse_all(
        Phrase::new("nw-data-that-change"),
        validation::new_problems(&shared.characters[i], &c, cat),
    )?;
    let note = sync::pending_note(shared, &c, progress);
    shared.characters[i] = c;
    let text = match note {
        Some(n) => Phrase::new("nw-with-note").arg("line", line).arg("note", n),
        None => line,
    };
    Ok(private(actor, Message::phrase(text)))
}
