//! One transaction on either back end. Row functions (`rows.rs`) and the table service talk to
//! the database only through [`Tx`]: statements are written once, with SQLite's numbered
//! parameters (`?1`, `?2`), and run as they are on SQLite or with `$1`, `$2` on PostgreSQL.
//! Values cross as [`Arg`] (integers, text, NULL) and come back as [`Row`]s of the same three
//! kinds, which is all the schema holds.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use super::error::StoreError;

/// A value bound to a statement's parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg<'a> {
    /// SQL NULL.
    Null,
    /// An integer (`INTEGER` on SQLite, `BIGINT` on PostgreSQL).
    Int(i64),
    /// Text.
    Text(&'a str),
}

impl From<i64> for Arg<'_> {
    fn from(v: i64) -> Self {
        Arg::Int(v)
    }
}

impl From<i32> for Arg<'_> {
    fn from(v: i32) -> Self {
        Arg::Int(v.into())
    }
}

impl From<bool> for Arg<'_> {
    fn from(v: bool) -> Self {
        Arg::Int(v.into())
    }
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(v: &'a str) -> Self {
        Arg::Text(v)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(v: &'a String) -> Self {
        Arg::Text(v)
    }
}

impl<'a, T: Into<Arg<'a>>> From<Option<T>> for Arg<'a> {
    fn from(v: Option<T>) -> Self {
        v.map_or(Arg::Null, Into::into)
    }
}

/// The arguments of a statement: `args![channel, id]`.
#[macro_export]
macro_rules! args {
    ($($a:expr),* $(,)?) => { &[$($crate::store::Arg::from($a)),*][..] };
}

/// A value read from a row.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Val {
    Null,
    Int(i64),
    Text(String),
}

/// One row of a result, read column by column (each text column can be taken once).
#[derive(Debug)]
pub struct Row(Vec<Val>);

impl Row {
    fn at(&mut self, i: usize) -> Result<&mut Val, StoreError> {
        let n = self.0.len();
        self.0
            .get_mut(i)
            .ok_or_else(|| StoreError::Invalid(format!("a row of {n} columns has no column {i}")))
    }

    /// Column `i` as an argument of another statement (NULL past the row's end).
    pub fn arg(&self, i: usize) -> Arg<'_> {
        match self.0.get(i) {
            Some(Val::Int(v)) => Arg::Int(*v),
            Some(Val::Text(t)) => Arg::Text(t),
            Some(Val::Null) | None => Arg::Null,
        }
    }

    /// An integer column that may be NULL.
    pub fn opt_int(&mut self, i: usize) -> Result<Option<i64>, StoreError> {
        match self.at(i)? {
            Val::Null => Ok(None),
            Val::Int(v) => Ok(Some(*v)),
            Val::Text(t) => Err(StoreError::Invalid(format!(
                "column {i} holds text {t:?} where a number belongs"
            ))),
        }
    }

    /// An integer column.
    pub fn int(&mut self, i: usize) -> Result<i64, StoreError> {
        self.opt_int(i)?.ok_or_else(|| {
            StoreError::Invalid(format!("column {i} is empty where a number belongs"))
        })
    }

    /// A text column that may be NULL (taken out of the row).
    pub fn opt_text(&mut self, i: usize) -> Result<Option<String>, StoreError> {
        match std::mem::replace(self.at(i)?, Val::Null) {
            Val::Null => Ok(None),
            Val::Text(t) => Ok(Some(t)),
            Val::Int(v) => Err(StoreError::Invalid(format!(
                "column {i} holds the number {v} where text belongs"
            ))),
        }
    }

    /// A text column (taken out of the row).
    pub fn text(&mut self, i: usize) -> Result<String, StoreError> {
        self.opt_text(i)?
            .ok_or_else(|| StoreError::Invalid(format!("column {i} is empty where text belongs")))
    }
}

/// Which database a transaction runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file (or memory).
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// Prepared statements of one PostgreSQL connection, by the SQL text the caller gave.
pub(super) type PgStatements = RefCell<HashMap<String, postgres::Statement>>;

enum Inner<'c> {
    Sqlite(rusqlite::Transaction<'c>),
    Postgres {
        tx: RefCell<postgres::Transaction<'c>>,
        statements: &'c PgStatements,
        /// Rows written so far (SQLite counts its own: `total_changes`).
        written: Cell<u64>,
        /// The connection dropped during this transaction (nothing in it can be committed).
        lost: Cell<bool>,
    },
}

