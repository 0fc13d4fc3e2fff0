//! `m5 locks`: static lock-discipline checking of class files with
//! annotation inference (rccjava and Houdini/rcc, Flanagan and Freund,
//! PASTE 2001), every warning then confirmed by a schedule the explorer
//! finds, or marked unconfirmed.
//!
//! - `program`: the classes analysed;
//! - `events`: what each method's bytecode does with fields, calls and locks;
//! - `arrays`: array elements as locations (allocation sites, where array
//!   references flow, what methods outside the program do with arrays);
//! - `elems`: the discipline of array elements (candidates, refutations,
//!   warnings), for `houdini`;
//! - `sharing`: which classes are thread-shared, and why;
//! - `houdini`: candidates, the checker, the refutation loop, warnings and
//!   clusters;
//! - `confirm`: a bounded search for a race on each warned field or array;
//! - `report`: text, SARIF 2.1.0 and HTML;
//! - `json`: the JSON report's documents.

pub mod arrays;
pub mod confirm;
mod elems;
pub mod events;
pub mod houdini;
pub mod json;
pub mod program;
pub mod report;
mod sharing;
mod transfer;

use std::sync::Arc;

use events::{Site, dotted};

/// The seed's options that trade soundness for fewer false alarms. Both
/// default to on, as in the seed's final configuration; its `no_override`
/// needs no switch here (m5 never warns about overrides).
#[derive(Clone, Debug)]
pub struct Options {
    /// `cons_lock`: constructors hold `this` (an object is not shared
    /// before its constructor returns).
    pub cons_lock: bool,
    /// `main_lock`: a lock the main thread holds throughout, so fields only
    /// main touches need no other.
    pub main_lock: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            cons_lock: true,
            main_lock: true,
        }
    }
}

/// A lock an annotation names.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lock {
    /// The object's own monitor.
    This,
    /// A final field of the object (declared in its class or a superclass).
    Final(Arc<str>),
    /// The class object (`C.class`), static synchronized methods' lock.
    ClassObj(Arc<str>),
    /// A static final field.
    StaticFinal(Arc<str>, Arc<str>),
    /// The main thread's implicit lock.
    Main,
    /// An array's own monitor (`synchronized (a) { a[0]++; }`): a lock of
    /// array elements only.
    Array,
}

impl Lock {
    pub fn show(&self) -> String {
        match self {
            Lock::This => "this".into(),
            Lock::Final(f) => f.to_string(),
            Lock::ClassObj(c) => format!("{}.class", simple(c)),
            Lock::StaticFinal(c, f) => format!("{}.{f}", simple(c)),
            Lock::Main => "MainLock".into(),
            Lock::Array => "the array".into(),
        }
    }
}

/// A class's name without its package.
pub fn simple(c: &str) -> &str {
    c.rsplit('/').next().unwrap_or(c)
}

/// An array allocation site: the abstract location of the elements of
/// every array allocated there (rccjava treats array elements like fields
/// of the array object; m5 names the array by where it is made).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArraySite {
    /// The `newarray`, `anewarray` or `multianewarray`, or the call of a
    /// method outside the program that returned the array.
    pub site: Site,
    /// The array's descriptor (`[I`).
    pub ty: Arc<str>,
    /// The method outside the program that made it (`java.lang.String.toCharArray`).
    pub via: Option<Arc<str>>,
}

impl ArraySite {
    /// `new int[] in Tally.main (line 4)`.
    pub fn show(&self) -> String {
        let at = match self.site.line {
            Some(l) => format!("line {l}"),
            None => format!("pc {}", self.site.pc),
        };
        let what = match &self.via {
            Some(v) => format!("{} from {v}", java_type(&self.ty)),
            None => format!("new {}", java_type(&self.ty)),
        };
        format!(
            "{what} in {}.{} ({at})",
            dotted(&self.site.class),
            self.site.method
        )
    }
}

/// A descriptor as Java writes the type: `[[I` → `int[][]`, `[Ljava/lang/String;` → `String[]`.
pub fn java_type(desc: &str) -> String {
    let dims = desc.len() - desc.trim_start_matches('[').len();
    let base = &desc[dims..];
    let name = match base {
        "I" => "int",
        "J" => "long",
        "S" => "short",
        "B" => "byte",
        "C" => "char",
        "Z" => "boolean",
        "F" => "float",
        "D" => "double",
        _ => simple(base.trim_start_matches('L').trim_end_matches(';')),
    };
    format!("{name}{}", "[]".repeat(dims))
}

/// A candidate (or valid, or user-given) annotation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Annotation {
    ThreadLocal {
        class: Arc<str>,
    },
    GuardedBy {
        class: Arc<str>,
        field: Arc<str>,
        lock: Lock,
    },
    ReadOnly {
        class: Arc<str>,
        field: Arc<str>,
    },
    Requires {
        class: Arc<str>,
        method: Arc<str>,
        desc: Arc<str>,
        lock: Lock,
    },
    /// The elements of the arrays allocated at a site (rccjava's
    /// `elems_guarded_by`); `this` is the object whose field holds the array.
    ElemsGuardedBy {
        array: ArraySite,
        lock: Lock,
    },
    /// The elements are written only while the array is not yet shared.
    ElemsReadOnly {
        array: ArraySite,
    },
}

impl Annotation {
    /// As the seed writes it: `guarded_by lock`.
    pub fn show(&self) -> String {
        match self {
            Annotation::ThreadLocal { .. } => "thread_local".into(),
            Annotation::GuardedBy { lock, .. } => format!("guarded_by {}", lock.show()),
            Annotation::ReadOnly { .. } => "readonly".into(),
            Annotation::Requires { lock, .. } => format!("requires {}", lock.show()),
            Annotation::ElemsGuardedBy { lock, .. } => format!("elems_guarded_by {}", lock.show()),
            Annotation::ElemsReadOnly { .. } => "elems_readonly".into(),
        }
    }

