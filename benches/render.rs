//! `cargo bench --bench render`: every picture's largest case, SVG build + raster + PNG
//! encode (the issue's budget: under 20 ms each).

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use croupier::games::dice_table::{DiceTable, Phase, Seat};
use croupier::games::ninja::data::NinjaData;
use croupier::games::ninja::roster::generate;
use croupier::games::ninja::scoring::roll_3d6;
use croupier::games::ninja::tournament::{
    Entrant, Phase as NinjaPhase, Round, Settings, Tournament,
};
use croupier::i18n::Locale;
use croupier::rng::seeded;
use croupier::table::{Registry, UserId};

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

/// Round 1 with the full field of 16, every ninja run to the end (the longest sheet).
fn largest_ninja_round(games: &Registry) -> serde_json::Value {
    let _ = games;
    let data = &NinjaData::load(std::path::Path::new("data")).unwrap();
    let mut rng = seeded(3);
    let entrants: Vec<Entrant> = (0..16)
        .map(|i| {
            let record = generate(
                data,
                &mut rng,
                format!("Ninja number {i}"),
                UserId(format!("u{i}")),
            )
            .unwrap();
            Entrant {
                skills: record.skills(data),
                luck: record.luck(data),
                record,
                house: false,
            }
        })
        .collect();
    let round = Round::new(1, (0..16).collect(), &entrants);
    let mut t = Tournament {
        id: 1,
        host: UserId("u0".into()),
        settings: Settings::default(),
        phase: NinjaPhase::Running,
        entrants,
        rounds: vec![round],
        pending: None,
        winners: vec![],
        waiting_since: 0,
        reminded_at: None,
    };
    for _ in 0..16 {
        t.start_run(data);
        let r = t.round_mut().unwrap();
        let cur = r.cursor;
        let run = r.runs[cur].as_mut().unwrap();
        while run.running() {
            run.turn(roll_3d6(&mut rng), false, &[]);
        }
        r.cursor += 1;
    }
    serde_json::to_value(t).unwrap()
}

/// A solo table (six cards in hand) with 30 friends stacked on the columns and a boss out.
fn largest_nakama(games: &Registry) -> serde_json::Value {
    use croupier::games::nakama::state::{Foe, Nakama, Player};
    let _ = games;
    let d = &croupier::games::nakama::data::load(std::path::Path::new("data")).unwrap();
    let mut g = Nakama::empty();
    g.players.push(Player {
        user: UserId("u0".into()),
        name: "Monkey D. Captain of the Thousand Seas".into(),
        character: 0,
        hand: vec![],
        powered: true,
    });
    g.setup(2, &mut seeded(8), d);
    for k in 0..30 {
        if let Some(f) = g.friend_deck.pop() {
            g.columns[(k * 3) % 5].push(f);
        }
    }
    g.spaces[1] = Some(Foe::Boss(0));
    g.threat = 9;
    serde_json::to_value(g).unwrap()
}

/// Five players (the limit), each with Light and Darkness cards.
fn largest_nobi(games: &Registry) -> serde_json::Value {
    let _ = games;
    let d = &croupier::games::nobi::data::load(std::path::Path::new("data")).unwrap();
    let mut light = d.light.iter().map(|c| c.id.clone()).cycle();
    let mut dark = d.darkness.iter().map(|c| c.id.clone()).cycle();
    let seats: Vec<serde_json::Value> = (0..5)
        .map(|i| {
            serde_json::json!({
                "user": format!("u{i}"), "name": format!("Player with a long name {i}"),
                "chars": [{"character": d.characters[i].id,
                           "light": (&mut light).take(i + 2).collect::<Vec<_>>(),
                           "darkness": (&mut dark).take(i / 2 + 1).collect::<Vec<_>>()}],
                "gm_count": 1, "successes": 2, "failures": 1
            })
        })
        .collect();
    serde_json::json!({
        "host": "u0", "seats": seats, "mode": "Regular", "step": "Scene", "gm": 0, "mc": 1,
        "scenes_played": 7,
        "decks": {"scenes": [], "scene_discard": [], "light": [], "darkness": [], "intros": [],
                  "epilogues": [], "epilogue_discard": []},
        "intro": null, "story": [], "remind_after": 24, "waiting_since": 0,
        "reminded_at": null, "last_rolled": null, "final_result": null,
        "limit_per_player": false
    })
}

