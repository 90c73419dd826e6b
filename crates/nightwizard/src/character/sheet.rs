//! Rendering of character sheets and reference lists.

use super::super::data::{ATTR_SHORT, STAT_LABEL};
use super::super::judge::Cf;
use super::derive::{attr_name, Derived};
use super::{Catalog, Character};
use croupier_core::table::Message;

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
    pub effects: Vec<String>,
}

fn class_names(c: &Character, cat: &Catalog) -> String {
    c.classes
        .iter()
        .map(|id| {
            cat.data
                .class(id)
                .map(|d| d.name.clone())
                .unwrap_or_else(|| id.clone())
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

fn element_names(c: &Character, cat: &Catalog) -> String {
    c.elements
        .iter()
        .map(|id| {
            cat.data
                .element(id)
                .map(|d| d.name.clone())
                .unwrap_or_else(|| id.clone())
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

/// One line: `Ninja / Broomman CL 1, Wind / Light`.
pub fn summary(c: &Character, cat: &Catalog) -> String {
    format!(
        "{} CL {}, {}",
        class_names(c, cat),
        c.cl,
        element_names(c, cat)
    )
}

/// Attributes as `Str 8 · Fin 10 · …`.
pub fn attrs_line(v: &Derived) -> String {
    ATTR_SHORT
        .iter()
        .zip(v.attrs)
        .map(|(n, x)| format!("{n} {x}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Combat stats as `PACC 11 · EVA 10 · …`.
pub fn stats_line(s: &[i32; 8]) -> String {
    STAT_LABEL
        .iter()
        .zip(s)
        .map(|(n, x)| format!("{n} {x}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The full sheet.
pub fn sheet(c: &Character, cat: &Catalog, live: Option<&Live>) -> Message {
    let v = c.derive(cat);
    let mut m = Message::titled(
        format!("📜 {}", c.name),
        format!(
            "{} (first element {} is the element of attacks) · player <@{}>",
            summary(c, cat),
            cat.data
                .element(&c.elements[0])
                .map(|e| e.name.as_str())
                .unwrap_or("?"),
            c.owner
        ),
    )
    .field(
        "Attributes",
        format!(
            "{}\nBonus point: {} · CF Mod {} · Prana (max) {}",
            attrs_line(&v),
            attr_name(c.bonus_attr),
            v.cf_mod,
            v.prana
        ),
    )
    .field(
        "Combat stats",
        format!(
            "{}\nBody {} · Mind {}\nPre-equip: {}\nAfter class bonuses: {}",
            stats_line(&v.stats),
            v.body,
            v.mind,
            stats_line(&v.pre_equip),
            stats_line(&v.class_stats)
        ),
    );
    let bp: Vec<String> = STAT_LABEL
        .iter()
        .zip(c.bp)
        .filter(|(_, x)| *x != 0)
        .map(|(n, x)| format!("{n} +{x}"))
        .collect();
    let (g1, g1max) = super::derive::group1_bp(c.cl);
    let (g2, g2max) = super::derive::group2_bp(c.cl);
    m = m.field(
        "Growth",
        format!(
            "BP spent: {} (group 1: {g1} total, {g1max} per stat; group 2: {g2} total, {g2max} per stat)\nOP {} · OP valco {} · level ups allowed {}",
            if bp.is_empty() { "none".to_string() } else { bp.join(", ") },
            c.op,
            c.op_money,
            c.level_ups
        ),
    );
    let skills: Vec<String> = c
        .skills
        .iter()
        .map(|o| match cat.skill(&o.id) {
            Some(s) => {
                let off = if c.skill_active(s) {
                    ""
                } else {
                    " (inactive: class left)"
                };
                format!(
                    "{} SL {} [{}; {}; cost {}]{off}",
                    s.name, o.sl, s.timing, s.check, s.cost
                )
            }
            None => format!("{} SL {} (unknown skill)", o.id, o.sl),
        })
        .collect();
    m = m.field(
        "Skills",
        if skills.is_empty() {
            "none".into()
        } else {
            skills.join("\n")
        },
    );
    let items: Vec<String> = c
        .items
        .iter()
        .map(|o| {
            let name = cat
                .item(&o.id)
                .map(|i| i.name.clone())
                .unwrap_or_else(|| o.id.clone());
            format!(
                "{name} ({}{})",
                if o.equipped { "equipped" } else { "inventory" },
                if o.preserved { ", preserved" } else { "" }
            )
        })
        .collect();
    m = m.field(
        "Items",
        format!(
            "{}\nWeight {}/{} (penalty −{}) · Memory {}/{}",
            if items.is_empty() {
                "none".to_string()
            } else {
                items.join("\n")
            },
            v.weight,
            v.weight_limit,
            v.weight_penalty,
            v.memory,
            v.memory_limit
        ),
    );
    if !c.connections.is_empty() || !c.notes.is_empty() {
        m = m.field(
            "Connections and notes",
            format!("{}\n{}", c.connections.join(", "), c.notes)
                .trim()
                .to_string(),
        );
    }
    if let Some(l) = live {
        let cf = match l.cf {
            Some(cf) => format!(
                "Critical {} · Fumble {}{}",
                cf.critical,
                cf.fumble,
                if l.cf_locked { "" } else { " (not locked yet)" }
            ),
            None => "not rolled".into(),
        };
        let bad = l.bad.text();
        m = m.field(
            "This session",
            format!(
                "HP {}/{} · MP {}/{} · Prana {}/{}\n{cf}\nBad statuses: {}",
                l.hp,
                v.body,
                l.mp,
                v.mind,
                l.prana,
                v.prana,
                if bad.is_empty() { "none".into() } else { bad }
            ),
        );
        if !l.effects.is_empty() {
            m = m.field("Effects in force", l.effects.join("\n"));
        }
    }
    m
}
