//! The instructions that touch the heap, the statics, monitors or other
//! frames, one function per family, written once over a `Machine`: the
//! interpreter runs them on its state, the prover on symbolic states. The
//! order of the checks is the JVM's (null, then bounds, then store type...),
//! and every check is a `decide`, so the prover sees each exception the
//! interpreter can throw as a branch.

use std::sync::Arc;

use super::VmError;
use super::domain::Domain;
use super::machine::{Callee, Flow, Init, Machine, VmExc};
use crate::classfile::*;

type R<M> = Result<Flow<<M as Machine>::Blocked>, <M as Machine>::Stop>;

fn here(method: &Method, ip: u32) -> (String, u32) {
    (method.display_name(), method.pc(ip))
}

fn malformed(method: &Method, ip: u32, what: &str) -> VmError {
    VmError::Other(format!(
        "malformed bytecode in {} at pc {}: {what}",
        method.display_name(),
        method.pc(ip)
    ))
}

fn missing_class(method: &Method, ip: u32, class: &str) -> VmError {
    let (method, pc) = here(method, ip);
    VmError::MissingClass {
        class: class.to_string(),
        method,
        pc,
    }
}

/// A member the class file names but no loaded class has: the class is
/// missing, or m5's library lacks the member.
fn unresolved(
    classes: &ClassTable,
    method: &Method,
    ip: u32,
    class: &str,
    member: String,
) -> VmError {
    if classes.id(class).is_none() {
        return missing_class(method, ip, class);
    }
    let (method, pc) = here(method, ip);
    VmError::NoSuchMethod {
        class: class.replace('/', "."),
        name: member,
        method,
        pc,
    }
}

fn slots(desc: &str) -> usize {
    if matches!(desc.as_bytes().first(), Some(b'J' | b'D')) {
        2
    } else {
        1
    }
}

/// The value `depth` slots below the top of the operand stack.
fn peek<M: Machine>(m: &M, depth: usize) -> M::Val {
    let st = &m.frame_ref().stack;
    st[st.len() - 1 - depth].clone()
}

/// Pops `n` slots, pushes `v` (taking `width` slots), and moves to the next instruction.
pub(crate) fn finish<M: Machine>(m: &mut M, n: usize, v: Option<(M::Val, usize)>) {
    let top = m.dom().top();
    let f = m.frame();
    let len = f.stack.len();
    f.stack.truncate(len - n);
    if let Some((v, width)) = v {
        f.stack.push(v);
        if width == 2 {
            f.stack.push(top);
        }
    }
    f.ip += 1;
}

/// Throws NullPointerException if `v` is null: Some(the step's result).
fn null_check<M: Machine>(m: &mut M, v: &M::Val) -> Result<Option<Flow<M::Blocked>>, M::Stop> {
    let null = m.is_null(v);
    if m.dom().decide(null)? {
        return m.throw(VmExc::NullPointer).map(Some);
    }
    Ok(None)
}

