//! The machine an instruction's semantics runs on: a value `Domain` plus
//! the hooks where running and proving keep the heap, the thread table and
//! the class table differently (an object's fields are a vector in the
//! interpreter and an SMT array in the prover; a lock is taken or a branch
//! forks). The instruction families (`interp::heap`) are written once over
//! this trait; `interp::exec::Running` is the interpreter's machine and the
//! prover has its own.

use std::sync::Arc;

use super::VmError;
use super::domain::Domain;
use crate::classfile::{ArrKind, ClassId, ClassTable, Concat, Const, FieldRef, InvokeKind, Method};
use crate::classfile::{MethodRef, TypeRef};
use crate::state::Frame;

/// How an instruction ended: it ran (possibly throwing), or the thread is
/// blocked and nothing changed.
#[derive(Debug)]
pub enum Flow<B> {
    Stepped,
    Blocked(B),
}

/// Class initialization before an active use (JVMS 5.5).
pub enum Init<B> {
    /// Initialized (or being initialized by this thread): go on.
    Ready,
    /// `<clinit>` frames were pushed, or an exception thrown: the
    /// instruction runs again afterwards, or not at all.
    Pushed,
    /// Another thread is initializing the class.
    Blocked(B),
}

/// The exceptions the VM itself throws, with what their messages need.
#[derive(Debug)]
pub enum VmExc<V> {
    NullPointer,
    ArrayIndex {
        index: V,
        length: V,
    },
    NegativeArraySize(V),
    ClassCast {
        obj: V,
        to: Arc<str>,
    },
    ArrayStore(V),
    IllegalMonitorState,
    StackOverflow,
    /// Any other (class, message): AbstractMethodError,
    /// IncompatibleClassChangeError, ...
    Other(&'static str, String),
}

impl<V> VmExc<V> {
    /// The internal name of the exception's class.
    pub fn class(&self) -> &'static str {
        match self {
            VmExc::NullPointer => "java/lang/NullPointerException",
            VmExc::ArrayIndex { .. } => "java/lang/ArrayIndexOutOfBoundsException",
            VmExc::NegativeArraySize(_) => "java/lang/NegativeArraySizeException",
            VmExc::ClassCast { .. } => "java/lang/ClassCastException",
            VmExc::ArrayStore(_) => "java/lang/ArrayStoreException",
            VmExc::IllegalMonitorState => "java/lang/IllegalMonitorStateException",
            VmExc::StackOverflow => "java/lang/StackOverflowError",
            VmExc::Other(c, _) => c,
        }
    }

    /// Does the VM give it a detail message (a String object)? As the
    /// interpreter's `throw` does: all but NullPointerException (whose
    /// helpful message is made when first asked for, from the throw site
    /// the VM records in int fields) and StackOverflowError.
    pub fn has_message(&self) -> bool {
        !matches!(self, VmExc::NullPointer | VmExc::StackOverflow)
    }
}

/// What a non-static invoke runs on its receiver.
pub enum Callee<V> {
    Method(u32),
    /// The JVM throws instead (AbstractMethodError, ...).
    Throw(VmExc<V>),
}

/// The hooks of a machine the instruction families run on. The stepping
/// thread is implicit: `frame` is its top frame. Values are computed in
/// the machine's domain `D` (`dom`), which the machine holds: the
/// interpreter's is `Concrete`, the prover's a `SymDomain` on its script.
pub trait Machine {
    /// What a local variable or operand-stack slot holds.
    type Val: Clone;
    /// A condition the machine decides.
    type Cond;
    /// The value domain, on the machine's values.
    type D: Domain<Val = Self::Val, Cond = Self::Cond>;
    /// Why the machine cannot go on: its domain's reasons, and the errors
    /// that stop it (`error`).
    type Stop: From<<Self::D as Domain>::Stop>;
    /// What a blocked step waits for.
    type Blocked;

