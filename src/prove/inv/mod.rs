//! The invariant language over symbolic states: the language's meaning
//! (`invariant::semantics::Eval`, the one the concrete evaluator runs) on
//! the symbolic domain, where every value is an SMT term with a
//! definedness condition, so a fact "holds" exactly when the concrete
//! evaluator would say so: defined and true. Short-circuit connectives
//! keep their meaning (`a => b` is defined when `a` is false even if `b`
//! is not). What is here is the domain: arithmetic on terms and reading
//! the symbolic heap and the case's frames; the invariant's parts as
//! formulas (`SEnv`) are in `env.rs`.

use super::smt::{self, Script, Sort};
use super::sym::*;
use crate::classfile::ClassTable;
use crate::invariant::Compiled;
use crate::invariant::ast::*;
pub use crate::invariant::semantics::K;
use crate::invariant::semantics::{Eval, Range, ThreadAttr, Values};

mod env;

pub use env::{SContext, SEnv, SymValue};

#[derive(Clone, Debug)]
pub struct SV {
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

impl FactTerm {
    /// Whether the fact is a Houdini candidate (an inferred fact, written
    /// guarded: `(=> hg!N fact)`).
    pub fn is_candidate(&self) -> bool {
        self.term.starts_with("(=> hg!")
    }

    /// The fact with the state components `renaming` maps renamed (the
    /// translation copies components' names into terms and never looks
    /// into them, so this is the fact over the renamed state).
    pub fn renamed(&self, renaming: &std::collections::BTreeMap<String, String>) -> FactTerm {
        FactTerm {
            term: smt::rename(&self.term, renaming),
            reads: self
                .reads
                .iter()
                .map(|(s, t, sort, r)| (s.clone(), smt::rename(t, renaming), *sort, *r))
                .collect(),
            ..self.clone()
        }
    }
}

/// The thread whose frames are spelled out (the case's thread).
struct ThreadCtx<'a> {
    t: String,
    frames: &'a [SFrame],
}

/// The symbolic domain: the heap as SMT arrays, the case thread's frames
/// spelled out.
pub struct Symbolic<'a> {
    c: &'a Compiled,
    classes: &'a ClassTable,
    s: &'a Heap,
    old: Option<&'a Heap>,
    sc: &'a mut Script,
    thread: Option<ThreadCtx<'a>>,
    /// Reference terms the evaluation met (object facts are instantiated at
    /// them), and thread-number terms as `T:term`.
    refs: Vec<String>,
    reads: Vec<(String, String, Sort, bool)>,
    /// The classes whose objects the states may hold (`Walk::inst`); None:
    /// every loaded class. A field read by name is refused only when one of
    /// these has a floating-point field of that name.
    live: Option<&'a std::collections::BTreeSet<crate::classfile::ClassId>>,
    /// Quantified variables made so far (`qv!N`, bound in the formula).
    quants: usize,
}

/// The prefix of the SMT variables quantifiers bind: a term holding one
/// is not closed, so it is never a reference to instantiate object facts
/// at, nor a value a counterexample shows.
const BOUND: &str = "qv!";

type R = Result<SV, String>;

/// An integer literal's value, if `t` is one.
fn lit(t: &str) -> Option<i128> {
    if let Some(rest) = t.strip_prefix("(- ").and_then(|r| r.strip_suffix(')')) {
        return rest.parse::<i128>().ok().map(|v| -v);
    }
    t.parse().ok()
}

/// The Boolean constant that switches Houdini's candidate `g` on.
pub fn guard_name(g: usize) -> String {
    format!("hg!{g}")
}

fn valid(h: &Heap, r: &str) -> String {
    format!("(and (<= 0 {r}) (< {r} {}))", h.h)
}

