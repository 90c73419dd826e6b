//! The session aggregate: the GM, the joined PCs with their session values (HP, MP, Prana,
//! Critical/Fumble), the episode's phase, open Judges awaiting Prana, and the typed actions.
//! Only data and the plain questions every feature asks (`is_gm`, `pc_index`, the catalog);
//! what an action does lives in the feature modules, routed by `dispatch`.

use serde::{Deserialize, Serialize};

pub mod episode;
pub use episode::{EpisodeConnection, Handout, Phase, SceneKind, SceneMark};

use super::character::sheet::Live;
use super::character::{Catalog, Character, Custom};
use super::data::NwData;
use super::judge::{Cf, Judge, JudgeRules};
use croupier_core::table::{Actor, Phrase, RuleError, UserId};

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
    pub bad: crate::status::BadStatuses,
    /// Scene in which Avoid Incapacitated was used.
    pub avoided_scene: Option<u32>,
    /// Lunar Logics ignored this scenario.
    pub logics: Vec<String>,
    /// Dead (attacked while Incapacitated, §10.10).
    #[serde(default)]
    pub dead: bool,
    /// The items the PC had when it joined or the After phase last reset it: one it no longer
    /// carries was used up (`character::sync`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kit: Vec<crate::character::OwnedItem>,
    /// The ids of the items handed to the PC this Episode (§10.4), which its roster record
    /// lacks: kept through every refresh from the roster, lost in the After phase (§6.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gained: Vec<String>,
    /// The real-life session in which the PC left (set only on the copy kept in
    /// `NightWizard::left`): joining again in that session keeps its Critical and Fumble values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_in_session: Option<u32>,
}

impl Pc {
    /// Down at HP 0 and still able to Avoid Incapacitated for `cost` Prana in Scene `scene`
    /// (§4.2 use 6: once per Scene; not when Dead).
    pub fn may_avoid(&self, scene: u32, cost: i32) -> bool {
        self.hp <= 0 && !self.dead && self.avoided_scene != Some(scene) && self.prana >= cost
    }

    /// The refusal of anything a Dead PC would do (§10.10: death is final).
    pub fn dead_refusal(&self) -> RuleError {
        crate::words::refusal(Phrase::new("nw-dead-no-actions").arg("name", self.ch.name.as_str()))
    }
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
    /// A Recovery Judge already applied: what Prana on it changes (§4.2, §10.11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heal: Option<super::combat::model::Healing>,
}

/// What to roll (`judge::roll_for`): the fields of `/nw judge` (and of the features that roll
/// through it), and the logged action `NwAction::Judge` (its serde names are the action's: `critical`, `fumble`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct JudgeRequest {
    /// Attribute, combat stat, or `none`.
    pub stat: String,
    /// Difficulty.
    pub difficulty: Option<i32>,
    /// Extra modifier.
    pub modifier: i32,
    /// Opposed: the other Result.
    pub against: Option<i32>,
    /// Opposed: this side started.
    pub attacker: bool,
    /// Recovery Judge.
    pub recovery: bool,
    /// Any Seven.
    pub any_seven: bool,
    /// Secret.
    pub secret: bool,
    /// Label.
    pub label: String,
    /// Only show the chance, with a button that rolls (this command).
    #[serde(default)]
    pub preview: Option<String>,
    /// A Reaction (e.g. a Dodge Check): −5 under BS: Paralysis.
    #[serde(default)]
    pub reaction: bool,
    /// The Difficulty is the GM's secret (set only by `/nw answer`).
    #[serde(default)]
    pub hidden: bool,
    /// Critical values skills add for this roll (§3; BCDice's `@7,10`).
    #[serde(rename = "critical", default, skip_serializing_if = "Vec::is_empty")]
    pub more_critical: Vec<u32>,
    /// Fumble values skills add for this roll (BCDice's `#2,5`).
    #[serde(rename = "fumble", default, skip_serializing_if = "Vec::is_empty")]
    pub more_fumble: Vec<u32>,
    /// An Information Gathering Check (§9.2): an Attribute, never a combat stat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub info: bool,
    /// Information Gathering: the Connection asked (+2 when the PC has it, §9.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connection: Option<String>,
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
    /// The players' Fortress map names every Area's kind, not only those the party entered.
    #[serde(default, skip_serializing_if = "is_false")]
    pub map_kinds: bool,
    /// The public tracker shows enemies' exact HP and MP (default: a condition only; the GM
    /// always sees the numbers).
    #[serde(default, skip_serializing_if = "is_false")]
    pub enemy_vitals: bool,
    /// The highest CL a character may join at, level ups not yet taken counted (§6 Step 2:
    /// the starting CL is the GM's); None: any CL, as a campaign's levelled characters need.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_cl: Option<u32>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The enemy data's Japanese names, by English name (`Shade Swarm` → `影の群れ`): what the
