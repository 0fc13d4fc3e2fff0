//! Natives of reflective methods: `Class.getMethod` and
//! `getDeclaredMethod` make the model's `Method` (class, name, descriptor),
//! the constructor lookups its `Constructor`; `Method.invoke`'s natives
//! push the method's frame, dispatched on the receiver as `invokevirtual`
//! would, so the method's return value is theirs (`Constructor.newInstance`
//! allocates, then runs its `<init>` with the same native). Loading keeps reflected methods live (`classfile::live`: a
//! program class that asks for a method by name makes the methods named by
//! its string constants live).

use std::sync::Arc;

use crate::classfile::{ClassId, Method, Selected, library, parse};
use crate::interp::VmError;
use crate::interp::exec;
use crate::interp::runtime::{alloc_array, alloc_instance, mirror, mirrored, primitive_descriptor};
use crate::interp::strings::new_string;
use crate::state::*;

use super::NativeResult::{self, *};
use super::{Native, arg_ref, npe, ret};

const METHOD: &str = "java/lang/reflect/Method";
const CONSTRUCTOR: &str = "java/lang/reflect/Constructor";
/// What a constructor's `getModifiers` keeps of the flags (access, varargs,
/// synthetic: as the JVM reports them).
const CONSTRUCTOR_MODIFIERS: u16 = 0x1087;
/// `Modifier.methodModifiers()`: what `getModifiers` keeps of the flags.
const METHOD_MODIFIERS: u16 = 0x0D3F;
const ACC_BRIDGE: u16 = 0x0040;
const ACC_PUBLIC: u16 = 0x0001;

#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    ("java/lang/Class", "getMethod", "(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;", get_method),
    ("java/lang/Class", "getDeclaredMethod", "(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;", get_declared_method),
    (METHOD, "invokeV", "(Ljava/lang/Object;[Ljava/lang/Object;)V", invoke),
    (METHOD, "invokeI", "(Ljava/lang/Object;[Ljava/lang/Object;)I", invoke),
    (METHOD, "invokeJ", "(Ljava/lang/Object;[Ljava/lang/Object;)J", invoke),
    (METHOD, "invokeF", "(Ljava/lang/Object;[Ljava/lang/Object;)F", invoke),
    (METHOD, "invokeD", "(Ljava/lang/Object;[Ljava/lang/Object;)D", invoke),
    (METHOD, "jdkFeature", "()I", super::thread::jdk_feature),
    (METHOD, "invokeL", "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;", invoke),
    ("java/lang/Class", "getConstructor", "([Ljava/lang/Class;)Ljava/lang/reflect/Constructor;", get_constructor),
    ("java/lang/Class", "getDeclaredConstructor", "([Ljava/lang/Class;)Ljava/lang/reflect/Constructor;", get_declared_constructor),
    ("java/lang/Class", "getConstructors", "()[Ljava/lang/reflect/Constructor;", get_constructors),
    ("java/lang/Class", "getDeclaredConstructors", "()[Ljava/lang/reflect/Constructor;", get_declared_constructors),
    (CONSTRUCTOR, "jdkFeature", "()I", super::thread::jdk_feature),
    (CONSTRUCTOR, "allocate", "()Ljava/lang/Object;", allocate),
    (CONSTRUCTOR, "init", "(Ljava/lang/Object;[Ljava/lang/Object;)V", invoke),
];

fn get_method(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    find(s, a, true)
}

fn get_declared_method(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    find(s, a, false)
}

/// The elements of the `Object[]` or `Class[]` at `r` (none for null).
fn elements(s: &State, r: Option<Ref>) -> Vec<Value> {
    match r.map(|r| &s.object(r).body) {
        Some(Body::Array {
            data: ArrayData::A(v),
            ..
        }) => v.clone(),
        _ => Vec::new(),
    }
}

/// The descriptor of the type a `Class` object mirrors.
fn descriptor_of(s: &State, r: Ref) -> String {
    let name = mirrored(s, r);
    match primitive_descriptor(&name) {
        Some(d) => d.to_string(),
        None if name.starts_with('[') => name.to_string(),
        None => format!("L{name};"),
    }
}

/// The parameter descriptor ("(I)") of the `Class[]` at `r`, or None
/// when one of the types is null (nothing matches it).
fn parameters(s: &State, r: Option<Ref>) -> Option<String> {
    let mut params = String::from("(");
    for t in elements(s, r) {
        params.push_str(&descriptor_of(s, t.as_ref()?));
    }
    params.push(')');
    Some(params)
}

