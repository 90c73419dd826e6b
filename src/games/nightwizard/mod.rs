//! Night Wizard 3rd Edition (part 1): characters built by the rules, Judges with per-session
//! Critical/Fumble values, Prana, the episode's phases, level up and class change.
//!
//! Characters live in the guild-wide [`roster::NwShared`] (keyed by owner) and are handled by
//! [`Game::global`] without a session. A channel's session (`/nw new`, host = GM) holds a
//! snapshot of each joined character with its session values (HP, MP, Prana, Critical/Fumble),
//! taken in `parse` so that replays never need the shared state.

pub mod ask;
pub mod casket;
pub mod character;
pub mod combat;
pub mod creation;
pub mod data;
pub mod fortress;
pub mod judge;
pub mod picture;
pub mod roster;
pub mod session;
pub mod sheet;
#[cfg(test)]
mod test_table;
pub mod view;

use std::path::Path;

use crate::table::{
    refuse, Actor, Choice, Command, CommandSpec, Ctx, DataError, Decision, Game, OptionSpec, Place,
    Reply, RuleError, UserId,
};

use character::Catalog;
use data::NwData;
use roster::NwShared;
pub use session::{NightWizard, NwAction};

fn character_commands() -> CommandSpec {
    let name = || {
        OptionSpec::string(
            "character",
            "Which of your characters (default: your only one)",
        )
        .autocomplete()
    };
    CommandSpec::new("character", "Make and manage your characters")
        .sub(
            CommandSpec::new(
                "new",
                "Make a character step by step (or quick:true for a random legal one)",
            )
            .opt(OptionSpec::string("name", "The character's name"))
            .opt(OptionSpec::boolean(
                "quick",
                "Build a legal random character in one step",
            )),
        )
        .sub(
            CommandSpec::new("choose", "Make the current creation step's choice").opt(
                OptionSpec::string("value", "Class, element, attribute, skill or item")
                    .required()
                    .autocomplete(),
            ),
        )
        .sub(CommandSpec::new(
            "done",
            "Finish creation (after buying items)",
        ))
        .sub(CommandSpec::new("cancel", "Stop making a character"))
        .sub(CommandSpec::new("list", "Your characters"))
        .sub(
            CommandSpec::new("delete", "Delete a character")
                .opt(OptionSpec::string("name", "Its name").required()),
        )
        .sub(CommandSpec::new("export", "Export a character as JSON").opt(name()))
        .sub(
            CommandSpec::new("import", "Import a character from JSON")
                .opt(OptionSpec::string("json", "The exported JSON").required()),
        )
        .sub(
            CommandSpec::new("equip", "Equip an item from the Inventory")
                .opt(OptionSpec::string("item", "Item").required())
                .opt(name()),
        )
        .sub(
            CommandSpec::new("unequip", "Put an item into the Lunar Robe")
                .opt(OptionSpec::string("item", "Item").required())
                .opt(name()),
        )
        .sub(
            CommandSpec::new("note", "Set the character's notes")
                .opt(OptionSpec::string("text", "Notes (empty clears)"))
                .opt(name()),
        )
        .sub(
            CommandSpec::new("connect", "Add (or remove, if present) a Connection")
                .opt(OptionSpec::string("with", "Who").required())
                .opt(name()),
        )
        .sub(
            CommandSpec::new(
                "levelup",
                "Level up: CL +1 and a new skill, or a class change",
            )
            .opt(name())
            .opt(OptionSpec::string(
                "skill",
                "The new skill (or the Auto skill to gain on a class change)",
            ))
            .opt(OptionSpec::int("slot", "Class change: which class (1 or 2)").range(1, 2))
            .opt(OptionSpec::string("class", "Class change: the new class")),
        )
        .sub(
            CommandSpec::new("bp", "Spend Bonus Points on a combat stat")
                .opt(
                    OptionSpec::string(
                        "stat",
                        "pacc, eva, macc, spd (group 1) or patk, matk, pdef, mdef (group 2)",
                    )
                    .required(),
                )
                .opt(OptionSpec::int("points", "How many (default 1)").range(1, 10))
                .opt(name()),
        )
        .sub(
            CommandSpec::new(
                "op",
                "Spend OP: a General skill (5 OP) or a preserved item (1 OP = 200k)",
            )
            .opt(OptionSpec::string("skill", "General skill to learn"))
            .opt(OptionSpec::string("buy", "Item to preserve"))
            .opt(name()),
        )
}

