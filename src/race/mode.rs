//! The memory accesses of `VarHandle` and `Unsafe` natives, with their
//! access modes (the JDK 9 memory model, `VarHandle`'s documentation):
//!
//! - plain (`get`, `set`; `Unsafe.getInt`, `putInt`, `getReference`, …):
//!   an ordinary field or element access; it orders nothing and races
//!   like a `getfield` or `putfield`.
//! - opaque (`getOpaque`, `setOpaque`, `weakCompareAndSetPlain`): atomic
//!   and coherent, so never a race with another atomic access, but it
//!   orders nothing else (no happens-before edge).
//! - acquire and release (`getAcquire`, `setRelease`, the `…Acquire` and
//!   `…Release` read-modify-writes): a release write synchronizes with an
//!   acquire read that sees it, as a volatile pair does; nothing else.
//! - volatile (`getVolatile`, `setVolatile`, `compareAndSet`, `getAndAdd`,
//!   …; `Unsafe`'s `…Volatile` and compare-and-set): as a `volatile`
//!   field's accesses.
//!
//! The JDK's `Unsafe` implements its acquire, release, opaque and
//! read-modify-write methods in Java over the volatile natives, so an
//! access's mode is the one of the outermost `Unsafe` method on the stack
//! (the one the caller called). Its maker is the first frame below that is
//! neither `Unsafe` nor a `java.util.concurrent.atomic.Atomic*` class:
//! `AtomicInteger.getPlain`, `setOpaque`, `lazySet` … are the program's
//! own accesses in those modes. Accesses the rest of the library makes
//! (`jdk`) keep m5's policy for the JDK: volatile reads and writes of
//! their location, never reported as races.

use crate::classfile::{ClassTable, Insn};
use crate::interp;
use crate::race::access::{Access, Location};
use crate::state::{Body, State, ThreadId, Value};
use std::sync::Arc;

const UNSAFE: &str = "jdk/internal/misc/Unsafe";
const VAR_HANDLE: &str = "java/lang/invoke/VarHandle";
const ATOMICS: &str = "java/util/concurrent/atomic/Atomic";
const REFLECT_FIELD: &str = "java/lang/reflect/Field";

/// A class whose accesses are made on its caller's behalf (reflection's
/// `Field.get`/`set` read and write through Unsafe in the model's
/// `Field` and `FieldAccess`: the program's own plain or volatile access).
fn transparent(class: &str) -> bool {
    class == UNSAFE || class.starts_with(ATOMICS) || class.starts_with(REFLECT_FIELD)
}

/// An access mode, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Plain,
    Opaque,
    Acquire,
    Release,
    Volatile,
}

impl Mode {
    /// Not plain: never a race with another atomic access.
    pub fn atomic(self) -> bool {
        self != Mode::Plain
    }

    /// Its read synchronizes with the release write it sees.
    pub fn acquires(self) -> bool {
        matches!(self, Mode::Acquire | Mode::Volatile)
    }

    /// Its write synchronizes with the acquire reads that see it.
    pub fn releases(self) -> bool {
        matches!(self, Mode::Release | Mode::Volatile)
    }

    /// The mode of a `VarHandle` access method.
    pub fn of_var_handle(name: &str) -> Mode {
        match name {
            "get" | "set" => Mode::Plain,
            "getOpaque" | "setOpaque" | "weakCompareAndSetPlain" => Mode::Opaque,
            _ => Self::by_suffix(name).unwrap_or(Mode::Volatile),
        }
    }

    /// The mode of a `jdk.internal.misc.Unsafe` method: `getInt`,
    /// `putReference`, `getLongUnaligned` are plain; `…Volatile`,
    /// compare-and-set and `getAndAdd…` volatile; the suffixes say the rest.
    pub fn of_unsafe(name: &str) -> Mode {
        if let Some(m) = Self::by_suffix(name) {
            return m;
        }
        if name.starts_with("putOrdered") {
            return Mode::Release;
        }
        let plain =
            (name.starts_with("get") && !name.starts_with("getAnd")) || name.starts_with("put");
        if plain && !name.contains("Volatile") {
            Mode::Plain
        } else {
            Mode::Volatile
        }
    }

    fn by_suffix(name: &str) -> Option<Mode> {
        if name.ends_with("Acquire") {
            Some(Mode::Acquire)
        } else if name.ends_with("Release") {
            Some(Mode::Release)
        } else if name.ends_with("Opaque") || name.ends_with("Plain") {
            Some(Mode::Opaque)
        } else {
            None
        }
    }
}

