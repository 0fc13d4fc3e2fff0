//! What partial-order sampling (`--strategy pos`) needs to know of a
//! thread's pending step: is it a *racing* operation (one whose order
//! against other threads' steps can change an outcome: a shared access, a
//! monitor, a wait, a native call) and which locations it touches, or a
//! *quiet* one (an allocation, a plain call, a thread's start, a new
//! thread's first step), which POS runs before any racing one without
//! drawing priorities.
//!
//! Why quiet steps go first (Fray's `POSScheduler`, Yuan et al. CAV 2018,
//! where only racing events are scheduling choices): were they choices
//! weighed by priority, a thread such as main, which starts N threads one
//! after another, would let every thread it started run to its end
//! whenever that thread's priority was above main's, so the threads that
//! take part in a bug would rarely meet at their shared accesses (m5's
//! `pos` found SCTBench's Reorder10 in none of 5,000 runs that way).

use crate::classfile::{Insn, InvokeKind};
use crate::interp;
use crate::race::{access, mode};
use crate::state::{State, ThreadId, Value};

/// A thread's pending step, as POS sees it.
#[derive(Clone, Debug)]
pub(super) enum Op {
    /// Runs before any racing step, without changing priorities.
    Quiet,
    /// A scheduling choice; after it runs, every other thread whose
    /// pending step touches one of these locations (one of them writing)
    /// draws a new priority, as the thread that ran does.
    Racing(Vec<access::Access>),
}

impl Op {
    /// Do the two racing steps touch one location, one of them writing?
    pub(super) fn conflicts(&self, other: &Op) -> bool {
        match (self, other) {
            (Op::Racing(a), Op::Racing(b)) => a.iter().any(|x| b.iter().any(|y| x.conflicts(y))),
            _ => false,
        }
    }
}

/// `th`'s pending step.
pub(super) fn op(s: &State, th: ThreadId) -> Op {
    let Some(n) = interp::Next::of(s, th) else {
        return Op::Racing(Vec::new());
    };
    if n.t.initializing() && interp::clinit::init_step_is_local(s, th) {
        // Only pushes the class's `<clinit>`: nothing to order.
        return Op::Quiet;
    }
    if n.t.wait.is_some() || n.t.initializing() {
        // A wake-up or a class initialization another thread may hold.
        return Op::Racing(Vec::new());
    }
    if n.f.needs_monitor() {
        return Op::Racing(Vec::new());
    }
    if let Some(a) = access::access_at(s, &n) {
        if interp::clinit::own_initializing_static(s, th, n.insn) {
            // No other thread can reach it before the initialization ends.
            return Op::Quiet;
        }
        return Op::Racing(vec![a]);
    }
    let Insn::Invoke(kind, m) = n.insn else {
        return Op::Quiet;
    };
    let Some(callee) = interp::invoke_target(s, n.f, *kind, m) else {
        // An initialization or an exception comes first.
        return Op::Quiet;
    };
    let callee = s.classes.method(callee);
    if &*callee.class_name == "java/lang/Thread" && &*callee.name == "start" {
        // Starting a thread races with nothing the started thread does
        // (the JDK's `start` is synchronized on the new thread's object,
        // which no other thread contends for yet).
        return Op::Quiet;
    }
    if callee.is_synchronized() {
        return Op::Racing(receiver_monitor(n.f, *kind, m).into_iter().collect());
    }
    if !callee.is_native() {
        return Op::Quiet;
    }
    // Atomic and VarHandle accesses (the JDK's own too: a lock's state is
    // one), then the natives that read or write the heap.
    if let Some(mem) = mode::memory_access(s, th) {
        return Op::Racing(mem.accesses());
    }
    Op::Racing(crate::race::native_accesses(s, th))
}

/// The monitor a synchronized instance method's call takes (static ones:
/// none named; they still are racing steps).
fn receiver_monitor(
    f: &crate::state::Frame,
    kind: InvokeKind,
    m: &crate::classfile::MethodRef,
) -> Option<access::Access> {
    if kind == InvokeKind::Static {
        return None;
    }
    let at = f.stack.len().checked_sub(m.arg_slots as usize)?;
    match f.stack.get(at)? {
        Value::Ref(r) => Some(access::Access {
            location: access::Location::Monitor(*r),
            write: true,
            atomic: true,
        }),
        _ => None,
    }
}
