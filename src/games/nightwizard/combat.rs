//! Round-progression combat (digest §10) and the GM's table (§13): enemies spawned from the
//! enemy data, hidden until revealed; the four processes of a Round (Setup, Initiative, Main,
//! Cleanup); engagements; attacks in the six steps with opposed Judges; HP loss,
//! Incapacitated and Dead; Cover Up; bad statuses processed in the Cleanup Process.

use serde::{Deserialize, Serialize};

use super::data::{EnemyDef, NwData};
use super::judge::{attacker_wins, Cf, Dice, Judge, Mode};
use super::session::{NightWizard, OpenJudge};
pub use super::status::status_text;
use super::status::{BadStatus, BadStatuses};
use crate::table::{refuse, Actor, ButtonStyle, Decision, Message, Reply, RuleError, UserId};

#[path = "attack.rs"]
pub mod attack;

/// Stat indexes (PACC, EVA, MACC, PATK, MATK, PDEF, MDEF, SPD).
const PACC: usize = 0;
const EVA: usize = 1;
const MACC: usize = 2;
const PATK: usize = 3;
const MATK: usize = 4;
const PDEF: usize = 5;
const MDEF: usize = 6;
const SPD: usize = 7;

/// Ranges, movement, flight, retreat and Appearance Checks (§10.6, §10.7, §9.3).
#[path = "combat/movement/mod.rs"]
pub mod movement;

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
}

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
    /// A GM-only note.
    Note(String),
    /// Start combat.
    Start {
        /// Enemies use Any Seven for initiative.
        any_seven: bool,
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
    },
    /// The defender's Dodge Check.
    Dodge,
    /// Hit compared, damage rolled.
    Damage,
    /// HP Damage applied to the target.
    ApplyDamage,
    /// Cover Up for the target (GM names the enemy).
    CoverUp(Option<String>),
    /// End the Main Process without a Major Action.
    Pass,
    /// Movement, ranges, flight, retreat and Appearance Checks ([`movement`]).
    Move(movement::MoveAction),

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
        character: Box<super::character::Character>,
        /// Chat additions at the time.
        custom: Box<super::character::Custom>,
        /// Label.
        label: Option<String>,
        /// Hidden.
        hidden: bool,
    },
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

impl NightWizard {
    fn enemy(&self, label: &str) -> Option<&Enemy> {
        self.enemies.iter().find(|e| e.label == label)
    }

    fn enemy_mut(&mut self, label: &str) -> Option<&mut Enemy> {
        self.enemies.iter_mut().find(|e| e.label == label)
    }

    /// A display name; hidden enemies are named only for the GM.
    /// What the fight waits for: the current attack's next step, the current Main Process,
    /// a skill window, or the choice among tied fighters. Keys carry the round and the
    /// attack's number, so a Dodge button from an earlier attack never answers a later one.
    pub fn combat_decisions(&self) -> Vec<Decision> {
        let Some(c) = &self.combat else {
            return vec![];
        };
        let r = c.round;
        let one = |key: String, label: String, w: &Who, commands: &[&str]| {
            vec![Decision::new(
                key,
                label,
                Some(&self.controller(w)),
                commands,
            )]
        };
        match (&c.attack, &c.current) {
            // Several Defenders answer in any order: the rules track each one.
            (Some(a), _) if !a.defenders.is_empty() => vec![],
            (Some(a), _) => {
                let n = c.attack_seq;
                match a.stage {
                    Stage::Hit => one(
                        format!("r{r}-a{n}-dodge"),
                        format!("{}'s Dodge Check in round {r}", self.name_of(&a.target)),
                        &a.target,
                        &["nw combat dodge"],
                    ),
                    Stage::Dodge => one(
                        format!("r{r}-a{n}-damage"),
                        format!("{}'s damage roll in round {r}", self.name_of(&a.attacker)),
                        &a.attacker,
                        &["nw combat damage"],
                    ),
                    Stage::Damage => one(
                        format!("r{r}-a{n}-apply"),
                        format!(
                            "applying {}'s damage in round {r}",
                            self.name_of(&a.attacker)
                        ),
                        &a.attacker,
                        &["nw combat apply", "nw combat coverup"],
                    ),
                }
            }
            (None, Some(w)) => one(
                format!("r{r}-mp-{}", key_part(&self.name_of(w))),
                format!("{}'s Main Process in round {r}", self.name_of(w)),
                w,
                &["nw combat pass"],
            ),
            (None, None) if c.skills.window.is_some() => vec![Decision::new(
                format!("r{r}-window"),
                format!("the skill window of round {r}"),
                None,
                &["nw combat skip"],
            )],
            (None, None) if !c.candidates.is_empty() => vec![Decision::new(
                format!("r{r}-go-{}", c.fighters.len() - c.candidates.len()),
                format!("choosing the next Main Process in round {r}"),
                None,
                &["nw combat go"],
            )],
            (None, None) => vec![],
        }
    }

    pub fn name_of(&self, w: &Who) -> String {
        match w {
            Who::Pc(u) => self
                .pcs
                .iter()
                .find(|p| &p.user == u)
                .map(|p| p.ch.name.clone())
                .unwrap_or_else(|| u.0.clone()),
            Who::Enemy(l) => l.clone(),
        }
    }

    fn hp_of(&self, w: &Who) -> i32 {
        match w {
            Who::Pc(u) => self.pcs.iter().find(|p| &p.user == u).map_or(0, |p| p.hp),
            Who::Enemy(l) => self.enemy(l).map_or(0, |e| e.hp),
        }
    }

    fn dead(&self, w: &Who) -> bool {
        match w {
            Who::Pc(u) => self
                .pcs
                .iter()
                .find(|p| &p.user == u)
                .is_none_or(|p| p.dead),
            Who::Enemy(l) => self.enemy(l).is_none_or(|e| e.dead),
        }
    }

    fn bad_of(&self, w: &Who) -> BadStatuses {
        match w {
            Who::Pc(u) => self
                .pcs
                .iter()
                .find(|p| &p.user == u)
                .map(|p| p.bad.clone())
                .unwrap_or_default(),
            Who::Enemy(l) => self.enemy(l).map(|e| e.bad.clone()).unwrap_or_default(),
        }
    }

    fn bad_mut(&mut self, w: &Who) -> Option<&mut BadStatuses> {
        match w {
            Who::Pc(u) => self
                .pcs
                .iter_mut()
                .find(|p| &p.user == u)
                .map(|p| &mut p.bad),
            Who::Enemy(l) => self.enemy_mut(l).map(|e| &mut e.bad),
        }
    }

    fn stat(&self, data: &NwData, w: &Who, i: usize) -> i32 {
        match w {
            Who::Pc(u) => self
                .pcs
                .iter()
                .find(|p| &p.user == u)
                .map_or(0, |p| p.ch.derive(&self.catalog(data)).stats[i]),
            Who::Enemy(l) => self.enemy(l).map_or(0, |e| e.stats[i]),
        }
    }

    fn cf_of(&self, data: &NwData, w: &Who) -> Cf {
        let gm = Cf {
            critical: data.rules.gm.critical,
            fumble: data.rules.gm.fumble,
        };
        match w {
            Who::Pc(u) => self
                .pcs
                .iter()
                .find(|p| &p.user == u)
                .and_then(|p| p.cf)
                .unwrap_or(gm),
            Who::Enemy(_) => gm,
        }
    }

    /// Rolls a combat Judge: the stat with the bad statuses' modifiers (§10.12).
    #[allow(clippy::too_many_arguments)]
    fn roll(
        &self,
        data: &NwData,
        w: &Who,
        stat: usize,
        mode: Mode,
        reaction: bool,
        any_seven: bool,
        dice: &mut impl Dice,
    ) -> Judge {
        let alter = self.stat(data, w, stat) + self.bad_of(w).judge_modifier(reaction);
        Judge::roll(alter, self.cf_of(data, w), mode, any_seven, dice)
    }

    /// A hidden enemy.
    fn hidden(&self, w: &Who) -> bool {
        matches!(w, Who::Enemy(l) if self.enemy(l).is_some_and(|e| e.hidden))
    }

    fn controls(&self, actor: &Actor, w: &Who) -> bool {
        match w {
            Who::Pc(u) => &actor.id == u,
            Who::Enemy(_) => self.is_gm(actor),
        }
    }

    fn controller(&self, w: &Who) -> UserId {
        match w {
            Who::Pc(u) => u.clone(),
            Who::Enemy(_) => self.gm.clone(),
        }
    }

    fn engage_of(c: &Combat, w: &Who) -> Option<usize> {
        c.engages.iter().position(|g| g.contains(w))
    }

    /// Finds a combatant by a PC's name, a player, or an enemy label (hidden enemies only for
    /// the GM).
    fn find(&self, key: &str, gm: bool) -> Option<Who> {
        let k = key.trim().trim_start_matches('@');
        if let Some(p) = self
            .pcs
            .iter()
            .find(|p| p.ch.name.eq_ignore_ascii_case(k) || p.user.0 == k)
        {
            return Some(Who::Pc(p.user.clone()));
        }
        self.enemies
            .iter()
            .find(|e| e.label.eq_ignore_ascii_case(k) && (gm || !e.hidden))
            .map(|e| Who::Enemy(e.label.clone()))
    }
}

fn combat_mut(s: &mut NightWizard) -> Result<&mut Combat, RuleError> {
    match s.combat.as_mut() {
        Some(c) => Ok(c),
        None => refuse("there is no combat: the GM starts one with `/nwcombat start`."),
    }
}

