//! The symbolic M5 state: control concrete (which methods, which pcs, the
//! types of every slot), data as SMT terms. The heap is a set of arrays
//! indexed by address (class, monitor, lock count, one array per field),
//! the thread table a set of arrays indexed by thread number; the heap
//! length `H` and the thread count `N` are integers. Only the frames of the
//! threads an obligation is about are spelled out; other threads are
//! abstract (their depth and top pc are array entries).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::smt::{self, Script, Sort, array_sort};
use crate::classfile::{ClassId, ClassTable, MethodId};
use crate::state::Value;

/// The class id stored for arrays (no class has it).
pub const ARRAY_CLASS: i64 = -2;
/// Null, as an address.
pub const NULL: &str = "(- 1)";

/// The type of a local or operand-stack slot. Category-2 values take two
/// slots, the second `Top`, as in the interpreter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ty {
    I,
    L,
    A,
    Top,
}

impl Ty {
    pub fn sort(self) -> Sort {
        match self {
            Ty::I => Sort::Bv32,
            Ty::L => Sort::Bv64,
            Ty::A | Ty::Top => Sort::Int,
        }
    }
    /// The slot type of a field or array element descriptor; None: float/double.
    pub fn of_desc(desc: &str) -> Option<Ty> {
        match desc.as_bytes().first()? {
            b'Z' | b'B' | b'C' | b'S' | b'I' => Some(Ty::I),
            b'J' => Some(Ty::L),
            b'L' | b'[' => Some(Ty::A),
            _ => None,
        }
    }
    pub fn of_value(v: &Value) -> Option<Ty> {
        match v {
            Value::Int(_) => Some(Ty::I),
            Value::Long(_) => Some(Ty::L),
            Value::Ref(_) | Value::Null => Some(Ty::A),
            Value::Top => Some(Ty::Top),
            Value::Float(_) | Value::Double(_) => None,
        }
    }
}

/// A slot's value: its type and term (empty for `Top`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SVal {
    pub ty: Ty,
    pub t: String,
}

impl SVal {
    pub fn new(ty: Ty, t: impl Into<String>) -> SVal {
        SVal { ty, t: t.into() }
    }
    pub fn top() -> SVal {
        SVal {
            ty: Ty::Top,
            t: String::new(),
        }
    }
}

/// One frame of a thread whose stack the prover spells out: the machine's
/// frame with symbolic slots. (`sync` is not used: the lock of a
/// synchronized frame is `this` or its class's `Class` object.)
pub type SFrame = crate::state::Frame<SVal>;

/// The data-free view of a symbolic frame.
pub trait FrameShape {
    fn shape(&self) -> AFrame;
}

impl FrameShape for SFrame {
    fn shape(&self) -> AFrame {
        AFrame {
            method: self.method.id,
            ip: self.ip,
            locals: self.locals.iter().map(|v| v.ty).collect(),
            stack: self.stack.iter().map(|v| v.ty).collect(),
        }
    }
}

/// A frame with its data erased: method, instruction and slot types.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AFrame {
    pub method: MethodId,
    pub ip: u32,
    pub locals: Vec<Ty>,
    pub stack: Vec<Ty>,
}

/// A call stack with its data erased, bottom frame first.
pub type Shape = Vec<AFrame>;

/// An exception thrown in one shape and caught in another: followed to
/// its handler once the prover could not rule it out.
pub type Catch = (Shape, Shape);

/// Is the frame right after a call of `Object.wait` (where a thread in
/// `wait` is: M5 advances the caller's pc at the call)? Only there can a
/// thread be waiting.
pub fn after_wait(m: &crate::classfile::Method, ip: u32) -> bool {
    use crate::classfile::Insn;
    ip > 0
        && matches!(&m.code[ip as usize - 1], Insn::Invoke(_, r)
            if &*r.name == "wait" && (&*r.desc == "()V" || &*r.desc == "(J)V"))
}

/// The shape of a concrete thread's call stack (None: a float in a slot).
pub fn shape_of(t: &crate::state::Thread) -> Option<Shape> {
    t.stack
        .iter()
        .map(|f| {
            Some(AFrame {
                method: f.method.id,
                ip: f.ip,
                locals: f.locals.iter().map(Ty::of_value).collect::<Option<_>>()?,
                stack: f.stack.iter().map(Ty::of_value).collect::<Option<_>>()?,
            })
        })
        .collect()
}

