//! `.class` bytes -> class table. Classes are found by name on a class path
//! (m5's own model library first, then the user's directories and jars),
//! loaded transitively from the main class, and linked once: every
//! instruction's field, method and class operands are resolved to indices, so
//! the class table is immutable while programs run and is shared by all states.

mod dispatch;
pub mod driver;
pub mod insn;
pub mod jdk;
pub mod jimage;
pub mod lambda;
pub mod library;
mod link;
mod live;
mod load;
mod nesting;
pub mod parse;
mod path;
pub mod records;
pub mod reflection;
pub mod regions;
pub mod services;
pub mod testclass;
mod typeswitch;
mod verify;

use std::collections::VecDeque;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

pub use dispatch::Selected;
pub use insn::*;
use link::Linker;
use parse::*;
pub use parse::{
    ACC_ABSTRACT, ACC_INTERFACE, ACC_NATIVE, ACC_STATIC, ACC_SYNCHRONIZED, param_descs, param_slots,
};
pub use path::{ClassPath, jar_launch};
use verify::check_code;

pub type ClassId = u32;
pub type MethodId = u32;

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{path}: cannot read: {msg}")]
    Io { path: String, msg: String },
    #[error("{path}: malformed class file: {msg}")]
    Malformed { path: String, msg: String },
    #[error("class {name} not found on the class path ({searched})")]
    NotFound { name: String, searched: String },
    #[error("{path}: {msg}")]
    Link { path: String, msg: String },
    #[error("class path entry {0}: no such directory or jar file")]
    BadClassPath(String),
}

/// A LocalVariableTable entry: local `slot` is called `name` at the pcs
/// `start..start + length`.
#[derive(Debug, Clone)]
pub struct LocalVar {
    pub start: u32,
    pub length: u32,
    pub slot: u16,
    pub name: Arc<str>,
}

/// A handler in a method's exception table, as instruction indices.
#[derive(Clone, Debug)]
pub struct Handler {
    pub start: u32,
    pub end: u32,
    pub handler: u32,
    pub catch: Option<ClassRef>,
}

#[derive(Debug)]
pub struct Method {
    pub id: MethodId,
    pub class: ClassId,
    pub class_name: Arc<str>,
    pub name: Arc<str>,
    pub desc: Arc<str>,
    pub flags: u16,
    pub max_locals: u16,
    pub max_stack: u16,
    /// Slots the parameters take in the locals, including `this`.
    pub arg_slots: u16,
    pub code: Vec<Insn>,
    /// Byte offset (pc) of each instruction; `code_len` closes the last one.
    pub offsets: Vec<u32>,
    pub code_len: u32,
    pub handlers: Vec<Handler>,
    pub lines: Vec<(u32, u32)>,
    /// The LocalVariableTable, when the class has one (`javac -g`).
    pub locals: Vec<LocalVar>,
    pub selector: u32,
    /// Index into the interpreter's native table, bound at link time.
    pub native: Option<u16>,
    /// The checked exceptions it declares (`throws`), for reflection.
    pub exceptions: Vec<Arc<str>>,
}

impl Method {
    pub fn is_static(&self) -> bool {
        self.flags & ACC_STATIC != 0
    }
    pub fn is_synchronized(&self) -> bool {
        self.flags & ACC_SYNCHRONIZED != 0
    }
    pub fn is_native(&self) -> bool {
        self.flags & ACC_NATIVE != 0
    }
    pub fn is_abstract(&self) -> bool {
        self.flags & ACC_ABSTRACT != 0
    }
    /// The pc (byte offset) of instruction `ip`.
    pub fn pc(&self, ip: u32) -> u32 {
        self.offsets
            .get(ip as usize)
            .copied()
            .unwrap_or(self.code_len)
    }
    /// The exception-table entries covering instruction `ip`, in table
    /// order (the order the JVM searches them).
    pub fn handlers_at(&self, ip: u32) -> impl Iterator<Item = &Handler> {
        self.handlers
            .iter()
            .filter(move |h| h.start <= ip && ip < h.end)
    }
    /// The instruction index at byte offset `pc`, if an instruction starts there.
    pub fn index_of_pc(&self, pc: u32) -> Option<u32> {
        self.offsets.binary_search(&pc).ok().map(|i| i as u32)
    }
    pub fn line_at(&self, pc: u32) -> Option<u32> {
        // The entry starting last at or before `pc` (the table need not
        // be sorted: JVMS 4.7.12).
        self.lines
            .iter()
            .filter(|(start, _)| *start <= pc)
            .max_by_key(|(start, _)| *start)
            .map(|l| l.1)
    }
    /// `Class.name(desc)` for messages.
    pub fn display_name(&self) -> String {
        format!("{}.{}{}", self.class_name, self.name, self.desc)
    }
}

