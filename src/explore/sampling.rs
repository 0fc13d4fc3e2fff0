//! Sampling strategies: many single executions, each under a seeded
//! scheduler, for programs too large to search exhaustively.
//!
//! - `random`: at every scheduling point a thread that can move, uniformly
//!   (a random permutation's first thread that moves).
//! - `pct:D` (Burckhardt, Kothari, Musuvathi, Nagarakatte, ASPLOS 2010):
//!   each thread gets a random priority when it first appears (the same as
//!   a random permutation of priorities all at least D); D - 1 change
//!   points are drawn among the first k steps, k being the length of a
//!   first, priority-only run; the highest-priority thread that can move
//!   runs; after the i-th change point's step its thread drops to priority
//!   i, below every initial one. A bug of depth D is found by one run with
//!   probability at least 1/(n k^(D-1)) for n threads.
//!
//! - `pos` (partial-order sampling; Yuan, Yang, Gu, CAV 2018, as Fray
//!   runs it): each thread has a random priority. Quiet pending steps
//!   (`pos::Op::Quiet`: allocations, plain calls, starts) run first, the
//!   highest-priority one, and change no priority; otherwise the
//!   highest-priority racing step runs, and then its thread and every
//!   thread whose pending step conflicts with it (one location, one of
//!   them a write) draw new priorities.
//!
//! Run i's scheduler is seeded from (seed, i) alone, so the runs are the
//! same whatever the number of worker threads or shards (a shard runs the
//! indices `Shard::nth` gives it; pct's k, from run 0, is computed by every
//! shard); of the runs that fail, the one with the smallest index is
//! reported (runs with a larger index are skipped once one fails), so the
//! witness is too.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::{
    ExploreOptions, RaceCheck, Report, Strategy, Verdict, blocked_threads, pos,
    transition_in_place, uncaught, violation, writers,
};
use crate::interp::{self, VmError};
use crate::schedule::SplitMix64;
use crate::state::{State, ThreadId};

/// Runs sampled when `--runs` is not given.
pub const DEFAULT_RUNS: u64 = 1000;
/// Transitions one run may take when `--max-depth` is not given (a run
/// longer than this is cut: a spinning thread under fixed priorities may
/// never let the others on).
pub const DEFAULT_RUN_LENGTH: u64 = 100_000;

/// One execution's end.
struct Run {
    violation: Option<Verdict>,
    witness: Vec<ThreadId>,
    transitions: u64,
    /// Stopped at the step bound before the program ended.
    cut: bool,
    /// The first data race met, with its witness (`RaceCheck::Continue`).
    race: Option<Found>,
}

/// A violation and the witness that reaches it.
type Found = (Verdict, Vec<ThreadId>);

/// The scheduler of one run.
enum Walk {
    Random,
    Pos {
        /// By thread number; `None` until the thread is first live.
        priority: Vec<Option<u64>>,
    },
    Pct {
        priority: Vec<Option<u64>>,
        /// (step number, low priority it gives), in step order.
        changes: Vec<(u64, u64)>,
    },
}

/// `t`'s priority, drawn by `draw` when it has none yet.
fn priority_of(priority: &mut Vec<Option<u64>>, t: ThreadId, draw: impl FnOnce() -> u64) -> u64 {
    match priority.get(t as usize).copied().flatten() {
        Some(p) => p,
        None => {
            let p = draw();
            set(priority, t, p);
            p
        }
    }
}

fn set(priority: &mut Vec<Option<u64>>, t: ThreadId, p: u64) {
    let i = t as usize;
    if priority.len() <= i {
        priority.resize(i + 1, None);
    }
    priority[i] = Some(p);
}

impl Walk {
    fn new(strategy: Strategy, rng: &mut SplitMix64, k: u64) -> Walk {
        match strategy {
            Strategy::Pct(d) => {
                let mut changes: Vec<(u64, u64)> = (1..u64::from(d))
                    .map(|i| (1 + rng.below(k.max(1)), i))
                    .collect();
                changes.sort();
                Walk::Pct {
                    priority: Vec::new(),
                    changes,
                }
            }
            Strategy::Pos => Walk::Pos {
                priority: Vec::new(),
            },
            _ => Walk::Random,
        }
    }

