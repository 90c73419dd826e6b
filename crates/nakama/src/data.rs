//! Card data: friends, enemies, bosses and characters, loaded from `data/nakama/*.toml`
//! and validated (every problem names its file, card and field).

use std::collections::HashSet;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::mission::{Colour, Face, Mission};
use croupier_core::i18n::Locale;
use croupier_core::table::{read_data_file, DataError, Phrase, Value};

/// Rulebook deck sizes.
pub const FRIENDS: usize = 54;
/// Enemy deck size.
pub const ENEMIES: usize = 26;
/// Boss deck size.
pub const BOSSES: usize = 10;
/// Character deck size.
pub const CHARACTERS: usize = 10;

/// One result of a die ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum DieEffect {
    /// Move the threat token back `n` (not below 0).
    ThreatDown {
        /// Spaces.
        n: u8,
    },
    /// Move the threat token forward `n`.
    ThreatUp {
        /// Spaces.
        n: u8,
    },
    /// Draw `n` friend cards into your hand.
    Draw {
        /// Cards.
        n: u8,
    },
    /// Flip your Power Up! token face up.
    PowerUp,
    /// No effect.
    Nothing,
}

impl DieEffect {
    /// In words (`nakama-die-effect`).
    pub fn said(&self) -> Phrase {
        let (effect, n) = match *self {
            DieEffect::ThreatDown { n } => ("back", n),
            DieEffect::ThreatUp { n } => ("forward", n),
            DieEffect::Draw { n } => ("draw", n),
            DieEffect::PowerUp => ("power", 0),
            DieEffect::Nothing => ("nothing", 0),
        };
        Phrase::new("nakama-die-effect")
            .arg("effect", effect)
            .arg("n", i64::from(n))
    }
    /// Plain text (English).
    pub fn render(&self) -> String {
        self.said().text(Locale::En)
    }
}

/// A friend's recruit ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ability {
    /// Swap one hand card face-down with another player.
    Exchange,
    /// Move one current friend to another column.
    Move,
    /// Flip your Power Up! token face up.
    PowerUp,
    /// Recruit one more friend and use its ability.
    Recruit,
    /// Return an enemy or boss to the enemy deck.
    Block,
    /// Roll the die and apply the result (`table[0]` for 1 … `table[4]` for 5).
    Die {
        /// Five results.
        table: Vec<DieEffect>,
    },
}

impl Ability {
    /// The ability's name alone (`Move`, `Die`): what a card on the board or a log line
    /// shows; the die's table is written out where the ability is used ([`Ability::render`]).
    pub fn name(&self) -> &'static str {
        match self {
            Ability::Exchange => "Exchange",
            Ability::Move => "Move",
            Ability::PowerUp => "Power Up",
            Ability::Recruit => "Recruit",
            Ability::Block => "Block",
            Ability::Die { .. } => "Die",
        }
    }

    /// The ability's name in words (`nakama-ability`).
    pub fn name_said(&self) -> Phrase {
        let id = match self {
            Ability::Exchange => "exchange",
            Ability::Move => "move",
            Ability::PowerUp => "power-up",
            Ability::Recruit => "recruit",
            Ability::Block => "block",
            Ability::Die { .. } => "die",
        };
        Phrase::new("nakama-ability").arg("ability", id)
    }

    /// The ability written out in words: its name, or the die's table (`nakama-die-table`:
    /// the five results).
    pub fn said(&self) -> Phrase {
        match self {
            Ability::Die { table } => {
                let mut p = Phrase::new("nakama-die-table");
                for i in 0..5 {
                    let e: Value = table
                        .get(i)
                        .map(|e| e.said().into())
                        .unwrap_or_else(|| Value::from(""));
                    p = p.arg(&format!("e{}", i + 1), e);
                }
                p
            }
            other => other.name_said(),
        }
    }

    /// Short name (`Move`, `Die: 1 threat back 2 · …`), in English.
    pub fn render(&self) -> String {
        self.said().text(Locale::En)
    }
}

