//! The commands of play at the GM's table: combat (`/nwcombat`), enemies (`/nwenemy`),
//! Fortresses (`/nwfortress`) and the Lunar Casket (`/nwcasket`), with their choice lists.

use super::super::casket::LogicLasts;
use super::super::fortress::model::EntryCost;
use super::super::fortress::{AreaKind, GateKind};
use serde::{Deserialize, Serialize};

use croupier_core::table::{Choices, Commands};

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
        /// The weapon you attack with, when you hold two (default: the best that reaches)
        with: Option<String>,
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
        // `combat::movement::go` names a spot in 1 to 60 characters.
        #[opt(max_length = 60)]
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
    /// Mount your equipped Broom, or ride on another's as a Passenger (Minor Action)
    Mount {
        /// Ride as a Passenger of this Driver
        with: Option<String>,
    },
    /// Get off a Broom (a Passenger: Minor Action; the Driver lands everyone, Auto Action)
    Dismount,
    /// Put a combatant at Short, Long or Extreme range; approves a request (GM)
    #[cmd(perm = gm)]
    Range {
        /// PC name or enemy label
        who: String,
        /// short, long or extreme
        band: RangeBand,
    },
    /// A Recovery Judge: 2D + Recovery healed (below 0: lost)
    #[cmd(perm = player)]
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
    #[cmd(perm = player)]
    Use {
        /// Skill name or id
        skill: Option<String>,
        /// Item name or id
        item: Option<String>,
        /// PC name or enemy label
        target: Option<String>,
        /// Several targets, comma-separated (Target: 2X, Area (P))
        targets: Option<String>,
        /// GM: the enemy using it
        who: Option<String>,
        /// An attack skill: the weapon it attacks with (default: one its Restrict allows)
        with: Option<String>,
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
    /// End a skill's or item's effect in force early (GM; a player: one on their own PC)
    #[cmd(perm = player, name = "end-effect")]
    EndEffect {
        /// Its number on the tracker (`#2`)
        #[opt(min = 1)]
        number: u32,
    },
}

/// Night Wizard enemies: data, spawning, reveals (GM); the Enemy Identify Judge
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "enemy")]
pub enum EnemyCommand {
    /// List enemy data (GM)
    #[cmd(guild)]
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
    /// Enemy Identify Judge: Knowledge, a Major Action; success shows the party its data
    Identify {
        /// The enemy
        target: String,
    },
    /// Reveal a hidden enemy (GM)
    #[cmd(perm = gm)]
    Reveal {
        /// Its label
        label: String,
    },
    /// Set an enemy's or a Guest's HP, MP or bad statuses (GM)
    #[cmd(perm = gm)]
    Set {
        /// Its label
        #[opt(autocomplete)]
        label: String,
        /// Current HP (at most its maximum)
        #[opt(min = 0, max = 99_999)]
        hp: Option<i64>,
        /// Current MP
        #[opt(min = 0, max = 99_999)]
        mp: Option<i64>,
        /// Add a bad status, e.g. dazed or poison:3; `clear` clears
        status: Option<String>,
    },
    /// Take an enemy or a Guest off the table, outside a fight (GM)
    #[cmd(perm = gm)]
    Remove {
        /// Its label
        #[opt(autocomplete)]
        label: String,
    },
    /// How much HP a boss should have for this party and a fight of so many Rounds (GM)
    #[cmd(view, perm = gm)]
    Boss {
        /// The enemy's label on the table, or its name in the data
        #[opt(autocomplete)]
        name: String,
        /// How many Rounds the fight should last (default 3)
        #[opt(min = 1, max = 20)]
        rounds: Option<u32>,
    },
    /// Add a note only the GM sees (GM)
    #[cmd(perm = gm)]
    Note {
        /// The note
        #[opt(modal)]
        text: String,
    },
    /// Add an enemy for this server (GM)
    #[cmd(guild)]
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
        /// Entrance: each PC who enters pays this (with amount:)
        cost: Option<EntryCost>,
        /// Entrance: how much each PC pays
        #[opt(min = 1, max = 99)]
        amount: Option<u32>,
        /// Entrance: an item someone in the party must carry (e.g. a door key)
        key: Option<String>,
        /// Entrance: a keyword the Dive must say (never shown to players)
        keyword: Option<String>,
        /// Object Area: its Object is an Emulator Space (enemies +3 to all their rolls)
        emulator_space: Option<bool>,
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
    Dive {
        /// The Entrance's keyword, if it asks one
        keyword: Option<String>,
    },
    /// The Area Map and the party's position
    Show,
    /// Move the party through a Gate
    Move {
        /// The next Area
        to: String,
    },
    /// Appearance Check: join the party's Scene (Luck)
    #[cmd(perm = player)]
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
        /// Each player rolls it (default: the bot rolls for every PC in the Scene)
        by_hand: Option<bool>,
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
    #[cmd(perm = player)]
    Deploy {
        /// GM: the Ruler (default: the Emulator)
        ruler: Option<String>,
        /// GM: it outlasts its Scene
        persist: Option<bool>,
        /// GM: a hidden Casket raises no Crimson Moon; players are not told it is up
        hidden: Option<bool>,
    },
    /// Reveal a hidden Casket: the Crimson Moon rises (GM)
    #[cmd(perm = gm)]
    Reveal,
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
/// Which action pays for a step of movement (§10.6 Complex Movement).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Choices)]
pub enum Spend {
    /// The Move Action: 1 Move Action.
    Move,
    /// The Minor Action stands in for 1 Move Action.
    Minor,
    /// The Major Action stands in for 3 and ends the Main Process.
    Major,
}

impl Spend {
    /// Move Actions it gives.
    pub fn steps(self) -> u32 {
        match self {
            Spend::Move | Spend::Minor => 1,
            Spend::Major => 3,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Spend::Move => "Move Action",
            Spend::Minor => "Minor Action for 1 Move Action",
            Spend::Major => "Major Action for 3 Move Actions",
        }
    }
}
