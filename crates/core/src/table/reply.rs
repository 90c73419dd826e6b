//! What the table says back: messages addressed to an audience.
//!
//! Front ends render these: the console as text, Discord as embeds with buttons.
//! Mentions are written `<@USER_ID>` in text; the console shows them as `@user`.

use serde::{Deserialize, Serialize};

use super::said::{Phrase, Said};
use super::typed::Commands;
use super::Command;
use crate::i18n::Locale;

/// A user id: a Discord snowflake as text, or a console name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub String);

impl UserId {
    /// Wraps an id, dropping a leading `@` or a `<@…>` mention wrapper.
    pub fn new(id: impl AsRef<str>) -> Self {
        let s = id.as_ref().trim();
        let s = s
            .strip_prefix("<@")
            .and_then(|s| s.strip_suffix('>'))
            .map(|s| s.trim_start_matches('!'))
            .unwrap_or(s);
        UserId(s.trim_start_matches('@').to_string())
    }

    /// The mention form `<@id>` (rendered as `@name` by the console).
    pub fn mention(&self) -> String {
        format!("<@{}>", self.0)
    }
}

impl std::fmt::Display for UserId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who sees a reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    /// Posted in the channel for everyone.
    Everyone,
    /// Only these users (ephemeral in Discord for the one who acted, a DM for others).
    Only(Vec<UserId>),
    /// The session's GMs (resolved by the table service into `Only`).
    Gm,
}

/// A reply: one message for one audience.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    /// Who may see it.
    pub audience: Audience,
    /// What it says.
    pub message: Message,
}

impl Reply {
    /// A public reply.
    pub fn public(message: Message) -> Self {
        Reply {
            audience: Audience::Everyone,
            message,
        }
    }
    /// A reply only `user` sees.
    pub fn private(user: &UserId, message: Message) -> Self {
        Reply {
            audience: Audience::Only(vec![user.clone()]),
            message,
        }
    }
    /// A reply for the GM(s) only.
    pub fn gm(message: Message) -> Self {
        Reply {
            audience: Audience::Gm,
            message,
        }
    }
    /// True if everyone in the channel sees it.
    pub fn is_public(&self) -> bool {
        self.audience == Audience::Everyone
    }
    /// True if `who` alone sees it (read in their own language).
    pub fn is_only_for(&self, who: &UserId) -> bool {
        matches!(&self.audience, Audience::Only(v) if v.len() == 1 && v[0] == *who)
    }
}

/// Button colours, as Discord knows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum ButtonStyle {
    /// The common next step.
    #[default]
    Primary,
    /// An alternative.
    Secondary,
    /// A good outcome / confirm.
    Success,
    /// Destructive.
    Danger,
}

/// A button that runs a command for whoever presses it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    /// Text on the button (the console's `press LABEL`).
    pub label: String,
    /// The command it runs, as a console line (`/nobi roll`).
    pub command: String,
    /// Colour.
    pub style: ButtonStyle,
    /// The decision this button answers (set by the table service from the game's open
    /// decisions): it stays valid until that decision is settled. `None`: valid while the
    /// session runs (a view such as "My hand").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<String>,
}

/// One entry of a select menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectOption {
    /// Shown text.
    pub label: String,
    /// Value put into the command's option.
    pub value: String,
    /// Optional second line.
    pub description: Option<String>,
}

/// A select menu: picking an entry runs `command` with `option:value` added (build it with
/// [`Select::new`] from a typed command).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Select {
    /// Placeholder text.
    pub placeholder: String,
    /// The command to run, as a console line.
    pub command: String,
    /// The option the picked value fills.
    pub option: String,
    /// Entries (Discord allows at most 25).
    pub options: Vec<SelectOption>,
    /// The decision this menu answers (see [`Button::decision`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<String>,
}

impl Select {
    /// The command line picking the entry `value` runs (`None` if the menu's own line does not
    /// parse, which no menu built by [`Select::new`] does).
    pub fn entry_line(&self, value: &str) -> Option<String> {
        let mut cmd = Command::parse_line(&self.command).ok()?;
        cmd.options.insert(self.option.clone(), value.to_string());
        Some(cmd.to_string())
    }

    /// A menu whose entries fill `option` of `command`, a typed command given with any value
    /// in that option (it is left out of the menu's command line; the pick fills it).
    pub fn new(
        placeholder: impl Into<String>,
        command: &impl Commands,
        option: &str,
        options: Vec<SelectOption>,
    ) -> Self {
        let mut cmd = command.to_command();
        cmd.options.remove(option);
        Select {
            placeholder: placeholder.into(),
            command: cmd.to_string(),
            option: option.to_string(),
            options,
            decision: None,
        }
    }
}

