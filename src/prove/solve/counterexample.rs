//! A refuted obligation shown as a state: which conjunct fails and the
//! values of what it reads, in a small model a fresh solver finds.

use super::case_solver;
use super::switches::{Switches, switched};
use crate::prove::cases::{CaseVc, Shown};
use crate::prove::{Options, smt};

/// Z3's resource limit for the search for a small counterexample (about
/// a tenth of a second on this machine; `rlimit` counts Z3's work).
pub(super) const SMALL_STATE_RLIMIT: u32 = 300_000;

/// Which conjunct fails and the values of what it reads, in a model a
/// fresh solver finds for obligation `k` alone; Err when it finds none.
pub(super) fn counterexample(
    vc: &CaseVc,
    k: usize,
    opts: &Options,
    sw: &Switches,
) -> Result<String, String> {
    let ob = &vc.obligations[k];
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
    let mut text = vc.common.replacen("(set-logic ALL)\n", "", 1);
    for (i, (_, t, s, _)) in obs.iter().enumerate() {
        text.push_str(&format!(
            "(declare-const obs_{i} {})\n(assert (= obs_{i} {t}))\n",
            s.smt()
        ));
    }
    text.push_str(&format!("(assert (not {}))\n", ob.goal()));
    let (solver, parsed) = case_solver(&switched(&text, sw), opts);
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
    let solver = if r == z3::SatResult::Sat {
        solver
    } else {
        let (solver, _) = case_solver(&switched(&text, sw), opts);
        match solver.check() {
            z3::SatResult::Sat => solver,
            z3::SatResult::Unsat => return Err("it answered unsat".into()),
            z3::SatResult::Unknown => {
                return Err(format!(
                    "it answered unknown: {}",
                    solver
                        .get_reason_unknown()
                        .unwrap_or_else(|| "no reason given".into())
                ));
            }
        }
    };
    let Some(model) = solver.get_model() else {
        return Err("it gave no model".into());
    };
    let value = |i: usize, s: smt::Sort| -> String {
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
    };
    let shown = |i: usize| -> String {
        let v = value(i, obs[i].2);
        if !obs[i].3 {
            v
        } else if v == "-1" {
            "null".into()
        } else {
            format!("(REF {v})")
        }
    };
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
    for f in &ob.facts {
        let holds = value(i, smt::Sort::Bool);
        i += 1;
        let reads: Vec<String> = f
            .reads
            .iter()
            .enumerate()
            .map(|(j, (t, _, _, _))| format!("{t} = {}", shown(i + j)))
            .collect();
        i += f.reads.len();
        if holds == "false" {
            lines.push(format!(
                "fails: fact `{}` ({}) of {}{}",
                f.name,
                f.at,
                f.part,
                if reads.is_empty() {
                    String::new()
                } else {
                    format!(", where {}", reads.join(", "))
                }
            ));
        }
    }
    Ok(lines.join("\n"))
}
