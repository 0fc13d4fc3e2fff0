//! `m5 run`: one execution under a schedule, printing the program's output
//! as `java` would, with optional tracing, invariant watching and races.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};

use super::{RunArgs, UsageError, trace};
use crate::classfile::ClassPath;
use crate::explore::Verdict;
use crate::interp::{self, init::load_classes};
use crate::schedule::{self, Control, Observer, RunEnd, RunOptions, Schedule};
use crate::state::{Config, State, ThreadId, print};

pub(super) fn run(a: RunArgs) -> Result<i32> {
    let cp = ClassPath::parse(&a.cp.classpath).map_err(|e| UsageError(e.to_string()))?;
    let (sched, settings) =
        Schedule::parse_with_settings(&a.schedule).map_err(|e| UsageError(e.to_string()))?;
    if a.spurious_wakeups && settings.spurious_wakeups == Some(false) {
        return Err(UsageError(format!(
            "--spurious-wakeups, but the schedule {} says `spurious-wakeups off`",
            a.schedule
        ))
        .into());
    }
    let spurious_wakeups = a.spurious_wakeups || settings.spurious_wakeups == Some(true);
    // A witness names the violation at its end: the replay reports it as
    // the search did (a data race's needs the race detector).
    let witnessed = settings.verdict;
    let watch_races = a.races || witnessed == Some("data-race");
    // What a recorded schedule needs to replay as it ran.
    let settings = schedule::Settings {
        spurious_wakeups: spurious_wakeups.then_some(true),
        verdict: None,
    };
    let classes = load_classes(&cp, &a.main).map_err(|e| UsageError(e.to_string()))?;
    let config = Config {
        assertions: a.assertions.status(),
        max_stack_depth: a.max_stack_depth,
        spurious_wakeups,
        host: a.defines.host(&a.cp.classpath, &a.main, &a.args),
        ..Config::default()
    };
    // Never freed: the process ends after the run, and freeing a JDK-sized
    // class table object by object took 5% of a java.util program's
    // start-up.
    let mut s = std::mem::ManuallyDrop::new(
        interp::initial_state(classes, &a.main, &a.args, config)
            .map_err(|e| UsageError(e.to_string()))?,
    );
    let compiled = a.props.load(&s)?;
    let mut checker = compiled.as_ref().map(|c| {
        let mut w = crate::invariant::watch::Watch::new(
            c,
            a.props.relation.clone(),
            a.props.relation_only,
            &mut s,
        );
        w.inner = a
            .trace
            .map(|m| Box::new(trace::Tracer::new(m, &cp)) as Box<dyn Observer>);
        w
    });
    let initial_failure = checker.as_ref().is_some_and(|c| c.failure.is_some());
    let mut recorded = Vec::new();
    let mut tracer = trace::Tracer::new(a.trace.unwrap_or(trace::TraceMode::Steps), &cp);
    let mut drain_fn = |s: &mut State, _steps: u64| drain(s);
    let inner: Option<&mut dyn Observer> = match (&mut checker, a.trace) {
        (Some(ch), _) => Some(ch),
        (None, Some(_)) => Some(&mut tracer),
        (None, None) => None,
    };
    let found_races = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let mut race_observer = watch_races.then(|| RaceObserver {
        detector: crate::race::clock::Detector::new(&mut s),
        inner: None,
        found: found_races.clone(),
    });
    let observer: Option<&mut dyn Observer> = match &mut race_observer {
        Some(r) => {
            r.inner = inner;
            Some(r)
        }
        None => inner,
    };
    let opts = RunOptions {
        max_steps: if initial_failure {
            Some(0)
        } else {
            a.max_steps
        },
        record: (a.record.is_some() || a.html.is_some()).then_some(&mut recorded),
        observer,
        on_progress: Some(&mut drain_fn),
        strict_threads: true,
    };
    // (--html replays the run from its start.)
    let initial = a.html.is_some().then(|| s.clone());
    let start = Instant::now();
    let result = schedule::run(&mut s, &sched, opts);
    let secs = start.elapsed().as_secs_f64();
    // The races found (this also ends the race observer's borrows).
    let races: Option<Vec<crate::race::Race>> = watch_races.then(|| found_races.take());
    drain(&mut s);
    let result = result.map_err(|e| UsageError(format!("m5: {e}{}", java_stacks(&s))))?;
    if let Some(path) = &a.record {
        let header = format!(
            "m5 run --classpath {} {} --schedule ...: {} steps",
            a.cp.classpath, a.main, result.steps
        );
        schedule::write_schedule(path, &recorded, &header, &settings)
            .with_context(|| format!("cannot write schedule to {}", path.display()))?;
    }
    if a.final_state {
        eprintln!("{}", print::state(&s));
    }
    if let (Some(ch), Some(c)) = (&checker, &compiled)
        && let Some(code) = report_watch(&a, ch, c, result.steps, &settings)?
    {
        if let (Some(kind), Some((_, f, relation))) = (witnessed, &ch.failure) {
            let message = f.describe(c);
            let fact = f.fact.clone();
            let v = match relation {
                true => Verdict::RelationViolation { fact, message },
                false => Verdict::InvariantViolation { fact, message },
            };
            return Ok(replay_ends(kind, &[v], &s, code));
        }
        return Ok(code);
    }
    if let Some(found) = &races {
        report_races(found, result.steps);
    }
    let raced = races.as_ref().is_some_and(|r| !r.is_empty());
    let code = exit_code(&s, &result);
    // A race is a finding of its own (exit 1) unless the run failed anyway.
    let code = if raced && code == 0 { 1 } else { code };
    if a.stats {
        print_stats(&s, &result, secs);
    }
    let seen = seen_at_end(&s, &result, races.unwrap_or_default());
    if let (Some(path), Some(initial)) = (&a.html, &initial) {
        write_page(
            &a,
            path,
            &cp,
            initial,
            &s,
            seen.first(),
            &recorded,
            spurious_wakeups,
        )?;
    }
    let Some(kind) = witnessed else {
        return Ok(code);
    };
    Ok(replay_ends(kind, &seen, &s, code))
}

