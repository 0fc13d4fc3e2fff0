//! Which loaded methods may run: a rapid-type-analysis liveness over the
//! model's and the JDK's methods, so that loading follows a JDK method's
//! references only once the method may run.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::parse::*;
use super::*;

/// A selector, `name` + `desc` (shared: liveness copies them a lot).
type Sel = Arc<str>;

/// Which loaded methods may run (a superset, in the manner of rapid type
/// analysis), so that a JDK class's unused methods do not pull in the
/// thousands of classes they name. The program's code is live. A method of
/// m5's model or of the JDK, its
/// * `<clinit>` is live once live code initializes the class or a subclass
///   (`new`, a static field or method; every user and model class counts,
///   but a model class that extends a JDK class: see below);
/// * static or private method or constructor, once live code invokes it on
///   the class (or on a subclass that inherits it);
/// * virtual method, once live code invokes its name and descriptor on any
///   class and some class that has it as a supertype may be instantiated
///   (`new` in live code; every user class counts, and every model class
///   but those that extend a JDK class: the VM allocates model classes
///   itself (strings, `Class` objects, threads, the exceptions it throws),
///   but a model class built on a JDK class is the model code's own, made by
///   its `new` - counting it would make the JDK superclass's whole API live).
///
/// What the VM calls itself is live too: a thread's `run`, the model's
/// string-concatenation helper.
///
/// A method wrongly left out could only make a class missing: an error
/// naming it when an instruction that needs it runs, never a guess.
#[derive(Default)]
pub(super) struct Liveness {
    /// Selectors (`name` + `desc`) live code invokes virtually.
    called: FxHashSet<Sel>,
    /// (class named, selector) live code invokes statically or specially.
    called_on: FxHashSet<(Arc<str>, Sel)>,
    /// Classes live code initializes, and their supertypes.
    initialized: FxHashSet<Arc<str>>,
    /// Classes live code may instantiate, and their supertypes.
    instances: FxHashSet<Arc<str>>,
    /// Static or special calls on classes not loaded yet.
    early_calls: FxHashMap<Arc<str>, Vec<Sel>>,
    /// Loaded classes: supertypes, and the selectors declared.
    loaded: FxHashMap<Arc<str>, Loaded>,
    /// Virtual methods of JDK classes not yet live, by class and selector.
    waiting: FxHashMap<Arc<str>, Vec<(Sel, Refs)>>,
    /// Classes with waiting virtual methods, by selector.
    waiting_by_sel: FxHashMap<Sel, Vec<Arc<str>>>,
    /// Other methods of JDK classes not yet live, by (class, selector).
    waiting_on: FxHashMap<(Arc<str>, Sel), Refs>,
    /// Method names the program may look up reflectively.
    reflected: FxHashSet<Arc<str>>,
    /// `M5_LOG=m5::load=trace`: log each reference followed.
    why: bool,
}

/// A loaded class as liveness sees it: supertypes, superclass, and the
/// selectors it declares.
type Loaded = (Vec<Arc<str>>, Option<Arc<str>>, FxHashSet<Sel>);

/// What a method's code names: classes; selectors invoked virtually;
/// (class, selector) invoked statically or specially; classes initialized;
/// classes instantiated.
#[derive(Default)]
struct Refs {
    /// The method's class and selector (for `M5_LOG=m5::load=trace`).
    owner: (Arc<str>, Sel),
    classes: Vec<Arc<str>>,
    invokes: Vec<Sel>,
    invokes_on: Vec<(Arc<str>, Sel)>,
    inits: Vec<Arc<str>>,
    news: Vec<Arc<str>>,
    /// Whether the code asks a class for a method by name (`getMethod`,
    /// `getDeclaredMethod`), and the string constants that may be names.
    reflects: bool,
    names: Vec<Arc<str>>,
}

/// What liveness needs of a class's methods, in declaration order: each
/// one's selector (`name` + `desc`) and references. A pure function of the
/// class, so the loader computes it on its worker threads.
pub(super) struct Prepared {
    methods: Vec<(Sel, Refs)>,
}

/// `rc`'s methods' selectors and references.
pub(super) fn prepare(rc: &RawClass) -> Prepared {
    let methods = rc
        .methods
        .iter()
        .map(|m| {
            // Shared: the same selectors recur in class after class.
            let sel = super::parse::shared(&format!("{}{}", m.name, m.desc));
            let mut refs = method_references(m);
            // A native that makes an object of a JDK class initializes it.
            for (class, name, made) in NATIVES_MAKE {
                if *rc.name == **class && *m.name == **name {
                    refs.classes.push((*made).into());
                    refs.inits.push((*made).into());
                    refs.news.push((*made).into());
                }
            }
            refs.owner = (rc.name.clone(), sel.clone());
            (sel, refs)
        })
        .collect();
    Prepared { methods }
}

