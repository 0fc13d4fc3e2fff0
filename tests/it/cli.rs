//! The command line: help teaches with examples; --record/--schedule file
//! replays a run exactly; --trace and --final-state print M5-style text.

use std::process::Command;

use crate::common;

fn m5(args: &[&str]) -> (i32, String, String) {
    let out = common::m5().args(args).output().expect("run m5");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn help_has_examples() {
    for args in [
        vec!["--help"],
        vec!["run", "--help"],
        vec!["disasm", "--help"],
        vec!["merge", "--help"],
    ] {
        let (code, out, _) = m5(&args);
        assert_eq!(code, 0);
        assert!(out.contains("Example"), "{args:?}: {out}");
    }
}

#[test]
fn recorded_schedule_replays_to_the_same_final_state() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let rec = format!("{dir}/apprentice-random.sched");
    let common = [
        "run",
        "--classpath",
        "classfiles/apprentice",
        "--max-steps",
        "5000",
        "--final-state",
    ];
    let mut first = common.to_vec();
    first.extend(["--schedule", "random:11", "--record", &rec, "Apprentice"]);
    let (c1, _, e1) = m5(&first);
    let replay_spec = format!("file:{rec}");
    let mut second = common.to_vec();
    second.extend(["--schedule", &replay_spec, "Apprentice"]);
    let (c2, _, e2) = m5(&second);
    assert_eq!((c1, c2), (0, 0), "{e1}\n{e2}");
    let state = |e: &str| {
        e.lines()
            .filter(|l| !l.starts_with("m5:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(state(&e1).contains("\"Container\""), "{e1}");
    assert_eq!(state(&e1), state(&e2));
    // One line per run of one thread's steps (`N*K`): 5,000 steps in all.
    let steps: u64 = std::fs::read_to_string(&rec)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once('*').map_or(1, |(_, k)| k.parse().unwrap()))
        .sum();
    assert_eq!(steps, 5000);
}

#[test]
fn trace_prints_one_line_per_step() {
    let (code, _, err) = m5(&[
        "run",
        "--classpath",
        "classfiles/apprentice",
        "--max-steps",
        "12",
        "--trace",
        "Apprentice",
    ]);
    assert_eq!(code, 0);
    let steps: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("Apprentice.main") || l.contains("Container."))
        .collect();
    assert!(steps[0].contains("(NEW \"Container\")"), "{err}");
    assert_eq!(
        err.lines().filter(|l| !l.starts_with("m5:")).count(),
        12,
        "{err}"
    );
}

#[test]
fn disasm_prints_figure_6() {
    let (code, out, _) = m5(&["disasm", "--classpath", "classfiles/apprentice", "Job"]);
    assert_eq!(code, 0);
    for needle in [
        "(MONITORENTER)",
        "(GETFIELD \"Job\" \"objref\")",
        "(PUTFIELD \"Container\" \"counter\")",
        "(GOTO -5))))",
    ] {
        assert!(out.contains(needle), "missing {needle}: {out}");
    }
}

