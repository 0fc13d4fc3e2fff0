//! Concrete evaluation of an invariant on a state (and of a relation on a
//! state and its successor): the language's meaning (`semantics::Eval`) on
//! the concrete domain (`concrete`). A fact that evaluates to false, or
//! cannot be evaluated, fails; the failure names the fact and what it was
//! about.

use super::ast::*;
/// The values `value` and `truths` give (re-exported for their callers).
pub use super::concrete::V;
use super::concrete::{Concrete, Dep, Env, Loc, R};
use super::semantics::Eval;
use super::{Compiled, Failure};
use crate::state::{Ref, State, ThreadId};

pub use super::semantics::dotted_path;

/// May a thread have this call stack in a good state: does a `when` case
/// match it, and none of those that match have a fact that is literally
/// `false` (a case saying "no thread is here", which inference writes for
/// shapes no run reached)? The prover builds no case for a shape it
/// excludes: a step from there starts from no good state.
pub fn shape_allowed(c: &Compiled, stack: &[(crate::classfile::MethodId, u32)]) -> bool {
    let cases = cases_for(c, stack);
    !cases.is_empty()
        && !cases.iter().any(|&i| {
            c.cases[i]
                .0
                .facts
                .iter()
                .any(|f| matches!(f.expr, Expr::Bool(false, _)))
        })
}

/// The cases of the thread predicate that match a call stack given as
/// (method, pc) pairs, bottom first.
pub fn cases_for(c: &Compiled, stack: &[(crate::classfile::MethodId, u32)]) -> Vec<usize> {
    (0..c.cases.len())
        .filter(|&i| {
            let (case, pats) = &c.cases[i];
            let n = pats.len();
            (if case.open {
                stack.len() >= n
            } else {
                stack.len() == n
            }) && pats.iter().zip(stack).all(|(p, (m, pc))| {
                p.methods.contains(m) && p.pcs.as_ref().is_none_or(|set| set.contains(pc))
            })
        })
        .collect()
}

/// The cases of the thread predicate that match thread `t`'s call stack.
pub fn matching_cases(c: &Compiled, s: &State, t: ThreadId) -> Vec<usize> {
    let stack: Vec<_> = s.threads[t as usize]
        .stack
        .iter()
        .map(|f| (f.method.id, f.pc()))
        .collect();
    cases_for(c, &stack)
}

/// The values of the fact's field, slot and old/new sub-expressions, so a
/// failure shows what the state held: "C.mcount = 0, stack[1] = 5".
fn values_in(env: &mut Env, e: &Expr, out: &mut Vec<String>) {
    // `static(C.f)` and `class(C)` name a field or class, not values: show
    // the call, not its argument.
    let interesting = matches!(e, Expr::Dot(..) | Expr::Slot { .. } | Expr::Index(..))
        || matches!(e, Expr::Call(f, _, _) if matches!(f.as_str(), "old" | "new" | "static" | "class"));
    if interesting {
        let sp = e.span();
        let text = env
            .c
            .file
            .source
            .get(sp.start..sp.end)
            .unwrap_or("?")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let shown = match env.eval(e) {
            Ok(v) => format!("{text} = {v}"),
            Err(why) => format!("{text} undefined ({why})"),
        };
        if !out.contains(&shown) && out.len() < 8 {
            out.push(shown);
        }
        if matches!(e, Expr::Call(..)) {
            return;
        }
    }
    match e {
        Expr::Call(_, args, _) => args.iter().for_each(|a| values_in(env, a, out)),
        Expr::Dot(b, _, _) | Expr::Is(b, _, _) | Expr::Unary(_, b, _) => values_in(env, b, out),
        Expr::Index(a, i, _) => {
            values_in(env, a, out);
            values_in(env, i, out);
        }
        Expr::Binary(_, a, b, _) => {
            values_in(env, a, out);
            values_in(env, b, out);
        }
        Expr::If(a, b, c, _) => {
            values_in(env, a, out);
            values_in(env, b, out);
            values_in(env, c, out);
        }
        _ => {}
    }
}

