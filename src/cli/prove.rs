//! `m5 prove` and `m5 check`: theorem files in, verdicts and readable
//! counterexamples out.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::Result;

use super::UsageError;
use crate::prove::driver::{self, Evidence, LemmaStats, Report};
use crate::prove::theorem::{self, Goal, Theorem, TheoremFile, Verdict};
use crate::prove::{Lemma, Options};

fn options(a: &super::SolveArgs, emit: Option<PathBuf>, vacuity: bool) -> Options {
    Options {
        prefix_steps: a.prefix_steps,
        check_vacuity: vacuity,
        timeout_ms: a.timeout,
        jobs: a.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        }),
        emit_smt2: emit,
        check_skips: a.check_skips,
        houdini: false,
        houdini_cache: None,
        houdini_guards: None,
        stop_at_lemma1: false,
        shard: None,
        decisive_only: false,
        origin: None,
        witness: (!a.no_witness_search).then(|| crate::prove::witness::Budget {
            states: a.witness_states,
            time: std::time::Duration::from_secs_f64(a.witness_seconds),
        }),
    }
}

/// A proof's report, and the inference's when the invariant was inferred.
pub(super) struct Proved {
    pub tf: TheoremFile,
    pub report: Report,
    pub inferred: Option<crate::infer::Inferred>,
    /// The whole run's wall time (inference included), and the inference's.
    pub total: std::time::Duration,
    pub inference: std::time::Duration,
    /// `--shard`: the part this report covers, for `m5 merge`.
    pub shard: Option<super::json::shard::Shard>,
    /// A merged report (`m5 merge`): its shards.
    pub shards: Option<super::json::shard::Merged>,
}

fn infer_options(how: &super::InferHow, opts: &Options) -> crate::infer::InferOptions {
    crate::infer::InferOptions {
        runs: how.runs,
        steps: how.steps,
        explore_states: how.explore_states,
        filter_jobs: opts.jobs,
        prove: opts.clone(),
        ..Default::default()
    }
}

/// Proves a theorem file; with `infer` set (or the file's `infer` line)
/// the invariant is inferred first, as `how` says (None: the defaults).
fn run_file(
    path: &Path,
    opts: &Options,
    show_progress: bool,
    infer: bool,
    how: Option<&super::InferHow>,
) -> Result<Proved> {
    let t0 = std::time::Instant::now();
    let tf = theorem::load(path).map_err(|e| UsageError(e.to_string()))?;
    let d = crate::infer::InferOptions::default();
    let default_how = super::InferHow {
        runs: d.runs,
        steps: d.steps,
        explore_states: d.explore_states,
    };
    if let (Some(sh), true) = (opts.shard, infer || tf.infer) {
        return Err(UsageError(format!(
            "--shard {sh} does not go with inference: its rounds prove every case together (infer once, write the invariant with `m5 infer --out`, then prove that in shards)"
        ))
        .into());
    }
    let how = (infer || tf.infer).then_some(how.unwrap_or(&default_how));
    let inferred = match how {
        Some(how) => {
            let log = |line: &str| {
                if show_progress {
                    eprintln!("infer: {line}");
                }
            };
            let io = infer_options(how, opts);
            Some(crate::infer::infer(&tf, &io, &log).map_err(|e| UsageError(e.to_string()))?)
        }
        None => None,
    };
    let inference = t0.elapsed();
    let bar = (show_progress && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(0);
        b.set_style(
            indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} obligations")
                .expect("template"),
        );
        b.set_message(format!("proving {}", path.display()));
        b
    });
    let progress = |done: usize, total: usize| {
        if let Some(b) = &bar {
            b.set_length(total as u64);
            b.set_position(done as u64);
        }
    };
    let r = match &inferred {
        Some(inf) => crate::infer::prove_inferred(&tf, inf, opts, &progress)
            .map_err(|e| UsageError(e.to_string()))?,
        None => driver::prove(&tf, opts, &progress).map_err(|e| UsageError(e.to_string()))?,
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(Proved {
        tf,
        report: r,
        total: t0.elapsed(),
        inference: if inferred.is_some() {
            inference
        } else {
            std::time::Duration::ZERO
        },
        inferred,
        shard: None,
        shards: None,
    })
}

