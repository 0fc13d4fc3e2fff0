//! The search for a reachable violation of a claim: what turns a failed
//! induction into "refuted". A failed Lemma 2 or 3 obligation is only a
//! counterexample to induction (a state inside the invariant whose step
//! leaves it, which no schedule may reach); a claim is refuted only by a
//! schedule from the initial state that `m5 run --invariant` (or
//! `--relation`) replays to a violating state or step. Five searches are
//! tried, cheapest first:
//!
//! 1. the single-threaded prefix, which the proof has run anyway;
//! 2. a few seeded random runs (a violation hundreds of steps deep, past
//!    the breadth-first search's reach, costs them a moment); what they
//!    find settles the verdict, and stage 3 only looks for a shorter
//!    witness;
//! 3. every schedule, breadth-first from the initial state, every
//!    instruction a branch point (the `m5 explore --invariant` search),
//!    within a budget of states and time;
//! 4. a best-first search that moves a thread toward the call stack of a
//!    failed case (`crate::explore::explore_guided`), in the same budget;
//! 5. more seeded random runs, which go deeper than the exhaustive search.
//!
//! A violation found is replayed once more the way `m5 run --invariant`
//! checks a run (`crate::invariant::watch`) before it counts.

use std::sync::Arc;
use std::time::Duration;

use super::theorem::Goal;
use crate::classfile::MethodId;
use crate::explore::{self, ExploreOptions, Properties};
use crate::invariant::Compiled;
use crate::schedule::{self, RunOptions, Schedule};
use crate::state::{State, ThreadId};

/// How much the search may spend per theorem (the breadth-first search
/// and the random runs may visit `states`, the guided search a quarter of
/// them; `time` is for all of them together: half for the breadth-first
/// search, a quarter each for the others).
#[derive(Clone, Debug)]
pub struct Budget {
    pub states: u64,
    pub time: Duration,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            states: 200_000,
            time: Duration::from_secs(10),
        }
    }
}

/// A reachable violation: the schedule from the initial state to it.
#[derive(Clone, Debug)]
pub struct Found {
    pub schedule: Vec<ThreadId>,
    /// The failure as `m5 run --invariant` describes it on the replay.
    pub failure: String,
    /// Which search found it.
    pub by: &'static str,
    /// The schedule wakes a thread from `wait` without a notify (the
    /// searches allow it, as the prover's step does): `m5 run` replays it
    /// with spurious wake-ups on (`--spurious-wakeups`, or the line in a
    /// witness file).
    pub spurious_wakeups: bool,
}

/// No violation found: what was searched, for the report.
#[derive(Clone, Debug)]
pub struct Searched {
    pub summary: String,
    /// The breadth-first search visited every reachable state: the claim
    /// holds for this program and these arguments (it is still not proved
    /// by induction).
    pub complete: bool,
}

/// Steps of each random run (stage 4): deeper than the breadth-first
/// search gets, short enough for many runs.
const RUN_LENGTH: u64 = 2_000;

/// Random runs tried before the breadth-first search (stage 2).
const PROBE_RUNS: u64 = 8;

/// Where a theorem's counterexamples to induction put the stepping
/// thread: the call stacks to aim the guided search at.
pub type Targets = Vec<Vec<(MethodId, u32)>>;

