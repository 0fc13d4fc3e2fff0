//! The semantics of each opcode family.

use std::sync::Arc;

use crate::classfile::*;
use crate::state::*;

use super::domain::Concrete;
use super::exceptions::{throw_new, throw_ref};
use super::local::Local;
use super::natives::{self, NativeResult};
use super::{NoOp, Outcome, VmError, class_name, frame_mut, pop, push};

/// A VM exception raised by a frame-local instruction (only division by zero).
pub struct Thrown {
    pub class: &'static str,
    pub msg: &'static str,
}

fn div_zero() -> Thrown {
    Thrown {
        class: "java/lang/ArithmeticException",
        msg: "/ by zero",
    }
}

/// Frame-local instructions: constants, locals, stack shuffles, arithmetic,
/// conversions, comparisons and branches.
#[inline(always)]
pub fn local(f: &mut Frame, insn: &Insn) -> Result<(), Thrown> {
    try_local(f, insn).map(|_| ())
}

/// `local`, or Ok(false) (nothing done) if `insn` is not frame-local. The
/// semantics is `interp::local`, on Java values.
#[inline(always)]
pub fn try_local(f: &mut Frame, insn: &Insn) -> Result<bool, Thrown> {
    match super::local::local(&mut Concrete, f, insn) {
        Ok(Local::Done) => Ok(true),
        Ok(Local::NotLocal) => Ok(false),
        Ok(Local::Throw(..)) => Err(div_zero()),
        Err(never) => match never {},
    }
}

fn err_here(method: &Method, ip: u32) -> (String, u32) {
    (method.display_name(), method.pc(ip))
}

fn missing_class(method: &Method, ip: u32, class: &str) -> VmError {
    let (method, pc) = err_here(method, ip);
    VmError::MissingClass {
        class: class.to_string(),
        method,
        pc,
    }
}

/// A field or method the class file names but no loaded class has: either
/// the class is missing, or it lacks the member (m5's library models only
/// part of the JDK).
fn unresolved(s: &State, method: &Method, ip: u32, class: &str, member: String) -> VmError {
    if s.classes.id(class).is_none() {
        return missing_class(method, ip, class);
    }
    let (method, pc) = err_here(method, ip);
    VmError::NoSuchMethod {
        class: class.replace('/', "."),
        name: member,
        method,
        pc,
    }
}

fn advance(s: &mut State, th: ThreadId) {
    frame_mut(s, th).ip += 1;
}

/// Result of making sure a class is initialized before an active use.
pub(crate) enum Init {
    Ready,
    /// `<clinit>` frames were pushed; the instruction runs again after them.
    Pushed,
    Blocked(ClassId),
    /// An exception was thrown (NoClassDefFoundError for a failed class).
    Threw,
}

