//! The invariant language: the Apprentice invariant holds on checked runs;
//! deliberately wrong invariants are caught (naming the conjunct);
//! malformed files get messages with line and column.

use m5::classfile::ClassPath;
use m5::interp::{init::load_classes, initial_state};
use m5::invariant::{Compiled, Failure, compile, eval};
use m5::schedule::{Control, Observer, RunOptions, Schedule, run};
use m5::state::{Config, State, ThreadId};

use crate::common::start;

fn source() -> String {
    std::fs::read_to_string("invariants/apprentice.inv").unwrap()
}

struct Check<'a> {
    c: &'a Compiled,
    relation: Option<&'a str>,
    prev: Option<State>,
    failure: Option<Failure>,
}

impl Observer for Check<'_> {
    fn before(&mut self, s: &State, _: ThreadId, _: u64) {
        if self.relation.is_some() {
            self.prev = Some(s.clone());
        }
    }
    fn after(&mut self, s: &mut State, _: ThreadId, _: u64) -> Control {
        let r = match (self.relation, &self.prev) {
            (Some(name), Some(old)) => eval::check_relation(self.c, name, old, s),
            _ => eval::check_state(self.c, s),
        };
        match r {
            Ok(()) => Control::Continue,
            Err(f) => {
                self.failure = Some(f);
                Control::Stop
            }
        }
    }
}

/// Checks `text` on the initial state, then on every state of runs under a
/// few schedules; returns the first failure.
fn first_failure(text: &str, dir: &str, relation: Option<&str>, steps: u64) -> Option<Failure> {
    let s0 = start(dir, "Apprentice", &[]);
    let c = compile("test.inv", text, &s0.classes).unwrap_or_else(|e| panic!("{}", e.rendered));
    if relation.is_none()
        && let Err(f) = eval::check_state(&c, &s0)
    {
        return Some(f);
    }
    for sched in [
        Schedule::RoundRobin { quantum: 1 },
        Schedule::Random { seed: 1 },
        Schedule::Random { seed: 2 },
    ] {
        let mut s = s0.clone();
        let mut obs = Check {
            c: &c,
            relation,
            prev: None,
            failure: None,
        };
        run(
            &mut s,
            &sched,
            RunOptions {
                max_steps: Some(steps),
                observer: Some(&mut obs),
                ..Default::default()
            },
        )
        .unwrap();
        if obs.failure.is_some() {
            return obs.failure;
        }
    }
    None
}

#[test]
fn apprentice_invariant_and_monotonicity_hold_on_checked_runs() {
    let text = source();
    assert!(first_failure(&text, "classfiles/apprentice", None, 20_000).is_none());
    assert!(first_failure(&text, "classfiles/apprentice", Some("Monotonicity"), 20_000).is_none());
}

#[test]
fn the_bogus_program_fails_the_invariant_and_the_relation() {
    let text = source();
    let cp = ClassPath::parse("classfiles/apprentice-bogus").unwrap();
    let classes = load_classes(&cp, "Apprentice").unwrap();
    let s0 = initial_state(classes, "Apprentice", &[], Config::default()).unwrap();
    let c = compile("apprentice.inv", &text, &s0.classes).unwrap();
    let sched = Schedule::from_file(std::path::Path::new(
        "tests/schedules/apprentice-bogus.sched",
    ))
    .unwrap();
    for (relation, expect) in [(None, "a_thread_per_job"), (Some("Monotonicity"), "line")] {
        let mut s = s0.clone();
        let mut obs = Check {
            c: &c,
            relation,
            prev: None,
            failure: None,
        };
        run(
            &mut s,
            &sched,
            RunOptions {
                observer: Some(&mut obs),
                ..Default::default()
            },
        )
        .unwrap();
        let f = obs.failure.expect("the bogus program must fail");
        assert!(
            f.fact.starts_with(expect),
            "{relation:?}: {}",
            f.describe(&c)
        );
        if relation.is_some() {
            assert!(
                f.why.contains("old(C.counter) = ") && f.why.contains("new(C.counter) = 1"),
                "{}",
                f.why
            );
        }
    }
}

