//! The private messages that walk a player through character creation (§5), one step at a
//! time, each with its select menu or buttons.

use super::super::commands::{CharacterCommand, NwCommand};
use super::super::data::ATTRS;
use super::creation::{Draft, Step};
use super::Catalog;
use croupier_core::table::{Message, Select, SelectOption};

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
    let title = format!("🧙 Creating {}", d.name);
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
            let mut out = vec![Message::titled(
                title.clone(),
                format!("Step 1: pick class {n} of 2 (the same class twice is allowed). Console: `/nw character choose value:<class>`."),
            )
            .with_select(sel(&format!("Class {n} (1/2)"), all[..half].to_vec()))];
            if all.len() > half {
                out.push(
                    Message::text(format!("More classes for class {n}:"))
                        .with_select(sel(&format!("Class {n} (2/2)"), all[half..].to_vec())),
                );
            }
            out
        }
        Step::Element => {
            let n = d.elements.len() + 1;
            let hint = if n == 1 {
                " The first element is the element of your attacks."
            } else {
                ""
            };
            vec![Message::titled(
                title,
                format!("Step 3: pick element {n} of 2 (repeats allowed).{hint}"),
            )
            .with_select(sel(
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
            ))]
        }
        Step::Bonus => {
            let v = super::derive::attributes(
                &d.classes.iter().map(String::as_str).collect::<Vec<_>>(),
                &d.elements.iter().map(String::as_str).collect::<Vec<_>>(),
                None,
                data,
            );
            vec![Message::titled(
                title,
                format!(
                    "Step 4: your attributes are {}. Put the bonus point on one.",
                    sheet_attrs(&v)
                ),
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
                .map(|c| c.name.clone())
                .unwrap_or_default();
            vec![Message::titled(
                title,
                format!("Step 7: {class} has several Auto skills; choose one."),
            )
            .with_select(sel(
                "Auto skill",
                d.auto_options(cat)
                    .iter()
                    .map(|s| (s.name.clone(), s.id.clone(), Some(short(&s.effect))))
                    .collect(),
            ))]
        }
        Step::Pick | Step::General => {
            let c = &data.rules.creation;
            let (what, n, of) = if d.step(cat) == Step::Pick {
                ("skill pick (your classes' skills or General skills; a pick may raise an owned skill)", d.picks_done + 1, c.skill_picks + d.owed.len())
            } else {
                ("General skill pick", d.general_done + 1, c.general_picks)
            };
            let owned: Vec<String> = d
                .skills
                .iter()
                .map(|o| {
                    format!(
                        "{} {}",
                        cat.skill(&o.id).map(|s| s.name.as_str()).unwrap_or("?"),
                        o.sl
                    )
                })
                .collect();
            vec![Message::titled(
                title,
                format!(
                    "Step 7: {what} {n} of {of}; at most SL {} at creation.\nOwned: {}",
                    c.creation_max_sl,
                    owned.join(", ")
                ),
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
            let mut m = Message::titled(
                title,
                format!(
                    "Step 8: buy items with {} valco (unspent money is lost; bought items are Preserved). Press Finish when done.",
                    d.money
                ),
            )
            .styled_button(
                "Finish",
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

pub(super) fn sheet_attrs(a: &[i32; 6]) -> String {
    super::super::data::ATTR_SHORT
        .iter()
        .zip(a)
        .map(|(n, x)| format!("{n} {x}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

pub(super) fn short(s: &str) -> String {
    let t: String = s.chars().take(90).collect();
    if t.len() < s.len() {
        format!("{t}…")
    } else {
        t
    }
}
