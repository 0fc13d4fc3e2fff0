//! `m5 test`: test methods (JUnit 5, JUnit 4, or any method named
//! `Class#method`) found from the class files' annotations and searched one
//! by one as `explore` searches a program, each run by the driver m5 writes
//! for it (`classfile::driver`); one line per test, a summary, JUnit XML
//! and JSON.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};

use super::explore::{Searched, replay_command, search, verdict_lines};
use super::{ClassPathArg, ExploreArgs, SearchArgs, UsageError};
use crate::classfile::ClassPath;
use crate::classfile::testclass::{TestClass, TestMethod, classes_under};
use crate::explore::Verdict;

pub const AFTER_HELP: &str = "\
A selector is a class (com.acme.CounterTest: its tests), a method
(com.acme.CounterTest#increments: that one, annotated or not: any method
that takes no arguments and returns void) or a package prefix (com.acme:
the test classes under it). Without selectors, every test class in the
class path's directories. Tests are the methods annotated @Test or
@RepeatedTest (JUnit 5) or @Test (JUnit 4); m5 runs what JUnit runs around
each: @BeforeAll/@BeforeClass, a new instance, @BeforeEach/@Before, the
test, @AfterEach/@After, @AfterAll/@AfterClass; JUnit 4's expected=
passes only if the test throws it; @Disabled and @Ignore skip. The
assertion libraries run as the bytecode they are (put their jars on the
class path). @Timeout (or JUnit 4's timeout=) bounds the depth of each
schedule at 1,000,000 transitions per second of it (a deeper schedule
leaves the verdict incomplete, never failed). m5 does not model time: a
test that can run forever is not reported as such (its search ends when
its states repeat), where JUnit's timeout would fail it.

Each test method runs in a program of its own (as Surefire with
reuseForks=false: statics start fresh for each, and are shared by the
repetitions of a @RepeatedTest). Each test is searched as `m5 explore`
searches a program, with the same
options (exhaustive by default; --strategy pos, pct:D, random, ...), with
assertions on (-ea) unless an assertion switch is given. A violation
(uncaught exception, deadlock, data race) fails the test; its witness is
written to --witness-dir and replays with the command printed (`m5 run ...
'Class#method'`).

Exit status: 1 if a test failed, else 2 if one could not be run, else 3 if
one is incomplete, else 0.

Examples:
  m5 test --cp 'out:lib/*' com.acme.CounterTest
  m5 test --cp 'out:lib/*' 'com.acme.CounterTest#increments' --strategy pos --runs 2000
  m5 test --cp 'out:lib/*' --junit-xml TEST-m5.xml com.acme";

/// Transitions of a schedule (its depth) per second of a test's timeout.
const DEPTH_PER_SECOND: u64 = 1_000_000;

#[derive(clap::Args, Debug)]
pub struct TestArgs {
    #[command(flatten)]
    pub cp: ClassPathArg,
    /// Classes, Class#method or package prefixes (see below); default:
    /// every test class in the class path's directories.
    pub selectors: Vec<String>,
    /// Write the results as JUnit XML (the Surefire/Ant format CI servers read).
    #[arg(long, value_name = "FILE")]
    pub junit_xml: Option<PathBuf>,
    /// Print the results as JSON on stdout (instead of the text lines).
    #[arg(long)]
    pub json: bool,
    /// Where to write the witnesses of failed tests.
    #[arg(long, value_name = "DIR", default_value = "m5-witnesses")]
    pub witness_dir: PathBuf,
    /// Write each failed test's witness as an HTML page into DIR
    /// (`Class.method.html`: a column per thread, as `explore --html`).
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Write one SARIF 2.1.0 log of every failed test to FILE (a result
    /// per test, its witness as the code flow, as `explore --sarif`).
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,
    /// Where --html and --sarif look for Java sources before the class
    /// path's directories (as javac's -sourcepath).
    #[arg(long, value_name = "DIR[:DIR...]", value_delimiter = ':')]
    pub sourcepath: Vec<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// How a test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Status {
    Ok,
    Failed,
    Incomplete,
    Skipped,
    /// m5 could not run it (not modeled, not found, ...).
    Error,
}

impl Status {
    pub(super) fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "FAILED",
            Status::Incomplete => "incomplete",
            Status::Skipped => "skipped",
            Status::Error => "ERROR",
        }
    }
}

