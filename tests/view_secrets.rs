//! Per-viewer views keep secrets in the rules layer: for every game, a session is played
//! through the console, then its view model (`DynGame::view_model`, serialized) and its
//! picture (`render::docs`, every text drawn) are built for a player who is not the GM, and
//! nothing hidden from them may appear: a hidden enemy's name, another player's hand, the
//! order of a face-down deck. Each check also builds the view of someone who may see the
//! secret (the GM, the hand's owner) where there is one, and finds it there, so a check that
//! looks in the wrong place fails instead of passing.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use croupier::console::{Console, ConsoleOptions};
use croupier::i18n::Locale;
use croupier::render;
use croupier::store::Store;
use croupier::table::{ManualClock, Registry, SeedMode, Table, UserId, Viewer};
use serde_json::Value;

fn games() -> Arc<Registry> {
    static GAMES: OnceLock<Arc<Registry>> = OnceLock::new();
    GAMES
        .get_or_init(|| {
            Arc::new(croupier::games::load(Path::new("data")).expect("the shipped data"))
        })
        .clone()
}

/// The state of channel `table` after the console `script` (seed 1).
fn state_after(script: &[&str]) -> Value {
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let store = Store::in_memory().expect("store");
    let mut table = Table::new(store, games(), clock.clone(), SeedMode::Fixed(1));
    {
        let opts = ConsoleOptions::default();
        let mut console = Console::new(&mut table, clock, opts);
        let mut out = Vec::new();
        for (n, line) in script.iter().enumerate() {
            console.line(n + 1, line, &mut out).expect("console line");
        }
        let out = String::from_utf8_lossy(&out);
        assert!(!out.contains("⛔"), "a script line was refused:\n{out}");
    }
    table
        .state_json("table")
        .expect("state")
        .expect("a session")["state"]
        .clone()
}

