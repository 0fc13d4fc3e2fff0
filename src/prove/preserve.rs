//! The obligations of one branch of a step: its pre-step checks, then the
//! invariant's parts after it (global, the stepping thread's, a new
//! thread's, every object's, the other threads' under interference) and
//! the relations.

use std::collections::{BTreeMap, BTreeSet};

use super::Lemma;
use super::cases::{Obligation, Other, Prover, changed, fact_ob, shown_frames, terms};
use super::inv::{FactTerm, SEnv};
use super::smt::{self, Script};
use super::step::Branch;
use super::sym::*;

/// What every branch of one case shares: the state before the step and
/// the parts of the invariant there.
pub(super) struct BranchCx<'p, 'a> {
    pub p: &'p Prover<'a>,
    pub shape: &'p Shape,
    pub pre: &'p Heap,
    pub global_pre: &'p [FactTerm],
    /// The other threads' shapes (none: no interference obligations).
    pub u_cases: &'p [Other],
    /// Whether the object facts are re-proved, and their part before the
    /// step (`o`'s facts, and the predicate as one hypothesis).
    pub obj_o: bool,
    pub pre_o: &'p [FactTerm],
    pub obj_pre: &'p [FactTerm],
}

impl BranchCx<'_, '_> {
    /// Branch `b`'s obligations.
    pub fn obligations(
        &self,
        sc: &mut Script,
        b: Branch,
    ) -> Result<(Branch, Vec<Obligation>), String> {
        let p = self.p;
        let mut obs = Vec::new();
        let checks: &[(String, String)] = if p.catch_only { &[] } else { &b.checks };
        for (what, check) in checks {
            obs.push(Obligation {
                lemma: Lemma::Preserved,
                branch: String::new(),
                cond: Vec::new(),
                what: format!("pre-step check: {what}"),
                hyp: "true".into(),
                more: "true".into(),
                facts: Vec::new(),
                check: Some(check.clone()),
                refs: Vec::new(),
                shown: Vec::new(),
                catch: None,
                shared: false,
                cover: Vec::new(),
                other: None,
            });
        }
        if let Some(ob) = self.unfollowed(&b) {
            obs.push(ob);
            return Ok((b, obs));
        }
        if p.catch_only {
            return Ok((b, obs));
        }
        if !b.noop && p.preservation {
            self.preserved(sc, &b, &mut obs)?;
        }
        // A step that changes nothing (blocked, or an exception the
        // checks rule out) relates a state to itself: `noop_case`
        // proves that once for every good state.
        let relations: &[String] = if b.noop { &[] } else { &p.relations };
        for r in relations {
            let mut env = SEnv::new(p.c, p.classes, &b.heap, Some(self.pre), sc).live(&p.walk.inst);
            let f = env.relation(r, None)?;
            let rrefs = env.take_refs();
            let mut ob = fact_ob(&format!("relation {r}"), "true", f).with_refs(rrefs);
            ob.lemma = Lemma::Relation;
            obs.push(ob);
        }
        Ok((b, obs))
    }

    /// An exception caught where no `when` case allows the thread to be
    /// (or not followed to its handler): the branch must be impossible,
    /// and that is all its obligations would show.
    fn unfollowed(&self, b: &Branch) -> Option<Obligation> {
        let p = self.p;
        let unfollowed = b.caught.as_ref().and_then(|why| {
            let allowed = p.frames_allowed(&b.frames);
            let key: Catch = (
                self.shape.clone(),
                b.frames.iter().map(SFrame::shape).collect(),
            );
            (!allowed || !p.follow.contains(&key)).then_some((why, allowed, key))
        });
        let (why, allowed, key) = unfollowed.filter(|u| u.1 || !p.catch_only)?;
        Some(Obligation {
            lemma: Lemma::Preserved,
            branch: String::new(),
            cond: Vec::new(),
            what: if allowed {
                format!("pre-step check: {why}")
            } else {
                format!(
                    "pre-step check: {why}, caught at {} where no `when` case matches",
                    crate::state::frames_text(&b.frames)
                )
            },
            hyp: "true".into(),
            more: "true".into(),
            facts: Vec::new(),
            check: Some("false".into()),
            refs: Vec::new(),
            shown: Vec::new(),
            catch: allowed.then_some(key),
            shared: false,
            cover: Vec::new(),
            other: None,
        })
    }

