//! Explicit-state search over all schedules (Java PathFinder's idea on the
//! M5 model): from the initial state, every thread that can move is tried
//! at every state; states already seen (by 128-bit fingerprint) are not
//! expanded again. Violations: an uncaught exception in any thread, or a
//! deadlock (live threads, none can move). A violation comes with a witness:
//! the schedule (thread per step) that `m5 run --schedule file:` replays.
//!
//! Reduction: at the interaction granularity a transition is one
//! instruction that may interact with other threads followed by every
//! thread-local step the same thread takes next
//! (`interp::is_thread_local_step`: frame-local instructions, plain calls
//! and returns, type tests). Those touch only the thread's own call stack,
//! so they commute with everything other threads do: running them at once
//! cannot hide an uncaught exception or a deadlock. `Granularity::Sync`
//! (the default) branches only at sync points, `Granularity::Instruction`
//! at every bytecode (the paper's granularity).
//!
//! This file chooses the search (`explore`); the options, the searches,
//! transitions, fingerprints, verdicts and witnesses (and their replay
//! step by step for reports, `steps.rs`) have their own files.

use std::time::Instant;

pub mod determinism;
pub mod fingerprint;
mod guided;
mod options;
mod parallel;
mod por;
mod portfolio;
mod pos;
mod preemption;
mod sampling;
mod search;
pub mod shard;
pub mod steps;
mod transition;
mod verdict;
mod witness;
pub mod writers;

pub use guided::explore_guided;
pub use options::{
    ExploreOptions, Granularity, Properties, RaceCheck, RaceFilter, RaceTest, Strategy,
};
pub use portfolio::DEFAULT_BUDGET;
pub use sampling::{DEFAULT_RUN_LENGTH, DEFAULT_RUNS, cut_note};
pub use search::explore_visiting;
pub use shard::Shard;
pub use verdict::{BlockedThread, Report, Verdict, blocked_threads, uncaught_at_end};
pub use witness::{replay_race, replay_violation, replayed_state, shorten, wakes_spuriously};

use crate::interp::VmError;
use crate::state::State;
use search::todo;
use transition::{transition, transition_in_place};
use verdict::{Races, race_at, reports_deadlock, uncaught, violation};

