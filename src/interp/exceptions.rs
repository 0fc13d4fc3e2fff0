//! Throwing: VM-created exceptions, unwinding through exception tables,
//! releasing synchronized methods' monitors, failed class initialization,
//! and the uncaught-exception report.

use crate::classfile::{ClassId, Method, TypeRef};
use crate::state::*;

use super::domain::Domain;
use super::machine::Machine;

use super::runtime;
use super::{VmError, frame_mut};

/// Allocates an exception of class `class` with `msg` as its detail
/// message (no constructor runs, as for the JVM's own exceptions) and throws it.
pub fn throw_new(
    s: &mut State,
    th: ThreadId,
    class: &str,
    msg: Option<String>,
) -> Result<(), VmError> {
    let r = new_exception(s, class, msg)?;
    super::backtrace::fill(s, th, r, false);
    throw_ref(s, th, r)
}

pub fn new_exception(s: &mut State, class: &str, msg: Option<String>) -> Result<Ref, VmError> {
    let cid = s
        .classes
        .id(class)
        .ok_or_else(|| VmError::Other(format!("m5's library lacks the exception class {class}")))?;
    let r = runtime::alloc_instance(s, cid);
    if let Some(m) = msg {
        let sr = super::strings::new_string(s, &m);
        s.set_field(r, "detailMessage", Value::Ref(sr));
    }
    Ok(r)
}

/// The throw site of a NullPointerException the VM throws in `th`, for its
/// helpful message (`npe`; the model's NullPointerException computes it
/// when first asked). None when the failing frame belongs to a lambda's
/// class, m5's stand-in for the hidden classes whose frames HotSpot leaves
/// out (it gives no message then).
pub fn npe_site(s: &State, th: ThreadId) -> Option<(u32, u32)> {
    let f = s.thread(th)?.top()?;
    if s.classes.class(f.method.class).lambda {
        return None;
    }
    Some((f.method.id, f.ip))
}

/// Records `npe_site` in the exception `r` (the model's fields).
pub fn record_npe_site(s: &mut State, th: ThreadId, r: Ref) {
    if let Some((method, ip)) = npe_site(s, th) {
        s.set_field(r, "extendedMessageState", Value::Int(1));
        s.set_field(r, "vmSiteMethod", Value::Int(method as i32 + 1));
        s.set_field(r, "vmSitePc", Value::Int(ip as i32));
    }
}

/// Throws the exception object `exc` in thread `th`: the current instruction
/// of the top frame is where it happened; callers are at their invoke.
pub fn throw_ref(s: &mut State, th: ThreadId, mut exc: Ref) -> Result<(), VmError> {
    let mut at_invoke = false;
    // Where it was thrown, for the report if nothing catches it.
    let site = s.threads[th as usize]
        .top()
        .map(|f| super::position(s, &f.method, f.pc()));
    loop {
        // Initializations begun above this frame fail, with this exception
        // (JVMS 5.5 step 7: the class is erroneous, the exception goes on).
        let depth = s.threads[th as usize].stack.len() as u32;
        while let Some(&(c, d)) = s.threads[th as usize].inits.last()
            && d >= depth
        {
            s.thread_mut(th).inits.pop();
            init_failed(s, th, c, exc);
        }
        let Some(top) = s.threads[th as usize].top() else {
            s.aux.last_uncaught_site = site;
            uncaught(s, th, exc);
            return Ok(());
        };
        // A caller's pc has already moved past its invoke (M5 advances it at the call).
        let ip = if at_invoke {
            top.ip.saturating_sub(1)
        } else {
            top.ip
        };
        let method = top.method.clone();
        let class = s.object(exc).class;
        let handler = handler(
            &mut super::exec::Running::new(s, th),
            &method,
            ip,
            &Value::Ref(exc),
            Some(class),
        )?;
        if let Some(target) = handler {
            let f = frame_mut(s, th);
            f.stack.clear();
            f.stack.push(Value::Ref(exc));
            f.ip = target;
            return Ok(());
        }
        // No handler here: pop the frame, releasing what it held.
        let frame = s.thread_mut(th).stack.pop().expect("frame");
        if let Some(obj) = frame.sync {
            super::exec::release(s, th, obj);
        }
        // Below a <clinit> frame is the instruction that triggered the
        // initialization (not yet executed); below other frames, an invoke.
        at_invoke = &*frame.method.name != "<clinit>";
        if !at_invoke {
            init_failed(s, th, frame.method.class, exc);
            exc = wrap_in_initializer_error(s, exc)?;
        }
    }
}

