//! Night Wizard's commands, declared once: each enum below gives its part of the `/nw`
//! slash-command declaration (options, choices, ranges, permissions) and parses a [`Command`]
//! into a typed value (see [`croupier_core::table::declare`]). `dispatch::parse`, `dispatch::create` and
//! `character::global` lower these values to actions; the table checks the declared permission
//! (`perm = gm`) once, before the game sees the command.
//!
//! [`Command`]: croupier_core::table::Command

use super::state::SceneKind;
use serde::{Deserialize, Serialize};

use croupier_core::table::{Choices, Commands, UserId};

mod play;
pub use play::{
    CasketCommand, CombatCommand, DangerKind, DangerStat, EnemyCommand, FarBand, FortressCommand,
    RangeBand, Spend,
};

/// Night Wizard 3rd Edition: characters, Judges and Prana
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "nw")]
pub enum NwCommand {
    /// Open a Night Wizard session in this channel (you are the GM)
    New {
        /// Raise Result per Prana: 2d (rulebook, default) or 1d (BCDice)
        raise: Option<RaiseDice>,
        /// Allow several Fudge Dice on one roll (default no)
        fudge_repeat: Option<bool>,
    },
    /// Make and manage your characters
    #[cmd(guild)]
    Character(CharacterCommand),
    /// Show your character sheet (only to you)
    #[cmd(guild)]
    Sheet {
        /// Which character
        #[opt(autocomplete)]
        character: Option<String>,
        /// Another player's character
        player: Option<UserId>,
    },
    /// Join the session and set Critical/Fumble values
    Session(SessionCommand),
    /// Hand an item to another PC (Major Action in a fight; free outside one)
    #[cmd(perm = player)]
    Give {
        /// Item name or id
        item: String,
        /// The PC who takes it
        to: String,
    },
    /// Episode phases (GM)
    Phase(PhaseCommand),
    /// Roll a Judge: 2D + Alter against a Difficulty
    #[cmd(perm = player)]
    Judge {
        /// Attribute or combat stat (none: modifier only)
        #[opt(autocomplete)]
        stat: String,
        /// Difficulty to reach
        #[opt(min = -99, max = 999)]
        difficulty: Option<i64>,
        /// Extra modifier
        #[opt(min = -99, max = 999)]
        modifier: Option<i64>,
        /// Opposed: the other side's Result
        #[opt(min = -99, max = 999)]
        against: Option<i64>,
        /// Opposed: you started the roll (win ties)
        attacker: Option<bool>,
        /// A Recovery Judge (may go below 0)
        recovery: Option<bool>,
        /// Any Seven: dice count as 7 (players need the GM's leave)
        anyseven: Option<bool>,
        /// Only you and the GM see it (GM: only the GM)
        secret: Option<bool>,
        /// What the Judge is for
        label: Option<String>,
        /// Only show the chance of success, with a Roll button
        preview: Option<bool>,
        /// A Reaction, e.g. a Dodge Check (−5 under Paralysis)
        reaction: Option<bool>,
        /// Critical values a skill adds for this roll, e.g. 7,10
        critical: Option<String>,
        /// Fumble values a skill adds for this roll, e.g. 2,5
        fumble: Option<String>,
        /// An Information Gathering Check (an Attribute only)
        info: Option<bool>,
        /// Information Gathering: the Connection you ask (+2)
        connection: Option<String>,
    },
    /// Spend Prana
    Prana {
        /// What for
        r#use: PranaChoice,
        /// Prana for raise or cost (default 1)
        #[opt(min = 1, max = 20)]
        amount: Option<u32>,
        /// Which Lunar Logic to ignore
        logic: Option<String>,
    },
    /// Table settings (GM)
    #[cmd(perm = gm)]
    Settings {
        /// Raise Result per Prana: 2d or 1d
        raise: Option<RaiseDice>,
        /// Allow several Fudge Dice on one roll
        fudge_repeat: Option<bool>,
        /// Players may use Any Seven
        anyseven_players: Option<bool>,
        /// Optional rule: latecomers make Appearance Checks (default off)
        appearance: Option<bool>,
        /// Appearance Check Difficulty (default 10)
        #[opt(min = -99, max = 999)]
        appearance_dc: Option<i32>,
        /// Natural healing: Str-5 (default) or Str/5, max 3
        natural_recovery: Option<NaturalReading>,
        /// Players' Fortress map names every Area's kind (default: only entered Areas)
        map_kinds: Option<bool>,
        /// Show enemies' exact HP and MP on the public tracker (default: a condition only)
        enemy_vitals: Option<bool>,
        /// Highest CL a character may join at (default 0: any)
        #[opt(min = 0, max = 99)]
        max_cl: Option<u32>,
    },
    /// Night Wizard combat: rounds, moves, attacks, skills
    #[cmd(top_level = "nwcombat")]
    Combat(CombatCommand),
    /// Difficulties, bad statuses, Critical/Fumble (reference)
    #[cmd(guild)]
    Rules,
    /// Skills: list, show, add your own
    #[cmd(guild)]
    Skill(SkillCommand),
    /// Items: list, add your own
    #[cmd(guild)]
    Item(ItemCommand),
    /// Night Wizard enemies: data, spawning, reveals (GM)
    #[cmd(top_level = "nwenemy")]
    Enemy(EnemyCommand),
    /// Night Wizard Fortresses: Areas, Gates, the Dive, traps
    #[cmd(top_level = "nwfortress")]
    Fortress(FortressCommand),
    /// Night Wizard Lunar Casket and its Lunar Logics
    #[cmd(top_level = "nwcasket")]
    Casket(CasketCommand),
    /// Natural recovery for the PCs (GM)
    #[cmd(perm = gm)]
    Rest {
        /// full (restored), tense (Recovery Judges) or absent (Recovery 0)
        mode: RestMode,
        /// One PC (default: every PC)
        player: Option<UserId>,
    },
    /// Ask a player for a Judge with a Difficulty (GM)
    #[cmd(perm = gm)]
    Ask {
        /// Who rolls (must have a PC here)
        player: Option<UserId>,
        /// Attribute or combat stat (none: no Alter)
        #[opt(autocomplete)]
        stat: Option<String>,
        /// Difficulty to reach
        #[opt(min = -99, max = 999)]
        difficulty: Option<i32>,
        /// What the Judge is for
        label: Option<String>,
        /// Keep the Difficulty from the player (only you see it)
        hidden: Option<bool>,
        /// Withdraw the ask with this number
        #[opt(min = 1, max = 1_000_000)]
        cancel: Option<u32>,
    },
    /// Roll the Judge the GM asked you for
    Answer {
        /// The ask's number
        #[opt(min = 1, max = 1_000_000)]
        id: u32,
    },
}

