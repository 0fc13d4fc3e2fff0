//! Concrete evaluation of an invariant on a state (and of a relation on a
//! state and its successor): the language's meaning (`semantics::Eval`) on
//! the concrete domain, the state's own values. A fact that evaluates to
//! false, or cannot be evaluated (a null dereference, an address past the
//! heap, a slot holding nothing), fails; the failure names the fact and
//! what it was about.

use std::collections::HashMap;

use super::ast::*;
use super::semantics::{Eval, K, ThreadAttr, Values};
use super::{Compiled, Failure};
use crate::classfile::ClassTable;
use crate::state::{Body, Ref, State, Status, ThreadId, Value};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum V {
    /// A mathematical integer (thread numbers, addresses, counts, literals).
    Int(i128),
    J32(i32),
    J64(i64),
    F64(f64),
    Bool(bool),
    /// A reference; `None` is null.
    Ref(Option<Ref>),
    Thread(ThreadId),
    /// Frame `index` (0 = bottom) of a thread.
    Frame(ThreadId, usize),
}

impl std::fmt::Display for V {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            V::Int(v) => write!(f, "{v}"),
            V::J32(v) => write!(f, "{v}"),
            V::J64(v) => write!(f, "{v}L"),
            V::F64(v) => write!(f, "{v}"),
            V::Bool(b) => write!(f, "{b}"),
            V::Ref(Some(r)) => write!(f, "(REF {r})"),
            V::Ref(None) => write!(f, "null"),
            V::Thread(t) => write!(f, "thread {t}"),
            V::Frame(t, i) => write!(f, "frame {i} of thread {t}"),
        }
    }
}

type R = Result<V, String>;

/// A piece of the state an evaluation read (for incremental checking).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Field(Ref, u32),
    Monitor(Ref),
    Mcount(Ref),
    /// Anything about a thread: frames, status, thread object.
    Thread(ThreadId),
    HeapLen,
    ThreadCount,
    Statics,
    /// Any element of the array at this address.
    Elements(Ref),
}

/// A comparable value, for dependencies on `location == value`: two values
/// are `==` in the language exactly when their keys are equal, so numbers
/// key by mathematical value whatever their type (`1`, `1L` and `1.0f` are
/// one key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Int(i128),
    Ref(Option<Ref>),
    Bool(bool),
    /// A float that is not an integer (nor NaN): its bits.
    Bits(u64),
    /// A value equal to nothing (NaN, an empty slot): never a compared
    /// value's key.
    Unequal,
}

/// The key of a value compared with `==` (None: it has none, e.g. NaN).
pub fn key_of(v: V) -> Option<Key> {
    Some(match v {
        V::Int(i) => Key::Int(i),
        V::J32(i) => Key::Int(i as i128),
        V::J64(i) => Key::Int(i as i128),
        V::Thread(t) => Key::Int(t as i128),
        V::Ref(r) => Key::Ref(r),
        V::Bool(b) => Key::Bool(b),
        V::F64(x) if x.is_nan() => return None,
        V::F64(x) => match float_as_int(x) {
            Some(i) => Key::Int(i),
            None => Key::Bits(x.to_bits()),
        },
        V::Frame(..) => return None,
    })
}

/// The integer a float equals exactly, if any (`-0.0` is 0).
fn float_as_int(x: f64) -> Option<i128> {
    // 2^127: every integral float below it in magnitude fits an i128.
    const LIMIT: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;
    (x.fract() == 0.0 && x.abs() < LIMIT).then_some(x as i128)
}

/// Compares a float with an integer exactly (no rounding of the integer);
/// None when `x` is NaN.
fn cmp_float_int(x: f64, i: i128) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering::*;
    if x.is_nan() {
        return None;
    }
    const LIMIT: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;
    if x >= LIMIT {
        return Some(Greater);
    }
    if x < -LIMIT {
        return Some(Less);
    }
    let whole = x.trunc() as i128;
    Some(whole.cmp(&i).then(if x > x.trunc() {
        Greater
    } else if x < x.trunc() {
        Less
    } else {
        Equal
    }))
}

/// What an evaluation depended on: a location's value, or only whether a
/// location equals a value (then a change matters only if it makes or
/// breaks that equality).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dep {
    Read(Loc),
    Eq(Loc, Key),
}

/// The concrete domain: the state's values; a condition is a `bool`, and an
/// undefined value stops the evaluation with the reason (`Err`).
pub struct Concrete<'a> {
    /// The state bare expressions read (the new state in a relation).
    pub s: &'a State,
    pub old: Option<&'a State>,
    /// When recording, the locations read so far.
    pub deps: Option<Vec<Dep>>,
    /// Inside `loc == value` whose equality is recorded: the location
    /// read itself is not.
    mute: bool,
}

/// The concrete evaluator.
pub type Env<'a> = Eval<'a, Concrete<'a>>;

