//! Checking an invariant on every state of a run without re-evaluating all
//! of it after every step. The invariant's parts (the global facts, each
//! thread's predicate, each object's predicate) are evaluated once while
//! recording what they read; after a step only the parts that read
//! something the step changed are evaluated again. A part that compared a
//! location with a value (`C.monitor != t`) depends only on whether that
//! equality changed, so "the lock's owner is not me", stated for every
//! thread, costs nothing when the lock passes between two other threads.
//!
//! Soundness: a part's result is a function of what it read; when none of
//! that changed (or, for an equality read, the equality's truth did not
//! change), it evaluates to the same result. Writes are logged by the
//! state's write accessors (`Aux::log_writes`); every other change a step
//! can make (a new object, a new thread, static fields) is compared here.

use rustc_hash::{FxHashMap, FxHashSet};

use super::concrete::{Dep, Key, Loc, java, key_of};
use super::eval::{global_part, object_part, thread_part};
use super::{Compiled, Failure};
use crate::state::{Ref, State, ThreadId, Value};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    Global,
    Thread(ThreadId),
    Object(Ref),
}

pub struct Incremental<'c> {
    c: &'c Compiled,
    deps: FxHashMap<Part, Vec<Dep>>,
    plain: FxHashMap<Loc, FxHashSet<Part>>,
    eq: FxHashMap<(Loc, Key), FxHashSet<Part>>,
    /// Part evaluations so far (for statistics).
    pub evaluations: u64,
    /// States were skipped since the last check (`eval::in_scope`): the
    /// recorded reads no longer cover what changed, so the next state in
    /// scope is evaluated whole.
    stale: bool,
}

/// A location's value as the key its equality deps were recorded under
/// (`concrete::key_of`, so `1`, `1L`, `1.0f` and `1.0` are one key).
fn key(v: Value) -> Key {
    java(v).ok().and_then(key_of).unwrap_or(Key::Unequal)
}

impl<'c> Incremental<'c> {
    pub fn new(c: &'c Compiled) -> Self {
        Incremental {
            c,
            deps: FxHashMap::default(),
            plain: FxHashMap::default(),
            eq: FxHashMap::default(),
            evaluations: 0,
            stale: false,
        }
    }

    fn evaluate(&mut self, s: &State, part: Part) -> Result<(), Failure> {
        self.evaluations += 1;
        let mut rec = Some(Vec::new());
        let result = match part {
            Part::Global => global_part(self.c, s, &mut rec),
            Part::Thread(t) => thread_part(self.c, s, t, &mut rec),
            Part::Object(r) => object_part(self.c, s, r, &mut rec),
        };
        if let Some(old) = self.deps.remove(&part) {
            for d in old {
                match d {
                    Dep::Read(l) => {
                        if let Some(set) = self.plain.get_mut(&l) {
                            set.remove(&part);
                        }
                    }
                    Dep::Eq(l, k) => {
                        if let Some(set) = self.eq.get_mut(&(l, k)) {
                            set.remove(&part);
                        }
                    }
                }
            }
        }
        let unique: FxHashSet<Dep> = rec.unwrap_or_default().into_iter().collect();
        let new: Vec<Dep> = unique.into_iter().collect();
        for &d in &new {
            match d {
                Dep::Read(l) => {
                    self.plain.entry(l).or_default().insert(part);
                }
                Dep::Eq(l, k) => {
                    self.eq.entry((l, k)).or_default().insert(part);
                }
            }
        }
        self.deps.insert(part, new);
        result
    }

    /// Evaluates every part on `s` (the first state of a run).
    pub fn check_all(&mut self, s: &State) -> Result<(), Failure> {
        self.stale = !super::eval::in_scope(s);
        if self.stale {
            return Ok(());
        }
        self.evaluate(s, Part::Global)?;
        for t in 0..s.threads.len() as ThreadId {
            self.evaluate(s, Part::Thread(t))?;
        }
        for r in 0..s.heap.len() as Ref {
            self.evaluate(s, Part::Object(r))?;
        }
        Ok(())
    }

    /// After a step from `old` to `new` (which logged its writes), evaluates
    /// the parts that may have changed.
    pub fn check_step(&mut self, old: &State, new: &mut State) -> Result<(), Failure> {
        if self.stale || !super::eval::in_scope(new) {
            new.aux.written.clear();
            new.aux.written_threads.clear();
            return self.check_all(new);
        }
        let mut todo: Vec<Part> = Vec::new();
        let hit = |set: Option<&FxHashSet<Part>>, todo: &mut Vec<Part>| {
            if let Some(set) = set {
                todo.extend(set.iter().copied());
            }
        };
        // Locations whose value changed: (location, old key, new key).
        let mut changed: Vec<(Loc, Option<(Key, Key)>)> = Vec::new();
        let mut written = std::mem::take(&mut new.aux.written);
        written.sort_unstable();
        written.dedup();
        for r in written {
            if r as usize >= old.heap.len() {
                continue;
            }
            let (a, b) = (old.object(r), new.object(r));
            if a.monitor != b.monitor {
                changed.push((
                    Loc::Monitor(r),
                    Some((Key::Int(a.monitor as i128), Key::Int(b.monitor as i128))),
                ));
            }
            if a.mcount != b.mcount {
                changed.push((
                    Loc::Mcount(r),
                    Some((Key::Int(a.mcount as i128), Key::Int(b.mcount as i128))),
                ));
            }
            // Comparing elements costs the array's length: only for arrays
            // some fact reads.
            if self.plain.contains_key(&Loc::Elements(r))
                && let (Some((_, x)), Some((_, y))) = (a.array(), b.array())
                && x != y
            {
                changed.push((Loc::Elements(r), None));
            }
            for (slot, (x, y)) in a.fields().iter().zip(b.fields()).enumerate() {
                if x != y {
                    changed.push((Loc::Field(r, slot as u32), Some((key(*x), key(*y)))));
                }
            }
        }
        let mut threads = std::mem::take(&mut new.aux.written_threads);
        threads.sort_unstable();
        threads.dedup();
        for t in threads {
            changed.push((Loc::Thread(t), None));
        }
        if new.heap.len() != old.heap.len() {
            changed.push((Loc::HeapLen, None));
        }
        if new.threads.len() != old.threads.len() {
            changed.push((Loc::ThreadCount, None));
        }
        if !new.statics.ptr_eq(&old.statics) && new.statics != old.statics {
            changed.push((Loc::Statics, None));
        }
        for (loc, keys) in changed {
            hit(self.plain.get(&loc), &mut todo);
            if let Some((k1, k2)) = keys {
                hit(self.eq.get(&(loc, k1)), &mut todo);
                hit(self.eq.get(&(loc, k2)), &mut todo);
            }
        }
        for t in old.threads.len()..new.threads.len() {
            todo.push(Part::Thread(t as ThreadId));
        }
        for r in old.heap.len()..new.heap.len() {
            todo.push(Part::Object(r as Ref));
        }
        todo.sort_unstable_by_key(|p| match p {
            Part::Global => (0, 0),
            Part::Thread(t) => (1, *t),
            Part::Object(r) => (2, *r),
        });
        todo.dedup();
        for p in todo {
            self.evaluate(new, p)?;
        }
        Ok(())
    }
}
