//! `m5 prove --shard I/N`'s shard object (its part of the report, as
//! `m5 merge` rebuilds it) and the merge of a prove command's shards: the
//! lemmas' counts added up, the failed obligations listed together, the
//! theorems' verdicts computed again from the sums (`driver::verdicts`),
//! a witness any shard found kept. Proved only if every shard split the
//! same list of cases and proved its part.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Result;

use super::UsageError;
use super::json::shard::{
    FORMAT, Merged, Obligation, ProvePart, Shard, Stats, TheoremFile, TheoremPart, Witness,
};
use super::merge::{Doc, MergeArgs};
use super::prove::Proved;
use crate::prove::driver::{Evidence, LemmaStats, Report};
use crate::prove::theorem::{self, Goal, Verdict};
use crate::prove::{Lemma, Outcome, witness};

/// The shard object of a prove shard's JSON result.
pub(super) fn block(a: &super::ProveArgs, p: &Proved, sh: crate::explore::Shard) -> Result<Shard> {
    let r = &p.report;
    let hash = |path: &Path| -> Result<String> {
        let bytes =
            std::fs::read(path).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
        Ok(format!("{:032x}", xxhash_rust::xxh3::xxh3_128(&bytes)))
    };
    let s = &a.solve;
    let mut key = BTreeMap::new();
    key.insert("theorem-file".to_string(), hash(&p.tf.path)?);
    key.insert("invariant-file".to_string(), hash(&p.tf.invariant)?);
    key.insert("timeout".to_string(), s.timeout.to_string());
    key.insert("prefix-steps".to_string(), s.prefix_steps.to_string());
    key.insert("witness-states".to_string(), s.witness_states.to_string());
    key.insert("witness-seconds".to_string(), s.witness_seconds.to_string());
    key.insert(
        "no-witness-search".to_string(),
        s.no_witness_search.to_string(),
    );
    key.insert("check-vacuity".to_string(), a.check_vacuity.to_string());
    let completed = r.walk_error.is_none() && r.unsupported.is_empty() && !r.skipped;
    Ok(Shard {
        command: "prove".into(),
        completed,
        count: sh.count,
        explore: None,
        format: FORMAT,
        index: sh.index,
        key,
        prove: Some(part(p)),
    })
}

fn stats(s: &LemmaStats) -> Stats {
    Stats {
        by_shared: s.by_shared,
        cases: s.cases,
        obligations: s.obligations,
        proved: s.proved,
        refuted: s.refuted,
        seconds: s.time.as_secs_f64(),
        shared_checks: s.shared_checks,
        unknown: s.unknown,
    }
}

fn lemma_stats(s: &Stats) -> LemmaStats {
    LemmaStats {
        cases: s.cases,
        obligations: s.obligations,
        proved: s.proved,
        refuted: s.refuted,
        unknown: s.unknown,
        time: Duration::from_secs_f64(s.seconds),
        by_shared: s.by_shared,
        shared_checks: s.shared_checks,
    }
}

fn add(to: &mut LemmaStats, s: &Stats) {
    let s = lemma_stats(s);
    to.cases += s.cases;
    to.obligations += s.obligations;
    to.proved += s.proved;
    to.refuted += s.refuted;
    to.unknown += s.unknown;
    to.time += s.time;
    to.by_shared += s.by_shared;
    to.shared_checks += s.shared_checks;
}

