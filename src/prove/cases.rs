//! The cases of Lemmas 2 and 3 and their obligations: for each call-stack
//! shape the invariant allows, the stepping thread's next instruction
//! executed symbolically, and per branch the parts of the invariant (or the
//! relation) to re-prove, with the hypotheses each needs.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::inv::{FactTerm, SEnv};
use super::preserve::BranchCx;
use super::smt::{self, Script};
use super::step::{self, Branch, Cx};
use super::sym::{self, *};
use super::{Lemma, Walk};
use crate::classfile::{ClassTable, M5Insn};
use crate::invariant::Compiled;

/// The bound variable of the object macros.
const OBJ_VAR: &str = "o!x";

/// One thing to prove.
#[derive(Clone, Debug)]
pub struct Obligation {
    pub lemma: Lemma,
    /// The branch of the instruction it is about ("lock acquired", ...).
    pub branch: String,
    /// That branch's path condition (a hypothesis of this obligation only:
    /// one solver serves every branch of a case).
    pub cond: Vec<String>,
    /// "global part", "thread th's part", "thread u at ... (interference)", ...
    pub what: String,
    /// Hypotheses beyond the case's own (the other thread's part, the object's).
    pub hyp: String,
    /// More hypotheses: the object facts at what the object facts read about
    /// this obligation's references. Z3 is first asked without them (most
    /// obligations need none, and they are most of the formula's size).
    pub more: String,
    pub facts: Vec<FactTerm>,
    /// A pre-step check instead of facts.
    pub check: Option<String>,
    /// Reference terms the goal reads (object facts are instantiated at them).
    pub refs: Vec<String>,
    /// More slots to show in a counterexample (the other thread's).
    pub shown: Vec<Shown>,
    /// The check rules out an exception a handler the invariant allows
    /// would catch: if it is not proved, the exception is followed there
    /// (and this is no refutation).
    pub catch: Option<Catch>,
    /// A shared check: one changed fact of another thread, proved once for
    /// every shape of that thread it occurs in, from that fact alone before
    /// the step (fewer hypotheses than any of those shapes' obligations).
    /// Not an obligation: not reported, and when it is not proved, the
    /// obligations it would cover are asked themselves.
    pub shared: bool,
    /// Per fact (empty: none), the shared check (index in the case's
    /// obligations) that proves it when it is proved.
    pub cover: Vec<Option<usize>>,
    /// The other thread's hypotheses (its shape's, the same in every
    /// case), besides `hyp`: the solver parses them once per thread.
    pub other: Option<Arc<OtherHyp>>,
}

/// Another thread's hypotheses in one shape: the formula, and a script
/// that declares what it reads and asserts it.
#[derive(Debug)]
pub struct OtherHyp {
    pub term: String,
    pub script: String,
    /// The symbols of `term`, each once.
    pub symbols: BTreeSet<String>,
}

/// A value to show in a counterexample: label, term, sort, is a reference.
pub type Shown = (String, String, smt::Sort, bool);

/// The slots of a thread's frames, labelled `u: Job.incr@13 stack[1]`.
pub(super) fn shown_frames(frames: &[SFrame], who: &str, out: &mut Vec<Shown>) {
    for f in frames {
        let at = format!(
            "{who}: {}.{}@{}",
            f.method.class_name.rsplit('/').next().unwrap_or(""),
            f.method.name,
            f.pc()
        );
        for (kind, slots) in [("local", &f.locals), ("stack", &f.stack)] {
            for (j, v) in slots.iter().enumerate() {
                if v.ty != Ty::Top {
                    out.push((
                        format!("{at} {kind}[{j}]"),
                        v.t.clone(),
                        v.ty.sort(),
                        v.ty == Ty::A,
                    ));
                }
            }
        }
    }
}

impl Obligation {
    pub(super) fn with_refs(mut self, refs: Vec<String>) -> Obligation {
        self.refs = refs;
        self
    }

    /// The obligation with every hypothesis (the one `--emit-smt2` writes).
    pub fn goal(&self) -> String {
        let mut hyp = self.cond.clone();
        hyp.extend(self.other.iter().map(|o| o.term.clone()));
        hyp.extend([self.hyp.clone(), self.more.clone()]);
        smt::implies(&smt::and(&hyp), &smt::and(&self.goals()))
    }

