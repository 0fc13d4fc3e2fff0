//! The prover's reading of an invariant agrees with the concrete evaluator:
//! on states of real runs, encoded as SMT constants, every thread's case,
//! the global facts and every object's facts translated to formulas have
//! the truth value `invariant::eval` gives them (good states and bad ones).

use std::path::PathBuf;

use m5::classfile::ClassPath;
use m5::interp::{self, init::load_classes};
use m5::invariant::eval;
use m5::prove::{concrete, inv::SEnv, smt::Script};
use m5::state::{Config, State};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Truth values of the formulas in the fully determined encoded state.
fn truths(sc: &Script, formulas: &[String]) -> Vec<bool> {
    let mut text = sc.text().replacen("(set-logic ALL)\n", "", 1);
    for (i, f) in formulas.iter().enumerate() {
        text.push_str(&format!(
            "(declare-const q_{i} Bool)\n(assert (= q_{i} {f}))\n"
        ));
    }
    let expected = text.matches("(assert ").count();
    let solver = z3::Solver::new();
    solver.from_string(text);
    assert_eq!(
        solver.get_assertions().len(),
        expected,
        "Z3 parsed everything"
    );
    assert_eq!(
        solver.check(),
        z3::SatResult::Sat,
        "the encoding is consistent"
    );
    let model = solver.get_model().expect("model");
    (0..formulas.len())
        .map(|i| {
            model
                .eval(&z3::ast::Bool::new_const(format!("q_{i}")), true)
                .and_then(|b| b.as_bool())
                .expect("a truth value")
        })
        .collect()
}

/// Compares every part of the invariant on `s`; returns (parts compared, parts false).
fn compare(c: &m5::invariant::Compiled, s: &State, what: &str) -> (usize, usize) {
    let mut sc = Script::default();
    let heap = concrete::encode(&mut sc, s);
    let mut labels = Vec::new();
    let mut formulas = Vec::new();
    let mut expect = Vec::new();
    let frames: Vec<_> = (0..s.threads.len() as u32)
        .map(|t| concrete::frames(&mut sc, s, t, &format!("t{t}")).expect("no floats"))
        .collect();
    let and = |f: Vec<m5::prove::inv::FactTerm>| {
        m5::prove::smt::and(&f.into_iter().map(|f| f.term).collect::<Vec<_>>())
    };
    {
        let mut env = SEnv::new(c, &s.classes, &heap, None, &mut sc);
        formulas.push(and(env.global().expect("supported")));
        labels.push("global".to_string());
        expect.push(eval::check_global(c, s).is_ok());
        for (t, fr) in frames.iter().enumerate() {
            formulas.push(and(env.thread(&t.to_string(), fr).expect("supported")));
            labels.push(format!("thread {t} at {}", eval::stack_text(s, t as u32)));
            expect.push(eval::check_thread(c, s, t as u32).is_ok());
        }
        for r in 0..s.heap.len() {
            formulas.push(and(env.object(&r.to_string()).expect("supported")));
            labels.push(format!("object {r}"));
            expect.push(eval::check_object(c, s, r as u32).is_ok());
        }
    }
    // Relations for every object of a class, at each address, from the
    // state to itself.
    let mut names: Vec<&String> = c.relation_over.keys().collect();
    names.sort();
    for name in names {
        let mut env = SEnv::new(c, &s.classes, &heap, Some(&heap), &mut sc);
        for r in 0..s.heap.len() {
            formulas.push(and(env
                .relation(name, Some(&r.to_string()))
                .expect("supported")));
            labels.push(format!("relation {name} at object {r}"));
            expect.push(
                eval::fact_truths(c, s, eval::Part::RelationAt(name, s, r as u32))
                    .iter()
                    .all(|&b| b),
            );
        }
    }
    let got = truths(&sc, &formulas);
    for i in 0..formulas.len() {
        assert_eq!(
            got[i], expect[i],
            "{what}: {}: the formula says {}, the concrete evaluator {}",
            labels[i], got[i], expect[i]
        );
    }
    (formulas.len(), expect.iter().filter(|e| !**e).count())
}

