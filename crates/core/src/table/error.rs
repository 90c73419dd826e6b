//! The table's typed errors: a refusal (with its kind) that explains itself to a player and
//! changes nothing, and a problem in a game's data files. A leaf module.

use super::said::Phrase;
use crate::i18n::Locale;

/// Why a command was refused: tests and front ends tell refusals apart by kind, not wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Refusal {
    /// The rules do not allow it now (not your turn, no such card, already settled …).
    #[default]
    Rules,
    /// The command is malformed: a missing or undeclared option, a value of the wrong kind or
    /// out of range, an unknown subcommand.
    Usage,
    /// The actor may not use this command (it is the GM's or the host's).
    Permission,
}

/// A refusal by the rules (or a usage mistake), worded for the player, with its kind; the
/// English text, and its words as a catalogue message when they are typed (then a reader of
/// another language reads it in theirs).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(pub String, pub Refusal, pub Option<Box<Phrase>>);

impl RuleError {
    /// A refusal by the rules with this explanation.
    pub fn new(msg: impl Into<String>) -> Self {
        RuleError(msg.into(), Refusal::Rules, None)
    }
    /// A refusal of this kind in typed words (its English text is the catalogue's).
    pub fn said(kind: Refusal, phrase: Phrase) -> Self {
        RuleError(phrase.text(Locale::En), kind, Some(Box::new(phrase)))
    }
    /// A malformed command ([`Refusal::Usage`]).
    pub fn usage(msg: impl Into<String>) -> Self {
        RuleError(msg.into(), Refusal::Usage, None)
    }
    /// A malformed command ([`Refusal::Usage`]) in typed words (its English text is the
    /// catalogue's).
    pub fn usage_said(phrase: Phrase) -> Self {
        RuleError::said(Refusal::Usage, phrase)
    }
    /// A command the actor may not use ([`Refusal::Permission`]).
    pub fn permission(msg: impl Into<String>) -> Self {
        RuleError(msg.into(), Refusal::Permission, None)
    }
    /// Its kind.
    pub fn kind(&self) -> Refusal {
        self.1
    }
}

/// Shorthand: `Err(RuleError)`.
pub fn refuse<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(msg))
}

/// A refusal by the rules in the catalogue's words (a game's `locales/*/<game>.ftl`): nothing
/// changes, and each reader reads why in their language.
pub fn refuse_said<T>(phrase: super::said::Phrase) -> Result<T, RuleError> {
    Err(RuleError::said(Refusal::Rules, phrase))
}

/// A problem in a data file: which file, which card, which field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {item}: {problem}")]
pub struct DataError {
    /// File path (relative to the data folder).
    pub file: String,
    /// Card / entry id, or `-` for the file as a whole.
    pub item: String,
    /// What is wrong (naming the field).
    pub problem: String,
}

impl DataError {
    /// Builds a data error.
    pub fn new(
        file: impl Into<String>,
        item: impl Into<String>,
        problem: impl Into<String>,
    ) -> Self {
        DataError {
            file: file.into(),
            item: cut_lines(item.into()),
            problem: cut_lines(problem.into()),
        }
    }
}

/// The most characters a data error shows of one line: a problem quoting a line of its file
/// (a TOML error shows the line it stopped in) or a value is cut there, saying how much is
/// left out, so a 200 KB line is not printed whole.
pub const DATA_ERROR_LINE: usize = 200;

fn cut_lines(text: String) -> String {
    if text.lines().all(|l| l.len() <= DATA_ERROR_LINE) {
        return text;
    }
    let cut: Vec<String> = text
        .split('\n')
        .map(|line| {
            let n = line.chars().count();
            if n <= DATA_ERROR_LINE {
                line.to_string()
            } else {
                let kept: String = line.chars().take(DATA_ERROR_LINE).collect();
                // A marker line (`  |      ^`) keeps its frame, not 200 spaces.
                format!(
                    "{}… ({} more characters)",
                    kept.trim_end(),
                    n - DATA_ERROR_LINE
                )
            }
        })
        .collect();
    cut.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #39: `check-data` printed a 200 KB offending line whole (a TOML error quotes the
    /// line it stopped in); each line of a data error is cut to 200 characters.
    #[test]
    fn a_data_error_quoting_a_200_kb_line_is_cut_to_200_characters_a_line() {
        let line = format!("name = \"{}", "x".repeat(200 * 1024));
        let toml_error = line.parse::<toml::Table>().unwrap_err().to_string();
        assert!(
            toml_error.len() > 200 * 1024,
            "the TOML error quotes the line"
        );
        let e = DataError::new("ninja/names.toml", "-", format!("not valid: {toml_error}"));
        let shown = e.to_string();
        assert!(shown.len() < 2_000, "{} bytes", shown.len());
        assert!(shown.lines().all(|l| l.chars().count() <= 240), "{shown}");
        assert!(shown.contains("more characters)"), "{shown}");
        assert!(
            shown.starts_with("ninja/names.toml: -: not valid: TOML parse error at line 1"),
            "{shown}"
        );
        // Short problems are kept as they are.
        let e = DataError::new("f", "id", "field `id`: repeated");
        assert_eq!(e.to_string(), "f: id: field `id`: repeated");
    }
}
