//! Rules data for Night Wizard 3rd Edition: classes, elements, rules constants, and the
//! sample skills, items and enemies, loaded from `data/nightwizard/` and validated.
//! `rules` holds the tables' types, `effects` the typed effect vocabulary of skills and items,
//! `load` reads and checks them; this file only names them.

mod effects;
mod load;
mod restrict;
mod rules;

pub use effects::{
    amount, critical_said, critical_words, modifier_said, reduce_said, status_said,
    substitute_said, until_said, until_word, Aim, Effect, Grant, JudgeKind, Modded, Per, Played,
    Pool, Reach, Until, Whom, FLYING, MOST_TARGETS, STATS, STAT_LABEL,
};
pub use load::{
    enemy_problems, item_problems, load, skill_problems, text_only, uncategorised, untranslated,
};
pub use restrict::{read_restrict, Need};
pub use rules::{
    attr_index, mod_key_ok, stat_index, BadStatus, ClassDef, Creation, Difficulty, ElementDef,
    EnemyDef, Formulas, GmValues, ItemDef, NwData, OpRules, PranaRules, RulesFile, SkillDef, ATTRS,
    ATTR_SHORT, ENEMY_KINDS, GROUP1, GROUP2, ITEM_KINDS, SKILL_CATEGORIES, SLOTS, STACKS_ANYWAY,
};