fn java(v: Value) -> R {
    Ok(match v {
        Value::Int(i) => V::J32(i),
        Value::Long(l) => V::J64(l),
        Value::Float(x) => V::F64(x as f64),
        Value::Double(x) => V::F64(x),
        Value::Ref(r) => V::Ref(Some(r)),
        Value::Null => V::Ref(None),
        Value::Top => return Err("the slot holds no value".into()),
    })
}

fn as_int(v: V) -> Option<i128> {
    match v {
        V::Int(i) => Some(i),
        V::J32(i) => Some(i as i128),
        V::J64(i) => Some(i as i128),
        V::Thread(t) => Some(t as i128),
        _ => None,
    }
}

fn not_number(v: V) -> String {
    format!("{v} is not a number")
}

impl<'a> Concrete<'a> {
    pub fn new(s: &'a State, old: Option<&'a State>, deps: Option<Vec<Dep>>) -> Self {
        Concrete {
            s,
            old,
            deps,
            mute: false,
        }
    }

    fn note(&mut self, d: Dep) {
        if let Some(v) = &mut self.deps {
            v.push(d);
        }
    }

    fn note_read(&mut self, l: Loc) {
        self.note(Dep::Read(l));
    }

    /// The location an attribute read on a reference denotes, if any.
    fn field_loc(&self, r: Ref, attr: &str) -> Option<Loc> {
        let o = self.s.object(r);
        match attr {
            "monitor" => Some(Loc::Monitor(r)),
            "mcount" => Some(Loc::Mcount(r)),
            _ if o.array().is_some() => None,
            _ => self
                .s
                .classes
                .class(o.class)
                .field_slot(attr)
                .map(|slot| Loc::Field(r, slot)),
        }
    }

    fn deref(&mut self, v: &V, what: &str) -> Result<Ref, String> {
        match *v {
            V::Ref(Some(r)) if (r as usize) < self.s.heap.len() => Ok(r),
            V::Ref(Some(r)) => {
                self.note_read(Loc::HeapLen);
                Err(format!(
                    "{what}: (REF {r}) is past the end of the heap ({} objects)",
                    self.s.heap.len()
                ))
            }
            V::Ref(None) => Err(format!("{what}: null dereference")),
            other => Err(format!("{what}: {other} is not a reference")),
        }
    }

    fn frame_of(&mut self, f: &V) -> Result<&'a crate::state::Frame, String> {
        let V::Frame(t, i) = *f else {
            return Err(format!("{f} is not a frame"));
        };
        self.note_read(Loc::Thread(t));
        let s: &'a State = self.s;
        s.threads[t as usize]
            .stack
            .get(i)
            .map(|f| &**f)
            .ok_or_else(|| "no such frame".into())
    }

    fn thread(&mut self, t: &V) -> Result<&'a crate::state::Thread, String> {
        let V::Thread(t) = *t else {
            return Err(format!("{t} is not a thread"));
        };
        self.note_read(Loc::Thread(t));
        let s: &'a State = self.s;
        Ok(&s.threads[t as usize])
    }

    /// `a` and `b` in order, when both are numbers (floats included).
    fn order(a: V, b: V) -> Result<Option<std::cmp::Ordering>, String> {
        Ok(match (a, b) {
            (V::F64(x), V::F64(y)) => x.partial_cmp(&y),
            (V::F64(x), y) => cmp_float_int(x, as_int(y).ok_or_else(|| not_number(y))?),
            (x, V::F64(y)) => {
                cmp_float_int(y, as_int(x).ok_or_else(|| not_number(x))?).map(|o| o.reverse())
            }
            (x, y) => match (as_int(x), as_int(y)) {
                (Some(x), Some(y)) => Some(x.cmp(&y)),
                _ => return Err(format!("cannot order {x} and {y}")),
            },
        })
    }
}

/// The 64-bit Java operation; truncated to 32 bits it is also the `int`
/// one (`MIN_VALUE / -1` included).
fn java_op(op: BinOp, a: i64, b: i64) -> Result<i64, String> {
    Ok(match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div | BinOp::Rem if b == 0 => return Err("division by zero".into()),
        BinOp::Div => a.wrapping_div(b),
        _ => a.wrapping_rem(b),
    })
}

