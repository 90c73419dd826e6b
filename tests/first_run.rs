//! A new user's first run, through the real binary: README's `cp .env.example .env` must leave
//! every command working (an empty variable means "use the default"), and logs written to a
//! pipe carry no terminal colour codes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// `.env.example` in the source tree, as `(name, value)` pairs in file order.
fn env_example() -> Vec<(String, String)> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(".env.example");
    let text = std::fs::read_to_string(&file).expect(".env.example is readable");
    let mut vars = vec![];
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, value) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("not NAME=VALUE in .env.example: {line}"));
        // This reader takes values literally; a quoted or interpolated value would need
        // dotenvy's rules, so fail loudly rather than test something else.
        assert!(
            !value.contains(['"', '\'', '$', '#']),
            "extend env_example() for `{line}`"
        );
        vars.push((name.trim().to_string(), value.to_string()));
    }
    assert!(
        vars.iter().any(|(n, _)| n == "CROUPIER_DATA"),
        "read {vars:?}"
    );
    vars
}

/// The binary with a clean environment (only `vars`), in `dir`, fed `stdin`.
fn croupier(dir: &Path, vars: &[(String, String)], args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_croupier"));
    cmd.env_clear()
        .envs(vars.iter().map(|(n, v)| (n, v)))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    child.wait_with_output().expect("the binary ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const ROLL: &str = "alice: /roll expr:2d6+3\n";

/// Asserts the console played [`ROLL`] and wrote its database where `CROUPIER_DB` says.
fn played_one_roll(out: &Output, db: PathBuf) {
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout: {stdout}\nstderr: {stderr}"
    );
    assert!(
        stdout.contains("[#table → everyone]") && stdout.contains("@alice rolls 2d6+3 → ["),
        "stdout: {stdout}\nstderr: {stderr}"
    );
    assert!(
        !stderr.contains("required"),
        "no complaint about a setting: {stderr}"
    );
    assert!(db.is_file(), "{} was created", db.display());
}

#[test]
fn env_example_as_the_environment_plays_a_console_roll() {
    // Every variable exactly as .env.example sets it (several are empty), no .env file.
    let vars = env_example();
    let dir = tempfile::tempdir().unwrap();
    let out = croupier(dir.path(), &vars, &["console", "--seed", "1"], ROLL);
    let db = vars
        .iter()
        .find(|(n, _)| n == "CROUPIER_DB")
        .map_or("croupier.db", |(_, v)| v.as_str());
    played_one_roll(&out, dir.path().join(db));
}

#[test]
fn env_example_copied_to_dot_env_plays_a_console_roll() {
    // README's first step: `cp .env.example .env`, then play; the binary reads .env itself.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(".env.example"),
        dir.path().join(".env"),
    )
    .unwrap();
    let out = croupier(dir.path(), &[], &["console", "--seed", "1"], ROLL);
    played_one_roll(&out, dir.path().join("croupier.db"));
}

#[test]
fn every_setting_empty_means_its_default() {
    // Each CROUPIER_* variable, the token and the log filter set but empty: the console uses
    // croupier.db in the working folder and the shipped data.
    let names = [
        "CROUPIER_DB",
        "CROUPIER_DATA",
        "CROUPIER_DEV_GUILD",
        "CROUPIER_DISCORD_API",
        "DISCORD_TOKEN",
        "RUST_LOG",
    ];
    let vars: Vec<(String, String)> = names
        .iter()
        .map(|n| (n.to_string(), String::new()))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let out = croupier(dir.path(), &vars, &["console", "--seed", "1"], ROLL);
    played_one_roll(&out, dir.path().join("croupier.db"));
    // A blank (spaces only) value is empty too.
    let blank: Vec<(String, String)> = names
        .iter()
        .map(|n| (n.to_string(), "  ".to_string()))
        .collect();
    let other = tempfile::tempdir().unwrap();
    let out = croupier(other.path(), &blank, &["console", "--seed", "1"], ROLL);
    played_one_roll(&out, other.path().join("croupier.db"));
}

