//! Natives of `java.lang.reflect.Array` as HotSpot's `Reflection::array_get`,
//! `array_set`, `widen` and `reflect_new_multi_array` answer them: a
//! primitive element is boxed in a new wrapper (not `valueOf`'s cache),
//! a wrapper unboxes and widens (JLS 5.1.2) into a primitive array, an
//! index out of bounds throws `ArrayIndexOutOfBoundsException` without a
//! message, and anything else is `IllegalArgumentException` with
//! HotSpot's words.

use crate::interp::VmError;
use crate::interp::runtime::{
    alloc_instance, alloc_multi_array, class_assignable, mirrored, primitive_descriptor,
};
use crate::state::*;

use super::NativeResult::{self, *};
use super::{Native, arg_ref, npe, ret, void};

const ARRAY: &str = "java/lang/reflect/Array";
const IAE: &str = "java/lang/IllegalArgumentException";
const MISMATCH: &str = "argument type mismatch";

#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    (ARRAY, "getLength", "(Ljava/lang/Object;)I", get_length),
    (ARRAY, "get", "(Ljava/lang/Object;I)Ljava/lang/Object;", get),
    (ARRAY, "getBoolean", "(Ljava/lang/Object;I)Z", get_primitive::<'Z'>),
    (ARRAY, "getByte", "(Ljava/lang/Object;I)B", get_primitive::<'B'>),
    (ARRAY, "getChar", "(Ljava/lang/Object;I)C", get_primitive::<'C'>),
    (ARRAY, "getShort", "(Ljava/lang/Object;I)S", get_primitive::<'S'>),
    (ARRAY, "getInt", "(Ljava/lang/Object;I)I", get_primitive::<'I'>),
    (ARRAY, "getLong", "(Ljava/lang/Object;I)J", get_primitive::<'J'>),
    (ARRAY, "getFloat", "(Ljava/lang/Object;I)F", get_primitive::<'F'>),
    (ARRAY, "getDouble", "(Ljava/lang/Object;I)D", get_primitive::<'D'>),
    (ARRAY, "set", "(Ljava/lang/Object;ILjava/lang/Object;)V", set),
    (ARRAY, "setBoolean", "(Ljava/lang/Object;IZ)V", set_primitive::<'Z'>),
    (ARRAY, "setByte", "(Ljava/lang/Object;IB)V", set_primitive::<'B'>),
    (ARRAY, "setChar", "(Ljava/lang/Object;IC)V", set_primitive::<'C'>),
    (ARRAY, "setShort", "(Ljava/lang/Object;IS)V", set_primitive::<'S'>),
    (ARRAY, "setInt", "(Ljava/lang/Object;II)V", set_primitive::<'I'>),
    (ARRAY, "setLong", "(Ljava/lang/Object;IJ)V", set_primitive::<'J'>),
    (ARRAY, "setFloat", "(Ljava/lang/Object;IF)V", set_primitive::<'F'>),
    (ARRAY, "setDouble", "(Ljava/lang/Object;ID)V", set_primitive::<'D'>),
    (ARRAY, "multiNewArray", "(Ljava/lang/Class;[I)Ljava/lang/Object;", multi_new_array),
];

fn illegal(msg: &str) -> Result<NativeResult, VmError> {
    Ok(Throw(IAE, Some(msg.into())))
}

/// HotSpot's `check_array`: the array and its element descriptor, or what
/// the native throws (null; not an array; not a primitive one when asked).
fn check(s: &State, a: &[Value], primitive_only: bool) -> Result<(Ref, String), NativeResult> {
    let Some(r) = arg_ref(a, 0) else {
        return Err(Throw("java/lang/NullPointerException", None));
    };
    let Body::Array { elem, .. } = &s.object(r).body else {
        return Err(Throw(IAE, Some("Argument is not an array".into())));
    };
    let kind = elem.as_bytes()[0];
    if primitive_only && matches!(kind, b'L' | b'[') {
        return Err(Throw(
            IAE,
            Some("Argument is not an array of primitive type".into()),
        ));
    }
    Ok((r, elem.to_string()))
}

/// The element at `a[1]`, or the exception for an index out of bounds.
fn element(s: &State, r: Ref, a: &[Value]) -> Result<Value, NativeResult> {
    let Body::Array { data, .. } = &s.object(r).body else {
        unreachable!("checked to be an array")
    };
    let i = a[1].as_int();
    if i < 0 || i as usize >= data.len() {
        return Err(Throw("java/lang/ArrayIndexOutOfBoundsException", None));
    }
    Ok(data.get(i as usize))
}

fn store(s: &mut State, r: Ref, i: usize, v: Value) {
    if let Body::Array { data, .. } = &mut s.object_mut(r).body {
        data.set(i, v);
    }
}

const WRAPPERS: &[(u8, &str)] = &[
    (b'Z', "java/lang/Boolean"),
    (b'B', "java/lang/Byte"),
    (b'C', "java/lang/Character"),
    (b'S', "java/lang/Short"),
    (b'I', "java/lang/Integer"),
    (b'J', "java/lang/Long"),
    (b'F', "java/lang/Float"),
    (b'D', "java/lang/Double"),
];

/// A new wrapper of primitive kind `k` holding `v`.
fn boxed(s: &mut State, k: u8, v: Value) -> Result<Ref, VmError> {
    let name = WRAPPERS
        .iter()
        .find(|w| w.0 == k)
        .map(|w| w.1)
        .unwrap_or("java/lang/Object");
    let Some(cid) = s.classes.id(name) else {
        return Err(VmError::NotModeled(format!(
            "Array.get without {}",
            name.replace('/', ".")
        )));
    };
    let r = alloc_instance(s, cid);
    s.set_field(r, "value", v);
    Ok(r)
}

