//! The loops `joins` accepts as joining every element of a container, and
//! the strongly connected components of a method's control flow they are
//! read from. A loop is the component of its join call: once control leaves
//! a component it never comes back, so the component's iterations are one
//! run of the loop.

use std::collections::BTreeSet;

use crate::classfile::parse::RawMethod;
use crate::classfile::{Cond, Insn, Kind};

use super::facts::Facts;
use super::joins::{LISTS, Seen, St, V};

/// Strongly connected components of a control-flow graph (Tarjan).
pub struct Sccs {
    comp: Vec<usize>,
    members: Vec<Vec<usize>>,
    self_loop: Vec<bool>,
}

impl Sccs {
    pub fn of(succ: &[Vec<usize>]) -> Sccs {
        let n = succ.len();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0; n];
        let mut on = vec![false; n];
        let mut stack = Vec::new();
        let mut comp = vec![usize::MAX; n];
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut next = 0;
        for root in 0..n {
            if index[root] != usize::MAX {
                continue;
            }
            // (node, next successor to look at)
            let mut call = vec![(root, 0usize)];
            while let Some(top) = call.len().checked_sub(1) {
                let (v, k) = call[top];
                if k == 0 && index[v] == usize::MAX {
                    index[v] = next;
                    low[v] = next;
                    next += 1;
                    stack.push(v);
                    on[v] = true;
                }
                if let Some(w) = succ[v].iter().copied().filter(|&w| w < n).nth(k) {
                    call[top].1 += 1;
                    if index[w] == usize::MAX {
                        call.push((w, 0));
                    } else if on[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let id = members.len();
                    let mut ms = Vec::new();
                    while let Some(w) = stack.pop() {
                        on[w] = false;
                        comp[w] = id;
                        ms.push(w);
                        if w == v {
                            break;
                        }
                    }
                    ms.sort_unstable();
                    members.push(ms);
                }
            }
        }
        let self_loop = (0..n).map(|i| succ[i].contains(&i)).collect();
        Sccs {
            comp,
            members,
            self_loop,
        }
    }

    /// Is `i` on a cycle?
    pub fn cyclic(&self, i: usize) -> bool {
        self.members[self.comp[i]].len() > 1 || self.self_loop[i]
    }

    pub(super) fn members(&self, i: usize) -> &[usize] {
        &self.members[self.comp[i]]
    }

    fn same(&self, a: usize, b: usize) -> bool {
        self.comp[a] == self.comp[b]
    }
}

/// A join call in a loop, with what the method's interpretation showed.
pub struct Loop<'a> {
    pub m: &'a RawMethod,
    pub f: &'a Facts,
    pub scc: &'a Sccs,
    pub seen: &'a Seen,
    pub outs: &'a [Option<St>],
    pub join: usize,
}

type Exits = Option<(usize, Vec<(usize, usize)>)>;

