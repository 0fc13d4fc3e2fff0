//! Natives of `java.lang.Class` and reflection: names, mirrors of
//! primitive and array types, fields, `forName`, enums' constants.

use std::sync::Arc;

use crate::interp::VmError;
use crate::interp::offsets as U;
use crate::interp::runtime::{
    alloc_array, alloc_instance, assignable_to, class_assignable, mirror, mirrored,
    primitive_descriptor, static_slot,
};
use crate::interp::strings::new_string;
use crate::state::*;

use super::NativeResult::{self, *};
use super::{Native, arg_ref, npe, ret, ret_string, void};

/// Class's, reflection's and enums'.
#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    ("java/lang/Class", "getName", "()Ljava/lang/String;", class_get_name),
    ("java/lang/Class", "desiredAssertionStatus", "()Z", class_assertions),
    ("java/lang/Class", "isInterface", "()Z", class_is_interface),
    ("java/lang/Class", "isInstance", "(Ljava/lang/Object;)Z", class_is_instance),
    ("java/lang/Class", "isAssignableFrom", "(Ljava/lang/Class;)Z", class_is_assignable_from),
    ("java/lang/Enum", "valueOf", "(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Enum;", enum_value_of),
    ("jdk/internal/reflect/Reflection", "getCallerClass", "()Ljava/lang/Class;", reflection_caller_class),
    ("java/lang/Class", "getPrimitiveClass", "(Ljava/lang/String;)Ljava/lang/Class;", class_primitive),
    ("java/lang/Class", "getComponentType", "()Ljava/lang/Class;", class_component),
    ("java/lang/reflect/Array", "newArray", "(Ljava/lang/Class;I)Ljava/lang/Object;", reflect_new_array),
    // JDK methods m5 answers itself (bound though not native: see `bind`).
    ("jdk/internal/access/SharedSecrets", "getJavaLangAccess", "()Ljdk/internal/access/JavaLangAccess;", lang_access),
    ("java/lang/LangAccess", "getEnumConstantsShared", "(Ljava/lang/Class;)[Ljava/lang/Enum;", enum_constants),
    ("java/lang/Class", "getDeclaredField", "(Ljava/lang/String;)Ljava/lang/reflect/Field;", class_declared_field),
    ("java/lang/Class", "isHidden", "()Z", class_is_hidden),
    ("java/lang/Class", "isRecord", "()Z", class_is_record),
    ("java/lang/Class", "getSuperclass", "()Ljava/lang/Class;", class_superclass),
    ("java/lang/Class", "forName", "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;", class_for_name),
    ("java/lang/Class", "forName", "(Ljava/lang/Module;Ljava/lang/String;)Ljava/lang/Class;", class_for_name_in),
    ("java/lang/Class", "getModule", "()Ljava/lang/Module;", class_module),
    ("java/lang/Class", "getClassLoader", "()Ljava/lang/ClassLoader;", class_loader),
    ("java/lang/ClassLoader", "registerNatives", "()V", super::nothing),
    // The model's modules (Class.getModule): nothing to tell the VM, and
    // what java.base exports or opens answered here (see module_allows).
    ("java/lang/Module", "defineModule0", "(Ljava/lang/Module;ZLjava/lang/String;Ljava/lang/String;[Ljava/lang/Object;)V", super::nothing),
    ("java/lang/Module", "implIsExportedOrOpen", "(Ljava/lang/String;Ljava/lang/Module;Z)Z", module_allows),
];

fn class_get_name(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, r).replace('/', ".");
    ret_string(s, &name)
}

fn class_assertions(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    // A system class is one the JDK (or m5's library standing in for it)
    // defines, as java's bootstrap loader does.
    let system = s
        .classes
        .id(&name)
        .is_some_and(|id| s.classes.class(id).from_library);
    let on = s.config.assertions.desired(&name.replace('/', "."), system);
    ret(Value::Int(i32::from(on)))
}

fn class_is_interface(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, r);
    ret(Value::Int(i32::from(
        s.classes.by_name(&name).is_some_and(|c| c.is_interface()),
    )))
}

fn class_is_instance(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, r);
    let desc = if name.starts_with('[') {
        name.to_string()
    } else {
        format!("L{name};")
    };
    ret(Value::Int(i32::from(
        arg_ref(a, 1).is_some_and(|o| assignable_to(s, o, &desc)),
    )))
}

