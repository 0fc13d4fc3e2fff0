//! `m5 explore --json`: the search's report as one object
//! (docs/schemas/explore.schema.json). The verdict's own fields are
//! present only with that verdict.

use serde::Serialize;

use crate::cli::explore::Summary;
use crate::explore::{self, ExploreOptions, Verdict, determinism};
use crate::state::ThreadId;

/// The whole report.
#[derive(Serialize)]
pub(in crate::cli) struct Report<'a> {
    /// `deadlock`: every live thread and what it waits for.
    #[serde(skip_serializing_if = "Option::is_none")]
    deadlock: Option<Vec<Blocked<'a>>>,
    /// `nondeterministic`: the first execution's output against the second's.
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exception: Option<Exception<'a>>,
    /// `nondeterministic`: the first execution, then the second (the
    /// report's witness).
    #[serde(skip_serializing_if = "Option::is_none")]
    executions: Option<[Execution<'a>; 2]>,
    exhaustive: bool,
    /// The data race the search went on after when the verdict is another
    /// violation, with its own witness (`m5 run --races` replays it).
    #[serde(skip_serializing_if = "Option::is_none")]
    first_race: Option<FirstRace>,
    /// `invariant-violation` and `relation-violation`: the fact that fails.
    #[serde(skip_serializing_if = "Option::is_none")]
    fact: Option<&'a str>,
    granularity: &'static str,
    /// The JDK library file read (null: the program reached none).
    jdk: Option<String>,
    jobs: usize,
    max_depth: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    peak_memory_mb: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    race: Option<Race<'a>>,
    /// `incomplete`: the bound that stopped the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    /// Sampling strategies: executions run, and their seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    runs: Option<u64>,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    /// `--shard`: the part this report covers (docs/schemas/shard.schema.json).
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<super::shard::Shard>,
    /// `depends-on-time-or-seed`: the read of a value java does not fix.
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<Source<'a>>,
    states: u64,
    states_per_second: f64,
    strategy: String,
    transitions: u64,
    verdict: &'static str,
    witness: &'a [ThreadId],
}

#[derive(Serialize)]
struct Exception<'a> {
    at: &'a str,
    class: &'a str,
    message: &'a str,
    thread: ThreadId,
}

#[derive(Serialize)]
struct Blocked<'a> {
    at: &'a str,
    daemon: bool,
    name: &'a str,
    thread: ThreadId,
    waits_for: &'a str,
}

#[derive(Serialize)]
struct Execution<'a> {
    exit: i32,
    stderr: &'a str,
    stdout: &'a str,
    witness: &'a [ThreadId],
}

#[derive(Serialize)]
struct Race<'a> {
    first: Side<'a>,
    location: &'a str,
    second: Side<'a>,
}

#[derive(Serialize)]
struct FirstRace {
    first: OwnedSide,
    location: String,
    second: OwnedSide,
    witness: Vec<ThreadId>,
}

#[derive(Serialize)]
struct OwnedSide {
    at: String,
    thread: ThreadId,
    write: bool,
}

#[derive(Serialize)]
struct Side<'a> {
    at: &'a str,
    thread: ThreadId,
    write: bool,
}

#[derive(Serialize)]
struct Source<'a> {
    at: &'a str,
    native: &'static str,
}

impl<'a> Report<'a> {
    pub(in crate::cli) fn new(
        report: &'a explore::Report,
        opts: &ExploreOptions,
        witness: &'a [ThreadId],
        figures: &Summary,
    ) -> Report<'a> {
        let mut j = Report {
            deadlock: None,
            diff: None,
            exception: None,
            executions: None,
            exhaustive: opts.strategy.is_exhaustive() || report.verdict == Verdict::Ok,
            first_race: figures.race.as_ref().map(|(r, w)| {
                let side = |s: &crate::race::Side| OwnedSide {
                    at: s.at.clone(),
                    thread: s.thread,
                    write: s.write,
                };
                FirstRace {
                    first: side(&r.first),
                    location: r.location.clone(),
                    second: side(&r.second),
                    witness: w.clone(),
                }
            }),
            fact: None,
            granularity: figures.granularity,
            jdk: crate::classfile::jdk::opened().map(|p| p.display().to_string()),
            jobs: figures.jobs,
            max_depth: report.max_depth,
            message: None,
            note: report.note.as_deref(),
            peak_memory_mb: figures.memory,
            race: None,
            reason: None,
            runs: (figures.sampling || report.runs > 0).then_some(report.runs),
            seconds: report.seconds,
            seed: (figures.sampling || report.runs > 0).then_some(opts.seed),
            shard: figures.shard.clone(),
            source: None,
            states: report.states,
            states_per_second: figures.rate,
            strategy: opts.strategy.to_string(),
            transitions: report.transitions,
            verdict: report.verdict.name(),
            witness,
        };
        j.add_verdict(&report.verdict, witness);
        j
    }

    /// The verdict's own fields.
    fn add_verdict(&mut self, verdict: &'a Verdict, witness: &'a [ThreadId]) {
        match verdict {
            Verdict::UncaughtException {
                thread,
                class,
                message,
                at,
            } => {
                self.exception = Some(Exception {
                    at,
                    class,
                    message,
                    thread: *thread,
                });
            }
            Verdict::Deadlock { threads } => {
                self.deadlock = Some(
                    threads
                        .iter()
                        .map(|t| Blocked {
                            at: &t.at,
                            daemon: t.daemon,
                            name: &t.name,
                            thread: t.thread,
                            waits_for: &t.waits_for,
                        })
                        .collect(),
                );
            }
            Verdict::Incomplete { reason } => self.reason = Some(reason),
            Verdict::DependsOnUnfixed { read } => {
                self.source = Some(Source {
                    at: &read.at,
                    native: read.native,
                });
            }
            Verdict::Nondeterministic {
                first,
                first_witness,
                second,
            } => {
                let run = |o: &'a determinism::Outcome, witness: &'a [ThreadId]| Execution {
                    exit: o.exit,
                    stderr: &o.stderr,
                    stdout: &o.stdout,
                    witness,
                };
                self.executions = Some([run(first, first_witness), run(second, witness)]);
                self.diff = Some(determinism::diff(&first.stdout, &second.stdout));
            }
            Verdict::DataRace(r) => {
                let side = |s: &'a crate::race::Side| Side {
                    at: &s.at,
                    thread: s.thread,
                    write: s.write,
                };
                self.race = Some(Race {
                    first: side(&r.first),
                    location: &r.location,
                    second: side(&r.second),
                });
            }
            Verdict::InvariantViolation { fact, message }
            | Verdict::RelationViolation { fact, message } => {
                self.fact = Some(fact);
                self.message = Some(message);
            }
            Verdict::Ok => {}
        }
    }
}
