//! Class initialization on the interpreter's state (JVMS 5.5): which
//! classes come first, the ones that run no code done at once, and the
//! steps of an initialization a thread has begun.

use rustc_hash::FxHashSet;
use std::sync::Arc;

use crate::classfile::ClassId;
use crate::state::*;

use super::exceptions::throw_ref;
use super::exec::overflow;
use super::{NoOp, Outcome, VmError};

/// Result of making sure a class is initialized before an active use.
pub(crate) enum Init {
    Ready,
    /// The initialization began (the thread continues it before the
    /// instruction runs again).
    Pushed,
    Blocked(ClassId),
    /// An exception was thrown (NoClassDefFoundError for a failed class).
    Threw,
}

/// The classes JVMS 5.5 step 7 initializes before class `c`: its
/// superclass, then the superinterfaces that declare non-abstract,
/// non-static methods, in the order of a recursive enumeration of the
/// interfaces lists (none for an interface).
fn init_supers(s: &State, c: ClassId) -> Vec<ClassId> {
    let class = s.classes.class(c);
    let mut out = Vec::new();
    if class.is_interface() {
        return out;
    }
    out.extend(class.super_id);
    // The interfaces in the order a recursive enumeration finishes them
    // (after their own superinterfaces), with an explicit stack: a
    // hierarchy may be deeper than the native stack. An interface reached
    // again through another path adds nothing new.
    let mut seen: FxHashSet<ClassId> = FxHashSet::default();
    let mut stack: Vec<(ClassId, usize)> = Vec::new();
    for &i in &class.interfaces {
        if seen.insert(i) {
            stack.push((i, 0));
        }
        while let Some(top) = stack.last_mut() {
            let (i, next) = *top;
            let itfs = &s.classes.class(i).interfaces;
            if let Some(&j) = itfs.get(next) {
                top.1 += 1;
                if seen.insert(j) {
                    stack.push((j, 0));
                }
                continue;
            }
            stack.pop();
            let has_default = s.classes.class(i).methods.iter().any(|m| {
                let m = s.classes.method(*m);
                !m.is_abstract() && !m.is_static() && &*m.name != "<clinit>"
            });
            if has_default {
                out.push(i);
            }
        }
    }
    out
}

/// Does `th`'s pending initialization step (`Thread::initializing`)
/// only push its class's `<clinit>`: every class step 7 needs first is
/// initialized or in progress in `th`, so the step claims nothing another
/// thread could claim and waits for no one (a step no other thread's can
/// be ordered against)?
pub fn init_step_is_local(s: &State, th: ThreadId) -> bool {
    let Some(&(c, _)) = s.thread(th).and_then(|t| t.inits.last()) else {
        return false;
    };
    init_supers(s, c)
        .into_iter()
        .all(|sup| match s.init[sup as usize] {
            InitStatus::Done => true,
            InitStatus::Running(t) => t == th,
            _ => false,
        })
}

/// Is `insn`, `th`'s next instruction, an access to a static field of a
/// class `th` itself is initializing? No other thread can reach that
/// field until the initialization ends (its access would first wait for
/// it, JLS 12.4.2), so the access is `th`'s alone, volatile or not.
pub fn own_initializing_static(s: &State, th: ThreadId, insn: &crate::classfile::Insn) -> bool {
    let effect = insn.effect();
    effect.field().is_some()
        && effect
            .initializes()
            .is_some_and(|c| s.init.get(c as usize) == Some(&InitStatus::Running(th)))
}

/// Can `c` be initialized by `th` without running code or waiting: no
/// `<clinit>` of its own, and every class step 7 needs first initialized,
/// in progress in `th` (a recursive request), or itself trivial? (A
/// worklist over the classes needed, not recursion: hierarchies may be
/// deeper than the native stack.)
pub(crate) fn trivial_init(s: &State, th: ThreadId, c: ClassId) -> bool {
    let mut seen: FxHashSet<ClassId> = FxHashSet::from_iter([c]);
    let mut work = vec![c];
    while let Some(x) = work.pop() {
        if s.classes.class(x).clinit.is_some() {
            return false;
        }
        for sup in init_supers(s, x) {
            match s.init[sup as usize] {
                InitStatus::Done => {}
                InitStatus::Running(t) if t == th => {}
                InitStatus::Running(_) | InitStatus::Failed => return false,
                InitStatus::Uninitialized => {
                    if seen.insert(sup) {
                        work.push(sup);
                    }
                }
            }
        }
    }
    true
}

/// Marks a trivially initializable class initialized, with the classes it
/// needs, each after the classes it needs (in the order of a recursive
/// walk, with an explicit stack).
fn mark_trivial(s: &mut State, c: ClassId) -> Result<(), VmError> {
    let mut stack: Vec<(ClassId, Vec<ClassId>, usize)> = vec![(c, init_supers(s, c), 0)];
    while let Some(top) = stack.last_mut() {
        if let Some(&sup) = top.1.get(top.2) {
            top.2 += 1;
            if s.init[sup as usize] == InitStatus::Uninitialized {
                let needs = init_supers(s, sup);
                stack.push((sup, needs, 0));
            }
            continue;
        }
        let (x, _, _) = stack.pop().expect("a class on the stack");
        constant_strings(s, x)?;
        s.init.set(x as usize, InitStatus::Done);
    }
    Ok(())
}

