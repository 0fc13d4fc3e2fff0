//! What one method of the program does that determinism cares about: its
//! accesses to abstract locations (with the locks held and the object
//! accessed) and its calls, found from `locks::events` (one abstract
//! interpretation of the bytecode), completed by a scan of the
//! instructions so that no heap access is missed. Objects the method
//! allocates and never lets go of (the seed's `π` references), and a
//! constructor's own object before it is published, are thread-local:
//! their accesses are left out.

use std::sync::Arc;

use rustc_hash::FxHashSet;

use crate::classfile::parse::{ACC_STATIC, ACC_SYNCHRONIZED, RawMethod, param_descs};
use crate::classfile::{Effect, InvokeKind};
use crate::locks::events::{self, Event, Path, Site};
use crate::locks::program::Program;

use super::library::{self, LibCall};

/// A method of the program: class, name, descriptor.
pub type MKey = (Arc<str>, Arc<str>, Arc<str>);

/// An abstract location.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Loc {
    /// An instance field (class declaring it, name).
    Field(Arc<str>, Arc<str>),
    /// A static field (class declaring it, name).
    Static(Arc<str>, Arc<str>),
    /// Array elements (the array's descriptor, when known).
    Elems(Option<Arc<str>>),
    /// The state of a library object (its class as the call names it).
    Lib(Arc<str>),
    /// The program's output and exit status.
    Output,
}

/// Which object an access is on, as far as the method can tell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Obj {
    /// Made at this allocation site (class, method, descriptor, pc).
    New(Arc<str>, Arc<str>, Arc<str>, u32),
    /// Held in this static final field.
    StaticFinal(Arc<str>, Arc<str>),
    /// The method's `this` (a thread's own object when the method is the
    /// thread's entry: see `Thread::own`).
    This,
    /// Anything.
    Unknown,
}

/// One access.
#[derive(Clone, Debug)]
pub struct Access {
    pub loc: Loc,
    pub obj: Obj,
    pub write: bool,
    /// Locks held (monitor regions and the method's own `synchronized`).
    pub held: Vec<Path>,
    /// The receiver's path (to tell a lock on the accessed object itself).
    pub receiver: Option<Path>,
    pub site: Site,
    /// Instruction index.
    pub at: usize,
    /// On a library object that synchronizes internally.
    pub synchronized: bool,
}

/// A call and what it means.
#[derive(Clone, Debug)]
pub struct Call {
    pub at: usize,
    pub site: Site,
    pub class: Arc<str>,
    pub name: Arc<str>,
    pub receiver: Option<Path>,
    /// `types` starts with the receiver's.
    pub has_receiver: bool,
    /// The classes of the receiver (the class the instruction names) and
    /// the arguments, when known.
    pub types: Vec<Option<Arc<str>>>,
    /// The program's methods it may run (virtual dispatch over the
    /// program's classes).
    pub targets: Vec<MKey>,
    /// Outside the program: what the library does.
    pub lib: Option<LibCall>,
    /// Locks held at the call.
    pub held: Vec<Path>,
    /// The local its result goes to, when that local is stored nowhere
    /// else in the method (a future's handle: `Future f = pool.submit(t)`).
    pub result_local: Option<u16>,
    /// The local its receiver was loaded from just before (`f.get()`).
    pub receiver_local: Option<u16>,
}

