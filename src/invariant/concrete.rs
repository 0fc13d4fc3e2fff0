//! The concrete value domain of the invariant language: Java values read
//! from a state (`V`), the locations an evaluation reads (`Loc`, `Dep`, for
//! incremental checking), and `Concrete`, the `semantics::Values` that gives
//! `semantics::Eval` its concrete meaning. An undefined value (a null
//! dereference, an address past the heap, a slot holding nothing) stops the
//! evaluation with the reason. The checks built on it are in `eval`.

use super::ast::*;
use super::semantics::{Eval, K, Range, ThreadAttr, Values};
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

pub(super) type R = Result<V, String>;

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

/// A JVM value in the language's domain (`Top`, an unused slot, has none).
pub(super) fn java(v: Value) -> R {
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
    fn quantified(&mut self, over: Domain) -> Result<Range<V>, String> {
        Ok(Range::Count(match over {
            Domain::Threads => {
                self.note_read(Loc::ThreadCount);
                self.s.threads.len()
            }
            Domain::Objects => {
                self.note_read(Loc::HeapLen);
                self.s.heap.len()
            }
        }))
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
