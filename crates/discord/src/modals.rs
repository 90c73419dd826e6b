//! Forms (Discord's modals) for long texts. An option declared `#[opt(modal)]`
//! ([`croupier_core::table::OptionSpec::modal`]) is registered as optional; a command used
//! without it is answered with a modal (interaction response type 9) holding one paragraph text
//! input per such option, and the MODAL_SUBMIT interaction that comes back runs the command with
//! the typed text as the option's value, through the same table path as any command (parse,
//! permission, apply). The modal's custom id carries the command as typed: `c:-:-:{line}`
//! ([`ids::button_id`] without a session), so a submission is understood after a restart too.
//!
//! Discord's limits ("Interaction Response Object" → Modal; "Component Reference" → Text Input;
//! the OpenAPI description's `ModalInteractionCallbackRequestData` and
//! `TextInputComponentForModalRequest`): a title of 1–45 characters, a custom id of 1–100, 1–5
//! action rows each holding one text input, whose label is 1–45 characters and whose
//! `max_length` is 1–4000.

use poise::serenity_prelude as serenity;
use serenity::{ActionRowComponent, CreateActionRow, CreateInputText, CreateModal, InputTextStyle};

use super::ids;
use croupier_core::table::{Command, CommandSpec, Input};

/// The most characters a modal's title takes.
pub const TITLE_MAX: usize = 45;
/// The most characters a text input's label takes.
pub const LABEL_MAX: usize = 45;
/// The most characters a text input takes (its `max_length` is at most this).
pub const TEXT_MAX: u16 = 4000;
/// The most text inputs (one per action row) a modal holds.
pub const INPUTS_MAX: usize = 5;

/// One text input of a form: the option it fills.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The option's name (the text input's custom id).
    pub option: String,
    /// The option's description, cut to [`LABEL_MAX`].
    pub label: String,
    /// The most characters: the option's `max_length`, at most [`TEXT_MAX`].
    pub max_length: u16,
}

/// A form asking for the options a command was used without.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// `c:-:-:{the command as typed}`.
    pub custom_id: String,
    /// The command's description, cut to [`TITLE_MAX`].
    pub title: String,
    /// One per missing option.
    pub fields: Vec<Field>,
}

/// Why a form cannot be shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// The other options given make the command too long to carry in a custom id.
    #[error(
        "this command with these options is too long for a form; give `{0}:` in the command itself"
    )]
    TooLong(String),
}

/// The form for `cmd` (as typed, by its public name) whose declared leaf is `leaf`, if it
/// leaves out an option asked in a form; `None` when nothing is missing.
pub fn form(leaf: &CommandSpec, cmd: &Command) -> Option<Result<Form, FormError>> {
    let missing = leaf.modal_missing(cmd);
    let first = missing.first()?;
    let custom_id = ids::button_id(None, None, &cmd.to_string());
    if custom_id.chars().count() > ids::MAX_ID {
        return Some(Err(FormError::TooLong(first.name.clone())));
    }
    let fields = missing
        .iter()
        .take(INPUTS_MAX)
        .map(|o| Field {
            option: o.name.clone(),
            label: cut(&o.description, LABEL_MAX),
            max_length: o.max_length.unwrap_or(TEXT_MAX).clamp(1, TEXT_MAX),
        })
        .collect();
    Some(Ok(Form {
        custom_id,
        title: cut(&leaf.description, TITLE_MAX),
        fields,
    }))
}

impl Form {
    /// The modal Discord shows.
    pub fn modal(&self) -> CreateModal {
        let rows = self
            .fields
            .iter()
            .map(|f| {
                CreateActionRow::InputText(
                    CreateInputText::new(InputTextStyle::Paragraph, &f.label, &f.option)
                        .min_length(1)
                        .max_length(f.max_length)
                        .required(true),
                )
            })
            .collect();
        CreateModal::new(&self.custom_id, &self.title).components(rows)
    }
}

/// The command a submitted form runs: the one its custom id carries, with each text input's
/// value as the option of its custom id.
pub fn submitted(custom_id: &str, rows: &[serenity::ActionRow]) -> Result<Command, ids::IdError> {
    let mut cmd = match ids::decode(custom_id, &[])? {
        Input::Command(c) => c,
        Input::Component { .. } => return Err(ids::IdError::Unknown),
    };
    for c in rows.iter().flat_map(|r| &r.components) {
        if let ActionRowComponent::InputText(t) = c {
            cmd.options
                .insert(t.custom_id.clone(), t.value.clone().unwrap_or_default());
        }
    }
    Ok(cmd)
}