/// What a run shows at its end, as the search names it: the first data
/// race it met, a deadlock, the last uncaught exception.
fn seen_at_end(
    s: &State,
    result: &schedule::RunResult,
    races: Vec<crate::race::Race>,
) -> Vec<Verdict> {
    let mut seen: Vec<Verdict> = races.into_iter().take(1).map(Verdict::DataRace).collect();
    if deadlocked(s, result) {
        seen.push(Verdict::Deadlock {
            threads: crate::explore::blocked_threads(s),
        });
    }
    seen.extend(crate::explore::uncaught_at_end(s));
    seen
}

/// `--html FILE`: the run as explore's page shows a witness, the first
/// violation it showed (a data race, a deadlock, an uncaught exception)
/// highlighted.
#[allow(clippy::too_many_arguments)]
fn write_page(
    a: &RunArgs,
    path: &std::path::Path,
    cp: &ClassPath,
    initial: &State,
    end: &State,
    seen: Option<&Verdict>,
    steps: &[ThreadId],
    spurious_wakeups: bool,
) -> Result<()> {
    let opts = crate::explore::ExploreOptions {
        notified_wakeups_only: !spurious_wakeups,
        ..Default::default()
    };
    let verdict = seen.cloned().unwrap_or(Verdict::Incomplete {
        reason: format!("the run ended after {} steps", steps.len()),
    });
    let text = match verdict.headline(end) {
        Some(line) => line,
        None => format!("no violation: the run ended after {} steps", steps.len()),
    };
    let replay = a.record.as_ref().map(|p| {
        format!(
            "m5 run --classpath {} --schedule file:{} {}",
            super::shell_word(&a.cp.classpath),
            super::shell_word(&p.display().to_string()),
            super::shell_word(&a.main)
        )
    });
    let shown = super::report::Shown {
        verdict: &verdict,
        text,
        witness: steps,
        replay,
    };
    let targets = super::report::Targets {
        html: Some(path),
        sarif: None,
        sourcepath: &a.sourcepath,
        classpath: cp,
    };
    super::report::write(&shown, &targets, initial, &opts)
}

