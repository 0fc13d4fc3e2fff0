//! `m5 explore`: the search over every schedule, its witnesses and its
//! report (text or JSON).

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{Context, Result};

use super::{AfterRace, ExploreArgs, Granularity, UsageError, shell_word};
use crate::classfile::ClassPath;
use crate::explore::{self, ExploreOptions, Verdict};
use crate::interp::{self, init::load_classes};
use crate::schedule;
use crate::state::{Config, ThreadId};

pub(super) fn explore(mut a: ExploreArgs) -> Result<i32> {
    a.search.strategy = strategy(&a);
    let bar = progress_bar(a.json);
    let Searched {
        initial,
        opts,
        report,
        witness,
        is_race,
        race,
    } = search(&a, bar.as_ref())?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let rate = if report.seconds > 0.0 {
        report.states as f64 / report.seconds
    } else {
        0.0
    };
    let memory = peak_memory_mb();
    let granularity = report.granularity;
    // Preemption bounding, breadth-first search, the determinism check
    // and partial-order reduction run on one thread.
    let jobs = match opts.strategy {
        explore::Strategy::Exhaustive if !opts.bfs && !opts.determinism && !opts.por => {
            opts.jobs.max(1)
        }
        s if s.is_sampling() || s == explore::Strategy::Portfolio => opts.jobs.max(1),
        _ => 1,
    };
    let sampling = opts.strategy.is_sampling();
    let shard = match a.shard {
        Some(sh) => {
            let reached = explore::replayed_state(&initial, &witness, &opts)
                .map_err(|e| UsageError(format!("m5: {e}")))?;
            let part = super::shard::ExplorePart::new(&a, &opts, &report, &reached, is_race);
            Some(super::shard::explore_block(&a, &opts, &report, part, sh))
        }
        None => None,
    };
    let summary = Summary {
        rate,
        memory,
        granularity,
        jobs,
        sampling,
        shard,
        race,
    };
    if a.json {
        print_json(&report, &opts, &witness, &summary)?;
    } else {
        // The state the witness reaches, for the names of its threads.
        let reached = explore::replayed_state(&initial, &witness, &opts)
            .map_err(|e| UsageError(format!("m5: {e}")))?;
        print_text(&a, &reached, &report, &opts, &witness, is_race, &summary);
    }
    Ok(exit_code(&report.verdict))
}

/// explore's exit code for a verdict: 0 ok, 1 a violation, 3 incomplete.
pub(super) fn exit_code(v: &Verdict) -> i32 {
    match v {
        Verdict::Ok => 0,
        Verdict::Incomplete { .. } => 3,
        _ => 1,
    }
}

/// A finished search: where it started, how, what it found and the
/// shortened witness (written to `--witness` already).
pub(super) struct Searched {
    pub initial: crate::state::State,
    pub opts: ExploreOptions,
    pub report: explore::Report,
    pub witness: Vec<ThreadId>,
    pub is_race: bool,
    /// The data race the search went on after, with its shortened witness
    /// (written to `--witness`'s PATH.race), when the verdict is another
    /// violation.
    pub race: Option<(crate::race::Race, Vec<ThreadId>)>,
}