/// The memory access a `VarHandle` or `Unsafe` native makes in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemAccess {
    pub location: Location,
    /// It reads the variable (a get, a compare-and-set, a read-modify-write).
    pub read: bool,
    /// It writes it (a set, a read-modify-write, a compare-and-set that
    /// succeeds: a failing one is a read only).
    pub write: bool,
    pub mode: Mode,
    /// Made by the library's own code (the JDK's or m5's model).
    pub jdk: bool,
}

impl MemAccess {
    /// The read, then the write, as the race checks see them.
    pub fn accesses(&self) -> Vec<Access> {
        let atomic = self.mode.atomic();
        [(self.read, false), (self.write, true)]
            .into_iter()
            .filter(|&(made, _)| made)
            .map(|(_, write)| Access {
                location: self.location,
                write,
                atomic,
            })
            .collect()
    }
}

/// What an access method does with its variable.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Get,
    Set,
    CompareAndSet,
    ReadModifyWrite,
}

fn op_of(name: &str) -> Op {
    if name.starts_with("getAnd") {
        Op::ReadModifyWrite
    } else if name.starts_with("get") {
        Op::Get
    } else if name.starts_with("set") || name.starts_with("put") {
        Op::Set
    } else {
        Op::CompareAndSet
    }
}

/// The kind tag an `Unsafe` native's name gives (`getIntVolatile`: `I`).
fn unsafe_kind(name: &str) -> Option<u8> {
    let rest = ["compareAndExchange", "compareAndSet", "get", "put"]
        .iter()
        .find_map(|p| name.strip_prefix(p))?;
    let word = rest.strip_suffix("Volatile").unwrap_or(rest);
    Some(match word {
        "Int" => b'I',
        "Long" => b'J',
        "Reference" => b'L',
        "Boolean" => b'Z',
        "Byte" => b'B',
        "Short" => b'S',
        "Char" => b'C',
        "Float" => b'F',
        "Double" => b'D',
        _ => return None,
    })
}

/// The call `th`'s next step makes, when the thread can step, the step is
/// a call, and the callee may be an `Unsafe` or `VarHandle` method: what
/// [`memory_access`] and [`fence`] look at, found once per step.
#[derive(Clone, Copy)]
pub struct Call<'s> {
    t: &'s crate::state::Thread,
    f: &'s crate::state::Frame,
    m: &'s crate::classfile::MethodRef,
    callee: &'s Arc<crate::classfile::Method>,
}

impl<'s> Call<'s> {
    /// The call `th`'s next step makes (see [`Call`]).
    pub fn next(s: &'s State, th: ThreadId) -> Option<Call<'s>> {
        Self::at(s, &interp::Next::of(s, th)?)
    }

    /// The call of a next step already found.
    pub fn at(s: &'s State, n: &interp::Next<'s>) -> Option<Call<'s>> {
        let Insn::Invoke(kind, m) = n.insn else {
            return None;
        };
        let (t, f) = (n.t, n.f);
        if !t.is_alive() || t.wait.is_some() || t.initializing() {
            return None;
        }
        if !may_select_access_class(s, m) {
            return None;
        }
        let callee = s.classes.method(interp::invoke_target(s, f, *kind, m)?);
        Some(Call { t, f, m, callee })
    }
}

/// Whether a call of `m` may run a method of `Unsafe` or `VarHandle`: the
/// method a call selects is the resolved one or overrides it, so it lies in
/// the resolved method's class or below it (JVMS 5.4.6); below `Object`, an
/// interface, `Unsafe` or `VarHandle` neither class lies. A cheap test
/// before the selection, which every step of a call would otherwise pay.
fn may_select_access_class(s: &State, m: &crate::classfile::MethodRef) -> bool {
    let Some(id) = m.resolved else {
        return true;
    };
    let r = s.classes.method(id);
    matches!(&*r.class_name, UNSAFE | VAR_HANDLE | "java/lang/Object")
        || s.classes.class(r.class).is_interface()
}

/// The access `th`'s next step makes if it calls a `VarHandle` access
/// method or an `Unsafe` memory native. A program's own access is there
/// only if it is really made (no exception); a compare-and-set writes only
/// if it will succeed.
pub fn memory_access(s: &State, th: ThreadId) -> Option<MemAccess> {
    memory_access_of(s, &Call::next(s, th)?)
}

