//! One case's obligations solved: the hypotheses asserted once, each
//! obligation's refutation only within its own push/pop, so Z3 never works
//! on the other goals. The checks that rule out caught exceptions first,
//! then the shared checks before the obligations they cover.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::counterexample::counterexample;
use super::script::{Parsed, parse_case};
use super::switches::{Switches, switched, switched_key};
use super::{candidate, check, check_failing, check_lean, hyp_solver, obligation_script, spare};
use crate::invariant::ast::Span;
use crate::prove::cases::{CaseVc, Obligation};
use crate::prove::{Options, Outcome, Verdict};

/// Houdini's switches and what to ask again (`infer::houdini`): the
/// candidates' switches the case sets, and the obligations to ask (None:
/// all); the others are neither asked nor reported.
#[derive(Default)]
pub struct Again<'a> {
    pub switches: &'a [(usize, bool)],
    pub asks: Option<&'a BTreeSet<usize>>,
    /// Told of each outcome as soon as it is known (Houdini applies its
    /// drops at once, so that a chain of facts along the code goes on in
    /// the next case while this one is still being solved).
    pub tell: Option<&'a (dyn Fn(&Outcome) + Sync)>,
    /// Set when what is left of the case is not worth asking (Houdini
    /// found a failure no drop can mend).
    pub halt: Option<&'a AtomicBool>,
    /// Set when what is left of this solve is not worth asking (a drop
    /// re-opened the whole case: it is solved again after).
    pub stale: Option<&'a AtomicBool>,
}

/// Solves the obligations of one case (those `again` asks), each
/// outcome told to `again.tell` as soon as it is known.
pub fn solve_case(
    vc: &CaseVc,
    index: usize,
    opts: &Options,
    stop: Option<&AtomicBool>,
    again: &Again,
) -> Vec<(usize, Outcome)> {
    // (Of the text asked: with Houdini's switches set.)
    let sw: Switches = again.switches.iter().copied().collect();
    let (keys, known) = known(vc, opts, again, &sw);
    let reported = |k: usize| again.asks.is_none_or(|a| a.contains(&k));
    // A case with nothing else to ask is not even parsed.
    if keys.len() == vc.obligations.len()
        && vc
            .obligations
            .iter()
            .zip(&known)
            .all(|(ob, &k)| k || ob.shared)
    {
        return vc
            .obligations
            .iter()
            .enumerate()
            .filter(|(k, ob)| !ob.shared && reported(*k))
            .map(|(k, ob)| (k, blank(vc, ob, Verdict::Proved, String::new())))
            .collect();
    }
    let mut run = CaseRun::start(vc, index, opts, &sw, keys, known);
    let mut out = Vec::new();
    // The checks that rule out caught exceptions first: if one fails, the
    // induction starts again with the exception followed, and the rest of
    // this one is not worth solving (`stop`). Then the shared checks,
    // before the obligations they cover.
    let mut order: Vec<usize> = (0..vc.obligations.len()).collect();
    order.sort_by_key(|&k| (vc.obligations[k].catch.is_none(), !vc.obligations[k].shared));
    // Obligations left for the second pass (not parsed in the first).
    let mut later: Vec<usize> = Vec::new();
    for pass in 0..2 {
        let list = if pass == 0 {
            order.clone()
        } else {
            if later.is_empty() {
                break;
            }
            run.parse_more(&later);
            std::mem::take(&mut later)
        };
        for k in list {
            if stop.is_some_and(|s| s.load(Ordering::SeqCst))
                || again.halt.is_some_and(|s| s.load(Ordering::SeqCst))
                || again.stale.is_some_and(|s| s.load(Ordering::SeqCst))
            {
                break;
            }
            if vc.obligations[k].shared {
                run.shared_check(k);
                continue;
            }
            let Some(outcome) = run.obligation(k, pass) else {
                later.push(k);
                continue;
            };
            if outcome.catch.is_some()
                && outcome.verdict != Verdict::Proved
                && let Some(s) = stop
            {
                s.store(true, Ordering::SeqCst);
            }
            if let Some(tell) = again.tell
                && reported(k)
            {
                tell(&outcome);
            }
            out.push((k, outcome));
        }
    }
    run.finish();
    out.retain(|(k, _)| reported(*k));
    out.sort_by_key(|(k, _)| *k);
    out
}

