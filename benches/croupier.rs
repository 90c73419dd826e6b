//! `cargo bench`: dice parse+roll, exact odds, and one action committed through the table service.

use std::path::Path;
use std::sync::Arc;

use criterion::{black_box, criterion_group, Criterion};

use croupier::rng::seeded;
use croupier::store::Store;
use croupier::table::{Actor, Command, Input, ManualClock, Registry, Request, SeedMode, Table};

fn dice(c: &mut Criterion) {
    let mut rng = seeded(1);
    // Side by side in one run: Croupier's full parser (every die recorded as a `Roll`),
    // `dice::roll` (the allocation-free quick path for small expressions, then the same
    // `Roll`), the quick path alone (`dice::quick`: total and every die, no allocation),
    // and the `d20` crate (crates.io) on the expressions it accepts. d20 draws from its
    // own thread-local generator (rand 0.10); ours from a seeded ChaCha8.
    for expr in [
        "2d6+4",
        "1d20-3",
        "4d6kh3",
        "3d10+5d100-21+7",
        "100d6",
        "10d10!>=9",
    ] {
        let parsed_ok = croupier::dice::parse(expr).is_ok();
        assert!(parsed_ok);
        c.bench_function(&format!("dice full parser+roll {expr}"), |b| {
            b.iter(|| {
                croupier::dice::parse(black_box(expr))
                    .unwrap()
                    .roll(&mut rng)
                    .unwrap()
            })
        });
        c.bench_function(&format!("dice parse+roll {expr}"), |b| {
            b.iter(|| croupier::dice::roll(black_box(expr), &mut rng).unwrap())
        });
        if croupier::dice::quick(expr, &mut seeded(0)).is_some() {
            c.bench_function(&format!("dice quick parse+roll {expr}"), |b| {
                b.iter(|| {
                    croupier::dice::quick(black_box(expr), &mut rng)
                        .unwrap()
                        .total()
                })
            });
        }
        if d20::roll_dice(expr).is_ok() {
            c.bench_function(&format!("d20 crate parse+roll {expr}"), |b| {
                b.iter(|| d20::roll_dice(black_box(expr)).unwrap().total)
            });
        }
    }
    for expr in [
        "2d6+4",
        "4d6kh3",
        "3d6",
        "3d6!",
        "6d10>=8f1",
        "{4d6,3d8}kh1",
    ] {
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

/// A dice-table session on `dir` with `n` rolls by ten seats (every roll one committed action).
fn session_with_rolls(db: &Path, n: usize) -> i64 {
    let mut t = Table::new(
        Store::open(db).unwrap(),
        Arc::new(Registry::load(Path::new("data")).unwrap()),
        Arc::new(ManualClock::at(0)),
        SeedMode::Fixed(1),
    );
    let mut k = 0u64;
    let mut send = |t: &mut Table, who: &str, line: &str| {
        k += 1;
        let mut actor = Actor::player(who, who);
        actor.manager = who == "p0";
        let out = t
            .handle(&Request {
                channel: "bench".into(),
                guild: Some("g".into()),
                actor,
                request_id: format!("r{k}"),
                input: Input::Command(Command::parse_line(line).unwrap()),
            })
            .unwrap();
        assert!(out.accepted, "{line}: {:?}", out.replies);
    };
    send(&mut t, "p0", "/dice new expr:1d6 rounds:1000");
    for p in 1..10 {
        send(&mut t, &format!("p{p}"), "/dice join");
    }
    send(&mut t, "p0", "/dice start");
    for i in 0..n {
        send(&mut t, &format!("p{}", i % 10), "/dice roll");
    }
    t.session("bench").unwrap().unwrap().id
}

/// `/game undo` after 1,000 and 10,000 logged actions (from the latest snapshot), next to a
/// replay of the whole log (what undo did before snapshots), in the same run.
fn undo(c: &mut Criterion) {
    // On a RAM disk when there is one: building 10,000 committed actions on a real disk would
    // take minutes of fsyncs and measures nothing about undo.
    let base = if Path::new("/dev/shm").is_dir() {
        tempfile::tempdir_in("/dev/shm").unwrap()
    } else {
        tempfile::tempdir().unwrap()
    };
    for n in [1_000usize, 10_000] {
        let db = base.path().join(format!("undo-{n}.db"));
        let session = session_with_rolls(&db, n);
        let open = |path: &Path| {
            Table::new(
                Store::open(path).unwrap(),
                Arc::new(Registry::load(Path::new("data")).unwrap()),
                Arc::new(ManualClock::at(0)),
                SeedMode::Fixed(1),
            )
        };
        let copy = base.path().join(format!("undo-{n}-copy.db"));
        c.bench_function(
            &format!("undo after {n} actions (from the latest snapshot)"),
            |b| {
                b.iter_batched(
                    || {
                        std::fs::copy(&db, &copy).unwrap();
                        open(&copy)
                    },
                    |mut t| {
                        let out = t
                            .handle(&Request {
                                channel: "bench".into(),
                                guild: Some("g".into()),
                                actor: Actor {
                                    manager: true,
                                    ..Actor::player("p0", "p0")
                                },
                                request_id: "undo".into(),
                                input: Input::Command(Command::new("game undo")),
                            })
                            .unwrap();
                        assert!(out.accepted);
                        t
                    },
                    criterion::BatchSize::PerIteration,
                )
            },
        );
        let mut t = open(&db);
        c.bench_function(
            &format!("replay of the whole log of {n} actions (baseline)"),
            |b| b.iter(|| t.replay(session).unwrap().unwrap()),
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = dice, table_action, undo
}
/// BCDice (Ruby) on the same expressions, in the same run, when `BCDICE_DIR` names a BCDice
/// checkout (see `benches/bcdice.rb`). BCDice spells keep-highest `KH` and counts
/// successes with `B` dice, so only the shared spellings are timed.
fn bcdice_side_by_side() {
    let Ok(dir) = std::env::var("BCDICE_DIR") else {
        println!("BCDice: not timed (set BCDICE_DIR to a BCDice checkout to time it in this run)");
        return;
    };
    let out = std::process::Command::new("ruby")
        .arg("benches/bcdice.rb")
        .arg(dir)
        .args(["2D6+4", "1D20-3", "4D6KH3", "3D10+5D100-21+7", "100D6"])
        .output();
    match out {
        Ok(o) => {
            print!("{}", String::from_utf8_lossy(&o.stdout));
            eprint!("{}", String::from_utf8_lossy(&o.stderr));
        }
        Err(e) => println!("BCDice: could not run ruby: {e}"),
    }
}

fn main() {
    benches();
    bcdice_side_by_side();
    Criterion::default().configure_from_args().final_summary();
}
