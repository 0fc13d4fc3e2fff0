//! Open segments: the data race check of sync-point scheduling.
//!
//! At the sync granularity a transition of a thread is one step followed by
//! every *quiet* step it takes next ([`quiet`]: thread-local steps and plain
//! reads and writes of fields, statics and array elements that cannot
//! throw). Every other step is a sync point; the search interleaves threads
//! only there. A thread's *open segment* is the set of plain accesses it
//! made since its last sync point: none of them has a happens-before edge
//! to anything another thread does later, because the thread has not
//! synchronized since. So an access that conflicts with another thread's
//! open segment is a data race, and the report is never false.
//!
//! No race is missed either: in an execution whose first race is between
//! accesses `a` (thread u) and `b` (thread t), u makes no sync step between
//! `a` and `b` that t's steps up to `b` depend on (that would order `a`
//! before `b`), so the search also tries t's transitions while `a` is still
//! in u's open segment, and checks `b` against it. Without races, scheduling
//! only at sync points reaches every uncaught exception and deadlock that
//! scheduling at every instruction reaches (quiet steps of different
//! threads commute).
//!
//! Atomic accesses (`race::mode`: `volatile` fields', and a program's
//! opaque, acquire, release and volatile `VarHandle` and `Unsafe` ones)
//! are checked too: they race only with plain ones. Only a releasing step
//! ends a segment among them (a release or volatile write, a release
//! fence), and its write does not join the next segment; the others join
//! it. An opaque read that sees another thread's write depends on it
//! without a happens-before edge, which the argument above does not
//! allow: such a race's witness is the execution itself (`Found::adjacent`),
//! and accesses the writer made before its last synchronization are not
//! checked against the reader's (a known gap, ARCHITECTURE.md).
//!
//! The open segments are part of the state the search caches (which
//! locations, how accessed), so caching stays exact; where each access
//! was and at which step are kept for the report only.

use std::sync::{Arc, OnceLock};

use super::{Race, Side};
use crate::classfile::{Insn, Method};
use crate::interp;
use crate::race::access::{Access, Location};
use crate::state::segments::Mark;
pub use crate::state::segments::{Found, Segments};
use crate::state::{InitStatus, State, ThreadId};

/// An access's index in [`Entry::first`].
fn kind(write: bool, atomic: bool) -> usize {
    usize::from(write) | usize::from(atomic) << 1
}

impl Segments {
    /// What the fingerprint of a state must include: the locations in each
    /// thread's open segment and how they were accessed, and whether the
    /// step that led here raced (a releasing write that races joins no
    /// segment, so the segments alone may not show it).
    pub fn fingerprint(&self) -> Option<u128> {
        let mut any = self.race.is_some();
        let mut h = u128::from(any);
        for (t, o) in self.open.iter().enumerate() {
            if let Some(o) = o
                && !o.entries.is_empty()
            {
                any = true;
                h = h.wrapping_mul(0x100_0000_01b3).wrapping_add(o.hash()) ^ t as u128;
            }
        }
        any.then_some(h)
    }

    pub fn race(&self) -> Option<&Found> {
        self.race.as_deref()
    }

    /// Ends `th`'s open segment (it made a sync step).
    fn close(&mut self, th: ThreadId) {
        if let Some(o) = self.open.get_mut(th as usize) {
            *o = None;
        }
    }
}

// A step is quiet when it neither synchronizes with another thread nor can
// be influenced by one except through the plain data it reads:
// thread-local steps (`interp::is_thread_local_step`) and plain accesses
// performed without throwing, to objects, arrays and initialized classes.
// Allocation, monitors, volatile accesses, natives, class initialization,
// exceptions and a thread's last return are not ([`before_step`] decides).

/// Is `a`, the access `th`'s next step performs, a quiet one?
fn plain(s: &State, insn: &Insn, a: Access) -> bool {
    match a.location {
        // The class must be initialized already: a first access that
        // initializes it synchronizes (JLS 12.4.2).
        Location::Static(_) => {
            let effect = insn.effect();
            // Not a static access itself (a native's): not known quiet.
            effect.field().is_some()
                && effect
                    .initializes()
                    .is_some_and(|c| s.init.get(c as usize) == Some(&InitStatus::Done))
        }
        Location::Monitor(_) => false,
        _ => true,
    }
}

/// A step's accesses that can race, each with whether it joins the open
/// segment, and where the step is.
type StepAccesses = (Vec<(Access, bool)>, Arc<Method>, u32);

