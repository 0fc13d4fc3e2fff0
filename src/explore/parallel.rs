//! Exhaustive search on several threads. Each worker runs a depth-first
//! search on its own stack of states still to expand; all share one set of
//! visited fingerprints (sharded, so that workers rarely wait for each
//! other), so every reachable state is expanded exactly once in all and a
//! complete search counts the same states as the sequential one. A worker
//! whose stack runs dry takes work from a shared pool, which busy workers
//! fill with the oldest (shallowest, so largest) half of their stack
//! whenever someone waits. The search ends when every worker waits and
//! the pool is empty, or at the first violation or bound.
//!
//! Which violation is found first depends on timing when a program has
//! several; the verdict "ok" and the state count of a complete search do
//! not.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

use rustc_hash::FxHashSet;

use super::{
    ExploreOptions, Races, Report, Verdict, blocked_threads, bound_hit, transition, violation,
    writers,
};
use crate::interp::{self, VmError};
use crate::state::{State, ThreadId};

const SHARDS: usize = 64;

/// The schedule to a state, shared by its descendants.
struct PathNode {
    via: Vec<ThreadId>,
    parent: Option<Arc<PathNode>>,
}

fn witness(path: &Option<Arc<PathNode>>, last: &[ThreadId]) -> Vec<ThreadId> {
    let mut chunks = vec![last];
    let mut p = path.as_deref();
    while let Some(n) = p {
        chunks.push(&n.via);
        p = n.parent.as_deref();
    }
    chunks.into_iter().rev().flatten().copied().collect()
}

struct Item {
    state: State,
    depth: u64,
    path: Option<Arc<PathNode>>,
}

struct Pool {
    items: Vec<Item>,
    waiting: usize,
    finished: bool,
}

struct Shared<'a> {
    opts: &'a ExploreOptions,
    writers: writers::Writers,
    start: Instant,
    jobs: usize,
    visited: Vec<Mutex<FxHashSet<u128>>>,
    pool: Mutex<Pool>,
    wake: Condvar,
    /// Workers waiting for work (read without the lock to decide sharing).
    waiting: AtomicUsize,
    stop: AtomicBool,
    found: Mutex<Option<(Verdict, Vec<ThreadId>)>>,
    races: Races,
    incomplete: Mutex<Option<String>>,
    error: Mutex<Option<VmError>>,
    states: AtomicU64,
    transitions: AtomicU64,
    max_depth: AtomicU64,
}

