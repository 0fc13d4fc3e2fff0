//! What the tools keep on a state besides the JVM's state (`Aux`): output,
//! reports, scheduler hints, the invariant checker's write log and the race
//! check's open segments. None of it is part of "same state" (`Model`).

use std::sync::Arc;

use super::{Ref, ThreadId, UnfixedRead, Wake};

/// A field belongs here when the program can neither observe it nor act
/// on it: two states that differ only in it go on alike. The explorer's
/// fingerprint adds some of them by name (`explore::fingerprint`).
#[derive(Clone, Debug, Default)]
pub struct Aux {
    /// Bytes written to System.out / System.err: what the program did, not
    /// what it can do (the explorer keeps them only under `--determinism`,
    /// and then its fingerprint adds them).
    pub out: im::Vector<u8>,
    pub err: im::Vector<u8>,
    /// The most recent thread killed by an uncaught exception, and the
    /// exception: the explorer sees a new one by comparing it across a step
    /// (its fingerprint adds it). The program never reads it.
    pub last_uncaught: Option<(ThreadId, Ref)>,
    /// Where that exception was thrown (`Class.method pc N`), for reports.
    pub last_uncaught_site: Option<String>,
    /// The first value read along the execution that a real JVM does not
    /// fix (the time, an identity hash code, so every seed drawn from
    /// them): `--determinism` cannot claim the output is always the same
    /// (`interp::unfixed`). The search notes it on every state it reaches,
    /// before merging, so merging loses none.
    pub unfixed: Option<Arc<UnfixedRead>>,
    /// Bumped whenever something happens that may let a blocked thread move
    /// or change the set of live threads (a monitor freed, a notify, a thread
    /// started or ended, a class initialized), so schedulers may skip threads
    /// found blocked until then.
    pub sched_gen: u64,
    /// Bumped whenever a thread begins a timed wait, sleep or park, so a
    /// scheduler need not look for sleepers after every step.
    pub timed_gen: u64,
    /// When set, every object and thread written is logged in `written` /
    /// `written_threads` (the incremental invariant checker drains them).
    pub log_writes: bool,
    pub written: Vec<Ref>,
    pub written_threads: Vec<ThreadId>,
    /// Wake events since the scheduler last drained them.
    pub wakes: Vec<Wake>,
    /// Each thread's plain accesses since its last sync point, kept by the
    /// explorer at the sync granularity (`race::segment`, which owns the
    /// type; the explorer's fingerprint adds them).
    pub segments: super::segments::Segments,
}
