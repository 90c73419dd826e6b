//! The notes a roll carries for users of other dice tools (Roll20, Foundry): where this
//! notation reads something differently from theirs. Typed, and written in the reader's
//! language from the catalogue (`locales/*/table-words.ftl`, `dice-note-…`).

use std::fmt;

use croupier_i18n::{text, Arg, Locale};
use serde::{Deserialize, Serialize};

/// One place another dice tool reads differently.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum Note {
    /// A strict comparison (`>3`, `<3`) on the faces `lo..=hi` of a die, where Roll20 reads
    /// it inclusively (successes, failures, explosions, rerolls, critical marks).
    StrictFaces {
        /// `>` (else `<`).
        greater: bool,
        /// The number compared with.
        value: i64,
        /// The die's lowest face.
        lo: i64,
        /// The die's highest face.
        hi: i64,
    },
    /// A strict comparison on a group's totals (`{3d6,3d6}>8`).
    StrictTotals {
        /// `>` (else `<`).
        greater: bool,
        /// The number compared with.
        value: i64,
    },
    /// A bare `r` followed by a success condition (`r1=1`): it rerolls until the die misses,
    /// where Foundry rerolls at most that many dice.
    RerollCounted {
        /// The `r` and its condition as written (`r1`).
        written: String,
    },
    /// A bare `r` (`r1`): it rerolls until the die misses, as in Roll20; Foundry's, once.
    RerollUntil {
        /// The `r` and its condition as written (`r1`).
        written: String,
    },
}

/// What a roll notes for users of other dice tools (see [`Note`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Warning {
    /// Its notes, in the order the expression gives rise to them.
    Notes(Vec<Note>),
    /// A note stored before notes were typed: its English text, as it is.
    Text(String),
}

/// A number as written (a catalogue number is a float: `i64::MAX` would round).
fn n(v: i64) -> Arg {
    Arg::Text(v.to_string())
}

/// Faces `lo..=hi` as `locale` writes them (`4–6`, `4`, or none).
fn faces(locale: Locale, lo: i64, hi: i64) -> Arg {
    let kind = match lo.cmp(&hi) {
        std::cmp::Ordering::Less => "span",
        std::cmp::Ordering::Equal => "one",
        std::cmp::Ordering::Greater => "none",
    };
    Arg::Text(text(
        locale,
        "dice-note-faces",
        &[("kind", kind.into()), ("lo", n(lo)), ("hi", n(hi))],
    ))
}

impl Note {
    /// The note in `locale`.
    pub fn text(&self, locale: Locale) -> String {
        let op = |greater: bool| Arg::from(if greater { ">" } else { "<" });
        match self {
            Note::StrictFaces {
                greater,
                value,
                lo,
                hi,
            } => {
                let v = *value;
                let (counts, inclusive) = if *greater {
                    (
                        faces(locale, v.saturating_add(1).max(*lo), *hi),
                        faces(locale, v.max(*lo), *hi),
                    )
                } else {
                    (
                        faces(locale, *lo, v.saturating_sub(1).min(*hi)),
                        faces(locale, *lo, v.min(*hi)),
                    )
                };
                text(
                    locale,
                    "dice-note-strict-faces",
                    &[
                        ("op", op(*greater)),
                        ("value", n(v)),
                        ("counts", counts),
                        ("inclusive", inclusive),
                    ],
                )
            }
            Note::StrictTotals { greater, value } => {
                let v = *value;
                let strict = if *greater {
                    v.saturating_add(1)
                } else {
                    v.saturating_sub(1)
                };
                text(
                    locale,
                    "dice-note-strict-totals",
                    &[
                        ("op", op(*greater)),
                        ("value", n(v)),
                        ("strict", n(strict)),
                        ("dir", Arg::from(if *greater { "more" } else { "less" })),
                    ],
                )
            }
            Note::RerollCounted { written } | Note::RerollUntil { written } => {
                let key = match self {
                    Note::RerollCounted { .. } => "dice-note-reroll-counted",
                    _ => "dice-note-reroll-until",
                };
                let rest: String = written.chars().skip(1).collect();
                text(
                    locale,
                    key,
                    &[("written", written.as_str().into()), ("rest", rest.into())],
                )
            }
        }
    }
}

impl Warning {
    /// The notes in `locale`, one after another (a note stored as text, as it is).
    pub fn text(&self, locale: Locale) -> String {
        match self {
            Warning::Notes(notes) => notes
                .iter()
                .map(|x| x.text(locale))
                .collect::<Vec<_>>()
                .join(&text(locale, "dice-note-sep", &[])),
            Warning::Text(t) => t.clone(),
        }
    }
}

/// In English.
impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Locale::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_stored_as_english_text_still_loads_and_reads_as_it_was() {
        let old: Warning = serde_json::from_str(r#""`>3` counts 4–6 here.""#).unwrap();
        assert_eq!(old, Warning::Text("`>3` counts 4–6 here.".into()));
        assert_eq!(old.text(Locale::Ja), "`>3` counts 4–6 here.");
        let typed = Warning::Notes(vec![Note::StrictTotals {
            greater: true,
            value: 8,
        }]);
        let back: Warning = serde_json::from_str(&serde_json::to_string(&typed).unwrap()).unwrap();
        assert_eq!(back, typed);
    }

    #[test]
    fn the_notes_read_in_japanese_and_in_english() {
        let w = Warning::Notes(vec![
            Note::StrictFaces {
                greater: true,
                value: 3,
                lo: 1,
                hi: 6,
            },
            Note::RerollUntil {
                written: "r1".into(),
            },
        ]);
        assert_eq!(
            w.to_string(),
            "`>3` counts 4–6 here; write `>=3` for 3–6. `r1` rerolls until the die misses, as in Roll20; Foundry's `r` rerolls once: write `ro1` for once (`rr1` means until in both)."
        );
        assert_eq!(
            w.text(Locale::Ja),
            "ここでの `>3` が数える目は4–6です。3–6にするなら `>=3` と書いてください。`r1` は Roll20 と同じく、外れるまでダイスを振り直します。Foundry の `r` は1回だけ振り直します：1回なら `ro1` と書いてください（`rr1` はどちらでも外れるまで）。"
        );
        let none = Note::StrictFaces {
            greater: true,
            value: 6,
            lo: 1,
            hi: 6,
        };
        assert_eq!(
            none.text(Locale::En),
            "`>6` counts nothing here; write `>=6` for 6."
        );
        assert_eq!(
            none.text(Locale::Ja),
            "ここでの `>6` が数える目はなしです。6にするなら `>=6` と書いてください。"
        );
    }
}
