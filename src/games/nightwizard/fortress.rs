//! Fortresses (digest §12): a Lunar Casket turned stronghold, built by the GM as Areas joined
//! by Gates; the Dive (the party enters at the Entrance and moves Area by Area, one Scene
//! each); Appearance Checks for PCs not yet inside (8 + 2 per Gate from the Entrance); Traps
//! (identification, removal, activation); the Danger Sense Judge; retreat rules.
//!
//! Every Judge here is rolled by the session's own Judge (`NwAction::Judge`: the PC's
//! attribute, Critical/Fumble values, Dazed −5) and stays open to Prana; a failed Judge is
//! settled with `/nwfortress resolve` once the roller has spent what Prana they wish.

use serde::{Deserialize, Serialize};

use super::casket::{self, Casket, CasketAction, LogicLasts, Shaken};
use super::commands::{DangerKind, DangerStat, FortressCommand};
use super::judge::Judge;
use super::session::{self, NightWizard, NwAction, Phase};
use super::NwData;
use crate::rng::GameRng;
use crate::table::{refuse, Actor, ButtonStyle, Choices, Message, Reply, RuleError, UserId};

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
/// Appearance Check bonus with a Connection to someone in the Scene (§9.3).
pub const CONNECTION_BONUS: i32 = 3;

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
    fn joins(&self, a: usize, b: usize) -> bool {
        (self.from == a && self.to == b) || (self.from == b && self.to == a)
    }

    /// Whether the party may pass from `a` to `b` now, or why not.
    fn passable(&self, a: usize, b: usize) -> Result<(), &'static str> {
        if self.kind == GateKind::Secret && !self.revealed {
            return Err("no Gate you know of leads there");
        }
        if self.kind == GateKind::OneWay && !(self.from == a && self.to == b) {
            return Err("that One-Way Gate cannot be used to come back");
        }
        if self.kind == GateKind::Closed && !self.open {
            return Err("that Gate is closed until an event opens it");
        }
        if self.kind == GateKind::Damaged && self.uses.unwrap_or(0) == 0 {
            return Err("that Gate is Damaged and unusable");
        }
        Ok(())
    }

    /// Shown to players: not an undiscovered Secret Gate.
    fn public(&self) -> bool {
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
    fn label(self) -> &'static str {
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

/// Lowers a parsed `/nwfortress …` to its action.
pub fn lower(c: FortressCommand) -> Result<FortressAction, RuleError> {
    let text = |t: String, n: usize| -> String { t.trim().chars().take(n).collect() };
    Ok(match c {
        FortressCommand::Area {
            name,
            kind,
            desc,
            exit,
        } => FortressAction::Area {
            name: text(name, 40),
            kind,
            desc: desc.unwrap_or_default().chars().take(300).collect(),
            exit: exit.unwrap_or(false),
        },
        FortressCommand::Gate {
            from,
            to,
            kind,
            uses,
        } => FortressAction::Gate {
            from: text(from, 40),
            to: text(to, 40),
            kind: kind.unwrap_or(GateKind::Normal),
            uses,
        },
        FortressCommand::Trap {
            area,
            detection,
            removal,
            effect,
            damage,
        } => {
            let damage = damage.map(|d| d.trim().to_string());
            if let Some(d) = &damage {
                crate::dice::odds(d).map_err(|e| RuleError::new(format!("damage `{d}`: {e}")))?;
            }
            FortressAction::Trap {
                area: text(area, 40),
                detection,
                removal,
                effect: text(effect, 300),
                damage,
            }
        }
        FortressCommand::Dive => FortressAction::Dive,
        FortressCommand::Show => FortressAction::Show,
        FortressCommand::Move { to } => FortressAction::Move(text(to, 40)),
        FortressCommand::Appear { connection } => FortressAction::Appear {
            connection: connection.unwrap_or(false),
        },
        FortressCommand::Identify => FortressAction::Identify,
        FortressCommand::Remove => FortressAction::Remove,
        FortressCommand::Resolve => FortressAction::Resolve,
        FortressCommand::Danger {
            kind,
            perception,
            difficulty,
            stat,
            secret,
        } => FortressAction::Danger {
            kind: kind.unwrap_or(DangerKind::Other).value().to_string(),
            perception,
            difficulty,
            stat: stat.unwrap_or(DangerStat::Awareness).value().to_string(),
            secret: secret.unwrap_or(false),
        },
        FortressCommand::Sense => FortressAction::Sense,
        FortressCommand::Cleared { area } => {
            FortressAction::Cleared(area.map(|a| a.trim().to_string()))
        }
        FortressCommand::Open { gate } => FortressAction::Open(gate - 1),
        FortressCommand::Condition { what } => FortressAction::Condition(what.value().to_string()),
        FortressCommand::Leave => FortressAction::Leave,
        FortressCommand::Scrap => FortressAction::Scrap,
    })
}

impl NightWizard {
    /// True while the party is inside a Fortress (a Dive in progress).
    pub fn in_fortress(&self) -> bool {
        self.fortress
            .fortress
            .as_ref()
            .is_some_and(|f| f.dive.is_some())
    }
}

impl Fortress {
    fn area(&self, name: &str) -> Option<usize> {
        let n = name.trim();
        self.areas
            .iter()
            .position(|a| a.name.eq_ignore_ascii_case(n))
    }

    fn entrance(&self) -> Option<usize> {
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
        let at = self.dive.as_ref().map(|d| d.at);
        let mut lines = vec!["**Areas**".to_string()];
        for (i, a) in self.areas.iter().enumerate() {
            let mut l = format!(
                "{} **{}** ({})",
                if at == Some(i) { "📍" } else { "◯" },
                a.name,
                a.kind.name()
            );
            if a.exit {
                l.push_str(" · serves as the exit");
            }
            if a.cleared {
                l.push_str(" · cleared");
            }
            if let Some(t) = &a.trap {
                match t.state {
                    TrapState::Removed => l.push_str(" · trap removed"),
                    TrapState::Spent => l.push_str(" · trap spent"),
                    TrapState::Armed if gm => l.push_str(&format!(
                        " · trap: Detection {}, Removal {}, {}{}",
                        t.detection,
                        t.removal,
                        t.effect,
                        t.damage
                            .as_ref()
                            .map(|d| format!(" ({d} HP)"))
                            .unwrap_or_default()
                    )),
                    TrapState::Armed if !t.identified.is_empty() => {
                        l.push_str(&format!(" · trap identified (Removal {})", t.removal))
                    }
                    TrapState::Armed => {}
                }
            }
            if gm && !a.desc.is_empty() {
                l.push_str(&format!(" — {}", a.desc));
            }
            lines.push(l);
        }
        lines.push("**Gates**".to_string());
        let mut any = false;
        for (n, g) in self.gates.iter().enumerate() {
            if !gm && !g.public() {
                continue;
            }
            any = true;
            let (a, b) = (&self.areas[g.from].name, &self.areas[g.to].name);
            let what = match g.kind {
                GateKind::Normal => format!("{a} ⇄ {b}"),
                GateKind::OneWay => format!("{a} → {b} (one-way)"),
                GateKind::Secret if g.revealed => format!("{a} ⇄ {b} (found)"),
                GateKind::Secret => format!("{a} ⇄ {b} (SECRET, hidden)"),
                GateKind::Closed if g.open => format!("{a} ⇄ {b} (opened)"),
                GateKind::Closed => format!("{a} ⇹ {b} (closed)"),
                GateKind::Damaged => match g.uses {
                    Some(u) if u > 0 => format!("{a} ⇄ {b} (damaged, {u} use(s) left)"),
                    _ => format!("{a} ✕ {b} (damaged, unusable)"),
                },
            };
            lines.push(if gm {
                format!("{}. {what}", n + 1)
            } else {
                format!("• {what}")
            });
        }
        if !any {
            lines.push("none yet".into());
        }
        lines.join("\n")
    }
}

fn fortress_mut(s: &mut NightWizard) -> Result<&mut Fortress, RuleError> {
    match s.fortress.fortress.as_mut() {
        Some(f) => Ok(f),
        None => refuse("there is no Fortress: the GM builds one with `/nwfortress area`."),
    }
}

fn fortress(s: &NightWizard) -> Result<&Fortress, RuleError> {
    match s.fortress.fortress.as_ref() {
        Some(f) => Ok(f),
        None => refuse("there is no Fortress: the GM builds one with `/nwfortress area`."),
    }
}

fn dive(s: &NightWizard) -> Result<(&Fortress, &Dive), RuleError> {
    let f = fortress(s)?;
    match f.dive.as_ref() {
        Some(d) => Ok((f, d)),
        None => refuse("no Dive is under way: the GM starts one with `/nwfortress dive`."),
    }
}

/// The Fortress map (the GM's with secret gates and traps when `gm`) and where the party is.
fn map_message(s: &NightWizard, f: &Fortress, gm: bool) -> Message {
    let mut m = Message::titled("🏰 Fortress map", f.map(gm));
    if let Some(d) = &f.dive {
        let names: Vec<String> = d.inside.iter().map(|u| pc_name(s, u)).collect();
        m = m.field(
            "Party",
            format!("{} in {}", names.join(", "), f.areas[d.at].name),
        );
    }
    m
}

/// For `/game status`: the Fortress map, public (what the players may know), and the GM's
/// own map to the GM only. Nothing while there is no Fortress.
pub fn status_replies(s: &NightWizard, viewer_is_gm: bool) -> Vec<Reply> {
    let Some(f) = s.fortress.fortress.as_ref() else {
        return vec![];
    };
    let mut out = vec![Reply::public(map_message(s, f, false))];
    if viewer_is_gm {
        out.push(Reply::gm(map_message(s, f, true)));
    }
    out
}

fn pc_name(s: &NightWizard, u: &UserId) -> String {
    s.pcs
        .iter()
        .find(|p| &p.user == u)
        .map(|p| p.ch.name.clone())
        .unwrap_or_else(|| u.mention())
}

/// Copies a PC's open Fortress Judge (after Prana) into its pending copy.
pub fn sync_open(s: &mut NightWizard) {
    for p in &mut s.fortress.pending {
        if let Some(o) = s
            .open
            .iter()
            .find(|o| o.user == p.user && o.label == p.check.label())
        {
            p.judge = o.judge.clone();
        }
    }
}

/// Applies a Fortress or Casket action.
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    a: &FortressAction,
) -> Result<Vec<Reply>, RuleError> {
    let gm = s.is_gm(actor);
    match a {
        FortressAction::Casket(c) => casket::apply(s, data, rng, actor, c),
        FortressAction::Area {
            name,
            kind,
            desc,
            exit,
        } => {
            if name.is_empty() {
                return refuse("an Area needs a name.");
            }
            if *exit && *kind != AreaKind::Entrance {
                return refuse("only the Entrance can serve as the exit.");
            }
            if let Some(f) = s.fortress.fortress.as_ref() {
                let existing = f.area(name);
                if *kind == AreaKind::Entrance && f.entrance().is_some_and(|e| Some(e) != existing)
                {
                    return refuse("the Fortress already has an Entrance (the only way in).");
                }
                if existing.is_none() && f.areas.len() >= 40 {
                    return refuse("a Fortress holds at most 40 Areas here.");
                }
            }
            let f = s.fortress.fortress.get_or_insert_with(Fortress::default);
            let existing = f.area(name);
            let area = Area {
                name: name.clone(),
                kind: *kind,
                desc: desc.clone(),
                trap: None,
                cleared: false,
                exit: *exit,
            };
            let verb = match existing {
                Some(i) => {
                    let old = &mut f.areas[i];
                    let trap = if *kind == AreaKind::Trap {
                        old.trap.take()
                    } else {
                        None
                    };
                    *old = Area { trap, ..area };
                    "changed"
                }
                None => {
                    f.areas.push(area);
                    "added"
                }
            };
            Ok(vec![Reply::gm(Message::text(format!(
                "🏰 Area {name} ({}) {verb}.",
                kind.name()
            )))])
        }
        FortressAction::Gate {
            from,
            to,
            kind,
            uses,
        } => {
            let f = fortress_mut(s)?;
            let (Some(x), Some(y)) = (f.area(from), f.area(to)) else {
                return refuse("both ends must be Areas of the Fortress (add them first).");
            };
            if x == y {
                return refuse("a Gate joins two different Areas.");
            }
            if uses.is_some() && *kind != GateKind::Damaged {
                return refuse("uses: only for a Damaged Gate.");
            }
            if f.gates.len() >= 80 {
                return refuse("a Fortress holds at most 80 Gates here.");
            }
            f.gates.push(Gate {
                from: x,
                to: y,
                kind: *kind,
                uses: *uses,
                revealed: false,
                open: false,
            });
            let n = f.gates.len();
            Ok(vec![Reply::gm(Message::text(format!(
                "🏰 Gate {n}: {}.",
                f.map(true)
                    .lines()
                    .find(|l| l.starts_with(&format!("{n}. ")))
                    .map(|l| l.trim_start_matches(&format!("{n}. ")).to_string())
                    .unwrap_or_default()
            )))])
        }
        FortressAction::Trap {
            area,
            detection,
            removal,
            effect,
            damage,
        } => {
            let f = fortress_mut(s)?;
            let Some(i) = f.area(area) else {
                return refuse(format!("no Area is called {area}."));
            };
            if f.areas[i].kind != AreaKind::Trap {
                return refuse("traps go in Trap Areas (`/nwfortress area kind:trap`).");
            }
            f.areas[i].trap = Some(Trap {
                detection: *detection,
                removal: *removal,
                effect: effect.clone(),
                damage: damage.clone(),
                state: TrapState::Armed,
                identified: vec![],
                failed: vec![],
            });
            Ok(vec![Reply::gm(Message::text(format!(
                "🪤 Trap in {}: Detection {detection}, Removal {removal}: {effect}.",
                f.areas[i].name
            )))])
        }
        FortressAction::Dive => {
            let f = fortress(s)?;
            if f.dive.is_some() {
                return refuse("the party is already inside.");
            }
            let Some(e) = f.entrance() else {
                return refuse("the Fortress has no Entrance (the only way in).");
            };
            let inside: Vec<UserId> = s
                .pcs
                .iter()
                .filter(|p| !p.dead)
                .map(|p| p.user.clone())
                .collect();
            if inside.is_empty() {
                return refuse("no PC can dive: players join with `/nw session join`.");
            }
            s.scene += 1;
            s.fortress.dive_episode = Some(s.episode);
            s.fortress.pending.clear();
            let names: Vec<String> = inside.iter().map(|u| pc_name(s, u)).collect();
            let f = fortress_mut(s)?;
            f.dive = Some(Dive {
                at: e,
                came_from: None,
                inside,
                ruler_defeated: false,
                core_broken: false,
                ruler_permits: false,
                danger: None,
            });
            let entrance = f.areas[e].name.clone();
            let desc = f.areas[e].desc.clone();
            let map = f.map(false);
            Ok(vec![Reply::public(
                Message::titled(
                    "🏰 The Dive begins",
                    format!(
                        "{} enter the Fortress at {entrance} (Scene {}). {desc}\nThere is no way back out until the Ruler is defeated, the Fortress Core is broken or the Ruler permits it.",
                        names.join(", "),
                        s.scene
                    ),
                )
                .field("Map", map),
            )])
        }
        FortressAction::Show => {
            let m = map_message(s, fortress(s)?, gm);
            Ok(vec![if gm { Reply::gm(m) } else { Reply::public(m) }])
        }
        FortressAction::Move(to) => {
            let (f, d) = dive(s)?;
            if !gm && !d.inside.contains(&actor.id) {
                return refuse("only the GM or a PC inside the Fortress moves the party.");
            }
            if s.combat.is_some() {
                return refuse("during Round Progression use the normal Withdraw rules; leave the Area when the fight is over (§12.7).");
            }
            let Some(b) = f.area(to) else {
                return refuse(format!("no Area is called {to}."));
            };
            let a = d.at;
            if a == b {
                return refuse("the party is already there.");
            }
            let here = &f.areas[a];
            if let Some(t) = &here.trap {
                if t.state == TrapState::Armed && d.came_from != Some(b) {
                    return refuse("the trap here must be beaten before the party goes on (it may only go back the way it came).");
                }
            }
            let gates: Vec<usize> = (0..f.gates.len())
                .filter(|&g| f.gates[g].joins(a, b) && (gm || f.gates[g].public()))
                .collect();
            if gates.is_empty() {
                return refuse(format!(
                    "no Gate you know of leads from {} to {}.",
                    here.name, f.areas[b].name
                ));
            }
            let mut why = "";
            let Some(g) = gates
                .iter()
                .copied()
                .find(|&g| match f.gates[g].passable(a, b) {
                    Ok(()) => true,
                    Err(w) => {
                        why = w;
                        false
                    }
                })
            else {
                return refuse(format!("{why}."));
            };
            s.scene += 1;
            s.fortress.pending.clear();
            let scene = s.scene;
            let f = fortress_mut(s)?;
            let mut note = String::new();
            if f.gates[g].kind == GateKind::Damaged {
                let left = f.gates[g].uses.unwrap_or(1).saturating_sub(1);
                f.gates[g].uses = Some(left);
                note = if left == 0 {
                    " The Damaged Gate gives way behind the party: it is unusable now.".into()
                } else {
                    format!(" The Damaged Gate holds ({left} use(s) left).")
                };
            }
            if let Some(d) = f.dive.as_mut() {
                d.came_from = Some(a);
                d.at = b;
                d.danger = None;
            }
            // A new Scene: everyone may try to identify an unremoved trap again.
            if let Some(t) = f.areas[b].trap.as_mut() {
                t.failed.clear();
            }
            let area = &f.areas[b];
            let what = match area.kind {
                AreaKind::Enemy => "\nEnemies! Round Progression starts (GM: `/nwcombat start`).",
                AreaKind::Trap if area.trap.as_ref().is_some_and(|t| t.state == TrapState::Armed) => {
                    "\nSomething here is dangerous: it must be beaten to go on (`/nwfortress identify`)."
                }
                AreaKind::Core => "\nThe Fortress Core is here, usually guarded.",
                AreaKind::Event if !area.cleared => "\nAn event awaits.",
                _ => "",
            };
            let body = format!(
                "The party passes from {} to **{}** ({}), Scene {scene}.{note}{}{what}",
                f.areas[a].name,
                area.name,
                area.kind.name(),
                if area.desc.is_empty() {
                    String::new()
                } else {
                    format!(" {}", area.desc)
                }
            );
            let mut out = vec![Reply::public(Message::titled(
                "🏰 Into the next Area",
                body,
            ))];
            if let Some(t) = area.trap.as_ref().filter(|t| t.state == TrapState::Armed) {
                out.push(Reply::gm(Message::text(format!(
                    "🪤 Armed trap in {}: Detection {}, Removal {}: {}.",
                    area.name, t.detection, t.removal, t.effect
                ))));
            }
            Ok(out)
        }
        FortressAction::Appear { connection } => {
            let (f, d) = dive(s)?;
            if s.pcs.iter().all(|p| p.user != actor.id) {
                return refuse("join with a character first: `/nw session join`.");
            }
            if d.inside.contains(&actor.id) {
                return refuse("you are already inside the Fortress.");
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return refuse("settle your last Judge first: `/nwfortress resolve`.");
            }
            let gates = f.gates_from_entrance(d.at).unwrap_or(0);
            let difficulty = appear_difficulty(gates);
            let name = pc_name(s, &actor.id);
            if s.phase == Phase::Climax {
                add_inside(s, &actor.id);
                return Ok(vec![Reply::public(Message::text(format!(
                    "{name} appears: Appearance Checks succeed automatically in the Climax Phase."
                )))]);
            }
            let modifier = if *connection { CONNECTION_BONUS } else { 0 };
            roll_check(
                s,
                data,
                rng,
                actor,
                Check::Appear,
                "luck",
                difficulty,
                modifier,
                true,
                false,
            )
        }
        FortressAction::Identify => {
            let (f, d) = dive(s)?;
            let name = pc_name(s, &actor.id);
            if !d.inside.contains(&actor.id) {
                return refuse("only a PC who has appeared in the Scene tries that.");
            }
            let Some(t) = f.areas[d.at]
                .trap
                .as_ref()
                .filter(|t| t.state == TrapState::Armed)
            else {
                return refuse("there is no armed trap here.");
            };
            if t.identified.contains(&actor.id) {
                return refuse(format!(
                    "{name} already knows how this trap works: `/nwfortress remove`."
                ));
            }
            if t.failed.contains(&actor.id) {
                return refuse(format!("{name} already failed to identify this trap."));
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return refuse("settle your last Judge first: `/nwfortress resolve`.");
            }
            let dv = t.detection;
            roll_check(
                s,
                data,
                rng,
                actor,
                Check::Identify,
                "awareness",
                dv,
                0,
                false,
                false,
            )
        }
        FortressAction::Remove => {
            let (f, d) = dive(s)?;
            if !d.inside.contains(&actor.id) {
                return refuse("only a PC who has appeared in the Scene tries that.");
            }
            let Some(t) = f.areas[d.at]
                .trap
                .as_ref()
                .filter(|t| t.state == TrapState::Armed)
            else {
                return refuse("there is no armed trap here.");
            };
            if !t.identified.contains(&actor.id) {
                return refuse("identify the trap first (a successful Trap Identification Judge lets you remove it).");
            }
            if s.fortress.pending.iter().any(|p| p.check == Check::Remove) {
                return refuse("one Removal attempt at a time: settle the last one first (`/nwfortress resolve`).");
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return refuse("settle your last Judge first: `/nwfortress resolve`.");
            }
            let rv = t.removal;
            roll_check(
                s,
                data,
                rng,
                actor,
                Check::Remove,
                "finesse",
                rv,
                0,
                true,
                false,
            )
        }
        FortressAction::Resolve => {
            let Some(k) = s.fortress.pending.iter().position(|p| p.user == actor.id) else {
                return refuse("you have no Fortress Judge to settle.");
            };
            sync_open(s);
            let p = s.fortress.pending.remove(k);
            let label = p.check.label();
            s.open.retain(|o| !(o.user == p.user && o.label == label));
            Ok(settle(s, rng, &p))
        }
        FortressAction::Danger {
            kind,
            perception,
            difficulty,
            stat,
            secret,
        } => {
            let (f, d) = dive(s)?;
            let base = match kind.as_str() {
                "trap" => match f.areas[d.at]
                    .trap
                    .as_ref()
                    .filter(|t| t.state == TrapState::Armed)
                {
                    Some(t) => danger_difficulty_trap(t.removal),
                    None => return refuse("there is no armed trap here."),
                },
                "ambush" | "sniper" => {
                    match perception {
                        Some(p) => danger_difficulty_ambush(*p),
                        None => return refuse(
                            "an ambush needs the NPC's perception: (Difficulty = Perception + 7).",
                        ),
                    }
                }
                "secret" => SECRET_GATE_SENSE,
                "other" => DANGER_DEFAULT,
                k => return refuse(format!("kind is trap, ambush, secret or other, not `{k}`.")),
            };
            let dc = difficulty.unwrap_or(base);
            if let Some(d) = fortress_mut(s)?.dive.as_mut() {
                d.danger = Some(Danger {
                    kind: kind.clone(),
                    difficulty: dc,
                    stat: stat.clone(),
                    secret: *secret,
                    rolled: vec![],
                });
            }
            Ok(vec![
                Reply::gm(Message::text(format!(
                    "⚠️ Danger Sense ({kind}): {} Judge, Difficulty {dc} (hidden from the players){}.",
                    stat,
                    if *secret { ", rolled secretly" } else { "" }
                ))),
                Reply::public(
                    Message::titled(
                        "⚠️ Danger Sense Judge",
                        format!("Everyone in the Scene rolls {stat} (`/nwfortress sense`)."),
                    )
                    .styled_button("Roll", "/nwfortress sense", ButtonStyle::Primary),
                ),
            ])
        }
        FortressAction::Sense => {
            let (_, d) = dive(s)?;
            let Some(dg) = d.danger.as_ref() else {
                return refuse("the GM has not called for a Danger Sense Judge.");
            };
            if !d.inside.contains(&actor.id) {
                return refuse("only a PC who has appeared in the Scene rolls that.");
            }
            if dg.rolled.contains(&actor.id) {
                return refuse("you already rolled this Danger Sense Judge.");
            }
            if s.fortress.pending.iter().any(|p| p.user == actor.id) {
                return refuse("settle your last Judge first: `/nwfortress resolve`.");
            }
            let (stat, dc, secret) = (dg.stat.clone(), dg.difficulty, dg.secret);
            let out = roll_check(
                s,
                data,
                rng,
                actor,
                Check::Sense,
                &stat,
                dc,
                0,
                false,
                secret,
            )?;
            if let Some(dg) = fortress_mut(s)?
                .dive
                .as_mut()
                .and_then(|d| d.danger.as_mut())
            {
                dg.rolled.push(actor.id.clone());
            }
            Ok(out)
        }
        FortressAction::Cleared(area) => {
            let f = fortress(s)?;
            let i = match area {
                Some(a) => match f.area(a) {
                    Some(i) => i,
                    None => return refuse(format!("no Area is called {a}.")),
                },
                None => match &f.dive {
                    Some(d) => d.at,
                    None => return refuse("name the area: (no Dive is under way)."),
                },
            };
            let f = fortress_mut(s)?;
            let mut lines = vec![];
            let area = &mut f.areas[i];
            area.cleared = true;
            if let Some(t) = area.trap.as_mut().filter(|t| t.state == TrapState::Armed) {
                t.state = TrapState::Removed;
                lines.push("The trap no longer bars the way.".to_string());
            }
            if area.kind == AreaKind::Event {
                area.kind = AreaKind::Normal;
                lines.push(format!("{} is now a Normal Area.", area.name));
            }
            let name = area.name.clone();
            let mut found = 0;
            for g in f.gates.iter_mut().filter(|g| g.from == i || g.to == i) {
                if g.kind == GateKind::Secret && !g.revealed {
                    g.revealed = true;
                    found += 1;
                }
                if g.kind == GateKind::Closed && !g.open {
                    g.open = true;
                    lines.push(format!("A closed Gate opens: {}.", gate_ends(&f.areas, g)));
                }
            }
            let mut out = vec![];
            if found > 0 {
                let list: Vec<String> = f
                    .gates
                    .iter()
                    .filter(|g| g.kind == GateKind::Secret && (g.from == i || g.to == i))
                    .map(|g| gate_ends(&f.areas, g))
                    .collect();
                lines.push(format!("A hidden Gate shows itself: {}.", list.join(", ")));
            }
            out.insert(
                0,
                Reply::public(Message::text(format!(
                    "✅ The event in {name} is cleared.{}",
                    if lines.is_empty() {
                        String::new()
                    } else {
                        format!("\n{}", lines.join("\n"))
                    }
                ))),
            );
            Ok(out)
        }
        FortressAction::Open(n) => {
            let f = fortress_mut(s)?;
            let Some(g) = f.gates.get(*n) else {
                return refuse(format!(
                    "there is no Gate {} (see `/nwfortress show`).",
                    n + 1
                ));
            };
            let text = match g.kind {
                GateKind::Closed if !g.open => "A closed Gate opens",
                GateKind::Secret if !g.revealed => "A hidden Gate shows itself",
                _ => return refuse("that Gate is neither closed nor hidden."),
            };
            let ends = gate_ends(&f.areas, g);
            let g = &mut f.gates[*n];
            g.open = true;
            g.revealed = true;
            Ok(vec![Reply::public(Message::text(format!(
                "🚪 {text}: {ends}."
            )))])
        }
        FortressAction::Condition(what) => {
            let f = fortress_mut(s)?;
            let Some(d) = f.dive.as_mut() else {
                return refuse("no Dive is under way.");
            };
            let text = match what.as_str() {
                "ruler_defeated" | "ruler" => {
                    d.ruler_defeated = true;
                    "The Ruler is defeated"
                }
                "core_broken" | "core" => {
                    d.core_broken = true;
                    "The Fortress Core is broken"
                }
                "ruler_permits" | "permit" => {
                    d.ruler_permits = true;
                    "The Ruler permits a retreat"
                }
                w => {
                    return refuse(format!(
                        "what is ruler_defeated, core_broken or ruler_permits, not `{w}`."
                    ))
                }
            };
            Ok(vec![Reply::public(Message::text(format!(
                "🏰 {text}: the party may leave the Fortress (`/nwfortress leave`)."
            )))])
        }
        FortressAction::Leave => {
            let (f, d) = dive(s)?;
            if !gm && !d.inside.contains(&actor.id) {
                return refuse("only the GM or a PC inside the Fortress leads the party out.");
            }
            if s.combat.is_some() {
                return refuse(
                    "finish the fight first (during Round Progression use the Withdraw rules).",
                );
            }
            let exit = f.areas[d.at].exit;
            if let Err(why) = retreat_allowed(d, exit) {
                return refuse(why);
            }
            let f = fortress_mut(s)?;
            f.dive = None;
            s.fortress.pending.clear();
            s.scene += 1;
            Ok(vec![Reply::public(Message::text(format!(
                "🏰 The party leaves the Fortress (Scene {}).",
                s.scene
            )))])
        }
        FortressAction::Scrap => {
            if s.in_fortress() {
                return refuse("not during a Dive: the party is inside.");
            }
            fortress(s)?;
            s.fortress.fortress = None;
            Ok(vec![Reply::gm(Message::text("🏰 Fortress discarded."))])
        }
    }
}

