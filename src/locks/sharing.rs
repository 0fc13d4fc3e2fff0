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
    let mut s = Sharing {
        p,
        shared: FxHashMap::default(),
    };
    s.threads_and_tasks();
    s.escapes(facts);
    s.statics();
    loop {
        let mut changed = s.through_classes();
        changed |= s.through_stores(facts);
        if !changed {
            break;
        }
    }
    s.shared
}

/// The shared classes found so far, of one program.
struct Sharing<'p> {
    p: &'p Program,
    shared: FxHashMap<Arc<str>, Shared>,
}

impl Sharing<'_> {
    /// Records that `c` is shared, for reason `s`, unless it is outside the
    /// program or already shared; says whether it was new.
    fn add(&mut self, c: &Arc<str>, s: Shared) -> bool {
        // An array's elements are shared with it.
        let c: Arc<str> = match c.strip_prefix('[') {
            Some(_) => match class_of(c.trim_start_matches('[')) {
                Some(e) => e,
                None => return false,
            },
            None => c.clone(),
        };
        if self.p.get(&c).is_none() || self.shared.contains_key(&c) {
            return false;
        }
        self.shared.insert(c, s);
        true
    }

    /// Threads and tasks (Runnable, Callable) are shared by their nature.
    fn threads_and_tasks(&mut self) {
        let p = self.p;
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
                    self.add(
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
    }

    /// What escapes (into a static field, an array...) and what is passed
    /// to a method outside the program.
    fn escapes(&mut self, facts: &[MethodFacts]) {
        for m in facts {
            for e in &m.events {
                match e {
                    Event::Escape { class, how, site } => {
                        self.add(
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
                    } if self.p.method(class, name, desc).is_none() => {
                        for a in args.iter().flatten() {
                            self.add(
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
    }

    /// Static fields' declared types are shared by every thread.
    fn statics(&mut self) {
        let p = self.p;
        for c in &p.classes {
            for f in c.raw.fields.iter().filter(|f| f.is_static) {
                if let Some(t) = class_of(&f.desc) {
                    self.add(
                        &t,
                        Shared {
                            why: format!(
                                "held in the static field {}.{}",
                                dotted(c.name()),
                                f.name
                            ),
                            site: None,
                            from: None,
                        },
                    );
                }
            }
        }
    }

    /// One round of subclasses of shared classes and the declared types of
    /// shared classes' fields; says whether anything new is shared.
    fn through_classes(&mut self) -> bool {
        let p = self.p;
        let mut changed = false;
        for c in &p.classes {
            let n = c.name();
            if let Some(sup) = p
                .all_supers(n)
                .into_iter()
                .find(|s| self.shared.contains_key(s))
                && !self.shared.contains_key(n)
            {
                changed |= self.add(
                    n,
                    Shared {
                        why: format!("a subclass of the thread-shared {}", dotted(&sup)),
                        site: None,
                        from: Some(sup),
                    },
                );
            }
            if !self.shared.contains_key(n) {
                continue;
            }
            for f in c.raw.fields.iter().filter(|f| !f.is_static) {
                if let Some(t) = class_of(&f.desc) {
                    changed |= self.add(
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
        changed
    }

    /// One round of what is stored in a field of a shared class; says
    /// whether anything new is shared.
    fn through_stores(&mut self, facts: &[MethodFacts]) -> bool {
        let p = self.p;
        let mut changed = false;
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
                    && self.shared.contains_key(k.name())
                {
                    let owner = k.name().clone();
                    changed |= self.add(
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
        changed
    }
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