    /// The class, field or method it is about: `Account.balance`.
    pub fn target(&self) -> String {
        match self {
            Annotation::ThreadLocal { class } => dotted(class),
            Annotation::GuardedBy { class, field, .. } | Annotation::ReadOnly { class, field } => {
                format!("{}.{field}", dotted(class))
            }
            Annotation::Requires {
                class,
                method,
                desc,
                ..
            } => format!("{}.{method}{desc}", dotted(class)),
            Annotation::ElemsGuardedBy { array, .. } | Annotation::ElemsReadOnly { array } => {
                array.show()
            }
        }
    }

    pub fn class(&self) -> &Arc<str> {
        match self {
            Annotation::ThreadLocal { class }
            | Annotation::GuardedBy { class, .. }
            | Annotation::ReadOnly { class, .. }
            | Annotation::Requires { class, .. } => class,
            Annotation::ElemsGuardedBy { array, .. } | Annotation::ElemsReadOnly { array } => {
                &array.site.class
            }
        }
    }

    /// The array site it is about, for element annotations.
    pub fn array(&self) -> Option<&ArraySite> {
        match self {
            Annotation::ElemsGuardedBy { array, .. } | Annotation::ElemsReadOnly { array } => {
                Some(array)
            }
            _ => None,
        }
    }

    /// `class`, `field` or `method` (what `target` names).
    pub fn kind(&self) -> &'static str {
        match self {
            Annotation::ThreadLocal { .. } => "class",
            Annotation::GuardedBy { .. } | Annotation::ReadOnly { .. } => "field",
            Annotation::Requires { .. } => "method",
            Annotation::ElemsGuardedBy { .. } | Annotation::ElemsReadOnly { .. } => "array",
        }
    }
}

/// A candidate the checker refuted, with the place that refuted it.
#[derive(Clone, Debug)]
pub struct Refuted {
    pub annotation: Annotation,
    pub why: String,
    pub site: Option<Site>,
    /// The round of the refutation loop (1 is the first).
    pub round: usize,
}

/// What the explorer found for a warning.
#[derive(Clone, Debug)]
pub enum Confirmation {
    /// A schedule reaching a race on the field.
    Confirmed {
        race: String,
        /// The schedule, in `m5 run --schedule` form (`list:0*5,1*3`).
        schedule: String,
        /// A command that replays it with `m5 run --races`.
        replay: String,
    },
    /// No race on the field within the search's bounds.
    Unconfirmed { why: String },
}

/// A warning of the final check: about a field, or about the elements of
/// the arrays allocated at a site (`array`; then `class` is the allocating
/// class and `field` the site as `ArraySite::show` writes it).
#[derive(Clone, Debug)]
pub struct Warning {
    pub class: Arc<str>,
    pub field: Arc<str>,
    pub array: Option<ArraySite>,
    pub is_static: bool,
    pub message: String,
    pub file: String,
    pub site: Site,
    /// Every access to the field or elements: (site, is a write); an
    /// element access a method outside the program makes is at the call.
    pub accesses: Vec<(Site, bool)>,
    /// The class whose being thread-shared made this field shared.
    pub cluster: Option<Arc<str>>,
    /// Breaks a user's `@GuardedBy` (rather than an inferred discipline).
    pub user: bool,
    pub confirmation: Option<Confirmation>,
}

impl Warning {
    pub fn confirmed(&self) -> bool {
        matches!(self.confirmation, Some(Confirmation::Confirmed { .. }))
    }

    /// What it is about: `BadAccount.balance`, or `new int[] in Tally.main (line 4)`.
    pub fn location(&self) -> String {
        match &self.array {
            Some(a) => a.show(),
            None => format!("{}.{}", dotted(&self.class), self.field),
        }
    }
}

/// Warnings caused by one class being judged thread-shared.
#[derive(Clone, Debug)]
pub struct Cluster {
    pub root: Arc<str>,
    pub why: String,
    /// Indices into `Analysis::warnings`.
    pub warnings: Vec<usize>,
}

/// The whole result.
pub struct Analysis {
    pub classes: usize,
    pub bytecode_bytes: u64,
    pub instructions: u64,
    pub candidates: Vec<Annotation>,
    pub valid: Vec<Annotation>,
    pub user: Vec<Annotation>,
    pub refuted: Vec<Refuted>,
    pub warnings: Vec<Warning>,
    pub clusters: Vec<Cluster>,
    pub rounds: usize,
    pub notes: Vec<String>,
    pub seconds: f64,
}

/// Infers the annotations of `p` and its warnings (unconfirmed: see
/// `confirm`).
pub fn analyze(p: &program::Program, opts: &Options) -> Analysis {
    let start = std::time::Instant::now();
    let out = houdini::run(p, opts);
    let (mut bytes, mut insns) = (0u64, 0u64);
    for c in &p.classes {
        for m in &c.raw.methods {
            bytes += u64::from(m.code_len);
            insns += m.code.len() as u64;
        }
    }
    Analysis {
        classes: p.classes.len(),
        bytecode_bytes: bytes,
        instructions: insns,
        candidates: out.candidates,
        valid: out.valid,
        user: out.user,
        refuted: out.refuted,
        warnings: out.warnings,
        clusters: out.clusters,
        rounds: out.rounds,
        notes: out.notes,
        seconds: start.elapsed().as_secs_f64(),
    }
}
