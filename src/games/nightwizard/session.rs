//! A channel's Night Wizard session: the GM, the joined PCs with their session values
//! (HP, MP, Prana, Critical/Fumble), the episode's phase, and open Judges awaiting Prana.

use serde::{Deserialize, Serialize};

use super::character::{Catalog, Character, Custom};
use super::combat::CombatAction;
use super::commands::{
    CfBy, CfValue, CombatCommand, EnemyCommand, NwCommand, PhaseCommand, PranaChoice, RaiseDice,
    SessionCommand,
};
use super::data::{attr_index, stat_index, NwData, ATTRS, STAT_LABEL};
use super::judge::{chance, roll_cf, Cf, Judge, JudgeRules, Mode};
use super::roster::NwShared;
use super::sheet::{self, Live};
use crate::dice::percent;
use crate::rng::GameRng;
use crate::table::{
    refuse, Actor, ButtonStyle, Choices, Command, Commands, Decision, Message, Reply, RuleError,
    UserId,
};

/// The episode's phases, in order.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum Phase {
    /// Preparation.
    Preplay,
    /// Introductions.
    Opening,
    /// The main body.
    Middle,
    /// The boss.
    Climax,
    /// Reset and rewards.
    After,
}

impl Phase {
    /// The phase's name (`Middle Phase`).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Preplay => "Preplay",
            Phase::Opening => "Opening Phase",
            Phase::Middle => "Middle Phase",
            Phase::Climax => "Climax Phase",
            Phase::After => "After Phase",
        }
    }
    fn next(self) -> Phase {
        match self {
            Phase::Preplay => Phase::Opening,
            Phase::Opening => Phase::Middle,
            Phase::Middle => Phase::Climax,
            Phase::Climax => Phase::After,
            Phase::After => Phase::Preplay,
        }
    }
}

/// A player character in the session.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Pc {
    /// Player.
    pub user: UserId,
    /// The character (snapshot taken when joining).
    pub ch: Character,
    /// Current HP.
    pub hp: i32,
    /// Current MP.
    pub mp: i32,
    /// Current Prana.
    pub prana: i32,
    /// Values as rolled this session.
    pub cf_rolled: Option<Cf>,
    /// Values after CF Mod shifts.
    pub cf: Option<Cf>,
    /// CF Mod points left to spend.
    pub cf_points: i32,
    /// Locked.
    pub cf_locked: bool,
    /// Bad statuses (name, rating; 0 = unrated).
    pub bad: Vec<(String, u32)>,
    /// Scene in which Avoid Incapacitated was used.
    pub avoided_scene: Option<u32>,
    /// Lunar Logics ignored this scenario.
    pub logics: Vec<String>,
    /// Dead (attacked while Incapacitated, §10.10).
    #[serde(default)]
    pub dead: bool,
}

/// A rolled Judge that may still take Prana.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OpenJudge {
    /// Roller.
    pub user: UserId,
    /// Roller's display name.
    pub who: String,
    /// What was rolled.
    pub label: String,
    /// The Judge.
    pub judge: Judge,
    /// Secret.
    pub secret: bool,
    /// The Difficulty is the GM's secret (`/nw ask hidden:true`): shown only to the GM.
    #[serde(default)]
    pub hide_difficulty: bool,
    /// Number of this Judge in the session (its Prana window's decision key).
    #[serde(default)]
    pub seq: u32,
}

/// Table settings the GM may change.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Settings {
    /// Judge settings (Raise Result dice, Fudge repeats).
    pub judge: JudgeRules,
    /// Players may declare Any Seven.
    pub anyseven_players: bool,
    /// Optional rule §9.3: latecomers make Appearance Checks (default off).
    #[serde(default)]
    pub appearance: bool,
    /// The Appearance Check's Difficulty (None: the usual 10).
    #[serde(default)]
    pub appearance_dc: Option<i32>,

    /// Natural-healing Recovery values: Str − 5 (default) or Str ÷ 5 (§10.11).
    #[serde(default)]
    pub natural: super::combat::recovery::NaturalReading,
    /// The public tracker shows enemies' exact HP and MP (default: a condition only; the GM
    /// always sees the numbers).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub enemy_vitals: bool,
}

/// The session state.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct NightWizard {
    /// The GM (the host).
    pub gm: UserId,
    /// Settings.
    pub settings: Settings,
    /// Phase.
    pub phase: Phase,
    /// Episode number.
    pub episode: u32,
    /// Scene number (for once-per-Scene limits).
    pub scene: u32,
    /// Real-life session number (Critical/Fumble are rerolled each one).
    pub session_no: u32,
    /// PCs.
    pub pcs: Vec<Pc>,
    /// The latest Judge of each roller that may still take Prana.
    pub open: Vec<OpenJudge>,
    /// Skills and items added in chat (snapshot).
    pub custom: Custom,
    /// Enemies on the GM's table.
    #[serde(default)]
    pub enemies: Vec<super::combat::Enemy>,
    /// The fight in progress.
    #[serde(default)]
    pub combat: Option<super::combat::Combat>,
    /// Notes only the GM sees.
    #[serde(default)]
    pub gm_notes: Vec<String>,
    /// The Fortress, the Dive and the Lunar Casket.
    #[serde(default)]
    pub fortress: super::fortress::FortressState,
    /// Judges the GM asked players for, waiting for their press (`/nw ask`).
    #[serde(default)]
    pub asks: Vec<super::ask::Ask>,
    /// The last ask number given out.
    #[serde(default)]
    pub ask_seq: u32,
    /// Judges opened so far (numbers each [`OpenJudge`]).
    #[serde(default)]
    pub judge_seq: u32,
}

/// A Prana use.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum PranaUse {
    /// Reroll the dice.
    Reroll,
    /// Cancel a Fumble.
    Cancel,
    /// Fudge by +1 / −1.
    Fudge(bool),
    /// Raise Result.
    Raise(u32),
    /// Close the Judge.
    Accept,
    /// Pay a skill's Prana cost.
    Cost(u32),
    /// Avoid Incapacitated.
    Avoid,
    /// Ignore a Lunar Logic.
    Logic(String),
}

/// What players and the GM do in a session.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum NwAction {
    /// Bring a character (a snapshot from the roster).
    Join {
        /// The character.
        character: Box<Character>,
        /// Chat additions at the time.
        custom: Box<Custom>,
    },
    /// Leave.
    Leave,
    /// Spend a CF Mod point.
    CfShift {
        /// Critical (true) or Fumble.
        critical: bool,
        /// +1 or −1.
        up: bool,
    },
    /// Lock values.
    CfLock,
    /// New real-life session: reroll values.
    NextSession,
    /// GM sets a PC's values.
    Set {
        /// Whose.
        user: UserId,
        /// HP.
        hp: Option<i32>,
        /// MP.
        mp: Option<i32>,
        /// Bad status to add (`clear` clears).
        status: Option<String>,
    },
    /// Next phase.
    PhaseNext {
        /// OP for the After phase.
        op: i64,
    },
    /// New Scene.
    Scene,
    /// Roll a Judge.
    Judge {
        /// Attribute, combat stat, or `none`.
        stat: String,
        /// Difficulty.
        difficulty: Option<i32>,
        /// Extra modifier.
        modifier: i32,
        /// Opposed: the other Result.
        against: Option<i32>,
        /// Opposed: this side started.
        attacker: bool,
        /// Recovery Judge.
        recovery: bool,
        /// Any Seven.
        any_seven: bool,
        /// Secret.
        secret: bool,
        /// Label.
        label: String,
        /// Only show the chance, with a button that rolls (this command).
        #[serde(default)]
        preview: Option<String>,
        /// A Reaction (e.g. a Dodge Check): −5 under BS: Paralysis.
        #[serde(default)]
        reaction: bool,
        /// The Difficulty is the GM's secret (set only by `/nw answer`).
        #[serde(default)]
        hidden: bool,
    },
    /// Spend Prana.
    Prana(PranaUse),
    /// Combat and the GM's table.
    Combat(super::combat::CombatAction),
    /// Change settings.
    Settings {
        /// Raise dice.
        raise_dice: Option<u32>,
        /// Fudge repeat.
        fudge_repeat: Option<bool>,
        /// Any Seven for players.
        anyseven_players: Option<bool>,
        /// Appearance Checks on or off (§9.3).
        #[serde(default)]
        appearance: Option<bool>,
        /// Appearance Check Difficulty.
        #[serde(default)]
        appearance_dc: Option<i32>,

        /// Natural-healing reading.
        #[serde(default)]
        natural: Option<super::combat::recovery::NaturalReading>,
        /// Enemies' exact HP and MP on the public tracker.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        enemy_vitals: Option<bool>,
    },
    /// Natural recovery (GM): full rest, tense rest, or out of the Scene (§9.4, §10.11).
    Rest {
        /// Which kind.
        mode: super::combat::recovery::RestMode,
        /// One PC (default: every PC).
        user: Option<UserId>,
    },
    /// Fortresses and the Lunar Casket.
    Fortress(super::fortress::FortressAction),
    /// The GM asks a player for a Judge; the player answers with a button.
    Ask(super::ask::AskAction),
}