/// A Night Wizard fight seen by the GM: two PCs, a Mob engaged, a hidden Boss.
fn largest_nw() -> serde_json::Value {
    use croupier::console::{Console, ConsoleOptions};
    use croupier::table::{ManualClock, SeedMode, Table};
    let games = std::sync::Arc::new(croupier::games::load(std::path::Path::new("data")).unwrap());
    let store = croupier::store::Store::in_memory().unwrap();
    let clock = std::sync::Arc::new(ManualClock::at(1_800_000_000));
    let mut table = Table::new(store, games, clock.clone(), SeedMode::Fixed(1));
    {
        let mut console = Console::new(&mut table, clock, ConsoleOptions::default());
        let script = r#"
alice: /nw character new name:Ayla quick:true
bob: /nw character new name:Bolt quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
bob: /nw session join
bob: /nw session lock
gm: /nw enemy spawn name:shade_swarm hp:4
gm: /nw enemy spawn name:lantern_emulator as:Lantern hidden:true hp:6
gm: /nw combat start
gm: /nw combat engage a:Bolt b:"Shade Swarm"
gm: /nw session set player:bob status:poison:2
"#;
        let mut out = Vec::new();
        for (n, line) in script.lines().enumerate() {
            if !line.trim().is_empty() {
                console.line(n + 1, line.trim(), &mut out).unwrap();
            }
        }
    }
    table.state_json("table").unwrap().unwrap()["state"].clone()
}

fn render(c: &mut Criterion) {
    let games = croupier::games::load(std::path::Path::new("data")).unwrap();
    let mut g = c.benchmark_group("render");
    let state = largest_dice_table();
    g.bench_function("dice table, 10 seats", |b| {
        b.iter(|| {
            croupier::render::picture(&games, "dice", black_box(&state), Some("u3"), Locale::En)
        })
    });
    let ninja = largest_ninja_round(&games);
    let pages = croupier::render::picture(&games, "ninja", &ninja, None, Locale::En)
        .unwrap()
        .unwrap();
    assert_eq!(pages.len(), 2, "the 16-ninja sheet is two pages");
    g.bench_function("ninja score sheet, 16 ninjas (both pages)", |b| {
        b.iter(|| croupier::render::picture(&games, "ninja", black_box(&ninja), None, Locale::En))
    });
    // The first picture after a start: no glyph outline or text stamp cached yet.
    g.bench_function("ninja score sheet, 16 ninjas, cold caches", |b| {
        b.iter_batched(
            croupier::render::clear_caches,
            |()| croupier::render::picture(&games, "ninja", black_box(&ninja), None, Locale::En),
            criterion::BatchSize::PerIteration,
        )
    });
    let nobi = largest_nobi(&games);
    assert!(
        croupier::render::picture(&games, "nobi", &nobi, None, Locale::En)
            .unwrap()
            .is_ok()
    );
    g.bench_function("nobi table, 5 players", |b| {
        b.iter(|| croupier::render::picture(&games, "nobi", black_box(&nobi), None, Locale::En))
    });
    let nakama = largest_nakama(&games);
    g.bench_function("nakama board with a six-card hand", |b| {
        b.iter(|| {
            croupier::render::picture(&games, "nakama", black_box(&nakama), Some("u0"), Locale::En)
        })
    });
    let nw = largest_nw();
    g.bench_function("nw combat tracker, GM view", |b| {
        b.iter(|| croupier::render::picture(&games, "nw", black_box(&nw), Some("gm"), Locale::En))
    });
    let roll = croupier::dice::roll("12d20!r1", &mut seeded(3)).unwrap();
    g.bench_function("dice faces, 12 dice (drawn)", |b| {
        b.iter(|| {
            croupier::render::raster::rasterize(
                &croupier::render::dice::picture(black_box(&roll), Locale::En).unwrap(),
            )
        })
    });
    // What `/roll` pays for a roll drawn recently (the dice PNG cache).
    g.bench_function("dice faces, 12 dice (cached)", |b| {
        b.iter(|| croupier::render::dice(black_box(&roll), Locale::En))
    });
    g.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