/// What `viewer` is shown of `game`'s `state`: the serialized view model, and the picture's
/// texts (one per line).
fn shown(game: &str, state: &Value, viewer: Option<&str>) -> (String, String) {
    let games = games();
    let g = games.find(game).expect("registered");
    let v = match viewer {
        Some(u) => Viewer::user(&UserId::new(u)),
        None => Viewer::public(),
    };
    let view = g
        .view_model(&g.load_value(state).expect("a state of the game"), &v)
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    // The picture in every language: its words differ, what it shows the viewer does not.
    let texts = Locale::ALL
        .into_iter()
        .flat_map(|locale| {
            render::docs(&games, game, state, viewer, locale)
                .expect("the game has a picture")
                .unwrap_or_else(|e| panic!("{game}: {e}"))
        })
        .flat_map(|d| {
            d.texts()
                .into_iter()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>()
        .join("\n");
    (view.to_string(), texts)
}

/// `secret` is a whole JSON string somewhere in `view`.
fn in_view(view: &str, secret: &str) -> bool {
    view.contains(&Value::String(secret.to_string()).to_string())
}

#[test]
fn night_wizard_hidden_enemies_reach_only_the_gm() {
    let state = state_after(&[
        "alice: /nw character new name:Ayla quick:true",
        "gm: /nw new",
        "alice: /nw session join",
        "alice: /nw session lock",
        "gm: /nw enemy spawn name:shade_swarm hp:4",
        "gm: /nw enemy spawn name:lantern_emulator as:Lantern hidden:true hp:6",
        "gm: /nwcombat start",
        "gm: /nwcombat engage a:Ayla b:Lantern",
    ]);
    let hidden: Vec<String> = state["enemies"]
        .as_array()
        .expect("enemies")
        .iter()
        .filter(|e| e["hidden"] == true)
        .map(|e| e["label"].as_str().expect("label").to_string())
        .collect();
    assert_eq!(hidden, ["Lantern"]);
    for viewer in [Some("alice"), None] {
        let (view, texts) = shown("nw", &state, viewer);
        assert!(!view.contains("Lantern"), "{viewer:?}: {view}");
        assert!(!texts.contains("Lantern"), "{viewer:?}: {texts}");
        assert!(view.contains("Shade Swarm"), "{view}");
        assert!(view.contains("\"gm\":false"), "{view}");
    }
    let (view, texts) = shown("nw", &state, Some("gm"));
    let rows: Value = serde_json::from_str(&view).expect("the view is JSON");
    assert!(
        rows["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .any(|r| r["name"] == "Lantern" && r["hidden"] == true),
        "the GM's view marks Lantern hidden: {view}"
    );
    assert!(texts.contains("Lantern (hidden)"), "{texts}");
}

/// Board pictures are cached by (session, version, viewer): the GM's picture, drawn first,
/// is never the one a player or the channel gets for the same state; each viewer's cached
/// picture is the one drawn for them alone; a second look draws nothing; a new version draws
/// again.
#[test]
fn a_cached_board_picture_is_never_another_viewers() {
    use croupier::render::attach::{attach, english, Board, Boards};
    use croupier::table::{Message, Picture, Reply};
    let state = state_after(&[
        "alice: /nw character new name:Ayla quick:true",
        "gm: /nw new",
        "alice: /nw session join",
        "alice: /nw session lock",
        "gm: /nw enemy spawn name:lantern_emulator as:Lantern hidden:true hp:6",
        "gm: /nwcombat start",
    ]);
    let games = games();
    let nw = games.find("nw").expect("registered");
    let board = |version| Board {
        game: "nw".into(),
        state: nw.load_value(&state).expect("a state"),
        session: 1,
        version,
    };
    let boards = Boards::default();
    let png = |b: &Board, viewer: Option<&str>, cache: Option<&Boards>| {
        let mut replies = vec![Reply::public(Message::text("board").with_picture(
            Picture::Board {
                viewer: viewer.map(UserId::new),
            },
        ))];
        attach(&games, &mut replies, Some(b), cache, &english);
        replies[0].message.images[0].png.clone()
    };
    let now = board(7);
    let gm = png(&now, Some("gm"), Some(&boards));
    assert_eq!(boards.drawn(), 1);
    for viewer in [Some("alice"), None] {
        let cached = png(&now, viewer, Some(&boards));
        assert_ne!(cached, gm, "{viewer:?} was given the GM's picture");
        assert_eq!(
            cached,
            png(&now, viewer, None),
            "{viewer:?}: their own picture"
        );
    }
    assert_eq!(boards.drawn(), 3, "one drawing per viewer");
    assert_eq!(png(&now, Some("gm"), Some(&boards)), gm);
    assert_eq!(
        png(&now, Some("alice"), Some(&boards)),
        png(&now, Some("alice"), None)
    );
    assert_eq!(boards.drawn(), 3, "looking again draws nothing");
    png(&board(8), Some("gm"), Some(&boards));
    assert_eq!(boards.drawn(), 4, "another version is drawn");
}

#[test]
fn nakama_shows_a_hand_only_to_its_owner_and_no_deck() {
    let state = state_after(&[
        "alice: /nakama new character:Luffy",
        "bob: /nakama join character:Zoro",
        "alice: /nakama begin",
    ]);
    let data = croupier::games::nakama::data::load(Path::new("data")).expect("data");
    let labels = |v: &Value| -> BTreeSet<String> {
        v.as_array()
            .expect("a list of cards")
            .iter()
            .map(|i| data.friends[i.as_u64().expect("index") as usize].label())
            .collect()
    };
    let bob = state["players"]
        .as_array()
        .expect("players")
        .iter()
        .find(|p| p["user"] == "bob")
        .expect("bob");
    let bobs_hand = labels(&bob["hand"]);
    let deck = labels(&state["friend_deck"]);
    assert!(!bobs_hand.is_empty() && !deck.is_empty());
    for viewer in [Some("alice"), None] {
        let (view, _) = shown("nakama", &state, viewer);
        for card in bobs_hand.iter().chain(&deck) {
            assert!(!in_view(&view, card), "{viewer:?} sees {card}: {view}");
        }
    }
    // A public viewer gets no hand at all; bob gets his own, counted for the others.
    let (public, texts) = shown("nakama", &state, None);
    assert!(public.contains("\"hand\":null"), "{public}");
    assert!(!texts.contains("Your hand"), "{texts}");
    let (view, texts) = shown("nakama", &state, Some("bob"));
    for card in &bobs_hand {
        assert!(in_view(&view, card), "bob's own {card}: {view}");
    }
    assert!(texts.contains("Your hand"), "{texts}");
}

#[test]
fn nobi_keeps_the_face_down_scene_deck_out_of_the_view() {
    let state = state_after(&[
        "alice: /nobi new",
        "alice: /nobi join character:moss",
        "bob: /nobi join character:wren",
        "alice: /nobi begin gm:@alice",
    ]);
    let data = croupier::games::nobi::data::load(Path::new("data")).expect("data");
    let names = |v: &Value| -> BTreeSet<String> {
        v.as_array()
            .expect("a deck")
            .iter()
            .filter_map(|id| data.scene(id.as_str()?))
            .map(|s| s.name.clone())
            .collect()
    };
    let face_down = names(&state["decks"]["scenes"]);
    let seen = names(&state["decks"]["scene_discard"]);
    let secret: Vec<&String> = face_down.difference(&seen).collect();
    assert!(!secret.is_empty(), "the Scene deck is face down");
    let (view, texts) = shown("nobi", &state, Some("bob"));
    for name in &secret {
        assert!(!view.contains(name.as_str()), "{name}: {view}");
        assert!(!texts.contains(name.as_str()), "{name}: {texts}");
    }
    // bob is a player, not this Scene's GM; alice is.
    assert!(
        view.contains("\"role\":{\"gm\":false,\"seat\":1}"),
        "{view}"
    );
    let (view, _) = shown("nobi", &state, Some("alice"));
    assert!(view.contains("\"role\":{\"gm\":true,\"seat\":0}"), "{view}");
}

#[test]
fn ninja_and_dice_views_know_the_viewer_and_hold_no_gm_role_for_players() {
    let state = state_after(&[
        "alice: /ninja create name:Wisp iq:13 dx:15 st:12",
        "gm: /ninja new",
        "alice: /ninja enter name:Wisp",
        "gm: /ninja fill",
        "gm: /ninja start",
        "alice: /ninja run",
    ]);
    let (view, texts) = shown("ninja", &state, Some("alice"));
    assert!(view.contains("\"gm\":false"), "{view}");
    assert!(texts.contains("Wisp (yours)"), "{texts}");
    // The host is the tournament's GM (and owns the house ninjas); Wisp is not theirs.
    let (view, _) = shown("ninja", &state, Some("gm"));
    assert!(view.contains("\"gm\":true"), "{view}");
    assert!(
        in_view(&view, "Wisp") && !view.contains("Wisp (yours)"),
        "{view}"
    );

    let state = state_after(&["alice: /dice new expr:1d6 rounds:1", "bob: /dice join"]);
    let (view, texts) = shown("dice", &state, Some("bob"));
    assert!(
        view.contains("\"role\":{\"gm\":false,\"seat\":1}"),
        "{view}"
    );
    assert!(texts.contains("you"), "{texts}");
    let (view, texts) = shown("dice", &state, None);
    assert!(view.contains("\"seat\":null"), "{view}");
    assert!(!texts.lines().any(|t| t == "you"), "{texts}");
}
