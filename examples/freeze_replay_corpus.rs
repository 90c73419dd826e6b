//! Freezes the replay corpus (`tests/replay/<game>.jsonl.gz`, read by `tests/replay_corpus.rs`)
//! from sessions recorded with `CROUPIER_RECORD_SESSIONS`:
//!
//! ```text
//! CROUPIER_RECORD_SESSIONS=/tmp/corpus cargo test
//! cargo run --example freeze_replay_corpus -- /tmp/corpus
//! ```
//!
//! Only sessions that replay to their stored state with this build are kept (a test that edits a
//! stored state on purpose, to show undo refuses it, leaves one that never replayed).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use croupier::store::Store;
use croupier::table::record::SessionRecord;
use croupier::table::{ManualClock, SeedMode, Table};

fn main() -> anyhow::Result<()> {
    let from = std::env::args()
        .nth(1)
        .context("name the folder the sessions were recorded to: freeze_replay_corpus DIR")?;
    let dir = tempfile::tempdir()?;
    let registry = croupier::games::load(Path::new("data"))
        .map_err(|e| anyhow::anyhow!("data does not load: {e:?}"))?;
    let t = Table::new(
        Store::open(&dir.path().join("replay.db"))?,
        Arc::new(registry),
        Arc::new(ManualClock::at(0)),
        SeedMode::Fixed(1),
    );
    let mut by_game: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let (mut kept, mut left) = (0, 0);
    for entry in std::fs::read_dir(&from).with_context(|| format!("cannot read {from}"))? {
        let path = entry?.path();
        let text = std::fs::read_to_string(&path)?;
        let r: SessionRecord =
            serde_json::from_str(&text).with_context(|| format!("{}", path.display()))?;
        if t.games().find(&r.game).is_none()
            || t.replay_record(&r).map(|s| s.to_string()) != Ok(r.state.to_string())
        {
            left += 1;
            continue;
        }
        kept += 1;
        by_game
            .entry(r.game.clone())
            .or_default()
            .insert(r.file_name(), serde_json::to_string(&r)?);
    }
    for (game, lines) in by_game {
        let file = std::fs::File::create(format!("tests/replay/{game}.jsonl.gz"))?;
        let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
        for line in lines.values() {
            writeln!(gz, "{line}")?;
        }
        gz.finish()?;
    }
    println!(
        "froze {kept} sessions; left out {left} (not replaying, or a game only a test registers)"
    );
    Ok(())
}
