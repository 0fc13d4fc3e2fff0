//! Natives of `java.lang.Class` that read the class's structure: its
//! source modifiers, direct interfaces, where it is declared (the
//! `InnerClasses` and `EnclosingMethod` facts of `classfile::reflection`),
//! its member classes, fields and methods as reflection lists them, its
//! nest host, permitted subclasses and record components.

use std::sync::Arc;

use crate::classfile::reflection::Reflection;
use crate::classfile::{ClassId, Method};
use crate::interp::VmError;
use crate::interp::runtime::{alloc_array, alloc_instance, mirror, mirrored, primitive_descriptor};
use crate::interp::strings::new_string;
use crate::state::*;

use super::NativeResult;
use super::{Native, arg_ref, npe, ret};

const CLASS: &str = "java/lang/Class";
const ACC_PUBLIC: u16 = 0x0001;
const ACC_PRIVATE: u16 = 0x0002;
const ACC_PROTECTED: u16 = 0x0004;
const ACC_STATIC: u16 = 0x0008;
const ACC_FINAL: u16 = 0x0010;
const ACC_SUPER: u16 = 0x0020;
const ACC_ABSTRACT: u16 = 0x0400;

#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    (CLASS, "getModifiers", "()I", modifiers),
    (CLASS, "rawFlags", "()I", raw_flags),
    (CLASS, "getInterfaces", "()[Ljava/lang/Class;", interfaces),
    (CLASS, "declaringClass0", "()Ljava/lang/Class;", declaring_class),
    (CLASS, "enclosingClass0", "()Ljava/lang/Class;", enclosing_class),
    (CLASS, "simpleBinaryName0", "()Ljava/lang/String;", simple_binary_name),
    (CLASS, "getDeclaredClasses", "()[Ljava/lang/Class;", declared_classes),
    (CLASS, "getNestHost", "()Ljava/lang/Class;", nest_host),
    (CLASS, "permittedSubclasses0", "()[Ljava/lang/Class;", permitted_subclasses),
    (CLASS, "getDeclaredMethods", "()[Ljava/lang/reflect/Method;", declared_methods),
    (CLASS, "getMethods", "()[Ljava/lang/reflect/Method;", public_methods),
    (CLASS, "getDeclaredFields", "()[Ljava/lang/reflect/Field;", declared_fields),
    (CLASS, "recordComponents0", "()[Ljava/lang/reflect/RecordComponent;", record_components),
    (CLASS, "getFields", "()[Ljava/lang/reflect/Field;", public_fields),
    (CLASS, "enumConstants0", "()[Ljava/lang/Object;", enum_constants),
    (CLASS, "getEnclosingMethod", "()Ljava/lang/reflect/Method;", enclosing_method),
    (CLASS, "getEnclosingConstructor", "()Ljava/lang/reflect/Constructor;", enclosing_constructor),
    ("jdk/internal/reflect/Reflection", "getClassAccessFlags", "(Ljava/lang/Class;)I", class_access_flags),
    ("jdk/internal/misc/Unsafe", "ensureClassInitialized0", "(Ljava/lang/Class;)V", ensure_initialized),
];

/// `Unsafe.ensureClassInitialized0(c)`: runs the class's initialization
/// if it has not run (the call runs again after `<clinit>`).
fn ensure_initialized(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 1) else { return npe() };
    let name = mirrored(s, c);
    // A primitive type or an array has nothing to initialize.
    match s.classes.id(&name) {
        Some(cid) => Ok(super::init_first(s, th, cid)?.unwrap_or(NativeResult::Return(None))),
        None => super::void(),
    }
}
/// `Reflection.getClassAccessFlags(c)`: as HotSpot, the class file's own
/// flags (not a nested class's `InnerClasses` ones); a primitive type's
/// and an array's as `getModifiers`.
fn class_access_flags(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else {
        return npe();
    };
    let name = mirrored(s, c);
    let flags = match s.classes.by_name(&name) {
        Some(k) => k.flags & 0x7FFF,
        None => modifiers_of(s, &name),
    };
    ret(Value::Int(i32::from(flags)))
}

