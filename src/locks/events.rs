//! What each method does that the lock discipline cares about, found once
//! by an abstract interpretation of its bytecode: the field and array
//! element accesses and calls it makes, with the locks it holds there,
//! where its values of program classes go (fields, statics, arrays, calls),
//! and where array references come from and go (`Src`, `Event::Flow`: the
//! input of `arrays`, which resolves them to allocation sites).
//!
//! Locks are access paths relative to the method's entry (rccjava's lock
//! expressions): a parameter (`this` is parameter 0 of an instance
//! method), a final field of a path, a static final field, a class
//! literal, or the main thread's implicit lock. The locks a method holds
//! on entry by its `requires` annotations are not here: they change as
//! Houdini refutes them, so the checker adds them to `held` itself.

use std::sync::Arc;

use crate::classfile::parse::{ACC_STATIC, ACC_SYNCHRONIZED, RawMethod, param_descs};
use crate::classfile::{
    ArrKind, Const, FieldRef, Insn, InvokeKind, Kind, MethodRef, desc_slots, dup_slots, kind_slots,
    stack_effect, successors,
};

use super::program::Program;

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Path {
    /// The value parameter `n` had on entry (`this` is 0 in an instance method).
    Param(u16),
    /// A final field of a path: (path, field name).
    Field(Box<Path>, Arc<str>),
    /// A static final field: (class, field).
    Static(Arc<str>, Arc<str>),
    /// A class literal, the lock of static synchronized methods.
    ClassLit(Arc<str>),
    /// The lock the main thread holds throughout (rccjava's main_lock).
    Main,
    /// The object allocated at this byte offset in this invocation of the
    /// method (a local `Object lock = new Object()` or `int[] a = new int[2]`).
    New(u32),
}

/// Where an array reference may come from, relative to one method;
/// `arrays` resolves these to allocation sites over the whole program.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Src {
    /// Allocated at this byte offset of the method.
    Alloc(u32),
    /// Parameter slot `n` on entry.
    Param(u16),
    /// Read from an instance field (class as the instruction names it).
    Field(Arc<str>, Arc<str>),
    /// Read from a static field.
    Static(Arc<str>, Arc<str>),
    /// Returned by the call at this byte offset.
    Call(u32),
    /// An element of an array from the inner source (arrays of arrays).
    Elem(Box<Src>),
}

/// A value's sources, sorted, at most `MAX_SRCS` (more are dropped: the
/// analysis then loses those arrays, as it loses merged paths).
pub type Srcs = Vec<Src>;
const MAX_SRCS: usize = 8;

fn union(a: &Srcs, b: &Srcs) -> Srcs {
    let mut out = a.clone();
    for x in b {
        if let Err(i) = out.binary_search(x) {
            out.insert(i, x.clone());
        }
    }
    out.truncate(MAX_SRCS);
    out
}

/// Could a value of this descriptor be an array (an array type, or one
/// every array is assignable to)?
pub fn arrayish(desc: &str) -> bool {
    desc.starts_with('[')
        || matches!(
            desc,
            "Ljava/lang/Object;" | "Ljava/lang/Cloneable;" | "Ljava/io/Serializable;"
        )
}

/// An array argument of a call: its parameter slot in the callee (the
/// receiver is 0) and the value's sources, owner and path.
#[derive(Clone, Debug)]
pub struct ArrayArg {
    pub slot: u16,
    pub srcs: Srcs,
    pub owner: Option<Path>,
    pub path: Option<Path>,
    /// Allocated in this method and not shared before the call.
    pub fresh: bool,
}

/// A place in the bytecode.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Site {
    pub class: Arc<str>,
    pub method: Arc<str>,
    pub desc: Arc<str>,
    /// Byte offset.
    pub pc: u32,
    pub line: Option<u32>,
}