/// Evaluates one fact; Ok(()) if it holds.
fn fact(env: &mut Env, f: &Fact) -> Result<(), String> {
    match env.eval(&f.expr) {
        Ok(V::Bool(true)) => Ok(()),
        Ok(V::Bool(false)) => {
            let mut vals = Vec::new();
            values_in(env, &f.expr, &mut vals);
            if vals.is_empty() {
                Err("false".into())
            } else {
                Err(format!("false, where {}", vals.join(", ")))
            }
        }
        Ok(other) => Err(format!("not a boolean: {other}")),
        Err(e) => Err(format!("undefined: {e}")),
    }
}

pub fn stack_text(s: &State, t: ThreadId) -> String {
    let st = &s.threads[t as usize].stack;
    if st.is_empty() {
        return "(no frames)".into();
    }
    crate::state::frames_text(st.iter().map(|f| &**f))
}

/// Checks the global facts.
pub fn check_global(c: &Compiled, s: &State) -> Result<(), Failure> {
    global_part(c, s, &mut None)
}

/// Checks the thread predicate for thread `t`.
pub fn check_thread(c: &Compiled, s: &State, t: ThreadId) -> Result<(), Failure> {
    thread_part(c, s, t, &mut None)
}

/// Checks the object predicates for the object at `r`.
pub fn check_object(c: &Compiled, s: &State, r: Ref) -> Result<(), Failure> {
    object_part(c, s, r, &mut None)
}

/// An evaluator on `s` (and `old`, in a relation), recording what it reads
/// into `rec` when that is `Some`.
fn env<'a>(
    c: &'a Compiled,
    s: &'a State,
    old: Option<&'a State>,
    rec: &mut Option<Vec<Dep>>,
) -> Env<'a> {
    Eval::new(c, Concrete::new(s, old, rec.take()))
}

/// The global facts; `rec`, when `Some`, collects what they read.
pub fn global_part(c: &Compiled, s: &State, rec: &mut Option<Vec<Dep>>) -> Result<(), Failure> {
    let mut env = env(c, s, None, rec);
    let mut result = Ok(());
    for f in &c.global {
        if let Err(why) = fact(&mut env, f) {
            result = Err(Failure::new(c, "global", f, why));
            break;
        }
    }
    *rec = env.d.deps.take();
    result
}

/// Thread `t`'s predicate: every case matching its call stack; at least one must.
pub fn thread_part(
    c: &Compiled,
    s: &State,
    t: ThreadId,
    rec: &mut Option<Vec<Dep>>,
) -> Result<(), Failure> {
    if c.cases.is_empty() {
        return Ok(());
    }
    if let Some(r) = rec {
        r.push(Dep::Read(Loc::Thread(t)));
    }
    let cases = matching_cases(c, s, t);
    if cases.is_empty() {
        return Err(Failure {
            part: format!("thread {t}"),
            fact: "no case".into(),
            why: format!("no `when` case matches its call stack {}", stack_text(s, t)),
            thread: Some(t),
            object: None,
            span: c.thread_span,
        });
    }
    let mut env = env(c, s, None, rec);
    let mut result = Ok(());
    'cases: for i in cases {
        env.thread_case(V::Thread(t), i);
        for f in &c.cases[i].0.facts {
            if let Err(why) = fact(&mut env, f) {
                let mut fl =
                    Failure::new(c, &format!("thread {t} at {}", stack_text(s, t)), f, why);
                fl.thread = Some(t);
                result = Err(fl);
                break 'cases;
            }
        }
    }
    *rec = env.d.deps.take();
    result
}

/// The object predicates that apply to the object at `r` (its class never changes).
pub fn object_part(
    c: &Compiled,
    s: &State,
    r: Ref,
    rec: &mut Option<Vec<Dep>>,
) -> Result<(), Failure> {
    let is_array = s.object(r).array().is_some();
    let mut env = env(c, s, None, rec);
    let mut result = Ok(());
    'preds: for (var, class, facts) in &c.objects {
        if class.is_some_and(|cid| !of_class(s, r, cid)) {
            continue;
        }
        env.object(var, V::Ref(Some(r)));
        for f in facts {
            if let Err(why) = fact(&mut env, f) {
                let name = if is_array {
                    "array".to_string()
                } else {
                    s.classes.class(s.object(r).class).name.replace('/', ".")
                };
                let mut fl = Failure::new(c, &format!("object (REF {r}), a {name}"), f, why);
                fl.object = Some(r);
                result = Err(fl);
                break 'preds;
            }
        }
    }
    *rec = env.d.deps.take();
    result
}

