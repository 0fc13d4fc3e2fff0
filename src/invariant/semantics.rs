//! The meaning of the invariant language, written once over a value domain
//! (as the instruction families are over `interp::domain::Domain`): the
//! concrete evaluator (`concrete::Concrete`: Java values, a condition is a
//! `bool`, an undefined value stops the evaluation with the reason) and the
//! prover's translation (`prove::inv::Symbolic`: SMT terms with a
//! definedness condition each) both run `Eval`. What stays per domain is
//! arithmetic on one kind of number and reading the state (the `Values`
//! hooks); which kinds an operator takes, what is undefined, short-circuit,
//! definitions, variables, frames and quantifiers are here.
//!
//! A value "holds" when it is defined and true. Undefinedness travels in
//! the value (`Values::defined`, `Values::restrict`): a concrete domain
//! turns a false restriction into `Err(why)`, which stops the evaluation as
//! an undefined value does; a symbolic one conjoins the condition. An
//! `Err` this module returns itself (an unknown name, `local` outside a
//! thread case) means "undefined" to the concrete domain and "cannot be
//! translated" to the symbolic one, which then reports the fact unknown.

use super::Compiled;
use super::ast::*;
use crate::classfile::ClassTable;

/// The kind of a value: what the language's rules look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum K {
    /// A mathematical integer (literals, addresses, counts, pcs).
    Int,
    J32,
    J64,
    /// A `float` or `double` (as a double).
    F64,
    Bool,
    /// A reference or null.
    Ref,
    Thread,
    /// Frame `i` (0 = bottom) of a thread.
    Frame(usize),
}

impl K {
    /// Numbers that are integers (a thread number is one).
    fn integral(self) -> bool {
        matches!(self, K::Int | K::J32 | K::J64 | K::Thread)
    }
    fn number(self) -> bool {
        self.integral() || self == K::F64
    }
}

/// An attribute of a thread a domain reads (the others are built from
/// these here).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreadAttr {
    /// Its `java.lang.Thread` object (a reference, or null).
    Object,
    /// Started (a boolean). It and `Depth` are defined wherever the thread is.
    Scheduled,
    /// The object whose wait set it is in, or null.
    WaitsOn,
    /// The holds of that object's monitor it gave up (0: not waiting).
    WaitCount,
    /// The number of frames on its call stack.
    Depth,
    /// The top frame's pc (undefined without frames).
    Pc,
}

/// Which part of a state a quantifier ranges over, or `old`/`new` read.
pub type R<V> = Result<V, String>;

/// A quantifier's range as a domain sees it.
pub enum Range<V> {
    /// So many values (`Values::nth` gives each, in order): the quantifier
    /// is unfolded (the concrete domain).
    Count(usize),
    /// A variable standing for any value of the range, whose number the
    /// domain does not know (the prover's: the threads and the heap of a
    /// symbolic state are unbounded): the body is evaluated once with it
    /// bound, and `Values::close` makes the quantifier of it.
    Var(V),
}

/// A value domain with the state it reads.
pub trait Values {
    /// A value with its definedness.
    type V: Clone;
    /// A condition.
    type C: Clone;
    /// What `enter_state` saves.
    type Saved;

    fn classes(&self) -> &ClassTable;

    // Conditions.
    fn cond(&self, b: bool) -> Self::C;
    fn not(&mut self, c: Self::C) -> Self::C;
    fn and(&mut self, a: Self::C, b: Self::C) -> Self::C;
    fn or(&mut self, a: Self::C, b: Self::C) -> Self::C;
    fn implies(&mut self, a: Self::C, b: Self::C) -> Self::C;
    /// The condition's truth when the domain knows it (concrete: always):
    /// then only the side that matters is evaluated.
    fn known(&self, c: &Self::C) -> Option<bool>;

