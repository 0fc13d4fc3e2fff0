//! The natives behind system properties and the environment: each reads
//! the run's one table (`Config::host`, `state::host`).
//!
//! Until a program asks for the properties as an object (`getProperties`,
//! `setProperty`, ...), `System.getProperty` answers from the table in one
//! step; after that, from the model's `SystemProperties` object, which was
//! filled from the table and which the program may change (the static
//! `System.props`, read and written here so that every step on it is one
//! native step). A property `java` sets whose value m5 does not know stops
//! the run when it is read, never a made-up value.

use crate::state::host::NotModeled;
use crate::state::*;

use super::VmError;
use super::natives::NativeResult;
use super::runtime::alloc_array;
use super::strings::new_string;

fn ret(v: Value) -> Result<NativeResult, VmError> {
    Ok(NativeResult::Return(Some(v)))
}

fn string_or_null(s: &mut State, v: Option<&str>) -> Result<NativeResult, VmError> {
    match v {
        Some(v) => {
            let v = v.to_string();
            ret(Value::Ref(new_string(s, &v)))
        }
        None => ret(Value::Null),
    }
}

fn not_modeled(e: NotModeled) -> VmError {
    VmError::NotModeled(e.0)
}

/// The string argument `i` (`None` for null).
fn string_arg(s: &State, a: &[Value], i: usize) -> Option<String> {
    a.get(i)
        .and_then(|v| v.as_ref())
        .map(|r| s.string(r).unwrap_or_default())
}

/// The global slot of the static `name` of m5's System (`props`, `env`).
fn slot(s: &State, name: &str) -> Result<usize, VmError> {
    s.classes
        .by_name("java/lang/System")
        .and_then(|c| c.statics.iter().find(|f| &*f.0 == name))
        .map(|f| f.2 as usize)
        .ok_or_else(|| VmError::Other(format!("m5's System has no field {name}")))
}

fn props_slot(s: &State) -> Result<usize, VmError> {
    slot(s, "props")
}

/// Sets the static at `slot` to `v` unless it is set; returns its value.
fn publish_at(s: &mut State, slot: usize, v: Value) -> Result<NativeResult, VmError> {
    if s.statics[slot] == Value::Null {
        s.statics.set(slot, v);
    }
    ret(s.statics[slot])
}

const SYSTEM_PROPERTIES: &str = "java/lang/SystemProperties";

/// `System.property0(key)`: the checks of `System.getProperty`, then the
/// properties object if there is one (the caller asks it), else the value.
pub fn property0(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(key) = string_arg(s, a, 0) else {
        return Ok(NativeResult::Throw(
            "java/lang/NullPointerException",
            Some("key can't be null".into()),
        ));
    };
    if key.is_empty() {
        return Ok(NativeResult::Throw(
            "java/lang/IllegalArgumentException",
            Some("key can't be empty".into()),
        ));
    }
    let props = s.statics[props_slot(s)?];
    if let Some(r) = props.as_ref() {
        // m5's object answers from the table until it is filled.
        let unfilled = matches!(s.field(r, "filled"), Some(Value::Int(0)));
        if !(unfilled && s.classes.class(s.object(r).class).name.as_ref() == SYSTEM_PROPERTIES) {
            return ret(props);
        }
    }
    let host = s.config.host.clone();
    let v = host.property(&key).map_err(not_modeled)?;
    string_or_null(s, v)
}

/// `System.initialProperty(key)`, `SystemProperties.initial0(key)`: the
/// value `java` started with.
pub fn initial_property(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let key = string_arg(s, a, 0).unwrap_or_default();
    let host = s.config.host.clone();
    let v = host.property(&key).map_err(not_modeled)?;
    string_or_null(s, v)
}

/// `VM.getSavedProperty(key)` (a JDK method m5 answers): the properties
/// the JVM saved at start-up, its internal ones and the initial system
/// properties (the JDK's `VM.saveProperties` is never run in m5).
pub fn saved_property(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let key = string_arg(s, a, 0).unwrap_or_default();
    let host = s.config.host.clone();
    let v = match host.internal.iter().find(|(k, _)| *k == key) {
        Some((_, v)) => Some(v.as_str()),
        None => host.property(&key).map_err(not_modeled)?,
    };
    string_or_null(s, v)
}

