//! `cargo bench`: dice parse+roll, exact odds, and one action committed through the table service.

#[path = "../tests/support/pg.rs"]
mod pg;

use std::path::Path;
use std::sync::Arc;

use criterion::{black_box, criterion_group, Criterion};

use croupier::rng::seeded;
use croupier::store::{self, Store};
use croupier::table::{Actor, Command, Input, ManualClock, Request, SeedMode, Table};

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
    let mut t = open_table(&dir.path().join("bench.db"));
    let mut n = 0u64;
    let mut send = |t: &mut Table, line: &str| {
        n += 1;
        t.handle(&Request {
            channel: "bench".into(),
            guild: Some("g".into()),
            actor: Actor::player("alice", "alice"),
            request_id: format!("r{n}"),
            locale: Default::default(),
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

/// A Night Wizard session on `db` whose GM has rolled `n` Judges (each one committed action;
/// one open Judge per person, so the state does not grow with the log); returns its id.
fn session_with_judges(db: &Path, n: usize) -> i64 {
    let mut t = open_table(db);
    let mut k = 0u64;
    gm_line(&mut t, &mut k, "/nw new");
    for _ in 0..n {
        gm_line(&mut t, &mut k, "/nw judge stat:none difficulty:10");
    }
    t.session("nw").unwrap().unwrap().id
}

/// `/game undo` after 10 and 100,000 logged actions (each action stores its way back, so the
/// two should cost the same), next to a replay of the whole log (what undo did before), in the
/// same run. Also prints the bytes an action stores.
fn undo(c: &mut Criterion) {
    let base = ram_dir();
    for n in [10usize, 100_000] {
        let db = base.path().join(format!("undo-{n}.db"));
        let session = session_with_judges(&db, n);
        let copy = base.path().join(format!("undo-{n}-copy.db"));
        c.bench_function(
            &format!("undo after {n} actions (from its stored way back)"),
            |b| {
                b.iter_batched(
                    || (open_table_copy(&db, &copy), 0u64),
                    |(mut t, mut k)| {
                        gm_line(&mut t, &mut k, "/game undo");
                        t
                    },
                    criterion::BatchSize::PerIteration,
                )
            },
        );
        let mut t = open_table(&db);
        let (payload, restore): (f64, f64) = t
            .store()
            .sqlite()
            .expect("an SQLite store")
            .query_row(
                "SELECT avg(length(payload)), avg(length(restore)) FROM log WHERE kind = 'action'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        println!(
            "stored per Judge after {n} actions: the action {payload:.0} B, its way back {restore:.0} B"
        );
        c.bench_function(
            &format!("replay of the whole log of {n} actions (baseline)"),
            |b| b.iter(|| t.replay(session).unwrap().unwrap()),
        );
    }
}

/// A RAM-disk folder when there is one: building a million sessions or 100,000 committed
/// actions on a real disk would take minutes of fsyncs and measures nothing about the cost of
/// one action. Durability's own cost is measured by `discord_load` on the real disk.
fn ram_dir() -> tempfile::TempDir {
    if Path::new("/dev/shm").is_dir() {
        tempfile::tempdir_in("/dev/shm").unwrap()
    } else {
        tempfile::tempdir().unwrap()
    }
}

fn open_table(db: &Path) -> Table {
    table_on(Store::open(db).unwrap())
}

/// A table over `store` (SQLite or PostgreSQL), the shipped games, the clock at 0, seed 1.
fn table_on(store: Store) -> Table {
    Table::new(
        store,
        Arc::new(croupier::games::load(Path::new("data")).unwrap()),
        Arc::new(ManualClock::at(0)),
        SeedMode::Fixed(1),
    )
}

/// Adds `n` more stored sessions beside the ones in `db`: copies of channel `nw`'s session row
/// (state, RNG, GMs) in channels of their own, half of them active (the odd numbers), each with
/// its creation entry in the log, written in one transaction through the store's own row
/// functions (the schema's columns and the log's channel chain as the table writes them; going
/// through the table would take hours at a million). Their channels' dice are at position 0.
fn add_stored_sessions(db: &Path, n: usize) {
    add_stored_sessions_in(&mut Store::open(db).unwrap(), n)
}

/// [`add_stored_sessions`] in `store`, SQLite or PostgreSQL.
fn add_stored_sessions_in(store: &mut Store, n: usize) {
    let tx = store.write_transaction().unwrap();
    let seed = store::channel_get(&tx, "nw")
        .unwrap()
        .expect("channel nw")
        .seed;
    let s = store::session_active(&tx, "nw")
        .unwrap()
        .expect("a session in nw");
    let gms = s.gms.as_deref().unwrap_or("[]");
    for i in 1..=n {
        let channel = format!("stored-{i}");
        store::channel_insert(&tx, &channel, s.guild.as_deref(), seed, 0).unwrap();
        let id = store::session_insert(
            &tx,
            &store::NewSession {
                channel: &channel,
                guild: s.guild.as_deref(),
                game: &s.game,
                host: &s.host,
                seed: s.seed,
                state: &s.state,
                rng: &s.rng,
                wakeup_at: None,
                gms,
                now: 0,
            },
        )
        .unwrap();
        store::log_append(
            &tx,
            &store::NewLog {
                channel: &channel,
                session_id: Some(id),
                kind: "new",
                actor: &s.host,
                actor_name: &s.host,
                payload: "{}",
                summary: "new",
                visibility: "public",
                request_id: None,
                at: 0,
                restore: None,
                said: None,
            },
        )
        .unwrap();
        if i % 2 == 0 {
            store::session_end(&tx, id, 0).unwrap();
        }
    }
    tx.commit().unwrap();
}

/// `n` divided by `CROUPIER_BENCH_SCALE` (default 1): the `scale` group's large sizes, smaller
/// on a machine where building a million sessions takes too long. The benchmarks' names carry
/// the sizes used.
fn scaled(n: usize) -> usize {
    let divisor = std::env::var("CROUPIER_BENCH_SCALE")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&d| d > 0)
        .unwrap_or(1);
    (n / divisor).max(20)
}

/// The cost of one committed action as the store grows: with 10 and 1,000,000 stored
/// sessions, and in a session with 10 and 100,000 logged actions; and undo after 100,000
/// actions. The goal is "flat within 20 %"; the ratios are printed by criterion's
/// medians side by side (see BENCHMARKS.md). `CROUPIER_BENCH_SCALE=100` divides the large sizes
/// by 100 ([`scaled`]).
fn scale(c: &mut Criterion) {
    let base = ram_dir();
    for stored in [10usize, scaled(1_000_000)] {
        let db = base.path().join(format!("stored-{stored}.db"));
        let mut k = 0u64;
        {
            let mut t = open_table(&db);
            gm_line(&mut t, &mut k, "/nw new");
            for _ in 0..10 {
                gm_line(&mut t, &mut k, "/nw judge stat:none difficulty:10");
            }
        }
        let started = std::time::Instant::now();
        add_stored_sessions(&db, stored - 1);
        println!(
            "scale: SQLite: {} stored sessions written in {:.1} s",
            stored - 1,
            started.elapsed().as_secs_f64()
        );
        let mut t = open_table(&db);
        c.bench_function(
            &format!("scale: one action with {stored} stored sessions"),
            |b| b.iter(|| gm_line(&mut t, &mut k, "/nw judge stat:none difficulty:10")),
        );
        // The same on PostgreSQL, through the same code (`Store::connect`), in a fresh schema
        // dropped afterwards.
        if let Some(schema) = pg::PgSchema::fresh() {
            // Commits do not wait for the WAL's flush, as the SQLite side's database is in RAM:
            // the figure is the action's own cost (durability's is `discord_load --postgres`'s).
            let url = format!("{}%20-csynchronous_commit%3Doff", schema.url);
            let mut k = 0u64;
            {
                let mut t = table_on(Store::connect(&url).unwrap());
                gm_line(&mut t, &mut k, "/nw new");
                for _ in 0..10 {
                    gm_line(&mut t, &mut k, "/nw judge stat:none difficulty:10");
                }
            }
            let started = std::time::Instant::now();
            add_stored_sessions_in(&mut Store::connect(&url).unwrap(), stored - 1);
            println!(
                "scale: PostgreSQL: {} stored sessions written in {:.1} s",
                stored - 1,
                started.elapsed().as_secs_f64()
            );
            let mut t = table_on(Store::connect(&url).unwrap());
            c.bench_function(
                &format!("scale: PostgreSQL: one action with {stored} stored sessions"),
                |b| b.iter(|| gm_line(&mut t, &mut k, "/nw judge stat:none difficulty:10")),
            );
        }
    }
    // The dice table stops at 1,000 rounds of ten seats, so the long log is a Night Wizard
    // session whose GM rolls Judges (one open Judge per person: the state does not grow).
    let long = scaled(100_000);
    for logged in [10usize, long] {
        let db = base.path().join(format!("logged-{logged}.db"));
        let mut t = open_table(&db);
        let mut k = 0u64;
        gm_line(&mut t, &mut k, "/nw new");
        for _ in 0..logged {
            gm_line(&mut t, &mut k, "/nw judge stat:none difficulty:10");
        }
        c.bench_function(
            &format!("scale: one action in a session with {logged} logged actions"),
            |b| b.iter(|| gm_line(&mut t, &mut k, "/nw judge stat:none difficulty:10")),
        );
        if logged == long {
            drop(t);
            let copy = base.path().join("logged-copy.db");
            c.bench_function(&format!("scale: undo after {logged} actions"), |b| {
                b.iter_batched(
                    || (open_table_copy(&db, &copy), 0u64),
                    |(mut t, mut k)| {
                        gm_line(&mut t, &mut k, "/game undo");
                        t
                    },
                    criterion::BatchSize::PerIteration,
                )
            });
        }
    }
}

/// One committed action in a small Night Wizard session (one PC, one enemy) and in a large
/// one (10 PCs, 20 enemies: the example of a state that costs per KB), each with the
/// cache of typed states and without it (`with_state_cache(0)`: every request reads and
/// parses its session's stored JSON, as before the cache), in the same run.
fn state_size(c: &mut Criterion) {
    let base = ram_dir();
    for (label, pcs, enemies) in [("1 PC, 1 enemy", 1, 1), ("10 PCs, 20 enemies", 10, 20)] {
        let db = base.path().join(format!("size-{pcs}.db"));
        let mut k = 0u64;
        {
            let mut t = open_table(&db);
            gm_line(&mut t, &mut k, "/nw new");
            for i in 0..pcs {
                let p = format!("p{i}");
                user_line(
                    &mut t,
                    &mut k,
                    &p,
                    &format!("/nw character new name:Pc{i} quick:true"),
                );
                user_line(&mut t, &mut k, &p, "/nw session join");
                user_line(&mut t, &mut k, &p, "/nw session lock");
            }
            for j in 0..enemies {
                gm_line(
                    &mut t,
                    &mut k,
                    &format!("/nwenemy spawn name:shade_swarm as:Foe{j}"),
                );
            }
            let len: i64 = t
                .store()
                .sqlite()
                .expect("an SQLite store")
                .query_row(
                    "SELECT length(state) FROM sessions WHERE channel = 'nw' AND active = 1",
                    [],
                    |r| r.get(0),
                )
                .unwrap();
            println!("state size: {label}: {len} bytes of JSON");
        }
        for (cache, bytes) in [("cached", 32u64 << 20), ("parsed each time", 0)] {
            let mut t = open_table(&db).with_state_cache(bytes);
            c.bench_function(&format!("state size: one action, {label}, {cache}"), |b| {
                b.iter(|| gm_line(&mut t, &mut k, "/nw judge stat:none difficulty:10"))
            });
        }
        // A `/roll` in the session's channel needs only who its GMs are, not its state.
        let mut t = open_table(&db);
        c.bench_function(
            &format!("state size: a /roll in the game's channel, {label}"),
            |b| b.iter(|| user_line(&mut t, &mut k, "p0", "/roll expr:2d6+3")),
        );
        // What storing an action's way back adds: the patch from the state after a Judge to
        // the state before it, worked out from the two stored texts as the table does.
        let mut t = open_table(&db);
        let state = |t: &mut Table| -> String {
            t.store()
                .sqlite()
                .expect("an SQLite store")
                .query_row(
                    "SELECT state FROM sessions WHERE channel = 'nw' AND active = 1",
                    [],
                    |r| r.get(0),
                )
                .unwrap()
        };
        let before = state(&mut t);
        gm_line(&mut t, &mut k, "/nw judge stat:none difficulty:10");
        let after = state(&mut t);
        let restore: i64 = t
            .store()
            .sqlite()
            .expect("an SQLite store")
            .query_row(
                "SELECT length(restore) FROM log WHERE kind = 'action' ORDER BY id DESC LIMIT 1",
                [],
                |r| r.get(0),
            )
            .unwrap();
        println!("state size: {label}: one Judge stores a way back of {restore} bytes");
        c.bench_function(
            &format!("state size: the way back of one action (diff), {label}"),
            |b| b.iter(|| croupier::table::text_patch::way_back(&after, &before).unwrap()),
        );
    }
}

fn open_table_copy(db: &Path, copy: &Path) -> Table {
    std::fs::copy(db, copy).unwrap();
    open_table(copy)
}

/// The GM's `line` in the Night Wizard channel `nw`, which must be accepted.
fn gm_line(t: &mut Table, k: &mut u64, line: &str) {
    user_line(t, k, "gm", line)
}

/// `user`'s `line` in the Night Wizard channel `nw`, which must be accepted.
fn user_line(t: &mut Table, k: &mut u64, user: &str, line: &str) {
    *k += 1;
    let out = t
        .handle(&Request {
            channel: "nw".into(),
            guild: Some("g".into()),
            actor: Actor::player(user, user),
            request_id: format!("nw-{k}-{line}"),
            locale: Default::default(),
            input: Input::Command(Command::parse_line(line).unwrap()),
        })
        .unwrap();
    assert!(out.accepted, "{line}: {:?}", out.replies);
}

/// Peak RSS of a process holding a table over 100,000 stored sessions of which 1,000 are
/// active (each takes an action): run in a child process of its own (`--rss-probe`) so that
/// criterion's and the other benchmarks' allocations do not count.
fn rss_probe() {
    let base = ram_dir();
    let db = base.path().join("rss.db");
    let mut k = 0u64;
    {
        let mut t = open_table(&db);
        gm_line(&mut t, &mut k, "/nw new");
    }
    add_stored_sessions(&db, 99_999);
    let before = peak_rss_kb();
    let mut t = open_table(&db);
    // 1,000 sessions in use: one action each (the stored copies with odd numbers are active).
    for i in (1..2000).step_by(2) {
        k += 1;
        let out = t
            .handle(&Request {
                channel: format!("stored-{i}"),
                guild: Some("g".into()),
                actor: Actor::player("gm", "gm"),
                request_id: format!("rss-{k}"),
                locale: Default::default(),
                input: Input::Command(
                    Command::parse_line("/nw judge stat:none difficulty:10").unwrap(),
                ),
            })
            .unwrap();
        assert!(out.accepted, "{:?}", out.replies);
    }
    println!(
        "rss probe: 100,000 stored Night Wizard sessions, 1,000 active each taking an action: \
         peak RSS {} MB (before opening the table: {} MB); typed states cached: {} ({} KB estimated)",
        peak_rss_kb() / 1024,
        before / 1024,
        t.state_cache().len(),
        t.state_cache().weight() / 1024
    );
}

fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).map(str::to_string))
        })
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = dice, table_action, undo, state_size, scale
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
    if std::env::args().any(|a| a == "--rss-probe") {
        rss_probe();
        return;
    }
    benches();
    bcdice_side_by_side();
    Criterion::default().configure_from_args().final_summary();
}
