//! The state of a Nobi Nobi Sword table: seats, roles, decks, the current step and the story.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::data::{Ability, Character, GainCard, NobiData, Skill, Tag};
use croupier_core::rng::GameRng;
use croupier_core::table::{Phrase, UserId, Value};

/// Most players at one table (the rulebook's regular play is 3–5).
pub const MAX_PLAYERS: usize = 5;
/// Times each player is GM before the Epilogue.
pub const GM_TURNS: u32 = 3;
/// Scenes before the Epilogue in solo play.
pub const SOLO_SCENES: u32 = 5;
/// How much solo play lowers every Skill check.
pub const SOLO_REDUCTION: i64 = 4;
/// Default reminder interval in hours.
pub const DEFAULT_REMIND_HOURS: u32 = 24;

/// Which rules variant the table plays, fixed by the player count at `/nobi begin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// 3–5 players.
    Regular,
    /// 2 players, each with a main and a support character.
    TwoPlayer,
    /// 1 player who is GM and Main Character.
    Solo,
}

impl Mode {
    /// The mode for `n` players.
    pub fn for_players(n: usize) -> Mode {
        match n {
            1 => Mode::Solo,
            2 => Mode::TwoPlayer,
            _ => Mode::Regular,
        }
    }
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Regular => "regular play",
            Mode::TwoPlayer => "two-player variant",
            Mode::Solo => "solo play",
        }
    }
    /// Its key in the catalogue's selectors (`regular`, `two`, `solo`).
    pub fn key(self) -> &'static str {
        match self {
            Mode::Regular => "regular",
            Mode::TwoPlayer => "two",
            Mode::Solo => "solo",
        }
    }
    /// Its name in the reader's language (`nobi-mode`).
    pub fn said(self) -> Phrase {
        Phrase::new("nobi-mode").arg("mode", self.key())
    }
}

/// One character in play with the cards in front of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sheet {
    /// Character id.
    pub character: String,
    /// Light cards gained.
    pub light: Vec<String>,
    /// Darkness cards gained.
    pub darkness: Vec<String>,
}

impl Sheet {
    /// A fresh sheet.
    pub fn new(character: &str) -> Sheet {
        Sheet {
            character: character.to_string(),
            light: vec![],
            darkness: vec![],
        }
    }

    /// The character's skill with Light/Darkness modifiers.
    pub fn skill(&self, data: &NobiData, skill: Skill) -> i64 {
        let base = data
            .character(&self.character)
            .map(|c| c.skill(skill))
            .unwrap_or(0);
        base + self
            .cards()
            .filter_map(|id| data.gain_card(id))
            .filter_map(|c| c.bonus)
            .filter(|(s, _)| *s == skill)
            .map(|(_, n)| n)
            .sum::<i64>()
    }

    /// Light then Darkness card ids.
    pub fn cards(&self) -> impl Iterator<Item = &String> {
        self.light.iter().chain(self.darkness.iter())
    }

    /// Every Ability this character has: its own, then those of its cards.
    pub fn abilities<'d>(&self, data: &'d NobiData) -> Vec<&'d Ability> {
        let mut v: Vec<&Ability> = data
            .character(&self.character)
            .map(|c| vec![&c.ability])
            .unwrap_or_default();
        v.extend(
            self.cards()
                .filter_map(|id| data.gain_card(id))
                .filter_map(|c| c.ability.as_ref()),
        );
        v
    }

    /// The character's card data.
    pub fn data<'d>(&self, data: &'d NobiData) -> Option<&'d Character> {
        data.character(&self.character)
    }
}

/// A player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    /// User.
    pub user: UserId,
    /// Display name.
    pub name: String,
    /// Main character, then (two-player) the support character.
    pub chars: Vec<Sheet>,
    /// Scenes completed as GM.
    pub gm_count: u32,
    /// Scenes won as Main Character.
    pub successes: u32,
    /// Scenes failed as Main Character.
    pub failures: u32,
}

/// An Ability announced for the current test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Use {
    /// Seat of the owner.
    pub seat: usize,
    /// Character using it.
    pub character: String,
    /// Ability name.
    pub ability: String,
}