/// What to record about `th`'s next step before it is taken.
pub struct Pending {
    /// The step's accesses that can race (several for a native such as
    /// `System.arraycopy`), each with whether it joins the open segment,
    /// and where the step is.
    access: Option<StepAccesses>,
    /// A program's `VarHandle` or `Unsafe` read.
    atomic_read: bool,
    quiet: bool,
    /// Whether the step, when not quiet, ends the open segment: every
    /// synchronizing step does; the JDK's own field accesses
    /// (`race::jdk_internal`) and a program's `VarHandle` and `Unsafe`
    /// accesses that release nothing are scheduling points that do not.
    closes: bool,
}

/// Looks at `th`'s next step (call before `interp::step`).
pub fn before_step(s: &State, th: ThreadId) -> Pending {
    // The thread, frame and instruction, found once for every question.
    let Some(n) = interp::Next::of(s, th) else {
        return Pending {
            access: None,
            atomic_read: false,
            quiet: false,
            closes: true,
        };
    };
    let pending = |accesses: Vec<(Access, bool)>, quiet, closes| {
        let access = (!accesses.is_empty()).then(|| (accesses, n.f.method.clone(), n.f.pc()));
        Pending {
            access,
            atomic_read: false,
            quiet,
            closes,
        }
    };
    // The call the step makes, found once for the fence and the access.
    let call = super::mode::Call::at(s, &n);
    // A release fence may order what came before it before another
    // thread's accesses (through an atomic write after it).
    if call
        .and_then(|c| super::mode::fence_of(s, &c))
        .is_some_and(|f| f.release)
    {
        return pending(Vec::new(), false, true);
    }
    if interp::is_thread_local(s, &n) {
        return pending(Vec::new(), true, false);
    }
    let mem = call.and_then(|c| super::mode::memory_access_of(s, &c));
    if let Some(m) = mem
        && !m.jdk
    {
        // A program's `VarHandle` or `Unsafe` access. Only a releasing
        // write can order the segment's accesses before another thread's
        // (an acquire that sees it): it ends the segment and, being
        // ordered before whoever acquires it, does not join the next one.
        // Plain, opaque and acquiring accesses order nothing before others.
        let release = m.write && m.mode.releases();
        let accesses = m
            .accesses()
            .into_iter()
            .map(|a| (a, !(a.write && release)))
            .collect();
        let mut p = pending(accesses, false, release);
        p.atomic_read = m.read && m.mode.atomic();
        return p;
    }
    let jdk = super::jdk_internal_at(s, &n);
    match super::next_access_at(s, &n) {
        // A static of a class `th` is initializing: no other thread can
        // reach it before the initialization ends (a sync point), so it
        // is a plain access, volatile or not.
        Some(a) if interp::clinit::own_initializing_static(s, th, n.insn) => {
            pending(vec![(a, true)], true, true)
        }
        // A volatile field's access synchronizes; a write releases, so it
        // does not join the segment, nor does the JDK's own read (the JDK
        // makes no access that orders nothing, so a check suffices).
        Some(a) if a.atomic => pending(vec![(a, !a.write && !jdk)], false, true),
        Some(a) => pending(vec![(a, true)], plain(s, n.insn, a), true),
        None if jdk => pending(Vec::new(), false, false),
        None => {
            let accesses = super::native_accesses_given(s, th, mem);
            pending(
                accesses.into_iter().map(|a| (a, true)).collect(),
                false,
                true,
            )
        }
    }
}

impl Pending {
    /// Whether the step is quiet.
    pub fn quiet(&self) -> bool {
        self.quiet
    }
}

/// Records a step `th` has taken (`leading`: the first of its transition).
/// A leading sync step ends the thread's open segment first; the step's own
/// accesses, if any, come after its synchronization and are recorded.
/// `true`: an access races with another thread's open segment (the race
/// is then in the state's segments, and the transition must end here).
pub fn after_step(s: &mut State, th: ThreadId, p: Pending, leading: bool) -> bool {
    let segments = of_mut(s);
    let step = segments.steps;
    segments.steps += 1;
    segments.race = None;
    if leading && !p.quiet && p.closes {
        segments.close(th);
    }
    let mut raced = false;
    if let Some((accesses, method, pc)) = p.access {
        for (a, keep) in accesses {
            if record(s, th, a, keep, &method, pc, step) {
                raced = true;
                break;
            }
        }
    }
    if p.atomic_read {
        of_mut(s).atomic_read = Some(step);
    }
    raced
}

