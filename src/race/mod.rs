//! Data races (JLS 17.4.5; the rccjava seed's notion): two accesses to one
//! instance field, static field or array element by different threads, at
//! least one a write, not ordered by happens-before. Accesses to `volatile`
//! fields are synchronization actions, never races. A program without data
//! races in its sequentially consistent executions is correctly
//! synchronized: the Java memory model then gives it no other executions,
//! so a search under sequential consistency covers what a real JVM does.
//!
//! Two checks of the one notion, tested against each other:
//!
//! - [`pending`], for the explorer: a state in which two threads' next
//!   instructions are conflicting accesses. Those two can run back to back
//!   with nothing in between to order them, so that is a race; conversely,
//!   if some execution has a race, reordering it (keeping happens-before)
//!   brings the two accesses of its first race next to each other, so some
//!   reachable state has such a pair. The check is a function of the state
//!   alone, so it stays exact under state caching and any search order.
//! - [`clock::Detector`], for `m5 run --races`: happens-before along one
//!   executed schedule, by vector clocks with FastTrack's epochs (Flanagan
//!   and Freund, PLDI 2009).

pub mod access;
pub mod clock;
pub mod mode;
pub mod segment;

use crate::classfile::{ArrKind, Effect, Insn};
use crate::interp;
pub use crate::state::segments::{Race, Side};
use crate::state::{InitStatus, State, ThreadId, Value};
use access::{Access, Location};

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.write { "write" } else { "read" };
        write!(f, "{what} by thread {} at {}", self.thread, self.at)
    }
}

impl std::fmt::Display for Race {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "data race on {}: {}, then {}",
            self.location, self.first, self.second
        )
    }
}

/// The access `th`'s next instruction makes that can take part in a race:
/// a read or write of a field, static or array element that the step
/// really performs (the object is not null, the index is in bounds, the
/// class is initialized or initializes in the same step, the stored
/// reference fits the array, no monitor or class initialization code
/// comes first); a `volatile` field's access is atomic. Not the JDK's own
/// plain accesses (`jdk_internal`).
pub fn next_access(s: &State, th: ThreadId) -> Option<Access> {
    next_access_at(s, &interp::Next::of(s, th)?)
}

/// [`next_access`] of a next step already found.
pub fn next_access_at(s: &State, n: &interp::Next) -> Option<Access> {
    let interp::Next { th, t, f, insn } = *n;
    if !t.is_alive() || t.wait.is_some() || t.initializing() {
        return None;
    }
    if f.needs_monitor() {
        return None;
    }
    let (volatile, static_owner) = match insn.effect() {
        Effect::ReadField(r) | Effect::WriteField(r) => (r.volatile, None),
        Effect::ReadStatic(r) | Effect::WriteStatic(r) => (r.volatile, Some(r.owner)),
        // Not a field access: `next_access` says what, if anything, it touches.
        Effect::Frame
        | Effect::Constant(_)
        | Effect::ReadElement(_)
        | Effect::WriteElement(_)
        | Effect::ArrayLength
        | Effect::Invoke(..)
        | Effect::Concat(_)
        | Effect::New(_)
        | Effect::NewArray(_)
        | Effect::Cast(_)
        | Effect::InstanceOf(_)
        | Effect::Throw
        | Effect::MonitorEnter
        | Effect::MonitorExit
        | Effect::Return(_)
        | Effect::Unsupported(_) => (false, None),
    };
    // The JDK's own volatile accesses are atomic: they can race only with
    // a program's plain access to the same variable (`AtomicInteger`'s
    // `getPlain` against its `set`).
    if !volatile && jdk_internal_at(s, n) {
        return None;
    }
    if let Some(owner) = static_owner {
        // The access happens in this step if the class is initialized
        // or initializes at once (no code to run: `ensure_init`).
        let owner = owner?;
        let ready = match s.init.get(owner as usize)? {
            InitStatus::Done => true,
            InitStatus::Uninitialized => interp::exec::trivial_init(s, th, owner),
            InitStatus::Running(_) | InitStatus::Failed => false,
        };
        if !ready {
            return None;
        }
    }
    let a = access::access_at(s, n)?;
    if let Location::Element(r, i) = a.location {
        let (_, data) = s.object(r).array()?;
        if i < 0 || i as usize >= data.len() {
            return None;
        }
        if let Effect::WriteElement(ArrKind::A) = insn.effect()
            && let Some(Value::Ref(v)) = f.stack.last()
            && !interp::runtime::assignable_to(s, *v, s.object(r).array()?.0)
        {
            return None;
        }
    }
    match a.location {
        Location::Monitor(_) => None,
        _ => Some(a),
    }
}