/// JVMS 5.5: initialize `c` (superclasses first) unless done or in progress
/// in this thread. The `<clinit>` frames are pushed above the current frame,
/// whose instruction has not advanced and so executes again afterwards.
pub(crate) fn ensure_init(s: &mut State, th: ThreadId, c: ClassId) -> Result<Init, VmError> {
    // Execution order (JVMS 5.5 step 7): superclass chain first; then the
    // superinterfaces that declare default methods, in the order of a
    // recursive enumeration of the interfaces lists; then the class.
    fn order(s: &State, c: ClassId, out: &mut Vec<ClassId>) {
        let class = s.classes.class(c);
        if let Some(sup) = class.super_id {
            order(s, sup, out);
        }
        if !class.is_interface() {
            fn itfs(s: &State, i: ClassId, out: &mut Vec<ClassId>) {
                for &j in &s.classes.class(i).interfaces {
                    itfs(s, j, out);
                }
                let has_default = s.classes.class(i).methods.iter().any(|m| {
                    let m = s.classes.method(*m);
                    !m.is_abstract() && !m.is_static() && &*m.name != "<clinit>"
                });
                if has_default && !out.contains(&i) {
                    out.push(i);
                }
            }
            for &i in &class.interfaces {
                itfs(s, i, out);
            }
        }
        if !out.contains(&c) {
            out.push(c);
        }
    }
    if matches!(s.init[c as usize], InitStatus::Done) {
        return Ok(Init::Ready);
    }
    let mut all = Vec::new();
    order(s, c, &mut all);
    let mut todo = Vec::new();
    for id in all {
        match s.init[id as usize] {
            InitStatus::Done => {}
            InitStatus::Running(t) if t == th => {}
            InitStatus::Running(_) => return Ok(Init::Blocked(id)),
            InitStatus::Failed => {
                let name = s.classes.class(id).name.replace('/', ".");
                throw_new(
                    s,
                    th,
                    "java/lang/NoClassDefFoundError",
                    Some(format!("Could not initialize class {name}")),
                )?;
                return Ok(Init::Threw);
            }
            InitStatus::Uninitialized => todo.push(id),
        }
    }
    let frames = todo
        .iter()
        .filter(|&&id| s.classes.class(id).clinit.is_some())
        .count();
    if overflow(s, th, frames)? {
        return Ok(Init::Threw);
    }
    let mut pushed = false;
    // Push in reverse, so the first to run is on top.
    for &id in todo.iter().rev() {
        match s.classes.class(id).clinit {
            None => {
                s.init.set(id as usize, InitStatus::Done);
            }
            Some(m) => {
                s.init.set(id as usize, InitStatus::Running(th));
                let method = s.classes.method(m).clone();
                let t = s.thread_mut(th);
                t.stack.push(Arc::new(Frame::new(method, &[])));
                pushed = true;
            }
        };
    }
    Ok(if pushed { Init::Pushed } else { Init::Ready })
}

macro_rules! init_or_return {
    ($s:expr, $th:expr, $c:expr) => {
        match ensure_init($s, $th, $c)? {
            Init::Ready => {}
            Init::Pushed | Init::Threw => return Ok(Outcome::Stepped),
            Init::Blocked(c) => return Ok(Outcome::NoOp(NoOp::Blocked(Wake::Init(c)))),
        }
    };
}

/// Instructions that read or write the heap, statics, monitors or other
/// frames.
pub fn heap(
    s: &mut State,
    th: ThreadId,
    method: &Arc<Method>,
    insn: &Insn,
) -> Result<Outcome, VmError> {
    let fr = s.threads[th as usize].top().expect("has frame");
    let ip = fr.ip;
    // The link-time checks count stack slots, not types: mistyped code can
    // still leave fewer values than an instruction takes.
    if fr.stack.len() < crate::classfile::stack_effect(insn).0 as usize {
        return Err(malformed(method, ip, "operand stack underflow"));
    }
    match insn {
        Insn::Ldc(c) => ldc(s, th, method, ip, c),
        Insn::ArrayLoad(_) | Insn::ArrayStore(_) | Insn::ArrayLength => array_access(s, th, insn),
        Insn::GetField(f) | Insn::PutField(f) => instance_field(s, th, method, ip, insn, f),
        Insn::GetStatic(f) | Insn::PutStatic(f) => static_field(s, th, method, ip, insn, f),
        Insn::Invoke(kind, m) => invoke(s, th, method, ip, *kind, m),
        Insn::Concat(c) => super::strings::concat(s, th, c),
        Insn::New(c) => new_object(s, th, method, ip, c),
        Insn::NewArray(_) | Insn::ANewArray(_) | Insn::MultiANewArray(..) => {
            new_array(s, th, method, ip, insn)
        }
        Insn::Athrow => athrow(s, th),
        Insn::CheckCast(t) | Insn::InstanceOf(t) => type_check(s, th, method, ip, insn, t),
        Insn::MonitorEnter | Insn::MonitorExit => monitor(s, th, insn),
        Insn::Return(k) => do_return(s, th, *k),
        Insn::Unsupported(what) => {
            let (m, pc) = err_here(method, ip);
            Err(VmError::UnsupportedInsn {
                insn: what.to_string(),
                method: m,
                pc,
            })
        }
        other => unreachable!("frame-local instruction {other:?} reached the heap path"),
    }
}

