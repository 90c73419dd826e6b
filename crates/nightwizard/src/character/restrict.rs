//! The one place a skill's Restrict is checked against a character (§15.3, §15.5; the field
//! is read by `data::read_restrict`): a declared skill before anything is paid, an attack
//! skill against the weapon its attack is made with, and a Constant skill's modifiers (§15.5
//! Constant: "If a Restrict is given, the effect works only while it is met").
//!
//! "X Use" (rules-choices): in an attack, the weapon the attack is made with must be an X;
//! anywhere else (a skill that attacks with nothing, the sheet, a Dodge Check) an X held in a
//! hand meets it. "X Equip" needs an equipped X, "X Unequip" none; X is an item's kind, one of
//! its categories, its name or its slot (`ItemDef::is_called`).

use super::super::data::{read_restrict, ItemDef, Need, SkillDef};
use super::super::words::joined;
use super::{Catalog, Character};
use croupier_core::table::{Phrase, Value};

/// What a Restrict is checked against.
#[derive(Debug, Clone, Copy)]
pub enum Using<'a> {
    /// Not an attack: a held item meets "X Use".
    Held,
    /// An attack made with this weapon (or enchantment): only it meets "X Use".
    Attack(&'a ItemDef),
}

impl Character {
    /// The items equipped, as the catalog defines them.
    pub fn equipped<'a>(&self, cat: &Catalog<'a>) -> Vec<&'a ItemDef> {
        self.items
            .iter()
            .filter(|i| i.equipped)
            .filter_map(|i| cat.item(&i.id))
            .collect()
    }

    /// The Dual Wield condition (§14.4): "Having a weapon in each hand".
    pub fn dual_wield(&self, cat: &Catalog) -> bool {
        self.equipped(cat)
            .iter()
            .filter(|d| d.is_weapon() && d.slot == "one_hand")
            .count()
            >= 2
    }

    /// The Twin Magic condition (§14.6): two One Hand enchantments.
    pub fn twin_magic(&self, cat: &Catalog) -> bool {
        self.equipped(cat)
            .iter()
            .filter(|d| d.kind == "enchantment" && d.slot == "one_hand")
            .count()
            >= 2
    }

    /// `None` when `skill`'s Restrict is met, else why not (the refusal's words). A Restrict
    /// that is none of the forms `data::read_restrict` reads (a group's own skill from before)
    /// is the table's to judge: not checked.
    pub fn restrict_unmet(&self, skill: &SkillDef, cat: &Catalog, using: Using) -> Option<Phrase> {
        let needs = read_restrict(&skill.restrict).ok()?;
        let on = self.equipped(cat);
        let called = |d: &ItemDef, words: &[String]| words.iter().any(|w| d.is_called(w));
        let r = skill.restrict.trim();
        let why = |what: Phrase| {
            Some(
                Phrase::new("nw-restrict-unmet")
                    .arg("skill", skill.said_name())
                    .arg("restrict", r)
                    .arg("why", what),
            )
        };
        // The Restrict's words as the data writes them (`Sword or Gun`).
        let any = |words: &[String]| {
            joined(
                "nw-join-or",
                words.iter().map(|w| Value::from(w.as_str())).collect(),
            )
        };
        for need in &needs {
            match need {
                Need::Use(words) => match using {
                    Using::Held => {
                        let held = on.iter().any(|d| {
                            matches!(d.slot.as_str(), "one_hand" | "two_hand") && called(d, words)
                        });
                        if !held {
                            return why(Phrase::new("nw-restrict-hold").arg("what", any(words)));
                        }
                    }
                    Using::Attack(w) => {
                        if !called(w, words) {
                            return why(Phrase::new("nw-restrict-attack")
                                .arg("what", any(words))
                                .arg("weapon", w.said_name()));
                        }
                    }
                },
                Need::Equip(words) => {
                    if !on.iter().any(|d| called(d, words)) {
                        return why(Phrase::new("nw-restrict-equip").arg("what", any(words)));
                    }
                }
                Need::Unequip(words) => {
                    if let Some(d) = on.iter().find(|d| called(d, words)) {
                        return why(Phrase::new("nw-restrict-unequip").arg("item", d.said_name()));
                    }
                }
                Need::DualWield => {
                    if !self.dual_wield(cat) {
                        return why(Phrase::new("nw-restrict-dual"));
                    }
                }
                Need::TwinMagic => {
                    if !self.twin_magic(cat) {
                        return why(Phrase::new("nw-restrict-twin"));
                    }
                }
            }
        }
        None
    }
}