/// Loads the program, searches its schedules as `a` says (progress on
/// `bar`), shortens the witness and writes it.
pub(super) fn search(a: &ExploreArgs, bar: Option<&indicatif::ProgressBar>) -> Result<Searched> {
    let cp = ClassPath::parse(&a.cp.classpath).map_err(|e| UsageError(e.to_string()))?;
    let classes = load_classes(&cp, &a.main).map_err(|e| UsageError(e.to_string()))?;
    let config = Config {
        assertions: a.assertions.status(),
        max_stack_depth: a.max_stack_depth,
        host: a.defines.host(&a.cp.classpath, &a.main, &a.args),
        ..Config::default()
    };
    let initial = interp::initial_state(classes, &a.main, &a.args, config)
        .map_err(|e| UsageError(e.to_string()))?;
    let opts = options(a, &initial)?;
    let mut settings = schedule::Settings {
        spurious_wakeups: Some(!a.no_spurious_wakeups),
        verdict: None,
    };
    on_ctrl_c_stop_search();
    let sampling = opts.strategy.is_sampling();
    let mut progress = |states: u64, transitions: u64, depth: u64| {
        if let Some(b) = bar {
            b.set_message(if sampling {
                format!("{states} runs, {transitions} transitions")
            } else {
                format!("{states} states, {transitions} transitions, depth {depth}")
            });
            b.tick();
        }
    };
    let report = explore::explore(&initial, &opts, &mut progress)
        .map_err(|e| UsageError(format!("m5: {e}")))?;
    let is_race = matches!(report.verdict, Verdict::DataRace(_));
    let witness = if report.verdict.is_violation() {
        explore::shorten(&initial, report.witness.clone(), &report.verdict, &opts)
            .map_err(|e| UsageError(e.to_string()))?
    } else {
        Vec::new()
    };
    let race = match &report.race {
        Some((r, w)) => {
            let v = Verdict::DataRace(r.clone());
            let w = explore::shorten(&initial, w.clone(), &v, &opts)
                .map_err(|e| UsageError(e.to_string()))?;
            Some((r.clone(), w))
        }
        None => None,
    };
    if let (Some(path), Some((_, w))) = (&a.witness, &race) {
        let path = race_path(path);
        let header = format!(
            "m5 explore witness: data-race (the search went on after it)\nreplay: {}",
            replay_command(a, &path, true)
        );
        let settings = schedule::Settings {
            spurious_wakeups: settings.spurious_wakeups,
            verdict: Some("data-race"),
        };
        schedule::write_schedule(&path, w, &header, &settings)
            .with_context(|| format!("cannot write witness to {}", path.display()))?;
    }
    if report.verdict.shown_by_one_run() {
        settings.verdict = Some(report.verdict.name());
    }
    write_witnesses(a, &report, &witness, is_race, &settings)?;
    write_reports(a, &cp, &initial, &report.verdict, &witness, &opts)?;
    Ok(Searched {
        initial,
        opts,
        report,
        witness,
        is_race,
        race,
    })
}

/// The strategy `a` asks for: the portfolio is exhaustive with the options
/// only the exhaustive search has (--bfs, --determinism, --max-states,
/// --max-depth, properties, --shard).
fn strategy(a: &ExploreArgs) -> explore::Strategy {
    let exhaustive_only = a.bfs
        || a.determinism
        || a.max_states.is_some()
        || a.max_depth.is_some()
        || a.props.invariant.is_some()
        || a.shard.is_some();
    match a.strategy {
        explore::Strategy::Portfolio if exhaustive_only => explore::Strategy::Exhaustive,
        s => s,
    }
}

/// The search's options from the command line, checked against each other;
/// an invariant or relation makes every instruction a step.
fn options(a: &ExploreArgs, initial: &crate::state::State) -> Result<ExploreOptions> {
    if a.determinism && a.strategy != explore::Strategy::Exhaustive {
        return Err(UsageError(format!(
            "--determinism compares every complete execution; it needs the exhaustive search, not --strategy {}",
            a.strategy
        ))
        .into());
    }
    if a.bfs && a.strategy != explore::Strategy::Exhaustive {
        return Err(UsageError(format!(
            "--bfs is a kind of exhaustive search; it does not go with --strategy {}",
            a.strategy
        ))
        .into());
    }
    check_por(a)?;
    let mut opts = ExploreOptions {
        granularity: if a.every_instruction {
            Granularity::Instruction
        } else {
            a.granularity
        },
        bfs: a.bfs,
        max_depth: a.max_depth,
        max_states: a.max_states,
        time_limit: a.time_limit.map(std::time::Duration::from_secs_f64),
        max_transition_steps: None,
        properties: None,
        strategy: a.strategy,
        runs: Some(a.runs),
        seed: a.seed,
        jobs: a.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        }),
        races: match a.after_race {
            AfterRace::Stop => explore::RaceCheck::Stop,
            AfterRace::Continue => explore::RaceCheck::Continue,
        },
        determinism: a.determinism,
        race_on: None,
        race_where: None,
        only_properties: false,
        notified_wakeups_only: a.no_spurious_wakeups,
        shard: a.shard,
        shard_frontier: None,
        por: a.por,
    };
    if let Some(sh) = a.shard {
        super::shard::check_explore(a, sh)?;
        if opts.strategy.is_exhaustive() {
            // A shard's part is searched on one thread: shards are the
            // parallelism (`explore::shard`).
            opts.jobs = 1;
        }
    }
    if let Some(c) = a.props.load(initial)? {
        opts.properties = Some(explore::Properties {
            invariant: std::sync::Arc::new(c),
            state_facts: !a.props.relation_only,
            relation: a.props.relation.clone(),
        });
        opts.granularity = Granularity::Instruction;
    }
    Ok(opts)
}

