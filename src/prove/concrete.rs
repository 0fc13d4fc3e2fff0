//! A concrete state as SMT constraints: every symbolic-state constant fixed
//! to the state's value. Tests use it to check that the symbolic step and
//! the invariant's formulas mean what the interpreter and the concrete
//! evaluator do.

use super::smt::{self, Script};
use super::sym::*;
use crate::state::{Body, State, Status, ThreadId, Value};

/// The SMT text of a value (None: a float or `Top`).
pub fn value(v: &Value) -> Option<String> {
    Some(match v {
        Value::Int(i) => smt::bv32(*i),
        Value::Long(l) => smt::bv64(*l),
        Value::Ref(r) => r.to_string(),
        Value::Null => NULL.to_string(),
        Value::Float(_) | Value::Double(_) | Value::Top => return None,
    })
}

/// Declares the pre-state and asserts it equal to `s` (floats are left free).
pub fn encode(sc: &mut Script, s: &State) -> Heap {
    let h = Heap::pre(sc);
    sc.assert(&format!("(= {} {})", h.h, s.heap.len()));
    sc.assert(&format!("(= {} {})", h.n, s.threads.len()));
    for (r, o) in s.heap.iter().enumerate() {
        let cls = match o.body {
            Body::Array { .. } => ARRAY_CLASS,
            _ => o.class as i64,
        };
        let at = |a: &str| smt::select(a, &r.to_string());
        sc.assert(&format!("(= {} {})", at(&h.cls), smt::int(cls)));
        sc.assert(&format!("(= {} {})", at(&h.mon), o.monitor));
        sc.assert(&format!("(= {} {})", at(&h.mcnt), o.mcount));
        let tof = s
            .thread_of_object
            .get(&(r as u32))
            .map_or(-1, |t| *t as i64);
        sc.assert(&format!("(= {} {})", at(&h.tof), smt::int(tof)));
        if let Some((elem, d)) = o.array() {
            sc.assert(&format!("(= {} {})", at(&h.alen), d.len()));
            if let Some(code) = elem_code(&s.classes, elem) {
                sc.assert(&format!("(= {} {})", at(&h.aty), smt::int(code)));
                let ty = Ty::of_desc(elem).expect("not floating-point");
                let row = at(h.elems(ty));
                for j in 0..d.len() {
                    if let Some(v) = value(&d.get(j)) {
                        sc.assert(&format!("(= {} {v})", smt::select(&row, &j.to_string())));
                    }
                }
            }
        }
        if matches!(o.body, Body::Array { .. }) {
            continue;
        }
        let class = s.classes.class(o.class);
        for (slot, f) in class.layout.iter().enumerate() {
            let Some(ty) = Ty::of_desc(&f.desc) else {
                continue;
            };
            let key = FieldKey {
                slot: slot as u32,
                name: f.name.clone(),
                ty,
            };
            let arr = h.field(sc, &key);
            if let Some(v) = o.fields().get(slot).and_then(value) {
                sc.assert(&format!("(= {} {v})", smt::select(&arr, &r.to_string())));
            }
        }
    }
    for (t, th) in s.threads.iter().enumerate() {
        let at = |a: &str| smt::select(a, &t.to_string());
        let obj = th.object.map_or(-1, |r| r as i64);
        sc.assert(&format!("(= {} {})", at(&h.tobj), smt::int(obj)));
        sc.assert(&format!(
            "(= {} {})",
            at(&h.sched),
            th.status == Status::Scheduled
        ));
        sc.assert(&format!("(= {} {})", at(&h.depth), th.stack.len()));
        if let Some(f) = th.top() {
            sc.assert(&format!("(= {} {})", at(&h.tpc), f.pc()));
        }
        let (wobj, wcnt) = th
            .wait
            .map_or((-1, 0), |w| (w.object as i64, w.count as i64));
        sc.assert(&format!("(= {} {})", at(&h.wobj), smt::int(wobj)));
        sc.assert(&format!("(= {} {})", at(&h.wcnt), smt::int(wcnt)));
    }
    for c in &s.classes.classes {
        let m = s.mirrors.get(&c.name).map_or(-1, |r| *r as i64);
        sc.assert(&format!(
            "(= {} {})",
            smt::select(&h.mir, &c.id.to_string()),
            smt::int(m)
        ));
        for (_, desc, slot, _) in &c.statics {
            let Some(ty) = Ty::of_desc(desc) else {
                continue;
            };
            let name = h.static_field(sc, *slot, ty);
            if let Some(v) = value(&s.statics[*slot as usize]) {
                sc.assert(&format!("(= {name} {v})"));
            }
        }
    }
    h
}

/// Thread `t`'s frames as constants `prefix_f{i}_{l,s}{j}` fixed to their
/// values; None if a slot holds a float.
pub fn frames(sc: &mut Script, s: &State, t: ThreadId, prefix: &str) -> Option<Vec<SFrame>> {
    let th = &s.threads[t as usize];
    let shape = shape_of(th)?;
    let frames = frames_of(sc, &s.classes, prefix, &shape);
    for (sf, f) in frames.iter().zip(&th.stack) {
        for (sv, v) in sf
            .locals
            .iter()
            .zip(&f.locals)
            .chain(sf.stack.iter().zip(&f.stack))
        {
            if sv.ty != Ty::Top {
                sc.assert(&format!("(= {} {})", sv.t, value(v)?));
            }
        }
    }
    Some(frames)
}