/// `/nw new`: the host is the GM.
pub fn create(
    data: &NwData,
    host: &Actor,
    cmd: &Command,
    custom: Custom,
) -> Result<(NightWizard, Vec<Reply>), RuleError> {
    let NwCommand::New {
        raise,
        fudge_repeat,
    } = NwCommand::from_command(cmd)?
    else {
        return refuse("a Night Wizard session opens with `/nw new`.");
    };
    let judge = JudgeRules {
        raise_dice: raise.map_or(2, RaiseDice::dice),
        fudge_repeat: fudge_repeat.unwrap_or(false),
    };
    let s = NightWizard {
        gm: host.id.clone(),
        settings: Settings {
            judge,
            anyseven_players: false,
            appearance: false,
            appearance_dc: None,

            natural: Default::default(),
            enemy_vitals: false,
        },
        phase: Phase::Preplay,
        episode: 1,
        scene: 0,
        session_no: 1,
        pcs: vec![],
        open: vec![],
        custom,
        enemies: vec![],
        combat: None,
        gm_notes: vec![],
        fortress: Default::default(),
        asks: vec![],
        ask_seq: 0,
        judge_seq: 0,
    };
    let m = Message::titled(
        "🌙 Night Wizard session open",
        format!(
            "{} is the GM. Players: bring a character with `/nw session join` (make one with `/nw character new`, add `quick:true` for a random one). Raise Result adds {}D per Prana. The GM's Critical is {} and Fumble {}.",
            host.id.mention(),
            judge.raise_dice,
            data.rules.gm.critical,
            data.rules.gm.fumble
        ),
    )
    .button("Join", "/nw session join");
    Ok((s, vec![Reply::public(m)]))
}

/// Turns a command into an action; joining takes the character's snapshot from the roster.
pub fn parse(
    s: &NightWizard,
    actor: &Actor,
    cmd: &Command,
    data: &NwData,
    shared: &NwShared,
) -> Result<NwAction, RuleError> {
    use super::combat::{attack, movement};
    let flag = |b: Option<bool>| b.unwrap_or(false);
    Ok(match NwCommand::from_command(cmd)? {
        NwCommand::Session(c) => match c {
            SessionCommand::Join { character } => {
                let c = shared.find(&actor.id, character.as_deref())?;
                NwAction::Join {
                    character: Box::new(c.clone()),
                    custom: Box::new(shared.custom.clone()),
                }
            }
            SessionCommand::Leave => NwAction::Leave,
            SessionCommand::Cf { value, by } => NwAction::CfShift {
                critical: value == CfValue::Critical,
                up: by == CfBy::Up,
            },
            SessionCommand::Lock => NwAction::CfLock,
            SessionCommand::Next => NwAction::NextSession,
            SessionCommand::Set {
                player,
                hp,
                mp,
                status,
            } => NwAction::Set {
                user: player,
                hp: hp.map(|v| v.clamp(-9999, 99_999) as i32),
                mp: mp.map(|v| v.clamp(-9999, 99_999) as i32),
                status: status.map(|s| s.to_ascii_lowercase()),
            },
        },
        NwCommand::Phase(PhaseCommand::Next { op }) => NwAction::PhaseNext {
            op: op.unwrap_or(data.rules.op.min),
        },
        NwCommand::Phase(PhaseCommand::Scene) => NwAction::Scene,
        NwCommand::Judge {
            stat,
            difficulty,
            modifier,
            against,
            attacker,
            recovery,
            anyseven,
            secret,
            label,
            preview,
            reaction,
        } => {
            let stat = stat.to_ascii_lowercase();
            if stat != "none" && attr_index(&stat).is_none() && stat_index(&stat).is_none() {
                return refuse(format!(
                    "`{stat}` is not an attribute ({}) or combat stat ({}); use none for a plain modifier.",
                    ATTRS.join(", "),
                    STAT_LABEL.join(", ").to_ascii_lowercase()
                ));
            }
            let n = |v: Option<i64>| v.map(|v| v as i32);
            NwAction::Judge {
                stat,
                difficulty: n(difficulty),
                modifier: n(modifier).unwrap_or(0),
                against: n(against),
                attacker: flag(attacker),
                recovery: flag(recovery),
                any_seven: flag(anyseven),
                secret: flag(secret),
                label: label.unwrap_or_default().chars().take(80).collect(),
                preview: if flag(preview) {
                    let mut roll = cmd.clone();
                    roll.options.remove("preview");
                    Some(roll.to_string())
                } else {
                    None
                },
                reaction: flag(reaction),
                hidden: false,
            }
        }
        NwCommand::Prana {
            r#use,
            amount,
            logic,
        } => {
            let amount = amount.unwrap_or(1);
            NwAction::Prana(match r#use {
                PranaChoice::Reroll => PranaUse::Reroll,
                PranaChoice::Cancel => PranaUse::Cancel,
                PranaChoice::FudgeUp => PranaUse::Fudge(true),
                PranaChoice::FudgeDown => PranaUse::Fudge(false),
                PranaChoice::Raise => PranaUse::Raise(amount),
                PranaChoice::Accept => PranaUse::Accept,
                PranaChoice::Cost => PranaUse::Cost(amount),
                PranaChoice::Avoid => PranaUse::Avoid,
                PranaChoice::Logic => {
                    let Some(logic) = logic else {
                        return refuse(
                            "which Lunar Logic? `/nw prana use:logic logic:<its number or text>`.",
                        );
                    };
                    PranaUse::Logic(logic.trim().chars().take(80).collect())
                }
            })
        }
        NwCommand::Enemy(EnemyCommand::Spawn {
            name,
            r#as,
            hidden,
            hp,
            guest,
            incomplete,
        }) => NwAction::Combat(attack::lower_spawn(
            s,
            actor,
            attack::SpawnRequest {
                name,
                label: r#as,
                hidden: flag(hidden),
                hp,
                guest: flag(guest),
                incomplete: flag(incomplete),
            },
            data,
            shared,
        )?),
        NwCommand::Enemy(EnemyCommand::Reveal { label }) => {
            NwAction::Combat(CombatAction::Reveal(label.trim().to_string()))
        }
        NwCommand::Enemy(EnemyCommand::Note { text }) => {
            NwAction::Combat(CombatAction::Note(text.chars().take(300).collect()))
        }
        NwCommand::Combat(c) => NwAction::Combat(match c {
            CombatCommand::Start { anyseven } => CombatAction::Open {
                any_seven: flag(anyseven),
            },
            CombatCommand::End => CombatAction::End,
            CombatCommand::Engage { a, b } => CombatAction::Engage(a, b),
            CombatCommand::Go { who } => CombatAction::Go(who),
            CombatCommand::Invade { target } => CombatAction::Invade(target),
            CombatCommand::Withdraw => CombatAction::Withdraw,
            CombatCommand::Minor => CombatAction::Minor,
            CombatCommand::Blockade { enemy } => CombatAction::Blockade(enemy),
            CombatCommand::Attack {
                target,
                magic,
                targets,
                area,
                fullhit,
            } => attack::lower_attack(target, magic, targets, area, fullhit)?,
            CombatCommand::Dodge { who, full } => attack::lower_dodge(who, full),
            CombatCommand::Damage => CombatAction::RollDamage,
            CombatCommand::Apply => CombatAction::ApplyDamage,
            CombatCommand::Coverup { who, r#for } => attack::lower_coverup(who, r#for),
            CombatCommand::Pass => CombatAction::Pass,
            CombatCommand::Move {
                to,
                with,
                range,
                steps,
            } => CombatAction::Move(movement::lower_move(to, with, range, steps)?),
            CombatCommand::Fly { land, who } => CombatAction::Move(movement::MoveAction::Fly {
                land: flag(land),
                who,
            }),
            CombatCommand::Appear => CombatAction::Move(movement::MoveAction::Appear),
            CombatCommand::Range { who, band } => CombatAction::Move(movement::MoveAction::Place {
                who,
                band: movement::band_of(band),
            }),
            CombatCommand::Heal {
                target,
                recovery,
                mp,
                who,
            } => CombatAction::Heal {
                target,
                recovery,
                mp: flag(mp),
                who,
            },
            CombatCommand::Use {
                skill,
                item,
                target,
                who,
            } => CombatAction::Use {
                skill,
                item,
                target,
                who,
            },
            CombatCommand::Skip { who } => CombatAction::Skip(who),
            CombatCommand::Cure { target, status } => CombatAction::Cure { target, status },
        }),
        NwCommand::Settings {
            raise,
            fudge_repeat,
            anyseven_players,
            appearance,
            appearance_dc,
            natural_recovery,
            enemy_vitals,
        } => NwAction::Settings {
            raise_dice: raise.map(RaiseDice::dice),
            fudge_repeat,
            anyseven_players,
            appearance,
            appearance_dc,
            natural: natural_recovery,
            enemy_vitals,
        },
        NwCommand::Rest { mode, player } => NwAction::Rest { mode, user: player },
        NwCommand::Fortress(c) => NwAction::Fortress(super::fortress::lower(c)?),
        NwCommand::Casket(c) => NwAction::Fortress(super::fortress::FortressAction::Casket(
            super::casket::lower(c),
        )),
        NwCommand::Ask {
            player,
            stat,
            difficulty,
            label,
            hidden,
            cancel,
        } => super::ask::lower_ask(player, stat, difficulty, label, hidden, cancel)?,
        NwCommand::Answer { id } => NwAction::Ask(super::ask::AskAction::Answer(id)),
        other => {
            return refuse(format!(
                "`/nw {}` is not a session command; try session, phase, judge, prana or settings.",
                other.path().unwrap_or_default()
            ))
        }
    })
}

