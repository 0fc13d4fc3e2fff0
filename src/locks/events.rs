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
//! Houdini refutes them, so the checker adds them to `held` itself. One
//! instruction's effect on the abstract frame is `transfer.rs`.

use std::sync::Arc;

use crate::classfile::parse::{ACC_STATIC, ACC_SYNCHRONIZED, RawMethod, param_descs};
use crate::classfile::{InvokeKind, desc_slots, successors};

use super::program::Program;
use super::transfer::transfer;

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
    /// An object this method allocated (`Path::New`), or parameter 0
    /// (`this`, or a static method's first argument), leaves its hands:
    /// stored in a field, a static or an array, passed as an argument, or
    /// returned (`m5 effects`: objects never published stay thread-local).
    Publish { path: Path, site: Site },
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
pub(super) struct Val {
    pub(super) path: Option<Path>,
    pub(super) ty: Option<Arc<str>>,
    pub(super) arr: Srcs,
    pub(super) owner: Option<Path>,
}

impl Val {
    pub(super) fn of_type(ty: Option<Arc<str>>) -> Val {
        Val {
            ty,
            ..Val::default()
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(super) struct Frame {
    pub(super) locals: Vec<Val>,
    pub(super) stack: Vec<Val>,
    /// Monitors entered in this method, in order (None: an unknown lock).
    pub(super) held: Vec<Option<Path>>,
    /// Arrays allocated here (by offset) that may have escaped: stored,
    /// passed to a call or returned. Sorted.
    escaped: Vec<u32>,
}

impl Frame {
    pub(super) fn pop(&mut self) -> Val {
        self.stack.pop().unwrap_or_default()
    }
    pub(super) fn pop_n(&mut self, n: usize) {
        let keep = self.stack.len().saturating_sub(n);
        self.stack.truncate(keep);
    }
    pub(super) fn push(&mut self, v: Val, width: usize) {
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
    pub(super) fn escape(&mut self, v: &Val) {
        for s in &v.arr {
            if let Src::Alloc(pc) = s
                && let Err(i) = self.escaped.binary_search(pc)
            {
                self.escaped.insert(i, *pc);
            }
        }
    }

    /// Is `v` an array only this method can reach so far?
    pub(super) fn fresh(&self, v: &Val) -> bool {
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

pub(super) fn width(desc: &str) -> usize {
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

pub fn dotted(name: &str) -> String {
    name.replace('/', ".")
}
