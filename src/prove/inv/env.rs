//! The invariant's facts as formulas over a symbolic state: each part of
//! the invariant (global, a thread's, every object's, a relation)
//! translated fact by fact through the shared semantics.

use super::*;

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

/// The invariant's facts as formulas over a symbolic state.
pub struct SEnv<'a> {
    ev: Eval<'a, Symbolic<'a>>,
}

impl<'a> SEnv<'a> {
    pub fn new(
        c: &'a Compiled,
        classes: &'a ClassTable,
        s: &'a Heap,
        old: Option<&'a Heap>,
        sc: &'a mut Script,
    ) -> SEnv<'a> {
        let d = Symbolic {
            c,
            classes,
            s,
            old,
            sc,
            thread: None,
            refs: Vec::new(),
            reads: Vec::new(),
            live: None,
            quants: 0,
        };
        SEnv {
            ev: Eval::new(c, d),
        }
    }

    /// Only objects of these classes exist (see `Symbolic::live`).
    pub fn live(
        mut self,
        classes: &'a std::collections::BTreeSet<crate::classfile::ClassId>,
    ) -> Self {
        self.ev.d.live = Some(classes);
        self
    }

    /// The reference and thread terms met since the last call.
    pub fn take_refs(&mut self) -> Vec<String> {
        std::mem::take(&mut self.ev.d.refs)
    }

    fn fact(&mut self, part: &str, f: &Fact) -> Result<FactTerm, String> {
        self.ev.d.reads.clear();
        let v = self.ev.eval(&f.expr)?;
        let mut term = if v.k == K::Bool {
            smt::and(&[v.d, v.t])
        } else {
            "false".into()
        };
        let c = self.ev.c;
        if let Some(g) = c.guards.get(&f.span.start) {
            let name = guard_name(*g);
            self.ev.d.sc.declare(&name, "Bool");
            term = smt::implies(&name, &term);
        }
        Ok(FactTerm {
            part: part.to_string(),
            name: f.name.clone(),
            span: f.span,
            at: c.file.place(f.span),
            term,
            reads: std::mem::take(&mut self.ev.d.reads),
        })
    }

    /// The global facts.
    pub fn global(&mut self) -> Result<Vec<FactTerm>, String> {
        self.ev.global();
        let c = self.ev.c;
        c.global.iter().map(|f| self.fact("global", f)).collect()
    }

    /// The thread predicate for thread `t` with these frames: every matching
    /// case's facts, and "no case" (false) if none matches.
    pub fn thread(&mut self, t: &str, frames: &'a [SFrame]) -> Result<Vec<FactTerm>, String> {
        let c = self.ev.c;
        // No `when` cases: the invariant makes no per-thread claim, and
        // every thread's part is true (as in `invariant::eval::thread_part`).
        if c.cases.is_empty() {
            return Ok(Vec::new());
        }
        let stack: Vec<_> = frames.iter().map(|f| (f.method.id, f.pc())).collect();
        let cases = crate::invariant::eval::cases_for(c, &stack);
        let shape = crate::state::frames_text(frames);
        let part = format!("thread {t} at {shape}");
        if cases.is_empty() {
            return Ok(vec![FactTerm {
                part,
                name: "no case".into(),
                span: c.thread_span,
                at: format!(
                    "{}: no `when` case matches this call stack",
                    c.file.user_path()
                ),
                term: "false".into(),
                reads: Vec::new(),
            }]);
        }
        let saved = self.ev.d.thread.replace(ThreadCtx {
            t: t.to_string(),
            frames,
        });
        let mut out = Ok(Vec::new());
        'cases: for i in cases {
            self.ev.thread_case(SV::new(K::Thread, t, "true"), i);
            for f in &c.cases[i].0.facts {
                match self.fact(&part, f) {
                    Ok(ft) => out.as_mut().expect("ok so far").push(ft),
                    Err(e) => {
                        out = Err(e);
                        break 'cases;
                    }
                }
            }
        }
        self.ev.global();
        self.ev.d.thread = saved;
        out
    }

    /// The object predicates for the object at address term `o` (each
    /// guarded by the object's class).
    pub fn object(&mut self, o: &str) -> Result<Vec<FactTerm>, String> {
        let c = self.ev.c;
        let mut out = Vec::new();
        for (var, class, facts) in &c.objects {
            let guard = match class {
                Some(cid) => {
                    crate::prove::step::class_in(self.ev.d.s, o, &self.ev.d.all_subclasses(*cid))
                }
                None => "true".into(),
            };
            self.ev.object(var, SV::new(K::Ref, o, "true"));
            for f in facts {
                let mut ft = self.fact(&format!("object {o}"), f)?;
                ft.term = smt::implies(&guard, &ft.term);
                out.push(ft);
            }
        }
        self.ev.global();
        Ok(out)
    }

    /// A relation's facts between `old` and `s`. A relation for every
    /// object of a class is stated at `at` when given (Lemma 1's check at
    /// each address), else at a fresh constant: its refutation is some
    /// object of the class, allocated in `s`, for which a fact fails.
    pub fn relation(&mut self, name: &str, at: Option<&str>) -> Result<Vec<FactTerm>, String> {
        let c = self.ev.c;
        let facts = c
            .relations
            .get(name)
            .ok_or_else(|| format!("the invariant has no relation {name}"))?;
        let Some((var, cid)) = c.relation_over.get(name) else {
            self.ev.global();
            return facts
                .iter()
                .map(|f| self.fact(&format!("relation {name}"), f))
                .collect();
        };
        let (o, part) = match at {
            Some(o) => (
                o.to_string(),
                format!("relation {name} for {var} = (REF {o})"),
            ),
            None => {
                let o = self.ev.d.sc.fresh(var);
                self.ev.d.sc.declare(&o, "Int");
                (
                    o,
                    format!("relation {name} for an object {var} of the class"),
                )
            }
        };
        let s = self.ev.d.s;
        let guard = smt::and(&[
            format!("(<= 0 {o})"),
            format!("(< {o} {})", s.h),
            crate::prove::step::class_in(s, &o, &self.ev.d.all_subclasses(*cid)),
        ]);
        self.ev.object(var, SV::new(K::Ref, &o, "true"));
        let mut out = Vec::new();
        for f in facts {
            let mut ft = self.fact(&part, f)?;
            ft.term = smt::implies(&guard, &ft.term);
            out.push(ft);
        }
        self.ev.global();
        Ok(out)
    }

    /// The translation of `e` in `ctx`: its kind, term and definedness
    /// condition (for cross-checks with `invariant::eval::value`).
    pub fn value(&mut self, ctx: SContext<'a>, e: &Expr) -> Result<SymValue, String> {
        let saved = self.ev.d.thread.take();
        match ctx {
            SContext::Global | SContext::Relation => self.ev.global(),
            SContext::Thread { t, frames, case } => {
                self.ev.d.thread = Some(ThreadCtx {
                    t: t.clone(),
                    frames,
                });
                self.ev.thread_case(SV::new(K::Thread, t, "true"), case);
            }
            SContext::Object { var, o } => self.ev.object(&var, SV::new(K::Ref, o, "true")),
        }
        let r = self.ev.eval(e);
        self.ev.global();
        self.ev.d.thread = saved;
        let v = r?;
        Ok(SymValue {
            kind: v.k,
            term: v.t,
            defined: v.d,
        })
    }
}