/// Applies a combat or GM-table action.
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    a: &CombatAction,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    if let Some(r) = attack::before(s, data, rng, actor, a) {
        return r;
    }
    match a {
        CombatAction::Spawn {
            name,
            label,
            hidden,
            hp,
        } => {
            let n = name.trim();
            let Some(def) = data
                .enemies
                .iter()
                .chain(s.custom.enemies.iter())
                .find(|e| e.id.eq_ignore_ascii_case(n) || e.name.eq_ignore_ascii_case(n))
            else {
                return refuse(format!(
                    "no enemy `{n}` in the enemy data (`/nwenemy list`)."
                ));
            };
            let label = match label {
                Some(l) if !l.trim().is_empty() => l.trim().chars().take(40).collect(),
                _ => {
                    let mut k = 1;
                    loop {
                        let l = if k == 1 {
                            def.name.clone()
                        } else {
                            format!("{} {k}", def.name)
                        };
                        if s.enemy(&l).is_none() {
                            break l;
                        }
                        k += 1;
                    }
                }
            };
            if s.enemy(&label).is_some() || s.find(&label, true).is_some() {
                return refuse(format!("the label `{label}` is taken."));
            }
            if s.enemies.len() >= 30 {
                return refuse("30 enemies at most on the table.");
            }
            let mut e = enemy_from(def, label.clone(), *hidden);
            if let Some(h) = hp {
                e.hp = *h;
                e.hp_max = *h;
            }
            let gm = Message::titled(
                format!("👹 {label} ({}, {})", e.name, e.kind),
                format!(
                    "HP {} · MP {} · PACC {} · EVA {} · MACC {} · PATK {} · MATK {} · PDEF {} · MDEF {} · SPD {}\n{}{}",
                    e.hp, e.mp, e.stats[0], e.stats[1], e.stats[2], e.stats[3], e.stats[4], e.stats[5], e.stats[6], e.stats[7],
                    e.attack,
                    if *hidden { "\nHidden: players do not see it until `/nwenemy reveal`." } else { "" }
                ),
            );
            let mut out = vec![Reply::gm(gm)];
            if !hidden {
                out.push(Reply::public(Message::text(format!("👹 {label} appears."))));
            }
            if let Some(c) = s.combat.as_mut() {
                c.fighters.push(Fighter {
                    who: Who::Enemy(label.clone()),
                    count: 0,
                    post: true,
                });
            }
            s.enemies.push(e);
            Ok(out)
        }
        CombatAction::Reveal(label) => {
            let Some(e) = s.enemy_mut(label) else {
                return refuse(format!("no enemy labelled `{label}`."));
            };
            if !e.hidden {
                return refuse(format!("{label} is not hidden."));
            }
            e.hidden = false;
            Ok(vec![Reply::public(Message::text(format!(
                "👹 {label} ({}) is revealed!",
                e.name
            )))])
        }
        CombatAction::Note(t) => {
            s.gm_notes.push(t.clone());
            Ok(vec![Reply::gm(Message::titled(
                "📝 GM notes (only you see them)",
                s.gm_notes.join("\n"),
            ))])
        }
        CombatAction::Start { any_seven } => {
            if s.combat.is_some() {
                return refuse("a combat is already running (`/nwcombat end`).");
            }
            let mut fighters: Vec<Fighter> = s
                .pcs
                .iter()
                .filter(|p| !p.dead)
                .map(|p| Fighter {
                    who: Who::Pc(p.user.clone()),
                    count: 0,
                    post: false,
                })
                .collect();
            let pcs = fighters.len();
            fighters.extend(s.enemies.iter().filter(|e| !e.dead).map(|e| Fighter {
                who: Who::Enemy(e.label.clone()),
                count: 0,
                post: false,
            }));
            if pcs == 0 || fighters.iter().all(|f| attack::pc_side(s, &f.who)) {
                return refuse("combat needs at least one PC and one enemy (`/nwenemy spawn`).");
            }
            s.combat = Some(Combat {
                round: 0,
                fighters,
                current: None,
                candidates: vec![],
                used: Used::default(),
                engages: vec![],
                attack: None,
                npc_any_seven: *any_seven,
                moves: movement::Moves::default(),
                skills: skills_use::RoundState::default(),
                damage_rolls: None,
                attack_seq: 0,
            });
            let mut lines = vec!["⚔️ Combat begins.".to_string()];
            let mut gm_lines = vec![];
            new_round(s, data, rng, &mut lines, &mut gm_lines);
            Ok(s.tracker(lines, gm_lines))
        }
        CombatAction::End => {
            if s.combat.is_none() {
                return refuse("there is no combat.");
            }
            Ok(finish(s, vec!["The GM ends the combat.".into()]))
        }
        CombatAction::Engage(x, y) => {
            let (Some(a), Some(b)) = (s.find(x, true), s.find(y, true)) else {
                return refuse("name two combatants (PC names or enemy labels).");
            };
            if a == b {
                return refuse("name two different combatants.");
            }
            let c = combat_mut(s)?;
            if NightWizard::engage_of(c, &b).is_some() {
                engage(c, &b, &a);
            } else {
                engage(c, &a, &b);
            }
            Ok(s.tracker(vec![], vec![]))
        }
        CombatAction::Go(key) => {
            let c = s
                .combat
                .as_ref()
                .ok_or_else(|| RuleError::new("there is no combat."))?;
            if c.current.is_some() {
                let w = c.current.clone().unwrap_or(Who::Enemy(String::new()));
                let name = if s.hidden(&w) {
                    "the GM".to_string()
                } else {
                    s.name_of(&w)
                };
                return refuse(format!("it is {name}'s Main Process."));
            }
            let pick = match key {
                Some(k) => s.find(k, is_gm),
                None => c
                    .candidates
                    .iter()
                    .find(|w| matches!(w, Who::Pc(u) if *u == actor.id))
                    .cloned(),
            };
            let Some(w) = pick.filter(|w| c.candidates.contains(w)) else {
                return refuse("that is not one of the characters tied for the next Main Process.");
            };
            if !s.controls(actor, &w) {
                return refuse("that is not your character.");
            }
            let c = combat_mut(s)?;
            c.current = Some(w);
            c.candidates.clear();
            Ok(s.tracker(vec![], vec![]))
        }
        CombatAction::Invade(key) => {
            let me = my_turn(s, actor)?;
            let c = s
                .combat
                .as_ref()
                .ok_or_else(|| RuleError::new("there is no combat."))?;
            if c.used.moved || c.used.minor || c.used.major {
                return refuse("the Move Action comes first (Move, Minor, Major in that order), and you have one.");
            }
            if let Some(b) = s.bad_of(&me).forbidding_moves() {
                return refuse(format!("BS: {b}: no Move Actions."));
            }
            let Some(t) = s.find(key, is_gm) else {
                return refuse(format!("no combatant `{key}`."));
            };
            if t == me {
                return refuse("you cannot invade yourself.");
            }
            let mine = NightWizard::engage_of(c, &me);
            if mine.is_some() && mine == NightWizard::engage_of(c, &t) {
                return refuse("you are already engaged there.");
            }
            if let Some(g) = mine {
                if c.engages[g].iter().any(|o| attack::foes(s, &me, o)) {
                    return refuse(
                        "you are engaged with an enemy: withdraw first (`/nwcombat withdraw`).",
                    );
                }
            }
            let line = format!(
                "{} invades: engaged with {}.",
                s.name_of(&me),
                s.name_of(&t)
            );
            let c = combat_mut(s)?;
            leave(c, &me);
            engage(c, &t, &me);
            c.used.moved = true;
            Ok(say(s, &me, line))
        }
        CombatAction::Withdraw => {
            let me = my_turn(s, actor)?;
            let c = s
                .combat
                .as_ref()
                .ok_or_else(|| RuleError::new("there is no combat."))?;
            let Some(g) = NightWizard::engage_of(c, &me) else {
                return refuse("you are not in an Engage.");
            };
            if c.used.moved || c.used.minor || c.used.major {
                return refuse("the Move Action comes first (Move, Minor, Major in that order), and you have one.");
            }
            if let Some(b) = s.bad_of(&me).forbidding_moves() {
                return refuse(format!("BS: {b}: no Move Actions."));
            }
            let enemy = c.engages[g].iter().any(|o| attack::foes(s, &me, o));
            let blocker = c.engages[g]
                .iter()
                .find(|o| {
                    attack::foes(s, &me, o)
                        && matches!(o, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.blockade))
                        && s.hp_of(o) > 0
                })
                .cloned();
            if let Some(b) = blocker {
                // Blockade (§10.6): opposed SPD Judge, the withdrawing character starts it.
                let mine = s.roll(
                    data,
                    &me,
                    SPD,
                    Mode::Opposed {
                        against: None,
                        attacker: true,
                    },
                    false,
                    false,
                    rng,
                );
                let m = mine.outcome().result;
                let theirs = s.roll(
                    data,
                    &b,
                    SPD,
                    Mode::Opposed {
                        against: Some(m),
                        attacker: false,
                    },
                    false,
                    false,
                    rng,
                );
                let t = theirs.outcome().result;
                let mut lines = vec![format!(
                    "🚧 {} blockades: SPD `{}` against SPD `{}`.",
                    s.name_of(&b),
                    mine.line(),
                    theirs.line()
                )];
                let won = attacker_wins(m, t, false, false);
                let c = combat_mut(s)?;
                c.used.moved = true;
                c.used.minor = true;
                let mut gm = vec![];
                if won {
                    leave(c, &me);
                    lines.push(format!(
                        "{} breaks through and withdraws; the Main Process ends.",
                        s.name_of(&me)
                    ));
                    end_main(s, data, rng, &mut lines, &mut gm);
                } else {
                    lines.push(format!("{} is held in the Engage.", s.name_of(&me)));
                }
                return Ok(s.tracker(lines, gm));
            }
            let line = if enemy {
                format!(
                    "{} withdraws from the Engage (Move + Minor Action: the enemy hinders).",
                    s.name_of(&me)
                )
            } else {
                format!("{} moves out of the Engage.", s.name_of(&me))
            };
            let c = combat_mut(s)?;
            leave(c, &me);
            c.used.moved = true;
            c.used.minor = enemy;
            Ok(say(s, &me, line))
        }
        CombatAction::Blockade(label) => {
            let Some(Who::Enemy(l)) = s.find(label, true) else {
                return refuse(format!("no enemy labelled `{label}`."));
            };
            let c = s
                .combat
                .as_ref()
                .ok_or_else(|| RuleError::new("there is no combat."))?;
            let w = Who::Enemy(l.clone());
            if NightWizard::engage_of(c, &w).is_none() {
                return refuse(format!("{l} is in no Engage to blockade."));
            }
            let Some(e) = s.enemy_mut(&l) else {
                return refuse(format!("no enemy labelled `{label}`."));
            };
            e.blockade = !e.blockade;
            let line = if e.blockade {
                format!("🚧 {l} blockades its Engage: withdrawing takes an opposed SPD Judge.")
            } else {
                format!("{l} stops blockading.")
            };
            Ok(say(s, &w, line))
        }
        CombatAction::Minor => {
            let me = my_turn(s, actor)?;
            let c = s
                .combat
                .as_ref()
                .ok_or_else(|| RuleError::new("there is no combat."))?;
            if c.used.minor || c.used.major {
                return refuse("you have used your Minor Action (or the Major Action came first).");
            }
            let mut line = format!("{} takes a Minor Action.", s.name_of(&me));
            if let Some(b) = s.bad_mut(&me).map(|b| b.minor_action()) {
                if !b.is_empty() {
                    line = format!(
                        "{} spends a Minor Action to shake off BS: {}.",
                        s.name_of(&me),
                        b.iter()
                            .map(|b| b.name())
                            .collect::<Vec<_>>()
                            .join(", BS: ")
                    );
                }
            }
            let c = combat_mut(s)?;
            c.used.moved = true;
            c.used.minor = true;
            Ok(say(s, &me, line))
        }
        CombatAction::Pass => {
            let me = my_turn(s, actor)?;
            let line = format!("{} ends the Main Process.", s.name_of(&me));
            let (mut lines, mut gm) = if s.hidden(&me) {
                (vec![], vec![line])
            } else {
                (vec![line], vec![])
            };
            end_main(s, data, rng, &mut lines, &mut gm);
            Ok(s.tracker(lines, gm))
        }
        CombatAction::Attack { target, magic } => {
            let me = my_turn(s, actor)?;
            let c = s
                .combat
                .as_ref()
                .ok_or_else(|| RuleError::new("there is no combat."))?;
            if c.used.major {
                return refuse("you have already taken your Major Action.");
            }
            let Some(t) = s.find(target, is_gm) else {
                return refuse(format!("no target `{target}`."));
            };
            if t == me {
                return refuse("you cannot attack yourself.");
            }
            if s.dead(&t)
                || !(c.fighters.iter().any(|f| f.who == t) || movement::far(c, &t).is_some())
            {
                return refuse(format!("{} is not in the fight.", s.name_of(&t)));
            }
            let (magic, short) = match &me {
                Who::Enemy(l) => s.enemy(l).map_or((false, false), |e| (e.magic, e.short)),
                Who::Pc(u) => {
                    let short = s.pcs.iter().find(|p| &p.user == u).is_some_and(|p| {
                        let cat = s.catalog(data);
                        p.ch.items.iter().filter(|i| i.equipped).any(|i| {
                            cat.item(&i.id).is_some_and(|d| {
                                d.kind == "weapon" && d.range.eq_ignore_ascii_case("short")
                            })
                        })
                    });
                    (*magic, short || *magic)
                }
            };
            let close = NightWizard::engage_of(c, &me).is_some()
                && NightWizard::engage_of(c, &me) == NightWizard::engage_of(c, &t);
            let short = movement::reach(s, data, c, &me, &t, short)?;
            if !short && !close {
                return refuse(format!(
                    "your attack has Range: Close and {} is at Short range: invade first.",
                    s.name_of(&t)
                ));
            }
            let mut lines = vec![];
            // A hidden enemy that attacks is revealed.
            if let Who::Enemy(l) = &me {
                if s.enemy(l).is_some_and(|e| e.hidden) {
                    if let Some(e) = s.enemy_mut(l) {
                        e.hidden = false;
                    }
                    lines.push(format!("👹 {l} reveals itself!"));
                }
            }
            // Attacking an Incapacitated character kills it (§10.10).
            if s.hp_of(&t) == 0 {
                match &t {
                    Who::Pc(u) => {
                        if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                            p.dead = true;
                        }
                    }
                    Who::Enemy(l) => {
                        if let Some(e) = s.enemy_mut(l) {
                            e.dead = true;
                        }
                    }
                }
                lines.push(format!(
                    "💀 {} attacks {}, who is Incapacitated: {} is Dead.",
                    s.name_of(&me),
                    s.name_of(&t),
                    s.name_of(&t)
                ));
                let c = combat_mut(s)?;
                c.fighters.retain(|f| f.who != t);
                leave(c, &t);
                c.used.major = true;
                let mut gm = vec![];
                end_main(s, data, rng, &mut lines, &mut gm);
                return Ok(s.tracker(lines, gm));
            }
            let stat = if magic { MACC } else { PACC };
            let hit = s.roll(
                data,
                &me,
                stat,
                Mode::Opposed {
                    against: None,
                    attacker: true,
                },
                false,
                false,
                rng,
            );
            lines.push(format!(
                "⚔️ {} attacks {} ({} attack). Hit Check ({}): `{}`",
                s.name_of(&me),
                s.name_of(&t),
                if magic { "Magical" } else { "Physical" },
                if magic { "MACC" } else { "PACC" },
                hit.line()
            ));
            if matches!(me, Who::Pc(_)) {
                lines.push(
                    "(Prana on the Hit Check: `/nw prana use:…` before the Dodge Check.)".into(),
                );
            }
            open_for(s, &me, "Hit Check", &hit);
            let c = combat_mut(s)?;
            c.used.major = true;
            c.attack_seq += 1;
            c.attack = Some(Attack {
                attacker: me,
                target: t,
                magic,
                stage: Stage::Hit,
                hit,
                dodge: None,
                damage: 0,
                defenders: vec![],
                full_hit: false,
            });
            Ok(s.tracker(lines, vec![]))
        }
        CombatAction::Dodge => {
            let at = pending(s, Stage::Hit)?;
            if !s.controls(actor, &at.target) {
                return refuse(format!(
                    "the Dodge Check is {}'s to roll.",
                    s.name_of(&at.target)
                ));
            }
            let hit = take_open(s, &at.attacker, "Hit Check").unwrap_or(at.hit.clone());
            let h = hit.outcome().result;
            let dodge = s.roll(
                data,
                &at.target,
                EVA,
                Mode::Opposed {
                    against: Some(h),
                    attacker: false,
                },
                true,
                false,
                rng,
            );
            let line = format!(
                "🛡️ {} dodges against {h} (EVA): `{}`",
                s.name_of(&at.target),
                dodge.line()
            );
            open_for(s, &at.target, "Dodge Check", &dodge);
            let line = if matches!(at.target, Who::Pc(_)) {
                format!(
                    "{line}\n(Prana on the Dodge Check: `/nw prana use:…` before the damage roll.)"
                )
            } else {
                line
            };
            let c = combat_mut(s)?;
            if let Some(x) = c.attack.as_mut() {
                x.hit = hit;
                x.dodge = Some(dodge);
                x.stage = Stage::Dodge;
            }
            Ok(s.tracker(vec![line], vec![]))
        }
        CombatAction::Damage => {
            let at = pending(s, Stage::Dodge)?;
            if !s.controls(actor, &at.attacker) && !is_gm {
                return refuse("the attacker (or the GM) rolls the damage.");
            }
            let dodge = take_open(s, &at.target, "Dodge Check")
                .or(at.dodge.clone())
                .ok_or_else(|| RuleError::new("no Dodge Check yet."))?;
            let h = at.hit.outcome().result;
            let d = dodge.outcome().result;
            let mut lines = vec![];
            let mut gm = vec![];
            if !attacker_wins(h, d, false, false) {
                lines.push(format!(
                    "Hit {h} against Dodge {d}: {} dodges.",
                    s.name_of(&at.target)
                ));
                combat_mut(s)?.attack = None;
                end_main(s, data, rng, &mut lines, &mut gm);
                return Ok(s.tracker(lines, gm));
            }
            let (atk, def) = if at.magic { (MATK, MDEF) } else { (PATK, PDEF) };
            let a = s.roll(
                data,
                &at.attacker,
                atk,
                Mode::Opposed {
                    against: None,
                    attacker: true,
                },
                false,
                false,
                rng,
            );
            let b = s.roll(
                data,
                &at.target,
                def,
                Mode::Opposed {
                    against: Some(a.outcome().result),
                    attacker: false,
                },
                false,
                false,
                rng,
            );
            let damage = (a.outcome().result - b.outcome().result).max(0);
            lines.push(format!(
                "Hit {h} against Dodge {d}: a hit. Damage {}: `{}` against {}: `{}` → **{damage} HP Damage**.",
                if at.magic { "MATK" } else { "PATK" },
                a.line(),
                if at.magic { "MDEF" } else { "PDEF" },
                b.line()
            ));
            if matches!(at.attacker, Who::Pc(_)) || matches!(at.target, Who::Pc(_)) {
                lines.push(
                    "(Prana on the damage or defence roll: `/nw prana use:…` before the damage is applied.)"
                        .into(),
                );
            }
            open_for(s, &at.attacker, DAMAGE_ROLL, &a);
            open_for(s, &at.target, DEFENCE_ROLL, &b);
            let c = combat_mut(s)?;
            if let Some(x) = c.attack.as_mut() {
                x.dodge = Some(dodge);
                x.damage = damage;
                x.stage = Stage::Damage;
            }
            c.damage_rolls = Some((a, b));
            Ok(s.tracker(lines, gm))
        }
        CombatAction::ApplyDamage => {
            let at = pending(s, Stage::Damage)?;
            if !s.controls(actor, &at.attacker) && !is_gm {
                return refuse("the attacker (or the GM) applies the damage.");
            }
            let mut lines = vec![];
            close_damage(s, &at);
            land(s, data, &at, &at.target.clone(), at.damage, &mut lines);
            let mut gm = vec![];
            combat_mut(s)?.attack = None;
            end_main(s, data, rng, &mut lines, &mut gm);
            Ok(s.tracker(lines, gm))
        }
        CombatAction::CoverUp(key) => {
            let at = pending(s, Stage::Damage)?;
            let me = match key {
                Some(k) if is_gm => s.find(k, true),
                _ => s
                    .pcs
                    .iter()
                    .find(|p| p.user == actor.id)
                    .map(|p| Who::Pc(p.user.clone())),
            };
            let Some(me) = me else {
                return refuse("you have no character in this fight to Cover Up with.");
            };
            if !s.controls(actor, &me) {
                return refuse("that is not your character.");
            }
            let c = s
                .combat
                .as_ref()
                .ok_or_else(|| RuleError::new("there is no combat."))?;
            if me == at.target {
                return refuse("you cannot Cover Up for yourself.");
            }
            if me == at.attacker {
                return refuse("the attacker cannot Cover Up.");
            }
            let pre = c.fighters.iter().any(|f| f.who == me && !f.post);
            if !pre || s.hp_of(&me) == 0 {
                return refuse(
                    "Cover Up needs a Pre-action character (not Post-action, not Incapacitated).",
                );
            }
            let g = NightWizard::engage_of(c, &me);
            if g.is_none() || g != NightWizard::engage_of(c, &at.target) {
                return refuse(format!(
                    "Cover Up needs you in the same Engage as {}.",
                    s.name_of(&at.target)
                ));
            }
            let mut lines = vec![format!(
                "🛡️ {} Covers Up for {}: the damage computed against {} ({}) goes to {}; {} becomes Post-action.",
                s.name_of(&me),
                s.name_of(&at.target),
                s.name_of(&at.target),
                at.damage,
                s.name_of(&me),
                s.name_of(&me)
            )];
            close_damage(s, &at);
            land(s, data, &at, &me, at.damage, &mut lines);
            let c = combat_mut(s)?;
            for f in c.fighters.iter_mut().filter(|f| f.who == me) {
                f.post = true;
                f.count = 0;
            }
            c.attack = None;
            let mut gm = vec![];
            end_main(s, data, rng, &mut lines, &mut gm);
            Ok(s.tracker(lines, gm))
        }
        CombatAction::Move(m) => movement::apply(s, data, rng, actor, m),

        CombatAction::Heal {
            target,
            recovery,
            mp,
            who,
        } => recovery::heal(s, data, rng, actor, target, *recovery, *mp, who.as_deref()),
        CombatAction::Use {
            skill,
            item,
            target,
            who,
        } => skills_use::use_skill(
            s,
            data,
            rng,
            actor,
            skill.as_deref(),
            item.as_deref(),
            target.as_deref(),
            who.as_deref(),
        ),
        CombatAction::Skip(who) => skills_use::skip(s, data, rng, actor, who.as_deref()),
        CombatAction::Cure { target, status } => recovery::cure(s, target, status),

        CombatAction::AttackMany {
            targets,
            area,
            magic,
            full_hit,
        } => attack::declare(s, data, rng, actor, targets, *area, *magic, *full_hit),
        CombatAction::DodgeAs { who, full } => {
            attack::dodge_as(s, data, rng, actor, who.as_deref(), *full)
        }
        CombatAction::CoverFor { who, target } => {
            attack::cover(s, data, rng, actor, who.as_deref(), Some(target))
        }
        CombatAction::SpawnIncomplete {
            name,
            label,
            hidden,
            hp,
        } => attack::spawn_incomplete(s, data, rng, actor, name, label, *hidden, *hp),
        CombatAction::SpawnGuest {
            character,
            custom,
            label,
            hidden,
        } => attack::spawn_guest(s, data, character, custom, label, *hidden),
    }
}

