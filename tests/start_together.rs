//! Processes starting together on one fresh database file, as the processes of a sharded
//! deployment do: every one of them must start, whichever migrates the file first. Before the
//! store took a write lock for its schema check and migration, most such starts lost a
//! process ("table channels already exists", or "database is locked").

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

/// Processes started at once on each fresh file, and fresh files.
const PROCESSES: usize = 8;
const ROUNDS: usize = 3;

const ROLL: &str = "alice: /roll expr:2d6+3\n";

/// `croupier ARGS --db DB`, started without waiting, its standard input piped.
fn start(db: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(args)
        .arg("--db")
        .arg(db)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Starts every process of `kinds` at once on `db` (a console gets [`ROLL`] on its standard
/// input once all are started), then waits for each.
fn together(db: &Path, kinds: &[&str]) -> Vec<Output> {
    let mut children: Vec<Child> = kinds.iter().map(|k| start(db, &[k])).collect();
    for (child, kind) in children.iter_mut().zip(kinds) {
        let mut stdin = child.stdin.take().expect("stdin");
        if *kind == "console" {
            // A process that has already failed has closed its end; its output says why.
            let _ = stdin.write_all(ROLL.as_bytes());
        }
    }
    children
        .into_iter()
        .map(|c| c.wait_with_output().expect("the binary ends"))
        .collect()
}

/// Runs [`ROUNDS`] rounds of [`PROCESSES`] processes of `kinds` (cycled) on a fresh file each
/// and returns every failure, described, with the number of processes run.
fn rounds(kinds: &[&str]) -> (Vec<String>, usize) {
    let mut failures = vec![];
    let mut run = 0;
    for round in 0..ROUNDS {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("fresh.db");
        let these: Vec<&str> = kinds.iter().cycle().take(PROCESSES).copied().collect();
        let outs = together(&db, &these);
        let mut consoles = 0;
        for (i, (out, kind)) in outs.iter().zip(&these).enumerate() {
            run += 1;
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            let rolled = stdout.contains("@alice rolls 2d6+3 → [");
            if *kind == "console" {
                consoles += 1;
            }
            if out.status.code() != Some(0) || (*kind == "console" && !rolled) {
                failures.push(format!(
                    "round {round}, process {i} ({kind}): exit {:?}\nstdout: {stdout}\nstderr: {}",
                    out.status.code(),
                    tail(&stderr, 400)
                ));
            }
        }
        if failures.is_empty() {
            // The file is at this build's schema, and holds every console's roll once.
            let c = rusqlite::Connection::open(&db).unwrap();
            let version: i64 = c
                .pragma_query_value(None, "user_version", |r| r.get(0))
                .unwrap();
            assert_eq!(version, croupier::store::schema_version() as i64);
            let rolls: i64 = c
                .query_row("SELECT count(*) FROM log WHERE kind = 'roll'", [], |r| {
                    r.get(0)
                })
                .unwrap();
            assert_eq!(rolls, consoles, "every console's roll is in the log");
        }
    }
    (failures, run)
}

/// The last `n` characters of `s` (a failed migration's error quotes its whole SQL first).
fn tail(s: &str, n: usize) -> &str {
    let start = s.char_indices().rev().nth(n).map_or(0, |(i, _)| i);
    &s[start..]
}

/// Rounds of `croupier migrate` processes, of `croupier console` processes each rolling, and of
/// both mixed: each process exits 0, each console prints its roll, and the file ends at this
/// build's schema with every console's roll logged once.
#[test]
fn processes_started_together_on_a_fresh_file_all_start() {
    let mut failures = vec![];
    let mut run = 0;
    for kinds in [&["migrate"][..], &["console"], &["migrate", "console"]] {
        let (f, n) = rounds(kinds);
        failures.extend(f);
        run += n;
    }
    assert!(
        failures.is_empty(),
        "{} of {run} processes started together failed:\n{}",
        failures.len(),
        failures.join("\n---\n")
    );
}