/// [`memory_access`] of a call already found.
pub fn memory_access_of(s: &State, call: &Call) -> Option<MemAccess> {
    let Call { t, f, m, callee } = *call;
    if !callee.is_native() {
        return None;
    }
    let base = f.stack.len().checked_sub(m.arg_slots as usize)?;
    let args = &f.stack[base..];
    let name = &*callee.name;
    // The outermost `Unsafe` method on the stack gives the mode; the first
    // frame below that is no atomic class made the access.
    let mut mode_name = callee.name.clone();
    let mut maker = None;
    for fr in t.stack.iter().rev() {
        if !transparent(&fr.method.class_name) {
            maker = Some(fr);
            break;
        }
        if &*fr.method.class_name == UNSAFE {
            mode_name = fr.method.name.clone();
        }
    }
    let jdk = maker.is_none_or(|fr| s.classes.class(fr.method.class).from_library);
    let (location, mode, current) = match &*callee.class_name {
        UNSAFE => {
            let memory = ["get", "put", "compareAndSet", "compareAndExchange"]
                .iter()
                .any(|p| name.starts_with(p));
            if !memory || name.starts_with("getLoadAverage") {
                return None;
            }
            let location = field_or_element(s, *args.get(1)?, args.get(2)?.as_long())?;
            let current =
                unsafe_kind(name).and_then(|k| interp::offsets::current_and_first(s, args, k));
            (location, Mode::of_unsafe(&mode_name), current)
        }
        VAR_HANDLE => {
            let vh = args.first()?.as_ref()?;
            let offset = s.field(vh, "offset")?.as_long();
            let location = if s.field(vh, "isStatic").is_some_and(|v| v.as_int() != 0) {
                Location::Static(u32::try_from(offset).ok()?)
            } else if offset >= 0 {
                field_or_element(s, *args.get(1)?, offset)?
            } else {
                let r = args.get(1)?.as_ref()?;
                Location::Element(r, args.get(2)?.as_int())
            };
            let current = interp::varhandle::current_and_first(s, args);
            (location, Mode::of_var_handle(name), current)
        }
        _ => return None,
    };
    let op = op_of(name);
    if jdk {
        // The library's accesses: a volatile read and write, as before.
        return Some(MemAccess {
            location,
            read: true,
            write: true,
            mode: Mode::Volatile,
            jdk,
        });
    }
    // A program's access that throws or is not modeled makes none.
    let (old, first) = current?;
    Some(MemAccess {
        location,
        read: op != Op::Set,
        write: match op {
            Op::Get => false,
            Op::Set | Op::ReadModifyWrite => true,
            Op::CompareAndSet => Some(old) == first,
        },
        mode,
        jdk,
    })
}

/// A fence the program's own code makes (`VarHandle`'s and `Unsafe`'s):
/// a release fence makes the thread's later atomic writes release what
/// came before it; an acquire fence makes its earlier atomic reads acquire
/// what they saw. `fullFence` is both; `loadLoadFence` and `storeStoreFence`
/// are taken as the acquire and the release fence (they order no less
/// for message passing). The library's own fences are nothing (its
/// accesses are volatile already).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fence {
    pub acquire: bool,
    pub release: bool,
}

/// The fence `th`'s next step makes, if it calls one.
pub fn fence(s: &State, th: ThreadId) -> Option<Fence> {
    fence_of(s, &Call::next(s, th)?)
}

/// [`fence`] of a call already found.
pub fn fence_of(s: &State, call: &Call) -> Option<Fence> {
    let Call { t, callee, .. } = *call;
    let name = match &*callee.class_name {
        VAR_HANDLE => callee.name.clone(),
        // The natives `fullFence`, `loadFence`, `storeFence`, called by the
        // program or by the outermost `Unsafe` method.
        UNSAFE if callee.is_native() => {
            let mut name = callee.name.clone();
            for fr in t.stack.iter().rev() {
                if &*fr.method.class_name != UNSAFE {
                    break;
                }
                name = fr.method.name.clone();
            }
            name
        }
        _ => return None,
    };
    let (acquire, release) = match &*name {
        "fullFence" => (true, true),
        "acquireFence" | "loadFence" | "loadLoadFence" => (true, false),
        "releaseFence" | "storeFence" | "storeStoreFence" => (false, true),
        _ => return None,
    };
    let maker = t
        .stack
        .iter()
        .rev()
        .find(|fr| !transparent(&fr.method.class_name))?;
    if s.classes.class(maker.method.class).from_library {
        return None;
    }
    Some(Fence { acquire, release })
}