impl Game for NightWizard {
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

    fn command() -> CommandSpec {
        CommandSpec::new("nw", "Night Wizard 3rd Edition: characters, Judges and Prana")
            .sub(
                CommandSpec::new("new", "Open a Night Wizard session in this channel (you are the GM)")
                    .opt(OptionSpec::string("raise", "Raise Result per Prana: 2d (rulebook, default) or 1d (BCDice)").choices(&["2d", "1d"]))
                    .opt(OptionSpec::boolean("fudge_repeat", "Allow several Fudge Dice on one roll (default no)")),
            )
            .sub(character_commands())
            .sub(
                CommandSpec::new("sheet", "Show your character sheet (only to you)")
                    .opt(OptionSpec::string("character", "Which character").autocomplete())
                    .opt(OptionSpec::user("player", "Another player's character")),
            )
            .sub(
                CommandSpec::new("session", "Join the session and set Critical/Fumble values")
                    .sub(CommandSpec::new("join", "Bring a character (again to refresh its sheet)").opt(OptionSpec::string("character", "Which character").autocomplete()))
                    .sub(CommandSpec::new("leave", "Take your character out"))
                    .sub(
                        CommandSpec::new("cf", "Spend a CF Mod point: move Critical or Fumble by 1")
                            .opt(OptionSpec::string("value", "critical or fumble").required().choices(&["critical", "fumble"]))
                            .opt(OptionSpec::string("by", "+1 or -1").required().choices(&["+1", "-1"])),
                    )
                    .sub(CommandSpec::new("lock", "Lock your Critical/Fumble values"))
                    .sub(CommandSpec::new("next", "A new real-life session: everyone rerolls Critical/Fumble (GM)"))
                    .sub(
                        CommandSpec::new("set", "Set a PC's HP/MP/bad status (GM)")
                            .opt(OptionSpec::user("player", "Whose PC").required())
                            .opt(OptionSpec::int("hp", "Current HP"))
                            .opt(OptionSpec::int("mp", "Current MP"))
                            .opt(OptionSpec::string("status", "Add a bad status, e.g. dazed or poison:3; `clear` clears")),
                    ),
            )
            .sub(
                CommandSpec::new("phase", "Episode phases (GM)")
                    .sub(
                        CommandSpec::new("next", "Go to the next phase (the After phase resets PCs and grants OP)")
                            .opt(OptionSpec::int("op", "OP each PC gets in the After phase (default 5)").range(0, 100)),
                    )
                    .sub(CommandSpec::new("scene", "Start a new Scene")),
            )
            .sub(
                CommandSpec::new("judge", "Roll a Judge: 2D + Alter against a Difficulty")
                    .opt(OptionSpec::string("stat", "Attribute or combat stat (none: modifier only)").required().autocomplete())
                    .opt(OptionSpec::int("difficulty", "Difficulty to reach").range(-99, 999))
                    .opt(OptionSpec::int("modifier", "Extra modifier").range(-99, 999))
                    .opt(OptionSpec::int("against", "Opposed: the other side's Result").range(-99, 999))
                    .opt(OptionSpec::boolean("attacker", "Opposed: you started the roll (win ties)"))
                    .opt(OptionSpec::boolean("recovery", "A Recovery Judge (may go below 0)"))
                    .opt(OptionSpec::boolean("anyseven", "Any Seven: dice count as 7 (players need the GM's leave)"))
                    .opt(OptionSpec::boolean("secret", "Only you and the GM see it (GM: only the GM)"))
                    .opt(OptionSpec::string("label", "What the Judge is for"))
                    .opt(OptionSpec::boolean("preview", "Only show the chance of success, with a Roll button"))
                    .opt(OptionSpec::boolean("reaction", "A Reaction, e.g. a Dodge Check (−5 under Paralysis)")),
            )
            .sub(
                CommandSpec::new("prana", "Spend Prana")
                    .opt(OptionSpec::string("use", "What for").required().choices(&[
                        "reroll", "cancel", "fudge_up", "fudge_down", "raise", "accept", "cost", "avoid", "logic",
                    ]))
                    .opt(OptionSpec::int("amount", "Prana for raise or cost (default 1)").range(1, 20))
                    .opt(OptionSpec::string("logic", "Which Lunar Logic to ignore")),
            )
            .sub(
                CommandSpec::new("settings", "Table settings (GM)")
                    .opt(OptionSpec::string("raise", "Raise Result per Prana: 2d or 1d").choices(&["2d", "1d"]))
                    .opt(OptionSpec::boolean("fudge_repeat", "Allow several Fudge Dice on one roll"))
                    .opt(OptionSpec::boolean("anyseven_players", "Players may use Any Seven"))
                    .opt(OptionSpec::boolean("appearance", "Optional rule: latecomers make Appearance Checks (default off)"))
                    .opt(OptionSpec::int("appearance_dc", "Appearance Check Difficulty (default 10)").range(-99, 999))

                    .opt(OptionSpec::string("natural_recovery", "Natural healing: Str-5 (default) or Str/5, max 3").choices(&["str-5", "str/5"])),
            )
            .sub(
                CommandSpec::new("combat", "Night Wizard combat: rounds, moves, attacks, skills")
                    .top_level("nwcombat")
                    .sub(CommandSpec::new("start", "Start combat: every PC and every enemy on the table (GM)").opt(OptionSpec::boolean("anyseven", "Enemies' Count = SPD + 7 (Any Seven)")))
                    .sub(CommandSpec::new("end", "End combat (GM)"))
                    .sub(CommandSpec::new("engage", "Put two combatants in one Engage (GM)").opt(OptionSpec::string("a", "PC name or enemy label").required()).opt(OptionSpec::string("b", "PC name or enemy label").required()))
                    .sub(CommandSpec::new("go", "Take the tied Main Process").opt(OptionSpec::string("who", "GM: which enemy")))
                    .sub(CommandSpec::new("invade", "Move Action: engage a target").opt(OptionSpec::string("target", "PC name or enemy label").required()))
                    .sub(CommandSpec::new("withdraw", "Move Action (+ Minor if an enemy is there): leave your Engage"))
                    .sub(CommandSpec::new("minor", "Minor Action (clears Pressure)"))
                    .sub(CommandSpec::new("blockade", "An enemy blockades (or stops) its Engage (GM)").opt(OptionSpec::string("enemy", "Enemy label").required()))
                    .sub(CommandSpec::new("attack", "Major Action: attack").opt(OptionSpec::string("target", "PC name or enemy label")).opt(OptionSpec::boolean("magic", "Magical attack (MACC, MATK vs MDEF)")).opt(OptionSpec::string("targets", "Several targets, comma-separated: one Hit Check, each dodges")).opt(OptionSpec::boolean("area", "Area: every combatant in the target's Engage")).opt(OptionSpec::boolean("fullhit", "Full Hit (a skill effect): hits whatever the dice say")))
                    .sub(CommandSpec::new("dodge", "Defender: roll the Dodge Check").opt(OptionSpec::string("who", "Which Defender (your PC; GM: an NPC)")).opt(OptionSpec::boolean("full", "Full Dodge (a skill effect): dodges whatever the dice say")))
                    .sub(CommandSpec::new("damage", "Compare hit and dodge, roll damage"))
                    .sub(CommandSpec::new("apply", "Apply the HP Damage"))
                    .sub(CommandSpec::new("coverup", "Take the attack for its target").opt(OptionSpec::string("who", "GM: which enemy")).opt(OptionSpec::string("for", "Whom you Cover Up for (attacks with several Defenders)")))
                    .sub(CommandSpec::new("pass", "End your Main Process"))
                    .sub(
                        CommandSpec::new("move", "Move toward a spot (Move, Minor or Major Action); GM: steps sets a distance")
                            .opt(OptionSpec::string("to", "Where: a spot, an object").required())
                            .opt(OptionSpec::string("with", "Spend: move (1), minor (1) or major (3, ends the Main Process)").choices(&["move", "minor", "major"]))
                            .opt(OptionSpec::string("range", "Ask the GM to move to Long (retreat) or Extreme range").choices(&["long", "extreme"]))
                            .opt(OptionSpec::int("steps", "GM: Move Actions this spot needs").range(1, 20)),
                    )
                    .sub(
                        CommandSpec::new("fly", "Lunar Robe flight: Minor Action, 1D MP (land:true lands, any time)")
                            .opt(OptionSpec::boolean("land", "Land (Auto Action)"))
                            .opt(OptionSpec::string("who", "GM: which enemy")),
                    )
                    .sub(CommandSpec::new("appear", "Appearance Check to join the fight (Setup Process, optional rule)"))
                    .sub(
                        CommandSpec::new("range", "Put a combatant at Short, Long or Extreme range; approves a request (GM)")
                            .opt(OptionSpec::string("who", "PC name or enemy label").required())
                            .opt(OptionSpec::string("band", "short, long or extreme").required().choices(&["short", "long", "extreme"])),
                    )
                    .sub(
                        CommandSpec::new("heal", "A Recovery Judge: 2D + Recovery healed (below 0: lost)")
                            .opt(OptionSpec::string("target", "PC name or enemy label").required())
                            .opt(OptionSpec::int("recovery", "The Recovery value").range(-99, 999).required())
                            .opt(OptionSpec::boolean("mp", "Heal MP instead of HP"))
                            .opt(OptionSpec::string("who", "GM: the enemy making the Judge")),
                    )
                    .sub(
                        CommandSpec::new("use", "Use a skill or item (Timing, Cost and action checked)")
                            .opt(OptionSpec::string("skill", "Skill name or id"))
                            .opt(OptionSpec::string("item", "Item name or id"))
                            .opt(OptionSpec::string("target", "PC name or enemy label"))
                            .opt(OptionSpec::string("who", "GM: the enemy using it")),
                    )
                    .sub(CommandSpec::new("skip", "Setup/Cleanup step: use no (more) skills").opt(OptionSpec::string("who", "GM: for whom")))
                    .sub(
                        CommandSpec::new("cure", "End a bad status on a character (GM)")
                            .opt(OptionSpec::string("target", "PC name or enemy label").required())
                            .opt(OptionSpec::string("status", "e.g. poison, paralysis, or all").required()),
                    ),
            )
            .sub(CommandSpec::new("rules", "Difficulties, bad statuses, Critical/Fumble (reference)"))
            .sub(
                CommandSpec::new("skill", "Skills: list, show, add your own")
                    .sub(CommandSpec::new("list", "List skills").opt(OptionSpec::string("class", "Only this class (or general)")))
                    .sub(CommandSpec::new("show", "Show a skill").opt(OptionSpec::string("name", "Skill").required()))
                    .sub(
                        CommandSpec::new("add", "Add a skill for this server")
                            .opt(OptionSpec::string("name", "Name").required())
                            .opt(OptionSpec::string("class", "Class (default: general)"))
                            .opt(OptionSpec::string("category", "auto, secret, trait, spell, broom, item or empty"))
                            .opt(OptionSpec::int("acquire_cl", "Least CL (default 1)").range(1, 30))
                            .opt(OptionSpec::int("max_sl", "Highest SL (default 1)").range(1, 10))
                            .opt(OptionSpec::string("timing", "Timing, e.g. Major Action, Constant"))
                            .opt(OptionSpec::string("check", "Check, e.g. Automatic, Hit Check"))
                            .opt(OptionSpec::string("target", "Target, e.g. Self, Single, Area"))
                            .opt(OptionSpec::string("range", "Range, e.g. Close, Short"))
                            .opt(OptionSpec::string("cost", "Cost, e.g. MP 4"))
                            .opt(OptionSpec::string("restrict", "Restrict, e.g. Broom Equip"))
                            .opt(OptionSpec::string("effect", "Effect text"))
                            .opt(OptionSpec::string("mods", "Constant stat changes per SL, e.g. eva=1 pdef=1")),
                    ),
            )
            .sub(
                CommandSpec::new("item", "Items: list, add your own")
                    .sub(CommandSpec::new("list", "List items"))
                    .sub(
                        CommandSpec::new("add", "Add an item for this server")
                            .opt(OptionSpec::string("name", "Name").required())
                            .opt(OptionSpec::string("kind", "weapon, armor, accessory, enchantment, broom, tool, potion").required())
                            .opt(OptionSpec::string("slot", "one_hand, two_hand, head, upper, clothes, shoulder, gloves, accessory, none"))
                            .opt(OptionSpec::int("weight", "Weight").range(0, 99))
                            .opt(OptionSpec::int("memory", "Memory (enchantments)").range(0, 99))
                            .opt(OptionSpec::int("price", "Price in valco").range(0, 100_000_000))
                            .opt(OptionSpec::string("range", "Range"))
                            .opt(OptionSpec::string("mods", "Modifiers, e.g. pacc=1 patk=4"))
                            .opt(OptionSpec::string("effect", "Effect text")),
                    ),
            )
            .sub(
                CommandSpec::new("enemy", "Night Wizard enemies: data, spawning, reveals (GM)")
                    .top_level("nwenemy")
                    .sub(CommandSpec::new("list", "List enemy data (GM)"))
                    .sub(
                        CommandSpec::new("spawn", "Put an enemy from the data on the table (GM)")
                            .opt(OptionSpec::string("name", "Enemy name or id").required())
                            .opt(OptionSpec::string("as", "Label (default: the name, numbered)"))
                            .opt(OptionSpec::boolean("hidden", "Hidden from the players until revealed"))
                            .opt(OptionSpec::int("hp", "HP made on the spot (default: the data's)").range(1, 99_999))
                            .opt(OptionSpec::boolean("guest", "A Guest built like a PC from a roster character (PCs' side)"))
                            .opt(OptionSpec::boolean("incomplete", "Incomplete enemy: attacks against it hit automatically")),
                    )
                    .sub(CommandSpec::new("reveal", "Reveal a hidden enemy (GM)").opt(OptionSpec::string("label", "Its label").required()))
                    .sub(CommandSpec::new("note", "Add a note only the GM sees (GM)").opt(OptionSpec::string("text", "The note").required()))
                    .sub(
                        CommandSpec::new("add", "Add an enemy for this server (GM)")
                            .opt(OptionSpec::string("name", "Name").required())
                            .opt(OptionSpec::string("kind", "mob, guest, boss or extra"))
                            .opt(OptionSpec::int("hp", "HP").range(1, 99_999))
                            .opt(OptionSpec::int("mp", "MP").range(0, 99_999))
                            .opt(OptionSpec::int("pacc", "PACC").range(-99, 999))
                            .opt(OptionSpec::int("eva", "EVA").range(-99, 999))
                            .opt(OptionSpec::int("macc", "MACC").range(-99, 999))
                            .opt(OptionSpec::int("patk", "PATK").range(-99, 999))
                            .opt(OptionSpec::int("matk", "MATK").range(-99, 999))
                            .opt(OptionSpec::int("pdef", "PDEF").range(-99, 999))
                            .opt(OptionSpec::int("mdef", "MDEF").range(-99, 999))
                            .opt(OptionSpec::int("spd", "SPD").range(-99, 999))
                            .opt(OptionSpec::string("attack", "Attack text"))
                            .opt(OptionSpec::string("notes", "Notes")),
                    ),
            )
            .sub(fortress::commands().top_level("nwfortress"))
            .sub(casket::commands().top_level("nwcasket"))

            .sub(
                CommandSpec::new("rest", "Natural recovery for the PCs (GM)")
                    .opt(OptionSpec::string("mode", "full (restored), tense (Recovery Judges) or absent (Recovery 0)").required().choices(&["full", "tense", "absent"]))
                    .opt(OptionSpec::user("player", "One PC (default: every PC)")),
            )
            .sub(ask::ask_command())
            .sub(ask::answer_command())
    }

