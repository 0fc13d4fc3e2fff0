//! The concrete runs candidates come from and are filtered on: the program
//! from its initial state under several schedules, each bounded in steps.
//! A visitor sees every live thread of every state a run passes through;
//! after a step that leaves the heap and thread table as they were, only
//! the thread that stepped (nothing another thread's facts read changed).

use crate::classfile::MethodId;
use crate::schedule::{self, Control, Observer, RunOptions, Schedule};
use crate::state::{Ref, State, ThreadId};

/// A thread's call stack as (method, pc) pairs, bottom first: the key of
/// the case inferred facts are written in.
pub type Key = Vec<(MethodId, u32)>;

pub fn key_of(s: &State, t: ThreadId) -> Key {
    s.threads[t as usize]
        .stack
        .iter()
        .map(|f| (f.method.id, f.pc()))
        .collect()
}

/// The schedules of the runs: round-robin with a few quanta and seeded
/// random ones, `steps` steps each at most.
pub fn schedules(runs: usize) -> Vec<Schedule> {
    // (Every other random run takes long turns: a thread that runs a
    // hundred steps alone fills a buffer and waits, which short turns and
    // per-step random choices rarely do.)
    let mut out = vec![
        Schedule::RoundRobin { quantum: 1 },
        Schedule::RoundRobin { quantum: 3 },
    ];
    out.extend((1..=runs.saturating_sub(2) as u64).map(|k| {
        let seed = k.div_ceil(2);
        if k % 2 == 0 {
            Schedule::Turns { seed }
        } else {
            Schedule::Random { seed }
        }
    }));
    out.truncate(runs);
    out
}

struct Visit<'a> {
    visit: &'a mut dyn FnMut(&State, ThreadId),
    objects: &'a mut dyn FnMut(&State, Ref),
    heap: Option<State>,
}

impl Observer for Visit<'_> {
    fn before(&mut self, s: &State, _th: ThreadId, _step: u64) {
        self.heap = Some(s.clone());
    }
    fn after(&mut self, s: &mut State, th: ThreadId, _step: u64) -> Control {
        let before = self.heap.take();
        visit_step(before.as_ref(), s, th, self.visit, self.objects);
        Control::Continue
    }
}

/// The thread states and objects of `s`, reached from `before` by a step
/// of `th`, that the step may have changed: `th`'s alone when nothing
/// shared changed, else every thread and the changed objects.
fn visit_step(
    before: Option<&State>,
    s: &State,
    th: ThreadId,
    visit: &mut dyn FnMut(&State, ThreadId),
    objects: &mut dyn FnMut(&State, Ref),
) {
    let shared_same = before.is_some_and(|b| {
        b.heap.ptr_eq(&s.heap)
            && b.statics.ptr_eq(&s.statics)
            && b.threads.len() == s.threads.len()
            && (0..s.threads.len())
                .all(|u| u == th as usize || std::sync::Arc::ptr_eq(&b.threads[u], &s.threads[u]))
    });
    if shared_same {
        visit_thread(s, th, visit);
    } else {
        visit_all(s, visit);
        // The objects that changed; all when the heap grew, a static
        // changed (a `let` may read either) or another thread did (an
        // object fact may read a thread's status: `thread_of(o).scheduled`).
        let all = before.is_none_or(|b| {
            b.heap.len() != s.heap.len()
                || !b.statics.ptr_eq(&s.statics)
                || b.threads.len() != s.threads.len()
                || (0..s.threads.len()).any(|u| {
                    u != th as usize && !std::sync::Arc::ptr_eq(&b.threads[u], &s.threads[u])
                })
        });
        for r in 0..s.heap.len() {
            if all || before.is_some_and(|b| !std::sync::Arc::ptr_eq(&b.heap[r], &s.heap[r])) {
                objects(s, r as Ref);
            }
        }
    }
}

/// A bounded breadth-first `m5 explore` from `s0` (branching at every
/// instruction, at most `max_states` states): `visit` and `objects` as in
/// `runs`, on the states the runs' schedules may not reach. Returns the
/// states explored.
pub fn explored(
    s0: &State,
    max_states: u64,
    visit: &mut dyn FnMut(&State, ThreadId),
    objects: &mut dyn FnMut(&State, Ref),
) -> u64 {
    let opts = crate::explore::ExploreOptions {
        granularity: crate::explore::Granularity::Instruction,
        bfs: true,
        max_states: Some(max_states),
        max_transition_steps: Some(10_000),
        // Inference wants the states; a race there is the prover's business.
        races: crate::explore::RaceCheck::Off,
        ..Default::default()
    };
    let r = crate::explore::explore_visiting(s0, &opts, &mut |_, _, _| {}, &mut |b, s, th| {
        visit_step(Some(b), s, th, visit, objects)
    });
    r.map_or(0, |r| r.states)
}

fn visit_thread(s: &State, t: ThreadId, visit: &mut dyn FnMut(&State, ThreadId)) {
    if !s.threads[t as usize].stack.is_empty() {
        visit(s, t);
    }
}

fn visit_all(s: &State, visit: &mut dyn FnMut(&State, ThreadId)) {
    for t in 0..s.threads.len() as ThreadId {
        visit(s, t);
    }
}

/// Runs `s0` under each schedule for at most `steps` steps, calling
/// `visit` on the threads of every state (finished threads too: their key
/// is empty) and `objects` on its objects (those a step may have changed).
/// A run that ends in an error ends there (its states before count).
pub fn runs(
    s0: &State,
    scheds: &[Schedule],
    steps: u64,
    visit: &mut dyn FnMut(&State, ThreadId),
    objects: &mut dyn FnMut(&State, Ref),
) {
    for sched in scheds {
        let mut s = s0.clone();
        visit_all(&s, visit);
        for r in 0..s.heap.len() {
            objects(&s, r as Ref);
        }
        let mut obs = Visit {
            visit: &mut *visit,
            objects: &mut *objects,
            heap: None,
        };
        let _ = schedule::run(
            &mut s,
            sched,
            RunOptions {
                max_steps: Some(steps),
                observer: Some(&mut obs),
                ..Default::default()
            },
        );
    }
}
