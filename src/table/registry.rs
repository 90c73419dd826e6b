//! The list of games the table knows, with their data loaded.

use std::path::Path;

use super::game::{DataError, DynGame, Loaded};

/// All registered games.
pub struct Registry {
    games: Vec<Box<dyn DynGame>>,
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
        if errors.is_empty() {
            Ok(Registry { games })
        } else {
            Err(errors)
        }
    }

    /// A registry of given games (tests).
    pub fn of(games: Vec<Box<dyn DynGame>>) -> Registry {
        Registry { games }
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
