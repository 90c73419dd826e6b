//! One Piece Nakama driven through the console, seeded: whole games to an ending.

use std::path::Path;
use std::sync::Arc;

use croupier::console::{Console, ConsoleOptions};
use croupier::store::Store;
use croupier::table::{ManualClock, SeedMode, Table};

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
    let reg = Arc::new(croupier::games::load(Path::new("data")).unwrap());
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let mut table = Table::new(store, reg, clock.clone(), SeedMode::Fixed(seed));
    let mut console = Console::new(&mut table, clock, ConsoleOptions::default());
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
            line(&mut console, &format!("{p}: /nakama continue"), &mut out);
            // A straw hat on the lost-friend roll: the crew gives up column 1.
            line(
                &mut console,
                &format!("{p}: /nakama lose column:1"),
                &mut out,
            );
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
    let reg = Arc::new(croupier::games::load(Path::new("data")).unwrap());
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let mut table = Table::new(store, reg, clock.clone(), SeedMode::Fixed(3));
    let mut c = Console::new(&mut table, clock, ConsoleOptions::default());
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

/// A console on a fresh in-memory table, seeded.
fn fresh(seed: u64) -> (Table, Arc<ManualClock>) {
    let reg = Arc::new(croupier::games::load(Path::new("data")).unwrap());
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let table = Table::new(
        Store::in_memory().unwrap(),
        reg,
        clock.clone(),
        SeedMode::Fixed(seed),
    );
    (table, clock)
}

