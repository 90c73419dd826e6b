//! Random games of every kind, seeded, through the one test harness with every view swept
//! after every step: no text or picture any viewer is shown (replies to their audience,
//! status, tracker, log, story, the view model and its picture) holds anything they may not
//! see (`Game::secrets`, the table's hidden rolls). Small counts here; the example
//! `random_secrets` plays longer games (`cargo run -p croupier-games --example random_secrets
//! -- 400`).
//!
//! Each game's filter was removed once and this test failed (#35): Night Wizard's hidden-enemy
//! filter of the tracker rows (`view.rs` `rows`: `Qxlantern` reached the public picture after
//! `/nwcombat start`), Nakama's own-hand-only rule of the view model (`view.rs`: `Green 1` of a
//! hand reached the public view model after `begin`), Nobi's face-down Scene deck (its top
//! card's name added to the status's deck counts: `Avalanche` reached `/game status`), and the
//! table's two hidden-roll filters, the only secrets of the dice table and Ninja (`generic.rs`:
//! the blind roll's reply sent to everyone, and `/game log` writing every result; all five
//! games failed each time).

mod support;

use std::sync::Arc;

use croupier_core::testkit::{random, Harness};

/// Steps per game here (the example plays more).
const STEPS: usize = 60;

fn games() -> Arc<croupier_core::table::Registry> {
    Arc::new(croupier_games::load(&croupier_core::source_path("data")).expect("the shipped data"))
}

fn play(game: &str, seed: u64) {
    let plan = support::plans::all()
        .into_iter()
        .find(|p| p.game == game)
        .expect("a plan");
    let mut h = Harness::new(games(), seed).sweep(true);
    let played = random::play(&plan, &mut h, seed, STEPS);
    eprintln!("{game} seed {seed}: {played:?}");
    assert!(
        played.accepted > STEPS / 5,
        "{game}: too few moves were legal: {played:?}"
    );
}

#[test]
fn random_dice_tables_keep_hidden_rolls() {
    play("dice", 1);
}

#[test]
fn random_nobi_games_keep_the_scene_deck_face_down() {
    play("nobi", 2);
}

#[test]
fn random_night_wizard_fights_keep_hidden_enemies_from_players() {
    play("nw", 3);
}

#[test]
fn random_nakama_games_keep_hands_and_decks() {
    play("nakama", 4);
}

#[test]
fn random_ninja_tournaments_keep_hidden_rolls() {
    play("ninja", 5);
}
