//! `/help` from the declarations: a short index of the registered commands, and with
//! `command:` a page for one command (a group: its subcommands; a leaf: its use, who may use
//! it, who sees the answer, and each option with its type, limits and choices). Pages are made
//! from [`CommandSpec`]s alone, under the names Discord shows (`/nwcombat attack`), so nothing
//! here is written per game.

use super::builtins::HelpCommand;
use super::declare::Commands;
use super::game::Actor;
use super::registry::Registry;
use super::said::{Phrase, Said, Value};
use super::spec::command_key;
use super::{Answer, Choice, Command, CommandSpec, Message, OptionKind, OptionSpec, Permission};
use super::{Refusal, Reply, RuleError};

/// The most characters a leaf's page puts in its text before it leaves out its options'
/// choices (Discord takes 4,096 in an embed's description and 6,000 in a message's embeds
/// together).
const PAGE_BUDGET: usize = 3500;

/// Answers `/help [command:…]`.
pub fn answer(games: &Registry, actor: &Actor, cmd: &Command) -> Result<Reply, RuleError> {
    let HelpCommand { command } = HelpCommand::from_command(cmd)?;
    match command.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(index(games, actor)),
        Some(topic) => page(games, actor, topic),
    }
}

/// `/help`: one line per registered command, and how to ask for one.
pub fn index(games: &Registry, actor: &Actor) -> Reply {
    let lines = games
        .commands()
        .iter()
        .map(|spec| command_line(&spec.name, spec, "table-help-line"))
        .collect();
    Reply::private(
        &actor.id,
        Message::said(Said::Phrase(
            Phrase::titled("table-help-title", "table-help").arg("commands", Value::Lines(lines)),
        )),
    )
}

/// One line of a list of commands: `/nobi act` — its description (and, for a group, how many
/// commands it holds), the description in the reader's language.
fn command_line(path: &str, spec: &CommandSpec, key: &str) -> Value {
    let count = if spec.subcommands.is_empty() {
        0
    } else {
        spec.leaves().len()
    };
    Phrase::new(key)
        .arg("command", format!("/{path}"))
        .arg("description", description(path, spec))
        .arg("count", count as i64)
        .into()
}

/// A command's description as declared, with its other languages' key.
fn description(path: &str, spec: &CommandSpec) -> Value {
    let words: Vec<&str> = path.split(' ').collect();
    Value::Declared {
        key: format!("{}.desc", command_key(&words)),
        text: spec.description.clone(),
    }
}

/// Every registered command path (`nobi`, `nobi act`, `nwcombat attack`), groups first.
pub fn topics(games: &Registry) -> Vec<String> {
    fn walk(spec: &CommandSpec, path: String, out: &mut Vec<String>) {
        for s in &spec.subcommands {
            let p = format!("{path} {}", s.name);
            out.push(p.clone());
            walk(s, p, out);
        }
    }
    let mut out = vec![];
    for spec in games.commands() {
        out.push(spec.name.clone());
        walk(&spec, spec.name.clone(), &mut out);
    }
    out
}

/// The autocomplete of `command:`: the paths holding every word typed, those starting with it first.
pub fn suggest(games: &Registry, partial: &str) -> Vec<Choice> {
    let want = normalize(partial);
    let words: Vec<&str> = want.split(' ').filter(|w| !w.is_empty()).collect();
    let mut found: Vec<String> = topics(games)
        .into_iter()
        .filter(|p| words.iter().all(|w| p.contains(w)))
        .collect();
    found.sort_by_key(|p| (!p.starts_with(&want), p.split(' ').count(), p.clone()));
    found.truncate(25);
    found
        .into_iter()
        .map(|p| Choice {
            label: format!("/{p}"),
            value: p,
        })
        .collect()
}

