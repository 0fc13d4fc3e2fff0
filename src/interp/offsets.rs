//! m5's `jdk.internal.misc.Unsafe`: the memory accesses the JDK's own
//! java.util and java.util.concurrent make by offset (atomics, locks,
//! `ConcurrentHashMap`, `ArraysSupport`).
//!
//! Addressing. An instance field's offset is its slot in the object's
//! layout; an array element's is `ARRAY_BASE + index * scale`, with the
//! element sizes of HotSpot (references 4 bytes). Primitive arrays are also
//! read and written as little-endian bytes at any offset (the JDK reads a
//! `long` out of a `byte[]` to compare arrays). A static field's offset
//! is `STATIC_BASE` plus its global slot, with its class's mirror as the
//! base. Anything else — off-heap memory, a field read at a width it does
//! not have — stops the run with an error naming it: never a guess.
//!
//! Every access here is one step and a scheduling point (natives never are
//! thread-local), so a compare-and-set is atomic as in the JVM; volatile,
//! opaque, acquire and release variants are the same access in m5's
//! sequentially consistent model (the race checks tell them apart:
//! `race::mode`).

use crate::state::*;

use super::VmError;
use super::natives::NativeResult::{self, Return, Throw};

/// A static field's offset (`staticFieldOffset`) is its global static
/// slot above this, read with the class's mirror as the base
/// (`staticFieldBase`): no offset of a `Class` object's own instance
/// fields (`Class.reflectionData`, ...) can mean a static.
pub const STATIC_BASE: i64 = 1 << 32;

/// Offset of element 0 in every array.
pub const ARRAY_BASE: i64 = 16;

/// Bytes per element of an array whose component descriptor starts with
/// `tag`, and per access of that kind (references: 4, as HotSpot's
/// compressed ones).
pub fn scale(tag: u8) -> i64 {
    match tag {
        b'Z' | b'B' => 1,
        b'C' | b'S' => 2,
        b'I' | b'F' => 4,
        b'J' | b'D' => 8,
        _ => 4,
    }
}

fn unsupported(what: String) -> VmError {
    VmError::Other(format!("Unsafe: {what} is not modeled by m5"))
}

/// Width in bytes of an access of kind `k` (a descriptor tag).
fn width(k: u8) -> usize {
    scale(k) as usize
}

/// The offset of element `index` of an array whose component descriptor
/// starts with `tag`.
pub fn element_offset(tag: u8, index: i64) -> i64 {
    ARRAY_BASE + index * scale(tag)
}

/// The slot of the instance field `name` that class `cid` itself declares.
pub fn declared_slot(s: &State, cid: crate::classfile::ClassId, name: &str) -> Option<usize> {
    s.classes
        .class(cid)
        .layout
        .iter()
        .rposition(|f| f.declaring == cid && *f.name == *name)
}

/// What an atomic access does once it has read the old value (`Unsafe`'s
/// and `VarHandle`'s access methods alike).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Op {
    Get,
    Set,
    CompareAndSet,
    CompareAndExchange,
    GetAndSet,
    GetAndAdd,
    GetAndOr,
    GetAndAnd,
    GetAndXor,
}

impl Op {
    pub const ALL: [Op; 9] = [
        Op::Get,
        Op::Set,
        Op::CompareAndSet,
        Op::CompareAndExchange,
        Op::GetAndSet,
        Op::GetAndAdd,
        Op::GetAndOr,
        Op::GetAndAnd,
        Op::GetAndXor,
    ];
}

