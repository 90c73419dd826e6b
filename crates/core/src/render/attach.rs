//! Draws the pictures replies ask for ([`crate::table::Picture`]) and attaches them as PNGs.

use std::sync::atomic::{AtomicU64, Ordering};

use super::memo::Memo;
use super::Png;
use crate::i18n::Locale;
use crate::table::{DynState, Image, Picture, Registry, Reply};

/// A session's board as a commit left it: its game and typed state, and which state that is
/// (the session's id and version; a version is never reused, an undo makes a new one).
#[derive(Debug, Clone)]
pub struct Board {
    /// The game's name.
    pub game: String,
    /// The session's state.
    pub state: DynState,
    /// The session's id.
    pub session: i64,
    /// The state's version.
    pub version: i64,
}

/// The bytes of board pictures a [`Boards`] keeps (a Night Wizard tracker is 30–200 KB).
pub const BOARD_CACHE_BYTES: usize = 32 << 20;

/// What a board picture is a function of: the state (session and version), who looks at
/// it — the viewer and their rights (a channel manager may see what a player may not) — so a
/// picture drawn for the GM is never the one a player is given, and the language of its words.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct BoardKey {
    game: String,
    session: i64,
    version: i64,
    viewer: Option<String>,
    manager: bool,
    locale: Locale,
}

/// Board pictures drawn recently, by (session, version, viewer, language): a view of a board nobody
/// changed (a repeated `/game status`) draws nothing. One per running bot (one database: a
/// session id means one session there), bounded by [`BOARD_CACHE_BYTES`]; a picture that
/// failed to draw is remembered as such (it would fail again: a picture is a function of its
/// view).
pub struct Boards {
    memo: Memo<BoardKey, Option<Vec<Png>>>,
    drawn: AtomicU64,
}

impl Default for Boards {
    fn default() -> Self {
        Boards::new(BOARD_CACHE_BYTES)
    }
}

impl Boards {
    /// An empty cache of at most `budget` bytes of PNG.
    pub fn new(budget: usize) -> Self {
        Boards {
            memo: Memo::new(budget),
            drawn: AtomicU64::new(0),
        }
    }

    /// How many board pictures were drawn (not found here) so far.
    pub fn drawn(&self) -> u64 {
        self.drawn.load(Ordering::Relaxed)
    }

    /// True when `viewer`'s picture of `board` in `locale` is here.
    pub fn has(&self, board: &Board, viewer: Option<&str>, locale: Locale) -> bool {
        self.memo.contains(&key(board, viewer, locale))
    }

    fn get(
        &self,
        games: &Registry,
        board: &Board,
        viewer: Option<&str>,
        locale: Locale,
    ) -> Option<Vec<Png>> {
        self.memo.get_or_make(key(board, viewer, locale), |_| {
            self.drawn.fetch_add(1, Ordering::Relaxed);
            let pages = draw_board(games, board, viewer, locale);
            let size = pages.iter().flatten().map(|p| p.bytes.len()).sum::<usize>();
            (pages, size.max(64))
        })
    }
}

fn key(board: &Board, viewer: Option<&str>, locale: Locale) -> BoardKey {
    BoardKey {
        game: board.game.clone(),
        session: board.session,
        version: board.version,
        viewer: viewer.map(str::to_string),
        // The picture's viewer is a plain user (`render::docs_of`): no manager's rights.
        manager: false,
        locale,
    }
}

fn draw_board(
    games: &Registry,
    board: &Board,
    viewer: Option<&str>,
    locale: Locale,
) -> Option<Vec<Png>> {
    let game = games.find(&board.game).filter(|g| g.has_picture())?;
    match super::picture_of(game, &board.state, viewer, locale)? {
        Ok(p) => Some(p),
        Err(e) => {
            tracing::warn!(error = %e, game = game.name(), "picture could not be drawn");
            None
        }
    }
}

/// True if any reply asks for the game's board (so the caller should fetch the session state).
pub fn wants_board(replies: &[Reply]) -> bool {
    replies
        .iter()
        .any(|r| matches!(r.message.picture, Some(Picture::Board { .. })))
}

