//! Interference: two accesses conflict when they may touch one location of
//! one object and one of them writes; two threads interfere when they may
//! run at once and their effects conflict. A conflict where both accesses
//! hold one lock (or both are operations of a library object that
//! synchronizes internally) is the seed's intended nondeterminism: the
//! order is the scheduler's, but no access is torn; otherwise it is a
//! determinism violation.

use std::collections::BTreeSet;

use crate::locks::events::Path;
use crate::locks::program::Program;

use super::facts::{Access, Loc, Obj};
use super::threads::World;

/// One side of a conflict: a thread and its access.
#[derive(Clone, Debug)]
pub struct Side {
    pub thread: usize,
    pub access: Access,
}

/// Two accesses that may run at once, on one location, one a write.
#[derive(Clone, Debug)]
pub struct Conflict {
    pub a: Side,
    pub b: Side,
    /// Both under one lock, or both on a library object that
    /// synchronizes: nondeterministic but intended.
    pub intended: bool,
}

/// Accesses of one location may touch the same storage.
fn same_loc(p: &Program, a: &Loc, b: &Loc) -> bool {
    match (a, b) {
        (Loc::Lib(x), Loc::Lib(y)) => {
            x == y
                || p.is_subtype(x, y)
                || p.is_subtype(y, x)
                || &**x == "java/lang/Object"
                || &**y == "java/lang/Object"
        }
        (Loc::Elems(x), Loc::Elems(y)) => x.is_none() || y.is_none() || x == y,
        _ => a == b,
    }
}

/// Two objects as accessed by two different thread instances may be one.
fn same_obj(a: &Obj, b: &Obj, own_a: bool, own_b: bool) -> bool {
    if own_a && own_b {
        // Each thread's own object: two threads, two objects.
        return false;
    }
    match (a, b) {
        // Two allocation sites never make one object; two static finals
        // may hold one.
        (Obj::New(..), Obj::New(..)) => a == b,
        _ => true,
    }
}

/// A lock both hold that is one object for both: a static final, a class
/// literal, the very object each accesses, or a final field of it
/// (`this.lock` where both access `this`: the accesses touch one object,
/// so their `this` is one).
fn common_lock(a: &Access, b: &Access) -> bool {
    let this = Some(Path::Param(0));
    a.held.iter().any(|l| {
        b.held.contains(l)
            && match l {
                Path::Static(..) | Path::ClassLit(_) => true,
                _ if a.receiver == this && b.receiver == this => rooted_at_this(l),
                _ => a.receiver.as_ref() == Some(l) && b.receiver.as_ref() == Some(l),
            }
    })
}

/// Is `p` `this` or a path of final fields from it?
pub(super) fn rooted_at_this(p: &Path) -> bool {
    match p {
        Path::Param(0) => true,
        Path::Field(inner, _) => rooted_at_this(inner),
        _ => false,
    }
}

/// Is `x` an access thread `t` makes on its own object?
fn is_own(w: &World, t: usize, x: &Access, k: &super::facts::MKey) -> bool {
    t != 0 && w.threads[t].own_entries.contains(k) && x.obj == Obj::This
}

/// An access as a thread makes it: with whether it is on the thread's own
/// object.
struct Seen<'a> {
    thread: usize,
    access: &'a Access,
    own: bool,
    /// Main's accesses: the threads that may run meanwhile.
    live: Option<&'a BTreeSet<usize>>,
}

/// Reports stop listing conflicts here (a verdict needs one).
pub const MAX_CONFLICTS: usize = 10_000;
/// ... and on one location here.
pub const MAX_PER_LOCATION: usize = 50;

