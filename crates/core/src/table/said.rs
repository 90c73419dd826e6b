//! What the table says as typed values, written in the reader's language only when shown.
//!
//! A reply whose words are typed carries a [`Said`] beside its text (`Message::said`): the text
//! is the English rendering, which logs, the stored outcome and every English reader use; a
//! front end that knows its reader's language renders the [`Said`] again in it
//! (`Message::in_language`), from the catalogue (`locales/*/roll.ftl`, `table.ftl`): `/roll`'s replies
//! and the table's own [`Phrase`]s (`/game language`); every other reply is English text so far.

use serde::{Deserialize, Serialize};

use crate::dice::Roll;
use crate::i18n::{text, Arg, Locale};

/// A reply's words as typed values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Said {
    /// `/roll`'s result.
    Roll(Box<RollSaid>),
    /// What the roller of a blind roll (not a GM) is told.
    BlindNotice {
        /// The expression rolled.
        expr: String,
        /// Its log number.
        log: i64,
    },
    /// A message of the catalogue and its values: the table's own words (`/game language`, …).
    Phrase(Phrase),
    /// A roll that failed while rolling (the explosion limit, a division by zero).
    RollFailed {
        /// What went wrong (the dice's own error).
        error: String,
        /// Whether dice were thrown before it failed (then a retry rolls fresh ones).
        thrown: bool,
    },
}

/// A message of the catalogue in English: a button's label as made (a front end relabels
/// it in its reader's language from the message's [`Phrase::buttons`]).
pub fn english(key: &str) -> String {
    text(Locale::En, key, &[])
}

/// A message of the catalogue with the values it is given: its words are the catalogue's in
/// each language (`locales/*/table.ftl`), never assembled from pieces here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phrase {
    /// The title's key, if it has one (given the same values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The text's key.
    pub key: String,
    /// The values (`$name` in the catalogue).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(String, Value)>,
    /// The keys of its buttons' labels, in the message's button order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<String>,
    /// Its named blocks (a Discord embed's fields), in order: the keys of each one's name and
    /// value (given the same values).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<(String, String)>,
}

/// A value of a [`Phrase`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    /// A whole number (formatted, and read by plural rules, by the language).
    Int(i64),
    /// A text shown as it is (a name, a command, a mention).
    Text(String),
    /// A command's own words: its English as declared (`text`), and its other languages in
    /// the catalogue under `key` (`cmd-nobi-act.desc`, the commands' localizations).
    Declared {
        /// The catalogue key of its other languages.
        key: String,
        /// Its English, as declared.
        text: String,
    },
    /// Values written one a line.
    Lines(Vec<Value>),
    /// Words of their own, written in the same language (a reason inside a frame).
    Phrase(Box<Phrase>),
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Text(s.to_string())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Text(s)
    }
}
impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Value::Int(n)
    }
}
impl From<Phrase> for Value {
    fn from(p: Phrase) -> Self {
        Value::Phrase(Box::new(p))
    }
}

impl Value {
    /// The value as a text in `locale`.
    pub fn text(&self, locale: Locale) -> String {
        match self {
            Value::Int(n) => n.to_string(),
            Value::Text(t) => t.clone(),
            Value::Declared { key, text } => match locale {
                Locale::En => text.clone(),
                other => crate::i18n::lookup(other, key, &[]).unwrap_or_else(|| text.clone()),
            },
            Value::Lines(v) => v
                .iter()
                .map(|x| x.text(locale))
                .collect::<Vec<_>>()
                .join("\n"),
            Value::Phrase(p) => p.text(locale),
        }
    }
}

impl Phrase {
    /// The message `key`, with no title yet and no values.
    pub fn new(key: &str) -> Self {
        Phrase {
            title: None,
            key: key.to_string(),
            args: vec![],
            buttons: vec![],
            fields: vec![],
        }
    }

    /// The message `key` under the title `title`.
    pub fn titled(title: &str, key: &str) -> Self {
        Phrase {
            title: Some(title.to_string()),
            ..Phrase::new(key)
        }
    }

    /// Labels the message's buttons, in order, with these messages (given the same values).
    pub fn buttons(mut self, keys: &[&str]) -> Self {
        self.buttons = keys.iter().map(|k| k.to_string()).collect();
        self
    }

    /// Adds a named block: its name the message `name`, its value the message `value` (given
    /// the same values).
    pub fn field(mut self, name: &str, value: &str) -> Self {
        self.fields.push((name.to_string(), value.to_string()));
        self
    }

    /// Gives `$name` this value.
    pub fn arg(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.args.push((name.to_string(), value.into()));
        self
    }

    /// The text in `locale`.
    pub fn text(&self, locale: Locale) -> String {
        text(locale, &self.key, &self.args_in(locale))
    }

