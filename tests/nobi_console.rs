//! Nobi Nobi Sword driven through the console, seeded: full 3-player, 2-player and solo games,
//! refusals that change nothing, and reminders on an injected clock.

use std::path::Path;
use std::sync::Arc;

use croupier::console::{Console, ConsoleOptions};
use croupier::store::Store;
use croupier::table::{ManualClock, SeedMode, Table};
use serde_json::Value;

const START: i64 = 1_800_000_000;

fn table(seed: u64) -> (Table, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::at(START));
    let games = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    let t = Table::new(
        Store::in_memory().expect("store"),
        games,
        clock.clone(),
        SeedMode::Fixed(seed),
    );
    (t, clock)
}

fn say(c: &mut Console, line: &str) -> String {
    let mut out = Vec::new();
    c.line(1, line, &mut out).expect("console line");
    String::from_utf8(out).expect("utf8")
}

/// The last `➡️ @user, what` prompt in `out`.
fn prompt(out: &str) -> Option<(String, String)> {
    out.lines().rev().find_map(|l| {
        let rest = l.strip_prefix("➡️ @")?;
        let (u, what) = rest.split_once(", ")?;
        Some((u.to_string(), what.to_string()))
    })
}

fn state(t: &mut Table) -> Value {
    t.state_json("table").expect("state").expect("session")["state"].clone()
}

/// Plays from the current prompt to the end; returns the transcript.
fn play_out(c: &mut Console, mut last: String, verdicts: &mut dyn FnMut() -> bool) -> String {
    let mut all = last.clone();
    for _ in 0..200 {
        if last.contains("🏁") {
            return all;
        }
        let (user, what) = prompt(&last).unwrap_or_else(|| panic!("no prompt in:\n{last}"));
        let line = if what.starts_with("draw the next Scene") {
            format!("{user}: press Draw Scene")
        } else if what.starts_with("announce Abilities") {
            format!("{user}: press Roll")
        } else if what.starts_with("say what your character does") {
            format!("{user}: /nobi act text:\"I try something bold\"")
        } else if what.starts_with("decide the Scene") {
            let s = if verdicts() { "Success" } else { "Failure" };
            format!("{user}: press {s}")
        } else if what.starts_with("take the final test") {
            format!("{user}: /nobi roll")
        } else if what.starts_with("write the outcome") {
            format!("{user}: /nobi act text:\"The hero comes home a legend.\"")
        } else {
            panic!("unknown prompt {what}");
        };
        last = say(c, &line);
        assert!(!last.contains('⛔'), "refused: {line}\n{last}");
        all.push_str(&last);
        // A solo ending is written in parts, then closed with its button.
        if last.contains("[The End]") {
            last = say(c, &format!("{user}: press The End"));
            assert!(!last.contains('⛔'), "refused: The End\n{last}");
            all.push_str(&last);
        }
    }
    panic!("game did not end:\n{all}");
}

fn check_counts(st: &Value, gm_turns: u64) {
    assert_eq!(st["step"], Value::String("Over".into()), "{st}");
    for seat in st["seats"].as_array().expect("seats") {
        assert_eq!(seat["gm_count"].as_u64(), Some(gm_turns), "{seat}");
        let light: usize = seat["chars"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["light"].as_array().unwrap().len())
            .sum();
        let dark: usize = seat["chars"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["darkness"].as_array().unwrap().len())
            .sum();
        assert_eq!(
            seat["successes"].as_u64(),
            Some(light as u64),
            "Light = successes: {seat}"
        );
        assert_eq!(
            seat["failures"].as_u64(),
            Some(dark as u64),
            "Darkness = failures: {seat}"
        );
    }
}