/// The inference's figures, one line.
fn infer_line(st: &crate::infer::Stats) -> String {
    format!(
        "inference: {} user facts; {} candidates from templates over {} call-stack shapes, {} after {} thread states of concrete runs and a bounded exploration ({} states){}, {} after {} Houdini rounds ({} cases solved; {} of them implied by others and not written){}; {:.2} s observing, {:.2} s filtering, {:.2} s in Houdini",
        st.user_facts,
        st.generated,
        st.shapes,
        st.after_runs,
        st.states,
        st.explored,
        if st.prefix_dropped > 0 {
            format!(
                " ({} more false on the single-threaded prefix)",
                st.prefix_dropped
            )
        } else {
            String::new()
        },
        st.survivors,
        st.rounds,
        st.cases_solved,
        st.implied,
        st.stopped
            .as_deref()
            .map_or(String::new(), |w| format!(" (stopped: {w})")),
        st.observe.as_secs_f64(),
        st.filter.as_secs_f64(),
        st.houdini.as_secs_f64()
    )
}

pub fn infer_cmd(a: super::InferArgs) -> Result<i32> {
    let opts = options(&a.solve, None, false);
    let p = run_file(&a.file, &opts, !a.json, true, Some(&a.how))?;
    let inf = p.inferred.as_ref().expect("inferred");
    if let Some(out) = &a.out {
        std::fs::write(out, &inf.text)
            .map_err(|e| UsageError(format!("{}: {e}", out.display())))?;
    }
    if a.explain && !a.json {
        for d in &inf.stats.explained {
            println!(
                "dropped in round {}: `{}` at {}\n  not proved stepping {}",
                d.round, d.fact, d.shape, d.by
            );
        }
    }
    report_out(&a.file, &p, a.json, a.verbose, a.witness.as_deref())
}

fn stats_line(name: &str, st: &LemmaStats) -> String {
    let shared = if st.shared_checks > 0 {
        format!(
            " ({} of them by {} shared checks)",
            st.by_shared, st.shared_checks
        )
    } else {
        String::new()
    };
    format!(
        "{name}: {} cases, {} obligations: {} proved{shared}, {} failed, {} unknown ({:.2} s of solver time)",
        st.cases,
        st.obligations,
        st.proved,
        st.refuted,
        st.unknown,
        st.time.as_secs_f64()
    )
}

/// 1 if a theorem is refuted, else 4 if one is not inductive, else 3 if
/// one is unknown, else 0 (every theorem proved).
fn exit_code(r: &Report) -> i32 {
    let any = |x: Verdict| r.verdicts.iter().any(|(_, v)| *v == x);
    if any(Verdict::Refuted) {
        1
    } else if any(Verdict::NotInductive) {
        4
    } else if any(Verdict::Unknown) {
        3
    } else {
        0
    }
}

/// An obligation's outcome as reports name it: "counterexample" when the
/// solver found a state where it fails (a counterexample to induction,
/// not a reachable violation), else the verdict's name.
pub(super) fn outcome_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Refuted => "counterexample",
        v => v.name(),
    }
}

pub fn prove_cmd(a: super::ProveArgs) -> Result<i32> {
    let mut opts = options(&a.solve, a.emit_smt2.clone(), a.check_vacuity);
    opts.shard = a.shard;
    // (`--runs`, `--steps` and `--explore-states` apply as well when the
    // file asks for inference.)
    let mut p = run_file(&a.file, &opts, !a.json, a.infer, Some(&a.how))?;
    if let Some(sh) = a.shard {
        p.shard = Some(super::merge_prove::block(&a, &p, sh)?);
    }
    if let Some(path) = &a.sarif {
        write_sarif(&p, path, a.witness.as_deref())?;
    }
    report_out(&a.file, &p, a.json, a.verbose, a.witness.as_deref())
}