/// `getEnumConstants`' values(): as `LangAccess.getEnumConstantsShared`.
fn enum_constants(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    super::class::enum_constants(s, th, &[Value::Null, a[0]])
}

/// The loaded class a `Class` object mirrors (None for primitive types,
/// arrays and classes m5 did not load).
fn class_of(s: &State, a: &[Value]) -> Option<ClassId> {
    let c = arg_ref(a, 0)?;
    s.classes.id(&mirrored(s, c))
}

fn facts(s: &State, cid: ClassId) -> Arc<Reflection> {
    s.classes.class(cid).reflection.clone()
}

fn class_array(s: &mut State, names: &[Arc<str>]) -> Result<NativeResult, VmError> {
    let mut out = Vec::new();
    for n in names {
        out.push(Value::Ref(mirror(s, n)?));
    }
    ret(Value::Ref(alloc_array(
        s,
        "Ljava/lang/Class;",
        ArrayData::A(out),
    )))
}

fn class_or_null(s: &mut State, name: Option<Arc<str>>) -> Result<NativeResult, VmError> {
    match name {
        Some(n) => ret(Value::Ref(mirror(s, &n)?)),
        None => ret(Value::Null),
    }
}

/// As HotSpot: a nested class's modifiers from its own `InnerClasses`
/// entry, else the class file's flags, without `ACC_SUPER`; a primitive
/// type is public abstract final, an array has its element's access and
/// is abstract final.
fn modifiers(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    ret(Value::Int(i32::from(modifiers_of(s, &mirrored(s, c)))))
}

fn modifiers_of(s: &State, name: &str) -> u16 {
    if primitive_descriptor(name).is_some() {
        return ACC_PUBLIC | ACC_ABSTRACT | ACC_FINAL;
    }
    if let Some(elem) = name.strip_prefix('[') {
        let elem = super::class::mirror_name(elem);
        let access = modifiers_of(s, &elem) & (ACC_PUBLIC | ACC_PRIVATE | ACC_PROTECTED);
        return access | ACC_ABSTRACT | ACC_FINAL;
    }
    let Some(k) = s.classes.by_name(name) else {
        return 0;
    };
    let flags = k.reflection.inner.as_ref().map_or(k.flags, |i| i.flags);
    flags & !ACC_SUPER & 0x7FFF
}

/// The class file's own access flags (0 for primitive types and arrays).
fn raw_flags(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let flags = class_of(s, a).map_or(0, |c| s.classes.class(c).flags);
    ret(Value::Int(i32::from(flags)))
}

/// The direct superinterfaces in declaration order; an array's are
/// `Cloneable` and `Serializable`.
fn interfaces(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    let names: Vec<Arc<str>> = if name.starts_with('[') {
        vec!["java/lang/Cloneable".into(), "java/io/Serializable".into()]
    } else {
        match s.classes.by_name(&name) {
            Some(k) => k
                .interfaces
                .iter()
                .map(|&i| s.classes.class(i).name.clone())
                .collect(),
            None => Vec::new(),
        }
    };
    class_array(s, &names)
}

/// The class that declares this member class (its `InnerClasses` entry's
/// outer class), null for others.
fn declaring_class(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let outer = class_of(s, a).and_then(|c| facts(s, c).inner.as_ref()?.outer.clone());
    class_or_null(s, outer)
}

/// The class of the `EnclosingMethod` attribute (local and anonymous
/// classes), null for others.
fn enclosing_class(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let class = class_of(s, a).and_then(|c| Some(facts(s, c).enclosing.as_ref()?.0.clone()));
    class_or_null(s, class)
}

/// The simple name of the class's `InnerClasses` entry (null for an
/// anonymous or a top-level class).
fn simple_binary_name(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let name = class_of(s, a).and_then(|c| facts(s, c).inner.as_ref()?.simple.clone());
    match name {
        Some(n) => super::ret_string(s, &n),
        None => ret(Value::Null),
    }
}

