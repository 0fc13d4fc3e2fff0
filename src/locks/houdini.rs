//! Houdini/rcc on bytecode: guess every candidate annotation, refute the
//! ones the checker finds violated, repeat until nothing changes; the
//! survivors are the unique largest valid subset of the candidates, and
//! the final check's violations are the warnings.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::classfile::parse::{ACC_INTERFACE, ACC_NATIVE, ACC_STATIC, RawMethod};

/// Annotation types get no candidates.
const ACC_ANNOTATION: u16 = 0x2000;

use super::arrays::{self, Arrays, ElemAccess};
use super::events::{self, Event, Path, Site, class_of, dotted};
use super::program::Program;
use super::{Annotation, Cluster, Lock, Options, Refuted, Warning};

/// Why a class is thread-shared: a reason, and the class it comes from
/// when it is another class's sharing (for clusters).
#[derive(Clone, Debug)]
pub struct Shared {
    pub why: String,
    pub site: Option<Site>,
    pub from: Option<Arc<str>>,
}

/// One method's events and the locks its declaration holds.
pub(super) struct MethodFacts {
    pub(super) class: Arc<str>,
    pub(super) name: Arc<str>,
    pub(super) desc: Arc<str>,
    is_init: bool,
    is_clinit: bool,
    /// A constructor under cons_lock: its own object is not shared yet, so
    /// its accesses and calls on `this` need no lock.
    constructing: bool,
    declared: Vec<Path>,
    user_requires: Option<Lock>,
    pub(super) events: Vec<Event>,
}

pub struct Outcome {
    pub candidates: Vec<Annotation>,
    pub valid: Vec<Annotation>,
    pub user: Vec<Annotation>,
    pub refuted: Vec<Refuted>,
    pub warnings: Vec<Warning>,
    pub clusters: Vec<Cluster>,
    pub rounds: usize,
    pub notes: Vec<String>,
    pub shared: FxHashMap<Arc<str>, Shared>,
    pub arrays: Arrays,
}

/// Candidate locks of class `c`'s instance (`is_static` false) or static
/// members.
fn locks(p: &Program, c: &Arc<str>, is_static: bool, opts: &Options) -> Vec<Lock> {
    let mut out = Vec::new();
    if is_static {
        out.push(Lock::ClassObj(c.clone()));
        if let Some(k) = p.get(c) {
            for f in &k.raw.fields {
                if f.is_static && f.is_final && class_of(&f.desc).is_some() {
                    out.push(Lock::StaticFinal(c.clone(), f.name.clone()));
                }
            }
        }
    } else {
        out.push(Lock::This);
        let mut chain: Vec<Arc<str>> = vec![c.clone()];
        chain.extend(p.all_supers(c).into_iter().filter(|s| p.get(s).is_some()));
        for k in chain.iter().filter_map(|n| p.get(n)) {
            for f in &k.raw.fields {
                if !f.is_static && f.is_final && class_of(&f.desc).is_some() {
                    out.push(Lock::Final(f.name.clone()));
                }
            }
        }
    }
    if opts.main_lock {
        out.push(Lock::Main);
    }
    out.dedup();
    out
}

/// Methods the VM or the JDK call with no lock held get no `requires`:
/// `main`, `<clinit>`, lambdas' methods, and any method that overrides or
/// implements a method of a class outside the program (`run`, `call`,
/// `compareTo`, ...).
fn called_without_locks(p: &Program, c: &Arc<str>, m: &RawMethod) -> bool {
    if &*m.name == "<clinit>" || (&*m.name == "main" && m.flags & ACC_STATIC != 0) {
        return true;
    }
    if p.get(c).is_some_and(|k| k.raw.lambda) {
        return true;
    }
    if &*m.name == "<init>" || m.flags & ACC_STATIC != 0 {
        return false;
    }
    let sel = format!("{}{}", m.name, m.desc);
    p.all_supers(c)
        .iter()
        .any(|s| p.get(s).is_none() && p.outside_declares(s, &sel))
}