    // Values and definedness.
    fn kind(&self, v: &Self::V) -> K;
    fn show(&self, v: &Self::V) -> String;
    fn defined(&self, v: &Self::V) -> Self::C;
    /// `v`, defined only where `c` holds as well.
    fn restrict(&mut self, v: Self::V, c: Self::C, why: impl FnOnce() -> String) -> R<Self::V>;
    /// A value of kind `k` that is nowhere defined.
    fn undefined(&mut self, k: K, why: impl FnOnce() -> String) -> R<Self::V>;
    /// `defined(e)` of an `e` whose evaluation stopped with `why`.
    fn stopped(&mut self, why: String) -> R<Self::C>;
    /// A defined number.
    fn int(&mut self, i: i128) -> Self::V;
    /// A defined boolean.
    fn boolean(&mut self, c: Self::C) -> Self::V;
    /// A boolean value's condition (whatever its definedness).
    fn truth(&self, v: &Self::V) -> Self::C;
    fn null(&mut self) -> Self::V;
    /// `if c then a else b` of two values of one kind (c a boolean).
    fn ite(&mut self, c: &Self::V, a: Self::V, b: Self::V) -> Self::V;

    // Numbers. Operands are defined where both are; the results too, and
    // less where the operation is undefined.
    /// Mathematical integers (`Int`, `Thread`): undefined on division by
    /// zero and outside 128 bits; `/` and `%` are Euclidean.
    fn int_arith(&mut self, op: BinOp, l: &Self::V, r: &Self::V) -> R<Self::V>;
    fn int_neg(&mut self, v: &Self::V) -> R<Self::V>;
    /// An `Int` or `J32` as a Java value of `width` (32 or 64) bits: an
    /// `Int` must fit; a `J32` is sign-extended.
    fn to_bits(&mut self, v: &Self::V, width: u32) -> R<Self::V>;
    /// Java `int` (32) or `long` (64) arithmetic; division by zero is undefined.
    fn bits_arith(&mut self, op: BinOp, width: u32, l: &Self::V, r: &Self::V) -> R<Self::V>;
    fn bits_neg(&mut self, v: &Self::V) -> R<Self::V>;
    fn float_neg(&mut self, v: &Self::V) -> R<Self::V>;
    /// Two numbers compared by mathematical value (`Eq`, `Lt`, `Le`, `Gt`,
    /// `Ge`); a NaN is unordered and unequal to everything.
    fn compare(&mut self, op: BinOp, l: &Self::V, r: &Self::V) -> R<Self::V>;
    /// Two booleans, or two references, are the same.
    fn same(&mut self, l: &Self::V, r: &Self::V) -> R<Self::V>;
    /// An integral value as a number (slot indices), when the domain knows it.
    fn known_int(&self, v: &Self::V) -> Option<i128>;

