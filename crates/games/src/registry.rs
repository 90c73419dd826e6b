//! The composition root of the games: the one place a game is registered.

use std::path::Path;

use croupier_core::table::registry::register;
use croupier_core::table::{DataError, DynGame, Registry};

/// Loads every game's data from `dir`. Errors list every problem in every game.
pub fn load(dir: &Path) -> Result<Registry, Vec<DataError>> {
    // A folder that is not there is one problem, not one per file.
    if !dir.is_dir() {
        return Err(vec![DataError::new(
            ".",
            "-",
            "does not exist or is not a folder: point --data (or CROUPIER_DATA) at one like the source tree's data/, or leave it unset",
        )]);
    }
    let mut games: Vec<Box<dyn DynGame>> = Vec::new();
    let mut errors = Vec::new();
    // One line per game: this is the only place a new game is registered.
    register::<crate::dice_table::DiceTable>(dir, &mut games, &mut errors);
    register::<crate::nobi::Nobi>(dir, &mut games, &mut errors);
    register::<crate::nightwizard::NightWizard>(dir, &mut games, &mut errors);
    register::<crate::ninja::NinjaTournament>(dir, &mut games, &mut errors);
    register::<crate::nakama::Nakama>(dir, &mut games, &mut errors);
    if errors.is_empty() {
        Ok(Registry::of(games))
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use croupier_core::table::Command;

    fn games() -> Registry {
        load(&croupier_core::source_path("data")).expect("data loads")
    }

    #[test]
    fn a_data_folder_that_is_not_there_is_one_problem() {
        let Err(errs) = load(Path::new("no/such/folder")) else {
            panic!("loaded from nothing");
        };
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert_eq!(errs[0].file, ".", "the folder itself");
        assert!(errs[0]
            .problem
            .starts_with("does not exist or is not a folder"));
        assert!(errs[0].problem.contains("--data"), "{}", errs[0]);
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
                        .iter()
                        .find(|s| &s.name == w)
                        .unwrap_or_else(|| panic!("{} not declared", routed.path_str()));
                }
                assert!(node.top_level.is_none() || routed.path.len() > 1);
            }
        }
    }
}
