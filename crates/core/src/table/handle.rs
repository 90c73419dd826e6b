//! An async handle to the table service for the Discord front end.
//!
//! Store calls (SQLite or PostgreSQL) block, so they never run on the tokio runtime: dedicated threads each own
//! their own connection. **One writer** applies every state-changing request, with group
//! commit: it applies every request queued (of any channels, up to [`MAX_GROUP`]), each in its
//! own savepoint of one transaction ([`Group`]), taking those that arrive meanwhile too, and
//! commits when the queue is empty: once (one fsync under `synchronous=FULL`), then answers all
//! of them. When the queue holds one request it is committed at once, so latency at low load
//! does not grow; under load, requests that arrive during one commit share the next. A single writer also
//! means no two connections wait on SQLite's write lock (its busy handler sleeps).
//!
//! The other tables, if any, are **readers** for lookups that write nothing ([`Self::read`]:
//! autocomplete, button ids, the next wake-up); WAL lets them read while the writer commits.
//! They see only committed data, which is all any answer was made from.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use super::{Group, Outcome, Request, Table, TableError, Trouble};

/// The most requests one group commit takes (the rest wait for the next).
pub const MAX_GROUP: usize = 256;

type Call = Box<dyn FnOnce(&mut Table) + Send>;
/// What to do once the group's commit is known: `None` = committed, `Some(e)` = not saved.
type Finish = Box<dyn FnOnce(Option<&TableError>) + Send>;
/// One part of a group commit; called with the group, or with why no group could be opened.
type Part = Box<dyn FnOnce(Result<&mut Group<'_>, &TableError>) -> Finish + Send>;

/// How a group commit ended (see [`GroupReport`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupEnd {
    /// Committed: something was written (one fsync).
    Committed,
    /// Nothing was written (views, refusals, duplicates): ended without a commit.
    NothingWritten,
    /// Not saved: the transaction could not be opened or committed, or SQLite rolled it back.
    Failed,
}

/// What the writer reports after each group (for metrics): how many requests it held, how it
/// ended, and how long it took from its first request to its end.
#[derive(Debug, Clone, Copy)]
pub struct GroupReport {
    /// Requests applied in the group.
    pub requests: usize,
    /// How it ended.
    pub end: GroupEnd,
    /// From opening the transaction to the end of its commit.
    pub took: Duration,
}

/// Called by the writer thread after each group; it must be quick (it holds the writer).
pub type OnGroup = Arc<dyn Fn(GroupReport) + Send + Sync>;

enum Job {
    /// Runs alone on the writer's table (between groups).
    Call(Call),
    /// Runs inside the next group commit.
    Part(Part),
}

/// A cloneable async handle over the writer and reader threads that own [`Table`]s.
#[derive(Clone)]
pub struct TableHandle {
    writer: mpsc::Sender<Job>,
    readers: Vec<mpsc::Sender<Call>>,
    threads: Arc<Mutex<Vec<thread::JoinHandle<()>>>>,
}

fn closed() -> TableError {
    TableError::Closed
}

impl TableHandle {
    /// Starts the threads: the first table is the writer, the others (each with its own
    /// connection to the same file) serve [`Self::read`]. With one table it does everything.
    pub fn start(tables: Vec<Table>) -> TableHandle {
        Self::start_reporting(tables, Arc::new(|_| {}))
    }

    /// [`Self::start`], calling `on_group` after each group commit (a front end's metrics).
    pub fn start_reporting(tables: Vec<Table>, on_group: OnGroup) -> TableHandle {
        let mut threads = Vec::new();
        let mut tables = tables.into_iter();
        let (writer, rx) = mpsc::channel::<Job>();
        let first = tables.next();
        // The readers see the writer's cache of typed states (it holds committed states only).
        let tables: Vec<Table> = match &first {
            Some(w) => tables.map(|t| t.sharing_states(w)).collect(),
            None => Vec::new(),
        };
        if let Some(mut table) = first {
            if let Ok(t) = thread::Builder::new()
                .name(super::odds::WRITER_THREAD.into())
                .spawn(move || write_loop(&mut table, &rx, &*on_group))
            {
                threads.push(t);
            }
        }
        let readers = tables
            .into_iter()
            .enumerate()
            .filter_map(|(i, mut table)| {
                let (tx, rx) = mpsc::channel::<Call>();
                let t = thread::Builder::new()
                    .name(format!("croupier-db-read-{i}"))
                    .spawn(move || {
                        while let Ok(job) = rx.recv() {
                            job(&mut table);
                        }
                    })
                    .ok()?;
                threads.push(t);
                Some(tx)
            })
            .collect();
        TableHandle {
            writer,
            readers,
            threads: Arc::new(Mutex::new(threads)),
        }
    }

