//! The pictures of sessions: a registered game's view model drawn with the drawing engine
//! (`croupier_draw`, re-exported here), and the PNGs attached to replies ([`attach`]).

use serde_json::Value;

use crate::i18n::Locale;
use crate::table::{DynError, DynGame, DynState, Registry, UserId, Viewer};

pub use croupier_draw::{
    clear_caches, dice, golden, memo, outlines, palette, raster, stamps, svg, Image, Png,
    RenderError, MAX_PNG_BYTES,
};

pub mod attach;

/// The picture of `game`'s session `state` (the game's own state JSON, as in
/// `croupier state`'s `state` field), as seen by `viewer` (a user id; `None` = the public
/// view, which must never show hidden information), its words in `locale` (the numbers,
/// names and dice are the same in every language). The registered game builds its view
/// model for the viewer and draws it.
///
/// A picture is one or more pages (never none): content taller than
/// [`svg::MAX_PAGE_HEIGHT`] (the full 16-ninja score sheet) is split, and the pages are
/// drawn at the same time. `None` when the game has no picture.
pub fn picture(
    games: &Registry,
    game: &str,
    state: &Value,
    viewer: Option<&str>,
    locale: Locale,
) -> Option<Result<Vec<Png>, RenderError>> {
    let docs = docs(games, game, state, viewer, locale)?;
    Some(docs.and_then(|d| raster::rasterize_pages(&d)))
}

/// [`picture`] of a state already in the game's type (a session the table has loaded).
pub fn picture_of(
    game: &dyn DynGame,
    state: &DynState,
    viewer: Option<&str>,
    locale: Locale,
) -> Option<Result<Vec<Png>, RenderError>> {
    let docs = docs_of(game, state, viewer, locale)?;
    Some(docs.and_then(|d| raster::rasterize_pages(&d)))
}

/// The pages of [`picture`] before they are rasterised (for tests and benchmarks).
pub fn docs(
    games: &Registry,
    game: &str,
    state: &Value,
    viewer: Option<&str>,
    locale: Locale,
) -> Option<Result<Vec<svg::Doc>, RenderError>> {
    let g = games.find(game).filter(|g| g.has_picture())?;
    match g.load_value(state) {
        Ok(state) => docs_of(g, &state, viewer, locale),
        Err(e) => Some(Err(state_error(e))),
    }
}

/// [`docs`] of a state already in the game's type.
pub fn docs_of(
    game: &dyn DynGame,
    state: &DynState,
    viewer: Option<&str>,
    locale: Locale,
) -> Option<Result<Vec<svg::Doc>, RenderError>> {
    let viewer = match viewer {
        Some(u) => Viewer::user(&UserId::new(u)),
        None => Viewer::public(),
    };
    Some(game.picture(state, &viewer, locale)?.map_err(state_error))
}

fn state_error(e: DynError) -> RenderError {
    match e {
        DynError::Corrupt(e) => RenderError::State(e.to_string()),
        DynError::Rule(e) => RenderError::State(e.0),
    }
}

/// The names of the registered games that draw a picture (for help texts and errors).
pub fn games_with_pictures(games: &Registry) -> Vec<&'static str> {
    games
        .all()
        .filter(|g| g.has_picture())
        .map(|g| g.name())
        .collect()
}
