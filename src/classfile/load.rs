//! The loader's worklist: classes found by name, parsed and admitted to
//! liveness in a fixed order (the model's and the program's first, then
//! the JDK's, breadth first), until nothing live names a class not yet
//! seen. Finding and parsing a class is a pure function of its name, so the
//! JDK classes waiting in the queue are read and parsed ahead on worker
//! threads, a batch at a time; they are still admitted one by one in queue
//! order, so the class table is the same whatever the number of threads.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use super::live::{self, Liveness, Prepared};
use super::parse::{self, RawClass};
use super::{ClassPath, LoadError, Origin, jdk, library};

/// The JDK classes parsed ahead at most in one batch: the queue's front,
/// which is what the loader admits next.
const BATCH: usize = 512;

/// A class read and parsed, with what liveness needs of it and of the
/// classes its call sites made (lambdas, records, pattern switches).
struct Read {
    origin: Arc<str>,
    from: Origin,
    rc: RawClass,
    prepared: Prepared,
    synthetic: Vec<(RawClass, Prepared)>,
}

/// Where the time went, for `M5_LOG=m5::load=debug`.
#[derive(Default)]
struct Times {
    /// Reading and parsing classes on the loader's own thread, and waiting
    /// for the batches parsed ahead.
    read: Duration,
    /// Admitting classes to liveness.
    live: Duration,
}

/// The classes loaded, in load order, with where each came from, and the
/// names found nowhere.
pub(super) type Loaded = (
    Vec<(RawClass, Arc<str>, Origin)>,
    FxHashMap<Arc<str>, usize>,
    FxHashSet<Arc<str>>,
);

