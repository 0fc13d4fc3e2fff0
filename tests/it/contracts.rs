//! The library contracts (`m5::interp::contracts`: the atomics' methods as
//! one step, which the prover runs instead of the JDK's bytecode) agree
//! with the JDK's own bytecode on states of real runs.
//!
//! `tests/java-prover/Atomics.java` runs four threads that call every
//! contracted method on shared atomics under seeded random schedules.
//! Before each step that calls one, the state is copied twice: one copy
//! runs the call as its contract (the interpreter with
//! `Config::library_contracts`, the same code the prover runs over SMT
//! terms), the other runs the JDK's bytecode (`Unsafe`, `VarHandle`) with
//! that thread alone until the call returns. The two states must be the
//! same state (`Model`'s `Eq`, the explorer's definition: every thread's
//! frames, the heap, the statics). At least 10,000 calls are compared,
//! each contracted method at least once, and each compare-and-set both
//! succeeding and failing. `Thread.currentThread()` is a native on both
//! sides (its symbolic step is checked by `symbolic_agreement`).

use std::collections::BTreeMap;
use std::sync::Arc;

use m5::classfile::Insn;
use m5::interp::contracts::{self, Cell, Contract, Op};
use m5::interp::{self, Outcome};
use m5::state::{State, ThreadId};

use crate::common;

/// The contracted call `th` makes next, if any: (contract, method name).
fn contracted_call(s: &State, th: ThreadId) -> Option<(Contract, Arc<str>)> {
    let t = s.thread(th)?;
    if t.wait.is_some() || t.initializing() || !interp::can_step(s, th) {
        return None;
    }
    let f = t.top()?;
    let Insn::Invoke(kind, mr) = f.method.code.get(f.ip as usize)? else {
        return None;
    };
    let id = interp::invoke_target(s, f, *kind, mr)?;
    let callee = s.classes.method(id);
    contracts::of(callee).map(|c| (c, callee.name.clone()))
}

/// The state after `th` runs the JDK's bytecode of the call it is about
/// to make, alone, until the call returns, and the most frames the call
/// had on the stack at once (`contracts::FRAMES` bounds it).
fn by_bytecode(s: &State, th: ThreadId) -> Result<(State, usize), String> {
    let mut b = s.clone();
    let depth = b.threads[th as usize].stack.len();
    let mut deepest = 0;
    for _ in 0..100_000 {
        match interp::step(&mut b, th).map_err(|e| e.to_string())? {
            Outcome::Stepped => {}
            other => return Err(format!("the bytecode's step was a no-op: {other:?}")),
        }
        let now = b.threads[th as usize].stack.len();
        if now <= depth {
            return Ok((b, deepest));
        }
        deepest = deepest.max(now - depth);
    }
    Err("the call did not return in 100,000 steps".into())
}

/// The state after `th` runs the call as its contract.
fn by_contract(s: &State, th: ThreadId) -> Result<State, String> {
    let mut a = s.clone();
    Arc::make_mut(&mut a.config).library_contracts = true;
    match interp::step(&mut a, th).map_err(|e| e.to_string())? {
        Outcome::Stepped => {}
        other => return Err(format!("the contract's step was a no-op: {other:?}")),
    }
    Arc::make_mut(&mut a.config).library_contracts = false;
    Ok(a)
}

/// Whether the compare-and-set the contract ran succeeded (its result, on
/// the caller's stack).
fn swapped(a: &State, th: ThreadId) -> bool {
    let f = a.threads[th as usize].top().expect("caller's frame");
    f.stack.last().expect("a result").as_int() == 1
}

