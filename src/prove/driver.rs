//! `m5 prove`: from a theorem file to verdicts. Loads the program and the
//! invariant, checks Lemma 1 by computation, walks the call-stack shapes,
//! builds every case's obligations and solves them in parallel.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use super::theorem::{Goal, TheoremFile, Verdict};
use super::*;
use crate::classfile::ClassPath;
use crate::interp::{self, init::load_classes};
use crate::state::Config;

/// Counts for one lemma.
#[derive(Clone, Debug, Default)]
pub struct LemmaStats {
    pub cases: usize,
    pub obligations: usize,
    pub proved: usize,
    pub refuted: usize,
    pub unknown: usize,
    pub time: Duration,
    /// Obligations proved by shared checks, and the shared checks asked.
    pub by_shared: usize,
    pub shared_checks: usize,
}

pub struct Report {
    pub invariant: String,
    pub invariant_lines: usize,
    pub facts: usize,
    pub thread_cases: usize,
    /// Lemma 1: None if it holds on every state of the single-threaded
    /// prefix, else the failure.
    pub lemma1: Option<String>,
    /// Where Lemma 1's failing fact starts in the invariant's text.
    pub lemma1_at: Option<usize>,
    /// Steps of the single-threaded prefix run before the induction, and
    /// why it stopped there.
    pub prefix_steps: usize,
    pub prefix_stop: String,
    /// Relations that fail on a step of the prefix: (relation, failure).
    pub prefix_relations: Vec<(String, String)>,
    /// Lemma 1 checked again on the prover's formulas: None if they agree
    /// with the concrete evaluator on the initial state, else why not (then
    /// nothing is proved).
    pub translation: Option<String>,
    /// Call-stack shapes reached / allowed by the invariant.
    pub shapes: usize,
    pub allowed: usize,
    /// Does the invariant have `when` cases? Without, every reachable shape
    /// is a case with no thread hypotheses.
    pub per_thread_claim: bool,
    /// Why the walk failed (nothing else is proved then).
    pub walk_error: Option<String>,
    /// Lemmas 2 and 3 were not attempted (`Options::stop_at_lemma1`).
    pub skipped: bool,
    /// Cases the prover could not build: (case, why).
    pub unsupported: Vec<(String, String)>,
    pub outcomes: Vec<Outcome>,
    pub lemma2: LemmaStats,
    /// Per relation.
    pub lemma3: Vec<(String, LemmaStats)>,
    pub verdicts: Vec<(theorem::Theorem, Verdict)>,
    /// Per theorem, in the order of `verdicts`: what backs a verdict that
    /// is not "proved".
    pub evidence: Vec<Evidence>,
    /// Time spent looking for reachable violations.
    pub search_time: Duration,
    /// Cases (with their branch) whose hypotheses are contradictory.
    pub vacuous: Vec<String>,
    pub wall: Duration,
    /// The wall time of each phase of `wall`.
    pub phases: Phases,
    pub solver_time: Duration,
    pub jobs: usize,
    /// Caught exceptions the prover could not rule out and followed to
    /// their handlers, and the inductions it ran (one more per round of
    /// exceptions followed).
    pub followed: usize,
    /// Inductions run (the last one's outcomes are the report's), and the
    /// rounds of checks of caught exceptions before them.
    pub rounds: usize,
    pub catch_rounds: usize,
    /// Obligations not asked (`Options::decisive_only`): then nothing is
    /// proved.
    pub not_asked: usize,
    /// Inferred goals not asked of obligations that have one of the
    /// user's (`Options::decisive_only`): then nothing is proved either.
    pub goals_not_asked: usize,
    /// Cases keyed by source lines that describe no call stack the program
    /// reaches (`prove::lines`).
    pub warnings: Vec<String>,
    /// A digest of the cases of the last induction (the allowed shapes and
    /// the exceptions followed): shards (`Options::shard`) split one list
    /// of cases only where theirs are equal.
    pub plan: u128,
}