/// The end of a witness's replay: the search's verdict line when the run
/// showed the violation the witness file names (exit 1, as the search),
/// else a note that it did not (and the run's own exit code).
fn replay_ends(kind: &str, seen: &[Verdict], s: &State, code: i32) -> i32 {
    match seen.iter().find(|v| v.name() == kind) {
        Some(v) => {
            if let Some(line) = v.headline(s) {
                eprintln!("{line}");
            }
            1
        }
        None => {
            let how = match kind {
                "invariant-violation" | "relation-violation" => {
                    " (replay it with the --invariant and --relation the search had)"
                }
                _ => "",
            };
            eprintln!(
                "m5: the search that wrote this witness found a {kind} at its end; this run did not show it{how}"
            );
            code
        }
    }
}

/// Did the run end where no live thread can move (a deadlock, also when
/// an explicit schedule ends there, whatever it would step next)?
fn deadlocked(s: &State, result: &schedule::RunResult) -> bool {
    match result.end {
        RunEnd::Deadlock(_) => true,
        RunEnd::ScheduleEnd => {
            !s.ended()
                && s.live_threads()
                    .iter()
                    .all(|&t| !crate::interp::can_progress(s, t))
        }
        _ => false,
    }
}

/// The invariant watcher's verdict on stderr; a violation also writes the
/// schedule prefix that reaches it and answers exit code 1.
fn report_watch(
    a: &RunArgs,
    ch: &crate::invariant::watch::Watch,
    c: &crate::invariant::Compiled,
    steps: u64,
    settings: &schedule::Settings,
) -> Result<Option<i32>> {
    let file = a
        .failure_schedule
        .clone()
        .unwrap_or_else(|| PathBuf::from("m5-failure.sched"));
    match &ch.failure {
        None if a.props.relation_only => eprintln!(
            "m5: relation {} held on all {} steps",
            a.props.relation.as_deref().unwrap_or(""),
            steps
        ),
        None => eprintln!(
            "m5: invariant {} held on all {} states{}",
            a.props
                .invariant
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            steps + 1,
            a.props
                .relation
                .as_ref()
                .map(|r| format!(", relation {r} on all {} steps", steps))
                .unwrap_or_default()
        ),
        Some((step, f, is_relation)) => {
            let what = if *is_relation {
                "relation"
            } else {
                "invariant"
            };
            eprintln!("m5: {what} violated at step {step}: {}", f.describe(c));
            let header = format!(
                "schedule prefix reaching the {what} failure at step {step}\nreplay: m5 run --classpath {} --schedule file:{} {}",
                a.cp.classpath,
                file.display(),
                a.main
            );
            schedule::write_schedule(&file, &ch.steps, &header, settings)
                .with_context(|| format!("cannot write {}", file.display()))?;
            eprintln!(
                "m5: the {} steps that reach it are in {} (replay with --schedule file:{})",
                ch.steps.len(),
                file.display(),
                file.display()
            );
            return Ok(Some(1));
        }
    }
    Ok(None)
}

/// `--races`: how many races the run met (each was printed as it happened).
fn report_races(found: &[crate::race::Race], steps: u64) {
    if found.is_empty() {
        eprintln!("m5: no data race on this schedule ({} steps)", steps);
    } else {
        eprintln!(
            "m5: {} data race{} on this schedule (distinct pairs of code positions, per object)",
            found.len(),
            if found.len() == 1 { "" } else { "s" }
        );
    }
}

