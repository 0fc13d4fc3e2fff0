//! The symbolic step: one instruction of one thread, with control concrete
//! and data as SMT terms. Where the interpreter decides (a branch, a lock
//! that may be taken, a virtual call's target), the symbolic step returns
//! one branch per outcome with its path condition. Where the interpreter
//! would throw (null receiver, division by zero, a monitor not owned),
//! the branch carries a pre-step check the prover must discharge: proved
//! checks show the invariant rules the exception out. The shape walk runs
//! this same step with the data ignored, so the call-stack shapes the prover
//! enumerates and the steps it proves come from one semantics.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::domain::{SymDomain, Unsupported, explore};
use super::smt::{self, Script, Sort, array_sort};
use super::sym::*;
use crate::classfile::*;
use crate::interp::local::{self, Local};

/// What the step needs besides the state.
pub struct Cx<'a> {
    pub classes: &'a ClassTable,
    /// Classes the program instantiates (virtual calls dispatch among them).
    pub inst: &'a BTreeSet<ClassId>,
    /// Does the program hold arrays (they dispatch as `java.lang.Object`)?
    pub arrays: bool,
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
}

type R<T> = Result<T, Unsupported>;

fn unsupported<T>(m: &Method, ip: u32, what: impl std::fmt::Display) -> R<T> {
    Err(Unsupported(format!(
        "{what} in {} at pc {} is not supported by the prover",
        m.display_name(),
        m.pc(ip)
    )))
}

fn pop(st: &mut Vec<SVal>) -> SVal {
    let v = st.pop().unwrap_or_else(SVal::top);
    if v.ty == Ty::Top
        && let Some(w) = st.last()
        && w.ty == Ty::L
    {
        return st.pop().expect("checked");
    }
    v
}

fn push(st: &mut Vec<SVal>, v: SVal) {
    let wide = v.ty == Ty::L;
    st.push(v);
    if wide {
        st.push(SVal::top());
    }
}

fn bool_to_bv(b: &str) -> String {
    smt::ite(b, &smt::bv32(1), &smt::bv32(0))
}

/// Does initializing class `c` run any `<clinit>` (its own, a superclass's
/// or a default-method interface's)? The prover models only classes whose
/// initialization does nothing but mark them initialized.
fn trivial_init(classes: &ClassTable, c: ClassId) -> bool {
    let class = classes.class(c);
    class
        .supers
        .iter()
        .chain(class.all_interfaces.iter())
        .all(|&k| classes.class(k).clinit.is_none())
}

