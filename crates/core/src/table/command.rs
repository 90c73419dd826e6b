//! A command as a user gives it: a path (`/nobi join`) and named options.
//!
//! Both front ends produce this one shape. The console parses it from a line
//! (`/roll expr:"4d6kh3 strength"`), Discord builds it from an interaction.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::said::Phrase;
use super::RuleError;

/// A slash command with its subcommand path and option values (as text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Command {
    /// `["nobi", "join"]` for `/nobi join`.
    pub path: Vec<String>,
    /// Option name → value. User options hold the user's id (no `@`).
    pub options: BTreeMap<String, String>,
    /// The path as the user gave it, when the table routed it from a command registered on its
    /// own (`nwcombat heal` for `nw combat heal`); messages name this spelling. Never stored.
    #[serde(skip)]
    pub typed: Option<Vec<String>>,
    /// The path's words in the case the user typed them, when one differs from `path` (which
    /// is lower case): a refusal quoting stray words (`/ninja enter Red Fox`) keeps `Red Fox`.
    /// Never stored.
    #[serde(skip)]
    pub spelled: Option<Vec<String>>,
}

/// Why a command line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandSyntaxError {
    /// The line does not start with `/`.
    #[error("a command starts with `/`, e.g. `/roll expr:2d6`")]
    MissingSlash,
    /// A quoted value is not closed.
    #[error("the quote opened at column {0} is never closed")]
    UnclosedQuote(usize),
    /// A word after the options is not `name:value`.
    #[error("`{0}` is not an option; write options as name:value (use double quotes for spaces)")]
    StrayWord(String),
    /// An option was given twice.
    #[error("option `{0}` is given twice")]
    DuplicateOption(String),
}

impl CommandSyntaxError {
    /// The reason in `locale` (the English is the `Display` text).
    pub fn text(&self, locale: crate::i18n::Locale) -> String {
        use crate::i18n::text;
        match self {
            Self::MissingSlash => text(locale, "command-missing-slash", &[]),
            Self::UnclosedQuote(c) => {
                text(locale, "command-unclosed-quote", &[("column", (*c).into())])
            }
            Self::StrayWord(w) => text(locale, "command-stray-word", &[("word", w.into())]),
            Self::DuplicateOption(o) => {
                text(locale, "command-duplicate-option", &[("option", o.into())])
            }
        }
    }
}

impl Command {
    /// Builds a command from a path such as `"nobi join"`.
    pub fn new(path: &str) -> Self {
        Command {
            path: path
                .trim_start_matches('/')
                .split_whitespace()
                .map(str::to_string)
                .collect(),
            options: BTreeMap::new(),
            typed: None,
            spelled: None,
        }
    }

    /// Adds an option (builder style).
    pub fn with(mut self, name: &str, value: impl Into<String>) -> Self {
        self.options.insert(name.to_string(), value.into());
        self
    }

    /// Parses `/cmd sub name:value name:"a b"`. Words before the first option are the path.
    ///
    /// A value typed without quotes runs on to the next option: `/nakama recruit card:Blue 4
    /// column:2` gives `card` the value `Blue 4`, as Discord's own option fields would (the
    /// words are joined by one space). A word counts as the next option only when what comes
    /// before its first `:` is a name (a letter, then letters, digits, `_` or `-`), so
    /// `text:It is 3:00` keeps `3:00` in the text; quote a value that holds ` name:` itself.
    pub fn parse_line(line: &str) -> Result<Command, CommandSyntaxError> {
        let line = line.trim();
        let rest = line
            .strip_prefix('/')
            .ok_or(CommandSyntaxError::MissingSlash)?;
        let words = split_words(rest)?;
        let mut cmd = Command::default();
        // The option just read, while its value was typed without quotes.
        let mut bare: Option<String> = None;
        let mut spelled = vec![];
        for word in words {
            match word.split_once(':') {
                Some((name, value)) if is_option_name(name) => {
                    let name = name.to_ascii_lowercase();
                    if cmd.options.contains_key(&name) {
                        return Err(CommandSyntaxError::DuplicateOption(name));
                    }
                    bare = (!value.starts_with('"')).then(|| name.clone());
                    cmd.options.insert(name, unquote(value));
                }
                _ => {
                    if let Some(value) = bare.as_ref().and_then(|n| cmd.options.get_mut(n)) {
                        // The rest of a value with spaces, typed without quotes.
                        value.push(' ');
                        value.push_str(&word);
                        continue;
                    }
                    if !cmd.options.is_empty() {
                        return Err(CommandSyntaxError::StrayWord(word));
                    }
                    cmd.path.push(word.to_ascii_lowercase());
                    spelled.push(word);
                }
            }
        }
        if spelled != cmd.path {
            cmd.spelled = Some(spelled);
        }
        Ok(cmd)
    }

