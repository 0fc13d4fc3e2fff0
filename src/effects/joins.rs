//! Loops of main that join every thread kept in a container: main keeps
//! what one fork site starts (the `Thread`s, or the `Future`s an executor
//! returns) in an array or a list it allocated and never lets go of, and a
//! later loop joins every element. After that loop's normal exit no thread
//! of the site runs any more.
//!
//! The argument, for each fork site S whose threads are ended this way:
//! 1. every execution of S keeps its handle in the container: the handle
//!    was loaded from it (`ts[i].start()`) or stored in it on every path
//!    to the fork (an `add`, an element store), or it is stored in it after
//!    the fork, before S forks again and before the loop;
//! 2. nothing leaves the container: it is used only by the instructions
//!    below (so no other code can reach it), a list only appends, and an
//!    array's one element store writes a new index each time (its index
//!    local only grows between two executions of the store);
//! 3. the loop joins every element: over an array, an index from 0 going
//!    up by one, each value joined before the next, left only when the
//!    index reaches the array's length; over a list, its iterator, each
//!    `next()` joined before the next one or the exit, left only when
//!    `hasNext()` says no. An exception leaving the loop ends nothing.
//!
//! A bytecode shape not matched here only costs precision: the threads stay
//! live, as before.

use std::collections::{BTreeMap, BTreeSet};

use crate::classfile::parse::RawMethod;
use crate::classfile::{ArrKind, Const, Insn, InvokeKind, Kind, stack_effect};

use super::facts::Facts;
use super::library::LibCall;
use super::loops::{self, Loop};

/// A loop exit after which every thread of some fork sites has ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JoinAll {
    /// The exit edge (instruction indices).
    pub from: usize,
    pub to: usize,
    /// The forks (their call instructions) whose threads the loop joined.
    pub forks: Vec<usize>,
}

/// What a stack slot or local holds, as far as containers are concerned.
/// Instruction indices name the allocation or call that made the value;
/// a value names the latest one: executing that instruction again, or
/// writing a local it depends on, turns older copies to `Top`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum V {
    Top,
    /// The object most recently allocated at this instruction.
    Obj(usize),
    /// The current value of an int local.
    Int(u16),
    Const(i32),
    /// The length of array `Obj(a)`.
    Len(usize),
    /// What `a[n]` held when loaded (n an int local, not written since).
    Elem(usize, u16),
    /// The iterator the call at `c` made of list `Obj(a)`: (a, c).
    Iter(usize, usize),
    /// `hasNext()` of the iterator made at `c`.
    HasNext(usize),
    /// The element the `next()` call at `n` returned: (list, iterator
    /// call, n).
    Next(usize, usize, usize),
    /// The value the call at `c` returned (a future).
    Result(usize),
}

impl V {
    fn needs_insn(self, i: usize) -> bool {
        match self {
            V::Obj(a) | V::Len(a) | V::Elem(a, _) | V::Result(a) | V::HasNext(a) => a == i,
            V::Iter(a, c) => a == i || c == i,
            V::Next(a, c, n) => a == i || c == i || n == i,
            V::Top | V::Int(_) | V::Const(_) => false,
        }
    }

    fn needs_local(self, n: u16) -> bool {
        matches!(self, V::Int(m) | V::Elem(_, m) if m == n)
    }

    /// The container this value is an element of.
    fn element_of(self) -> Option<usize> {
        match self {
            V::Elem(a, _) | V::Next(a, _, _) => Some(a),
            _ => None,
        }
    }

    /// The container (or container's iterator) this value gives access to.
    fn container(self) -> Option<usize> {
        match self {
            V::Obj(a) | V::Iter(a, _) => Some(a),
            _ => None,
        }
    }
}

/// Before an instruction: locals, operand stack (a slot each), the forks
/// whose latest thread is not yet in a container, with its handle (on some
/// path), and the values in a container (on every path).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct St {
    pub locals: Vec<V>,
    stack: Vec<V>,
    pending: BTreeSet<(usize, V)>,
    kept: BTreeSet<(V, usize)>,
}

