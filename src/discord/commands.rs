//! Slash commands both ways: declarations ([`CommandSpec`]) → Discord registration, and an
//! interaction's command path and options → the table's [`Command`].

use poise::serenity_prelude as serenity;
use serenity::{
    CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand,
    CreateCommandOption,
};

use crate::table::{Command, CommandSpec, OptionKind, OptionSpec, Registry};

/// Every slash command: the generic ones, then one per registered game.
pub fn all_specs(games: &Registry) -> Vec<CommandSpec> {
    let mut specs = crate::table::generic::generic_commands();
    specs.extend(games.all().map(|g| g.command()));
    specs
}

/// The Discord registration of one declaration.
pub fn to_create(spec: &CommandSpec) -> CreateCommand {
    let mut c = CreateCommand::new(&spec.name).description(&spec.description);
    if spec.subcommands.is_empty() {
        for o in &spec.options {
            c = c.add_option(option(o));
        }
    } else {
        for s in &spec.subcommands {
            c = c.add_option(subcommand(s));
        }
    }
    c
}

fn subcommand(spec: &CommandSpec) -> CreateCommandOption {
    if spec.subcommands.is_empty() {
        let mut o =
            CreateCommandOption::new(CommandOptionType::SubCommand, &spec.name, &spec.description);
        for opt in &spec.options {
            o = o.add_sub_option(option(opt));
        }
        o
    } else {
        let mut g = CreateCommandOption::new(
            CommandOptionType::SubCommandGroup,
            &spec.name,
            &spec.description,
        );
        for s in &spec.subcommands {
            g = g.add_sub_option(subcommand(s));
        }
        g
    }
}

fn option(o: &OptionSpec) -> CreateCommandOption {
    let kind = match o.kind {
        OptionKind::String => CommandOptionType::String,
        OptionKind::Integer => CommandOptionType::Integer,
        OptionKind::Boolean => CommandOptionType::Boolean,
        OptionKind::User => CommandOptionType::User,
    };
    let mut c = CreateCommandOption::new(kind, &o.name, &o.description).required(o.required);
    if o.autocomplete {
        c = c.set_autocomplete(true);
    }
    for (label, value) in &o.choices {
        c = match o.kind {
            OptionKind::Integer => match value.parse::<i32>() {
                Ok(v) => c.add_int_choice(label, v),
                Err(_) => c,
            },
            _ => c.add_string_choice(label, value),
        };
    }
    if o.kind == OptionKind::Integer {
        // serenity's builder takes unsigned bounds; a negative bound is checked by the game instead.
        if let Some(min) = o.min.and_then(|m| u64::try_from(m).ok()) {
            c = c.min_int_value(min);
        }
        if let Some(max) = o.max.and_then(|m| u64::try_from(m).ok()) {
            c = c.max_int_value(max);
        }
    }
    c
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
        let json = serde_json::to_value(to_create(&spec)).unwrap();
        assert_eq!(json["name"], "nw");
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
        assert_eq!(roll[2]["autocomplete"], true);
        assert_eq!(roll[2]["type"], 6);
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
