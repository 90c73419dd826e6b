//! The Fortress as data (§12): Areas, Gates, traps, the Dive, the Fortress actions, and the
//! map drawn from them. No rules that need the session live here.

use serde::{Deserialize, Serialize};

use super::super::casket::{Casket, CasketAction, LogicLasts, Shaken};
use super::super::judge::Judge;
use croupier_core::i18n::Locale;
use croupier_core::table::{Choices, Phrase, UserId, Value};

/// Base Difficulty of an Appearance Check in a Fortress Area (§12.6, rebuilt from "3 gates → 14").
pub const APPEAR_BASE: i32 = 8;
/// Difficulty added per Gate between the Entrance and the current Area (§12.6).
pub const APPEAR_PER_GATE: i32 = 2;
/// Danger Sense Difficulty to reveal a Secret Gate with no event prepared (§12.5).
pub const SECRET_GATE_SENSE: i32 = 15;
/// Danger Sense Difficulty when nothing else applies (§12.9).
pub const DANGER_DEFAULT: i32 = 12;
/// Added to an ambushing NPC's Perception for the Danger Sense Difficulty (§12.9).
pub const AMBUSH_PLUS: i32 = 7;
/// What an Emulator Space ("Shinma Kuukan"), an Object of an Object Area, gives the enemies:
/// "a flat +3 bonus to all of their rolls" (§12.4).
pub const EMULATOR_SPACE_BONUS: i32 = 3;

/// Appearance Check bonus with a Connection to someone in the Scene (§9.3).
pub const CONNECTION_BONUS: i32 = 3;

/// What an Entrance's cost is paid in (§12.2: "an adequate cost (HP, MP, and Prana)").
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Choices)]
pub enum EntryCost {
    /// Hit Points (never below 1, §10.10).
    Hp,
    /// Magic Points.
    Mp,
    /// Prana.
    Prana,
}

impl EntryCost {
    /// The name in text.
    pub fn name(self) -> &'static str {
        match self {
            EntryCost::Hp => "HP",
            EntryCost::Mp => "MP",
            EntryCost::Prana => "Prana",
        }
    }

    /// The name in the catalogue's words (`nw-entry-cost`).
    pub fn said(self) -> Value {
        Phrase::new("nw-entry-cost")
            .arg("cost", self.name().to_ascii_lowercase())
            .into()
    }
}

/// What the Entrance asks before the party may go in (§12.2: "special conditions ... an
/// adequate cost (HP, MP, and Prana), a keyword, or an item (like a door key)"); anything
/// else the Episode Rules ask is the GM's narration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct Entry {
    /// What each PC who enters pays, and how much.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<(EntryCost, u32)>,
    /// An item someone in the party carries (its id or name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// A keyword said with the Dive (the GM's; never shown to the players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyword: Option<String>,
}

impl Entry {
    /// Nothing asked.
    pub fn is_none(&self) -> bool {
        *self == Entry::default()
    }
}

/// Area types (§12.4).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Choices)]
pub enum AreaKind {
    /// No set event.
    Normal,
    /// An Object may be found.
    Object,
    /// A trap that must be beaten to go on.
    Trap,
    /// A set event; once cleared it becomes a Normal Area.
    Event,
    /// Enemies: Round Progression starts.
    Enemy,
    /// Holds the Fortress Core.
    #[choice(aliases("fortress core", "fortress_core"))]
    Core,
    /// The way in.
    Entrance,
}

impl AreaKind {
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            AreaKind::Normal => "Normal Area",
            AreaKind::Object => "Object Area",
            AreaKind::Trap => "Trap Area",
            AreaKind::Event => "Event Area",
            AreaKind::Enemy => "Enemy Area",
            AreaKind::Core => "Fortress Core",
            AreaKind::Entrance => "Entrance",
        }
    }

    /// The name in the catalogue's words (`nw-area-kind`).
    pub fn said(self) -> Value {
        let key = match self {
            AreaKind::Normal => "normal",
            AreaKind::Object => "object",
            AreaKind::Trap => "trap",
            AreaKind::Event => "event",
            AreaKind::Enemy => "enemy",
            AreaKind::Core => "core",
            AreaKind::Entrance => "entrance",
        };
        Phrase::new("nw-area-kind").arg("kind", key).into()
    }
}