fn ldc(
    s: &mut State,
    th: ThreadId,
    method: &Method,
    ip: u32,
    c: &Const,
) -> Result<Outcome, VmError> {
    let v = match c {
        Const::String(text) => Value::Ref(super::strings::intern(s, text)?),
        Const::Class(t) => {
            if t.id.is_none() && !t.name.starts_with('[') {
                return Err(missing_class(method, ip, &t.name));
            }
            Value::Ref(natives::mirror(s, &t.name)?)
        }
        _ => unreachable!("numeric constants are frame-local"),
    };
    let f = frame_mut(s, th);
    f.stack.push(v);
    f.ip += 1;
    Ok(Outcome::Stepped)
}

/// `xaload`, `xastore`, `arraylength`: null and bounds checks as the JVM.
fn array_access(s: &mut State, th: ThreadId, insn: &Insn) -> Result<Outcome, VmError> {
    let f = s.threads[th as usize].top().expect("frame");
    let len = f.stack.len();
    let (value, index, arr) = match insn {
        Insn::ArrayLength => (None, 0, f.stack[len - 1]),
        Insn::ArrayLoad(_) => (None, f.stack[len - 1].as_int(), f.stack[len - 2]),
        Insn::ArrayStore(k) => {
            let wide = matches!(k, ArrKind::L | ArrKind::D);
            let vpos = if wide { len - 2 } else { len - 1 };
            (
                Some(f.stack[vpos]),
                f.stack[vpos - 1].as_int(),
                f.stack[vpos - 2],
            )
        }
        _ => unreachable!(),
    };
    let Some(r) = arr.as_ref() else {
        throw_new(s, th, "java/lang/NullPointerException", None)?;
        return Ok(Outcome::Stepped);
    };
    let Some((elem, data)) = s.object(r).array() else {
        let f = s.threads[th as usize].top().expect("frame");
        return Err(malformed(
            &f.method,
            f.ip,
            "array instruction on an object that is not an array",
        ));
    };
    let alen = data.len();
    if let Insn::ArrayLength = insn {
        let fr = frame_mut(s, th);
        fr.stack.pop();
        fr.stack.push(Value::Int(alen as i32));
        fr.ip += 1;
        return Ok(Outcome::Stepped);
    }
    if index < 0 || index as usize >= alen {
        let msg = format!("Index {index} out of bounds for length {alen}");
        throw_new(s, th, "java/lang/ArrayIndexOutOfBoundsException", Some(msg))?;
        return Ok(Outcome::Stepped);
    }
    let i = index as usize;
    match value {
        None => {
            let v = data.get(i);
            let fr = frame_mut(s, th);
            fr.stack.truncate(len - 2);
            push(&mut fr.stack, v);
            fr.ip += 1;
        }
        Some(v) => {
            if let Value::Ref(vr) = v
                && !natives::assignable_to(s, vr, elem)
            {
                let msg = natives::java_class_name(s, vr);
                throw_new(s, th, "java/lang/ArrayStoreException", Some(msg))?;
                return Ok(Outcome::Stepped);
            }
            match &mut s.object_mut(r).body {
                Body::Array { data, .. } => data.set(i, v),
                _ => unreachable!(),
            }
            let fr = frame_mut(s, th);
            let wide = v.is_wide();
            fr.stack.truncate(len - 3 - usize::from(wide));
            fr.ip += 1;
        }
    }
    Ok(Outcome::Stepped)
}

