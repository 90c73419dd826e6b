//! Night Wizard's commands, declared once: each enum below gives its part of the `/nw`
//! slash-command declaration (options, choices, ranges, permissions) and parses a [`Command`]
//! into a typed value (see [`crate::table::declare`]). `session::parse`, `session::create` and
//! `roster::global` lower these values to actions; the table checks the declared permission
//! (`perm = gm`) once, before the game sees the command.
//!
//! [`Command`]: crate::table::Command

use crate::table::{Choices, Commands, UserId};

use super::casket::LogicLasts;
use super::combat::movement::Spend;
use super::combat::recovery::{NaturalReading, RestMode};
use super::fortress::{AreaKind, GateKind};

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
    Character(CharacterCommand),
    /// Show your character sheet (only to you)
    Sheet {
        /// Which character
        #[opt(autocomplete)]
        character: Option<String>,
        /// Another player's character
        player: Option<UserId>,
    },
    /// Join the session and set Critical/Fumble values
    Session(SessionCommand),
    /// Episode phases (GM)
    Phase(PhaseCommand),
    /// Roll a Judge: 2D + Alter against a Difficulty
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
        /// Show enemies' exact HP and MP on the public tracker (default: a condition only)
        enemy_vitals: Option<bool>,
    },
    /// Night Wizard combat: rounds, moves, attacks, skills
    #[cmd(top_level = "nwcombat")]
    Combat(CombatCommand),
    /// Difficulties, bad statuses, Critical/Fumble (reference)
    Rules,
    /// Skills: list, show, add your own
    Skill(SkillCommand),
    /// Items: list, add your own
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
        /// OP each PC gets in the After phase (default 5)
        #[opt(min = 0, max = 100)]
        op: Option<i64>,
    },
    /// Start a new Scene
    #[cmd(perm = gm)]
    Scene,
}

/// Night Wizard combat: rounds, moves, attacks, skills
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "combat")]
pub enum CombatCommand {
    /// Start combat: every PC and every enemy on the table (GM)
    #[cmd(perm = gm)]
    Start {
        /// Enemies' Count = SPD + 7 (Any Seven)
        anyseven: Option<bool>,
    },
    /// End combat (GM)
    #[cmd(perm = gm)]
    End,
    /// Put two combatants in one Engage (GM)
    #[cmd(perm = gm)]
    Engage {
        /// PC name or enemy label
        a: String,
        /// PC name or enemy label
        b: String,
    },
    /// Take the tied Main Process
    Go {
        /// GM: which enemy
        who: Option<String>,
    },
    /// Move Action: engage a target
    Invade {
        /// PC name or enemy label
        target: String,
    },
    /// Move Action (+ Minor if an enemy is there): leave your Engage
    Withdraw,
    /// Minor Action (clears Pressure)
    Minor,
    /// An enemy blockades (or stops) its Engage (GM)
    #[cmd(perm = gm)]
    Blockade {
        /// Enemy label
        enemy: String,
    },
    /// Major Action: attack
    Attack {
        /// PC name or enemy label
        target: Option<String>,
        /// Magical attack (MACC, MATK vs MDEF)
        magic: Option<bool>,
        /// Several targets, comma-separated: one Hit Check, each dodges
        targets: Option<String>,
        /// Area: every combatant in the target's Engage
        area: Option<bool>,
        /// Full Hit (a skill effect): hits whatever the dice say
        fullhit: Option<bool>,
    },
    /// Defender: roll the Dodge Check
    Dodge {
        /// Which Defender (your PC; GM: an NPC)
        who: Option<String>,
        /// Full Dodge (a skill effect): dodges whatever the dice say
        full: Option<bool>,
    },
    /// Compare hit and dodge, roll damage
    Damage,
    /// Apply the HP Damage
    Apply,
    /// Take the attack for its target
    Coverup {
        /// GM: which enemy
        who: Option<String>,
        /// Whom you Cover Up for (attacks with several Defenders)
        r#for: Option<String>,
    },
    /// End your Main Process
    Pass,
    /// Move toward a spot (Move, Minor or Major Action); GM: steps sets a distance
    Move {
        /// Where: a spot, an object
        to: String,
        /// Spend: move (1), minor (1) or major (3, ends the Main Process)
        with: Option<Spend>,
        /// Ask the GM to move to Long (retreat) or Extreme range
        range: Option<FarBand>,
        /// GM: Move Actions this spot needs
        #[opt(min = 1, max = 20)]
        steps: Option<u32>,
    },
    /// Lunar Robe flight: Minor Action, 1D MP (land:true lands, any time)
    Fly {
        /// Land (Auto Action)
        land: Option<bool>,
        /// GM: which enemy
        who: Option<String>,
    },
    /// Appearance Check to join the fight (Setup Process, optional rule)
    Appear,
    /// Put a combatant at Short, Long or Extreme range; approves a request (GM)
    #[cmd(perm = gm)]
    Range {
        /// PC name or enemy label
        who: String,
        /// short, long or extreme
        band: RangeBand,
    },
    /// A Recovery Judge: 2D + Recovery healed (below 0: lost)
    Heal {
        /// PC name or enemy label
        target: String,
        /// The Recovery value
        #[opt(min = -99, max = 999)]
        recovery: i32,
        /// Heal MP instead of HP
        mp: Option<bool>,
        /// GM: the enemy making the Judge
        who: Option<String>,
    },
    /// Use a skill or item (Timing, Cost and action checked)
    Use {
        /// Skill name or id
        skill: Option<String>,
        /// Item name or id
        item: Option<String>,
        /// PC name or enemy label
        target: Option<String>,
        /// GM: the enemy using it
        who: Option<String>,
    },
    /// Setup/Cleanup step: use no (more) skills
    Skip {
        /// GM: for whom
        who: Option<String>,
    },
    /// End a bad status on a character (GM)
    #[cmd(perm = gm)]
    Cure {
        /// PC name or enemy label
        target: String,
        /// e.g. poison, paralysis, or all
        status: String,
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
    },
}