/// §12.6: Difficulty = 8 + 2 per Gate between the Entrance and the current Area.
pub fn appear_difficulty(gates: i32) -> i32 {
    APPEAR_BASE + APPEAR_PER_GATE * gates
}

/// §12.9: against a trap, the trap's Removal Value.
pub fn danger_difficulty_trap(removal: i32) -> i32 {
    removal
}

/// §12.9: against an ambush or sniper, that NPC's Perception + 7.
pub fn danger_difficulty_ambush(perception: i32) -> i32 {
    perception + AMBUSH_PLUS
}

/// §12.2: retreat from a Fortress needs the Ruler defeated, the Core broken or the Ruler's
/// leave (or an Entrance designated as the exit, where the party stands).
pub fn retreat_allowed(d: &Dive, at_exit: bool) -> Result<(), &'static str> {
    if d.ruler_defeated || d.core_broken || d.ruler_permits || at_exit {
        Ok(())
    } else {
        Err("retreat from a Fortress is impossible until the Ruler is defeated, the Fortress Core is broken or the Ruler permits it (§12.2).")
    }
}

fn gate_ends(areas: &[Area], g: &Gate) -> String {
    let (a, b) = (&areas[g.from].name, &areas[g.to].name);
    if g.kind == GateKind::OneWay {
        format!("{a} → {b}")
    } else {
        format!("{a} ⇄ {b}")
    }
}

