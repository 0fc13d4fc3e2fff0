//! Happens-before along one executed schedule: vector clocks (one per
//! thread, per released monitor, per volatile location, per ended thread,
//! per initialized class) and, per accessed location, the last write and
//! the reads since as FastTrack epochs (thread, its clock then), widened to
//! one epoch per thread only while reads are concurrent.
//!
//! The edges (JLS 17.4.4): program order; a monitor's release to its next
//! acquisition (`monitorenter`/`monitorexit`, synchronized methods, `wait`);
//! a volatile write to later reads of it; a release write (`VarHandle`'s
//! `setRelease`, a volatile or release read-modify-write, and the
//! read-modify-writes after it: its release sequence) to an acquire read
//! that sees it (`race::mode`; plain and opaque accesses order nothing);
//! `Thread.start` to the started
//! thread; a thread's end to an `isAlive()` that returns false (the
//! model's `join` asks it); a class's initialization to its subclasses'
//! and to every later use (static access, static call, `new`).
//!
//! The detector watches steps from outside the interpreter: before a step
//! it records what the instruction may access; after it, what changed (the
//! state's write log names the objects whose monitors may have changed).

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::mode::{Fence, Mode};
use super::{Race, Side};
use crate::classfile::{ClassId, Insn, Method};
use crate::interp;
use crate::race::access::{self, Access, Location};
use crate::state::{InitStatus, Ref, State, Status, ThreadId};

/// A vector clock: thread number -> its logical time.
#[derive(Clone, Debug, Default)]
struct Vc(Vec<u32>);

impl Vc {
    fn get(&self, t: ThreadId) -> u32 {
        self.0.get(t as usize).copied().unwrap_or(0)
    }
    fn join(&mut self, o: &Vc) {
        if self.0.len() < o.0.len() {
            self.0.resize(o.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a = (*a).max(*b);
        }
    }
    fn tick(&mut self, t: ThreadId) {
        let i = t as usize;
        if self.0.len() <= i {
            self.0.resize(i + 1, 0);
        }
        self.0[i] += 1;
    }
}

/// An access as FastTrack keeps it: who, at which of its clock values, where.
#[derive(Clone)]
struct Epoch {
    thread: ThreadId,
    clock: u32,
    write: bool,
    method: Arc<Method>,
    pc: u32,
}

/// One location's accesses that a later one may race with. A plain write
/// follows every earlier access (or raced with it), so it replaces them
/// all; atomic accesses need not be ordered among themselves, so they
/// replace only the ones they follow, and leave the plain ones.
#[derive(Default)]
struct Shadow {
    /// The last plain write.
    write: Option<Epoch>,
    /// The plain reads since that no later read is known to follow: one
    /// while they are ordered, one per thread when not.
    reads: Vec<Epoch>,
    /// The same for atomic writes and reads.
    atomic_writes: Vec<Epoch>,
    atomic_reads: Vec<Epoch>,
}

/// What a location's synchronizing accesses left for later acquires.
#[derive(Clone, Default)]
struct Sync {
    /// The clock an acquire read of the current value joins: the last
    /// releasing write's (with the read-modify-writes after it), none if a
    /// plain or opaque write came last.
    last: Option<Vc>,
    /// Every volatile write's (a volatile read follows them all: JLS 17.4.4).
    volatile: Vc,
}

/// What the step about to run may do, recorded before it.
struct Pending {
    thread: ThreadId,
    depth: usize,
    ip: u32,
    /// The step's accesses that can race (several for some natives) and
    /// where it is.
    access: Option<(Vec<Access>, Arc<Method>, u32)>,
    /// A synchronizing access: a volatile field's (a read or a write), a
    /// `VarHandle` or `Unsafe` access with its mode (the library's are
    /// volatile reads and writes).
    sync: Option<SyncAccess>,
    /// The class whose statics the instruction reads or writes.
    static_owner: Option<ClassId>,
    /// The thread an `isAlive()` call asks about.
    alive_query: Option<ThreadId>,
    /// A fence the program makes (`race::mode::fence`).
    fence: Option<Fence>,
}

/// A step's access in a mode other than plain, as the clocks see it.
#[derive(Clone, Copy)]
struct SyncAccess {
    location: Location,
    read: bool,
    write: bool,
    mode: Mode,
}

pub struct Detector {
    clocks: Vec<Vc>,
    locks: FxHashMap<Ref, Vc>,
    syncs: FxHashMap<Location, Sync>,
    ends: FxHashMap<ThreadId, Vc>,
    inits: FxHashMap<ClassId, Vc>,
    shadow: FxHashMap<Location, Shadow>,
    /// Each object's (owner, count) as last seen.
    monitors: FxHashMap<Ref, (ThreadId, u32)>,
    started: Vec<bool>,
    alive: Vec<bool>,
    init_seen: im::Vector<InitStatus>,
    pending: Option<Pending>,
    /// Races found, first of each pair of code positions on each object
    /// (a loop over an array's elements is one race; the same code racing
    /// on two arrays is two), in order.
    pub races: Vec<Race>,
    reported: FxHashSet<(String, String, Option<Ref>)>,
    /// Each thread's clock at its last release fence: what its later
    /// atomic writes release.
    fenced: FxHashMap<ThreadId, Vc>,
    /// What each thread's atomic reads that did not acquire saw released:
    /// what its next acquire fence acquires.
    seen: FxHashMap<ThreadId, Vc>,
}

/// Races kept per run (the rest are counted only by position pairs).
const MAX_RACES: usize = 100;

impl Detector {
    /// Starts watching at `s` (every thread already started is ordered
    /// after everything before). Sets `s.log_writes`: the detector reads
    /// the write log after each step; whoever drains it must do so after.
    pub fn new(s: &mut State) -> Detector {
        s.aux.log_writes = true;
        let n = s.threads.len();
        let mut d = Detector {
            clocks: Vec::new(),
            locks: FxHashMap::default(),
            syncs: FxHashMap::default(),
            ends: FxHashMap::default(),
            inits: FxHashMap::default(),
            shadow: FxHashMap::default(),
            monitors: FxHashMap::default(),
            started: vec![false; n],
            alive: vec![false; n],
            init_seen: (*s.init).clone(),
            pending: None,
            races: Vec::new(),
            reported: FxHashSet::default(),
            fenced: FxHashMap::default(),
            seen: FxHashMap::default(),
        };
        for (t, th) in s.threads.iter().enumerate() {
            d.started[t] = th.status == Status::Scheduled;
            d.alive[t] = th.is_alive();
        }
        for (r, o) in s.heap.iter().enumerate() {
            if o.mcount > 0 {
                d.monitors.insert(r as Ref, (o.monitor, o.mcount));
            }
        }
        d
    }

