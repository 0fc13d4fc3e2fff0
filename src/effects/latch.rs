//! `CountDownLatch.await` as the point after which the threads main forks
//! have done all they do: when `await()` returns, the latch's count `c`
//! has been counted down `c` times. If no execution can count it down more
//! than `c` times, every `countDown` call of the execution came before the
//! return, and with it everything its thread did before it.
//!
//! Accepted when all of this holds (anything else only costs precision):
//! 1. the program makes one `CountDownLatch`, in main's method, outside
//!    any loop, with a count `c` that is a constant or an int local written
//!    once outside any loop; the `await()` is on that very object;
//! 2. every thread is started by `Thread.start` in main's method, and the
//!    starts are at most `c`: a start outside loops counts 1, one inside a
//!    loop counts the loop's bound (an index from a non-negative constant,
//!    grown only by positive increments, tested against the bound on every
//!    path to the start, and grown between two starts);
//! 3. every `countDown()` of the program is in a thread body (`run`) no
//!    code of the program calls, that main does not run and the library
//!    does not call back, at most once per run of it, followed by nothing
//!    but local moves and the return: so each thread counts down at most
//!    once, and does nothing after it (a thread whose body does not count
//!    down at all leaves the count above zero: `await` does not return).

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::classfile::parse::RawMethod;
use crate::classfile::{Insn, InvokeKind};

use super::facts::{Facts, MKey};
use super::joins::{Interpreted, V};
use super::library::LibCall;
use super::loops::{self, Loop};
use super::threads::World;

const LATCH: &str = "java/util/concurrent/CountDownLatch";

/// The edges of main's method (after an `await()`) where every thread has
/// done all it does, or none.
pub(super) fn await_edges(
    w: &World,
    m: &RawMethod,
    f: &Facts,
    it: &Interpreted,
) -> Vec<(usize, usize)> {
    let Some((latch, count)) = the_latch(w, m, it) else {
        return Vec::new();
    };
    let loop_at = |i: usize| Loop {
        m,
        f,
        scc: &it.scc,
        seen: &it.seen,
        outs: &it.outs,
        join: i,
    };
    // Condition 2: every thread is one of main's starts; they fit the count.
    let main = &w.main;
    if w.threads.iter().skip(1).any(|t| {
        !t.everywhere
            && (t.parent != 0 || t.forker.as_ref() != Some(main) || t.how != "Thread.start")
    }) {
        return Vec::new();
    }
    let mut terms = Vec::new();
    for c in &f.calls {
        match &c.lib {
            Some(LibCall::Fork(fk)) if fk.how == "Thread.start" => {}
            Some(LibCall::Fork(_)) => return Vec::new(),
            _ => continue,
        }
        let term = if it.scc.cyclic(c.at) {
            starts_bound(&loop_at(c.at))
        } else {
            Some(V::Const(1))
        };
        let Some(term) = term else {
            return Vec::new();
        };
        terms.push(term);
    }
    let fits = match count {
        V::Const(k) => {
            let mut sum: i64 = 0;
            terms.iter().all(|t| match t {
                V::Const(x) => {
                    sum += i64::from(*x).max(0);
                    true
                }
                _ => false,
            }) && sum <= i64::from(k)
        }
        V::Int(n) => terms.iter().all(|t| *t == V::Int(n)) && terms.len() <= 1,
        _ => false,
    };
    if !fits || !count_downs_last(w) {
        return Vec::new();
    }
    // The awaits on the latch, left normally.
    it.seen
        .calls
        .iter()
        .filter(|(i, (r, _))| {
            *r == V::Obj(latch)
                && matches!(&m.code[**i], Insn::Invoke(InvokeKind::Virtual, r)
                    if &*r.name == "await" && &*r.desc == "()V")
        })
        .map(|(&i, _)| (i, i + 1))
        .collect()
}

/// The methods any thread may run (the analysis's closed world: code no
/// thread reaches never runs), with their code.
fn code_that_runs<'w>(w: &'w World) -> Vec<(&'w MKey, &'w RawMethod)> {
    let keys: BTreeSet<&MKey> = w.reach.iter().flatten().collect();
    keys.into_iter()
        .filter_map(|k| Some((k, w.p.get(&k.0)?.method(&k.1, &k.2)?)))
        .collect()
}