/// Checks one access of `th` against the other threads' open segments
/// and adds it to `th`'s if `keep`; `true` on a race (then recorded in `s`).
fn record(
    s: &mut State,
    th: ThreadId,
    a: Access,
    keep: bool,
    method: &Arc<Method>,
    pc: u32,
    step: u64,
) -> bool {
    // Another thread's open access this one may race with (one of the two
    // writes, one is plain); the earliest.
    let mut found: Option<(ThreadId, bool, &Mark)> = None;
    let open = &of(s).open[..];
    for (u, o) in open.iter().enumerate() {
        let (Some(o), true) = (o, u as ThreadId != th) else {
            continue;
        };
        let Some(e) = o.entries.get(&a.location) else {
            continue;
        };
        for write in [false, true] {
            for atomic in [false, true] {
                let Some(m) = &e.first[kind(write, atomic)] else {
                    continue;
                };
                let races = (write || a.write) && !(atomic && a.atomic);
                if races && found.is_none_or(|(_, _, f)| m.step < f.step) {
                    found = Some((u as ThreadId, write, m));
                }
            }
        }
    }
    let race = found.map(|(u, write, m)| {
        let earlier = Side {
            thread: u,
            write,
            at: interp::position(s, &m.method, m.pc),
        };
        let later = Side {
            thread: th,
            write: a.write,
            at: interp::position(s, method, pc),
        };
        let adjacent = of(s).atomic_read.is_none_or(|k| k <= m.step);
        let (first, second) = if u < th || !adjacent {
            (earlier, later)
        } else {
            (later, earlier)
        };
        let race = Race {
            location: super::describe(s, a.location),
            first,
            second,
        };
        Found {
            race,
            earlier: u,
            earlier_step: m.step,
            adjacent,
        }
    });
    let raced = race.is_some();
    if let Some(f) = race {
        of_mut(s).race = Some(Arc::new(f));
    }
    // The access joins the segment even when it races, so the state itself
    // shows the conflict (two open segments conflict exactly in the states
    // a race was found on): a cached state never hides one.
    if keep {
        let slot = th as usize;
        let segments = of_mut(s);
        if segments.open.len() <= slot {
            segments.open.resize(slot + 1, None);
        }
        let open = Arc::make_mut(segments.open[slot].get_or_insert_with(Default::default));
        let e = open.entries.entry(a.location).or_default();
        let first = &mut e.first[kind(a.write, a.atomic)];
        if first.is_none() {
            *first = Some(Mark {
                step,
                method: method.clone(),
                pc,
            });
            open.hash = OnceLock::new();
        }
    }
    raced
}

/// The witness of a race found by [`after_step`] on the step that reached
/// the state `path` leads to: that path without the racing step and
/// without the earlier thread's steps from its access on (nothing in
/// between depended on them), which reaches a state where both accesses
/// are the threads' next steps; then one step of each. Where something in
/// between may have depended on them (`Found::adjacent`), the path itself:
/// both accesses are on it, and `m5 run --races` shows them unordered.
pub fn witness(found: &Found, mut path: Vec<ThreadId>) -> Vec<ThreadId> {
    if !found.adjacent {
        return path;
    }
    path.pop();
    let mut w: Vec<ThreadId> = path
        .iter()
        .enumerate()
        .filter(|&(k, &t)| t != found.earlier || (k as u64) < found.earlier_step)
        .map(|(_, &t)| t)
        .collect();
    w.extend([found.race.first.thread, found.race.second.thread]);
    w
}

/// Ends `th`'s open segment after a step that was expected to be quiet
/// but threw (it allocated its exception, and unwinding may have released
/// monitors): nothing before it may count as unordered any more.
pub fn close(s: &mut State, th: ThreadId) {
    of_mut(s).close(th);
}

/// Forgets the open segments (the state a search starts from).
pub fn reset(s: &mut State) {
    s.aux.segments = Segments::default();
}

/// A state's open segments (kept in `State::aux`): empty until the search
/// records a step.
fn of(s: &State) -> &Segments {
    &s.aux.segments
}

fn of_mut(s: &mut State) -> &mut Segments {
    &mut s.aux.segments
}

/// What the explorer's fingerprint adds for a state's open segments
/// (`Segments::fingerprint`).
pub fn fingerprint(s: &State) -> Option<u128> {
    of(s).fingerprint()
}

/// Is `th`'s open segment empty (no plain access since its last sync
/// point, or none recorded)? A step that ends a non-empty segment hides
/// later races with it (`explore::por`).
pub fn is_empty(s: &State, th: ThreadId) -> bool {
    of(s)
        .open
        .get(th as usize)
        .is_none_or(|o| o.as_ref().is_none_or(|o| o.entries.is_empty()))
}

/// The race found on the step that led to `s`, if any.
pub fn race(s: &State) -> Option<&Found> {
    of(s).race()
}