/// A tracker whose news line goes only to the GM when it is about a hidden enemy.
fn say(s: &NightWizard, who: &Who, line: String) -> Vec<Reply> {
    if s.hidden(who) {
        s.tracker(vec![], vec![line])
    } else {
        s.tracker(vec![line], vec![])
    }
}

fn leave(c: &mut Combat, w: &Who) {
    for g in c.engages.iter_mut() {
        g.retain(|x| x != w);
    }
    c.engages.retain(|g| g.len() > 1);
}

fn engage(c: &mut Combat, anchor: &Who, w: &Who) {
    leave(c, w);
    match c.engages.iter_mut().find(|g| g.contains(anchor)) {
        Some(g) => g.push(w.clone()),
        None => c.engages.push(vec![anchor.clone(), w.clone()]),
    }
}

/// The acting character if the actor controls it and no attack is open.
fn my_turn(s: &NightWizard, actor: &Actor) -> Result<Who, RuleError> {
    let Some(c) = s.combat.as_ref() else {
        return refuse("there is no combat.");
    };
    if c.attack.is_some() {
        return refuse("finish the attack in progress first.");
    }
    let Some(w) = c.current.clone() else {
        if c.skills.window.is_some() {
            return refuse(
                "no Main Process yet: the Setup/Cleanup step is open (use a skill with `/nwcombat use`, or `/nwcombat skip`).",
            );
        }
        return refuse(
            "nobody's Main Process has started: the tied characters choose with `/nwcombat go`.",
        );
    };
    if !s.controls(actor, &w) {
        let hidden = matches!(&w, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.hidden));
        let name = if hidden {
            "the GM".to_string()
        } else {
            s.name_of(&w)
        };
        return refuse(format!("it is not your turn: it is {name}'s Main Process."));
    }
    Ok(w)
}