/// Make and manage your characters
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "character")]
pub enum CharacterCommand {
    /// Make a character step by step (or quick:true for a random legal one)
    New {
        /// The character's name
        name: Option<String>,
        /// Build a legal random character in one step
        quick: Option<bool>,
        /// Starting Class Level the GM set (default 1): take the extra level ups after creation
        #[opt(min = 1, max = 20)]
        cl: Option<u32>,
    },
    /// Make the current creation step's choice
    Choose {
        /// Class, element, attribute, skill or item
        #[opt(autocomplete)]
        value: String,
    },
    /// Finish creation (after buying items)
    Done,
    /// Stop making a character
    Cancel,
    /// Your characters
    List,
    /// Delete a character
    Delete {
        /// Its name
        name: String,
    },
    /// Export a character as JSON
    Export {
        /// Which of your characters (default: your only one)
        #[opt(autocomplete)]
        character: Option<String>,
    },
    /// Import a character from JSON
    Import {
        /// The exported JSON
        // As long as Discord lets a text option be: an exported character is long.
        // A form (modal) takes at most 4,000 characters; a longer one is typed as the option.
        #[opt(max_length = 6000, modal)]
        json: String,
    },
    /// Equip an item from the Inventory
    Equip {
        /// Item
        item: String,
        /// Which of your characters (default: your only one)
        #[opt(autocomplete)]
        character: Option<String>,
    },
    /// Put an item into the Lunar Robe
    Unequip {
        /// Item
        item: String,
        /// Which of your characters (default: your only one)
        #[opt(autocomplete)]
        character: Option<String>,
    },
    /// Set the character's notes
    Note {
        /// Notes (empty clears)
        text: Option<String>,
        /// Which of your characters (default: your only one)
        #[opt(autocomplete)]
        character: Option<String>,
    },
    /// Add (or remove, if present) a Connection
    Connect {
        /// Who
        with: String,
        /// Which of your characters (default: your only one)
        #[opt(autocomplete)]
        character: Option<String>,
    },
    /// Level up: CL +1 and a new skill, or a class change
    Levelup {
        /// Which of your characters (default: your only one)
        #[opt(autocomplete)]
        character: Option<String>,
        /// The new skill (or the Auto skill to gain on a class change)
        skill: Option<String>,
        /// Class change: which class (1 or 2)
        #[opt(min = 1, max = 2)]
        slot: Option<u8>,
        /// Class change: the new class
        class: Option<String>,
    },
    /// Spend Bonus Points on a combat stat
    Bp {
        /// pacc, eva, macc, spd (group 1) or patk, matk, pdef, mdef (group 2)
        stat: String,
        /// How many (default 1)
        #[opt(min = 1, max = 10)]
        points: Option<i64>,
        /// Which of your characters (default: your only one)
        #[opt(autocomplete)]
        character: Option<String>,
    },
    /// Spend OP: a General skill (5 OP) or a preserved item (1 OP = 200k)
    Op {
        /// General skill to learn
        skill: Option<String>,
        /// Item to preserve
        buy: Option<String>,
        /// Which of your characters (default: your only one)
        #[opt(autocomplete)]
        character: Option<String>,
    },
}