impl<'a> Values for Concrete<'a> {
    type V = V;
    type C = bool;
    type Saved = (&'a State, Option<Vec<Dep>>);

    fn classes(&self) -> &ClassTable {
        &self.s.classes
    }

    fn cond(&self, b: bool) -> bool {
        b
    }
    fn not(&mut self, c: bool) -> bool {
        !c
    }
    fn and(&mut self, a: bool, b: bool) -> bool {
        a && b
    }
    fn or(&mut self, a: bool, b: bool) -> bool {
        a || b
    }
    fn implies(&mut self, a: bool, b: bool) -> bool {
        !a || b
    }
    fn known(&self, c: &bool) -> Option<bool> {
        Some(*c)
    }

    fn kind(&self, v: &V) -> K {
        match v {
            V::Int(_) => K::Int,
            V::J32(_) => K::J32,
            V::J64(_) => K::J64,
            V::F64(_) => K::F64,
            V::Bool(_) => K::Bool,
            V::Ref(_) => K::Ref,
            V::Thread(_) => K::Thread,
            V::Frame(_, i) => K::Frame(*i),
        }
    }
    fn show(&self, v: &V) -> String {
        v.to_string()
    }
    fn defined(&self, _: &V) -> bool {
        true
    }
    fn restrict(&mut self, v: V, c: bool, why: impl FnOnce() -> String) -> R {
        if c { Ok(v) } else { Err(why()) }
    }
    fn undefined(&mut self, _: K, why: impl FnOnce() -> String) -> R {
        Err(why())
    }
    fn stopped(&mut self, _: String) -> Result<bool, String> {
        Ok(false)
    }
    fn int(&mut self, i: i128) -> V {
        V::Int(i)
    }
    fn boolean(&mut self, c: bool) -> V {
        V::Bool(c)
    }
    fn truth(&self, v: &V) -> bool {
        matches!(v, V::Bool(true))
    }
    fn null(&mut self) -> V {
        V::Ref(None)
    }
    fn ite(&mut self, c: &V, a: V, b: V) -> V {
        if self.truth(c) { a } else { b }
    }

    fn int_arith(&mut self, op: BinOp, l: &V, r: &V) -> R {
        let (Some(a), Some(b)) = (as_int(*l), as_int(*r)) else {
            return Err(format!("arithmetic needs numbers, found {l} and {r}"));
        };
        Ok(V::Int(match op {
            BinOp::Add => a.checked_add(b).ok_or("overflow")?,
            BinOp::Sub => a.checked_sub(b).ok_or("overflow")?,
            BinOp::Mul => a.checked_mul(b).ok_or("overflow")?,
            BinOp::Div | BinOp::Rem if b == 0 => return Err("division by zero".into()),
            BinOp::Div => a.checked_div_euclid(b).ok_or("overflow")?,
            _ => a.checked_rem_euclid(b).ok_or("overflow")?,
        }))
    }
    fn int_neg(&mut self, v: &V) -> R {
        let i = as_int(*v).ok_or_else(|| not_number(*v))?;
        i.checked_neg().map(V::Int).ok_or_else(|| "overflow".into())
    }
    fn to_bits(&mut self, v: &V, width: u32) -> R {
        match (*v, width) {
            (V::J32(i), 64) => Ok(V::J64(i as i64)),
            (V::J32(_), _) | (V::J64(_), _) => Ok(*v),
            (V::Int(i), 32) => i32::try_from(i)
                .map(V::J32)
                .map_err(|_| format!("{i}: a number out of int range next to an int")),
            (V::Int(i), _) => i64::try_from(i)
                .map(V::J64)
                .map_err(|_| format!("{i}: a number out of long range next to a long")),
            (other, _) => Err(format!("{other} is not a Java number")),
        }
    }
    fn bits_arith(&mut self, op: BinOp, _: u32, l: &V, r: &V) -> R {
        match (*l, *r) {
            (V::J32(a), V::J32(b)) => Ok(V::J32(java_op(op, a as i64, b as i64)? as i32)),
            (V::J64(a), V::J64(b)) => Ok(V::J64(java_op(op, a, b)?)),
            _ => Err(format!("{l} and {r} are not of one Java type")),
        }
    }
    fn bits_neg(&mut self, v: &V) -> R {
        match *v {
            V::J32(i) => Ok(V::J32(i.wrapping_neg())),
            V::J64(i) => Ok(V::J64(i.wrapping_neg())),
            other => Err(format!("{other} is not an int or a long")),
        }
    }
    fn float_neg(&mut self, v: &V) -> R {
        match *v {
            V::F64(x) => Ok(V::F64(-x)),
            other => Err(format!("{other} is not a float")),
        }
    }
    fn compare(&mut self, op: BinOp, l: &V, r: &V) -> R {
        use std::cmp::Ordering::*;
        let ord = Self::order(*l, *r)?;
        Ok(V::Bool(match (op, ord) {
            (_, None) => false,
            (BinOp::Eq, Some(o)) => o == Equal,
            (BinOp::Lt, Some(o)) => o == Less,
            (BinOp::Le, Some(o)) => o != Greater,
            (BinOp::Gt, Some(o)) => o == Greater,
            (_, Some(o)) => o != Less,
        }))
    }
    fn same(&mut self, l: &V, r: &V) -> R {
        match (*l, *r) {
            (V::Bool(a), V::Bool(b)) => Ok(V::Bool(a == b)),
            (V::Ref(a), V::Ref(b)) => Ok(V::Bool(a == b)),
            _ => Err(format!("cannot compare {l} with {r}")),
        }
    }
    fn known_int(&self, v: &V) -> Option<i128> {
        as_int(*v)
    }

    fn heap_length(&mut self) -> R {
        self.note_read(Loc::HeapLen);
        Ok(V::Int(self.s.heap.len() as i128))
    }
    fn thread_count(&mut self) -> R {
        self.note_read(Loc::ThreadCount);
        Ok(V::Int(self.s.threads.len() as i128))
    }
    fn thread_attr(&mut self, t: &V, a: ThreadAttr) -> R {
        let th = self.thread(t)?;
        Ok(match a {
            ThreadAttr::Object => V::Ref(th.object),
            ThreadAttr::Scheduled => V::Bool(th.status == Status::Scheduled),
            ThreadAttr::WaitsOn => V::Ref(th.wait.map(|w| w.object)),
            ThreadAttr::WaitCount => V::Int(th.wait.map_or(0, |w| w.count as i128)),
            ThreadAttr::Depth => V::Int(th.stack.len() as i128),
            ThreadAttr::Pc => {
                V::Int(th.top().ok_or_else(|| format!("{t} has no frames"))?.pc() as i128)
            }
        })
    }
    fn top_frame(&mut self, t: &V) -> Result<Option<V>, String> {
        let th = self.thread(t)?;
        Ok(th.stack.len().checked_sub(1).map(|i| match *t {
            V::Thread(id) => V::Frame(id, i),
            other => other,
        }))
    }
    fn frame(&mut self, t: &V, k: usize) -> V {
        match *t {
            V::Thread(t) => V::Frame(t, k),
            other => other,
        }
    }
    fn frame_pc(&mut self, f: &V) -> R {
        Ok(V::Int(self.frame_of(f)?.pc() as i128))
    }
    fn frame_stack_size(&mut self, f: &V) -> R {
        Ok(V::Int(self.frame_of(f)?.stack.len() as i128))
    }
    fn slot(&mut self, f: &V, kind: SlotKind, idx: i128) -> R {
        let f = self.frame_of(f)?;
        let slots = match kind {
            SlotKind::Local => &f.locals,
            SlotKind::Stack => &f.stack,
        };
        let v = usize::try_from(idx)
            .ok()
            .and_then(|i| slots.get(i))
            .copied()
            .ok_or_else(|| {
                format!(
                    "{} has {} {} slots, no slot {idx}",
                    f.method.display_name(),
                    slots.len(),
                    if kind == SlotKind::Local {
                        "local"
                    } else {
                        "operand-stack"
                    }
                )
            })?;
        java(v)
    }
    fn object_attr(&mut self, v: &V, attr: &str) -> R {
        let r = self.deref(v, &format!(".{attr}"))?;
        if !self.mute
            && let Some(l) = self.field_loc(r, attr)
        {
            self.note_read(l);
        }
        let o = self.s.object(r);
        match attr {
            "monitor" => return Ok(V::Int(o.monitor as i128)),
            "mcount" => return Ok(V::Int(o.mcount as i128)),
            "length" => {
                if let Some((_, d)) = o.array() {
                    return Ok(V::Int(d.len() as i128));
                }
            }
            _ => {}
        }
        if matches!(o.body, Body::Array { .. }) {
            return Err(format!("(REF {r}) is an array; it has no field `{attr}`"));
        }
        match self.s.field(r, attr) {
            Some(v) => java(v),
            None => Err(format!(
                "(REF {r}), a {}, has no field `{attr}`",
                self.s.classes.class(o.class).name.replace('/', ".")
            )),
        }
    }
    fn array_length(&mut self, v: &V) -> R {
        let r = self.deref(v, "length")?;
        match self.s.object(r).array() {
            Some((_, d)) => Ok(V::Int(d.len() as i128)),
            None => Err(format!("(REF {r}) is not an array")),
        }
    }
    fn element_kind(&mut self, _: Option<&str>, _: &Expr) -> Result<K, String> {
        Ok(K::Int)
    }
    fn element(&mut self, v: &V, i: &V, elem: Option<&str>) -> R {
        let r = self.deref(v, "[...]")?;
        let idx =
            as_int(*i).ok_or_else(|| format!("an array index must be an integer, found {i}"))?;
        self.note_read(Loc::Elements(r));
        let o = self.s.object(r);
        let Some((runtime, data)) = o.array() else {
            return Err(format!("(REF {r}) is not an array"));
        };
        if let Some(e) = elem {
            let fits = match e.as_bytes().first() {
                Some(b'L') => runtime.starts_with('L'),
                Some(b'[') => runtime.starts_with('['),
                _ => **runtime == *e,
            };
            if !fits {
                return Err(format!(
                    "(REF {r}) is an array of {runtime}, not of {e} as the program declares"
                ));
            }
        }
        if idx < 0 || idx >= data.len() as i128 {
            return Err(format!(
                "index {idx} is out of bounds for (REF {r}) of length {}",
                data.len()
            ));
        }
        java(data.get(idx as usize))
    }
    fn instance_of(&mut self, v: &V, class: &str) -> R {
        if *v == V::Ref(None) {
            return Ok(V::Bool(false));
        }
        let r = self.deref(v, "is")?;
        let oc = self.s.object(r).class;
        let is = self.s.object(r).array().is_none()
            && super::class_id(&self.s.classes, class)
                .is_some_and(|c| self.s.classes.is_subclass(oc, c));
        Ok(V::Bool(is))
    }
    fn to_ref(&mut self, i: &V) -> R {
        let i = as_int(*i).ok_or("`ref` needs a number")?;
        if i < 0 || i > u32::MAX as i128 {
            return Err(format!("ref({i}) is not an address"));
        }
        Ok(V::Ref(Some(i as Ref)))
    }
    fn addr(&mut self, r: &V) -> R {
        match *r {
            V::Ref(Some(r)) => Ok(V::Int(r as i128)),
            other => Err(format!("addr needs a non-null reference, found {other}")),
        }
    }
    fn thread_of(&mut self, r: &V) -> R {
        // The table gains entries only with a new thread or a new object
        // (main's, made when first asked for); entries never change.
        self.note_read(Loc::ThreadCount);
        self.note_read(Loc::HeapLen);
        match *r {
            V::Ref(Some(a)) => match self.s.thread_of_object.get(&a) {
                Some(&t) => Ok(V::Thread(t)),
                None => Err(format!("{r} is no thread's object")),
            },
            other => Err(format!(
                "thread_of needs a non-null reference, found {other}"
            )),
        }
    }
    fn to_thread(&mut self, v: &V) -> R {
        let t = as_int(*v).ok_or_else(|| format!("{v} is not a thread number"))?;
        // Compared before any conversion: thread(2^32) is no thread, not thread 0.
        if (0..self.s.threads.len() as i128).contains(&t) {
            Ok(V::Thread(t as ThreadId))
        } else {
            self.note_read(Loc::ThreadCount);
            Err(format!("there is no thread {t}"))
        }
    }
    fn class_object(&mut self, path: &str) -> R {
        // Class objects are created on first use, which allocates: a new
        // one changes the heap's length.
        self.note_read(Loc::HeapLen);
        let cid =
            super::class_id(&self.s.classes, path).ok_or_else(|| format!("no class {path}"))?;
        let name = &self.s.classes.class(cid).name;
        Ok(V::Ref(self.s.mirrors.get(name).copied()))
    }
    fn static_field(&mut self, class: &str, field: &str) -> R {
        self.note_read(Loc::Statics);
        let cid =
            super::class_id(&self.s.classes, class).ok_or_else(|| format!("no class {class}"))?;
        let slot = self
            .s
            .classes
            .class(cid)
            .statics
            .iter()
            .find(|s| &*s.0 == field)
            .map(|s| s.2)
            .ok_or_else(|| format!("class {class} has no static field {field}"))?;
        java(self.s.statics[slot as usize])
    }
    fn enter_state(&mut self, old: bool) -> Result<Self::Saved, String> {
        let to = if old {
            self.old.ok_or("`old` is only meaningful in a relation")?
        } else {
            self.s
        };
        // Relations are not checked incrementally: nothing to record.
        Ok((std::mem::replace(&mut self.s, to), self.deps.take()))
    }
    fn leave_state(&mut self, (s, deps): Self::Saved) {
        self.s = s;
        self.deps = deps;
    }
    fn quantified(&mut self, over: Domain) -> Result<usize, String> {
        Ok(match over {
            Domain::Threads => {
                self.note_read(Loc::ThreadCount);
                self.s.threads.len()
            }
            Domain::Objects => {
                self.note_read(Loc::HeapLen);
                self.s.heap.len()
            }
        })
    }
    fn nth(&mut self, over: Domain, k: usize) -> V {
        match over {
            Domain::Threads => V::Thread(k as ThreadId),
            Domain::Objects => V::Ref(Some(k as Ref)),
        }
    }

    fn tracks_equalities(&self) -> bool {
        self.deps.is_some()
    }
    fn begin_equality(&mut self, base: &V, attr: &str, k: &V) -> bool {
        let loc = match *base {
            V::Ref(Some(r)) if (r as usize) < self.s.heap.len() => self.field_loc(r, attr),
            // A thread's attributes are one location whose value is not
            // tracked: depend on the whole thread.
            _ => None,
        };
        match (loc, key_of(*k)) {
            (Some(l), Some(key)) => self.note(Dep::Eq(l, key)),
            (Some(l), None) => self.note_read(l),
            _ => {}
        }
        self.mute = loc.is_some();
        self.mute
    }
    fn end_equality(&mut self, muted: bool) {
        if muted {
            self.mute = false;
        }
    }
}

pub use super::semantics::dotted_path;

/// The cases of the thread predicate that match a call stack given as
/// (method, pc) pairs, bottom first.
/// May a thread have this call stack in a good state: does a `when` case
/// match it, and none of those that match have a fact that is literally
/// `false` (a case saying "no thread is here", which inference writes for
/// shapes no run reached)? The prover builds no case for a shape it
/// excludes: a step from there starts from no good state.
pub fn shape_allowed(c: &Compiled, stack: &[(crate::classfile::MethodId, u32)]) -> bool {
    let cases = cases_for(c, stack);
    !cases.is_empty()
        && !cases.iter().any(|&i| {
            c.cases[i]
                .0
                .facts
                .iter()
                .any(|f| matches!(f.expr, Expr::Bool(false, _)))
        })
}

pub fn cases_for(c: &Compiled, stack: &[(crate::classfile::MethodId, u32)]) -> Vec<usize> {
    (0..c.cases.len())
        .filter(|&i| {
            let (case, pats) = &c.cases[i];
            let n = pats.len();
            (if case.open {
                stack.len() >= n
            } else {
                stack.len() == n
            }) && pats.iter().zip(stack).all(|(p, (m, pc))| {
                p.methods.contains(m) && p.pcs.as_ref().is_none_or(|set| set.contains(pc))
            })
        })
        .collect()
}

/// The cases of the thread predicate that match thread `t`'s call stack.
pub fn matching_cases(c: &Compiled, s: &State, t: ThreadId) -> Vec<usize> {
    let stack: Vec<_> = s.threads[t as usize]
        .stack
        .iter()
        .map(|f| (f.method.id, f.pc()))
        .collect();
    cases_for(c, &stack)
}

/// The values of the fact's field, slot and old/new sub-expressions, so a
/// failure shows what the state held: "C.mcount = 0, stack[1] = 5".
fn values_in(env: &mut Env, e: &Expr, out: &mut Vec<String>) {
    // `static(C.f)` and `class(C)` name a field or class, not values: show
    // the call, not its argument.
    let interesting = matches!(e, Expr::Dot(..) | Expr::Slot { .. } | Expr::Index(..))
        || matches!(e, Expr::Call(f, _, _) if matches!(f.as_str(), "old" | "new" | "static" | "class"));
    if interesting {
        let sp = e.span();
        let text = env
            .c
            .file
            .source
            .get(sp.start..sp.end)
            .unwrap_or("?")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let shown = match env.eval(e) {
            Ok(v) => format!("{text} = {v}"),
            Err(why) => format!("{text} undefined ({why})"),
        };
        if !out.contains(&shown) && out.len() < 8 {
            out.push(shown);
        }
        if matches!(e, Expr::Call(..)) {
            return;
        }
    }
    match e {
        Expr::Call(_, args, _) => args.iter().for_each(|a| values_in(env, a, out)),
        Expr::Dot(b, _, _) | Expr::Is(b, _, _) | Expr::Unary(_, b, _) => values_in(env, b, out),
        Expr::Index(a, i, _) => {
            values_in(env, a, out);
            values_in(env, i, out);
        }
        Expr::Binary(_, a, b, _) => {
            values_in(env, a, out);
            values_in(env, b, out);
        }
        Expr::If(a, b, c, _) => {
            values_in(env, a, out);
            values_in(env, b, out);
            values_in(env, c, out);
        }
        _ => {}
    }
}

/// Evaluates one fact; Ok(()) if it holds.
fn fact(env: &mut Env, f: &Fact) -> Result<(), String> {
    match env.eval(&f.expr) {
        Ok(V::Bool(true)) => Ok(()),
        Ok(V::Bool(false)) => {
            let mut vals = Vec::new();
            values_in(env, &f.expr, &mut vals);
            if vals.is_empty() {
                Err("false".into())
            } else {
                Err(format!("false, where {}", vals.join(", ")))
            }
        }
        Ok(other) => Err(format!("not a boolean: {other}")),
        Err(e) => Err(format!("undefined: {e}")),
    }
}

pub fn stack_text(s: &State, t: ThreadId) -> String {
    let st = &s.threads[t as usize].stack;
    if st.is_empty() {
        return "(no frames)".into();
    }
    crate::state::frames_text(st.iter().map(|f| &**f))
}

/// Checks the global facts.
pub fn check_global(c: &Compiled, s: &State) -> Result<(), Failure> {
    global_part(c, s, &mut None)
}

/// Checks the thread predicate for thread `t`.
pub fn check_thread(c: &Compiled, s: &State, t: ThreadId) -> Result<(), Failure> {
    thread_part(c, s, t, &mut None)
}

/// Checks the object predicates for the object at `r`.
pub fn check_object(c: &Compiled, s: &State, r: Ref) -> Result<(), Failure> {
    object_part(c, s, r, &mut None)
}

/// An evaluator on `s` (and `old`, in a relation), recording what it reads
/// into `rec` when that is `Some`.
fn env<'a>(
    c: &'a Compiled,
    s: &'a State,
    old: Option<&'a State>,
    rec: &mut Option<Vec<Dep>>,
) -> Env<'a> {
    Eval::new(c, Concrete::new(s, old, rec.take()))
}

