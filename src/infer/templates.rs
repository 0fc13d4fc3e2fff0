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
    Waits,
    ThreadOf,
    ThreadTable,
    OnceStarted,
    Bound,
    Index,
    ObjectField,
    StartedField,
    StaticField,
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
    // The threads the user's file names by number (`thread(1)`, or `W(1)`
    // with `def W(k) = thread(k)...`): their objects are atoms, so the
    // slots that hold them are linked to the number the idea uses.
    let named_threads: Vec<usize> = named_threads(user)
        .into_iter()
        .filter(|&k| k < s.threads.len())
        .collect();
    // With threads named by number, how many threads there are (main's
    // shapes: before and after it makes each; the others': all made
    // before any starts, usually).
    if !named_threads.is_empty() {
        atoms.push(Term {
            text: "threads.count".into(),
            val: Val::Int(s.threads.len() as i64),
            slot: false,
            uniform: false,
        });
    }
    for &k in &named_threads {
        if let Some(o) = s.threads[k].object {
            atoms.push(Term {
                text: format!("thread({k}).object"),
                val: Val::Ref(Some(o)),
                slot: false,
                uniform: false,
            });
        }
    }
    atoms.extend(let_atoms(user, s));
    // (A `def` that names this thread's own object adds nothing to
    // `t.object`, and one that is null here names nothing.)
    let own_object = thread.object.map(|o| Val::Ref(Some(o)));
    atoms.extend(
        def_atoms(user, s, t, tv)
            .into_iter()
            .filter(|d| Some(d.val) != own_object && d.val != Val::Ref(None)),
    );
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
    // (And once by the first atom relative to this thread, `t.object` or
    // `W(t)`: this thread's object here is another thread's elsewhere.)
    let mut fields: Vec<Term> = Vec::new();
    let mut seen: Vec<(Ref, u8)> = Vec::new();
    let own = format!("({tv})");
    // (Not of a named thread's object: its number links it to the slots
    // and `let`s that name it, which have the fields.)
    for base in atoms
        .iter()
        .chain(&slots)
        .filter(|b| !b.text.starts_with("thread("))
    {
        let Val::Ref(Some(r)) = base.val else {
            continue;
        };
        let group = if base.slot {
            2
        } else if base.text.starts_with(&format!("{tv}.")) || base.text.ends_with(&own) {
            1
        } else {
            0
        };
        if seen.contains(&(r, group)) || r as usize >= s.heap.len() {
            continue;
        }
        seen.push((r, group));
        let obj = s.object(r);
        let Body::Fields(vals) = &obj.body else {
            continue;
        };
        let layout = &s.classes.class(obj.class).layout;
        for (slot, v) in layout.iter().zip(vals) {
            // A name two fields share (a shadowed one) is ambiguous.
            if layout.iter().filter(|x| x.name == slot.name).count() > 1
                || float_named(s, &slot.name)
                || slot.bookkeeping
            {
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
                // (Of the object a `def` gives this thread, the field's
                // value here may outlive the every-object fact: a worker's
                // count is 0 until its own thread runs.)
                let uniform = !matches!(val, Val::Ref(Some(_)))
                    && same.len() >= 2
                    && same.iter().all(|&b| b)
                    && !thread_field
                    && !base.text.ends_with(&own);
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
        if !only_threads || matches!(template, Template::ThreadOf | Template::Waits) {
            out.push(Candidate {
                key,
                template,
                text,
            })
        }
    };
    // Not the main thread (when the user's facts single out threads by
    // number).
    if t != 0 && !named_threads.is_empty() {
        add(Template::TermConst, format!("{tv} != 0"));
    }
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
            // A `let` of the user's that names an object here (it may be
            // null elsewhere: before its object is made, or its field set).
            if is_let(a) {
                add(Template::TermConst, format!("{} != null", a.text));
            }
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
        // (Or one ahead: `a == b + 1`, a step of the idea half done.)
        if matches!(a.val, Val::Int(_) | Val::Long(_)) && is_let(a) {
            for b in named.iter().filter(|b| is_let(b)) {
                if let (Val::Int(x) | Val::Long(x), Val::Int(y) | Val::Long(y)) = (a.val, b.val)
                    && x == y.wrapping_add(1)
                {
                    add(Template::TermEq, format!("{} == {} + 1", a.text, b.text));
                }
            }
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
    // Below a constant the code of this thread's methods compares with (a
    // loop bound: `count < 3` in the loop's body, `count <= 3` everywhere): int
    // locals, and int fields of the objects this thread's atoms (`t.object`,
    // `W(t)`) and slots name.
    // (Only a constant an `if_icmp` compares with: a constant the code
    // only adds or stores bounds nothing.)
    let mut bounds: Vec<i64> = thread
        .stack
        .iter()
        .flat_map(|f| s.classes.method(f.method.id).code.windows(2))
        .filter_map(|w| match w {
            [
                crate::classfile::Insn::Iconst(c),
                crate::classfile::Insn::IfIcmp(..),
            ] => Some(*c as i64),
            _ => None,
        })
        .collect();
    bounds.sort_unstable();
    bounds.dedup();
    let own_atom = |text: &str| text.starts_with(&format!("{tv}.")) || text.contains(&own);
    // (And the numbers the user's `def`s give this thread, `tries(t)`: a
    // quantity of the idea the loop counts.)
    let bounded = slots
        .iter()
        .filter(|sl| sl.text.contains(".local["))
        .chain(
            fields
                .iter()
                .filter(|f| own_atom(&f.text) || f.text.starts_with(alias)),
        )
        .chain(atoms.iter().filter(|a| a.text.ends_with(&own)));
    for x in bounded {
        let Val::Int(v) = x.val else {
            continue;
        };
        for &c in &bounds {
            if v < c {
                add(Template::Bound, format!("{} < {c}", x.text));
            }
            if v <= c {
                add(Template::Bound, format!("{} <= {c}", x.text));
            }
        }
    }
    // Array indices (Houdini's candidates in ESC/Java: `0 <= i`,
    // `i < a.length`), in the frames of methods that index or measure an
    // array: their int slots and the int fields of what their slots name,
    // against each array in scope (named by its first term: a `let` before
    // a slot).
    let mut arrays: Vec<(Ref, &Term, i64)> = Vec::new();
    for a in atoms.iter().chain(&slots).chain(&fields) {
        if let Val::Ref(Some(r)) = a.val
            && (r as usize) < s.heap.len()
            && let Body::Array { data, .. } = &s.object(r).body
            && !arrays.iter().any(|(x, _, _)| *x == r)
        {
            arrays.push((r, a, data.len() as i64));
        }
    }
    if !arrays.is_empty() {
        use crate::classfile::Insn;
        let indexing: Vec<String> = thread
            .stack
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                s.classes.method(f.method.id).code.iter().any(|i| {
                    matches!(
                        i,
                        Insn::ArrayLoad(_) | Insn::ArrayStore(_) | Insn::ArrayLength
                    )
                })
            })
            .map(|(i, _)| format!("{alias}{i}."))
            .collect();
        let ints = slots
            .iter()
            .chain(&fields)
            .filter(|x| indexing.iter().any(|p| x.text.starts_with(p.as_str())));
        for x in ints {
            let Val::Int(v) = x.val else {
                continue;
            };
            if v >= 0 {
                add(Template::Index, format!("0 <= {}", x.text));
            }
            for (_, a, len) in &arrays {
                if v < *len {
                    add(Template::Index, format!("{} < length({})", x.text, a.text));
                }
                if v <= *len {
                    add(Template::Index, format!("{} <= length({})", x.text, a.text));
                }
            }
        }
    }
    // Monitors of the objects named.
    let mut locks: Vec<(Ref, &Term)> = Vec::new();
    for term in atoms
        .iter()
        .chain(&slots)
        .chain(&fields)
        .filter(|b| !b.text.starts_with("thread("))
    {
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
    // (This thread and the named ones by their number: `t.scheduled`,
    // `thread(1).scheduled`.)
    // (This thread's own status only where it has no frames: a finished
    // thread was started.)
    let by_number = thread
        .stack
        .is_empty()
        .then(|| (tv.to_string(), t, false))
        .into_iter()
        .chain(
            named_threads
                .iter()
                .map(|&k| (format!("thread({k})"), k as ThreadId, false)),
        );
    let by_term = atoms
        .iter()
        .chain(&slots)
        .chain(&fields)
        .filter(|term| !term.text.starts_with("thread("))
        .filter_map(|term| {
            let Val::Ref(Some(r)) = term.val else {
                return None;
            };
            let k = *s.thread_of_object.get(&r)?;
            Some((format!("thread_of({})", term.text), k, true))
        });
    // Two terms naming different threads' objects differ (starting one
    // leaves the other unstarted).
    let thread_terms: Vec<(&Term, Ref)> = atoms
        .iter()
        .chain(&slots)
        .chain(&fields)
        .filter(|term| !term.text.starts_with("thread("))
        .filter_map(|term| match term.val {
            Val::Ref(Some(r)) if s.thread_of_object.contains_key(&r) => Some((term, r)),
            _ => None,
        })
        .collect();
    for (i, (a, ra)) in thread_terms.iter().enumerate() {
        for (b, rb) in &thread_terms[..i] {
            if ra != rb {
                add(Template::ThreadOf, format!("{} != {}", a.text, b.text));
            }
        }
    }
    // An int slot holding 0 or 1 is each named thread's `alive` (what
    // `isAlive` returned, before the branch on it).
    // (Only the top of the top frame's stack right after a call: the
    // boolean a method such as `isAlive` returned.)
    let returned = thread.stack.last().is_some_and(|f| {
        f.ip > 0
            && matches!(
                s.classes.method(f.method.id).code.get(f.ip as usize - 1),
                Some(crate::classfile::Insn::Invoke(..))
            )
    });
    let top = thread
        .stack
        .len()
        .checked_sub(1)
        .zip(
            thread
                .stack
                .last()
                .and_then(|f| f.stack.len().checked_sub(1)),
        )
        .map(|(i, j)| format!("{alias}{i}.stack[{j}]"));
    let bits: Vec<&Term> = slots
        .iter()
        .filter(|sl| returned && Some(&sl.text) == top.as_ref())
        .filter(|sl| matches!(sl.val, Val::Int(0 | 1)))
        .collect();
    for (x, k, guarded) in by_number.chain(by_term) {
        let th = &s.threads[k as usize];
        let alive = th.status != Status::Unscheduled && !th.stack.is_empty();
        for sl in &bits {
            if (sl.val == Val::Int(1)) == alive {
                let f = format!("{} == (if {x}.alive then 1 else 0)", sl.text);
                add(
                    Template::ThreadOf,
                    if guarded {
                        format!("defined({x}) => {f}")
                    } else {
                        f
                    },
                );
            }
        }
        if guarded {
            add(Template::ThreadOf, format!("defined({x})"));
        }
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
            if guarded {
                add(Template::ThreadOf, format!("defined({x}) => {f}"));
            }
            add(Template::ThreadOf, f);
        }
    }
    // A waiting thread: the object it waits on, by every term naming it,
    // and the count it takes back (the pc after `wait` is where a thread
    // waits, or has stopped waiting).
    // Where it may wait, it holds the monitor whenever it does not: once
    // woken it has taken it back.
    if let Some(w) = &thread.wait {
        for term in atoms.iter().chain(&slots).chain(&fields) {
            if term.val == Val::Ref(Some(w.object)) {
                add(
                    Template::Waits,
                    format!("{tv}.waiting => {tv}.waits_on == {}", term.text),
                );
                add(
                    Template::Waits,
                    format!(
                        "!{tv}.waiting => {0}.monitor == {tv} && {0}.mcount == {1}",
                        term.text, w.count
                    ),
                );
            }
        }
        add(
            Template::Waits,
            format!("{tv}.waiting => {tv}.wait_count == {}", w.count),
        );
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
            || float_named(s, &slot.name)
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
        if class.from_library
            || class.lambda
            || start.init.get(class.id as usize) != Some(&crate::state::InitStatus::Done)
        {
            continue;
        }
        for (name, desc, slot, _) in &class.statics {
            // (A field some class has as a float is read in every class
            // that has the name: see `float_named`.)
            if matches!(desc.as_bytes().first(), Some(b'F' | b'D')) || float_named(start, name) {
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

/// Whether some loaded class has a float or double field of this name: the
/// prover reads `x.name` in every class that has the field, and makes a
/// proof whose facts read such a name unknown (`java.lang.String.value`
/// shares its name with `java.lang.Double.value`).
fn float_named(s: &State, name: &str) -> bool {
    s.classes.classes.iter().any(|c| {
        c.layout
            .iter()
            .any(|f| &*f.name == name && matches!(f.desc.as_bytes().first(), Some(b'F' | b'D')))
    })
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
