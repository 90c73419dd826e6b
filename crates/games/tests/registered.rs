//! The registered games together: their pictures through `croupier_core::render`, replies'
//! attachments, and `/help` naming every registered command.

use serde_json::Value;

use croupier_core::i18n::Locale;
use croupier_core::render::attach::{attach, english, wants_board, Board};
use croupier_core::render::{games_with_pictures, picture, RenderError};
use croupier_core::table::help;
use croupier_core::table::{Actor, Message, Picture, Registry, Reply, UserId};

fn games() -> Registry {
    croupier_games::load(&croupier_core::source_path("data")).expect("the shipped data loads")
}

#[test]
fn games_without_a_picture_get_none() {
    let games = games();
    assert!(picture(&games, "no-such-game", &Value::Null, None, Locale::En).is_none());
    assert_eq!(
        games_with_pictures(&games),
        ["dice", "nobi", "nw", "ninja", "nakama"]
    );
    for g in games_with_pictures(&games) {
        assert!(
            picture(&games, g, &Value::Null, None, Locale::En).is_some(),
            "{g}"
        );
    }
}

#[test]
fn a_malformed_state_is_a_state_error_not_a_panic() {
    let games = games();
    for g in games_with_pictures(&games) {
        let r = picture(
            &games,
            g,
            &serde_json::json!({"seats": 3}),
            None,
            Locale::En,
        );
        assert!(matches!(r, Some(Err(RenderError::State(_)))), "{g}: {r:?}");
    }
}

#[test]
fn a_game_that_is_not_registered_has_no_picture() {
    // A game's data comes with its registration, so a picture never lacks it.
    let empty = Registry::of(vec![]);
    assert!(picture(&empty, "ninja", &Value::Null, None, Locale::En).is_none());
}

#[test]
fn dice_and_board_pictures_are_attached_as_png() {
    let roll = croupier_core::dice::roll("2d6+3", &mut croupier_core::rng::seeded(1)).unwrap();
    let mut replies = vec![
        Reply::public(Message::text("roll").with_picture(Picture::Dice(roll))),
        Reply::public(Message::text("board").with_picture(Picture::Board { viewer: None })),
        Reply::private(&UserId::new("a"), Message::text("no picture")),
    ];
    assert!(wants_board(&replies));
    let state = serde_json::json!({
        "expr": "1d6", "rounds": 1, "round": 1, "turn": 0, "phase": "Playing",
        "seats": [{"user": "a", "name": "Ann", "score": 3}]
    });
    let games = croupier_games::load(&croupier_core::source_path("data")).unwrap();
    let dice = games.find("dice").unwrap();
    let session = Board {
        game: "dice".to_string(),
        state: dice.load_value(&state).unwrap(),
        session: 1,
        version: 1,
    };
    attach(&games, &mut replies, Some(&session), None, &english);
    assert_eq!(replies[0].message.images[0].name, "dice.png");
    assert!(replies[0].message.images[0].png.starts_with(b"\x89PNG"));
    assert_eq!(replies[1].message.images[0].name, "board.png");
    assert!(replies[2].message.images.is_empty());
}

#[test]
fn without_a_session_the_board_is_skipped() {
    let mut replies = vec![Reply::public(
        Message::text("b").with_picture(Picture::Board { viewer: None }),
    )];
    let games = croupier_games::load(&croupier_core::source_path("data")).unwrap();
    attach(&games, &mut replies, None, None, &english);
    assert!(replies[0].message.images.is_empty());
}

#[test]
fn help_lists_the_registered_names_of_split_commands() {
    let games = croupier_games::load(&croupier_core::source_path("data")).expect("data loads");
    let alice = Actor::player("alice", "alice");
    let index = help::index(&games, &alice).message.body;
    for n in [
        "/roll",
        "/game",
        "/help",
        "/nw",
        "/nwcombat",
        "/nwenemy",
        "/nwfortress",
        "/nwcasket",
    ] {
        assert!(index.contains(&format!("`{n}`")), "{n} in {index}");
    }
    assert!(index.contains("/help command:"), "{index}");
    let combat = help::page(&games, &alice, "/nwcombat").expect("a page");
    let body = combat.message.body;
    assert!(body.contains("`/nwcombat attack`"), "{body}");
    assert!(!body.contains("/nw combat"), "{body}");
    let paths = help::topics(&games);
    assert!(paths.iter().any(|p| p == "nwcombat attack"), "{paths:?}");
    assert!(
        !paths.iter().any(|p| p.starts_with("nw combat")),
        "{paths:?}"
    );
}