#[derive(Clone, Debug)]
pub enum Event {
    /// A field read or write, on `receiver` (instance fields).
    Access {
        class: Arc<str>,
        field: Arc<str>,
        is_static: bool,
        write: bool,
        receiver: Option<Path>,
        held: Vec<Path>,
        site: Site,
        /// The class of the value written, when known (a program class
        /// stored in a field of a shared object becomes shared).
        value: Option<Arc<str>>,
    },
    /// A call, with the receiver's path and the classes of the arguments.
    Call {
        class: Arc<str>,
        name: Arc<str>,
        desc: Arc<str>,
        kind: InvokeKind,
        receiver: Option<Path>,
        args: Vec<Option<Arc<str>>>,
        /// The arguments that may be arrays.
        arrays: Vec<ArrayArg>,
        held: Vec<Path>,
        site: Site,
    },
    /// An array element read or write by `xaload`/`xastore`.
    Array {
        srcs: Srcs,
        write: bool,
        /// The path of the object whose field the array was read from
        /// (the `this` of owner-relative locks).
        owner: Option<Path>,
        /// The array's own path (its monitor as a lock).
        path: Option<Path>,
        held: Vec<Path>,
        site: Site,
        /// On an array this method allocated and has not let go of yet:
        /// no other thread can reach it.
        fresh: bool,
    },
    /// An array allocated here (`pc` is `Src::Alloc`'s).
    NewArray { pc: u32, ty: Arc<str>, site: Site },
    /// Array references stored somewhere.
    Flow { from: Srcs, to: Sink },
    /// A value of class `class` stored where every thread may reach it.
    Escape {
        class: Arc<str>,
        how: String,
        site: Site,
    },
}

/// Where `Event::Flow` stores array references.
#[derive(Clone, Debug)]
pub enum Sink {
    Field(Arc<str>, Arc<str>),
    Static(Arc<str>, Arc<str>),
    /// Into the elements of arrays from these sources.
    Elems(Srcs),
    /// The method's result.
    Return,
}

/// One stack or local slot: the path it names and its class, when known;
/// for a possible array, where it comes from and the object it was read from.
#[derive(Clone, Debug, Default, PartialEq)]
struct Val {
    path: Option<Path>,
    ty: Option<Arc<str>>,
    arr: Srcs,
    owner: Option<Path>,
}

