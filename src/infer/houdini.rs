//! Houdini (Flanagan & Leino): the candidates' facts are guarded by
//! switches, every case of the proof is solved with the switches of the
//! candidates still alive on, and each candidate an obligation does not
//! prove is dropped, until none is; what is left is the largest
//! inductive subset. A worklist over the proof's cases, on `jobs` threads.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use crate::prove::solve::{Again, Mentions, Switches, obligation_keys, solve_case, unguarded};
use crate::prove::{CaseVc, Guards, Lemma, Options, Outcome, Verdict};

/// What a case has left to ask: every obligation (None) or these.
type Asks = Option<BTreeSet<usize>>;

/// Per obligation of a case: its last outcome, and the switches it was
/// asked with.
type Asked = BTreeMap<usize, (Outcome, Arc<Switches>)>;

/// Houdini's work: per case what is left to ask, the threads asking, what
/// to ask first (`solve_houdini`), and the cases being solved.
type Worklist = (
    BTreeMap<usize, Asks>,
    usize,
    BTreeMap<usize, Asks>,
    BTreeSet<usize>,
);

fn add_asks(to: &mut BTreeMap<usize, Asks>, case: usize, ob: Option<usize>) {
    let e = to.entry(case).or_insert_with(|| Some(BTreeSet::new()));
    match (e, ob) {
        (Some(set), Some(k)) => {
            set.insert(k);
        }
        (e, None) => *e = None,
        (None, Some(_)) => {}
    }
}

/// One Houdini solve's shared state: the obligations, who reads which
/// candidate, the worklist and the outcomes so far.
struct Sweep<'a> {
    vcs: &'a [CaseVc],
    opts: &'a Options,
    g: &'a Guards,
    stop: Option<&'a AtomicBool>,
    mentions: Vec<Mentions>,
    /// Per candidate: the (case, obligation) pairs whose hypotheses read
    /// it (obligation None: the whole case's).
    users: BTreeMap<usize, Vec<(usize, Option<usize>)>>,
    /// Per candidate: the (case, obligation) pairs that have it as a goal
    /// (asked when a waiting candidate is switched on: `Guards::waiting`).
    goal_users: BTreeMap<usize, Vec<(usize, Option<usize>)>>,
    /// Per case, the obligations a failure of which ends the rounds.
    decisive: Vec<BTreeSet<usize>>,
    /// What is left to ask, how many threads are asking, and what to ask
    /// before anything else: after a drop, the obligations it re-opens whose
    /// failure would end the rounds (so a wrong idea is found early; the
    /// rest is asked anyway).
    work: Mutex<Worklist>,
    wake: Condvar,
    /// Per case and obligation: the last outcome, and the switches it was
    /// asked with.
    results: Mutex<Vec<Asked>>,
    /// Set with `g.refuted`: the cases being solved stop too.
    halt: AtomicBool,
    /// Per case: set when a drop re-opens the whole case while it is being
    /// solved with the old switches; what is left of that solve is not
    /// worth asking (the case is solved again, after it).
    stale: Vec<AtomicBool>,
}