/// One instruction that is not frame-local, sent to its family by its
/// effect (`Insn::effect`, the one classification every analysis shares);
/// the top frame is at `ip` with `depth` operand-stack slots.
pub fn step<M: Machine>(
    m: &mut M,
    method: &Arc<Method>,
    ip: u32,
    depth: usize,
    insn: &Insn,
) -> R<M> {
    // The link-time checks count stack slots, not types: mistyped code can
    // still leave fewer values than an instruction takes.
    if depth < stack_effect(insn).0 as usize {
        return Err(m.error(malformed(method, ip, "operand stack underflow")));
    }
    match insn.effect() {
        Effect::Constant(c) => {
            let v = m.ldc(c, method, ip)?;
            finish(m, 0, Some((v, 1)));
            Ok(Flow::Stepped)
        }
        Effect::ReadElement(k) => array_load(m, k),
        Effect::WriteElement(k) => array_store(m, k),
        Effect::ArrayLength => array_length(m),
        Effect::ReadField(f) => instance_field(m, method, ip, f, false),
        Effect::WriteField(f) => instance_field(m, method, ip, f, true),
        Effect::ReadStatic(f) => static_field(m, method, ip, f, false),
        Effect::WriteStatic(f) => static_field(m, method, ip, f, true),
        Effect::Invoke(kind, mr) => invoke(m, method, ip, kind, mr),
        Effect::Concat(c) => m.concat(c, method, ip),
        Effect::New(c) => new_object(m, method, ip, c),
        Effect::NewArray(ArrayAlloc::Primitive(d)) => new_array(m, d.clone(), 1),
        Effect::NewArray(ArrayAlloc::Of(t)) => {
            if t.id.is_none() && !t.name.starts_with('[') {
                return Err(m.error(missing_class(method, ip, &t.name)));
            }
            let e: Arc<str> = if t.name.starts_with('[') {
                t.name.clone()
            } else {
                format!("L{};", t.name).into()
            };
            new_array(m, e, 1)
        }
        Effect::NewArray(ArrayAlloc::Multi(t, d)) => new_array(m, t.name[1..].into(), d as usize),
        Effect::Throw => athrow(m),
        Effect::Cast(t) => type_check(m, method, ip, t, true),
        Effect::InstanceOf(t) => type_check(m, method, ip, t, false),
        Effect::MonitorEnter => monitor(m, true),
        Effect::MonitorExit => monitor(m, false),
        Effect::Return(k) => do_return(m, k),
        Effect::Unsupported(what) => {
            let (method, pc) = here(method, ip);
            Err(m.error(VmError::UnsupportedInsn {
                insn: what.to_string(),
                method,
                pc,
            }))
        }
        // The frame-local family: `local::local`, which the callers ran first.
        Effect::Frame => Err(m.error(malformed(
            method,
            ip,
            &format!("frame-local instruction {insn:?} on the heap path"),
        ))),
    }
}

/// `arraylength`: a null check as the JVM's.
fn array_length<M: Machine>(m: &mut M) -> R<M> {
    let arr = peek(m, 0);
    if let Some(f) = null_check(m, &arr)? {
        return Ok(f);
    }
    let length = m.array_length(&arr)?;
    finish(m, 1, Some((length, 1)));
    Ok(Flow::Stepped)
}

/// The array `arr_at` slots down and the index beneath it of an element
/// access, null- and bounds-checked as the JVM does; or how the
/// instruction ends (an exception).
#[allow(clippy::type_complexity)]
fn element<M: Machine>(
    m: &mut M,
    arr_at: usize,
) -> Result<Result<(M::Val, M::Val), Flow<M::Blocked>>, M::Stop> {
    let arr = peek(m, arr_at);
    if let Some(f) = null_check(m, &arr)? {
        return Ok(Err(f));
    }
    let length = m.array_length(&arr)?;
    let index = peek(m, arr_at - 1);
    let ok = m.dom().in_range(&index, &length);
    if !m.dom().decide(ok)? {
        return m.throw(VmExc::ArrayIndex { index, length }).map(Err);
    }
    Ok(Ok((arr, index)))
}

/// `xaload`.
fn array_load<M: Machine>(m: &mut M, k: ArrKind) -> R<M> {
    let (arr, index) = match element(m, 1)? {
        Ok(at) => at,
        Err(flow) => return Ok(flow),
    };
    let v = m.array_load(&arr, &index, k)?;
    let width = if matches!(k, ArrKind::L | ArrKind::D) {
        2
    } else {
        1
    };
    finish(m, 2, Some((v, width)));
    Ok(Flow::Stepped)
}

/// `xastore` (`aastore` checks the element's type as well).
fn array_store<M: Machine>(m: &mut M, k: ArrKind) -> R<M> {
    let vslots = if matches!(k, ArrKind::L | ArrKind::D) {
        2
    } else {
        1
    };
    let arr_at = 1 + vslots;
    let (arr, index) = match element(m, arr_at)? {
        Ok(at) => at,
        Err(flow) => return Ok(flow),
    };
    let v = peek(m, vslots - 1);
    if k == ArrKind::A {
        let ok = m.can_store(&arr, &v)?;
        if !m.dom().decide(ok)? {
            return m.throw(VmExc::ArrayStore(v));
        }
    }
    m.array_store(&arr, &index, k, v)?;
    finish(m, arr_at + 1, None);
    Ok(Flow::Stepped)
}

