//! The console front end, driven through the real binary and pipes.

use std::path::Path;
use std::process::Command;

#[path = "support/console_bin.rs"]
mod console_bin;

fn console(db: &Path, seed: Option<u64>, input: &str) -> (String, i32) {
    let out = console_bin::run(db, seed, input);
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn acceptance_roll_and_a_clear_error_identical_on_every_run_and_continued_on_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let input = "alice: /roll expr:2d6+3\nalice: /roll expr:1d0\n";
    let (first, code) = console(&db, Some(1), input);
    assert_eq!(code, 0, "EOF exits 0 even after a refusal");
    assert!(first.contains("[#table → everyone]"), "{first}");
    assert!(first.contains("@alice rolls 2d6+3 → ["), "{first}");
    assert!(first.contains("[#table → alice only]\n⛔"), "{first}");
    assert!(first.contains("1d0"), "the error names the input: {first}");
    let fresh = dir.path().join("b.db");
    let (again, _) = console(&fresh, Some(1), input);
    assert_eq!(first, again, "same seed, same output on a fresh database");
    // Restarted on the same database, the channel's dice continue where they were.
    let (second, _) = console(&db, Some(1), input);
    assert_ne!(
        first, second,
        "a restart continues the dice instead of replaying them"
    );
    let (third, _) = console(&fresh, Some(1), input);
    assert_eq!(second, third, "and continues them the same way every time");
}

#[test]
fn a_whole_seeded_game_is_byte_identical_across_fresh_databases() {
    let dir = tempfile::tempdir().unwrap();
    let script = "\
// a comment, then a blank line

alice: /dice new expr:2d6 rounds:2
bob: /dice join
alice: /dice start
alice: press Roll
bob: press Roll
alice: press Roll
bob: /dice roll
#other carol: /roll expr:\"4d6kh3 strength\"
alice: /game status
";
    let (a, _) = console(&dir.path().join("1.db"), Some(9), script);
    let (b, _) = console(&dir.path().join("2.db"), Some(9), script);
    assert_eq!(a, b);
    assert!(a.contains("🏆 Dice table over"), "{a}");
    assert!(a.contains("[#other → everyone]"), "{a}");
    assert!(!a.contains("⛔"), "no refusals expected: {a}");
}

/// Issue #39: `press`/`pick` find the buttons this run has shown; restarted on the same
/// database, the console has shown none yet and says so (and how to get them back), and
/// `/game status` shows them again.
#[test]
fn after_a_restart_press_says_buttons_are_not_kept_and_game_status_brings_them_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    let (first, _) = console(
        &db,
        Some(3),
        "alice: /dice new expr:2d6 rounds:2\nbob: /dice join\nalice: /dice start\n",
    );
    assert!(first.contains("[Roll]"), "{first}");
    let (second, _) = console(
        &db,
        Some(3),
        "alice: press Roll\nalice: pick 1\nalice: /game status\nalice: press Roll\n",
    );
    let parts: Vec<&str> = second.split("\n\n").collect();
    assert!(
        parts[0].contains("there is no button `Roll` on a message shown to alice in this run of the console (buttons and menus are not kept in the database: `/game status` shows the game's buttons again, or type the command)"),
        "{second}"
    );
    assert!(
        parts[1].contains("no menu entry `1`") && parts[1].contains("not kept in the database"),
        "{second}"
    );
    assert!(parts[2].contains("[Roll]"), "{second}");
    assert!(parts[3].contains("alice rolls 2d6"), "{second}");
    assert!(!parts[3].contains("⛔"), "{second}");
}

#[test]
fn unreadable_lines_and_missing_buttons_are_explained() {
    let dir = tempfile::tempdir().unwrap();
    let (out, code) = console(
        &dir.path().join("e.db"),
        Some(1),
        "this is not a command\nalice: press Nothing\nalice: /roll expr:\"2d6\nalice: roll\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("[console] ⛔ line 1"), "{out}");
    assert!(out.contains("no button `Nothing`"), "{out}");
    assert!(out.contains("never closed"), "{out}");
    assert!(out.contains("starts with `/`"), "{out}");
}

#[test]
fn state_prints_the_session_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.db");
    console(&db, Some(3), "alice: /dice new\n");
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["state", "--channel", "table", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "dice");
    assert_eq!(v["state"]["seats"][0]["user"], "alice");
}

#[test]
fn run_without_a_token_says_what_is_missing() {
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .env_remove("DISCORD_TOKEN")
        .current_dir(std::env::temp_dir())
        .arg("run")
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
    assert!(
        err.contains(".env.example") && err.contains("croupier console"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "one clear line: {err}");
}

/// `state` and `render` only read: a `--db` that names no file is said once, exits 1 and
/// creates nothing (an empty new database would look like a table with no sessions).
#[test]
fn reading_commands_refuse_a_database_that_is_not_there_and_create_none() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("typo.db");
    for args in [
        vec!["state", "--channel", "table"],
        vec!["render", "dice", "--channel", "table", "--out"],
    ] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_croupier"));
        cmd.args(&args);
        if args[0] == "render" {
            cmd.arg(dir.path().join("out.png"));
        }
        let out = cmd.arg("--db").arg(&db).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("there is no database at") && err.contains("typo.db"),
            "{err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "once: {err}");
        assert!(!db.exists(), "{args:?} created {}", db.display());
        assert!(!dir.path().join("out.png").exists());
    }
}

/// A `--data` folder that is not there is one line that says what to do, not a line per
/// data file.
#[test]
fn a_data_folder_that_is_not_there_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("--data")
        .arg(dir.path().join("no-data"))
        .args(["console", "--db"])
        .arg(dir.path().join("c.db"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("no-data does not exist or is not a folder") && err.contains("--data"),
        "{err}"
    );
}