    /// Its own hypotheses but `other` (and `more`, which the solver adds
    /// only when needed): with `other`, it holds when they imply every one
    /// of `goals`.
    pub fn lean_antecedent(&self) -> String {
        let mut hyp = self.cond.clone();
        hyp.push(self.hyp.clone());
        smt::and(&hyp)
    }

    /// What it shows: each fact, or the check.
    pub fn goals(&self) -> Vec<String> {
        match &self.check {
            Some(c) => vec![c.clone()],
            None => self.facts.iter().map(|f| f.term.clone()).collect(),
        }
    }
}

/// A stepping-thread case: its instruction's obligations, every branch's.
pub struct CaseVc {
    /// The stepping thread's shape, e.g. `Job.run@4 > Job.incr@20`.
    pub case: String,
    /// The same as (method, byte pc) pairs, bottom first (empty for the
    /// no-op case): where a search for a reachable violation aims.
    pub shape: Vec<(crate::classfile::MethodId, u32)>,
    pub insn: String,
    /// Hypotheses and definitions; its last `more` assertions are the
    /// object facts at what the object facts read (see `Obligation::more`).
    pub common: String,
    pub more: usize,
    /// Its first `universal` assertions are the same in every case (the
    /// global part, the heap's bounds): a solver keeps them between cases.
    pub universal: usize,
    pub obligations: Vec<Obligation>,
    /// Slots of the stepping thread, for counterexamples.
    pub shown: Vec<Shown>,
}

pub struct Prover<'a> {
    pub classes: &'a ClassTable,
    pub c: &'a Compiled,
    pub walk: &'a Walk,
    pub relations: Vec<String>,
    /// Prove the invariant preserved (Lemma 2), or only relations (Lemma 3).
    pub preservation: bool,
    /// The other threads' shapes before the step, the same in every case.
    pub others: std::sync::OnceLock<Result<Others, String>>,
    /// The caught exceptions followed to their handlers.
    pub follow: &'a BTreeSet<Catch>,
    /// Build only the checks of caught exceptions that could be followed
    /// (`driver`: which to follow is settled before the induction).
    pub catch_only: bool,
    /// Check each skip of an interference obligation (`Options::check_skips`).
    pub check_skips: bool,
}

/// Another thread `u` in one shape, before the step: the same terms in
/// every case (the pre-state heap and `u`'s slots have fixed names), so
/// they are built once and shared by all cases.
pub struct Other {
    /// Its shape, as text.
    pub(super) text: String,
    pub(super) frames: Vec<SFrame>,
    /// Its part of the invariant before the step.
    pub(super) pre: Vec<FactTerm>,
    /// The reference terms that part reads.
    pub(super) refs: Vec<String>,
    /// The hypotheses about it (thread table, slots, its part): their
    /// conjunction, and each.
    pub(super) hyp: Arc<OtherHyp>,
    pub(super) hyps: Vec<String>,
    /// The tokens of its part: the names of the state components it reads.
    pub(super) reads: BTreeSet<String>,
}

/// Every other thread's shape, and the declarations their terms need.
pub struct Others {
    decls: Script,
    shapes: Vec<Other>,
}

pub(crate) fn shape_text(classes: &ClassTable, shape: &Shape) -> String {
    shape
        .iter()
        .map(|a| {
            let m = classes.method(a.method);
            format!(
                "{}.{}@{}",
                m.class_name.replace('/', "."),
                m.name,
                m.pc(a.ip)
            )
        })
        .collect::<Vec<_>>()
        .join(" > ")
}

/// Does the invariant allow a thread in `shape`: does some `when` case
/// match it (and none says `false`: `eval::shape_allowed`), or does the
/// invariant make no per-thread claim?
pub fn allows(c: &Compiled, classes: &ClassTable, shape: &Shape) -> bool {
    if c.cases.is_empty() {
        return true;
    }
    let st: Vec<_> = shape
        .iter()
        .map(|a| (a.method, classes.method(a.method).pc(a.ip)))
        .collect();
    crate::invariant::eval::shape_allowed(c, &st)
}