/// A file attached to a message (e.g. the story as Markdown).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attachment {
    /// File name.
    pub name: String,
    /// Text content (in English when the file has typed words).
    pub content: String,
    /// The content in typed words, written in each reader's language (the story in Japanese
    /// for a Japanese reader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<super::said::Value>,
}

/// A named block of a message (an embed field in Discord).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    /// Heading.
    pub name: String,
    /// Body.
    pub value: String,
    /// Shown side by side in Discord.
    pub inline: bool,
}

/// A message: title, text, fields, buttons, a select menu and files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
///
/// Stored (a request's outcome) without its empty parts: what is absent reads back as empty.
pub struct Message {
    /// Embed title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Main text.
    pub body: String,
    /// Fields.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<Field>,
    /// Buttons (at most 25, in rows of 5, in Discord).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Button>,
    /// A select menu.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select: Option<Select>,
    /// Attached files.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<Attachment>,
    /// Game name (`nobi`, `nakama`, …) for the embed colour; set by the table service.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Users this message pings (normal channel messages).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pings: Vec<UserId>,
    /// Session and state version the buttons were made for; set by the table service.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stamp: Option<Stamp>,
    /// A picture the front end may draw and attach (the text stays the reference).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<Picture>,
    /// Pictures drawn by a front end (PNG), never stored.
    #[serde(skip)]
    pub images: Vec<Image>,
    /// A standing message kept once per channel under this key (e.g. `nw-tracker`): front
    /// ends that can edit messages update the previous copy in place instead of posting
    /// anew. Only for public messages without pings (an edit notifies nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    /// The words as typed values (`/roll`'s replies): `title`, `body` and `fields` are their
    /// English; a front end writes them again in its reader's language
    /// ([`Message::in_language`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<Said>,
}

/// What picture goes with a message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Picture {
    /// The dice of this roll.
    Dice(crate::dice::Roll),
    /// The game's current board/sheet as `viewer` may see it (`None`: public view).
    Board {
        /// Whose private view (e.g. a hand), if any.
        viewer: Option<UserId>,
    },
}

/// A drawn picture.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Image {
    /// File name (`board.png`).
    pub name: String,
    /// PNG bytes (shared with the picture cache).
    pub png: std::sync::Arc<[u8]>,
    /// The language of its words: a reply read in two languages carries its picture drawn
    /// in each, and each reader is given theirs.
    pub locale: Locale,
}

/// Which session and state version a message's components belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// Session id.
    pub session: i64,
    /// State version.
    pub version: i64,
}

impl Message {
    /// A message of typed words (see [`Said`]), its text in English.
    pub fn said(said: Said) -> Self {
        let mut m = Message {
            said: Some(said),
            ..Default::default()
        };
        m.write_words(Locale::En);
        m
    }

    /// A message in the catalogue's words (`locales/*/*.ftl`), read in each reader's language.
    pub fn phrase(phrase: Phrase) -> Self {
        Message::said(Said::Phrase(phrase))
    }

    /// Labels the buttons this message gets next (after those it has) with these messages of
    /// the catalogue; a message of plain text is as it is. Its buttons' English labels are
    /// [`english`](super::said::english)`(key)`.
    pub fn labelled(self, keys: &[&str]) -> Self {
        self.labelled_with(keys.iter().map(|k| super::said::Label::from(*k)).collect())
    }

    /// Labels the buttons this message gets next (after those it has) with these labels (see
    /// [`Message::labelled`]).
    pub fn labelled_with(mut self, labels: Vec<super::said::Label>) -> Self {
        if let Some(Said::Phrase(p)) = &mut self.said {
            p.buttons.truncate(self.buttons.len());
            p.buttons.extend(labels);
        }
        self
    }

    /// This message as a reader of `locale` reads it: its typed words written in that language
    /// (a message of plain text is as it is).
    pub fn in_language(&self, locale: Locale) -> Message {
        let mut m = self.clone();
        m.write_words(locale);
        m
    }