    /// The top-level command name (`nobi` in `/nobi join`).
    pub fn root(&self) -> &str {
        self.path.first().map(String::as_str).unwrap_or("")
    }

    /// The subcommand (`join` in `/nobi join`), if any.
    pub fn sub(&self) -> &str {
        self.path.get(1).map(String::as_str).unwrap_or("")
    }

    /// The second-level subcommand (`add` in `/nw skill add`), if any.
    pub fn sub2(&self) -> &str {
        self.path.get(2).map(String::as_str).unwrap_or("")
    }

    /// The path joined with spaces (`nobi join`).
    pub fn path_str(&self) -> String {
        self.path.join(" ")
    }

    /// The path as the user gave it (`nwcombat heal`), for messages.
    pub fn typed_str(&self) -> String {
        self.typed.as_ref().unwrap_or(&self.path).join(" ")
    }

    /// An option's value, if given and not empty.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.options
            .get(name)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
    }

    /// An option that must be present.
    pub fn require(&self, name: &str) -> Result<&str, RuleError> {
        self.get(name).ok_or_else(|| {
            RuleError::usage_said(
                Phrase::new("table-usage-needs-option")
                    .arg("command", format!("/{}", self.typed_str()))
                    .arg("option", name),
            )
        })
    }

    /// An optional whole-number option.
    pub fn int(&self, name: &str) -> Result<Option<i64>, RuleError> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v.trim().parse::<i64>().map(Some).map_err(|_| {
                RuleError::usage_said(
                    Phrase::new("table-usage-not-number")
                        .arg("option", name)
                        .arg("value", v),
                )
            }),
        }
    }

    /// A whole-number option that must be present.
    pub fn require_int(&self, name: &str) -> Result<i64, RuleError> {
        self.int(name)?.ok_or_else(|| {
            RuleError::usage_said(
                Phrase::new("table-usage-needs-number")
                    .arg("command", format!("/{}", self.typed_str()))
                    .arg("option", name),
            )
        })
    }

    /// An optional yes/no option (`true`/`false`, `yes`/`no`).
    pub fn flag(&self, name: &str) -> Result<Option<bool>, RuleError> {
        match self.get(name).map(|v| v.to_ascii_lowercase()) {
            None => Ok(None),
            Some(v) if matches!(v.as_str(), "true" | "yes" | "y" | "1" | "on") => Ok(Some(true)),
            Some(v) if matches!(v.as_str(), "false" | "no" | "n" | "0" | "off") => Ok(Some(false)),
            Some(v) => Err(RuleError::usage_said(
                Phrase::new("table-usage-not-flag")
                    .arg("option", name)
                    .arg("value", v),
            )),
        }
    }
}