impl Shared<'_> {
    fn insert(&self, fp: u128) -> bool {
        self.visited[(fp as usize) % SHARDS]
            .lock()
            .expect("lock")
            .insert(fp)
    }

    fn halt(&self) {
        self.stop.store(true, Ordering::SeqCst);
        let mut p = self.pool.lock().expect("lock");
        p.finished = true;
        self.wake.notify_all();
    }

    fn report(&self, v: Verdict, w: Vec<ThreadId>) {
        let mut f = self.found.lock().expect("lock");
        if f.is_none() {
            *f = Some((v, w));
        }
        drop(f);
        self.halt();
    }

    /// Work from the pool, waiting for it; `None` when the search is over.
    fn take(&self) -> Option<Item> {
        let mut p = self.pool.lock().expect("lock");
        loop {
            if p.finished {
                return None;
            }
            if let Some(i) = p.items.pop() {
                return Some(i);
            }
            p.waiting += 1;
            self.waiting.store(p.waiting, Ordering::SeqCst);
            if p.waiting == self.jobs {
                // Nobody works and nothing is left: done.
                p.finished = true;
                self.wake.notify_all();
                return None;
            }
            p = self.wake.wait(p).expect("lock");
            p.waiting -= 1;
            self.waiting.store(p.waiting, Ordering::SeqCst);
        }
    }

    /// Gives the oldest half of `local` to waiting workers.
    fn share(&self, local: &mut Vec<Item>) {
        if local.len() < 2 || self.waiting.load(Ordering::Relaxed) == 0 {
            return;
        }
        let mut p = self.pool.lock().expect("lock");
        if !p.items.is_empty() {
            return;
        }
        let half = local.len() / 2;
        p.items.extend(local.drain(..half));
        self.wake.notify_all();
    }

    fn work(&self, progress: &mut dyn FnMut(u64, u64, u64)) {
        if let Err(e) = self.work_inner(progress) {
            self.error.lock().expect("lock").get_or_insert(e);
            self.halt();
        }
    }

    fn work_inner(&self, progress: &mut dyn FnMut(u64, u64, u64)) -> Result<(), VmError> {
        let opts = self.opts;
        let mut local: Vec<Item> = Vec::new();
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let Some(item) = local.pop().or_else(|| self.take()) else {
                return Ok(());
            };
            let s = &item.state;
            let mut moved = false;
            let mut children = Vec::new();
            for th in s.running_threads() {
                let mut k = 0;
                let spurious = interp::wakes_spuriously(s, th);
                let Some(next) = transition(s, th, opts, &self.writers, &mut k)? else {
                    continue;
                };
                moved |= !spurious;
                self.transitions.fetch_add(1, Ordering::Relaxed);
                let via = vec![th; k as usize];
                if let Some(v) = violation(s, &next, opts) {
                    self.max_depth.fetch_max(item.depth + 1, Ordering::Relaxed);
                    self.report(v, witness(&item.path, &via));
                    return Ok(());
                }
                if !self.insert(super::fingerprint::of(&next)) {
                    continue;
                }
                let states = self.states.fetch_add(1, Ordering::Relaxed) + 1;
                let depth = item.depth + 1;
                self.max_depth.fetch_max(depth, Ordering::Relaxed);
                if let Some((v, w)) = self.races.check(&next, opts, || witness(&item.path, &via)) {
                    self.report(v, w);
                    return Ok(());
                }
                if states.is_multiple_of(4096) {
                    progress(
                        states,
                        self.transitions.load(Ordering::Relaxed),
                        self.max_depth.load(Ordering::Relaxed),
                    );
                }
                if let Some(r) = bound_hit(opts, &self.start, states, depth) {
                    self.incomplete.lock().expect("lock").get_or_insert(r);
                    if opts.max_depth.is_some_and(|d| depth >= d) {
                        continue;
                    }
                    self.halt();
                    return Ok(());
                }
                children.push((next, via));
            }
            if !moved && super::reports_deadlock(s, opts) {
                let threads = blocked_threads(s);
                self.report(Verdict::Deadlock { threads }, witness(&item.path, &[]));
                return Ok(());
            }
            // Lowest thread number on top, as in the sequential search.
            for (state, via) in children.into_iter().rev() {
                local.push(Item {
                    state,
                    depth: item.depth + 1,
                    path: Some(Arc::new(PathNode {
                        via,
                        parent: item.path.clone(),
                    })),
                });
            }
            self.share(&mut local);
        }
    }
}

pub(super) fn explore(
    init: &State,
    opts: &ExploreOptions,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> Result<Report, VmError> {
    let jobs = opts.jobs.max(1);
    let shared = Shared {
        opts,
        writers: writers::Writers::new(&init.classes),
        start: Instant::now(),
        jobs,
        visited: (0..SHARDS).map(|_| Mutex::default()).collect(),
        pool: Mutex::new(Pool {
            items: Vec::new(),
            waiting: 0,
            finished: false,
        }),
        wake: Condvar::new(),
        waiting: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        found: Mutex::new(None),
        races: Races::default(),
        incomplete: Mutex::new(None),
        error: Mutex::new(None),
        states: AtomicU64::new(1),
        transitions: AtomicU64::new(0),
        max_depth: AtomicU64::new(0),
    };
    shared.insert(super::fingerprint::of(init));
    shared.pool.lock().expect("lock").items.push(Item {
        state: init.clone(),
        depth: 0,
        path: None,
    });
    crate::parallel::workers(
        jobs,
        || shared.work(progress),
        || shared.work(&mut |_, _, _| {}),
    );
    if let Some(e) = shared.error.into_inner().expect("lock") {
        return Err(e);
    }
    if let Some((v, w)) = shared.races.check(init, opts, Vec::new) {
        return Ok(Report::new(v, w, 1, 0, 0, &shared.start));
    }
    let (verdict, witness) = match shared.found.into_inner().expect("lock") {
        Some(f) => f,
        None => match shared.incomplete.into_inner().expect("lock") {
            Some(reason) => (Verdict::Incomplete { reason }, Vec::new()),
            None => (Verdict::Ok, Vec::new()),
        },
    };
    Ok(shared.races.fold(Report::new(
        verdict,
        witness,
        shared.states.into_inner(),
        shared.transitions.into_inner(),
        shared.max_depth.into_inner(),
        &shared.start,
    )))
}
