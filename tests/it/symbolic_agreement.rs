//! The prover's symbolic step agrees with the interpreter's concrete step.
//!
//! Java programs run on the interpreter under seeded random schedules.
//! Before each step of a thread the prover can describe (scheduled, not in
//! `wait` unless the run has spurious wake-ups, which the prover assumes,
//! no floating-point slot in its frames), the concrete state is
//! encoded exactly as a symbolic pre-state: `H`, `N`, every object's class,
//! array length, monitor, lock count, thread-of-object entry and non-float
//! fields, every thread's object, scheduled flag, depth and top pc, every
//! non-float static, and the stepping thread's frames, slot by slot. Values
//! the concrete state does not define (the class of address -1, the fields
//! an object does not have, entries past `H` or `N`) stay unconstrained, as
//! they are for the prover.
//!
//! `prove::step::step` then gives the symbolic successors, and the
//! interpreter's `step` the concrete one. At least one branch's path
//! condition must hold in the encoded state, and every branch whose
//! condition holds must agree with the interpreter:
//! - some pre-step check fails: the interpreter threw a Java exception;
//! - the branch follows an exception to its handler (`caught`): compared
//!   as below, so the handler's frame, the frames popped, the monitors
//!   given up and the exception object must be the interpreter's;
//! - all checks hold and the branch is a no-op: so was the interpreter's
//!   step, or it only took a pending notification (`interp::waitset`),
//!   which the prover does not track (situation `notice`);
//! - otherwise: the stepping thread's frames (method, pc, every slot's type
//!   and value), the heap (length; every object's class, monitor, lock
//!   count, thread-of-object entry and fields, every array's length), the
//!   thread table (count; every thread's object, scheduled flag, depth, top
//!   pc), the other threads' frames, a created thread's frames and the
//!   statics all equal the interpreter's.
//!
//! A situation (the instruction's method and pc, whether it stepped, the
//! method and pc it left the thread at, whether a wait began or ended) is
//! compared at its first 16 visits and then at every 16th: a loop's body
//! is not re-encoded thousands of times, and a rare outcome of an
//! instruction (a branch taken once, an exception) is its own situation.
//!
//! Z3 reads the whole script (pre-state, step, one constant per branch
//! condition, check and post-state term); since the pre-state's constants
//! are defined as values, the terms simplify to values. Terms that read an
//! undefined entry (the class of null, say) are evaluated in a model of the
//! branch's condition instead.
//!
//! The test counts the compared branches per instruction family and
//! situation, prints the table (`--nocapture`), reports every disagreement
//! (program, seed, step, thread, method and pc, instruction, branch, the
//! first differing component) and fails if a required family or situation
//! was never compared. Skips (passes with a message) without `javac`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use m5::classfile::{
    ACC_ABSTRACT, ACC_INTERFACE, ClassId, ClassPath, ClassTable, Insn, InvokeKind, M5Insn,
};
use m5::interp::{self, Outcome, init::load_classes, initial_state};
use m5::prove::smt::{self, Script, Sort, array_sort};
use m5::prove::step::{self, Branch, Cx};
use m5::prove::sym::{
    ARRAY_CLASS, FieldKey, Heap, SFrame, SVal, Ty, default_elems, elem_code, elems_name, elems_sort,
};
use m5::state::{Body, Config, Frame, State, Status, Value};
use z3::ast::Ast;

use crate::common;

/// The instruction families the symbolic step models, each with the
/// situations that must have been compared at least once: `ok` (a normal
/// step), `noop` (blocked), `throw` (a pre-step check fails and the
/// interpreter throws), `caught` (the step throws, and the prover follows
/// the exception to the handler that catches it, as the interpreter does). Sub-families after a `/`: `Invoke/<kind>`,
/// `Invoke/Thread.start`, `New/thread`, `Ldc/class` (a class constant).
///
/// All families are emitted by javac except `Nop` and `Swap`: the test
/// patches one `i2b` into `nop` and one `ineg` into `swap` (see
/// `ProverOps.java`). Not listed: `monitorexit` of a monitor the thread does
/// not own (javac's structured locking never produces it).
const REQUIRED: &[(&str, &str)] = &[
    ("Nop", "ok"),
    ("AconstNull", "ok"),
    ("Iconst", "ok"),
    ("Lconst", "ok"),
    ("Ldc", "ok"),
    ("Ldc/class", "ok"),
    ("Load", "ok"),
    ("Store", "ok"),
    ("Pop", "ok"),
    ("Pop2", "ok"),
    ("Dup", "ok"),
    ("DupX1", "ok"),
    ("DupX2", "ok"),
    ("Dup2", "ok"),
    ("Dup2X1", "ok"),
    ("Dup2X2", "ok"),
    ("Swap", "ok"),
    ("Arith", "ok"),
    ("Arith", "throw"),
    ("Iinc", "ok"),
    ("Convert", "ok"),
    ("Lcmp", "ok"),
    ("If", "ok"),
    ("IfIcmp", "ok"),
    ("IfAcmp", "ok"),
    ("IfNull", "ok"),
    ("Goto", "ok"),
    ("Switch", "ok"),
    ("GetField", "ok"),
    ("GetField", "caught"),
    ("PutField", "ok"),
    ("PutField", "caught"),
    ("GetStatic", "ok"),
    ("PutStatic", "ok"),
    ("New", "ok"),
    ("New/thread", "ok"),
    ("MonitorEnter", "ok"),
    ("MonitorEnter", "noop"),
    ("MonitorEnter", "caught"),
    ("MonitorExit", "ok"),
    ("ArrayLength", "ok"),
    ("ArrayLength", "caught"),
    ("CheckCast", "ok"),
    ("CheckCast", "throw"),
    ("InstanceOf", "ok"),
    ("Athrow", "throw"),
    ("Athrow", "caught"),
    ("Return", "ok"),
    ("Invoke/Virtual", "ok"),
    ("Invoke/Virtual", "noop"),
    ("Invoke/Virtual", "throw"),
    ("Invoke/Virtual", "caught"),
    ("Invoke/Special", "ok"),
    ("Invoke/Static", "ok"),
    ("Invoke/Interface", "ok"),
    ("Invoke/Thread.start", "ok"),
    ("Invoke/Thread.start", "throw"),
    // A thread in `wait` (runs with spurious wake-ups): it takes the
    // monitor back, finds it held, or takes a notice while it is held.
    ("Wait/resume", "ok"),
    ("Wait/resume", "noop"),
    ("Wait/resume", "notice"),
];

/// What the Atomics program's run must compare (its own test,
/// `symbolic_step_agrees_on_the_library_contracts`): a library contract
/// (`interp::contracts`), and `currentThread`.
const REQUIRED_CONTRACTS: &[(&str, &str)] = &[
    ("Invoke/contract", "ok"),
    ("Invoke/Thread.currentThread", "ok"),
];

// ---------------------------------------------------------------------------
// Programs

struct Program {
    name: String,
    dir: PathBuf,
    main: String,
    /// (schedule seed, steps) of each run.
    runs: Vec<(u64, usize)>,
    /// Each situation is compared at its first `.0` visits, then at every
    /// `.1`th (`SAMPLE` for most).
    sample: (usize, usize),
    /// Run with spurious wake-ups (`Config::spurious_wakeups`), so that
    /// the steps of waiting threads are compared too.
    spurious: bool,
    /// Run the calls with a library contract as the contract's one step
    /// (`Config::library_contracts`), as the prover does, so that the
    /// contract's symbolic step is compared with its concrete one
    /// (`tests/it/contracts.rs` compares the concrete one with the JDK's
    /// bytecode); only those calls and `currentThread`'s are compared.
    contracts: bool,
}

/// Starts compiling `src` into `out`.
fn javac(src: &Path, out: &Path) -> (String, std::process::Child) {
    std::fs::create_dir_all(out).expect("mkdir");
    let child = common::javac()
        .arg("-d")
        .arg(out)
        .arg(src)
        .spawn()
        .expect("javac runs");
    (src.display().to_string(), child)
}

fn wait((src, mut child): (String, std::process::Child)) {
    let st = child.wait().expect("javac runs");
    assert!(st.success(), "javac {src} failed");
}