/// Per obligation: its key in `Options::houdini_cache` (none without a
/// cache), and whether it counts as known: proved by an earlier Houdini
/// round (the same text), or not asked again (`Again::asks`: the
/// obligations named and the shared checks covering them are asked).
fn known(vc: &CaseVc, opts: &Options, again: &Again, sw: &Switches) -> (Vec<u128>, Vec<bool>) {
    let keys: Vec<u128> = match &opts.houdini_cache {
        Some(_) => obligation_keys(vc, sw),
        _ => Vec::new(),
    };
    let mut known: Vec<bool> = match &opts.houdini_cache {
        Some(cache) if !keys.is_empty() => {
            let cache = cache.lock().expect("lock");
            keys.iter().map(|k| cache.contains(k)).collect()
        }
        _ => vec![false; vc.obligations.len()],
    };
    if let Some(a) = again.asks {
        let mut asked = a.clone();
        for &k in a {
            asked.extend(vc.obligations[k].cover.iter().flatten().copied());
        }
        for (k, kn) in known.iter_mut().enumerate() {
            *kn |= !asked.contains(&k);
        }
    }
    (keys, known)
}

/// What `Options::houdini_cache` knows each obligation of `vc` by, with
/// switches `sw` set: a hash of its whole script's text.
pub fn obligation_keys(vc: &CaseVc, sw: &Switches) -> Vec<u128> {
    let mut base = xxhash_rust::xxh3::Xxh3::new();
    base.update(switched_key(&vc.common, sw).as_bytes());
    vc.obligations
        .iter()
        .map(|ob| {
            let mut h = base.clone();
            h.update(switched_key(&ob.goal(), sw).as_bytes());
            h.digest128()
        })
        .collect()
}

/// The outcome of obligation `ob` of `vc` with nothing measured.
fn blank(vc: &CaseVc, ob: &Obligation, verdict: Verdict, detail: String) -> Outcome {
    Outcome {
        case: vc.case.clone(),
        shape: vc.shape.clone(),
        insn: vc.insn.clone(),
        branch: ob.branch.clone(),
        lemma: ob.lemma,
        what: ob.what.clone(),
        verdict,
        detail,
        time: Duration::ZERO,
        vacuous: false,
        catch: ob.catch.clone(),
        by_shared: false,
        shared_checks: 0,
        failed: Vec::new(),
        inferred_only: false,
    }
}

/// A case being solved: its parsed script, the solver holding its
/// hypotheses, and what the obligations asked so far have shown.
struct CaseRun<'a> {
    vc: &'a CaseVc,
    index: usize,
    opts: &'a Options,
    sw: &'a Switches,
    keys: Vec<u128>,
    known: Vec<bool>,
    parsed: Option<Parsed>,
    solver: Option<z3::Solver>,
    /// The hypotheses are contradictory (`Options::check_vacuity`).
    vacuous: bool,
    /// Obligations in a row the case's solvers gave up on.
    gave_up: usize,
    /// The shared checks proved.
    shared_proved: BTreeSet<usize>,
    /// A shared check's solver gave up: the case asks no more of them.
    shared_gave_up: bool,
    /// The time of the shared checks not yet counted in an outcome's.
    shared_time: BTreeMap<usize, Duration>,
    /// The last counterexample showed inferred facts failing alone.
    inferred_only: bool,
}