/// Looks for a reachable violation of `goal` (the user's claim `c`) from
/// `initial`, the state `m5 run` starts in. `budget` None: the prefix
/// alone.
pub fn search(
    initial: &State,
    c: &Arc<Compiled>,
    goal: &Goal,
    prefix_steps: usize,
    targets: &Targets,
    budget: Option<&Budget>,
) -> Result<Found, Searched> {
    let relation = match goal {
        Goal::Invariant => None,
        Goal::Relation(r) => Some(r.clone()),
    };
    let mut summary = Vec::new();
    // 1. The single-threaded prefix.
    let p = super::prefix::run(c, initial.clone(), relation.as_slice(), prefix_steps.max(1));
    let upto = match &relation {
        None => p.failure.is_some().then_some(p.schedule.len()),
        Some(_) => p.relation_steps.first().copied(),
    };
    if let Some(k) = upto
        && let Some(f) = confirm(
            initial,
            c,
            goal,
            &p.schedule[..k],
            "the single-threaded prefix",
        )
    {
        return Ok(f);
    }
    summary.push(format!(
        "the {} states of the single-threaded prefix",
        p.steps + 1
    ));
    let Some(budget) = budget else {
        return Err(Searched {
            summary: summary.join("; "),
            complete: false,
        });
    };
    let start = std::time::Instant::now();
    let opts = ExploreOptions {
        properties: Some(Properties {
            invariant: c.clone(),
            state_facts: relation.is_none(),
            relation: relation.clone(),
        }),
        granularity: crate::explore::Granularity::Instruction,
        bfs: true,
        max_states: Some(budget.states),
        time_limit: Some(budget.time / 2),
        max_transition_steps: Some(10_000),
        races: explore::RaceCheck::Off,
        only_properties: true,
        ..Default::default()
    };
    // 2. A few random runs first: a violation deep in a long loop (hundreds
    // of steps) is out of the breadth-first search's reach. One found here
    // settles the verdict; the breadth-first search then only looks for a
    // shorter witness, on an eighth of the budget.
    let probed = match random_runs(initial, c, goal, &opts, PROBE_RUNS, 1, None) {
        Ok(f) => Some(f),
        Err(what) => {
            summary.push(what);
            None
        }
    };
    let opts = match &probed {
        Some(f) => ExploreOptions {
            max_depth: Some(f.schedule.len() as u64),
            max_states: Some((budget.states / 8).max(1)),
            time_limit: Some(budget.time / 8),
            ..opts
        },
        None => opts,
    };
    // 3. Every schedule, breadth-first.
    let r = explore::explore(initial, &opts, &mut |_, _, _| {});
    if let Ok(r) = &r
        && r.verdict.is_violation()
    {
        let w = explore::shorten(initial, r.witness.clone(), &r.verdict, &opts).unwrap_or_default();
        if let Some(f) = confirm(initial, c, goal, &w, "the breadth-first search") {
            return Ok(f);
        }
        summary.push(
            "a violation the breadth-first search met did not replay (please report it)".into(),
        );
    }
    // (Depth-bounded when the probe found one: "every state" would be
    // every state above the probe's witness, not a completed search.)
    if let Some(f) = probed {
        return Ok(f);
    }
    match r {
        Ok(r) if r.verdict.is_violation() => {}
        Ok(r) if r.verdict == explore::Verdict::Ok => {
            summary.push(format!(
                "every reachable state: {} states, every schedule (the search is complete, so the claim holds for these arguments)",
                r.states
            ));
            return Err(Searched {
                summary: summary.join("; "),
                complete: true,
            });
        }
        Ok(r) => summary.push(format!(
            "the {} states of every schedule up to depth {} (breadth-first)",
            r.states,
            r.max_depth.saturating_sub(1)
        )),
        Err(e) => summary.push(format!("a breadth-first search that stopped: {e}")),
    }
    // 4. Toward the counterexamples' call stacks.
    if !targets.is_empty() {
        let left = (budget.time * 3 / 4).saturating_sub(start.elapsed());
        match toward(initial, c, goal, &opts, targets, budget.states / 4, left) {
            Ok(f) => return Ok(f),
            Err(what) => summary.push(what),
        }
    }
    // 5. Random runs, deeper. (Seed 1's first runs were the probe's.)
    let left = budget.time.saturating_sub(start.elapsed());
    let runs = (budget.states / RUN_LENGTH).max(1);
    match random_runs(initial, c, goal, &opts, runs, 2, Some(left)) {
        Ok(f) => return Ok(f),
        Err(what) => summary.push(what),
    }
    Err(Searched {
        summary: summary.join("; "),
        complete: false,
    })
}

