//! Card data for Nobi Nobi Sword: types and a loader that names the file, the card and the
//! field of every problem it finds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};
use toml::{Table, Value};

use croupier_core::table::{read_data_file, DataError, Phrase};

/// Sub-folder of the data folder that holds this game's files.
pub const DIR: &str = "nobi/sword";

/// Cards each deck must hold (the rulebook's component list).
pub const COUNTS: [(&str, &str, usize); 7] = [
    ("characters.toml", "character", 16),
    ("light.toml", "light", 20),
    ("darkness.toml", "darkness", 20),
    ("introductions.toml", "introduction", 8),
    ("scenes.toml", "scene", 40),
    ("epilogues.toml", "epilogue", 8),
    ("tables.toml", "table", 4),
];

/// Entries on each side of a special table (rolled with one die).
pub const TABLE_ENTRIES: usize = 6;

/// A skill tested by a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Skill {
    /// Strength and determination.
    Power,
    /// Concentration and efficiency.
    Technique,
}

impl Skill {
    /// Parses `power` / `technique` (any case).
    pub fn parse(s: &str) -> Option<Skill> {
        match s.trim().to_ascii_lowercase().as_str() {
            "power" => Some(Skill::Power),
            "technique" => Some(Skill::Technique),
            _ => None,
        }
    }
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Skill::Power => "Power",
            Skill::Technique => "Technique",
        }
    }
    /// Its name in the reader's language (`nobi-skill`).
    pub fn said(self) -> Phrase {
        Phrase::new("nobi-skill").arg("skill", self.name().to_ascii_lowercase())
    }
}

/// When an Ability may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tag {
    /// Only on the owner's own tests.
    Solo,
    /// Only to help another character's test.
    Assist,
    /// Always active on the owner's own tests; never announced.
    Permanent,
    /// Own test or another's, and also in the Epilogue.
    All,
}

impl Tag {
    fn parse(s: &str) -> Option<Tag> {
        match s.trim().to_ascii_lowercase().as_str() {
            "solo" => Some(Tag::Solo),
            "assist" => Some(Tag::Assist),
            "permanent" => Some(Tag::Permanent),
            "all" => Some(Tag::All),
            _ => None,
        }
    }
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Tag::Solo => "Solo",
            Tag::Assist => "Assist",
            Tag::Permanent => "Permanent",
            Tag::All => "All",
        }
    }
    /// Its name in the reader's language (`nobi-tag`).
    pub fn said(self) -> Phrase {
        Phrase::new("nobi-tag").arg("tag", self.name().to_ascii_lowercase())
    }
}

/// What an Ability does that the bot applies itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// Adds to the tested total (only on checks of `skill`, if given).
    Bonus {
        /// Amount added.
        amount: i64,
        /// Restricts the bonus to one skill.
        skill: Option<Skill>,
    },
    /// A failed check is rolled once more.
    Reroll,
    /// Roll 3 dice and keep the best 2.
    ExtraDie,
    /// Lowers the Difficulty by `amount`.
    Difficulty {
        /// Amount the Difficulty drops.
        amount: i64,
    },
    /// Free text the GM adjudicates.
    Free,
}

impl Effect {
    /// Parses `bonus +2 [power]`, `reroll`, `extra_die`, `difficulty -2`, `free`.
    pub fn parse(s: &str) -> Result<Effect, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let num = |w: Option<&&str>| -> Result<i64, String> {
            w.and_then(|w| w.trim_start_matches('+').parse::<i64>().ok())
                .ok_or_else(|| format!("`{s}` needs a number, e.g. `bonus +2`"))
        };
        match words.first().map(|w| w.to_ascii_lowercase()).as_deref() {
            Some("bonus") => {
                let amount = num(words.get(1))?;
                if !(1..=6).contains(&amount) {
                    return Err(format!("bonus {amount} is outside 1..6"));
                }
                let skill = match words.get(2) {
                    None => None,
                    Some(w) => Some(Skill::parse(w).ok_or_else(|| {
                        format!("unknown skill `{w}` (use Power or Technique)")
                    })?),
                };
                if words.len() > 3 {
                    return Err(format!("`{s}` has extra words"));
                }
                Ok(Effect::Bonus { amount, skill })
            }
            Some("difficulty") => {
                let amount = -num(words.get(1))?;
                if !(1..=6).contains(&amount) || words.len() > 2 {
                    return Err(format!("`{s}`: write `difficulty -N` with N in 1..6"));
                }
                Ok(Effect::Difficulty { amount })
            }
            Some("reroll") if words.len() == 1 => Ok(Effect::Reroll),
            Some("extra_die") if words.len() == 1 => Ok(Effect::ExtraDie),
            Some("free") if words.len() == 1 => Ok(Effect::Free),
            _ => Err(format!(
                "unknown effect `{s}` (use `bonus +N [skill]`, `reroll`, `extra_die`, `difficulty -N` or `free`)"
            )),
        }
    }
}

