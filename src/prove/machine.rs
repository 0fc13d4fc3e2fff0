//! The prover's machine: the interpreter's instruction families
//! (`interp::heap`) run on a symbolic state — the stepping thread's frames
//! spelled out, the heap and thread table as SMT arrays. Every `decide`
//! forks (`prove::domain::explore`); an exception a handler of the thread
//! catches is followed there (as the interpreter unwinds), any other — and
//! one whose String message the prover does not model — becomes a branch
//! that fails a pre-step check; everything it does not model is
//! `Unsupported`. Its allocation is `alloc.rs`, its calls `calls.rs`, how
//! it throws `throw.rs`.

use std::sync::Arc;

use super::domain::{SymDomain, Unsupported};
use super::smt::{self, Sort, array_sort};
use super::step::{Cx, class_in, subclasses};
use super::sym::*;
use crate::classfile::*;
use crate::interp::VmError;
use crate::interp::domain::Domain;
use crate::interp::machine::{Callee, Flow, Init, Machine, VmExc};
use crate::state::Frame;

/// One run of the symbolic step under the decisions of `fork`.
pub struct SymMachine<'a> {
    pub cx: &'a Cx<'a>,
    /// The script its terms are defined in, and the run's decisions.
    pub d: SymDomain<'a>,
    /// The stepping thread's number (a term).
    pub th: &'a str,
    pub heap: Heap,
    pub frames: Vec<SFrame>,
    /// A thread `new` created, with its frames.
    pub new_thread: Option<Vec<SFrame>>,
    pub new_class: Option<ClassId>,
    /// It allocated an array.
    pub new_array: bool,
    /// The exception this run throws, described as the pre-step check that
    /// rules it out.
    pub fails: Option<String>,
    /// The exception this run throws and a handler catches, described as
    /// the pre-step check that would rule it out.
    pub caught: Option<String>,
    /// What happened, for reports ("lock acquired", "dispatch to ...").
    pub label: String,
    /// The instruction being executed, for the checks' wording.
    pub insn: &'a Insn,
}

impl SymMachine<'_> {
    pub(super) fn unsupported(&self, what: impl Into<String>) -> Unsupported {
        Unsupported(what.into())
    }

    pub(super) fn define_ints(&mut self, prefix: &str, term: &str) -> String {
        self.d.sc.define(prefix, &array_sort(Sort::Int), term)
    }

    fn field_key(&self, f: &FieldRef) -> Result<FieldKey, Unsupported> {
        let slot = f
            .slot
            .ok_or_else(|| Unsupported(format!("unresolved field {}.{}", f.class, f.name)))?;
        let ty =
            Ty::of_desc(&f.desc).ok_or_else(|| Unsupported("a floating-point field".into()))?;
        Ok(FieldKey {
            slot,
            name: f.name.clone(),
            ty,
        })
    }

    /// What the operand that is null would be called in a check.
    pub(super) fn null_operand(&self) -> String {
        match self.insn.effect() {
            Effect::ReadField(f) => format!("the object of getfield {}", f.name),
            Effect::WriteField(f) => format!("the object of putfield {}", f.name),
            Effect::Invoke(_, m) => format!("the receiver of {}", m.name),
            Effect::MonitorEnter | Effect::MonitorExit => {
                "the object of the monitor instruction".into()
            }
            Effect::ArrayLength => "the array of arraylength".into(),
            Effect::ReadElement(_) | Effect::WriteElement(_) => "the array".into(),
            Effect::Throw => "the exception of athrow".into(),
            // Null-check no operand of their own; the generic name is text
            // only (the check itself is the step's).
            Effect::Frame
            | Effect::Constant(_)
            | Effect::ReadStatic(_)
            | Effect::WriteStatic(_)
            | Effect::Concat(_)
            | Effect::New(_)
            | Effect::NewArray(_)
            | Effect::Cast(_)
            | Effect::InstanceOf(_)
            | Effect::Return(_)
            | Effect::Unsupported(_) => "the reference".into(),
        }
    }
}

/// Is class `c` initialized, or would initializing it run no `<clinit>`
/// (its own, a superclass's or an interface's) that has not already run?
/// `initialized` are the classes initialized when the induction starts
/// (they stay so). The prover models only initializations that do nothing
/// but mark classes initialized, as the interpreter's trivial ones do.
fn trivial_init(
    classes: &ClassTable,
    initialized: &std::collections::BTreeSet<ClassId>,
    c: ClassId,
) -> bool {
    let class = classes.class(c);
    class
        .supers
        .iter()
        .chain(class.all_interfaces.iter())
        .all(|&k| classes.class(k).clinit.is_none() || initialized.contains(&k))
}

