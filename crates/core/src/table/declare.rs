//! Typed command declarations: a game declares each command tree once, as an enum deriving
//! [`Commands`] (`croupier_macros`), and the slash-command declaration ([`CommandSpec`]), the
//! parser (a [`Command`]'s options → the typed value), the choices, the permission, the scope
//! and the help text all come from it. Option types implement [`OptionValue`]; a fieldless enum
//! deriving [`Choices`] is an option with fixed choices, written once.
//!
//! A parsed command reads only the options its leaf declares, and refuses any other, as Discord
//! refuses undeclared options — so a game cannot read an option Discord could never send.
//!
//! The way back is derived too: [`Commands::to_command`] turns any value into the [`Command`]
//! it parses from (and [`Commands::to_line`] into its command line), so buttons and menus are
//! built from typed values ([`super::Message::button`]) and their custom ids from that line.

use super::said::{Phrase, Value};
pub use super::spec::Permission;
use super::{Command, CommandSpec, OptionKind, OptionSpec, Refusal, RuleError, UserId};

pub use super::typed::Commands;
pub use croupier_macros::{Choices, Commands, Options};

/// Picks the `k`th sample of a field, cycling (used by the derive).
pub fn nth<T: Clone>(values: &[T], k: usize) -> T {
    values[k % values.len()].clone()
}

/// The samples of an optional option: absent, then each of its values (used by the derive).
pub fn optional_samples<T: OptionValue + Clone>(
    min: Option<i64>,
    max: Option<i64>,
) -> Vec<Option<T>> {
    std::iter::once(None)
        .chain(T::samples(min, max).into_iter().map(Some))
        .collect()
}

/// Options several leaves share, declared once as a struct (derive it with
/// `#[derive(Options)]`) and held by each leaf as a field marked `#[opt(flatten)]`.
pub trait Options: Sized {
    /// The options' names, in order.
    fn names() -> Vec<&'static str>;
    /// Adds the options' declarations to a leaf.
    fn add_options(s: CommandSpec) -> CommandSpec;
    /// Reads the options.
    fn from_options(cmd: &Command) -> Result<Self, RuleError>;
    /// Writes the options (the way back of [`Options::from_options`]).
    fn write_options(&self, cmd: &mut Command);
    /// Values covering each option given and left out (see [`Commands::samples`]).
    fn samples() -> Vec<Self>;
}

/// A type an option can hold: its kind on Discord, its fixed choices, and how its text reads.
pub trait OptionValue: Sized {
    /// The option's kind.
    const KIND: OptionKind;
    /// Fixed choices `(label, value)`, if any.
    fn choices() -> Vec<(String, String)> {
        vec![]
    }
    /// Reads the option `name` whose text is `value`.
    fn from_option(cmd: &Command, name: &str, value: &str) -> Result<Self, RuleError>;
    /// The whole number, for range checks.
    fn as_int(&self) -> Option<i64> {
        None
    }
    /// The option's text, as [`OptionValue::from_option`] reads it back.
    fn to_option(&self) -> String;
    /// A few values within `min..=max`, for round-trip tests (see [`Commands::samples`]).
    fn samples(min: Option<i64>, max: Option<i64>) -> Vec<Self>;
}

/// A fixed set of values for an option (derive it with `#[derive(Choices)]`).
pub trait Choices: Sized + Copy + 'static {
    /// Every value, in the order offered.
    const ALL: &'static [Self];
    /// The value sent and typed (`success`).
    fn value(&self) -> &'static str;
    /// The label Discord shows (`Success`).
    fn label(&self) -> &'static str;
    /// Reads a typed value or one of its aliases, ignoring case.
    fn parse_choice(text: &str) -> Option<Self>;
}