/// The searches `--por` does not reduce, refused rather than run unreduced.
fn check_por(a: &ExploreArgs) -> Result<()> {
    if !a.por {
        return Ok(());
    }
    let refuse = |what: &str| -> Result<()> {
        Err(UsageError(format!(
            "--por reduces the exhaustive depth-first search on one thread; it does not go with {what}"
        ))
        .into())
    };
    if a.bfs {
        return refuse("--bfs");
    }
    if a.shard.is_some() {
        return refuse("--shard");
    }
    if a.props.invariant.is_some() || a.props.relation.is_some() {
        // Every step may change what the invariant or relation reads.
        return refuse("--invariant or --relation (every step is visible to them)");
    }
    if a.strategy.is_sampling() || matches!(a.strategy, explore::Strategy::PreemptionBound(_)) {
        return refuse(&format!("--strategy {}", a.strategy));
    }
    Ok(())
}

/// A spinner on a terminal (not under --json) while the search runs.
fn progress_bar(json: bool) -> Option<indicatif::ProgressBar> {
    if std::io::stderr().is_terminal() && !json {
        let b = indicatif::ProgressBar::new_spinner();
        b.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
                .expect("template"),
        );
        Some(b)
    } else {
        None
    }
}

/// `--witness PATH`: the violation's schedule, and for a nondeterminism
/// also the first execution's in `PATH.first`.
fn write_witnesses(
    a: &ExploreArgs,
    report: &explore::Report,
    witness: &[ThreadId],
    is_race: bool,
    settings: &schedule::Settings,
) -> Result<()> {
    if let (Some(path), true) = (&a.witness, report.verdict.is_violation()) {
        let header = format!(
            "m5 explore witness: {}\nreplay: {}",
            report.verdict.name(),
            replay_command(a, path, is_race)
        );
        schedule::write_schedule(path, witness, &header, settings)
            .with_context(|| format!("cannot write witness to {}", path.display()))?;
        if let Verdict::Nondeterministic { first_witness, .. } = &report.verdict {
            let other = first_path(path);
            let header = format!(
                "m5 explore witness: nondeterministic (the first execution; {} has the second)\nreplay: {}",
                path.display(),
                replay_command(a, &other, false)
            );
            schedule::write_schedule(&other, first_witness, &header, settings)
                .with_context(|| format!("cannot write witness to {}", other.display()))?;
        }
    }
    Ok(())
}

/// `--html` and `--sarif`: the verdict and its witness replayed, with the
/// command that replays it (from the `--witness` file, else the schedule
/// as a list).
fn write_reports(
    a: &ExploreArgs,
    cp: &ClassPath,
    initial: &crate::state::State,
    verdict: &Verdict,
    witness: &[ThreadId],
    opts: &ExploreOptions,
) -> Result<()> {
    if a.html.is_none() && a.sarif.is_none() {
        return Ok(());
    }
    let race = matches!(verdict, Verdict::DataRace(_));
    let replay = verdict.is_violation().then(|| match &a.witness {
        Some(p) => replay_command(a, p, race),
        None => {
            // A file says `spurious-wakeups on` itself; a list needs the flag.
            let spurious = explore::wakes_spuriously(initial, witness, opts).unwrap_or(true);
            let schedule = crate::schedule::entries(witness).join(",");
            replay_with(a, &format!("list:{schedule}"), race, spurious)
        }
    });
    // Thread names as the witness's end has them.
    let reached = explore::replayed_state(initial, witness, opts)
        .map_err(|e| UsageError(format!("m5: {e}")))?;
    let shown = super::report::Shown {
        verdict,
        text: verdict_lines(&reached, verdict, opts).join("\n"),
        witness,
        replay,
    };
    let targets = super::report::Targets {
        html: a.html.as_deref(),
        sarif: a.sarif.as_deref(),
        sourcepath: &a.sourcepath,
        classpath: cp,
    };
    super::report::write(&shown, &targets, initial, opts)
}

/// What the report says besides the verdict: figures of the search.
pub(super) struct Summary {
    pub rate: f64,
    pub memory: Option<f64>,
    pub granularity: &'static str,
    pub jobs: usize,
    pub sampling: bool,
    /// `--shard`: what `m5 merge` reads besides the report.
    pub shard: Option<super::json::shard::Shard>,
    /// `Searched::race`.
    pub race: Option<(crate::race::Race, Vec<ThreadId>)>,
}

