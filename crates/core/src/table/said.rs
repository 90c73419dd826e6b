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
        /// What went wrong (the dice's own error, in each language: [`dice_error`]; a row
        /// stored before it was, a plain English text).
        error: Value,
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
    /// Its buttons' labels, in the message's button order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Label>,
    /// Its named blocks (a front end's fields), in order. A boxed slice keeps a [`Phrase`],
    /// which refusals carry, small.
    #[serde(default, skip_serializing_if = "no_fields")]
    pub fields: Box<[PhraseField]>,
    /// The words of the message's select menu, if it has words of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub menu: Option<Box<Menu>>,
}

/// A button's label: a message of the catalogue given the phrase's values, or words of its own
/// (a button that names someone: `Dodge: Bolt`). Stored as the key alone when it is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Label {
    /// The message's key.
    Key(String),
    /// Words of its own.
    Own(Box<Phrase>),
}

impl From<&str> for Label {
    fn from(k: &str) -> Self {
        Label::Key(k.to_string())
    }
}

impl From<Phrase> for Label {
    fn from(p: Phrase) -> Self {
        Label::Own(Box::new(p))
    }
}

impl Label {
    /// The label in `locale`, given the values `args` of the phrase it labels a button of.
    pub fn text(&self, locale: Locale, args: &[(&str, Arg)]) -> String {
        match self {
            Label::Key(k) => text(locale, k, args),
            Label::Own(p) => p.text(locale),
        }
    }
}

/// True for a phrase without fields (stored without them).
fn no_fields(fields: &[PhraseField]) -> bool {
    fields.is_empty()
}

/// A named block of a [`Phrase`]: its name and value, each written in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhraseField {
    /// Its name (a [`Phrase`] of the catalogue, or a name as it is).
    pub name: Value,
    /// Its value.
    pub value: Value,
    /// Shown beside the blocks around it (Discord's inline fields).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inline: bool,
}

/// A select menu's words: its placeholder, each entry's label and each entry's second line,
/// in the menu's order (an entry's value is an id and stays as it is).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    /// The placeholder.
    pub placeholder: Value,
    /// Each entry's label (`None`, or no labels at all, as stored before labels were typed:
    /// the label as it is).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<Option<Value>>,
    /// Each entry's description (`None`: it has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub descriptions: Vec<Option<Value>>,
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
    /// A log entry's summary: its English as written when it happened, and its words in the
    /// other languages from the typed words it was written from.
    Summary(Box<Summary>),
    /// A message of the catalogue given the values of the [`Phrase`] it is a field of (a
    /// heading and its text written from the phrase's own values; elsewhere, given none).
    Own {
        /// The message's key.
        own: String,
    },
    /// Values written in a row, separated as the language separates a list of facts
    /// (`list-facts-sep`: `; ` in English).
    List {
        /// The values.
        list: Vec<Value>,
    },
    /// A data entry's words as its data file gives them (a skill's name, a card's text): the
    /// English, and the Japanese the file carries beside it (`name_ja` beside `name`). A
    /// language the file does not carry reads the English (`croupier check-data` lists those).
    Data(Box<DataText>),
    /// Values to choose from, written as the language lists alternatives (`list-or-sep`,
    /// `list-or-last`: `a, b or c` in English).
    Either {
        /// The values.
        either: Vec<Value>,
    },
}

/// A data entry's words in each language its data file carries (see [`Value::Data`]).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DataText {
    /// The English, as the data file writes it.
    pub en: String,
    /// The Japanese, if the data file carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ja: Option<String>,
}

impl DataText {
    /// The words `en`, with their Japanese `ja` if the data carries it.
    pub fn new(en: &str, ja: Option<&str>) -> Self {
        DataText {
            en: en.to_string(),
            ja: ja.map(str::to_string),
        }
    }

    /// The words in `locale`: the English where the data carries no other.
    pub fn get(&self, locale: Locale) -> &str {
        match locale {
            Locale::En => &self.en,
            Locale::Ja => self.ja.as_deref().unwrap_or(&self.en),
        }
    }
}

impl From<DataText> for Value {
    fn from(d: DataText) -> Self {
        Value::Data(Box::new(d))
    }
}

