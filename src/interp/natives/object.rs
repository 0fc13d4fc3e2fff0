//! Natives of `java.lang.Object` and `Throwable`: identity hash codes,
//! `clone`, monitors' `wait`/`notify`, stack traces and helpful NPE messages.

use crate::interp::VmError;
use crate::interp::clock;
use crate::interp::parking as P;
use crate::interp::runtime::{java_class_name, mirror};
use crate::interp::{backtrace, npe, unfixed, waitset};
use crate::state::*;

use super::NativeResult::{self, *};
use super::{Native, arg_ref, npe, ret, ret_string, void};

/// Object's, Throwable's and `System.identityHashCode`.
#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    ("java/lang/Object", "getClass", "()Ljava/lang/Class;", object_get_class),
    ("java/lang/Object", "hashCode", "()I", identity_hash),
    ("java/lang/Throwable", "stackTraceLines", "(Ljava/lang/Throwable;)Ljava/lang/String;", throwable_stack_trace_lines),
    ("java/lang/Object", "clone", "()Ljava/lang/Object;", object_clone),
    ("java/lang/Object", "wait", "()V", object_wait),
    ("java/lang/Object", "wait", "(J)V", object_wait_timed),
    ("java/lang/Object", "notify", "()V", object_notify),
    ("java/lang/Object", "notifyAll", "()V", object_notify_all),
    ("java/lang/System", "identityHashCode", "(Ljava/lang/Object;)I", system_identity_hash),
    ("java/lang/NullPointerException", "getExtendedNPEMessage", "()Ljava/lang/String;", npe_message),
];

fn object_get_class(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = match &s.object(r).body {
        Body::Array { elem, .. } => format!("[{elem}"),
        _ => s.classes.class(s.object(r).class).name.to_string(),
    };
    ret(Value::Ref(mirror(s, &name)?))
}

fn hash_of(r: Ref) -> i32 {
    // A fixed scramble of the address: stable for the object's life, like
    // HotSpot's identity hash, but deterministic.
    ((r as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as i32 & 0x7FFF_FFFF
}

/// m5's `Throwable.stackTraceLines(enclosing)`: the `\tat ...` lines
/// `printStackTrace` prints for the throwable.
fn throwable_stack_trace_lines(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let text = backtrace::lines(s, r, arg_ref(a, 1));
    ret_string(s, &text)
}

/// Identity hash codes come from allocation order here, and from a
/// per-thread random generator on HotSpot: a value a real JVM does not fix.
fn identity_hash(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    match arg_ref(a, 0) {
        Some(r) => {
            unfixed::record(s, th, "Object.hashCode");
            ret(Value::Int(hash_of(r)))
        }
        None => npe(),
    }
}

fn system_identity_hash(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    // The identity hash of null is 0 on every JVM.
    if arg_ref(a, 0).is_some() {
        unfixed::record(s, th, "System.identityHashCode");
    }
    ret(Value::Int(arg_ref(a, 0).map_or(0, hash_of)))
}

fn object_clone(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let o = s.object(r).clone();
    let cloneable = s.classes.id("java/lang/Cloneable");
    let ok = o.array().is_some() || cloneable.is_some_and(|c| s.classes.is_subclass(o.class, c));
    if !ok {
        return Ok(Throw(
            "java/lang/CloneNotSupportedException",
            Some(java_class_name(s, r)),
        ));
    }
    let copy = Object {
        monitor: 0,
        mcount: 0,
        wait_set: Vec::new(),
        notices: Vec::new(),
        ..o
    };
    ret(Value::Ref(s.alloc(copy)))
}

fn not_owner() -> Result<NativeResult, VmError> {
    Ok(Throw(
        "java/lang/IllegalMonitorStateException",
        Some("current thread is not owner".into()),
    ))
}

fn wait_impl(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
    deadline: Option<i64>,
) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let o = s.object(r);
    if o.mcount == 0 || o.monitor != th {
        return not_owner();
    }
    let count = o.mcount;
    if P::take_interrupt(s, th)? {
        return Ok(Throw("java/lang/InterruptedException", None));
    }
    let o = s.object_mut(r);
    o.mcount = 0;
    o.monitor = 0;
    waitset::enter(s, r, th);
    s.aux.sched_gen += 1;
    s.aux.timed_gen += u64::from(deadline.is_some());
    s.aux.wakes.push(Wake::Monitor(r));
    s.thread_mut(th).wait = Some(Wait {
        object: r,
        count,
        notified: false,
        deadline,
    });
    void()
}

fn object_wait(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    wait_impl(s, th, a, None)
}

/// `wait(ms)`: as `wait()`, but the timeout may end it at any step (moving
/// the clock to its deadline, `clock`); `wait(0)` waits for a notify.
fn object_wait_timed(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let ms = a.get(1).map_or(0, |v| v.as_long());
    if ms < 0 {
        return Ok(Throw(
            "java/lang/IllegalArgumentException",
            Some("timeout value is negative".into()),
        ));
    }
    let deadline = (ms > 0).then(|| clock::deadline_after(s, clock::millis_to_nanos(ms)));
    wait_impl(s, th, a, deadline)
}

fn notify_impl(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
    all: bool,
) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let o = s.object(r);
    if o.mcount == 0 || o.monitor != th {
        return not_owner();
    }
    if all {
        waitset::notify_all(s, r);
    } else {
        waitset::notify(s, r);
    }
    void()
}

fn object_notify(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    notify_impl(s, th, a, false)
}

fn object_notify_all(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    notify_impl(s, th, a, true)
}

/// `NullPointerException.getExtendedNPEMessage()`: the helpful message for
/// the throw site the VM recorded in the exception (`npe`), or null.
fn npe_message(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let site = |name| s.field(r, name).map_or(0, |v| v.as_int());
    let (method, pc) = (site("vmSiteMethod"), site("vmSitePc"));
    let text = (method > 0)
        .then(|| s.classes.methods.get(method as usize - 1).cloned())
        .flatten()
        .and_then(|m| npe::message(&m, pc as u32));
    match text {
        Some(t) => ret_string(s, &t),
        None => ret(Value::Null),
    }
}