/// The global facts; `rec`, when `Some`, collects what they read.
pub fn global_part(c: &Compiled, s: &State, rec: &mut Option<Vec<Dep>>) -> Result<(), Failure> {
    let mut env = env(c, s, None, rec);
    let mut result = Ok(());
    for f in &c.global {
        if let Err(why) = fact(&mut env, f) {
            result = Err(Failure::new(c, "global", f, why));
            break;
        }
    }
    *rec = env.d.deps.take();
    result
}

/// Thread `t`'s predicate: every case matching its call stack; at least one must.
pub fn thread_part(
    c: &Compiled,
    s: &State,
    t: ThreadId,
    rec: &mut Option<Vec<Dep>>,
) -> Result<(), Failure> {
    if c.cases.is_empty() {
        return Ok(());
    }
    if let Some(r) = rec {
        r.push(Dep::Read(Loc::Thread(t)));
    }
    let cases = matching_cases(c, s, t);
    if cases.is_empty() {
        return Err(Failure {
            part: format!("thread {t}"),
            fact: "no case".into(),
            why: format!("no `when` case matches its call stack {}", stack_text(s, t)),
            thread: Some(t),
            object: None,
            span: c.thread_span,
        });
    }
    let mut env = env(c, s, None, rec);
    let mut result = Ok(());
    'cases: for i in cases {
        env.thread_case(V::Thread(t), i);
        for f in &c.cases[i].0.facts {
            if let Err(why) = fact(&mut env, f) {
                let mut fl =
                    Failure::new(c, &format!("thread {t} at {}", stack_text(s, t)), f, why);
                fl.thread = Some(t);
                result = Err(fl);
                break 'cases;
            }
        }
    }
    *rec = env.d.deps.take();
    result
}

