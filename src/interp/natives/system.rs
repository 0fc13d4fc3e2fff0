//! Natives of `java.lang.System` and the VM's services: arraycopy, exit,
//! the clock, `PrintStream` output, interning, properties (`system`), CDS.

use std::sync::Arc;

use crate::interp::VmError;
use crate::interp::clock;
use crate::interp::runtime::{assignable_to, java_class_name};
use crate::interp::system as SP;
use crate::interp::{strings, unfixed};
use crate::state::*;

use super::NativeResult::{self, *};
use super::{Native, arg_ref, no, nothing, npe, ret, void, yes, zero_long};

/// `AccessController`'s stack and inherited contexts: none (null).
fn null_context(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Null)
}

/// System's, PrintStream's, String's, Runtime's and CDS's.
#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    ("java/lang/String", "intern", "()Ljava/lang/String;", string_intern),
    ("java/lang/String", "notModeled", "(Ljava/lang/String;)V", string_not_modeled),
    ("java/lang/String", "jdkFeature", "()I", super::thread::jdk_feature),
    ("java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", system_arraycopy),
    ("java/lang/System", "exit", "(I)V", system_exit),
    ("java/lang/System", "currentTimeMillis", "()J", system_millis),
    ("java/lang/System", "nanoTime", "()J", system_nanos),
    ("java/io/PrintStream", "write", "(Ljava/lang/String;)V", print_write),
    // It keeps its argument alive for a stack walk: nothing to do in m5.
    ("java/security/AccessController", "ensureMaterializedForStackWalk", "(Ljava/lang/Object;)V", nothing),
    // No security manager in m5: the trivial context (`getContext` makes it
    // from null), which only a security manager's checks would read.
    ("java/security/AccessController", "getStackAccessControlContext", "()Ljava/security/AccessControlContext;", null_context),
    ("java/security/AccessController", "getInheritedAccessControlContext", "()Ljava/security/AccessControlContext;", null_context),
    ("java/security/AccessController", "getProtectionDomain", "(Ljava/lang/Class;)Ljava/security/ProtectionDomain;", super::class::protection_domain),
    // jdk.internal.misc.CDS: no class-data sharing archive in m5.
    ("jdk/internal/misc/CDS", "isDumpingClassList0", "()Z", no),
    ("jdk/internal/misc/CDS", "isDumpingArchive0", "()Z", no),
    ("jdk/internal/misc/CDS", "isSharingEnabled0", "()Z", no),
    ("jdk/internal/misc/CDS", "initializeFromArchive", "(Ljava/lang/Class;)V", nothing),
    ("jdk/internal/misc/CDS", "getRandomSeedForDumping", "()J", zero_long),
    // JDK 21+: the CDS features on, as a bit set (none).
    ("jdk/internal/misc/CDS", "getCDSConfigStatus", "()I", no),
    // JDK 21+: VM's static initializer; HotSpot restores archived state
    // there, of which m5 has none.
    ("jdk/internal/misc/VM", "initialize", "()V", nothing),
    // JDK 21+'s MethodHandles.Lookup asks it in its initializer.
    ("jdk/internal/misc/VM", "getSavedProperty", "(Ljava/lang/String;)Ljava/lang/String;", SP::saved_property),
    // System properties and the environment (system.rs): one table.
    ("java/lang/System", "property0", "(Ljava/lang/String;)Ljava/lang/Object;", SP::property0),
    ("java/lang/System", "initialProperty", "(Ljava/lang/String;)Ljava/lang/String;", SP::initial_property),
    ("java/lang/System", "props0", "()Ljava/util/Properties;", SP::props0),
    ("java/lang/System", "publish", "(Ljava/util/Properties;)Ljava/util/Properties;", SP::publish),
    ("java/lang/System", "setProps0", "(Ljava/util/Properties;)V", SP::set_props0),
    ("java/lang/System", "env0", "()Ljava/util/Map;", SP::env0),
    ("java/lang/System", "publishEnv", "(Ljava/util/Map;)Ljava/util/Map;", SP::publish_env),
    ("java/lang/System", "environ", "()[Ljava/lang/String;", SP::environ),
    ("java/lang/System", "getenv", "(Ljava/lang/String;)Ljava/lang/String;", SP::getenv0),
    ("java/lang/SystemProperties", "size0", "()I", SP::size0),
    ("java/lang/SystemProperties", "initial0", "(Ljava/lang/String;)Ljava/lang/String;", SP::initial_property),
    ("java/lang/SystemProperties", "known0", "()[Ljava/lang/String;", SP::known0),
    ("java/lang/SystemProperties", "unknown0", "()[Ljava/lang/String;", SP::unknown0),
    ("java/lang/SystemProperties", "notModeled", "(Ljava/lang/String;)V", SP::not_modeled0),
    // m5 is one processor: threads interleave, one step at a time.
    ("java/lang/Runtime", "availableProcessors", "()I", yes),
];

/// The model String's `notModeled(what)`: the run stops, saying what.
fn string_not_modeled(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let what = arg_ref(a, 0).and_then(|r| s.string(r)).unwrap_or_default();
    Err(VmError::NotModeled(what))
}

fn string_intern(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let text: Arc<str> = s.string(r).unwrap_or_default().into();
    // Text with an unpaired surrogate (read as U+FFFD) or a U+FFFD: by
    // its units, as such literals are (`strings::intern_units`).
    if text.contains('\u{FFFD}') {
        let units: Arc<[u16]> = strings::string_units(s, r).unwrap_or_default().into();
        if let Some(&i) = s.interned16.get(&units) {
            return ret(Value::Ref(i));
        }
        s.interned16.insert(units, r);
        return ret(Value::Ref(r));
    }
    if let Some(&i) = s.interned.get(&text) {
        return ret(Value::Ref(i));
    }
    s.interned.insert(text, r);
    ret(Value::Ref(r))
}