impl Prover<'_> {
    /// The shapes the stepping thread may be in: those some `when` case
    /// matches (in any other shape its part is false, so a state with such
    /// a thread is not good), or every shape when the invariant makes no
    /// per-thread claim (no cases: every thread's part is true).
    pub fn allowed(&self) -> Vec<usize> {
        if !self.per_thread_claim() {
            return (0..self.walk.shapes.len()).collect();
        }
        (0..self.walk.shapes.len())
            .filter(|&i| allows(self.c, self.classes, &self.walk.shapes[i]))
            .collect()
    }

    /// May a thread be in these frames: does a `when` case match them (or
    /// does the invariant make no per-thread claim)?
    pub(super) fn frames_allowed(&self, frames: &[SFrame]) -> bool {
        let stack: Vec<_> = frames.iter().map(|f| (f.method.id, f.pc())).collect();
        !self.per_thread_claim() || crate::invariant::eval::shape_allowed(self.c, &stack)
    }

    /// Does a `when done` case describe finished threads?
    pub fn done_case(&self) -> bool {
        !crate::invariant::eval::cases_for(self.c, &[]).is_empty()
    }

    /// Does the invariant say anything per thread? Without `when` cases
    /// every thread's part is true, in `invariant::eval` as here.
    pub fn per_thread_claim(&self) -> bool {
        !self.c.cases.is_empty()
    }

    /// The structural facts about the Class objects the invariant names
    /// and those static synchronized methods lock.
    fn mirror_facts(&self, h: &Heap) -> String {
        let Some(ccid) = self.classes.id("java/lang/Class") else {
            return "true".into();
        };
        let m: BTreeSet<crate::classfile::ClassId> = self
            .c
            .mirrored
            .union(&self.walk.lock_classes)
            .copied()
            .collect();
        sym::mirror_facts(h, &m.into_iter().collect::<Vec<_>>(), ccid)
    }

    fn classes_ok(&self) -> String {
        let mut ids: Vec<i64> = self.walk.inst.iter().map(|&c| c as i64).collect();
        if self.walk.arrays {
            ids.push(ARRAY_CLASS);
        }
        smt::or(
            &ids.iter()
                .map(|i| format!("(= (select cls $R) {})", smt::int(*i)))
                .collect::<Vec<_>>(),
        )
    }

    /// Builds the obligations of stepping a thread in shape `si`.
    pub fn case(&self, si: usize) -> Result<Vec<CaseVc>, String> {
        let classes = self.classes;
        let shape = &self.walk.shapes[si];
        let case = shape_text(classes, shape);
        let insn = insn_text(classes, shape);
        if let Some(why) = self.walk.unsupported.get(&si) {
            return Err(why.clone());
        }
        if self.catch_only && !self.walk.catching.contains(&si) {
            return Ok(Vec::new());
        }
        let cx = Cx {
            classes,
            inst: &self.walk.inst,
            arrays: self.walk.arrays,
            max_depth: self.walk.max_depth,
            initialized: &self.walk.initialized,
        };
        let mut sc = Script::default();
        let pre = Heap::pre(&mut sc);
        sc.declare("th", "Int");
        let frames = frames_of(&mut sc, classes, "th", shape);
        let mut refs: Vec<String> = slot_refs(&frames);
        let mut shown = Vec::new();
        shown_frames(&frames, "th", &mut shown);
        let (global_pre, th_pre) = {
            let mut env = SEnv::new(self.c, classes, &pre, None, &mut sc).live(&self.walk.inst);
            let g = env.global()?;
            let t = env.thread("th", &frames)?;
            refs.extend(env.take_refs());
            (g, t)
        };
        // First the hypotheses every case has (the same terms): the solver
        // keeps them between cases.
        let mut hyps = vec![bounds(&pre), self.mirror_facts(&pre)];
        hyps.extend(global_pre.iter().map(|f| f.term.clone()));
        let universal = hyps.iter().filter(|h| *h != "true").count();
        hyps.push(smt::select(&pre.sched, "th"));
        hyps.extend(thread_hyps(&pre, "th", &frames));
        hyps.extend(th_pre.iter().map(|f| f.term.clone()));
        let branches = step::step(&cx, &mut sc, &pre, "th", &frames).map_err(|e| e.0)?;
        // The other threads' shapes (interference), and the object facts.
        let others = if self.preservation && self.per_thread_claim() && !self.catch_only {
            self.allowed()
        } else {
            Vec::new()
        };
        let u_cases: &[Other] = if others.is_empty() {
            &[]
        } else {
            let o = self
                .others
                .get_or_init(|| self.other_shapes(&others))
                .as_ref()
                .map_err(|e| e.clone())?;
            sc.declare_all(&o.decls);
            &o.shapes
        };
        let obj_o = !self.c.objects.is_empty() && self.preservation && !self.catch_only;
        if obj_o {
            sc.declare("o", "Int");
        }
        // The object predicates and the structural facts as macros over one
        // address, instantiated at every reference term the case meets.
        let classes_ok = self.classes_ok();
        let templates = self.object_macros(&mut sc, &pre, &classes_ok)?;
        let pre_o = if obj_o {
            SEnv::new(self.c, classes, &pre, None, &mut sc)
                .live(&self.walk.inst)
                .object("o")?
        } else {
            Vec::new()
        };
        let obj_pre = if obj_o {
            vec![FactTerm {
                part: "object o".into(),
                name: "object predicates".into(),
                span: Default::default(),
                at: String::new(),
                term: "(objpart o)".into(),
                reads: Vec::new(),
            }]
        } else {
            Vec::new()
        };
        let bc = BranchCx {
            p: self,
            shape,
            pre: &pre,
            global_pre: &global_pre,
            u_cases,
            obj_o,
            pre_o: &pre_o,
            obj_pre: &obj_pre,
        };
        let mut branch_goals: Vec<(Branch, Vec<Obligation>)> = Vec::new();
        for b in branches {
            branch_goals.push(bc.obligations(&mut sc, b)?);
        }
        // Object facts and structural facts at the references met, and at
        // the references those facts read about them.
        let (base, base_more) = instances(&refs, &templates, &BTreeSet::new());
        hyps.extend(self.instantiate(&base));
        hyps.extend(slot_hyps(&pre, &frames));
        let known: BTreeSet<String> = base.union(&base_more).cloned().collect();
        // Each obligation adds the instances at the references it reads.
        for (_, obs) in &mut branch_goals {
            for ob in obs.iter_mut() {
                let (direct, more) = instances(&ob.refs, &templates, &known);
                let mut hs = vec![ob.hyp.clone()];
                hs.extend(self.instantiate(&direct));
                ob.hyp = smt::and(&hs);
                ob.more = smt::and(&self.instantiate(&more));
            }
        }
        for h in &hyps {
            sc.assert(h);
        }
        // Last, so that the solver can leave them out.
        let more: Vec<String> = self
            .instantiate(&base_more)
            .into_iter()
            .filter(|h| h != "true")
            .collect();
        for h in &more {
            sc.assert(h);
        }
        let (obligations, common) = script(&sc, branch_goals, &shown);
        Ok(vec![CaseVc {
            case,
            shape: shape
                .iter()
                .map(|a| (a.method, classes.method(a.method).pc(a.ip)))
                .collect(),
            insn,
            common,
            more: more.len(),
            universal,
            obligations,
            shown,
        }])
    }

    /// Each other thread's shape in `others` (and a finished thread when a
    /// `when done` case describes it) before the step: its frames, its part
    /// and the hypotheses about it.
    fn other_shapes(&self, others: &[usize]) -> Result<Others, String> {
        let classes = self.classes;
        let mut sc = Script::default();
        let pre = Heap::pre(&mut sc);
        sc.declare("th", "Int");
        sc.declare("u", "Int");
        let mut u_frames: Vec<(String, Vec<SFrame>)> = others
            .iter()
            .map(|&ti| {
                // The same names in every shape (each obligation is about
                // one): equal facts have equal terms, and share checks.
                let uf = frames_of(&mut sc, classes, "u", &self.walk.shapes[ti]);
                (shape_text(classes, &self.walk.shapes[ti]), uf)
            })
            .collect();
        if self.done_case() {
            u_frames.push(("(finished: no frames)".into(), Vec::new()));
        }
        let mut shapes = Vec::new();
        for (text, frames) in u_frames {
            let mut env = SEnv::new(self.c, classes, &pre, None, &mut sc).live(&self.walk.inst);
            let upre = env.thread("u", &frames)?;
            let refs = env.take_refs();
            let mut uh = thread_hyps(&pre, "u", &frames);
            uh[0] = u_range(&pre.n);
            uh.extend(slot_hyps(&pre, &frames));
            uh.extend(terms(&upre));
            let reads = upre.iter().flat_map(|f| tokens(&f.term)).collect();
            let term = smt::and(&uh);
            let script = format!(
                "{}(assert {term})\n",
                sc.text_using(&[term.as_str()])
                    .replacen("(set-logic ALL)\n", "", 1)
            );
            shapes.push(Other {
                text,
                frames,
                pre: upre,
                refs,
                hyp: Arc::new(OtherHyp {
                    symbols: tokens(&term).collect(),
                    term,
                    script,
                }),
                hyps: uh,
                reads,
            });
        }
        Ok(Others { decls: sc, shapes })
    }

    /// The macros instantiated at each reference (or `T:` thread-number) term.
    fn instantiate(&self, terms: &BTreeSet<String>) -> Vec<String> {
        let mut out = Vec::new();
        for r in terms {
            match r.strip_prefix("T:") {
                Some(t) => out.push(format!("(twf {t})")),
                None => {
                    out.push(format!("(wf {r})"));
                    if !self.c.objects.is_empty() {
                        out.push(format!("(objpart {r})"));
                    }
                }
            }
        }
        out
    }

    /// Defines `(wf x)` (the structural facts at address `x`) and
    /// `(objpart x)` (the object predicates, if `x` is allocated); returns the
    /// reference terms the object predicates read, over `OBJ_VAR`.
    fn object_macros(
        &self,
        sc: &mut Script,
        pre: &Heap,
        classes_ok: &str,
    ) -> Result<Vec<String>, String> {
        let wf = guarded_ref_facts(pre, OBJ_VAR, classes_ok);
        sc.raw(format!("(define-fun wf (({OBJ_VAR} Int)) Bool {wf})"));
        let twf = sym::thread_facts(pre, OBJ_VAR);
        sc.raw(format!("(define-fun twf (({OBJ_VAR} Int)) Bool {twf})"));
        let (facts, refs) = {
            let mut env = SEnv::new(self.c, self.classes, pre, None, sc).live(&self.walk.inst);
            let f = env.object(OBJ_VAR)?;
            (f, env.take_refs())
        };
        let body = smt::implies(
            &format!("(and (<= 0 {OBJ_VAR}) (< {OBJ_VAR} {}))", pre.h),
            &smt::and(&terms(&facts)),
        );
        sc.raw(format!(
            "(define-fun objpart (({OBJ_VAR} Int)) Bool {body})"
        ));
        Ok(refs
            .into_iter()
            .filter(|r| r.contains(OBJ_VAR) && r != OBJ_VAR && r != &format!("T:{OBJ_VAR}"))
            .collect())
    }

    /// Relations across a step that changes nothing (a blocked or
    /// unscheduled thread, or no such thread): relation(s, s).
    pub fn noop_case(&self) -> Result<Option<CaseVc>, String> {
        if self.relations.is_empty() {
            return Ok(None);
        }
        let mut sc = Script::default();
        let pre = Heap::pre(&mut sc);
        let mut hyps = vec![bounds(&pre), self.mirror_facts(&pre)];
        let mut refs = Vec::new();
        {
            let mut env =
                SEnv::new(self.c, self.classes, &pre, None, &mut sc).live(&self.walk.inst);
            hyps.extend(terms(&env.global()?));
            refs.extend(env.take_refs());
        }
        let mut obs = Vec::new();
        for r in &self.relations {
            let mut env =
                SEnv::new(self.c, self.classes, &pre, Some(&pre), &mut sc).live(&self.walk.inst);
            let f = env.relation(r, None)?;
            refs.extend(env.take_refs());
            let mut ob = fact_ob(&format!("relation {r}"), "true", f);
            ob.lemma = Lemma::Relation;
            obs.push(ob);
        }
        let classes_ok = self.classes_ok();
        let templates = self.object_macros(&mut sc, &pre, &classes_ok)?;
        let (direct, more) = instances(&refs, &templates, &BTreeSet::new());
        hyps.extend(self.instantiate(&direct));
        hyps.extend(self.instantiate(&more));
        for h in &hyps {
            sc.assert(h);
        }
        Ok(Some(CaseVc {
            case: "any thread that cannot move (blocked, unscheduled, finished, or no such thread)"
                .into(),
            shape: Vec::new(),
            insn: "(none: the state is unchanged)".into(),
            common: sc.text(),
            more: 0,
            universal: 0,
            obligations: obs,
            shown: Vec::new(),
        }))
    }
}