impl NightWizard {
    /// Where skills and items are looked up for this session.
    pub fn catalog<'a>(&'a self, data: &'a NwData) -> Catalog<'a> {
        self.cat(data)
    }

    /// Whether `actor` acts as the GM: the session's GM, or someone who may manage the channel
    /// (the host or a channel manager). The one "is GM" rule of Night Wizard: the table checks
    /// the commands declared `perm = gm` with the same people ([`crate::table::Game::gms`] plus
    /// managers); the rules use this for what depends on more than the command (an option only
    /// the GM may give, what the GM sees, whose enemy it is).
    pub fn is_gm(&self, actor: &Actor) -> bool {
        self.counts_as_gm(Some(&actor.id), actor.manager)
    }

    /// [`Self::is_gm`] for a viewer: `user` (`None`: the public view) who may or may not manage.
    pub fn counts_as_gm(&self, user: Option<&UserId>, manager: bool) -> bool {
        manager || user == Some(&self.gm)
    }

    fn cat<'a>(&'a self, data: &'a NwData) -> Catalog<'a> {
        Catalog {
            data,
            custom: &self.custom,
        }
    }

    fn pc_index(&self, u: &UserId) -> Option<usize> {
        self.pcs.iter().position(|p| &p.user == u)
    }

    fn live<'a>(&self, p: &'a Pc) -> Live<'a> {
        Live {
            hp: p.hp,
            mp: p.mp,
            prana: p.prana,
            cf: p.cf,
            cf_locked: p.cf_locked,
            bad: &p.bad,
        }
    }

    /// What the session waits for outside combat: each open Judge's Prana window (until
    /// accepted, or replaced by that player's next Judge) and each PC's Critical/Fumble
    /// adjustment (until locked). Another player joining or rolling settles neither.
    pub fn session_decisions(&self) -> Vec<Decision> {
        let mut out: Vec<Decision> = self
            .open
            .iter()
            .map(|j| {
                Decision::new(
                    format!("j{}", j.seq),
                    format!("Prana on {}'s {}", j.who, j.label),
                    Some(&j.user),
                    &["nw prana"],
                )
            })
            .collect();
        for p in &self.pcs {
            if p.cf_rolled.is_some() && !p.cf_locked {
                out.push(Decision::new(
                    format!(
                        "e{}-cf-{}",
                        self.episode,
                        super::combat::key_part(&p.user.0)
                    ),
                    format!("{}'s Critical and Fumble values", p.ch.name),
                    Some(&p.user),
                    &["nw session cf", "nw session lock"],
                ));
            }
        }
        out
    }

    fn cf_message(&self, p: &Pc) -> Message {
        let (Some(r), Some(cf)) = (p.cf_rolled, p.cf) else {
            return Message::text("No values rolled.");
        };
        let mut m = Message::titled(
            format!("🎲 {}: Critical and Fumble", p.ch.name),
            format!(
                "Rolled Critical {} and Fumble {}. Now Critical **{}**, Fumble **{}**; {} CF Mod point(s) left. Each point moves one value by 1 (values stay 2-12 and different). Lock when done.",
                r.critical, r.fumble, cf.critical, cf.fumble, p.cf_points
            ),
        );
        if p.cf_points > 0 {
            m = m
                .styled_button(
                    "Critical −1",
                    "/nw session cf value:critical by:-1",
                    ButtonStyle::Secondary,
                )
                .styled_button(
                    "Critical +1",
                    "/nw session cf value:critical by:+1",
                    ButtonStyle::Secondary,
                )
                .styled_button(
                    "Fumble −1",
                    "/nw session cf value:fumble by:-1",
                    ButtonStyle::Secondary,
                )
                .styled_button(
                    "Fumble +1",
                    "/nw session cf value:fumble by:+1",
                    ButtonStyle::Secondary,
                );
        }
        m.styled_button("Lock", "/nw session lock", ButtonStyle::Success)
    }

    fn roll_values(&self, p: &mut Pc, data: &NwData, rng: &mut GameRng) -> String {
        let (cf, rerolls) = roll_cf(rng);
        p.cf_rolled = Some(cf);
        p.cf = Some(cf);
        p.cf_points = p.ch.derive(&self.cat(data)).cf_mod;
        p.cf_locked = false;
        if rerolls.is_empty() {
            String::new()
        } else {
            format!(
                " (Fumble rerolled {} time(s) for equalling the Critical)",
                rerolls.len()
            )
        }
    }

    fn judge_buttons(&self, j: &OpenJudge) -> Vec<(String, String)> {
        let Some(i) = self.pc_index(&j.user) else {
            return vec![];
        };
        let p = &self.pcs[i];
        let mut b = vec![];
        if p.prana > 0 {
            let mut t = j.judge.clone();
            let mut fake = super::judge::Fixed(vec![3, 3, 3, 3, 3, 3]);
            if t.clone().reroll(&mut fake).is_ok() {
                b.push(("Reroll (1 Prana)".into(), "/nw prana use:reroll".into()));
            }
            if t.clone().cancel_fumble().is_ok() {
                b.push((
                    "Cancel Fumble (1 Prana)".into(),
                    "/nw prana use:cancel".into(),
                ));
            }
            if t.clone()
                .fudge(true, &self.settings.judge, &mut fake)
                .is_ok()
            {
                b.push(("Fudge +1 (1 Prana)".into(), "/nw prana use:fudge_up".into()));
            }
            if t.clone()
                .fudge(false, &self.settings.judge, &mut fake)
                .is_ok()
            {
                b.push((
                    "Fudge −1 (1 Prana)".into(),
                    "/nw prana use:fudge_down".into(),
                ));
            }
            if t.raise(1, &self.settings.judge, &mut fake).is_ok() {
                b.push((
                    format!("Raise +{}D (1 Prana)", self.settings.judge.raise_dice),
                    "/nw prana use:raise".into(),
                ));
            }
        }
        b.push(("Accept".into(), "/nw prana use:accept".into()));
        b
    }

    fn judge_message(&self, j: &OpenJudge, data: &NwData, pre: Option<String>) -> Message {
        let o = j.judge.outcome();
        let mut body = String::new();
        if let Some(p) = pre {
            body.push_str(&p);
            body.push('\n');
        }
        body.push_str(&format!("`{}`", j.judge.line()));
        if let (
            Mode::Normal {
                difficulty: Some(d),
            },
            false,
        ) = (j.judge.mode, j.hide_difficulty)
        {
            body.push_str(&format!("\nDifficulty {d} ({})", data.difficulty_label(d)));
        }
        if j.judge.prana_spent > 0 {
            body.push_str(&format!(
                "\nPrana spent on this Judge: {}",
                j.judge.prana_spent
            ));
        }
        if o.fumble {
            body.push_str("\nFumble: the Result is the Alter − 10 (not an automatic failure).");
        }
        let title = format!("🎲 {}: {}", j.who, j.label);
        let mut m = Message::titled(title, body);
        if let Some(i) = self.pc_index(&j.user) {
            m = m.field("Prana", format!("{} left", self.pcs[i].prana));
        }
        m
    }

    /// Replies for a Judge: public (or secret to roller + GM), with Prana buttons for the roller.
    fn judge_replies(&self, j: &OpenJudge, data: &NwData, pre: Option<String>) -> Vec<Reply> {
        let m = self.judge_message(j, data, pre.clone());
        let buttons = self.judge_buttons(j);
        let with_buttons = |mut m: Message| {
            for (l, c) in &buttons {
                m = m.styled_button(
                    l.clone(),
                    c.clone(),
                    if l == "Accept" {
                        ButtonStyle::Success
                    } else {
                        ButtonStyle::Primary
                    },
                );
            }
            m
        };
        if j.hide_difficulty && !j.secret {
            let mut full = j.clone();
            full.hide_difficulty = false;
            let gm = self.judge_message(&full, data, pre.clone());
            let mut out = self.judge_replies(&full, data, pre);
            out.retain(|r| !r.is_public());
            out.insert(0, Reply::public(m));
            out.push(Reply::gm(gm));
            out
        } else if j.secret {
            if j.user == self.gm {
                vec![
                    Reply::gm(with_buttons(m)),
                    Reply::public(Message::text(format!("{} rolls a secret Judge.", j.who))),
                ]
            } else {
                vec![
                    Reply::private(&j.user, with_buttons(m.clone())),
                    Reply::gm(m),
                    Reply::public(Message::text(format!("{} rolls a secret Judge.", j.who))),
                ]
            }
        } else if self.pc_index(&j.user).is_some() {
            vec![
                Reply::public(m),
                Reply::private(
                    &j.user,
                    with_buttons(Message::text("Prana options for your Judge:")),
                ),
            ]
        } else {
            vec![Reply::public(m)]
        }
    }
}