impl<'a> CaseRun<'a> {
    /// Parses what the first pass asks: the shared checks and what no
    /// shared check could cover; the rest only if the shared checks leave
    /// some of it open (`parse_more`).
    fn start(
        vc: &'a CaseVc,
        index: usize,
        opts: &'a Options,
        sw: &'a Switches,
        keys: Vec<u128>,
        known: Vec<bool>,
    ) -> CaseRun<'a> {
        let parsed = parse_case(
            vc,
            &|k| {
                let ob = &vc.obligations[k];
                !known[k] && (ob.shared || ob.cover.iter().all(Option::is_none))
            },
            sw,
        );
        let mut solver = parsed.as_ref().map(|p| hyp_solver(p, opts));
        // Contradictory hypotheses prove everything: report such cases.
        let vacuity = match &solver {
            Some(s) if opts.check_vacuity => Some(s.check()),
            _ => None,
        };
        if vacuity == Some(z3::SatResult::Unknown) {
            solver = parsed.as_ref().map(|p| hyp_solver(p, opts));
        }
        CaseRun {
            vc,
            index,
            opts,
            sw,
            keys,
            known,
            parsed,
            solver,
            vacuous: vacuity == Some(z3::SatResult::Unsat),
            gave_up: 0,
            shared_proved: BTreeSet::new(),
            shared_gave_up: false,
            shared_time: BTreeMap::new(),
            inferred_only: false,
        }
    }

    /// Parses the obligations `later` (the second pass).
    fn parse_more(&mut self, later: &[usize]) {
        let more = parse_case(self.vc, &|k| later.contains(&k), self.sw);
        if let (Some(p), Some(q)) = (&mut self.parsed, more) {
            for (g, h) in p.obligations.iter_mut().zip(q.obligations) {
                if h.is_some() {
                    *g = h;
                }
            }
        }
    }

    /// A solver that gave up (a timeout, a resource limit) is not asked
    /// again: Z3 4.8.12 has answered a wrong "sat" after a timeout.
    fn fresh_solver(&mut self) {
        self.solver = self.parsed.as_ref().map(|p| hyp_solver(p, self.opts));
    }

    /// Obligation `k` is proved: remembered for later Houdini rounds.
    fn remember(&self, k: usize) {
        if let (Some(cache), Some(key)) = (&self.opts.houdini_cache, self.keys.get(k)) {
            cache.lock().expect("lock").insert(*key);
        }
    }

    /// Writes obligation `k`'s script (`Options::emit_smt2`).
    fn emit(&self, k: usize) {
        if let Some(dir) = &self.opts.emit_smt2 {
            let _ = std::fs::write(
                dir.join(format!("case{:04}-{k:03}.smt2", self.index)),
                switched(&obligation_script(self.vc, k), self.sw).as_ref(),
            );
        }
    }

    /// Shared check `k`: only a shortcut. When it is not proved, the
    /// obligations it would cover are asked themselves; after one that
    /// gave up, the case asks none.
    fn shared_check(&mut self, k: usize) {
        if self.known[k] {
            self.shared_proved.insert(k);
            return;
        }
        let t0 = Instant::now();
        let goals = self.parsed.as_ref().and_then(|p| p.obligations[k].as_ref());
        let r = match (&mut self.solver, goals) {
            (Some(s), Some(g)) if self.gave_up < 2 && !self.shared_gave_up => {
                check_lean(s, g, &[], None)
            }
            _ => z3::SatResult::Unknown,
        };
        match r {
            z3::SatResult::Unsat => {
                self.shared_proved.insert(k);
                self.remember(k);
                // Only what is proved is written: every script written is
                // a theorem (unsat).
                self.emit(k);
            }
            z3::SatResult::Unknown if !self.shared_gave_up => {
                self.shared_gave_up = true;
                self.fresh_solver();
            }
            _ => {}
        }
        self.shared_time.insert(k, t0.elapsed());
    }

    /// Asks obligation `k` (not a shared check). None in the first pass
    /// when its goals are not parsed yet: it waits for the second.
    fn obligation(&mut self, k: usize, pass: usize) -> Option<Outcome> {
        let (vc, opts) = (self.vc, self.opts);
        let ob = &vc.obligations[k];
        // The facts shared checks proved; the others are asked.
        let covered: Vec<bool> = ob
            .cover
            .iter()
            .map(|c| c.is_some_and(|c| self.shared_proved.contains(&c)))
            .collect();
        let by_shared = (!covered.is_empty() && covered.iter().all(|&c| c)) || self.known[k];
        let has_goals = self
            .parsed
            .as_ref()
            .is_some_and(|p| p.obligations[k].is_some());
        if pass == 0 && !by_shared && self.parsed.is_some() && !has_goals {
            return None;
        }
        self.emit(k);
        let t0 = Instant::now();
        let houdini = opts.houdini && ob.check.is_none() && !by_shared;
        let mut failed_goals: Vec<usize> = Vec::new();
        let goals = self.parsed.as_ref().and_then(|p| p.obligations[k].as_ref());
        let r = match (&mut self.solver, &self.parsed, goals) {
            _ if by_shared => z3::SatResult::Unsat,
            (Some(s), Some(p), Some(g)) if self.gave_up < 2 && houdini => {
                // (A fact of the user's is asked with everything: its
                // failure ends the rounds.)
                let cands: Vec<bool> = ob.facts.iter().map(candidate).collect();
                let (mut r, mut failed) = check_failing(s, p, g, &covered, opts, &cands);
                // Z3 4.8.12 sometimes gives up on a check a fresh solver
                // answers at once: ask once more before every goal left
                // counts as failed (which drops candidates a user's fact
                // may need).
                if r == z3::SatResult::Unknown {
                    *s = hyp_solver(p, opts);
                    (r, failed) = check_failing(s, p, g, &covered, opts, &cands);
                }
                failed_goals = failed;
                r
            }
            (Some(s), Some(p), Some(g)) if self.gave_up < 2 => {
                check(s, p, g, &covered, opts, false, &mut |_| {})
            }
            _ => {
                if houdini {
                    failed_goals = (0..ob.facts.len())
                        .filter(|&i| !covered.get(i).copied().unwrap_or(false))
                        .collect();
                }
                z3::SatResult::Unknown
            }
        };
        let failed: Vec<Span> = failed_goals.iter().map(|&i| ob.facts[i].span).collect();
        let mut time = t0.elapsed();
        let mut shared_checks = 0;
        for c in ob.cover.iter().flatten() {
            if let Some(t) = self.shared_time.remove(c) {
                time += t;
                shared_checks += 1;
            }
        }
        self.inferred_only = false;
        let (verdict, detail) = self.answer(k, r, by_shared, has_goals, &failed);
        Some(Outcome {
            time,
            inferred_only: self.inferred_only,
            vacuous: self.vacuous,
            by_shared,
            shared_checks,
            failed,
            ..blank(vc, ob, verdict, detail)
        })
    }

    /// The verdict on obligation `k` from Z3's answer `r`.
    fn answer(
        &mut self,
        k: usize,
        r: z3::SatResult,
        by_shared: bool,
        has_goals: bool,
        failed: &[Span],
    ) -> (Verdict, String) {
        let ob = &self.vc.obligations[k];
        match r {
            _ if by_shared => (Verdict::Proved, String::new()),
            _ if !has_goals => (
                Verdict::Unknown,
                "Z3 could not parse the obligations of this case (a bug in m5: please report it with --emit-smt2 output)".into(),
            ),
            _ if self.gave_up >= 2 => (
                Verdict::Unknown,
                "not attempted: fresh solvers gave up on this case's two obligations before it".into(),
            ),
            z3::SatResult::Unsat if failed.is_empty() => {
                self.gave_up = 0;
                self.remember(k);
                (Verdict::Proved, String::new())
            }
            // A Houdini round's answer: the facts named in `failed` did not
            // follow (not a verdict; see `Options::houdini`).
            z3::SatResult::Unsat => {
                self.gave_up = 0;
                (
                    Verdict::Refuted,
                    format!("{} facts did not follow (Houdini round)", failed.len()),
                )
            }
            // A check of a caught exception that fails is no refutation:
            // the exception is followed to its handler (`driver`), and no
            // counterexample is shown.
            z3::SatResult::Sat if ob.catch.is_some() => (
                Verdict::Unknown,
                "not ruled out: the exception is followed to its handler".into(),
            ),
            // In Houdini's rounds nothing is a verdict: not rendered.
            z3::SatResult::Sat if self.opts.houdini => {
                (Verdict::Refuted, "not proved (Houdini round)".into())
            }
            // "sat" is believed only when a fresh solver, given this
            // obligation alone, finds the counterexample again.
            z3::SatResult::Sat => match counterexample(self.vc, k, self.opts, self.sw) {
                Ok((text, inferred_only)) => {
                    self.inferred_only = inferred_only;
                    (Verdict::Refuted, text)
                }
                Err(why) => (
                    Verdict::Unknown,
                    format!("Z3 answered sat, but a fresh solver did not confirm it ({why})"),
                ),
            },
            z3::SatResult::Unknown => {
                let why = self
                    .solver
                    .as_ref()
                    .and_then(|s| s.get_reason_unknown())
                    .unwrap_or_else(|| "no reason given".into());
                // The case's later obligations get a fresh solver.
                self.fresh_solver();
                self.gave_up += 1;
                (Verdict::Unknown, format!("Z3 answered unknown ({why})"))
            }
        }
    }

    /// Returns the case's solver (which never gave up) for the next case.
    fn finish(self) {
        if let (Some(s), Some(p)) = (self.solver, &self.parsed) {
            spare(s, p);
        }
    }
}
