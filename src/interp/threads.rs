//! Thread identity as the JDK gives it: what `Thread`'s constructors
//! record, names, ids, priorities, daemon status, groups and inherited
//! thread-locals.
//!
//! m5's `Thread` constructors only set `name` and `target` (the paper's
//! model: `Thread()` runs only `Object.<init>()`); the rest of what JDK 17's
//! constructor records, the VM records in the step that invokes a `Thread`
//! constructor from outside `Thread`'s own constructors (`made`, written
//! once over `Machine`, so the prover steps it as the interpreter does): a
//! thread made without a name takes the next "Thread-N" number
//! (`threadInitNumber`); its group is the one given or else the creating
//! thread's; it is a daemon if the creating thread is; its priority is the
//! creating thread's, capped by the group's maximum; it gets the creating
//! thread's inheritable thread-locals, each through `childValue` (Java code:
//! the model's `inheritThreadLocals`, pushed on top of the constructor's
//! frame); last it takes the next id (`threadSeqNumber`). A named
//! constructor given a null name records nothing: it throws, as the JDK's
//! does first. The counters are static fields of the model's `Thread`, so
//! they are part of the state. A `group` of null stands for "main" (the
//! main thread's object is made by the VM without a constructor, and
//! threads it creates inherit its null).

use std::sync::Arc;

use crate::classfile::{ArithOp, ClassTable, Cond, FieldRef, Kind, Method};
use crate::state::*;

use super::VmError;
use super::domain::{Constant, Domain};
use super::machine::Machine;
use super::natives::NativeResult::{self, Return, Throw};

pub(crate) const THREAD: &str = "java/lang/Thread";
pub(crate) const GROUP: &str = "java/lang/ThreadGroup";

/// The main thread's id and the last id HotSpot's own threads take before
/// `main` runs (default flags, this project's machine). JDK 17: main is 1,
/// and ten threads (Reference Handler, Finalizer, Signal Dispatcher,
/// Service Thread, Monitor Deflation Thread, C2 and C1 CompilerThread0,
/// Sweeper thread, Notification Thread, Common-Cleaner) take 2..=11. JDK
/// 19 and later number threads anew (`ThreadIdentifiers`): main is 3 and
/// the JVM's threads take 4..=19. The first thread a program makes gets the
/// next id.
pub fn first_ids(host: &crate::state::host::Host) -> (i64, i64) {
    if host.since(19) { (3, 19) } else { (1, 11) }
}

/// The priority of the main thread (`Thread.NORM_PRIORITY`), and the
/// maximum of the "system" and "main" groups unless a program lowers it.
const NORM_PRIORITY: i32 = 5;
const MAX_PRIORITY: i32 = 10;

fn missing(what: &str) -> VmError {
    VmError::Other(format!("m5's model of java.lang.Thread has no {what}"))
}

/// The slot of a field the model's `class` declares (the same in every
/// subclass: inherited fields come first, and a subclass's field of the
/// same name does not hide it here).
fn slot(s: &State, class: &str, name: &str) -> Result<usize, VmError> {
    let cid = s.classes.id(class).ok_or_else(|| missing(class))?;
    s.classes
        .class(cid)
        .layout
        .iter()
        .position(|f| f.declaring == cid && &*f.name == name)
        .ok_or_else(|| missing(&format!("field {class}.{name}")))
}

fn get(s: &State, r: Ref, class: &str, name: &str) -> Result<Value, VmError> {
    Ok(s.object(r).fields()[slot(s, class, name)?])
}

fn set(s: &mut State, r: Ref, class: &str, name: &str, v: Value) -> Result<(), VmError> {
    let i = slot(s, class, name)?;
    s.object_mut(r).fields_mut()[i] = v;
    Ok(())
}

/// The global slot of a static field the model's `class` declares.
fn static_slot(s: &State, class: &str, name: &str) -> Result<usize, VmError> {
    super::runtime::static_slot(s, class, name)
        .ok_or_else(|| missing(&format!("static field {class}.{name}")))
}

/// The JDK's thread counter as it stands when `main` runs (set in the
/// initial state: the main thread's object is made only when asked for).
pub fn init_counter(s: &mut State) -> Result<(), VmError> {
    let (_, last) = first_ids(&s.config.host);
    let seq = static_slot(s, THREAD, "threadSeqNumber")?;
    s.statics.set(seq, Value::Long(last));
    Ok(())
}

/// The main thread's object, made by the VM without a constructor: the
/// id, priority and group (null: "main") the JDK's has.
pub fn init_main_object(s: &mut State, r: Ref) -> Result<(), VmError> {
    let (main, _) = first_ids(&s.config.host);
    set(s, r, THREAD, "tid", Value::Long(main))?;
    set(s, r, THREAD, "priority", Value::Int(NORM_PRIORITY))
}

