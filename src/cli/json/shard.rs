//! The `shard` object of `m5 explore --shard I/N --json` and `m5 prove
//! --shard I/N --json` (docs/schemas/shard.schema.json): which part of
//! which command the report is, whether the part finished, and what
//! `m5 merge` needs beyond the report to print the merged verdict as the
//! unsharded command prints it; and the `shards` object of a merged
//! report. These documents are read back, so they own their data.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::state::ThreadId;

/// The shard result format `m5 merge` reads (a newer m5's files are
/// refused rather than misread).
pub(in crate::cli) const FORMAT: u32 = 1;

/// One shard's part of a command.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(in crate::cli) struct Shard {
    /// `explore` or `prove`.
    pub command: String,
    /// The part ran to its end: no bound or time limit stopped it (a
    /// violation found also ends it); prove: every obligation of the part
    /// was asked and nothing stopped the proof.
    pub completed: bool,
    /// N.
    pub count: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explore: Option<ExplorePart>,
    pub format: u32,
    /// I, from 0 to N - 1.
    pub index: u64,
    /// The program and every option that changes what is searched or
    /// proved, as words: the shards of one command have the same.
    pub key: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prove: Option<ProvePart>,
}

/// What an explore shard adds to its report.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(in crate::cli) struct ExplorePart {
    /// Sampling: the index (from 0) of the run that found the violation;
    /// the smallest index wins, as in one process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failing_run: Option<u64>,
    /// The verdict's lines as the text report prints them (thread names
    /// from the state the witness reaches).
    pub lines: Vec<String>,
    /// `--after-race continue`: a data race is the verdict only when no
    /// shard found another violation.
    pub race_last: bool,
    /// The `m5 run` command that replays a witness file, around its
    /// `--schedule` value.
    pub replay_after: String,
    pub replay_before: String,
    /// Sampling: the runs of this part (completed when all ran).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs_assigned: Option<u64>,
    /// Sampling: the runs of this part cut at the step bound, and the bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs_cut: Option<(u64, u64)>,
    /// The witness replays with spurious wake-ups on (its file says so).
    pub spurious_wakeups: bool,
}

/// A prove shard's report as `m5 merge` rebuilds it: the figures every
/// shard shares, its part's counts and failed obligations, and each
/// theorem's verdict and evidence in its part.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(in crate::cli) struct ProvePart {
    pub allowed: usize,
    pub catch_rounds: usize,
    pub facts: usize,
    pub failed: Vec<Obligation>,
    pub followed: usize,
    pub invariant: String,
    pub invariant_lines: usize,
    pub jobs: usize,
    pub lemma1: Option<String>,
    pub lemma1_at: Option<usize>,
    pub lemma2: Stats,
    pub lemma3: Vec<(String, Stats)>,
    pub not_asked: usize,
    pub peak_memory_mb: Option<f64>,
    pub per_thread_claim: bool,
    /// A digest of the cases every shard split (the call-stack shapes and
    /// the exceptions followed): the shards split one list only if equal.
    pub plan: String,
    pub prefix_relations: Vec<(String, String)>,
    pub prefix_steps: usize,
    pub prefix_stop: String,
    pub rounds: usize,
    pub search_seconds: f64,
    pub shapes: usize,
    pub skipped: bool,
    pub solver_seconds: f64,
    pub theorem_file: TheoremFile,
    pub theorems: Vec<TheoremPart>,
    pub thread_cases: usize,
    pub translation: Option<String>,
    pub unsupported: Vec<(String, String)>,
    pub vacuous: Vec<String>,
    pub walk_error: Option<String>,
    pub wall_seconds: f64,
}

/// A lemma's counts in a part.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
pub(in crate::cli) struct Stats {
    pub by_shared: usize,
    pub cases: usize,
    pub obligations: usize,
    pub proved: usize,
    pub refuted: usize,
    pub seconds: f64,
    pub shared_checks: usize,
    pub unknown: usize,
}

/// An obligation not proved.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(in crate::cli) struct Obligation {
    pub branch: String,
    pub case: String,
    pub detail: String,
    pub insn: String,
    /// `preserved` (Lemma 2) or `relation` (Lemma 3).
    pub lemma: String,
    pub seconds: f64,
    pub vacuous: bool,
    /// `refuted`, `not-inductive` or `unknown`.
    pub verdict: String,
    pub what: String,
}

/// The theorem file as the shard read it (its paths as it named them).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(in crate::cli) struct TheoremFile {
    pub args: Vec<String>,
    pub claim: Option<String>,
    pub classpath: String,
    pub invariant: String,
    pub main: String,
    pub path: String,
}

/// A theorem in one part: its verdict there and what backs it.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(in crate::cli) struct TheoremPart {
    /// The file's `expect`, null without one.
    pub expect: Option<String>,
    /// `invariant` or `relation NAME`.
    pub goal: String,
    pub line: usize,
    /// A reachable violation's witness, when this part's search found one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub witness: Option<Witness>,
    /// Where this part's search for one looked, when it found none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub searched: Option<(String, bool)>,
    pub verdict: String,
}

/// A refuted theorem's witness.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(in crate::cli) struct Witness {
    pub by: String,
    pub failure: String,
    pub schedule: Vec<ThreadId>,
    pub spurious_wakeups: bool,
}

/// A merged report's `shards`: how many, and that all were there.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(in crate::cli) struct Merged {
    /// Shards that finished their part.
    pub completed: u64,
    pub count: u64,
    /// The shard whose verdict the merged one is (null: none decides alone).
    pub decided_by: Option<u64>,
    /// The largest shard's peak memory (null where no shard said).
    pub peak_memory_mb: Option<f64>,
}

/// An explore report read back (`m5 merge`): the figures merging adds up
/// or chooses typed, the rest (the strategy, the verdict's own fields, ...)
/// kept as the winning shard wrote it.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(in crate::cli) struct ExploreReport {
    pub jobs: usize,
    pub max_depth: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub peak_memory_mb: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<u64>,
    pub seconds: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shards: Option<Merged>,
    pub states: u64,
    pub states_per_second: f64,
    pub transitions: u64,
    pub verdict: String,
    pub witness: Vec<ThreadId>,
    #[serde(flatten)]
    pub rest: BTreeMap<String, serde_json::Value>,
}
