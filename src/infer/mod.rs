//! Invariant inference: the user writes the idea, m5 writes the
//! bookkeeping. Candidate facts come from templates over the states of
//! concrete runs (`templates`, `observe`), per call-stack shape; those
//! false on any state of the runs are dropped; then Houdini (Flanagan &
//! Leino): the user's facts and the candidates are proved together as one
//! invariant, every candidate an obligation cannot prove is dropped, and
//! again until nothing is. User facts are never dropped. The result is an
//! ordinary invariant file that `m5 prove` checks like any other: the
//! rounds only choose facts, and the verdicts come from a proof of the
//! final file without inference, so inference can make a proof succeed or
//! fail but never lie.

pub mod houdini;
pub mod observe;
pub mod templates;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::classfile::ClassPath;
use crate::interp::{self, init::load_classes};
use crate::invariant::eval::{self, Context};
use crate::invariant::{Compiled, ast::Item};
use crate::prove::driver::{self, InputError, Report};
use crate::prove::theorem::{Goal, Theorem, TheoremFile};
use crate::prove::{Options, Verdict};
use crate::state::{Config, State, ThreadId};
use observe::Key;
use templates::Candidate;

/// Settings of an inference.
#[derive(Clone, Debug)]
pub struct InferOptions {
    /// Concrete runs to filter candidates on, and steps per run.
    pub runs: usize,
    pub steps: u64,
    /// States of a bounded breadth-first exploration the candidates are
    /// also filtered on (0: none).
    pub explore_states: u64,
    /// Houdini rounds at most (each a proof).
    pub max_rounds: usize,
    /// Threads the runs and the exploration are spread over.
    pub filter_jobs: usize,
    pub prove: Options,
}

impl Default for InferOptions {
    fn default() -> Self {
        InferOptions {
            runs: 6,
            // (A program that keeps starting threads makes a run's cost
            // grow with the square of its steps: every step that changes
            // the heap visits every thread. The bounded exploration covers
            // the interleavings near the start.)
            steps: 1000,
            explore_states: 5_000,
            max_rounds: 50,
            filter_jobs: 1,
            prove: Options {
                timeout_ms: 10_000,
                jobs: 1,
                emit_smt2: None,
                check_vacuity: false,
                prefix_steps: 100_000,
                check_skips: false,
                houdini: false,
                houdini_cache: None,
                houdini_guards: None,
                stop_at_lemma1: true,
                decisive_only: false,
                witness: Some(Default::default()),
            },
        }
    }
}

/// What an inference did, phase by phase.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Call-stack shapes seen in the runs that got a case.
    pub shapes: usize,
    pub generated: usize,
    pub after_runs: usize,
    pub rounds: usize,
    pub survivors: usize,
    /// Survivors not written: another survivor implies each.
    pub implied: usize,
    /// Facts the user wrote (never dropped).
    pub user_facts: usize,
    pub states: usize,
    /// States the bounded exploration reached (their thread states are
    /// counted in `states`).
    pub explored: u64,
    pub observe: Duration,
    pub filter: Duration,
    pub houdini: Duration,
    /// Candidates dropped per round.
    pub dropped: Vec<usize>,
    /// Cases solved in the rounds (a case is solved again after a drop
    /// it mentions).
    pub cases_solved: usize,
    /// Why Houdini stopped before a fixpoint (the final proof says more).
    pub stopped: Option<String>,
    /// It stopped because an obligation of a fact of the user's (or a
    /// pre-step check) failed, which no drop can mend.
    pub user_refuted: bool,
    /// Every candidate Houdini dropped, and the obligation that did not
    /// prove it.
    pub explained: Vec<Dropped>,
    /// Candidates false on a state of the single-threaded prefix, dropped
    /// before (or between) Houdini's rounds.
    pub prefix_dropped: usize,
}

/// A candidate Houdini dropped (`m5 infer --explain`).
#[derive(Clone, Debug)]
pub struct Dropped {
    pub round: usize,
    pub fact: String,
    /// Its case's pattern.
    pub shape: String,
    /// The stepping case, instruction, branch and obligation.
    pub by: String,
}

/// The result: the complete invariant and how it was found.
pub struct Inferred {
    pub text: String,
    /// Each candidate's byte range in `text` (None: dropped).
    pub ranges: Vec<Option<(usize, usize)>>,
    pub stats: Stats,
    /// The obligations (by a hash of their whole script) the rounds
    /// proved: the final proof does not ask them again.
    pub proved: Option<std::sync::Arc<std::sync::Mutex<std::collections::HashSet<u128>>>>,
}

