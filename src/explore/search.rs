//! The exhaustive search on the calling thread: from the initial state,
//! every thread that can move is tried at every state, breadth-first or
//! depth-first; states already seen (by fingerprint) are not expanded again.

use std::collections::VecDeque;
use std::time::Instant;

use rustc_hash::FxHashSet;

use super::verdict::{Races, blocked_threads, reports_deadlock, violation};
use super::{
    ExploreOptions, Report, Verdict, bound_hit, determinism, effective, fingerprint,
    initial_violation, quiet, transition, writers,
};
use crate::interp::{self, VmError};
use crate::state::{State, ThreadId};

/// `explore`, calling `visit(parent, state, thread)` on every new state
/// the search reaches, with its parent and the thread that stepped (for
/// inference, which filters candidate facts on them); with `opts.shard`,
/// the states of that shard's part (the tests check that the shards'
/// parts cover every reachable state).
pub fn explore_visiting(
    initial: &State,
    opts: &ExploreOptions,
    progress: &mut dyn FnMut(u64, u64, u64),
    visit: &mut dyn FnMut(&State, &State, ThreadId),
) -> Result<Report, VmError> {
    let opts = &effective(opts);
    if let (Some(sh), super::Strategy::Exhaustive) = (opts.shard, opts.strategy) {
        return super::shard::explore(initial, opts, sh, progress, visit);
    }
    let start = Instant::now();
    let mut visited: FxHashSet<u128> = FxHashSet::default();
    let init = quiet(initial, opts);
    visited.insert(fingerprint::of(&init));
    if let Some(r) = initial_violation(&init, opts) {
        return Ok(r);
    }
    let races = Races::default();
    if let Some((v, w)) = races.check(&init, opts, Vec::new) {
        return Ok(Report::new(v, w, 1, 0, 0, &start));
    }
    let search = Search {
        opts,
        start,
        writers: writers::Writers::new(&initial.classes),
        visited,
        races,
        states: 1,
        transitions: 0,
    };
    if opts.bfs {
        bfs(search, init, progress, visit)
    } else {
        let root = Root {
            state: init,
            depth: 0,
            path: Vec::new(),
        };
        dfs(search, vec![root], progress, visit)
    }
}

/// What both search orders start from: the effective options, the clock,
/// the write analysis, the visited set with the initial state, the race
/// check's record, and the states and transitions counted so far (a
/// shard's prefix, `shard.rs`).
pub(super) struct Search<'a> {
    pub opts: &'a ExploreOptions,
    pub start: Instant,
    pub writers: writers::Writers,
    pub visited: FxHashSet<u128>,
    pub races: Races,
    pub states: u64,
    pub transitions: u64,
}

/// A state the depth-first search starts from, already in the visited set
/// and checked: its depth and the schedule from the initial state to it.
pub(super) struct Root {
    pub state: State,
    pub depth: u64,
    pub path: Vec<ThreadId>,
}