/// Gate types (§12.5).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Choices)]
pub enum GateKind {
    /// Both ways, no special rule.
    Normal,
    /// From → to only.
    #[choice(aliases("one-way", "one_way", "one way"))]
    OneWay,
    /// Hidden until the Area's event is cleared or a Danger Sense Judge (15) reveals it.
    Secret,
    /// Closed until an event opens it.
    Closed,
    /// Broken; the GM may allow a number of uses first.
    Damaged,
}

/// Where a trap stands.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum TrapState {
    /// Not beaten yet.
    Armed,
    /// Disarmed by a Removal Judge.
    Removed,
    /// Went off (spent unless the GM resets it).
    Spent,
}

/// A trap in a Trap Area (§12.8).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Trap {
    /// Identification Difficulty (Awareness). Only the GM sees it.
    pub detection: i32,
    /// Removal Difficulty (Finesse).
    pub removal: i32,
    /// What it does when it goes off (the GM's text).
    pub effect: String,
    /// HP damage dice when it goes off, if any.
    pub damage: Option<String>,
    /// State.
    pub state: TrapState,
    /// PCs who identified it (they may remove it).
    pub identified: Vec<UserId>,
    /// PCs who failed to identify it.
    pub failed: Vec<UserId>,
}

/// An Area (1 Area = 1 Scene, §12.3).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Area {
    /// Unique name.
    pub name: String,
    /// Type.
    pub kind: AreaKind,
    /// What the GM reads out on entering.
    pub desc: String,
    /// The trap (Trap Areas).
    pub trap: Option<Trap>,
    /// The Area's event is cleared.
    pub cleared: bool,
    /// The Entrance serves as an exit (designated when building).
    pub exit: bool,
    /// What the Entrance asks (§12.2).
    #[serde(default, skip_serializing_if = "Entry::is_none")]
    pub entry: Entry,
    /// An Object Area whose Object is an Emulator Space ("Shinma Kuukan", §12.4): enemies
    /// add [`EMULATOR_SPACE_BONUS`] to all their rolls while the party is in it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub emulator_space: bool,
}

/// A Gate between two Areas.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Gate {
    /// From (index into the Areas).
    pub from: usize,
    /// To (index into the Areas).
    pub to: usize,
    /// Type.
    pub kind: GateKind,
    /// Damaged Gates: uses left before it breaks (None: already broken).
    pub uses: Option<u32>,
    /// Secret Gates: discovered.
    pub revealed: bool,
    /// Closed Gates: opened.
    pub open: bool,
}

impl Gate {
    pub(crate) fn joins(&self, a: usize, b: usize) -> bool {
        (self.from == a && self.to == b) || (self.from == b && self.to == a)
    }

    /// Whether the party may pass from `a` to `b` now, or why not.
    /// (`Err`: why not, as `nw-gate-impassable`'s `$why`: secret, one-way, closed or damaged.)
    pub(crate) fn passable(&self, a: usize, b: usize) -> Result<(), &'static str> {
        if self.kind == GateKind::Secret && !self.revealed {
            return Err("secret");
        }
        if self.kind == GateKind::OneWay && !(self.from == a && self.to == b) {
            return Err("one-way");
        }
        if self.kind == GateKind::Closed && !self.open {
            return Err("closed");
        }
        if self.kind == GateKind::Damaged && self.uses.unwrap_or(0) == 0 {
            return Err("damaged");
        }
        Ok(())
    }

    /// Shown to players: not an undiscovered Secret Gate.
    pub(crate) fn public(&self) -> bool {
        self.kind != GateKind::Secret || self.revealed
    }
}

