//! Golden-image tests for every picture: each renders a fixed state and compares it with
//! `tests/golden/<name>.png` within a tolerance. `CROUPIER_BLESS=1 cargo test --test
//! render_golden` rewrites the files after an intended change (look at them before committing).

use croupier::dice::{self, Roll};
use croupier::games::dice_table::{DiceTable, Phase, Seat};
use croupier::render::{self, golden, raster, svg::Doc, Png, MAX_PNG_BYTES};
use croupier::rng::seeded;
use croupier::table::UserId;

/// Checks the limits every picture must meet, then the golden file.
fn check(name: &str, png: &Png) {
    assert!(
        png.bytes.len() <= MAX_PNG_BYTES,
        "{name}: {} bytes",
        png.bytes.len()
    );
    golden::check(name, png).unwrap_or_else(|e| panic!("{e}"));
}

/// What a phone shows: the picture scaled to 400 px wide must keep text ≥ 11 px.
fn readable_on_a_phone(name: &str, doc: &Doc) {
    let px = doc.min_font_px_at(400.0).expect("picture has text");
    assert!(
        px >= 11.0,
        "{name}: smallest text is {px:.1} px at 400 px wide"
    );
    let phone = raster::rasterize_at(doc, 400.0 / doc.width()).unwrap();
    assert_eq!(phone.width, 400, "{name}");
}

fn seat(i: usize, name: &str, score: i64) -> Seat {
    Seat {
        user: UserId(format!("u{i}")),
        name: name.into(),
        score,
    }
}

fn table(seats: Vec<Seat>, phase: Phase, round: u32, turn: usize) -> DiceTable {
    DiceTable {
        expr: "2d6".into(),
        rounds: 3,
        round,
        seats,
        turn,
        phase,
    }
}

fn dice_table_picture(name: &str, t: &DiceTable, viewer: Option<&str>) {
    let state = serde_json::to_value(t).unwrap();
    let doc = render::dice_table::picture(&state, viewer).unwrap();
    readable_on_a_phone(name, &doc);
    let png = render::picture("dice", &state, viewer).unwrap().unwrap();
    check(name, &png);
}

#[test]
fn golden_dice_table_playing() {
    let t = table(
        vec![
            seat(0, "alice", 17),
            seat(1, "bob", 9),
            seat(2, "carol", 21),
            seat(3, "dmitri", 4),
        ],
        Phase::Playing,
        2,
        1,
    );
    dice_table_picture("dice_table_playing", &t, Some("u3"));
}

#[test]
fn golden_dice_table_over_with_a_tie() {
    let t = table(
        vec![
            seat(0, "alice", 25),
            seat(1, "bob", 31),
            seat(2, "Bartholomew the Magnificent", 31),
        ],
        Phase::Over,
        3,
        0,
    );
    dice_table_picture("dice_table_over", &t, None);
}

#[test]
fn golden_dice_table_joining() {
    let t = table(
        vec![seat(0, "alice", 0), seat(1, "bob", 0)],
        Phase::Joining,
        1,
        0,
    );
    dice_table_picture("dice_table_joining", &t, None);
}

/// The largest dice table: ten seats (the game's limit), a negative score, long names.
pub fn largest_dice_table() -> DiceTable {
    let names = [
        "alice",
        "bob",
        "carol",
        "dmitri",
        "eve",
        "fatima",
        "gunnar",
        "hiroko",
        "Isambard Kingdom Brunel",
        "jo",
    ];
    let seats = names
        .iter()
        .enumerate()
        .map(|(i, n)| seat(i, n, [38, 12, 45, -3, 27, 19, 33, 8, 41, 0][i]))
        .collect();
    table(seats, Phase::Playing, 3, 6)
}

#[test]
fn golden_dice_table_ten_seats() {
    dice_table_picture("dice_table_ten_seats", &largest_dice_table(), Some("u8"));
}

fn roll(expr: &str, seed: u64) -> Roll {
    dice::roll(expr, &mut seeded(seed)).unwrap()
}

fn dice_picture(name: &str, r: &Roll) {
    let doc = render::dice::picture(r).expect("small roll has a picture");
    readable_on_a_phone(name, &doc);
    let png = render::dice(r).unwrap();
    check(name, &png);
}

#[test]
fn golden_dice_2d6_plus_3_labelled() {
    dice_picture("dice_2d6_fireball", &roll("2d6+3 fireball", 4));
}

#[test]
fn golden_dice_keep_highest_drops_are_struck() {
    let r = roll("4d6kh3", 2);
    assert!(r.terms[0].dice.iter().any(|d| !d.kept));
    dice_picture("dice_4d6kh3", &r);
}

#[test]
fn golden_dice_every_shape() {
    dice_picture("dice_shapes", &roll("d4+d8+d10+d12+d20+d%+2dF", 5));
}

#[test]
fn golden_dice_exploding_and_rerolled() {
    let r = (1..500)
        .map(|s| roll("4d6!r1", s))
        .find(|r| {
            let d = &r.terms[0].dice;
            d.iter().any(|d| d.exploded) && d.iter().any(|d| !d.rerolled.is_empty())
        })
        .expect("a seed with an explosion and a reroll");
    dice_picture("dice_exploding_rerolled", &r);
}

#[test]
fn golden_dice_successes_twelve_dice() {
    let r = roll("12d10>=8f1", 9);
    assert!(r.terms[0].counts_successes);
    dice_picture("dice_twelve_successes", &r);
}

#[test]
fn big_rolls_have_no_picture() {
    assert!(render::dice(&roll("20d6", 1)).is_none());
}
