//! Declarations of slash commands, shared by Discord registration, the console's help and validation.

use serde::{Deserialize, Serialize};

use super::command::Command;

/// Who may use a command. The table checks it once, before the game sees the command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Permission {
    /// Anyone in the channel (the rules may still refuse).
    #[default]
    Anyone,
    /// A player seated in the session (the game judges who is seated).
    Player,
    /// The session's GM(s) ([`super::Game::gms`]), its host, or a channel manager.
    Gm,
    /// The session's host or a channel manager.
    Host,
    /// Only a member who may manage the channel (Discord's Manage Channels; a session's host
    /// counts as managing it, as for [`Permission::Host`]). A registered command whose every
    /// leaf is this is shown on Discord only to members with Manage Channels
    /// (`default_member_permissions`), until a server admin allows others.
    Manager,
}

impl Permission {
    /// How help texts name it (empty for [`Permission::Anyone`]).
    pub fn label(self) -> &'static str {
        match self {
            Permission::Anyone => "",
            Permission::Player => "players",
            Permission::Gm => "GM",
            Permission::Host => "host",
            Permission::Manager => "channel managers",
        }
    }
}

/// The kind of value an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OptionKind {
    /// Free text.
    String,
    /// A whole number.
    Integer,
    /// true/false.
    Boolean,
    /// A member of the server.
    User,
}

/// One option of a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionSpec {
    /// Name (lower case, ≤ 32 chars).
    pub name: String,
    /// Description (≤ 100 chars).
    pub description: String,
    /// Value kind.
    pub kind: OptionKind,
    /// Must be given.
    pub required: bool,
    /// Fixed choices (label, value); ≤ 25.
    pub choices: Vec<(String, String)>,
    /// Values come from the game's autocomplete.
    pub autocomplete: bool,
    /// Lowest integer value.
    pub min: Option<i64>,
    /// Highest integer value.
    pub max: Option<i64>,
    /// For a text option: the most characters it takes. Discord refuses longer input before it
    /// is sent (`max_length`) and the table's parser refuses it too, so the two agree.
    #[serde(default)]
    pub max_length: Option<u16>,
    /// A long text (a narration, an imported character, a note): a front end with forms (Discord's
    /// modals) asks for it in a form of its own when the command is used without it, and runs the
    /// command with the text typed there. Only on a required text option (`#[opt(modal)]`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub modal: bool,
}

/// The most characters a text option takes unless its declaration says otherwise
/// (`#[opt(max_length = N)]`): a text shown back fits one embed field (1,024 characters).
pub const DEFAULT_MAX_LENGTH: u16 = 1000;

/// The most Discord lets a text option take (`max_length` "maximum 6000").
pub const MAX_LENGTH_LIMIT: u16 = 6000;

impl OptionSpec {
    fn new(name: &str, description: &str, kind: OptionKind) -> Self {
        OptionSpec {
            name: name.into(),
            description: description.into(),
            kind,
            required: false,
            choices: vec![],
            autocomplete: false,
            min: None,
            max: None,
            max_length: (kind == OptionKind::String).then_some(DEFAULT_MAX_LENGTH),
            modal: false,
        }
    }
    /// A text option.
    pub fn string(name: &str, description: &str) -> Self {
        Self::new(name, description, OptionKind::String)
    }
    /// An integer option.
    pub fn int(name: &str, description: &str) -> Self {
        Self::new(name, description, OptionKind::Integer)
    }
    /// A boolean option.
    pub fn boolean(name: &str, description: &str) -> Self {
        Self::new(name, description, OptionKind::Boolean)
    }
    /// A user option.
    pub fn user(name: &str, description: &str) -> Self {
        Self::new(name, description, OptionKind::User)
    }
    /// Marks it required.
    pub fn required(mut self) -> Self {
        self.required = true;
        self
    }
    /// Turns on autocomplete.
    pub fn autocomplete(mut self) -> Self {
        self.autocomplete = true;
        self
    }
    /// Sets fixed choices whose labels are their values.
    pub fn choices(mut self, values: &[&str]) -> Self {
        self.choices = values
            .iter()
            .map(|v| (v.to_string(), v.to_string()))
            .collect();
        self
    }
    /// Sets the most characters a text option takes.
    pub fn max_length(mut self, n: u16) -> Self {
        self.max_length = Some(n);
        self
    }
    /// Asks for this (required, text) option in a form when it is not given ([`OptionSpec::modal`]).
    pub fn in_modal(mut self) -> Self {
        self.modal = true;
        self
    }
    /// Sets an integer range.
    pub fn range(mut self, min: i64, max: i64) -> Self {
        self.min = Some(min);
        self.max = Some(max);
        self
    }
}

