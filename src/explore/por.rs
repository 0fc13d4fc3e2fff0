//! Partial-order reduction of the depth-first search (`--por`): singleton
//! persistent sets of *safe* transitions, the stack proviso against
//! ignoring, no sleep sets (ARCHITECTURE.md, "Decisions", gives the
//! argument).
//!
//! A transition of thread `t` from state `s` is safe when nothing the other
//! threads can do before `t` moves again depends on it, and it cannot hide
//! a violation: every step of it is
//!
//! - thread-local (`interp::is_thread_local_step`: only `t`'s own frames),
//! - a read of a field no other thread can write again
//!   (`writers::Writers::private_read`),
//! - or, as its first step only, a monitor exit or a re-entry of a monitor
//!   `t` already holds (`monitorexit`, `monitorenter`, the return of a
//!   synchronized method that is not the thread's last frame): no other
//!   thread can take that monitor before `t` releases it, and a `wait` or
//!   `notify` on it by another thread throws either way.
//!
//! A step that is not thread-local may end `t`'s open segment
//! (`race::segment`: a monitor's or a volatile read's synchronization),
//! which would hide a race with the accesses in it: such a step needs an
//! empty segment (volatile reads among the later steps too). And the
//! transition allocates nothing (heap addresses are handed out in order, so
//! two threads' allocations do not commute), makes no thread, ends no
//! thread and throws nothing uncaught. Everything else (allocation, other monitors, fields,
//! statics and elements other threads may touch, volatile and `VarHandle`
//! accesses, natives: start, join, wait, notify, the clock, output, class
//! initialization, a thread's end) counts as dependent.
//!
//! From a state the search then follows only the lowest-numbered thread
//! with a safe transition, unless that transition reaches a state on the
//! depth-first stack (the proviso: a cycle of reduced expansions could
//! otherwise postpone the other threads forever); a state without one is
//! expanded fully.

use rustc_hash::FxHashSet;

use super::{ExploreOptions, transition, writers};
use crate::classfile::Effect;
use crate::interp::{self, Next, VmError};
use crate::state::{State, ThreadId, Value};

/// The reduced expansion of `s`: the thread to follow alone, its successor
/// and the steps of its transition; `None` to expand `s` fully. `on_stack`
/// holds the fingerprints of the states on the depth-first stack.
pub(super) fn ample(
    s: &State,
    opts: &ExploreOptions,
    writers: &writers::Writers,
    on_stack: &FxHashSet<u128>,
) -> Result<Option<(ThreadId, State, u64)>, VmError> {
    for th in s.running_threads() {
        if !first_step_safe(s, th, writers) {
            continue;
        }
        let mut k = 0;
        let Some(next) = transition(s, th, opts, writers, &mut k)? else {
            continue;
        };
        if next.heap.len() != s.heap.len()
            || next.threads.len() != s.threads.len()
            || next.aux.last_uncaught != s.aux.last_uncaught
            || next.ended()
            || !rest_safe(s, th, k, writers)?
        {
            continue;
        }
        if on_stack.contains(&super::fingerprint::of(&next)) {
            // The proviso: this would close a cycle of reduced expansions.
            return Ok(None);
        }
        return Ok(Some((th, next, k)));
    }
    Ok(None)
}

/// Is `th`'s next step one a safe transition may start with?
fn first_step_safe(s: &State, th: ThreadId, writers: &writers::Writers) -> bool {
    let Some(n) = Next::of(s, th) else {
        return false;
    };
    if n.t.wait.is_some() || interp::wakes_spuriously(s, th) {
        return false;
    }
    if interp::is_thread_local(s, &n) {
        return true;
    }
    // Any other step may end the open segment (a monitor's, a volatile
    // read's synchronization), hiding races with the accesses in it.
    crate::race::segment::is_empty(s, th)
        && (writers.private_read(s, th) || own_monitor_step(s, &n))
}

/// A release, or a re-entry, of a monitor the thread holds: `monitorexit`
/// or `monitorenter` on it, or the return of a synchronized method that
/// does not end the thread (nor a class initialization).
fn own_monitor_step(s: &State, n: &Next) -> bool {
    let owns = |r: Option<&Value>| match r {
        Some(Value::Ref(r)) => s
            .heap
            .get(*r as usize)
            .is_some_and(|o| o.mcount > 0 && o.monitor == n.th),
        _ => false,
    };
    if n.f.needs_monitor() || n.t.initializing() {
        return false;
    }
    match n.insn.effect() {
        Effect::MonitorEnter | Effect::MonitorExit => owns(n.f.stack.last()),
        Effect::Return(_) => {
            n.t.stack.len() > 1
                && &*n.f.method.name != "<clinit>"
                && n.f.sync.is_some_and(|r| owns(Some(&Value::Ref(r))))
        }
        _ => false,
    }
}

/// Is `n` a volatile read (which synchronizes, and so may end the open
/// segment at the granularities that record one)?
fn synchronizes(n: &Next) -> bool {
    match n.insn.effect() {
        Effect::ReadField(f) | Effect::ReadStatic(f) => f.volatile,
        _ => true,
    }
}

/// Are the steps after the first of `th`'s `k`-step transition from `s`
/// thread-local or private reads? Replays them on a copy (the transition
/// itself records no such thing).
fn rest_safe(s: &State, th: ThreadId, k: u64, writers: &writers::Writers) -> Result<bool, VmError> {
    if k <= 1 {
        return Ok(true);
    }
    let mut c = s.clone();
    interp::step(&mut c, th)?;
    for _ in 1..k {
        let Some(n) = Next::of(&c, th) else {
            return Ok(false);
        };
        let quiet = interp::is_thread_local(&c, &n)
            || writers.private_read(&c, th)
                && (!synchronizes(&n) || crate::race::segment::is_empty(&c, th));
        if !quiet {
            return Ok(false);
        }
        interp::step(&mut c, th)?;
    }
    Ok(true)
}