#[test]
fn classes_load_from_a_jar_file() {
    if !common::have("jar", "--version") {
        return;
    }
    let dir = env!("CARGO_TARGET_TMPDIR");
    let jar = format!("{dir}/apprentice.jar");
    let st = Command::new("jar")
        .args(["cf", &jar, "-C", "classfiles/apprentice", "."])
        .status()
        .unwrap();
    assert!(st.success());
    let (code, _, err) = m5(&[
        "run",
        "--classpath",
        &jar,
        "--max-steps",
        "2000",
        "--stats",
        "Apprentice",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("2000 steps"), "{err}");
}

/// Uncaught exceptions and `printStackTrace` print the stack as HotSpot
/// does (`\tat Class.method(File.java:N)`, constructors left out, callers
/// at their call's line, `... N more` for a cause's shared frames): the
/// whole stderr and the exit code equal `java`'s on the example.
#[test]
fn stack_traces_are_printed_as_hotspot_prints_them() {
    let (code, out, err) = m5(&["run", "--classpath", "classfiles/stack-trace", "Main"]);
    let java = Command::new("java")
        .args(["-cp", "classfiles/stack-trace", "Main"])
        .output()
        .expect("java (a JDK is a prerequisite)");
    assert_eq!(out, String::from_utf8_lossy(&java.stdout));
    assert_eq!(err, String::from_utf8_lossy(&java.stderr));
    assert_eq!(Some(code), java.status.code());
    assert!(err.contains("\tat Main.depth(Main.java:8)"), "{err}");
}

/// `--trace=lines`: one line when a thread reaches another source line,
/// with the source text; `--trace` alone still traces every step.
#[test]
fn trace_lines_prints_source_lines() {
    let (code, _, err) = m5(&[
        "run",
        "--classpath",
        "classfiles/races",
        "--trace=lines",
        "FreeStartJoin",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("t0 FreeStartJoin.main (FreeStartJoin.java:14)  input = 21;"),
        "{err}"
    );
    assert!(
        err.contains("t1 FreeStartJoin$Worker.run (FreeStartJoin.java:9)  output = input * 2;"),
        "{err}"
    );
    // One line per source line a thread reaches, not per instruction.
    let (_, _, steps) = m5(&[
        "run",
        "--classpath",
        "classfiles/races",
        "--trace",
        "FreeStartJoin",
    ]);
    assert!(err.lines().count() * 3 < steps.lines().count(), "{err}");
    let (code, _, bad) = m5(&[
        "run",
        "--classpath",
        "classfiles/races",
        "--trace=words",
        "FreeStartJoin",
    ]);
    assert_eq!(code, 2, "{bad}");
}

/// `-cp DIR` and `-classpath DIR` work as with java, the class path is `.`
/// unless given, and after the main class they are the program's.
#[test]
fn class_path_as_java_takes_it() {
    let (code, out, err) = m5(&["run", "-cp", "classfiles/join-counter", "Main"]);
    assert_eq!(code, 0, "{err}");
    let (code2, out2, _) = m5(&["run", "-classpath", "classfiles/join-counter", "Main"]);
    assert_eq!((code2, &out2), (code, &out));
    // Options around it are still read.
    let (code3, _, err3) = m5(&[
        "run",
        "--max-steps",
        "5",
        "-cp",
        "classfiles/join-counter",
        "--stats",
        "Main",
    ]);
    assert_ne!(code3, 2, "{err3}");
    // The default: the current directory.
    let out = common::m5()
        .args(["run", "Main"])
        .current_dir("classfiles/join-counter")
        .output()
        .expect("run m5");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = common::m5()
        .args(["run", "Main"])
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .output()
        .expect("run m5");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("class path (.)"));
}

/// java's own options, before the main class, as java takes them: the
/// assertion switches in order (-ea, -ea:pkg..., -da:Class, -esa), -D,
/// `-cp 'lib/*'` (every jar in lib), `-jar app.jar` (Main-Class and the
/// manifest's Class-Path) and `--`; the output and exit code equal java's.
/// `m5 explore -ea:pkg...` checks the asserts it enables and no others.
#[test]
fn java_options_as_java_takes_them() {
    if !common::have("javac", "-version")
        || !common::have("java", "-version")
        || !common::have("jar", "--version")
    {
        return;
    }
    let dir = common::fresh_dir("cli", "java-options");
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("com/acme/core")).unwrap();
    std::fs::write(
        src.join("com/acme/Main.java"),
        "package com.acme;
public class Main {
    static int shared;
    public static void main(String[] args) throws Exception {
        System.out.println(\"x=\" + System.getProperty(\"x\") + \" args=\" + String.join(\",\", args));
        System.out.println(\"Main: \" + on() + \", Util: \" + com.acme.core.Util.on());
        if (args.length > 0 && args[0].equals(\"race\")) {
            Thread t = new Thread(() -> { synchronized (Main.class) { shared = 1; } });
            t.start();
            int seen;
            synchronized (Main.class) { seen = shared; }
            com.acme.core.Util.check(seen);
            t.join();
        }
    }
    static boolean on() { boolean b = false; assert b = true; return b; }
}
",
    )
    .unwrap();
    std::fs::write(
        src.join("com/acme/core/Util.java"),
        "package com.acme.core;
public class Util {
    public static boolean on() { boolean b = false; assert b = true; return b; }
    public static void check(int seen) { assert seen == 1 : \"the thread has not run\"; }
}
",
    )
    .unwrap();
    let out = dir.join("out");
    let st = common::javac()
        .arg("-d")
        .arg(&out)
        .arg(src.join("com/acme/Main.java"))
        .arg(src.join("com/acme/core/Util.java"))
        .status()
        .unwrap();
    assert!(st.success());
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    let jar = |args: &[&str]| {
        let st = Command::new("jar")
            .args(args)
            .current_dir(&out)
            .status()
            .unwrap();
        assert!(st.success());
    };
    jar(&["cf", "../lib/core.jar", "com/acme/core"]);
    jar(&["cf", "../lib/main.jar", "com/acme/Main.class"]);
    std::fs::write(
        dir.join("manifest.txt"),
        "Main-Class: com.acme.Main\nClass-Path: lib/core.jar\n",
    )
    .unwrap();
    jar(&[
        "cfm",
        "../app.jar",
        "../manifest.txt",
        "com/acme/Main.class",
    ]);
    let run = |cmd: &mut Command, args: &[&str]| {
        let o = cmd.args(args).current_dir(&dir).output().unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
        )
    };
    let cases: &[&[&str]] = &[
        &["-ea", "-Dx=1", "-cp", "lib/*", "com.acme.Main", "a", "-ea"],
        &[
            "-ea",
            "-da:com.acme.core...",
            "-cp",
            "lib/*",
            "com.acme.Main",
        ],
        &[
            "-ea:com.acme.core...",
            "-esa",
            "-classpath",
            "lib/*",
            "com.acme.Main",
        ],
        &[
            "-enableassertions:com.acme.Main",
            "--class-path",
            "out",
            "com.acme.Main",
        ],
        &[
            "-cp",
            "out",
            "-ea:com.acme...",
            "-disableassertions:com.acme.Main",
            "com.acme.Main",
        ],
        &["-ea", "-jar", "app.jar", "q", "-Dy=2"],
        &["-cp", "out", "-Dx=3", "--", "com.acme.Main", "-ea"],
    ];
    for case in cases {
        // (java takes no `--`: it is m5's end of options.)
        let java_args: Vec<&str> = case.iter().copied().filter(|a| *a != "--").collect();
        let java = run(&mut Command::new("java"), &java_args);
        let m5 = run(&mut common::m5(), &[&["run"], *case].concat());
        assert_eq!(m5, java, "{case:?}");
        // The global --jdk before the command's name changes nothing.
        let home = m5::classfile::jdk::jdk().expect("a JDK").home.clone();
        let mut with_jdk = common::m5();
        with_jdk.arg("--jdk").arg(&home);
        assert_eq!(
            run(&mut with_jdk, &[&["run"], *case].concat()),
            java,
            "--jdk {case:?}"
        );
    }
    // The explorer checks the asserts a switch enables, and no others.
    let explore = |switches: &[&str]| {
        let o = common::m5()
            .arg("explore")
            .args(switches)
            .args([
                "--witness",
                "w.sched",
                "-cp",
                "out",
                "com.acme.Main",
                "race",
            ])
            .current_dir(&dir)
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
        )
    };
    let (code, text) = explore(&["-ea:com.acme.core..."]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("AssertionError: the thread has not run"),
        "{text}"
    );
    // Its witness replays with the same switches.
    let header = std::fs::read_to_string(dir.join("w.sched")).unwrap();
    let replay = common::replay_arguments(&header);
    assert!(replay.contains(&"-ea:com.acme.core..."), "{header}");
    let o = common::m5()
        .args(&replay)
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("the thread has not run"), "{err}");
    let (code, text) = explore(&["-ea", "-da:com.acme.core.Util"]);
    assert_eq!(code, Some(0), "{text}");
    // Bad switches and jars are usage errors naming what was expected.
    let bad = |args: &[&str]| {
        let o = common::m5().args(args).current_dir(&dir).output().unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (code, err) = bad(&["run", "-esa:com.acme...", "-cp", "out", "com.acme.Main"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("takes no target"), "{err}");
    let (code, err) = bad(&["run", "-jar", "lib/core.jar"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no Main-Class"), "{err}");
    let (code, err) = bad(&["run", "-jar", "missing.jar"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("missing.jar"), "{err}");
}
