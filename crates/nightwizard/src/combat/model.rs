//! The combat model (digest §10): combatants, enemies on the GM's table, the fight's fighters,
//! engagements and the attack in progress; bad-status bookkeeping and initiative order.

use super::super::commands::Spend;
use super::super::data::{Grant, Modded, Per, Until};
use super::{BadStatus, BadStatuses, Deserialize, EnemyDef, Judge, Serialize, UserId};
use croupier_core::table::{refuse_said, Phrase, RuleError, Value};

/// Stat indexes (PACC, EVA, MACC, PATK, MATK, PDEF, MDEF, SPD).
pub(crate) const PACC: usize = 0;
pub(crate) const EVA: usize = 1;
pub(crate) const MACC: usize = 2;
pub(crate) const PATK: usize = 3;
pub(crate) const MATK: usize = 4;
pub(crate) const PDEF: usize = 5;
pub(crate) const MDEF: usize = 6;
pub(crate) const SPD: usize = 7;

/// A combatant: a PC (by player) or an enemy (by label).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub enum Who {
    /// A player's PC.
    Pc(UserId),
    /// An enemy's label.
    Enemy(String),
}

/// An enemy on the GM's table.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Enemy {
    /// Unique label (e.g. `Shade Swarm 2`).
    pub label: String,
    /// The data entry's name.
    pub name: String,
    /// mob, guest, boss or extra.
    pub kind: String,
    /// HP now.
    pub hp: i32,
    /// HP at full.
    pub hp_max: i32,
    /// MP now.
    pub mp: i32,
    /// PACC, EVA, MACC, PATK, MATK, PDEF, MDEF, SPD.
    pub stats: [i32; 8],
    /// Hidden from the players until revealed.
    pub hidden: bool,
    /// Bad statuses (name, rating).
    pub bad: BadStatuses,
    /// Its attack hits with MACC and damages with MATK against MDEF.
    pub magic: bool,
    /// Its attack reaches Short range (otherwise Close only).
    pub short: bool,
    /// A bad status its attack gives on a hit (name, rating).
    pub inflicts: Option<(BadStatus, u32)>,
    /// Attack text.
    pub attack: String,
    /// Dead (attacked while Incapacitated).
    pub dead: bool,
    /// Blockades its Engage: withdrawing from it takes an opposed SPD Judge.
    #[serde(default)]
    pub blockade: bool,
    /// An incomplete enemy (§13): only accuracy and attack; attacks against it hit
    /// automatically, with no Dodge Check or defence roll.
    #[serde(default)]
    pub incomplete: bool,
    /// A Guest on the PCs' side (§13), built like a PC and run by the GM.
    #[serde(default)]
    pub ally: bool,
    /// Identified by an Enemy Identify Judge: the party sees its data and its HP and MP.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub identified: bool,
    /// A Guest's build (its classes and CL), which its attack line names in the reader's
    /// language; `None` for an enemy from the data (and a Guest spawned before it was kept:
    /// its English `attack` is shown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub built: Option<GuestBuild>,
}

/// What a Guest built like a PC is built from (§13): the roster character's classes (ids) and CL.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct GuestBuild {
    /// Its two classes' ids.
    pub classes: [String; 2],
    /// Its CL.
    pub cl: u32,
}

/// Reads the attack text of the enemy data: `Magical` → magic, `Short`/`Area` → reaches
/// Short, `BS: Name (n)` → a bad status on a hit.
pub fn enemy_from(def: &EnemyDef, label: String, hidden: bool) -> Enemy {
    let t = &def.attack;
    let inflicts = t
        .split_once("BS:")
        .and_then(|(_, rest)| BadStatus::written(rest));
    Enemy {
        label,
        name: def.name.clone(),
        kind: def.kind.clone(),
        hp: def.hp,
        hp_max: def.hp,
        mp: def.mp,
        stats: def.stats,
        hidden,
        bad: BadStatuses::default(),
        magic: t.contains("Magical"),
        short: t.contains("Short") || t.contains("Area"),
        inflicts,
        attack: def.attack.clone(),
        dead: false,
        blockade: false,
        incomplete: false,
        ally: false,
        identified: false,
        built: None,
    }
}