fn pending(s: &NightWizard, stage: Stage) -> Result<Attack, RuleError> {
    match s.combat.as_ref().and_then(|c| c.attack.clone()) {
        Some(a) if a.stage == stage => Ok(a),
        Some(a) => refuse(match a.stage {
            Stage::Hit => "the defender's Dodge Check is next (`/nwcombat dodge`).",
            Stage::Dodge => "the damage roll is next (`/nwcombat damage`).",
            Stage::Damage => "apply the damage (`/nwcombat apply`) or Cover Up.",
        }),
        None => refuse("there is no attack in progress."),
    }
}

/// Puts a PC's combat Judge among the open Judges, so `/nw prana` can change it.
fn open_for(s: &mut NightWizard, w: &Who, label: &str, j: &Judge) {
    if let Who::Pc(u) = w {
        let who = s.name_of(w);
        s.open.retain(|o| &o.user != u);
        s.judge_seq += 1;
        s.open.push(OpenJudge {
            user: u.clone(),
            who,
            label: label.to_string(),
            judge: j.clone(),
            secret: false,
            hide_difficulty: false,
            seq: s.judge_seq,
        });
    }
}

/// Copies a PC's open Hit Check or Dodge Check (after Prana) into the attack in progress, so
/// that accepting the Judge keeps what the Prana bought.
pub fn sync_open(s: &mut NightWizard) {
    if attack::sync_open(s) {
        return;
    }
    let Some(at) = s.combat.as_ref().and_then(|c| c.attack.clone()) else {
        return;
    };
    let (who, label) = match at.stage {
        Stage::Hit => (&at.attacker, "Hit Check"),
        Stage::Dodge => (&at.target, "Dodge Check"),
        Stage::Damage => return sync_damage(s, &at),
    };
    let Some(j) = open_judge(s, who, label) else {
        return;
    };
    if let Some(x) = s.combat.as_mut().and_then(|c| c.attack.as_mut()) {
        match at.stage {
            Stage::Hit => x.hit = j,
            _ => x.dodge = Some(j),
        }
    }
}

/// Open-Judge labels of the damage step.
const DAMAGE_ROLL: &str = "Damage Roll";
const DEFENCE_ROLL: &str = "Defence Roll";

/// After Prana on the damage or the defence roll: the HP Damage is worked out again from
/// the rolls as they now stand.
fn sync_damage(s: &mut NightWizard, at: &Attack) {
    let Some((mut a, mut b)) = s.combat.as_ref().and_then(|c| c.damage_rolls.clone()) else {
        return;
    };
    if let Some(j) = open_judge(s, &at.attacker, DAMAGE_ROLL) {
        a = j;
    }
    if let Some(j) = open_judge(s, &at.target, DEFENCE_ROLL) {
        b = j;
    }
    let damage = (a.outcome().result - b.outcome().result).max(0);
    if let Some(c) = s.combat.as_mut() {
        if let Some(x) = c.attack.as_mut() {
            x.damage = damage;
        }
        c.damage_rolls = Some((a, b));
    }
}

