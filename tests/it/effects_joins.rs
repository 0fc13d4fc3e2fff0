//! `m5 effects` on threads kept in arrays and lists and joined in loops
//! (src/effects/joins.rs): every combination of a way to keep two workers
//! and a way to join them, correct or not. The static verdict is never
//! "deterministic" where `m5 explore --determinism` shows two outcomes;
//! the shapes the analysis accepts are called deterministic; and each
//! broken shape really is nondeterministic (so the test tests something).

use m5::classfile::ClassPath;
use m5::locks::program::Program;

use crate::common;
use crate::effects::oracle;

/// Ways to start two workers and keep them in an array `ws`, with whether
/// every worker stays in it; `first` is the first worker.
const ARRAY_FILLS: &[(&str, bool)] = &[
    (
        "W[] ws = new W[2];
        for (int i = 0; i < 2; i++) { ws[i] = new W(i); ws[i].start(); if (i == 0) first = ws[i]; }",
        true,
    ),
    (
        "W[] ws = new W[2];
        for (int i = 0; i < ws.length; i++) ws[i] = new W(i);
        for (W w : ws) w.start();
        first = ws[0];",
        true,
    ),
    (
        "W[] ws = new W[2];
        for (int i = 0; i < 2; i++) { W w = new W(i); w.start(); ws[i] = w; if (i == 0) first = w; }",
        true,
    ),
    // The second worker overwrites the first in the only slot.
    (
        "W[] ws = new W[1];
        for (int i = 0; i < 2; i++) { W w = new W(i); w.start(); ws[0] = w; if (i == 0) first = w; }",
        false,
    ),
    // The index does not move.
    (
        "W[] ws = new W[1];
        int k = 0;
        for (int i = 0; i < 2; i++) { W w = new W(i); w.start(); ws[k] = w; if (i == 0) first = w; }",
        false,
    ),
];

/// Ways to join the workers of `ws`, with whether each is joined.
const ARRAY_JOINS: &[(&str, bool)] = &[
    ("for (W w : ws) w.join();", true),
    ("for (int i = 0; i < ws.length; i++) ws[i].join();", true),
    ("for (int i = 0; i < N; i++) ws[i].join();", true),
    ("for (int i = 1; i < ws.length; i++) ws[i].join();", false),
    (
        "for (int i = 0; i < ws.length - 1; i++) ws[i].join();",
        false,
    ),
    (
        "for (W w : ws) { if (w.id == 0) continue; w.join(); }",
        false,
    ),
    (
        "for (int i = 0; i < ws.length; i += 2) ws[i].join();",
        false,
    ),
    ("for (W w : ws) { w.join(); break; }", false),
];

const LIST_FILLS: &[(&str, bool)] = &[
    (
        "List<W> ws = new ArrayList<>();
        for (int i = 0; i < 2; i++) { W w = new W(i); w.start(); ws.add(w); if (i == 0) first = w; }",
        true,
    ),
    (
        "List<W> ws = new LinkedList<>();
        for (int i = 0; i < 2; i++) { W w = new W(i); ws.add(w); w.start(); if (i == 0) first = w; }",
        true,
    ),
    (
        "List<W> ws = new ArrayList<>();
        for (int i = 0; i < 2; i++) { W w = new W(i); w.start(); if (i == 1) ws.add(w); if (i == 0) first = w; }",
        false,
    ),
    (
        "List<W> ws = new ArrayList<>();
        for (int i = 0; i < 2; i++) { W w = new W(i); w.start(); ws.add(w); if (i == 0) first = w; }
        ws.remove(0);",
        false,
    ),
    (
        "List<W> ws = new ArrayList<>();
        for (int i = 0; i < 2; i++) { W w = new W(i); w.start(); ws.add(w); if (i == 0) first = w; }
        ws.clear();",
        false,
    ),
];

const LIST_JOINS: &[(&str, bool)] = &[
    ("for (W w : ws) w.join();", true),
    (
        "Iterator<W> it = ws.iterator();
        while (it.hasNext()) it.next().join();",
        true,
    ),
    (
        "for (W w : ws) { if (w.id == 0) continue; w.join(); }",
        false,
    ),
    (
        "Iterator<W> it = ws.iterator();
        if (it.hasNext()) it.next().join();",
        false,
    ),
];

fn program(name: &str, keep: &str, join: &str) -> String {
    // N: the array's length.
    let n = if keep.contains("new W[1]") { 1 } else { 2 };
    format!(
        "import java.util.*;
public class {name} {{
    static final int N = {n};
    static class W extends Thread {{
        final int id;
        int r;
        W(int id) {{ this.id = id; }}
        public void run() {{ r = id + 1; }}
    }}
    public static void main(String[] args) throws InterruptedException {{
        W first = null;
        {keep}
        {join}
        int total = first.r * 10;
        for (W w : ws) total += w.r;
        System.out.println(total);
    }}
}}
"
    )
}

