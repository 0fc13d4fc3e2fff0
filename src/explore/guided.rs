//! Best-first search for a property violation: the states a `score` ranks
//! higher are expanded first, each point of score worth `DEPTH_PER_POINT`
//! steps of depth (so a thread that reached its target shape waits there
//! while the others move around it, but not forever: a program that loops
//! on would otherwise pull the search down one endless path). The prover uses it
//! to look for a reachable state shaped like a counterexample to induction
//! (`crate::prove::witness`): a thread at the failing case's call stack,
//! with the other threads moved around it. Every schedule is still allowed;
//! the score only orders the work, so a violation found is a real one and
//! "none found" claims nothing beyond the states visited.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

use rustc_hash::FxHashSet;

use super::{
    ExploreOptions, Report, Verdict, bound_hit, effective, initial_violation, quiet, transition,
    violation,
};
use crate::interp::VmError;
use crate::state::{State, ThreadId};

/// How many steps deeper a state may be for one point of score more.
const DEPTH_PER_POINT: i64 = 50;

/// Searches from `initial` for a violation of `opts.properties` (every
/// instruction a branch point), highest `score` first. Deadlocks and
/// uncaught exceptions are not violations here (`only_properties`).
pub fn explore_guided(
    initial: &State,
    opts: &ExploreOptions,
    score: &dyn Fn(&State) -> u32,
) -> Result<Report, VmError> {
    let opts = ExploreOptions {
        only_properties: true,
        races: super::RaceCheck::Off,
        ..opts.clone()
    };
    let opts = &*effective(&opts);
    let start = Instant::now();
    let writers = super::writers::Writers::new(&initial.classes);
    let mut visited: FxHashSet<u128> = FxHashSet::default();
    let init = quiet(initial, opts);
    visited.insert(super::fingerprint::of(&init));
    if let Some(r) = initial_violation(&init, opts) {
        return Ok(r);
    }
    // Per state found: its parent and the steps from it (for witnesses).
    let mut parents: Vec<(usize, Vec<ThreadId>)> = vec![(usize::MAX, Vec::new())];
    let witness_of = |parents: &Vec<(usize, Vec<ThreadId>)>, mut i: usize| {
        let mut chunks = Vec::new();
        while i != usize::MAX && i != 0 {
            chunks.push(parents[i].1.clone());
            i = parents[i].0;
        }
        chunks.into_iter().rev().flatten().collect::<Vec<_>>()
    };
    // (priority, shallower first, older first) -> the state's slot.
    let priority = |s: &State, depth: u64| i64::from(score(s)) * DEPTH_PER_POINT - depth as i64;
    let mut frontier: BinaryHeap<(i64, Reverse<u64>, Reverse<usize>)> = BinaryHeap::new();
    let mut pending: Vec<Option<State>> = vec![None];
    frontier.push((priority(&init, 0), Reverse(0), Reverse(0)));
    pending[0] = Some(init);
    let (mut states, mut transitions, mut max_depth) = (1u64, 0u64, 0u64);
    let mut incomplete = None;
    while let Some((_, Reverse(depth), Reverse(id))) = frontier.pop() {
        let s = pending[id].take().expect("each state is expanded once");
        if let Some(r) = bound_hit(opts, &start, states, depth) {
            incomplete.get_or_insert(r);
            if opts.max_depth.is_some_and(|d| depth >= d) {
                continue;
            }
            break;
        }
        for th in s.running_threads() {
            let mut k = 0;
            let Some(next) = transition(&s, th, opts, &writers, &mut k)? else {
                continue;
            };
            transitions += 1;
            let via = vec![th; k as usize];
            if let Some(v) = violation(&s, &next, opts) {
                parents.push((id, via));
                let w = witness_of(&parents, parents.len() - 1);
                return Ok(Report::new(
                    v,
                    w,
                    states,
                    transitions,
                    max_depth.max(depth + 1),
                    &start,
                ));
            }
            if visited.insert(super::fingerprint::of(&next)) {
                states += 1;
                max_depth = max_depth.max(depth + 1);
                parents.push((id, via));
                let slot = parents.len() - 1;
                frontier.push((
                    priority(&next, depth + 1),
                    Reverse(depth + 1),
                    Reverse(slot),
                ));
                // (`pending` is indexed like `parents`.)
                pending.push(Some(next));
            }
        }
    }
    let verdict = match incomplete {
        Some(reason) => Verdict::Incomplete { reason },
        None => Verdict::Ok,
    };
    Ok(Report::new(
        verdict,
        Vec::new(),
        states,
        transitions,
        max_depth,
        &start,
    ))
}
