//! The invariant language over symbolic states: every expression becomes
//! an SMT term and a definedness condition, so a fact "holds" exactly when
//! the concrete evaluator (`invariant::eval`) would say so: defined and
//! true. Short-circuit connectives keep their meaning (`a => b` is defined
//! when `a` is false even if `b` is not).

use super::smt::{self, Script, Sort};
use super::sym::*;
use crate::classfile::ClassTable;
use crate::invariant::Compiled;
use crate::invariant::ast::*;

/// The kinds of values the translation knows: the concrete evaluator's
/// `V` without floats (reading one is "not modeled").
#[derive(Clone, Debug, PartialEq)]
pub enum K {
    Int,
    J32,
    J64,
    Bool,
    Ref,
    Thread,
    /// Frame `i` of the thread in context.
    Frame(usize),
}

#[derive(Clone, Debug)]
struct SV {
    k: K,
    t: String,
    d: String,
    /// Bounds of an `Int` value in every real state: plain numbers are
    /// 128-bit in the concrete evaluator (overflow is undefined there), so
    /// arithmetic whose bounds may leave that range adds the range to `d`.
    range: (i128, i128),
}

/// Addresses, thread numbers, counts, depths and pcs of real states (m5
/// keeps them in 32 bits; null is -1).
const MACHINE: (i128, i128) = (-1, 1 << 32);

impl SV {
    fn new(k: K, t: impl Into<String>, d: impl Into<String>) -> SV {
        let t = t.into();
        let range = match lit(&t) {
            Some(v) if k == K::Int => (v, v),
            _ => MACHINE,
        };
        SV {
            k,
            t,
            d: d.into(),
            range,
        }
    }
    fn with_range(mut self, range: (i128, i128)) -> SV {
        self.range = range;
        self
    }
    /// A value that does not exist; its term is any well-sorted default.
    fn undefined(k: K) -> SV {
        let t = match k {
            K::Bool => "false".to_string(),
            K::J32 => smt::bv32(0),
            K::J64 => smt::bv64(0),
            _ => "0".to_string(),
        };
        SV::new(k, t, "false")
    }
}

/// One conjunct, as a formula ("defined and true").
#[derive(Clone, Debug)]
pub struct FactTerm {
    /// Where it comes from: "global", "thread th at Job.run@4 > ...", "object o".
    pub part: String,
    pub name: String,
    pub span: Span,
    /// `file:line:col` of the fact.
    pub at: String,
    pub term: String,
    /// Values the fact reads: (source text, term, sort, is a reference),
    /// for counterexamples.
    pub reads: Vec<(String, String, Sort, bool)>,
}

/// A translated expression (`SEnv::value`).
#[derive(Clone, Debug)]
pub struct SymValue {
    pub kind: K,
    pub term: String,
    pub defined: String,
}

/// Where `SEnv::value` evaluates an expression (as `invariant::eval::Context`).
pub enum SContext<'b> {
    Global,
    /// Thread term `t` with these frames, in case `case` of `Compiled::cases`.
    Thread {
        t: String,
        frames: &'b [SFrame],
        case: usize,
    },
    /// An object predicate's variable bound to the address term `o`.
    Object {
        var: String,
        o: String,
    },
    /// A relation (the `SEnv`'s `old` heap is the old state).
    Relation,
}

/// The thread whose frames are spelled out (the case's thread).
pub struct ThreadCtx<'a> {
    pub t: String,
    pub frames: &'a [SFrame],
}

pub struct SEnv<'a> {
    pub c: &'a Compiled,
    pub classes: &'a ClassTable,
    pub s: &'a Heap,
    pub old: Option<&'a Heap>,
    pub sc: &'a mut Script,
    vars: Vec<(String, SV)>,
    thread: Option<ThreadCtx<'a>>,
    depth: usize,
    /// Reference terms the evaluation met (object facts are instantiated at
    /// them), and thread-number terms as `T:term`.
    pub refs: Vec<String>,
    reads: Vec<(String, String, Sort, bool)>,
}

type R = Result<SV, String>;

/// An integer literal's value, if `t` is one.
fn lit(t: &str) -> Option<i128> {
    if let Some(rest) = t.strip_prefix("(- ").and_then(|r| r.strip_suffix(')')) {
        return rest.parse::<i128>().ok().map(|v| -v);
    }
    t.parse().ok()
}

fn valid(h: &Heap, r: &str) -> String {
    format!("(and (<= 0 {r}) (< {r} {}))", h.h)
}