#[test]
fn threads_joined_in_loops_are_ended_exactly_when_every_one_is_joined() {
    if !common::have("javac", "-version") {
        return;
    }
    let mut cases = Vec::new();
    for (fills, joins) in [(ARRAY_FILLS, ARRAY_JOINS), (LIST_FILLS, LIST_JOINS)] {
        for (keep, all_kept) in fills {
            for (join, all_joined) in joins {
                let name = format!("J{}", cases.len());
                cases.push((
                    name,
                    program(&format!("J{}", cases.len()), keep, join),
                    Some(all_kept & all_joined),
                ));
            }
        }
    }
    check_shapes("joins", &cases);
}

/// Compiles the cases and checks each against the search: never
/// "deterministic" where the search shows two outcomes; `Some(true)`:
/// called deterministic and the search says ok; `Some(false)`: a broken
/// shape the search shows nondeterministic; `None`: correct but not
/// accepted (not called deterministic).
fn check_shapes(topic: &str, cases: &[(String, String, Option<bool>)]) {
    let dir = common::fresh_dir("effects", topic);
    let mut files = Vec::new();
    for (name, src, _) in cases {
        let path = dir.join(format!("{name}.java"));
        std::fs::write(&path, src).unwrap();
        files.push(path);
    }
    common::javac_files(&dir, &files);
    let d = dir.to_str().unwrap();
    let program = Program::load(ClassPath::parse(d).unwrap(), &[]).unwrap();
    let mut tally = std::collections::BTreeMap::<String, usize>::new();
    for (name, src, expect) in cases {
        let a = m5::effects::analyze(&program, name).unwrap();
        let dynamic = oracle(d, name).map(|v| v.name().to_string());
        let shown = dynamic.as_deref() == Some("nondeterministic");
        assert!(
            !(a.deterministic() && shown),
            "{name} called deterministic, but the search shows two outcomes:\n{src}"
        );
        match expect {
            Some(true) => {
                assert!(a.deterministic(), "{name}: {:?}\n{src}", a.conflicts);
                assert_eq!(dynamic.as_deref(), Some("ok"), "{name}\n{src}");
            }
            Some(false) => assert!(shown, "{name}: not broken: {dynamic:?}\n{src}"),
            None => assert!(!a.deterministic(), "{name}: accepted?\n{src}"),
        }
        *tally
            .entry(format!("{} / {}", a.verdict(), dynamic.unwrap_or_default()))
            .or_default() += 1;
    }
    println!("{} programs, static / dynamic: {tally:?}", cases.len());
}

/// How a worker's body counts the latch down: (body, counts down once as
/// its last act, the shape is correct).
const BODIES: &[(&str, bool, bool)] = &[
    ("r = 1; done.countDown();", true, true),
    ("done.countDown(); r = 1;", false, false),
    ("r = 1; done.countDown(); done.countDown();", false, false),
    ("try { r = 1; } finally { done.countDown(); }", false, true),
];

/// The latch's count for two workers (n is 2).
const COUNTS: &[&str] = &["2", "n", "1"];

/// Ways to start the two workers.
const STARTS: &[&str] = &[
    "for (int i = 0; i < n; i++) { ws[i] = new W(done); ws[i].start(); }",
    "for (int i = 0; i < 2; i++) { ws[i] = new W(done); ws[i].start(); }",
    "ws[0] = new W(done); ws[0].start(); ws[1] = new W(done); ws[1].start();",
];

fn latch_program(name: &str, body: &str, count: &str, starts: &str, wait: &str) -> String {
    format!(
        "import java.util.concurrent.*;
public class {name} {{
    static class W extends Thread {{
        final CountDownLatch done;
        int r;
        W(CountDownLatch done) {{ this.done = done; }}
        public void run() {{ {body} }}
    }}
    public static void main(String[] args) throws InterruptedException {{
        int n = 2;
        CountDownLatch done = new CountDownLatch({count});
        W[] ws = new W[2];
        {starts}
        {wait}
        System.out.println(ws[0].r + ws[1].r * 10);
    }}
}}
"
    )
}

/// `CountDownLatch.await` ends the workers exactly when the starts fit the
/// count and each worker counts down once as its last act
/// (src/effects/latch.rs); every other shape keeps them live, and the
/// broken ones are shown nondeterministic by the search.
#[test]
fn a_latch_orders_the_workers_only_when_they_all_count_down_last() {
    if !common::have("javac", "-version") {
        return;
    }
    // (name, source, expected: Some(true) deterministic, Some(false)
    // broken, None correct but not recognized)
    let mut cases: Vec<(String, String, Option<bool>)> = Vec::new();
    for (body, last, correct) in BODIES {
        for count in COUNTS {
            for (s, starts) in STARTS.iter().enumerate() {
                let name = format!("L{}", cases.len());
                let fits = matches!((*count, s), ("2", 1 | 2) | ("n", 0));
                let expect = if !correct || *count == "1" {
                    Some(false)
                } else if *last && fits {
                    Some(true)
                } else {
                    None
                };
                let src = latch_program(&name, body, count, starts, "done.await();");
                cases.push((name, src, expect));
            }
        }
    }
    // A timed await may return before the count reaches zero.
    let name = format!("L{}", cases.len());
    let timed = "done.await(1, TimeUnit.MILLISECONDS);";
    let src = latch_program(&name, BODIES[0].0, "2", STARTS[2], timed);
    cases.push((name, src, None));
    check_shapes("latches", &cases);
}