    fn clock(&mut self, t: ThreadId) -> &mut Vc {
        let i = t as usize;
        while self.clocks.len() <= i {
            let mut v = Vc::default();
            v.tick(self.clocks.len() as ThreadId);
            self.clocks.push(v);
        }
        &mut self.clocks[i]
    }

    /// Before `th` steps in `s`.
    pub fn before(&mut self, s: &State, th: ThreadId) {
        let Some(t) = s.thread(th) else {
            self.pending = None;
            return;
        };
        let (depth, ip) = (t.stack.len(), t.top().map(|f| f.ip).unwrap_or(0));
        let mut p = Pending {
            thread: th,
            depth,
            ip,
            access: None,
            sync: None,
            static_owner: None,
            alive_query: None,
            fence: None,
        };
        // The call the step makes, found once for the fence and the access.
        let call = super::mode::Call::next(s, th);
        p.fence = call.and_then(|c| super::mode::fence_of(s, &c));
        if let Some((m, pc, insn)) = interp::next_insn(s, th) {
            // The class whose initialization the instruction uses (JLS
            // 12.4.2: its initialization happens-before the use).
            p.static_owner = insn.effect().initializes();
            let volatile = insn.effect().field().is_some_and(|f| f.volatile);
            let mem = call.and_then(|c| super::mode::memory_access_of(s, &c));
            if volatile {
                p.sync = access::next_access(s, th).map(|a| SyncAccess {
                    location: a.location,
                    read: !a.write,
                    write: a.write,
                    mode: Mode::Volatile,
                });
            } else if let Some(a) = mem {
                p.sync = Some(SyncAccess {
                    location: a.location,
                    read: a.read,
                    write: a.write,
                    mode: a.mode,
                });
            }
            // A program's own accesses, atomic ones included, are checked.
            let accesses = super::next_accesses_given(s, th, mem);
            if !accesses.is_empty() {
                p.access = Some((accesses, m.clone(), pc));
            }
            if let Insn::Invoke(_, r) = insn
                && &*r.name == "isAlive"
                && &*r.desc == "()Z"
                && let Some(crate::state::Value::Ref(obj)) = t.top().and_then(|f| f.stack.last())
            {
                p.alive_query = s.thread_of_object.get(obj).copied();
            }
        }
        self.pending = Some(p);
    }

