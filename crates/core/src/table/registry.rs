//! The list of games the table knows, with their data loaded. The table names no game: which
//! games exist is decided at the composition root (`games::registry`, `Registry::load`).

use std::path::Path;

use super::game::{DynGame, Loaded};
use super::DataError;
use super::{Command, CommandSpec};

/// All registered games.
pub struct Registry {
    games: Vec<Box<dyn DynGame>>,
    /// Top-level command names that stand for a game's subcommand: (`nwcombat`, [`nw`, `combat`]).
    routes: Vec<(String, [String; 2])>,
    /// The generic commands' declarations, built once (every answer consults them).
    generic: Vec<CommandSpec>,
}

impl Registry {
    /// A registry of these games (the composition root, `games::registry`, lists them).
    pub fn of(games: Vec<Box<dyn DynGame>>) -> Registry {
        let routes = games
            .iter()
            .flat_map(|g| {
                let game = g.name().to_string();
                g.command().subcommands.iter().filter_map(move |s| {
                    Some((s.top_level.clone()?, [game.clone(), s.name.clone()]))
                })
            })
            .collect();
        Registry {
            games,
            routes,
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
    /// other command comes back unchanged. The one place public names are mapped back.
    pub fn route(&self, cmd: &Command) -> Command {
        let mut out = cmd.clone();
        if let Some((_, path)) = self.routes.iter().find(|(top, _)| top == cmd.root()) {
            out.typed = Some(cmd.path.clone());
            out.path.splice(0..1, path.iter().cloned());
        }
        out
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
