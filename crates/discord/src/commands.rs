//! Slash commands both ways: declarations ([`CommandSpec`]) → Discord registration, and an
//! interaction's command path and options → the table's [`Command`].

use poise::serenity_prelude as serenity;
use serde_json::{json, Map, Value};
use serenity::{CommandDataOption, CommandDataOptionValue};

use croupier_core::i18n::{self, Locale};
use croupier_core::table::{
    Command, CommandSpec, OptionKind, OptionSpec, Permission, Registry, MAX_LENGTH_LIMIT,
};

/// Discord refuses a slash command whose name, description and value properties, summed over
/// the command, its options (subcommands and groups included) and choices, exceed this many
/// characters, counting the longest localization of each field (Discord's docs, Application
/// Commands, "Slash Commands": "a maximum of 8000 characters for combined name, description,
/// and value properties").
pub const COMBINED_LIMIT: usize = 8000;

/// Every slash command as registered: the generic ones, then each game's, split as declared
/// ([`CommandSpec::registered`]).
pub fn all_specs(games: &Registry) -> Vec<CommandSpec> {
    games.commands()
}

/// The body of the bulk overwrite (`PUT …/commands`): one application command object per
/// declaration, built here rather than with serenity's builders so that negative
/// `min_value`/`max_value` bounds are sent (serenity 0.12's builder takes them unsigned).
/// The app is installed in servers only (see [`registration_with`]).
pub fn registration(specs: &[CommandSpec]) -> Value {
    registration_with(specs, false)
}

/// [`registration`], with the commands that work in DMs ([`CommandSpec::dm`]: `/roll`) also
/// offered to users who install the app on their account when `user_install`
/// (`CROUPIER_USER_INSTALL`).
pub fn registration_with(specs: &[CommandSpec], user_install: bool) -> Value {
    Value::Array(
        specs
            .iter()
            .map(|s| command_json_with(s, user_install))
            .collect(),
    )
}

/// Discord's permission bit MANAGE_CHANNELS (1 << 4; "Permissions", "Bitwise Permission Flags").
pub const MANAGE_CHANNELS: u64 = 1 << 4;

/// Interaction context types ("Application Commands", "Interaction Context Types"): a server,
/// a DM with the bot, other DMs and group DMs (only for a user-installed app).
const GUILD: u8 = 0;
const BOT_DM: u8 = 1;
const PRIVATE_CHANNEL: u8 = 2;
/// Installation contexts ("Application Commands", "Installation Context"): in a server, on a
/// user's account.
const GUILD_INSTALL: u8 = 0;
const USER_INSTALL: u8 = 1;

/// The permission a member needs to see `spec` by default (`default_member_permissions`): Manage
/// Channels when every leaf is declared [`Permission::Manager`]; `None` (everyone) otherwise.
/// Discord applies it to the whole top-level command, so one leaf open to others keeps the
/// command open; the table checks each leaf's own permission whatever Discord shows.
pub fn default_permissions(spec: &CommandSpec) -> Option<u64> {
    spec.leaves()
        .iter()
        .all(|l| l.permission == Permission::Manager)
        .then_some(MANAGE_CHANNELS)
}

/// One declaration as a `CHAT_INPUT` application command object, installed in servers only.
pub fn command_json(spec: &CommandSpec) -> Value {
    command_json_with(spec, false)
}

/// One declaration as a `CHAT_INPUT` application command object (Discord's docs, Application
/// Commands, "Application Command Structure" and "Application Command Option Structure"):
/// where it can be used (`contexts`: a game needs a server; a command declared
/// [`CommandSpec::dm`] also works in the bot's DMs, and in other DMs when the app is user
/// installed), how it is installed (`integration_types`), and who sees it by default
/// (`default_member_permissions`, a string of permission bits, or null for everyone).
pub fn command_json_with(spec: &CommandSpec, user_install: bool) -> Value {
    let user = user_install && spec.dm;
    let contexts: Vec<u8> = match (spec.dm, user) {
        (false, _) => vec![GUILD],
        (true, false) => vec![GUILD, BOT_DM],
        (true, true) => vec![GUILD, BOT_DM, PRIVATE_CHANNEL],
    };
    let installs: Vec<u8> = if user {
        vec![GUILD_INSTALL, USER_INSTALL]
    } else {
        vec![GUILD_INSTALL]
    };
    let key = localization_key(&[&spec.name]);
    let mut v = json!({
        "type": 1,
        "name": spec.name,
        "description": spec.description,
        "options": children(spec, &key),
        "contexts": contexts,
        "integration_types": installs,
        "default_member_permissions": default_permissions(spec).map(|p| p.to_string()),
    });
    localize(&mut v, &key, true);
    v
}

/// The catalogue key of a registered command, subcommand or group: `cmd-` and its path as
/// registered, joined by `-` (`cmd-nwcombat-attack`); an option adds `--NAME`
/// (`cmd-roll--visibility`), a choice `--VALUE` (`cmd-roll--visibility--public`, a value's
/// `+`, `-` and `/` written `p`, `m` and `s`). Declared names hold no `-`, so keys never meet.
pub fn localization_key(path: &[&str]) -> String {
    croupier_core::table::command_key(path)
}

fn choice_key(option_key: &str, value: &str) -> String {
    let slug: String = value
        .to_lowercase()
        .chars()
        .map(|c| match c {
            '+' => 'p',
            '-' => 'm',
            '/' => 's',
            c if c.is_ascii_alphanumeric() || c == '_' => c,
            _ => '_',
        })
        .collect();
    format!("{option_key}--{slug}")
}