fn say(c: &mut Console, line: &str) -> String {
    let mut out = Vec::new();
    c.line(1, line, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn state(c: &mut Console) -> serde_json::Value {
    c.table().state_json("table").unwrap().unwrap()["state"].clone()
}

/// Setup step 1: "At any point in the game, including on other players' turns, you can power
/// up your character". After the recruit the table waits: Zoro blocks an enemy he has just
/// seen, and Ann's Continue button, shown before his block, still starts Combat; pressing it
/// twice is refused and changes nothing. After the turn the board is posted again.
#[test]
fn console_reaction_step_zoro_blocks_after_the_recruit_then_continue_starts_combat() {
    let (mut t, clock) = fresh(3);
    let mut c = Console::new(&mut t, clock, ConsoleOptions::default());
    say(&mut c, "ann: /nakama new character:Luffy");
    say(&mut c, "bob: /nakama join character:Zoro");
    say(&mut c, "ann: /nakama begin");
    let mut out = say(&mut c, "ann: /nakama recruit card:1 column:1");
    if out.contains("use the ability of") {
        out = say(&mut c, "ann: /nakama skip");
    }
    assert!(
        out.contains("Before Combat: anyone may react") && out.contains("[Continue]"),
        "{out}"
    );
    assert!(
        !out.contains("holds:") && !out.contains("is defeated!"),
        "no Combat yet: {out}"
    );
    assert_eq!(state(&mut c)["step"], "React");
    let refused = say(&mut c, "bob: /nakama continue");
    assert!(
        refused.contains("⛔ ann starts Combat with Continue"),
        "{refused}"
    );
    let blocked_name = state(&mut c)["spaces"][0].clone();
    let block = say(&mut c, "bob: /nakama power space:1");
    assert!(block.contains("is blocked"), "{block}");
    assert_ne!(state(&mut c)["spaces"][0], blocked_name);
    let blocked = block
        .split("🚫 ")
        .nth(1)
        .and_then(|s| s.split(" is blocked").next())
        .unwrap()
        .to_string();
    let fight = say(&mut c, "ann: press Continue");
    assert!(fight.contains("ann goes on to Combat"), "{fight}");
    assert!(
        !fight.contains(&format!("{blocked} holds"))
            && !fight.contains(&format!("{blocked} is defeated")),
        "the blocked enemy did not fight: {fight}"
    );
    // The board is posted again after the turn, with the defeated areas and the rank.
    let board = fight
        .split("**🏴‍☠️ One Piece Nakama — the board**")
        .nth(1)
        .expect("board re-posted");
    assert!(board.contains("Turn 2 — bob must recruit"), "{board}");
    assert!(
        board.contains("Defeated friends") && board.contains("rank so far: "),
        "{board}"
    );
    let before = state(&mut c);
    let again = say(&mut c, "ann: again");
    assert!(
        again.contains(
            "that button was for **ann's Continue to Combat on turn 1**, which is already settled"
        ),
        "{again}"
    );
    assert_eq!(state(&mut c), before, "a second press changes nothing");
}

/// `/nakama new react:off`: a table that wants speed has Combat follow the recruit at once.
#[test]
fn console_reaction_step_off_combat_follows_the_recruit_at_once() {
    let (mut t, clock) = fresh(3);
    let mut c = Console::new(&mut t, clock, ConsoleOptions::default());
    let opened = say(&mut c, "ann: /nakama new character:Luffy react:off");
    assert!(opened.contains("Reaction step off"), "{opened}");
    say(&mut c, "bob: /nakama join character:Zoro");
    say(&mut c, "ann: /nakama begin");
    let mut out = say(&mut c, "ann: /nakama recruit card:1 column:1");
    if out.contains("use the ability of") {
        out = say(&mut c, "ann: /nakama skip");
    }
    assert!(!out.contains("Before Combat"), "{out}");
    assert!(
        out.contains("holds:") || out.contains("is defeated!"),
        "{out}"
    );
    assert_eq!(state(&mut c)["turn"], 1);
    let (mut t2, clock2) = fresh(4);
    let mut c2 = Console::new(&mut t2, clock2, ConsoleOptions::default());
    let bad = say(&mut c2, "ann: /nakama new react:maybe");
    assert!(bad.contains("⛔") && bad.contains("react"), "{bad}");
}

/// Combat, defeated friends: "Roll the die to determine which friend column is affected"; on
/// the straw hat ("you may choose any value between 1 and 5") the crew chooses, one press
/// accepting the weakest. Carol acts between the prompt and Alice's press, which still works;
/// a second press is refused and changes nothing.
#[test]
fn console_straw_hat_the_crew_chooses_the_lost_friend_and_a_second_press_is_refused() {
    // Seeded games where every player recruits their first card; the first seed whose
    // lost-friend roll shows the straw hat is used (the search is deterministic).
    for seed in 1..=60u64 {
        let (mut t, clock) = fresh(seed);
        let mut c = Console::new(&mut t, clock, ConsoleOptions::default());
        for l in [
            "alice: /nakama new character:Luffy",
            "bob: /nakama join character:Zoro",
            "carol: /nakama join character:Nami",
            "alice: /nakama begin",
        ] {
            say(&mut c, l);
        }
        let players = ["alice", "bob", "carol"];
        let mut prompt = None;
        'game: for round in 0..30 {
            for (i, p) in players.iter().enumerate() {
                let col = (round + i) % 5 + 1;
                for l in [
                    format!("{p}: /nakama recruit card:1 column:{col}"),
                    format!("{p}: /nakama skip"),
                    format!("{p}: /nakama continue"),
                    format!("{p}: /nakama discard card:1"),
                ] {
                    let out = say(&mut c, &l);
                    if out.contains("The straw hat: the crew chooses") {
                        prompt = Some(out);
                        break 'game;
                    }
                    if out.contains("the end**") {
                        break 'game;
                    }
                }
            }
        }
        let Some(prompt) = prompt else { continue };
        let st = state(&mut c);
        assert!(st["step"]["Lose"].is_object(), "{st}");
        let lost_before = st["defeated_friends"].as_array().unwrap().len();
        let weakest = prompt
            .split("[Lose ")
            .nth(1)
            .and_then(|s| s.split(']').next())
            .map(|s| format!("Lose {s}"))
            .expect("a button accepting the weakest");
        // Carol acts between the prompt and the press: Nami draws 2.
        let carol = say(&mut c, "carol: /nakama power");
        assert!(
            carol.contains("carol (Nami) powers up and draws") && !carol.contains('⛔'),
            "{carol}"
        );
        assert!(state(&mut c)["step"]["Lose"].is_object());
        let pressed = say(&mut c, &format!("alice: press {weakest}"));
        assert!(pressed.contains("alice chooses column"), "{pressed}");
        let st = state(&mut c);
        assert_eq!(
            st["defeated_friends"].as_array().unwrap().len(),
            lost_before + 1,
            "{pressed}"
        );
        let before = st;
        let again = say(&mut c, "alice: again");
        assert!(
            again.contains("that button was for **the crew's lost friend on turn"),
            "{again}"
        );
        assert!(again.contains("which is already settled"), "{again}");
        assert_eq!(state(&mut c), before, "a second press changes nothing");
        return;
    }
    panic!("no seed in 1..=60 rolled the straw hat on a lost friend");
}
