//! The prover: is the invariant inductive, and does a step relation hold
//! from every good state? Following Moore & Porter:
//!
//! - Lemma 1: the invariant holds on the initial state (by computation);
//! - Lemma 2: for every thread `th` and good state `s`, `step(th, s)` is
//!   good. The stepping thread's cases are the call-stack shapes the
//!   program can reach (a walk of the symbolic step with data ignored) that
//!   the invariant allows; each instruction is executed symbolically
//!   (`step`) and every part of the invariant re-checked: global, the
//!   stepping thread's, a new thread's, every object's, and every other
//!   thread's, case against case (the interference check);
//! - Lemma 3: a relation holds between `s` and `step(th, s)`.
//!
//! Each obligation is an SMT-LIB2 script; unsat of its negation is
//! "proved". Sat is "refuted" with Z3's model rendered as a state; unknown
//! or a timeout is "unknown", never proved.

mod alloc;
mod calls;
mod cases;
pub mod concrete;
pub mod domain;
pub mod driver;
pub mod inv;
pub mod lemma1;
mod lines;
pub mod machine;
pub mod prefix;
mod preserve;
pub mod smt;
pub mod solve;
pub mod step;
pub mod sym;
pub mod theorem;
mod throw;
mod walk;
pub mod witness;

use std::path::PathBuf;
use std::time::Duration;

pub(crate) use cases::shape_text;
pub use cases::{CaseVc, Obligation, Prover, Shown, allows};
pub use solve::{obligation_script, solve};
pub use theorem::{Goal, Verdict};
pub use walk::{Walk, walk};

/// Settings of a proof run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Per-obligation solver timeout.
    pub timeout_ms: u32,
    pub jobs: usize,
    pub emit_smt2: Option<PathBuf>,
    /// Also ask whether each case's hypotheses are satisfiable (slower).
    pub check_vacuity: bool,
    /// At most this many steps of the single-threaded prefix run by
    /// computation before the induction starts (0: from the initial state).
    pub prefix_steps: usize,
    /// Build the interference obligations skipped as unchanged too, and
    /// fail (unknown) if one is not (a self-check for tests).
    pub check_skips: bool,
    /// Houdini rounds (`crate::infer`): a fact an obligation cannot prove
    /// is named in `Outcome::failed` (every fact false in a model, asked
    /// again without them until the rest is proved or Z3 gives up), and
    /// "sat" is not confirmed or rendered. Such outcomes are never a
    /// verdict: the invariant left at the fixpoint is proved again without.
    pub houdini: bool,
    /// Houdini rounds, and the proof after them: the obligations (by a
    /// hash of their whole script) earlier rounds proved, not asked again
    /// (a proved script is proved whatever mode asked it).
    pub houdini_cache: Option<std::sync::Arc<std::sync::Mutex<std::collections::HashSet<u128>>>>,
    /// Houdini with guards (`Guards`): the candidates' facts are written
    /// guarded, and the solving runs to a fixpoint over one set of
    /// obligations (`Guards::fixpoint`). Implies `houdini`.
    pub houdini_guards: Option<std::sync::Arc<Guards>>,
    /// Skip Lemmas 2 and 3 when Lemma 1 fails (the invariant is refuted
    /// by a reachable state either way). Inference sets it: its candidates
    /// are pruned only by proofs, so after a user fact fails on the prefix
    /// Lemma 2 would mostly report candidates, slowly.
    pub stop_at_lemma1: bool,
    /// Ask only the obligations whose failure refutes a theorem by itself:
    /// pre-step checks, those with a goal that is not a Houdini candidate
    /// (`hg!`), and relations. The others are not asked (`Report::not_asked`).
    /// So the verdicts are the full proof's whenever such an obligation is
    /// refuted, and otherwise never "proved" (the invariant's is unknown).
    pub decisive_only: bool,
    /// The search for a reachable violation of each theorem not proved
    /// (`witness`): None looks only at the single-threaded prefix. Houdini
    /// rounds (`houdini`) look nowhere.
    pub witness: Option<witness::Budget>,
    /// The invariant text given is the user's file completed by inference:
    /// where the user's text is in it, so that messages name the user's
    /// file and lines (`invariant::ast::Origin`).
    pub origin: Option<std::sync::Arc<crate::invariant::ast::Origin>>,
    /// Build and solve only this shard's cases: the allowed call-stack
    /// shapes k with k % N == I (and the no-op case in shard 0). Lemma 1,
    /// the walk and the checks of caught exceptions run in every shard;
    /// `driver::Report::plan` says which list of cases was split.
    pub shard: Option<crate::explore::Shard>,
}

