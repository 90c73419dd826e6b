//! The real `croupier console` binary driven through pipes, as a reader pastes lines into it.
//! Included on its own (`#[path = "support/console_bin.rs"] mod console_bin;`) by the tests
//! that need only this, not the fake Discord.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `croupier console --db DB [--seed N]` with `input` on its standard input, to the end.
pub fn run(db: &Path, seed: Option<u64>, input: &str) -> Output {
    run_with(db, seed, &[], input)
}

/// [`run`] with more arguments (`--locale ja`).
pub fn run_with(db: &Path, seed: Option<u64>, args: &[&str], input: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_croupier"));
    cmd.arg("console").arg("--db").arg(db).args(args);
    if let Some(s) = seed {
        cmd.args(["--seed", &s.to_string()]);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// [`run`] with a seed, which must succeed: its standard output.
#[allow(dead_code)] // not every test file that includes this uses it
pub fn seeded(db: &Path, seed: u64, input: &str) -> String {
    let out = run(db, Some(seed), input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