/// (what is wrong, replace this, with this, the conjunct that must be named)
const WRONG: &[(&str, &str, &str, &str)] = &[
    (
        "lock not held in the critical section",
        "in_critical_section: holds(t)",
        "in_critical_section: free(t)",
        "in_critical_section",
    ),
    (
        "critical section one instruction too long",
        "pcs critical = 7..24",
        "pcs critical = 7..25",
        "in_critical_section",
    ),
    (
        "off-by-one heap bound",
        "threads.count == heap.length - 1",
        "threads.count == heap.length",
        "a_thread_per_job",
    ),
    (
        "the value written is the counter, not counter + 1",
        "stack[1] == C.counter + 1",
        "stack[1] == C.counter",
        "value_to_write",
    ),
    (
        "Job at address a belongs to thread a - 2",
        "thread(addr(o) - 1).object == o",
        "thread(addr(o) - 2).object == o",
        "job_has_its_thread",
    ),
    (
        "wrong local holds the Container",
        "container_in_local_1: m.local[1] == C",
        "container_in_local_1: m.local[2] == C",
        "container_in_local_1",
    ),
    (
        "unstarted Job thread has two frames",
        "t.depth == 1 && r.pc == 0",
        "t.depth == 2 && r.pc == 0",
        "unstarted",
    ),
    (
        "wrong field: objref read as counter",
        "o.objref == C ||",
        "o.counter == C ||",
        "objref_set",
    ),
    (
        "args array not empty",
        "args: length(ref(0)) == 0",
        "args: length(ref(0)) == 1",
        "args",
    ),
    (
        "wrong lock owner bound",
        "C.monitor >= 1 && C.monitor < threads.count",
        "C.monitor >= 2 && C.monitor < threads.count",
        "lock_owner_is_a_job",
    ),
    (
        "released too early",
        "pcs after_lock = 25, 33, 34",
        "pcs after_lock = 24, 25, 33, 34",
        "released",
    ),
];

#[test]
fn wrong_invariants_are_caught_naming_the_conjunct() {
    let text = source();
    for (what, from, to, fact) in WRONG {
        assert!(
            text.contains(from),
            "{what}: the invariant no longer contains {from:?}"
        );
        let wrong = text.replacen(from, to, 1);
        let f = first_failure(&wrong, "classfiles/apprentice", None, 20_000)
            .unwrap_or_else(|| panic!("{what}: not caught"));
        assert_eq!(f.fact, *fact, "{what}: {}", f.why);
    }
}

#[test]
fn a_missing_case_is_reported_with_the_call_stack() {
    let case =
        "  when Apprentice.main @ 0 { start: t == 0 && heap.length == 1 && stack_size == 0 }\n";
    assert!(source().contains(case));
    let wrong = source().replacen(case, "", 1);
    let f = first_failure(&wrong, "classfiles/apprentice", None, 20_000).expect("caught");
    assert_eq!(f.fact, "no case");
    assert!(f.why.contains("Apprentice.main@0"), "{}", f.why);
}

#[test]
fn a_relation_claiming_the_counter_never_changes_fails() {
    let text = source().replacen(
        "new(C.counter) == old(C.counter) || new(C.counter) == old(C.counter) + 1",
        "new(C.counter) == old(C.counter)",
        1,
    );
    let f = first_failure(&text, "classfiles/apprentice", Some("Monotonicity"), 20_000)
        .expect("caught");
    assert!(f.why.contains("false"), "{}", f.why);
}