/// Replaces the one occurrence of `from` in the class file by `to`.
fn patch(file: &Path, from: &[u8], to: &[u8]) {
    let mut bytes = std::fs::read(file).expect("class file");
    let at: Vec<usize> = bytes
        .windows(from.len())
        .enumerate()
        .filter(|(_, w)| *w == from)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(at.len(), 1, "{from:02x?} in {}", file.display());
    bytes[at[0]..at[0] + to.len()].copy_from_slice(to);
    std::fs::write(file, bytes).expect("write class file");
}

/// Programs of the differential suite (`tests/java/<name>/Main.java`), one
/// run of 3000 steps each: m5's library code (String building, Integer
/// formatting), threads and other shapes of user code. The first three hold
/// the disagreements found so far: a private method called with
/// invokevirtual and shadowed by a subclass's private method
/// (virtual_dispatch), an interface call on null where no class implements
/// the interface (npe_sites), and the return of a static synchronized method
/// (sync_blocks_reentrant).
const OTHERS: &[&str] = &[
    "virtual_dispatch",
    "npe_sites",
    "sync_blocks_reentrant",
    "threads_join_counter",
    "thread_ping_pong",
    "exceptions_basic",
    "instanceof_checkcast",
    "int_arith_edges",
    "long_shifts",
    "fields_statics",
    "mixed_arg_slots",
    "illegal_monitor_state",
];

/// The programs of `OTHERS` that wait: run with spurious wake-ups.
const WAITING: &[&str] = &["thread_ping_pong"];

/// `ProverOps` (one schedule run to the end, one for 5,000 steps),
/// `WaitNotify` and `OTHERS`, compiled.
fn programs() -> Vec<Program> {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("symbolic-agreement");
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let dir = root.join("ProverOps");
    // javac starts slowly: compile all programs at once.
    let ops = javac(&manifest.join("tests/java-prover/ProverOps.java"), &dir);
    let wn_dir = root.join("WaitNotify");
    let mut others = vec![javac(
        &manifest.join("tests/java-prover/WaitNotify.java"),
        &wn_dir,
    )];
    out.push(Program {
        name: "WaitNotify".into(),
        dir: wn_dir,
        main: "WaitNotify".into(),
        runs: vec![(1, 3000), (2, 3000)],
        sample: (SAMPLE, SAMPLE),
        spurious: true,
        contracts: false,
    });
    for p in OTHERS {
        let d = root.join(p);
        others.push(javac(
            &manifest.join(format!("tests/java/{p}/Main.java")),
            &d,
        ));
        out.push(Program {
            name: p.to_string(),
            dir: d,
            main: "Main".into(),
            runs: vec![(1, 3000)],
            sample: (SAMPLE, SAMPLE),
            spurious: WAITING.contains(p),
            contracts: false,
        });
    }
    others.into_iter().for_each(wait);
    wait(ops);
    // Patched.sw: iload_0 iload_1 ineg isub ireturn -> ... swap ...
    patch(
        &dir.join("Patched.class"),
        &[0x1a, 0x1b, 0x74, 0x64, 0xac],
        &[0x1a, 0x1b, 0x5f, 0x64, 0xac],
    );
    // Patched.nop: iload_0 iload_1 i2b iadd ireturn -> ... nop ...
    patch(
        &dir.join("Patched.class"),
        &[0x1a, 0x1b, 0x91, 0x60, 0xac],
        &[0x1a, 0x1b, 0x00, 0x60, 0xac],
    );
    out.insert(
        0,
        Program {
            name: "ProverOps".into(),
            dir,
            main: "ProverOps".into(),
            // The first schedule runs to the end (about 12,100 steps);
            // the second, another interleaving of the same code, stops
            // after 5,000 (every step costs a Z3 parse of the whole
            // state: this keeps CI short).
            runs: vec![(1, 20000), (2, 5000)],
            sample: (SAMPLE, SAMPLE),
            spurious: false,
            contracts: false,
        },
    );
    out
}

/// `tests/java-prover/Atomics.java`, compiled, run with the contracts on:
/// one schedule, bounded. Its state is large (the JDK's atomics, `Unsafe`
/// and `VarHandle` set up) and every compared step encodes all of it, so
/// the run stops after `ATOMICS_STEPS` steps and, past main's set-up,
/// compares only the steps of the workers' calls (every contracted method
/// and `currentThread`, each situation sampled as everywhere):
/// `tests/it/contracts.rs` checks the contracts' concrete step against
/// the JDK's bytecode on 23,000 calls, this only that the symbolic step is
/// the concrete one.
fn atomics_program() -> Program {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("symbolic-agreement")
        .join("Atomics");
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    wait(javac(
        &manifest.join("tests/java-prover/Atomics.java"),
        &dir,
    ));
    Program {
        name: "Atomics".into(),
        dir,
        main: "Atomics".into(),
        runs: vec![(1, ATOMICS_STEPS)],
        sample: (3, 100),
        spurious: false,
        contracts: true,
    }
}

/// Steps of the Atomics run: past main's set-up and the workers' start,
/// through every contracted method at least once.
const ATOMICS_STEPS: usize = 40_000;

// ---------------------------------------------------------------------------
// Encoding a concrete state

/// A concrete value as it appears in the model: ints and longs as their
/// signed values, references as addresses, null as -1, booleans as 0/1.
type V = i64;

fn val(v: &Value) -> Option<(Ty, V)> {
    match v {
        Value::Int(i) => Some((Ty::I, *i as i64)),
        Value::Long(l) => Some((Ty::L, *l)),
        Value::Ref(r) => Some((Ty::A, *r as i64)),
        Value::Null => Some((Ty::A, -1)),
        Value::Top => Some((Ty::Top, 0)),
        Value::Float(_) | Value::Double(_) => None,
    }
}

fn term(ty: Ty, v: V) -> String {
    match ty {
        Ty::I => smt::bv32(v as i32),
        Ty::L => smt::bv64(v),
        Ty::A | Ty::Top => smt::int(v),
    }
}

fn is_array(o: &m5::state::Object) -> bool {
    matches!(o.body, Body::Array { .. })
}

/// The class id the prover stores for the object at `r`.
fn cls_of(s: &State, r: usize) -> V {
    let o = &s.heap[r];
    if is_array(o) {
        ARRAY_CLASS
    } else {
        o.class as V
    }
}

fn tof_of(s: &State, r: usize) -> V {
    s.thread_of_object.get(&(r as u32)).map_or(-1, |&t| t as V)
}

/// The non-float instance fields of the object at `r`: (key, value).
fn fields_of(s: &State, r: usize) -> Vec<(FieldKey, V)> {
    let o = &s.heap[r];
    if is_array(o) {
        return Vec::new();
    }
    let class = s.classes.class(o.class);
    let mut out = Vec::new();
    for (slot, fs) in class.layout.iter().enumerate() {
        let Some(ty) = Ty::of_desc(&fs.desc) else {
            continue;
        };
        let Some(v) = o.fields().get(slot) else {
            continue;
        };
        let Some((_, x)) = val(v) else { continue };
        out.push((
            FieldKey {
                slot: slot as u32,
                name: fs.name.clone(),
                ty,
            },
            x,
        ));
    }
    out
}

/// The non-float static slots: (slot, type).
fn static_slots(classes: &ClassTable) -> Vec<(u32, Ty)> {
    let mut out = Vec::new();
    for c in &classes.classes {
        for (_, desc, slot, _) in &c.statics {
            if let Some(ty) = Ty::of_desc(desc) {
                out.push((*slot, ty));
            }
        }
    }
    out
}

fn static_val(s: &State, slot: u32) -> Option<V> {
    val(&s.statics[slot as usize]).map(|(_, v)| v)
}

fn frame_ok(f: &Frame) -> bool {
    f.locals.iter().chain(&f.stack).all(|v| val(v).is_some())
}

/// The pre-state: the heap names, the stepping thread's frames, and the
/// concrete values the pre-state's constants are fixed to.
struct Pre {
    heap: Heap,
    frames: Vec<SFrame>,
    /// Scalar constants (`H`, `N`, `th`, statics, frame slots) and their values.
    known: HashMap<String, V>,
    /// Their values as terms.
    scalars: HashMap<String, String>,
    /// Array constants and their defined entries (index, value term).
    arrays: HashMap<String, Vec<(usize, String)>>,
}