fn add_inside(s: &mut NightWizard, u: &UserId) {
    if let Some(d) = s.fortress.fortress.as_mut().and_then(|f| f.dive.as_mut()) {
        if !d.inside.contains(u) {
            d.inside.push(u.clone());
        }
    }
}

fn succeeded(j: &Judge, difficulty: i32) -> bool {
    let o = j.outcome();
    (o.critical && !o.fumble) || o.result >= difficulty
}

/// Rolls a Fortress Judge through the session's Judge, then settles it at once on a success;
/// a failure waits for Prana and `/nwfortress resolve`.
#[allow(clippy::too_many_arguments)]
fn roll_check(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    check: Check,
    stat: &str,
    difficulty: i32,
    modifier: i32,
    show_difficulty: bool,
    secret: bool,
) -> Result<Vec<Reply>, RuleError> {
    let judge = NwAction::Judge {
        stat: stat.to_string(),
        difficulty: show_difficulty.then_some(difficulty),
        modifier,
        against: None,
        attacker: false,
        recovery: false,
        any_seven: false,
        secret,
        label: check.label().to_string(),
        preview: None,
        reaction: false,
        hidden: false,
    };
    let mut out = session::apply(s, data, None, rng, actor, &judge)?;
    let Some(j) = s
        .open
        .iter()
        .rev()
        .find(|o| o.user == actor.id && o.label == check.label())
        .map(|o| o.judge.clone())
    else {
        return Ok(out);
    };
    let p = Pending {
        user: actor.id.clone(),
        check,
        difficulty,
        judge: j.clone(),
        secret,
    };
    let fumble_trap = check == Check::Remove && j.outcome().fumble;
    if succeeded(&j, difficulty) && !fumble_trap {
        s.open
            .retain(|o| !(o.user == actor.id && o.label == check.label()));
        out.retain(|r| r.is_public() || !r.message.body.starts_with("Prana options"));
        out.extend(settle(s, rng, &p));
    } else {
        s.fortress.pending.push(p);
        out.push(Reply::private(
            &actor.id,
            Message::text(format!(
                "Your {} falls short for now: spend Prana on it, or settle it as it stands.",
                check.label()
            ))
            .styled_button("Settle", "/nwfortress resolve", ButtonStyle::Success),
        ));
    }
    Ok(out)
}

