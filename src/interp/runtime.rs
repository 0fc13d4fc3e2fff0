//! The VM's runtime helpers: allocation, `Class` mirrors, the type
//! checks of `checkcast`/`instanceof`, the thread table's entries, and why
//! a thread cannot move (a probe step, for messages).

use std::sync::Arc;

use crate::classfile::{ClassId, Selected, TypeRef};
use crate::state::*;

use super::VmError;

/// The global slot of a static field `class` declares (None: no such
/// class or field).
pub fn static_slot(s: &State, class: &str, name: &str) -> Option<usize> {
    let cid = s.classes.id(class)?;
    s.classes
        .class(cid)
        .statics
        .iter()
        .find(|f| &*f.0 == name)
        .map(|f| f.2 as usize)
}

pub fn alloc_instance(s: &mut State, cid: ClassId) -> Ref {
    let fields: Vec<Value> = s
        .classes
        .class(cid)
        .layout
        .iter()
        .map(|f| Value::default_for(&f.desc))
        .collect();
    s.alloc(Object::new(cid, Body::Fields(fields)))
}

pub fn alloc_array(s: &mut State, elem: &str, data: ArrayData) -> Ref {
    let object = s
        .classes
        .id("java/lang/Object")
        .expect("library has Object");
    s.alloc(Object::new(
        object,
        Body::Array {
            elem: elem.into(),
            data,
        },
    ))
}

/// `newarray`/`anewarray`/`multianewarray`: nested arrays for each count given.
pub fn alloc_multi_array(s: &mut State, elem: &str, counts: &[i32]) -> Ref {
    let n = counts[0] as usize;
    if counts.len() == 1 {
        return alloc_array(s, elem, ArrayData::new(elem, n));
    }
    let sub = &elem[1..];
    let items: Vec<Value> = (0..n)
        .map(|_| Value::Ref(alloc_multi_array(s, sub, &counts[1..])))
        .collect();
    alloc_array(s, elem, ArrayData::A(items))
}

/// The `java.lang.Class` object for an internal name or array descriptor.
pub fn mirror(s: &mut State, name: &str) -> Result<Ref, VmError> {
    if let Some(r) = s.mirrors.get(name) {
        return Ok(*r);
    }
    let cid = s.classes.id("java/lang/Class").expect("library has Class");
    let fields: Vec<Value> = s
        .classes
        .class(cid)
        .layout
        .iter()
        .map(|f| Value::default_for(&f.desc))
        .collect();
    let key: Arc<str> = name.into();
    let r = s.alloc(Object::new(
        cid,
        Body::Mirror {
            fields,
            name: key.clone(),
        },
    ));
    s.mirrors.insert(key, r);
    Ok(r)
}

/// Is the object at `r` an instance of `t` (`checkcast`, `instanceof`)?
/// An object of a class against a resolved class is a table lookup; the
/// rest compare descriptors.
pub fn instance_of_type(s: &State, r: Ref, t: &TypeRef) -> bool {
    let o = s.object(r);
    if let Some(to) = t.id
        && !t.name.starts_with('[')
        && !matches!(o.body, Body::Array { .. })
    {
        return s.classes.is_subclass(o.class, to);
    }
    let target: String = if t.name.starts_with('[') {
        t.name.to_string()
    } else {
        format!("L{};", t.name)
    };
    assignable_to(s, r, &target)
}

/// The descriptor of the object's own type: `LFoo;` or `[I`.
fn type_desc(s: &State, r: Ref) -> String {
    let o = s.object(r);
    match &o.body {
        Body::Array { elem, .. } => format!("[{elem}"),
        _ => format!("L{};", s.classes.class(o.class).name),
    }
}

/// Can a value of type `from` be stored where type `to` is expected
/// (JVMS 6.5 checkcast rules)? Both are field descriptors.
fn desc_assignable(s: &State, from: &str, to: &str) -> bool {
    // Arrays of references: their element types, one dimension at a time.
    let (mut from, mut to) = (from, to);
    while from != to && from.starts_with('[') && to.starts_with('[') {
        let (f, t) = (&from[1..], &to[1..]);
        let refs = |d: &str| d.starts_with('L') || d.starts_with('[');
        if !(refs(f) && refs(t)) {
            return false;
        }
        (from, to) = (f, t);
    }
    if from == to {
        return true;
    }
    match (from.as_bytes()[0], to.as_bytes()[0]) {
        (b'L', b'L') => {
            let (f, t) = (&from[1..from.len() - 1], &to[1..to.len() - 1]);
            match (s.classes.id(f), s.classes.id(t)) {
                (Some(a), Some(b)) => s.classes.is_subclass(a, b),
                _ => false,
            }
        }
        (b'[', b'L') => matches!(
            to,
            "Ljava/lang/Object;" | "Ljava/lang/Cloneable;" | "Ljava/io/Serializable;"
        ),
        _ => false,
    }
}

/// The descriptor of a primitive type's name ("int" -> "I"), the name of
/// its mirror.
pub fn primitive_descriptor(name: &str) -> Option<&'static str> {
    Some(match name {
        "boolean" => "Z",
        "byte" => "B",
        "char" => "C",
        "short" => "S",
        "int" => "I",
        "long" => "J",
        "float" => "F",
        "double" => "D",
        "void" => "V",
        _ => return None,
    })
}

/// `to.isAssignableFrom(from)` for two mirrors' names (`java/lang/String`,
/// `[I`, `int`): a primitive type only from itself, else the checkcast rules.
pub fn class_assignable(s: &State, from: &str, to: &str) -> bool {
    let primitive = |n: &str| primitive_descriptor(n).is_some();
    if primitive(from) || primitive(to) {
        return from == to;
    }
    let desc = |n: &str| {
        if n.starts_with('[') {
            n.to_string()
        } else {
            format!("L{n};")
        }
    };
    desc_assignable(s, &desc(from), &desc(to))
}