/// One test's result.
pub(super) struct Outcome {
    pub class: String,
    pub method: String,
    pub status: Status,
    /// The verdict's line, the skip's reason or the error.
    pub message: String,
    /// The verdict's kind (`uncaught-exception`, ...), or the exception's class.
    pub kind: String,
    pub seconds: f64,
    pub states: u64,
    pub witness: Option<String>,
    /// With `--sarif`, a failure as its log shows it.
    found: Option<Found>,
}

/// A failed test's violation, with what replays its witness for `--sarif`.
struct Found {
    verdict: Verdict,
    witness: Vec<crate::state::ThreadId>,
    initial: crate::state::State,
    opts: crate::explore::ExploreOptions,
    replay: String,
}

impl Outcome {
    fn name(&self) -> String {
        format!("{}#{}", self.class, self.method)
    }
}

pub(super) fn test(a: TestArgs) -> Result<i32> {
    let cp = ClassPath::parse(&a.cp.classpath).map_err(|e| UsageError(e.to_string()))?;
    let selected = select(&cp, &a.selectors)?;
    if selected.is_empty() {
        return Err(UsageError(format!(
            "no test found{} on the class path ({})",
            if a.selectors.is_empty() {
                String::new()
            } else {
                format!(" for {}", a.selectors.join(" "))
            },
            a.cp.classpath
        ))
        .into());
    }
    // Witnesses where their replay commands find them from anywhere.
    let mut a = a;
    if !a.witness_dir.is_absolute() {
        a.witness_dir = std::env::current_dir()
            .context("the current directory")?
            .join(&a.witness_dir);
    }
    let start = Instant::now();
    let mut outcomes = Vec::new();
    for (class, t) in &selected {
        let o = run_one(&a, class, t);
        if !a.json {
            print_line(&o);
        }
        outcomes.push(o);
    }
    let seconds = start.elapsed().as_secs_f64();
    let count = |s: Status| outcomes.iter().filter(|o| o.status == s).count();
    if a.json {
        print_json(&outcomes, seconds)?;
    } else {
        println!(
            "tests: {} ok, {} failed, {} incomplete, {} skipped, {} not run (errors), {:.2} s",
            count(Status::Ok),
            count(Status::Failed),
            count(Status::Incomplete),
            count(Status::Skipped),
            count(Status::Error),
            seconds
        );
    }
    if let Some(path) = &a.sarif {
        write_sarif(path, &a, &cp, &outcomes)?;
    }
    if let Some(path) = &a.junit_xml {
        std::fs::write(path, junit_xml(&outcomes))
            .with_context(|| format!("cannot write JUnit XML to {}", path.display()))?;
    }
    Ok(if count(Status::Failed) > 0 {
        1
    } else if count(Status::Error) > 0 {
        2
    } else if count(Status::Incomplete) > 0 {
        3
    } else {
        0
    })
}

/// The tests the selectors name, in order (a test named twice runs once).
fn select(cp: &ClassPath, selectors: &[String]) -> Result<Vec<(String, TestMethod)>> {
    let bad = |e: crate::classfile::LoadError| UsageError(e.to_string());
    let mut out: Vec<(String, TestMethod)> = Vec::new();
    let mut add = |class: &str, t: TestMethod| {
        if !out.iter().any(|(c, x)| c == class && x.name == t.name) {
            out.push((class.to_string(), t));
        }
    };
    // Test classes in the directories (the jars hold libraries).
    let dirs = ClassPath {
        entries: cp.entries.iter().filter(|e| e.is_dir()).cloned().collect(),
    };
    let all = [String::new()];
    let selectors = if selectors.is_empty() {
        &all[..]
    } else {
        selectors
    };
    for sel in selectors {
        if let Some((class, method)) = sel.split_once('#') {
            let internal = class.replace('.', "/");
            let tc = TestClass::read(cp, &internal)
                .map_err(bad)?
                .ok_or_else(|| {
                    UsageError(format!("{sel}: class {class} is not on the class path"))
                })?;
            let t = tc
                .test_named(cp, method)
                .map_err(bad)?
                .map_err(|e| UsageError(format!("{sel}: {e}")))?;
            add(&internal, t);
            continue;
        }
        let internal = sel.replace('.', "/");
        let classes = if !sel.is_empty() && cp.find(&internal).map_err(bad)?.is_some() {
            vec![internal]
        } else {
            classes_under(&dirs, sel)
        };
        let mut found = false;
        for c in &classes {
            if let Some(tc) = TestClass::read(cp, c).map_err(bad)?
                && tc.concrete
            {
                for t in tc.tests {
                    found = true;
                    add(c, t);
                }
            }
        }
        if !found && !sel.is_empty() {
            return Err(UsageError(format!(
                "{sel}: no test method (@Test, @RepeatedTest) in {}",
                if classes.len() == 1 {
                    format!("class {sel}")
                } else {
                    format!("the {} classes under {sel}", classes.len())
                }
            ))
            .into());
        }
    }
    Ok(out)
}