/// A synchronized instance method locked its receiver on entry; the prover
/// finds it in local 0, so it requires that the method never overwrites it.
fn writes_local0(m: &Method) -> bool {
    m.code
        .iter()
        .any(|i| matches!(i.local_slots(), Some((0, _, true))))
}

/// The slot type of an array instruction's elements (None: float, double).
fn elem_ty(k: ArrKind) -> Option<Ty> {
    match k {
        ArrKind::B | ArrKind::C | ArrKind::S | ArrKind::I => Some(Ty::I),
        ArrKind::L => Some(Ty::L),
        ArrKind::A => Some(Ty::A),
        ArrKind::F | ArrKind::D => None,
    }
}

/// A callee's frame: the argument slots as they were on the caller's
/// operand stack (a long's second slot included), then empty locals.
pub fn new_frame(m: &Arc<Method>, args: Vec<SVal>) -> SFrame {
    let mut locals = args;
    while locals.len() < m.max_locals as usize {
        locals.push(SVal::top());
    }
    Frame {
        method: m.clone(),
        ip: 0,
        locals,
        stack: Vec::new(),
        sync: None,
    }
}

impl<'a> Machine for SymMachine<'a> {
    type Val = SVal;
    type Cond = String;
    type D = SymDomain<'a>;
    type Stop = Unsupported;
    type Blocked = ();

