//! The Lunar Casket as data (§11): the Casket, its Logics, who shook one off, the actions.

use serde::{Deserialize, Serialize};

use super::super::state::Phase;
use croupier_core::table::{Choices, UserId};

/// Most Logics one Casket holds here.
pub const MAX_LOGICS: usize = 20;

/// A Lunar Casket.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Casket {
    /// The Ruler's name.
    pub ruler: String,
    /// The Ruler's player, when a PC deployed it (otherwise the GM's Emulator).
    pub ruler_user: Option<UserId>,
    /// Lunar Logics (the GM's session rules inside).
    pub logics: Vec<String>,
    /// Where it went up: episode, phase, scene (it ends with the Scene).
    pub episode: u32,
    /// Phase when deployed.
    pub phase: Phase,
    /// Scene when deployed.
    pub scene: u32,
    /// The GM lets it outlast its Scene.
    pub persist: bool,
    /// A hidden Casket (§11 item 5): it raises no Crimson Moon and cannot be located; only
    /// the GM knows it is up until the GM reveals it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// How long an ignored Lunar Logic stays ignored.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default, Choices)]
pub enum LogicLasts {
    /// Until the end of the Scenario (§4; the After Phase here).
    #[default]
    Scenario,
    /// Until the end of the real-life session (§11 item 7).
    Session,
}

/// A Logic a PC shook off.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Shaken {
    /// The PC's player.
    pub user: UserId,
    /// The Logic's text.
    pub logic: String,
    /// The real-life session in which it was paid for.
    pub session_no: u32,
}

/// Lunar Casket actions.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum CasketAction {
    /// Deploy a Casket.
    Deploy {
        /// The Ruler (default: the deploying PC, or the Emulator for the GM).
        ruler: Option<String>,
        /// GM: it outlasts the Scene.
        persist: bool,
        /// GM: a hidden Casket (no Crimson Moon; players are not told).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        hidden: bool,
    },
    /// GM: a hidden Casket shows itself (the Crimson Moon rises).
    Reveal,
    /// Remove it.
    Remove {
        /// GM: declare it removed even during a Dive (§12.1).
        force: bool,
    },
    /// GM: add a Lunar Logic.
    Logic(String),
    /// List the Logics.
    List,
    /// Shake off a Logic for 1 Prana (number or text).
    Shake(String),
    /// GM: how long a shaken Logic stays shaken.
    Lasts(LogicLasts),
}