/// `System.arraycopy`, with HotSpot's checks in HotSpot's order and its
/// messages; a reference copy that meets an element the destination cannot
/// hold copies the elements before it, then throws (as HotSpot does).
fn system_arraycopy(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (Some(src), Some(dst)) = (arg_ref(a, 0), arg_ref(a, 2)) else {
        return npe();
    };
    let (sp, dp, len) = (a[1].as_int(), a[3].as_int(), a[4].as_int());
    let store = |m: String| Ok(Throw("java/lang/ArrayStoreException", Some(m)));
    let Some((se, sd)) = s.object(src).array() else {
        return store(format!(
            "arraycopy: source type {} is not an array",
            java_class_name(s, src)
        ));
    };
    let Some((de, dd)) = s.object(dst).array() else {
        return store(format!(
            "arraycopy: destination type {} is not an array",
            java_class_name(s, dst)
        ));
    };
    let prim = |e: &str| !e.starts_with('L') && !e.starts_with('[');
    // HotSpot names a primitive array by its element type, any other "object array".
    let kind = |e: &str| match e {
        "Z" => "boolean",
        "B" => "byte",
        "C" => "char",
        "S" => "short",
        "I" => "int",
        "J" => "long",
        "F" => "float",
        "D" => "double",
        _ => "object array",
    };
    if (prim(se) || prim(de)) && se != de {
        return store(format!(
            "arraycopy: type mismatch: can not copy {}[] into {}[]",
            kind(se),
            kind(de)
        ));
    }
    let (sl, dl) = (sd.len() as i64, dd.len() as i64);
    let oob = |m: String| Ok(Throw("java/lang/ArrayIndexOutOfBoundsException", Some(m)));
    if sp < 0 {
        return oob(format!(
            "arraycopy: source index {sp} out of bounds for {}[{sl}]",
            kind(se)
        ));
    }
    if dp < 0 {
        return oob(format!(
            "arraycopy: destination index {dp} out of bounds for {}[{dl}]",
            kind(de)
        ));
    }
    if len < 0 {
        return oob(format!("arraycopy: length {len} is negative"));
    }
    if sp as i64 + len as i64 > sl {
        return oob(format!(
            "arraycopy: last source index {} out of bounds for {}[{sl}]",
            sp as i64 + len as i64,
            kind(se)
        ));
    }
    if dp as i64 + len as i64 > dl {
        return oob(format!(
            "arraycopy: last destination index {} out of bounds for {}[{dl}]",
            dp as i64 + len as i64,
            kind(de)
        ));
    }
    let items: Vec<Value> = (0..len as usize).map(|i| sd.get(sp as usize + i)).collect();
    let (se, de) = (se.clone(), de.clone());
    // The element that cannot be stored, if any: the copy stops before it.
    let bad = if prim(&de) {
        None
    } else {
        items
            .iter()
            .position(|v| v.as_ref().is_some_and(|r| !assignable_to(s, r, &de)))
    };
    if let Body::Array { data, .. } = &mut s.object_mut(dst).body {
        for (i, v) in items
            .into_iter()
            .take(bad.unwrap_or(usize::MAX))
            .enumerate()
        {
            data.set(dp as usize + i, v);
        }
    }
    if bad.is_some() {
        // Element types as Java names them: `java.lang.String`, `[I`.
        let name = |e: &str| match e.strip_prefix('L').and_then(|x| x.strip_suffix(';')) {
            Some(c) => c.replace('/', "."),
            None => e.replace('/', "."),
        };
        return store(format!(
            "arraycopy: element type mismatch: can not cast one of the elements of {}[] to the type of the destination array, {}",
            name(&se),
            name(&de)
        ));
    }
    void()
}

fn system_exit(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    s.exit = Some(a[0].as_int());
    void()
}

/// The virtual clock (`clock`): it keeps runs reproducible, but a real
/// JVM's time differs on every run (`unfixed`).
fn system_millis(s: &mut State, th: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    unfixed::record(s, th, "System.currentTimeMillis");
    ret(Value::Long(clock::read_millis(s)))
}

fn system_nanos(s: &mut State, th: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    unfixed::record(s, th, "System.nanoTime");
    ret(Value::Long(clock::read_nanos(s)))
}

fn print_write(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (Some(ps), Some(text)) = (arg_ref(a, 0), arg_ref(a, 1)) else {
        return npe();
    };
    let fd = s.field(ps, "fd").map_or(1, |v| v.as_int());
    let units = strings::string_units(s, text).unwrap_or_default();
    let bytes = encode(&s.config.host.charset(fd), &units)?;
    if fd == 2 {
        s.aux.err.extend(bytes);
    } else {
        s.aux.out.extend(bytes);
    }
    void()
}

/// `units` as the stream's charset writes them: as Java's encoders, an
/// unpaired surrogate or a character the charset lacks is written as `?`
/// (one per code point).
fn encode(c: &crate::state::host::Charset, units: &[u16]) -> Result<Vec<u8>, VmError> {
    use crate::state::host::Charset;
    let chars = char::decode_utf16(units.iter().copied()).map(|c| c.unwrap_or('?'));
    Ok(match c {
        Charset::Utf8 => chars.collect::<String>().into_bytes(),
        Charset::Ascii => chars
            .map(|c| if c.is_ascii() { c as u8 } else { b'?' })
            .collect(),
        Charset::Latin1 => chars
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .collect(),
        Charset::Other(name) => {
            return Err(VmError::NotModeled(format!(
                "printing in the charset {name} (System.out and System.err use sun.stdout.encoding, sun.stderr.encoding or file.encoding)"
            )));
        }
    })
}
