//! Seeded console runs of a whole Ninja Obstacle Tournament: 16 entrants to a winner (or none),
//! with the roster updated at the end.

use std::path::Path;
use std::sync::Arc;

use croupier::console::{Console, ConsoleOptions};
use croupier::store::Store;
use croupier::table::{ManualClock, SeedMode, Table};

fn play(seed: u64, lines: &[String]) -> String {
    let clock = Arc::new(ManualClock::at(1_700_000_000));
    let registry = croupier::games::load(Path::new("data")).expect("data loads");
    let mut table = Table::new(
        Store::in_memory().expect("store"),
        Arc::new(registry),
        clock.clone(),
        SeedMode::Fixed(seed),
    );
    let opts = ConsoleOptions::default();
    let mut console = Console::new(&mut table, clock, opts);
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        console.line(i + 1, l, &mut out).expect("console line");
    }
    String::from_utf8(out).expect("utf-8")
}

fn script() -> Vec<String> {
    let mut s: Vec<String> = vec![
        r#"alice: /ninja create name:"Red Fox" iq:14 dx:13 st:13 occupation:courier"#.into(),
        "alice: /ninja create name:Wisp iq:13 dx:15 st:12".into(),
        "bob: /ninja create name:Moss iq:12 dx:16 st:12".into(),
        "bob: /ninja create name:Granite iq:12 dx:12 st:16".into(),
        "gm: /ninja new".into(),
        r#"alice: /ninja enter name:"Red Fox""#.into(),
        "alice: /ninja enter name:Wisp".into(),
        "bob: /ninja enter name:Moss".into(),
        "bob: /ninja enter name:Granite".into(),
        "gm: /ninja fill".into(),
        "gm: /ninja start".into(),
        // The first ninja turn by turn, with an undo in the middle.
        "alice: /ninja run".into(),
        "alice: press Roll".into(),
        "alice: press Roll".into(),
        "gm: /game undo".into(),
        "alice: /ninja roll".into(),
        "alice: /ninja run auto:true".into(),
    ];
    // Everyone else automatically; the GM may run any ninja. Extra lines after the end are refused.
    for _ in 0..30 {
        s.push("gm: /ninja run auto:true".into());
    }
    s.push("gm: /ninja sheet".into());
    s.push(r#"alice: /ninja sheet name:"Red Fox""#.into());
    s.push("alice: /ninja roster all:true".into());
    s
}

#[test]
fn seeded_full_tournament_from_16_entrants_to_the_end_with_roster_updates() {
    let out = play(7, &script());
    assert!(out.contains("📋 Round 1 running order"), "{out}");
    assert!(out.contains("12 house ninja(s) fill the field"));
    assert!(out.contains("🏁 Tournament over"), "{out}");
    assert!(out.contains("🏆 WINNER:") || out.contains("no winner"));
    assert!(out.contains("📜 Roster updated"));
    assert!(out.contains("Red Fox: events 1"), "{out}");
    assert!(
        out.contains("Events: 1"),
        "the character sheet shows the event"
    );
    assert!(out.contains("Ranking:"));
    // 16 ninjas on the roster: 4 created + 12 house ninjas.
    let roster = out.rsplit("**🥷 Roster**").next().unwrap_or("");
    assert_eq!(roster.matches(" · events 1 · ").count(), 16, "{roster}");
}

#[test]
fn seeded_tournaments_replay_identically() {
    let a = play(3, &script());
    let b = play(3, &script());
    assert_eq!(a, b);
    let c = play(4, &script());
    assert_ne!(a, c);
}

#[test]
fn several_seeds_all_reach_the_end() {
    for seed in [1u64, 2, 5] {
        let out = play(seed, &script());
        assert!(out.contains("🏁 Tournament over"), "seed {seed}");
        assert_eq!(out.matches("🏁 Tournament over").count(), 1, "seed {seed}");
        // Count announcements, not the copies inside attached files (`  | …`).
        let said = |what: &str| {
            out.lines()
                .filter(|l| l.contains(what) && !l.starts_with("  | "))
                .count()
        };
        let winners = said("🏆 WINNER:");
        let none = said("there is no winner") + said("ends without a winner");
        assert_eq!(winners + none, 1, "seed {seed}: exactly one ending");
        assert!(out.contains("📜 Roster updated"), "seed {seed}");
    }
}

/// Drives the console line by line, so the test can react to what it shows.
struct Live {
    out: Vec<u8>,
}

#[test]
fn luck_buttons_reroll_a_miss_and_keep_the_chosen_roll() {
    for seed in 1..80u64 {
        let clock = Arc::new(ManualClock::at(1_700_000_000));
        let registry = croupier::games::load(Path::new("data")).expect("data loads");
        let mut table = Table::new(
            Store::in_memory().expect("store"),
            Arc::new(registry),
            clock.clone(),
            SeedMode::Fixed(seed),
        );
        let opts = ConsoleOptions::default();
        let mut console = Console::new(&mut table, clock, opts);
        let mut live = Live { out: Vec::new() };
        let mut n = 0;
        let mut say = |console: &mut Console<'_>, live: &mut Live, l: &str| -> String {
            n += 1;
            let start = live.out.len();
            console.line(n, l, &mut live.out).expect("line");
            String::from_utf8_lossy(&live.out[start..]).into_owned()
        };
        let made = say(
            &mut console,
            &mut live,
            "alice: /ninja create name:Lucky iq:14 dx:13 st:13",
        );
        if !made.contains("→ luck") {
            continue;
        }
        say(&mut console, &mut live, "gm: /ninja new");
        say(&mut console, &mut live, "alice: /ninja enter name:Lucky");
        say(&mut console, &mut live, "gm: /ninja fill");
        say(&mut console, &mut live, "gm: /ninja start");
        say(&mut console, &mut live, "alice: press Run");
        for _ in 0..32 {
            let shown = say(&mut console, &mut live, "alice: press Roll");
            if shown.contains("[Use luck]") {
                let bob = say(&mut console, &mut live, "bob: press Use luck");
                assert!(bob.contains("only they (or the GM)"), "{bob}");
                let used = say(&mut console, &mut live, "alice: press Use luck");
                assert!(used.contains("Luck! Reroll:"), "{used}");
                assert!(used.contains("[Keep first] [Keep reroll]"), "{used}");
                let kept = say(&mut console, &mut live, "alice: press Keep reroll");
                assert!(kept.contains("(luck)"), "{kept}");
                let sheet = say(&mut console, &mut live, "gm: /ninja sheet");
                assert!(
                    sheet
                        .lines()
                        .any(|l| l.starts_with("    ") && l.contains('[')),
                    "the luck box is marked: {sheet}"
                );
                return;
            }
            if !shown.contains("[Roll]") {
                break;
            }
        }
    }
    panic!("no seed gave a lucky ninja a miss");
}

