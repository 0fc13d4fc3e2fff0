//! step and run: the M5 interpreter. `step(s, th)` executes the next
//! instruction of thread `th`; stepping a thread that does not exist, is
//! unscheduled, has finished or is blocked is a no-op that leaves `s`
//! unchanged (M5's rule). Each opcode family has one function in `exec`.

pub mod alone;
pub mod backtrace;
pub mod clinit;
pub mod clock;
pub mod contracts;
pub mod domain;
pub mod exceptions;
pub(crate) mod exec;
pub mod heap;
pub mod init;
pub mod local;
pub mod machine;
pub mod natives;
pub mod npe;
pub mod offsets;
pub mod parking;
pub mod runtime;
pub mod strings;
pub mod system;
pub mod threads;
pub mod unfixed;
pub mod varhandle;
pub mod waitset;

use std::sync::Arc;

use crate::classfile::{ArithOp, ClassId, Effect, Insn, Kind, Method};
use crate::state::{Frame, State, Status, ThreadId, Value};

pub use crate::state::Wake;
pub use init::initial_state;

/// An error that stops the machine: the program needs something m5 does
/// not model, or the class files are inconsistent. Java exceptions are not
/// errors: they are thrown inside the model.
#[derive(Debug, thiserror::Error)]
pub enum VmError {
    #[error("unsupported instruction {insn} in {method} at pc {pc}")]
    UnsupportedInsn {
        insn: String,
        method: String,
        pc: u32,
    },
    #[error("native method {native} is not modeled by m5 (called from {method} at pc {pc})")]
    UnsupportedNative {
        native: String,
        method: String,
        pc: u32,
    },
    #[error(
        "class {class} is neither on the class path nor in m5's library (needed by {method} at pc {pc})"
    )]
    MissingClass {
        class: String,
        method: String,
        pc: u32,
    },
    #[error("class {class} has no {name} in m5's model (used by {method} at pc {pc})")]
    NoSuchMethod {
        class: String,
        name: String,
        method: String,
        pc: u32,
    },
    /// The program asked for something m5 cannot answer as the JVM would
    /// (a system property whose value it does not know, ...).
    #[error("not modeled: {0}")]
    NotModeled(String),
    #[error("{0}")]
    Other(String),
}

/// What a step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One instruction executed (possibly throwing a Java exception).
    Stepped,
    /// Nothing happened, and the state is unchanged.
    NoOp(NoOp),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoOp {
    NoSuchThread,
    Unscheduled,
    Terminated,
    /// Waiting for a monitor, a notify, a join or another thread's class
    /// initialization: what must happen before the thread can move.
    Blocked(Wake),
    /// The program has exited (System.exit).
    Exited,
}

/// The top frame of `th`, made unique for writing.
#[inline]
pub(crate) fn frame_mut(s: &mut State, th: ThreadId) -> &mut Frame {
    let t = s.thread_mut(th);
    Arc::make_mut(t.stack.last_mut().expect("thread has a frame"))
}

/// Executes the next instruction of thread `th` in place.
pub fn step(s: &mut State, th: ThreadId) -> Result<Outcome, VmError> {
    if s.ended() {
        return Ok(Outcome::NoOp(NoOp::Exited));
    }
    let Some(t) = s.threads.get(th as usize) else {
        return Ok(Outcome::NoOp(NoOp::NoSuchThread));
    };
    if t.status == Status::Unscheduled {
        return Ok(Outcome::NoOp(NoOp::Unscheduled));
    }
    let Some(top) = t.stack.last() else {
        return Ok(Outcome::NoOp(NoOp::Terminated));
    };
    if t.wait.is_some() {
        return exec::resume_wait(s, th);
    }
    if t.initializing() {
        return exec::continue_init(s, th);
    }
    if top.needs_monitor() {
        return exec::enter_monitor(s, th);
    }
    let method = top.method.clone();
    let ip = top.ip as usize;
    let insn = &method.code[ip];
    // `Insn::effect` picks the family: `local::local` runs the frame-local
    // ones (its match names every instruction), `heap::step` the others,
    // matching their effect.
    if insn.is_frame_local() {
        match exec::try_local(frame_mut(s, th), insn) {
            Ok(true) => Ok(Outcome::Stepped),
            Ok(false) => exec::heap(s, th, &method, insn),
            Err(thrown) => {
                exceptions::throw_new(s, th, thrown.class, Some(thrown.msg.to_string()))?;
                Ok(Outcome::Stepped)
            }
        }
    } else {
        exec::heap(s, th, &method, insn)
    }
}

