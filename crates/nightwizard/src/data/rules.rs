//! The rules tables' types and constants: classes, elements, rules constants, skills, items
//! and enemies (`load` fills them from `data/nightwizard/`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::effects::{Effect, Per, STATS};

/// The six attributes, in sheet order.
pub const ATTRS: [&str; 6] = [
    "strength",
    "finesse",
    "awareness",
    "knowledge",
    "spirit",
    "luck",
];
/// Short labels of the attributes.
pub const ATTR_SHORT: [&str; 6] = ["Str", "Fin", "Awa", "Kno", "Spi", "Luck"];
/// Indexes (into [`STATS`]) of group 1 (PACC, EVA, MACC, SPD).
pub const GROUP1: [usize; 4] = [0, 1, 2, 7];
/// Indexes (into [`STATS`]) of group 2 (PATK, MATK, PDEF, MDEF).
pub const GROUP2: [usize; 4] = [3, 4, 5, 6];

/// Index of an attribute name (full or short, any case).
pub fn attr_index(name: &str) -> Option<usize> {
    let n = name.trim().to_ascii_lowercase();
    ATTRS
        .iter()
        .zip(ATTR_SHORT)
        .position(|(a, s)| *a == n || s.to_ascii_lowercase() == n)
}

/// Index of a combat stat name (any case).
pub fn stat_index(name: &str) -> Option<usize> {
    let n = name.trim().to_ascii_lowercase();
    STATS.iter().position(|s| *s == n)
}

/// One class row.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ClassDef {
    /// Id (`ninja`).
    pub id: String,
    /// Name (`Ninja`).
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Str, Fin, Awa, Kno, Spi, Luck.
    pub attrs: [i32; 6],
    /// PACC, EVA, MACC, PATK, MATK, PDEF, MDEF, SPD bonuses.
    pub combat: [i32; 8],
    /// Body bonus (added once per CL).
    pub body: i32,
    /// Mind bonus (added once per CL).
    pub mind: i32,
    /// Why this row fails the rulebook's checksum, if it does.
    #[serde(default)]
    pub checksum_note: Option<String>,
    /// Note on a value rebuilt because the source lost it.
    #[serde(default)]
    pub pacc_note: Option<String>,
}

/// One element row.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ElementDef {
    /// Id (`wind`).
    pub id: String,
    /// Name (`Wind`).
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Attribute bonus.
    pub attrs: [i32; 6],
    /// Body bonus.
    pub body: i32,
    /// Mind bonus.
    pub mind: i32,
}

/// Creation constants.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Creation {
    /// Starting valco.
    pub starting_money: i64,
    /// Free skill picks.
    pub skill_picks: usize,
    /// General skill picks.
    pub general_picks: usize,
    /// Highest SL at creation.
    pub creation_max_sl: u32,
    /// Prana = this − CF Mod.
    pub prana_base: i32,
    /// CF Mod = Luck / this.
    pub cf_mod_divisor: i32,
}

/// Readings of the formulas the source leaves unclear.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Formulas {
    /// Attribute Body starts from.
    pub body_attr: String,
    /// Attribute Mind starts from.
    pub mind_attr: String,
    /// Attributes summed for SPD.
    pub spd_attrs: Vec<String>,
    /// `down` or `up`.
    pub halves: String,
}

/// The GM's fixed values.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct GmValues {
    /// Critical value.
    pub critical: u32,
    /// Fumble value.
    pub fumble: u32,
}

/// OP rules.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OpRules {
    /// Least OP per scenario.
    pub min: i64,
    /// Most OP per scenario.
    pub max: i64,
    /// OP for one General skill.
    pub general_skill_cost: i64,
    /// Valco per OP for preserved items.
    pub valco_per_op: i64,
}

/// Prana costs that are not 1.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PranaRules {
    /// Avoid Incapacitated.
    pub avoid_incapacitated_cost: i32,
}

/// A difficulty band.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Difficulty {
    /// Label.
    pub label: String,
    /// Lowest.
    pub min: i32,
    /// Highest.
    pub max: i32,
}

