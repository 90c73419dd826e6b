//! The cache of typed session states (`table/states.rs`): a state is shared only once its
//! transaction committed, a rolled-back savepoint leaves nothing behind, and the cache stays
//! within its size.

use std::sync::Arc;

use croupier::games::dice_table::DiceTable;
use croupier::store::SessionRow;
use croupier::table::{Cached, DynGame, Loaded, StateCache, States};

fn game() -> Loaded<DiceTable> {
    Loaded::new(())
}

fn row(version: i64, score: i64) -> SessionRow {
    let state = serde_json::json!({
        "expr": "1d6", "rounds": 1, "round": 1, "turn": 0, "phase": "Playing",
        "seats": [{"user": "a", "name": "Ann", "score": score}]
    });
    SessionRow {
        id: 7,
        channel: "c".into(),
        guild: None,
        game: "dice".into(),
        host: "a".into(),
        seed: 1,
        state: game().to_json(&game().load_value(&state).unwrap()).unwrap(),
        rng: String::new(),
        version,
        active: true,
        gms: None,
    }
}

fn score(g: &Loaded<DiceTable>, c: &Cached) -> i64 {
    g.to_value(&c.state).unwrap()["seats"][0]["score"]
        .as_i64()
        .unwrap()
}

#[test]
fn a_state_reaches_the_cache_only_when_its_transaction_publishes_it() {
    let g = game();
    let cache = Arc::new(StateCache::default());
    let tx = States::new(cache.clone());
    let read = tx.of(&g, &row(1, 3)).unwrap();
    assert!(read.canonical, "the row holds what to_json writes");
    tx.made(7, 2, &read.state, &row(2, 3).state);
    assert!(cache.is_empty(), "nothing is shared before the commit");
    // Another transaction meanwhile parses the row itself.
    let other = States::new(cache.clone());
    assert_eq!(score(&g, &other.of(&g, &row(1, 3)).unwrap()), 3);
    tx.publish();
    assert_eq!(cache.len(), 1, "one entry per session: its latest version");
    assert!(cache.get(7, 2).is_some() && cache.get(7, 1).is_none());
}

#[test]
fn a_rolled_back_savepoint_leaves_no_state_behind_for_a_reused_version() {
    // A request writes version 2 and is rolled back, so the row stays at version 1; later
    // (say in another process) version 2 is committed with another state. A read of that
    // row must find that state, not the rolled-back one.
    let g = game();
    let cache = Arc::new(StateCache::default());
    let tx = States::new(cache.clone());
    tx.of(&g, &row(1, 0)).unwrap();
    let mark = tx.mark();
    let rolled_back = g.load(&row(2, 99).state).unwrap();
    tx.made(7, 2, &rolled_back, &row(2, 99).state);
    assert_eq!(score(&g, &tx.of(&g, &row(2, 99)).unwrap()), 99);
    tx.rollback_to(mark);
    tx.publish();
    assert!(cache.get(7, 1).is_some() && cache.get(7, 2).is_none());
    let later = States::new(cache.clone());
    assert_eq!(score(&g, &later.of(&g, &row(2, 5)).unwrap()), 5);
}

#[test]
fn states_are_evicted_by_size() {
    let g = game();
    let one = row(1, 1).state.len() as u64 * 2;
    let cache = Arc::new(StateCache::new(one * 40));
    let tx = States::new(cache.clone());
    for id in 0..1000 {
        let mut r = row(1, id);
        r.id = id;
        tx.of(&g, &r).unwrap();
    }
    tx.publish();
    assert!(
        cache.weight() <= one * 40,
        "{} > {}",
        cache.weight(),
        one * 40
    );
    assert!(cache.len() >= 10 && cache.len() <= 40, "{}", cache.len());
}

#[test]
fn an_older_version_read_later_does_not_replace_a_newer_one() {
    // A reader thread read version 1 before the writer committed version 2, and publishes
    // after the writer did: the cache keeps version 2.
    let g = game();
    let cache = Arc::new(StateCache::default());
    let writer = States::new(cache.clone());
    writer.made(7, 2, &g.load(&row(2, 5).state).unwrap(), &row(2, 5).state);
    let reader = States::new(cache.clone());
    reader.of(&g, &row(1, 0)).unwrap();
    writer.publish();
    reader.publish();
    assert!(cache.get(7, 2).is_some() && cache.get(7, 1).is_none());
}
