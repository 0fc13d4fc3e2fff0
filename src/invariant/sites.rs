//! Objects named by class and allocation site instead of heap address:
//! `allocated(Container)` is the first Container the program allocates,
//! `allocated(Container, 2)` the second, and `allocated(Container,
//! Main.main)` the first one `Main.main` allocates, all while one thread
//! alone runs (the single-threaded
//! prefix: static initializers, main's set-up). That run is deterministic,
//! so the name denotes one address in every run of the program; m5 runs
//! the prefix once and writes the address in (`ref(k)`), and both
//! evaluators then read the same term. A name survives recompilation
//! (another compiler, another statement in main) where `ref(k)` does not.

use super::ast::{Expr, Item};
use super::{Compiled, InvariantError, class_id, error};
use crate::classfile::{ClassId, MethodId};
use crate::interp::{self, Outcome};
use crate::state::{Body, Ref, State, ThreadId};

/// Steps of the single-threaded prefix run to find allocations, at most.
const LIMIT: usize = 1_000_000;

/// Does `e` (or a part of it) name an object by allocation?
fn mentions(e: &Expr) -> bool {
    let mut found = false;
    visit(e, &mut |x| {
        found |= matches!(x, Expr::Call(f, _, _) if f == "allocated");
    });
    found
}

/// Replaces every `allocated(...)` in `c` by `ref(k)`, the address the
/// single-threaded prefix from `s0` allocates it at; an error names the
/// call when the prefix allocates no such object.
pub fn resolve(c: &mut Compiled, s0: &State) -> Result<(), InvariantError> {
    let any = c.file.items.iter().any(|i| item_exprs(i).any(mentions));
    if !any {
        return Ok(());
    }
    let (allocs, stop) = allocations(s0);
    let file = c.file.clone();
    let mut failure: Option<InvariantError> = None;
    let mut fix = |e: &mut Expr| {
        let Expr::Call(f, args, span) = e else { return };
        if f != "allocated" || failure.is_some() {
            return;
        }
        let span = *span;
        match find(s0, &allocs, args) {
            Some(r) => {
                *e = Expr::Call("ref".into(), vec![Expr::Int(r as i64, span)], span);
            }
            None => {
                failure = Some(error(
                    &file,
                    span,
                    format!(
                        "no such object is allocated while one thread alone runs ({} steps: {stop}); `allocated(...)` names only objects allocated before a second thread can run",
                        allocs.steps
                    ),
                ));
            }
        }
    };
    for item in &mut c.file.items {
        for e in item_exprs_mut(item) {
            rewrite(e, &mut fix);
        }
    }
    for (_, body) in c.defs.values_mut() {
        rewrite(body, &mut fix);
    }
    let facts = c
        .global
        .iter_mut()
        .chain(c.cases.iter_mut().flat_map(|x| x.0.facts.iter_mut()))
        .chain(c.objects.iter_mut().flat_map(|x| x.2.iter_mut()))
        .chain(c.relations.values_mut().flatten());
    for f in facts {
        rewrite(&mut f.expr, &mut fix);
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The objects of the single-threaded prefix in allocation order, each
/// with the method whose instruction allocated it (None: in the initial
/// state).
struct Allocations {
    objects: Vec<Allocated>,
    steps: usize,
}

struct Allocated {
    r: Ref,
    by: Option<MethodId>,
    class: ClassId,
    /// A plain object (fields), not an array.
    plain: bool,
}

fn allocations(s0: &State) -> (Allocations, String) {
    let mut by: Vec<Option<MethodId>> = vec![None; s0.heap.len()];
    let mut s = s0.clone();
    let mut steps = 0;
    let stop = loop {
        let live: Vec<ThreadId> = (0..s.threads.len() as ThreadId)
            .filter(|&t| s.threads[t as usize].is_alive())
            .collect();
        if s.exit.is_some() || live.is_empty() {
            break "the program ends".to_string();
        }
        if live.len() > 1 {
            break format!("then {} threads can run", live.len());
        }
        if steps >= LIMIT {
            break format!("the limit of {LIMIT} steps");
        }
        let t = live[0];
        let top = s.threads[t as usize].stack.last().map(|f| f.method.id);
        let before = s.heap.len();
        match interp::step(&mut s, t) {
            Ok(Outcome::NoOp(_)) => break "its one thread cannot move".to_string(),
            Ok(_) => {}
            Err(e) => break format!("the interpreter stops: {e}"),
        }
        by.extend((before..s.heap.len()).map(|_| top));
        steps += 1;
    };
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
    (Allocations { objects, steps }, stop)
}

/// The address `allocated(args)` names, if the prefix allocated it.
fn find(s0: &State, allocs: &Allocations, args: &[Expr]) -> Option<Ref> {
    let class = class_id(&s0.classes, &super::semantics::dotted_path(args.first()?)?)?;
    let mut site = None;
    let mut nth = 1;
    for a in &args[1..] {
        match a {
            Expr::Int(n, _) => nth = usize::try_from(*n).ok()?,
            m => site = Some(methods_named(s0, &super::semantics::dotted_path(m)?)?),
        }
    }
    allocs
        .objects
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

fn item_exprs(item: &Item) -> Box<dyn Iterator<Item = &Expr> + '_> {
    match item {
        Item::Let { expr, .. } => Box::new(std::iter::once(expr)),
        Item::Def { body, .. } => Box::new(std::iter::once(body)),
        Item::Global { facts } | Item::Object { facts, .. } | Item::Relation { facts, .. } => {
            Box::new(facts.iter().map(|f| &f.expr))
        }
        Item::Thread { cases, .. } => {
            Box::new(cases.iter().flat_map(|c| c.facts.iter().map(|f| &f.expr)))
        }
        Item::Pcs { .. } => Box::new(std::iter::empty()),
    }
}

fn item_exprs_mut(item: &mut Item) -> Vec<&mut Expr> {
    match item {
        Item::Let { expr, .. } => vec![expr],
        Item::Def { body, .. } => vec![body],
        Item::Global { facts } | Item::Object { facts, .. } | Item::Relation { facts, .. } => {
            facts.iter_mut().map(|f| &mut f.expr).collect()
        }
        Item::Thread { cases, .. } => cases
            .iter_mut()
            .flat_map(|c| c.facts.iter_mut().map(|f| &mut f.expr))
            .collect(),
        Item::Pcs { .. } => Vec::new(),
    }
}

/// The direct subexpressions of `e`.
fn children(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::Int(..) | Expr::Bool(..) | Expr::Null(_) | Expr::Name(..) => Vec::new(),
        Expr::Call(_, args, _) => args.iter().collect(),
        Expr::Dot(b, _, _) | Expr::Is(b, _, _) | Expr::Unary(_, b, _) => vec![b],
        Expr::Slot { frame, index, .. } => frame.iter().map(|f| &**f).chain([&**index]).collect(),
        Expr::Index(a, b, _) | Expr::Binary(_, a, b, _) => vec![a, b],
        Expr::If(a, b, c, _) => vec![a, b, c],
        Expr::Quant { body, .. } => vec![body],
    }
}

fn visit(e: &Expr, f: &mut impl FnMut(&Expr)) {
    f(e);
    for c in children(e) {
        visit(c, f);
    }
}

/// Applies `f` to every subexpression of `e`, innermost first.
fn rewrite(e: &mut Expr, f: &mut impl FnMut(&mut Expr)) {
    match e {
        Expr::Int(..) | Expr::Bool(..) | Expr::Null(_) | Expr::Name(..) => {}
        Expr::Call(_, args, _) => args.iter_mut().for_each(|a| rewrite(a, f)),
        Expr::Dot(b, _, _) | Expr::Is(b, _, _) | Expr::Unary(_, b, _) => rewrite(b, f),
        Expr::Slot { frame, index, .. } => {
            if let Some(fr) = frame {
                rewrite(fr, f);
            }
            rewrite(index, f);
        }
        Expr::Index(a, b, _) | Expr::Binary(_, a, b, _) => {
            rewrite(a, f);
            rewrite(b, f);
        }
        Expr::If(a, b, c, _) => {
            rewrite(a, f);
            rewrite(b, f);
            rewrite(c, f);
        }
        Expr::Quant { body, .. } => rewrite(body, f),
    }
    f(e);
}