/// A Danger Sense call from the GM (§12.9).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Danger {
    /// trap, ambush, secret or other.
    pub kind: String,
    /// Hidden Difficulty.
    pub difficulty: i32,
    /// awareness or luck.
    pub stat: String,
    /// Rolled secretly (roller and GM only).
    pub secret: bool,
    /// PCs who rolled.
    pub rolled: Vec<UserId>,
}

/// The party's Dive (§12.1).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Dive {
    /// The current Area.
    pub at: usize,
    /// The Area the party came from.
    pub came_from: Option<usize>,
    /// PCs inside the Fortress (in the current Scene).
    pub inside: Vec<UserId>,
    /// The Ruler is defeated.
    pub ruler_defeated: bool,
    /// The Fortress Core is broken.
    pub core_broken: bool,
    /// The Ruler permits a retreat.
    pub ruler_permits: bool,
    /// The GM's Danger Sense call in this Area.
    pub danger: Option<Danger>,
    /// Enemies hold the current Area (an Enemy Area entered and not yet fought or cleared):
    /// Round Progression starts there (§12.4), so the party cannot walk on or back out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub held: bool,
}

/// A Fortress.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct Fortress {
    /// Areas.
    pub areas: Vec<Area>,
    /// Gates.
    pub gates: Vec<Gate>,
    /// The Dive in progress.
    pub dive: Option<Dive>,
}

/// What a Fortress Judge was for.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum Check {
    /// Trap Identification (Awareness vs Detection Value).
    Identify,
    /// Trap Removal (Finesse vs Removal Value).
    Remove,
    /// Appearance Check (Luck vs 8 + 2 per Gate).
    Appear,
    /// Danger Sense (Awareness or Luck, hidden Difficulty).
    Sense,
}

impl Check {
    pub(crate) fn label(self) -> &'static str {
        match self {
            Check::Identify => "Trap Identification",
            Check::Remove => "Trap Removal",
            Check::Appear => "Appearance Check",
            Check::Sense => "Danger Sense",
        }
    }
}

/// A failed Fortress Judge waiting for Prana and `/nwfortress resolve`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Pending {
    /// Roller.
    pub user: UserId,
    /// Kind.
    pub check: Check,
    /// Difficulty.
    pub difficulty: i32,
    /// The Judge as it stands (synced with the open Judge after Prana).
    pub judge: Judge,
    /// Rolled secretly.
    pub secret: bool,
}

/// Fortress and Lunar Casket state of a session.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct FortressState {
    /// The GM's Fortress.
    pub fortress: Option<Fortress>,
    /// Episode in which a Dive started (the Casket stays up through its Climax).
    pub dive_episode: Option<u32>,
    /// Failed Judges awaiting settlement.
    pub pending: Vec<Pending>,
    /// The Lunar Casket in place.
    pub casket: Option<Casket>,
    /// How long an ignored Lunar Logic stays ignored.
    pub logic_lasts: LogicLasts,
    /// Logics shaken off with Prana, with the real-life session number.
    pub shaken: Vec<Shaken>,
}