/// Characters no option value may hold: NUL and other control characters (a slash-command
/// option is one line), the bidirectional embeddings, overrides and isolates, which make
/// text display in another order than it is written (a label could make 12 read as 21), and
/// the characters that show as nothing at all, which make a name look like another one or like
/// no name (the joiners U+200C and U+200D stay: emoji and several scripts need them).
fn hidden_char(c: char) -> Option<&'static str> {
    match c {
        '\0' => Some("NUL"),
        '\u{202A}' => Some("LEFT-TO-RIGHT EMBEDDING"),
        '\u{202B}' => Some("RIGHT-TO-LEFT EMBEDDING"),
        '\u{202C}' => Some("POP DIRECTIONAL FORMATTING"),
        '\u{202D}' => Some("LEFT-TO-RIGHT OVERRIDE"),
        '\u{202E}' => Some("RIGHT-TO-LEFT OVERRIDE"),
        '\u{2066}' => Some("LEFT-TO-RIGHT ISOLATE"),
        '\u{2067}' => Some("RIGHT-TO-LEFT ISOLATE"),
        '\u{2068}' => Some("FIRST STRONG ISOLATE"),
        '\u{2069}' => Some("POP DIRECTIONAL ISOLATE"),
        '\u{200E}' => Some("LEFT-TO-RIGHT MARK"),
        '\u{200F}' => Some("RIGHT-TO-LEFT MARK"),
        '\u{061C}' => Some("ARABIC LETTER MARK"),
        '\u{200B}' => Some("ZERO WIDTH SPACE"),
        '\u{2060}' => Some("WORD JOINER"),
        '\u{FEFF}' => Some("ZERO WIDTH NO-BREAK SPACE"),
        '\u{00AD}' => Some("SOFT HYPHEN"),
        '\u{180E}' => Some("MONGOLIAN VOWEL SEPARATOR"),
        c if c.is_control() => Some("a control character"),
        _ => None,
    }
}

impl Command {
    /// Refuses option values holding NUL, control characters or bidirectional controls,
    /// naming the option, the character and what to do.
    pub fn check_text(&self) -> Result<(), RuleError> {
        for (name, value) in &self.options {
            if let Some((at, c, what)) = value
                .chars()
                .enumerate()
                .find_map(|(i, c)| hidden_char(c).map(|w| (i + 1, c, w)))
            {
                return Err(RuleError::usage_said(
                    Phrase::new("table-usage-hidden")
                        .arg("option", name.as_str())
                        .arg("at", at.to_string())
                        .arg("char", format!("U+{:04X}, {what}", c as u32)),
                ));
            }
        }
        Ok(())
    }
}

impl fmt::Display for Command {
    /// Renders the command back as a console line (`/nobi join character:"Red Fox"`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "/{}", self.path.join(" "))?;
        for (k, v) in &self.options {
            if v.is_empty() || v.contains(char::is_whitespace) || v.contains('"') {
                write!(f, " {k}:\"{}\"", v.replace('"', "'"))?;
            } else {
                write!(f, " {k}:{v}")?;
            }
        }
        Ok(())
    }
}

/// Whether `name` (the part of a word before its first `:`) names an option: a letter, then
/// letters, digits, `_` or `-`.
fn is_option_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

fn unquote(v: &str) -> String {
    let v = v.trim();
    if v.len() >= 2 && v.starts_with('"') && v.ends_with('"') {
        v[1..v.len() - 1].to_string()
    } else {
        v.to_string()
    }
}

