//! Witnesses: replaying a schedule to the violation it shows, and
//! shortening it while it still shows the same one.

use super::verdict::{reports_deadlock, violation};
use super::{ExploreOptions, Verdict, blocked_threads, searched};
use crate::interp::{self, Outcome, VmError};
use crate::state::{State, ThreadId};

/// Replays `witness` from `initial` and reports whether the same kind of
/// violation shows up (used to shorten witnesses and to test them).
pub fn replay_violation(
    initial: &State,
    witness: &[ThreadId],
    opts: &ExploreOptions,
) -> Result<Option<Verdict>, VmError> {
    let mut s = searched(initial, opts);
    for &th in witness {
        let parent = s.clone();
        if interp::step(&mut s, th)? == Outcome::Stepped
            && let Some(v) = violation(&parent, &s, opts)
        {
            return Ok(Some(v));
        }
    }
    if reports_deadlock(&s, opts)
        && s.live_threads()
            .iter()
            .all(|&t| !interp::can_progress(&s, t))
    {
        return Ok(Some(Verdict::Deadlock {
            threads: blocked_threads(&s),
        }));
    }
    Ok(None)
}

/// The state `witness` reaches from `initial`, run as the search ran it
/// (for what a report reads from it: the threads' names).
pub fn replayed_state(
    initial: &State,
    witness: &[ThreadId],
    opts: &ExploreOptions,
) -> Result<State, VmError> {
    let mut s = searched(initial, opts);
    for &th in witness {
        interp::step(&mut s, th)?;
    }
    Ok(s)
}

/// Does `witness` wake a thread spuriously (replayed from `initial` as
/// the search ran it)? Then `m5 run` replays it only with
/// `--spurious-wakeups` (a witness file says so itself).
pub fn wakes_spuriously(
    initial: &State,
    witness: &[ThreadId],
    opts: &ExploreOptions,
) -> Result<bool, VmError> {
    let mut s = searched(initial, opts);
    for &th in witness {
        let spurious = interp::wakes_spuriously(&s, th);
        if interp::step(&mut s, th)? == Outcome::Stepped && spurious {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Replays `witness` from `initial` up to the first state at which two
/// threads' next steps race (`crate::race::pending`): the steps that reach
/// it and the race.
pub fn replay_race(
    initial: &State,
    witness: &[ThreadId],
) -> Result<Option<(usize, crate::race::Race)>, VmError> {
    let mut s = initial.clone();
    for (k, &th) in witness.iter().enumerate() {
        if let Some(r) = crate::race::pending(&s) {
            return Ok(Some((k, r)));
        }
        interp::step(&mut s, th)?;
    }
    Ok(crate::race::pending(&s).map(|r| (witness.len(), r)))
}

/// Steps the tries of `drop_runs` may replay in all: a witness of tens of
/// thousands of steps among a hundred threads would otherwise take
/// minutes to shorten.
const SHORTEN_STEPS: usize = 4_000_000;

/// Deletes whole runs of one thread's steps from `witness`, last run
/// first, while `keeps` says the shorter schedule still shows the
/// violation (at most 400 tries and [`SHORTEN_STEPS`] replayed steps,
/// each counted `weight` times).
fn drop_runs(
    witness: &[ThreadId],
    weight: usize,
    mut keeps: impl FnMut(&[ThreadId]) -> Result<bool, VmError>,
) -> Result<Vec<ThreadId>, VmError> {
    let mut runs: Vec<(ThreadId, usize)> = Vec::new();
    for &t in witness {
        match runs.last_mut() {
            Some((last, n)) if *last == t => *n += 1,
            _ => runs.push((t, 1)),
        }
    }
    let expand = |runs: &[(ThreadId, usize)]| {
        runs.iter()
            .flat_map(|&(t, n)| std::iter::repeat_n(t, n))
            .collect::<Vec<_>>()
    };
    let mut budget = 400usize;
    let mut steps = SHORTEN_STEPS / weight;
    let mut i = runs.len();
    while i > 0 && budget > 0 && steps >= witness.len() {
        i -= 1;
        budget -= 1;
        steps -= witness.len();
        let mut trial = runs.clone();
        trial.remove(i);
        if keeps(&expand(&trial))? {
            runs = trial;
        }
    }
    Ok(expand(&runs))
}

/// A race witness: the steps to a state where the same two threads race at
/// the same code positions, then one step of each thread (the first access, then the second).
fn shorten_race(
    initial: &State,
    witness: Vec<ThreadId>,
    race: &crate::race::Race,
) -> Result<Vec<ThreadId>, VmError> {
    let same = |w: &[ThreadId]| -> Result<Option<usize>, VmError> {
        Ok(replay_race(initial, w)?
            .filter(|(_, r)| r.first == race.first && r.second == race.second)
            .map(|(k, _)| k))
    };
    let Some(k) = same(&witness)? else {
        return Ok(witness);
    };
    // Each try looks at every thread's next accesses at every step: the
    // budget of replayed steps is shared out by the threads.
    let mut s = initial.clone();
    for &th in &witness[..k] {
        interp::step(&mut s, th)?;
    }
    let threads = s.threads.len().max(1);
    let mut w = drop_runs(&witness[..k], threads, |w| Ok(same(w)?.is_some()))?;
    let k = same(&w)?.unwrap_or(w.len());
    w.truncate(k);
    w.extend([race.first.thread, race.second.thread]);
    Ok(w)
}

/// Shortens a witness by deleting whole runs of one thread's steps while the
/// same kind of violation (same exception class, or a deadlock) still
/// occurs. Bounded effort; the result always still reproduces.
pub fn shorten(
    initial: &State,
    witness: Vec<ThreadId>,
    verdict: &Verdict,
    opts: &ExploreOptions,
) -> Result<Vec<ThreadId>, VmError> {
    let initial = &searched(initial, opts);
    if let Verdict::DataRace(race) = verdict {
        return shorten_race(initial, witness, race);
    }
    if let Verdict::Nondeterministic { .. } = verdict {
        // Its outcome is the whole execution's: nothing to cut.
        return Ok(witness);
    }
    let same = |v: &Option<Verdict>| match (v, verdict) {
        (
            Some(Verdict::UncaughtException { class: a, .. }),
            Verdict::UncaughtException { class: b, .. },
        ) => a == b,
        (Some(Verdict::Deadlock { .. }), Verdict::Deadlock { .. }) => true,
        (
            Some(Verdict::InvariantViolation { fact: a, .. }),
            Verdict::InvariantViolation { fact: b, .. },
        ) => a == b,
        (
            Some(Verdict::RelationViolation { fact: a, .. }),
            Verdict::RelationViolation { fact: b, .. },
        ) => a == b,
        _ => false,
    };
    let shortened = drop_runs(&witness, 1, |w| {
        Ok(same(&replay_violation(initial, w, opts)?))
    })?;
    // Cut anything after the violation happens.
    let mut s = initial.clone();
    for (k, &th) in shortened.iter().enumerate() {
        let parent = s.clone();
        if interp::step(&mut s, th)? == Outcome::Stepped && violation(&parent, &s, opts).is_some() {
            return Ok(shortened[..=k].to_vec());
        }
    }
    Ok(shortened)
}
