//! The program's threads and when they run: abstract threads (one per fork
//! site: `Thread.start`, an executor's `submit`, `ForkJoinTask.fork`, a
//! parallel stream's functions), the methods each may run (its entries and
//! what they call, the library's callbacks included), and, in the main
//! thread, which threads may be running at each instruction: the seed's
//! flow-sensitive fork effects (a fork makes its thread live from there on;
//! a `join` of that very thread ends it, and so does a loop joining every
//! element of the array or list main keeps a fork's threads in: `joins`).

use std::collections::BTreeSet;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::locks::events::{Path, Site};
use crate::locks::program::Program;

use super::facts::{self, Facts, MKey};
use super::library::{self, LibCall};

/// An abstract thread: every thread one fork site starts.
#[derive(Clone, Debug)]
pub struct Thread {
    pub id: usize,
    /// The thread whose code forks it (0: main).
    pub parent: usize,
    /// Where it is started (None: main).
    pub fork: Option<Site>,
    pub how: &'static str,
    /// The methods it starts in.
    pub entries: Vec<MKey>,
    /// More than one may run at a time (a fork in a loop, in a method
    /// called more than once, in another thread, a stream's function).
    pub many: bool,
    /// Lives only while the forking call runs (`invokeAll`, `invoke`).
    pub scoped: bool,
    /// The bodies whose `this` is the thread's (or task's) own object: a
    /// `Thread` subclass's `run` started on an object of that class, a
    /// task's `compute`; never a `Runnable` given to a thread, which
    /// several threads may share.
    pub own_entries: Vec<MKey>,
    /// The path of the thread's object in the forking method (its joins).
    pub handle: Option<Path>,
    /// The local holding the fork's result for good (a `Future`).
    pub handle_local: Option<u16>,
    pub forker: Option<MKey>,
    /// May run at any point of any thread (the classes' static
    /// initializers: a class is initialized by whichever thread first uses
    /// it).
    pub everywhere: bool,
}

impl Thread {
    /// A thread no fork site starts: main, a library's clients, the
    /// static initializers.
    fn unforked(
        id: usize,
        how: &'static str,
        entries: Vec<MKey>,
        many: bool,
        everywhere: bool,
    ) -> Thread {
        Thread {
            id,
            parent: 0,
            fork: None,
            how,
            entries,
            many,
            scoped: false,
            own_entries: Vec::new(),
            handle: None,
            handle_local: None,
            forker: None,
            everywhere,
        }
    }
}

/// The threads, their methods, and main's live sets.
pub struct World<'p> {
    pub p: &'p Program,
    pub facts: FxHashMap<MKey, Facts>,
    pub main: MKey,
    pub threads: Vec<Thread>,
    /// The methods each thread may run.
    pub reach: Vec<BTreeSet<MKey>>,
    by_site: FxHashMap<(MKey, usize), usize>,
    callbacks: Option<Vec<MKey>>,
    /// The program's classes that may have instances (see `live_classes`).
    live: rustc_hash::FxHashSet<Arc<str>>,
    /// A library's analysis: no main, no class initialization thread.
    library: bool,
    /// Some code of the program makes a stream parallel: then every
    /// stream's functions may run in many threads at once (a stream may be
    /// made parallel in one method and consumed in another).
    any_parallel: Option<bool>,
    /// The methods main runs when the library calls them back: when, in
    /// main's flow, is not tracked, so every thread may run alongside them.
    called_back: BTreeSet<MKey>,
    /// The methods the library may call back in any thread.
    pub library_callbacks: BTreeSet<MKey>,
    /// Main's code: threads live on entry to each method it runs, and
    /// before each instruction.
    pub live_in: FxHashMap<MKey, BTreeSet<usize>>,
    pub live_at: FxHashMap<MKey, Vec<BTreeSet<usize>>>,
}