/// `NoSuchMethodException("Class.name(type,type)")`, as the JDK words it.
fn no_such_method(s: &State, class: &str, name: &str, r: Option<Ref>) -> NativeResult {
    let shown: Vec<String> = elements(s, r)
        .iter()
        .map(|t| match t.as_ref() {
            Some(t) => mirrored(s, t).replace('/', "."),
            None => "null".into(),
        })
        .collect();
    let text = format!("{}.{name}({})", class.replace('/', "."), shown.join(","));
    Throw("java/lang/NoSuchMethodException", Some(text))
}

/// `getMethod` (`public`: the class's public methods, its superclasses'
/// and superinterfaces') or `getDeclaredMethod` (the class's own).
fn find(s: &mut State, a: &[Value], public: bool) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let Some(n) = arg_ref(a, 1) else { return npe() };
    let class = mirrored(s, c);
    let name = s.string(n).unwrap_or_default();
    let types = a.get(2).and_then(|v| v.as_ref());
    let found = parameters(s, types).and_then(|params| {
        let cid = s.classes.id(&class)?;
        lookup(s, cid, &name, &params, public)
    });
    let Some(m) = found else {
        return Ok(no_such_method(s, &class, &name, types));
    };
    let r = method_object(s, &m)?;
    ret(Value::Ref(r))
}

/// The method `name` with parameters `params` ("(I)") that reflection
/// finds in `cid`: first in the class chain (only the class itself for
/// getDeclaredMethod), then in the superinterfaces; a bridge only when
/// nothing else matches. Model classes show only what the user's JDK's
/// class has too, so that reflection answers as that JDK does (the model's
/// Thread declares JDK 21's methods on every JDK).
fn lookup(s: &State, cid: ClassId, name: &str, params: &str, public: bool) -> Option<Arc<Method>> {
    let t = &s.classes;
    let mut homes: Vec<ClassId> = if public {
        t.class(cid).supers.clone()
    } else {
        vec![cid]
    };
    if public {
        let mut ifaces: Vec<ClassId> = t.class(cid).all_interfaces.iter().copied().collect();
        ifaces.sort_by(|a, b| t.class(*a).name.cmp(&t.class(*b).name));
        homes.extend(ifaces);
    }
    let candidates = homes.iter().flat_map(|&h| {
        t.class(h).methods.iter().map(|&m| t.method(m)).filter(|m| {
            &*m.name == name
                && m.desc.starts_with(params)
                && (!public || m.flags & ACC_PUBLIC != 0)
                && in_the_jdk(s, m)
        })
    });
    let all: Vec<&Arc<Method>> = candidates.collect();
    all.iter()
        .find(|m| m.flags & ACC_BRIDGE == 0)
        .or(all.first())
        .map(|m| (*m).clone())
}

/// Whether the user's JDK's class of a model method has that method too
/// (always, for a class that is not the model's, or a JDK m5 cannot read).
pub(super) fn in_the_jdk(s: &State, m: &Method) -> bool {
    !matches!(jdk_twin(s, m), Twin::Absent)
}

/// A model method's counterpart in the user's JDK.
enum Twin {
    /// Not a model class's method, or a JDK m5 cannot read.
    Unknown,
    /// The JDK's class has no such method.
    Absent,
    /// Its flags and declared exceptions in the JDK.
    Found(u16, Vec<Arc<str>>),
}

fn jdk_twin(s: &State, m: &Method) -> Twin {
    let class = s.classes.class(m.class).name.clone();
    if library::lookup(&class).is_none() {
        return Twin::Unknown;
    }
    let Ok(jdk) = crate::classfile::jdk::jdk() else {
        return Twin::Unknown;
    };
    let Ok(Some((origin, bytes))) = jdk.find(&class) else {
        return Twin::Absent;
    };
    let Ok(rc) = parse::parse_class(&origin, &bytes) else {
        return Twin::Absent;
    };
    match rc
        .methods
        .into_iter()
        .find(|j| j.name == m.name && j.desc == m.desc)
    {
        Some(j) => Twin::Found(j.flags, j.exceptions),
        None => Twin::Absent,
    }
}

/// The flags and declared exceptions reflection reports for `m`: a model
/// method's as the user's JDK declares it (the model's own natives and
/// `throws` differ), any other's as its class file does.
fn declared_as(s: &State, m: &Method) -> (u16, Vec<Arc<str>>) {
    match jdk_twin(s, m) {
        Twin::Found(flags, exceptions) => (flags, exceptions),
        _ => (m.flags, m.exceptions.clone()),
    }
}

