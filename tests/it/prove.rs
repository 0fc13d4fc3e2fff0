//! The prover on the Apprentice challenge and its negative twins: the proof
//! goes through, and every mutated program, weakened invariant and false
//! relation is refuted at the case where it breaks (never proved).

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::common::{self, m5_bounded as m5, prove, root, verdict};

/// Asserts some refuted obligation is at `case` (a substring of the
/// stepping thread's shape and instruction) and its text contains `what`.
fn refuted_at(v: &Value, case: &str, what: &str) {
    let failed = v["failed"].as_array().expect("failed");
    let hit = failed.iter().any(|f| {
        f["verdict"] == "counterexample"
            && format!(
                "{} {}",
                f["case"].as_str().unwrap_or(""),
                f["instruction"].as_str().unwrap_or("")
            )
            .contains(case)
            && format!(
                "{} {}",
                f["obligation"].as_str().unwrap_or(""),
                f["detail"].as_str().unwrap_or("")
            )
            .contains(what)
    });
    assert!(
        hit,
        "expected a refuted obligation at `{case}` mentioning `{what}`; refuted were:\n{}",
        failed
            .iter()
            .map(|f| format!(
                "  {} {} | {} | {}",
                f["case"], f["instruction"], f["obligation"], f["detail"]
            ))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn apprentice_monotonicity_is_proved() {
    // As in Moore & Porter: induction from the initial state, main's set-up
    // included.
    let (code, v) = prove(
        &root().join("proofs/apprentice.proof"),
        &["--prefix-steps", "0"],
    );
    assert_eq!(code, 0, "{v:#}");
    assert_eq!(verdict(&v, "relation Monotonicity"), "proved");
    let from_start = v["lemma2"]["obligations"].as_u64().unwrap();
    // By default the single-threaded prefix is run by computation.
    let (code, v) = prove(&root().join("proofs/apprentice.proof"), &[]);
    assert_eq!(code, 0, "{v:#}");
    assert!(v["lemma2"]["obligations"].as_u64().unwrap() < from_start);
    assert_eq!(v["lemma1"], "proved");
    assert_eq!(verdict(&v, "invariant"), "proved");
    assert_eq!(verdict(&v, "relation Monotonicity"), "proved");
    let l2 = &v["lemma2"];
    assert_eq!(l2["failed"], 0);
    assert_eq!(l2["unknown"], 0);
    assert!(l2["obligations"].as_u64().unwrap() > 100, "{l2}");
    assert_eq!(l2["proved"], l2["obligations"]);
    let l3 = &v["lemma3"]["Monotonicity"];
    assert_eq!(l3["proved"], l3["obligations"]);
    println!(
        "Apprentice: {} cases, {} + {} obligations proved in {:.2} s",
        l2["cases"], l2["obligations"], l3["obligations"], v["wall_seconds"]
    );
}

#[test]
fn bogus_container_is_refuted() {
    // By default the second Container is met in the single-threaded prefix,
    // where Lemma 1 finds the invariant false on a concrete state.
    let (code, v) = prove(&root().join("proofs/apprentice-bogus.proof"), &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "refuted");
    let l1 = v["lemma1"].as_str().unwrap();
    assert!(
        l1.starts_with("fails") && l1.contains("a_thread_per_job"),
        "{l1}"
    );
    // Induction from the initial state (Moore & Porter's) refutes Lemma 2.
    let (code, v) = prove(
        &root().join("proofs/apprentice-bogus.proof"),
        &["--prefix-steps", "0"],
    );
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "refuted");
    assert_ne!(verdict(&v, "relation Monotonicity"), "proved");
    // main's second `new Container` breaks "one Job per object after the Container".
    refuted_at(
        &v,
        "Apprentice.main@8 (NEW \"Container\")",
        "a_thread_per_job",
    );
}

/// Threads made with `new Thread(runnable)` that end, joined by main
/// (`when done`, `Thread.join`, `wait`, `isAlive`): the check after the
/// joins never throws. The twin checks for 7 and is refuted where main
/// compares the total.
#[test]
fn join_counter_is_proved_and_its_twin_refuted() {
    let (code, v) = prove(&root().join("proofs/join-counter.proof"), &[]);
    assert_eq!(code, 0, "{}", v["failed"]);
    assert_eq!(verdict(&v, "invariant"), "proved");
    assert_eq!(v["lemma2"]["proved"], v["lemma2"]["obligations"]);
    let (code, v) = prove(&root().join("proofs/join-counter-bogus.proof"), &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "refuted");
    refuted_at(&v, "Main.main@60 (BIPUSH 7)", "the stepping thread's part");
}

/// A `static synchronized` method locks its class's Class object, which
/// m5 creates on first use; `class(Counter)` names it. Twins: the second
/// worker increments without the lock, refuted where main makes it (the
/// invariant says it takes the lock) and, with an invariant that describes
/// the unlocked worker, where its write interferes with the other worker's
/// read.
#[test]
fn static_counter_is_proved_and_its_twins_refuted() {
    let (code, v) = prove(&root().join("proofs/static-counter.proof"), &[]);
    assert_eq!(code, 0, "{}", v["failed"]);
    assert_eq!(verdict(&v, "invariant"), "proved");
    assert_eq!(v["lemma2"]["proved"], v["lemma2"]["obligations"]);
    let (code, v) = prove(&root().join("proofs/static-counter-unlocked.proof"), &[]);
    assert_eq!(code, 1);
    assert!(v["lemma1"].as_str().unwrap().starts_with("fails"));
    let (code, v) = prove(
        &root().join("proofs/static-counter-unlocked.proof"),
        &["--prefix-steps", "0"],
    );
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "refuted");
    refuted_at(&v, "Main.main@13 (ICONST_0)", "the stepping thread's part");
    let (code, v) = prove(&root().join("proofs/static-counter-race.proof"), &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "refuted");
    refuted_at(
        &v,
        "Counter.incrUnlocked@5 (PUTSTATIC \"Counter\" \"count\")",
        "Counter.incr@3",
    );
}