/// A bad status.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct BadStatus {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Has a rating that stacks.
    pub rated: bool,
    /// Effect text.
    pub effect: String,
    /// The `effect` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_ja: Option<String>,
    /// How it ends.
    pub ends: String,
    /// The `ends` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_ja: Option<String>,
}

/// `rules.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct RulesFile {
    /// Creation constants.
    pub creation: Creation,
    /// Formula readings.
    pub formulas: Formulas,
    /// GM values.
    pub gm: GmValues,
    /// OP.
    pub op: OpRules,
    /// Prana.
    pub prana: PranaRules,
    /// Difficulty table.
    pub difficulty: Vec<Difficulty>,
    /// Bad statuses.
    pub bad_status: Vec<BadStatus>,
}

/// A skill definition (from data or added in chat).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SkillDef {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Class id or `general`.
    pub class: String,
    /// Category (`auto`, `secret`, `trait`, `spell`, …, or empty).
    #[serde(default)]
    pub category: String,
    /// Least CL to learn it.
    #[serde(default = "one")]
    pub acquire_cl: u32,
    /// Highest SL.
    #[serde(default = "one")]
    pub max_sl: u32,
    /// Timing.
    #[serde(default)]
    pub timing: String,
    /// Check.
    #[serde(default)]
    pub check: String,
    /// Target.
    #[serde(default)]
    pub target: String,
    /// Range.
    #[serde(default)]
    pub range: String,
    /// Cost.
    #[serde(default)]
    pub cost: String,
    /// Restrict.
    #[serde(default)]
    pub restrict: String,
    /// Effect text.
    #[serde(default)]
    pub effect: String,
    /// The `effect` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_ja: Option<String>,
    /// Plain-number stat changes per SL (`pacc`…`spd`, `body`, `mind`): the Constant
    /// modifiers.
    #[serde(default)]
    pub mods: BTreeMap<String, i32>,
    /// What a declared skill does, typed ([`Effect`]); none in data written before them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// Once per Scene or Scenario, if so limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub once: Option<Per>,
}

fn one() -> u32 {
    1
}

impl SkillDef {
    /// True for General skills.
    pub fn is_general(&self) -> bool {
        self.class == "general"
    }
    /// True for Auto skills.
    pub fn is_auto(&self) -> bool {
        self.category == "auto"
    }
    /// Whether the bot plays none of its effect: no Constant `mods`, no typed `effects`, and
    /// not an attack (Check: Hit Check starts one). A group's own skill may be so; `croupier
    /// check-data` lists them.
    pub fn text_only(&self) -> bool {
        self.mods.is_empty()
            && self.effects.is_empty()
            && !self.check.eq_ignore_ascii_case("hit check")
    }
}

/// An item definition.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct ItemDef {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// weapon, armor, accessory, enchantment, broom, broom_option, tool, potion.
    pub kind: String,
    /// Slot.
    #[serde(default = "none_slot")]
    pub slot: String,
    /// Weight.
    #[serde(default)]
    pub weight: i32,
    /// Memory (enchantments).
    #[serde(default)]
    pub memory: i32,
    /// Price in valco.
    #[serde(default)]
    pub price: i64,
    /// Range.
    #[serde(default)]
    pub range: String,
    /// Combat-stat modifiers.
    #[serde(default)]
    pub mods: BTreeMap<String, i32>,
    /// Effect text.
    #[serde(default)]
    pub effect: String,
    /// The `effect` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_ja: Option<String>,
    /// "Doesn't Stack" armour (§14.5): while it is worn, other armour gives no combat-stat
    /// values, except items in the One Hand, Two Hand and Clothes slots.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_stack: bool,
    /// A Maou Enchantment (§14.7): only one may be equipped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub maou: bool,
    /// A weapon's categories, `/`-separated (`Blade`, `Magic Sword/Blade`): what a skill's
    /// "Restrict: Blade Use" or "Magic Sword Equip" names (§15.3, §15.5).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub category: String,
    /// The Range carries the rulebook's mark (§14.3): the weapon cannot target anyone in its
    /// wielder's own Engage (a marked "Range: Short" weapon reaches Short range only).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub range_marked: bool,
    /// What using it does, typed ([`Effect`]); none in data written before them. A Broom
    /// Option's are what it gives its Wielder while fitted (`until = "fitted"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// A Broom's Types, `/`-separated (§14.8: Melee, Ranged, Magic, Armor, Mobile); a Broom
    /// Option's Type, which must be one of its Broom's (empty: the blank Type, fits any Broom).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub broom_type: String,
    /// A Broom's Capacity: its Option slots (§14.8).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub capacity: u32,
    /// A Broom Option's Occupy: the Capacity it uses (§14.8).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub occupy: u32,
    /// A Broom Option's "X Only": it fits only Brooms of category X (§14.8).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub only: String,
    /// A Broom Option that helps its Wielder only while they ride the Broom (its effect says
    /// "you", the rider, §14.8).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub riding: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The Broom Types (§14.8).
