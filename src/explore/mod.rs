//! Explicit-state search over all schedules (Java PathFinder's idea on the
//! M5 model): from the initial state, every thread that can move is tried
//! at every state; states already seen (by 128-bit fingerprint) are not
//! expanded again. Violations: an uncaught exception in any thread, or a
//! deadlock (live threads, none can move). A violation comes with a witness:
//! the schedule (thread per step) that `m5 run --schedule file:` replays.
//!
//! Reduction: by default a transition is one instruction that may interact
//! with other threads followed by every thread-local step the same thread
//! takes next (`interp::is_thread_local_step`: frame-local instructions,
//! plain calls and returns, type tests). Those touch only the thread's own
//! call stack, so they commute with everything other threads do: running
//! them at once cannot hide an uncaught exception or a deadlock.
//! `every_instruction` branches at every bytecode instead (the paper's
//! granularity).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use rustc_hash::FxHashSet;

pub mod access;
pub mod determinism;
pub mod fingerprint;
mod guided;
mod parallel;
mod preemption;
mod sampling;
pub mod writers;

pub use guided::explore_guided;
pub use sampling::{DEFAULT_RUN_LENGTH, DEFAULT_RUNS};

use crate::interp::{self, NoOp, Outcome, VmError};
use crate::state::{Ref, State, ThreadId, Wake};

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
    /// Branch at every instruction, not only at interacting ones.
    pub every_instruction: bool,
    /// Branch only at sync points (`race::segment`): the CLI's default.
    /// It is complete for programs without data races, so it needs the race
    /// check: with `RaceCheck::Off` or properties (every instruction) it
    /// does not apply, and with `RaceCheck::Continue` a race found makes the
    /// search start again at the interaction granularity.
    pub sync: bool,
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
    /// next step has a random priority, the highest that can move runs,
    /// and then it and every pending step that conflicts with the one
    /// just made get new random priorities.
    Pos,
}

impl Strategy {
    /// Parses `exhaustive`, `preemption-bound:K`, `pct:D`, `random`.
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
            ("random", None) => Ok(Strategy::Random),
            ("pos", None) => Ok(Strategy::Pos),
            ("preemption-bound", _) => Ok(Strategy::PreemptionBound(number("K")?)),
            ("pct", _) => match number("D")? {
                0 => Err(format!("`{text}`: the depth of pct is at least 1")),
                d => Ok(Strategy::Pct(d)),
            },
            ("exhaustive" | "random" | "pos", Some(_)) => {
                Err(format!("`{name}` takes no argument"))
            }
            _ => Err(format!(
                "unknown strategy `{text}` (expected exhaustive, preemption-bound:K, pct:D, pos or random)"
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
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every reachable state explored; no violation.
    Ok,
    UncaughtException {
        thread: ThreadId,
        class: String,
        message: String,
        /// Where it was thrown: `Class.method pc N (File.java:L)`.
        at: String,
    },
    Deadlock {
        threads: Vec<BlockedThread>,
    },
    /// A fact of the invariant fails on a reachable state.
    InvariantViolation {
        fact: String,
        message: String,
    },
    /// The step relation fails on a reachable step.
    RelationViolation {
        fact: String,
        message: String,
    },
    /// Two threads' next steps access one location, one of them a write,
    /// unordered by happens-before. The witness ends with both accesses.
    DataRace(crate::race::Race),
    /// Two complete executions printed different output or ended with a
    /// different status. The report's witness is the second's.
    Nondeterministic {
        first: determinism::Outcome,
        first_witness: Vec<ThreadId>,
        second: determinism::Outcome,
    },
    /// `--determinism`: every complete execution printed the same and
    /// ended alike, but an execution read a value a real JVM does not fix
    /// (the time, an identity hash code: `interp::unfixed`). m5 fixes it,
    /// so it can neither show two different outputs nor claim there are
    /// none: a source of nondeterminism, reported with where the program
    /// read it, and no witness.
    DependsOnUnfixed {
        read: crate::state::UnfixedRead,
    },
    /// A bound was hit before the search finished: nothing is claimed.
    Incomplete {
        reason: String,
    },
}

impl Verdict {
    /// The machine-readable name used by `--json`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::UncaughtException { .. } => "uncaught-exception",
            Verdict::Deadlock { .. } => "deadlock",
            Verdict::InvariantViolation { .. } => "invariant-violation",
            Verdict::RelationViolation { .. } => "relation-violation",
            Verdict::DataRace(_) => "data-race",
            Verdict::Nondeterministic { .. } => "nondeterministic",
            Verdict::DependsOnUnfixed { .. } => "depends-on-time-or-seed",
            Verdict::Incomplete { .. } => "incomplete",
        }
    }
    /// A violation has a witness that replays it.
    pub fn is_violation(&self) -> bool {
        !matches!(
            self,
            Verdict::Ok | Verdict::Incomplete { .. } | Verdict::DependsOnUnfixed { .. }
        )
    }
}

