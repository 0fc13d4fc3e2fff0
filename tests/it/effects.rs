//! `m5 effects` (issue 44: the deterministic-effects seed on class files):
//! every example gets its verdict; "deterministic" is never said of a
//! program `m5 explore --determinism` shows two different outcomes of (the
//! examples and 40 random concurrent programs); confirmed conflicts come
//! with schedule pairs that `m5 run` replays to different outputs.

use m5::classfile::ClassPath;
use m5::explore::{self, ExploreOptions, RaceCheck, Verdict};
use m5::locks::program::Program;

use crate::common::{self, m5};

/// The 37 examples: (class path, main, static verdict, has a violation (a conflict outside
/// any lock), has an intended conflict).
const EXAMPLES: &[(&str, &str, &str, bool, bool)] = &[
    (
        "classfiles/effects",
        "ForkJoinSum",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "LockedLog",
        "nondeterministic",
        false,
        true,
    ),
    (
        "classfiles/effects",
        "RacyCounter",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "StartJoinPublish",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "LocalBuffers",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "FuturesInOrder",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "ParallelSum",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "ParallelPrint",
        "nondeterministic",
        false,
        true,
    ),
    (
        "classfiles/effects",
        "MissingJoin",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "AtomicTally",
        "nondeterministic",
        false,
        true,
    ),
    (
        "classfiles/effects",
        "LastWriterWins",
        "nondeterministic",
        false,
        true,
    ),
    (
        "classfiles/effects",
        "DisjointStatics",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "ReadBeforeFork",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "PrintingWorkers",
        "nondeterministic",
        false,
        true,
    ),
    (
        "classfiles/effects",
        "FutureGet",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "FutureNotAwaited",
        "nondeterministic",
        true,
        false,
    ),
    // Soundness regressions: each was once called deterministic.
    (
        "classfiles/effects",
        "CallbackRace",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "AliasedStatics",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "ParallelElsewhere",
        "nondeterministic",
        false,
        true,
    ),
    (
        "classfiles/effects",
        "SharedRunnable",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "PublishedByCall",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "PublishedInConstructor",
        "nondeterministic",
        true,
        true,
    ),
    (
        "classfiles/determinism",
        "SumOrder",
        "nondeterministic",
        false,
        true,
    ),
    (
        "classfiles/determinism",
        "PrintOrder",
        "nondeterministic",
        false,
        true,
    ),
    (
        "classfiles/determinism",
        "ExitOrder",
        "nondeterministic",
        false,
        true,
    ),
    (
        "classfiles/determinism",
        "Elapsed",
        "nondeterministic",
        false,
        false,
    ),
    (
        "classfiles/determinism",
        "RandomFixed",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/determinism",
        "RandomSeed",
        "nondeterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "TimedJoin",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "JoinedArray",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "JoinedList",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "JoinedByIndex",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "JoinAllButLast",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "OverwrittenSlot",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "RemovedFromList",
        "nondeterministic",
        true,
        false,
    ),
    (
        "classfiles/effects",
        "LatchAwaited",
        "deterministic",
        false,
        false,
    ),
    (
        "classfiles/effects",
        "LatchTooSmall",
        "nondeterministic",
        true,
        false,
    ),
];

/// `m5 explore --determinism`, bounded: None when m5 cannot run the
/// program (fork/join and parallel streams need the JDK's class loaders).
pub(crate) fn oracle(dir: &str, main: &str) -> Option<Verdict> {
    let cp = ClassPath::parse(dir).ok()?;
    let classes = m5::interp::init::load_classes(&cp, main).ok()?;
    let s0 = m5::interp::initial_state(classes, main, &[], m5::state::Config::default()).ok()?;
    let opts = ExploreOptions {
        determinism: true,
        races: RaceCheck::Off,
        granularity: explore::Granularity::Interaction,
        only_properties: true,
        max_states: Some(300_000),
        time_limit: Some(std::time::Duration::from_secs(30)),
        jobs: 1,
        ..Default::default()
    };
    explore::explore(&s0, &opts, &mut |_, _, _| {})
        .ok()
        .map(|r| r.verdict)
}

fn json(args: &[&str]) -> (i32, serde_json::Value) {
    let out = m5()
        .arg("effects")
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: {e}\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap_or(-1), v)
}