impl St {
    fn join(&mut self, o: &St) -> Option<bool> {
        if self.stack.len() != o.stack.len() || self.locals.len() != o.locals.len() {
            return None;
        }
        let old = self.clone();
        for (a, b) in self.locals.iter_mut().zip(&o.locals) {
            if a != b {
                *a = V::Top;
            }
        }
        for (a, b) in self.stack.iter_mut().zip(&o.stack) {
            if a != b {
                *a = V::Top;
            }
        }
        self.pending.extend(o.pending.iter().copied());
        self.kept.retain(|k| o.kept.contains(k));
        Some(old != *self)
    }

    /// Values that depend on `pred` become `Top`; a pending handle that
    /// does can never be stored: its fork is `bad`.
    fn forget(&mut self, pred: impl Fn(V) -> bool, bad: &mut BTreeSet<usize>) {
        for v in self.locals.iter_mut().chain(self.stack.iter_mut()) {
            if pred(*v) {
                *v = V::Top;
            }
        }
        self.kept.retain(|&(v, _)| !pred(v));
        self.pending.retain(|&(f, h)| {
            let lost = pred(h);
            if lost {
                bad.insert(f);
            }
            !lost
        });
    }

    fn pop(&mut self) -> V {
        self.stack.pop().unwrap_or(V::Top)
    }
}

/// What the interpretation learns about the method.
#[derive(Default)]
pub(super) struct Seen {
    /// Containers used otherwise than below (or not containers at all).
    pub escaped: BTreeSet<usize>,
    /// Element stores into each array: (store instruction, index value).
    pub stores: BTreeMap<usize, BTreeSet<(usize, V)>>,
    /// The element count each array allocation was given.
    pub counts: BTreeMap<usize, V>,
    /// The containers each fork's handles went to.
    pub contained: BTreeMap<usize, BTreeSet<usize>>,
    /// Forks some execution of which keeps no handle in a container.
    pub bad: BTreeSet<usize>,
    /// A join's receiver, an `if_icmp`'s operands, an `if`'s operand.
    pub joins: BTreeMap<usize, V>,
    pub cmps: BTreeMap<usize, (V, V)>,
    pub tests: BTreeMap<usize, V>,
    /// Each call's receiver (or first argument) and the argument after.
    pub calls: BTreeMap<usize, (V, V)>,
}

/// Lists whose `add` appends and whose iterator visits every element.
pub(super) const LISTS: &[&str] = &[
    "java/util/ArrayList",
    "java/util/LinkedList",
    "java/util/Vector",
    "java/util/ArrayDeque",
];

/// Main's method as the interpretation sees it.
pub(super) struct Interpreted {
    pub seen: Seen,
    pub outs: Vec<Option<St>>,
    pub scc: loops::Sccs,
}

/// Interprets `m` (main's method); None where the interpretation gives up
/// (then nothing is ended by a loop or a latch).
pub(super) fn interpret_main(m: &RawMethod, f: &Facts) -> Option<Interpreted> {
    let n = m.code.len();
    if n == 0 || f.succ.len() != n {
        return None;
    }
    let lib: BTreeMap<usize, &LibCall> = f
        .calls
        .iter()
        .filter_map(|c| c.lib.as_ref().map(|l| (c.at, l)))
        .collect();
    let (outs, seen) = interpret(m, f, &lib)?;
    Some(Interpreted {
        seen,
        outs,
        scc: loops::Sccs::of(&f.succ),
    })
}