/// Runs thread `th` for up to `budget` steps without consulting a scheduler,
/// stopping early after any instruction that is not frame-local (it may have
/// changed which threads can run) or when the thread cannot step. Returns
/// the number of steps taken and the last outcome. Semantically this is
/// exactly `budget` (or fewer) calls of `step(s, th)`; it is faster because
/// it holds the frame across frame-local instructions.
pub fn run_burst(s: &mut State, th: ThreadId, budget: u64) -> Result<(u64, Outcome), VmError> {
    if budget == 0 {
        return Ok((0, Outcome::Stepped));
    }
    let mut n = 0u64;
    // Fast path: a stretch of frame-local instructions in the top frame.
    let ready = !s.ended()
        && s.threads.get(th as usize).is_some_and(|t| {
            t.status == Status::Scheduled
                && t.wait.is_none()
                && !t.initializing()
                && t.top().is_some_and(|f| !f.needs_monitor())
        });
    if ready {
        let method = s.threads[th as usize]
            .stack
            .last()
            .expect("checked")
            .method
            .clone();
        let frame = frame_mut(s, th);
        let (k, thrown) = local_burst(frame, &method.code, budget);
        let (ip, depth) = (frame.ip, frame.stack.len());
        n = k;
        if let Some(t) = thrown {
            exceptions::throw_new(s, th, t.class, Some(t.msg.to_string()))?;
            return Ok((n + 1, Outcome::Stepped));
        }
        if n >= budget {
            return Ok((n, Outcome::Stepped));
        }
        // The burst stopped at an instruction that is not frame-local, in
        // the same frame of a thread still ready: run it directly.
        return match exec::heap_at(s, th, &method, ip, depth, &method.code[ip as usize])? {
            Outcome::Stepped => Ok((n + 1, Outcome::Stepped)),
            out => Ok((n, out)),
        };
    }
    // Then one instruction through the full step.
    match step(s, th)? {
        Outcome::Stepped => Ok((n + 1, Outcome::Stepped)),
        out => Ok((n, out)),
    }
}

/// Frame-local instructions of one frame, up to `budget` of them: how many
/// ran, and the exception one raised (it has not run). Kept out of line so
/// that its loop compiles the same whatever the code around it.
#[inline(never)]
fn local_burst(frame: &mut Frame, code: &[Insn], budget: u64) -> (u64, Option<exec::Thrown>) {
    let mut n = 0;
    while n < budget {
        match exec::try_local(frame, &code[frame.ip as usize]) {
            Ok(true) => n += 1,
            Ok(false) => return (n, None),
            Err(t) => return (n, Some(t)),
        }
    }
    (n, None)
}

/// Could `th` take a step now (not blocked, finished, unscheduled)? Decided
/// by stepping a copy: the blocked cases are exactly the no-op cases of `step`.
pub fn can_step(s: &State, th: ThreadId) -> bool {
    let Some(t) = s.thread(th) else { return false };
    if !t.is_alive() || s.ended() {
        return false;
    }
    let mut probe = s.clone();
    !matches!(step(&mut probe, th), Ok(Outcome::NoOp(_)))
}

/// Is the next step of `th` a spurious wake-up, and nothing else
/// (`Config::spurious_wakeups`: an untimed `wait` with no notification it
/// may take)? Such a step is never progress: a program all of whose live
/// threads can move only so may hang forever, which is a deadlock.
pub fn wakes_spuriously(s: &State, th: ThreadId) -> bool {
    s.config.spurious_wakeups
        && s.thread(th)
            .and_then(|t| t.wait)
            .is_some_and(|w| !w.notified && w.deadline.is_none())
        && !waitset::may_take(s, th)
}

/// Could `th` move now other than by a spurious wake-up? A state with live
/// threads none of which can is a deadlock.
pub fn can_progress(s: &State, th: ThreadId) -> bool {
    !wakes_spuriously(s, th) && can_step(s, th)
}

