//! Shards: one search split among N processes that share nothing (a
//! cluster's array job), each given its index I (0-based) and N.
//!
//! - Sampling (pct, pos, random): shard I runs the run indices i with
//!   i % N == I (`Shard::nth`); run i depends on the seed and i alone
//!   (`sampling::rng_for`), so the shards together run exactly the runs
//!   one process runs.
//! - The exhaustive search: every shard first enumerates the top of the
//!   search tree breadth-first, level by level, with its own visited set,
//!   until a level holds at least `ROOTS_PER_SHARD` × N states (or the
//!   search ends, or `MAX_PREFIX_DEPTH`). That level, in the order the
//!   enumeration found it (the same in every shard: it depends on the
//!   program and the options only), is the frontier; shard I searches
//!   depth-first below the frontier states k with k % N == I. Every state
//!   above the frontier was expanded and checked by every shard, and the
//!   frontier is exactly the visited states not expanded; a schedule
//!   either stays above the frontier or passes through a frontier state,
//!   whose shard searches everything reachable from it (with the states
//!   above the frontier and every frontier state counted as visited: their
//!   expansions are the enumeration's or another root's). So the shards
//!   together check every reachable state and transition; a state below
//!   two roots may be searched by two shards, which costs time, not truth.
//!
//! A shard's "ok" says only that its part holds no violation: `m5 merge`
//! says "ok" only when every shard of the N is there and completed.

use std::time::Instant;

use rustc_hash::FxHashSet;

use super::search::{Root, Search, dfs};
use super::verdict::{Races, blocked_threads, reports_deadlock, violation};
use super::{
    ExploreOptions, Report, Verdict, bound_hit, fingerprint, initial_violation, quiet, transition,
    writers,
};
use crate::interp::{self, VmError};
use crate::state::{State, ThreadId};

/// Shard `index` of `count` (0 <= index < count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

/// Frontier states per shard the enumeration aims at (more roots than
/// shards even out the shards' work).
pub const ROOTS_PER_SHARD: usize = 16;

/// Levels the enumeration goes down at most (a program whose first
/// thousands of transitions have one successor each).
pub const MAX_PREFIX_DEPTH: u64 = 10_000;