/// One atomic access of a variable of kind `kind` holding `old`, with the
/// access method's values `v1` (and `v2`); `put` stores. The result is what
/// the access method returns. Compare-and-set compares references by
/// identity and primitives by their bits.
pub fn apply(
    s: &mut State,
    op: Op,
    kind: u8,
    old: Value,
    v1: Value,
    v2: Value,
    put: impl Fn(&mut State, Value) -> Result<(), VmError>,
) -> Result<NativeResult, VmError> {
    let result = match op {
        Op::Get => Some(old),
        Op::Set => {
            put(s, v1)?;
            None
        }
        Op::CompareAndSet | Op::CompareAndExchange => {
            let hit = old == v1;
            if hit {
                put(s, v2)?;
            }
            Some(if op == Op::CompareAndSet {
                Value::Int(i32::from(hit))
            } else {
                old
            })
        }
        Op::GetAndSet => {
            put(s, v1)?;
            Some(old)
        }
        Op::GetAndAdd | Op::GetAndOr | Op::GetAndAnd | Op::GetAndXor => {
            let new = match (old, v1, op) {
                (Value::Int(x), Value::Int(y), Op::GetAndAdd) if kind != b'Z' => {
                    Value::Int(x.wrapping_add(y))
                }
                (Value::Long(x), Value::Long(y), Op::GetAndAdd) => Value::Long(x.wrapping_add(y)),
                (Value::Float(x), Value::Float(y), Op::GetAndAdd) => Value::Float(x + y),
                (Value::Double(x), Value::Double(y), Op::GetAndAdd) => Value::Double(x + y),
                (Value::Int(x), Value::Int(y), Op::GetAndOr) => Value::Int(x | y),
                (Value::Int(x), Value::Int(y), Op::GetAndAnd) => Value::Int(x & y),
                (Value::Int(x), Value::Int(y), Op::GetAndXor) => Value::Int(x ^ y),
                (Value::Long(x), Value::Long(y), Op::GetAndOr) => Value::Long(x | y),
                (Value::Long(x), Value::Long(y), Op::GetAndAnd) => Value::Long(x & y),
                (Value::Long(x), Value::Long(y), Op::GetAndXor) => Value::Long(x ^ y),
                _ => {
                    return Err(VmError::Other(format!(
                        "an atomic {} on a variable of kind {} is not modeled by m5",
                        match op {
                            Op::GetAndAdd => "add",
                            _ => "bitwise operation",
                        },
                        kind as char
                    )));
                }
            };
            put(s, new)?;
            Some(old)
        }
    };
    Ok(Return(result))
}

/// The raw bits of element `i` of a primitive array.
fn elem_bits(d: &ArrayData, i: usize) -> u64 {
    match d {
        ArrayData::B(v) => v[i] as u8 as u64,
        ArrayData::C(v) => v[i] as u64,
        ArrayData::S(v) => v[i] as u16 as u64,
        ArrayData::I(v) => v[i] as u32 as u64,
        ArrayData::J(v) => v[i] as u64,
        ArrayData::F(v) => v[i] as u64,
        ArrayData::D(v) => v[i],
        ArrayData::A(_) => unreachable!("primitive arrays only"),
    }
}

fn set_elem_bits(d: &mut ArrayData, i: usize, bits: u64) {
    match d {
        ArrayData::B(v) => v[i] = bits as i8,
        ArrayData::C(v) => v[i] = bits as u16,
        ArrayData::S(v) => v[i] = bits as i16,
        ArrayData::I(v) => v[i] = bits as i32,
        ArrayData::J(v) => v[i] = bits as i64,
        ArrayData::F(v) => v[i] = bits as u32,
        ArrayData::D(v) => v[i] = bits,
        ArrayData::A(_) => unreachable!("primitive arrays only"),
    }
}

/// A value of kind `k` from its little-endian bits.
fn from_bits(k: u8, bits: u64) -> Value {
    match k {
        b'Z' => Value::Int(i32::from(bits as u8 != 0)),
        b'B' => Value::Int(bits as u8 as i8 as i32),
        b'C' => Value::Int(bits as u16 as i32),
        b'S' => Value::Int(bits as u16 as i16 as i32),
        b'I' => Value::Int(bits as u32 as i32),
        b'F' => Value::Float(f32::from_bits(bits as u32)),
        b'J' => Value::Long(bits as i64),
        _ => Value::Double(f64::from_bits(bits)),
    }
}