impl OptionValue for String {
    const KIND: OptionKind = OptionKind::String;
    fn from_option(_: &Command, _: &str, value: &str) -> Result<Self, RuleError> {
        Ok(value.to_string())
    }
    fn to_option(&self) -> String {
        self.clone()
    }
    fn samples(_: Option<i64>, _: Option<i64>) -> Vec<Self> {
        // A `"` reads back as `'` from a command line (see `Command`'s `Display`), so none here.
        vec!["Red Fox".into(), "moss".into(), "a:b, c's".into()]
    }
}

impl OptionValue for UserId {
    const KIND: OptionKind = OptionKind::User;
    fn from_option(_: &Command, _: &str, value: &str) -> Result<Self, RuleError> {
        Ok(UserId::new(value.trim()))
    }
    fn to_option(&self) -> String {
        self.0.clone()
    }
    fn samples(_: Option<i64>, _: Option<i64>) -> Vec<Self> {
        vec![UserId::new("123456789012345678"), UserId::new("bob")]
    }
}

impl OptionValue for bool {
    const KIND: OptionKind = OptionKind::Boolean;
    fn from_option(cmd: &Command, name: &str, _: &str) -> Result<Self, RuleError> {
        Ok(cmd.flag(name)?.unwrap_or(false))
    }
    fn to_option(&self) -> String {
        self.to_string()
    }
    fn samples(_: Option<i64>, _: Option<i64>) -> Vec<Self> {
        vec![true, false]
    }
}

macro_rules! int_option {
    ($($t:ty),*) => {$(
        impl OptionValue for $t {
            const KIND: OptionKind = OptionKind::Integer;
            fn from_option(cmd: &Command, name: &str, _: &str) -> Result<Self, RuleError> {
                let v = cmd.require_int(name)?;
                <$t>::try_from(v).map_err(|_| {
                    RuleError::usage_said(
                        Phrase::new("table-usage-int-range")
                            .arg("option", name)
                            .arg("value", v.to_string())
                            .arg("min", <$t>::MIN.to_string())
                            .arg("max", <$t>::MAX.to_string()),
                    )
                })
            }
            fn as_int(&self) -> Option<i64> {
                i64::try_from(*self).ok()
            }
            fn to_option(&self) -> String {
                self.to_string()
            }
            fn samples(min: Option<i64>, max: Option<i64>) -> Vec<Self> {
                let low = min.unwrap_or(i64::try_from(<$t>::MIN).unwrap_or(i64::MIN));
                let high = max.unwrap_or(i64::try_from(<$t>::MAX).unwrap_or(i64::MAX));
                [low, high, low.saturating_add(high) / 2, 1]
                    .into_iter()
                    .filter(|n| (low..=high).contains(n))
                    .filter_map(|n| <$t>::try_from(n).ok())
                    .collect()
            }
        }
    )*};
}
int_option!(i64, i32, u32, u16, u8, usize);

/// The declaration of one option of type `T` (used by the derive).
pub fn option_spec<T: OptionValue>(
    name: &str,
    description: &str,
    required: bool,
    autocomplete: bool,
    min: Option<i64>,
    max: Option<i64>,
    max_length: Option<u16>,
) -> OptionSpec {
    let mut o = match T::KIND {
        OptionKind::String => OptionSpec::string(name, description),
        OptionKind::Integer => OptionSpec::int(name, description),
        OptionKind::Boolean => OptionSpec::boolean(name, description),
        OptionKind::User => OptionSpec::user(name, description),
    };
    o.required = required;
    o.autocomplete = autocomplete;
    o.choices = T::choices();
    o.min = min;
    o.max = max;
    if T::KIND == OptionKind::String {
        o.max_length = max_length.or(o.max_length);
    }
    o
}