/// The method or constructor of the class's `EnclosingMethod` attribute
/// (`constructor`: an `<init>`), as the model's reflective object.
fn enclosing(s: &mut State, a: &[Value], constructor: bool) -> Result<NativeResult, VmError> {
    let found = class_of(s, a).and_then(|c| {
        let (class, method) = facts(s, c).enclosing.clone()?;
        let (name, desc) = method?;
        if (&*name == "<init>") != constructor {
            return None;
        }
        let cid = s.classes.id(&class)?;
        s.classes.declared_method(cid, &name, &desc).cloned()
    });
    let Some(m) = found else {
        return ret(Value::Null);
    };
    let r = if constructor {
        super::reflect::constructor_object(s, &m)?
    } else {
        super::reflect::method_object(s, &m)?
    };
    ret(Value::Ref(r))
}

fn enclosing_method(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    enclosing(s, a, false)
}

fn enclosing_constructor(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    enclosing(s, a, true)
}

/// The member classes this class declares.
fn declared_classes(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let members = class_of(s, a).map_or_else(Vec::new, |c| facts(s, c).members.clone());
    class_array(s, &members)
}

/// The nest host: the `NestHost` attribute's class, else the class itself.
fn nest_host(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let host = class_of(s, a).and_then(|k| facts(s, k).nest_host.clone());
    match host {
        Some(h) => ret(Value::Ref(mirror(s, &h)?)),
        None => ret(Value::Ref(c)),
    }
}

/// The `PermittedSubclasses` (null when the class is not sealed).
fn permitted_subclasses(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    match class_of(s, a).and_then(|c| facts(s, c).permitted.clone()) {
        Some(p) => class_array(s, &p),
        None => ret(Value::Null),
    }
}

fn method_array(s: &mut State, methods: &[Arc<Method>]) -> Result<NativeResult, VmError> {
    let mut out = Vec::new();
    for m in methods {
        out.push(Value::Ref(super::reflect::method_object(s, m)?));
    }
    let r = alloc_array(s, "Ljava/lang/reflect/Method;", ArrayData::A(out));
    ret(Value::Ref(r))
}

/// What `getDeclaredMethods` lists of class `cid`: every method but
/// `<init>` and `<clinit>` (synthetic and bridge methods too), of a model
/// class only those the user's JDK's class declares.
fn declared(s: &State, cid: ClassId) -> Vec<Arc<Method>> {
    let t = &s.classes;
    t.class(cid)
        .methods
        .iter()
        .map(|&m| t.method(m))
        .filter(|m| !m.name.starts_with('<') && super::reflect::in_the_jdk(s, m))
        .cloned()
        .collect()
}

fn declared_methods(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let methods = class_of(s, a).map_or_else(Vec::new, |c| declared(s, c));
    method_array(s, &methods)
}

/// `getMethods`: the public methods of the class and its superclasses
/// (nearest first; one per name and descriptor, the nearest), then the
/// public instance methods of its superinterfaces that no class method
/// and no more specific interface's method of the same name and
/// descriptor overrides.
fn public_methods(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(cid) = class_of(s, a) else {
        return method_array(s, &[]);
    };
    let t = &s.classes;
    let key = |m: &Method| format!("{}{}", m.name, m.desc);
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<Arc<Method>> = Vec::new();
    let chain: Vec<ClassId> = if t.class(cid).is_interface() {
        vec![cid]
    } else {
        t.class(cid).supers.clone()
    };
    for c in chain {
        for m in declared(s, c) {
            if m.flags & ACC_PUBLIC != 0 && seen.insert(key(&m)) {
                out.push(m);
            }
        }
    }
    let mut ifaces: Vec<ClassId> = t.class(cid).all_interfaces.iter().copied().collect();
    ifaces.sort_by(|x, y| t.class(*x).name.cmp(&t.class(*y).name));
    let mut from_ifaces: Vec<Arc<Method>> = Vec::new();
    for &i in &ifaces {
        for m in declared(s, i) {
            if m.flags & ACC_PUBLIC != 0 && m.flags & ACC_STATIC == 0 && !seen.contains(&key(&m)) {
                from_ifaces.push(m);
            }
        }
    }
    let overridden = |m: &Method| {
        from_ifaces
            .iter()
            .any(|o| o.class != m.class && key(o) == key(m) && t.is_subclass(o.class, m.class))
    };
    let kept: Vec<Arc<Method>> = from_ifaces
        .iter()
        .filter(|m| !overridden(m))
        .cloned()
        .collect();
    out.extend(kept);
    method_array(s, &out)
}