/// `getfield` and `putfield` (`write`).
fn instance_field<M: Machine>(
    m: &mut M,
    method: &Method,
    ip: u32,
    f: &FieldRef,
    write: bool,
) -> R<M> {
    if f.slot.is_none() {
        let e = unresolved(
            m.classes(),
            method,
            ip,
            &f.class,
            format!("field {}:{}", f.name, f.desc),
        );
        return Err(m.error(e));
    }
    let width = slots(&f.desc);
    if write {
        let obj = peek(m, width);
        let v = peek(m, width - 1);
        if let Some(flow) = null_check(m, &obj)? {
            return Ok(flow);
        }
        m.put_field(&obj, f, v, method, ip)?;
        finish(m, width + 1, None);
    } else {
        let obj = peek(m, 0);
        if let Some(flow) = null_check(m, &obj)? {
            return Ok(flow);
        }
        let v = m.get_field(&obj, f, method, ip)?;
        finish(m, 1, Some((v, width)));
    }
    Ok(Flow::Stepped)
}

/// `getstatic` and `putstatic` (`write`), after the class's initialization.
fn static_field<M: Machine>(
    m: &mut M,
    method: &Method,
    ip: u32,
    f: &FieldRef,
    write: bool,
) -> R<M> {
    let (Some(_), Some(owner)) = (f.slot, f.owner) else {
        let e = unresolved(
            m.classes(),
            method,
            ip,
            &f.class,
            format!("static field {}:{}", f.name, f.desc),
        );
        return Err(m.error(e));
    };
    if let Some(flow) = initialized(m, owner)? {
        return Ok(flow);
    }
    let width = slots(&f.desc);
    if write {
        let v = peek(m, width - 1);
        m.put_static(f, v)?;
        finish(m, width, None);
    } else {
        let v = m.get_static(f)?;
        finish(m, 0, Some((v, width)));
    }
    Ok(Flow::Stepped)
}