    /// The domain the instruction families compute and decide in.
    fn dom(&mut self) -> &mut Self::D;
    /// Is `v` null, where the heap families test it? By default the
    /// domain's test (the interpreter counts anything but a reference).
    fn is_null(&mut self, v: &Self::Val) -> Self::Cond {
        self.dom().is_null(v)
    }

    fn classes(&self) -> &ClassTable;
    /// An error that stops the machine (a missing class, malformed code).
    fn error(&self, e: VmError) -> Self::Stop;

    // ---- the stepping thread's call stack
    /// Its top frame, for reading.
    fn frame_ref(&self) -> &Frame<Self::Val>;
    /// Its top frame, for writing (the interpreter copies it first if
    /// another state shares it: write once per instruction).
    fn frame(&mut self) -> &mut Frame<Self::Val>;
    fn depth(&self) -> usize;
    /// How many frames of `m` the thread's stack holds.
    fn max_depth(&self, m: &Method) -> usize;
    /// Pushes the frame of `callee` with `args` in its first locals; a
    /// synchronized method's frame records the `lock` it took.
    fn push_frame(&mut self, callee: &Arc<Method>, args: Vec<Self::Val>, lock: Option<Self::Val>);
    fn pop_frame(&mut self) -> Frame<Self::Val>;
    /// The lock a synchronized method's frame holds, released when it ends.
    fn frame_lock(&mut self, f: &Frame<Self::Val>) -> Result<Option<Self::Val>, Self::Stop>;
    /// The thread's `java.lang.Thread` object, if it has one.
    fn thread_object(&mut self) -> Option<Self::Val>;
    /// The thread's last frame returned: it has terminated (threads waiting
    /// on its Thread object are notified, its `target` is cleared).
    fn thread_ended(&mut self);

    // ---- exceptions
    /// Throws a VM exception at the current instruction.
    fn throw(&mut self, e: VmExc<Self::Val>) -> Result<Flow<Self::Blocked>, Self::Stop>;
    /// Throws the (non-null) exception object `exc`.
    fn throw_ref(&mut self, exc: Self::Val) -> Result<Flow<Self::Blocked>, Self::Stop>;

    // ---- classes
    fn ensure_init(&mut self, c: ClassId) -> Result<Init<Self::Blocked>, Self::Stop>;
    /// A `<clinit>` frame returned: the class is initialized.
    fn init_done(&mut self, c: ClassId);
    /// The `java.lang.Class` object of class `c`.
    fn class_object(&mut self, c: ClassId) -> Result<Self::Val, Self::Stop>;
    /// `ldc` of a String or a Class.
    fn ldc(&mut self, c: &Const, method: &Method, ip: u32) -> Result<Self::Val, Self::Stop>;

    // ---- objects
    fn get_field(
        &mut self,
        obj: &Self::Val,
        f: &FieldRef,
        method: &Method,
        ip: u32,
    ) -> Result<Self::Val, Self::Stop>;
    /// The field of `obj`, or `default` where `obj` is null (no exception:
    /// the VM's own reads, as of a creating thread's `Thread` object).
    fn field_or(
        &mut self,
        obj: &Self::Val,
        f: &FieldRef,
        default: &Self::Val,
        method: &Method,
    ) -> Result<Self::Val, Self::Stop>;
    /// `a` where `c` holds, else `b` (the VM's own choices, without a branch).
    fn pick(&mut self, c: Self::Cond, a: &Self::Val, b: &Self::Val) -> Self::Val;
    fn put_field(
        &mut self,
        obj: &Self::Val,
        f: &FieldRef,
        v: Self::Val,
        method: &Method,
        ip: u32,
    ) -> Result<(), Self::Stop>;
    fn get_static(&mut self, f: &FieldRef) -> Result<Self::Val, Self::Stop>;
    fn put_static(&mut self, f: &FieldRef, v: Self::Val) -> Result<(), Self::Stop>;
    /// `new`: an object of class `c` with default fields (and, for a
    /// Thread subclass, M5's unscheduled thread-table entry).
    fn new_object(&mut self, c: ClassId) -> Result<Self::Val, Self::Stop>;
    /// Is the (possibly null) reference an instance of `t`? (false for null)
    fn instance_of(&mut self, v: &Self::Val, t: &TypeRef) -> Result<Self::Cond, Self::Stop>;