/// Adds `name_localizations` (and, with `description`, `description_localizations`) for every
/// language other than English that the catalogue has `key` in (`locales/ja/commands.ftl`):
/// the declarations stay the one place a command is declared, in English; the catalogue
/// holds only its other languages.
fn localize(v: &mut Value, key: &str, description: bool) {
    let mut names = Map::new();
    let mut descriptions = Map::new();
    for l in Locale::ALL.into_iter().filter(|l| *l != Locale::En) {
        if let Some(n) = i18n::lookup(l, key, &[]) {
            names.insert(l.code().into(), json!(n));
        }
        if description {
            if let Some(d) = i18n::lookup(l, &format!("{key}.desc"), &[]) {
                descriptions.insert(l.code().into(), json!(d));
            }
        }
    }
    if let Some(m) = v.as_object_mut() {
        if !names.is_empty() {
            m.insert("name_localizations".into(), Value::Object(names));
        }
        if !descriptions.is_empty() {
            m.insert(
                "description_localizations".into(),
                Value::Object(descriptions),
            );
        }
    }
}

fn children(spec: &CommandSpec, key: &str) -> Vec<Value> {
    if spec.subcommands.is_empty() {
        // An option asked in a form is registered as optional (so the command can be used
        // without it), after the required ones, as Discord requires.
        let (required, optional): (Vec<&OptionSpec>, Vec<&OptionSpec>) =
            spec.options.iter().partition(|o| o.required && !o.modal);
        required
            .into_iter()
            .chain(optional)
            .map(|o| option_json(o, key))
            .collect()
    } else {
        spec.subcommands
            .iter()
            .map(|s| subcommand_json(s, key))
            .collect()
    }
}

fn subcommand_json(spec: &CommandSpec, parent: &str) -> Value {
    // Option types: SUB_COMMAND 1, SUB_COMMAND_GROUP 2.
    let kind = if spec.subcommands.is_empty() { 1 } else { 2 };
    let key = format!("{parent}-{}", spec.name);
    let mut v = json!({
        "type": kind,
        "name": spec.name,
        "description": spec.description,
        "options": children(spec, &key),
    });
    localize(&mut v, &key, true);
    v
}

fn option_json(o: &OptionSpec, parent: &str) -> Value {
    let key = format!("{parent}--{}", o.name);
    // Option types: STRING 3, INTEGER 4, BOOLEAN 5, USER 6.
    let kind = match o.kind {
        OptionKind::String => 3,
        OptionKind::Integer => 4,
        OptionKind::Boolean => 5,
        OptionKind::User => 6,
    };
    let mut m = Map::new();
    m.insert("type".into(), json!(kind));
    m.insert("name".into(), json!(o.name));
    m.insert("description".into(), json!(o.description));
    m.insert("required".into(), json!(o.required && !o.modal));
    if o.autocomplete {
        m.insert("autocomplete".into(), json!(true));
    }
    if !o.choices.is_empty() {
        let choices: Vec<Value> = o
            .choices
            .iter()
            .map(|(label, value)| {
                // An INTEGER option's choice values are integers; a value that is not one is
                // sent as text for Discord to refuse loudly (`CommandSpec::problems` flags it).
                let json_value = match (o.kind, value.parse::<i64>()) {
                    (OptionKind::Integer, Ok(n)) => json!(n),
                    _ => json!(value),
                };
                let mut c = json!({ "name": label, "value": json_value });
                localize(&mut c, &choice_key(&key, value), false);
                c
            })
            .collect();
        m.insert("choices".into(), Value::Array(choices));
    }
    if o.kind == OptionKind::String {
        if let Some(n) = o.max_length {
            m.insert("max_length".into(), json!(n.min(MAX_LENGTH_LIMIT)));
        }
    }
    if o.kind == OptionKind::Integer {
        if let Some(min) = o.min {
            m.insert("min_value".into(), json!(min));
        }
        if let Some(max) = o.max {
            m.insert("max_value".into(), json!(max));
        }
    }
    let mut v = Value::Object(m);
    localize(&mut v, &key, true);
    v
}

/// A command object's combined size as Discord counts it: `name`, `description` and choice
/// `value` of the command, every option at every depth and every choice, each field counted
/// at its longest localization (the default value included). Integer values count their
/// decimal digits.
pub fn combined_size(cmd: &Value) -> usize {
    let mut n = field(cmd, "name") + field(cmd, "description");
    for c in cmd["choices"].as_array().into_iter().flatten() {
        n += field(c, "name")
            + match &c["value"] {
                Value::String(s) => s.chars().count(),
                Value::Null => 0,
                v => v.to_string().chars().count(),
            };
    }
    for o in cmd["options"].as_array().into_iter().flatten() {
        n += combined_size(o);
    }
    n
}

/// The length of `key` or of its longest `key_localizations` value, in characters.
fn field(v: &Value, key: &str) -> usize {
    let base = v[key].as_str().map_or(0, |s| s.chars().count());
    let local = v[format!("{key}_localizations")]
        .as_object()
        .into_iter()
        .flat_map(|m| m.values())
        .filter_map(Value::as_str)
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0);
    base.max(local)
}

/// Every way a bulk-overwrite body breaks Discord's application-command rules (Discord's docs,
/// Application Commands: "Application Command Naming", the command and option structures, the
/// choice structure, "Subcommands and Subcommand Groups" for nesting, and the combined
/// size of "Slash Commands"). Empty means Discord accepts it.
pub fn registration_problems(body: &Value) -> Vec<String> {
    let mut out = vec![];
    let Some(cmds) = body.as_array() else {
        return vec!["the body is not an array of commands".into()];
    };
    // "Registering a Command": up to 100 global CHAT_INPUT commands.
    if cmds.len() > 100 {
        out.push(format!("{} commands (at most 100)", cmds.len()));
    }
    unique_names(cmds, "", &mut out);
    for c in cmds {
        let at = format!("/{}", c["name"].as_str().unwrap_or("?"));
        if c["type"] != 1 {
            out.push(format!("{at}: type is not 1 (CHAT_INPUT)"));
        }
        name_and_description(c, &at, &mut out);
        // "Interaction Context Types" 0-2 and "Installation Context" 0-1, each listed once;
        // PRIVATE_CHANNEL only for a user-installed command.
        for (key, max) in [("contexts", 2), ("integration_types", 1)] {
            if let Some(list) = c.get(key).and_then(Value::as_array) {
                let mut seen = std::collections::HashSet::new();
                if list.is_empty()
                    || !list
                        .iter()
                        .all(|v| v.as_u64().is_some_and(|n| n <= max && seen.insert(n)))
                {
                    out.push(format!("{at}: {key} {} (distinct values 0-{max})", c[key]));
                }
            }
        }
        let has = |key: &str, n: u64| {
            c[key]
                .as_array()
                .is_some_and(|l| l.iter().any(|v| v.as_u64() == Some(n)))
        };
        if has("contexts", 2) && !has("integration_types", 1) {
            out.push(format!("{at}: PRIVATE_CHANNEL without USER_INSTALL"));
        }
        let size = combined_size(c);
        if size > COMBINED_LIMIT {
            out.push(format!(
                "{at}: {size} combined characters (at most {COMBINED_LIMIT})"
            ));
        }
        options(c, &at, 0, &mut out);
    }
    out
}