/// The lock a `@GuardedBy` string names, read in `class`.
fn parse_user_lock(p: &Program, class: &Arc<str>, text: &str) -> Option<Lock> {
    let t = text.trim();
    if t == "this" {
        return Some(Lock::This);
    }
    if let Some(cls) = t.strip_suffix(".class") {
        return resolve_class(p, class, cls).map(Lock::ClassObj);
    }
    if let Some((cls, field)) = t.rsplit_once('.') {
        let c = resolve_class(p, class, cls)?;
        return Some(Lock::StaticFinal(c, field.into()));
    }
    let (_, f) = p.field(class, t)?;
    Some(if f.is_static {
        Lock::StaticFinal(class.clone(), f.name.clone())
    } else {
        Lock::Final(f.name.clone())
    })
}

fn resolve_class(p: &Program, from: &Arc<str>, name: &str) -> Option<Arc<str>> {
    let internal = name.replace('.', "/");
    if p.get(&internal).is_some() {
        return Some(internal.into());
    }
    let pkg = from.rsplit_once('/').map(|(p, _)| p);
    let local = match pkg {
        Some(pkg) => format!("{pkg}/{internal}"),
        None => internal.clone(),
    };
    if p.get(&local).is_some() {
        return Some(local.into());
    }
    // A nested class named by its simple name.
    p.classes
        .iter()
        .map(|c| c.name())
        .find(|n| n.rsplit(['/', '$']).next() == Some(name))
        .cloned()
}

/// Is `lock` held, for a member of an object at `receiver`?
fn holds(lock: &Lock, receiver: Option<&Path>, held: &[Path]) -> bool {
    let want = match lock {
        Lock::This => match receiver {
            Some(r) => r.clone(),
            None => return false,
        },
        Lock::Final(g) => match receiver {
            Some(r) => Path::Field(Box::new(r.clone()), g.clone()),
            None => return false,
        },
        Lock::ClassObj(c) => Path::ClassLit(c.clone()),
        Lock::StaticFinal(c, g) => Path::Static(c.clone(), g.clone()),
        Lock::Main => Path::Main,
        Lock::Array => return false,
    };
    held.iter().any(|h| {
        *h == want
            // A static final named through a subclass is the same field.
            || matches!((h, &want), (Path::Static(_, a), Path::Static(_, b)) if a == b)
    })
}

/// Is `lock` held at an element access? `this` and final fields are the
/// object's whose field held the array; `the array` is its own monitor.
fn holds_elem(lock: &Lock, a: &ElemAccess, held: &[Path]) -> bool {
    match lock {
        Lock::Array => a.path.as_ref().is_some_and(|p| held.contains(p)),
        _ => holds(lock, a.owner.as_ref(), held),
    }
}

/// Is an element access of site `s` made while no other thread can reach
/// the array? On an array its method allocated and has not let go of; on
/// `this`'s array in a constructor (cons_lock); in the `<clinit>` that
/// allocated it (class initialization happens before any other use).
fn initializing(m: &MethodFacts, a: &ElemAccess, s: &super::ArraySite) -> bool {
    a.fresh
        || (m.constructing && a.owner == Some(Path::Param(0)))
        || (m.is_clinit
            && s.via.is_none()
            && s.site.class == m.class
            && s.site.method == m.name
            && s.site.desc == m.desc)
}

/// Candidate locks of the elements of site `a`: the holder object (`this`)
/// and its final fields, when instance fields hold the array; the array
/// itself; the class and static finals of the allocating class and of
/// classes whose statics hold it; MainLock.
fn elem_locks(p: &Program, arrays: &Arrays, a: usize, opts: &Options) -> Vec<Lock> {
    let mut out = Vec::new();
    // A lambda's captured values are its fields; nobody locks a lambda.
    let holders: Vec<&Arc<str>> = arrays.field_holders[a]
        .iter()
        .filter(|c| !p.get(c).is_some_and(|k| k.raw.lambda))
        .collect();
    if !holders.is_empty() {
        out.push(Lock::This);
        for c in holders {
            out.extend(
                locks(p, c, false, opts)
                    .into_iter()
                    .filter(|l| matches!(l, Lock::Final(_))),
            );
        }
    }
    out.push(Lock::Array);
    let mut classes = vec![arrays.sites[a].site.class.clone()];
    classes.extend(arrays.static_holders[a].iter().cloned());
    for c in &classes {
        out.extend(
            locks(p, c, true, opts)
                .into_iter()
                .filter(|l| !matches!(l, Lock::Main)),
        );
    }
    if opts.main_lock {
        out.push(Lock::Main);
    }
    let mut seen = FxHashSet::default();
    out.retain(|l| seen.insert(l.clone()));
    out
}

