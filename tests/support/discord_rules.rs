//! Discord's validation rules for what a bot sends over HTTP, as pure functions: the strict
//! fake Discord (`fake_discord.rs`) runs every request through them and answers with Discord's
//! error shapes. Each rule names the page and section of Discord's developer docs it follows.
//!
//! Error shapes ("Reference" page, "Error Messages"): a form error is HTTP 400
//! `{"code": 50035, "message": "Invalid Form Body", "errors": {…}}` where `errors` nests the JSON
//! path of the offending field (array indexes as keys) down to `{"_errors": [{"code", "message"}]}`.
//! Other refusals are `{"code": <JSON error code>, "message": …}` ("Opcodes and Status Codes" page,
//! "JSON Error Codes"). The docs publish the form-error `code` strings only as examples
//! (`BASE_TYPE_REQUIRED`, `BASE_TYPE_CHOICES`, `APPLICATION_COMMAND_TOO_LARGE`); where a rule's
//! string is not published, the fake uses a descriptive one in the same style, and tests assert
//! the status, the JSON code and the field path.

#![allow(dead_code)]

use std::collections::HashSet;

use serde_json::{json, Map, Value};

// ---------------------------------------------------------------------------------------------
// Permission bits ("Permissions" topic, "Bitwise Permission Flags").

/// VIEW_CHANNEL (1 << 10).
pub const VIEW_CHANNEL: u64 = 1 << 10;
/// SEND_MESSAGES (1 << 11).
pub const SEND_MESSAGES: u64 = 1 << 11;
/// MANAGE_MESSAGES (1 << 13): no longer lets a bot pin (see [`PIN_MESSAGES`]).
pub const MANAGE_MESSAGES: u64 = 1 << 13;
/// EMBED_LINKS (1 << 14).
pub const EMBED_LINKS: u64 = 1 << 14;
/// ATTACH_FILES (1 << 15).
pub const ATTACH_FILES: u64 = 1 << 15;
/// READ_MESSAGE_HISTORY (1 << 16).
pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
/// PIN_MESSAGES (1 << 51): "Permissions" topic, and the change log entry "Permission Changes Going
/// into Effect February 2026 for PIN_MESSAGES…": split from MANAGE_MESSAGES on 2025-08-20; from
/// 2026-02-23 pinning needs it and MANAGE_MESSAGES alone no longer suffices.
pub const PIN_MESSAGES: u64 = 1 << 51;
/// The bot's permissions in a channel unless a test sets others.
pub const DEFAULT_BOT_PERMISSIONS: u64 =
    VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY;

/// Message flag EPHEMERAL (1 << 6) ("Messages" resource, "Message Flags").
pub const EPHEMERAL: u64 = 1 << 6;

// ---------------------------------------------------------------------------------------------
// Error bodies.

/// A refusal: HTTP status and JSON body.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// HTTP status.
    pub status: u16,
    /// Discord's JSON error body.
    pub body: Value,
}

impl Refusal {
    /// A plain JSON error (`{"code", "message"}`).
    pub fn json(status: u16, code: u64, message: &str) -> Refusal {
        Refusal {
            status,
            body: json!({"code": code, "message": message}),
        }
    }
}

/// Collected form errors, each at a JSON path.
#[derive(Debug, Default, Clone)]
pub struct FormErrors {
    items: Vec<(String, &'static str, String)>,
}

impl FormErrors {
    /// Adds an error at `path` (dot-separated, `""` for the request itself).
    pub fn add(&mut self, path: &str, code: &'static str, message: impl Into<String>) {
        self.items.push((path.to_string(), code, message.into()));
    }