impl Loop<'_> {
    fn normal(&self, i: usize) -> Vec<usize> {
        crate::classfile::successors(&self.m.code[i], i as u32)
            .into_iter()
            .map(|s| s as usize)
            .collect()
    }

    fn handlers(&self, i: usize) -> Vec<usize> {
        let normal = self.normal(i);
        self.f.succ[i]
            .iter()
            .copied()
            .filter(|s| !normal.contains(s))
            .collect()
    }

    /// Is any of `goals` reachable from `from` inside `i`'s component
    /// without passing `avoid`?
    pub(super) fn reaches(
        &self,
        i: usize,
        from: &[usize],
        avoid: &dyn Fn(usize) -> bool,
        goals: &dyn Fn(usize) -> bool,
    ) -> bool {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<usize> = from.to_vec();
        while let Some(x) = todo.pop() {
            if !self.scc.same(i, x) || avoid(x) || !seen.insert(x) {
                continue;
            }
            if goals(x) {
                return true;
            }
            todo.extend(self.f.succ[x].iter().copied());
        }
        false
    }

    /// Does int local `i` hold a constant `ok` accepts on every edge
    /// entering the component?
    pub(super) fn enters_with(
        &self,
        entries: &[(usize, usize)],
        i: u16,
        ok: impl Fn(i32) -> bool,
    ) -> bool {
        entries.iter().all(|&(p, _)| {
            self.outs[p].as_ref().is_some_and(
                |s| matches!(s.locals.get(usize::from(i)), Some(V::Const(k)) if ok(*k)),
            )
        })
    }

    /// Where an iteration starts: on entering the component, and after
    /// each increment `inc` of its index.
    pub(super) fn iteration_starts(
        &self,
        entries: &[(usize, usize)],
        inc: &dyn Fn(usize) -> bool,
    ) -> Vec<usize> {
        let mut from: Vec<usize> = entries.iter().map(|e| e.1).collect();
        for &x in self.scc.members(self.join).iter().filter(|&&x| inc(x)) {
            from.extend(self.f.succ[x].iter().copied());
        }
        from
    }

    /// The component's edges leaving it along normal control flow.
    fn exits(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for &x in self.scc.members(self.join) {
            for t in self.normal(x) {
                if !self.scc.same(x, t) {
                    out.push((x, t));
                }
            }
        }
        out
    }

    /// Nodes of the component entered from outside it; None when it is
    /// entered by an exception or holds the method's first instruction.
    pub(super) fn entries(&self) -> Option<Vec<(usize, usize)>> {
        let mut out = Vec::new();
        for (p, ss) in self.f.succ.iter().enumerate() {
            for &s in ss {
                if self.scc.same(s, self.join) && !self.scc.same(p, self.join) {
                    if !self.normal(p).contains(&s) {
                        return None;
                    }
                    out.push((p, s));
                }
            }
        }
        let first = self.scc.same(0, self.join);
        (!first).then_some(out)
    }
}

/// Does the instruction write int local `l`?
pub(super) fn writes(insn: &Insn, l: u16) -> bool {
    match insn {
        Insn::Store(Kind::L | Kind::D, x) => *x == l || x + 1 == l,
        Insn::Store(_, x) | Insn::Iinc(x, _) => *x == l,
        _ => false,
    }
}

/// Only increments by a positive constant write `l` in `i`'s component,
/// and every cycle through `i` passes one: each execution of `i` sees a
/// larger value of `l` (an exception caught inside the component could
/// skip that, so none may be).
pub(super) fn grows_between(l: &Loop, i: usize, local: u16) -> bool {
    let code = &l.m.code;
    let inc = |x: usize| matches!(code[x], Insn::Iinc(y, d) if y == local && d > 0);
    for &x in l.scc.members(i) {
        if writes(&code[x], local) && !inc(x) {
            return false;
        }
    }
    if l.handlers(i).iter().any(|&h| l.scc.same(h, i)) {
        return false;
    }
    !l.reaches(i, &l.f.succ[i], &inc, &|x| x == i)
}

/// A loop over array `a` (index local `j`) joining `a[j]`: the exits where
/// `j` has reached `a`'s length.
pub fn array_loop(l: &Loop, a: usize, j: u16) -> Exits {
    let code = &l.m.code;
    if l.seen.escaped.contains(&a) || !matches!(code[a], Insn::ANewArray(_)) || l.scc.cyclic(a) {
        return None;
    }
    // The array's one element store writes a new slot each time.
    let stores: Vec<&(usize, V)> = l.seen.stores.get(&a).into_iter().flatten().collect();
    match stores.as_slice() {
        [] => {}
        [(s, V::Int(n))] if !l.scc.cyclic(*s) || grows_between(l, *s, *n) => {}
        _ => return None,
    }
    // The index: 0 on entry, then only `j += 1`, each value joined first.
    let jc = l.join;
    let inc = |x: usize| matches!(code[x], Insn::Iinc(y, 1) if y == j);
    let members = l.scc.members(jc);
    if members.iter().any(|&x| writes(&code[x], j) && !inc(x)) {
        return None;
    }
    let entries = l.entries()?;
    if !l.enters_with(&entries, j, |k| k == 0) {
        return None;
    }
    let mut from = l.iteration_starts(&entries, &inc);
    from.extend(l.handlers(jc));
    if l.reaches(jc, &from, &|x| x == jc, &inc) {
        return None;
    }
    // Exits where j >= the array's length.
    // (`x`: the comparison; a local may hold the length read before.)
    let bound = |x: usize, v: V| match (v, l.seen.counts.get(&a)) {
        (V::Len(b), _) => b == a,
        (V::Const(k), Some(V::Const(c))) => k == *c,
        (V::Int(n), count) => {
            count == Some(&V::Int(n)) && fixed(l, n)
                || l.outs[x]
                    .as_ref()
                    .is_some_and(|s| s.locals.get(usize::from(n)) == Some(&V::Len(a)))
        }
        _ => false,
    };
    let exits: Vec<(usize, usize)> = bound_tests(l, j)
        .into_iter()
        .filter(|&(x, _, b)| bound(x, b))
        .map(|(x, t, _)| (x, t))
        .collect();
    (!exits.is_empty()).then_some((a, exits))
}

