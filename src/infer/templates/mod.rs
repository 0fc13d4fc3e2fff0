//! Candidate facts from templates, for one thread in one call-stack shape,
//! written in the invariant language and kept only when they hold on the
//! state the shape was first seen in (Daikon's first-sample filter; the
//! runs and then Houdini remove the rest).
//!
//! Terms: the frames' slots (`fr1.stack[0]`, `fr0.local[2]`); atoms: the
//! thread (`t`), its object (`t.object`), `heap.length` and the user's
//! `let`s without parameters; the int and reference fields of every object
//! those name. Templates (the `Template` names, shown in `m5 infer`'s
//! output): a slot equal to a constant, to another term, or to an int term
//! plus one; a reference slot non-null and of its class; an atom or field
//! equal to a constant or to another atom or field; and for every object a
//! term names, whether this thread holds its monitor (and how often) or not,
//! and whether it is a thread's object (`thread_of`) and that thread is
//! unstarted, started or finished. Where the user's facts name threads by
//! number (`thread(1)`) or give each thread an object (`def W(k)`, used as
//! `W(t)`), those are atoms too, and global candidates say where a named
//! thread waits to be started: the templates follow the vocabulary of the
//! idea, so a file that does not use it pays nothing for them. Also: what
//! a waiting thread waits on, a loop's bound (a constant an `if_icmp`
//! compares with), and at an entry pc, what holds once the thread started.
//! One thread's templates are in `thread.rs` (one pass per kind) over the
//! terms of `terms.rs`; the object, global and static sections' are here.

mod terms;
mod thread;

pub use terms::mirror_locks;

pub use thread::candidates;

use super::observe::Key;
use crate::classfile::{ClassId, ClassTable};
use crate::invariant::Compiled;
use crate::invariant::ast::{Expr, Span};
use crate::invariant::eval::{self, Context, V};
use crate::state::{Body, Ref, State, Status, ThreadId, Value};

/// A template family, named in the output's comments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Template {
    SlotConst,
    SlotEq,
    SlotPlusOne,
    SlotOrder,
    SlotNonNull,
    SlotClass,
    TermConst,
    TermEq,
    TermClass,
    Monitor,
    Waits,
    ThreadOf,
    ThreadTable,
    OnceStarted,
    Bound,
    Index,
    ObjectField,
    StartedField,
    StaticField,
    UserIdea,
    Unreached,
}

impl Template {
    pub fn describe(self) -> &'static str {
        match self {
            Template::SlotConst => "a slot holds a constant",
            Template::SlotEq => "a slot equals another slot, an atom or a field",
            Template::SlotPlusOne => "a slot is an int term plus one",
            Template::SlotOrder => {
                "an int slot is at most (at least) a field or `let` (a value read from a count that only grows or shrinks)"
            }
            Template::SlotNonNull => "a reference slot is not null",
            Template::SlotClass => "a reference slot's class",
            Template::TermConst => "an atom or field holds a constant",
            Template::TermEq => "an atom or field equals another",
            Template::TermClass => "an atom's class",
            Template::Monitor => "this thread holds an object's monitor, or not",
            Template::ThreadOf => {
                "an object is a thread's, and that thread is started or not, or finished"
            }
            Template::UserIdea => {
                "your global fact's conclusion where its guard does not hold, or off by a local"
            }
            Template::Unreached => {
                "no thread is in a call-stack shape the program's code leads to but no run reached (`false`)"
            }
            Template::Waits => {
                "while this thread waits: on which object, and the count it will take back"
            }
            Template::Bound => {
                "an int local or a field of this thread's objects is below a constant of the code (a loop bound)"
            }
            Template::Index => {
                "in a method that indexes arrays: an int slot or field of its frame is a valid index of (or at most the length of) an array in scope, or not negative"
            }
            Template::OnceStarted => {
                "where a thread waits to be started: any of the above, once it is (`t.scheduled => ...`)"
            }
            Template::ThreadTable => {
                "a thread the file names by number: where it is until it is started"
            }
            Template::StartedField => {
                "every object of a thread class, once its thread is started: a field's constant, class or `let` (set before `start`)"
            }
            Template::StaticField => {
                "a static field of the program's classes initialized before the threads: its constant, or its class (`heap.length >= N => ...`, N the heap's length then)"
            }
            Template::ObjectField => {
                "every object of the class: a field's constant, class or `let`; never locked; a thread's object"
            }
        }
    }
}

