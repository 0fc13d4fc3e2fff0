//! The true natives beneath m5's model library, by family (one file and one
//! table per family), and the lookup that binds a method to its native.
//! Each native sees its arguments (receiver first) before they are popped,
//! and either returns, throws, or blocks — blocking must leave the state
//! untouched, so that a blocked step is a no-op.

use std::sync::LazyLock;

use crate::state::*;

use super::VmError;
use super::strings::new_string;

mod arrays;
mod class;
mod classinfo;
mod fdlibm;
mod files;
mod float;
mod fparse;
mod math;
mod memory;
mod object;
mod reflect;
mod services;
mod system;
mod thread;

pub(crate) use class::class_component;
pub(crate) use thread::thread_current;

pub enum NativeResult {
    Return(Option<Value>),
    Throw(&'static str, Option<String>),
    /// Cannot go on until the event happens; the state is unchanged.
    Block(Wake),
    /// The native began a class's initialization (its frames are pushed;
    /// the call runs again when they return) or threw: nothing more to do.
    Again,
}

pub type NativeFn = fn(&mut State, ThreadId, &[Value]) -> Result<NativeResult, VmError>;

/// (class, name, descriptor, implementation).
pub type Native = (&'static str, &'static str, &'static str, NativeFn);

use NativeResult::*;

const UNSAFE: &str = "jdk/internal/misc/Unsafe";

/// Every family's table. The library's NATIVES.md documents the same
/// entries.
const FAMILIES: &[&[Native]] = &[
    object::NATIVES,
    class::NATIVES,
    classinfo::NATIVES,
    files::NATIVES,
    reflect::NATIVES,
    arrays::NATIVES,
    thread::NATIVES,
    system::NATIVES,
    float::NATIVES,
    math::NATIVES,
    memory::NATIVES,
    services::NATIVES,
];

/// The JDK methods, not native in the JDK, that m5 answers itself: the
/// JDK's code needs what only the VM sets up (SharedSecrets' access
/// objects, VarHandles on the model's fields, the saved properties, the
/// model's modules).
const PEERS: &[(&str, &str)] = &[
    ("jdk/internal/access/SharedSecrets", "getJavaLangAccess"),
    ("java/lang/invoke/MethodHandles$Lookup", "findVarHandle"),
    (
        "java/lang/invoke/MethodHandles$Lookup",
        "findStaticVarHandle",
    ),
    ("java/lang/invoke/MethodHandles", "arrayElementVarHandle"),
    ("jdk/internal/misc/VM", "getSavedProperty"),
    ("java/lang/Module", "implIsExportedOrOpen"),
    ("jdk/internal/module/ServicesCatalog", "findServices"),
    // Sub-word CAS: Java over the int word around the field in the JDK.
    (UNSAFE, "compareAndSetBoolean"),
    (UNSAFE, "compareAndExchangeBoolean"),
    (UNSAFE, "compareAndSetByte"),
    (UNSAFE, "compareAndExchangeByte"),
    (UNSAFE, "compareAndSetShort"),
    (UNSAFE, "compareAndExchangeShort"),
    (UNSAFE, "compareAndSetChar"),
    (UNSAFE, "compareAndExchangeChar"),
];

/// All natives, the families' tables one after another: `bind`'s index
/// points into it.
pub static NATIVES: LazyLock<Vec<Native>> =
    LazyLock::new(|| FAMILIES.iter().flat_map(|f| f.iter().copied()).collect());

fn ret(v: Value) -> Result<NativeResult, VmError> {
    Ok(Return(Some(v)))
}
fn void() -> Result<NativeResult, VmError> {
    Ok(Return(None))
}
/// Initializes class `cid` for a native that needs it: None when it is
/// ready, else what the native returns (`Again` once `<clinit>` is pushed
/// or threw, `Block` while another thread initializes it).
fn init_first(
    s: &mut State,
    th: ThreadId,
    cid: crate::classfile::ClassId,
) -> Result<Option<NativeResult>, VmError> {
    Ok(match super::exec::ensure_init(s, th, cid)? {
        super::exec::Init::Ready => None,
        super::exec::Init::Pushed | super::exec::Init::Threw => Some(Again),
        super::exec::Init::Blocked(c) => Some(Block(Wake::Init(c))),
    })
}
fn npe() -> Result<NativeResult, VmError> {
    Ok(Throw("java/lang/NullPointerException", None))
}
fn arg_ref(args: &[Value], i: usize) -> Option<Ref> {
    args.get(i).and_then(|v| v.as_ref())
}
fn ret_string(s: &mut State, text: &str) -> Result<NativeResult, VmError> {
    let r = new_string(s, text);
    ret(Value::Ref(r))
}

/// Binds a native method to its implementation (index into `NATIVES`).
///
/// The loader asks for every native method, and for every method of the
/// JDK's classes. An entry stands in for a native method; it replaces the
/// bytecode of a JDK method that is not native only when `PEERS` names
/// that method (Java PathFinder's native peers). So where a newer JDK
/// writes a former native in Java (JDK 21+'s `StrictMath`, its fdlibm
/// port), the JDK's own bytecode runs and gives its exact results.
pub fn bind(class: &str, name: &str, desc: &str, native: bool) -> Option<u16> {
    if !native && !PEERS.contains(&(class, name)) {
        return None;
    }
    static INDEX: std::sync::OnceLock<rustc_hash::FxHashMap<(&str, &str, &str), u16>> =
        std::sync::OnceLock::new();
    INDEX
        .get_or_init(|| {
            NATIVES
                .iter()
                .enumerate()
                .map(|(i, (c, n, d, _))| ((*c, *n, *d), i as u16))
                .collect()
        })
        .get(&(class, name, desc))
        .copied()
}

pub(super) fn zero_long(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Long(0))
}

pub(super) fn nothing(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    void()
}

pub(super) fn yes(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Int(1))
}

pub(super) fn no(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Int(0))
}
