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
/// `  ` in both), from their longest common subsequence of lines; long
/// texts show only their first differing line.
pub fn diff(a: &str, b: &str) -> String {
    let (x, y): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    if x.len() * y.len() > 4_000_000 {
        let i = x.iter().zip(&y).take_while(|(p, q)| p == q).count();
        return format!(
            "first difference at line {}:\n- {}\n+ {}\n",
            i + 1,
            x.get(i).unwrap_or(&"(end)"),
            y.get(i).unwrap_or(&"(end)")
        );
    }
    // lcs[i][j]: common lines of x[i..] and y[j..].
    let mut lcs = vec![vec![0u32; y.len() + 1]; x.len() + 1];
    for i in (0..x.len()).rev() {
        for j in (0..y.len()).rev() {
            lcs[i][j] = if x[i] == y[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < x.len() || j < y.len() {
        if i < x.len() && j < y.len() && x[i] == y[j] {
            out += &format!("  {}\n", x[i]);
            i += 1;
            j += 1;
        } else if j == y.len() || (i < x.len() && lcs[i + 1][j] >= lcs[i][j + 1]) {
            out += &format!("- {}\n", x[i]);
            i += 1;
        } else {
            out += &format!("+ {}\n", y[j]);
            j += 1;
        }
    }
    out
}