/// A thread in a deadlock and what it waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockedThread {
    pub thread: ThreadId,
    pub name: String,
    /// A daemon thread: listed for the monitors it may hold, though it is
    /// not what keeps the program alive (JLS 12.8).
    pub daemon: bool,
    pub waits_for: String,
    /// Where it waits: `Class.method pc N (File.java:L)`.
    pub at: String,
}

/// `thread 1 (Thread-0) at Main.run pc 4 (Main.java:9) waits for ...`, with
/// `, daemon` after the name of a daemon thread.
impl std::fmt::Display for BlockedThread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let daemon = if self.daemon { ", daemon" } else { "" };
        write!(
            f,
            "thread {} ({}{daemon}) at {} waits for {}",
            self.thread, self.name, self.at, self.waits_for
        )
    }
}

#[derive(Clone, Debug)]
pub struct Report {
    pub verdict: Verdict,
    /// The schedule to the violation (thread number per step), shortened.
    pub witness: Vec<ThreadId>,
    pub states: u64,
    pub transitions: u64,
    pub max_depth: u64,
    pub seconds: f64,
    /// Executions run (sampling strategies; 0 for the state-space searches).
    pub runs: u64,
    /// What the strategy adds to the verdict (the preemption bound a bug
    /// needed, runs cut at the step bound, ...).
    pub note: Option<String>,
    /// Where the search interleaved threads: "sync", "interaction" or
    /// "instruction" (set by `explore`).
    pub granularity: &'static str,
}

impl Report {
    /// A finished search: its verdict, witness and counts, timed from
    /// `start` (`runs` and `note` are the strategies' to fill in).
    fn new(
        verdict: Verdict,
        witness: Vec<ThreadId>,
        states: u64,
        transitions: u64,
        max_depth: u64,
        start: &Instant,
    ) -> Report {
        Report {
            verdict,
            witness,
            states,
            transitions,
            max_depth,
            seconds: start.elapsed().as_secs_f64(),
            runs: 0,
            note: None,
            granularity: "",
        }
    }
}

