//! Night Wizard 3rd Edition: characters built by the rules, a channel's session (GM table),
//! Judges with per-session Critical/Fumble values, Prana, the episode's phases, combat,
//! Fortresses and the Lunar Casket.
//!
//! Characters live in the guild-wide `character::roster::NwShared` (keyed by owner) and are handled by
//! `character::global` without a session. A channel's session (`/nw new`, host = GM) holds its PCs
//! with their session values; what the session needs from the roster is read in `parse`, so
//! replays never need the shared state.
//!
//! Imports point one way: `state` ← `judge` ← the features (`cf`, `pcs`, `phase`, `prana`,
//! `casket`, `ask`, `fortress`, `combat`) ← `dispatch`. A feature never calls back into
//! `dispatch`; it rolls through `judge::roll_for`.
//!
//! # Index: the rules (sections of `docs/nightwizard-rules-reference.md`) and where they are played
//!
//! | § | rule | code |
//! |---|---|---|
//! | 2.1, 2.4 | Judge: 2D + Alter against a Difficulty; Results floored at 0 | `judge::roll::Judge::roll`, `Judge::outcome`; for a PC or the GM `judge::request::roll_for` |
//! | 2.2 | Opposed Judge, ties to the Attacker | `judge::roll::Mode::Opposed`, `judge::roll::attacker_wins` |
//! | 2.3 | Difficulty labels | `data::NwData::difficulty_label` |
//! | 2.5 | Any Seven | `Judge::roll` (`any_seven`); who may: `roll_for` (`Settings::anyseven_players`) |
//! | 3.1 | Critical/Fumble per real-life session, CF Mod, lock | `judge::roll::roll_cf`, `NightWizard::roll_values`, `cf::shift`, `cf::lock`, `cf::next_session` |
//! | 3.2 | The GM's 10 and 5 | `roll_for` (`data.rules.gm`) |
//! | 3.3, 3.4 | Critical (automatic success, or the +10 chain when opposed), Fumble (Alter − 10); several values | `Judge::is_critical`, `Judge::is_fumble`, `Judge::outcome`, `judge::roll::Values`, `Judge::roll_values`, `judge::chance::chance_values` |
//! | 4.1 | Prana amount | `character::Character::derive` |
//! | 4.2 | Prana uses: Raise, Cancel, Reroll, Fudge, Cost, Avoid Incapacitated, Lunar Logic | `prana::prana`; `Judge::raise`, `Judge::cancel_fumble`, `Judge::reroll`, `Judge::fudge`; use 7: `casket::shake`; on the SPD Judge, an Appearance Check, a Recovery Judge (natural recovery's two in turn: `combat::recovery::rest`): `combat::after_prana` |
//! | 5–7 | Creation, level up, class change | `creation`, `roster` |
//! | 8.1 | Phases and Scenes; Master and Combat Scenes | `phase::scene`, `state::episode::SceneKind`, `NightWizard::scene_kind` |
//! | 8.2 | Preplay's Episode Handout and Episode Connections; the Opening's no-dice warning; the After Phase | `phase::trailer`, `phase::connection`, `phase::next`; the warning: `dispatch::apply` |
//! | 8.2 | A level up taken on the roster shows in `/game status` before the session takes it | `view::status` (`Game::view_shared`) |
//! | 9.1 | Connections, their Worth and gear | `phase::connection`, `phase::gear`, `NightWizard::connection_of` |
//! | 9.2 | Information Gathering (+2 with a Connection) | `roll_for` (`JudgeRequest::info`, `judge::request::INFO_CONNECTION_BONUS`) |
//! | 10.4 | The Enemy Identify Judge (a Major Action; its rules read in docs/rules-choices.md) | `combat::identify::identify`; what the party then sees: `combat::tracker` rows |
//! | 9.3 | Appearance Checks | `combat::movement` (in combat), `fortress::dive` (§12.6) |
//! | 9.4, 10.11 | Natural recovery | `combat::recovery::rest` |
//! | 10 | Round Progression, attacks, movement, recovery, Bad Statuses, skills | `combat::apply` and its parts `combat::attack`, `combat::movement`, `combat::recovery`, `combat::skills_use` |
//! | 9.2, 15.4 | A skill's modifier on an Information Gathering Check (Street Network) | `dispatch::apply` (`combat::effects::gathering_bonus`) |
//! | 10.9 step 6 | Skills that reduce HP Damage apply after the damage roll | `combat::harm::land` (`combat::effects::reduction`) |
//! | 15.3, 15.5 | Target and Range checked before the Cost; several targets, Area, Self | `combat::skills_use::declare::use_skill`, `combat::skills_use` `aim` |
//! | 15.4 | Effects in force: duration, stacking, rerolls, ending early | `combat::effects` (`bonus_for`, `expire`, `end_effect`), `judge::roll::Judge::rolled_again` |
//! | 15.4 | Substitution: another stat for a Judge, its modifiers | `combat::effects::substitute`, `NightWizard::roll_with` |
//! | 3.3 | Critical values a skill adds or lowers | `combat::effects::critical`, `NightWizard::roll_with` |
//! | 15.5 | Statuses and items a skill gives (Category: Item) | `combat::skills_use` `grant`, `combat::harm::land` |
//! | 15.3, 15.5 | Once per instance of a Reaction/Auto/Before-/After-Judge/Damage Roll Timing, before the Cost | `combat::skills_use` `gate::timed` |
//! | 10.4 | Handing an item over (a Major Action in a fight) | `combat::hand_over::give` |
//! | 14.3, 14.4, 15.3, 15.5 | One weapon per attack (`with:`), its Range (the mark), Restrict (`X Use`, `X Equip`, Dual Wield, Twin Magic) | `combat::attack::arms`, `character::restrict`, `data::read_restrict` |
//! | 14.8 | Broom Options: Type, "X Only", Occupy within Capacity; what a fitted one gives its Wielder (the rider's only while riding) | `data::ItemDef::unfit_for`, `character::Character::equipment_problem`; `combat::effects` (`fitted`) |
//! | 15.5 | The effect vocabulary of the data | `data::Effect`, `data::Reach`, `data::Aim`, `data::load` |
//! | 11 | The Lunar Casket and its Logics | `casket::apply`, `casket::shake`, `NightWizard::ignores_logic` |
//! | 12.1–12.3 | Fortress, Dive, one Area one Scene | `fortress::apply`, `fortress::dive` |
//! | 12.4 | Area kinds, stated on entering | `fortress::model::AreaKind`, `Fortress::kind_known` |
//! | 12.4 | An Object Area's Emulator Space: enemies +3 to all their rolls | `combat::effects::bonus_for` (`fortress::model::EMULATOR_SPACE_BONUS`) |
//! | 12.5 | Gate kinds | `fortress::model::Gate` |
//! | 12.6 | Appearing in an Area: 8 + 2 per Gate | `fortress::appear_difficulty` |
//! | 12.7, 12.2 | Retreat | `fortress::retreat_allowed` |
//! | 12.8, 12.9 | Traps, Danger Sense | `fortress::checks`, `fortress::danger_difficulty_trap`, `fortress::danger_difficulty_ambush` |
//! | 13 | NPCs and enemies | `combat::Enemy`, `combat::attack::lower_spawn` |
//! | GM | who acts as the GM (one predicate) | `NightWizard::is_gm`, `NightWizard::counts_as_gm` |

