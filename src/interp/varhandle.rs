//! m5's `VarHandle`s (the model class `java.lang.invoke.VarHandle`): a
//! handle on an instance field or on the elements of an array type. Their
//! access methods are signature polymorphic (JVMS 2.9.3): the call site's
//! descriptor says what the arguments are; each access is one step, so a
//! compare-and-set or a get-and-add is atomic. The memory is read and
//! written as `Unsafe` does (`offsets`), with the same offsets.

use crate::classfile::Insn;
use crate::state::*;

use super::VmError;
use super::natives::NativeResult::{self, Return, Throw};
use super::offsets::{self, Op, apply};

fn unsupported(what: String) -> VmError {
    VmError::Other(format!("VarHandle: {what} is not modeled by m5"))
}

fn field_long(s: &State, r: Ref, name: &str) -> i64 {
    s.field(r, name).map_or(0, |v| v.as_long())
}

fn field_ref(s: &State, r: Ref, name: &str) -> Option<Ref> {
    s.field(r, name).and_then(|v| v.as_ref())
}

/// The descriptor of the call site that invoked the native on `th`.
fn call_site_desc(s: &State, th: ThreadId) -> Option<std::sync::Arc<str>> {
    let f = s.thread(th)?.top()?;
    match f.method.code.get(f.ip as usize)? {
        Insn::Invoke(_, m) => Some(m.desc.clone()),
        _ => None,
    }
}

fn slots(tag: u8) -> usize {
    if matches!(tag, b'J' | b'D') { 2 } else { 1 }
}

/// The kind tag of a descriptor (`L` for references).
fn tag_of(desc: &str) -> u8 {
    match desc.as_bytes()[0] {
        b'[' => b'L',
        t => t,
    }
}

/// The variable an access method's arguments name.
enum Var {
    /// A static field, by its global slot, of the class `holder`.
    Static {
        slot: i64,
        holder: std::sync::Arc<str>,
    },
    /// A field or an array element of `obj`, at `Unsafe`'s offset `at`.
    Heap { obj: Ref, at: i64 },
}

/// Where an access goes: the variable, its kind tag and the index of the
/// access method's first value argument.
struct Located {
    var: Var,
    kind: u8,
    first: usize,
}

/// The variable the arguments `a` (handle first) of an access method name,
/// or the exception the access throws.
fn locate(s: &State, a: &[Value]) -> Result<Result<Located, NativeResult>, VmError> {
    let npe = || Ok(Err(Throw("java/lang/NullPointerException", None)));
    let Some(vh) = a[0].as_ref() else {
        return npe();
    };
    let offset = field_long(s, vh, "offset");
    let holder = field_ref(s, vh, "holder").map(|c| super::runtime::mirrored(s, c));
    let Some(holder) = holder else {
        return Err(unsupported("a handle without a holder".into()));
    };
    if s.field(vh, "isStatic").is_some_and(|v| v.as_int() != 0) {
        let Some(cid) = s.classes.id(&holder) else {
            return Err(unsupported(format!("a handle on class {holder}")));
        };
        let desc = s
            .classes
            .class(cid)
            .statics
            .iter()
            .find(|st| st.2 as i64 == offset)
            .map(|st| st.1.clone());
        let Some(desc) = desc else {
            return Err(unsupported(format!("static slot {offset}")));
        };
        let var = Var::Static {
            slot: offset,
            holder,
        };
        return Ok(Ok(Located {
            var,
            kind: tag_of(&desc),
            first: 1,
        }));
    }
    let Some(obj) = a.get(1).and_then(|v| v.as_ref()) else {
        return npe();
    };
    // The coordinates: the object (and, for arrays, the index).
    if offset >= 0 {
        let cid = s.object(obj).class;
        let desc = s
            .classes
            .class(cid)
            .layout
            .get(offset as usize)
            .map(|f| f.desc.clone());
        let Some(desc) = desc else {
            return Err(unsupported(format!("field slot {offset}")));
        };
        let var = Var::Heap { obj, at: offset };
        return Ok(Ok(Located {
            var,
            kind: tag_of(&desc),
            first: 2,
        }));
    }
    let Some((elem, data)) = s.object(obj).array() else {
        return Err(unsupported("an array handle on a non-array".into()));
    };
    let (tag, len) = (tag_of(elem), data.len() as i64);
    let i = a[2].as_int() as i64;
    if i < 0 || i >= len {
        return Ok(Err(Throw(
            "java/lang/ArrayIndexOutOfBoundsException",
            Some(format!("Index {i} out of bounds for length {len}")),
        )));
    }
    let var = Var::Heap {
        obj,
        at: offsets::element_offset(tag, i),
    };
    Ok(Ok(Located {
        var,
        kind: tag,
        first: 3,
    }))
}

/// The current value of the variable an access method's arguments `a`
/// name, and its first value argument if it has one (a compare-and-set's
/// expected value); None where the access would throw or fail.
pub fn current_and_first(s: &State, a: &[Value]) -> Option<(Value, Option<Value>)> {
    let l = locate(s, a).ok()?.ok()?;
    let old = match l.var {
        Var::Static { slot, .. } => *s.statics.get(usize::try_from(slot).ok()?)?,
        Var::Heap { obj, at } => offsets::read(s, Value::Ref(obj), at, l.kind).ok()?,
    };
    Some((old, a.get(l.first).copied()))
}

