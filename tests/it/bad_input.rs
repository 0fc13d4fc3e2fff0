//! Bad input gets a clear error and exit code 2: never a panic, never a
//! silently wrong answer. Each case runs the `m5` binary on a temporary
//! class path and checks the exit code, that stderr names the offending
//! file, class or thing (and the position where there is one), that no
//! panic happened, and that nothing was printed on stdout.
//!
//! Cases that compile Java at test time are skipped without javac
//! (`common::have`: failed under CI).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{self, M5, m5_output as m5};

fn apprentice_dir() -> PathBuf {
    common::root().join("classfiles/apprentice")
}

/// A fresh, empty directory for one case.
fn temp_dir(name: &str) -> PathBuf {
    common::fresh_dir("bad_input", name)
}

/// A fresh directory holding a copy of the apprentice example's class files.
fn apprentice_copy(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    for c in ["Apprentice", "Container", "Job"] {
        let file = format!("{c}.class");
        std::fs::copy(apprentice_dir().join(&file), dir.join(&file)).expect("copy class file");
    }
    dir
}

fn run_main(cp: &Path, main: &str, extra: &[&str]) -> Output {
    let mut args = vec!["run", "--classpath", cp.to_str().expect("utf-8 path"), main];
    args.extend_from_slice(extra);
    m5(&args)
}

/// Exit code 2, every `needle` in stderr, no panic, nothing on stdout.
#[track_caller]
fn assert_bad(out: &Output, needles: &[&str]) {
    assert_bad_with_stdout(out, needles, "");
}

#[track_caller]
fn assert_bad_with_stdout(out: &Output, needles: &[&str], stdout: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    let so = String::from_utf8_lossy(&out.stdout);
    let ctx = format!(
        "exit {:?}\nstderr:\n{err}\nstdout:\n{so}",
        out.status.code()
    );
    assert_eq!(out.status.code(), Some(2), "expected exit code 2; {ctx}");
    assert!(!err.contains("panicked"), "m5 panicked; {ctx}");
    assert!(!err.contains("RUST_BACKTRACE"), "m5 panicked; {ctx}");
    assert!(!err.trim().is_empty(), "no error message; {ctx}");
    for n in needles {
        assert!(err.contains(n), "stderr should contain {n:?}; {ctx}");
    }
    assert_eq!(so, stdout, "unexpected stdout; {ctx}");
}

