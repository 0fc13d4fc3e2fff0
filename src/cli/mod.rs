//! The `m5` command line: clap definitions and the commands' output.
//! Exit codes: the program's own for `run`; 2 for bad input or usage.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

use crate::classfile::ClassPath;
use crate::interp::{self, init::load_classes};
use crate::schedule::{self, Control, Observer, RunEnd, RunOptions, Schedule};
use crate::state::{Config, State, ThreadId, print};

const ABOUT: &str = "m5 turns javac's .class files into an executable Moore & Porter \"M5\" model of \
the JVM and runs them under any thread schedule.";

#[derive(Parser, Debug)]
#[command(name = "m5", version, about = ABOUT, long_about = None, after_help = "\
Examples:
  m5 run --classpath classfiles/apprentice --schedule random:7 --max-steps 1000000 --stats Apprentice
  m5 run --cp out --schedule list:0,0,0,1,1 --trace Main
  m5 disasm --classpath classfiles/apprentice Job

Options of `run` go before the main class; what follows it is passed to main.
Exit codes: run exits with the Java program's exit code; 2 means bad input or usage.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a Java program's main class under a schedule, printing its output as `java` would.
    #[command(after_help = "\
Schedules (--schedule):
  rr            round robin over live threads, one step each (default)
  rr:K          round robin, K steps each
  random:SEED   a uniformly random live thread at each step (same SEED, same run)
  list:0,0,1    exactly these thread numbers (N*K repeats N K times)
  file:PATH     one thread number per line, # comments (what --record writes)
Thread 0 is main; each `new` of a Thread (subclass) adds the next number.
Generated schedules skip threads that cannot move; explicit ones step them as no-ops (M5's run).

Options go before MAIN; everything after MAIN is passed to the program.

Examples:
  m5 run --classpath classfiles/apprentice --schedule random:7 --max-steps 1000000 Apprentice
  m5 run --cp out --record run.sched Main arg1 arg2 && m5 run --cp out --schedule file:run.sched Main arg1 arg2")]
    Run(RunArgs),
    /// Print a class in the paper's M5 list style (Figures 4-6).
    #[command(after_help = "Example:\n  m5 disasm --classpath classfiles/apprentice Job")]
    Disasm(DisasmArgs),
}

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Directories and jar files to load classes from, separated by ':'.
    #[arg(long = "classpath", visible_alias = "cp", value_name = "DIR[:DIR...]")]
    pub classpath: String,
    /// The main class (binary name, e.g. `Apprentice` or `pkg.Main`).
    pub main: String,
    /// Arguments passed to main's String[].
    #[arg(trailing_var_arg = true, allow_hyphen_values = false)]
    pub args: Vec<String>,
    /// Which thread steps next (see below).
    #[arg(long, default_value = "rr", value_name = "SCHEDULE")]
    pub schedule: String,
    /// Stop after this many steps.
    #[arg(long, value_name = "N")]
    pub max_steps: Option<u64>,
    /// Write the executed schedule to PATH (replay with --schedule file:PATH).
    #[arg(long, value_name = "PATH")]
    pub record: Option<PathBuf>,
    /// Print one line per step on stderr: step, thread, class.method, pc, instruction.
    #[arg(long)]
    pub trace: bool,
    /// Print the final state in M5 style on stderr.
    #[arg(long)]
    pub final_state: bool,
    /// Print steps, steps/second and how the run ended on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Enable assertions (`assert` statements), like `java -ea`.
    #[arg(long = "enable-assertions", visible_alias = "ea")]
    pub assertions: bool,
}

#[derive(clap::Args, Debug)]
pub struct DisasmArgs {
    /// Directories and jar files to load classes from, separated by ':'.
    #[arg(long = "classpath", visible_alias = "cp", value_name = "DIR[:DIR...]")]
    pub classpath: String,
    /// The class to print (binary name).
    pub class: String,
}

/// An error that is the user's input's fault: exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

pub fn main_with(cli: Cli) -> Result<i32> {
    match cli.command {
        Command::Run(a) => run(a),
        Command::Disasm(a) => disasm(a),
    }
}