/// tracker reads to write an enemy's label in Japanese. Set from the data before every action
/// and never stored, so it is no part of the session's state (it always compares equal).
#[derive(Debug, Clone, Default)]
pub struct EnemyNamesJa(pub std::collections::BTreeMap<String, String>);

impl PartialEq for EnemyNamesJa {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl EnemyNamesJa {
    /// The Japanese names `data` carries.
    pub fn of(data: &NwData) -> Self {
        EnemyNamesJa(
            data.enemies
                .iter()
                .filter_map(|e| Some((e.name.clone(), e.name_ja.clone()?)))
                .collect(),
        )
    }
}

/// The session state.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct NightWizard {
    /// The data's Japanese enemy names (see [`EnemyNamesJa`]); not stored.
    #[serde(skip)]
    pub enemy_names_ja: EnemyNamesJa,
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
    /// The kind the GM gave the current Scene, if not Normal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scene_mark: Option<SceneMark>,
    /// This Episode's Handout.
    #[serde(default, skip_serializing_if = "Handout::is_empty")]
    pub handout: Handout,
    /// PCs that left during this Episode, as they left (`character::sync`): coming back brings
    /// back their HP, MP, Prana and what they used up, until the After phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<Pc>,
    /// Skill and item effects in force, and the once-per limits used (issue #36).
    #[serde(
        default,
        skip_serializing_if = "super::combat::model::Effects::is_empty"
    )]
    pub effects: super::combat::model::Effects,
    /// Prana on every Judge (issue #36): the SPD Judge, an Appearance Check and a Recovery Judge
    /// stay open to it. On from the first fight started (`CombatAction::Open { windows }`) or
    /// `/nwcombat heal` made since; a log written before carries neither, so it replays as it
    /// was played (undo of its older entries depends on it; `/nw new` is replayed too, so it
    /// cannot turn it on).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prana_windows: bool,
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
        /// The one-record rules (`character::sync`): a re-join never gives back what was used.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        synced: bool,
    },
    /// An action with the roster's changes it carries (read in `parse`, `character::sync`).
    Refreshed {
        /// What the roster had.
        refresh: crate::character::sync::Refresh,
        /// The action.
        action: Box<NwAction>,
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
        /// The GM withholds the After phase's level up (§8.2: "everyone levels up if the GM
        /// allows").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_level_up: bool,
    },
    /// New Scene.
    Scene,
    /// A new Master or Combat Scene (§8.1).
    SceneOf(SceneKind),
    /// GM: the Episode Handout's Trailer (§8.2).
    Trailer(String),
    /// GM: an Episode Connection for a PC, or the Worth of one (§8.2, §9.1); again removes it.
    Connection {
        /// The PC's player.
        user: UserId,
        /// To whom.
        with: String,
        /// Worth in valco.
        worth: u32,
    },
    /// GM: a Connection supplies gear worth up to what is left of its Worth (§9.1).
    Gear {
        /// The PC's player.
        user: UserId,
        /// The Connection.
        with: String,
        /// The item (id or name).
        item: String,
    },
    /// Roll a Judge: the request every feature rolls through ([`JudgeRequest`], its fields
    /// written once; logged as the struct variant it was before).
    Judge(JudgeRequest),
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
        /// The players' Fortress map names every Area's kind.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        map_kinds: Option<bool>,
        /// Enemies' exact HP and MP on the public tracker.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        enemy_vitals: Option<bool>,
        /// The highest CL a character may join at (0: any).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_cl: Option<u32>,
    },
    /// Natural recovery (GM): full rest, tense rest, or out of the Scene (§9.4, §10.11).
    Rest {
        /// Which kind.
        mode: super::combat::recovery::RestMode,
        /// One PC (default: every PC).
        user: Option<UserId>,
        /// Made since Prana works on natural recovery (absent in older logs, which replay as
        /// they were played): turns [`NightWizard::prana_windows`] on, as starting a fight does.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        windows: bool,
    },
    /// Fortresses and the Lunar Casket.
    Fortress(super::fortress::FortressAction),
    /// The GM asks a player for a Judge; the player answers with a button.
    Ask(super::ask::AskAction),
}

