//! The episode's units as data (§8): phases, Scene kinds, the Episode Handout and its
//! Connections. Plain data every feature may name; no rules.

use serde::{Deserialize, Serialize};

use croupier_core::table::{Choices, UserId};

/// The episode's phases, in order.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum Phase {
    /// Preparation.
    Preplay,
    /// Introductions.
    Opening,
    /// The main body.
    Middle,
    /// The boss.
    Climax,
    /// Reset and rewards.
    After,
}

impl Phase {
    /// The phase's name (`Middle Phase`).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Preplay => "Preplay",
            Phase::Opening => "Opening Phase",
            Phase::Middle => "Middle Phase",
            Phase::Climax => "Climax Phase",
            Phase::After => "After Phase",
        }
    }
    /// The phase's name in the catalogue's words (`nw-phase`).
    pub fn said(self) -> croupier_core::table::Value {
        let key = match self {
            Phase::Preplay => "preplay",
            Phase::Opening => "opening",
            Phase::Middle => "middle",
            Phase::Climax => "climax",
            Phase::After => "after",
        };
        croupier_core::table::Phrase::new("nw-phase")
            .arg("phase", key)
            .into()
    }
    /// The phase after this one (the After Phase leads to the next Episode's Preplay).
    pub fn next(self) -> Phase {
        match self {
            Phase::Preplay => Phase::Opening,
            Phase::Opening => Phase::Middle,
            Phase::Middle => Phase::Climax,
            Phase::Climax => Phase::After,
            Phase::After => Phase::Preplay,
        }
    }
}

/// What kind of Scene (§8.1): most Scenes are played; a Master Scene is the GM's narration
/// alone; a Combat Scene holds Round Progression.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default, Choices)]
pub enum SceneKind {
    /// A Scene the PCs play.
    #[default]
    Normal,
    /// GM-only narration: no PC acts in it.
    Master,
    /// A Scene with a fight (Round Progression, §10).
    Combat,
}

impl SceneKind {
    /// The Scene's name (`Master Scene`).
    pub fn name(self) -> &'static str {
        match self {
            SceneKind::Normal => "Scene",
            SceneKind::Master => "Master Scene",
            SceneKind::Combat => "Combat Scene",
        }
    }
    /// The Scene's name in the catalogue's words (`nw-scene-kind`).
    pub fn said(self) -> croupier_core::table::Value {
        let key = match self {
            SceneKind::Normal => "normal",
            SceneKind::Master => "master",
            SceneKind::Combat => "combat",
        };
        croupier_core::table::Phrase::new("nw-scene-kind")
            .arg("kind", key)
            .into()
    }
}

/// The kind the GM gave one Scene (any other Scene is a Normal one).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct SceneMark {
    /// Episode.
    pub episode: u32,
    /// Phase.
    pub phase: Phase,
    /// Scene number.
    pub scene: u32,
    /// Its kind.
    pub kind: SceneKind,
}

/// A temporary Episode Connection, or the Worth the GM gives a Connection this Episode (§8.2,
/// §9.1): the NPC may spend that many valco on gear for the PC, gear that is not Preserved.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct EpisodeConnection {
    /// The PC's player.
    pub user: UserId,
    /// Whom the Connection is to.
    pub with: String,
    /// From the Episode Handout: it ends with the Episode (else one of the PC's own).
    pub temporary: bool,
    /// Worth in valco.
    pub worth: u32,
    /// Valco spent on gear this Episode.
    pub spent: u32,
    /// Items supplied.
    pub gear: Vec<String>,
}

/// The Episode Handout (§8.2): the Trailer and the Episode Connections.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Handout {
    /// The Trailer (summary).
    pub trailer: Option<String>,
    /// Episode Connections and Worths.
    pub connections: Vec<EpisodeConnection>,
}

impl Handout {
    /// Nothing in it.
    pub fn is_empty(&self) -> bool {
        self.trailer.is_none() && self.connections.is_empty()
    }
}