/// A small deterministic generator for the schedules.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn every_contract_agrees_with_the_jdk_bytecode_on_states_of_real_runs() {
    if !common::have("javac", "-version") {
        return;
    }
    let dir = common::fresh_dir("contracts", "atomics");
    common::javac_files(
        &dir,
        &[common::root().join("tests/java-prover/Atomics.java")],
    );
    let s0 = common::start(dir.to_str().expect("utf-8"), "Atomics", &[]);
    // (class, method, outcome) -> calls compared.
    let mut seen: BTreeMap<(Cell, String, &str), usize> = BTreeMap::new();
    let mut compared = 0usize;
    let mut deepest = 0usize;
    let mut failures = Vec::new();
    for seed in 0..4u64 {
        let mut s = s0.clone();
        let mut rng = Lcg(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) + 1);
        let mut cur: Option<ThreadId> = None;
        for step in 0..400_000 {
            if s.ended() {
                break;
            }
            let runnable: Vec<ThreadId> = (0..s.threads.len() as ThreadId)
                .filter(|&t| interp::can_step(&s, t))
                .collect();
            assert!(!runnable.is_empty(), "seed {seed}: deadlock at step {step}");
            let th = match cur {
                Some(t) if runnable.contains(&t) && rng.next(8) != 0 => t,
                _ => runnable[rng.next(runnable.len())],
            };
            cur = Some(th);
            if let Some((c, name)) = contracted_call(&s, th) {
                match (by_contract(&s, th), by_bytecode(&s, th)) {
                    (Ok(a), Ok((b, frames))) => {
                        deepest = deepest.max(frames);
                        let outcome = match c.op {
                            Op::CompareAndSet if swapped(&a, th) => "swapped",
                            Op::CompareAndSet => "failed",
                            _ => "ok",
                        };
                        *seen.entry((c.cell, name.to_string(), outcome)).or_default() += 1;
                        compared += 1;
                        if a.model != b.model && failures.len() < 5 {
                            failures.push(format!(
                                "seed {seed}, step {step}, thread {th}: {:?}.{name}: the contract's state differs from the bytecode's\n  contract: {:?}\n  bytecode: {:?}",
                                c.cell,
                                a.threads[th as usize].top().map(|f| &f.stack),
                                b.threads[th as usize].top().map(|f| &f.stack),
                            ));
                        }
                    }
                    (a, b) => failures.push(format!(
                        "seed {seed}, step {step}, thread {th}: {name}: contract {:?}, bytecode {:?}",
                        a.err(),
                        b.map(|_| ()).err()
                    )),
                }
            }
            interp::step(&mut s, th).expect("step");
        }
    }
    for ((cell, name, outcome), n) in &seen {
        println!("{cell:?}.{name} ({outcome}): {n}");
    }
    println!("{compared} calls compared; the JDK's code had at most {deepest} frames");
    assert!(
        deepest <= contracts::FRAMES,
        "a call had {deepest} frames of the JDK's code, more than contracts::FRAMES"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 10_000, "only {compared} calls compared");
    for cell in [Cell::Int, Cell::Long, Cell::Bool, Cell::Ref] {
        for (name, _, op) in contracts::methods(cell) {
            let outcomes: &[&str] = if op == Op::CompareAndSet {
                &["swapped", "failed"]
            } else {
                &["ok"]
            };
            for o in outcomes {
                assert!(
                    seen.contains_key(&(cell, name.to_string(), *o)),
                    "{cell:?}.{name} ({o}) was never compared"
                );
            }
        }
    }
}

/// A proof through the contracts: the workers' `get` and `compareAndSet`
/// on the shared AtomicInteger are stepped as contracts (without them the
/// JDK's `Unsafe` makes every case unknown), and the twin that counts past
/// 6 is refuted with a witness on the JDK's own bytecode that `m5 run
/// --invariant` replays (`common::prove` replays every witness).
#[test]
fn the_atomic_counters_over_twin_is_refuted_through_the_contracts() {
    let file = common::root().join("tests/inferred/atomic-counter-inferred-over.proof");
    let (code, v) = common::prove(&file, &[]);
    assert_eq!(common::verdict(&v, "invariant"), "refuted", "{v}");
    assert_eq!(code, 1, "{v}");
    assert!(!v.to_string().contains("Unsafe"), "{v}");
}