    fn dom(&mut self) -> &mut SymDomain<'a> {
        &mut self.d
    }

    fn classes(&self) -> &ClassTable {
        self.cx.classes
    }
    fn error(&self, e: VmError) -> Unsupported {
        Unsupported(e.to_string())
    }

    fn frame_ref(&self) -> &SFrame {
        self.frames.last().expect("a frame")
    }
    fn frame(&mut self) -> &mut SFrame {
        self.frames.last_mut().expect("a frame")
    }
    fn depth(&self) -> usize {
        self.frames.len()
    }
    fn max_depth(&self, m: &Method) -> usize {
        crate::state::Config {
            max_stack_depth: self.cx.max_depth,
            ..Default::default()
        }
        .frames_of(m)
    }
    fn push_frame(&mut self, callee: &Arc<Method>, args: Vec<SVal>, _lock: Option<SVal>) {
        self.frames.push(new_frame(callee, args));
    }
    fn pop_frame(&mut self) -> SFrame {
        self.frames.pop().expect("a frame")
    }
    /// A synchronized method's lock is `this` (which it must not overwrite)
    /// or its class's `Class` object.
    fn frame_lock(&mut self, f: &SFrame) -> Result<Option<SVal>, Unsupported> {
        if !f.method.is_synchronized() {
            return Ok(None);
        }
        if f.method.is_static() {
            // Its Class object exists: the frame took its monitor.
            let m = smt::select(&self.heap.mir, &f.method.class.to_string());
            return Ok(Some(SVal::new(Ty::A, m)));
        }
        if writes_local0(&f.method) {
            return Err(self.unsupported(format!(
                "synchronized method {} (it overwrites local 0)",
                f.method.display_name()
            )));
        }
        Ok(Some(f.locals[0].clone()))
    }
    fn thread_object(&mut self) -> Option<SVal> {
        Some(SVal::new(Ty::A, smt::select(&self.heap.tobj, self.th)))
    }
    fn thread_ended(&mut self) {
        self.label = "the thread ends".into();
        // As the interpreter: the Thread object's `target` is cleared (the
        // notification of its waiters concerns threads in `wait`, which the
        // prover does not model).
        let Some(thread) = self.cx.classes.id("java/lang/Thread") else {
            return;
        };
        let Some(key) = field_key(self.cx.classes, thread, "target") else {
            return;
        };
        let obj = smt::select(&self.heap.tobj, self.th);
        let arr = self.heap.field(self.d.sc, &key);
        let name = self.d.sc.define(
            &key.base(),
            &array_sort(key.ty.sort()),
            &smt::store(&arr, &obj, NULL),
        );
        self.heap.fields.insert(key, name);
    }

    fn throw(&mut self, e: VmExc<SVal>) -> Result<Flow<()>, Unsupported> {
        self.throw_vm(e)
    }
    fn throw_ref(&mut self, exc: SVal) -> Result<Flow<()>, Unsupported> {
        self.throw_object(exc)
    }

    fn ensure_init(&mut self, c: ClassId) -> Result<Init<()>, Unsupported> {
        if self.cx.initialized.contains(&c) || trivial_init(self.cx.classes, self.cx.initialized, c)
        {
            Ok(Init::Ready)
        } else {
            Err(self.unsupported(format!(
                "initialization of class {} (it or a superclass has a static initializer, and it is not initialized when the induction starts)",
                self.cx.classes.class(c).name.replace('/', ".")
            )))
        }
    }
    fn init_done(&mut self, _c: ClassId) {}
    /// Created on first use, as in the interpreter: the step forks on
    /// whether it exists yet.
    fn class_object(&mut self, c: ClassId) -> Result<SVal, Unsupported> {
        let cur = smt::select(&self.heap.mir, &c.to_string());
        let none = smt::eq(&cur, NULL);
        if !self.d.decide(none)? {
            return Ok(SVal::new(Ty::A, cur));
        }
        let ccid = self.cx.classes.id("java/lang/Class").ok_or_else(|| {
            self.unsupported("a Class object (the library has no java.lang.Class)")
        })?;
        let r = self.alloc(ccid as i64);
        let mir = smt::store(&self.heap.mir, &c.to_string(), &r);
        self.heap.mir = self.d.sc.define("mir", &array_sort(Sort::Int), &mir);
        self.new_class = Some(ccid);
        Ok(SVal::new(Ty::A, r))
    }
    /// A class constant is the class's `Class` object, created on first
    /// use as for a class lock (the interpreter keys both by the class's
    /// name). Strings and array classes are not modeled.
    fn ldc(&mut self, c: &Const, _: &Method, _: u32) -> Result<SVal, Unsupported> {
        match c {
            Const::Class(t) => match t.id {
                Some(id) if !t.name.starts_with('[') => self.class_object(id),
                _ => Err(self.unsupported("a class constant of an array or unloaded class")),
            },
            _ => Err(self.unsupported("a string constant")),
        }
    }

    fn get_field(
        &mut self,
        o: &SVal,
        f: &FieldRef,
        _: &Method,
        _: u32,
    ) -> Result<SVal, Unsupported> {
        let key = self.field_key(f)?;
        let arr = self.heap.field(self.d.sc, &key);
        Ok(SVal::new(key.ty, smt::select(&arr, &o.t)))
    }
    fn field_or(
        &mut self,
        o: &SVal,
        f: &FieldRef,
        default: &SVal,
        _: &Method,
    ) -> Result<SVal, Unsupported> {
        let key = self.field_key(f)?;
        let arr = self.heap.field(self.d.sc, &key);
        Ok(SVal::new(
            key.ty,
            smt::ite(&smt::eq(&o.t, NULL), &default.t, &smt::select(&arr, &o.t)),
        ))
    }
    fn pick(&mut self, c: String, a: &SVal, b: &SVal) -> SVal {
        SVal::new(a.ty, smt::ite(&c, &a.t, &b.t))
    }
    fn put_field(
        &mut self,
        o: &SVal,
        f: &FieldRef,
        v: SVal,
        _: &Method,
        _: u32,
    ) -> Result<(), Unsupported> {
        let key = self.field_key(f)?;
        let arr = self.heap.field(self.d.sc, &key);
        let name = self.d.sc.define(
            &key.base(),
            &array_sort(key.ty.sort()),
            &smt::store(&arr, &o.t, &v.t),
        );
        self.heap.fields.insert(key, name);
        Ok(())
    }
    fn get_static(&mut self, f: &FieldRef) -> Result<SVal, Unsupported> {
        let ty = Ty::of_desc(&f.desc)
            .ok_or_else(|| Unsupported("a floating-point static field".into()))?;
        let slot = f.slot.expect("resolved");
        Ok(SVal::new(ty, self.heap.static_field(self.d.sc, slot, ty)))
    }
    fn put_static(&mut self, f: &FieldRef, v: SVal) -> Result<(), Unsupported> {
        let ty = Ty::of_desc(&f.desc)
            .ok_or_else(|| Unsupported("a floating-point static field".into()))?;
        let slot = f.slot.expect("resolved");
        // Declared on first use, then redefined.
        let _ = self.heap.static_field(self.d.sc, slot, ty);
        let name = self.d.sc.define(&format!("S{slot}"), ty.sort().smt(), &v.t);
        self.heap.statics.insert(slot, name);
        Ok(())
    }
    fn new_object(&mut self, cid: ClassId) -> Result<SVal, Unsupported> {
        self.new_instance(cid)
    }
    fn instance_of(&mut self, v: &SVal, t: &TypeRef) -> Result<String, Unsupported> {
        let Some(cid) = t.id else {
            return Err(self.unsupported(format!("type test against {}", t.name)));
        };
        // Arrays are also Cloneable and Serializable: not modeled.
        if self.cx.arrays && self.cx.classes.class(cid).is_interface() {
            return Err(self.unsupported(format!("type test against interface {}", t.name)));
        }
        Ok(smt::and(&[
            smt::not(&smt::eq(&v.t, NULL)),
            class_in(&self.heap, &v.t, &subclasses(self.cx, cid)),
        ]))
    }

    fn array_length(&mut self, arr: &SVal) -> Result<SVal, Unsupported> {
        let len = smt::select(&self.heap.alen, &arr.t);
        Ok(SVal::new(Ty::I, format!("((_ int2bv 32) {len})")))
    }
    fn array_load(&mut self, arr: &SVal, index: &SVal, k: ArrKind) -> Result<SVal, Unsupported> {
        let ty = elem_ty(k).ok_or_else(|| self.unsupported("floating-point array loads"))?;
        let row = smt::select(self.heap.elems(ty), &arr.t);
        Ok(SVal::new(
            ty,
            smt::select(&row, &smt::bv32_to_int(&index.t)),
        ))
    }
    /// Narrows as the interpreter's `ArrayData::set`: `bastore` keeps the
    /// low byte sign-extended (boolean arrays share `byte[]`'s storage),
    /// `castore` the low 16 bits zero-extended, `sastore` sign-extended.
    fn array_store(
        &mut self,
        arr: &SVal,
        index: &SVal,
        k: ArrKind,
        v: SVal,
    ) -> Result<(), Unsupported> {
        let ty = elem_ty(k).ok_or_else(|| self.unsupported("floating-point array stores"))?;
        let x = match k {
            ArrKind::B => format!("((_ sign_extend 24) ((_ extract 7 0) {}))", v.t),
            ArrKind::C => format!("((_ zero_extend 16) ((_ extract 15 0) {}))", v.t),
            ArrKind::S => format!("((_ sign_extend 16) ((_ extract 15 0) {}))", v.t),
            _ => v.t.clone(),
        };
        let all = self.heap.elems(ty).clone();
        let row = smt::select(&all, &arr.t);
        let row = smt::store(&row, &smt::bv32_to_int(&index.t), &x);
        let name = self.d.sc.define(
            elems_name(ty),
            &elems_sort(ty),
            &smt::store(&all, &arr.t, &row),
        );
        *self.heap.elems_mut(ty) = name;
        Ok(())
    }
    /// A non-null `v` fits a reference array whose element class is one of
    /// `v`'s class's supertypes (an array fits `Object[]`, `Cloneable[]`,
    /// `Serializable[]`).
    fn can_store(&mut self, arr: &SVal, v: &SVal) -> Result<String, Unsupported> {
        let classes = self.cx.classes;
        let aty = smt::select(&self.heap.aty, &arr.t);
        let code = |c: ClassId| smt::eq(&aty, &smt::int(1000 + c as i64));
        let cls = smt::select(&self.heap.cls, &v.t);
        let mut cases = vec![smt::eq(&v.t, NULL)];
        for &k in self.cx.inst {
            let class = classes.class(k);
            let sups: Vec<String> = std::iter::once(k)
                .chain(class.supers.iter().copied())
                .chain(class.all_interfaces.iter().copied())
                .map(code)
                .collect();
            cases.push(smt::and(&[
                smt::eq(&cls, &smt::int(k as i64)),
                smt::or(&sups),
            ]));
        }
        if self.cx.arrays {
            let sups: Vec<String> = [
                "java/lang/Object",
                "java/lang/Cloneable",
                "java/io/Serializable",
            ]
            .iter()
            .filter_map(|n| classes.id(n))
            .map(code)
            .collect();
            cases.push(smt::and(&[
                smt::eq(&cls, &smt::int(ARRAY_CLASS)),
                smt::or(&sups),
            ]));
        }
        Ok(smt::or(&cases))
    }
    fn array_too_big(
        &mut self,
        elem: &Arc<str>,
        counts: &[SVal],
    ) -> Result<Option<VmExc<SVal>>, Unsupported> {
        self.too_big(elem, counts)
    }
    fn new_array(&mut self, elem: &Arc<str>, counts: &[SVal]) -> Result<SVal, Unsupported> {
        self.new_array_of(elem, counts)
    }

    /// The prover runs library calls as their contracts, never the JDK's
    /// `Unsafe` and `VarHandle` code beneath them.
    fn library_contracts(&self) -> bool {
        true
    }
    fn select(
        &mut self,
        _caller: &Method,
        _ip: u32,
        kind: InvokeKind,
        mr: &MethodRef,
        recv: &SVal,
    ) -> Result<Callee<SVal>, Unsupported> {
        self.dispatch(kind, mr, recv)
    }

    fn native(
        &mut self,
        _caller: &Method,
        _ip: u32,
        callee: &Method,
        args: &[SVal],
    ) -> Result<Flow<()>, Unsupported> {
        self.call_native(callee, args)
    }
    fn concat(&mut self, _: &Concat, _: &Method, _: u32) -> Result<Flow<()>, Unsupported> {
        Err(self.unsupported("string concatenation"))
    }

    /// As the interpreter's acquire: free when unheld (count 0) or held by
    /// this thread; a null reference (a thread with no Thread object) locks
    /// nothing.
    fn lock_free(&mut self, lock: &SVal) -> String {
        let (mc, mo) = (
            smt::select(&self.heap.mcnt, &lock.t),
            smt::select(&self.heap.mon, &lock.t),
        );
        smt::or(&[
            smt::eq(&lock.t, NULL),
            format!("(<= {mc} 0)"),
            smt::eq(&mo, self.th),
        ])
    }
    fn owns(&mut self, lock: &SVal) -> String {
        format!(
            "(and (> {} 0) (= {} {}))",
            smt::select(&self.heap.mcnt, &lock.t),
            smt::select(&self.heap.mon, &lock.t),
            self.th
        )
    }
    fn acquire(&mut self, lock: &SVal) {
        let mc = smt::select(&self.heap.mcnt, &lock.t);
        self.heap.mon = self.define_ints("mon", &smt::store(&self.heap.mon, &lock.t, self.th));
        self.heap.mcnt = self.define_ints(
            "mcnt",
            &smt::store(&self.heap.mcnt, &lock.t, &format!("(+ {mc} 1)")),
        );
        if self.label.is_empty() {
            self.label = "lock acquired".into();
        }
    }
    /// As the interpreter's release: one hold less if this thread holds
    /// the monitor, nothing otherwise.
    fn release(&mut self, lock: &SVal) {
        let owns = self.owns(lock);
        let (mc, mo) = (
            smt::select(&self.heap.mcnt, &lock.t),
            smt::select(&self.heap.mon, &lock.t),
        );
        self.heap.mon = self.define_ints(
            "mon",
            &smt::store(
                &self.heap.mon,
                &lock.t,
                &format!("(ite (and {owns} (= {mc} 1)) 0 {mo})"),
            ),
        );
        self.heap.mcnt = self.define_ints(
            "mcnt",
            &smt::store(
                &self.heap.mcnt,
                &lock.t,
                &format!("(ite {owns} (- {mc} 1) {mc})"),
            ),
        );
    }
    fn blocked_on(&mut self, _lock: &SVal) {
        self.label = "blocked: another thread holds the lock".into();
    }

    fn waiting_on(&mut self) -> SVal {
        SVal::new(Ty::A, smt::select(&self.heap.wobj, self.th))
    }
    /// Notifications are not tracked: a waiting thread may wake at any
    /// time (the JLS allows spurious wake-ups), which covers every notify.
    fn woken(&mut self) -> String {
        "true".into()
    }
    fn blocked_in_wait(&mut self) {}
    fn end_wait(&mut self, lock: &SVal) {
        let count = smt::select(&self.heap.wcnt, self.th);
        self.heap.mon = self.define_ints("mon", &smt::store(&self.heap.mon, &lock.t, self.th));
        self.heap.mcnt = self.define_ints("mcnt", &smt::store(&self.heap.mcnt, &lock.t, &count));
        self.heap.wobj = self.define_ints("wobj", &smt::store(&self.heap.wobj, self.th, NULL));
        self.label = "wakes from wait, the lock taken back".into();
    }
}