/// The join-all loop exits of `m` (main's method) and the forks each ends.
pub(super) fn join_alls(m: &RawMethod, f: &Facts, it: &Interpreted) -> Vec<JoinAll> {
    let (seen, outs, scc) = (&it.seen, &it.outs, &it.scc);
    let mut out = Vec::new();
    for (&jc, &recv) in &seen.joins {
        if !scc.cyclic(jc) {
            continue;
        }
        let l = Loop {
            m,
            f,
            scc,
            seen,
            outs,
            join: jc,
        };
        let exits = match recv {
            V::Elem(a, j) => loops::array_loop(&l, a, j),
            V::Next(a, it, nc) => loops::list_loop(&l, a, it, nc),
            _ => None,
        };
        let Some((a, exits)) = exits else { continue };
        for (from, to) in exits {
            let pending: BTreeSet<usize> = outs[from]
                .as_ref()
                .map(|s| s.pending.iter().map(|p| p.0).collect())
                .unwrap_or_default();
            let forks: Vec<usize> = seen
                .contained
                .iter()
                .filter(|(fk, cs)| {
                    cs.len() == 1
                        && cs.contains(&a)
                        && !seen.bad.contains(fk)
                        && !pending.contains(fk)
                })
                .map(|(&fk, _)| fk)
                .collect();
            if !forks.is_empty() {
                out.push(JoinAll { from, to, forks });
            }
        }
    }
    out
}

type States = Vec<Option<St>>;

/// The forward interpretation to a fixpoint, then one pass over the final
/// states that records what `Seen` holds (from the fixpoint's states only,
/// never from an intermediate one).
fn interpret(m: &RawMethod, f: &Facts, lib: &BTreeMap<usize, &LibCall>) -> Option<(States, Seen)> {
    let n = m.code.len();
    let mut ins: States = vec![None; n];
    ins[0] = Some(St {
        locals: vec![V::Top; usize::from(m.max_locals)],
        stack: Vec::new(),
        pending: BTreeSet::new(),
        kept: BTreeSet::new(),
    });
    let mut work = vec![0usize];
    let mut rounds = 0usize;
    let mut scratch = Seen::default();
    while let Some(i) = work.pop() {
        rounds += 1;
        if rounds > 200 * n + 1000 {
            return None;
        }
        let st = ins[i].clone()?;
        let out = step(m, lib, i, st.clone(), &mut scratch);
        for (s, next) in successors(m, f, i, &st, &out) {
            match &mut ins[s] {
                slot @ None => {
                    *slot = Some(next);
                    work.push(s);
                }
                Some(old) => {
                    if old.join(&next)? {
                        work.push(s);
                    }
                }
            }
        }
    }
    let mut seen = Seen::default();
    let outs: States = (0..n)
        .map(|i| ins[i].clone().map(|st| step(m, lib, i, st, &mut seen)))
        .collect();
    Some((outs, seen))
}

/// The states instruction `i` passes to each successor: `out` along its
/// own control flow; to an exception handler, the locals before it, the
/// exception alone on the stack, and the handles pending before or after.
fn successors(m: &RawMethod, f: &Facts, i: usize, before: &St, out: &St) -> Vec<(usize, St)> {
    let normal: Vec<usize> = crate::classfile::successors(&m.code[i], i as u32)
        .into_iter()
        .map(|s| s as usize)
        .collect();
    f.succ[i]
        .iter()
        .map(|&s| {
            if normal.contains(&s) {
                (s, out.clone())
            } else {
                let mut h = before.clone();
                h.stack = vec![V::Top];
                h.pending.extend(out.pending.iter().copied());
                (s, h)
            }
        })
        .collect()
}

