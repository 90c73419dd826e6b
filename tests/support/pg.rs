//! A PostgreSQL database for one test: a fresh schema on the server named by
//! `CROUPIER_TEST_POSTGRES` (default `postgres://postgres@127.0.0.1:5432/test`), dropped when
//! the test ends. Where no server answers the PostgreSQL half of a test is skipped, saying so,
//! unless `CROUPIER_REQUIRE_POSTGRES=1` (CI sets it): then it fails.

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
        if let Ok(mut c) = admin() {
            let _ = c.batch_execute(&format!("DROP SCHEMA {} CASCADE", self.schema));
        }
    }
}
