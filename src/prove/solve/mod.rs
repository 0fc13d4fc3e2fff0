//! Solving obligations with Z3, in parallel, one solver per case
//! (`solve_case`), and writing them as SMT-LIB2. The scripts are parsed
//! in `script`, Houdini's switches set in `switches`, a refutation shown
//! as a state in `counterexample`.

mod case;
mod counterexample;
mod script;
mod switches;

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::cases::CaseVc;
use super::{Options, Outcome};
pub use case::{Again, obligation_keys, solve_case};
use script::{Goals, Parsed};
pub use switches::{Mentions, Switches};

/// Solves every obligation of `vcs` on `opts.jobs` threads (one Z3
/// context each). With `stop`, a check ruling out a caught exception that
/// is not proved sets it, and the solving stops (the outcomes are then
/// partial); without, everything is solved.
pub fn solve(
    vcs: &[CaseVc],
    opts: &Options,
    progress: &(dyn Fn(usize) + Sync),
    stop: Option<&AtomicBool>,
) -> Vec<Outcome> {
    let done = AtomicUsize::new(0);
    // Cases with checks of caught exceptions first (see `stop`), then big
    // cases first, so that the threads finish together.
    let mut order: Vec<usize> = (0..vcs.len()).collect();
    order.sort_by_key(|&i| {
        (
            vcs[i].obligations.iter().all(|o| o.catch.is_none()),
            std::cmp::Reverse(vcs[i].common.len() + 256 * vcs[i].obligations.len()),
        )
    });
    let mut all = crate::parallel::map(order.len(), opts.jobs, |k| {
        let i = order[k];
        if stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
            return (i, Vec::new());
        }
        // Houdini's switches, when the facts are guarded: as `alive` says.
        let switches: Vec<(usize, bool)> = match &opts.houdini_guards {
            Some(g) => {
                let alive = g.alive.lock().expect("lock");
                Mentions::of(&vcs[i])
                    .switched
                    .into_iter()
                    .map(|x| (x, alive.get(x).copied().unwrap_or(true)))
                    .collect()
            }
            None => Vec::new(),
        };
        // The decisive obligations alone (`Options::decisive_only`).
        let decisive: Option<BTreeSet<usize>> = opts.decisive_only.then(|| {
            (0..vcs[i].obligations.len())
                .filter(|&k| {
                    let ob = &vcs[i].obligations[k];
                    !ob.shared && (ob.lemma == super::Lemma::Relation || unguarded(ob))
                })
                .collect()
        });
        if decisive.as_ref().is_some_and(BTreeSet::is_empty) {
            return (i, Vec::new());
        }
        let again = Again {
            switches: &switches,
            asks: decisive.as_ref(),
            tell: None,
            halt: None,
            stale: None,
        };
        let r: Vec<Outcome> = solve_case(&vcs[i], i, opts, stop, &again)
            .into_iter()
            .map(|(_, o)| o)
            .collect();
        let n = done.fetch_add(r.len(), Ordering::SeqCst) + r.len();
        progress(n);
        (i, r)
    });
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().flat_map(|(_, r)| r).collect()
}

/// A solver (in this thread's Z3 context) with the per-check timeout.
fn new_solver(opts: &Options) -> z3::Solver {
    let solver = z3::Solver::new();
    solver.set_params(&timeout_params(opts.timeout_ms));
    solver
}

fn timeout_params(ms: u32) -> z3::Params {
    let mut p = z3::Params::new();
    p.set_u32("timeout", ms);
    // Measured on every file in proofs/ (Z3 4.8.12): the older simplex
    // arithmetic and no relevancy filtering answer the same, 10-15 %
    // faster on the big cases (interference of field writes); the
    // other arithmetic solvers (1, 3) time out.
    p.set_u32("smt.arith.solver", 2);
    p.set_u32("smt.relevancy", 0);
    p
}

