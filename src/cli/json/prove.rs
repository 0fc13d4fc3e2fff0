//! `m5 prove --json` and `m5 infer --json`: a proof's report, with the
//! inference's figures when the invariant was inferred
//! (docs/schemas/prove.schema.json).

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use crate::cli::prove::{
    Proved, lemma_name, obligations_per_second, outcome_name, replay_command, witness_path,
};
use crate::prove::driver::{Evidence, LemmaStats};
use crate::prove::theorem::Verdict;
use crate::state::ThreadId;

/// The whole report.
#[derive(Serialize)]
pub(in crate::cli) struct Report<'a> {
    allowed_shapes: usize,
    catch_rounds: usize,
    exceptions_followed: usize,
    /// Every obligation not proved.
    failed: Vec<Failed<'a>>,
    file: String,
    inductions: usize,
    /// null: the invariant was the file's, not inferred.
    inference: Option<Inference<'a>>,
    invariant: &'a str,
    invariant_lines: usize,
    jobs: usize,
    /// `proved`, or `fails: ` and the failure.
    lemma1: String,
    lemma2: Lemma,
    /// Per relation.
    lemma3: BTreeMap<&'a str, Lemma>,
    lemmas_2_3_skipped: bool,
    obligations_not_asked: usize,
    /// Inferred goals left out of obligations that check a fact of the
    /// user's (inference stopped at one of them).
    inferred_goals_not_asked: usize,
    obligations_per_second: f64,
    peak_memory_mb: Option<f64>,
    /// The whole run's wall time by phase (`total` includes inference).
    phases: Phases,
    per_thread_claim: bool,
    prefix_relation_failures: Vec<PrefixFailure<'a>>,
    prefix_steps: usize,
    prefix_stop: &'a str,
    shapes: usize,
    /// `--shard`: the part this report covers (docs/schemas/shard.schema.json).
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<&'a super::shard::Shard>,
    /// `m5 merge`: the shards merged.
    #[serde(skip_serializing_if = "Option::is_none")]
    shards: Option<&'a super::shard::Merged>,
    solver_seconds: f64,
    theorems: Vec<Theorem<'a>>,
    translation_error: Option<&'a str>,
    unsupported: Vec<Unsupported<'a>>,
    vacuous_cases: &'a [String],
    walk_error: Option<&'a str>,
    /// `when` cases keyed by source lines that describe no call stack the
    /// program reaches (each names the nearest line that has one).
    warnings: &'a [String],
    wall_seconds: f64,
    witness_search_seconds: f64,
}

/// Wall times, in seconds.
#[derive(Serialize)]
struct Phases {
    building: f64,
    inference: f64,
    prefix: f64,
    solving: f64,
    total: f64,
    walk: f64,
    witness_search: f64,
}

/// Lemma 2's or one relation's Lemma 3 figures.
#[derive(Serialize)]
struct Lemma {
    cases: usize,
    failed: usize,
    obligations: usize,
    proved: usize,
    proved_by_shared_checks: usize,
    shared_checks: usize,
    solver_seconds: f64,
    unknown: usize,
}

/// An obligation not proved.
#[derive(Serialize)]
struct Failed<'a> {
    branch: &'a str,
    case: &'a str,
    /// Why, and the solver's model as a state.
    detail: &'a str,
    instruction: &'a str,
    /// The counterexample shows inferred facts failing alone, none of the
    /// user's (the text leaves such obligations out once one of the
    /// user's fails).
    inferred_only: bool,
    /// `Lemma 2` or `Lemma 3`.
    lemma: &'static str,
    obligation: &'a str,
    /// `counterexample`, `unknown`, ...
    verdict: &'static str,
}

#[derive(Serialize)]
struct PrefixFailure<'a> {
    failure: &'a str,
    relation: &'a str,
}

#[derive(Serialize)]
struct Unsupported<'a> {
    case: &'a str,
    why: &'a str,
}

/// A theorem's verdict and what backs it: a refuted one's witness, or
/// where the search for one looked.
#[derive(Serialize)]
struct Theorem<'a> {
    /// The file's `expect`, null without one.
    expected: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    found_by: Option<&'static str>,
    /// The `m5 run` command that replays the witness.
    #[serde(skip_serializing_if = "Option::is_none")]
    replay: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    search_complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    searched: Option<&'a str>,
    /// `invariant` or `relation NAME`.
    theorem: String,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    violation: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    witness: Option<&'a [ThreadId]>,
}

/// The inference's figures (`m5 infer`, or a theorem file's `infer`).
#[derive(Serialize)]
struct Inference<'a> {
    after_runs: usize,
    candidates: usize,
    cases_solved: usize,
    dropped: Vec<Dropped<'a>>,
    dropped_on_prefix: usize,
    dropped_per_round: &'a [usize],
    explored_states: u64,
    filter_seconds: f64,
    houdini_seconds: f64,
    implied: usize,
    observe_seconds: f64,
    rounds: usize,
    shapes: usize,
    /// Why Houdini stopped before a fixpoint; null: it reached one.
    stopped: Option<&'a str>,
    survivors: usize,
    thread_states: usize,
    user_facts: usize,
}

/// A candidate Houdini dropped, and the obligation that did not prove it.
#[derive(Serialize)]
struct Dropped<'a> {
    case: &'a str,
    fact: &'a str,
    not_proved_by: &'a str,
    round: usize,
}