impl Shard {
    /// Parses `I/N`: shard I (0-based) of N, e.g. `--shard
    /// "$SLURM_ARRAY_TASK_ID/4"`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = |why: &str| {
            format!(
                "`{text}`: {why} (expected I/N: shard I of N, I counted from 0, e.g. 0/4 ... 3/4)"
            )
        };
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| bad("no `/` between the index and the count"))?;
        let index: u64 = i
            .trim()
            .parse()
            .map_err(|_| bad(&format!("the index `{i}` is not a number")))?;
        let count: u64 = n
            .trim()
            .parse()
            .map_err(|_| bad(&format!("the count `{n}` is not a number")))?;
        if count == 0 {
            return Err(bad("the count must be at least 1"));
        }
        if index >= count {
            return Err(bad(&format!(
                "the index must be below the count: 0 to {}",
                count - 1
            )));
        }
        Ok(Shard { index, count })
    }

    /// Whether item `k` of a list split among the shards is this one's.
    pub fn owns(self, k: u64) -> bool {
        k % self.count == self.index
    }

    /// This shard's `c`-th item (0-based) of a list split among the shards.
    pub fn nth(self, c: u64) -> u64 {
        c.saturating_mul(self.count).saturating_add(self.index)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The enumeration's end: a verdict found above the frontier, or the
/// frontier (states with the schedules that reach them) and what it cost.
enum Top {
    Found(Report),
    Frontier {
        level: Vec<(State, Vec<ThreadId>)>,
        depth: u64,
        visited: FxHashSet<u128>,
        races: Races,
        states: u64,
        transitions: u64,
    },
}

/// The exhaustive search's part of shard `opts.shard` (depth-first on
/// the calling thread), calling `visit` as `explore_visiting` does on
/// every new state of the enumeration and of the part.
pub(super) fn explore(
    initial: &State,
    opts: &ExploreOptions,
    shard: Shard,
    progress: &mut dyn FnMut(u64, u64, u64),
    visit: &mut dyn FnMut(&State, &State, ThreadId),
) -> Result<Report, VmError> {
    let start = Instant::now();
    let init = quiet(initial, opts);
    if let Some(r) = initial_violation(&init, opts) {
        return Ok(r);
    }
    let races = Races::default();
    if let Some((v, w)) = races.check(&init, opts, Vec::new) {
        return Ok(Report::new(v, w, 1, 0, 0, &start));
    }
    let writers = writers::Writers::new(&initial.classes);
    let (level, depth, visited, races, states, transitions) =
        match enumerate(init, opts, shard, &writers, races, &start, visit)? {
            Top::Found(r) => return Ok(r),
            Top::Frontier {
                level,
                depth,
                visited,
                races,
                states,
                transitions,
            } => (level, depth, visited, races, states, transitions),
        };
    // Every frontier state is visited (its own root's to expand).
    let roots: Vec<Root> = level
        .into_iter()
        .enumerate()
        .filter(|(k, _)| shard.owns(*k as u64))
        .map(|(_, (state, path))| Root { state, depth, path })
        .collect();
    let search = Search {
        opts,
        start,
        writers,
        visited,
        races,
        states,
        transitions,
    };
    let mut r = dfs(search, roots, progress, visit)?;
    // The enumeration's states are counted once, by shard 0, so that the
    // shards' counts add up.
    if shard.index != 0 {
        r.states -= states.min(r.states);
        r.transitions -= transitions.min(r.transitions);
    }
    Ok(r)
}

/// The top of the tree breadth-first, with the search's checks on every
/// transition and new state, down to the frontier (`explore`).
fn enumerate(
    init: State,
    opts: &ExploreOptions,
    shard: Shard,
    writers: &writers::Writers,
    races: Races,
    start: &Instant,
    visit: &mut dyn FnMut(&State, &State, ThreadId),
) -> Result<Top, VmError> {
    let mut visited: FxHashSet<u128> = FxHashSet::default();
    visited.insert(fingerprint::of(&init));
    let target = opts
        .shard_frontier
        .unwrap_or(ROOTS_PER_SHARD.saturating_mul(shard.count as usize));
    let mut level: Vec<(State, Vec<ThreadId>)> = vec![(init, Vec::new())];
    let (mut depth, mut states, mut transitions) = (0u64, 1u64, 0u64);
    let depth_bound = opts.max_depth.unwrap_or(u64::MAX).min(MAX_PREFIX_DEPTH);
    let found = |v, w, states, transitions, depth, races: Races| {
        Ok(Top::Found(races.fold(Report::new(
            v,
            w,
            states,
            transitions,
            depth,
            start,
        ))))
    };
    while !level.is_empty() && level.len() < target && depth < depth_bound {
        if let Some(why) = bound_hit(opts, start, states, depth) {
            let v = Verdict::Incomplete { reason: why };
            return found(v, Vec::new(), states, transitions, depth, races);
        }
        let mut next_level = Vec::new();
        for (s, path) in &level {
            let mut moved = false;
            for th in s.running_threads() {
                let mut k = 0;
                let spurious = interp::wakes_spuriously(s, th);
                let Some(next) = transition(s, th, opts, writers, &mut k)? else {
                    continue;
                };
                moved |= !spurious;
                transitions += 1;
                let mut p = path.clone();
                p.extend(std::iter::repeat_n(th, k as usize));
                if let Some(v) = violation(s, &next, opts) {
                    return found(v, p, states, transitions, depth + 1, races);
                }
                if !visited.insert(fingerprint::of(&next)) {
                    continue;
                }
                visit(s, &next, th);
                states += 1;
                if let Some((v, w)) = races.check(&next, opts, || p.clone()) {
                    let r = Report::new(v, w, states, transitions, depth + 1, start);
                    return Ok(Top::Found(r));
                }
                next_level.push((next, p));
            }
            if !moved && reports_deadlock(s, opts) {
                let v = Verdict::Deadlock {
                    threads: blocked_threads(s),
                };
                return found(v, path.clone(), states, transitions, depth, races);
            }
        }
        level = next_level;
        depth += 1;
    }
    Ok(Top::Frontier {
        level,
        depth,
        visited,
        races,
        states,
        transitions,
    })
}
