//! `LockSupport.park`/`unpark` (the JDK's `Unsafe.park`/`unpark`) and
//! thread interrupts: what the JDK's java.util.concurrent blocks on.
//!
//! The permit and the interrupt status live in the thread's `Thread`
//! object (fields `parkPermit` and `interrupted` of m5's model), so they
//! are part of the state the explorer compares. An untimed `park` without
//! a permit blocks (a no-op step, retried when the thread is unparked or
//! interrupted); a timed `park` ends at any later step, by timing out on
//! the virtual clock (`clock`) or consuming a permit given meanwhile. The
//! specification also lets `park` return "for no reason"; m5 does not
//! explore such spurious returns, unlike spurious wake-ups from `wait`
//! (`Config::spurious_wakeups`): the JDK's callers (AQS, and so locks,
//! conditions, latches) re-check in a loop, and trying them multiplied the
//! states of the java.util.concurrent examples by about 15 (LatchFull:
//! 1,635 to 25,318). A program that calls `LockSupport.park` itself and
//! relies on it not returning early is not caught.

use crate::state::*;

use super::VmError;
use super::clock;
use super::natives::NativeResult::{self, Block, Return, Throw};

/// The thread's `Thread` object (main's is made when first needed).
fn object_of(s: &mut State, th: ThreadId) -> Result<Ref, VmError> {
    match super::natives::thread_current(s, th, &[])? {
        Return(Some(Value::Ref(r))) => Ok(r),
        _ => Err(VmError::Other("no Thread object".into())),
    }
}

fn flag(s: &State, r: Ref, name: &str) -> Result<bool, VmError> {
    match s.field(r, name) {
        Some(v) => Ok(v.as_int() != 0),
        None => Err(VmError::Other(format!(
            "m5's model of java.lang.Thread has no field {name}"
        ))),
    }
}

fn set_flag(s: &mut State, r: Ref, name: &str, on: bool) {
    s.set_field(r, name, Value::Int(i32::from(on)));
}

/// `Unsafe.park(boolean isAbsolute, long time)`. A timed park takes two
/// steps, as `sleep` does: the call sets the deadline and runs again as the
/// next step, which returns at any time (`clock`), consuming the permit if
/// an unpark came meanwhile, or timing out.
pub fn park(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (absolute, time) = (a[1].as_int() != 0, a[2].as_long());
    let me = object_of(s, th)?;
    let timeout = s.threads[th as usize].timeout;
    if timeout.is_some() {
        s.thread_mut(th).timeout = None;
    }
    if flag(s, me, "interrupted")? {
        return Ok(Return(None));
    }
    if flag(s, me, "parkPermit")? {
        set_flag(s, me, "parkPermit", false);
        return Ok(Return(None));
    }
    if let Some(deadline) = timeout {
        clock::time_out(s, deadline);
        return Ok(Return(None));
    }
    // An absolute deadline of 0 or a relative time of 0 means no timeout.
    let deadline = match (absolute, time) {
        (false, 0) | (true, 0) => return Ok(Block(Wake::Unpark(th))),
        (false, t) if t < 0 => return Ok(Return(None)),
        (false, t) => clock::deadline_after(s, t),
        (true, t) => clock::deadline_at_millis(t),
    };
    if deadline <= s.clock {
        return Ok(Return(None));
    }
    s.thread_mut(th).timeout = Some(deadline);
    s.aux.sched_gen += 1;
    s.aux.timed_gen += 1;
    Ok(NativeResult::Again)
}

/// `Unsafe.unpark(Object thread)`: makes the permit available.
pub fn unpark(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = a[1].as_ref() else {
        return Ok(Return(None));
    };
    set_flag(s, r, "parkPermit", true);
    if let Some(&t) = s.thread_of_object.get(&r) {
        s.aux.wakes.push(Wake::Unpark(t));
    }
    Ok(Return(None))
}

/// `Thread.interrupt()`: sets the status and ends a park or a wait (the
/// waiter throws InterruptedException once it holds the monitor again).
pub fn interrupt(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = a[0].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    set_flag(s, r, "interrupted", true);
    if let Some(&t) = s.thread_of_object.get(&r) {
        if let Some(w) = s.thread(t).and_then(|x| x.wait)
            && !w.notified
        {
            super::waitset::leave(s, w.object, t);
            if let Some(w) = s.thread_mut(t).wait.as_mut() {
                w.notified = true;
            }
            s.aux.sched_gen += 1;
            s.aux.wakes.push(Wake::Notify(t));
        }
        s.aux.wakes.push(Wake::Unpark(t));
    }
    Ok(Return(None))
}

/// `Thread.isInterrupted()`.
pub fn is_interrupted(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = a[0].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    Ok(Return(Some(Value::Int(i32::from(flag(
        s,
        r,
        "interrupted",
    )?)))))
}

/// `Thread.interrupted()`: the current thread's status, cleared.
pub fn interrupted(s: &mut State, th: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    let Some(me) = s.threads[th as usize].object else {
        return Ok(Return(Some(Value::Int(0))));
    };
    let was = flag(s, me, "interrupted")?;
    if was {
        set_flag(s, me, "interrupted", false);
    }
    Ok(Return(Some(Value::Int(i32::from(was)))))
}

/// Clears the current thread's interrupt status if set: a blocking call
/// then throws InterruptedException.
pub fn take_interrupt(s: &mut State, th: ThreadId) -> Result<bool, VmError> {
    let Some(me) = s.threads[th as usize].object else {
        return Ok(false);
    };
    let was = flag(s, me, "interrupted")?;
    if was {
        set_flag(s, me, "interrupted", false);
    }
    Ok(was)
}