/// Is the object at `r` an instance of the type with descriptor `to`?
pub fn assignable_to(s: &State, r: Ref, to: &str) -> bool {
    desc_assignable(s, &type_desc(s, r), to)
}

/// `getClass().getName()`: dotted class names; arrays as `[I`, `[Ljava.lang.String;`.
pub fn java_class_name(s: &State, r: Ref) -> String {
    let o = s.object(r);
    match &o.body {
        Body::Array { elem, .. } => format!("[{elem}").replace('/', "."),
        _ => s.classes.class(o.class).name.replace('/', "."),
    }
}

/// HotSpot's `ClassCastException` message for a cast of `r` to `to`
/// (internal name): both classes, and the module and loader of each.
pub fn cast_message(s: &State, r: Ref, to: &str) -> String {
    let from = match &s.object(r).body {
        Body::Array { elem, .. } => format!("[{elem}"),
        _ => s.classes.class(s.object(r).class).name.to_string(),
    };
    let (a, b) = (from.replace('/', "."), to.replace('/', "."));
    let (ma, mb) = (module_of(s, &from), module_of(s, to));
    let place = if ma == mb {
        format!("{a} and {b} are in {ma}")
    } else {
        format!("{a} is in {ma}; {b} is in {mb}")
    };
    format!("class {a} cannot be cast to class {b} ({place})")
}

/// Where HotSpot places a class (internal name; an array by its element
/// type): m5's model's classes are java.base's, the JDK's in the module
/// of its image that has them (defined by the bootstrap loader or, for a
/// module it does not define, the platform loader: `jdk::boot_modules`),
/// the program's are the application loader's.
fn module_of(s: &State, name: &str) -> String {
    const JAVA_BASE: &str = "module java.base of loader 'bootstrap'";
    const APP: &str = "unnamed module of loader 'app'";
    let base = match name.strip_prefix('[') {
        None => name,
        Some(elem) => {
            let elem = elem.trim_start_matches('[');
            match elem.strip_prefix('L').and_then(|e| e.strip_suffix(';')) {
                Some(class) => class,
                None => return JAVA_BASE.into(),
            }
        }
    };
    let in_jdk = match s.classes.id(base) {
        Some(c) => s.classes.class(c).from_library,
        None => crate::classfile::jdk::is_jdk_package(base),
    };
    if !in_jdk {
        return APP.into();
    }
    match crate::classfile::jdk::module_of_class(base) {
        Some(m) if m != "java.base" => {
            let boot = crate::classfile::jdk::boot_modules().contains(&m);
            format!(
                "module {m} of loader '{}'",
                if boot { "bootstrap" } else { "platform" }
            )
        }
        _ => JAVA_BASE.into(),
    }
}

/// A new thread-table entry for a new Thread object: unscheduled, its call
/// stack already holding the `run()` frame (M5's model).
pub fn add_thread_entry(s: &mut State, r: Ref, cid: ClassId) -> Result<(), VmError> {
    let run = s
        .classes
        .resolve_method(cid, "run", "()V")
        .and_then(|m| match s.classes.select(cid, m) {
            Selected::Method(m) => Some(m),
            _ => None,
        })
        .ok_or_else(|| {
            VmError::Other(format!(
                "class {} has no run() method",
                s.classes.class(cid).name
            ))
        })?;
    let method = s.classes.method(run).clone();
    let frame = Frame::new(method, &[Value::Ref(r)]);
    let th = s.threads.len() as ThreadId;
    s.thread_of_object.entry(r).or_insert(th);
    s.threads.push_back(Arc::new(Thread {
        stack: vec![Arc::new(frame)],
        status: Status::Unscheduled,
        daemon: false,
        object: Some(r),
        wait: None,
        inits: Vec::new(),
        timeout: None,
        fingerprint: Default::default(),
    }));
    Ok(())
}

/// A thread's last frame is gone: as the JDK's Thread exit, it clears the
/// thread object's `target` (JDK 17; from 19 the task stays, and `run()`
/// called again runs it again) and notifies every thread waiting on the
/// thread object (that is how `join` returns).
pub fn thread_ended(s: &mut State, th: ThreadId) {
    s.aux.sched_gen += 1;
    s.aux.wakes.push(Wake::Ended(th));
    if !s.threads[th as usize].daemon {
        s.alive -= 1;
    }
    if let Some(obj) = s.threads[th as usize].object {
        if !s.config.host.since(19) {
            s.set_field(obj, "target", Value::Null);
        }
        super::waitset::notify_all(s, obj);
    }
}

/// The name HotSpot gives the thread (`threads::name`).
pub fn thread_name(s: &State, th: ThreadId) -> String {
    super::threads::name(s, th)
}

/// The internal name a `Class` object mirrors.
pub(crate) fn mirrored(s: &State, r: Ref) -> Arc<str> {
    match &s.object(r).body {
        Body::Mirror { name, .. } => name.clone(),
        _ => "java/lang/Object".into(),
    }
}

/// Why a thread cannot move (other than by a spurious wake-up), for
/// messages.
pub fn why_stuck(s: &State, th: ThreadId) -> Option<super::NoOp> {
    let mut probe = s.clone();
    if probe.config.spurious_wakeups {
        std::sync::Arc::make_mut(&mut probe.config).spurious_wakeups = false;
    }
    match super::step(&mut probe, th) {
        Ok(super::Outcome::NoOp(n)) => Some(n),
        _ => None,
    }
}