/// A PC's open combat Judge with this label as it now stands (after any Prana), without
/// closing it; enemies have none.
fn open_judge(s: &NightWizard, w: &Who, label: &str) -> Option<Judge> {
    let Who::Pc(u) = w else { return None };
    s.open
        .iter()
        .find(|o| &o.user == u && o.label == label)
        .map(|o| o.judge.clone())
}

/// Closes the damage step's open Judges once the damage lands.
fn close_damage(s: &mut NightWizard, at: &Attack) {
    take_open(s, &at.attacker, DAMAGE_ROLL);
    take_open(s, &at.target, DEFENCE_ROLL);
    if let Some(c) = s.combat.as_mut() {
        c.damage_rolls = None;
    }
}

/// Takes back a PC's combat Judge (with any Prana spent on it).
fn take_open(s: &mut NightWizard, w: &Who, label: &str) -> Option<Judge> {
    let Who::Pc(u) = w else { return None };
    let k = s
        .open
        .iter()
        .position(|o| &o.user == u && o.label == label)?;
    Some(s.open.remove(k).judge)
}

/// Step 6: HP Damage and the attack's bad status land on `on`.
fn land(
    s: &mut NightWizard,
    data: &NwData,
    at: &Attack,
    on: &Who,
    damage: i32,
    lines: &mut Vec<String>,
) {
    hurt(s, data, on, damage, lines);
    if damage > 0 {
        if let Who::Enemy(l) = &at.attacker {
            if let Some((n, r)) = s.enemy(l).and_then(|e| e.inflicts.clone()) {
                if let Some(b) = s.bad_mut(on) {
                    b.add(n.clone(), r);
                }
                lines.push(format!(
                    "{} gets BS: {n}{}.",
                    s.name_of(on),
                    if r > 0 {
                        format!(" ({r})")
                    } else {
                        String::new()
                    }
                ));
            }
        }
    }
}

/// Loses HP (floored at 0); at 0 the character is Incapacitated: Post-action, Count 0.
fn hurt(s: &mut NightWizard, data: &NwData, w: &Who, n: i32, lines: &mut Vec<String>) {
    let name = s.name_of(w);
    let (hp, max) = match w {
        Who::Pc(u) => {
            let Some(i) = s.pcs.iter().position(|p| &p.user == u) else {
                return;
            };
            let max = s.pcs[i].ch.derive(&s.catalog(data)).body;
            let p = &mut s.pcs[i];
            p.hp = (p.hp - n).max(0);
            (p.hp, max)
        }
        Who::Enemy(l) => {
            let Some(e) = s.enemy_mut(l) else { return };
            e.hp = (e.hp - n).max(0);
            (e.hp, e.hp_max)
        }
    };
    lines.push(format!("{name} loses {n} HP (HP {hp}/{max})."));
    if hp == 0 {
        if let Some(c) = s.combat.as_mut() {
            for f in c.fighters.iter_mut().filter(|f| &f.who == w) {
                f.post = true;
                f.count = 0;
            }
        }
        lines.push(match w {
            Who::Pc(_) => format!(
                "💫 {name} is Incapacitated (2 Prana, once per Scene: `/nw prana use:avoid`)."
            ),
            Who::Enemy(_) => format!("💫 {name} is Incapacitated."),
        });
    }
}

fn standing(s: &NightWizard, pcs: bool) -> bool {
    s.combat.as_ref().is_some_and(|c| {
        c.fighters
            .iter()
            .any(|f| attack::pc_side(s, &f.who) == pcs && s.hp_of(&f.who) > 0 && !s.dead(&f.who))
    })
}

/// Why the fight is over, once one side has nobody left in it: beaten, or gone (retreated
/// to Long or Extreme range, out of the initiative order).
fn over_line(s: &NightWizard) -> String {
    let won = standing(s, true);
    let fighting = |w: &Who| {
        s.combat
            .as_ref()
            .is_some_and(|c| c.fighters.iter().any(|f| &f.who == w))
    };
    let fled = if won {
        s.enemies.iter().any(|e| {
            let w = Who::Enemy(e.label.clone());
            !e.dead && e.hp > 0 && !attack::pc_side(s, &w) && !fighting(&w)
        })
    } else {
        s.pcs.iter().any(|p| {
            let w = Who::Pc(p.user.clone());
            !p.dead && p.hp > 0 && !fighting(&w)
        })
    };
    match (won, fled) {
        (true, true) => "No enemy is left in the fight (the rest retreated): the combat is won.",
        (true, false) => "No enemy is left standing: the combat is won.",
        (false, true) => "No PC is left in the fight (the rest retreated).",
        (false, false) => "No PC is left standing.",
    }
    .to_string()
}

/// Ends the current Main Process: Post-action, Count 0, Rigor ends; then the next Initiative.
fn end_main(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    lines: &mut Vec<String>,
    gm: &mut Vec<String>,
) {
    let Some(c) = s.combat.as_mut() else { return };
    let cur = c.current.take();
    c.used = Used::default();
    c.attack = None;
    c.moves.acted_round = c.round;
    if let Some(w) = cur {
        for f in c.fighters.iter_mut().filter(|f| f.who == w) {
            f.post = true;
            f.count = 0;
        }
        if let Some(b) = s.bad_mut(&w) {
            b.main_process_ended();
        }
        skills_use::on_main_end(s, &w, lines, gm);
    }
    initiative(s, data, rng, lines, gm);
}

/// The Initiative Process: the Pre-action character with the highest Count acts; ties by
/// [`rank`]; several tied of the same rank choose. None left: the Cleanup Process.
fn initiative(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    lines: &mut Vec<String>,
    gm: &mut Vec<String>,
) {
    if !standing(s, true) || !standing(s, false) {
        cleanup(s, data, rng, lines);
        lines.push(over_line(s));
        let _ = finish(s, vec![]);
        return;
    }
    let Some(c) = s.combat.as_ref() else { return };
    let pre: Vec<&Fighter> = c
        .fighters
        .iter()
        .filter(|f| !f.post && s.hp_of(&f.who) > 0 && !s.dead(&f.who))
        .collect();
    let Some(top) = pre.iter().map(|f| f.count).max() else {
        cleanup(s, data, rng, lines);
        if standing(s, true) && standing(s, false) {
            if !skills_use::open_cleanup(s, data, lines) {
                new_round(s, data, rng, lines, gm);
            }
        } else {
            lines.push(over_line(s));
            let _ = finish(s, vec![]);
        }
        return;
    };
    let tied: Vec<Who> = pre
        .iter()
        .filter(|f| f.count == top)
        .map(|f| f.who.clone())
        .collect();
    let best = tied.iter().map(|w| rank(s, w)).min().unwrap_or(0);
    let cands: Vec<Who> = tied.into_iter().filter(|w| rank(s, w) == best).collect();
    let c = match s.combat.as_mut() {
        Some(c) => c,
        None => return,
    };
    if cands.len() == 1 {
        c.current = cands.into_iter().next();
        c.candidates.clear();
    } else {
        c.current = None;
        c.candidates = cands;
    }
}

/// The Cleanup Process: Poison (rating × 1D HP), Rigor and Dazed end.
fn cleanup(s: &mut NightWizard, data: &NwData, rng: &mut impl Dice, lines: &mut Vec<String>) {
    let Some(c) = s.combat.as_ref() else { return };
    let who: Vec<Who> = c.fighters.iter().map(|f| f.who.clone()).collect();
    let round = c.round;
    lines.push(format!("🧹 Cleanup Process of Round {round}."));
    for w in who {
        if s.hp_of(&w) > 0 {
            for (b, r, d, n) in s.bad_of(&w).cleanup_losses(rng) {
                lines.push(format!(
                    "☠️ {b} ({r}) on {}: {r} × 1D [{d}] = {n}.",
                    s.name_of(&w)
                ));
                hurt(s, data, &w, n, lines);
            }
        }
        if let Some(b) = s.bad_mut(&w) {
            b.cleanup();
        }
    }
}

/// A new Round: the Setup Process (everyone not Incapacitated back to Pre-action, Counts
/// rolled), then the Initiative Process.
fn new_round(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    lines: &mut Vec<String>,
    gm: &mut Vec<String>,
) {
    let Some(c) = s.combat.as_ref() else { return };
    let who: Vec<Who> = c.fighters.iter().map(|f| f.who.clone()).collect();
    let any7 = c.npc_any_seven;
    let round = c.round + 1;
    lines.push(format!("🔔 Round {round}: Setup Process."));
    let mut counts = vec![];
    for w in &who {
        if s.hp_of(w) == 0 {
            counts.push((0, true));
            continue;
        }
        let seven = any7 && matches!(w, Who::Enemy(_));
        let j = s.roll(
            data,
            w,
            SPD,
            Mode::Normal { difficulty: None },
            false,
            seven,
            rng,
        );
        let n = initiative_count(&j);
        let text = format!("{}: SPD Judge `{}` → Count {n}", s.name_of(w), j.line());
        let hidden = matches!(w, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.hidden));
        if hidden {
            gm.push(text);
        } else {
            lines.push(text);
        }
        counts.push((n, false));
        if let Who::Pc(u) = w {
            if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                p.cf_locked = true;
                p.cf_points = 0;
            }
        }
    }
    let Some(c) = s.combat.as_mut() else { return };
    c.round = round;
    for (f, (n, post)) in c.fighters.iter_mut().zip(counts) {
        f.count = n;
        f.post = post;
    }
    if skills_use::open_setup(s, data, lines) {
        return;
    }
    initiative(s, data, rng, lines, gm);
}