/// Splits on whitespace, keeping double-quoted runs (which may follow `name:`) together.
fn split_words(s: &str) -> Result<Vec<String>, CommandSyntaxError> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quote_at: Option<usize> = None;
    for (i, c) in s.char_indices() {
        match c {
            '"' => {
                quote_at = if quote_at.is_some() { None } else { Some(i) };
                cur.push(c);
            }
            c if c.is_whitespace() && quote_at.is_none() => {
                if !cur.is_empty() {
                    words.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if let Some(at) = quote_at {
        return Err(CommandSyntaxError::UnclosedQuote(at + 2));
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A syntax error reads the same in English from the catalogue as its `Display`, and in
    /// Japanese as Japanese.
    #[test]
    fn a_syntax_error_reads_in_the_readers_language() {
        use crate::i18n::Locale;
        for line in [
            "roll expr:1",
            "/roll expr:\"2d6",
            "/roll a:\"1\" 2d6",
            "/roll a:1 a:2",
        ] {
            let e = Command::parse_line(line).unwrap_err();
            assert_eq!(e.text(Locale::En), e.to_string(), "{line}");
            let ja = e.text(Locale::Ja);
            assert!(
                ja.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)),
                "{ja}"
            );
        }
    }

    #[test]
    fn parses_path_and_options() {
        let c = Command::parse_line(r#"/roll expr:"4d6kh3 strength" visibility:gm"#).unwrap();
        assert_eq!(c.path, vec!["roll"]);
        assert_eq!(c.get("expr"), Some("4d6kh3 strength"));
        assert_eq!(c.get("visibility"), Some("gm"));
        let c = Command::parse_line("/nobi join character:Moss").unwrap();
        assert_eq!(c.path_str(), "nobi join");
        assert_eq!(c.sub(), "join");
    }

    #[test]
    fn round_trips_through_display() {
        let c = Command::new("nw skill add")
            .with("name", "Fire Bolt")
            .with("cl", "1");
        assert_eq!(Command::parse_line(&c.to_string()).unwrap(), c);
    }

    #[test]
    fn refuses_bad_lines() {
        assert_eq!(
            Command::parse_line("roll"),
            Err(CommandSyntaxError::MissingSlash)
        );
        assert!(matches!(
            Command::parse_line("/roll expr:\"2d6"),
            Err(CommandSyntaxError::UnclosedQuote(_))
        ));
        assert!(matches!(
            Command::parse_line("/roll expr:\"2d6\" oops"),
            Err(CommandSyntaxError::StrayWord(_))
        ));
        assert!(matches!(
            Command::parse_line("/roll expr:1 expr:2"),
            Err(CommandSyntaxError::DuplicateOption(_))
        ));
    }

    #[test]
    fn a_value_typed_without_quotes_runs_on_to_the_next_option() {
        let c = Command::parse_line("/nakama recruit card:Blue 4 column:2").unwrap();
        assert_eq!(c.get("card"), Some("Blue 4"));
        assert_eq!(c.get("column"), Some("2"));
        let c = Command::parse_line("/nobi act text:I run   to the gate, at 3:00 sharp").unwrap();
        assert_eq!(c.get("text"), Some("I run to the gate, at 3:00 sharp"));
        assert_eq!(c.options.len(), 1);
        // A quoted value ends at its quote: a word after it is still stray.
        assert!(matches!(
            Command::parse_line("/roll expr:\"2d6\" oops"),
            Err(CommandSyntaxError::StrayWord(_))
        ));
        // Words before the first option stay the path.
        let c = Command::parse_line("/ninja enter Red Fox").unwrap();
        assert_eq!(c.path, vec!["ninja", "enter", "red", "fox"]);
        // A second option named like the first is still refused.
        assert!(matches!(
            Command::parse_line("/nobi act text:a b text:c"),
            Err(CommandSyntaxError::DuplicateOption(_))
        ));
    }

    #[test]
    fn typed_getters_explain_errors() {
        let c = Command::new("x").with("n", "abc").with("b", "maybe");
        assert!(c.int("n").unwrap_err().to_string().contains("whole number"));
        assert!(c.flag("b").is_err());
        assert!(c
            .require("missing")
            .unwrap_err()
            .to_string()
            .contains("missing"));
    }

    #[test]
    fn option_values_refuse_bidi_controls_control_characters_and_nul() {
        let ok = Command::new("roll").with("expr", "2d6 fire bolt 火の玉 שלום");
        assert!(ok.check_text().is_ok());
        // An emoji family holds ZERO WIDTH JOINERs: they stay.
        let ok = Command::new("roll").with("label", "👨\u{200D}👩\u{200D}👧 night");
        assert!(ok.check_text().is_ok());
        for (bad, code) in [
            ("1\u{202E}2", "U+202E"),
            ("a\u{2066}b", "U+2066"),
            ("nul\0", "U+0000"),
            ("esc\u{1b}[31m", "U+001B"),
            ("tab\tx", "U+0009"),
            ("Red\u{200B}Fox", "U+200B"),
            ("\u{200B}\u{200B}", "U+200B"),
            ("Red\u{FEFF}Fox", "U+FEFF"),
            ("Red\u{00AD}Fox", "U+00AD"),
        ] {
            let e = Command::new("roll")
                .with("expr", "1d6")
                .with("label", bad)
                .check_text()
                .unwrap_err()
                .to_string();
            assert!(e.contains("`label`") && e.contains(code), "{e}");
        }
    }
}