/// The object predicates that apply to the object at `r` (its class never changes).
pub fn object_part(
    c: &Compiled,
    s: &State,
    r: Ref,
    rec: &mut Option<Vec<Dep>>,
) -> Result<(), Failure> {
    let is_array = s.object(r).array().is_some();
    let mut env = env(c, s, None, rec);
    let mut result = Ok(());
    'preds: for (var, class, facts) in &c.objects {
        if class.is_some_and(|cid| !of_class(s, r, cid)) {
            continue;
        }
        env.object(var, V::Ref(Some(r)));
        for f in facts {
            if let Err(why) = fact(&mut env, f) {
                let name = if is_array {
                    "array".to_string()
                } else {
                    s.classes.class(s.object(r).class).name.replace('/', ".")
                };
                let mut fl = Failure::new(c, &format!("object (REF {r}), a {name}"), f, why);
                fl.object = Some(r);
                result = Err(fl);
                break 'preds;
            }
        }
    }
    *rec = env.d.deps.take();
    result
}

/// The whole invariant on one state.
pub fn check_state(c: &Compiled, s: &State) -> Result<(), Failure> {
    check_global(c, s)?;
    for t in 0..s.threads.len() as ThreadId {
        check_thread(c, s, t)?;
    }
    for r in 0..s.heap.len() as Ref {
        check_object(c, s, r)?;
    }
    Ok(())
}