/// A Recovery Judge's healing already applied, kept on its open Judge so that Prana spent on
/// the Judge afterwards (§4.2) changes the HP or MP it gave (§10.11).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Healing {
    /// Whose HP or MP.
    pub on: Who,
    /// MP (otherwise HP).
    pub mp: bool,
    /// The change the Judge made so far.
    pub applied: i32,
}

/// One combatant's place in the Round.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Fighter {
    /// Who.
    pub who: Who,
    /// Initiative Count this Round.
    pub count: i32,
    /// Post-action (acted, or Incapacitated).
    pub post: bool,
}

/// Actions used in the current Main Process.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Used {
    /// Move Action.
    pub moved: bool,
    /// Minor Action.
    pub minor: bool,
    /// Major Action.
    pub major: bool,
}

impl Used {
    /// Whether `what` may still take the Move Action (§10.4: Move, Minor, Major in that order,
    /// one of each per Main Process; a later action passes the earlier ones, so the fields say
    /// what is no longer open); the refusal names the rule that stops it.
    pub fn may_move(&self, what: impl Into<Value>) -> Result<(), RuleError> {
        self.may("move", what.into(), self.moved, false)
    }

    /// Whether `what` may still take the Minor Action (see [`Used::may_move`]).
    pub fn may_minor(&self, what: impl Into<Value>) -> Result<(), RuleError> {
        self.may("minor", what.into(), self.minor, true)
    }

    /// The Move (`action` `move`) or Minor Action (`minor`) refused when taken (`used`) or
    /// passed by a later one.
    fn may(
        &self,
        action: &str,
        what: Value,
        used: bool,
        minor_asked: bool,
    ) -> Result<(), RuleError> {
        match self.later(minor_asked) {
            Some(later) => refuse_said(
                Phrase::new("nw-sk-action-late")
                    .arg("action", action)
                    .arg("what", what)
                    .arg("later", later),
            ),
            None if used => refuse_said(
                Phrase::new("nw-sk-action-used")
                    .arg("action", action)
                    .arg("what", what),
            ),
            None => Ok(()),
        }
    }

    /// Whether the Major Action is still to come.
    pub fn may_major(&self) -> Result<(), RuleError> {
        if self.major {
            refuse_said(Phrase::new("nw-sk-major-taken"))
        } else {
            Ok(())
        }
    }

    /// The action taken that comes after the Move Action (`minor_asked`: after the Minor):
    /// `major` or `minor`.
    fn later(&self, minor_asked: bool) -> Option<&'static str> {
        if self.major {
            Some("major")
        } else if self.minor && !minor_asked {
            Some("minor")
        } else {
            None
        }
    }
}

/// Where an attack in progress stands.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum Stage {
    /// Hit Check rolled; the defender dodges next.
    Hit,
    /// Dodge Check rolled; the damage roll is next.
    Dodge,
    /// Damage rolled; apply it or Cover Up.
    Damage,
    /// The attacker's damage roll made, its Prana window open; the defence roll is next
    /// (§4.2: in an Opposed Judge the attacker spends Prana before the Defender rolls).
    Defence,
}

/// An attack in progress (steps 2–6 of §10.9).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Attack {
    /// Attacker.
    pub attacker: Who,
    /// Defender.
    pub target: Who,
    /// Magical (MACC/MATK vs MDEF).
    pub magic: bool,
    /// Stage.
    pub stage: Stage,
    /// Hit Check Judge as rolled (a PC's may take Prana in the open Judges).
    pub hit: Judge,
    /// Dodge Check Judge.
    pub dodge: Option<Judge>,
    /// HP Damage computed against the defender.
    pub damage: i32,
    /// Every Defender of an attack resolved by [`attack`] (several targets, an area, Full
    /// Hit/Dodge or an incomplete enemy); empty for a plain one-target attack.
    #[serde(default)]
    pub defenders: Vec<Defender>,
    /// Full Hit declared: the attack hits whatever the dice say (§10.9).
    #[serde(default)]
    pub full_hit: bool,
    /// The attacker's damage roll, made before the defence roll ([`Stage::Defence`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_roll: Option<Judge>,
    /// The item id of the weapon (or enchantment) a PC attacks with (§14.4: "An attack uses
    /// only one weapon"); none for an enemy, bare hands, or an attack declared before weapons
    /// were chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
}