/// An invariant that is false only inside a contracted call (a worker in
/// the JDK's `incrementAndGet`, whose frames no case allows) means the
/// same to the prover and to the concrete checkers: the prover runs the
/// call as one step, and `m5 run --invariant`, `m5 explore --invariant`
/// (and the prefix and witness search, which use the same evaluator) skip
/// the states inside it. So `m5 prove` says proved and neither checker
/// finds a violation, although such states are reachable and the thread's
/// part is false in them.
#[test]
fn an_invariant_false_only_inside_a_contracted_call_means_the_same_everywhere() {
    let root = common::root();
    let (code, v) = common::prove(&root.join("proofs/contract-midcall.proof"), &[]);
    assert_eq!(common::verdict(&v, "invariant"), "proved", "{v}");
    assert_eq!(code, 0, "{v}");

    let cp = root.join("classfiles/contract-midcall");
    let inv = root.join("invariants/contract-midcall.inv");
    let cp = cp.to_str().expect("utf-8");
    let inv = inv.to_str().expect("utf-8");
    for seed in 1..=4 {
        let sched = format!("random:{seed}");
        let out = common::m5_output(&[
            "run",
            "--classpath",
            cp,
            "--schedule",
            &sched,
            "--invariant",
            inv,
            "Main",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{sched}: {err}");
        assert!(!err.contains("violated"), "{sched}: {err}");
    }
    let out = common::m5_output(&["explore", "--classpath", cp, "--invariant", inv, "Main"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");

    // The states inside the call are reachable, and there the worker's
    // part is false: the agreement above is not vacuous.
    let mut s = common::start(cp, "Main", &[]);
    let mut c = m5::invariant::load(std::path::Path::new(inv), &s.classes).expect("invariant");
    m5::invariant::sites::resolve(&mut c, &s).expect("sites");
    let mut rng = Lcg(7);
    let mut inside = 0;
    while !s.ended() {
        let runnable: Vec<ThreadId> = (0..s.threads.len() as ThreadId)
            .filter(|&t| interp::can_step(&s, t))
            .collect();
        let th = runnable[rng.next(runnable.len())];
        interp::step(&mut s, th).expect("step");
        if let Some(m) = contracts::inside(&s) {
            assert_eq!(&*m.name, "incrementAndGet");
            assert!(!m5::invariant::eval::in_scope(&s));
            assert!(m5::invariant::eval::check_state(&c, &s).is_ok());
            let t = (0..s.threads.len() as ThreadId)
                .find(|&t| s.threads[t as usize].stack.len() > 1 && t != 0)
                .expect("a worker inside the call");
            assert!(m5::invariant::eval::check_thread(&c, &s, t).is_err());
            inside += 1;
        } else {
            m5::invariant::eval::check_state(&c, &s).expect("the invariant holds between calls");
        }
    }
    assert!(inside > 0, "no state inside a contracted call");
}

/// The other direction: an invariant broken by a write inside a contracted
/// call (the compare-and-set that makes the count 3 runs while the thread
/// is inside `incrementAndGet`) is refuted by `m5 prove`, and `m5 run
/// --invariant` and `m5 explore --invariant` report it at a state after
/// the call: the concrete checker evaluates the first state in scope after
/// skipped ones whole, so a write made while it skipped is not missed.
#[test]
fn a_violation_made_inside_a_contracted_call_is_reported_by_every_checker() {
    let root = common::root();
    let dir = common::fresh_dir("contracts", "midcall-over");
    let inv = dir.join("over.inv");
    std::fs::write(
        &inv,
        "let hits = allocated(AtomicInteger)\nglobal { at_most_two: defined(hits.value) => hits.value <= 2 }\n",
    )
    .expect("write");
    let cp = root.join("classfiles/contract-midcall");
    let proof = dir.join("over.proof");
    std::fs::write(
        &proof,
        format!(
            "classpath  {}\nmain       Main\ninvariant  {}\n\nprove invariant                 expect refuted\n",
            cp.display(),
            inv.display()
        ),
    )
    .expect("write");
    let (code, v) = common::prove(&proof, &[]);
    assert_eq!(common::verdict(&v, "invariant"), "refuted", "{v}");
    assert_eq!(code, 1, "{v}");

    let (cp, inv) = (cp.to_str().expect("utf-8"), inv.to_str().expect("utf-8"));
    for seed in 1..=3 {
        let sched = format!("random:{seed}");
        let out = common::m5()
            .current_dir(&dir)
            .args([
                "run",
                "--classpath",
                cp,
                "--schedule",
                &sched,
                "--invariant",
                inv,
                "Main",
            ])
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{sched}: {err}");
        assert!(err.contains("fact `at_most_two`"), "{sched}: {err}");
    }
    let out = common::m5_output(&["explore", "--classpath", cp, "--invariant", inv, "Main"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("fact `at_most_two`"), "{text}");
}