/// (file text, line, column, words the message must contain)
const MALFORMED: &[(&str, usize, usize, &str)] = &[
    (
        "pcs a = 1..2\npcs b = a\nthread t { when Job.run @ b { true } }\n",
        2,
        9,
        "not the name of another set",
    ),
    (
        "relation R for c Container { true }\n",
        1,
        18,
        "expected `:` and a class",
    ),
    (
        "relation R for c : Nope { true }\n",
        1,
        20,
        "no class `Nope`",
    ),
    (
        "global { thread_of(ref(1), 2).scheduled }\n",
        1,
        10,
        "thread_of",
    ),
    (
        "global {\n  x: heap.length >= \n}\n",
        3,
        1,
        "expected an expression",
    ),
    ("global {\n  heap.length = 1\n}\n", 2, 15, "`==`"),
    (
        "thread t {\n  when Job.run @ 3 { true }\n}\n",
        2,
        18,
        "pc 3 is not an instruction start",
    ),
    (
        "thread t {\n  when Job.run @ line 40 { true }\n}\n",
        2,
        23,
        "no instruction of Job.run is on line 40 (its lines: 22)",
    ),
    (
        "thread t {\n  when Job.runn @ 0 { true }\n}\n",
        2,
        8,
        "has no method `runn`",
    ),
    (
        "thread t {\n  when Jobb.run @ 0 { true }\n}\n",
        2,
        8,
        "no class `Jobb`",
    ),
    (
        "thread t {\n  when Job.run @ 0 { local[7] == null }\n}\n",
        2,
        28,
        "index 7 is out of range",
    ),
    (
        "object o : Job {\n  o.objreff == null\n}\n",
        2,
        3,
        "no loaded class has a field `objreff`",
    ),
    (
        "global {\n  counter_is_zero: C.counter == 0\n}\n",
        2,
        20,
        "unknown name `C`",
    ),
    (
        "let C = ref(1)\nglobal {\n  old(C.counter) == 0\n}\n",
        3,
        3,
        "only meaningful in a relation",
    ),
    ("global {\n  (heap.length == 1\n}\n", 3, 1, "`)`"),
    ("invariant {\n}\n", 1, 1, "`let`, `def`"),
    (
        "def f(x) = x\nglobal {\n  f(1, 2)\n}\n",
        3,
        3,
        "takes 1 arguments, given 2",
    ),
];

#[test]
fn source_lines_key_the_pcs_the_line_number_table_gives() {
    // javac 17's Apprentice.main: line 31 is pcs 8..15, 32 is 16..18, 33
    // is 21..22 (and 34 the loop's goto at 25).
    let s = start("classfiles/apprentice", "Apprentice", &[]);
    let text = "pcs loop = lines 31..33\nthread t {\n  when Apprentice.main @ line 32 { true }\n  when Apprentice.main @ loop { true }\n  when Apprentice.main @ lines 29, 34 { true }\n}\n";
    let c = compile("lines.inv", text, &s.classes).expect("compiles");
    let pcs = |i: usize| -> Vec<u32> {
        c.cases[i].1[0]
            .pcs
            .as_ref()
            .expect("a set")
            .iter()
            .copied()
            .collect()
    };
    assert_eq!(pcs(0), vec![16, 17, 18]);
    assert_eq!(pcs(1), vec![8, 11, 12, 15, 16, 17, 18, 21, 22]);
    assert_eq!(pcs(2), vec![0, 3, 4, 7, 25]);
}