fn text(c: &Compiled, sp: Span) -> String {
    c.file
        .source
        .get(sp.start..sp.end)
        .unwrap_or("?")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

impl<'a> Symbolic<'a> {
    fn all_subclasses(&self, sup: u32) -> Vec<i64> {
        self.classes
            .classes
            .iter()
            .filter(|c| self.classes.is_subclass(c.id, sup))
            .map(|c| c.id as i64)
            .collect()
    }

    /// The case thread's frames, when `t` is the case's thread.
    fn ctx_frames(&self, t: &str) -> Option<&'a [SFrame]> {
        self.thread.as_ref().filter(|c| c.t == t).map(|c| c.frames)
    }

    /// Frame `i` of the case's thread (None: it has no such frame).
    fn ctx_frame(&self, f: &SV) -> Option<&'a SFrame> {
        let K::Frame(i) = f.k else { return None };
        self.thread.as_ref().and_then(|t| t.frames.get(i))
    }

    fn record(&mut self, sp: Span, v: &SV) {
        let sort = match v.k {
            K::J32 => Sort::Bv32,
            K::J64 => Sort::Bv64,
            K::Bool => Sort::Bool,
            K::Int | K::Ref | K::Thread => Sort::Int,
            K::F64 | K::Frame(_) => return,
        };
        if self.reads.len() < 12 && v.d != "false" && !v.t.contains(BOUND) && !v.d.contains(BOUND) {
            let text = text(self.c, sp);
            if !self.reads.iter().any(|(t, _, _, _)| *t == text) {
                self.reads.push((text, v.t.clone(), sort, v.k == K::Ref));
            }
        }
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

    /// The element sort and `elem_code` of arrays of descriptor `desc`
    /// (None: arrays the prover does not model).
    fn element_type(&self, desc: &str) -> Option<(Ty, Option<i64>)> {
        match desc.as_bytes().first() {
            Some(b'Z' | b'B' | b'C' | b'S' | b'I' | b'J') => Some((
                if desc == "J" { Ty::L } else { Ty::I },
                elem_code(self.classes, desc),
            )),
            Some(b'L') => Some((Ty::A, None)),
            _ => None,
        }
    }

    /// `v.attr`: a monitor's owner or count, or the field by that name in
    /// the classes that may hold it (below `sup` where given).
    fn attr_in(&mut self, v: &SV, attr: &str, sup: Option<crate::classfile::ClassId>) -> R {
        let h = self.s;
        let r = v.t.clone();
        let d0 = smt::and(&[v.d.clone(), valid(h, &r)]);
        let cls = smt::select(&h.cls, &r);
        match attr {
            "monitor" => return Ok(SV::new(K::Int, smt::select(&h.mon, &r), d0)),
            "mcount" => return Ok(SV::new(K::Int, smt::select(&h.mcnt, &r), d0)),
            _ => {}
        }
        // The field in every class that has one by this name and may have
        // objects (and is `sup` or below it, where the program declares the
        // reference's class): a class with none (`java.lang.Double`, `String` in most
        // programs) never answers the read (every reference is null or of
        // a class in `live`, `sym::ref_facts`), so its field, of whatever
        // type, is no obstacle.
        let mut groups: Vec<(FieldKey, Vec<i64>)> = Vec::new();
        for c in &self.classes.classes {
            if self.live.is_some_and(|l| !l.contains(&c.id))
                || sup.is_some_and(|s| !self.classes.is_subclass(c.id, s))
            {
                continue;
            }
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
        let kind = parts[0].0;
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
}

fn fp() -> String {
    "the prover does not model floating point".into()
}

impl<'a> Values for Symbolic<'a> {
    type V = SV;
    type C = String;
    type Saved = &'a Heap;

    fn classes(&self) -> &ClassTable {
        self.classes
    }

    fn cond(&self, b: bool) -> String {
        b.to_string()
    }
    fn not(&mut self, c: String) -> String {
        smt::not(&c)
    }
    fn and(&mut self, a: String, b: String) -> String {
        smt::and(&[a, b])
    }
    fn or(&mut self, a: String, b: String) -> String {
        smt::or(&[a, b])
    }
    fn implies(&mut self, a: String, b: String) -> String {
        smt::implies(&a, &b)
    }
    fn known(&self, _: &String) -> Option<bool> {
        None
    }

    fn kind(&self, v: &SV) -> K {
        v.k
    }
    fn show(&self, v: &SV) -> String {
        v.t.clone()
    }
    fn defined(&self, v: &SV) -> String {
        v.d.clone()
    }
    fn restrict(&mut self, mut v: SV, c: String, _: impl FnOnce() -> String) -> R {
        v.d = smt::and(&[v.d, c]);
        Ok(v)
    }
    fn undefined(&mut self, k: K, _: impl FnOnce() -> String) -> R {
        Ok(SV::undefined(k))
    }
    fn stopped(&mut self, why: String) -> Result<String, String> {
        Err(why)
    }
    fn int(&mut self, i: i128) -> SV {
        SV::new(K::Int, int128(i), "true")
    }
    fn boolean(&mut self, c: String) -> SV {
        SV::new(K::Bool, c, "true")
    }
    fn truth(&self, v: &SV) -> String {
        v.t.clone()
    }
    fn null(&mut self) -> SV {
        SV::new(K::Ref, NULL, "true")
    }
    fn ite(&mut self, c: &SV, a: SV, b: SV) -> SV {
        let d = smt::and(&[c.d.clone(), smt::ite(&c.t, &a.d, &b.d)]);
        let range = (a.range.0.min(b.range.0), a.range.1.max(b.range.1));
        SV::new(a.k, smt::ite(&c.t, &a.t, &b.t), d).with_range(range)
    }

    fn int_arith(&mut self, op: BinOp, l: &SV, r: &SV) -> R {
        let f = match op {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "div",
            _ => "mod",
        };
        let mut d = smt::and(&[l.d.clone(), r.d.clone()]);
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
        Ok(match range {
            Some(range) => SV::new(K::Int, t, d).with_range(range),
            None => {
                let inside = format!(
                    "(and (<= {} {t}) (<= {t} {}))",
                    int128(i128::MIN),
                    int128(i128::MAX)
                );
                SV::new(K::Int, t, smt::and(&[d, inside])).with_range((i128::MIN, i128::MAX))
            }
        })
    }
    fn int_neg(&mut self, v: &SV) -> R {
        let (lo, hi) = v.range;
        // -MIN overflows 128 bits (undefined concretely).
        let d = if lo == i128::MIN {
            smt::and(&[v.d.clone(), smt::not(&smt::eq(&v.t, &int128(i128::MIN)))])
        } else {
            v.d.clone()
        };
        let range = (
            hi.checked_neg().unwrap_or(i128::MAX),
            lo.checked_neg().unwrap_or(i128::MAX),
        );
        Ok(SV::new(K::Int, format!("(- {})", v.t), d).with_range(range))
    }
    fn to_bits(&mut self, v: &SV, width: u32) -> R {
        let k = if width == 32 { K::J32 } else { K::J64 };
        match (v.k, width) {
            (K::J32, 32) | (K::J64, 64) => Ok(v.clone()),
            (K::J32, _) => Ok(SV::new(
                k,
                format!("((_ sign_extend 32) {})", v.t),
                v.d.clone(),
            )),
            (K::Int, _) => {
                let (lo, hi): (i128, i128) = if width == 32 {
                    (i32::MIN as i128, i32::MAX as i128)
                } else {
                    (i64::MIN as i128, i64::MAX as i128)
                };
                Ok(match lit(&v.t) {
                    Some(x) if (lo..=hi).contains(&x) => {
                        let t = if width == 32 {
                            smt::bv32(x as i32)
                        } else {
                            smt::bv64(x as i64)
                        };
                        SV::new(k, t, v.d.clone())
                    }
                    Some(_) => SV::undefined(k),
                    None => {
                        let d = smt::and(&[
                            v.d.clone(),
                            format!("(<= {} {})", smt::int(lo as i64), v.t),
                            format!("(<= {} {})", v.t, smt::int(hi as i64)),
                        ]);
                        SV::new(k, format!("((_ int2bv {width}) {})", v.t), d)
                    }
                })
            }
            _ => Err(format!("{:?} is not a Java number", v.k)),
        }
    }
    fn bits_arith(&mut self, op: BinOp, width: u32, l: &SV, r: &SV) -> R {
        let f = match op {
            BinOp::Add => "bvadd",
            BinOp::Sub => "bvsub",
            BinOp::Mul => "bvmul",
            BinOp::Div => "bvsdiv",
            _ => "bvsrem",
        };
        let mut d = smt::and(&[l.d.clone(), r.d.clone()]);
        if matches!(op, BinOp::Div | BinOp::Rem) {
            let zero = if width == 32 {
                smt::bv32(0)
            } else {
                smt::bv64(0)
            };
            d = smt::and(&[d, smt::not(&smt::eq(&r.t, &zero))]);
        }
        let k = if width == 32 { K::J32 } else { K::J64 };
        Ok(SV::new(k, format!("({f} {} {})", l.t, r.t), d))
    }
    fn bits_neg(&mut self, v: &SV) -> R {
        Ok(SV::new(v.k, format!("(bvneg {})", v.t), v.d.clone()))
    }
    fn float_neg(&mut self, _: &SV) -> R {
        Err(fp())
    }
    fn compare(&mut self, op: BinOp, l: &SV, r: &SV) -> R {
        let d = smt::and(&[l.d.clone(), r.d.clone()]);
        let (x, y, bv) = match bv_pair(l, r) {
            Some((x, y)) => (x, y, true),
            None => match (Self::int_of(l), Self::int_of(r)) {
                (Some(x), Some(y)) => (x, y, false),
                _ => return Err(fp()),
            },
        };
        let f = match (op, bv) {
            (BinOp::Eq, _) => return Ok(SV::new(K::Bool, smt::eq(&x, &y), d)),
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
    fn same(&mut self, l: &SV, r: &SV) -> R {
        let d = smt::and(&[l.d.clone(), r.d.clone()]);
        Ok(SV::new(K::Bool, smt::eq(&l.t, &r.t), d))
    }
    fn known_int(&self, v: &SV) -> Option<i128> {
        lit(&v.t).filter(|_| v.d == "true")
    }

    fn heap_length(&mut self) -> R {
        Ok(SV::new(K::Int, self.s.h.clone(), "true"))
    }
    fn thread_count(&mut self) -> R {
        Ok(SV::new(K::Int, self.s.n.clone(), "true"))
    }
    fn thread_attr(&mut self, v: &SV, a: ThreadAttr) -> R {
        let (h, t) = (self.s, &v.t);
        let ctx = self.ctx_frames(t);
        let depth = match ctx {
            Some(f) => f.len().to_string(),
            None => smt::select(&h.depth, t),
        };
        Ok(match a {
            ThreadAttr::Object => SV::new(K::Ref, smt::select(&h.tobj, t), v.d.clone()),
            ThreadAttr::Scheduled => SV::new(K::Bool, smt::select(&h.sched, t), v.d.clone()),
            ThreadAttr::WaitsOn => SV::new(K::Ref, smt::select(&h.wobj, t), v.d.clone()),
            ThreadAttr::WaitCount => {
                let w = smt::select(&h.wobj, t);
                let c = smt::select(&h.wcnt, t);
                SV::new(K::Int, smt::ite(&smt::eq(&w, NULL), "0", &c), v.d.clone())
            }
            ThreadAttr::Depth => SV::new(K::Int, depth, v.d.clone()),
            ThreadAttr::Pc => match ctx {
                Some(f) => match f.last() {
                    Some(top) => SV::new(K::Int, top.pc().to_string(), v.d.clone()),
                    None => SV::undefined(K::Int),
                },
                None => SV::new(
                    K::Int,
                    smt::select(&h.tpc, t),
                    smt::and(&[v.d.clone(), format!("(> {depth} 0)")]),
                ),
            },
        })
    }
    fn top_frame(&mut self, t: &SV) -> Result<Option<SV>, String> {
        let frames = self
            .ctx_frames(&t.t)
            .ok_or("the prover reads frames only of the case's own thread")?;
        Ok(frames
            .len()
            .checked_sub(1)
            .map(|i| SV::new(K::Frame(i), "0", t.d.clone())))
    }
    fn frame(&mut self, t: &SV, k: usize) -> SV {
        SV::new(K::Frame(k), "0", t.d.clone())
    }
    fn frame_pc(&mut self, f: &SV) -> R {
        Ok(match self.ctx_frame(f) {
            Some(fr) => SV::new(K::Int, fr.pc().to_string(), f.d.clone()),
            None => SV::undefined(K::Int),
        })
    }
    fn frame_stack_size(&mut self, f: &SV) -> R {
        Ok(match self.ctx_frame(f) {
            Some(fr) => SV::new(K::Int, fr.stack.len().to_string(), f.d.clone()),
            None => SV::undefined(K::Int),
        })
    }
    fn slot(&mut self, f: &SV, kind: SlotKind, i: i128) -> R {
        let Some(fr) = self.ctx_frame(f) else {
            return Ok(SV::undefined(K::Int));
        };
        let slots = if kind == SlotKind::Local {
            &fr.locals
        } else {
            &fr.stack
        };
        let d = f.d.clone();
        Ok(match usize::try_from(i).ok().and_then(|i| slots.get(i)) {
            Some(v) => match v.ty {
                Ty::I => SV::new(K::J32, v.t.clone(), d),
                Ty::L => SV::new(K::J64, v.t.clone(), d),
                Ty::A => SV::new(K::Ref, v.t.clone(), d),
                Ty::Top => SV::undefined(K::Int),
            },
            None => SV::undefined(K::Int),
        })
    }
    fn object_attr(&mut self, v: &SV, attr: &str) -> R {
        self.attr_in(v, attr, None)
    }
    fn declared_attr(&mut self, v: &SV, attr: &str, class: &str) -> R {
        let sup = self
            .classes
            .id(class)
            .filter(|&c| self.classes.class(c).flags & crate::classfile::ACC_INTERFACE == 0);
        self.attr_in(v, attr, sup)
    }
    fn array_length(&mut self, v: &SV) -> R {
        let d = smt::and(&[
            v.d.clone(),
            valid(self.s, &v.t),
            format!("(= {} {ARRAY_CLASS_SMT})", smt::select(&self.s.cls, &v.t)),
        ]);
        Ok(SV::new(K::Int, smt::select(&self.s.alen, &v.t), d))
    }
    fn element_kind(&mut self, desc: Option<&str>, a: &Expr) -> Result<K, String> {
        let text = || text(self.c, a.span());
        let Some(desc) = desc else {
            return Err(format!(
                "the prover reads `{}` only when the program's types give the array's element type (index an array-typed field or static)",
                text()
            ));
        };
        match self.element_type(desc) {
            Some((ty, _)) => Ok(kind_of(ty)),
            None => Err(format!(
                "the prover does not model arrays of {desc} (`{}`)",
                text()
            )),
        }
    }
    fn element(&mut self, v: &SV, iv: &SV, desc: Option<&str>) -> R {
        // `element_kind` accepted the descriptor.
        let (ty, code) = desc
            .and_then(|d| self.element_type(d))
            .ok_or("an array the prover does not model")?;
        let idx = match iv.k {
            K::Int => iv.t.clone(),
            K::J32 => smt::bv32_to_int(&iv.t),
            _ => smt::bv64_to_int(&iv.t),
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
        Ok(SV::new(kind_of(ty), t, d))
    }
    fn instance_of(&mut self, r: &SV, class: &str) -> R {
        let ids = match crate::invariant::class_id(self.classes, class) {
            Some(c) => self.all_subclasses(c),
            None => Vec::new(),
        };
        let is_null = smt::eq(&r.t, NULL);
        let t = smt::and(&[
            smt::not(&is_null),
            super::step::class_in(self.s, &r.t, &ids),
        ]);
        let d = smt::and(&[r.d.clone(), smt::or(&[is_null, valid(self.s, &r.t)])]);
        Ok(SV::new(K::Bool, t, d))
    }
    fn to_ref(&mut self, v: &SV) -> R {
        let i = Self::int_of(v).ok_or("`ref` needs a number")?;
        let d = match lit(&i) {
            Some(x) if (0..=u32::MAX as i128).contains(&x) => v.d.clone(),
            Some(_) => "false".into(),
            None => smt::and(&[
                v.d.clone(),
                format!("(<= 0 {i})"),
                format!("(<= {i} 4294967295)"),
            ]),
        };
        Ok(SV::new(K::Ref, i, d))
    }
    fn addr(&mut self, v: &SV) -> R {
        let d = smt::and(&[v.d.clone(), smt::not(&smt::eq(&v.t, NULL))]);
        Ok(SV::new(K::Int, v.t.clone(), d))
    }
    fn thread_of(&mut self, v: &SV) -> R {
        // `tof` is -1 for objects no thread has (`ref_facts`); it says
        // nothing of addresses past the heap.
        let k = smt::select(&self.s.tof, &v.t);
        let d = smt::and(&[
            v.d.clone(),
            format!("(<= 0 {})", v.t),
            format!("(< {} {})", v.t, self.s.h),
            smt::not(&smt::eq(&k, NULL)),
        ]);
        Ok(SV::new(K::Thread, k, d))
    }
    fn to_thread(&mut self, v: &SV) -> R {
        let i = Self::int_of(v).ok_or("`thread` needs a number")?;
        let d = smt::and(&[
            v.d.clone(),
            format!("(and (<= 0 {i}) (< {i} {}))", self.s.n),
        ]);
        Ok(SV::new(K::Thread, i, d))
    }
    fn class_object(&mut self, path: &str) -> R {
        let cid = crate::invariant::class_id(self.classes, path)
            .ok_or_else(|| format!("no class {path}"))?;
        let m = smt::select(&self.s.mir, &cid.to_string());
        Ok(SV::new(K::Ref, m, "true"))
    }
    fn static_field(&mut self, class: &str, field: &str) -> R {
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
        let ty = Ty::of_desc(desc).ok_or("the prover does not model floating-point statics")?;
        let t = self.s.static_field(self.sc, *slot, ty);
        Ok(SV::new(kind_of(ty), t, "true"))
    }
    fn enter_state(&mut self, old: bool) -> Result<&'a Heap, String> {
        let heap = if old {
            self.old.ok_or("`old` is only meaningful in a relation")?
        } else {
            self.s
        };
        Ok(std::mem::replace(&mut self.s, heap))
    }
    fn leave_state(&mut self, saved: &'a Heap) {
        self.s = saved;
    }
    /// The threads and the heap of a symbolic state are not a known
    /// number: a quantifier is an SMT quantifier over a bound variable,
    /// `0 <= x < N` (threads) or `0 <= x < H` (addresses).
    fn quantified(&mut self, over: Domain) -> Result<Range<SV>, String> {
        let x = format!("{BOUND}{}", self.quants);
        self.quants += 1;
        let k = match over {
            Domain::Threads => K::Thread,
            Domain::Objects => K::Ref,
        };
        Ok(Range::Var(SV::new(k, x, "true")))
    }
    fn nth(&mut self, _: Domain, _: usize) -> SV {
        SV::undefined(K::Int)
    }
    /// The concrete evaluator unfolds a quantifier in order, 0 first, and
    /// stops at the first value whose body is false (`forall`; true for
    /// `exists`), with that answer, or undefined: its answer is decided at
    /// the first value where the body is not defined and `all` ("passes"),
    /// and is `all` when every value passes. So, with pass(x) = the body
    /// is defined and equal to `all`, and decide(x) = it is defined and not:
    /// A = every x passes, E = some x decides and every y < x passes; the
    /// value is A (`forall`) or E (`exists`), defined where A or E holds.
    /// (A body that is defined wherever it is evaluated needs no "y < x".)
    fn close(&mut self, all: bool, over: Domain, var: &SV, body: &SV) -> R {
        let n = match over {
            Domain::Threads => self.s.n.clone(),
            Domain::Objects => self.s.h.clone(),
        };
        let x = var.t.as_str();
        let range = |x: &str, hi: &str| format!("(and (<= 0 {x}) (< {x} {hi}))");
        // A body that is no boolean stops the concrete unfolding at the
        // first value: undefined unless the range is empty.
        if body.k != K::Bool {
            return Ok(SV::new(K::Bool, all.to_string(), format!("(= {n} 0)")));
        }
        let b = if all {
            body.t.clone()
        } else {
            smt::not(&body.t)
        };
        let pass = smt::and(&[body.d.clone(), b.clone()]);
        let decide = smt::and(&[body.d.clone(), smt::not(&b)]);
        let forall = |v: &str, dom: String, e: &str| {
            format!("(forall (({v} Int)) {})", smt::implies(&dom, e))
        };
        let a = forall(x, range(x, &n), &pass);
        let before = if body.d == "true" {
            "true".to_string()
        } else {
            let y = format!("{x}_");
            let renaming = [(x.to_string(), y.clone())].into_iter().collect();
            forall(&y, range(&y, x), &smt::rename(&pass, &renaming))
        };
        let e = format!(
            "(exists (({x} Int)) {})",
            smt::and(&[range(x, &n), decide, before])
        );
        let defined = if body.d == "true" {
            "true".to_string()
        } else {
            smt::or(&[a.clone(), e.clone()])
        };
        Ok(SV::new(K::Bool, if all { a } else { e }, defined))
    }

    fn observed(&mut self, e: &Expr, v: &SV) {
        if matches!(e, Expr::Dot(..) | Expr::Slot { .. } | Expr::Index(..))
            || matches!(e, Expr::Call(f, _, _) if f == "old" || f == "new")
        {
            self.record(e.span(), v);
        }
        // Literal addresses and thread numbers (`ref(2)`, `thread(1)`) get
        // their facts too; null has none.
        if v.t.contains(BOUND) {
            return;
        }
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
        l.k
    } else {
        r.k
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
