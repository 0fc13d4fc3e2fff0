//! Houdini/rcc on bytecode: guess every candidate annotation, refute the
//! ones the checker finds violated, repeat until nothing changes; the
//! survivors are the unique largest valid subset of the candidates, and
//! the final check's violations are the warnings.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::classfile::parse::{ACC_INTERFACE, ACC_NATIVE, ACC_STATIC, RawMethod};

/// Annotation types get no candidates.
const ACC_ANNOTATION: u16 = 0x2000;

use super::arrays::{self, Arrays};
use super::elems;
use super::events::{self, Event, Path, Site, class_of, dotted};
use super::program::Program;
pub use super::sharing::Shared;
use super::sharing::{self, root};
use super::{Annotation, Cluster, Lock, Options, Refuted, Warning};

/// One method's events and the locks its declaration holds.
pub(super) struct MethodFacts {
    pub(super) class: Arc<str>,
    pub(super) name: Arc<str>,
    pub(super) desc: Arc<str>,
    is_init: bool,
    pub(super) is_clinit: bool,
    /// A constructor under cons_lock: its own object is not shared yet, so
    /// its accesses and calls on `this` need no lock.
    pub(super) constructing: bool,
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
pub(super) fn locks(p: &Program, c: &Arc<str>, is_static: bool, opts: &Options) -> Vec<Lock> {
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
pub(super) fn holds(lock: &Lock, receiver: Option<&Path>, held: &[Path]) -> bool {
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
    let shared = sharing::sharing(p, &facts);
    let arrays = arrays::solve(p, &facts, &shared);
    candidates.extend(elems::candidates(p, &arrays, opts));
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
    warnings.extend(elems::warnings(p, &facts, &valid, &shared, &arrays));
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
pub(super) type RequiresIndex = FxHashMap<(Arc<str>, Arc<str>, Arc<str>), Vec<Lock>>;

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
pub(super) fn held_at(m: &MethodFacts, requires: &RequiresIndex, own: &[Path]) -> Vec<Path> {
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
    let requires = requires_index(valid);
    let refuter = Refuter::new(p, valid, &requires);
    for m in facts {
        for e in &m.events {
            match e {
                Event::Access { .. } => refuter.access(m, e, &mut note),
                Event::Call { .. } => refuter.call(m, e, &mut note),
                Event::Escape { .. }
                | Event::Array { .. }
                | Event::NewArray { .. }
                | Event::Publish { .. }
                | Event::Flow { .. } => {}
            }
        }
    }
    elems::refute(facts, valid, arrays, &requires, &mut note);
    refuter.overrides(&mut note);
    let mut v: Vec<Refuted> = out.into_values().collect();
    v.sort_by(|a, b| a.annotation.cmp(&b.annotation));
    v
}

/// The valid annotations of one checker run, indexed for its events.
struct Refuter<'a> {
    p: &'a Program,
    valid: &'a FxHashSet<Annotation>,
    requires: &'a RequiresIndex,
    /// Guards by (class, field), so each annotation is looked up once.
    guards: FxHashMap<(Arc<str>, Arc<str>), Vec<&'a Lock>>,
}

impl<'a> Refuter<'a> {
    fn new(p: &'a Program, valid: &'a FxHashSet<Annotation>, requires: &'a RequiresIndex) -> Self {
        let mut guards: FxHashMap<(Arc<str>, Arc<str>), Vec<&Lock>> = FxHashMap::default();
        for a in valid {
            if let Annotation::GuardedBy { class, field, lock } = a {
                guards
                    .entry((class.clone(), field.clone()))
                    .or_default()
                    .push(lock)
            }
        }
        Refuter {
            p,
            valid,
            requires,
            guards,
        }
    }

    /// Those of `locks` that `m` does not hold at an event on `receiver`
    /// with `held` (its own and its requires'); none while the receiver is
    /// the object `m` is constructing (not yet shared).
    fn unheld<'l>(
        &self,
        m: &MethodFacts,
        locks: impl Iterator<Item = &'l Lock>,
        receiver: &Option<Path>,
        held: &[Path],
    ) -> Vec<&'l Lock> {
        if m.constructing && *receiver == Some(Path::Param(0)) {
            return Vec::new();
        }
        let all = held_at(m, self.requires, held);
        locks
            .filter(|lock| !holds(lock, receiver.as_ref(), &all))
            .collect()
    }

    /// A field access of `m` refutes the field's guards it does not hold,
    /// and its readonly when it writes after construction.
    fn access(
        &self,
        m: &MethodFacts,
        e: &Event,
        note: &mut impl FnMut(Annotation, String, Option<Site>),
    ) {
        let Event::Access {
            class,
            field,
            write,
            receiver,
            held,
            site,
            ..
        } = e
        else {
            return;
        };
        let Some((k, f)) = self.p.field(class, field) else {
            return;
        };
        let key = (k.name().clone(), f.name.clone());
        let guards = self.guards.get(&key).into_iter().flatten().copied();
        for lock in self.unheld(m, guards, receiver, held) {
            note(
                Annotation::GuardedBy {
                    class: key.0.clone(),
                    field: key.1.clone(),
                    lock: lock.clone(),
                },
                format!(
                    "{} without holding {}",
                    if *write { "written" } else { "read" },
                    lock.show()
                ),
                Some(site.clone()),
            );
        }
        let ro = Annotation::ReadOnly {
            class: key.0.clone(),
            field: key.1.clone(),
        };
        if *write && self.valid.contains(&ro) {
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

    /// A call of `m` refutes the callee's requires it does not hold.
    fn call(
        &self,
        m: &MethodFacts,
        e: &Event,
        note: &mut impl FnMut(Annotation, String, Option<Site>),
    ) {
        let Event::Call {
            class,
            name,
            desc,
            receiver,
            held,
            site,
            ..
        } = e
        else {
            return;
        };
        let Some((k, t)) = self.p.method(class, name, desc) else {
            return;
        };
        let key = (k.name().clone(), t.name.clone(), t.desc.clone());
        let requires = self.requires.get(&key).into_iter().flatten();
        for lock in self.unheld(m, requires, receiver, held) {
            note(
                Annotation::Requires {
                    class: key.0.clone(),
                    method: key.1.clone(),
                    desc: key.2.clone(),
                    lock: lock.clone(),
                },
                format!("called without holding {}", lock.show()),
                Some(site.clone()),
            );
        }
    }

    /// An override may not require more than the method it overrides
    /// (callers of the overridden method hold only that).
    fn overrides(&self, note: &mut impl FnMut(Annotation, String, Option<Site>)) {
        let (p, valid) = (self.p, self.valid);
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
    }
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
