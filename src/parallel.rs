//! m5's worker threads, all from rayon pools with m5's stack size: `map`
//! spreads independent work items (results in index order, whatever order
//! they finished in), `workers` runs one long-lived worker per job beside
//! the calling thread's own (the searches' workers, which share their work
//! themselves and may wait for each other, so each gets a thread of its
//! own), and `spawn` starts the one thread a command runs on.

use std::thread::{Scope, ScopedJoinHandle};

use rayon::prelude::*;

/// The stack of every thread m5 starts (the command itself runs on one,
/// too). Every recursion over input is bounded (expressions nest at most
/// `invariant::parse::MAX_NESTING` levels, ...) or iterative; this leaves
/// those bounds a wide margin in any build, where a default thread's 2 MiB
/// would not. Only the pages used are committed.
pub const STACK_SIZE: usize = 64 << 20;

/// `sc.spawn(f)` with a STACK_SIZE stack: the thread a command runs on.
pub fn spawn<'scope, 'env, T: Send + 'scope>(
    sc: &'scope Scope<'scope, 'env>,
    f: impl FnOnce() -> T + Send + 'scope,
) -> ScopedJoinHandle<'scope, T> {
    std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn_scoped(sc, f)
        .expect("start a thread")
}

/// A pool of `threads` (at least one) threads with STACK_SIZE stacks.
pub fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .stack_size(STACK_SIZE)
        .thread_name(|i| format!("m5-worker-{i}"))
        .build()
        .expect("start worker threads")
}

/// `f(0), ..., f(n - 1)` on `jobs` threads (at least one), in index order;
/// items are taken one at a time, so the caller's order (big items first)
/// is the order they start in.
pub fn map<T: Send>(n: usize, jobs: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let jobs = jobs.clamp(1, n.max(1));
    if jobs == 1 {
        return (0..n).map(f).collect();
    }
    let f = &f;
    pool(jobs).install(|| (0..n).into_par_iter().with_max_len(1).map(f).collect())
}

/// Runs `here` on the calling thread and `other` on `jobs - 1` threads of
/// their own at the same time, and returns when all have returned.
pub fn workers(jobs: usize, here: impl FnOnce(), other: impl Fn() + Sync) {
    if jobs <= 1 {
        return here();
    }
    let pool = pool(jobs - 1);
    pool.in_place_scope(|sc| {
        for _ in 1..jobs {
            sc.spawn(|_| other());
        }
        here();
    });
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn map_keeps_index_order_and_workers_run_side_by_side() {
        assert_eq!(super::map(100, 4, |i| i * i)[99], 99 * 99);
        assert_eq!(super::map(0, 4, |i| i), Vec::<usize>::new());
        // Workers that wait for each other: each must have a thread.
        let arrived = AtomicUsize::new(0);
        let meet = || {
            arrived.fetch_add(1, Ordering::SeqCst);
            while arrived.load(Ordering::SeqCst) < 4 {
                std::thread::yield_now();
            }
        };
        super::workers(4, meet, meet);
        assert_eq!(arrived.load(Ordering::SeqCst), 4);
    }
}