/// All four invoke instructions. M5 advances the caller's pc when the call
/// happens, so a returning callee resumes the caller at the next instruction.
fn invoke<M: Machine>(
    m: &mut M,
    caller: &Arc<Method>,
    ip: u32,
    kind: InvokeKind,
    mr: &MethodRef,
) -> R<M> {
    let n = mr.arg_slots as usize;
    let args: Vec<M::Val> = {
        let st = &m.frame_ref().stack;
        st[st.len() - n..].to_vec()
    };
    let target = match kind {
        InvokeKind::Static => {
            let (Some(t), Some(owner)) = (mr.target, mr.owner) else {
                let e = unresolved(
                    m.classes(),
                    caller,
                    ip,
                    &mr.class,
                    format!("static method {}{}", mr.name, mr.desc),
                );
                return Err(m.error(e));
            };
            if let Some(flow) = initialized(m, owner)? {
                return Ok(flow);
            }
            t
        }
        InvokeKind::Virtual | InvokeKind::Special | InvokeKind::Interface => {
            if let Some(flow) = null_check(m, &args[0])? {
                return Ok(flow);
            }
            match m.select(caller, ip, kind, mr, &args[0])? {
                Callee::Method(t) => t,
                Callee::Throw(e) => return m.throw(e),
            }
        }
    };
    let callee = m.classes().method(target).clone();
    // Only where the JDK's code of the call could not overflow the stack:
    // there its StackOverflowError is a behaviour the contract lacks.
    if m.library_contracts()
        && let Some(c) = super::contracts::of(&callee)
        && m.depth() + super::contracts::FRAMES <= m.max_depth(&callee)
    {
        return super::contracts::apply(m, c, caller, ip, &args);
    }
    if callee.is_abstract() {
        let (method, pc) = here(caller, ip);
        return Err(m.error(VmError::NoSuchMethod {
            class: callee.class_name.replace('/', "."),
            name: format!(
                "implementation of the abstract method {}{}",
                callee.name, callee.desc
            ),
            method,
            pc,
        }));
    }
    if callee.is_native() {
        // A synchronized native holds its monitor while it runs, which is
        // one step: it waits only while another thread holds the monitor.
        if callee.is_synchronized() {
            let lock = if callee.is_static() {
                m.class_object(callee.class)?
            } else {
                args[0].clone()
            };
            let free = m.lock_free(&lock);
            if !m.dom().decide(free)? {
                let b = m.blocked_on(&lock);
                return Ok(Flow::Blocked(b));
            }
        }
        return m.native(caller, ip, &callee, &args);
    }
    if m.depth() + 1 > m.max_depth(&callee) {
        return m.throw(VmExc::StackOverflow);
    }
    // A synchronized method takes its monitor as part of the invocation.
    let lock = if callee.is_synchronized() {
        let lock = if callee.is_static() {
            m.class_object(callee.class)?
        } else {
            args[0].clone()
        };
        let free = m.lock_free(&lock);
        if !m.dom().decide(free)? {
            let b = m.blocked_on(&lock);
            return Ok(Flow::Blocked(b));
        }
        m.acquire(&lock);
        Some(lock)
    } else {
        None
    };
    // A Thread constructor invoked from outside Thread's own constructors
    // records what the JDK's does (after its frame: a copy of inheritable
    // thread-locals runs first, on top of it).
    let made = super::threads::is_made(caller, &callee).then(|| args.clone());
    finish(m, n, None);
    m.push_frame(&callee, args, lock);
    if let Some(args) = made {
        super::threads::made(m, &callee, &args)?;
    }
    Ok(Flow::Stepped)
}

/// Class `c` initialized before an active use (JVMS 5.5): None to go on,
/// or how the instruction ends here (`<clinit>` frames pushed or an
/// exception thrown: it runs again or not at all; or blocked).
fn initialized<M: Machine>(m: &mut M, c: ClassId) -> Result<Option<Flow<M::Blocked>>, M::Stop> {
    Ok(match m.ensure_init(c)? {
        Init::Ready => None,
        Init::Pushed => Some(Flow::Stepped),
        Init::Blocked(b) => Some(Flow::Blocked(b)),
    })
}

/// `new`: an object with default field values (a `java.lang.Thread`
/// subclass also gets M5's unscheduled thread-table entry).
fn new_object<M: Machine>(m: &mut M, method: &Method, ip: u32, c: &ClassRef) -> R<M> {
    let Some(cid) = c.id else {
        return Err(m.error(missing_class(method, ip, &c.name)));
    };
    if let Some(flow) = initialized(m, cid)? {
        return Ok(flow);
    }
    let r = m.new_object(cid)?;
    finish(m, 0, Some((r, 1)));
    Ok(Flow::Stepped)
}

/// `newarray`, `anewarray`, `multianewarray`: `dims` counts on the stack,
/// elements of descriptor `elem`.
fn new_array<M: Machine>(m: &mut M, elem: Arc<str>, dims: usize) -> R<M> {
    let counts: Vec<M::Val> = {
        let st = &m.frame_ref().stack;
        st[st.len() - dims..].to_vec()
    };
    for c in &counts {
        let neg = m.dom().is_negative(c);
        if m.dom().decide(neg)? {
            return m.throw(VmExc::NegativeArraySize(c.clone()));
        }
    }
    if let Some(e) = m.array_too_big(&elem, &counts)? {
        return m.throw(e);
    }
    let r = m.new_array(&elem, &counts)?;
    finish(m, dims, Some((r, 1)));
    Ok(Flow::Stepped)
}

fn athrow<M: Machine>(m: &mut M) -> R<M> {
    let exc = peek(m, 0);
    if let Some(flow) = null_check(m, &exc)? {
        return Ok(flow);
    }
    m.throw_ref(exc)
}