/// Applies what a Fortress Judge means for the Fortress.
fn settle(s: &mut NightWizard, rng: &mut GameRng, p: &Pending) -> Vec<Reply> {
    let name = pc_name(s, &p.user);
    let ok = succeeded(&p.judge, p.difficulty);
    let result = p.judge.outcome().result;
    let fumble = p.judge.outcome().fumble;
    let inside: Vec<UserId> = s
        .fortress
        .fortress
        .as_ref()
        .and_then(|f| f.dive.as_ref())
        .map(|d| d.inside.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|u| s.pcs.iter().any(|p| &p.user == u && !p.dead))
        .collect();
    match p.check {
        Check::Appear => {
            if ok {
                add_inside(s, &p.user);
                vec![Reply::public(Message::text(format!(
                    "✨ {name} appears in the Scene (Appearance Check: {}).",
                    versus(&p.judge, p.difficulty)
                )))]
            } else {
                vec![Reply::public(Message::text(format!(
                    "{name} does not make it into the Scene (Appearance Check {result} against {}).",
                    p.difficulty
                )))]
            }
        }
        Check::Identify => {
            let Some(t) = current_trap(s) else {
                return vec![];
            };
            if ok {
                t.identified.push(p.user.clone());
                let (eff, rv) = (t.effect.clone(), t.removal);
                let dmg = t.damage.clone();
                vec![
                    Reply::public(Message::text(format!(
                        "🔍 {name} sees how the trap works and may try to remove it (Finesse, Removal Value {rv}): `/nwfortress remove`."
                    ))),
                    Reply::private(
                        &p.user,
                        Message::text(format!(
                            "🪤 The trap: {eff}{}. Removal Value {rv}.",
                            dmg.map(|d| format!(" ({d} HP)")).unwrap_or_default()
                        ))
                        .button("Remove it", "/nwfortress remove"),
                    ),
                ]
            } else {
                t.failed.push(p.user.clone());
                let all_failed = inside.iter().all(|u| t.failed.contains(u));
                let mut out = vec![Reply::public(Message::text(format!(
                    "{name} cannot make out the trap."
                )))];
                if all_failed {
                    out.extend(trigger(
                        s,
                        rng,
                        inside.clone(),
                        "every PC in the Scene failed to identify it",
                    ));
                }
                out
            }
        }
        Check::Remove => {
            if fumble {
                let mut out = vec![Reply::public(Message::text(format!(
                    "💥 {name} fumbles the Removal: the trap goes off."
                )))];
                out.extend(trigger(
                    s,
                    rng,
                    vec![p.user.clone()],
                    "a Fumble on the Removal Judge",
                ));
                out
            } else if ok {
                if let Some(t) = current_trap(s) {
                    t.state = TrapState::Removed;
                }
                vec![Reply::public(Message::text(format!(
                    "🔧 {name} disarms the trap ({}). The way on is clear.",
                    versus(&p.judge, p.difficulty)
                )))]
            } else {
                vec![Reply::public(Message::text(format!(
                    "{name} fails to disarm the trap (Removal {result} against {}); try again, one at a time.",
                    p.difficulty
                )))]
            }
        }
        Check::Sense => sense_result(s, p, &name, ok),
    }
}