impl<'a> SEnv<'a> {
    pub fn new(
        c: &'a Compiled,
        classes: &'a ClassTable,
        s: &'a Heap,
        old: Option<&'a Heap>,
        sc: &'a mut Script,
    ) -> SEnv<'a> {
        SEnv {
            c,
            classes,
            s,
            old,
            sc,
            vars: Vec::new(),
            thread: None,
            depth: 0,
            refs: Vec::new(),
            reads: Vec::new(),
        }
    }

    fn text(&self, sp: Span) -> String {
        self.c
            .file
            .source
            .get(sp.start..sp.end)
            .unwrap_or("?")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn fact(&mut self, part: &str, f: &Fact) -> Result<FactTerm, String> {
        self.reads.clear();
        let v = self.eval(&f.expr)?;
        let term = if v.k == K::Bool {
            smt::and(&[v.d, v.t])
        } else {
            "false".into()
        };
        let (line, col) = self.c.file.line_col(f.span.start);
        Ok(FactTerm {
            part: part.to_string(),
            name: f.name.clone(),
            span: f.span,
            at: format!("{}:{line}:{col}", self.c.file.path),
            term,
            reads: std::mem::take(&mut self.reads),
        })
    }

    /// The global facts.
    pub fn global(&mut self) -> Result<Vec<FactTerm>, String> {
        let facts = self.c.global.clone();
        facts.iter().map(|f| self.fact("global", f)).collect()
    }

    /// The thread predicate for thread `t` with these frames: every matching
    /// case's facts, and "no case" (false) if none matches.
    pub fn thread(&mut self, t: &str, frames: &'a [SFrame]) -> Result<Vec<FactTerm>, String> {
        // No `when` cases: the invariant makes no per-thread claim, and
        // every thread's part is true (as in `invariant::eval::thread_part`).
        if self.c.cases.is_empty() {
            return Ok(Vec::new());
        }
        let stack: Vec<_> = frames.iter().map(|f| (f.method.id, f.pc())).collect();
        let cases = crate::invariant::eval::cases_for(self.c, &stack);
        let shape = crate::state::frames_text(frames);
        let part = format!("thread {t} at {shape}");
        if cases.is_empty() {
            return Ok(vec![FactTerm {
                part,
                name: "no case".into(),
                span: self.c.thread_span,
                at: format!(
                    "{}: no `when` case matches this call stack",
                    self.c.file.path
                ),
                term: "false".into(),
                reads: Vec::new(),
            }]);
        }
        let saved = self.thread.replace(ThreadCtx {
            t: t.to_string(),
            frames,
        });
        let mut out = Vec::new();
        for i in cases {
            let (case, pats) = &self.c.cases[i];
            let mut vars = vec![(self.c.thread_var.clone(), SV::new(K::Thread, t, "true"))];
            for (k, p) in pats.iter().enumerate() {
                if let Some(a) = &p.alias {
                    vars.push((a.clone(), SV::new(K::Frame(k), "0", "true")));
                }
            }
            self.vars = vars;
            for f in &case.facts {
                let ft = self.fact(&part, f);
                match ft {
                    Ok(ft) => out.push(ft),
                    Err(e) => {
                        self.thread = saved;
                        return Err(e);
                    }
                }
            }
        }
        self.vars.clear();
        self.thread = saved;
        Ok(out)
    }

    /// The object predicates for the object at address term `o` (each
    /// guarded by the object's class).
    pub fn object(&mut self, o: &str) -> Result<Vec<FactTerm>, String> {
        let mut out = Vec::new();
        for (var, class, facts) in self.c.objects.clone() {
            let guard = match class {
                Some(cid) => super::step::class_in(self.s, o, &self.all_subclasses(cid)),
                None => "true".into(),
            };
            self.vars = vec![(var.clone(), SV::new(K::Ref, o, "true"))];
            for f in &facts {
                let mut ft = self.fact(&format!("object {o}"), f)?;
                ft.term = smt::implies(&guard, &ft.term);
                out.push(ft);
            }
        }
        self.vars.clear();
        Ok(out)
    }

    /// A relation's facts between `old` and `s`.
    pub fn relation(&mut self, name: &str) -> Result<Vec<FactTerm>, String> {
        let facts = self
            .c
            .relations
            .get(name)
            .ok_or_else(|| format!("the invariant has no relation {name}"))?
            .clone();
        facts
            .iter()
            .map(|f| self.fact(&format!("relation {name}"), f))
            .collect()
    }

    /// The translation of `e` in `ctx`: its kind, term and definedness
    /// condition (for cross-checks with `invariant::eval::value`).
    pub fn value(&mut self, ctx: SContext<'a>, e: &Expr) -> Result<SymValue, String> {
        let saved = self.thread.take();
        self.vars.clear();
        match ctx {
            SContext::Global | SContext::Relation => {}
            SContext::Thread { t, frames, case } => {
                self.vars.push((
                    self.c.thread_var.clone(),
                    SV::new(K::Thread, t.clone(), "true"),
                ));
                for (k, p) in self.c.cases[case].1.iter().enumerate() {
                    if let Some(a) = &p.alias {
                        self.vars
                            .push((a.clone(), SV::new(K::Frame(k), "0", "true")));
                    }
                }
                self.thread = Some(ThreadCtx { t, frames });
            }
            SContext::Object { var, o } => self.vars.push((var, SV::new(K::Ref, o, "true"))),
        }
        let r = self.eval(e);
        self.vars.clear();
        self.thread = saved;
        let v = r?;
        Ok(SymValue {
            kind: v.k,
            term: v.t,
            defined: v.d,
        })
    }

    fn all_subclasses(&self, sup: u32) -> Vec<i64> {
        self.classes
            .classes
            .iter()
            .filter(|c| self.classes.is_subclass(c.id, sup))
            .map(|c| c.id as i64)
            .collect()
    }

    fn lookup(&self, n: &str) -> Option<SV> {
        self.vars
            .iter()
            .rev()
            .find(|(x, _)| x == n)
            .map(|(_, v)| v.clone())
    }

    fn ctx_frame(&self, i: usize) -> Result<&SFrame, String> {
        self.thread
            .as_ref()
            .and_then(|t| t.frames.get(i))
            .ok_or_else(|| "a frame outside a thread case".to_string())
    }

    /// The case's top frame; None for a finished thread (`when done`),
    /// whose frames are undefined, as in `invariant::eval`.
    fn top_index(&self) -> Result<Option<usize>, String> {
        match &self.thread {
            Some(t) => Ok(t.frames.len().checked_sub(1)),
            _ => Err("`local`/`stack`/`pc` outside a thread case".into()),
        }
    }

    fn is_ctx_thread(&self, t: &str) -> bool {
        self.thread.as_ref().is_some_and(|c| c.t == t)
    }

    fn record(&mut self, sp: Span, v: &SV) {
        let sort = match v.k {
            K::J32 => Sort::Bv32,
            K::J64 => Sort::Bv64,
            K::Bool => Sort::Bool,
            K::Int | K::Ref | K::Thread => Sort::Int,
            K::Frame(_) => return,
        };
        if self.reads.len() < 12 && v.d != "false" {
            let text = self.text(sp);
            if !self.reads.iter().any(|(t, _, _, _)| *t == text) {
                self.reads.push((text, v.t.clone(), sort, v.k == K::Ref));
            }
        }
    }

    fn eval(&mut self, e: &Expr) -> R {
        let v = self.eval_inner(e)?;
        if matches!(e, Expr::Dot(..) | Expr::Slot { .. } | Expr::Index(..))
            || matches!(e, Expr::Call(f, _, _) if f == "old" || f == "new")
        {
            self.record(e.span(), &v);
        }
        // Literal addresses and thread numbers (`ref(2)`, `thread(1)`) get
        // their facts too; null has none.
        if v.k == K::Ref && v.t != NULL && !self.refs.contains(&v.t) {
            self.refs.push(v.t.clone());
        }
        // Thread numbers are recorded as `T:term`.
        if v.k == K::Thread {
            let t = format!("T:{}", v.t);
            if !self.refs.contains(&t) {
                self.refs.push(t);
            }
        }
        Ok(v)
    }

    fn eval_inner(&mut self, e: &Expr) -> R {
        match e {
            Expr::Int(v, _) => Ok(SV::new(K::Int, smt::int(*v), "true")),
            Expr::Bool(b, _) => Ok(SV::new(K::Bool, b.to_string(), "true")),
            Expr::Null(_) => Ok(SV::new(K::Ref, NULL, "true")),
            Expr::Name(n, _) => self.name(n),
            Expr::Call(f, args, _) => self.call(f, args),
            Expr::Dot(base, attr, _) => self.dot(base, attr),
            Expr::Index(a, i, span) => self.index(a, i, *span),
            Expr::Slot {
                frame, kind, index, ..
            } => {
                let i = match frame {
                    Some(f) => match self.eval(f)? {
                        SV { k: K::Frame(i), .. } => i,
                        SV { k: K::Thread, t, .. } if self.is_ctx_thread(&t) => {
                            match self.top_index()? {
                                Some(i) => i,
                                None => return Ok(SV::undefined(K::Int)),
                            }
                        }
                        _ => {
                            return Err(
                                "the prover reads slots only of the case's own frames".into()
                            );
                        }
                    },
                    None => match self.top_index()? {
                        Some(i) => i,
                        None => return Ok(SV::undefined(K::Int)),
                    },
                };
                let idx = self.eval(index)?;
                let Some(idx) = lit(&idx.t).filter(|_| idx.d == "true") else {
                    return Err("the prover needs slot indices that are numbers".into());
                };
                let f = self.ctx_frame(i)?;
                let slots = if *kind == SlotKind::Local {
                    &f.locals
                } else {
                    &f.stack
                };
                Ok(match usize::try_from(idx).ok().and_then(|i| slots.get(i)) {
                    Some(v) => match v.ty {
                        Ty::I => SV::new(K::J32, v.t.clone(), "true"),
                        Ty::L => SV::new(K::J64, v.t.clone(), "true"),
                        Ty::A => SV::new(K::Ref, v.t.clone(), "true"),
                        Ty::Top => SV::undefined(K::Int),
                    },
                    None => SV::undefined(K::Int),
                })
            }
            Expr::Is(x, class, _) => {
                let r = self.eval(x)?;
                if r.k != K::Ref {
                    return Ok(SV::undefined(K::Bool));
                }
                let ids = match crate::invariant::class_id(self.classes, class) {
                    Some(c) => self.all_subclasses(c),
                    None => Vec::new(),
                };
                let is_null = smt::eq(&r.t, NULL);
                let t = smt::and(&[
                    smt::not(&is_null),
                    super::step::class_in(self.s, &r.t, &ids),
                ]);
                let d = smt::and(&[r.d, smt::or(&[is_null, valid(self.s, &r.t)])]);
                Ok(SV::new(K::Bool, t, d))
            }
            Expr::Unary(UnOp::Not, x, _) => {
                let v = self.eval(x)?;
                if v.k != K::Bool {
                    return Ok(SV::undefined(K::Bool));
                }
                Ok(SV::new(K::Bool, smt::not(&v.t), v.d))
            }
            Expr::Unary(UnOp::Neg, x, _) => {
                let v = self.eval(x)?;
                Ok(match v.k {
                    K::J32 | K::J64 => SV::new(v.k.clone(), format!("(bvneg {})", v.t), v.d),
                    K::Int | K::Thread => {
                        let (lo, hi) = v.range;
                        // -MIN overflows 128 bits (undefined concretely).
                        let d = if lo == i128::MIN {
                            smt::and(&[v.d, smt::not(&smt::eq(&v.t, &int128(i128::MIN)))])
                        } else {
                            v.d
                        };
                        let range = (hi.checked_neg().unwrap_or(i128::MAX), lo.checked_neg().unwrap_or(i128::MAX));
                        SV::new(K::Int, format!("(- {})", v.t), d).with_range(range)
                    }
                    _ => SV::undefined(K::Int),
                })
            }
            Expr::Binary(op, a, b, _) => self.binary(*op, a, b),
            Expr::If(c, a, b, _) => {
                let c = self.eval(c)?;
                let a = self.eval(a)?;
                let b = self.eval(b)?;
                if c.k != K::Bool {
                    return Ok(SV::undefined(a.k));
                }
                if a.k != b.k {
                    return Err("the prover needs both arms of `if` to have the same type".into());
                }
                let d = smt::and(&[c.d.clone(), smt::ite(&c.t, &a.d, &b.d)]);
                let range = (a.range.0.min(b.range.0), a.range.1.max(b.range.1));
                Ok(SV::new(a.k, smt::ite(&c.t, &a.t, &b.t), d).with_range(range))
            }
            Expr::Quant { .. } => Err(
                "quantifiers (forall/exists) are not supported by the prover: state the fact per thread or per object instead"
                    .into(),
            ),
        }
    }

    fn name(&mut self, n: &str) -> R {
        if let Some(v) = self.lookup(n) {
            return Ok(v);
        }
        match n {
            "pc" => {
                let Some(i) = self.top_index()? else {
                    return Ok(SV::undefined(K::Int));
                };
                let pc = self.ctx_frame(i)?.pc();
                return Ok(SV::new(K::Int, pc.to_string(), "true"));
            }
            "stack_size" => {
                let Some(i) = self.top_index()? else {
                    return Ok(SV::undefined(K::Int));
                };
                let n = self.ctx_frame(i)?.stack.len();
                return Ok(SV::new(K::Int, n.to_string(), "true"));
            }
            _ => {}
        }
        if let Some(def) = self.c.defs.get(n).cloned() {
            return self.apply(n, &def, &[]);
        }
        Err(format!("unknown name `{n}`"))
    }

    fn apply(&mut self, name: &str, def: &(Vec<String>, Expr), args: &[Expr]) -> R {
        if def.0.len() != args.len() || self.depth > 64 {
            return Err(format!("`{name}`: wrong number of arguments, or recursion"));
        }
        let vals = args
            .iter()
            .map(|a| self.eval(a))
            .collect::<Result<Vec<_>, _>>()?;
        let saved = std::mem::take(&mut self.vars);
        self.vars = def.0.iter().cloned().zip(vals).collect();
        self.depth += 1;
        let r = self.eval(&def.1);
        self.depth -= 1;
        self.vars = saved;
        r
    }

    /// `a[i]` at the element type the program gives `a`, as the concrete
    /// evaluator reads it (`invariant::array_elem_desc`).
    fn index(&mut self, a: &Expr, i: &Expr, span: crate::invariant::ast::Span) -> R {
        let Some(desc) = crate::invariant::array_elem_desc(&self.c.defs, self.classes, a) else {
            return Err(format!(
                "the prover reads `{}` only when the program's types give the array's element type (index an array-typed field or static)",
                self.text(span)
            ));
        };
        let (ty, code) = match desc.as_bytes().first() {
            Some(b'Z' | b'B' | b'C' | b'S' | b'I' | b'J') => (
                if desc == "J" { Ty::L } else { Ty::I },
                super::sym::elem_code(self.classes, &desc),
            ),
            Some(b'L') => (Ty::A, None),
            _ => {
                return Err(format!(
                    "the prover does not model arrays of {desc} (`{}`)",
                    self.text(span)
                ));
            }
        };
        let v = self.eval(a)?;
        let iv = self.eval(i)?;
        let k = kind_of(ty);
        if v.k != K::Ref {
            return Ok(SV::undefined(k));
        }
        let idx = match iv.k {
            K::Int => iv.t.clone(),
            K::J32 => smt::bv32_to_int(&iv.t),
            K::J64 => smt::bv64_to_int(&iv.t),
            _ => return Ok(SV::undefined(k)),
        };
        let h = self.s;
        let r = &v.t;
        let aty = smt::select(&h.aty, r);
        let fits = match code {
            Some(c) => format!("(= {aty} {c})"),
            None => format!("(>= {aty} 1000)"),
        };
        let d = smt::and(&[
            v.d.clone(),
            iv.d.clone(),
            valid(h, r),
            format!("(= {} {ARRAY_CLASS_SMT})", smt::select(&h.cls, r)),
            fits,
            format!("(<= 0 {idx})"),
            format!("(< {idx} {})", smt::select(&h.alen, r)),
        ]);
        let t = smt::select(&smt::select(h.elems(ty), r), &idx);
        Ok(SV::new(k, t, d))
    }

    /// An integer term for a number-like value (None: not a number).
    fn int_of(v: &SV) -> Option<String> {
        match v.k {
            K::Int | K::Thread => Some(v.t.clone()),
            K::J32 => Some(smt::bv32_to_int(&v.t)),
            K::J64 => Some(smt::bv64_to_int(&v.t)),
            _ => None,
        }
    }

    fn call(&mut self, f: &str, args: &[Expr]) -> R {
        let one = |args: &[Expr]| -> Result<Expr, String> {
            if args.len() == 1 {
                Ok(args[0].clone())
            } else {
                Err(format!("`{f}` takes one argument"))
            }
        };
        match f {
            "ref" => {
                let v = self.eval(&one(args)?)?;
                let Some(i) = Self::int_of(&v) else {
                    return Ok(SV::undefined(K::Ref));
                };
                let d = match lit(&i) {
                    Some(x) if (0..=u32::MAX as i128).contains(&x) => v.d,
                    Some(_) => "false".into(),
                    None => smt::and(&[v.d, format!("(<= 0 {i})"), format!("(<= {i} 4294967295)")]),
                };
                Ok(SV::new(K::Ref, i, d))
            }
            "addr" => {
                let v = self.eval(&one(args)?)?;
                if v.k != K::Ref {
                    return Ok(SV::undefined(K::Int));
                }
                let d = smt::and(&[v.d, smt::not(&smt::eq(&v.t, NULL))]);
                Ok(SV::new(K::Int, v.t, d))
            }
            "thread" => {
                let v = self.eval(&one(args)?)?;
                let Some(i) = Self::int_of(&v) else {
                    return Ok(SV::undefined(K::Thread));
                };
                let d = smt::and(&[v.d, format!("(and (<= 0 {i}) (< {i} {}))", self.s.n)]);
                Ok(SV::new(K::Thread, i, d))
            }
            "defined" => {
                let v = self.eval(&one(args)?)?;
                Ok(SV::new(K::Bool, v.d, "true"))
            }
            "old" | "new" => {
                let heap = if f == "old" {
                    self.old.ok_or("`old` is only meaningful in a relation")?
                } else {
                    self.s
                };
                let saved = std::mem::replace(&mut self.s, heap);
                let r = self.eval(&one(args)?);
                self.s = saved;
                r
            }
            "length" => {
                let v = self.eval(&one(args)?)?;
                if v.k != K::Ref {
                    return Ok(SV::undefined(K::Int));
                }
                let d = smt::and(&[
                    v.d,
                    valid(self.s, &v.t),
                    format!("(= {} {ARRAY_CLASS_SMT})", smt::select(&self.s.cls, &v.t)),
                ]);
                Ok(SV::new(K::Int, smt::select(&self.s.alen, &v.t), d))
            }
            "class" => {
                let path = crate::invariant::eval::dotted_path(&one(args)?)
                    .ok_or("`class` takes a class name")?;
                let cid = crate::invariant::class_id(self.classes, &path)
                    .ok_or_else(|| format!("no class {path}"))?;
                let m = smt::select(&self.s.mir, &cid.to_string());
                Ok(SV::new(K::Ref, m, "true"))
            }
            "static" => {
                let path = crate::invariant::eval::dotted_path(&one(args)?)
                    .ok_or("`static` takes `Class.field`")?;
                let (class, field) = path
                    .rsplit_once('/')
                    .ok_or("`static` takes `Class.field`")?;
                let cid = crate::invariant::class_id(self.classes, class)
                    .ok_or_else(|| format!("no class {class}"))?;
                let Some((_, desc, slot, _)) = self
                    .classes
                    .class(cid)
                    .statics
                    .iter()
                    .find(|s| &*s.0 == field)
                else {
                    return Ok(SV::undefined(K::Int));
                };
                let ty =
                    Ty::of_desc(desc).ok_or("the prover does not model floating-point statics")?;
                let t = self.s.static_field(self.sc, *slot, ty);
                Ok(SV::new(kind_of(ty), t, "true"))
            }
            _ => {
                let def = self
                    .c
                    .defs
                    .get(f)
                    .cloned()
                    .ok_or_else(|| format!("unknown function `{f}`"))?;
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
                ("heap", "length") => return Ok(SV::new(K::Int, self.s.h.clone(), "true")),
                ("threads", "count") => return Ok(SV::new(K::Int, self.s.n.clone(), "true")),
                _ => {}
            }
        }
        let v = self.eval(base)?;
        let h = self.s;
        match v.k {
            K::Thread => {
                let t = &v.t;
                let ctx = self
                    .thread
                    .as_ref()
                    .filter(|c| c.t == *t)
                    .map(|c| c.frames.len());
                let depth = match ctx {
                    Some(n) => n.to_string(),
                    None => smt::select(&h.depth, t),
                };
                let sched = smt::select(&h.sched, t);
                Ok(match attr {
                    "object" => SV::new(K::Ref, smt::select(&h.tobj, t), v.d),
                    "scheduled" => SV::new(K::Bool, sched, v.d),
                    "alive" => SV::new(K::Bool, format!("(and {sched} (> {depth} 0))"), v.d),
                    "finished" => SV::new(K::Bool, format!("(and {sched} (= {depth} 0))"), v.d),
                    "waits_on" => SV::new(K::Ref, smt::select(&h.wobj, t), v.d),
                    "waiting" => SV::new(
                        K::Bool,
                        smt::not(&smt::eq(&smt::select(&h.wobj, t), NULL)),
                        v.d,
                    ),
                    "wait_count" => {
                        let w = smt::select(&h.wobj, t);
                        let c = smt::select(&h.wcnt, t);
                        SV::new(K::Int, smt::ite(&smt::eq(&w, NULL), "0", &c), v.d)
                    }
                    "depth" => SV::new(K::Int, depth, v.d),
                    "pc" => match ctx {
                        Some(n) if n > 0 => {
                            SV::new(K::Int, self.ctx_frame(n - 1)?.pc().to_string(), v.d)
                        }
                        Some(_) => SV::undefined(K::Int),
                        None => SV::new(
                            K::Int,
                            smt::select(&h.tpc, t),
                            smt::and(&[v.d, format!("(> {depth} 0)")]),
                        ),
                    },
                    "top" => match ctx {
                        Some(n) if n > 0 => SV::new(K::Frame(n - 1), "0", v.d),
                        _ => {
                            return Err(
                                "the prover reads `top` only of the case's own thread".into()
                            );
                        }
                    },
                    _ => SV::undefined(K::Int),
                })
            }
            K::Frame(i) => {
                let f = self.ctx_frame(i)?;
                Ok(match attr {
                    "pc" => SV::new(K::Int, f.pc().to_string(), "true"),
                    "stack_size" => SV::new(K::Int, f.stack.len().to_string(), "true"),
                    _ => SV::undefined(K::Int),
                })
            }
            K::Ref => {
                let r = v.t.clone();
                let d0 = smt::and(&[v.d.clone(), valid(h, &r)]);
                let cls = smt::select(&h.cls, &r);
                match attr {
                    "monitor" => return Ok(SV::new(K::Int, smt::select(&h.mon, &r), d0)),
                    "mcount" => return Ok(SV::new(K::Int, smt::select(&h.mcnt, &r), d0)),
                    _ => {}
                }
                // The field in every class that has one by this name.
                let mut groups: Vec<(FieldKey, Vec<i64>)> = Vec::new();
                for c in &self.classes.classes {
                    if let Some(slot) = c.field_slot(attr)
                        && Ty::of_desc(&c.layout[slot as usize].desc).is_none()
                    {
                        return Err(format!(
                            "the prover does not model floating-point fields (`{attr}` of {})",
                            c.name.replace('/', ".")
                        ));
                    }
                    if let Some(k) = field_key(self.classes, c.id, attr) {
                        match groups.iter_mut().find(|(x, _)| *x == k) {
                            Some((_, ids)) => ids.push(c.id as i64),
                            None => groups.push((k, vec![c.id as i64])),
                        }
                    }
                }
                let mut parts = Vec::new();
                if attr == "length" {
                    parts.push((
                        K::Int,
                        smt::select(&h.alen, &r),
                        format!("(= {cls} {ARRAY_CLASS_SMT})"),
                    ));
                }
                for (k, ids) in &groups {
                    let arr = h.field(self.sc, k);
                    parts.push((
                        kind_of(k.ty),
                        smt::select(&arr, &r),
                        super::step::class_in(h, &r, ids),
                    ));
                }
                if parts.is_empty() {
                    return Ok(SV::undefined(K::Int));
                }
                let kind = parts[0].0.clone();
                if parts.iter().any(|p| p.0 != kind) {
                    return Err(format!(
                        "field `{attr}` has different types in different classes; the prover cannot read it by name"
                    ));
                }
                let mut t = parts.last().expect("nonempty").1.clone();
                for (_, pt, c) in parts.iter().rev().skip(1) {
                    t = smt::ite(c, pt, &t);
                }
                let any = smt::or(&parts.iter().map(|p| p.2.clone()).collect::<Vec<_>>());
                Ok(SV::new(kind, t, smt::and(&[d0, any])))
            }
            _ => Ok(SV::undefined(K::Int)),
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr) -> R {
        let l = self.eval(a)?;
        let r = self.eval(b)?;
        match op {
            BinOp::And | BinOp::Or | BinOp::Implies => {
                // As the concrete evaluator: the left side must be a
                // boolean; the right one is evaluated (and must be a
                // boolean) only when the left does not decide.
                if l.k != K::Bool {
                    return Ok(SV::undefined(K::Bool));
                }
                let (short, short_value) = match op {
                    BinOp::And => (smt::not(&l.t), "false"),
                    BinOp::Or => (l.t.clone(), "true"),
                    _ => (smt::not(&l.t), "true"),
                };
                if r.k != K::Bool {
                    let d = smt::and(&[l.d, short]);
                    return Ok(SV::new(K::Bool, short_value, d));
                }
                let t = match op {
                    BinOp::And => smt::and(&[l.t.clone(), r.t.clone()]),
                    BinOp::Or => smt::or(&[l.t.clone(), r.t.clone()]),
                    _ => smt::implies(&l.t, &r.t),
                };
                let d = smt::and(&[l.d, smt::or(&[short, r.d])]);
                Ok(SV::new(K::Bool, t, d))
            }
            BinOp::Eq | BinOp::Ne => {
                let d = smt::and(&[l.d.clone(), r.d.clone()]);
                let eq = match (&l.k, &r.k) {
                    (K::Bool, K::Bool) | (K::Ref, K::Ref) => smt::eq(&l.t, &r.t),
                    (K::J32, K::J32) | (K::J64, K::J64) => smt::eq(&l.t, &r.t),
                    _ if bv_pair(&l, &r).is_some() => {
                        let (x, y) = bv_pair(&l, &r).expect("checked");
                        smt::eq(&x, &y)
                    }
                    _ => match (Self::int_of(&l), Self::int_of(&r)) {
                        (Some(x), Some(y)) => smt::eq(&x, &y),
                        _ => return Ok(SV::undefined(K::Bool)),
                    },
                };
                let t = if op == BinOp::Eq { eq } else { smt::not(&eq) };
                Ok(SV::new(K::Bool, t, d))
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                let d = smt::and(&[l.d.clone(), r.d.clone()]);
                let pair = bv_pair(&l, &r);
                let bv = pair.is_some();
                let (x, y) = if let Some(p) = pair {
                    p
                } else {
                    match (Self::int_of(&l), Self::int_of(&r)) {
                        (Some(x), Some(y)) => (x, y),
                        _ => return Ok(SV::undefined(K::Bool)),
                    }
                };
                let f = match (op, bv) {
                    (BinOp::Lt, true) => "bvslt",
                    (BinOp::Le, true) => "bvsle",
                    (BinOp::Gt, true) => "bvsgt",
                    (BinOp::Ge, true) => "bvsge",
                    (BinOp::Lt, false) => "<",
                    (BinOp::Le, false) => "<=",
                    (BinOp::Gt, false) => ">",
                    _ => ">=",
                };
                Ok(SV::new(K::Bool, format!("({f} {x} {y})"), d))
            }
            _ => Ok(arith(op, l, r)),
        }
    }
}

const ARRAY_CLASS_SMT: &str = "(- 2)";

/// An SMT integer literal of any 128-bit value.
fn int128(i: i128) -> String {
    if i < 0 {
        format!("(- {})", i.unsigned_abs())
    } else {
        i.to_string()
    }
}

/// Two bit-vectors of one width to compare directly: same-width Java values,
/// or a Java value and a literal that fits (so no integer conversion).
fn bv_pair(l: &SV, r: &SV) -> Option<(String, String)> {
    let as_bv = |k: &K, v: &SV| -> Option<String> {
        match (k, &v.k) {
            (K::J32, K::J32) | (K::J64, K::J64) => Some(v.t.clone()),
            (K::J32, K::Int) => lit(&v.t).and_then(|x| i32::try_from(x).ok()).map(smt::bv32),
            (K::J64, K::Int) => lit(&v.t).and_then(|x| i64::try_from(x).ok()).map(smt::bv64),
            _ => None,
        }
    };
    let k = if matches!(l.k, K::J32 | K::J64) {
        l.k.clone()
    } else {
        r.k.clone()
    };
    Some((as_bv(&k, l)?, as_bv(&k, r)?))
}

fn kind_of(ty: Ty) -> K {
    match ty {
        Ty::I => K::J32,
        Ty::L => K::J64,
        _ => K::Ref,
    }
}

/// Java arithmetic as the concrete evaluator does it: long if either side
/// is a long, int if either is an int (a plain number must then fit), and
/// mathematical integers otherwise.
fn arith(op: BinOp, l: SV, r: SV) -> SV {
    let d0 = smt::and(&[l.d.clone(), r.d.clone()]);
    let numeric = |v: &SV| matches!(v.k, K::Int | K::Thread | K::J32 | K::J64);
    if !numeric(&l) || !numeric(&r) {
        return SV::undefined(K::Int);
    }
    let width = if l.k == K::J64 || r.k == K::J64 {
        64
    } else if l.k == K::J32 || r.k == K::J32 {
        32
    } else {
        0
    };
    // As the concrete evaluator: a thread number is not a Java int or long.
    if width > 0 && (l.k == K::Thread || r.k == K::Thread) {
        return SV::undefined(if width == 32 { K::J32 } else { K::J64 });
    }
    if width == 0 {
        let f = match op {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "div",
            _ => "mod",
        };
        let mut d = d0;
        if matches!(op, BinOp::Div | BinOp::Rem) {
            d = smt::and(&[d, smt::not(&smt::eq(&r.t, "0"))]);
        }
        let t = format!("({f} {} {})", l.t, r.t);
        // Plain numbers are 128-bit integers, as in the concrete evaluator:
        // a result outside that range is undefined there, so here too.
        let ((a, b), (x, y)) = (l.range, r.range);
        let range = match op {
            BinOp::Add => a.checked_add(x).zip(b.checked_add(y)),
            BinOp::Sub => a.checked_sub(y).zip(b.checked_sub(x)),
            BinOp::Mul => {
                let c = [
                    a.checked_mul(x),
                    a.checked_mul(y),
                    b.checked_mul(x),
                    b.checked_mul(y),
                ];
                c.iter()
                    .copied()
                    .collect::<Option<Vec<i128>>>()
                    .map(|c| (*c.iter().min().expect("4"), *c.iter().max().expect("4")))
            }
            // Euclidean: |a div b| <= |a|, and 0 <= a mod b < |b|; only
            // MIN div -1 (and MIN mod -1) overflow.
            BinOp::Div => {
                let m = a.unsigned_abs().max(b.unsigned_abs());
                let m = i128::try_from(m).unwrap_or(i128::MAX);
                Some((-m, m))
            }
            _ => {
                let m = x.unsigned_abs().max(y.unsigned_abs());
                Some((0, i128::try_from(m).unwrap_or(i128::MAX)))
            }
        };
        if matches!(op, BinOp::Div | BinOp::Rem) && a == i128::MIN && x <= -1 && -1 <= y {
            d = smt::and(&[
                d,
                smt::not(&smt::and(&[
                    smt::eq(&l.t, &int128(i128::MIN)),
                    smt::eq(&r.t, "(- 1)"),
                ])),
            ]);
        }
        return match range {
            Some(range) => SV::new(K::Int, t, d).with_range(range),
            None => {
                let inside = format!(
                    "(and (<= {} {t}) (<= {t} {}))",
                    int128(i128::MIN),
                    int128(i128::MAX)
                );
                SV::new(K::Int, t, smt::and(&[d, inside])).with_range((i128::MIN, i128::MAX))
            }
        };
    }
    // Bring each side to `width` bits; a plain number must fit.
    let mut d = d0;
    let mut conv = |v: &SV| -> String {
        match (&v.k, width) {
            (K::J32, 32) | (K::J64, 64) => v.t.clone(),
            (K::J32, _) => format!("((_ sign_extend 32) {})", v.t),
            _ => {
                let (lo, hi): (i128, i128) = if width == 32 {
                    (i32::MIN as i128, i32::MAX as i128)
                } else {
                    (i64::MIN as i128, i64::MAX as i128)
                };
                match lit(&v.t) {
                    Some(x) if (lo..=hi).contains(&x) => {
                        if width == 32 {
                            smt::bv32(x as i32)
                        } else {
                            smt::bv64(x as i64)
                        }
                    }
                    Some(_) => {
                        d = "false".into();
                        smt::bv32(0)
                    }
                    None => {
                        d = smt::and(&[
                            d.clone(),
                            format!("(<= {} {})", smt::int(lo as i64), v.t),
                            format!("(<= {} {})", v.t, smt::int(hi as i64)),
                        ]);
                        format!("((_ int2bv {width}) {})", v.t)
                    }
                }
            }
        }
    };
    let x = conv(&l);
    let y = conv(&r);
    let f = match op {
        BinOp::Add => "bvadd",
        BinOp::Sub => "bvsub",
        BinOp::Mul => "bvmul",
        BinOp::Div => "bvsdiv",
        _ => "bvsrem",
    };
    if matches!(op, BinOp::Div | BinOp::Rem) {
        let zero = if width == 32 {
            smt::bv32(0)
        } else {
            smt::bv64(0)
        };
        d = smt::and(&[d, smt::not(&smt::eq(&y, &zero))]);
    }
    let k = if width == 32 { K::J32 } else { K::J64 };
    SV::new(k, format!("({f} {x} {y})"), d)
}