fn alter_for(p: &Pc, stat: &str, cat: &Catalog) -> (i32, String) {
    let v = p.ch.derive(cat);
    if let Some(i) = attr_index(stat) {
        (v.attrs[i], super::character::attr_name(i))
    } else if let Some(i) = stat_index(stat) {
        (v.stats[i], STAT_LABEL[i].to_string())
    } else {
        (0, "Judge".to_string())
    }
}

/// Applies an action.
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    shared: Option<&mut NwShared>,
    rng: &mut GameRng,
    actor: &Actor,
    action: &NwAction,
) -> Result<Vec<Reply>, RuleError> {
    match action {
        NwAction::Join { character, custom } => {
            if actor.id == s.gm {
                return refuse("the GM runs the session and brings no PC.");
            }
            if character.owner != actor.id {
                return refuse("that is not your character.");
            }
            s.custom = (**custom).clone();
            let cat = Catalog {
                data,
                custom: custom.as_ref(),
            };
            let v = character.derive(&cat);
            if let Some(i) = s.pc_index(&actor.id) {
                // Refresh the sheet, keep the session values (clamped to the new maxima).
                super::combat::movement::robe_check(s, &actor.id, character)?;
                let p = &mut s.pcs[i];
                let same = p.ch.name == character.name;
                p.ch = (**character).clone();
                p.hp = p.hp.min(v.body);
                p.mp = p.mp.min(v.mind);
                p.prana = p.prana.min(v.prana);
                let what = if same { "refreshes" } else { "switches to" };
                return Ok(vec![Reply::public(Message::text(format!(
                    "{} {what} {} ({}).",
                    actor.name,
                    character.name,
                    sheet::summary(character, &cat)
                )))]);
            }
            if s.pcs.len() >= 12 {
                return refuse("this session already has 12 PCs.");
            }
            let mut p = Pc {
                user: actor.id.clone(),
                ch: (**character).clone(),
                hp: v.body,
                mp: v.mind,
                prana: v.prana,
                cf_rolled: None,
                cf: None,
                cf_points: 0,
                cf_locked: false,
                bad: vec![],
                avoided_scene: None,
                logics: vec![],
                dead: false,
            };
            p.ch.op_money = 0;
            let note = s.roll_values(&mut p, data, rng);
            let cf = p.cf.unwrap_or(Cf {
                critical: 0,
                fumble: 0,
            });
            let public = Message::text(format!(
                "{} joins with {} ({}). Critical {} · Fumble {}{note}.",
                actor.id.mention(),
                character.name,
                sheet::summary(character, &cat),
                cf.critical,
                cf.fumble
            ));
            let m = s.cf_message(&p);
            s.pcs.push(p);
            Ok(vec![Reply::public(public), Reply::private(&actor.id, m)])
        }
        NwAction::Leave => {
            let Some(i) = s.pc_index(&actor.id) else {
                return refuse("you have no PC in this session.");
            };
            let p = s.pcs.remove(i);
            s.open.retain(|j| j.user != actor.id);
            Ok(vec![Reply::public(Message::text(format!(
                "{} leaves the session.",
                p.ch.name
            )))])
        }
        NwAction::CfShift { critical, up } => {
            let Some(i) = s.pc_index(&actor.id) else {
                return refuse("you have no PC in this session: `/nw session join`.");
            };
            let p = &s.pcs[i];
            if p.cf_locked {
                return refuse("your values are locked for this session.");
            }
            if p.cf_points <= 0 {
                return refuse("you have no CF Mod points left.");
            }
            let Some(mut cf) = p.cf else {
                return refuse("no values rolled yet.");
            };
            let d: i32 = if *up { 1 } else { -1 };
            let v = if *critical {
                &mut cf.critical
            } else {
                &mut cf.fumble
            };
            let nv = *v as i32 + d;
            if !(2..=12).contains(&nv) {
                return refuse("values stay between 2 and 12.");
            }
            *v = nv as u32;
            if cf.critical == cf.fumble {
                return refuse("Critical and Fumble cannot be made equal.");
            }
            let p = &mut s.pcs[i];
            p.cf = Some(cf);
            p.cf_points -= 1;
            let m = s.cf_message(&s.pcs[i]);
            Ok(vec![Reply::private(&actor.id, m)])
        }
        NwAction::CfLock => {
            let Some(i) = s.pc_index(&actor.id) else {
                return refuse("you have no PC in this session.");
            };
            if s.pcs[i].cf_locked {
                return refuse("your values are already locked.");
            }
            let p = &mut s.pcs[i];
            p.cf_locked = true;
            p.cf_points = 0;
            let cf = p.cf.unwrap_or(Cf {
                critical: 0,
                fumble: 0,
            });
            Ok(vec![Reply::public(Message::text(format!(
                "{} locks Critical {} and Fumble {} for this session.",
                p.ch.name, cf.critical, cf.fumble
            )))])
        }
        NwAction::NextSession => {
            s.session_no += 1;
            s.open.clear();
            let mut lines = vec![];
            let mut privates = vec![];
            let mut pcs = std::mem::take(&mut s.pcs);
            for p in &mut pcs {
                let note = s.roll_values(p, data, rng);
                let cf = p.cf.unwrap_or(Cf {
                    critical: 0,
                    fumble: 0,
                });
                lines.push(format!(
                    "{}: Critical {} · Fumble {}{note}",
                    p.ch.name, cf.critical, cf.fumble
                ));
            }
            s.pcs = pcs;
            for p in &s.pcs {
                privates.push(Reply::private(&p.user, s.cf_message(p)));
            }
            let mut out = vec![Reply::public(Message::titled(
                format!(
                    "🌙 Session {}: new Critical and Fumble values",
                    s.session_no
                ),
                lines.join("\n"),
            ))];
            out.extend(privates);
            Ok(out)
        }
        NwAction::Set {
            user,
            hp,
            mp,
            status,
        } => {
            let Some(i) = s.pc_index(user) else {
                return refuse("that player has no PC in this session.");
            };
            let v = s.pcs[i].ch.derive(&s.cat(data));
            let mut bad = s.pcs[i].bad.clone();
            if let Some(st) = status {
                if st == "clear" {
                    bad.clear();
                } else {
                    let (name, rating) = match st.split_once(':') {
                        Some((n, r)) => (
                            n.trim(),
                            r.trim().parse::<u32>().map_err(|_| {
                                RuleError::new("a rating is a whole number, e.g. poison:3")
                            })?,
                        ),
                        None => (st.trim(), 0),
                    };
                    let Some(def) = data
                        .rules
                        .bad_status
                        .iter()
                        .find(|b| b.id == name || b.name.eq_ignore_ascii_case(name))
                    else {
                        return refuse(format!("`{name}` is not a bad status."));
                    };
                    if def.rated && rating == 0 {
                        return refuse(format!("{} needs a rating, e.g. {}:3.", def.name, def.id));
                    }
                    match bad.iter_mut().find(|(n, _)| *n == def.name) {
                        // Ratings add up; an unrated status you already have does nothing.
                        Some((_, r)) if def.rated => *r += rating,
                        Some(_) => {}
                        None => bad.push((def.name.clone(), if def.rated { rating } else { 0 })),
                    }
                }
            }
            let p = &mut s.pcs[i];
            if let Some(h) = hp {
                p.hp = (*h).clamp(0, v.body);
            }
            if let Some(m) = mp {
                p.mp = (*m).clamp(0, v.mind);
            }
            p.bad = bad;
            let incap = if p.hp == 0 {
                " — Incapacitated (2 Prana can avoid it once per Scene)"
            } else {
                ""
            };
            let mut out = vec![Reply::public(Message::text(format!(
                "{}: HP {}/{} · MP {}/{}{incap}{}",
                p.ch.name,
                p.hp,
                v.body,
                p.mp,
                v.mind,
                bad_suffix(&p.bad)
            )))];
            if p.hp == 0 {
                // §10.1: Incapacitated now: Post-action, and its own Main Process ends.
                let w = super::combat::Who::Pc(user.clone());
                out.extend(super::combat::incapacitated(s, data, rng, &w));
            }
            Ok(out)
        }
        NwAction::Scene => {
            s.scene += 1;
            Ok(vec![Reply::public(Message::text(format!(
                "🎬 Scene {} begins ({}).",
                s.scene,
                s.phase.name()
            )))])
        }
        NwAction::PhaseNext { op } => {
            let next = s.phase.next();
            let mut body = format!("{} → **{}**", s.phase.name(), next.name());
            if next == Phase::After {
                let cat = Catalog {
                    data,
                    custom: &s.custom,
                };
                let mut lines = vec![];
                for p in &mut s.pcs {
                    if p.dead {
                        // §10.10: death is final; the After phase restores nobody Dead.
                        lines.push(format!("💀 {} is Dead: no recovery.", p.ch.name));
                        continue;
                    }
                    let v = p.ch.derive(&cat);
                    p.hp = v.body;
                    p.mp = v.mind;
                    p.prana = v.prana;
                    p.bad.clear();
                    p.avoided_scene = None;
                    p.logics.clear();
                    p.ch.items.retain(|i| i.preserved);
                    p.ch.op += op;
                    p.ch.level_ups += 1;
                    lines.push(format!(
                        "{}: +{op} OP (now {}), one level up allowed",
                        p.ch.name, p.ch.op
                    ));
                }
                // The roster keeps OP and level ups between sessions: logged as this action's
                // effect and taken back by undo; replays (shared None) skip it.
                if let Some(sh) = shared {
                    for p in s.pcs.iter().filter(|p| !p.dead) {
                        if let Some(c) = sh
                            .characters
                            .iter_mut()
                            .find(|c| c.owner == p.user && c.name == p.ch.name)
                        {
                            c.op += op;
                            c.level_ups += 1;
                            c.items.retain(|i| i.preserved);
                            c.op_money = 0;
                        }
                    }
                }
                body.push_str("\nDamage and bad statuses cleared; HP, MP and Prana restored; temporary items dropped, preserved items back.\n");
                body.push_str(&lines.join("\n"));
                body.push_str(
                    "\nLevel up with `/nw character levelup`, spend OP with `/nw character op`.",
                );
            }
            if next == Phase::Preplay {
                s.episode += 1;
                body.push_str(&format!("\nEpisode {} begins.", s.episode));
            }
            if next == Phase::Climax {
                body.push_str("\nAppearance Checks succeed automatically in the Climax.");
            }
            s.phase = next;
            s.scene = 0;
            Ok(vec![Reply::public(Message::titled("🌙 Phase", body))])
        }
        NwAction::Judge {
            stat,
            difficulty,
            modifier,
            against,
            attacker,
            recovery,
            any_seven,
            secret,
            label,
            preview,
            reaction,
            hidden,
        } => {
            let pc = s.pc_index(&actor.id);
            // A manager who plays a PC here rolls as that PC.
            let is_gm = pc.is_none() && s.is_gm(actor);
            if !is_gm && pc.is_none() {
                return refuse("join with a character first: `/nw session join`.");
            }
            if *any_seven && !is_gm && !s.settings.anyseven_players {
                return refuse("Any Seven is for the GM unless the GM allows it (`/nw settings anyseven_players:true`).");
            }
            if against.is_some() && *recovery {
                return refuse("a Recovery Judge is not opposed.");
            }
            let cat = s.cat(data);
            let mut pre = vec![];
            let (cf, base, base_label) = match pc.filter(|_| !is_gm) {
                Some(i) => {
                    let p = &s.pcs[i];
                    let (alter, name) = alter_for(p, stat, &cat);
                    let Some(cf) = p.cf else {
                        return refuse("no Critical/Fumble values yet.");
                    };
                    (cf, alter, name)
                }
                None => {
                    if stat != "none" {
                        return refuse(
                            "the GM has no sheet: use stat:none with modifier:<the NPC's value>.",
                        );
                    }
                    (
                        Cf {
                            critical: data.rules.gm.critical,
                            fumble: data.rules.gm.fumble,
                        },
                        0,
                        "Judge".to_string(),
                    )
                }
            };
            let mut alter = base + modifier;
            let mut extra = vec![];
            if let Some(i) = pc.filter(|_| !is_gm) {
                if s.pcs[i].bad.iter().any(|(n, _)| n == "Dazed") {
                    alter -= 5;
                    extra.push("Dazed −5".to_string());
                }
                if *reaction && s.pcs[i].bad.iter().any(|(n, _)| n == "Paralysis") {
                    alter -= 5;
                    extra.push("Paralysis −5".to_string());
                }
            }
            let mode = if *recovery {
                Mode::Recovery
            } else if against.is_some() || *attacker {
                Mode::Opposed {
                    against: *against,
                    attacker: *attacker,
                }
            } else {
                Mode::Normal {
                    difficulty: *difficulty,
                }
            };
            pre.push(format!(
                "Alter {alter} ({base_label} {base}{}{}) · Critical {} · Fumble {}",
                if *modifier != 0 {
                    format!(" {modifier:+}")
                } else {
                    String::new()
                },
                if extra.is_empty() {
                    String::new()
                } else {
                    format!(", {}", extra.join(", "))
                },
                cf.critical,
                cf.fumble
            ));
            if let Some(p) = chance(alter, cf, mode, *any_seven).filter(|_| !*hidden) {
                pre.push(format!("Chance of success: {}", percent(p)));
            }
            if let Some(roll) = preview {
                let m = Message::titled(
                    format!(
                        "🎲 Before the roll: {}",
                        if label.is_empty() { &base_label } else { label }
                    ),
                    pre.join("\n"),
                )
                .styled_button("Roll", roll.clone(), ButtonStyle::Primary);
                return Ok(vec![Reply::private(&actor.id, m)]);
            }
            // Locks values on the first Judge.
            let mut locked_note = None;
            if let Some(i) = pc.filter(|_| !is_gm) {
                if !s.pcs[i].cf_locked {
                    s.pcs[i].cf_locked = true;
                    s.pcs[i].cf_points = 0;
                    locked_note =
                        Some("(Critical/Fumble values locked by this first Judge.)".to_string());
                }
            }
            pre.extend(locked_note);
            let judge = Judge::roll(alter, cf, mode, *any_seven, rng);
            let who = match pc.filter(|_| !is_gm) {
                Some(i) => s.pcs[i].ch.name.clone(),
                None => "GM".to_string(),
            };
            let label = if label.is_empty() {
                base_label
            } else {
                label.clone()
            };
            s.judge_seq += 1;
            let j = OpenJudge {
                user: actor.id.clone(),
                who,
                label,
                judge,
                secret: *secret,
                hide_difficulty: *hidden,
                seq: s.judge_seq,
            };
            s.open.retain(|o| o.user != actor.id);
            let out = s.judge_replies(&j, data, Some(pre.join("\n")));
            s.open.push(j);
            Ok(out)
        }
        NwAction::Prana(u) => {
            let r = prana(s, data, rng, actor, u)?;
            super::combat::sync_open(s);
            super::fortress::sync_open(s);
            Ok(r)
        }
        NwAction::Combat(a) => super::combat::apply(s, data, rng, actor, a),
        NwAction::Settings {
            raise_dice,
            fudge_repeat,
            anyseven_players,
            appearance,
            appearance_dc,
            natural,
            enemy_vitals,
        } => {
            let more = super::combat::movement::settings(s, *appearance, *appearance_dc);
            if let Some(v) = enemy_vitals {
                s.settings.enemy_vitals = *v;
            }
            if let Some(n) = natural {
                s.settings.natural = *n;
            }
            if let Some(r) = raise_dice {
                s.settings.judge.raise_dice = *r;
            }
            if let Some(f) = fudge_repeat {
                s.settings.judge.fudge_repeat = *f;
            }
            if let Some(a) = anyseven_players {
                s.settings.anyseven_players = *a;
            }
            Ok(vec![Reply::public(Message::text(format!(
                "Settings: Raise Result {}D per Prana · several Fudges per roll: {} · Any Seven for players: {} · natural recovery: {} · enemies' HP and MP on the public tracker: {}.{more}",
                s.settings.judge.raise_dice,
                yes(s.settings.judge.fudge_repeat),
                yes(s.settings.anyseven_players),
                Choices::value(&s.settings.natural),
                if s.settings.enemy_vitals { "shown" } else { "a condition only" }
            )))])
        }
        NwAction::Fortress(a) => super::fortress::apply(s, data, rng, actor, a),

        NwAction::Rest { mode, user } => {
            super::combat::recovery::rest(s, data, rng, *mode, user.as_ref())
        }
        NwAction::Ask(a) => super::ask::apply(s, data, rng, actor, a),
    }
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn prana(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    u: &PranaUse,
) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(&actor.id) else {
        if *u == PranaUse::Accept {
            let Some(k) = s.open.iter().position(|o| o.user == actor.id) else {
                return refuse("you have no open Judge.");
            };
            s.open.remove(k);
            return Ok(vec![Reply::private(
                &actor.id,
                Message::text("Judge accepted."),
            )]);
        }
        return refuse("only a PC has Prana (the GM's NPCs usually have none).");
    };
    let have = s.pcs[i].prana;
    let name = s.pcs[i].ch.name.clone();
    let spend = |s: &mut NightWizard, n: i32| s.pcs[i].prana -= n;
    match u {
        PranaUse::Cost(n) => {
            let n = *n as i32;
            if n > have {
                return refuse(format!(
                    "that costs {n} Prana; you have {have} (Prana never goes below 0)."
                ));
            }
            spend(s, n);
            Ok(vec![Reply::public(Message::text(format!(
                "{name} pays {n} Prana for a skill ({} left).",
                have - n
            )))])
        }
        PranaUse::Avoid => {
            let cost = data.rules.prana.avoid_incapacitated_cost;
            let p = &s.pcs[i];
            if p.hp > 0 {
                return refuse("you are not Incapacitated (HP 0).");
            }
            if p.avoided_scene == Some(s.scene) {
                return refuse("Avoid Incapacitated works once per Scene.");
            }
            if cost > have {
                return refuse(format!(
                    "Avoid Incapacitated costs {cost} Prana; you have {have}."
                ));
            }
            spend(s, cost);
            let p = &mut s.pcs[i];
            p.hp = 1;
            p.avoided_scene = Some(s.scene);
            Ok(vec![Reply::public(Message::text(format!(
                "{name} spends {cost} Prana and gets back up with 1 HP."
            )))])
        }
        PranaUse::Logic(l) => {
            let p = &s.pcs[i];
            if p.logics.iter().any(|x| x.eq_ignore_ascii_case(l)) {
                return refuse(
                    "that Logic already does not affect you until the end of the scenario.",
                );
            }
            if have < 1 {
                return refuse("you have no Prana left.");
            }
            spend(s, 1);
            s.pcs[i].logics.push(l.clone());
            Ok(vec![Reply::public(Message::text(format!(
                "{name} spends 1 Prana: the Logic “{l}” no longer affects them this scenario."
            )))])
        }
        _ => {
            let Some(k) = s.open.iter().position(|o| o.user == actor.id) else {
                return refuse("you have no open Judge to spend Prana on.");
            };
            if *u == PranaUse::Accept {
                let j = s.open.remove(k);
                let o = j.judge.outcome();
                return Ok(vec![Reply::private(
                    &actor.id,
                    Message::text(format!("{} accepted: Result {}.", j.label, o.result)),
                )]);
            }
            let cost = match u {
                PranaUse::Raise(n) => *n as i32,
                _ => 1,
            };
            if cost > have {
                return refuse(format!("that needs {cost} Prana; you have {have}."));
            }
            let mut j = s.open[k].clone();
            let rules = s.settings.judge;
            let what = match u {
                PranaUse::Reroll => {
                    j.judge.reroll(rng)?;
                    "rerolls the dice".to_string()
                }
                PranaUse::Cancel => {
                    j.judge.cancel_fumble()?;
                    "cancels the Fumble".to_string()
                }
                PranaUse::Fudge(up) => {
                    j.judge.fudge(*up, &rules, rng)?;
                    format!("fudges the dice {}", if *up { "+1" } else { "−1" })
                }
                PranaUse::Raise(n) => {
                    j.judge.raise(*n, &rules, rng)?;
                    format!("raises the Result by {}D", n * rules.raise_dice)
                }
                _ => return refuse("that is not a Judge option."),
            };
            spend(s, cost);
            s.open[k] = j.clone();
            Ok(s.judge_replies(
                &j,
                data,
                Some(format!("{name} spends {cost} Prana and {what}.")),
            ))
        }
    }
}