/// The heap accesses of the native method `th`'s next step calls,
/// for the natives that read or write program-visible data:
/// `System.arraycopy` (the source range read, the destination range
/// written, when every check passes), `Object.clone` (every field or
/// element of the receiver read) and `Thread.getName` (its `name` field).
/// and a program's own `VarHandle` and `Unsafe` accesses, with their modes
/// ([`mode::memory_access`]). Other natives touch only VM state, immutable
/// strings or their own synchronization, and the library's own `VarHandle`
/// and `Unsafe` accesses are volatile ones that never race.
pub fn native_accesses(s: &State, th: ThreadId) -> Vec<Access> {
    native_accesses_given(s, th, mode::memory_access(s, th))
}

/// [`native_accesses`], given the step's [`mode::memory_access`].
pub fn native_accesses_given(s: &State, th: ThreadId, mem: Option<mode::MemAccess>) -> Vec<Access> {
    if let Some(m) = mem {
        return if m.jdk { Vec::new() } else { m.accesses() };
    }
    let mut out = Vec::new();
    let Some(t) = s.thread(th) else { return out };
    if !t.is_alive() || t.wait.is_some() || t.initializing() {
        return out;
    }
    let Some(f) = t.top() else { return out };
    if f.needs_monitor() {
        return out;
    }
    let Some(Insn::Invoke(kind, m)) = f.method.code.get(f.ip as usize) else {
        return out;
    };
    let arg = |k: usize| {
        f.stack
            .len()
            .checked_sub(m.arg_slots as usize - k)
            .and_then(|i| f.stack.get(i))
            .copied()
    };
    let obj = |k: usize| match arg(k) {
        Some(Value::Ref(r)) => Some(r),
        _ => None,
    };
    let Some(callee) = interp::invoke_target(s, f, *kind, m) else {
        return out;
    };
    let callee = s.classes.method(callee);
    if !callee.is_native() {
        return out;
    }
    let int = |k: usize| match arg(k) {
        Some(Value::Int(i)) => Some(i),
        _ => None,
    };
    match (&*callee.class_name, &*callee.name) {
        ("java/lang/System", "arraycopy") => {
            let (Some(src), Some(sp), Some(dst), Some(dp), Some(len)) =
                (obj(0), int(1), obj(2), int(3), int(4))
            else {
                return out;
            };
            let (Some((se, sd)), Some((de, dd))) = (s.object(src).array(), s.object(dst).array())
            else {
                return out;
            };
            let prim = |e: &str| !e.starts_with('L') && !e.starts_with('[');
            let fits = |p: i32, n: usize| p >= 0 && p as i64 + len as i64 <= n as i64;
            if ((prim(se) || prim(de)) && se != de) || len < 0 || !fits(sp, sd.len()) {
                return out;
            }
            if !fits(dp, dd.len()) {
                return out;
            }
            for i in 0..len {
                out.push(Access {
                    location: Location::Element(src, sp + i),
                    write: false,
                    atomic: false,
                });
                out.push(Access {
                    location: Location::Element(dst, dp + i),
                    write: true,
                    atomic: false,
                });
            }
        }
        ("java/lang/Object", "clone") => {
            let Some(r) = obj(0) else { return out };
            let o = s.object(r);
            match o.array() {
                Some((_, data)) => {
                    for i in 0..data.len() as i32 {
                        out.push(Access {
                            location: Location::Element(r, i),
                            write: false,
                            atomic: false,
                        });
                    }
                }
                None => {
                    for slot in 0..o.fields().len() as u32 {
                        out.push(Access {
                            location: Location::Field(r, slot),
                            write: false,
                            atomic: false,
                        });
                    }
                }
            }
        }
        ("java/lang/Thread", "getName") => {
            let Some(r) = obj(0) else { return out };
            let o = s.object(r);
            if let Some(slot) = s
                .classes
                .class(o.class)
                .layout
                .iter()
                .position(|fs| &*fs.name == "name" && &*fs.desc == "Ljava/lang/String;")
            {
                out.push(Access {
                    location: Location::Field(r, slot as u32),
                    write: false,
                    atomic: false,
                });
            }
        }
        _ => {}
    }
    out
}

