//! One instruction's effect on `events`' abstract frame, with the events
//! it makes: one arm per effect (`Insn::effect`, `Insn::flow`), one
//! function per event kind.

use std::sync::Arc;

use crate::classfile::parse::{RawMethod, param_descs};
use crate::classfile::{
    ArrKind, ArrayAlloc, Const, Effect, FieldRef, Flow, Insn, InvokeKind, Kind, MethodRef,
    dup_slots, kind_slots, stack_effect,
};

use super::events::*;
use super::program::Program;

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
/// per effect, each event kind in a function of its own.
pub(super) fn transfer(
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
    // The heap's and the monitors' instructions by their effect; the
    // frame's own by how they move values (`Insn::flow`).
    match insn.effect() {
        Effect::Frame => match insn.flow() {
            Flow::Load(k, n) => load(f, k, n),
            Flow::Store(k, n) => store(f, k, n),
            Flow::Shuffle => {
                dup_slots(&mut f.stack, insn);
            }
            Flow::Keep | Flow::Fresh | Flow::Unsupported => unknown(f, insn),
        },
        Effect::Constant(Const::Class(t)) => f.push(
            Val {
                path: Some(Path::ClassLit(t.name.clone())),
                ty: Some("java/lang/Class".into()),
                ..Val::default()
            },
            1,
        ),
        Effect::Constant(Const::String(_) | Const::Utf16(_)) => {
            f.push(Val::of_type(Some("java/lang/String".into())), 1)
        }
        Effect::Constant(Const::Int(_) | Const::Float(_) | Const::Long(_) | Const::Double(_)) => {
            unknown(f, insn)
        }
        Effect::ReadField(r) => get_field(&at, f, r, ev),
        Effect::WriteField(r) => put_field(&at, f, r, ev),
        Effect::ReadStatic(r) => get_static(&at, f, r, ev),
        Effect::WriteStatic(r) => put_static(&at, f, r, ev),
        Effect::WriteElement(k) => array_store(&at, f, k, ev),
        Effect::ReadElement(k) => array_load(&at, f, k, ev),
        Effect::Invoke(kind, r) => {
            let (call, ret) = invoke(f, kind, r, held(f), at.site(), ev);
            // The library's builders return their receiver.
            let same = match &call {
                Event::Call { receiver, .. } if returns_receiver(&r.class, &r.name) => {
                    receiver.clone()
                }
                _ => None,
            };
            ev.push(call);
            // A lambda's factory returns an object of its synthetic class.
            let made = (&*r.name == crate::classfile::lambda::FACTORY).then(|| r.class.clone());
            let mut v = Val::of_type(made.or_else(|| class_of(&ret)));
            v.path = same;
            if arrayish(&ret) {
                v.arr = vec![Src::Call(pc)];
            }
            f.push(v, width(&ret));
        }
        Effect::Return(Some(_)) => {
            let v = f.pop();
            publish(&v, &at.site(), ev);
            if !v.arr.is_empty() {
                ev.push(Event::Flow {
                    from: v.arr,
                    to: Sink::Return,
                });
            }
            f.stack.clear();
        }
        Effect::MonitorEnter => {
            let v = f.pop();
            f.held.push(v.path);
        }
        Effect::MonitorExit => monitor_exit(f),
        Effect::New(c) => f.push(
            Val {
                path: Some(Path::New(pc)),
                ty: Some(c.name.clone()),
                ..Val::default()
            },
            1,
        ),
        Effect::NewArray(ArrayAlloc::Primitive(d)) => {
            new_array(f, format!("[{d}").into(), 1, at.site(), ev)
        }
        Effect::NewArray(ArrayAlloc::Of(t)) => {
            let ty = match t.name.starts_with('[') {
                true => format!("[{}", t.name),
                false => format!("[L{};", t.name),
            };
            new_array(f, ty.into(), 1, at.site(), ev);
        }
        Effect::NewArray(ArrayAlloc::Multi(t, d)) => {
            new_array(f, t.name.clone(), usize::from(d), at.site(), ev);
        }
        Effect::Cast(t) => {
            if let Some(top) = f.stack.last_mut() {
                top.ty = Some(t.name.clone());
            }
        }
        Effect::Concat(c) => {
            f.pop_n(c.arg_slots as usize);
            f.push(Val::of_type(Some("java/lang/String".into())), 1);
        }
        Effect::Return(None)
        | Effect::ArrayLength
        | Effect::Throw
        | Effect::InstanceOf(_)
        | Effect::Unsupported(_) => unknown(f, insn),
    }
    if let Some(out) = out {
        out.extend(events);
    }
}

/// `v` leaves the method's hands at `site`: an `Event::Publish` when it is
/// an object the method allocated or its `this`.
fn publish(v: &Val, site: &Site, ev: &mut Vec<Event>) {
    if let Some(path @ (Path::New(_) | Path::Param(0))) = &v.path {
        ev.push(Event::Publish {
            path: path.clone(),
            site: site.clone(),
        });
    }
}

/// Does the library's `class.name` return its receiver (`sb.append(x)`)?
fn returns_receiver(class: &str, name: &str) -> bool {
    matches!(class, "java/lang/StringBuilder" | "java/lang/StringBuffer")
        && matches!(
            name,
            "append"
                | "insert"
                | "delete"
                | "deleteCharAt"
                | "replace"
                | "reverse"
                | "appendCodePoint"
        )
}

/// No event, and values the analysis knows nothing about.
fn unknown(f: &mut Frame, insn: &Insn) {
    let (pops, pushes) = stack_effect(insn);
    f.pop_n(pops as usize);
    f.push(Val::default(), pushes as usize);
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
    publish(&v, &at.site(), ev);
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
    publish(&v, &at.site(), ev);
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
    publish(&v, &at.site(), ev);
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
    ev: &mut Vec<Event>,
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
        publish(v, &site, ev);
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