/// `/game status`: the session for everyone, plus the viewer's own sheet.
pub fn view(s: &NightWizard, viewer: &Actor, data: &NwData) -> Vec<Reply> {
    let cat = s.cat(data);
    let pcs: Vec<String> = s
        .pcs
        .iter()
        .map(|p| {
            let v = p.ch.derive(&cat);
            let cf =
                p.cf.map(|c| format!("C{} F{}", c.critical, c.fumble))
                    .unwrap_or_default();
            format!(
                "**{}** ({}) <@{}> · HP {}/{} · MP {}/{} · Prana {}/{} · {cf}{}",
                p.ch.name,
                sheet::summary(&p.ch, &cat),
                p.user,
                p.hp,
                v.body,
                p.mp,
                v.mind,
                p.prana,
                v.prana,
                if p.dead {
                    " · 💀 Dead".to_string()
                } else {
                    bad_suffix(&p.bad)
                }
            )
        })
        .collect();
    let mut out = vec![Reply::public(
        Message::titled(
            "🌙 Night Wizard",
            format!(
                "GM <@{}> · Episode {} · {} · Scene {} · session {}",
                s.gm,
                s.episode,
                s.phase.name(),
                s.scene,
                s.session_no
            ),
        )
        .field(
            "PCs",
            if pcs.is_empty() {
                "none yet — `/nw session join`".into()
            } else {
                pcs.join("\n")
            },
        ),
    )];
    if let Some(i) = s.pc_index(&viewer.id) {
        let p = &s.pcs[i];
        out.push(Reply::private(
            &viewer.id,
            sheet::sheet(&p.ch, &cat, Some(&s.live(p))),
        ));
    }
    let gm = s.is_gm(viewer);
    out.extend(super::fortress::status_replies(s, gm));
    if s.combat.is_some() {
        out.extend(
            s.tracker(vec![], vec![])
                .into_iter()
                .filter(|r| gm || r.is_public()),
        );
    }
    out
}

