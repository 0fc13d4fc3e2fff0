//! Strings the VM itself makes: literals (interned), native results, and
//! javac's `invokedynamic` string concatenation.

use std::sync::Arc;

use crate::classfile::{Concat, ConcatPiece};
use crate::state::*;

use super::{Outcome, VmError, frame_mut, runtime};
use crate::javafmt::java_float_text;

/// A new `java.lang.String` holding `text` (a `char[]` plus the String).
pub fn new_string(s: &mut State, text: &str) -> Ref {
    let chars: Vec<u16> = text.encode_utf16().collect();
    new_string_utf16(s, chars)
}

pub fn new_string_utf16(s: &mut State, chars: Vec<u16>) -> Ref {
    let arr = runtime::alloc_array(s, "C", ArrayData::C(chars));
    let cid = s
        .classes
        .id("java/lang/String")
        .expect("library has String");
    let r = runtime::alloc_instance(s, cid);
    s.set_field(r, "value", Value::Ref(arr));
    r
}

/// The interned String for a literal (`ldc`): equal literals are the same object.
pub fn intern(s: &mut State, text: &Arc<str>) -> Result<Ref, VmError> {
    if let Some(r) = s.interned.get(text) {
        return Ok(*r);
    }
    let r = new_string(s, text);
    s.interned.insert(text.clone(), r);
    Ok(r)
}

/// The interned String for a literal with an unpaired surrogate or a
/// U+FFFD (`Const::Utf16`), by its units.
pub fn intern_units(s: &mut State, units: &Arc<[u16]>) -> Ref {
    if let Some(&r) = s.interned16.get(units) {
        return r;
    }
    let r = new_string_utf16(s, units.to_vec());
    s.interned16.insert(units.clone(), r);
    r
}

/// `String.valueOf` of a primitive argument, by descriptor, as UTF-16
/// (a `char` is its one unit, even an unpaired surrogate).
fn primitive_text(s: &State, desc: &str, v: Value) -> Vec<u16> {
    let modern = s.config.host.shortest_floats();
    let text = match desc.as_bytes()[0] {
        b'Z' => (v.as_int() != 0).to_string(),
        b'C' => return vec![v.as_int() as u16],
        b'J' => v.as_long().to_string(),
        b'F' => java_float_text(f64::from(v.as_float()), true, modern),
        b'D' => java_float_text(v.as_double(), false, modern),
        _ => v.as_int().to_string(),
    };
    text.encode_utf16().collect()
}

/// javac's `makeConcatWithConstants`. When every argument is a primitive, a
/// String or null, the result is computed here in one step. Otherwise an
/// object's `toString()` must run as bytecode: the parts go into an
/// `Object[]` and m5's library method `StringConcatHelper.concat` is called.
pub fn concat(s: &mut State, th: ThreadId, c: &Concat) -> Result<Outcome, VmError> {
    let fr = s.threads[th as usize].top().expect("frame");
    let n = c.arg_slots as usize;
    let mut raw = fr.stack[fr.stack.len() - n..].to_vec();
    // Drop the Top halves of long/double arguments.
    let mut args = Vec::with_capacity(c.args.len());
    let mut i = 0;
    for d in &c.args {
        args.push(raw[i]);
        i += if matches!(d.as_bytes()[0], b'J' | b'D') {
            2
        } else {
            1
        };
    }
    raw.clear();
    let string_class = s.classes.id("java/lang/String");
    let is_plain = |s: &State, d: &str, v: Value| -> bool {
        !d.starts_with('L') && !d.starts_with('[')
            || v.as_ref().is_none()
            || Some(s.object(v.as_ref().unwrap()).class) == string_class
                && s.object(v.as_ref().unwrap()).array().is_none()
    };
    let all_plain = c.args.iter().zip(&args).all(|(d, v)| is_plain(s, d, *v));
    let text_of = |s: &State, d: &str, v: Value| -> Vec<u16> {
        if d.starts_with('L') || d.starts_with('[') {
            match v.as_ref() {
                None => "null".encode_utf16().collect(),
                Some(r) => string_units(s, r).unwrap_or_default(),
            }
        } else {
            primitive_text(s, d, v)
        }
    };
    if all_plain {
        let mut out: Vec<u16> = Vec::new();
        for p in &c.pieces {
            match p {
                ConcatPiece::Lit(t) => out.extend_from_slice(t),
                ConcatPiece::Arg(k) => out.extend(text_of(s, &c.args[*k], args[*k])),
            }
        }
        let r = new_string_utf16(s, out);
        let f = frame_mut(s, th);
        let len = f.stack.len();
        f.stack.truncate(len - n);
        f.stack.push(Value::Ref(r));
        f.ip += 1;
        return Ok(Outcome::Stepped);
    }
    // Build the Object[] of parts: literals and primitives as Strings, objects as they are.
    let mut parts = Vec::with_capacity(c.pieces.len());
    for p in &c.pieces {
        let v = match p {
            ConcatPiece::Lit(t) => Value::Ref(new_string_utf16(s, t.to_vec())),
            ConcatPiece::Arg(k) => {
                let d = &c.args[*k];
                if d.starts_with('L') || d.starts_with('[') {
                    args[*k]
                } else {
                    Value::Ref({
                        let t = primitive_text(s, d, args[*k]);
                        new_string_utf16(s, t)
                    })
                }
            }
        };
        parts.push(v);
    }
    let arr = runtime::alloc_array(s, "Ljava/lang/Object;", ArrayData::A(parts));
    let helper = s
        .classes
        .id("java/lang/StringConcatHelper")
        .and_then(|h| {
            s.classes
                .declared_method(h, "concat", "([Ljava/lang/Object;)Ljava/lang/String;")
                .cloned()
        })
        .ok_or_else(|| {
            VmError::Other("m5's library lacks java/lang/StringConcatHelper.concat".into())
        })?;
    if super::exec::overflow(s, th, &helper)? {
        return Ok(Outcome::Stepped);
    }
    let f = frame_mut(s, th);
    let len = f.stack.len();
    f.stack.truncate(len - n);
    f.ip += 1;
    s.thread_mut(th)
        .stack
        .push(Arc::new(Frame::new(helper, &[Value::Ref(arr)])));
    Ok(Outcome::Stepped)
}

/// The UTF-16 contents of a String object.
pub fn string_units(s: &State, r: Ref) -> Option<Vec<u16>> {
    let v = s.field(r, "value")?.as_ref()?;
    match s.object(v).array()? {
        (_, ArrayData::C(chars)) => Some(chars.clone()),
        _ => None,
    }
}