/// A wrapper's primitive kind and value; None for null or any other object.
fn unboxed(s: &State, v: Value) -> Option<(u8, Value)> {
    let r = v.as_ref()?;
    let class = &s.classes.class(s.object(r).class).name;
    let k = WRAPPERS.iter().find(|w| *w.1 == **class)?.0;
    Some((k, s.field(r, "value")?))
}

/// JLS 5.1.1/5.1.2 (HotSpot's `Reflection::widen`): `v` of kind `from` as
/// kind `to`; None where no widening conversion exists.
fn widen(v: Value, from: u8, to: u8) -> Option<Value> {
    if from == to {
        return Some(v);
    }
    let ok = match from {
        b'B' => b"SIJFD".contains(&to),
        b'S' | b'C' => b"IJFD".contains(&to),
        b'I' => b"JFD".contains(&to),
        b'J' => b"FD".contains(&to),
        b'F' => to == b'D',
        _ => false,
    };
    if !ok {
        return None;
    }
    Some(match (v, to) {
        (Value::Int(i), b'S' | b'I') => Value::Int(i),
        (Value::Int(i), b'J') => Value::Long(i64::from(i)),
        (Value::Int(i), b'F') => Value::Float(i as f32),
        (Value::Int(i), _) => Value::Double(f64::from(i)),
        (Value::Long(l), b'F') => Value::Float(l as f32),
        (Value::Long(l), _) => Value::Double(l as f64),
        (Value::Float(f), _) => Value::Double(f64::from(f)),
        _ => return None,
    })
}

fn get_length(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    match check(s, a, false) {
        Ok((r, _)) => match &s.object(r).body {
            Body::Array { data, .. } => ret(Value::Int(data.len() as i32)),
            _ => unreachable!("checked to be an array"),
        },
        Err(t) => Ok(t),
    }
}

fn get(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (r, elem) = match check(s, a, false) {
        Ok(x) => x,
        Err(t) => return Ok(t),
    };
    let v = match element(s, r, a) {
        Ok(v) => v,
        Err(t) => return Ok(t),
    };
    match elem.as_bytes()[0] {
        b'L' | b'[' => ret(v),
        k => ret(Value::Ref(boxed(s, k, v)?)),
    }
}

fn get_primitive<const W: char>(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let (r, elem) = match check(s, a, true) {
        Ok(x) => x,
        Err(t) => return Ok(t),
    };
    let v = match element(s, r, a) {
        Ok(v) => v,
        Err(t) => return Ok(t),
    };
    match widen(v, elem.as_bytes()[0], W as u8) {
        Some(v) => ret(v),
        None => illegal(MISMATCH),
    }
}

/// `set(array, index, value)`: a reference array takes an instance of its
/// element type (or null); a primitive one a wrapper that widens to it.
fn set(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (r, elem) = match check(s, a, false) {
        Ok(x) => x,
        Err(t) => return Ok(t),
    };
    let value = a[2];
    let kind = elem.as_bytes()[0];
    let primitive = !matches!(kind, b'L' | b'[');
    let unboxed = if primitive {
        match unboxed(s, value) {
            Some(x) => Some(x),
            None if value.as_ref().is_none() => return Ok(Throw(IAE, None)),
            None => return illegal(MISMATCH),
        }
    } else {
        None
    };
    if let Err(t) = element(s, r, a) {
        return Ok(t);
    }
    let i = a[1].as_int() as usize;
    match unboxed {
        Some((k, v)) => match widen(v, k, kind) {
            Some(v) => store(s, r, i, v),
            None => return illegal(MISMATCH),
        },
        None => {
            if let Some(o) = value.as_ref() {
                let class = s.classes.class(s.object(o).class).name.to_string();
                let want = elem
                    .strip_prefix('L')
                    .and_then(|e| e.strip_suffix(';'))
                    .unwrap_or(&elem);
                if !class_assignable(s, &class, want) {
                    return illegal("array element type mismatch");
                }
            }
            store(s, r, i, value);
        }
    }
    void()
}

fn set_primitive<const K: char>(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let (r, elem) = match check(s, a, true) {
        Ok(x) => x,
        Err(t) => return Ok(t),
    };
    if let Err(t) = element(s, r, a) {
        return Ok(t);
    }
    match widen(a[2], K as u8, elem.as_bytes()[0]) {
        Some(v) => {
            store(s, r, a[1].as_int() as usize, v);
            void()
        }
        None => illegal(MISMATCH),
    }
}

/// `multiNewArray(componentType, dimensions)`: nested arrays, as
/// `multianewarray` makes them (HotSpot's checks and messages first).
fn multi_new_array(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (Some(c), Some(d)) = (arg_ref(a, 0), arg_ref(a, 1)) else {
        return npe();
    };
    let counts: Vec<i32> = match &s.object(d).body {
        Body::Array {
            data: ArrayData::I(v),
            ..
        } => v.clone(),
        _ => return illegal(MISMATCH),
    };
    if counts.is_empty() {
        return Ok(Throw(IAE, None));
    }
    if let Some(n) = counts.iter().find(|&&n| n < 0) {
        return Ok(Throw(
            "java/lang/NegativeArraySizeException",
            Some(n.to_string()),
        ));
    }
    let name = mirrored(s, c);
    let component = match primitive_descriptor(&name) {
        Some("V") => return Ok(Throw(IAE, None)),
        Some(p) => p.to_string(),
        None if name.starts_with('[') => name.to_string(),
        None => format!("L{name};"),
    };
    let depth = counts.len() + component.bytes().take_while(|&b| b == b'[').count();
    if depth > 255 {
        return illegal("Dimension too large");
    }
    let elem = format!("{}{component}", "[".repeat(counts.len() - 1));
    ret(Value::Ref(alloc_multi_array(s, &elem, &counts)))
}