/// A friend card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Friend {
    /// Unique id.
    pub id: String,
    /// Saga colour.
    pub colour: Colour,
    /// Power 1–9.
    pub power: u8,
    /// Optional ability.
    #[serde(default)]
    pub ability: Option<Ability>,
}

impl Friend {
    /// `Red 7` — unique within the deck, the name players use (in English).
    pub fn label(&self) -> String {
        format!("{} {}", self.colour.name(), self.power)
    }
    /// [`Friend::label`] in each reader's language (`nakama-friend-label`: `Red 7`, `赤7`).
    pub fn label_said(&self) -> Value {
        Phrase::new("nakama-friend-label")
            .arg("colour", self.colour.id())
            .arg("power", i64::from(self.power))
            .into()
    }
    /// Label with the ability's name only (`Yellow 1 (Die)`), for the board and the log.
    pub fn short(&self) -> String {
        self.short_said().text(Locale::En)
    }
    /// [`Friend::short`] in words: the label is a name, the ability's name is the catalogue's.
    pub fn short_said(&self) -> Value {
        match &self.ability {
            Some(a) => Phrase::new("nakama-card")
                .arg("label", self.label_said())
                .arg("ability", a.name_said())
                .into(),
            None => self.label_said(),
        }
    }
    /// Label with the ability written out (`Red 7 (Move)`, `Yellow 1 (Die: 1 threat back 3 · …)`):
    /// a hand, and the prompt to use it.
    pub fn long(&self) -> String {
        self.long_said().text(Locale::En)
    }
    /// [`Friend::long`] in words.
    pub fn long_said(&self) -> Value {
        match &self.ability {
            Some(a) => Phrase::new("nakama-card")
                .arg("label", self.label_said())
                .arg("ability", a.said())
                .into(),
            None => self.label_said(),
        }
    }
    /// Colour and power.
    pub fn face(&self) -> Face {
        (self.colour, self.power)
    }
}

/// An enemy card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Enemy {
    /// Unique id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Threat level.
    pub threat: u8,
    /// Reward in millions of Berries.
    pub reward: u32,
    /// What defeats it.
    pub mission: Mission,
}

/// What a boss does when it enters play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Challenge {
    /// The threat token moves forward `n`.
    ThreatUp {
        /// Spaces.
        n: u8,
    },
    /// Every Power Up! token flips to Power Down.
    PowerDownAll,
    /// Roll the die: that column loses its current friend.
    LoseFriend,
    /// Every player discards `n` random cards from hand.
    Discard {
        /// Cards.
        n: u8,
    },
}

impl Challenge {
    /// In words (`nakama-challenge`).
    pub fn said(&self) -> Phrase {
        let (challenge, n) = match *self {
            Challenge::ThreatUp { n } => ("threat", n),
            Challenge::PowerDownAll => ("power-down", 0),
            Challenge::LoseFriend => ("lose", 0),
            Challenge::Discard { n } => ("discard", n),
        };
        Phrase::new("nakama-challenge")
            .arg("challenge", challenge)
            .arg("n", i64::from(n))
    }
    /// Plain sentence (English).
    pub fn render(&self) -> String {
        self.said().text(Locale::En)
    }
}

/// A boss card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Boss {
    /// Unique id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Threat level.
    pub threat: u8,
    /// Reward in millions of Berries.
    pub reward: u32,
    /// Resolves when the boss enters play.
    pub challenge: Challenge,
    /// What defeats it.
    pub mission: Mission,
}

/// A character's special ability (usable once powered up).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Special {
    /// Threat back `n`.
    ThreatDown {
        /// Spaces.
        n: u8,
    },
    /// Draw `n` friend cards.
    Draw {
        /// Cards.
        n: u8,
    },
    /// Move a current friend to another column (`from`, `to`).
    Move,
    /// Swap the current friends of two columns (`from`, `to`).
    Swap,
    /// Return an enemy in `space` to the enemy deck (bosses only if `bosses`).
    Block {
        /// Also bosses.
        #[serde(default)]
        bosses: bool,
    },
    /// Take the last defeated friend back into your hand.
    Revive,
    /// Discard the current friend of `column`; the one beneath becomes current.
    Refresh,
    /// Flip another player's (`target`) token face up.
    Boost,
}