/// Bad statuses as a line suffix: ` · Poison (2), Dazed`, or nothing.
fn bad_suffix(bad: &[(String, u32)]) -> String {
    if bad.is_empty() {
        return String::new();
    }
    let list: Vec<String> = bad
        .iter()
        .map(|(n, r)| {
            if *r > 0 {
                format!("{n} ({r})")
            } else {
                n.clone()
            }
        })
        .collect();
    format!(" · {}", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::super::data::load;
    use super::super::roster;
    use super::*;
    use std::path::Path;

    fn gm() -> Actor {
        Actor {
            manager: true,
            ..Actor::player("gm", "gm")
        }
    }

    fn setup() -> (NwData, NwShared, NightWizard, GameRng) {
        let data = load(Path::new("data")).unwrap();
        let mut shared = NwShared::default();
        let mut rng = crate::rng::seeded(5);
        let alice = Actor::player("alice", "alice");
        roster::global(
            &mut shared,
            &data,
            &alice,
            &Command::new("nw character new")
                .with("name", "Ayu")
                .with("quick", "true"),
            &mut rng,
        )
        .unwrap()
        .unwrap();
        let (s, _) = create(&data, &gm(), &Command::new("nw new"), Custom::default()).unwrap();
        (data, shared, s, rng)
    }

    fn act(
        s: &mut NightWizard,
        data: &NwData,
        shared: &mut NwShared,
        rng: &mut GameRng,
        a: &Actor,
        cmd: Command,
    ) -> Result<Vec<Reply>, RuleError> {
        super::super::test_table::permitted(s, a, &cmd)?;
        let action = parse(s, a, &cmd, data, shared)?;
        let before = s.clone();
        let r = apply(s, data, Some(shared), rng, a, &action);
        if r.is_err() {
            assert_eq!(*s, before, "a refusal changes nothing");
        }
        r
    }

    #[test]
    fn a_manager_rolls_as_the_gm_unless_they_play_a_pc_here() {
        // The one GM rule (`is_gm`) counts managers; the Judge's copy used to ignore them.
        let (data, mut shared, mut s, mut rng) = setup();
        let judge = || Command::new("nw judge").with("stat", "none");
        let mod_ = Actor {
            manager: true,
            ..Actor::player("mod", "mod")
        };
        act(&mut s, &data, &mut shared, &mut rng, &mod_, judge()).unwrap();
        assert_eq!(s.open.last().unwrap().who, "GM");
        // A manager who plays a PC here rolls as that PC.
        let alice = Actor {
            manager: true,
            ..Actor::player("alice", "alice")
        };
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session join"),
        )
        .unwrap();
        act(&mut s, &data, &mut shared, &mut rng, &alice, judge()).unwrap();
        assert_eq!(s.open.last().unwrap().who, "Ayu");
        // Anyone else needs a PC.
        let bob = Actor::player("bob", "bob");
        let e = act(&mut s, &data, &mut shared, &mut rng, &bob, judge()).unwrap_err();
        assert!(e.0.contains("join with a character first"), "{e:?}");
    }

    #[test]
    fn rule_3_1_cf_mod_points_shift_values_and_then_lock() {
        let (data, mut shared, mut s, mut rng) = setup();
        let alice = Actor::player("alice", "alice");
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session join"),
        )
        .unwrap();
        let p = s.pcs[0].clone();
        let cfmod = p.ch.derive(&s.cat(&data)).cf_mod;
        assert_eq!(p.cf_points, cfmod);
        let cf = p.cf.unwrap();
        assert_ne!(cf.critical, cf.fumble);
        let dir = if cf.critical < 7 { "+1" } else { "-1" };
        let r = act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session cf")
                .with("value", "critical")
                .with("by", dir),
        );
        if cfmod > 0 && (cf.critical as i32 + if dir == "+1" { 1 } else { -1 }) != cf.fumble as i32
        {
            r.unwrap();
            assert_eq!(s.pcs[0].cf_points, cfmod - 1);
        }
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session lock"),
        )
        .unwrap();
        assert!(act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session cf")
                .with("value", "fumble")
                .with("by", "+1")
        )
        .is_err());
    }

    #[test]
    fn rule_18_cf_vector_6_and_10_with_cf_mod_2_become_7_11_or_6_12() {
        for (moves, want) in [
            (
                [("critical", "+1"), ("fumble", "+1")],
                Cf {
                    critical: 7,
                    fumble: 11,
                },
            ),
            (
                [("fumble", "+1"), ("fumble", "+1")],
                Cf {
                    critical: 6,
                    fumble: 12,
                },
            ),
        ] {
            let (data, mut shared, mut s, mut rng) = setup();
            let alice = Actor::player("alice", "alice");
            act(
                &mut s,
                &data,
                &mut shared,
                &mut rng,
                &alice,
                Command::new("nw session join"),
            )
            .unwrap();
            s.pcs[0].cf = Some(Cf {
                critical: 6,
                fumble: 10,
            });
            s.pcs[0].cf_points = 2;
            for (v, by) in moves {
                act(
                    &mut s,
                    &data,
                    &mut shared,
                    &mut rng,
                    &alice,
                    Command::new("nw session cf")
                        .with("value", v)
                        .with("by", by),
                )
                .unwrap();
            }
            assert_eq!(s.pcs[0].cf, Some(want));
            assert!(
                act(
                    &mut s,
                    &data,
                    &mut shared,
                    &mut rng,
                    &alice,
                    Command::new("nw session cf")
                        .with("value", "critical")
                        .with("by", "+1")
                )
                .is_err(),
                "no points left"
            );
        }
    }

    #[test]
    fn rule_3_1_cf_shift_cannot_make_values_equal_or_leave_2_to_12() {
        let (data, mut shared, mut s, mut rng) = setup();
        let alice = Actor::player("alice", "alice");
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session join"),
        )
        .unwrap();
        s.pcs[0].cf = Some(Cf {
            critical: 7,
            fumble: 8,
        });
        s.pcs[0].cf_points = 2;
        let e = act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session cf")
                .with("value", "critical")
                .with("by", "+1"),
        )
        .unwrap_err();
        assert!(e.0.contains("equal"));
        s.pcs[0].cf = Some(Cf {
            critical: 7,
            fumble: 12,
        });
        let e = act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session cf")
                .with("value", "fumble")
                .with("by", "+1"),
        )
        .unwrap_err();
        assert!(e.0.contains("2 and 12"));
    }

    #[test]
    fn rule_4_prana_limits_on_judges_and_costs() {
        let (data, mut shared, mut s, mut rng) = setup();
        let alice = Actor::player("alice", "alice");
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session join"),
        )
        .unwrap();
        let max = s.pcs[0].prana;
        assert!(
            act(
                &mut s,
                &data,
                &mut shared,
                &mut rng,
                &alice,
                Command::new("nw prana").with("use", "reroll")
            )
            .is_err(),
            "no open Judge"
        );
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw judge")
                .with("stat", "pacc")
                .with("difficulty", "10"),
        )
        .unwrap();
        assert!(s.pcs[0].cf_locked, "the first Judge locks the values");
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw prana")
                .with("use", "raise")
                .with("amount", "1"),
        )
        .unwrap();
        assert_eq!(s.pcs[0].prana, max - 1);
        let e = act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw prana")
                .with("use", "cost")
                .with("amount", "20"),
        )
        .unwrap_err();
        assert!(e.0.contains("below 0"));
        // Avoid Incapacitated: only at HP 0, 2 Prana, once per Scene.
        assert!(act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw prana").with("use", "avoid")
        )
        .is_err());
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &gm(),
            Command::new("nw session set")
                .with("player", "alice")
                .with("hp", "0"),
        )
        .unwrap();
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw prana").with("use", "avoid"),
        )
        .unwrap();
        assert_eq!((s.pcs[0].hp, s.pcs[0].prana), (1, max - 3));
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &gm(),
            Command::new("nw session set")
                .with("player", "alice")
                .with("hp", "0"),
        )
        .unwrap();
        assert!(act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw prana").with("use", "avoid")
        )
        .unwrap_err()
        .0
        .contains("once per Scene"));
        // Logic: 1 Prana each, not twice for the same Logic.
        if s.pcs[0].prana >= 1 {
            act(
                &mut s,
                &data,
                &mut shared,
                &mut rng,
                &alice,
                Command::new("nw prana")
                    .with("use", "logic")
                    .with("logic", "No flying"),
            )
            .unwrap();
            assert!(act(
                &mut s,
                &data,
                &mut shared,
                &mut rng,
                &alice,
                Command::new("nw prana")
                    .with("use", "logic")
                    .with("logic", "no flying")
            )
            .is_err());
        }
    }

    #[test]
    fn judge_preview_shows_the_chance_and_changes_nothing() {
        let (data, mut shared, mut s, mut rng) = setup();
        let alice = Actor::player("alice", "alice");
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session join"),
        )
        .unwrap();
        let before = s.clone();
        let out = act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw judge")
                .with("stat", "luck")
                .with("difficulty", "9")
                .with("preview", "true"),
        )
        .unwrap();
        assert_eq!(s, before);
        let m = &out[0].message;
        assert!(m.body.contains("Chance of success:"));
        assert_eq!(m.buttons[0].command, "/nw judge difficulty:9 stat:luck");
    }

    #[test]
    fn rule_3_2_gm_values_are_10_and_5() {
        let (data, mut shared, mut s, mut rng) = setup();
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &gm(),
            Command::new("nw judge")
                .with("stat", "none")
                .with("modifier", "6"),
        )
        .unwrap();
        assert_eq!(
            s.open[0].judge.cf,
            Cf {
                critical: 10,
                fumble: 5
            }
        );
        assert!(act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &gm(),
            Command::new("nw judge").with("stat", "pacc")
        )
        .is_err());
    }

    #[test]
    fn rule_8_2_after_phase_resets_and_grants_op_and_a_level_up() {
        let (data, mut shared, mut s, mut rng) = setup();
        let alice = Actor::player("alice", "alice");
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw session join"),
        )
        .unwrap();
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &gm(),
            Command::new("nw session set")
                .with("player", "alice")
                .with("hp", "3")
                .with("status", "poison:3"),
        )
        .unwrap();
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &gm(),
            Command::new("nw session set")
                .with("player", "alice")
                .with("status", "poison:2"),
        )
        .unwrap();
        assert_eq!(
            s.pcs[0].bad,
            vec![("Poison".to_string(), 5)],
            "Poison (3) + (2) = (5)"
        );
        assert!(act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &alice,
            Command::new("nw phase next")
        )
        .is_err());
        for _ in 0..4 {
            act(
                &mut s,
                &data,
                &mut shared,
                &mut rng,
                &gm(),
                Command::new("nw phase next").with("op", "7"),
            )
            .unwrap();
        }
        assert_eq!(s.phase, Phase::After);
        let body = s.pcs[0].ch.derive(&s.cat(&data)).body;
        assert_eq!(s.pcs[0].hp, body);
        assert!(s.pcs[0].bad.is_empty());
        assert_eq!(shared.characters[0].op, 7);
        assert_eq!(shared.characters[0].level_ups, 1);
    }
}
