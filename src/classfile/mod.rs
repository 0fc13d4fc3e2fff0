//! `.class` bytes -> class table. Classes are found by name on a class path
//! (m5's own model library first, then the user's directories and jars),
//! loaded transitively from the main class, and linked once: every
//! instruction's field, method and class operands are resolved to indices, so
//! the class table is immutable while programs run and is shared by all states.

mod dispatch;
pub mod insn;
pub mod jdk;
pub mod lambda;
pub mod library;
pub mod parse;
pub mod records;
pub mod regions;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

pub use dispatch::Selected;
pub use insn::*;
use parse::*;
pub use parse::{
    ACC_ABSTRACT, ACC_INTERFACE, ACC_NATIVE, ACC_STATIC, ACC_SYNCHRONIZED, param_descs, param_slots,
};

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
        "threadLocalRandomSeed",
        "threadLocalRandomProbe",
        "threadLocalRandomSecondarySeed",
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

/// Where class files come from: directories and jar files, in order.
#[derive(Clone, Debug, Default)]
pub struct ClassPath {
    pub entries: Vec<PathBuf>,
}

impl ClassPath {
    /// Parses `DIR[:DIR...]`; every entry must exist.
    pub fn parse(spec: &str) -> Result<Self, LoadError> {
        let mut entries = Vec::new();
        for part in spec.split(':').filter(|p| !p.is_empty()) {
            let p = PathBuf::from(part);
            if !p.exists() {
                return Err(LoadError::BadClassPath(part.to_string()));
            }
            entries.push(p);
        }
        Ok(ClassPath { entries })
    }

