//! One way to spread independent work over threads: indices are handed out
//! one at a time (big items first is the caller's order), and the results
//! come back in index order, whatever order they finished in.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `f(0), ..., f(n - 1)` on `jobs` threads (at least one), in index order.
pub fn map<T: Send>(n: usize, jobs: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(n));
    std::thread::scope(|sc| {
        for _ in 0..jobs.clamp(1, n.max(1)) {
            sc.spawn(|| {
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