#[test]
fn every_example_gets_its_verdict_and_agrees_with_the_search() {
    for &(dir, main, verdict, violation, intended) in EXAMPLES {
        let (code, v) = json(&["--cp", dir, main]);
        assert_eq!(v["verdict"], verdict, "{main}: {v:#}");
        let conflicts = v["conflicts"].as_array().unwrap();
        assert_eq!(
            conflicts.iter().any(|c| c["intended"] == false),
            violation,
            "{main}: {v:#}"
        );
        assert_eq!(
            conflicts.iter().any(|c| c["intended"] == true),
            intended,
            "{main}: {v:#}"
        );
        let dynamic = oracle(dir, main);
        let shown = matches!(dynamic, Some(Verdict::Nondeterministic { .. }));
        // Never "deterministic" where the search shows two outcomes; a
        // nondeterminism the search shows is the static verdict confirmed.
        assert!(
            !(verdict == "deterministic" && shown),
            "{main}: {dynamic:?}"
        );
        assert_eq!(
            v["confirmation"]["confirmed"] == true,
            shown,
            "{main}: {v:#}"
        );
        assert_eq!(code, i32::from(shown), "{main}");
        if shown && !conflicts.is_empty() {
            assert!(
                conflicts.iter().any(|c| c["confirmed"] == true),
                "{main}: no conflict is reordered by the pair found: {v:#}"
            );
        }
    }
}

/// The confirming pair replays with `m5 run` to two different outputs.
#[test]
fn a_confirmed_nondeterminism_replays_to_two_outputs() {
    let (code, v) = json(&["--cp", "classfiles/effects", "LastWriterWins"]);
    assert_eq!(code, 1, "{v:#}");
    let mut outs = Vec::new();
    for which in ["first", "second"] {
        let cmd = v["confirmation"][which].as_str().unwrap();
        let words: Vec<&str> = cmd.split_whitespace().collect();
        assert_eq!(&words[..2], ["m5", "run"], "{cmd}");
        let out = m5().args(&words[1..]).output().unwrap();
        outs.push(String::from_utf8_lossy(&out.stdout).into_owned());
    }
    assert_ne!(outs[0], outs[1]);
    assert!(outs.iter().all(|o| o.starts_with("winner ")), "{outs:?}");
}

/// Explore's random program `i`, printing its final values instead of
/// asserting on them (so that outcomes differ when the values do).
fn printing(name: &str, i: u64) -> String {
    let src = crate::explore::random_program(name, 1000 + i, i.is_multiple_of(2));
    let check = "synchronized (M) {\n            if (a == ";
    assert!(src.contains(check), "the generator changed: {src}");
    src.replace(
        check,
        "synchronized (M) {\n            System.out.println(a + \" \" + b + \" \" + arr[0] + \" \" + arr[1]);\n            if (false && a == ",
    )
}

