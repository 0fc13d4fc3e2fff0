//! Lemma 1 a second time, symbolically. Lemma 1 is decided by the concrete
//! evaluator; Lemma 2 by Z3 on the prover's translation of the same facts.
//! Were the two to disagree on some fact (concretely true, symbolically
//! false), every Lemma 2 hypothesis could be false and anything "proved".
//! So the initial state is also encoded as SMT constants, and every fact's
//! formula (global, each thread's, each object's, each relation's on the
//! pair (s0, s0)) must have there the truth value the concrete evaluator
//! gives it. A disagreement is a bug in m5, and the proof is "unknown".

use super::concrete;
use super::inv::SEnv;
use super::smt::{self, Script};
use crate::invariant::Compiled;
use crate::invariant::eval::{self, Part};
use crate::state::{Ref, State, ThreadId};

/// One fact of one part on the initial state: what the concrete evaluator
/// says, and the prover's formula for it.
#[derive(Clone, Debug)]
pub struct Instance {
    /// "global fact `args`", "thread 0 fact `start`", ...
    pub label: String,
    pub holds: bool,
    pub term: String,
}

/// Encodes `s0` into `sc` and lists every fact instance with both meanings.
/// Err: the translation does not cover something here (not a disagreement).
pub fn instances(
    c: &Compiled,
    s0: &State,
    relations: &[String],
    sc: &mut Script,
) -> Result<Vec<Instance>, String> {
    let heap = concrete::encode(sc, s0);
    // (The classes of the objects there: a field read by name is refused
    // only for a floating-point field one of them has.)
    let live: std::collections::BTreeSet<_> = s0.heap.iter().map(|o| o.class).collect();
    let frames = (0..s0.threads.len() as ThreadId)
        .map(|t| {
            concrete::frames(sc, s0, t, &format!("t{t}"))
                .ok_or_else(|| format!("thread {t} holds a floating-point value"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::new();
    let mut push = |what: &str, facts: Vec<super::inv::FactTerm>, truths: Vec<bool>| {
        if facts.len() != truths.len() {
            return Err(format!(
                "{what}: the prover has {} facts, the evaluator {}",
                facts.len(),
                truths.len()
            ));
        }
        for (f, holds) in facts.into_iter().zip(truths) {
            out.push(Instance {
                label: format!("{what}: fact `{}` ({})", f.name, f.at),
                holds,
                term: f.term,
            });
        }
        Ok(())
    };
    {
        let mut env = SEnv::new(c, &s0.classes, &heap, None, sc).live(&live);
        push(
            "global",
            env.global()?,
            eval::fact_truths(c, s0, Part::Global),
        )?;
        for (t, fr) in frames.iter().enumerate() {
            let facts = env.thread(&t.to_string(), fr)?;
            let truths = eval::fact_truths(c, s0, Part::Thread(t as ThreadId));
            push(&format!("thread {t}"), facts, truths)?;
        }
        for r in 0..s0.heap.len() {
            let facts = env.object(&r.to_string())?;
            let truths = eval::fact_truths(c, s0, Part::Object(r as Ref));
            push(&format!("object (REF {r})"), facts, truths)?;
        }
    }
    for name in relations {
        let mut env = SEnv::new(c, &s0.classes, &heap, Some(&heap), sc).live(&live);
        if c.relation_over.contains_key(name) {
            // At every address (true where the object is of another class).
            for r in 0..s0.heap.len() {
                let facts = env.relation(name, Some(&r.to_string()))?;
                let truths = eval::fact_truths(c, s0, Part::RelationAt(name, s0, r as Ref));
                push(
                    &format!("relation {name} at (REF {r}) from the initial state to itself"),
                    facts,
                    truths,
                )?;
            }
            continue;
        }
        let facts = env.relation(name, None)?;
        let truths = eval::fact_truths(c, s0, Part::Relation(name, s0));
        push(
            &format!("relation {name} from the initial state to itself"),
            facts,
            truths,
        )?;
    }
    Ok(out)
}

/// The instances whose formula, in the encoded state of `sc`, does not have
/// the concrete truth value (empty: they all agree). Err: Z3 could not
/// decide.
pub fn disagreements(
    sc: &Script,
    inst: &[Instance],
    timeout_ms: u32,
) -> Result<Vec<usize>, String> {
    if inst.is_empty() {
        return Ok(Vec::new());
    }
    let mut text = sc.text().replacen("(set-logic ALL)\n", "", 1);
    let mut differ = Vec::new();
    for (i, x) in inst.iter().enumerate() {
        text.push_str(&format!(
            "(declare-const q_{i} Bool)\n(assert (= q_{i} {}))\n",
            x.term
        ));
        differ.push(if x.holds {
            format!("(not q_{i})")
        } else {
            format!("q_{i}")
        });
    }
    text.push_str(&format!("(assert {})\n", smt::or(&differ)));
    let expected = text.matches("(assert ").count();
    let solver = z3::Solver::new();
    let mut p = z3::Params::new();
    p.set_u32("timeout", timeout_ms);
    solver.set_params(&p);
    solver.from_string(text);
    if solver.get_assertions().len() != expected {
        return Err("Z3 could not parse the encoded initial state".into());
    }
    match solver.check() {
        z3::SatResult::Unsat => Ok(Vec::new()),
        z3::SatResult::Unknown => Err(format!(
            "Z3 answered unknown ({})",
            solver
                .get_reason_unknown()
                .unwrap_or_else(|| "no reason given".into())
        )),
        z3::SatResult::Sat => {
            let model = solver.get_model().ok_or("Z3 gave no model")?;
            Ok((0..inst.len())
                .filter(|&i| {
                    let q = model
                        .eval(&z3::ast::Bool::new_const(format!("q_{i}")), true)
                        .and_then(|b| b.as_bool());
                    q != Some(inst[i].holds)
                })
                .collect())
        }
    }
}

/// Symbolic Lemma 1: Ok when every fact's formula agrees with the concrete
/// evaluator on `s0`; Err says which does not (or why it is not known).
pub fn check(
    c: &Compiled,
    s0: &State,
    relations: &[String],
    timeout_ms: u32,
) -> Result<(), String> {
    let mut sc = Script::default();
    let inst = instances(c, s0, relations, &mut sc).map_err(|e| {
        format!("the prover cannot translate the invariant on the initial state: {e}")
    })?;
    let bad = disagreements(&sc, &inst, timeout_ms)
        .map_err(|e| format!("the cross-check of the initial state was not decided: {e}"))?;
    match bad.first() {
        None => Ok(()),
        Some(&i) => Err(format!(
            "the prover's formula for {} disagrees with the concrete evaluator on the initial state (concretely {}, symbolically {}){}; this is a bug in m5",
            inst[i].label,
            inst[i].holds,
            !inst[i].holds,
            if bad.len() > 1 {
                format!(", and {} more facts do", bad.len() - 1)
            } else {
                String::new()
            }
        )),
    }
}