/// Ends combat: every bad status is cleared.
fn finish(s: &mut NightWizard, lines: Vec<String>) -> Vec<Reply> {
    s.combat = None;
    s.open.retain(|o| {
        !["Hit Check", "Dodge Check", DAMAGE_ROLL, DEFENCE_ROLL].contains(&o.label.as_str())
    });
    for p in s.pcs.iter_mut() {
        p.bad.clear();
    }
    for e in s.enemies.iter_mut() {
        e.bad.clear();
    }
    s.tracker(lines, vec![])
}

impl NightWizard {
    /// The tracker: a public message (hidden enemies left out) and, when there are hidden
    /// enemies or GM-only lines, a GM message.
    pub fn tracker(&self, lines: Vec<String>, gm_lines: Vec<String>) -> Vec<Reply> {
        let Some(c) = &self.combat else {
            let mut l = lines;
            l.push("⚔️ Combat over: bad statuses cleared.".into());
            let standing: Vec<String> = self
                .pcs
                .iter()
                .map(|p| {
                    format!(
                        "**{}** · HP {} · MP {} · Prana {}",
                        p.ch.name, p.hp, p.mp, p.prana
                    )
                })
                .collect();
            return vec![
                Reply::public(Message::text(l.join("\n"))),
                Reply::public(
                    Message::titled("⚔️ Combat over", standing.join("\n")).in_place(TRACKER),
                ),
            ];
        };
        let board = |gm: bool| {
            let mut order: Vec<&Fighter> = c.fighters.iter().collect();
            order.sort_by_key(|f| (f.post, -f.count, rank(self, &f.who)));
            let mut rows = vec![];
            for f in order {
                let hidden =
                    matches!(&f.who, Who::Enemy(l) if self.enemy(l).is_some_and(|e| e.hidden));
                if hidden && !gm {
                    continue;
                }
                let mark = if c.current.as_ref() == Some(&f.who) {
                    "▶"
                } else if f.post {
                    "·"
                } else {
                    "○"
                };
                let bad = self.bad_of(&f.who);
                let vitals = match &f.who {
                    Who::Pc(u) => self
                        .pcs
                        .iter()
                        .find(|p| &p.user == u)
                        .map(|p| format!("HP {} · MP {} · Prana {}", p.hp, p.mp, p.prana))
                        .unwrap_or_default(),
                    Who::Enemy(l) => self
                        .enemy(l)
                        .map(|e| format!("HP {}/{} · MP {}", e.hp, e.hp_max, e.mp))
                        .unwrap_or_default(),
                };
                rows.push(format!(
                    "{mark} **{}**{} · Count {} · {vitals}{}{}{}",
                    self.name_of(&f.who),
                    if hidden { " (hidden)" } else { "" },
                    f.count,
                    if bad.is_empty() {
                        String::new()
                    } else {
                        format!(" · {}", status_text(&bad))
                    },
                    if self.hp_of(&f.who) == 0 {
                        " · Incapacitated"
                    } else if f.post {
                        " · Post-action"
                    } else {
                        ""
                    },
                    ""
                ));
            }
            let eng: Vec<String> = c
                .engages
                .iter()
                .map(|g| {
                    g.iter()
                        .filter(|w| gm || !matches!(w, Who::Enemy(l) if self.enemy(l).is_some_and(|e| e.hidden)))
                        .map(|w| self.name_of(w))
                        .collect::<Vec<_>>()
                        .join(" + ")
                })
                .collect();
            (rows, eng)
        };
        let (rows, eng) = board(false);
        let mut m = Message::titled(format!("⚔️ Round {}", c.round), rows.join("\n"));
        m = m.field(
            "Engagements",
            if eng.is_empty() {
                "none (everyone at Short range)".to_string()
            } else {
                eng.join(" · ")
            },
        );
        if let Some(p) = movement::positions(self, false) {
            m = m.field("Positions", p);
        }
        let turn_hidden =
            matches!(&c.current, Some(Who::Enemy(l)) if self.enemy(l).is_some_and(|e| e.hidden));
        let (turn, pings): (String, Vec<UserId>) = match (&c.attack, &c.current) {
            (Some(a), _) if !a.defenders.is_empty() => self.defenders_turn(a, &mut m),
            (Some(a), _) => match a.stage {
                Stage::Hit => {
                    m = m.styled_button("Dodge", "/nwcombat dodge", ButtonStyle::Primary);
                    (
                        format!("{}: roll the Dodge Check", mention(self, &a.target)),
                        vec![self.controller(&a.target)],
                    )
                }
                Stage::Dodge => {
                    m = m.styled_button("Damage", "/nwcombat damage", ButtonStyle::Primary);
                    (
                        format!("{}: compare and roll damage", mention(self, &a.attacker)),
                        vec![self.controller(&a.attacker)],
                    )
                }
                Stage::Damage => {
                    m = m.styled_button("Apply", "/nwcombat apply", ButtonStyle::Primary);
                    let cover = self.cover_buttons(a, &mut m);
                    (
                        format!(
                            "{}: apply {} damage to {} (or a Pre-action ally in the same Engage Covers Up)",
                            mention(self, &a.attacker),
                            a.damage,
                            self.name_of(&a.target)
                        ),
                        [vec![self.controller(&a.attacker)], cover].concat(),
                    )
                }
            },
            (None, Some(_)) if turn_hidden => ("the GM's turn".to_string(), vec![self.gm.clone()]),
            (None, Some(w)) => {
                m = m.styled_button("End Main Process", "/nwcombat pass", ButtonStyle::Secondary);
                (
                    format!(
                        "{}'s Main Process: Move, Minor, Major (`/nwcombat attack target:…`)",
                        mention(self, w)
                    ),
                    vec![self.controller(w)],
                )
            }
            (None, None) if c.skills.window.is_some() => {
                m = m.styled_button("Skip", "/nwcombat skip", ButtonStyle::Secondary);
                skills_use::window_turn(self, c)
            }
            (None, None) => {
                let names: Vec<String> = c.candidates.iter().map(|w| mention(self, w)).collect();
                m = m.styled_button("Go", "/nwcombat go", ButtonStyle::Primary);
                (
                    format!(
                        "tied for the next Main Process: {} (`/nwcombat go`)",
                        names.join(", ")
                    ),
                    c.candidates.iter().map(|w| self.controller(w)).collect(),
                )
            }
        };
        m = m.field("Turn", turn.clone());
        // The board is one standing message, edited in place; what just happened, whose
        // turn it is (with a ping) and the buttons come as a new, short message.
        let mut step = Message::text(if lines.is_empty() {
            format!("▶ {turn}")
        } else {
            format!("{}\n▶ {turn}", lines.join("\n"))
        });
        step.buttons = std::mem::take(&mut m.buttons);
        for p in pings {
            step = step.ping(&p);
        }
        let tracker = m
            .in_place(TRACKER)
            .with_picture(crate::table::Picture::Board { viewer: None });
        let mut out = vec![Reply::public(step), Reply::public(tracker)];
        let has_hidden = c
            .fighters
            .iter()
            .any(|f| matches!(&f.who, Who::Enemy(l) if self.enemy(l).is_some_and(|e| e.hidden)));
        if has_hidden || !gm_lines.is_empty() {
            let (rows, eng) = board(true);
            let mut body = gm_lines.join("\n");
            if !body.is_empty() {
                body.push_str("\n\n");
            }
            body.push_str(&rows.join("\n"));
            if !eng.is_empty() {
                body.push_str(&format!("\nEngagements: {}", eng.join(" · ")));
            }
            if let Some(p) = movement::positions(self, true) {
                body.push_str(&format!("\nPositions: {}", p.replace('\n', " · ")));
            }
            out.push(Reply::gm(Message::titled(
                format!("⚔️ Round {} (GM view)", c.round),
                body,
            )));
        }
        out
    }
}

/// The key of the combat tracker's standing message.
pub const TRACKER: &str = "tracker";