    fn args_in(&self, locale: Locale) -> Vec<(&str, Arg)> {
        self.args
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    Value::Int(n) => Arg::Int(*n),
                    other => Arg::Text(other.text(locale)),
                };
                (k.as_str(), v)
            })
            .collect()
    }

    fn words(&self, locale: Locale) -> Words {
        let args = self.args_in(locale);
        Words {
            title: self.title.as_ref().map(|t| text(locale, t, &args)),
            body: text(locale, &self.key, &args),
            fields: self
                .fields
                .iter()
                .map(|(n, v)| (text(locale, n, &args), text(locale, v, &args)))
                .collect(),
            buttons: self
                .buttons
                .iter()
                .map(|b| text(locale, b, &args))
                .collect(),
        }
    }
}

/// A roll as `/roll` shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollSaid {
    /// Who rolled, as a mention (`<@id>`).
    pub who: String,
    /// The roll, every die kept.
    pub roll: Roll,
    /// The target (`target:`), if one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i64>,
    /// The chance of reaching it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance: Option<Chance>,
    /// The log number of a hidden roll (for `/game reveal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log: Option<i64>,
    /// The GM's copy of a blind roll.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blind: bool,
}

/// The chance of reaching a target, as worked out before the roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// The odds are known.
    Known {
        /// The target.
        target: i64,
        /// The chance as a percentage (`27.8%`).
        percent: String,
        /// What the odds leave out (the dice's own note), if anything.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        /// The highest result, when the target is past it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unreachable_past: Option<i64>,
    },
    /// No exact chance (the dice say why).
    Unknown {
        /// The target.
        target: i64,
        /// Why.
        reason: String,
    },
}

/// A rendered reply: title, text and fields (name, value).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Words {
    /// The title.
    pub title: Option<String>,
    /// The text.
    pub body: String,
    /// Named blocks.
    pub fields: Vec<(String, String)>,
    /// The labels of the message's first buttons, in order (none: as they are).
    pub buttons: Vec<String>,
}

impl Chance {
    /// The chance line (`needs 9+: 27.8%`) in `locale`.
    pub fn line(&self, locale: Locale) -> String {
        match self {
            Chance::Known {
                target,
                percent,
                note,
                unreachable_past,
            } => {
                let line = text(
                    locale,
                    "roll-chance",
                    &[("target", (*target).into()), ("chance", percent.into())],
                );
                match (note, unreachable_past) {
                    (Some(note), _) => text(
                        locale,
                        "roll-chance-note",
                        &[("line", line.into()), ("note", note.into())],
                    ),
                    (None, Some(max)) => text(
                        locale,
                        "roll-chance-unreachable",
                        &[
                            ("line", line.into()),
                            ("target", (*target).into()),
                            ("highest", (*max).into()),
                        ],
                    ),
                    (None, None) => line,
                }
            }
            Chance::Unknown { target, reason } => text(
                locale,
                "roll-chance-unknown",
                &[("target", (*target).into()), ("reason", reason.into())],
            ),
        }
    }
}

impl Said {
    /// The reply in `locale`.
    pub fn words(&self, locale: Locale) -> Words {
        match self {
            Said::Roll(r) => r.words(locale),
            Said::Phrase(p) => p.words(locale),
            Said::BlindNotice { expr, log } => Words {
                title: None,
                body: text(
                    locale,
                    "roll-blind-notice",
                    &[("expr", expr.into()), ("log", (*log).into())],
                ),
                fields: vec![],
                buttons: vec![],
            },
            Said::RollFailed { error, thrown } => Words {
                title: Some(text(locale, "roll-failed-title", &[])),
                body: text(
                    locale,
                    "roll-failed",
                    &[
                        ("error", error.into()),
                        ("thrown", Arg::from(if *thrown { "yes" } else { "no" })),
                    ],
                ),
                fields: vec![],
                buttons: vec![],
            },
        }
    }
}