    fn write_words(&mut self, locale: Locale) {
        for f in &mut self.files {
            if let Some(said) = &f.said {
                f.content = said.text(locale);
            }
        }
        let Some(said) = &self.said else {
            return;
        };
        let w = said.words(locale);
        self.title = w.title;
        self.body = w.body;
        // A field keeps the message's inline flag at its place.
        let inline: Vec<bool> = self.fields.iter().map(|f| f.inline).collect();
        self.fields = w
            .fields
            .into_iter()
            .enumerate()
            .map(|(i, (name, value))| Field {
                name,
                value,
                inline: w.inline.get(i).copied().unwrap_or(false)
                    || inline.get(i).copied().unwrap_or(false),
            })
            .collect();
        for (b, label) in self.buttons.iter_mut().zip(w.buttons) {
            b.label = label;
        }
        if let (Some(sel), Some(menu)) = (&mut self.select, w.menu) {
            sel.placeholder = menu.placeholder;
            for (o, d) in sel.options.iter_mut().zip(menu.descriptions) {
                o.description = d;
            }
            for (o, l) in sel.options.iter_mut().zip(menu.labels) {
                if let Some(l) = l {
                    o.label = l;
                }
            }
        }
    }

    /// A message with just text.
    pub fn text(body: impl Into<String>) -> Self {
        Message {
            body: body.into(),
            ..Default::default()
        }
    }
    /// A message with a title and text.
    pub fn titled(title: impl Into<String>, body: impl Into<String>) -> Self {
        Message {
            title: Some(title.into()),
            body: body.into(),
            ..Default::default()
        }
    }
    /// Adds a field.
    pub fn field(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.fields.push(Field {
            name: name.into(),
            value: value.into(),
            inline: false,
        });
        self
    }
    /// Adds an inline field.
    pub fn inline(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.fields.push(Field {
            name: name.into(),
            value: value.into(),
            inline: true,
        });
        self
    }
    /// Adds a primary button running `command`, a game's typed command
    /// (`&NobiCommand::Verdict { result: Verdict::Success }`): its command line, and so its
    /// custom id, come from the declaration ([`Commands::to_line`]).
    pub fn button(self, label: impl Into<String>, command: &impl Commands) -> Self {
        self.styled_button(label, command, ButtonStyle::Primary)
    }
    /// Adds a button with a style (see [`Message::button`]).
    pub fn styled_button(
        self,
        label: impl Into<String>,
        command: &impl Commands,
        style: ButtonStyle,
    ) -> Self {
        self.styled_button_line(label, command.to_line(), style)
    }
    /// Adds a primary button running a command line written by hand: only for a game whose
    /// buttons are not built from its typed commands yet.
    pub fn button_line(self, label: impl Into<String>, command: impl Into<String>) -> Self {
        self.styled_button_line(label, command, ButtonStyle::Primary)
    }
    /// Adds a button with a style running a command line written by hand (see
    /// [`Message::button_line`]).
    pub fn styled_button_line(
        mut self,
        label: impl Into<String>,
        command: impl Into<String>,
        style: ButtonStyle,
    ) -> Self {
        self.buttons.push(Button {
            label: label.into(),
            command: command.into(),
            style,
            decision: None,
        });
        self
    }
    /// Sets the select menu.
    pub fn with_select(mut self, select: Select) -> Self {
        self.select = Some(select);
        self
    }
    /// Attaches a text file.
    pub fn attach(mut self, name: impl Into<String>, content: impl Into<String>) -> Self {
        self.files.push(Attachment {
            name: name.into(),
            content: content.into(),
            said: None,
        });
        self
    }
    /// Attaches a text file written in each reader's language.
    pub fn attach_said(mut self, name: impl Into<String>, content: super::said::Value) -> Self {
        self.files.push(Attachment {
            name: name.into(),
            content: content.text(crate::i18n::Locale::En),
            said: Some(content),
        });
        self
    }
    /// Asks front ends that can show pictures to attach one.
    pub fn with_picture(mut self, picture: Picture) -> Self {
        self.picture = Some(picture);
        self
    }
    /// Makes this the channel's standing message `key`, updated in place where the front end
    /// can edit messages (see [`Message::slot`]).
    pub fn in_place(mut self, key: impl Into<String>) -> Self {
        self.slot = Some(key.into());
        self
    }
    /// Pings a user (mentions them so they are notified).
    pub fn ping(mut self, user: &UserId) -> Self {
        if !self.pings.contains(user) {
            self.pings.push(user.clone());
        }
        self
    }
    /// The message as plain text (title, body, fields, buttons) — used by the console and logs.
    pub fn plain_text(&self) -> String {
        let mut out = String::new();
        if let Some(t) = &self.title {
            out.push_str(&format!("**{t}**\n"));
        }
        if !self.body.is_empty() {
            out.push_str(&self.body);
            out.push('\n');
        }
        for f in &self.fields {
            out.push_str(&format!("{}: {}\n", f.name, f.value));
        }
        out
    }
}