fn unique_names(list: &[Value], at: &str, out: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    for v in list {
        let name = v["name"].as_str().unwrap_or("");
        if !seen.insert(name) {
            out.push(format!("{at} `{name}` appears twice").trim().to_string());
        }
    }
    // The same in each language: a reader of that language could not tell two siblings of
    // one localized name apart (Croupier's own rule; the localized name stands in for the
    // name wherever the client shows it).
    let mut seen = std::collections::HashSet::new();
    for v in list {
        for (loc, name) in v["name_localizations"].as_object().into_iter().flatten() {
            let name = name.as_str().unwrap_or("");
            if !seen.insert((loc.clone(), name)) {
                out.push(
                    format!("{at} `{name}` ({loc}) appears twice")
                        .trim()
                        .to_string(),
                );
            }
        }
    }
}

/// The locales Discord accepts as keys of a localization dictionary (Discord's docs,
/// "Reference", "Locales"; "Application Commands", "Localization": "keys in available locales").
pub const DISCORD_LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// "Application Commands", "Localization": each `*_localizations` value follows the rules of
/// its field (a name the naming rule, a description 1-100 characters, a choice name 1-100),
/// under a key from [`DISCORD_LOCALES`].
fn localizations(
    v: &Value,
    key: &str,
    at: &str,
    out: &mut Vec<String>,
    check: &dyn Fn(&str) -> Option<String>,
) {
    let Some(dict) = v.get(key) else {
        return;
    };
    if dict.is_null() {
        return;
    }
    let Some(dict) = dict.as_object() else {
        out.push(format!("{at}: {key} is not a dictionary"));
        return;
    };
    for (loc, value) in dict {
        if !DISCORD_LOCALES.contains(&loc.as_str()) {
            out.push(format!("{at}: {key} has `{loc}`, not a Discord locale"));
        }
        match value.as_str() {
            Some(s) => {
                if let Some(p) = check(s) {
                    out.push(format!("{at}: {key}.{loc}: {p}"));
                }
            }
            None => out.push(format!("{at}: {key}.{loc} is not text")),
        }
    }
}

fn name_problem(name: &str) -> Option<String> {
    let len = name.chars().count();
    let chars_ok = name
        .chars()
        .all(|c| matches!(c, '-' | '_' | '\'') || c.is_alphanumeric());
    if !(1..=32).contains(&len) || !chars_ok {
        Some(format!(
            "name `{name}` must be 1-32 letters, digits, - or _"
        ))
    } else if name.chars().any(char::is_uppercase) {
        Some(format!("name `{name}` must be lower case"))
    } else {
        None
    }
}

fn text_problem(what: &str, s: &str) -> Option<String> {
    let d = s.chars().count();
    (!(1..=100).contains(&d)).then(|| format!("{what} of {d} characters (1-100)"))
}

/// "Application Command Naming": `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lower case
/// where a letter has a lower case; descriptions 1-100 characters.
fn name_and_description(v: &Value, at: &str, out: &mut Vec<String>) {
    let name = v["name"].as_str().unwrap_or("");
    if let Some(p) = name_problem(name) {
        out.push(format!("{at}: {p}"));
    }
    if let Some(p) = text_problem("description", v["description"].as_str().unwrap_or("")) {
        out.push(format!("{at}: {p}"));
    }
    localizations(v, "name_localizations", at, out, &name_problem);
    localizations(v, "description_localizations", at, out, &|s| {
        text_problem("description", s)
    });
}

/// Options of a command (`parent` 0), a group (2) or a subcommand (1). Discord nests one level
/// deep within a group and no deeper: a command holds groups, subcommands or value options;
/// a group holds subcommands; a subcommand holds value options; subcommands never sit beside
/// value options.
fn options(v: &Value, at: &str, parent: u64, out: &mut Vec<String>) {
    let Some(opts) = v["options"].as_array() else {
        return;
    };
    if opts.len() > 25 {
        out.push(format!("{at}: {} options (at most 25)", opts.len()));
    }
    unique_names(opts, at, out);
    let kind = |o: &Value| o["type"].as_u64().unwrap_or(0);
    let subs = opts.iter().filter(|o| matches!(kind(o), 1 | 2)).count();
    if subs > 0 && subs < opts.len() {
        out.push(format!("{at}: subcommands beside value options"));
    }
    let mut seen_optional = false;
    for o in opts {
        let oat = format!("{at} {}", o["name"].as_str().unwrap_or("?"));
        name_and_description(o, &oat, out);
        match (parent, kind(o)) {
            (0, k @ (1 | 2)) | (2, k @ 1) => {
                if o["required"] == true {
                    out.push(format!("{oat}: a subcommand cannot be required"));
                }
                options(o, &oat, k, out);
            }
            (_, 1 | 2) => out.push(format!("{oat}: subcommands nested too deep")),
            (2, _) => out.push(format!("{oat}: a group holds only subcommands")),
            (_, t @ 3..=11) => {
                value_option(o, t, &oat, out);
                let required = o["required"] == true;
                if required && seen_optional {
                    out.push(format!("{oat}: required after an optional option"));
                }
                seen_optional |= !required;
            }
            (_, t) => out.push(format!("{oat}: unknown option type {t}")),
        }
    }
}