/// Which field array an instance field lives in: objects of different
/// classes may share an array (they have different addresses), one
/// object's fields never do.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldKey {
    pub slot: u32,
    pub name: Arc<str>,
    pub ty: Ty,
}

impl FieldKey {
    pub fn base(&self) -> String {
        format!("F{}_{}_{:?}", self.slot, smt::sanitize(&self.name), self.ty)
    }
}

/// The shared part of a symbolic state: heap and thread table, as the
/// names of SMT constants (or terms) of the current version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heap {
    pub h: String,
    pub n: String,
    pub cls: String,
    pub alen: String,
    pub mon: String,
    pub mcnt: String,
    pub tobj: String,
    pub tof: String,
    pub sched: String,
    pub depth: String,
    pub tpc: String,
    /// The object a thread waits on (`wait`), or -1, and the hold count
    /// it gave up.
    pub wobj: String,
    pub wcnt: String,
    /// The `java.lang.Class` object of each class (by class id), or -1
    /// before anything asked for it (m5 creates them on first use).
    pub mir: String,
    /// Arrays: each array's element type (`elem_code`), and the elements,
    /// by address then index, of int-like (`boolean` .. `int`, narrowed as
    /// stored), `long` and reference arrays.
    pub aty: String,
    pub ei: String,
    pub ej: String,
    pub ea: String,
    /// Field arrays written since the pre-state (others have their base name).
    pub fields: BTreeMap<FieldKey, String>,
    /// Static fields written since the pre-state, by global slot.
    pub statics: BTreeMap<u32, String>,
}

impl Heap {
    /// The pre-state: fresh constants for everything.
    pub fn pre(sc: &mut Script) -> Heap {
        let ints = array_sort(Sort::Int);
        sc.declare("H", "Int");
        sc.declare("N", "Int");
        for a in [
            "cls", "alen", "mon", "mcnt", "tobj", "tof", "depth", "tpc", "wobj", "wcnt", "mir",
            "aty",
        ] {
            sc.declare(a, &ints);
        }
        for ty in [Ty::I, Ty::L, Ty::A] {
            sc.declare(elems_name(ty), &elems_sort(ty));
        }
        sc.declare("sched", &array_sort(Sort::Bool));
        Heap {
            h: "H".into(),
            n: "N".into(),
            cls: "cls".into(),
            alen: "alen".into(),
            mon: "mon".into(),
            mcnt: "mcnt".into(),
            tobj: "tobj".into(),
            tof: "tof".into(),
            sched: "sched".into(),
            depth: "depth".into(),
            tpc: "tpc".into(),
            wobj: "wobj".into(),
            wcnt: "wcnt".into(),
            mir: "mir".into(),
            aty: "aty".into(),
            ei: elems_name(Ty::I).into(),
            ej: elems_name(Ty::L).into(),
            ea: elems_name(Ty::A).into(),
            fields: BTreeMap::new(),
            statics: BTreeMap::new(),
        }
    }

    /// The current array of a field (declaring its base on first use).
    pub fn field(&self, sc: &mut Script, k: &FieldKey) -> String {
        match self.fields.get(k) {
            Some(n) => n.clone(),
            None => {
                let b = k.base();
                sc.declare(&b, &array_sort(k.ty.sort()));
                b
            }
        }
    }

    pub fn static_field(&self, sc: &mut Script, slot: u32, ty: Ty) -> String {
        match self.statics.get(&slot) {
            Some(n) => n.clone(),
            None => {
                let b = format!("S{slot}");
                sc.declare(&b, ty.sort().smt());
                b
            }
        }
    }
}