impl RollSaid {
    fn words(&self, locale: Locale) -> Words {
        let roll = self.roll.render_in(locale, self.target);
        let mut body = text(
            locale,
            "roll-line",
            &[("who", (&self.who).into()), ("roll", roll.into())],
        );
        if let Some(w) = &self.roll.warning {
            // Once per roll: a strict `>`/`<` where Roll20 users read it inclusively.
            body.push('\n');
            body.push_str(&text(locale, "roll-note", &[("note", w.into())]));
        }
        if let Some(t) = self.target {
            let verdict = if self.roll.total >= t {
                "success"
            } else {
                "failure"
            };
            let chance = self
                .chance
                .as_ref()
                .map(|c| c.line(locale))
                .unwrap_or_default();
            body.push('\n');
            body.push_str(&text(
                locale,
                "roll-verdict",
                &[("chance", chance.into()), ("verdict", verdict.into())],
            ));
        }
        let mut fields = vec![];
        if let Some(id) = self.log {
            fields.push((
                text(locale, "roll-log", &[]),
                text(locale, "roll-log-number", &[("log", id.into())]),
            ));
        }
        if self.blind {
            Words {
                title: Some(text(locale, "roll-blind-title", &[])),
                body: text(locale, "roll-blind", &[("roll", body.into())]),
                fields,
                buttons: vec![],
            }
        } else {
            Words {
                title: Some(text(locale, "roll-title", &[])),
                body,
                fields,
                buttons: vec![],
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request every reader reads in English stores its outcome without the typed words
    /// (the text is the English, and the roll is stored once, for its picture); one read in
    /// Japanese keeps them, so a second delivery is written in Japanese again. The outcome
    /// itself keeps its words either way.
    #[test]
    fn a_stored_outcome_keeps_the_typed_words_only_for_another_language() {
        use crate::i18n::Readers;
        use crate::table::{Message, Outcome, Reply};
        let mut out = Outcome {
            replies: vec![Reply::public(Message::said(Said::BlindNotice {
                expr: "2d6".into(),
                log: 7,
            }))],
            accepted: true,
            duplicate: false,
            readers: None,
        };
        let english = out.stored_json(Readers::all(Locale::En)).unwrap();
        assert!(!english.contains("\"said\""), "{english}");
        assert!(
            out.replies[0].message.said.is_some(),
            "put back after the write"
        );
        let japanese = Readers {
            user: Locale::Ja,
            server: Locale::En,
        };
        let stored = out.stored_json(japanese).unwrap();
        assert!(stored.contains("\"said\""), "{stored}");
        let back: Outcome = serde_json::from_str(&stored).unwrap();
        assert_eq!(back.replies[0].message.said, out.replies[0].message.said);
    }

    fn roll(expr: &str, seed: u64) -> Roll {
        crate::dice::roll(expr, &mut crate::rng::seeded(seed)).expect("rolls")
    }

    /// English reads as `/roll` always has; Japanese says the same numbers in its own words.
    #[test]
    fn a_roll_reads_the_same_numbers_in_english_and_japanese() {
        let r = roll("2d6+5", 3);
        let said = Said::Roll(Box::new(RollSaid {
            who: "<@1>".into(),
            roll: r.clone(),
            target: Some(9),
            chance: Some(Chance::Known {
                target: 9,
                percent: "91.7%".into(),
                note: None,
                unreachable_past: None,
            }),
            log: Some(12),
            blind: false,
        }));
        let verdict = if r.total >= 9 { "success" } else { "failure" };
        let en = said.words(Locale::En);
        assert_eq!(en.title.as_deref(), Some("🎲 Roll"));
        assert_eq!(
            en.body,
            format!("<@1> rolls {}\nneeds 9+: 91.7% — **{verdict}**", r.render())
        );
        assert_eq!(en.fields, vec![("Log".to_string(), "#12".to_string())]);
        let ja = said.words(Locale::Ja);
        let ja_verdict = if r.total >= 9 { "成功" } else { "失敗" };
        assert_eq!(
            ja.body,
            format!(
                "<@1>：{}\n9以上の確率：91.7% ＞ **{ja_verdict}**",
                r.render_in(Locale::Ja, Some(9))
            )
        );
        assert!(ja
            .body
            .contains(&format!(" ＞ {} ＞ {ja_verdict}", r.total)));
        assert_eq!(ja.fields, vec![("ログ".to_string(), "#12".to_string())]);
    }

    /// A Phrase's named blocks are written in each reader's language, like its text, and a
    /// message of it keeps them when read again in another language.
    #[test]
    fn a_phrases_fields_are_written_in_each_language() {
        use crate::table::Message;
        let p = Phrase::new("roll-title")
            .field("roll-log", "roll-log-number")
            .arg("log", 12);
        let en = Said::Phrase(p.clone()).words(Locale::En);
        assert_eq!(en.fields, vec![("Log".to_string(), "#12".to_string())]);
        let m = Message::phrase(p).in_language(Locale::Ja);
        assert_eq!(m.fields.len(), 1);
        assert_eq!(
            (m.fields[0].name.as_str(), m.fields[0].value.as_str()),
            ("ログ", "#12")
        );
    }

    #[test]
    fn chance_lines_say_what_the_odds_leave_out_in_each_language() {
        let past = Chance::Known {
            target: 25,
            percent: "0.0%".into(),
            note: None,
            unreachable_past: Some(20),
        };
        assert_eq!(
            past.line(Locale::En),
            "needs 25+: 0.0% (no result reaches 25: the highest is 20)"
        );
        assert_eq!(
            past.line(Locale::Ja),
            "25以上の確率：0.0%（25に届く結果はない：最大は20）"
        );
        let none = Chance::Unknown {
            target: 12,
            reason: "why".into(),
        };
        assert_eq!(none.line(Locale::En), "needs 12+ (no exact chance: why)");
        assert_eq!(none.line(Locale::Ja), "12以上（正確な確率なし：why）");
    }

    #[test]
    fn a_failed_or_blind_roll_is_told_in_the_readers_language() {
        let failed = Said::RollFailed {
            error: "E.".into(),
            thrown: false,
        };
        assert_eq!(
            failed.words(Locale::En).body,
            "E. No dice were thrown; nothing changed."
        );
        assert_eq!(
            failed.words(Locale::Ja).body,
            "E. ダイスは振られていません。何も変わっていません。"
        );
        let notice = Said::BlindNotice {
            expr: "1d20".into(),
            log: 4,
        };
        assert_eq!(
            notice.words(Locale::En).body,
            "🙈 You rolled `1d20` blind (log #4); only the GM sees the result."
        );
        assert!(notice.words(Locale::Ja).body.contains("ブラインド"));
    }
}