    /// The invariant's parts after a step that changes something: those
    /// the step may have changed, each with the references it reads.
    fn preserved(
        &self,
        sc: &mut Script,
        b: &Branch,
        obs: &mut Vec<Obligation>,
    ) -> Result<(), String> {
        let p = self.p;
        let pre = self.pre;
        let post = &b.heap;
        let mut env = SEnv::new(p.c, p.classes, post, Some(pre), sc).live(&p.walk.inst);
        let g = env.global()?;
        let grefs = env.take_refs();
        if terms(&g) != terms(self.global_pre) {
            // Facts the step leaves as they were are hypotheses already.
            let g = changed(g, self.global_pre);
            obs.push(fact_ob("global part", "true", g).with_refs(grefs));
        }
        let t = env.thread("th", &b.frames)?;
        let trefs = env.take_refs();
        obs.push(fact_ob("the stepping thread's part", "true", t).with_refs(trefs));
        if let Some(nt) = &b.new_thread {
            let t = env.thread(&pre.n, nt)?;
            let nrefs = env.take_refs();
            obs.push(fact_ob("the new thread's part", "true", t).with_refs(nrefs));
        }
        if self.obj_o {
            let post_o = env.object("o")?;
            let orefs = env.take_refs();
            if terms(&post_o) != terms(self.pre_o) || post.h != pre.h {
                let hyp = format!(
                    "(and (<= 0 o) (< o {}) {})",
                    post.h,
                    smt::and(&terms(self.obj_pre))
                );
                // With the heap the same size, an unchanged fact of
                // `o` is its hypothesis.
                let post_o = if post.h == pre.h {
                    changed(post_o, self.pre_o)
                } else {
                    post_o
                };
                obs.push(fact_ob("every object's part", &hyp, post_o).with_refs(orefs));
            }
        }
        drop(env);
        // A step that leaves heap and thread table alone leaves
        // every other thread's part as it was.
        let u_cases = if post == pre { &[][..] } else { self.u_cases };
        let pending = self.interference(sc, post, u_cases)?;
        shared_checks(obs, pending);
        Ok(())
    }

