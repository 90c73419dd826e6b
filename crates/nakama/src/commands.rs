//! Every `/nakama` command, declared once: the slash command, its parser and the way back to a
//! command line (buttons and menus).

use croupier_core::table::declare::Options;
use croupier_core::table::{Choices, Commands, UserId};

/// One Piece Nakama: recruit friends, defeat enemies
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "nakama")]
pub enum NakamaCommand {
    /// Open a Nakama table in this channel
    New {
        /// Your character
        #[opt(autocomplete)]
        character: Option<String>,
        /// A reaction step before each Combat (default on)
        react: Option<Switch>,
    },
    /// Join the crew (or change character before the start)
    Join {
        /// Your character
        #[opt(autocomplete)]
        character: String,
    },
    /// Leave before the start
    #[cmd(perm = player)]
    Leave,
    /// Set up and start the adventure
    Begin {
        /// Bosses to shuffle into the enemy deck (0–10)
        #[opt(min = 0, max = 10)]
        bosses: Option<u8>,
    },
    /// See your hand (only you) and recruit from it
    #[cmd(perm = player)]
    #[cmd(view)]
    Hand,
    /// Show the board
    #[cmd(view)]
    Board,
    /// Recruit a friend from your hand onto a column
    #[cmd(perm = player)]
    Recruit {
        /// Hand position or card, e.g. Red 7
        #[opt(autocomplete)]
        card: String,
        /// Friend column 1–5
        #[opt(min = 1, max = 5)]
        column: Option<u8>,
    },
    /// Use the ability of the friend you recruited
    #[cmd(perm = player)]
    Ability {
        #[opt(flatten)]
        pick: PickOptions,
        /// Die value after a straw hat (1–5)
        #[opt(min = 1, max = 5)]
        value: Option<u8>,
        /// Solo: use Exchange as move or recruit
        #[opt(name = "as")]
        mode: Option<ExchangeAs>,
    },
    /// Skip the ability or the extra recruit
    #[cmd(perm = player)]
    Skip,
    /// Choose your card in an exchange
    #[cmd(perm = player)]
    Give {
        /// Hand position or card
        #[opt(autocomplete)]
        card: String,
    },
    /// Discard down to your hand size
    #[cmd(perm = player)]
    Discard {
        /// Hand position or card
        #[opt(autocomplete)]
        card: String,
    },
    /// Use your character's special ability (Power Down)
    #[cmd(perm = player)]
    Power {
        #[opt(flatten)]
        pick: PickOptions,
    },
    /// End the reaction step: Combat and Rest run
    #[cmd(perm = player)]
    Continue,
    /// After a straw hat: the column whose friend is lost
    #[cmd(perm = player)]
    Lose {
        /// Friend column 1–5
        #[opt(min = 1, max = 5)]
        column: u8,
    },
}

/// The options an ability and a character's power pick their columns, space and player with.
#[derive(Debug, Clone, Default, PartialEq, Options)]
pub struct PickOptions {
    /// Column to take a friend from
    #[opt(min = 1, max = 5)]
    pub from: Option<u8>,
    /// Column to move the friend to
    #[opt(min = 1, max = 5)]
    pub to: Option<u8>,
    /// Enemy space 1–3
    #[opt(min = 1, max = 3)]
    pub space: Option<u8>,
    /// A friend column
    #[opt(min = 1, max = 5)]
    pub column: Option<u8>,
    /// Another player
    pub target: Option<UserId>,
}

/// A table setting switched on or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum Switch {
    /// On.
    On,
    /// Off.
    Off,
}

impl NakamaCommand {
    /// `/nakama ability` with `pick` and the straw hat's die `value` (buttons).
    pub fn ability(pick: PickOptions, value: Option<u8>) -> Self {
        NakamaCommand::Ability {
            pick,
            value,
            mode: None,
        }
    }
}

/// What a solo Exchange is used as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum ExchangeAs {
    /// Move a friend.
    Move,
    /// Recruit again.
    Recruit,
}