/// Who may see a command's answer to the person who used it. Front ends that must promise a
/// visibility before the answer exists (Discord's "thinking…" deferral) read it from here, so a
/// private answer can never land in a public placeholder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Answer {
    /// The answer may be only for the person who acted (a hand, a sheet, a secret roll). The
    /// default, because it is the safe one: a slow answer is then deferred privately.
    #[default]
    MayBePrivate,
    /// The answer is for everyone in the channel (anything private goes to others by DM).
    Public,
    /// Public unless the option `option` has one of `values` (e.g. `/roll visibility:self`).
    PrivateWhen {
        /// The option that decides.
        option: String,
        /// Its values that make the answer private.
        values: Vec<String>,
    },
}

/// A command or subcommand (group).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandSpec {
    /// Name (lower case, ≤ 32 chars).
    pub name: String,
    /// Description (≤ 100 chars).
    pub description: String,
    /// Options (for a leaf).
    pub options: Vec<OptionSpec>,
    /// Subcommands (for a group).
    pub subcommands: Vec<CommandSpec>,
    /// Who may see the answer (for a leaf).
    #[serde(default)]
    pub answer: Answer,
    /// For a subcommand (group) of a game's command: registered on Discord as its own top-level
    /// command of this name (`combat` of `/nw` as `/nwcombat`), so that no command exceeds
    /// Discord's size limit. The table routes `/nwcombat attack` back to `nw combat attack`
    /// ([`crate::table::Registry::route`]), so the game's parsing never sees the public name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_level: Option<String>,
    /// Who may use it (for a leaf); the table checks it before the game parses the command.
    #[serde(default)]
    pub permission: Permission,
    /// A guild-wide command (a roster, a character): it works without a session here. The
    /// table routes it to [`crate::table::Game::global`] from this declaration alone.
    #[serde(default)]
    pub guild: bool,
    /// Guild-wide only when this option is given (`/ninja sheet name:X` is a ninja's sheet from
    /// the roster, `/ninja sheet` this channel's score sheet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guild_when: Option<String>,
    /// A view (a status, a board, a hand, a story): the table answers it from the game's
    /// [`crate::table::Game::show`] without an action, so it is never logged and changes nothing.
    #[serde(default)]
    pub view: bool,
    /// A top-level command that works outside a server too (`/roll`): in a DM with the bot, and
    /// in other DMs when a user installed the app. Every other command is for servers only.
    #[serde(default)]
    pub dm: bool,
}

