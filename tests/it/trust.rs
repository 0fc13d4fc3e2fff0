//! Regression tests for the ways m5 once gave a verdict that lied (the
//! trust issue): each test is one class of bug, with the example that
//! exposed it. The explorer's and interpreter's classes (virtual dispatch,
//! synchronized frames the VM pushes, the stack limit) are in
//! `tests/it/explore.rs` and the differential programs; the incremental
//! checker's float keys in `tests/it/invariants.rs`; the expression semantics
//! in `tests/it/expression_agreement.rs` and `tests/it/invariant_agreement.rs`.

use std::path::{Path, PathBuf};

use crate::common::{m5_bounded as m5, prove, root, scratch, verdict};

/// Writes `inv` and a theorem file proving it for the Apprentice; returns the theorem file.
fn apprentice_theorem(dir: &Path, inv: &str, theorems: &str) -> PathBuf {
    std::fs::write(dir.join("t.inv"), inv).unwrap();
    let proof = format!(
        "classpath {}\nmain Apprentice\ninvariant t.inv\n{theorems}\n",
        root().join("classfiles/apprentice").display()
    );
    std::fs::write(dir.join("t.proof"), proof).unwrap();
    dir.join("t.proof")
}

/// Class 1: an invariant that makes no per-thread claim (no `thread` part,
/// or an empty one) was "proved" without stepping any shape. Every
/// reachable shape is a case; the global fact fails at main's first `new`.
#[test]
fn invariants_without_thread_cases_step_every_shape() {
    for (name, inv) in [
        ("global-only", "global { only_args: heap.length == 1 }\n"),
        (
            "empty-thread",
            "global { only_args: heap.length == 1 }\nthread t { }\n",
        ),
    ] {
        let dir = scratch("trust", name);
        let file = apprentice_theorem(&dir, inv, "prove invariant expect refuted");
        // By default the single-threaded prefix breaks it by computation.
        let (code, v) = prove(&file, &[]);
        assert_eq!(code, 1, "{name}: {v:#}");
        assert!(
            v["lemma1"].as_str().unwrap().contains("only_args"),
            "{name}"
        );
        // From the initial state, every shape is a case of the induction.
        let (code, v) = prove(&file, &["--prefix-steps", "0"]);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(code, 1, "{name}: {v:#}");
        assert_eq!(verdict(&v, "invariant"), "refuted", "{name}");
        assert_eq!(v["per_thread_claim"], false, "{name}");
        // (62 shapes without exceptions; the global fact rules none out,
        // so the handlers of javac's synchronized blocks are reached too.)
        assert_eq!(
            v["shapes"], v["allowed_shapes"],
            "{name}: every shape is a case"
        );
        assert_eq!(
            v["lemma2"]["cases"].as_u64().unwrap(),
            v["shapes"].as_u64().unwrap() + 1,
            "{name}: every shape is a case (and the no-op step)"
        );
        assert!(v["shapes"].as_u64().unwrap() >= 62, "{name}: {v:#}");
        let failed = v["failed"].as_array().unwrap();
        assert!(
            failed.iter().any(|f| f["case"] == "Apprentice.main@0"
                && f["obligation"] == "global part"
                && f["detail"].as_str().unwrap().contains("only_args")),
            "{name}: refuted at main's `new Container`: {failed:#?}"
        );
        // `m5 run --invariant` fails it too (at the first step).
        let out = m5()
            .args(["run", "--classpath"])
            .arg(root().join("classfiles/apprentice"))
            .arg("--invariant")
            .arg({
                let p = std::env::temp_dir()
                    .join(format!("m5-trust-{}-{name}.inv", std::process::id()));
                std::fs::write(&p, inv).unwrap();
                p
            })
            .args([
                "--failure-schedule",
                "/dev/null",
                "--max-steps",
                "100",
                "Apprentice",
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("invariant violated at step 1"),
            "{name}: {err}"
        );
    }
}

/// Class 2: an expression the concrete evaluator and the prover read
/// differently. Each extra fact is added to the (inductive) Apprentice
/// invariant; `m5 run --invariant` and `m5 prove` must agree on it.
#[test]
fn run_and_prove_read_expressions_alike() {
    let base = std::fs::read_to_string(root().join("invariants/apprentice.inv")).unwrap();
    // (expression, holds on every state of a run, prove's verdict)
    let cases = [
        // short-circuit: the right side is never looked at.
        ("true || 0", true, "proved"),
        ("false && 0", false, "refuted"),
        ("heap.length >= 1 || thread(0) == 1", true, "proved"),
        // a thread number past 32 bits is no thread (was thread 0).
        ("thread(4294967296).scheduled", false, "refuted"),
        ("!defined(thread(4294967296))", true, "proved"),
        // plain numbers are 128-bit: a product past that is undefined.
        (
            "heap.length * 9223372036854775807 * 9223372036854775807 > 0",
            false,
            "refuted",
        ),
        (
            "heap.length * 9223372036854775807 * 9223372036854775807 > 0 || heap.length > 2",
            false,
            "refuted",
        ),
    ];
    for (i, (e, holds, expected)) in cases.iter().enumerate() {
        let dir = scratch("trust", &format!("expr{i}"));
        let inv = format!("{base}\nglobal {{ extra: {e} }}\n");
        let file = apprentice_theorem(&dir, &inv, "prove invariant expect proved");
        let out = m5()
            .args(["run", "--classpath"])
            .arg(root().join("classfiles/apprentice"))
            .arg("--invariant")
            .arg(dir.join("t.inv"))
            .arg("--failure-schedule")
            .arg(dir.join("f.sched"))
            .args([
                "--schedule",
                "random:3",
                "--max-steps",
                "3000",
                "Apprentice",
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            !err.contains("invariant violated"),
            *holds,
            "`{e}` under m5 run: {err}"
        );
        let (_, v) = prove(&file, &[]);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(
            verdict(&v, "invariant"),
            *expected,
            "`{e}` under m5 prove: {v:#}"
        );
        assert!(
            v["translation_error"].is_null(),
            "`{e}`: the formulas disagree on the initial state: {}",
            v["translation_error"]
        );
    }
}

/// Class 7: after a Z3 timeout, later obligations of the same case came
/// back "sat" and were reported refuted. With timeouts so short that many
/// obligations time out, the Apprentice proof is never refuted.
#[test]
fn a_timeout_never_becomes_refuted() {
    for timeout in ["50", "100", "200"] {
        let (code, v) = prove(
            &root().join("proofs/apprentice.proof"),
            &["--jobs", "1", "--timeout", timeout],
        );
        assert_ne!(code, 1, "--timeout {timeout}: {v:#}");
        assert_eq!(v["lemma2"]["failed"], 0, "--timeout {timeout}");
        assert_eq!(
            v["lemma3"]["Monotonicity"]["failed"], 0,
            "--timeout {timeout}"
        );
        for t in ["invariant", "relation Monotonicity"] {
            assert_ne!(verdict(&v, t), "refuted", "--timeout {timeout}");
        }
    }
}

/// Class 8: `m5 check` counted a theorem without `expect` as "as expected".
#[test]
fn check_needs_an_expected_verdict() {
    let dir = scratch("trust", "noexpect");
    let inv = std::fs::read_to_string(root().join("invariants/apprentice.inv")).unwrap();
    let file = apprentice_theorem(
        &dir,
        &inv,
        "prove invariant expect proved\nprove relation Monotonicity",
    );
    let out = m5().arg("check").arg(&file).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("t.proof:5:") && err.contains("expect"),
        "names the file, line and what is missing: {err}"
    );
}

/// Third round, class 1: a failed induction step is a counterexample to
/// induction, not a reachable violation. `global { true }` holds in every
/// state, yet Lemma 2's pre-step checks fail on states no schedule
/// reaches (`Job.run@1` with a null receiver): the verdict is "not
/// inductive" (exit 4), never "refuted", with what the search covered.
#[test]
fn a_true_claim_whose_induction_fails_is_not_inductive_never_refuted() {
    let dir = scratch("trust", "true");
    let file = apprentice_theorem(&dir, "global { true }\n", "prove invariant");
    for flags in [&[][..], &["--prefix-steps", "0"], &["--no-witness-search"]] {
        let (code, v) = prove(&file, flags);
        assert_eq!(
            verdict(&v, "invariant"),
            "not-inductive",
            "{flags:?}: {v:#}"
        );
        assert_eq!(code, 4, "{flags:?}");
        assert!(v["lemma2"]["failed"].as_u64().unwrap() > 0, "{v:#}");
        let searched = v["theorems"][0]["searched"].as_str().unwrap();
        assert!(searched.contains("single-threaded prefix"), "{searched}");
        if flags.is_empty() {
            assert!(searched.contains("breadth-first"), "{searched}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
