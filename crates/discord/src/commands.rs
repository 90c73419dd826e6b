//! Slash commands both ways: declarations ([`CommandSpec`]) → Discord registration, and an
//! interaction's command path and options → the table's [`Command`].

use poise::serenity_prelude as serenity;
use serde_json::{json, Map, Value};
use serenity::{CommandDataOption, CommandDataOptionValue};

use croupier_core::table::{Command, CommandSpec, OptionKind, OptionSpec, Registry};

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
pub fn registration(specs: &[CommandSpec]) -> Value {
    Value::Array(specs.iter().map(command_json).collect())
}

/// One declaration as a `CHAT_INPUT` application command object (Discord's docs, Application
/// Commands, "Application Command Structure" and "Application Command Option Structure").
pub fn command_json(spec: &CommandSpec) -> Value {
    json!({
        "type": 1,
        "name": spec.name,
        "description": spec.description,
        "options": children(spec),
    })
}

fn children(spec: &CommandSpec) -> Vec<Value> {
    if spec.subcommands.is_empty() {
        spec.options.iter().map(option_json).collect()
    } else {
        spec.subcommands.iter().map(subcommand_json).collect()
    }
}

fn subcommand_json(spec: &CommandSpec) -> Value {
    // Option types: SUB_COMMAND 1, SUB_COMMAND_GROUP 2.
    let kind = if spec.subcommands.is_empty() { 1 } else { 2 };
    json!({
        "type": kind,
        "name": spec.name,
        "description": spec.description,
        "options": children(spec),
    })
}

fn option_json(o: &OptionSpec) -> Value {
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
    m.insert("required".into(), json!(o.required));
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
                let value = match (o.kind, value.parse::<i64>()) {
                    (OptionKind::Integer, Ok(n)) => json!(n),
                    _ => json!(value),
                };
                json!({ "name": label, "value": value })
            })
            .collect();
        m.insert("choices".into(), Value::Array(choices));
    }
    if o.kind == OptionKind::Integer {
        if let Some(min) = o.min {
            m.insert("min_value".into(), json!(min));
        }
        if let Some(max) = o.max {
            m.insert("max_value".into(), json!(max));
        }
    }
    Value::Object(m)
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
}

/// "Application Command Naming": `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lower case
/// where a letter has a lower case; descriptions 1-100 characters.
fn name_and_description(v: &Value, at: &str, out: &mut Vec<String>) {
    let name = v["name"].as_str().unwrap_or("");
    let len = name.chars().count();
    let chars_ok = name
        .chars()
        .all(|c| matches!(c, '-' | '_' | '\'') || c.is_alphanumeric());
    if !(1..=32).contains(&len) || !chars_ok {
        out.push(format!(
            "{at}: name `{name}` must be 1-32 letters, digits, - or _"
        ));
    }
    if name.chars().any(char::is_uppercase) {
        out.push(format!("{at}: name `{name}` must be lower case"));
    }
    let d = v["description"].as_str().map_or(0, |s| s.chars().count());
    if !(1..=100).contains(&d) {
        out.push(format!("{at}: description of {d} characters (1-100)"));
    }
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
    for c in choices {
        let name = c["name"].as_str().map_or(0, |s| s.chars().count());
        if !(1..=100).contains(&name) {
            out.push(format!("{at}: a choice name of {name} characters (1-100)"));
        }
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
        let many: Vec<Value> = (0..101)
            .map(|i| json!({"type": 1, "name": format!("c{i}"), "description": "d"}))
            .collect();
        let p = registration_problems(&Value::Array(many));
        assert!(p.iter().any(|p| p.contains("101 commands")), "{p:?}");
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