/// `this.isAssignableFrom(cls)`: NPE for a null `cls`.
fn class_is_assignable_from(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let Some(this) = arg_ref(a, 0) else {
        return npe();
    };
    let Some(cls) = arg_ref(a, 1) else {
        return npe();
    };
    let (to, from) = (mirrored(s, this), mirrored(s, cls));
    ret(Value::Int(i32::from(class_assignable(s, &from, &to))))
}

/// `Reflection.getCallerClass()`: the class of the method that called the
/// caller-sensitive method (the frame below the one calling this native).
fn reflection_caller_class(
    s: &mut State,
    th: ThreadId,
    _: &[Value],
) -> Result<NativeResult, VmError> {
    let t = s.thread(th).expect("running thread");
    let n = t.stack.len();
    let name = match n.checked_sub(2).map(|i| &t.stack[i]) {
        Some(f) => f.method.class_name.to_string(),
        None => return ret(Value::Null),
    };
    ret(Value::Ref(mirror(s, &name)?))
}

/// `Class.getPrimitiveClass("int")`: the mirror named "int".
fn class_primitive(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(n) = arg_ref(a, 0) else { return npe() };
    let name = s.string(n).unwrap_or_default();
    ret(Value::Ref(mirror(s, &name)?))
}

/// The mirror name of a field, return or array component descriptor
/// ("I" -> "int", "V" -> "void", "Ljava/lang/String;" ->
/// "java/lang/String", "[I" -> "[I").
pub(super) fn mirror_name(desc: &str) -> String {
    match desc.as_bytes().first() {
        Some(b'L') => desc[1..desc.len() - 1].to_string(),
        Some(b'[') => desc.to_string(),
        _ => [
            "boolean", "byte", "char", "short", "int", "long", "float", "double",
        ]
        .into_iter()
        .find(|n| primitive_descriptor(n) == Some(desc))
        .unwrap_or("void")
        .to_string(),
    }
}

pub(crate) fn class_component(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, r);
    match name.strip_prefix('[') {
        Some(elem) => {
            let m = mirror(s, &mirror_name(elem))?;
            ret(Value::Ref(m))
        }
        None => ret(Value::Null),
    }
}

/// `Array.newArray(Class, int)`: a new array of the class's type.
fn reflect_new_array(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let len = a[1].as_int();
    let name = mirrored(s, c);
    let elem = match primitive_descriptor(&name) {
        Some("V") => {
            return Ok(Throw("java/lang/IllegalArgumentException", None));
        }
        Some(d) => d.to_string(),
        None if name.starts_with('[') => name.to_string(),
        None => format!("L{name};"),
    };
    if len < 0 {
        return Ok(Throw(
            "java/lang/NegativeArraySizeException",
            Some(len.to_string()),
        ));
    }
    let data = ArrayData::new(&elem, len as usize);
    ret(Value::Ref(alloc_array(s, &elem, data)))
}

/// `SharedSecrets.getJavaLangAccess()`: an instance of the model's
/// `java.lang.LangAccess`.
fn lang_access(s: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    let cid = s
        .classes
        .id("java/lang/LangAccess")
        .expect("library has LangAccess");
    ret(Value::Ref(alloc_instance(s, cid)))
}

/// `getEnumConstantsShared(Class)`: calls the enum's `values()` (its frame
/// returns the array to the caller), or null for a class that is no enum.
pub(super) fn enum_constants(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 1) else { return npe() };
    let name = mirrored(s, c);
    let Some(cid) = s.classes.id(&name) else {
        return ret(Value::Null);
    };
    let class = s.classes.class(cid);
    let is_enum = class
        .super_id
        .is_some_and(|p| &*s.classes.class(p).name == "java/lang/Enum");
    let desc = format!("()[L{name};");
    let values = is_enum
        .then(|| s.classes.declared_method(cid, "values", &desc))
        .flatten()
        .filter(|m| m.is_static())
        .cloned();
    let Some(values) = values else {
        return ret(Value::Null);
    };
    s.thread_mut(th)
        .stack
        .push(Arc::new(Frame::new(values, &[])));
    void()
}