/// One instruction's effect on the state; what it shows goes to `seen`.
fn step(
    m: &RawMethod,
    lib: &BTreeMap<usize, &LibCall>,
    i: usize,
    mut st: St,
    seen: &mut Seen,
) -> St {
    let insn = &m.code[i];
    match insn {
        Insn::Iconst(c) | Insn::Ldc(Const::Int(c)) => st.stack.push(V::Const(*c)),
        Insn::Load(Kind::A, l) => {
            let v = st.locals.get(usize::from(*l)).copied().unwrap_or(V::Top);
            st.stack.push(v);
        }
        Insn::Load(Kind::I, l) => st.stack.push(V::Int(*l)),
        Insn::Store(k, l) => {
            let wide = matches!(k, Kind::L | Kind::D);
            let v = st.pop();
            if wide {
                st.pop();
            }
            write_local(&mut st, *l, if wide { V::Top } else { v }, seen);
            if wide {
                write_local(&mut st, l + 1, V::Top, seen);
            }
        }
        Insn::Iinc(l, _) => write_local(&mut st, *l, V::Top, seen),
        Insn::Pop => {
            st.pop();
        }
        Insn::Pop2 => {
            st.pop();
            st.pop();
        }
        Insn::Dup
        | Insn::DupX1
        | Insn::DupX2
        | Insn::Dup2
        | Insn::Dup2X1
        | Insn::Dup2X2
        | Insn::Swap => shuffle(&mut st.stack, insn),
        Insn::CheckCast(_) => {}
        Insn::New(_) => {
            st.forget(|v| v.needs_insn(i), &mut seen.bad);
            st.stack.push(V::Obj(i));
        }
        Insn::ANewArray(_) => {
            let count = st.pop();
            st.forget(|v| v.needs_insn(i), &mut seen.bad);
            seen.counts.insert(i, count);
            st.stack.push(V::Obj(i));
        }
        Insn::ArrayLength => {
            let v = st.pop();
            st.stack.push(match v {
                V::Obj(a) => V::Len(a),
                _ => V::Top,
            });
        }
        Insn::ArrayLoad(ArrKind::A) => {
            let idx = st.pop();
            let arr = st.pop();
            st.stack.push(match (arr, idx) {
                (V::Obj(a), V::Int(l)) => V::Elem(a, l),
                _ => V::Top,
            });
        }
        Insn::ArrayStore(ArrKind::A) => {
            let val = st.pop();
            let idx = st.pop();
            let arr = st.pop();
            if let Some(c) = val.container() {
                seen.escaped.insert(c);
            }
            if let V::Obj(a) = arr {
                seen.stores.entry(a).or_default().insert((i, idx));
                store_handle(&mut st, val, a, seen);
            }
        }
        Insn::IfIcmp(..) => {
            let b = st.pop();
            let a = st.pop();
            seen.cmps.insert(i, (a, b));
        }
        Insn::If(..) => {
            let v = st.pop();
            seen.tests.insert(i, v);
        }
        Insn::IfNull(..) => {
            st.pop();
        }
        Insn::IfAcmp(..) => {
            st.pop();
            st.pop();
        }
        Insn::Invoke(kind, r) => invoke(&mut st, i, *kind, r, lib.get(&i).copied(), seen),
        _ => generic(&mut st, insn, seen),
    }
    st
}

/// Any other instruction: its operands are used in a way not followed
/// here (a container among them escapes), its results are unknown.
fn generic(st: &mut St, insn: &Insn, seen: &mut Seen) {
    let (pops, pushes) = stack_effect(insn);
    for _ in 0..pops {
        if let Some(c) = st.pop().container() {
            seen.escaped.insert(c);
        }
    }
    for _ in 0..pushes {
        st.stack.push(V::Top);
    }
}

fn write_local(st: &mut St, l: u16, v: V, seen: &mut Seen) {
    st.forget(|x| x.needs_local(l), &mut seen.bad);
    if let Some(slot) = st.locals.get_mut(usize::from(l)) {
        *slot = v;
    }
}

/// The JVM's stack shuffles, slot by slot.
fn shuffle(s: &mut Vec<V>, insn: &Insn) {
    let take = |s: &mut Vec<V>, k: usize| -> Vec<V> {
        let at = s.len().saturating_sub(k);
        let mut t = s.split_off(at);
        while t.len() < k {
            t.insert(0, V::Top);
        }
        t
    };
    // (slots taken, order of the slots pushed back, top last)
    let (k, order): (usize, &[usize]) = match insn {
        Insn::Dup => (1, &[0, 0]),
        Insn::DupX1 => (2, &[1, 0, 1]),
        Insn::DupX2 => (3, &[2, 0, 1, 2]),
        Insn::Dup2 => (2, &[0, 1, 0, 1]),
        Insn::Dup2X1 => (3, &[1, 2, 0, 1, 2]),
        Insn::Dup2X2 => (4, &[2, 3, 0, 1, 2, 3]),
        _ => (2, &[1, 0]),
    };
    let t = take(s, k);
    s.extend(order.iter().map(|&x| t[x]));
}