    /// Finds `name`'s bytes: (origin for messages, bytes).
    pub fn find(&self, name: &str) -> Result<Option<(String, Vec<u8>)>, LoadError> {
        let rel = format!("{name}.class");
        for e in &self.entries {
            if e.is_dir() {
                let p = e.join(&rel);
                if p.is_file() {
                    let bytes = std::fs::read(&p).map_err(|err| LoadError::Io {
                        path: p.display().to_string(),
                        msg: err.to_string(),
                    })?;
                    return Ok(Some((p.display().to_string(), bytes)));
                }
            } else if let Some(found) = read_from_jar(e, &rel)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    fn describe(&self) -> String {
        if self.entries.is_empty() {
            "empty class path".into()
        } else {
            self.entries
                .iter()
                .map(|e| e.display().to_string())
                .collect::<Vec<_>>()
                .join(":")
        }
    }
}

fn read_from_jar(jar: &Path, rel: &str) -> Result<Option<(String, Vec<u8>)>, LoadError> {
    use std::io::Read;
    let io = |msg: String| LoadError::Io {
        path: jar.display().to_string(),
        msg,
    };
    let file = std::fs::File::open(jar).map_err(|e| io(e.to_string()))?;
    let mut zip = zip::ZipArchive::new(file).map_err(|e| io(format!("not a jar file: {e}")))?;
    let mut entry = match zip.by_name(rel) {
        Ok(e) => e,
        Err(zip::result::ZipError::FileNotFound) => return Ok(None),
        Err(e) => return Err(io(e.to_string())),
    };
    let mut bytes = Vec::new();
    entry
        .read_to_end(&mut bytes)
        .map_err(|e| io(e.to_string()))?;
    Ok(Some((format!("{}!/{rel}", jar.display()), bytes)))
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
pub type NativeBinder<'a> = &'a dyn Fn(&str, &str, &str) -> Option<u16>;

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
        self.selectors
            .get(format!("{name}{desc}").as_str())
            .copied()
    }
    /// Finds a method declared in `class` by name and descriptor.
    pub fn declared_method(&self, class: ClassId, name: &str, desc: &str) -> Option<&Arc<Method>> {
        self.class(class)
            .methods
            .iter()
            .map(|m| self.method(*m))
            .find(|m| &*m.name == name && &*m.desc == desc)
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
        let mut raw: Vec<(RawClass, Arc<str>, Origin)> = Vec::new();
        let mut index: FxHashMap<Arc<str>, usize> = FxHashMap::default();
        let mut missing: FxHashSet<Arc<str>> = FxHashSet::default();
        let mut queue: VecDeque<Arc<str>> = VecDeque::new();
        let mut live = Liveness {
            why: std::env::var_os("M5_LOAD_STATS").is_some_and(|v| v == "why"),
            ..Liveness::default()
        };
        for name in library::CLASSES
            .iter()
            .map(|(n, _)| *n)
            .chain(roots.iter().copied())
            .chain(NATIVES_THROW.iter().copied())
        {
            queue.push_back(name.into());
        }
        let root_set: FxHashSet<&str> = roots.iter().copied().collect();
        let find = |name: &str| -> Result<Option<Found>, LoadError> {
            if let Some(bytes) = library::lookup(name) {
                return Ok(Some(("<m5 library>".into(), bytes.into(), Origin::Model)));
            }
            if jdk::is_jdk_package(name)
                && let Ok(j) = jdk::jdk()
                && let Some((origin, bytes)) = j.find(name)?
            {
                return Ok(Some((origin, bytes.into(), Origin::Jdk)));
            }
            Ok(cp.find(name)?.map(|(o, b)| (o, b.into(), Origin::User)))
        };
        // The JDK's classes come last, so the ids of the model's and the
        // program's classes do not depend on what of the JDK is used.
        let mut first: VecDeque<Arc<str>> = VecDeque::new();
        let mut later: VecDeque<Arc<str>> = VecDeque::new();
        loop {
            for n in queue.drain(..) {
                if jdk::is_jdk_package(&n) && library::lookup(&n).is_none() {
                    later.push_back(n);
                } else {
                    first.push_back(n);
                }
            }
            let Some(name) = first.pop_front().or_else(|| later.pop_front()) else {
                break;
            };
            if index.contains_key(&name) || missing.contains(&name) {
                continue;
            }
            let (origin, bytes, from) = match find(&name)? {
                Some(found) => found,
                None if root_set.contains(&*name) => {
                    return Err(LoadError::NotFound {
                        name: name.to_string(),
                        searched: cp.describe(),
                    });
                }
                None => {
                    missing.insert(name);
                    continue;
                }
            };
            let taken = |n: &str| {
                index.contains_key(n)
                    || library::lookup(n).is_some()
                    || matches!(cp.find(n), Ok(Some(_)))
                    || (jdk::is_jdk_package(n) && jdk::jdk().is_ok_and(|j| j.has(n)))
            };
            let mut rc = parse::parse_class_with(&origin, &bytes, &taken)?;
            if rc.name != name {
                return Err(LoadError::Link {
                    path: origin,
                    msg: format!("expected class {name}, the file defines {}", rc.name),
                });
            }
            // The classes its lambda call sites make come with it.
            let synthetic = std::mem::take(&mut rc.synthetic);
            let caller = rc.name.clone();
            let origin: Arc<str> = origin.into();
            live.add_class(&rc, from, &mut queue);
            index.insert(name, raw.len());
            raw.push((rc, origin.clone(), from));
            for sc in synthetic {
                live.add_class(&sc, from, &mut queue);
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
        }
        // `M5_LOAD_STATS=1`: how much was loaded; `=why`: also each class
        // a live method names, with the method (for m5's developers).
        if std::env::var_os("M5_LOAD_STATS").is_some() {
            eprintln!(
                "m5: loaded {} classes ({} from the JDK), {} missing",
                raw.len(),
                raw.iter().filter(|r| r.2 == Origin::Jdk).count(),
                missing.len()
            );
        }
        Linker {
            raw,
            index,
            missing,
            natives,
        }
        .link()
    }
}

/// Exceptions m5's natives throw that the model does not define (the JDK's).
const NATIVES_THROW: &[&str] = &[
    "java/lang/ClassNotFoundException",
    "java/lang/NoSuchFieldException",
];

/// A class file found: (origin for messages, bytes, where from).
type Found = (String, std::borrow::Cow<'static, [u8]>, Origin);

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

/// Which loaded methods may run (a superset, in the manner of rapid type
/// analysis), so that a JDK class's unused methods do not pull in the
/// thousands of classes they name. The program's code is live. A method of
/// m5's model or of the JDK, its
/// * `<clinit>` is live once live code initializes the class or a subclass
///   (`new`, a static field or method; every model class counts);
/// * static or private method or constructor, once live code invokes it on
///   the class (or on a subclass that inherits it);
/// * virtual method, once live code invokes its name and descriptor on any
///   class and some class that has it as a supertype may be instantiated
///   (`new` in live code; every user and model class counts).
///
/// What the VM calls itself is live too: a thread's `run`, the model's
/// string-concatenation helper.
///
/// A method wrongly left out could only make a class missing: an error
/// naming it when an instruction that needs it runs, never a guess.
#[derive(Default)]
struct Liveness {
    /// Selectors (`name` + `desc`) live code invokes virtually.
    called: FxHashSet<String>,
    /// (class named, selector) live code invokes statically or specially.
    called_on: FxHashSet<(Arc<str>, String)>,
    /// Classes live code initializes, and their supertypes.
    initialized: FxHashSet<Arc<str>>,
    /// Classes live code may instantiate, and their supertypes.
    instances: FxHashSet<Arc<str>>,
    /// Static or special calls on classes not loaded yet.
    early_calls: FxHashMap<Arc<str>, Vec<String>>,
    /// Loaded classes: supertypes, and the selectors declared.
    loaded: FxHashMap<Arc<str>, Loaded>,
    /// Virtual methods of JDK classes not yet live, by class and selector.
    waiting: FxHashMap<Arc<str>, Vec<(String, Refs)>>,
    /// Classes with waiting virtual methods, by selector.
    waiting_by_sel: FxHashMap<String, Vec<Arc<str>>>,
    /// Other methods of JDK classes not yet live, by (class, selector).
    waiting_on: FxHashMap<(Arc<str>, String), Refs>,
    /// `M5_LOAD_STATS=why`: print each reference followed.
    why: bool,
}

/// A loaded class as liveness sees it: supertypes, superclass, and the
/// selectors it declares.
type Loaded = (Vec<Arc<str>>, Option<Arc<str>>, FxHashSet<String>);

/// What a method's code names: classes; selectors invoked virtually;
/// (class, selector) invoked statically or specially; classes initialized;
/// classes instantiated.
#[derive(Default)]
struct Refs {
    owner: String,
    classes: Vec<Arc<str>>,
    invokes: Vec<String>,
    invokes_on: Vec<(Arc<str>, String)>,
    inits: Vec<Arc<str>>,
    news: Vec<Arc<str>>,
}

/// One more fact for the fixpoint.
enum Fact {
    Live(Refs),
    Called(String),
    CalledOn(Arc<str>, String),
    Init(Arc<str>),
    Instance(Arc<str>),
}

impl Liveness {
    fn add_class(&mut self, rc: &RawClass, from: Origin, queue: &mut VecDeque<Arc<str>>) {
        let supers: Vec<Arc<str>> = rc
            .super_name
            .iter()
            .chain(rc.interfaces.iter())
            .cloned()
            .collect();
        queue.extend(supers.iter().cloned());
        let declared = rc
            .methods
            .iter()
            .map(|m| format!("{}{}", m.name, m.desc))
            .collect();
        self.loaded.insert(
            rc.name.clone(),
            (supers.clone(), rc.super_name.clone(), declared),
        );
        let mut facts = Vec::new();
        if self.called.is_empty() {
            // What the VM itself calls: a thread's `run`.
            facts.push(Fact::Called("run()V".into()));
        }
        if from != Origin::Jdk {
            facts.push(Fact::Instance(rc.name.clone()));
            facts.push(Fact::Init(rc.name.clone()));
        }
        for m in &rc.methods {
            let mut refs = method_references(m);
            refs.owner = format!("{}.{}", rc.name, refs.owner);
            let sel = format!("{}{}", m.name, m.desc);
            let exact = m.flags & (ACC_STATIC | ACC_PRIVATE) != 0 || m.name.starts_with('<');
            // The model's methods are as lazy as the JDK's (the model
            // reaches String.format's Formatter only when something calls
            // String.format); the program's are all live.
            if from == Origin::User {
                facts.push(Fact::Live(refs));
            } else if exact {
                self.waiting_on.insert((rc.name.clone(), sel), refs);
            } else {
                self.waiting_by_sel
                    .entry(sel.clone())
                    .or_default()
                    .push(rc.name.clone());
                self.waiting
                    .entry(rc.name.clone())
                    .or_default()
                    .push((sel, refs));
            }
        }
        // What was decided about this class before it was loaded.
        let name = &rc.name;
        if self.initialized.remove(name) {
            facts.push(Fact::Init(name.clone()));
        }
        if self.instances.remove(name) {
            facts.push(Fact::Instance(name.clone()));
        }
        for sel in self.early_calls.remove(name).unwrap_or_default() {
            self.called_on.remove(&(name.clone(), sel.clone()));
            facts.push(Fact::CalledOn(name.clone(), sel));
        }
        self.run(facts, queue);
    }

    fn run(&mut self, mut work: Vec<Fact>, queue: &mut VecDeque<Arc<str>>) {
        while let Some(fact) = work.pop() {
            match fact {
                Fact::Live(r) => {
                    if self.why {
                        for c in &r.classes {
                            eprintln!("why {c} <- {}", r.owner);
                        }
                    }
                    queue.extend(r.classes);
                    work.extend(r.invokes.into_iter().map(Fact::Called));
                    work.extend(r.invokes_on.into_iter().map(|(c, s)| Fact::CalledOn(c, s)));
                    work.extend(r.inits.into_iter().map(Fact::Init));
                    work.extend(r.news.into_iter().map(Fact::Instance));
                }
                Fact::Called(sel) => {
                    if self.called.insert(sel.clone())
                        && let Some(classes) = self.waiting_by_sel.get(&sel)
                    {
                        for c in classes.clone() {
                            if self.instances.contains(&c) {
                                self.wake_virtual(&c, |s| s == sel, &mut work);
                            }
                        }
                    }
                }
                Fact::CalledOn(class, sel) => {
                    if !self.called_on.insert((class.clone(), sel.clone())) {
                        continue;
                    }
                    if let Some(r) = self.waiting_on.remove(&(class.clone(), sel.clone())) {
                        work.push(Fact::Live(r));
                    }
                    if !self.loaded.contains_key(&class) {
                        self.early_calls
                            .entry(class.clone())
                            .or_default()
                            .push(sel.clone());
                    }
                    // Inherited: the call goes on to the superclass.
                    if let Some((_, Some(sup), declared)) = self.loaded.get(&class)
                        && !declared.contains(&sel)
                    {
                        work.push(Fact::CalledOn(sup.clone(), sel));
                    }
                }
                Fact::Init(class) => {
                    if !self.initialized.insert(class.clone()) {
                        continue;
                    }
                    if let Some(r) = self
                        .waiting_on
                        .remove(&(class.clone(), "<clinit>()V".into()))
                    {
                        work.push(Fact::Live(r));
                    }
                    if let Some((supers, _, _)) = self.loaded.get(&class) {
                        work.extend(supers.iter().cloned().map(Fact::Init));
                    }
                }
                Fact::Instance(class) => {
                    if !self.instances.insert(class.clone()) {
                        continue;
                    }
                    // Where a thread may have inheritable thread-locals, the
                    // VM's Thread.setUp calls the model's inheritThreadLocals.
                    if &*class == "java/lang/InheritableThreadLocal" {
                        work.push(Fact::CalledOn(
                            "java/lang/Thread".into(),
                            "inheritThreadLocals(Ljava/lang/ThreadLocal$ThreadLocalMap;)V".into(),
                        ));
                    }
                    let called = std::mem::take(&mut self.called);
                    self.wake_virtual(&class, |s| called.contains(s), &mut work);
                    self.called = called;
                    if let Some((supers, _, _)) = self.loaded.get(&class) {
                        work.extend(supers.iter().cloned().map(Fact::Instance));
                    }
                }
            }
        }
    }

    /// Makes live the waiting virtual methods of `class` whose selector `pick`s.
    fn wake_virtual(
        &mut self,
        class: &Arc<str>,
        pick: impl Fn(&str) -> bool,
        work: &mut Vec<Fact>,
    ) {
        if let Some(list) = self.waiting.get_mut(class) {
            let mut i = 0;
            while i < list.len() {
                if pick(&list[i].0) {
                    let (_, r) = list.swap_remove(i);
                    work.push(Fact::Live(r));
                } else {
                    i += 1;
                }
            }
        }
    }
}

/// What one method's code names: classes (an instruction's or a handler's,
/// element classes of array types included) and invoked selectors.
fn method_references(m: &parse::RawMethod) -> Refs {
    let mut r = Refs {
        owner: format!("{}{}", m.name, m.desc),
        ..Refs::default()
    };
    // A class name, or an array descriptor whose element may be a class.
    let class_of = |n: &str| -> Option<Arc<str>> {
        if n.starts_with('[') {
            let elem = n.trim_start_matches('[');
            elem.strip_prefix('L')
                .and_then(|c| c.strip_suffix(';'))
                .map(Arc::from)
        } else {
            Some(n.into())
        }
    };
    for h in &m.handlers {
        if let Some(c) = &h.catch {
            r.classes.extend(class_of(c));
        }
    }
    for insn in &m.code {
        match insn {
            Insn::GetStatic(f) | Insn::PutStatic(f) => {
                r.classes.extend(class_of(&f.class));
                r.inits.extend(class_of(&f.class));
            }
            Insn::GetField(f) | Insn::PutField(f) => r.classes.extend(class_of(&f.class)),
            Insn::Invoke(kind, m) => {
                r.classes.extend(class_of(&m.class));
                let sel = format!("{}{}", m.name, m.desc);
                if *kind == InvokeKind::Static {
                    r.inits.extend(class_of(&m.class));
                }
                // Exact: static, special and private targets (a private
                // method may be invoked virtually, by a nestmate).
                r.invokes_on.push((m.class.clone(), sel.clone()));
                if *kind != InvokeKind::Static && !m.name.starts_with('<') {
                    r.invokes.push(sel);
                }
            }
            Insn::New(c) => {
                r.classes.push(c.name.clone());
                r.inits.push(c.name.clone());
                r.news.push(c.name.clone());
            }
            Insn::ANewArray(t)
            | Insn::CheckCast(t)
            | Insn::InstanceOf(t)
            | Insn::MultiANewArray(t, _) => r.classes.extend(class_of(&t.name)),
            Insn::Ldc(Const::Class(t)) => r.classes.extend(class_of(&t.name)),
            // A JDK class named by a string (for `Class.forName`) may be
            // loaded and initialized by it.
            Insn::Ldc(Const::String(text))
                if text.contains('.')
                    && !text.contains(|c: char| c.is_whitespace() || c == '/')
                    && jdk::is_jdk_package(&text.replace('.', "/")) =>
            {
                let name: Arc<str> = text.replace('.', "/").into();
                r.classes.push(name.clone());
                r.inits.push(name);
            }
            // String concatenation may call the model's helper.
            Insn::Concat(_) => r.invokes_on.push((
                "java/lang/StringConcatHelper".into(),
                "concat([Ljava/lang/Object;)Ljava/lang/String;".into(),
            )),
            _ => {}
        }
    }
    r
}

struct Linker<'a> {
    raw: Vec<(RawClass, Arc<str>, Origin)>,
    index: FxHashMap<Arc<str>, usize>,
    missing: FxHashSet<Arc<str>>,
    natives: NativeBinder<'a>,
}

impl Linker<'_> {
    fn link(self) -> Result<ClassTable, LoadError> {
        let Linker {
            raw,
            index,
            missing,
            natives,
        } = self;
        let n = raw.len();
        let link_err = |i: usize, msg: String| LoadError::Link {
            path: raw[i].1.to_string(),
            msg,
        };
        // Supertypes must be present.
        for (i, (rc, _, _)) in raw.iter().enumerate() {
            for s in rc.super_name.iter().chain(rc.interfaces.iter()) {
                if !index.contains_key(s) {
                    return Err(link_err(
                        i,
                        format!(
                            "class {} needs {s}, which is neither on the class path nor in m5's library",
                            rc.name
                        ),
                    ));
                }
            }
            if rc.super_name.is_none() && &*rc.name != "java/lang/Object" {
                return Err(link_err(i, format!("class {} has no superclass", rc.name)));
            }
        }
        // Order so that supertypes come before subtypes (detects cycles).
        let mut order = Vec::with_capacity(n);
        let mut state = vec![0u8; n];
        fn visit(
            i: usize,
            raw: &[(RawClass, Arc<str>, Origin)],
            index: &FxHashMap<Arc<str>, usize>,
            state: &mut [u8],
            order: &mut Vec<usize>,
        ) -> Result<(), String> {
            match state[i] {
                2 => return Ok(()),
                1 => return Err(format!("class {} is its own supertype", raw[i].0.name)),
                _ => {}
            }
            state[i] = 1;
            let rc = &raw[i].0;
            for s in rc.super_name.iter().chain(rc.interfaces.iter()) {
                visit(index[s], raw, index, state, order)?;
            }
            state[i] = 2;
            order.push(i);
            Ok(())
        }
        for i in 0..n {
            visit(i, &raw, &index, &mut state, &mut order).map_err(|m| link_err(i, m))?;
        }
        // Class ids follow load order (so the main class's neighbours get small
        // ids); build classes in supertype order.
        let mut classes: Vec<Option<Class>> = (0..n).map(|_| None).collect();
        let mut methods: Vec<Arc<Method>> = Vec::new();
        let mut selectors: FxHashMap<Arc<str>, u32> = FxHashMap::default();
        let intern = |name: &str, desc: &str, selectors: &mut FxHashMap<Arc<str>, u32>| -> u32 {
            let key = format!("{name}{desc}");
            let next = selectors.len() as u32;
            *selectors.entry(key.into()).or_insert(next)
        };
        let mut n_statics = 0u32;
        let thread_id = index.get("java/lang/Thread").copied();
        let mut pending_code: Vec<(MethodId, usize)> = Vec::new();
        for &i in &order {
            let (rc, origin, lib) = &raw[i];
            let super_id = rc.super_name.as_ref().map(|s| index[s] as ClassId);
            let interfaces: Vec<ClassId> =
                rc.interfaces.iter().map(|s| index[s] as ClassId).collect();
            let mut supers = vec![i as ClassId];
            let mut layout = Vec::new();
            let mut all_interfaces: FxHashSet<ClassId> = interfaces.iter().copied().collect();
            if let Some(s) = super_id {
                let sc = classes[s as usize].as_ref().expect("supertypes first");
                supers.extend(sc.supers.iter().copied());
                layout = sc.layout.clone();
                all_interfaces.extend(sc.all_interfaces.iter().copied());
            }
            for &itf in &interfaces {
                let ic = classes[itf as usize].as_ref().expect("supertypes first");
                all_interfaces.extend(ic.all_interfaces.iter().copied());
            }
            for f in rc.fields.iter().filter(|f| !f.is_static) {
                let bookkeeping = *lib == Origin::Model
                    && BOOKKEEPING
                        .iter()
                        .any(|(c, names)| *c == &*rc.name && names.contains(&&*f.name));
                layout.push(FieldSlot {
                    declaring: i as ClassId,
                    name: f.name.clone(),
                    desc: f.desc.clone(),
                    volatile: f.volatile,
                    bookkeeping,
                });
            }
            let mut statics = Vec::new();
            let mut volatile_statics = Vec::new();
            for f in rc.fields.iter().filter(|f| f.is_static) {
                if f.volatile {
                    volatile_statics.push(n_statics);
                }
                statics.push((
                    f.name.clone(),
                    f.desc.clone(),
                    n_statics,
                    f.constant.clone(),
                ));
                n_statics += 1;
            }
            let mut my_methods = Vec::new();
            let mut clinit = None;
            for (k, m) in rc.methods.iter().enumerate() {
                let id = methods.len() as MethodId;
                let selector = intern(&m.name, &m.desc, &mut selectors);
                let is_static = m.flags & ACC_STATIC != 0;
                let arg_slots =
                    param_slots(&m.desc).map_err(|e| link_err(i, e))? + u16::from(!is_static);
                // A JDK method m5 answers itself is a native here.
                let native = if m.flags & ACC_NATIVE != 0 || *lib == Origin::Jdk {
                    natives(&rc.name, &m.name, &m.desc)
                } else {
                    None
                };
                let flags = if native.is_some() {
                    m.flags | ACC_NATIVE
                } else {
                    m.flags
                };
                let handlers = m
                    .handlers
                    .iter()
                    .map(|h| -> Result<Handler, LoadError> {
                        let at = |pc: u32| {
                            if pc == m.code_len {
                                Ok(m.offsets.len() as u32)
                            } else {
                                m.offsets.binary_search(&pc).map(|x| x as u32).map_err(|_| {
                                    link_err(i, format!("{}{}: exception table pc {pc} is not an instruction start", m.name, m.desc))
                                })
                            }
                        };
                        Ok(Handler {
                            start: at(h.start)?,
                            end: at(h.end)?,
                            handler: at(h.handler)?,
                            catch: h.catch.as_ref().map(|c| ClassRef { name: c.clone(), id: index.get(c).map(|x| *x as u32) }),
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                methods.push(Arc::new(Method {
                    id,
                    class: i as ClassId,
                    class_name: rc.name.clone(),
                    name: m.name.clone(),
                    desc: m.desc.clone(),
                    flags,
                    max_locals: m.max_locals,
                    max_stack: m.max_stack,
                    arg_slots,
                    code: Vec::new(),
                    offsets: m.offsets.clone(),
                    code_len: m.code_len,
                    handlers,
                    lines: m.lines.clone(),
                    locals: m.locals.clone(),
                    selector,
                    native,
                }));
                pending_code.push((id, k));
                if &*m.name == "<clinit>" {
                    clinit = Some(id);
                }
                my_methods.push(id);
            }
            let is_thread = thread_id.is_some_and(|t| supers.contains(&(t as ClassId)));
            classes[i] = Some(Class {
                id: i as ClassId,
                name: rc.name.clone(),
                super_id,
                interfaces,
                flags: rc.flags,
                supers,
                all_interfaces,
                layout,
                statics,
                volatile_statics,
                methods: my_methods,
                dispatch: FxHashMap::default(),
                clinit,
                is_thread,
                source_file: rc.source_file.clone(),
                origin: origin.clone(),
                from_library: *lib != Origin::User,
                from_jdk: *lib == Origin::Jdk,
                lambda: rc.lambda,
            });
        }
        let mut table = ClassTable {
            classes: classes
                .into_iter()
                .map(|c| c.expect("every class built"))
                .collect(),
            methods,
            by_name: index
                .iter()
                .map(|(k, v)| (k.clone(), *v as ClassId))
                .collect(),
            selectors,
            n_statics,
            missing,
        };
        // Resolve every instruction's operands now that all classes exist.
        let mut raw = raw;
        for (id, k) in pending_code {
            let class = table.methods[id as usize].class as usize;
            let code = std::mem::take(&mut raw[class].0.methods[k].code);
            let resolved = code
                .into_iter()
                .map(|insn| resolve(&table, class as ClassId, insn))
                .collect::<Result<Vec<_>, String>>()
                .map_err(|e| LoadError::Link {
                    path: raw[class].1.to_string(),
                    msg: format!(
                        "{}.{}: {e}",
                        table.classes[class].name, table.methods[id as usize].name
                    ),
                })?;
            let method =
                Arc::get_mut(&mut table.methods[id as usize]).expect("no other references yet");
            method.code = resolved;
            check_code(method).map_err(|e| LoadError::Link {
                path: raw[class].1.to_string(),
                msg: format!("{}: {e}", method.display_name()),
            })?;
        }
        // Every selection a receiver class can need, once.
        let tables: Vec<_> = (0..table.classes.len() as ClassId)
            .map(|c| table.dispatch_table(c))
            .collect();
        for (c, t) in table.classes.iter_mut().zip(tables) {
            c.dispatch = t;
        }
        Ok(table)
    }
}

/// Looks a field up the way the JVM does: the class, its interfaces, then its superclass.
fn find_static(t: &ClassTable, class: ClassId, name: &str) -> Option<(ClassId, u32)> {
    let c = t.class(class);
    if let Some(s) = c.statics.iter().find(|s| &*s.0 == name) {
        return Some((class, s.2));
    }
    for &i in &c.interfaces {
        if let Some(found) = find_static(t, i, name) {
            return Some(found);
        }
    }
    c.super_id.and_then(|s| find_static(t, s, name))
}

fn resolve(t: &ClassTable, here: ClassId, insn: Insn) -> Result<Insn, String> {
    Ok(match insn {
        Insn::GetField(mut f) => {
            resolve_instance_field(t, &mut f)?;
            Insn::GetField(f)
        }
        Insn::PutField(mut f) => {
            resolve_instance_field(t, &mut f)?;
            Insn::PutField(f)
        }
        Insn::GetStatic(mut f) => {
            resolve_static_field(t, &mut f)?;
            Insn::GetStatic(f)
        }
        Insn::PutStatic(mut f) => {
            resolve_static_field(t, &mut f)?;
            Insn::PutStatic(f)
        }
        Insn::Invoke(kind, mut m) => {
            m.selector = t.selector(&m.name, &m.desc).unwrap_or(u32::MAX);
            // An array type's methods are Object's (`clone` on `[LColor;`).
            let named = if m.class.starts_with('[') {
                t.id("java/lang/Object")
            } else {
                t.id(&m.class)
            };
            if let Some(cid) = named {
                // A missing method is an error only if the call runs.
                m.resolved = t
                    .resolve_method(cid, &m.name, &m.desc)
                    .or_else(|| t.signature_polymorphic(cid, &m.name));
                if let Some(id) = m.resolved {
                    match kind {
                        InvokeKind::Static => {
                            m.owner = Some(t.method(id).class);
                            m.target = Some(id);
                        }
                        // An error selection (abstract, conflicting
                        // defaults) is thrown when the call runs.
                        InvokeKind::Special => {
                            if let Selected::Method(sel) = t.select_special(here, cid, id) {
                                m.target = Some(sel);
                            }
                        }
                        InvokeKind::Virtual | InvokeKind::Interface => {
                            // Private and final methods are their own
                            // selection (JVMS 5.4.6 step 1; nothing overrides a final one).
                            let mm = t.method(id);
                            if mm.flags & (ACC_PRIVATE | parse::ACC_FINAL) != 0 && !mm.is_abstract()
                            {
                                m.target = Some(id);
                            }
                        }
                    }
                }
            }
            Insn::Invoke(kind, m)
        }
        Insn::New(mut c) => {
            c.id = t.id(&c.name);
            Insn::New(c)
        }
        Insn::ANewArray(mut r) => {
            r.id = t.id(&r.name);
            Insn::ANewArray(r)
        }
        Insn::CheckCast(mut r) => {
            r.id = t.id(&r.name);
            Insn::CheckCast(r)
        }
        Insn::InstanceOf(mut r) => {
            r.id = t.id(&r.name);
            Insn::InstanceOf(r)
        }
        Insn::MultiANewArray(mut r, d) => {
            r.id = t.id(&r.name);
            Insn::MultiANewArray(r, d)
        }
        Insn::Ldc(Const::Class(mut r)) => {
            r.id = t.id(&r.name);
            Insn::Ldc(Const::Class(r))
        }
        other => other,
    })
}

fn resolve_instance_field(t: &ClassTable, f: &mut FieldRef) -> Result<(), String> {
    if let Some(cid) = t.id(&f.class) {
        let c = t.class(cid);
        // A missing field is an error only if the instruction runs (as in the JVM).
        if let Some(slot) = c
            .layout
            .iter()
            .rposition(|s| s.name == f.name && s.desc == f.desc)
        {
            f.slot = Some(slot as u32);
            f.owner = Some(cid);
            f.declaring = Some(c.layout[slot].declaring);
            f.volatile = c.layout[slot].volatile;
        }
    }
    Ok(())
}

fn resolve_static_field(t: &ClassTable, f: &mut FieldRef) -> Result<(), String> {
    // A missing static field is an error only if the instruction runs.
    if let Some(cid) = t.id(&f.class)
        && let Some((owner, slot)) = find_static(t, cid, &f.name)
    {
        f.slot = Some(slot);
        f.owner = Some(owner);
        f.volatile = t.class(owner).volatile_statics.contains(&slot);
    }
    Ok(())
}

/// Operand-stack slots a field or return descriptor takes (`V`: none).
pub fn desc_slots(desc: &str) -> u32 {
    match desc.as_bytes().first() {
        Some(b'J' | b'D') => 2,
        Some(b'V') => 0,
        _ => 1,
    }
}

/// Slots of a value of computational kind `k`.
pub fn kind_slots(k: Kind) -> u32 {
    if matches!(k, Kind::L | Kind::D) { 2 } else { 1 }
}

/// The `dup` family on a stack of per-slot facts (an analysis's operand
/// stack): copies the top `take` slots below the `under` slots beneath
/// them (`dup` is (1, 0), `dup_x1` (1, 1), ... `dup2_x2` (2, 2)), and
/// `swap`. Returns false, changing nothing, if the stack is too short.
pub fn dup_slots<T: Clone>(stack: &mut Vec<T>, insn: &Insn) -> bool {
    let (take, under) = match insn {
        Insn::Dup => (1, 0),
        Insn::DupX1 => (1, 1),
        Insn::DupX2 => (1, 2),
        Insn::Dup2 => (2, 0),
        Insn::Dup2X1 => (2, 1),
        Insn::Dup2X2 => (2, 2),
        Insn::Swap => {
            let len = stack.len();
            if len < 2 {
                return false;
            }
            stack.swap(len - 1, len - 2);
            return true;
        }
        _ => return false,
    };
    let len = stack.len();
    if len < take + under {
        return false;
    }
    let top: Vec<T> = stack[len - take..].to_vec();
    let at = len - take - under;
    for (k, v) in top.into_iter().enumerate() {
        stack.insert(at + k, v);
    }
    true
}

/// Where control may go after instruction `i` (not to exception handlers).
pub fn successors(insn: &Insn, i: u32) -> Vec<u32> {
    use Insn::*;
    match insn {
        If(_, t) | IfIcmp(_, t) | IfAcmp(_, t) | IfNull(_, t) => vec![i + 1, *t],
        Goto(t) => vec![*t],
        Switch(s) => std::iter::once(s.default)
            .chain(s.cases.iter().map(|c| c.1))
            .collect(),
        Return(_) | Athrow | Unsupported(_) => Vec::new(),
        _ => vec![i + 1],
    }
}

/// (slots popped, slots pushed) by one instruction, long and double taking
/// two slots, as `check_code` assumes.
pub fn stack_effect(insn: &Insn) -> (u32, u32) {
    use Insn::*;
    match insn {
        Nop | Goto(_) | Iinc(..) | Unsupported(_) => (0, 0),
        AconstNull | Iconst(_) | Fconst(_) | New(_) => (0, 1),
        Lconst(_) | Dconst(_) => (0, 2),
        Ldc(Const::Long(_) | Const::Double(_)) => (0, 2),
        Ldc(_) => (0, 1),
        Load(k, _) => (0, kind_slots(*k)),
        Store(k, _) => (kind_slots(*k), 0),
        ArrayLoad(ArrKind::L | ArrKind::D) => (2, 2),
        ArrayLoad(_) => (2, 1),
        ArrayStore(ArrKind::L | ArrKind::D) => (4, 0),
        ArrayStore(_) => (3, 0),
        Pop => (1, 0),
        Pop2 => (2, 0),
        Dup => (1, 2),
        DupX1 => (2, 3),
        DupX2 => (3, 4),
        Dup2 => (2, 4),
        Dup2X1 => (3, 5),
        Dup2X2 => (4, 6),
        Swap => (2, 2),
        Arith(k, ArithOp::Neg) => (kind_slots(*k), kind_slots(*k)),
        Arith(Kind::L, ArithOp::Shl | ArithOp::Shr | ArithOp::Ushr) => (3, 2),
        Arith(k, _) => (2 * kind_slots(*k), kind_slots(*k)),
        Convert(c) => {
            use Conv::*;
            let from = if matches!(c, L2I | L2F | L2D | D2I | D2L | D2F) {
                2
            } else {
                1
            };
            let to = if matches!(c, I2L | I2D | L2D | F2L | F2D | D2L) {
                2
            } else {
                1
            };
            (from, to)
        }
        Lcmp | Dcmp(_) => (4, 1),
        Fcmp(_) => (2, 1),
        If(..) | IfNull(..) | Switch(_) | MonitorEnter | MonitorExit => (1, 0),
        IfIcmp(..) | IfAcmp(..) => (2, 0),
        Return(k) => (k.map_or(0, kind_slots), 0),
        GetStatic(f) => (0, desc_slots(&f.desc)),
        PutStatic(f) => (desc_slots(&f.desc), 0),
        GetField(f) => (1, desc_slots(&f.desc)),
        PutField(f) => (1 + desc_slots(&f.desc), 0),
        Invoke(_, m) => {
            let ret = m.desc.rsplit(')').next().unwrap_or("V");
            (u32::from(m.arg_slots), desc_slots(ret))
        }
        Concat(c) => (u32::from(c.arg_slots), 1),
        NewArray(_) | ANewArray(_) | ArrayLength | CheckCast(_) | InstanceOf(_) => (1, 1),
        MultiANewArray(_, d) => (u32::from(*d), 1),
        Athrow => (1, 0),
    }
}

/// A few of the JVM verifier's structural checks on a method's code, run at
/// link time so that malformed but parseable bytecode is a load error naming
/// the method and pc, never a crash of the interpreter (which trusts the
/// code it runs):
/// - a method that is neither abstract nor native has code, its parameters
///   fit in `max_locals`, and control cannot run off the end of the code;
/// - every local variable index (and the next one, for long/double) is
///   below `max_locals`;
/// - on every path the operand stack depth (in slots) at an instruction is
///   the same, never negative and at most `max_stack`; a handler starts at
///   depth 1 (the exception);
/// - `multianewarray` has 1..=d dimensions of its array type.
///
/// Types are not checked: the interpreter tolerates mistyped values.
fn check_code(m: &Method) -> Result<(), String> {
    let code = &m.code;
    if code.is_empty() {
        return if m.is_abstract() || m.is_native() {
            Ok(())
        } else {
            Err("a method that is neither abstract nor native has no code".into())
        };
    }
    if m.arg_slots > m.max_locals {
        return Err(format!(
            "the parameters take {} local slots, more than max_locals {}",
            m.arg_slots, m.max_locals
        ));
    }
    let at = |ip: usize, msg: String| format!("at pc {}: {msg}", m.pc(ip as u32));
    // Depth (slots) at each instruction, once reached; handlers start at 1.
    let mut depth: Vec<Option<u32>> = vec![None; code.len()];
    let mut work: Vec<(usize, u32)> = vec![(0, 0)];
    for h in &m.handlers {
        if h.handler as usize >= code.len() {
            return Err("exception handler at the end of the code".into());
        }
        work.push((h.handler as usize, 1));
    }
    while let Some((ip, d)) = work.pop() {
        match depth[ip] {
            Some(old) if old == d => continue,
            Some(old) => {
                return Err(at(
                    ip,
                    format!("operand stack depth {d} here on one path, {old} on another"),
                ));
            }
            None => depth[ip] = Some(d),
        }
        let insn = &code[ip];
        let local = match insn {
            Insn::Load(k, n) | Insn::Store(k, n) => Some(u32::from(*n) + kind_slots(*k) - 1),
            Insn::Iinc(n, _) => Some(u32::from(*n)),
            _ => None,
        };
        if let Some(top) = local
            && top >= u32::from(m.max_locals)
        {
            return Err(at(
                ip,
                format!(
                    "local variable {top} out of range (max_locals {})",
                    m.max_locals
                ),
            ));
        }
        if let Insn::MultiANewArray(t, dims) = insn {
            let rank = t.name.bytes().take_while(|b| *b == b'[').count();
            if *dims == 0 || usize::from(*dims) > rank {
                return Err(at(
                    ip,
                    format!("multianewarray of {} with {dims} dimensions", t.name),
                ));
            }
        }
        let (pops, pushes) = stack_effect(insn);
        let Some(after) = d.checked_sub(pops) else {
            return Err(at(
                ip,
                format!("operand stack underflow: needs {pops} stack slots, has {d}"),
            ));
        };
        let after = after + pushes;
        if after > u32::from(m.max_stack) {
            return Err(at(
                ip,
                format!(
                    "operand stack depth {after} exceeds max_stack {}",
                    m.max_stack
                ),
            ));
        }
        let (falls_through, targets): (bool, Vec<u32>) = match insn {
            Insn::Goto(t) => (false, vec![*t]),
            Insn::If(_, t) | Insn::IfIcmp(_, t) | Insn::IfAcmp(_, t) | Insn::IfNull(_, t) => {
                (true, vec![*t])
            }
            Insn::Switch(sw) => (
                false,
                sw.cases.iter().map(|c| c.1).chain([sw.default]).collect(),
            ),
            // Executing an unsupported instruction stops the machine.
            Insn::Return(_) | Insn::Athrow | Insn::Unsupported(_) => (false, vec![]),
            _ => (true, vec![]),
        };
        if falls_through {
            if ip + 1 >= code.len() {
                return Err(at(ip, "control runs off the end of the code".into()));
            }
            work.push((ip + 1, after));
        }
        for t in targets {
            // Branch targets were checked to be instruction starts when parsed.
            work.push((t as usize, after));
        }
    }
    Ok(())
}
