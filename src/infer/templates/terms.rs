//! The terms one thread's case names in one state: atoms (the thread, its
//! object, `heap.length`, the user's `let`s and `def`s), its frames' slots,
//! and the fields of the objects those name, each with its value here.

use super::{
    Program, Term, Unreadable, Val, def_atoms, dotted, let_atoms, named_threads, of_value,
};
use crate::classfile::{ClassTable, Const, Insn};
use crate::invariant::Compiled;
use crate::state::{Body, Ref, State, Thread, ThreadId};
use std::sync::Arc;

/// One thread of one state, and the terms its case names there.
pub(super) struct Terms<'a> {
    pub user: &'a Compiled,
    pub s: &'a State,
    pub t: ThreadId,
    pub thread: &'a Thread,
    /// The frames' alias (`fr`) and the thread's variable (`t`).
    pub alias: &'a str,
    pub tv: &'a str,
    /// Field names no fact may read (`Unreadable`).
    pub unreadable: &'a Unreadable,
    /// The user's `let`s where the induction starts.
    pub initial: &'a [Term],
    /// The classes whose `Class` object the program's code locks.
    pub mirror_locks: &'a [Arc<str>],
    /// Threads are named by number here, or the user's facts count them:
    /// `threads.count` is an atom and `t != 0` a candidate.
    pub counts_threads: bool,
    /// `({tv})`: the suffix of a `def` applied to this thread.
    pub own: String,
    /// The threads the user's file names by number that exist here.
    pub named_threads: Vec<usize>,
    pub atoms: Vec<Term>,
    pub slots: Vec<Term>,
    pub fields: Vec<Term>,
    /// The field names the code of this thread's frames reads or writes.
    pub touched: std::collections::BTreeSet<Arc<str>>,
}

impl<'a> Terms<'a> {
    pub fn gather(
        user: &'a Compiled,
        s: &'a State,
        t: ThreadId,
        alias: &'a str,
        tv: &'a str,
        program: &'a Program,
    ) -> Self {
        // The threads the user's file names by number (`thread(1)`, or `W(1)`
        // with `def W(k) = thread(k)...`): their objects are atoms, so the
        // slots that hold them are linked to the number the idea uses.
        let named_threads: Vec<usize> = named_threads(user)
            .into_iter()
            .filter(|&k| k < s.threads.len())
            .collect();
        let mut terms = Terms {
            user,
            s,
            t,
            thread: &s.threads[t as usize],
            alias,
            tv,
            unreadable: &program.unreadable,
            initial: &program.initial,
            mirror_locks: &program.mirror_locks,
            counts_threads: program.counts_threads || !named_threads.is_empty(),
            own: format!("({tv})"),
            named_threads,
            atoms: Vec::new(),
            slots: Vec::new(),
            fields: Vec::new(),
            touched: Default::default(),
        };
        terms.atoms = terms.atoms();
        terms.slots = terms.slots();
        terms.fields = terms.fields();
        terms.touched = terms.touched_fields();
        terms
    }

    fn atoms(&self) -> Vec<Term> {
        let (s, t, tv, thread) = (self.s, self.t, self.tv, self.thread);
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
        // With threads named by number, or counted in the user's facts, how
        // many threads there are (main's shapes: before and after it makes
        // each; the others': all made before any starts, usually).
        if self.counts_threads {
            atoms.push(Term {
                text: "threads.count".into(),
                val: Val::Int(s.threads.len() as i64),
                slot: false,
                uniform: false,
            });
        }
        for &k in &self.named_threads {
            if let Some(o) = s.threads[k].object {
                atoms.push(Term {
                    text: format!("thread({k}).object"),
                    val: Val::Ref(Some(o)),
                    slot: false,
                    uniform: false,
                });
            }
        }
        atoms.extend(let_atoms(self.user, s));
        // The Class objects the program's own code locks (`synchronized
        // (C.class)`, a static synchronized method): null until the class
        // is first used, so a lock no term names yet is still a term.
        for name in self.mirror_locks {
            atoms.push(Term {
                text: format!("class({})", dotted(name)),
                val: Val::Ref(s.mirrors.get(name).copied()),
                slot: false,
                uniform: false,
            });
        }
        // (A `def` that names this thread's own object adds nothing to
        // `t.object`, and one that is null here names nothing.)
        let own_object = thread.object.map(|o| Val::Ref(Some(o)));
        atoms.extend(
            def_atoms(self.user, s, t, tv)
                .into_iter()
                .filter(|d| Some(d.val) != own_object && d.val != Val::Ref(None)),
        );
        atoms
    }