/// The path a method's `requires` lock has inside the method itself.
fn entry_path(lock: &Lock) -> Path {
    match lock {
        Lock::This => Path::Param(0),
        Lock::Final(g) => Path::Field(Box::new(Path::Param(0)), g.clone()),
        Lock::ClassObj(c) => Path::ClassLit(c.clone()),
        Lock::StaticFinal(c, g) => Path::Static(c.clone(), g.clone()),
        Lock::Main => Path::Main,
        // Not a candidate of methods.
        Lock::Array => Path::Main,
    }
}

/// Which classes are thread-shared, and why (rccjava's thread_local
/// refutation, made flow-aware for class files): threads and tasks; what a
/// static field, an array, or a method outside the program (a collection,
/// an executor, a Thread constructor) receives; what a field of a shared
/// class holds or is declared to hold; subclasses of shared classes.
fn sharing(p: &Program, facts: &[MethodFacts]) -> FxHashMap<Arc<str>, Shared> {
    let mut shared: FxHashMap<Arc<str>, Shared> = FxHashMap::default();
    let add = |shared: &mut FxHashMap<Arc<str>, Shared>, c: &Arc<str>, s: Shared| -> bool {
        // An array's elements are shared with it.
        let c: Arc<str> = match c.strip_prefix('[') {
            Some(_) => match class_of(c.trim_start_matches('[')) {
                Some(e) => e,
                None => return false,
            },
            None => c.clone(),
        };
        if p.get(&c).is_none() || shared.contains_key(&c) {
            return false;
        }
        shared.insert(c, s);
        true
    };
    for c in &p.classes {
        let n = c.name();
        for (root, what) in [
            (
                "java/lang/Thread",
                "extends java.lang.Thread: the thread and its starter both use it",
            ),
            (
                "java/lang/Runnable",
                "implements java.lang.Runnable: a task another thread may run",
            ),
            (
                "java/util/concurrent/Callable",
                "implements java.util.concurrent.Callable: a task another thread may run",
            ),
        ] {
            if &**n != root && p.is_subtype(n, root) {
                add(
                    &mut shared,
                    n,
                    Shared {
                        why: what.into(),
                        site: None,
                        from: None,
                    },
                );
                break;
            }
        }
    }
    for m in facts {
        for e in &m.events {
            match e {
                Event::Escape { class, how, site } => {
                    add(
                        &mut shared,
                        class,
                        Shared {
                            why: how.clone(),
                            site: Some(site.clone()),
                            from: None,
                        },
                    );
                }
                Event::Call {
                    class,
                    name,
                    desc,
                    args,
                    site,
                    ..
                } if p.method(class, name, desc).is_none() => {
                    for a in args.iter().flatten() {
                        add(
                            &mut shared,
                            a,
                            Shared {
                                why: format!(
                                    "passed to {}.{} (outside the program)",
                                    dotted(class),
                                    name
                                ),
                                site: Some(site.clone()),
                                from: None,
                            },
                        );
                    }
                }
                _ => {}
            }
        }
    }
    // Static fields' declared types are shared by every thread.
    for c in &p.classes {
        for f in c.raw.fields.iter().filter(|f| f.is_static) {
            if let Some(t) = class_of(&f.desc) {
                add(
                    &mut shared,
                    &t,
                    Shared {
                        why: format!("held in the static field {}.{}", dotted(c.name()), f.name),
                        site: None,
                        from: None,
                    },
                );
            }
        }
    }
    loop {
        let mut changed = false;
        for c in &p.classes {
            let n = c.name();
            if let Some(sup) = p.all_supers(n).into_iter().find(|s| shared.contains_key(s))
                && !shared.contains_key(n)
            {
                changed |= add(
                    &mut shared,
                    n,
                    Shared {
                        why: format!("a subclass of the thread-shared {}", dotted(&sup)),
                        site: None,
                        from: Some(sup),
                    },
                );
            }
            if !shared.contains_key(n) {
                continue;
            }
            for f in c.raw.fields.iter().filter(|f| !f.is_static) {
                if let Some(t) = class_of(&f.desc) {
                    changed |= add(
                        &mut shared,
                        &t,
                        Shared {
                            why: format!(
                                "held in the field {}.{} of the thread-shared {}",
                                dotted(n),
                                f.name,
                                dotted(n)
                            ),
                            site: None,
                            from: Some(n.clone()),
                        },
                    );
                }
            }
        }
        for m in facts {
            for e in &m.events {
                if let Event::Access {
                    class,
                    field,
                    write: true,
                    value: Some(v),
                    site,
                    is_static: false,
                    ..
                } = e
                    && let Some((k, _)) = p.field(class, field)
                    && shared.contains_key(k.name())
                {
                    let owner = k.name().clone();
                    changed |= add(
                        &mut shared,
                        v,
                        Shared {
                            why: format!(
                                "stored in the field {}.{} of the thread-shared {}",
                                dotted(&owner),
                                field,
                                dotted(&owner)
                            ),
                            site: Some(site.clone()),
                            from: Some(owner),
                        },
                    );
                }
            }
        }
        if !changed {
            break;
        }
    }
    shared
}

