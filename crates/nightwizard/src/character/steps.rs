//! The private messages that walk a player through character creation (§5), one step at a
//! time, each with its select menu or buttons.

use super::super::commands::{CharacterCommand, NwCommand};
use super::super::data::ATTRS;
use super::super::words::joined;
use super::creation::{Draft, Step};
use super::Catalog;
use croupier_core::table::{english, Message, Phrase, Select, SelectOption, Value};

/// The message for a draft's current step, with its select menu or buttons.
pub fn step_messages(d: &Draft, cat: &Catalog) -> Vec<Message> {
    let data = cat.data;
    let sel = |placeholder: &str, opts: Vec<(String, String, Option<String>)>| {
        Select::new(
            placeholder,
            &NwCommand::Character(CharacterCommand::Choose {
                value: String::new(),
            }),
            "value",
            opts.into_iter()
                .take(25)
                .map(|(label, value, description)| SelectOption {
                    label,
                    value,
                    description,
                })
                .collect(),
        )
    };
    let titled = |key: &str| Phrase::titled("nw-create-title", key).arg("name", d.name.as_str());
    match d.step(cat) {
        Step::Class => {
            let n = d.classes.len() + 1;
            let all: Vec<(String, String, Option<String>)> = data
                .classes
                .iter()
                .map(|c| {
                    let a = c
                        .attrs
                        .iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join("/");
                    (
                        c.name.clone(),
                        c.id.clone(),
                        Some(format!("attributes {a}")),
                    )
                })
                .collect();
            let half = all.len().div_ceil(2).min(25);
            let mut out = vec![Message::phrase(titled("nw-step-class").arg("n", n as i64))
                .with_select(sel(&format!("Class {n} (1/2)"), all[..half].to_vec()))];
            if all.len() > half {
                out.push(
                    Message::phrase(Phrase::new("nw-step-class-more").arg("n", n as i64))
                        .with_select(sel(&format!("Class {n} (2/2)"), all[half..].to_vec())),
                );
            }
            out
        }
        Step::Element => {
            let n = d.elements.len() + 1;
            vec![
                Message::phrase(titled("nw-step-element").arg("n", n as i64)).with_select(sel(
                    &format!("Element {n}"),
                    data.elements
                        .iter()
                        .map(|e| {
                            let a = e
                                .attrs
                                .iter()
                                .map(|x| x.to_string())
                                .collect::<Vec<_>>()
                                .join("/");
                            (
                                e.name.clone(),
                                e.id.clone(),
                                Some(format!("attributes {a}, Body +{} Mind +{}", e.body, e.mind)),
                            )
                        })
                        .collect(),
                )),
            ]
        }
        Step::Bonus => {
            let v = super::derive::attributes(
                &d.classes.iter().map(String::as_str).collect::<Vec<_>>(),
                &d.elements.iter().map(String::as_str).collect::<Vec<_>>(),
                None,
                data,
            );
            vec![Message::phrase(
                titled("nw-step-bonus").arg("attrs", super::sheet::attrs_said(&v)),
            )
            .with_select(sel(
                "Bonus attribute",
                ATTRS
                    .iter()
                    .map(|a| (a.to_string(), a.to_string(), None))
                    .collect(),
            ))]
        }
        Step::Auto(i) => {
            let class = data
                .class(&d.classes[i])
                .map_or(Value::from(""), |c| c.said_name());
            vec![
                Message::phrase(titled("nw-step-auto").arg("class", class)).with_select(sel(
                    "Auto skill",
                    d.auto_options(cat)
                        .iter()
                        .map(|s| (s.name.clone(), s.id.clone(), Some(short(&s.effect))))
                        .collect(),
                )),
            ]
        }
        Step::Pick | Step::General => {
            let c = &data.rules.creation;
            let (what, n, of) = if d.step(cat) == Step::Pick {
                ("pick", d.picks_done + 1, c.skill_picks + d.owed.len())
            } else {
                ("general", d.general_done + 1, c.general_picks)
            };
            let owned: Vec<Value> = d
                .skills
                .iter()
                .map(|o| {
                    Value::from(
                        Phrase::new("nw-data-skill-sl")
                            .arg(
                                "name",
                                cat.skill(&o.id).map_or(Value::from("?"), |s| s.said_name()),
                            )
                            .arg("sl", i64::from(o.sl)),
                    )
                })
                .collect();
            vec![Message::phrase(
                titled("nw-step-skill")
                    .arg("what", what)
                    .arg("n", n as i64)
                    .arg("of", of as i64)
                    .arg("max", i64::from(c.creation_max_sl))
                    .arg("owned", joined("nw-join-comma", owned)),
            )
            .with_select(sel(
                "Skill",
                d.pick_options(cat)
                    .iter()
                    .map(|s| {
                        let cls = if s.is_general() {
                            "General".to_string()
                        } else {
                            data.class(&s.class)
                                .map(|c| c.name.clone())
                                .unwrap_or_default()
                        };
                        (
                            s.name.clone(),
                            s.id.clone(),
                            Some(format!(
                                "{cls} · max SL {} · {}",
                                s.max_sl,
                                short(&s.effect)
                            )),
                        )
                    })
                    .collect(),
            ))]
        }
        Step::Items => {
            let opts: Vec<_> = cat
                .items()
                .filter(|i| i.price <= d.money)
                .map(|i| {
                    (
                        format!("{} ({}k)", i.name, i.price / 1000),
                        i.id.clone(),
                        Some(short(&i.effect)),
                    )
                })
                .collect();
            let mut m = Message::phrase(titled("nw-step-items").arg("money", d.money))
                .labelled(&["nw-button-finish"])
                .styled_button(
                    english("nw-button-finish"),
                    &NwCommand::Character(CharacterCommand::Done),
                    croupier_core::table::ButtonStyle::Success,
                );
            if !opts.is_empty() {
                m = m.with_select(sel("Buy an item", opts));
            }
            vec![m]
        }
    }
}

pub(super) fn short(s: &str) -> String {
    let t: String = s.chars().take(90).collect();
    if t.len() < s.len() {
        format!("{t}…")
    } else {
        t
    }
}
