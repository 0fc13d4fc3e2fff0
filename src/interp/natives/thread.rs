//! Natives of `java.lang.Thread`: start, the current thread, sleep,
//! state; interrupts and parking (`parking`), identity (`threads`).

use crate::interp::VmError;
use crate::interp::parking as P;
use crate::interp::runtime::why_stuck;
use crate::interp::{NoOp, clock, threads};
use crate::state::*;

use super::NativeResult::{self, *};
use super::{Native, UNSAFE, arg_ref, nothing, npe, ret, void};

/// Thread's, ThreadGroup's and Unsafe's park/unpark.
#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    ("java/lang/Thread", "start", "()V", thread_start),
    ("java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", thread_current),
    ("java/lang/Thread", "sleep", "(J)V", thread_sleep),
    ("java/lang/Thread", "yield", "()V", nothing),
    ("java/lang/Thread", "holdsLock", "(Ljava/lang/Object;)Z", thread_holds_lock),
    ("java/lang/Thread", "interrupt", "()V", P::interrupt),
    ("java/lang/Thread", "isInterrupted", "()Z", P::is_interrupted),
    ("java/lang/Thread", "interrupted", "()Z", P::interrupted),
    ("java/lang/Thread", "getName", "()Ljava/lang/String;", threads::get_name),
    ("java/lang/Thread", "isAlive", "()Z", thread_is_alive),
    ("java/lang/Thread", "nextThreadId", "()J", threads::next_thread_id),
    ("java/lang/Thread", "jdkFeature", "()I", jdk_feature),
    ("java/lang/ThreadGroup", "activeCount", "()I", threads::active_count),
    ("java/lang/ThreadGroup", "liveThreads", "()[Ljava/lang/Thread;", threads::live_threads),
    (UNSAFE, "park", "(ZJ)V", P::park),
    (UNSAFE, "unpark", "(Ljava/lang/Object;)V", P::unpark),
    ("java/lang/Thread", "state0", "()I", thread_state),
    ("jdk/internal/vm/ContinuationSupport", "isSupported0", "()Z", no_continuations),
];

/// `Unsafe.getReference(o, offset)` (and its volatile form). One field
/// reads differently: m5's `Thread.group` is null for a thread in "main"
/// (the main thread's object has no constructor run; see Thread.java)
/// where the JDK's holds the group, and JDK 17's `InnocuousThread` (the
/// threads of `Cleaner`, which `java.util.Timer` makes) reads it through
/// Unsafe. A thread that has not ended reads `ThreadGroup.MAIN`,
/// initialized first, as `getThreadGroup` answers.
pub(super) fn get_reference(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    use crate::interp::offsets::{self as U, Op};
    let got = U::access::<'L', { Op::Get as u8 }>(s, th, a)?;
    if !matches!(got, Return(Some(Value::Null))) {
        return Ok(got);
    }
    // Most null reads are of other objects: one lookup, then out.
    let thread = arg_ref(a, 1)
        .and_then(|r| thread_of(s, r))
        .is_some_and(|t| !s.threads[t as usize].is_terminated());
    if !thread {
        return Ok(got);
    }
    let (Some(tc), Some(gc)) = (s.classes.id(threads::THREAD), s.classes.id(threads::GROUP)) else {
        return Ok(got);
    };
    let group = U::declared_slot(s, tc, "group").map(|i| i as i64);
    if group != Some(a[2].as_long()) {
        return Ok(got);
    }
    if let Some(again) = super::init_first(s, th, gc)? {
        return Ok(again);
    }
    match crate::interp::runtime::static_slot(s, threads::GROUP, "MAIN") {
        Some(main) => ret(s.statics[main]),
        None => Ok(got),
    }
}

/// The first thread whose thread object is `r` (M5's rule for `start`).
fn thread_of(s: &State, r: Ref) -> Option<ThreadId> {
    s.thread_of_object.get(&r).copied()
}

