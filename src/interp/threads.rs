//! Thread identity as the JDK gives it: what `Thread`'s constructors
//! record (`setUp`, one VM step in m5's model), names, ids, priorities,
//! daemon status, groups and inherited thread-locals.
//!
//! The JDK's constructor, and so `setUp`: a thread made without a name
//! takes the next "Thread-N" number (`threadInitNumber`: only those
//! constructors take one); its group is the one given or else the
//! creating thread's; it is a daemon if the creating thread is; its
//! priority is the creating thread's, capped by the group's maximum; it
//! gets the creating thread's inheritable thread-locals, each through
//! `childValue` (`ThreadLocal.createInheritedMap`, Java code: `setUp`
//! pushes the model's `inheritThreadLocals` and runs again when it
//! returns); last it takes the next id (`threadSeqNumber`). The counters
//! are static fields of the model's `Thread`, so they are part of the
//! state. A `group` of null stands for "main" (the main thread's object is
//! made by the VM without a constructor, and threads it creates inherit
//! its null).

use crate::state::*;

use super::VmError;
use super::natives::NativeResult::{self, Again, Return, Throw};

const THREAD: &str = "java/lang/Thread";
const GROUP: &str = "java/lang/ThreadGroup";

/// HotSpot 17 (default flags) starts ten threads of its own before `main`
/// runs (Reference Handler, Finalizer, Signal Dispatcher, Service Thread,
/// Monitor Deflation Thread, C2 and C1 CompilerThread0, Sweeper thread,
/// Notification Thread, Common-Cleaner): main's id is 1, theirs 2..=11,
/// and the first thread a program makes gets 12.
pub const VM_THREADS: i64 = 10;

/// The main thread's id.
pub const MAIN_ID: i64 = 1;

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
    let cid = s.classes.id(class).ok_or_else(|| missing(class))?;
    s.classes
        .class(cid)
        .statics
        .iter()
        .find(|f| &*f.0 == name)
        .map(|f| f.2 as usize)
        .ok_or_else(|| missing(&format!("static field {class}.{name}")))
}

/// Adds one to a counter of the model's `Thread` and returns the new value.
fn next(s: &mut State, name: &str) -> Result<Value, VmError> {
    let i = static_slot(s, THREAD, name)?;
    let v = match s.statics[i] {
        Value::Long(n) => Value::Long(n + 1),
        v => Value::Int(v.as_int() + 1),
    };
    s.statics.set(i, v);
    Ok(v)
}

/// The main thread's object, made by the VM without a constructor: the
/// id, priority and group (null: "main") the JDK's has.
pub fn init_main_object(s: &mut State, r: Ref) -> Result<(), VmError> {
    set(s, r, THREAD, "tid", Value::Long(MAIN_ID))?;
    set(s, r, THREAD, "priority", Value::Int(NORM_PRIORITY))
}

/// A group's maximum priority; `None` is "main", which exists only once
/// `ThreadGroup` is initialized (before that nothing can have lowered it).
fn max_priority(s: &State, group: Option<Ref>) -> Result<i32, VmError> {
    let group = match group {
        Some(g) => Some(g),
        None => s.statics[static_slot(s, GROUP, "MAIN")?].as_ref(),
    };
    match group {
        Some(g) => Ok(get(s, g, GROUP, "maxPriority")?.as_int()),
        None => Ok(MAX_PRIORITY),
    }
}

/// `Thread.setUp()`: `setUp(null, true)`.
pub fn set_up_default(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(this) = a[0].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    set_up(s, th, this, None, true)
}

/// `Thread.setUp(ThreadGroup group, boolean inheritThreadLocals)`.
pub fn set_up_in(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(this) = a[0].as_ref() else {
        return Ok(Throw("java/lang/NullPointerException", None));
    };
    set_up(s, th, this, a[1].as_ref(), a[2].as_int() != 0)
}

/// The constructor's bookkeeping (see the module's comment). The second
/// call, after `inheritThreadLocals` returned, only takes the id.
fn set_up(
    s: &mut State,
    th: ThreadId,
    this: Ref,
    group: Option<Ref>,
    inherit: bool,
) -> Result<NativeResult, VmError> {
    let inherited = get(s, this, THREAD, "inheritableThreadLocals")?;
    if inherited.as_ref().is_none() {
        let parent = s.threads[th as usize].object;
        if get(s, this, THREAD, "name")?.as_ref().is_none() {
            let n = next(s, "threadInitNumber")?.as_int();
            set(s, this, THREAD, "initNumber", Value::Int(n))?;
        }
        let (group, daemon, priority, map) = match parent {
            Some(p) => (
                group.or(get(s, p, THREAD, "group")?.as_ref()),
                get(s, p, THREAD, "daemon")?,
                get(s, p, THREAD, "priority")?.as_int(),
                get(s, p, THREAD, "inheritableThreadLocals")?,
            ),
            // Main before anything asked for its object: its defaults.
            None => (group, Value::Int(0), NORM_PRIORITY, Value::Null),
        };
        let priority = priority.min(max_priority(s, group)?);
        set(
            s,
            this,
            THREAD,
            "group",
            group.map_or(Value::Null, Value::Ref),
        )?;
        set(s, this, THREAD, "daemon", daemon)?;
        set(s, this, THREAD, "priority", Value::Int(priority))?;
        if inherit && map.as_ref().is_some() {
            let cid = s.classes.id(THREAD).ok_or_else(|| missing(THREAD))?;
            let m = s
                .classes
                .declared_method(
                    cid,
                    "inheritThreadLocals",
                    "(Ljava/lang/ThreadLocal$ThreadLocalMap;)V",
                )
                .ok_or_else(|| missing("method inheritThreadLocals"))?
                .clone();
            let frame = Frame::new(m, &[Value::Ref(this), map]);
            s.thread_mut(th).stack.push(std::sync::Arc::new(frame));
            return Ok(Again);
        }
    }
    let id = MAIN_ID + VM_THREADS + next(s, "threadSeqNumber")?.as_long();
    set(s, this, THREAD, "tid", Value::Long(id))?;
    Ok(Return(None))
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
    let main = s.statics[static_slot(s, GROUP, "MAIN")?].as_ref();
    let parent = slot(s, GROUP, "parent")?;
    let group = slot(s, THREAD, "group")?;
    let mut n = 0;
    for t in s.threads.iter().filter(|t| t.is_alive()) {
        let mut at = match t.object {
            Some(r) => s.object(r).fields()[group].as_ref().or(main),
            None => main,
        };
        while let Some(x) = at {
            if x == g {
                n += 1;
                break;
            }
            at = s.object(x).fields()[parent].as_ref();
        }
    }
    Ok(Return(Some(Value::Int(n))))
}
