//! `croupier render`: the picture of a channel's session, written from the console's database.

use std::path::Path;
use std::process::{Command, Output};

#[path = "support/console_bin.rs"]
mod console_bin;

fn console(db: &Path, input: &str) {
    console_bin::seeded(db, 1, input);
}

fn render(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_croupier"))
        .arg("render")
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap()
}

#[test]
fn render_writes_the_dice_table_scoreboard_as_png() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    console(
        &db,
        "alice: /dice new expr:2d6 rounds:2\nbob: /dice join\nalice: /dice start\nalice: /dice roll\n",
    );
    let out_png = dir.path().join("board.png");
    let out = render(
        &db,
        &[
            "dice",
            "--channel",
            "table",
            "--out",
            out_png.to_str().unwrap(),
            "--viewer",
            "@bob",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("800×"), "{stdout}");
    let bytes = std::fs::read(&out_png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG"));
    assert!(bytes.len() < croupier::render::MAX_PNG_BYTES);
    let img = croupier::render::Image::decode(&bytes).unwrap();
    assert_eq!(img.width, 800);
}

#[test]
fn render_refuses_an_empty_channel_and_another_game_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    console(&db, "alice: /dice new\n");
    let out_png = dir.path().join("x.png");
    let out_s = out_png.to_str().unwrap();

    let out = render(&db, &["dice", "--channel", "elsewhere", "--out", out_s]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no session"));

    let out = render(&db, &["ninja", "--channel", "table", "--out", out_s]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("holds a `dice` session, not `ninja`"), "{err}");
    assert!(!out_png.exists());
}

#[test]
fn render_writes_each_page_of_a_long_ninja_sheet() {
    // Sixteen ninjas, twelve of them run: the sheet needs two pages.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    let mut script = String::from("gm: /ninja new\ngm: /ninja fill\ngm: /ninja start\n");
    for _ in 0..12 {
        script.push_str("gm: /ninja run auto:true\n");
    }
    console(&db, &script);
    let out_png = dir.path().join("sheet.png");
    let out = render(
        &db,
        &[
            "ninja",
            "--channel",
            "table",
            "--out",
            out_png.to_str().unwrap(),
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let second = dir.path().join("sheet-2.png");
    assert!(stdout.contains("sheet-2.png"), "{stdout}");
    for path in [&out_png, &second] {
        let img = croupier::render::Image::decode(&std::fs::read(path).unwrap()).unwrap();
        assert_eq!(img.width, 800, "{}", path.display());
        assert!(img.height <= 2000, "{}: {} px", path.display(), img.height);
    }
    assert!(!dir.path().join("sheet-3.png").exists());
}