/// An Ability on a character, Light or Darkness card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    /// Name (unique over the whole set; players announce it by name).
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Usage tag.
    pub tag: Tag,
    /// Rules text.
    pub text: String,
    /// The `text` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_ja: Option<String>,
    /// What the bot applies.
    pub effect: Effect,
}

/// One side of a character card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Character {
    /// Id.
    pub id: String,
    /// Physical card number (1–8); front and back share it.
    pub card: u8,
    /// `front` or `back`.
    pub side: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Profession.
    pub profession: String,
    /// The `profession` in Japanese, if the data carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profession_ja: Option<String>,
    /// Power skill.
    pub power: i64,
    /// Technique skill.
    pub technique: i64,
    /// The character's Ability.
    pub ability: Ability,
}

impl Character {
    /// The printed value of `skill`.
    pub fn skill(&self, skill: Skill) -> i64 {
        match skill {
            Skill::Power => self.power,
            Skill::Technique => self.technique,
        }
    }
}

/// A Light or Darkness card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GainCard {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Description (Darkness) or empty.
    pub description: String,
    /// The `description` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_ja: Option<String>,
    /// Effect text as printed.
    pub text: String,
    /// The `text` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_ja: Option<String>,
    /// Skill modifier the card gives its holder.
    pub bonus: Option<(Skill, i64)>,
    /// Ability the card gives its holder.
    pub ability: Option<Ability>,
}

impl GainCard {
    /// A card that brings a secondary character (its text or description ends in `(NPC)`,
    /// as `data/nobi/README.md` says): such NPCs may join the Epilogue.
    pub fn is_npc(&self) -> bool {
        self.text.contains("(NPC)") || self.description.contains("(NPC)")
    }
}

/// An Introduction card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Intro {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Text read out.
    pub description: String,
    /// The `description` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_ja: Option<String>,
}

/// How a Scene is resolved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Test {
    /// 2D + skill ≥ difficulty.
    Check {
        /// Skill tested.
        skill: Skill,
        /// Difficulty printed on the card.
        difficulty: i64,
    },
    /// The GM decides after the Main Character plays it out.
    Roleplay {
        /// What the Main Character must do.
        prompt: String,
    },
}

/// A Scene card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scene {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Text read out.
    pub description: String,
    /// The `description` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_ja: Option<String>,
    /// Check or Role-play challenge.
    pub test: Test,
    /// A Role-play challenge's `prompt` in Japanese (`roleplay_ja`), if the data carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roleplay_ja: Option<String>,
    /// Optional extra effect for the GM.
    pub effect: Option<String>,
    /// The `effect` in Japanese, if the data carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_ja: Option<String>,
}

/// An Epilogue card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Epilogue {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Text read out.
    pub description: String,
    /// The `description` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_ja: Option<String>,
    /// The final test's skill.
    pub skill: Skill,
    /// The final test's difficulty.
    pub difficulty: i64,
}

/// One side of a special table card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpecialTable {
    /// Id.
    pub id: String,
    /// `objects` or `opponents`.
    pub kind: String,
    /// Side 1 or 2.
    pub side: u8,
    /// Six entries (one per die face).
    pub entries: Vec<String>,
    /// The `entries` in Japanese (as many, in the same order), if the data carries them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entries_ja: Option<Vec<String>>,
}