    fn create(
        ctx: &mut Ctx<'_, NwData, NwShared>,
        host: &Actor,
        cmd: &Command,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        let custom = ctx
            .shared
            .as_ref()
            .map(|s| s.custom.clone())
            .unwrap_or_default();
        session::create(ctx.data, host, cmd, custom)
    }

    fn parse(
        &self,
        actor: &Actor,
        cmd: &Command,
        data: &NwData,
        shared: &NwShared,
    ) -> Result<NwAction, RuleError> {
        session::parse(self, actor, cmd, data, shared)
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
        let replies = session::apply(self, data, shared, ctx.rng, actor, action)?;
        // The roster's locks follow the session's PCs (join, switch, leave).
        if let Some(sh) = ctx.shared.as_deref_mut() {
            let pcs: Vec<(UserId, String)> = self
                .pcs
                .iter()
                .map(|p| (p.user.clone(), p.ch.name.clone()))
                .collect();
            sh.hold(ctx.place, &pcs);
        }
        Ok(replies)
    }

    fn end_session(shared: &mut NwShared, place: &Place, _data: &NwData) -> Vec<Reply> {
        shared.release(place);
        vec![]
    }

    fn view(&self, viewer: &Actor, data: &NwData) -> Vec<Reply> {
        session::view(self, viewer, data)
    }

