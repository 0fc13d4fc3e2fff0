//! A refuted obligation shown as a state: which conjunct fails and the
//! values of what it reads, in a small model a fresh solver finds.

use super::case_solver;
use super::switches::{Switches, switched};
use crate::prove::cases::{CaseVc, Obligation, Shown};
use crate::prove::{Options, smt};

/// Z3's resource limit for the search for a small counterexample (about
/// a tenth of a second on this machine; `rlimit` counts Z3's work).
pub(super) const SMALL_STATE_RLIMIT: u32 = 300_000;

/// Which conjunct fails and the values of what it reads, in a model a
/// fresh solver finds for obligation `k` alone, and whether every fact
/// failing there is an inferred one (a Houdini candidate); Err when it
/// finds none.
pub(super) fn counterexample(
    vc: &CaseVc,
    k: usize,
    opts: &Options,
    sw: &Switches,
) -> Result<(String, bool), String> {
    let ob = &vc.obligations[k];
    let obs = Observed::of(vc, ob);
    let mut text = vc.common.replacen("(set-logic ALL)\n", "", 1);
    for (i, (_, t, s, _)) in obs.terms.iter().enumerate() {
        text.push_str(&format!(
            "(declare-const obs_{i} {})\n(assert (= obs_{i} {t}))\n",
            s.smt()
        ));
    }
    text.push_str(&format!("(assert (not {}))\n", ob.goal()));
    let solver = satisfy(&text, opts, sw)?;
    let Some(model) = solver.get_model() else {
        return Err("it gave no model".into());
    };
    Ok(obs.render(&model, ob))
}

/// A solver holding a model of `text`: a small state if one is found
/// within a resource limit, else any state; Err when it finds none.
fn satisfy(text: &str, opts: &Options, sw: &Switches) -> Result<z3::Solver, String> {
    let (solver, parsed) = case_solver(&switched(text, sw), opts);
    if !parsed {
        return Err("Z3 could not parse the obligation".into());
    }
    // Prefer a small state (easier to read), within a resource limit
    // (deterministic, unlike a time limit: the same state on every
    // machine); else any state, from a fresh solver (one that gave up is
    // not asked again).
    solver.push();
    let mut small = z3::Params::new();
    small.set_u32("rlimit", SMALL_STATE_RLIMIT);
    solver.set_params(&small);
    solver.assert(z3::ast::Int::new_const("H").lt(z3::ast::Int::from_i64(12)));
    solver.assert(z3::ast::Int::new_const("N").lt(z3::ast::Int::from_i64(12)));
    let r = solver.check();
    if r == z3::SatResult::Sat {
        return Ok(solver);
    }
    let (solver, _) = case_solver(&switched(text, sw), opts);
    match solver.check() {
        z3::SatResult::Sat => Ok(solver),
        z3::SatResult::Unsat => Err("it answered unsat".into()),
        z3::SatResult::Unknown => Err(format!(
            "it answered unknown: {}",
            solver
                .get_reason_unknown()
                .unwrap_or_else(|| "no reason given".into())
        )),
    }
}

/// The terms a counterexample shows, bound to `obs_i` in order: the
/// globals, then the frames' values, then each fact and what it reads.
struct Observed {
    terms: Vec<Shown>,
    /// How many are globals.
    nglobal: usize,
    /// How many are globals and frame values (the facts follow).
    nfixed: usize,
}

impl Observed {
    /// What to observe for obligation `ob` of `vc`.
    fn of(vc: &CaseVc, ob: &Obligation) -> Self {
        let mut obs: Vec<Shown> = vec![
            ("th".into(), "th".into(), smt::Sort::Int, false),
            ("heap.length".into(), "H".into(), smt::Sort::Int, false),
            ("threads.count".into(), "N".into(), smt::Sort::Int, false),
        ];
        if ob.what.contains("another thread") {
            obs.push(("u".into(), "u".into(), smt::Sort::Int, false));
        }
        let nglobal = obs.len();
        obs.extend(vc.shown.iter().cloned());
        obs.extend(ob.shown.iter().cloned());
        let nfixed = obs.len();
        for f in &ob.facts {
            obs.push((
                format!("fact {}", f.name),
                f.term.clone(),
                smt::Sort::Bool,
                false,
            ));
            obs.extend(f.reads.iter().cloned());
        }
        Observed {
            terms: obs,
            nglobal,
            nfixed,
        }
    }