/// Everything the game reads from `data/nobi/sword/`.
#[derive(Debug, Clone, PartialEq)]
pub struct NobiData {
    /// 16 characters (8 cards × 2 sides).
    pub characters: Vec<Character>,
    /// 20 Light cards.
    pub light: Vec<GainCard>,
    /// 20 Darkness cards.
    pub darkness: Vec<GainCard>,
    /// 8 Introduction cards.
    pub intros: Vec<Intro>,
    /// 40 Scene cards.
    pub scenes: Vec<Scene>,
    /// 8 Epilogue cards.
    pub epilogues: Vec<Epilogue>,
    /// Objects 1/2 and Opponents 1/2.
    pub tables: Vec<SpecialTable>,
}

impl NobiData {
    /// The character with this id.
    pub fn character(&self, id: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.id == id)
    }
    /// The Light or Darkness card with this id.
    pub fn gain_card(&self, id: &str) -> Option<&GainCard> {
        self.light
            .iter()
            .chain(self.darkness.iter())
            .find(|c| c.id == id)
    }
    /// The Scene with this id.
    pub fn scene(&self, id: &str) -> Option<&Scene> {
        self.scenes.iter().find(|c| c.id == id)
    }
    /// The Epilogue with this id.
    pub fn epilogue(&self, id: &str) -> Option<&Epilogue> {
        self.epilogues.iter().find(|c| c.id == id)
    }
    /// The Introduction with this id.
    pub fn intro(&self, id: &str) -> Option<&Intro> {
        self.intros.iter().find(|c| c.id == id)
    }
    /// The Ability with this (English) name, on any card.
    pub fn ability(&self, name: &str) -> Option<&Ability> {
        self.characters
            .iter()
            .map(|c| &c.ability)
            .chain(
                self.light
                    .iter()
                    .chain(self.darkness.iter())
                    .filter_map(|c| c.ability.as_ref()),
            )
            .find(|a| a.name == name)
    }
    /// An Ability's name (as the table's state keeps it, in English) in each language the
    /// data carries.
    pub fn ability_said(&self, name: &str) -> croupier_core::table::Value {
        self.ability(name)
            .map(Ability::said_name)
            .unwrap_or_else(|| name.into())
    }
    /// A Scene's name (as the table's state keeps it, in English) in each language the data
    /// carries.
    pub fn scene_said(&self, name: &str) -> croupier_core::table::Value {
        self.scenes
            .iter()
            .find(|s| s.name == name)
            .map(Scene::said_name)
            .unwrap_or_else(|| name.into())
    }
    /// A character found by name (English or Japanese) or id (case-insensitive).
    pub fn character_named(&self, name: &str) -> Option<&Character> {
        let n = name.trim().to_lowercase();
        let names = |c: &Character| {
            [Some(c.name.to_lowercase()), c.name_ja.clone()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
        };
        self.characters
            .iter()
            .find(|c| c.id == n || names(c).contains(&n))
            .or_else(|| {
                let hits: Vec<_> = self
                    .characters
                    .iter()
                    .filter(|c| names(c).iter().any(|x| x.contains(&n)))
                    .collect();
                (hits.len() == 1).then(|| hits[0])
            })
    }
}

/// Parses `"Power: 11"` into a skill and a difficulty.
pub fn parse_check(s: &str) -> Result<(Skill, i64), String> {
    let (skill, n) = s
        .split_once(':')
        .ok_or_else(|| format!("`{s}` must look like `Power: 11`"))?;
    let skill = Skill::parse(skill)
        .ok_or_else(|| format!("unknown skill `{}` (use Power or Technique)", skill.trim()))?;
    let d: i64 = n
        .trim()
        .parse()
        .map_err(|_| format!("difficulty `{}` is not a whole number", n.trim()))?;
    if !(2..=30).contains(&d) {
        return Err(format!("difficulty {d} is outside 2..30"));
    }
    Ok((skill, d))
}

/// Parses `"+2 Technique"` into a skill modifier.
pub fn parse_bonus(s: &str) -> Result<(Skill, i64), String> {
    let mut w = s.split_whitespace();
    let n = w
        .next()
        .and_then(|n| n.trim_start_matches('+').parse::<i64>().ok())
        .ok_or_else(|| format!("`{s}` must look like `+2 Technique`"))?;
    let skill = w
        .next()
        .and_then(Skill::parse)
        .ok_or_else(|| format!("`{s}`: unknown skill (use Power or Technique)"))?;
    if n == 0 || !(-3..=3).contains(&n) || w.next().is_some() {
        return Err(format!("`{s}`: the modifier must be -3..+3 and not 0"));
    }
    Ok((skill, n))
}