impl CommandSpec {
    /// A command with no options.
    pub fn new(name: &str, description: &str) -> Self {
        CommandSpec {
            name: name.into(),
            description: description.into(),
            options: vec![],
            subcommands: vec![],
            answer: Answer::default(),
            top_level: None,
            permission: Default::default(),
            guild: false,
            guild_when: None,
            view: false,
            dm: false,
        }
    }
    /// Declares that this command works in DMs too (see [`CommandSpec::dm`]).
    pub fn usable_in_dms(mut self) -> Self {
        self.dm = true;
        self
    }
    /// Every leaf of this command (itself if it has no subcommands).
    pub fn leaves(&self) -> Vec<&CommandSpec> {
        if self.subcommands.is_empty() {
            vec![self]
        } else {
            self.subcommands.iter().flat_map(|s| s.leaves()).collect()
        }
    }
    /// Declares every leaf of this command (group) guild-wide (`#[cmd(guild)]` on a group).
    pub fn guild_wide(mut self) -> Self {
        self.guild = true;
        self.subcommands = std::mem::take(&mut self.subcommands)
            .into_iter()
            .map(CommandSpec::guild_wide)
            .collect();
        self
    }
    /// Declares that this leaf answers everyone (see [`Answer::Public`]).
    pub fn answers_publicly(mut self) -> Self {
        self.answer = Answer::Public;
        self
    }
    /// Declares that this leaf answers everyone unless `option` has one of `values`.
    pub fn private_when(mut self, option: &str, values: &[&str]) -> Self {
        self.answer = Answer::PrivateWhen {
            option: option.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
        };
        self
    }
    /// `cmd` as this game's own path, when it names one of its groups by the top-level name
    /// that group is registered under (`/nwcombat attack` → `nw combat attack`, the public
    /// spelling kept in `typed`); `None` when it does not. The one place public names are
    /// mapped back (the table's registry and [`super::Commands::from_line`] use it).
    pub fn routed(&self, cmd: &Command) -> Option<Command> {
        let group = self
            .subcommands
            .iter()
            .find(|g| g.top_level.as_deref() == Some(cmd.root()))?;
        let mut out = cmd.clone();
        out.typed = Some(cmd.path.clone());
        out.path
            .splice(0..1, [self.name.clone(), group.name.clone()]);
        Some(out)
    }
    /// Registers this subcommand (group) of a game's command as its own top-level command `name`.
    pub fn top_level(mut self, name: &str) -> Self {
        self.top_level = Some(name.into());
        self
    }
    /// Adds an option.
    pub fn opt(mut self, o: OptionSpec) -> Self {
        self.options.push(o);
        self
    }
    /// Adds a subcommand.
    #[allow(clippy::should_implement_trait)]
    pub fn sub(mut self, c: CommandSpec) -> Self {
        self.subcommands.push(c);
        self
    }

    /// Whether `cmd` (this command's own) is guild-wide as declared: its leaf is `guild`, and
    /// the option its `guild_when` names, if any, is given.
    pub fn is_guild(&self, cmd: &crate::table::Command) -> bool {
        self.leaf(cmd.path.get(1..).unwrap_or(&[]))
            .is_some_and(|l| {
                l.guild && l.guild_when.as_deref().is_none_or(|o| cmd.get(o).is_some())
            })
    }

    /// The options of this leaf that `cmd` leaves out and that are asked in a form
    /// ([`OptionSpec::modal`]); empty when every one is given.
    pub fn modal_missing(&self, cmd: &crate::table::Command) -> Vec<&OptionSpec> {
        self.options
            .iter()
            .filter(|o| o.modal && !cmd.options.contains_key(&o.name))
            .collect()
    }

    /// The leaf that `path` (without this command's own name) names, if any.
    pub fn leaf(&self, path: &[String]) -> Option<&CommandSpec> {
        match path.split_first() {
            None => self.subcommands.is_empty().then_some(self),
            Some((head, rest)) => self
                .subcommands
                .iter()
                .find(|s| &s.name == head)
                .and_then(|s| s.leaf(rest)),
        }
    }

    /// The top-level commands this declaration is registered as: itself without the
    /// subcommands marked [`CommandSpec::top_level`], then each of those under its own name.
    pub fn registered(&self) -> Vec<CommandSpec> {
        let mut root = self.clone();
        let (split, kept): (Vec<CommandSpec>, Vec<CommandSpec>) =
            std::mem::take(&mut root.subcommands)
                .into_iter()
                .partition(|s| s.top_level.is_some());
        root.subcommands = kept;
        let mut out = vec![root];
        out.extend(split.into_iter().map(|mut s| {
            s.name = s.top_level.take().unwrap_or_default();
            s
        }));
        out
    }

