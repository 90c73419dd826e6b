//! Judges and combat in the catalogue's words (`locales/*/nightwizard-combat.ftl`, the game's
//! terms in `nightwizard-terms.ftl`): replies are `Said::Phrase`s, written in each reader's
//! language; their English is the text the crate has always written.

use croupier_core::i18n::{lookup, Locale};
use croupier_core::table::{Message, Phrase, Said, Value};

/// A message in the catalogue's words.
pub fn say(phrase: Phrase) -> Message {
    Message::said(Said::Phrase(phrase))
}

/// A refusal by the rules in the catalogue's words.
pub use croupier_core::table::refuse_said as no;

/// A name the rules or the data write in English (a Judge's label, `Hit Check`, `PACC`; a
/// Difficulty's, `Ordinary`) in each reader's language: the message `prefix-<name>` when the
/// catalogue has it with exactly this English, else the name as it is (a label the GM typed,
/// a data name without a Japanese one yet).
pub fn word(prefix: &str, english: &str) -> Value {
    let slug: String = english
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let key = format!("{prefix}-{slug}");
    match lookup(Locale::En, &key, &[]) {
        Some(en) if en == english => Phrase::new(&key).into(),
        _ => english.into(),
    }
}

/// A Judge's label (`Hit Check`, `PACC`, `Recovery Judge`) in each reader's language.
pub fn label(english: &str) -> Value {
    word("nw-label", english)
}

/// A line of the catalogue as a value (a line of a reply, a part of one).
pub fn line(phrase: Phrase) -> Value {
    phrase.into()
}

/// Values one a line.
pub fn lines(v: Vec<Value>) -> Value {
    Value::Lines(v)
}

/// The lines of a step of the fight, one after another: each in the catalogue's words, or
/// English text where a reply is not in the catalogue yet (`push` takes either).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Lines(pub Vec<Value>);

impl Lines {
    /// No lines.
    pub fn new() -> Self {
        Lines(vec![])
    }

    /// Adds a line.
    pub fn push(&mut self, line: impl Into<Value>) {
        self.0.push(line.into());
    }

    /// Adds lines.
    pub fn extend<T: Into<Value>>(&mut self, lines: impl IntoIterator<Item = T>) {
        self.0.extend(lines.into_iter().map(Into::into));
    }

    /// Puts a line at `i`.
    pub fn insert(&mut self, i: usize, line: impl Into<Value>) {
        self.0.insert(i, line.into());
    }

    /// No line yet.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many lines.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The lines as one value, one a line.
    pub fn value(self) -> Value {
        Value::Lines(self.0)
    }

    /// The lines in English, one a line.
    pub fn join(&self) -> String {
        Value::Lines(self.0.clone()).text(Locale::En)
    }
}

impl From<Vec<String>> for Lines {
    fn from(v: Vec<String>) -> Self {
        Lines(v.into_iter().map(Value::from).collect())
    }
}

impl From<Phrase> for Lines {
    fn from(p: Phrase) -> Self {
        Lines(vec![p.into()])
    }
}

#[cfg(test)]
mod tests {
    use croupier_core::i18n::{keys, problems, Locale};
    use std::collections::BTreeSet;

    /// The terms of one language's `nightwizard-terms.ftl` (`-nw-judge`), in the order written.
    fn terms(locale: Locale) -> Vec<String> {
        let path =
            croupier_core::source_path(&format!("locales/{}/nightwizard-terms.ftl", locale.code()));
        let text = std::fs::read_to_string(&path).expect("the terms file");
        text.lines()
            .filter(|l| l.starts_with('-'))
            .filter_map(|l| l.split_once(" = ").map(|(id, _)| id.trim().to_string()))
            .collect()
    }

    /// Night Wizard's terms exist in both languages (the catalogues' own completeness test
    /// counts messages only), each once, none named as a message is (Fluent refuses that), and
    /// the catalogues read without problems.
    #[test]
    fn every_term_is_in_both_languages_once() {
        let en = terms(Locale::En);
        let ja = terms(Locale::Ja);
        assert!(en.len() > 80, "{en:?}");
        assert_eq!(en, ja, "the same terms in the same order");
        let once: BTreeSet<&String> = en.iter().collect();
        assert_eq!(once.len(), en.len(), "a term written twice");
        let messages = keys(Locale::En);
        for t in &en {
            assert!(!messages.contains(&t[1..]), "message named as term {t}");
        }
        assert_eq!(problems(), Vec::<String>::new());
    }
}