/// What the thread table says about thread `who` whose frames are spelled
/// out: it exists, its depth and top pc are its frames', and the structural
/// facts about it.
fn thread_hyps(pre: &Heap, who: &str, frames: &[SFrame]) -> Vec<String> {
    let mut h = vec![
        format!("(and (<= 0 {who}) (< {who} {}))", pre.n),
        format!("(= {} {})", smt::select(&pre.depth, who), frames.len()),
        match frames.last() {
            Some(f) => format!("(= {} {})", smt::select(&pre.tpc, who), f.pc()),
            // A thread with no frames has finished: it was started.
            None => smt::select(&pre.sched, who),
        },
        sym::thread_facts(pre, who),
    ];
    // A thread waits only right after its call of `wait`.
    if !frames
        .last()
        .is_some_and(|f| sym::after_wait(&f.method, f.ip))
    {
        h.push(format!("(= {} (- 1))", smt::select(&pre.wobj, who)));
    }
    h
}

/// The reference slots of spelled-out frames hold null or allocated addresses.
fn slot_hyps(pre: &Heap, frames: &[SFrame]) -> Vec<String> {
    slot_refs(frames)
        .iter()
        .map(|r| format!("(or (= {r} (- 1)) (and (<= 0 {r}) (< {r} {})))", pre.h))
        .collect()
}

