//! The one test harness (`croupier_core::testkit`) on a script with its expected output: each
//! step goes through the table over a real store and is checked (a refusal changes nothing,
//! the state reads back from JSON, undo restores it, no secret reaches the wrong viewer).
//! `UPDATE_EXPECT=1 cargo test -p croupier-games --test harness` re-records the `.expected` files.

use std::sync::Arc;

use croupier_core::testkit::Harness;

fn harness() -> Harness {
    let games =
        croupier_games::load(&croupier_core::source_path("data")).expect("the shipped data");
    Harness::new(Arc::new(games), 1).sweep(true)
}

#[test]
fn a_dice_table_script_prints_what_it_printed_before() {
    let mut h = harness();
    h.expect_script("crates/games/tests/scripts/dice_two_players.txt");
    let checked = h.checked();
    assert_eq!(checked.steps, 10);
    assert_eq!(checked.refused, 4, "{checked:?}");
    assert!(checked.undone >= 2, "{checked:?}");
}

#[test]
fn ok_and_err_say_what_the_table_answered() {
    let mut h = harness();
    // Refused after the table met the channel for the first time (and made its dice): the
    // harness finds nothing changed, which takes the table's rollback of the refusal.
    let refusal = h.err("bob: /dice roll");
    assert!(refusal.contains("/dice new"), "{refusal}");
    h.ok("alice: /dice new expr:1d6 rounds:1");
    let refusal = h.err("bob: /dice start");
    assert!(refusal.contains("host"), "{refusal}");
    h.ok("bob: /dice join");
    let state: serde_json::Value = h.state();
    assert_eq!(state["seats"].as_array().map(Vec::len), Some(2));
}
