//! What a search found (`Verdict`, `Report`) and how a reached state is
//! judged: uncaught exceptions, deadlocks (with what each thread waits
//! for), property failures and data races.

use std::time::Instant;

use super::{ExploreOptions, RaceCheck, determinism};
use crate::interp::{self, NoOp};
use crate::state::{Ref, State, ThreadId, Wake};

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

impl Verdict {
    /// The verdict's first line, as `explore` prints it and as `m5 run`
    /// ends a replay of its witness (one text for both); thread names are
    /// read from `s`, the state the witness reaches (a thread the initial
    /// state lacks has its name only there). `None` for ok and incomplete,
    /// whose words depend on what was searched.
    pub fn headline(&self, s: &State) -> Option<String> {
        let name = |t: ThreadId| interp::runtime::thread_name(s, t);
        Some(match self {
            Verdict::Ok | Verdict::Incomplete { .. } => return None,
            Verdict::UncaughtException {
                thread,
                class,
                message,
                at,
            } => {
                let sep = if message.is_empty() { "" } else { ": " };
                format!(
                    "violation: uncaught {class}{sep}{message} in thread {thread} ({}), thrown at {at}",
                    name(*thread)
                )
            }
            Verdict::Deadlock { .. } => "violation: deadlock".into(),
            Verdict::InvariantViolation { message, .. } => {
                format!("violation: invariant: {message}")
            }
            Verdict::RelationViolation { message, .. } => format!("violation: relation: {message}"),
            Verdict::DataRace(r) => format!("violation: data race on {}", r.location),
            Verdict::Nondeterministic { .. } => {
                "violation: nondeterministic: two complete executions end differently".into()
            }
            Verdict::DependsOnUnfixed { read } => format!(
                "nondeterministic: depends on time/seed (read by {} at {})",
                read.native, read.at
            ),
        })
    }

    /// The kinds one execution shows (its witness replays to the same
    /// verdict); a nondeterminism needs two.
    pub fn shown_by_one_run(&self) -> bool {
        self.is_violation() && !matches!(self, Verdict::Nondeterministic { .. })
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
    /// Sampling: the index (0-based) of the run that found the violation
    /// (`m5 merge` keeps the smallest, as one process does).
    pub failing_run: Option<u64>,
    /// Sampling: runs cut at the step bound.
    pub runs_cut: u64,
    /// The first data race the search met and went on after
    /// (`RaceCheck::Continue`) when the verdict is another violation:
    /// the race and its own witness (the verdict's witness is the
    /// violation's).
    pub race: Option<(crate::race::Race, Vec<ThreadId>)>,
    /// The verdict is a data race that took the place of "incomplete":
    /// the search stopped at a bound, so it may have missed an exception
    /// or deadlock (the portfolio then samples on).
    pub bounded: bool,
}

impl Report {
    /// A finished search: its verdict, witness and counts, timed from
    /// `start` (`runs` and `note` are the strategies' to fill in).
    pub(super) fn new(
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
            failing_run: None,
            runs_cut: 0,
            race: None,
            bounded: false,
        }
    }
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
            let waits_for = match crate::interp::runtime::why_stuck(s, th) {
                Some(NoOp::Blocked(Wake::Monitor(r))) => format!(
                    "the monitor of (REF {r}) ({}){}",
                    interp::runtime::java_class_name(s, r),
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
                            interp::runtime::java_class_name(s, obj)
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
                name: interp::runtime::thread_name(s, th),
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
pub(super) fn race_at(
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
pub(super) struct Races {
    first: std::sync::Mutex<Option<(Verdict, Vec<ThreadId>)>>,
    /// Set with `first`: later states need no check (read on every state).
    found: std::sync::atomic::AtomicBool,
}

impl Races {
    /// The race check on a newly reached state `s`, which `path()` reaches:
    /// `Some` when the search must stop and report it (its witness then
    /// takes one step of each racing thread).
    pub(super) fn check(
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
    pub(super) fn fold(self, mut r: Report) -> Report {
        let Some((v, w)) = self.first.into_inner().expect("lock") else {
            return r;
        };
        if r.verdict.is_violation() {
            if let Verdict::DataRace(race) = v {
                r.race = Some((race, w));
            }
        } else {
            r.bounded = matches!(r.verdict, Verdict::Incomplete { .. });
            r.verdict = v;
            r.witness = w;
        }
        r
    }
}

/// Checks a newly reached state for violations.
pub(super) fn violation(parent: &State, s: &State, opts: &ExploreOptions) -> Option<Verdict> {
    let found = property_violation(parent, s, opts);
    if opts.only_properties {
        return found;
    }
    found.or_else(|| uncaught(parent.aux.last_uncaught, s))
}

/// Is a state where no live thread can move a deadlock the search reports?
pub(super) fn reports_deadlock(s: &State, opts: &ExploreOptions) -> bool {
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

/// The last exception that escaped a thread on the way to `s` (what a
/// witness of an uncaught exception ends with).
pub fn uncaught_at_end(s: &State) -> Option<Verdict> {
    uncaught(None, s)
}

/// An exception that escaped a thread in the step that led to `s` (the
/// state before had `before` as its last uncaught exception).
pub(super) fn uncaught(before: Option<(ThreadId, Ref)>, s: &State) -> Option<Verdict> {
    let (th, exc) = s.aux.last_uncaught?;
    if before == s.aux.last_uncaught {
        return None;
    }
    let class = interp::runtime::java_class_name(s, exc);
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
