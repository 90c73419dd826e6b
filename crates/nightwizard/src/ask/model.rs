//! A Judge the GM asks a player for, as data.

use serde::{Deserialize, Serialize};

use croupier_core::table::UserId;

/// A Judge the GM asked a player for, waiting for the player's press.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Ask {
    /// The number the button and `/nw ask cancel:` use.
    pub id: u32,
    /// The player who must roll.
    pub player: UserId,
    /// Attribute, combat stat or `none`.
    pub stat: String,
    /// The Difficulty.
    pub difficulty: i32,
    /// What the Judge is for (empty: the stat's name).
    pub label: String,
    /// The Difficulty is shown only to the GM.
    pub hidden: bool,
}

/// What `/nw ask` and `/nw answer` do.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum AskAction {
    /// The GM asks a player for a Judge.
    Ask {
        /// The player.
        player: UserId,
        /// Attribute, combat stat or `none`.
        stat: String,
        /// The Difficulty.
        difficulty: i32,
        /// What the Judge is for.
        label: String,
        /// Keep the Difficulty from the player.
        hidden: bool,
    },
    /// The GM withdraws an ask.
    Cancel(u32),
    /// The asked player rolls the Judge.
    Answer(u32),
}