/// A method's facts.
pub struct Facts {
    pub key: MKey,
    pub accesses: Vec<Access>,
    pub calls: Vec<Call>,
    /// The `Runnable` classes given to `new Thread(r)` for a thread
    /// object allocated here, by its path.
    pub thread_targets: Vec<(Path, Vec<Option<Arc<str>>>)>,
    /// Calls a parallel stream may reach here.
    pub parallel: bool,
    /// Successors of each instruction (exception edges included).
    pub succ: Vec<Vec<usize>>,
    pub unfixed: Vec<(Site, &'static str)>,
}

fn site_of(class: &Arc<str>, m: &RawMethod, i: usize) -> Site {
    let pc = m.offsets.get(i).copied().unwrap_or(0);
    Site {
        class: class.clone(),
        method: m.name.clone(),
        desc: m.desc.clone(),
        pc,
        line: events::line_at(m, pc),
    }
}

/// The facts of `m`, a method of `class`.
pub fn of_method(p: &Program, class: &Arc<str>, m: &RawMethod) -> Facts {
    let evs = events::of_method(p, class, m);
    let published: FxHashSet<Path> = evs.iter().filter_map(|e| published(p, e)).collect();
    let mut own_held = Vec::new();
    if m.flags & ACC_SYNCHRONIZED != 0 {
        own_held.push(if m.flags & ACC_STATIC != 0 {
            Path::ClassLit(class.clone())
        } else {
            Path::Param(0)
        });
    }
    let mut r = Reader {
        p,
        class,
        m,
        published,
        own_held,
        seen_elems: FxHashSet::default(),
        f: Facts {
            key: (class.clone(), m.name.clone(), m.desc.clone()),
            accesses: Vec::new(),
            calls: Vec::new(),
            thread_targets: Vec::new(),
            parallel: false,
            succ: successors(m),
            unfixed: Vec::new(),
        },
    };
    for e in &evs {
        match e {
            Event::Access { .. } => r.field(e),
            Event::Array { .. } => r.elements(e),
            Event::Call { .. } => r.call(e),
            _ => {}
        }
    }
    r.scan();
    lock_regions(p, &mut r.f);
    handles(m, &mut r.f);
    r.f
}

/// Which locals hold a call's result for good, and which local a call's
/// receiver comes from: how a `Future`'s `get` names the fork it waits for.
fn handles(m: &RawMethod, f: &mut Facts) {
    use crate::classfile::Flow;
    let mut stores: rustc_hash::FxHashMap<u16, usize> = Default::default();
    for insn in &m.code {
        if let Flow::Store(_, n) = insn.flow() {
            *stores.entry(n).or_default() += 1;
        }
    }
    for c in &mut f.calls {
        if let Some(Flow::Store(_, n)) = m.code.get(c.at + 1).map(|i| i.flow())
            && stores.get(&n) == Some(&1)
        {
            c.result_local = Some(n);
        }
        // The receiver is the value loaded just before only for a call
        // without arguments (a reference load, no argument of reference
        // type; a primitive argument is never an `aload`).
        if let Some(Flow::Load(crate::classfile::Kind::A, n)) =
            c.at.checked_sub(1)
                .and_then(|i| m.code.get(i))
                .map(|i| i.flow())
            && c.has_receiver
            && c.types.len() == 1
        {
            c.receiver_local = Some(n);
        }
    }
}

/// The class that declares the field `name` a field instruction on
/// `class` reaches (JVMS 5.4.3.2), in the program or the library: one
/// storage, however an instruction names it.
fn declaring(p: &Program, class: &Arc<str>, name: &str) -> Arc<str> {
    if let Some((k, _)) = p.field(class, name) {
        return k.name().clone();
    }
    let declares = |c: &str| match p.get(c) {
        Some(k) => k.field(name).is_some(),
        None => p
            .outside_class(c)
            .is_some_and(|k| k.fields.iter().any(|f| &*f.name == name)),
    };
    if declares(class) {
        return class.clone();
    }
    p.all_supers(class)
        .into_iter()
        .find(|s| declares(s))
        .unwrap_or_else(|| class.clone())
}

/// The path an event lets go of: an object stored, passed or returned
/// (`Event::Publish`), `this` given to a method other than a superclass's
/// constructor, an object started as a thread or task.
fn published(p: &Program, e: &Event) -> Option<Path> {
    match e {
        Event::Publish { path, .. } => Some(path.clone()),
        Event::Call {
            receiver: Some(r @ (Path::Param(0) | Path::New(_))),
            class,
            name,
            desc,
            kind,
            ..
        } => {
            let program = !targets(p, class, name, desc, *kind).is_empty();
            let leaks = match r {
                // `this` given to any method of the program, a superclass
                // constructor of the program's included (it may store
                // `this`); the library's constructors do not publish it.
                Path::Param(0) => program || !(&**name == "<init>" && *kind == InvokeKind::Special),
                // An object this method made, given to the program's code
                // as receiver (constructors included), or started.
                _ => program || lib_forks(p, class, name),
            };
            leaks.then(|| r.clone())
        }
        _ => None,
    }
}

/// One method's facts as its events are read.
struct Reader<'a> {
    p: &'a Program,
    class: &'a Arc<str>,
    m: &'a RawMethod,
    published: FxHashSet<Path>,
    /// The method's own monitor when it is synchronized.
    own_held: Vec<Path>,
    /// Element accesses the events saw (by byte offset).
    seen_elems: FxHashSet<u32>,
    f: Facts,
}