/// The Apprentice with two Containers handed to the Jobs in turn:
/// Monotonicity for both counters. The twin hands a running Job the other
/// Container too; the invariant is refuted, and a random schedule shows the
/// lost update it allows (a counter goes down).
#[test]
fn two_containers_are_proved_and_the_switching_twin_refuted() {
    let (code, v) = prove(&root().join("proofs/apprentice-two.proof"), &[]);
    assert_eq!(code, 0, "{}", v["failed"]);
    assert_eq!(verdict(&v, "invariant"), "proved");
    assert_eq!(verdict(&v, "relation Monotonicity"), "proved");
    assert_eq!(v["lemma2"]["proved"], v["lemma2"]["obligations"]);
    let (code, v) = prove(&root().join("proofs/apprentice-two-switch.proof"), &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "refuted");
    assert_ne!(verdict(&v, "relation Monotonicity"), "proved");
    refuted_at(
        &v,
        "TwoContainers.main@33 (ALOAD_3)",
        "the stepping thread's part",
    );
    let sched = std::env::temp_dir().join(format!("m5-two-switch-{}.sched", std::process::id()));
    let out = m5()
        .args(["run", "--cp"])
        .arg(root().join("classfiles/apprentice-two-switch"))
        .arg("--invariant")
        .arg(root().join("invariants/apprentice-two.inv"))
        .args(["--relation", "Monotonicity", "--relation-only"])
        .args(["--schedule", "random:1", "--max-steps", "1000000"])
        .arg("--failure-schedule")
        .arg(&sched)
        .arg("TwoContainers")
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&sched);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("relation violated"), "{err}");
    assert_ne!(out.status.code(), Some(0));
}

/// A static initializer (the lock object, count = 100) runs in the
/// single-threaded prefix, which m5 runs by computation; the induction
/// starts where the first worker starts. Twin: without "the thread in the
/// critical section holds the lock", the lost update is a counterexample
/// to induction (the claim still holds: not inductive, never refuted).
#[test]
fn a_static_initializer_before_the_threads_is_proved_and_its_twin_refuted() {
    let (code, v) = prove(&root().join("proofs/clinit-counter.proof"), &[]);
    assert_eq!(code, 0, "{}", v["failed"]);
    assert_eq!(verdict(&v, "invariant"), "proved");
    assert_eq!(v["lemma1"], "proved");
    assert!(
        v["prefix_steps"].as_u64().unwrap() > 20,
        "{}",
        v["prefix_steps"]
    );
    invariant_not_inductive_at(
        weakened_program(
            ("clinit-counter", "Main"),
            "clinit-nolock",
            "{ local[1] == L && holds(t) }",
            "{ local[1] == L }",
            "prove invariant expect not-inductive",
            TRUE_CLAIM,
        ),
        "Counter.incr@11 (PUTSTATIC \"Counter\" \"count\")",
        "another thread u",
    );
    // From the initial state, the static initializer is not modeled.
    let (code, v) = prove(
        &root().join("proofs/clinit-counter.proof"),
        &["--prefix-steps", "0"],
    );
    assert_eq!(code, 3, "{v:#}");
    assert!(
        v["unsupported"]
            .to_string()
            .contains("initialization of class Counter")
    );
}