/// Searches one test as `explore` would search its driver program.
fn run_one(a: &TestArgs, class: &str, t: &TestMethod) -> Outcome {
    let dotted = class.replace('/', ".");
    let mut o = Outcome {
        class: dotted.clone(),
        method: t.name.to_string(),
        status: Status::Skipped,
        message: String::new(),
        kind: String::new(),
        seconds: 0.0,
        states: 0,
        witness: None,
        found: None,
    };
    if let Some(why) = &t.skipped {
        o.message = why.clone();
        return o;
    }
    let mut search_args = a.search.clone();
    // Tests are searched exhaustively unless a strategy is named.
    if search_args.strategy == crate::explore::Strategy::Portfolio {
        search_args.strategy = crate::explore::Strategy::Exhaustive;
    }
    if search_args.assertions.switches.is_empty() {
        search_args.assertions.switches.push("ea".into());
    }
    if let Some(ms) = t.timeout_ms {
        let budget = ms.saturating_mul(DEPTH_PER_SECOND) / 1000;
        search_args.max_depth = Some(search_args.max_depth.map_or(budget, |d| d.min(budget)));
    }
    let stem = format!("{dotted}.{}", t.name.replace(['/', '\\'], "_"));
    let witness = a.witness_dir.join(format!("{stem}.sched"));
    let ea = ExploreArgs {
        cp: a.cp.clone(),
        main: format!("{dotted}#{}", t.name),
        args: Vec::new(),
        witness: Some(witness.clone()),
        html: a.html.as_ref().map(|d| d.join(format!("{stem}.html"))),
        sarif: None,
        sourcepath: a.sourcepath.clone(),
        json: false,
        shard: None,
        search: search_args,
    };
    let start = Instant::now();
    let dirs = [Some(&a.witness_dir), a.html.as_ref()];
    let result = dirs
        .into_iter()
        .flatten()
        .try_for_each(|d| {
            std::fs::create_dir_all(d).with_context(|| format!("cannot create {}", d.display()))
        })
        .and_then(|()| search(&ea, None));
    o.seconds = start.elapsed().as_secs_f64();
    match result {
        Err(e) => {
            o.status = Status::Error;
            o.message = format!("{e:#}");
        }
        Ok(Searched {
            initial,
            opts,
            report,
            witness: steps,
            is_race,
            ..
        }) => {
            o.states = report.states.max(report.runs);
            o.kind = report.verdict.name().to_string();
            o.status = match &report.verdict {
                Verdict::Ok => Status::Ok,
                Verdict::Incomplete { .. } | Verdict::DependsOnUnfixed { .. } => Status::Incomplete,
                _ => Status::Failed,
            };
            let reached = crate::explore::replayed_state(&initial, &steps, &opts);
            o.message = match reached {
                Ok(s) => verdict_lines(&s, &report.verdict, &opts).join("\n"),
                Err(e) => format!(
                    "{}: the witness does not replay: {e}",
                    report.verdict.name()
                ),
            };
            if let Verdict::UncaughtException { class, .. } = &report.verdict {
                o.kind = class.clone();
            }
            if report.verdict.is_violation() {
                let replay = replay_command(&ea, &witness, is_race);
                o.witness = Some(replay.clone());
                o.found = a.sarif.is_some().then(|| Found {
                    verdict: report.verdict.clone(),
                    witness: steps,
                    initial,
                    opts,
                    replay,
                });
            } else if let Some(page) = &ea.html {
                // Pages of failures only (explore writes one for every verdict).
                let _ = std::fs::remove_file(page);
            }
        }
    }
    o
}