/// Night Wizard enemies: data, spawning, reveals (GM)
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "enemy")]
pub enum EnemyCommand {
    /// List enemy data (GM)
    List,
    /// Put an enemy from the data on the table (GM)
    #[cmd(perm = gm)]
    Spawn {
        /// Enemy name or id
        name: String,
        /// Label (default: the name, numbered)
        r#as: Option<String>,
        /// Hidden from the players until revealed
        hidden: Option<bool>,
        /// HP made on the spot (default: the data's)
        #[opt(min = 1, max = 99_999)]
        hp: Option<i32>,
        /// A Guest built like a PC from a roster character (PCs' side)
        guest: Option<bool>,
        /// Incomplete enemy: attacks against it hit automatically
        incomplete: Option<bool>,
    },
    /// Reveal a hidden enemy (GM)
    #[cmd(perm = gm)]
    Reveal {
        /// Its label
        label: String,
    },
    /// Add a note only the GM sees (GM)
    #[cmd(perm = gm)]
    Note {
        /// The note
        text: String,
    },
    /// Add an enemy for this server (GM)
    Add {
        /// Name
        name: String,
        /// mob, guest, boss or extra
        kind: Option<String>,
        /// HP
        #[opt(min = 1, max = 99_999)]
        hp: Option<i32>,
        /// MP
        #[opt(min = 0, max = 99_999)]
        mp: Option<i32>,
        /// PACC
        #[opt(min = -99, max = 999)]
        pacc: Option<i32>,
        /// EVA
        #[opt(min = -99, max = 999)]
        eva: Option<i32>,
        /// MACC
        #[opt(min = -99, max = 999)]
        macc: Option<i32>,
        /// PATK
        #[opt(min = -99, max = 999)]
        patk: Option<i32>,
        /// MATK
        #[opt(min = -99, max = 999)]
        matk: Option<i32>,
        /// PDEF
        #[opt(min = -99, max = 999)]
        pdef: Option<i32>,
        /// MDEF
        #[opt(min = -99, max = 999)]
        mdef: Option<i32>,
        /// SPD
        #[opt(min = -99, max = 999)]
        spd: Option<i32>,
        /// Attack text
        attack: Option<String>,
        /// Notes
        notes: Option<String>,
    },
}