/// A value goes into container `a` (and stays: nothing is taken out of a
/// container `joins` accepts): if it is a pending fork's handle, that
/// fork's thread is now in `a`.
fn store_handle(st: &mut St, val: V, a: usize, seen: &mut Seen) {
    if val != V::Top {
        st.kept.insert((val, a));
    }
    let done: Vec<(usize, V)> = st.pending.iter().filter(|p| p.1 == val).copied().collect();
    for p in done {
        st.pending.remove(&p);
        seen.contained.entry(p.0).or_default().insert(a);
    }
}

fn invoke(
    st: &mut St,
    i: usize,
    kind: InvokeKind,
    r: &crate::classfile::MethodRef,
    lib: Option<&LibCall>,
    seen: &mut Seen,
) {
    let slots = usize::from(r.arg_slots);
    let at = st.stack.len().saturating_sub(slots);
    let args = st.stack.split_off(at);
    let receiver = (kind != InvokeKind::Static).then(|| args.first().copied().unwrap_or(V::Top));
    let arg = |k: usize| args.get(k).copied().unwrap_or(V::Top);
    seen.calls.insert(i, (arg(0), arg(1)));
    let desc = &*r.desc;
    // What the call means for a container it is made on.
    let mut result = None;
    let mut used = false;
    match receiver {
        Some(V::Obj(a)) => {
            used = true;
            match (&*r.name, desc) {
                ("<init>", "()V" | "(I)V") | ("size", "()I") | ("isEmpty", "()Z") => {}
                ("add", "(Ljava/lang/Object;)Z") => {
                    let val = args.get(1).copied().unwrap_or(V::Top);
                    if let Some(c) = val.container() {
                        seen.escaped.insert(c);
                    }
                    store_handle(st, val, a, seen);
                }
                ("iterator", "()Ljava/util/Iterator;") => result = Some(V::Iter(a, i)),
                _ => {
                    seen.escaped.insert(a);
                }
            }
        }
        Some(V::Iter(a, c)) => {
            used = true;
            match (&*r.name, desc) {
                ("hasNext", "()Z") => result = Some(V::HasNext(c)),
                ("next", "()Ljava/lang/Object;") => result = Some(V::Next(a, c, i)),
                _ => {
                    seen.escaped.insert(a);
                }
            }
        }
        _ => {}
    }
    for (k, v) in args.iter().enumerate() {
        if (k > 0 || !used)
            && let Some(c) = v.container()
        {
            seen.escaped.insert(c);
        }
    }
    st.forget(|v| v.needs_insn(i), &mut seen.bad);
    match lib {
        Some(LibCall::Fork(fk)) if !fk.stream && !fk.scoped => {
            let handle = if fk.receiver {
                receiver.unwrap_or(V::Top)
            } else {
                V::Result(i)
            };
            fork(st, i, handle, seen);
        }
        Some(LibCall::Join) => {
            let v = receiver.unwrap_or(V::Top);
            let e = seen.joins.entry(i).or_insert(v);
            if *e != v {
                *e = V::Top;
            }
        }
        _ => {}
    }
    let ret = r.desc.rsplit(')').next().unwrap_or("V");
    match crate::classfile::desc_slots(ret) {
        0 => {}
        1 => st.stack.push(result.unwrap_or(if ret.starts_with('L') {
            V::Result(i)
        } else {
            V::Top
        })),
        _ => st.stack.extend([V::Top, V::Top]),
    }
}

/// Fork `i` starts a thread whose handle is `handle`.
fn fork(st: &mut St, i: usize, handle: V, seen: &mut Seen) {
    let kept = st.kept.iter().find(|k| k.0 == handle).map(|k| k.1);
    if let Some(a) = handle.element_of().or(kept) {
        seen.contained.entry(i).or_default().insert(a);
    } else if handle == V::Top || st.pending.iter().any(|p| p.0 == i) {
        // Not followed, or the previous thread of this fork was never kept.
        seen.bad.insert(i);
    } else {
        st.pending.insert((i, handle));
    }
}