impl Reader<'_> {
    fn index(&self, pc: u32) -> usize {
        self.m.offsets.iter().position(|&o| o == pc).unwrap_or(0)
    }

    /// An object only this invocation can reach: allocated here and never
    /// let go of, or a constructor's `this` it never lets go of.
    fn local(&self, r: &Option<Path>) -> bool {
        match r {
            Some(path @ Path::New(_)) => !self.published.contains(path),
            Some(path @ Path::Param(0)) => {
                &*self.m.name == "<init>" && !self.published.contains(path)
            }
            _ => false,
        }
    }

    fn obj(&self, r: &Option<Path>) -> Obj {
        obj_of(self.class, self.m, r)
    }

    fn held(&self, h: &[Path]) -> Vec<Path> {
        self.own_held.iter().chain(h).cloned().collect()
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        loc: Loc,
        obj: Obj,
        write: bool,
        held: Vec<Path>,
        receiver: Option<Path>,
        site: &Site,
        synchronized: bool,
    ) {
        self.f.accesses.push(Access {
            loc,
            obj,
            write,
            held,
            receiver,
            at: self.index(site.pc),
            site: site.clone(),
            synchronized,
        });
    }

    /// A field access.
    fn field(&mut self, e: &Event) {
        let Event::Access {
            class: c,
            field,
            is_static,
            write,
            receiver,
            held: h,
            site,
            ..
        } = e
        else {
            return;
        };
        let p = self.p;
        if !is_static && self.local(receiver) {
            return;
        }
        let decl = declaring(p, c, field);
        // A class's initializer on its own statics: the JVM's
        // initialization lock orders it before every other use.
        if *is_static && &*self.m.name == "<clinit>" && decl == *self.class {
            return;
        }
        // A volatile field's accesses are atomic and ordered, like a
        // lock's region of one access.
        let volatile = p.field(c, field).is_some_and(|(_, f)| f.volatile);
        let (loc, obj) = if *is_static {
            (Loc::Static(decl, field.clone()), Obj::Unknown)
        } else {
            (Loc::Field(decl, field.clone()), self.obj(receiver))
        };
        self.push(
            loc,
            obj,
            *write,
            self.held(h),
            receiver.clone(),
            site,
            volatile,
        );
    }

    /// An array element access.
    fn elements(&mut self, e: &Event) {
        let Event::Array {
            write,
            path,
            held: h,
            site,
            fresh,
            ..
        } = e
        else {
            return;
        };
        self.seen_elems.insert(site.pc);
        if *fresh || self.local(path) {
            return;
        }
        self.push(
            Loc::Elems(None),
            self.obj(path),
            *write,
            self.held(h),
            path.clone(),
            site,
            false,
        );
    }

    /// A call: its targets, what the library does, its accesses.
    fn call(&mut self, e: &Event) {
        let Event::Call {
            class: c,
            name,
            desc,
            kind,
            receiver,
            args,
            held: h,
            site,
            ..
        } = e
        else {
            return;
        };
        let p = self.p;
        let mut types: Vec<Option<Arc<str>>> = Vec::new();
        if *kind != InvokeKind::Static {
            types.push(Some(c.clone()));
        }
        // Reference arguments only, typed as the value or else as the
        // parameter is declared.
        for (a, d) in args.iter().zip(param_descs(desc)) {
            if d.starts_with('L') || d.starts_with('[') {
                types.push(a.clone().or_else(|| events::class_of(&d)));
            }
        }
        let targets = targets(p, c, name, desc, *kind);
        let owner = jdk_owner(p, c, name, desc);
        let lib = targets
            .is_empty()
            .then(|| library::classify(&owner, name, desc));
        if &**name == "<init>"
            && p.is_subtype(c, "java/lang/Thread")
            && let Some(r) = receiver
        {
            // The thread's class, and the Runnable it is given.
            self.f.thread_targets.push((r.clone(), types.clone()));
        }
        if library::makes_parallel(c, name) {
            self.f.parallel = true;
        }
        if lib.is_some()
            && let Some(what) = identity_use(p, &owner, name, &types)
        {
            self.f.unfixed.push((site.clone(), what));
        }
        let held = self.held(h);
        match &lib {
            Some(LibCall::Unfixed(what)) => self.f.unfixed.push((site.clone(), what)),
            Some(LibCall::Output) => self.push(
                Loc::Output,
                Obj::Unknown,
                true,
                held.clone(),
                None,
                site,
                true,
            ),
            Some(LibCall::Touch { write }) => {
                // The receiver's state (a program object's fields are
                // touched only by its own code: callbacks).
                if *kind != InvokeKind::Static && !self.local(receiver) {
                    let obj = self.obj(receiver);
                    self.push(
                        Loc::Lib(c.clone()),
                        obj,
                        *write,
                        held.clone(),
                        receiver.clone(),
                        site,
                        library::thread_safe(c),
                    );
                }
                // Library objects among the arguments.
                for a in types.iter().skip(usize::from(*kind != InvokeKind::Static)) {
                    let a: Arc<str> = a.clone().unwrap_or_else(|| "java/lang/Object".into());
                    if p.get(&a).is_none() && !library::immutable(&a) && !a.starts_with('[') {
                        let safe = library::thread_safe(&a);
                        self.push(
                            Loc::Lib(a),
                            Obj::Unknown,
                            *write,
                            held.clone(),
                            None,
                            site,
                            safe,
                        );
                    }
                }
            }
            _ => {}
        }
        // Arrays the library reads or writes on the program's behalf.
        if targets.is_empty() {
            let s = crate::locks::arrays::summary(p, c, name, desc);
            for (slot, fresh, path) in e_arrays(e) {
                for write in [false, true] {
                    let does = if write { s.writes(slot) } else { s.reads(slot) };
                    if does && !fresh && !self.local(&path) {
                        let obj = self.obj(&path);
                        self.push(
                            Loc::Elems(None),
                            obj,
                            write,
                            held.clone(),
                            path.clone(),
                            site,
                            false,
                        );
                    }
                }
            }
        }
        self.f.calls.push(Call {
            at: self.index(site.pc),
            site: site.clone(),
            class: c.clone(),
            name: name.clone(),
            receiver: receiver.clone(),
            has_receiver: *kind != InvokeKind::Static,
            types,
            targets,
            lib,
            held,
            result_local: None,
            receiver_local: None,
        });
    }

    /// What the events do not say: element accesses on arrays of unknown
    /// origin (any array), explicit throws (a thread that dies prints a
    /// stack trace), string concatenation of objects whose `toString`
    /// shows an identity hash code.
    fn scan(&mut self) {
        let (p, m, class) = (self.p, self.m, self.class);
        // javac's rethrow at the end of a `finally` or `synchronized`
        // handler (catch any): the exception comes from the block, where an
        // explicit throw is counted itself.
        let rethrows: FxHashSet<usize> = m
            .handlers
            .iter()
            .filter(|h| h.catch.is_none())
            .filter_map(|h| {
                let start = self.index(h.handler);
                (start..m.code.len()).find(|&j| matches!(m.code[j].effect(), Effect::Throw))
            })
            .collect();
        for (i, insn) in m.code.iter().enumerate() {
            let site = site_of(class, m, i);
            let write = match insn.effect() {
                Effect::ReadElement(_) => false,
                Effect::WriteElement(_) => true,
                Effect::Throw if rethrows.contains(&i) => continue,
                Effect::Throw => {
                    let held = self.own_held.clone();
                    self.push(Loc::Output, Obj::Unknown, true, held, None, &site, true);
                    continue;
                }
                Effect::Concat(c) => {
                    let named: Vec<Option<Arc<str>>> =
                        c.args.iter().map(|d| events::class_of(d)).collect();
                    if let Some(what) = identity_text(p, &named) {
                        self.f.unfixed.push((site, what));
                    }
                    continue;
                }
                _ => continue,
            };
            if !self.seen_elems.contains(&site.pc) {
                let held = self.own_held.clone();
                self.push(
                    Loc::Elems(None),
                    Obj::Unknown,
                    write,
                    held,
                    None,
                    &site,
                    false,
                );
            }
        }
    }
}