/// The method an `invoke` in frame `f` runs when executed now, if it runs
/// one: a static method of an initialized class (else the step initializes
/// it), or what dispatch on the non-null receiver selects (else it throws).
pub fn invoke_target(
    s: &State,
    f: &Frame,
    kind: crate::classfile::InvokeKind,
    m: &crate::classfile::MethodRef,
) -> Option<u32> {
    use crate::classfile::InvokeKind;
    match (kind, m.target) {
        (InvokeKind::Static, Some(id)) => {
            let owner = m.owner?;
            (s.init.get(owner as usize) == Some(&crate::state::InitStatus::Done)).then_some(id)
        }
        (InvokeKind::Static, None) => None,
        (kind, _) => {
            let recv = f
                .stack
                .len()
                .checked_sub(m.arg_slots as usize)
                .and_then(|i| f.stack[i].as_ref())?;
            match exec::callee(s, &f.method, f.ip, kind, m, recv) {
                Ok(machine::Callee::Method(id)) => Some(id),
                _ => None,
            }
        }
    }
}

/// The source file the class file of `m`'s class names, if any.
pub fn source_file(s: &State, m: &Method) -> Option<Arc<str>> {
    s.classes
        .id(&m.class_name)
        .and_then(|c| s.classes.class(c).source_file.clone())
}

/// `Class.method pc N (File.java:L)`: a code position for reports, with
/// the source line when the class file records it (javac does by default).
pub fn position(s: &State, m: &Method, pc: u32) -> String {
    let here = format!("{}.{} pc {pc}", m.class_name.replace('/', "."), m.name);
    match (source_file(s, m), m.line_at(pc)) {
        (Some(f), Some(l)) => format!("{here} ({f}:{l})"),
        _ => here,
    }
}

/// The instruction `th` would execute next, with its method and pc.
pub fn next_insn(s: &State, th: ThreadId) -> Option<(Arc<Method>, u32, &Insn)> {
    let f = s.thread(th)?.top()?;
    let insn = f.method.code.get(f.ip as usize)?;
    Some((f.method.clone(), f.pc(), insn))
}

pub(crate) fn class_name(s: &State, c: ClassId) -> Arc<str> {
    s.classes.class(c).name.clone()
}

/// Pushes `v` (two slots for long/double).
#[inline]
pub(crate) fn push(stack: &mut Vec<Value>, v: Value) {
    stack.push(v);
    if v.is_wide() {
        stack.push(Value::Top);
    }
}

/// `th`'s next instruction with its thread and top frame: what the
/// per-step questions below (and `race`'s) look at, found once per step.
#[derive(Clone, Copy)]
pub struct Next<'s> {
    pub th: ThreadId,
    pub t: &'s crate::state::Thread,
    pub f: &'s Frame,
    pub insn: &'s Insn,
}

