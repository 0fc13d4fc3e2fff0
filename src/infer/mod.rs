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

mod filter;
pub mod houdini;
pub mod observe;
mod rounds;
pub mod templates;
mod work;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::classfile::{ClassId, ClassPath};
use crate::interp::{self, init::load_classes};
use crate::invariant::eval;
use crate::invariant::{Compiled, ast::Item};
use crate::prove::driver::{self, InputError, Report};
use crate::prove::theorem::TheoremFile;
use crate::prove::{Options, Verdict};
use crate::schedule::Schedule;
use crate::state::{Config, State, ThreadId};
use observe::Key;
use templates::Candidate;
use work::Work;

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
                origin: None,
                witness: Some(Default::default()),
                shard: None,
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
    /// The invariant with the facts inference found (`m5 infer -o`).
    pub text: String,
    /// What the proof after the rounds asks: the last round's file, with
    /// the candidates `text` leaves out (dropped, or implied by another)
    /// written too but switched off (`on`), which means the same
    /// invariant: so the obligations are word for word the round's, and
    /// those it proved are not asked again (`proved`).
    pub proof_text: String,
    /// Per candidate: switched on in the proof (alive, and not implied).
    pub on: Vec<bool>,
    /// Each candidate's byte range in `proof_text` (None: dropped).
    pub ranges: Vec<Option<(usize, usize)>>,
    /// Where the user's text is in `text` (messages name the user's lines).
    pub origin: std::sync::Arc<crate::invariant::ast::Origin>,
    pub stats: Stats,
    /// The obligations (by a hash of their whole script) the rounds
    /// proved: the final proof does not ask them again.
    pub proved: Option<std::sync::Arc<std::sync::Mutex<std::collections::HashSet<u128>>>>,
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
    // The runs observe the prover's model: a library call with a contract
    // is one step (no frames of the JDK's atomics to write facts for).
    let config = Config {
        library_contracts: true,
        ..Config::default()
    };
    let s0 = interp::initial_state(classes, &tf.main, &tf.args, config)
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
    let mut seen = observe_shapes(&s0, &user, opts);
    stats.observe = t0.elapsed();
    let (mut work, object_classes) = generate(&user, &s0, opts, &mut seen, &mut stats);
    log(&format!(
        "observed {} call-stack shapes in {} runs of at most {} steps ({:.2} s); {} candidates from templates",
        stats.shapes,
        seen.scheds.len(),
        opts.steps,
        stats.observe.as_secs_f64(),
        stats.generated
    ));

    // Pass 2: drop every candidate false on a state of the same runs.
    let t1 = Instant::now();
    let (text, _, _) = work.render(false);
    let c = compile(tf, &text, &s0)?;
    let filtered = filter::filter(
        &mut work,
        &c,
        &user,
        &s0,
        &seen.scheds,
        &seen.index,
        &object_classes,
        opts,
    )?;
    stats.states = filtered.states;
    stats.explored = filtered.explored;
    stats.after_runs = work.alive.iter().filter(|&&a| a).count();
    work.hide_implied();
    stats.filter = t1.elapsed();
    log(&format!(
        "{} candidates hold on all {} thread states: {} of the runs, {} of {} explored states ({:.2} s)",
        stats.after_runs,
        filtered.states,
        filtered.run_states,
        filtered.states - filtered.run_states,
        filtered.explored,
        stats.filter.as_secs_f64()
    ));

    // Houdini: prove the user's facts and the candidates together; drop
    // the candidates that do not follow; again until none is dropped.
    let t2 = Instant::now();
    let (cache, last) = rounds::rounds(tf, &mut work, opts, &mut stats, log)?;
    stats.houdini = t2.elapsed();
    stats.survivors = work.alive.iter().filter(|&&a| a).count();
    stats.implied = work.hidden.iter().filter(|&&h| h).count();
    let (text, _, _) = work.render(false);
    let (proof_text, ranges, inserted) = last.unwrap_or_else(|| work.render(false));
    let origin = work.origin(&tf.invariant.display().to_string(), inserted);
    let on = (0..work.cands.len())
        .map(|i| work.alive[i] && !work.hidden[i])
        .collect();
    Ok(Inferred {
        text,
        proof_text,
        on,
        ranges,
        origin: std::sync::Arc::new(origin),
        stats,
        proved: Some(cache),
    })
}