/// Adds the `java.util.concurrent.locks` locks held at each access and
/// call: a forward must-dataflow over the method (a `lock()` on a path
/// holds it until an `unlock()` on that path; paths met by intersection).
fn lock_regions(p: &Program, f: &mut Facts) {
    let n = f.succ.len();
    if n == 0 || !f.calls.iter().any(|c| is_lock_call(p, c).is_some()) {
        return;
    }
    let mut at: Vec<Option<Vec<Path>>> = vec![None; n];
    at[0] = Some(Vec::new());
    let mut work = vec![0usize];
    let mut guard = 0;
    while let Some(i) = work.pop() {
        guard += 1;
        if guard > 50 * n + 1000 {
            break;
        }
        let Some(mut held) = at[i].clone() else {
            continue;
        };
        for c in f.calls.iter().filter(|c| c.at == i) {
            match (is_lock_call(p, c), &c.receiver) {
                (Some(true), Some(r)) => held.push(r.clone()),
                (Some(false), Some(r)) => {
                    if let Some(k) = held.iter().rposition(|h| h == r) {
                        held.remove(k);
                    }
                }
                _ => {}
            }
        }
        for &s in &f.succ[i] {
            match &mut at[s] {
                None => {
                    at[s] = Some(held.clone());
                    work.push(s);
                }
                Some(old) => {
                    let before = old.len();
                    old.retain(|h| held.contains(h));
                    if old.len() != before {
                        work.push(s);
                    }
                }
            }
        }
    }
    for a in &mut f.accesses {
        if let Some(Some(h)) = at.get(a.at) {
            a.held.extend(h.iter().cloned());
        }
    }
    for c in &mut f.calls {
        if let Some(Some(h)) = at.get(c.at) {
            c.held.extend(h.iter().cloned());
        }
    }
}