impl<'p> World<'p> {
    pub fn new(p: &'p Program, main: MKey) -> World<'p> {
        World {
            p,
            facts: FxHashMap::default(),
            main: main.clone(),
            threads: vec![Thread::unforked(
                0,
                "main",
                vec![main.clone()],
                false,
                false,
            )],
            reach: Vec::new(),
            by_site: FxHashMap::default(),
            callbacks: None,
            live: live_classes(p, &main.0),
            library: false,
            any_parallel: None,
            called_back: BTreeSet::new(),
            library_callbacks: BTreeSet::new(),
            live_in: FxHashMap::default(),
            live_at: FxHashMap::default(),
        }
    }

    /// A library's world: any number of clients call `entries` at once
    /// (thread 1); main runs nothing.
    pub fn library(p: &'p Program, entries: Vec<MKey>) -> World<'p> {
        let mut w = World::new(p, (Arc::from(""), Arc::from(""), Arc::from("")));
        w.threads[0].entries.clear();
        w.library = true;
        w.live = p.classes.iter().map(|c| c.name().clone()).collect();
        w.threads
            .push(Thread::unforked(1, "clients", entries, true, false));
        w
    }

    /// The facts of a program method (computed once).
    pub fn facts(&mut self, k: &MKey) -> Option<&Facts> {
        if !self.facts.contains_key(k) {
            let c = self.p.get(&k.0)?;
            let m = c.method(&k.1, &k.2)?;
            let f = facts::of_method(self.p, c.name(), m);
            self.facts.insert(k.clone(), f);
        }
        self.facts.get(k)
    }

    /// Every program method that overrides one the library declares (the
    /// library may call it back), except threads' bodies, which the library
    /// runs only through the forks `library` names.
    fn all_callbacks(&mut self) -> Vec<MKey> {
        if let Some(c) = &self.callbacks {
            return c.clone();
        }
        let p = self.p;
        let mut out = Vec::new();
        for c in p.classes.iter().filter(|c| self.live.contains(c.name())) {
            let supers: Vec<Arc<str>> = p
                .all_supers(c.name())
                .into_iter()
                .filter(|s| p.get(s).is_none())
                .collect();
            for m in &c.raw.methods {
                if m.name.starts_with('<')
                    || m.code.is_empty()
                    || m.flags & crate::classfile::parse::ACC_STATIC != 0
                    || body_name(&m.name)
                {
                    continue;
                }
                let sel = format!("{}{}", m.name, m.desc);
                if supers.iter().any(|s| p.outside_declares(s, &sel)) {
                    out.push((c.name().clone(), m.name.clone(), m.desc.clone()));
                }
            }
        }
        self.callbacks = Some(out.clone());
        out
    }

    /// The program classes a value of these types may be.
    fn classes_of(&self, types: &[Option<Arc<str>>]) -> Option<Vec<Arc<str>>> {
        let p = self.p;
        let mut out = Vec::new();
        for t in types {
            let Some(t) = t else { return None };
            if p.get(t).is_none()
                && (&**t == "java/lang/Object"
                    || p.outside_class(t)
                        .is_none_or(|k| k.flags & crate::classfile::parse::ACC_INTERFACE == 0))
            {
                if library::immutable(t) || t.starts_with('[') {
                    continue;
                }
                // A library object: it may hold any of the program's.
                return None;
            }
            for c in p.classes.iter().filter(|c| self.live.contains(c.name())) {
                if p.is_subtype(c.name(), t) && !out.contains(c.name()) {
                    out.push(c.name().clone());
                }
            }
        }
        Some(out)
    }

    /// The callbacks a library call given objects of `types` may make.
    fn callbacks_for(&mut self, types: &[Option<Arc<str>>]) -> Vec<MKey> {
        let all = self.all_callbacks();
        match self.classes_of(types) {
            None => all,
            Some(cs) => all.into_iter().filter(|k| cs.contains(&k.0)).collect(),
        }
    }

    /// The methods a new thread given objects of `types` starts in.
    fn bodies(&mut self, types: &[Option<Arc<str>>]) -> Vec<MKey> {
        let cs: Vec<Arc<str>> = match self.classes_of(types) {
            Some(cs) => cs,
            None => self.live.iter().cloned().collect(),
        };
        let mut out = Vec::new();
        for c in cs {
            let Some(k) = self.p.get(&c) else { continue };
            for m in &k.raw.methods {
                if body_name(&m.name) && !m.code.is_empty() {
                    out.push((c.clone(), m.name.clone(), m.desc.clone()));
                }
            }
        }
        let cbs = self.callbacks_for(types);
        for k in cbs {
            if !out.contains(&k) {
                out.push(k);
            }
        }
        out
    }

    /// Finds every thread and the methods each may run.
    pub fn discover(&mut self) {
        let mut inits: Vec<MKey> = Vec::new();
        for c in self
            .p
            .classes
            .iter()
            .filter(|c| self.live.contains(c.name()))
        {
            if let Some(m) = c.method("<clinit>", "()V") {
                inits.push((c.name().clone(), m.name.clone(), m.desc.clone()));
            }
        }
        if !inits.is_empty() {
            let id = self.threads.len();
            let init = Thread::unforked(id, "class initialization", inits, true, true);
            self.threads.push(init);
        }
        let mut t = 0;
        while t < self.threads.len() {
            let r = self.reach_of(t);
            self.reach.push(r);
            t += 1;
        }
    }

    /// The methods thread `t` may run; the threads it forks are added.
    fn reach_of(&mut self, t: usize) -> BTreeSet<MKey> {
        let mut seen: BTreeSet<MKey> = BTreeSet::new();
        let mut todo: Vec<MKey> = self.threads[t].entries.clone();
        while let Some(k) = todo.pop() {
            if !seen.insert(k.clone()) {
                continue;
            }
            for next in self.step(t, &k) {
                if !seen.contains(&next) {
                    todo.push(next);
                }
            }
        }
        seen
    }

    /// What method `k`, run by thread `t`, calls in that thread; its forks
    /// become threads.
    fn step(&mut self, t: usize, k: &MKey) -> Vec<MKey> {
        let parallel = self.any_parallel();
        let Some(f) = self.facts(k) else {
            return Vec::new();
        };
        let calls = f.calls.clone();
        // Only a fork asks whether it is in a loop.
        let in_loop: Vec<bool> = calls
            .iter()
            .map(|c| matches!(c.lib, Some(LibCall::Fork(_))) && facts::in_loop(&f.succ, c.at))
            .collect();
        let targets_of: FxHashMap<Path, Vec<Option<Arc<str>>>> =
            f.thread_targets.iter().cloned().collect();
        let mut out = Vec::new();
        // Methods the library calls back, in this thread, during calls here.
        let mut called_back: Vec<MKey> = Vec::new();
        for (c, looped) in calls.iter().zip(in_loop) {
            out.extend(c.targets.iter().cloned());
            match &c.lib {
                Some(LibCall::Fork(fk)) if fk.stream && !parallel => {
                    let args: Vec<Option<Arc<str>>> = c
                        .types
                        .iter()
                        .skip(usize::from(c.has_receiver))
                        .cloned()
                        .collect();
                    called_back.extend(self.callbacks_for(&args));
                }
                Some(LibCall::Fork(fk)) => {
                    let mut types: Vec<Option<Arc<str>>> = if fk.receiver {
                        c.types.iter().take(1).cloned().collect()
                    } else {
                        let skip = usize::from(c.has_receiver);
                        c.types.iter().skip(skip).cloned().collect()
                    };
                    if fk.receiver
                        && let Some(r) = &c.receiver
                        && let Some(more) = targets_of.get(r)
                    {
                        types.extend(more.iter().cloned());
                        types.retain(|x| x.as_deref() != Some("java/lang/Thread"));
                    } else if fk.receiver
                        && types
                            .iter()
                            .any(|x| x.as_deref() == Some("java/lang/Thread"))
                    {
                        // A thread whose Runnable this method did not see.
                        types.push(Some("java/lang/Runnable".into()));
                    }
                    let mut entries = self.bodies(&types);
                    // The objects whose own body runs: the class allocated
                    // (when this method made the thread), else the
                    // receiver's; a plain Thread's body is its Runnable's.
                    let own_types: Vec<Option<Arc<str>>> = if !fk.own {
                        Vec::new()
                    } else if !fk.receiver {
                        types.clone()
                    } else {
                        let made = c
                            .receiver
                            .as_ref()
                            .and_then(|r| targets_of.get(r))
                            .and_then(|v| v.first().cloned().flatten());
                        let own = made.or_else(|| c.types.first().cloned().flatten());
                        own.filter(|t| &**t != "java/lang/Thread")
                            .map(Some)
                            .into_iter()
                            .collect()
                    };
                    let own_entries: Vec<MKey> = if own_types.is_empty() {
                        Vec::new()
                    } else {
                        self.bodies(&own_types)
                            .into_iter()
                            .filter(|k| body_name(&k.1))
                            .collect()
                    };
                    if fk.receiver && !entries.iter().any(|k| body_name(&k.1)) {
                        // No body of its own: a Thread running a Runnable
                        // this method did not see.
                        let more = self.bodies(&[Some("java/lang/Runnable".into())]);
                        for k in more {
                            if !entries.contains(&k) {
                                entries.push(k);
                            }
                        }
                    }
                    if entries.is_empty() {
                        // Code this analysis could not find: any of the
                        // program's thread bodies and callbacks.
                        entries = self.bodies(&[None]);
                    }
                    let key = (k.clone(), c.at);
                    let main_once = t == 0 && *k == self.main && !looped;
                    match self.by_site.get(&key) {
                        Some(&id) => {
                            if self.threads[id].parent != t || !main_once {
                                self.threads[id].many = true;
                            }
                        }
                        None => {
                            let id = self.threads.len();
                            self.by_site.insert(key, id);
                            self.threads.push(Thread {
                                id,
                                parent: t,
                                fork: Some(c.site.clone()),
                                how: fk.how,
                                entries,
                                many: !main_once || fk.stream || fk.scoped && !fk.receiver,
                                scoped: fk.scoped,
                                own_entries,
                                handle: if fk.receiver {
                                    c.receiver.clone()
                                } else {
                                    None
                                },
                                // A future: the submit's result.
                                handle_local: if fk.receiver { None } else { c.result_local },
                                forker: Some(k.clone()),
                                everywhere: false,
                            });
                        }
                    }
                }
                Some(LibCall::Output) => {
                    let args: Vec<Option<Arc<str>>> = c
                        .types
                        .iter()
                        .skip(usize::from(c.has_receiver))
                        .cloned()
                        .collect();
                    if args
                        .iter()
                        .any(|a| a.as_deref().is_none_or(|a| !library::immutable(a)))
                    {
                        called_back.extend(self.callbacks_for(&args));
                    }
                }
                Some(LibCall::Touch { .. } | LibCall::Join) => {
                    called_back.extend(self.callbacks_for(&c.types));
                }
                Some(LibCall::Pure | LibCall::Unfixed(_)) | None => {}
            }
        }
        self.note_callbacks(t, &called_back);
        out.extend(called_back);
        out
    }

    /// Records the methods main runs inside library calls.
    fn note_callbacks(&mut self, t: usize, called_back: &[MKey]) {
        self.library_callbacks.extend(called_back.iter().cloned());
        if t == 0 {
            self.called_back.extend(called_back.iter().cloned());
        }
    }

    /// Does any method of the program make a stream parallel?
    fn any_parallel(&mut self) -> bool {
        if let Some(b) = self.any_parallel {
            return b;
        }
        use crate::classfile::Effect;
        let b = self.p.classes.iter().any(|c| {
            c.raw.methods.iter().any(|m| {
                m.code.iter().any(|i| {
                    matches!(i.effect(), Effect::Invoke(_, r) if library::makes_parallel(&r.class, &r.name))
                })
            })
        });
        self.any_parallel = Some(b);
        b
    }

    /// Every thread `t` forks, directly or not.
    pub fn descendants(&self, t: usize) -> BTreeSet<usize> {
        let mut out = BTreeSet::new();
        let mut todo = vec![t];
        while let Some(x) = todo.pop() {
            for th in &self.threads {
                if th.id != 0 && th.parent == x && th.id != t && out.insert(th.id) {
                    todo.push(th.id);
                }
            }
        }
        out
    }

    /// Main's live sets: a forward dataflow over each method main runs,
    /// repeated until the sets at method entries no longer grow.
    pub fn main_live(&mut self) {
        let methods: Vec<MKey> = self.reach[0].iter().cloned().collect();
        let desc: Vec<BTreeSet<usize>> = (0..self.threads.len())
            .map(|t| self.descendants(t))
            .collect();
        // Threads a call of each method may leave running (forked below it).
        let mut below: FxHashMap<MKey, BTreeSet<usize>> = FxHashMap::default();
        for th in self.threads.iter().skip(1) {
            if th.parent == 0
                && let Some(k) = &th.forker
            {
                let e = below.entry(k.clone()).or_default();
                if !th.scoped {
                    e.insert(th.id);
                }
                e.extend(desc[th.id].iter().copied());
            }
        }
        loop {
            let mut changed = false;
            for k in &methods {
                let Some(f) = self.facts.get(k) else { continue };
                for c in &f.calls {
                    for tk in &c.targets {
                        let add: Vec<usize> =
                            below.get(tk).into_iter().flatten().copied().collect();
                        let e = below.entry(k.clone()).or_default();
                        for x in add {
                            changed |= e.insert(x);
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        // What main runs inside library calls (callbacks) may run with any
        // thread; the threads forked there are live in all of main (their
        // forks' places in main's flow are not tracked).
        let all: BTreeSet<usize> = (1..self.threads.len()).collect();
        for k in &self.called_back {
            self.live_in.insert(k.clone(), all.clone());
        }
        let mut from_callbacks = BTreeSet::new();
        for th in self.threads.iter().skip(1) {
            if th.parent == 0
                && th
                    .forker
                    .as_ref()
                    .is_some_and(|k| self.called_back.contains(k))
            {
                from_callbacks.insert(th.id);
                from_callbacks.extend(desc[th.id].iter().copied());
            }
        }
        self.live_in.insert(self.main.clone(), from_callbacks);
        let kills = self.ordering_kills();
        let none = FxHashMap::default();
        let mut rounds = 0;
        loop {
            rounds += 1;
            let mut changed = false;
            for k in &methods {
                let entry = self.live_in.get(k).cloned().unwrap_or_default();
                let Some(f) = self.facts.get(k) else { continue };
                let kills = if *k == self.main { &kills } else { &none };
                let (at, calls_in) = flow(f, &entry, &self.threads, &desc, &below, k, kills);
                for (callee, live) in calls_in {
                    let e = self.live_in.entry(callee).or_default();
                    for x in live {
                        changed |= e.insert(x);
                    }
                }
                self.live_at.insert(k.clone(), at);
            }
            if !changed || rounds > 50 {
                break;
            }
        }
    }
}

impl World<'_> {
    /// The edges of main's method after which some threads have done all
    /// they do, with those threads: the exits of loops joining every
    /// thread kept in a container (`joins`), the latch's awaits (`latch`).
    fn ordering_kills(&self) -> FxHashMap<(usize, usize), Vec<usize>> {
        let main = self.main.clone();
        let mut out: FxHashMap<(usize, usize), Vec<usize>> = FxHashMap::default();
        let Some(m) = self.p.get(&main.0).and_then(|c| c.method(&main.1, &main.2)) else {
            return out;
        };
        let Some(f) = self.facts.get(&main) else {
            return out;
        };
        let Some(it) = super::joins::interpret_main(m, f) else {
            return out;
        };
        // After the latch's await, every thread has done all it does.
        for e in super::latch::await_edges(self, m, f, &it) {
            let all = self.threads.iter().skip(1).filter(|t| !t.everywhere);
            out.entry(e).or_default().extend(all.map(|t| t.id));
        }
        for ja in super::joins::join_alls(m, f, &it) {
            for fk in &ja.forks {
                let Some(c) = f.calls.iter().find(|c| c.at == *fk) else {
                    continue;
                };
                for th in self.threads.iter().skip(1) {
                    if th.forker.as_ref() == Some(&main)
                        && th.parent == 0
                        && th.fork.as_ref().is_some_and(|s| s.pc == c.site.pc)
                    {
                        out.entry((ja.from, ja.to)).or_default().push(th.id);
                    }
                }
            }
        }
        out
    }
}

/// The program's classes that may have instances when `main` runs (rapid
/// type analysis): those the code reachable from `main`'s class through
/// class references instantiates (`new`, a lambda's factory), and their
/// superclasses. Code of other classes on the class path never runs as a
/// callback or a thread (reflection aside: docs/effects.md).
fn live_classes(p: &Program, main: &Arc<str>) -> rustc_hash::FxHashSet<Arc<str>> {
    use crate::classfile::{Const, Effect};
    let mut referenced: rustc_hash::FxHashSet<Arc<str>> = Default::default();
    let mut made: rustc_hash::FxHashSet<Arc<str>> = Default::default();
    let mut todo = vec![main.clone()];
    while let Some(c) = todo.pop() {
        let Some(k) = p.get(&c) else { continue };
        if !referenced.insert(c.clone()) {
            continue;
        }
        let mut refs: Vec<Arc<str>> = k
            .raw
            .super_name
            .iter()
            .chain(&k.raw.interfaces)
            .cloned()
            .collect();
        for m in &k.raw.methods {
            for insn in &m.code {
                match insn.effect() {
                    Effect::New(t) => {
                        made.insert(t.name.clone());
                        refs.push(t.name.clone());
                    }
                    Effect::Invoke(_, r) => {
                        if &*r.name == crate::classfile::lambda::FACTORY {
                            made.insert(r.class.clone());
                        }
                        refs.push(r.class.clone());
                    }
                    Effect::ReadField(r)
                    | Effect::WriteField(r)
                    | Effect::ReadStatic(r)
                    | Effect::WriteStatic(r) => refs.push(r.class.clone()),
                    Effect::Cast(t) | Effect::InstanceOf(t) | Effect::Constant(Const::Class(t)) => {
                        refs.push(t.name.clone())
                    }
                    _ => {}
                }
            }
        }
        todo.extend(refs.into_iter().filter(|r| p.get(r).is_some()));
    }
    let mut live: rustc_hash::FxHashSet<Arc<str>> = Default::default();
    for c in made.iter().filter(|c| referenced.contains(*c)) {
        live.insert(c.clone());
        live.extend(p.all_supers(c).into_iter().filter(|s| p.get(s).is_some()));
    }
    live
}

impl World<'_> {
    /// The locks every call of each method holds (rccjava's `requires`,
    /// inferred): the intersection over its call sites of the locks held
    /// there that name the same object in the callee (statics, class
    /// literals; paths from `this` for a call on `this`). Threads' entries
    /// and callbacks hold none. Added to each access's locks.
    pub fn caller_locks(&mut self) {
        let mut entry: FxHashMap<MKey, Option<Vec<Path>>> = FxHashMap::default();
        for th in &self.threads {
            for k in &th.entries {
                entry.insert(k.clone(), Some(Vec::new()));
            }
        }
        let callbacks = self.callbacks.clone().unwrap_or_default();
        for k in callbacks {
            entry.insert(k, Some(Vec::new()));
        }
        let methods: Vec<MKey> = self.reach.iter().flatten().cloned().collect();
        for _round in 0..20 {
            let mut changed = false;
            for k in &methods {
                let Some(f) = self.facts.get(k) else { continue };
                let mine = entry.get(k).cloned().flatten();
                for c in &f.calls {
                    let mut held: Vec<Path> = c.held.clone();
                    held.extend(mine.iter().flatten().cloned());
                    let on_this = c.receiver == Some(Path::Param(0));
                    held.retain(|p| match p {
                        Path::Static(..) | Path::ClassLit(_) => true,
                        _ => on_this && super::interfere::rooted_at_this(p),
                    });
                    for t in &c.targets {
                        let e = entry.entry(t.clone()).or_insert(None);
                        let new = match e {
                            None => held.clone(),
                            Some(old) => old.iter().filter(|p| held.contains(p)).cloned().collect(),
                        };
                        if e.as_ref() != Some(&new) {
                            *e = Some(new);
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for (k, held) in entry {
            if let (Some(f), Some(held)) = (self.facts.get_mut(&k), held)
                && !held.is_empty()
            {
                for a in &mut f.accesses {
                    a.held.extend(held.iter().cloned());
                }
            }
        }
    }
}

/// Names of the methods a thread or task runs as its body.
fn body_name(n: &str) -> bool {
    matches!(n, "run" | "call" | "compute" | "exec")
}

/// One method's forward dataflow in main: the live set before each
/// instruction, and the live sets its calls pass to their callees.
#[allow(clippy::type_complexity)]
fn flow(
    f: &Facts,
    entry: &BTreeSet<usize>,
    threads: &[Thread],
    desc: &[BTreeSet<usize>],
    below: &FxHashMap<MKey, BTreeSet<usize>>,
    k: &MKey,
    kills: &FxHashMap<(usize, usize), Vec<usize>>,
) -> (Vec<BTreeSet<usize>>, Vec<(MKey, BTreeSet<usize>)>) {
    let n = f.succ.len();
    let mut at: Vec<Option<BTreeSet<usize>>> = vec![None; n];
    if n == 0 {
        return (Vec::new(), Vec::new());
    }
    at[0] = Some(entry.clone());
    let mut calls_at: FxHashMap<usize, Vec<&super::facts::Call>> = FxHashMap::default();
    for c in &f.calls {
        calls_at.entry(c.at).or_default().push(c);
    }
    let mut work = vec![0usize];
    let mut out_calls = Vec::new();
    let mut guard = 0;
    while let Some(i) = work.pop() {
        guard += 1;
        if guard > 100 * n + 1000 {
            break;
        }
        let Some(before) = at[i].clone() else {
            continue;
        };
        let mut after = before.clone();
        for c in calls_at.get(&i).into_iter().flatten() {
            for tk in &c.targets {
                out_calls.push((tk.clone(), before.clone()));
                after.extend(below.get(tk).into_iter().flatten().copied());
            }
            match &c.lib {
                Some(LibCall::Fork(_)) => {
                    for th in threads.iter().skip(1) {
                        if th.forker.as_ref() == Some(k)
                            && th.fork.as_ref().is_some_and(|s| s.pc == c.site.pc)
                        {
                            if !th.scoped {
                                after.insert(th.id);
                            }
                            after.extend(desc[th.id].iter().copied());
                        }
                    }
                }
                Some(LibCall::Join) => {
                    for th in threads.iter().skip(1) {
                        let by_path = th.handle.is_some() && th.handle == c.receiver;
                        let by_local =
                            th.handle_local.is_some() && th.handle_local == c.receiver_local;
                        if th.forker.as_ref() == Some(k) && !th.many && (by_path || by_local) {
                            after.remove(&th.id);
                        }
                    }
                }
                _ => {}
            }
        }
        for &s in &f.succ[i] {
            let mut after = after.clone();
            for t in kills.get(&(i, s)).into_iter().flatten() {
                after.remove(t);
            }
            match &mut at[s] {
                None => {
                    at[s] = Some(after.clone());
                    work.push(s);
                }
                Some(old) => {
                    let before_len = old.len();
                    old.extend(after.iter().copied());
                    if old.len() != before_len {
                        work.push(s);
                    }
                }
            }
        }
    }
    (
        at.into_iter().map(Option::unwrap_or_default).collect(),
        out_calls,
    )
}