/// `--sarif FILE`: a result per refuted theorem with its witness, which
/// is replayed from the program's initial state as the searches ran it
/// (spurious wake-ups allowed); every theorem's verdict in the run's
/// properties.
fn write_sarif(p: &Proved, path: &Path, witness: Option<&Path>) -> Result<()> {
    use crate::explore::{ExploreOptions, Verdict as Found};
    let tf = &p.tf;
    let cp =
        crate::classfile::ClassPath::parse(&tf.classpath).map_err(|e| UsageError(e.to_string()))?;
    let classes =
        crate::interp::init::load_classes(&cp, &tf.main).map_err(|e| UsageError(e.to_string()))?;
    let initial =
        crate::interp::initial_state(classes, &tf.main, &tf.args, crate::state::Config::default())
            .map_err(|e| UsageError(e.to_string()))?;
    let opts = ExploreOptions::default();
    let mut found = Vec::new();
    let mut verdicts = serde_json::Map::new();
    for ((t, v), e) in p.report.verdicts.iter().zip(&p.report.evidence) {
        verdicts.insert(t.goal.name().to_string(), v.name().into());
        let Evidence::Witness(f) = e else { continue };
        let message = format!(
            "theorem {} of {}: refuted: {}",
            t.goal.name(),
            tf.path.display(),
            f.failure.lines().next().unwrap_or("")
        );
        let fact = t.goal.name().to_string();
        let verdict = match &t.goal {
            Goal::Invariant => Found::InvariantViolation { fact, message },
            Goal::Relation(_) => Found::RelationViolation { fact, message },
        };
        found.push((verdict, f, t));
    }
    let shown: Vec<(super::report::Shown, &crate::state::State, &ExploreOptions)> = found
        .iter()
        .map(|(verdict, f, t)| {
            let file = witness_path(witness, t);
            let shown = super::report::Shown {
                verdict,
                text: verdict.headline(&initial).unwrap_or_default(),
                witness: &f.schedule,
                replay: Some(replay_command(tf, t, f, file.as_deref())),
            };
            (shown, &initial, &opts)
        })
        .collect();
    let mut props = serde_json::Map::new();
    props.insert("theorems".into(), verdicts.into());
    super::report::write_sarif_of(path, "m5 prove", &shown, (&cp, &[]), props)
}

/// Where `--witness PATH` puts a theorem's witness: the invariant's at
/// PATH, relation R's at `PATH.R`.
pub(super) fn witness_path(base: Option<&Path>, t: &Theorem) -> Option<PathBuf> {
    let base = base?;
    Some(match &t.goal {
        Goal::Invariant => base.to_path_buf(),
        Goal::Relation(r) => {
            let mut s = base.as_os_str().to_owned();
            s.push(format!(".{r}"));
            s.into()
        }
    })
}

/// The `m5 run` command that replays a theorem's witness: from the file
/// it was written to, else the schedule itself on the command line.
pub(super) fn replay_command(
    tf: &TheoremFile,
    t: &Theorem,
    f: &crate::prove::witness::Found,
    path: Option<&Path>,
) -> String {
    let mut words: Vec<String> = vec!["m5".into(), "run".into()];
    let mut push = |w: &str| words.push(super::shell_word(w));
    push("--classpath");
    push(&tf.classpath);
    push("--invariant");
    push(&tf.claim_path().display().to_string());
    if let Goal::Relation(r) = &t.goal {
        push("--relation");
        push(r);
        push("--relation-only");
    }
    match path {
        // The file says it needs spurious wake-ups.
        Some(p) => {
            push("--schedule");
            push(&format!("file:{}", p.display()));
        }
        None => {
            if f.spurious_wakeups {
                push("--spurious-wakeups");
            }
            push("--schedule");
            push(&crate::prove::witness::list_text(&f.schedule));
        }
    }
    push(&tf.main);
    for a in &tf.args {
        push(a);
    }
    words.join(" ")
}

/// Writes each refuted theorem's witness where `--witness` says.
fn write_witnesses(p: &Proved, base: Option<&Path>) -> Result<()> {
    for ((t, _), e) in p.report.verdicts.iter().zip(&p.report.evidence) {
        let (Evidence::Witness(f), Some(path)) = (e, witness_path(base, t)) else {
            continue;
        };
        let header = format!(
            "m5 prove witness: theorem {} of {} is violated {}\nreplay: {}",
            t.goal.name(),
            p.tf.path.display(),
            f.failure.lines().next().unwrap_or(""),
            replay_command(&p.tf, t, f, Some(&path))
        );
        // The searches' semantics (`crate::prove::witness`), as explore's
        // witnesses say theirs.
        let settings = crate::schedule::Settings {
            spurious_wakeups: Some(true),
            verdict: None,
        };
        crate::schedule::write_schedule(&path, &f.schedule, &header, &settings)
            .map_err(|e| UsageError(format!("cannot write witness to {}: {e}", path.display())))?;
    }
    Ok(())
}

