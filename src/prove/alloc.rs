//! How the prover's machine allocates: the next address, an object with
//! zeroed fields (and a Thread subclass's unscheduled thread-table entry),
//! an array, and the allocations that throw OutOfMemoryError.

use std::sync::Arc;

use super::domain::Unsupported;
use super::machine::{SymMachine, new_frame};
use super::smt::{self, Sort, array_sort};
use super::sym::*;
use crate::classfile::*;
use crate::interp::domain::Domain;
use crate::interp::machine::VmExc;

impl SymMachine<'_> {
    /// Allocates the next address (`H`) as an object of class id `cls`
    /// (ARRAY_CLASS for arrays), unlocked and no thread's object; returns it.
    pub(super) fn alloc(&mut self, cls: i64) -> String {
        let ints = array_sort(Sort::Int);
        let h = &self.heap;
        let r = h.h.clone();
        let next = self.d.sc.define("H", "Int", &format!("(+ {r} 1)"));
        let cls = self
            .d
            .sc
            .define("cls", &ints, &smt::store(&h.cls, &r, &smt::int(cls)));
        let mon = self.d.sc.define("mon", &ints, &smt::store(&h.mon, &r, "0"));
        let mcnt = self
            .d
            .sc
            .define("mcnt", &ints, &smt::store(&h.mcnt, &r, "0"));
        let tof = self
            .d
            .sc
            .define("tof", &ints, &smt::store(&h.tof, &r, NULL));
        let h = &mut self.heap;
        (h.h, h.cls, h.mon, h.mcnt, h.tof) = (next, cls, mon, mcnt, tof);
        r
    }

    /// `new`: an object of class `cid` with its fields zeroed.
    pub(super) fn new_instance(&mut self, cid: ClassId) -> Result<SVal, Unsupported> {
        let ints = array_sort(Sort::Int);
        let classes = self.cx.classes;
        let class = classes.class(cid);
        if class.flags & (ACC_ABSTRACT | ACC_INTERFACE) != 0 {
            return Err(self.unsupported("new of an abstract class"));
        }
        let r = self.alloc(cid as i64);
        let h = self.heap.clone();
        let mut nh = h.clone();
        for slot in 0..class.layout.len() as u32 {
            let fs = &class.layout[slot as usize];
            let Some(ty) = Ty::of_desc(&fs.desc) else {
                return Err(self.unsupported("an object with a floating-point field"));
            };
            let key = FieldKey {
                slot,
                name: fs.name.clone(),
                ty,
            };
            let zero = match ty {
                Ty::I => smt::bv32(0),
                Ty::L => smt::bv64(0),
                _ => NULL.to_string(),
            };
            let arr = h.field(self.d.sc, &key);
            let name = self.d.sc.define(
                &key.base(),
                &array_sort(ty.sort()),
                &smt::store(&arr, &r, &zero),
            );
            nh.fields.insert(key, name);
        }
        if class.is_thread {
            let Some(run) = classes.resolve_method(cid, "run", "()V").and_then(|m| {
                match classes.select(cid, m) {
                    Selected::Method(t) => Some(t),
                    _ => None,
                }
            }) else {
                return Err(self.unsupported("a Thread subclass without run()"));
            };
            let run = classes.method(run).clone();
            if run.is_native() || run.is_abstract() || run.is_synchronized() {
                return Err(self.unsupported(format!("thread body {}", run.display_name())));
            }
            let n = h.n.clone();
            nh.n = self.d.sc.define("N", "Int", &format!("(+ {n} 1)"));
            nh.tobj = self
                .d
                .sc
                .define("tobj", &ints, &smt::store(&h.tobj, &n, &r));
            nh.tof = self.d.sc.define("tof", &ints, &smt::store(&h.tof, &r, &n));
            nh.sched = self.d.sc.define(
                "sched",
                &array_sort(Sort::Bool),
                &smt::store(&h.sched, &n, "false"),
            );
            nh.depth = self
                .d
                .sc
                .define("depth", &ints, &smt::store(&h.depth, &n, "1"));
            nh.tpc = self.d.sc.define("tpc", &ints, &smt::store(&h.tpc, &n, "0"));
            nh.wobj = self
                .d
                .sc
                .define("wobj", &ints, &smt::store(&h.wobj, &n, NULL));
            self.new_thread = Some(vec![new_frame(&run, vec![SVal::new(Ty::A, r.clone())])]);
        }
        self.heap = nh;
        self.new_class = Some(cid);
        Ok(SVal::new(Ty::A, r))
    }

    /// As the interpreter: a length of `Integer.MAX_VALUE - 1` or more, or
    /// elements taking more than 2^31 bytes, throw OutOfMemoryError.
    pub(super) fn too_big(
        &mut self,
        elem: &Arc<str>,
        counts: &[SVal],
    ) -> Result<Option<VmExc<SVal>>, Unsupported> {
        let [count] = counts else {
            return Err(self.unsupported("multi-dimensional array allocation"));
        };
        let oom = |m: &str| Some(VmExc::Other("java/lang/OutOfMemoryError", m.to_string()));
        let limit = format!("(bvsge {} {})", count.t, smt::bv32(i32::MAX - 1));
        if self.d.decide(limit)? {
            return Ok(oom("Requested array size exceeds VM limit"));
        }
        use crate::interp::exec::{ARRAY_BUDGET, elem_width};
        let heap = format!(
            "(> (* {} {}) {ARRAY_BUDGET})",
            elem_width(elem),
            smt::bv32_to_int(&count.t)
        );
        if self.d.decide(heap)? {
            return Ok(oom("Java heap space"));
        }
        Ok(None)
    }

    pub(super) fn new_array_of(
        &mut self,
        elem: &Arc<str>,
        counts: &[SVal],
    ) -> Result<SVal, Unsupported> {
        let [count] = counts else {
            return Err(self.unsupported("multi-dimensional array allocation"));
        };
        let Some(code) = elem_code(self.cx.classes, elem) else {
            return Err(self.unsupported(format!("an array of {elem}")));
        };
        let ty = Ty::of_desc(elem).expect("not floating-point");
        let ints = array_sort(Sort::Int);
        let r = self.alloc(ARRAY_CLASS);
        let h = self.heap.clone();
        let mut nh = h.clone();
        nh.alen = self.d.sc.define(
            "alen",
            &ints,
            &smt::store(&h.alen, &r, &smt::bv32_to_int(&count.t)),
        );
        nh.aty = self
            .d
            .sc
            .define("aty", &ints, &smt::store(&h.aty, &r, &smt::int(code)));
        let all = h.elems(ty).clone();
        *nh.elems_mut(ty) = self.d.sc.define(
            elems_name(ty),
            &elems_sort(ty),
            &smt::store(&all, &r, &default_elems(ty)),
        );
        self.heap = nh;
        self.new_array = true;
        Ok(SVal::new(Ty::A, r))
    }
}