/// `start` marks the first thread whose object is the receiver as scheduled.
fn thread_start(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    match thread_of(s, r) {
        Some(t) if s.threads[t as usize].status == Status::Unscheduled => {
            // A daemon does not keep the program alive (JLS 12.8); its
            // status is fixed from here on (setDaemon throws while alive).
            let daemon = threads::is_daemon(s, r)?;
            let x = s.thread_mut(t);
            x.status = Status::Scheduled;
            x.daemon = daemon;
            s.aux.sched_gen += 1;
            s.aux.wakes.push(Wake::Started(t));
            if !daemon {
                s.alive += 1;
            }
            void()
        }
        _ => Ok(Throw("java/lang/IllegalThreadStateException", None)),
    }
}

pub(crate) fn thread_current(
    s: &mut State,
    th: ThreadId,
    _: &[Value],
) -> Result<NativeResult, VmError> {
    ret(Value::Ref(threads::object_of(s, th)?))
}

/// `sleep(ms)` takes two steps: the call sets the thread's deadline on the
/// virtual clock and runs again as the next step, which ends the sleep at
/// any time (`clock`): by an interrupt that came meanwhile, or by timing
/// out. A negative time throws, as does an interrupt pending at the call,
/// even for `sleep(0)` (as HotSpot's); `sleep(0)` is a scheduling point.
fn thread_sleep(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let interrupted = || {
        Ok(Throw(
            "java/lang/InterruptedException",
            Some("sleep interrupted".into()),
        ))
    };
    if let Some(deadline) = s.threads[th as usize].timeout {
        s.thread_mut(th).timeout = None;
        if P::take_interrupt(s, th)? {
            return interrupted();
        }
        clock::time_out(s, deadline);
        return void();
    }
    let ms = a.first().map_or(0, |v| v.as_long());
    if ms < 0 {
        return Ok(Throw(
            "java/lang/IllegalArgumentException",
            Some("timeout value is negative".into()),
        ));
    }
    if P::take_interrupt(s, th)? {
        return interrupted();
    }
    if ms == 0 {
        return void();
    }
    let deadline = clock::deadline_after(s, clock::millis_to_nanos(ms));
    s.thread_mut(th).timeout = Some(deadline);
    s.aux.sched_gen += 1;
    s.aux.timed_gen += 1;
    Ok(NativeResult::Again)
}

/// `Thread.holdsLock(obj)`: the current thread owns obj's monitor.
fn thread_holds_lock(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let o = s.object(r);
    ret(Value::Int(i32::from(o.mcount > 0 && o.monitor == th)))
}

fn thread_is_alive(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    ret(Value::Int(i32::from(
        thread_of(s, r).is_some_and(|t| s.threads[t as usize].is_alive()),
    )))
}

/// `Thread.getState()`'s number: see the model's Thread.java.
fn thread_state(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let Some(t) = thread_of(s, r) else {
        return ret(Value::Int(0));
    };
    let x = s.thread(t).expect("thread of an object");
    let state = if x.status == Status::Unscheduled {
        0
    } else if x.is_terminated() {
        5
    } else if t == th {
        1
    } else if let Some(w) = x.wait.filter(|w| !w.notified) {
        if w.deadline.is_some() { 4 } else { 3 }
    } else if x.timeout.is_some() {
        4
    } else {
        match why_stuck(s, t) {
            Some(NoOp::Blocked(Wake::Monitor(_))) => 2,
            Some(NoOp::Blocked(Wake::Notify(_))) => 2,
            Some(NoOp::Blocked(Wake::Unpark(_) | Wake::Ended(_))) => 3,
            _ => 1,
        }
    };
    ret(Value::Int(state))
}

/// `ContinuationSupport.isSupported0()` (JDK 21+): false. m5 has no
/// continuations (as HotSpot with -XX:-VMContinuations), so the JDK makes
/// each virtual thread a bound one: a thread of the model like any other.
fn no_continuations(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Int(0))
}

/// `Thread.jdkFeature()` (m5's): the JDK's feature release, 17 when m5
/// cannot tell (`Host::feature`).
pub(super) fn jdk_feature(
    s: &mut State,
    _: ThreadId,
    _: &[Value],
) -> Result<NativeResult, VmError> {
    Ok(NativeResult::Return(Some(Value::Int(
        s.config.host.feature.max(17) as i32,
    ))))
}