/// `checkcast` (`cast`) and `instanceof`.
fn type_check<M: Machine>(m: &mut M, method: &Method, ip: u32, t: &TypeRef, cast: bool) -> R<M> {
    if t.id.is_none() && !t.name.starts_with('[') {
        return Err(m.error(missing_class(method, ip, &t.name)));
    }
    let v = peek(m, 0);
    let is = m.instance_of(&v, t)?;
    if cast {
        // null passes any cast.
        let null = m.is_null(&v);
        let not_null = m.dom().not(null);
        let not_is = m.dom().not(is);
        let fails = m.dom().and(not_null, not_is);
        if m.dom().decide(fails)? {
            return m.throw(VmExc::ClassCast {
                obj: v,
                to: t.name.clone(),
            });
        }
        finish(m, 0, None);
    } else {
        let r = m.dom().int_of_cond(is);
        finish(m, 1, Some((r, 1)));
    }
    Ok(Flow::Stepped)
}

/// `monitorenter` (`enter`) blocks (a no-op) while another thread owns the
/// monitor; `monitorexit` throws unless this thread owns it.
fn monitor<M: Machine>(m: &mut M, enter: bool) -> R<M> {
    let r = peek(m, 0);
    if let Some(flow) = null_check(m, &r)? {
        return Ok(flow);
    }
    if enter {
        let free = m.lock_free(&r);
        if !m.dom().decide(free)? {
            let b = m.blocked_on(&r);
            return Ok(Flow::Blocked(b));
        }
        m.acquire(&r);
    } else {
        let owns = m.owns(&r);
        if !m.dom().decide(owns)? {
            return m.throw(VmExc::IllegalMonitorState);
        }
        m.release(&r);
    }
    finish(m, 1, None);
    Ok(Flow::Stepped)
}

/// Returns pop the frame, release a synchronized method's monitor, finish a
/// class initialization, and push the result on the caller's stack. The
/// last frame returning ends the thread.
fn do_return<M: Machine>(m: &mut M, k: Option<Kind>) -> R<M> {
    // A thread terminates holding its Thread object's monitor, to notify
    // the threads that join it (as the JDK's Thread exit does): it waits
    // while another thread holds that monitor.
    if m.depth() == 1
        && let Some(obj) = m.thread_object()
    {
        let free = m.lock_free(&obj);
        if !m.dom().decide(free)? {
            let b = m.blocked_on(&obj);
            return Ok(Flow::Blocked(b));
        }
    }
    let mut frame = m.pop_frame();
    let wide = matches!(k, Some(Kind::L | Kind::D));
    let result = k.map(|_| {
        if wide {
            frame.stack.pop();
        }
        frame.stack.pop().unwrap_or_else(|| m.dom().top())
    });
    if let Some(lock) = m.frame_lock(&frame)? {
        m.release(&lock);
    }
    if &*frame.method.name == "<clinit>" {
        m.init_done(frame.method.class);
    }
    if m.depth() > 0 {
        if let Some(v) = result {
            let top = m.dom().top();
            let f = m.frame();
            f.stack.push(v);
            if wide {
                f.stack.push(top);
            }
        }
    } else {
        m.thread_ended();
    }
    Ok(Flow::Stepped)
}

/// A thread in `wait`: once it may wake, one step takes the monitor back
/// with the hold count it had (waiting while another thread holds it).
pub fn resume_wait<M: Machine>(m: &mut M) -> R<M> {
    let obj = m.waiting_on();
    let woken = m.woken();
    if !m.dom().decide(woken)? {
        let b = m.blocked_in_wait();
        return Ok(Flow::Blocked(b));
    }
    let free = m.lock_free(&obj);
    if !m.dom().decide(free)? {
        let b = m.blocked_on(&obj);
        return Ok(Flow::Blocked(b));
    }
    m.end_wait(&obj);
    Ok(Flow::Stepped)
}