/// An open transaction. Dropped without [`Tx::commit`], it rolls back.
pub struct Tx<'c> {
    inner: Inner<'c>,
}

impl rusqlite::ToSql for Arg<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match *self {
            Arg::Null => ValueRef::Null,
            Arg::Int(v) => ValueRef::Integer(v),
            Arg::Text(t) => ValueRef::Text(t.as_bytes()),
        }))
    }
}

impl postgres::types::ToSql for Arg<'_> {
    fn to_sql(
        &self,
        ty: &postgres::types::Type,
        out: &mut postgres::types::private::BytesMut,
    ) -> Result<postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        use postgres::types::{IsNull, Type};
        match *self {
            Arg::Null => Ok(IsNull::Yes),
            // PostgreSQL infers a parameter's type from where it stands (`$2 > 0` is an
            // `integer`); the schema's own columns are all BIGINT.
            Arg::Int(v) if *ty == Type::INT4 => i32::try_from(v)?.to_sql(ty, out),
            Arg::Int(v) if *ty == Type::INT2 => i16::try_from(v)?.to_sql(ty, out),
            Arg::Int(v) if *ty == Type::BOOL => (v != 0).to_sql(ty, out),
            Arg::Int(v) => v.to_sql(ty, out),
            Arg::Text(t) => t.to_sql(ty, out),
        }
    }

    fn accepts(ty: &postgres::types::Type) -> bool {
        use postgres::types::Type;
        [
            Type::INT8,
            Type::INT4,
            Type::INT2,
            Type::BOOL,
            Type::TEXT,
            Type::VARCHAR,
            Type::BPCHAR,
            Type::NAME,
        ]
        .contains(ty)
    }

    postgres::types::to_sql_checked!();
}

/// SQLite's `?N` parameters as PostgreSQL's `$N` (a `?` inside a quoted string stays).
pub(super) fn pg_sql(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            quoted = !quoted;
        }
        if c == '?' && !quoted && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

fn sqlite_row(r: &rusqlite::Row<'_>, n: usize) -> rusqlite::Result<Row> {
    use rusqlite::types::ValueRef;
    let mut vals = Vec::with_capacity(n);
    for i in 0..n {
        vals.push(match r.get_ref(i)? {
            ValueRef::Null => Val::Null,
            ValueRef::Integer(v) => Val::Int(v),
            ValueRef::Text(t) => Val::Text(String::from_utf8_lossy(t).into_owned()),
            other => {
                return Err(rusqlite::Error::InvalidColumnType(
                    i,
                    format!("{:?}", other.data_type()),
                    other.data_type(),
                ))
            }
        });
    }
    Ok(Row(vals))
}

fn pg_row(r: &postgres::Row) -> Result<Row, StoreError> {
    use postgres::types::Type;
    let mut vals = Vec::with_capacity(r.len());
    for (i, col) in r.columns().iter().enumerate() {
        let ty = col.type_();
        let v = if *ty == Type::INT8 {
            r.try_get::<_, Option<i64>>(i)?.map(Val::Int)
        } else if *ty == Type::INT4 {
            r.try_get::<_, Option<i32>>(i)?.map(|v| Val::Int(v.into()))
        } else if *ty == Type::INT2 {
            r.try_get::<_, Option<i16>>(i)?.map(|v| Val::Int(v.into()))
        } else if *ty == Type::BOOL {
            r.try_get::<_, Option<bool>>(i)?.map(|v| Val::Int(v.into()))
        } else {
            r.try_get::<_, Option<String>>(i)?.map(Val::Text)
        };
        vals.push(v.unwrap_or(Val::Null));
    }
    Ok(Row(vals))
}

