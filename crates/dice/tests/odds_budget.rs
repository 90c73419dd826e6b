//! Issue #39, "one roll can stall the whole bot": exact odds ran on the database writer with
//! no memory budget (`10d999999!! target:10` held 440 MB and spent 1.85 s before giving up).
//! Odds now keep to a work and a memory budget and say "too costly to compute exactly"
//! instead; a counting allocator watches the peak memory this thread holds while they run.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use croupier_dice::dice::{self, DiceError};

struct Peak;

thread_local! {
    static WATCH: Cell<bool> = const { Cell::new(false) };
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn track(delta: isize) {
    if WATCH.with(Cell::get) {
        let live = LIVE.with(|l| {
            l.set(l.get() + delta);
            l.get()
        });
        PEAK.with(|p| p.set(p.get().max(live)));
    }
}

unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        track(layout.size() as isize);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        track(-(layout.size() as isize));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        track(new_size as isize - layout.size() as isize);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOC: Peak = Peak;

/// The most bytes this thread held at once while `f` ran (above what it held before).
fn peak_bytes<T>(f: impl FnOnce() -> T) -> (T, usize) {
    LIVE.with(|l| l.set(0));
    PEAK.with(|p| p.set(0));
    WATCH.with(|w| w.set(true));
    let out = f();
    WATCH.with(|w| w.set(false));
    (out, PEAK.with(Cell::get).max(0) as usize)
}

const MB: usize = 1 << 20;

/// The memory budget: a table holds at most 2^20 results of 16 bytes (16 MB), and a
/// computation holds at most five such tables at once.
const BUDGET: usize = 80 * MB;

/// The odds of `expr` and the peak memory they held; time and peak are printed (not
/// checked against a clock: a test machine's speed varies).
fn measured(expr: &str) -> (Result<dice::Distribution, DiceError>, usize) {
    let start = std::time::Instant::now();
    let (out, peak) = peak_bytes(|| dice::odds(expr));
    eprintln!(
        "{expr}: {} in {:?}, peak {:.1} MB",
        if out.is_ok() { "computed" } else { "refused" },
        start.elapsed(),
        peak as f64 / MB as f64
    );
    (out, peak)
}

#[test]
fn one_roll_cannot_stall_the_bot_10d999999_compounding_is_too_costly_within_80_mb() {
    // Measured on 1caa0ed: 1.85 s of CPU and 440 MB before the refusal.
    let (out, peak) = measured("10d999999!!");
    let e = out.unwrap_err();
    assert!(matches!(e, DiceError::OddsTooLarge { .. }), "{e:?}");
    assert!(
        e.to_string().contains("too costly to compute exactly"),
        "{e}"
    );
    assert!(peak < BUDGET, "peak {} MB", peak / MB);
}

#[test]
fn odds_keep_to_the_memory_budget_whatever_the_expression() {
    // Each is refused or computed, never more than the budget held at once.
    for expr in [
        "1d1000000!!",
        "1d999999!!+1",
        "1d1000000!",
        "1d1000000xo",
        "1d1000000ra",
        "1d1000000r<500000!!",
        "2d1000000kh1",
        "{1d1000000, 1d1000000}kh1",
        "1d1000*1000000 + 1d1000*1000 + 1d1000",
        "floor(1d1000000 / 1d7)",
        "(1d1000)d1000",
        "1000d1000",
    ] {
        let (out, peak) = measured(expr);
        if let Err(e) = &out {
            assert!(
                !matches!(e, DiceError::OddsTooLarge { .. })
                    || e.to_string().contains("too costly to compute exactly"),
                "{expr}: {e}"
            );
        }
        assert!(peak < BUDGET, "{expr}: peak {} MB", peak / MB);
    }
}

#[test]
fn a_million_sided_die_gets_exact_odds_within_the_budget() {
    // 1,000,000 sides is the notation's limit. Before the budget `1d1000000` held 79 MB.
    for expr in ["1d1000000", "abs(1d1000000 - 500000)", "1d1000000+7"] {
        let (out, peak) = measured(expr);
        let d = out.unwrap();
        assert_eq!(d.note(), None, "{expr}");
        assert!(peak < BUDGET, "{expr}: peak {} MB", peak / MB);
    }
    let d = dice::odds("1d1000000").unwrap();
    assert_eq!(dice::percent(d.prob_at_least(500_001)), "50.0%");
}