/// Every conflict between the threads of `w` (after `main_live`), at most
/// `MAX_CONFLICTS`.
pub fn conflicts(w: &World) -> Vec<Conflict> {
    let p = w.p;
    let mut seen: Vec<Seen> = Vec::new();
    for (t, methods) in w.reach.iter().enumerate() {
        for k in methods {
            let Some(f) = w.facts.get(k) else { continue };
            let live = if t == 0 { w.live_at.get(k) } else { None };
            for a in &f.accesses {
                seen.push(Seen {
                    thread: t,
                    access: a,
                    own: is_own(w, t, a, k),
                    live: live.and_then(|l| l.get(a.at)),
                });
            }
        }
    }
    let conc = concurrent(w);
    let mut out: Vec<Conflict> = Vec::new();
    let mut keys = std::collections::HashSet::new();
    // Only accesses that may share a location are compared: by field, and
    // all array elements, all library objects, the output together.
    let mut buckets: std::collections::BTreeMap<Loc, Vec<usize>> = Default::default();
    for (i, x) in seen.iter().enumerate() {
        let key = match &x.access.loc {
            Loc::Elems(_) => Loc::Elems(None),
            Loc::Lib(_) => Loc::Lib("".into()),
            l => l.clone(),
        };
        buckets.entry(key).or_default().push(i);
    }
    let pairs = buckets.values().flat_map(|b| {
        b.iter()
            .enumerate()
            .flat_map(move |(k, &i)| b[k..].iter().map(move |&j| (i, j)))
    });
    let mut per_loc: std::collections::HashMap<Loc, usize> = Default::default();
    for (i, j) in pairs {
        if out.len() >= MAX_CONFLICTS {
            break;
        }
        if per_loc
            .get(&seen[i].access.loc)
            .is_some_and(|&k| k >= MAX_PER_LOCATION)
        {
            continue;
        }
        let (x, y) = (&seen[i], &seen[j]);
        {
            if !(x.access.write || y.access.write) {
                continue;
            }
            let everywhere = |t: usize| w.threads[t].everywhere;
            let together = match (x.thread, y.thread) {
                (0, 0) => false,
                (t, u) if everywhere(t) || everywhere(u) => true,
                (0, t) => x.live.is_some_and(|l| l.contains(&t)),
                (t, 0) => y.live.is_some_and(|l| l.contains(&t)),
                (t, u) => conc.contains(&(t.min(u), t.max(u))),
            };
            if !together
                || !same_loc(p, &x.access.loc, &y.access.loc)
                || !same_obj(&x.access.obj, &y.access.obj, x.own, y.own)
            {
                continue;
            }
            // One conflict per pair of source lines and kinds (a line's
            // several reads, or writes, of one location say the same).
            let line = |s: &crate::locks::events::Site| {
                (s.class.clone(), s.method.clone(), s.line.unwrap_or(s.pc))
            };
            let key = (
                x.thread,
                y.thread,
                line(&x.access.site),
                line(&y.access.site),
                x.access.loc.clone(),
                x.access.write,
                y.access.write,
            );
            if !keys.insert(key) {
                continue;
            }
            *per_loc.entry(x.access.loc.clone()).or_default() += 1;
            out.push(Conflict {
                intended: x.access.synchronized && y.access.synchronized
                    || common_lock(x.access, y.access),
                a: Side {
                    thread: x.thread,
                    access: x.access.clone(),
                },
                b: Side {
                    thread: y.thread,
                    access: y.access.clone(),
                },
            });
        }
    }
    out.sort_by_key(|c| (c.intended, c.a.access.site.line, c.b.access.site.line));
    out
}

/// Pairs of threads (other than main) that may run at once, smaller first:
/// both live at one point of main; one forked (directly or not) by the
/// other, or by a thread that may run with the other; a thread with
/// itself when many of it may run.
pub fn concurrent(w: &World) -> BTreeSet<(usize, usize)> {
    let mut out = BTreeSet::new();
    let n = w.threads.len();
    for sets in w.live_at.values() {
        for s in sets {
            let v: Vec<usize> = s.iter().copied().collect();
            for (i, &a) in v.iter().enumerate() {
                for &b in &v[i..] {
                    if a != b || w.threads[a].many {
                        out.insert((a.min(b), a.max(b)));
                    }
                }
            }
        }
    }
    for t in 1..n {
        if w.threads[t].many {
            out.insert((t, t));
        }
        if w.threads[t].everywhere {
            for u in 1..n {
                out.insert((t.min(u), t.max(u)));
            }
        }
    }
    // A thread runs with what forks it and with whatever that runs with.
    loop {
        let before = out.len();
        for t in 1..n {
            let parent = w.threads[t].parent;
            if parent == 0 {
                continue;
            }
            out.insert((parent.min(t), parent.max(t)));
            let with: Vec<usize> = (1..n)
                .filter(|&u| out.contains(&(parent.min(u), parent.max(u))))
                .collect();
            for u in with {
                out.insert((u.min(t), u.max(t)));
            }
        }
        if out.len() == before {
            break;
        }
    }
    out
}