/// `--json`: the report as one JSON object.
fn print_json(
    report: &explore::Report,
    opts: &ExploreOptions,
    witness: &[ThreadId],
    summary: &Summary,
) -> Result<()> {
    let j = super::json::explore::Report::new(report, opts, witness, summary);
    println!("{}", serde_json::to_string(&j)?);
    Ok(())
}

/// The verdict's lines of the text report; `reached` is the state the
/// witness reaches (the initial state without one).
fn print_verdict(reached: &crate::state::State, verdict: &Verdict, opts: &ExploreOptions) {
    let mut lines = verdict_lines(reached, verdict, opts);
    if let Some(sh) = opts.shard {
        super::shard::in_part(&mut lines, verdict, sh);
    }
    for l in lines {
        println!("{l}");
    }
}

/// The verdict's lines of the text report (`m5 test` shows them too).
pub(super) fn verdict_lines(
    reached: &crate::state::State,
    verdict: &Verdict,
    opts: &ExploreOptions,
) -> Vec<String> {
    let mut out: Vec<String> = verdict.headline(reached).into_iter().collect();
    match verdict {
        Verdict::Ok if opts.races == explore::RaceCheck::Off => {
            out.push("ok: no uncaught exception and no deadlock in any schedule".into())
        }
        Verdict::Ok if opts.determinism => out.push(
            "ok: no uncaught exception, deadlock or data race in any schedule, and every complete execution prints the same and exits with the same status".into()
        ),
        Verdict::Ok => {
            out.push("ok: no uncaught exception, deadlock or data race in any schedule".into())
        }
        Verdict::Nondeterministic { first, second, .. } => {
            out.push(format!(
                "  exit status {} then {}; output (first -> second):",
                first.exit, second.exit
            ));
            let d = explore::determinism::diff(&first.stdout, &second.stdout);
            out.extend(d.lines().map(|l| format!("    {l}")));
            if first.stderr != second.stderr {
                out.push("  error output (first -> second):".into());
                let d = explore::determinism::diff(&first.stderr, &second.stderr);
                out.extend(d.lines().map(|l| format!("    {l}")));
            }
        }
        Verdict::DataRace(r) => {
            for (n, s) in [("first", &r.first), ("then", &r.second)] {
                let what = if s.write { "writes" } else { "reads" };
                let name = interp::runtime::thread_name(reached, s.thread);
                out.push(format!("  {n:>5}: thread {} ({name}) {what} at {}", s.thread, s.at));
            }
            out.push("  with nothing ordering them (no common monitor, volatile, start or join between)".into());
        }
        Verdict::Deadlock { threads } => out.extend(threads.iter().map(|t| format!("  {t}"))),
        Verdict::DependsOnUnfixed { .. } => out.push(
            "  every complete execution m5 ran prints the same and exits with the same status, but m5 fixes this value and java does not: the output may differ between runs of java (no witness: m5 cannot show two outputs)".into()
        ),
        Verdict::Incomplete { reason } if reason.contains("not exhaustive") => {
            out.push(reason.clone())
        }
        Verdict::Incomplete { reason } => {
            out.push(format!("incomplete: {reason}; no violation found so far"))
        }
        Verdict::UncaughtException { .. }
        | Verdict::InvariantViolation { .. }
        | Verdict::RelationViolation { .. } => {}
    }
    out
}

