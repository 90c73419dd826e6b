//! An async handle to the table service for the Discord front end.
//!
//! SQLite calls block, so they never run on the tokio runtime: a small pool of dedicated
//! threads each owns its own connection. Requests are routed by channel (hash % workers), so
//! one channel's actions run in order on one thread while other channels proceed in
//! parallel; SQLite's write lock (BEGIN IMMEDIATE + busy_timeout) orders the commits.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

use tokio::sync::oneshot;

use super::{Table, TableError};

type Job = Box<dyn FnOnce(&mut Table) + Send>;

/// A cloneable async handle over worker threads that own [`Table`]s.
#[derive(Clone)]
pub struct TableHandle {
    workers: Vec<mpsc::Sender<Job>>,
    threads: Arc<Mutex<Vec<thread::JoinHandle<()>>>>,
}

impl TableHandle {
    /// Starts one worker thread per table (each should have its own connection to the same file).
    pub fn start(tables: Vec<Table>) -> TableHandle {
        let mut threads = Vec::new();
        let workers = tables
            .into_iter()
            .enumerate()
            .map(|(i, mut table)| {
                let (tx, rx) = mpsc::channel::<Job>();
                thread::Builder::new()
                    .name(format!("croupier-db-{i}"))
                    .spawn(move || {
                        while let Ok(job) = rx.recv() {
                            job(&mut table);
                        }
                    })
                    .map(|t| (tx, t))
            })
            .filter_map(Result::ok)
            .map(|(tx, t)| {
                threads.push(t);
                tx
            })
            .collect();
        TableHandle {
            workers,
            threads: Arc::new(Mutex::new(threads)),
        }
    }

    /// Runs `f` on the worker that owns `channel` and awaits its result.
    pub async fn call<R, F>(&self, channel: &str, f: F) -> Result<R, TableError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Table) -> Result<R, TableError> + Send + 'static,
    {
        let mut h = DefaultHasher::new();
        channel.hash(&mut h);
        let n = self.workers.len().max(1);
        let idx = (h.finish() % n as u64) as usize;
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |t| {
            let _ = tx.send(f(t));
        });
        let closed = || TableError::Closed;
        self.workers
            .get(idx)
            .ok_or_else(closed)?
            .send(job)
            .map_err(|_| closed())?;
        rx.await.map_err(|_| closed())?
    }

    /// Stops the workers after the jobs already queued (connections close as tables drop).
    /// The last handle to shut down waits for the worker threads to finish.
    pub fn shutdown(self) {
        drop(self.workers);
        if let Ok(m) = Arc::try_unwrap(self.threads) {
            for t in m.into_inner().unwrap_or_default() {
                let _ = t.join();
            }
        }
    }
}