impl Heap {
    /// The components this state has written since `pre`: their names
    /// there, and what this state has instead. A component keeps its name
    /// until a step defines a new version (always a fresh name), so the
    /// names that differ are those written.
    pub fn renaming_since(&self, pre: &Heap) -> BTreeMap<String, String> {
        // Destructured without `..`: a new component must be listed here.
        let Heap {
            h,
            n,
            cls,
            alen,
            mon,
            mcnt,
            tobj,
            tof,
            sched,
            depth,
            tpc,
            wobj,
            wcnt,
            mir,
            aty,
            ei,
            ej,
            ea,
            fields,
            statics,
        } = self;
        let pairs = [
            (h, &pre.h),
            (n, &pre.n),
            (cls, &pre.cls),
            (alen, &pre.alen),
            (mon, &pre.mon),
            (mcnt, &pre.mcnt),
            (tobj, &pre.tobj),
            (tof, &pre.tof),
            (sched, &pre.sched),
            (depth, &pre.depth),
            (tpc, &pre.tpc),
            (wobj, &pre.wobj),
            (wcnt, &pre.wcnt),
            (mir, &pre.mir),
            (aty, &pre.aty),
            (ei, &pre.ei),
            (ej, &pre.ej),
            (ea, &pre.ea),
        ];
        let mut out: BTreeMap<String, String> = pairs
            .into_iter()
            .filter(|(post, pre)| post != pre)
            .map(|(post, pre)| (pre.clone(), post.clone()))
            .collect();
        for (k, name) in fields {
            let before = pre.fields.get(k).cloned().unwrap_or_else(|| k.base());
            if *name != before {
                out.insert(before, name.clone());
            }
        }
        for (slot, name) in statics {
            let before = pre
                .statics
                .get(slot)
                .cloned()
                .unwrap_or_else(|| format!("S{slot}"));
            if *name != before {
                out.insert(before, name.clone());
            }
        }
        out
    }

    /// The components written since `pre`, by their names there.
    pub fn written_since(&self, pre: &Heap) -> BTreeSet<String> {
        self.renaming_since(pre).into_keys().collect()
    }

    /// The elements array for element slots of type `ty`.
    pub fn elems(&self, ty: Ty) -> &String {
        match ty {
            Ty::I => &self.ei,
            Ty::L => &self.ej,
            _ => &self.ea,
        }
    }
    pub fn elems_mut(&mut self, ty: Ty) -> &mut String {
        match ty {
            Ty::I => &mut self.ei,
            Ty::L => &mut self.ej,
            _ => &mut self.ea,
        }
    }
}

/// The base name of the elements array of slot type `ty`.
pub fn elems_name(ty: Ty) -> &'static str {
    match ty {
        Ty::I => "eI",
        Ty::L => "eJ",
        _ => "eA",
    }
}

/// Address -> index -> element.
pub fn elems_sort(ty: Ty) -> String {
    format!("(Array Int {})", array_sort(ty.sort()))
}

/// The default elements of a new array of slot type `ty` (0 or null).
pub fn default_elems(ty: Ty) -> String {
    let zero = match ty {
        Ty::I => smt::bv32(0),
        Ty::L => smt::bv64(0),
        _ => NULL.to_string(),
    };
    format!("((as const {}) {zero})", array_sort(ty.sort()))
}

/// An array type's element code, stored in `aty`: 1..=6 for `boolean`,
/// `byte`, `char`, `short`, `int`, `long`; 1000 + the class id for arrays
/// of a class or interface. None: floating-point elements or arrays of
/// arrays (not modeled), or a class not loaded.
pub fn elem_code(classes: &ClassTable, desc: &str) -> Option<i64> {
    Some(match desc.as_bytes().first()? {
        b'Z' => 1,
        b'B' => 2,
        b'C' => 3,
        b'S' => 4,
        b'I' => 5,
        b'J' => 6,
        b'L' => 1000 + classes.id(desc.get(1..desc.len() - 1)?)? as i64,
        _ => return None,
    })
}

/// The field key of `name` in objects of class `c`, if it has one.
pub fn field_key(classes: &ClassTable, c: ClassId, name: &str) -> Option<FieldKey> {
    let class = classes.class(c);
    let slot = class.field_slot(name)?;
    let f = &class.layout[slot as usize];
    Some(FieldKey {
        slot,
        name: f.name.clone(),
        ty: Ty::of_desc(&f.desc)?,
    })
}