/// Fortress and Casket actions.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum FortressAction {
    /// GM: add an Area (or change it).
    Area {
        /// Name.
        name: String,
        /// Type.
        kind: AreaKind,
        /// Description.
        desc: String,
        /// Entrance: serves as the exit.
        exit: bool,
        /// Entrance: what it asks (absent in logs written before).
        #[serde(default, skip_serializing_if = "Entry::is_none")]
        entry: Entry,
        /// Object Area: its Object is an Emulator Space (absent in logs written before).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        emulator_space: bool,
    },
    /// GM: join two Areas.
    Gate {
        /// From.
        from: String,
        /// To.
        to: String,
        /// Type.
        kind: GateKind,
        /// Damaged Gates: uses allowed.
        uses: Option<u32>,
    },
    /// GM: put (or reset) a trap in a Trap Area.
    Trap {
        /// Area.
        area: String,
        /// Detection Value.
        detection: i32,
        /// Removal Value.
        removal: i32,
        /// Effect text.
        effect: String,
        /// HP damage dice.
        damage: Option<String>,
    },
    /// GM: the party enters at the Entrance.
    Dive,
    /// GM: the party enters at the Entrance, saying its keyword.
    DiveSaying(String),
    /// The map.
    Show,
    /// Move through a Gate.
    Move(String),
    /// Appearance Check of a PC not inside.
    Appear {
        /// A Connection to someone in the Scene (+3).
        connection: bool,
    },
    /// Trap Identification Judge.
    Identify,
    /// Trap Removal Judge.
    Remove,
    /// Settle a failed Judge after Prana.
    Resolve,
    /// GM: call a Danger Sense Judge.
    Danger {
        /// trap, ambush, secret or other.
        kind: String,
        /// An ambusher's Perception.
        perception: Option<i32>,
        /// Difficulty override.
        difficulty: Option<i32>,
        /// awareness or luck.
        stat: String,
        /// Secret.
        secret: bool,
        /// The bot rolls it for every PC who has appeared (§12.9: it is passive); absent in
        /// logs written before, which left it to each player.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        passive: bool,
    },
    /// Roll the called Danger Sense Judge.
    Sense,
    /// GM: an Area's event is cleared.
    Cleared(Option<String>),
    /// GM: open a Closed Gate or reveal a Secret Gate (number on the GM's map).
    Open(usize),
    /// GM: a retreat condition holds.
    Condition(String),
    /// Leave the Fortress.
    Leave,
    /// GM: discard the Fortress.
    Scrap,
    /// The Lunar Casket.
    Casket(CasketAction),
}

impl Fortress {
    pub(crate) fn area(&self, name: &str) -> Option<usize> {
        let n = name.trim();
        self.areas
            .iter()
            .position(|a| a.name.eq_ignore_ascii_case(n))
    }

    pub(crate) fn entrance(&self) -> Option<usize> {
        self.areas.iter().position(|a| a.kind == AreaKind::Entrance)
    }

    /// Gates on the shortest route from the Entrance to `to` (all Gates, either direction).
    pub fn gates_from_entrance(&self, to: usize) -> Option<i32> {
        let start = self.entrance()?;
        let mut dist = vec![None; self.areas.len()];
        dist[start] = Some(0);
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(a) = queue.pop_front() {
            let d = dist[a].unwrap_or(0);
            for g in &self.gates {
                let next = if g.from == a {
                    g.to
                } else if g.to == a {
                    g.from
                } else {
                    continue;
                };
                if dist[next].is_none() {
                    dist[next] = Some(d + 1);
                    queue.push_back(next);
                }
            }
        }
        dist.get(to).copied().flatten()
    }

    /// The map as text; the GM's view adds Secret Gates, trap details and gate numbers.
    pub fn map(&self, gm: bool) -> String {
        self.map_for(gm, gm)
    }

    /// An Area's kind is stated when the party enters it (§12.4), so the players' map names
    /// it only for what the Fortress records the party has seen: the Entrance (the way in), the
    /// Area the party is in and the one it came from, Areas whose event is cleared and traps that
    /// went off or were removed. Every kind when the GM shows them (`kinds`, the setting
    /// `/nw settings map_kinds:true`).
    pub fn kind_known(&self, i: usize, kinds: bool) -> bool {
        let Some(a) = self.areas.get(i) else {
            return false;
        };
        kinds
            || a.kind == AreaKind::Entrance
            || a.cleared
            || a.trap.as_ref().is_some_and(|t| t.state != TrapState::Armed)
            || self
                .dive
                .as_ref()
                .is_some_and(|d| d.at == i || d.came_from == Some(i))
    }

