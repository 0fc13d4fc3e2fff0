//! Java values as M5 keeps them in locals, operand stacks, fields and arrays.

use std::fmt;
use std::hash::{Hash, Hasher};

/// A heap address (M5's `(REF i)`).
pub type Ref = u32;

/// One slot. Category-2 values (long, double) take two slots in locals and
/// on the operand stack, the second being `Top`, as in the JVM specification:
/// that keeps `dup2`, `pop2` and local numbering exact.
#[derive(Clone, Copy, Debug)]
pub enum Value {
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    Ref(Ref),
    Null,
    Top,
}

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        use Value::*;
        match (self, other) {
            (Int(a), Int(b)) => a == b,
            (Long(a), Long(b)) => a == b,
            // Bitwise: states are equal when their bits are (NaN == NaN here).
            (Float(a), Float(b)) => a.to_bits() == b.to_bits(),
            (Double(a), Double(b)) => a.to_bits() == b.to_bits(),
            (Ref(a), Ref(b)) => a == b,
            (Null, Null) | (Top, Top) => true,
            _ => false,
        }
    }
}
impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, h: &mut H) {
        use Value::*;
        match self {
            Int(v) => (0u8, *v as u64).hash(h),
            Long(v) => (1u8, *v as u64).hash(h),
            Float(v) => (2u8, v.to_bits() as u64).hash(h),
            Double(v) => (3u8, v.to_bits()).hash(h),
            Ref(v) => (4u8, *v as u64).hash(h),
            Null => 5u8.hash(h),
            Top => 6u8.hash(h),
        }
    }
}

impl Value {
    /// The default value of a field or array element of descriptor `desc`.
    pub fn default_for(desc: &str) -> Value {
        match desc.as_bytes().first() {
            Some(b'J') => Value::Long(0),
            Some(b'F') => Value::Float(0.0),
            Some(b'D') => Value::Double(0.0),
            Some(b'L') | Some(b'[') => Value::Null,
            _ => Value::Int(0),
        }
    }
    #[inline]
    pub fn as_int(self) -> i32 {
        match self {
            Value::Int(v) => v,
            _ => 0,
        }
    }
    #[inline]
    pub fn as_long(self) -> i64 {
        match self {
            Value::Long(v) => v,
            _ => 0,
        }
    }
    #[inline]
    pub fn as_float(self) -> f32 {
        match self {
            Value::Float(v) => v,
            _ => 0.0,
        }
    }
    #[inline]
    pub fn as_double(self) -> f64 {
        match self {
            Value::Double(v) => v,
            _ => 0.0,
        }
    }
    /// A reference or null (`None`).
    #[inline]
    pub fn as_ref(self) -> Option<Ref> {
        match self {
            Value::Ref(r) => Some(r),
            _ => None,
        }
    }
    pub fn is_wide(self) -> bool {
        matches!(self, Value::Long(_) | Value::Double(_))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Long(v) => write!(f, "{v}L"),
            Value::Float(v) => write!(f, "{}F", crate::javafmt::float_to_string(*v)),
            Value::Double(v) => write!(f, "{}D", crate::javafmt::double_to_string(*v)),
            Value::Ref(r) => write!(f, "(REF {r})"),
            Value::Null => write!(f, "NIL"),
            Value::Top => write!(f, "TOP"),
        }
    }
}