/// The part of a proof's report a shard writes.
fn part(p: &Proved) -> ProvePart {
    let r = &p.report;
    let tf = &p.tf;
    let path = |x: &Path| x.display().to_string();
    let theorems = r
        .verdicts
        .iter()
        .zip(&r.evidence)
        .map(|((t, v), e)| TheoremPart {
            expect: t.expect.map(|x| x.name().to_string()),
            goal: t.goal.name(),
            line: t.line,
            witness: match e {
                Evidence::Witness(f) => Some(Witness {
                    by: f.by.to_string(),
                    failure: f.failure.clone(),
                    schedule: f.schedule.clone(),
                    spurious_wakeups: f.spurious_wakeups,
                }),
                _ => None,
            },
            searched: match e {
                Evidence::Searched(s) => Some((s.summary.clone(), s.complete)),
                _ => None,
            },
            verdict: v.name().to_string(),
        })
        .collect();
    ProvePart {
        allowed: r.allowed,
        catch_rounds: r.catch_rounds,
        facts: r.facts,
        failed: r
            .outcomes
            .iter()
            .filter(|o| o.verdict != Verdict::Proved)
            .map(|o| Obligation {
                branch: o.branch.clone(),
                case: o.case.clone(),
                detail: o.detail.clone(),
                insn: o.insn.clone(),
                lemma: match o.lemma {
                    Lemma::Preserved => "preserved",
                    Lemma::Relation => "relation",
                }
                .into(),
                seconds: o.time.as_secs_f64(),
                vacuous: o.vacuous,
                verdict: o.verdict.name().into(),
                what: o.what.clone(),
            })
            .collect(),
        followed: r.followed,
        invariant: r.invariant.clone(),
        invariant_lines: r.invariant_lines,
        jobs: r.jobs,
        lemma1: r.lemma1.clone(),
        lemma1_at: r.lemma1_at,
        lemma2: stats(&r.lemma2),
        lemma3: r
            .lemma3
            .iter()
            .map(|(n, s)| (n.clone(), stats(s)))
            .collect(),
        not_asked: r.not_asked,
        peak_memory_mb: crate::prove::driver::peak_memory_mb(),
        per_thread_claim: r.per_thread_claim,
        plan: format!("{:032x}", r.plan),
        prefix_relations: r.prefix_relations.clone(),
        prefix_steps: r.prefix_steps,
        prefix_stop: r.prefix_stop.clone(),
        rounds: r.rounds,
        search_seconds: r.search_time.as_secs_f64(),
        shapes: r.shapes,
        skipped: r.skipped,
        solver_seconds: r.solver_time.as_secs_f64(),
        theorem_file: TheoremFile {
            args: tf.args.clone(),
            claim: tf.claim.as_deref().map(path),
            classpath: tf.classpath.clone(),
            invariant: path(&tf.invariant),
            main: tf.main.clone(),
            path: path(&tf.path),
        },
        theorems,
        thread_cases: r.thread_cases,
        translation: r.translation.clone(),
        unsupported: r.unsupported.clone(),
        vacuous: r.vacuous.clone(),
        walk_error: r.walk_error.clone(),
        wall_seconds: r.wall.as_secs_f64(),
    }
}

fn verdict_named(name: &str) -> Verdict {
    match name {
        "proved" => Verdict::Proved,
        "refuted" => Verdict::Refuted,
        "not-inductive" => Verdict::NotInductive,
        // Anything else claims nothing.
        _ => Verdict::Unknown,
    }
}

fn goal_named(name: &str) -> Goal {
    match name.strip_prefix("relation ") {
        Some(r) => Goal::Relation(r.to_string()),
        None => Goal::Invariant,
    }
}

/// The shards' parts read back.
fn parts(docs: &[Doc]) -> Result<Vec<(&Doc, ProvePart)>> {
    docs.iter()
        .map(|d| {
            let p = d.shard.prove.clone().ok_or_else(|| {
                UsageError(format!(
                    "{}: a prove shard without its `prove` object",
                    d.path.display()
                ))
            })?;
            Ok((d, p))
        })
        .collect()
}

/// `m5 merge` of a prove command's shards.
pub(super) fn prove(a: &MergeArgs, docs: &[Doc]) -> Result<i32> {
    let parts = parts(docs)?;
    let first = &parts[0].1;
    let tf = theorem_file(first);
    let mut r = base(first);
    for (_, p) in &parts {
        add(&mut r.lemma2, &p.lemma2);
        for (name, s) in &p.lemma3 {
            if let Some((_, to)) = r.lemma3.iter_mut().find(|(n, _)| n == name) {
                add(to, s);
            }
        }
        r.outcomes.extend(p.failed.iter().map(outcome));
        for u in &p.unsupported {
            if !r.unsupported.contains(u) {
                r.unsupported.push(u.clone());
            }
        }
        for v in &p.vacuous {
            if !r.vacuous.contains(v) {
                r.vacuous.push(v.clone());
            }
        }
        r.walk_error = r.walk_error.take().or_else(|| p.walk_error.clone());
        r.skipped |= p.skipped;
        r.not_asked += p.not_asked;
        r.jobs += p.jobs;
        r.wall += Duration::from_secs_f64(p.wall_seconds);
        r.solver_time += Duration::from_secs_f64(p.solver_seconds);
        r.search_time += Duration::from_secs_f64(p.search_seconds);
        r.rounds = r.rounds.max(p.rounds);
        r.catch_rounds = r.catch_rounds.max(p.catch_rounds);
        r.followed = r.followed.max(p.followed);
    }
    // Shards that followed other caught exceptions split other lists of
    // cases: their parts need not cover one list.
    let plans: Vec<String> = parts
        .iter()
        .filter(|(_, p)| p.plan != first.plan)
        .map(|(d, _)| format!("{}/{}", d.shard.index, d.shard.count))
        .collect();
    if !plans.is_empty() && r.walk_error.is_none() {
        r.walk_error = Some(format!(
            "the shards split different lists of cases (shards {} differ from shard 0: they followed other caught exceptions), so their parts need not cover every case; prove without --shard",
            plans.join(", ")
        ));
    }
    r.verdicts = crate::prove::driver::verdicts(&r, &tf.theorems);
    r.evidence = evidence(&mut r.verdicts, &parts);
    let total = r.wall;
    let p = Proved {
        total,
        inference: Duration::ZERO,
        report: r,
        inferred: None,
        shard: None,
        shards: Some(Merged {
            completed: parts.iter().filter(|(d, _)| d.shard.completed).count() as u64,
            count: parts.len() as u64,
            decided_by: None,
            peak_memory_mb: parts
                .iter()
                .filter_map(|(_, p)| p.peak_memory_mb)
                .reduce(f64::max),
        }),
        tf,
    };
    let file = PathBuf::from(&first.theorem_file.path);
    super::prove::report_out(&file, &p, a.json, false, a.witness.as_deref())
}