    /// The obligations of the other threads' shapes, with the changed
    /// facts (before, after) of each (None: not paired).
    fn interference<'u>(
        &self,
        sc: &mut Script,
        post: &Heap,
        u_cases: &'u [Other],
    ) -> Result<Vec<OtherOb<'u>>, String> {
        let p = self.p;
        let pre = self.pre;
        let renaming = post.renaming_since(pre);
        let written: BTreeSet<String> = renaming.keys().cloned().collect();
        let mut pending: Vec<OtherOb> = Vec::new();
        for Other {
            text: utext,
            frames: uf,
            pre: upre,
            refs: urefs,
            hyp: uh,
            hyps: uhs,
            reads,
        } in u_cases
        {
            // A part that reads no component the step wrote is the
            // same formula after the step: its own hypothesis. (The
            // translation copies state names into the terms and
            // never looks into them, and a step's new versions have
            // fresh names.)
            let unread = reads.is_disjoint(&written);
            if unread && !p.check_skips {
                continue;
            }
            // The part after the step is the part before with the
            // written components renamed (for the same reason).
            // `check_skips` translates it again and compares.
            let (upost, mut orefs) = (
                upre.iter()
                    .map(|f| f.renamed(&renaming))
                    .collect::<Vec<_>>(),
                urefs
                    .iter()
                    .map(|r| smt::rename(r, &renaming))
                    .collect::<Vec<_>>(),
            );
            if p.check_skips {
                let mut env = SEnv::new(p.c, p.classes, post, Some(pre), sc).live(&p.walk.inst);
                let (t, r) = (env.thread("u", uf)?, env.take_refs());
                let same = terms(&t) == terms(&upost)
                    && t.iter().zip(&upost).all(|(a, b)| a.reads == b.reads)
                    && r == orefs;
                if !same {
                    return Err(format!(
                        "internal error: the part of another thread at {utext} renamed after the step is not its translation (please report this)"
                    ));
                }
            }
            if terms(upre) == terms(&upost) {
                continue;
            }
            if unread {
                return Err(format!(
                    "internal error: the part of another thread at {utext} was skipped as unread by the step, but it changed (please report this)"
                ));
            }
            orefs.extend(urefs.iter().cloned());
            // The facts of one shape are built in the same order
            // before and after the step.
            let before: BTreeSet<&str> = upre.iter().map(|f| f.term.as_str()).collect();
            let keys = (upost.len() == upre.len()).then(|| {
                upre.iter()
                    .zip(&upost)
                    .filter(|(_, b)| !before.contains(b.term.as_str()))
                    .map(|(a, b)| (a.term.clone(), b.term.clone()))
                    .collect()
            });
            let what = format!("another thread u at {utext} (interference)");
            let upost = changed(upost, upre);
            let mut ob = fact_ob(&what, "true", upost).with_refs(orefs);
            ob.other = Some(uh.clone());
            shown_frames(uf, "u", &mut ob.shown);
            pending.push(OtherOb {
                ob,
                changed: keys,
                hyps: uhs,
            });
        }
        Ok(pending)
    }
}

/// Another thread's obligation in one branch: its changed facts' terms
/// (before, after; None: not paired) and its hypotheses, one by one.
struct OtherOb<'a> {
    ob: Obligation,
    changed: Option<Vec<(String, String)>>,
    hyps: &'a [String],
}

/// Adds the other threads' obligations of one branch to `obs`, and before
/// them the shared checks: a changed fact that several of them have (the
/// same terms before and after the step) is asked once, with the
/// hypotheses all of those obligations have in common (at least the other
/// thread's range and the fact before the step). Each obligation notes
/// which shared check covers which of its facts (`Obligation::cover`):
/// weaker hypotheses than its own, the same goal.
fn shared_checks(obs: &mut Vec<Obligation>, pending: Vec<OtherOb>) {
    type Key = (String, String);
    let mut groups: BTreeMap<&Key, Vec<usize>> = BTreeMap::new();
    for (i, p) in pending.iter().enumerate() {
        for k in p.changed.iter().flatten() {
            groups.entry(k).or_default().push(i);
        }
    }
    // A check for one obligation would only add work.
    groups.retain(|_, g| g.len() >= 2);
    let mut index: BTreeMap<Key, usize> = BTreeMap::new();
    for (key, group) in &groups {
        let OtherOb {
            ob: first, hyps, ..
        } = &pending[group[0]];
        let common: Vec<String> = hyps
            .iter()
            .filter(|h| group[1..].iter().all(|&j| pending[j].hyps.contains(h)))
            .cloned()
            .collect();
        let fact = first
            .facts
            .iter()
            .find(|f| f.term == key.1)
            .cloned()
            .expect("a changed fact of its obligation");
        let what = format!(
            "shared check: fact `{}` of another thread u, in {} shapes (interference)",
            fact.name,
            group.len()
        );
        let mut ob = fact_ob(&what, &smt::and(&common), vec![fact]).with_refs(first.refs.clone());
        ob.shared = true;
        index.insert((*key).clone(), obs.len());
        obs.push(ob);
    }
    drop(groups);
    for OtherOb {
        mut ob, changed, ..
    } in pending
    {
        if let Some(keys) = changed {
            ob.cover = keys.iter().map(|k| index.get(k).copied()).collect();
        }
        obs.push(ob);
    }
}