#[test]
fn an_empty_shell_variable_does_not_hide_the_dot_env_value() {
    // CROUPIER_DB= in the shell and CROUPIER_DB=chosen.db in .env: .env fills the empty one.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".env"), "CROUPIER_DB=chosen.db\n").unwrap();
    let vars = vec![("CROUPIER_DB".to_string(), String::new())];
    let out = croupier(dir.path(), &vars, &["console", "--seed", "1"], ROLL);
    played_one_roll(&out, dir.path().join("chosen.db"));
    assert!(!dir.path().join("croupier.db").exists());
}

#[test]
fn the_bot_without_a_token_says_so_and_exits_2() {
    // README's "start the Discord bot" right after copying .env.example (token still empty).
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(".env.example"),
        dir.path().join(".env"),
    )
    .unwrap();
    let out = croupier(dir.path(), &[], &[], "");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "one clear line, nothing else: {stderr}"
    );
}

#[test]
fn logs_to_a_pipe_have_no_colour_codes() {
    // `migrate` on a new database logs each migration at debug level (through the real
    // tracing subscriber); stderr is a pipe here, as in a service log or CI.
    let dir = tempfile::tempdir().unwrap();
    let vars = vec![("RUST_LOG".to_string(), "debug".to_string())];
    let out = croupier(dir.path(), &vars, &["migrate", "--db", "logs.db"], "");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| l.contains("DEBUG")).collect();
    assert!(
        !lines.is_empty(),
        "a debug log line was written: {stderr:?}"
    );
    assert!(
        !stderr.contains("\x1b["),
        "colour codes in piped logs: {stderr:?}"
    );
}

/// A version like `1.95` or `1.88.0` as comparable numbers (`1.95` = `1.95.0`).
fn version(v: &str) -> Vec<u32> {
    let mut parts: Vec<u32> = v.split('.').map(|p| p.parse().unwrap_or(0)).collect();
    parts.resize(3, 0);
    parts
}

#[test]
fn the_stated_rust_version_is_the_one_the_locked_dependencies_need() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest: toml::Value =
        toml::from_str(&std::fs::read_to_string(root.join("Cargo.toml")).unwrap()).unwrap();
    // Every crate of the workspace takes it from `[workspace.package]`.
    assert_eq!(
        manifest["package"]["rust-version"]["workspace"].as_bool(),
        Some(true),
        "the top crate takes the workspace's rust-version"
    );
    let ours = manifest["workspace"]["package"]["rust-version"]
        .as_str()
        .expect("Cargo.toml states a rust-version");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("You need Rust {ours} or newer")),
        "README's set-up names Rust {ours}"
    );
    // Every locked crate whose sources cargo has unpacked (those built for this platform).
    let lock: toml::Value =
        toml::from_str(&std::fs::read_to_string(root.join("Cargo.lock")).unwrap()).unwrap();
    let cargo_home = std::env::var_os("CARGO_HOME").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cargo"),
        PathBuf::from,
    );
    let sources: Vec<PathBuf> = std::fs::read_dir(cargo_home.join("registry").join("src"))
        .map(|dir| dir.filter_map(|e| Some(e.ok()?.path())).collect())
        .unwrap_or_default();
    let mut seen = 0;
    let mut highest: Option<(Vec<u32>, String)> = None;
    for p in lock["package"].as_array().unwrap() {
        if !p
            .get("source")
            .and_then(|s| s.as_str())
            .is_some_and(|s| s.starts_with("registry"))
        {
            continue;
        }
        let dir = format!(
            "{}-{}",
            p["name"].as_str().unwrap(),
            p["version"].as_str().unwrap()
        );
        let Some(text) = sources
            .iter()
            .find_map(|s| std::fs::read_to_string(s.join(&dir).join("Cargo.toml")).ok())
        else {
            continue;
        };
        seen += 1;
        let krate: toml::Value = toml::from_str(&text).unwrap();
        if let Some(rv) = krate["package"]
            .get("rust-version")
            .and_then(|v| v.as_str())
        {
            if highest.as_ref().is_none_or(|(h, _)| version(rv) > *h) {
                highest = Some((version(rv), format!("{dir} needs {rv}")));
            }
        }
    }
    assert!(
        seen > 50,
        "only {seen} locked crates found under {}",
        cargo_home.display()
    );
    let (need, why) = highest.expect("some crate states a rust-version");
    assert_eq!(version(ours), need, "Cargo.toml says {ours}; {why}");
}