#[test]
fn structural_regions_key_the_entry_and_the_synchronized_block() {
    // javac 17's Job.incr: `synchronized (objref)` enters at pc 6 and
    // exits at 24 (normally) or 30 (its catch-any handler at 28).
    let s = start("classfiles/apprentice", "Apprentice", &[]);
    let text = "thread t {\n  when Job.run @ entry { true }\n  when Job.run @ 4 > Job.incr @ synchronized { true }\n}\n";
    let c = compile("regions.inv", text, &s.classes).expect("compiles");
    assert_eq!(pcs_at(&c, 0, 0), vec![0]);
    assert_eq!(
        pcs_at(&c, 1, 1),
        vec![7, 8, 11, 12, 15, 18, 19, 20, 23, 24, 28, 29, 30]
    );
    // A set the file defines under such a name is the file's.
    let text = "pcs entry = 5\nthread t {\n  when Job.run @ entry { true }\n}\n";
    let c = compile("regions.inv", text, &s.classes).expect("compiles");
    assert_eq!(pcs_at(&c, 0, 0), vec![5]);
    // A method that holds no monitor of its own has no such region.
    let text = "thread t {\n  when Job.run @ synchronized { true }\n}\n";
    let e = compile("regions.inv", text, &s.classes).expect_err("no region");
    assert!(
        e.rendered
            .contains("Job.run is not synchronized and has no `synchronized` block"),
        "{}",
        e.rendered
    );
    assert!(e.rendered.contains("regions.inv:2:"), "{}", e.rendered);

    // A synchronized method is a region from its entry; a `try` inside a
    // `synchronized` block (Worker.run's catch, and the block's catch-any
    // handler up to its `monitorexit`) is in it too.
    let cp = ClassPath::parse("classfiles/capped-counter").unwrap();
    let classes = load_classes(&cp, "Main").unwrap();
    let s = initial_state(classes, "Main", &[], Config::default()).unwrap();
    let text = "thread t {\n  when Counter.add @ synchronized { true }\n  when Worker.run @ synchronized { true }\n}\n";
    let c = compile("regions.inv", text, &s.classes).expect("compiles");
    assert_eq!(
        pcs_at(&c, 0, 0),
        vec![0, 1, 4, 5, 8, 11, 12, 13, 14, 17, 18, 19, 22]
    );
    assert_eq!(
        pcs_at(&c, 1, 0),
        vec![
            20, 21, 24, 27, 28, 29, 32, 33, 34, 37, 40, 41, 42, 43, 46, 47, 48, 51, 52, 56, 57, 58
        ]
    );
}

/// The pcs of frame `f` of case `i`'s pattern.
fn pcs_at(c: &Compiled, i: usize, f: usize) -> Vec<u32> {
    c.cases[i].1[f]
        .pcs
        .as_ref()
        .expect("a set")
        .iter()
        .copied()
        .collect()
}

#[test]
fn malformed_invariants_give_line_column_and_what_was_expected() {
    let s = start("classfiles/apprentice", "Apprentice", &[]);
    for (text, line, col, needle) in MALFORMED {
        let e = compile("bad.inv", text, &s.classes)
            .err()
            .unwrap_or_else(|| panic!("accepted: {text}"));
        assert_eq!((e.line, e.col), (*line, *col), "{text:?}: {}", e.msg);
        assert!(e.msg.contains(needle), "{text:?}: {}", e.msg);
        assert!(e.rendered.contains("bad.inv"), "{}", e.rendered);
    }
}

/// Runs `s0` under `sched`, checking `c` after every step both
/// incrementally and in full; returns the first failure (step, fact) of each.
type FirstFailure = Option<(u64, String)>;
fn incremental_and_full(
    c: &Compiled,
    s0: &State,
    sched: &Schedule,
    steps: u64,
) -> (FirstFailure, FirstFailure) {
    use m5::invariant::incremental::Incremental;
    struct Both<'a> {
        c: &'a Compiled,
        inc: Incremental<'a>,
        prev: Option<State>,
        full: FirstFailure,
        incremental: FirstFailure,
    }
    impl Observer for Both<'_> {
        fn before(&mut self, s: &State, _: ThreadId, _: u64) {
            self.prev = Some(s.clone());
        }
        fn after(&mut self, s: &mut State, _: ThreadId, step: u64) -> Control {
            let old = self.prev.take().unwrap();
            if self.incremental.is_none()
                && let Err(f) = self.inc.check_step(&old, s)
            {
                self.incremental = Some((step, f.fact));
            }
            if self.full.is_none()
                && let Err(f) = eval::check_state(self.c, s)
            {
                self.full = Some((step, f.fact));
            }
            if self.full.is_some() && self.incremental.is_some() {
                Control::Stop
            } else {
                Control::Continue
            }
        }
    }
    let mut s = s0.clone();
    s.aux.log_writes = true;
    let mut inc = Incremental::new(c);
    let init_inc = inc.check_all(&s).err().map(|f| (0, f.fact));
    let init_full = eval::check_state(c, &s).err().map(|f| (0, f.fact));
    if init_inc.is_some() || init_full.is_some() {
        return (init_full, init_inc);
    }
    let mut both = Both {
        c,
        inc,
        prev: None,
        full: None,
        incremental: None,
    };
    run(
        &mut s,
        sched,
        RunOptions {
            max_steps: Some(steps),
            observer: Some(&mut both),
            ..Default::default()
        },
    )
    .unwrap();
    (both.full, both.incremental)
}