pub mod ask;
pub mod casket;
pub mod cf;
pub mod character;
pub mod combat;
pub mod commands;
pub mod data;
pub mod dispatch;
pub mod fortress;
pub mod judge;
pub mod pcs;
pub mod phase;
pub mod picture;
pub mod prana;
/// The old module path the tests still name: `state` and `dispatch` in one, with `parse`
/// taking a command as typed (the table's one parse, then the dispatcher).
#[cfg(test)]
mod session {
    pub use super::dispatch::*;
    pub use super::state::*;
    use croupier_core::table::{Actor, Command, Commands, RuleError};

    /// A command as typed, turned into its action.
    pub fn parse(
        s: &NightWizard,
        actor: &Actor,
        cmd: &Command,
        data: &super::NwData,
        shared: &super::character::roster::NwShared,
    ) -> Result<NwAction, RuleError> {
        action(s, actor, super::NwCommand::from_command(cmd)?, data, shared)
    }
}
#[cfg(test)]
mod core_tests;
#[cfg(test)]
mod ja_skills_tests;
#[cfg(test)]
mod ja_tests;
pub mod state;
pub mod status;
#[cfg(test)]
mod test_table;
pub mod view;
pub(crate) mod words;

use std::path::Path;

use croupier_core::table::{
    Actor, Choice, Command, Ctx, DataError, Decision, Game, Phrase, Place, Reply, RuleError, UserId,
};