/// JVMS 5.5 step 6 for a JDK class: its `static final` String fields get
/// their ConstantValue (the program's classes and m5's got theirs when
/// the state was made).
fn constant_strings(s: &mut State, c: ClassId) -> Result<(), VmError> {
    if !s.classes.class(c).from_jdk {
        return Ok(());
    }
    let classes = s.classes.clone();
    for (_, _, slot, constant) in &classes.class(c).statics {
        let r = match constant {
            Some(crate::classfile::Const::String(text)) => super::strings::intern(s, text)?,
            Some(crate::classfile::Const::Utf16(units)) => super::strings::intern_units(s, units),
            _ => continue,
        };
        s.statics.set(*slot as usize, Value::Ref(r));
    }
    Ok(())
}

/// NoClassDefFoundError for a class whose initialization failed; as in
/// JDK 17, its cause is an ExceptionInInitializerError naming the failure.
fn could_not_initialize(s: &mut State, th: ThreadId, c: ClassId) -> Result<(), VmError> {
    let name = s.classes.class(c).name.replace('/', ".");
    let e = super::exceptions::new_exception(
        s,
        "java/lang/NoClassDefFoundError",
        Some(format!("Could not initialize class {name}")),
    )?;
    if let Some(why) = s.init_errors.get(&c).cloned() {
        let cause = super::exceptions::new_exception(
            s,
            "java/lang/ExceptionInInitializerError",
            Some(why.to_string()),
        )?;
        s.set_field(e, "cause", Value::Ref(cause));
    }
    throw_ref(s, th, e)
}

/// JVMS 5.5, steps 1-6, for an active use of class `c` by `th`: go on if it
/// is initialized (or being initialized by `th`), wait if another thread
/// is initializing it, throw if it failed; else mark it in progress by `th`
/// and record the initialization as begun (`Thread::inits`), to be
/// continued by `continue_init` before the instruction runs again. A class
/// whose initialization runs no code is initialized at once.
pub(crate) fn ensure_init(s: &mut State, th: ThreadId, c: ClassId) -> Result<Init, VmError> {
    match s.init[c as usize] {
        InitStatus::Done => return Ok(Init::Ready),
        InitStatus::Running(t) if t == th => return Ok(Init::Ready),
        InitStatus::Running(_) => return Ok(Init::Blocked(c)),
        InitStatus::Failed => {
            could_not_initialize(s, th, c)?;
            return Ok(Init::Threw);
        }
        InitStatus::Uninitialized => {}
    }
    if trivial_init(s, th, c) {
        mark_trivial(s, c)?;
        return Ok(Init::Ready);
    }
    s.init.set(c as usize, InitStatus::Running(th));
    let t = s.thread_mut(th);
    let depth = t.stack.len() as u32;
    t.inits.push((c, depth));
    Ok(Init::Pushed)
}

/// One step of the initialization `th` began last (JVMS 5.5 steps 7 and
/// 9): the next class it needs first is initialized (begun, or waited for,
/// or its failure thrown, which fails this class too); once all are, its
/// `<clinit>` frame is pushed (or, without one, it is initialized).
pub fn continue_init(s: &mut State, th: ThreadId) -> Result<Outcome, VmError> {
    let &(c, depth) = s.threads[th as usize]
        .inits
        .last()
        .expect("an initialization");
    for sup in init_supers(s, c) {
        match s.init[sup as usize] {
            InitStatus::Done => {}
            InitStatus::Running(t) if t == th => {}
            InitStatus::Running(_) => return Ok(Outcome::NoOp(NoOp::Blocked(Wake::Init(sup)))),
            InitStatus::Failed => {
                could_not_initialize(s, th, sup)?;
                return Ok(Outcome::Stepped);
            }
            InitStatus::Uninitialized => {
                if trivial_init(s, th, sup) {
                    mark_trivial(s, sup)?;
                    continue;
                }
                s.init.set(sup as usize, InitStatus::Running(th));
                s.thread_mut(th).inits.push((sup, depth));
                return Ok(Outcome::Stepped);
            }
        }
    }
    match s.classes.class(c).clinit {
        Some(m) => {
            let method = s.classes.method(m).clone();
            if overflow(s, th, &method)? {
                return Ok(Outcome::Stepped);
            }
            constant_strings(s, c)?;
            let t = s.thread_mut(th);
            t.inits.pop();
            t.stack.push(Arc::new(Frame::new(method, &[])));
        }
        None => {
            constant_strings(s, c)?;
            s.thread_mut(th).inits.pop();
            s.init.set(c as usize, InitStatus::Done);
            s.aux.sched_gen += 1;
            s.aux.wakes.push(Wake::Init(c));
        }
    }
    Ok(Outcome::Stepped)
}
