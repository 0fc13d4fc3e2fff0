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
    /// Per candidate number: still alive?
    pub alive: std::sync::Mutex<Vec<bool>>,
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
            dropped: Default::default(),
            solved: Default::default(),
            solving_nanos: Default::default(),
            refuted: Default::default(),
        }
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
