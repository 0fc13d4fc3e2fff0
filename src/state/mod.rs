//! The M5 state: (thread table, heap, class table), plus what the JVM keeps
//! beside them (static fields, class-initialization status, interned strings).
//!
//! Every component is persistent (`im` vectors and maps of `Arc`s): cloning a
//! state is O(1), and a step copies only the path to what it changes
//! (`Arc::make_mut` copies a frame or an object only when another state still
//! shares it).

pub mod assertions;
pub mod aux;
pub mod host;
pub mod model;
pub mod print;
pub mod segments;
pub mod value;
pub mod versioned;

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

pub use aux::Aux;
pub use model::Model;
pub use value::{Ref, Value};
pub use versioned::{Cached, HashCache};

use crate::classfile::{ClassId, ClassTable, Method};

/// A thread number: its index in the thread table.
pub type ThreadId = u32;

/// Array elements, stored unboxed (floats as bits, so states compare bitwise).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArrayData {
    /// `boolean[]` and `byte[]`.
    B(Vec<i8>),
    C(Vec<u16>),
    S(Vec<i16>),
    I(Vec<i32>),
    J(Vec<i64>),
    F(Vec<u32>),
    D(Vec<u64>),
    A(Vec<Value>),
}

impl ArrayData {
    pub fn new(elem: &str, len: usize) -> ArrayData {
        match elem.as_bytes()[0] {
            b'Z' | b'B' => ArrayData::B(vec![0; len]),
            b'C' => ArrayData::C(vec![0; len]),
            b'S' => ArrayData::S(vec![0; len]),
            b'I' => ArrayData::I(vec![0; len]),
            b'J' => ArrayData::J(vec![0; len]),
            b'F' => ArrayData::F(vec![0; len]),
            b'D' => ArrayData::D(vec![0; len]),
            _ => ArrayData::A(vec![Value::Null; len]),
        }
    }
    pub fn len(&self) -> usize {
        match self {
            ArrayData::B(v) => v.len(),
            ArrayData::C(v) => v.len(),
            ArrayData::S(v) => v.len(),
            ArrayData::I(v) => v.len(),
            ArrayData::J(v) => v.len(),
            ArrayData::F(v) => v.len(),
            ArrayData::D(v) => v.len(),
            ArrayData::A(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Element `i` as a value (bounds already checked).
    pub fn get(&self, i: usize) -> Value {
        match self {
            ArrayData::B(v) => Value::Int(v[i] as i32),
            ArrayData::C(v) => Value::Int(v[i] as i32),
            ArrayData::S(v) => Value::Int(v[i] as i32),
            ArrayData::I(v) => Value::Int(v[i]),
            ArrayData::J(v) => Value::Long(v[i]),
            ArrayData::F(v) => Value::Float(f32::from_bits(v[i])),
            ArrayData::D(v) => Value::Double(f64::from_bits(v[i])),
            ArrayData::A(v) => v[i],
        }
    }
    /// Stores `x` at `i`, narrowing ints as `bastore`/`castore`/`sastore` do.
    pub fn set(&mut self, i: usize, x: Value) {
        match self {
            ArrayData::B(v) => v[i] = x.as_int() as i8,
            ArrayData::C(v) => v[i] = x.as_int() as u16,
            ArrayData::S(v) => v[i] = x.as_int() as i16,
            ArrayData::I(v) => v[i] = x.as_int(),
            ArrayData::J(v) => v[i] = x.as_long(),
            ArrayData::F(v) => v[i] = x.as_float().to_bits(),
            ArrayData::D(v) => v[i] = x.as_double().to_bits(),
            ArrayData::A(v) => v[i] = x,
        }
    }
}

/// What an object holds besides its monitor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Instance fields, in the class's layout order (superclass fields first).
    Fields(Vec<Value>),
    /// An array: its component descriptor (`I`, `Ljava/lang/String;`, `[I`) and elements.
    Array { elem: Arc<str>, data: ArrayData },
    /// A `java.lang.Class` object: its fields and the internal name it mirrors.
    Mirror { fields: Vec<Value>, name: Arc<str> },
}

impl Hash for Body {
    /// Fields are hashed as (slot, value) for the fields that do not hold
    /// zero or null: equal bodies still hash alike (the class fixes the
    /// slots), and an object whose fields are mostly unset (a thread's
    /// bookkeeping) costs the hasher only what it holds.
    fn hash<H: Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        let fields = |fs: &[Value], h: &mut H| {
            fs.len().hash(h);
            for (i, v) in fs.iter().enumerate() {
                let zero = match v {
                    Value::Null => true,
                    Value::Int(x) => *x == 0,
                    Value::Long(x) => *x == 0,
                    Value::Float(x) => x.to_bits() == 0,
                    Value::Double(x) => x.to_bits() == 0,
                    _ => false,
                };
                if !zero {
                    i.hash(h);
                    v.hash(h);
                }
            }
        };
        match self {
            Body::Fields(fs) => fields(fs, h),
            Body::Array { elem, data } => {
                elem.hash(h);
                data.hash(h);
            }
            Body::Mirror { fields: fs, name } => {
                fields(fs, h);
                name.hash(h);
            }
        }
    }
}

/// A heap object. As in M5, every object carries `monitor` (owning thread),
/// `mcount` (lock depth; 0 = unlocked) and `wait-set`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Object {
    pub class: ClassId,
    pub body: Body,
    pub monitor: ThreadId,
    pub mcount: u32,
    /// The threads in `wait` on this object that no notify, interrupt,
    /// timeout or spurious wake-up has removed yet, oldest first.
    pub wait_set: Vec<ThreadId>,
    /// Notifications no waiter has taken yet (`interp::waitset`): each is
    /// how many threads at the front of `wait_set` may take it (those that
    /// were waiting when it came), smallest first.
    pub notices: Vec<u32>,
    pub fingerprint: HashCache,
}

