//! One way to spread independent work over threads: indices are handed out
//! one at a time (big items first is the caller's order), and the results
//! come back in index order, whatever order they finished in.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::{Scope, ScopedJoinHandle};

/// The stack of every thread m5 starts (the command itself runs on one,
/// too). Every recursion over input is bounded (expressions nest at most
/// `invariant::parse::MAX_NESTING` levels, ...) or iterative; this leaves
/// those bounds a wide margin in any build, where a default thread's 2 MiB
/// would not. Only the pages used are committed.
pub const STACK_SIZE: usize = 64 << 20;

/// `sc.spawn(f)` with a STACK_SIZE stack.
pub fn spawn<'scope, 'env, T: Send + 'scope>(
    sc: &'scope Scope<'scope, 'env>,
    f: impl FnOnce() -> T + Send + 'scope,
) -> ScopedJoinHandle<'scope, T> {
    std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn_scoped(sc, f)
        .expect("start a thread")
}

/// `f(0), ..., f(n - 1)` on `jobs` threads (at least one), in index order.
pub fn map<T: Send>(n: usize, jobs: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(n));
    std::thread::scope(|sc| {
        for _ in 0..jobs.clamp(1, n.max(1)) {
            spawn(sc, || {
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    if k >= n {
                        break;
                    }
                    let r = f(k);
                    done.lock().expect("lock").push((k, r));
                }
            });
        }
    });
    let mut done = done.into_inner().expect("lock");
    done.sort_by_key(|(k, _)| *k);
    done.into_iter().map(|(_, r)| r).collect()
}