impl Pre {
    fn scalar(&mut self, name: &str, ty: Ty, v: V) {
        self.known.insert(name.to_string(), v);
        self.scalars.insert(name.to_string(), term(ty, v));
    }
    fn entry(&mut self, arr: &str, i: usize, v: String) {
        self.arrays.entry(arr.to_string()).or_default().push((i, v));
    }
    /// The constant holding the unconstrained entries of array `base`.
    fn junk(&self, base: &str) -> String {
        if self.arrays.contains_key(base) {
            format!("{base}_junk")
        } else {
            base.to_string()
        }
    }
    /// The script's text with every fixed constant defined instead of
    /// declared: a scalar as its value, an array as its defined entries
    /// stored into a free `_junk` array (the entries the concrete state does
    /// not define stay unconstrained). Z3 then simplifies the step's terms
    /// to values as it reads them, which is much faster than solving
    /// equations over arrays.
    fn text(&self, sc: &Script) -> String {
        let mut out = String::new();
        for line in sc.text().lines().skip(1) {
            let decl = line
                .strip_prefix("(declare-const ")
                .and_then(|l| l.strip_suffix(')'))
                .and_then(|l| l.split_once(' '));
            match decl {
                Some((name, sort)) if self.scalars.contains_key(name) => {
                    out.push_str(&format!(
                        "(define-fun {name} () {sort} {})\n",
                        self.scalars[name]
                    ));
                }
                Some((name, sort)) if self.arrays.contains_key(name) => {
                    let mut t = format!("{name}_junk");
                    for (i, v) in &self.arrays[name] {
                        t = format!("(store {t} {i} {v})");
                    }
                    out.push_str(&format!(
                        "(declare-const {name}_junk {sort})\n(define-fun {name} () {sort} {t})\n"
                    ));
                }
                _ => {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
        out
    }
}

/// An array's elements as an SMT array term (0/null past the end).
fn row_term(ty: Ty, data: &m5::state::ArrayData) -> String {
    let mut t = default_elems(ty);
    for j in 0..data.len() {
        let (_, v) = val(&data.get(j)).expect("not floating-point");
        t = format!("(store {t} {j} {})", term(ty, v));
    }
    t
}

fn encode(sc: &mut Script, s: &State, th: u32, statics: &[(u32, Ty)]) -> Pre {
    let heap = Heap::pre(sc);
    sc.declare("th", "Int");
    let mut pre = Pre {
        heap,
        frames: Vec::new(),
        known: HashMap::new(),
        scalars: HashMap::new(),
        arrays: HashMap::new(),
    };
    pre.scalar("th", Ty::A, th as V);
    pre.scalar("H", Ty::A, s.heap.len() as V);
    pre.scalar("N", Ty::A, s.threads.len() as V);
    for r in 0..s.heap.len() {
        let o = &s.heap[r];
        pre.entry("cls", r, smt::int(cls_of(s, r)));
        if let Body::Array { data, elem } = &o.body {
            pre.entry("alen", r, data.len().to_string());
            if let Some(code) = elem_code(&s.classes, elem) {
                pre.entry("aty", r, smt::int(code));
                let ty = Ty::of_desc(elem).expect("not floating-point");
                pre.entry(elems_name(ty), r, row_term(ty, data));
            }
        }
        pre.entry("mon", r, o.monitor.to_string());
        pre.entry("mcnt", r, o.mcount.to_string());
        pre.entry("tof", r, smt::int(tof_of(s, r)));
        for (k, v) in fields_of(s, r) {
            let arr = pre.heap.field(sc, &k);
            pre.entry(&arr, r, term(k.ty, v));
        }
    }
    for (t, thr) in s.threads.iter().enumerate() {
        let obj = thr.object.map_or(-1, |r| r as V);
        pre.entry("tobj", t, smt::int(obj));
        let sched = thr.status == Status::Scheduled;
        pre.entry("sched", t, sched.to_string());
        pre.entry("depth", t, thr.stack.len().to_string());
        if let Some(f) = thr.top() {
            pre.entry("tpc", t, f.pc().to_string());
        }
        let (wobj, wcnt) = thr.wait.map_or((-1, 0), |w| (w.object as V, w.count as V));
        pre.entry("wobj", t, smt::int(wobj));
        pre.entry("wcnt", t, smt::int(wcnt));
    }
    for c in &s.classes.classes {
        let m = s.mirrors.get(&c.name).map_or(-1, |r| *r as V);
        pre.entry("mir", c.id as usize, smt::int(m));
    }
    for &(slot, ty) in statics {
        if let Some(v) = static_val(s, slot) {
            let name = pre.heap.static_field(sc, slot, ty);
            pre.scalar(&name, ty, v);
        }
    }
    for (i, f) in s.threads[th as usize].stack.iter().enumerate() {
        let mut slot = |kind: &str, j: usize, v: &Value| -> SVal {
            let (ty, x) = val(v).expect("checked: no floats");
            if ty == Ty::Top {
                return SVal::top();
            }
            let name = format!("th_f{i}_{kind}{j}");
            sc.declare(&name, ty.sort().smt());
            pre.scalar(&name, ty, x);
            SVal::new(ty, name)
        };
        let locals = f
            .locals
            .iter()
            .enumerate()
            .map(|(j, v)| slot("l", j, v))
            .collect();
        let stack = f
            .stack
            .iter()
            .enumerate()
            .map(|(j, v)| slot("s", j, v))
            .collect();
        pre.frames.push(SFrame {
            method: f.method.clone(),
            ip: f.ip,
            locals,
            stack,
            sync: None,
        });
    }
    pre
}

// ---------------------------------------------------------------------------
// Reading values

/// A literal term's value (`#x0000002a`, `12`, `(- 1)`).
fn literal(t: &str) -> Option<V> {
    if let Some(h) = t.strip_prefix("#x") {
        let u = u64::from_str_radix(h, 16).ok()?;
        return Some(match h.len() {
            8 => u as u32 as i32 as i64,
            16 => u as i64,
            _ => return None,
        });
    }
    if let Some(n) = t.strip_prefix("(- ").and_then(|x| x.strip_suffix(')')) {
        return n.parse::<i64>().ok().map(|x| -x);
    }
    t.parse::<i64>().ok()
}

/// Observation constants: one per distinct post-state term (scalar or
/// array) that is neither a literal nor a fixed pre-state constant. Its
/// assertion `(= obs_k TERM)` gives the term to simplify, and the constant
/// is what a model is asked for (Z3 cannot evaluate `define-fun` names).
#[derive(Default)]
struct Obs {
    scalars: HashMap<String, String>,
    arrays: HashMap<String, String>,
    /// The observation constants in the order of their assertions.
    order: Vec<String>,
    text: String,
}

impl Obs {
    fn scalar(&mut self, pre: &Pre, t: &str, sort: Sort) {
        if t.is_empty()
            || literal(t).is_some()
            || pre.known.contains_key(t)
            || self.scalars.contains_key(t)
        {
            return;
        }
        let name = format!("obs_{}", self.scalars.len());
        self.text.push_str(&format!(
            "(declare-const {name} {})\n(assert (= {name} {t}))\n",
            sort.smt()
        ));
        self.scalars.insert(t.to_string(), name.clone());
        self.order.push(name);
    }
    fn array(&mut self, t: &str, range: Sort) {
        self.observe(t, &array_sort(range));
    }
    /// An elements array (address -> index -> element).
    fn nested(&mut self, t: &str, ty: Ty) {
        self.observe(t, &elems_sort(ty));
    }
    /// An array-valued term of sort `sort`.
    fn observe(&mut self, t: &str, sort: &str) {
        if self.arrays.contains_key(t) {
            return;
        }
        let name = format!("obsa_{}", self.arrays.len());
        self.text.push_str(&format!(
            "(declare-const {name} {sort})\n(assert (= {name} {t}))\n"
        ));
        self.arrays.insert(t.to_string(), name.clone());
        self.order.push(name);
    }
    fn frames(&mut self, pre: &Pre, frames: &[SFrame]) {
        for f in frames {
            for v in f.locals.iter().chain(&f.stack) {
                if v.ty != Ty::Top {
                    self.scalar(pre, &v.t, v.ty.sort());
                }
            }
        }
    }
}

fn z3_sort(s: Sort) -> z3::Sort {
    match s {
        Sort::Int => z3::Sort::int(),
        Sort::Bool => z3::Sort::bool(),
        Sort::Bv32 => z3::Sort::bitvector(32),
        Sort::Bv64 => z3::Sort::bitvector(64),
    }
}

fn read(d: &z3::ast::Dynamic, sort: Sort) -> Option<V> {
    match sort {
        Sort::Int => d.as_int()?.as_i64(),
        Sort::Bool => d.as_bool()?.as_bool().map(V::from),
        Sort::Bv32 => d.as_bv()?.as_u64().map(|u| u as u32 as i32 as i64),
        Sort::Bv64 => d.as_bv()?.as_u64().map(|u| u as i64),
    }
}

/// What an evaluation needs when the simplified terms are not values.
const NEED_MODEL: &str = "(a model is needed)";

/// Values of the post-state terms: the simplified observations, else Z3's
/// model (if there is one).
struct Model<'a> {
    m: Option<&'a z3::Model>,
    simp: &'a HashMap<String, z3::ast::Dynamic>,
    obs: &'a Obs,
    pre: &'a Pre,
}

impl Model<'_> {
    /// The value of a scalar term.
    fn scalar(&self, t: &str, sort: Sort) -> Result<V, String> {
        if let Some(v) = literal(t).or_else(|| self.pre.known.get(t).copied()) {
            return Ok(v);
        }
        let name = self
            .obs
            .scalars
            .get(t)
            .ok_or_else(|| format!("term {t} was not observed"))?;
        if let Some(v) = self.simp.get(name).and_then(|d| read(d, sort)) {
            return Ok(v);
        }
        let Some(m) = self.m else {
            return Err(NEED_MODEL.into());
        };
        let c = z3::ast::Dynamic::new_const(name.as_str(), &z3_sort(sort));
        m.eval(&c, true)
            .and_then(|d| read(&d, sort))
            .ok_or_else(|| format!("no value for {t}"))
    }
    /// The value of `(select arr i)`; `arr` is an observed term or a
    /// pre-state array (then `i` is an index the pre-state leaves undefined).
    fn select(&self, arr: &str, i: i64, range: Sort) -> Result<V, String> {
        let idx = z3::ast::Int::from_i64(i);
        let name = match self.obs.arrays.get(arr) {
            Some(n) => {
                let v = self
                    .simp
                    .get(n)
                    .and_then(|d| d.as_array())
                    .and_then(|a| read(&a.select(&idx).simplify(), range));
                if let Some(v) = v {
                    return Ok(v);
                }
                n.clone()
            }
            None => self.pre.junk(arr),
        };
        let Some(m) = self.m else {
            return Err(NEED_MODEL.into());
        };
        let a = z3::ast::Array::new_const(name.as_str(), &z3::Sort::int(), &z3_sort(range));
        m.eval(&a.select(&idx), true)
            .and_then(|d| read(&d, range))
            .ok_or_else(|| format!("no value for (select {arr} {i})"))
    }
}

impl Model<'_> {
    /// The value of `(select (select arr r) j)` for an observed elements
    /// array `arr`.
    fn select2(&self, arr: &str, r: i64, j: i64, range: Sort) -> Result<V, String> {
        let (ri, ji) = (z3::ast::Int::from_i64(r), z3::ast::Int::from_i64(j));
        let name = self
            .obs
            .arrays
            .get(arr)
            .ok_or_else(|| format!("elements array {arr} was not observed"))?;
        let v = self
            .simp
            .get(name)
            .and_then(|d| d.as_array())
            .and_then(|a| a.select(&ri).simplify().as_array())
            .and_then(|row| read(&row.select(&ji).simplify(), range));
        if let Some(v) = v {
            return Ok(v);
        }
        let Some(m) = self.m else {
            return Err(NEED_MODEL.into());
        };
        let row_sort = z3::Sort::array(&z3::Sort::int(), &z3_sort(range));
        let a = z3::ast::Array::new_const(name.as_str(), &z3::Sort::int(), &row_sort);
        let row = m
            .eval(&a.select(&ri), true)
            .and_then(|d| d.as_array())
            .ok_or_else(|| format!("no row {r} of {arr}"))?;
        m.eval(&row.select(&ji), true)
            .and_then(|d| read(&d, range))
            .ok_or_else(|| format!("no value for element {j} of {r} in {arr}"))
    }
}

