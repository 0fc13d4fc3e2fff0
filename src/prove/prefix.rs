//! The single-threaded prefix: while one thread alone can move, the
//! program has one run, and m5 executes it and checks the invariant on
//! each of its states (and the relations on each of its steps) by
//! computation. The induction (Lemma 2) starts from the state where the
//! prefix stops, so what ran before it — `<clinit>`, main's set-up — needs
//! no symbolic model and no inductive facts: every state of the prefix is
//! a checked fact, and every later state is reached from its last one.

use crate::interp::alone::{Stop, run_alone};
use crate::invariant::incremental::Incremental;
use crate::invariant::{Compiled, eval};
use crate::state::{InitStatus, State};

/// The prefix as run.
pub struct Prefix {
    /// The state the induction starts from.
    pub state: State,
    /// Steps executed (states checked: one more).
    pub steps: usize,
    /// Why it stopped, for the report.
    pub stop: String,
    /// The first state the invariant is false on: the step and the failure.
    pub failure: Option<String>,
    /// Where the failing fact starts in the invariant's text.
    pub failed_at: Option<usize>,
    /// Per relation, its first failing step (else absent).
    pub relation_failures: Vec<(String, String)>,
    /// The number of that step (1-based), per entry of `relation_failures`.
    pub relation_steps: Vec<usize>,
    /// The thread of each step run: a schedule `m5 run` replays (to the
    /// failure, when there is one).
    pub schedule: Vec<crate::state::ThreadId>,
    /// Why the induction cannot start where the prefix stopped.
    pub unsupported: Option<String>,
    /// The call stacks (method and pc per frame, bottom first) threads
    /// were in on the prefix's states (`lines::warnings`).
    pub stacks: Stacks,
}

/// Call stacks, each frame its method and pc, bottom first.
pub type Stacks = std::collections::HashSet<Vec<(crate::classfile::MethodId, u32)>>;

fn stack_of(s: &State, t: usize) -> Vec<(crate::classfile::MethodId, u32)> {
    s.threads[t]
        .stack
        .iter()
        .map(|f| (f.method.id, f.pc()))
        .collect()
}

/// Runs from `s0` while exactly one thread is alive, at most `limit` steps.
/// The invariant is checked incrementally, as `m5 run --invariant` does.
pub fn run(c: &Compiled, s0: State, relations: &[String], limit: usize) -> Prefix {
    let mut s = s0;
    s.aux.log_writes = true;
    let mut inc = Incremental::new(c);
    let mut relation_failures: Vec<(String, String)> = Vec::new();
    let mut relation_steps = Vec::new();
    let mut schedule = Vec::new();
    let mut checked = inc.check_all(&s);
    let mut stacks: Stacks = (0..s.threads.len()).map(|t| stack_of(&s, t)).collect();
    let mut steps = 0;
    let mut stop = Stop::Visitor;
    if checked.is_ok() {
        let mut step = 0;
        (steps, stop) = run_alone(&mut s, limit, |before, next, th| {
            step += 1;
            schedule.push(th);
            stacks.insert(stack_of(next, th as usize));
            for r in relations {
                if relation_failures.iter().any(|(x, _)| x == r) {
                    continue;
                }
                if let Err(f) = eval::check_relation(c, r, before, next) {
                    relation_failures.push((
                        r.clone(),
                        format!(
                            "at step {step} of the single-threaded prefix: {}",
                            f.describe(c)
                        ),
                    ));
                    relation_steps.push(step);
                }
            }
            checked = inc.check_step(before, next);
            checked.is_ok()
        });
    }
    if let Err(f) = checked {
        s.aux.log_writes = false;
        return Prefix {
            state: s,
            steps,
            stop: String::new(),
            failure: Some(format!(
                "after {steps} steps of the single-threaded prefix: {}",
                f.describe(c)
            )),
            failed_at: Some(f.span.start),
            relation_failures,
            relation_steps,
            schedule,
            unsupported: None,
            stacks,
        };
    }
    let stop = match stop {
        Stop::Limit => format!("the limit of {limit} steps (--prefix-steps)"),
        // An error of the interpreter (a limit, something it does not
        // run): the induction starts here and meets it symbolically.
        other => other.to_string(),
    };
    s.aux.log_writes = false;
    stacks.extend((0..s.threads.len()).map(|t| stack_of(&s, t)));
    let unsupported = initializing(&s)
        .map(|class| {
            format!(
                "the induction would start after {steps} steps ({stop}), while class {class} is being initialized; the prover does not model class initialization in progress"
            )
        })
        .or_else(|| {
            // The prover runs such a call as one step (its contract), so
            // its cases never start inside one.
            crate::interp::contracts::inside(&s).map(|m| {
                format!(
                    "the induction would start after {steps} steps ({stop}), inside {}.{}, a library method the prover runs as one step (its contract)",
                    m.class_name.replace('/', "."),
                    m.name
                )
            })
        });
    Prefix {
        state: s,
        steps,
        stop,
        failure: None,
        failed_at: None,
        relation_failures,
        relation_steps,
        schedule,
        unsupported,
        stacks,
    }
}

/// A class whose initialization is in progress in `s` (its `<clinit>`
/// runs, or a thread has begun it): the prover's step does not model that
/// protocol, so the induction cannot start in such a state.
fn initializing(s: &State) -> Option<String> {
    let running = (0..s.init.len()).find(|&c| matches!(s.init[c], InitStatus::Running(_)))?;
    Some(s.classes.class(running as _).name.replace('/', "."))
}