/// `System.props0()`: the properties object, or null.
pub fn props0(s: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(s.statics[props_slot(s)?])
}

/// `System.publish(p)`: makes `p` the properties object unless there is
/// one already; returns the one there is.
pub fn publish(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let slot = props_slot(s)?;
    publish_at(s, slot, a[0])
}

/// `System.env0()`: the environment map, or null.
pub fn env0(s: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(s.statics[slot(s, "env")?])
}

/// `System.publishEnv(e)`: as `publish`, for the environment map.
pub fn publish_env(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let slot = slot(s, "env")?;
    publish_at(s, slot, a[0])
}

/// `System.setProps0(p)`: `System.setProperties` (null: the initial ones again).
pub fn set_props0(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let slot = props_slot(s)?;
    s.statics.set(slot, a[0]);
    Ok(NativeResult::Return(None))
}

/// `SystemProperties.size0()`: how many initial properties `java` has,
/// the internal ones included (the capacity the JDK gives the object).
pub fn size0(s: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    let h = &s.config.host;
    ret(Value::Int((h.properties.len() + h.internal.len()) as i32))
}

fn string_array(s: &mut State, items: &[String]) -> Result<NativeResult, VmError> {
    let refs: Vec<Value> = items.iter().map(|t| Value::Ref(new_string(s, t))).collect();
    let r = alloc_array(s, "Ljava/lang/String;", ArrayData::A(refs));
    ret(Value::Ref(r))
}

/// `SystemProperties.known0()`: key, value, key, value, ... of the
/// initial properties whose values m5 knows.
pub fn known0(s: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    let host = s.config.host.clone();
    let (known, _) = host.known_and_unknown().map_err(not_modeled)?;
    let flat: Vec<String> = known
        .iter()
        .flat_map(|(k, v)| [k.to_string(), v.to_string()])
        .collect();
    string_array(s, &flat)
}

/// `SystemProperties.unknown0()`: the keys `java` sets whose values m5
/// does not know.
pub fn unknown0(s: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    let host = s.config.host.clone();
    let (_, unknown) = host.known_and_unknown().map_err(not_modeled)?;
    let keys: Vec<String> = unknown.iter().map(|k| k.to_string()).collect();
    string_array(s, &keys)
}

/// `SystemProperties.notModeled(key)`: the program read property `key`,
/// or enumerated the properties while `key` was among them, and m5 does
/// not know its value.
pub fn not_modeled0(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let key = string_arg(s, a, 0).unwrap_or_default();
    let why = s
        .config
        .host
        .why_unknown(&key)
        .unwrap_or_else(|| format!("system property {key:?}"));
    Err(VmError::NotModeled(why))
}

/// `System.environ()`: name, value, name, value, ... in the process's order.
pub fn environ(s: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    let flat: Vec<String> = s
        .config
        .host
        .env
        .iter()
        .flat_map(|(k, v)| [k.clone(), v.clone()])
        .collect();
    string_array(s, &flat)
}

/// `System.getenv(name)`.
pub fn getenv0(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(name) = string_arg(s, a, 0) else {
        // Where the JDK's ProcessEnvironment dereferences it (JDK 17:
        // `getBytes()`, JDK 19+ `getBytes(Charset)`).
        let message = crate::interp::npe::jdk_null_parameter(
            "java/lang/ProcessEnvironment$Variable",
            "valueOfQueryOnly",
            "(Ljava/lang/String;",
            0,
        );
        return Ok(NativeResult::Throw(
            "java/lang/NullPointerException",
            Some(message.unwrap_or_else(|| {
                "Cannot invoke \"String.getBytes()\" because \"str\" is null".into()
            })),
        ));
    };
    let host = s.config.host.clone();
    string_or_null(s, host.getenv(&name))
}