fn mention(s: &NightWizard, w: &Who) -> String {
    match w {
        Who::Pc(u) => format!("{} ({})", s.name_of(w), u.mention()),
        Who::Enemy(_) => format!("{} ({})", s.name_of(w), s.gm.mention()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::character::Custom;
    use super::super::data::load;
    use super::super::judge::Fixed;
    use super::super::roster::{self, NwShared};
    use super::super::session;
    use super::*;
    use crate::table::Command;
    use std::path::Path;

    fn gm() -> Actor {
        Actor::player("gm", "gm")
    }

    fn alice() -> Actor {
        Actor::player("alice", "alice")
    }

    fn bob() -> Actor {
        Actor::player("bob", "bob")
    }

    /// A session with two PCs, a Mob and a hidden Boss, combat started.
    fn setup() -> (NwData, NightWizard) {
        let data = load(Path::new("data")).unwrap();
        let mut shared = NwShared::default();
        let mut rng = crate::rng::seeded(5);
        let (mut s, _) =
            session::create(&data, &gm(), &Command::new("nw new"), Custom::default()).unwrap();
        for (a, n) in [(alice(), "Ayla"), (bob(), "Bolt")] {
            roster::global(
                &mut shared,
                &data,
                &a,
                &Command::new("nw character new")
                    .with("name", n)
                    .with("quick", "true"),
                &mut rng,
            )
            .unwrap()
            .unwrap();
            let act =
                session::parse(&s, &a, &Command::new("nw session join"), &data, &shared).unwrap();
            session::apply(&mut s, &data, Some(&mut shared), &mut rng, &a, &act).unwrap();
        }
        for (n, l, h) in [
            ("shade_swarm", "Swarm", false),
            ("lantern_emulator", "Lantern", true),
        ] {
            run(
                &mut s,
                &data,
                &gm(),
                CombatAction::Spawn {
                    name: n.into(),
                    label: Some(l.into()),
                    hidden: h,
                    hp: None,
                },
                vec![],
            )
            .unwrap();
        }
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Start { any_seven: true },
            vec![3, 3, 3, 3],
        )
        .unwrap();
        (data, s)
    }

    /// Applies with fixed dice; a refusal must leave the state unchanged.
    fn run(
        s: &mut NightWizard,
        data: &NwData,
        a: &Actor,
        act: CombatAction,
        dice: Vec<u32>,
    ) -> Result<Vec<Reply>, RuleError> {
        let before = s.clone();
        let r = apply(s, data, &mut Fixed(dice), a, &act);
        if r.is_err() {
            assert_eq!(*s, before, "a refusal changes nothing");
        }
        r
    }

    fn pc(u: &str) -> Who {
        Who::Pc(UserId::new(u))
    }

    fn en(l: &str) -> Who {
        Who::Enemy(l.into())
    }

    fn set_turn(s: &mut NightWizard, w: Who) {
        let c = s.combat.as_mut().unwrap();
        c.current = Some(w);
        c.candidates.clear();
        c.used = Used::default();
    }

    fn text(r: &[Reply]) -> String {
        r.iter()
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn rule_nw_10_1_fumble_initiative_at_or_below_0_is_count_2() {
        let cf = Cf {
            critical: 10,
            fumble: 5,
        };
        // SPD 8, Fumble (5): 8 − 10 = −2 → Count 2.
        let j = Judge::roll(
            8,
            cf,
            Mode::Normal { difficulty: None },
            false,
            &mut Fixed(vec![2, 3]),
        );
        assert_eq!(initiative_count(&j), 2);
        // SPD 14, Fumble: 14 − 10 = 4 stays 4.
        let j = Judge::roll(
            14,
            cf,
            Mode::Normal { difficulty: None },
            false,
            &mut Fixed(vec![2, 3]),
        );
        assert_eq!(initiative_count(&j), 4);
    }

    #[test]
    fn rule_nw_10_1_no_effect_lowers_count_below_1() {
        let cf = Cf {
            critical: 10,
            fumble: 5,
        };
        // SPD −9 + 3 = −6 (no fumble) → Count 1.
        let j = Judge::roll(
            -9,
            cf,
            Mode::Normal { difficulty: None },
            false,
            &mut Fixed(vec![1, 2]),
        );
        assert_eq!(initiative_count(&j), 1);
    }

    #[test]
    fn rule_nw_2_5_any_seven_count_is_spd_plus_7() {
        let cf = Cf {
            critical: 7,
            fumble: 5,
        };
        let j = Judge::roll(
            14,
            cf,
            Mode::Normal { difficulty: None },
            true,
            &mut Fixed(vec![]),
        );
        assert_eq!(initiative_count(&j), 21);
        let (_, s) = setup();
        // Enemies started with anyseven: Lantern SPD 14 → 21, Swarm SPD 8 → 15.
        let c = s.combat.as_ref().unwrap();
        let count = |w: &Who| c.fighters.iter().find(|f| &f.who == w).unwrap().count;
        assert_eq!(count(&en("Lantern")), 21);
        assert_eq!(count(&en("Swarm")), 15);
    }

    #[test]
    fn enemy_attack_text_gives_range_kind_and_bad_status() {
        let data = load(Path::new("data")).unwrap();
        let get = |id: &str| data.enemies.iter().find(|e| e.id == id).unwrap();
        let h = enemy_from(get("glass_hound"), "H".into(), false);
        assert!(!h.magic && !h.short);
        assert_eq!(h.inflicts, Some(("Poison".into(), 2)));
        let l = enemy_from(get("lantern_emulator"), "L".into(), true);
        assert!(l.magic && l.short && l.hidden);
        assert_eq!(l.inflicts, Some(("Dazed".into(), 0)));
    }

    #[test]
    fn rule_nw_10_3_ties_declared_enemies_pcs_hidden_enemies_mobs() {
        let (data, mut s) = setup();
        // Everyone on Count 10: the revealed Boss first, then PCs (tied: they choose),
        // then the hidden enemy, then the Mob.
        for f in s.combat.as_mut().unwrap().fighters.iter_mut() {
            f.count = 10;
            f.post = false;
        }
        let mut rng = Fixed(vec![]);
        let (mut l, mut g) = (vec![], vec![]);
        initiative(&mut s, &data, &mut rng, &mut l, &mut g);
        // The Boss is hidden: PCs come first.
        let c = s.combat.as_ref().unwrap();
        assert_eq!(c.current, None);
        assert_eq!(c.candidates, vec![pc("alice"), pc("bob")]);
        // A tied PC chooses to go.
        run(&mut s, &data, &bob(), CombatAction::Go(None), vec![]).unwrap();
        assert_eq!(s.combat.as_ref().unwrap().current, Some(pc("bob")));
        // Revealed, the Boss (a Declared Enemy) goes before the PCs.
        s.enemies.iter_mut().for_each(|e| e.hidden = false);
        s.combat.as_mut().unwrap().current = None;
        initiative(&mut s, &data, &mut rng, &mut l, &mut g);
        assert_eq!(s.combat.as_ref().unwrap().current, Some(en("Lantern")));
        // Mob after PCs and hidden enemies.
        s.enemies
            .iter_mut()
            .for_each(|e| e.hidden = e.label == "Lantern");
        for f in s.combat.as_mut().unwrap().fighters.iter_mut() {
            f.post = matches!(f.who, Who::Pc(_));
        }
        initiative(&mut s, &data, &mut rng, &mut l, &mut g);
        assert_eq!(s.combat.as_ref().unwrap().current, Some(en("Lantern")));
    }

    #[test]
    fn rule_nw_10_4_refusals_out_of_turn_second_major_wrong_order_non_gm() {
        let (data, mut s) = setup();
        set_turn(&mut s, pc("alice"));
        // Out of turn; a player acting for an NPC.
        assert!(run(&mut s, &data, &bob(), CombatAction::Minor, vec![]).is_err());
        assert!(run(&mut s, &data, &gm(), CombatAction::Minor, vec![]).is_err());
        // Non-GM using GM commands.
        assert!(super::super::test_table::refused(
            &s,
            &alice(),
            "nw combat end"
        ));
        assert!(super::super::test_table::refused(
            &s,
            &alice(),
            "nw enemy reveal"
        ));
        // Minor, then a Move is out of order.
        run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap();
        assert!(run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Invade("Swarm".into()),
            vec![]
        )
        .is_err());
        assert!(run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).is_err());
        // A Close attack on a target at Short range.
        let e = run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Attack {
                target: "Swarm".into(),
                magic: false,
            },
            vec![],
        );
        assert!(e.unwrap_err().to_string().contains("Short range"));
    }

    #[test]
    fn rule_nw_10_4_the_major_action_ends_the_main_process_post_action_count_0() {
        let (data, mut s) = setup();
        set_turn(&mut s, pc("alice"));
        s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
        // Hit 2D 6+6 … the Swarm dodges with 1+1: the attack hits; damage rolled; applied.
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Attack {
                target: "Swarm".into(),
                magic: false,
            },
            vec![6, 5],
        )
        .unwrap();
        assert!(run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).is_err());
        run(&mut s, &data, &gm(), CombatAction::Dodge, vec![1, 2]).unwrap();
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Damage,
            vec![6, 5, 1, 2],
        )
        .unwrap();
        let before = s.enemy("Swarm").unwrap().hp;
        let r = run(&mut s, &data, &alice(), CombatAction::ApplyDamage, vec![]).unwrap();
        let dmg = s
            .combat
            .as_ref()
            .map(|_| before - s.enemy("Swarm").unwrap().hp)
            .unwrap_or(0);
        assert!(dmg > 0, "{}", text(&r));
        let c = s.combat.as_ref().unwrap();
        let a = c.fighters.iter().find(|f| f.who == pc("alice")).unwrap();
        assert!(a.post);
        assert_eq!(a.count, 0);
        assert_ne!(c.current, Some(pc("alice")));
    }

    #[test]
    fn rule_nw_4_2_prana_raise_on_the_damage_roll_raises_the_hp_damage() {
        // §4.2 Raise Result on the attacker's damage Judge, before step 6 applies it:
        // HP Damage = Attacker Result − Defender Result with the raised Result.
        let (data, mut s) = setup();
        set_turn(&mut s, pc("alice"));
        s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
        let attack = CombatAction::Attack {
            target: "Swarm".into(),
            magic: false,
        };
        run(&mut s, &data, &alice(), attack, vec![6, 5]).unwrap();
        run(&mut s, &data, &gm(), CombatAction::Dodge, vec![1, 2]).unwrap();
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Damage,
            vec![3, 3, 2, 2],
        )
        .unwrap();
        let before = s.combat.as_ref().unwrap().attack.as_ref().unwrap().damage;
        let hp = s.enemy("Swarm").unwrap().hp;
        let prana = s.pcs[0].prana;
        let mut rng = crate::rng::seeded(1);
        for u in [session::PranaUse::Raise(1), session::PranaUse::Accept] {
            session::apply(
                &mut s,
                &data,
                None,
                &mut rng,
                &alice(),
                &session::NwAction::Prana(u),
            )
            .unwrap();
        }
        assert_eq!(s.pcs[0].prana, prana - 1);
        let raised = s.combat.as_ref().unwrap().attack.as_ref().unwrap().damage;
        // Raise Result: +2D per Prana (2 to 12 more).
        assert!(
            (before + 2..=before + 12).contains(&raised),
            "{before} → {raised}"
        );
        run(&mut s, &data, &alice(), CombatAction::ApplyDamage, vec![]).unwrap();
        assert_eq!(s.enemy("Swarm").unwrap().hp, (hp - raised).max(0));
        assert!(
            !s.open
                .iter()
                .any(|o| o.label == DAMAGE_ROLL || o.label == DEFENCE_ROLL),
            "the damage step's Judges close when the damage lands"
        );
    }

    #[test]
    fn rule_nw_4_2_prana_raise_on_the_hit_check_counts_after_accept() {
        let (data, mut s) = setup();
        set_turn(&mut s, pc("alice"));
        s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Attack {
                target: "Swarm".into(),
                magic: false,
            },
            vec![3, 4],
        )
        .unwrap();
        let base = s
            .combat
            .as_ref()
            .unwrap()
            .attack
            .as_ref()
            .unwrap()
            .hit
            .outcome()
            .result;
        let prana = s.pcs[0].prana;
        let mut rng = crate::rng::seeded(1);
        for u in [session::PranaUse::Raise(1), session::PranaUse::Accept] {
            session::apply(
                &mut s,
                &data,
                None,
                &mut rng,
                &alice(),
                &session::NwAction::Prana(u),
            )
            .unwrap();
        }
        assert_eq!(s.pcs[0].prana, prana - 1);
        run(&mut s, &data, &gm(), CombatAction::Dodge, vec![1, 2]).unwrap();
        let at = s.combat.as_ref().unwrap().attack.clone().unwrap();
        let raised = at.hit.outcome().result;
        // Raise Result: +2D per Prana (2 to 12 more).
        assert!(
            (base + 2..=base + 12).contains(&raised),
            "{base} → {raised}"
        );
        assert_eq!(
            at.dodge.unwrap().mode,
            Mode::Opposed {
                against: Some(raised),
                attacker: false
            }
        );
    }

    #[test]
    fn rule_nw_10_6_withdraw_takes_move_and_minor_when_an_enemy_hinders() {
        let (data, mut s) = setup();
        set_turn(&mut s, pc("alice"));
        s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
        // Engaged with an enemy: invading another target is refused.
        assert!(run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Invade("Bolt".into()),
            vec![]
        )
        .is_err());
        run(&mut s, &data, &alice(), CombatAction::Withdraw, vec![]).unwrap();
        let c = s.combat.as_ref().unwrap();
        assert!(c.engages.is_empty());
        assert!(c.used.moved && c.used.minor);
        assert!(run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).is_err());
    }

    #[test]
    fn rule_nw_10_6_blockade_opposed_spd_judge_win_ends_the_main_process() {
        let (data, mut s) = setup();
        set_turn(&mut s, pc("alice"));
        s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
        assert!(super::super::test_table::refused(
            &s,
            &alice(),
            "nw combat blockade"
        ));
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Blockade("Swarm".into()),
            vec![],
        )
        .unwrap();
        // Lose: Ayla rolls 1+2 (Critical 12, Fumble 2 set here) + SPD; the Swarm rolls a
        // Critical (the GM's 10) and chains: SPD 8 + 10 + 12 = 30.
        s.pcs[0].cf = Some(Cf {
            critical: 12,
            fumble: 2,
        });
        let mut lost = s.clone();
        let spd = lost.stat(&data, &pc("alice"), SPD);
        assert!(3 + spd < 30);
        let r = run(
            &mut lost,
            &data,
            &alice(),
            CombatAction::Withdraw,
            vec![1, 2, 5, 5, 6, 6],
        )
        .unwrap();
        assert!(text(&r).contains("is held"), "{}", text(&r));
        assert_eq!(lost.combat.as_ref().unwrap().engages.len(), 1);
        assert_eq!(lost.combat.as_ref().unwrap().current, Some(pc("alice")));
        assert!(lost.combat.as_ref().unwrap().used.minor);
        // Win (ties go to the withdrawing side): out of the Engage, Main Process over.
        let r = run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Withdraw,
            vec![6, 5, 1, 2],
        )
        .unwrap();
        assert!(text(&r).contains("breaks through"), "{}", text(&r));
        let c = s.combat.as_ref().unwrap();
        assert!(c.engages.is_empty());
        assert!(
            c.fighters
                .iter()
                .find(|f| f.who == pc("alice"))
                .unwrap()
                .post
        );
    }

    #[test]
    fn rule_nw_10_10_attacking_an_incapacitated_character_kills() {
        let (data, mut s) = setup();
        set_turn(&mut s, en("Swarm"));
        s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
        s.pcs[0].hp = 0;
        let r = run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Attack {
                target: "Ayla".into(),
                magic: false,
            },
            vec![],
        )
        .unwrap();
        assert!(text(&r).contains("Ayla is Dead"));
        assert!(s.pcs[0].dead);
    }

    #[test]
    fn rule_nw_10_13_cover_up_takes_b_damage_and_becomes_post_action() {
        let (data, mut s) = setup();
        set_turn(&mut s, en("Swarm"));
        {
            let c = s.combat.as_mut().unwrap();
            c.engages = vec![vec![pc("alice"), en("Swarm"), pc("bob")]];
            for f in c.fighters.iter_mut() {
                f.post = false;
            }
        }
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Attack {
                target: "Ayla".into(),
                magic: false,
            },
            vec![6, 6, 1],
        )
        .unwrap();
        run(&mut s, &data, &alice(), CombatAction::Dodge, vec![1, 2]).unwrap();
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Damage,
            vec![6, 6, 6, 1, 2],
        )
        .unwrap();
        let dmg = s.combat.as_ref().unwrap().attack.as_ref().unwrap().damage;
        assert!(dmg > 0);
        // Not for yourself.
        assert!(run(&mut s, &data, &alice(), CombatAction::CoverUp(None), vec![]).is_err());
        let (ha, hb) = (s.pcs[0].hp, s.pcs[1].hp);
        run(&mut s, &data, &bob(), CombatAction::CoverUp(None), vec![]).unwrap();
        assert_eq!(s.pcs[0].hp, ha, "B takes nothing");
        assert_eq!(
            s.pcs[1].hp,
            (hb - dmg).max(0),
            "A takes the damage computed against B"
        );
        let f = s
            .combat
            .as_ref()
            .unwrap()
            .fighters
            .iter()
            .find(|f| f.who == pc("bob"))
            .unwrap()
            .clone();
        assert!(f.post);
        assert_eq!(f.count, 0);
    }

    #[test]
    fn rule_nw_10_14_cleanup_poison_rating_times_1d_dazed_and_rigor_end() {
        let (data, mut s) = setup();
        s.pcs[0].bad = vec![
            ("Poison".into(), 3),
            ("Dazed".into(), 0),
            ("Rigor".into(), 0),
        ]
        .into();
        let hp = s.pcs[0].hp;
        let mut l = vec![];
        // Poison (3) × 1D [4] = 12.
        cleanup(&mut s, &data, &mut Fixed(vec![4]), &mut l);
        assert_eq!(s.pcs[0].hp, (hp - 12).max(0));
        assert_eq!(s.pcs[0].bad, vec![("Poison".to_string(), 3)]);
        // All bad statuses end with the combat.
        run(&mut s, &data, &gm(), CombatAction::End, vec![]).unwrap();
        assert!(s.pcs[0].bad.is_empty());
    }

    #[test]
    fn a_hidden_enemy_moving_is_told_only_to_the_gm() {
        let (data, mut s) = setup();
        set_turn(&mut s, en("Lantern"));
        let r = run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Invade("Ayla".into()),
            vec![],
        )
        .unwrap();
        for m in r.iter().filter(|r| r.is_public()) {
            assert!(
                !m.message.plain_text().contains("Lantern"),
                "{}",
                m.message.plain_text()
            );
        }
        assert!(r
            .iter()
            .any(|m| !m.is_public() && m.message.plain_text().contains("Lantern invades")));
        let e = run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap_err();
        assert!(!e.to_string().contains("Lantern"));
    }

    #[test]
    fn gm_notes_and_hidden_enemies_only_reach_the_gm() {
        let (data, mut s) = setup();
        let r = run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Note("secret plan".into()),
            vec![],
        )
        .unwrap();
        assert!(r.iter().all(|r| !r.is_public()));
        let t = s.tracker(vec![], vec![]);
        for r in t.iter().filter(|r| r.is_public()) {
            assert!(!r.message.plain_text().contains("Lantern"));
        }
        assert!(t
            .iter()
            .any(|r| !r.is_public() && r.message.plain_text().contains("Lantern")));
    }
}

// Recovery and skill use share this module's private helpers, so they are its submodules.
#[path = "combat/recovery/mod.rs"]
pub mod recovery;
#[path = "combat/skills_use/mod.rs"]
pub mod skills_use;

/// A name cut down to what a decision key may carry (letters and digits, at most 20).
pub fn key_part(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20)
        .collect()
}