    /// After the step `before` saw; returns the races it made (also kept
    /// in `races`). Does not drain the state's write log.
    pub fn after(&mut self, s: &State) -> Vec<Race> {
        let Some(p) = self.pending.take() else {
            return Vec::new();
        };
        let th = p.thread;
        self.clock(th);
        self.monitors_changed(s, th);
        self.threads_changed(s, th);
        self.inits_changed(s, th);
        if let Some(u) = p.alive_query
            && s.thread(u).is_some_and(|t| t.is_terminated())
            && let Some(end) = self.ends.get(&u).cloned()
        {
            self.clock(th).join(&end);
        }
        // Using an initialized class orders its initialization first
        // (whether or not the instruction itself completed in this step).
        if let Some(c) = p.static_owner
            && s.init.get(c as usize) == Some(&InitStatus::Done)
            && let Some(init) = self.inits.get(&c).cloned()
        {
            self.clock(th).join(&init);
        }
        let executed = s
            .thread(th)
            .is_some_and(|t| t.stack.len() == p.depth && t.top().is_some_and(|f| f.ip == p.ip + 1));
        // A fence is a native or a call of `VarHandle`'s (empty) method.
        let called = executed || s.thread(th).is_some_and(|t| t.stack.len() == p.depth + 1);
        if let Some(fence) = p.fence
            && called
        {
            if fence.acquire
                && let Some(seen) = self.seen.remove(&th)
            {
                self.clock(th).join(&seen);
            }
            if fence.release {
                let now = self.clock(th).clone();
                self.fenced.insert(th, now);
                self.clock(th).tick(th);
            }
        }
        if !executed {
            return Vec::new();
        }
        let sync = p.sync;
        // An acquiring read joins what the location's releases left; an
        // atomic one that does not acquire keeps it for an acquire fence.
        if let Some(a) = sync
            && a.read
            && a.mode.atomic()
            && let Some(l) = self.syncs.get(&a.location).cloned()
        {
            if a.mode.acquires() {
                if let Some(last) = &l.last {
                    self.clock(th).join(last);
                }
                if a.mode == Mode::Volatile {
                    self.clock(th).join(&l.volatile);
                }
            } else if let Some(last) = &l.last {
                self.seen.entry(th).or_default().join(last);
            }
        }
        let races = match p.access {
            Some((accesses, m, pc)) => accesses
                .into_iter()
                .flat_map(|a| self.access(s, th, a, m.clone(), pc))
                .collect(),
            None => Vec::new(),
        };
        if let Some(a) = sync
            && a.write
        {
            let rmw = a.read;
            if a.mode.releases() {
                let now = self.clock(th).clone();
                let l = self.syncs.entry(a.location).or_default();
                match (&mut l.last, rmw) {
                    // A read-modify-write continues the release sequence.
                    (Some(last), true) => last.join(&now),
                    (last, _) => *last = Some(now.clone()),
                }
                if a.mode == Mode::Volatile {
                    l.volatile.join(&now);
                }
                self.clock(th).tick(th);
            } else if let Some(c) = self.fenced.get(&th).filter(|_| a.mode.atomic()) {
                // After a release fence an atomic write releases what
                // came before the fence.
                let l = self.syncs.entry(a.location).or_default();
                match (&mut l.last, rmw) {
                    (Some(last), true) => last.join(c),
                    (last, _) => *last = Some(c.clone()),
                }
            } else if !rmw && let Some(l) = self.syncs.get_mut(&a.location) {
                l.last = None;
            }
        }
        races
    }

    fn monitors_changed(&mut self, s: &State, th: ThreadId) {
        let mut seen: FxHashSet<Ref> = FxHashSet::default();
        for &r in &s.aux.written {
            if !seen.insert(r) || r as usize >= s.heap.len() {
                continue;
            }
            let o = s.object(r);
            let now = (o.monitor, o.mcount);
            let before = self.monitors.get(&r).copied().unwrap_or((0, 0));
            let held =
                |(owner, count): (ThreadId, u32)| if count > 0 && owner == th { count } else { 0 };
            if held(now) > held(before) {
                if let Some(l) = self.locks.get(&r).cloned() {
                    self.clock(th).join(&l);
                }
            } else if held(now) < held(before) {
                let c = self.clock(th).clone();
                self.locks.insert(r, c);
                self.clock(th).tick(th);
            }
            if now.1 > 0 {
                self.monitors.insert(r, now);
            } else {
                self.monitors.remove(&r);
            }
        }
    }

