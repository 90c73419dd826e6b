//! A PostgreSQL database for one test: a fresh schema on the server named by
//! `CROUPIER_TEST_POSTGRES` (default `postgres://postgres@127.0.0.1:5432/test`), dropped when
//! the test ends. Where no server answers the PostgreSQL half of a test is skipped, saying so,
//! unless `CROUPIER_REQUIRE_POSTGRES=1` (CI sets it): then it fails.
// Each test file uses what it needs of this.
#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// The server tests use.
pub fn server_url() -> String {
    std::env::var("CROUPIER_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

fn required() -> bool {
    std::env::var("CROUPIER_REQUIRE_POSTGRES").is_ok_and(|v| v == "1")
}

fn admin() -> Result<postgres::Client, postgres::Error> {
    let mut config: postgres::Config = server_url().parse()?;
    config.connect_timeout(Duration::from_secs(5));
    config.connect(postgres::NoTls)
}

/// Runs `f` on a thread of its own: the blocking client must not run on an async test's
/// runtime threads.
fn off_runtime<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::spawn(f)
        .join()
        .unwrap_or_else(|p| std::panic::resume_unwind(p))
}

/// A schema of one test's own; `url` reaches it (`search_path` set by the URL's options).
pub struct PgSchema {
    schema: String,
    /// A `postgres://` URL whose tables live in the schema.
    pub url: String,
}

static NEXT: AtomicU32 = AtomicU32::new(0);

impl PgSchema {
    /// A fresh, empty schema, or `None` (printed) when no server answers and none is required.
    pub fn fresh() -> Option<PgSchema> {
        off_runtime(Self::fresh_here)
    }

    fn fresh_here() -> Option<PgSchema> {
        let mut client = match admin() {
            Ok(c) => c,
            Err(e) if !required() => {
                eprintln!(
                    "PostgreSQL half skipped: no server at {} ({e}); set CROUPIER_TEST_POSTGRES",
                    server_url()
                );
                return None;
            }
            Err(e) => panic!(
                "CROUPIER_REQUIRE_POSTGRES=1 but no PostgreSQL server answers at {}: {e}",
                server_url()
            ),
        };
        let schema = format!(
            "t_{}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed),
            rand::random::<u32>()
        );
        client
            .batch_execute(&format!("CREATE SCHEMA {schema}"))
            .expect("create a test schema");
        let base = server_url();
        let sep = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{sep}options=-csearch_path%3D{schema}");
        Some(PgSchema { schema, url })
    }
}

impl Drop for PgSchema {
    fn drop(&mut self) {
        let schema = self.schema.clone();
        off_runtime(move || {
            if let Ok(mut c) = admin() {
                let _ = c.batch_execute(&format!("DROP SCHEMA {schema} CASCADE"));
            }
        });
    }
}

/// A PostgreSQL server of one test's own (initdb in a temporary folder, a free port), for tests
/// that stop and start the server; stopped and removed when dropped. `None` (printed) where no
/// server binaries are installed, unless `CROUPIER_REQUIRE_POSTGRES=1`.
pub struct Cluster {
    dir: tempfile::TempDir,
    bin: std::path::PathBuf,
    /// Its port on 127.0.0.1.
    pub port: u16,
}

impl Cluster {
    /// Runs one of the server's programs, as the `postgres` user when this test runs as root
    /// (the server refuses to run as root).
    fn run(&self, program: &str, args: &[&str]) -> std::process::Output {
        let exe = self.bin.join(program);
        let mut cmd = if is_root() {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            std::process::Command::new(&exe)
        };
        cmd.args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"))
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    /// A fresh cluster, started, with a database `test`.
    pub fn start() -> Option<Cluster> {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .ok()
            .and_then(|d| d.filter_map(|e| e.ok()).map(|e| e.path().join("bin")).max());
        let Some(bin) = bin.filter(|b| b.join("initdb").exists()) else {
            assert!(
                !required(),
                "CROUPIER_REQUIRE_POSTGRES=1 but no server binaries are under /usr/lib/postgresql"
            );
            eprintln!("skipped: no PostgreSQL server binaries under /usr/lib/postgresql");
            return None;
        };
        let dir = tempfile::tempdir().unwrap();
        if is_root() {
            let ok = std::process::Command::new("chown")
                .args(["postgres", &dir.path().display().to_string()])
                .status()
                .unwrap();
            assert!(ok.success());
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let c = Cluster { dir, bin, port };
        let out = c.run(
            "initdb",
            &["-D", &c.data(), "-U", "postgres", "-A", "trust"],
        );
        assert!(
            out.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        c.restart();
        let out = c.run(
            "createdb",
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &port.to_string(),
                "-U",
                "postgres",
                "test",
            ],
        );
        assert!(
            out.status.success(),
            "createdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(c)
    }

    /// Its database `test`.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/test", self.port)
    }

    /// Starts the server (again).
    pub fn restart(&self) {
        let opts = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("log").display().to_string();
        let out = self.run(
            "pg_ctl",
            &["-D", &self.data(), "-w", "-l", &log, "-o", &opts, "start"],
        );
        assert!(
            out.status.success(),
            "pg_ctl start: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Stops the server at once (connections are cut, as when it crashes).
    pub fn stop(&self) {
        let out = self.run(
            "pg_ctl",
            &["-D", &self.data(), "-m", "immediate", "-w", "stop"],
        );
        assert!(
            out.status.success(),
            "pg_ctl stop: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.run("pg_ctl", &["-D", &self.data(), "-m", "immediate", "stop"]);
    }
}

fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}