/// Reads one card's fields, collecting problems with file and card named.
struct Entry<'a> {
    file: &'a str,
    id: String,
    t: &'a Table,
    errors: &'a mut Vec<DataError>,
    allowed: &'static [&'static str],
}

impl Entry<'_> {
    fn err(&mut self, field: &str, problem: impl std::fmt::Display) {
        self.errors.push(DataError::new(
            self.file,
            self.id.clone(),
            format!("field `{field}`: {problem}"),
        ));
    }
    fn opt_str(&mut self, key: &str) -> Option<String> {
        match self.t.get(key) {
            None => None,
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
            Some(Value::String(_)) => {
                self.err(key, "is empty");
                None
            }
            Some(_) => {
                self.err(key, "must be text");
                None
            }
        }
    }
    fn str(&mut self, key: &str) -> Option<String> {
        if self.t.get(key).is_none() {
            self.err(key, "is missing");
            return None;
        }
        self.opt_str(key)
    }
    fn int(&mut self, key: &str, lo: i64, hi: i64) -> Option<i64> {
        match self.t.get(key) {
            None => {
                self.err(key, "is missing");
                None
            }
            Some(Value::Integer(n)) if (lo..=hi).contains(n) => Some(*n),
            Some(Value::Integer(n)) => {
                self.err(key, format!("{n} is outside {lo}..{hi}"));
                None
            }
            Some(_) => {
                self.err(key, "must be a whole number");
                None
            }
        }
    }
    fn unknown_fields(&mut self) {
        let extra: Vec<String> = self
            .t
            .keys()
            .filter(|k| !self.allowed.contains(&k.as_str()))
            .cloned()
            .collect();
        for k in extra {
            self.err(
                &k,
                format!(
                    "unknown field (expected one of {})",
                    self.allowed.join(", ")
                ),
            );
        }
    }
    /// A table's die-face texts: exactly [`TABLE_ENTRIES`] non-empty ones (`required`: an
    /// error if the field is absent).
    fn texts(&mut self, key: &str, required: bool) -> Option<Vec<String>> {
        match self.t.get(key) {
            Some(Value::Array(a)) => {
                let v: Vec<String> = a
                    .iter()
                    .filter_map(Value::as_str)
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect();
                if v.len() != a.len() || v.len() != TABLE_ENTRIES {
                    self.err(
                        key,
                        format!("needs exactly {TABLE_ENTRIES} non-empty texts (one per die face)"),
                    );
                    None
                } else {
                    Some(v)
                }
            }
            None if !required => None,
            _ => {
                self.err(key, "is missing or not a list");
                None
            }
        }
    }
    fn ability(&mut self, key: &str) -> Option<Ability> {
        let t = match self.t.get(key)? {
            Value::Table(t) => t,
            _ => {
                self.err(key, "must be a table `{ name, tag, effect, text }`");
                return None;
            }
        };
        let get = |k: &str| {
            t.get(k)
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
        };
        let mut ok = true;
        for k in ["name", "tag", "effect", "text"] {
            if get(k).is_none() {
                self.err(&format!("{key}.{k}"), "is missing or not text");
                ok = false;
            }
        }
        for k in t.keys() {
            if !["name", "tag", "effect", "text", "name_ja", "text_ja"].contains(&k.as_str()) {
                self.err(
                    &format!("{key}.{k}"),
                    "unknown field (expected name, tag, effect, text, name_ja, text_ja)",
                );
                ok = false;
            }
        }
        let mut ja = |k: &str| match t.get(k) {
            None => None,
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
            Some(_) => {
                self.err(&format!("{key}.{k}"), "must be non-empty text");
                ok = false;
                None
            }
        };
        let (name_ja, text_ja) = (ja("name_ja"), ja("text_ja"));
        if !ok {
            return None;
        }
        let tag_s = get("tag").unwrap_or_default();
        let tag = Tag::parse(tag_s);
        if tag.is_none() {
            self.err(
                &format!("{key}.tag"),
                format!("unknown tag `{tag_s}` (use solo, assist, permanent or all)"),
            );
        }
        let effect = match Effect::parse(get("effect").unwrap_or_default()) {
            Ok(e) => Some(e),
            Err(e) => {
                self.err(&format!("{key}.effect"), e);
                None
            }
        };
        Some(Ability {
            name: get("name").unwrap_or_default().to_string(),
            tag: tag?,
            text: get("text").unwrap_or_default().to_string(),
            effect: effect?,
            name_ja,
            text_ja,
        })
    }
}