/// A `Class[]` of the mirrors of `names`.
fn class_mirrors(s: &mut State, names: &[Arc<str>]) -> Result<Ref, VmError> {
    let mut out = Vec::new();
    for n in names {
        out.push(Value::Ref(mirror(s, n)?));
    }
    Ok(alloc_array(s, "Ljava/lang/Class;", ArrayData::A(out)))
}

/// The model's `Method` object for `m`.
pub(super) fn method_object(s: &mut State, m: &Method) -> Result<Ref, VmError> {
    let r = executable_object(s, m, METHOD, METHOD_MODIFIERS)?;
    let ret_desc = &m.desc[m.desc.find(')').map_or(0, |i| i + 1)..];
    let returns = mirror(s, &super::class::mirror_name(ret_desc))?;
    s.set_field(r, "returnType", Value::Ref(returns));
    Ok(r)
}

/// The model's `Constructor` object for `m` (an `<init>`).
pub(super) fn constructor_object(s: &mut State, m: &Method) -> Result<Ref, VmError> {
    executable_object(s, m, CONSTRUCTOR, CONSTRUCTOR_MODIFIERS)
}

/// A new object of the model's `Method` or `Constructor` (`class`) for
/// `m`: declaring class, name, descriptor, parameter types, declared
/// exceptions and the flags `modifiers` keeps, as reflection reports them.
fn executable_object(
    s: &mut State,
    m: &Method,
    class: &str,
    modifiers: u16,
) -> Result<Ref, VmError> {
    let owner = s.classes.class(m.class).name.clone();
    let clazz = mirror(s, &owner)?;
    let mut params = Vec::new();
    for d in &crate::classfile::param_descs(&m.desc) {
        params.push(Value::Ref(mirror(s, &super::class::mirror_name(d))?));
    }
    let params = alloc_array(s, "Ljava/lang/Class;", ArrayData::A(params));
    let cid = s
        .classes
        .id(class)
        .expect("the library has Method and Constructor");
    let r = alloc_instance(s, cid);
    let name = new_string(s, &m.name);
    let desc = new_string(s, &m.desc);
    let (flags, exceptions) = declared_as(s, m);
    let exceptions = class_mirrors(s, &exceptions)?;
    s.set_field(r, "clazz", Value::Ref(clazz));
    s.set_field(r, "name", Value::Ref(name));
    s.set_field(r, "descriptor", Value::Ref(desc));
    s.set_field(r, "parameterTypes", Value::Ref(params));
    s.set_field(r, "exceptionTypes", Value::Ref(exceptions));
    s.set_field(r, "modifiers", Value::Int(i32::from(flags & modifiers)));
    Ok(r)
}

fn get_constructor(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    find_constructor(s, a, true)
}

fn get_declared_constructor(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    find_constructor(s, a, false)
}

fn get_constructors(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    all_constructors(s, a, true)
}

fn get_declared_constructors(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    all_constructors(s, a, false)
}

/// The constructors (`<init>`) class `class` declares, in declaration
/// order; only public ones for `public`, and of a model class only those
/// the user's JDK's class declares too.
fn constructors(s: &State, class: &str, public: bool) -> Vec<Arc<Method>> {
    let Some(cid) = s.classes.id(class) else {
        return Vec::new();
    };
    let t = &s.classes;
    t.class(cid)
        .methods
        .iter()
        .map(|&m| t.method(m))
        .filter(|m| {
            &*m.name == "<init>" && (!public || m.flags & ACC_PUBLIC != 0) && in_the_jdk(s, m)
        })
        .cloned()
        .collect()
}

/// `getConstructor` (public) or `getDeclaredConstructor`: the class's own
/// constructor of exactly these parameter types.
fn find_constructor(s: &mut State, a: &[Value], public: bool) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let class = mirrored(s, c);
    let types = a.get(1).and_then(|v| v.as_ref());
    let found = parameters(s, types).and_then(|params| {
        constructors(s, &class, public)
            .into_iter()
            .find(|m| m.desc.starts_with(&params))
    });
    let Some(m) = found else {
        return Ok(no_such_method(s, &class, "<init>", types));
    };
    let r = constructor_object(s, &m)?;
    ret(Value::Ref(r))
}