/// An exception thrown and caught within a thread: a full counter's
/// synchronized `add` throws a preallocated exception, and the worker's
/// handler counts the refusal. The prover cannot rule the exception out,
/// so it follows it (out of `add`, giving up one hold of the lock) to the
/// handler, whose pcs the invariant describes; main's check of the total is
/// then unreachable. Twins: `>` for `>=` in the cap check (refuted where
/// `add` finds the counter full and goes on to increment, with a witness),
/// and the invariant without the handler's "the counter is full" fact
/// (still true: not inductive).
#[test]
fn a_caught_exception_is_followed_to_its_handler_and_the_twins_refuted() {
    let (code, v) = prove(&root().join("proofs/capped-counter.proof"), &[]);
    assert_eq!(code, 0, "{}", v["failed"]);
    assert_eq!(verdict(&v, "invariant"), "proved");
    assert_eq!(v["lemma2"]["proved"], v["lemma2"]["obligations"]);
    assert!(v["exceptions_followed"].as_u64().unwrap() >= 1, "{v:#}");
    invariant_refuted_at(
        prove(&root().join("proofs/capped-counter-over.proof"), &[]),
        "Counter.add@5 (IF_ICMPLE 7)",
        "Counter.add@12",
    );
    invariant_not_inductive_at(
        weakened_program(
            ("capped-counter", "Main"),
            "capped-handler",
            "  when Thread.run @ 16 > Worker.run @ 40..48 { C.total == 4 }\n",
            "",
            "prove invariant expect not-inductive",
            TRUE_CLAIM,
        ),
        "Worker.run@48 (PUTFIELD \"Worker\" \"refused\")",
        "fact `refused`",
    );
}

/// Arrays, `wait` in a `while` loop and `notifyAll`: a bounded buffer with a
/// producer and two consumers never throws (index, division, monitor
/// checks) and keeps 0 <= count <= 2. The twin waits with `if`; the claim
/// that a woken consumer finds an item is refuted at the wake-up.
#[test]
fn bounded_buffer_is_proved_and_its_if_twin_refuted() {
    let (code, v) = prove(&root().join("proofs/bounded-buffer.proof"), &[]);
    assert_eq!(code, 0, "{}", v["failed"]);
    assert_eq!(verdict(&v, "invariant"), "proved");
    assert_eq!(v["lemma2"]["proved"], v["lemma2"]["obligations"]);
    let (code, v) = prove(&root().join("proofs/bounded-buffer-if.proof"), &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "refuted");
    refuted_at(&v, "Buffer.take@11 (ALOAD_0)", "the stepping thread's part");
    // Array elements in the invariant (`B.items[1]`): the producer puts 3,
    // so "at most 2" is refuted at the store.
    let (code, v) = weakened_program(
        ("bounded-buffer", "Main"),
        "elements",
        "B.items[1] <= 3",
        "B.items[1] <= 2",
        "prove invariant expect refuted",
        &[],
    );
    assert_eq!(code, 1, "{v:#}");
    refuted_at(&v, "Buffer.put@28 (IASTORE)", "elements");
}

#[test]
fn incr_without_synchronized_is_refuted_by_interference() {
    let (code, v) = prove(&root().join("proofs/apprentice-unsync.proof"), &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "refuted");
    assert_ne!(verdict(&v, "relation Monotonicity"), "proved");
    // One Job's write makes another Job's copy of the counter stale.
    refuted_at(
        &v,
        "Job.run@4 > Job.incr@13 (PUTFIELD \"Container\" \"counter\")",
        "another thread u at Job.run@4 > Job.incr@13 (interference)",
    );
    refuted_at(&v, "Job.incr@13", "value_to_write");
}

#[test]
fn setref_after_start_is_refuted() {
    let (code, v) = prove(&root().join("proofs/apprentice-setref-late.proof"), &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "refuted");
    assert_ne!(verdict(&v, "relation Monotonicity"), "proved");
    // Starting a Job whose objref is still null breaks the object facts.
    refuted_at(
        &v,
        "Apprentice.main@17 (INVOKEVIRTUAL \"Job\" \"start\" 0)",
        "objref_set",
    );
}

#[test]
fn a_relation_claiming_the_counter_never_changes_is_refuted() {
    let (code, v) = prove(&root().join("proofs/apprentice-frozen.proof"), &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v, "invariant"), "proved");
    assert_eq!(verdict(&v, "relation CounterNeverChanges"), "refuted");
    refuted_at(
        &v,
        "Job.incr@20 (PUTFIELD \"Container\" \"counter\")",
        "relation CounterNeverChanges",
    );
}

/// The Apprentice invariant with one conjunct removed (`from` -> `to`),
/// proved with `theorems`.
/// The run exited 1 with the invariant refuted, some refutation at `case`
/// mentioning `what` (see `refuted_at`).
fn invariant_refuted_at((code, v): (i32, Value), case: &str, what: &str) {
    assert_eq!(code, 1, "{v:#}");
    assert_eq!(verdict(&v, "invariant"), "refuted");
    refuted_at(&v, case, what);
}

/// The run exited 4 with the invariant not inductive (a true claim too
/// weak for the induction: no reachable violation), some obligation
/// failing at `case` mentioning `what`.
fn invariant_not_inductive_at((code, v): (i32, Value), case: &str, what: &str) {
    assert_eq!(code, 4, "{v:#}");
    assert_eq!(verdict(&v, "invariant"), "not-inductive");
    refuted_at(&v, case, what);
}

/// The search budget for a claim that is true but not inductive: no
/// budget finds a violation of a true claim, so a tenth of the default
/// checks the same verdict (the search still runs) in a tenth of the time.
const TRUE_CLAIM: &[&str] = &["--witness-states", "20000"];

