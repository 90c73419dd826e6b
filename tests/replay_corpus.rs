//! The replay corpus: every session the console and table tests played, frozen as its log and
//! the state it led to (`tests/replay/<game>.jsonl.gz`). Undo does not replay logs (each action
//! stores its way back), so rules may change; what must hold is that every recorded game still
//! loads (its state and every logged action read in this build: old variants stay readable with
//! serde aliases), and that replaying it with this build's rules gives the recorded state, or
//! the difference is listed, per session, in `tests/replay/expected-differences.txt`: a rule
//! change shows in review as the lines it adds there. Regenerate that file with
//! `UPDATE_EXPECT=1 cargo test --test replay_corpus`.
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

const EXPECTED: &str = "tests/replay/expected-differences.txt";

fn enough_sessions(corpus: &BTreeMap<String, Vec<SessionRecord>>) {
    for game in ["dice", "nobi", "nw", "nakama", "ninja"] {
        let n = corpus.get(game).map_or(0, Vec::len);
        assert!(
            n >= 10,
            "the corpus holds {n} {game} sessions; expected at least 10"
        );
    }
}

#[test]
fn every_recorded_session_still_loads_and_every_action_still_reads() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path());
    let corpus = corpus();
    enough_sessions(&corpus);
    let mut problems = vec![];
    for (game, records) in &corpus {
        for r in records {
            for p in t.check_record(r) {
                problems.push(format!(
                    "{game} session {} (seed {}): {p}",
                    r.session, r.seed
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Where a replayed state differs from the recorded one: the JSON Pointers of the first few
/// differing values (the patch from recorded to replayed).
fn differing_paths(want: &serde_json::Value, got: &serde_json::Value) -> String {
    let patch = json_patch::diff(want, got);
    let mut paths: Vec<String> = patch
        .iter()
        .map(|op| match op {
            json_patch::PatchOperation::Add(o) => o.path.to_string(),
            json_patch::PatchOperation::Remove(o) => o.path.to_string(),
            json_patch::PatchOperation::Replace(o) => o.path.to_string(),
            json_patch::PatchOperation::Move(o) => o.path.to_string(),
            json_patch::PatchOperation::Copy(o) => o.path.to_string(),
            json_patch::PatchOperation::Test(o) => o.path.to_string(),
        })
        .collect();
    let more = paths.len().saturating_sub(6);
    paths.truncate(6);
    let mut line = paths.join(", ");
    if more > 0 {
        line.push_str(&format!(" and {more} more"));
    }
    line
}

#[test]
fn every_recorded_session_replays_to_its_state_or_its_difference_is_listed() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path());
    let corpus = corpus();
    enough_sessions(&corpus);
    let mut differences = vec![];
    let mut replayed = 0;
    for (game, records) in &corpus {
        for r in records {
            let at = format!("{game} session {} (seed {})", r.session, r.seed);
            // Both in the form a replay check compares (`Game::replay_form`).
            let recorded = t
                .replay_form(r, &r.state)
                .unwrap_or_else(|_| r.state.clone());
            match t.replay_record(r) {
                Ok(state) if state == recorded => {}
                Ok(state) => differences.push(format!(
                    "{at}: replays differently at {}",
                    differing_paths(&recorded, &state)
                )),
                Err(e) => differences.push(format!("{at}: no longer replays: {e}")),
            }
            replayed += 1;
        }
    }
    let listed: Vec<String> = std::fs::read_to_string(EXPECTED)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        let mut out = String::from(
            "# Recorded sessions (tests/replay/*.jsonl.gz) that replay differently under today's rules,\n\
             # one line each. Undo does not depend on replays; a line here is a rule change, seen in review.\n\
             # Regenerate: UPDATE_EXPECT=1 cargo test --test replay_corpus\n",
        );
        for d in &differences {
            out.push_str(d);
            out.push('\n');
        }
        std::fs::write(EXPECTED, out).unwrap();
        return;
    }
    let new: Vec<&String> = differences.iter().filter(|d| !listed.contains(d)).collect();
    let gone: Vec<&String> = listed.iter().filter(|l| !differences.contains(l)).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "of {replayed} recorded sessions, these differences are not in {EXPECTED}:\n{}\n\
         and these listed ones no longer happen:\n{}\n\
         If the change of rules is meant, regenerate it: UPDATE_EXPECT=1 cargo test --test replay_corpus",
        new.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n"),
        gone.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n"),
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