fn drain(s: &mut State) {
    if !s.out.is_empty() {
        let bytes: Vec<u8> = std::mem::take(&mut s.out).into_iter().collect();
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(&bytes);
        let _ = o.flush();
    }
    if !s.err.is_empty() {
        let bytes: Vec<u8> = std::mem::take(&mut s.err).into_iter().collect();
        let _ = std::io::stderr().write_all(&bytes);
    }
}

struct Tracer;

impl Observer for Tracer {
    fn before(&mut self, s: &State, th: ThreadId, step: u64) {
        if let Some((m, pc, insn)) = interp::next_insn(s, th) {
            let ip = m.index_of_pc(pc).unwrap_or(0) as usize;
            let text = crate::classfile::M5Insn {
                insn,
                index: ip,
                offsets: &m.offsets,
            };
            eprintln!(
                "{step:>8} t{th} {}.{} {pc:>4} {text}",
                m.class_name.replace('/', "."),
                m.name
            );
        }
    }
    fn after(&mut self, _s: &State, _th: ThreadId, _step: u64) -> Control {
        Control::Continue
    }
}

fn run(a: RunArgs) -> Result<i32> {
    let cp = ClassPath::parse(&a.classpath).map_err(|e| UsageError(e.to_string()))?;
    let sched = Schedule::parse(&a.schedule).map_err(|e| UsageError(e.to_string()))?;
    let classes = load_classes(&cp, &a.main).map_err(|e| UsageError(e.to_string()))?;
    let config = Config {
        assertions: a.assertions,
    };
    let mut s = interp::initial_state(classes, &a.main, &a.args, config)
        .map_err(|e| UsageError(e.to_string()))?;
    let mut recorded = Vec::new();
    let mut tracer = Tracer;
    let mut drain_fn = |s: &mut State, _steps: u64| drain(s);
    let opts = RunOptions {
        max_steps: a.max_steps,
        record: a.record.as_ref().map(|_| &mut recorded),
        observer: if a.trace {
            Some(&mut tracer as &mut dyn Observer)
        } else {
            None
        },
        on_progress: Some(&mut drain_fn),
    };
    let start = Instant::now();
    let result = schedule::run(&mut s, &sched, opts);
    let secs = start.elapsed().as_secs_f64();
    drain(&mut s);
    let result = result.map_err(|e| UsageError(format!("m5: {e}")))?;
    if let Some(path) = &a.record {
        let header = format!(
            "m5 run --classpath {} {} --schedule ...: {} steps",
            a.classpath, a.main, result.steps
        );
        schedule::write_schedule(path, &recorded, &header)
            .with_context(|| format!("cannot write schedule to {}", path.display()))?;
    }
    if a.final_state {
        eprintln!("{}", print::state(&s));
    }
    let code = match &result.end {
        RunEnd::Exited(c) => *c,
        RunEnd::Finished => i32::from(s.main_died),
        RunEnd::Deadlock(threads) => {
            let names: Vec<String> = threads
                .iter()
                .map(|t| format!("{} ({})", t, crate::interp::natives::thread_name(&s, *t)))
                .collect();
            eprintln!(
                "m5: deadlock: no live thread can move (threads {})",
                names.join(", ")
            );
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
    };
    if a.stats {
        let rate = if secs > 0.0 {
            result.steps as f64 / secs
        } else {
            0.0
        };
        eprintln!(
            "m5: {} steps in {:.3} s ({:.1} million steps/s); ended: {:?}; threads: {}; heap objects: {}",
            result.steps,
            secs,
            rate / 1e6,
            result.end,
            s.threads.len(),
            s.heap.len()
        );
    }
    Ok(code)
}

fn disasm(a: DisasmArgs) -> Result<i32> {
    let cp = ClassPath::parse(&a.classpath).map_err(|e| UsageError(e.to_string()))?;
    let classes = load_classes(&cp, &a.class).map_err(|e| UsageError(e.to_string()))?;
    let name = a.class.replace('.', "/");
    let id = classes
        .id(&name)
        .ok_or_else(|| UsageError(format!("class {} not found", a.class)))?;
    println!("{}", print::class(&classes, id));
    Ok(0)
}
