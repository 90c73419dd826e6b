//! The replay corpus: every session the console and table tests played, frozen as its log and
//! the state it led to (`tests/replay/<game>.jsonl.gz`), replayed with this build's rules to the
//! same bytes. A change to an action enum or a rule that would make an old stored game replay
//! differently (undo replays it) fails here; old variants stay readable with serde aliases.
//!
//! To freeze a new corpus: `CROUPIER_RECORD_SESSIONS=/tmp/corpus cargo test`, then
//! `cargo run --example freeze_replay_corpus -- /tmp/corpus` (`examples/freeze_replay_corpus.rs`).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::sync::Arc;

use croupier::store::Store;
use croupier::table::record::SessionRecord;
use croupier::table::{ManualClock, SeedMode, Table};

fn table(dir: &Path) -> Table {
    Table::new(
        Store::open(&dir.join("replay.db")).unwrap(),
        Arc::new(croupier::games::load(Path::new("data")).expect("data loads")),
        Arc::new(ManualClock::at(0)),
        SeedMode::Fixed(1),
    )
}

fn corpus() -> BTreeMap<String, Vec<SessionRecord>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir("tests/replay").unwrap() {
        let path = entry.unwrap().path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(game) = name.strip_suffix(".jsonl.gz") else {
            continue;
        };
        let reader = BufReader::new(flate2::read::GzDecoder::new(
            std::fs::File::open(&path).unwrap(),
        ));
        let records: Vec<SessionRecord> = reader
            .lines()
            .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
            .collect();
        out.insert(game.to_string(), records);
    }
    out
}

#[test]
fn every_recorded_session_replays_to_its_stored_state_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path());
    let corpus = corpus();
    for game in ["dice", "nobi", "nw", "nakama", "ninja"] {
        let n = corpus.get(game).map_or(0, Vec::len);
        assert!(
            n >= 10,
            "the corpus holds {n} {game} sessions; expected at least 10"
        );
    }
    let mut failures = vec![];
    let mut replayed = 0;
    for (game, records) in &corpus {
        for r in records {
            match t.replay_record(r) {
                Ok(state) => {
                    let want = serde_json::to_string(&r.state).unwrap();
                    let got = serde_json::to_string(&state).unwrap();
                    if want != got {
                        let at = want
                            .bytes()
                            .zip(got.bytes())
                            .position(|(a, b)| a != b)
                            .unwrap_or(want.len().min(got.len()));
                        let from = at.saturating_sub(80);
                        failures.push(format!(
                            "{game} session {} (seed {}): differs at byte {at}:\n  stored   …{}\n  replayed …{}",
                            r.session,
                            r.seed,
                            &want.get(from..(at + 80).min(want.len())).unwrap_or(""),
                            &got.get(from..(at + 80).min(got.len())).unwrap_or(""),
                        ));
                    }
                    replayed += 1;
                }
                Err(e) => failures.push(format!("{game} session {}: {e}", r.session)),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {replayed} sessions no longer replay:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_changed_log_is_caught() {
    // The check above can fail: alter one recorded action and the replay no longer matches.
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path());
    let corpus = corpus();
    let r = corpus["dice"]
        .iter()
        .find(|r| r.entries.len() > 3)
        .expect("a dice session with actions");
    let mut changed = r.clone();
    changed.seed += 1;
    let got = t.replay_record(&changed).map(|s| s.to_string());
    assert_ne!(
        got,
        Ok(r.state.to_string()),
        "another seed replays differently"
    );
}