/// The exit code of a run that ended as `result` says: the program's own,
/// 1 for a deadlock or a main thread that died, 0 at a bound.
fn exit_code(s: &State, result: &schedule::RunResult) -> i32 {
    match &result.end {
        RunEnd::Exited(c) => *c,
        RunEnd::Finished => i32::from(s.main_died),
        RunEnd::Deadlock(_) => {
            report_deadlock(s);
            1
        }
        RunEnd::ScheduleEnd if deadlocked(s, result) => {
            report_deadlock(s);
            1
        }
        RunEnd::StepBound => {
            eprintln!(
                "m5: stopped after --max-steps {} steps with live threads",
                result.steps
            );
            0
        }
        RunEnd::ScheduleEnd => {
            eprintln!(
                "m5: the schedule ended after {} steps with live threads",
                result.steps
            );
            0
        }
        RunEnd::Stopped => 0,
    }
}

/// `--stats`: steps, time, rate, how the run ended and the state's size.
fn print_stats(s: &State, result: &schedule::RunResult, secs: f64) {
    let rate = if secs > 0.0 {
        result.steps as f64 / secs
    } else {
        0.0
    };
    let jdk = crate::classfile::jdk::opened()
        .map_or("none read".to_string(), |p| p.display().to_string());
    eprintln!(
        "m5: {} steps in {:.3} s ({:.1} million steps/s); ended: {:?}; threads: {}; heap objects: {}; JDK library: {jdk}",
        result.steps,
        secs,
        rate / 1e6,
        result.end,
        s.threads.len(),
        s.heap.len()
    );
}

fn drain(s: &mut State) {
    if !s.aux.out.is_empty() {
        let bytes: Vec<u8> = std::mem::take(&mut s.aux.out).into_iter().collect();
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(&bytes);
        let _ = o.flush();
    }
    if !s.aux.err.is_empty() {
        let bytes: Vec<u8> = std::mem::take(&mut s.aux.err).into_iter().collect();
        let _ = std::io::stderr().write_all(&bytes);
    }
}

/// `m5 run --races`: the happens-before detector watches every step and
/// prints each new race as it happens; another observer (tracer or
/// invariant checker) runs after it.
struct RaceObserver<'a> {
    detector: crate::race::clock::Detector,
    inner: Option<&'a mut dyn Observer>,
    /// The races reported so far (read after the run).
    found: std::rc::Rc<std::cell::RefCell<Vec<crate::race::Race>>>,
}

impl Observer for RaceObserver<'_> {
    fn before(&mut self, s: &State, th: ThreadId, step: u64) {
        self.detector.before(s, th);
        if let Some(i) = self.inner.as_deref_mut() {
            i.before(s, th, step);
        }
    }
    fn after(&mut self, s: &mut State, th: ThreadId, step: u64) -> Control {
        let known = self.detector.races.len();
        self.detector.after(s);
        for r in &self.detector.races[known..] {
            eprintln!("m5: step {step}: {r}");
            self.found.borrow_mut().push(r.clone());
        }
        match self.inner.as_deref_mut() {
            // The invariant checker drains the write log itself.
            Some(i) => i.after(s, th, step),
            None => {
                s.aux.written.clear();
                s.aux.written_threads.clear();
                Control::Continue
            }
        }
    }
}

/// The call stacks of the live threads, top frame first, for an error
/// that stopped a run (where the program was when m5 could not go on).
fn java_stacks(s: &State) -> String {
    let mut out = String::new();
    for th in s.live_threads() {
        let Some(t) = s.thread(th) else { continue };
        out.push_str(&format!("\n  thread {th}:"));
        for f in t.stack.iter().rev() {
            out.push_str(&format!(
                "\n    at {}",
                crate::interp::position(s, &f.method, f.pc())
            ));
        }
    }
    out
}

/// A deadlock on stderr: every live thread, where it is and what it waits
/// for (the wait-for graph `explore` prints).
fn report_deadlock(s: &State) {
    eprintln!("m5: deadlock: no live thread can move");
    for t in crate::explore::blocked_threads(s) {
        eprintln!("  {t}");
    }
}