pub const BROOM_TYPES: [&str; 5] = ["Melee", "Ranged", "Magic", "Armor", "Mobile"];

impl ItemDef {
    /// Whether the bot plays none of it: no `mods` and no typed `effects`.
    pub fn text_only(&self) -> bool {
        self.mods.is_empty() && self.effects.is_empty()
    }

    /// A Broom's Types (`Melee/Mobile`: both), trimmed.
    pub fn broom_types(&self) -> impl Iterator<Item = &str> {
        self.broom_type
            .split('/')
            .map(str::trim)
            .filter(|c| !c.is_empty())
    }

    /// Why the Broom Option `self` cannot be fitted to `broom` beside options occupying `taken`
    /// of its Capacity (§14.8: Type, "X Only", Occupy), if it cannot, in the catalogue's words.
    pub fn unfit_for(&self, broom: &ItemDef, taken: u32) -> Option<croupier_core::table::Phrase> {
        let said = |key: &str| {
            croupier_core::table::Phrase::new(key)
                .arg("name", self.said_name())
                .arg("broom", broom.said_name())
        };
        let t = self.broom_type.trim();
        if !t.is_empty() && !broom.broom_types().any(|b| b.eq_ignore_ascii_case(t)) {
            return Some(
                said("nw-data-option-type")
                    .arg("type", t)
                    .arg("types", broom.broom_type.as_str()),
            );
        }
        let only = self.only.trim();
        if !only.is_empty() && !broom.categories().any(|c| c.eq_ignore_ascii_case(only)) {
            return Some(said("nw-data-option-only").arg("only", only));
        }
        if taken + self.occupy > broom.capacity {
            return Some(
                said("nw-data-option-capacity")
                    .arg("occupy", i64::from(self.occupy))
                    .arg("free", i64::from(broom.capacity.saturating_sub(taken)))
                    .arg("capacity", i64::from(broom.capacity)),
            );
        }
        None
    }

    /// Its categories (`Magic Sword/Blade`: both), trimmed.
    pub fn categories(&self) -> impl Iterator<Item = &str> {
        self.category
            .split('/')
            .map(str::trim)
            .filter(|c| !c.is_empty())
    }

    /// Whether a Restrict's word names this item (§15.5: "the named class or category"): its
    /// kind (`Broom`), one of its categories (`Blade`), its name, or its slot (`One Hand`).
    pub fn is_called(&self, word: &str) -> bool {
        let w = word.trim();
        let slot = w.replace([' ', '-'], "_");
        self.kind.eq_ignore_ascii_case(w)
            || self.categories().any(|c| c.eq_ignore_ascii_case(w))
            || self.name.eq_ignore_ascii_case(w)
            || self.slot.eq_ignore_ascii_case(&slot)
    }

    /// Held to attack with (§14.3): a weapon or a Broom in one hand or both.
    pub fn is_weapon(&self) -> bool {
        matches!(self.kind.as_str(), "weapon" | "broom")
            && matches!(self.slot.as_str(), "one_hand" | "two_hand")
    }