/// The exits of the loop around `l.join` taken where int local `j` is at
/// least some bound: (the comparison, where it goes, the bound's value).
pub(super) fn bound_tests(l: &Loop, j: u16) -> Vec<(usize, usize, V)> {
    let jv = V::Int(j);
    l.exits()
        .into_iter()
        .filter_map(|(x, t)| {
            let Insn::IfIcmp(cond, tgt) = l.m.code[x] else {
                return None;
            };
            let &(v1, v2) = l.seen.cmps.get(&x)?;
            let taken = t == tgt as usize && t != x + 1;
            let falls = t == x + 1 && tgt as usize != x + 1;
            let b = match cond {
                Cond::Ge if taken && v1 == jv => v2,
                Cond::Le if taken && v2 == jv => v1,
                Cond::Lt if falls && v1 == jv => v2,
                Cond::Gt if falls && v2 == jv => v1,
                _ => return None,
            };
            Some((x, t, b))
        })
        .collect()
}

/// An int local written once, outside any loop: its value never changes
/// once set.
pub(super) fn fixed(l: &Loop, x: u16) -> bool {
    fixed_in(l.m, l.scc, x)
}

pub(super) fn fixed_in(m: &RawMethod, scc: &Sccs, x: u16) -> bool {
    let w: Vec<usize> = (0..m.code.len())
        .filter(|&i| writes(&m.code[i], x))
        .collect();
    matches!(w.as_slice(), [i] if !scc.cyclic(*i))
}

/// A loop over list `a`'s iterator (made by the call at `it`, outside the
/// loop) joining each `next()` (the call at `nc`): the exits where
/// `hasNext()` said no.
pub fn list_loop(l: &Loop, a: usize, it: usize, nc: usize) -> Exits {
    let code = &l.m.code;
    let list = matches!(&code[a], Insn::New(c) if LISTS.contains(&&*c.name));
    let jc = l.join;
    if l.seen.escaped.contains(&a)
        || !list
        || l.scc.cyclic(a)
        || l.scc.same(it, jc)
        || !l.scc.same(nc, jc)
    {
        return None;
    }
    let exits: Vec<(usize, usize)> = l
        .exits()
        .into_iter()
        .filter(|&(x, t)| {
            let Insn::If(cond, tgt) = code[x] else {
                return false;
            };
            l.seen.tests.get(&x) == Some(&V::HasNext(it))
                && match cond {
                    Cond::Eq => t == tgt as usize && t != x + 1,
                    Cond::Ne => t == x + 1 && tgt as usize != x + 1,
                    _ => false,
                }
        })
        .collect();
    // Each element is joined before the next `next()` and before the exit.
    let mut from = l.f.succ[nc].clone();
    from.extend(l.handlers(jc));
    let goal = |x: usize| x == nc || exits.iter().any(|e| e.0 == x);
    if exits.is_empty() || l.reaches(jc, &from, &|x| x == jc, &goal) {
        return None;
    }
    Some((a, exits))
}
