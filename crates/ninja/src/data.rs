//! The game's tables, loaded from `data/ninja/`: additives, obstacles (with their skill
//! formulas) and the names used for generated ninjas.

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;

use croupier_core::i18n::Locale;
use croupier_core::names::name_key;
use croupier_core::table::{read_data_file, DataError};

/// One of the three attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, Deserialize)]
pub enum Attribute {
    /// Intelligence.
    #[serde(rename = "IQ")]
    Iq,
    /// Dexterity.
    #[serde(rename = "DX")]
    Dx,
    /// Strength.
    #[serde(rename = "ST")]
    St,
}

impl Attribute {
    /// Short label (`IQ`).
    pub fn label(self) -> &'static str {
        match self {
            Attribute::Iq => "IQ",
            Attribute::Dx => "DX",
            Attribute::St => "ST",
        }
    }

    /// Its name in the catalogue's selectors (`iq`, `dx`, `st`).
    pub fn key(self) -> &'static str {
        match self {
            Attribute::Iq => "iq",
            Attribute::Dx => "dx",
            Attribute::St => "st",
        }
    }
}

/// An entry of the additives chart.
#[derive(Debug, Clone, Deserialize)]
pub struct AdditiveDef {
    /// The die face (1–6) that selects it.
    pub die: u8,
    /// Stable id used in formulas and the roster.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// One line on what it does.
    pub summary: String,
    /// The `summary` in Japanese, if the data carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary_ja: Option<String>,
    /// True for the additive that grants rerolls instead of skill.
    #[serde(default)]
    pub luck: bool,
}

/// An obstacle and its skill formula.
#[derive(Debug, Clone, Deserialize)]
pub struct ObstacleDef {
    /// Stable id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Initials written where the obstacle starts on the score sheet.
    pub initials: String,
    /// Round (1 or 2) whose course it belongs to; the final runs all.
    pub round: u8,
    /// The attribute the skill starts from.
    pub attribute: Attribute,
    /// Additive ids that add one point per copy.
    pub additives: Vec<String>,
}

/// All of the game's tables.
#[derive(Debug, Clone)]
pub struct NinjaData {
    /// Additives by die face (index 0 = face 1).
    pub additives: Vec<AdditiveDef>,
    /// Obstacles in running order.
    pub obstacles: Vec<ObstacleDef>,
    /// Names for generated ninjas.
    pub names: Vec<String>,
}

#[derive(Deserialize)]
struct AdditivesFile {
    additive: Vec<AdditiveDef>,
}

#[derive(Deserialize)]
struct ObstaclesFile {
    obstacle: Vec<ObstacleDef>,
}

#[derive(Deserialize)]
struct NamesFile {
    names: Vec<String>,
}

fn read<T: serde::de::DeserializeOwned>(dir: &Path, file: &str) -> Result<T, DataError> {
    let rel = format!("ninja/{file}");
    let text = read_data_file(&dir.join(&rel), &rel)?;
    toml::from_str(&text).map_err(|e| DataError::new(&rel, "-", format!("not valid: {e}")))
}

impl NinjaData {
    /// Loads and validates `dir/ninja/*.toml`.
    pub fn load(dir: &Path) -> Result<NinjaData, Vec<DataError>> {
        let mut errors = Vec::new();
        let adds: Option<AdditivesFile> =
            read(dir, "additives.toml").map_err(|e| errors.push(e)).ok();
        let obs: Option<ObstaclesFile> =
            read(dir, "obstacles.toml").map_err(|e| errors.push(e)).ok();
        let names: Option<NamesFile> = read(dir, "names.toml").map_err(|e| errors.push(e)).ok();
        let (Some(adds), Some(obs), Some(names)) = (adds, obs, names) else {
            return Err(errors);
        };
        let data = NinjaData {
            additives: adds.additive,
            obstacles: obs.obstacle,
            names: names.names,
        };
        errors.extend(data.validate());
        if errors.is_empty() {
            let mut data = data;
            data.additives.sort_by_key(|a| a.die);
            Ok(data)
        } else {
            Err(errors)
        }
    }