    /// Runs `f` alone on the writer's table (between group commits) and awaits its result.
    /// `f` manages its own transactions; use it for work that is not a request. (`_channel`
    /// is kept for callers: every call runs on the one writer, in queue order.)
    pub async fn call<R, F>(&self, _channel: &str, f: F) -> Result<R, TableError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Table) -> Result<R, TableError> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let job = Job::Call(Box::new(move |t| {
            let _ = tx.send(f(t));
        }));
        self.writer.send(job).map_err(|_| closed())?;
        rx.await.map_err(|_| closed())?
    }

    /// Runs `f` inside the writer's next group commit and answers **after that commit**: its
    /// result, or an error if the commit failed (then nothing `f` did was saved).
    pub async fn apply<R, F>(&self, f: F) -> Result<R, TableError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Group<'_>) -> Result<R, TableError> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let part: Part = Box::new(move |group| {
            let r = match group {
                Ok(g) => f(g),
                Err(e) => Err(TableError::NotSaved(e.to_string(), e.trouble())),
            };
            Box::new(move |commit: Option<&TableError>| {
                let _ = tx.send(match commit {
                    None => r,
                    Some(e) => Err(TableError::NotSaved(e.to_string(), e.trouble())),
                });
            })
        });
        self.writer.send(Job::Part(part)).map_err(|_| closed())?;
        rx.await.map_err(|_| closed())?
    }

    /// Applies one request in a group commit; answered once it is durable (after
    /// [`Self::prepare`]).
    pub async fn handle(&self, req: Request) -> Result<Outcome, TableError> {
        self.prepare(&req).await;
        self.apply(move |g| g.handle(&req)).await
    }

    /// Does the pure work `req` will need (the chance line of `/roll … target:`) on tokio's
    /// blocking pool and keeps it, so the writer every channel waits for only looks it up.
    /// Call it before applying a request through [`Self::apply`].
    pub async fn prepare(&self, req: &Request) {
        if let Some((expr, t)) = super::odds::wanted(req) {
            let _ = tokio::task::spawn_blocking(move || super::odds::line(&expr, t)).await;
        }
    }

    /// Runs `f`, which must write nothing, on a reader (by channel), or on the writer when
    /// there is no reader.
    pub async fn read<R, F>(&self, channel: &str, f: F) -> Result<R, TableError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Table) -> Result<R, TableError> + Send + 'static,
    {
        if self.readers.is_empty() {
            return self.call(channel, f).await;
        }
        let mut h = DefaultHasher::new();
        channel.hash(&mut h);
        let idx = (h.finish() % self.readers.len() as u64) as usize;
        let (tx, rx) = oneshot::channel();
        let job: Call = Box::new(move |t| {
            let _ = tx.send(f(t));
        });
        self.readers
            .get(idx)
            .ok_or_else(closed)?
            .send(job)
            .map_err(|_| closed())?;
        rx.await.map_err(|_| closed())?
    }

    /// One round trip to the writer's database (`SELECT 1`), queued like any job: `Ok` when
    /// the store thread answers (for health checks; a caller bounds the wait).
    pub async fn ping(&self) -> Result<(), TableError> {
        self.call("ping", |t| Ok(t.store().ping()?)).await
    }

    /// Stops the threads after the jobs already queued (connections close as tables drop).
    /// The last handle to shut down waits for the threads to finish.
    pub fn shutdown(self) {
        drop(self.writer);
        drop(self.readers);
        if let Ok(m) = Arc::try_unwrap(self.threads) {
            for t in m.into_inner().unwrap_or_default() {
                let _ = t.join();
            }
        }
    }
}

/// Applies `first` and then every part still queued (up to [`MAX_GROUP`]) in one
/// transaction, commits once, then answers them all. Parts that arrive while the group is being
/// applied join it, so the queue is empty when it commits: no request waits a whole commit
/// that it could have shared. A call stops the group (it runs after the commit, in queue
/// order) and is returned.
fn run_group(
    table: &mut Table,
    first: Part,
    rx: &mpsc::Receiver<Job>,
    on_group: &(dyn Fn(GroupReport) + Send + Sync),
) -> Option<Job> {
    let began = Instant::now();
    let mut group = match table.group() {
        Ok(g) => g,
        Err(e) => {
            first(Err(&e))(None);
            on_group(GroupReport {
                requests: 1,
                end: GroupEnd::Failed,
                took: began.elapsed(),
            });
            return None;
        }
    };
    let mut finishes = vec![first(Ok(&mut group))];
    let mut next = None;
    // SQLite rolls the whole transaction back on an I/O error: nothing in it was saved, and
    // the parts still queued go into a new group.
    while group.is_open() && finishes.len() < MAX_GROUP {
        match rx.try_recv() {
            Ok(Job::Part(p)) => finishes.push(p(Ok(&mut group))),
            Ok(call) => {
                next = Some(call);
                break;
            }
            Err(_) => break,
        }
    }
    let wrote = group.wrote();
    let commit = if group.is_open() {
        group.commit()
    } else {
        drop(group);
        Err(TableError::NotSaved(
            "the database rolled the transaction back".into(),
            Trouble::Other,
        ))
    };
    on_group(GroupReport {
        requests: finishes.len(),
        end: match (&commit, wrote) {
            (Err(_), _) => GroupEnd::Failed,
            (Ok(()), true) => GroupEnd::Committed,
            (Ok(()), false) => GroupEnd::NothingWritten,
        },
        took: began.elapsed(),
    });
    match &commit {
        Ok(()) => finishes.into_iter().for_each(|f| f(None)),
        Err(e) => finishes.into_iter().for_each(|f| f(Some(e))),
    }
    next
}

/// The writer: runs queued requests as group commits and calls alone between them, in queue
/// order, until every handle is gone.
fn write_loop(
    table: &mut Table,
    rx: &mpsc::Receiver<Job>,
    on_group: &(dyn Fn(GroupReport) + Send + Sync),
) {
    let mut next = None;
    loop {
        let job = match next.take() {
            Some(j) => j,
            None => match rx.recv() {
                Ok(j) => j,
                Err(_) => return,
            },
        };
        match job {
            Job::Call(c) => c(table),
            Job::Part(p) => next = run_group(table, p, rx, on_group),
        }
    }
}