    fn view_model(
        &self,
        data: &NwData,
        viewer: &crate::table::Viewer,
    ) -> Result<view::NwView, crate::table::BadState> {
        Ok(view::view_model(self, data, viewer))
    }

    fn picture(view: &view::NwView) -> Vec<crate::render::svg::Doc> {
        vec![picture::tracker(view)]
    }

    fn gms(&self) -> Vec<UserId> {
        vec![self.gm.clone()]
    }

    /// The GM's role (and with it the GM's secrets) moves to the new host, who must not be
    /// playing a PC in this session.
    fn hand_over(&mut self, to: &UserId) -> Result<(), RuleError> {
        if self.pcs.iter().any(|p| &p.user == to) {
            return refuse(format!(
                "{} plays a PC in this session; they leave it (`/nw session leave`) before they can be the GM.",
                to.mention()
            ));
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
    ) -> Option<Result<Vec<Reply>, RuleError>> {
        match (cmd.sub(), cmd.sub2()) {
            ("enemy", "spawn" | "reveal" | "note") => return None,
            ("character" | "sheet" | "skill" | "item" | "enemy" | "rules", _) => {}
            _ => return None,
        }
        let data = ctx.data;
        let Some(shared) = ctx.shared.as_deref_mut() else {
            return Some(refuse("characters are not available right now; try again."));
        };
        roster::global(shared, data, actor, cmd, ctx.rng)
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
        let _ = (viewer, cmd, data);
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
                    creation::Step::Class => data.classes.iter().map(|c| c.name.clone()).collect(),
                    creation::Step::Element => {
                        data.elements.iter().map(|c| c.name.clone()).collect()
                    }
                    creation::Step::Bonus => data::ATTRS.iter().map(|a| a.to_string()).collect(),
                    creation::Step::Auto(_) => {
                        d.auto_options(&cat).iter().map(|s| s.id.clone()).collect()
                    }
                    creation::Step::Pick | creation::Step::General => {
                        d.pick_options(&cat).iter().map(|s| s.id.clone()).collect()
                    }
                    creation::Step::Items => cat
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

    #[test]
    fn command_fits_discord_limits() {
        assert_eq!(NightWizard::command().problems(""), Vec::<String>::new());
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
            std::fs::copy(Path::new("data/nightwizard").join(f), nw.join(f)).unwrap();
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
}
