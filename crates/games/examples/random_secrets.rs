//! The random-games secret test (`tests/secrets.rs`) with longer games:
//! `cargo run -p croupier-games --example random_secrets -- STEPS [SEEDS]` plays SEEDS games
//! (default 1) of STEPS steps (default 400) of every game, every view of every viewer checked
//! after every step, and prints what was checked and how long it took.

#[path = "../tests/support/plans.rs"]
mod plans;

use std::sync::Arc;
use std::time::Instant;

use croupier_core::testkit::{random, Harness};

fn main() {
    let mut args = std::env::args().skip(1);
    let steps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    let seeds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let games = Arc::new(
        croupier_games::load(&croupier_core::source_path("data")).expect("the shipped data"),
    );
    for plan in plans::all() {
        for seed in 1..=seeds {
            let started = Instant::now();
            let mut h = Harness::new(games.clone(), seed).sweep(true);
            let played = random::play(&plan, &mut h, seed, steps);
            println!(
                "{:<7} seed {seed}: {} steps, {} accepted, {} pressed; checked {} steps ({} refused), {} undone, {} texts, {} pictures; {:.1} s",
                plan.game,
                played.steps,
                played.accepted,
                played.pressed,
                played.checked.steps,
                played.checked.refused,
                played.checked.undone,
                played.checked.texts,
                played.checked.pictures,
                started.elapsed().as_secs_f64()
            );
        }
    }
}