/// Visits the states of a run of up to `steps` steps under a seeded random
/// schedule (step number and state, before each step), until no thread
/// can move.
fn random_run(mut s: State, seed: u64, steps: usize, mut visit: impl FnMut(usize, &State)) {
    let mut x = seed;
    for step in 0..steps {
        visit(step, &s);
        let live: Vec<u32> = (0..s.threads.len() as u32)
            .filter(|&t| interp::can_step(&s, t))
            .collect();
        if live.is_empty() {
            break;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let th = live[(x >> 33) as usize % live.len()];
        interp::step(&mut s, th).unwrap();
    }
}

/// Runs `main` under a seeded random schedule, comparing every `every`-th state.
fn run(dir: &str, main: &str, inv: &str, seed: u64, steps: usize, every: usize) -> (usize, usize) {
    let cp = ClassPath::parse(root().join(dir).to_str().unwrap()).unwrap();
    let classes = load_classes(&cp, main).unwrap();
    let s = interp::initial_state(classes, main, &[], Config::default()).unwrap();
    let c = m5::invariant::load(&root().join(inv), &s.classes).unwrap();
    let (mut parts, mut false_parts) = (0, 0);
    random_run(s, seed, steps, |step, s| {
        if step % every == 0 {
            let (p, f) = compare(&c, s, &format!("{dir} step {step}"));
            parts += p;
            false_parts += f;
        }
    });
    (parts, false_parts)
}

#[test]
fn formulas_agree_with_the_evaluator_on_apprentice_runs() {
    let (p, f) = run(
        "classfiles/apprentice",
        "Apprentice",
        "invariants/apprentice.inv",
        7,
        600,
        15,
    );
    println!("apprentice: {p} parts compared, {f} false");
    assert!(p > 200);
}

/// Threads that end (`when done`), wait (`t.waiting`, `t.waits_on`) and
/// are joined: every part agrees on states of runs to the end.
#[test]
fn formulas_agree_on_finished_and_waiting_threads() {
    let mut parts = 0;
    for seed in [1, 2, 3, 4] {
        let (p, f) = run(
            "classfiles/join-counter",
            "Main",
            "invariants/join-counter.inv",
            seed,
            400,
            2,
        );
        assert_eq!(f, 0, "the invariant holds on these runs");
        parts += p;
    }
    println!("join-counter: {parts} parts compared");
    assert!(parts > 500);
}

/// Relations for every object of a class (`relation R for x : C`), over
/// user classes, `Thread`, `java.lang.Class` (the lock `class(C)` creates)
/// and `Object`, with `thread_of`: each agrees at every address.
#[test]
fn object_relations_agree_at_every_address() {
    let dir = std::env::temp_dir().join(format!("m5-objrel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let inv = dir.join("objrel.inv");
    std::fs::write(
        &inv,
        "relation RW for w : Worker { w.done >= 1; defined(thread_of(w)) => thread_of(w).scheduled }\n\
         relation RC for k : java.lang.Class { k.mcount == 0 }\n\
         relation RO for o : java.lang.Object { o.monitor == 0 || old(o.mcount) > 0 }\n\
         relation RT for x : java.lang.Thread { thread_of(x).alive || new(x.mcount) == 0 }\n",
    )
    .unwrap();
    let mut parts = 0;
    let mut false_parts = 0;
    for seed in [1, 2, 3] {
        let (p, f) = run(
            "classfiles/static-counter",
            "Main",
            inv.to_str().unwrap(),
            seed,
            400,
            3,
        );
        parts += p;
        false_parts += f;
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("object relations: {parts} parts compared, {false_parts} false");
    assert!(parts > 500 && false_parts > 0 && false_parts < parts);
}

/// `class(C)` (null until m5 creates the Class object, then its lock):
/// every part agrees on states of runs to the end, with and without the lock.
#[test]
fn formulas_agree_on_class_locks() {
    let mut parts = 0;
    for seed in [1, 2, 3] {
        let (p, f) = run(
            "classfiles/static-counter",
            "Main",
            "invariants/static-counter.inv",
            seed,
            400,
            1,
        );
        assert_eq!(f, 0, "the invariant holds on these runs");
        parts += p;
        let (p, _) = run(
            "classfiles/static-counter-unlocked",
            "Main",
            "invariants/static-counter-unlocked.inv",
            seed,
            400,
            1,
        );
        parts += p;
    }
    println!("static-counter: {parts} parts compared");
    assert!(parts > 500);
}

/// Arrays (`length`), waiting threads (`waits_on`, `wait_count`): every
/// part agrees on states of the bounded buffer's runs, and of its `if`
/// twin's (where the invariant fails).
#[test]
fn formulas_agree_on_arrays_and_wait_counts() {
    let mut parts = 0;
    for seed in [1, 2, 3] {
        let (p, f) = run(
            "classfiles/bounded-buffer",
            "Main",
            "invariants/bounded-buffer.inv",
            seed,
            500,
            2,
        );
        assert_eq!(f, 0, "the invariant holds on these runs");
        parts += p;
        let (p, _) = run(
            "classfiles/bounded-buffer-if",
            "Main",
            "invariants/bounded-buffer-if.inv",
            seed,
            500,
            2,
        );
        parts += p;
    }
    println!("bounded-buffer: {parts} parts compared");
    assert!(parts > 500);
}

/// Walking only from the shapes an invariant allows still covers every call
/// stack of a run that keeps the invariant (here: `new Thread(runnable)`,
/// whose `Thread.run` the data-free walk could otherwise recurse into).
#[test]
fn the_allowed_walk_covers_every_call_stack_of_good_runs() {
    use m5::prove::sym::shape_of;
    let cp = ClassPath::parse(root().join("classfiles/join-counter").to_str().unwrap()).unwrap();
    let classes = load_classes(&cp, "Main").unwrap();
    let s0 = interp::initial_state(classes, "Main", &[], Config::default()).unwrap();
    let c = m5::invariant::load(&root().join("invariants/join-counter.inv"), &s0.classes).unwrap();
    let allowed = |sh: &m5::prove::sym::Shape| m5::prove::allows(&c, &s0.classes, sh);
    let w = m5::prove::walk(&s0.classes, &s0, &allowed, &Default::default()).expect("walk");
    let shapes: std::collections::HashSet<_> = w.shapes.iter().cloned().collect();
    for seed in [1u64, 2, 3] {
        random_run(s0.clone(), seed, usize::MAX, |_, s| {
            for t in &s.threads {
                let shape = shape_of(t).expect("no floats");
                if !shape.is_empty() {
                    assert!(shapes.contains(&shape), "the walk misses {shape:?}");
                }
            }
        });
    }
}

#[test]
fn formulas_agree_where_the_invariant_fails() {
    // The bogus program breaks the Apprentice invariant; the unsync one breaks
    // its own (stale counter copies): both truth values are compared.
    let mut total_false = 0;
    for (dir, inv, seed) in [
        (
            "classfiles/apprentice-bogus",
            "invariants/apprentice.inv",
            3,
        ),
        (
            "classfiles/apprentice-unsync",
            "invariants/apprentice-unsync.inv",
            11,
        ),
        (
            "classfiles/apprentice-setref-late",
            "invariants/apprentice.inv",
            5,
        ),
    ] {
        let (p, f) = run(dir, "Apprentice", inv, seed, 400, 10);
        println!("{dir}: {p} parts compared, {f} false");
        total_false += f;
    }
    assert!(total_false > 0, "some parts were false");
}

/// The shape walk over-approximates the call stacks runs reach: every
/// thread's shape (methods, pcs, slot types) in every state of random runs
/// of exception-free programs is one the walk found.
#[test]
fn the_shape_walk_covers_every_call_stack_runs_reach() {
    use m5::prove::sym::{Shape, shape_of};
    for dir in [
        "classfiles/apprentice",
        "classfiles/apprentice-unsync",
        "classfiles/apprentice-bogus",
    ] {
        let cp = ClassPath::parse(root().join(dir).to_str().unwrap()).unwrap();
        let classes = load_classes(&cp, "Apprentice").unwrap();
        let s0 = interp::initial_state(classes, "Apprentice", &[], Config::default()).unwrap();
        let w = m5::prove::walk(&s0.classes, &s0, &|_| true, &Default::default()).expect("walk");
        assert!(w.unsupported.is_empty(), "{dir}: {:?}", w.unsupported);
        let shapes: std::collections::HashSet<Shape> = w.shapes.iter().cloned().collect();
        let mut seen = std::collections::HashSet::new();
        for seed in [1u64, 2, 3] {
            random_run(s0.clone(), seed, 3000, |_, s| {
                for t in &s.threads {
                    let shape = shape_of(t).expect("no floats");
                    if !shape.is_empty() {
                        assert!(shapes.contains(&shape), "{dir}: the walk misses {shape:?}");
                        seen.insert(shape);
                    }
                }
            });
        }
        println!(
            "{dir}: runs reached {} of the walk's {} shapes",
            seen.len(),
            w.shapes.len()
        );
        assert!(
            seen.len() * 2 > w.shapes.len(),
            "{dir}: the runs reach most shapes"
        );
    }
}

/// Lemma 1 is checked twice: by the concrete evaluator, and on the prover's
/// formulas over the initial state encoded as SMT constants. The second
/// check agrees on the Apprentice, and catches a translation that is
/// deliberately broken (one fact's formula negated).
#[test]
fn symbolic_lemma1_catches_a_broken_translation() {
    use m5::prove::lemma1;
    let cp = ClassPath::parse(root().join("classfiles/apprentice").to_str().unwrap()).unwrap();
    let classes = load_classes(&cp, "Apprentice").unwrap();
    let s0 = interp::initial_state(classes, "Apprentice", &[], Config::default()).unwrap();
    let c = m5::invariant::load(&root().join("invariants/apprentice.inv"), &s0.classes).unwrap();
    let relations = vec!["Monotonicity".to_string()];
    assert_eq!(lemma1::check(&c, &s0, &relations, 10_000), Ok(()));
    let mut sc = Script::default();
    let inst = lemma1::instances(&c, &s0, &relations, &mut sc).expect("translated");
    assert!(
        inst.len() >= 10,
        "{} facts on the initial state",
        inst.len()
    );
    assert_eq!(lemma1::disagreements(&sc, &inst, 10_000), Ok(vec![]));
    for i in [0, inst.len() / 2, inst.len() - 1] {
        let mut broken = inst.clone();
        broken[i].term = format!("(not {})", broken[i].term);
        assert_eq!(
            lemma1::disagreements(&sc, &broken, 10_000),
            Ok(vec![i]),
            "negating {} goes unnoticed",
            inst[i].label
        );
    }
}