/// A data entry's words as a [`Value`]: `en`, with the Japanese `ja` where the data has it.
pub fn data(en: &str, ja: Option<&str>) -> Value {
    DataText::new(en, ja).into()
}

/// Words the dice write in each language (`locales/*/dice.ftl`), given `words` in one, as a
/// [`Value`] ([`Value::Data`]: the English and the Japanese).
pub fn dice_words(words: impl Fn(Locale) -> String) -> Value {
    data(&words(Locale::En), Some(&words(Locale::Ja)))
}

/// A dice error (a notation refused, a roll failed, no exact odds) in each language.
pub fn dice_error(e: &crate::dice::DiceError) -> Value {
    dice_words(|l| e.text(l))
}

/// What `croupier check-data` says of entries without Japanese words (`None`: every entry has
/// them): `what` names the file and field (`skills.toml name_ja`), `ids` the entries lacking it.
pub fn missing_japanese<'a>(what: &str, ids: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let ids: Vec<&str> = ids.into_iter().collect();
    if ids.is_empty() {
        return None;
    }
    let shown: Vec<&str> = ids.iter().take(12).copied().collect();
    let more = if ids.len() > shown.len() {
        format!(" and {} more", ids.len() - shown.len())
    } else {
        String::new()
    };
    Some(format!(
        "{what}: {} entr{} without Japanese words (the English is shown to Japanese readers): {}{more}",
        ids.len(),
        if ids.len() == 1 { "y" } else { "ies" },
        shown.join(", ")
    ))
}

/// A log entry's summary in every language (see [`Value::Summary`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// As the log wrote it (English).
    pub english: String,
    /// The typed words it was written from.
    pub words: Said,
}

/// The most characters a log entry's summary keeps.
pub const SUMMARY_CHARS: usize = 200;