fn instance_field(
    s: &mut State,
    th: ThreadId,
    method: &Method,
    ip: u32,
    insn: &Insn,
    f: &FieldRef,
) -> Result<Outcome, VmError> {
    let Some(slot) = f.slot else {
        return Err(unresolved(
            s,
            method,
            ip,
            &f.class,
            format!("field {}:{}", f.name, f.desc),
        ));
    };
    let slot = slot as usize;
    let wide = matches!(f.desc.as_bytes()[0], b'J' | b'D');
    let fr = s.threads[th as usize].top().expect("frame");
    let len = fr.stack.len();
    match insn {
        Insn::GetField(_) => {
            let Some(r) = fr.stack[len - 1].as_ref() else {
                throw_new(s, th, "java/lang/NullPointerException", None)?;
                return Ok(Outcome::Stepped);
            };
            let Some(&v) = s.object(r).fields().get(slot) else {
                return Err(malformed(
                    method,
                    ip,
                    "getfield on an object of another class",
                ));
            };
            let fr = frame_mut(s, th);
            fr.stack.pop();
            push(&mut fr.stack, v);
            fr.ip += 1;
        }
        _ => {
            let vpos = if wide { len - 2 } else { len - 1 };
            let v = fr.stack[vpos];
            let Some(r) = fr.stack[vpos - 1].as_ref() else {
                throw_new(s, th, "java/lang/NullPointerException", None)?;
                return Ok(Outcome::Stepped);
            };
            if slot >= s.object(r).fields().len() {
                return Err(malformed(
                    method,
                    ip,
                    "putfield on an object of another class",
                ));
            }
            s.object_mut(r).fields_mut()[slot] = v;
            let fr = frame_mut(s, th);
            fr.stack.truncate(vpos - 1);
            fr.ip += 1;
        }
    }
    Ok(Outcome::Stepped)
}

fn static_field(
    s: &mut State,
    th: ThreadId,
    method: &Method,
    ip: u32,
    insn: &Insn,
    f: &FieldRef,
) -> Result<Outcome, VmError> {
    let (Some(slot), Some(owner)) = (f.slot, f.owner) else {
        return Err(unresolved(
            s,
            method,
            ip,
            &f.class,
            format!("static field {}:{}", f.name, f.desc),
        ));
    };
    init_or_return!(s, th, owner);
    match insn {
        Insn::GetStatic(_) => {
            let v = s.statics[slot as usize];
            let fr = frame_mut(s, th);
            push(&mut fr.stack, v);
            fr.ip += 1;
        }
        _ => {
            let fr = frame_mut(s, th);
            let v = pop(&mut fr.stack);
            fr.ip += 1;
            s.statics.set(slot as usize, v);
        }
    }
    Ok(Outcome::Stepped)
}

/// The class whose dispatch table selects calls on the object at `r` (arrays use Object's).
pub(crate) fn dispatch_class(s: &State, r: Ref) -> ClassId {
    s.object(r).class
}

/// Tries to take `obj`'s monitor for `th` (reentrant). False: held by another thread.
pub(crate) fn acquire(s: &mut State, th: ThreadId, obj: Ref) -> bool {
    let o = s.object(obj);
    if o.mcount > 0 && o.monitor != th {
        return false;
    }
    let o = s.object_mut(obj);
    o.monitor = th;
    o.mcount += 1;
    true
}

/// Releases one hold of `obj`'s monitor; false if `th` does not own it.
pub(crate) fn release(s: &mut State, th: ThreadId, obj: Ref) -> bool {
    let o = s.object(obj);
    if o.mcount == 0 || o.monitor != th {
        return false;
    }
    let o = s.object_mut(obj);
    o.mcount -= 1;
    if o.mcount == 0 {
        o.monitor = 0;
        s.sched_gen += 1;
        s.wakes.push(Wake::Monitor(obj));
    }
    true
}

