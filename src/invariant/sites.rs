//! Objects named by class and allocation instead of heap address:
//! `allocated(C)` is the first object of class C the program allocates,
//! `allocated(C, 2)` the second, and `allocated(C, M.m)` the first one
//! method `M.m` allocates, all while one thread alone runs (the
//! single-threaded prefix: static initializers, main's set-up). That run
//! is deterministic, so the name denotes one address in every run of the
//! program; m5 runs the prefix once and writes the address in (`ref(k)`),
//! and both evaluators then read the same term. A name survives
//! recompilation (another compiler, another statement in main) where
//! `ref(k)` does not.

use super::ast::Expr;
use super::{Compiled, InvariantError, class_id, error};
use crate::classfile::{ClassId, MethodId};
use crate::interp::alone::run_alone;
use crate::state::{Body, Ref, State};

/// Steps of the single-threaded prefix run to find allocations, at most.
const LIMIT: usize = 1_000_000;

/// Replaces every `allocated(...)` in `c` by `ref(k)`, the address the
/// single-threaded prefix from `s0` allocates it at, and checks the file
/// again; an error names the call when the prefix allocates no such
/// object.
pub fn resolve(c: &mut Compiled, s0: &State) -> Result<(), InvariantError> {
    let mut file = c.file.clone();
    let mut allocs: Option<(Vec<Allocated>, String)> = None;
    let mut failure: Option<InvariantError> = None;
    let mut named = Vec::new();
    for item in &mut file.items {
        for e in item.exprs_mut() {
            e.walk_mut(&mut |e| {
                let Expr::Call(f, args, span) = e else { return };
                if f != "allocated" || failure.is_some() {
                    return;
                }
                let span = *span;
                let (objects, stop) = allocs.get_or_insert_with(|| allocations(s0));
                match find(s0, objects, args) {
                    Some(r) => {
                        named.push((r as i64, objects[r as usize].class));
                        *e = Expr::Call("ref".into(), vec![Expr::Int(r as i64, span)], span)
                    }
                    None => {
                        failure = Some(error(
                            &c.file,
                            span,
                            format!(
                                "no such object is allocated while one thread alone runs ({stop}); `allocated(...)` names only objects allocated before a second thread can run"
                            ),
                        ))
                    }
                }
            });
        }
    }
    if let Some(e) = failure {
        return Err(e);
    }
    if allocs.is_some() {
        *c = super::check::check(file, &s0.classes)?;
        c.allocated.extend(named);
    }
    Ok(())
}

/// An object of the single-threaded prefix.
struct Allocated {
    r: Ref,
    /// The method whose instruction allocated it (None: in the initial state).
    by: Option<MethodId>,
    class: ClassId,
    /// A plain object (fields), not an array.
    plain: bool,
}

/// The objects of the single-threaded prefix from `s0` in allocation
/// order, and how many steps it ran and why it stopped.
fn allocations(s0: &State) -> (Vec<Allocated>, String) {
    let mut by: Vec<Option<MethodId>> = vec![None; s0.heap.len()];
    let mut s = s0.clone();
    let (steps, stop) = run_alone(&mut s, LIMIT, |before, after, t| {
        let top = before.threads[t as usize].stack.last().map(|f| f.method.id);
        by.extend((before.heap.len()..after.heap.len()).map(|_| top));
        true
    });
    // An object's class never changes: the last state has them all.
    let objects = by
        .into_iter()
        .enumerate()
        .map(|(r, by)| {
            let o = s.object(r as Ref);
            Allocated {
                r: r as Ref,
                by,
                class: o.class,
                plain: matches!(o.body, Body::Fields(_)),
            }
        })
        .collect();
    (objects, format!("{steps} steps: then {stop}"))
}

/// The address `allocated(args)` names, if the prefix allocated it.
fn find(s0: &State, objects: &[Allocated], args: &[Expr]) -> Option<Ref> {
    let class = class_id(&s0.classes, &super::semantics::dotted_path(args.first()?)?)?;
    let mut site = None;
    let mut nth = 1;
    for a in &args[1..] {
        match a {
            Expr::Int(n, _) => nth = usize::try_from(*n).ok()?,
            m => site = Some(methods_named(s0, &super::semantics::dotted_path(m)?)?),
        }
    }
    objects
        .iter()
        .filter(|a| {
            a.plain
                && s0.classes.is_subclass(a.class, class)
                && site
                    .as_ref()
                    .is_none_or(|ms: &Vec<MethodId>| a.by.is_some_and(|b| ms.contains(&b)))
        })
        .nth(nth.checked_sub(1)?)
        .map(|a| a.r)
}

/// The methods `Class/name` names (every overload).
fn methods_named(s0: &State, path: &str) -> Option<Vec<MethodId>> {
    let (class, name) = path.rsplit_once('/')?;
    let cid = class_id(&s0.classes, class)?;
    let ms: Vec<MethodId> = s0
        .classes
        .class(cid)
        .methods
        .iter()
        .copied()
        .filter(|&m| &*s0.classes.method(m).name == name)
        .collect();
    (!ms.is_empty()).then_some(ms)
}