/// `Class.getDeclaredField(name)`: a Field object of the model.
fn class_declared_field(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let Some(n) = arg_ref(a, 1) else { return npe() };
    let class = mirrored(s, c);
    let name = s.string(n).unwrap_or_default();
    let found = s.classes.id(&class).and_then(|cid| {
        let k = s.classes.class(cid);
        let declared = k.reflection.fields.iter().find(|f| *f.0 == *name);
        if let Some((_, desc, flags)) = declared {
            return Some((desc.clone(), *flags));
        }
        // A class m5 wrote itself keeps no declared list: its layout.
        U::declared_slot(s, cid, &name)
            .map(|i| (k.layout[i].desc.clone(), 0))
            .or_else(|| {
                k.statics
                    .iter()
                    .find(|st| *st.0 == *name)
                    .map(|st| (st.1.clone(), crate::classfile::parse::ACC_STATIC))
            })
    });
    let Some((desc, flags)) = found else {
        return Ok(Throw("java/lang/NoSuchFieldException", Some(name)));
    };
    ret(Value::Ref(field_object(s, &class, &name, &desc, flags)?))
}

/// The model's `Field` object for field `name` of `class`.
pub(super) fn field_object(
    s: &mut State,
    class: &str,
    name: &str,
    desc: &str,
    flags: u16,
) -> Result<Ref, VmError> {
    let fid = s
        .classes
        .id("java/lang/reflect/Field")
        .expect("library has Field");
    let clazz = mirror(s, class)?;
    let f = alloc_instance(s, fid);
    let type_mirror = mirror(s, &mirror_name(desc))?;
    let name_ref = new_string(s, name);
    let is_static = flags & crate::classfile::parse::ACC_STATIC != 0;
    s.set_field(f, "clazz", Value::Ref(clazz));
    s.set_field(f, "name", Value::Ref(name_ref));
    s.set_field(f, "type", Value::Ref(type_mirror));
    s.set_field(f, "isStatic", Value::Int(i32::from(is_static)));
    // `Modifier.fieldModifiers()` and synthetic, as the JVM reports them.
    s.set_field(f, "modifiers", Value::Int(i32::from(flags & 0x10DF)));
    Ok(f)
}

/// `Class.getSuperclass()`: null for Object, interfaces and primitive
/// types; Object for arrays.
fn class_superclass(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    let sup = if name.starts_with('[') {
        Some("java/lang/Object".to_string())
    } else {
        s.classes
            .by_name(&name)
            .filter(|k| !k.is_interface())
            .and_then(|k| k.super_id)
            .map(|p| s.classes.class(p).name.to_string())
    };
    match sup {
        Some(n) => ret(Value::Ref(mirror(s, &n)?)),
        None => ret(Value::Null),
    }
}

/// `Class.forName(name, initialize, loader)`: the class m5 loaded (the
/// loader is ignored: one class path). A class m5 did not load although
/// it exists (no code names it) stops the run: m5 links every class when
/// it starts, and answering ClassNotFoundException would be untrue.
fn class_for_name(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(n) = arg_ref(a, 0) else { return npe() };
    let dotted = s.string(n).unwrap_or_default();
    let internal = dotted.replace('.', "/");
    let Some(cid) = s.classes.id(&internal) else {
        not_loaded(s, &dotted)?;
        return Ok(Throw("java/lang/ClassNotFoundException", Some(dotted)));
    };
    if a[1].as_int() != 0
        && let Some(wait) = super::init_first(s, th, cid)?
    {
        return Ok(wait);
    }
    ret(Value::Ref(mirror(s, &internal)?))
}

/// Stops the run if the class `dotted` exists but m5 did not load it:
/// answering that it does not exist would be untrue.
fn not_loaded(s: &State, dotted: &str) -> Result<(), VmError> {
    let internal = dotted.replace('.', "/");
    let exists = crate::classfile::library::lookup(&internal).is_some()
        || (crate::classfile::jdk::is_jdk_package(&internal)
            && crate::classfile::jdk::jdk().is_ok_and(|j| j.has(&internal)));
    if exists || s.classes.missing.contains(internal.as_str()) {
        return Err(VmError::Other(format!(
            "Class.forName(\"{dotted}\"): the class exists but m5 did not load it \
             (no code names it; m5 links every class when it starts)"
        )));
    }
    Ok(())
}