/// The handler in `method` for the exception `exc` thrown at `ip`: the
/// first exception-table entry covering `ip` that catches any exception or
/// a class `exc` is an instance of (JVMS 2.10). `class` is `exc`'s class
/// when the machine knows it (the interpreter always does; the prover for
/// the exceptions the VM creates): the test is then made without the
/// machine. Both the interpreter and the prover unwind with this.
pub fn handler<M: Machine>(
    m: &mut M,
    method: &Method,
    ip: u32,
    exc: &M::Val,
    class: Option<ClassId>,
) -> Result<Option<u32>, M::Stop> {
    for h in method.handlers_at(ip) {
        let Some(c) = &h.catch else {
            return Ok(Some(h.handler));
        };
        // The JVM resolves the catch type here: a missing class is an
        // error, never a handler silently skipped.
        let Some(cid) = c.id else {
            return Err(m.error(VmError::MissingClass {
                class: c.name.to_string(),
                method: method.display_name(),
                pc: method.pc(h.handler),
            }));
        };
        let catches = match class {
            Some(k) => m.classes().is_subclass(k, cid),
            None => {
                let t = TypeRef {
                    name: c.name.clone(),
                    id: c.id,
                };
                let is = m.instance_of(exc, &t)?;
                m.dom().decide(is)?
            }
        };
        if catches {
            return Ok(Some(h.handler));
        }
    }
    Ok(None)
}

/// Class `c`'s initialization failed with `exc` (JVMS 5.5 steps 7, 11):
/// it is erroneous from now on, and waiting threads may go on.
fn init_failed(s: &mut State, th: ThreadId, c: crate::classfile::ClassId, exc: Ref) {
    s.init.set(c as usize, InitStatus::Failed);
    s.aux.sched_gen += 1;
    s.aux.wakes.push(Wake::Init(c));
    let why = format!(
        "Exception {} [in thread \"{}\"]",
        describe(s, exc),
        runtime::thread_name(s, th)
    );
    s.init_errors.insert(c, why.into());
}

/// JVMS 5.5 step 11: an exception from `<clinit>` that is not an Error
/// becomes the cause of an ExceptionInInitializerError.
fn wrap_in_initializer_error(s: &mut State, exc: Ref) -> Result<Ref, VmError> {
    let error = s.classes.id("java/lang/Error");
    let cls = s.object(exc).class;
    if error.is_some_and(|e| s.classes.is_subclass(cls, e)) {
        return Ok(exc);
    }
    let w = new_exception(s, "java/lang/ExceptionInInitializerError", None)?;
    s.set_field(w, "cause", Value::Ref(exc));
    Ok(w)
}

/// The text HotSpot prints first for a throwable: class name, then
/// `: message` when the detail message is not null.
pub fn describe(s: &State, exc: Ref) -> String {
    let name = runtime::java_class_name(s, exc);
    match s
        .field(exc, "detailMessage")
        .and_then(|v| v.as_ref())
        .and_then(|m| s.string(m))
    {
        Some(m) => format!("{name}: {m}"),
        None => name,
    }
}

/// The thread dies; its report goes to stderr as HotSpot's default handler
/// words it. Main dying makes the exit code 1.
fn uncaught(s: &mut State, th: ThreadId, exc: Ref) {
    let name = runtime::thread_name(s, th);
    let mut text = format!("Exception in thread \"{name}\" {}\n", describe(s, exc));
    text.push_str(&super::backtrace::lines(s, exc, None));
    let mut cause = s.field(exc, "cause").and_then(|v| v.as_ref());
    let mut seen = vec![exc];
    while let Some(c) = cause {
        if seen.contains(&c) {
            break;
        }
        text.push_str(&format!("Caused by: {}\n", describe(s, c)));
        text.push_str(&super::backtrace::lines(s, c, seen.last().copied()));
        seen.push(c);
        cause = s.field(c, "cause").and_then(|v| v.as_ref());
    }
    s.aux.err.extend(text.bytes());
    if th == 0 {
        s.main_died = true;
    }
    s.aux.last_uncaught = Some((th, exc));
    runtime::thread_ended(s, th);
}