impl Val {
    fn of_type(ty: Option<Arc<str>>) -> Val {
        Val {
            ty,
            ..Val::default()
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Frame {
    locals: Vec<Val>,
    stack: Vec<Val>,
    /// Monitors entered in this method, in order (None: an unknown lock).
    held: Vec<Option<Path>>,
    /// Arrays allocated here (by offset) that may have escaped: stored,
    /// passed to a call or returned. Sorted.
    escaped: Vec<u32>,
}

impl Frame {
    fn pop(&mut self) -> Val {
        self.stack.pop().unwrap_or_default()
    }
    fn pop_n(&mut self, n: usize) {
        let keep = self.stack.len().saturating_sub(n);
        self.stack.truncate(keep);
    }
    fn push(&mut self, v: Val, width: usize) {
        for _ in 0..width {
            self.stack.push(v.clone());
        }
    }
    fn join(&mut self, o: &Frame) -> bool {
        let before = self.clone();
        for (a, b) in self.locals.iter_mut().zip(&o.locals) {
            if a != b {
                *a = join_val(a, b);
            }
        }
        let n = self.stack.len().min(o.stack.len());
        self.stack.truncate(n);
        for (a, b) in self.stack.iter_mut().zip(&o.stack) {
            if a != b {
                *a = join_val(a, b);
            }
        }
        // Locks held on both paths (as a multiset).
        let mut rest = o.held.clone();
        self.held
            .retain(|h| match rest.iter().position(|x| x == h) {
                Some(i) => {
                    rest.remove(i);
                    true
                }
                None => false,
            });
        for e in &o.escaped {
            if let Err(i) = self.escaped.binary_search(e) {
                self.escaped.insert(i, *e);
            }
        }
        *self != before
    }

    /// `v`'s arrays allocated here may now be reached from elsewhere.
    fn escape(&mut self, v: &Val) {
        for s in &v.arr {
            if let Src::Alloc(pc) = s
                && let Err(i) = self.escaped.binary_search(pc)
            {
                self.escaped.insert(i, *pc);
            }
        }
    }

    /// Is `v` an array only this method can reach so far?
    fn fresh(&self, v: &Val) -> bool {
        !v.arr.is_empty()
            && v.arr
                .iter()
                .all(|s| matches!(s, Src::Alloc(pc) if self.escaped.binary_search(pc).is_err()))
    }
}

fn join_val(a: &Val, b: &Val) -> Val {
    let same = |x: &Option<Path>, y: &Option<Path>| if x == y { x.clone() } else { None };
    Val {
        path: same(&a.path, &b.path),
        ty: if a.ty == b.ty { a.ty.clone() } else { None },
        arr: union(&a.arr, &b.arr),
        owner: same(&a.owner, &b.owner),
    }
}

/// The class a descriptor names: `Lp/C;` → `p/C`, arrays as descriptors.
pub fn class_of(desc: &str) -> Option<Arc<str>> {
    match desc.as_bytes().first()? {
        b'L' => Some(Arc::from(desc.get(1..desc.len() - 1)?)),
        b'[' => Some(Arc::from(desc)),
        _ => None,
    }
}

fn width(desc: &str) -> usize {
    desc_slots(desc) as usize
}

/// The line of byte offset `pc`.
pub fn line_at(m: &RawMethod, pc: u32) -> Option<u32> {
    m.lines
        .iter()
        .take_while(|(start, _)| *start <= pc)
        .last()
        .map(|&(_, l)| l)
}

/// The events of `m`, a method of `class`.
pub fn of_method(p: &Program, class: &Arc<str>, m: &RawMethod) -> Vec<Event> {
    if m.code.is_empty() {
        return Vec::new();
    }
    let frames = fixpoint(p, class, m);
    let mut out = Vec::new();
    for (i, f) in frames.iter().enumerate() {
        if let Some(f) = f {
            let mut f = f.clone();
            transfer(p, class, m, i as u32, &mut f, Some(&mut out));
        }
    }
    out
}

/// The locks `m` holds throughout by its declaration: its own monitor when
/// synchronized, the main lock in `main`, `this` in constructors (the seed's
/// cons_lock: an object under construction is not yet shared).
pub fn declared_held(class: &Arc<str>, m: &RawMethod, cons_lock: bool) -> Vec<Path> {
    let mut held = Vec::new();
    let is_static = m.flags & ACC_STATIC != 0;
    if m.flags & ACC_SYNCHRONIZED != 0 {
        held.push(if is_static {
            Path::ClassLit(class.clone())
        } else {
            Path::Param(0)
        });
    }
    if is_static && &*m.name == "main" && &*m.desc == "([Ljava/lang/String;)V" {
        held.push(Path::Main);
    }
    if cons_lock && &*m.name == "<init>" {
        held.push(Path::Param(0));
    }
    held
}

fn entry(class: &Arc<str>, m: &RawMethod) -> Frame {
    let is_static = m.flags & ACC_STATIC != 0;
    let mut locals = vec![Val::default(); m.max_locals as usize];
    let mut slot = 0usize;
    if !is_static {
        if let Some(l) = locals.get_mut(0) {
            *l = Val {
                path: Some(Path::Param(0)),
                ty: Some(class.clone()),
                ..Val::default()
            };
        }
        slot = 1;
    }
    for d in param_descs(&m.desc) {
        if let Some(l) = locals.get_mut(slot) {
            *l = Val {
                path: Some(Path::Param(slot as u16)),
                ty: class_of(&d),
                arr: if arrayish(&d) {
                    vec![Src::Param(slot as u16)]
                } else {
                    Vec::new()
                },
                owner: None,
            };
        }
        slot += width(&d).max(1);
    }
    Frame {
        locals,
        stack: Vec::new(),
        held: Vec::new(),
        escaped: Vec::new(),
    }
}

/// The frame before each reachable instruction.
fn fixpoint(p: &Program, class: &Arc<str>, m: &RawMethod) -> Vec<Option<Frame>> {
    let n = m.code.len();
    let mut frames: Vec<Option<Frame>> = vec![None; n];
    frames[0] = Some(entry(class, m));
    let mut work = vec![0u32];
    let handler_ranges: Vec<(u32, u32, u32, Option<Arc<str>>)> = m
        .handlers
        .iter()
        .filter_map(|h| {
            let at = |pc: u32| m.offsets.iter().position(|&o| o == pc).map(|i| i as u32);
            let end = if h.end as usize >= m.code_len as usize {
                Some(n as u32)
            } else {
                at(h.end)
            };
            Some((at(h.start)?, end?, at(h.handler)?, h.catch.clone()))
        })
        .collect();
    let mut guard = 0usize;
    while let Some(i) = work.pop() {
        guard += 1;
        if guard > 200 * n + 10_000 {
            break;
        }
        let Some(before) = frames[i as usize].clone() else {
            continue;
        };
        let mut after = before.clone();
        transfer(p, class, m, i, &mut after, None);
        let mut targets: Vec<(u32, Frame)> = successors(&m.code[i as usize], i)
            .into_iter()
            .map(|t| (t, after.clone()))
            .collect();
        for (start, end, h, catch) in &handler_ranges {
            if *start <= i && i < *end {
                let f = Frame {
                    locals: before.locals.clone(),
                    stack: vec![Val::of_type(Some(
                        catch
                            .clone()
                            .unwrap_or_else(|| "java/lang/Throwable".into()),
                    ))],
                    held: before.held.clone(),
                    escaped: before.escaped.clone(),
                };
                targets.push((*h, f));
            }
        }
        for (t, f) in targets {
            let Some(slot) = frames.get_mut(t as usize) else {
                continue;
            };
            match slot {
                None => {
                    *slot = Some(f);
                    work.push(t);
                }
                Some(old) => {
                    if old.join(&f) {
                        work.push(t);
                    }
                }
            }
        }
    }
    frames
}

/// Where an instruction is: what its events record.
struct At<'a> {
    p: &'a Program,
    class: &'a Arc<str>,
    m: &'a RawMethod,
    pc: u32,
}

impl At<'_> {
    fn site(&self) -> Site {
        Site {
            class: self.class.clone(),
            method: self.m.name.clone(),
            desc: self.m.desc.clone(),
            pc: self.pc,
            line: line_at(self.m, self.pc),
        }
    }
}

/// The locks `f` holds that the analysis can name.
fn held(f: &Frame) -> Vec<Path> {
    f.held.iter().flatten().cloned().collect()
}

/// One instruction's effect on `f`; with `out`, its events too. One arm
/// per instruction, each event kind in a function of its own.
fn transfer(
    p: &Program,
    class: &Arc<str>,
    m: &RawMethod,
    i: u32,
    f: &mut Frame,
    out: Option<&mut Vec<Event>>,
) {
    let insn = &m.code[i as usize];
    let pc = m.offsets.get(i as usize).copied().unwrap_or(0);
    let at = At { p, class, m, pc };
    let mut events = Vec::new();
    let ev = &mut events;
    match insn {
        Insn::Load(k, n) => load(f, *k, *n),
        Insn::Store(k, n) => store(f, *k, *n),
        Insn::Ldc(Const::Class(t)) => f.push(
            Val {
                path: Some(Path::ClassLit(t.name.clone())),
                ty: Some("java/lang/Class".into()),
                ..Val::default()
            },
            1,
        ),
        Insn::Ldc(Const::String(_)) => f.push(Val::of_type(Some("java/lang/String".into())), 1),
        Insn::GetField(r) => get_field(&at, f, r, ev),
        Insn::PutField(r) => put_field(&at, f, r, ev),
        Insn::GetStatic(r) => get_static(&at, f, r, ev),
        Insn::PutStatic(r) => put_static(&at, f, r, ev),
        Insn::ArrayStore(k) => array_store(&at, f, *k, ev),
        Insn::ArrayLoad(k) => array_load(&at, f, *k, ev),
        Insn::Invoke(kind, r) => {
            let (call, ret) = invoke(f, *kind, r, held(f), at.site());
            ev.push(call);
            let mut v = Val::of_type(class_of(&ret));
            if arrayish(&ret) {
                v.arr = vec![Src::Call(pc)];
            }
            f.push(v, width(&ret));
        }
        Insn::Return(Some(_)) => {
            let v = f.pop();
            if !v.arr.is_empty() {
                ev.push(Event::Flow {
                    from: v.arr,
                    to: Sink::Return,
                });
            }
            f.stack.clear();
        }
        Insn::MonitorEnter => {
            let v = f.pop();
            f.held.push(v.path);
        }
        Insn::MonitorExit => monitor_exit(f),
        Insn::New(c) => f.push(
            Val {
                path: Some(Path::New(pc)),
                ty: Some(c.name.clone()),
                ..Val::default()
            },
            1,
        ),
        Insn::NewArray(d) => new_array(f, format!("[{d}").into(), 1, at.site(), ev),
        Insn::ANewArray(t) => {
            let ty = match t.name.starts_with('[') {
                true => format!("[{}", t.name),
                false => format!("[L{};", t.name),
            };
            new_array(f, ty.into(), 1, at.site(), ev);
        }
        Insn::MultiANewArray(t, d) => {
            new_array(f, t.name.clone(), usize::from(*d), at.site(), ev);
        }
        Insn::CheckCast(t) => {
            if let Some(top) = f.stack.last_mut() {
                top.ty = Some(t.name.clone());
            }
        }
        Insn::Dup
        | Insn::DupX1
        | Insn::DupX2
        | Insn::Dup2
        | Insn::Dup2X1
        | Insn::Dup2X2
        | Insn::Swap => {
            dup_slots(&mut f.stack, insn);
        }
        Insn::Concat(c) => {
            f.pop_n(c.arg_slots as usize);
            f.push(Val::of_type(Some("java/lang/String".into())), 1);
        }
        // No event, and values the analysis knows nothing about.
        Insn::Nop
        | Insn::AconstNull
        | Insn::Iconst(_)
        | Insn::Lconst(_)
        | Insn::Fconst(_)
        | Insn::Dconst(_)
        | Insn::Ldc(Const::Int(_) | Const::Float(_) | Const::Long(_) | Const::Double(_))
        | Insn::Pop
        | Insn::Pop2
        | Insn::Arith(..)
        | Insn::Iinc(..)
        | Insn::Convert(_)
        | Insn::Lcmp
        | Insn::Fcmp(_)
        | Insn::Dcmp(_)
        | Insn::If(..)
        | Insn::IfIcmp(..)
        | Insn::IfAcmp(..)
        | Insn::IfNull(..)
        | Insn::Goto(_)
        | Insn::Switch(_)
        | Insn::Return(None)
        | Insn::ArrayLength
        | Insn::Athrow
        | Insn::InstanceOf(_)
        | Insn::Unsupported(_) => {
            let (pops, pushes) = stack_effect(insn);
            f.pop_n(pops as usize);
            f.push(Val::default(), pushes as usize);
        }
    }
    if let Some(out) = out {
        out.extend(events);
    }
}

fn load(f: &mut Frame, k: Kind, n: u16) {
    let v = f.locals.get(n as usize).cloned().unwrap_or_default();
    if kind_slots(k) == 2 {
        f.push(Val::default(), 2);
    } else {
        f.push(v, 1);
    }
}

fn store(f: &mut Frame, k: Kind, n: u16) {
    let w = kind_slots(k) as usize;
    let v = f.pop();
    f.pop_n(w - 1);
    for k in 0..w {
        if let Some(l) = f.locals.get_mut(n as usize + k) {
            *l = if w == 1 { v.clone() } else { Val::default() };
        }
    }
}

fn monitor_exit(f: &mut Frame) {
    let v = f.pop();
    if let Some(k) = f.held.iter().rposition(|h| *h == v.path) {
        f.held.remove(k);
    } else if let Some(k) = f.held.iter().rposition(Option::is_none) {
        f.held.remove(k);
    }
}

fn get_field(at: &At, f: &mut Frame, r: &FieldRef, ev: &mut Vec<Event>) {
    let recv = f.pop();
    ev.push(Event::Access {
        class: r.class.clone(),
        field: r.name.clone(),
        is_static: false,
        write: false,
        receiver: recv.path.clone(),
        held: held(f),
        site: at.site(),
        value: None,
    });
    let path = (at.p.field_is_final(&r.class, &r.name))
        .then(|| {
            recv.path
                .clone()
                .map(|rp| Path::Field(Box::new(rp), r.name.clone()))
        })
        .flatten();
    let array = arrayish(&r.desc);
    f.push(
        Val {
            path,
            ty: class_of(&r.desc),
            arr: if array {
                vec![Src::Field(r.class.clone(), r.name.clone())]
            } else {
                Vec::new()
            },
            owner: if array { recv.path } else { None },
        },
        width(&r.desc),
    );
}

fn put_field(at: &At, f: &mut Frame, r: &FieldRef, ev: &mut Vec<Event>) {
    let v = f.pop();
    f.pop_n(width(&r.desc) - 1);
    let recv = f.pop();
    if !v.arr.is_empty() {
        ev.push(Event::Flow {
            from: v.arr.clone(),
            to: Sink::Field(r.class.clone(), r.name.clone()),
        });
    }
    f.escape(&v);
    ev.push(Event::Access {
        class: r.class.clone(),
        field: r.name.clone(),
        is_static: false,
        write: true,
        receiver: recv.path,
        held: held(f),
        site: at.site(),
        value: v.ty,
    });
}

fn get_static(at: &At, f: &mut Frame, r: &FieldRef, ev: &mut Vec<Event>) {
    ev.push(Event::Access {
        class: r.class.clone(),
        field: r.name.clone(),
        is_static: true,
        write: false,
        receiver: None,
        held: held(f),
        site: at.site(),
        value: None,
    });
    let path =
        at.p.field_is_final(&r.class, &r.name)
            .then(|| Path::Static(r.class.clone(), r.name.clone()));
    f.push(
        Val {
            path,
            ty: class_of(&r.desc),
            arr: if arrayish(&r.desc) {
                vec![Src::Static(r.class.clone(), r.name.clone())]
            } else {
                Vec::new()
            },
            owner: None,
        },
        width(&r.desc),
    );
}

fn put_static(at: &At, f: &mut Frame, r: &FieldRef, ev: &mut Vec<Event>) {
    let v = f.pop();
    f.pop_n(width(&r.desc) - 1);
    if !v.arr.is_empty() {
        ev.push(Event::Flow {
            from: v.arr.clone(),
            to: Sink::Static(r.class.clone(), r.name.clone()),
        });
    }
    f.escape(&v);
    ev.push(Event::Access {
        class: r.class.clone(),
        field: r.name.clone(),
        is_static: true,
        write: true,
        receiver: None,
        held: held(f),
        site: at.site(),
        value: v.ty.clone(),
    });
    if let Some(ty) = v.ty {
        ev.push(Event::Escape {
            class: ty,
            how: format!("stored in the static field {}.{}", dotted(&r.class), r.name),
            site: at.site(),
        });
    }
}

fn array_store(at: &At, f: &mut Frame, k: ArrKind, ev: &mut Vec<Event>) {
    let w = if matches!(k, ArrKind::L | ArrKind::D) {
        2
    } else {
        1
    };
    let v = f.pop();
    f.pop_n(w - 1);
    let _index = f.pop();
    let arr = f.pop();
    if !v.arr.is_empty() {
        ev.push(Event::Flow {
            from: v.arr.clone(),
            to: Sink::Elems(arr.arr.clone()),
        });
    }
    f.escape(&v);
    ev.extend(element_access(f, &arr, true, at.site()));
    if let (ArrKind::A, Some(ty)) = (k, v.ty) {
        ev.push(Event::Escape {
            class: ty,
            how: "stored in an array".into(),
            site: at.site(),
        });
    }
}

fn array_load(at: &At, f: &mut Frame, k: ArrKind, ev: &mut Vec<Event>) {
    let _index = f.pop();
    let arr = f.pop();
    ev.extend(element_access(f, &arr, false, at.site()));
    let w = if matches!(k, ArrKind::L | ArrKind::D) {
        2
    } else {
        1
    };
    f.push(element_of(arr, k), w);
}

/// The element access of `arr` at `site`, when it may be an array the
/// analysis follows.
fn element_access(f: &Frame, arr: &Val, write: bool, site: Site) -> Option<Event> {
    (!arr.arr.is_empty()).then(|| Event::Array {
        fresh: f.fresh(arr),
        srcs: arr.arr.clone(),
        write,
        owner: arr.owner.clone(),
        path: arr.path.clone(),
        held: f.held.iter().flatten().cloned().collect(),
        site,
    })
}

/// The value an `xaload` of `arr` pushes.
fn element_of(arr: Val, k: ArrKind) -> Val {
    let elem = match k {
        ArrKind::A => arr
            .ty
            .as_deref()
            .and_then(|t| t.strip_prefix('['))
            .and_then(class_of),
        _ => None,
    };
    let mut v = Val::of_type(elem);
    if k == ArrKind::A {
        // Arrays of arrays, two levels deep at most.
        v.arr = arr
            .arr
            .iter()
            .filter(|s| !matches!(s, Src::Elem(inner) if matches!(**inner, Src::Elem(_))))
            .map(|s| Src::Elem(Box::new(s.clone())))
            .collect();
        v.owner = arr.owner;
    }
    v
}

/// A call's event (its arguments popped from `f`, arrays among them
/// marked as escaped) and its return descriptor.
fn invoke(
    f: &mut Frame,
    kind: InvokeKind,
    r: &MethodRef,
    held: Vec<Path>,
    site: Site,
) -> (Event, Arc<str>) {
    let params = param_descs(&r.desc);
    let mut vals = Vec::new();
    for d in params.iter().rev() {
        let v = f.pop();
        f.pop_n(width(d).max(1) - 1);
        vals.push((v, width(d).max(1) as u16));
    }
    vals.reverse();
    let recv = if kind == InvokeKind::Static {
        None
    } else {
        Some(f.pop())
    };
    // Parameter slots in the callee, the receiver first.
    let mut slot = u16::from(recv.is_some());
    let mut arrays = Vec::new();
    let mut args = Vec::new();
    let all = recv
        .iter()
        .map(|v| (v, 0u16))
        .chain(vals.iter().map(|(v, w)| {
            let at = slot;
            slot += w;
            (v, at)
        }))
        .collect::<Vec<_>>();
    for (v, at) in &all {
        if !v.arr.is_empty() {
            arrays.push(ArrayArg {
                slot: *at,
                srcs: v.arr.clone(),
                owner: v.owner.clone(),
                path: v.path.clone(),
                fresh: f.fresh(v),
            });
        }
    }
    for (v, _) in &all {
        f.escape(v);
    }
    for (v, _) in &vals {
        args.push(v.ty.clone());
    }
    let call = Event::Call {
        class: r.class.clone(),
        name: r.name.clone(),
        desc: r.desc.clone(),
        kind,
        receiver: recv.and_then(|v| v.path),
        args,
        arrays,
        held,
        site,
    };
    let ret = r.desc.rsplit(')').next().unwrap_or("V").into();
    (call, ret)
}

/// The allocation site at `site` (an array of `ty`, `dims` dimensions
/// given), and the new array on `f`'s stack.
fn new_array(f: &mut Frame, ty: Arc<str>, dims: usize, site: Site, events: &mut Vec<Event>) {
    let pc = site.pc;
    f.pop_n(dims);
    events.push(Event::NewArray {
        pc,
        ty: ty.clone(),
        site,
    });
    if dims > 1 {
        // The inner arrays are made at the same site.
        events.push(Event::Flow {
            from: vec![Src::Alloc(pc)],
            to: Sink::Elems(vec![Src::Alloc(pc)]),
        });
    }
    f.push(
        Val {
            path: Some(Path::New(pc)),
            ty: Some(ty),
            arr: vec![Src::Alloc(pc)],
            owner: None,
        },
        1,
    );
}

pub fn dotted(name: &str) -> String {
    name.replace('/', ".")
}
