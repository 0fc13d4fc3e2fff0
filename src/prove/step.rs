//! The symbolic step: one instruction of one thread, with control concrete
//! and data as SMT terms — the interpreter's own instruction semantics
//! (`interp::local`, `interp::heap`) run on the prover's machine
//! (`prove::machine`). Where the interpreter decides (a branch, a lock that
//! may be taken, a virtual call's target, an exception), the step returns
//! one branch per outcome with its path condition. An exception a handler
//! of the thread catches is a branch to the handler; a branch where the
//! interpreter would throw otherwise carries a pre-step check that fails:
//! proving it impossible shows the invariant rules the exception out. The
//! shape walk
//! runs this same step with the data ignored, so the call-stack shapes the
//! prover enumerates and the steps it proves come from one semantics.

use std::collections::BTreeSet;

use super::domain::{SymDomain, Unsupported, explore};
use super::machine::SymMachine;
use super::smt::{self, Script, Sort, array_sort};
use super::sym::*;
use crate::classfile::*;
use crate::interp::domain::Domain;
use crate::interp::local::{self, Local};
use crate::interp::machine::Flow;

/// What the step needs besides the state.
pub struct Cx<'a> {
    pub classes: &'a ClassTable,
    /// Classes the program instantiates (virtual calls dispatch among them).
    pub inst: &'a BTreeSet<ClassId>,
    /// Does the program hold arrays (they dispatch as `java.lang.Object`)?
    pub arrays: bool,
    /// The stack limit in frames (a call beyond throws StackOverflowError).
    pub max_depth: usize,
    /// Classes initialized in the state the induction starts from: they
    /// stay initialized in every later state.
    pub initialized: &'a BTreeSet<ClassId>,
}

/// One outcome of a step.
#[derive(Clone, Debug)]
pub struct Branch {
    /// What happened, for reports: "branch taken", "lock acquired", ...
    pub label: String,
    /// The path condition.
    pub cond: Vec<String>,
    /// Must hold, or the instruction would throw: (what, condition).
    pub checks: Vec<(String, String)>,
    /// The state is unchanged (the thread is blocked).
    pub noop: bool,
    pub heap: Heap,
    pub frames: Vec<SFrame>,
    /// A thread the step created (number: the old `N`), with its frames.
    pub new_thread: Option<Vec<SFrame>>,
    /// A class the step instantiated.
    pub new_class: Option<ClassId>,
    /// The step allocated an array.
    pub new_array: bool,
    /// It threw an exception a handler of the thread catches: the pre-step
    /// check that would rule the exception out.
    pub caught: Option<String>,
}

type R<T> = Result<T, Unsupported>;

fn unsupported<T>(m: &Method, ip: u32, what: impl std::fmt::Display) -> R<T> {
    Err(Unsupported(format!(
        "{what} in {} at pc {} is not supported by the prover",
        m.display_name(),
        m.pc(ip)
    )))
}

/// `(or (= (select cls r) c1) ...)` for the given classes (ARRAY_CLASS included).
pub fn class_in(h: &Heap, r: &str, ids: &[i64]) -> String {
    let c = smt::select(&h.cls, r);
    smt::or(
        &ids.iter()
            .map(|i| format!("(= {c} {})", smt::int(*i)))
            .collect::<Vec<_>>(),
    )
}

/// Instantiated classes that are `sup` or below it (arrays count as
/// subtypes of `java.lang.Object` only).
pub fn subclasses(cx: &Cx, sup: ClassId) -> Vec<i64> {
    let mut out: Vec<i64> = cx
        .inst
        .iter()
        .filter(|&&c| cx.classes.is_subclass(c, sup))
        .map(|&c| c as i64)
        .collect();
    if cx.arrays && &*cx.classes.class(sup).name == "java/lang/Object" {
        out.push(ARRAY_CLASS);
    }
    out
}

/// What one run of the step under one set of decisions did.
struct Run {
    result: R<Flow<()>>,
    heap: Heap,
    frames: Vec<SFrame>,
    new_thread: Option<Vec<SFrame>>,
    new_class: Option<ClassId>,
    new_array: bool,
    fails: Option<String>,
    caught: Option<String>,
    label: String,
}