/// Houdini over one set of obligations (`Options::houdini_guards`): every
/// case is solved with the candidates' switches set as `g.alive` says;
/// each candidate an obligation does not prove is dropped at once, and
/// the obligations whose hypotheses mention it are asked again, until
/// none drops one. A worklist in the cases' order (the walk's, roughly
/// the code's): a case sees every drop made before it starts, so a chain
/// of facts along the code falls in one sweep. Returns every obligation's
/// last outcome; the drops are in `g.dropped`. As with `Options::houdini`
/// these outcomes choose facts and are never a verdict: "sat" is neither
/// confirmed nor rendered.
pub fn solve(
    vcs: &[CaseVc],
    opts: &Options,
    g: &Guards,
    stop: Option<&AtomicBool>,
) -> Vec<Outcome> {
    let mentions: Vec<Mentions> = vcs.iter().map(Mentions::of).collect();
    let mut users: BTreeMap<usize, Vec<(usize, Option<usize>)>> = BTreeMap::new();
    for (i, m) in mentions.iter().enumerate() {
        for &x in &m.common {
            users.entry(x).or_default().push((i, None));
        }
        for (k, ob) in m.per_ob.iter().enumerate() {
            for &x in ob.difference(&m.common) {
                users.entry(x).or_default().push((i, Some(k)));
            }
        }
    }
    let mut goal_users: BTreeMap<usize, Vec<(usize, Option<usize>)>> = BTreeMap::new();
    for (i, m) in mentions.iter().enumerate() {
        for (k, goals) in m.goals.iter().enumerate() {
            for &x in goals {
                goal_users.entry(x).or_default().push((i, Some(k)));
            }
        }
    }
    // First the obligations a failure of which ends the rounds (a check,
    // a fact of the user's: no switch) in every case, so that a file
    // whose idea is wrong says so soon; then everything. (What the first
    // sweep proved is not asked again: `Options::houdini_cache`.)
    let decisive: Vec<BTreeSet<usize>> = vcs
        .iter()
        .map(|vc| {
            (0..vc.obligations.len())
                .filter(|&k| {
                    let ob = &vc.obligations[k];
                    !ob.shared && ob.lemma == Lemma::Preserved && unguarded(ob)
                })
                .collect()
        })
        .collect();
    let first: BTreeMap<usize, Asks> = decisive
        .iter()
        .enumerate()
        .filter(|(_, a)| !a.is_empty())
        .map(|(i, a)| (i, Some(a.clone())))
        .collect();
    let everything: BTreeMap<usize, Asks> = (0..vcs.len()).map(|i| (i, None)).collect();
    let sw = Sweep {
        vcs,
        opts,
        g,
        stop,
        mentions,
        users,
        goal_users,
        decisive,
        work: Mutex::new((BTreeMap::new(), 0, BTreeMap::new(), BTreeSet::new())),
        stale: (0..vcs.len()).map(|_| AtomicBool::new(false)).collect(),
        wake: Condvar::new(),
        results: Mutex::new(vec![BTreeMap::new(); vcs.len()]),
        halt: AtomicBool::new(false),
    };
    for sweep in [first, everything] {
        if sw.stopped() {
            break;
        }
        sw.work.lock().expect("lock").0 = sweep;
        let jobs = opts.jobs.clamp(1, vcs.len().max(1));
        crate::parallel::workers(jobs, || sw.worker(), || sw.worker());
    }
    let results = sw.results.into_inner().expect("lock");
    if !sw.halt.load(Ordering::SeqCst) && !stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
        remember_at_fixpoint(vcs, opts, g, &sw.mentions, &results);
    }
    results
        .into_iter()
        .flat_map(BTreeMap::into_values)
        .map(|(o, _)| o)
        .collect()
}

/// Remembers (`Options::houdini_cache`) every obligation proved in the
/// sweep under the switches of its fixpoint, where its proof carries over:
/// every candidate among its hypotheses is switched as it was when it was
/// proved (the same hypotheses), and each among its goals that is on at
/// the fixpoint was on then (a goal switched off is a conjunct `true` of
/// what is refuted: fewer goals, still unsat). Only the switches are
/// compared, never assumed: an outcome of a solve that started before a
/// drop is judged by the switches it was asked with. So the proof after
/// the rounds does not ask again what was proved before a drop that left
/// its hypotheses untouched (one of its goals dropped).
fn remember_at_fixpoint(
    vcs: &[CaseVc],
    opts: &Options,
    g: &Guards,
    mentions: &[Mentions],
    results: &[Asked],
) {
    let Some(cache) = &opts.houdini_cache else {
        return;
    };
    let alive = g.alive.lock().expect("lock").clone();
    let end_on = |x: usize| alive.get(x).copied().unwrap_or(true);
    let mut keys = Vec::new();
    for (i, outs) in results.iter().enumerate() {
        let m = &mentions[i];
        let end: Switches = m.switched.iter().map(|&x| (x, end_on(x))).collect();
        let mut at_end: Option<Vec<u128>> = None;
        for (&k, (o, then)) in outs {
            if o.verdict != Verdict::Proved {
                continue;
            }
            let was_on = |x: &usize| then.get(x).copied().unwrap_or(true);
            let hyps_kept = m
                .common
                .iter()
                .chain(&m.per_ob[k])
                .all(|x| was_on(x) == end_on(*x));
            let no_new_goal = m.goals[k].iter().all(|x| was_on(x) || !end_on(*x));
            if hyps_kept && no_new_goal {
                let all = at_end.get_or_insert_with(|| obligation_keys(&vcs[i], &end));
                keys.push(all[k]);
            }
        }
    }
    cache.lock().expect("lock").extend(keys);
}