/// The wall time of the proof's phases (over every induction): the
/// single-threaded prefix with Lemma 1 (and the check that the prover's
/// formulas agree on its last state), the data-free walks of the
/// call-stack shapes, building the cases' obligations, and solving them
/// (the checks of caught exceptions included). The rest of `Report::wall`
/// is loading and the search for witnesses (`Report::search_time`).
#[derive(Clone, Debug, Default)]
pub struct Phases {
    pub prefix: Duration,
    pub walk: Duration,
    pub build: Duration,
    pub solve: Duration,
}

/// What backs a theorem's verdict besides the lemmas' counts.
#[derive(Clone, Debug)]
pub enum Evidence {
    /// Proved, or not looked for (Houdini's rounds).
    None,
    /// Refuted: a schedule from the initial state to a violation, which
    /// `m5 run --invariant` replays (checked before it counts).
    Witness(witness::Found),
    /// No reachable violation found, and where the search looked.
    Searched(witness::Searched),
}

/// A case built on some core: its index among the allowed shapes, and its
/// obligations or why the prover cannot build it.
type Built = (usize, Result<Vec<CaseVc>, String>);

/// Bad input: the theorem file, class path, main class or invariant.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

pub fn prove(
    tf: &TheoremFile,
    opts: &Options,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Report, InputError> {
    prove_source(tf, None, opts, progress)
}

/// `prove` with the invariant's text given (`crate::infer` writes it)
/// instead of read from the theorem file's `invariant`, whose path still
/// names it in messages.
pub fn prove_source(
    tf: &TheoremFile,
    source: Option<&str>,
    opts: &Options,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Report, InputError> {
    let t0 = Instant::now();
    let at = |e: String| InputError(format!("{}: {e}", tf.path.display()));
    let cp = ClassPath::parse(&tf.classpath).map_err(|e| at(e.to_string()))?;
    let classes = load_classes(&cp, &tf.main).map_err(|e| at(e.to_string()))?;
    let s0 = interp::initial_state(classes, &tf.main, &tf.args, Config::default())
        .map_err(|e| at(e.to_string()))?;
    // Where `m5 run` starts: witnesses are schedules from here.
    let initial = s0.clone();
    let c = load_invariant(tf, source, opts, &s0)?;
    let c = std::sync::Arc::new(c);
    let relations = relations_of(tf, &c)?;
    // Lemma 1 on every state of the single-threaded prefix, by computation;
    // the induction starts from its last state.
    let tp = Instant::now();
    let prefix = super::prefix::run(&c, s0, &relations, opts.prefix_steps);
    let stacks = prefix.stacks;
    let s0 = prefix.state;
    let lemma1 = prefix.failure;
    let lemma1_at = prefix.failed_at;
    // The prover's formulas must mean on that state what the evaluator
    // found (else Lemma 2's hypotheses are not the invariant).
    let translation = match lemma1 {
        None => lemma1::check(&c, &s0, &relations, opts.timeout_ms).err(),
        Some(_) => None,
    };
    let prefix_time = tp.elapsed();
    let end = End {
        initial,
        own: source.is_none().then(|| c.clone()),
        opts,
    };
    let mut report = Report {
        invariant: tf.invariant.display().to_string(),
        invariant_lines: c.file.source.lines().count(),
        facts: fact_count(&c),
        thread_cases: c.cases.len(),
        lemma1,
        lemma1_at,
        prefix_steps: prefix.steps,
        prefix_stop: prefix.stop,
        prefix_relations: prefix.relation_failures,
        translation,
        shapes: 0,
        allowed: 0,
        per_thread_claim: !c.cases.is_empty(),
        walk_error: None,
        skipped: false,
        unsupported: Vec::new(),
        outcomes: Vec::new(),
        lemma2: LemmaStats::default(),
        lemma3: relations
            .iter()
            .map(|r| (r.clone(), LemmaStats::default()))
            .collect(),
        verdicts: Vec::new(),
        evidence: Vec::new(),
        search_time: Duration::ZERO,
        vacuous: Vec::new(),
        wall: Duration::ZERO,
        phases: Phases {
            prefix: prefix_time,
            ..Phases::default()
        },
        solver_time: Duration::ZERO,
        jobs: opts.jobs,
        followed: 0,
        rounds: 1,
        catch_rounds: 0,
        not_asked: 0,
        goals_not_asked: 0,
        warnings: Vec::new(),
        plan: 0,
    };
    if let Some(why) = prefix.unsupported {
        report.walk_error = Some(why);
        return Ok(finish(tf, report, t0, &end));
    }
    if opts.stop_at_lemma1 && report.lemma1.is_some() {
        report.skipped = true;
        return Ok(finish(tf, report, t0, &end));
    }
    let allowed_shape = |sh: &sym::Shape| allows(&c, &s0.classes, sh);
    // Caught exceptions are first pre-step checks; those the prover cannot
    // rule out are followed to their handlers. The checks are asked alone
    // first (one round per set of new shapes the followed ones reach),
    // then the induction runs on the final shapes. It asks them again,
    // first, and stops at one it cannot prove (which a round missed only
    // if their answers differ): that one is followed, and it runs again.
    let mut follow: BTreeSet<sym::Catch> = BTreeSet::new();
    // The scripts of the checks the rounds proved (asked again only if
    // their text changes).
    let mut ruled_out: std::collections::HashSet<String> = Default::default();
    loop {
        let tw = Instant::now();
        let walked = walk(&s0.classes, &s0, &allowed_shape, &follow);
        report.phases.walk += tw.elapsed();
        let w = match walked {
            Err(e) => {
                report.walk_error = Some(e);
                break;
            }
            Ok(w) => w,
        };
        report.warnings = super::lines::warnings(&c, &s0.classes, &w, &stacks);
        if !w.catching.is_empty() {
            let tc = Instant::now();
            let more = unproved_catches(&s0.classes, &c, &w, &follow, opts, &mut ruled_out);
            report.phases.solve += tc.elapsed();
            if !more.is_empty() {
                follow.extend(more);
                report.followed = follow.len();
                report.catch_rounds += 1;
                continue;
            }
        }
        let prover = Prover {
            classes: &s0.classes,
            c: &c,
            walk: &w,
            relations: relations.clone(),
            preservation: true,
            others: Default::default(),
            follow: &follow,
            catch_only: false,
            check_skips: opts.check_skips,
        };
        if !induction(&prover, opts, progress, &mut report, t0)? {
            return Ok(finish(tf, report, t0, &end));
        }
        let more: Vec<sym::Catch> = report
            .outcomes
            .iter()
            .filter(|o| o.verdict != Verdict::Proved)
            .filter_map(|o| o.catch.clone())
            .collect();
        if more.is_empty() {
            break;
        }
        next_round(&mut report, opts);
        follow.extend(more);
        report.followed = follow.len();
    }
    Ok(finish(tf, report, t0, &end))
}

/// The invariant compiled and its sites resolved, from `source` or the
/// theorem file's `invariant`; with Houdini's guards, each fact's switch.
/// The invariant's facts: global, per thread case, per object class.
fn fact_count(c: &crate::invariant::Compiled) -> usize {
    c.global.len()
        + c.cases.iter().map(|x| x.0.facts.len()).sum::<usize>()
        + c.objects.iter().map(|o| o.2.len()).sum::<usize>()
}

fn load_invariant(
    tf: &TheoremFile,
    source: Option<&str>,
    opts: &Options,
    s0: &crate::state::State,
) -> Result<crate::invariant::Compiled, InputError> {
    let c = match source {
        Some(text) => {
            crate::invariant::compile(&tf.invariant.display().to_string(), text, &s0.classes)
        }
        None => crate::invariant::load(&tf.invariant, &s0.classes),
    }
    .map_err(|e| InputError(e.rendered.clone()))?;
    let mut c = c;
    crate::invariant::sites::resolve(&mut c, s0).map_err(|e| InputError(e.rendered.clone()))?;
    if let Some(o) = &opts.origin {
        c.set_origin(o.clone());
    }
    // (After `resolve`, which compiles the file again.)
    if let Some(g) = &opts.houdini_guards {
        let facts = c
            .global
            .iter()
            .chain(c.cases.iter().flat_map(|x| &x.0.facts))
            .chain(c.objects.iter().flat_map(|o| &o.2));
        let guards = facts
            .filter_map(|f| Some((f.span.start, g.candidate_at(f.span.start)?)))
            .collect();
        c.guards = guards;
    }
    Ok(c)
}

/// The relations the theorems name, each one the invariant file defines.
fn relations_of(
    tf: &TheoremFile,
    c: &crate::invariant::Compiled,
) -> Result<Vec<String>, InputError> {
    let relations: Vec<String> = tf
        .theorems
        .iter()
        .filter_map(|t| match &t.goal {
            Goal::Relation(r) => Some(r.clone()),
            _ => None,
        })
        .collect();
    for t in &tf.theorems {
        let Goal::Relation(r) = &t.goal else { continue };
        if !c.relations.contains_key(r) {
            return Err(InputError(format!(
                "{}:{}: the invariant file {} has no relation {r}",
                tf.path.display(),
                t.line,
                tf.invariant.display()
            )));
        }
    }
    Ok(relations)
}

/// One induction on the shapes of `prover`'s walk: builds every allowed
/// shape's case and solves them, into `report`. False: a shape the prover
/// cannot build stops the proof (the verdict is unknown).
fn induction(
    prover: &Prover,
    opts: &Options,
    progress: &(dyn Fn(usize, usize) + Sync),
    report: &mut Report,
    t0: Instant,
) -> Result<bool, InputError> {
    let allowed = prover.allowed();
    report.shapes = prover.walk.shapes.len();
    report.allowed = allowed.len();
    // An instruction the prover does not model stops the proof
    // before anything is built: the verdict is unknown.
    for &si in &allowed {
        if let Some(why) = prover.walk.unsupported.get(&si) {
            report.unsupported.push((
                shape_text(prover.classes, &prover.walk.shapes[si]),
                why.clone(),
            ));
        }
    }
    if !report.unsupported.is_empty() {
        return Ok(false);
    }
    report.plan = plan(prover, &allowed);
    // A shard builds its shapes only; shard 0 the no-op case too.
    let mine: Vec<usize> = match opts.shard {
        Some(sh) => (allowed.iter().enumerate())
            .filter(|(k, _)| sh.owns(*k as u64))
            .map(|(_, &si)| si)
            .collect(),
        None => allowed,
    };
    let noop = opts.shard.is_none_or(|sh| sh.index == 0);
    // Build the cases on every core (building, not solving, is most of the work).
    let tb = Instant::now();
    let built = build_cases(prover, &mine, opts.jobs);
    let mut vcs = Vec::new();
    let mut cases_built = 0;
    for (k, r) in built {
        match r {
            Ok(v) => {
                cases_built += 1;
                vcs.extend(v);
            }
            Err(why) => report.unsupported.push((
                shape_text(prover.classes, &prover.walk.shapes[mine[k]]),
                why,
            )),
        }
    }
    tracing::debug!("cases built in {:?}", t0.elapsed());
    match prover.noop_case() {
        Ok(Some(v)) if noop => vcs.push(v),
        Ok(_) => {}
        Err(why) => report.unsupported.push(("(no-op step)".into(), why)),
    }
    report.phases.build += tb.elapsed();
    if !report.unsupported.is_empty() {
        return Ok(false);
    }
    if let Some(dir) = &opts.emit_smt2 {
        std::fs::create_dir_all(dir).map_err(|e| InputError(format!("{}: {e}", dir.display())))?;
    }
    report.goals_not_asked = only_decisive_goals(&mut vcs, opts);
    let total: usize = vcs.iter().map(|v| v.obligations.len()).sum();
    // A caught exception the invariant does not rule out stops the
    // solving: it is followed, and the induction runs again.
    let stop = std::sync::atomic::AtomicBool::new(false);
    let ts = Instant::now();
    report.outcomes = match &opts.houdini_guards {
        Some(g) if opts.houdini => (g.fixpoint)(&vcs, opts, g, Some(&stop)),
        _ => solve(&vcs, opts, &|n| progress(n, total), Some(&stop)),
    };
    report.phases.solve += ts.elapsed();
    if opts.decisive_only {
        let reported = vcs
            .iter()
            .flat_map(|v| &v.obligations)
            .filter(|o| !o.shared)
            .count();
        report.not_asked = reported.saturating_sub(report.outcomes.len());
    }
    // One extra case: a thread that cannot move leaves the state as it is.
    report.lemma2.cases = cases_built + usize::from(noop);
    for (_, st) in &mut report.lemma3 {
        st.cases = cases_built + usize::from(noop);
    }
    tally(report);
    Ok(true)
}

/// The digest of an induction's cases (`Report::plan`).
fn plan(prover: &Prover, allowed: &[usize]) -> u128 {
    let shapes: Vec<String> = allowed
        .iter()
        .map(|&si| shape_text(prover.classes, &prover.walk.shapes[si]))
        .collect();
    let text = format!("{shapes:?} {:?}", prover.follow);
    xxhash_rust::xxh3::xxh3_128(text.as_bytes())
}

/// The vacuous cases and each lemma's figures, from the outcomes.
fn tally(report: &mut Report) {
    // A case is vacuous when the hypotheses of every branch of its
    // instruction are contradictory (a branch alone may well be
    // impossible: an exception the invariant rules out, a lock that
    // is never held).
    let mut by_case: Vec<(String, bool)> = Vec::new();
    for o in &report.outcomes {
        let case = format!("{} {}", o.case, o.insn).trim().to_string();
        match by_case.iter_mut().find(|(c, _)| *c == case) {
            Some((_, all)) => *all &= o.vacuous,
            None => by_case.push((case, o.vacuous)),
        }
    }
    report.vacuous = by_case
        .into_iter()
        .filter(|(_, v)| *v)
        .map(|(c, _)| c)
        .collect();
    for o in &report.outcomes {
        report.solver_time += o.time;
        let st = match o.lemma {
            Lemma::Preserved => &mut report.lemma2,
            Lemma::Relation => {
                let name = o.what.trim_start_matches("relation ");
                match report.lemma3.iter_mut().find(|(r, _)| r == name) {
                    Some((_, st)) => st,
                    None => continue,
                }
            }
        };
        st.obligations += 1;
        st.time += o.time;
        st.by_shared += usize::from(o.by_shared);
        st.shared_checks += o.shared_checks;
        match o.verdict {
            Verdict::Proved => st.proved += 1,
            Verdict::Refuted => st.refuted += 1,
            Verdict::Unknown | Verdict::NotInductive => st.unknown += 1,
        }
    }
}

/// Clears `report` for another induction (a caught exception is followed).
fn next_round(report: &mut Report, opts: &Options) {
    // The next induction writes its own obligations.
    if let Some(dir) = &opts.emit_smt2
        && let Ok(entries) = std::fs::read_dir(dir)
    {
        for e in entries.flatten() {
            let name = e.file_name();
            let name = name.to_string_lossy();
            if name.starts_with("case") && name.ends_with(".smt2") {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    report.rounds += 1;
    report.outcomes.clear();
    report.vacuous.clear();
    report.lemma2 = LemmaStats::default();
    report.not_asked = 0;
    report.goals_not_asked = 0;
    for (_, st) in &mut report.lemma3 {
        *st = LemmaStats::default();
    }
}

/// What `finish` needs beyond the report: where runs start, the user's
/// claim when it is the invariant proved, and the options.
struct End<'a> {
    initial: crate::state::State,
    own: Option<std::sync::Arc<crate::invariant::Compiled>>,
    opts: &'a Options,
}

/// Leaves out the inferred goals (Houdini candidates, `hg!`) of every
/// obligation that also has a goal of the user's: once inference stopped
/// at a fact of the user's, the candidates are no fixpoint, so their
/// failures say nothing, and each cost a counterexample (seconds) that
/// only `--verbose` would show. Returns how many goals were left out
/// (none unless `Options::decisive_only`).
fn only_decisive_goals(vcs: &mut [CaseVc], opts: &Options) -> usize {
    let mut out = 0;
    if !opts.decisive_only {
        return out;
    }
    for ob in vcs.iter_mut().flat_map(|v| &mut v.obligations) {
        if ob.check.is_none() && solve::unguarded(ob) {
            let before = ob.facts.len();
            ob.facts.retain(|f| !solve::candidate(f));
            out += before - ob.facts.len();
        }
    }
    out
}

/// The theorems' verdicts from the lemmas' counts, each not proved then
/// confirmed or not by a search for a reachable violation.
fn finish(tf: &TheoremFile, mut report: Report, t0: Instant, end: &End) -> Report {
    report.verdicts = verdicts(&report, &tf.theorems);
    let t1 = Instant::now();
    report.evidence = vec![Evidence::None; report.verdicts.len()];
    if !end.opts.houdini {
        let mut claim = end.own.clone();
        for k in 0..report.verdicts.len() {
            let (t, v) = &report.verdicts[k];
            if *v == Verdict::Proved {
                continue;
            }
            if claim.is_none() {
                match load_claim(tf, &end.initial) {
                    Ok(c) => claim = Some(std::sync::Arc::new(c)),
                    Err(why) => {
                        report.evidence[k] = Evidence::Searched(witness::Searched {
                            summary: format!("nothing: {why}"),
                            complete: false,
                        });
                        continue;
                    }
                }
            }
            let c = claim.as_ref().expect("loaded");
            let targets = targets(&report, &t.goal);
            let found = witness::search(
                &end.initial,
                c,
                &t.goal,
                end.opts.prefix_steps,
                &targets,
                end.opts.witness.as_ref(),
            );
            report.evidence[k] = match found {
                Ok(f) => {
                    report.verdicts[k].1 = Verdict::Refuted;
                    Evidence::Witness(f)
                }
                Err(s) => Evidence::Searched(s),
            };
        }
    }
    report.search_time = t1.elapsed();
    report.wall = t0.elapsed();
    report
}

/// The theorems' verdicts from the lemmas' counts, before any search for
/// a reachable violation (`m5 merge` computes them from the shards' sums).
pub fn verdicts(
    report: &Report,
    theorems: &[theorem::Theorem],
) -> Vec<(theorem::Theorem, Verdict)> {
    let incomplete = report.walk_error.is_some()
        || report.skipped
        || report.not_asked > 0
        || report.goals_not_asked > 0
        || !report.unsupported.is_empty()
        || report.translation.is_some();
    // A failed Lemma 1 is a reachable violation of some fact; the search
    // below finds it again if the fact is the user's (with inference it
    // may be an inferred one: then nothing is claimed).
    let inv = if report.lemma1.is_some() {
        Verdict::Unknown
    } else if report.lemma2.refuted > 0 {
        Verdict::NotInductive
    } else if incomplete || report.lemma2.unknown > 0 {
        Verdict::Unknown
    } else {
        Verdict::Proved
    };
    let mut out = Vec::new();
    for t in theorems {
        let v = match &t.goal {
            Goal::Invariant => inv,
            Goal::Relation(r) => {
                let st = &report
                    .lemma3
                    .iter()
                    .find(|(x, _)| x == r)
                    .expect("relation listed")
                    .1;
                if report.prefix_relations.iter().any(|(x, _)| x == r) {
                    Verdict::Unknown
                } else if st.refuted > 0 {
                    Verdict::NotInductive
                } else if inv == Verdict::Proved && st.unknown == 0 && !incomplete {
                    Verdict::Proved
                } else {
                    Verdict::Unknown
                }
            }
        };
        out.push((t.clone(), v));
    }
    out
}

/// The user's own invariant file (the claim), compiled and resolved.
fn load_claim(
    tf: &TheoremFile,
    s0: &crate::state::State,
) -> Result<crate::invariant::Compiled, String> {
    let mut c = crate::invariant::load(tf.claim_path(), &s0.classes).map_err(|e| e.rendered)?;
    crate::invariant::sites::resolve(&mut c, s0).map_err(|e| e.rendered)?;
    Ok(c)
}

/// The stepping thread's call stacks of the goal's failed obligations.
fn targets(report: &Report, goal: &Goal) -> witness::Targets {
    let mut out: witness::Targets = Vec::new();
    for o in &report.outcomes {
        let mine = match goal {
            Goal::Invariant => o.lemma == Lemma::Preserved,
            Goal::Relation(r) => {
                o.lemma == Lemma::Relation && o.what.trim_start_matches("relation ") == r
            }
        };
        if mine && o.verdict == Verdict::Refuted && !o.shape.is_empty() && !out.contains(&o.shape) {
            out.push(o.shape.clone());
        }
    }
    out
}

/// Peak resident memory of this process, in MB (Linux), if known.
pub fn peak_memory_mb() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The caught exceptions of `w`'s shapes whose pre-step checks (the
/// exception cannot happen) are not proved and whose handlers a `when`
/// case allows: those to follow.
fn unproved_catches(
    classes: &crate::classfile::ClassTable,
    c: &crate::invariant::Compiled,
    w: &super::walk::Walk,
    follow: &BTreeSet<sym::Catch>,
    opts: &Options,
    ruled_out: &mut std::collections::HashSet<String>,
) -> Vec<sym::Catch> {
    let prover = Prover {
        classes,
        c,
        walk: w,
        relations: Vec::new(),
        preservation: true,
        others: Default::default(),
        follow,
        catch_only: true,
        check_skips: opts.check_skips,
    };
    let allowed = prover.allowed();
    let todo: Vec<usize> = allowed
        .into_iter()
        .filter(|si| w.catching.contains(si))
        .collect();
    // A case that cannot be built is reported by the induction.
    let mut vcs: Vec<CaseVc> = build_cases(&prover, &todo, opts.jobs)
        .into_iter()
        .filter_map(|(_, r)| r.ok())
        .flatten()
        .collect();
    // A check an earlier round proved, word for word the same script, is
    // not asked again (the rounds differ in the exceptions followed, which
    // changes only some cases).
    for vc in &mut vcs {
        let keep: Vec<bool> = (0..vc.obligations.len())
            .map(|k| !ruled_out.contains(&obligation_script(vc, k)))
            .collect();
        let mut it = keep.iter();
        vc.obligations
            .retain(|_| *it.next().expect("one per obligation"));
    }
    vcs.retain(|vc| !vc.obligations.is_empty());
    // Every check is asked (no early stop): all new handlers at once. The
    // SMT-LIB2 files are the induction's.
    let quiet = Options {
        emit_smt2: None,
        ..opts.clone()
    };
    let outcomes = match &opts.houdini_guards {
        Some(g) if opts.houdini => (g.fixpoint)(&vcs, &quiet, g, None),
        _ => solve(&vcs, &quiet, &|_| {}, None),
    };
    // In the order of the cases and their obligations.
    let scripts = vcs
        .iter()
        .flat_map(|vc| (0..vc.obligations.len()).map(move |k| obligation_script(vc, k)));
    let asked: usize = vcs.iter().map(|vc| vc.obligations.len()).sum();
    // (One outcome per check: the checks alone have no shared checks.
    // Not in Houdini's rounds: the script is written with switches, and a
    // check proved while a candidate was alive says nothing once it is
    // dropped.)
    let paired = outcomes.len() == asked && !opts.houdini;
    let mut out = Vec::new();
    for (o, text) in outcomes.into_iter().zip(scripts) {
        if o.verdict == Verdict::Proved {
            if paired {
                ruled_out.insert(text);
            }
        } else if let Some(c) = o.catch {
            out.push(c);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// `prover.case` of each shape in `shapes`, on `jobs` threads, in the
/// order of `shapes` (with each shape's index in it).
fn build_cases(prover: &Prover, shapes: &[usize], jobs: usize) -> Vec<Built> {
    crate::parallel::map(shapes.len(), jobs, |k| (k, prover.case(shapes[k])))
}
