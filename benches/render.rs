//! `cargo bench --bench render`: every picture's largest case, SVG build + raster + PNG
//! encode (the budget: under 20 ms each).

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use croupier::games::dice_table::{DiceTable, Phase, Seat};
use croupier::rng::seeded;
use croupier::table::UserId;

/// Ten seats (the dice table's limit) with long names.
fn largest_dice_table() -> serde_json::Value {
    let seats = (0..10)
        .map(|i| Seat {
            user: UserId(format!("u{i}")),
            name: format!("Player with a long name {i}"),
            score: 1000 + 137 * i as i64,
        })
        .collect();
    let t = DiceTable {
        expr: "4d6kh3+2".into(),
        rounds: 1000,
        round: 999,
        seats,
        turn: 4,
        phase: Phase::Playing,
    };
    serde_json::to_value(t).unwrap()
}

fn render(c: &mut Criterion) {
    let mut g = c.benchmark_group("render");
    let state = largest_dice_table();
    g.bench_function("dice table, 10 seats", |b| {
        b.iter(|| croupier::render::picture("dice", black_box(&state), Some("u3")))
    });
    let roll = croupier::dice::roll("12d20!r1", &mut seeded(3)).unwrap();
    g.bench_function("dice faces, 12 dice", |b| {
        b.iter(|| croupier::render::dice(black_box(&roll)))
    });
    g.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