    /// The live threads in the order to try them: the first that can
    /// move runs. `pending` is `Walk::pending`'s for `s`. One sort per
    /// transition: with a hundred threads, most of them blocked on one
    /// lock, looking for the best untried thread again after each that
    /// could not move was most of a run's time.
    fn order(
        &mut self,
        s: &State,
        pending: &[(ThreadId, pos::Op)],
        rng: &mut SplitMix64,
    ) -> Vec<ThreadId> {
        let mut quiet = vec![false; s.threads.len()];
        for (t, o) in pending {
            if matches!(o, pos::Op::Quiet) {
                quiet[*t as usize] = true;
            }
        }
        let live = s
            .threads
            .iter()
            .enumerate()
            .filter(|(_, th)| th.is_alive())
            .map(|(t, _)| t as ThreadId);
        // (key, thread): tried from the highest key down.
        let mut keyed: Vec<((bool, u64), ThreadId)> = match self {
            // A random order: the first that moves is uniform among those
            // that can. Quiet steps first (as POS): they are no
            // scheduling choice.
            Walk::Random => live
                .map(|t| ((quiet[t as usize], rng.next_u64()), t))
                .collect(),
            // Quiet steps first, then by priority.
            Walk::Pos { priority } => live
                .map(|t| {
                    let p = priority_of(priority, t, || rng.next_u64());
                    ((quiet[t as usize], p), t)
                })
                .collect(),
            // Initial priorities sit above every change point's (which
            // are below 2^32).
            Walk::Pct { priority, .. } => live
                .map(|t| {
                    let p = priority_of(priority, t, || (1 << 32) + rng.below(1 << 62));
                    ((false, p), t)
                })
                .collect(),
        };
        keyed.sort_unstable_by(|a, b| b.cmp(a));
        keyed.into_iter().map(|(_, t)| t).collect()
    }