    /// How far an attack with it reaches (§14.3, §10.6): `Close`, `Short` (Close too) or
    /// `Long` (Short and Close too); a marked Range never reaches its wielder's own Engage.
    pub fn reach(&self) -> WeaponReach {
        let r = self.range.trim().to_ascii_lowercase();
        WeaponReach {
            close: !self.range_marked,
            short: r.starts_with("short") || r.starts_with("long"),
            long: r.starts_with("long"),
        }
    }
}

/// The range bands a weapon reaches ([`ItemDef::reach`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeaponReach {
    /// The wielder's own Engage.
    pub close: bool,
    /// Short range.
    pub short: bool,
    /// Long range.
    pub long: bool,
}

/// The slots whose armour a worn "Doesn't Stack" item leaves counting (§14.5).
pub const STACKS_ANYWAY: [&str; 3] = ["one_hand", "two_hand", "clothes"];

fn none_slot() -> String {
    "none".into()
}

/// An enemy definition.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct EnemyDef {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// mob, guest, boss, extra.
    pub kind: String,
    /// HP.
    pub hp: i32,
    /// MP.
    #[serde(default)]
    pub mp: i32,
    /// PACC, EVA, MACC, PATK, MATK, PDEF, MDEF, SPD.
    pub stats: [i32; 8],
    /// Attack text (combat reads it: `Magical`, `Short`/`Area`, `BS: Name (n)`).
    #[serde(default)]
    pub attack: String,
    /// The `attack` in Japanese, if the data carries it: only shown, never read for rules
    /// (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_ja: Option<String>,
    /// Notes.
    #[serde(default)]
    pub notes: String,
}

/// All of the game's data.
#[derive(Debug, Clone, PartialEq)]
pub struct NwData {
    /// Classes.
    pub classes: Vec<ClassDef>,
    /// Elements.
    pub elements: Vec<ElementDef>,
    /// Rules constants.
    pub rules: RulesFile,
    /// Sample skills.
    pub skills: Vec<SkillDef>,
    /// Sample items.
    pub items: Vec<ItemDef>,
    /// Sample enemies.
    pub enemies: Vec<EnemyDef>,
}

/// Item slots.
pub const SLOTS: [&str; 10] = [
    "one_hand",
    "two_hand",
    "head",
    "upper",
    "clothes",
    "shoulder",
    "gloves",
    "accessory",
    "broom",
    "none",
];
/// Item kinds.
pub const ITEM_KINDS: [&str; 8] = [
    "weapon",
    "armor",
    "accessory",
    "enchantment",
    "broom",
    "broom_option",
    "tool",
    "potion",
];
/// Enemy kinds.
pub const ENEMY_KINDS: [&str; 4] = ["mob", "guest", "boss", "extra"];
/// Skill categories.
pub const SKILL_CATEGORIES: [&str; 7] = ["", "auto", "secret", "trait", "spell", "broom", "item"];

/// Keys allowed in `mods` tables.
pub fn mod_key_ok(k: &str) -> bool {
    stat_index(k).is_some() || k == "body" || k == "mind"
}

impl NwData {
    /// A class by id or name (any case).
    pub fn class(&self, key: &str) -> Option<&ClassDef> {
        let k = key.trim().to_ascii_lowercase();
        self.classes
            .iter()
            .find(|c| c.id == k || c.name.to_ascii_lowercase() == k || c.id == k.replace(' ', "_"))
    }
    /// An element by id or name.
    pub fn element(&self, key: &str) -> Option<&ElementDef> {
        let k = key.trim().to_ascii_lowercase();
        self.elements
            .iter()
            .find(|e| e.id == k || e.name.to_ascii_lowercase() == k)
    }
    /// The difficulty label for `n`.
    pub fn difficulty_label(&self, n: i32) -> &str {
        self.rules
            .difficulty
            .iter()
            .find(|d| (d.min..=d.max).contains(&n))
            .map(|d| d.label.as_str())
            .unwrap_or("-")
    }
}

impl ClassDef {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl ElementDef {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl BadStatus {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl SkillDef {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl ItemDef {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl EnemyDef {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
    /// Its attack text in each language the data carries (the English where it carries no
    /// other).
    pub fn said_attack(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.attack, self.attack_ja.as_deref())
    }
}
