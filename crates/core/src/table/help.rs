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
use crate::i18n::Locale;

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
        .map(|p| Choice::new(format!("/{p}"), p))
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
        description(path, spec),
        Value::Text(String::new()),
        Phrase::new("table-help-use")
            .arg("use", usage(path, spec))
            .into(),
        Phrase::new("table-help-who")
            .arg("who", who(spec.permission))
            .into(),
        Phrase::new("table-help-answer")
            .arg("answer", answer_said(&spec.answer, spec.view))
            .into(),
    ];
    if spec.guild {
        lines.push(match &spec.guild_when {
            Some(o) => Phrase::new("table-help-where-guild-when")
                .arg("option", o.as_str())
                .into(),
            None => Phrase::new("table-help-where-guild").into(),
        });
    }
    if spec.dm {
        lines.push(Phrase::new("table-help-where-dm").into());
    }
    let words: Vec<&str> = path.split(' ').collect();
    let key = command_key(&words);
    let mut options: Vec<Value> = spec
        .options
        .iter()
        .map(|o| option_line(&key, o, true))
        .collect();
    // The page's length as its English reads (the longest of its languages so far).
    let total = |v: &[Value], l: &[Value]| {
        v.iter()
            .chain(l)
            .map(|x| x.text(Locale::En).chars().count() + 1)
            .sum::<usize>()
    };
    if total(&options, &lines) > PAGE_BUDGET {
        options = spec
            .options
            .iter()
            .map(|o| option_line(&key, o, false))
            .collect();
    }
    if !options.is_empty() {
        lines.push(Value::Text(String::new()));
        lines.push(Phrase::new("table-help-options").into());
        lines.extend(options);
    }
    Message::said(Said::Phrase(
        Phrase::titled("table-help-group-title", "table-help-page")
            .arg("command", format!("/{path}"))
            .arg("lines", Value::Lines(lines)),
    ))
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

/// Who may use a command, as the catalogue's `table-help-who` selects it.
fn who(p: Permission) -> &'static str {
    match p {
        Permission::Anyone => "anyone",
        Permission::Player => "player",
        Permission::Gm => "gm",
        Permission::Host => "host",
        Permission::Manager => "manager",
    }
}

/// Who sees a command's answer.
fn answer_said(a: &Answer, view: bool) -> Value {
    let shown = match a {
        Answer::Public => Phrase::new("table-help-answer-public"),
        Answer::MayBePrivate => Phrase::new("table-help-answer-maybe-private"),
        Answer::PrivateWhen { option, values } => Phrase::new("table-help-answer-private-when")
            .arg("option", option.as_str())
            .arg(
                "values",
                values
                    .iter()
                    .map(|v| format!("`{v}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
    };
    if view {
        Phrase::new("table-help-answer-view")
            .arg("shown", shown)
            .into()
    } else {
        shown.into()
    }
}

/// One option: `name` — description (its kind and limits; its choices when `choices`), the
/// description in the reader's language (`{command key}--{option}.desc`).
fn option_line(command: &str, o: &OptionSpec, choices: bool) -> Value {
    let mut facts: Vec<Value> = vec![Phrase::new(if o.required {
        "table-help-required"
    } else {
        "table-help-optional"
    })
    .into()];
    facts.push(
        match o.kind {
            OptionKind::String => match o.max_length {
                Some(n) => Phrase::new("table-help-text-up-to").arg("n", i64::from(n)),
                None => Phrase::new("table-help-text"),
            },
            OptionKind::Integer => Phrase::new("table-help-number")
                .arg(
                    "min",
                    o.min.map_or_else(|| "none".to_string(), |n| n.to_string()),
                )
                .arg(
                    "max",
                    o.max.map_or_else(|| "none".to_string(), |n| n.to_string()),
                ),
            OptionKind::Boolean => Phrase::new("table-help-boolean"),
            OptionKind::User => Phrase::new("table-help-member"),
        }
        .into(),
    );
    if o.autocomplete {
        facts.push(Phrase::new("table-help-autocomplete").into());
    }
    if o.modal {
        facts.push(Phrase::new("table-help-modal").into());
    }
    if !o.choices.is_empty() {
        facts.push(if choices {
            let list: Vec<String> = o.choices.iter().map(|(_, v)| format!("`{v}`")).collect();
            Phrase::new("table-help-one-of")
                .arg("choices", list.join(", "))
                .into()
        } else {
            Phrase::new("table-help-one-of-count")
                .arg("count", o.choices.len() as i64)
                .into()
        });
    }
    Phrase::new("table-help-option")
        .arg("name", o.name.as_str())
        .arg(
            "description",
            Value::Declared {
                key: format!("{command}--{}.desc", o.name),
                text: o.description.clone(),
            },
        )
        .arg("facts", Value::List { list: facts })
        .into()
}
