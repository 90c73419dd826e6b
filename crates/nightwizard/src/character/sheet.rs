//! Rendering of character sheets and reference lists.

use super::super::judge::Cf;
use super::super::words::{attr, attr_short, data_word, join, joined, labelled, stat};
use super::derive::Derived;
use super::{Catalog, Character};
use croupier_core::i18n::Locale;
use croupier_core::table::{Message, Phrase, Value};

/// Session values shown on a sheet during play.
pub struct Live<'a> {
    /// Current HP.
    pub hp: i32,
    /// Current MP.
    pub mp: i32,
    /// Current Prana.
    pub prana: i32,
    /// This session's values.
    pub cf: Option<Cf>,
    /// Locked yet.
    pub cf_locked: bool,
    /// Bad statuses.
    pub bad: &'a crate::status::BadStatuses,
    /// The skill and item effects in force on the PC, as the tracker numbers them (filled by
    /// the view, which reads `combat::effects`).
    pub effects: Vec<Value>,
}

fn class_names(c: &Character, cat: &Catalog) -> Value {
    slash_names(&c.classes, |id| cat.data.class(id).map(|d| d.said_name()))
}

fn element_names(c: &Character, cat: &Catalog) -> Value {
    slash_names(&c.elements, |id| {
        cat.data.element(id).map(|d| d.said_name())
    })
}

/// Names joined by ` / ` in the reader's language: each id's data name, or the id itself.
fn slash_names(ids: &[String], name: impl Fn(&str) -> Option<Value>) -> Value {
    joined(
        "nw-join-slash",
        ids.iter()
            .map(|id| name(id).unwrap_or_else(|| Value::from(id.as_str())))
            .collect(),
    )
}

/// One line: `Ninja / Broomman CL 1, Wind / Light`.
pub fn summary(c: &Character, cat: &Catalog) -> String {
    summary_said(c, cat).text(Locale::En)
}

/// [`summary`] in the catalogue's words.
pub fn summary_said(c: &Character, cat: &Catalog) -> Value {
    Value::from(
        Phrase::new("nw-summary")
            .arg("classes", class_names(c, cat))
            .arg("cl", i64::from(c.cl))
            .arg("elements", element_names(c, cat)),
    )
}

/// Attributes as `Str 8 · Fin 10 · …`.
pub fn attrs_line(v: &Derived) -> String {
    attrs_said(&v.attrs).text(Locale::En)
}

/// Attributes as `Str 8 · Fin 10 · …`, in the catalogue's words.
pub fn attrs_said(a: &[i32; 6]) -> Value {
    joined(
        "nw-join-dot",
        a.iter()
            .enumerate()
            .map(|(i, x)| labelled(attr_short(i), i64::from(*x)))
            .collect(),
    )
}

/// Combat stats as `PACC 11 · EVA 10 · …`.
pub fn stats_line(s: &[i32; 8]) -> String {
    stats_said(s).text(Locale::En)
}

/// Combat stats as `PACC 11 · EVA 10 · …`, in the catalogue's words.
pub fn stats_said(s: &[i32; 8]) -> Value {
    joined(
        "nw-join-dot",
        s.iter()
            .enumerate()
            .map(|(i, x)| labelled(stat(i), i64::from(*x)))
            .collect(),
    )
}

fn none() -> Value {
    Value::from(Phrase::new("nw-none"))
}

/// The full sheet.
pub fn sheet(c: &Character, cat: &Catalog, live: Option<&Live>) -> Message {
    Message::phrase(sheet_said(c, cat, live))
}