pub fn run(p: &Program, opts: &Options) -> Outcome {
    let mut facts = Vec::new();
    let mut notes = Vec::new();
    for c in &p.classes {
        for m in &c.raw.methods {
            let user_requires = m.guarded_by.as_deref().and_then(|t| {
                let l = parse_user_lock(p, c.name(), t);
                if l.is_none() {
                    notes.push(format!(
                        "@GuardedBy(\"{t}\") on {}.{} names no lock m5 understands; ignored",
                        dotted(c.name()),
                        m.name
                    ));
                }
                l
            });
            facts.push(MethodFacts {
                class: c.name().clone(),
                name: m.name.clone(),
                desc: m.desc.clone(),
                is_init: &*m.name == "<init>",
                is_clinit: &*m.name == "<clinit>",
                constructing: opts.cons_lock && &*m.name == "<init>",
                declared: events::declared_held(c.name(), m, opts.cons_lock),
                user_requires,
                events: events::of_method(p, c.name(), m),
            });
        }
    }
    // Candidates, and the user's own annotations (never refuted).
    let mut candidates: Vec<Annotation> = Vec::new();
    let mut user: Vec<Annotation> = Vec::new();
    for c in &p.classes {
        let n = c.name();
        if c.raw.flags & ACC_ANNOTATION != 0 {
            continue;
        }
        if c.raw.flags & ACC_INTERFACE == 0 {
            candidates.push(Annotation::ThreadLocal { class: n.clone() });
        }
        for f in &c.raw.fields {
            if f.is_final || f.volatile {
                continue;
            }
            if let Some(t) = &f.guarded_by {
                match parse_user_lock(p, n, t) {
                    Some(lock) => user.push(Annotation::GuardedBy {
                        class: n.clone(),
                        field: f.name.clone(),
                        lock,
                    }),
                    None => notes.push(format!(
                        "@GuardedBy(\"{t}\") on {}.{} names no lock m5 understands; ignored",
                        dotted(n),
                        f.name
                    )),
                }
                continue;
            }
            for lock in locks(p, n, f.is_static, opts) {
                candidates.push(Annotation::GuardedBy {
                    class: n.clone(),
                    field: f.name.clone(),
                    lock,
                });
            }
            candidates.push(Annotation::ReadOnly {
                class: n.clone(),
                field: f.name.clone(),
            });
        }
        for m in &c.raw.methods {
            if m.flags & ACC_NATIVE != 0 || called_without_locks(p, n, m) || m.guarded_by.is_some()
            {
                continue;
            }
            for lock in locks(p, n, m.flags & ACC_STATIC != 0, opts) {
                candidates.push(Annotation::Requires {
                    class: n.clone(),
                    method: m.name.clone(),
                    desc: m.desc.clone(),
                    lock,
                });
            }
        }
    }
    let shared = sharing(p, &facts);
    let arrays = arrays::solve(p, &facts, &shared);
    let by_site = arrays.by_site();
    for (a, accesses) in by_site.iter().enumerate() {
        if accesses.is_empty() {
            continue;
        }
        let array = arrays.sites[a].clone();
        candidates.push(Annotation::ElemsReadOnly {
            array: array.clone(),
        });
        for lock in elem_locks(p, &arrays, a, opts) {
            candidates.push(Annotation::ElemsGuardedBy {
                array: array.clone(),
                lock,
            });
        }
    }
    let mut valid: FxHashSet<Annotation> = candidates.iter().cloned().collect();
    let mut refuted: Vec<Refuted> = Vec::new();
    let mut rounds = 0;
    loop {
        rounds += 1;
        let found = refute(p, &facts, &valid, &shared, &arrays);
        if found.is_empty() {
            break;
        }
        for mut r in found {
            if valid.remove(&r.annotation) {
                r.round = rounds;
                refuted.push(r);
            }
        }
    }
    let mut warnings = warnings(p, &facts, &valid, &user, &shared);
    warnings.extend(array_warnings(p, &facts, &valid, &shared, &arrays));
    let clusters = clusters(&warnings, &shared, &arrays);
    let mut valid: Vec<Annotation> = candidates
        .iter()
        .filter(|a| valid.contains(a))
        .cloned()
        .collect();
    valid.sort();
    Outcome {
        candidates,
        valid,
        user,
        refuted,
        warnings,
        clusters,
        rounds,
        notes,
        shared,
        arrays,
    }
}