/// Does the invariant speak of `s`? Not while a thread is inside a method
/// with a library contract (`interp::contracts`): the prover runs such a
/// call as one step, so a proof covers the states between calls, and the
/// concrete checkers (`m5 run --invariant`, `m5 explore --invariant`, the
/// prefix, the witness search) skip the states within one, so that both
/// give an invariant one meaning (ARCHITECTURE.md, "Library contracts").
pub fn in_scope(s: &State) -> bool {
    crate::interp::contracts::inside(s).is_none()
}

/// The whole invariant on one state (true on a state it does not speak
/// of: `in_scope`).
pub fn check_state(c: &Compiled, s: &State) -> Result<(), Failure> {
    if !in_scope(s) {
        return Ok(());
    }
    check_global(c, s)?;
    for t in 0..s.threads.len() as ThreadId {
        check_thread(c, s, t)?;
    }
    for r in 0..s.heap.len() as Ref {
        check_object(c, s, r)?;
    }
    Ok(())
}

/// A relation between a state and its successor (true on a step from or
/// to a state the invariant does not speak of: `in_scope`; a contracted
/// call's steps are one step for the prover, which checks the relation
/// across the whole call).
pub fn check_relation(c: &Compiled, name: &str, old: &State, new: &State) -> Result<(), Failure> {
    if !in_scope(old) || !in_scope(new) {
        return Ok(());
    }
    let facts = c.relations.get(name).ok_or_else(|| Failure {
        part: format!("relation {name}"),
        fact: String::new(),
        why: "no such relation".into(),
        thread: None,
        object: None,
        span: Span::default(),
    })?;
    let mut env = env(c, new, Some(old), &mut None);
    let Some((var, objects)) = relation_objects(c, name, new) else {
        for f in facts {
            fact(&mut env, f)
                .map_err(|why| Failure::new(c, &format!("relation {name}"), f, why))?;
        }
        return Ok(());
    };
    for r in objects {
        env.object(var, V::Ref(Some(r)));
        for f in facts {
            fact(&mut env, f).map_err(|why| {
                let part = format!("relation {name} for {var} = (REF {r})");
                let mut fail = Failure::new(c, &part, f, why);
                fail.object = Some(r);
                fail
            })?;
        }
    }
    Ok(())
}

/// A relation stated for every object of a class: its variable and the
/// objects of the class in `new` (None for a relation between states).
pub fn relation_objects<'c>(
    c: &'c Compiled,
    name: &str,
    new: &State,
) -> Option<(&'c str, Vec<Ref>)> {
    let (var, cid) = c.relation_over.get(name)?;
    let objects = (0..new.heap.len() as Ref)
        .filter(|&r| of_class(new, r, *cid))
        .collect();
    Some((var.as_str(), objects))
}

/// Is object `r` of class `cid` (or a subclass), as `object o : C` and
/// `relation R for o : C` mean it (arrays are of no class)?
fn of_class(s: &State, r: Ref, cid: crate::classfile::ClassId) -> bool {
    let o = s.object(r);
    o.array().is_none() && s.classes.is_subclass(o.class, cid)
}