/// A fight in progress.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Combat {
    /// Round number.
    pub round: u32,
    /// Everyone in the fight.
    pub fighters: Vec<Fighter>,
    /// Whose Main Process it is.
    pub current: Option<Who>,
    /// Tied for initiative, to choose (PCs choose their own order).
    pub candidates: Vec<Who>,
    /// Actions used by the current character.
    pub used: Used,
    /// Engages (each a group at Close range).
    pub engages: Vec<Vec<Who>>,
    /// An attack in progress.
    pub attack: Option<Attack>,
    /// Enemies' initiative with Any Seven (Count = SPD + 7).
    pub npc_any_seven: bool,
    /// Ranges, spots, routes, flight and retreats ([`movement`]).
    #[serde(default)]
    pub moves: Moves,
    /// Skills in the fight: the Setup/Cleanup step, bad statuses paid as Costs, once-uses.
    #[serde(default)]
    pub skills: RoundState,
    /// The one-target attack's damage roll and defence roll as they stand (a PC may spend
    /// Prana on theirs before the damage is applied, §4.2).
    #[serde(default)]
    pub damage_rolls: Option<(Judge, Judge)>,
    /// Attacks declared so far (part of each attack step's decision key).
    #[serde(default)]
    pub attack_seq: u32,
    /// The last Initiative Process of the Round is open: everyone is Post-action and
    /// Initiative Process skills may still be declared before the Cleanup Process.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closing: bool,
    /// No PC is standing, but these fell and may still Avoid Incapacitated (§4.2 use 6, "when
    /// you become Incapacitated"): the fight waits for them, or for the GM to end it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_stand: Vec<Who>,
    /// Enemy Identify Judges that fell short and may still take Prana: (player, enemy label).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub identifying: Vec<(UserId, String)>,
    /// Main Processes ended so far: with the Round it names the instance of a Reaction or an
    /// Auto Action outside an attack (§15.3; `combat::effects::timing_instance`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mains: u32,
}

/// The Initiative Count from a SPD Judge: a Fumble that would make it 0 or less sets it to 2;
/// otherwise no effect lowers it below 1 (§10.1).
pub fn initiative_count(j: &Judge) -> i32 {
    let o = j.outcome();
    if o.fumble && j.alter - 10 <= 0 {
        2
    } else {
        o.result.max(1)
    }
}

/// One Defender of an attack resolved here.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Defender {
    /// Who.
    pub who: Who,
    /// Its Dodge Check, once rolled.
    pub dodge: Option<Judge>,
    /// It has reacted (rolled its Dodge Check, or needs none).
    pub reacted: bool,
    /// Full Dodge declared (a skill effect): it dodges whatever the dice say.
    pub full_dodge: bool,
    /// An incomplete enemy: hit automatically, no Dodge Check, no defence roll (§13).
    pub auto: bool,
    /// Hit (decided at the damage roll).
    pub hit: bool,
    /// HP Damage computed against it.
    pub damage: i32,
    /// Who Covers Up for it (§10.13).
    pub covered_by: Option<Who>,
    /// Its defence roll against the damage, as it stands (a PC may spend Prana on it).
    #[serde(default)]
    pub defence: Option<Judge>,
}

impl Defender {
    pub(crate) fn new(who: Who, auto: bool) -> Defender {
        Defender {
            who,
            dodge: None,
            reacted: auto,
            full_dodge: false,
            auto,
            hit: false,
            damage: 0,
            covered_by: None,
            defence: None,
        }
    }
}

/// A range band between two characters (§10.6).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum Band {
    /// In the same Engage.
    Close,
    /// Not in the same Engage (the default between Engages).
    Short,
    /// Present but too far to interact: only Range: Long reaches it. Moving there is a retreat.
    Long,
    /// Outside the fight: nothing reaches it.
    Extreme,
}

impl Band {
    /// The band's name (`Long range`).
    pub fn name(self) -> &'static str {
        match self {
            Band::Close => "Close range",
            Band::Short => "Short range",
            Band::Long => "Long range",
            Band::Extreme => "Extreme range",
        }
    }

    /// The band's name in the catalogue's words ([`Band::name`]'s English).
    pub fn said(self) -> Value {
        Phrase::new("nw-sk-band")
            .arg(
                "band",
                match self {
                    Band::Close => "close",
                    Band::Short => "short",
                    Band::Long => "long",
                    Band::Extreme => "extreme",
                },
            )
            .into()
    }
}