/// Join the session and set Critical/Fumble values
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "session")]
pub enum SessionCommand {
    /// Bring a character (again to refresh its sheet)
    Join {
        /// Which character
        #[opt(autocomplete)]
        character: Option<String>,
    },
    /// Take your character out
    Leave,
    /// Spend a CF Mod point: move Critical or Fumble by 1
    Cf {
        /// critical or fumble
        value: CfValue,
        /// +1 or -1
        by: CfBy,
    },
    /// Lock your Critical/Fumble values
    Lock,
    /// A new real-life session: everyone rerolls Critical/Fumble (GM)
    #[cmd(perm = gm)]
    Next,
    /// Set a PC's HP/MP/bad status (GM)
    #[cmd(perm = gm)]
    Set {
        /// Whose PC
        player: UserId,
        /// Current HP
        hp: Option<i64>,
        /// Current MP
        mp: Option<i64>,
        /// Add a bad status, e.g. dazed or poison:3; `clear` clears
        status: Option<String>,
    },
}

/// Episode phases (GM)
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "phase")]
pub enum PhaseCommand {
    /// Go to the next phase (the After phase resets PCs and grants OP)
    #[cmd(perm = gm)]
    Next {
        /// OP each PC gets in the After phase (default 5; the rulebook awards 5–10)
        #[opt(min = 0, max = 100)]
        op: Option<i64>,
        /// After phase: allow the level up (default true; false withholds it this time)
        levelup: Option<bool>,
    },
    /// Start a new Scene (GM): normal, master (narration) or combat
    #[cmd(perm = gm)]
    Scene {
        /// normal (default), master (GM narration only) or combat
        kind: Option<SceneKind>,
    },
    /// The Episode Handout's Trailer (GM)
    #[cmd(perm = gm)]
    Handout {
        /// The Trailer: the Episode's summary
        trailer: String,
    },
    /// Give a PC an Episode Connection, or a Connection's Worth (GM; again removes it)
    #[cmd(perm = gm)]
    Connection {
        /// Whose PC
        player: UserId,
        /// To whom
        with: String,
        /// Worth: valco the NPC may spend on gear (default 0)
        #[opt(min = 0, max = 1000000)]
        worth: Option<i64>,
    },
    /// A Connection supplies gear from its Worth (GM; not Preserved)
    #[cmd(perm = gm)]
    Gear {
        /// Whose PC
        player: UserId,
        /// The Connection
        with: String,
        /// The item (id or name)
        item: String,
    },
}

/// Skills: list, show, add your own
// A parsed command lives for one call; boxing its fields would only add noise.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "skill")]
pub enum SkillCommand {
    /// List skills
    List {
        /// Only this class (or general)
        class: Option<String>,
    },
    /// Show a skill
    Show {
        /// Skill
        name: String,
    },
    /// Add a skill for this server
    Add {
        /// Name
        name: String,
        /// Class (default: general)
        class: Option<String>,
        /// auto, secret, trait, spell, broom, item or empty
        category: Option<String>,
        /// Least CL (default 1)
        #[opt(min = 1, max = 30)]
        acquire_cl: Option<u32>,
        /// Highest SL (default 1)
        #[opt(min = 1, max = 10)]
        max_sl: Option<u32>,
        /// Timing, e.g. Major Action, Constant
        timing: Option<String>,
        /// Check, e.g. Automatic, Hit Check
        check: Option<String>,
        /// Target, e.g. Self, Single, Area
        target: Option<String>,
        /// Range, e.g. Close, Short
        range: Option<String>,
        /// Cost, e.g. MP 4
        cost: Option<String>,
        /// Restrict, e.g. Broom Equip
        restrict: Option<String>,
        /// Effect text
        effect: Option<String>,
        /// Constant stat changes per SL, e.g. eva=1 pdef=1
        mods: Option<String>,
    },
}

