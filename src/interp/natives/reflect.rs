//! Natives of reflective methods: `Class.getMethod` and
//! `getDeclaredMethod` make the model's `Method` (class, name, descriptor),
//! and `Method.invoke`'s natives push the method's frame, dispatched on the
//! receiver as `invokevirtual` would, so the method's return value is
//! theirs. Loading keeps reflected methods live (`classfile::live`: a
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

/// `getMethod` (`public`: the class's public methods, its superclasses'
/// and superinterfaces') or `getDeclaredMethod` (the class's own).
fn find(s: &mut State, a: &[Value], public: bool) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let Some(n) = arg_ref(a, 1) else { return npe() };
    let class = mirrored(s, c);
    let name = s.string(n).unwrap_or_default();
    let types = elements(s, a.get(2).and_then(|v| v.as_ref()));
    let mut params = String::from("(");
    let mut shown = Vec::new();
    for t in &types {
        match t.as_ref() {
            Some(t) => {
                params.push_str(&descriptor_of(s, t));
                shown.push(mirrored(s, t).replace('/', "."));
            }
            None => shown.push("null".into()),
        }
    }
    params.push(')');
    let found = s
        .classes
        .id(&class)
        .filter(|_| shown.iter().all(|t| t != "null"))
        .and_then(|cid| lookup(s, cid, &name, &params, public));
    let Some(m) = found else {
        let text = format!("{}.{name}({})", class.replace('/', "."), shown.join(","));
        return Ok(Throw("java/lang/NoSuchMethodException", Some(text)));
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
fn in_the_jdk(s: &State, m: &Method) -> bool {
    let class = s.classes.class(m.class).name.clone();
    if library::lookup(&class).is_none() {
        return true;
    }
    let Ok(jdk) = crate::classfile::jdk::jdk() else {
        return true;
    };
    match jdk.find(&class) {
        Ok(Some((origin, bytes))) => parse::parse_class(&origin, &bytes).is_ok_and(|rc| {
            rc.methods
                .iter()
                .any(|j| j.name == m.name && j.desc == m.desc)
        }),
        _ => false,
    }
}

/// The model's `Method` object for `m`.
fn method_object(s: &mut State, m: &Method) -> Result<Ref, VmError> {
    let class = s.classes.class(m.class).name.clone();
    let clazz = mirror(s, &class)?;
    let descs = crate::classfile::param_descs(&m.desc);
    let mut params = Vec::new();
    for d in &descs {
        params.push(Value::Ref(mirror(s, &super::class::mirror_name(d))?));
    }
    let ret_desc = &m.desc[m.desc.find(')').map_or(0, |i| i + 1)..];
    let returns = mirror(s, &super::class::mirror_name(ret_desc))?;
    let params = alloc_array(s, "Ljava/lang/Class;", ArrayData::A(params));
    let mid = s.classes.id(METHOD).expect("library has Method");
    let r = alloc_instance(s, mid);
    let name = new_string(s, &m.name);
    let desc = new_string(s, &m.desc);
    s.set_field(r, "clazz", Value::Ref(clazz));
    s.set_field(r, "name", Value::Ref(name));
    s.set_field(r, "descriptor", Value::Ref(desc));
    s.set_field(r, "parameterTypes", Value::Ref(params));
    s.set_field(r, "returnType", Value::Ref(returns));
    s.set_field(
        r,
        "modifiers",
        Value::Int(i32::from(m.flags & METHOD_MODIFIERS)),
    );
    Ok(r)
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
        match exec::ensure_init(s, th, owner)? {
            exec::Init::Ready => {}
            exec::Init::Pushed | exec::Init::Threw => return Ok(Again),
            exec::Init::Blocked(c) => return Ok(Block(Wake::Init(c))),
        }
        resolved
    } else {
        let Some(recv) = arg_ref(a, 1) else {
            return npe();
        };
        args.push(Value::Ref(recv));
        match s.classes.select(s.object(recv).class, resolved) {
            Selected::Method(m) => m,
            _ => {
                return Ok(Throw(
                    "java/lang/AbstractMethodError",
                    Some(format!("{class}.{name}{desc}")),
                ));
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