/// The program's one latch (its allocation in main's method) and its
/// count: condition 1.
fn the_latch(w: &World, m: &RawMethod, it: &Interpreted) -> Option<(usize, V)> {
    let mut made = Vec::new();
    for (k, rm) in code_that_runs(w) {
        for (i, insn) in rm.code.iter().enumerate() {
            if matches!(insn, Insn::New(t) if &*t.name == LATCH) {
                made.push((k.clone(), i));
            }
        }
    }
    let [(k, a)] = made.as_slice() else {
        return None;
    };
    if *k != w.main || it.scc.cyclic(*a) {
        return None;
    }
    let init = it.seen.calls.iter().find(|(i, (r, _))| {
        *r == V::Obj(*a)
            && matches!(&m.code[**i], Insn::Invoke(InvokeKind::Special, r)
                if &*r.name == "<init>" && &*r.desc == "(I)V")
    })?;
    let count = (init.1).1;
    let ok = match count {
        V::Const(k) => k >= 0,
        V::Int(n) => loops::fixed_in(m, &it.scc, n),
        _ => false,
    };
    ok.then_some((*a, count))
}

/// How many times a start inside a loop may run: the loop's bound, when
/// its index starts at a non-negative constant, only grows, is tested
/// against the bound on every path to the start and grows between two
/// starts.
fn starts_bound(l: &Loop) -> Option<V> {
    let code = &l.m.code;
    let s = l.join;
    let members = l.scc.members(s);
    let entries = l.entries()?;
    let indices: BTreeSet<u16> = members
        .iter()
        .filter_map(|&x| match code[x] {
            Insn::Iinc(i, d) if d > 0 => Some(i),
            _ => None,
        })
        .collect();
    for i in indices {
        let inc = |x: usize| matches!(code[x], Insn::Iinc(y, d) if y == i && d > 0);
        if !l.enters_with(&entries, i, |k| k >= 0) || !loops::grows_between(l, s, i) {
            continue;
        }
        let from = l.iteration_starts(&entries, &inc);
        for (x, _, b) in loops::bound_tests(l, i) {
            let fixed_bound = match b {
                V::Const(_) => true,
                V::Int(n) => loops::fixed(l, n),
                _ => false,
            };
            if fixed_bound && !l.reaches(s, &from, &|y| y == x, &|y| y == s) {
                return Some(b);
            }
        }
    }
    None
}

/// Every `countDown()` of the program is the last thing a thread body
/// does, at most once per run: condition 3.
fn count_downs_last(w: &World) -> bool {
    let mut invoked: BTreeSet<(Arc<str>, Arc<str>)> = BTreeSet::new();
    let mut downs: Vec<(MKey, usize)> = Vec::new();
    for (k, rm) in code_that_runs(w) {
        for (i, insn) in rm.code.iter().enumerate() {
            if let Insn::Invoke(_, r) = insn {
                invoked.insert((r.name.clone(), r.desc.clone()));
                if &*r.name == "countDown" && &*r.desc == "()V" {
                    downs.push((k.clone(), i));
                }
            }
        }
    }
    let entries: BTreeSet<&MKey> = w.threads.iter().skip(1).flat_map(|t| &t.entries).collect();
    downs.iter().all(|(k, i)| {
        let Some(f) = w.facts.get(k) else {
            return false;
        };
        let Some(rm) = w.p.get(&k.0).and_then(|c| c.method(&k.1, &k.2)) else {
            return false;
        };
        let body = entries.contains(k)
            && &*k.1 == "run"
            && !invoked.contains(&(k.1.clone(), k.2.clone()))
            && !w.reach[0].contains(k)
            && !w.library_callbacks.contains(k);
        body && after_only_moves(rm, f, *i, downs.iter().filter(|d| d.0 == *k).map(|d| d.1))
    })
}

/// From the call at `i` on, only local moves and the return, and no call
/// of `all` (this one included) again.
fn after_only_moves(rm: &RawMethod, f: &Facts, i: usize, all: impl Iterator<Item = usize>) -> bool {
    let calls: BTreeSet<usize> = all.collect();
    let mut seen = BTreeSet::new();
    let mut todo: Vec<usize> = f.succ.get(i).cloned().unwrap_or_default();
    while let Some(x) = todo.pop() {
        if !seen.insert(x) {
            continue;
        }
        let inert = matches!(
            rm.code.get(x),
            Some(
                Insn::Nop
                    | Insn::Load(..)
                    | Insn::Store(..)
                    | Insn::Iinc(..)
                    | Insn::Iconst(_)
                    | Insn::AconstNull
                    | Insn::Pop
                    | Insn::Pop2
                    | Insn::Dup
                    | Insn::Goto(_)
                    | Insn::Return(None)
            )
        );
        if !inert || calls.contains(&x) {
            return false;
        }
        todo.extend(f.succ[x].iter().copied());
    }
    true
}