/// Fresh constants for the frames of a thread in `shape`, named `prefix_f{i}_{l,s}{j}`.
pub fn frames_of(
    sc: &mut Script,
    classes: &ClassTable,
    prefix: &str,
    shape: &Shape,
) -> Vec<SFrame> {
    shape
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let mut slot = |kind: &str, j: usize, ty: Ty| {
                if ty == Ty::Top {
                    return SVal::top();
                }
                // The type in the name: one name, one sort, also where
                // shapes of different frames share a prefix.
                let name = format!("{prefix}_f{i}_{kind}{j}{ty:?}");
                sc.declare(&name, ty.sort().smt());
                SVal::new(ty, name)
            };
            let locals = a
                .locals
                .iter()
                .enumerate()
                .map(|(j, t)| slot("l", j, *t))
                .collect();
            let stack = a
                .stack
                .iter()
                .enumerate()
                .map(|(j, t)| slot("s", j, *t))
                .collect();
            SFrame {
                method: classes.method(a.method).clone(),
                ip: a.ip,
                locals,
                stack,
                sync: None,
            }
        })
        .collect()
}

/// What holds of every reachable state by the way m5 builds states (not by
/// the user's invariant), stated at one reference term: it is null or an
/// allocated address; an object's class is one the program instantiates;
/// lock counts are non-negative and a held lock's owner is a thread; the
/// thread-of-object table and the thread objects agree.
pub fn ref_facts(h: &Heap, r: &str, classes_ok: &str) -> String {
    let valid = format!("(and (<= 0 {r}) (< {r} {}))", h.h);
    let tof = smt::select(&h.tof, r);
    let mc = smt::select(&h.mcnt, r);
    smt::or(&[
        smt::eq(r, NULL),
        smt::and(&[
            valid,
            classes_ok.replace("$R", r),
            format!("(>= {mc} 0)"),
            format!("(>= {} 0)", smt::select(&h.mon, r)),
            format!("(=> (> {mc} 0) (< {} {}))", smt::select(&h.mon, r), h.n),
            format!("(>= {} 0)", smt::select(&h.alen, r)),
            format!(
                "(or (= {tof} (- 1)) (and (<= 0 {tof}) (< {tof} {}) (= {} {r})))",
                h.n,
                smt::select(&h.tobj, &tof)
            ),
        ]),
    ])
}

/// The same for a thread number: its object is null or allocated, and is
/// its own thread-of-object entry; its depth is non-negative, and at least
/// 1 while it is unscheduled (M5 makes a thread with its `run` frame,
/// `runtime::add_thread_entry`, and only a scheduled thread pops one); if
/// it waits, it waits on an allocated object and gave up at least one hold.
pub fn thread_facts(h: &Heap, t: &str) -> String {
    let o = smt::select(&h.tobj, t);
    smt::implies(
        &format!("(and (<= 0 {t}) (< {t} {}))", h.n),
        &smt::and(&[
            format!(
                "(or (= {o} (- 1)) (and (<= 0 {o}) (< {o} {}) (= {} {t})))",
                h.h,
                smt::select(&h.tof, &o)
            ),
            format!("(>= {} 0)", smt::select(&h.depth, t)),
            smt::or(&[
                smt::select(&h.sched, t),
                format!("(>= {} 1)", smt::select(&h.depth, t)),
            ]),
            {
                // A waiting thread waits on an object and gave up at least one hold.
                let w = smt::select(&h.wobj, t);
                format!(
                    "(or (= {w} (- 1)) (and (<= 0 {w}) (< {w} {}) (>= {} 1)))",
                    h.h,
                    smt::select(&h.wcnt, t)
                )
            },
        ]),
    )
}

/// What holds of the `Class` objects of the classes in `mirrored` by the
/// way m5 creates them: each is -1 (not created yet) or an allocated object
/// of class `class_cid` that is no thread's object; two classes never share
/// one.
pub fn mirror_facts(h: &Heap, mirrored: &[ClassId], class_cid: ClassId) -> String {
    let mut out = Vec::new();
    for (i, &c) in mirrored.iter().enumerate() {
        let m = smt::select(&h.mir, &c.to_string());
        out.push(smt::or(&[
            smt::eq(&m, NULL),
            smt::and(&[
                format!("(<= 0 {m})"),
                format!("(< {m} {})", h.h),
                smt::eq(&smt::select(&h.cls, &m), &smt::int(class_cid as i64)),
                smt::eq(&smt::select(&h.tof, &m), NULL),
            ]),
        ]));
        for &d in &mirrored[..i] {
            let n = smt::select(&h.mir, &d.to_string());
            out.push(smt::or(&[smt::eq(&m, NULL), smt::not(&smt::eq(&m, &n))]));
        }
    }
    smt::and(&out)
}