/// The valid `requires` locks of each method.
type RequiresIndex = FxHashMap<(Arc<str>, Arc<str>, Arc<str>), Vec<Lock>>;

fn requires_index(valid: &FxHashSet<Annotation>) -> RequiresIndex {
    let mut by: RequiresIndex = FxHashMap::default();
    for a in valid {
        if let Annotation::Requires {
            class,
            method,
            desc,
            lock,
        } = a
        {
            by.entry((class.clone(), method.clone(), desc.clone()))
                .or_default()
                .push(lock.clone());
        }
    }
    by
}

/// The locks held at an event of `m`: its declaration's, its valid
/// `requires`, and those it took itself.
fn held_at(m: &MethodFacts, requires: &RequiresIndex, own: &[Path]) -> Vec<Path> {
    let mut held = m.declared.clone();
    if let Some(l) = &m.user_requires {
        held.push(entry_path(l));
    }
    let key = (m.class.clone(), m.name.clone(), m.desc.clone());
    for lock in requires.get(&key).into_iter().flatten() {
        held.push(entry_path(lock));
    }
    held.extend(own.iter().cloned());
    held
}

/// One checker run: the valid annotations it finds violated, each with
/// the first place that violates it.
fn refute(
    p: &Program,
    facts: &[MethodFacts],
    valid: &FxHashSet<Annotation>,
    shared: &FxHashMap<Arc<str>, Shared>,
    arrays: &Arrays,
) -> Vec<Refuted> {
    let mut out: FxHashMap<Annotation, Refuted> = FxHashMap::default();
    let mut note = |a: Annotation, why: String, site: Option<Site>| {
        out.entry(a.clone()).or_insert(Refuted {
            annotation: a,
            why,
            site,
            round: 0,
        });
    };
    for (c, s) in shared {
        let a = Annotation::ThreadLocal { class: c.clone() };
        if valid.contains(&a) {
            note(a, s.why.clone(), s.site.clone());
        }
    }
    // Guards and requires: by index, so each annotation is looked up once.
    let mut guards: FxHashMap<(Arc<str>, Arc<str>), Vec<&Lock>> = FxHashMap::default();
    for a in valid {
        if let Annotation::GuardedBy { class, field, lock } = a {
            guards
                .entry((class.clone(), field.clone()))
                .or_default()
                .push(lock)
        }
    }
    let requires = requires_index(valid);
    for m in facts {
        for e in &m.events {
            match e {
                Event::Access {
                    class,
                    field,
                    write,
                    receiver,
                    held,
                    site,
                    ..
                } => {
                    let Some((k, f)) = p.field(class, field) else {
                        continue;
                    };
                    let key = (k.name().clone(), f.name.clone());
                    let all = held_at(m, &requires, held);
                    let unshared = m.constructing && *receiver == Some(Path::Param(0));
                    for lock in guards.get(&key).into_iter().flatten().filter(|_| !unshared) {
                        if !holds(lock, receiver.as_ref(), &all) {
                            note(
                                Annotation::GuardedBy {
                                    class: key.0.clone(),
                                    field: key.1.clone(),
                                    lock: (*lock).clone(),
                                },
                                format!(
                                    "{} without holding {}",
                                    if *write { "written" } else { "read" },
                                    lock.show()
                                ),
                                Some(site.clone()),
                            );
                        }
                    }
                    let ro = Annotation::ReadOnly {
                        class: key.0.clone(),
                        field: key.1.clone(),
                    };
                    if *write && valid.contains(&ro) {
                        let initializing = m.class == key.0
                            && if f.is_static {
                                m.is_clinit
                            } else {
                                m.is_init && *receiver == Some(Path::Param(0))
                            };
                        if !initializing {
                            note(ro, "written after construction".into(), Some(site.clone()));
                        }
                    }
                }
                Event::Call {
                    class,
                    name,
                    desc,
                    receiver,
                    held,
                    site,
                    ..
                } => {
                    let Some((k, t)) = p.method(class, name, desc) else {
                        continue;
                    };
                    let key = (k.name().clone(), t.name.clone(), t.desc.clone());
                    let all = held_at(m, &requires, held);
                    let unshared = m.constructing && *receiver == Some(Path::Param(0));
                    for lock in requires
                        .get(&key)
                        .into_iter()
                        .flatten()
                        .filter(|_| !unshared)
                    {
                        if !holds(lock, receiver.as_ref(), &all) {
                            note(
                                Annotation::Requires {
                                    class: key.0.clone(),
                                    method: key.1.clone(),
                                    desc: key.2.clone(),
                                    lock: (*lock).clone(),
                                },
                                format!("called without holding {}", lock.show()),
                                Some(site.clone()),
                            );
                        }
                    }
                }
                Event::Escape { .. }
                | Event::Array { .. }
                | Event::NewArray { .. }
                | Event::Flow { .. } => {}
            }
        }
    }
    // Array elements, by allocation site.
    let mut elem_guards: FxHashMap<u32, Vec<&Lock>> = FxHashMap::default();
    for a in valid {
        if let Annotation::ElemsGuardedBy { array, lock } = a
            && let Some(&i) = arrays.index.get(array)
        {
            elem_guards.entry(i).or_default().push(lock);
        }
    }
    for acc in &arrays.accesses {
        let m = &facts[acc.method];
        let all = held_at(m, &requires, &acc.held);
        let what = match (&acc.via, acc.write) {
            (None, true) => "written".to_string(),
            (None, false) => "read".to_string(),
            (Some(v), true) => format!("written by {v}"),
            (Some(v), false) => format!("read by {v}"),
        };
        for &a in &acc.sites {
            let site = &arrays.sites[a as usize];
            if initializing(m, acc, site) {
                continue;
            }
            for lock in elem_guards.get(&a).into_iter().flatten() {
                if !holds_elem(lock, acc, &all) {
                    note(
                        Annotation::ElemsGuardedBy {
                            array: site.clone(),
                            lock: (*lock).clone(),
                        },
                        format!("{what} without holding {}", lock.show()),
                        Some(acc.site.clone()),
                    );
                }
            }
            let ro = Annotation::ElemsReadOnly {
                array: site.clone(),
            };
            if acc.write && valid.contains(&ro) {
                note(
                    ro,
                    format!("{what} where other threads may reach the array"),
                    Some(acc.site.clone()),
                );
            }
        }
    }
    // An override may not require more than the method it overrides
    // (callers of the overridden method hold only that).
    for a in valid {
        if let Annotation::Requires {
            class,
            method,
            desc,
            lock,
        } = a
        {
            for s in p.all_supers(class) {
                let Some(k) = p.get(&s) else { continue };
                if k.method(method, desc).is_none() {
                    continue;
                }
                let theirs = Annotation::Requires {
                    class: s.clone(),
                    method: method.clone(),
                    desc: desc.clone(),
                    lock: lock.clone(),
                };
                if !valid.contains(&theirs) {
                    note(
                        a.clone(),
                        format!(
                            "overrides {}.{}, which does not require {}",
                            dotted(&s),
                            method,
                            lock.show()
                        ),
                        None,
                    );
                }
            }
        }
    }
    let mut v: Vec<Refuted> = out.into_values().collect();
    v.sort_by(|a, b| a.annotation.cmp(&b.annotation));
    v
}