impl Object {
    pub fn new(class: ClassId, body: Body) -> Object {
        Object {
            class,
            body,
            monitor: 0,
            mcount: 0,
            wait_set: Vec::new(),
            notices: Vec::new(),
            fingerprint: HashCache::default(),
        }
    }
    pub fn fields(&self) -> &[Value] {
        match &self.body {
            Body::Fields(f) | Body::Mirror { fields: f, .. } => f,
            Body::Array { .. } => &[],
        }
    }
    pub fn fields_mut(&mut self) -> &mut [Value] {
        match &mut self.body {
            Body::Fields(f) | Body::Mirror { fields: f, .. } => f,
            Body::Array { .. } => &mut [],
        }
    }
    pub fn array(&self) -> Option<(&Arc<str>, &ArrayData)> {
        match &self.body {
            Body::Array { elem, data } => Some((elem, data)),
            _ => None,
        }
    }
}

/// A method activation: M5's (pc, locals, stack, method, sync-flag, class).
/// Generic over what a slot holds: `Value` when running, the prover's
/// symbolic values when proving (one instruction semantics serves both).
#[derive(Clone, Debug)]
pub struct Frame<V = Value> {
    /// Index of the next instruction; `method.pc(ip)` is the byte pc.
    pub ip: u32,
    pub method: Arc<Method>,
    pub locals: Vec<V>,
    pub stack: Vec<V>,
    /// The object this synchronized method locked on entry (M5's sync flag).
    pub sync: Option<Ref>,
}

impl<V> Frame<V> {
    pub fn pc(&self) -> u32 {
        self.method.pc(self.ip)
    }
}

/// A call stack as "Class.method@pc > ...", bottom first (the running
/// state's and the prover's alike).
pub fn frames_text<'a, V: 'a>(frames: impl IntoIterator<Item = &'a Frame<V>>) -> String {
    frames
        .into_iter()
        .map(|f| {
            format!(
                "{}.{}@{}",
                f.method.class_name.replace('/', "."),
                f.method.name,
                f.pc()
            )
        })
        .collect::<Vec<_>>()
        .join(" > ")
}