fn to_bits(k: u8, v: Value) -> u64 {
    match k {
        b'J' => v.as_long() as u64,
        b'F' => v.as_float().to_bits() as u64,
        b'D' => v.as_double().to_bits(),
        b'Z' => u64::from(v.as_int() & 1 != 0),
        _ => v.as_int() as u32 as u64,
    }
}

/// Narrows an int-like value to what a field or element of kind `k` holds.
fn narrow(k: u8, v: Value) -> Value {
    match (k, v) {
        (b'Z', Value::Int(x)) => Value::Int(x & 1),
        (b'B', Value::Int(x)) => Value::Int(x as i8 as i32),
        (b'C', Value::Int(x)) => Value::Int(x as u16 as i32),
        (b'S', Value::Int(x)) => Value::Int(x as i16 as i32),
        _ => v,
    }
}

/// Is a field of descriptor `desc` accessed as kind `k` at its own width?
fn field_fits(desc: &str, k: u8) -> bool {
    let d = desc.as_bytes()[0];
    match k {
        b'L' => d == b'L' || d == b'[',
        _ => d == k,
    }
}

/// Reads a value of kind `k` at `(o, off)`.
pub fn read(s: &State, o: Value, off: i64, k: u8) -> Result<Value, VmError> {
    let Value::Ref(r) = o else {
        return Err(unsupported(format!("reading memory at address {off}")));
    };
    let obj = s.object(r);
    match &obj.body {
        Body::Mirror { name, .. } if off >= STATIC_BASE => {
            let (slot, _) = static_at(s, name, off, k)?;
            Ok(s.statics[slot as usize])
        }
        Body::Fields(fields) | Body::Mirror { fields, .. } => {
            let i = instance_slot(s, r, fields.len(), off, k, "reading")?;
            Ok(fields[i])
        }
        Body::Array { elem, data } => {
            let at = element(elem, data.len(), off, k)?;
            match at {
                At::Ref(i) => Ok(data.get(i)),
                At::Bytes(b) => Ok(from_bits(k, read_bytes(data, elem, b, width(k)))),
            }
        }
    }
}

/// The slot of the instance field at `off` in object `r` (of `len`
/// fields), which a `k` access fits.
fn instance_slot(
    s: &State,
    r: Ref,
    len: usize,
    off: i64,
    k: u8,
    doing: &str,
) -> Result<usize, VmError> {
    let slot = usize::try_from(off).ok().filter(|&i| i < len);
    let Some(i) = slot else {
        return Err(unsupported(format!(
            "offset {off} in a {}",
            class_name(s, r)
        )));
    };
    let f = &s.classes.class(s.object(r).class).layout[i];
    if !field_fits(&f.desc, k) {
        return Err(unsupported(format!(
            "{doing} field {}:{} as {}",
            f.name, f.desc, k as char
        )));
    }
    Ok(i)
}

/// The static field `staticFieldOffset` gave `off` for, in the class
/// `name` (a mirror's), which a `k` access fits: its global slot and
/// descriptor's first byte.
fn static_at(s: &State, name: &str, off: i64, k: u8) -> Result<(u32, u8), VmError> {
    let slot = u32::try_from(off - STATIC_BASE).ok();
    let field = s.classes.id(name).and_then(|cid| {
        s.classes
            .class(cid)
            .statics
            .iter()
            .find(|f| Some(f.2) == slot)
    });
    let Some((fname, desc, slot, _)) = field else {
        return Err(unsupported(format!(
            "offset {off} among the statics of {}",
            name.replace('/', ".")
        )));
    };
    if !field_fits(desc, k) {
        return Err(unsupported(format!(
            "static field {fname}:{desc} accessed as {}",
            k as char
        )));
    }
    Ok((*slot, desc.as_bytes()[0]))
}

