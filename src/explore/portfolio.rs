//! `m5 explore`'s default strategy: the exhaustive search while it fits a
//! share of the time budget (half), with samplers (POS, PCT at depths 2
//! and 3, random walks) in turn on the rest; one verdict.
//!
//! Order: a short exhaustive search (2 s), one short round of every
//! sampler (0.25 s each), the rest of the exhaustive share (from the start
//! again: at most 2 s of work repeated), then rounds of the samplers, each
//! slice twice the last, until the budget ends. The exhaustive search is
//! the only part that can say "ok", and on small programs it finishes in
//! its first seconds; programs it cannot finish are where the samplers
//! find bugs, mostly in their first few runs (SCTBench: POS finds most of
//! its bugs within 20 runs), so they get an early turn rather than waiting
//! for the exhaustive share to run out.
//!
//! Verdicts: "ok" only from a complete exhaustive search; an exception,
//! deadlock or property failure from any part ends the search with that
//! part's witness. A data race (with `RaceCheck::Continue`) is kept with
//! its witness and the search goes on, at the interaction granularity from
//! then on (sync points cover every interleaving only without races): it
//! is the verdict if nothing else is found, else the report's `race`.

use std::time::{Duration, Instant};

use super::{ExploreOptions, Granularity, RaceCheck, Report, Strategy, Verdict};
use crate::interp::VmError;
use crate::race::Race;
use crate::schedule::SplitMix64;
use crate::state::{State, ThreadId};

/// The time budget when `--time-limit` is not given: long enough for the
/// exhaustive search to finish on small programs and for the samplers to
/// make tens of thousands of runs, short enough for a test suite.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(60);
/// The exhaustive search's share of the budget.
const EXHAUSTIVE_SHARE: f64 = 0.5;
/// The samplers, in the order they take their turns.
const SAMPLERS: [Strategy; 4] = [
    Strategy::Pos,
    Strategy::Pct(2),
    Strategy::Pct(3),
    Strategy::Random,
];
/// The first, short exhaustive search.
const QUICK_EXHAUSTIVE: Duration = Duration::from_secs(2);
/// Each sampler's first slice; later rounds double it.
const FIRST_SLICE: Duration = Duration::from_millis(250);

/// A race found so far, with its witness.
type Found = (Race, Vec<ThreadId>);

pub(super) fn explore(
    initial: &State,
    opts: &ExploreOptions,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> Result<Report, VmError> {
    let budget = opts.time_limit.unwrap_or(DEFAULT_BUDGET);
    let share = budget.mul_f64(EXHAUSTIVE_SHARE);
    let mut p = Portfolio {
        initial,
        opts,
        start: Instant::now(),
        budget,
        race: None,
        tally: Tally::default(),
        round: 0,
        slice: FIRST_SLICE,
    };
    // A short exhaustive search first (most small programs end there),
    // one short round of the samplers (most bugs they find, they find
    // there), then the rest of the exhaustive share from the start again.
    let quick = share.min(QUICK_EXHAUSTIVE);
    let mut ex = match p.exhaustive(quick, progress)? {
        Ok(done) => return Ok(done),
        Err(bounded) => bounded,
    };
    if let Some(r) = p.round(&ex, progress)? {
        return Ok(r);
    }
    if share > quick {
        ex = match p.exhaustive(share - quick, progress)? {
            Ok(done) => return Ok(p.after_samplers(done)),
            Err(bounded) => bounded,
        };
    }
    loop {
        if let Some(r) = p.round(&ex, progress)? {
            return Ok(r);
        }
    }
}

/// A portfolio under way: what it has found and run so far.
struct Portfolio<'a> {
    initial: &'a State,
    opts: &'a ExploreOptions,
    start: Instant,
    budget: Duration,
    /// The first data race found (`RaceCheck::Continue`).
    race: Option<Found>,
    tally: Tally,
    round: u64,
    slice: Duration,
}