/// Prints a proof's report (as text or JSON); its exit code.
pub(super) fn report_out(
    file: &Path,
    p: &Proved,
    json: bool,
    verbose: bool,
    witness: Option<&Path>,
) -> Result<i32> {
    let r = &p.report;
    write_witnesses(p, witness)?;
    // A merged report's is the largest shard's.
    let mem = match &p.shards {
        Some(m) => m.peak_memory_mb,
        None => driver::peak_memory_mb(),
    };
    if json {
        let v = super::json::prove::Report::new(file, p, witness, mem);
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(exit_code(r));
    }
    if let Some(i) = &p.inferred {
        println!("{}", infer_line(&i.stats));
    }
    print_report(file, p, verbose, witness);
    println!("{}", time_line(p, mem));
    Ok(exit_code(r))
}

/// The whole run's wall time, by phase, and the peak memory:
/// `time: 12.31 s wall in all: inference 10.02 s, prefix ...`.
fn time_line(p: &Proved, mem: Option<f64>) -> String {
    let r = &p.report;
    let ph = &r.phases;
    let s = |d: std::time::Duration| format!("{:.2} s", d.as_secs_f64());
    format!(
        "time: {} wall in all: inference {}, prefix {}, walk {}, building {}, solving {} ({} of solver time on {} threads, {:.0} obligations/s), witness search {}; peak memory {}",
        s(p.total),
        s(p.inference),
        s(ph.prefix),
        s(ph.walk),
        s(ph.build),
        s(ph.solve),
        s(r.solver_time),
        r.jobs,
        obligations_per_second(r),
        s(r.search_time),
        mem.map_or("unknown".into(), |m| format!("{m:.0} MB"))
    )
}

/// Obligations of Lemmas 2 and 3 per second of wall time (everything
/// included: loading, the prefix, building and solving).
pub(super) fn obligations_per_second(r: &Report) -> f64 {
    let n = r.lemma2.obligations + r.lemma3.iter().map(|l| l.1.obligations).sum::<usize>();
    n as f64 / r.wall.as_secs_f64().max(1e-9)
}

pub(super) fn lemma_name(l: Lemma) -> &'static str {
    match l {
        Lemma::Preserved => "Lemma 2",
        Lemma::Relation => "Lemma 3",
    }
}

fn print_report(file: &Path, p: &Proved, verbose: bool, witness: Option<&Path>) {
    let r = &p.report;
    for w in &r.warnings {
        println!("{w}");
    }
    print_lemma1(file, r);
    print_lemmas(r, verbose);
    print_obligations(r, verbose);
    print_theorems(p, witness);
}

/// The invariant's figures and Lemma 1's verdict.
fn print_lemma1(file: &Path, r: &Report) {
    println!(
        "{}: invariant {} ({} lines, {} facts, {} thread cases)",
        file.display(),
        r.invariant,
        r.invariant_lines,
        r.facts,
        r.thread_cases
    );
    let lemma1 = if r.prefix_steps == 0 && r.lemma1.is_none() {
        "Lemma 1 (the initial state is good)".to_string()
    } else if r.lemma1.is_some() {
        "Lemma 1 (every state of the single-threaded prefix is good)".to_string()
    } else {
        format!(
            "Lemma 1 (the {} states of the single-threaded prefix are good{})",
            r.prefix_steps + 1,
            if r.prefix_stop.is_empty() {
                String::new()
            } else {
                format!("; the induction starts at the last: {}", r.prefix_stop)
            }
        )
    };
    match (&r.lemma1, &r.translation) {
        (None, None) => println!(
            "{lemma1}: proved by computation, and the prover's formulas agree on {}",
            if r.prefix_steps == 0 {
                "it"
            } else {
                "the last"
            }
        ),
        (None, Some(why)) => println!("{lemma1}: proved by computation\nunknown: {why}"),
        (Some(f), _) => println!("{lemma1}: fails\n  {f}"),
    }
}

