//! Draws the pictures replies ask for ([`crate::table::Picture`]) and attaches them as PNGs.

use crate::table::{DynState, Image, Picture, Registry, Reply};

/// True if any reply asks for the game's board (so the caller should fetch the session state).
pub fn wants_board(replies: &[Reply]) -> bool {
    replies
        .iter()
        .any(|r| matches!(r.message.picture, Some(Picture::Board { .. })))
}

/// True when attaching the pictures `replies` ask for draws nothing: no board, and every dice
/// picture is in the cache ([`super::dice::is_cached`]). Such an [`attach`] only copies bytes.
pub fn all_drawn(replies: &[Reply]) -> bool {
    replies.iter().all(|r| match &r.message.picture {
        None => true,
        Some(Picture::Dice(roll)) => super::dice::is_cached(roll),
        Some(Picture::Board { .. }) => false,
    })
}

/// Draws every requested picture into `message.images`. `session` is the channel's game and
/// session state as [`crate::table::Group::board`] returns them; without it, or for a game
/// with no picture, board requests are skipped. A picture that fails to draw is skipped too: the
/// text of the reply is always the reference.
pub fn attach(games: &Registry, replies: &mut [Reply], session: Option<&(String, DynState)>) {
    for r in replies.iter_mut() {
        let pngs = match &r.message.picture {
            None => continue,
            Some(Picture::Dice(roll)) => super::dice(roll).map(|p| ("dice", vec![p])),
            Some(Picture::Board { viewer }) => session.and_then(|(game, state)| {
                let game = games.find(game).filter(|g| g.has_picture())?;
                let viewer = viewer.as_ref().map(|v| v.0.as_str());
                match super::picture_of(game, state, viewer)? {
                    Ok(p) => Some(("board", p)),
                    Err(e) => {
                        tracing::warn!(error = %e, game = game.name(), "picture could not be drawn");
                        None
                    }
                }
            }),
        };
        let Some((stem, pngs)) = pngs else {
            continue;
        };
        for (k, png) in pngs.into_iter().enumerate() {
            r.message.images.push(Image {
                name: page_name(stem, k),
                png: png.bytes,
            });
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
        assert!(!all_drawn(&dice), "never drawn yet");
        assert!(super::super::dice(&roll).is_some());
        assert!(all_drawn(&dice), "drawn once, now in the cache");
        assert!(all_drawn(&[Reply::public(Message::text("no picture"))]));
        let board = Reply::public(Message::text("b").with_picture(Picture::Board { viewer: None }));
        assert!(
            !all_drawn(&[dice[0].clone(), board]),
            "a board is always drawn"
        );
    }

    #[test]
    fn pages_are_named_in_order() {
        assert_eq!(page_name("board", 0), "board.png");
        assert_eq!(page_name("board", 1), "board-2.png");
    }
}