/// (class, native method, JDK class): natives of the model that make an
/// object of a JDK class, which their code (none) cannot show.
const NATIVES_MAKE: &[(&str, &str, &str)] = &[("java/lang/Class", "getModule", "java/lang/Module")];

/// One more fact for the fixpoint.
enum Fact {
    Live(Refs),
    Called(Sel),
    CalledOn(Arc<str>, Sel),
    Init(Arc<str>),
    Instance(Arc<str>),
    /// Methods of this name may be invoked reflectively.
    Reflected(Arc<str>),
}

impl Liveness {
    /// `why`: log each reference followed (`M5_LOG=m5::load=trace`).
    pub(super) fn new(why: bool) -> Self {
        Liveness {
            why,
            ..Liveness::default()
        }
    }

    /// Admits loaded class `rc`, whose methods' references `p` has
    /// (`prepare`, which may run on another thread).
    pub(super) fn add_class(
        &mut self,
        rc: &RawClass,
        p: Prepared,
        from: Origin,
        queue: &mut VecDeque<Arc<str>>,
    ) {
        let supers: Vec<Arc<str>> = rc
            .super_name
            .iter()
            .chain(rc.interfaces.iter())
            .cloned()
            .collect();
        queue.extend(supers.iter().cloned());
        let declared = p.methods.iter().map(|(sel, _)| sel.clone()).collect();
        self.loaded.insert(
            rc.name.clone(),
            (supers.clone(), rc.super_name.clone(), declared),
        );
        let mut facts = Vec::new();
        if self.called.is_empty() {
            // What the VM itself calls: a thread's `run`.
            facts.push(Fact::Called("run()V".into()));
        }
        if from == Origin::User || (from == Origin::Model && !extends_jdk(rc)) {
            facts.push(Fact::Instance(rc.name.clone()));
            facts.push(Fact::Init(rc.name.clone()));
        }
        if from == Origin::User {
            facts.extend(reflected_names(&p).into_iter().map(Fact::Reflected));
        }
        for (m, (sel, refs)) in rc.methods.iter().zip(p.methods) {
            let exact = m.flags & (ACC_STATIC | ACC_PRIVATE) != 0 || m.name.starts_with('<');
            // The model's methods are as lazy as the JDK's (the model
            // reaches String.format's Formatter only when something calls
            // String.format); the program's are all live.
            if from == Origin::User || self.reflected.contains(&m.name) {
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
                            tracing::trace!(target: "m5::load", "why {c} <- {}.{}", r.owner.0, r.owner.1);
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
                                self.wake_virtual(&c, |s| s == &*sel, &mut work);
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
                Fact::Reflected(name) => {
                    if self.reflected.insert(name.clone()) {
                        self.wake_named(&name, &mut work);
                    }
                }
                Fact::Instance(class) => {
                    if !self.instances.insert(class.clone()) {
                        continue;
                    }
                    // Where a thread may have inheritable thread-locals, the
                    // VM's bookkeeping of a new Thread calls the model's inheritThreadLocals.
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

    /// Makes live every waiting method named `name` (a reflective call may
    /// invoke it, virtual or not, with any receiver).
    fn wake_named(&mut self, name: &str, work: &mut Vec<Fact>) {
        let named = |sel: &str| sel.strip_prefix(name).is_some_and(|r| r.starts_with('('));
        let keys: Vec<(Arc<str>, Sel)> = self
            .waiting_on
            .keys()
            .filter(|(_, sel)| named(sel))
            .cloned()
            .collect();
        for k in keys {
            work.extend(self.waiting_on.remove(&k).map(Fact::Live));
        }
        let classes: Vec<Arc<str>> = self.waiting.keys().cloned().collect();
        for c in classes {
            self.wake_virtual(&c, named, work);
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
    let mut r = Refs::default();
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
        match insn.effect() {
            Effect::ReadStatic(f) | Effect::WriteStatic(f) => {
                r.classes.extend(class_of(&f.class));
                r.inits.extend(class_of(&f.class));
            }
            Effect::ReadField(f) | Effect::WriteField(f) => r.classes.extend(class_of(&f.class)),
            Effect::Invoke(kind, m) => {
                r.reflects |= &*m.class == "java/lang/Class"
                    && matches!(&*m.name, "getMethod" | "getDeclaredMethod");
                r.classes.extend(class_of(&m.class));
                let sel: Sel = format!("{}{}", m.name, m.desc).into();
                if kind == InvokeKind::Static {
                    r.inits.extend(class_of(&m.class));
                }
                // Exact: static, special and private targets (a private
                // method may be invoked virtually, by a nestmate).
                r.invokes_on.push((m.class.clone(), sel.clone()));
                if kind != InvokeKind::Static && !m.name.starts_with('<') {
                    r.invokes.push(sel);
                }
            }
            Effect::New(c) => {
                r.classes.push(c.name.clone());
                r.inits.push(c.name.clone());
                r.news.push(c.name.clone());
            }
            Effect::NewArray(ArrayAlloc::Of(t) | ArrayAlloc::Multi(t, _))
            | Effect::Cast(t)
            | Effect::InstanceOf(t) => r.classes.extend(class_of(&t.name)),
            Effect::Constant(Const::Class(t)) => r.classes.extend(class_of(&t.name)),
            // A JDK class named by a string (for `Class.forName`) may be
            // loaded and initialized by it.
            Effect::Constant(Const::String(text))
                if text.contains('.')
                    && !text.contains(|c: char| c.is_whitespace() || c == '/')
                    && jdk::is_jdk_package(&text.replace('.', "/")) =>
            {
                let name: Arc<str> = text.replace('.', "/").into();
                r.classes.push(name.clone());
                r.inits.push(name);
            }
            Effect::Constant(Const::String(text)) if is_identifier(text) => {
                r.names.push(text.clone());
            }
            // String concatenation may call the model's helper.
            Effect::Concat(_) => r.invokes_on.push((
                "java/lang/StringConcatHelper".into(),
                "concat([Ljava/lang/Object;)Ljava/lang/String;".into(),
            )),
            // Name no class or method.
            Effect::Constant(
                Const::String(_)
                | Const::Utf16(_)
                | Const::Int(_)
                | Const::Float(_)
                | Const::Long(_)
                | Const::Double(_),
            )
            | Effect::Frame
            | Effect::ReadElement(_)
            | Effect::WriteElement(_)
            | Effect::ArrayLength
            | Effect::NewArray(ArrayAlloc::Primitive(_))
            | Effect::Throw
            | Effect::MonitorEnter
            | Effect::MonitorExit
            | Effect::Return(_)
            | Effect::Unsupported(_) => {}
        }
    }
    r
}

/// The names a program class may look up methods by: where any of its
/// methods asks a class for a method by name, every string constant of
/// the class that could be a method's name (the usual string analysis of
/// reflection: a name computed at run time is not seen, and its method may
/// be missing, an error that names it).
fn reflected_names(p: &Prepared) -> Vec<Arc<str>> {
    if !p.methods.iter().any(|(_, r)| r.reflects) {
        return Vec::new();
    }
    p.methods
        .iter()
        .flat_map(|(_, r)| r.names.iter().cloned())
        .collect()
}

fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// Whether model class `rc` extends a class of the JDK (its superclass is
/// not one of the model's). A model class's chain of superclasses must stay
/// in the model below such a class (`model_subclasses_of_jdk_classes_are_leaves`).
fn extends_jdk(rc: &RawClass) -> bool {
    rc.super_name
        .as_deref()
        .is_some_and(|s| super::library::lookup(s).is_none())
}

#[cfg(test)]
mod tests {
    use super::super::library;
    use super::super::parse::parse_class;

    /// `extends_jdk` looks at the direct superclass only: no model class may
    /// extend a model class that extends the JDK, or it would count as
    /// instantiated and make that JDK class's API live after all.
    #[test]
    fn model_subclasses_of_jdk_classes_are_leaves() {
        let parsed: Vec<_> = library::CLASSES
            .iter()
            .map(|(n, b)| (*n, parse_class(n, b).unwrap()))
            .collect();
        for (name, rc) in &parsed {
            let Some(sup) = rc.super_name.as_deref() else {
                continue;
            };
            if let Some((_, s)) = parsed.iter().find(|(n, _)| *n == sup) {
                assert!(
                    !super::extends_jdk(s),
                    "model class {name} extends {sup}, which extends a JDK class"
                );
            }
        }
    }
}
