//! The single-threaded prefix: while exactly one thread is alive, the
//! program has one run (static initializers, main's set-up). The prover
//! checks the invariant on every state of it (Lemma 1) and starts the
//! induction where it stops; the invariant language names the objects it
//! allocates (`allocated(...)`).

use super::{Outcome, step};
use crate::state::{State, ThreadId};

/// Why the prefix stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// The program ended (or no thread is alive).
    Ends,
    /// This many threads can run.
    Threads(usize),
    /// The step limit.
    Limit,
    /// The one thread is blocked.
    Blocked,
    /// The interpreter stopped with this error.
    Error(String),
    /// The visitor stopped it.
    Visitor,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Ends => write!(f, "the program ends"),
            Stop::Threads(n) => write!(f, "{n} threads can run"),
            Stop::Limit => write!(f, "the step limit"),
            Stop::Blocked => write!(f, "its one thread cannot move"),
            Stop::Error(e) => write!(f, "the interpreter stops: {e}"),
            Stop::Visitor => write!(f, "stopped"),
        }
    }
}

/// Runs `s` while exactly one thread is alive, at most `limit` steps;
/// after each step `visit(before, after, thread)`, which may stop the run
/// (`false`). `s` becomes the last state; returns the steps and why it
/// stopped.
pub fn run_alone(
    s: &mut State,
    limit: usize,
    mut visit: impl FnMut(&State, &mut State, ThreadId) -> bool,
) -> (usize, Stop) {
    let mut steps = 0;
    let stop = loop {
        let live = s.running_threads();
        if live.is_empty() {
            break Stop::Ends;
        }
        if live.len() > 1 {
            break Stop::Threads(live.len());
        }
        if steps >= limit {
            break Stop::Limit;
        }
        let mut next = s.clone();
        match step(&mut next, live[0]) {
            Ok(Outcome::NoOp(_)) => break Stop::Blocked,
            Ok(_) => {}
            Err(e) => break Stop::Error(e.to_string()),
        }
        let go_on = visit(s, &mut next, live[0]);
        *s = next;
        steps += 1;
        if !go_on {
            break Stop::Visitor;
        }
    };
    (steps, stop)
}