/// Reads an option's value as its type, checking a whole number against the declared range
/// first, so `bosses:-1` and `bosses:11` are both refused with the range the command declares
/// (not the type's, "from 0 to 255").
fn read<T: OptionValue>(
    cmd: &Command,
    name: &str,
    value: &str,
    min: Option<i64>,
    max: Option<i64>,
    max_length: Option<u16>,
) -> Result<T, RuleError> {
    if T::KIND == OptionKind::String {
        // The length Discord enforces (`max_length`), so the console refuses what Discord would.
        let limit = usize::from(max_length.unwrap_or(super::DEFAULT_MAX_LENGTH));
        let n = value.chars().count();
        if n > limit {
            return Err(RuleError::usage_said(
                Phrase::new("table-usage-too-long")
                    .arg("command", format!("/{}", cmd.typed_str()))
                    .arg("option", name)
                    .arg("limit", limit.to_string())
                    .arg("count", n.to_string()),
            ));
        }
    }
    if T::KIND == OptionKind::Integer {
        if let Ok(Some(n)) = cmd.int(name) {
            check_range(cmd, name, n, min, max)?;
        }
    }
    let v = T::from_option(cmd, name, value)?;
    if let Some(n) = v.as_int() {
        check_range(cmd, name, n, min, max)?;
    }
    Ok(v)
}

fn check_range(
    cmd: &Command,
    name: &str,
    n: i64,
    min: Option<i64>,
    max: Option<i64>,
) -> Result<(), RuleError> {
    {
        let low = min.is_some_and(|m| n < m);
        let high = max.is_some_and(|m| n > m);
        if low || high {
            // Out of range means at least one bound is set.
            let bound = match (min, max) {
                (Some(_), Some(_)) => "both",
                (Some(_), None) => "min",
                _ => "max",
            };
            let shown = |b: Option<i64>| b.map(|b| b.to_string()).unwrap_or_default();
            return Err(RuleError::usage_said(
                Phrase::new("table-usage-range")
                    .arg("command", format!("/{}", cmd.typed_str()))
                    .arg("option", name)
                    .arg("bound", bound)
                    .arg("min", shown(min))
                    .arg("max", shown(max))
                    .arg("value", n.to_string()),
            ));
        }
    }
    Ok(())
}

/// Reads an option the command must have (used by the derive).
pub fn required<T: OptionValue>(
    cmd: &Command,
    name: &str,
    min: Option<i64>,
    max: Option<i64>,
    max_length: Option<u16>,
) -> Result<T, RuleError> {
    let value = cmd.require(name)?;
    read(cmd, name, value, min, max, max_length)
}

/// Reads an option the command may have (used by the derive).
pub fn optional<T: OptionValue>(
    cmd: &Command,
    name: &str,
    min: Option<i64>,
    max: Option<i64>,
    max_length: Option<u16>,
) -> Result<Option<T>, RuleError> {
    match cmd.get(name) {
        None => Ok(None),
        Some(value) => Ok(Some(read(cmd, name, value, min, max, max_length)?)),
    }
}

/// Alternatives, written as each reader's language lists them (`a, b or c` in English).
fn or_list<S: AsRef<str>>(items: &[S]) -> Value {
    Value::Either {
        either: items.iter().map(|i| Value::from(i.as_ref())).collect(),
    }
}

/// Refuses a command that goes below a leaf or carries an option the leaf does not declare.
pub fn leaf_only(cmd: &Command, at: usize, allowed: &[&str]) -> Result<(), RuleError> {
    if let Some(extra) = cmd.path.get(at + 1) {
        return Err(RuleError::usage_said(
            Phrase::new("table-usage-no-subcommand")
                .arg("command", format!("/{}", cmd.path[..=at].join(" ")))
                .arg("sub", extra.as_str()),
        ));
    }
    if let Some(bad) = cmd.options.keys().find(|k| !allowed.contains(&k.as_str())) {
        let options: Vec<String> = allowed.iter().map(|a| format!("`{a}:`")).collect();
        return Err(RuleError::usage_said(
            Phrase::new("table-usage-no-option")
                .arg("command", format!("/{}", cmd.typed_str()))
                .arg("option", bad.as_str())
                .arg("takes", if allowed.is_empty() { "none" } else { "some" })
                .arg("options", or_list(&options)),
        ));
    }
    Ok(())
}

