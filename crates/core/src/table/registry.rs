//! The list of games the table knows, with their data loaded. The table names no game: which
//! games exist is decided at the composition root (`games::registry`, `Registry::load`).

use std::path::Path;

use super::game::{DynGame, Loaded};
use super::DataError;
use super::{Command, CommandSpec};

/// All registered games.
pub struct Registry {
    games: Vec<Box<dyn DynGame>>,
    /// The generic commands' declarations, built once (every answer consults them).
    generic: Vec<CommandSpec>,
}

impl Registry {
    /// A registry of these games (the composition root, `games::registry`, lists them).
    pub fn of(games: Vec<Box<dyn DynGame>>) -> Registry {
        Registry {
            games,
            generic: super::builtins::generic_commands(),
        }
    }

    /// Every top-level slash command: the generic ones, then each game's, split as its
    /// declaration says ([`CommandSpec::registered`]). Discord registration and `/help` use this.
    pub fn commands(&self) -> Vec<CommandSpec> {
        let mut specs = self.generic.clone();
        for g in self.all() {
            specs.extend(g.command().registered());
        }
        specs
    }

    /// The command as the game declared it: a top-level name that stands for a game's
    /// subcommand (`/nwcombat attack`) becomes the game's path (`nw combat attack`). Every
    /// other command comes back unchanged ([`CommandSpec::routed`]).
    pub fn route(&self, cmd: &Command) -> Command {
        self.all()
            .find_map(|g| g.command().routed(cmd))
            .unwrap_or_else(|| cmd.clone())
    }

    /// True when the answer to `cmd` (by its public name or the game's own path) may be only
    /// for the person who used it ([`super::may_answer_privately`] on the declarations).
    pub fn may_answer_privately(&self, cmd: &Command) -> bool {
        let cmd = self.route(cmd);
        super::may_answer_privately(self.declaration(cmd.root()), &cmd)
    }

    /// The declared leaf `cmd` (by its public name or the game's own path) names, if any.
    pub fn leaf(&self, cmd: &Command) -> Option<&CommandSpec> {
        let cmd = self.route(cmd);
        self.declaration(cmd.root())?
            .leaf(cmd.path.get(1..).unwrap_or(&[]))
    }

    /// The declaration of the top-level command `root` by the game's own name (`nw`, not
    /// `nwcombat`): a generic command's or a game's.
    pub fn declaration(&self, root: &str) -> Option<&CommandSpec> {
        self.generic
            .iter()
            .chain(self.all().map(|g| g.command()))
            .find(|s| s.name == root)
    }

    /// The game whose command is `name`.
    pub fn find(&self, name: &str) -> Option<&dyn DynGame> {
        self.games
            .iter()
            .find(|g| g.name() == name)
            .map(|g| g.as_ref())
    }

    /// The games, to register more beside them (`Registry::of`).
    pub fn into_games(self) -> Vec<Box<dyn DynGame>> {
        self.games
    }

    /// Every game.
    pub fn all(&self) -> impl Iterator<Item = &dyn DynGame> {
        self.games.iter().map(|g| g.as_ref())
    }
}

/// Loads game `G`'s data from `dir` into `games`, or adds its data errors to `errors`.
pub fn register<G: super::Game>(
    dir: &Path,
    games: &mut Vec<Box<dyn DynGame>>,
    errors: &mut Vec<DataError>,
) {
    match Loaded::<G>::load(dir) {
        Ok(l) => games.push(Box::new(l)),
        Err(mut e) => errors.append(&mut e),
    }
}
