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
    let dir = common::fresh_dir("effects", "joins");
    let mut cases = Vec::new();
    for (fills, joins) in [(ARRAY_FILLS, ARRAY_JOINS), (LIST_FILLS, LIST_JOINS)] {
        for (keep, all_kept) in fills {
            for (join, all_joined) in joins {
                let name = format!("J{}", cases.len());
                cases.push((
                    name,
                    program(&format!("J{}", cases.len()), keep, join),
                    all_kept & all_joined,
                ));
            }
        }
    }
    let mut files = Vec::new();
    for (name, src, _) in &cases {
        let path = dir.join(format!("{name}.java"));
        std::fs::write(&path, src).unwrap();
        files.push(path);
    }
    common::javac_files(&dir, &files);
    let d = dir.to_str().unwrap();
    let program = Program::load(ClassPath::parse(d).unwrap(), &[]).unwrap();
    let mut tally = std::collections::BTreeMap::<String, usize>::new();
    for (name, src, joined) in &cases {
        let a = m5::effects::analyze(&program, name).unwrap();
        let dynamic = oracle(d, name).map(|v| v.name().to_string());
        let shown = dynamic.as_deref() == Some("nondeterministic");
        assert!(
            !(a.deterministic() && shown),
            "{name} called deterministic, but the search shows two outcomes:\n{src}"
        );
        if *joined {
            assert!(a.deterministic(), "{name}: {:?}\n{src}", a.conflicts);
            assert_eq!(dynamic.as_deref(), Some("ok"), "{name}\n{src}");
        } else {
            assert!(
                shown,
                "{name}: the broken shape is not broken: {dynamic:?}\n{src}"
            );
        }
        *tally
            .entry(format!("{} / {}", a.verdict(), dynamic.unwrap_or_default()))
            .or_default() += 1;
    }
    println!("{} programs, static / dynamic: {tally:?}", cases.len());
}