/// The refusal for a subcommand the declaration lacks, listing those it has.
pub fn unknown_subcommand(cmd: &Command, at: usize, names: &[&str]) -> RuleError {
    let here = cmd.path[..at.min(cmd.path.len())].join(" ");
    match cmd.path.get(at) {
        None => RuleError::usage_said(
            Phrase::new("table-usage-needs-subcommand")
                .arg("command", format!("/{here}"))
                .arg("names", or_list(names)),
        ),
        Some(other) => RuleError::usage_said(
            Phrase::new("table-usage-not-a-command")
                .arg("command", format!("/{here} {other}"))
                .arg("names", or_list(names)),
        ),
    }
}

/// A [`Choices`]'s `(label, value)` list (used by the derive).
pub fn choice_list<C: Choices>() -> Vec<(String, String)> {
    C::ALL
        .iter()
        .map(|c| (c.label().to_string(), c.value().to_string()))
        .collect()
}

#[doc(hidden)]
pub use serde;

/// Reads a [`Choices`] stored as text (its value, or any spelling the parser takes), for
/// `#[choices(serde)]`.
pub fn deserialize_choice<'de, C: Choices, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<C, D::Error> {
    let text = <String as serde::Deserialize>::deserialize(d)?;
    C::parse_choice(&text).ok_or_else(|| {
        let values: Vec<&str> = C::ALL.iter().map(|c| c.value()).collect();
        serde::de::Error::custom(format!(
            "`{text}` is none of {}",
            or_list(&values).text(crate::i18n::Locale::En)
        ))
    })
}

/// Reads a [`Choices`] option, naming the values it takes when the text is none of them.
pub fn parse_choice_option<C: Choices>(
    _cmd: &Command,
    name: &str,
    value: &str,
) -> Result<C, RuleError> {
    C::parse_choice(value).ok_or_else(|| {
        let values: Vec<&str> = C::ALL.iter().map(|c| c.value()).collect();
        RuleError::usage_said(
            Phrase::new("table-usage-unknown-choice")
                .arg("option", name)
                .arg("value", value.trim())
                .arg("values", or_list(&values)),
        )
    })
}

