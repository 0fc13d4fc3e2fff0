//! The `m5` command line: clap definitions and the commands' output.
//! Exit codes: the program's own for `run`; 2 for bad input or usage.

use std::path::PathBuf;

use anyhow::Result;
use clap::{Parser, Subcommand};

mod disasm;
mod effects;
mod effects_report;
mod explore;
mod invariant;
mod java_args;
mod json;
mod locks;
mod merge;
mod merge_prove;
mod prove;
mod report;
mod run;
mod shard;
mod sources;
mod test;
mod trace;

pub use java_args::{AssertionArgs, java_style};
use prove::{check_cmd, infer_cmd, prove_cmd};

const ABOUT: &str = "m5 turns javac's .class files into an executable Moore & Porter \"M5\" model of \
the JVM, runs them under any thread schedule, searches every schedule, and proves invariants with Z3.";

#[derive(Parser, Debug)]
#[command(name = "m5", version, about = ABOUT, long_about = None, after_help = "\
Examples:
  m5 run --classpath out --schedule random:7 --max-steps 1000000 --stats Main
  m5 run --cp out --schedule list:0,0,0,1,1 --trace Main
  m5 disasm --classpath out Worker
  m5 prove proofs/apprentice.proof
  m5 check proofs/

Options of `run` go before the main class; what follows it is passed to main.
Exit codes: run exits with the Java program's exit code; prove: 0 proved, 1 refuted,
3 unknown; 2 means bad input or usage everywhere.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// The JDK whose library (java.util, java.util.concurrent, ...) m5
    /// reads: a JDK or JRE home with `lib/modules` or
    /// `jmods/java.base.jmod`. Default: JAVA_HOME, else the home of the `java` on
    /// PATH. A named JDK is used or the command stops with an error.
    #[arg(long, global = true, value_name = "DIR")]
    pub jdk: Option<std::path::PathBuf>,
}