    // ---- arrays (the reference is not null)
    fn array_length(&mut self, arr: &Self::Val) -> Result<Self::Val, Self::Stop>;
    fn array_load(
        &mut self,
        arr: &Self::Val,
        index: &Self::Val,
        k: ArrKind,
    ) -> Result<Self::Val, Self::Stop>;
    fn array_store(
        &mut self,
        arr: &Self::Val,
        index: &Self::Val,
        k: ArrKind,
        v: Self::Val,
    ) -> Result<(), Self::Stop>;
    /// May `v` (a reference) be stored in the reference array `arr`?
    fn can_store(&mut self, arr: &Self::Val, v: &Self::Val) -> Result<Self::Cond, Self::Stop>;
    /// The OutOfMemoryError an allocation of arrays with these (non-negative)
    /// counts throws, if any.
    fn array_too_big(
        &mut self,
        elem: &Arc<str>,
        counts: &[Self::Val],
    ) -> Result<Option<VmExc<Self::Val>>, Self::Stop>;
    /// `newarray`/`anewarray`/`multianewarray` with non-negative counts.
    fn new_array(&mut self, elem: &Arc<str>, counts: &[Self::Val])
    -> Result<Self::Val, Self::Stop>;

    // ---- calls
    /// Does a call of a library method with a contract (`interp::contracts`)
    /// run as that one step? The prover's machine: always; the
    /// interpreter's: where `Config::library_contracts` asks (a test).
    fn library_contracts(&self) -> bool;
    /// The method a non-static invoke runs on `recv` (not null).
    fn select(
        &mut self,
        caller: &Method,
        ip: u32,
        kind: InvokeKind,
        mr: &MethodRef,
        recv: &Self::Val,
    ) -> Result<Callee<Self::Val>, Self::Stop>;
    /// Calls a native method (its arguments are still on the stack).
    fn native(
        &mut self,
        caller: &Method,
        ip: u32,
        callee: &Method,
        args: &[Self::Val],
    ) -> Result<Flow<Self::Blocked>, Self::Stop>;
    /// javac's `invokedynamic` string concatenation.
    fn concat(
        &mut self,
        c: &Concat,
        method: &Method,
        ip: u32,
    ) -> Result<Flow<Self::Blocked>, Self::Stop>;

    // ---- monitors
    /// Is the monitor of `lock` free, or held by this thread?
    fn lock_free(&mut self, lock: &Self::Val) -> Self::Cond;
    /// Does this thread hold the monitor of `lock`?
    fn owns(&mut self, lock: &Self::Val) -> Self::Cond;
    /// Takes one more hold of a monitor `lock_free` allowed.
    fn acquire(&mut self, lock: &Self::Val);
    /// Gives up one hold of a monitor this thread holds.
    fn release(&mut self, lock: &Self::Val);
    /// Blocked until the monitor of `lock` is free.
    fn blocked_on(&mut self, lock: &Self::Val) -> Self::Blocked;

    // ---- a thread in `wait` (its top frame is past the call)
    /// The object whose wait set the thread is in.
    fn waiting_on(&mut self) -> Self::Val;
    /// May it leave the wait set now (notified or timed out; the prover
    /// allows a spurious wake-up at any time, as the JLS does)?
    fn woken(&mut self) -> Self::Cond;
    /// Blocked until notified.
    fn blocked_in_wait(&mut self) -> Self::Blocked;
    /// Leaves the wait set holding the monitor of `obj` (free or its own)
    /// as many times as when it called `wait`.
    fn end_wait(&mut self, obj: &Self::Val);
}