impl<'s> Next<'s> {
    /// None when `th` has no thread, no frame or no instruction at its pc.
    #[inline]
    pub fn of(s: &'s State, th: ThreadId) -> Option<Next<'s>> {
        let t = s.thread(th)?;
        let f = t.top()?;
        let insn = f.method.code.get(f.ip as usize)?;
        Some(Next { th, t, f, insn })
    }
}

/// Would the next step of `th` touch only `th`'s own call stack, neither
/// reading nor writing anything another thread can write? True for
/// frame-local instructions, for calls of plain (non-native,
/// non-synchronized) methods whose class is initialized, for returns that
/// are not the thread's last and release no monitor, and for type tests and
/// `arraylength` (an object's class and an array's length never change)
/// that cannot throw. Such steps commute with every step of every other
/// thread, which is what the explorer's reduction relies on.
pub fn is_thread_local_step(s: &State, th: ThreadId) -> bool {
    Next::of(s, th).is_some_and(|n| is_thread_local(s, &n))
}

/// [`is_thread_local_step`] of a next step already found.
pub fn is_thread_local(s: &State, n: &Next) -> bool {
    let Next { th, t, f, insn } = *n;
    if t.wait.is_some() || t.status != Status::Scheduled {
        return false;
    }
    // Entering a synchronized method the VM pushed takes a monitor, and
    // initializing a class shares its status with other threads.
    if f.needs_monitor() || t.initializing() {
        return false;
    }
    let top_ref = |depth: usize| {
        f.stack
            .len()
            .checked_sub(depth + 1)
            .and_then(|i| f.stack[i].as_ref())
    };
    let from_jdk = || s.classes.class(f.method.class).from_jdk;
    match insn.effect() {
        Effect::Frame => {
            // Division by zero allocates an exception: not local.
            if let Insn::Arith(k, ArithOp::Div | ArithOp::Rem) = insn
                && matches!(k, Kind::I | Kind::L)
            {
                let divisor = match k {
                    Kind::I => f.stack.last().map(|v| v.as_int() as i64),
                    _ => f.stack.len().checked_sub(2).map(|i| f.stack[i].as_long()),
                };
                return divisor.is_some_and(|d| d != 0);
            }
            true
        }
        Effect::Invoke(kind, m) => {
            let Some(target) = invoke_target(s, f, kind, m) else {
                return false;
            };
            let callee = s.classes.method(target);
            // Making a thread takes the next id and number (shared counters);
            // a library contract reads and writes its object in this step.
            if threads::is_made(&f.method, callee)
                || s.config.library_contracts && contracts::of(callee).is_some()
            {
                return false;
            }
            // A call that overflows the stack throws (and may release
            // monitors while unwinding): not local.
            !callee.is_native()
                && !callee.is_synchronized()
                && !callee.is_abstract()
                && t.stack.len() < s.config.frames_of(callee)
        }
        Effect::Return(_) => t.stack.len() > 1 && f.sync.is_none() && &*f.method.name != "<clinit>",
        // The JDK's code at a static of a class this thread is initializing:
        // every other thread that touches the class waits for the
        // initialization to end (JVMS 5.5), so nothing can see the access.
        Effect::ReadStatic(r) | Effect::WriteStatic(r)
            if from_jdk()
                && r.owner.is_some_and(|c| {
                    s.init.get(c as usize) == Some(&crate::state::InitStatus::Running(th))
                }) =>
        {
            r.slot.is_some()
        }
        Effect::ReadStatic(r) if r.is_final => from_jdk() && settled_final(s, r, None),
        Effect::ReadField(r) if r.is_final => {
            from_jdk() && top_ref(0).is_some_and(|o| settled_final(s, r, Some(o)))
        }
        Effect::ArrayLength => top_ref(0).is_some(),
        Effect::InstanceOf(t) => t.id.is_some() || t.name.starts_with('['),
        Effect::Cast(t) => {
            (t.id.is_some() || t.name.starts_with('['))
                && match f.stack.last() {
                    Some(Value::Null) => true,
                    Some(Value::Ref(r)) => runtime::instance_of_type(s, *r, t),
                    _ => false,
                }
        }
        // Touch what other threads can see or change (or may throw, which
        // allocates, or is not modeled).
        Effect::ReadStatic(_)
        | Effect::WriteStatic(_)
        | Effect::ReadField(_)
        | Effect::WriteField(_)
        | Effect::Constant(_)
        | Effect::ReadElement(_)
        | Effect::WriteElement(_)
        | Effect::Concat(_)
        | Effect::New(_)
        | Effect::NewArray(_)
        | Effect::Throw
        | Effect::MonitorEnter
        | Effect::MonitorExit
        | Effect::Unsupported(_) => false,
    }
}

/// Can the `final` field `r` no longer change: a static of an initialized
/// class, or a field of `obj` that is already set (non-zero, non-null)?
/// The JDK's own code sets a final field only in the constructor, or by
/// offset on an object no other thread can see yet (a clone, an object
/// being deserialized); so reading such a field commutes with every step
/// of every other thread, and the JDK's reads of them (a lock's `sync`,
/// `Unsafe` and field offsets in statics) need not be scheduling points.
fn settled_final(
    s: &State,
    r: &crate::classfile::FieldRef,
    obj: Option<crate::state::Ref>,
) -> bool {
    let Some(slot) = r.slot else { return false };
    let Some(obj) = obj else {
        return r
            .owner
            .is_some_and(|c| s.init.get(c as usize) == Some(&crate::state::InitStatus::Done));
    };
    let o = s.object(obj);
    let slot = slot as usize;
    match s.classes.class(o.class).layout.get(slot) {
        Some(b) if Some(b.declaring) == r.declaring && slot < o.fields().len() => {
            !matches!(
                o.fields()[slot],
                Value::Null | Value::Int(0) | Value::Long(0) | Value::Top
            ) && !matches!(o.fields()[slot], Value::Float(x) if x.to_bits() == 0)
                && !matches!(o.fields()[slot], Value::Double(x) if x.to_bits() == 0)
        }
        _ => false,
    }
}