impl Special {
    /// In words (`nakama-special`).
    pub fn said(&self) -> Phrase {
        let (special, n) = match *self {
            Special::ThreatDown { n } => ("threat", n),
            Special::Draw { n } => ("draw", n),
            Special::Move => ("move", 0),
            Special::Swap => ("swap", 0),
            Special::Block { bosses: true } => ("block-bosses", 0),
            Special::Block { bosses: false } => ("block", 0),
            Special::Revive => ("revive", 0),
            Special::Refresh => ("refresh", 0),
            Special::Boost => ("boost", 0),
        };
        Phrase::new("nakama-special")
            .arg("special", special)
            .arg("n", i64::from(n))
    }
    /// Plain sentence (English).
    pub fn render(&self) -> String {
        self.said().text(Locale::En)
    }
}

/// A character card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Character {
    /// Unique id (`luffy` is required).
    pub id: String,
    /// Name.
    pub name: String,
    /// The `name` in Japanese, if the data carries it (`croupier check-data` lists entries without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// Special ability.
    pub special: Special,
}

/// Everything the game loads.
#[derive(Debug, Clone)]
pub struct NakamaData {
    /// Friend deck.
    pub friends: Vec<Friend>,
    /// Enemy deck.
    pub enemies: Vec<Enemy>,
    /// Boss deck.
    pub bosses: Vec<Boss>,
    /// Character deck.
    pub characters: Vec<Character>,
}

