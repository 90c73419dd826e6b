//! The PostgreSQL back end: connecting, migrating under an advisory lock, and the row locks
//! that keep two processes from applying to one channel at once.
//!
//! The client is the synchronous `postgres` crate: the table service already runs every
//! store call on dedicated threads (`table/handle.rs`), one connection each, which is exactly
//! the model of a blocking client; an async pool (`tokio-postgres` with `deadpool`, `sqlx`)
//! would only add a second scheduling layer under those threads.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::LazyLock;
use std::time::Duration;

use include_dir::{include_dir, Dir};
use postgres::{Client, Config, NoTls};

use super::error::StoreError;
use super::migrations::{migrations_in, Migration};
use super::tx::{Backend, PgStatements, Tx};
use crate::args;

static MIGRATIONS_DIR: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../migrations/postgres");

/// The PostgreSQL migrations, in file-name order: schema version `n` is the database after
/// the first `n` of them.
static MIGRATIONS: LazyLock<Vec<Migration>> = LazyLock::new(|| migrations_in(&MIGRATIONS_DIR));

/// The key of the advisory lock migrations take (any constant; "croupier" in ASCII).
const MIGRATION_LOCK: i64 = 0x0063_726f_7570_6965;

/// How long connecting waits for the server when the address does not say.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Number of PostgreSQL schema versions this build knows.
pub fn schema_version() -> usize {
    MIGRATIONS.len()
}

/// One connection to a PostgreSQL database.
pub struct Pg {
    client: Client,
    config: Config,
    /// The address for messages: host, port and database, never the password.
    target: String,
    statements: PgStatements,
}

/// `url` as `host:port/database` (for messages: no user, no password).
fn describe_target(config: &Config) -> String {
    let host = config
        .get_hosts()
        .first()
        .map(|h| match h {
            postgres::config::Host::Tcp(h) => h.clone(),
            postgres::config::Host::Unix(p) => p.display().to_string(),
        })
        .unwrap_or_else(|| "localhost".into());
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let db = config
        .get_dbname()
        .or(config.get_user())
        .unwrap_or("postgres");
    format!("{host}:{port}/{db}")
}

/// A PostgreSQL URL for messages: `host:port/database`.
pub fn display_url(url: &str) -> String {
    url.parse::<Config>()
        .map(|c| describe_target(&c))
        .unwrap_or_else(|_| "(a PostgreSQL address that does not parse)".into())
}

impl Pg {
    /// Connects to `url` (`postgres://user@host:port/db?…`) and brings the schema up to date.
    pub fn connect(url: &str) -> Result<Pg, StoreError> {
        let mut config: Config = url.parse().map_err(|cause| StoreError::Connect {
            target: "(an address that does not parse)".into(),
            cause,
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        let target = describe_target(&config);
        let client = config.connect(NoTls).map_err(|cause| StoreError::Connect {
            target: target.clone(),
            cause,
        })?;
        let mut pg = Pg {
            client,
            config,
            target,
            statements: RefCell::new(HashMap::new()),
        };
        pg.migrate()?;
        Ok(pg)
    }

    /// Connects again if the server dropped the connection (it restarted, or a failover):
    /// the next transaction then works without restarting Croupier.
    fn reconnect_if_closed(&mut self) -> Result<(), StoreError> {
        if self.client.is_closed() {
            self.client = self
                .config
                .connect(NoTls)
                .map_err(|cause| StoreError::Connect {
                    target: self.target.clone(),
                    cause,
                })?;
            self.statements.borrow_mut().clear();
        }
        Ok(())
    }

    /// A transaction (READ COMMITTED; requests lock what they change, see [`lock_key`]).
    pub fn transaction(&mut self) -> Result<Tx<'_>, StoreError> {
        self.reconnect_if_closed()?;
        let Pg {
            client, statements, ..
        } = self;
        Ok(Tx::postgres(client.transaction()?, statements))
    }

    /// `PostgreSQL 15.4 (Debian …)`: the server's own version.
    pub fn describe(&mut self) -> Result<String, StoreError> {
        let tx = self.transaction()?;
        let version = tx
            .query_one("SELECT current_setting('server_version')", args![])?
            .text(0)?;
        tx.rollback()?;
        Ok(format!("PostgreSQL {version}"))
    }

    /// Applies the migrations this database lacks, under an advisory lock held to the commit:
    /// processes started together wait for the first, then find the schema up to date.
    fn migrate(&mut self) -> Result<(), StoreError> {
        let known = schema_version();
        let target = self.target.clone();
        let mut tx = self.client.transaction()?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
        tx.batch_execute("CREATE TABLE IF NOT EXISTS croupier_schema (version BIGINT NOT NULL)")?;
        let found: i64 = tx
            .query_opt("SELECT version FROM croupier_schema", &[])?
            .map(|r| r.get(0))
            .unwrap_or(0);
        if found > known as i64 {
            return Err(StoreError::TooNew {
                path: target,
                found,
                known,
            });
        }
        let from = usize::try_from(found).map_err(|_| {
            StoreError::Invalid(format!("the database {target} has schema version {found}"))
        })?;
        if from == known {
            return Ok(tx.rollback()?);
        }
        for m in MIGRATIONS.get(from..known).unwrap_or_default() {
            tracing::debug!(migration = m.name, "applying a PostgreSQL migration");
            tx.batch_execute(m.sql)
                .map_err(|cause| StoreError::PgMigration {
                    migration: m.name.to_string(),
                    cause,
                })?;
        }
        tx.execute("DELETE FROM croupier_schema", &[])?;
        tx.execute(
            "INSERT INTO croupier_schema(version) VALUES ($1)",
            &[&(known as i64)],
        )?;
        tx.commit()?;
        tracing::info!(from, to = known, database = %target, "PostgreSQL schema migrated");
        Ok(())
    }
}

/// Takes the transaction-level advisory lock on `kind:key` on PostgreSQL (released at commit
/// or rollback); nothing on SQLite, whose write transaction holds the whole file.
pub(super) fn lock_key(tx: &Tx, kind: &str, key: &str) -> Result<(), StoreError> {
    if tx.backend() == Backend::Postgres {
        tx.query(
            // The schema is part of the key: deployments (or tests) sharing one database in
            // schemas of their own never wait for one another.
            "SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || ':' || ?1, 0))) AS locked",
            args![format!("{kind}:{key}").as_str()],
        )?;
    }
    Ok(())
}