impl Sweep<'_> {
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::SeqCst)) || self.halt.load(Ordering::SeqCst)
    }

    /// Each outcome as soon as a case's solver has it: a failure no drop
    /// can mend ends the rounds (fewer hypotheses only allow more
    /// counterexamples); each candidate it failed on is dropped, and the
    /// obligations that read it are asked again (those whose failure would
    /// end the rounds first).
    fn tell(&self, o: &Outcome) {
        let g = self.g;
        if o.lemma == Lemma::Preserved
            && o.verdict == Verdict::Refuted
            && (o.failed.is_empty() || o.failed.iter().any(|sp| g.candidate_at(sp.start).is_none()))
        {
            g.refuted
                .lock()
                .expect("lock")
                .get_or_insert_with(|| o.clone());
            self.halt.store(true, Ordering::SeqCst);
        }
        let mut again = Vec::new();
        {
            let mut alive = g.alive.lock().expect("lock");
            let mut dropped = g.dropped.lock().expect("lock");
            let mut on = Vec::new();
            for sp in &o.failed {
                let Some(x) = g.candidate_at(sp.start) else {
                    continue;
                };
                if g.drop_candidate(&mut alive, x, &mut on) {
                    dropped.push((x, o.clone()));
                    again.extend(self.users.get(&x).into_iter().flatten().copied());
                }
            }
            // A candidate switched on is a goal where it was `true`, and a
            // hypothesis where it was left out.
            for h in on {
                again.extend(self.goal_users.get(&h).into_iter().flatten().copied());
                again.extend(self.users.get(&h).into_iter().flatten().copied());
            }
        }
        if again.is_empty() {
            return;
        }
        let mut w = self.work.lock().expect("lock");
        for (case, ob) in again {
            if ob.is_none() && w.3.contains(&case) {
                self.stale[case].store(true, Ordering::SeqCst);
            }
            add_asks(&mut w.0, case, ob);
            let urgent: Vec<usize> = match ob {
                Some(k) => self.decisive[case]
                    .contains(&k)
                    .then_some(k)
                    .into_iter()
                    .collect(),
                None => self.decisive[case].iter().copied().collect(),
            };
            for k in urgent {
                add_asks(&mut w.2, case, Some(k));
            }
        }
        drop(w);
        self.wake.notify_all();
    }

    /// The next case to solve and what to ask of it, waiting while others
    /// are asking (their drops may add work); None when all is done.
    fn next(&self) -> Option<(usize, Asks)> {
        let mut w = self.work.lock().expect("lock");
        loop {
            if self.stopped() {
                w.0.clear();
                w.2.clear();
            }
            // A whole case first (its stepping thread's
            // hypotheses changed: a chain along the code
            // goes on there), then the obligations about
            // other threads, which then ask for several
            // drops at once.
            // (Never a case another thread is solving: it is asked again
            // once that solve is over, with the switches then.)
            let busy = &w.3;
            let whole = (w.0.iter())
                .find(|(i, a)| a.is_none() && !busy.contains(i))
                .map(|(i, _)| *i);
            let urgent = w.2.keys().find(|i| !busy.contains(i)).copied();
            let any = w.0.keys().find(|i| !busy.contains(i)).copied();
            let next = match (urgent, whole, any) {
                (Some(u), _, _) => w.2.remove_entry(&u),
                (None, Some(i), _) | (None, None, Some(i)) => w.0.remove_entry(&i),
                (None, None, None) => None,
            };
            if let Some(next) = next {
                w.1 += 1;
                w.3.insert(next.0);
                self.stale[next.0].store(false, Ordering::SeqCst);
                return Some(next);
            }
            if w.1 == 0 {
                return None;
            }
            w = self.wake.wait(w).expect("lock");
        }
    }

    /// One solving thread: cases from the worklist until it is empty.
    fn worker(&self) {
        loop {
            let Some((i, asks)) = self.next() else {
                self.wake.notify_all();
                return;
            };
            let switches: Vec<(usize, bool)> = {
                let alive = self.g.alive.lock().expect("lock");
                self.mentions[i]
                    .switched
                    .iter()
                    .map(|&x| (x, alive.get(x).copied().unwrap_or(true)))
                    .collect()
            };
            let started = std::time::Instant::now();
            let out = solve_case(
                &self.vcs[i],
                i,
                self.opts,
                self.stop,
                &Again {
                    switches: &switches,
                    asks: asks.as_ref(),
                    tell: Some(&|o| self.tell(o)),
                    halt: Some(&self.halt),
                    stale: Some(&self.stale[i]),
                },
            );
            self.g.solved.fetch_add(1, Ordering::SeqCst);
            let nanos = started.elapsed().as_nanos().min(u64::MAX as u128) as u64;
            self.g.solving_nanos.fetch_add(nanos, Ordering::SeqCst);
            let asked: Arc<Switches> = Arc::new(switches.into_iter().collect());
            self.results.lock().expect("lock")[i]
                .extend(out.into_iter().map(|(k, o)| (k, (o, asked.clone()))));
            let mut w = self.work.lock().expect("lock");
            w.1 -= 1;
            w.3.remove(&i);
            self.wake.notify_all();
        }
    }
}
