//! The list of games the table knows, with their data loaded.

use std::path::Path;

use super::game::{DataError, DynGame, Loaded};
use super::{Command, CommandSpec};

/// All registered games.
pub struct Registry {
    games: Vec<Box<dyn DynGame>>,
    /// Top-level command names that stand for a game's subcommand: (`nwcombat`, [`nw`, `combat`]).
    routes: Vec<(String, [String; 2])>,
}

impl Registry {
    /// Loads every game's data from `dir`. Errors list every problem in every game.
    pub fn load(dir: &Path) -> Result<Registry, Vec<DataError>> {
        let mut games: Vec<Box<dyn DynGame>> = Vec::new();
        let mut errors = Vec::new();
        // One line per game: this is the only place a new game is registered.
        register::<crate::games::dice_table::DiceTable>(dir, &mut games, &mut errors);
        register::<crate::games::nobi::Nobi>(dir, &mut games, &mut errors);
        register::<crate::games::nightwizard::NightWizard>(dir, &mut games, &mut errors);
        register::<crate::games::ninja::NinjaTournament>(dir, &mut games, &mut errors);
        register::<crate::games::nakama::Nakama>(dir, &mut games, &mut errors);
        if errors.is_empty() {
            Ok(Registry::of(games))
        } else {
            Err(errors)
        }
    }

    /// A registry of given games (tests).
    pub fn of(games: Vec<Box<dyn DynGame>>) -> Registry {
        let routes = games
            .iter()
            .flat_map(|g| {
                let game = g.name().to_string();
                g.command()
                    .subcommands
                    .into_iter()
                    .filter_map(move |s| Some((s.top_level?, [game.clone(), s.name])))
            })
            .collect();
        Registry { games, routes }
    }

    /// Every top-level slash command: the generic ones, then each game's, split as its
    /// declaration says ([`CommandSpec::registered`]). Discord registration and `/help` use this.
    pub fn commands(&self) -> Vec<CommandSpec> {
        let mut specs = super::generic::generic_commands();
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
        let mut declared = super::generic::generic_commands();
        declared.extend(self.all().map(|g| g.command()));
        super::may_answer_privately(&declared, &self.route(cmd))
    }

    /// The game whose command is `name`.
    pub fn find(&self, name: &str) -> Option<&dyn DynGame> {
        self.games
            .iter()
            .find(|g| g.name() == name)
            .map(|g| g.as_ref())
    }

    /// Every game.
    pub fn all(&self) -> impl Iterator<Item = &dyn DynGame> {
        self.games.iter().map(|g| g.as_ref())
    }
}

fn register<G: super::Game>(
    dir: &Path,
    games: &mut Vec<Box<dyn DynGame>>,
    errors: &mut Vec<DataError>,
) {
    match Loaded::<G>::load(dir) {
        Ok(l) => games.push(Box::new(l)),
        Err(mut e) => errors.append(&mut e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games() -> Registry {
        Registry::load(Path::new("data")).expect("data loads")
    }

    #[test]
    fn a_split_top_level_command_routes_back_to_the_games_path() {
        let g = games();
        let c = Command::new("nwcombat attack").with("target", "Hound");
        let routed = g.route(&c);
        assert_eq!(routed.path_str(), "nw combat attack");
        assert_eq!(routed.get("target"), Some("Hound"));
        // Messages name what the user typed.
        let err = routed.require("who").unwrap_err().to_string();
        assert!(
            err.contains("`/nwcombat attack` needs the option `who:`"),
            "{err}"
        );
        assert_eq!(
            g.route(&Command::new("nwfortress dive")).path_str(),
            "nw fortress dive"
        );
        assert_eq!(
            g.route(&Command::new("nwcasket list")).path_str(),
            "nw casket list"
        );
        assert_eq!(
            g.route(&Command::new("nwenemy spawn")).path_str(),
            "nw enemy spawn"
        );
        // The game's own spelling, the generic commands and unknown names pass unchanged.
        for same in [
            "nw combat attack",
            "nw judge",
            "roll",
            "game status",
            "nwx",
            "",
        ] {
            assert_eq!(g.route(&Command::new(same)).path_str(), same);
        }
    }

    #[test]
    fn registered_commands_are_the_declarations_split_once() {
        let g = games();
        let names: Vec<String> = g.commands().into_iter().map(|c| c.name).collect();
        for n in [
            "roll",
            "game",
            "help",
            "nw",
            "nwcombat",
            "nwenemy",
            "nwfortress",
            "nwcasket",
        ] {
            assert!(names.contains(&n.to_string()), "{n} in {names:?}");
        }
        let nw = g.commands().into_iter().find(|c| c.name == "nw").unwrap();
        let subs: Vec<&str> = nw.subcommands.iter().map(|s| s.name.as_str()).collect();
        for gone in ["combat", "enemy", "fortress", "casket"] {
            assert!(!subs.contains(&gone), "{gone} left /nw");
        }
        assert!(subs.contains(&"judge") && subs.contains(&"skill"));
        // Every registered path routes to a path the game declares.
        for spec in g.commands() {
            for sub in &spec.subcommands {
                let routed = g.route(&Command::new(&format!("{} {}", spec.name, sub.name)));
                let Some(game) = g.find(routed.root()) else {
                    continue;
                };
                let mut node = game.command();
                for w in &routed.path[1..] {
                    node = node
                        .subcommands
                        .into_iter()
                        .find(|s| &s.name == w)
                        .unwrap_or_else(|| panic!("{} not declared", routed.path_str()));
                }
                assert!(node.top_level.is_none() || routed.path.len() > 1);
            }
        }
    }
}