#[derive(Clone, Debug)]
pub struct FieldSlot {
    pub declaring: ClassId,
    pub name: Arc<str>,
    pub desc: Arc<str>,
    pub volatile: bool,
    pub is_final: bool,
    /// Bookkeeping of m5's model that the JDK's own classes need
    /// (`BOOKKEEPING`): state prints leave it out while it holds its
    /// default value, and inference proposes no facts about it.
    pub bookkeeping: bool,
}

/// Fields of m5's model classes that exist for the JDK's code or the VM's
/// natives (a thread's interrupt status, its park permit, ThreadLocal's
/// maps, ...), not for what a program itself reads.
const BOOKKEEPING: &[(&str, &[&str])] = &[(
    "java/lang/Thread",
    &[
        "group",
        "parkBlocker",
        "threadLocals",
        "inheritableThreadLocals",
        "interrupted",
        "parkPermit",
        "tid",
        "initNumber",
        "threadLocalRandomSeed",
        "threadLocalRandomProbe",
        "threadLocalRandomSecondarySeed",
        "contextClassLoaderSet",
    ],
)];

/// A declared static field: name, descriptor, global static slot, ConstantValue.
pub type StaticField = (Arc<str>, Arc<str>, u32, Option<Const>);

#[derive(Debug)]
pub struct Class {
    pub id: ClassId,
    pub name: Arc<str>,
    pub super_id: Option<ClassId>,
    pub interfaces: Vec<ClassId>,
    pub flags: u16,
    /// This class and its superclasses, nearest first (ends with java/lang/Object).
    pub supers: Vec<ClassId>,
    /// Every interface this class implements, directly or inherited.
    pub all_interfaces: FxHashSet<ClassId>,
    /// The instance-field layout of objects of this class, inherited fields first.
    pub layout: Vec<FieldSlot>,
    /// Declared static fields: (name, desc, global static slot, ConstantValue).
    pub statics: Vec<StaticField>,
    /// Global slots of the declared statics that are `volatile`.
    pub volatile_statics: Vec<u32>,
    /// Global slots of the declared statics that are `final`.
    pub final_statics: Vec<u32>,
    pub methods: Vec<MethodId>,
    /// Virtual dispatch (JVMS 5.4.6): resolved method -> selected method,
    /// for every non-private instance method of the class's supertypes
    /// (`ClassTable::select` reads it).
    pub dispatch: FxHashMap<MethodId, Selected>,
    pub clinit: Option<MethodId>,
    /// Extends java/lang/Thread: `new` also creates a thread-table entry.
    pub is_thread: bool,
    pub source_file: Option<Arc<str>>,
    /// Where the class came from (file, or `<m5 library>`), for messages.
    pub origin: Arc<str>,
    /// m5's model library or the JDK's own class files.
    pub from_library: bool,
    /// Read from the user's JDK (`jdk`), not m5's model.
    pub from_jdk: bool,
    /// Written by m5 for a lambda call site (`lambda`): left out of stack
    /// traces, as HotSpot leaves out its hidden classes.
    pub lambda: bool,
    /// What reflection reads beyond linking (`reflection`).
    pub reflection: Arc<reflection::Reflection>,
}

impl Class {
    pub fn is_interface(&self) -> bool {
        self.flags & ACC_INTERFACE != 0
    }
    pub fn field_slot(&self, name: &str) -> Option<u32> {
        // Nearest declaration wins (a subclass field hides a superclass one).
        self.layout
            .iter()
            .rposition(|f| &*f.name == name)
            .map(|i| i as u32)
    }
}

/// The linked class table: every class reachable from the roots, with
/// resolved instructions. Immutable after loading; shared by all states.
#[derive(Debug)]
pub struct ClassTable {
    pub classes: Vec<Class>,
    pub methods: Vec<Arc<Method>>,
    pub by_name: FxHashMap<Arc<str>, ClassId>,
    /// Interned `name+desc` selectors.
    pub selectors: FxHashMap<Arc<str>, u32>,
    /// Number of global static slots.
    pub n_statics: u32,
    /// Classes named by instructions but found nowhere.
    pub missing: FxHashSet<Arc<str>>,
}

/// Chooses a native implementation index for a native method, if m5 has one.
pub type NativeBinder<'a> = &'a dyn Fn(&str, &str, &str, bool) -> Option<u16>;