/// Houdini's candidates as switches: each candidate fact is written
/// `(=> hg!N fact)` (`inv::guard_name`), and a case is solved with every
/// switch set: on for a candidate still alive (the fact is a hypothesis
/// before the step and a goal after it), off for one dropped (true, both
/// places). So the obligations built once serve every round, and a drop
/// re-asks only the cases that mention the dropped candidate.
#[derive(Debug)]
pub struct Guards {
    /// Solves the obligations to the fixpoint (`crate::infer::houdini`,
    /// which owns the algorithm; the prover only calls it).
    pub fixpoint: Fixpoint,
    /// The candidates' byte ranges in the invariant's text, sorted:
    /// (start, end, candidate number).
    ranges: Vec<(usize, usize, usize)>,
    /// Per candidate number: switched on (alive, and asked)?
    pub alive: std::sync::Mutex<Vec<bool>>,
    /// Per candidate number: alive but switched off, waiting until every
    /// candidate that implies it is dropped (then it is switched on, and
    /// the obligations that have it as a goal are asked: `Hidden`).
    pub waiting: std::sync::Mutex<Vec<bool>>,
    /// Per candidate number: the candidates any one of which implies it.
    pub implied_by: Vec<Vec<usize>>,
    /// Per candidate number: the candidates it implies (`implied_by`
    /// turned around).
    pub implies: Vec<Vec<usize>>,
    /// Each candidate dropped, and the obligation that did not prove it,
    /// in the order dropped.
    pub dropped: std::sync::Mutex<Vec<(usize, Outcome)>>,
    /// Cases solved (a case asked again after a drop counts again).
    pub solved: std::sync::atomic::AtomicUsize,
    /// The time those solvings took, in nanoseconds summed over the
    /// workers (every one, not only each obligation's last).
    pub solving_nanos: std::sync::atomic::AtomicU64,
    /// An obligation of the invariant that failed on a fact no switch
    /// guards (the user's, or a pre-step check): weaker hypotheses cannot
    /// prove it, so the invariant is refuted whatever else is dropped,
    /// and the solving stopped there.
    pub refuted: std::sync::Mutex<Option<Outcome>>,
}

/// Houdini's solving of one set of obligations with `Guards`: every
/// obligation's last outcome (never a verdict); the drops in the guards.
pub type Fixpoint =
    fn(&[CaseVc], &Options, &Guards, Option<&std::sync::atomic::AtomicBool>) -> Vec<Outcome>;

impl Guards {
    /// Switches for the candidates written at `ranges` (per candidate
    /// number: its byte range in the invariant's text, None if absent),
    /// all on.
    pub fn new(ranges: &[Option<(usize, usize)>], fixpoint: Fixpoint) -> Guards {
        let mut sorted: Vec<(usize, usize, usize)> = ranges
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.map(|(a, b)| (a, b, i)))
            .collect();
        sorted.sort();
        Guards {
            fixpoint,
            ranges: sorted,
            alive: std::sync::Mutex::new(vec![true; ranges.len()]),
            waiting: std::sync::Mutex::new(vec![false; ranges.len()]),
            implied_by: vec![Vec::new(); ranges.len()],
            implies: vec![Vec::new(); ranges.len()],
            dropped: Default::default(),
            solved: Default::default(),
            solving_nanos: Default::default(),
            refuted: Default::default(),
        }
    }

    /// As `new`, with the candidates `hidden` says switched off until no
    /// candidate that implies them (`implied_by`) is alive: a fact an alive
    /// candidate implies adds nothing to the invariant, and asking it costs;
    /// when the last that implies it is dropped it is asked in the same
    /// sweep (not in another round of every case).
    pub fn with_hidden(
        ranges: &[Option<(usize, usize)>],
        fixpoint: Fixpoint,
        hidden: &[bool],
        implied_by: &[Vec<usize>],
    ) -> Guards {
        let n = ranges.len();
        let mut implies = vec![Vec::new(); n];
        for (h, by) in implied_by.iter().enumerate().take(n) {
            for &j in by {
                if j < n {
                    implies[j].push(h);
                }
            }
        }
        let hidden: Vec<bool> = (0..n)
            .map(|i| hidden.get(i).copied().unwrap_or(false))
            .collect();
        Guards {
            alive: std::sync::Mutex::new(hidden.iter().map(|h| !h).collect()),
            waiting: std::sync::Mutex::new(hidden),
            implied_by: implied_by.iter().take(n).cloned().collect(),
            implies,
            ..Guards::new(ranges, fixpoint)
        }
    }

    /// As `new`, with the switches `on` says (a candidate beyond it: on).
    pub fn switched(ranges: &[Option<(usize, usize)>], fixpoint: Fixpoint, on: &[bool]) -> Guards {
        let g = Guards::new(ranges, fixpoint);
        for (a, &o) in g.alive.lock().expect("lock").iter_mut().zip(on) {
            *a = o;
        }
        g
    }

    /// Drops candidate `x` if it is on (true then): off for good, and each
    /// waiting candidate it implied that nothing alive implies any more is
    /// switched on and pushed to `on`.
    pub fn drop_candidate(&self, alive: &mut [bool], x: usize, on: &mut Vec<usize>) -> bool {
        if !alive.get(x).copied().unwrap_or(false) {
            return false;
        }
        alive[x] = false;
        let mut waiting = self.waiting.lock().expect("lock");
        for &h in self.implies.get(x).into_iter().flatten() {
            let live = |j: usize| alive[j] || waiting[j];
            if waiting[h] && !self.implied_by[h].iter().any(|&j| live(j)) {
                waiting[h] = false;
                alive[h] = true;
                on.push(h);
            }
        }
        true
    }

    /// The candidate whose text holds byte `at`, if any.
    pub fn candidate_at(&self, at: usize) -> Option<usize> {
        let k = self.ranges.partition_point(|r| r.0 <= at).checked_sub(1)?;
        let (a, b, i) = self.ranges[k];
        (a <= at && at < b).then_some(i)
    }
}