impl Portfolio<'_> {
    /// The exhaustive search for at most `limit`: `Ok` with a report that
    /// ends the portfolio (complete, or a violation), `Err` with one that
    /// stopped at a bound (its race, if any, kept).
    fn exhaustive(
        &mut self,
        limit: Duration,
        progress: &mut dyn FnMut(u64, u64, u64),
    ) -> Result<Result<Report, Report>, VmError> {
        let o = ExploreOptions {
            strategy: Strategy::Exhaustive,
            time_limit: Some(limit),
            ..self.opts.clone()
        };
        let mut ex = super::explore_at(self.initial, &o, progress)?;
        if ex.granularity.is_empty() {
            ex.granularity = self.opts.granularity.name();
        }
        self.tally.transitions += ex.transitions;
        let finished = match &ex.verdict {
            Verdict::Incomplete { .. } => false,
            Verdict::DataRace(_) => self.opts.races != RaceCheck::Continue || !ex.bounded,
            _ => true,
        };
        if finished || super::interrupted() {
            return Ok(Ok(ex));
        }
        if let Verdict::DataRace(r) = &ex.verdict
            && self.race.is_none()
        {
            self.race = Some((r.clone(), ex.witness.clone()));
        }
        Ok(Err(ex))
    }

    /// A report of the exhaustive search after the samplers ran: their
    /// runs and time counted, the race they found kept.
    fn after_samplers(&self, mut r: Report) -> Report {
        r.transitions = self.tally.transitions;
        r.runs = self.tally.runs;
        r.seconds = self.start.elapsed().as_secs_f64();
        if r.verdict.is_violation() && !matches!(r.verdict, Verdict::DataRace(_)) {
            r.race = r.race.take().or_else(|| self.race.clone());
        }
        r
    }

    /// One turn of every sampler after the exhaustive search `ex`
    /// stopped: `Some` with the final report when one found a violation
    /// or the budget ran out.
    fn round(
        &mut self,
        ex: &Report,
        progress: &mut dyn FnMut(u64, u64, u64),
    ) -> Result<Option<Report>, VmError> {
        let stopped = match &ex.verdict {
            Verdict::Incomplete { reason } => reason.clone(),
            _ => "a bound".to_string(),
        };
        // Once a race is known at sync points, each sampler takes a turn at
        // them too (races no longer checked): the interaction granularity
        // reaches the outcomes of the race, but its runs are many times
        // longer, and a bug among the synchronizations (lock orders, the
        // order of volatile accesses) needs many runs, which sync points
        // make short.
        let both = self.race.is_some() && self.opts.granularity == Granularity::Sync;
        let turns: Vec<(Strategy, Option<Granularity>)> = SAMPLERS
            .iter()
            .flat_map(|&s| {
                let at_sync = both.then_some((s, Some(Granularity::Sync)));
                std::iter::once((s, None)).chain(at_sync)
            })
            .collect();
        for (k, &(strategy, at)) in turns.iter().enumerate() {
            let left = self.budget.saturating_sub(self.start.elapsed());
            if left.is_zero() || super::interrupted() {
                return Ok(Some(finish(
                    ex,
                    &self.race,
                    &self.tally,
                    &stopped,
                    &self.start,
                )));
            }
            let mut o = sampler(
                self.opts,
                strategy,
                self.round,
                k,
                self.slice.min(left),
                self.race.is_some(),
            );
            if let Some(g) = at {
                o.granularity = g;
                o.races = RaceCheck::Off;
            }
            let r = super::explore_at(self.initial, &o, progress)?;
            self.tally.add(strategy, &r);
            match r.verdict {
                Verdict::Incomplete { .. } => {}
                Verdict::DataRace(found) if self.opts.races == RaceCheck::Continue => {
                    self.race.get_or_insert((found, r.witness));
                }
                v => {
                    let at = match at {
                        Some(g) => format!(" --granularity {}, races not checked", g.name()),
                        None => String::new(),
                    };
                    let note = format!(
                        "the exhaustive search stopped ({stopped}) after {} states; then {} (--strategy {strategy} --seed {}{at})",
                        ex.states,
                        r.note.as_deref().unwrap_or("found"),
                        o.seed
                    );
                    return Ok(Some(Report {
                        verdict: v,
                        witness: r.witness,
                        states: ex.states,
                        transitions: self.tally.transitions,
                        max_depth: ex.max_depth,
                        seconds: self.start.elapsed().as_secs_f64(),
                        runs: self.tally.runs,
                        note: Some(note),
                        granularity: o.granularity.name(),
                        failing_run: r.failing_run,
                        runs_cut: 0,
                        race: r.race.or_else(|| self.race.clone()),
                        bounded: false,
                    }));
                }
            }
        }
        self.slice *= 2;
        self.round += 1;
        Ok(None)
    }
}