    /// Checks Discord's limits; returns each problem found (empty = valid).
    pub fn problems(&self, path: &str) -> Vec<String> {
        let mut out = vec![];
        let here = format!("{path} {}", self.name).trim().to_string();
        let name_ok = |n: &str| {
            !n.is_empty()
                && n.len() <= 32
                && n.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
        };
        if !name_ok(&self.name) {
            out.push(format!("/{here}: bad name"));
        }
        if self.description.is_empty() || self.description.chars().count() > 100 {
            out.push(format!("/{here}: description must be 1-100 chars"));
        }
        if self.options.len() + self.subcommands.len() > 25 {
            out.push(format!("/{here}: more than 25 options/subcommands"));
        }
        if !self.options.is_empty() && !self.subcommands.is_empty() {
            out.push(format!("/{here}: has both options and subcommands"));
        }
        let mut seen_optional = false;
        for o in &self.options {
            if !name_ok(&o.name) {
                out.push(format!("/{here} {}: bad option name", o.name));
            }
            if o.description.is_empty() || o.description.chars().count() > 100 {
                out.push(format!(
                    "/{here} {}: description must be 1-100 chars",
                    o.name
                ));
            }
            if o.choices.len() > 25 {
                out.push(format!("/{here} {}: more than 25 choices", o.name));
            }
            if let Some(n) = o.max_length {
                if o.kind != OptionKind::String || !(1..=MAX_LENGTH_LIMIT).contains(&n) {
                    out.push(format!(
                        "/{here} {}: max_length {n} (text options only, 1-{MAX_LENGTH_LIMIT})",
                        o.name
                    ));
                }
            }
            if o.modal && (o.kind != OptionKind::String || !o.required || o.autocomplete) {
                out.push(format!(
                    "/{here} {}: only a required text option without autocomplete can be asked in a modal",
                    o.name
                ));
            }
            if o.autocomplete && !o.choices.is_empty() {
                out.push(format!("/{here} {}: autocomplete with choices", o.name));
            }
            if o.required && seen_optional {
                out.push(format!(
                    "/{here} {}: required option after optional",
                    o.name
                ));
            }
            seen_optional |= !o.required;
        }
        if self.top_level.is_some() && (path.is_empty() || path.contains(' ')) {
            out.push(format!(
                "/{here}: only a subcommand of a top-level command can be registered as its own command"
            ));
        }
        if let Some(t) = &self.top_level {
            if !name_ok(t) {
                out.push(format!("/{here}: bad top-level name `{t}`"));
            }
        }
        for o in &self.options {
            if o.kind == OptionKind::Integer {
                for (_, v) in &o.choices {
                    if v.parse::<i64>().is_err() {
                        out.push(format!(
                            "/{here} {}: choice `{v}` is not a whole number",
                            o.name
                        ));
                    }
                }
            }
            if let (Some(lo), Some(hi)) = (o.min, o.max) {
                if lo > hi {
                    out.push(format!("/{here} {}: min above max", o.name));
                }
            }
        }
        for s in &self.subcommands {
            out.extend(s.problems(&here));
        }
        out
    }
}

/// True when the answer to `cmd` may be only for the person who used it: the command is not
/// declared, or its leaf is [`Answer::MayBePrivate`], or an option makes it private.
pub fn may_answer_privately(root: Option<&CommandSpec>, cmd: &super::Command) -> bool {
    let Some(leaf) = root.and_then(|s| s.leaf(cmd.path.get(1..).unwrap_or(&[]))) else {
        return true;
    };
    match &leaf.answer {
        Answer::MayBePrivate => true,
        Answer::Public => false,
        Answer::PrivateWhen { option, values } => cmd
            .get(option)
            .is_some_and(|v| values.iter().any(|p| p.eq_ignore_ascii_case(v.trim()))),
    }
}

