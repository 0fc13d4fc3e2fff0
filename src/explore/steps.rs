//! A witness replayed step by step for the reports that show it
//! (`m5 explore --html`, `--sarif`): where each step's instruction was and
//! which monitors its thread held after it, replayed from the initial
//! state as `witness.rs` replays (one `interp::step` per thread number).

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::{ExploreOptions, searched};
use crate::interp::{self, Outcome, VmError};
use crate::state::{Ref, State, ThreadId};

/// A code position: the method, pc and source line of an instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The class's internal name (`p/q/Main$Inner`).
    pub class: Arc<str>,
    pub method: Arc<str>,
    /// The method's id: two places are on one line of one method when
    /// their ids and lines are equal.
    pub method_id: u32,
    pub pc: u32,
    /// The class file's `SourceFile` (`Main.java`).
    pub file: Option<Arc<str>>,
    pub line: Option<u32>,
    /// `Class.method pc N (File.java:L)`, as verdicts write positions.
    pub at: String,
}

impl Place {
    /// Where `th` stands in `s`: its next instruction.
    fn of(s: &State, th: ThreadId) -> Option<Place> {
        let (m, pc, _) = interp::next_insn(s, th)?;
        Some(Place {
            class: m.class_name.clone(),
            method: m.name.clone(),
            method_id: m.id,
            pc,
            file: interp::source_file(s, &m),
            line: m.line_at(pc),
            at: interp::position(s, &m, pc),
        })
    }

    /// `Class.method (File.java:L)`, or `Class.method pc N` without a line.
    pub fn short(&self) -> String {
        let here = format!("{}.{}", self.class.replace('/', "."), self.method);
        match (&self.file, self.line) {
            (Some(f), Some(l)) => format!("{here} ({f}:{l})"),
            _ => format!("{here} pc {}", self.pc),
        }
    }
}

/// One step of a witness.
#[derive(Clone, Debug)]
pub struct Step {
    pub thread: ThreadId,
    /// The instruction it executed (none for a thread without frames).
    pub place: Option<Place>,
    /// False for a no-op: the thread was blocked, finished or unstarted.
    pub stepped: bool,
    /// The monitors the thread held after the step, by object number:
    /// `Class (REF r)`, with `×k` when entered k > 1 times.
    pub held: Vec<String>,
}

/// A witness replayed.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub steps: Vec<Step>,
    /// Every thread's name at the end, by number.
    pub names: Vec<String>,
    /// Where each live thread stands at the end (for a deadlock: where it
    /// waits).
    pub pending: Vec<(ThreadId, Place)>,
}

/// Replays `witness` from `initial` as the search ran it, recording each
/// step. Monitors are followed through the state's write log, so the
/// replay costs what the steps cost, not a heap scan per step.
pub fn replay_steps(
    initial: &State,
    witness: &[ThreadId],
    opts: &ExploreOptions,
) -> Result<Replayed, VmError> {
    let mut s = searched(initial, opts);
    // Object → (owner, count) of every monitor held.
    let mut monitors: FxHashMap<Ref, (ThreadId, u32)> = FxHashMap::default();
    for (r, o) in s.heap.iter().enumerate() {
        if o.mcount > 0 {
            monitors.insert(r as Ref, (o.monitor, o.mcount));
        }
    }
    s.aux.log_writes = true;
    let mut steps = Vec::with_capacity(witness.len());
    for &th in witness {
        let place = Place::of(&s, th);
        let stepped = interp::step(&mut s, th)? == Outcome::Stepped;
        for r in std::mem::take(&mut s.aux.written) {
            let Some(o) = s.heap.get(r as usize) else {
                continue;
            };
            if o.mcount > 0 {
                monitors.insert(r, (o.monitor, o.mcount));
            } else {
                monitors.remove(&r);
            }
        }
        s.aux.written_threads.clear();
        let mut held: Vec<(Ref, u32)> = monitors
            .iter()
            .filter(|(_, (owner, _))| *owner == th)
            .map(|(&r, &(_, count))| (r, count))
            .collect();
        held.sort_unstable();
        let held = held
            .into_iter()
            .map(|(r, count)| {
                let class = interp::runtime::java_class_name(&s, r);
                match count {
                    1 => format!("{class} (REF {r})"),
                    k => format!("{class} (REF {r}) ×{k}"),
                }
            })
            .collect();
        steps.push(Step {
            thread: th,
            place,
            stepped,
            held,
        });
    }
    let names = (0..s.threads.len() as ThreadId)
        .map(|t| interp::runtime::thread_name(&s, t))
        .collect();
    let pending = s
        .live_threads()
        .into_iter()
        .filter_map(|t| Some((t, Place::of(&s, t)?)))
        .collect();
    Ok(Replayed {
        steps,
        names,
        pending,
    })
}
