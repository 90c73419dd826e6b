//! The message catalogues: every sentence a reader sees, in English and Japanese.
//!
//! The catalogues are [Project Fluent](https://projectfluent.org) files under `locales/en/` and
//! `locales/ja/` at the top of the repository, embedded into the binary when it is built (one
//! bundle per language, read once, shared by every thread). Fluent keeps the grammar in the
//! catalogue: plural rules (`{ $count -> [one] … *[other] … }`, by CLDR's rules for the
//! language), the order of the words around each value, and the number formatting, so code
//! passes typed values (`$total`, `$who`) and never assembles a sentence from English pieces.
//!
//! A [`Locale`] is one of the languages Croupier speaks; any other tag (a Discord user whose
//! client is in French) falls back to English, and so does a message missing in Japanese (the
//! tests allow none: `tests::every_key_is_in_every_language`).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, LazyLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use include_dir::{include_dir, Dir};
use serde::{Deserialize, Serialize};

static LOCALES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../locales");

/// A language Croupier speaks. Stored as its tag (`"ja"`); a tag this build does not speak
/// (written by a later one) reads as English rather than failing the record it is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    /// English: the fallback for every other language and for a missing message.
    #[default]
    En,
    /// Japanese.
    Ja,
}

/// A `--locale` (or another setting) that names no language Croupier speaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLocale(pub String);

impl std::fmt::Display for UnknownLocale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not a language Croupier speaks: use en or ja",
            self.0
        )
    }
}

impl std::error::Error for UnknownLocale {}

impl Locale {
    /// Every language, English first.
    pub const ALL: [Locale; 2] = [Locale::En, Locale::Ja];

    /// The language's tag as the catalogues' folders, `--locale` and Discord's localization
    /// dictionaries spell it (`en`, `ja`).
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Ja => "ja",
        }
    }

    /// The language of a locale tag as Discord sends it (an interaction's `locale` or
    /// `guild_locale`: `ja`, `en-US`, `fr`, …): Japanese for `ja` (and `ja-…`), English for
    /// every other tag, including an empty one.
    pub fn from_tag(tag: &str) -> Locale {
        let lang = tag.split(['-', '_']).next().unwrap_or("");
        if lang.eq_ignore_ascii_case("ja") {
            Locale::Ja
        } else {
            Locale::En
        }
    }

    /// A language named on purpose (`croupier console --locale ja`): `en` or `ja` (any case, a
    /// region allowed: `ja-JP`); anything else is refused rather than silently read as English.
    pub fn parse(s: &str) -> Result<Locale, UnknownLocale> {
        let lang = s.trim().split(['-', '_']).next().unwrap_or("");
        Locale::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(lang))
            .ok_or_else(|| UnknownLocale(s.trim().to_string()))
    }
}

impl<'de> Deserialize<'de> for Locale {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let tag = String::deserialize(d)?;
        Ok(Locale::from_tag(&tag))
    }
}

impl std::fmt::Display for Locale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Locale {
    type Err = UnknownLocale;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Locale::parse(s)
    }
}

/// The languages of those who read a request's answers: the person who acted reads private
/// answers in theirs (Discord: the interaction's `locale`), everyone else reads the channel's
/// in the server's (`guild_locale`; the person's own in a DM).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Readers {
    /// The language of the person who acted.
    #[serde(default)]
    pub user: Locale,
    /// The language of the server (what public answers are written in).
    #[serde(default)]
    pub server: Locale,
}

impl Readers {
    /// Whether everyone reads English (the language the table's text is written in).
    pub fn all_english(self) -> bool {
        self.user == Locale::En && self.server == Locale::En
    }

    /// One language for everyone (the console's `--locale`).
    pub fn all(locale: Locale) -> Readers {
        Readers {
            user: locale,
            server: locale,
        }
    }

    /// The language an answer is written in: the actor's for an answer only they see, the
    /// server's for one the channel (or someone else) sees.
    pub fn for_answer(self, only_the_actor: bool) -> Locale {
        if only_the_actor {
            self.user
        } else {
            self.server
        }
    }
}