/// Executes the next instruction of thread `th` (its frames: `frames`).
pub fn step(cx: &Cx, sc: &mut Script, heap: &Heap, th: &str, frames: &[SFrame]) -> R<Vec<Branch>> {
    let top = frames.last().expect("a runnable thread has a frame");
    let m = top.method.clone();
    let ip = top.ip;
    let depth = top.stack.len();
    let Some(insn) = m.code.get(ip as usize) else {
        return unsupported(&m, ip, "falling off the end of the code");
    };
    let runs = explore(|fork| {
        let mut mach = SymMachine {
            cx,
            d: SymDomain { sc: &mut *sc, fork },
            th,
            heap: heap.clone(),
            frames: frames.to_vec(),
            new_thread: None,
            new_class: None,
            new_array: false,
            fails: None,
            caught: None,
            label: String::new(),
            insn,
        };
        // Right after a call of `wait` the thread may still be waiting.
        let waiting = if after_wait(&m, ip) {
            let w = format!("(not (= {} (- 1)))", smt::select(&heap.wobj, th));
            mach.d.decide(w)
        } else {
            Ok(false)
        };
        let result = if let Err(e) = waiting {
            Err(e)
        } else if matches!(waiting, Ok(true)) {
            crate::interp::heap::resume_wait(&mut mach)
        } else if insn.is_frame_local() {
            let mut f = mach.frames.pop().expect("frame");
            let r = local::local(&mut mach.d, &mut f, insn);
            mach.frames.push(f);
            match r {
                Ok(Local::Throw(..)) => {
                    mach.fails = Some("the divisor is not zero (else ArithmeticException)".into());
                    mach.label = "division by zero".into();
                    Ok(Flow::Stepped)
                }
                Ok(_) => Ok(Flow::Stepped),
                Err(e) => Err(e),
            }
        } else {
            crate::interp::heap::step(&mut mach, &m, ip, depth, insn)
        };
        Run {
            result,
            heap: mach.heap,
            frames: mach.frames,
            new_thread: mach.new_thread,
            new_class: mach.new_class,
            new_array: mach.new_array,
            fails: mach.fails,
            caught: mach.caught,
            label: mach.label,
        }
    });
    let mut out = Vec::new();
    for (fork, run) in runs {
        let flow = match run.result {
            Ok(f) => f,
            Err(Unsupported(what)) => return unsupported(&m, ip, what),
        };
        let mut b = Branch {
            label: run.label,
            cond: fork.path.clone(),
            checks: Vec::new(),
            noop: false,
            heap: run.heap,
            frames: run.frames,
            new_thread: run.new_thread,
            new_class: run.new_class,
            new_array: run.new_array,
            caught: run.caught,
        };
        if let Some(check) = run.fails {
            // The exception is not followed: the invariant must rule it out.
            b.checks.push((check, "false".into()));
            b.noop = true;
            b.heap = heap.clone();
            b.frames = frames.to_vec();
            b.new_thread = None;
            b.new_class = None;
            b.new_array = false;
            b.caught = None;
        } else if let Flow::Blocked(()) = flow {
            b.noop = true;
            b.heap = heap.clone();
            b.frames = frames.to_vec();
        } else {
            if b.label.is_empty() && insn.is_frame_local() {
                b.label = branch_label(insn, b.frames.last().expect("frame"), &fork.path);
            }
            finish(sc, &mut b, th, frames.len());
        }
        out.push(b);
    }
    Ok(out)
}

/// Records the stepping thread's new depth and top pc in the thread table
/// (the depth only when it changes: the pre-state's is `before`, so the
/// facts that read depths keep their terms and need no re-proof).
fn finish(sc: &mut Script, b: &mut Branch, th: &str, before: usize) {
    let ints = array_sort(Sort::Int);
    let d = b.frames.len() as i64;
    if b.frames.len() != before {
        b.heap.depth = sc.define("depth", &ints, &smt::store(&b.heap.depth, th, &smt::int(d)));
    }
    if let Some(f) = b.frames.last() {
        b.heap.tpc = sc.define(
            "tpc",
            &ints,
            &smt::store(&b.heap.tpc, th, &smt::int(f.pc() as i64)),
        );
    }
}

/// What a branch of a conditional instruction did, for reports.
fn branch_label(insn: &Insn, f: &SFrame, path: &[String]) -> String {
    match insn {
        Insn::If(_, t) | Insn::IfIcmp(_, t) | Insn::IfAcmp(_, t) | Insn::IfNull(_, t) => {
            if f.ip == *t {
                "branch taken".into()
            } else {
                "branch not taken".into()
            }
        }
        Insn::Switch(sw) => sw
            .cases
            .iter()
            .find(|(k, t)| {
                *t == f.ip
                    && path
                        .iter()
                        .any(|c| c.ends_with(&format!("{})", smt::bv32(*k))))
            })
            .map_or("default".into(), |(k, _)| format!("case {k}")),
        _ => String::new(),
    }
}