/// `text` cut to `n` characters (an ellipsis marks a cut).
fn cut(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        return text.to_string();
    }
    let mut s: String = text.chars().take(n - 1).collect();
    s.push('…');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use croupier_core::table::OptionSpec;

    fn act() -> CommandSpec {
        CommandSpec::new("act", "Say what your character does").opt(
            OptionSpec::string("text", "What you do")
                .required()
                .max_length(1500)
                .in_modal(),
        )
    }

    #[test]
    fn a_missing_modal_option_gets_a_form_that_fits_discord() {
        let cmd = Command::new("nobi act");
        let f = form(&act(), &cmd).expect("a form").expect("fits");
        assert_eq!(f.custom_id, "c:-:-:/nobi act");
        assert_eq!(f.title, "Say what your character does");
        assert_eq!(f.fields.len(), 1);
        assert_eq!(f.fields[0].option, "text");
        assert_eq!(f.fields[0].max_length, 1500);
        // Given inline, no form.
        assert!(form(&act(), &cmd.clone().with("text", "I sing")).is_none());
    }

    #[test]
    fn long_titles_labels_and_lengths_are_cut_to_discords_limits() {
        let leaf = CommandSpec::new("import", &"Import a character from JSON ".repeat(3)).opt(
            OptionSpec::string("json", &"The exported JSON ".repeat(4))
                .required()
                .max_length(6000)
                .in_modal(),
        );
        let f = form(&leaf, &Command::new("nw import")).unwrap().unwrap();
        assert_eq!(f.title.chars().count(), TITLE_MAX);
        assert_eq!(f.fields[0].label.chars().count(), LABEL_MAX);
        assert_eq!(f.fields[0].max_length, TEXT_MAX);
        let long = Command::new("nw import").with("other", "x".repeat(100));
        assert_eq!(
            form(&leaf, &long),
            Some(Err(FormError::TooLong("json".into())))
        );
    }

    /// Every option declared `modal` in the real games: registered as optional (so the
    /// command can be used without it), after the required ones, and its form fits Discord.
    #[test]
    fn every_declared_form_is_registered_optional_and_fits() {
        let games = croupier_games::load(&croupier_core::source_path("data")).expect("data loads");
        let specs = crate::commands::all_specs(&games);
        let mut seen = vec![];
        fn walk(
            spec: &CommandSpec,
            json: &serde_json::Value,
            path: String,
            seen: &mut Vec<String>,
        ) {
            if spec.subcommands.is_empty() {
                let Some(f) = form(spec, &Command::new(&path)) else {
                    return;
                };
                let f = f.expect("fits a custom id");
                assert!(f.title.chars().count() <= TITLE_MAX && !f.title.is_empty());
                assert!(f.custom_id.len() <= ids::MAX_ID);
                for field in &f.fields {
                    assert!((1..=TEXT_MAX).contains(&field.max_length), "{path}");
                    assert!(field.label.chars().count() <= LABEL_MAX);
                    let o = json["options"]
                        .as_array()
                        .and_then(|o| o.iter().find(|o| o["name"] == field.option.as_str()))
                        .unwrap_or_else(|| panic!("/{path} registers {}", field.option));
                    assert_eq!(o["required"], false, "/{path} {}", field.option);
                }
                seen.push(path);
                return;
            }
            for s in &spec.subcommands {
                let j = json["options"]
                    .as_array()
                    .and_then(|o| o.iter().find(|o| o["name"] == s.name.as_str()))
                    .cloned()
                    .unwrap_or_default();
                walk(s, &j, format!("{path} {}", s.name), seen);
            }
        }
        for spec in &specs {
            walk(
                spec,
                &crate::commands::command_json(spec),
                spec.name.clone(),
                &mut seen,
            );
        }
        for want in [
            "nobi act",
            "nobi narrate",
            "nw character import",
            "nwenemy note",
        ] {
            assert!(seen.iter().any(|s| s == want), "{want} in {seen:?}");
        }
        let body = crate::commands::registration(&specs);
        assert_eq!(
            crate::commands::registration_problems(&body),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_submission_becomes_the_command_with_the_typed_text() {
        let rows: Vec<serenity::ActionRow> = serde_json::from_value(serde_json::json!([
            {"type": 1, "components": [
                {"type": 4, "custom_id": "text", "value": "I sing to the \"storm\"\nloudly"}
            ]}
        ]))
        .expect("a modal submission's rows");
        let cmd = submitted("c:-:-:/nobi act", &rows).expect("ours");
        assert_eq!(cmd.path_str(), "nobi act");
        assert_eq!(cmd.get("text"), Some("I sing to the \"storm\"\nloudly"));
        assert!(submitted("x:1", &rows).is_err());
    }
}