/// What the induction met: the prefix's relations, where it stopped or the
/// shapes it covered, Lemmas 2 and 3's counts, the vacuous cases.
fn print_lemmas(r: &Report, verbose: bool) {
    for (name, f) in &r.prefix_relations {
        println!("fails: relation {name} {f}");
    }
    if let Some(e) = &r.walk_error {
        println!("unknown: {e}");
    } else if !r.unsupported.is_empty() {
        // The proof stopped: no counts to report.
        for (case, why) in &r.unsupported {
            println!("unknown: stepping thread at {case}: {why}");
        }
    } else if !r.skipped {
        if r.per_thread_claim {
            println!(
                "call-stack shapes: {} reached stepping from the allowed ones, {} allowed by the invariant",
                r.shapes, r.allowed
            );
        } else {
            println!(
                "call-stack shapes: {} reachable by the program, every one a case (the invariant has no `when` cases: no per-thread claim)",
                r.shapes
            );
        }
        if r.followed > 0 {
            println!(
                "caught exceptions: {} the invariant does not rule out, followed to their handlers ({} inductions, {} rounds of the checks alone)",
                r.followed, r.rounds, r.catch_rounds
            );
        }
    }
    let stopped = r.walk_error.is_some() || !r.unsupported.is_empty();
    if r.skipped {
        println!(
            "Lemmas 2 and 3: not attempted (Lemma 1 refuted the invariant; with inference the candidates are not pruned then)"
        );
    } else if !stopped {
        println!(
            "{}",
            stats_line("Lemma 2 (good states stay good)", &r.lemma2)
        );
        for (name, st) in &r.lemma3 {
            println!("{}", stats_line(&format!("Lemma 3 (relation {name})"), st));
        }
        if r.not_asked > 0 {
            println!(
                "not asked: {} obligations whose every goal is an inferred fact (inference stopped at a fact of yours, so the inferred facts are no fixpoint; asked: the pre-step checks, your facts and the relations)",
                r.not_asked
            );
        }
        if r.goals_not_asked > 0 {
            println!(
                "not asked either: {} inferred facts as goals of obligations that also check a fact of yours",
                r.goals_not_asked
            );
        }
    }
    if !r.vacuous.is_empty() {
        println!(
            "vacuous: {} case branches have contradictory hypotheses (the invariant rules them out){}",
            r.vacuous.len(),
            if verbose { ":" } else { "" }
        );
        if verbose {
            for c in &r.vacuous {
                println!("  {c}");
            }
        }
    }
}

/// The failed obligations (the first ten, or all and the proved ones too
/// under --verbose). Where a fact of the user's fails (or a pre-step
/// check), those whose counterexample shows inferred facts failing alone
/// are left out (they come with --verbose): once the user's idea fails,
/// what the candidates do is noise.
fn print_obligations(r: &Report, verbose: bool) {
    let mut shown = 0;
    let mut last_case = String::new();
    let failed_of_user =
        |o: &&crate::prove::Outcome| o.verdict == Verdict::Refuted && !o.inferred_only;
    let quiet = !verbose && r.outcomes.iter().any(|o| failed_of_user(&o));
    let mut hidden = 0;
    for o in &r.outcomes {
        let failed = o.verdict != Verdict::Proved;
        if !(verbose || failed) {
            continue;
        }
        if quiet && o.inferred_only {
            hidden += 1;
            continue;
        }
        if failed && !verbose && shown >= 10 {
            continue;
        }
        let head = o.step();
        if verbose && head != last_case {
            println!("case: stepping thread th at {head}");
            last_case = head.clone();
        }
        if failed {
            shown += 1;
            println!(
                "{}: {}, stepping thread th at {head}\n  obligation: {}",
                match o.verdict {
                    Verdict::Refuted => "fails",
                    v => v.name(),
                },
                lemma_name(o.lemma),
                o.what
            );
            for l in o.detail.lines() {
                println!("  {l}");
            }
        } else {
            println!(
                "  proved ({:.1} ms): {}",
                o.time.as_secs_f64() * 1e3,
                o.what
            );
        }
    }
    let failed = r
        .outcomes
        .iter()
        .filter(|o| o.verdict != Verdict::Proved)
        .count();
    if hidden > 0 {
        println!(
            "... and {hidden} obligations where only inferred facts fail (after a fact of yours fails they are no fixpoint: --verbose shows them)"
        );
    }
    if failed > shown + hidden {
        println!(
            "... and {} more failed obligations (--verbose shows all)",
            failed - shown - hidden
        );
    }
    if failed > 0 {
        println!(
            "(a failed obligation's state is a counterexample to induction: it satisfies the invariant's hypotheses and its step breaks a goal; no schedule need reach it)"
        );
    }
}

