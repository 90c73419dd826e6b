//! `cargo bench`: dice parse+roll, exact odds, and one action committed through the table service.

use std::path::Path;
use std::sync::Arc;

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use croupier::rng::seeded;
use croupier::store::Store;
use croupier::table::{Actor, Command, Input, ManualClock, Registry, Request, SeedMode, Table};

fn dice(c: &mut Criterion) {
    let mut rng = seeded(1);
    for expr in ["2d6+4", "4d6kh3", "10d10!>=9", "100d6"] {
        c.bench_function(&format!("dice parse+roll {expr}"), |b| {
            b.iter(|| croupier::dice::roll(black_box(expr), &mut rng).unwrap())
        });
    }
    for expr in ["2d6+4", "4d6kh3", "3d6"] {
        c.bench_function(&format!("dice exact odds {expr}"), |b| {
            b.iter(|| croupier::dice::odds(black_box(expr)).unwrap())
        });
    }
}

fn table_action(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let games = Arc::new(Registry::load(Path::new("data")).unwrap());
    let mut t = Table::new(
        Store::open(&dir.path().join("bench.db")).unwrap(),
        games,
        Arc::new(ManualClock::at(0)),
        SeedMode::Fixed(1),
    );
    let mut n = 0u64;
    let mut send = |t: &mut Table, line: &str| {
        n += 1;
        t.handle(&Request {
            channel: "bench".into(),
            guild: Some("g".into()),
            actor: Actor::player("alice", "alice"),
            request_id: format!("r{n}"),
            input: Input::Command(Command::parse_line(line).unwrap()),
        })
        .unwrap()
    };
    send(&mut t, "/dice new expr:1d6 rounds:1000");
    send(&mut t, "/dice start");
    c.bench_function(
        "table: one action applied and committed (file DB, WAL, synchronous=FULL)",
        |b| {
            b.iter(|| {
                // Each /roll is one committed transaction: idempotency row, RNG load/save, log append.
                let out = send(&mut t, "/roll expr:2d6");
                assert!(out.accepted);
            })
        },
    );
}

criterion_group!(benches, dice, table_action);
criterion_main!(benches);