/// Writes `v` (of kind `k`) at `(o, off)`.
pub fn write(s: &mut State, o: Value, off: i64, k: u8, v: Value) -> Result<(), VmError> {
    let Value::Ref(r) = o else {
        return Err(unsupported(format!("writing memory at address {off}")));
    };
    // (Where the value goes, with the descriptor's tag that narrows it.)
    enum Target {
        Static(u32, u8),
        Field(usize, u8),
        Element,
    }
    let target = match &s.object(r).body {
        Body::Mirror { name, .. } if off >= STATIC_BASE => {
            let (slot, d) = static_at(s, name, off, k)?;
            Target::Static(slot, d)
        }
        Body::Fields(f) | Body::Mirror { fields: f, .. } => {
            let i = instance_slot(s, r, f.len(), off, k, "writing")?;
            let layout = &s.classes.class(s.object(r).class).layout;
            Target::Field(i, layout[i].desc.as_bytes()[0])
        }
        Body::Array { .. } => Target::Element,
    };
    match target {
        Target::Static(slot, d) => {
            s.statics.set(slot as usize, narrow(d, v));
        }
        Target::Field(i, d) => s.object_mut(r).fields_mut()[i] = narrow(d, v),
        Target::Element => {
            if let Body::Array { elem, data } = &mut s.object_mut(r).body {
                match element(elem, data.len(), off, k)? {
                    At::Ref(i) => data.set(i, v),
                    At::Bytes(b) => {
                        let elem = elem.clone();
                        write_bytes(data, &elem, b, width(k), to_bits(k, v))
                    }
                }
            }
        }
    }
    Ok(())
}

enum At {
    /// A reference array's element.
    Ref(usize),
    /// A byte offset into a primitive array's elements.
    Bytes(usize),
}

fn element(elem: &str, len: usize, off: i64, k: u8) -> Result<At, VmError> {
    let tag = elem.as_bytes()[0];
    let b = off - ARRAY_BASE;
    let bytes = len as i64 * scale(tag);
    let w = width(k) as i64;
    if b < 0 || b + w > bytes {
        return Err(unsupported(format!(
            "offset {off} outside an array of {len} {elem}"
        )));
    }
    let is_ref = matches!(tag, b'L' | b'[');
    match (is_ref, k == b'L') {
        (true, true) if b % 4 == 0 => Ok(At::Ref((b / 4) as usize)),
        (false, false) => Ok(At::Bytes(b as usize)),
        _ => Err(unsupported(format!(
            "accessing an array of {elem} as {} at offset {off}",
            k as char
        ))),
    }
}

fn read_bytes(d: &ArrayData, elem: &str, b: usize, w: usize) -> u64 {
    let es = scale(elem.as_bytes()[0]) as usize;
    let mut out = 0u64;
    for j in 0..w {
        let byte = (elem_bits(d, (b + j) / es) >> (8 * ((b + j) % es))) & 0xff;
        out |= byte << (8 * j);
    }
    out
}

fn write_bytes(d: &mut ArrayData, elem: &str, b: usize, w: usize, bits: u64) {
    let es = scale(elem.as_bytes()[0]) as usize;
    for j in 0..w {
        let i = (b + j) / es;
        let shift = 8 * ((b + j) % es);
        let old = elem_bits(d, i);
        let byte = (bits >> (8 * j)) & 0xff;
        set_elem_bits(d, i, (old & !(0xff << shift)) | (byte << shift));
    }
}

fn class_name(s: &State, r: Ref) -> String {
    s.classes.class(s.object(r).class).name.replace('/', ".")
}

// Arguments are stack slots: this, o, offset (a long: two slots), then
// the values (a long or double takes two).
const VALUE1: usize = 4;
fn value2(k: u8) -> usize {
    VALUE1 + if matches!(k, b'J' | b'D') { 2 } else { 1 }
}

/// The current value of the variable an `Unsafe` access method's
/// arguments `a` name (`o`, `offset`) read as kind `k`, and its first value
/// argument if it has one (a compare-and-set's expected value); None where
/// the access would fail.
pub fn current_and_first(s: &State, a: &[Value], k: u8) -> Option<(Value, Option<Value>)> {
    let old = read(s, *a.get(1)?, a.get(2)?.as_long(), k).ok()?;
    Some((old, a.get(VALUE1).copied()))
}