    /// Term `i` as a value, a reference shown as `null` or `(REF n)`.
    fn shown(&self, model: &z3::Model, i: usize) -> String {
        let v = value(model, i, self.terms[i].2);
        if !self.terms[i].3 {
            v
        } else if v == "-1" {
            "null".into()
        } else {
            format!("(REF {v})")
        }
    }

    /// The state lines: the globals, one line per thread and frame, and
    /// each fact of `ob` that fails, with what it reads: the user's facts
    /// alone when one of them fails (inferred ones then only counted); and
    /// whether only inferred facts fail.
    fn render(&self, model: &z3::Model, ob: &Obligation) -> (String, bool) {
        let (obs, nglobal, nfixed) = (&self.terms, self.nglobal, self.nfixed);
        let shown = |i: usize| self.shown(model, i);
        let mut lines = Vec::new();
        let fixed: Vec<String> = (0..nglobal)
            .map(|i| format!("{} = {}", obs[i].0, shown(i)))
            .collect();
        lines.push(format!("state: {}", fixed.join(", ")));
        // Frames, one line per thread and frame: "th: Job.incr@13 local[0] = (REF 2), ...".
        let mut cur = String::new();
        for (i, o) in obs.iter().enumerate().take(nfixed).skip(nglobal) {
            let (frame, slot) = o.0.rsplit_once(' ').unwrap_or(("", &o.0));
            if frame != cur {
                lines.push(frame.to_string());
                cur = frame.to_string();
            }
            let l = lines.last_mut().expect("line");
            l.push_str(&format!(" {slot} = {}", shown(i)));
        }
        let mut i = nfixed;
        let mut failing = Vec::new();
        for f in &ob.facts {
            let holds = value(model, i, smt::Sort::Bool);
            i += 1;
            let reads: Vec<String> = f
                .reads
                .iter()
                .enumerate()
                .map(|(j, (t, _, _, _))| format!("{t} = {}", shown(i + j)))
                .collect();
            i += f.reads.len();
            if holds == "false" {
                failing.push((
                    f.is_candidate(),
                    format!(
                        "fails: fact `{}` ({}) of {}{}",
                        f.name,
                        f.at,
                        f.part,
                        if reads.is_empty() {
                            String::new()
                        } else {
                            format!(", where {}", reads.join(", "))
                        }
                    ),
                ));
            }
        }
        let inferred = failing.iter().filter(|x| x.0).count();
        let inferred_only = inferred == failing.len() && inferred > 0;
        for (candidate, line) in failing {
            if inferred_only || !candidate {
                lines.push(line);
            }
        }
        if !inferred_only && inferred > 0 {
            lines.push(format!("(and {inferred} inferred facts fail there too)"));
        }
        (lines.join("\n"), inferred_only)
    }
}

/// The model's value of `obs_i` (of sort `s`) as Java prints it; `?` when
/// the model has none.
fn value(model: &z3::Model, i: usize, s: smt::Sort) -> String {
    let name = format!("obs_{i}");
    let v = match s {
        smt::Sort::Int => model
            .eval(&z3::ast::Int::new_const(name), true)
            .map(|v| v.to_string()),
        smt::Sort::Bool => model
            .eval(&z3::ast::Bool::new_const(name), true)
            .map(|v| v.to_string()),
        smt::Sort::Bv32 | smt::Sort::Bv64 => {
            let w = if s == smt::Sort::Bv32 { 32 } else { 64 };
            model
                .eval(&z3::ast::BV::new_const(name, w), true)
                .and_then(|v| {
                    // Z3 gives the bits unsigned: read them as Java does.
                    v.as_u64().map(|x| {
                        if w == 32 {
                            (x as u32 as i32).to_string()
                        } else {
                            (x as i64).to_string()
                        }
                    })
                })
        }
    };
    let v = v.unwrap_or_else(|| "?".into());
    // Integers print as `(- 1)`.
    match v.strip_prefix("(- ").and_then(|x| x.strip_suffix(')')) {
        Some(n) => format!("-{n}"),
        None => v,
    }
}