fn field_array(
    s: &mut State,
    fields: &[(ClassId, crate::classfile::reflection::DeclaredField)],
) -> Result<NativeResult, VmError> {
    let mut out = Vec::new();
    for (c, (name, desc, flags)) in fields {
        let class = s.classes.class(*c).name.clone();
        out.push(Value::Ref(super::class::field_object(
            s, &class, name, desc, *flags,
        )?));
    }
    let r = alloc_array(s, "Ljava/lang/reflect/Field;", ArrayData::A(out));
    ret(Value::Ref(r))
}

fn declared_fields(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let fields: Vec<_> = class_of(s, a).map_or_else(Vec::new, |c| {
        facts(s, c).fields.iter().map(|f| (c, f.clone())).collect()
    });
    field_array(s, &fields)
}

/// `getFields`: the class's public fields, then its direct
/// superinterfaces' (recursively), then its superclass's — each once.
fn public_fields(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let mut out = Vec::new();
    if let Some(c) = class_of(s, a) {
        collect_public_fields(s, c, &mut out);
    }
    field_array(s, &out)
}

pub(super) fn collect_public_fields(
    s: &State,
    c: ClassId,
    out: &mut Vec<(ClassId, crate::classfile::reflection::DeclaredField)>,
) {
    for f in facts(s, c).fields.iter() {
        let dup = out.iter().any(|(d, g)| *d == c && g.0 == f.0);
        if f.2 & ACC_PUBLIC != 0 && !dup {
            out.push((c, f.clone()));
        }
    }
    let k = s.classes.class(c);
    for &i in &k.interfaces {
        collect_public_fields(s, i, out);
    }
    if !k.is_interface()
        && let Some(p) = k.super_id
    {
        collect_public_fields(s, p, out);
    }
}

/// `recordComponents0()` (the model's; `getRecordComponents` asks only of
/// a record): the JDK's `RecordComponent`s the VM makes from the `Record`
/// attribute — declaring record, name, type, accessor (the public method
/// of the component's name taking nothing) and generic signature; no
/// annotations (their bytes stay null, as for a component without any).
fn record_components(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    const COMPONENT: &str = "java/lang/reflect/RecordComponent";
    let Some(c) = class_of(s, a) else {
        return ret(Value::Null);
    };
    let Some(rid) = s.classes.id(COMPONENT) else {
        return Err(VmError::NotModeled(
            "Class.getRecordComponents without the JDK's java.lang.reflect.RecordComponent".into(),
        ));
    };
    let record = s.classes.class(c).name.clone();
    let mut out = Vec::new();
    for (name, desc, signature) in facts(s, c).components.iter() {
        let getter = s
            .classes
            .class(c)
            .methods
            .iter()
            .map(|&m| s.classes.method(m))
            .find(|m| {
                *m.name == **name
                    && m.desc.len() == desc.len() + 2
                    && m.desc.ends_with(&**desc)
                    && m.desc.starts_with("()")
            });
        let accessor = match getter.cloned() {
            Some(m) => Value::Ref(super::reflect::method_object(s, &m)?),
            None => Value::Null,
        };
        let clazz = mirror(s, &record)?;
        let ty = mirror(s, &super::class::mirror_name(desc))?;
        let name = new_string(s, name);
        let signature = match signature {
            Some(sig) => Value::Ref(new_string(s, sig)),
            None => Value::Null,
        };
        let r = alloc_instance(s, rid);
        s.set_field(r, "clazz", Value::Ref(clazz));
        s.set_field(r, "name", Value::Ref(name));
        s.set_field(r, "type", Value::Ref(ty));
        s.set_field(r, "accessor", accessor);
        s.set_field(r, "signature", signature);
        out.push(Value::Ref(r));
    }
    let arr = alloc_array(s, "Ljava/lang/reflect/RecordComponent;", ArrayData::A(out));
    ret(Value::Ref(arr))
}
