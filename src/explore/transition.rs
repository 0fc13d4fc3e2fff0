//! A transition of one thread: one step, then the steps that need no
//! interleaving at the search's granularity (thread-local ones; at sync
//! points every quiet step, recorded in the thread's open segment).

use super::{ExploreOptions, Granularity, RaceCheck, writers};
use crate::interp::{self, Outcome, VmError};
use crate::state::{Ref, State, ThreadId};

/// Follows a transition of `th` from `s`: one step, then (with reduction)
/// the frame-local steps after it. `None`: the thread cannot move.
pub(super) fn transition(
    s: &State,
    th: ThreadId,
    opts: &ExploreOptions,
    writers: &writers::Writers,
    steps: &mut u64,
) -> Result<Option<State>, VmError> {
    let mut next = s.clone();
    Ok(transition_in_place(&mut next, th, opts, writers, steps)?.then_some(next))
}

/// `transition` on `s` itself (the sampling strategies keep no parent
/// state). `false`: the thread cannot move, and a step that cannot move
/// changes nothing (M5's no-op).
pub(super) fn transition_in_place(
    s: &mut State,
    th: ThreadId,
    opts: &ExploreOptions,
    writers: &writers::Writers,
    steps: &mut u64,
) -> Result<bool, VmError> {
    let uncaught = s.aux.last_uncaught;
    if opts.granularity == Granularity::Sync {
        return segmented_transition(s, th, opts, None, uncaught, steps);
    }
    if opts.races != RaceCheck::Off && writers.weak_reads() {
        let more = |s: &State| {
            opts.granularity != Granularity::Instruction
                && (interp::is_thread_local_step(s, th) || writers.private_read(s, th))
        };
        return segmented_transition(s, th, opts, Some(&more), uncaught, steps);
    }
    match interp::step(s, th)? {
        Outcome::NoOp(_) => return Ok(false),
        Outcome::Stepped => *steps = 1,
    }
    if opts.granularity != Granularity::Instruction {
        let limit = opts.max_transition_steps.unwrap_or(1 << 24);
        while *steps < limit
            && !s.ended()
            && s.aux.last_uncaught == uncaught
            && s.thread(th).is_some_and(|t| t.wait.is_none())
            && (interp::is_thread_local_step(s, th) || writers.private_read(s, th))
        {
            if interp::step(s, th)? != Outcome::Stepped {
                break;
            }
            *steps += 1;
        }
    }
    if !opts.determinism {
        s.aux.out.clear();
        s.aux.err.clear();
    }
    s.aux.wakes.clear();
    Ok(true)
}

/// `transition_in_place` with every step recorded in the thread's open
/// segment (`race::segment`): one step, then the quiet steps after it
/// that `more` allows; a race ends the transition at once. At the sync
/// granularity every quiet step is taken (`more` is None). At the
/// interaction and instruction granularities it is used for a program
/// that may read without synchronizing and without racing
/// (`writers::Writers::weak_reads`): two threads' next steps racing is
/// not then the only way a race shows, since an opaque read that sees
/// another thread's write orders nothing, yet no schedule puts the
/// accesses before that write and after that read next to each other;
/// there `more` allows the steps the plain transition takes.
fn segmented_transition(
    s: &mut State,
    th: ThreadId,
    opts: &ExploreOptions,
    more: Option<&dyn Fn(&State) -> bool>,
    uncaught: Option<(ThreadId, Ref)>,
    steps: &mut u64,
) -> Result<bool, VmError> {
    use crate::race::segment;
    let limit = opts.max_transition_steps.unwrap_or(1 << 24);
    let first = segment::before_step(s, th);
    let quiet = first.quiet();
    let heap = s.heap.len();
    if let Outcome::NoOp(_) = interp::step(s, th)? {
        return Ok(false);
    }
    *steps = 1;
    let mut raced = segment::after_step(s, th, first, true);
    // A quiet step never allocates; one that did threw, which is a sync
    // point after all (unwinding may release monitors): the segment ends
    // and so does the transition.
    let mut threw = quiet && s.heap.len() != heap;
    while !raced
        && !threw
        && *steps < limit
        && !s.ended()
        && s.aux.last_uncaught == uncaught
        && s.thread(th).is_some_and(|t| t.wait.is_none())
        && more.is_none_or(|m| m(s))
    {
        let p = segment::before_step(s, th);
        let heap = s.heap.len();
        if !p.quiet() || interp::step(s, th)? != Outcome::Stepped {
            break;
        }
        *steps += 1;
        raced = segment::after_step(s, th, p, false);
        threw = s.heap.len() != heap;
    }
    if threw && !raced {
        segment::close(s, th);
    }
    if !opts.determinism {
        s.aux.out.clear();
        s.aux.err.clear();
    }
    s.aux.wakes.clear();
    Ok(true)
}