/// Each theorem's verdict, why, and its witness or search.
fn print_theorems(p: &Proved, witness: Option<&Path>) {
    let r = &p.report;
    for ((t, v), e) in r.verdicts.iter().zip(&r.evidence) {
        let why = match (&t.goal, v) {
            (Goal::Invariant, Verdict::Proved) => {
                " (Lemmas 1 and 2: it holds in every reachable state)".to_string()
            }
            (Goal::Relation(_), Verdict::Proved) => {
                " (Lemmas 1, 2 and 3: it holds across every step from every reachable state)"
                    .to_string()
            }
            (_, Verdict::Refuted) => " (a schedule from the initial state violates it)".into(),
            (Goal::Invariant, Verdict::NotInductive) => {
                " (Lemma 2 fails on a counterexample to induction, and no reachable violation was found: the invariant is too weak to prove it, or the violation lies beyond the search)".into()
            }
            (Goal::Relation(_), Verdict::NotInductive) => {
                " (Lemma 3 fails on a counterexample to induction, and no reachable violation was found)".into()
            }
            (Goal::Relation(_), Verdict::Unknown)
                if r.lemma3.iter().all(|(_, s)| s.refuted == 0) =>
            {
                " (Lemma 3 alone does not establish it unless the invariant is proved)".into()
            }
            _ => String::new(),
        };
        match (&p.shard, v) {
            (Some(sh), Verdict::Proved) => println!(
                "theorem {}: proved in shard {}/{} (its part of the obligations only: `m5 merge` of every shard's --json result gives the verdict)",
                t.goal.name(),
                sh.index,
                sh.count
            ),
            _ => println!("theorem {}: {}{why}", t.goal.name(), v.text()),
        }
        match e {
            Evidence::Witness(f) => {
                let path = witness_path(witness, t);
                println!(
                    "  a reachable violation ({} steps, found in {}), {}",
                    f.schedule.len(),
                    f.by,
                    f.failure
                );
                if let Some(path) = &path {
                    println!("  witness written to {}", path.display());
                }
                println!("  replay: {}", replay_command(&p.tf, t, f, path.as_deref()));
            }
            Evidence::Searched(s) => {
                println!("  searched for a reachable violation: {}", s.summary)
            }
            Evidence::None => {}
        }
    }
}

/// The theorem files under the paths given (directories: their `*.proof`).
fn theorem_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut v: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| UsageError(format!("{}: {e}", p.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "proof"))
                .collect();
            v.sort();
            out.extend(v);
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(UsageError(format!("{}: no such file or directory", p.display())).into());
        }
    }
    if out.is_empty() {
        return Err(UsageError("no theorem files (*.proof) found".into()).into());
    }
    Ok(out)
}

pub fn check_cmd(a: super::CheckArgs) -> Result<i32> {
    let opts = options(&a.solve, None, false);
    let files = theorem_files(&a.paths)?;
    // A regression check needs an expected verdict for every theorem: one
    // without `expect` would pass whatever the verdict.
    for f in &files {
        let tf = theorem::load(f).map_err(|e| UsageError(e.to_string()))?;
        if let Some(t) = tf.theorems.iter().find(|t| t.expect.is_none()) {
            return Err(UsageError(format!(
                "{}:{}: `prove {}` has no expected verdict: `m5 check` needs `expect proved`, `expect refuted`, `expect not-inductive` or `expect unknown`",
                f.display(),
                t.line,
                t.goal.name()
            ))
            .into());
        }
    }
    let (mut ok, mut bad) = (0, 0);
    for f in &files {
        // (Inference included: the time the file takes.)
        let t0 = std::time::Instant::now();
        let p = run_file(f, &opts, true, false, None)?;
        if let Some(dir) = &a.witness_dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| UsageError(format!("{}: {e}", dir.display())))?;
            let stem = f.file_stem().unwrap_or_default().to_string_lossy();
            write_witnesses(&p, Some(&dir.join(format!("{stem}.sched"))))?;
        }
        let r = &p.report;
        let took = t0.elapsed();
        for ((t, v), e) in r.verdicts.iter().zip(&r.evidence) {
            let (mark, good) = match t.expect {
                Some(e) if e == *v => ("ok  ", true),
                _ => ("FAIL", false),
            };
            if good {
                ok += 1;
            } else {
                bad += 1;
            }
            println!(
                "{mark} {}: {}: {}{}{} ({:.2} s)",
                f.display(),
                t.goal.name(),
                v.name(),
                match e {
                    Evidence::Witness(w) => format!(
                        " (a witness of {} steps, found in {}, replays)",
                        w.schedule.len(),
                        w.by
                    ),
                    _ => String::new(),
                },
                match t.expect {
                    Some(e) if e != *v => format!(", expected {}", e.name()),
                    _ => String::new(),
                },
                took.as_secs_f64()
            );
            if !good {
                print_report(f, &p, false, None);
            }
        }
    }
    println!(
        "{} theorem files, {} theorems: {ok} as expected, {bad} not",
        files.len(),
        ok + bad
    );
    Ok(if bad == 0 { 0 } else { 1 })
}