/// `lock()` (Some(true)) or `unlock()` (Some(false)) of a
/// `java.util.concurrent.locks.Lock`.
fn is_lock_call(p: &Program, c: &Call) -> Option<bool> {
    let lock = match &*c.name {
        "lock" | "lockInterruptibly" => true,
        "unlock" => false,
        _ => return None,
    };
    (c.lib.is_some() && p.is_subtype(&c.class, "java/util/concurrent/locks/Lock")).then_some(lock)
}

/// Does a method of the program's class `c` come from `java.lang.Object`
/// (or, for `hashCode`, from `Enum`, whose hash code is the identity's)?
fn inherits_identity(p: &Program, c: &str, name: &str, desc: &str) -> bool {
    if p.get(c).is_none() {
        return false;
    }
    let owner = jdk_owner(p, c, name, desc);
    &*owner == "java/lang/Object" || name == "hashCode" && &*owner == "java/lang/Enum"
}

/// Text made of an object whose `toString` is `Object`'s shows its
/// identity hash code.
fn identity_text(p: &Program, types: &[Option<Arc<str>>]) -> Option<&'static str> {
    types
        .iter()
        .flatten()
        .any(|t| inherits_identity(p, t, "toString", "()Ljava/lang/String;"))
        .then_some("an identity hash code (a toString the program does not override)")
}

/// A library call that turns the program's objects into text, or hashes
/// them, where their `toString` or `hashCode` is the identity's.
fn identity_use(
    p: &Program,
    owner: &str,
    name: &str,
    types: &[Option<Arc<str>>],
) -> Option<&'static str> {
    let args = types;
    if owner.contains("Hash") && !owner.contains("Identity") {
        let hashed = args
            .iter()
            .flatten()
            .any(|t| inherits_identity(p, t, "hashCode", "()I"));
        if hashed {
            return Some(
                "an identity hash code (a hash-based collection of objects that do not override hashCode)",
            );
        }
    }
    let texty = matches!(
        name,
        "print"
            | "println"
            | "printf"
            | "format"
            | "valueOf"
            | "append"
            | "insert"
            | "toString"
            | "write"
    );
    if texty {
        return identity_text(p, args);
    }
    None
}