/// Does invoking `callee` from `caller` make a thread (a `Thread`
/// constructor invoked from outside `Thread`'s constructors, which call
/// each other)?
pub fn is_made(caller: &Method, callee: &Method) -> bool {
    let ctor = |m: &Method| &*m.class_name == THREAD && &*m.name == "<init>";
    ctor(callee) && !ctor(caller)
}

/// The fields and statics `made` reads and writes, resolved.
struct Refs {
    init_number: FieldRef,
    tid: FieldRef,
    group: FieldRef,
    daemon: FieldRef,
    priority: FieldRef,
    inheritable: FieldRef,
    thread_init_number: FieldRef,
    thread_seq_number: FieldRef,
    /// `ThreadGroup.MAIN` and `ThreadGroup.maxPriority`, if the class is loaded.
    main_group: Option<(FieldRef, FieldRef)>,
    /// `Thread.inheritThreadLocals`, if a program may have inheritable
    /// thread-locals (`InheritableThreadLocal` is loaded).
    inherit: Option<Arc<Method>>,
}

/// An instance field `class` declares, resolved as `getfield` would be.
pub(crate) fn instance_ref(t: &ClassTable, class: &str, name: &str) -> Result<FieldRef, VmError> {
    let cid = t.id(class).ok_or_else(|| missing(class))?;
    let c = t.class(cid);
    let slot = c
        .layout
        .iter()
        .position(|f| f.declaring == cid && &*f.name == name)
        .ok_or_else(|| missing(&format!("field {class}.{name}")))?;
    let f = &c.layout[slot];
    Ok(FieldRef {
        class: class.into(),
        name: f.name.clone(),
        desc: f.desc.clone(),
        slot: Some(slot as u32),
        owner: Some(cid),
        declaring: Some(cid),
        volatile: f.volatile,
        is_final: f.is_final,
    })
}

/// A static field `class` declares, resolved as `getstatic` would be.
fn static_ref(t: &ClassTable, class: &str, name: &str) -> Result<FieldRef, VmError> {
    let cid = t.id(class).ok_or_else(|| missing(class))?;
    let (n, desc, slot, _) = t
        .class(cid)
        .statics
        .iter()
        .find(|f| &*f.0 == name)
        .ok_or_else(|| missing(&format!("static field {class}.{name}")))?;
    Ok(FieldRef {
        class: class.into(),
        name: n.clone(),
        desc: desc.clone(),
        slot: Some(*slot),
        owner: Some(cid),
        declaring: Some(cid),
        volatile: t.class(cid).volatile_statics.contains(slot),
        is_final: t.class(cid).final_statics.contains(slot),
    })
}

impl Refs {
    fn of(t: &ClassTable) -> Result<Refs, VmError> {
        let field = |n| instance_ref(t, THREAD, n);
        let main_group = match t.id(GROUP) {
            Some(_) => Some((
                static_ref(t, GROUP, "MAIN")?,
                instance_ref(t, GROUP, "maxPriority")?,
            )),
            None => None,
        };
        let inherit = match t.id("java/lang/InheritableThreadLocal") {
            Some(_) => {
                let cid = t.id(THREAD).ok_or_else(|| missing(THREAD))?;
                Some(
                    t.declared_method(
                        cid,
                        "inheritThreadLocals",
                        "(Ljava/lang/ThreadLocal$ThreadLocalMap;)V",
                    )
                    .ok_or_else(|| missing("method inheritThreadLocals"))?
                    .clone(),
                )
            }
            None => None,
        };
        Ok(Refs {
            init_number: field("initNumber")?,
            tid: field("tid")?,
            group: field("group")?,
            daemon: field("daemon")?,
            priority: field("priority")?,
            inheritable: field("inheritableThreadLocals")?,
            thread_init_number: static_ref(t, THREAD, "threadInitNumber")?,
            thread_seq_number: static_ref(t, THREAD, "threadSeqNumber")?,
            main_group,
            inherit,
        })
    }
}

/// Where a `Thread` constructor's group, name, inheritThreadLocals flag
/// and characteristics are among its arguments (slot 0 is the new thread).
#[derive(Default)]
struct Params {
    group: Option<usize>,
    name: Option<usize>,
    inherit: Option<usize>,
    /// JDK 19+'s virtual-thread constructor `(String, int, boolean)`: its
    /// characteristics say whether it inherits thread-locals, and a null
    /// name is allowed (it is "").
    characteristics: Option<usize>,
}

