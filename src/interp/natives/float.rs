//! Natives of `Double` and `Float`: text forms (`javafmt`), raw bits and
//! Java's decimal syntax for parsing.

use crate::interp::VmError;
use crate::javafmt::java_float_text;
use crate::state::*;

use super::NativeResult::{self, *};
use super::{Native, arg_ref, npe, ret, ret_string};

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

/// Java's decimal syntax for `parseDouble`: optional sign, digits, exponent,
/// a trailing type suffix, "NaN", "Infinity"; surrounding whitespace ignored.
fn parse_java_float(text: &str) -> Option<f64> {
    let t = text.trim_matches(|c: char| c <= ' ');
    let body = t.strip_suffix(['f', 'F', 'd', 'D']).unwrap_or(t);
    let unsigned = body.strip_prefix(['+', '-']).unwrap_or(body);
    let neg = body.starts_with('-');
    match unsigned {
        "NaN" if body == t => return Some(f64::NAN),
        "Infinity" if body == t => {
            return Some(if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            });
        }
        _ => {}
    }
    let ok = !unsigned.is_empty()
        && unsigned
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
        && unsigned.chars().any(|c| c.is_ascii_digit());
    if !ok {
        return None;
    }
    body.parse::<f64>().ok()
}

fn parse_double(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let text = s.string(r).unwrap_or_default();
    match parse_java_float(&text) {
        Some(v) => ret(Value::Double(v)),
        None => Ok(Throw(
            "java/lang/NumberFormatException",
            Some(format!("For input string: \"{text}\"")),
        )),
    }
}

fn parse_float(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let text = s.string(r).unwrap_or_default();
    let t = text.trim_matches(|c: char| c <= ' ');
    let body = t.strip_suffix(['f', 'F', 'd', 'D']).unwrap_or(t);
    match parse_java_float(&text) {
        // Parse directly as f32 to avoid double rounding.
        Some(v) => ret(Value::Float(body.parse::<f32>().unwrap_or(v as f32))),
        None => Ok(Throw(
            "java/lang/NumberFormatException",
            Some(format!("For input string: \"{text}\"")),
        )),
    }
}