/// Follows a transition of `th` from `s`: one step, then (with reduction)
/// the frame-local steps after it. `None`: the thread cannot move.
fn transition(
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
fn transition_in_place(
    s: &mut State,
    th: ThreadId,
    opts: &ExploreOptions,
    writers: &writers::Writers,
    steps: &mut u64,
) -> Result<bool, VmError> {
    let uncaught = s.aux.last_uncaught;
    if opts.sync {
        return segmented_transition(s, th, opts, None, uncaught, steps);
    }
    if opts.races != RaceCheck::Off && writers.weak_reads() {
        let more = |s: &State| {
            !opts.every_instruction
                && (interp::is_thread_local_step(s, th) || writers.private_read(s, th))
        };
        return segmented_transition(s, th, opts, Some(&more), uncaught, steps);
    }
    match interp::step(s, th)? {
        Outcome::NoOp(_) => return Ok(false),
        Outcome::Stepped => *steps = 1,
    }
    if !opts.every_instruction {
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

/// Describes what a blocked thread waits for.
pub fn blocked_threads(s: &State) -> Vec<BlockedThread> {
    let owner_of = |r: Ref| {
        let o = s.object(r);
        if o.mcount > 0 {
            format!(", held by thread {}", o.monitor)
        } else {
            String::new()
        }
    };
    s.live_threads()
        .into_iter()
        .map(|th| {
            let waits_for = match crate::schedule::why_stuck(s, th) {
                Some(NoOp::Blocked(Wake::Monitor(r))) => format!(
                    "the monitor of (REF {r}) ({}){}",
                    interp::natives::java_class_name(s, r),
                    owner_of(r)
                ),
                Some(NoOp::Blocked(Wake::Notify(_))) => {
                    let obj = s
                        .thread(th)
                        .and_then(|t| t.wait)
                        .map(|w| w.object)
                        .unwrap_or(0);
                    let in_join = s.thread(th).and_then(|t| t.top()).is_some_and(|f| {
                        &*f.method.class_name == "java/lang/Thread" && &*f.method.name == "join"
                    });
                    match s.thread_of_object.get(&obj) {
                        // Thread.join waits on the thread object, which the
                        // thread notifies when it ends.
                        Some(t) if in_join => format!("thread {t} to end (join)"),
                        _ => format!(
                            "a notify on (REF {obj}) ({})",
                            interp::natives::java_class_name(s, obj)
                        ),
                    }
                }
                Some(NoOp::Blocked(Wake::Ended(t))) => format!("thread {t} to end (join)"),
                Some(NoOp::Blocked(Wake::Unpark(_))) => {
                    "an unpark (parked in LockSupport.park)".to_string()
                }
                Some(NoOp::Blocked(Wake::Init(c))) => {
                    format!(
                        "the initialization of {}",
                        s.classes.class(c).name.replace('/', ".")
                    )
                }
                other => format!("{other:?}"),
            };
            let at = interp::next_insn(s, th)
                .map(|(m, pc, _)| interp::position(s, &m, pc))
                .unwrap_or_default();
            BlockedThread {
                thread: th,
                name: interp::natives::thread_name(s, th),
                daemon: s.threads[th as usize].daemon,
                waits_for,
                at,
            }
        })
        .collect()
}

/// The data race on a newly reached state that `path()` reaches, with its
/// witness (which ends with the two accesses): one found on the step that
/// led here at the sync granularity, or two threads' next steps.
fn race_at(
    s: &State,
    path: impl FnOnce() -> Vec<ThreadId>,
    opts: &ExploreOptions,
) -> Option<(crate::race::Race, Vec<ThreadId>)> {
    // Computed once, when needed.
    let path = std::cell::LazyCell::new(path);
    // Only races on `race_on`'s field that `race_where` accepts.
    let keep = |race: &crate::race::Race| {
        let location = &race.location;
        opts.race_on.as_deref().is_none_or(|f| {
            *location == format!("static field {f}")
                || location.starts_with(&format!("field {f} of "))
        }) && opts
            .race_where
            .as_ref()
            .is_none_or(|w| (w.0)(s, race, &path))
    };
    if let Some(f) = crate::race::segment::race(s)
        && keep(&f.race)
    {
        return Some((
            f.race.clone(),
            crate::race::segment::witness(f, path.to_vec()),
        ));
    }
    let race = crate::race::pending_where(s, keep)?;
    let mut witness = path.to_vec();
    witness.extend([race.first.thread, race.second.thread]);
    Some((race, witness))
}

/// The first data race a search met and went on after
/// (`RaceCheck::Continue`), with its witness.
#[derive(Default)]
struct Races {
    first: std::sync::Mutex<Option<(Verdict, Vec<ThreadId>)>>,
    /// Set with `first`: later states need no check (read on every state).
    found: std::sync::atomic::AtomicBool,
}

impl Races {
    /// The race check on a newly reached state `s`, which `path()` reaches:
    /// `Some` when the search must stop and report it (its witness then
    /// takes one step of each racing thread).
    fn check(
        &self,
        s: &State,
        opts: &ExploreOptions,
        path: impl FnOnce() -> Vec<ThreadId>,
    ) -> Option<(Verdict, Vec<ThreadId>)> {
        match opts.races {
            RaceCheck::Off => return None,
            RaceCheck::Continue if self.found.load(std::sync::atomic::Ordering::Relaxed) => {
                return None;
            }
            _ => {}
        }
        let (race, witness) = race_at(s, path, opts)?;
        let found = (Verdict::DataRace(race), witness);
        if opts.races == RaceCheck::Stop {
            return Some(found);
        }
        self.first.lock().expect("lock").get_or_insert(found);
        self.found.store(true, std::sync::atomic::Ordering::Relaxed);
        None
    }

    /// The search's report with the race it went on after: the verdict if
    /// the search found no other violation, a note if it did.
    fn fold(self, mut r: Report) -> Report {
        let Some((v, w)) = self.first.into_inner().expect("lock") else {
            return r;
        };
        if r.verdict.is_violation() {
            let also = match &v {
                Verdict::DataRace(race) => format!("also found a {race}"),
                _ => String::new(),
            };
            r.note = Some(match r.note.take() {
                Some(n) => format!("{n}; {also}"),
                None => also,
            });
        } else {
            r.verdict = v;
            r.witness = w;
        }
        r
    }
}

/// Checks a newly reached state for violations.
fn violation(parent: &State, s: &State, opts: &ExploreOptions) -> Option<Verdict> {
    let found = property_violation(parent, s, opts);
    if opts.only_properties {
        return found;
    }
    found.or_else(|| uncaught(parent.aux.last_uncaught, s))
}

/// Is a state where no live thread can move a deadlock the search reports?
fn reports_deadlock(s: &State, opts: &ExploreOptions) -> bool {
    !opts.only_properties && !s.ended()
}

/// The invariant's or the relation's failure on the step `parent` → `s`.
fn property_violation(parent: &State, s: &State, opts: &ExploreOptions) -> Option<Verdict> {
    let p = opts.properties.as_ref()?;
    if let Some(r) = &p.relation
        && let Err(f) = crate::invariant::eval::check_relation(&p.invariant, r, parent, s)
    {
        return Some(Verdict::RelationViolation {
            fact: f.fact.clone(),
            message: f.describe(&p.invariant),
        });
    }
    if p.state_facts
        && let Err(f) = crate::invariant::eval::check_state(&p.invariant, s)
    {
        return Some(Verdict::InvariantViolation {
            fact: f.fact.clone(),
            message: f.describe(&p.invariant),
        });
    }
    None
}

/// An exception that escaped a thread in the step that led to `s` (the
/// state before had `before` as its last uncaught exception).
fn uncaught(before: Option<(ThreadId, Ref)>, s: &State) -> Option<Verdict> {
    let (th, exc) = s.aux.last_uncaught?;
    if before == s.aux.last_uncaught {
        return None;
    }
    let class = interp::natives::java_class_name(s, exc);
    let text = interp::exceptions::describe(s, exc);
    let message = text
        .strip_prefix(&class)
        .unwrap_or("")
        .trim_start_matches(": ")
        .to_string();
    let at = s.aux.last_uncaught_site.clone().unwrap_or_default();
    Some(Verdict::UncaughtException {
        thread: th,
        class,
        message,
        at,
    })
}

struct Node {
    state: State,
    /// Transition index into `path` (steps to reach this state).
    depth: u64,
    /// Threads still to try from this state (DFS).
    todo: Vec<ThreadId>,
    /// Witness steps of the transition that led here.
    via: Vec<ThreadId>,
}

/// Searches the schedules from `initial` that `opts.strategy` chooses.
pub fn explore(
    initial: &State,
    opts: &ExploreOptions,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> Result<Report, VmError> {
    let opts = &effective(opts);
    let mut r = explore_at(initial, opts, progress)?;
    if r.granularity.is_empty() {
        r.granularity = granularity(opts);
    }
    Ok(r)
}

fn granularity(opts: &ExploreOptions) -> &'static str {
    if opts.every_instruction {
        "instruction"
    } else if opts.sync {
        "sync"
    } else {
        "interaction"
    }
}

/// `explore` with the effective options.
fn explore_at(
    initial: &State,
    opts: &ExploreOptions,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> Result<Report, VmError> {
    if opts.sync && opts.races == RaceCheck::Continue {
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
        let mut again = explore_at(
            initial,
            &ExploreOptions {
                sync: false,
                ..opts.clone()
            },
            progress,
        )?;
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
    if opts.strategy == Strategy::Exhaustive && (opts.jobs <= 1 || opts.bfs || opts.determinism) {
        return explore_visiting(initial, opts, progress, &mut |_, _, _| {});
    }
    // The other searches start from the same quiet, checked state.
    let init = quiet(initial, opts);
    if let Some(r) = initial_violation(&init, opts) {
        return Ok(r);
    }
    match opts.strategy {
        Strategy::Exhaustive => parallel::explore(&init, opts, progress),
        Strategy::PreemptionBound(k) => preemption::explore(&init, opts, k, progress),
        Strategy::Pct(_) | Strategy::Random | Strategy::Pos => {
            sampling::explore(&init, opts, progress)
        }
    }
}

/// Properties are checked on every state: then the search branches at
/// every instruction.
fn effective(opts: &ExploreOptions) -> std::borrow::Cow<'_, ExploreOptions> {
    let every_instruction = opts.every_instruction || opts.properties.is_some();
    let sync = opts.sync && !every_instruction && opts.races != RaceCheck::Off;
    if every_instruction != opts.every_instruction || sync != opts.sync {
        std::borrow::Cow::Owned(ExploreOptions {
            every_instruction,
            sync,
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

/// `explore`, calling `visit(parent, state, thread)` on every new state
/// the search reaches, with its parent and the thread that stepped (for
/// inference, which filters candidate facts on them).
pub fn explore_visiting(
    initial: &State,
    opts: &ExploreOptions,
    progress: &mut dyn FnMut(u64, u64, u64),
    visit: &mut dyn FnMut(&State, &State, ThreadId),
) -> Result<Report, VmError> {
    let opts = &effective(opts);
    let start = Instant::now();
    let writers = writers::Writers::new(&initial.classes);
    let mut visited: FxHashSet<u128> = FxHashSet::default();
    let mut states = 1u64;
    let mut transitions = 0u64;
    let mut max_depth = 0u64;
    let init = quiet(initial, opts);
    visited.insert(fingerprint::of(&init));
    if let Some(r) = initial_violation(&init, opts) {
        return Ok(r);
    }
    let races = Races::default();
    let mut outcomes = determinism::Outcomes::default();
    let mut incomplete: Option<String> = None;
    let finish = |verdict: Verdict, witness: Vec<ThreadId>, states, transitions, max_depth| {
        Report::new(verdict, witness, states, transitions, max_depth, &start)
    };
    if let Some((v, w)) = races.check(&init, opts, Vec::new) {
        return Ok(finish(v, w, states, 0, 0));
    }

    if opts.bfs {
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
        return Ok(races.fold(finish(verdict, Vec::new(), states, transitions, max_depth)));
    }

    let mut stack: Vec<Node> = vec![Node {
        todo: todo(&init),
        state: init,
        depth: 0,
        via: Vec::new(),
    }];
    let mut moved_flags: Vec<bool> = vec![false];
    while let Some(top) = stack.last_mut() {
        let Some(th) = top.todo.pop() else {
            let node = stack.pop().expect("non-empty");
            let moved = moved_flags.pop().expect("parallel");
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
        let Some(next) = transition(&top.state, th, opts, &writers, &mut k)? else {
            continue;
        };
        *moved_flags.last_mut().expect("parallel") |= !spurious;
        transitions += 1;
        let via = vec![th; k as usize];
        if let Some(v) = violation(&top.state, &next, opts) {
            let mut w: Vec<ThreadId> = stack.iter().flat_map(|n| n.via.iter().copied()).collect();
            w.extend(via);
            let r = finish(v, w, states, transitions, max_depth.max(depth + 1));
            return Ok(races.fold(r));
        }
        outcomes.saw(&next);
        if !visited.insert(fingerprint::of(&next)) {
            continue;
        }
        visit(&top.state, &next, th);
        states += 1;
        max_depth = max_depth.max(depth + 1);
        let path = || {
            let mut w: Vec<ThreadId> = stack.iter().flat_map(|n| n.via.iter().copied()).collect();
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
            break;
        }
        stack.push(Node {
            todo: todo(&next),
            state: next,
            depth: depth + 1,
            via,
        });
        moved_flags.push(false);
    }
    let verdict = outcomes.verdict(incomplete, opts.determinism);
    Ok(races.fold(finish(verdict, Vec::new(), states, transitions, max_depth)))
}

/// Threads to try from a state (popped from the end: lowest number first).
fn todo(s: &State) -> Vec<ThreadId> {
    let mut t = s.running_threads();
    t.reverse();
    t
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

/// Deletes whole runs of one thread's steps from `witness`, last run
/// first, while `keeps` says the shorter schedule still shows the
/// violation (at most 400 tries).
fn drop_runs(
    witness: &[ThreadId],
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
    let mut i = runs.len();
    while i > 0 && budget > 0 {
        i -= 1;
        budget -= 1;
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
    let mut w = drop_runs(&witness[..k], |w| Ok(same(w)?.is_some()))?;
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
    let shortened = drop_runs(&witness, |w| Ok(same(&replay_violation(initial, w, opts)?)))?;
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