/// Compiles `sources` (file name, text) into `dir`; false if there is no javac.
fn javac(dir: &Path, sources: &[(&str, &str)]) -> bool {
    if !common::have("javac", "-version") {
        return false;
    }
    let mut cmd = common::javac();
    cmd.arg("-d").arg(dir);
    for (name, text) in sources {
        let p = dir.join(name);
        std::fs::write(&p, text).expect("write Java source");
        cmd.arg(p);
    }
    let out = cmd.output().expect("run javac");
    assert!(
        out.status.success(),
        "javac failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

// ---- (a) truncated class files ---------------------------------------------

#[test]
fn truncated_class_files() {
    let original = std::fs::read(apprentice_dir().join("Container.class")).unwrap();
    let len = original.len();
    for cut in [0, 4, 10, len / 2, len - 1] {
        let dir = apprentice_copy(&format!("truncated_{cut}"));
        let file = dir.join("Container.class");
        std::fs::write(&file, &original[..cut]).unwrap();
        let out = run_main(&dir, "Apprentice", &["--max-steps", "1000"]);
        // Where it went wrong: the file is empty, or a byte index.
        let position = if cut == 0 {
            "the file is empty"
        } else {
            "at index"
        };
        assert_bad(&out, &[path_str(&file), "malformed class file", position]);
    }
}

#[test]
fn truncated_main_class() {
    let original = std::fs::read(apprentice_dir().join("Apprentice.class")).unwrap();
    let dir = apprentice_copy("truncated_main");
    let file = dir.join("Apprentice.class");
    std::fs::write(&file, &original[..original.len() / 3]).unwrap();
    let out = run_main(&dir, "Apprentice", &[]);
    assert_bad(
        &out,
        &[
            path_str(&file),
            "malformed class file",
            "Unexpected end of stream",
            "at index",
        ],
    );
}

// ---- (b) garbled class files -----------------------------------------------

#[test]
fn wrong_magic() {
    let dir = apprentice_copy("wrong_magic");
    let file = dir.join("Container.class");
    let mut b = std::fs::read(&file).unwrap();
    b[..4].copy_from_slice(&[0xDE, 0xAD, 0xBE, 0xEF]);
    std::fs::write(&file, &b).unwrap();
    let out = run_main(&dir, "Apprentice", &[]);
    assert_bad(
        &out,
        &[path_str(&file), "0xCAFEBABE", "byte 0", "0xDEADBEEF"],
    );
}

#[test]
fn not_a_class_file_at_all() {
    let dir = apprentice_copy("text_file");
    let file = dir.join("Container.class");
    std::fs::write(&file, "public class Container {}\n").unwrap();
    let out = run_main(&dir, "Apprentice", &[]);
    assert_bad(&out, &[path_str(&file), "not a class file", "0xCAFEBABE"]);
}

#[test]
fn garbled_constant_pool() {
    let dir = apprentice_copy("garbled_pool");
    let file = dir.join("Container.class");
    let mut b = std::fs::read(&file).unwrap();
    // Deterministic junk over the first constant pool entries (from byte 10).
    for (i, x) in b[10..40].iter_mut().enumerate() {
        *x = (i as u8).wrapping_mul(73).wrapping_add(11) | 0x80;
    }
    std::fs::write(&file, &b).unwrap();
    let out = run_main(&dir, "Apprentice", &[]);
    assert_bad(
        &out,
        &[
            path_str(&file),
            "malformed class file",
            "constant pool",
            "at index",
        ],
    );
}

#[test]
fn class_name_does_not_match_path() {
    let dir = apprentice_copy("name_mismatch");
    std::fs::copy(
        apprentice_dir().join("Job.class"),
        dir.join("Container.class"),
    )
    .unwrap();
    let out = run_main(&dir, "Apprentice", &[]);
    let file = dir.join("Container.class");
    assert_bad(
        &out,
        &[path_str(&file), "expected class Container", "defines Job"],
    );
}

/// Patches the bytecode of `Container.<init>` (javac's `aload_0;
/// invokespecial Object.<init>; return`) and expects a link error naming the
/// method and pc rather than a crash when it runs.
fn patched_init(name: &str, patch: [u8; 5], needles: &[&str]) {
    let dir = apprentice_copy(name);
    let file = dir.join("Container.class");
    let mut b = std::fs::read(&file).unwrap();
    let init = [0x2a, 0xb7, 0x00, 0x01, 0xb1];
    let at = b
        .windows(5)
        .position(|w| w == init)
        .expect("Container.<init> code");
    b[at..at + 5].copy_from_slice(&patch);
    std::fs::write(&file, &b).unwrap();
    let out = run_main(&dir, "Apprentice", &["--max-steps", "1000"]);
    let mut all = vec![path_str(&file), "Container.<init>()V"];
    all.extend_from_slice(needles);
    assert_bad(&out, &all);
}

#[test]
fn bytecode_local_out_of_range() {
    // aload_3 with max_locals 1.
    patched_init(
        "local_range",
        [0x2d, 0xb7, 0x00, 0x01, 0xb1],
        &["at pc 0", "local variable 3", "max_locals 1"],
    );
}

#[test]
fn bytecode_stack_underflow() {
    // nop instead of aload_0: invokespecial finds an empty stack.
    patched_init(
        "stack_underflow",
        [0x00, 0xb7, 0x00, 0x01, 0xb1],
        &["at pc 1", "operand stack underflow"],
    );
}

#[test]
fn bytecode_runs_off_the_end() {
    // nop instead of return.
    patched_init(
        "off_the_end",
        [0x2a, 0xb7, 0x00, 0x01, 0x00],
        &["at pc 4", "off the end"],
    );
}

// ---- (c) main class and class path ----------------------------------------

#[test]
fn missing_main_class() {
    let out = run_main(&apprentice_dir(), "Nope", &[]);
    assert_bad(&out, &["class Nope not found", path_str(&apprentice_dir())]);
}

#[test]
fn main_class_without_main() {
    let out = run_main(&apprentice_dir(), "Container", &[]);
    assert_bad(&out, &["class Container", "main(String[])"]);
}

#[test]
fn class_path_entry_missing() {
    let out = m5(&["run", "--classpath", "/nonexistent/m5-dir", "Apprentice"]);
    assert_bad(
        &out,
        &["/nonexistent/m5-dir", "no such directory or jar file"],
    );
}

#[test]
fn class_path_entry_not_a_jar() {
    let dir = temp_dir("not_a_jar");
    let jar = dir.join("classes.jar");
    std::fs::write(&jar, "not a zip file").unwrap();
    let out = run_main(&jar, "Apprentice", &[]);
    assert_bad(&out, &[path_str(&jar), "not a jar file"]);
}

#[test]
fn bad_option_value() {
    let out = run_main(&apprentice_dir(), "Apprentice", &["--max-steps", "lots"]);
    assert_bad(&out, &["lots", "--max-steps"]);
}

// ---- (d) unsupported native ------------------------------------------------

#[test]
fn unsupported_native() {
    let dir = temp_dir("native");
    let src = "public class Nat {\n    static native void foo();\n    public static void main(String[] args) {\n        foo();\n    }\n}\n";
    if !javac(&dir, &[("Nat.java", src)]) {
        return;
    }
    let out = run_main(&dir, "Nat", &[]);
    assert_bad(
        &out,
        &[
            "native method Nat.foo()V",
            "not modeled",
            "Nat.main",
            "at pc 0",
        ],
    );
}

#[test]
fn unsupported_native_after_output() {
    // What the program printed before it stopped is kept, and nothing after.
    let dir = temp_dir("native_output");
    let src = "public class Nat2 {\n    static native int bar(int x);\n    public static void main(String[] args) {\n        System.out.println(\"before\");\n        System.out.println(bar(1));\n    }\n}\n";
    if !javac(&dir, &[("Nat2.java", src)]) {
        return;
    }
    let out = run_main(&dir, "Nat2", &[]);
    assert_bad_with_stdout(
        &out,
        &["native method Nat2.bar(I)I", "Nat2.main", "pc"],
        "before\n",
    );
}

// ---- (e) schedules ----------------------------------------------------------

#[test]
fn bad_schedule_syntax() {
    for (spec, needles) in [
        (
            "nonsense",
            &["\"nonsense\"", "unknown schedule kind", "expected rr"][..],
        ),
        ("rr:0", &["\"rr:0\"", "positive"][..]),
        ("rr:x", &["\"rr:x\"", "positive"][..]),
        ("random", &["\"random\"", "seed"][..]),
        ("random:seven", &["\"random:seven\"", "integer seed"][..]),
        (
            "list:0,x",
            &["\"list:0,x\"", "expected a thread number", "\"x\""][..],
        ),
        ("list:0*y", &["\"list:0*y\"", "repeat count"][..]),
        ("list:-1", &["\"list:-1\"", "expected a thread number"][..]),
        ("list:0*99999999999999", &["schedule too long"][..]),
    ] {
        let out = run_main(&apprentice_dir(), "Apprentice", &["--schedule", spec]);
        assert_bad(&out, needles);
    }
}

#[test]
fn schedule_file_missing() {
    let out = run_main(
        &apprentice_dir(),
        "Apprentice",
        &["--schedule", "file:/nonexistent/run.sched"],
    );
    assert_bad(
        &out,
        &["/nonexistent/run.sched", "cannot read schedule file"],
    );
}

#[test]
fn schedule_file_bad_line() {
    let dir = temp_dir("sched_file");
    let file = dir.join("run.sched");
    std::fs::write(&file, "# a schedule\n0\n0*3\n\nzero\n1\n").unwrap();
    let out = run_main(
        &apprentice_dir(),
        "Apprentice",
        &["--schedule", &format!("file:{}", file.display())],
    );
    assert_bad(
        &out,
        &[
            &format!("{}:5:", file.display()),
            "expected a thread number",
            "\"zero\"",
        ],
    );
}

#[test]
fn schedule_file_bad_repeat() {
    let dir = temp_dir("sched_file_repeat");
    let file = dir.join("run.sched");
    std::fs::write(&file, "0\n1*many\n").unwrap();
    let out = run_main(
        &apprentice_dir(),
        "Apprentice",
        &["--schedule", &format!("file:{}", file.display())],
    );
    assert_bad(&out, &[&format!("{}:2:", file.display()), "repeat count"]);
}

#[test]
fn record_to_unwritable_path() {
    let out = run_main(
        &apprentice_dir(),
        "Apprentice",
        &[
            "--max-steps",
            "100",
            "--record",
            "/nonexistent/dir/run.sched",
        ],
    );
    assert_bad(&out, &["/nonexistent/dir/run.sched"]);
}

// ---- (f) a class missing at run time ----------------------------------------

#[test]
fn referenced_class_missing_at_run_time() {
    let dir = temp_dir("missing_at_run_time");
    let main = "public class Main {\n    public static void main(String[] args) {\n        Helper.help();\n    }\n}\n";
    let helper = "class Helper {\n    static void help() {\n        System.out.println(\"help\");\n    }\n}\n";
    if !javac(&dir, &[("Main.java", main), ("Helper.java", helper)]) {
        return;
    }
    std::fs::remove_file(dir.join("Helper.class")).unwrap();
    let out = run_main(&dir, "Main", &[]);
    assert_bad(
        &out,
        &[
            "class Helper",
            "neither on the class path nor in m5's library",
            "Main.main",
            "at pc 0",
        ],
    );
}

#[test]
fn superclass_missing() {
    let dir = temp_dir("missing_super");
    let main = "public class Main2 {\n    public static void main(String[] args) {\n        new Sub();\n    }\n}\n";
    let sub = "class Base {}\nclass Sub extends Base {}\n";
    if !javac(&dir, &[("Main2.java", main), ("Sub.java", sub)]) {
        return;
    }
    std::fs::remove_file(dir.join("Base.class")).unwrap();
    let out = run_main(&dir, "Main2", &[]);
    assert_bad(&out, &["Sub.class", "class Sub needs Base"]);
}

// ---- (g) disasm --------------------------------------------------------------

#[test]
fn disasm_missing_class() {
    let out = m5(&["disasm", "--classpath", path_str(&apprentice_dir()), "Nope"]);
    assert_bad(&out, &["class Nope not found", path_str(&apprentice_dir())]);
}

#[test]
fn disasm_truncated_class() {
    let dir = apprentice_copy("disasm_truncated");
    let file = dir.join("Job.class");
    let b = std::fs::read(&file).unwrap();
    std::fs::write(&file, &b[..b.len() / 2]).unwrap();
    let out = m5(&["disasm", "--classpath", path_str(&dir), "Job"]);
    assert_bad(&out, &[path_str(&file), "malformed class file", "at index"]);
}

#[test]
fn disasm_into_closed_pipe() {
    // `m5 disasm ... | head -1`: a reader that goes away is no reason to panic.
    let mut child = Command::new(M5)
        .args([
            "disasm",
            "--classpath",
            path_str(&apprentice_dir()),
            "java.lang.String",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run m5");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait for m5");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "m5 panicked: {err}");
    // Like other Unix tools, m5 ends quietly: success, or killed by SIGPIPE.
    use std::os::unix::process::ExitStatusExt;
    let quiet = out.status.code() == Some(0) || out.status.signal() == Some(13);
    assert!(quiet, "status {:?}, stderr: {err}", out.status);
}

#[test]
fn trace_into_closed_pipe() {
    let mut child = Command::new(M5)
        .args([
            "run",
            "--trace",
            "--max-steps",
            "100000",
            "--classpath",
            path_str(&apprentice_dir()),
            "Apprentice",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run m5");
    drop(child.stderr.take());
    let out = child.wait_with_output().expect("wait for m5");
    use std::os::unix::process::ExitStatusExt;
    assert!(
        out.status.code() == Some(0) || out.status.signal() == Some(13),
        "{:?}",
        out.status
    );
}

#[test]
fn impossible_schedule_names_a_thread_that_does_not_exist() {
    let dir = apprentice_dir();
    let out = run_main(&dir, "Apprentice", &["--schedule", "list:0,0,7"]);
    assert_bad(&out, &["impossible schedule", "step 3", "thread 7"]);
}

#[test]
fn a_library_method_m5_lacks_is_an_error_only_when_called() {
    let dir = temp_dir("missing_member");
    let src = "public class Lazy {\n  public static void main(String[] a) {\n    System.out.println(\"before\");\n    if (a.length > 5) System.out.println(Thread.currentThread().getStackTrace());\n    System.out.println(Thread.currentThread().getStackTrace());\n  }\n}\n";
    if !javac(&dir, &[("Lazy.java", src)]) {
        return;
    }
    let out = run_main(&dir, "Lazy", &[]);
    assert_bad_with_stdout(
        &out,
        &[
            "java.lang.Thread",
            "method getStackTrace",
            "Lazy.main",
            "pc",
        ],
        "before\n",
    );
}

// ---- (f) the library's honest stops ---------------------------------------

#[test]
fn library_stops_name_what_m5_does_not_model() {
    // What the model cannot answer truthfully stops the run (exit 2) and
    // says what: HotSpot's own threads in "system", charsets beyond
    // UTF-8/ISO-8859-1/US-ASCII.
    for (class, body, needle) in [
        (
            "SysGroup",
            "Thread.currentThread().getThreadGroup().getParent().enumerate(new Thread[4]);",
            "ThreadGroup.enumerate of the system group",
        ),
        (
            "Utf16",
            "System.out.println(new String(new byte[] {0, 65}, java.nio.charset.StandardCharsets.UTF_16));",
            "new String(byte[], ...) in charset UTF-16",
        ),
    ] {
        let dir = temp_dir(class);
        let src = format!(
            "public class {class} {{\n    public static void main(String[] args) throws Exception {{\n        {body}\n    }}\n}}\n"
        );
        if !javac(&dir, &[(&format!("{class}.java"), &src)]) {
            return;
        }
        let out = run_main(&dir, class, &[]);
        assert_bad(&out, &["not modeled", needle, &format!("{class}.main")]);
    }
}