#[test]
fn the_player_whose_ninja_is_up_is_reminded_after_a_day_and_again_a_day_later() {
    let lines: Vec<String> = [
        "alice: /ninja create name:Wisp iq:13 dx:15 st:12",
        "gm: /ninja new",
        "alice: /ninja enter name:Wisp",
        "gm: /ninja fill",
        "gm: /ninja start",
        "// Wisp is up first; nobody moves for a day.",
        "@wait 23h",
        "@wait 2h",
        "@wait 2h",
        "@wait 23h",
        "alice: /ninja run",
        "@wait 23h",
        "@wait 2h",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = play(5, &lines);
    let reminders: Vec<&str> = out
        .split("[#table")
        .filter(|b| b.contains("⏰ Reminder"))
        .collect();
    assert_eq!(
        reminders.len(),
        3,
        "after 24 h, 48 h, and 24 h after the run started:\n{out}"
    );
    assert!(
        reminders[0].contains("Wisp is up: @alice"),
        "{}",
        reminders[0]
    );
    assert!(reminders[0].contains("[Run]"), "{}", reminders[0]);
    assert!(
        reminders[2].contains("[Roll]"),
        "a run under way is reminded with Roll: {}",
        reminders[2]
    );
}

#[test]
fn start_and_fill_buttons_reach_only_the_gm() {
    let lines: Vec<String> = [
        "gm: /ninja new",
        "alice: press Fill",
        "gm: press Fill",
        "alice: /ninja sheet",
        "alice: press Start",
        "gm: press Start",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let games = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    let out = croupier::console::transcript(games, 3, 1_700_000_000, &lines.join("\n"))
        .expect("transcript");
    let block = |line: &str| -> String {
        let from = out.find(&format!(">>> {line}\n")).expect(line);
        let rest = &out[from + line.len() + 5..];
        rest[..rest.find(">>> ").unwrap_or(rest.len())].to_string()
    };
    assert!(
        block("alice: press Fill")
            .contains("there is no button `Fill` on a message shown to alice"),
        "{out}"
    );
    assert!(
        block("gm: press Fill").contains("house ninja(s) fill the field"),
        "{out}"
    );
    assert!(
        block("alice: press Start").contains("there is no button `Start`"),
        "the public sheet carries no Start button: {out}"
    );
    assert!(block("gm: press Start").contains("Round 1"), "{out}");
}

#[test]
fn a_qualifier_knocked_out_by_a_faster_finisher_is_told_by_name() {
    let mut lines: Vec<String> = [
        "alice: /ninja create name:Wisp iq:13 dx:15 st:12",
        "gm: /ninja new",
        "alice: /ninja enter name:Wisp",
        "gm: /ninja fill",
        "gm: /ninja start",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    lines.extend((0..16).map(|_| "gm: /ninja run auto:true".to_string()));
    let out = play(4, &lines);
    let told: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("drops out of the qualifying places"))
        .collect();
    assert_eq!(
        told,
        vec!["@alice, **Wisp** drops out of the qualifying places: **Mika Stonebrook** finished faster (24 turns)."],
        "only the player's ninja is announced (house ninjas have nobody to tell):\n{out}"
    );
    assert!(out.contains("Moves on for now, displacing Wisp"), "{out}");
}

#[test]
fn the_scorekeeper_hands_the_tournament_to_another_player_and_undo_gives_it_back() {
    let script = [
        "gm: /ninja new",
        "bob: /game host user:@carol",
        "gm: /game host user:@bob",
        "gm: /ninja fill",
        "bob: /ninja fill",
        "bob: /game undo",
        "bob: /game undo",
        "bob: /ninja fill",
        "gm: /ninja fill",
    ]
    .join("\n");
    let games = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    let out = croupier::console::transcript(games, 3, 1_700_000_000, &script).expect("transcript");
    let block = |line: &str| -> String {
        let from = out.find(&format!(">>> {line}\n")).expect(line);
        let rest = &out[from + line.len() + 5..];
        rest[..rest.find(">>> ").unwrap_or(rest.len())].to_string()
    };
    assert!(
        block("bob: /game host user:@carol").contains("only the host"),
        "{out}"
    );
    let handed = block("gm: /game host user:@bob");
    assert!(
        handed.contains("gm hands the game of Ninja Obstacle Tournament to @bob"),
        "{handed}"
    );
    assert!(
        block("gm: /ninja fill").contains("⛔"),
        "the old scorekeeper is a player now: {out}"
    );
    assert!(
        block("bob: /ninja fill").contains("house ninja(s) fill the field"),
        "{out}"
    );
    // Undo takes back the fill, then the hand-over: the table is gm's again.
    let undo_handover = out
        .match_indices(">>> bob: /game undo\n")
        .nth(1)
        .map(|(i, _)| &out[i..])
        .expect("second undo");
    assert!(
        undo_handover.contains("hands the table to @bob"),
        "{undo_handover}"
    );
    let after: Vec<&str> = out.rsplit(">>> ").take(2).collect();
    assert!(
        after[1].starts_with("bob: /ninja fill") && after[1].contains("⛔"),
        "{}",
        after[1]
    );
    assert!(
        after[0].starts_with("gm: /ninja fill") && after[0].contains("house ninja(s)"),
        "{}",
        after[0]
    );
}

/// Undo takes a turn back with its dice: the same turn taken again rolls the same numbers
/// (docs/rules-choices.md, "Undo"), so undo corrects a mistake but never buys a second roll.
#[test]
fn an_undone_turn_taken_again_rolls_the_same_dice() {
    let script = "alice: /ninja create name:\"Red Fox\" iq:14 dx:13 st:13 occupation:courier\n\
                  gm: /ninja new\n\
                  alice: /ninja enter name:\"Red Fox\"\n\
                  gm: /ninja fill\n\
                  gm: /ninja start\n\
                  alice: /ninja run\n\
                  alice: press Roll\n\
                  alice: press Roll\n\
                  gm: /game undo\n\
                  alice: press Roll\n\
                  alice: press Roll\n";
    let games = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    let out = croupier::console::transcript(games, 7, 1_700_000_000, script).expect("transcript");
    let turns: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("T1 ·") || l.starts_with("T2 ·") || l.starts_with("T3 ·"))
        .collect();
    assert!(out.contains("↩️ Undone"), "{out}");
    assert_eq!(turns.len(), 4, "{out}");
    assert!(
        turns[1].starts_with("T2 ·") && turns[2].starts_with("T2 ·"),
        "{turns:?}"
    );
    assert_eq!(turns[1], turns[2], "the undone T2 and the T2 taken again");
    assert!(turns[3].starts_with("T3 ·"), "{turns:?}");
}