fn value_option(o: &Value, kind: u64, at: &str, out: &mut Vec<String>) {
    if o.get("options")
        .is_some_and(|x| x.as_array().is_some_and(|a| !a.is_empty()))
    {
        out.push(format!("{at}: a value option with options"));
    }
    let choices = o["choices"].as_array().map_or(&[][..], Vec::as_slice);
    if choices.len() > 25 {
        out.push(format!("{at}: {} choices (at most 25)", choices.len()));
    }
    if !choices.is_empty() && o["autocomplete"] == true {
        out.push(format!("{at}: autocomplete with choices"));
    }
    unique_names(choices, &format!("{at} choices"), out);
    for c in choices {
        let name = c["name"].as_str().map_or(0, |s| s.chars().count());
        if !(1..=100).contains(&name) {
            out.push(format!("{at}: a choice name of {name} characters (1-100)"));
        }
        localizations(c, "name_localizations", at, out, &|s| {
            text_problem("a choice name", s)
        });
        let value = &c["value"];
        let ok = match kind {
            3 => value.as_str().is_some_and(|s| s.chars().count() <= 100),
            4 => value.is_i64(),
            10 => value.is_number(),
            _ => false,
        };
        if !ok {
            out.push(format!(
                "{at}: choice value {value} does not fit the option's type"
            ));
        }
    }
    for bound in ["min_value", "max_value"] {
        if let Some(b) = o.get(bound) {
            let ok = match kind {
                4 => b.is_i64(),
                10 => b.is_number(),
                _ => false,
            };
            if !ok {
                out.push(format!("{at}: {bound} {b} does not fit the option's type"));
            }
        }
    }
    if let (Some(lo), Some(hi)) = (o["min_value"].as_f64(), o["max_value"].as_f64()) {
        if lo > hi {
            out.push(format!("{at}: min_value above max_value"));
        }
    }
    // "Application Command Option Structure": `max_length` 1-6000, for STRING options.
    if let Some(n) = o.get("max_length") {
        let ok = kind == 3
            && n.as_u64()
                .is_some_and(|n| (1..=u64::from(MAX_LENGTH_LIMIT)).contains(&n));
        if !ok {
            out.push(format!("{at}: max_length {n} (STRING options, 1-6000)"));
        }
    }
}

/// What to do when Discord refused the command registration: from the HTTP status and
/// Discord's JSON error code ("Opcodes and Status Codes" → "JSON Error Codes"), for a
/// registration in `dev_guild` (`CROUPIER_DEV_GUILD`) or global.
pub fn registration_hint(
    status: Option<u16>,
    code: Option<isize>,
    dev_guild: Option<u64>,
) -> String {
    match (status, code, dev_guild) {
        (_, Some(50001), Some(g)) | (Some(403), _, Some(g)) => format!(
            "Discord answered Missing Access for the server CROUPIER_DEV_GUILD={g}: the bot is not in that \
             server, or was invited without the `applications.commands` scope. Invite it there with the link \
             in docs/discord.md (scopes `bot` and `applications.commands`), or correct CROUPIER_DEV_GUILD \
             (Developer Mode → right-click the server → Copy Server ID), or leave it empty to register the \
             commands globally. Until then the bot runs with no slash commands."
        ),
        (Some(401), _, _) | (_, Some(0), _) => "Discord refused the bot token: check DISCORD_TOKEN.".into(),
        (_, Some(30034), _) => "Discord's daily limit of command creations (200 a day) is reached: \
             the commands are registered again at the next start; wait a day before restarting often."
            .into(),
        (_, Some(50035), _) => "Discord refused the commands as invalid (a bug in a declaration: please \
             report it with this log line); the bot runs with the commands registered before."
            .into(),
        (Some(429), _, _) => "Discord rate-limited the registration; it is tried again at the next \
             connection."
            .into(),
        (Some(403), _, None) | (_, Some(50001), None) => "Discord answered Missing Access: the \
             application may not register global commands. Check the bot's application in the developer \
             portal."
            .into(),
        (Some(s), _, _) if s >= 500 => "Discord had an error of its own; the registration is tried \
             again at the next connection."
            .into(),
        (None, _, _) => "Discord could not be reached; the registration is tried again at the next \
             connection. Check the network."
            .into(),
        _ => "the registration is tried again at the next connection.".into(),
    }
}

/// Discord's limits on an autocomplete answer ("Interaction Response Structure" →
/// "Autocomplete": up to 25 choices; each a choice object, whose `name` is 1-100 characters
/// and whose string `value` at most 100, "Application Command Option Choice Structure").
pub const AUTOCOMPLETE_CHOICES: usize = 25;
/// See [`AUTOCOMPLETE_CHOICES`].
pub const CHOICE_TEXT: usize = 100;

/// One autocomplete choice as sent: its name, and its value (text, or a whole number for an
/// INTEGER option).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Suggested {
    /// A text option's value.
    Text(String),
    /// An integer option's value.
    Int(i64),
}

/// The game's suggestions as Discord takes them: the first 25, each name in the typing
/// reader's `locale` (its value the same in every language) cut to 100 characters (ending
/// with `…`) and each text value cut to 100 characters (a prefix: what a game reads by prefix
/// still finds it), names made non-empty; an integer option keeps only values that are whole
/// numbers, and a value already offered is not offered twice.
pub fn autocomplete_choices(
    found: &[croupier_core::table::Choice],
    integer: bool,
    locale: Locale,
) -> Vec<(String, Suggested)> {
    let mut out: Vec<(String, Suggested)> = vec![];
    for c in found {
        if out.len() == AUTOCOMPLETE_CHOICES {
            break;
        }
        let value = if integer {
            match c.value.trim().parse::<i64>() {
                Ok(v) => Suggested::Int(v),
                Err(_) => continue,
            }
        } else {
            Suggested::Text(c.value.chars().take(CHOICE_TEXT).collect())
        };
        if out.iter().any(|(_, v)| *v == value) {
            continue;
        }
        let label = super::render::cut(c.label_in(locale).trim(), CHOICE_TEXT);
        let label = if label.is_empty() {
            super::render::cut(&c.value, CHOICE_TEXT)
        } else {
            label
        };
        if label.is_empty() {
            continue;
        }
        out.push((label, value));
    }
    out
}