/// `Class.forName(module, name)`: the class of that binary name if the
/// module defines it, else null; never initialized. m5's modules are
/// java.base (the JDK's classes), the class path's unnamed module
/// (`Class.getModule`) and the boot loader's unnamed module, which
/// defines no class (m5 has no boot class path); another module object
/// stops the run.
fn class_for_name_in(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (Some(module), Some(n)) = (arg_ref(a, 0), arg_ref(a, 1)) else {
        return npe();
    };
    let dotted = s.string(n).unwrap_or_default();
    let internal = dotted.replace('.', "/");
    let kept = |s: &State, which: &str| {
        static_slot(s, "java/lang/Class", which).and_then(|slot| s.statics[slot].as_ref())
    };
    let base = if kept(s, "baseModule") == Some(module) {
        true
    } else if kept(s, "unnamedModule") == Some(module) {
        false
    } else if s.field(module, "name").and_then(|v| v.as_ref()).is_none()
        && s.field(module, "loader").and_then(|v| v.as_ref()).is_none()
    {
        return ret(Value::Null);
    } else {
        return Err(VmError::NotModeled(format!(
            "Class.forName(module, \"{dotted}\") in a module m5 does not model"
        )));
    };
    if internal.starts_with('[') || in_java_base(&internal) != base {
        return ret(Value::Null);
    }
    if s.classes.id(&internal).is_none() {
        not_loaded(s, &dotted)?;
        return ret(Value::Null);
    }
    ret(Value::Ref(mirror(s, &internal)?))
}

/// Is the class of internal name `name` (or the element class of an
/// array) one of java.base's: a primitive, or in a JDK package?
fn in_java_base(name: &str) -> bool {
    let elem = name.trim_start_matches('[');
    if elem.len() < name.len() && !elem.starts_with('L') || primitive_descriptor(elem).is_some() {
        return true;
    }
    let class = element_class(name);
    crate::classfile::jdk::is_jdk_package(class)
        && crate::classfile::jdk::module_of_class(class).is_none_or(|m| m == "java.base")
}

/// The class of `name`, or of its elements for an array of objects
/// (`[[Ljava/lang/String;`: `java/lang/String`).
fn element_class(name: &str) -> &str {
    let elem = name.trim_start_matches('[');
    match elem.strip_prefix('L').and_then(|c| c.strip_suffix(';')) {
        Some(class) if elem.len() < name.len() => class,
        _ => elem,
    }
}

/// The JDK module that has `name`'s class (`element_class`), if the JDK
/// has it.
fn jdk_module(name: &str) -> Option<String> {
    let class = element_class(name);
    crate::classfile::jdk::is_jdk_package(class)
        .then(|| crate::classfile::jdk::module_of_class(class))
        .flatten()
}

/// Stops a question about the loader or module of a class of a JDK
/// module other than java.base (java.logging's, java.sql's) that m5 does
/// not answer: its `Module` object (`boot_too`), or, for a module the
/// bootstrap loader does not define, its loader.
fn other_module(name: &str, what: &str, boot_too: bool) -> Option<VmError> {
    let module = jdk_module(name).filter(|m| {
        m != "java.base" && (boot_too || !crate::classfile::jdk::boot_modules().contains(m))
    })?;
    Some(VmError::NotModeled(format!(
        "{what} of {} (module {module}): m5 models the loader and module of java.base's classes and the class path's only",
        element_class(name).replace('/', ".")
    )))
}

/// Is `name` (a class, an array or a primitive type) defined by the
/// bootstrap loader: java.base's, or of another module it defines
/// (`jdk::boot_modules`)?
fn by_bootstrap(name: &str) -> bool {
    in_java_base(name)
        || jdk_module(name).is_some_and(|m| crate::classfile::jdk::boot_modules().contains(&m))
}

/// What a class's defining loader says about it (`what`): null for the
/// bootstrap loader's classes (and primitive types); for a class of
/// another JDK module or of the program, `app` is an object m5 does not
/// model, so asking for it stops the run.
fn null_for_bootstrap(
    s: &State,
    a: &[Value],
    what: &str,
    app: &str,
) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    if by_bootstrap(&name) {
        return ret(Value::Null);
    }
    if let Some(e) = other_module(&name, what, false) {
        return Err(e);
    }
    Err(VmError::NotModeled(format!(
        "{what} of {}: m5 models no {app}",
        name.replace('/', ".")
    )))
}

/// `AccessController.getProtectionDomain(Class)`: null (the bootstrap
/// loader's classes have none).
pub(super) fn protection_domain(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    null_for_bootstrap(
        s,
        a,
        "AccessController.getProtectionDomain",
        "protection domain of an application class",
    )
}

/// `Class.getClassLoader()`: null, the bootstrap loader. (The JDK's
/// application class loader can be made, `ClassLoader.getSystemClassLoader()`
/// runs, but m5 loads every class when it starts and would have to load
/// its whole machinery for every program to answer here: not modeled.)
fn class_loader(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    null_for_bootstrap(
        s,
        a,
        "Class.getClassLoader()",
        "application class loader object",
    )
}