// ---------------------------------------------------------------------------
// Comparing

/// Did the interpreter's step throw a Java exception in `th`? Either the
/// thread died of it, or its top frame is now at a handler with just the
/// exception on its stack.
fn threw(pre: &State, post: &State, th: u32) -> bool {
    if post.aux.last_uncaught != pre.aux.last_uncaught
        && post.aux.last_uncaught.is_some_and(|(t, _)| t == th)
    {
        return true;
    }
    let Some(thread) = post.thread(th) else {
        return false;
    };
    let Some(f) = thread.top() else { return false };
    let throwable = post.classes.id("java/lang/Throwable");
    f.stack.len() == 1
        && thread.stack.len() <= pre.threads[th as usize].stack.len()
        && f.method.handlers.iter().any(|h| h.handler == f.ip)
        && match (f.stack[0], throwable) {
            (Value::Ref(r), Some(t)) => {
                !is_array(&post.heap[r as usize])
                    && post.classes.is_subclass(post.heap[r as usize].class, t)
            }
            _ => false,
        }
}

fn show(v: V, ty: Ty) -> String {
    match ty {
        Ty::A if v == -1 => "null".into(),
        Ty::A => format!("(REF {v})"),
        Ty::L => format!("{v}L"),
        Ty::Top => "TOP".into(),
        Ty::I => v.to_string(),
    }
}

fn frame_text(m: &m5::classfile::Method, ip: u32) -> String {
    format!("{}.{}@{}", m.class_name.replace('/', "."), m.name, m.pc(ip))
}