    fn slots(&self) -> Vec<Term> {
        let mut slots: Vec<Term> = Vec::new();
        for (i, f) in self.thread.stack.iter().enumerate() {
            for (kind, vals) in [("local", &f.locals), ("stack", &f.stack)] {
                for (j, v) in vals.iter().enumerate() {
                    if let Some(val) = of_value(v) {
                        slots.push(Term {
                            text: format!("{}{i}.{kind}[{j}]", self.alias),
                            val,
                            slot: true,
                            uniform: false,
                        });
                    }
                }
            }
        }
        slots
    }

    /// Fields of the objects the atoms and slots name (each object once by
    /// the first atom naming it and once by the first slot: a slot naming
    /// an atom's object here may name another object elsewhere).
    /// (And once by the first atom relative to this thread, `t.object` or
    /// `W(t)`: this thread's object here is another thread's elsewhere.)
    fn fields(&self) -> Vec<Term> {
        let (s, tv, own) = (self.s, self.tv, &self.own);
        let mut fields: Vec<Term> = Vec::new();
        let mut seen: Vec<(Ref, u8)> = Vec::new();
        // (Not of a named thread's object: its number links it to the slots
        // and `let`s that name it, which have the fields.)
        for base in self
            .atoms
            .iter()
            .chain(&self.slots)
            .filter(|b| !b.text.starts_with("thread("))
        {
            let Val::Ref(Some(r)) = base.val else {
                continue;
            };
            let group = if base.slot {
                2
            } else if base.text.starts_with(&format!("{tv}.")) || base.text.ends_with(own) {
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
            let sup = (!base.slot).then(|| self.declared(&base.text)).flatten();
            // A program's class that extends the JDK's (a worker extending
            // `Thread`) inherits the library's bookkeeping (`priority`,
            // `daemon`, `eetop`): no idea of the program's is about it.
            let own_class = !s.classes.class(obj.class).from_library;
            for (slot, v) in layout.iter().zip(vals) {
                // A name two fields share (a shadowed one) is ambiguous.
                if layout.iter().filter(|x| x.name == slot.name).count() > 1
                    || self.unreadable.has_below(&slot.name, &s.classes, sup)
                    || matches!(slot.desc.as_bytes().first(), Some(b'F' | b'D'))
                    || slot.bookkeeping
                    || (own_class && s.classes.class(slot.declaring).from_library)
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
                        && !base.text.ends_with(own);
                    fields.push(Term {
                        text: format!("{}.{}", base.text, slot.name),
                        val,
                        slot: false,
                        uniform,
                    });
                }
            }
        }
        fields
    }

    /// The class the program declares an atom of (a `let` of an
    /// allocation or of a field), as the prover reads its fields
    /// (`declared_attr`: not an interface).
    fn declared(&self, atom: &str) -> Option<crate::classfile::ClassId> {
        let e = crate::invariant::ast::Expr::Name(atom.into(), Default::default());
        let c = crate::invariant::declared_class(self.user, &self.s.classes, &e)?;
        let id = self.s.classes.id(&c)?;
        (self.s.classes.class(id).flags & crate::classfile::ACC_INTERFACE == 0).then_some(id)
    }

    /// The field names `getfield`/`putfield` in the frames' methods name.
    fn touched_fields(&self) -> std::collections::BTreeSet<Arc<str>> {
        let s = self.s;
        self.thread
            .stack
            .iter()
            .flat_map(|fr| s.classes.method(fr.method.id).code.iter())
            .filter_map(|i| match i {
                Insn::GetField(r) | Insn::PutField(r) => Some(r.name.clone()),
                _ => None,
            })
            .collect()
    }

    /// Every term: atoms, slots, fields.
    pub fn all(&self) -> impl Iterator<Item = &Term> {
        self.atoms.iter().chain(&self.slots).chain(&self.fields)
    }

    /// Every term but a named thread's object by its number.
    pub fn unnumbered(&self) -> impl Iterator<Item = &Term> {
        self.all().filter(|b| !b.text.starts_with("thread("))
    }
}

/// The classes, of the user's class path, whose `Class` object the user's
/// code locks: those with a static synchronized method, and those whose
/// class constant (`ldc C`) that code loads (`synchronized (C.class)`).
pub fn mirror_locks(classes: &ClassTable) -> Vec<Arc<str>> {
    let mut out: Vec<Arc<str>> = Vec::new();
    let mut add = |name: &Arc<str>| {
        let user = classes
            .id(name)
            .is_some_and(|c| !classes.class(c).from_library);
        if user && !out.contains(name) {
            out.push(name.clone());
        }
    };
    for m in classes.methods.iter() {
        let class = classes.class(m.class);
        if class.from_library {
            continue;
        }
        if m.is_static() && m.is_synchronized() {
            add(&class.name);
        }
        for insn in &m.code {
            if let Insn::Ldc(Const::Class(t)) = insn {
                add(&t.name);
            }
        }
    }
    out.sort();
    out
}