/// Each theorem's evidence: a witness any shard found (the shortest; the
/// verdict is then refuted, a reachable violation being true whatever
/// the other parts say), else where a shard searched.
fn evidence(
    verdicts: &mut [(theorem::Theorem, Verdict)],
    parts: &[(&Doc, ProvePart)],
) -> Vec<Evidence> {
    let mut out = Vec::new();
    for (k, (_, v)) in verdicts.iter_mut().enumerate() {
        let of = |p: &ProvePart| p.theorems.get(k).cloned();
        let found = parts
            .iter()
            .filter_map(|(_, p)| of(p)?.witness)
            .min_by_key(|w| w.schedule.len());
        if let Some(w) = found {
            *v = Verdict::Refuted;
            out.push(Evidence::Witness(witness::Found {
                schedule: w.schedule,
                failure: w.failure,
                by: by_name(&w.by),
                spurious_wakeups: w.spurious_wakeups,
            }));
            continue;
        }
        let searched = parts.iter().filter_map(|(_, p)| of(p)?.searched).next();
        out.push(match searched {
            Some((summary, complete)) if *v != Verdict::Proved => {
                Evidence::Searched(witness::Searched { summary, complete })
            }
            _ => Evidence::None,
        });
    }
    out
}

/// A search's name (a `&'static str` in the prover's type; merge is a
/// short command, so the few names it reads live as long as it does).
fn by_name(name: &str) -> &'static str {
    Box::leak(name.to_string().into_boxed_str())
}

fn outcome(o: &Obligation) -> Outcome {
    Outcome {
        case: o.case.clone(),
        shape: Vec::new(),
        insn: o.insn.clone(),
        branch: o.branch.clone(),
        lemma: if o.lemma == "relation" {
            Lemma::Relation
        } else {
            Lemma::Preserved
        },
        what: o.what.clone(),
        verdict: verdict_named(&o.verdict),
        detail: o.detail.clone(),
        time: Duration::from_secs_f64(o.seconds),
        vacuous: o.vacuous,
        catch: None,
        by_shared: false,
        shared_checks: 0,
        failed: Vec::new(),
        inferred_only: false,
    }
}

fn theorem_file(p: &ProvePart) -> theorem::TheoremFile {
    let t = &p.theorem_file;
    theorem::TheoremFile {
        path: PathBuf::from(&t.path),
        classpath: t.classpath.clone(),
        main: t.main.clone(),
        args: t.args.clone(),
        invariant: PathBuf::from(&t.invariant),
        theorems: p
            .theorems
            .iter()
            .map(|x| theorem::Theorem {
                goal: goal_named(&x.goal),
                expect: x.expect.as_deref().map(verdict_named),
                line: x.line,
            })
            .collect(),
        infer: false,
        claim: t.claim.as_ref().map(PathBuf::from),
    }
}

/// The figures every shard shares (shard 0's), the counts at zero.
fn base(p: &ProvePart) -> Report {
    Report {
        invariant: p.invariant.clone(),
        invariant_lines: p.invariant_lines,
        facts: p.facts,
        thread_cases: p.thread_cases,
        lemma1: p.lemma1.clone(),
        lemma1_at: p.lemma1_at,
        prefix_steps: p.prefix_steps,
        prefix_stop: p.prefix_stop.clone(),
        prefix_relations: p.prefix_relations.clone(),
        translation: p.translation.clone(),
        shapes: p.shapes,
        allowed: p.allowed,
        per_thread_claim: p.per_thread_claim,
        walk_error: None,
        skipped: false,
        unsupported: Vec::new(),
        outcomes: Vec::new(),
        lemma2: LemmaStats::default(),
        lemma3: p
            .lemma3
            .iter()
            .map(|(n, _)| (n.clone(), LemmaStats::default()))
            .collect(),
        verdicts: Vec::new(),
        evidence: Vec::new(),
        search_time: Duration::ZERO,
        vacuous: Vec::new(),
        wall: Duration::ZERO,
        phases: Default::default(),
        warnings: Vec::new(),
        solver_time: Duration::ZERO,
        jobs: 0,
        followed: 0,
        rounds: 0,
        catch_rounds: 0,
        not_asked: 0,
        goals_not_asked: 0,
        plan: u128::from_str_radix(&p.plan, 16).unwrap_or(0),
    }
}