fn params(desc: &str) -> Params {
    let mut p = Params::default();
    let mut flag = None;
    let mut slot = 1;
    for d in crate::classfile::param_descs(desc) {
        match &*d {
            "Ljava/lang/ThreadGroup;" => p.group = Some(slot),
            "Ljava/lang/String;" => p.name = Some(slot),
            "Z" => flag = Some(slot),
            "I" => p.characteristics = Some(slot),
            _ => {}
        }
        slot += crate::classfile::desc_slots(&d) as usize;
    }
    // The virtual-thread constructor's boolean says it is bound, not
    // whether it inherits.
    if p.characteristics.is_none() {
        p.inherit = flag;
    }
    p
}

/// JDK 19+'s `Thread.NO_INHERIT_THREAD_LOCALS` characteristic.
const NO_INHERIT_THREAD_LOCALS: i32 = 4;

/// What the JDK's constructor records for the thread `args[0]` that
/// `callee`, a `Thread` constructor, makes (see the module's comment).
/// The constructor's frame is pushed; the copy of inheritable
/// thread-locals is pushed on top of it, and takes the id when it ends.
pub fn made<M: Machine>(m: &mut M, callee: &Arc<Method>, args: &[M::Val]) -> Result<(), M::Stop> {
    let refs = Refs::of(m.classes()).map_err(|e| m.error(e))?;
    let p = params(&callee.desc);
    let (group_at, name_at, inherit_at) = (p.group, p.name, p.inherit);
    let this = args[0].clone();
    if let Some(i) = name_at.filter(|_| p.characteristics.is_none()) {
        let c = m.is_null(&args[i]);
        if m.dom().decide(c)? {
            return Ok(());
        }
    }
    let null = m.dom().constant(Constant::Null)?;
    let creator = m.thread_object().unwrap_or_else(|| null.clone());
    if name_at.is_none() {
        let n = m.get_static(&refs.thread_init_number)?;
        let n = m.dom().add_const(&n, 1);
        m.put_static(&refs.thread_init_number, n.clone())?;
        m.put_field(&this, &refs.init_number, n, callee, 0)?;
    }
    let inherited = m.field_or(&creator, &refs.group, &null, callee)?;
    let group = match group_at {
        Some(i) => {
            let c = m.is_null(&args[i]);
            m.pick(c, &inherited, &args[i])
        }
        None => inherited,
    };
    let no = m.dom().constant(Constant::Int(0))?;
    let daemon = m.field_or(&creator, &refs.daemon, &no, callee)?;
    let norm = m.dom().constant(Constant::Int(NORM_PRIORITY))?;
    let priority = m.field_or(&creator, &refs.priority, &norm, callee)?;
    let most = m.dom().constant(Constant::Int(MAX_PRIORITY))?;
    // The group's maximum; null is "main", which exists only once
    // ThreadGroup is initialized (before, nothing can have lowered it).
    let max = match &refs.main_group {
        Some((main, max_priority)) => {
            let main = m.get_static(main)?;
            let c = m.is_null(&group);
            let g = m.pick(c, &main, &group);
            m.field_or(&g, max_priority, &most, callee)?
        }
        None => most,
    };
    let lower = m.dom().int_test(Cond::Lt, &max, Some(&priority));
    let priority = m.pick(lower, &max, &priority);
    m.put_field(&this, &refs.group, group, callee, 0)?;
    m.put_field(&this, &refs.daemon, daemon, callee, 0)?;
    m.put_field(&this, &refs.priority, priority, callee, 0)?;
    if let Some(inherit) = &refs.inherit {
        let map = m.field_or(&creator, &refs.inheritable, &null, callee)?;
        let has = m.is_null(&map);
        let has = m.dom().not(has);
        let c = match (inherit_at, p.characteristics) {
            (Some(i), _) => {
                let off = m.dom().is_zero(Kind::I, &args[i]);
                let on = m.dom().not(off);
                m.dom().and(on, has)
            }
            (None, Some(i)) => {
                let bit = m.dom().constant(Constant::Int(NO_INHERIT_THREAD_LOCALS))?;
                let masked = m.dom().arith(Kind::I, ArithOp::And, &args[i], &bit)?;
                let on = m.dom().is_zero(Kind::I, &masked);
                m.dom().and(on, has)
            }
            (None, None) => has,
        };
        if m.dom().decide(c)? {
            m.push_frame(inherit, vec![this, map], None);
            return Ok(());
        }
    }
    let tid = next_id(m, &refs)?;
    m.put_field(&this, &refs.tid, tid, callee, 0)
}