/// `17 against 15`, or `a Critical` (an automatic success).
fn versus(j: &Judge, difficulty: i32) -> String {
    let o = j.outcome();
    if o.critical && !o.fumble && o.result < difficulty {
        "a Critical".to_string()
    } else {
        format!("{} against {difficulty}", o.result)
    }
}

fn current_trap(s: &mut NightWizard) -> Option<&mut Trap> {
    let f = s.fortress.fortress.as_mut()?;
    let at = f.dive.as_ref()?.at;
    f.areas[at]
        .trap
        .as_mut()
        .filter(|t| t.state == TrapState::Armed)
}

/// The trap goes off on `targets`: its effect is read out and its damage dice land on each.
fn trigger(s: &mut NightWizard, rng: &mut GameRng, targets: Vec<UserId>, why: &str) -> Vec<Reply> {
    let Some(t) = current_trap(s) else {
        return vec![];
    };
    t.state = TrapState::Spent;
    let effect = t.effect.clone();
    let damage = t.damage.clone();
    let mut lines = vec![format!("💥 The trap goes off ({why}): {effect}")];
    if let Some(d) = damage {
        if let Ok(r) = crate::dice::roll(&d, rng) {
            let n = r.total.max(0) as i32;
            lines.push(format!("Damage `{}`", r.render()));
            for u in &targets {
                if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                    p.hp = (p.hp - n).max(0);
                    lines.push(format!(
                        "{} loses {n} HP (HP {}){}",
                        p.ch.name,
                        p.hp,
                        if p.hp == 0 { " — Incapacitated" } else { "" }
                    ));
                }
            }
        }
    }
    lines.push("The trap is spent (unless the GM resets it with `/nwfortress trap`).".into());
    vec![Reply::public(Message::text(lines.join("\n")))]
}

