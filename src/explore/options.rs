//! What a search is asked to do (`ExploreOptions`): granularity, strategy,
//! bounds, properties, the race check and its filters.

use std::time::Duration;

use crate::state::{State, ThreadId};

/// Invariant and step relation to check on every state and transition.
#[derive(Clone, Debug)]
pub struct Properties {
    pub invariant: std::sync::Arc<crate::invariant::Compiled>,
    /// Check the invariant's state facts (not only the relation).
    pub state_facts: bool,
    pub relation: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct ExploreOptions {
    /// Checked on every state (and every step, for the relation). With
    /// properties, the search branches at every instruction: every state a
    /// schedule can reach is then visited.
    pub properties: Option<Properties>,
    /// Where the search lets another thread run (default: at sync points,
    /// as the CLI).
    pub granularity: Granularity,
    /// Breadth-first (shortest witnesses) instead of depth-first.
    pub bfs: bool,
    /// Bound on the number of transitions from the initial state.
    pub max_depth: Option<u64>,
    pub max_states: Option<u64>,
    pub time_limit: Option<Duration>,
    /// Single-thread instructions at most in one transition (a guard against
    /// a thread looping forever on its own; exceeding it is a bound).
    pub max_transition_steps: Option<u64>,
    /// Which schedules to try (default: all of them).
    pub strategy: Strategy,
    /// Executions to sample (`pct` and `random`; default 1,000).
    pub runs: Option<u64>,
    /// Seed of the sampling strategies (same seed, same runs).
    pub seed: u64,
    /// Worker threads (0 and 1: the calling thread alone). Exhaustive
    /// depth-first search splits its work; sampling splits its runs.
    pub jobs: usize,
    /// What a data race on a reached state does (default: ends the search
    /// with the verdict `data-race`).
    pub races: RaceCheck,
    /// Check that every complete execution prints the same output and
    /// ends with the same status (sequential exhaustive search only).
    pub determinism: bool,
    /// Only races on this field (`pkg.Class.field`) count; the search
    /// passes over others (`m5 locks` confirming one warning).
    pub race_on: Option<String>,
    /// Waits end only by notify, interrupt or timeout. By default the
    /// search also tries spurious wake-ups (JLS 17.2.1), as the prover
    /// assumes them: it sets `Config::spurious_wakeups` on the states it
    /// searches and replays.
    pub notified_wakeups_only: bool,
    /// Only races this accepts count (with `race_on`'s): `m5 locks`
    /// confirming a warning about array elements.
    pub race_where: Option<RaceFilter>,
    /// Only the properties' failures are violations: an uncaught
    /// exception or a deadlock is not (the prover's search for a state
    /// that violates a claim, `crate::prove::witness`).
    pub only_properties: bool,
    /// Search only this shard's part (`shard.rs`): sampling its run
    /// indices, the exhaustive search the subtrees below its frontier
    /// states (on one thread).
    pub shard: Option<super::Shard>,
    /// The frontier size the shards' enumeration stops at (default 16 per
    /// shard): the tests make it small, so that the subtrees do the work.
    pub shard_frontier: Option<usize>,
    /// Partial-order reduction of the sequential depth-first search
    /// (`por.rs`): from a state whose lowest-numbered thread with a safe
    /// transition (one nothing else depends on) exists, only that thread
    /// moves. Same verdicts, fewer states. Ignored by the breadth-first,
    /// parallel and sharded searches (the CLI refuses those with it) and
    /// with properties (every step is then visible).
    pub por: bool,
}

/// A test of a race found on a state (whose two racing threads' next
/// steps are the two accesses, at the interaction granularity), given the
/// schedule from the search's initial state to that state.
#[derive(Clone)]
pub struct RaceFilter(pub std::sync::Arc<RaceTest>);

/// `RaceFilter`'s test: the state, the race, the schedule to the state.
pub type RaceTest = dyn Fn(&State, &crate::race::Race, &[ThreadId]) -> bool + Send + Sync;

impl std::fmt::Debug for RaceFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RaceFilter")
    }
}

/// Data-race checking during a search (`crate::race::pending` on every
/// state reached).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RaceCheck {
    /// The first race found is the verdict.
    #[default]
    Stop,
    /// The search goes on for exceptions, deadlocks and property
    /// violations; the first race becomes the verdict if none is found
    /// (so a racy program never gets "ok").
    Continue,
    /// No race checking ("ok" then says nothing about races): for callers
    /// that only collect states, such as inference.
    Off,
}