impl Outcome {
    /// Where it was asked: the stepping case, the instruction and the
    /// branch, e.g. `Job.run@4 > Job.incr@6 MONITORENTER (lock acquired)`.
    pub fn step(&self) -> String {
        if self.branch.is_empty() {
            format!("{} {}", self.case, self.insn)
        } else {
            format!("{} {} ({})", self.case, self.insn, self.branch)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lemma {
    /// Lemma 2: the invariant is preserved.
    Preserved,
    /// Lemma 3: a relation holds across the step.
    Relation,
}

/// The result of one obligation.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub case: String,
    /// The stepping thread's shape (`CaseVc::shape`).
    pub shape: Vec<(crate::classfile::MethodId, u32)>,
    pub insn: String,
    pub branch: String,
    pub lemma: Lemma,
    pub what: String,
    pub verdict: Verdict,
    /// For refuted and unknown obligations: why, and the model as a state.
    pub detail: String,
    pub time: Duration,
    /// The case's hypotheses are contradictory: the invariant rules the
    /// case out, and its obligations hold vacuously.
    pub vacuous: bool,
    /// The obligation ruled out a caught exception (`Obligation::catch`).
    pub catch: Option<sym::Catch>,
    /// Proved by shared checks (`Obligation::shared`), not asked itself.
    pub by_shared: bool,
    /// How many shared checks' solver time `time` includes.
    pub shared_checks: usize,
    /// With `Options::houdini`: the facts (by span in the invariant file)
    /// this obligation did not prove.
    pub failed: Vec<crate::invariant::ast::Span>,
    /// A counterexample in which only inferred facts fail (none of the
    /// user's): noise once inference stopped at a fact of the user's.
    pub inferred_only: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(
        _: &[CaseVc],
        _: &Options,
        _: &Guards,
        _: Option<&std::sync::atomic::AtomicBool>,
    ) -> Vec<Outcome> {
        Vec::new()
    }

    /// A hidden candidate is switched on exactly when nothing alive implies
    /// it any more (a chain a => b => c: c waits while b does).
    #[test]
    fn a_waiting_candidate_is_switched_on_when_what_implies_it_is_dropped() {
        let ranges: Vec<Option<(usize, usize)>> =
            (0..3).map(|i| Some((10 * i, 10 * i + 5))).collect();
        // 0 implies 1; 1 (and 0) imply 2.
        let implied_by = vec![vec![], vec![0], vec![1, 0]];
        let g = Guards::with_hidden(&ranges, none, &[false, true, true], &implied_by);
        let mut alive = g.alive.lock().expect("lock").clone();
        assert_eq!(alive, vec![true, false, false]);
        let mut on = Vec::new();
        assert!(g.drop_candidate(&mut alive, 0, &mut on));
        assert_eq!(on, vec![1], "1 is on; 2 still waits on 1");
        assert_eq!(alive, vec![false, true, false]);
        assert!(!g.drop_candidate(&mut alive, 0, &mut on), "dropped once");
        on.clear();
        assert!(g.drop_candidate(&mut alive, 1, &mut on));
        assert_eq!(on, vec![2]);
        assert_eq!(alive, vec![false, false, true]);
    }
}