/// All four invoke instructions. M5 advances the caller's pc when the call
/// happens, so a returning callee resumes the caller at the next instruction.
fn invoke(
    s: &mut State,
    th: ThreadId,
    caller: &Method,
    ip: u32,
    kind: InvokeKind,
    m: &MethodRef,
) -> Result<Outcome, VmError> {
    let n = m.arg_slots as usize;
    let fr = s.threads[th as usize].top().expect("frame");
    let args: Vec<Value> = fr.stack[fr.stack.len() - n..].to_vec();
    let target = match kind {
        InvokeKind::Static => {
            let (Some(t), Some(owner)) = (m.target, m.owner) else {
                return Err(unresolved(
                    s,
                    caller,
                    ip,
                    &m.class,
                    format!("static method {}{}", m.name, m.desc),
                ));
            };
            init_or_return!(s, th, owner);
            t
        }
        _ => {
            let Some(recv) = args[0].as_ref() else {
                throw_new(s, th, "java/lang/NullPointerException", None)?;
                return Ok(Outcome::Stepped);
            };
            match callee(s, caller, ip, kind, m, recv)? {
                Callee::Method(t) => t,
                Callee::Throw(class, msg) => {
                    throw_new(s, th, class, Some(msg))?;
                    return Ok(Outcome::Stepped);
                }
            }
        }
    };
    let callee = s.classes.method(target).clone();
    if callee.is_abstract() {
        let (method, pc) = err_here(caller, ip);
        return Err(VmError::NoSuchMethod {
            class: callee.class_name.to_string(),
            name: format!(
                "implementation of the abstract method {}{}",
                callee.name, callee.desc
            ),
            method,
            pc,
        });
    }
    if callee.is_native() {
        return call_native(s, th, caller, ip, &callee, &args);
    }
    if overflow(s, th, 1)? {
        return Ok(Outcome::Stepped);
    }
    // A synchronized method takes its monitor as part of the invocation.
    let sync = if callee.is_synchronized() {
        let obj = if callee.is_static() {
            natives::mirror(s, &callee.class_name)?
        } else {
            args[0].as_ref().expect("receiver checked")
        };
        if !acquire(s, th, obj) {
            return Ok(Outcome::NoOp(NoOp::Blocked(Wake::Monitor(obj))));
        }
        Some(obj)
    } else {
        None
    };
    let fr = frame_mut(s, th);
    let len = fr.stack.len();
    fr.stack.truncate(len - n);
    fr.ip += 1;
    let mut frame = Frame::new(callee, &args);
    frame.sync = sync;
    s.thread_mut(th).stack.push(Arc::new(frame));
    Ok(Outcome::Stepped)
}

/// Would `n` more frames exceed `th`'s stack limit? Then StackOverflowError
/// is thrown at the current instruction (which has not advanced), and the
/// answer is true.
pub(crate) fn overflow(s: &mut State, th: ThreadId, n: usize) -> Result<bool, VmError> {
    if n > 0 && s.threads[th as usize].stack.len() + n > s.config.max_stack_depth {
        throw_new(s, th, "java/lang/StackOverflowError", None)?;
        return Ok(true);
    }
    Ok(false)
}

/// The first step of a synchronized method's frame that the VM pushed
/// (main, a thread's `run`): take the monitor (`this`, or the class's
/// `Class` object), as an invocation would, or block.
pub fn enter_monitor(s: &mut State, th: ThreadId) -> Result<Outcome, VmError> {
    let f = s.threads[th as usize].top().expect("frame");
    let method = f.method.clone();
    let obj = if method.is_static() {
        natives::mirror(s, &method.class_name)?
    } else {
        match f.locals.first().and_then(|v| v.as_ref()) {
            Some(r) => r,
            None => {
                return Err(malformed(
                    &method,
                    f.ip,
                    "a synchronized method without `this`",
                ));
            }
        }
    };
    if !acquire(s, th, obj) {
        return Ok(Outcome::NoOp(NoOp::Blocked(Wake::Monitor(obj))));
    }
    frame_mut(s, th).sync = Some(obj);
    Ok(Outcome::Stepped)
}