use character::roster::NwShared;
use character::Catalog;
use commands::NwCommand;
use data::NwData;
pub use state::{NightWizard, NwAction};

impl Game for NightWizard {
    type Command = NwCommand;
    type Action = NwAction;
    type Data = NwData;
    type Shared = NwShared;
    type View = view::NwView;
    const PICTURED: bool = true;
    const NAME: &'static str = "nw";
    const TITLE: &'static str = "Night Wizard 3rd Edition";

    fn load_data(dir: &Path) -> Result<NwData, Vec<DataError>> {
        data::load(dir)
    }

    /// A Guest's attack line was kept as English text only before its build was kept beside
    /// it in typed words (`Enemy::built`): a replay check reads both without the build.
    fn replay_form(state: &Self) -> Option<Self> {
        let mut s = state.clone();
        for e in &mut s.enemies {
            e.built = None;
        }
        Some(s)
    }

    fn data_notes(data: &NwData) -> Vec<String> {
        let text = data::text_only(data);
        let mut notes = if text.is_empty() {
            vec!["0 skills or items whose effect is text only".into()]
        } else {
            let mut n = vec![format!(
                "{} skill(s) or item(s) whose effect is text only (the table plays it by hand):",
                text.len()
            )];
            n.extend(text.into_iter().map(|t| format!("  {t}")));
            n
        };
        let bare = data::uncategorised(data);
        if !bare.is_empty() {
            notes.push(format!(
                "{} weapon(s) with no `category` (no \"Restrict: X Use\" accepts them; add one, e.g. `Blade`):",
                bare.len()
            ));
            notes.extend(bare.into_iter().map(|t| format!("  {t}")));
        }
        notes.extend(data::untranslated(data));
        notes
    }

    fn open(
        ctx: &mut Ctx<'_, NwData, NwShared>,
        host: &Actor,
        cmd: NwCommand,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        let custom = ctx
            .shared
            .as_ref()
            .map(|s| s.custom.clone())
            .unwrap_or_default();
        dispatch::open(ctx.data, host, cmd, custom)
    }

    fn action(
        &self,
        actor: &Actor,
        cmd: NwCommand,
        data: &NwData,
        shared: &NwShared,
    ) -> Result<NwAction, RuleError> {
        dispatch::action(self, actor, cmd, data, shared)
    }

    fn apply(
        &mut self,
        ctx: &mut Ctx<'_, NwData, NwShared>,
        actor: &Actor,
        action: &NwAction,
    ) -> Result<Vec<Reply>, RuleError> {
        let data = ctx.data;
        if let (NwAction::Join { character, .. }, Some(sh)) = (action, ctx.shared.as_deref()) {
            sh.check_free(&character.owner, &character.name, ctx.place)?;
        }
        let shared = ctx.shared.as_deref_mut();
        self.enemy_names_ja = state::EnemyNamesJa::of(data);
        let replies = dispatch::apply(self, data, shared, ctx.rng, actor, action)?;
        // The roster's locks follow the session's PCs (join, switch, leave).
        if let Some(sh) = ctx.shared.as_deref_mut() {
            let pcs: Vec<(UserId, String, u64)> = self
                .pcs
                .iter()
                .map(|p| (p.user.clone(), p.ch.name.clone(), p.ch.uid))
                .collect();
            sh.hold(ctx.place, &pcs);
        }
        Ok(replies)
    }

    fn end_session(shared: &mut NwShared, place: &Place, _data: &NwData) -> Vec<Reply> {
        shared.release(place);
        vec![]
    }

    fn shared_problem(shared: &NwShared) -> Option<String> {
        shared.orphan_hold()
    }

    fn view(&self, viewer: &Actor, data: &NwData) -> Vec<Reply> {
        view::status(self, viewer, data, None)
    }

    fn view_shared(&self, viewer: &Actor, data: &NwData, shared: &NwShared) -> Vec<Reply> {
        view::status(self, viewer, data, Some(shared))
    }

