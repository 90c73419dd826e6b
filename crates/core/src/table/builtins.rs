//! The declarations of the commands every channel has, whatever game runs there: `/roll`,
//! `/game …`, `/help` (their handlers are in `generic.rs`). A leaf module: the registry and
//! the handlers both read it.

use super::declare::{Choices, Commands};
use super::{CommandSpec, UserId};

/// How widely a roll is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum Visibility {
    /// Everyone.
    Public,
    /// The roller and the GM.
    Gm,
    /// Only the GM (the roller sees that a roll was made).
    Blind,
    /// Only the roller.
    #[choice(value = "self")]
    SelfOnly,
}

impl Visibility {
    /// The value as typed and stored (`self` for [`Visibility::SelfOnly`]).
    pub fn as_str(self) -> &'static str {
        Choices::value(&self)
    }
}

/// The language of what the channel reads (`/game language channel:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum ChannelLanguage {
    /// English.
    #[choice(label = "English")]
    En,
    /// Japanese.
    #[choice(label = "日本語")]
    Ja,
    /// The server's language (Discord's Server Primary Language).
    #[choice(label = "the server's language")]
    Server,
}

/// The language of what only you read (`/game language me:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum MyLanguage {
    /// English.
    #[choice(label = "English")]
    En,
    /// Japanese.
    #[choice(label = "日本語")]
    Ja,
    /// Your Discord client's language.
    #[choice(label = "my Discord language")]
    Discord,
}

/// Roll dice: 2d6+3, 4d6kh3, 1d20!, 10d10>=8 … with an optional label
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "roll")]
#[cmd(private_when(option = "visibility", values("gm", "blind", "self")), dm)]
pub struct RollCommand {
    /// Dice expression, e.g. 2d6+3 fireball
    // The dice parser reads at most `dice::MAX_INPUT_CHARS` (256) characters.
    #[opt(max_length = 256)]
    pub expr: String,
    /// Who sees the result (default public)
    pub visibility: Option<Visibility>,
    /// Succeed on this total or more (shows the odds first)
    pub target: Option<i64>,
}

/// The game in this channel
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "game")]
pub enum GameCommand {
    /// Show the game in this channel
    Status,
    /// Recent actions and rolls
    Log {
        /// How many entries (default 15)
        #[opt(min = 1, max = 50)]
        count: Option<i64>,
    },
    /// Undo the last action (host or channel manager)
    #[cmd(perm = host)]
    Undo,
    /// End the game in this channel (host or channel manager)
    #[cmd(perm = host)]
    End {
        /// Yes, end it
        confirm: Option<bool>,
    },
    /// Hand the game to another player: they host it (host or channel manager)
    #[cmd(perm = host)]
    Host {
        /// The new host
        user: UserId,
    },
    /// Reveal a hidden roll to everyone (GM)
    // Anyone may ask: the GM of the game the roll was made in (which may have ended since)
    // reveals it, and `generic.rs` checks that against the roll's own session.
    Reveal {
        /// Log entry number of the roll
        id: i64,
    },
    /// Which permissions Croupier has in this channel, and what each is for
    Check,
    /// The language Croupier answers in: this channel's, and your own
    // `channel:` is the host's or a channel manager's (checked by `language.rs`); `me:` anyone's.
    Language {
        /// What the channel reads (host or channel manager)
        channel: Option<ChannelLanguage>,
        /// What only you read: your private replies and DMs
        me: Option<MyLanguage>,
    },
}

/// What Croupier can do
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "help")]
pub struct HelpCommand {
    /// One command in full, e.g. nobi act
    #[opt(autocomplete, max_length = 100)]
    pub command: Option<String>,
}

/// The declarations of the generic commands (for Discord registration and help).
pub fn generic_commands() -> Vec<CommandSpec> {
    vec![
        RollCommand::spec(),
        GameCommand::spec(),
        HelpCommand::spec(),
    ]
}