/// A relation between a state and its successor.
pub fn check_relation(c: &Compiled, name: &str, old: &State, new: &State) -> Result<(), Failure> {
    let facts = c.relations.get(name).ok_or_else(|| Failure {
        part: format!("relation {name}"),
        fact: String::new(),
        why: "no such relation".into(),
        thread: None,
        object: None,
        span: Span::default(),
    })?;
    let mut env = env(c, new, Some(old), &mut None);
    let Some((var, objects)) = relation_objects(c, name, new) else {
        for f in facts {
            fact(&mut env, f)
                .map_err(|why| Failure::new(c, &format!("relation {name}"), f, why))?;
        }
        return Ok(());
    };
    for r in objects {
        env.object(var, V::Ref(Some(r)));
        for f in facts {
            fact(&mut env, f).map_err(|why| {
                let part = format!("relation {name} for {var} = (REF {r})");
                let mut fail = Failure::new(c, &part, f, why);
                fail.object = Some(r);
                fail
            })?;
        }
    }
    Ok(())
}

/// A relation stated for every object of a class: its variable and the
/// objects of the class in `new` (None for a relation between states).
pub fn relation_objects<'c>(
    c: &'c Compiled,
    name: &str,
    new: &State,
) -> Option<(&'c str, Vec<Ref>)> {
    let (var, cid) = c.relation_over.get(name)?;
    let objects = (0..new.heap.len() as Ref)
        .filter(|&r| of_class(new, r, *cid))
        .collect();
    Some((var.as_str(), objects))
}