/// A Complex Movement on its way.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Route {
    /// Who moves.
    pub who: Who,
    /// The destination.
    pub spot: String,
    /// Move Actions spent so far.
    pub done: u32,
    /// Move Actions it needs.
    pub needed: u32,
}

/// A request to move to Long or Extreme range, awaiting the GM.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Request {
    /// Who asks.
    pub who: Who,
    /// Long or Extreme.
    pub band: Band,
    /// Where to.
    pub spot: String,
}

/// Movement state of a fight (part of [`Combat`]).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Moves {
    /// Characters at Long or Extreme range: out of the initiative order (retreated).
    #[serde(default)]
    pub far: Vec<(Who, Band)>,
    /// The narrative spot each character last reached.
    #[serde(default)]
    pub spots: Vec<(Who, String)>,
    /// Complex Movements on their way.
    #[serde(default)]
    pub routes: Vec<Route>,
    /// The GM's distances: spot (lowercase) → Move Actions needed.
    #[serde(default)]
    pub distances: Vec<(String, u32)>,
    /// Flying characters.
    #[serde(default)]
    pub flying: Vec<Who>,
    /// A move to Long or Extreme range awaiting the GM's permission.
    #[serde(default)]
    pub request: Option<Request>,
    /// The last Round in which a Main Process ended: until one does, the Round is still in
    /// its Setup Process for Appearance Checks and Lunar Robe swaps.
    #[serde(default)]
    pub acted_round: u32,
    /// Appearance Checks tried: (who, Round).
    #[serde(default)]
    pub tries: Vec<(Who, u32)>,
    /// Brooms ridden (§14.8): each with its Driver and Passengers, all of them Flying.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rides: Vec<Ride>,
}

/// A Broom in the air (§14.8): the first rider drives; Passengers move with the Driver.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Ride {
    /// The Driver (one per Broom), whose Broom it is.
    pub driver: Who,
    /// The Passengers.
    #[serde(default)]
    pub passengers: Vec<Who>,
}

/// Movement actions.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum MoveAction {
    /// Move toward a spot (an Interval move, Complex when it needs several Move Actions), or
    /// ask to move to Long or Extreme range.
    To {
        /// The destination.
        spot: String,
        /// What pays (default: the next unused action).
        with: Option<Spend>,
        /// Long or Extreme: needs the GM's permission.
        band: Option<Band>,
    },
    /// GM: how many Move Actions a spot needs.
    Distance {
        /// The spot.
        spot: String,
        /// Move Actions.
        steps: u32,
    },
    /// Lunar Robe flight (Minor Action, 1D MP), or landing (Auto Action).
    Fly {
        /// Land instead.
        land: bool,
        /// GM: which enemy.
        who: Option<String>,
    },
    /// A latecomer's Appearance Check (Setup Process).
    Appear,
    /// Mount a Broom (Minor Action, §14.8): one's own as its Driver, or another's as a
    /// Passenger (`with`: its Driver).
    Mount {
        /// The Driver whose Broom to board.
        with: Option<String>,
    },
    /// Get off a Broom: a Passenger with a Minor Action; the Driver lands (an Auto Action),
    /// setting everyone down.
    Dismount,
    /// GM: put a combatant at a band (approves or denies a pending request).
    Place {
        /// PC name or enemy label.
        who: String,
        /// Short, Long or Extreme.
        band: Band,
    },
}

/// A bad status paid as a Cost in its payer's Main Process, landing when it ends (§10.4).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PendingBad {
    /// Who pays.
    pub who: Who,
    /// The status.
    pub name: BadStatus,
    /// Rating (0 = unrated).
    pub rating: u32,
    /// The skill it paid for.
    pub from: String,
    /// Its Japanese name, if the data has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_ja: Option<String>,
}

/// One declaration of a skill limited to once per instance of its timing.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Mark {
    /// Who used it.
    pub who: Who,
    /// Skill id or `item:<id>`.
    pub what: String,
    /// Which instance of the timing (`setup 2`, `cleanup 2`, `init 2 3`, `prep`).
    pub instance: String,
}