/// The terms of the reference-typed slots of some frames.
fn slot_refs(frames: &[SFrame]) -> Vec<String> {
    frames
        .iter()
        .flat_map(|f| f.locals.iter().chain(&f.stack))
        .filter(|v| v.ty == Ty::A)
        .map(|v| v.t.clone())
        .collect()
}

/// The facts of `post` that are not literally facts of `pre`.
pub(super) fn changed(post: Vec<FactTerm>, pre: &[FactTerm]) -> Vec<FactTerm> {
    let before: BTreeSet<&str> = pre.iter().map(|f| f.term.as_str()).collect();
    post.into_iter()
        .filter(|f| !before.contains(f.term.as_str()))
        .collect()
}

/// The instruction a thread in `shape` executes next, as text, with its
/// source line for people (the shape's pcs stay the key).
fn insn_text(classes: &ClassTable, shape: &Shape) -> String {
    let top = shape.last().expect("nonempty");
    let tm = classes.method(top.method);
    let mut insn = M5Insn {
        insn: &tm.code[top.ip as usize],
        index: top.ip as usize,
        offsets: &tm.offsets,
    }
    .to_string();
    if let (Some(file), Some(line)) = (
        classes.class(tm.class).source_file.as_deref(),
        tm.line_at(tm.pc(top.ip)),
    ) {
        insn += &format!(" ({file}:{line})");
    }
    insn
}

