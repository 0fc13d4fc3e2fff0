//! The shared location a thread's next instruction reads or writes: what
//! schedulers that look at conflicts between pending steps need (two
//! accesses conflict when they touch one location and one writes).

use crate::classfile::{ArrKind, Effect};
use crate::interp;
pub use crate::state::segments::Location;
use crate::state::{State, ThreadId, Value};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub location: Location,
    pub write: bool,
    /// A synchronizing or atomic access (a `volatile` field's; an opaque,
    /// acquire, release or volatile `VarHandle` or `Unsafe` access; a
    /// monitor's): two such accesses never race with each other.
    pub atomic: bool,
}

impl Access {
    /// Do the two accesses conflict (one location, one of them writes)?
    pub fn conflicts(&self, other: &Access) -> bool {
        self.location == other.location && (self.write || other.write)
    }

    /// Can the two race: they conflict and at least one is a plain access
    /// (JLS 17.4.5 for fields; for `VarHandle` access modes, the JDK 9
    /// memory model, where only plain accesses take part in data races).
    pub fn may_race(&self, other: &Access) -> bool {
        self.conflicts(other) && !(self.atomic && other.atomic)
    }
}

/// What `th`'s next instruction accesses, if it is a field, static, array
/// element or monitor access whose operands are already on the stack.
pub fn next_access(s: &State, th: ThreadId) -> Option<Access> {
    access_at(s, &interp::Next::of(s, th)?)
}

/// [`next_access`] of a next step already found.
pub fn access_at(_s: &State, n: &interp::Next) -> Option<Access> {
    let (insn, stack) = (n.insn, &n.f.stack);
    // The operand `depth` slots below the top (long and double take two).
    let at = |depth: usize| {
        stack
            .len()
            .checked_sub(1 + depth)
            .and_then(|i| stack.get(i))
            .copied()
    };
    let object = |depth: usize| match at(depth)? {
        Value::Ref(r) => Some(r),
        _ => None,
    };
    let wide = |desc: &str| matches!(desc.as_bytes().first(), Some(b'J' | b'D'));
    let (location, write, atomic) = match insn.effect() {
        Effect::ReadStatic(f) => (Location::Static(f.slot?), false, f.volatile),
        Effect::WriteStatic(f) => (Location::Static(f.slot?), true, f.volatile),
        Effect::ReadField(f) => (Location::Field(object(0)?, f.slot?), false, f.volatile),
        Effect::WriteField(f) => {
            let size = if wide(&f.desc) { 2 } else { 1 };
            (Location::Field(object(size)?, f.slot?), true, f.volatile)
        }
        Effect::ReadElement(_) => match at(0)? {
            Value::Int(i) => (Location::Element(object(1)?, i), false, false),
            _ => return None,
        },
        Effect::WriteElement(k) => {
            let size = if matches!(k, ArrKind::L | ArrKind::D) {
                2
            } else {
                1
            };
            match at(size)? {
                Value::Int(i) => (Location::Element(object(size + 1)?, i), true, false),
                _ => return None,
            }
        }
        Effect::MonitorEnter | Effect::MonitorExit => (Location::Monitor(object(0)?), true, true),
        // No field, static, element or monitor of their own (a native
        // callee's accesses are `race::native_accesses`').
        Effect::Frame
        | Effect::Constant(_)
        | Effect::ArrayLength
        | Effect::Invoke(..)
        | Effect::Concat(_)
        | Effect::New(_)
        | Effect::NewArray(_)
        | Effect::Cast(_)
        | Effect::InstanceOf(_)
        | Effect::Throw
        | Effect::Return(_)
        | Effect::Unsupported(_) => return None,
    };
    Some(Access {
        location,
        write,
        atomic,
    })
}