    fn show(
        &self,
        viewer: &Actor,
        cmd: &NwCommand,
        data: &NwData,
    ) -> Result<Vec<Reply>, RuleError> {
        match cmd {
            NwCommand::Enemy(commands::EnemyCommand::Boss { name, rounds }) => {
                let m = combat::boss::guidance(self, data, name, rounds.unwrap_or(3))?;
                Ok(vec![Reply::private(&viewer.id, m)])
            }
            _ => Ok(self.view(viewer, data)),
        }
    }

    fn view_model(
        &self,
        data: &NwData,
        viewer: &croupier_core::table::Viewer,
    ) -> Result<view::NwView, croupier_core::table::BadState> {
        Ok(view::view_model(self, data, viewer))
    }

    fn secrets(&self, _data: &NwData, viewer: &croupier_core::table::Viewer) -> Vec<String> {
        view::secrets(self, viewer)
    }

    fn picture(
        view: &view::NwView,
        locale: croupier_core::i18n::Locale,
    ) -> Vec<croupier_core::render::svg::Doc> {
        vec![picture::tracker(view, locale)]
    }

    fn gms(&self) -> Vec<UserId> {
        vec![self.gm.clone()]
    }

    fn playing(&self, actor: &Actor) -> Result<(), RuleError> {
        self.plays_here(actor)
    }

    /// The GM's role (and with it the GM's secrets) moves to the new host, who must not be
    /// playing a PC in this session.
    fn hand_over(&mut self, to: &UserId) -> Result<(), RuleError> {
        if self.pcs.iter().any(|p| &p.user == to) {
            return words::no(Phrase::new("nw-gm-plays-pc").arg("who", to.mention()));
        }
        self.gm = to.clone();
        Ok(())
    }

    fn decisions(&self) -> Vec<Decision> {
        let mut out = self.session_decisions();
        out.extend(self.combat_decisions());
        out
    }

    fn global(
        ctx: &mut Ctx<'_, NwData, NwShared>,
        actor: &Actor,
        cmd: &Command,
    ) -> Result<Vec<Reply>, RuleError> {
        let data = ctx.data;
        let Some(shared) = ctx.shared.as_deref_mut() else {
            return words::no(Phrase::new("nw-characters-busy"));
        };
        character::global::global(shared, data, actor, cmd, ctx.rng).unwrap_or_else(|| {
            words::no(Phrase::new("nw-needs-session").arg("command", cmd.typed_str()))
        })
    }

    fn autocomplete(
        &self,
        viewer: &Actor,
        cmd: &Command,
        option: &str,
        partial: &str,
        data: &NwData,
    ) -> Vec<Choice> {
        if option == "stat" {
            return filter(stat_choices(), partial);
        }
        if option == "label" && cmd.sub() == "enemy" {
            // The GM's own table; no one else may remove an enemy (or see a hidden one).
            let labels: Vec<String> = self
                .enemies
                .iter()
                .filter(|_| self.is_gm(viewer))
                .map(|e| e.label.clone())
                .collect();
            return filter(labels, partial);
        }
        let _ = data;
        vec![]
    }

    fn global_autocomplete(
        shared: &NwShared,
        viewer: &Actor,
        cmd: &Command,
        option: &str,
        partial: &str,
        data: &NwData,
    ) -> Vec<Choice> {
        let cat = Catalog {
            data,
            custom: &shared.custom,
        };
        let all: Vec<String> = match (cmd.sub(), option) {
            (_, "character") => shared
                .characters
                .iter()
                .filter(|c| c.owner == viewer.id)
                .map(|c| c.name.clone())
                .collect(),
            ("character", "value") => match shared.drafts.get(&viewer.id.0) {
                Some(d) => match d.step(&cat) {
                    character::creation::Step::Class => {
                        data.classes.iter().map(|c| c.name.clone()).collect()
                    }
                    character::creation::Step::Element => {
                        data.elements.iter().map(|c| c.name.clone()).collect()
                    }
                    character::creation::Step::Bonus => {
                        data::ATTRS.iter().map(|a| a.to_string()).collect()
                    }
                    character::creation::Step::Auto(_) => {
                        d.auto_options(&cat).iter().map(|s| s.id.clone()).collect()
                    }
                    character::creation::Step::Pick | character::creation::Step::General => {
                        d.pick_options(&cat).iter().map(|s| s.id.clone()).collect()
                    }
                    character::creation::Step::Items => cat
                        .items()
                        .filter(|i| i.price <= d.money)
                        .map(|i| i.id.clone())
                        .collect(),
                },
                None => vec![],
            },
            (_, "stat") => return filter(stat_choices(), partial),
            _ => vec![],
        };
        filter(all, partial)
    }
}