/// The user's invariant, the shapes seen and their candidates, and how to
/// write them into one file.
struct Work {
    source: String,
    /// Where the cases go: before the user's `thread` section's closing
    /// brace, or a new section at the end.
    insert_at: usize,
    new_section: bool,
    tv: String,
    patterns: Vec<String>,
    /// Open cases for every bottom frame seen (when the user wrote no
    /// `when` case every shape was allowed, and adding cases must not
    /// forbid any), and `when done`.
    catch_all: Vec<String>,
    /// Object sections: the keys after the patterns' (`object VAR : C`).
    objects: Vec<String>,
    /// A global section: the key after the objects'.
    globals: bool,
    cands: Vec<Candidate>,
    alive: Vec<bool>,
    /// Per candidate, the candidates any one of which implies it
    /// (`templates::implications`).
    implied_by: Vec<Vec<usize>>,
    /// Alive, but not written: an alive candidate implies it.
    hidden: Vec<bool>,
}

impl Work {
    /// The file with the alive candidates, and each one's byte range.
    fn render(&self) -> (String, Vec<Option<(usize, usize)>>) {
        let mut out = String::with_capacity(self.source.len() + 64 * self.cands.len());
        let mut ranges = vec![None; self.cands.len()];
        out.push_str(&self.source[..self.insert_at]);
        if self.new_section {
            out.push_str(&format!("\nthread {} {{\n", self.tv));
        }
        out.push_str(
            "\n  # ---- inferred by `m5 infer`: candidates from templates that held on\n  \
             # the states of concrete runs and survived Houdini (proved with the rest;\n  \
             # a fact another one implies is left out: `x is C` implies `x != null`)\n",
        );
        let by_key = self.by_key(|i| self.alive[i] && !self.hidden[i]);
        for (k, pat) in self.patterns.iter().enumerate() {
            out.push_str(&format!("  when {pat} {{\n"));
            let mut last = None;
            for &i in &by_key[k] {
                let c = &self.cands[i];
                if last != Some(c.template) {
                    out.push_str(&format!("    # {}\n", c.template.describe()));
                    last = Some(c.template);
                }
                out.push_str("    ");
                let start = out.len();
                out.push_str(&format!("inferred_{i}: {}", c.text));
                ranges[i] = Some((start, out.len()));
                out.push('\n');
            }
            out.push_str("  }\n");
        }
        for c in &self.catch_all {
            out.push_str(&format!("  when {c} {{ true }}\n"));
        }
        if self.new_section {
            out.push_str("}\n");
        }
        out.push_str(&self.source[self.insert_at..]);
        for (j, header) in self.objects.iter().enumerate() {
            out.push_str(&format!("\n{header} {{\n"));
            for &i in &by_key[self.patterns.len() + j] {
                out.push_str("  ");
                let start = out.len();
                out.push_str(&format!("inferred_{i}: {}", self.cands[i].text));
                ranges[i] = Some((start, out.len()));
                out.push('\n');
            }
            out.push_str("}\n");
        }
        if self.globals {
            out.push_str("\nglobal {\n");
            for &i in &by_key[self.patterns.len() + self.objects.len()] {
                out.push_str("  ");
                let start = out.len();
                out.push_str(&format!("inferred_{i}: {}", self.cands[i].text));
                ranges[i] = Some((start, out.len()));
                out.push('\n');
            }
            out.push_str("}\n");
        }
        (out, ranges)
    }

    /// The candidates `keep` accepts, per key, in the order the file lists
    /// them (grouped by template, under one comment each): the filter
    /// pairs them with the compiled facts by this order.
    fn by_key(&self, keep: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
        let mut by_key: Vec<Vec<usize>> =
            vec![Vec::new(); self.patterns.len() + self.objects.len() + usize::from(self.globals)];
        for (i, c) in self.cands.iter().enumerate() {
            if keep(i) {
                by_key[c.key].push(i);
            }
        }
        for list in &mut by_key {
            list.sort_by_key(|&i| self.cands[i].template);
        }
        by_key
    }