impl ClassTable {
    pub fn id(&self, name: &str) -> Option<ClassId> {
        self.by_name.get(name).copied()
    }
    pub fn class(&self, id: ClassId) -> &Class {
        &self.classes[id as usize]
    }
    pub fn method(&self, id: MethodId) -> &Arc<Method> {
        &self.methods[id as usize]
    }
    pub fn by_name(&self, name: &str) -> Option<&Class> {
        self.id(name).map(|i| self.class(i))
    }
    pub fn selector(&self, name: &str, desc: &str) -> Option<u32> {
        // Linking asks this for every call site: no allocation per question.
        thread_local!(static KEY: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) });
        KEY.with_borrow_mut(|key| {
            key.clear();
            key.push_str(name);
            key.push_str(desc);
            self.selectors.get(key.as_str()).copied()
        })
    }
    /// Finds a method declared in `class` by name and descriptor.
    pub fn declared_method(&self, class: ClassId, name: &str, desc: &str) -> Option<&Arc<Method>> {
        // Every method's selector is interned, so one not interned names
        // no method; comparing ids spares comparing strings.
        let sel = self.selector(name, desc)?;
        self.class(class)
            .methods
            .iter()
            .map(|m| self.method(*m))
            .find(|m| m.selector == sel)
    }
    /// A signature-polymorphic method of `VarHandle` (JVMS 2.9.3): native,
    /// varargs, the only one of its name; any descriptor invokes it.
    pub fn signature_polymorphic(&self, class: ClassId, name: &str) -> Option<MethodId> {
        let c = self.class(class);
        if &*c.name != "java/lang/invoke/VarHandle" {
            return None;
        }
        let mut found = c
            .methods
            .iter()
            .map(|m| self.method(*m))
            .filter(|m| &*m.name == name && m.is_native() && m.flags & 0x0080 != 0);
        let m = found.next()?;
        found.next().is_none().then_some(m.id)
    }

    /// Is class `sub` a subclass of, or implementing, `sup` (or the same)?
    pub fn is_subclass(&self, sub: ClassId, sup: ClassId) -> bool {
        let c = self.class(sub);
        c.supers.contains(&sup) || c.all_interfaces.contains(&sup)
    }

    /// Loads `roots` (and m5's library) and everything they reference.
    ///
    /// Where a class comes from, first found first: m5's model library,
    /// the JDK's `java.base` (for `java/`, `jdk/`, `sun/` names), the class
    /// path. A user or model class brings every class it names. A JDK
    /// class brings its supertypes, and the classes its methods name only
    /// for the methods that may run: its `<clinit>` and any method whose
    /// name and descriptor some loaded code invokes (a JDK class names
    /// thousands of classes its unused methods need). A class left out is
    /// missing: an error naming it if an instruction that needs it runs,
    /// never a guess.
    pub fn load(
        cp: &ClassPath,
        roots: &[&str],
        natives: NativeBinder,
    ) -> Result<ClassTable, LoadError> {
        ClassTable::load_with(cp, roots, Vec::new(), natives)
    }

    /// `load`, with classes m5 wrote (`extra`: a test's driver) loaded as
    /// the program's own before the roots.
    pub fn load_with(
        cp: &ClassPath,
        roots: &[&str],
        extra: Vec<RawClass>,
        natives: NativeBinder,
    ) -> Result<ClassTable, LoadError> {
        load_on(cp, roots, extra, natives, None)
    }
}

/// `ClassTable::load_with` on `threads` threads (`None`: as many as the
/// machine has, at most 8); the table is the same on any number.
fn load_on(
    cp: &ClassPath,
    roots: &[&str],
    extra: Vec<RawClass>,
    natives: NativeBinder,
    threads: Option<usize>,
) -> Result<ClassTable, LoadError> {
    let (raw, index, missing) = load::load(cp, roots, extra, NATIVES_THROW, threads)?;
    Linker {
        raw,
        index,
        missing,
        natives,
        threads,
    }
    .link()
}

/// What the classes' supertype lists and field layouts may take in all (a
/// 10,000-deep class or interface chain needs 200-400 MiB; the JDK's
/// classes a few MiB).
const MAX_HIERARCHY_BYTES: usize = 512 << 20;

/// Exceptions m5's natives throw that the model does not define (the JDK's).
const NATIVES_THROW: &[&str] = &[
    "java/lang/ClassNotFoundException",
    "java/lang/NoSuchFieldException",
    "java/lang/NoSuchMethodException",
];

/// Where a class file came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// The class path.
    User,
    /// m5's model library.
    Model,
    /// The JDK's `java.base`.
    Jdk,
}
