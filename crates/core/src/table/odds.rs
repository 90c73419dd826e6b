//! The chance of `/roll … target:` (shown as "needs 9+: 27.8%", in the reader's language:
//! [`Chance::line`]), computed once per expression and target and kept. Computing odds is pure work that can take tens of milliseconds within its
//! budget (`croupier_dice::odds`); the async front end computes it on tokio's blocking pool
//! before the request reaches the writer ([`super::TableHandle::handle`]), so the writer, which
//! every channel's requests wait for, only looks the line up.

use std::collections::HashSet;
use std::sync::{Arc, LazyLock, Mutex};

use crate::dice;

use super::builtins::RollCommand;
use super::command::Command;
use super::declare::Commands;
use super::engine::{Input, Request};
use super::said::{dice_error, dice_words, Chance};

/// Lines kept (each a short string).
const KEPT: usize = 4_096;

static LINES: LazyLock<quick_cache::sync::Cache<(String, i64), Arc<Chance>>> =
    LazyLock::new(|| quick_cache::sync::Cache::new(KEPT));

/// The name of the writer's thread (see `handle.rs`).
pub(super) const WRITER_THREAD: &str = "croupier-db-writer";

/// Expressions whose odds were computed on the writer (kept for tests).
static ON_WRITER: LazyLock<Mutex<HashSet<String>>> = LazyLock::new(Default::default);

/// The chance of `expr` reaching `t`: the percentage, what the odds leave out, or why there
/// are none (never dropped silently).
pub fn line(expr: &str, t: i64) -> Arc<Chance> {
    let key = (expr.to_string(), t);
    if let Some(l) = LINES.get(&key) {
        return l;
    }
    if std::thread::current().name() == Some(WRITER_THREAD) {
        if let Ok(mut seen) = ON_WRITER.lock() {
            seen.insert(expr.to_string());
        }
    }
    let l = Arc::new(compute(expr, t));
    LINES.insert(key, l.clone());
    l
}

fn compute(expr: &str, t: i64) -> Chance {
    match dice::odds(expr) {
        Ok(d) => {
            let note = d
                .note()
                .map(|_| dice_words(|l| d.note_in(l).unwrap_or_default()));
            // Exact odds (nothing left out): a target past the highest result is said.
            let unreachable_past = match (&note, d.max()) {
                (None, Some(max)) if t > max => Some(max),
                _ => None,
            };
            Chance::Known {
                target: t,
                percent: dice::percent(d.prob_at_least(t)),
                note,
                unreachable_past,
            }
        }
        Err(e) => Chance::Unknown {
            target: t,
            reason: dice_error(&e),
        },
    }
}

/// The expression and target of a `/roll … target:` request, whose chance line is wanted.
pub fn wanted(req: &Request) -> Option<(String, i64)> {
    let Input::Command(cmd) = &req.input else {
        return None;
    };
    roll_target(cmd)
}

fn roll_target(cmd: &Command) -> Option<(String, i64)> {
    if cmd.root() != "roll" {
        return None;
    }
    let r = RollCommand::from_command(cmd).ok()?;
    Some((r.expr, r.target?))
}

/// Whether `expr`'s odds were ever computed on the writer's thread (tests).
pub fn computed_on_writer(expr: &str) -> bool {
    ON_WRITER.lock().is_ok_and(|s| s.contains(expr))
}