    // The state.
    fn heap_length(&mut self) -> R<Self::V>;
    fn thread_count(&mut self) -> R<Self::V>;
    fn thread_attr(&mut self, t: &Self::V, a: ThreadAttr) -> R<Self::V>;
    /// The top frame of thread `t`; None when it has none.
    fn top_frame(&mut self, t: &Self::V) -> R<Option<Self::V>>;
    /// Frame `k` (0 = bottom) of the thread of a thread case (frame aliases).
    fn frame(&mut self, t: &Self::V, k: usize) -> Self::V;
    fn frame_pc(&mut self, f: &Self::V) -> R<Self::V>;
    fn frame_stack_size(&mut self, f: &Self::V) -> R<Self::V>;
    fn slot(&mut self, f: &Self::V, kind: SlotKind, i: i128) -> R<Self::V>;
    /// Attribute `attr` of the reference `r` (a field, `monitor`, `mcount`,
    /// an array's `length`); undefined for null.
    fn object_attr(&mut self, r: &Self::V, attr: &str) -> R<Self::V>;
    /// The same, where the program declares `r` as of class `class`
    /// (`invariant::declared_class`): the value is the same in every state
    /// a verified program reaches; the prover reads fewer classes' fields.
    fn declared_attr(&mut self, r: &Self::V, attr: &str, class: &str) -> R<Self::V> {
        let _ = class;
        self.object_attr(r, attr)
    }
    fn array_length(&mut self, r: &Self::V) -> R<Self::V>;
    /// The kind of `a[i]` for arrays of element descriptor `desc` (`a` for messages).
    fn element_kind(&mut self, desc: Option<&str>, a: &Expr) -> R<K>;
    /// Element `i` (integral) of the array `r` of element descriptor `desc`.
    fn element(&mut self, r: &Self::V, i: &Self::V, desc: Option<&str>) -> R<Self::V>;
    /// `r is class` (r a reference; null is no instance).
    fn instance_of(&mut self, r: &Self::V, class: &str) -> R<Self::V>;
    /// `ref(i)`, `addr(r)`, `thread(i)`.
    fn to_ref(&mut self, i: &Self::V) -> R<Self::V>;
    fn addr(&mut self, r: &Self::V) -> R<Self::V>;
    /// `thread_of(r)`: the thread whose object `r` is (undefined for null
    /// and for objects no thread has).
    fn thread_of(&mut self, r: &Self::V) -> R<Self::V>;
    fn to_thread(&mut self, i: &Self::V) -> R<Self::V>;
    fn class_object(&mut self, class: &str) -> R<Self::V>;
    fn static_field(&mut self, class: &str, field: &str) -> R<Self::V>;
    /// Switches to the old (`old(e)`) or the new state (`new(e)`).
    fn enter_state(&mut self, old: bool) -> R<Self::Saved>;
    fn leave_state(&mut self, saved: Self::Saved);
    /// What a quantifier over `over` ranges over in the state at hand.
    fn quantified(&mut self, over: Domain) -> R<Range<Self::V>>;
    /// Value `k` of a `Range::Count`.
    fn nth(&mut self, over: Domain, k: usize) -> Self::V;
    /// The quantifier over the `Range::Var` `var` whose body, evaluated
    /// once with `var` bound, is `body` (of any kind): it must mean what
    /// unfolding it in order would (see `Eval::eval`'s `Quant`).
    fn close(&mut self, all: bool, over: Domain, var: &Self::V, body: &Self::V) -> R<Self::V> {
        let _ = (all, over, var, body);
        Err("this domain enumerates its quantifiers".into())
    }

    // Hooks with nothing to do by default.
    /// The value `e` evaluated to.
    fn observed(&mut self, e: &Expr, v: &Self::V) {
        let _ = (e, v);
    }
    /// Whether `base.attr == k` should record only the equality (the
    /// concrete domain's dependencies); `begin_equality` returns whether
    /// it did, and then the attribute read is not recorded.
    fn tracks_equalities(&self) -> bool {
        false
    }
    fn begin_equality(&mut self, base: &Self::V, attr: &str, k: &Self::V) -> bool {
        let _ = (base, attr, k);
        false
    }
    fn end_equality(&mut self, muted: bool) {
        let _ = muted;
    }
}

/// An evaluation: the domain, the variables in scope, and the thread whose
/// top frame `local`, `stack`, `pc` and `stack_size` read.
pub struct Eval<'c, D: Values> {
    pub c: &'c Compiled,
    pub d: D,
    pub vars: Vec<(String, D::V)>,
    pub ctx: Option<D::V>,
    depth: usize,
}

impl<'c, D: Values> Eval<'c, D> {
    pub fn new(c: &'c Compiled, d: D) -> Self {
        Eval {
            c,
            d,
            vars: Vec::new(),
            ctx: None,
            depth: 0,
        }
    }

    /// Binds the thread variable and case `case`'s frame aliases for
    /// thread `t`, whose top frame bare slots then read.
    pub fn thread_case(&mut self, t: D::V, case: usize) {
        self.vars.clear();
        self.vars.push((self.c.thread_var.clone(), t.clone()));
        for (k, p) in self.c.cases[case].1.iter().enumerate() {
            if let Some(a) = &p.alias {
                let f = self.d.frame(&t, k);
                self.vars.push((a.clone(), f));
            }
        }
        self.ctx = Some(t);
    }