/// The breadth-first search (shortest witnesses).
fn bfs(
    search: Search,
    init: State,
    progress: &mut dyn FnMut(u64, u64, u64),
    visit: &mut dyn FnMut(&State, &State, ThreadId),
) -> Result<Report, VmError> {
    let Search {
        opts,
        start,
        writers,
        mut visited,
        races,
        mut states,
        mut transitions,
    } = search;
    let mut max_depth = 0u64;
    let mut outcomes = determinism::Outcomes::default();
    let mut incomplete: Option<String> = None;
    let finish = |verdict: Verdict, witness: Vec<ThreadId>, states, transitions, max_depth| {
        Report::new(verdict, witness, states, transitions, max_depth, &start)
    };
    // Parent links let BFS rebuild the (shortest) witness.
    let mut parents: Vec<(usize, Vec<ThreadId>)> = vec![(usize::MAX, Vec::new())];
    let mut queue: VecDeque<(State, usize, u64)> = VecDeque::new();
    queue.push_back((init, 0, 0));
    let witness_of = |parents: &Vec<(usize, Vec<ThreadId>)>, mut i: usize| {
        let mut chunks = Vec::new();
        while i != usize::MAX && i != 0 {
            chunks.push(parents[i].1.clone());
            i = parents[i].0;
        }
        chunks.into_iter().rev().flatten().collect::<Vec<_>>()
    };
    while let Some((s, id, depth)) = queue.pop_front() {
        if let Some(r) = bound_hit(opts, &start, states, depth) {
            incomplete.get_or_insert(r);
            if depth >= opts.max_depth.unwrap_or(u64::MAX) {
                continue;
            }
            break;
        }
        let mut moved = false;
        for th in s.running_threads() {
            let mut k = 0;
            let spurious = interp::wakes_spuriously(&s, th);
            let Some(next) = transition(&s, th, opts, &writers, &mut k)? else {
                continue;
            };
            moved |= !spurious;
            transitions += 1;
            let via = vec![th; k as usize];
            if let Some(v) = violation(&s, &next, opts) {
                parents.push((id, via));
                let w = witness_of(&parents, parents.len() - 1);
                let r = finish(v, w, states, transitions, max_depth.max(depth + 1));
                return Ok(races.fold(r));
            }
            outcomes.saw(&next);
            if visited.insert(fingerprint::of(&next)) {
                visit(&s, &next, th);
                states += 1;
                max_depth = max_depth.max(depth + 1);
                parents.push((id, via));
                let here = parents.len() - 1;
                if let Some((v, w)) = races.check(&next, opts, || witness_of(&parents, here)) {
                    return Ok(finish(v, w, states, transitions, max_depth));
                }
                if opts.determinism
                    && let Some((v, w)) = outcomes.check(&next, || witness_of(&parents, here))
                {
                    return Ok(races.fold(finish(v, w, states, transitions, max_depth)));
                }
                queue.push_back((next, parents.len() - 1, depth + 1));
                if states.is_multiple_of(4096) {
                    progress(states, transitions, max_depth);
                }
            }
        }
        if !moved && reports_deadlock(&s, opts) {
            let w = witness_of(&parents, id);
            return Ok(races.fold(finish(
                Verdict::Deadlock {
                    threads: blocked_threads(&s),
                },
                w,
                states,
                transitions,
                max_depth,
            )));
        }
    }
    let verdict = outcomes.verdict(incomplete, opts.determinism);
    Ok(races.fold(finish(verdict, Vec::new(), states, transitions, max_depth)))
}