    /// Each live thread's pending step (POS and random; PCT does not
    /// look). Only `moved`'s and new threads' are computed again; the
    /// others keep `last`'s: a step of another thread seldom changes what
    /// a thread is about to do, and when it does (a compare-and-set that
    /// would now fail) only the odds of a choice change, never a
    /// witness. With a hundred threads, computing every one at every
    /// step was most of a run's time.
    fn pending(
        &self,
        s: &State,
        last: &[(ThreadId, pos::Op)],
        moved: Option<ThreadId>,
    ) -> Vec<(ThreadId, pos::Op)> {
        match self {
            Walk::Pos { .. } | Walk::Random => s
                .live_threads()
                .into_iter()
                .map(|t| {
                    let kept = (Some(t) != moved)
                        .then(|| last.iter().find(|(u, _)| *u == t))
                        .flatten();
                    match kept {
                        Some((_, o)) => (t, o.clone()),
                        None => (t, pos::op(s, t)),
                    }
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// After the `step`-th transition (1-based), made by `th`; `pending`
    /// is what every thread was about to access before it.
    fn stepped(
        &mut self,
        step: u64,
        th: ThreadId,
        pending: &[(ThreadId, pos::Op)],
        rng: &mut SplitMix64,
    ) {
        if let Walk::Pos { priority } = self {
            let made = pending.iter().find(|(t, _)| *t == th).map(|(_, o)| o);
            if let Some(made @ pos::Op::Racing(_)) = made {
                // The others did not move: their pending steps are the same.
                for (t, o) in pending {
                    if *t != th && o.conflicts(made) {
                        set(priority, *t, rng.next_u64());
                    }
                }
                set(priority, th, rng.next_u64());
            }
        }
        if let Walk::Pct { priority, changes } = self {
            while let Some(&(at, low)) = changes.first()
                && at <= step
            {
                if at == step {
                    set(priority, th, low);
                }
                changes.remove(0);
            }
        }
    }
}

/// Run `index`'s generator: a function of the seed and the index only.
fn rng_for(seed: u64, index: u64) -> SplitMix64 {
    let mut r = SplitMix64(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next_u64();
    r
}

fn run_one(
    init: &State,
    opts: &ExploreOptions,
    writers: &writers::Writers,
    mut walk: Walk,
    mut rng: SplitMix64,
    limit: u64,
) -> Result<Run, VmError> {
    let mut s = init.clone();
    let mut run = Run {
        violation: None,
        witness: Vec::new(),
        transitions: 0,
        cut: false,
        race: None,
    };
    let mut last = Vec::new();
    let mut last_moved = None;
    while !s.ended() {
        if run.transitions >= limit {
            run.cut = true;
            return Ok(run);
        }
        // The properties compare a step's two states; otherwise the run
        // steps one state in place.
        let parent = opts.properties.is_some().then(|| s.clone());
        let pending = walk.pending(&s, &last, last_moved);
        let uncaught_before = s.aux.last_uncaught;
        let mut moved = None;
        for th in walk.order(&s, &pending, &mut rng) {
            // A spurious wake-up is taken at half the points where it is
            // offered (a waiter with a high priority would otherwise wake
            // for ever), and never where no thread can progress: that is
            // a deadlock.
            if interp::wakes_spuriously(&s, th)
                && (rng.below(2) == 0
                    || !s
                        .live_threads()
                        .into_iter()
                        .any(|t| interp::can_progress(&s, t)))
            {
                continue;
            }
            let mut steps = 0;
            if transition_in_place(&mut s, th, opts, writers, &mut steps)? {
                moved = Some((th, steps));
                break;
            }
        }
        let Some((th, steps)) = moved else {
            if opts.only_properties {
                return Ok(run);
            }
            run.violation = Some(Verdict::Deadlock {
                threads: blocked_threads(&s),
            });
            return Ok(run);
        };
        run.transitions += 1;
        run.witness.extend(std::iter::repeat_n(th, steps as usize));
        let found = match &parent {
            Some(p) => violation(p, &s, opts),
            None => uncaught(uncaught_before, &s),
        };
        if found.is_some() {
            run.violation = found;
            return Ok(run);
        }
        if opts.races != RaceCheck::Off
            && run.race.is_none()
            && let Some((race, w)) = super::race_at(&s, || run.witness.clone(), opts)
        {
            if opts.races == RaceCheck::Stop {
                run.violation = Some(Verdict::DataRace(race));
                run.witness = w;
                return Ok(run);
            }
            run.race = Some((Verdict::DataRace(race), w));
        }
        walk.stepped(run.transitions, th, &pending, &mut rng);
        last = pending;
        last_moved = Some(th);
    }
    Ok(run)
}

/// The report's note on runs cut at the step bound (`m5 merge` writes it
/// again from the shards' sum).
pub fn cut_note(cut: u64, limit: u64) -> String {
    format!("{cut} of the runs were cut after {limit} transitions (set --max-depth)")
}

/// PCT's run 0, which has no change points: its length is k.
fn pct_first(
    init: &State,
    opts: &ExploreOptions,
    writers: &writers::Writers,
    runs: u64,
    limit: u64,
) -> Result<Option<Run>, VmError> {
    if !matches!(opts.strategy, Strategy::Pct(_)) || runs == 0 {
        return Ok(None);
    }
    let mut rng = rng_for(opts.seed, 0);
    let w = Walk::Pct {
        priority: Vec::new(),
        changes: Vec::new(),
    };
    rng.next_u64();
    run_one(init, opts, writers, w, rng, limit).map(Some)
}

pub(super) fn explore(
    init: &State,
    opts: &ExploreOptions,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> Result<Report, VmError> {
    let start = Instant::now();
    let runs = opts.runs.unwrap_or(DEFAULT_RUNS);
    let limit = opts.max_depth.unwrap_or(DEFAULT_RUN_LENGTH);
    let writers = writers::Writers::new(&init.classes);
    // Which run indices are this process's: all, or a shard's.
    let shard = opts.shard.unwrap_or(super::Shard { index: 0, count: 1 });
    let walk = |index: u64, k: u64| {
        let mut rng = rng_for(opts.seed, index);
        let w = Walk::new(opts.strategy, &mut rng, k);
        (w, rng)
    };
    let first = pct_first(init, opts, &writers, runs, limit)?;
    let k = first.as_ref().map_or(0, |r| r.transitions);

    let transitions = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let cut = AtomicU64::new(0);
    let next = AtomicU64::new(0);
    // The smallest failing index so far (later runs are skipped).
    let failing = AtomicU64::new(u64::MAX);
    let found: Mutex<Option<(u64, Run)>> = Mutex::new(None);
    // The race of the run with the smallest index that met one (Continue).
    let raced: Mutex<Option<(u64, Found)>> = Mutex::new(None);
    let error: Mutex<Option<VmError>> = Mutex::new(None);
    let timed_out = AtomicBool::new(false);
    let record = |i: u64, mut r: Run| {
        if let Some(race) = r.race.take() {
            let mut f = raced.lock().expect("lock");
            if f.as_ref().is_none_or(|(j, _)| i < *j) {
                *f = Some((i, race));
            }
        }
        transitions.fetch_add(r.transitions, Ordering::Relaxed);
        done.fetch_add(1, Ordering::Relaxed);
        if r.cut {
            cut.fetch_add(1, Ordering::Relaxed);
        }
        if r.violation.is_some() {
            failing.fetch_min(i, Ordering::SeqCst);
            let mut f = found.lock().expect("lock");
            if f.as_ref().is_none_or(|(j, _)| i < *j) {
                *f = Some((i, r));
            }
        }
    };
    if let Some(r) = first
        && shard.owns(0)
    {
        next.store(1, Ordering::SeqCst);
        record(0, r);
    }
    let work = |report: &mut dyn FnMut(u64, u64)| {
        loop {
            let i = shard.nth(next.fetch_add(1, Ordering::SeqCst));
            if i >= runs || i > failing.load(Ordering::SeqCst) {
                break;
            }
            if opts.time_limit.is_some_and(|t| start.elapsed() >= t) || super::interrupted() {
                timed_out.store(true, Ordering::SeqCst);
                break;
            }
            let (w, rng) = walk(i, k);
            match run_one(init, opts, &writers, w, rng, limit) {
                Ok(r) => record(i, r),
                Err(e) => {
                    error.lock().expect("lock").get_or_insert(e);
                    failing.fetch_min(i, Ordering::SeqCst);
                    break;
                }
            }
            report(
                done.load(Ordering::Relaxed),
                transitions.load(Ordering::Relaxed),
            );
        }
    };
    crate::parallel::workers(
        opts.jobs.max(1),
        || {
            work(&mut |r, t| {
                if r.is_multiple_of(16) {
                    progress(r, t, 0)
                }
            })
        },
        || work(&mut |_, _| {}),
    );
    if let Some(e) = error.into_inner().expect("lock") {
        return Err(e);
    }
    let transitions = transitions.into_inner();
    let cut = cut.into_inner();
    let report = |verdict, witness, runs: u64, note, failing_run| Report {
        runs,
        note,
        failing_run,
        ..Report::new(verdict, witness, 0, transitions, 0, &start)
    };
    // A shard counts the runs it made (`m5 merge` adds them up).
    let sharded = opts.shard.is_some();
    let raced = raced.into_inner().expect("lock");
    if let Some((i, r)) = found.into_inner().expect("lock") {
        let v = r.violation.expect("a failing run");
        let note = format!("found by run {} of {}", i + 1, opts.strategy);
        let ran = if sharded {
            done.load(Ordering::SeqCst)
        } else {
            i + 1
        };
        let race = match raced {
            Some((_, (Verdict::DataRace(race), w))) => Some((race, w)),
            _ => None,
        };
        return Ok(Report {
            race,
            ..report(v, r.witness, ran, Some(note), Some(i))
        });
    }
    if let Some((i, (v, w))) = raced {
        let ran = done.load(Ordering::SeqCst);
        let note = format!("found by run {} of {}", i + 1, opts.strategy);
        return Ok(report(v, w, ran, Some(note), Some(i)));
    }
    let ran = done.into_inner();
    let mut reason = format!("no bug found in {ran} runs (not exhaustive)");
    if timed_out.into_inner() {
        let why = match opts.time_limit {
            _ if super::interrupted() => super::INTERRUPTED_REASON.to_string(),
            Some(t) => format!("--time-limit {t:?}"),
            None => String::new(),
        };
        reason = format!("no bug found in {ran} runs before {why} (not exhaustive)");
    }
    let note = (cut > 0).then(|| cut_note(cut, limit));
    Ok(Report {
        runs_cut: cut,
        ..report(Verdict::Incomplete { reason }, Vec::new(), ran, note, None)
    })
}