/// An access method of a VarHandle (`OP`: `Op as u8`).
pub fn access<const OP: u8>(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let op = Op::ALL[OP as usize];
    let Located { var, kind, first } = match locate(s, a)? {
        Ok(l) => l,
        Err(throw) => return Ok(throw),
    };
    let v1 = a.get(first).copied().unwrap_or(Value::Top);
    let v2 = a.get(first + slots(kind)).copied().unwrap_or(Value::Top);
    match var {
        Var::Static { slot, holder } => {
            static_ready(s, th, &holder)?;
            check_call_site(s, th, kind, 0)?;
            let old = s.statics[slot as usize];
            let put = |s: &mut State, v: Value| {
                s.statics.set(slot as usize, v);
                Ok(())
            };
            apply(s, op, kind, old, v1, v2, put)
        }
        Var::Heap { obj, at } => {
            check_call_site(s, th, kind, first - 1)?;
            let o = Value::Ref(obj);
            let old = offsets::read(s, o, at, kind)?;
            let put = |s: &mut State, v: Value| offsets::write(s, o, at, kind, v);
            apply(s, op, kind, old, v1, v2, put)
        }
    }
}

/// The call site must pass values of the variable's own kind.
fn check_call_site(s: &State, th: ThreadId, kind: u8, coords: usize) -> Result<(), VmError> {
    let desc = call_site_desc(s, th).unwrap_or_default();
    let params = crate::classfile::param_descs(&desc);
    for p in params.iter().skip(coords) {
        if tag_of(p) != kind {
            return Err(unsupported(format!(
                "a call {desc} on a variable of kind {}",
                kind as char
            )));
        }
    }
    Ok(())
}

/// A static field handle's class must be initialized (or initializing in
/// this thread): the JDK makes such handles in the class's own
/// initializer, and m5 does not initialize the class here.
fn static_ready(s: &State, th: ThreadId, holder: &str) -> Result<(), VmError> {
    let Some(cid) = s.classes.id(holder) else {
        return Err(unsupported(format!("a handle on class {holder}")));
    };
    match s.init.get(cid as usize) {
        Some(InitStatus::Done) => Ok(()),
        Some(InitStatus::Running(t)) if *t == th => Ok(()),
        _ => Err(unsupported(format!(
            "a static field handle of {} before its class is initialized",
            holder.replace('/', ".")
        ))),
    }
}

/// A new VarHandle object of the model class.
fn new_handle(s: &mut State, holder: Ref, offset: i64, var_type: Ref) -> Ref {
    let cid = s
        .classes
        .id("java/lang/invoke/VarHandle")
        .expect("library has VarHandle");
    let r = super::runtime::alloc_instance(s, cid);
    s.set_field(r, "holder", Value::Ref(holder));
    s.set_field(r, "offset", Value::Long(offset));
    s.set_field(r, "varType", Value::Ref(var_type));
    r
}

/// The arguments of `findVarHandle` and `findStaticVarHandle`: the class
/// (its mirror, name and id), the field's name and its type's mirror;
/// None if one is null.
struct Finding {
    class: std::sync::Arc<str>,
    cid: crate::classfile::ClassId,
    name: String,
    mirror: Ref,
    var_type: Ref,
}

fn finding(s: &State, a: &[Value]) -> Result<Option<Finding>, VmError> {
    let (Some(c), Some(n), Some(t)) = (a[1].as_ref(), a[2].as_ref(), a[3].as_ref()) else {
        return Ok(None);
    };
    let class = super::runtime::mirrored(s, c);
    let Some(cid) = s.classes.id(&class) else {
        return Err(unsupported(format!("a handle on class {class}")));
    };
    Ok(Some(Finding {
        class,
        cid,
        name: s.string(n).unwrap_or_default(),
        mirror: c,
        var_type: t,
    }))
}

/// `MethodHandles.Lookup.findVarHandle(Class recv, String name, Class type)`.
pub fn find_var_handle(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(Finding {
        class,
        cid,
        name,
        mirror: c,
        var_type: t,
    }) = finding(s, a)?
    else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    match offsets::declared_slot(s, cid, &name) {
        Some(i) => Ok(Return(Some(Value::Ref(new_handle(s, c, i as i64, t))))),
        None if s.classes.class(cid).from_library && !s.classes.class(cid).from_jdk => {
            Err(unsupported(format!(
                "field {name} of m5's model of {}",
                class.replace('/', ".")
            )))
        }
        None => Ok(Throw(
            "java/lang/NoSuchFieldException",
            Some(name.to_string()),
        )),
    }
}

/// `MethodHandles.Lookup.findStaticVarHandle(Class decl, String name, Class type)`.
pub fn find_static_var_handle(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let Some(Finding {
        cid,
        name,
        mirror: c,
        var_type: t,
        ..
    }) = finding(s, a)?
    else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    let slot = s
        .classes
        .class(cid)
        .statics
        .iter()
        .find(|st| *st.0 == *name)
        .map(|st| st.2);
    match slot {
        Some(i) => {
            let h = new_handle(s, c, i as i64, t);
            s.set_field(h, "isStatic", Value::Int(1));
            Ok(Return(Some(Value::Ref(h))))
        }
        None => Ok(Throw(
            "java/lang/NoSuchFieldException",
            Some(name.to_string()),
        )),
    }
}

/// `MethodHandles.arrayElementVarHandle(Class arrayClass)`.
pub fn array_element_var_handle(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let Some(c) = a[0].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    if !super::runtime::mirrored(s, c).starts_with('[') {
        return Ok(Throw(
            "java/lang/IllegalArgumentException",
            Some("not an array class".into()),
        ));
    }
    let Return(Some(Value::Ref(elem))) = super::natives::class_component(s, th, &[a[0]])? else {
        return Err(unsupported("an array handle's element type".into()));
    };
    Ok(Return(Some(Value::Ref(new_handle(s, c, -1, elem)))))
}
