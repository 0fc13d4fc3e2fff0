//! Which classes are thread-shared (rccjava's `thread_local` refuted), and
//! why: the reasons the warnings cite and the clusters group by.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::events::{Event, Site, class_of, dotted};
use super::houdini::MethodFacts;
use super::program::Program;

/// Why a class is thread-shared: a reason, and the class it comes from
/// when it is another class's sharing (for clusters).
#[derive(Clone, Debug)]
pub struct Shared {
    pub why: String,
    pub site: Option<Site>,
    pub from: Option<Arc<str>>,
}

/// Which classes are thread-shared, and why (rccjava's thread_local
/// refutation, made flow-aware for class files): threads and tasks; what a
/// static field, an array, or a method outside the program (a collection,
/// an executor, a Thread constructor) receives; what a field of a shared
/// class holds or is declared to hold; subclasses of shared classes.
pub(super) fn sharing(p: &Program, facts: &[MethodFacts]) -> FxHashMap<Arc<str>, Shared> {
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

/// The class whose sharing made `c` shared (following fields and
/// subclasses back), for clustering.
pub(super) fn root(shared: &FxHashMap<Arc<str>, Shared>, c: &Arc<str>) -> Option<Arc<str>> {
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