/// Is object `r` of class `cid` (or a subclass), as `object o : C` and
/// `relation R for o : C` mean it (arrays are of no class)?
fn of_class(s: &State, r: Ref, cid: crate::classfile::ClassId) -> bool {
    let o = s.object(r);
    o.array().is_none() && s.classes.is_subclass(o.class, cid)
}

/// Where an expression is evaluated (`value`): the contexts facts have.
#[derive(Clone, Copy)]
pub enum Context<'a> {
    /// The global facts.
    Global,
    /// Thread `t`'s case `case` (an index into `Compiled::cases`): the
    /// thread variable, the case's frame aliases, and `t`'s top frame for
    /// `local`, `stack`, `pc` and `stack_size`.
    Thread { t: ThreadId, case: usize },
    /// An object predicate with its variable bound to `r`.
    Object { var: &'a str, r: Ref },
    /// A relation between `old` and the state.
    Relation { old: &'a State },
}

/// The value of `e` on `s` in `ctx` (Err: undefined, with why). The
/// prover's domain (`prove::inv`) must agree with this one on every state.
pub fn value(c: &Compiled, s: &State, ctx: Context, e: &Expr) -> R {
    bound(c, s, ctx).eval(e)
}

/// An evaluator on `s` with the variables of `ctx` bound.
fn bound<'a>(c: &'a Compiled, s: &'a State, ctx: Context<'a>) -> Env<'a> {
    let old = match ctx {
        Context::Relation { old } => Some(old),
        _ => None,
    };
    let mut env = env(c, s, old, &mut None);
    match ctx {
        Context::Global | Context::Relation { .. } => env.global(),
        Context::Thread { t, case } => env.thread_case(V::Thread(t), case),
        Context::Object { var, r } => env.object(var, V::Ref(Some(r))),
    }
    env
}

