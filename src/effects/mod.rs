//! `m5 effects`: determinism for every input, statically (the seed of Lu,
//! Potter, Zhang and Xue, "A type and effect system for determinism in
//! multithreaded programs", on class files). Each thread's effects are the
//! reads and writes of abstract locations its code may make; a fork's
//! effects run alongside what its forker does after the fork (flow-
//! sensitively, until a join of that thread); two threads that may run at
//! once interfere when their effects conflict. No interference and no read
//! of a value a real JVM does not fix: deterministic for every input.
//!
//! - `facts`: one method's accesses and calls;
//! - `library`: what calls into the JDK mean (forks, joins, output, the
//!   clock, library objects' state);
//! - `threads`: abstract threads, the methods each runs, main's live sets;
//! - `interfere`: conflicts between threads that may run at once;
//! - `confirm`: `m5 explore --determinism` as the oracle.

pub mod confirm;
pub mod facts;
pub mod interfere;
mod joins;
mod latch;
pub mod library;
mod loops;
pub mod threads;

use std::sync::Arc;

use crate::locks::events::Site;
use crate::locks::program::Program;
use crate::locks::simple;

pub use interfere::Conflict;
pub use threads::Thread;

/// The analysis of one program.
pub struct Analysis {
    pub threads: Vec<Thread>,
    /// Which pairs of threads may run at once (smaller id first).
    pub concurrent: Vec<(usize, usize)>,
    pub conflicts: Vec<Conflict>,
    /// Reads of values a real JVM does not fix: where, and what.
    pub unfixed: Vec<(Site, &'static str)>,
    /// Methods analysed (over every thread).
    pub methods: usize,
    pub seconds: f64,
    /// What `confirm` found, when it ran.
    pub confirmation: Option<confirm::Confirmation>,
}

impl Analysis {
    /// The static verdict: `deterministic` only with no conflict and no
    /// unfixed read.
    pub fn deterministic(&self) -> bool {
        self.conflicts.is_empty() && self.unfixed.is_empty()
    }

    /// Conflicts outside any common lock.
    pub fn violations(&self) -> usize {
        self.conflicts.iter().filter(|c| !c.intended).count()
    }

    /// The verdict word: `deterministic` or `nondeterministic`.
    pub fn verdict(&self) -> &'static str {
        if self.deterministic() {
            "deterministic"
        } else {
            "nondeterministic"
        }
    }

    /// A thread as reports name it: `main`, or `thread 2 (Worker.run, started
    /// by Thread.start at Main.main line 12, many)`.
    pub fn thread_name(&self, t: usize) -> String {
        let th = &self.threads[t];
        let Some(fork) = &th.fork else {
            if th.how == "clients" {
                return format!(
                    "thread {t} (any number of clients calling {} methods at once)",
                    th.entries.len()
                );
            }
            return match th.everywhere {
                true => format!(
                    "thread {t} (the static initializers of {} classes, run by whichever thread first uses each)",
                    th.entries.len()
                ),
                false => "main".into(),
            };
        };
        let entry = match th.entries.as_slice() {
            [] => "no code of the program".to_string(),
            [k] => format!("{}.{}", simple(&k.0), k.1),
            [k, rest @ ..] => format!("{}.{} and {} more", simple(&k.0), k.1, rest.len()),
        };
        format!(
            "thread {t} ({entry}; {} at {}{})",
            th.how,
            where_(fork),
            if th.many {
                "; may run many at once"
            } else {
                ""
            }
        )
    }
}

/// `Main.main line 12` (or `pc 7` without line numbers).
pub fn where_(s: &Site) -> String {
    match s.line {
        Some(l) => format!("{}.{} line {l}", simple(&s.class), s.method),
        None => format!("{}.{} pc {}", simple(&s.class), s.method, s.pc),
    }
}

/// Why the analysis cannot start.
#[derive(Debug, thiserror::Error)]
pub enum EffectsError {
    #[error("class {0} has no method `public static void main(String[])` in the analysed classes")]
    NoMain(String),
}