/// The text report: the verdict, the search's figures and the witness.
fn print_text(
    a: &ExploreArgs,
    reached: &crate::state::State,
    report: &explore::Report,
    opts: &ExploreOptions,
    witness: &[ThreadId],
    is_race: bool,
    summary: &Summary,
) {
    let Summary {
        rate,
        memory,
        granularity,
        jobs,
        sampling,
        ..
    } = *summary;
    print_verdict(reached, &report.verdict, opts);
    if let Some((r, _)) = &summary.race {
        for l in verdict_lines(reached, &Verdict::DataRace(r.clone()), opts) {
            // "violation: data race ..." becomes "also found: data race ...".
            match l.strip_prefix("violation: ") {
                Some(head) => println!("also found: {head}"),
                None => println!("{l}"),
            }
        }
    }
    if let Some(n) = &report.note {
        println!("{}: {n}", opts.strategy);
    }
    let counts = if sampling {
        format!(
            "{} runs, {} transitions, {:.3} s",
            report.runs, report.transitions, report.seconds
        )
    } else if report.runs > 0 {
        format!(
            "{} states, then {} runs, {} transitions, {:.3} s",
            report.states, report.runs, report.transitions, report.seconds
        )
    } else {
        format!(
            "{} states, {} transitions, max depth {}, {:.3} s ({:.0} states/s)",
            report.states, report.transitions, report.max_depth, report.seconds, rate
        )
    };
    let memory = memory
        .map(|m| format!(", peak memory {m:.0} MB"))
        .unwrap_or_default();
    let seed = if sampling {
        format!(", seed {}", opts.seed)
    } else {
        String::new()
    };
    let plural = if jobs > 1 { "s" } else { "" };
    let por = if opts.por {
        ", partial-order reduction"
    } else {
        ""
    };
    println!("{counts}{memory}, {granularity} granularity{por}{seed}, {jobs} job{plural}");
    if report.verdict.is_violation() {
        if let (Verdict::Nondeterministic { first_witness, .. }, Some(p)) =
            (&report.verdict, &a.witness)
        {
            let other = first_path(p);
            println!(
                "first execution: {} steps written to {} (replay: {})",
                first_witness.len(),
                other.display(),
                replay_command(a, &other, false)
            );
        }
        match &a.witness {
            Some(p) => println!(
                "witness: {} steps written to {} (replay: {})",
                witness.len(),
                p.display(),
                replay_command(a, p, is_race)
            ),
            None => println!(
                "witness: {} steps (write it with --witness PATH)",
                witness.len()
            ),
        }
    }
    if let Some((_, w)) = &summary.race {
        match &a.witness {
            Some(p) => {
                let p = race_path(p);
                println!(
                    "race witness: {} steps written to {} (replay: {})",
                    w.len(),
                    p.display(),
                    replay_command(a, &p, true)
                )
            }
            None => println!(
                "race witness: {} steps (write it with --witness PATH: PATH.race)",
                w.len()
            ),
        }
    }
}

/// The `m5 run` command that replays a witness written to `path`, with
/// every option of the search that changes what the run does or checks.
pub(super) fn replay_command(a: &ExploreArgs, path: &std::path::Path, race: bool) -> String {
    replay_with(a, &format!("file:{}", path.display()), race, false)
}

/// `replay_command` for any `--schedule` (`--spurious-wakeups` first when
/// `spurious`).
pub(super) fn replay_with(a: &ExploreArgs, schedule: &str, race: bool, spurious: bool) -> String {
    let mut words: Vec<String> = vec!["m5".into(), "run".into()];
    let mut push = |w: &str| words.push(shell_word(w));
    push("--classpath");
    push(&a.cp.classpath);
    if race {
        push("--races");
    }
    for w in a.assertions.status().switches() {
        push(&w);
    }
    if a.max_stack_depth != crate::state::DEFAULT_MAX_STACK_DEPTH {
        push("--max-stack-depth");
        push(&a.max_stack_depth.to_string());
    }
    if let Some(inv) = &a.props.invariant {
        push("--invariant");
        push(&inv.display().to_string());
    }
    if let Some(r) = &a.props.relation {
        push("--relation");
        push(r);
    }
    if a.props.relation_only {
        push("--relation-only");
    }
    for d in a.defines.words() {
        push(&d);
    }
    if spurious {
        push("--spurious-wakeups");
    }
    push("--schedule");
    push(schedule);
    push(&a.main);
    for x in &a.args {
        push(x);
    }
    words.join(" ")
}

/// Where the witness of the race a search went on after goes: `PATH.race`.
fn race_path(path: &std::path::Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".race");
    PathBuf::from(s)
}

/// Where the first execution of a nondeterminism witness goes: `PATH.first`.
fn first_path(path: &std::path::Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".first");
    PathBuf::from(s)
}

/// Ctrl-C stops the search with its partial report (exit 3); a second
/// Ctrl-C ends m5 at once.
fn on_ctrl_c_stop_search() {
    extern "C" fn handler(_: libc::c_int) {
        if crate::explore::interrupt() {
            // SAFETY: _exit is async-signal-safe.
            unsafe { libc::_exit(130) }
        }
    }
    // SAFETY: the handler only stores to an atomic or calls _exit.
    unsafe {
        libc::signal(libc::SIGINT, handler as *const () as libc::sighandler_t);
    }
}

/// Peak resident memory of this process in MB (Linux), if known.
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