/// What the runs showed: the call-stack shapes they reach and the state
/// each is first seen in.
struct Seen {
    scheds: Vec<Schedule>,
    /// Each shape's index into `samples` (and its key among the cases).
    index: HashMap<Key, usize>,
    samples: Vec<(Key, State, ThreadId)>,
    /// Per shape, a later visit with another heap length or other threads
    /// started (for the thread-status templates).
    later: Vec<Option<(State, ThreadId)>>,
    /// Per shape first seen with its thread not started, a visit once it
    /// is (a thread is made at its entry pc and waits there to start).
    started: Vec<Option<(State, ThreadId)>>,
    /// The bottom frames seen.
    bottoms: Vec<Key>,
    /// A thread finished.
    done_seen: bool,
    /// The last state seen with the fullest heap.
    last: Option<State>,
}

/// Pass 1: runs the program under the observation schedules.
fn observe_shapes(s0: &State, user: &Compiled, opts: &InferOptions) -> Seen {
    let mut seen = Seen {
        scheds: observe::schedules(opts.runs),
        index: HashMap::new(),
        samples: Vec::new(),
        later: Vec::new(),
        started: Vec::new(),
        bottoms: Vec::new(),
        done_seen: false,
        last: None,
    };
    let Seen {
        scheds,
        index,
        samples,
        later,
        started,
        bottoms,
        done_seen,
        last,
    } = &mut seen;
    observe::runs(
        s0,
        scheds,
        opts.steps,
        &mut |s, t| {
            // (The latest such state: the objects' constructors are more
            // likely to have run there.)
            if last.as_ref().is_none_or(|l| l.heap.len() <= s.heap.len()) {
                *last = Some(s.clone());
            }
            let key = observe::key_of(s, t);
            // A finished thread is a shape too (`when done`): what it left
            // behind (its locks released, its counts final) is the
            // candidates there.
            if key.is_empty() {
                *done_seen = true;
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
            if !user.cases.is_empty() && eval::cases_for(user, &key).is_empty() {
                return;
            }
            index.insert(key.clone(), samples.len());
            samples.push((key, s.clone(), t));
            later.push(None);
            started.push(None);
        },
        &mut |_, _| {},
    );
    seen
}

/// The candidates of every shape seen (and of the shapes no run reached),
/// object section and global section, written into the user's file;
/// with each object section's class.
fn generate(
    user: &Compiled,
    s0: &State,
    opts: &InferOptions,
    seen: &mut Seen,
    stats: &mut Stats,
) -> (Work, Vec<ClassId>) {
    let tv = if user.cases.is_empty() && !has_thread_section(user) {
        fresh(user, "t")
    } else {
        user.thread_var.clone()
    };
    let alias = fresh(user, "fr");
    // (From where the prover's induction starts: after the single-threaded
    // prefix, which may initialize classes the walk does not model.)
    let mut start = s0.clone();
    crate::interp::alone::run_alone(&mut start, opts.prove.prefix_steps, |_, _, _| true);
    let program = templates::Program {
        unreadable: unreadable(user, &start, seen),
        initial: templates::let_atoms(user, &start),
        mirror_locks: templates::mirror_locks(&start.classes),
        counts_threads: templates::counts_threads(user),
    };
    let mut cands = Vec::new();
    let mut patterns = Vec::new();
    for (k, (key, s, t)) in seen.samples.iter().enumerate() {
        patterns.push(templates::pattern(s, key, &alias));
        let at = (s, *t);
        cands.extend(shape_candidates(user, seen, k, at, (&alias, &tv), &program));
    }
    unreached(user, s0, &start, seen, &alias, &mut patterns, &mut cands);
    stats.shapes = patterns.len();
    // Object sections: every class with plain instances in the fullest
    // state seen (each section also covers the subclasses).
    let ovar = fresh(user, "obj");
    let mut objects = Vec::new();
    let mut object_classes = Vec::new();
    if let Some(s) = &seen.last {
        let mut classes = std::collections::BTreeSet::new();
        for o in s.heap.iter() {
            if matches!(o.body, crate::state::Body::Fields(_)) && classes.insert(o.class) {
                let key = patterns.len() + objects.len();
                objects.push(format!(
                    "object {ovar} : {}",
                    templates::dotted(&s.classes.class(o.class).name)
                ));
                object_classes.push(o.class);
                cands.extend(templates::object_candidates(
                    user,
                    s,
                    o.class,
                    key,
                    &ovar,
                    &program.unreadable,
                ));
            }
        }
    }
    let mut globals = templates::global_candidates(
        user,
        seen.samples.iter().map(|x| &x.1),
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
        for b in &seen.bottoms {
            let m = s0.classes.method(b[0].0);
            catch_all.push(format!(
                "{}.{} @ any ..",
                templates::dotted(&s0.classes.class(m.class).name),
                m.name
            ));
        }
        if seen.done_seen {
            catch_all.push("done".into());
        }
    }
    let (insert_at, new_section) = insertion(user);
    let work = Work {
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
    (work, object_classes)
}

/// The candidates of shape `k`, first seen as thread `t` of `s`: the
/// templates' there, the thread ones of a later visit, and what holds once
/// the thread is started.
fn shape_candidates(
    user: &Compiled,
    seen: &Seen,
    k: usize,
    (s, t): (&State, ThreadId),
    (alias, tv): (&str, &str),
    program: &templates::Program,
) -> Vec<Candidate> {
    let mut here = templates::candidates(user, s, t, k, (alias, tv), false, program);
    if let Some((s2, t2)) = &seen.later[k] {
        for c in templates::candidates(user, s2, *t2, k, (alias, tv), true, program) {
            if !here.iter().any(|x| x.text == c.text) {
                here.push(c);
            }
        }
    }
    // What holds once the thread is started (everything the templates
    // say of a started visit, guarded: `t.scheduled => ...`).
    if let Some((s2, t2)) = &seen.started[k] {
        for mut c in templates::candidates(user, s2, *t2, k, (alias, tv), false, program) {
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
    here
}

/// The field names no candidate may read: those the prover cannot read by
/// name in the classes whose objects its states may hold, which its
/// data-free walk from `start` finds (with the classes of the objects the
/// runs made); every loaded class when the walk fails.
fn unreadable(user: &Compiled, start: &State, seen: &Seen) -> templates::Unreadable {
    let allowed = |sh: &crate::prove::sym::Shape| crate::prove::allows(user, &start.classes, sh);
    match crate::prove::walk(&start.classes, start, &allowed, &Default::default()) {
        Ok(w) => {
            let mut live = w.inst;
            for (_, s, _) in &seen.samples {
                live.extend(s.heap.iter().map(|o| o.class));
            }
            if let Some(s) = &seen.last {
                live.extend(s.heap.iter().map(|o| o.class));
            }
            templates::Unreadable::of(&start.classes, Some(&live))
        }
        Err(_) => templates::Unreadable::of(&start.classes, None),
    }
}

/// Shapes the user's cases allow and the code leads to (the prover's
/// data-free walk, from `start`) but no run reached: probably unreachable,
/// so each gets a case with the candidate `false` (no thread is there). The
/// filter tries it on the exploration's states, Houdini on every step
/// into the shape; if it stays, the prover builds no case there (an
/// instruction it does not model included), and a step into it must be
/// impossible.
fn unreached(
    user: &Compiled,
    s0: &State,
    start: &State,
    seen: &mut Seen,
    alias: &str,
    patterns: &mut Vec<String>,
    cands: &mut Vec<Candidate>,
) {
    if user.cases.is_empty() {
        return;
    }
    let allowed = |sh: &crate::prove::sym::Shape| crate::prove::allows(user, &s0.classes, sh);
    let Ok(w) = crate::prove::walk(&start.classes, start, &allowed, &Default::default()) else {
        return;
    };
    for sh in &w.shapes {
        let key: Key = sh
            .iter()
            .map(|a| (a.method, s0.classes.method(a.method).pc(a.ip)))
            .collect();
        if key.is_empty() || seen.index.contains_key(&key) {
            continue;
        }
        let k = patterns.len();
        seen.index.insert(key.clone(), k);
        patterns.push(templates::pattern(s0, &key, alias));
        cands.push(templates::Candidate {
            key: k,
            template: templates::Template::Unreached,
            text: "false".into(),
        });
    }
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
        houdini_guards: Some(std::sync::Arc::new(crate::prove::Guards::switched(
            &inferred.ranges,
            houdini::solve,
            &inferred.on,
        ))),
        stop_at_lemma1: true,
        // After a fact of the user's failed, the candidates are no
        // fixpoint, and what their own obligations would show is noise:
        // the proof asks what can refute a theorem by itself.
        decisive_only: inferred.stats.user_refuted,
        origin: Some(inferred.origin.clone()),
        ..opts.clone()
    };
    let mut r = driver::prove_source(&labelled(tf), Some(&inferred.proof_text), &opts, progress)?;
    // The report describes the invariant proved, `text`: the facts
    // switched off in `proof_text` mean `true`.
    let off = (inferred.ranges.iter().zip(&inferred.on))
        .filter(|(r, on)| r.is_some() && !**on)
        .count();
    r.facts = r.facts.saturating_sub(off);
    r.invariant_lines = inferred.text.lines().count();
    Ok(r)
}

/// `tf` with its invariant named `FILE+inferred` in messages: they name
/// the user's lines in the user's file, and an inferred fact by its text
/// (`inferred: TEXT`).
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