    /// [`Fortress::map`] with the Area kinds shown when `kinds` (else as [`Fortress::kind_known`]).
    pub fn map_for(&self, gm: bool, kinds: bool) -> String {
        self.map_said(gm, kinds).text(Locale::En)
    }

    /// [`Fortress::map_for`] in the catalogue's words, one line a value.
    pub fn map_said(&self, gm: bool, kinds: bool) -> Value {
        let at = self.dive.as_ref().map(|d| d.at);
        let mut lines = vec![Value::from(Phrase::new("nw-map-areas"))];
        for (i, a) in self.areas.iter().enumerate() {
            let kind = if gm || self.kind_known(i, kinds) {
                a.kind.said()
            } else {
                Value::from(Phrase::new("nw-map-kind-hidden"))
            };
            let trap = match &a.trap {
                None => Value::from(""),
                Some(t) => {
                    let state = match t.state {
                        TrapState::Removed => "removed",
                        TrapState::Spent => "spent",
                        TrapState::Armed if gm => "armed",
                        TrapState::Armed if !t.identified.is_empty() => "identified",
                        TrapState::Armed => "hidden",
                    };
                    Value::from(
                        Phrase::new("nw-map-trap")
                            .arg("state", state)
                            .arg("detection", i64::from(t.detection))
                            .arg("removal", i64::from(t.removal))
                            .arg("effect", t.effect.as_str())
                            .arg(
                                "damage",
                                match &t.damage {
                                    Some(d) => Value::from(
                                        Phrase::new("nw-map-trap-damage").arg("damage", d.as_str()),
                                    ),
                                    None => Value::from(""),
                                },
                            ),
                    )
                }
            };
            lines.push(Value::from(
                Phrase::new("nw-map-area")
                    .arg("mark", if at == Some(i) { "📍" } else { "◯" })
                    .arg("name", a.name.as_str())
                    .arg("kind", kind)
                    .arg("exit", if a.exit { "yes" } else { "no" })
                    .arg("cleared", if a.cleared { "yes" } else { "no" })
                    .arg("trap", trap)
                    .arg(
                        "desc",
                        if gm && !a.desc.is_empty() {
                            Value::from(Phrase::new("nw-map-desc").arg("desc", a.desc.as_str()))
                        } else {
                            Value::from("")
                        },
                    ),
            ));
        }
        lines.push(Value::from(Phrase::new("nw-map-gates")));
        let mut any = false;
        for (n, g) in self.gates.iter().enumerate() {
            if !gm && !g.public() {
                continue;
            }
            any = true;
            let what = self.gate_said(n);
            lines.push(if gm {
                Value::from(
                    Phrase::new("nw-map-gate-numbered")
                        .arg("n", (n + 1) as i64)
                        .arg("gate", what),
                )
            } else {
                Value::from(Phrase::new("nw-map-gate").arg("gate", what))
            });
        }
        if !any {
            lines.push(Value::from(Phrase::new("nw-map-no-gates")));
        }
        Value::Lines(lines)
    }

    /// Gate `n` (from 0) as the map writes it: its Areas and its kind.
    pub fn gate_said(&self, n: usize) -> Value {
        let Some(g) = self.gates.get(n) else {
            return Value::from("");
        };
        let (a, b) = (&self.areas[g.from].name, &self.areas[g.to].name);
        let (kind, uses) = match g.kind {
            GateKind::Normal => ("normal", 0),
            GateKind::OneWay => ("one-way", 0),
            GateKind::Secret if g.revealed => ("found", 0),
            GateKind::Secret => ("secret", 0),
            GateKind::Closed if g.open => ("opened", 0),
            GateKind::Closed => ("closed", 0),
            GateKind::Damaged => match g.uses {
                Some(u) if u > 0 => ("damaged", u),
                _ => ("unusable", 0),
            },
        };
        Value::from(
            Phrase::new("nw-gate")
                .arg("a", a.as_str())
                .arg("b", b.as_str())
                .arg("kind", kind)
                .arg("uses", i64::from(uses)),
        )
    }
}
