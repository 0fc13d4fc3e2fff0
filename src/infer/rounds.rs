//! Inference's Houdini rounds: prove the user's facts and the candidates
//! together; drop the candidates that do not follow; again until none is
//! dropped.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use super::templates::Template;
use super::work::Work;
use super::{Dropped, InferError, InferOptions, Stats, houdini, labelled};
use crate::prove::Options;
use crate::prove::driver::{self, Report};
use crate::prove::theorem::{Goal, Theorem, TheoremFile};

/// The obligations (by a hash of their whole script) the rounds proved.
pub(super) type Proved = Arc<Mutex<HashSet<u128>>>;

/// A rendered file: its text, each candidate's byte range in it, and how
/// many bytes were inserted into the user's text (`Work::render`).
pub(super) type Rendered = (String, Vec<Option<(usize, usize)>>, usize);

/// Runs the rounds on `work` (its alive candidates), recording them in
/// `stats`; returns the obligations they proved, and the last round's
/// file (every candidate alive at its start, the dropped ones switched off
/// since: the final proof asks these obligations, word for word).
pub(super) fn rounds(
    tf: &TheoremFile,
    work: &mut Work,
    opts: &InferOptions,
    stats: &mut Stats,
    log: &dyn Fn(&str),
) -> Result<(Proved, Option<Rendered>), InferError> {
    // The rounds prove the theorem file's theorems (the relations too:
    // their failures drop nothing, but then the last round's scripts are
    // the final proof's, which asks again only what the rounds did not
    // prove).
    let tf_inv = TheoremFile {
        theorems: if tf.theorems.is_empty() {
            vec![Theorem {
                goal: Goal::Invariant,
                expect: None,
                line: 0,
            }]
        } else {
            tf.theorems.clone()
        },
        ..labelled(tf)
    };
    // The obligations the rounds prove, by their text as asked: the proof
    // after the rounds does not ask them again.
    let cache: Proved = Default::default();
    let mut last = None;
    loop {
        if stats.rounds >= opts.max_rounds {
            stats.stopped = Some(format!("{} rounds without a fixpoint", stats.rounds));
            break;
        }
        stats.rounds += 1;
        let (text, ranges, inserted) = work.render(true);
        last = Some((text.clone(), ranges.clone(), inserted));
        // One round builds the obligations once, with every candidate
        // guarded, and solves them to a fixpoint (`houdini::solve`); the
        // hidden ones are switched on when what implies them is dropped.
        let guards = Arc::new(crate::prove::Guards::with_hidden(
            &ranges,
            houdini::solve,
            &work.hidden,
            &work.implied_by,
        ));
        let hopts = Options {
            houdini: true,
            houdini_cache: Some(cache.clone()),
            houdini_guards: Some(guards.clone()),
            stop_at_lemma1: true,
            decisive_only: false,
            emit_smt2: None,
            origin: Some(Arc::new(
                work.origin(&tf.invariant.display().to_string(), inserted),
            )),
            ..opts.prove.clone()
        };
        let r = driver::prove_source(&tf_inv, Some(&text), &hopts, &|_, _| {})?;
        // A candidate false on a state of the single-threaded prefix (which
        // the filter's runs may have checked only in part) is dropped, and
        // the round runs again: a fact of inference's never fails Lemma 1
        // for the user's claim.
        if let Some(i) = r.lemma1_at.and_then(|at| guards.candidate_at(at))
            && work.alive[i]
        {
            work.alive[i] = false;
            stats.prefix_dropped += 1;
            stats.explained.push(Dropped {
                round: stats.rounds,
                fact: work.cands[i].text.clone(),
                shape: work.place(i),
                by: r.lemma1.clone().unwrap_or_default(),
            });
            stats.rounds -= 1;
            work.hide_implied();
            continue;
        }
        if let Some(why) = incomplete(&r) {
            stats.stopped = Some(why);
            break;
        }
        let drops = std::mem::take(&mut *guards.dropped.lock().expect("lock"));
        let mut dropped = 0;
        // Dropping a `false` candidate lets a thread into a shape the
        // round built no case for: the next round builds it.
        let mut new_shapes = false;
        for (i, o) in drops {
            if !work.alive[i] {
                continue;
            }
            work.alive[i] = false;
            dropped += 1;
            new_shapes |= work.cands[i].template == Template::Unreached;
            stats.explained.push(Dropped {
                round: stats.rounds,
                fact: work.cands[i].text.clone(),
                shape: work.place(i),
                by: format!("{}: {}", o.step(), o.what),
            });
        }
        let solved = guards.solved.load(std::sync::atomic::Ordering::SeqCst);
        stats.dropped.push(dropped);
        stats.cases_solved += solved;
        log(&format!(
            "Houdini round {}: {} obligations in {} cases, {} cases solved to the fixpoint, {} candidates dropped ({:.2} s, {:.2} s of solver time on {} threads)",
            stats.rounds,
            r.lemma2.obligations,
            r.lemma2.cases,
            solved,
            dropped,
            r.wall.as_secs_f64(),
            // (Every solving of the sweep's, summed over its threads: a
            // case is asked again after each drop that touches it.)
            guards
                .solving_nanos
                .load(std::sync::atomic::Ordering::SeqCst) as f64
                / 1e9,
            hopts.jobs.max(1)
        ));
        if let Some(o) = guards.refuted.lock().expect("lock").take() {
            stats.user_refuted = true;
            stats.stopped = Some(format!(
                "a fact of yours does not follow, whatever Houdini drops: {}: {}",
                o.step(),
                o.what
            ));
            break;
        }
        // A hidden candidate whose implying one fell is asked on its own:
        // in this round, where it was switched on when that one fell (a
        // candidate the file now shows that the round did not ask is asked
        // in another).
        work.hide_implied();
        let asked = guards.alive.lock().expect("lock").clone();
        let unasked = (0..work.cands.len())
            .any(|i| work.alive[i] && !work.hidden[i] && !asked.get(i).copied().unwrap_or(false));
        if dropped == 0 || !(new_shapes || unasked) {
            break;
        }
    }
    Ok((cache, last))
}

/// Why a round's proof cannot say which candidates fail (then Houdini
/// stops, and the final proof reports it).
fn incomplete(r: &Report) -> Option<String> {
    if let Some(l) = &r.lemma1 {
        return Some(format!("Lemma 1 fails: {l}"));
    }
    if let Some(t) = &r.translation {
        return Some(t.clone());
    }
    if let Some(w) = &r.walk_error {
        return Some(w.clone());
    }
    if let Some((c, w)) = r.unsupported.first() {
        return Some(format!("{c}: {w}"));
    }
    None
}