/// What a non-static invoke calls on a receiver.
pub(crate) enum Callee {
    Method(MethodId),
    /// The JVM throws this instead (AbstractMethodError,
    /// IncompatibleClassChangeError), with its message.
    Throw(&'static str, String),
}

/// The method a non-static invoke of `m` runs on the object at `recv`
/// (JVMS 6.5 and 5.4.6, through `ClassTable::select`).
pub(crate) fn callee(
    s: &State,
    caller: &Method,
    ip: u32,
    kind: InvokeKind,
    m: &MethodRef,
    recv: Ref,
) -> Result<Callee, VmError> {
    if let Some(t) = m.target {
        return Ok(Callee::Method(t));
    }
    let named = if m.class.starts_with('[') {
        s.classes.id("java/lang/Object")
    } else {
        s.classes.id(&m.class)
    };
    let (Some(resolved), Some(named)) = (m.resolved, named) else {
        let cls = dispatch_class(s, recv);
        if s.classes.id(&m.class).is_none() {
            return Err(missing_class(caller, ip, &m.class));
        }
        let (method, pc) = err_here(caller, ip);
        return Err(VmError::NoSuchMethod {
            class: class_name(s, cls).to_string(),
            name: format!("method {}{}", m.name, m.desc),
            method,
            pc,
        });
    };
    let cls = dispatch_class(s, recv);
    let selected = match kind {
        InvokeKind::Special => s.classes.select_special(caller.class, named, resolved),
        _ => {
            let is_array = s.object(recv).array().is_some();
            if kind == InvokeKind::Interface && !is_array && !s.classes.is_subclass(cls, named) {
                return Ok(Callee::Throw(
                    "java/lang/IncompatibleClassChangeError",
                    format!(
                        "Class {} does not implement the requested interface {}",
                        class_name(s, cls).replace('/', "."),
                        m.class.replace('/', ".")
                    ),
                ));
            }
            s.classes.select(cls, resolved)
        }
    };
    Ok(match selected {
        Selected::Method(t) => Callee::Method(t),
        Selected::Abstract => {
            let r = s.classes.method(resolved);
            let home = s.classes.class(r.class);
            Callee::Throw(
                "java/lang/AbstractMethodError",
                format!(
                    "Receiver class {} does not define or inherit an implementation of the resolved method '{}' of {} {}.",
                    natives::java_class_name(s, recv),
                    method_text(r),
                    if home.is_interface() {
                        "interface"
                    } else if home.flags & ACC_ABSTRACT != 0 {
                        "abstract class"
                    } else {
                        "class"
                    },
                    home.name.replace('/', ".")
                ),
            )
        }
        Selected::Conflict(ms) => Callee::Throw(
            "java/lang/IncompatibleClassChangeError",
            format!(
                "Conflicting default methods: {}",
                ms.iter()
                    .map(|&id| {
                        let mm = s.classes.method(id);
                        format!("{}.{}", mm.class_name.replace('/', "."), mm.name)
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        ),
    })
}

/// `abstract java.lang.String m(int, java.lang.Object[])`, as HotSpot 17
/// names a resolved method in AbstractMethodError (no access modifiers).
fn method_text(m: &Method) -> String {
    let params = param_descs(&m.desc);
    let ret = m.desc.rsplit_once(')').map_or("V", |(_, r)| r);
    format!(
        "{}{} {}({})",
        if m.is_abstract() { "abstract " } else { "" },
        java_type(ret),
        m.name,
        params
            .iter()
            .map(|p| java_type(p))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// A field descriptor as Java source names it: `I` -> `int`, `[Ljava/lang/String;` -> `java.lang.String[]`.
fn java_type(desc: &str) -> String {
    match desc.as_bytes().first() {
        Some(b'[') => format!("{}[]", java_type(&desc[1..])),
        Some(b'L') => desc[1..desc.len() - 1].replace('/', "."),
        Some(b'Z') => "boolean".into(),
        Some(b'B') => "byte".into(),
        Some(b'C') => "char".into(),
        Some(b'S') => "short".into(),
        Some(b'I') => "int".into(),
        Some(b'J') => "long".into(),
        Some(b'F') => "float".into(),
        Some(b'D') => "double".into(),
        _ => "void".into(),
    }
}

/// Calls a native: it sees the arguments before they are popped, and may
/// block (no change), return, throw, or push frames of its own.
pub(crate) fn call_native(
    s: &mut State,
    th: ThreadId,
    caller: &Method,
    ip: u32,
    callee: &Method,
    args: &[Value],
) -> Result<Outcome, VmError> {
    let Some(idx) = callee.native else {
        let (method, pc) = err_here(caller, ip);
        return Err(VmError::UnsupportedNative {
            native: callee.display_name(),
            method,
            pc,
        });
    };
    let n = callee.arg_slots as usize;
    match (natives::NATIVES[idx as usize].3)(s, th, args)? {
        NativeResult::Block(w) => Ok(Outcome::NoOp(NoOp::Blocked(w))),
        NativeResult::Throw(class, msg) => {
            throw_new(s, th, class, msg)?;
            Ok(Outcome::Stepped)
        }
        NativeResult::Return(v) => {
            // The native may have pushed a frame (e.g. `run`), so find the caller's.
            let t = s.thread_mut(th);
            let depth = t.stack.len();
            let caller_pos = t
                .stack
                .iter()
                .rposition(|f| f.method.id == caller.id && f.ip == ip)
                .unwrap_or(depth - 1);
            let fr = Arc::make_mut(&mut t.stack[caller_pos]);
            let len = fr.stack.len();
            fr.stack.truncate(len - n);
            if let Some(v) = v {
                push(&mut fr.stack, v);
            }
            fr.ip += 1;
            Ok(Outcome::Stepped)
        }
    }
}

/// `new`: allocate with default field values. A `java.lang.Thread` subclass
/// also gets an unscheduled thread-table entry whose call stack already holds
/// its `run()` frame (M5's model).
fn new_object(
    s: &mut State,
    th: ThreadId,
    method: &Method,
    ip: u32,
    c: &ClassRef,
) -> Result<Outcome, VmError> {
    let Some(cid) = c.id else {
        return Err(missing_class(method, ip, &c.name));
    };
    init_or_return!(s, th, cid);
    let r = natives::alloc_instance(s, cid);
    if s.classes.class(cid).is_thread {
        natives::add_thread_entry(s, r, cid)?;
    }
    let fr = frame_mut(s, th);
    fr.stack.push(Value::Ref(r));
    fr.ip += 1;
    Ok(Outcome::Stepped)
}

fn new_array(
    s: &mut State,
    th: ThreadId,
    method: &Method,
    ip: u32,
    insn: &Insn,
) -> Result<Outcome, VmError> {
    let (elem, dims): (Arc<str>, usize) = match insn {
        Insn::NewArray(d) => (d.clone(), 1),
        Insn::ANewArray(t) => {
            if t.id.is_none() && !t.name.starts_with('[') {
                return Err(missing_class(method, ip, &t.name));
            }
            let e: Arc<str> = if t.name.starts_with('[') {
                t.name.clone()
            } else {
                format!("L{};", t.name).into()
            };
            (e, 1)
        }
        Insn::MultiANewArray(t, d) => (t.name[1..].into(), *d as usize),
        _ => unreachable!(),
    };
    let fr = s.threads[th as usize].top().expect("frame");
    let counts: Vec<i32> = fr.stack[fr.stack.len() - dims..]
        .iter()
        .map(|v| v.as_int())
        .collect();
    if let Some(neg) = counts.iter().find(|c| **c < 0) {
        throw_new(
            s,
            th,
            "java/lang/NegativeArraySizeException",
            Some(neg.to_string()),
        )?;
        return Ok(Outcome::Stepped);
    }
    let r = natives::alloc_multi_array(s, &elem, &counts);
    let fr = frame_mut(s, th);
    let len = fr.stack.len();
    fr.stack.truncate(len - dims);
    fr.stack.push(Value::Ref(r));
    fr.ip += 1;
    Ok(Outcome::Stepped)
}

fn athrow(s: &mut State, th: ThreadId) -> Result<Outcome, VmError> {
    let fr = s.threads[th as usize].top().expect("frame");
    match fr.stack.last().and_then(|v| v.as_ref()) {
        Some(r) => throw_ref(s, th, r)?,
        None => throw_new(s, th, "java/lang/NullPointerException", None)?,
    }
    Ok(Outcome::Stepped)
}

fn type_check(
    s: &mut State,
    th: ThreadId,
    method: &Method,
    ip: u32,
    insn: &Insn,
    t: &TypeRef,
) -> Result<Outcome, VmError> {
    if t.id.is_none() && !t.name.starts_with('[') {
        return Err(missing_class(method, ip, &t.name));
    }
    let fr = s.threads[th as usize].top().expect("frame");
    let v = *fr.stack.last().unwrap_or(&Value::Null);
    let target: Arc<str> = if t.name.starts_with('[') {
        t.name.clone()
    } else {
        format!("L{};", t.name).into()
    };
    let ok = v.as_ref().map(|r| natives::assignable_to(s, r, &target));
    match insn {
        Insn::CheckCast(_) => {
            if ok == Some(false) {
                let r = v.as_ref().expect("non-null");
                let msg = format!(
                    "class {} cannot be cast to class {}",
                    natives::java_class_name(s, r),
                    t.name.replace('/', ".")
                );
                throw_new(s, th, "java/lang/ClassCastException", Some(msg))?;
                return Ok(Outcome::Stepped);
            }
            advance(s, th);
        }
        _ => {
            let fr = frame_mut(s, th);
            fr.stack.pop();
            fr.stack.push(Value::Int(i32::from(ok == Some(true))));
            fr.ip += 1;
        }
    }
    Ok(Outcome::Stepped)
}

/// `monitorenter` blocks (a no-op) while another thread owns the monitor.
fn monitor(s: &mut State, th: ThreadId, insn: &Insn) -> Result<Outcome, VmError> {
    let fr = s.threads[th as usize].top().expect("frame");
    let Some(r) = fr.stack.last().and_then(|v| v.as_ref()) else {
        throw_new(s, th, "java/lang/NullPointerException", None)?;
        return Ok(Outcome::Stepped);
    };
    match insn {
        Insn::MonitorEnter => {
            if !acquire(s, th, r) {
                return Ok(Outcome::NoOp(NoOp::Blocked(Wake::Monitor(r))));
            }
        }
        _ => {
            if !release(s, th, r) {
                throw_new(
                    s,
                    th,
                    "java/lang/IllegalMonitorStateException",
                    Some("current thread is not owner".into()),
                )?;
                return Ok(Outcome::Stepped);
            }
        }
    }
    let fr = frame_mut(s, th);
    fr.stack.pop();
    fr.ip += 1;
    Ok(Outcome::Stepped)
}

/// Returns pop the frame, release a synchronized method's monitor, finish a
/// class initialization, and push the result on the caller's stack. The
/// last frame returning ends the thread.
fn do_return(s: &mut State, th: ThreadId, k: Option<Kind>) -> Result<Outcome, VmError> {
    let t = s.thread_mut(th);
    let frame = t.stack.pop().expect("frame");
    let result = k.map(|_| {
        let mut st = frame.stack.clone();
        pop(&mut st)
    });
    let caller_exists = !t.stack.is_empty();
    if let Some(obj) = frame.sync {
        release(s, th, obj);
    }
    if &*frame.method.name == "<clinit>" {
        s.init.set(frame.method.class as usize, InitStatus::Done);
        s.sched_gen += 1;
        s.wakes.push(Wake::Init(frame.method.class));
    }
    if caller_exists {
        if let Some(v) = result {
            push(&mut frame_mut(s, th).stack, v);
        }
    } else {
        super::natives::thread_ended(s, th);
    }
    Ok(Outcome::Stepped)
}

/// A thread in `wait()`: blocked until notified (or a timed wait's time
/// passes, which may be any time), then one step re-acquires the monitor.
pub fn resume_wait(s: &mut State, th: ThreadId) -> Result<Outcome, VmError> {
    let w = s.threads[th as usize].wait.expect("waiting");
    if !w.notified && !w.timed {
        return Ok(Outcome::NoOp(NoOp::Blocked(Wake::Notify(th))));
    }
    let o = s.object(w.object);
    if o.mcount > 0 && o.monitor != th {
        return Ok(Outcome::NoOp(NoOp::Blocked(Wake::Monitor(w.object))));
    }
    let o = s.object_mut(w.object);
    o.monitor = th;
    o.mcount = w.count;
    o.wait_set.retain(|t| *t != th);
    s.thread_mut(th).wait = None;
    Ok(Outcome::Stepped)
}

/// An error for bytecode that the JVM's verifier would have rejected.
fn malformed(method: &Method, ip: u32, what: &str) -> VmError {
    VmError::Other(format!(
        "malformed bytecode in {} at pc {}: {what}",
        method.display_name(),
        method.pc(ip)
    ))
}
