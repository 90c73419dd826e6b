//! Every command the guides tell players to type is one the bot registers on Discord: each
//! console example (`alice: /nwcombat attack target:X` in a code block) names a registered
//! command path and only its declared options, and each inline `/command sub …` names a
//! registered path. A guide still showing a retired spelling (`/nw combat …`) fails here.

use std::path::Path;

use croupier::discord;
use croupier::table::{Command, Registry};
use serde_json::Value;

fn registered() -> Vec<Value> {
    let games = Registry::load(Path::new("data")).expect("data loads");
    discord::registration(&discord::all_specs(&games))
        .as_array()
        .expect("an array of commands")
        .clone()
}

fn guides() -> Vec<(String, String)> {
    let mut files = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir("docs")
        .expect("docs/")
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".md"))
        .collect();
    docs.sort();
    files.extend(docs);
    for game in std::fs::read_dir("data").expect("data/") {
        let readme = game.unwrap().path().join("README.md");
        if readme.exists() {
            files.push(readme.display().to_string());
        }
    }
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            (f, text)
        })
        .collect()
}

/// Follows `words` from the registered top-level command down its subcommands. Returns the
/// node reached and how many words named subcommands, or the first word that names nothing.
fn walk<'a>(cmds: &'a [Value], words: &[&str]) -> Result<(&'a Value, usize), String> {
    let Some(top) = cmds.iter().find(|c| c["name"] == words[0]) else {
        return Err(format!("`/{}` is not a registered command", words[0]));
    };
    let mut node = top;
    let mut used = 1;
    for w in &words[1..] {
        let subs: Vec<&Value> = node["options"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
            .collect();
        if subs.is_empty() {
            break;
        }
        match subs.into_iter().find(|o| o["name"] == *w) {
            Some(s) => {
                node = s;
                used += 1;
            }
            None => {
                return Err(format!(
                    "`/{}` has no subcommand `{w}`",
                    words[..used].join(" ")
                ))
            }
        }
    }
    Ok((node, used))
}

fn is_leaf(node: &Value) -> bool {
    !node["options"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
}

/// The console lines of the guides' code blocks (`name: /command …`), with their place.
fn console_examples(text: &str) -> Vec<(usize, String)> {
    let mut out = vec![];
    let mut in_block = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        let Some((who, rest)) = line.trim().split_once(": /") else {
            continue;
        };
        if who.is_empty() || !who.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        // A comment follows `//` or a run of spaces.
        let cmd = match rest.find(" //").or_else(|| rest.find("   ")) {
            Some(i) => &rest[..i],
            None => rest,
        };
        out.push((n + 1, format!("/{}", cmd.trim())));
    }
    out
}

/// Inline code spans that start with a command (`/nwcombat attack target:…`): their words up to
/// the first one that is not a plain command name.
fn inline_paths(text: &str) -> Vec<(usize, Vec<String>)> {
    let mut out = vec![];
    for (n, line) in text.lines().enumerate() {
        for (i, span) in line.split('`').enumerate() {
            if i % 2 == 0 || !span.starts_with('/') {
                continue;
            }
            let words: Vec<String> = span[1..]
                .split_whitespace()
                .take_while(|w| {
                    !w.is_empty()
                        && w.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                })
                .map(str::to_string)
                .collect();
            // `/tmp/a.db`, `/NAME new`: not a command.
            let first_ok = span[1..]
                .split_whitespace()
                .next()
                .is_some_and(|w| words.first().is_some_and(|f| f == w));
            if first_ok {
                out.push((n + 1, words));
            }
        }
    }
    out
}

#[test]
fn every_console_example_in_the_guides_is_a_registered_command() {
    let cmds = registered();
    let mut problems = vec![];
    let mut checked = 0;
    let mut split_names = std::collections::BTreeSet::new();
    for (file, text) in guides() {
        for (line, example) in console_examples(&text) {
            let cmd = match Command::parse_line(&example) {
                Ok(c) => c,
                Err(e) => {
                    problems.push(format!("{file}:{line}: `{example}`: {e}"));
                    continue;
                }
            };
            let words: Vec<&str> = cmd.path.iter().map(String::as_str).collect();
            checked += 1;
            if cmd.root().starts_with("nw") && cmd.root() != "nw" {
                split_names.insert(cmd.root().to_string());
            }
            match walk(&cmds, &words) {
                Err(e) => problems.push(format!("{file}:{line}: `{example}`: {e}")),
                Ok((node, used)) => {
                    if used != words.len() || !is_leaf(node) {
                        problems.push(format!(
                            "{file}:{line}: `{example}`: not a complete command"
                        ));
                        continue;
                    }
                    let declared: Vec<&str> = node["options"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|o| o["name"].as_str())
                        .collect();
                    for name in cmd.options.keys() {
                        if !declared.contains(&name.as_str()) {
                            problems.push(format!(
                                "{file}:{line}: `{example}`: no option `{name}` (declared: {declared:?})"
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 50, "only {checked} examples found");
    // The Night Wizard guide's examples use the split commands.
    assert!(
        split_names.contains("nwcombat") && split_names.contains("nwenemy"),
        "{split_names:?}"
    );
}

#[test]
fn every_command_named_in_the_guides_is_registered() {
    let cmds = registered();
    let mut problems = vec![];
    let mut checked = 0;
    for (file, text) in guides() {
        for (line, words) in inline_paths(&text) {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            checked += 1;
            if let Err(e) = walk(&cmds, &words) {
                problems.push(format!("{file}:{line}: `/{}`: {e}", words.join(" ")));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 100, "only {checked} command names found");
}

/// The checks above can fail: a retired spelling is caught by both.
#[test]
fn a_retired_spelling_is_caught() {
    let cmds = registered();
    let text = "```\ngm: /nw combat start\n```\nUse `/nw combat attack target:X`.\n";
    let ex = console_examples(text);
    assert_eq!(ex, vec![(2, "/nw combat start".to_string())]);
    let cmd = Command::parse_line(&ex[0].1).unwrap();
    let words: Vec<&str> = cmd.path.iter().map(String::as_str).collect();
    let err = walk(&cmds, &words).unwrap_err();
    assert!(err.contains("has no subcommand `combat`"), "{err}");
    let inline = inline_paths(text);
    assert_eq!(
        inline,
        vec![(4, vec!["nw".into(), "combat".into(), "attack".into()])]
    );
    assert!(walk(&cmds, &["nwcombat", "attack"]).is_ok());
    assert!(walk(&cmds, &["nwcombat", "atack"]).is_err());
}
