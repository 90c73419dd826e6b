//! The quick dice path really is allocation-free: a counting allocator watches this thread
//! while small expressions are parsed and rolled.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static WATCH: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if WATCH.with(Cell::get) {
            COUNT.with(|c| c.set(c.get() + 1));
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Allocations made on this thread while `f` runs.
fn allocations(f: impl FnOnce()) -> usize {
    COUNT.with(|c| c.set(0));
    WATCH.with(|w| w.set(true));
    f();
    WATCH.with(|w| w.set(false));
    COUNT.with(Cell::get)
}

#[test]
fn quick_parse_and_roll_allocates_nothing() {
    let mut rng = croupier::rng::seeded(3);
    for expr in [
        "2d6+4",
        "1d20-3",
        "4d6kh3",
        "3d10+5d100-21+7",
        "32d6",
        "d%+2d20kl1",
    ] {
        let n = allocations(|| {
            let q = croupier::dice::quick(expr, &mut rng).expect(expr);
            assert!(q.dice().count() > 0);
            std::hint::black_box(q.total());
        });
        assert_eq!(n, 0, "{expr}");
    }
    // The watch works: the full path, which builds a `Roll`, does allocate.
    let n = allocations(|| {
        std::hint::black_box(croupier::dice::roll("2d6+4", &mut rng).unwrap());
    });
    assert!(n > 0);
}
