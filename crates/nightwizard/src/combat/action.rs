//! The combat and GM-table actions as logged.

use super::{model, Deserialize, Serialize};

/// Combat and GM-table actions.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum CombatAction {
    /// Spawn an enemy from the data.
    Spawn {
        /// Enemy data name or id.
        name: String,
        /// Label.
        label: Option<String>,
        /// Hidden.
        hidden: bool,
        /// HP set on the spot (default: the data's).
        #[serde(default)]
        hp: Option<i32>,
    },
    /// Reveal a hidden enemy.
    Reveal(String),
    /// Take an enemy (or a Guest) off the table, outside a fight.
    Remove(String),
    /// The GM sets an enemy's (or a Guest's) HP, MP or bad statuses.
    SetEnemy {
        /// Its label.
        label: String,
        /// HP.
        hp: Option<i32>,
        /// MP.
        mp: Option<i32>,
        /// Bad status to add (`clear` clears).
        status: Option<String>,
    },
    /// A GM-only note.
    Note(String),
    /// Start combat. (`Start`: as logged before the Initiative Process window after the last
    /// Main Process, §10.3; such a log replays under today's round rules.)
    #[serde(alias = "Start")]
    Open {
        /// Enemies use Any Seven for initiative.
        any_seven: bool,
        /// Started since Prana works on every Judge (absent in older logs, which replay as
        /// they were played): turns [`NightWizard::prana_windows`] on for the session.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        windows: bool,
    },
    /// End combat.
    End,
    /// GM puts two combatants in the same Engage.
    Engage(String, String),
    /// Claim a tied turn.
    Go(Option<String>),
    /// Move Action: invade (engage) a target.
    Invade(String),
    /// Move (+ Minor) Action: withdraw from the Engage.
    Withdraw,
    /// Minor Action (clears Pressure).
    Minor,
    /// GM: an enemy starts (or stops) blockading its Engage.
    Blockade(String),
    /// Major Action: attack.
    Attack {
        /// Target.
        target: String,
        /// Magical attack (PCs).
        magic: bool,
        /// The weapon it is made with (§14.4; default: [`super::attack::arms`] chooses).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// The defender's Dodge Check.
    Dodge,
    /// Hit compared, then the damage roll, its Prana window, and only then the defence roll
    /// (`/nwcombat damage` twice when the attacker is a PC). (`Damage`: as logged before the
    /// damage roll got its own Prana window, §4.2; such a log replays under today's rule.)
    #[serde(alias = "Damage")]
    RollDamage,
    /// HP Damage applied to the target.
    ApplyDamage,
    /// Cover Up for the target (GM names the enemy).
    CoverUp(Option<String>),
    /// End the Main Process without a Major Action.
    Pass,
    /// An Enemy Identify Judge on this enemy ([`super::identify`]).
    Identify(String),
    /// Movement, ranges, flight, retreat and Appearance Checks ([`movement`]).
    Move(model::MoveAction),

    /// A Recovery Judge on a target's HP or MP (§10.11).
    Heal {
        /// Target.
        target: String,
        /// Recovery value.
        recovery: i32,
        /// Heal MP instead of HP.
        mp: bool,
        /// GM: the enemy making the Judge.
        who: Option<String>,
        /// Made since Prana works on every Judge (absent in older logs): turns
        /// [`NightWizard::prana_windows`] on, as [`CombatAction::Open`] does.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        windows: bool,
    },
    /// Use a skill or an item (§15.3).
    Use {
        /// Skill name or id.
        skill: Option<String>,
        /// Item name or id.
        item: Option<String>,
        /// Target.
        target: Option<String>,
        /// GM: the enemy using it.
        who: Option<String>,
        /// The weapon an attack skill attacks with.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// No (more) skills in the open Setup/Cleanup step (GM: for whom).
    Skip(Option<String>),
    /// GM: end a bad status (or `all`) on a character.
    Cure {
        /// Target.
        target: String,
        /// Bad status name or `all`.
        status: String,
    },
    /// End an effect in force early (its number on the tracker).
    EndEffect(u32),
    /// Hand an item to another PC (§10.4: a Major Action in a fight).
    Give {
        /// The item (name or id).
        item: String,
        /// The PC who takes it.
        to: String,
    },
    /// Attack several targets or an Engage with one Hit Check, or declare Full Hit.
    AttackMany {
        /// Targets named.
        targets: Vec<String>,
        /// Every combatant in the first target's Engage.
        area: bool,
        /// Magical attack.
        magic: bool,
        /// Full Hit declared.
        full_hit: bool,
        /// The weapon it is made with.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// A Dodge Check naming the Defender and/or declaring Full Dodge.
    DodgeAs {
        /// Which Defender (default: the actor's own).
        who: Option<String>,
        /// Full Dodge declared.
        full: bool,
    },
    /// Cover Up naming the character covered.
    CoverFor {
        /// The coverer (GM: an NPC; a player: their PC).
        who: Option<String>,
        /// The Defender covered.
        target: String,
    },
    /// Spawn an incomplete enemy from the data.
    SpawnIncomplete {
        /// Enemy data name or id.
        name: String,
        /// Label.
        label: Option<String>,
        /// Hidden.
        hidden: bool,
        /// HP set on the spot.
        hp: Option<i32>,
    },
    /// Spawn a Guest built like a PC from a roster character (a snapshot taken in `parse`).
    SpawnGuest {
        /// The character.
        character: Box<super::super::character::Character>,
        /// Chat additions at the time.
        custom: Box<super::super::character::Custom>,
        /// Label.
        label: Option<String>,
        /// Hidden.
        hidden: bool,
    },
}
