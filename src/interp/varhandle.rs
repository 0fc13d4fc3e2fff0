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

/// An access method of a VarHandle (`OP`: `Op as u8`).
pub fn access<const OP: u8>(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let op = Op::ALL[OP as usize];
    let Some(vh) = a[0].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    let offset = field_long(s, vh, "offset");
    let holder = field_ref(s, vh, "holder").map(|c| super::natives::mirrored(s, c));
    let Some(holder) = holder else {
        return Err(unsupported("a handle without a holder".into()));
    };
    let is_static = s.field(vh, "isStatic").is_some_and(|v| v.as_int() != 0);
    if is_static {
        return static_access(s, th, a, op, &holder, offset);
    }
    let Some(obj) = a.get(1).and_then(|v| v.as_ref()) else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    // The coordinates: the object (and, for arrays, the index).
    let (at, kind, first) = if offset >= 0 {
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
        (offset, tag_of(&desc), 2)
    } else {
        let Some((elem, data)) = s.object(obj).array() else {
            return Err(unsupported("an array handle on a non-array".into()));
        };
        let (tag, len) = (tag_of(elem), data.len() as i64);
        let i = a[2].as_int() as i64;
        if i < 0 || i >= len {
            return Ok(Throw(
                "java/lang/ArrayIndexOutOfBoundsException",
                Some(format!("Index {i} out of bounds for length {len}")),
            ));
        }
        (offsets::element_offset(tag, i), tag, 3)
    };
    check_call_site(s, th, kind, first - 1)?;
    let v1 = a.get(first).copied().unwrap_or(Value::Top);
    let v2 = a.get(first + slots(kind)).copied().unwrap_or(Value::Top);
    let o = Value::Ref(obj);
    let old = offsets::read(s, o, at, kind)?;
    let put = |s: &mut State, v: Value| offsets::write(s, o, at, kind, v);
    apply(s, op, kind, old, v1, v2, put)
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

/// An access to a static field, by its global slot. The JDK makes such
/// handles in the class's own initializer; m5 requires the class to be
/// initialized (or initializing) rather than initialize it here.
fn static_access(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
    op: Op,
    holder: &str,
    slot: i64,
) -> Result<NativeResult, VmError> {
    let Some(cid) = s.classes.id(holder) else {
        return Err(unsupported(format!("a handle on class {holder}")));
    };
    match s.init.get(cid as usize) {
        Some(InitStatus::Done) => {}
        Some(InitStatus::Running(t)) if *t == th => {}
        _ => {
            return Err(unsupported(format!(
                "a static field handle of {} before its class is initialized",
                holder.replace('/', ".")
            )));
        }
    }
    let desc = s
        .classes
        .class(cid)
        .statics
        .iter()
        .find(|st| st.2 as i64 == slot)
        .map(|st| st.1.clone());
    let Some(desc) = desc else {
        return Err(unsupported(format!("static slot {slot}")));
    };
    let kind = tag_of(&desc);
    check_call_site(s, th, kind, 0)?;
    let v1 = a.get(1).copied().unwrap_or(Value::Top);
    let v2 = a.get(1 + slots(kind)).copied().unwrap_or(Value::Top);
    let old = s.statics[slot as usize];
    let put = |s: &mut State, v: Value| {
        s.statics.set(slot as usize, v);
        Ok(())
    };
    apply(s, op, kind, old, v1, v2, put)
}

/// A new VarHandle object of the model class.
fn new_handle(s: &mut State, holder: Ref, offset: i64, var_type: Ref) -> Ref {
    let cid = s
        .classes
        .id("java/lang/invoke/VarHandle")
        .expect("library has VarHandle");
    let r = super::natives::alloc_instance(s, cid);
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
    let class = super::natives::mirrored(s, c);
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
    if !super::natives::mirrored(s, c).starts_with('[') {
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