/// Reads an interaction's command name and options into a table command.
/// User options become the user's id; the focused autocomplete option its partial text.
pub fn read_command(name: &str, options: &[CommandDataOption]) -> Command {
    let mut cmd = Command::new(name);
    read_options(&mut cmd, options);
    cmd
}

fn read_options(cmd: &mut Command, options: &[CommandDataOption]) {
    for o in options {
        let value = match &o.value {
            CommandDataOptionValue::SubCommand(inner)
            | CommandDataOptionValue::SubCommandGroup(inner) => {
                cmd.path.push(o.name.clone());
                read_options(cmd, inner);
                continue;
            }
            CommandDataOptionValue::String(s) => s.clone(),
            CommandDataOptionValue::Integer(i) => i.to_string(),
            CommandDataOptionValue::Number(n) => n.to_string(),
            CommandDataOptionValue::Boolean(b) => b.to_string(),
            CommandDataOptionValue::User(u) => u.to_string(),
            CommandDataOptionValue::Channel(c) => c.to_string(),
            CommandDataOptionValue::Role(r) => r.to_string(),
            CommandDataOptionValue::Mentionable(m) => m.to_string(),
            CommandDataOptionValue::Attachment(a) => a.to_string(),
            CommandDataOptionValue::Autocomplete { value, .. } => value.clone(),
            _ => continue,
        };
        cmd.options.insert(o.name.clone(), value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registration_nests_groups_and_keeps_choices_and_ranges() {
        let spec = CommandSpec::new("nw", "Ninja")
            .sub(CommandSpec::new("skill", "Skills").sub(
                CommandSpec::new("add", "Add").opt(OptionSpec::string("name", "Name").required()),
            ))
            .sub(
                CommandSpec::new("roll", "Roll")
                    .opt(OptionSpec::int("n", "How many").range(1, 6))
                    .opt(OptionSpec::string("vis", "Who").choices(&["a", "b"]))
                    .opt(OptionSpec::user("who", "Target").autocomplete()),
            );
        let json = command_json(&spec);
        assert_eq!(json["name"], "nw");
        assert_eq!(json["type"], 1, "CHAT_INPUT");
        assert_eq!(json["options"][0]["type"], 2, "group");
        assert_eq!(json["options"][0]["options"][0]["type"], 1, "subcommand");
        assert_eq!(
            json["options"][0]["options"][0]["options"][0]["required"],
            true
        );
        let roll = &json["options"][1]["options"];
        assert_eq!(roll[0]["min_value"], 1);
        assert_eq!(roll[0]["max_value"], 6);
        assert_eq!(roll[1]["choices"].as_array().unwrap().len(), 2);
        assert_eq!(roll[1]["choices"][0], json!({"name": "a", "value": "a"}));
        assert_eq!(roll[2]["autocomplete"], true);
        assert_eq!(roll[2]["type"], 6);
        assert_eq!(registration_problems(&json!([json])), Vec::<String>::new());
    }

    #[test]
    fn negative_bounds_and_integer_choices_are_sent_as_integers() {
        let spec = CommandSpec::new("judge", "Judge")
            .opt(OptionSpec::int("difficulty", "Difficulty").range(-99, 999))
            .opt(OptionSpec::int("mod", "Modifier").choices(&["-2", "0", "3"]));
        let json = command_json(&spec);
        let o = &json["options"];
        assert_eq!(o[0]["min_value"], json!(-99));
        assert!(o[0]["min_value"].is_i64());
        assert_eq!(o[0]["max_value"], json!(999));
        assert_eq!(o[1]["choices"][0], json!({"name": "-2", "value": -2}));
        assert!(o[1]["choices"][2]["value"].is_i64());
        assert!(o[1].get("min_value").is_none());
        assert_eq!(registration_problems(&json!([json])), Vec::<String>::new());
    }

    /// The bot's real registration, measured as Discord measures it: every command is printed
    /// with its combined size, must keep 500 characters of headroom under Discord's 8,000, and
    /// must keep every other rule (names, descriptions, counts, choices, nesting, order).
    #[test]
    fn every_registered_command_fits_discord_with_headroom() {
        let games = croupier_games::load(&croupier_core::source_path("data")).expect("data loads");
        let specs = all_specs(&games);
        let body = registration(&specs);
        // The body is what the bot sends: serialize and read it back as Discord would.
        let body: Value = serde_json::from_slice(&serde_json::to_vec(&body).unwrap()).unwrap();
        let mut too_big = vec![];
        for c in body.as_array().unwrap() {
            let size = combined_size(c);
            println!(
                "/{:<12} {:>5} / {}",
                c["name"].as_str().unwrap(),
                thousands(size),
                thousands(COMBINED_LIMIT)
            );
            if size > 7_500 {
                too_big.push(format!("/{}: {size}", c["name"]));
            }
        }
        assert!(too_big.is_empty(), "over 7,500 characters: {too_big:?}");
        assert_eq!(registration_problems(&body), Vec::<String>::new());
        for spec in &specs {
            assert_eq!(spec.problems(""), Vec::<String>::new());
        }
        // Every bound is sent, negative ones included.
        let mut bounds = 0;
        let mut negative = 0;
        fn walk(v: &Value, bounds: &mut usize, negative: &mut usize) {
            if let Some(lo) = v.get("min_value") {
                *bounds += 1;
                *negative += usize::from(lo.as_i64().unwrap() < 0);
            }
            for o in v["options"].as_array().into_iter().flatten() {
                walk(o, bounds, negative);
            }
        }
        for c in body.as_array().unwrap() {
            walk(c, &mut bounds, &mut negative);
        }
        let declared = |o: &OptionSpec| o.min.is_some();
        fn count(s: &CommandSpec, f: &dyn Fn(&OptionSpec) -> bool) -> usize {
            s.options.iter().filter(|o| f(o)).count()
                + s.subcommands.iter().map(|c| count(c, f)).sum::<usize>()
        }
        let want: usize = specs.iter().map(|s| count(s, &declared)).sum();
        let want_negative: usize = specs
            .iter()
            .map(|s| count(s, &|o: &OptionSpec| o.min.is_some_and(|m| m < 0)))
            .sum();
        assert_eq!((bounds, negative), (want, want_negative));
        println!("{bounds} integer bounds sent, {negative} of them negative");
        assert!(negative >= 18, "{negative} negative lower bounds sent");
    }

    fn thousands(n: usize) -> String {
        let s = n.to_string();
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            if i > 0 && (s.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    /// The old single `/nw` (every group in one command) is what Discord refused.
    #[test]
    fn the_unsplit_night_wizard_command_is_over_the_limit() {
        use croupier_core::table::Game;
        let mut whole = croupier_games::nightwizard::NightWizard::command();
        for s in &mut whole.subcommands {
            s.top_level = None;
        }
        let json = command_json(&whole);
        let size = combined_size(&json);
        println!(
            "/nw unsplit: {} / {}",
            thousands(size),
            thousands(COMBINED_LIMIT)
        );
        assert!(size > COMBINED_LIMIT, "{size}");
        assert!(registration_problems(&json!([json]))
            .iter()
            .any(|p| p.contains("combined characters")));
    }

    #[test]
    fn combined_size_counts_names_descriptions_choices_and_the_longest_localization() {
        let cmd = json!({
            "type": 1, "name": "ab", "description": "cde",
            "description_localizations": {"fr": "cdefgh", "de": "x"},
            "options": [{
                "type": 1, "name": "s", "description": "t", "options": [{
                    "type": 4, "name": "n", "description": "dd", "required": false,
                    "choices": [{"name": "one", "value": 1}, {"name": "ten", "value": -10,
                        "name_localizations": {"ja": "じゅうじゅう"}}]
                }]
            }]
        });
        // ab 2 + cdefgh 6 + s 1 + t 1 + n 1 + dd 2 + one 3 + "1" 1 + じゅうじゅう 6 + "-10" 3
        assert_eq!(combined_size(&cmd), 26);
    }

    /// Each rule the registration check enforces refuses a command that breaks it.
    #[test]
    fn registration_problems_name_each_broken_rule() {
        let ok = || {
            json!({"type": 1, "name": "cmd", "description": "d", "options": [
                {"type": 3, "name": "a", "description": "d", "required": true},
                {"type": 4, "name": "b", "description": "d", "required": false,
                 "min_value": -5, "max_value": 5}
            ]})
        };
        assert_eq!(registration_problems(&json!([ok()])), Vec::<String>::new());
        let broken = |f: &dyn Fn(&mut Value), want: &str| {
            let mut c = ok();
            f(&mut c);
            let p = registration_problems(&json!([c]));
            assert!(p.iter().any(|p| p.contains(want)), "{want}: {p:?}");
        };
        broken(&|c| c["name"] = json!("Cmd"), "lower case");
        broken(&|c| c["name"] = json!("a b"), "1-32 letters");
        broken(&|c| c["name"] = json!("x".repeat(33)), "1-32 letters");
        broken(&|c| c["description"] = json!(""), "description of 0");
        broken(
            &|c| c["description"] = json!("d".repeat(101)),
            "description of 101",
        );
        broken(
            &|c| {
                c["options"][0]["required"] = json!(false);
                c["options"][1]["required"] = json!(true);
            },
            "required after an optional",
        );
        broken(&|c| c["options"][1]["name"] = json!("a"), "appears twice");
        broken(
            &|c| c["options"][1]["min_value"] = json!(9),
            "min_value above",
        );
        broken(&|c| c["options"][0]["min_value"] = json!(1), "does not fit");
        broken(
            &|c| {
                let many: Vec<Value> = (0..26)
                    .map(|i| json!({"type": 5, "name": format!("o{i}"), "description": "d"}))
                    .collect();
                c["options"] = json!(many);
            },
            "26 options",
        );
        broken(
            &|c| {
                let many: Vec<Value> = (0..26)
                    .map(|i| json!({"name": format!("c{i}"), "value": format!("v{i}")}))
                    .collect();
                c["options"][0]["choices"] = json!(many);
            },
            "26 choices",
        );
        broken(
            &|c| c["options"][0]["choices"] = json!([{"name": "n", "value": "v".repeat(101)}]),
            "does not fit",
        );
        broken(
            &|c| c["options"][1]["choices"] = json!([{"name": "n", "value": "1"}]),
            "does not fit",
        );
        broken(
            &|c| c["options"][0]["choices"] = json!([{"name": "", "value": "v"}]),
            "choice name of 0",
        );
        broken(
            &|c| {
                c["options"][0]["choices"] = json!([{"name": "n", "value": "v"}]);
                c["options"][0]["autocomplete"] = json!(true);
            },
            "autocomplete with choices",
        );
        broken(
            &|c| c["options"][0] = json!({"type": 1, "name": "s", "description": "d"}),
            "beside value options",
        );
        let deep = json!({"type": 1, "name": "cmd", "description": "d", "options": [
            {"type": 2, "name": "g", "description": "d", "options": [
                {"type": 2, "name": "h", "description": "d", "options": []}]}]});
        let p = registration_problems(&json!([deep]));
        assert!(p.iter().any(|p| p.contains("nested too deep")), "{p:?}");
        let mixed = json!({"type": 1, "name": "cmd", "description": "d", "options": [
            {"type": 2, "name": "g", "description": "d", "options": [
                {"type": 3, "name": "v", "description": "d"}]}]});
        let p = registration_problems(&json!([mixed]));
        assert!(p.iter().any(|p| p.contains("only subcommands")), "{p:?}");
        let big = json!({"type": 1, "name": "cmd", "description": "d".repeat(100), "options":
            (0..25).map(|i| json!({"type": 3, "name": format!("o{i:0>31}"),
                "description": "d".repeat(100),
                "choices": (0..25).map(|j| json!({"name": format!("{j}"), "value": "v".repeat(10)}))
                    .collect::<Vec<_>>()})).collect::<Vec<_>>()});
        let p = registration_problems(&json!([big]));
        assert!(p.iter().any(|p| p.contains("combined characters")), "{p:?}");
        let p = registration_problems(&json!([ok(), ok()]));
        assert!(p.iter().any(|p| p.contains("`cmd` appears twice")), "{p:?}");
        // Localizations keep their field's rules, under Discord's locale keys.
        broken(
            &|c| c["name_localizations"] = json!({"ja": "ダイス ロール"}),
            "name_localizations.ja: name `ダイス ロール` must be 1-32",
        );
        broken(
            &|c| c["name_localizations"] = json!({"fr": "Lancer"}),
            "must be lower case",
        );
        broken(
            &|c| c["name_localizations"] = json!({"xx": "ロール"}),
            "`xx`, not a Discord locale",
        );
        broken(
            &|c| c["options"][0]["description_localizations"] = json!({"ja": "説".repeat(101)}),
            "description_localizations.ja: description of 101",
        );
        broken(
            &|c| {
                c["options"][0]["name_localizations"] = json!({"ja": "名前"});
                c["options"][1]["name_localizations"] = json!({"ja": "名前"});
            },
            "`名前` (ja) appears twice",
        );
        broken(
            &|c| {
                c["options"][0]["choices"] =
                    json!([{"name": "n", "value": "v", "name_localizations": {"ja": ""}}]);
            },
            "a choice name of 0",
        );
        let many: Vec<Value> = (0..101)
            .map(|i| json!({"type": 1, "name": format!("c{i}"), "description": "d"}))
            .collect();
        let p = registration_problems(&Value::Array(many));
        assert!(p.iter().any(|p| p.contains("101 commands")), "{p:?}");
    }

    /// Every registered command says where it works and every text option how long it may be,
    /// from the declarations: games and `/game` need a server, `/roll` also works in DMs (and,
    /// with the user install on, in any DM); `max_length` agrees with the games' own checks.
    #[test]
    fn registered_commands_carry_contexts_installs_and_lengths() {
        let games = croupier_games::load(&croupier_core::source_path("data")).expect("data loads");
        let specs = all_specs(&games);
        for user_install in [false, true] {
            let body = registration_with(&specs, user_install);
            assert_eq!(registration_problems(&body), Vec::<String>::new());
            let mut strings = 0;
            fn walk(v: &Value, strings: &mut usize, missing: &mut Vec<String>) {
                for o in v["options"].as_array().into_iter().flatten() {
                    if o["type"] == 3 {
                        *strings += 1;
                        if !o["max_length"]
                            .as_u64()
                            .is_some_and(|n| (1..=6000).contains(&n))
                        {
                            missing.push(o["name"].to_string());
                        }
                    }
                    walk(o, strings, missing);
                }
            }
            let mut missing = vec![];
            for c in body.as_array().unwrap() {
                walk(c, &mut strings, &mut missing);
                let name = c["name"].as_str().unwrap();
                let (contexts, installs) = match (name, user_install) {
                    ("roll", false) => (json!([0, 1]), json!([0])),
                    ("roll", true) => (json!([0, 1, 2]), json!([0, 1])),
                    _ => (json!([0]), json!([0])),
                };
                assert_eq!(c["contexts"], contexts, "/{name}");
                assert_eq!(c["integration_types"], installs, "/{name}");
                // No command today is for channel managers alone (GM and host commands are
                // for a session's GM and host, who need not manage the channel).
                assert_eq!(c["default_member_permissions"], Value::Null, "/{name}");
            }
            assert!(
                missing.is_empty(),
                "text options without max_length: {missing:?}"
            );
            println!("{strings} text options, each with max_length");
            assert!(strings > 100, "{strings}");
        }
        // The lengths the games check themselves.
        let body = registration(&specs);
        let roll = body
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "roll")
            .unwrap();
        assert_eq!(
            roll["options"][0]["max_length"],
            json!(croupier_core::dice::MAX_INPUT_CHARS)
        );
    }

    /// Every registered command, subcommand, group and option carries its Japanese name and
    /// description, and every choice its Japanese name, from `locales/ja/commands.ftl`; the
    /// catalogue holds no key that names nothing registered; and the whole still fits
    /// Discord's rules (each localization checked as its field, the combined size counting
    /// the longer of English and Japanese).
    #[test]
    fn every_command_option_and_choice_is_registered_in_japanese() {
        let games = croupier_games::load(&croupier_core::source_path("data")).expect("data loads");
        let body = registration(&all_specs(&games));
        let mut missing = vec![];
        let mut counted = [0usize; 3];
        fn walk(v: &Value, at: &str, missing: &mut Vec<String>, counted: &mut [usize; 3]) {
            for key in ["name_localizations", "description_localizations"] {
                if v[key]["ja"].as_str().is_none_or(str::is_empty) {
                    missing.push(format!("{at}: {key}.ja"));
                }
            }
            let leaf = !matches!(v["type"].as_u64(), Some(1 | 2)) || v.get("contexts").is_some();
            counted[usize::from(!leaf || v.get("contexts").is_some())] += 1;
            for c in v["choices"].as_array().into_iter().flatten() {
                counted[2] += 1;
                if c["name_localizations"]["ja"]
                    .as_str()
                    .is_none_or(str::is_empty)
                {
                    missing.push(format!("{at} choice {}: name_localizations.ja", c["value"]));
                }
            }
            for o in v["options"].as_array().into_iter().flatten() {
                let at = format!("{at} {}", o["name"].as_str().unwrap_or("?"));
                walk(o, &at, missing, counted);
            }
        }
        for c in body.as_array().unwrap() {
            walk(
                c,
                &format!("/{}", c["name"].as_str().unwrap()),
                &mut missing,
                &mut counted,
            );
        }
        println!(
            "{} options, {} commands, subcommands and groups, {} choices, each in Japanese",
            counted[0], counted[1], counted[2]
        );
        assert!(
            missing.is_empty(),
            "{} missing:\n{}",
            missing.len(),
            missing.join("\n")
        );
        assert_eq!(registration_problems(&body), Vec::<String>::new());
        // No key of the catalogue names a command, option or choice that is not registered.
        let mut registered = std::collections::BTreeSet::new();
        fn keys(v: &Value, key: &str, out: &mut std::collections::BTreeSet<String>) {
            out.insert(key.to_string());
            for c in v["choices"].as_array().into_iter().flatten() {
                let value = match &c["value"] {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                out.insert(choice_key(key, &value));
            }
            for o in v["options"].as_array().into_iter().flatten() {
                let name = o["name"].as_str().unwrap_or("");
                let k = if matches!(o["type"].as_u64(), Some(1 | 2)) {
                    format!("{key}-{name}")
                } else {
                    format!("{key}--{name}")
                };
                keys(o, &k, out);
            }
        }
        for c in body.as_array().unwrap() {
            keys(
                c,
                &localization_key(&[c["name"].as_str().unwrap()]),
                &mut registered,
            );
        }
        let stale: Vec<String> = i18n::keys(Locale::Ja)
            .into_iter()
            .filter(|k| k.starts_with("cmd-") && !k.ends_with(".desc"))
            .filter(|k| !registered.contains(k))
            .collect();
        assert!(
            stale.is_empty(),
            "catalogue keys naming nothing registered: {stale:?}"
        );
    }

    #[test]
    fn every_registration_failure_gets_a_hint() {
        let h = registration_hint(Some(403), Some(50001), Some(42));
        assert!(h.contains("CROUPIER_DEV_GUILD=42"), "{h}");
        assert!(h.contains("not in that server"), "{h}");
        assert!(h.contains("applications.commands"), "{h}");
        let cases = [
            (Some(401), Some(0), None, "DISCORD_TOKEN"),
            (Some(429), Some(30034), None, "daily limit"),
            (Some(400), Some(50035), None, "invalid"),
            (Some(429), None, None, "rate-limited"),
            (Some(403), Some(50001), None, "global commands"),
            (Some(502), None, None, "error of its own"),
            (None, None, Some(1), "could not be reached"),
        ];
        for (status, code, guild, want) in cases {
            let h = registration_hint(status, code, guild);
            assert!(h.contains(want), "{status:?} {code:?}: {h}");
        }
    }

    #[test]
    fn a_command_of_manager_only_leaves_is_hidden_from_other_members() {
        let mut a = CommandSpec::new("a", "Admin only");
        a.permission = Permission::Manager;
        let mut b = CommandSpec::new("b", "Also");
        b.permission = Permission::Manager;
        let admin = CommandSpec::new("tidy", "Tidy").sub(a.clone()).sub(b);
        assert_eq!(default_permissions(&admin), Some(MANAGE_CHANNELS));
        assert_eq!(command_json(&admin)["default_member_permissions"], "16");
        // One leaf for others keeps the whole command visible (Discord applies it per command).
        let mut gm = CommandSpec::new("c", "GM");
        gm.permission = Permission::Gm;
        let mixed = CommandSpec::new("tidy", "Tidy").sub(a).sub(gm);
        assert_eq!(default_permissions(&mixed), None);
        assert_eq!(
            command_json(&mixed)["default_member_permissions"],
            Value::Null
        );
    }

    #[test]
    fn autocomplete_choices_are_cut_to_discords_limits() {
        use croupier_core::table::Choice;
        let long = |i: usize| {
            Choice::new(
                format!("{i} {}", "l".repeat(150)),
                format!("{i} {}", "v".repeat(150)),
            )
        };
        let found: Vec<Choice> = (0..30).map(long).collect();
        let out = autocomplete_choices(&found, false, Locale::En);
        assert_eq!(out.len(), AUTOCOMPLETE_CHOICES);
        for (label, value) in &out {
            assert_eq!(label.chars().count(), CHOICE_TEXT);
            assert!(label.ends_with('…'));
            let Suggested::Text(v) = value else {
                panic!("a text option's value is text")
            };
            assert_eq!(v.chars().count(), CHOICE_TEXT);
        }
        // Cut, not dropped: the value is the start of the game's value.
        let Suggested::Text(v) = &out[3].1 else {
            panic!()
        };
        assert!(found[3].value.starts_with(v.as_str()));
        // Integer options keep whole numbers only; an empty label falls back to the value;
        // two values cut to the same text are offered once.
        let found = vec![
            Choice::new("three", "3"),
            Choice::new("x", "x"),
            Choice::new(" ", "4"),
        ];
        assert_eq!(
            autocomplete_choices(&found, true, Locale::En),
            vec![
                ("three".to_string(), Suggested::Int(3)),
                ("4".to_string(), Suggested::Int(4))
            ]
        );
        let twins = vec![long(1), long(1)];
        assert_eq!(autocomplete_choices(&twins, false, Locale::En).len(), 1);
        // Within what the strict fake (and Discord) accept.
        let body = json!({"choices": autocomplete_choices(&(0..30).map(long).collect::<Vec<_>>(), false, Locale::En)
            .into_iter()
            .map(|(n, v)| match v {
                Suggested::Text(t) => json!({"name": n, "value": t}),
                Suggested::Int(i) => json!({"name": n, "value": i}),
            })
            .collect::<Vec<_>>()});
        assert!(body["choices"].as_array().unwrap().len() <= 25);
    }

    #[test]
    fn options_become_a_command_with_user_ids() {
        let opts: Vec<CommandDataOption> = serde_json::from_value(serde_json::json!([
            {"name": "skill", "type": 2, "options": [
                {"name": "add", "type": 1, "options": [
                    {"name": "name", "type": 3, "value": "Fire Bolt"},
                    {"name": "who", "type": 6, "value": "123456789012345678"},
                    {"name": "n", "type": 4, "value": 3},
                    {"name": "ok", "type": 5, "value": true}
                ]}
            ]}
        ]))
        .unwrap();
        let c = read_command("nw", &opts);
        assert_eq!(c.path_str(), "nw skill add");
        assert_eq!(c.get("name"), Some("Fire Bolt"));
        assert_eq!(c.get("who"), Some("123456789012345678"));
        assert_eq!(c.get("n"), Some("3"));
        assert_eq!(c.get("ok"), Some("true"));
    }
}