    /// True if nothing was wrong.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// HTTP 400 with code 50035 and the nested `errors` object, or `Ok` if none.
    pub fn into_result(self) -> Result<(), Refusal> {
        if self.items.is_empty() {
            return Ok(());
        }
        let mut root = Map::new();
        for (path, code, message) in self.items {
            let mut node = &mut root;
            for key in path.split('.').filter(|k| !k.is_empty()) {
                node = node
                    .entry(key.to_string())
                    .or_insert_with(|| json!({}))
                    .as_object_mut()
                    .expect("error nodes are objects");
            }
            node.entry("_errors".to_string())
                .or_insert_with(|| json!([]))
                .as_array_mut()
                .expect("_errors is an array")
                .push(json!({"code": code, "message": message}));
        }
        Err(Refusal {
            status: 400,
            body: json!({"code": 50035, "message": "Invalid Form Body", "errors": Value::Object(root)}),
        })
    }
}

/// Every (dot path, code) in a form-error body, for assertions: `("0.options.1.name", "…")`.
pub fn error_paths(body: &Value) -> Vec<(String, String)> {
    fn walk(v: &Value, path: &str, out: &mut Vec<(String, String)>) {
        let Some(obj) = v.as_object() else { return };
        for (k, child) in obj {
            if k == "_errors" {
                for e in child.as_array().into_iter().flatten() {
                    out.push((
                        path.to_string(),
                        e["code"].as_str().unwrap_or("").to_string(),
                    ));
                }
            } else {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                walk(child, &p, out);
            }
        }
    }
    let mut out = vec![];
    walk(&body["errors"], "", &mut out);
    out
}

fn len(s: &str) -> usize {
    s.chars().count()
}

fn join(path: &str, key: impl std::fmt::Display) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn bad_length(errs: &mut FormErrors, path: &str, s: &str, min: usize, max: usize) {
    let n = len(s);
    if n < min || n > max {
        errs.add(
            path,
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between {min} and {max} in length."),
        );
    }
}

fn max_length(errs: &mut FormErrors, path: &str, n: usize, max: usize) {
    if n > max {
        errs.add(
            path,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {max} or fewer in length."),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Application commands ("Application Commands" page).

/// The most characters a slash command may have in all ("Application Commands" page, "Slash
/// Commands": "a maximum of 8000 characters for combined name, description, and value properties
/// for each command, its options (including subcommands and groups), and choices").
pub const COMMAND_SIZE_LIMIT: usize = 8000;

/// The longest of a field and its localizations ("Slash Commands": "only the longest
/// localization for each field (including the default value) is counted towards the size limit").
fn longest(node: &Value, field: &str) -> usize {
    let mut n = match &node[field] {
        Value::String(s) => len(s),
        Value::Number(x) => x.to_string().len(),
        _ => 0,
    };
    if let Some(locs) = node[format!("{field}_localizations")].as_object() {
        for v in locs.values() {
            n = n.max(v.as_str().map(len).unwrap_or(0));
        }
    }
    n
}

/// A slash command's combined size the way Discord counts it: the name and description of the
/// command, of every option, subcommand and group at every level, and the name and value of
/// every choice, each the longest of the field and its localizations.
pub fn command_size(cmd: &Value) -> usize {
    fn option(o: &Value) -> usize {
        let mut n = longest(o, "name") + longest(o, "description");
        for c in o["choices"].as_array().into_iter().flatten() {
            n += longest(c, "name") + longest(c, "value");
        }
        n + o["options"]
            .as_array()
            .into_iter()
            .flatten()
            .map(option)
            .sum::<usize>()
    }
    option(cmd)
}

/// Name rule ("Application Command Naming"): `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`,
/// and letters that have a lowercase variant must be lowercase (CHAT_INPUT commands and all
/// option names). Devanagari and Thai marks are approximated by `char::is_alphanumeric`, which
/// also admits the combining marks those scripts use.
fn name_ok(name: &str, chat_input: bool) -> bool {
    let n = len(name);
    if !(1..=32).contains(&n) {
        return false;
    }
    if !chat_input {
        return true; // USER and MESSAGE commands: mixed case and spaces allowed.
    }
    name.chars().all(|c| {
        (c == '-' || c == '_' || c == '\'' || c.is_alphanumeric())
            && c.to_lowercase().eq(std::iter::once(c))
    })
}

/// The locales Discord takes as keys of a localization dictionary ("Reference" page,
/// "Locales"; "Application Commands" page, "Localization": `name_localizations` and
/// `description_localizations` are dictionaries "with keys in available locales").
pub const LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// A localization dictionary at `path` ("Application Commands" page, "Localization": each
/// value "must adhere to the constraints of the field": a name the naming rule of
/// "Application Command Naming", lower case for CHAT_INPUT commands and options; a
/// description 1-100 characters; a choice name 1-100, "Application Command Option Choice
/// Structure"), keyed by a locale of [`LOCALES`]. The form error for an unknown key is not
/// published: a descriptive code in Discord's style.
fn check_localizations(errs: &mut FormErrors, node: &Value, path: &str, field: &str, kind: Field) {
    let key = format!("{field}_localizations");
    let Some(dict) = node[key.as_str()].as_object() else {
        return;
    };
    for (loc, v) in dict {
        let at = join(path, format!("{key}.{loc}"));
        if !LOCALES.contains(&loc.as_str()) {
            errs.add(&at, "LOCALE_INVALID", format!("Invalid locale `{loc}`"));
            continue;
        }
        let text = v.as_str().unwrap_or("");
        match kind {
            Field::Name { chat_input } => {
                if len(text) < 1 || len(text) > 32 {
                    bad_length(errs, &at, text, 1, 32);
                } else if !name_ok(text, chat_input) {
                    errs.add(
                        &at,
                        "APPLICATION_COMMAND_INVALID_NAME",
                        "Command name is invalid",
                    );
                }
            }
            Field::Text => bad_length(errs, &at, text, 1, 100),
        }
    }
}

/// Which rules a localized value keeps: a name's or a text's (a description, a choice name).
#[derive(Clone, Copy)]
enum Field {
    Name { chat_input: bool },
    Text,
}

const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;

/// Integer option bounds ("Application Command Option Type": INTEGER is "any integer between
/// -2^53+1 and 2^53-1"; NUMBER "any double between -2^53 and 2^53").
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

fn check_option(errs: &mut FormErrors, o: &Value, path: &str, level: u8) {
    let kind = o["type"].as_u64().unwrap_or(0);
    if !(1..=11).contains(&kind) {
        errs.add(
            &join(path, "type"),
            "BASE_TYPE_CHOICES",
            "Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.",
        );
    }
    let name = o["name"].as_str().unwrap_or("");
    if len(name) < 1 || len(name) > 32 {
        bad_length(errs, &join(path, "name"), name, 1, 32);
    } else if !name_ok(name, true) {
        errs.add(
            &join(path, "name"),
            "APPLICATION_COMMAND_INVALID_NAME",
            "Command name is invalid",
        );
    }
    check_localizations(errs, o, path, "name", Field::Name { chat_input: true });
    bad_length(
        errs,
        &join(path, "description"),
        o["description"].as_str().unwrap_or(""),
        1,
        100,
    );
    check_localizations(errs, o, path, "description", Field::Text);
    match kind {
        SUB_COMMAND | SUB_COMMAND_GROUP => {
            let children = o["options"].as_array().cloned().unwrap_or_default();
            // "Subcommands and Subcommand Groups": a command may hold groups, groups hold
            // subcommands, subcommands hold plain options. "That is the only kind of nesting
            // supported."
            let want_child_level = if kind == SUB_COMMAND_GROUP { 2 } else { 3 };
            if kind == SUB_COMMAND_GROUP && level != 1 {
                errs.add(
                    &join(path, "type"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "A subcommand group can only be a direct option of a command",
                );
            }
            if kind == SUB_COMMAND && level > 2 {
                errs.add(
                    &join(path, "type"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "A subcommand can only be an option of a command or a subcommand group",
                );
            }
            check_options(errs, &children, &join(path, "options"), want_child_level);
        }
        _ => {
            if level == 2 {
                // Inside a group only subcommands are allowed.
                errs.add(
                    &join(path, "type"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "A subcommand group can only contain subcommands",
                );
            }
            // An empty `options` array (what serenity sends for every option) is accepted.
            if o["options"].as_array().is_some_and(|a| !a.is_empty()) {
                errs.add(
                    &join(path, "options"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "Only subcommands and subcommand groups have options",
                );
            }
            check_choices(errs, o, path, kind);
            check_bounds(errs, o, path, kind);
        }
    }
}

/// Choices ("Application Command Option Choice Structure"): at most 25, only on STRING,
/// INTEGER and NUMBER options, name 1–100, a string value at most 100, the value's type
/// matching the option's; `autocomplete` may not be set with choices ("Application Command
/// Option Structure", footnote **).
fn check_choices(errs: &mut FormErrors, o: &Value, path: &str, kind: u64) {
    // An empty `choices` array (what serenity sends for every option) is accepted.
    let Some(choices) = o["choices"].as_array().filter(|c| !c.is_empty()) else {
        return;
    };
    let cpath = join(path, "choices");
    if ![3, 4, 10].contains(&kind) {
        errs.add(
            &cpath,
            "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
            "Only STRING, INTEGER and NUMBER options can have choices",
        );
    }
    max_length(errs, &cpath, choices.len(), 25);
    if o["autocomplete"] == true && !choices.is_empty() {
        errs.add(
            &join(path, "autocomplete"),
            "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
            "Autocomplete cannot be enabled on an option with choices",
        );
    }
    for (i, c) in choices.iter().enumerate() {
        let p = join(&cpath, i);
        bad_length(
            errs,
            &join(&p, "name"),
            c["name"].as_str().unwrap_or(""),
            1,
            100,
        );
        check_localizations(errs, c, &p, "name", Field::Text);
        let v = &c["value"];
        let type_ok = match kind {
            3 => v.is_string(),
            4 => v.is_i64() || v.is_u64(),
            10 => v.is_number(),
            _ => true,
        };
        if !type_ok {
            errs.add(
                &join(&p, "value"),
                "BASE_TYPE_CHOICES",
                "The choice's value does not match the option's type",
            );
        }
        if let Some(s) = v.as_str() {
            max_length(errs, &join(&p, "value"), len(s), 100);
        }
        if let Some(x) = v.as_f64() {
            if x.abs() > MAX_SAFE + 1.0 {
                errs.add(
                    &join(&p, "value"),
                    "NUMBER_TYPE_MAX",
                    "Number is out of Discord's range",
                );
            }
        }
    }
}

fn check_bounds(errs: &mut FormErrors, o: &Value, path: &str, kind: u64) {
    let limit = if kind == 4 { MAX_SAFE } else { MAX_SAFE + 1.0 };
    for k in ["min_value", "max_value"] {
        let v = &o[k];
        if v.is_null() {
            continue;
        }
        if ![4, 10].contains(&kind) {
            errs.add(
                &join(path, k),
                "APPLICATION_COMMAND_OPTION_BOUNDS_INVALID",
                "Only INTEGER and NUMBER options have bounds",
            );
            continue;
        }
        match v.as_f64() {
            Some(x) if kind == 4 && (v.is_i64() || v.is_u64()) && x.abs() <= limit => {}
            Some(x) if kind == 10 && x.abs() <= limit => {}
            _ => errs.add(
                &join(path, k),
                if kind == 4 {
                    "INTEGER_TYPE_OUT_OF_RANGE"
                } else {
                    "NUMBER_TYPE_OUT_OF_RANGE"
                },
                format!("{k} must be a number between -2^53 and 2^53 of the option's type"),
            ),
        }
    }
    if let (Some(lo), Some(hi)) = (o["min_value"].as_f64(), o["max_value"].as_f64()) {
        if lo > hi {
            errs.add(
                &join(path, "max_value"),
                "APPLICATION_COMMAND_OPTION_BOUNDS_INVALID",
                "max_value must not be below min_value",
            );
        }
    }
    // "Application Command Option Structure": `min_length` "For option type STRING, the minimum
    // allowed length (minimum of 0, maximum of 6000)", `max_length` "(minimum of 1, maximum of
    // 6000)"; Discord's OpenAPI description, `ApplicationCommandStringOption`, the same.
    for (k, lo) in [("min_length", 0), ("max_length", 1)] {
        if let Some(n) = o.get(k).filter(|v| !v.is_null()) {
            let ok = kind == 3 && n.as_i64().is_some_and(|n| (lo..=6000).contains(&n));
            if !ok {
                errs.add(
                    &join(path, k),
                    "NUMBER_TYPE_OUT_OF_RANGE",
                    format!("{k} must be between {lo} and 6000 (STRING options only)"),
                );
            }
        }
    }
    if let (Some(lo), Some(hi)) = (o["min_length"].as_i64(), o["max_length"].as_i64()) {
        if lo > hi {
            errs.add(
                &join(path, "max_length"),
                "APPLICATION_COMMAND_OPTION_LENGTH_INVALID",
                "max_length must not be below min_length",
            );
        }
    }
}

/// Where a command may be used and how the app is installed ("Application Commands" →
/// "Application Command Structure": `contexts` "Interaction context(s) where the command can be
/// used", values from "Interaction Context Types": GUILD 0, BOT_DM 1, PRIVATE_CHANNEL 2;
/// `integration_types` "Installation contexts where the command is available", values from
/// "Installation Context": GUILD_INSTALL 0, USER_INSTALL 1; Discord's OpenAPI description,
/// `ApplicationCommandCreateRequest`: each an array or null, `minItems: 1`, `uniqueItems`), and
/// who sees it by default (`default_member_permissions` "?string", "Set of permissions
/// represented as a bit set"; the OpenAPI description allows an integer too, from 0 to
/// 2^54-1). PRIVATE_CHANNEL "only for … user-installed apps" ("Interaction Contexts"), so it is
/// refused without USER_INSTALL.
fn check_surfaces(errs: &mut FormErrors, c: &Value, path: &str) {
    let mut list = |key: &str, max: u64| -> Option<Vec<u64>> {
        let v = &c[key];
        if v.is_null() {
            return None;
        }
        let Some(items) = v.as_array() else {
            errs.add(&join(path, key), "BASE_TYPE_ARRAY", "Must be an array.");
            return None;
        };
        if items.is_empty() {
            errs.add(
                &join(path, key),
                "BASE_TYPE_MIN_LENGTH",
                "Must be 1 or more in length.",
            );
        }
        let mut seen = HashSet::new();
        let mut out = vec![];
        for (i, x) in items.iter().enumerate() {
            match x.as_u64().filter(|n| *n <= max) {
                Some(n) if seen.insert(n) => out.push(n),
                Some(_) => errs.add(
                    &join(&join(path, key), i),
                    "BASE_TYPE_UNIQUE",
                    "Values must be unique.",
                ),
                None => errs.add(
                    &join(&join(path, key), i),
                    "ENUM_TYPE_COERCE",
                    format!("Value \"{x}\" is not a valid enum value."),
                ),
            }
        }
        Some(out)
    };
    let contexts = list("contexts", 2);
    let installs = list("integration_types", 1);
    if contexts.as_ref().is_some_and(|c| c.contains(&2))
        && !installs.as_ref().is_some_and(|i| i.contains(&1))
    {
        errs.add(
            &join(path, "contexts"),
            "APPLICATION_COMMAND_CONTEXTS_INVALID",
            "PRIVATE_CHANNEL needs the USER_INSTALL integration type",
        );
    }
    let perms = &c["default_member_permissions"];
    let ok = match perms {
        Value::Null => true,
        Value::String(s) => {
            !s.is_empty()
                && s.bytes().all(|b| b.is_ascii_digit())
                && s.parse::<u64>().is_ok_and(|n| n < 1 << 54)
        }
        Value::Number(n) => n.as_u64().is_some_and(|n| n < 1 << 54),
        _ => false,
    };
    if !ok {
        errs.add(
            &join(path, "default_member_permissions"),
            "BASE_TYPE_BAD_INT",
            "Value is not a valid permission set.",
        );
    }
}

/// One level of options: at most 25 ("options? … max of 25"; "up to 25"), unique names
/// ("`name` must be unique within an array of application command options"), subcommands and
/// plain options never mixed at one level ("Subcommands and Subcommand Groups": using
/// subcommands makes the base command unusable, so a level is either subcommands/groups or
/// parameters), required options before optional ones ("Application Command Option Structure":
/// "Required `options` must be listed before optional options").
/// `level`: 1 = the command's options, 2 = a group's, 3 = a subcommand's.
fn check_options(errs: &mut FormErrors, opts: &[Value], path: &str, level: u8) {
    max_length(errs, path, opts.len(), 25);
    let subs = opts
        .iter()
        .filter(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
        .count();
    if subs != 0 && subs != opts.len() {
        errs.add(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and subcommand groups cannot be mixed with other options",
        );
    }
    let mut seen = HashSet::new();
    let mut optional_seen = false;
    for (i, o) in opts.iter().enumerate() {
        let p = join(path, i);
        if !seen.insert(o["name"].as_str().unwrap_or("").to_string()) {
            errs.add(
                &join(&p, "name"),
                "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME",
                "Option names must be unique within their level",
            );
        }
        let required = o["required"] == true;
        if required && optional_seen {
            errs.add(
                path,
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options",
            );
        }
        if !matches!(o["type"].as_u64(), Some(1 | 2)) && !required {
            optional_seen = true;
        }
        check_option(errs, o, &p, level);
    }
}

/// Checks a bulk overwrite body (`PUT /applications/{id}/commands` and the guild variant,
/// "Bulk Overwrite Global Application Commands": one list replaces all, so one bad command
/// refuses the whole request).
pub fn check_commands(body: &Value) -> Result<(), Refusal> {
    let Some(cmds) = body.as_array() else {
        let mut e = FormErrors::default();
        e.add("", "BASE_TYPE_ARRAY", "Must be an array.");
        return e.into_result();
    };
    // "Registering a Command": 100 global CHAT_INPUT, 15 USER, 15 MESSAGE commands (and as many
    // per guild). Over it: JSON code 30032 "Maximum number of application commands reached".
    for (kind, max) in [(1, 100), (2, 15), (3, 15)] {
        let n = cmds
            .iter()
            .filter(|c| c["type"].as_u64().unwrap_or(1) == kind)
            .count();
        if n > max {
            return Err(Refusal::json(
                400,
                30032,
                &format!("Maximum number of application commands reached ({max})"),
            ));
        }
    }
    let mut errs = FormErrors::default();
    let mut names = HashSet::new();
    for (i, c) in cmds.iter().enumerate() {
        let p = i.to_string();
        let kind = c["type"].as_u64().unwrap_or(1);
        let chat = kind == 1;
        let name = c["name"].as_str().unwrap_or("");
        // "command names must be unique per application, per type, and within each scope".
        if !names.insert((kind, name.to_string())) {
            errs.add(
                &join(&p, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                format!("Application command names must be unique ({name})"),
            );
        }
        if len(name) < 1 || len(name) > 32 {
            bad_length(&mut errs, &join(&p, "name"), name, 1, 32);
        } else if !name_ok(name, chat) {
            errs.add(
                &join(&p, "name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                "Command name is invalid",
            );
        }
        check_localizations(&mut errs, c, &p, "name", Field::Name { chat_input: chat });
        // "Application Command Structure": description 1-100 for CHAT_INPUT.
        if chat {
            bad_length(
                &mut errs,
                &join(&p, "description"),
                c["description"].as_str().unwrap_or(""),
                1,
                100,
            );
            check_localizations(&mut errs, c, &p, "description", Field::Text);
        }
        let opts = c["options"].as_array().cloned().unwrap_or_default();
        if !chat && !opts.is_empty() {
            errs.add(
                &join(&p, "options"),
                "APPLICATION_COMMAND_OPTIONS_INVALID",
                "`options` can only be set for CHAT_INPUT commands",
            );
        }
        check_options(&mut errs, &opts, &join(&p, "options"), 1);
        check_surfaces(&mut errs, c, &p);
        if chat {
            let size = command_size(c);
            if size > COMMAND_SIZE_LIMIT {
                // The "Reference" page's "Request Error" example shows exactly this error.
                errs.add(
                    &p,
                    "APPLICATION_COMMAND_TOO_LARGE",
                    format!("Command exceeds maximum size ({COMMAND_SIZE_LIMIT})"),
                );
            }
        }
    }
    errs.into_result()
}

// ---------------------------------------------------------------------------------------------
// Messages.

/// One uploaded file of a multipart request.
#[derive(Debug, Clone)]
pub struct Upload {
    /// The form field name (`files[0]`).
    pub field: String,
    /// The file name.
    pub filename: String,
    /// Size in bytes.
    pub size: usize,
    /// The bytes.
    pub data: Vec<u8>,
}

/// Trimmed length: "Leading and trailing whitespace characters are not included" ("Messages"
/// resource, "Embed Limits").
fn tlen(v: &Value) -> usize {
    v.as_str().map(|s| len(s.trim())).unwrap_or(0)
}

/// Embed limits ("Messages" resource, "Embed Limits"): title 256, description 4096, up to 25
/// fields, field name 256, field value 1024, footer text 2048, author name 256, and at most 6000
/// characters across all embeds of a message ("Violating any of these constraints will result
/// in a `Bad Request` response"); up to 10 embeds ("Create Message" JSON params: "Up to 10 `rich`
/// embeds (up to 6000 characters)").
fn check_embeds(errs: &mut FormErrors, embeds: &[Value], path: &str) {
    max_length(errs, path, embeds.len(), 10);
    let mut total = 0;
    for (i, e) in embeds.iter().enumerate() {
        let p = join(path, i);
        for (k, max) in [("title", 256), ("description", 4096)] {
            max_length(errs, &join(&p, k), tlen(&e[k]), max);
            total += tlen(&e[k]);
        }
        let fields = e["fields"].as_array().map(Vec::as_slice).unwrap_or(&[]);
        max_length(errs, &join(&p, "fields"), fields.len(), 25);
        for (j, f) in fields.iter().enumerate() {
            let fp = join(&join(&p, "fields"), j);
            for (k, max) in [("name", 256), ("value", 1024)] {
                if f[k].as_str().is_none() {
                    errs.add(
                        &join(&fp, k),
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    );
                }
                max_length(errs, &join(&fp, k), tlen(&f[k]), max);
                total += tlen(&f[k]);
            }
        }
        max_length(
            errs,
            &join(&p, "footer.text"),
            tlen(&e["footer"]["text"]),
            2048,
        );
        max_length(
            errs,
            &join(&p, "author.name"),
            tlen(&e["author"]["name"]),
            256,
        );
        total += tlen(&e["footer"]["text"]) + tlen(&e["author"]["name"]);
    }
    if total > 6000 {
        errs.add(
            path,
            "MAX_EMBED_SIZE_EXCEEDED",
            "Embed size exceeds maximum size of 6000",
        );
    }
}

/// Every `attachment://name` an embed refers to, with its path.
fn attachment_refs(embeds: &[Value], path: &str) -> Vec<(String, String)> {
    let mut out = vec![];
    for (i, e) in embeds.iter().enumerate() {
        for k in [
            "image.url",
            "thumbnail.url",
            "footer.icon_url",
            "author.icon_url",
        ] {
            let (a, b) = k.split_once('.').unwrap_or((k, ""));
            if let Some(name) = e[a][b]
                .as_str()
                .and_then(|u| u.strip_prefix("attachment://"))
            {
                out.push((join(&join(path, i), k), name.to_string()));
            }
        }
    }
    out
}

/// Legacy components ("Components" reference: "Legacy Message Component Behavior" — up to 5
/// action rows; "Action Row": up to 5 buttons or a single select; "Button": label max 80,
/// custom_id 1–100, link buttons need a url and no custom_id; "String Select": custom_id 1–100,
/// 1–25 options, placeholder max 150, min/max_values 0–25; "Select Option Structure": label,
/// value and description max 100; "Anatomy of a Component" → "Custom ID": unique per message).
fn check_components(errs: &mut FormErrors, rows: &[Value], path: &str) {
    max_length(errs, path, rows.len(), 5);
    let mut ids = HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        let rp = join(path, i);
        if row["type"] != 1 {
            errs.add(
                &join(&rp, "type"),
                "UNION_TYPE_CHOICES",
                "Top-level components of a message without IS_COMPONENTS_V2 must be action rows (type 1)",
            );
            continue;
        }
        let children = row["components"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        let cp = join(&rp, "components");
        if children.is_empty() {
            errs.add(&cp, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.");
        }
        let selects = children.iter().filter(|c| c["type"] != 2).count();
        if children.len() > 5 || (selects > 0 && children.len() > 1) {
            errs.add(
                &cp,
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "An action row holds up to 5 buttons or a single select menu",
            );
        }
        for (j, c) in children.iter().enumerate() {
            let p = join(&cp, j);
            let kind = c["type"].as_u64().unwrap_or(0);
            let custom_id = c["custom_id"].as_str();
            // "Button" and "String Select": `disabled?` — boolean, "Whether the button is
            // disabled (defaults to false)"; a disabled component is shown but cannot be
            // pressed (the fake's `press` refuses it).
            if !c["disabled"].is_null() && !c["disabled"].is_boolean() {
                errs.add(
                    &join(&p, "disabled"),
                    "BASE_TYPE_BOOLEAN",
                    "Must be either true or false.",
                );
            }
            match kind {
                2 => {
                    max_length(errs, &join(&p, "label"), tlen(&c["label"]), 80);
                    let link = c["style"] == 5 || c["style"] == 6;
                    if !link && custom_id.is_none() {
                        errs.add(
                            &join(&p, "custom_id"),
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        );
                    }
                    if c["style"] == 5 && c["url"].as_str().is_none() {
                        errs.add(
                            &join(&p, "url"),
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        );
                    }
                    if c["label"].as_str().is_none() && c["emoji"].is_null() && c["style"] != 6 {
                        errs.add(
                            &join(&p, "label"),
                            "BUTTON_COMPONENT_INVALID",
                            "A button needs a label or an emoji",
                        );
                    }
                }
                3 => {
                    let opts = c["options"].as_array().map(Vec::as_slice).unwrap_or(&[]);
                    let op = join(&p, "options");
                    if opts.is_empty() {
                        errs.add(&op, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.");
                    }
                    max_length(errs, &op, opts.len(), 25);
                    for (k, o) in opts.iter().enumerate() {
                        let p = join(&op, k);
                        bad_length(
                            errs,
                            &join(&p, "label"),
                            o["label"].as_str().unwrap_or(""),
                            1,
                            100,
                        );
                        bad_length(
                            errs,
                            &join(&p, "value"),
                            o["value"].as_str().unwrap_or(""),
                            1,
                            100,
                        );
                        max_length(errs, &join(&p, "description"), tlen(&o["description"]), 100);
                    }
                    max_length(errs, &join(&p, "placeholder"), tlen(&c["placeholder"]), 150);
                    for k in ["min_values", "max_values"] {
                        if let Some(n) = c[k].as_i64() {
                            if !(0..=25).contains(&n) {
                                errs.add(
                                    &join(&p, k),
                                    "NUMBER_TYPE_OUT_OF_RANGE",
                                    "Must be between 0 and 25.",
                                );
                            }
                        }
                    }
                    if custom_id.is_none() {
                        errs.add(
                            &join(&p, "custom_id"),
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        );
                    }
                }
                5..=8 => {
                    if custom_id.is_none() {
                        errs.add(
                            &join(&p, "custom_id"),
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        );
                    }
                }
                _ => errs.add(
                    &join(&p, "type"),
                    "UNION_TYPE_CHOICES",
                    "An action row in a message holds buttons or select menus",
                ),
            }
            if let Some(id) = custom_id {
                bad_length(errs, &join(&p, "custom_id"), id, 1, 100);
                if !ids.insert(id.to_string()) {
                    errs.add(
                        &join(&p, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    );
                }
            }
        }
    }
}

/// Allowed mentions ("Messages" resource, "Allowed Mentions Object"): `parse` holds only
/// `users`, `roles`, `everyone`; `roles` and `users` at most 100 ids each; `parse` is mutually
/// exclusive with `users` (or `roles`) when it names that type ("Allowed Mentions Examples":
/// such a configuration is invalid, "causing a validation error").
fn check_allowed_mentions(errs: &mut FormErrors, am: &Value, path: &str) {
    if am.is_null() {
        return;
    }
    let parse: Vec<&str> = am["parse"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str())
        .collect();
    for (i, p) in parse.iter().enumerate() {
        if !["users", "roles", "everyone"].contains(p) {
            errs.add(
                &join(&join(path, "parse"), i),
                "BASE_TYPE_CHOICES",
                "Value must be one of ('roles', 'users', 'everyone').",
            );
        }
    }
    for k in ["users", "roles"] {
        let n = am[k].as_array().map(|a| a.len()).unwrap_or(0);
        max_length(errs, &join(path, k), n, 100);
        if n > 0 && parse.contains(&k) {
            errs.add(
                &join(path, "parse"),
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                format!("parse:[\"{k}\"] and {k}: [ids...] are mutually exclusive."),
            );
        }
    }
}

/// The facts about a message body the store needs after validation.
pub fn has_visible_parts(m: &Value, uploads: usize) -> bool {
    m["content"].as_str().is_some_and(|s| !s.trim().is_empty())
        || m["embeds"].as_array().is_some_and(|a| !a.is_empty())
        || m["components"].as_array().is_some_and(|a| !a.is_empty())
        || m["sticker_ids"].as_array().is_some_and(|a| !a.is_empty())
        || !m["poll"].is_null()
        || uploads > 0
}

/// Validates a message body (channel message, followup, callback `data`, or an edit) against
/// the content, embed, component and allowed-mention limits, and checks every
/// `attachment://name` refers to a file the message will carry (`files`: the names of this
/// request's uploads plus, for edits, the attachments kept). `prefix` is the JSON path of the
/// message inside the request (`"data"` for callbacks, `""` otherwise).
pub fn check_message(m: &Value, files: &[String], prefix: &str) -> Result<(), Refusal> {
    let mut errs = FormErrors::default();
    // "Create Message" JSON params: content "up to 2000 characters".
    if let Some(c) = m["content"].as_str() {
        max_length(&mut errs, &join(prefix, "content"), len(c), 2000);
    }
    let embeds = m["embeds"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    check_embeds(&mut errs, embeds, &join(prefix, "embeds"));
    // "Uploading Files": embeds may show an uploaded image as `attachment://filename`. The docs
    // do not say what happens when no such file is sent; the fake refuses it, because the
    // picture would be missing from the message either way.
    for (path, name) in attachment_refs(embeds, &join(prefix, "embeds")) {
        if !files.contains(&name) {
            errs.add(
                &path,
                "ATTACHMENT_NOT_FOUND",
                format!("attachment://{name} names no file of this message"),
            );
        }
    }
    let rows = m["components"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    check_components(&mut errs, rows, &join(prefix, "components"));
    check_allowed_mentions(
        &mut errs,
        &m["allowed_mentions"],
        &join(prefix, "allowed_mentions"),
    );
    errs.into_result()
}

/// "Cannot send an empty message" (JSON code 50006; "Create Message": "At least one of
/// `content`, `embeds`, `sticker_ids`, `components`, `files[n]`, `poll` … is required").
pub fn empty_message() -> Refusal {
    Refusal::json(400, 50006, "Cannot send an empty message")
}

/// "You lack permissions to perform that action" (JSON code 50013, HTTP 403).
pub fn missing_permissions() -> Refusal {
    Refusal::json(403, 50013, "Missing Permissions")
}

/// Each upload at most `limit` bytes ("Uploading Files": the limit "applies to each file in a
/// request"; "Interaction Structure": `attachment_size_limit` in bytes). Over it: HTTP 413 with
/// JSON code 40005 "Request entity too large".
pub fn check_upload_sizes(uploads: &[Upload], limit: u64) -> Result<(), Refusal> {
    if let Some(u) = uploads.iter().find(|u| u.size as u64 > limit) {
        return Err(Refusal::json(
            413,
            40005,
            &format!(
                "Request entity too large: {} is {} bytes, the limit is {limit}",
                u.filename, u.size
            ),
        ));
    }
    Ok(())
}

/// Autocomplete result ("Interaction Response Structure" → "Autocomplete": "max of 25
/// choices"; each choice as an option choice: name 1–100, string value at most 100).
pub fn check_autocomplete(data: &Value) -> Result<(), Refusal> {
    let mut errs = FormErrors::default();
    let choices = data["choices"].as_array().cloned().unwrap_or_default();
    if data["choices"].as_array().is_none() {
        errs.add(
            "data.choices",
            "BASE_TYPE_REQUIRED",
            "This field is required",
        );
    }
    max_length(&mut errs, "data.choices", choices.len(), 25);
    for (i, c) in choices.iter().enumerate() {
        let p = format!("data.choices.{i}");
        bad_length(
            &mut errs,
            &join(&p, "name"),
            c["name"].as_str().unwrap_or(""),
            1,
            100,
        );
        if let Some(s) = c["value"].as_str() {
            max_length(&mut errs, &join(&p, "value"), len(s), 100);
        }
    }
    errs.into_result()
}

/// A modal (interaction response type 9, MODAL). "Interaction Response Object" → "Modal": a
/// `custom_id` of at most 100 characters, a `title` of at most 45, "between 1 and 5 (inclusive)
/// components"; the OpenAPI description (`ModalInteractionCallbackRequestData`) gives each a
/// minimum length of 1. Each component here is an action row (type 1) holding one text input
/// ("Component Reference" → "Action Row": "a single text input"), whose fields ("Text Input
/// Structure", `TextInputComponentForModalRequest`): `custom_id` 1–100 characters, `style` 1
/// (short) or 2 (paragraph), `label` 1–45 (required in an action row), `min_length` 0–4000,
/// `max_length` 1–4000, `value` at most 4000, `placeholder` at most 100. Custom ids are unique
/// within the modal ("Custom ID": "must be unique per component").
pub fn check_modal(data: &Value) -> Result<(), Refusal> {
    let mut errs = FormErrors::default();
    bad_length(
        &mut errs,
        "data.custom_id",
        data["custom_id"].as_str().unwrap_or(""),
        1,
        100,
    );
    bad_length(
        &mut errs,
        "data.title",
        data["title"].as_str().unwrap_or(""),
        1,
        45,
    );
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    if rows.is_empty() || rows.len() > 5 {
        errs.add(
            "data.components",
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 5 in length.",
        );
    }
    let mut ids: Vec<String> = vec![];
    for (i, row) in rows.iter().enumerate() {
        let p = format!("data.components.{i}");
        let inner = row["components"].as_array().cloned().unwrap_or_default();
        if row["type"] != 1 || inner.len() != 1 {
            errs.add(
                &p,
                "UNION_TYPE_CHOICES",
                "An action row in a modal holds exactly one text input.",
            );
            continue;
        }
        let t = &inner[0];
        let p = join(&p, "components.0");
        if t["type"] != 4 {
            errs.add(
                &join(&p, "type"),
                "COMPONENT_TYPE_INVALID",
                "Only text inputs (type 4) go in a modal's action rows.",
            );
        }
        let id = t["custom_id"].as_str().unwrap_or("");
        bad_length(&mut errs, &join(&p, "custom_id"), id, 1, 100);
        if ids.iter().any(|x| x == id) {
            errs.add(
                &join(&p, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            );
        }
        ids.push(id.to_string());
        if !matches!(t["style"].as_u64(), Some(1 | 2)) {
            errs.add(
                &join(&p, "style"),
                "BASE_TYPE_CHOICES",
                "Value must be one of {1, 2}.",
            );
        }
        bad_length(
            &mut errs,
            &join(&p, "label"),
            t["label"].as_str().unwrap_or(""),
            1,
            45,
        );
        for (key, lo) in [("min_length", 0), ("max_length", 1)] {
            if let Some(n) = t.get(key).filter(|v| !v.is_null()) {
                if !n.as_u64().is_some_and(|n| (lo..=4000).contains(&n)) {
                    errs.add(
                        &join(&p, key),
                        "NUMBER_TYPE_MAX",
                        format!("Must be between {lo} and 4000."),
                    );
                }
            }
        }
        if let Some(v) = t["value"].as_str() {
            max_length(&mut errs, &join(&p, "value"), len(v), 4000);
        }
        if let Some(v) = t["placeholder"].as_str() {
            max_length(&mut errs, &join(&p, "placeholder"), len(v), 100);
        }
    }
    errs.into_result()
}

/// What Discord's client lets a user submit in a shown modal's text input: at least
/// `min_length` and at most `max_length` characters (defaults 0 and 4000), and something when
/// it is `required` (default true) ("Text Input Structure"). `None` if the value is allowed, else
/// why the client would not send it.
pub fn modal_value_refused(input: &Value, value: &str) -> Option<String> {
    let n = len(value);
    let min = input["min_length"].as_u64().unwrap_or(0) as usize;
    let max = input["max_length"].as_u64().unwrap_or(4000) as usize;
    let required = input["required"].as_bool().unwrap_or(true);
    if required && n == 0 {
        return Some("the text input is required".into());
    }
    if n > 0 && (n < min || n > max) {
        return Some(format!(
            "{n} characters; the text input takes {min} to {max}"
        ));
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies ("Reference" page, "Uploading Files").

/// Splits a `multipart/form-data` body: the `payload_json` part and every file part.
pub fn parse_multipart(body: &[u8], boundary: &str) -> (Value, Vec<Upload>) {
    let delim = format!("--{boundary}").into_bytes();
    let mut payload = Value::Null;
    let mut uploads = vec![];
    // Every occurrence of the delimiter (memchr's substring search: a byte-by-byte scan of a
    // 20 KB upload was most of the fake's own time under load).
    let starts: Vec<usize> = memchr::memmem::find_iter(body, &delim).collect();
    for w in starts.windows(2) {
        let part = &body[w[0] + delim.len()..w[1]];
        let Some(split) = part.windows(4).position(|x| x == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..split]).to_string();
        let mut content = &part[split + 4..];
        if content.ends_with(b"\r\n") {
            content = &content[..content.len() - 2];
        }
        let field = head
            .split("name=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap_or("")
            .to_string();
        if field == "payload_json" {
            payload = serde_json::from_slice(content).unwrap_or(Value::Null);
        } else if let Some(f) = head.split("filename=\"").nth(1) {
            uploads.push(Upload {
                field,
                filename: f.split('"').next().unwrap_or("").to_string(),
                size: content.len(),
                data: content.to_vec(),
            });
        }
    }
    (payload, uploads)
}
