//! The private messages that walk a player through character creation (§5), one step at a
//! time, each with its select menu or buttons. A menu's placeholder, its entries' labels and
//! their descriptions are typed words (`locales/*/nightwizard-create.ftl` and the data's own
//! names and effects), written in the reader's language; the entries' values are ids.

use super::super::commands::{CharacterCommand, NwCommand};
use super::super::data::ATTRS;
use super::super::words::joined;
use super::creation::{Draft, Step};
use super::Catalog;
use croupier_core::i18n::Locale;
use croupier_core::table::said::data as data_text;
use croupier_core::table::{english, Message, Phrase, Select, SelectOption, Value};

/// One entry of a step's menu: its label, its value (an id) and its second line.
struct Entry {
    label: Value,
    value: String,
    description: Option<Value>,
}

impl Entry {
    fn new(label: impl Into<Value>, value: &str, description: Option<Value>) -> Self {
        Entry {
            label: label.into(),
            value: value.to_string(),
            description,
        }
    }
}

/// `said` with a select menu of `entries` (the first 25) under `placeholder`: the menu as
/// English text, and its words typed in the phrase, so each reader reads them in their language.
fn with_menu(said: Phrase, placeholder: Phrase, entries: Vec<Entry>) -> Message {
    let entries: Vec<Entry> = entries.into_iter().take(25).collect();
    let select = Select::new(
        placeholder.text(Locale::En),
        &NwCommand::Character(CharacterCommand::Choose {
            value: String::new(),
        }),
        "value",
        entries
            .iter()
            .map(|e| SelectOption {
                label: e.label.text(Locale::En),
                value: e.value.clone(),
                description: e.description.as_ref().map(|d| d.text(Locale::En)),
            })
            .collect(),
    );
    let (labels, descriptions) = entries
        .into_iter()
        .map(|e| (Some(e.label), e.description))
        .unzip();
    Message::phrase(said.menu_entries(placeholder, labels, descriptions)).with_select(select)
}

/// Six attribute values as an entry's second line: `attributes 3/2/0/1/0/0` in English, each
/// named in Japanese.
fn attributes(key: &str, a: &[i32; 6]) -> Phrase {
    let listed = a
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join("/");
    Phrase::new(key)
        .arg("attrs", listed)
        .arg("named", super::sheet::attrs_said(a))
}

/// The message for a draft's current step, with its select menu or buttons.
pub fn step_messages(d: &Draft, cat: &Catalog) -> Vec<Message> {
    let data = cat.data;
    let titled = |key: &str| Phrase::titled("nw-create-title", key).arg("name", d.name.as_str());
    match d.step(cat) {
        Step::Class => {
            let n = d.classes.len() + 1;
            let mut all: Vec<Entry> = data
                .classes
                .iter()
                .map(|c| {
                    Entry::new(
                        c.said_name(),
                        &c.id,
                        Some(attributes("nw-create-menu-class-entry", &c.attrs).into()),
                    )
                })
                .collect();
            let half = all.len().div_ceil(2).min(25);
            let rest = all.split_off(half);
            let part = |p: i64| {
                Phrase::new("nw-create-menu-class")
                    .arg("n", n as i64)
                    .arg("part", p)
            };
            let mut out = vec![with_menu(
                titled("nw-step-class").arg("n", n as i64),
                part(1),
                all,
            )];
            if !rest.is_empty() {
                out.push(with_menu(
                    Phrase::new("nw-step-class-more").arg("n", n as i64),
                    part(2),
                    rest,
                ));
            }
            out
        }
        Step::Element => {
            let n = d.elements.len() + 1;
            vec![with_menu(
                titled("nw-step-element").arg("n", n as i64),
                Phrase::new("nw-create-menu-element").arg("n", n as i64),
                data.elements
                    .iter()
                    .map(|e| {
                        let line = attributes("nw-create-menu-element-entry", &e.attrs)
                            .arg("body", i64::from(e.body))
                            .arg("mind", i64::from(e.mind));
                        Entry::new(e.said_name(), &e.id, Some(line.into()))
                    })
                    .collect(),
            )]
        }
        Step::Bonus => {
            let v = super::derive::attributes(
                &d.classes.iter().map(String::as_str).collect::<Vec<_>>(),
                &d.elements.iter().map(String::as_str).collect::<Vec<_>>(),
                None,
                data,
            );
            vec![with_menu(
                titled("nw-step-bonus").arg("attrs", super::sheet::attrs_said(&v)),
                Phrase::new("nw-create-menu-bonus"),
                ATTRS
                    .iter()
                    .map(|a| {
                        Entry::new(Phrase::new("nw-create-menu-attr").arg("attr", *a), a, None)
                    })
                    .collect(),
            )]
        }
        Step::Auto(i) => {
            let class = data
                .class(&d.classes[i])
                .map_or(Value::from(""), |c| c.said_name());
            vec![with_menu(
                titled("nw-step-auto").arg("class", class),
                Phrase::new("nw-create-menu-auto"),
                d.auto_options(cat)
                    .iter()
                    .map(|s| {
                        Entry::new(
                            s.said_name(),
                            &s.id,
                            Some(short_said(&s.effect, s.effect_ja.as_deref())),
                        )
                    })
                    .collect(),
            )]
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
            vec![with_menu(
                titled("nw-step-skill")
                    .arg("what", what)
                    .arg("n", n as i64)
                    .arg("of", of as i64)
                    .arg("max", i64::from(c.creation_max_sl))
                    .arg("owned", joined("nw-join-comma", owned)),
                Phrase::new("nw-create-menu-skill"),
                d.pick_options(cat)
                    .iter()
                    .map(|s| {
                        let cls = if s.is_general() {
                            Value::from(Phrase::new("nw-create-menu-general"))
                        } else {
                            data.class(&s.class)
                                .map_or(Value::from(""), |c| c.said_name())
                        };
                        let line = Phrase::new("nw-create-menu-skill-entry")
                            .arg("class", cls)
                            .arg("max", i64::from(s.max_sl))
                            .arg("effect", short_said(&s.effect, s.effect_ja.as_deref()));
                        Entry::new(s.said_name(), &s.id, Some(line.into()))
                    })
                    .collect(),
            )]
        }
        Step::Items => {
            let opts: Vec<Entry> = cat
                .items()
                .filter(|i| i.price <= d.money)
                .map(|i| {
                    let label = Phrase::new("nw-create-menu-item-entry")
                        .arg("name", i.said_name())
                        .arg("k", i.price / 1000)
                        .arg("price", i.price);
                    Entry::new(
                        label,
                        &i.id,
                        Some(short_said(&i.effect, i.effect_ja.as_deref())),
                    )
                })
                .collect();
            let said = titled("nw-step-items").arg("money", d.money);
            let mut m = if opts.is_empty() {
                Message::phrase(said)
            } else {
                with_menu(said, Phrase::new("nw-create-menu-item"), opts)
            };
            m = m.labelled(&["nw-button-finish"]).styled_button(
                english("nw-button-finish"),
                &NwCommand::Character(CharacterCommand::Done),
                croupier_core::table::ButtonStyle::Success,
            );
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

/// A data text cut short for a list or a menu (see [`short`]), in each language the data
/// carries.
pub(super) fn short_said(en: &str, ja: Option<&str>) -> Value {
    data_text(&short(en), ja.map(short).as_deref())
}