/// The self-contained script of obligation `k`: unsat means proved.
pub fn obligation_script(vc: &CaseVc, k: usize) -> String {
    let branch = &vc.obligations[k].branch;
    format!(
        "; {} -- {}{}\n; obligation: {}\n{}(assert (not {}))\n(check-sat)\n",
        vc.case,
        vc.insn,
        if branch.is_empty() {
            String::new()
        } else {
            format!(" ({branch})")
        },
        vc.obligations[k].what,
        vc.common,
        vc.obligations[k].goal()
    )
}

/// A solver holding a script, and whether Z3 parsed all of it.
pub(super) fn case_solver(full: &str, opts: &Options) -> (z3::Solver, bool) {
    let solver = new_solver(opts);
    let expected = full.matches("(assert ").count();
    solver.from_string(full.to_string());
    // Z3 drops a script it cannot parse: then nothing here is proved.
    let parsed = solver.get_assertions().len() == expected;
    (solver, parsed)
}

/// A solver holding a case's hypotheses: those every case has at its base
/// level, the others in a push/pop level of their own.
fn hyp_solver(p: &Parsed, opts: &Options) -> z3::Solver {
    let base = &p.hyps[..p.universal];
    // A solver this thread finished a case with (back at its base level)
    // if its base is this case's, else a new one: creating one and
    // asserting the hypotheses every case has costs, per case.
    let spare = SPARE.with(|s| s.borrow_mut().take());
    let solver = match spare {
        Some((b, s)) if b.len() == base.len() && b.iter().zip(base).all(|(x, y)| x == y) => s,
        _ => {
            let s = new_solver(opts);
            for h in base {
                s.assert(h);
            }
            s
        }
    };
    solver.push();
    for h in &p.hyps[p.universal..] {
        solver.assert(h);
    }
    solver
}

type Spare = (Vec<z3::ast::Bool>, z3::Solver);

thread_local! {
    /// This thread's solver between cases, never one that gave up, and the
    /// hypotheses at its base level.
    static SPARE: std::cell::RefCell<Option<Spare>> = const { std::cell::RefCell::new(None) };
}

/// Returns a case's solver (which never gave up) for the next case.
fn spare(solver: z3::Solver, p: &Parsed) {
    solver.pop(1);
    let base = p.hyps[..p.universal].to_vec();
    SPARE.with(|s| *s.borrow_mut() = Some((base, solver)));
}

/// Z3's answer to the goals of obligation `k` not in `proved`, without the
/// object facts at what the object facts read.
fn check_lean(
    solver: &mut z3::Solver,
    g: &Goals,
    proved: &[bool],
    on_sat: Option<&mut OnSat>,
) -> z3::SatResult {
    let Some(refute) = g.refutation(proved) else {
        return z3::SatResult::Unsat;
    };
    solver.push();
    solver.assert(&refute);
    let r = solver.check();
    if r == z3::SatResult::Sat
        && let Some(f) = on_sat
    {
        f(solver);
    }
    solver.pop(1);
    r
}

/// Reads the model of a "sat" answer before the solver forgets it.
type OnSat<'a> = dyn FnMut(&z3::Solver) + 'a;

/// Z3's answer to the goals of obligation `k` not in `proved`, in a case
/// whose hypotheses `solver` holds (`lean`: without the object facts at
/// what the object facts read, whatever the answer).
fn check(
    solver: &mut z3::Solver,
    p: &Parsed,
    g: &Goals,
    proved: &[bool],
    opts: &Options,
    lean: bool,
    on_sat: &mut OnSat,
) -> z3::SatResult {
    // First without the object facts at what the object facts read: with
    // fewer hypotheses "unsat" still proves the goal, and Z3 is much faster.
    let last = lean || (p.more.is_empty() && g.more.is_true());
    let r = check_lean(solver, g, proved, if last { Some(on_sat) } else { None });
    if r == z3::SatResult::Unsat || last {
        return r;
    }
    check_more(solver, p, g, proved, opts, r, on_sat)
}

