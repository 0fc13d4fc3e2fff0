//! Houdini (Flanagan & Leino): the candidates' facts are guarded by
//! switches, every case of the proof is solved with the switches of the
//! candidates still alive on, and each candidate an obligation does not
//! prove is dropped, until none is; what is left is the largest
//! inductive subset. A worklist over the proof's cases, on `jobs` threads.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::prove::solve::{Again, Mentions, solve_case, unguarded};
use crate::prove::{CaseVc, Guards, Lemma, Options, Outcome, Verdict};

/// What a case has left to ask: every obligation (None) or these.
type Asks = Option<BTreeSet<usize>>;

/// Houdini's work: per case what is left to ask, the threads asking, and
/// what to ask first (`solve_houdini`).
type Worklist = (BTreeMap<usize, Asks>, usize, BTreeMap<usize, Asks>);

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
    use std::sync::{Condvar, Mutex};
    let mentions: Vec<Mentions> = vcs.iter().map(Mentions::of).collect();
    // Per candidate: the (case, obligation) pairs whose hypotheses read
    // it (obligation None: the whole case's).
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
    // What is left to ask, how many threads are asking, and what to ask
    // before anything else: after a drop, the obligations it re-opens whose
    // failure would end the rounds (so a wrong idea is found early; the
    // rest is asked anyway).
    let work: Mutex<Worklist> = Mutex::new((BTreeMap::new(), 0, BTreeMap::new()));
    let wake = Condvar::new();
    let results: Mutex<Vec<BTreeMap<usize, Outcome>>> =
        Mutex::new(vec![BTreeMap::new(); vcs.len()]);
    // Set with `g.refuted`: the cases being solved stop too.
    let halt = AtomicBool::new(false);
    let stopped = || stop.is_some_and(|s| s.load(Ordering::SeqCst)) || halt.load(Ordering::SeqCst);
    // Each outcome as soon as a case's solver has it: a failure no drop
    // can mend ends the rounds (fewer hypotheses only allow more
    // counterexamples); each candidate it failed on is dropped, and the
    // obligations that read it are asked again (those whose failure would
    // end the rounds first).
    let tell = |o: &Outcome| {
        if o.lemma == Lemma::Preserved
            && o.verdict == Verdict::Refuted
            && (o.failed.is_empty() || o.failed.iter().any(|sp| g.candidate_at(sp.start).is_none()))
        {
            g.refuted
                .lock()
                .expect("lock")
                .get_or_insert_with(|| o.clone());
            halt.store(true, Ordering::SeqCst);
        }
        let mut again = Vec::new();
        {
            let mut alive = g.alive.lock().expect("lock");
            let mut dropped = g.dropped.lock().expect("lock");
            for sp in &o.failed {
                let Some(x) = g.candidate_at(sp.start) else {
                    continue;
                };
                if alive.get(x).copied().unwrap_or(false) {
                    alive[x] = false;
                    dropped.push((x, o.clone()));
                    again.extend(users.get(&x).into_iter().flatten().copied());
                }
            }
        }
        if again.is_empty() {
            return;
        }
        let mut w = work.lock().expect("lock");
        for (case, ob) in again {
            add_asks(&mut w.0, case, ob);
            let urgent: Vec<usize> = match ob {
                Some(k) => decisive[case]
                    .contains(&k)
                    .then_some(k)
                    .into_iter()
                    .collect(),
                None => decisive[case].iter().copied().collect(),
            };
            for k in urgent {
                add_asks(&mut w.2, case, Some(k));
            }
        }
        drop(w);
        wake.notify_all();
    };
    for sweep in [first, everything] {
        if stopped() {
            break;
        }
        work.lock().expect("lock").0 = sweep;
        std::thread::scope(|sc| {
            for _ in 0..opts.jobs.clamp(1, vcs.len().max(1)) {
                crate::parallel::spawn(sc, || {
                    loop {
                        let next = {
                            let mut w = work.lock().expect("lock");
                            loop {
                                if stopped() {
                                    w.0.clear();
                                    w.2.clear();
                                }
                                // A whole case first (its stepping thread's
                                // hypotheses changed: a chain along the code
                                // goes on there), then the obligations about
                                // other threads, which then ask for several
                                // drops at once.
                                let whole = w.0.iter().find(|(_, a)| a.is_none()).map(|(i, _)| *i);
                                let next = match (w.2.pop_first(), whole) {
                                    (Some(u), _) => Some(u),
                                    (None, Some(i)) => w.0.remove_entry(&i),
                                    (None, None) => w.0.pop_first(),
                                };
                                if let Some(next) = next {
                                    w.1 += 1;
                                    break Some(next);
                                }
                                if w.1 == 0 {
                                    break None;
                                }
                                w = wake.wait(w).expect("lock");
                            }
                        };
                        let Some((i, asks)) = next else {
                            wake.notify_all();
                            return;
                        };
                        let switches: Vec<(usize, bool)> = {
                            let alive = g.alive.lock().expect("lock");
                            mentions[i]
                                .switched
                                .iter()
                                .map(|&x| (x, alive.get(x).copied().unwrap_or(true)))
                                .collect()
                        };
                        let out = solve_case(
                            &vcs[i],
                            i,
                            opts,
                            stop,
                            &Again {
                                switches: &switches,
                                asks: asks.as_ref(),
                                tell: Some(&tell),
                                halt: Some(&halt),
                            },
                        );
                        g.solved.fetch_add(1, Ordering::SeqCst);
                        results.lock().expect("lock")[i].extend(out);
                        let mut w = work.lock().expect("lock");
                        w.1 -= 1;
                        wake.notify_all();
                    }
                });
            }
        });
    }
    results
        .into_inner()
        .expect("lock")
        .into_iter()
        .flat_map(BTreeMap::into_values)
        .collect()
}
