//! `m5 effects`: the command line of `crate::effects`.

use anyhow::Result;

use crate::classfile::ClassPath;
use crate::effects::{self, Analysis, confirm::Confirmation, where_};
use crate::locks::program::Program;

use super::{ClassPathArg, UsageError};

#[derive(clap::Args, Debug)]
pub struct EffectsArgs {
    #[command(flatten)]
    pub cp: ClassPathArg,
    /// The main class (binary name); every class file on the class path is
    /// analysed. Without one, `--jdk-packages` analyses a library.
    pub main: Option<String>,
    /// Analyse these packages of the JDK's java.base as a library, with no
    /// main: for each public class, clients calling its public and
    /// protected methods from any number of threads at once
    /// (comma-separated, e.g. java.util.concurrent).
    #[arg(long, value_name = "PACKAGES", value_delimiter = ',')]
    pub jdk_packages: Vec<String>,
    /// Arguments passed to main's String[] by the confirming search.
    #[arg(trailing_var_arg = true)]
    pub args: Vec<String>,
    /// Do not run `m5 explore --determinism` to confirm a nondeterministic verdict.
    #[arg(long)]
    pub no_confirm: bool,
    /// States the confirming search may visit.
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    pub confirm_states: u64,
    /// Seconds the confirming search may take.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub confirm_seconds: f64,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Write a SARIF 2.1.0 log to PATH (a result per conflict and unfixed read).
    #[arg(long, value_name = "PATH")]
    pub sarif: Option<std::path::PathBuf>,
    /// Write an HTML page (index.html: threads, conflicts with their source lines, the confirming executions) into DIR.
    #[arg(long, value_name = "DIR")]
    pub html: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub defines: super::DefineArgs,
    #[command(flatten)]
    pub assertions: super::AssertionArgs,
}

pub const AFTER_HELP: &str = "\
The deterministic-effects seed (Lu, Potter, Zhang, Xue) on class files. Each
thread's effects are the reads and writes of abstract locations its code may
make: fields of objects named by allocation site (or `this`, a static final,
any object), statics, array elements, library objects' state (a list, a map,
an atomic), and the program's output. Forks (Thread.start, an executor's
submit, ForkJoinTask.fork, CompletableFuture's stages, a parallel stream's
functions) start abstract threads; in main, a thread runs from its fork until
a join of that very thread. Objects a method makes and never lets go of are
thread-local and left out. Two threads that may run at once interfere when
one writes what the other reads or writes: under a common lock (or inside a
library object that synchronizes) the seed's intended nondeterminism,
otherwise a determinism violation. Reading the clock, an identity hash code
or an unseeded Random is nondeterministic in one thread too.

\"deterministic\" is said only with no interference and no such read, for
every input (under the assumptions in docs/effects.md). \"nondeterministic\"
is then checked by `m5 explore --determinism` on the given arguments: two
executions that print differently confirm it (both schedules replay with
`m5 run --schedule`); otherwise it stays unconfirmed.

Exit status: 0 deterministic or unconfirmed, 1 confirmed nondeterministic, 2
bad input.

Examples:
  m5 effects --cp classfiles/determinism PrintOrder
  m5 effects --cp classfiles/determinism --json SumOrder
  m5 effects --cp out --no-confirm com.acme.Main arg1
  m5 effects --cp out --html report --sarif effects.sarif com.acme.Main
  m5 effects --jdk-packages java.util.concurrent";

pub fn effects_cmd(a: EffectsArgs) -> Result<i32> {
    let main = match (&a.main, a.jdk_packages.is_empty()) {
        (Some(m), true) => m.clone(),
        (None, false) => return library(&a),
        (Some(_), false) => {
            return Err(UsageError(
                "give a main class or --jdk-packages, not both (a library has no main)".into(),
            )
            .into());
        }
        (None, true) => {
            return Err(UsageError(
                "expected a main class (binary name, e.g. com.acme.Main), or --jdk-packages PACKAGES"
                    .into(),
            )
            .into());
        }
    };
    let a = EffectsArgs {
        main: Some(main.clone()),
        ..a
    };
    program_cmd(&a, &main)
}

/// A program from its main.
fn program_cmd(a: &EffectsArgs, main: &str) -> Result<i32> {
    let cp_text = a.cp.classpath.clone();
    let parse = || ClassPath::parse(&cp_text).map_err(|e| UsageError(e.to_string()));
    let program = Program::load(parse()?, &[]).map_err(|e| UsageError(e.to_string()))?;
    let mut analysis = effects::analyze(&program, main).map_err(|e| UsageError(e.to_string()))?;
    if !a.no_confirm && !analysis.deterministic() {
        let config = crate::state::Config {
            host: a.defines.host(&cp_text, main, &a.args),
            assertions: a.assertions.status(),
            ..crate::state::Config::default()
        };
        let pairs: Vec<_> = analysis
            .conflicts
            .iter()
            .map(|c| (c.a.access.site.clone(), c.b.access.site.clone()))
            .collect();
        let c = effects::confirm::confirm(
            &parse()?,
            main,
            &a.args,
            config,
            (a.confirm_states, a.confirm_seconds),
            &pairs,
        )
        .unwrap_or_else(|e| Confirmation::Undecided {
            why: format!("m5 cannot run {main} to search its executions: {e}"),
        });
        analysis.confirmation = Some(c);
    }
    let replay = |s: &str| format!("m5 run --classpath {cp_text} --schedule {s} {main}");
    if let Some(path) = &a.sarif {
        let text =
            serde_json::to_string_pretty(&super::effects_report::sarif(&analysis, &program))?;
        std::fs::write(path, text + "\n")
            .map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    }
    if let Some(dir) = &a.html {
        super::effects_report::html(&analysis, &program, main, &replay, dir)
            .map_err(|e| UsageError(format!("{}: {e}", dir.display())))?;
    }
    if a.json {
        let doc = super::json::effects::report(&analysis, &program, &replay);
        println!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        print!("{}", text(&analysis, &replay));
    }
    Ok(i32::from(
        analysis
            .confirmation
            .as_ref()
            .is_some_and(Confirmation::confirmed),
    ))
}