impl NakamaData {
    /// Index of the friend card named `s`: its label (in English or Japanese) or id in any case,
    /// with or without the space or hyphen (`Blue 4`, `blue-4`, `Blue4`: the last one needs no
    /// quotes in the console; `青4`, `青 4`).
    pub fn friend_by_label(&self, s: &str) -> Option<usize> {
        let key = |t: &str| -> String {
            t.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let s = key(s);
        self.friends.iter().position(|f| {
            key(&f.label()) == s || key(&f.id) == s || key(&f.label_said().text(Locale::Ja)) == s
        })
    }
    /// Index of the character named (in English or Japanese) or with id `s`, any case.
    pub fn character_by_name(&self, s: &str) -> Option<usize> {
        let s = s.trim();
        self.characters.iter().position(|c| {
            c.name.eq_ignore_ascii_case(s)
                || c.id.eq_ignore_ascii_case(s)
                || c.name_ja.as_deref() == Some(s)
        })
    }

    /// What `croupier check-data` says of the cards without Japanese names (one note per file;
    /// none when every card has one). Friends are named by colour and number, in the catalogue.
    pub fn missing_japanese(&self) -> Vec<String> {
        use croupier_core::table::said::missing_japanese as note;
        [
            note(
                "nakama/enemies.toml name_ja",
                self.enemies
                    .iter()
                    .filter(|c| c.name_ja.is_none())
                    .map(|c| c.id.as_str()),
            ),
            note(
                "nakama/bosses.toml name_ja",
                self.bosses
                    .iter()
                    .filter(|c| c.name_ja.is_none())
                    .map(|c| c.id.as_str()),
            ),
            note(
                "nakama/characters.toml name_ja",
                self.characters
                    .iter()
                    .filter(|c| c.name_ja.is_none())
                    .map(|c| c.id.as_str()),
            ),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

#[derive(Deserialize)]
struct File {
    #[serde(default)]
    card: Vec<toml::Value>,
}

fn read_cards<T: for<'de> Deserialize<'de>>(
    dir: &Path,
    name: &str,
    errors: &mut Vec<DataError>,
) -> Vec<(String, T)> {
    let file = format!("nakama/{name}");
    let text = match read_data_file(&dir.join(&file), &file) {
        Ok(t) => t,
        Err(e) => {
            errors.push(e);
            return vec![];
        }
    };
    let parsed: File = match toml::from_str(&text) {
        Ok(f) => f,
        Err(e) => {
            errors.push(DataError::new(&file, "-", format!("not valid TOML: {e}")));
            return vec![];
        }
    };
    let mut out = vec![];
    let mut seen = HashSet::new();
    for (i, v) in parsed.card.into_iter().enumerate() {
        let id = v
            .get("id")
            .and_then(|x| x.as_str())
            .map(str::to_string)
            .unwrap_or_else(|| format!("card #{}", i + 1));
        if !seen.insert(id.clone()) {
            errors.push(DataError::new(&file, &id, "field `id`: used twice"));
            continue;
        }
        match T::deserialize(v) {
            Ok(c) => out.push((id, c)),
            Err(e) => errors.push(DataError::new(&file, &id, e.to_string().trim().to_string())),
        }
    }
    out
}

fn count(file: &str, got: usize, want: usize, errors: &mut Vec<DataError>) {
    if got != want {
        errors.push(DataError::new(
            format!("nakama/{file}"),
            "-",
            format!("the rulebook's deck has {want} cards, this file has {got}"),
        ));
    }
}

fn mission_problems(file: &str, id: &str, m: &Mission, errors: &mut Vec<DataError>) {
    for p in m.problems() {
        errors.push(DataError::new(
            format!("nakama/{file}"),
            id,
            format!("field `mission`: {p}"),
        ));
    }
}

/// Loads and validates `dir/nakama/{friends,enemies,bosses,characters}.toml`.
pub fn load(dir: &Path) -> Result<NakamaData, Vec<DataError>> {
    let mut errors = vec![];
    let friends: Vec<(String, Friend)> = read_cards(dir, "friends.toml", &mut errors);
    let enemies: Vec<(String, Enemy)> = read_cards(dir, "enemies.toml", &mut errors);
    let bosses: Vec<(String, Boss)> = read_cards(dir, "bosses.toml", &mut errors);
    let characters: Vec<(String, Character)> = read_cards(dir, "characters.toml", &mut errors);
    let ff = "nakama/friends.toml";
    let mut faces = HashSet::new();
    for (id, f) in &friends {
        if !(1..=9).contains(&f.power) {
            errors.push(DataError::new(
                ff,
                id,
                format!("field `power`: {} is outside 1–9", f.power),
            ));
        }
        if !faces.insert(f.face()) {
            errors.push(DataError::new(
                ff,
                id,
                format!("fields `colour`/`power`: {} appears twice", f.label()),
            ));
        }
        if let Some(Ability::Die { table }) = &f.ability {
            if table.len() != 5 {
                errors.push(DataError::new(
                    ff,
                    id,
                    format!(
                        "field `ability.table`: needs 5 results (die faces 1–5), has {}",
                        table.len()
                    ),
                ));
            }
            for e in table {
                if let DieEffect::ThreatDown { n }
                | DieEffect::ThreatUp { n }
                | DieEffect::Draw { n } = e
                {
                    if !(1..=5).contains(n) {
                        errors.push(DataError::new(
                            ff,
                            id,
                            format!("field `ability.table`: n = {n} is outside 1–5"),
                        ));
                    }
                }
            }
        }
    }
    for (id, e) in &enemies {
        if !(1..=9).contains(&e.threat) {
            errors.push(DataError::new(
                "nakama/enemies.toml",
                id,
                format!("field `threat`: {} is outside 1–9", e.threat),
            ));
        }
        mission_problems("enemies.toml", id, &e.mission, &mut errors);
    }
    for (id, b) in &bosses {
        if !(1..=9).contains(&b.threat) {
            errors.push(DataError::new(
                "nakama/bosses.toml",
                id,
                format!("field `threat`: {} is outside 1–9", b.threat),
            ));
        }
        if let Challenge::ThreatUp { n } | Challenge::Discard { n } = b.challenge {
            if !(1..=5).contains(&n) {
                errors.push(DataError::new(
                    "nakama/bosses.toml",
                    id,
                    format!("field `challenge.n`: {n} is outside 1–5"),
                ));
            }
        }
        mission_problems("bosses.toml", id, &b.mission, &mut errors);
    }
    for (id, c) in &characters {
        if let Special::ThreatDown { n } | Special::Draw { n } = c.special {
            if !(1..=5).contains(&n) {
                errors.push(DataError::new(
                    "nakama/characters.toml",
                    id,
                    format!("field `special.n`: {n} is outside 1–5"),
                ));
            }
        }
    }
    let names_ja = enemies
        .iter()
        .map(|(id, e)| ("enemies.toml", id, &e.name_ja))
        .chain(bosses.iter().map(|(id, b)| ("bosses.toml", id, &b.name_ja)))
        .chain(
            characters
                .iter()
                .map(|(id, c)| ("characters.toml", id, &c.name_ja)),
        );
    for (file, id, ja) in names_ja {
        if ja.as_deref().is_some_and(|j| j.trim().is_empty()) {
            errors.push(DataError::new(
                format!("nakama/{file}"),
                id,
                "field `name_ja`: is empty (leave it out where there is no Japanese)",
            ));
        }
    }
    if !characters.is_empty() && !characters.iter().any(|(id, _)| id == "luffy") {
        errors.push(DataError::new(
            "nakama/characters.toml",
            "luffy",
            "the character `luffy` is required (Luffy's player starts)",
        ));
    }
    if errors.is_empty() {
        count("friends.toml", friends.len(), FRIENDS, &mut errors);
        count("enemies.toml", enemies.len(), ENEMIES, &mut errors);
        count("bosses.toml", bosses.len(), BOSSES, &mut errors);
        count("characters.toml", characters.len(), CHARACTERS, &mut errors);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(NakamaData {
        friends: friends.into_iter().map(|x| x.1).collect(),
        enemies: enemies.into_iter().map(|x| x.1).collect(),
        bosses: bosses.into_iter().map(|x| x.1).collect(),
        characters: characters.into_iter().map(|x| x.1).collect(),
    })
}

impl Enemy {
    /// Its name in each language the data carries (the English where it carries no other).
    pub fn said_name(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }
}

impl Boss {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #40: a friend card reads `赤7` in Japanese (`Red 7` in English), and `card:` takes
    /// its name in either language.
    #[test]
    fn a_friend_is_named_by_its_colour_in_each_language_and_found_by_either() {
        let d = load(&croupier_core::source_path("data")).expect("shipped data loads");
        let red7 = d
            .friends
            .iter()
            .position(|f| f.face() == (Colour::Red, 7))
            .expect("Red 7");
        let f = &d.friends[red7];
        assert_eq!(f.label_said().text(Locale::En), "Red 7");
        assert_eq!(f.label_said().text(Locale::Ja), "赤7");
        for name in ["Red 7", "red-7", "赤7", "赤 7", "赤-7"] {
            assert_eq!(d.friend_by_label(name), Some(red7), "{name}");
        }
        let ja: Vec<String> = Colour::ALL
            .iter()
            .map(|c| c.said().text(Locale::Ja))
            .collect();
        assert_eq!(ja, ["赤", "青", "緑", "黄", "紫", "橙"]);
        let en: Vec<String> = Colour::ALL
            .iter()
            .map(|c| c.said().text(Locale::En))
            .collect();
        let names: Vec<&str> = Colour::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(en, names);
        // Every card has a name of its own in Japanese too.
        let mut seen = HashSet::new();
        assert!(d
            .friends
            .iter()
            .all(|f| seen.insert(f.label_said().text(Locale::Ja))));
    }

    #[test]
    fn rule_components_deck_sizes_54_26_10_10() {
        let d = load(&croupier_core::source_path("data")).expect("shipped data loads");
        assert_eq!(d.friends.len(), 54);
        assert_eq!(d.enemies.len(), 26);
        assert_eq!(d.bosses.len(), 10);
        assert_eq!(d.characters.len(), 10);
        // "numbers 1 through 9 and any of the 6 colors": every colour × every number once.
        for c in Colour::ALL {
            for p in 1..=9 {
                assert_eq!(d.friends.iter().filter(|f| f.face() == (c, p)).count(), 1);
            }
        }
        assert!(d.character_by_name("Luffy").is_some());
    }

    /// `croupier check-data`'s notes: the shipped cards all carry Japanese names; a data folder
    /// with one enemy's `name_ja` left out gets a note naming it, and an empty one is refused.
    #[test]
    fn check_data_names_the_cards_without_japanese() {
        use croupier_core::table::Game;
        let shipped = load(&croupier_core::source_path("data")).unwrap();
        assert_eq!(
            super::super::Nakama::data_notes(&shipped),
            Vec::<String>::new()
        );
        assert_eq!(
            shipped.enemies[0].said_name().text(Locale::Ja),
            "港のごろつき"
        );
        assert_eq!(
            shipped.character_by_name("ゾロ"),
            shipped.character_by_name("zoro")
        );
        let copy = |edit: &dyn Fn(String) -> String| {
            let tmp = tempfile::tempdir().unwrap();
            let n = tmp.path().join("nakama");
            std::fs::create_dir_all(&n).unwrap();
            for f in [
                "friends.toml",
                "enemies.toml",
                "bosses.toml",
                "characters.toml",
            ] {
                let text =
                    std::fs::read_to_string(croupier_core::source_path("data/nakama").join(f))
                        .unwrap();
                let text = if f == "enemies.toml" {
                    edit(text)
                } else {
                    text
                };
                std::fs::write(n.join(f), text).unwrap();
            }
            load(tmp.path())
        };
        let d = copy(&|t| t.replacen("name_ja = \"双剣団\"\n", "", 1)).unwrap();
        assert_eq!(
            super::super::Nakama::data_notes(&d),
            vec!["nakama/enemies.toml name_ja: 1 entry without Japanese words (the English is shown to Japanese readers): twin-cutlass".to_string()]
        );
        let errs = copy(&|t| t.replacen("name_ja = \"双剣団\"", "name_ja = \"\"", 1)).unwrap_err();
        assert!(
            errs.iter()
                .any(|e| e.item == "twin-cutlass" && e.problem.contains("`name_ja`")),
            "{errs:?}"
        );
    }

    #[test]
    fn loader_names_file_card_and_field() {
        let tmp = tempfile::tempdir().unwrap();
        let n = tmp.path().join("nakama");
        std::fs::create_dir_all(&n).unwrap();
        for f in [
            "friends.toml",
            "enemies.toml",
            "bosses.toml",
            "characters.toml",
        ] {
            std::fs::copy(croupier_core::source_path("data/nakama").join(f), n.join(f)).unwrap();
        }
        let text = std::fs::read_to_string(n.join("friends.toml")).unwrap();
        let text = text.replacen("power = 1", "power = 12", 1);
        std::fs::write(n.join("friends.toml"), text).unwrap();
        let text = std::fs::read_to_string(n.join("enemies.toml")).unwrap();
        let text = text.replacen("colour = \"red\"", "colour = \"pink\"", 1);
        std::fs::write(n.join("enemies.toml"), text).unwrap();
        let errs = load(tmp.path()).unwrap_err();
        let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert!(
            all.iter()
                .any(|e| e.starts_with("nakama/friends.toml: red-1:") && e.contains("`power`")),
            "{all:?}"
        );
        assert!(
            all.iter()
                .any(|e| e.starts_with("nakama/enemies.toml:") && e.contains("pink")),
            "{all:?}"
        );
    }
}