/// The catalogue key of a registered command, subcommand or group: `cmd-` and its path as
/// registered, joined by `-` (`cmd-nwcombat-attack`). Discord's localizations and `/help` in
/// another language read the command's words under it (`locales/ja/commands.ftl`).
pub fn command_key(path: &[&str]) -> String {
    format!("cmd-{}", path.join("-"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Command;

    #[test]
    fn a_marked_subcommand_is_registered_as_its_own_command() {
        let spec = CommandSpec::new("g", "Game")
            .sub(CommandSpec::new("new", "Open"))
            .sub(
                CommandSpec::new("fight", "Fights")
                    .top_level("gfight")
                    .sub(CommandSpec::new("hit", "Hit")),
            );
        assert_eq!(spec.problems(""), Vec::<String>::new());
        let reg = spec.registered();
        assert_eq!(reg.len(), 2);
        assert_eq!(reg[0].name, "g");
        assert_eq!(reg[0].subcommands.len(), 1);
        assert_eq!(reg[1].name, "gfight");
        assert_eq!(reg[1].top_level, None);
        assert_eq!(reg[1].subcommands[0].name, "hit");
    }

    #[test]
    fn a_marker_below_the_first_level_or_a_bad_name_is_a_problem() {
        let deep = CommandSpec::new("g", "Game")
            .sub(CommandSpec::new("a", "A").sub(CommandSpec::new("b", "B").top_level("gb")));
        assert!(
            deep.problems("")[0].contains("only a subcommand"),
            "{:?}",
            deep.problems("")
        );
        let root = CommandSpec::new("g", "Game").top_level("h");
        assert!(!root.problems("").is_empty());
        let bad = CommandSpec::new("g", "Game").sub(CommandSpec::new("a", "A").top_level("G A"));
        assert!(bad.problems("")[0].contains("bad top-level name"));
        let int = CommandSpec::new("g", "Game")
            .opt(OptionSpec::int("n", "N").choices(&["x"]).range(5, 1));
        let p = int.problems("");
        assert!(p.iter().any(|p| p.contains("not a whole number")), "{p:?}");
        assert!(p.iter().any(|p| p.contains("min above max")), "{p:?}");
    }

    #[test]
    fn a_form_is_for_a_required_text_option_and_names_what_is_missing() {
        let leaf = |o: OptionSpec| CommandSpec::new("g", "Game").opt(o);
        let ok = leaf(OptionSpec::string("text", "Text").required().in_modal());
        assert_eq!(ok.problems(""), Vec::<String>::new());
        for bad in [
            OptionSpec::string("text", "Text").in_modal(),
            OptionSpec::int("n", "N").required().in_modal(),
            OptionSpec::string("text", "Text")
                .required()
                .autocomplete()
                .in_modal(),
        ] {
            let p = leaf(bad).problems("");
            assert!(p.iter().any(|p| p.contains("in a modal")), "{p:?}");
        }
        let missing = ok.modal_missing(&Command::new("g"));
        assert_eq!(missing.len(), 1);
        assert!(ok
            .modal_missing(&Command::new("g").with("text", "hi"))
            .is_empty());
    }

    fn specs() -> Vec<CommandSpec> {
        vec![
            CommandSpec::new("roll", "Roll")
                .opt(OptionSpec::string("visibility", "Who sees it"))
                .private_when("visibility", &["gm", "blind", "self"]),
            CommandSpec::new("dice", "Dice")
                .sub(CommandSpec::new("roll", "Roll").answers_publicly())
                .sub(CommandSpec::new("hand", "Your hand")),
        ]
    }

    #[test]
    fn a_private_answer_is_declared_or_assumed() {
        let s = specs();
        let private = |c: &Command| may_answer_privately(s.iter().find(|x| x.name == c.root()), c);
        assert!(!private(&Command::new("roll").with("expr", "2d6")));
        assert!(!private(&Command::new("roll").with("visibility", "public")));
        for v in ["gm", "blind", "self", "SELF"] {
            assert!(private(&Command::new("roll").with("visibility", v)));
        }
        assert!(!private(&Command::new("dice roll")));
        // Undeclared leaves, unknown commands and groups are assumed private (the safe side).
        assert!(private(&Command::new("dice hand")));
        assert!(private(&Command::new("dice")));
        assert!(private(&Command::new("nobody")));
        assert!(private(&Command::new("dice roll extra")));
    }
}
