//! The JVM's state proper (`Model`): what the program can observe or what
//! decides what it can do next. Its derived `Eq` and `Hash` are the one
//! definition of "same state" (the explorer's fingerprint hashes it).

use std::sync::Arc;

use super::versioned::{Table, Versioned};
use super::{InitStatus, Object, Ref, Thread, ThreadId, Value};
use crate::classfile::ClassId;

/// A throwable's recorded stack: (method id, pc) pairs, innermost first.
pub type Backtrace = Arc<[(u32, u32)]>;

/// A field belongs here when two states that differ only in it could go on
/// differently or print differently: merging them (the explorer's visited
/// set) would then hide what one of them does. A field that is a function
/// of others (an index) may be here too: it never tells equal states apart.
/// Everything else is in `Aux`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Model {
    pub threads: Table<Thread>,
    pub heap: Table<Object>,
    pub statics: Versioned<im::Vector<Value>>,
    pub init: Versioned<im::Vector<InitStatus>>,
    /// String literals already created (`ldc`), so equal literals are `==`.
    pub interned: Versioned<im::HashMap<Arc<str>, Ref>>,
    /// The same for strings with an unpaired surrogate or a U+FFFD (no
    /// Rust string holds the first, and a lossy key would confuse them
    /// with the second), by their UTF-16 units (`classfile::Const::Utf16`).
    pub interned16: Versioned<im::HashMap<Arc<[u16]>, Ref>>,
    /// The first thread whose thread object is at an address (M5's rule for
    /// `start`), so finding it does not scan the thread table. A function
    /// of `threads`, kept here because `start`, `join` and `unpark` act on it.
    pub thread_of_object: Versioned<im::HashMap<Ref, ThreadId>>,
    /// `java.lang.Class` objects created so far, by internal name: which
    /// object `getClass` answers (`==` on mirrors).
    pub mirrors: Versioned<im::HashMap<Arc<str>, Ref>>,
    /// Why a class's initialization failed, as JDK 17 words the cause of a
    /// later NoClassDefFoundError: `Exception java.lang.X: msg [in thread "main"]`.
    /// The program can read that message, so it is part of the state.
    pub init_errors: Versioned<im::HashMap<ClassId, Arc<str>>>,
    /// Each throwable's stack when it was created, (method id, pc) pairs,
    /// innermost first (`interp::backtrace`): kept outside the heap so no
    /// address changes, but the program reads it (`printStackTrace`,
    /// `stackTraceLines`), so it is part of the state.
    pub backtraces: Versioned<im::HashMap<Ref, Backtrace>>,
    /// Set by `System.exit`, or when main died of an uncaught exception (1).
    pub exit: Option<i32>,
    /// Main died of an uncaught exception: the exit status (1) when the
    /// last thread ends.
    pub main_died: bool,
    /// The virtual clock, in nanoseconds since the VM started: it moves
    /// only when a thread reads it (by a quantum) or a timed wait, sleep
    /// or park times out (to its deadline), so schedules replay exactly
    /// and a program that never reads it never changes it (`interp::clock`).
    pub clock: i64,
    /// How many non-daemon threads are started and not finished (kept by
    /// start/end): the program ends when none is left (`State::ended`).
    /// A function of `threads`.
    pub alive: u32,
}