fn weakened(name: &str, from: &str, to: &str, theorems: &str) -> (i32, Value) {
    weakened_with(name, from, to, theorems, TRUE_CLAIM)
}

fn weakened_with(name: &str, from: &str, to: &str, theorems: &str, flags: &[&str]) -> (i32, Value) {
    weakened_program(
        ("apprentice", "Apprentice"),
        name,
        from,
        to,
        theorems,
        flags,
    )
}

/// Example `program` (its directory under classfiles/ and invariants/,
/// and its main class) proved with its invariant weakened.
fn weakened_program(
    (program, main): (&str, &str),
    name: &str,
    from: &str,
    to: &str,
    theorems: &str,
    flags: &[&str],
) -> (i32, Value) {
    let inv = std::fs::read_to_string(root().join(format!("invariants/{program}.inv"))).unwrap();
    assert!(
        inv.contains(from),
        "{name}: the invariant no longer contains {from:?}"
    );
    let dir = std::env::temp_dir().join(format!("m5-weak-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("weak.inv"), inv.replacen(from, to, 1)).unwrap();
    let proof = format!(
        "classpath {}\nmain {main}\ninvariant weak.inv\n{theorems}\n",
        root().join(format!("classfiles/{program}")).display()
    );
    std::fs::write(dir.join("weak.proof"), proof).unwrap();
    let r = prove(&dir.join("weak.proof"), flags);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

#[test]
fn each_essential_conjunct_is_needed() {
    // (name, text removed, replacement, where the proof must break, what).
    let cases = [
        (
            "in_critical_section",
            "{ in_critical_section: holds(t) }",
            "{ true }",
            "Job.incr@20 (PUTFIELD",
            "(interference)",
        ),
        (
            "objref_set",
            "  objref_set: o.objref == C || (o.objref == null && o == newest && !thread(addr(o) - 1).scheduled)\n",
            "",
            "Job.run@4 > Job.incr@1 (GETFIELD",
            "the stepping thread's part",
        ),
        (
            "own_object",
            "    own_object: t >= 1 && t.object == job(t) && r.local[0] == job(t)\n",
            "",
            "Job.run@0 (ALOAD_0)",
            "the stepping thread's part",
        ),
        (
            "a_thread_per_job",
            "  a_thread_per_job: heap.length >= 2 => threads.count == heap.length - 1\n",
            "",
            "Apprentice.main@8 (NEW \"Job\")",
            "the new thread's part",
        ),
        (
            "lock_in_local_1",
            "{ lock_in_local_1: local[1] == C }",
            "{ true }",
            "Job.incr@23 (ALOAD_1)",
            "the stepping thread's part",
        ),
        (
            "released",
            "{ released: free(t) }",
            "{ true }",
            "Job.incr@34 (ARETURN)",
            "the stepping thread's part",
        ),
    ];
    // Each weakened invariant is still true of the Apprentice: not
    // inductive (the search finds no reachable violation), never refuted.
    for (name, from, to, case, what) in cases {
        let (code, v) = weakened(name, from, to, "prove invariant");
        assert_eq!(code, 4, "without {name}: {v:#}");
        assert_eq!(verdict(&v, "invariant"), "not-inductive", "without {name}");
        refuted_at(&v, case, what);
        println!("without {name}: refuted at {case}");
    }
}

#[test]
fn the_value_to_write_is_needed_for_monotonicity() {
    // Without it the invariant is still inductive, but Lemma 3 fails.
    let (code, v) = weakened(
        "value_to_write",
        "{ value_to_write: stack[0] == C && stack[1] == C.counter + 1 }",
        "{ stack[0] == C }",
        "prove invariant\nprove relation Monotonicity",
    );
    assert_eq!(code, 4);
    assert_eq!(verdict(&v, "invariant"), "proved");
    assert_eq!(verdict(&v, "relation Monotonicity"), "not-inductive");
    refuted_at(&v, "Job.incr@20 (PUTFIELD", "relation Monotonicity");
}

/// `m5 check proofs/`: every theorem gets its expected verdict, and every
/// refuted one (the negative twins whose program is buggy) a witness that
/// `m5 run --invariant` / `--relation` replays to the violation.
#[test]
fn check_compares_every_verdict_with_the_expected_one() {
    let witnesses = std::env::temp_dir().join(format!("m5-witnesses-{}", std::process::id()));
    let out = m5()
        .arg("check")
        .arg("--witness-dir")
        .arg(&witnesses)
        .arg(root().join("proofs"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("as expected, 0 not"), "{text}");
    let refuted = text
        .lines()
        .filter(|l| l.starts_with("ok ") && l.contains(": refuted"))
        .count();
    let mut replayed = 0;
    for e in std::fs::read_dir(&witnesses).unwrap() {
        let path = e.unwrap().path();
        let file = std::fs::read_to_string(&path).unwrap();
        let replay = file
            .lines()
            .find_map(|l| l.strip_prefix("# replay: m5 "))
            .unwrap_or_else(|| panic!("{}: no replay command", path.display()));
        let steps = file
            .lines()
            // (Thread numbers, not comments or the `spurious-wakeups` line.)
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| match l.split_once('*') {
                Some((_, k)) => k.trim().parse::<usize>().unwrap(),
                None => 1,
            })
            .sum::<usize>();
        let run = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("'{}' {replay}", env!("CARGO_BIN_EXE_m5")))
            .current_dir(&witnesses)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{}: {err}", path.display());
        assert!(
            err.contains(&format!("violated at step {steps}:")),
            "{}: {err}",
            path.display()
        );
        replayed += 1;
    }
    let _ = std::fs::remove_dir_all(&witnesses);
    assert_eq!(
        replayed, refuted,
        "one witness per refuted theorem:\n{text}"
    );
    assert!(refuted >= 20, "{text}");
    // A wrong expectation is reported and fails the check.
    let dir = std::env::temp_dir().join(format!("m5-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof = std::fs::read_to_string(root().join("proofs/apprentice-bogus.proof"))
        .unwrap()
        .replace("../", &format!("{}/", root().display()))
        .replace(
            "prove invariant                 expect refuted",
            "prove invariant expect proved",
        );
    std::fs::write(dir.join("wrong.proof"), proof).unwrap();
    let out = m5().arg("check").arg(&dir).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("FAIL") && text.contains("expected proved"),
        "{text}"
    );
}

#[test]
fn unsupported_instructions_make_the_proof_unknown_not_proved() {
    // A float operation in a reachable case: exit 3, "unknown".
    let dir = common::javac_main(
        "unknown",
        "class Main { public static void main(String[] a) { float f = 1.5f; f = f * 2; } }\n",
    );
    std::fs::write(
        dir.join("any.inv"),
        "thread t {\n  when Main.main @ any { true }\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("any.proof"),
        "classpath .\nmain Main\ninvariant any.inv\nprove invariant expect unknown\n",
    )
    .unwrap();
    // Main ends, and no `when done` case describes a finished thread: the
    // single-threaded prefix runs the float code and finds that state, a
    // reachable violation.
    let (code, v) = prove(&dir.join("any.proof"), &[]);
    assert_eq!(code, 1, "{v:#}");
    assert!(v["lemma1"].as_str().unwrap().contains("no `when` case"));
    // A true claim: induction from the initial state meets the floats
    // symbolically, and the search finds no violation.
    std::fs::write(
        dir.join("any.inv"),
        "thread t {\n  when Main.main @ any { true }\n  when done { true }\n}\n",
    )
    .unwrap();
    let (code, v) = prove(&dir.join("any.proof"), &["--prefix-steps", "0"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 3, "{v:#}");
    assert_eq!(verdict(&v, "invariant"), "unknown");
    let why = v["unsupported"].to_string();
    assert!(why.contains("floating-point"), "{why}");
}

/// A `when` case whose fact is `false` says no thread is in those shapes:
/// the prover builds no case there (so an instruction it does not model
/// is no obstacle), and a step into them must be impossible. Twin: with
/// the value the branch compares forgotten, the step into the float code
/// is possible for the induction, which fails there (the claim still holds:
/// not inductive), never proved.
#[test]
fn a_false_case_excludes_its_shapes_and_a_reachable_one_is_refuted() {
    let dir = common::javac_main(
        "false-case",
        "class Main {\n  public static void main(String[] a) {\n    int n = a.length;\n    if (n > 100) {\n      float f = 1.5f;\n      f = f * 2;\n    }\n  }\n}\n",
    );
    // javac 17: 0 aload_0, 1 arraylength, 2 istore_1, 3 iload_1, 4 bipush
    // 100, 6 if_icmple 16, 9..15 the floats (lines 5 and 6), 16 return.
    // The `any` case allows the float code too: only the `false` case
    // keeps it out of the proof.
    let inv = "thread t {\n  when done { }\n  when Main.main @ any { length(local[0]) == 0 }\n  when Main.main @ 0 { length(local[0]) == 0 && stack_size == 0 }\n  when Main.main @ 1 { length(local[0]) == 0 && length(stack[0]) == 0 }\n  when Main.main @ 2 { length(local[0]) == 0 && stack[0] == 0 }\n  when Main.main @ 3 { length(local[0]) == 0 && local[1] == 0 }\n  when Main.main @ 4 { local[1] == 0 && stack[0] == 0 }\n  when Main.main @ 6 { stack[0] == 0 && stack[1] == 100 }\n  when Main.main @ 16 { true }\n  when Main.main @ lines 5..6 { false }\n}\n";
    std::fs::write(dir.join("ok.inv"), inv).unwrap();
    std::fs::write(
        dir.join("twin.inv"),
        inv.replace("stack[0] == 0 && stack[1] == 100", "stack[0] == 0"),
    )
    .unwrap();
    std::fs::write(
        dir.join("nofalse.inv"),
        inv.replace("  when Main.main @ lines 5..6 { false }\n", ""),
    )
    .unwrap();
    for name in ["ok", "twin", "nofalse"] {
        std::fs::write(
            dir.join(format!("{name}.proof")),
            format!(
                "classpath .\nmain Main\ninvariant {name}.inv\nprove invariant expect proved\n"
            ),
        )
        .unwrap();
    }
    // Induction from the initial state (the prefix would run it all).
    let ok = prove(&dir.join("ok.proof"), &["--prefix-steps", "0"]);
    let twin = prove(&dir.join("twin.proof"), &["--prefix-steps", "0"]);
    let nofalse = prove(&dir.join("nofalse.proof"), &["--prefix-steps", "0"]);
    let _ = std::fs::remove_dir_all(&dir);
    // Without it, the float code is a case the prover cannot build.
    assert_eq!(nofalse.0, 3, "{:#}", nofalse.1);
    assert_eq!(verdict(&nofalse.1, "invariant"), "unknown");
    let (code, v) = ok;
    assert_eq!(code, 0, "{v:#}");
    assert_eq!(verdict(&v, "invariant"), "proved");
    invariant_not_inductive_at(
        twin,
        "Main.main@6 (IF_ICMPLE 10)",
        "of thread th at Main.main@9",
    );
}

#[test]
fn bad_theorem_files_are_exit_2_with_the_line() {
    let dir = std::env::temp_dir().join(format!("m5-badproof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bad.proof"),
        "classpath .\nmain Main\ninvariant x.inv\nprove everything\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("norel.proof"),
        format!(
            "classpath {}\nmain Apprentice\ninvariant {}\nprove relation Nope\n",
            root().join("classfiles/apprentice").display(),
            root().join("invariants/apprentice.inv").display()
        ),
    )
    .unwrap();
    for (f, needle) in [
        (
            "bad.proof",
            "bad.proof:4: expected `prove invariant` or `prove relation NAME`",
        ),
        ("norel.proof", "norel.proof:4: the invariant file"),
        ("missing.proof", "missing.proof:0: cannot read"),
    ] {
        let out = m5().arg("prove").arg(dir.join(f)).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{f}: {err}");
        assert!(err.contains(needle), "{f}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The obligations of every proof expected to be proved, written with
/// --emit-smt2, are also unsat under cvc5 (skipped with a message when cvc5
/// is absent). Every obligation of the smaller proofs is checked; of the
/// three with thousands of obligations (the same few shapes of obligation
/// over and over), 300 spread evenly over each, to keep CI short.
/// `M5_CVC5_ALL=1` checks every obligation of every proof.
#[test]
fn cvc5_agrees_on_every_obligation_of_the_proofs() {
    if !common::have("cvc5", "--version") {
        return;
    }
    let all = std::env::var_os("M5_CVC5_ALL").is_some();
    // Every proof in proofs/ that is expected to be proved, and the
    // Apprentice also by induction from the initial state.
    for (proof, flags) in [
        ("apprentice", &[][..]),
        ("apprentice", &["--prefix-steps", "0"][..]),
        ("apprentice-two", &[]),
        ("static-counter", &[]),
        ("clinit-counter", &[]),
        ("join-counter", &[]),
        ("bounded-buffer", &[]),
        ("capped-counter", &[]),
    ] {
        cvc5_agrees(proof, flags, all);
    }
}

/// Checks the obligations of `proof`: all of them when `all` or when there
/// are at most 1,000, else 300 spread evenly over the sorted files (the
/// first and the last among them).
fn cvc5_agrees(proof: &str, flags: &[&str], all: bool) {
    let dir = std::env::temp_dir().join(format!(
        "m5-smt2-{proof}-{}-{}",
        flags.len(),
        std::process::id()
    ));
    let mut args = vec!["--emit-smt2", dir.to_str().unwrap()];
    args.extend(flags);
    let (code, _) = prove(&root().join(format!("proofs/{proof}.proof")), &args);
    assert_eq!(code, 0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let total = files.len();
    assert!(total > 100, "{total} files");
    if !all && total > 1000 {
        let sample = 300;
        let step = (total - 1) as f64 / (sample - 1) as f64;
        files = (0..sample)
            .map(|i| files[(i as f64 * step).round() as usize].clone())
            .collect();
    }
    let chunks: Vec<Vec<PathBuf>> = files
        .chunks(files.len().div_ceil(4))
        .map(|c| c.to_vec())
        .collect();
    let bad: Vec<String> = std::thread::scope(|s| {
        let hs: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                s.spawn(move || {
                    let mut bad = Vec::new();
                    for f in chunk {
                        let out = Command::new("cvc5")
                            .arg("--tlimit=60000")
                            .arg(f)
                            .output()
                            .unwrap();
                        let text = String::from_utf8_lossy(&out.stdout);
                        if text.trim() != "unsat" {
                            bad.push(format!("{}: {}", f.display(), text.trim()));
                        }
                    }
                    bad
                })
            })
            .collect();
        hs.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let n = files.len();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        bad.is_empty(),
        "cvc5 did not answer unsat:\n{}",
        bad.join("\n")
    );
    println!("cvc5: {n} of the {total} obligations of {proof} checked, all unsat");
}

#[test]
fn no_apprentice_case_is_vacuous_and_a_contradictory_one_is_reported() {
    // Every case's hypotheses are satisfiable: the proof is not vacuous.
    let (code, v) = prove(
        &root().join("proofs/apprentice.proof"),
        &["--check-vacuity"],
    );
    assert_eq!(code, 0);
    assert_eq!(
        v["vacuous_cases"].as_array().map(|a| a.len()),
        Some(0),
        "{}",
        v["vacuous_cases"]
    );
    // A case whose facts contradict each other is reported as vacuous.
    let (_, v) = weakened_with(
        "contradiction",
        "  when Job.run @ 4 > Job.incr @ 19 {",
        "  when Job.run @ 4 > Job.incr @ 19 { t == 5 && t == 6 }\n  when Job.run @ 4 > Job.incr @ 19 {",
        "prove invariant",
        &["--check-vacuity"],
    );
    let vac = v["vacuous_cases"].to_string();
    assert!(vac.contains("Job.incr@19 (IADD)"), "{vac}");
}

/// The prover dispatches as the JVM (JVMS 5.4.6): `i.check()` on a B runs
/// I's default method (A's private check() does not override it), and
/// p1.A.go() runs p1.A's package-private check() on a p2.B. Both throw, so
/// neither program is proved: each is refuted inside the selected method.
/// (m5 once selected A.check and B.check, and proved them.)
#[test]
fn dispatch_follows_the_jvm_and_the_throwing_method_is_not_proved() {
    for (file, inside) in [
        ("proofs/dispatch-private.proof", "> I.check@"),
        ("proofs/dispatch-package.proof", "> p1.A.check@"),
    ] {
        let (code, v) = prove(&root().join(file), &[]);
        assert_eq!(code, 1, "{file}: {v:#}");
        assert_eq!(verdict(&v, "invariant"), "refuted", "{file}");
        let failed = v["failed"].as_array().unwrap();
        assert!(
            failed
                .iter()
                .all(|f| f["case"].as_str().unwrap().contains(inside)),
            "{file}: every refutation is inside {inside}: {failed:#?}"
        );
    }
}

/// A synchronized method the VM calls (here a static synchronized main)
/// takes its monitor on entry; the prover does not model that step, so it
/// answers unknown (never proved).
#[test]
fn a_synchronized_main_is_unknown_to_the_prover() {
    let dir = std::env::temp_dir().join(format!("m5-syncmain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("t.inv"),
        "thread t { when Main.main @ any .. { true } when Helper.run @ any .. { true } }\n",
    )
    .unwrap();
    let proof = format!(
        "classpath {}\nmain Main\ninvariant t.inv\nprove invariant expect unknown\n",
        root().join("classfiles/sync-main-deadlock").display()
    );
    std::fs::write(dir.join("t.proof"), proof).unwrap();
    // After the single-threaded prefix (main holds its class's lock) the
    // proof stops at what the prover does not model.
    let (code, v) = prove(&dir.join("t.proof"), &[]);
    assert_eq!(code, 3, "{v:#}");
    assert!(!v["unsupported"].as_array().unwrap().is_empty());
    let (code, v) = prove(&dir.join("t.proof"), &["--prefix-steps", "0"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 3, "{v:#}");
    assert_eq!(verdict(&v, "invariant"), "unknown");
    assert!(
        v["walk_error"].as_str().unwrap().contains("synchronized"),
        "{}",
        v["walk_error"]
    );
}

/// The two shortcuts of the interference obligations, checked. Another
/// thread's part that reads nothing the step writes is skipped unbuilt:
/// `--check-skips` builds every skipped one too and stops with "unknown" if
/// one changed, and translates every part it renamed after the step again
/// and stops so unless the two are the same. A changed fact several shapes share is asked once (a shared
/// check): in the racy twin every shape of the other thread breaks, and each
/// must still be refuted, none covered by a shared check that failed.
#[test]
fn skipped_and_shared_interference_obligations_are_checked() {
    for proof in ["capped-counter", "bounded-buffer", "apprentice-two"] {
        let (code, v) = prove(
            &root().join(format!("proofs/{proof}.proof")),
            &["--check-skips"],
        );
        assert_eq!(code, 0, "{proof}: {}", v["failed"]);
        assert!(v["unsupported"].as_array().unwrap().is_empty(), "{proof}");
    }
    let (code, v) = prove(&root().join("proofs/capped-counter.proof"), &[]);
    assert_eq!(code, 0);
    let shared = v["lemma2"]["shared_checks"].as_u64().unwrap();
    let covered = v["lemma2"]["proved_by_shared_checks"].as_u64().unwrap();
    assert!(
        shared > 0 && covered > shared,
        "{shared} shared checks cover {covered}"
    );
    let (code, v) = prove(&root().join("proofs/static-counter-race.proof"), &[]);
    assert_eq!(code, 1);
    // The unlocked write breaks the locked thread's facts at every pc of
    // `incr` where it holds the lock: five or six shapes each time.
    for (case, shapes) in [
        (
            "Counter.incrUnlocked@5 ",
            ["@0", "@3", "@4", "@5", "@18"].as_slice(),
        ),
        (
            "Counter.incrUnlocked@15 ",
            &["@8", "@9", "@10", "@13", "@14", "@15"],
        ),
    ] {
        for at in shapes {
            refuted_at(&v, case, &format!("Counter.incr{at} (interference)"));
        }
    }
}

/// The solver parses a case's hypotheses once per case and thread, the
/// hypotheses every case has once per thread, each obligation under the
/// case's declarations alone, and an obligation's object facts only when
/// asked. `M5_CHECK_PARSE` parses every case whole too and makes a case
/// whose pieces differ from it unknown: the verdicts stay the expected ones
/// (shared checks, exceptions followed, Houdini's switches).
#[test]
fn cached_and_split_parses_are_the_whole_scripts_terms() {
    for (proof, code) in [
        ("capped-counter", 0),
        ("apprentice-two", 0),
        ("static-counter-inferred", 0),
        ("apprentice-two-inferred-switch", 1),
    ] {
        let out = m5()
            .env("M5_CHECK_PARSE", "1")
            .arg("prove")
            .arg("--json")
            .arg(root().join(format!("proofs/{proof}.proof")))
            .output()
            .expect("runs");
        let v: Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!(out.status.code(), Some(code), "{proof}: {}", v["failed"]);
        assert_eq!(v["lemma2"]["unknown"], 0, "{proof}: {}", v["failed"]);
    }
}

/// A `when` case keyed by a source line where the frame it describes is
/// never (here: `Worker.run` while it calls `incr`, whose frame M5 has
/// moved past the call, to line 20) describes no reachable state, so its
/// facts were never checked: a warning names the nearest line where the
/// frame is, in the text and in `--json`'s `warnings`.
#[test]
fn a_line_case_no_call_stack_reaches_is_a_warning_naming_the_nearest_line() {
    let dir = common::fresh_dir("prove", "line-warning");
    let inv = dir.join("w.inv");
    std::fs::write(
        &inv,
        "thread t {\n  when done { }\n  when Main.main @ any .. { }\n  when Worker.run @ any .. { }\n  \
         when Worker.run @ line 19 > Counter.incr @ any { false }\n  \
         when Worker.run @ line 20 > Counter.incr @ any { true }\n}\n",
    )
    .unwrap();
    let proof = dir.join("w.proof");
    std::fs::write(
        &proof,
        format!(
            "classpath {}\nmain Main\ninvariant {}\nprove invariant\n",
            root().join("classfiles/value-field").display(),
            inv.display()
        ),
    )
    .unwrap();
    let out = m5().arg("prove").arg(&proof).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let warnings: Vec<&str> = text.lines().filter(|l| l.starts_with("warning:")).collect();
    assert_eq!(warnings.len(), 1, "{text}");
    assert!(
        warnings[0].contains("w.inv:5:3")
            && warnings[0].contains("Worker.run is never at line 19")
            && warnings[0].contains("the nearest line where it is: 20"),
        "{text}"
    );
    let (_, v) = prove(&proof, &[]);
    assert_eq!(v["warnings"].as_array().unwrap().len(), 1, "{v}");
}

/// With inference, a failure names the user's file and line (an
/// unlabelled fact is `line N` of the user's file), never a place in the
/// completed text (`FILE+inferred:LINE`), which the user has not seen.
#[test]
fn an_inferred_proofs_failures_name_the_users_file_and_lines() {
    let (code, v) = prove(
        &root().join("proofs/static-counter-inferred-unlocked.proof"),
        &[],
    );
    assert_eq!(code, 1, "{v}");
    let inv =
        std::fs::read_to_string(root().join("invariants/static-counter-inferred-unlocked.inv"))
            .unwrap();
    let details: Vec<&str> = v["failed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["detail"].as_str().unwrap())
        .collect();
    assert!(!details.is_empty(), "{v}");
    let mut named = 0;
    for d in &details {
        assert!(!d.contains("+inferred"), "{d}");
        // `fact `line N` (PATH:N:COL)`: line N of the user's file is a fact.
        for l in d.lines().filter(|l| l.contains("fails: fact `line ")) {
            let n: usize = l
                .split("fact `line ")
                .nth(1)
                .unwrap()
                .split('`')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert!(
                l.contains(&format!("static-counter-inferred-unlocked.inv:{n}:")),
                "{l}"
            );
            let line = inv.lines().nth(n - 1).unwrap();
            assert!(line.contains("count == sum + 1"), "line {n}: {line}");
            named += 1;
        }
    }
    assert!(named > 0, "{details:?}");
}