    /// Hides every alive candidate an alive candidate implies: the file is
    /// as strong without it, and smaller to prove. Returns whether one that
    /// was hidden is shown again (what implied it was dropped: it is then
    /// a candidate of its own, for the next round).
    fn hide_implied(&mut self) -> bool {
        let mut shown_again = false;
        for i in 0..self.cands.len() {
            let hide = self.alive[i] && self.implied_by[i].iter().any(|&j| self.alive[j]);
            shown_again |= self.hidden[i] && !hide && self.alive[i];
            self.hidden[i] = hide;
        }
        shown_again
    }

    /// Where candidate `i` is: its case's pattern or its object section.
    fn place(&self, i: usize) -> String {
        self.place_of_key(self.cands[i].key)
    }

    /// A key's case pattern, object section or `global`.
    fn place_of_key(&self, k: usize) -> String {
        match self.patterns.get(k) {
            Some(p) => p.clone(),
            None => self
                .objects
                .get(k - self.patterns.len())
                .cloned()
                .unwrap_or_else(|| "global".into()),
        }
    }
}

/// Bad input, or an inference that could not start.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct InferError(pub String);

impl From<InputError> for InferError {
    fn from(e: InputError) -> Self {
        InferError(e.0)
    }
}

/// Infers the invariant of theorem file `tf`: its user invariant plus the
/// candidates that survive. `log` receives a line per phase.
pub fn infer(
    tf: &TheoremFile,
    opts: &InferOptions,
    log: &dyn Fn(&str),
) -> Result<Inferred, InferError> {
    let at = |e: String| InferError(format!("{}: {e}", tf.path.display()));
    let cp = ClassPath::parse(&tf.classpath).map_err(|e| at(e.to_string()))?;
    let classes = load_classes(&cp, &tf.main).map_err(|e| at(e.to_string()))?;
    let s0 = interp::initial_state(classes, &tf.main, &tf.args, Config::default())
        .map_err(|e| at(e.to_string()))?;
    let mut user = crate::invariant::load(&tf.invariant, &s0.classes)
        .map_err(|e| InferError(e.rendered.clone()))?;
    crate::invariant::sites::resolve(&mut user, &s0).map_err(|e| InferError(e.rendered.clone()))?;
    let mut stats = Stats {
        user_facts: user.global.len()
            + user.cases.iter().map(|x| x.0.facts.len()).sum::<usize>()
            + user.objects.iter().map(|o| o.2.len()).sum::<usize>(),
        ..Stats::default()
    };

    // Pass 1: the shapes the runs reach, and the state each is first seen in.
    let t0 = Instant::now();
    let scheds = observe::schedules(opts.runs);
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut samples: Vec<(Key, State, ThreadId)> = Vec::new();
    // Per shape, a later visit with another heap length or other threads
    // started (for the thread-status templates).
    let mut later: Vec<Option<(State, ThreadId)>> = Vec::new();
    // Per shape first seen with its thread not started, a visit once it
    // is (a thread is made at its entry pc and waits there to start).
    let mut started: Vec<Option<(State, ThreadId)>> = Vec::new();
    let mut bottoms: Vec<Key> = Vec::new();
    let mut done_seen = false;
    let mut last: Option<State> = None;
    observe::runs(
        &s0,
        &scheds,
        opts.steps,
        &mut |s, t| {
            if last.as_ref().is_none_or(|l| l.heap.len() < s.heap.len()) {
                last = Some(s.clone());
            }
            let key = observe::key_of(s, t);
            // A finished thread is a shape too (`when done`): what it left
            // behind (its locks released, its counts final) is the
            // candidates there.
            if key.is_empty() {
                done_seen = true;
            } else if !bottoms.iter().any(|b| b[0].0 == key[0].0) {
                bottoms.push(key[..1].to_vec());
            }
            if let Some(&k) = index.get(&key) {
                let (_, first, ft) = &samples[k];
                if started[k].is_none()
                    && first.threads[*ft as usize].status == crate::state::Status::Unscheduled
                    && s.threads[t as usize].status != crate::state::Status::Unscheduled
                {
                    started[k] = Some((s.clone(), t));
                }
                if later[k].is_none()
                    && (first.heap.len() != s.heap.len() || first.alive != s.alive)
                {
                    later[k] = Some((s.clone(), t));
                }
                return;
            }
            // A shape the user's cases forbid gets no case: the user claims
            // it is unreachable, and inference must not weaken that.
            if !user.cases.is_empty() && eval::cases_for(&user, &key).is_empty() {
                return;
            }
            index.insert(key.clone(), samples.len());
            samples.push((key, s.clone(), t));
            later.push(None);
            started.push(None);
        },
        &mut |_, _| {},
    );
    stats.observe = t0.elapsed();

    let tv = if user.cases.is_empty() && !has_thread_section(&user) {
        fresh(&user, "t")
    } else {
        user.thread_var.clone()
    };
    let alias = fresh(&user, "fr");
    let mut cands = Vec::new();
    let mut patterns = Vec::new();
    for (k, (key, s, t)) in samples.iter().enumerate() {
        patterns.push(templates::pattern(s, key, &alias));
        let mut here = templates::candidates(&user, s, *t, k, &alias, &tv, false);
        if let Some((s2, t2)) = &later[k] {
            for c in templates::candidates(&user, s2, *t2, k, &alias, &tv, true) {
                if !here.iter().any(|x| x.text == c.text) {
                    here.push(c);
                }
            }
        }
        // What holds once the thread is started (everything the templates
        // say of a started visit, guarded: `t.scheduled => ...`).
        if let Some((s2, t2)) = &started[k] {
            for mut c in templates::candidates(&user, s2, *t2, k, &alias, &tv, false) {
                // (What holds before the start as well is there already.)
                if here.iter().any(|x| x.text == c.text) {
                    continue;
                }
                c.text = format!("{tv}.scheduled => ({})", c.text);
                c.template = templates::Template::OnceStarted;
                if !here.iter().any(|x| x.text == c.text) {
                    here.push(c);
                }
            }
        }
        cands.extend(here);
    }
    // Shapes the user's cases allow and the code leads to (the prover's
    // data-free walk) but no run reached: probably unreachable, so each
    // gets a case with the candidate `false` (no thread is there). The
    // filter tries it on the exploration's states, Houdini on every step
    // into the shape; if it stays, the prover builds no case there (an
    // instruction it does not model included), and a step into it must be
    // impossible.
    // (From where the prover's induction starts: after the single-threaded
    // prefix, which may initialize classes the walk does not model.)
    let mut start = s0.clone();
    crate::interp::alone::run_alone(&mut start, opts.prove.prefix_steps, |_, _, _| true);
    if !user.cases.is_empty() {
        let allowed = |sh: &crate::prove::sym::Shape| crate::prove::allows(&user, &s0.classes, sh);
        if let Ok(w) = crate::prove::walk(&start.classes, &start, &allowed, &Default::default()) {
            for sh in &w.shapes {
                let key: Key = sh
                    .iter()
                    .map(|a| (a.method, s0.classes.method(a.method).pc(a.ip)))
                    .collect();
                if key.is_empty() || index.contains_key(&key) {
                    continue;
                }
                let k = patterns.len();
                index.insert(key.clone(), k);
                patterns.push(templates::pattern(&s0, &key, &alias));
                cands.push(templates::Candidate {
                    key: k,
                    template: templates::Template::Unreached,
                    text: "false".into(),
                });
            }
        }
    }
    stats.shapes = patterns.len();
    // Object sections: every class with plain instances in the fullest
    // state seen (each section also covers the subclasses).
    let ovar = fresh(&user, "obj");
    let mut objects = Vec::new();
    let mut object_classes = Vec::new();
    if let Some(s) = &last {
        let mut seen = std::collections::BTreeSet::new();
        for o in s.heap.iter() {
            if matches!(o.body, crate::state::Body::Fields(_)) && seen.insert(o.class) {
                let key = patterns.len() + objects.len();
                objects.push(format!(
                    "object {ovar} : {}",
                    templates::dotted(&s.classes.class(o.class).name)
                ));
                object_classes.push(o.class);
                cands.extend(templates::object_candidates(&user, s, o.class, key, &ovar));
            }
        }
    }
    let mut globals = templates::global_candidates(
        &user,
        samples.iter().map(|x| &x.1),
        patterns.len() + objects.len(),
    );
    globals.extend(templates::static_candidates(
        &start,
        patterns.len() + objects.len(),
    ));
    let has_globals = !globals.is_empty();
    cands.extend(globals);
    stats.generated = cands.len();
    let mut catch_all = Vec::new();
    if user.cases.is_empty() {
        for b in &bottoms {
            let m = s0.classes.method(b[0].0);
            catch_all.push(format!(
                "{}.{} @ any ..",
                templates::dotted(&s0.classes.class(m.class).name),
                m.name
            ));
        }
        if done_seen {
            catch_all.push("done".into());
        }
    }
    let (insert_at, new_section) = insertion(&user);
    let mut work = Work {
        source: user.file.source.clone(),
        insert_at,
        new_section,
        tv,
        patterns,
        catch_all,
        objects,
        globals: has_globals,
        alive: vec![true; cands.len()],
        implied_by: templates::implications(&cands),
        hidden: vec![false; cands.len()],
        cands,
    };
    log(&format!(
        "observed {} call-stack shapes in {} runs of at most {} steps ({:.2} s); {} candidates from templates",
        stats.shapes,
        scheds.len(),
        opts.steps,
        stats.observe.as_secs_f64(),
        stats.generated
    ));

    // Pass 2: drop every candidate false on a state of the same runs.
    let t1 = Instant::now();
    let (text, _) = work.render();
    let c = compile(tf, &text, &s0)?;
    // The candidates of each key, in the order its case lists them (each
    // compiled fact is the candidate of its name: checked, since the
    // filter pairs them by position).
    let of_key = work.by_key(|_| true);
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
    // The runs and the exploration are independent sources of states:
    // they are spread over the cores, each with its own view of which
    // candidates are still alive, and a candidate survives only if it
    // survived every one of them.
    let start = std::mem::take(&mut work.alive);
    let filter_on = |source: usize| -> Filtered {
        let states = std::cell::Cell::new(0usize);
        let alive = std::cell::RefCell::new(start.clone());
        let mut on_thread = |s: &State, t: ThreadId| {
            let mut alive = alive.borrow_mut();
            states.set(states.get() + 1);
            // The global candidates once per state (every state has a
            // thread 0).
            if t == 0 && work.globals {
                let list = &of_key[npat + nobj];
                let facts = &c.global[first_global..];
                drop_false(&c, s, Context::Global, list, facts, &mut alive);
            }
            let key = observe::key_of(s, t);
            let Some(&k) = index.get(&key) else {
                return;
            };
            let case = first_case + k;
            let ctx = Context::Thread { t, case };
            drop_false(&c, s, ctx, &of_key[k], &c.cases[case].0.facts, &mut alive);
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
                drop_false(&c, s, ctx, &of_key[npat + j], facts, &mut alive);
            }
        };
        let explored = match scheds.get(source) {
            Some(sched) => {
                observe::runs(
                    &s0,
                    std::slice::from_ref(sched),
                    opts.steps,
                    &mut on_thread,
                    &mut on_object,
                );
                0
            }
            None => observe::explored(&s0, opts.explore_states, &mut on_thread, &mut on_object),
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
    stats.states = states;
    stats.explored = explored;
    stats.after_runs = work.alive.iter().filter(|&&a| a).count();
    work.hide_implied();
    stats.filter = t1.elapsed();
    log(&format!(
        "{} candidates hold on all {} thread states: {} of the runs, {} of {} explored states ({:.2} s)",
        stats.after_runs,
        states,
        run_states,
        states - run_states,
        explored,
        stats.filter.as_secs_f64()
    ));

    // Houdini: prove the user's facts and the candidates together; drop
    // the candidates that do not follow; again until none is dropped.
    let t2 = Instant::now();
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
    let cache: std::sync::Arc<std::sync::Mutex<std::collections::HashSet<u128>>> =
        Default::default();
    loop {
        if stats.rounds >= opts.max_rounds {
            stats.stopped = Some(format!("{} rounds without a fixpoint", stats.rounds));
            break;
        }
        stats.rounds += 1;
        let (text, ranges) = work.render();
        // One round builds the obligations once, with every candidate
        // guarded, and solves them to a fixpoint (`houdini::solve`).
        let guards = std::sync::Arc::new(crate::prove::Guards::new(&ranges, houdini::solve));
        let hopts = Options {
            houdini: true,
            houdini_cache: Some(cache.clone()),
            houdini_guards: Some(guards.clone()),
            stop_at_lemma1: true,
            decisive_only: false,
            emit_smt2: None,
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
            new_shapes |= work.cands[i].template == templates::Template::Unreached;
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
            "Houdini round {}: {} obligations in {} cases, {} cases solved to the fixpoint, {} candidates dropped ({:.2} s, {:.2} s in the solver)",
            stats.rounds,
            r.lemma2.obligations,
            r.lemma2.cases,
            solved,
            dropped,
            r.wall.as_secs_f64(),
            r.solver_time.as_secs_f64()
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
        // A hidden candidate whose implying one fell is asked on its own.
        let shown_again = work.hide_implied();
        if dropped == 0 || !(new_shapes || shown_again) {
            break;
        }
    }
    stats.houdini = t2.elapsed();
    stats.survivors = work.alive.iter().filter(|&&a| a).count();
    stats.implied = work.hidden.iter().filter(|&&h| h).count();
    let (text, ranges) = work.render();
    Ok(Inferred {
        text,
        ranges,
        stats,
        proved: Some(cache),
    })
}

/// What one source of states (a run, or the exploration) leaves of the
/// candidates: which are alive, the thread states visited, the states
/// explored.
type Filtered = (Vec<bool>, usize, u64);

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

fn compile(tf: &TheoremFile, text: &str, s0: &State) -> Result<Compiled, InferError> {
    let mut c = crate::invariant::compile(&tf.invariant.display().to_string(), text, &s0.classes)
        .map_err(|e| {
            InferError(format!(
                "internal error: m5 wrote candidates the invariant language rejects (please report it):\n{}",
                e.rendered
            ))
        })?;
    crate::invariant::sites::resolve(&mut c, s0).map_err(|e| InferError(e.rendered.clone()))?;
    Ok(c)
}

fn has_thread_section(c: &Compiled) -> bool {
    c.file
        .items
        .iter()
        .any(|i| matches!(i, Item::Thread { .. }))
}

/// Where the inferred cases go in the user's text.
fn insertion(c: &Compiled) -> (usize, bool) {
    for item in &c.file.items {
        if let Item::Thread { span, .. } = item {
            // The section ends with its closing brace.
            let end = c.file.source[..span.end].rfind('}').unwrap_or(span.end);
            return (end, false);
        }
    }
    (c.file.source.len(), true)
}

/// A name the user's file does not define (for the thread variable and
/// the frame aliases).
fn fresh(c: &Compiled, base: &str) -> String {
    // A word of the file that is `n` or `n` and digits (the aliases are
    // `fr0`, `fr1`, ...).
    let taken = |n: &str| {
        let clashes = |k: &str| {
            k.strip_prefix(n)
                .is_some_and(|rest| rest.chars().all(|ch| ch.is_ascii_digit()))
        };
        c.defs.keys().any(|k| clashes(k))
            || c.file
                .source
                .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .any(clashes)
    };
    if !taken(base) {
        return base.into();
    }
    (1..)
        .map(|i| format!("{base}{i}_"))
        .find(|n| !taken(n))
        .expect("a fresh name")
}

/// The final proof: the theorem file's theorems on the inferred invariant,
/// by the ordinary prover (no Houdini): the verdicts shown.
pub fn prove_inferred(
    tf: &TheoremFile,
    inferred: &Inferred,
    opts: &Options,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Report, InferError> {
    // An obligation whose whole script a round proved (unsat) is proved:
    // the same script, the same answer. The rest are asked as usual.
    // The candidates are written guarded, as in the rounds, all switched
    // on: the same obligations as the rounds' where no dropped candidate
    // was read (and as the plain file's, but for a goal whose body equals
    // another candidate's hypothesis: one goal more, never one fewer).
    let opts = Options {
        houdini: false,
        houdini_cache: inferred.proved.clone(),
        houdini_guards: Some(std::sync::Arc::new(crate::prove::Guards::new(
            &inferred.ranges,
            houdini::solve,
        ))),
        stop_at_lemma1: true,
        // After a fact of the user's failed, the candidates are no
        // fixpoint, and what their own obligations would show is noise:
        // the proof asks what can refute a theorem by itself.
        decisive_only: inferred.stats.user_refuted,
        ..opts.clone()
    };
    Ok(driver::prove_source(
        &labelled(tf),
        Some(&inferred.text),
        &opts,
        progress,
    )?)
}

/// `tf` with its invariant named `FILE+inferred` in messages: the
/// positions they give are in the completed text (`m5 infer --out`
/// writes it), not in the user's file.
fn labelled(tf: &TheoremFile) -> TheoremFile {
    TheoremFile {
        invariant: format!("{}+inferred", tf.invariant.display()).into(),
        claim: Some(tf.claim_path().to_path_buf()),
        ..tf.clone()
    }
}

/// Did every theorem get its expected verdict (or proved, without one)?
pub fn as_expected(r: &Report) -> bool {
    r.verdicts
        .iter()
        .all(|(t, v)| t.expect.map_or(*v == Verdict::Proved, |e| e == *v))
}