    /// What `croupier check-data` says of the entries without Japanese words (one note per
    /// file; none when every entry has them). The ninjas' names are people's names.
    pub fn missing_japanese(&self) -> Vec<String> {
        use croupier_core::table::said::missing_japanese as note;
        [
            note(
                "ninja/additives.toml name_ja, summary_ja",
                self.additives
                    .iter()
                    .filter(|a| a.name_ja.is_none() || a.summary_ja.is_none())
                    .map(|a| a.id.as_str()),
            ),
            note(
                "ninja/obstacles.toml name_ja",
                self.obstacles
                    .iter()
                    .filter(|o| o.name_ja.is_none())
                    .map(|o| o.id.as_str()),
            ),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    fn validate(&self) -> Vec<DataError> {
        let mut e = Vec::new();
        let af = "ninja/additives.toml";
        let mut faces = BTreeSet::new();
        let mut ids = BTreeSet::new();
        for a in &self.additives {
            if !(1..=6).contains(&a.die) {
                e.push(DataError::new(af, &a.id, "field `die`: must be 1 to 6"));
            } else if !faces.insert(a.die) {
                e.push(DataError::new(
                    af,
                    &a.id,
                    format!("field `die`: face {} is used twice", a.die),
                ));
            }
            if a.id.is_empty() || !ids.insert(a.id.clone()) {
                e.push(DataError::new(af, &a.id, "field `id`: empty or used twice"));
            }
            if a.name.trim().is_empty() {
                e.push(DataError::new(af, &a.id, "field `name`: empty"));
            }
            for (field, ja) in [("name_ja", &a.name_ja), ("summary_ja", &a.summary_ja)] {
                if ja.as_deref().is_some_and(|j| j.trim().is_empty()) {
                    e.push(DataError::new(af, &a.id, format!("field `{field}`: empty")));
                }
            }
        }
        if faces.len() != 6 {
            e.push(DataError::new(
                af,
                "-",
                "the chart needs exactly one additive for each face 1 to 6",
            ));
        }
        if self.additives.iter().filter(|a| a.luck).count() > 1 {
            e.push(DataError::new(
                af,
                "-",
                "field `luck`: at most one additive may be luck",
            ));
        }
        let of = "ninja/obstacles.toml";
        let mut oids = BTreeSet::new();
        for o in &self.obstacles {
            if o.id.is_empty() || !oids.insert(o.id.clone()) {
                e.push(DataError::new(of, &o.id, "field `id`: empty or used twice"));
            }
            if !(1..=2).contains(&o.round) {
                e.push(DataError::new(of, &o.id, "field `round`: must be 1 or 2"));
            }
            if o.initials.trim().is_empty() || o.name.trim().is_empty() {
                e.push(DataError::new(of, &o.id, "field `name`/`initials`: empty"));
            }
            if o.name_ja.as_deref().is_some_and(|j| j.trim().is_empty()) {
                e.push(DataError::new(of, &o.id, "field `name_ja`: empty"));
            }
            for a in &o.additives {
                if !ids.contains(a) {
                    e.push(DataError::new(
                        of,
                        &o.id,
                        format!("field `additives`: unknown additive `{a}`"),
                    ));
                }
            }
        }
        // The score sheet tells obstacles apart by their initials, in each language.
        for locale in Locale::ALL {
            let mut seen = std::collections::BTreeMap::new();
            for o in &self.obstacles {
                let short = o.initials_in(locale).to_lowercase();
                if let Some(other) = seen.insert(short.clone(), o.id.clone()) {
                    e.push(DataError::new(
                        of,
                        &o.id,
                        format!(
                            "field `initials`/`name_ja`: its {} initials `{short}` are also `{other}`'s",
                            locale.code()
                        ),
                    ));
                }
            }
        }
        for r in 1..=2u8 {
            if !self.obstacles.iter().any(|o| o.round == r) {
                e.push(DataError::new(
                    of,
                    "-",
                    format!("round {r} has no obstacles"),
                ));
            }
        }
        let nf = "ninja/names.toml";
        // Different as the roster compares names (`names::name_key`): "Kaede" and "ＫＡＥＤＥ"
        // would be one name there.
        let uniq: BTreeSet<String> = self.names.iter().map(|n| name_key(n)).collect();
        if self.names.len() < 16 || uniq.len() != self.names.len() {
            let mut seen = BTreeSet::new();
            let twice: Vec<&str> = self
                .names
                .iter()
                .filter(|n| !seen.insert(name_key(n)))
                .map(String::as_str)
                .collect();
            e.push(DataError::new(
                nf,
                "-",
                if twice.is_empty() {
                    "field `names`: need at least 16 different names".to_string()
                } else {
                    format!(
                        "field `names`: need at least 16 different names; these read the same as one before them: {}",
                        twice.join(", ")
                    )
                },
            ));
        }
        if self
            .names
            .iter()
            .any(|n| n.trim().is_empty() || n.len() > 40)
        {
            e.push(DataError::new(
                nf,
                "-",
                "field `names`: names must be 1 to 40 characters",
            ));
        }
        e
    }

    /// The additive on die face `face` (1–6).
    pub fn additive_on(&self, face: u8) -> Option<&AdditiveDef> {
        self.additives.iter().find(|a| a.die == face)
    }

    /// The additive with this id.
    pub fn additive(&self, id: &str) -> Option<&AdditiveDef> {
        self.additives.iter().find(|a| a.id == id)
    }

    /// Display name of an additive id (the id itself if unknown).
    pub fn additive_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.additive(id).map(|a| a.name.as_str()).unwrap_or(id)
    }

    /// An additive's name in each language the data carries (the id if the chart lacks it).
    pub fn additive_said(&self, id: &str) -> croupier_core::table::Value {
        self.additive(id)
            .map(AdditiveDef::said_name)
            .unwrap_or_else(|| id.into())
    }

    /// Finds an additive by id or name (English or Japanese), case-insensitively.
    pub fn find_additive(&self, text: &str) -> Option<&AdditiveDef> {
        let t = text.trim().to_lowercase();
        self.additives.iter().find(|a| {
            a.id.to_lowercase() == t
                || a.name.to_lowercase() == t
                || a.name_ja.as_deref() == Some(text.trim())
        })
    }

    /// Indices of the obstacles of a course: round 1, round 2, or 3 (the final, all of them).
    pub fn course(&self, round: u8) -> Vec<usize> {
        (0..self.obstacles.len())
            .filter(|&i| round >= 3 || self.obstacles[i].round == round)
            .collect()
    }

    /// The id of the luck additive, if the chart has one.
    pub fn luck_id(&self) -> Option<&str> {
        self.additives
            .iter()
            .find(|a| a.luck)
            .map(|a| a.id.as_str())
    }
}

impl AdditiveDef {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl ObstacleDef {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }

    /// The initials the score sheet writes where it starts, in `locale`: `initials` in English;
    /// in Japanese the first [`JA_INITIALS`] characters of `name_ja` (`丸太` for 丸太ころがし), or
    /// the English initials where the data has no Japanese name. The loader checks that no two
    /// obstacles share them.
    pub fn initials_in(&self, locale: Locale) -> String {
        match (locale, &self.name_ja) {
            (Locale::Ja, Some(ja)) => ja.trim().chars().take(JA_INITIALS).collect(),
            _ => self.initials.clone(),
        }
    }
}

/// How many characters of an obstacle's Japanese name its Japanese initials keep.
pub const JA_INITIALS: usize = 2;

/// Words written in each language from what `words` writes in one (a score sheet's row, the
/// course's initials), as a [`Value`](croupier_core::table::Value).
pub fn in_each_language(words: impl Fn(Locale) -> String) -> croupier_core::table::Value {
    croupier_core::table::said::data(&words(Locale::En), Some(&words(Locale::Ja)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_obstacle_has_initials_of_its_own_in_english_and_in_japanese() {
        let d =
            NinjaData::load(&croupier_core::source_path("data")).expect("shipped data is valid");
        let ja: Vec<String> = d
            .obstacles
            .iter()
            .map(|o| o.initials_in(Locale::Ja))
            .collect();
        assert_eq!(
            ja,
            [
                "丸太", "ロー", "ロッ", "リン", "ネッ", "重り", "スパ", "ペグ", "飛び", "逆さ"
            ]
        );
        let en: Vec<String> = d
            .obstacles
            .iter()
            .map(|o| o.initials_in(Locale::En))
            .collect();
        assert_eq!(en[0], "LR");
        // Two obstacles whose Japanese names start alike are refused.
        let mut twin = d.clone();
        twin.obstacles[1].name_ja = Some("丸太わたり".into());
        let problems = twin.validate();
        assert!(
            problems
                .iter()
                .any(|p| p.problem.contains("ja initials `丸太` are also `")),
            "{problems:?}"
        );
    }

    #[test]
    fn shipped_data_loads_with_ten_obstacles_and_six_additives() {
        let d =
            NinjaData::load(&croupier_core::source_path("data")).expect("shipped data is valid");
        assert_eq!(d.obstacles.len(), 10);
        assert_eq!(d.additives.len(), 6);
        assert_eq!(d.course(1).len(), 5);
        assert_eq!(d.course(2).len(), 5);
        assert_eq!(d.course(3).len(), 10);
        assert_eq!(d.additive_on(5).map(|a| a.luck), Some(true));
    }

    /// `croupier check-data`'s notes: the shipped additives and obstacles all carry Japanese;
    /// a data folder with one obstacle's `name_ja` left out gets a note naming it, and an empty
    /// one is refused.
    #[test]
    fn check_data_names_the_entries_without_japanese() {
        use croupier_core::i18n::Locale;
        use croupier_core::table::Game;
        let src = croupier_core::source_path("data/ninja");
        let shipped = NinjaData::load(&croupier_core::source_path("data")).unwrap();
        assert_eq!(
            super::super::Tournament::data_notes(&shipped),
            Vec::<String>::new()
        );
        assert_eq!(shipped.additive_said("luck").text(Locale::Ja), "幸運");
        assert_eq!(
            shipped.find_additive("幸運").map(|a| a.id.as_str()),
            Some("luck")
        );
        let copy = |edit: &dyn Fn(String) -> String| {
            let tmp = tempfile::tempdir().unwrap();
            let n = tmp.path().join("ninja");
            std::fs::create_dir_all(&n).unwrap();
            for f in ["additives.toml", "obstacles.toml", "names.toml"] {
                let text = std::fs::read_to_string(src.join(f)).unwrap();
                let text = if f == "obstacles.toml" {
                    edit(text)
                } else {
                    text
                };
                std::fs::write(n.join(f), text).unwrap();
            }
            NinjaData::load(tmp.path())
        };
        let d = copy(&|t| t.replacen("name_ja = \"ペグボード\"\n", "", 1)).unwrap();
        assert_eq!(
            super::super::Tournament::data_notes(&d),
            vec!["ninja/obstacles.toml name_ja: 1 entry without Japanese words (the English is shown to Japanese readers): peg".to_string()]
        );
        let errs =
            copy(&|t| t.replacen("name_ja = \"ペグボード\"", "name_ja = \" \"", 1)).unwrap_err();
        assert!(
            errs.iter()
                .any(|e| e.item == "peg" && e.problem.contains("`name_ja`")),
            "{errs:?}"
        );
    }

    #[test]
    fn bad_tables_are_reported_with_file_and_field() {
        let mut d = NinjaData::load(&croupier_core::source_path("data")).expect("valid");
        d.obstacles[0].additives.push("flight".into());
        d.additives[0].die = 2;
        let errs = d.validate();
        assert!(errs
            .iter()
            .any(|e| e.problem.contains("unknown additive `flight`")));
        assert!(errs.iter().any(|e| e.problem.contains("used twice")));
    }

    #[test]
    fn check_data_finds_names_that_read_the_same_kaede_and_fullwidth() {
        let mut d = NinjaData::load(&croupier_core::source_path("data")).expect("valid");
        assert!(d.validate().is_empty());
        let first = d.names[0].clone();
        let wide: String = first
            .chars()
            .map(|c| {
                if c.is_ascii_alphabetic() {
                    char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c)
                } else {
                    c
                }
            })
            .collect();
        assert_ne!(wide, first);
        d.names.push(wide.clone());
        d.names.push(format!("  {}  ", first.to_uppercase()));
        let errs = d.validate();
        let e = errs
            .iter()
            .find(|e| e.problem.contains("read the same"))
            .expect("the look-alikes are reported");
        assert!(e.problem.contains(&wide), "{}", e.problem);
    }
}
