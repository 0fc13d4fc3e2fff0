//! Determinism, checked dynamically (the deterministic-effects seed's
//! property, by search instead of by types): every complete execution
//! prints the same output and ends with the same exit status. The search
//! keeps each state's output so far (it is part of the state's identity
//! then, so two paths that printed differently are not merged) and compares
//! the outcome of every complete execution with the first one's.
//!
//! m5 fixes values a real JVM does not (the time, identity hash codes:
//! `interp::unfixed`), so executions that agree here may differ on
//! HotSpot. When an execution read one, the search cannot claim
//! determinism: unless it shows two different outcomes, its verdict is
//! `DependsOnUnfixed`, naming the first read and where the program made it.

use crate::state::{State, ThreadId};

use super::Verdict;

/// How one complete execution ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    /// `System.exit`'s status, or 1 if main died of an exception, else 0
    /// (what `m5 run` exits with).
    pub exit: i32,
}

impl Outcome {
    /// The outcome of a state where the program has ended (`None` if it
    /// has not).
    pub fn of(s: &State) -> Option<Outcome> {
        if !s.ended() {
            return None;
        }
        let text = |v: &im::Vector<u8>| {
            String::from_utf8_lossy(&v.iter().copied().collect::<Vec<u8>>()).into_owned()
        };
        Some(Outcome {
            stdout: text(&s.aux.out),
            stderr: text(&s.aux.err),
            exit: s.exit.unwrap_or(i32::from(s.main_died)),
        })
    }
}

/// The first complete execution's outcome and witness, and the first read
/// of a value a real JVM does not fix.
#[derive(Default)]
pub(super) struct Outcomes {
    first: Option<(Outcome, Vec<ThreadId>)>,
    unfixed: Option<crate::state::UnfixedRead>,
}

impl Outcomes {
    /// Notes a state a transition reached (before state matching, so that
    /// a read on a path into a known state counts too).
    pub(super) fn saw(&mut self, s: &State) {
        if self.unfixed.is_none()
            && let Some(u) = &s.aux.unfixed
        {
            self.unfixed = Some((**u).clone());
        }
    }

    /// The verdict of a search that found no violation: incomplete if it
    /// stopped at a bound, else ok unless an execution read an unfixed
    /// value (only checked with `--determinism`: `saw` is called always,
    /// but the verdict depends on it only then).
    pub(super) fn verdict(&self, incomplete: Option<String>, determinism: bool) -> Verdict {
        match (incomplete, &self.unfixed) {
            (Some(reason), _) => Verdict::Incomplete { reason },
            (None, Some(read)) if determinism => Verdict::DependsOnUnfixed { read: read.clone() },
            (None, _) => Verdict::Ok,
        }
    }
    /// Checks a newly reached state: `Some` (the verdict, with the
    /// witness of the second execution) if the program ended there
    /// differently from the first execution that ended.
    pub(super) fn check(
        &mut self,
        s: &State,
        path: impl FnOnce() -> Vec<ThreadId>,
    ) -> Option<(Verdict, Vec<ThreadId>)> {
        let o = Outcome::of(s)?;
        match &self.first {
            None => {
                self.first = Some((o, path()));
                None
            }
            Some((f, _)) if *f == o => None,
            Some((f, w)) => Some((
                Verdict::Nondeterministic {
                    first: f.clone(),
                    first_witness: w.clone(),
                    second: o,
                },
                path(),
            )),
        }
    }
}

/// A line diff of two texts (`- ` lines only in `a`, `+ ` only in `b`,
/// `  ` in both): `similar`'s Myers diff, with a deadline so that huge,
/// very different outputs still give an answer (a coarser diff) at once.
pub fn diff(a: &str, b: &str) -> String {
    let d = similar::TextDiff::configure()
        .timeout(std::time::Duration::from_secs(1))
        .diff_lines(a, b);
    let mut out = String::new();
    for c in d.iter_all_changes() {
        let sign = match c.tag() {
            similar::ChangeTag::Delete => "- ",
            similar::ChangeTag::Insert => "+ ",
            similar::ChangeTag::Equal => "  ",
        };
        out += sign;
        out += c.value().strip_suffix('\n').unwrap_or(c.value());
        out += "\n";
    }
    out
}
