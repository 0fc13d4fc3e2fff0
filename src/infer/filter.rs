//! Inference's second pass: every candidate false on a state of the runs
//! or of the bounded exploration is dropped (Daikon's filter), the
//! sources of states spread over the cores.

use std::collections::HashMap;

use super::observe::{self, Key};
use super::work::Work;
use super::{InferError, InferOptions};
use crate::classfile::ClassId;
use crate::invariant::Compiled;
use crate::invariant::eval::{self, Context};
use crate::schedule::Schedule;
use crate::state::{State, ThreadId};

/// What one source of states (a run, or the exploration) leaves of the
/// candidates: which are alive, the thread states visited, the states
/// explored.
type Filtered = (Vec<bool>, usize, u64);

/// The states the filter saw: all, the runs', and the exploration's.
pub(super) struct Seen {
    pub states: usize,
    pub run_states: usize,
    pub explored: u64,
}

/// Drops from `work.alive` every candidate false on a state of the runs
/// `scheds` or of the exploration. `c` is the rendered file compiled,
/// `user` the user's own, `index` each shape's key, `object_classes` each
/// object section's class.
#[allow(clippy::too_many_arguments)]
pub(super) fn filter(
    work: &mut Work,
    c: &Compiled,
    user: &Compiled,
    s0: &State,
    scheds: &[Schedule],
    index: &HashMap<Key, usize>,
    object_classes: &[ClassId],
    opts: &InferOptions,
) -> Result<Seen, InferError> {
    // The candidates of each key, in the order its case lists them (each
    // compiled fact is the candidate of its name: checked, since the
    // filter pairs them by position).
    let of_key = work.by_key(|_| true);
    let npat = work.patterns.len();
    let first_object = user.objects.len();
    let first_case = user.cases.len();
    let nobj = work.objects.len();
    let first_global = user.global.len();
    check_paired(work, c, user, &of_key)?;
    // The runs and the exploration are independent sources of states:
    // they are spread over the cores, each with its own view of which
    // candidates are still alive, and a candidate survives only if it
    // survived every one of them.
    let start = std::mem::take(&mut work.alive);
    let globals = work.globals;
    let filter_on = |source: usize| -> Filtered {
        let states = std::cell::Cell::new(0usize);
        let alive = std::cell::RefCell::new(start.clone());
        let mut on_thread = |s: &State, t: ThreadId| {
            let mut alive = alive.borrow_mut();
            states.set(states.get() + 1);
            // The global candidates once per state (every state has a
            // thread 0).
            if t == 0 && globals {
                let list = &of_key[npat + nobj];
                let facts = &c.global[first_global..];
                drop_false(c, s, Context::Global, list, facts, &mut alive);
            }
            let key = observe::key_of(s, t);
            let Some(&k) = index.get(&key) else {
                return;
            };
            let case = first_case + k;
            let ctx = Context::Thread { t, case };
            drop_false(c, s, ctx, &of_key[k], &c.cases[case].0.facts, &mut alive);
        };
        let mut on_object = |s: &State, r: crate::state::Ref| {
            let o = s.object(r);
            if !matches!(o.body, crate::state::Body::Fields(_)) {
                return;
            }
            let mut alive = alive.borrow_mut();
            for (j, &cid) in object_classes.iter().enumerate() {
                if !s.classes.is_subclass(o.class, cid) {
                    continue;
                }
                let (var, _, facts) = &c.objects[first_object + j];
                let ctx = Context::Object { var, r };
                drop_false(c, s, ctx, &of_key[npat + j], facts, &mut alive);
            }
        };
        let explored = match scheds.get(source) {
            Some(sched) => {
                observe::runs(
                    s0,
                    std::slice::from_ref(sched),
                    opts.steps,
                    &mut on_thread,
                    &mut on_object,
                );
                0
            }
            None => observe::explored(s0, opts.explore_states, &mut on_thread, &mut on_object),
        };
        (alive.into_inner(), states.get(), explored)
    };
    // The runs, then the exploration (if any).
    let sources = scheds.len() + usize::from(opts.explore_states > 0);
    let results = crate::parallel::map(sources, opts.filter_jobs, filter_on);
    let mut alive = start;
    let (mut run_states, mut states, mut explored) = (0usize, 0usize, 0u64);
    for (k, (a, n, e)) in results.into_iter().enumerate() {
        for (x, y) in alive.iter_mut().zip(a) {
            *x &= y;
        }
        states += n;
        if k < scheds.len() {
            run_states += n;
        }
        explored += e;
    }
    work.alive = alive;
    Ok(Seen {
        states,
        run_states,
        explored,
    })
}

/// Each key's compiled facts are its candidates, in the order `of_key`
/// lists them (the filter pairs them by position).
fn check_paired(
    work: &Work,
    c: &Compiled,
    user: &Compiled,
    of_key: &[Vec<usize>],
) -> Result<(), InferError> {
    let npat = work.patterns.len();
    let first_object = user.objects.len();
    let first_case = user.cases.len();
    let nobj = work.objects.len();
    let first_global = user.global.len();
    for (k, list) in of_key.iter().enumerate() {
        let facts = match k.checked_sub(npat) {
            None => c.cases.get(first_case + k).map(|x| &x.0.facts),
            Some(j) if j < nobj => c.objects.get(first_object + j).map(|x| &x.2),
            Some(_) => Some(&c.global).filter(|g| g.len() >= first_global),
        };
        let facts = match (k.checked_sub(npat + nobj), facts) {
            (Some(_), Some(g)) => Some(&g[first_global..]),
            (_, f) => f.map(|v| v.as_slice()),
        };
        let paired = facts.is_some_and(|f| {
            f.len() == list.len()
                && f.iter()
                    .zip(list)
                    .all(|(fact, &i)| fact.name == format!("inferred_{i}"))
        });
        if !paired {
            return Err(InferError(format!(
                "internal error: the compiled candidates of {} are not the ones written (please report it)",
                work.place_of_key(k)
            )));
        }
    }
    Ok(())
}

/// Marks dead the candidates `ids` (compiled as `facts`, in that order)
/// still alive and not true on `s` in `ctx`.
fn drop_false(
    c: &Compiled,
    s: &State,
    ctx: Context,
    ids: &[usize],
    facts: &[crate::invariant::ast::Fact],
    alive: &mut [bool],
) {
    let live = ids
        .iter()
        .enumerate()
        .filter(|&(_, &i)| alive[i])
        .map(|(n, _)| (n, &facts[n].expr));
    let mut dead = Vec::new();
    eval::truths(c, s, ctx, live, |n, ok| {
        if !ok {
            dead.push(ids[n]);
        }
    });
    for i in dead {
        alive[i] = false;
    }
}