/// What the table is waiting for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Players join; the host begins.
    Joining,
    /// The GM draws a Scene.
    Scene,
    /// A Skill check waits for its roll.
    Check {
        /// Scene id.
        scene: String,
        /// Skill tested.
        skill: Skill,
        /// Difficulty on the card.
        printed: i64,
        /// Difficulty now (solo reduction and GM lowering included).
        difficulty: i64,
        /// Abilities announced.
        uses: Vec<Use>,
    },
    /// A Role-play challenge.
    Roleplay {
        /// Scene id.
        scene: String,
        /// The Main Character has said what they do.
        acted: bool,
        /// Narrative (free-effect) Abilities announced for the GM to weigh.
        #[serde(default)]
        uses: Vec<Use>,
    },
    /// The Epilogue's final test.
    Epilogue {
        /// Epilogue card id.
        card: String,
        /// Seat taking the final test.
        tester: usize,
        /// `All` abilities announced.
        uses: Vec<Use>,
        /// Solo: parts of the ending written so far (`/nobi act`), closed by `/nobi finish`.
        #[serde(default)]
        written: u32,
        /// Light/Darkness cards whose NPC joined the final Scene (`/nobi npc`).
        #[serde(default)]
        npcs: Vec<String>,
        /// The players chose the tester (`/nobi tester`); otherwise the tester is the one with
        /// the best chance, worked out again for each Epilogue card drawn.
        #[serde(default)]
        chosen: bool,
    },
    /// The adventure is over.
    Over,
}

/// The decks (card ids, top of the deck last).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Decks {
    /// Scene draw pile.
    pub scenes: Vec<String>,
    /// Scenes played.
    pub scene_discard: Vec<String>,
    /// Light draw pile.
    pub light: Vec<String>,
    /// Darkness draw pile.
    pub darkness: Vec<String>,
    /// Introduction pile.
    pub intros: Vec<String>,
    /// Epilogue pile.
    pub epilogues: Vec<String>,
    /// Epilogues set aside by a redraw.
    pub epilogue_discard: Vec<String>,
}

/// Draws from `pile`; when it is empty, shuffles `discard` back in first (deck exhaustion rule).
/// Returns the card and whether a reshuffle happened.
pub fn draw(
    pile: &mut Vec<String>,
    discard: &mut Vec<String>,
    rng: &mut GameRng,
) -> Option<(String, bool)> {
    let mut reshuffled = false;
    if pile.is_empty() && !discard.is_empty() {
        pile.append(discard);
        pile.shuffle(rng);
        reshuffled = true;
    }
    pile.pop().map(|c| (c, reshuffled))
}

/// A shuffled list of ids.
pub fn shuffled(ids: impl Iterator<Item = String>, rng: &mut GameRng) -> Vec<String> {
    let mut v: Vec<String> = ids.collect();
    v.shuffle(rng);
    v
}

/// A Nobi Nobi Sword table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Nobi {
    /// Host.
    pub host: UserId,
    /// Players in seat order (clockwise: the next seat is "to the left").
    pub seats: Vec<Seat>,
    /// Variant.
    pub mode: Mode,
    /// What happens next.
    pub step: Step,
    /// Seat of the GM.
    pub gm: usize,
    /// Seat of the Main Character.
    pub mc: usize,
    /// Scenes completed.
    pub scenes_played: u32,
    /// Decks.
    pub decks: Decks,
    /// Introduction drawn.
    pub intro: Option<String>,
    /// The story so far, as Markdown blocks in typed words (written in the reader's language;
    /// a block saved as a plain string, and what players write, read as they are).
    pub story: Vec<Value>,
    /// Reminder interval in hours (0 = off).
    pub remind_after: u32,
    /// When the player who must act started waiting (Unix seconds).
    pub waiting_since: i64,
    /// When they were last reminded.
    pub reminded_at: Option<i64>,
    /// Name of the last Scene whose dice were rolled (to explain late announcements).
    pub last_rolled: Option<String>,
    /// Result of the final test (`Some(true)` = success).
    pub final_result: Option<bool>,
    /// One Ability per Scene for each player instead of each character (table setting).
    #[serde(default)]
    pub limit_per_player: bool,
}

impl Nobi {
    /// Seat of `user`.
    pub fn seat_of(&self, user: &UserId) -> Option<usize> {
        self.seats.iter().position(|s| &s.user == user)
    }

    /// Is the character (or its card's other side) taken? Returns the holder's name.
    pub fn card_holder(&self, data: &NobiData, character: &Character) -> Option<String> {
        self.card_holding(data, character)
            .map(|(seat, _)| self.seats[seat].name.clone())
    }

