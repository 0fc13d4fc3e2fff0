//! Iterative preemption bounding (Musuvathi & Qadeer, PLDI 2007, as in
//! CHESS): depth-first search over the schedules with at most K
//! preemptions, for K = 0, 1, ... up to the user's bound. A preemption is
//! a switch away from a thread that could have gone on; switching when the
//! running thread blocks or ends is free. Most concurrency bugs need very
//! few preemptions, and the number of schedules with K preemptions grows
//! polynomially in the program's length where all schedules grow
//! exponentially.
//!
//! State caching stays sound under the bound: a state is expanded again
//! only when it is reached with fewer preemptions than before (with the
//! same last thread), since what can follow depends on the state, the
//! thread that ran last and the preemptions left, and more left allows
//! more.

use std::time::Instant;

use rustc_hash::FxHashMap;

use super::{
    ExploreOptions, Races, Report, Verdict, blocked_threads, bound_hit, todo, transition,
    violation, writers,
};
use crate::interp::{self, VmError};
use crate::state::{State, ThreadId};

struct Node {
    state: State,
    depth: u64,
    /// The thread that made the transition into this state.
    last: Option<ThreadId>,
    /// Whether `last` can move here (leaving it then is a preemption).
    last_enabled: bool,
    preemptions: u32,
    todo: Vec<ThreadId>,
    via: Vec<ThreadId>,
    moved: bool,
}

/// What one bounded search found.
struct Pass {
    verdict: Verdict,
    witness: Vec<ThreadId>,
    /// Some schedule was cut by the bound: "nothing found" is not "ok".
    pruned: bool,
    /// Some path was cut by --max-depth.
    depth_cut: bool,
    states: u64,
    transitions: u64,
    max_depth: u64,
}

pub(super) fn explore(
    init: &State,
    opts: &ExploreOptions,
    bound: u32,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> Result<Report, VmError> {
    let start = Instant::now();
    let (mut states, mut transitions, mut max_depth) = (0, 0, 0);
    let mut depth_cut = false;
    let races = Races::default();
    let report = |verdict, witness, states, transitions, max_depth, note: String| Report {
        note: Some(note),
        ..Report::new(verdict, witness, states, transitions, max_depth, &start)
    };
    if let Some((v, w)) = races.check(init, opts, Vec::new) {
        return Ok(Report::new(v, w, 1, 0, 0, &start));
    }
    for k in 0..=bound {
        let pass = search(init, opts, k, &start, &races, progress)?;
        states += pass.states;
        transitions += pass.transitions;
        max_depth = max_depth.max(pass.max_depth);
        depth_cut |= pass.depth_cut;
        match pass.verdict {
            v if v.is_violation() => {
                let note = format!("found with at most {k} preemption{}", plural(k));
                return Ok(races.fold(report(
                    v,
                    pass.witness,
                    states,
                    transitions,
                    max_depth,
                    note,
                )));
            }
            Verdict::Incomplete { reason } => {
                let note = format!("stopped while searching schedules with {k} preemptions");
                let v = Verdict::Incomplete { reason };
                return Ok(races.fold(report(v, Vec::new(), states, transitions, max_depth, note)));
            }
            _ if !pass.pruned => {
                // Nothing was cut: this pass was the full search.
                let note = format!(
                    "no schedule needs more than {k} preemption{}: the search was exhaustive",
                    plural(k)
                );
                return Ok(races.fold(report(
                    Verdict::Ok,
                    Vec::new(),
                    states,
                    transitions,
                    max_depth,
                    note,
                )));
            }
            _ => {}
        }
    }
    let cut = match (depth_cut, opts.max_depth) {
        (true, Some(d)) => format!("; --max-depth {d} cut some schedules"),
        _ => String::new(),
    };
    let reason = format!(
        "no bug found with at most {bound} preemption{} (not exhaustive{cut})",
        plural(bound)
    );
    let mut r = report(
        Verdict::Incomplete { reason },
        Vec::new(),
        states,
        transitions,
        max_depth,
        String::new(),
    );
    r.note = None;
    Ok(races.fold(r))
}

fn plural(k: u32) -> &'static str {
    if k == 1 { "" } else { "s" }
}