impl NightWizard {
    /// Where skills and items are looked up for this session.
    pub fn catalog<'a>(&'a self, data: &'a NwData) -> Catalog<'a> {
        self.cat(data)
    }

    /// Whether `actor` acts as the GM: the session's GM, or someone who may manage the channel
    /// (the host or a channel manager). The one "is GM" rule of Night Wizard: the table checks
    /// the commands declared `perm = gm` with the same people ([`croupier_core::table::Game::gms`] plus
    /// managers); the rules use this for what depends on more than the command (an option only
    /// the GM may give, what the GM sees, whose enemy it is).
    pub fn is_gm(&self, actor: &Actor) -> bool {
        self.counts_as_gm(Some(&actor.id), actor.manager)
    }

    /// Whether `actor` plays here: the GM (or a manager), or a player with a PC in the
    /// session; otherwise [`join_first`]. The table asks it through `Game::playing` before
    /// any command declared `perm = player`.
    pub fn plays_here(&self, actor: &Actor) -> Result<(), RuleError> {
        if self.is_gm(actor) {
            return Ok(());
        }
        match self.pcs.iter().find(|p| p.user == actor.id) {
            Some(p) if p.dead => Err(p.dead_refusal()),
            Some(_) => Ok(()),
            None => Err(join_first()),
        }
    }

    /// [`Self::is_gm`] for a viewer: `user` (`None`: the public view) who may or may not manage.
    pub fn counts_as_gm(&self, user: Option<&UserId>, manager: bool) -> bool {
        manager || user == Some(&self.gm)
    }

    /// The catalog (rules data plus the chat additions this session holds).
    pub fn cat<'a>(&'a self, data: &'a NwData) -> Catalog<'a> {
        Catalog {
            data,
            custom: &self.custom,
        }
    }

    /// The current Scene's kind (§8.1).
    pub fn scene_kind(&self) -> SceneKind {
        match self.scene_mark {
            Some(m)
                if m.episode == self.episode && m.phase == self.phase && m.scene == self.scene =>
            {
                m.kind
            }
            _ => SceneKind::Normal,
        }
    }

    /// Whether `u`'s PC has a Connection to `with` (one of their own, or an Episode Connection).
    pub fn connection_of(&self, u: &UserId, with: &str) -> Option<String> {
        let p = self.pcs.iter().find(|p| &p.user == u)?;
        p.ch.connections
            .iter()
            .find(|c| c.eq_ignore_ascii_case(with.trim()))
            .cloned()
            .or_else(|| {
                self.handout
                    .connections
                    .iter()
                    .find(|c| &c.user == u && c.with.eq_ignore_ascii_case(with.trim()))
                    .map(|c| c.with.clone())
            })
    }

    /// The index of `u`'s PC, if they play one here.
    pub fn pc_index(&self, u: &UserId) -> Option<usize> {
        self.pcs.iter().position(|p| &p.user == u)
    }

    /// A PC's session values, as the sheet shows them.
    pub fn live<'a>(&self, p: &'a Pc) -> Live<'a> {
        Live {
            hp: p.hp,
            mp: p.mp,
            prana: p.prana,
            cf: p.cf,
            cf_locked: p.cf_locked,
            bad: &p.bad,
            effects: vec![],
        }
    }
}

/// Bad statuses as a line suffix: ` · Poison (2), Dazed`, or nothing.
pub fn bad_suffix(bad: &crate::status::BadStatuses) -> String {
    bad_suffix_said(bad).text(croupier_core::i18n::Locale::En)
}

/// [`bad_suffix`] in the catalogue's words.
pub fn bad_suffix_said(bad: &crate::status::BadStatuses) -> croupier_core::table::Value {
    if bad.is_empty() {
        return "".into();
    }
    Phrase::new("nw-bad-suffix").arg("bad", bad.said()).into()
}

/// The refusal for a player with no PC in the session.
pub fn join_first() -> RuleError {
    crate::words::refusal(Phrase::new("nw-join-first"))
}