/// The case's obligations, every branch's in one list (each carrying its
/// branch's path condition), and the script's text with what they mention.
fn script(
    sc: &Script,
    branch_goals: Vec<(Branch, Vec<Obligation>)>,
    shown: &[Shown],
) -> (Vec<Obligation>, String) {
    // One script per case: each obligation carries its branch's path
    // condition, so one solver parses the case's hypotheses once.
    let mut obligations = Vec::new();
    for (b, obs) in branch_goals {
        let base = obligations.len();
        for mut ob in obs {
            for k in ob.cover.iter_mut().flatten() {
                *k += base;
            }
            ob.branch = b.label.clone();
            ob.cond = b.cond.clone();
            obligations.push(ob);
        }
    }
    // Declare what the hypotheses, the goals and the counterexample
    // terms mention (not every other thread's slots in every case); a
    // counterexample also shows `th`, `u`, `H` and `N`.
    let mut mentioned: Vec<&str> = vec!["th", "u", "H", "N"];
    // Each other thread's hypotheses once, by their symbols (they are
    // long, and the same in every case).
    let mut others_seen = BTreeMap::new();
    for o in obligations.iter().filter_map(|ob| ob.other.as_ref()) {
        others_seen.entry(Arc::as_ptr(o)).or_insert(o);
    }
    for ob in &obligations {
        mentioned.extend(ob.cond.iter().map(String::as_str));
        mentioned.extend([ob.hyp.as_str(), ob.more.as_str()]);
        mentioned.extend(ob.check.as_deref());
        mentioned.extend(ob.shown.iter().map(|x| x.1.as_str()));
        for f in &ob.facts {
            mentioned.push(f.term.as_str());
            mentioned.extend(f.reads.iter().map(|x| x.1.as_str()));
        }
    }
    mentioned.extend(shown.iter().map(|x| x.1.as_str()));
    let common = sc.text_using_symbols(
        &mentioned,
        others_seen
            .values()
            .flat_map(|o| o.symbols.iter().map(String::as_str)),
    );
    (obligations, common)
}

