//! Concrete evaluation of an invariant on a state (and of a relation on a
//! state and its successor). A fact that evaluates to false, or cannot be
//! evaluated (a null dereference, an address past the heap, a slot holding
//! nothing), fails; the failure names the fact and what it was about.

use std::collections::HashMap;

use super::ast::*;
use super::{Compiled, Failure};
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

pub struct Env<'a> {
    pub c: &'a Compiled,
    /// The state bare expressions read (the new state in a relation).
    pub s: &'a State,
    pub old: Option<&'a State>,
    pub vars: Vec<(String, V)>,
    /// The thread and frame `local[i]`, `stack[i]`, `pc` refer to.
    pub frame: Option<(ThreadId, usize)>,
    pub depth: usize,
    /// When recording, the locations read so far.
    pub deps: Option<Vec<Dep>>,
}

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

impl Env<'_> {
    fn lookup(&self, name: &str) -> Option<V> {
        self.vars
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| *v)
    }

    fn with_state<'b>(&'b self, s: &'b State) -> Env<'b> {
        Env {
            c: self.c,
            s,
            old: self.old,
            vars: self.vars.clone(),
            frame: self.frame,
            depth: self.depth,
            deps: None,
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

    fn deref(&mut self, v: V, what: &str) -> Result<Ref, String> {
        match v {
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

    fn thread_of(&mut self, v: V) -> Result<ThreadId, String> {
        let t: i128 = match v {
            V::Thread(t) => t as i128,
            other => as_int(other).ok_or_else(|| format!("{other} is not a thread number"))?,
        };
        // Compared before any conversion: thread(2^32) is no thread, not thread 0.
        if (0..self.s.threads.len() as i128).contains(&t) {
            Ok(t as ThreadId)
        } else {
            self.note_read(Loc::ThreadCount);
            Err(format!("there is no thread {t}"))
        }
    }

    pub fn eval(&mut self, e: &Expr) -> R {
        match e {
            Expr::Int(v, _) => Ok(V::Int(*v as i128)),
            Expr::Bool(b, _) => Ok(V::Bool(*b)),
            Expr::Null(_) => Ok(V::Ref(None)),
            Expr::Name(n, _) => self.name(n),
            Expr::Call(f, args, _) => self.call(f, args),
            Expr::Dot(base, attr, _) => self.dot(base, attr),
            Expr::Index(a, i, _) => self.index(a, i),
            Expr::Slot {
                frame, kind, index, ..
            } => {
                let (t, i) = match frame {
                    Some(f) => match self.eval(f)? {
                        V::Frame(t, i) => (t, i),
                        V::Thread(t) => {
                            let n = self.s.threads[t as usize].stack.len();
                            if n == 0 {
                                return Err(format!("thread {t} has no frames"));
                            }
                            (t, n - 1)
                        }
                        other => return Err(format!("{other} is not a frame or a thread")),
                    },
                    None => self.frame.ok_or("`local`/`stack` outside a thread case")?,
                };
                let idx = as_int(self.eval(index)?).ok_or("a slot index must be a number")?;
                self.note_read(Loc::Thread(t));
                let f = self.s.threads[t as usize]
                    .stack
                    .get(i)
                    .ok_or("no such frame")?;
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
                            if *kind == SlotKind::Local {
                                "local"
                            } else {
                                "operand-stack"
                            }
                        )
                    })?;
                java(v)
            }
            Expr::Is(e, class, _) => {
                let v = self.eval(e)?;
                let Some(r) = (match v {
                    V::Ref(r) => r,
                    other => return Err(format!("`is` needs a reference, found {other}")),
                }) else {
                    return Ok(V::Bool(false));
                };
                let r = self.deref(V::Ref(Some(r)), "is")?;
                let oc = self.s.object(r).class;
                let is = self.s.object(r).array().is_none()
                    && super::class_id(&self.s.classes, class)
                        .is_some_and(|c| self.s.classes.is_subclass(oc, c));
                Ok(V::Bool(is))
            }
            Expr::Unary(UnOp::Not, e, _) => match self.eval(e)? {
                V::Bool(b) => Ok(V::Bool(!b)),
                other => Err(format!("`!` needs a boolean, found {other}")),
            },
            Expr::Unary(UnOp::Neg, e, _) => match self.eval(e)? {
                V::J32(i) => Ok(V::J32(i.wrapping_neg())),
                V::J64(i) => Ok(V::J64(i.wrapping_neg())),
                V::F64(x) => Ok(V::F64(-x)),
                other => match as_int(other) {
                    Some(i) => i.checked_neg().map(V::Int).ok_or_else(|| "overflow".into()),
                    None => Err(format!("`-` needs a number, found {other}")),
                },
            },
            Expr::Binary(op, a, b, _) => self.binary(*op, a, b),
            Expr::If(c, a, b, _) => match self.eval(c)? {
                V::Bool(true) => self.eval(a),
                V::Bool(false) => self.eval(b),
                other => Err(format!("`if` needs a boolean, found {other}")),
            },
            Expr::Quant {
                all,
                var,
                over,
                body,
                ..
            } => {
                self.note_read(if *over == Domain::Threads {
                    Loc::ThreadCount
                } else {
                    Loc::HeapLen
                });
                let n = match over {
                    Domain::Threads => self.s.threads.len(),
                    Domain::Objects => self.s.heap.len(),
                };
                for k in 0..n {
                    let v = match over {
                        Domain::Threads => V::Thread(k as ThreadId),
                        Domain::Objects => V::Ref(Some(k as Ref)),
                    };
                    self.vars.push((var.clone(), v));
                    let r = self.eval(body);
                    self.vars.pop();
                    match r? {
                        V::Bool(b) if b != *all => return Ok(V::Bool(b)),
                        V::Bool(_) => {}
                        other => {
                            return Err(format!(
                                "a quantifier's body must be boolean, found {other}"
                            ));
                        }
                    }
                }
                Ok(V::Bool(*all))
            }
        }
    }

    fn name(&mut self, n: &str) -> R {
        if let Some(v) = self.lookup(n) {
            return Ok(v);
        }
        match n {
            "pc" => {
                let (t, i) = self.frame.ok_or("`pc` outside a thread case")?;
                self.note_read(Loc::Thread(t));
                return Ok(V::Int(self.s.threads[t as usize].stack[i].pc() as i128));
            }
            "stack_size" => {
                let (t, i) = self.frame.ok_or("`stack_size` outside a thread case")?;
                self.note_read(Loc::Thread(t));
                return Ok(V::Int(
                    self.s.threads[t as usize].stack[i].stack.len() as i128
                ));
            }
            _ => {}
        }
        if let Some(def) = self.c.defs.get(n) {
            return self.apply(n, def, &[]);
        }
        Err(format!("unknown name `{n}`"))
    }

    fn apply(&mut self, name: &str, def: &(Vec<String>, Expr), args: &[Expr]) -> R {
        if def.0.len() != args.len() {
            return Err(format!(
                "`{name}` takes {} arguments, given {}",
                def.0.len(),
                args.len()
            ));
        }
        if self.depth > 64 {
            return Err(format!(
                "`{name}`: definitions nest too deeply (recursion?)"
            ));
        }
        let vals = args
            .iter()
            .map(|a| self.eval(a))
            .collect::<Result<Vec<_>, _>>()?;
        // Definitions see only their parameters (and global names), not the caller's variables.
        let saved = std::mem::take(&mut self.vars);
        self.vars = def.0.iter().cloned().zip(vals).collect();
        self.depth += 1;
        let r = self.eval(&def.1);
        self.depth -= 1;
        self.vars = saved;
        r
    }

    fn call(&mut self, f: &str, args: &[Expr]) -> R {
        fn one<'e>(f: &str, args: &'e [Expr]) -> Result<&'e Expr, String> {
            if args.len() == 1 {
                Ok(&args[0])
            } else {
                Err(format!("`{f}` takes one argument"))
            }
        }
        match f {
            "ref" => {
                let i = as_int(self.eval(one(f, args)?)?).ok_or("`ref` needs a number")?;
                if i < 0 || i > u32::MAX as i128 {
                    return Err(format!("ref({i}) is not an address"));
                }
                Ok(V::Ref(Some(i as Ref)))
            }
            "addr" => match self.eval(one(f, args)?)? {
                V::Ref(Some(r)) => Ok(V::Int(r as i128)),
                other => Err(format!("addr needs a non-null reference, found {other}")),
            },
            "thread" => {
                let v = self.eval(one(f, args)?)?;
                Ok(V::Thread(self.thread_of(v)?))
            }
            "defined" => Ok(V::Bool(self.eval(one(f, args)?).is_ok())),
            "old" | "new" => {
                let s = if f == "old" {
                    self.old.ok_or("`old` is only meaningful in a relation")?
                } else {
                    self.s
                };
                let arg = one(f, args)?;
                let mut env = self.with_state(s);
                env.eval(arg)
            }
            "length" => {
                let v = self.eval(one(f, args)?)?;
                let r = self.deref(v, "length")?;
                match self.s.object(r).array() {
                    Some((_, d)) => Ok(V::Int(d.len() as i128)),
                    None => Err(format!("(REF {r}) is not an array")),
                }
            }
            "class" => {
                // Class objects are created on first use, which allocates:
                // a new one changes the heap's length.
                self.note_read(Loc::HeapLen);
                let path = dotted_path(one(f, args)?).ok_or("`class` takes a class name")?;
                let cid = super::class_id(&self.s.classes, &path)
                    .ok_or_else(|| format!("no class {path}"))?;
                let name = &self.s.classes.class(cid).name;
                Ok(V::Ref(self.s.mirrors.get(name).copied()))
            }
            "static" => {
                self.note_read(Loc::Statics);
                let path = dotted_path(one(f, args)?).ok_or("`static` takes `Class.field`")?;
                let (class, field) = path
                    .rsplit_once('/')
                    .ok_or("`static` takes `Class.field`")?;
                let cid = super::class_id(&self.s.classes, class)
                    .ok_or_else(|| format!("no class {class}"))?;
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
            _ => {
                let Some(def) = self.c.defs.get(f) else {
                    return Err(format!("unknown function `{f}`"));
                };
                let def = def.clone();
                self.apply(f, &def, args)
            }
        }
    }

    fn dot(&mut self, base: &Expr, attr: &str) -> R {
        if let Expr::Name(n, _) = base
            && self.lookup(n).is_none()
            && !self.c.defs.contains_key(n.as_str())
        {
            match (n.as_str(), attr) {
                ("heap", "length") => {
                    self.note_read(Loc::HeapLen);
                    return Ok(V::Int(self.s.heap.len() as i128));
                }
                ("threads", "count") => {
                    self.note_read(Loc::ThreadCount);
                    return Ok(V::Int(self.s.threads.len() as i128));
                }
                _ => {}
            }
        }
        let v = self.eval(base)?;
        self.attr(v, attr, true)
    }

    /// Reads attribute `attr` of `v`; `record`: note the location read.
    fn attr(&mut self, v: V, attr: &str, record: bool) -> R {
        match v {
            V::Thread(t) => {
                if record {
                    self.note_read(Loc::Thread(t));
                }
                let th = &self.s.threads[t as usize];
                Ok(match attr {
                    "object" => V::Ref(th.object),
                    "scheduled" => V::Bool(th.status == Status::Scheduled),
                    "alive" => V::Bool(th.is_alive()),
                    "finished" => V::Bool(th.is_terminated()),
                    "waiting" => V::Bool(th.wait.is_some()),
                    // The object whose wait set it is in; null when not waiting.
                    "waits_on" => V::Ref(th.wait.map(|w| w.object)),
                    // The holds of that object's monitor it gave up (0: not waiting).
                    "wait_count" => V::Int(th.wait.map_or(0, |w| w.count as i128)),
                    "depth" => V::Int(th.stack.len() as i128),
                    "pc" => V::Int(
                        th.top()
                            .ok_or_else(|| format!("thread {t} has no frames"))?
                            .pc() as i128,
                    ),
                    "top" => V::Frame(
                        t,
                        th.stack
                            .len()
                            .checked_sub(1)
                            .ok_or_else(|| format!("thread {t} has no frames"))?,
                    ),
                    _ => return Err(format!("a thread has no attribute `{attr}`")),
                })
            }
            V::Frame(t, i) => {
                if record {
                    self.note_read(Loc::Thread(t));
                }
                let f = &self.s.threads[t as usize].stack[i];
                Ok(match attr {
                    "pc" => V::Int(f.pc() as i128),
                    "stack_size" => V::Int(f.stack.len() as i128),
                    _ => return Err(format!("a frame has no attribute `{attr}`")),
                })
            }
            V::Ref(_) => {
                let r = self.deref(v, &format!(".{attr}"))?;
                if record && let Some(l) = self.field_loc(r, attr) {
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
            other => Err(format!("{other} has no attribute `{attr}`")),
        }
    }

    /// `a[i]`, read at the element type the program gives `a` (see
    /// `array_elem_desc`): undefined for null, an index out of bounds, or
    /// an array of another element type.
    fn index(&mut self, a: &Expr, i: &Expr) -> R {
        let elem = super::array_elem_desc(&self.c.defs, &self.s.classes, a);
        let v = self.eval(a)?;
        let r = self.deref(v, "[...]")?;
        let idx = match self.eval(i)? {
            V::Int(x) => x,
            V::J32(x) => x as i128,
            V::J64(x) => x as i128,
            other => return Err(format!("an array index must be an integer, found {other}")),
        };
        self.note_read(Loc::Elements(r));
        let o = self.s.object(r);
        let Some((runtime, data)) = o.array() else {
            return Err(format!("(REF {r}) is not an array"));
        };
        if let Some(e) = &elem {
            let fits = match e.as_bytes().first() {
                Some(b'L') => runtime.starts_with('L'),
                Some(b'[') => runtime.starts_with('['),
                _ => **runtime == **e,
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

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr) -> R {
        // Short-circuit connectives.
        match op {
            BinOp::And | BinOp::Or | BinOp::Implies => {
                let l = match self.eval(a)? {
                    V::Bool(l) => l,
                    other => {
                        return Err(format!("a logical operator needs booleans, found {other}"));
                    }
                };
                let short = match op {
                    BinOp::And => !l,
                    BinOp::Or => l,
                    _ => !l,
                };
                if short {
                    return Ok(V::Bool(op != BinOp::And));
                }
                return match self.eval(b)? {
                    V::Bool(r) => Ok(V::Bool(r)),
                    other => Err(format!("a logical operator needs booleans, found {other}")),
                };
            }
            _ => {}
        }
        if matches!(op, BinOp::Eq | BinOp::Ne)
            && self.deps.is_some()
            && let Some(eq) = self.eq_refined(op, a, b)
        {
            return eq;
        }
        let l = self.eval(a)?;
        let r = self.eval(b)?;
        match op {
            BinOp::Eq | BinOp::Ne => {
                let eq = equal(l, r)?;
                Ok(V::Bool(eq == (op == BinOp::Eq)))
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                let ord = match (l, r) {
                    (V::F64(x), V::F64(y)) => x.partial_cmp(&y),
                    (V::F64(x), y) => cmp_float_int(x, as_number(y)?),
                    (x, V::F64(y)) => cmp_float_int(y, as_number(x)?).map(|o| o.reverse()),
                    _ => {
                        let (x, y) = (as_int(l), as_int(r));
                        match (x, y) {
                            (Some(x), Some(y)) => Some(x.cmp(&y)),
                            _ => return Err(format!("cannot order {l} and {r}")),
                        }
                    }
                };
                let Some(ord) = ord else {
                    return Ok(V::Bool(false));
                };
                use std::cmp::Ordering::*;
                Ok(V::Bool(match op {
                    BinOp::Lt => ord == Less,
                    BinOp::Le => ord != Greater,
                    BinOp::Gt => ord == Greater,
                    _ => ord != Less,
                }))
            }
            _ => arith(op, l, r),
        }
    }
}

impl Env<'_> {
    /// `loc == value` where one side reads one location: record only the
    /// equality, not the location's value (so that, e.g., every thread's
    /// "the lock's owner is not me" does not depend on who owns it).
    fn eq_refined(&mut self, op: BinOp, a: &Expr, b: &Expr) -> Option<R> {
        let (loc_side, other) = match (a, b) {
            (Expr::Dot(..), Expr::Dot(..)) => return None,
            (Expr::Dot(..), _) => (a, b),
            (_, Expr::Dot(..)) => (b, a),
            _ => return None,
        };
        let Expr::Dot(base, attr, _) = loc_side else {
            return None;
        };
        if let Expr::Name(n, _) = &**base
            && (n == "heap" || n == "threads")
            && self.lookup(n).is_none()
        {
            return None;
        }
        let mut go = || -> R {
            let k = self.eval(other)?;
            let bv = self.eval(base)?;
            let loc = match bv {
                V::Ref(Some(r)) if (r as usize) < self.s.heap.len() => self.field_loc(r, attr),
                // A thread's attributes are one location whose value is not
                // tracked: depend on the whole thread.
                _ => None,
            };
            let v = self.attr(bv, attr, loc.is_none())?;
            match (loc, key_of(k)) {
                (Some(l), Some(key)) => self.note(Dep::Eq(l, key)),
                (Some(l), None) => self.note_read(l),
                _ => {}
            }
            let eq = equal(v, k)?;
            Ok(V::Bool(eq == (op == BinOp::Eq)))
        };
        Some(go())
    }
}

fn as_number(v: V) -> Result<i128, String> {
    as_int(v).ok_or_else(|| format!("{v} is not a number"))
}

fn equal(l: V, r: V) -> Result<bool, String> {
    Ok(match (l, r) {
        (V::Bool(a), V::Bool(b)) => a == b,
        (V::Ref(a), V::Ref(b)) => a == b,
        (V::F64(a), V::F64(b)) => a == b,
        // Exactly, with no rounding of the integer (so equal values have
        // equal keys, which incremental checking relies on).
        (V::F64(a), b) | (b, V::F64(a)) => {
            cmp_float_int(a, as_number(b)?) == Some(std::cmp::Ordering::Equal)
        }
        (V::Frame(..), _) | (_, V::Frame(..)) => return Err("frames cannot be compared".into()),
        _ => match (as_int(l), as_int(r)) {
            (Some(a), Some(b)) => a == b,
            _ => return Err(format!("cannot compare {l} with {r}")),
        },
    })
}

/// Java arithmetic: `int` op `int` wraps in 32 bits, `long` in 64; a plain
/// number adopts the Java type of the other side; plain numbers alone are
/// mathematical integers.
fn arith(op: BinOp, l: V, r: V) -> R {
    fn int32(v: V) -> Option<i32> {
        match v {
            V::J32(i) => Some(i),
            V::Int(i) => i32::try_from(i).ok(),
            _ => None,
        }
    }
    fn int64(v: V) -> Option<i64> {
        match v {
            V::J64(i) => Some(i),
            V::J32(i) => Some(i as i64),
            V::Int(i) => i64::try_from(i).ok(),
            _ => None,
        }
    }
    /// The 64-bit Java operation; truncated to 32 bits it is also the `int`
    /// one (`MIN_VALUE / -1` included).
    fn java(op: BinOp, a: i64, b: i64) -> Result<i64, String> {
        Ok(match op {
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::Div | BinOp::Rem if b == 0 => return Err("division by zero".into()),
            BinOp::Div => a.wrapping_div(b),
            _ => a.wrapping_rem(b),
        })
    }
    match (l, r) {
        (V::J64(_), _) | (_, V::J64(_)) => {
            let (a, b) = (int64(l).ok_or("not a long")?, int64(r).ok_or("not a long")?);
            Ok(V::J64(java(op, a, b)?))
        }
        (V::J32(_), _) | (_, V::J32(_)) => {
            let (Some(a), Some(b)) = (int32(l), int32(r)) else {
                return Err(format!(
                    "{l} and {r}: a number out of int range next to an int"
                ));
            };
            Ok(V::J32(java(op, a as i64, b as i64)? as i32))
        }
        _ => {
            let (Some(a), Some(b)) = (as_int(l), as_int(r)) else {
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
    }
}

/// `a.b.c` as `a/b/c` (class-qualified names in `static(...)`).
pub fn dotted_path(e: &Expr) -> Option<String> {
    match e {
        Expr::Name(n, _) => Some(n.clone()),
        Expr::Dot(b, n, _) => Some(format!("{}/{n}", dotted_path(b)?)),
        _ => None,
    }
}

/// The cases of the thread predicate that match a call stack given as
/// (method, pc) pairs, bottom first.
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

fn env<'a>(
    c: &'a Compiled,
    s: &'a State,
    vars: Vec<(String, V)>,
    frame: Option<(ThreadId, usize)>,
    rec: &mut Option<Vec<Dep>>,
) -> Env<'a> {
    Env {
        c,
        s,
        old: None,
        vars,
        frame,
        depth: 0,
        deps: rec.take(),
    }
}

/// The global facts; `rec`, when `Some`, collects what they read.
pub fn global_part(c: &Compiled, s: &State, rec: &mut Option<Vec<Dep>>) -> Result<(), Failure> {
    let mut env = env(c, s, Vec::new(), None, rec);
    let mut result = Ok(());
    for f in &c.global {
        if let Err(why) = fact(&mut env, f) {
            result = Err(Failure::new(c, "global", f, why));
            break;
        }
    }
    *rec = env.deps.take();
    result
}

/// The frame a thread case's `local`, `stack` and `pc` read: the top one
/// (none for a finished thread: `when done` facts cannot read frames).
fn frame_ctx(s: &State, t: ThreadId) -> Option<(ThreadId, usize)> {
    let n = s.threads[t as usize].stack.len();
    (n > 0).then(|| (t, n - 1))
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
    let var = c.thread_var.clone();
    let top = frame_ctx(s, t);
    for i in cases {
        let (case, pats) = &c.cases[i];
        let mut vars = vec![(var.clone(), V::Thread(t))];
        for (k, p) in pats.iter().enumerate() {
            if let Some(a) = &p.alias {
                vars.push((a.clone(), V::Frame(t, k)));
            }
        }
        let mut env = env(c, s, vars, top, rec);
        let mut result = Ok(());
        for f in &case.facts {
            if let Err(why) = fact(&mut env, f) {
                let mut fl =
                    Failure::new(c, &format!("thread {t} at {}", stack_text(s, t)), f, why);
                fl.thread = Some(t);
                result = Err(fl);
                break;
            }
        }
        *rec = env.deps.take();
        result?;
    }
    Ok(())
}

/// The object predicates that apply to the object at `r` (its class never changes).
pub fn object_part(
    c: &Compiled,
    s: &State,
    r: Ref,
    rec: &mut Option<Vec<Dep>>,
) -> Result<(), Failure> {
    let oc = s.object(r).class;
    let is_array = s.object(r).array().is_some();
    for (var, class, facts) in &c.objects {
        if let Some(cid) = class
            && (is_array || !s.classes.is_subclass(oc, *cid))
        {
            continue;
        }
        let mut env = env(c, s, vec![(var.clone(), V::Ref(Some(r)))], None, rec);
        let mut result = Ok(());
        for f in facts {
            if let Err(why) = fact(&mut env, f) {
                let name = if is_array {
                    "array".to_string()
                } else {
                    s.classes.class(oc).name.replace('/', ".")
                };
                let mut fl = Failure::new(c, &format!("object (REF {r}), a {name}"), f, why);
                fl.object = Some(r);
                result = Err(fl);
                break;
            }
        }
        *rec = env.deps.take();
        result?;
    }
    Ok(())
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
    let mut env = Env {
        c,
        s: new,
        old: Some(old),
        vars: Vec::new(),
        frame: None,
        depth: 0,
        deps: None,
    };
    for f in facts {
        fact(&mut env, f).map_err(|why| Failure::new(c, &format!("relation {name}"), f, why))?;
    }
    Ok(())
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
/// prover's translation (`prove::inv`) must agree with it on every state.
pub fn value(c: &Compiled, s: &State, ctx: Context, e: &Expr) -> R {
    let mut env = Env {
        c,
        s,
        old: None,
        vars: Vec::new(),
        frame: None,
        depth: 0,
        deps: None,
    };
    match ctx {
        Context::Global => {}
        Context::Thread { t, case } => {
            env.vars.push((c.thread_var.clone(), V::Thread(t)));
            for (k, p) in c.cases[case].1.iter().enumerate() {
                if let Some(a) = &p.alias {
                    env.vars.push((a.clone(), V::Frame(t, k)));
                }
            }
            env.frame = frame_ctx(s, t);
        }
        Context::Object { var, r } => env.vars.push((var.to_string(), V::Ref(Some(r)))),
        Context::Relation { old } => env.old = Some(old),
    }
    env.eval(e)
}

/// Whether each fact of a part holds, in the order the part lists them
/// (every matching case's facts for a thread, every object predicate's for
/// an object, true where its class does not apply): the prover's formulas
/// for the same part must have the same truth values.
pub fn fact_truths(c: &Compiled, s: &State, part: Part) -> Vec<bool> {
    let holds = |env: &mut Env, f: &Fact| fact(env, f).is_ok();
    match part {
        Part::Global => {
            let mut env = env(c, s, Vec::new(), None, &mut None);
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
            let top = frame_ctx(s, t);
            let mut out = Vec::new();
            for i in cases {
                let (case, pats) = &c.cases[i];
                let mut vars = vec![(c.thread_var.clone(), V::Thread(t))];
                for (k, p) in pats.iter().enumerate() {
                    if let Some(a) = &p.alias {
                        vars.push((a.clone(), V::Frame(t, k)));
                    }
                }
                let mut env = env(c, s, vars, top, &mut None);
                out.extend(case.facts.iter().map(|f| holds(&mut env, f)));
            }
            out
        }
        Part::Object(r) => {
            let oc = s.object(r).class;
            let is_array = s.object(r).array().is_some();
            let mut out = Vec::new();
            for (var, class, facts) in &c.objects {
                if let Some(cid) = class
                    && (is_array || !s.classes.is_subclass(oc, *cid))
                {
                    out.extend(facts.iter().map(|_| true));
                    continue;
                }
                let mut env = env(c, s, vec![(var.clone(), V::Ref(Some(r)))], None, &mut None);
                out.extend(facts.iter().map(|f| holds(&mut env, f)));
            }
            out
        }
        Part::Relation(name, old) => {
            let mut env = Env {
                c,
                s,
                old: Some(old),
                vars: Vec::new(),
                frame: None,
                depth: 0,
                deps: None,
            };
            c.relations
                .get(name)
                .map(|facts| facts.iter().map(|f| holds(&mut env, f)).collect())
                .unwrap_or_default()
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
}

/// Names used for `HashMap` lookups of definitions.
pub type Defs = HashMap<String, (Vec<String>, Expr)>;