/// Loads `roots`, the model library and `extra` (as the program's own), and
/// every class live code names.
pub(super) fn load(
    cp: &ClassPath,
    roots: &[&str],
    extra: Vec<RawClass>,
    also: &[&str],
    threads: Option<usize>,
) -> Result<Loaded, LoadError> {
    let started = Instant::now();
    let mut times = Times::default();
    let mut raw: Vec<(RawClass, Arc<str>, Origin)> = Vec::new();
    let mut index: FxHashMap<Arc<str>, usize> = FxHashMap::default();
    let mut missing: FxHashSet<Arc<str>> = FxHashSet::default();
    let mut queue: VecDeque<Arc<str>> = VecDeque::new();
    let mut live = Liveness::new(tracing::enabled!(target: "m5::load", tracing::Level::TRACE));
    for rc in extra {
        live.add_class(&rc, live::prepare(&rc), Origin::User, &mut queue);
        index.insert(rc.name.clone(), raw.len());
        raw.push((rc, "<m5>".into(), Origin::User));
    }
    for name in library::CLASSES
        .iter()
        .map(|(n, _)| *n)
        .chain(roots.iter().copied())
        .chain(also.iter().copied())
    {
        queue.push_back(name.into());
    }
    let root_set: FxHashSet<&str> = roots.iter().copied().collect();
    let mut ahead: FxHashMap<Arc<str>, Result<Option<Read>, LoadError>> = FxHashMap::default();
    let mut pool: Option<Option<rayon::ThreadPool>> = None;
    // The JDK's classes come last, so the ids of the model's and the
    // program's classes do not depend on what of the JDK is used.
    let mut first: VecDeque<Arc<str>> = VecDeque::new();
    let mut later: VecDeque<Arc<str>> = VecDeque::new();
    loop {
        for n in queue.drain(..) {
            // (Skipped when popped anyway; most names are named again.)
            if index.contains_key(&n) || missing.contains(&n) {
                continue;
            }
            if jdk::is_jdk_package(&n) && library::lookup(&n).is_none() {
                later.push_back(n);
            } else {
                first.push_back(n);
            }
        }
        let t = Instant::now();
        let (name, read) = if let Some(name) = first.pop_front() {
            if index.contains_key(&name) || missing.contains(&name) {
                continue;
            }
            let read = read_class(cp, &index, &name)?;
            (name, read)
        } else if let Some(name) = later.pop_front() {
            if index.contains_key(&name) || missing.contains(&name) {
                continue;
            }
            if !ahead.contains_key(&name) {
                let pool = pool.get_or_insert_with(|| worker_pool(threads)).as_ref();
                read_ahead(cp, &index, &missing, &name, &later, pool, &mut ahead);
            }
            let read = ahead.remove(&name).expect("read ahead")?;
            (name, read)
        } else {
            break;
        };
        times.read += t.elapsed();
        let Some(Read {
            origin,
            from,
            mut rc,
            prepared,
            synthetic,
        }) = read
        else {
            if root_set.contains(&*name) {
                return Err(LoadError::NotFound {
                    name: name.to_string(),
                    searched: cp.describe(),
                });
            }
            missing.insert(name);
            continue;
        };
        // The model's names show as the JDK's would (`keeps_local_names`).
        if from == Origin::Model && jdk::jdk().is_ok_and(|j| !j.keeps_local_names()) {
            rc.methods.iter_mut().for_each(|m| m.locals.clear());
        }
        if rc.name != name {
            return Err(LoadError::Link {
                path: origin.to_string(),
                msg: format!("expected class {name}, the file defines {}", rc.name),
            });
        }
        let t = Instant::now();
        let caller = rc.name.clone();
        live.add_class(&rc, prepared, from, &mut queue);
        index.insert(name, raw.len());
        raw.push((rc, origin.clone(), from));
        // The classes its lambda call sites make come with it.
        for (sc, p) in synthetic {
            live.add_class(&sc, p, from, &mut queue);
            if index.contains_key(&sc.name) {
                return Err(LoadError::Link {
                    path: origin.to_string(),
                    msg: format!(
                        "class {} clashes with the class m5 makes for a lambda of {caller}",
                        sc.name
                    ),
                });
            }
            index.insert(sc.name.clone(), raw.len());
            raw.push((sc, origin.clone(), from));
        }
        times.live += t.elapsed();
    }
    parse::forget_shared();
    // Freeing liveness's tables (tens of thousands of entries) took 3% of
    // a java.util program's start-up: another thread does it meanwhile.
    std::thread::spawn(move || drop(live));
    // `M5_LOG=m5::load=debug`: how much was loaded and where the time
    // went; `=trace`: also each class a live method names, with the method
    // (for m5's developers).
    tracing::debug!(
        target: "m5::load",
        "loaded {} classes ({} from the JDK), {} missing, in {:.1} ms: reading and parsing {:.1} ms, liveness {:.1} ms",
        raw.len(),
        raw.iter().filter(|r| r.2 == Origin::Jdk).count(),
        missing.len(),
        ms(started.elapsed()),
        ms(times.read),
        ms(times.live),
    );
    Ok((raw, index, missing))
}

pub(super) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The loader's `threads` worker threads (`None`: one per core, at most 8:
/// a batch is a few hundred classes), if more than one.
pub(super) fn worker_pool(threads: Option<usize>) -> Option<rayon::ThreadPool> {
    let n = threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(8)
    });
    (n > 1).then(|| crate::parallel::pool(n))
}

/// Reads and parses `name` and the distinct JDK classes after it in
/// `later` not yet loaded, missing or read (at most `BATCH` in all), on
/// `pool`'s threads, into `ahead`.
fn read_ahead(
    cp: &ClassPath,
    index: &FxHashMap<Arc<str>, usize>,
    missing: &FxHashSet<Arc<str>>,
    name: &Arc<str>,
    later: &VecDeque<Arc<str>>,
    pool: Option<&rayon::ThreadPool>,
    ahead: &mut FxHashMap<Arc<str>, Result<Option<Read>, LoadError>>,
) {
    let mut batch: Vec<Arc<str>> = vec![name.clone()];
    let mut chosen: FxHashSet<&Arc<str>> = FxHashSet::default();
    chosen.insert(name);
    for n in later {
        if batch.len() == BATCH {
            break;
        }
        if !index.contains_key(n)
            && !missing.contains(n)
            && !ahead.contains_key(n)
            && chosen.insert(n)
        {
            batch.push(n.clone());
        }
    }
    let read = |n: &Arc<str>| read_class(cp, index, n);
    let results: Vec<_> = match pool {
        Some(p) => p.install(|| batch.par_iter().map(read).collect()),
        None => batch.iter().map(read).collect(),
    };
    ahead.extend(batch.into_iter().zip(results));
}