/// Where the search lets another thread run.
///
/// - `Sync` (the default, the CLI's too): only at sync points
///   (`race::segment`). It is complete for programs without data races, so
///   it needs the race check: with `RaceCheck::Off` or properties (every
///   instruction) it does not apply (the search runs at the interaction
///   granularity, or every instruction), and with `RaceCheck::Continue` a
///   race found makes the search start again at the interaction granularity.
/// - `Interaction`: before every instruction that may interact with other
///   threads; the thread-local steps after it join its transition.
/// - `Instruction`: before every instruction (the paper's granularity).
//
// The variants carry no doc comments: clap would print them as the
// possible values' help, and `m5 explore --help` would change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Granularity {
    #[default]
    Sync,
    Interaction,
    Instruction,
}

impl Granularity {
    /// The name reports give it (`Report::granularity`).
    pub fn name(self) -> &'static str {
        match self {
            Granularity::Sync => "sync",
            Granularity::Interaction => "interaction",
            Granularity::Instruction => "instruction",
        }
    }
}

/// How the explorer chooses schedules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strategy {
    /// Every schedule (state caching makes it finite for finite programs).
    #[default]
    Exhaustive,
    /// Every schedule with at most K preemptions (switching away from a
    /// thread that could go on), for K = 0, 1, ... up to the bound (CHESS's
    /// iterative context bounding).
    PreemptionBound(u32),
    /// Probabilistic concurrency testing with bug depth D (Burckhardt et
    /// al., ASPLOS 2010): random thread priorities, D - 1 random points
    /// where the running thread drops to the lowest priority.
    Pct(u32),
    /// At every scheduling point a thread that can move, uniformly.
    Random,
    /// Partial-order sampling (Yuan, Yang, Gu, CAV 2018): every thread's
    /// next step has a random priority; steps that race with nothing
    /// (allocations, plain calls, starts) run first, else the
    /// highest-priority step runs, and then its thread and every thread
    /// whose pending step conflicts with it get new random priorities.
    Pos,
    /// `m5 explore`'s default (`portfolio.rs`): the exhaustive search on a
    /// share of the time budget, then POS, PCT at several depths and
    /// random walks in turn on the rest; one verdict.
    Portfolio,
}

impl Strategy {
    /// Parses `portfolio`, `exhaustive`, `preemption-bound:K`, `pct:D`,
    /// `pos`, `random`.
    pub fn parse(text: &str) -> Result<Strategy, String> {
        let (name, arg) = match text.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (text, None),
        };
        let number = |what: &str| -> Result<u32, String> {
            let a = arg.ok_or_else(|| format!("`{name}` needs {what}: `{name}:{what}`"))?;
            a.parse::<u32>()
                .map_err(|_| format!("`{a}` in `{text}` is not a number ({what})"))
        };
        match (name, arg) {
            ("exhaustive", None) => Ok(Strategy::Exhaustive),
            ("portfolio", None) => Ok(Strategy::Portfolio),
            ("random", None) => Ok(Strategy::Random),
            ("pos", None) => Ok(Strategy::Pos),
            ("preemption-bound", _) => Ok(Strategy::PreemptionBound(number("K")?)),
            ("pct", _) => match number("D")? {
                0 => Err(format!("`{text}`: the depth of pct is at least 1")),
                d => Ok(Strategy::Pct(d)),
            },
            ("exhaustive" | "random" | "pos" | "portfolio", Some(_)) => {
                Err(format!("`{name}` takes no argument"))
            }
            _ => Err(format!(
                "unknown strategy `{text}` (expected portfolio, exhaustive, preemption-bound:K, pct:D, pos or random)"
            )),
        }
    }
    /// Whether an "ok" from this strategy covers every schedule.
    pub fn is_exhaustive(self) -> bool {
        self == Strategy::Exhaustive
    }
    /// Whether it samples single executions (`--runs`, `--seed`).
    pub fn is_sampling(self) -> bool {
        matches!(self, Strategy::Pct(_) | Strategy::Random | Strategy::Pos)
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Strategy::Exhaustive => write!(f, "exhaustive"),
            Strategy::PreemptionBound(k) => write!(f, "preemption-bound:{k}"),
            Strategy::Pct(d) => write!(f, "pct:{d}"),
            Strategy::Random => write!(f, "random"),
            Strategy::Pos => write!(f, "pos"),
            Strategy::Portfolio => write!(f, "portfolio"),
        }
    }
}