/// Is `th`'s next step a field, static or array access made by the JDK's
/// own code (a class read from the user's JDK)? The JDK's classes are
/// written against the Java memory model and race on purpose in places
/// (`AbstractQueuedSynchronizer`'s node fields, a lock's owner): m5 does
/// not report races between such accesses. It does not order anything by
/// the plain ones either: they are scheduling points of every granularity
/// (the search interleaves other threads there) that neither enter a
/// thread's open segment nor end it, so the program's own races are still
/// found. The volatile ones synchronize, as anyone's.
pub fn jdk_internal(s: &State, th: ThreadId) -> bool {
    interp::Next::of(s, th).is_some_and(|n| jdk_internal_at(s, &n))
}

/// [`jdk_internal`] of a next step already found.
pub fn jdk_internal_at(s: &State, n: &interp::Next) -> bool {
    let (f, insn) = (n.f, n.insn);
    let memory = match insn.effect() {
        Effect::ReadField(_)
        | Effect::WriteField(_)
        | Effect::ReadStatic(_)
        | Effect::WriteStatic(_)
        | Effect::ReadElement(_)
        | Effect::WriteElement(_) => true,
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
        | Effect::MonitorEnter
        | Effect::MonitorExit
        | Effect::Return(_)
        | Effect::Unsupported(_) => false,
    };
    memory && s.classes.class(f.method.class).from_jdk
}

/// Every access `th`'s next step performs that can take part in a race:
/// its instruction's ([`next_access`]) or the native method's it calls
/// ([`native_accesses`]).
pub fn next_accesses(s: &State, th: ThreadId) -> Vec<Access> {
    match next_access(s, th) {
        Some(a) => vec![a],
        None => native_accesses(s, th),
    }
}

/// [`next_accesses`], given the step's [`mode::memory_access`].
pub fn next_accesses_given(s: &State, th: ThreadId, mem: Option<mode::MemAccess>) -> Vec<Access> {
    match next_access(s, th) {
        Some(a) => vec![a],
        None => native_accesses_given(s, th, mem),
    }
}

/// Where `th`'s next instruction is, as reports print it.
pub fn position(s: &State, th: ThreadId) -> String {
    interp::next_insn(s, th)
        .map(|(m, pc, _)| interp::position(s, &m, pc))
        .unwrap_or_default()
}

/// Names a location for reports: `static field Main.x`, `field Box.v of
/// (REF 5)`, `element 2 of (REF 7) (int[])`.
pub fn describe(s: &State, l: Location) -> String {
    let dotted = |n: &str| n.replace('/', ".");
    match l {
        Location::Static(slot) => s
            .classes
            .classes
            .iter()
            .find_map(|c| {
                c.statics
                    .iter()
                    .find(|st| st.2 == slot)
                    .map(|st| format!("static field {}.{}", dotted(&c.name), st.0))
            })
            .unwrap_or_else(|| format!("static slot {slot}")),
        Location::Field(r, slot) => {
            let o = s.object(r);
            match s.classes.class(o.class).layout.get(slot as usize) {
                Some(fs) => format!(
                    "field {}.{} of (REF {r})",
                    dotted(&s.classes.class(fs.declaring).name),
                    fs.name
                ),
                None => format!("field slot {slot} of (REF {r})"),
            }
        }
        Location::Element(r, i) => {
            let class = interp::runtime::java_class_name(s, r);
            format!("element {i} of (REF {r}) ({class})")
        }
        Location::Monitor(r) => format!("the monitor of (REF {r})"),
    }
}

/// Two threads whose next steps race, lowest thread numbers first: the
/// race, with the thread to step first and the one to step second.
pub fn pending(s: &State) -> Option<Race> {
    pending_where(s, |_| true)
}

/// `pending`, among the races `keep` accepts.
pub fn pending_where(s: &State, keep: impl Fn(&Race) -> bool) -> Option<Race> {
    if s.ended() {
        return None;
    }
    let accesses: Vec<(ThreadId, Access)> = s
        .live_threads()
        .into_iter()
        .flat_map(|t| next_accesses(s, t).into_iter().map(move |a| (t, a)))
        .collect();
    for (i, (t, a)) in accesses.iter().enumerate() {
        for (u, b) in &accesses[i + 1..] {
            if t != u && a.may_race(b) {
                let race = Race {
                    location: describe(s, a.location),
                    first: Side {
                        thread: *t,
                        write: a.write,
                        at: position(s, *t),
                    },
                    second: Side {
                        thread: *u,
                        write: b.write,
                        at: position(s, *u),
                    },
                };
                if keep(&race) {
                    return Some(race);
                }
            }
        }
    }
    None
}