/// The symbolic frames against the interpreter's.
fn compare_frames(
    md: &Model,
    who: &str,
    sym: &[SFrame],
    conc: &[Arc<Frame>],
) -> Result<(), String> {
    if sym.len() != conc.len() {
        return Err(format!(
            "{who}: {} frames (symbolic) vs {} (interpreter)",
            sym.len(),
            conc.len()
        ));
    }
    for (i, (s, c)) in sym.iter().zip(conc).enumerate() {
        if s.method.id != c.method.id || s.ip != c.ip {
            return Err(format!(
                "{who} frame {i}: symbolic at {}, interpreter at {}",
                frame_text(&s.method, s.ip),
                frame_text(&c.method, c.ip)
            ));
        }
        for (kind, ss, cs) in [
            ("local", &s.locals, &c.locals),
            ("stack", &s.stack, &c.stack),
        ] {
            if ss.len() != cs.len() {
                return Err(format!(
                    "{who} frame {i} ({}): {} {kind} slots (symbolic) vs {} (interpreter)",
                    frame_text(&c.method, c.ip),
                    ss.len(),
                    cs.len()
                ));
            }
            for (j, (sv, cv)) in ss.iter().zip(cs.iter()).enumerate() {
                let at = || {
                    format!(
                        "{who} frame {i} ({}) {kind}[{j}]",
                        frame_text(&c.method, c.ip)
                    )
                };
                let Some((cty, cx)) = val(cv) else {
                    return Err(format!("{}: the interpreter holds a float {cv}", at()));
                };
                if sv.ty != cty {
                    return Err(format!(
                        "{}: type {:?} (symbolic) vs {cv} (interpreter)",
                        at(),
                        sv.ty
                    ));
                }
                if cty == Ty::Top {
                    continue;
                }
                let sx = md.scalar(&sv.t, sv.ty.sort())?;
                if sx != cx {
                    return Err(format!(
                        "{}: {} (symbolic, term {}) vs {} (interpreter)",
                        at(),
                        show(sx, cty),
                        sv.t,
                        show(cx, cty)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// One array of the post-state at the indices `idx`: the symbolic term
/// `t` (the pre-state base name `base` if the step did not change it)
/// against the interpreter's values. Where the array is unchanged and the
/// index was defined in the pre-state, the symbolic value is the concrete
/// pre-state's, so it is compared without the model.
#[allow(clippy::too_many_arguments)]
fn compare_array(
    md: &Model,
    what: &str,
    t: &str,
    base: &str,
    range: Sort,
    idx: &[usize],
    pre_defined: &dyn Fn(usize) -> Option<V>,
    post: &dyn Fn(usize) -> Option<V>,
) -> Result<(), String> {
    for &i in idx {
        let Some(want) = post(i) else { continue };
        let got = match (t == base, pre_defined(i)) {
            (true, Some(v)) => v,
            _ => md.select(t, i as i64, range)?,
        };
        if got != want {
            return Err(format!(
                "{what} at {i}: {got} (symbolic, {t}) vs {want} (interpreter)"
            ));
        }
    }
    Ok(())
}

/// A normal (non-throwing, non-blocked) branch against the interpreter's successor.
fn compare_post(
    md: &Model,
    b: &Branch,
    pre: &State,
    post: &State,
    th: u32,
    statics: &[(u32, Ty)],
) -> Result<(), String> {
    let ph = &md.pre.heap;
    compare_frames(
        md,
        "stepping thread",
        &b.frames,
        &post.threads[th as usize].stack,
    )?;
    // Heap.
    let h = md.scalar(&b.heap.h, Sort::Int)?;
    if h != post.heap.len() as V {
        return Err(format!(
            "heap length: {h} (symbolic) vs {} (interpreter)",
            post.heap.len()
        ));
    }
    let objs: Vec<usize> = (0..post.heap.len()).collect();
    let in_pre = |r: usize| r < pre.heap.len();
    compare_array(
        md,
        "class",
        &b.heap.cls,
        &ph.cls,
        Sort::Int,
        &objs,
        &|r| in_pre(r).then(|| cls_of(pre, r)),
        &|r| Some(cls_of(post, r)),
    )?;
    let alen = |s: &State, r: usize| match &s.heap[r].body {
        Body::Array { data, .. } => Some(data.len() as V),
        _ => None,
    };
    compare_array(
        md,
        "array length",
        &b.heap.alen,
        &ph.alen,
        Sort::Int,
        &objs,
        &|r| if in_pre(r) { alen(pre, r) } else { None },
        &|r| alen(post, r),
    )?;
    compare_array(
        md,
        "monitor",
        &b.heap.mon,
        &ph.mon,
        Sort::Int,
        &objs,
        &|r| in_pre(r).then(|| pre.heap[r].monitor as V),
        &|r| Some(post.heap[r].monitor as V),
    )?;
    compare_array(
        md,
        "lock count",
        &b.heap.mcnt,
        &ph.mcnt,
        Sort::Int,
        &objs,
        &|r| in_pre(r).then(|| pre.heap[r].mcount as V),
        &|r| Some(post.heap[r].mcount as V),
    )?;
    compare_array(
        md,
        "thread of object",
        &b.heap.tof,
        &ph.tof,
        Sort::Int,
        &objs,
        &|r| in_pre(r).then(|| tof_of(pre, r)),
        &|r| Some(tof_of(post, r)),
    )?;
    // Class objects, by class id.
    let mirror = |s: &State, c: usize| {
        s.mirrors
            .get(&s.classes.classes[c].name)
            .map_or(-1, |r| *r as V)
    };
    let cids: Vec<usize> = (0..post.classes.classes.len()).collect();
    compare_array(
        md,
        "Class object",
        &b.heap.mir,
        &ph.mir,
        Sort::Int,
        &cids,
        &|c| Some(mirror(pre, c)),
        &|c| Some(mirror(post, c)),
    )?;
    // Array elements (of arrays the prover models).
    for r in 0..post.heap.len() {
        let Some((elem, data)) = post.heap[r].array() else {
            continue;
        };
        let Some(code) = elem_code(&post.classes, elem) else {
            continue;
        };
        let ty = Ty::of_desc(elem).expect("not floating-point");
        let t = b.heap.elems(ty);
        if t == ph.elems(ty) {
            // Unchanged: the interpreter must not have changed them either.
            let same = in_pre(r) && pre.heap[r].array().is_some_and(|(_, d)| d == data);
            if !same {
                return Err(format!(
                    "elements of array {r}: unchanged (symbolic) vs changed (interpreter)"
                ));
            }
        } else {
            for j in 0..data.len() {
                let (_, want) = val(&data.get(j)).expect("not floating-point");
                let got = md.select2(t, r as i64, j as i64, ty.sort())?;
                if got != want {
                    return Err(format!(
                        "element {j} of array {r}: {got} (symbolic) vs {want} (interpreter)"
                    ));
                }
            }
        }
        if b.heap.aty != ph.aty && md.select(&b.heap.aty, r as i64, Sort::Int)? != code {
            return Err(format!("element type of array {r}: differs from {code}"));
        }
    }
    // Fields, by key: the objects that have each key.
    let mut by_key: BTreeMap<FieldKey, Vec<(usize, V)>> = BTreeMap::new();
    for r in 0..post.heap.len() {
        for (k, v) in fields_of(post, r) {
            by_key.entry(k).or_default().push((r, v));
        }
    }
    for (k, rs) in &by_key {
        let base = k.base();
        let t = b
            .heap
            .fields
            .get(k)
            .cloned()
            .unwrap_or_else(|| base.clone());
        let pre_vals: HashMap<usize, V> = if t == base {
            rs.iter()
                .filter(|(r, _)| in_pre(*r))
                .filter_map(|(r, _)| {
                    fields_of(pre, *r)
                        .into_iter()
                        .find(|(pk, _)| pk == k)
                        .map(|(_, v)| (*r, v))
                })
                .collect()
        } else {
            HashMap::new()
        };
        let post_vals: HashMap<usize, V> = rs.iter().copied().collect();
        let idx: Vec<usize> = rs.iter().map(|(r, _)| *r).collect();
        compare_array(
            md,
            &format!("field {} (slot {})", k.name, k.slot),
            &t,
            &base,
            k.ty.sort(),
            &idx,
            &|r| pre_vals.get(&r).copied(),
            &|r| post_vals.get(&r).copied(),
        )?;
    }
    // Thread table.
    let n = md.scalar(&b.heap.n, Sort::Int)?;
    if n != post.threads.len() as V {
        return Err(format!(
            "thread count: {n} (symbolic) vs {} (interpreter)",
            post.threads.len()
        ));
    }
    let ths: Vec<usize> = (0..post.threads.len()).collect();
    let in_pre_t = |t: usize| t < pre.threads.len();
    let tobj = |s: &State, t: usize| s.threads[t].object.map_or(-1, |r| r as V);
    compare_array(
        md,
        "thread object",
        &b.heap.tobj,
        &ph.tobj,
        Sort::Int,
        &ths,
        &|t| in_pre_t(t).then(|| tobj(pre, t)),
        &|t| Some(tobj(post, t)),
    )?;
    let sched = |s: &State, t: usize| V::from(s.threads[t].status == Status::Scheduled);
    compare_array(
        md,
        "scheduled",
        &b.heap.sched,
        &ph.sched,
        Sort::Bool,
        &ths,
        &|t| in_pre_t(t).then(|| sched(pre, t)),
        &|t| Some(sched(post, t)),
    )?;
    let depth = |s: &State, t: usize| s.threads[t].stack.len() as V;
    compare_array(
        md,
        "depth",
        &b.heap.depth,
        &ph.depth,
        Sort::Int,
        &ths,
        &|t| in_pre_t(t).then(|| depth(pre, t)),
        &|t| Some(depth(post, t)),
    )?;
    let tpc = |s: &State, t: usize| s.threads[t].top().map(|f| f.pc() as V);
    compare_array(
        md,
        "top pc",
        &b.heap.tpc,
        &ph.tpc,
        Sort::Int,
        &ths,
        &|t| if in_pre_t(t) { tpc(pre, t) } else { None },
        &|t| tpc(post, t),
    )?;
    // The other threads' frames are untouched; a created thread's are spelled out.
    for t in 0..pre.threads.len() {
        if t != th as usize && pre.threads[t].stack != post.threads[t].stack {
            return Err(format!("the interpreter changed the frames of thread {t}"));
        }
    }
    match &b.new_thread {
        Some(fs) => {
            let t = pre.threads.len();
            let Some(thr) = post.threads.get(t) else {
                return Err("symbolic step created a thread, the interpreter did not".into());
            };
            compare_frames(md, &format!("new thread {t}"), fs, &thr.stack)?;
        }
        None if post.threads.len() != pre.threads.len() => {
            return Err("the interpreter created a thread, the symbolic step did not".into());
        }
        None => {}
    }
    // Statics.
    for &(slot, ty) in statics {
        let want = static_val(post, slot);
        let got = match b.heap.statics.get(&slot) {
            Some(t) => Some(md.scalar(t, ty.sort())?),
            None => static_val(pre, slot),
        };
        if got != want {
            return Err(format!(
                "static slot {slot}: {got:?} (symbolic) vs {want:?} (interpreter)"
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// One step

/// Do two states differ only in what the prover does not track of `wait`:
/// wait sets, pending notifications and whether a waiter was notified?
fn only_notices_differ(pre: &State, post: &State) -> bool {
    let erase = |s: &State| {
        let mut s = s.clone();
        for o in s.heap.iter_mut() {
            let o = Arc::make_mut(o);
            o.wait_set.clear();
            o.notices.clear();
        }
        for t in s.threads.iter_mut() {
            if let Some(w) = Arc::make_mut(t).wait.as_mut() {
                w.notified = false;
            }
        }
        s
    };
    pre.model != post.model && erase(pre).model == erase(post).model
}

/// The family of an instruction: its `Insn` variant, with the invoke kind,
/// `Thread.start` and `new` of a thread class told apart.
fn family(classes: &ClassTable, insn: &Insn) -> String {
    let d = format!("{insn:?}");
    let name = d.split('(').next().unwrap_or(&d).to_string();
    match insn {
        Insn::Invoke(InvokeKind::Virtual, mr)
            if &*mr.name == "start"
                && &*mr.desc == "()V"
                && classes
                    .id(&mr.class)
                    .is_some_and(|c| classes.class(c).is_thread) =>
        {
            "Invoke/Thread.start".into()
        }
        Insn::Invoke(InvokeKind::Static, mr)
            if classes
                .id(&mr.class)
                .and_then(|c| classes.resolve_method(c, &mr.name, &mr.desc))
                .is_some_and(|m| classes.method(m).is_synchronized()) =>
        {
            "Invoke/Static synchronized".into()
        }
        Insn::Invoke(InvokeKind::Virtual, mr)
            if classes
                .id(&mr.class)
                .and_then(|c| classes.resolve_method(c, &mr.name, &mr.desc))
                .is_some_and(|m| m5::interp::contracts::of(classes.method(m)).is_some()) =>
        {
            "Invoke/contract".into()
        }
        Insn::Invoke(InvokeKind::Static, mr)
            if &*mr.class == "java/lang/Thread" && &*mr.name == "currentThread" =>
        {
            "Invoke/Thread.currentThread".into()
        }
        Insn::Invoke(k, _) => format!("Invoke/{k:?}"),
        Insn::New(c) if c.id.is_some_and(|id| classes.class(id).is_thread) => "New/thread".into(),
        Insn::Ldc(m5::classfile::Const::Class(_)) => "Ldc/class".into(),
        _ => name,
    }
}

/// Pops the solver's scope of one state's script when dropped.
struct Pop<'a>(&'a z3::Solver);

impl Drop for Pop<'_> {
    fn drop(&mut self) {
        self.0.pop(1);
    }
}

#[derive(Default)]
struct Stats {
    /// (family, situation) -> compared branches.
    compared: BTreeMap<(String, String), usize>,
    /// family -> states the symbolic step does not model.
    unsupported: BTreeMap<String, usize>,
    /// family -> the first reason given.
    unsupported_why: BTreeMap<String, String>,
    /// Disagreements by instruction (method and pc): count, first report.
    disagreements: BTreeMap<String, (usize, String)>,
    states: usize,
    steps: usize,
    solver_calls: usize,
    /// Visits per situation.
    visits: HashMap<Situation, usize>,
    /// Eligible steps not compared: their situation had been compared
    /// `SAMPLE` times, and it was not an `SAMPLE`th visit.
    sampled_out: usize,
    /// Heap length at the end of the run.
    heap: usize,
    secs: f64,
    /// The run's `Program::sample`.
    sample: (usize, usize),
}

/// Where a step is and where it leaves the thread (`check_step`).
type Situation = ((usize, u32), bool, Option<(usize, u32)>, (bool, bool, bool));

/// Each situation is compared at its first `SAMPLE` visits, then at every
/// `SAMPLE`th.
const SAMPLE: usize = 16;

/// Where a step happens, for reports.
struct Here<'a> {
    step: usize,
    th: u32,
    frame: &'a Frame,
    insn: &'a Insn,
}

impl Here<'_> {
    fn at(&self) -> String {
        frame_text(&self.frame.method, self.frame.ip)
    }
    fn text(&self) -> String {
        format!(
            "step {}, thread {} at {} {} ({:?})",
            self.step,
            self.th,
            self.at(),
            M5Insn {
                insn: self.insn,
                index: self.frame.ip as usize,
                offsets: &self.frame.method.offsets,
            },
            self.insn
        )
    }
}

/// Runs one step of `th` on `s` (in place) and, if the prover can describe
/// the state, checks the symbolic step against it (disagreements go to
/// `stats`). Err: the interpreter failed.
fn check_step(
    solver: &z3::Solver,
    k: usize,
    s: &mut State,
    th: u32,
    cx: &Cx,
    statics: &[(u32, Ty)],
    stats: &mut Stats,
) -> Result<(), String> {
    let interp_err = |e: interp::VmError| format!("interpreter error: {e}");
    let eligible = s.exit.is_none()
        && s.thread(th).is_some_and(|t| {
            t.status == Status::Scheduled
                && (t.wait.is_none() || s.config.spurious_wakeups)
                && !t.initializing()
                && t.top().is_some_and(|f| !f.needs_monitor())
                && t.stack.iter().all(|f| frame_ok(f))
        });
    if !eligible {
        return interp::step(s, th).map(|_| ()).map_err(interp_err);
    }
    let top = s.threads[th as usize].top().expect("frame").clone();
    let insn = &top.method.code[top.ip as usize];
    let fam = if s.threads[th as usize].wait.is_some() {
        "Wait/resume".to_string()
    } else {
        family(cx.classes, insn)
    };
    // The interpreter's step first: where it leaves the thread (the next
    // pc, a handler, a return, blocked) names the situation, and each
    // situation of each instruction is compared at its first visits and
    // then at every `SAMPLE`th (a loop's thousandth pass adds little).
    let pre = s.clone();
    let outcome = interp::step(s, th).map_err(interp_err)?;
    let after = s.threads[th as usize]
        .top()
        .map(|f| (Arc::as_ptr(&f.method) as usize, f.ip));
    let (was, now) = (&pre.threads[th as usize], &s.threads[th as usize]);
    let situation = (
        (Arc::as_ptr(&top.method) as usize, top.ip),
        matches!(outcome, Outcome::Stepped),
        after,
        // (A wait that ends, or a notification taken, in place.)
        (
            was.wait.is_some(),
            now.wait.is_some(),
            was.status == now.status,
        ),
    );
    let visits = stats.visits.entry(situation).or_default();
    *visits += 1;
    let (first, every) = stats.sample;
    if *visits > first && !visits.is_multiple_of(every) {
        stats.sampled_out += 1;
        return Ok(());
    }
    let mut sc = Script::default();
    let pre_enc = encode(&mut sc, &pre, th, statics);
    let branches = match step::step(cx, &mut sc, &pre_enc.heap, "th", &pre_enc.frames) {
        Ok(b) => b,
        Err(e) => {
            *stats.unsupported.entry(fam.clone()).or_default() += 1;
            stats.unsupported_why.entry(fam).or_insert(e.0);
            return Ok(());
        }
    };
    stats.states += 1;
    let here = Here {
        step: k,
        th,
        frame: &top,
        insn,
    };
    let r = compare_step(
        solver, &sc, &pre_enc, &branches, &pre, s, outcome, &here, &fam, statics, stats,
    );
    if let Err(e) = r {
        let e = format!("{}: {e}", here.text());
        let d = stats.disagreements.entry(here.at()).or_insert((0, e));
        d.0 += 1;
    }
    Ok(())
}

/// Every branch of the symbolic step whose path condition holds in the
/// encoded pre-state against the interpreter's step.
#[allow(clippy::too_many_arguments)]
fn compare_step(
    solver: &z3::Solver,
    sc: &Script,
    pre_enc: &Pre,
    branches: &[Branch],
    pre: &State,
    post: &State,
    outcome: Outcome,
    here: &Here,
    fam: &str,
    statics: &[(u32, Ty)],
    stats: &mut Stats,
) -> Result<(), String> {
    let th = here.th;
    // Indicators for branches and checks, observations of every post term.
    let mut obs = Obs::default();
    let mut ind = String::new();
    for (i, b) in branches.iter().enumerate() {
        ind.push_str(&format!(
            "(declare-const br_{i} Bool)\n(assert (= br_{i} {}))\n",
            smt::and(&b.cond)
        ));
        for (j, (_, c)) in b.checks.iter().enumerate() {
            ind.push_str(&format!(
                "(declare-const ck_{i}_{j} Bool)\n(assert (= ck_{i}_{j} {c}))\n"
            ));
        }
        if b.noop {
            continue;
        }
        obs.frames(pre_enc, &b.frames);
        if let Some(nt) = &b.new_thread {
            obs.frames(pre_enc, nt);
        }
        obs.scalar(pre_enc, &b.heap.h, Sort::Int);
        obs.scalar(pre_enc, &b.heap.n, Sort::Int);
        let ph = &pre_enc.heap;
        for (t, base, range) in [
            (&b.heap.cls, &ph.cls, Sort::Int),
            (&b.heap.alen, &ph.alen, Sort::Int),
            (&b.heap.mon, &ph.mon, Sort::Int),
            (&b.heap.mcnt, &ph.mcnt, Sort::Int),
            (&b.heap.tof, &ph.tof, Sort::Int),
            (&b.heap.tobj, &ph.tobj, Sort::Int),
            (&b.heap.depth, &ph.depth, Sort::Int),
            (&b.heap.tpc, &ph.tpc, Sort::Int),
            (&b.heap.sched, &ph.sched, Sort::Bool),
            (&b.heap.mir, &ph.mir, Sort::Int),
            (&b.heap.aty, &ph.aty, Sort::Int),
        ] {
            if t != base {
                obs.array(t, range);
            }
        }
        for ty in [Ty::I, Ty::L, Ty::A] {
            if b.heap.elems(ty) != ph.elems(ty) {
                obs.nested(b.heap.elems(ty), ty);
            }
        }
        for (k, t) in &b.heap.fields {
            obs.array(t, k.ty.sort());
        }
        for (slot, t) in &b.heap.statics {
            let ty = statics
                .iter()
                .find(|(s, _)| s == slot)
                .map_or(Ty::I, |(_, ty)| *ty);
            obs.scalar(pre_enc, t, ty.sort());
        }
    }
    let text = format!("{}{ind}{}", pre_enc.text(sc), obs.text);
    let expected = text.matches("(assert ").count();
    solver.push();
    let _pop = Pop(solver);
    solver.from_string(text.as_str());
    let asserted = solver.get_assertions();
    if asserted.len() != expected {
        return Err(format!(
            "Z3 did not parse the script ({} of {expected} assertions)\n{text}",
            asserted.len()
        ));
    }
    // Z3 expands the definitions as it reads, so the terms of a state fixed
    // to concrete values simplify to values; only terms that read undefined
    // entries (a null reference's class, say) need a model.
    let simp_of = |a: &z3::ast::Bool, name: &str| -> Result<z3::ast::Dynamic, String> {
        let (Some(lhs), Some(rhs)) = (a.nth_child(0), a.nth_child(1)) else {
            return Err(format!("unexpected assertion {a}"));
        };
        if lhs.to_string() != name {
            return Err(format!("assertion {a} is not about {name}"));
        }
        Ok(rhs.simplify())
    };
    let mut k = 0;
    let mut conds: Vec<Option<bool>> = Vec::new();
    let mut checks: Vec<Vec<Option<bool>>> = Vec::new();
    for (i, b) in branches.iter().enumerate() {
        conds.push(
            simp_of(&asserted[k], &format!("br_{i}"))?
                .as_bool()
                .and_then(|x| x.as_bool()),
        );
        k += 1;
        let mut cs = Vec::new();
        for j in 0..b.checks.len() {
            cs.push(
                simp_of(&asserted[k], &format!("ck_{i}_{j}"))?
                    .as_bool()
                    .and_then(|x| x.as_bool()),
            );
            k += 1;
        }
        checks.push(cs);
    }
    let mut simp = HashMap::new();
    for name in &obs.order {
        simp.insert(name.clone(), simp_of(&asserted[k], name)?);
        k += 1;
    }
    let solver_model = |i: usize, stats: &mut Stats| -> Result<Option<z3::Model>, String> {
        stats.solver_calls += 1;
        let br = z3::ast::Bool::new_const(format!("br_{i}"));
        match solver.check_assumptions(&[br]) {
            z3::SatResult::Unsat => Ok(None),
            z3::SatResult::Unknown => Err(format!("Z3 answered unknown for branch {i}")),
            z3::SatResult::Sat => Ok(Some(solver.get_model().ok_or("no model")?)),
        }
    };
    // The branches that apply, with a model where one was needed.
    let mut applicable: Vec<(usize, Option<z3::Model>)> = Vec::new();
    if conds.iter().all(Option::is_some) {
        applicable.extend(
            conds
                .iter()
                .enumerate()
                .filter(|(_, c)| **c == Some(true))
                .map(|(i, _)| (i, None)),
        );
    } else {
        for i in 0..branches.len() {
            if let Some(m) = solver_model(i, stats)? {
                applicable.push((i, Some(m)));
            }
        }
    }
    if applicable.is_empty() {
        return Err(format!(
            "none of the {} branch(es) of the symbolic step applies to the state",
            branches.len()
        ));
    }
    let mut normal = 0;
    for (i, mut m) in applicable {
        let b = &branches[i];
        let label = if b.label.is_empty() {
            format!("branch {i}")
        } else {
            format!("branch {i} \"{}\"", b.label)
        };
        if m.is_none() && checks[i].iter().any(Option::is_none) {
            m = solver_model(i, stats)?;
        }
        let mut failed = Vec::new();
        for (j, (what, _)) in b.checks.iter().enumerate() {
            let v = match (checks[i][j], &m) {
                (Some(v), _) => Some(v),
                (None, Some(m)) => m
                    .eval(&z3::ast::Bool::new_const(format!("ck_{i}_{j}")), true)
                    .and_then(|v| v.as_bool()),
                (None, None) => None,
            };
            match v {
                Some(true) => {}
                Some(false) => failed.push(what.clone()),
                None => return Err(format!("{label}: no value for the check {what}")),
            }
        }
        let situation = if !failed.is_empty() {
            if !(outcome == Outcome::Stepped && threw(pre, post, th)) {
                return Err(format!(
                    "{label}: the symbolic check `{}` fails, but the interpreter did not throw (outcome {outcome:?})",
                    failed[0]
                ));
            }
            "throw"
        } else if b.noop {
            normal += 1;
            if matches!(outcome, Outcome::NoOp(_)) && pre.model == post.model {
                "noop"
            } else if outcome == Outcome::Stepped && only_notices_differ(pre, post) {
                "notice"
            } else {
                return Err(format!(
                    "{label}: the symbolic step is blocked, the interpreter's step was {outcome:?}"
                ));
            }
        } else {
            normal += 1;
            if let Outcome::NoOp(why) = outcome {
                return Err(format!(
                    "{label}: the interpreter's step was a no-op ({why:?}), the symbolic step moved"
                ));
            }
            let mut r = compare_post(
                &Model {
                    m: m.as_ref(),
                    simp: &simp,
                    obs: &obs,
                    pre: pre_enc,
                },
                b,
                pre,
                post,
                th,
                statics,
            );
            if matches!(&r, Err(e) if e == NEED_MODEL) {
                m = solver_model(i, stats)?;
                r = compare_post(
                    &Model {
                        m: m.as_ref(),
                        simp: &simp,
                        obs: &obs,
                        pre: pre_enc,
                    },
                    b,
                    pre,
                    post,
                    th,
                    statics,
                );
            }
            if let Err(e) = r {
                let hint = if threw(pre, post, th) {
                    " (the interpreter threw an exception, but every symbolic check holds)"
                } else {
                    ""
                };
                return Err(format!("{label}: {e}{hint}"));
            }
            if b.caught.is_some() { "caught" } else { "ok" }
        };
        *stats
            .compared
            .entry((fam.to_string(), situation.to_string()))
            .or_default() += 1;
    }
    if normal > 1 {
        return Err(format!(
            "{normal} symbolic branches apply without an exception"
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Runs

/// A small deterministic generator (Knuth's MMIX LCG).
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

/// Runs `p` under the schedule of `seed` for up to `max_steps` steps,
/// checking every step. Err: the run could not go on (interpreter error,
/// deadlock).
fn run(p: &Program, seed: u64, max_steps: usize) -> Result<Stats, String> {
    let cp = ClassPath::parse(p.dir.to_str().expect("utf-8 path")).map_err(|e| e.to_string())?;
    let classes = load_classes(&cp, &p.main).map_err(|e| e.to_string())?;
    let config = Config {
        spurious_wakeups: p.spurious,
        library_contracts: p.contracts,
        ..Config::default()
    };
    let mut s = initial_state(classes.clone(), &p.main, &[], config).map_err(|e| e.to_string())?;
    let inst: BTreeSet<ClassId> = classes
        .classes
        .iter()
        .filter(|c| c.flags & (ACC_ABSTRACT | ACC_INTERFACE) == 0)
        .map(|c| c.id)
        .collect();
    // No class with a static initializer counts as initialized: the
    // prover steps only what it models without one.
    let no_class = std::collections::BTreeSet::new();
    let cx = Cx {
        classes: &classes,
        inst: &inst,
        arrays: true,
        max_depth: m5::state::DEFAULT_MAX_STACK_DEPTH,
        initialized: &no_class,
    };
    let statics = static_slots(&classes);
    let mut stats = Stats {
        sample: p.sample,
        ..Stats::default()
    };
    let mut rng = Lcg(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x1234_5678);
    let mut cur: Option<u32> = None;
    // One solver for the run: a fresh solver's first script costs
    // milliseconds, a script in a new scope of a used one a fraction of that.
    let solver = z3::Solver::new();
    let t0 = Instant::now();
    for k in 0..max_steps {
        let alive: Vec<u32> = (0..s.threads.len() as u32)
            .filter(|&t| s.threads[t as usize].is_alive())
            .collect();
        if alive.is_empty() || s.exit.is_some() {
            break;
        }
        let runnable: Vec<u32> = alive
            .iter()
            .copied()
            .filter(|&t| interp::can_step(&s, t))
            .collect();
        if runnable.is_empty() {
            return Err(format!("{} (seed {seed}): deadlock at step {k}", p.name));
        }
        // Mostly bursts of one thread; sometimes any live thread, which may
        // be blocked (its step is a no-op, compared too).
        let th = match cur {
            Some(t) if runnable.contains(&t) && rng.next(4) != 0 => t,
            _ if rng.next(4) == 0 => alive[rng.next(alive.len())],
            _ => runnable[rng.next(runnable.len())],
        };
        cur = Some(th);
        stats.steps += 1;
        // A program run with the contracts compares only the calls they
        // and `currentThread` make (the other families have their
        // programs; encoding its large state costs every step).
        if p.contracts && !contract_call(&s, th, &classes) {
            interp::step(&mut s, th).map_err(|e| format!("{} (seed {seed}): {e}", p.name))?;
            continue;
        }
        check_step(&solver, k, &mut s, th, &cx, &statics, &mut stats)
            .map_err(|e| format!("{} (seed {seed}), step {k}: {e}", p.name))?;
    }
    stats.heap = s.heap.len();
    stats.secs = t0.elapsed().as_secs_f64();
    Ok(stats)
}

/// Is `th`'s next instruction a call of the families of
/// `REQUIRED_CONTRACTS`?
fn contract_call(s: &State, th: u32, classes: &ClassTable) -> bool {
    let Some(f) = s.thread(th).and_then(|t| t.top()) else {
        return false;
    };
    let Some(insn) = f.method.code.get(f.ip as usize) else {
        return false;
    };
    let fam = family(classes, insn);
    REQUIRED_CONTRACTS.iter().any(|(f, _)| *f == fam)
}

/// (program index, seed, statistics or why the run stopped).
type RunResult = (usize, u64, Result<Stats, String>);

#[test]
fn symbolic_step_agrees_with_interpreter() {
    if !common::have("javac", "-version") {
        return;
    }
    check_programs(programs(), REQUIRED);
}

/// The library contracts' symbolic step against their concrete one, on the
/// Atomics program (bounded: `atomics_program`).
#[test]
fn symbolic_step_agrees_on_the_library_contracts() {
    if !common::have("javac", "-version") {
        return;
    }
    check_programs(vec![atomics_program()], REQUIRED_CONTRACTS);
}

/// Runs every program's schedules (two at a time), prints the table of
/// compared families and fails on a disagreement or a family of
/// `required` never compared.
fn check_programs(programs: Vec<Program>, required: &[(&str, &str)]) {
    let t0 = Instant::now();
    // (program, seed, steps)
    let mut jobs: Vec<(usize, u64, usize)> = Vec::new();
    for (i, p) in programs.iter().enumerate() {
        for &(seed, steps) in &p.runs {
            jobs.push((i, seed, steps));
        }
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<RunResult>> = Mutex::new(Vec::new());
    std::thread::scope(|sc| {
        for _ in 0..2 {
            sc.spawn(|| {
                loop {
                    let j = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&(i, seed, steps)) = jobs.get(j) else {
                        break;
                    };
                    let r = run(&programs[i], seed, steps);
                    results.lock().expect("lock").push((i, seed, r));
                }
            });
        }
    });
    let mut results = results.into_inner().expect("lock");
    results.sort_by_key(|(i, seed, _)| (*i, *seed));
    let mut total = Stats::default();
    let mut errors = Vec::new();
    for (i, seed, r) in results {
        let name = &programs[i].name;
        match r {
            Ok(st) => {
                println!(
                    "{name} seed {seed}: {} steps, {} states compared, {} sampled out, {} solver calls, {} objects at the end, {:.1}s",
                    st.steps, st.states, st.sampled_out, st.solver_calls, st.heap, st.secs
                );
                total.steps += st.steps;
                total.states += st.states;
                total.sampled_out += st.sampled_out;
                total.solver_calls += st.solver_calls;
                for (k, n) in st.compared {
                    *total.compared.entry(k).or_default() += n;
                }
                for (k, n) in st.unsupported {
                    *total.unsupported.entry(k).or_default() += n;
                }
                for (k, w) in st.unsupported_why {
                    total.unsupported_why.entry(k).or_insert(w);
                }
                for (at, (n, e)) in st.disagreements {
                    errors.push(format!(
                        "{name} (seed {seed}), {n} state(s) at {at}; the first: {e}"
                    ));
                }
            }
            Err(e) => errors.push(e),
        }
    }
    println!(
        "\n{} steps, {} states compared, {} sampled out, {} solver calls, {:.1}s",
        total.steps,
        total.states,
        total.sampled_out,
        total.solver_calls,
        t0.elapsed().as_secs_f64()
    );
    println!(
        "\ncompared branches per family and situation:\n{:<24} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "family", "ok", "noop", "throw", "caught", "notice"
    );
    let mut fams: Vec<&String> = total.compared.keys().map(|(f, _)| f).collect();
    fams.dedup();
    for f in fams {
        let n = |s: &str| {
            total
                .compared
                .get(&(f.clone(), s.to_string()))
                .copied()
                .unwrap_or(0)
        };
        println!(
            "{f:<24} {:>8} {:>8} {:>8} {:>8} {:>8}",
            n("ok"),
            n("noop"),
            n("throw"),
            n("caught"),
            n("notice")
        );
    }
    println!("\nnot modelled by the prover (states skipped):");
    for (f, n) in &total.unsupported {
        println!(
            "{f:<24} {n:>8}  e.g. {}",
            total.unsupported_why.get(f).map_or("", |s| s.as_str())
        );
    }
    let missing: Vec<String> = required
        .iter()
        .filter(|(f, s)| !total.compared.contains_key(&(f.to_string(), s.to_string())))
        .map(|(f, s)| format!("{f} ({s})"))
        .collect();
    if !missing.is_empty() {
        errors.push(format!(
            "never compared (a required family and situation): {}",
            missing.join(", ")
        ));
    }
    assert!(
        errors.is_empty(),
        "{} failure(s):\n{}",
        errors.len(),
        errors.join("\n\n")
    );
}
