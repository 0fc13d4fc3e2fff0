//! Natives of `Double` and `Float`: text forms (`javafmt`), raw bits and
//! Java's decimal syntax for parsing.

use crate::interp::VmError;
use crate::javafmt::java_float_text;
use crate::state::*;

use super::NativeResult::{self, *};
use super::{Native, arg_ref, ret, ret_string};

/// Double's and Float's.
#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    ("java/lang/Double", "toString", "(D)Ljava/lang/String;", double_to_str),
    ("java/lang/Double", "doubleToRawLongBits", "(D)J", double_bits),
    ("java/lang/Double", "longBitsToDouble", "(J)D", bits_double),
    ("java/lang/Double", "parseDouble", "(Ljava/lang/String;)D", parse_double),
    ("java/lang/Float", "toString", "(F)Ljava/lang/String;", float_to_str),
    ("java/lang/Float", "floatToRawIntBits", "(F)I", float_bits),
    ("java/lang/Float", "intBitsToFloat", "(I)F", bits_float),
    ("java/lang/Float", "parseFloat", "(Ljava/lang/String;)F", parse_float),
];

fn double_to_str(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let modern = s.config.host.shortest_floats();
    ret_string(s, &java_float_text(a[0].as_double(), false, modern))
}

fn float_to_str(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let modern = s.config.host.shortest_floats();
    ret_string(
        s,
        &java_float_text(f64::from(a[0].as_float()), true, modern),
    )
}

fn double_bits(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Long(a[0].as_double().to_bits() as i64))
}

fn bits_double(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Double(f64::from_bits(a[0].as_long() as u64)))
}

fn float_bits(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Int(a[0].as_float().to_bits() as i32))
}

fn bits_float(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Float(f32::from_bits(a[0].as_int() as u32)))
}

fn parse_double(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    parse_as(s, a, super::fparse::DOUBLE)
}

fn parse_float(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    parse_as(s, a, super::fparse::FLOAT)
}

/// The JDK's `FloatingDecimal.readJavaFormatString`, its messages included.
fn parse_as(s: &mut State, a: &[Value], f: super::fparse::Format) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else {
        // Where the JDK's FloatingDecimal dereferences it (JDK 17: `trim()`).
        let message = crate::interp::npe::jdk_null_parameter(
            "jdk/internal/math/FloatingDecimal",
            "readJavaFormatString",
            "(Ljava/lang/String;",
            0,
        );
        return Ok(Throw(
            "java/lang/NullPointerException",
            Some(message.unwrap_or_else(|| {
                "Cannot invoke \"String.trim()\" because \"in\" is null".into()
            })),
        ));
    };
    let text = s.string(r).unwrap_or_default();
    match super::fparse::parse(&text, f) {
        Ok(v) if f.is_float() => ret(Value::Float(v as f32)),
        Ok(v) => ret(Value::Double(v)),
        Err(msg) => Ok(Throw("java/lang/NumberFormatException", Some(msg))),
    }
}