/// `getConstructors` (public) or `getDeclaredConstructors`: a new array.
fn all_constructors(s: &mut State, a: &[Value], public: bool) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let class = mirrored(s, c);
    let mut out = Vec::new();
    for m in constructors(s, &class, public) {
        out.push(Value::Ref(constructor_object(s, &m)?));
    }
    let r = alloc_array(s, "Ljava/lang/reflect/Constructor;", ArrayData::A(out));
    ret(Value::Ref(r))
}

/// `Constructor.allocate()`: a new instance of the constructor's class,
/// initialized first; `InstantiationException` for an abstract class or
/// an interface.
fn allocate(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(me) = arg_ref(a, 0) else {
        return npe();
    };
    let clazz = s.field(me, "clazz").and_then(|v| v.as_ref());
    let class = clazz.map(|c| mirrored(s, c)).unwrap_or_default();
    let cid = s
        .classes
        .id(&class)
        .ok_or_else(|| VmError::Other(format!("Constructor.newInstance: no class {class}")))?;
    let c = s.classes.class(cid);
    if c.is_interface() || c.flags & crate::classfile::parse::ACC_ABSTRACT != 0 {
        return Ok(Throw("java/lang/InstantiationException", None));
    }
    if let Some(wait) = super::init_first(s, th, cid)? {
        return Ok(wait);
    }
    let r = alloc_instance(s, cid);
    ret(Value::Ref(r))
}

/// `Method.invokeX(obj, args)`: the model's `invoke` has checked the
/// receiver and the arguments. Pushes the frame of the method (a static
/// one's class initialized first; a virtual one selected by the
/// receiver's class), or runs a native method's native in its place.
fn invoke(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(me) = arg_ref(a, 0) else {
        return npe();
    };
    let text = |s: &State, f: &str| {
        s.field(me, f)
            .and_then(|v| v.as_ref())
            .and_then(|r| s.string(r))
            .unwrap_or_default()
    };
    let (name, desc) = (text(s, "name"), text(s, "descriptor"));
    let clazz = s.field(me, "clazz").and_then(|v| v.as_ref());
    let class = clazz.map(|c| mirrored(s, c)).unwrap_or_default();
    let unknown = || VmError::Other(format!("Method.invoke: no method {class}.{name}{desc}"));
    let cid = s.classes.id(&class).ok_or_else(unknown)?;
    let resolved = s
        .classes
        .resolve_method(cid, &name, &desc)
        .ok_or_else(unknown)?;
    let is_static = s.classes.method(resolved).is_static();
    let mut args = Vec::new();
    let target = if is_static {
        let owner = s.classes.method(resolved).class;
        if let Some(wait) = super::init_first(s, th, owner)? {
            return Ok(wait);
        }
        resolved
    } else {
        let Some(recv) = arg_ref(a, 1) else {
            return npe();
        };
        args.push(Value::Ref(recv));
        if name == "<init>" {
            resolved
        } else {
            match s.classes.select(s.object(recv).class, resolved) {
                Selected::Method(m) => m,
                _ => {
                    return Ok(Throw(
                        "java/lang/AbstractMethodError",
                        Some(format!("{class}.{name}{desc}")),
                    ));
                }
            }
        }
    };
    let values = elements(s, a.get(2).and_then(|v| v.as_ref()));
    for (d, v) in crate::classfile::param_descs(&desc).iter().zip(values) {
        let v = match (d.as_bytes()[0], v.as_ref()) {
            (b'L' | b'[', _) => v,
            (_, Some(boxed)) => s.field(boxed, "value").ok_or_else(unknown)?,
            (_, None) => return npe(),
        };
        crate::interp::push(&mut args, v);
    }
    let callee = s.classes.method(target).clone();
    if let Some(native) = callee.native {
        return (super::NATIVES[native as usize].3)(s, th, &args);
    }
    if callee.is_abstract() || callee.code.is_empty() {
        return Err(unknown());
    }
    let lock = if callee.is_synchronized() {
        let lock = if is_static {
            mirror(s, &s.classes.class(callee.class).name.clone())?
        } else {
            args[0].as_ref().expect("receiver")
        };
        if !exec::acquire(s, th, lock) {
            return Ok(Block(Wake::Monitor(lock)));
        }
        Some(lock)
    } else {
        None
    };
    let mut frame = Frame::new(callee, &args);
    frame.sync = lock;
    s.thread_mut(th).stack.push(Arc::new(frame));
    Ok(Return(None))
}