fn need_trivial_init(cx: &Cx, m: &Method, ip: u32, c: ClassId) -> R<()> {
    if trivial_init(cx.classes, c) {
        Ok(())
    } else {
        unsupported(
            m,
            ip,
            format!(
                "initialization of class {} (it or a superclass has a static initializer)",
                cx.classes.class(c).name.replace('/', ".")
            ),
        )
    }
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

/// Executes the next instruction of thread `th` (its frames: `frames`).
pub fn step(cx: &Cx, sc: &mut Script, heap: &Heap, th: &str, frames: &[SFrame]) -> R<Vec<Branch>> {
    let top = frames.last().expect("a runnable thread has a frame");
    let m = top.method.clone();
    let ip = top.ip;
    let Some(insn) = m.code.get(ip as usize) else {
        return unsupported(&m, ip, "falling off the end of the code");
    };
    let base = Branch {
        label: String::new(),
        cond: Vec::new(),
        checks: Vec::new(),
        noop: false,
        heap: heap.clone(),
        frames: frames.to_vec(),
        new_thread: None,
        new_class: None,
    };
    let mut out = if insn.is_frame_local() {
        frame_local(&m, ip, insn, sc, base)?
    } else {
        shared(cx, sc, &m, ip, insn, base, th)?
    };
    for b in &mut out {
        if !b.noop {
            finish(sc, b, th);
        }
    }
    Ok(out)
}

/// Records the stepping thread's new depth and top pc in the thread table.
fn finish(sc: &mut Script, b: &mut Branch, th: &str) {
    let ints = array_sort(Sort::Int);
    let d = b.frames.len() as i64;
    b.heap.depth = sc.define("depth", &ints, &smt::store(&b.heap.depth, th, &smt::int(d)));
    if let Some(f) = b.frames.last() {
        b.heap.tpc = sc.define(
            "tpc",
            &ints,
            &smt::store(&b.heap.tpc, th, &smt::int(f.pc() as i64)),
        );
    }
}

fn top_frame(b: &mut Branch) -> &mut SFrame {
    b.frames.last_mut().expect("frame")
}

/// Frame-local instructions: `interp::local`, the interpreter's own
/// semantics, on symbolic values, once per outcome of its decisions.
fn frame_local(m: &Method, ip: u32, insn: &Insn, sc: &mut Script, base: Branch) -> R<Vec<Branch>> {
    let top = base.frames.last().expect("frame").clone();
    let runs = explore(|fork| {
        let mut f = top.clone();
        let mut d = SymDomain { sc, fork };
        let r = local::local(&mut d, &mut f, insn);
        (f, r)
    });
    let mut out = Vec::new();
    for (fork, (f, r)) in runs {
        let mut b = base.clone();
        b.cond = fork.path.clone();
        match r {
            Err(Unsupported(what)) => return unsupported(m, ip, what),
            Ok(Local::Done) => {
                b.label = branch_label(insn, &f, &fork.path);
                *top_frame(&mut b) = f;
            }
            Ok(Local::Throw(..)) => {
                // The exception is not followed: the invariant must rule it out.
                b.label = "division by zero".into();
                b.checks.push((
                    "the divisor is not zero (else ArithmeticException)".into(),
                    "false".into(),
                ));
                b.noop = true;
            }
            Ok(Local::NotLocal) => return unsupported(m, ip, "a non-local instruction"),
        }
        out.push(b);
    }
    Ok(out)
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

fn non_null(what: &str, r: &str) -> (String, String) {
    (
        format!("{what} is not null (else NullPointerException)"),
        smt::not(&smt::eq(r, NULL)),
    )
}

/// Instructions that read or write the heap, the thread table or other frames.
fn shared(
    cx: &Cx,
    sc: &mut Script,
    m: &Arc<Method>,
    ip: u32,
    insn: &Insn,
    mut b: Branch,
    th: &str,
) -> R<Vec<Branch>> {
    let ints = array_sort(Sort::Int);
    match insn {
        Insn::GetField(f) | Insn::PutField(f) => {
            let Some(slot) = f.slot else {
                return unsupported(m, ip, format!("unresolved field {}.{}", f.class, f.name));
            };
            let Some(ty) = Ty::of_desc(&f.desc) else {
                return unsupported(m, ip, "a floating-point field");
            };
            let key = FieldKey {
                slot,
                name: f.name.clone(),
                ty,
            };
            let arr = b.heap.field(sc, &key);
            let fr = top_frame(&mut b);
            if matches!(insn, Insn::GetField(_)) {
                let r = pop(&mut fr.stack).t;
                push(&mut fr.stack, SVal::new(ty, smt::select(&arr, &r)));
                fr.ip += 1;
                b.checks
                    .push(non_null(&format!("the object of getfield {}", f.name), &r));
            } else {
                let v = pop(&mut fr.stack).t;
                let r = pop(&mut fr.stack).t;
                fr.ip += 1;
                b.checks
                    .push(non_null(&format!("the object of putfield {}", f.name), &r));
                let name = sc.define(
                    &key.base(),
                    &array_sort(ty.sort()),
                    &smt::store(&arr, &r, &v),
                );
                b.heap.fields.insert(key, name);
            }
            Ok(vec![b])
        }
        Insn::GetStatic(f) | Insn::PutStatic(f) => {
            let (Some(slot), Some(owner)) = (f.slot, f.owner) else {
                return unsupported(
                    m,
                    ip,
                    format!("unresolved static field {}.{}", f.class, f.name),
                );
            };
            let Some(ty) = Ty::of_desc(&f.desc) else {
                return unsupported(m, ip, "a floating-point field");
            };
            need_trivial_init(cx, m, ip, owner)?;
            let cur = b.heap.static_field(sc, slot, ty);
            let fr = top_frame(&mut b);
            fr.ip += 1;
            if matches!(insn, Insn::GetStatic(_)) {
                push(&mut fr.stack, SVal::new(ty, cur));
            } else {
                let v = pop(&mut fr.stack).t;
                let name = sc.define(&format!("S{slot}"), ty.sort().smt(), &v);
                b.heap.statics.insert(slot, name);
            }
            Ok(vec![b])
        }
        Insn::New(c) => {
            let Some(cid) = c.id else {
                return unsupported(m, ip, format!("missing class {}", c.name));
            };
            need_trivial_init(cx, m, ip, cid)?;
            let class = cx.classes.class(cid);
            if class.flags & (ACC_ABSTRACT | ACC_INTERFACE) != 0 {
                return unsupported(m, ip, "new of an abstract class");
            }
            let h = b.heap.clone();
            let r = h.h.clone();
            let mut nh = h.clone();
            nh.h = sc.define("H", "Int", &format!("(+ {} 1)", h.h));
            nh.cls = sc.define("cls", &ints, &smt::store(&h.cls, &r, &smt::int(cid as i64)));
            nh.mon = sc.define("mon", &ints, &smt::store(&h.mon, &r, "0"));
            nh.mcnt = sc.define("mcnt", &ints, &smt::store(&h.mcnt, &r, "0"));
            for slot in 0..class.layout.len() as u32 {
                let fs = &class.layout[slot as usize];
                let Some(ty) = Ty::of_desc(&fs.desc) else {
                    return unsupported(m, ip, "an object with a floating-point field");
                };
                let key = FieldKey {
                    slot,
                    name: fs.name.clone(),
                    ty,
                };
                let zero = match ty {
                    Ty::I => smt::bv32(0),
                    Ty::L => smt::bv64(0),
                    _ => NULL.to_string(),
                };
                let arr = h.field(sc, &key);
                let name = sc.define(
                    &key.base(),
                    &array_sort(ty.sort()),
                    &smt::store(&arr, &r, &zero),
                );
                nh.fields.insert(key, name);
            }
            if class.is_thread {
                let Some(run) = cx
                    .classes
                    .resolve_method(cid, "run", "()V")
                    .and_then(|r| match cx.classes.select(cid, r) {
                        Selected::Method(t) => Some(t),
                        _ => None,
                    })
                else {
                    return unsupported(m, ip, "a Thread subclass without run()");
                };
                let run = cx.classes.method(run).clone();
                if run.is_native() || run.is_abstract() || run.is_synchronized() {
                    return unsupported(m, ip, format!("thread body {}", run.display_name()));
                }
                let n = h.n.clone();
                nh.n = sc.define("N", "Int", &format!("(+ {n} 1)"));
                nh.tobj = sc.define("tobj", &ints, &smt::store(&h.tobj, &n, &r));
                nh.tof = sc.define("tof", &ints, &smt::store(&h.tof, &r, &n));
                nh.sched = sc.define(
                    "sched",
                    &array_sort(Sort::Bool),
                    &smt::store(&h.sched, &n, "false"),
                );
                nh.depth = sc.define("depth", &ints, &smt::store(&h.depth, &n, "1"));
                nh.tpc = sc.define("tpc", &ints, &smt::store(&h.tpc, &n, "0"));
                b.new_thread = Some(vec![new_frame(&run, vec![SVal::new(Ty::A, r.clone())])]);
            } else {
                nh.tof = sc.define("tof", &ints, &smt::store(&h.tof, &r, NULL));
            }
            b.heap = nh;
            b.new_class = Some(cid);
            let fr = top_frame(&mut b);
            fr.stack.push(SVal::new(Ty::A, r));
            fr.ip += 1;
            Ok(vec![b])
        }
        Insn::MonitorEnter | Insn::MonitorExit => {
            let r = top_frame(&mut b)
                .stack
                .last()
                .map(|v| v.t.clone())
                .unwrap_or_default();
            b.checks
                .push(non_null("the object of the monitor instruction", &r));
            let mc = smt::select(&b.heap.mcnt, &r);
            let mo = smt::select(&b.heap.mon, &r);
            if matches!(insn, Insn::MonitorEnter) {
                // As `interp`'s acquire: blocked iff held (count > 0) by another thread.
                let free = format!("(or (<= {mc} 0) (= {mo} {th}))");
                let mut blocked = b.clone();
                blocked.label = "blocked: another thread holds the lock".into();
                blocked.cond.push(smt::not(&free));
                blocked.noop = true;
                acquire(sc, &mut b.heap, &r, th);
                b.label = "lock acquired".into();
                b.cond.push(free);
                let fr = top_frame(&mut b);
                fr.stack.pop();
                fr.ip += 1;
                Ok(vec![b, blocked])
            } else {
                b.checks.push((
                    "the thread owns the monitor (else IllegalMonitorStateException)".into(),
                    format!("(and (> {mc} 0) (= {mo} {th}))"),
                ));
                let h = &mut b.heap;
                h.mon = sc.define(
                    "mon",
                    &ints,
                    &smt::store(&h.mon, &r, &format!("(ite (= {mc} 1) 0 {mo})")),
                );
                h.mcnt = sc.define(
                    "mcnt",
                    &ints,
                    &smt::store(&h.mcnt, &r, &format!("(- {mc} 1)")),
                );
                let fr = top_frame(&mut b);
                fr.stack.pop();
                fr.ip += 1;
                Ok(vec![b])
            }
        }
        Insn::ArrayLength => {
            let fr = top_frame(&mut b);
            let r = pop(&mut fr.stack).t;
            let len = smt::select(&b.heap.alen, &r);
            let fr = top_frame(&mut b);
            fr.stack
                .push(SVal::new(Ty::I, format!("((_ int2bv 32) {len})")));
            fr.ip += 1;
            b.checks.push(non_null("the array of arraylength", &r));
            Ok(vec![b])
        }
        Insn::CheckCast(t) | Insn::InstanceOf(t) => {
            let Some(cid) = t.id else {
                return unsupported(m, ip, format!("type test against {}", t.name));
            };
            // Arrays are also Cloneable and Serializable: not modeled.
            if cx.arrays && cx.classes.class(cid).is_interface() {
                return unsupported(m, ip, format!("type test against interface {}", t.name));
            }
            let fr = top_frame(&mut b);
            let r = fr.stack.last().map(|v| v.t.clone()).unwrap_or_default();
            let is = smt::and(&[
                smt::not(&smt::eq(&r, NULL)),
                class_in(&b.heap, &r, &subclasses(cx, cid)),
            ]);
            let fr = top_frame(&mut b);
            fr.ip += 1;
            if matches!(insn, Insn::InstanceOf(_)) {
                fr.stack.pop();
                fr.stack.push(SVal::new(Ty::I, bool_to_bv(&is)));
            } else {
                b.checks.push((
                    format!(
                        "the cast to {} succeeds (else ClassCastException)",
                        t.name.replace('/', ".")
                    ),
                    smt::or(&[smt::eq(&r, NULL), is]),
                ));
            }
            Ok(vec![b])
        }
        Insn::Athrow => {
            b.checks.push((
                "athrow is not reached (the prover does not follow exceptions)".into(),
                "false".into(),
            ));
            Ok(vec![b])
        }
        Insn::Return(k) => Ok(vec![ret(sc, m, ip, b, *k, th)?]),
        Insn::Invoke(kind, mr) => invoke(cx, sc, m, ip, *kind, mr, b, th),
        other => unsupported(m, ip, format!("instruction {other:?}")),
    }
}

fn acquire(sc: &mut Script, h: &mut Heap, r: &str, th: &str) {
    let ints = array_sort(Sort::Int);
    let mc = smt::select(&h.mcnt, r);
    h.mon = sc.define("mon", &ints, &smt::store(&h.mon, r, th));
    h.mcnt = sc.define(
        "mcnt",
        &ints,
        &smt::store(&h.mcnt, r, &format!("(+ {mc} 1)")),
    );
}

/// A callee's frame: the argument slots as they were on the caller's
/// operand stack (a long's second slot included), then empty locals.
fn new_frame(m: &Arc<Method>, args: Vec<SVal>) -> SFrame {
    let mut locals = args;
    while locals.len() < m.max_locals as usize {
        locals.push(SVal::top());
    }
    SFrame {
        method: m.clone(),
        ip: 0,
        locals,
        stack: Vec::new(),
        sync: None,
    }
}

/// A synchronized instance method locked its receiver on entry; the prover
/// finds it in local 0, so it requires that the method never overwrites it.
fn writes_local0(m: &Method) -> bool {
    m.code
        .iter()
        .any(|i| matches!(i, Insn::Store(_, 0) | Insn::Iinc(0, _)))
}

fn ret(
    sc: &mut Script,
    m: &Method,
    ip: u32,
    mut b: Branch,
    k: Option<Kind>,
    th: &str,
) -> R<Branch> {
    if m.is_synchronized() && m.is_static() {
        return unsupported(m, ip, "return from a static synchronized method");
    }
    let frame = b.frames.pop().expect("frame");
    let mut st = frame.stack.clone();
    let result = k.map(|_| pop(&mut st));
    if frame.method.is_synchronized() && !frame.method.is_static() {
        let r = frame.locals[0].t.clone();
        let h = &mut b.heap;
        let mc = smt::select(&h.mcnt, &r);
        let mo = smt::select(&h.mon, &r);
        let owns = format!("(and (> {mc} 0) (= {mo} {th}))");
        let ints = array_sort(Sort::Int);
        h.mon = sc.define(
            "mon",
            &ints,
            &smt::store(&h.mon, &r, &format!("(ite (and {owns} (= {mc} 1)) 0 {mo})")),
        );
        h.mcnt = sc.define(
            "mcnt",
            &ints,
            &smt::store(&h.mcnt, &r, &format!("(ite {owns} (- {mc} 1) {mc})")),
        );
    }
    b.label = if b.frames.is_empty() {
        "the thread ends".into()
    } else {
        "return".into()
    };
    if let (Some(v), Some(caller)) = (result, b.frames.last_mut()) {
        push(&mut caller.stack, v);
    }
    Ok(b)
}

#[allow(clippy::too_many_arguments)]
fn invoke(
    cx: &Cx,
    sc: &mut Script,
    m: &Arc<Method>,
    ip: u32,
    kind: InvokeKind,
    mr: &MethodRef,
    b: Branch,
    th: &str,
) -> R<Vec<Branch>> {
    let n = mr.arg_slots as usize;
    let caller = b.frames.last().expect("frame");
    let args: Vec<SVal> = caller.stack[caller.stack.len() - n..].to_vec();
    // The possible targets, each with the receiver classes that reach it.
    let mut targets: Vec<(MethodId, Vec<i64>)> = Vec::new();
    match kind {
        InvokeKind::Static | InvokeKind::Special => {
            let Some(t) = mr.target else {
                return unsupported(
                    m,
                    ip,
                    format!("unresolved method {}.{}{}", mr.class, mr.name, mr.desc),
                );
            };
            if kind == InvokeKind::Static {
                let Some(owner) = mr.owner else {
                    return unsupported(m, ip, "a static call without an owner class");
                };
                need_trivial_init(cx, m, ip, owner)?;
            }
            targets.push((t, Vec::new()));
        }
        // Private and final methods: the linker found the one target, and
        // the interpreter calls it without dispatch.
        _ if mr.target.is_some() => targets.push((mr.target.expect("checked"), Vec::new())),
        _ => {
            let Some(sup) = cx.classes.id(&mr.class) else {
                return unsupported(m, ip, format!("missing class {}", mr.class));
            };
            let Some(resolved) = mr.resolved else {
                return unsupported(
                    m,
                    ip,
                    format!("unresolved method {}.{}{}", mr.class, mr.name, mr.desc),
                );
            };
            let object = cx.classes.id("java/lang/Object");
            for c in subclasses(cx, sup) {
                let vt_class = if c == ARRAY_CLASS {
                    object
                } else {
                    Some(c as ClassId)
                };
                // As the interpreter: JVMS 5.4.6 selection.
                let Some(Selected::Method(t)) = vt_class.map(|k| cx.classes.select(k, resolved))
                else {
                    return unsupported(
                        m,
                        ip,
                        format!(
                            "a call of {}{} that throws AbstractMethodError or IncompatibleClassChangeError for some receiver class",
                            mr.name, mr.desc
                        ),
                    );
                };
                match targets.iter_mut().find(|(x, _)| *x == t) {
                    Some((_, cs)) => cs.push(c),
                    None => targets.push((t, vec![c])),
                }
            }
        }
    }
    let mut out = Vec::new();
    if targets.is_empty() {
        // No class the program instantiates has this method: a non-null
        // receiver is impossible, and a null one throws.
        let mut bb = b;
        bb.label = "no instantiated class implements the method".into();
        bb.checks.push(non_null(
            &format!("the receiver of {}", mr.name),
            &args[0].t,
        ));
        bb.checks.push((
            format!(
                "some class the program instantiates implements {}{}",
                mr.name, mr.desc
            ),
            "false".into(),
        ));
        bb.noop = true;
        return Ok(vec![bb]);
    }
    // invokeinterface checks that the receiver implements the interface
    // (the verifier does not): a receiver of no class above throws.
    if kind == InvokeKind::Interface && mr.target.is_none() {
        let all: Vec<i64> = targets.iter().flat_map(|(_, cs)| cs.clone()).collect();
        let mut bb = b.clone();
        bb.label = "the receiver does not implement the interface".into();
        bb.cond.push(smt::and(&[
            smt::not(&smt::eq(&args[0].t, NULL)),
            smt::not(&class_in(&bb.heap, &args[0].t, &all)),
        ]));
        bb.checks.push((
            format!(
                "the receiver of {} implements {} (else IncompatibleClassChangeError)",
                mr.name,
                mr.class.replace('/', ".")
            ),
            "false".into(),
        ));
        bb.noop = true;
        out.push(bb);
    }
    let several = targets.len() > 1;
    for (t, recv_classes) in targets {
        let callee = cx.classes.method(t).clone();
        let mut bb = b.clone();
        bb.label = if several {
            format!("dispatch to {}", callee.display_name())
        } else {
            String::new()
        };
        if kind != InvokeKind::Static {
            bb.checks.push(non_null(
                &format!("the receiver of {}", mr.name),
                &args[0].t,
            ));
            if !recv_classes.is_empty() {
                bb.cond.push(class_in(&bb.heap, &args[0].t, &recv_classes));
            }
        }
        if callee.is_abstract() {
            return unsupported(
                m,
                ip,
                format!("a call of abstract {}", callee.display_name()),
            );
        }
        if callee.is_native() {
            out.push(native(sc, m, ip, &callee, &args, bb)?);
            continue;
        }
        let mut blocked = None;
        if callee.is_synchronized() {
            if callee.is_static() || writes_local0(&callee) {
                return unsupported(
                    m,
                    ip,
                    format!("synchronized method {}", callee.display_name()),
                );
            }
            let r = args[0].t.clone();
            let free = format!(
                "(or (<= {} 0) (= {} {th}))",
                smt::select(&bb.heap.mcnt, &r),
                smt::select(&bb.heap.mon, &r)
            );
            let mut bl = bb.clone();
            bl.label = format!("{} blocked: another thread holds the lock", bl.label)
                .trim()
                .into();
            bl.cond.push(smt::not(&free));
            bl.noop = true;
            blocked = Some(bl);
            bb.cond.push(free);
            acquire(sc, &mut bb.heap, &r, th);
        }
        let fr = top_frame(&mut bb);
        let len = fr.stack.len();
        fr.stack.truncate(len - n);
        fr.ip += 1;
        bb.frames.push(new_frame(&callee, args.clone()));
        out.push(bb);
        out.extend(blocked);
    }
    Ok(out)
}

/// The natives the prover models: `Thread.start` (M5: mark the first thread
/// whose object is the receiver scheduled).
fn native(
    sc: &mut Script,
    m: &Arc<Method>,
    ip: u32,
    callee: &Method,
    args: &[SVal],
    mut b: Branch,
) -> R<Branch> {
    let name = format!("{}.{}{}", callee.class_name, callee.name, callee.desc);
    match name.as_str() {
        "java/lang/Thread.start()V" => {
            let r = &args[0].t;
            let k = smt::select(&b.heap.tof, r);
            b.checks.push((
                "the receiver of start is an unstarted thread (else IllegalThreadStateException)"
                    .into(),
                format!(
                    "(and (not (= {k} (- 1))) (not (select {} {k})))",
                    b.heap.sched
                ),
            ));
            b.heap.sched = sc.define(
                "sched",
                &array_sort(Sort::Bool),
                &smt::store(&b.heap.sched, &k, "true"),
            );
            let fr = top_frame(&mut b);
            let len = fr.stack.len();
            fr.stack.truncate(len - callee.arg_slots as usize);
            fr.ip += 1;
            Ok(b)
        }
        _ => unsupported(m, ip, format!("native method {}", callee.display_name())),
    }
}