/// One entry offered by autocomplete.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// Shown text (in English where `said` gives the words).
    pub label: String,
    /// Value filled in (what the command reads: an id or English name, in every language).
    pub value: String,
    /// The shown text in words, rendered in the language of whoever is typing (see
    /// [`Choice::label_in`]); `None`: `label` is the same in every language (a name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<super::said::Value>,
}

impl Choice {
    /// A choice whose label is its value.
    pub fn same(v: impl Into<String>) -> Self {
        let v = v.into();
        Choice {
            label: v.clone(),
            value: v,
            said: None,
        }
    }

    /// A choice shown as `label`, filled in as `value`; `label` is the same in every language.
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Self {
        Choice {
            label: label.into(),
            value: value.into(),
            said: None,
        }
    }

    /// A choice shown in the words `said` (`label`: their English), filled in as `value`.
    pub fn said(said: impl Into<super::said::Value>, value: impl Into<String>) -> Self {
        let said = said.into();
        Choice {
            label: said.text(Locale::En),
            value: value.into(),
            said: Some(said),
        }
    }

    /// The label a reader of `locale` sees: the words in their language, `label` in English.
    pub fn label_in(&self, locale: Locale) -> String {
        match &self.said {
            Some(said) if locale != Locale::En => said.text(locale),
            _ => self.label.clone(),
        }
    }
}

/// Text a person typed (a narration, an action), made safe to show inside Croupier's own
/// Markdown: each character Discord's Markdown reads (a backslash, `*`, `_`, `~`, a backtick,
/// `|`, `[`, `]`, `<`, and `#`, `>` or `-` opening a line) is escaped with a backslash, so it shows as typed: no broken code
/// block, no role pill or channel link from `<@&…>`, no masked link from `[text](url)`.
pub fn user_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut line_start = true;
    for c in s.chars() {
        let special = matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '[' | ']' | '<')
            || (line_start && matches!(c, '#' | '>' | '-'));
        if special {
            out.push('\\');
        }
        out.push(c);
        line_start = c == '\n' || (line_start && c == ' ');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn user_text_shows_as_typed() {
        assert_eq!(
            user_text("plain words, it's fine."),
            "plain words, it's fine."
        );
        assert_eq!(
            user_text("```x``` <@&123> [site](http://x) **b** ||s|| a_b ~c~"),
            "\\`\\`\\`x\\`\\`\\` \\<@&123> \\[site\\](http://x) \\*\\*b\\*\\* \\|\\|s\\|\\| a\\_b \\~c\\~"
        );
        assert_eq!(
            user_text("# big\n> quote\n - item 3-2"),
            "\\# big\n\\> quote\n \\- item 3-2"
        );
        assert_eq!(user_text("a \\ b"), "a \\\\ b");
    }

    use super::*;

    #[test]
    fn a_stored_message_leaves_out_its_empty_parts_and_reads_back_the_same() {
        let plain = Message::text("rolled 9");
        assert_eq!(
            serde_json::to_string(&plain).unwrap(),
            r#"{"body":"rolled 9"}"#
        );
        // The full form written before stays readable.
        let old = r#"{"title":null,"body":"rolled 9","fields":[],"buttons":[],"select":null,"files":[],"game":null,"pings":[],"stamp":null}"#;
        assert_eq!(serde_json::from_str::<Message>(old).unwrap(), plain);
        // What is there is stored, and reads back.
        let mut full = Message::titled("Scene", "text");
        full.fields.push(Field {
            name: "HP".into(),
            value: "3".into(),
            inline: true,
        });
        full.pings.push(UserId::new("bob"));
        full.game = Some("nobi".into());
        full.stamp = Some(Stamp {
            session: 1,
            version: 2,
        });
        let json = serde_json::to_string(&full).unwrap();
        assert!(!json.contains("buttons") && !json.contains("select") && !json.contains("files"));
        assert_eq!(serde_json::from_str::<Message>(&json).unwrap(), full);
    }

    #[test]
    fn user_ids_normalise_mentions() {
        assert_eq!(UserId::new("<@!123>"), UserId("123".into()));
        assert_eq!(UserId::new("@bob"), UserId("bob".into()));
        assert_eq!(UserId::new("bob").mention(), "<@bob>");
    }
}