impl Frame {
    pub fn new(method: Arc<Method>, args: &[Value]) -> Frame {
        let mut locals = vec![Value::Top; (method.max_locals as usize).max(args.len())];
        locals[..args.len()].copy_from_slice(args);
        let stack = Vec::with_capacity(method.max_stack as usize);
        Frame {
            ip: 0,
            method,
            locals,
            stack,
            sync: None,
        }
    }
}

impl PartialEq for Frame<Value> {
    fn eq(&self, o: &Self) -> bool {
        self.ip == o.ip
            && self.method.id == o.method.id
            && self.locals == o.locals
            && self.stack == o.stack
            && self.sync == o.sync
    }
}
impl Eq for Frame<Value> {}
impl Hash for Frame<Value> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.ip.hash(h);
        self.method.id.hash(h);
        self.locals.hash(h);
        self.stack.hash(h);
        self.sync.hash(h);
    }
}

/// M5's scheduled/unscheduled flag. A scheduled thread with an empty call
/// stack has terminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Scheduled,
    Unscheduled,
}

/// A thread in `Object.wait`: it gave up `count` holds of `object`'s monitor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wait {
    pub object: Ref,
    pub count: u32,
    /// Removed from the wait set by a notification (`interp::waitset`) or
    /// an interrupt; it still has to re-acquire the monitor.
    pub notified: bool,
    /// A timed wait's deadline on the virtual clock (`State::clock`): the
    /// wait may end at any step, and ending it un-notified (the timeout)
    /// moves the clock to the deadline.
    pub deadline: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thread {
    /// The call stack, bottom first (the top frame is `last()`).
    pub stack: Vec<Arc<Frame>>,
    pub status: Status,
    /// Started as a daemon: it does not keep the program alive (set by
    /// `Thread.start` from the object's `daemon`, fixed while it runs).
    pub daemon: bool,
    /// Heap address of the thread's `java.lang.Thread` object (main's is
    /// created when first asked for).
    pub object: Option<Ref>,
    pub wait: Option<Wait>,
    /// Class initializations this thread has begun (JVMS 5.5 step 6: the
    /// class is marked in progress) whose `<clinit>` has not started, as
    /// (class, the call-stack depth when it began), the one to continue last:
    /// the thread first initializes their superclasses and default-method
    /// superinterfaces (step 7), one step at a time.
    pub inits: Vec<(ClassId, u32)>,
    /// The deadline, on the virtual clock, of the `sleep` or timed `park`
    /// the thread is in: its next step (the same call again) ends it, at
    /// any time, and moves the clock to the deadline unless an interrupt
    /// or unpark ended it first (`interp::clock`).
    pub timeout: Option<i64>,
    pub fingerprint: HashCache,
}

impl<V> Frame<V> {
    /// A synchronized method's frame the VM pushed (main, a thread's run)
    /// has not taken its monitor yet: its first step does (invoked frames
    /// take it at the invoke).
    pub fn needs_monitor(&self) -> bool {
        // A class initializer's flags other than static are ignored (JVMS 2.9.2).
        self.sync.is_none() && self.method.is_synchronized() && &*self.method.name != "<clinit>"
    }
}

impl Thread {
    /// Is the thread to continue a class initialization (rather than run
    /// its top frame)? Only when no frame is above where it began.
    pub fn initializing(&self) -> bool {
        self.inits
            .last()
            .is_some_and(|&(_, depth)| depth as usize == self.stack.len())
    }
    pub fn is_terminated(&self) -> bool {
        self.status == Status::Scheduled && self.stack.is_empty()
    }
    /// Started and not yet finished.
    pub fn is_alive(&self) -> bool {
        self.status == Status::Scheduled && !self.stack.is_empty()
    }
    pub fn top(&self) -> Option<&Frame> {
        self.stack.last().map(|f| &**f)
    }
}