/// `value` of several expressions in one context, each `true` or not
/// (`keep` gets the expression's index in `es` and the answer): the
/// context is bound once, for callers that evaluate many candidate facts.
pub fn truths<'e>(
    c: &Compiled,
    s: &State,
    ctx: Context,
    es: impl IntoIterator<Item = (usize, &'e Expr)>,
    mut keep: impl FnMut(usize, bool),
) {
    let mut env = bound(c, s, ctx);
    for (i, e) in es {
        keep(i, matches!(env.eval(e), Ok(V::Bool(true))));
    }
}

/// Whether each fact of a part holds, in the order the part lists them
/// (every matching case's facts for a thread, every object predicate's for
/// an object, true where its class does not apply): the prover's formulas
/// for the same part must have the same truth values.
pub fn fact_truths(c: &Compiled, s: &State, part: Part) -> Vec<bool> {
    let holds = |env: &mut Env, f: &Fact| fact(env, f).is_ok();
    match part {
        Part::Global => {
            let mut env = env(c, s, None, &mut None);
            c.global.iter().map(|f| holds(&mut env, f)).collect()
        }
        Part::Thread(t) => {
            if c.cases.is_empty() {
                return Vec::new();
            }
            let cases = matching_cases(c, s, t);
            if cases.is_empty() {
                return vec![false];
            }
            let mut env = env(c, s, None, &mut None);
            let mut out = Vec::new();
            for i in cases {
                env.thread_case(V::Thread(t), i);
                out.extend(c.cases[i].0.facts.iter().map(|f| holds(&mut env, f)));
            }
            out
        }
        Part::Object(r) => {
            let mut env = env(c, s, None, &mut None);
            let mut out = Vec::new();
            for (var, class, facts) in &c.objects {
                if class.is_some_and(|cid| !of_class(s, r, cid)) {
                    out.extend(facts.iter().map(|_| true));
                    continue;
                }
                env.object(var, V::Ref(Some(r)));
                out.extend(facts.iter().map(|f| holds(&mut env, f)));
            }
            out
        }
        Part::Relation(name, old) => {
            let mut env = env(c, s, Some(old), &mut None);
            c.relations
                .get(name)
                .map(|facts| facts.iter().map(|f| holds(&mut env, f)).collect())
                .unwrap_or_default()
        }
        Part::RelationAt(name, old, r) => {
            let mut env = env(c, s, Some(old), &mut None);
            let Some((var, cid)) = c.relation_over.get(name) else {
                return Vec::new();
            };
            let facts = &c.relations[name];
            if !of_class(s, r, *cid) {
                return vec![true; facts.len()];
            }
            env.object(var, V::Ref(Some(r)));
            facts.iter().map(|f| holds(&mut env, f)).collect()
        }
    }
}

/// A part of the invariant on one state (for `fact_truths`).
#[derive(Clone, Copy)]
pub enum Part<'a> {
    Global,
    Thread(ThreadId),
    Object(Ref),
    /// A relation's facts between the old state and the state.
    Relation(&'a str, &'a State),
    /// A `relation R for o : C`'s facts at object `r` (true for an object
    /// not of the class).
    RelationAt(&'a str, &'a State, Ref),
}

/// Names used for `HashMap` lookups of definitions.
pub type Defs = HashMap<String, (Vec<String>, Expr)>;
