//! The table's typed errors: a refusal (with its kind) that explains itself to a player and
//! changes nothing, and a problem in a game's data files. A leaf module.

/// Why a command was refused: tests and front ends tell refusals apart by kind, not wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Refusal {
    /// The rules do not allow it now (not your turn, no such card, already settled …).
    #[default]
    Rules,
    /// The command is malformed: a missing or undeclared option, a value of the wrong kind or
    /// out of range, an unknown subcommand.
    Usage,
    /// The actor may not use this command (it is the GM's or the host's).
    Permission,
}

/// A refusal by the rules (or a usage mistake), worded for the player, with its kind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(pub String, pub Refusal);

impl RuleError {
    /// A refusal by the rules with this explanation.
    pub fn new(msg: impl Into<String>) -> Self {
        RuleError(msg.into(), Refusal::Rules)
    }
    /// A malformed command ([`Refusal::Usage`]).
    pub fn usage(msg: impl Into<String>) -> Self {
        RuleError(msg.into(), Refusal::Usage)
    }
    /// A command the actor may not use ([`Refusal::Permission`]).
    pub fn permission(msg: impl Into<String>) -> Self {
        RuleError(msg.into(), Refusal::Permission)
    }
    /// Its kind.
    pub fn kind(&self) -> Refusal {
        self.1
    }
}

/// Shorthand: `Err(RuleError)`.
pub fn refuse<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(msg))
}

/// A problem in a data file: which file, which card, which field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {item}: {problem}")]
pub struct DataError {
    /// File path (relative to the data folder).
    pub file: String,
    /// Card / entry id, or `-` for the file as a whole.
    pub item: String,
    /// What is wrong (naming the field).
    pub problem: String,
}

impl DataError {
    /// Builds a data error.
    pub fn new(
        file: impl Into<String>,
        item: impl Into<String>,
        problem: impl Into<String>,
    ) -> Self {
        DataError {
            file: file.into(),
            item: item.into(),
            problem: problem.into(),
        }
    }
}
