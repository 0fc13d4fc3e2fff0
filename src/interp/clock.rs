//! The virtual clock (`State::clock`), in nanoseconds since the VM started.
//!
//! It is part of the state and moves only at two kinds of steps, so a
//! schedule determines it and replays it exactly:
//! - a read (`System.nanoTime`, `currentTimeMillis`) returns it and then
//!   moves it on by `QUANTUM`, so a loop that waits for a deadline ends;
//! - a timed wait, `sleep` or timed `park` that times out moves it to its
//!   deadline (never back), so the sleeper sees at least the time it asked
//!   for go by.
//!
//! A thread in a timed wait, sleep or park may time out at any step: real
//! time between two steps of other threads is unbounded, so every
//! interleaving of the timeout with other threads' steps is one HotSpot
//! can show, and the explorer tries them all. Generated schedules of
//! `m5 run` are politer (`schedule::Pool`): a sleeper waits until its
//! deadline has passed on the clock, or as many steps of other threads as
//! its time is worth at `NANOS_PER_STEP`, or until no other thread can move.
//!
//! Steps themselves do not move the clock: two states that differ only in
//! how many instructions led to them stay equal, which the explorer's
//! state matching needs. When no loaded code can read the clock
//! (`Config::clock_readable`), timeouts leave it alone too, so a polling
//! loop of sleeps revisits its states instead of making new ones.

use crate::classfile::{ClassTable, Insn};
use crate::state::{State, ThreadId};

/// What one read of the clock costs, in nanoseconds.
pub const QUANTUM: i64 = 1_000;

/// `currentTimeMillis` when the VM starts: 2026-01-01T00:00:00Z.
pub const EPOCH_MILLIS: i64 = 1_767_225_600_000;

/// For generated schedules only: the time one step of another thread is
/// worth when deciding that a sleeper has slept long enough (about one
/// bytecode of HotSpot's interpreter).
pub const NANOS_PER_STEP: i64 = 10;

/// Whether any loaded method calls a clock-reading native. Lambdas and
/// method references are synthetic classes with ordinary calls, so they
/// are seen too; every other native that returns time reads through these.
pub fn readable(classes: &ClassTable) -> bool {
    classes.methods.iter().any(|m| {
        m.code.iter().any(|insn| {
            matches!(insn, Insn::Invoke(_, r)
                if &*r.class == "java/lang/System"
                    && matches!(&*r.name, "nanoTime" | "currentTimeMillis"))
        })
    })
}

/// `System.nanoTime`: the clock, which then moves on by a quantum.
pub fn read_nanos(s: &mut State) -> i64 {
    let now = s.clock;
    s.clock = now.saturating_add(QUANTUM);
    now
}

/// `System.currentTimeMillis`: the clock as wall time from `EPOCH_MILLIS`.
pub fn read_millis(s: &mut State) -> i64 {
    EPOCH_MILLIS.saturating_add(read_nanos(s) / 1_000_000)
}

/// The deadline `nanos` from now.
pub fn deadline_after(s: &State, nanos: i64) -> i64 {
    s.clock.saturating_add(nanos.max(0))
}

/// The deadline of an absolute `currentTimeMillis` time (`parkUntil`).
pub fn deadline_at_millis(millis: i64) -> i64 {
    millis
        .saturating_sub(EPOCH_MILLIS)
        .saturating_mul(1_000_000)
}

/// `ms` milliseconds in nanoseconds, saturating.
pub fn millis_to_nanos(ms: i64) -> i64 {
    ms.saturating_mul(1_000_000)
}

/// A timeout at `deadline` happened: the clock reaches it.
pub fn time_out(s: &mut State, deadline: i64) {
    if s.config.clock_readable && deadline > s.clock {
        s.clock = deadline;
    }
}

/// The deadline of the timed wait, sleep or park `th` is in, if it can
/// still end by timing out (a notified or interrupted wait cannot).
pub fn timed_until(s: &State, th: ThreadId) -> Option<i64> {
    let t = s.thread(th)?;
    match t.wait {
        Some(w) if !w.notified => w.deadline,
        Some(_) => None,
        None => t.timeout,
    }
}
