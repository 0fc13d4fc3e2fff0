//! The oracle: `m5 explore --determinism` on the given arguments, bounded.
//! Two executions that end differently confirm the static verdict
//! "nondeterministic" with a schedule pair `m5 run` replays; a complete
//! search where every execution ends alike leaves the conflicts
//! unconfirmed (for these arguments), as does a search that hits its
//! bounds.

use std::time::Duration;

use crate::classfile::ClassPath;
use crate::explore::determinism::Outcome;
use crate::explore::{self, ExploreOptions, RaceCheck, Verdict};
use crate::interp;
use crate::locks::confirm::{Pos, program_line};
use crate::locks::events::Site;
use crate::schedule::{self, Observer, RunOptions, Schedule};
use crate::state::{Config, State, ThreadId};

/// How an execution ended, in a line: its output, and its exit status
/// when not 0.
fn outcome(o: &Outcome) -> String {
    let mut s = format!("{:?}", o.stdout);
    if !o.stderr.is_empty() {
        s.push_str(&format!(" (stderr {:?})", o.stderr));
    }
    if o.exit != 0 {
        s.push_str(&format!(" exit {}", o.exit));
    }
    s
}

/// What the search found.
#[derive(Clone, Debug)]
pub enum Confirmation {
    /// Two executions that end differently: their schedules (`list:` form)
    /// and what each printed.
    Confirmed {
        first: String,
        second: String,
        first_out: String,
        second_out: String,
        states: u64,
        /// For each conflict asked about: do its two accesses come in
        /// another order (by other threads first) in the two executions?
        reordered: Vec<bool>,
    },
    /// Every execution ended alike (a complete search).
    Alike { states: u64 },
    /// Not decided: bounds hit, an unfixed value read, or another verdict
    /// first.
    Undecided { why: String },
}

impl Confirmation {
    pub fn confirmed(&self) -> bool {
        matches!(self, Confirmation::Confirmed { .. })
    }
}

/// Where each step of a run is in the program's code, and which thread.
#[derive(Default)]
struct Steps(Vec<(ThreadId, Option<Pos>)>);

impl Observer for Steps {
    fn before(&mut self, s: &State, th: ThreadId, _step: u64) {
        self.0.push((th, program_line(s, th)));
    }
}

/// A conflict's access at its source line: conflicts are kept per pair of
/// lines, so another access on the same line may be the one reordered.
fn pos(s: &Site) -> Pos {
    let at = s.line.unwrap_or(u32::MAX - s.pc);
    (s.class.clone(), s.method.clone(), s.desc.clone(), at)
}

/// The steps at either site, in order, by thread (a thread's consecutive
/// steps at one site, inside a library call there, count once).
fn order(steps: &[(ThreadId, Option<Pos>)], a: &Pos, b: &Pos) -> Vec<(ThreadId, Pos)> {
    let mut out: Vec<(ThreadId, Pos)> = Vec::new();
    let mut last: Option<(ThreadId, Option<Pos>)> = None;
    for (t, p) in steps {
        let same = last.as_ref() == Some(&(*t, p.clone()));
        last = Some((*t, p.clone()));
        if same {
            continue;
        }
        if let Some(p) = p.as_ref().filter(|p| *p == a || *p == b) {
            out.push((*t, p.clone()));
        }
    }
    out
}

/// Replays both executions and tells, for each pair of sites, whether
/// they order the two accesses differently.
fn reordered(
    s0: &State,
    first: &[ThreadId],
    second: &[ThreadId],
    pairs: &[(Site, Site)],
) -> Vec<bool> {
    let record = |w: &[ThreadId]| {
        let mut s = s0.clone();
        let mut rec = Steps::default();
        let _ = schedule::run(
            &mut s,
            &Schedule::List(w.to_vec()),
            RunOptions {
                observer: Some(&mut rec),
                ..RunOptions::default()
            },
        );
        rec.0
    };
    let (x, y) = (record(first), record(second));
    pairs
        .iter()
        .map(|(a, b)| {
            let (a, b) = (pos(a), pos(b));
            // Both executions reach the accesses, in another interleaving.
            let (ox, oy) = (order(&x, &a, &b), order(&y, &a, &b));
            let threads = |o: &[(ThreadId, Pos)]| {
                o.iter()
                    .map(|e| e.0)
                    .collect::<std::collections::BTreeSet<_>>()
                    .len()
            };
            threads(&ox) > 1 && threads(&oy) > 1 && ox != oy
        })
        .collect()
}

/// Runs the oracle on `main` with `args`; for a nondeterminism found,
/// tells which of the conflicts `pairs` (their two accesses' sites) the
/// two executions order differently.
pub fn confirm(
    cp: &ClassPath,
    main: &str,
    args: &[String],
    config: Config,
    bounds: (u64, f64),
    pairs: &[(Site, Site)],
) -> Result<Confirmation, String> {
    let (max_states, seconds) = bounds;
    let classes = interp::init::load_classes(cp, main).map_err(|e| e.to_string())?;
    let config = Config {
        spurious_wakeups: true,
        ..config
    };
    let s0 = interp::initial_state(classes, main, args, config).map_err(|e| e.to_string())?;
    // Every interleaving of shared accesses; a thread that dies or blocks
    // is an outcome like any other (stderr, exit status), not a stop.
    let opts = ExploreOptions {
        determinism: true,
        races: RaceCheck::Off,
        granularity: explore::Granularity::Interaction,
        only_properties: true,
        max_states: Some(max_states),
        time_limit: Some(Duration::from_secs_f64(seconds)),
        jobs: 1,
        ..Default::default()
    };
    let r = explore::explore(&s0, &opts, &mut |_, _, _| {}).map_err(|e| e.to_string())?;
    let text = |w: &[crate::state::ThreadId]| crate::locks::confirm::schedule_text(w);
    Ok(match r.verdict {
        Verdict::Nondeterministic {
            first,
            first_witness,
            second,
        } => Confirmation::Confirmed {
            first: text(&first_witness),
            second: text(&r.witness),
            first_out: outcome(&first),
            second_out: outcome(&second),
            states: r.states,
            reordered: reordered(&s0, &first_witness, &r.witness, pairs),
        },
        Verdict::Ok => Confirmation::Alike { states: r.states },
        Verdict::Incomplete { reason } => Confirmation::Undecided {
            why: format!("the search stopped at a bound ({reason})"),
        },
        Verdict::DependsOnUnfixed { read } => Confirmation::Undecided {
            why: format!(
                "executions read a value a real JVM does not fix ({} at {})",
                read.native, read.at
            ),
        },
        other => Confirmation::Undecided {
            why: format!(
                "the search found {} before two different outcomes",
                other.name()
            ),
        },
    })
}