/// `Class.getModule()`: java.base for the JDK's classes (no class path may
/// define a class in their packages), primitive types and arrays of them;
/// the class path's unnamed module for every other class. Each module is
/// made once, in one step (so threads that race agree on one object), as
/// `new Module(null)` would make it, java.base with its name (no layer, no
/// class loader, no descriptor), and kept in the model `Class`'s statics.
fn class_module(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    if let Some(e) = other_module(&name, "Class.getModule()", true) {
        return Err(e);
    }
    let base = in_java_base(&name);
    let module = s.classes.id("java/lang/Module").ok_or_else(|| {
        VmError::Other(
            "Class.getModule: java.lang.Module is not loaded (no live code names it)".into(),
        )
    })?;
    if let Some(wait) = super::init_first(s, th, module)? {
        return Ok(wait);
    }
    let kept = if base { "baseModule" } else { "unnamedModule" };
    let slot = static_slot(s, "java/lang/Class", kept).expect("the model Class keeps its modules");
    if let Some(r) = s.statics[slot].as_ref() {
        return ret(Value::Ref(r));
    }
    let r = alloc_instance(s, module);
    if base {
        let n = crate::interp::strings::intern(s, &Arc::from("java.base"))?;
        s.set_field(r, "name", Value::Ref(n));
    }
    s.statics.set(slot, Value::Ref(r));
    ret(Value::Ref(r))
}

/// `Module.implIsExportedOrOpen(pn, other, open)` for the model's two
/// modules (`Class.getModule`). An unnamed module exports and opens every
/// package, and a module its own packages (the JDK's answers). java.base
/// opens none of its packages to another module (its module-info has no
/// `opens`, and m5 has no `--add-opens`). Which packages it exports m5
/// does not know: that question stops the run rather than guess.
fn module_allows(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(this) = arg_ref(a, 0) else {
        return npe();
    };
    let Some(pn) = arg_ref(a, 1).and_then(|p| s.string(p)) else {
        return npe();
    };
    let Some(other) = arg_ref(a, 2) else {
        return npe();
    };
    let open = a[3].as_int() != 0;
    let Some(name) = s.field(this, "name").and_then(|v| v.as_ref()) else {
        return ret(Value::Int(1));
    };
    let name = s.string(name).unwrap_or_default();
    let own = crate::classfile::jdk::is_jdk_package(&format!("{}/", pn.replace('.', "/")));
    if other == this {
        return ret(Value::Int(i32::from(own)));
    }
    if open {
        return ret(Value::Int(0));
    }
    Err(VmError::Other(format!(
        "Module.isExported: which packages the module {name} exports is not modeled by m5 \
         (asked for {pn})"
    )))
}

fn class_is_hidden(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    ret(Value::Int(i32::from(
        s.classes.by_name(&name).is_some_and(|k| k.lambda),
    )))
}

fn class_is_record(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    let record = s.classes.by_name(&name).is_some_and(|k| {
        k.flags & crate::classfile::parse::ACC_FINAL != 0
            && k.super_id
                .is_some_and(|p| &*s.classes.class(p).name == "java/lang/Record")
    });
    ret(Value::Int(i32::from(record)))
}

/// `Enum.valueOf(Class, String)`: the enum's static field of its own type with that name.
fn enum_value_of(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(cls) = arg_ref(a, 0) else {
        return npe();
    };
    let Some(name) = arg_ref(a, 1) else {
        return Ok(Throw(
            "java/lang/NullPointerException",
            Some("Name is null".into()),
        ));
    };
    let cname = mirrored(s, cls);
    let wanted = s.string(name).unwrap_or_default();
    if let Some(c) = s.classes.by_name(&cname) {
        let own = format!("L{cname};");
        for (_, desc, slot, _) in &c.statics {
            if **desc == *own
                && let Some(v) = s.statics[*slot as usize].as_ref()
                && s.field(v, "name")
                    .and_then(|n| n.as_ref())
                    .and_then(|n| s.string(n))
                    .as_deref()
                    == Some(&wanted)
            {
                return ret(Value::Ref(v));
            }
        }
    }
    Ok(Throw(
        "java/lang/IllegalArgumentException",
        Some(format!(
            "No enum constant {}.{wanted}",
            // The canonical name, as the JDK's message: nested `A$E` is `A.E`.
            cname.replace(['/', '$'], ".")
        )),
    ))
}
