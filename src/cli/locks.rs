//! `m5 locks`: the command line of `crate::locks`.

use std::path::PathBuf;

use anyhow::Result;

use crate::classfile::ClassPath;
use crate::locks::{self, confirm, program::Program, report};

use super::{ClassPathArg, UsageError};

#[derive(clap::Args, Debug)]
pub struct LocksArgs {
    #[command(flatten)]
    pub cp: ClassPathArg,
    /// Classes to analyse (binary names); default: every class file on the class path.
    pub classes: Vec<String>,
    /// Analyse these packages of the JDK's java.base instead (comma-separated,
    /// e.g. java.util,java.util.concurrent; a package without its
    /// subpackages). (`--jdk` names the JDK itself, on every command.)
    #[arg(long, value_name = "PACKAGES", value_delimiter = ',')]
    pub jdk_packages: Vec<String>,
    /// The class whose main the confirming search runs (default: the one
    /// analysed class with a main).
    #[arg(long, value_name = "CLASS")]
    pub main: Option<String>,
    /// Do not search for races to confirm the warnings.
    #[arg(long)]
    pub no_confirm: bool,
    /// States each confirming search may visit.
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    pub confirm_states: u64,
    /// Seconds each confirming search may take.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub confirm_seconds: f64,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Write a SARIF 2.1.0 log to PATH.
    #[arg(long, value_name = "PATH")]
    pub sarif: Option<PathBuf>,
    /// Write the HTML explanation view (index.html and source views) into DIR.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Also list the valid annotations (text output).
    #[arg(long)]
    pub annotations: bool,
    /// Do not assume constructors hold `this` (the seed's cons_lock).
    #[arg(long)]
    pub no_cons_lock: bool,
    /// Do not assume a lock the main thread always holds (the seed's main_lock).
    #[arg(long)]
    pub no_main_lock: bool,
    #[command(flatten)]
    pub defines: super::DefineArgs,
    #[command(flatten)]
    pub assertions: super::AssertionArgs,
}

pub const AFTER_HELP: &str = "\
Houdini/rcc on class files: m5 guesses candidate annotations (thread_local per
class; guarded_by L and readonly per non-final field, for L = this, the
object's final fields, C.class and C's static finals for statics, MainLock;
requires L per method, except main, run and other methods the VM or JDK calls
with no lock held), refutes the ones the bytecode breaks (monitor regions from
monitorenter/monitorexit and synchronized methods, locks tracked as access
paths), and repeats until nothing changes. A field of a thread-shared class
left with no valid guard, not final, volatile or readonly, is a warning.
Array elements are locations too, one per allocation site (elems_guarded_by
L, for L = the array, the object whose field holds it and its finals, C.class
and static finals, MainLock; elems_readonly), accesses the JDK makes on the
program's arrays (new String(chars), getChars, System.arraycopy) included.
@GuardedBy(\"lock\") on a field or method (JCIP's, javax's, any package) is
taken as given and checked.

Each warning is then confirmed or not: a bounded search of main's schedules
(m5 explore, interaction granularity) for a race on the field or on an
element of an array from the site, going on past other races, uncaught
exceptions and deadlocks; a race found comes with a schedule `m5 run
--races` replays.

Exit status: 0 no confirmed race, 1 a confirmed race, 2 bad input.

Examples:
  m5 locks --classpath classfiles/locks/bad-account
  m5 locks --cp out --json Account Add100
  m5 locks --cp out --html report --sarif locks.sarif
  m5 locks --jdk-packages java.util,java.util.concurrent --no-confirm";

/// Is `value` of `--jdk` a package list (`java.util,java.util.concurrent`)
/// rather than a JDK home? (Dotted names, no slash, not a directory.)
pub(crate) fn is_package_list(value: &std::path::Path) -> bool {
    let text = value.to_string_lossy();
    !value.is_dir()
        && !text.contains('/')
        && text
            .split(',')
            .all(|p| p.contains('.') && p.split('.').all(|s| !s.is_empty()))
}

pub fn locks_cmd(a: LocksArgs) -> Result<i32> {
    let cp_text = a.cp.classpath.clone();
    let cp = ClassPath::parse(&cp_text).map_err(|e| UsageError(e.to_string()))?;
    let program = if a.jdk_packages.is_empty() {
        Program::load(
            ClassPath::parse(&cp_text).map_err(|e| UsageError(e.to_string()))?,
            &a.classes,
        )
    } else {
        Program::load_jdk(&a.jdk_packages)
    }
    .map_err(|e| UsageError(e.to_string()))?;
    let opts = locks::Options {
        cons_lock: !a.no_cons_lock,
        main_lock: !a.no_main_lock,
    };
    let mut analysis = locks::analyze(&program, &opts);
    if !a.no_confirm && a.jdk_packages.is_empty() && !analysis.warnings.is_empty() {
        let mains: Vec<String> = program
            .classes
            .iter()
            .filter(|c| !c.raw.lambda)
            .filter(|c| c.method("main", "([Ljava/lang/String;)V").is_some())
            .map(|c| crate::locks::events::dotted(c.name()))
            .collect();
        let main = match (&a.main, mains.as_slice()) {
            (Some(m), _) => Some(m.clone()),
            (None, [one]) => Some(one.clone()),
            _ => None,
        };
        match main {
            Some(main) => {
                let bounds = confirm::Bounds {
                    max_states: a.confirm_states,
                    seconds: a.confirm_seconds,
                };
                let config = crate::state::Config {
                    host: a.defines.host(&cp_text, &main, &[]),
                    assertions: a.assertions.status(),
                    ..crate::state::Config::default()
                };
                let mut words = a.assertions.status().switches();
                words.extend(a.defines.words());
                confirm::confirm_with(&mut analysis, &cp, &cp_text, &main, &bounds, config, &words)
                    .map_err(|e| {
                        UsageError(format!("cannot run {main} to confirm warnings: {e}"))
                    })?;
            }
            None => {
                let why = if mains.is_empty() {
                    "no analysed class has a main to search from".to_string()
                } else {
                    format!(
                        "several classes have a main ({}); choose one with --main",
                        mains.join(", ")
                    )
                };
                for w in &mut analysis.warnings {
                    w.confirmation = Some(locks::Confirmation::Unconfirmed { why: why.clone() });
                }
            }
        }
    }
    if let Some(dir) = &a.html {
        report::html(&analysis, &program, dir)
            .map_err(|e| UsageError(format!("{}: {e}", dir.display())))?;
    }
    if let Some(path) = &a.sarif {
        let text = serde_json::to_string_pretty(&report::sarif(&analysis))?;
        std::fs::write(path, text + "\n")
            .map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    }
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&locks::json::report(&analysis, &program))?
        );
    } else {
        print!("{}", report::text(&analysis, &program, a.annotations));
    }
    Ok(i32::from(analysis.warnings.iter().any(|w| w.confirmed())))
}
