//! Helpers shared by the integration tests' modules: running m5, scratch
//! directories, javac, external tools (skipped outside CI, failed in it).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use m5::classfile::ClassPath;
use m5::interp::{init::load_classes, initial_state};
use m5::state::{Config, State};
use serde_json::Value;

/// The `m5` binary cargo built for the tests.
pub const M5: &str = env!("CARGO_BIN_EXE_m5");

/// The package root (cargo runs the tests there too).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// An `m5` command.
pub fn m5() -> Command {
    Command::new(M5)
}

/// `m5 ARGS`, run to the end.
pub fn m5_output(args: &[&str]) -> Output {
    m5().args(args).output().expect("run m5")
}

/// m5, with the witness search bounded by states alone (its time budget
/// would make a verdict depend on the machine's load).
pub fn m5_bounded() -> Command {
    let mut c = m5();
    c.env("M5_WITNESS_SECONDS", "600");
    c
}

/// The initial state of `main` (with `args`) on the class path `dir`.
pub fn start(dir: &str, main: &str, args: &[&str]) -> State {
    let cp = ClassPath::parse(dir).expect("class path");
    let classes = load_classes(&cp, main).expect("load");
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    initial_state(classes, main, &args, Config::default()).expect("initial state")
}

/// Whether `tool ARG` runs (e.g. `javac -version`). A test that needs a
/// tool never passes silently without it in CI: see [`skip`].
pub fn have(tool: &str, arg: &str) -> bool {
    let runs = Command::new(tool)
        .arg(arg)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    runs || skip(&format!("no `{tool}` on PATH"))
}

/// A test cannot run here, for `why` (a tool or the JDK is missing):
/// under `CI=true` (set by `.ci/run`) that fails the test, since CI must
/// run every test; elsewhere it prints "SKIPPED: why" and returns false,
/// and the test returns early and passes.
pub fn skip(why: &str) -> bool {
    let ci = std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1");
    assert!(!ci, "{why}: with CI=true a test may not be skipped");
    println!("SKIPPED: {why}");
    false
}

/// A scratch directory (kept, not emptied) in the system's temp dir:
/// `m5-TOPIC-PID-NAME`.
pub fn scratch(topic: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("m5-{topic}-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    dir
}

/// A fresh, empty directory for one case: `TARGET_TMPDIR/TOPIC/NAME`.
pub fn fresh_dir(topic: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(topic)
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// `m5 prove --json EXTRA FILE`, witness search bounded: (exit code,
/// report); see [`json_report`].
pub fn prove(file: &Path, extra: &[&str]) -> (i32, Value) {
    json_report(
        m5_bounded()
            .arg("prove")
            .arg("--json")
            .args(extra)
            .arg(file),
    )
}

/// Runs `cmd` (an m5 command with `--json`): (exit code, report). A
/// refuted theorem's witness replays with `m5 run`, in every test.
pub fn json_report(cmd: &mut Command) -> (i32, Value) {
    let out = cmd.output().expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {text}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert_witnesses_replay(&v, &std::env::temp_dir());
    (out.status.code().unwrap_or(-1), v)
}

/// The verdict of `theorem` in a `--json` proof report.
pub fn verdict(v: &Value, theorem: &str) -> String {
    v["theorems"]
        .as_array()
        .expect("theorems")
        .iter()
        .find(|t| t["theorem"] == theorem)
        .unwrap_or_else(|| panic!("no theorem {theorem} in {v}"))["verdict"]
        .as_str()
        .expect("verdict")
        .to_string()
}

/// A `javac` command whose JVM starts cheaply: C1 alone and the serial
/// collector cut a short compile's CPU by a third (the class files are the
/// same: JIT and GC do not change what javac writes).
pub fn javac() -> Command {
    let mut c = Command::new("javac");
    c.args(["-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"]);
    c
}

/// Compiles `files` into `dir` with javac; a failure shows javac's errors.
pub fn javac_files(dir: &Path, files: &[PathBuf]) {
    let out = javac().arg("-d").arg(dir).args(files).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A fresh directory under the system's temp dir, with `Main.java` holding
/// `source` compiled into it by javac.
pub fn javac_main(name: &str, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("m5-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Main.java"), source).unwrap();
    compile(&dir);
    dir
}

fn compile(dir: &Path) {
    let st = javac()
        .arg("-d")
        .arg(dir)
        .arg(dir.join("Main.java"))
        .status()
        .unwrap();
    assert!(st.success(), "javac failed in {}", dir.display());
}

/// Every refuted theorem of a proof's `--json` report comes with a
/// witness, and its `replay` command (`m5 run --invariant ... --schedule
/// ...`, run by the shell from `dir`) exits 1 and reports the violation on
/// the witness's last step. Returns how many witnesses replayed.
pub fn assert_witnesses_replay(v: &serde_json::Value, dir: &Path) -> usize {
    let mut replayed = 0;
    for t in v["theorems"].as_array().expect("theorems") {
        if t["verdict"] != "refuted" {
            continue;
        }
        let replay = t["replay"]
            .as_str()
            .unwrap_or_else(|| panic!("a refuted theorem without a replay command: {t}"));
        let steps = t["witness"].as_array().expect("a witness").len();
        let command = replay
            .strip_prefix("m5 ")
            .unwrap_or_else(|| panic!("not an m5 command: {replay}"));
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("'{}' {command}", env!("CARGO_BIN_EXE_m5")))
            .current_dir(dir)
            .output()
            .expect("sh runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{replay}\n{err}");
        assert!(
            err.contains(&format!("violated at step {steps}:")),
            "{replay} does not end in the violation at step {steps}:\n{err}"
        );
        replayed += 1;
    }
    replayed
}

/// The arguments of the `m5` command in a witness file's `# replay:` line.
pub fn replay_arguments(witness_file: &str) -> Vec<&str> {
    witness_file
        .lines()
        .find_map(|l| l.strip_prefix("# replay: m5 "))
        .expect("a replay line")
        .split(' ')
        // (A word the shell would split, such as `Class#method`, is quoted.)
        .map(|w| w.trim_matches('\''))
        .collect()
}