/// The incremental checker (used by `m5 run --invariant`) must fail at the
/// same step, on the same fact, as checking the whole invariant every step.
#[test]
fn incremental_checking_agrees_with_full_checking() {
    let text = source();
    let mut variants = vec![text.clone()];
    variants.extend(
        WRONG
            .iter()
            .map(|(_, from, to, _)| text.replacen(from, to, 1)),
    );
    let s0 = start("classfiles/apprentice", "Apprentice", &[]);
    let mut failures = 0;
    for v in &variants {
        let c = compile("v.inv", v, &s0.classes).unwrap();
        for sched in [
            Schedule::Random { seed: 5 },
            Schedule::RoundRobin { quantum: 3 },
        ] {
            let (full, incremental) = incremental_and_full(&c, &s0, &sched, 15_000);
            assert_eq!(full, incremental, "{sched:?}");
            failures += usize::from(full.is_some());
        }
    }
    // Every wrong variant fails under at least one of the two schedules.
    assert!(failures >= WRONG.len(), "only {failures} failures");
}

/// The same on fields of every kind: a fact comparing a float, double,
/// long, char, boolean or reference field with a value must be re-checked
/// when a write makes it false (`o.f != 1` after `o.f = 1.0f` once slipped
/// through: the literal's key was an integer, the write's a float's bits).
#[test]
fn incremental_checking_agrees_on_every_value_kind() {
    let cp = ClassPath::parse("classfiles/field-kinds").unwrap();
    let classes = load_classes(&cp, "FieldKinds").unwrap();
    let s0 = initial_state(classes, "FieldKinds", &[], Config::default()).unwrap();
    // Each fact holds initially and fails at some later step.
    let facts = [
        "o.f != 1",
        "1 != o.f",
        "o.f != 0 || o.i == 0",
        "o.d != 1",
        "o.d == o.d",
        "o.l != 7",
        "o.l != 14",
        "o.l != -1",
        "o.i != 2",
        "o.c != 99",
        "o.z != 1",
        "o.r == null",
        "o.r != o",
        "o.f == 0 || o.f != o.d + 0",
    ];
    for fact in facts {
        let text = format!("object o : Holder {{ kind: {fact} }}\n");
        let c =
            compile("kinds.inv", &text, &s0.classes).unwrap_or_else(|e| panic!("{}", e.rendered));
        let (full, incremental) =
            incremental_and_full(&c, &s0, &Schedule::RoundRobin { quantum: 1 }, 10_000);
        assert!(
            full.as_ref().is_some_and(|(step, _)| *step > 0),
            "`{fact}` should fail after some step: {full:?}"
        );
        assert_eq!(full, incremental, "`{fact}`");
    }
}

/// The same for array elements (`a[i]`): a store into an element a fact
/// reads must re-check it.
#[test]
fn incremental_checking_agrees_on_array_elements() {
    let cp = ClassPath::parse("classfiles/mixed-state").unwrap();
    let classes = load_classes(&cp, "Mixed").unwrap();
    let s0 = initial_state(classes, "Mixed", &[], Config::default()).unwrap();
    for text in [
        "global { bits: static(Mixed.bits) == null || static(Mixed.bits)[1] == 0 }\n",
        "object o : Node { hist: o.hist == null || o.hist[1] == 0 }\n",
        "global { nodes: static(Mixed.nodes) == null || static(Mixed.nodes)[1] == null || false }\n",
    ] {
        let c =
            compile("arrays.inv", text, &s0.classes).unwrap_or_else(|e| panic!("{}", e.rendered));
        for sched in [
            Schedule::Random { seed: 3 },
            Schedule::RoundRobin { quantum: 1 },
        ] {
            let (full, incremental) = incremental_and_full(&c, &s0, &sched, 10_000);
            assert_eq!(full, incremental, "`{text}` {sched:?}");
            if !text.contains("nodes") {
                assert!(
                    full.as_ref().is_some_and(|(step, _)| *step > 0),
                    "`{text}` should fail after some step: {full:?}"
                );
            }
        }
    }
}