/// Searches the schedules from `initial` that `opts.strategy` chooses.
pub fn explore(
    initial: &State,
    opts: &ExploreOptions,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> Result<Report, VmError> {
    let opts = &effective(opts);
    let mut r = explore_at(initial, opts, progress)?;
    if r.granularity.is_empty() {
        r.granularity = opts.granularity.name();
    }
    Ok(r)
}

/// `explore` with the effective options.
fn explore_at(
    initial: &State,
    opts: &ExploreOptions,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> Result<Report, VmError> {
    if opts.strategy == Strategy::Portfolio {
        // Its parts come back here, each with its own strategy.
        return portfolio::explore(initial, opts, progress);
    }
    if opts.granularity == Granularity::Sync && opts.races == RaceCheck::Continue {
        // Sync points cover every interleaving only without races: search
        // at them until a race, then again at the interaction granularity.
        let first = explore_at(
            initial,
            &ExploreOptions {
                races: RaceCheck::Stop,
                ..opts.clone()
            },
            progress,
        )?;
        if !matches!(first.verdict, Verdict::DataRace(_)) {
            return Ok(first);
        }
        // The second search has what the first left of the time limit.
        let left = opts.time_limit.map(|t| {
            t.saturating_sub(std::time::Duration::from_secs_f64(first.seconds))
                .max(std::time::Duration::from_millis(1))
        });
        let mut again = explore_at(
            initial,
            &ExploreOptions {
                granularity: Granularity::Interaction,
                time_limit: left,
                ..opts.clone()
            },
            progress,
        )?;
        if again.race.is_none()
            && again.verdict.is_violation()
            && !matches!(again.verdict, Verdict::DataRace(_))
        {
            // The race the first search met, if the second met none.
            if let Verdict::DataRace(r) = first.verdict {
                again.race = Some((r, first.witness));
            }
        }
        again.granularity = "interaction";
        again.seconds += first.seconds;
        let note =
            "a data race found at sync points: searched again at the interaction granularity";
        again.note = Some(match again.note.take() {
            Some(n) => format!("{note}; {n}"),
            None => note.to_string(),
        });
        return Ok(again);
    }
    if let (Some(shard), Strategy::Exhaustive) = (opts.shard, opts.strategy) {
        return shard::explore(initial, opts, shard, progress, &mut |_, _, _| {});
    }
    if opts.strategy == Strategy::Exhaustive
        && (opts.jobs <= 1 || opts.bfs || opts.determinism || opts.por)
    {
        return explore_visiting(initial, opts, progress, &mut |_, _, _| {});
    }
    // The other searches start from the same quiet, checked state.
    let init = quiet(initial, opts);
    if let Some(r) = initial_violation(&init, opts) {
        return Ok(r);
    }
    match opts.strategy {
        Strategy::Portfolio => portfolio::explore(initial, opts, progress),
        Strategy::Exhaustive => parallel::explore(&init, opts, progress),
        Strategy::PreemptionBound(k) => preemption::explore(&init, opts, k, progress),
        Strategy::Pct(_) | Strategy::Random | Strategy::Pos => {
            sampling::explore(&init, opts, progress)
        }
    }
}

/// Properties are checked on every state: then the search branches at
/// every instruction. Sync points need the race check. A shard goes on
/// after a race at the interaction granularity from the start: searching
/// again there only where its own part met a race would leave the other
/// shards' parts at sync points.
fn effective(opts: &ExploreOptions) -> std::borrow::Cow<'_, ExploreOptions> {
    let granularity = match opts.granularity {
        _ if opts.properties.is_some() => Granularity::Instruction,
        Granularity::Sync if opts.races == RaceCheck::Off => Granularity::Interaction,
        Granularity::Sync if opts.races == RaceCheck::Continue && opts.shard.is_some() => {
            Granularity::Interaction
        }
        g => g,
    };
    if granularity != opts.granularity {
        std::borrow::Cow::Owned(ExploreOptions {
            granularity,
            ..opts.clone()
        })
    } else {
        std::borrow::Cow::Borrowed(opts)
    }
}

/// A violation already on the initial state (an invariant that fails
/// there), as a finished report.
fn initial_violation(init: &State, opts: &ExploreOptions) -> Option<Report> {
    let p = opts.properties.as_ref()?;
    if !p.state_facts {
        return None;
    }
    let f = crate::invariant::eval::check_state(&p.invariant, init).err()?;
    let v = Verdict::InvariantViolation {
        fact: f.fact.clone(),
        message: f.describe(&p.invariant),
    };
    Some(Report::new(v, Vec::new(), 1, 0, 0, &Instant::now()))
}

/// `initial` under the semantics the search explores
/// (`ExploreOptions::notified_wakeups_only`).
pub fn searched(initial: &State, opts: &ExploreOptions) -> State {
    let mut s = initial.clone();
    let spurious = !opts.notified_wakeups_only;
    if s.config.spurious_wakeups != spurious {
        std::sync::Arc::make_mut(&mut s.config).spurious_wakeups = spurious;
    }
    s
}

/// The initial state as the searches store it (no pending output).
fn quiet(initial: &State, opts: &ExploreOptions) -> State {
    let mut init = searched(initial, opts);
    init.aux.out.clear();
    init.aux.err.clear();
    init.aux.wakes.clear();
    crate::race::segment::reset(&mut init);
    init
}

/// Set when the user interrupts a search (the CLI's Ctrl-C handler): the
/// searches then stop as at a bound, with a partial report.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Asks every running search to stop ("incomplete"). Async-signal-safe.
pub fn interrupt() -> bool {
    INTERRUPTED.swap(true, std::sync::atomic::Ordering::SeqCst)
}

fn interrupted() -> bool {
    INTERRUPTED.load(std::sync::atomic::Ordering::Relaxed)
}

const INTERRUPTED_REASON: &str = "interrupted (Ctrl-C)";

fn bound_hit(opts: &ExploreOptions, start: &Instant, states: u64, depth: u64) -> Option<String> {
    if interrupted() {
        return Some(INTERRUPTED_REASON.into());
    }
    if opts.max_depth.is_some_and(|d| depth >= d) {
        return Some(format!(
            "--max-depth {} reached",
            opts.max_depth.unwrap_or(0)
        ));
    }
    if opts.max_states.is_some_and(|m| states >= m) {
        return Some(format!(
            "--max-states {} reached",
            opts.max_states.unwrap_or(0)
        ));
    }
    if opts.time_limit.is_some_and(|t| start.elapsed() >= t) {
        return Some(format!(
            "--time-limit {:?} reached",
            opts.time_limit.unwrap_or_default()
        ));
    }
    None
}