fn sense_result(s: &mut NightWizard, p: &Pending, name: &str, ok: bool) -> Vec<Reply> {
    let kind = s
        .fortress
        .fortress
        .as_ref()
        .and_then(|f| f.dive.as_ref())
        .and_then(|d| d.danger.as_ref())
        .map(|d| d.kind.clone())
        .unwrap_or_default();
    let text = if !ok {
        format!("{name} senses nothing amiss.")
    } else {
        match kind.as_str() {
            "trap" => format!(
                "⚠️ {name} senses a trap here and may try to identify it (`/nwfortress identify`)."
            ),
            "ambush" | "sniper" => format!("⚠️ {name} notices the ambush in time and may respond."),
            "secret" => {
                let mut found = vec![];
                if let Some(f) = s.fortress.fortress.as_mut() {
                    let at = f.dive.as_ref().map(|d| d.at).unwrap_or(usize::MAX);
                    let areas = f.areas.clone();
                    for g in f.gates.iter_mut().filter(|g| {
                        g.kind == GateKind::Secret && !g.revealed && (g.from == at || g.to == at)
                    }) {
                        g.revealed = true;
                        found.push(gate_ends(&areas, g));
                    }
                }
                if found.is_empty() {
                    format!("{name} searches carefully: there is no hidden Gate here.")
                } else {
                    format!("🚪 {name} finds a hidden Gate: {}.", found.join(", "))
                }
            }
            _ => format!("⚠️ {name} senses danger."),
        }
    };
    if p.secret {
        vec![
            Reply::private(&p.user, Message::text(text.clone())),
            Reply::gm(Message::text(text)),
        ]
    } else {
        vec![Reply::public(Message::text(text))]
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_table::{alice, bob, gm, Table as T};
    use super::*;

    fn table() -> T {
        T::with(&[(alice(), "Ayu"), (bob(), "Bo")], 5)
    }

    impl T {
        /// Entrance → Hall → Trap room → Core; a secret Gate Hall — Vault; a one-way Hall → Pit.
        fn build(&mut self) {
            for (n, k) in [
                ("Gate", "entrance"),
                ("Hall", "normal"),
                ("Needles", "trap"),
                ("Core", "core"),
                ("Vault", "object"),
                ("Pit", "normal"),
                ("Shrine", "event"),
            ] {
                self.ok(&gm(), "nw fortress area", &[("name", n), ("kind", k)]);
            }
            for (a, b, k) in [
                ("Gate", "Hall", "normal"),
                ("Hall", "Needles", "normal"),
                ("Needles", "Core", "normal"),
                ("Hall", "Vault", "secret"),
                ("Hall", "Pit", "oneway"),
                ("Pit", "Shrine", "closed"),
            ] {
                self.ok(
                    &gm(),
                    "nw fortress gate",
                    &[("from", a), ("to", b), ("kind", k)],
                );
            }
            self.ok(
                &gm(),
                "nw fortress trap",
                &[
                    ("area", "Needles"),
                    ("detection", "9"),
                    ("removal", "11"),
                    ("effect", "poison needles xyzzy"),
                    ("damage", "2d6"),
                ],
            );
        }

        fn fort(&self) -> &Fortress {
            self.s.fortress.fortress.as_ref().unwrap()
        }

        fn at(&self) -> String {
            let f = self.fort();
            f.areas[f.dive.as_ref().unwrap().at].name.clone()
        }
    }

    fn all_text(r: &[Reply]) -> String {
        r.iter()
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn public_text(r: &[Reply]) -> String {
        r.iter()
            .filter(|r| r.is_public())
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn rule_nw_12_6_appearance_difficulty_8_plus_2_per_gate_3_gates_14() {
        assert_eq!(appear_difficulty(0), 8, "in the Entrance Area itself: 8");
        assert_eq!(appear_difficulty(3), 14, "three Gates away: 8 + 6 = 14");
        let mut t = table();
        t.build();
        let f = t.fort();
        assert_eq!(f.gates_from_entrance(f.area("Core").unwrap()), Some(3));
        assert_eq!(f.gates_from_entrance(f.area("Gate").unwrap()), Some(0));
    }

    #[test]
    fn rule_nw_12_6_appearance_check_is_a_luck_judge_for_a_pc_not_inside() {
        let mut t = table();
        t.build();
        t.ok(&alice(), "nw session leave", &[]);
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
        // Bob is inside already.
        assert!(t
            .err(&bob(), "nw fortress appear", &[])
            .contains("already inside"));
        t.ok(&alice(), "nw session join", &[]);
        let out = t.ok(&alice(), "nw fortress appear", &[]);
        let text = all_text(&out);
        assert!(text.contains("Appearance Check"), "{text}");
        assert!(
            text.contains("Difficulty 10"),
            "one Gate from the Entrance: 8 + 2 = 10\n{text}"
        );
        assert!(text.contains("Luck"), "{text}");
        let inside = t.fort().dive.as_ref().unwrap().inside.contains(&alice().id);
        let pending = t.s.fortress.pending.iter().any(|p| p.user == alice().id);
        assert!(inside != pending, "either in at once or waiting to settle");
        if pending {
            t.ok(&alice(), "nw fortress resolve", &[]);
            assert!(t.s.fortress.pending.is_empty());
        }
    }

    #[test]
    fn rule_nw_8_2_appearance_automatic_in_the_climax() {
        let mut t = table();
        t.build();
        t.ok(&alice(), "nw session leave", &[]);
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&alice(), "nw session join", &[]);
        t.s.phase = Phase::Climax;
        let out = t.ok(&alice(), "nw fortress appear", &[]);
        assert!(all_text(&out).contains("automatically"));
        assert!(t.fort().dive.as_ref().unwrap().inside.contains(&alice().id));
    }

    #[test]
    fn rule_nw_12_4_building_is_the_gms_a_player_is_refused() {
        let mut t = table();
        assert!(t
            .err(
                &alice(),
                "nw fortress area",
                &[("name", "Hall"), ("kind", "normal")]
            )
            .contains("only the GM"));
        t.build();
        assert!(t
            .err(
                &bob(),
                "nw fortress gate",
                &[("from", "Hall"), ("to", "Core")]
            )
            .contains("only the GM"));
        assert!(t
            .err(&bob(), "nw fortress dive", &[])
            .contains("only the GM"));
        assert!(t
            .err(
                &gm(),
                "nw fortress area",
                &[("name", "Door2"), ("kind", "entrance")]
            )
            .contains("already has an Entrance"));
        assert!(t
            .err(
                &gm(),
                "nw fortress area",
                &[("name", "X"), ("kind", "garden")]
            )
            .contains("kind `garden` is unknown; use normal, object"));
    }

    #[test]
    fn rule_nw_12_5_one_way_closed_and_secret_gates_refuse_and_change_nothing() {
        let mut t = table();
        t.build();
        assert!(!t.s.in_fortress());
        t.ok(&gm(), "nw fortress dive", &[]);
        assert!(t.s.in_fortress());
        assert_eq!(t.at(), "Gate");
        assert!(t
            .err(&alice(), "nw fortress move", &[("to", "Core")])
            .contains("no Gate"));
        t.ok(&alice(), "nw fortress move", &[("to", "Hall")]);
        // Secret: unknown to the players.
        let e = t.err(&alice(), "nw fortress move", &[("to", "Vault")]);
        assert!(e.contains("no Gate you know of"), "{e}");
        // One-way: there, but not back.
        t.ok(&alice(), "nw fortress move", &[("to", "Pit")]);
        // Closed.
        assert!(t
            .err(&alice(), "nw fortress move", &[("to", "Shrine")])
            .contains("closed"));
        assert!(t
            .err(&alice(), "nw fortress move", &[("to", "Hall")])
            .contains("One-Way Gate cannot be used to come back"));
        assert_eq!(t.at(), "Pit");
        // The GM opens the closed Gate (gate 6).
        t.ok(&gm(), "nw fortress open", &[("gate", "6")]);
        t.ok(&alice(), "nw fortress move", &[("to", "Shrine")]);
        // Clearing the Shrine's event makes it a Normal Area.
        t.ok(&gm(), "nw fortress cleared", &[]);
        assert_eq!(t.fort().areas[6].kind, AreaKind::Normal);
    }

    #[test]
    fn rule_nw_12_5_damaged_gate_has_limited_uses_then_breaks() {
        let mut t = table();
        t.ok(
            &gm(),
            "nw fortress area",
            &[("name", "A"), ("kind", "entrance")],
        );
        t.ok(
            &gm(),
            "nw fortress area",
            &[("name", "B"), ("kind", "normal")],
        );
        t.ok(
            &gm(),
            "nw fortress gate",
            &[
                ("from", "A"),
                ("to", "B"),
                ("kind", "damaged"),
                ("uses", "2"),
            ],
        );
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&alice(), "nw fortress move", &[("to", "B")]);
        let out = t.ok(&alice(), "nw fortress move", &[("to", "A")]);
        assert!(all_text(&out).contains("gives way"));
        assert!(t
            .err(&alice(), "nw fortress move", &[("to", "B")])
            .contains("Damaged"));
        assert!(t
            .err(
                &gm(),
                "nw fortress gate",
                &[
                    ("from", "A"),
                    ("to", "B"),
                    ("kind", "normal"),
                    ("uses", "2")
                ]
            )
            .contains("only for a Damaged Gate"));
    }

    #[test]
    fn rule_nw_12_9_danger_sense_success_against_secret_reveals_the_gate() {
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
        t.ok(
            &gm(),
            "nw fortress danger",
            &[("kind", "secret"), ("secret", "true")],
        );
        let cf = t.s.pcs[0].cf.unwrap();
        let mut j = Judge::roll(
            99,
            cf,
            super::super::judge::Mode::Normal { difficulty: None },
            true,
            &mut super::super::judge::Fixed(vec![]),
        );
        j.any_seven = true;
        t.s.fortress.pending.push(Pending {
            user: alice().id,
            check: Check::Sense,
            difficulty: SECRET_GATE_SENSE,
            judge: j,
            secret: true,
        });
        let out = t.ok(&alice(), "nw fortress resolve", &[]);
        assert!(
            public_text(&out).is_empty(),
            "a secret Danger Sense tells only the roller and the GM"
        );
        assert!(all_text(&out).contains("finds a hidden Gate: Hall ⇄ Vault"));
        assert!(t.fort().gates[3].revealed);
        t.ok(&alice(), "nw fortress move", &[("to", "Vault")]);
    }

    #[test]
    fn rule_nw_12_5_secret_gate_revealed_by_danger_sense_15_or_clearing() {
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
        let out = t.ok(&gm(), "nw fortress danger", &[("kind", "secret")]);
        let gm_text: String = out
            .iter()
            .filter(|r| !r.is_public())
            .map(|r| r.message.plain_text())
            .collect();
        assert!(gm_text.contains("Difficulty 15"), "{gm_text}");
        assert!(!public_text(&out).contains("15"));
        assert_eq!(
            t.fort()
                .dive
                .as_ref()
                .unwrap()
                .danger
                .as_ref()
                .unwrap()
                .difficulty,
            15
        );
        // Clearing the Hall's event reveals it whatever the rolls.
        t.ok(&gm(), "nw fortress cleared", &[]);
        assert!(t.fort().gates[3].revealed);
        t.ok(&alice(), "nw fortress move", &[("to", "Vault")]);
        assert_eq!(t.at(), "Vault");
    }

    #[test]
    fn rule_nw_12_10_danger_sense_difficulties_trap_removal_ambush_perception_plus_7_default_12() {
        assert_eq!(danger_difficulty_trap(11), 11);
        assert_eq!(danger_difficulty_ambush(5), 12, "Perception 5 + 7");
        assert_eq!(DANGER_DEFAULT, 12);
        assert_eq!(SECRET_GATE_SENSE, 15);
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
        t.ok(&gm(), "nw fortress move", &[("to", "Needles")]);
        for (opts, want) in [
            (vec![("kind", "trap")], 11),
            (vec![("kind", "ambush"), ("perception", "6")], 13),
            (vec![("kind", "other")], 12),
            (vec![("kind", "other"), ("difficulty", "9")], 9),
        ] {
            t.ok(&gm(), "nw fortress danger", &opts);
            assert_eq!(
                t.fort()
                    .dive
                    .as_ref()
                    .unwrap()
                    .danger
                    .as_ref()
                    .unwrap()
                    .difficulty,
                want
            );
        }
        assert!(t
            .err(&gm(), "nw fortress danger", &[("kind", "ambush")])
            .contains("perception"));
        assert!(t
            .err(&alice(), "nw fortress danger", &[])
            .contains("only the GM"));
        // A player rolls it once; the Difficulty stays hidden.
        let out = t.ok(&alice(), "nw fortress sense", &[]);
        assert!(!public_text(&out).contains("Difficulty 9"));
        if t.s.fortress.pending.iter().any(|p| p.user == alice().id) {
            t.ok(&alice(), "nw fortress resolve", &[]);
        }
        assert!(t
            .err(&alice(), "nw fortress sense", &[])
            .contains("already rolled"));
    }

    #[test]
    fn rule_nw_12_8_identification_awareness_vs_detection_then_removal_finesse_vs_removal() {
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
        t.ok(&gm(), "nw fortress move", &[("to", "Needles")]);
        // The trap must be beaten to go on.
        assert!(t
            .err(&alice(), "nw fortress move", &[("to", "Core")])
            .contains("beaten"));
        // Removal needs identification first.
        assert!(t
            .err(&alice(), "nw fortress remove", &[])
            .contains("identify the trap first"));
        // Make Alice's Awareness Judge certain: Detection 0.
        t.s.fortress.fortress.as_mut().unwrap().areas[2]
            .trap
            .as_mut()
            .unwrap()
            .detection = 0;
        let out = t.ok(&alice(), "nw fortress identify", &[]);
        let text = all_text(&out);
        assert!(text.contains("Trap Identification"), "{text}");
        assert!(text.contains("Awareness"), "{text}");
        assert!(
            !public_text(&out).contains("xyzzy"),
            "the effect goes only to the identifier"
        );
        assert!(text.contains("xyzzy"));
        assert!(t.fort().areas[2]
            .trap
            .as_ref()
            .unwrap()
            .identified
            .contains(&alice().id));
        // Bob has not identified it: he may not remove it.
        assert!(t
            .err(&bob(), "nw fortress remove", &[])
            .contains("identify"));
        // Removal against Removal Value 11, shown; retry until it is beaten.
        let mut tries = 0;
        while t.fort().areas[2].trap.as_ref().unwrap().state == TrapState::Armed && tries < 30 {
            let out = t.ok(&alice(), "nw fortress remove", &[]);
            assert!(all_text(&out).contains("Finesse"));
            assert!(all_text(&out).contains("Difficulty 11"));
            if t.s.fortress.pending.iter().any(|p| p.user == alice().id) {
                t.ok(&alice(), "nw fortress resolve", &[]);
            }
            tries += 1;
        }
        assert_ne!(
            t.fort().areas[2].trap.as_ref().unwrap().state,
            TrapState::Armed
        );
        t.ok(&alice(), "nw fortress move", &[("to", "Core")]);
        assert_eq!(t.at(), "Core");
    }

    #[test]
    fn rule_nw_12_8_every_pc_failing_identification_sets_the_trap_off() {
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
        t.ok(&gm(), "nw fortress move", &[("to", "Needles")]);
        t.s.fortress.fortress.as_mut().unwrap().areas[2]
            .trap
            .as_mut()
            .unwrap()
            .detection = 99;
        let hp = (t.s.pcs[0].hp, t.s.pcs[1].hp);
        t.ok(&alice(), "nw fortress identify", &[]);
        let out = t.ok(&alice(), "nw fortress resolve", &[]);
        assert!(
            !all_text(&out).contains("goes off"),
            "Bob has not tried yet"
        );
        assert!(t
            .err(&alice(), "nw fortress identify", &[])
            .contains("already failed"));
        t.ok(&bob(), "nw fortress identify", &[]);
        let out = t.ok(&bob(), "nw fortress resolve", &[]);
        let text = public_text(&out);
        assert!(
            text.contains("goes off") && text.contains("xyzzy"),
            "{text}"
        );
        assert_eq!(
            t.fort().areas[2].trap.as_ref().unwrap().state,
            TrapState::Spent
        );
        assert!(
            t.s.pcs[0].hp < hp.0 && t.s.pcs[1].hp < hp.1,
            "2d6 HP on everyone in the Scene"
        );
        // A spent trap no longer bars the way.
        t.ok(&bob(), "nw fortress move", &[("to", "Core")]);
    }

    #[test]
    fn rule_nw_12_8_a_fumble_on_removal_triggers_the_trap_on_the_roller() {
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
        t.ok(&gm(), "nw fortress move", &[("to", "Needles")]);
        t.s.fortress.fortress.as_mut().unwrap().areas[2]
            .trap
            .as_mut()
            .unwrap()
            .identified
            .push(alice().id);
        // Fix Alice's values so that whatever she rolls is her Fumble: impossible with 2d6, so
        // settle a forged Judge instead.
        let cf = t.s.pcs[0].cf.unwrap();
        let mut j = Judge::roll(
            3,
            cf,
            super::super::judge::Mode::Normal {
                difficulty: Some(11),
            },
            false,
            &mut super::super::judge::Fixed(vec![]),
        );
        let fumble = cf.fumble;
        j.dice = [fumble / 2, fumble - fumble / 2];
        assert!(j.outcome().fumble);
        t.s.fortress.pending.push(Pending {
            user: alice().id,
            check: Check::Remove,
            difficulty: 11,
            judge: j,
            secret: false,
        });
        let hp_bob = t.s.pcs[1].hp;
        let out = t.ok(&alice(), "nw fortress resolve", &[]);
        assert!(all_text(&out).contains("fumbles the Removal"));
        assert_eq!(
            t.fort().areas[2].trap.as_ref().unwrap().state,
            TrapState::Spent
        );
        assert_eq!(t.s.pcs[1].hp, hp_bob, "only the roller is the target");
    }

    #[test]
    fn rule_nw_12_2_retreat_only_if_ruler_defeated_core_broken_or_ruler_permits() {
        for cond in ["ruler_defeated", "core_broken", "ruler_permits"] {
            let mut t = table();
            t.build();
            t.ok(&gm(), "nw fortress dive", &[]);
            let e = t.err(&alice(), "nw fortress leave", &[]);
            assert!(e.contains("Ruler is defeated"), "{e}");
            assert!(t
                .err(&alice(), "nw fortress condition", &[("what", cond)])
                .contains("only the GM"));
            t.ok(&gm(), "nw fortress condition", &[("what", cond)]);
            t.ok(&alice(), "nw fortress leave", &[]);
            assert!(!t.s.in_fortress());
        }
        // An Entrance built as the exit lets the party out there.
        let mut t = table();
        t.ok(
            &gm(),
            "nw fortress area",
            &[("name", "Door"), ("kind", "entrance"), ("exit", "true")],
        );
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&bob(), "nw fortress leave", &[]);
    }

    #[test]
    fn rule_nw_12_7_no_moving_out_during_round_progression() {
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        t.ok(&gm(), "nw enemy spawn", &[("name", "shade_swarm")]);
        t.ok(&gm(), "nw combat start", &[]);
        assert!(t
            .err(&alice(), "nw fortress move", &[("to", "Hall")])
            .contains("Withdraw"));
    }

    #[test]
    fn rule_nw_12_3_one_area_one_scene() {
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        let s0 = t.s.scene;
        t.ok(&alice(), "nw fortress move", &[("to", "Hall")]);
        assert_eq!(t.s.scene, s0 + 1);
    }

    #[test]
    fn map_hides_secret_gates_and_trap_details_from_players() {
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        let player = all_text(&t.ok(&alice(), "nw fortress show", &[]));
        assert!(
            !player.contains("Vault ⇄") && !player.contains("⇄ Vault"),
            "{player}"
        );
        assert!(
            !player.contains("xyzzy") && !player.contains("Detection"),
            "{player}"
        );
        assert!(player.contains("📍 **Gate**"), "{player}");
        let gm_map = t.ok(&gm(), "nw fortress show", &[]);
        assert!(!gm_map[0].is_public());
        let gm_text = all_text(&gm_map);
        assert!(
            gm_text.contains("SECRET") && gm_text.contains("xyzzy"),
            "{gm_text}"
        );
    }
}