#[test]
fn full_three_player_game_reaches_the_epilogue_with_three_gm_turns_each() {
    let (mut t, clock) = table(11);
    let story;
    {
        let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
        say(&mut c, "alice: /nobi new");
        say(&mut c, "alice: /nobi join character:moss");
        say(
            &mut c,
            "bob: /nobi join character:\"Aldra the Ember Knight\"",
        );
        say(&mut c, "carol: /nobi join character:ilse");
        let out = say(&mut c, "alice: /nobi begin gm:@alice");
        assert!(out.contains("3 players: regular play"));
        assert!(out.contains("Introduction:"));
        let mut flip = false;
        let all = play_out(&mut c, out, &mut || {
            flip = !flip;
            flip
        });
        assert_eq!(all.matches("🎬 Scene").count(), 9, "3 players × 3 GM turns");
        assert!(all.contains("📜 Epilogue:"));
        assert!(
            all.contains("% chance of success") || all.contains("%** chance of success"),
            "odds shown before rolling"
        );
        story = say(&mut c, "bob: /nobi story");
    }
    let st = state(&mut t);
    check_counts(&st, 3);
    assert_eq!(st["scenes_played"].as_u64(), Some(9));
    assert!(story.contains("📎 nobi-story.md"));
    assert!(story.contains("## Introduction:"));
    assert!(story.contains("## Scene 9:"));
    assert!(story.contains("## Epilogue:"));
    assert!(story.contains("**Final result:**"));
}

#[test]
fn full_two_player_game_with_support_characters() {
    let (mut t, clock) = table(5);
    let story;
    {
        let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
        say(&mut c, "alice: /nobi new");
        say(&mut c, "alice: /nobi join character:moss support:aldra");
        say(&mut c, "bob: /nobi join character:wren");
        let out = say(&mut c, "alice: /nobi begin");
        assert!(out.contains("2 players: two-player variant"), "{out}");
        assert!(
            out.contains("bob gets a support character at random"),
            "{out}"
        );
        let all = play_out(&mut c, out, &mut || false);
        assert_eq!(all.matches("🎬 Scene").count(), 6, "2 players × 3 GM turns");
        story = say(&mut c, "alice: /nobi story");
    }
    let st = state(&mut t);
    check_counts(&st, 3);
    for seat in st["seats"].as_array().unwrap() {
        assert_eq!(seat["chars"].as_array().unwrap().len(), 2, "main + support");
    }
    assert!(story.contains("## Epilogue:"));
}

#[test]
fn full_solo_game_has_five_scenes_with_difficulty_minus_four() {
    let (mut t, clock) = table(3);
    let story;
    {
        let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
        say(&mut c, "alice: /nobi new");
        say(&mut c, "alice: /nobi join character:gruff");
        let out = say(&mut c, "alice: /nobi begin");
        assert!(out.contains("1 player: solo play"));
        let all = play_out(&mut c, out, &mut || true);
        assert_eq!(all.matches("🎬 Scene").count(), 5);
        assert!(
            all.contains("− 4 (solo) ="),
            "difficulty −4 visible in the check line:\n{all}"
        );
        assert!(
            !all.contains("Final test"),
            "the solo Epilogue's test is skipped"
        );
        story = say(&mut c, "alice: /nobi story");
    }
    let st = state(&mut t);
    assert_eq!(st["scenes_played"].as_u64(), Some(5));
    assert_eq!(st["step"], Value::String("Over".into()));
    let seat = &st["seats"][0];
    let cards = seat["chars"][0]["light"].as_array().unwrap().len()
        + seat["chars"][0]["darkness"].as_array().unwrap().len();
    assert_eq!(cards, 5);
    assert!(story.contains("The hero comes home a legend."));
}

/// Runs `line` and checks it is refused with `needle` and the session state is unchanged.
fn refused(c: &mut Console, line: &str, needle: &str) -> String {
    let out = say(c, line);
    assert!(out.contains('⛔'), "{line} should be refused:\n{out}");
    assert!(
        out.contains(needle),
        "{line}: expected `{needle}` in:\n{out}"
    );
    out
}