/// A message's summary as the log keeps it: its title and the first line of its text
/// (`title — line`), at most [`SUMMARY_CHARS`] characters.
pub fn summary_of(title: Option<&str>, body: &str) -> String {
    let first = body.lines().next().unwrap_or("");
    let s = match title {
        Some(t) if !first.is_empty() => format!("{t} — {first}"),
        Some(t) => t.to_string(),
        None => first.to_string(),
    };
    s.chars().take(SUMMARY_CHARS).collect()
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
    /// The value as a store keeps it in a text column (a settled decision's label): its JSON.
    pub fn stored(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| self.text(Locale::En))
    }

    /// A value a store kept with [`Value::stored`]; a row from before the words were typed
    /// holds a plain English text, which reads as that text.
    pub fn from_stored(stored: &str) -> Value {
        serde_json::from_str(stored).unwrap_or_else(|_| Value::Text(stored.to_string()))
    }

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
            Value::Own { own } => text(locale, own, &[]),
            Value::List { list } => {
                let sep = text(locale, "list-facts-sep", &[]);
                list.iter()
                    .map(|x| x.text(locale))
                    .collect::<Vec<_>>()
                    .join(&sep)
            }
            Value::Summary(s) => match locale {
                Locale::En => s.english.clone(),
                other => s.words.summary(other),
            },
            Value::Data(d) => d.get(locale).to_string(),
            Value::Either { either } => {
                let words: Vec<String> = either.iter().map(|x| x.text(locale)).collect();
                match words.split_last() {
                    None => String::new(),
                    Some((last, [])) => last.clone(),
                    Some((last, init)) => format!(
                        "{}{}{last}",
                        init.join(&text(locale, "list-or-sep", &[])),
                        text(locale, "list-or-last", &[])
                    ),
                }
            }
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
            fields: Box::default(),
            menu: None,
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
        self.buttons = keys.iter().map(|k| Label::from(*k)).collect();
        self
    }

    /// Labels the message's buttons, in order, with these labels (keys given the same values,
    /// or words of their own).
    pub fn labels(mut self, labels: Vec<Label>) -> Self {
        self.buttons = labels;
        self
    }

    /// Adds a named block: its name and value, each written in the reader's language.
    pub fn field(self, name: impl Into<Value>, value: impl Into<Value>) -> Self {
        self.block(name.into(), value.into(), false)
    }

    /// Adds a named block shown beside the blocks around it (see [`Phrase::field`]).
    pub fn inline(self, name: impl Into<Value>, value: impl Into<Value>) -> Self {
        self.block(name.into(), value.into(), true)
    }

    /// Adds a named block whose heading and text are the messages `name` and `value` given
    /// this phrase's values.
    pub fn field_keys(self, name: &str, value: &str) -> Self {
        let own = |k: &str| Value::Own { own: k.to_string() };
        self.block(own(name), own(value), false)
    }

    fn block(mut self, name: Value, value: Value, inline: bool) -> Self {
        let mut fields = std::mem::take(&mut self.fields).into_vec();
        fields.push(PhraseField {
            name,
            value,
            inline,
        });
        self.fields = fields.into_boxed_slice();
        self
    }

    /// Gives the message's select menu these words: its placeholder and each entry's second
    /// line, in the menu's order (the entries' labels stay as they are).
    pub fn menu(self, placeholder: impl Into<Value>, descriptions: Vec<Option<Value>>) -> Self {
        self.menu_entries(placeholder, vec![], descriptions)
    }

    /// Gives the message's select menu these words: its placeholder, and each entry's label
    /// and second line, in the menu's order (a label `None`: as it is).
    pub fn menu_entries(
        mut self,
        placeholder: impl Into<Value>,
        labels: Vec<Option<Value>>,
        descriptions: Vec<Option<Value>>,
    ) -> Self {
        self.menu = Some(Box::new(Menu {
            placeholder: placeholder.into(),
            labels,
            descriptions,
        }));
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
        // A field's own messages are given this phrase's values.
        let own = |v: &Value| match v {
            Value::Own { own } => text(locale, own, &args),
            v => v.text(locale),
        };
        Words {
            title: self.title.as_ref().map(|t| text(locale, t, &args)),
            body: text(locale, &self.key, &args),
            fields: self
                .fields
                .iter()
                .map(|f| (own(&f.name), own(&f.value)))
                .collect(),
            inline: self.fields.iter().map(|f| f.inline).collect(),
            buttons: self.buttons.iter().map(|b| b.text(locale, &args)).collect(),
            menu: self.menu.as_ref().map(|m| {
                let each = |v: &[Option<Value>]| -> Vec<Option<String>> {
                    v.iter()
                        .map(|d| d.as_ref().map(|d| d.text(locale)))
                        .collect()
                };
                MenuWords {
                    placeholder: m.placeholder.text(locale),
                    labels: each(&m.labels),
                    descriptions: each(&m.descriptions),
                }
            }),
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
        /// What the odds leave out (the dice's own note, in each language), if anything.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<Value>,
        /// The highest result, when the target is past it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unreachable_past: Option<i64>,
    },
    /// No exact chance (the dice say why).
    Unknown {
        /// The target.
        target: i64,
        /// Why (the dice's own error, in each language: [`dice_error`]).
        reason: Value,
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
    /// Which of the named blocks are inline, in their order (missing: not).
    pub inline: Vec<bool>,
    /// The labels of the message's first buttons, in order (none: as they are).
    pub buttons: Vec<String>,
    /// The select menu's words (none: as they are).
    pub menu: Option<MenuWords>,
}

/// A select menu's words as a reader reads them (see [`Menu`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MenuWords {
    /// The placeholder.
    pub placeholder: String,
    /// Each entry's label, in order (`None`, or past the end: as it is).
    pub labels: Vec<Option<String>>,
    /// Each entry's description, in order (`None`: it has none; past the end: as it is).
    pub descriptions: Vec<Option<String>>,
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
                        &[("line", line.into()), ("note", note.text(locale).into())],
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
                &[
                    ("target", (*target).into()),
                    ("reason", reason.text(locale).into()),
                ],
            ),
        }
    }
}