/// Depth-first search of the schedules with at most `k` preemptions.
fn search(
    init: &State,
    opts: &ExploreOptions,
    k: u32,
    start: &Instant,
    races: &Races,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> Result<Pass, VmError> {
    let writers = writers::Writers::new(&init.classes);
    // Fewest preemptions each (state, last thread) was reached with.
    let mut best: FxHashMap<(u128, Option<ThreadId>), u32> = FxHashMap::default();
    best.insert((super::fingerprint::of(init), None), 0);
    let mut pass = Pass {
        verdict: Verdict::Ok,
        witness: Vec::new(),
        pruned: false,
        depth_cut: false,
        states: 1,
        transitions: 0,
        max_depth: 0,
    };
    let path = |stack: &[Node]| -> Vec<ThreadId> {
        stack.iter().flat_map(|n| n.via.iter().copied()).collect()
    };
    let mut stack = vec![Node {
        todo: todo(init),
        state: init.clone(),
        depth: 0,
        last: None,
        last_enabled: false,
        preemptions: 0,
        via: Vec::new(),
        moved: false,
    }];
    while let Some(top) = stack.last_mut() {
        let Some(th) = top.todo.pop() else {
            let node = stack.last().expect("non-empty");
            if !node.moved && super::reports_deadlock(&node.state, opts) {
                pass.verdict = Verdict::Deadlock {
                    threads: blocked_threads(&node.state),
                };
                pass.witness = path(&stack);
                return Ok(pass);
            }
            stack.pop();
            continue;
        };
        let cost = u32::from(top.last_enabled && top.last != Some(th));
        if top.preemptions + cost > k {
            // Cut by the bound, but the thread may well be able to move:
            // then this is not a deadlock, and the pass is not exhaustive
            // (a spurious wake-up cut is no progress, but a schedule cut).
            if interp::can_step(&top.state, th) {
                top.moved |= !interp::wakes_spuriously(&top.state, th);
                pass.pruned = true;
            }
            continue;
        }
        let mut steps = 0;
        let spurious = interp::wakes_spuriously(&top.state, th);
        let Some(next) = transition(&top.state, th, opts, &writers, &mut steps)? else {
            continue;
        };
        top.moved |= !spurious;
        pass.transitions += 1;
        let via = vec![th; steps as usize];
        let depth = top.depth + 1;
        if let Some(v) = violation(&top.state, &next, opts) {
            pass.verdict = v;
            pass.witness = path(&stack);
            pass.witness.extend(via);
            pass.max_depth = pass.max_depth.max(depth);
            return Ok(pass);
        }
        let preemptions = top.preemptions + cost;
        let key = (super::fingerprint::of(&next), Some(th));
        match best.get(&key) {
            Some(&p) if p <= preemptions => continue,
            _ => {
                best.insert(key, preemptions);
            }
        }
        pass.states += 1;
        pass.max_depth = pass.max_depth.max(depth);
        let race_path = || {
            let mut w = path(&stack);
            w.extend(via.iter().copied());
            w
        };
        if let Some((v, w)) = races.check(&next, opts, race_path) {
            pass.verdict = v;
            pass.witness = w;
            return Ok(pass);
        }
        if pass.states.is_multiple_of(4096) {
            progress(pass.states, pass.transitions, pass.max_depth);
        }
        if let Some(r) = bound_hit(opts, start, pass.states, depth) {
            if opts.max_depth.is_some_and(|d| depth >= d) {
                // Depth bound: like the preemption bound, it cuts this
                // path only (the search goes on, and is not exhaustive).
                pass.pruned = true;
                pass.depth_cut = true;
                continue;
            }
            pass.verdict = Verdict::Incomplete { reason: r };
            return Ok(pass);
        }
        // A waiter that could only wake spuriously is not preempted.
        let last_enabled = interp::can_progress(&next, th);
        stack.push(Node {
            todo: todo(&next),
            state: next,
            depth,
            last: Some(th),
            last_enabled,
            preemptions,
            via,
            moved: false,
        });
    }
    Ok(pass)
}