#[test]
fn refusals_leave_the_state_unchanged() {
    let (mut t, clock) = table(21);
    {
        let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
        say(&mut c, "alice: /nobi new");
        say(&mut c, "alice: /nobi join character:moss");
        say(&mut c, "bob: /nobi join character:\"Fen the Wind Scout\"");
        say(
            &mut c,
            "carol: /nobi join character:\"Odo the Bell Ringer\"",
        );
        say(&mut c, "dave: /nobi join character:aldra");
        say(&mut c, "erin: /nobi join character:lark");
        refused(&mut c, "frank: /nobi join", "the table is full");
        say(&mut c, "alice: /nobi begin gm:@carol");
        refused(&mut c, "gina: /nobi join", "already running");
        refused(&mut c, "alice: /nobi scene", "only the GM (carol) draws");
    }
    // Draw Scenes until a Skill check comes up (role-play Scenes are decided quickly).
    let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    let mut out = say(&mut c, "carol: /nobi scene");
    while !out.contains("Skill check") {
        let (u, _) = prompt(&out).unwrap();
        say(&mut c, &format!("{u}: /nobi act text:dance"));
        let st = say(&mut c, "alice: /nobi status");
        let gm = st
            .lines()
            .find_map(|l| l.strip_prefix("GM: "))
            .unwrap()
            .to_string();
        let next = say(&mut c, &format!("{gm}: /nobi verdict result:success"));
        let gm2 = prompt(&next).unwrap().0;
        out = say(&mut c, &format!("{gm2}: /nobi scene"));
    }
    let st = say(&mut c, "alice: /nobi status");
    let gm = st
        .lines()
        .find_map(|l| l.strip_prefix("GM: "))
        .unwrap()
        .to_string();
    let mc = st
        .lines()
        .find_map(|l| l.strip_prefix("Main Character: "))
        .unwrap()
        .to_string();
    let other = ["alice", "bob", "carol", "dave", "erin"]
        .into_iter()
        .find(|u| *u != gm && *u != mc)
        .unwrap()
        .to_string();
    drop(c);
    let before = state(&mut t);
    let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    refused(
        &mut c,
        &format!("{other}: /nobi roll"),
        "only the Main Character",
    );
    refused(&mut c, &format!("{other}: /nobi scene"), "only the GM");
    refused(
        &mut c,
        &format!("{gm}: /nobi difficulty value:99"),
        "from 0 to 30",
    );
    // The GM's own character cannot help in their Scene (regular play).
    let gm_ability = match gm.as_str() {
        "alice" => "Second Brew",
        "bob" => "Scout Ahead",
        "carol" => "Warning Toll",
        "dave" => "Blazing Charge",
        _ => "Lucky Coin",
    };
    refused(
        &mut c,
        &format!("{gm}: /nobi use ability:\"{gm_ability}\""),
        "GM's character and cards are not used",
    );
    drop(c);
    assert_eq!(state(&mut t), before, "refusals changed nothing");
    // A second Ability by the same character in one Scene.
    let helper = ["bob", "carol", "erin"]
        .into_iter()
        .find(|u| *u != gm && *u != mc);
    let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    if let Some(h) = helper {
        let ab = match h {
            "bob" => "Scout Ahead",
            "carol" => "Warning Toll",
            _ => "Lucky Coin",
        };
        let ok = say(&mut c, &format!("{h}: /nobi use ability:\"{ab}\""));
        assert!(ok.contains("✨"), "{ok}");
        drop(c);
        let mid = state(&mut t);
        let mut c2 = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
        refused(
            &mut c2,
            &format!("{h}: /nobi use ability:\"{ab}\""),
            "at most one Ability per Scene",
        );
        drop(c2);
        assert_eq!(state(&mut t), mid);
        c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    }
    // After the roll, an Ability is refused as too late.
    say(&mut c, &format!("{mc}: /nobi roll"));
    let late_ab = match mc.as_str() {
        "alice" => "Second Brew",
        "bob" => "Scout Ahead",
        "carol" => "Warning Toll",
        "dave" => "Blazing Charge",
        _ => "Lucky Coin",
    };
    drop(c);
    let after_roll = state(&mut t);
    let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    refused(
        &mut c,
        &format!("{mc}: /nobi use ability:\"{late_ab}\""),
        "BEFORE the roll",
    );
    drop(c);
    assert_eq!(state(&mut t), after_roll);
}

#[test]
fn non_all_ability_is_refused_in_the_epilogue() {
    let (mut t, clock) = table(4);
    let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    say(&mut c, "alice: /nobi new");
    say(&mut c, "alice: /nobi join character:aldra");
    say(&mut c, "bob: /nobi join character:lark");
    say(&mut c, "carol: /nobi join character:moss");
    let mut out = say(&mut c, "alice: /nobi begin");
    // Play Scenes until the Epilogue begins.
    for _ in 0..60 {
        if out.contains("📜 Epilogue:") {
            break;
        }
        let (user, what) = prompt(&out).expect("prompt");
        let line = if what.starts_with("draw") {
            format!("{user}: /nobi scene")
        } else if what.starts_with("announce") {
            format!("{user}: /nobi roll")
        } else if what.starts_with("say what") {
            format!("{user}: /nobi act text:go")
        } else {
            format!("{user}: /nobi verdict result:success")
        };
        out = say(&mut c, &line);
    }
    assert!(out.contains("📜 Epilogue:"));
    drop(c);
    let before = state(&mut t);
    let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    refused(
        &mut c,
        "alice: /nobi use ability:\"Blazing Charge\"",
        "only `All` Abilities",
    );
    refused(
        &mut c,
        "carol: /nobi use ability:\"Second Brew\"",
        "only `All` Abilities",
    );
    drop(c);
    assert_eq!(state(&mut t), before);
    let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    let ok = say(&mut c, "bob: /nobi use ability:\"Lucky Coin\"");
    assert!(
        ok.contains("✨"),
        "an All ability works in the Epilogue: {ok}"
    );
}