/// Takes the next id (`++threadSeqNumber`, which starts past HotSpot's own
/// threads': `init_main_object`).
fn next_id<M: Machine>(m: &mut M, refs: &Refs) -> Result<M::Val, M::Stop> {
    let seq = m.get_static(&refs.thread_seq_number)?;
    let one = m.dom().constant(Constant::Long(1))?;
    let seq = m.dom().arith(Kind::L, ArithOp::Add, &seq, &one)?;
    m.put_static(&refs.thread_seq_number, seq.clone())?;
    Ok(seq)
}

/// `Thread.nextThreadId()`: the id of a thread whose inheritable
/// thread-locals were just copied (the JDK takes it last).
pub fn next_thread_id(s: &mut State, th: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    let refs = Refs::of(&s.classes)?;
    let mut r = super::exec::Running::new(s, th);
    let id = next_id(&mut r, &refs)?;
    Ok(Return(Some(id)))
}

/// The name HotSpot gives: the `name` field if set; "Thread-N" for a
/// thread made without one; "main" for the main thread.
pub fn name(s: &State, th: ThreadId) -> String {
    let Some(r) = s.thread(th).and_then(|t| t.object) else {
        return "main".into();
    };
    object_name(s, r).unwrap_or_else(|| "main".into())
}

/// The name of the thread object `r`, if it has one yet (`None`: the main
/// thread's object, or one whose constructor has not run).
fn object_name(s: &State, r: Ref) -> Option<String> {
    if let Ok(Value::Ref(n)) = get(s, r, THREAD, "name") {
        return s.string(n);
    }
    match get(s, r, THREAD, "initNumber") {
        Ok(Value::Int(n)) if n > 0 => Some(format!("Thread-{}", n - 1)),
        _ => None,
    }
}

/// `Thread.getName()`: the name (the same String each time, as the JDK's
/// field is: a "Thread-N" is made once and kept in `name`).
pub fn get_name(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = a[0].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    if let Value::Ref(n) = get(s, r, THREAD, "name")? {
        return Ok(Return(Some(Value::Ref(n))));
    }
    let text = match s.thread_of_object.get(&r) {
        Some(&th) => name(s, th),
        None => object_name(s, r).unwrap_or_default(),
    };
    let n = super::strings::new_string(s, &text);
    set(s, r, THREAD, "name", Value::Ref(n))?;
    Ok(Return(Some(Value::Ref(n))))
}

/// Is the thread object `r` a daemon (the JDK's field, fixed once started)?
pub fn is_daemon(s: &State, r: Ref) -> Result<bool, VmError> {
    Ok(get(s, r, THREAD, "daemon")?.as_int() != 0)
}

/// `ThreadGroup.activeCount()`: the started threads that have not ended
/// in the group and its subgroups.
pub fn active_count(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(g) = a[0].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    let n = live_in_group(s, g)?.len();
    Ok(Return(Some(Value::Int(n as i32))))
}

/// `ThreadGroup.liveThreads()` (m5's, private): the Thread objects of the
/// threads `activeCount` counts, in the thread table's order (main's object
/// made if the program never asked for it, as `currentThread` makes it).
pub fn live_threads(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(g) = a[0].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    let mut out = Vec::new();
    for th in live_in_group(s, g)? {
        out.push(Value::Ref(object_of(s, th)?));
    }
    let arr = super::runtime::alloc_array(s, "Ljava/lang/Thread;", ArrayData::A(out));
    Ok(Return(Some(Value::Ref(arr))))
}

/// The started, not yet ended threads in group `g` or a subgroup of it.
fn live_in_group(s: &State, g: Ref) -> Result<Vec<ThreadId>, VmError> {
    let main = s.statics[static_slot(s, GROUP, "MAIN")?].as_ref();
    let parent = slot(s, GROUP, "parent")?;
    let group = slot(s, THREAD, "group")?;
    let mut out = Vec::new();
    for (id, t) in s.threads.iter().enumerate().filter(|(_, t)| t.is_alive()) {
        let mut at = match t.object {
            Some(r) => s.object(r).fields()[group].as_ref().or(main),
            None => main,
        };
        while let Some(x) = at {
            if x == g {
                out.push(id as ThreadId);
                break;
            }
            at = s.object(x).fields()[parent].as_ref();
        }
    }
    Ok(out)
}

/// Thread `th`'s Thread object. Main's is made when first asked for (M5's
/// main has none).
pub(crate) fn object_of(s: &mut State, th: ThreadId) -> Result<Ref, VmError> {
    if let Some(r) = s.threads[th as usize].object {
        return Ok(r);
    }
    let cid = s
        .classes
        .id("java/lang/Thread")
        .expect("library has Thread");
    let r = super::runtime::alloc_instance(s, cid);
    init_main_object(s, r)?;
    s.thread_mut(th).object = Some(r);
    s.thread_of_object.insert(r, th);
    Ok(r)
}
