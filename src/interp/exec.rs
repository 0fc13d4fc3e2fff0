//! The interpreter's side of the instruction semantics: the frame-local
//! family on Java values (`try_local`), and the machine the heap families
//! run on (`Running`: thread `th` of a state, stepped in place), with
//! monitors, method selection, natives and the resumption of waiting
//! threads (class initialization is `clinit.rs`).

use std::sync::Arc;

use crate::classfile::*;
use crate::state::*;

use super::domain::Concrete;
use super::exceptions::{throw_new, throw_ref};
use super::local::Local;
use super::machine::{Callee, Flow, Machine, VmExc};
use super::natives::{self, NativeResult};
use super::runtime;
use super::{NoOp, Outcome, VmError, class_name, frame_mut, push};

pub(crate) use super::clinit::{Init, continue_init, ensure_init, trivial_init};

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

/// Frame-local instructions (constants, locals, stack shuffles,
/// arithmetic, conversions, comparisons and branches): Ok(false), nothing
/// done, if `insn` is not one. The semantics is `interp::local`, on Java
/// values.
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
        s.aux.sched_gen += 1;
        s.aux.wakes.push(Wake::Monitor(obj));
    }
    true
}

/// Would a frame of `m` exceed `th`'s stack? Then StackOverflowError is
/// thrown at the current instruction (which has not advanced), and the
/// answer is true.
pub(crate) fn overflow(s: &mut State, th: ThreadId, m: &Method) -> Result<bool, VmError> {
    if s.threads[th as usize].stack.len() + 1 > s.config.frames_of(m) {
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
        runtime::mirror(s, &method.class_name)?
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

/// The method a non-static invoke of `m` runs on the object at `recv`
/// (JVMS 6.5 and 5.4.6, through `ClassTable::select`).
pub(crate) fn callee(
    s: &State,
    caller: &Method,
    ip: u32,
    kind: InvokeKind,
    m: &MethodRef,
    recv: Ref,
) -> Result<Callee<Value>, VmError> {
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
            class: class_name(s, cls).replace('/', "."),
            name: format!("method {}{}", m.name, m.desc),
            method,
            pc,
        });
    };
    let cls = dispatch_class(s, recv);
    // The verifier makes a virtual call's receiver an instance of the
    // method's class; m5 stops at code that breaks this rather than run
    // a method of an unrelated class.
    let home = s.classes.method(resolved).class;
    if matches!(kind, InvokeKind::Virtual | InvokeKind::Special)
        && s.object(recv).array().is_none()
        && !s.classes.class(home).is_interface()
        && !s.classes.is_subclass(cls, home)
    {
        let (method, pc) = err_here(caller, ip);
        return Err(VmError::Other(format!(
            "malformed bytecode in {method} at pc {pc}: a call of {}.{}{} on an object of class {} (the JVM's verifier rejects this code)",
            class_name(s, home).replace('/', "."),
            m.name,
            m.desc,
            class_name(s, cls).replace('/', ".")
        )));
    }
    let selected = match kind {
        InvokeKind::Special => s.classes.select_special(caller.class, named, resolved),
        _ => {
            let is_array = s.object(recv).array().is_some();
            if kind == InvokeKind::Interface && !is_array && !s.classes.is_subclass(cls, named) {
                return Ok(Callee::Throw(VmExc::Other(
                    "java/lang/IncompatibleClassChangeError",
                    format!(
                        "Class {} does not implement the requested interface {}",
                        class_name(s, cls).replace('/', "."),
                        m.class.replace('/', ".")
                    ),
                )));
            }
            s.classes.select(cls, resolved)
        }
    };
    Ok(match selected {
        Selected::Method(t) => Callee::Method(t),
        Selected::Abstract => {
            let r = s.classes.method(resolved);
            let home = s.classes.class(r.class);
            // m5's model classes implement only what m5 models.
            let receiver = s.classes.class(cls);
            if receiver.from_library && !receiver.from_jdk {
                return Err(VmError::Other(format!(
                    "m5's model of {} does not implement {}.{}{}",
                    receiver.name.replace('/', "."),
                    home.name.replace('/', "."),
                    r.name,
                    r.desc
                )));
            }
            Callee::Throw(VmExc::Other(
                "java/lang/AbstractMethodError",
                format!(
                    "Receiver class {} does not define or inherit an implementation of the resolved method '{}' of {} {}.",
                    runtime::java_class_name(s, recv),
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
            ))
        }
        Selected::Conflict(ms) => Callee::Throw(VmExc::Other(
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
        )),
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
    let dims = desc.bytes().take_while(|&b| b == b'[').count();
    let base = java_type_of(&desc[dims..]);
    format!("{base}{}", "[]".repeat(dims))
}

/// `java_type` of a descriptor that is not an array's.
fn java_type_of(desc: &str) -> String {
    match desc.as_bytes().first() {
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
    // The call site's arguments (a signature-polymorphic native's own
    // descriptor does not say how many).
    let n = args.len();
    match (natives::NATIVES[idx as usize].3)(s, th, args)? {
        NativeResult::Block(w) => Ok(Outcome::NoOp(NoOp::Blocked(w))),
        // Initializer frames were pushed (the call runs again when they
        // return), or an exception was thrown: the step is done as it is.
        NativeResult::Again => Ok(Outcome::Stepped),
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

/// A thread in `wait()`: blocked until notified (or a timed wait's time
/// passes, which may be any time, or at any time where spurious wake-ups
/// are on), then one step re-acquires the monitor.
///
/// A thread interrupted while waiting throws InterruptedException from its
/// `wait` call once it holds the monitor again (JLS 17.2.3).
pub fn resume_wait(s: &mut State, th: ThreadId) -> Result<Outcome, VmError> {
    // A notice it may take (`waitset`): it takes it now, and if another
    // thread holds the monitor, that is the whole step.
    if super::waitset::take(s, th) {
        let w = s.threads[th as usize].wait.expect("waiting");
        let o = s.object(w.object);
        if o.mcount > 0 && o.monitor != th {
            return Ok(Outcome::Stepped);
        }
    }
    Ok(match super::heap::resume_wait(&mut Running::new(s, th))? {
        Flow::Stepped => {
            if super::parking::take_interrupt(s, th)? {
                // The frame is past the call: throw from the call itself.
                let t = s.thread_mut(th);
                let top = t.stack.len() - 1;
                Arc::make_mut(&mut t.stack[top]).ip -= 1;
                throw_new(s, th, "java/lang/InterruptedException", None)?;
            }
            Outcome::Stepped
        }
        Flow::Blocked(w) => Outcome::NoOp(NoOp::Blocked(w)),
    })
}

/// An error for bytecode that the JVM's verifier would have rejected.
fn malformed(method: &Method, ip: u32, what: &str) -> VmError {
    VmError::Other(format!(
        "malformed bytecode in {} at pc {}: {what}",
        method.display_name(),
        method.pc(ip)
    ))
}

/// Executes an instruction that is not frame-local: `interp::heap`'s
/// semantics on this state.
pub fn heap(
    s: &mut State,
    th: ThreadId,
    method: &Arc<Method>,
    insn: &Insn,
) -> Result<Outcome, VmError> {
    let f = s.threads[th as usize].top().expect("has frame");
    let (ip, depth) = (f.ip, f.stack.len());
    heap_at(s, th, method, ip, depth, insn)
}

/// `heap`, with the top frame's ip and operand-stack depth known.
pub fn heap_at(
    s: &mut State,
    th: ThreadId,
    method: &Arc<Method>,
    ip: u32,
    depth: usize,
    insn: &Insn,
) -> Result<Outcome, VmError> {
    let mut m = Running::new(s, th);
    Ok(match super::heap::step(&mut m, method, ip, depth, insn)? {
        Flow::Stepped => Outcome::Stepped,
        Flow::Blocked(w) => Outcome::NoOp(NoOp::Blocked(w)),
    })
}

/// The slot of field `f` in the object at `r`, which must have that very
/// field (the one the class file names): code that reaches a field through
/// an object of an unrelated class fails the JVM's verifier, and m5 stops
/// rather than write some other field.
fn field_of(s: &State, r: Ref, f: &FieldRef, method: &Method, ip: u32) -> Result<usize, VmError> {
    let slot = f.slot.expect("resolved") as usize;
    let o = s.object(r);
    match s.classes.class(o.class).layout.get(slot) {
        Some(b) if Some(b.declaring) == f.declaring && slot < o.fields().len() => Ok(slot),
        _ => Err(malformed(
            method,
            ip,
            &format!(
                "field {}.{} of an object of class {} (the JVM's verifier rejects this code)",
                f.class.replace('/', "."),
                f.name,
                runtime::java_class_name(s, r)
            ),
        )),
    }
}

/// The most bytes of elements one array allocation may take (m5 keeps
/// every element in memory, and states share arrays only until written).
pub(crate) const ARRAY_BUDGET: u128 = 1 << 31;

/// The bytes one element of descriptor `elem` takes (for `ARRAY_BUDGET`).
pub(crate) fn elem_width(elem: &str) -> u64 {
    match elem.as_bytes().first() {
        Some(b'Z' | b'B') => 1,
        Some(b'C' | b'S') => 2,
        Some(b'I' | b'F') => 4,
        Some(b'J' | b'D') => 8,
        _ => std::mem::size_of::<Value>() as u64,
    }
}

/// The interpreter's machine: thread `th` of a state, stepped in place.
pub struct Running<'s> {
    pub s: &'s mut State,
    pub th: ThreadId,
    d: Concrete,
}

impl<'s> Running<'s> {
    pub fn new(s: &'s mut State, th: ThreadId) -> Self {
        Running { s, th, d: Concrete }
    }
}

fn obj(v: &Value) -> Ref {
    v.as_ref().expect("a non-null reference (checked before)")
}

impl From<std::convert::Infallible> for VmError {
    fn from(never: std::convert::Infallible) -> Self {
        match never {}
    }
}

impl Machine for Running<'_> {
    type Val = Value;
    type Cond = bool;
    type D = Concrete;
    type Stop = VmError;
    type Blocked = Wake;

    fn dom(&mut self) -> &mut Concrete {
        &mut self.d
    }
    /// On the heap path anything but a reference counts as null (mistyped
    /// code throws NullPointerException rather than crash the machine),
    /// where the frame-local `ifnull` compares with null.
    fn is_null(&mut self, a: &Value) -> bool {
        a.as_ref().is_none()
    }

    fn classes(&self) -> &ClassTable {
        &self.s.classes
    }
    fn error(&self, e: VmError) -> VmError {
        e
    }

    fn frame_ref(&self) -> &Frame {
        self.s.threads[self.th as usize].top().expect("a frame")
    }
    fn frame(&mut self) -> &mut Frame {
        frame_mut(self.s, self.th)
    }
    fn depth(&self) -> usize {
        self.s.threads[self.th as usize].stack.len()
    }
    fn max_depth(&self, m: &Method) -> usize {
        self.s.config.frames_of(m)
    }
    fn push_frame(&mut self, callee: &Arc<Method>, args: Vec<Value>, lock: Option<Value>) {
        // HotSpot records a throwable's stack in Throwable.fillInStackTrace,
        // which every constructor calls; m5 records it outside the heap so
        // that the program's objects and addresses stay as they are.
        if &*callee.name == "fillInStackTrace"
            && &*callee.class_name == "java/lang/Throwable"
            && let Some(Value::Ref(exc)) = args.first()
        {
            super::backtrace::fill(self.s, self.th, *exc, true);
        }
        let mut frame = Frame::new(callee.clone(), &args);
        frame.sync = lock.and_then(|v| v.as_ref());
        self.s.thread_mut(self.th).stack.push(Arc::new(frame));
    }
    fn pop_frame(&mut self) -> Frame {
        let f = self.s.thread_mut(self.th).stack.pop().expect("frame");
        Arc::try_unwrap(f).unwrap_or_else(|shared| (*shared).clone())
    }
    fn frame_lock(&mut self, f: &Frame) -> Result<Option<Value>, VmError> {
        Ok(f.sync.map(Value::Ref))
    }
    fn thread_object(&mut self) -> Option<Value> {
        self.s.threads[self.th as usize].object.map(Value::Ref)
    }
    fn thread_ended(&mut self) {
        runtime::thread_ended(self.s, self.th);
    }

    fn throw(&mut self, e: VmExc<Value>) -> Result<Flow<Wake>, VmError> {
        let s = &mut *self.s;
        let msg = match &e {
            VmExc::NullPointer | VmExc::StackOverflow => None,
            VmExc::ArrayIndex { index, length } => Some(format!(
                "Index {} out of bounds for length {}",
                index.as_int(),
                length.as_int()
            )),
            VmExc::NegativeArraySize(n) => Some(n.as_int().to_string()),
            VmExc::ClassCast { obj: v, to } => Some(runtime::cast_message(s, obj(v), to)),
            VmExc::ArrayStore(v) => Some(runtime::java_class_name(s, obj(v))),
            VmExc::IllegalMonitorState => Some("current thread is not owner".into()),
            VmExc::Other(_, m) => Some(m.clone()),
        };
        // The prover follows only the exceptions without a message.
        debug_assert_eq!(msg.is_some(), e.has_message());
        if let VmExc::NullPointer = e {
            let r = super::exceptions::new_exception(s, e.class(), None)?;
            super::exceptions::record_npe_site(s, self.th, r);
            super::backtrace::fill(s, self.th, r, false);
            super::exceptions::throw_ref(s, self.th, r)?;
            return Ok(Flow::Stepped);
        }
        throw_new(s, self.th, e.class(), msg)?;
        Ok(Flow::Stepped)
    }
    fn throw_ref(&mut self, exc: Value) -> Result<Flow<Wake>, VmError> {
        throw_ref(self.s, self.th, obj(&exc))?;
        Ok(Flow::Stepped)
    }

    fn ensure_init(&mut self, c: ClassId) -> Result<super::machine::Init<Wake>, VmError> {
        use super::machine::Init as I;
        Ok(match ensure_init(self.s, self.th, c)? {
            Init::Ready => I::Ready,
            Init::Pushed | Init::Threw => I::Pushed,
            Init::Blocked(c) => I::Blocked(Wake::Init(c)),
        })
    }
    fn init_done(&mut self, c: ClassId) {
        self.s.init.set(c as usize, InitStatus::Done);
        self.s.aux.sched_gen += 1;
        self.s.aux.wakes.push(Wake::Init(c));
    }
    fn class_object(&mut self, c: ClassId) -> Result<Value, VmError> {
        let name = self.s.classes.class(c).name.clone();
        Ok(Value::Ref(runtime::mirror(self.s, &name)?))
    }
    fn ldc(&mut self, c: &Const, method: &Method, ip: u32) -> Result<Value, VmError> {
        Ok(match c {
            Const::String(text) => Value::Ref(super::strings::intern(self.s, text)?),
            Const::Utf16(units) => Value::Ref(super::strings::intern_units(self.s, units)),
            Const::Class(t) => {
                if t.id.is_none() && !t.name.starts_with('[') {
                    return Err(missing_class(method, ip, &t.name));
                }
                Value::Ref(runtime::mirror(self.s, &t.name)?)
            }
            _ => unreachable!("numeric constants are frame-local"),
        })
    }

    fn get_field(
        &mut self,
        o: &Value,
        f: &FieldRef,
        method: &Method,
        ip: u32,
    ) -> Result<Value, VmError> {
        let slot = field_of(self.s, obj(o), f, method, ip)?;
        Ok(self.s.object(obj(o)).fields()[slot])
    }
    fn field_or(
        &mut self,
        o: &Value,
        f: &FieldRef,
        default: &Value,
        method: &Method,
    ) -> Result<Value, VmError> {
        match o {
            Value::Ref(_) => self.get_field(o, f, method, 0),
            _ => Ok(*default),
        }
    }
    fn pick(&mut self, c: bool, a: &Value, b: &Value) -> Value {
        if c { *a } else { *b }
    }
    fn put_field(
        &mut self,
        o: &Value,
        f: &FieldRef,
        v: Value,
        method: &Method,
        ip: u32,
    ) -> Result<(), VmError> {
        let slot = field_of(self.s, obj(o), f, method, ip)?;
        self.s.object_mut(obj(o)).fields_mut()[slot] = v;
        Ok(())
    }
    fn get_static(&mut self, f: &FieldRef) -> Result<Value, VmError> {
        Ok(self.s.statics[f.slot.expect("resolved") as usize])
    }
    fn put_static(&mut self, f: &FieldRef, v: Value) -> Result<(), VmError> {
        self.s.statics.set(f.slot.expect("resolved") as usize, v);
        Ok(())
    }
    fn new_object(&mut self, c: ClassId) -> Result<Value, VmError> {
        let r = runtime::alloc_instance(self.s, c);
        if self.s.classes.class(c).is_thread {
            runtime::add_thread_entry(self.s, r, c)?;
        }
        Ok(Value::Ref(r))
    }
    fn instance_of(&mut self, v: &Value, t: &TypeRef) -> Result<bool, VmError> {
        let Some(r) = v.as_ref() else {
            return Ok(false);
        };
        Ok(runtime::instance_of_type(self.s, r, t))
    }

    fn array_length(&mut self, arr: &Value) -> Result<Value, VmError> {
        match self.s.object(obj(arr)).array() {
            Some((_, data)) => Ok(Value::Int(data.len() as i32)),
            None => {
                let f = self.s.threads[self.th as usize].top().expect("frame");
                Err(malformed(
                    &f.method,
                    f.ip,
                    "array instruction on an object that is not an array",
                ))
            }
        }
    }
    fn array_load(&mut self, arr: &Value, index: &Value, _: ArrKind) -> Result<Value, VmError> {
        let (_, data) = self.s.object(obj(arr)).array().expect("an array");
        Ok(data.get(index.as_int() as usize))
    }
    fn array_store(
        &mut self,
        arr: &Value,
        index: &Value,
        _: ArrKind,
        v: Value,
    ) -> Result<(), VmError> {
        match &mut self.s.object_mut(obj(arr)).body {
            Body::Array { data, .. } => data.set(index.as_int() as usize, v),
            _ => unreachable!("an array"),
        }
        Ok(())
    }
    fn can_store(&mut self, arr: &Value, v: &Value) -> Result<bool, VmError> {
        let Some(vr) = v.as_ref() else {
            return Ok(true);
        };
        let (elem, _) = self.s.object(obj(arr)).array().expect("an array");
        let elem = elem.clone();
        Ok(runtime::assignable_to(self.s, vr, &elem))
    }
    /// HotSpot refuses a length of `Integer.MAX_VALUE - 1` or more; m5
    /// refuses, as a heap too small, arrays whose elements together take
    /// more than `ARRAY_BUDGET` bytes (HotSpot's limit is its heap size).
    fn array_too_big(
        &mut self,
        elem: &Arc<str>,
        counts: &[Value],
    ) -> Result<Option<VmExc<Value>>, VmError> {
        let oom = |m: &str| Some(VmExc::Other("java/lang/OutOfMemoryError", m.to_string()));
        if counts.iter().any(|c| c.as_int() >= i32::MAX - 1) {
            return Ok(oom("Requested array size exceeds VM limit"));
        }
        // The innermost arrays hold `elem` with the outer dimensions peeled off.
        let leaf = &elem[counts.len() - 1..];
        let mut total: u128 = elem_width(leaf) as u128;
        for c in counts {
            total = total.saturating_mul(c.as_int().max(0) as u128);
        }
        Ok(if total > ARRAY_BUDGET {
            oom("Java heap space")
        } else {
            None
        })
    }
    fn new_array(&mut self, elem: &Arc<str>, counts: &[Value]) -> Result<Value, VmError> {
        let counts: Vec<i32> = counts.iter().map(|c| c.as_int()).collect();
        Ok(Value::Ref(runtime::alloc_multi_array(
            self.s, elem, &counts,
        )))
    }

    fn library_contracts(&self) -> bool {
        self.s.config.library_contracts
    }
    fn select(
        &mut self,
        caller: &Method,
        ip: u32,
        kind: InvokeKind,
        mr: &MethodRef,
        recv: &Value,
    ) -> Result<Callee<Value>, VmError> {
        callee(self.s, caller, ip, kind, mr, obj(recv))
    }
    fn native(
        &mut self,
        caller: &Method,
        ip: u32,
        callee: &Method,
        args: &[Value],
    ) -> Result<Flow<Wake>, VmError> {
        Ok(
            match call_native(self.s, self.th, caller, ip, callee, args)? {
                Outcome::Stepped => Flow::Stepped,
                Outcome::NoOp(NoOp::Blocked(w)) => Flow::Blocked(w),
                Outcome::NoOp(other) => unreachable!("a native's outcome {other:?}"),
            },
        )
    }
    fn concat(&mut self, c: &Concat, _: &Method, _: u32) -> Result<Flow<Wake>, VmError> {
        Ok(match super::strings::concat(self.s, self.th, c)? {
            Outcome::Stepped => Flow::Stepped,
            Outcome::NoOp(NoOp::Blocked(w)) => Flow::Blocked(w),
            Outcome::NoOp(other) => unreachable!("concatenation's outcome {other:?}"),
        })
    }

    fn lock_free(&mut self, lock: &Value) -> bool {
        let o = self.s.object(obj(lock));
        o.mcount == 0 || o.monitor == self.th
    }
    fn owns(&mut self, lock: &Value) -> bool {
        let o = self.s.object(obj(lock));
        o.mcount > 0 && o.monitor == self.th
    }
    fn acquire(&mut self, lock: &Value) {
        acquire(self.s, self.th, obj(lock));
    }
    fn release(&mut self, lock: &Value) {
        release(self.s, self.th, obj(lock));
    }
    fn blocked_on(&mut self, lock: &Value) -> Wake {
        Wake::Monitor(obj(lock))
    }

    fn waiting_on(&mut self) -> Value {
        Value::Ref(self.wait().object)
    }
    /// Notified, or a timed wait (which may time out at any step), or
    /// a spurious wake-up where they are on. (A notice it may take was
    /// taken before: `resume_wait`.)
    fn woken(&mut self) -> bool {
        let w = self.wait();
        w.notified || w.deadline.is_some() || self.s.config.spurious_wakeups
    }
    fn blocked_in_wait(&mut self) -> Wake {
        Wake::Notify(self.th)
    }
    fn end_wait(&mut self, lock: &Value) {
        let (th, w) = (self.th, self.wait());
        if !w.notified {
            // Timed out, or woken spuriously (it had no notice to take).
            if let Some(d) = w.deadline {
                super::clock::time_out(self.s, d);
            }
            super::waitset::leave(self.s, obj(lock), th);
        }
        let o = self.s.object_mut(obj(lock));
        o.monitor = th;
        o.mcount = w.count;
        self.s.thread_mut(th).wait = None;
    }
}

impl Running<'_> {
    fn wait(&self) -> crate::state::Wait {
        self.s.threads[self.th as usize].wait.expect("waiting")
    }
}