mod fuzz {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]
        /// Mangled invariant files never panic the parser or the checker.
        #[test]
        fn mangled_invariants_never_panic(cut in 0usize..6000, insert in "[ -~\n]{0,12}", drop in 0usize..40) {
            let text = std::fs::read_to_string("invariants/apprentice.inv").unwrap();
            let mut chars: Vec<char> = text.chars().collect();
            let at = cut.min(chars.len());
            let end = (at + drop).min(chars.len());
            chars.splice(at..end, insert.chars());
            let mangled: String = chars.into_iter().collect();
            let s = crate::common::start("classfiles/apprentice", "Apprentice", &[]);
            if let Ok(c) = m5::invariant::compile("fuzz.inv", &mangled, &s.classes) {
                let _ = m5::invariant::eval::check_state(&c, &s);
            }
        }
    }
}

#[test]
fn objects_are_named_by_allocation_and_resolved_to_their_addresses() {
    // javac 17's Apprentice.main allocates its Container first (ref 1,
    // after the String[] args at ref 0), then Jobs in its loop, which
    // starts a thread after the first Job: so one Job while main runs alone.
    let s = start("classfiles/apprentice", "Apprentice", &[]);
    let resolved = |text: &str| {
        let mut c =
            compile("alloc.inv", text, &s.classes).unwrap_or_else(|e| panic!("{}", e.rendered));
        m5::invariant::sites::resolve(&mut c, &s).map(|()| c)
    };
    let c = resolved(
        "let C = allocated(Container)\nglobal {\n  heap.length >= 2 => C == ref(1) && C is Container\n  allocated(Job, Apprentice.main, 1) == ref(2)\n  allocated(java.lang.Object, 2) == ref(2)\n}\n",
    )
    .unwrap_or_else(|e| panic!("{}", e.rendered));
    // The name is an address constant: it holds on the initial state as on
    // every state of the runs.
    assert!(eval::check_state(&c, &s).is_ok());
    // Not allocated while main runs alone: an error at the call.
    for (text, needle) in [
        (
            "let D = allocated(Container, 2)\n",
            "no such object is allocated while one thread alone runs",
        ),
        ("let D = allocated(Job, 2)\n", "no such object is allocated"),
        (
            "let D = allocated(Container, Job.run)\n",
            "no such object is allocated",
        ),
    ] {
        let e = resolved(text)
            .err()
            .unwrap_or_else(|| panic!("resolved: {text}"));
        assert_eq!((e.line, e.col), (1, 9), "{text}: {}", e.msg);
        assert!(e.msg.contains(needle), "{text}: {}", e.msg);
    }
    // Checked against the class files when compiled.
    for (text, needle) in [
        (
            "let D = allocated(Nothing)\n",
            "no class `Nothing` is loaded",
        ),
        (
            "let D = allocated(Container, Apprentice.nothing)\n",
            "has no method `nothing`",
        ),
        ("let D = allocated(Container, 0)\n", "1 for the first"),
        ("let D = allocated()\n", "`allocated` takes a class"),
        (
            "let D = allocated(Container, 1, 2)\n",
            "`allocated` takes a class",
        ),
    ] {
        let e = compile("alloc.inv", text, &s.classes)
            .err()
            .unwrap_or_else(|| panic!("accepted: {text}"));
        assert!(e.msg.contains(needle), "{text}: {}", e.msg);
    }
}