/// The best-first search toward `targets` (stage 4), on `states` states
/// (a quarter of the budget: the best-first frontier keeps every state it
/// has not expanded, where breadth-first keeps one level) and `time`: a
/// violation, shortened and replayed, or what it did (for the report).
fn toward(
    initial: &State,
    c: &Arc<Compiled>,
    goal: &Goal,
    opts: &ExploreOptions,
    targets: &Targets,
    states: u64,
    time: Duration,
) -> Result<Found, String> {
    let guided = ExploreOptions {
        bfs: false,
        time_limit: Some(time),
        max_states: Some(states.max(1)),
        ..opts.clone()
    };
    let score = |s: &State| aim(s, targets);
    match explore::explore_guided(initial, &guided, &score) {
        Ok(r) if r.verdict.is_violation() => {
            let w = explore::shorten(initial, r.witness, &r.verdict, &guided).unwrap_or_default();
            let by = "the search toward the failed case's call stack";
            confirm(initial, c, goal, &w, by).ok_or_else(|| {
                "a violation the search toward the failed cases met did not replay (please report it)"
                    .to_string()
            })
        }
        Ok(r) => Err(format!(
            "{} states of a search toward the failed cases' call stacks (depth up to {})",
            r.states, r.max_depth
        )),
        Err(e) => Err(format!(
            "a search toward the failed cases that stopped: {e}"
        )),
    }
}

/// `runs` seeded random runs of `RUN_LENGTH` steps (stages 2 and 5) with
/// `opts`' properties: a violation, shortened and replayed, or what the
/// runs did (for the report).
fn random_runs(
    initial: &State,
    c: &Arc<Compiled>,
    goal: &Goal,
    opts: &ExploreOptions,
    runs: u64,
    seed: u64,
    time: Option<Duration>,
) -> Result<Found, String> {
    let sampled = ExploreOptions {
        bfs: false,
        strategy: explore::Strategy::Random,
        runs: Some(runs),
        max_depth: Some(RUN_LENGTH),
        time_limit: time,
        max_states: None,
        seed,
        ..opts.clone()
    };
    match explore::explore(initial, &sampled, &mut |_, _, _| {}) {
        Ok(r) if r.verdict.is_violation() => {
            let w = explore::shorten(initial, r.witness, &r.verdict, &sampled).unwrap_or_default();
            confirm(initial, c, goal, &w, "a random run").ok_or_else(|| {
                "a violation a random run met did not replay (please report it)".to_string()
            })
        }
        Ok(r) => Err(format!(
            "{} random runs of up to {RUN_LENGTH} steps",
            r.runs
        )),
        Err(e) => Err(format!("random runs that stopped: {e}")),
    }
}

/// How close some thread of `s` is to one of `targets`: per frame from
/// the bottom, 2 for the same method and 1 more for the same pc, up to
/// the first difference.
fn aim(s: &State, targets: &Targets) -> u32 {
    let mut best = 0;
    for t in s.threads.iter() {
        for target in targets {
            let mut score = 0;
            for (f, &(m, pc)) in t.stack.iter().zip(target) {
                if f.method.id != m {
                    break;
                }
                score += 2;
                if f.pc() != pc {
                    break;
                }
                score += 1;
            }
            best = best.max(score);
        }
    }
    best
}

/// Replays `schedule` from `initial` as `m5 run --invariant FILE
/// [--relation R --relation-only] --schedule ...` does: the violation if
/// the claim fails on its last step.
fn confirm(
    initial: &State,
    c: &Compiled,
    goal: &Goal,
    schedule: &[ThreadId],
    by: &'static str,
) -> Option<Found> {
    // Under the searches' semantics: spurious wake-ups on.
    let semantics = ExploreOptions::default();
    let mut s = explore::searched(initial, &semantics);
    let (relation, relation_only) = match goal {
        Goal::Invariant => (None, false),
        Goal::Relation(r) => (Some(r.clone()), true),
    };
    let mut watch = crate::invariant::watch::Watch::new(c, relation, relation_only, &mut s);
    if watch.failure.is_none() {
        let sched = Schedule::List(schedule.to_vec());
        let _ = schedule::run(
            &mut s,
            &sched,
            RunOptions {
                observer: Some(&mut watch),
                strict_threads: true,
                ..Default::default()
            },
        );
    }
    let (step, f, _) = watch.failure.as_ref()?;
    if *step as usize != schedule.len() {
        return None;
    }
    Some(Found {
        schedule: schedule.to_vec(),
        failure: format!("at step {step}: {}", f.describe(c)),
        by,
        spurious_wakeups: explore::wakes_spuriously(initial, schedule, &semantics).unwrap_or(true),
    })
}

/// A schedule as `m5 run --schedule list:...` takes it (runs of one
/// thread as `T*N`).
pub fn list_text(schedule: &[ThreadId]) -> String {
    format!("list:{}", schedule::entries(schedule).join(","))
}
