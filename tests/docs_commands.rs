//! Every command the guides tell players to type is one the bot registers on Discord: each
//! console example (`alice: /nwcombat attack target:X` in a code block) names a registered
//! command path and only its declared options, and each inline `/command sub …` names a
//! registered path. A guide still showing a retired spelling (`/nw combat …`) fails here.

use std::path::Path;

use croupier::discord;
use croupier::table::Command;
use serde_json::Value;

fn registered() -> Vec<Value> {
    let games = croupier::games::load(Path::new("data")).expect("data loads");
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

/// A guide's command table: for each row whose first cell starts with `/NAME …`, the
/// subcommand path, the options it names (`name:`), and its "Who" cell (the whole row when
/// the table has no such column).
fn command_table_rows(text: &str, name: &str) -> Vec<(usize, Vec<String>, Vec<String>, String)> {
    let mut out = vec![];
    let head = format!("/{name} ");
    for (n, line) in text.lines().enumerate() {
        // Escaped `\|` inside code spans is no cell border.
        let unescaped = line.replace("\\|", "/");
        let Some(row) = unescaped.strip_prefix("| `") else {
            continue;
        };
        let first = row.split('|').next().unwrap_or("");
        // A cell may name several commands (`/game status`, `/game undo`): each code span.
        for (i, span) in first.split('`').enumerate() {
            if i % 2 == 1 {
                continue;
            }
            let Some(rest) = span.strip_prefix(&head) else {
                continue;
            };
            let words: Vec<&str> = rest.split_whitespace().collect();
            let path: Vec<String> = words
                .iter()
                .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                .map(|w| w.to_string())
                .collect();
            let options: Vec<String> = words[path.len()..]
                .iter()
                .filter_map(|w| {
                    let w = w.trim_start_matches('[');
                    let (o, _) = w.split_once(':')?;
                    o.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                        .then(|| o.to_string())
                })
                .collect();
            // The "Who" cell when the table has one.
            let cells: Vec<&str> = unescaped.split('|').collect();
            let who = if cells.len() >= 5 { cells[2] } else { line };
            out.push((n + 1, path, options, who.trim().to_string()));
        }
    }
    out
}

/// The leaves of a declaration: their path below the game's command, options and permission.
fn leaves(
    spec: &croupier::table::CommandSpec,
    above: &[String],
    out: &mut Vec<(Vec<String>, Vec<String>, croupier::table::Permission)>,
) {
    for s in &spec.subcommands {
        let mut path = above.to_vec();
        path.push(s.name.clone());
        if s.subcommands.is_empty() {
            let opts = s.options.iter().map(|o| o.name.clone()).collect();
            out.push((path, opts, s.permission));
        } else {
            leaves(s, &path, out);
        }
    }
}

/// What is out of step between a guide's command table (`text`) and the game `name`'s
/// declaration: declared subcommands or options the table lacks, documented ones the
/// declaration lacks, and host- or GM-only commands whose row does not say so.
fn table_problems(
    file: &str,
    text: &str,
    name: &str,
    spec: &croupier::table::CommandSpec,
) -> Vec<String> {
    use croupier::table::Permission;
    let mut problems = vec![];
    let mut declared = vec![];
    leaves(spec, &[], &mut declared);
    let rows = command_table_rows(text, name);
    for (path, opts, perm) in &declared {
        let cmd = format!("/{name} {}", path.join(" "));
        let mine: Vec<_> = rows.iter().filter(|r| &r.1 == path).collect();
        if mine.is_empty() {
            problems.push(format!("{file}: `{cmd}` is declared but not documented"));
            continue;
        }
        for o in opts {
            if !mine.iter().any(|r| r.2.contains(o)) {
                problems.push(format!(
                    "{file}: option `{o}:` of `{cmd}` is declared but not documented"
                ));
            }
        }
        let who = match perm {
            Permission::Host => Some("host"),
            Permission::Gm => Some("GM"),
            _ => None,
        };
        if let Some(who) = who {
            if !mine.iter().all(|r| r.3.contains(who)) {
                problems.push(format!(
                    "{file}: `{cmd}` is declared for the {who}; its row does not say so"
                ));
            }
        }
    }
    for (line, path, opts, _) in &rows {
        let cmd = format!("/{name} {}", path.join(" "));
        match declared.iter().find(|d| &d.0 == path) {
            None => problems.push(format!(
                "{file}:{line}: `{cmd}` is documented but not declared"
            )),
            Some(d) => {
                for o in opts.iter().filter(|o| !d.1.contains(o)) {
                    problems.push(format!(
                        "{file}:{line}: option `{o}:` of `{cmd}` is documented but not declared"
                    ));
                }
            }
        }
    }
    problems
}

/// The command tables of `docs/nobi.md`, `docs/nakama.md` and `docs/ninja.md` say what the
/// declarations declare: every declared subcommand and option is documented, nothing
/// undeclared is, and a command declared for the host or GM says so in its row.
#[test]
fn each_games_command_table_matches_its_declaration() {
    let games = croupier::games::load(Path::new("data")).expect("data loads");
    let mut problems = vec![];
    for name in ["nobi", "nakama", "ninja"] {
        let file = format!("docs/{name}.md");
        let text = std::fs::read_to_string(&file).unwrap();
        let spec = games.find(name).expect("registered").command();
        let rows = command_table_rows(&text, name);
        assert!(rows.len() >= spec.subcommands.len(), "{file}: {rows:?}");
        problems.extend(table_problems(&file, &text, name, spec));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The table check can fail: a missing subcommand, a missing option, an undeclared option,
/// an undeclared subcommand and a host-only command whose row does not say so are each caught.
#[test]
fn a_command_table_out_of_step_is_caught() {
    let games = croupier::games::load(Path::new("data")).expect("data loads");
    let spec = games.find("nobi").unwrap().command();
    let real = std::fs::read_to_string("docs/nobi.md").unwrap();
    let drifted = real
        .lines()
        .filter(|l| !l.starts_with("| `/nobi story`"))
        .map(|l| {
            l.replace(" [limit:character\\|player]", "")
                .replace("[gm:@user]` | host", "[gm:@user] [volume:<n>]` | anyone")
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n| `/nobi dance` | anyone | … |\n";
    let rows = command_table_rows(&drifted, "nobi");
    let begin = rows.iter().find(|r| r.1 == ["begin"]).expect("begin row");
    assert_eq!(begin.2, ["gm", "volume"]);
    let mut problems = table_problems("nobi.md", &drifted, "nobi", spec);
    for p in &mut problems {
        // Line numbers aside.
        if let Some((head, rest)) = p.split_once(": ") {
            *p = format!("{}: {rest}", head.split(':').next().unwrap_or(head));
        }
    }
    problems.sort();
    assert_eq!(
        problems,
        [
            "nobi.md: `/nobi begin` is declared for the host; its row does not say so",
            "nobi.md: `/nobi dance` is documented but not declared",
            "nobi.md: `/nobi story` is declared but not documented",
            "nobi.md: option `limit:` of `/nobi settings` is declared but not documented",
            "nobi.md: option `volume:` of `/nobi begin` is documented but not declared",
        ]
    );
}