/// The depth-first search from each root in turn (one visited set), a
/// witness being the schedule from the initial state.
pub(super) fn dfs(
    search: Search,
    roots: Vec<Root>,
    progress: &mut dyn FnMut(u64, u64, u64),
    visit: &mut dyn FnMut(&State, &State, ThreadId),
) -> Result<Report, VmError> {
    let Search {
        opts,
        start,
        writers,
        mut visited,
        races,
        mut states,
        mut transitions,
    } = search;
    let mut max_depth = roots.iter().map(|r| r.depth).max().unwrap_or(0);
    let mut outcomes = determinism::Outcomes::default();
    let mut incomplete: Option<String> = None;
    let finish = |verdict: Verdict, witness: Vec<ThreadId>, states, transitions, max_depth| {
        Report::new(verdict, witness, states, transitions, max_depth, &start)
    };
    let mut stack: Vec<Node> = Vec::new();
    let mut moved_flags: Vec<bool> = Vec::new();
    // Partial-order reduction (`por.rs`) and the stack its proviso reads.
    let reduce = (opts.por && opts.properties.is_none()).then_some((opts, &writers));
    let mut on_stack: FxHashSet<u128> = FxHashSet::default();
    'roots: for root in roots {
        // A root's `via` is its whole path: the witnesses below it start there.
        let fp = fingerprint::of(&root.state);
        stack.push(Node::new(
            root.state,
            fp,
            root.depth,
            root.path,
            reduce,
            &mut on_stack,
        )?);
        moved_flags.push(false);
        while let Some(top) = stack.last_mut() {
            let Some(th) = top.todo.pop() else {
                let node = stack.pop().expect("non-empty");
                let moved = moved_flags.pop().expect("parallel");
                if let Some(fp) = node.fp {
                    on_stack.remove(&fp);
                }
                if !moved && reports_deadlock(&node.state, opts) {
                    let mut w: Vec<ThreadId> =
                        stack.iter().flat_map(|n| n.via.iter().copied()).collect();
                    w.extend(node.via.iter().copied());
                    let threads = blocked_threads(&node.state);
                    return Ok(races.fold(finish(
                        Verdict::Deadlock { threads },
                        w,
                        states,
                        transitions,
                        max_depth,
                    )));
                }
                continue;
            };
            let depth = top.depth;
            let mut k = 0;
            // A spurious wake-up is a transition, but no progress (deadlock).
            let spurious = interp::wakes_spuriously(&top.state, th);
            let ready = top.ready.take().filter(|(t, _, _)| *t == th);
            let next = match ready {
                Some((_, next, steps)) => {
                    k = steps;
                    next
                }
                None => match transition(&top.state, th, opts, &writers, &mut k)? {
                    Some(next) => next,
                    None => continue,
                },
            };
            *moved_flags.last_mut().expect("parallel") |= !spurious;
            transitions += 1;
            let via = vec![th; k as usize];
            if let Some(v) = violation(&top.state, &next, opts) {
                let mut w: Vec<ThreadId> =
                    stack.iter().flat_map(|n| n.via.iter().copied()).collect();
                w.extend(via);
                let r = finish(v, w, states, transitions, max_depth.max(depth + 1));
                return Ok(races.fold(r));
            }
            outcomes.saw(&next);
            let fp = fingerprint::of(&next);
            if !visited.insert(fp) {
                continue;
            }
            visit(&top.state, &next, th);
            states += 1;
            max_depth = max_depth.max(depth + 1);
            let path = || {
                let mut w: Vec<ThreadId> =
                    stack.iter().flat_map(|n| n.via.iter().copied()).collect();
                w.extend(via.iter().copied());
                w
            };
            if let Some((v, w)) = races.check(&next, opts, path) {
                return Ok(finish(v, w, states, transitions, max_depth));
            }
            if opts.determinism
                && let Some((v, w)) = outcomes.check(&next, path)
            {
                return Ok(races.fold(finish(v, w, states, transitions, max_depth)));
            }
            if states.is_multiple_of(4096) {
                progress(states, transitions, max_depth);
            }
            if let Some(r) = bound_hit(opts, &start, states, depth + 1) {
                incomplete.get_or_insert(r);
                if opts.max_depth.is_some_and(|d| depth + 1 >= d) {
                    // Depth bound: do not expand below it, but search on elsewhere.
                    continue;
                }
                break 'roots;
            }
            stack.push(Node::new(next, fp, depth + 1, via, reduce, &mut on_stack)?);
            moved_flags.push(false);
        }
    }
    let verdict = outcomes.verdict(incomplete, opts.determinism);
    Ok(races.fold(finish(verdict, Vec::new(), states, transitions, max_depth)))
}

struct Node {
    state: State,
    /// Transition index into `path` (steps to reach this state).
    depth: u64,
    /// Threads still to try from this state (DFS).
    todo: Vec<ThreadId>,
    /// Witness steps of the transition that led here.
    via: Vec<ThreadId>,
    /// With reduction: the one thread's successor, already computed.
    ready: Option<(ThreadId, State, u64)>,
    /// With reduction: the fingerprint in the stack set, removed on pop.
    fp: Option<u128>,
}

impl Node {
    /// The node of a state just reached: every thread to try, or with
    /// reduction (`reduce`) the one thread `por::ample` chooses.
    fn new(
        state: State,
        fp: u128,
        depth: u64,
        via: Vec<ThreadId>,
        reduce: Option<(&ExploreOptions, &writers::Writers)>,
        on_stack: &mut FxHashSet<u128>,
    ) -> Result<Node, VmError> {
        let Some((opts, writers)) = reduce else {
            return Ok(Node {
                todo: todo(&state),
                state,
                depth,
                via,
                ready: None,
                fp: None,
            });
        };
        on_stack.insert(fp);
        let ready = super::por::ample(&state, opts, writers, on_stack)?;
        let todo = match &ready {
            Some((th, _, _)) => vec![*th],
            None => todo(&state),
        };
        Ok(Node {
            todo,
            state,
            depth,
            via,
            ready,
            fp: Some(fp),
        })
    }
}

/// Threads to try from a state (popped from the end: lowest number first).
pub(super) fn todo(s: &State) -> Vec<ThreadId> {
    let mut t = s.running_threads();
    t.reverse();
    t
}