/// The languages a reply is read in (one per reader's language; a front end that speaks
/// one language gives that one), for [`attach`] and [`all_drawn`].
pub type Languages<'a> = &'a dyn Fn(&Reply) -> Vec<Locale>;

/// Every reply read in English only (a front end without languages, and tests).
pub fn english(_: &Reply) -> Vec<Locale> {
    vec![Locale::En]
}

/// True when attaching the pictures `replies` ask for draws nothing: every dice picture is in
/// the cache ([`super::dice::is_cached`]) and every board either has no session or is in
/// `boards`, in each language the reply is read in. Such an [`attach`] only copies pointers.
pub fn all_drawn(
    replies: &[Reply],
    board: Option<&Board>,
    boards: Option<&Boards>,
    languages: Languages,
) -> bool {
    replies.iter().all(|r| {
        languages(r)
            .into_iter()
            .all(|locale| match &r.message.picture {
                None => true,
                Some(Picture::Dice(roll)) => super::dice::is_cached(roll, locale),
                Some(Picture::Board { viewer }) => match (board, boards) {
                    (None, _) => true,
                    (Some(b), Some(cache)) => {
                        cache.has(b, viewer.as_ref().map(|v| v.0.as_str()), locale)
                    }
                    (Some(_), None) => false,
                },
            })
    })
}

/// Draws every requested picture into `message.images`, once in each language the reply is
/// read in (`languages`: each [`Image`] says its own). `board` is the channel's session as
/// [`crate::table::Group::board`] returns it; without it, or for a game with no picture, board
/// requests are skipped. With `boards`, a board picture drawn before for the same state,
/// viewer and language is taken from there. A picture that fails to draw is skipped too: the
/// text of the reply is always the reference.
pub fn attach(
    games: &Registry,
    replies: &mut [Reply],
    board: Option<&Board>,
    boards: Option<&Boards>,
    languages: Languages,
) {
    for r in replies.iter_mut() {
        if r.message.picture.is_none() {
            continue;
        }
        let mut locales = languages(r);
        locales.sort();
        locales.dedup();
        for locale in locales {
            let pngs = match &r.message.picture {
                None => None,
                Some(Picture::Dice(roll)) => super::dice(roll, locale).map(|p| ("dice", vec![p])),
                Some(Picture::Board { viewer }) => board.and_then(|b| {
                    let viewer = viewer.as_ref().map(|v| v.0.as_str());
                    let pages = match boards {
                        Some(cache) => cache.get(games, b, viewer, locale),
                        None => draw_board(games, b, viewer, locale),
                    };
                    pages.map(|p| ("board", p))
                }),
            };
            let Some((stem, pngs)) = pngs else {
                continue;
            };
            for (k, png) in pngs.into_iter().enumerate() {
                r.message.images.push(Image {
                    name: page_name(stem, k),
                    png: png.bytes,
                    locale,
                });
            }
        }
    }
}

/// The file name of a picture's page `k` (from 0): `board.png`, then `board-2.png`, ….
pub fn page_name(stem: &str, k: usize) -> String {
    if k == 0 {
        format!("{stem}.png")
    } else {
        format!("{stem}-{}.png", k + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Message;

    #[test]
    fn only_cached_dice_pictures_count_as_already_drawn() {
        // A roll no other test draws (the cache is shared by the process).
        let roll = crate::dice::roll("7d7+1", &mut crate::rng::seeded(4242)).unwrap();
        let dice = vec![Reply::public(
            Message::text("roll").with_picture(Picture::Dice(roll.clone())),
        )];
        assert!(!all_drawn(&dice, None, None, &english), "never drawn yet");
        assert!(super::super::dice(&roll, Locale::En).is_some());
        assert!(
            all_drawn(&dice, None, None, &english),
            "drawn once, now in the cache"
        );
        let both = |_: &Reply| vec![Locale::En, Locale::Ja];
        assert!(
            !all_drawn(&dice, None, None, &both),
            "not yet drawn in Japanese"
        );
        assert!(all_drawn(
            &[Reply::public(Message::text("no picture"))],
            None,
            None,
            &english
        ));
    }

    #[test]
    fn pages_are_named_in_order() {
        assert_eq!(page_name("board", 0), "board.png");
        assert_eq!(page_name("board", 1), "board-2.png");
    }
}