impl Lemma {
    fn new(s: &LemmaStats) -> Lemma {
        Lemma {
            cases: s.cases,
            failed: s.refuted,
            obligations: s.obligations,
            proved: s.proved,
            proved_by_shared_checks: s.by_shared,
            shared_checks: s.shared_checks,
            solver_seconds: s.time.as_secs_f64(),
            unknown: s.unknown,
        }
    }
}

impl<'a> Inference<'a> {
    fn new(st: &'a crate::infer::Stats) -> Inference<'a> {
        Inference {
            after_runs: st.after_runs,
            candidates: st.generated,
            cases_solved: st.cases_solved,
            dropped: st
                .explained
                .iter()
                .map(|d| Dropped {
                    case: &d.shape,
                    fact: &d.fact,
                    not_proved_by: &d.by,
                    round: d.round,
                })
                .collect(),
            dropped_on_prefix: st.prefix_dropped,
            dropped_per_round: &st.dropped,
            explored_states: st.explored,
            filter_seconds: st.filter.as_secs_f64(),
            houdini_seconds: st.houdini.as_secs_f64(),
            implied: st.implied,
            observe_seconds: st.observe.as_secs_f64(),
            rounds: st.rounds,
            shapes: st.shapes,
            stopped: st.stopped.as_deref(),
            survivors: st.survivors,
            thread_states: st.states,
            user_facts: st.user_facts,
        }
    }
}

impl<'a> Report<'a> {
    /// `file` as given on the command line; `witness` is `--witness`, which
    /// the replay commands name; `memory` the peak, in MB.
    pub(in crate::cli) fn new(
        file: &Path,
        p: &'a Proved,
        witness: Option<&Path>,
        memory: Option<f64>,
    ) -> Report<'a> {
        let r = &p.report;
        Report {
            allowed_shapes: r.allowed,
            catch_rounds: r.catch_rounds,
            exceptions_followed: r.followed,
            failed: r
                .outcomes
                .iter()
                .filter(|o| o.verdict != Verdict::Proved)
                .map(|o| Failed {
                    branch: &o.branch,
                    case: &o.case,
                    detail: &o.detail,
                    instruction: &o.insn,
                    inferred_only: o.inferred_only,
                    lemma: lemma_name(o.lemma),
                    obligation: &o.what,
                    verdict: outcome_name(o.verdict),
                })
                .collect(),
            file: file.display().to_string(),
            inductions: r.rounds,
            inference: p.inferred.as_ref().map(|i| Inference::new(&i.stats)),
            invariant: &r.invariant,
            invariant_lines: r.invariant_lines,
            jobs: r.jobs,
            lemma1: r
                .lemma1
                .as_deref()
                .map_or("proved".to_string(), |f| format!("fails: {f}")),
            lemma2: Lemma::new(&r.lemma2),
            lemma3: r
                .lemma3
                .iter()
                .map(|(n, s)| (n.as_str(), Lemma::new(s)))
                .collect(),
            lemmas_2_3_skipped: r.skipped,
            obligations_not_asked: r.not_asked,
            inferred_goals_not_asked: r.goals_not_asked,
            obligations_per_second: obligations_per_second(r),
            peak_memory_mb: memory,
            phases: Phases {
                building: r.phases.build.as_secs_f64(),
                inference: p.inference.as_secs_f64(),
                prefix: r.phases.prefix.as_secs_f64(),
                solving: r.phases.solve.as_secs_f64(),
                total: p.total.as_secs_f64(),
                walk: r.phases.walk.as_secs_f64(),
                witness_search: r.search_time.as_secs_f64(),
            },
            per_thread_claim: r.per_thread_claim,
            prefix_relation_failures: r
                .prefix_relations
                .iter()
                .map(|(n, f)| PrefixFailure {
                    failure: f,
                    relation: n,
                })
                .collect(),
            prefix_steps: r.prefix_steps,
            prefix_stop: &r.prefix_stop,
            shapes: r.shapes,
            shard: p.shard.as_ref(),
            shards: p.shards.as_ref(),
            solver_seconds: r.solver_time.as_secs_f64(),
            theorems: theorems(p, witness),
            translation_error: r.translation.as_deref(),
            unsupported: r
                .unsupported
                .iter()
                .map(|(c, w)| Unsupported { case: c, why: w })
                .collect(),
            vacuous_cases: &r.vacuous,
            walk_error: r.walk_error.as_deref(),
            warnings: &r.warnings,
            wall_seconds: r.wall.as_secs_f64(),
            witness_search_seconds: r.search_time.as_secs_f64(),
        }
    }
}

/// Each theorem's verdict and evidence.
fn theorems<'a>(p: &'a Proved, witness: Option<&Path>) -> Vec<Theorem<'a>> {
    let r = &p.report;
    r.verdicts
        .iter()
        .zip(&r.evidence)
        .map(|((t, v), e)| {
            let mut j = Theorem {
                expected: t.expect.map(|e| e.name()),
                found_by: None,
                replay: None,
                search_complete: None,
                searched: None,
                theorem: t.goal.name(),
                verdict: v.name(),
                violation: None,
                witness: None,
            };
            match e {
                Evidence::Witness(f) => {
                    j.witness = Some(&f.schedule);
                    j.violation = Some(&f.failure);
                    j.found_by = Some(f.by);
                    j.replay = Some(replay_command(
                        &p.tf,
                        t,
                        f,
                        witness_path(witness, t).as_deref(),
                    ));
                }
                Evidence::Searched(s) => {
                    j.searched = Some(&s.summary);
                    j.search_complete = Some(s.complete);
                }
                Evidence::None => {}
            }
            j
        })
        .collect()
}
