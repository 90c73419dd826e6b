//! A Night Wizard character: what the player chose (classes, elements, bonus point, skills,
//! items, BP) and every value derived from it by the rules (never typed in).
//!
//! The character domain, one file per job:
//! - this file: the record ([`Character`]) kept in the guild roster, the one truth a session
//!   reads (`sync`), and the [`Catalog`] skills and items are looked up in;
//! - `derive`: every derived value (§5 steps 4-9, §6.2, §14.2);
//! - `creation`: the creation steps (§5) and the quick build; `steps`: their messages;
//! - `level_up`: level up and class change (§6.2, §7);
//! - `validation`: the one set of checks creation, level up, import and every edit run
//!   (class skills, SL limits, the Secret-skill limit, CL and OP bookkeeping, BP);
//! - `roster`: the guild-wide state ([`roster::NwShared`]) and the commands that need no
//!   session; `edit`: the `/nw character` commands; `catalog_cmds`: `/nw skill`, `item`, `enemy`;
//! - `sync`: when a session's copy of a character takes the roster record's changes
//!   (progress at the After phase and the next Episode, equipment outside a fight or in the
//!   Setup Process), what the Episode used up, and the Preserved items the After phase restores;
//! - `restrict`: the one check of a skill's Restrict (§15.5) and the Dual Wield and Twin Magic
//!   conditions (§14.4, §14.6);
//! - `sheet`: the character sheet.

pub mod catalog_cmds;
pub mod creation;
pub mod derive;
pub mod edit;
pub mod global;
pub mod level_up;
pub mod refresh;
pub mod restrict;
pub mod roster;
pub mod sheet;
pub mod steps;
pub mod sync;
#[cfg(test)]
mod tests;
pub mod validation;

use serde::{Deserialize, Serialize};

use super::data::{ItemDef, NwData, SkillDef};
use croupier_core::table::UserId;

/// Skills, items and enemies a group added in chat (kept guild-wide).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct Custom {
    /// Added skills.
    pub skills: Vec<SkillDef>,
    /// Added items.
    pub items: Vec<ItemDef>,
    /// Added enemies.
    pub enemies: Vec<super::data::EnemyDef>,
}

/// The data plus a group's additions: where skills and items are looked up.
#[derive(Clone, Copy)]
pub struct Catalog<'a> {
    /// Shipped (or the group's) data files.
    pub data: &'a NwData,
    /// Added in chat.
    pub custom: &'a Custom,
}

impl<'a> Catalog<'a> {
    /// A class by its id, in each reader's language (the data's Japanese name beside the id).
    pub(crate) fn class_said(&self, id: &str) -> croupier_core::table::Value {
        croupier_core::table::said::data(id, self.data.class(id).and_then(|c| c.name_ja.as_deref()))
    }

    /// A skill by id or name.
    pub fn skill(&self, key: &str) -> Option<&'a SkillDef> {
        let k = key.trim().to_ascii_lowercase();
        self.skills()
            .find(|s| s.id == k || s.name.to_ascii_lowercase() == k)
    }
    /// An item by id or name.
    pub fn item(&self, key: &str) -> Option<&'a ItemDef> {
        let k = key.trim().to_ascii_lowercase();
        self.items()
            .find(|s| s.id == k || s.name.to_ascii_lowercase() == k)
    }
    /// Every skill.
    pub fn skills(&self) -> impl Iterator<Item = &'a SkillDef> {
        self.data.skills.iter().chain(self.custom.skills.iter())
    }
    /// Every item.
    pub fn items(&self) -> impl Iterator<Item = &'a ItemDef> {
        self.data.items.iter().chain(self.custom.items.iter())
    }
}

/// A skill the character owns.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OwnedSkill {
    /// Skill id.
    pub id: String,
    /// Skill Level.
    pub sl: u32,
}

/// An item the character owns.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OwnedItem {
    /// Item id.
    pub id: String,
    /// Worn (Equipment) rather than in the Lunar Robe (Inventory).
    pub equipped: bool,
    /// Comes back at the start of the next scenario if lost.
    pub preserved: bool,
}

/// A finished character.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Character {
    /// Name.
    pub name: String,
    /// Player.
    pub owner: UserId,
    /// Two class ids (may be equal).
    pub classes: [String; 2],
    /// The classes the attributes were built from, once a class change has happened
    /// (a class change swaps combat bonuses only; attributes stay).
    #[serde(default)]
    pub attr_classes: Option<[String; 2]>,
    /// Class Level.
    pub cl: u32,
    /// Two element ids; the first is the element of attacks.
    pub elements: [String; 2],
    /// Index of the attribute that got the bonus point.
    pub bonus_attr: usize,
    /// Skills.
    pub skills: Vec<OwnedSkill>,
    /// Bonus points spent per combat stat (index as `STATS`).
    pub bp: [i32; 8],
    /// Items.
    pub items: Vec<OwnedItem>,
    /// Valco in hand.
    pub money: i64,
    /// Unspent OP.
    pub op: i64,
    /// Valco bought with OP, to spend on preserved items before the next scenario.
    #[serde(default)]
    pub op_money: i64,
    /// Level ups the GM has allowed and the player has not yet taken.
    #[serde(default)]
    pub level_ups: u32,
    /// Connections.
    #[serde(default)]
    pub connections: Vec<String>,
    /// Notes.
    #[serde(default)]
    pub notes: String,
    /// Dead (§10.10: attacked while Incapacitated), written by the After phase of the session
    /// it died in: death is final, so a Dead character joins no later session.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dead: bool,
    /// The record's identity on this server's roster, given when it is added
    /// ([`roster::NwShared::add`]); 0 for a record made before identities (and for one not
    /// on a roster yet). A session's copy carries it, so a hold can tell a deleted record
    /// from a new one made under the same name.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub uid: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Character {
    /// The character's two classes as `&str`.
    pub fn class_ids(&self) -> [&str; 2] {
        [self.classes[0].as_str(), self.classes[1].as_str()]
    }

    /// SL of a skill (0 if not owned).
    pub fn sl(&self, id: &str) -> u32 {
        self.skills
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.sl)
            .unwrap_or(0)
    }

    /// True if the skill's effects work now (Secret skills of a left class do not).
    pub fn skill_active(&self, s: &SkillDef) -> bool {
        s.category != "secret" || self.classes.contains(&s.class)
    }
}