/// A library: its public classes under concurrent use.
fn library(a: &EffectsArgs) -> Result<i32> {
    let program = Program::load_jdk(&a.jdk_packages).map_err(|e| UsageError(e.to_string()))?;
    let (classes, methods, total, unfixed, seconds) = effects::analyze_library(&program);
    let capped = total >= effects::interfere::MAX_CONFLICTS;
    if a.json {
        let doc = super::json::effects::library(
            &classes,
            program.classes.len(),
            methods,
            total,
            unfixed,
            seconds,
            &conflict_line,
        );
        println!("{}", serde_json::to_string_pretty(&doc)?);
        return Ok(0);
    }
    let mut out = format!(
        "effects of {} classes ({methods} public and protected methods), any number of clients at once:\n",
        program.classes.len()
    );
    for c in &classes {
        out.push_str(&format!(
            "  {}: {} violation(s), {} intended\n",
            c.class.replace('/', "."),
            c.violations,
            c.intended
        ));
        if let Some(x) = &c.example {
            out.push_str(&format!("    e.g. {}\n", conflict_line(x)));
        }
    }
    out.push_str(&format!(
        "{total} conflict(s){}, {unfixed} read(s) of values a real JVM does not fix; {seconds:.2} s\n",
        if capped { " (the first ones; more not listed)" } else { "" }
    ));
    print!("{out}");
    Ok(0)
}

/// One conflict in a line.
fn conflict_line(c: &effects::Conflict) -> String {
    let side = |s: &effects::interfere::Side| {
        format!(
            "{} {} at {}",
            if s.thread == 0 {
                "main".to_string()
            } else {
                format!("thread {}", s.thread)
            },
            if s.access.write { "writes" } else { "reads" },
            where_(&s.access.site)
        )
    };
    format!(
        "{} {}: {}; {}",
        if c.intended {
            "intended (under one lock)"
        } else {
            "violation"
        },
        super::json::effects::location(c),
        side(&c.a),
        side(&c.b)
    )
}

/// The text report.
fn text(a: &Analysis, replay: &dyn Fn(&str) -> String) -> String {
    let mut out = String::new();
    let head = if a.deterministic() {
        "deterministic for every input".to_string()
    } else {
        format!(
            "nondeterministic: {} conflict(s) ({} violation(s), {} intended), {} read(s) of values a real JVM does not fix",
            a.conflicts.len(),
            a.violations(),
            a.conflicts.len() - a.violations(),
            a.unfixed.len()
        )
    };
    out.push_str(&format!("effects: {head}\n"));
    out.push_str("threads:\n");
    for t in 0..a.threads.len() {
        out.push_str(&format!("  {}\n", a.thread_name(t)));
    }
    let reordered = |i: usize| match &a.confirmation {
        Some(Confirmation::Confirmed { reordered, .. }) => reordered.get(i).copied(),
        _ => None,
    };
    for (i, c) in a.conflicts.iter().enumerate() {
        out.push_str(&format!(
            "{}{}\n",
            conflict_line(c),
            match (a.confirmation.is_some(), reordered(i)) {
                (_, Some(true)) => " [confirmed: the executions below order it differently]",
                (true, _) => " [unconfirmed]",
                (false, _) => "",
            }
        ));
    }
    for (s, what) in &a.unfixed {
        out.push_str(&format!("reads {what} at {}\n", where_(s)));
    }
    match &a.confirmation {
        Some(Confirmation::Confirmed {
            first,
            second,
            first_out,
            second_out,
            states,
            ..
        }) => {
            out.push_str(&format!(
                "confirmed: two executions end differently ({states} states searched)\n  first  printed {first_out}: {}\n  second printed {second_out}: {}\n",
                replay(first),
                replay(second)
            ));
        }
        Some(Confirmation::Alike { states }) => out.push_str(&format!(
            "unconfirmed: every execution ended alike on these arguments ({states} states searched)\n"
        )),
        Some(Confirmation::Undecided { why }) => {
            out.push_str(&format!("unconfirmed: {why}\n"))
        }
        None => {}
    }
    out.push_str(&format!(
        "analysed {} methods in {:.3} s\n",
        a.methods, a.seconds
    ));
    out
}