/// A value passed into a message (`$name` in the catalogue).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A text, shown as it is.
    Text(String),
    /// A whole number: formatted by the language and read by its plural rules.
    Int(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Self {
        Arg::Text(s.clone())
    }
}
impl From<i64> for Arg {
    fn from(n: i64) -> Self {
        Arg::Int(n)
    }
}
impl From<usize> for Arg {
    fn from(n: usize) -> Self {
        Arg::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// One language's catalogue: its bundle and the files it was read from.
struct Catalogue {
    bundle: FluentBundle<Arc<FluentResource>>,
    resources: Vec<(String, Arc<FluentResource>)>,
    problems: Vec<String>,
}

static CATALOGUES: LazyLock<BTreeMap<Locale, Catalogue>> = LazyLock::new(|| {
    Locale::ALL
        .into_iter()
        .map(|l| (l, load(l)))
        .collect::<BTreeMap<_, _>>()
});

fn load(locale: Locale) -> Catalogue {
    // `en` and `ja` are well-formed language tags; the default ("und") is never reached.
    let lang: unic_langid::LanguageIdentifier = locale.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![lang]);
    // Discord and the console show text as it is: no Unicode isolation marks around values.
    bundle.set_use_isolating(false);
    let mut resources = vec![];
    let mut problems = vec![];
    let mut files: Vec<_> = LOCALES
        .get_dir(locale.code())
        .into_iter()
        .flat_map(|d| d.files())
        .filter(|f| f.path().extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort_by_key(|f| f.path().to_path_buf());
    for file in files {
        let name = file.path().display().to_string();
        let text = String::from_utf8_lossy(file.contents()).into_owned();
        let resource = match FluentResource::try_new(text) {
            Ok(r) => r,
            Err((r, errors)) => {
                for e in errors {
                    problems.push(format!("{name}: {e:?}"));
                }
                r
            }
        };
        let resource = Arc::new(resource);
        if let Err(errors) = bundle.add_resource(resource.clone()) {
            for e in errors {
                problems.push(format!("{name}: {e}"));
            }
        }
        resources.push((name, resource));
    }
    Catalogue {
        bundle,
        resources,
        problems,
    }
}

fn catalogue(locale: Locale) -> &'static Catalogue {
    // Every locale is loaded above.
    &CATALOGUES[&locale]
}

fn fluent_args(args: &[(&str, Arg)]) -> FluentArgs<'static> {
    let mut out = FluentArgs::new();
    for (k, v) in args {
        let v: FluentValue<'static> = match v {
            Arg::Text(s) => FluentValue::from(s.clone()),
            Arg::Int(n) => FluentValue::from(*n),
        };
        out.set(k.to_string(), v);
    }
    out
}

/// `key` (a message, or `message.attribute`) in `locale`, formatted with `args`, or `None`
/// when that catalogue does not have it (no fallback).
pub fn lookup(locale: Locale, key: &str, args: &[(&str, Arg)]) -> Option<String> {
    let cat = catalogue(locale);
    let (id, attr) = match key.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (key, None),
    };
    let msg = cat.bundle.get_message(id)?;
    let pattern = match attr {
        Some(a) => msg.get_attribute(a)?.value(),
        None => msg.value()?,
    };
    let fargs = fluent_args(args);
    let mut errors = vec![];
    let text = cat
        .bundle
        .format_pattern(pattern, Some(&fargs), &mut errors);
    Some(text.into_owned())
}

/// `key` in `locale`, formatted with `args`; in English when the language lacks it, and the
/// key itself when English lacks it too (the completeness tests allow neither).
pub fn text(locale: Locale, key: &str, args: &[(&str, Arg)]) -> String {
    lookup(locale, key, args)
        .or_else(|| lookup(Locale::En, key, args))
        .unwrap_or_else(|| key.to_string())
}

/// Every key of `locale`'s catalogue: each message with a value (`roll-title`) and each
/// attribute (`cmd-roll.desc`).
pub fn keys(locale: Locale) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (_, res) in &catalogue(locale).resources {
        for entry in res.entries() {
            if let ast::Entry::Message(m) = entry {
                if m.value.is_some() {
                    out.insert(m.id.name.to_string());
                }
                for a in &m.attributes {
                    out.insert(format!("{}.{}", m.id.name, a.id.name));
                }
            }
        }
    }
    out
}

/// The variables (`$name`) `key` uses in `locale`'s catalogue, every branch of a selector
/// included (empty for a key it lacks).
pub fn variables(locale: Locale, key: &str) -> BTreeSet<String> {
    let (id, attr) = match key.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (key, None),
    };
    let mut out = BTreeSet::new();
    for (_, res) in &catalogue(locale).resources {
        for entry in res.entries() {
            let ast::Entry::Message(m) = entry else {
                continue;
            };
            if m.id.name != id {
                continue;
            }
            let pattern = match attr {
                Some(a) => m
                    .attributes
                    .iter()
                    .find(|x| x.id.name == a)
                    .map(|x| &x.value),
                None => m.value.as_ref(),
            };
            if let Some(p) = pattern {
                pattern_variables(p, &mut out);
            }
        }
    }
    out
}

fn pattern_variables(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Inline(i) => inline_variables(i, out),
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                pattern_variables(&v.value, out);
            }
        }
    }
}