/// Night Wizard Fortresses: Areas, Gates, the Dive, traps
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "fortress")]
pub enum FortressCommand {
    /// Add or change an Area (GM)
    #[cmd(perm = gm)]
    Area {
        /// The Area's name
        name: String,
        /// The Area's type
        kind: AreaKind,
        /// What the party finds (read out on entering)
        desc: Option<String>,
        /// Entrance: it serves as the exit
        exit: Option<bool>,
    },
    /// Join two Areas with a Gate (GM)
    #[cmd(perm = gm)]
    Gate {
        /// From this Area
        from: String,
        /// To this Area
        to: String,
        /// The Gate's type (default normal)
        kind: Option<GateKind>,
        /// Damaged Gate: uses before it breaks
        #[opt(min = 0, max = 99)]
        uses: Option<u32>,
    },
    /// Put (or reset) a trap in a Trap Area (GM)
    #[cmd(perm = gm)]
    Trap {
        /// The Trap Area
        area: String,
        /// Detection Value (Awareness)
        #[opt(min = -99, max = 999)]
        detection: i32,
        /// Removal Value (Finesse)
        #[opt(min = -99, max = 999)]
        removal: i32,
        /// What happens when it goes off
        effect: String,
        /// HP damage dice when it goes off, e.g. 2d6
        damage: Option<String>,
    },
    /// The party enters at the Entrance (GM)
    #[cmd(perm = gm)]
    Dive,
    /// The Area Map and the party's position
    Show,
    /// Move the party through a Gate
    Move {
        /// The next Area
        to: String,
    },
    /// Appearance Check: join the party's Scene (Luck)
    Appear {
        /// A Connection to someone in the Scene (+3)
        connection: Option<bool>,
    },
    /// Trap Identification Judge (Awareness)
    Identify,
    /// Trap Removal Judge (Finesse)
    Remove,
    /// Settle your failed Fortress Judge (after any Prana)
    Resolve,
    /// Call a Danger Sense Judge (GM)
    #[cmd(perm = gm)]
    Danger {
        /// What threatens (default other)
        kind: Option<DangerKind>,
        /// Ambush: the NPC's Perception
        #[opt(min = -99, max = 999)]
        perception: Option<i32>,
        /// Set the Difficulty yourself
        #[opt(min = -99, max = 999)]
        difficulty: Option<i32>,
        /// awareness (default) or luck
        stat: Option<DangerStat>,
        /// Results only to each roller and the GM
        secret: Option<bool>,
    },
    /// Roll the Danger Sense Judge the GM called
    Sense,
    /// An Area's event is cleared (GM)
    #[cmd(perm = gm)]
    Cleared {
        /// Which Area (default: the party's)
        area: Option<String>,
    },
    /// Open a Closed Gate or reveal a Secret Gate (GM)
    #[cmd(perm = gm)]
    Open {
        /// The Gate's number on the GM's map
        #[opt(min = 1, max = 99)]
        gate: usize,
    },
    /// A retreat condition now holds (GM)
    #[cmd(perm = gm)]
    Condition {
        /// Which one
        what: RetreatCondition,
    },
    /// Retreat from the Fortress
    Leave,
    /// Discard the Fortress (GM)
    #[cmd(perm = gm)]
    Scrap,
}

/// Night Wizard Lunar Casket and its Lunar Logics
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "casket")]
pub enum CasketCommand {
    /// Deploy a Lunar Casket (a PC is its Ruler)
    Deploy {
        /// GM: the Ruler (default: the Emulator)
        ruler: Option<String>,
        /// GM: it outlasts its Scene
        persist: Option<bool>,
    },
    /// Remove the Casket (the Ruler or the GM)
    Remove {
        /// GM: declare it removed even during a Dive
        force: Option<bool>,
    },
    /// Add a Lunar Logic, a session rule inside (GM)
    #[cmd(perm = gm)]
    Logic {
        /// The Logic
        text: String,
    },
    /// The Lunar Logics in force
    List,
    /// Ignore one Lunar Logic for 1 Prana
    Shake {
        /// Its number or text
        logic: String,
    },
    /// How long a shaken Logic stays shaken (GM)
    #[cmd(perm = gm)]
    Settings {
        /// scenario (default) or session
        lasts: LogicLasts,
    },
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

/// A far range a PC asks to move to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum FarBand {
    /// Long range (a retreat).
    Long,
    /// Extreme range.
    Extreme,
}

/// A range the GM puts a combatant at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum RangeBand {
    /// Short range.
    Short,
    /// Long range.
    Long,
    /// Extreme range.
    Extreme,
}

/// What a Danger Sense Judge senses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum DangerKind {
    /// A trap.
    Trap,
    /// An ambush.
    Ambush,
    /// A secret.
    Secret,
    /// Anything else.
    Other,
}

/// The attribute a Danger Sense Judge uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum DangerStat {
    /// Awareness (the default).
    Awareness,
    /// Luck.
    Luck,
}

/// A retreat condition (§12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum RetreatCondition {
    /// The Fortress's Ruler is defeated.
    #[choice(value = "ruler_defeated")]
    RulerDefeated,
    /// The Fortress Core is broken.
    #[choice(value = "core_broken")]
    CoreBroken,
    /// The Ruler lets the party go.
    #[choice(value = "ruler_permits")]
    RulerPermits,
}