/// The other thread `u`: a thread (of `n`) other than the stepping one.
fn u_range(n: &str) -> String {
    format!("(and (<= 0 u) (< u {n}) (not (= u th)))")
}

/// The symbols of an SMT term (what is not a parenthesis or a space).
fn tokens(t: &str) -> impl Iterator<Item = String> + '_ {
    t.split(|c: char| c == '(' || c == ')' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

pub(super) fn terms(f: &[FactTerm]) -> Vec<String> {
    f.iter().map(|f| f.term.clone()).collect()
}

pub(super) fn fact_ob(what: &str, hyp: &str, facts: Vec<FactTerm>) -> Obligation {
    Obligation {
        lemma: Lemma::Preserved,
        branch: String::new(),
        cond: Vec::new(),
        what: what.to_string(),
        hyp: hyp.to_string(),
        more: "true".into(),
        facts,
        check: None,
        refs: Vec::new(),
        shown: Vec::new(),
        catch: None,
        shared: false,
        cover: Vec::new(),
        other: None,
    }
}

/// The reference terms to instantiate the object macros at, minus `known`:
/// `refs` themselves, and apart from them what the object facts read about
/// them (one level; see `Obligation::more`).
fn instances(
    refs: &[String],
    templates: &[String],
    known: &BTreeSet<String>,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let keep = |r: &String| !r.contains(OBJ_VAR) && !known.contains(r);
    let direct: BTreeSet<String> = refs.iter().filter(|r| keep(r)).take(400).cloned().collect();
    let mut more = BTreeSet::new();
    for r in refs {
        if r.starts_with("T:") {
            continue;
        }
        for t in templates {
            let i = t.replace(OBJ_VAR, r);
            if keep(&i) && !direct.contains(&i) && direct.len() + more.len() < 400 {
                more.insert(i);
            }
        }
    }
    (direct, more)
}

/// m5's heap addresses and thread numbers are 32-bit; the prover assumes
/// fewer than 2^31 objects and threads (memory runs out long before), so
/// `ref(heap.length)` and `ref(t + 1)` are addresses.
fn bounds(h: &Heap) -> String {
    format!(
        "(and (<= 0 {0}) (< {0} 2147483648) (<= 1 {1}) (< {1} 2147483648))",
        h.h, h.n
    )
}

/// `ref_facts` guarded by "r is an allocated address" (true of any term).
fn guarded_ref_facts(h: &Heap, r: &str, classes_ok: &str) -> String {
    smt::implies(
        &format!("(and (<= 0 {r}) (< {r} {}))", h.h),
        &sym::ref_facts(h, r, classes_ok),
    )
}