    /// Binds an object predicate's variable.
    pub fn object(&mut self, var: &str, r: D::V) {
        self.vars.clear();
        self.vars.push((var.to_string(), r));
        self.ctx = None;
    }

    /// No variables (global facts, relations).
    pub fn global(&mut self) {
        self.vars.clear();
        self.ctx = None;
    }

    fn lookup(&self, name: &str) -> Option<D::V> {
        self.vars
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    /// A boolean `t` defined where `def` holds.
    fn bool_where(&mut self, t: D::C, def: D::C) -> R<D::V> {
        let v = self.d.boolean(t);
        self.d.restrict(v, def, || "undefined".into())
    }

    fn negate(&mut self, v: D::V) -> R<D::V> {
        let t = self.d.truth(&v);
        let t = self.d.not(t);
        let def = self.d.defined(&v);
        self.bool_where(t, def)
    }

    pub fn eval(&mut self, e: &Expr) -> R<D::V> {
        let v = self.eval_inner(e)?;
        self.d.observed(e, &v);
        Ok(v)
    }

    fn eval_inner(&mut self, e: &Expr) -> R<D::V> {
        match e {
            Expr::Int(v, _) => Ok(self.d.int(*v as i128)),
            Expr::Bool(b, _) => {
                let c = self.d.cond(*b);
                Ok(self.d.boolean(c))
            }
            Expr::Null(_) => Ok(self.d.null()),
            Expr::Name(n, _) => self.name(n),
            Expr::Call(f, args, _) => self.call(f, args),
            Expr::Dot(base, attr, _) => self.dot(base, attr),
            Expr::Index(a, i, _) => self.index(a, i),
            Expr::Slot {
                frame, kind, index, ..
            } => {
                let f = match frame {
                    Some(f) => {
                        let v = self.eval(f)?;
                        match self.d.kind(&v) {
                            K::Frame(_) => v,
                            K::Thread => match self.d.top_frame(&v)? {
                                Some(f) => f,
                                None => {
                                    let t = self.d.show(&v);
                                    return self
                                        .d
                                        .undefined(K::Int, || format!("{t} has no frames"));
                                }
                            },
                            _ => {
                                return Err(format!(
                                    "{} is not a frame or a thread",
                                    self.d.show(&v)
                                ));
                            }
                        }
                    }
                    None => match self.top()? {
                        Some(f) => f,
                        None => {
                            return self
                                .d
                                .undefined(K::Int, || "the thread has no frames".into());
                        }
                    },
                };
                let idx = self.eval(index)?;
                let i = self
                    .d
                    .known_int(&idx)
                    .ok_or("a slot index must be a number")?;
                self.d.slot(&f, *kind, i)
            }
            Expr::Is(x, class, _) => {
                let r = self.eval(x)?;
                if self.d.kind(&r) != K::Ref {
                    let s = self.d.show(&r);
                    return self
                        .d
                        .undefined(K::Bool, || format!("`is` needs a reference, found {s}"));
                }
                self.d.instance_of(&r, class)
            }
            Expr::Unary(UnOp::Not, x, _) => {
                let v = self.eval(x)?;
                if self.d.kind(&v) != K::Bool {
                    let s = self.d.show(&v);
                    return self
                        .d
                        .undefined(K::Bool, || format!("`!` needs a boolean, found {s}"));
                }
                self.negate(v)
            }
            Expr::Unary(UnOp::Neg, x, _) => {
                let v = self.eval(x)?;
                match self.d.kind(&v) {
                    K::J32 | K::J64 => self.d.bits_neg(&v),
                    K::F64 => self.d.float_neg(&v),
                    K::Int | K::Thread => self.d.int_neg(&v),
                    _ => {
                        let s = self.d.show(&v);
                        self.d
                            .undefined(K::Int, || format!("`-` needs a number, found {s}"))
                    }
                }
            }
            Expr::Binary(op, a, b, _) => self.binary(*op, a, b),
            Expr::If(c, a, b, _) => {
                let c = self.eval(c)?;
                if self.d.kind(&c) != K::Bool {
                    let a = self.eval(a)?;
                    let (k, s) = (self.d.kind(&a), self.d.show(&c));
                    return self
                        .d
                        .undefined(k, || format!("`if` needs a boolean, found {s}"));
                }
                let t = self.d.truth(&c);
                let def = self.d.defined(&c);
                if let Some(b0) = self.d.known(&t) {
                    let v = self.eval(if b0 { a } else { b })?;
                    return self.d.restrict(v, def, || "undefined condition".into());
                }
                let a = self.eval(a)?;
                let b = self.eval(b)?;
                if self.d.kind(&a) != self.d.kind(&b) {
                    return Err("both arms of `if` must have the same type here".into());
                }
                Ok(self.d.ite(&c, a, b))
            }
            Expr::Quant {
                all,
                var,
                over,
                body,
                ..
            } => self.quantifier(*all, var, *over, body),
        }
    }

    /// `forall`/`exists`: unfolded in order over a `Range::Count` (the
    /// first value that decides it, or is undefined, ends it), or closed
    /// by the domain over a `Range::Var`.
    fn quantifier(&mut self, all: bool, var: &str, over: Domain, body: &Expr) -> R<D::V> {
        let n = match self.d.quantified(over)? {
            Range::Count(n) => n,
            Range::Var(v) => {
                let at = self.vars.len();
                self.vars.push((var.to_string(), v.clone()));
                let r = self.eval(body);
                self.vars.truncate(at);
                return self.d.close(all, over, &v, &r?);
            }
        };
        // The variable is bound once and rebound to each value (its
        // name is not copied per value); the body's own bindings are
        // balanced, so it stays at `at`.
        let at = self.vars.len();
        let mut decided = Ok(all);
        for k in 0..n {
            let v = self.d.nth(over, k);
            if k == 0 {
                self.vars.push((var.to_string(), v));
            } else {
                self.vars[at].1 = v;
            }
            match self.quantified_body(body, all) {
                Ok(None) => {}
                Ok(Some(b)) => {
                    decided = Ok(b);
                    break;
                }
                Err(e) => {
                    decided = Err(e);
                    break;
                }
            }
        }
        self.vars.truncate(at);
        let c = self.d.cond(decided?);
        Ok(self.d.boolean(c))
    }

    /// A quantifier's body for the value bound last: `Some(b)` when it
    /// decides the quantifier (`b`, the other way than `all`).
    fn quantified_body(&mut self, body: &Expr, all: bool) -> R<Option<bool>> {
        let r = self.eval(body)?;
        if self.d.kind(&r) != K::Bool {
            return Err(format!(
                "a quantifier's body must be boolean, found {}",
                self.d.show(&r)
            ));
        }
        let t = self.d.truth(&r);
        match self.d.known(&t) {
            Some(b) if b != all => Ok(Some(b)),
            Some(_) => Ok(None),
            None => Err("a quantifier needs known values".into()),
        }
    }

    /// The case thread's top frame (None: it has none).
    fn top(&mut self) -> R<Option<D::V>> {
        let t = self.ctx.clone().ok_or(
            "`local`, `stack`, `pc` and `stack_size` are only meaningful in a thread case",
        )?;
        self.d.top_frame(&t)
    }

    fn name(&mut self, n: &str) -> R<D::V> {
        if let Some(v) = self.lookup(n) {
            return Ok(v);
        }
        if matches!(n, "pc" | "stack_size") {
            let Some(f) = self.top()? else {
                return self
                    .d
                    .undefined(K::Int, || "the thread has no frames".into());
            };
            return if n == "pc" {
                self.d.frame_pc(&f)
            } else {
                self.d.frame_stack_size(&f)
            };
        }
        if let Some(def) = self.c.defs.get(n) {
            return self.apply(n, def, &[]);
        }
        Err(format!("unknown name `{n}`"))
    }

    fn apply(&mut self, name: &str, def: &'c (Vec<String>, Expr), args: &[Expr]) -> R<D::V> {
        if def.0.len() != args.len() {
            return Err(format!(
                "`{name}` takes {} arguments, given {}",
                def.0.len(),
                args.len()
            ));
        }
        // The checks bound definitions' nesting (invariant::depth); this
        // is a safety net.
        if self.depth > super::parse::MAX_NESTING {
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

    fn call(&mut self, f: &str, args: &[Expr]) -> R<D::V> {
        let one = || -> R<&Expr> {
            match args {
                [a] => Ok(a),
                _ => Err(format!("`{f}` takes one argument")),
            }
        };
        match f {
            "ref" | "thread" => {
                let v = self.eval(one()?)?;
                if !self.d.kind(&v).integral() {
                    let s = self.d.show(&v);
                    let k = if f == "ref" { K::Ref } else { K::Thread };
                    return self
                        .d
                        .undefined(k, || format!("`{f}` needs a number, found {s}"));
                }
                if f == "ref" {
                    self.d.to_ref(&v)
                } else {
                    self.d.to_thread(&v)
                }
            }
            "addr" | "length" | "thread_of" => {
                let v = self.eval(one()?)?;
                if self.d.kind(&v) != K::Ref {
                    let s = self.d.show(&v);
                    return self
                        .d
                        .undefined(K::Int, || format!("`{f}` needs a reference, found {s}"));
                }
                if f == "addr" {
                    self.d.addr(&v)
                } else if f == "thread_of" {
                    self.d.thread_of(&v)
                } else {
                    self.d.array_length(&v)
                }
            }
            "defined" => {
                let c = match self.eval(one()?) {
                    Ok(v) => self.d.defined(&v),
                    Err(why) => self.d.stopped(why)?,
                };
                Ok(self.d.boolean(c))
            }
            "old" | "new" => {
                let arg = one()?;
                let saved = self.d.enter_state(f == "old")?;
                let r = self.eval(arg);
                self.d.leave_state(saved);
                r
            }
            "class" => {
                let path = dotted_path(one()?).ok_or("`class` takes a class name")?;
                self.d.class_object(&path)
            }
            // `sites::resolve` replaces each by the address it names.
            "allocated" => Err(
                "internal error: `allocated(...)` was not resolved to an address (please report it)"
                    .into(),
            ),
            "static" => {
                let path = dotted_path(one()?).ok_or("`static` takes `Class.field`")?;
                let (class, field) = path
                    .rsplit_once('/')
                    .ok_or("`static` takes `Class.field`")?;
                self.d.static_field(class, field)
            }
            _ => {
                let Some(def) = self.c.defs.get(f) else {
                    return Err(format!("unknown function `{f}`"));
                };
                self.apply(f, def, args)
            }
        }
    }

    fn dot(&mut self, base: &Expr, attr: &str) -> R<D::V> {
        if let Expr::Name(n, _) = base
            && self.lookup(n).is_none()
            && !self.c.defs.contains_key(n.as_str())
        {
            match (n.as_str(), attr) {
                ("heap", "length") => return self.d.heap_length(),
                ("threads", "count") => return self.d.thread_count(),
                _ => {}
            }
        }
        let v = self.eval(base)?;
        if self.d.kind(&v) == K::Ref
            && let Some(c) = super::declared_class(self.c, self.d.classes(), base)
        {
            return self.d.declared_attr(&v, attr, &c);
        }
        self.attr(v, attr)
    }

    fn attr(&mut self, v: D::V, attr: &str) -> R<D::V> {
        match self.d.kind(&v) {
            K::Thread => {
                let read = |d: &mut D, a| d.thread_attr(&v, a);
                match attr {
                    "object" => read(&mut self.d, ThreadAttr::Object),
                    "waits_on" => read(&mut self.d, ThreadAttr::WaitsOn),
                    "wait_count" => read(&mut self.d, ThreadAttr::WaitCount),
                    "depth" => read(&mut self.d, ThreadAttr::Depth),
                    "pc" => read(&mut self.d, ThreadAttr::Pc),
                    "scheduled" => read(&mut self.d, ThreadAttr::Scheduled),
                    // Started and not finished / started, no frames left.
                    "alive" | "finished" => {
                        let s = read(&mut self.d, ThreadAttr::Scheduled)?;
                        let depth = read(&mut self.d, ThreadAttr::Depth)?;
                        let zero = self.d.int(0);
                        let cmp = if attr == "alive" {
                            BinOp::Gt
                        } else {
                            BinOp::Eq
                        };
                        let frames = self.d.compare(cmp, &depth, &zero)?;
                        let (a, b) = (self.d.truth(&s), self.d.truth(&frames));
                        let t = self.d.and(a, b);
                        // Both are defined wherever the thread is.
                        let def = self.d.defined(&v);
                        self.bool_where(t, def)
                    }
                    "waiting" => {
                        let w = read(&mut self.d, ThreadAttr::WaitsOn)?;
                        let null = self.d.null();
                        let is_null = self.d.same(&w, &null)?;
                        self.negate(is_null)
                    }
                    "top" => match self.d.top_frame(&v)? {
                        Some(f) => Ok(f),
                        None => {
                            let s = self.d.show(&v);
                            self.d
                                .undefined(K::Frame(0), || format!("{s} has no frames"))
                        }
                    },
                    _ => self
                        .d
                        .undefined(K::Int, || format!("a thread has no attribute `{attr}`")),
                }
            }
            K::Frame(_) => match attr {
                "pc" => self.d.frame_pc(&v),
                "stack_size" => self.d.frame_stack_size(&v),
                _ => self
                    .d
                    .undefined(K::Int, || format!("a frame has no attribute `{attr}`")),
            },
            K::Ref => self.d.object_attr(&v, attr),
            _ => {
                let s = self.d.show(&v);
                self.d
                    .undefined(K::Int, || format!("{s} has no attribute `{attr}`"))
            }
        }
    }

    /// `a[i]`, read at the element type the program gives `a` (see
    /// `super::array_elem_desc`): undefined for null, an index out of
    /// bounds, or an array of another element type.
    fn index(&mut self, a: &Expr, i: &Expr) -> R<D::V> {
        let desc = super::array_elem_desc(&self.c.defs, self.d.classes(), a);
        let k = self.d.element_kind(desc.as_deref(), a)?;
        let v = self.eval(a)?;
        let iv = self.eval(i)?;
        if self.d.kind(&v) != K::Ref {
            let s = self.d.show(&v);
            return self
                .d
                .undefined(k, || format!("[...] needs an array, found {s}"));
        }
        if !matches!(self.d.kind(&iv), K::Int | K::J32 | K::J64) {
            let s = self.d.show(&iv);
            return self.d.undefined(k, || {
                format!("an array index must be an integer, found {s}")
            });
        }
        self.d.element(&v, &iv, desc.as_deref())
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr) -> R<D::V> {
        match op {
            BinOp::And | BinOp::Or | BinOp::Implies => return self.logic(op, a, b),
            BinOp::Eq | BinOp::Ne if self.d.tracks_equalities() => {
                if let Some(v) = self.equality_of_location(op, a, b) {
                    return v;
                }
            }
            _ => {}
        }
        let l = self.eval(a)?;
        let r = self.eval(b)?;
        match op {
            BinOp::Eq => self.equal(&l, &r),
            BinOp::Ne => {
                let v = self.equal(&l, &r)?;
                self.negate(v)
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                let (kl, kr) = (self.d.kind(&l), self.d.kind(&r));
                if kl.number() && kr.number() {
                    self.d.compare(op, &l, &r)
                } else {
                    let (x, y) = (self.d.show(&l), self.d.show(&r));
                    self.d
                        .undefined(K::Bool, || format!("cannot order {x} and {y}"))
                }
            }
            _ => self.arith(op, &l, &r),
        }
    }

    /// Short-circuit connectives: the left side must be a boolean; the
    /// right one is needed (and must be a boolean) only where the left one
    /// does not decide.
    fn logic(&mut self, op: BinOp, a: &Expr, b: &Expr) -> R<D::V> {
        let l = self.eval(a)?;
        if self.d.kind(&l) != K::Bool {
            let s = self.d.show(&l);
            return self.d.undefined(K::Bool, || {
                format!("a logical operator needs booleans, found {s}")
            });
        }
        let tl = self.d.truth(&l);
        let dl = self.d.defined(&l);
        let short = match op {
            BinOp::Or => tl.clone(),
            _ => self.d.not(tl.clone()),
        };
        let short_value = self.d.cond(op != BinOp::And);
        if self.d.known(&short) == Some(true) {
            return self.bool_where(short_value, dl);
        }
        let r = self.eval(b)?;
        if self.d.kind(&r) != K::Bool {
            let s = self.d.show(&r);
            let v = self.d.boolean(short_value);
            let def = self.d.and(dl, short);
            return self.d.restrict(v, def, || {
                format!("a logical operator needs booleans, found {s}")
            });
        }
        let tr = self.d.truth(&r);
        let t = match op {
            BinOp::And => self.d.and(tl, tr),
            BinOp::Or => self.d.or(tl, tr),
            _ => self.d.implies(tl, tr),
        };
        let dr = self.d.defined(&r);
        let either = self.d.or(short, dr);
        let def = self.d.and(dl, either);
        self.bool_where(t, def)
    }

    /// `==`: booleans with booleans, references with references, numbers
    /// by mathematical value.
    fn equal(&mut self, l: &D::V, r: &D::V) -> R<D::V> {
        match (self.d.kind(l), self.d.kind(r)) {
            (K::Bool, K::Bool) | (K::Ref, K::Ref) => self.d.same(l, r),
            (kl, kr) if kl.number() && kr.number() => self.d.compare(BinOp::Eq, l, r),
            _ => {
                let (x, y) = (self.d.show(l), self.d.show(r));
                self.d
                    .undefined(K::Bool, || format!("cannot compare {x} with {y}"))
            }
        }
    }

    /// Java arithmetic: `int` op `int` wraps in 32 bits, `long` in 64; a
    /// plain number adopts the Java type of the other side (and must fit);
    /// plain numbers alone are mathematical integers. A thread number is
    /// not a Java value.
    fn arith(&mut self, op: BinOp, l: &D::V, r: &D::V) -> R<D::V> {
        let (kl, kr) = (self.d.kind(l), self.d.kind(r));
        let width = if kl == K::J64 || kr == K::J64 {
            64
        } else if kl == K::J32 || kr == K::J32 {
            32
        } else {
            0
        };
        let result = match width {
            64 => K::J64,
            32 => K::J32,
            _ => K::Int,
        };
        if !kl.integral() || !kr.integral() || (width > 0 && (kl == K::Thread || kr == K::Thread)) {
            let (x, y) = (self.d.show(l), self.d.show(r));
            return self.d.undefined(result, || {
                format!("arithmetic needs numbers of one Java type, found {x} and {y}")
            });
        }
        if width == 0 {
            return self.d.int_arith(op, l, r);
        }
        let x = self.d.to_bits(l, width)?;
        let y = self.d.to_bits(r, width)?;
        self.d.bits_arith(op, width, &x, &y)
    }

    /// `loc == value` where one side reads one location (`base.attr`):
    /// a domain that tracks what evaluations read records only the
    /// equality, not the location's value (so that every thread's "the
    /// lock's owner is not me" does not depend on who owns it).
    fn equality_of_location(&mut self, op: BinOp, a: &Expr, b: &Expr) -> Option<R<D::V>> {
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
        let mut go = || -> R<D::V> {
            let k = self.eval(other)?;
            let bv = self.eval(base)?;
            let muted = self.d.begin_equality(&bv, attr, &k);
            let v = self.attr(bv, attr);
            self.d.end_equality(muted);
            let v = v?;
            let eq = self.equal(&v, &k)?;
            if op == BinOp::Eq {
                Ok(eq)
            } else {
                self.negate(eq)
            }
        };
        Some(go())
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