/// The full sheet in the catalogue's words (a field a block, as before; every block's words
/// take their values from the one Phrase).
pub fn sheet_said(c: &Character, cat: &Catalog, live: Option<&Live>) -> Phrase {
    let v = c.derive(cat);
    let mut m = Phrase::titled("nw-sheet-title", "nw-sheet")
        .arg("name", c.name.as_str())
        .arg("summary", summary_said(c, cat))
        .arg(
            "element",
            cat.data
                .element(&c.elements[0])
                .map_or(Value::from("?"), |e| e.said_name()),
        )
        .arg("player", format!("<@{}>", c.owner))
        .field_keys("nw-sheet-attributes-head", "nw-sheet-attributes")
        .arg("attrs", attrs_said(&v.attrs))
        .arg("bonus", attr(c.bonus_attr))
        .arg("cfmod", i64::from(v.cf_mod))
        .arg("prana", i64::from(v.prana))
        .field_keys("nw-sheet-stats-head", "nw-sheet-stats")
        .arg("stats", stats_said(&v.stats))
        .arg("body", i64::from(v.body))
        .arg("mind", i64::from(v.mind))
        .arg("pre", stats_said(&v.pre_equip))
        .arg("classes", stats_said(&v.class_stats));
    let bp: Vec<Value> =
        c.bp.iter()
            .enumerate()
            .filter(|(_, x)| **x != 0)
            .map(|(i, x)| labelled(stat(i), format!("+{x}")))
            .collect();
    let (g1, g1max) = super::derive::group1_bp(c.cl);
    let (g2, g2max) = super::derive::group2_bp(c.cl);
    m = m
        .field_keys("nw-sheet-growth-head", "nw-sheet-growth")
        .arg("bp", join("nw-join-comma", bp, none()))
        .arg("g1", i64::from(g1))
        .arg("g1max", i64::from(g1max))
        .arg("g2", i64::from(g2))
        .arg("g2max", i64::from(g2max))
        .arg("op", c.op)
        .arg("opmoney", c.op_money)
        .arg("levelups", i64::from(c.level_ups));
    let skills: Vec<Value> = c
        .skills
        .iter()
        .map(|o| match cat.skill(&o.id) {
            Some(s) => Value::from(
                Phrase::new("nw-sheet-skill")
                    .arg("name", s.said_name())
                    .arg("sl", i64::from(o.sl))
                    .arg("timing", data_word("nw-timing", &s.timing))
                    .arg("check", data_word("nw-check", &s.check))
                    .arg("cost", data_word("nw-cost", &s.cost))
                    .arg("active", if c.skill_active(s) { "yes" } else { "no" }),
            ),
            None => Value::from(
                Phrase::new("nw-sheet-skill-unknown")
                    .arg("name", o.id.as_str())
                    .arg("sl", i64::from(o.sl)),
            ),
        })
        .collect();
    m = m.field_keys("nw-sheet-skills-head", "nw-sheet-skills").arg(
        "skills",
        if skills.is_empty() {
            none()
        } else {
            Value::Lines(skills)
        },
    );
    let items: Vec<Value> = c
        .items
        .iter()
        .map(|o| {
            let name = cat
                .item(&o.id)
                .map_or_else(|| Value::from(o.id.as_str()), |i| i.said_name());
            Value::from(
                Phrase::new("nw-sheet-item")
                    .arg("name", name)
                    .arg("equipped", if o.equipped { "yes" } else { "no" })
                    .arg("preserved", if o.preserved { "yes" } else { "no" }),
            )
        })
        .collect();
    m = m
        .field_keys("nw-sheet-items-head", "nw-sheet-items")
        .arg(
            "items",
            if items.is_empty() {
                none()
            } else {
                Value::Lines(items)
            },
        )
        .arg("weight", i64::from(v.weight))
        .arg("limit", i64::from(v.weight_limit))
        .arg("penalty", i64::from(v.weight_penalty))
        .arg("memory", i64::from(v.memory))
        .arg("memlimit", i64::from(v.memory_limit));
    if !c.connections.is_empty() || !c.notes.is_empty() {
        // The player's own words, as written.
        m = m.field_keys("nw-sheet-notes-head", "nw-sheet-notes").arg(
            "notes",
            format!("{}\n{}", c.connections.join(", "), c.notes)
                .trim()
                .to_string(),
        );
    }
    if let Some(l) = live {
        let cf = match l.cf {
            Some(cf) => Value::from(
                Phrase::new("nw-sheet-cf")
                    .arg("critical", i64::from(cf.critical))
                    .arg("fumble", i64::from(cf.fumble))
                    .arg("locked", if l.cf_locked { "yes" } else { "no" }),
            ),
            None => Value::from(Phrase::new("nw-sheet-cf-none")),
        };
        m = m
            .field_keys("nw-sheet-session-head", "nw-sheet-session")
            .arg("hp", i64::from(l.hp))
            .arg("mp", i64::from(l.mp))
            .arg("pranahere", i64::from(l.prana))
            .arg("cf", cf)
            .arg("bad", l.bad.said());
        if !l.effects.is_empty() {
            let lines = l.effects.clone();
            m = m.field(Phrase::new("nw-sheet-effects-head"), Value::Lines(lines));
        }
    }
    m
}