#[test]
fn reminders_ping_the_waiting_player_once_per_interval_and_stop_at_the_end() {
    let (mut t, clock) = table(8);
    let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    say(&mut c, "alice: /nobi new");
    say(&mut c, "alice: /nobi join character:moss");
    say(&mut c, "bob: /nobi join character:wren");
    say(&mut c, "carol: /nobi join character:aldra");
    say(&mut c, "alice: /nobi begin gm:@bob");
    assert!(
        !say(&mut c, "@wait 23h").contains("Reminder"),
        "not before 24 h"
    );
    let r = say(&mut c, "@wait 1h");
    assert_eq!(r.matches("⏰ Reminder").count(), 1, "{r}");
    assert!(
        r.contains("➡️ @bob, draw the next Scene"),
        "pings exactly the GM: {r}"
    );
    assert!(!r.contains("@alice") && !r.contains("@carol"));
    assert!(
        !say(&mut c, "@wait 23h").contains("Reminder"),
        "at most one per interval"
    );
    assert_eq!(say(&mut c, "@wait 1h").matches("⏰ Reminder").count(), 1);
    // A shorter interval set by the host.
    say(&mut c, "alice: /nobi settings remind_after:2");
    say(&mut c, "bob: /nobi scene");
    let r = say(&mut c, "@wait 2h");
    assert_eq!(r.matches("⏰ Reminder").count(), 1, "{r}");
    assert!(
        r.contains("➡️ @carol"),
        "the Main Character must act now: {r}"
    );
    // Off.
    say(&mut c, "alice: /nobi settings remind_after:0");
    assert!(!say(&mut c, "@wait 30d").contains("Reminder"));
    drop(c);
    assert_eq!(t.next_wakeup().unwrap(), None);
}

#[test]
fn reminders_stop_when_the_adventure_ends() {
    let (mut t, clock) = table(9);
    let mut c = Console::new(&mut t, clock.clone(), ConsoleOptions::default());
    say(&mut c, "alice: /nobi new remind_after:1");
    say(&mut c, "alice: /nobi join character:moss");
    let out = say(&mut c, "alice: /nobi begin");
    play_out(&mut c, out, &mut || true);
    assert!(!say(&mut c, "@wait 10d").contains("Reminder"));
    drop(c);
    assert_eq!(t.next_wakeup().unwrap(), None);
}

#[test]
fn nobi_status_and_story_are_views_answered_without_an_action() {
    let (mut t, clock) = table(4);
    let mut c = Console::new(&mut t, clock, ConsoleOptions::default());
    say(&mut c, "alice: /nobi new");
    say(&mut c, "alice: /nobi join character:moss");
    say(&mut c, "bob: /nobi join character:wren");
    say(&mut c, "alice: /nobi begin gm:@alice");
    let before = c.table().state_json("table").unwrap().unwrap();
    let log_before = say(&mut c, "alice: /game log count:50");
    let status = say(&mut c, "bob: /nobi status");
    assert!(status.contains("[#table → everyone]"), "{status}");
    let story = say(&mut c, "bob: /nobi story");
    assert!(story.contains("attached as Markdown"), "{story}");
    // A view names no option it lacks and refuses one, as any command does.
    let bad = say(&mut c, "bob: /nobi status verbose:true");
    assert!(bad.contains("has no option `verbose:`"), "{bad}");
    let after = c.table().state_json("table").unwrap().unwrap();
    assert_eq!(before["version"], after["version"], "no new version");
    assert_eq!(before["state"], after["state"], "nothing changed");
    assert_eq!(
        say(&mut c, "alice: /game log count:50"),
        log_before,
        "nothing logged"
    );
}