/// Can the program read another thread's write without synchronizing with
/// it and without a race? Only through its own opaque accesses and
/// read-modify-writes that only acquire or only release (plain accesses
/// race; a release write and an acquire read synchronize): does its code
/// call such a `VarHandle`, `Unsafe` or atomic class method? Then two
/// threads' next steps racing is not the only way a race shows (see
/// `explore::transition`).
pub fn weak_reads(t: &ClassTable) -> bool {
    let weak = |name: &str| {
        let rmw = ["compareAndExchange", "weakCompareAndSet", "getAnd"]
            .iter()
            .any(|p| name.starts_with(p));
        name.ends_with("Opaque")
            || name.ends_with("Plain")
            || (rmw && (name.ends_with("Acquire") || name.ends_with("Release")))
    };
    t.methods.iter().any(|m| {
        !t.class(m.class).from_library
            && m.code.iter().any(|i| {
                matches!(i, Insn::Invoke(_, r)
                    if (&*r.class == VAR_HANDLE || transparent(&r.class)) && weak(&r.name))
            })
    })
}

/// The field or array element at `Unsafe`'s `offset` in `o`.
fn field_or_element(s: &State, o: Value, offset: i64) -> Option<Location> {
    let Value::Ref(r) = o else { return None };
    if offset >= interp::offsets::STATIC_BASE && matches!(s.object(r).body, Body::Mirror { .. }) {
        // (`staticFieldBase`/`staticFieldOffset`: the static's global slot,
        // the location `getstatic` and a static VarHandle name.)
        return Some(Location::Static(
            u32::try_from(offset - interp::offsets::STATIC_BASE).ok()?,
        ));
    }
    match s.object(r).array() {
        None => Some(Location::Field(r, u32::try_from(offset).ok()?)),
        Some((elem, _)) => {
            let scale = interp::offsets::scale(elem.as_bytes()[0]);
            let i = (offset - interp::offsets::ARRAY_BASE) / scale;
            Some(Location::Element(r, i32::try_from(i).ok()?))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Mode::*;
    use super::*;

    #[test]
    fn var_handle_modes() {
        for (name, mode) in [
            ("get", Plain),
            ("set", Plain),
            ("getOpaque", Opaque),
            ("setOpaque", Opaque),
            ("weakCompareAndSetPlain", Opaque),
            ("getAcquire", Acquire),
            ("compareAndExchangeAcquire", Acquire),
            ("getAndAddAcquire", Acquire),
            ("setRelease", Release),
            ("weakCompareAndSetRelease", Release),
            ("getVolatile", Volatile),
            ("setVolatile", Volatile),
            ("compareAndSet", Volatile),
            ("weakCompareAndSet", Volatile),
            ("getAndSet", Volatile),
            ("getAndBitwiseXor", Volatile),
        ] {
            assert_eq!(Mode::of_var_handle(name), mode, "{name}");
        }
    }

    #[test]
    fn unsafe_modes() {
        for (name, mode) in [
            ("getInt", Plain),
            ("putReference", Plain),
            ("getLongUnaligned", Plain),
            ("getIntOpaque", Opaque),
            ("putIntOpaque", Opaque),
            ("weakCompareAndSetIntPlain", Opaque),
            ("getReferenceAcquire", Acquire),
            ("putReferenceRelease", Release),
            ("putOrderedInt", Release),
            ("getAndAddIntRelease", Release),
            ("getIntVolatile", Volatile),
            ("putLongVolatile", Volatile),
            ("compareAndSetInt", Volatile),
            ("compareAndExchangeReference", Volatile),
            ("weakCompareAndSetLong", Volatile),
            ("getAndAddInt", Volatile),
            ("getAndSetReference", Volatile),
        ] {
            assert_eq!(Mode::of_unsafe(name), mode, "{name}");
        }
    }

    #[test]
    fn unsafe_kinds() {
        assert_eq!(unsafe_kind("getIntVolatile"), Some(b'I'));
        assert_eq!(unsafe_kind("compareAndSetReference"), Some(b'L'));
        assert_eq!(unsafe_kind("compareAndExchangeLong"), Some(b'J'));
        assert_eq!(unsafe_kind("putBoolean"), Some(b'Z'));
        assert_eq!(unsafe_kind("getLoadAverage0"), None);
    }
}
