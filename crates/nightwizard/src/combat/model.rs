//! The combat model (digest §10): combatants, enemies on the GM's table, the fight's fighters,
//! engagements and the attack in progress; bad-status bookkeeping and initiative order.

use super::{
    attack, movement, skills_use, BadStatus, BadStatuses, Deserialize, EnemyDef, Judge,
    NightWizard, Serialize, UserId,
};

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
    }
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
    pub defenders: Vec<attack::Defender>,
    /// Full Hit declared: the attack hits whatever the dice say (§10.9).
    #[serde(default)]
    pub full_hit: bool,
    /// The attacker's damage roll, made before the defence roll ([`Stage::Defence`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_roll: Option<Judge>,
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
    pub moves: movement::Moves,
    /// Skills in the fight: the Setup/Cleanup step, bad statuses paid as Costs, once-uses.
    #[serde(default)]
    pub skills: skills_use::RoundState,
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

/// Tie order for equal Counts (§10.3): Declared Enemies > PCs > Hidden Enemies > Mobs > NPCs.
pub fn rank(s: &NightWizard, w: &Who) -> u8 {
    match w {
        Who::Pc(_) => 1,
        Who::Enemy(l) => match s.enemies.iter().find(|e| &e.label == l) {
            Some(e) if e.ally => 4,
            Some(e) if e.hidden => 2,
            Some(e) if e.kind == "mob" => 3,
            Some(e) if e.kind == "extra" => 4,
            _ => 0,
        },
    }
}