/// The array arguments of a call event: (slot, fresh, path).
fn e_arrays(e: &Event) -> Vec<(u16, bool, Option<Path>)> {
    match e {
        Event::Call { arrays, .. } => arrays
            .iter()
            .map(|a| (a.slot, a.fresh, a.path.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

fn obj_of(class: &Arc<str>, m: &RawMethod, r: &Option<Path>) -> Obj {
    match r {
        Some(Path::New(pc)) => Obj::New(class.clone(), m.name.clone(), m.desc.clone(), *pc),
        Some(Path::Static(c, f)) => Obj::StaticFinal(c.clone(), f.clone()),
        Some(Path::Param(0)) if m.flags & ACC_STATIC == 0 => Obj::This,
        _ => Obj::Unknown,
    }
}

/// Does the library call `class.name` start threads that use its receiver?
fn lib_forks(p: &Program, class: &str, name: &str) -> bool {
    matches!(
        library::classify(&jdk_owner(p, class, name, ""), name, ""),
        LibCall::Fork(library::Fork { receiver: true, .. })
    )
}

/// The class outside the program that declares what a call on `class`
/// reaches: `class` itself when it is outside, else its nearest supertype
/// outside the program that declares the method (by name when `desc` is
/// empty).
pub fn jdk_owner(p: &Program, class: &str, name: &str, desc: &str) -> Arc<str> {
    if p.get(class).is_none() {
        return class.into();
    }
    let declares = |c: &str| {
        if desc.is_empty() {
            p.outside_class(c)
                .is_some_and(|k| k.methods.iter().any(|m| &*m.name == name))
        } else {
            p.outside_declares(c, &format!("{name}{desc}"))
        }
    };
    let mut at: Arc<str> = class.into();
    // Superclasses first (the JDK's Thread, ForkJoinTask), then interfaces.
    while let Some(c) = p.get(&at) {
        match &c.raw.super_name {
            Some(s) if p.get(s).is_some() => at = s.clone(),
            Some(s) => {
                if declares(s) || p.all_supers(s).is_empty() {
                    return s.clone();
                }
                return p
                    .all_supers(s)
                    .into_iter()
                    .find(|x| declares(x))
                    .unwrap_or_else(|| s.clone());
            }
            None => break,
        }
    }
    p.all_supers(class)
        .into_iter()
        .find(|x| p.get(x).is_none() && declares(x))
        .unwrap_or_else(|| class.into())
}

/// The program's methods a call may run: the method a static or special
/// call selects; for a virtual or interface call, that and every override
/// in the program's subtypes of the class the instruction names.
pub fn targets(p: &Program, class: &str, name: &str, desc: &str, kind: InvokeKind) -> Vec<MKey> {
    let key = |c: &crate::locks::program::Class, m: &RawMethod| -> MKey {
        (c.name().clone(), m.name.clone(), m.desc.clone())
    };
    let mut out: Vec<MKey> = Vec::new();
    if let Some((c, m)) = p.method(class, name, desc)
        && !m.code.is_empty()
    {
        out.push(key(c, m));
    }
    if matches!(kind, InvokeKind::Virtual | InvokeKind::Interface) {
        for c in &p.classes {
            if &**c.name() != class
                && p.is_subtype(c.name(), class)
                && let Some(m) = c.method(name, desc)
                && !m.code.is_empty()
            {
                let k = key(c, m);
                if !out.contains(&k) {
                    out.push(k);
                }
            }
        }
    }
    out
}

/// Each instruction's successors, exception handlers included.
fn successors(m: &RawMethod) -> Vec<Vec<usize>> {
    let n = m.code.len();
    let at = |pc: u32| m.offsets.iter().position(|&o| o == pc);
    let mut succ: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            crate::classfile::successors(&m.code[i], i as u32)
                .into_iter()
                .map(|t| t as usize)
                .filter(|&t| t < n)
                .collect()
        })
        .collect();
    for h in &m.handlers {
        let (Some(start), Some(handler)) = (at(h.start), at(h.handler)) else {
            continue;
        };
        let end = at(h.end).unwrap_or(n);
        for s in succ.iter_mut().take(end).skip(start) {
            if !s.contains(&handler) {
                s.push(handler);
            }
        }
    }
    succ
}

/// Is instruction `i` on a cycle of the control flow?
pub fn in_loop(succ: &[Vec<usize>], i: usize) -> bool {
    let mut seen = vec![false; succ.len()];
    let mut todo: Vec<usize> = succ.get(i).cloned().unwrap_or_default();
    while let Some(j) = todo.pop() {
        if j == i {
            return true;
        }
        if j < seen.len() && !seen[j] {
            seen[j] = true;
            todo.extend(succ[j].iter().copied());
        }
    }
    false
}