fn stat_choices() -> Vec<String> {
    let mut v: Vec<String> = data::ATTRS.iter().map(|s| s.to_string()).collect();
    v.extend(data::STATS.iter().map(|s| s.to_string()));
    v.push("none".into());
    v
}

fn filter(all: Vec<String>, partial: &str) -> Vec<Choice> {
    let p = partial.to_ascii_lowercase();
    all.into_iter()
        .filter(|s| s.to_ascii_lowercase().contains(&p))
        .take(25)
        .map(Choice::same)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use croupier_core::table::{CommandSpec, Commands};

    #[test]
    fn command_fits_discord_limits() {
        assert_eq!(NightWizard::command().problems(""), Vec::<String>::new());
    }

    fn parse(line: &str) -> Result<NwCommand, RuleError> {
        NwCommand::from_command(&Command::parse_line(line).unwrap())
    }

    /// Every leaf of the declaration with its full path, its permission and the descriptions
    /// on the way (its group's and its own).
    fn leaves(
        spec: &CommandSpec,
        path: &str,
        out: &mut Vec<(String, croupier_core::table::Permission, String)>,
    ) {
        for s in &spec.subcommands {
            let p = format!("{path} {}", s.name);
            if s.subcommands.is_empty() {
                out.push((
                    p,
                    s.permission,
                    format!("{} {}", spec.description, s.description),
                ));
            } else {
                leaves(s, &p, out);
            }
        }
    }

    #[test]
    fn the_options_the_rules_read_are_declared_cl_included() {
        // `cl:` was read and documented but not declared, so Discord could never send it.
        assert_eq!(
            parse("/nw character new name:Ayla cl:3").unwrap(),
            NwCommand::Character(commands::CharacterCommand::New {
                name: Some("Ayla".into()),
                quick: None,
                cl: Some(3)
            })
        );
        let new = NightWizard::command();
        let new = new.leaf(&["character".into(), "new".into()]).unwrap();
        assert!(new
            .options
            .iter()
            .any(|o| o.name == "cl" && o.max == Some(20)));
        assert!(parse("/nw character new cl:21")
            .unwrap_err()
            .0
            .contains("must be from 1 to 20, not 21"));
        // An option no command declares is refused, naming what the command takes.
        assert_eq!(
            parse("/nw sheet name:Ayla").unwrap_err().0,
            "`/nw sheet` has no option `name:`; it takes `character:` or `player:`."
        );
    }

    #[test]
    fn choices_are_read_with_their_aliases_and_refused_naming_the_values() {
        use croupier_core::table::Choices;
        assert_eq!(
            parse("/nw settings natural_recovery:/5 raise:1").unwrap(),
            NwCommand::Settings {
                raise: Some(commands::RaiseDice::One),
                fudge_repeat: None,
                anyseven_players: None,
                appearance: None,
                appearance_dc: None,
                natural_recovery: Some(combat::recovery::NaturalReading::Divide),
                map_kinds: None,
                enemy_vitals: None,
                max_cl: None,
            }
        );
        assert!(matches!(
            parse("/nw fortress gate from:A to:B kind:one-way").unwrap(),
            NwCommand::Fortress(commands::FortressCommand::Gate {
                kind: Some(fortress::GateKind::OneWay),
                ..
            })
        ));
        assert_eq!(
            parse("/nw session cf value:c by:down").unwrap(),
            NwCommand::Session(commands::SessionCommand::Cf {
                value: commands::CfValue::Critical,
                by: commands::CfBy::Down
            })
        );
        assert_eq!(
            parse("/nw rest mode:nap").unwrap_err().0,
            "mode `nap` is unknown; use full, tense or absent."
        );
        // The declared choices are the values the parser reads.
        let spec = NightWizard::command();
        let prana = spec.leaf(&["prana".into()]).unwrap();
        let values: Vec<&str> = prana.options[0]
            .choices
            .iter()
            .map(|(_, v)| v.as_str())
            .collect();
        let all: Vec<&str> = commands::PranaChoice::ALL
            .iter()
            .map(|c| c.value())
            .collect();
        assert_eq!(values, all);
    }

    #[test]
    fn gm_commands_are_declared_so_and_their_help_says_gm() {
        use croupier_core::table::Permission;
        let mut all = vec![];
        leaves(&NightWizard::command(), "nw", &mut all);
        let gm: Vec<&str> = all
            .iter()
            .filter(|(_, p, _)| *p == Permission::Gm)
            .map(|(p, _, _)| p.as_str())
            .collect();
        for must in [
            "nw session next",
            "nw session set",
            "nw phase next",
            "nw settings",
            "nw combat start",
            "nw combat cure",
            "nw enemy spawn",
            "nw fortress area",
            "nw casket logic",
            "nw rest",
            "nw ask",
        ] {
            assert!(gm.contains(&must), "{must} is the GM's: {gm:?}");
        }
        // What players do stays open to them (the rules still judge whose turn it is).
        for open in [
            "nw judge",
            "nw combat attack",
            "nw fortress move",
            "nw answer",
        ] {
            assert!(!gm.contains(&open), "{open}");
        }
        for (path, p, help) in &all {
            if *p == Permission::Gm {
                assert!(
                    help.contains("(GM)"),
                    "{path}'s help does not say GM: {help}"
                );
            }
        }
        // The guide marks each of them as the GM's.
        let guide =
            std::fs::read_to_string(croupier_core::source_path("docs/nightwizard.md")).unwrap();
        let mut missing = vec![];
        for path in &gm {
            let typed = path
                .replacen("nw combat", "nwcombat", 1)
                .replacen("nw enemy", "nwenemy", 1)
                .replacen("nw fortress", "nwfortress", 1)
                .replacen("nw casket", "nwcasket", 1);
            let row = guide.lines().find(|l| {
                l.starts_with('|') && l.contains(&format!("`/{typed}")) && l.contains("GM")
            });
            if row.is_none() {
                missing.push(typed);
            }
        }
        assert!(
            missing.is_empty(),
            "docs/nightwizard.md has no GM row for {missing:?}"
        );
    }

    #[test]
    fn data_validation_names_file_item_and_field() {
        let dir = tempfile::tempdir().unwrap();
        let nw = dir.path().join("nightwizard");
        std::fs::create_dir_all(&nw).unwrap();
        for f in [
            "classes.toml",
            "elements.toml",
            "rules.toml",
            "items.toml",
            "enemies.toml",
        ] {
            std::fs::copy(
                croupier_core::source_path("data/nightwizard").join(f),
                nw.join(f),
            )
            .unwrap();
        }
        std::fs::write(
            nw.join("skills.toml"),
            "[[skill]]\nid = \"bad\"\nname = \"Bad\"\nclass = \"nobody\"\nmods = { luck = 1 }\n",
        )
        .unwrap();
        let errs = data::load(dir.path()).unwrap_err();
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert!(
            text.iter()
                .any(|e| e.contains("nightwizard/skills.toml: bad: field `class`")),
            "{text:?}"
        );
        assert!(text.iter().any(|e| e.contains("field `mods`")), "{text:?}");
    }

    /// Issue #40: `check-data` names the entries without Japanese words, one note per file and
    /// field (the shipped data has them all), and the loader refuses a Japanese field left empty.
    #[test]
    fn check_data_names_a_skill_without_japanese_and_refuses_an_empty_one() {
        let src = croupier_core::source_path("data/nightwizard");
        let shipped = data::load(src.parent().unwrap()).unwrap();
        let notes = <NightWizard as Game>::data_notes(&shipped);
        assert!(
            !notes.iter().any(|n| n.contains("without Japanese")),
            "{notes:?}"
        );
        let skills = std::fs::read_to_string(src.join("skills.toml")).unwrap();
        let named = "name_ja = \"影歩み\"\n";
        assert!(skills.contains(named));
        for (name_ja, want) in [("", None), ("name_ja = \"\"\n", Some(()))] {
            match (shipped_but("skills.toml", named, name_ja), want) {
                (Ok(d), None) => assert_eq!(
                    <NightWizard as Game>::data_notes(&d)
                        .into_iter()
                        .filter(|n| n.contains("Japanese"))
                        .collect::<Vec<_>>(),
                    ["skills.toml name_ja: 1 entry without Japanese words (the English is shown to Japanese readers): shadow_step"]
                ),
                (Err(errs), Some(())) => assert_eq!(
                    errs.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
                    ["nightwizard/skills.toml: shadow_step: field `name_ja`: empty (leave it out where there is no Japanese)"]
                ),
                (got, _) => panic!("{:?}", got.map(|_| "loaded")),
            }
        }
    }

    /// The shipped rules data loaded with `from` replaced by `to` in its file `file`.
    fn shipped_but(
        file: &str,
        from: &str,
        to: &str,
    ) -> Result<data::NwData, Vec<croupier_core::table::DataError>> {
        let src = croupier_core::source_path("data/nightwizard");
        let dir = tempfile::tempdir().unwrap();
        let nw = dir.path().join("nightwizard");
        std::fs::create_dir_all(&nw).unwrap();
        for f in std::fs::read_dir(&src).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "toml") {
                std::fs::copy(&f, nw.join(f.file_name().unwrap())).unwrap();
            }
        }
        let text = std::fs::read_to_string(src.join(file)).unwrap();
        std::fs::write(nw.join(file), text.replace(from, to)).unwrap();
        data::load(dir.path())
    }

    /// Issue #40: an enemy's `attack_ja` is checked like the other Japanese fields: `check-data`
    /// names an enemy without it, and the loader refuses one given empty.
    #[test]
    fn check_data_names_an_enemy_without_a_japanese_attack_and_refuses_an_empty_one() {
        let src = croupier_core::source_path("data/nightwizard");
        let enemies = std::fs::read_to_string(src.join("enemies.toml")).unwrap();
        let given = "attack_ja = \"蝕む闇：至近、物理攻撃。\"\n";
        assert!(enemies.contains(given));
        for (attack_ja, want) in [("", None), ("attack_ja = \" \"\n", Some(()))] {
            match (shipped_but("enemies.toml", given, attack_ja), want) {
                (Ok(d), None) => assert_eq!(
                    <NightWizard as Game>::data_notes(&d)
                        .into_iter()
                        .filter(|n| n.contains("Japanese"))
                        .collect::<Vec<_>>(),
                    ["enemies.toml attack_ja: 1 entry without Japanese words (the English is shown to Japanese readers): shade_swarm"]
                ),
                (Err(errs), Some(())) => assert_eq!(
                    errs.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
                    ["nightwizard/enemies.toml: shade_swarm: field `attack_ja`: empty (leave it out where there is no Japanese)"]
                ),
                (got, _) => panic!("{:?}", got.map(|_| "loaded")),
            }
        }
    }

    /// Issue #39: `check-data` missed an enemy id and an element id used twice (classes,
    /// skills and items were already checked).
    #[test]
    fn data_validation_refuses_a_repeated_enemy_id_and_a_repeated_element_id() {
        let dir = tempfile::tempdir().unwrap();
        let nw = dir.path().join("nightwizard");
        std::fs::create_dir_all(&nw).unwrap();
        let src = croupier_core::source_path("data/nightwizard");
        for f in ["classes.toml", "rules.toml", "items.toml", "skills.toml"] {
            std::fs::copy(src.join(f), nw.join(f)).unwrap();
        }
        for (f, entry) in [
            ("elements.toml", "[[element]]\nid = \"light\"\nname = \"Light again\"\nattrs = [0, 0, 0, 1, 1, 1]\nbody = 5\nmind = 7\n"),
            ("enemies.toml", "[[enemy]]\nid = \"shade_swarm\"\nname = \"Shade Swarm II\"\nkind = \"mob\"\nhp = 30\nmp = 0\nstats = [8, 6, 4, 6, 0, 3, 2, 8]\n"),
        ] {
            let text = std::fs::read_to_string(src.join(f)).unwrap();
            std::fs::write(nw.join(f), format!("{text}\n{entry}")).unwrap();
        }
        let errs = data::load(dir.path()).unwrap_err();
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            text,
            [
                "nightwizard/elements.toml: light: field `id`: repeated",
                "nightwizard/enemies.toml: shade_swarm: field `id`: repeated",
            ]
        );
    }
}