/// Finds class `name` (m5's model library first, then the JDK's
/// `java.base` for its packages, then the class path) and parses it;
/// `None` if it is nowhere. The classes already loaded (`index`) and those
/// that exist anywhere are the names a lambda's class must not take.
fn read_class(
    cp: &ClassPath,
    index: &FxHashMap<Arc<str>, usize>,
    name: &str,
) -> Result<Option<Read>, LoadError> {
    let found: Option<(String, std::borrow::Cow<'static, [u8]>, Origin)> =
        if let Some(bytes) = library::lookup(name) {
            Some(("<m5 library>".into(), bytes.into(), Origin::Model))
        } else if jdk::is_jdk_package(name)
            && let Ok(j) = jdk::jdk()
            && let Some((origin, bytes)) = j.find(name)?
        {
            Some((origin, bytes.into(), Origin::Jdk))
        } else {
            cp.find(name)?.map(|(o, b)| (o, b.into(), Origin::User))
        };
    let Some((origin, bytes, from)) = found else {
        return Ok(None);
    };
    let taken = |n: &str| {
        index.contains_key(n)
            || library::lookup(n).is_some()
            || matches!(cp.find(n), Ok(Some(_)))
            || (jdk::is_jdk_package(n) && jdk::jdk().is_ok_and(|j| j.has(n)))
    };
    let mut rc = parse::parse_class_with(&origin, &bytes, &taken)?;
    let synthetic = std::mem::take(&mut rc.synthetic)
        .into_iter()
        .map(|sc| {
            let p = live::prepare(&sc);
            (sc, p)
        })
        .collect();
    Ok(Some(Read {
        origin: origin.into(),
        from,
        prepared: live::prepare(&rc),
        rc,
        synthetic,
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{ClassPath, ClassTable, load_on};

    fn natives(_: &str, _: &str, _: &str, _: bool) -> Option<u16> {
        None
    }

    /// Parsing ahead on worker threads changes nothing: the table loaded on
    /// one thread and on four has the same classes, ids, methods and
    /// resolved code (a program of the committed examples that reaches a
    /// fork/join pool: over 3,000 JDK classes).
    #[test]
    fn the_table_is_the_same_on_any_number_of_threads() {
        if super::jdk::jdk().is_err() {
            assert!(std::env::var_os("CI").is_none(), "no JDK under CI");
            eprintln!("skipped: no JDK found");
            return;
        }
        let cp =
            ClassPath::parse(concat!(env!("CARGO_MANIFEST_DIR"), "/classfiles/effects")).unwrap();
        let load = |threads| load_on(&cp, &["ForkJoinSum"], Vec::new(), &natives, Some(threads));
        let (one, four): (ClassTable, ClassTable) = (load(1).unwrap(), load(4).unwrap());
        assert!(one.classes.len() > 1_000, "{} classes", one.classes.len());
        assert_eq!(one.classes.len(), four.classes.len());
        for (a, b) in one.classes.iter().zip(&four.classes) {
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
        assert_eq!(one.methods.len(), four.methods.len());
        for (a, b) in one.methods.iter().zip(&four.methods) {
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
        assert_eq!(one.n_statics, four.n_statics);
        let sorted = |t: &ClassTable| {
            let mut v: Vec<String> = t.missing.iter().map(|m| m.to_string()).collect();
            v.sort();
            v
        };
        assert_eq!(sorted(&one), sorted(&four));
    }

    /// A name parsed twice on one thread is one string; forgetting the
    /// shared set keeps the strings handed out alive and equal.
    #[test]
    fn shared_names_are_one_string_until_forgotten() {
        use super::super::parse::{forget_shared, shared};
        let a = shared("java/lang/Object");
        let b = shared("java/lang/Object");
        assert!(std::sync::Arc::ptr_eq(&a, &b));
        forget_shared();
        let c = shared("java/lang/Object");
        assert_eq!(a, c);
        assert!(!std::sync::Arc::ptr_eq(&a, &c));
    }
}