    /// Who holds the character's card: the seat, and whether only as a support character
    /// (the second character, which only the two-player variant plays).
    pub fn card_holding(&self, data: &NobiData, character: &Character) -> Option<(usize, bool)> {
        self.seats.iter().enumerate().find_map(|(i, s)| {
            s.chars
                .iter()
                .position(|c| c.data(data).is_some_and(|c| c.card == character.card))
                .map(|k| (i, k > 0))
        })
    }

    /// Characters nobody holds (neither side of their card).
    pub fn free_characters<'d>(&self, data: &'d NobiData) -> Vec<&'d Character> {
        data.characters
            .iter()
            .filter(|c| self.card_holder(data, c).is_none())
            .collect()
    }

    /// Who must act now and what they must do (its message in the catalogue).
    pub fn pending(&self) -> Option<(usize, &'static str)> {
        match &self.step {
            Step::Joining | Step::Over => None,
            Step::Scene => Some((self.gm, "nobi-do-draw")),
            Step::Check { .. } => Some((self.mc, "nobi-do-roll")),
            Step::Roleplay { acted: false, .. } => Some((self.mc, "nobi-do-act")),
            Step::Roleplay { acted: true, .. } => Some((self.gm, "nobi-do-verdict")),
            Step::Epilogue { tester, .. } => Some((
                *tester,
                if self.mode == Mode::Solo {
                    "nobi-do-write"
                } else {
                    "nobi-do-final"
                },
            )),
        }
    }

    /// NPC cards the players hold (Light and Darkness), with the holder's seat: those NPCs
    /// may join the Epilogue ("NPCs … can join in this Scene if they come from Light or
    /// Darkness cards").
    pub fn npc_cards<'d>(&self, data: &'d NobiData) -> Vec<(usize, &'d GainCard)> {
        self.seats
            .iter()
            .enumerate()
            .flat_map(|(i, s)| {
                s.chars
                    .iter()
                    .flat_map(|c| c.light.iter().chain(c.darkness.iter()))
                    .filter_map(move |id| data.gain_card(id).map(|g| (i, g)))
            })
            .filter(|(_, g)| g.is_npc())
            .collect()
    }

    /// Name of a seat's main character.
    pub fn char_name(&self, data: &NobiData, seat: usize) -> String {
        self.seats
            .get(seat)
            .and_then(|s| s.chars.first())
            .and_then(|c| c.data(data))
            .map(|c| c.name.clone())
            .unwrap_or_else(|| "?".into())
    }

    /// The seat's main character's name in each language the data carries (`?` if none).
    pub fn char_said(&self, data: &NobiData, seat: usize) -> Value {
        self.seats
            .get(seat)
            .and_then(|s| s.chars.first())
            .and_then(|c| c.data(data))
            .map(|c| c.said_name())
            .unwrap_or_else(|| Value::from("?"))
    }

    /// Whether the Epilogue is due.
    pub fn epilogue_due(&self) -> bool {
        match self.mode {
            Mode::Solo => self.scenes_played >= SOLO_SCENES,
            _ => self.seats.iter().all(|s| s.gm_count >= GM_TURNS),
        }
    }

    /// Characters of `seat` that may use Abilities in the current Scene (the GM's are set aside,
    /// except in the two-player variant and in solo play).
    pub fn may_use(&self, seat: usize) -> bool {
        !(matches!(self.step, Step::Check { .. } | Step::Roleplay { .. })
            && seat == self.gm
            && self.mode == Mode::Regular)
    }

    /// Tag check for announcing `ab` on `user_char` when `tested` is tested: the refusal's
    /// words if its tag forbids it.
    pub fn tag_allows(&self, ab: &Ability, own: bool) -> Result<(), Phrase> {
        let epilogue = matches!(self.step, Step::Epilogue { .. });
        let refused = |key: &str| {
            Err(Phrase::new(key)
                .arg("ability", ab.said_name())
                .arg("tag", ab.tag.said()))
        };
        match ab.tag {
            Tag::Permanent => refused("nobi-tag-permanent"),
            _ if epilogue && ab.tag != Tag::All => refused("nobi-tag-epilogue"),
            Tag::Solo if !own => refused("nobi-tag-solo"),
            Tag::Assist if own => refused("nobi-tag-assist"),
            _ => Ok(()),
        }
    }
}