fn normalize(topic: &str) -> String {
    topic
        .trim()
        .trim_start_matches('/')
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The page of `topic` (`nobi act`, `/nwcombat`), or a refusal naming what exists.
pub fn page(games: &Registry, actor: &Actor, topic: &str) -> Result<Reply, RuleError> {
    let path = normalize(topic);
    let words: Vec<&str> = path.split(' ').collect();
    let specs = games.commands();
    let found = specs.iter().find(|s| s.name == words[0]).and_then(|root| {
        words[1..]
            .iter()
            .try_fold(root, |at, w| at.subcommands.iter().find(|s| s.name == *w))
    });
    let Some(spec) = found else {
        let near: Vec<String> = topics(games)
            .into_iter()
            .filter(|p| p.starts_with(words[0]))
            .take(8)
            .map(|p| format!("`/{p}`"))
            .collect();
        return Err(RuleError::said(
            Refusal::Usage,
            if near.is_empty() {
                Phrase::new("table-help-unknown").arg("command", format!("/{path}"))
            } else {
                Phrase::new("table-help-unknown-near")
                    .arg("command", format!("/{path}"))
                    .arg("near", near.join(", "))
            },
        ));
    };
    let message = if spec.subcommands.is_empty() {
        leaf_page(&path, spec)
    } else {
        group_page(&path, spec)
    };
    Ok(Reply::private(&actor.id, message))
}

fn group_page(path: &str, spec: &CommandSpec) -> Message {
    let lines = spec
        .subcommands
        .iter()
        .map(|s| command_line(&format!("{path} {}", s.name), s, "table-help-sub-line"))
        .collect();
    Message::said(Said::Phrase(
        Phrase::titled("table-help-group-title", "table-help-group")
            .arg("command", format!("/{path}"))
            .arg("description", description(path, spec))
            .arg("commands", Value::Lines(lines)),
    ))
}

fn leaf_page(path: &str, spec: &CommandSpec) -> Message {
    let mut lines = vec![
        spec.description.clone(),
        String::new(),
        format!("**Use:** `{}`", usage(path, spec)),
        format!("**Who:** {}", who(spec.permission)),
        format!("**Answer:** {}", answer_text(&spec.answer, spec.view)),
    ];
    if spec.guild {
        lines.push(match &spec.guild_when {
            Some(o) => {
                format!("**Where:** with `{o}:`, server-wide (no game needed in this channel)")
            }
            None => "**Where:** server-wide (no game needed in this channel)".to_string(),
        });
    }
    if spec.dm {
        lines.push("**Where:** also in direct messages".to_string());
    }
    let mut options: Vec<String> = spec.options.iter().map(|o| option_line(o, true)).collect();
    let total = |v: &[String], l: &[String]| {
        v.iter()
            .chain(l)
            .map(|x| x.chars().count() + 1)
            .sum::<usize>()
    };
    if total(&options, &lines) > PAGE_BUDGET {
        options = spec.options.iter().map(|o| option_line(o, false)).collect();
    }
    if !options.is_empty() {
        lines.push(String::new());
        lines.push("**Options**".to_string());
        lines.extend(options);
    }
    Message::titled(format!("/{path}"), lines.join("\n"))
}

/// `/nobi act text:<text> [character:<text>]`.
fn usage(path: &str, spec: &CommandSpec) -> String {
    let mut out = format!("/{path}");
    for o in &spec.options {
        let value = if !o.choices.is_empty() && o.choices.len() <= 4 {
            o.choices
                .iter()
                .map(|(_, v)| v.as_str())
                .collect::<Vec<_>>()
                .join("|")
        } else {
            match o.kind {
                OptionKind::String if !o.choices.is_empty() => "<choice>".to_string(),
                OptionKind::String => "<text>".to_string(),
                OptionKind::Integer => "<n>".to_string(),
                OptionKind::Boolean => "true|false".to_string(),
                OptionKind::User => "@user".to_string(),
            }
        };
        if o.required {
            out.push_str(&format!(" {}:{value}", o.name));
        } else {
            out.push_str(&format!(" [{}:{value}]", o.name));
        }
    }
    out
}

fn who(p: Permission) -> &'static str {
    match p {
        Permission::Anyone => "anyone in the channel (the game's rules may still refuse)",
        Permission::Player => "the players seated in the game, and its GMs",
        Permission::Gm => "the game's GM (its host and channel managers too)",
        Permission::Host => "the game's host, or a member who may manage the channel",
        Permission::Manager => "members who may manage the channel",
    }
}

fn answer_text(a: &Answer, view: bool) -> String {
    let shown = match a {
        Answer::Public => "everyone in the channel sees it".to_string(),
        Answer::MayBePrivate => "as the game decides: some of it may be for you alone".to_string(),
        Answer::PrivateWhen { option, values } => format!(
            "everyone sees it, unless `{option}` is {}",
            values
                .iter()
                .map(|v| format!("`{v}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    if view {
        format!("{shown}; it shows where things stand and changes nothing")
    } else {
        shown
    }
}

/// One option: `name` — description · its kind and limits · its choices (when `choices`).
fn option_line(o: &OptionSpec, choices: bool) -> String {
    let mut facts = vec![if o.required { "required" } else { "optional" }.to_string()];
    facts.push(match o.kind {
        OptionKind::String => match o.max_length {
            Some(n) => format!("text, up to {n} characters"),
            None => "text".to_string(),
        },
        OptionKind::Integer => match (o.min, o.max) {
            (Some(lo), Some(hi)) => format!("a whole number from {lo} to {hi}"),
            (Some(lo), None) => format!("a whole number, at least {lo}"),
            (None, Some(hi)) => format!("a whole number, at most {hi}"),
            (None, None) => "a whole number".to_string(),
        },
        OptionKind::Boolean => "true or false".to_string(),
        OptionKind::User => "a member".to_string(),
    });
    if o.autocomplete {
        facts.push("suggestions as you type".to_string());
    }
    if o.modal {
        facts.push("on Discord, left out, it opens a form to type it in".to_string());
    }
    if !o.choices.is_empty() {
        if choices {
            let list: Vec<String> = o.choices.iter().map(|(_, v)| format!("`{v}`")).collect();
            facts.push(format!("one of {}", list.join(", ")));
        } else {
            facts.push(format!("one of {} choices", o.choices.len()));
        }
    }
    format!("`{}` — {} ({})", o.name, o.description, facts.join("; "))
}