impl Said {
    /// Its summary in `locale`, as the log keeps one ([`summary_of`]).
    pub fn summary(&self, locale: Locale) -> String {
        let w = self.words(locale);
        summary_of(w.title.as_deref(), &w.body)
    }

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
                inline: vec![],
                buttons: vec![],
                menu: None,
            },
            Said::RollFailed { error, thrown } => Words {
                title: Some(text(locale, "roll-failed-title", &[])),
                body: text(
                    locale,
                    "roll-failed",
                    &[
                        ("error", error.text(locale).into()),
                        ("thrown", Arg::from(if *thrown { "yes" } else { "no" })),
                    ],
                ),
                fields: vec![],
                inline: vec![],
                buttons: vec![],
                menu: None,
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
            body.push_str(&text(
                locale,
                "roll-note",
                &[("note", w.text(locale).into())],
            ));
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
                inline: vec![],
                buttons: vec![],
                menu: None,
            }
        } else {
            Words {
                title: Some(text(locale, "roll-title", &[])),
                body,
                fields,
                inline: vec![],
                buttons: vec![],
                menu: None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// A settled decision's label is kept as its words; a row kept before they were typed
    /// holds the English, which still reads as it was.
    #[test]
    fn a_stored_label_reads_back_in_each_language_and_an_old_plain_one_as_it_is() {
        let label = Value::from(Phrase::new("nobi-decision-roll").arg("n", 1));
        let back = Value::from_stored(&label.stored());
        assert_eq!(back, label);
        assert_eq!(back.text(Locale::En), "Scene 1's roll");
        assert_eq!(back.text(Locale::Ja), "シーン1の判定");
        let old = Value::from_stored("Scene 1's roll");
        assert_eq!(old, Value::Text("Scene 1's roll".into()));
        assert_eq!(old.text(Locale::Ja), "Scene 1's roll");
    }

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

    /// A phrase's named blocks are named by the catalogue in the reader's language, keep
    /// their values (a phrase among them in the same language) and whether they are inline.
    #[test]
    fn a_phrases_fields_are_named_in_the_readers_language_and_stay_inline() {
        use crate::table::Message;
        let m = Message::phrase(
            Phrase::new("roll-log")
                .field(Phrase::new("roll-log"), "#3")
                .inline(Phrase::new("roll-title"), Phrase::new("roll-log")),
        );
        let names = |m: &Message| -> Vec<(String, String, bool)> {
            m.fields
                .iter()
                .map(|f| (f.name.clone(), f.value.clone(), f.inline))
                .collect()
        };
        assert_eq!(
            names(&m),
            vec![
                ("Log".to_string(), "#3".to_string(), false),
                ("🎲 Roll".to_string(), "Log".to_string(), true),
            ]
        );
        let ja = names(&m.in_language(Locale::Ja));
        assert_eq!(ja[0], ("ログ".to_string(), "#3".to_string(), false));
        assert_eq!(ja[1].1, "ログ");
        assert!(ja[1].2);
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
            .field_keys("roll-log", "roll-log-number")
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

    /// A phrase's fields and its select menu are written in the reader's language too: each
    /// field keeps the message's inline flag, the menu its entries' labels and values.
    #[test]
    fn a_phrases_fields_and_menu_are_written_in_the_readers_language() {
        use crate::table::Message;
        let mut m = Message::phrase(
            Phrase::new("roll-title")
                .field(Phrase::new("roll-log"), "#3")
                .field("name", Phrase::new("roll-log"))
                .menu(
                    Phrase::new("roll-log"),
                    vec![Some(Phrase::new("roll-title").into()), None],
                ),
        );
        m.fields[1].inline = true;
        m.select = Some(log_menu());
        let ja = m.in_language(Locale::Ja);
        let fields: Vec<(&str, &str, bool)> = ja
            .fields
            .iter()
            .map(|f| (f.name.as_str(), f.value.as_str(), f.inline))
            .collect();
        assert_eq!(fields, [("ログ", "#3", false), ("name", "ログ", true)]);
        let sel = ja.select.expect("the menu");
        assert_eq!(sel.placeholder, "ログ");
        assert_eq!(sel.options[0].label, "A");
        assert_eq!(
            sel.options[0].description.as_deref(),
            Some(text(Locale::Ja, "roll-title", &[]).as_str())
        );
        assert_eq!(sel.options[1].description, None);
        let en = m.in_language(Locale::En);
        assert_eq!(en.fields[0].name, "Log");
        assert!(en.fields[1].inline);
        assert_eq!(en.select.expect("the menu").placeholder, "Log");
    }

    /// A menu of two entries, `A` and `B`, placeholder `Log`, labels and values as given.
    fn log_menu() -> crate::table::Select {
        use crate::table::{Select, SelectOption};
        Select {
            placeholder: "Log".into(),
            command: "/roll".into(),
            option: "expr".into(),
            options: ["a", "b"]
                .map(|v| SelectOption {
                    label: v.to_uppercase(),
                    value: v.into(),
                    description: None,
                })
                .to_vec(),
            decision: None,
        }
    }

    /// A menu's typed labels are written in the reader's language (an entry without one keeps
    /// its label), its values stay ids; a menu stored before labels were typed still loads and
    /// keeps its labels as they are.
    #[test]
    fn a_menus_labels_are_written_in_the_readers_language_and_an_old_menu_still_loads() {
        use crate::table::Message;
        let select = log_menu();
        let mut m = Message::phrase(Phrase::new("roll-title").menu_entries(
            Phrase::new("roll-log"),
            vec![Some(data("Log", Some("記録"))), None],
            vec![None, Some(Phrase::new("roll-log").into())],
        ));
        m.select = Some(select.clone());
        let ja = m.in_language(Locale::Ja).select.expect("the menu");
        let entries: Vec<(&str, &str, Option<&str>)> = ja
            .options
            .iter()
            .map(|o| (o.label.as_str(), o.value.as_str(), o.description.as_deref()))
            .collect();
        assert_eq!(entries, [("記録", "a", None), ("B", "b", Some("ログ"))]);
        let en = m.in_language(Locale::En).select.expect("the menu");
        assert_eq!(en.options[0].label, "Log");
        assert_eq!(en.options[1].label, "B");
        // Stored without labels: read back with none, and the labels stay.
        let old: Phrase = serde_json::from_str(
            r#"{"key":"roll-title","menu":{"placeholder":{"key":"roll-log"},"descriptions":[null,"x"]}}"#,
        )
        .unwrap();
        assert!(old.menu.as_ref().is_some_and(|m| m.labels.is_empty()));
        let json = serde_json::to_string(&old).unwrap();
        assert!(!json.contains("labels"), "{json}");
        let mut m = Message::phrase(old);
        m.select = Some(select);
        let ja = m.in_language(Locale::Ja).select.expect("the menu");
        assert_eq!(ja.placeholder, "ログ");
        assert_eq!(ja.options[0].label, "A");
        assert_eq!(ja.options[1].description.as_deref(), Some("x"));
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

    /// Rows stored when the dice's words were English text still load (the untagged
    /// [`Value`] reads a plain string as [`Value::Text`]) and read as they did; new rows
    /// carry both languages.
    #[test]
    fn an_old_row_with_the_dice_words_as_english_text_still_loads() {
        let failed: Said =
            serde_json::from_str(r#"{"roll_failed":{"error":"Division by zero at column 2. Divide by something that cannot be 0.","thrown":true}}"#)
                .unwrap();
        assert!(matches!(
            &failed,
            Said::RollFailed {
                error: Value::Text(_),
                thrown: true
            }
        ));
        assert!(failed
            .words(Locale::Ja)
            .body
            .starts_with("Division by zero at column 2."));
        let known: Chance = serde_json::from_str(
            r#"{"known":{"target":5,"percent":"33.3%","note":"Left out: 1.0e-19 lies in explosion chains longer than 40 dice, which the odds do not follow."}}"#,
        )
        .unwrap();
        assert_eq!(
            known.line(Locale::En),
            "needs 5+: 33.3% (Left out: 1.0e-19 lies in explosion chains longer than 40 dice, which the odds do not follow.)"
        );
        let unknown: Chance =
            serde_json::from_str(r#"{"unknown":{"target":5,"reason":"why"}}"#).unwrap();
        assert_eq!(unknown.line(Locale::En), "needs 5+ (no exact chance: why)");
        // A new row keeps both languages and reads back the same.
        let e = crate::dice::parse("1d0").unwrap_err();
        let new = Said::RollFailed {
            error: dice_error(&e),
            thrown: false,
        };
        let json = serde_json::to_string(&new).unwrap();
        let back: Said = serde_json::from_str(&json).unwrap();
        assert_eq!(back, new);
        assert!(back.words(Locale::En).body.starts_with(&e.to_string()));
        assert!(back.words(Locale::Ja).body.starts_with(&e.text(Locale::Ja)));
    }
}