/// `--sarif FILE`: one log, a result per failed test (its message starts
/// with the test), its witness replayed as the code flow.
fn write_sarif(
    path: &std::path::Path,
    a: &TestArgs,
    cp: &ClassPath,
    outcomes: &[Outcome],
) -> Result<()> {
    let shown: Vec<_> = outcomes
        .iter()
        .filter_map(|o| Some((o, o.found.as_ref()?)))
        .map(|(o, f)| {
            let shown = super::report::Shown {
                verdict: &f.verdict,
                text: format!("{}: {}", o.name(), o.message),
                witness: &f.witness,
                replay: Some(f.replay.clone()),
            };
            (shown, &f.initial, &f.opts)
        })
        .collect();
    let mut props = serde_json::Map::new();
    props.insert("tests".into(), outcomes.len().into());
    super::report::write_sarif_of(path, "m5 test", &shown, (cp, &a.sourcepath), props)
}

fn print_line(o: &Outcome) {
    let mut out = std::io::stdout().lock();
    let figures = match o.status {
        Status::Skipped | Status::Error => String::new(),
        _ => format!(" ({} states, {:.2} s)", o.states, o.seconds),
    };
    let _ = writeln!(out, "{:<10} {}{figures}", o.status.word(), o.name());
    if o.status != Status::Ok {
        for l in o.message.lines() {
            let _ = writeln!(out, "           {l}");
        }
    }
    if let Some(w) = &o.witness {
        let _ = writeln!(out, "           witness: {w}");
    }
    let _ = out.flush();
}

fn print_json(outcomes: &[Outcome], seconds: f64) -> Result<()> {
    let j = super::json::test::Report::new(outcomes, seconds);
    println!("{}", serde_json::to_string(&j)?);
    Ok(())
}

/// The results in the Surefire/Ant JUnit XML format: one testsuite per
/// class; a failed test's `failure` holds the verdict and the witness's
/// replay command; skipped and incomplete tests are `skipped` (with why),
/// tests m5 could not run are `error`.
fn junit_xml(outcomes: &[Outcome]) -> String {
    let mut classes: Vec<&str> = Vec::new();
    for o in outcomes {
        if !classes.contains(&o.class.as_str()) {
            classes.push(&o.class);
        }
    }
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    for c in classes {
        let of: Vec<&Outcome> = outcomes.iter().filter(|o| o.class == c).collect();
        let n = |s: Status| of.iter().filter(|o| o.status == s).count();
        let time: f64 = of.iter().map(|o| o.seconds).sum();
        x.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{time:.3}\">\n",
            xml(c),
            of.len(),
            n(Status::Failed),
            n(Status::Error),
            n(Status::Skipped) + n(Status::Incomplete),
        ));
        for o in of {
            x.push_str(&format!(
                "    <testcase name=\"{}\" classname=\"{}\" time=\"{:.3}\"",
                xml(&o.method),
                xml(c),
                o.seconds
            ));
            let body = match o.witness.as_deref() {
                Some(w) => format!("{}\nwitness: {w}", o.message),
                None => o.message.clone(),
            };
            let first = o.message.lines().next().unwrap_or("");
            let element = match o.status {
                Status::Ok => None,
                Status::Failed => Some("failure"),
                Status::Error => Some("error"),
                Status::Skipped | Status::Incomplete => Some("skipped"),
            };
            match element {
                None => x.push_str("/>\n"),
                Some("skipped") => x.push_str(&format!(
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                    xml(first)
                )),
                Some(e) => x.push_str(&format!(
                    ">\n      <{e} message=\"{}\" type=\"{}\">{}</{e}>\n    </testcase>\n",
                    xml(first),
                    xml(&o.kind),
                    xml(&body)
                )),
            }
        }
        x.push_str("  </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}

/// `text` escaped for XML attributes and text; characters XML 1.0 cannot
/// hold (most control characters) become U+FFFD.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}