/// An `Unsafe` access method on a variable of kind `K` (`OP`: `Op as u8`):
/// `getX(o, offset)`, `putX(o, offset, x)`, `compareAndSetX(o, offset,
/// expected, x)`, `compareAndExchangeX(...)`, plain and volatile alike.
pub fn access<const K: char, const OP: u8>(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let (o, off, k) = (a[1], a[2].as_long(), K as u8);
    let v1 = a.get(VALUE1).copied().unwrap_or(Value::Top);
    let v2 = a.get(value2(k)).copied().unwrap_or(Value::Top);
    let old = read(s, o, off, k)?;
    apply(s, Op::ALL[OP as usize], k, old, v1, v2, |s, v| {
        write(s, o, off, k, v)
    })
}

/// `objectFieldOffset1(Class, String)`: the field's slot.
pub fn field_offset(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (Some(c), Some(n)) = (a[1].as_ref(), a[2].as_ref()) else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    let class = super::runtime::mirrored(s, c);
    let field = s.string(n).unwrap_or_default();
    let Some(cid) = s.classes.id(&class) else {
        return Err(unsupported(format!("objectFieldOffset of class {class}")));
    };
    match declared_slot(s, cid, &field) {
        Some(i) => Ok(Return(Some(Value::Long(i as i64)))),
        None => Err(VmError::Other(format!(
            "Unsafe.objectFieldOffset: class {} has no field {field} in m5 \
             (the JDK's code needs it; m5's model of the class lacks it)",
            class.replace('/', ".")
        ))),
    }
}

/// `arrayBaseOffset0(Class)`.
pub fn array_base(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    Ok(Return(Some(Value::Int(ARRAY_BASE as i32))))
}

/// `arrayIndexScale0(Class)`.
pub fn array_scale(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = a[1].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    let name = super::runtime::mirrored(s, c);
    let tag = name.as_bytes().get(1).copied().unwrap_or(b'L');
    Ok(Return(Some(Value::Int(scale(tag) as i32))))
}

/// `staticFieldBase0(Field)`: the mirror of the static field's class.
pub fn static_base(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (_, class, _) = static_named(s, a)?;
    Ok(Return(Some(class)))
}

/// `staticFieldOffset0(Field)`: `STATIC_BASE` plus the static's global slot.
pub fn static_offset(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (slot, _, _) = static_named(s, a)?;
    Ok(Return(Some(Value::Long(STATIC_BASE + i64::from(slot)))))
}

/// The static field a `Field` (argument 1) names: its global slot, its
/// class's mirror and its name.
fn static_named(s: &State, a: &[Value]) -> Result<(u32, Value, String), VmError> {
    let Some(f) = a.get(1).and_then(|v| v.as_ref()) else {
        return Err(unsupported("a static field offset of null".into()));
    };
    let (Some(c), Some(n)) = (s.field(f, "clazz"), s.field(f, "name")) else {
        return Err(unsupported("a Field m5 did not make".into()));
    };
    let (Some(cr), Some(nr)) = (c.as_ref(), n.as_ref()) else {
        return Err(unsupported("a Field without a class or name".into()));
    };
    let class = super::runtime::mirrored(s, cr);
    let name = s.string(nr).unwrap_or_default();
    let slot = s
        .classes
        .id(&class)
        .and_then(|cid| s.classes.class(cid).statics.iter().find(|f| *f.0 == *name))
        .map(|f| f.2);
    match slot {
        Some(slot) => Ok((slot, c, name)),
        None => Err(unsupported(format!(
            "static field {name} of {}, which m5's class lacks",
            class.replace('/', ".")
        ))),
    }
}

/// `objectFieldOffset0(Field)`: the slot of the field a Field names.
pub fn field_offset_of(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(f) = a[1].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    if s.field(f, "isStatic").is_some_and(|v| v.as_int() != 0) {
        return Err(unsupported("the offset of a static field".into()));
    }
    let (Some(c), Some(n)) = (s.field(f, "clazz"), s.field(f, "name")) else {
        return Err(unsupported("a Field m5 did not make".into()));
    };
    field_offset(s, th, &[a[0], c, n])
}