/// The one permission check: may `actor` use `cmd` in a session whose GMs are `gms` and whose
/// host is `host`? `actor.manager` is true for the host and for channel managers. A leaf
/// declared `perm = player` is the session's players' and its GMs': `playing` is the game's
/// own answer for anyone else ([`super::Game::playing`]), whose refusal says how to join or
/// why they cannot.
pub fn check_permission_in(
    spec: &CommandSpec,
    cmd: &Command,
    actor: &super::Actor,
    host: &str,
    gms: &[UserId],
    playing: impl FnOnce() -> Result<(), RuleError>,
) -> Result<(), RuleError> {
    let Some(leaf) = spec.leaf(cmd.path.get(1..).unwrap_or(&[])) else {
        return Ok(());
    };
    let allowed = match leaf.permission {
        Permission::Anyone => true,
        Permission::Player => {
            gms.contains(&actor.id) || {
                playing()?;
                true
            }
        }
        Permission::Host | Permission::Manager => actor.manager,
        Permission::Gm => actor.manager || gms.contains(&actor.id),
    };
    if allowed {
        return Ok(());
    }
    // Who may: `host` (named), `gm` (the GMs named), or `manager`; in the catalogue's words.
    let (who, named) = match leaf.permission {
        Permission::Gm if !gms.is_empty() => (
            "gm",
            gms.iter()
                .map(UserId::mention)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        Permission::Manager => ("manager", String::new()),
        _ => ("host", format!("<@{host}>")),
    };
    Err(RuleError::said(
        Refusal::Permission,
        Phrase::new("table-only")
            .arg("who", who)
            .arg("named", named)
            .arg("command", format!("/{}", cmd.typed_str())),
    ))
}

/// [`check_permission_in`] where everyone counts as a player: for commands outside a
/// session (the `/game` built-ins) and for tests of the other permissions.
pub fn check_permission(
    spec: &CommandSpec,
    cmd: &Command,
    actor: &super::Actor,
    host: &str,
    gms: &[UserId],
) -> Result<(), RuleError> {
    check_permission_in(spec, cmd, actor, host, gms, || Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Actor, Answer};

    /// Success or failure
    #[derive(Debug, Clone, Copy, PartialEq, Choices)]
    enum Outcome {
        #[choice(label = "Success", aliases("s", "yes"))]
        Success,
        #[choice(value = "failure", aliases("fail", "no"))]
        Failure,
    }

    /// Fights
    #[derive(Debug, Clone, PartialEq, Commands)]
    #[commands(name = "fight")]
    enum Fight {
        /// Hit someone
        #[cmd(perm = gm)]
        Hit {
            /// Who
            target: UserId,
            /// How hard
            #[opt(min = 1, max = 10)]
            power: Option<i64>,
        },
    }

    /// A test game
    #[derive(Debug, Clone, PartialEq, Commands)]
    #[commands(name = "g")]
    enum G {
        /// Open a table
        #[cmd(public)]
        New,
        /// Decide
        #[cmd(perm = host)]
        Verdict {
            /// The outcome
            result: Outcome,
            /// A note
            #[opt(name = "note", autocomplete)]
            text: Option<String>,
        },
        /// Fights
        #[cmd(top_level = "gfight")]
        Fight(Fight),
        /// Not a command
        #[cmd(skip)]
        Remind,
    }

    /// Where a shot goes (shared by two leaves)
    #[derive(Debug, Clone, PartialEq, Options)]
    struct Aim {
        /// Which space
        #[opt(min = 1, max = 3)]
        space: Option<u8>,
        /// Whom
        target: Option<UserId>,
    }

    /// Shooting
    #[derive(Debug, Clone, PartialEq, Commands)]
    #[commands(name = "shoot")]
    enum Shoot {
        /// Fire
        Fire {
            #[opt(flatten)]
            aim: Aim,
            /// How many times
            times: Option<i64>,
        },
        /// Hold
        Hold {
            #[opt(flatten)]
            aim: Aim,
        },
    }

    #[test]
    fn shared_options_are_declared_once_and_read_in_every_leaf_that_holds_them() {
        let spec = Shoot::spec();
        let names = |i: usize| -> Vec<String> {
            spec.subcommands[i]
                .options
                .iter()
                .map(|o| o.name.clone())
                .collect()
        };
        assert_eq!(names(0), ["space", "target", "times"]);
        assert_eq!(names(1), ["space", "target"]);
        assert_eq!(spec.subcommands[1].options[0].max, Some(3));
        let shoot = |l: &str| Shoot::from_command(&Command::parse_line(l).unwrap());
        assert_eq!(
            shoot("/shoot fire space:2 times:3").unwrap(),
            Shoot::Fire {
                aim: Aim {
                    space: Some(2),
                    target: None
                },
                times: Some(3)
            }
        );
        assert_eq!(
            shoot("/shoot hold times:1").unwrap_err().0,
            "`/shoot hold` has no option `times:`; it takes `space:` or `target:`."
        );
        assert!(shoot("/shoot hold space:4")
            .unwrap_err()
            .0
            .contains("must be from 1 to 3, not 4"));
    }

    fn parse(line: &str) -> Result<G, RuleError> {
        G::from_line(line)
    }

    #[test]
    fn one_declaration_gives_the_spec_the_parser_and_the_choices() {
        let spec = G::spec();
        let hand = CommandSpec::new("g", "A test game")
            .sub(CommandSpec::new("new", "Open a table").answers_publicly())
            .sub({
                let mut s = CommandSpec::new("verdict", "Decide")
                    .opt(OptionSpec::string("result", "The outcome").required())
                    .opt(OptionSpec::string("note", "A note").autocomplete());
                s.options[0].choices = vec![
                    ("Success".into(), "success".into()),
                    ("failure".into(), "failure".into()),
                ];
                s.permission = Permission::Host;
                s
            })
            .sub({
                let mut hit = CommandSpec::new("hit", "Hit someone")
                    .opt(OptionSpec::user("target", "Who").required())
                    .opt(OptionSpec::int("power", "How hard").range(1, 10));
                hit.permission = Permission::Gm;
                CommandSpec::new("fight", "Fights")
                    .top_level("gfight")
                    .sub(hit)
            });
        assert_eq!(spec, hand);
        assert_eq!(spec.problems(""), Vec::<String>::new());
        assert_eq!(spec.subcommands[0].answer, Answer::Public);
        assert_eq!(parse("/g new").unwrap(), G::New);
        assert_eq!(
            parse("/g verdict result:YES note:\"well done\"").unwrap(),
            G::Verdict {
                result: Outcome::Success,
                text: Some("well done".into())
            }
        );
        assert_eq!(
            parse("/g fight hit target:bob power:3").unwrap(),
            G::Fight(Fight::Hit {
                target: UserId::new("bob"),
                power: Some(3)
            })
        );
        assert_eq!(
            parse("/g fight hit target:bob").unwrap().path().as_deref(),
            Some("fight hit")
        );
        assert_eq!(G::Remind.path(), None);
    }

    #[test]
    fn every_value_turns_into_the_command_it_parses_from() {
        let verdict = G::Verdict {
            result: Outcome::Failure,
            text: Some("well done".into()),
        };
        assert_eq!(
            verdict.to_line(),
            "/g verdict note:\"well done\" result:failure"
        );
        // A group registered under its own name is written as users type it; its command
        // keeps the path under the game.
        let hit = G::Fight(Fight::Hit {
            target: UserId::new("bob"),
            power: None,
        });
        assert_eq!(hit.to_line(), "/gfight hit target:bob");
        assert_eq!(hit.to_command().path, ["g", "fight", "hit"]);
        // Every sample, flattened options and renamed ones included, reads back the same.
        let g = G::samples();
        assert!(g.len() > 4 && !g.contains(&G::Remind));
        for s in g {
            assert_eq!(G::from_command(&s.to_command()).unwrap(), s);
            assert_eq!(parse(&s.to_line()).unwrap(), s);
        }
        for s in Shoot::samples() {
            let line = s.to_line();
            assert_eq!(
                Shoot::from_command(&Command::parse_line(&line).unwrap()).unwrap(),
                s,
                "{line}"
            );
        }
        assert!(Shoot::samples().contains(&Shoot::Hold {
            aim: Aim {
                space: None,
                target: None
            }
        }));
    }

    #[test]
    fn the_parser_refuses_what_the_declaration_lacks_naming_what_it_takes() {
        let e = |l: &str| parse(l).unwrap_err().0;
        assert_eq!(
            e("/g verdict result:maybe"),
            "result `maybe` is unknown; use success or failure."
        );
        assert!(e("/g verdict").contains("needs the option `result:`"));
        assert_eq!(
            e("/g verdict result:s limit:3"),
            "`/g verdict` has no option `limit:`; it takes `result:` or `note:`."
        );
        assert_eq!(
            e("/g new x:1"),
            "`/g new` has no option `x:`; it takes no options."
        );
        assert_eq!(
            e("/g dance"),
            "`/g dance` is not a command; try new, verdict or fight."
        );
        assert_eq!(e("/g"), "`/g` needs a subcommand: new, verdict or fight.");
        assert_eq!(e("/g fight"), "`/g fight` needs a subcommand: hit.");
        assert_eq!(e("/g new now"), "`/g new` has no subcommand `now`.");
        assert!(e("/g fight hit target:bob power:11").contains("must be from 1 to 10, not 11"));
        assert!(e("/g fight hit target:bob power:x").contains("whole number"));
        // The skipped variant is no command.
        assert!(e("/g remind").contains("is not a command"));
    }

    /// Shouts
    #[derive(Debug, Clone, PartialEq, Commands)]
    #[commands(name = "say")]
    enum Say {
        /// Say something short
        Short {
            /// What
            #[opt(max_length = 5)]
            text: String,
        },
        /// Say something of the usual length
        Long {
            /// What
            text: Option<String>,
        },
        /// Tidy up (channel managers)
        #[cmd(perm = manager)]
        Tidy,
    }

    #[test]
    fn a_text_longer_than_declared_is_refused_as_discord_would() {
        let spec = Say::spec();
        assert_eq!(spec.subcommands[0].options[0].max_length, Some(5));
        assert_eq!(
            spec.subcommands[1].options[0].max_length,
            Some(crate::table::DEFAULT_MAX_LENGTH)
        );
        let say = |l: &str| Say::from_command(&Command::parse_line(l).unwrap());
        assert!(say("/say short text:hello").is_ok());
        assert_eq!(
            say("/say short text:hellos").unwrap_err().0,
            "`/say short`: option `text` takes at most 5 characters, not 6."
        );
        let long = "x".repeat(usize::from(crate::table::DEFAULT_MAX_LENGTH) + 1);
        let e = Say::from_command(&Command::new("say long").with("text", &long)).unwrap_err();
        assert_eq!(e.kind(), crate::table::Refusal::Usage);
        assert!(Say::from_command(&Command::new("say long").with("text", &long[1..])).is_ok());
        // Manager-only: the host (a manager of their session) or a channel manager.
        let tidy = Command::parse_line("/say tidy").unwrap();
        let bob = Actor::player("bob", "Bob");
        let e = check_permission(&spec, &tidy, &bob, "alice", &[UserId::new("bob")]).unwrap_err();
        assert_eq!(
            e.0,
            "only a member who may manage this channel can use `/say tidy`."
        );
        let manager = Actor {
            manager: true,
            ..bob
        };
        assert!(check_permission(&spec, &tidy, &manager, "alice", &[]).is_ok());
    }

    #[test]
    fn the_permission_is_checked_once_from_the_declaration() {
        let spec = G::spec();
        let gm = UserId::new("gm");
        let bob = Actor::player("bob", "Bob");
        let gm_actor = Actor::player("gm", "Gm");
        let host = Actor {
            manager: true,
            ..Actor::player("alice", "Alice")
        };
        let hit = Command::parse_line("/g fight hit target:x").unwrap();
        let verdict = Command::parse_line("/g verdict result:s").unwrap();
        let new = Command::parse_line("/g new").unwrap();
        let gms = std::slice::from_ref(&gm);
        assert!(check_permission(&spec, &new, &bob, "alice", gms).is_ok());
        assert!(check_permission(&spec, &hit, &gm_actor, "alice", gms).is_ok());
        assert!(check_permission(&spec, &hit, &host, "alice", gms).is_ok());
        let e = check_permission(&spec, &hit, &bob, "alice", gms)
            .unwrap_err()
            .0;
        assert_eq!(
            e,
            "only the GM (<@gm>) or someone who may manage this channel can use `/g fight hit`."
        );
        assert_eq!(
            check_permission(&spec, &hit, &bob, "alice", gms)
                .unwrap_err()
                .kind(),
            crate::table::Refusal::Permission
        );
        assert_eq!(
            parse("/g verdict result:x").unwrap_err().kind(),
            crate::table::Refusal::Usage
        );
        assert!(check_permission(&spec, &verdict, &gm_actor, "alice", gms).is_err());
        assert!(check_permission(&spec, &verdict, &host, "alice", gms).is_ok());
    }
}