/// Items: list, add your own
// A parsed command lives for one call; boxing its fields would only add noise.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "item")]
pub enum ItemCommand {
    /// List items
    List,
    /// Add an item for this server
    Add {
        /// Name
        name: String,
        /// weapon, armor, accessory, enchantment, broom, tool, potion
        kind: String,
        /// one_hand, two_hand, head, upper, clothes, shoulder, gloves, accessory, none
        slot: Option<String>,
        /// Weight
        #[opt(min = 0, max = 99)]
        weight: Option<i32>,
        /// Memory (enchantments)
        #[opt(min = 0, max = 99)]
        memory: Option<i32>,
        /// Price in valco
        #[opt(min = 0, max = 100_000_000)]
        price: Option<i64>,
        /// Range
        range: Option<String>,
        /// Modifiers, e.g. pacc=1 patk=4
        mods: Option<String>,
        /// Effect text
        effect: Option<String>,
        /// doesnt_stack (armour), maou (an enchantment) or short_only (a marked Range)
        rule: Option<ItemRule>,
        /// A weapon's category, e.g. Blade or Magic Sword/Blade (what "X Use" names)
        category: Option<String>,
    },
}

/// A rule an item's data names (§14.5, §14.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum ItemRule {
    /// "Doesn't Stack" armour: other armour gives no combat stats while it is worn.
    #[choice(value = "doesnt_stack")]
    DoesntStack,
    /// A Maou Enchantment: only one may be equipped.
    Maou,
    /// A weapon whose Range carries the mark: never its wielder's own Engage (§14.3).
    #[choice(value = "short_only")]
    ShortOnly,
}

/// How many dice a Prana's Raise Result adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum RaiseDice {
    /// 2D (the rulebook).
    #[choice(value = "2d", aliases("2"))]
    Two,
    /// 1D (BCDice).
    #[choice(value = "1d", aliases("1"))]
    One,
}

impl RaiseDice {
    /// The dice added per Prana.
    pub fn dice(self) -> u32 {
        match self {
            RaiseDice::Two => 2,
            RaiseDice::One => 1,
        }
    }
}

/// Which value a CF Mod point moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum CfValue {
    /// The Critical value.
    #[choice(aliases("c"))]
    Critical,
    /// The Fumble value.
    #[choice(aliases("f"))]
    Fumble,
}

/// Which way a CF Mod point moves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum CfBy {
    /// Up by 1.
    #[choice(value = "+1", aliases("1", "up"))]
    Up,
    /// Down by 1.
    #[choice(value = "-1", aliases("−1", "down"))]
    Down,
}

/// What Prana is spent on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum PranaChoice {
    /// Reroll the dice.
    Reroll,
    /// Cancel a Fumble.
    Cancel,
    /// Fudge by +1.
    #[choice(value = "fudge_up")]
    FudgeUp,
    /// Fudge by −1.
    #[choice(value = "fudge_down")]
    FudgeDown,
    /// Raise Result.
    Raise,
    /// Close the Judge.
    Accept,
    /// Pay a skill's Prana cost.
    Cost,
    /// Avoid Incapacitated.
    Avoid,
    /// Ignore a Lunar Logic.
    Logic,
}
/// How the natural-healing Recovery values are read (§10.11; the operator is lost in the
/// source): `Str − 5` (default, the better-supported reading) or `Str ÷ 5`, both at most 3.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq, Choices)]
pub enum NaturalReading {
    /// Strength − 5 for HP, Knowledge − 5 for MP (max 3).
    #[default]
    #[choice(value = "str-5", aliases("minus", "-", "-5"))]
    Minus,
    /// Strength ÷ 5 for HP, Knowledge ÷ 5 for MP, rounded down (max 3).
    #[choice(value = "str/5", aliases("divide", "/", "/5"))]
    Divide,
}

impl NaturalReading {
    /// The Recovery value from an attribute: `attr − 5` or `attr ÷ 5`, at most 3.
    pub fn value(self, attr: i32) -> i32 {
        let v = match self {
            NaturalReading::Minus => attr - 5,
            NaturalReading::Divide => attr.div_euclid(5),
        };
        v.min(3)
    }
}

/// Natural recovery kinds.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Choices)]
pub enum RestMode {
    /// Enough rest: HP and MP back in full.
    Full,
    /// Too tense to rest: Recovery Judges with Str/Kno-based Recovery values.
    Tense,
    /// Not in the Scene: Recovery Judges with Recovery 0 (§9.4).
    Absent,
}