/// The Setup step or the Cleanup step waiting for PCs with skills of that Timing.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Window {
    /// The Cleanup step (otherwise the Setup step).
    pub cleanup: bool,
    /// The Prep step of Round 1, before its Setup step: Prep skills in Speed order (§15.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub prep: bool,
    /// Who may still use a skill, in Count order; the first one goes now.
    pub queue: Vec<Who>,
}

impl Window {
    /// The step, as every message that announces it or its turn names it (`nw-sk-step`'s
    /// id): `prep`, `setup` or `cleanup`.
    pub fn step(&self) -> &'static str {
        if self.prep {
            "prep"
        } else if self.cleanup {
            "cleanup"
        } else {
            "setup"
        }
    }
}

/// Skill state of the current fight.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct RoundState {
    /// An open Setup or Cleanup step.
    #[serde(default)]
    pub window: Option<Window>,
    /// Bad statuses paid as Costs, landing when the payer's Main Process ends.
    #[serde(default)]
    pub pending: Vec<PendingBad>,
    /// Once-per-instance declarations made.
    #[serde(default)]
    pub marks: Vec<Mark>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

pub const MAX_DEFENDERS: usize = 12;

/// What an effect in force does, its numbers worked out when it was declared.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Held {
    /// +n to a stat or a kind of Judge.
    Modifier {
        /// What it changes.
        on: Modded,
        /// By how much.
        n: i32,
    },
    /// HP Damage −n.
    ReduceDamage {
        /// By how much.
        n: i32,
    },
    /// A rule lifted (used up by its first use).
    Grant {
        /// Which.
        grant: Grant,
    },
    /// `stat` rolled in place of what `instead_of` names (§15.4 Substitution).
    Substitute {
        /// The stat rolled instead.
        stat: Modded,
        /// The stat or kind of Judge it replaces.
        instead_of: Modded,
    },
    /// More Critical values, or the Critical value lowered (§3.3).
    Critical {
        /// Totals that are Criticals too.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        values: Vec<u32>,
        /// The roller's Critical value lowered by this much.
        #[serde(default, skip_serializing_if = "is_zero")]
        lower: u32,
        /// The Judges it applies to (none: every combat Judge).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Modded>,
    },
    /// The holder's attacks give this bad status on a hit (an attack skill's, §10.9 step 6).
    Inflicts {
        /// The bad status's name.
        status: String,
        /// Its rating.
        #[serde(default)]
        rating: u32,
    },
}

/// A declared skill's or item's effect in force on a character (issue #36), until its
/// duration ends or the GM ends it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct InForce {
    /// Its number on the tracker (`/nwcombat end-effect number:`).
    pub id: u32,
    /// Who it is on.
    pub on: Who,
    /// The skill or item's name.
    pub from: String,
    /// Its Japanese name, if the data has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_ja: Option<String>,
    /// What it does.
    pub what: Held,
    /// How long.
    pub until: Until,
    /// The Episode and Scene it was declared in (a Scene effect ends with them).
    pub scene: (u32, u32),
}

impl InForce {
    /// The skill or item's name in the reader's language.
    pub fn from_said(&self) -> croupier_core::table::Value {
        croupier_core::table::said::data(&self.from, self.from_ja.as_deref())
    }
}

/// A skill limited to once per Scene or Scenario, used.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OnceUsed {
    /// Who used it.
    pub who: Who,
    /// The skill's id.
    pub what: String,
    /// Per Scene or Scenario.
    pub per: Per,
    /// The Episode and Scene it was used in.
    pub at: (u32, u32),
}

/// Skill and item effects of a session: those in force and the once-per limits used.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Effects {
    /// In force now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_force: Vec<InForce>,
    /// The last number given to one.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seq: u32,
    /// Once-per uses made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub once: Vec<OnceUsed>,
    /// Reaction, Auto Action, Before/After Judge and Damage Roll skills declared in the
    /// instance of their Timing that is still going on (§15.3: "A skill can be used once per
    /// instance of its timing"; `combat::effects::timing_instance`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
}

impl Effects {
    /// Nothing in force and nothing used: not written to the stored state.
    pub fn is_empty(&self) -> bool {
        self.in_force.is_empty() && self.once.is_empty() && self.seq == 0 && self.marks.is_empty()
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