/// An event that may let blocked threads move. `step` reports what a
/// blocked thread waits for as one of these, and records the ones that
/// happen in `Aux::wakes`, so schedulers need not re-probe every thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wake {
    /// The object's monitor became free.
    Monitor(Ref),
    /// The thread was notified (it still has to re-acquire the monitor).
    Notify(ThreadId),
    /// The thread ended (joiners may go on).
    Ended(ThreadId),
    /// The thread was started.
    Started(ThreadId),
    /// The class's initialization finished or failed.
    Init(ClassId),
    /// The thread was unparked or interrupted (`LockSupport`).
    Unpark(ThreadId),
}

/// Class-initialization status (JVMS 5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InitStatus {
    Uninitialized,
    Running(ThreadId),
    Done,
    Failed,
}

/// A read of a value a real JVM does not fix: which native, and where the
/// program's own code was when it read it (`Class.method (File.java:L)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnfixedRead {
    pub native: &'static str,
    pub at: String,
}

/// Run-wide settings that are not part of the machine state proper.
#[derive(Clone, Debug)]
pub struct Config {
    /// `-ea` and the other assertion switches: what
    /// `Class.desiredAssertionStatus` answers for each class.
    pub assertions: assertions::Assertions,
    /// A thread in an untimed `wait` may wake without a notification
    /// (JLS 17.2.1 allows it): its step then takes the monitor back. Off
    /// for `m5 run`'s generated schedules, on for the explorer by default.
    pub spurious_wakeups: bool,
    /// The stack a thread has, in frames of a small method; a call that
    /// does not fit throws StackOverflowError (`Config::frames_of`).
    pub max_stack_depth: usize,
    /// Whether any loaded code can read the clock (`System.nanoTime`,
    /// `currentTimeMillis`): when none can, timeouts leave the clock as it
    /// is, so a polling loop of sleeps revisits its states.
    pub clock_readable: bool,
    /// The initial system properties and the environment (`host`).
    pub host: Arc<host::Host>,
    /// A call of a library method with a contract (`interp::contracts`:
    /// the atomics) runs as the contract's one step, as in the prover,
    /// instead of the JDK's bytecode. Off but in the test that checks the
    /// contracts against that bytecode.
    pub library_contracts: bool,
}

/// What a frame costs on a thread's stack besides its local variables and
/// operand-stack slots, in slots; so a small method (one local, two stack
/// slots) costs `SMALL_FRAME`. Calibrated on HotSpot's interpreter: with its
/// default 1 MB stacks, a recursion of `static void f(int)` overflows after
/// 9,838 frames and one of a method with 5 locals and 6 stack slots after
/// 7,378, a ratio these costs (24 and 32) give.
pub const FRAME_OVERHEAD: usize = 21;
pub const SMALL_FRAME: usize = 1 + 2 + FRAME_OVERHEAD;

impl Config {
    /// How many frames of `m` a thread's stack holds: bigger frames (more
    /// locals and operand-stack slots) fit fewer times, as on HotSpot.
    pub fn frames_of(&self, m: &Method) -> usize {
        let cost = m.max_locals as usize + m.max_stack as usize + FRAME_OVERHEAD;
        (self.max_stack_depth * SMALL_FRAME / cost.max(1)).max(1)
    }
}

/// The default stack, in frames of a small method. HotSpot's depends on
/// frame sizes and the JIT: with its default 1 MB stacks, a one-int-argument
/// recursion overflows after about 9,800 interpreted frames (`java -Xint`)
/// and after 10,000 to 55,000 with the JIT, on this project's machine.
pub const DEFAULT_MAX_STACK_DEPTH: usize = 10_000;

impl Default for Config {
    fn default() -> Config {
        Config {
            assertions: assertions::Assertions::default(),
            spurious_wakeups: false,
            max_stack_depth: DEFAULT_MAX_STACK_DEPTH,
            clock_readable: true,
            host: host::process(),
            library_contracts: false,
        }
    }
}