/// Sampler `k`'s options in `round`: its own seed, a slice of time, and
/// once a race is known the interaction granularity (going on after it).
fn sampler(
    opts: &ExploreOptions,
    strategy: Strategy,
    round: u64,
    k: usize,
    slice: Duration,
    raced: bool,
) -> ExploreOptions {
    let mut rng = SplitMix64(opts.seed ^ (round * 16 + k as u64 + 1).wrapping_mul(0x9E37_79B9));
    let granularity = match opts.granularity {
        Granularity::Sync if raced => Granularity::Interaction,
        g => g,
    };
    // At sync points a race ends the slice: the next ones then run at the
    // interaction granularity, going on after races.
    let races = match (granularity, opts.races) {
        (Granularity::Sync, RaceCheck::Continue) => RaceCheck::Stop,
        (_, r) => r,
    };
    ExploreOptions {
        strategy,
        seed: rng.next_u64(),
        runs: Some(u64::MAX),
        time_limit: Some(slice),
        granularity,
        races,
        shard: None,
        ..opts.clone()
    }
}

/// What the samplers ran (and the transitions of every part).
#[derive(Default)]
struct Tally {
    runs: u64,
    transitions: u64,
    /// Runs per sampler, in the order they first ran.
    by: Vec<(Strategy, u64)>,
}

impl Tally {
    fn add(&mut self, s: Strategy, r: &Report) {
        self.runs += r.runs;
        self.transitions += r.transitions;
        match self.by.iter_mut().find(|(t, _)| *t == s) {
            Some((_, n)) => *n += r.runs,
            None => self.by.push((s, r.runs)),
        }
    }
}

/// The report when the budget ran out: the race if one was found, else
/// "incomplete" (never "ok": the exhaustive search did not finish).
fn finish(
    ex: &Report,
    race: &Option<Found>,
    tally: &Tally,
    stopped: &str,
    start: &Instant,
) -> Report {
    let by: Vec<String> = tally.by.iter().map(|(s, n)| format!("{n} {s}")).collect();
    let searched = format!(
        "the exhaustive search stopped ({stopped}) after {} states, then {} sampled runs ({})",
        ex.states,
        tally.runs,
        by.join(", ")
    );
    let (verdict, witness, note, granularity) = match race.clone() {
        Some((r, w)) => (
            Verdict::DataRace(r),
            w,
            Some(format!("{searched}; no exception or deadlock found")),
            "interaction",
        ),
        None => (
            Verdict::Incomplete {
                reason: format!("no bug found: {searched} (not exhaustive)"),
            },
            Vec::new(),
            None,
            ex.granularity,
        ),
    };
    Report {
        verdict,
        witness,
        states: ex.states,
        transitions: tally.transitions,
        max_depth: ex.max_depth,
        seconds: start.elapsed().as_secs_f64(),
        runs: tally.runs,
        note,
        granularity,
        failing_run: None,
        runs_cut: 0,
        race: None,
        bounded: true,
    }
}
