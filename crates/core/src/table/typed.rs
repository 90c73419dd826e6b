//! The [`Commands`] trait: a command tree as a typed value, its declaration, its parser and the
//! way back to the command it parses from. Derived with `#[derive(Commands)]` (see `declare`);
//! kept apart from `declare` so that the `Game` trait and the replies (`Message::button`) can
//! name it without importing the declarations' helpers.

use super::{Command, CommandSpec, RuleError};

/// A command tree declared as an enum (derive it with `#[derive(Commands)]`).
pub trait Commands: Sized {
    /// The command's (or group's) name.
    const NAME: &'static str;
    /// Its declaration: subcommands, options, choices, permissions, visibility, scope.
    fn spec() -> CommandSpec;
    /// Parses the subcommand named at `cmd.path[at]` (and below).
    fn from_command_at(cmd: &Command, at: usize) -> Result<Self, RuleError>;
    /// Parses a whole command (`/NAME sub …`).
    fn from_command(cmd: &Command) -> Result<Self, RuleError> {
        Self::from_command_at(cmd, 1)
    }
    /// The subcommand path this value was parsed from (`combat attack`), `None` for variants
    /// that are not commands (`#[cmd(skip)]`).
    fn path(&self) -> Option<String>;
    /// Adds this value's subcommand path (below `cmd.path`) and its options to `cmd`.
    /// A `#[cmd(skip)]` variant adds nothing (it is no command).
    fn write_at(&self, cmd: &mut Command);
    /// The command this value is parsed from: `X::from_command(&x.to_command()) == Ok(x)` for
    /// every value whose text options are not empty (an empty option reads as absent).
    fn to_command(&self) -> Command {
        let mut cmd = Command::new(Self::NAME);
        self.write_at(&mut cmd);
        cmd
    }
    /// The command line of [`Commands::to_command`] (`/nobi verdict result:success`), as the
    /// console takes it and a button's custom id carries it; a group registered under its own
    /// name is written that way (`/nwcombat dodge`, not `/nw combat dodge`), as users type it.
    fn to_line(&self) -> String {
        let mut cmd = self.to_command();
        if let Some(typed) = cmd.typed.take() {
            cmd.path = typed;
        }
        cmd.to_string()
    }
    /// Parses a command line as [`Commands::to_line`] writes it, a group registered under its
    /// own name included (`/nwcombat dodge`).
    fn from_line(line: &str) -> Result<Self, RuleError> {
        let cmd = Command::parse_line(line).map_err(|e| RuleError::new(e.to_string()))?;
        let cmd = Self::spec().routed(&cmd).unwrap_or(cmd);
        Self::from_command(&cmd)
    }
    /// Values covering every subcommand, every choice and every option both given and left
    /// out, for tests that check each declaration's way there and back.
    fn samples() -> Vec<Self>;
}
