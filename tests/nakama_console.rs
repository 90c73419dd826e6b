//! One Piece Nakama driven through the console, seeded: whole games to an ending.

use std::path::Path;
use std::sync::Arc;

use croupier::console::{Console, ConsoleOptions};
use croupier::store::Store;
use croupier::table::{ManualClock, Registry, SeedMode, Table};

const ENDINGS: [&str; 3] = [
    "The adventure is over",
    "**Defeat**",
    "King of the Pirates!",
];

struct Run {
    out: String,
}

/// Plays a seeded game: setup lines, then rounds where every player recruits their first card
/// into a rotating column and declines abilities, until an ending appears.
fn play(seed: u64, players: &[&str], setup: &[&str]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.db")).unwrap();
    let reg = Arc::new(Registry::load(Path::new("data")).unwrap());
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let mut table = Table::new(store, reg, clock.clone(), SeedMode::Fixed(seed));
    let mut console = Console::new(
        &mut table,
        clock,
        ConsoleOptions {
            seed: Some(seed),
            ..ConsoleOptions::default()
        },
    );
    let mut out = Vec::new();
    let mut n = 0;
    let mut line = |console: &mut Console, l: &str, out: &mut Vec<u8>| {
        n += 1;
        console.line(n, l, out).unwrap();
    };
    for l in setup {
        line(&mut console, l, &mut out);
    }
    for round in 0..80 {
        for (i, p) in players.iter().enumerate() {
            let col = (round + i) % 5 + 1;
            line(
                &mut console,
                &format!("{p}: /nakama recruit card:1 column:{col}"),
                &mut out,
            );
            line(&mut console, &format!("{p}: /nakama skip"), &mut out);
            line(
                &mut console,
                &format!("{p}: /nakama discard card:1"),
                &mut out,
            );
        }
        let text = String::from_utf8_lossy(&out);
        if ENDINGS.iter().any(|e| text.contains(e)) {
            break;
        }
    }
    Run {
        out: String::from_utf8(out).unwrap(),
    }
}

fn public_blocks(out: &str) -> Vec<&str> {
    out.split("\n\n")
        .filter(|b| b.trim_start().starts_with("[#table → everyone]"))
        .collect()
}

#[test]
fn console_three_player_game_reaches_an_ending() {
    let r = play(
        1,
        &["alice", "bob", "carol"],
        &[
            "alice: /nakama new character:Luffy",
            "bob: /nakama join character:Zoro",
            "carol: /nakama join character:Nami",
            "alice: /nakama begin",
        ],
    );
    assert!(r.out.contains("The adventure begins!"), "{}", r.out);
    assert!(
        ENDINGS.iter().any(|e| r.out.contains(e)),
        "no ending:\n{}",
        r.out
    );
    // Out-of-turn commands were refused without breaking the game.
    assert!(r.out.contains("'s turn, not yours"));
    // Hands only ever go to their owner.
    assert!(r.out.contains("[#table → alice only]\n**🂠 Your hand"));
    for b in public_blocks(&r.out) {
        assert!(!b.contains("Your hand"), "{b}");
    }
}

#[test]
fn console_solo_game_with_hand_menu_and_column_buttons() {
    let r = play(
        2,
        &["sol"],
        &[
            "sol: /nakama new character:Luffy",
            "sol: /nakama begin",
            "sol: /nakama hand",
        ],
    );
    assert!(r.out.contains("<Recruit a friend: "), "{}", r.out);
    assert!(
        ENDINGS.iter().any(|e| r.out.contains(e)),
        "no ending:\n{}",
        r.out
    );
    // Solo hand size is 6: the first private hand lists 6 cards.
    let hand = r
        .out
        .split("**🂠 Your hand (only you see this)**\n")
        .nth(1)
        .unwrap();
    assert!(hand.contains("\n6. ") && !hand.lines().take(7).any(|l| l.starts_with("7. ")));
}

#[test]
fn console_pick_from_the_hand_menu_then_press_a_column() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.db")).unwrap();
    let reg = Arc::new(Registry::load(Path::new("data")).unwrap());
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let mut table = Table::new(store, reg, clock.clone(), SeedMode::Fixed(3));
    let mut c = Console::new(
        &mut table,
        clock,
        ConsoleOptions {
            seed: Some(3),
            ..ConsoleOptions::default()
        },
    );
    let mut out = Vec::new();
    for (i, l) in [
        "ann: /nakama new character:Luffy",
        "bob: /nakama join character:Robin",
        "ann: /nakama begin bosses:2",
        "ann: /nakama hand",
    ]
    .iter()
    .enumerate()
    {
        c.line(i + 1, l, &mut out).unwrap();
    }
    let text = String::from_utf8_lossy(&out).to_string();
    assert!(text.contains("2 boss(es) in the enemy deck"));
    let menu = text.rsplit("<Recruit a friend: ").next().unwrap();
    let first = menu
        .split(" | ")
        .next()
        .unwrap()
        .split(" (")
        .next()
        .unwrap()
        .to_string();
    c.line(5, &format!("ann: pick {first}"), &mut out).unwrap();
    c.line(6, "ann: press Column 3", &mut out).unwrap();
    let text = String::from_utf8_lossy(&out).to_string();
    assert!(text.contains(&format!("ann recruits **{first}")), "{text}");
    assert!(text.contains("into column 3"));
}

#[test]
fn console_game_with_two_bosses_reaches_an_ending() {
    let r = play(
        4,
        &["alice", "bob"],
        &[
            "alice: /nakama new character:Luffy",
            "bob: /nakama join character:Jinbe",
            "alice: /nakama begin bosses:2",
        ],
    );
    assert!(r.out.contains("2 boss(es) in the enemy deck"));
    assert!(
        ENDINGS.iter().any(|e| r.out.contains(e)),
        "no ending:\n{}",
        r.out
    );
}
