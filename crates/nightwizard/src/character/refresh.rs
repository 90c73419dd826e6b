//! What a session takes from the roster: the changed records an action carries (read in
//! `parse`, so replays never need the roster; applied by `sync`).

use serde::{Deserialize, Serialize};

use super::{Character, Custom};

/// What a command carries from the roster into the session (read in `parse`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct Refresh {
    /// The roster records of the PCs whose session copy has changes that apply now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<Character>,
    /// The guild's chat additions (skills, items, enemies), when the session's copy is older.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom: Option<Custom>,
}

impl Refresh {
    /// True if it carries nothing.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty() && self.custom.is_none()
    }
}