/// Reads `file` and returns its `[[key]]` entries (problems go to `errors`).
fn entries(dir: &Path, file: &str, key: &str, errors: &mut Vec<DataError>) -> Vec<Table> {
    let path = dir.join(file);
    let text = match read_data_file(&path, &format!("{DIR}/{file}")) {
        Ok(t) => t,
        Err(e) => {
            errors.push(e);
            return vec![];
        }
    };
    let doc: Table = match text.parse() {
        Ok(d) => d,
        Err(e) => {
            errors.push(DataError::new(
                format!("{DIR}/{file}"),
                "-",
                format!("not valid TOML: {e}"),
            ));
            return vec![];
        }
    };
    for k in doc.keys() {
        if k != key {
            errors.push(DataError::new(
                format!("{DIR}/{file}"),
                "-",
                format!("unknown section `{k}` (expected [[{key}]])"),
            ));
        }
    }
    match doc.get(key) {
        Some(Value::Array(a)) => a
            .iter()
            .enumerate()
            .filter_map(|(i, v)| match v {
                Value::Table(t) => Some(t.clone()),
                _ => {
                    errors.push(DataError::new(
                        format!("{DIR}/{file}"),
                        format!("#{}", i + 1),
                        format!("each [[{key}]] must be a table"),
                    ));
                    None
                }
            })
            .collect(),
        _ => {
            errors.push(DataError::new(
                format!("{DIR}/{file}"),
                "-",
                format!("no [[{key}]] entries"),
            ));
            vec![]
        }
    }
}