    fn threads_changed(&mut self, s: &State, th: ThreadId) {
        let n = s.threads.len();
        if self.started.len() < n {
            self.started.resize(n, false);
            self.alive.resize(n, false);
        }
        for u in 0..n {
            let t = &s.threads[u];
            let uid = u as ThreadId;
            if !self.started[u] && t.status == Status::Scheduled {
                // Thread.start: everything before it happens-before the thread.
                self.started[u] = true;
                let parent = self.clock(th).clone();
                self.clock(uid).join(&parent);
                self.clock(th).tick(th);
            }
            let alive = t.is_alive();
            if self.alive[u] && !alive {
                // The end of a thread orders it before whoever learns of it
                // by `join` or `isAlive()` (the model's join asks isAlive).
                // Not before a later lock of its thread object: HotSpot
                // happens to give that order, the JLS does not.
                let end = self.clock(uid).clone();
                self.ends.insert(uid, end);
                self.clock(uid).tick(uid);
            }
            self.alive[u] = alive;
        }
    }

    fn inits_changed(&mut self, s: &State, th: ThreadId) {
        if self.init_seen.ptr_eq(&s.init) {
            return;
        }
        let done: Vec<ClassId> = s
            .init
            .iter()
            .enumerate()
            .filter(|(c, st)| {
                **st == InitStatus::Done && self.init_seen.get(*c) != Some(&InitStatus::Done)
            })
            .map(|(c, _)| c as ClassId)
            .collect();
        for c in done {
            // A class is initialized after its superclasses.
            for &sup in &s.classes.class(c).supers[1..] {
                if let Some(i) = self.inits.get(&sup).cloned() {
                    self.clock(th).join(&i);
                }
            }
            let now = self.clock(th).clone();
            self.inits.insert(c, now);
            self.clock(th).tick(th);
        }
        self.init_seen = (*s.init).clone();
    }

    fn access(
        &mut self,
        s: &State,
        th: ThreadId,
        a: Access,
        method: Arc<Method>,
        pc: u32,
    ) -> Vec<Race> {
        let now = self.clock(th).clone();
        let me = Epoch {
            thread: th,
            clock: now.get(th),
            write: a.write,
            method,
            pc,
        };
        let unordered = |e: &Epoch| e.thread != th && e.clock > now.get(e.thread);
        if a.write
            && !a.atomic
            && let Some(l) = self.syncs.get_mut(&a.location)
        {
            // An acquire that reads this plain write synchronizes with nothing.
            l.last = None;
        }
        let sh = self.shadow.entry(a.location).or_default();
        // The earlier accesses this one may race with: conflicting, one of
        // the two plain, not ordered before it.
        let mut earlier: Vec<Epoch> = Vec::new();
        let mut candidates: Vec<&Epoch> = sh.write.iter().collect();
        if a.write {
            candidates.extend(&sh.reads);
        }
        if !a.atomic {
            candidates.extend(&sh.atomic_writes);
            if a.write {
                candidates.extend(&sh.atomic_reads);
            }
        }
        earlier.extend(candidates.into_iter().filter(|e| unordered(e)).cloned());
        // What stays for later accesses (FastTrack's epochs; kept per
        // thread only while accesses are concurrent).
        match (a.write, a.atomic) {
            (true, false) => {
                sh.write = Some(me.clone());
                sh.reads.clear();
                sh.atomic_writes.clear();
                sh.atomic_reads.clear();
            }
            (false, false) => {
                sh.reads.retain(|e| unordered(e));
                sh.reads.push(me.clone());
            }
            (true, true) => {
                sh.atomic_writes.retain(|e| unordered(e));
                sh.atomic_writes.push(me.clone());
            }
            (false, true) => {
                sh.atomic_reads.retain(|e| unordered(e));
                sh.atomic_reads.push(me.clone());
            }
        }
        let mut found = Vec::new();
        for e in earlier {
            let side = |e: &Epoch| Side {
                thread: e.thread,
                write: e.write,
                at: interp::position(s, &e.method, e.pc),
            };
            let race = Race {
                location: super::describe(s, a.location),
                first: side(&e),
                second: side(&me),
            };
            let object = match a.location {
                Location::Field(r, _) | Location::Element(r, _) | Location::Monitor(r) => Some(r),
                Location::Static(_) => None,
            };
            let key = (race.first.at.clone(), race.second.at.clone(), object);
            if self.races.len() < MAX_RACES && self.reported.insert(key) {
                self.races.push(race.clone());
            }
            found.push(race);
        }
        found
    }
}