/// A random program whose two workers touch disjoint fields (each its own
/// static, locked or not), joined before main prints them.
fn disjoint(name: &str, i: u64) -> String {
    let mut x = i.wrapping_mul(2862933555777941757).wrapping_add(3037000493);
    let mut next = |n: u64| {
        x = x.wrapping_mul(2862933555777941757).wrapping_add(3037000493);
        (x >> 33) % n
    };
    let mut ops = |v: &str| -> String {
        (0..1 + next(3))
            .map(|_| {
                let (k, k2) = (next(4), next(4));
                let body = match next(4) {
                    0 => format!("{v} = {k};"),
                    1 => format!("{v} += {k};"),
                    2 => format!("if ({v} == {k}) {v} = {k2};"),
                    _ => format!("{v}++;"),
                };
                if next(2) == 0 {
                    format!("synchronized (L) {{ {body} }}")
                } else {
                    body
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (w0, w1) = (ops("a"), ops("b"));
    format!(
        "class {name} {{
    static int a, b;
    static final Object L = new Object();
    public static void main(String[] args) throws Exception {{
        Thread t0 = new Thread(() -> {{ {w0} }});
        Thread t1 = new Thread(() -> {{ {w1} }});
        t0.start(); t1.start();
        t0.join(); t1.join();
        System.out.println(a + \" \" + b);
    }}
}}
"
    )
}

/// 40 random concurrent programs (explore's generator: two workers, locks
/// random or disciplined, assertions in main): the static verdict is never
/// "deterministic" for one the search shows two outcomes of.
#[test]
fn random_programs_are_never_called_deterministic_when_the_search_disagrees() {
    if !common::have("javac", "-version") {
        return;
    }
    let dir = common::fresh_dir("effects", "random");
    let n = 40;
    let mut files = Vec::new();
    for i in 0..n {
        let name = format!("E{i}");
        let path = dir.join(format!("{name}.java"));
        std::fs::write(&path, printing(&name, i)).unwrap();
        files.push(path);
        let name = format!("D{i}");
        let path = dir.join(format!("{name}.java"));
        std::fs::write(&path, disjoint(&name, i)).unwrap();
        files.push(path);
    }
    common::javac_files(&dir, &files);
    let d = dir.to_str().unwrap();
    let program = Program::load(ClassPath::parse(d).unwrap(), &[]).unwrap();
    let mut tally = std::collections::BTreeMap::<String, usize>::new();
    for i in 0..n {
        let name = format!("E{i}");
        let a = m5::effects::analyze(&program, &name).unwrap();
        let dynamic = oracle(d, &name).map(|v| v.name().to_string());
        let shown = dynamic.as_deref() == Some("nondeterministic");
        assert!(
            !(a.deterministic() && shown),
            "{name} called deterministic, but the search shows two outcomes:\n{}",
            printing(&name, i)
        );
        *tally
            .entry(format!("{} / {}", a.verdict(), dynamic.unwrap_or_default()))
            .or_default() += 1;
    }
    // Workers on disjoint fields: deterministic, and said so.
    for i in 0..n {
        let name = format!("D{i}");
        let a = m5::effects::analyze(&program, &name).unwrap();
        assert!(
            a.deterministic(),
            "{name}: {:?}\n{}",
            a.conflicts,
            disjoint(&name, i)
        );
        if i % 8 == 0 {
            let dynamic = oracle(d, &name).map(|v| v.name().to_string());
            assert_eq!(dynamic.as_deref(), Some("ok"), "{name}");
        }
    }
    println!("static / dynamic: {tally:?}");
}

/// The search issue's lock-heavy program (3 threads x 50 rounds of 3
/// synchronized updates), deterministic in its output, which the
/// exhaustive search cannot finish: classified statically at once (its
/// conflicts all intended).
#[test]
fn a_lock_heavy_program_is_classified_statically() {
    if !common::have("javac", "-version") {
        return;
    }
    let dir = common::javac_main(
        "effects-lock-heavy",
        "public class Main {
    static final Object lock = new Object();
    static int a, b, c;
    public static void main(String[] args) throws Exception {
        Thread[] ts = new Thread[3];
        for (int t = 0; t < 3; t++) {
            ts[t] = new Thread(() -> {
                for (int r = 0; r < 50; r++) {
                    synchronized (lock) { a++; }
                    synchronized (lock) { b += 2; }
                    synchronized (lock) { c += a; }
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        System.out.println(a + \" \" + b);
    }
}
",
    );
    let (code, v) = json(&["--cp", dir.to_str().unwrap(), "--no-confirm", "Main"]);
    assert_eq!(code, 0);
    assert_eq!(v["verdict"], "nondeterministic", "{v:#}");
    let conflicts = v["conflicts"].as_array().unwrap();
    // Every conflict is a locked update: the workers kept in an array and
    // joined by a for-each loop no longer run when main reads.
    assert!(conflicts.iter().all(|c| c["intended"] == true), "{v:#}");
    assert!(!conflicts.is_empty(), "{v:#}");
    println!(
        "lock-heavy: {} conflicts in {} s",
        conflicts.len(),
        v["seconds"]
    );
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let out = m5()
        .args(["effects", "--cp", "classfiles/effects", "NoSuchClass"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("NoSuchClass"), "{err}");
}

/// `--sarif` is valid SARIF 2.1.0 with a result per conflict and unfixed
/// read; `--html` shows each conflict with its two source lines and the
/// confirming executions.
#[test]
fn sarif_and_html_reports() {
    let dir = common::fresh_dir("effects", "reports");
    let sarif = dir.join("e.sarif");
    let html = dir.join("html");
    let out = m5()
        .args(["effects", "--cp", "classfiles/effects", "--sarif"])
        .arg(&sarif)
        .arg("--html")
        .arg(&html)
        .arg("MissingJoin")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    crate::explore::reports::assert_valid_sarif(&log, "m5 effects --sarif");
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{log:#}");
    assert_eq!(results[0]["level"], "error");
    assert_eq!(results[0]["relatedLocations"].as_array().unwrap().len(), 1);
    let page = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert_eq!(page.matches("class=\"conflict\"").count(), 1, "{page}");
    for text in [
        "result = 42;",
        "MissingJoin.result",
        "m5 run --classpath classfiles/effects --schedule",
    ] {
        assert!(page.contains(text), "{text} not in {page}");
    }
    // An unfixed read is a result of its own.
    let out = m5()
        .args([
            "effects",
            "--cp",
            "classfiles/determinism",
            "--no-confirm",
            "--sarif",
        ])
        .arg(&sarif)
        .arg("Elapsed")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    crate::explore::reports::assert_valid_sarif(&log, "m5 effects --sarif (Elapsed)");
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 2);
}
