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
//! unstarted, started or finished.

use super::observe::Key;
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
    SlotNonNull,
    SlotClass,
    TermConst,
    TermEq,
    TermClass,
    Monitor,
    ThreadOf,
    ObjectField,
    StartedField,
    Unreached,
}

impl Template {
    pub fn describe(self) -> &'static str {
        match self {
            Template::SlotConst => "a slot holds a constant",
            Template::SlotEq => "a slot equals another slot, an atom or a field",
            Template::SlotPlusOne => "a slot is an int term plus one",
            Template::SlotNonNull => "a reference slot is not null",
            Template::SlotClass => "a reference slot's class",
            Template::TermConst => "an atom or field holds a constant",
            Template::TermEq => "an atom or field equals another",
            Template::TermClass => "an atom's class",
            Template::Monitor => "this thread holds an object's monitor, or not",
            Template::ThreadOf => {
                "an object is a thread's, and that thread is started or not, or finished"
            }
            Template::Unreached => {
                "no thread is in a call-stack shape the program's code leads to but no run reached (`false`)"
            }
            Template::StartedField => {
                "every object of a thread class, once its thread is started: a field's constant, class or `let` (set before `start`)"
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
struct Term {
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

/// The candidates for thread `t` of `s`, in the case of `key` (frames
/// aliased `{alias}0`, `{alias}1`, ... bottom first). With `only_threads`,
/// those of the `ThreadOf` template alone (for a later sample of the
/// shape: a thread's status is what changes between visits).
pub fn candidates(
    user: &Compiled,
    s: &State,
    t: ThreadId,
    key: usize,
    alias: &str,
    tv: &str,
    only_threads: bool,
) -> Vec<Candidate> {
    let thread = &s.threads[t as usize];
    let mut atoms: Vec<Term> = vec![
        Term {
            text: tv.into(),
            val: Val::Int(t as i64),
            slot: false,
            uniform: false,
        },
        Term {
            text: "heap.length".into(),
            val: Val::Int(s.heap.len() as i64),
            slot: false,
            uniform: false,
        },
    ];
    if let Some(o) = thread.object {
        atoms.push(Term {
            text: format!("{tv}.object"),
            val: Val::Ref(Some(o)),
            slot: false,
            uniform: false,
        });
    }
    atoms.extend(let_atoms(user, s));
    let mut slots: Vec<Term> = Vec::new();
    for (i, f) in thread.stack.iter().enumerate() {
        for (kind, vals) in [("local", &f.locals), ("stack", &f.stack)] {
            for (j, v) in vals.iter().enumerate() {
                if let Some(val) = of_value(v) {
                    slots.push(Term {
                        text: format!("{alias}{i}.{kind}[{j}]"),
                        val,
                        slot: true,
                        uniform: false,
                    });
                }
            }
        }
    }
    // Fields of the objects the atoms and slots name (each object once by
    // the first atom naming it and once by the first slot: a slot naming
    // an atom's object here may name another object elsewhere).
    let mut fields: Vec<Term> = Vec::new();
    let mut seen: Vec<(Ref, bool)> = Vec::new();
    for base in atoms.iter().chain(&slots) {
        let Val::Ref(Some(r)) = base.val else {
            continue;
        };
        if seen.contains(&(r, base.slot)) || r as usize >= s.heap.len() {
            continue;
        }
        seen.push((r, base.slot));
        let obj = s.object(r);
        let Body::Fields(vals) = &obj.body else {
            continue;
        };
        let layout = &s.classes.class(obj.class).layout;
        for (slot, v) in layout.iter().zip(vals) {
            // A name two fields share (a shadowed one) is ambiguous.
            if layout.iter().filter(|x| x.name == slot.name).count() > 1 {
                continue;
            }
            if let Some(val) = of_value(v) {
                let k = layout.iter().position(|x| x.name == slot.name).unwrap_or(0);
                // (Of two objects at least: of one, the field may well
                // be what this thread's code is about.)
                let same: Vec<bool> = (0..s.heap.len() as Ref)
                    .filter(|&x| s.object(x).class == obj.class)
                    .map(|x| s.object(x).fields().get(k).and_then(of_value) == Some(val))
                    .collect();
                // (A field a Thread subclass declares may have its
                // every-object fact only once the thread is started:
                // `object_candidates`.)
                let thread_field = s.thread_of_object.contains_key(&r)
                    && s.classes.id("java/lang/Thread").is_some_and(|th| {
                        slot.declaring != th && s.classes.is_subclass(slot.declaring, th)
                    });
                let uniform = !matches!(val, Val::Ref(Some(_)))
                    && same.len() >= 2
                    && same.iter().all(|&b| b)
                    && !thread_field;
                fields.push(Term {
                    text: format!("{}.{}", base.text, slot.name),
                    val,
                    slot: false,
                    uniform,
                });
            }
        }
    }
    let mut out = Vec::new();
    let mut add = |template: Template, text: String| {
        if !only_threads || template == Template::ThreadOf {
            out.push(Candidate {
                key,
                template,
                text,
            })
        }
    };
    let named: Vec<&Term> = atoms.iter().chain(&fields).collect();
    let is_let = |t: &Term| user.defs.get(&t.text).is_some_and(|d| d.0.is_empty());
    // Atoms and fields: constants, classes and equalities among them.
    for (i, a) in named.iter().enumerate() {
        if let Val::Ref(Some(r)) = a.val
            && !a.text.contains('.')
            && (r as usize) < s.heap.len()
            && matches!(s.object(r).body, Body::Fields(_))
        {
            let class = &s.classes.class(s.object(r).class).name;
            add(
                Template::TermClass,
                format!("{} is {}", a.text, dotted(class)),
            );
        }
        if a.val != Val::Ref(None) && matches!(a.val, Val::Ref(_)) {
            for b in &named[..i] {
                if b.val == a.val {
                    add(Template::TermEq, format!("{} == {}", a.text, b.text));
                }
            }
        } else if !a.uniform {
            add(
                Template::TermConst,
                format!("{} == {}", a.text, constant(a.val)),
            );
        }
        // Two of the user's number `let`s equal (`a == b`: two quantities
        // of the idea agree here).
        if matches!(a.val, Val::Int(_) | Val::Long(_)) && is_let(a) {
            for b in &named[..i] {
                if b.val == a.val && is_let(b) {
                    add(Template::TermEq, format!("{} == {}", a.text, b.text));
                }
            }
        }
    }
    // Slots: constants, equalities with every term named before, plus one.
    for (i, sl) in slots.iter().enumerate() {
        match sl.val {
            Val::Ref(Some(r)) => {
                add(Template::SlotNonNull, format!("{} != null", sl.text));
                let class = s.classes.class(s.object(r).class);
                if matches!(s.object(r).body, Body::Fields(_)) {
                    add(
                        Template::SlotClass,
                        format!("{} is {}", sl.text, dotted(&class.name)),
                    );
                }
            }
            v => add(
                Template::SlotConst,
                format!("{} == {}", sl.text, constant(v)),
            ),
        }
        if sl.val == Val::Ref(None) {
            continue;
        }
        for other in named.iter().copied().chain(&slots[..i]) {
            if other.val == sl.val {
                add(Template::SlotEq, format!("{} == {}", sl.text, other.text));
            }
            if let (Val::Int(a), Val::Int(b)) = (sl.val, other.val)
                && a == b.wrapping_add(1)
                && !other.slot
            {
                add(
                    Template::SlotPlusOne,
                    format!("{} == {} + 1", sl.text, other.text),
                );
            }
        }
    }
    // Monitors of the objects named.
    let mut locks: Vec<(Ref, &Term)> = Vec::new();
    for term in atoms.iter().chain(&slots).chain(&fields) {
        if let Val::Ref(Some(r)) = term.val
            && !locks.iter().any(|(x, _)| *x == r)
            && (r as usize) < s.heap.len()
        {
            locks.push((r, term));
        }
    }
    // The threads of the objects named: the object is a thread's, and
    // that thread's status; also guarded by the first, for terms that
    // name a thread's object only in some states. Every term, not one per
    // object: a term equal to another here may not be elsewhere.
    for term in atoms.iter().chain(&slots).chain(&fields) {
        let Val::Ref(Some(r)) = term.val else {
            continue;
        };
        let Some(&k) = s.thread_of_object.get(&r) else {
            continue;
        };
        let x = format!("thread_of({})", term.text);
        let th = &s.threads[k as usize];
        add(Template::ThreadOf, format!("defined({x})"));
        let mut status = Vec::new();
        if th.status == Status::Unscheduled {
            status.push(format!("!{x}.scheduled"));
        } else {
            status.push(format!("{x}.scheduled"));
            // (Not "not finished": that a thread still runs is rarely what
            // a proof needs, and its candidates fall one pc at a time.)
            if th.stack.is_empty() {
                status.push(format!("{x}.finished"));
            }
        }
        for f in status {
            add(Template::ThreadOf, format!("defined({x}) => {f}"));
            add(Template::ThreadOf, f);
        }
    }
    let held = |r: Ref| {
        let o = s.object(r);
        o.monitor == t && o.mcount > 0
    };
    for (r, term) in locks {
        if !held(r) {
            add(
                Template::Monitor,
                format!("{0}.monitor != {tv} || {0}.mcount == 0", term.text),
            );
        }
    }
    // An atom that is null here may name a lock elsewhere (a `let` of a
    // class's lock, `class(C)`, is null until the class is first used):
    // this thread does not hold it, if it exists.
    for a in &atoms {
        if a.val == Val::Ref(None) {
            add(
                Template::Monitor,
                format!(
                    "{0} == null || {0}.monitor != {tv} || {0}.mcount == 0",
                    a.text
                ),
            );
        }
    }
    // A held monitor by every term naming it: a slot naming the same
    // object as an atom here may name another object elsewhere.
    for h in atoms.iter().chain(&slots).chain(&fields) {
        if let Val::Ref(Some(r)) = h.val
            && (r as usize) < s.heap.len()
            && held(r)
        {
            add(
                Template::Monitor,
                format!(
                    "{0}.monitor == {tv} && {0}.mcount == {1}",
                    h.text,
                    s.object(r).mcount
                ),
            );
            // Every object an atom names is not held unless it is this
            // one (which lock a thread holds varies between runs; that it
            // holds only this one does not).
            if h.slot {
                for a in &atoms {
                    if let Val::Ref(Some(x)) = a.val
                        && (x as usize) < s.heap.len()
                        && (x == r || !held(x))
                    {
                        add(
                            Template::Monitor,
                            format!(
                                "{0}.monitor != {tv} || {0}.mcount == 0 || {0} == {1}",
                                a.text, h.text
                            ),
                        );
                    }
                }
            }
        }
    }
    out
}

/// The `when` pattern of a key: every frame at its pc, aliased.
pub fn pattern(s: &State, key: &Key, alias: &str) -> String {
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
        if layout.iter().filter(|x| x.name == slot.name).count() > 1 {
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

/// The user's `let`s without parameters and their values in `s`.
fn let_atoms(user: &Compiled, s: &State) -> Vec<Term> {
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