/// Analyses the program whose `main` is `main_class`'s (binary name).
pub fn analyze(p: &Program, main_class: &str) -> Result<Analysis, EffectsError> {
    let start = std::time::Instant::now();
    let internal: Arc<str> = main_class.replace('.', "/").into();
    let key = (
        internal.clone(),
        Arc::from("main"),
        Arc::from("([Ljava/lang/String;)V"),
    );
    if p.get(&internal)
        .and_then(|c| c.method(&key.1, &key.2))
        .is_none()
    {
        return Err(EffectsError::NoMain(main_class.to_string()));
    }
    let mut w = threads::World::new(p, key);
    w.discover();
    w.main_live();
    w.caller_locks();
    let conflicts = interfere::conflicts(&w);
    let concurrent = interfere::concurrent(&w).into_iter().collect();
    let mut unfixed: Vec<(Site, &'static str)> = Vec::new();
    let mut methods = std::collections::BTreeSet::new();
    for r in &w.reach {
        for k in r {
            methods.insert(k.clone());
            if let Some(f) = w.facts.get(k) {
                for u in &f.unfixed {
                    if !unfixed.contains(u) {
                        unfixed.push(u.clone());
                    }
                }
            }
        }
    }
    Ok(Analysis {
        threads: w.threads.clone(),
        concurrent,
        conflicts,
        unfixed,
        methods: methods.len(),
        seconds: start.elapsed().as_secs_f64(),
        confirmation: None,
    })
}

/// One class of a library whose state clients calling the library from
/// several threads at once may interfere on.
pub struct ClassEffects {
    pub class: Arc<str>,
    pub violations: usize,
    pub intended: usize,
    /// The first violation (else the first conflict), for the report.
    pub example: Option<Conflict>,
}

/// The library mode (`--jdk-packages`, no main): any number of clients
/// call the public and protected methods of the public classes at once
/// (one abstract thread, many of it); the conflicts, by the class whose
/// state they are on, and the reads of unfixed values. Returns the
/// classes, the number of entry methods, the conflicts found (at most
/// `interfere::MAX_CONFLICTS`), the unfixed reads and the seconds taken.
pub fn analyze_library(p: &Program) -> (Vec<ClassEffects>, usize, usize, usize, f64) {
    use crate::classfile::parse::ACC_ABSTRACT;
    const ACC_PUBLIC: u16 = 0x0001;
    const ACC_PROTECTED: u16 = 0x0004;
    let start = std::time::Instant::now();
    let mut entries: Vec<facts::MKey> = Vec::new();
    for c in p
        .classes
        .iter()
        .filter(|c| c.raw.flags & ACC_PUBLIC != 0 && !c.raw.lambda)
    {
        entries.extend(
            c.raw
                .methods
                .iter()
                .filter(|m| {
                    m.flags & (ACC_PUBLIC | ACC_PROTECTED) != 0 && m.flags & ACC_ABSTRACT == 0
                })
                .filter(|m| !m.name.starts_with('<') && !m.code.is_empty())
                .map(|m| (c.name().clone(), m.name.clone(), m.desc.clone())),
        );
    }
    let n = entries.len();
    let mut w = threads::World::library(p, entries);
    w.discover();
    w.main_live();
    w.caller_locks();
    let conflicts = interfere::conflicts(&w);
    let mut unfixed = std::collections::BTreeSet::new();
    for k in w.reach.iter().flatten() {
        if let Some(f) = w.facts.get(k) {
            unfixed.extend(f.unfixed.iter().map(|u| u.0.clone()));
        }
    }
    let mut by: std::collections::BTreeMap<Arc<str>, ClassEffects> = Default::default();
    for c in &conflicts {
        let class: Arc<str> = match &c.a.access.loc {
            facts::Loc::Field(k, _) | facts::Loc::Static(k, _) | facts::Loc::Lib(k) => k.clone(),
            facts::Loc::Elems(_) => "array elements".into(),
            facts::Loc::Output => "the output".into(),
        };
        let e = by.entry(class.clone()).or_insert(ClassEffects {
            class,
            violations: 0,
            intended: 0,
            example: None,
        });
        if c.intended {
            e.intended += 1;
        } else {
            e.violations += 1;
        }
        if e.example.as_ref().is_none_or(|x| x.intended && !c.intended) {
            e.example = Some(c.clone());
        }
    }
    let total = conflicts.len();
    (
        by.into_values().collect(),
        n,
        total,
        unfixed.len(),
        start.elapsed().as_secs_f64(),
    )
}