/// Z3's answer to the goals not in `proved` with the object facts at what
/// the object facts read, after the lean check answered `lean` (not unsat).
fn check_more(
    solver: &mut z3::Solver,
    p: &Parsed,
    g: &Goals,
    proved: &[bool],
    opts: &Options,
    lean: z3::SatResult,
    on_sat: &mut OnSat,
) -> z3::SatResult {
    let Some(refute) = g.refutation(proved) else {
        return z3::SatResult::Unsat;
    };
    let Some(more) = g.more.get(&p.header) else {
        return z3::SatResult::Unknown;
    };
    if lean == z3::SatResult::Unknown {
        // A solver that gave up is not asked again (see `solve_case`).
        *solver = hyp_solver(p, opts);
    }
    solver.push();
    for m in &p.more {
        solver.assert(m);
    }
    solver.assert(&refute);
    solver.assert(more);
    let r = solver.check();
    if r == z3::SatResult::Sat {
        on_sat(solver);
    }
    solver.pop(1);
    r
}

/// Houdini's question (`Options::houdini`): which of obligation `g`'s goals
/// not in `proved` can fail? Every goal false in a model is set aside and
/// the rest asked again, until they are proved or Z3 gives up (then all
/// left count as failed). Returns the last answer and the failed goals.
///
/// The candidates (`candidate[i]`) are asked first, alone and without the
/// object facts at what the object facts read: a candidate survives iff
/// it follows so from the hypotheses. That drops a candidate only they
/// would prove: Houdini then finds a smaller fixpoint, never a wrong one
/// (what survives is proved with fewer hypotheses, so with all of them in
/// the proof after the rounds), and those checks are what cost (with the
/// object facts one takes 40 times as long). The user's goals (and a
/// check) are asked after, with everything once the lean check does not
/// prove them. Which candidates survive is so a property of the
/// hypotheses, never of the model Z3 happens to give. (Asking them with
/// the user's goals cost the capped counter's inference 250 full checks,
/// 213 of its 316 s of solving.)
fn check_failing(
    solver: &mut z3::Solver,
    p: &Parsed,
    g: &Goals,
    proved: &[bool],
    opts: &Options,
    candidate: &[bool],
) -> (z3::SatResult, Vec<usize>) {
    let is_candidate = |i: usize| candidate.get(i).copied().unwrap_or(false);
    let mut aside: Vec<bool> = (0..g.goals.len())
        .map(|i| proved.get(i).copied().unwrap_or(false))
        .collect();
    let mut failed = Vec::new();
    // First the candidates alone (the others set aside), lean; then the
    // others, with everything.
    for cands in [true, false] {
        let mut skip: Vec<bool> = (0..g.goals.len())
            .map(|i| aside[i] || is_candidate(i) != cands)
            .collect();
        loop {
            let open: Vec<usize> = (0..g.goals.len()).filter(|&i| !skip[i]).collect();
            if open.is_empty() {
                break;
            }
            let mut false_in_model = Vec::new();
            let r = check(solver, p, g, &skip, opts, cands, &mut |s: &z3::Solver| {
                if let Some(m) = s.get_model() {
                    for &i in &open {
                        if m.eval(&g.goals[i], true).and_then(|v| v.as_bool()) != Some(true) {
                            false_in_model.push(i);
                        }
                    }
                }
            });
            match r {
                z3::SatResult::Unsat => break,
                z3::SatResult::Sat => {
                    // (A model in which every goal holds cannot refute their
                    // conjunction; if Z3's evaluation says so, all fail.)
                    let out = if false_in_model.is_empty() {
                        open
                    } else {
                        false_in_model
                    };
                    for i in out {
                        skip[i] = true;
                        aside[i] = true;
                        failed.push(i);
                    }
                }
                z3::SatResult::Unknown => {
                    failed.extend(open);
                    return (r, failed);
                }
            }
        }
    }
    (z3::SatResult::Unsat, failed)
}

/// Does the obligation check something no Houdini switch guards (a
/// pre-step check, or a fact of the user's)? Then its failure cannot be
/// mended by dropping candidates.
pub fn unguarded(ob: &super::Obligation) -> bool {
    ob.check.is_some() || ob.facts.iter().any(|f| !candidate(f))
}

/// Is this fact a Houdini candidate (guarded by a switch `hg!N`), not one
/// of the user's?
pub fn candidate(f: &crate::prove::inv::FactTerm) -> bool {
    f.term.contains("hg!")
}