/// One candidate: the case it belongs to (an index into the keys) and its
/// formula.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub key: usize,
    pub template: Template,
    pub text: String,
}

/// For each candidate, the candidates of the same case any one of which
/// implies it (empty: none). A fact holds only when it is defined, so
/// `x is C` implies `x != null`, and `thread_of(x).scheduled` (or its
/// negation) implies `defined(thread_of(x))` and the guarded
/// `defined(thread_of(x)) => ...` form. The implying facts are never
/// implied themselves.
pub fn implications(cands: &[Candidate]) -> Vec<Vec<usize>> {
    let mut at: std::collections::HashMap<(usize, &str), usize> = Default::default();
    for (i, c) in cands.iter().enumerate() {
        at.entry((c.key, c.text.as_str())).or_insert(i);
    }
    // `x is C` by `x`.
    let mut is_of: std::collections::HashMap<(usize, &str), Vec<usize>> = Default::default();
    for (i, c) in cands.iter().enumerate() {
        if let Some((x, _)) = c.text.split_once(" is ") {
            is_of.entry((c.key, x)).or_default().push(i);
        }
    }
    let find = |key: usize, text: &str| at.get(&(key, text)).copied();
    cands
        .iter()
        .map(|c| {
            let t = c.text.as_str();
            let mut by = Vec::new();
            if let Some(x) = t.strip_suffix(" != null") {
                by.extend(is_of.get(&(c.key, x)).into_iter().flatten().copied());
            } else if let Some(x) = t
                .strip_prefix("defined(thread_of(")
                .and_then(|r| r.strip_suffix("))"))
            {
                for s in [
                    format!("thread_of({x}).scheduled"),
                    format!("!thread_of({x}).scheduled"),
                ] {
                    by.extend(find(c.key, &s));
                }
            } else if let Some((g, body)) = t.split_once(" => ")
                && let Some(x) = g
                    .strip_prefix("defined(thread_of(")
                    .and_then(|r| r.strip_suffix("))"))
                && (body == format!("thread_of({x}).scheduled")
                    || body == format!("!thread_of({x}).scheduled"))
            {
                by.extend(find(c.key, body));
            }
            // `x == null || x == y` and `x == y || x == z` by `x == y` (the
            // weaker forms are written only where the equality fell).
            if let Some((a, b)) = t.split_once(" || ")
                && !b.contains(" || ")
                && let (Some((x, y)), Some((x2, z))) = (a.split_once(" == "), b.split_once(" == "))
                && x == x2
            {
                for e in [y, z].into_iter().filter(|e| *e != "null") {
                    by.extend(find(c.key, &format!("{x} == {e}")));
                }
            }
            by
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Val {
    Int(i64),
    /// A Java long: a constant of its own (never equal to an int's).
    Long(i64),
    Ref(Option<Ref>),
}

#[derive(Clone, Debug)]
pub struct Term {
    text: String,
    val: Val,
    slot: bool,
    /// A field with the same constant in every object of its class (the
    /// objects' section has it; the thread's cases need not).
    uniform: bool,
}

fn of_value(v: &Value) -> Option<Val> {
    match v {
        Value::Int(i) => Some(Val::Int(*i as i64)),
        Value::Long(l) => Some(Val::Long(*l)),
        Value::Ref(r) => Some(Val::Ref(Some(*r))),
        Value::Null => Some(Val::Ref(None)),
        _ => None,
    }
}

fn of_v(v: &V) -> Option<Val> {
    match v {
        V::Int(i) => i64::try_from(*i).ok().map(Val::Int),
        V::J32(i) => Some(Val::Int(*i as i64)),
        V::J64(i) => Some(Val::Long(*i)),
        V::Ref(r) => Some(Val::Ref(*r)),
        _ => None,
    }
}

fn constant(v: Val) -> String {
    match v {
        Val::Int(i) | Val::Long(i) => i.to_string(),
        Val::Ref(None) => "null".into(),
        Val::Ref(Some(_)) => unreachable!("references are not constants"),
    }
}

/// The class name as the language writes it (`java.lang.Thread`).
pub fn dotted(name: &str) -> String {
    name.replace('/', ".")
}

/// The `when` pattern of a key: every frame at its pc, aliased.
pub fn pattern(s: &State, key: &Key, alias: &str) -> String {
    if key.is_empty() {
        return "done".into();
    }
    key.iter()
        .enumerate()
        .map(|(i, &(m, pc))| {
            let method = s.classes.method(m);
            let class = s.classes.class(method.class);
            let overloaded = class
                .methods
                .iter()
                .filter(|&&x| s.classes.method(x).name == method.name)
                .count()
                > 1;
            let params = if overloaded {
                let d = &method.desc;
                format!("({})", &d[1..d.find(')').unwrap_or(1)])
            } else {
                String::new()
            };
            format!(
                "{}.{}{params} @ {pc} as {alias}{i}",
                dotted(&class.name),
                method.name
            )
        })
        .collect::<Vec<_>>()
        .join(" > ")
}

/// Candidates about every object of class `class` (an `object o : C`
/// section, which also covers subclasses), from its instances in `s`: a
/// field every instance has the same constant in, or a non-null reference,
/// of one class, equal to one of the user's `let`s; never locked. `key` is
/// the section's index among the keys.
pub fn object_candidates(
    user: &Compiled,
    s: &State,
    class: crate::classfile::ClassId,
    key: usize,
    var: &str,
    unreadable: &Unreadable,
) -> Vec<Candidate> {
    let objs: Vec<Ref> = (0..s.heap.len() as Ref)
        .filter(|&r| {
            let o = s.object(r);
            matches!(o.body, Body::Fields(_)) && s.classes.is_subclass(o.class, class)
        })
        .collect();
    let mut out = Vec::new();
    if objs.is_empty() {
        return out;
    }
    let lets = let_atoms(user, s);
    let mut add = |template: Template, text: String| {
        out.push(Candidate {
            key,
            template,
            text,
        })
    };
    // Objects of a thread class: each field fact also once the thread is
    // started (a field the constructor sets differs on a new object, so
    // only the guarded fact can be inductive).
    let threads = objs.iter().all(|r| s.thread_of_object.contains_key(r));
    let mut add = |template: Template, text: String| {
        if threads && template == Template::ObjectField {
            add(
                Template::StartedField,
                format!("thread_of({var}).scheduled => {text}"),
            );
        }
        add(template, text);
    };
    let layout = &s.classes.class(class).layout;
    for (i, slot) in layout.iter().enumerate() {
        if layout.iter().filter(|x| x.name == slot.name).count() > 1
            || unreadable.has(&slot.name)
            || matches!(slot.desc.as_bytes().first(), Some(b'F' | b'D'))
            || slot.bookkeeping
        {
            continue;
        }
        let vals: Vec<Option<Val>> = objs
            .iter()
            .map(|&r| s.object(r).fields().get(i).and_then(of_value))
            .collect();
        let Some(Some(first)) = vals.first().copied() else {
            continue;
        };
        let f = format!("{var}.{}", slot.name);
        if vals.iter().all(|v| *v == Some(first)) {
            match first {
                Val::Ref(Some(_)) => {}
                v => add(Template::ObjectField, format!("{f} == {}", constant(v))),
            }
        }
        let refs: Option<Vec<Ref>> = vals
            .iter()
            .map(|v| match v {
                Some(Val::Ref(Some(r))) => Some(*r),
                _ => None,
            })
            .collect();
        if let Some(refs) = refs {
            add(Template::ObjectField, format!("{f} != null"));
            let c0 = s.object(refs[0]).class;
            if refs.iter().all(|&r| s.object(r).class == c0)
                && matches!(s.object(refs[0]).body, Body::Fields(_))
            {
                add(
                    Template::ObjectField,
                    format!("{f} is {}", dotted(&s.classes.class(c0).name)),
                );
            }
            for l in &lets {
                if refs.iter().all(|&r| l.val == Val::Ref(Some(r))) {
                    add(Template::ObjectField, format!("{f} == {}", l.text));
                }
            }
            // Each object's field names one of two of the user's objects
            // (a transfer's `from`: account A or account B).
            for (a, l1) in lets.iter().enumerate() {
                for l2 in &lets[a + 1..] {
                    if refs
                        .iter()
                        .all(|&r| l1.val == Val::Ref(Some(r)) || l2.val == Val::Ref(Some(r)))
                        && refs.iter().any(|&r| l1.val != Val::Ref(Some(r)))
                        && refs.iter().any(|&r| l2.val != Val::Ref(Some(r)))
                    {
                        add(
                            Template::ObjectField,
                            format!("{f} == {} || {f} == {}", l1.text, l2.text),
                        );
                    }
                }
            }
            // Two reference fields naming different objects in every object
            // (`from != to`).
            for (j, other) in layout.iter().enumerate().take(i) {
                let differ = objs.iter().all(|&o| {
                    let fs = s.object(o).fields();
                    match (fs.get(i).and_then(of_value), fs.get(j).and_then(of_value)) {
                        (Some(Val::Ref(Some(x))), Some(Val::Ref(Some(y)))) => x != y,
                        _ => false,
                    }
                });
                let ambiguous = layout.iter().filter(|x| x.name == other.name).count() > 1;
                if differ && !ambiguous && !unreadable.has(&other.name) && !other.bookkeeping {
                    add(
                        Template::ObjectField,
                        format!("{f} != {var}.{}", other.name),
                    );
                }
            }
        }
    }
    if objs.iter().all(|&r| s.object(r).mcount == 0) {
        add(Template::ObjectField, format!("{var}.mcount == 0"));
    }
    if threads {
        add(Template::ThreadOf, format!("defined(thread_of({var}))"));
    }
    out
}

/// Global candidates about the threads the user's file names by number
/// (`thread(1)`), from a state in which each is made and not started: it
/// is where it was made until started (the prover reasons about another
/// thread only through the global facts, so without this an unstarted
/// thread could be anywhere, finished included, once started).
pub fn global_candidates<'s>(
    user: &Compiled,
    states: impl Iterator<Item = &'s State>,
    key: usize,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut todo = named_threads(user);
    for s in states {
        todo.retain(|&k| {
            let Some(th) = s.threads.get(k) else {
                return true;
            };
            if th.status != Status::Unscheduled {
                return true;
            }
            let Some(top) = th.stack.last() else {
                return true;
            };
            out.push(Candidate {
                key,
                template: Template::ThreadTable,
                text: format!(
                    "threads.count > {k} && !thread({k}).scheduled => thread({k}).depth == {} && thread({k}).pc == {}",
                    th.stack.len(),
                    top.pc()
                ),
            });
            false
        });
    }
    out
}

/// Global candidates about the static fields of the program's classes
/// (not the library's) that the single-threaded prefix initialized, from
/// the state `start` where the induction starts: each keeps the value the
/// initializer gave it (a `static final` object the code throws or locks,
/// a table it reads). Guarded by the heap's length then: before it, in the
/// prefix, the initializer may not have run yet.
pub fn static_candidates(start: &State, key: usize) -> Vec<Candidate> {
    let mut out = Vec::new();
    let guard = format!("heap.length >= {}", start.heap.len());
    for class in &start.classes.classes {
        if class.from_library || class.lambda {
            continue;
        }
        // A static of one of the program's classes holds null or an object
        // of that class (set later, by any thread: a lazily made object).
        for (name, desc, _, _) in &class.statics {
            let declared = desc
                .strip_prefix('L')
                .and_then(|d| d.strip_suffix(';'))
                .and_then(|d| start.classes.id(d))
                .map(|d| start.classes.class(d))
                .filter(|d| !d.from_library && !d.is_interface());
            if let Some(d) = declared {
                let field = format!("static({}.{name})", dotted(&class.name));
                out.push(Candidate {
                    key,
                    template: Template::StaticField,
                    text: format!("{field} == null || {field} is {}", dotted(&d.name)),
                });
            }
        }
        if start.init.get(class.id as usize) != Some(&crate::state::InitStatus::Done) {
            continue;
        }
        for (name, desc, slot, _) in &class.statics {
            // (A static is read by its class and name: only its own type
            // matters.)
            if matches!(desc.as_bytes().first(), Some(b'F' | b'D')) {
                continue;
            }
            let Some(v) = start.statics.get(*slot as usize) else {
                continue;
            };
            let field = format!("static({}.{name})", dotted(&class.name));
            let mut add = |text: String| {
                out.push(Candidate {
                    key,
                    template: Template::StaticField,
                    text: format!("{guard} => {text}"),
                })
            };
            match of_value(v) {
                Some(Val::Ref(Some(r))) if (r as usize) < start.heap.len() => {
                    add(format!("{field} != null"));
                    if matches!(start.object(r).body, Body::Fields(_)) {
                        let c = &start.classes.class(start.object(r).class).name;
                        add(format!("{field} is {}", dotted(c)));
                    }
                }
                Some(val @ (Val::Ref(None) | Val::Int(_) | Val::Long(_))) => {
                    add(format!("{field} == {}", constant(val)))
                }
                _ => {}
            }
        }
    }
    out
}

/// The thread numbers the user's file names: `thread(N)`, and `D(.., N,
/// ..)` where `D`'s body reads `thread(p)` of that parameter `p`.
fn named_threads(user: &Compiled) -> std::collections::BTreeSet<usize> {
    let bodies = user_exprs(user);
    let reads_thread_of = |body: &Expr, p: &str| {
        let mut found = false;
        body.walk(&mut |e| {
            if let Expr::Call(f, args, _) = e
                && f == "thread"
                && matches!(args.as_slice(), [Expr::Name(n, _)] if n == p)
            {
                found = true;
            }
        });
        found
    };
    let mut out = std::collections::BTreeSet::new();
    for body in bodies {
        body.walk(&mut |e| {
            let Expr::Call(f, args, _) = e else {
                return;
            };
            if f == "thread" {
                if let [Expr::Int(n, _)] = args.as_slice() {
                    out.extend(usize::try_from(*n));
                }
            } else if let Some((params, def)) = user.defs.get(f) {
                for (p, a) in params.iter().zip(args) {
                    if let Expr::Int(n, _) = a
                        && reads_thread_of(def, p)
                    {
                        out.extend(usize::try_from(*n));
                    }
                }
            }
        });
    }
    out
}

/// What the templates of every shape share: computed once per inference.
pub struct Program {
    pub unreadable: Unreadable,
    /// The user's `let`s (without parameters) where the induction starts.
    pub initial: Vec<Term>,
    /// The program's classes whose `Class` object its code locks
    /// (`terms::mirror_locks`).
    pub mirror_locks: Vec<std::sync::Arc<str>>,
    /// The user's facts count threads (`threads.count`).
    pub counts_threads: bool,
}

/// The field names the prover cannot read by name (`x.name` in a fact):
/// those a class that may have objects has as a float or double, or with
/// types of different kinds in two such classes (an `int` and a
/// reference). A fact reading one would make the proof unknown, so no
/// candidate names one. Decided by the fields themselves (class, name and
/// type) of the classes in `live`, not by the name alone: a program's
/// `int value` is read like any other field although `java.lang.Double`,
/// which it never instantiates, has a `double value`.
#[derive(Default)]
pub struct Unreadable {
    /// Names unreadable through a reference of unknown class.
    bad: std::collections::BTreeSet<String>,
    /// Each field name's classes in `live` and its type there (None: a
    /// float or double).
    kinds: std::collections::BTreeMap<String, Vec<(ClassId, Option<crate::prove::sym::Ty>)>>,
}

impl Unreadable {
    /// `live`: the classes whose objects the prover's states may hold
    /// (its walk's), or None for every loaded class.
    pub fn of(
        classes: &crate::classfile::ClassTable,
        live: Option<&std::collections::BTreeSet<ClassId>>,
    ) -> Self {
        let mut kinds: std::collections::BTreeMap<String, Vec<_>> = Default::default();
        for c in &classes.classes {
            if live.is_some_and(|l| !l.contains(&c.id)) {
                continue;
            }
            for f in &c.layout {
                let ty = crate::prove::sym::Ty::of_desc(&f.desc);
                kinds
                    .entry(f.name.to_string())
                    .or_default()
                    .push((c.id, ty));
            }
        }
        let bad = kinds
            .iter()
            .filter(|(_, ks)| mixed(ks.iter().map(|k| k.1)))
            .map(|(n, _)| n.clone())
            .collect();
        Unreadable { bad, kinds }
    }

    /// Whether a fact may read this field by its name.
    pub fn has(&self, name: &str) -> bool {
        self.bad.contains(name)
    }

    /// The same for a reference the program declares of class `sup`
    /// (`invariant::declared_class`): the prover reads only the classes
    /// below it (`declared_attr`), so another class's field of that name
    /// is no obstacle (an `AtomicInteger`'s `int value` where `String`
    /// has a `byte[] value`).
    pub fn has_below(&self, name: &str, classes: &ClassTable, sup: Option<ClassId>) -> bool {
        let Some(sup) = sup else {
            return self.has(name);
        };
        self.kinds.get(name).is_some_and(|ks| {
            mixed(
                ks.iter()
                    .filter(|(c, _)| classes.is_subclass(*c, sup))
                    .map(|k| k.1),
            )
        })
    }
}

/// Whether field types make a read by name impossible: a float or double,
/// or an int-like and a reference.
fn mixed(mut tys: impl Iterator<Item = Option<crate::prove::sym::Ty>>) -> bool {
    let Some(first) = tys.next() else {
        return false;
    };
    first.is_none() || tys.any(|t| t != first)
}

/// Every expression of the user's file: definitions, facts, relations.
fn user_exprs(user: &Compiled) -> Vec<&Expr> {
    let mut bodies: Vec<&Expr> = user.defs.values().map(|(_, e)| e).collect();
    bodies.extend(user.global.iter().map(|f| &f.expr));
    bodies.extend(
        user.cases
            .iter()
            .flat_map(|(c, _)| c.facts.iter().map(|f| &f.expr)),
    );
    bodies.extend(
        user.objects
            .iter()
            .flat_map(|(_, _, fs)| fs.iter().map(|f| &f.expr)),
    );
    bodies.extend(user.relations.values().flatten().map(|f| &f.expr));
    bodies
}

/// Whether the user's facts count threads (`threads.count`, read in the
/// expressions, not in a comment).
pub fn counts_threads(user: &Compiled) -> bool {
    let mut found = false;
    for body in user_exprs(user) {
        body.walk(&mut |e| {
            if let Expr::Dot(base, attr, _) = e
                && attr == "count"
                && matches!(&**base, Expr::Name(n, _) if n == "threads")
            {
                found = true;
            }
        });
    }
    found
}

/// The user's `def`s of one parameter applied to this thread (`W(t)`,
/// with `def W(k) = ...`: what the idea says thread k has), where they are
/// a number or a reference.
fn def_atoms(user: &Compiled, s: &State, t: ThreadId, tv: &str) -> Vec<Term> {
    let mut defs: Vec<&String> = user
        .defs
        .iter()
        .filter(|(_, (params, _))| params.len() == 1)
        .map(|(n, _)| n)
        .collect();
    defs.sort();
    let mut out = Vec::new();
    for name in defs {
        let e = Expr::Call(
            name.clone(),
            vec![Expr::Int(t as i64, Span::default())],
            Span::default(),
        );
        if let Ok(v) = eval::value(user, s, Context::Global, &e)
            && let Some(val) = of_v(&v)
        {
            out.push(Term {
                text: format!("{name}({tv})"),
                val,
                slot: false,
                uniform: false,
            });
        }
    }
    out
}

/// The user's `let`s without parameters and their values in `s`.
pub fn let_atoms(user: &Compiled, s: &State) -> Vec<Term> {
    let mut lets: Vec<&String> = user
        .defs
        .iter()
        .filter(|(_, (params, _))| params.is_empty())
        .map(|(n, _)| n)
        .collect();
    lets.sort();
    let mut out = Vec::new();
    for name in lets {
        let e = Expr::Name(name.clone(), Span::default());
        if let Ok(v) = eval::value(user, s, Context::Global, &e)
            && let Some(val) = of_v(&v)
        {
            out.push(Term {
                text: name.clone(),
                val,
                slot: false,
                uniform: false,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(key: usize, text: &str) -> Candidate {
        Candidate {
            key,
            template: Template::SlotNonNull,
            text: text.into(),
        }
    }

    #[test]
    fn implied_candidates_are_found_in_their_own_case_only() {
        let cands = [
            cand(0, "fr0.local[0] is Job"),
            cand(0, "fr0.local[0] != null"),
            cand(1, "fr0.stack[0] != null"),
            cand(0, "fr0.stack[0] != null"),
            cand(0, "thread_of(fr0.local[0]).scheduled"),
            cand(0, "defined(thread_of(fr0.local[0]))"),
            cand(
                0,
                "defined(thread_of(fr0.local[0])) => thread_of(fr0.local[0]).scheduled",
            ),
            cand(
                0,
                "defined(thread_of(fr0.local[0])) => !thread_of(fr0.local[0]).scheduled",
            ),
            cand(1, "fr0.stack[0] is Job"),
            cand(0, "defined(thread_of(fr0.local[1]))"),
        ];
        let by = implications(&cands);
        assert_eq!(by[1], vec![0]);
        // A class fact of another case implies nothing here.
        assert_eq!(by[3], Vec::<usize>::new());
        assert_eq!(by[2], vec![8]);
        assert_eq!(by[5], vec![4]);
        assert_eq!(by[6], vec![4]);
        // The negated form needs the negation.
        assert_eq!(by[7], Vec::<usize>::new());
        assert_eq!(by[9], Vec::<usize>::new());
        // The implying facts are implied by nothing.
        for i in [0, 4, 8] {
            assert!(by[i].is_empty());
        }
    }
}