/// An M5 state: the run's fixed context, the JVM's state proper (`model`,
/// which alone says whether two states are the same) and the tools'
/// bookkeeping (`aux`). `s.heap` and the other model fields are reached
/// through `Deref`; bookkeeping is `s.aux.x`.
#[derive(Clone)]
pub struct State {
    /// The loaded classes: fixed for the run, shared by all its states.
    pub classes: Arc<ClassTable>,
    /// Run-wide settings: fixed while a run or a search goes on.
    pub config: Arc<Config>,
    pub model: Model,
    pub aux: Aux,
}

impl Deref for State {
    type Target = Model;
    fn deref(&self) -> &Model {
        &self.model
    }
}
impl DerefMut for State {
    fn deref_mut(&mut self) -> &mut Model {
        &mut self.model
    }
}

impl Cached for Thread {
    fn cache(&self) -> &HashCache {
        &self.fingerprint
    }
}
impl Cached for Object {
    fn cache(&self) -> &HashCache {
        &self.fingerprint
    }
}

impl State {
    pub fn thread(&self, th: ThreadId) -> Option<&Thread> {
        self.threads.get(th as usize).map(|t| &**t)
    }
    pub fn thread_mut(&mut self, th: ThreadId) -> &mut Thread {
        if self.aux.log_writes {
            self.aux.written_threads.push(th);
        }
        let t = Arc::make_mut(&mut self.model.threads[th as usize]);
        t.fingerprint.reset();
        t
    }
    pub fn object(&self, r: Ref) -> &Object {
        &self.heap[r as usize]
    }
    pub fn object_mut(&mut self, r: Ref) -> &mut Object {
        if self.aux.log_writes {
            self.aux.written.push(r);
        }
        let o = Arc::make_mut(&mut self.model.heap[r as usize]);
        o.fingerprint.reset();
        o
    }
    pub fn alloc(&mut self, obj: Object) -> Ref {
        let r = self.heap.len() as Ref;
        self.heap.push_back(Arc::new(obj));
        r
    }
    /// Value of field `name` (nearest declaration) of the object at `r`.
    pub fn field(&self, r: Ref, name: &str) -> Option<Value> {
        let o = self.object(r);
        let slot = self.classes.class(o.class).field_slot(name)?;
        o.fields().get(slot as usize).copied()
    }
    pub fn set_field(&mut self, r: Ref, name: &str, v: Value) -> bool {
        let class = self.object(r).class;
        match self.classes.class(class).field_slot(name) {
            Some(slot) => {
                self.object_mut(r).fields_mut()[slot as usize] = v;
                true
            }
            None => false,
        }
    }
    /// Has the program ended? By `System.exit`, or because no non-daemon
    /// thread is alive (JLS 12.8: the JVM then exits, stopping any daemon
    /// thread wherever it is). Nothing steps after that; the one definition
    /// run, explore, the race checks and witness replay use.
    pub fn ended(&self) -> bool {
        self.exit.is_some() || self.alive == 0
    }
    /// The threads that may still take a step: the live ones while the
    /// program has not ended, none after.
    pub fn running_threads(&self) -> Vec<ThreadId> {
        if self.ended() {
            Vec::new()
        } else {
            self.live_threads()
        }
    }
    /// Threads that are started and not finished, in number order.
    pub fn live_threads(&self) -> Vec<ThreadId> {
        (0..self.threads.len() as ThreadId)
            .filter(|&t| self.threads[t as usize].is_alive())
            .collect()
    }
    /// The contents of a `java.lang.String` object (its `char[] value`).
    pub fn string(&self, r: Ref) -> Option<String> {
        let v = self.field(r, "value")?.as_ref()?;
        match self.object(v).array()? {
            (_, ArrayData::C(chars)) => Some(String::from_utf16_lossy(chars)),
            _ => None,
        }
    }
}