/// Where an expression is evaluated (`value`): the contexts facts have.
#[derive(Clone, Copy)]
pub enum Context<'a> {
    /// The global facts.
    Global,
    /// Thread `t`'s case `case` (an index into `Compiled::cases`): the
    /// thread variable, the case's frame aliases, and `t`'s top frame for
    /// `local`, `stack`, `pc` and `stack_size`.
    Thread { t: ThreadId, case: usize },
    /// An object predicate with its variable bound to `r`.
    Object { var: &'a str, r: Ref },
    /// A relation between `old` and the state.
    Relation { old: &'a State },
}

/// The value of `e` on `s` in `ctx` (Err: undefined, with why). The
/// prover's domain (`prove::inv`) must agree with this one on every state.
pub fn value(c: &Compiled, s: &State, ctx: Context, e: &Expr) -> R {
    bound(c, s, ctx).eval(e)
}

/// An evaluator on `s` with the variables of `ctx` bound.
fn bound<'a>(c: &'a Compiled, s: &'a State, ctx: Context<'a>) -> Env<'a> {
    let old = match ctx {
        Context::Relation { old } => Some(old),
        _ => None,
    };
    let mut env = env(c, s, old, &mut None);
    match ctx {
        Context::Global | Context::Relation { .. } => env.global(),
        Context::Thread { t, case } => env.thread_case(V::Thread(t), case),
        Context::Object { var, r } => env.object(var, V::Ref(Some(r))),
    }
    env
}

/// `value` of several expressions in one context, each `true` or not
/// (`keep` gets the expression's index in `es` and the answer): the
/// context is bound once, for callers that evaluate many candidate facts.
pub fn truths<'e>(
    c: &Compiled,
    s: &State,
    ctx: Context,
    es: impl IntoIterator<Item = (usize, &'e Expr)>,
    mut keep: impl FnMut(usize, bool),
) {
    let mut env = bound(c, s, ctx);
    for (i, e) in es {
        keep(i, matches!(env.eval(e), Ok(V::Bool(true))));
    }
}

/// Whether each fact of a part holds, in the order the part lists them
/// (every matching case's facts for a thread, every object predicate's for
/// an object, true where its class does not apply): the prover's formulas
/// for the same part must have the same truth values.
pub fn fact_truths(c: &Compiled, s: &State, part: Part) -> Vec<bool> {
    let holds = |env: &mut Env, f: &Fact| fact(env, f).is_ok();
    match part {
        Part::Global => {
            let mut env = env(c, s, None, &mut None);
            c.global.iter().map(|f| holds(&mut env, f)).collect()
        }
        Part::Thread(t) => {
            if c.cases.is_empty() {
                return Vec::new();
            }
            let cases = matching_cases(c, s, t);
            if cases.is_empty() {
                return vec![false];
            }
            let mut env = env(c, s, None, &mut None);
            let mut out = Vec::new();
            for i in cases {
                env.thread_case(V::Thread(t), i);
                out.extend(c.cases[i].0.facts.iter().map(|f| holds(&mut env, f)));
            }
            out
        }
        Part::Object(r) => {
            let mut env = env(c, s, None, &mut None);
            let mut out = Vec::new();
            for (var, class, facts) in &c.objects {
                if class.is_some_and(|cid| !of_class(s, r, cid)) {
                    out.extend(facts.iter().map(|_| true));
                    continue;
                }
                env.object(var, V::Ref(Some(r)));
                out.extend(facts.iter().map(|f| holds(&mut env, f)));
            }
            out
        }
        Part::Relation(name, old) => {
            let mut env = env(c, s, Some(old), &mut None);
            c.relations
                .get(name)
                .map(|facts| facts.iter().map(|f| holds(&mut env, f)).collect())
                .unwrap_or_default()
        }
        Part::RelationAt(name, old, r) => {
            let mut env = env(c, s, Some(old), &mut None);
            let Some((var, cid)) = c.relation_over.get(name) else {
                return Vec::new();
            };
            let facts = &c.relations[name];
            if !of_class(s, r, *cid) {
                return vec![true; facts.len()];
            }
            env.object(var, V::Ref(Some(r)));
            facts.iter().map(|f| holds(&mut env, f)).collect()
        }
    }
}

/// A part of the invariant on one state (for `fact_truths`).
#[derive(Clone, Copy)]
pub enum Part<'a> {
    Global,
    Thread(ThreadId),
    Object(Ref),
    /// A relation's facts between the old state and the state.
    Relation(&'a str, &'a State),
    /// A `relation R for o : C`'s facts at object `r` (true for an object
    /// not of the class).
    RelationAt(&'a str, &'a State, Ref),
}

/// Names used for `HashMap` lookups of definitions.
pub type Defs = rustc_hash::FxHashMap<String, (Vec<String>, Expr)>;