/// Loads and validates `dir/nobi/*.toml`.
pub fn load(root: &Path) -> Result<NobiData, Vec<DataError>> {
    let dir = root.join(DIR);
    let mut errors = Vec::new();
    let mut raw: BTreeMap<&str, Vec<Table>> = BTreeMap::new();
    for (file, key, _) in COUNTS {
        raw.insert(key, entries(&dir, file, key, &mut errors));
    }
    let mut ids: BTreeSet<String> = BTreeSet::new();
    let mut ability_names: BTreeMap<String, String> = BTreeMap::new();
    let mut d = NobiData {
        characters: vec![],
        light: vec![],
        darkness: vec![],
        intros: vec![],
        scenes: vec![],
        epilogues: vec![],
        tables: vec![],
    };
    for (file, key, want) in COUNTS {
        let path = format!("{DIR}/{file}");
        let list = raw.remove(key).unwrap_or_default();
        let had_entries = !list.is_empty();
        if had_entries && list.len() != want {
            errors.push(DataError::new(
                &path,
                "-",
                format!(
                    "has {} [[{key}]] entries; the game needs exactly {want}",
                    list.len()
                ),
            ));
        }
        for (i, t) in list.iter().enumerate() {
            let id = t
                .get("id")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string);
            let mut e = Entry {
                file: &path,
                id: id.clone().unwrap_or_else(|| format!("#{}", i + 1)),
                t,
                errors: &mut errors,
                allowed: &[],
            };
            let Some(id) = id else {
                e.err("id", "is missing or not text");
                continue;
            };
            if !ids.insert(id.clone()) {
                e.err("id", "is used twice (ids must be unique across all decks)");
                continue;
            }
            let mut note_ability = |e: &mut Entry, a: &Ability| {
                let k = a.name.to_lowercase();
                if let Some(other) = ability_names.insert(k, id.clone()) {
                    e.err(
                        "ability.name",
                        format!("`{}` is also the name of an ability on `{other}`", a.name),
                    );
                }
            };
            match key {
                "character" => {
                    e.allowed = &[
                        "id",
                        "card",
                        "side",
                        "name",
                        "name_ja",
                        "profession",
                        "profession_ja",
                        "power",
                        "technique",
                        "ability",
                    ];
                    e.unknown_fields();
                    let card = e.int("card", 1, 8);
                    let side = e.str("side");
                    if let Some(s) = &side {
                        if s != "front" && s != "back" {
                            e.err("side", format!("`{s}` must be front or back"));
                        }
                    }
                    let (name, prof) = (e.str("name"), e.str("profession"));
                    let (name_ja, profession_ja) =
                        (e.opt_str("name_ja"), e.opt_str("profession_ja"));
                    let (p, t2) = (e.int("power", 0, 10), e.int("technique", 0, 10));
                    if e.t.get("ability").is_none() {
                        e.err("ability", "is missing");
                    }
                    let ab = e.ability("ability");
                    if let Some(a) = &ab {
                        note_ability(&mut e, a);
                    }
                    if let (
                        Some(card),
                        Some(side),
                        Some(name),
                        Some(profession),
                        Some(power),
                        Some(technique),
                        Some(ability),
                    ) = (card, side, name, prof, p, t2, ab)
                    {
                        d.characters.push(Character {
                            id,
                            card: card as u8,
                            side,
                            name,
                            profession,
                            power,
                            technique,
                            ability,
                            name_ja,
                            profession_ja,
                        });
                    }
                }
                "light" | "darkness" => {
                    e.allowed = if key == "light" {
                        &[
                            "id", "name", "name_ja", "text", "text_ja", "bonus", "ability",
                        ]
                    } else {
                        &[
                            "id",
                            "name",
                            "name_ja",
                            "description",
                            "description_ja",
                            "effect",
                            "effect_ja",
                            "bonus",
                            "ability",
                        ]
                    };
                    e.unknown_fields();
                    let name = e.str("name");
                    let name_ja = e.opt_str("name_ja");
                    let (description, text, description_ja, text_ja) = if key == "light" {
                        (
                            Some(String::new()),
                            e.str("text"),
                            None,
                            e.opt_str("text_ja"),
                        )
                    } else {
                        (
                            e.str("description"),
                            e.str("effect"),
                            e.opt_str("description_ja"),
                            e.opt_str("effect_ja"),
                        )
                    };
                    let bonus = match e.opt_str("bonus") {
                        None => Ok(None),
                        Some(b) => parse_bonus(&b).map(Some).map_err(|p| e.err("bonus", p)),
                    };
                    let ability = e.ability("ability");
                    if let Some(a) = &ability {
                        note_ability(&mut e, a);
                    }
                    let has_b = e.t.contains_key("bonus");
                    let has_a = e.t.contains_key("ability");
                    if has_b && has_a {
                        e.err(
                            "bonus",
                            "a card gives either a `bonus` or an `ability`, not both",
                        );
                    }
                    if key == "light" && !has_b && !has_a {
                        e.err("bonus", "a Light card needs a `bonus` or an `ability`");
                    }
                    if let (Some(name), Some(description), Some(text), Ok(bonus)) =
                        (name, description, text, bonus)
                    {
                        if has_a && ability.is_none() {
                            continue;
                        }
                        let c = GainCard {
                            id,
                            name,
                            description,
                            text,
                            bonus,
                            ability,
                            name_ja,
                            description_ja,
                            text_ja,
                        };
                        if key == "light" {
                            d.light.push(c)
                        } else {
                            d.darkness.push(c)
                        }
                    }
                }
                "introduction" => {
                    e.allowed = &["id", "name", "name_ja", "description", "description_ja"];
                    e.unknown_fields();
                    let (name_ja, description_ja) =
                        (e.opt_str("name_ja"), e.opt_str("description_ja"));
                    if let (Some(name), Some(description)) = (e.str("name"), e.str("description")) {
                        d.intros.push(Intro {
                            id,
                            name,
                            description,
                            name_ja,
                            description_ja,
                        });
                    }
                }
                "scene" => {
                    e.allowed = &[
                        "id",
                        "name",
                        "name_ja",
                        "description",
                        "description_ja",
                        "check",
                        "roleplay",
                        "roleplay_ja",
                        "effect",
                        "effect_ja",
                    ];
                    e.unknown_fields();
                    let (name, description) = (e.str("name"), e.str("description"));
                    let (name_ja, description_ja) =
                        (e.opt_str("name_ja"), e.opt_str("description_ja"));
                    let (roleplay_ja, effect_ja) =
                        (e.opt_str("roleplay_ja"), e.opt_str("effect_ja"));
                    let effect = e.opt_str("effect");
                    let check = e.opt_str("check");
                    let roleplay = e.opt_str("roleplay");
                    let test = match (check, roleplay) {
                        (Some(c), None) => match parse_check(&c) {
                            Ok((skill, difficulty)) => Some(Test::Check { skill, difficulty }),
                            Err(p) => {
                                e.err("check", p);
                                None
                            }
                        },
                        (None, Some(prompt)) => Some(Test::Roleplay { prompt }),
                        (Some(_), Some(_)) => {
                            e.err(
                                "check",
                                "a Scene has either `check` or `roleplay`, not both",
                            );
                            None
                        }
                        (None, None) => {
                            if !e.t.contains_key("check") && !e.t.contains_key("roleplay") {
                                e.err("check", "missing test: give `check = \"Power: 11\"` or `roleplay = \"…\"`");
                            }
                            None
                        }
                    };
                    if let (Some(name), Some(description), Some(test)) = (name, description, test) {
                        d.scenes.push(Scene {
                            id,
                            name,
                            description,
                            test,
                            effect,
                            name_ja,
                            description_ja,
                            roleplay_ja,
                            effect_ja,
                        });
                    }
                }
                "epilogue" => {
                    e.allowed = &[
                        "id",
                        "name",
                        "name_ja",
                        "description",
                        "description_ja",
                        "test",
                    ];
                    e.unknown_fields();
                    let (name, description) = (e.str("name"), e.str("description"));
                    let (name_ja, description_ja) =
                        (e.opt_str("name_ja"), e.opt_str("description_ja"));
                    let test = match e.str("test") {
                        Some(t) => parse_check(&t).map_err(|p| e.err("test", p)).ok(),
                        None => None,
                    };
                    if let (Some(name), Some(description), Some((skill, difficulty))) =
                        (name, description, test)
                    {
                        d.epilogues.push(Epilogue {
                            id,
                            name,
                            description,
                            skill,
                            difficulty,
                            name_ja,
                            description_ja,
                        });
                    }
                }
                _ => {
                    e.allowed = &["id", "kind", "side", "entries", "entries_ja"];
                    e.unknown_fields();
                    let kind = e.str("kind");
                    if let Some(k) = &kind {
                        if k != "objects" && k != "opponents" {
                            e.err("kind", format!("`{k}` must be objects or opponents"));
                        }
                    }
                    let side = e.int("side", 1, 2);
                    let entries = e.texts("entries", true);
                    let entries_ja = e.texts("entries_ja", false);
                    if let (Some(kind), Some(side), Some(entries)) = (kind, side, entries) {
                        d.tables.push(SpecialTable {
                            id,
                            kind,
                            side: side as u8,
                            entries,
                            entries_ja,
                        });
                    }
                }
            }
        }
    }
    // Every card number has exactly one front and one back.
    if errors.is_empty() {
        for card in 1..=8u8 {
            for side in ["front", "back"] {
                let n = d
                    .characters
                    .iter()
                    .filter(|c| c.card == card && c.side == side)
                    .count();
                if n != 1 {
                    errors.push(DataError::new(
                        format!("{DIR}/characters.toml"),
                        format!("card {card}"),
                        format!("field `side`: card {card} has {n} `{side}` sides; each card needs exactly one front and one back"),
                    ));
                }
            }
        }
        for kind in ["objects", "opponents"] {
            for side in [1u8, 2] {
                if !d.tables.iter().any(|t| t.kind == kind && t.side == side) {
                    errors.push(DataError::new(
                        format!("{DIR}/tables.toml"),
                        format!("{kind} {side}"),
                        format!("field `side`: the {kind} table has no side {side}"),
                    ));
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(d)
    } else {
        Err(errors)
    }
}

impl Ability {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl Character {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl GainCard {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl Intro {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl Scene {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl Epilogue {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

/// What `croupier check-data` says of the cards without Japanese words beside their English
/// ones (one note per file and field; none when every card has them).
pub fn missing_japanese(d: &NobiData) -> Vec<String> {
    use croupier_core::table::said::missing_japanese as note;
    fn ids<'a, T>(
        list: &'a [T],
        keep: impl Fn(&T) -> bool,
        id: impl Fn(&'a T) -> &'a str,
    ) -> Vec<&'a str> {
        list.iter().filter(|x| keep(x)).map(id).collect()
    }
    let no = |ja: &Option<String>| ja.is_none();
    let ability_lacks = |a: &Ability| no(&a.name_ja) || no(&a.text_ja);
    let gain_lacks = |c: &GainCard| {
        no(&c.name_ja)
            || no(&c.text_ja)
            || (!c.description.is_empty() && no(&c.description_ja))
            || c.ability.as_ref().is_some_and(ability_lacks)
    };
    [
        note(
            "nobi/sword/characters.toml name_ja, profession_ja, ability.name_ja, ability.text_ja",
            ids(
                &d.characters,
                |c| no(&c.name_ja) || no(&c.profession_ja) || ability_lacks(&c.ability),
                |c| c.id.as_str(),
            ),
        ),
        note(
            "nobi/sword/light.toml name_ja, text_ja, ability.name_ja, ability.text_ja",
            ids(&d.light, gain_lacks, |c| c.id.as_str()),
        ),
        note(
            "nobi/sword/darkness.toml name_ja, description_ja, effect_ja, ability.name_ja, ability.text_ja",
            ids(&d.darkness, gain_lacks, |c| c.id.as_str()),
        ),
        note(
            "nobi/sword/introductions.toml name_ja, description_ja",
            ids(
                &d.intros,
                |c| no(&c.name_ja) || no(&c.description_ja),
                |c| c.id.as_str(),
            ),
        ),
        note(
            "nobi/sword/scenes.toml name_ja, description_ja, roleplay_ja, effect_ja",
            ids(
                &d.scenes,
                |c| {
                    no(&c.name_ja)
                        || no(&c.description_ja)
                        || (matches!(c.test, Test::Roleplay { .. }) && no(&c.roleplay_ja))
                        || (c.effect.is_some() && no(&c.effect_ja))
                },
                |c| c.id.as_str(),
            ),
        ),
        note(
            "nobi/sword/epilogues.toml name_ja, description_ja",
            ids(
                &d.epilogues,
                |c| no(&c.name_ja) || no(&c.description_ja),
                |c| c.id.as_str(),
            ),
        ),
        note(
            "nobi/sword/tables.toml entries_ja",
            ids(&d.tables, |t| t.entries_ja.is_none(), |t| t.id.as_str()),
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}

impl Ability {
    /// Its rules text in each language the data carries.
    pub fn said_text(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.text, self.text_ja.as_deref())
    }
}

impl Character {
    /// Its profession in each language the data carries.
    pub fn said_profession(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.profession, self.profession_ja.as_deref())
    }
}

impl GainCard {
    /// Its effect text in each language the data carries.
    pub fn said_text(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.text, self.text_ja.as_deref())
    }
    /// Its description in each language the data carries.
    pub fn said_description(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.description, self.description_ja.as_deref())
    }
}

impl Intro {
    /// Its text in each language the data carries.
    pub fn said_description(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.description, self.description_ja.as_deref())
    }
}

impl Scene {
    /// Its text in each language the data carries.
    pub fn said_description(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.description, self.description_ja.as_deref())
    }
    /// Its Role-play challenge in each language the data carries (`None` for a Check).
    pub fn said_roleplay(&self) -> Option<croupier_core::table::Value> {
        match &self.test {
            Test::Roleplay { prompt } => Some(croupier_core::table::said::data(
                prompt,
                self.roleplay_ja.as_deref(),
            )),
            Test::Check { .. } => None,
        }
    }
    /// Its extra effect for the GM in each language the data carries, if it has one.
    pub fn said_effect(&self) -> Option<croupier_core::table::Value> {
        self.effect
            .as_deref()
            .map(|e| croupier_core::table::said::data(e, self.effect_ja.as_deref()))
    }
}

impl Epilogue {
    /// Its text in each language the data carries.
    pub fn said_description(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.description, self.description_ja.as_deref())
    }
}

impl SpecialTable {
    /// Entry `i` (0–5) in each language the data carries.
    pub fn said_entry(&self, i: usize) -> Option<croupier_core::table::Value> {
        let en = self.entries.get(i)?;
        let ja = self.entries_ja.as_ref().and_then(|j| j.get(i));
        Some(croupier_core::table::said::data(en, ja.map(String::as_str)))
    }
}