fn inline_variables(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
            for a in &arguments.named {
                inline_variables(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

/// What is wrong with the catalogues as files: a syntax error, or a message defined twice in
/// one language (empty when all is well).
pub fn problems() -> Vec<String> {
    Locale::ALL
        .into_iter()
        .flat_map(|l| catalogue(l).problems.iter().cloned())
        .collect()
}

/// The catalogue files of `locale` (their paths under `locales/`), for messages that name them.
pub fn files(locale: Locale) -> Vec<String> {
    catalogue(locale)
        .resources
        .iter()
        .map(|(n, _)| n.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogues_read_without_problems() {
        assert_eq!(problems(), Vec::<String>::new());
        for l in Locale::ALL {
            assert!(!files(l).is_empty(), "{l}: no catalogue files");
        }
    }

    /// The keys of the slash commands' other languages (`locales/ja/commands.ftl`): their
    /// English is the commands' declarations, and `croupier-discord`'s
    /// `every_command_option_and_choice_is_registered_in_japanese` checks them against those.
    fn is_command(key: &str) -> bool {
        key.starts_with("cmd-")
    }

    /// Every message and attribute exists in every language: the list of what is missing
    /// is printed whole, and must be empty.
    #[test]
    fn every_key_is_in_every_language() {
        let en: BTreeSet<String> = keys(Locale::En)
            .into_iter()
            .filter(|k| !is_command(k))
            .collect();
        let mut missing = vec![];
        for l in Locale::ALL {
            let here: BTreeSet<String> = keys(l).into_iter().filter(|k| !is_command(k)).collect();
            for k in en.difference(&here) {
                missing.push(format!("{l} lacks {k}"));
            }
            for k in here.difference(&en) {
                missing.push(format!("en lacks {k} (found in {l})"));
            }
        }
        println!("{} keys in each language", en.len());
        assert!(!en.is_empty());
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }

    /// A translation uses exactly the values its English message is given: a Japanese message
    /// that dropped `$total`, or named one no code passes, is a bug.
    #[test]
    fn every_translation_uses_the_english_messages_variables() {
        let mut wrong = vec![];
        for k in keys(Locale::En) {
            let en = variables(Locale::En, &k);
            for l in &Locale::ALL[1..] {
                let other = variables(*l, &k);
                if other != en {
                    wrong.push(format!("{l} {k}: {other:?}, en: {en:?}"));
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn discord_tags_fall_back_to_english_and_names_are_checked() {
        assert_eq!(Locale::from_tag("ja"), Locale::Ja);
        assert_eq!(Locale::from_tag("en-US"), Locale::En);
        assert_eq!(Locale::from_tag("fr"), Locale::En);
        assert_eq!(Locale::from_tag(""), Locale::En);
        assert_eq!(Locale::parse("JA"), Ok(Locale::Ja));
        assert_eq!(Locale::parse("ja-JP"), Ok(Locale::Ja));
        assert_eq!(Locale::parse("en"), Ok(Locale::En));
        let e = Locale::parse("fr").unwrap_err();
        assert!(e.to_string().contains("use en or ja"), "{e}");
    }

    #[test]
    fn a_stored_language_reads_back_and_an_unknown_one_reads_english() {
        let json = serde_json::to_string(&Readers {
            user: Locale::Ja,
            server: Locale::En,
        })
        .unwrap();
        assert_eq!(json, r#"{"user":"ja","server":"en"}"#);
        let back: Readers = serde_json::from_str(&json).unwrap();
        assert_eq!(back.user, Locale::Ja);
        let later: Readers = serde_json::from_str(r#"{"user":"ko"}"#).unwrap();
        assert_eq!(later, Readers::default());
    }

    #[test]
    fn plural_rules_and_numbers_come_from_the_catalogue() {
        let n = |c: i64| text(Locale::En, "dice-successes", &[("count", c.into())]);
        assert_eq!(n(1), "1 success");
        assert_eq!(n(3), "3 successes");
        assert_eq!(n(0), "0 successes");
        // Japanese has one plural form: the count and its word, whatever the number.
        let ja = |c: i64| text(Locale::Ja, "dice-successes", &[("count", c.into())]);
        assert_eq!(ja(1), "成功数1");
        assert_eq!(ja(3), "成功数3");
    }

    #[test]
    fn a_missing_message_falls_back_to_english_then_to_its_key() {
        assert_eq!(lookup(Locale::Ja, "no-such-message", &[]), None);
        assert_eq!(text(Locale::Ja, "no-such-message", &[]), "no-such-message");
    }

    #[test]
    fn variables_are_read_from_every_branch() {
        let v = variables(Locale::En, "dice-successes");
        assert_eq!(v, BTreeSet::from(["count".to_string()]));
    }
}