fn pg_args<'a>(args: &'a [Arg<'a>]) -> Vec<&'a (dyn postgres::types::ToSql + Sync)> {
    args.iter()
        .map(|a| a as &(dyn postgres::types::ToSql + Sync))
        .collect()
}

/// True for a statement that writes rows (counted by [`Tx::written`] on PostgreSQL).
fn writes(sql: &str) -> bool {
    let head = sql.trim_start().get(..6).unwrap_or("").to_ascii_uppercase();
    matches!(head.as_str(), "INSERT" | "UPDATE" | "DELETE")
}

impl<'c> Tx<'c> {
    pub(super) fn sqlite(tx: rusqlite::Transaction<'c>) -> Self {
        Tx {
            inner: Inner::Sqlite(tx),
        }
    }

    pub(super) fn postgres(tx: postgres::Transaction<'c>, statements: &'c PgStatements) -> Self {
        Tx {
            inner: Inner::Postgres {
                tx: RefCell::new(tx),
                statements,
                written: Cell::new(0),
                lost: Cell::new(false),
            },
        }
    }

    /// The database this transaction runs on.
    pub fn backend(&self) -> Backend {
        match self.inner {
            Inner::Sqlite(_) => Backend::Sqlite,
            Inner::Postgres { .. } => Backend::Postgres,
        }
    }

    /// The SQLite transaction, on SQLite (for SQLite-only tests and maintenance).
    pub fn as_sqlite(&self) -> Option<&rusqlite::Transaction<'c>> {
        match &self.inner {
            Inner::Sqlite(t) => Some(t),
            Inner::Postgres { .. } => None,
        }
    }

    /// `sql`'s statement on this connection, prepared once and kept.
    fn pg_statement(
        tx: &mut postgres::Transaction<'c>,
        statements: &PgStatements,
        sql: &str,
    ) -> Result<postgres::Statement, StoreError> {
        if let Some(st) = statements.borrow().get(sql) {
            return Ok(st.clone());
        }
        let st = tx.prepare(&pg_sql(sql))?;
        statements.borrow_mut().insert(sql.to_string(), st.clone());
        Ok(st)
    }

    /// On PostgreSQL: runs `run` on `sql`'s prepared statement, and counts the rows it
    /// reports (`count` of its result) as written when `sql` writes. `None` on SQLite.
    fn on_pg<T>(
        &self,
        sql: &str,
        run: impl FnOnce(
            &mut postgres::Transaction<'c>,
            &postgres::Statement,
        ) -> Result<T, postgres::Error>,
        count: impl FnOnce(&T) -> u64,
    ) -> Option<Result<T, StoreError>> {
        let Inner::Postgres {
            tx,
            statements,
            written,
            lost,
        } = &self.inner
        else {
            return None;
        };
        let mut tx = tx.borrow_mut();
        let out = (|| {
            let st = Self::pg_statement(&mut tx, statements, sql)?;
            let out = run(&mut tx, &st)?;
            if writes(sql) {
                written.set(written.get() + count(&out));
            }
            Ok(out)
        })();
        if matches!(&out, Err(StoreError::Postgres(e)) if e.is_closed()) {
            lost.set(true);
        }
        Some(out)
    }

    /// Runs a statement; returns how many rows it changed.
    pub fn exec(&self, sql: &str, args: &[Arg<'_>]) -> Result<usize, StoreError> {
        if let Inner::Sqlite(t) = &self.inner {
            return Ok(t.prepare_cached(sql)?.execute(args_sqlite(args))?);
        }
        let n = self
            .on_pg(sql, |tx, st| tx.execute(st, &pg_args(args)), |n| *n)
            .unwrap_or(Ok(0))?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Runs a query; returns its rows.
    pub fn query(&self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<Row>, StoreError> {
        if let Inner::Sqlite(t) = &self.inner {
            let mut st = t.prepare_cached(sql)?;
            let n = st.column_count();
            let rows = st
                .query_map(args_sqlite(args), |r| sqlite_row(r, n))?
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(rows);
        }
        let rows = self
            .on_pg(
                sql,
                |tx, st| tx.query(st, &pg_args(args)),
                |rows| rows.len() as u64,
            )
            .unwrap_or(Ok(vec![]))?;
        rows.iter().map(pg_row).collect()
    }

    /// The first row of a query, if any.
    pub fn query_opt(&self, sql: &str, args: &[Arg<'_>]) -> Result<Option<Row>, StoreError> {
        Ok(self.query(sql, args)?.into_iter().next())
    }

    /// The first row of a query, which must have one.
    pub fn query_one(&self, sql: &str, args: &[Arg<'_>]) -> Result<Row, StoreError> {
        self.query_opt(sql, args)?
            .ok_or_else(|| StoreError::Invalid(format!("no row came back from {sql}")))
    }

    /// Runs statements without arguments or results (DDL, savepoints).
    pub fn batch(&self, sql: &str) -> Result<(), StoreError> {
        match &self.inner {
            Inner::Sqlite(t) => Ok(t.execute_batch(sql)?),
            Inner::Postgres { tx, lost, .. } => {
                let r = tx.borrow_mut().batch_execute(sql);
                if r.as_ref().is_err_and(postgres::Error::is_closed) {
                    lost.set(true);
                }
                Ok(r?)
            }
        }
    }

    /// Opens savepoint `name`.
    pub fn savepoint(&self, name: &str) -> Result<(), StoreError> {
        self.control(&format!("SAVEPOINT {name}"))
    }

    /// Undoes everything since savepoint `name` (which stays open).
    pub fn rollback_to(&self, name: &str) -> Result<(), StoreError> {
        self.control(&format!("ROLLBACK TO SAVEPOINT {name}"))
    }

    /// Closes savepoint `name`, keeping its changes in the transaction.
    pub fn release(&self, name: &str) -> Result<(), StoreError> {
        self.control(&format!("RELEASE SAVEPOINT {name}"))
    }

    /// A savepoint statement: on SQLite kept prepared like the request path's other
    /// statements (every request opens and releases one), not parsed again each time.
    fn control(&self, sql: &str) -> Result<(), StoreError> {
        match &self.inner {
            Inner::Sqlite(t) => {
                t.prepare_cached(sql)?.execute([])?;
                Ok(())
            }
            Inner::Postgres { .. } => self.batch(sql),
        }
    }

    /// Runs an `INSERT` into a table whose key is `id` and returns the new row's `id`: on
    /// SQLite the connection's last inserted rowid (a `RETURNING` clause would collect the row
    /// in a temporary table first), on PostgreSQL `RETURNING id`.
    pub fn insert_id(&self, sql: &str, args: &[Arg<'_>]) -> Result<i64, StoreError> {
        match &self.inner {
            Inner::Sqlite(t) => {
                t.prepare_cached(sql)?.execute(args_sqlite(args))?;
                Ok(t.last_insert_rowid())
            }
            Inner::Postgres { .. } => self.query_one(&format!("{sql} RETURNING id"), args)?.int(0),
        }
    }

    /// Rows written so far in this transaction (only compared with an earlier reading: equal
    /// means nothing was written in between; rolled-back writes still count).
    pub fn written(&self) -> u64 {
        match &self.inner {
            Inner::Sqlite(t) => t.total_changes(),
            Inner::Postgres { written, .. } => written.get(),
        }
    }

    /// False once the database has ended the transaction by itself (SQLite rolls everything
    /// back after some I/O errors; a PostgreSQL connection can drop).
    pub fn is_open(&self) -> bool {
        match &self.inner {
            Inner::Sqlite(t) => !t.is_autocommit(),
            // No round trip: a statement that met a dropped connection said so.
            Inner::Postgres { lost, .. } => !lost.get(),
        }
    }

    /// Commits.
    pub fn commit(self) -> Result<(), StoreError> {
        match self.inner {
            Inner::Sqlite(t) => Ok(t.commit()?),
            Inner::Postgres { tx, .. } => Ok(tx.into_inner().commit()?),
        }
    }

    /// Rolls back.
    pub fn rollback(self) -> Result<(), StoreError> {
        match self.inner {
            Inner::Sqlite(t) => Ok(t.rollback()?),
            Inner::Postgres { tx, .. } => Ok(tx.into_inner().rollback()?),
        }
    }
}

fn args_sqlite<'a>(args: &'a [Arg<'a>]) -> rusqlite::ParamsFromIter<std::slice::Iter<'a, Arg<'a>>> {
    rusqlite::params_from_iter(args.iter())
}

#[cfg(test)]
mod tests {
    use super::pg_sql;

    #[test]
    fn numbered_parameters_become_dollars_outside_quotes() {
        assert_eq!(
            pg_sql("SELECT a FROM t WHERE b = ?1 AND c = '?2' AND d = ?12"),
            "SELECT a FROM t WHERE b = $1 AND c = '?2' AND d = $12"
        );
    }
}