/// java's own options, which `run`, `explore` and `locks` take as java
/// does (before the main class); `java_style` writes them as m5's.
macro_rules! java_options {
    () => {
        "

java's options (before MAIN, spelled as for java):
  -cp, -classpath, --class-path PATH   class path (':'-separated); DIR/* is every jar in DIR
  -jar APP.jar [ARGS...]               run APP.jar's Main-Class, with the jar and its
                                       manifest's Class-Path as the class path
  -ea[:PKG...|:CLASS], -enableassertions[:...]    enable assert statements
  -da[:PKG...|:CLASS], -disableassertions[:...]   disable them
  -esa, -enablesystemassertions        (and -dsa, -disablesystemassertions) in the JDK's classes
  -Dkey=value                          set a system property
  --                                   ends the options: MAIN follows
"
    };
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a Java program's main class under a schedule, printing its output as `java` would.
    #[command(after_help = concat!("\
Schedules (--schedule):
  rr            round robin over live threads, one step each (default)
  rr:K          round robin, up to K steps each (a turn also ends at a monitor
                freed, a wait or notify, a thread started or ended)
  random:SEED   a uniformly random live thread at each step (same SEED, same run)
  turns:SEED    a random live thread runs 1-200 steps at a time (one thread gets far ahead)
  list:0,0,1    exactly these thread numbers (N*K repeats N K times)
  file:PATH     one thread number per line, # comments (what --record writes);
                a line `spurious-wakeups on` turns spurious wake-ups on for the run
Thread 0 is main; each `new` of a Thread (subclass) adds the next number.
Generated schedules skip threads that cannot move; explicit ones step them as no-ops (M5's run).

`notify` wakes the waiter that the schedule steps first (every waiter may
be chosen, as the JLS allows). Spurious wake-ups are off unless
--spurious-wakeups or the schedule file turns them on: then a step of a
thread in wait() with no notification ends its wait (explore's witnesses
say so in their file, and replay as written).

Options go before MAIN; everything after MAIN is passed to the program.

Examples:
  m5 run --classpath out --schedule random:7 --max-steps 1000000 Main
  m5 run --cp out --record run.sched Main arg1 arg2 && m5 run --cp out --schedule file:run.sched Main arg1 arg2
  m5 run -ea -Dmode=fast -cp 'lib/*:out' com.acme.Main
  m5 run -jar app.jar arg1", java_options!()))]
    Run(RunArgs),
    /// Search every schedule for uncaught exceptions, deadlocks and data races; print a replayable witness.
    #[command(after_help = concat!("\
The search tries every thread that can move at every state and skips states
already seen. By default (--granularity sync) it lets another thread run
only at synchronization: monitors, synchronized calls and returns, volatile
accesses, native calls (start, join, wait, notify, printing), allocation,
class initialization, exceptions, a thread's end; in between, each thread
runs alone and its plain field, static and array accesses are checked for
data races. Without races that reaches every exception and deadlock.
--granularity interaction branches before every access to shared state;
--granularity instruction (--every-instruction) before every bytecode (the
paper's model). `notify` may wake any waiter and every choice is tried;
a wait may also end without a notify (a spurious wake-up, JLS 17.2.1),
unless --no-spurious-wakeups: so `if (!ready) wait();` fails where
`while (!ready) wait();` does not. A state where threads could move only
by spurious wake-ups is a deadlock (the program may hang). A bound reached means
\"incomplete\" (exit 3), never \"ok\"; so does Ctrl-C, which prints what was
found so far. The search runs on all cores (--jobs).

Every state reached is also checked for a data race: two threads' accesses
to one field, static or array element, one of them writing and one of
them plain, with no monitor, volatile, release/acquire, start, join or
class initialization ordering them (VarHandle, Unsafe and Atomic*
accesses count by their access mode: get/set and getPlain/setPlain are
plain, opaque ones order nothing). A race is reported with its own
witness, which ends with the two accesses (or, behind an opaque read,
with the second) and which `m5 run --races` replays (--witness PATH writes
it to PATH.race), and the search goes on for the exception or deadlock
the program is about, at the interaction granularity: that is the
verdict when found (\"also found: data race ...\"), else the race
(exit 1). --after-race stop makes the first race the verdict. \"ok\" means
no uncaught exception, deadlock or data race in any interleaving; without
races, the Java memory model adds no other behaviour.

With no --strategy (portfolio) the search is exhaustive while it fits half
of the time budget (--time-limit, 60 s by default): a 2 s exhaustive
search, a round of the samplers (pos, pct:2, pct:3, random), the rest of
the exhaustive half, then the samplers in turn until the budget ends. Only
a complete exhaustive search says \"ok\"; any bug found ends the search
with its witness; otherwise \"incomplete\" (exit 3). With --bfs,
--determinism, --max-states, --max-depth, --invariant or --shard the
default is exhaustive. --strategy exhaustive searches without a time
limit unless one is given; preemption-bound:K tries every schedule with
at most K preemptions (K = 0, 1, ... in turn; most bugs need one or two);
pct:D, pos and random sample --runs executions under seeded randomized
schedulers. They never print \"ok\" (unless preemption bounding cut no
schedule at all): finding nothing prints \"no bug found ... (not
exhaustive)\", exit 3. Every bug they find has a witness that `m5 run`
replays.

--html FILE writes the witness as a page with a column per thread and the
violation's steps highlighted; --sarif FILE a SARIF 2.1.0 log with the witness
as a code flow (source lines from --sourcepath or beside the class files).

--shard I/N (I from 0 to N-1) searches one part of N on its own, for a
cluster's array job: pct, pos and random run the runs i with i % N = I; the
exhaustive search enumerates the top of the tree (the same in every
shard) and searches below every N-th state of its frontier. A shard's ok
covers its part only; with --json it writes a shard result that `m5 merge`
combines into the verdict of the whole search (docs/scaling.md).

Exit codes: 0 no violation (complete search), 1 violation found, 2 bad input, 3 incomplete.

Examples:
  m5 explore --classpath out Main 3 3
  m5 explore --classpath out --witness bug.sched Main 3 3
  m5 explore --classpath out --witness bug.sched --html bug.html --sarif bug.sarif Main 3 3
  m5 run --classpath out --schedule file:bug.sched Main 3 3
  m5 explore --classpath out --json --bfs --max-depth 500 Main
  m5 explore --classpath out --strategy preemption-bound:2 Main 10
  m5 explore --classpath out --strategy pct:3 --runs 10000 --seed 7 Main 10
  m5 explore --classpath out --shard \"$SLURM_ARRAY_TASK_ID/4\" --json Main 3 3 > shard-$SLURM_ARRAY_TASK_ID.json
  m5 explore -ea:com.acme... -cp out com.acme.Main", java_options!()))]
    Explore(ExploreArgs),
    /// Check an invariant file against the class files and evaluate it on the initial state (Lemma 1).
    #[command(after_help = "\
The invariant file is checked against the loaded classes first (classes,
methods, pcs, locals and stack slots, fields); then every part of it is
evaluated on the initial state. Exit 0: holds; 1: a fact fails (named,
with the thread, frame stack or object it was about); 2: bad input.

Arguments after the invariant file are main's (as a theorem file's `args`).

Example:
  m5 check-invariant --classpath out Main invariants/main.inv
  m5 check-invariant --classpath out Main invariants/main.inv 3 3")]
    CheckInvariant(CheckInvariantArgs),
    /// Prove a theorem file: the invariant is inductive (Lemmas 1, 2), relations hold across steps (Lemma 3).
    #[command(after_help = "\
A theorem file names the program, the invariant file and the theorems:

  classpath  ../classfiles/counter       # paths are relative to the theorem file
  main       Main
  invariant  ../invariants/counter.inv
  prove invariant                expect proved
  prove relation Increasing      expect proved
  infer                          # optional: infer the bookkeeping first (m5 infer --help)

Lemma 1 is checked by running the program while one thread alone can
move (static initializers, main's set-up) and evaluating the invariant on
every state of that run; the induction starts at its last state. Lemma 2
splits on the stepping thread's call-stack shape (those the program can
reach and a `when` case allows), executes its next instruction symbolically
and asks Z3 whether every part of the invariant still holds: global, the
stepping thread's, a new thread's, every object's, and every other
thread's (pairwise, shape against shape). An exception the invariant does
not rule out is followed to the handler that catches it; one nothing
catches (or with a VM message string, which is not modeled) fails the
case. Lemma 3 does the same for each relation. A relation theorem is
proved when Lemmas 1, 2 and 3 are. A call of AtomicInteger, AtomicLong,
AtomicBoolean or AtomicReference's get, set, lazySet, getAndSet,
compareAndSet or adds is one step, its library contract (checked against
the JDK's bytecode; docs/proving.md, Library contracts): the claim is
about the states in which no thread is inside one.

A failed obligation's state is a counterexample to induction: it satisfies
the invariant and its step breaks it, but no schedule need reach it. So a
theorem not proved is searched for a reachable violation of the claim
(the user's own invariant file): the single-threaded prefix, a few random
runs, every schedule breadth-first, a search toward the failed cases' call
stacks and more random runs (--witness-states, --witness-seconds; --no-witness-search
leaves the prefix alone). Verdicts, one per theorem:
  proved         every obligation unsat (Z3): it holds in every reachable
                 state (for a relation: across every reachable step);
  refuted        a schedule from the initial state violates it: printed as
                 an `m5 run --invariant ... --schedule ...` command that
                 replays it (--witness PATH writes it to a file);
  not inductive  Lemma 2 or 3 fails and the search found no violation: the
                 claim may well hold (the report says how far the search
                 went, and whether it covered every reachable state); add
                 facts, or let `m5 infer` add them;
  unknown        a timeout, Z3 unknown, or something the prover does not
                 model. Unknown is never proved.
Exit codes: 0 all proved, 1 something refuted, 2 bad input, 3 unknown,
4 not inductive (and nothing refuted).

Examples:
  m5 prove proofs/apprentice.proof
  m5 prove --verbose --timeout 2000 proofs/apprentice.proof
  m5 prove --emit-smt2 /tmp/obl proofs/apprentice.proof && cvc5 /tmp/obl/case0001-000.smt2
  m5 prove --json proofs/apprentice.proof")]
    Prove(ProveArgs),
    /// Prove every theorem file in a directory (or the files given) and compare each verdict with its `expect`.
    #[command(after_help = "\
`expect` takes proved, refuted, not-inductive or unknown. A refuted theorem
passes only with a witness that replays (`m5 prove --help`);
--witness-dir DIR writes each one there, with its replay command.

Exit codes: 0 every verdict is the expected one, 1 some verdict differs, 2 bad input.

Example:
  m5 check proofs/
  m5 check --witness-dir /tmp/witnesses proofs/")]
    Check(CheckArgs),
    /// Infer the bookkeeping of a theorem file's invariant and prove its theorems.
    #[command(after_help = "\
The invariant file holds the user's facts: the idea of the proof. m5 runs
the program concretely (round-robin and seeded random schedules), writes
candidate facts from templates for every call-stack shape the runs reach
(slots equal to constants, to other slots, to the user's `let`s, to fields
of the objects those name, plus one; non-null; class; whether the thread
holds a monitor; whether a thread an object names is started or finished),
drops those false on any state of the runs or of a bounded exploration
(--explore-states), then proves
the user's facts and the candidates together (Houdini): every candidate an
obligation cannot prove is dropped, until none is. User facts are never
dropped. The theorems are then proved on the result by the ordinary
prover, so a verdict means what `m5 prove` means.

Candidates are checked on every state of the single-threaded prefix too:
a fact of inference's never refutes the user's claim. A theorem not proved
is searched for a reachable violation of the user's facts, as `m5 prove`
does.

Exit codes as for `m5 prove`: 0 all proved, 1 refuted (with a witness),
2 bad input, 3 unknown, 4 not inductive.

Examples:
  m5 infer proofs/apprentice-inferred.proof
  m5 infer proofs/apprentice-inferred.proof --out /tmp/apprentice-full.inv")]
    Infer(InferArgs),
    /// Print a class in the paper's M5 list style (Figures 4-6).
    #[command(after_help = "Example:\n  m5 disasm --classpath out Worker")]
    Disasm(DisasmArgs),
    /// Check the lock discipline of class files statically (rccjava with Houdini inference); confirm each warning with a schedule.
    #[command(after_help = locks::AFTER_HELP)]
    Locks(locks::LocksArgs),
    /// Decide statically whether a program is deterministic for every input (the deterministic-effects seed); confirm with a search.
    #[command(after_help = effects::AFTER_HELP)]
    Effects(effects::EffectsArgs),
    /// Combine the shard results of `explore --shard` or `prove --shard` into one verdict.
    #[command(after_help = merge::AFTER_HELP)]
    Merge(merge::MergeArgs),
    /// Run JUnit 5 and JUnit 4 test methods (or any method named Class#method) under the search, one verdict per test.
    #[command(after_help = test::AFTER_HELP)]
    Test(test::TestArgs),
}

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub cp: ClassPathArg,
    /// The main class (binary name, e.g. `Main` or `pkg.Main`).
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
    /// Print on stderr one line per step (step, thread, class.method, pc,
    /// instruction), or with --trace=lines one line each time a thread
    /// reaches another source line (with the line's text when the source
    /// file is next to the class file).
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true,
          default_missing_value = "steps", value_name = "WHAT")]
    pub trace: Option<trace::TraceMode>,
    /// Print the final state in M5 style on stderr.
    #[arg(long)]
    pub final_state: bool,
    /// Report data races on the executed schedule (happens-before by vector
    /// clocks): each pair of unordered conflicting accesses, with threads
    /// and source lines, on stderr; exit 1 if there is one.
    #[arg(long)]
    pub races: bool,
    /// Print steps, steps/second and how the run ended on stderr.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub assertions: AssertionArgs,
    /// Accepted, like `java --enable-preview`: m5 runs class files that use
    /// Java 17's preview features (pattern `switch`) with or without it.
    #[arg(long)]
    pub enable_preview: bool,
    /// Frames a thread may hold before a call throws StackOverflowError
    /// (HotSpot's limit with its default 1 MB stacks is 10,000 to 55,000
    /// frames of a small method, depending on the JIT).
    #[arg(long, default_value_t = crate::state::DEFAULT_MAX_STACK_DEPTH, value_name = "N")]
    pub max_stack_depth: usize,
    /// A thread in wait() may wake without a notify (JLS 17.2.1) whenever
    /// it is stepped; generated schedules then step waiters too. A
    /// schedule file's `spurious-wakeups on` line turns this on as well.
    #[arg(long)]
    pub spurious_wakeups: bool,
    #[command(flatten)]
    pub props: PropertyArgs,
    #[command(flatten)]
    pub defines: DefineArgs,
    /// Where to write the schedule prefix that reproduces a failure (default: m5-failure.sched).
    #[arg(long, value_name = "PATH", requires = "invariant")]
    pub failure_schedule: Option<PathBuf>,
    /// Write the run as one self-contained HTML page to FILE (as `explore
    /// --html`: a column per thread, the first data race's accesses (with
    /// --races), a deadlock's threads or an uncaught exception's throw
    /// highlighted).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Where --html looks for Java sources before the class path's
    /// directories (as javac's -sourcepath).
    #[arg(long, value_name = "DIR[:DIR...]", value_delimiter = ':')]
    pub sourcepath: Vec<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct ExploreArgs {
    #[command(flatten)]
    pub cp: ClassPathArg,
    /// The main class (binary name).
    pub main: String,
    /// Arguments passed to main's String[].
    #[arg(trailing_var_arg = true)]
    pub args: Vec<String>,
    /// Write the witness schedule of a violation here (replay with `m5 run --schedule file:PATH`).
    #[arg(long, value_name = "PATH")]
    pub witness: Option<PathBuf>,
    /// Write the witness as one self-contained HTML page to FILE: the
    /// verdict, the replay command, and the schedule as a table with a
    /// column per thread (each row a thread's steps on one source line,
    /// with the line's text and the monitors held; the violation's steps
    /// highlighted).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Write a SARIF 2.1.0 log to FILE: one result per violation, the
    /// witness as its code flow (a thread flow per thread; at most the
    /// last 1,000 steps, GitHub's limit). No result when there is no
    /// violation.
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,
    /// Where --html and --sarif look for Java sources before the class
    /// path's directories (`p/q/Main.java` for class p.q.Main), as javac's
    /// -sourcepath: directories separated by ':'.
    #[arg(long, value_name = "DIR[:DIR...]", value_delimiter = ':')]
    pub sourcepath: Vec<PathBuf>,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Search only part I of N (I counted from 0: `--shard 0/4` ... `3/4`,
    /// e.g. `--shard "$SLURM_ARRAY_TASK_ID/4"`); with --json the result is
    /// a shard result for `m5 merge`. Not with --bfs, --determinism or
    /// preemption-bound; the exhaustive search's part runs on one thread.
    #[arg(long, value_name = "I/N", value_parser = crate::explore::Shard::parse)]
    pub shard: Option<crate::explore::Shard>,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// How `explore` searches a program's schedules, and how `test` searches
/// each test's: the strategy, its bounds and the semantics of the runs.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchArgs {
    /// Which schedules to try: portfolio (exhaustive on half the time
    /// budget, then pos, pct:2, pct:3 and random in turn on the rest;
    /// exhaustive with --bfs, --determinism, --max-states, --max-depth,
    /// --invariant or --shard), exhaustive (every one), preemption-bound:K
    /// (every schedule with at most K preemptions, K = 0, 1, ... in turn),
    /// pct:D (probabilistic concurrency testing for bugs of depth D), pos
    /// (partial-order sampling), random (random walks); the last three are
    /// seeded.
    #[arg(long, default_value = "portfolio", value_name = "STRATEGY", value_parser = crate::explore::Strategy::parse)]
    pub strategy: crate::explore::Strategy,
    /// Executions to sample with pct, pos and random.
    #[arg(long, default_value_t = crate::explore::DEFAULT_RUNS, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub runs: u64,
    /// Seed of pct, pos and random (the same seed gives the same runs).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub seed: u64,
    /// Worker threads (default: all cores). Exhaustive depth-first search
    /// splits its states among them, pct, pos and random their runs.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Breadth-first search (shortest witnesses; one thread); default depth-first.
    #[arg(long)]
    pub bfs: bool,
    /// Partial-order reduction of the exhaustive depth-first search: where
    /// a thread's next transition is one no other thread can depend on (a
    /// thread-local step, a read of a field no other thread writes again,
    /// a release of a monitor it holds), only that thread moves. Same
    /// verdicts, fewer states. The search then runs on one thread; not
    /// with --bfs, --shard, --invariant or --relation.
    #[arg(long)]
    pub por: bool,
    /// Where the search lets another thread run: sync (at synchronization
    /// only: monitors, volatile accesses, calls of native methods such as
    /// start, join, wait and notify, allocation, class initialization,
    /// exceptions, a thread's end; the plain accesses in between are
    /// checked for data races), interaction (before every access to shared
    /// state), instruction (before every bytecode, the paper's model).
    #[arg(long, value_enum, default_value = "sync", value_name = "WHERE")]
    pub granularity: Granularity,
    /// The same as --granularity instruction.
    #[arg(long)]
    pub every_instruction: bool,
    /// Do not follow more than N transitions from the initial state (with
    /// pct, pos and random: cut each run after N transitions; default 100000).
    #[arg(long, value_name = "N")]
    pub max_depth: Option<u64>,
    /// Stop after N distinct states.
    #[arg(long, value_name = "N")]
    pub max_states: Option<u64>,
    /// Stop after this many seconds (the portfolio's budget: 60 s unless given).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    #[command(flatten)]
    pub assertions: AssertionArgs,
    /// Accepted, like `java --enable-preview`: m5 runs class files that use
    /// Java 17's preview features (pattern `switch`) with or without it.
    #[arg(long)]
    pub enable_preview: bool,
    /// Frames a thread may hold before a call throws StackOverflowError.
    #[arg(long, default_value_t = crate::state::DEFAULT_MAX_STACK_DEPTH, value_name = "N")]
    pub max_stack_depth: usize,
    /// What a data race does: continue (it is reported, with its own
    /// witness, and the search goes on for exceptions, deadlocks and
    /// property violations; the race is the verdict if nothing else is
    /// found, never "ok") or stop (it is the verdict).
    #[arg(long, value_enum, default_value = "continue", value_name = "WHAT")]
    pub after_race: AfterRace,
    /// Check that every complete execution prints the same output and ends
    /// with the same exit status; otherwise the verdict is
    /// "nondeterministic" with both executions' witnesses and the diff of
    /// their outputs (exhaustive search on one thread). An execution that
    /// reads a value java does not fix (the time, an identity hash code,
    /// a seed drawn from them, as `new Random()` does) makes the verdict
    /// "nondeterministic: depends on time/seed" with the native and the
    /// program's line that read it (exit 1, no witness: m5 fixes these
    /// values, so it shows no two outputs).
    #[arg(long)]
    pub determinism: bool,
    /// Waits end only by notify, interrupt or timeout: no spurious
    /// wake-ups (which the JLS allows, and the search tries by default).
    #[arg(long)]
    pub no_spurious_wakeups: bool,
    #[command(flatten)]
    pub props: PropertyArgs,
    #[command(flatten)]
    pub defines: DefineArgs,
}

/// `a.strategy` for `a.search.strategy`: the search options read as the
/// command's own.
impl std::ops::Deref for ExploreArgs {
    type Target = SearchArgs;
    fn deref(&self) -> &SearchArgs {
        &self.search
    }
}

pub use crate::explore::Granularity;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterRace {
    Stop,
    Continue,
}

#[derive(clap::Args, Debug)]
pub struct CheckInvariantArgs {
    #[command(flatten)]
    pub cp: ClassPathArg,
    /// The main class (binary name).
    pub main: String,
    /// The invariant file.
    pub invariant: PathBuf,
    /// Arguments passed to main's String[] (as a theorem file's `args`).
    #[arg(trailing_var_arg = true)]
    pub args: Vec<String>,
    #[command(flatten)]
    pub defines: DefineArgs,
}

#[derive(clap::Args, Debug)]
pub struct ProveArgs {
    /// The theorem file.
    pub file: PathBuf,
    /// Print every case and obligation, not only the failed ones.
    #[arg(long, short)]
    pub verbose: bool,
    #[command(flatten)]
    pub solve: SolveArgs,
    /// Write every obligation as a self-contained SMT-LIB2 file into DIR.
    #[arg(long, value_name = "DIR")]
    pub emit_smt2: Option<PathBuf>,
    /// Also check each case's hypotheses for consistency and list the cases the
    /// invariant rules out (their obligations hold vacuously); slower.
    #[arg(long)]
    pub check_vacuity: bool,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Complete the invariant by inference first (as `m5 infer` does; a
    /// theorem file's `infer` line asks for it too).
    #[arg(long)]
    pub infer: bool,
    #[command(flatten)]
    pub how: InferHow,
    /// Write the witness of a refuted theorem here: the invariant's to
    /// PATH, relation R's to PATH.R (replay with `m5 run --invariant ...
    /// --schedule file:PATH`, the command printed).
    #[arg(long, value_name = "PATH")]
    pub witness: Option<PathBuf>,
    /// Write a SARIF 2.1.0 log to FILE: a result per refuted theorem, its
    /// witness as the code flow (as `explore --sarif`); the run's
    /// properties give every theorem's verdict.
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,
    /// Prove only part I of N of the obligations (I counted from 0: the
    /// call-stack shapes k with k % N = I); with --json the result is a
    /// shard result for `m5 merge`, which says proved only when every
    /// shard proved its part. Not with inference.
    #[arg(long, value_name = "I/N", value_parser = crate::explore::Shard::parse)]
    pub shard: Option<crate::explore::Shard>,
}

/// How inference observes the program.
#[derive(clap::Args, Debug, Clone)]
pub struct InferHow {
    /// Concrete runs the candidates are filtered on (round-robin ones and
    /// seeded random ones).
    #[arg(long, default_value_t = crate::infer::InferOptions::default().runs, value_name = "N")]
    pub runs: usize,
    /// Steps per run at most.
    #[arg(long, default_value_t = crate::infer::InferOptions::default().steps, value_name = "N")]
    pub steps: u64,
    /// States of a bounded breadth-first exploration (every interleaving
    /// near the start) the candidates are filtered on too; 0: none.
    #[arg(long, default_value_t = crate::infer::InferOptions::default().explore_states, value_name = "N")]
    pub explore_states: u64,
}

#[derive(clap::Args, Debug)]
pub struct InferArgs {
    /// The theorem file (its invariant holds the user's facts).
    pub file: PathBuf,
    /// Write the complete invariant (the user's facts and the inferred
    /// ones) to FILE; `m5 prove` re-checks it without inference.
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub solve: SolveArgs,
    #[command(flatten)]
    pub how: InferHow,
    /// Print every case and obligation of the final proof, not only the failed ones.
    #[arg(long, short)]
    pub verbose: bool,
    /// Show each candidate Houdini dropped, with the obligation that did
    /// not prove it.
    #[arg(long)]
    pub explain: bool,
    /// Write the witness of a refuted theorem here (as `m5 prove --witness`).
    #[arg(long, value_name = "PATH")]
    pub witness: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Theorem files, or directories whose `*.proof` files to check.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub solve: SolveArgs,
    /// Write the witness of every refuted theorem into DIR: FILE's
    /// invariant's as DIR/FILE.sched, relation R's as DIR/FILE.sched.R,
    /// each with the `m5 run` command that replays it in its header.
    #[arg(long, value_name = "DIR")]
    pub witness_dir: Option<PathBuf>,
}

/// How `prove` and `check` run a proof.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Solver timeout per obligation, in milliseconds (a timeout is "unknown").
    #[arg(long, default_value_t = 10_000, value_name = "MS")]
    pub timeout: u32,
    /// Solver threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Run at most N steps of the single-threaded prefix (while one thread
    /// alone can move: static initializers, main's set-up) by computation,
    /// checking the invariant on each state, and start the induction where
    /// it stops. 0: induction from the initial state, as in Moore & Porter.
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub prefix_steps: usize,
    /// Self-check (for m5's tests): also build each interference obligation
    /// skipped because the step writes nothing its facts read, and stop
    /// with "unknown" if one of those facts changed.
    #[arg(long, hide = true)]
    pub check_skips: bool,
    /// A theorem not proved is searched for a reachable violation (which
    /// makes it "refuted", with a witness `m5 run` replays): the prefix,
    /// a few random runs, then every schedule breadth-first, a search toward the failed cases
    /// and random runs, each visiting at most N states.
    #[arg(long, default_value_t = 200_000, value_name = "N")]
    pub witness_states: u64,
    /// The time those searches may take together, per theorem. (The
    /// state budget gives the same verdict on every machine; a time budget
    /// that ends a search first may leave "not inductive" or "unknown"
    /// where a faster machine finds the witness: set it high in CI.)
    #[arg(
        long,
        default_value_t = 10.0,
        value_name = "SECONDS",
        env = "M5_WITNESS_SECONDS"
    )]
    pub witness_seconds: f64,
    /// Look for a reachable violation only on the single-threaded prefix
    /// (a theorem whose induction fails is then "not inductive" unless the
    /// prefix violates it).
    #[arg(long)]
    pub no_witness_search: bool,
}

#[derive(clap::Args, Debug)]
pub struct DisasmArgs {
    #[command(flatten)]
    pub cp: ClassPathArg,
    /// The class to print (binary name).
    pub class: String,
}

/// `--classpath` (alias `--cp`; `-cp` and `-classpath` as java spells them),
/// shared by every command that loads classes.
#[derive(clap::Args, Debug, Clone)]
pub struct ClassPathArg {
    /// Directories and jar files to load classes from, separated by ':'
    /// (`-cp` and `-classpath` work too, as with java)
    #[arg(
        long = "classpath",
        visible_aliases = ["cp", "class-path"],
        value_name = "DIR[:DIR...]",
        default_value = "."
    )]
    pub classpath: String,
}

/// `-Dkey=value`: system properties, as `java` takes them (before the
/// main class; after it they are the program's arguments).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct DefineArgs {
    /// Set system property KEY to VALUE, as java's -Dkey=value (before the
    /// main class); the others are what java reports for this JDK, host
    /// and command line.
    #[arg(short = 'D', value_name = "KEY=VALUE", value_parser = parse_define)]
    pub defines: Vec<(String, String)>,
}

fn parse_define(text: &str) -> Result<(String, String), String> {
    crate::state::host::parse_define(text).map_err(|e| e.to_string())
}

impl DefineArgs {
    /// The initial system properties and environment of a run of `main`
    /// with `args` from class path `cp`.
    pub fn host(
        &self,
        cp: &str,
        main: &str,
        args: &[String],
    ) -> std::sync::Arc<crate::state::host::Host> {
        std::sync::Arc::new(crate::state::host::detect(
            &crate::state::host::CommandLine {
                classpath: cp.to_string(),
                main: main.to_string(),
                args: args.to_vec(),
                defines: self.defines.clone(),
            },
        ))
    }

    /// The options as words of a command line (`-Dkey=value`).
    pub fn words(&self) -> Vec<String> {
        self.defines
            .iter()
            .map(|(k, v)| format!("-D{k}={v}"))
            .collect()
    }
}

/// `--invariant`, `--relation`, `--relation-only`: properties checked on
/// every state and step (shared by `run` and `explore`).
#[derive(clap::Args, Debug, Clone)]
pub struct PropertyArgs {
    /// Check this invariant file on every state; stop at the first failure
    /// (`explore`: implies --every-instruction). States where a thread is
    /// inside a library method with a contract (the atomics' `get`,
    /// `compareAndSet`, ...: one step for `m5 prove`) are not checked.
    #[arg(long, value_name = "FILE")]
    pub invariant: Option<PathBuf>,
    /// Also check this relation of the invariant file on every step.
    #[arg(long, value_name = "NAME", requires = "invariant")]
    pub relation: Option<String>,
    /// Check only the relation, not the invariant's state facts.
    #[arg(long, requires = "relation")]
    pub relation_only: bool,
}

impl PropertyArgs {
    /// Loads and checks the invariant file (if any) against the classes, and
    /// that the relation named exists in it.
    /// The invariant, compiled and its allocation names resolved from the
    /// program's initial state `s0`.
    fn load(&self, s0: &crate::state::State) -> Result<Option<crate::invariant::Compiled>> {
        let Some(path) = &self.invariant else {
            return Ok(None);
        };
        let mut c = crate::invariant::load(path, &s0.classes)
            .map_err(|e| UsageError(e.rendered.clone()))?;
        crate::invariant::sites::resolve(&mut c, s0).map_err(|e| UsageError(e.rendered.clone()))?;
        if let Some(r) = &self.relation
            && !c.relations.contains_key(r)
        {
            let mut names: Vec<&String> = c.relations.keys().collect();
            names.sort();
            return Err(UsageError(format!(
                "{}: no relation `{r}` (relations: {names:?})",
                path.display()
            ))
            .into());
        }
        Ok(Some(c))
    }
}

/// An error that is the user's input's fault: exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

pub fn main_with(cli: Cli) -> Result<i32> {
    let mut command = cli.command;
    if let Some(home) = cli.jdk {
        match &mut command {
            // `m5 locks --jdk java.util,...` from before `--jdk` named the
            // JDK: a package list, not a directory, still means the packages.
            Command::Locks(a) if a.jdk_packages.is_empty() && locks::is_package_list(&home) => {
                eprintln!(
                    "m5: `m5 locks --jdk PACKAGES` is now `--jdk-packages PACKAGES` (`--jdk` names the JDK)"
                );
                a.jdk_packages = home
                    .to_string_lossy()
                    .split(',')
                    .map(str::to_string)
                    .collect();
            }
            _ => {
                crate::classfile::jdk::use_home(home);
            }
        }
    }
    // A JDK the user named is used or is an error at once (one that is
    // found on PATH only when a program needs it).
    if crate::classfile::jdk::named() {
        crate::classfile::jdk::jdk().map_err(|e| UsageError(e.to_string()))?;
    }
    match command {
        Command::Run(a) => run::run(a),
        Command::Disasm(a) => disasm::disasm(a),
        Command::Explore(a) => explore::explore(a),
        Command::CheckInvariant(a) => invariant::check_invariant(a),
        Command::Prove(a) => prove_cmd(a),
        Command::Check(a) => check_cmd(a),
        Command::Infer(a) => infer_cmd(a),
        Command::Locks(a) => locks::locks_cmd(a),
        Command::Effects(a) => effects::effects_cmd(a),
        Command::Test(a) => test::test(a),
        Command::Merge(a) => merge::merge(a),
    }
}

/// `w` as one word for a POSIX shell.
pub(crate) fn shell_word(w: &str) -> String {
    let plain = !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./:=,+@%".contains(c));
    if plain {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', "'\\''"))
    }
}