/// An access as the final check sees it: where, a write, within a user's
/// `@GuardedBy`, in its class's constructor or initializer.
type AccessNote = (Site, bool, bool, bool);

/// The final check: fields of thread-shared classes (and static fields)
/// with no valid guard that are not readonly, and accesses that break a
/// user's `@GuardedBy`.
fn warnings(
    p: &Program,
    facts: &[MethodFacts],
    valid: &FxHashSet<Annotation>,
    user: &[Annotation],
    shared: &FxHashMap<Arc<str>, Shared>,
) -> Vec<Warning> {
    // Accesses per declared field, in program order.
    let mut accesses: FxHashMap<(Arc<str>, Arc<str>), Vec<AccessNote>> = FxHashMap::default();
    let mut order: Vec<(Arc<str>, Arc<str>)> = Vec::new();
    let requires = requires_index(valid);
    for m in facts {
        for e in &m.events {
            if let Event::Access {
                class,
                field,
                write,
                receiver,
                held,
                site,
                ..
            } = e
            {
                let Some((k, f)) = p.field(class, field) else {
                    continue;
                };
                if f.is_final || f.volatile {
                    continue;
                }
                let key = (k.name().clone(), f.name.clone());
                let all = held_at(m, &requires, held);
                let unshared = m.constructing && *receiver == Some(Path::Param(0));
                let user_ok = unshared
                    || user.iter().all(|a| match a {
                        Annotation::GuardedBy { class, field, lock }
                            if *class == key.0 && *field == key.1 =>
                        {
                            holds(lock, receiver.as_ref(), &all)
                        }
                        _ => true,
                    });
                let in_init = m.class == key.0 && (m.is_init || m.is_clinit);
                if !accesses.contains_key(&key) {
                    order.push(key.clone());
                }
                accesses
                    .entry(key)
                    .or_default()
                    .push((site.clone(), *write, user_ok, in_init));
            }
        }
    }
    let guarded_fields: FxHashSet<(Arc<str>, Arc<str>)> = valid
        .iter()
        .filter_map(|a| match a {
            Annotation::GuardedBy { class, field, .. } => Some((class.clone(), field.clone())),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for key in order {
        let list = &accesses[&key];
        let (class, field) = &key;
        let Some((k, f)) = p.field(class, field) else {
            continue;
        };
        let sites: Vec<(Site, bool)> = list.iter().map(|(s, w, _, _)| (s.clone(), *w)).collect();
        let user_lock = user.iter().find_map(|a| match a {
            Annotation::GuardedBy {
                class: c,
                field: g,
                lock,
            } if c == class && g == field => Some(lock),
            _ => None,
        });
        let (message, site) = if let Some(lock) = user_lock {
            let Some((s, w, _, _)) = list.iter().find(|(_, _, ok, _)| !ok) else {
                continue;
            };
            (
                format!(
                    "field '{}.{}' is @GuardedBy(\"{}\"), which is not held where it is {}",
                    dotted(class),
                    field,
                    lock.show(),
                    if *w { "written" } else { "read" }
                ),
                s.clone(),
            )
        } else {
            let guarded = guarded_fields.contains(&(class.clone(), field.clone()));
            let readonly = valid.contains(&Annotation::ReadOnly {
                class: class.clone(),
                field: field.clone(),
            });
            let local = !f.is_static
                && valid.contains(&Annotation::ThreadLocal {
                    class: class.clone(),
                });
            if guarded || readonly || local {
                continue;
            }
            let first = list
                .iter()
                .find(|(_, _, _, init)| !init)
                .unwrap_or(&list[0]);
            (
                format!(
                    "field '{}.{}' must be guarded in a thread-shared class",
                    dotted(class),
                    field
                ),
                first.0.clone(),
            )
        };
        let shared_root = if f.is_static {
            None
        } else {
            root(shared, class)
        };
        out.push(Warning {
            class: class.clone(),
            field: field.clone(),
            array: None,
            is_static: f.is_static,
            message,
            file: k.file(),
            site,
            accesses: sites,
            cluster: shared_root,
            user: user_lock.is_some(),
            confirmation: None,
        });
    }
    out
}

/// The class whose sharing made `c` shared (following fields and
/// subclasses back), for clustering.
fn root(shared: &FxHashMap<Arc<str>, Shared>, c: &Arc<str>) -> Option<Arc<str>> {
    let mut at = c.clone();
    let mut seen = FxHashSet::default();
    loop {
        let s = shared.get(&at)?;
        match &s.from {
            Some(f) if seen.insert(f.clone()) => at = f.clone(),
            _ => return Some(at),
        }
    }
}

/// The final check of array elements: each shared allocation site with
/// no valid guard that is not readonly.
fn array_warnings(
    p: &Program,
    facts: &[MethodFacts],
    valid: &FxHashSet<Annotation>,
    shared: &FxHashMap<Arc<str>, Shared>,
    arrays: &Arrays,
) -> Vec<Warning> {
    let guarded: FxHashSet<&super::ArraySite> = valid
        .iter()
        .filter_map(|a| match a {
            Annotation::ElemsGuardedBy { array, .. } => Some(array),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for (a, accesses) in arrays.by_site().iter().enumerate() {
        let site = &arrays.sites[a];
        let Some(why) = arrays.shared.get(&(a as u32)) else {
            continue;
        };
        let readonly = valid.contains(&Annotation::ElemsReadOnly {
            array: site.clone(),
        });
        if accesses.is_empty() || readonly || guarded.contains(site) {
            continue;
        }
        let first = accesses
            .iter()
            .find(|acc| !initializing(&facts[acc.method], acc, site))
            .unwrap_or(&accesses[0]);
        out.push(Warning {
            class: site.site.class.clone(),
            field: site.show().into(),
            array: Some(site.clone()),
            is_static: false,
            message: format!(
                "elements of '{}' must be guarded: the array is thread-shared ({})",
                site.show(),
                why.why
            ),
            file: p
                .get(&first.site.class)
                .map_or_else(|| dotted(&first.site.class), |c| c.file()),
            site: first.site.clone(),
            accesses: accesses
                .iter()
                .map(|acc| (acc.site.clone(), acc.write))
                .collect(),
            cluster: why.from.as_ref().and_then(|c| root(shared, c)),
            user: false,
            confirmation: None,
        });
    }
    out
}

fn clusters(
    warnings: &[Warning],
    shared: &FxHashMap<Arc<str>, Shared>,
    arrays: &Arrays,
) -> Vec<Cluster> {
    let mut by: Vec<Cluster> = Vec::new();
    for (i, w) in warnings.iter().enumerate() {
        // An array shared by no class's sharing is a cluster of its own.
        let own = match &w.array {
            Some(a) if w.cluster.is_none() => arrays
                .index
                .get(a)
                .and_then(|i| arrays.shared.get(i))
                .map(|s| (Arc::<str>::from(a.show()), s.why.clone())),
            _ => None,
        };
        let key = match &own {
            Some((k, _)) => k.clone(),
            None => w
                .cluster
                .clone()
                .unwrap_or_else(|| format!("static fields of {}", dotted(&w.class)).into()),
        };
        match by.iter_mut().find(|c| c.root == key) {
            Some(c) => c.warnings.push(i),
            None => by.push(Cluster {
                why: match own {
                    Some((_, why)) => why,
                    None => shared
                        .get(&key)
                        .map(|s| s.why.clone())
                        .unwrap_or_else(|| "static fields are shared by every thread".into()),
                },
                root: key,
                warnings: vec![i],
            }),
        }
    }
    by
}
