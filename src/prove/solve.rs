//! Solving obligations with Z3, in parallel, one solver per case; writing
//! them as SMT-LIB2; rendering a counterexample as a state.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::cases::{CaseVc, OtherHyp, Shown};
use super::smt;
use super::{Options, Outcome, Verdict};

/// Solves every obligation of `vcs` on `opts.jobs` threads (one Z3
/// context each). With `stop`, a check ruling out a caught exception that
/// is not proved sets it, and the solving stops (the outcomes are then
/// partial); without, everything is solved.
pub fn solve(
    vcs: &[CaseVc],
    opts: &Options,
    progress: &(dyn Fn(usize) + Sync),
    stop: Option<&AtomicBool>,
) -> Vec<Outcome> {
    let done = AtomicUsize::new(0);
    // Cases with checks of caught exceptions first (see `stop`), then big
    // cases first, so that the threads finish together.
    let mut order: Vec<usize> = (0..vcs.len()).collect();
    order.sort_by_key(|&i| {
        (
            vcs[i].obligations.iter().all(|o| o.catch.is_none()),
            std::cmp::Reverse(vcs[i].common.len() + 256 * vcs[i].obligations.len()),
        )
    });
    let mut all = crate::parallel::map(order.len(), opts.jobs, |k| {
        let i = order[k];
        if stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
            return (i, Vec::new());
        }
        // Houdini's switches, when the facts are guarded: as `alive` says.
        let switches: Vec<(usize, bool)> = match &opts.houdini_guards {
            Some(g) => {
                let alive = g.alive.lock().expect("lock");
                Mentions::of(&vcs[i])
                    .switched
                    .into_iter()
                    .map(|x| (x, alive.get(x).copied().unwrap_or(true)))
                    .collect()
            }
            None => Vec::new(),
        };
        // The decisive obligations alone (`Options::decisive_only`).
        let decisive: Option<BTreeSet<usize>> = opts.decisive_only.then(|| {
            (0..vcs[i].obligations.len())
                .filter(|&k| {
                    let ob = &vcs[i].obligations[k];
                    !ob.shared && (ob.lemma == super::Lemma::Relation || unguarded(ob))
                })
                .collect()
        });
        if decisive.as_ref().is_some_and(BTreeSet::is_empty) {
            return (i, Vec::new());
        }
        let again = Again {
            switches: &switches,
            asks: decisive.as_ref(),
            tell: None,
            halt: None,
        };
        let r: Vec<Outcome> = solve_case(&vcs[i], i, opts, stop, &again)
            .into_iter()
            .map(|(_, o)| o)
            .collect();
        let n = done.fetch_add(r.len(), Ordering::SeqCst) + r.len();
        progress(n);
        (i, r)
    });
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().flat_map(|(_, r)| r).collect()
}

/// A solver (in this thread's Z3 context) with the per-check timeout.
fn new_solver(opts: &Options) -> z3::Solver {
    let solver = z3::Solver::new();
    solver.set_params(&timeout_params(opts.timeout_ms));
    solver
}

fn timeout_params(ms: u32) -> z3::Params {
    let mut p = z3::Params::new();
    p.set_u32("timeout", ms);
    // Measured on every file in proofs/ (Z3 4.8.12): the older simplex
    // arithmetic and no relevancy filtering answer the same, 10-15 %
    // faster on the big cases (interference of field writes); the
    // other arithmetic solvers (1, 3) time out.
    p.set_u32("smt.arith.solver", 2);
    p.set_u32("smt.relevancy", 0);
    p
}

/// The self-contained script of obligation `k`: unsat means proved.
pub fn obligation_script(vc: &CaseVc, k: usize) -> String {
    let branch = &vc.obligations[k].branch;
    format!(
        "; {} -- {}{}\n; obligation: {}\n{}(assert (not {}))\n(check-sat)\n",
        vc.case,
        vc.insn,
        if branch.is_empty() {
            String::new()
        } else {
            format!(" ({branch})")
        },
        vc.obligations[k].what,
        vc.common,
        vc.obligations[k].goal()
    )
}

/// A case's script parsed once: its hypotheses, the object facts at what
/// the object facts read (`CaseVc::more`), and per obligation its own
/// hypotheses, its goals (each fact, or the check) and its own `more` (all
/// unasserted); None when Z3 could not parse all of it.
struct Parsed {
    /// The declarations and definitions of the case's script (or all of
    /// it, when it is not one command per line).
    header: String,
    hyps: Vec<z3::ast::Bool>,
    /// The first hypotheses every case has (`CaseVc::universal`).
    universal: usize,
    more: Vec<z3::ast::Bool>,
    /// The obligations parsed (`parse_case`'s `wanted`).
    obligations: Vec<Option<Goals>>,
}

/// One obligation, parsed: it holds when `ante` implies every goal.
struct Goals {
    ante: z3::ast::Bool,
    goals: Vec<z3::ast::Bool>,
    more: More,
}

/// An obligation's own object facts at what the object facts read (as
/// `CaseVc::more`), parsed when first needed.
struct More {
    /// With Houdini's switches set.
    text: String,
    parsed: std::cell::OnceCell<Option<z3::ast::Bool>>,
}

impl More {
    fn is_true(&self) -> bool {
        self.text == "true"
    }
    /// The formula, under the case's declarations and definitions (None:
    /// Z3 could not parse it).
    fn get(&self, header: &str) -> Option<&z3::ast::Bool> {
        self.parsed
            .get_or_init(|| parse(&format!("{header}(assert {})\n", self.text))?.pop())
            .as_ref()
    }
}

impl Goals {
    /// The refutation of the goals not in `proved` (None: all are).
    fn refutation(&self, proved: &[bool]) -> Option<z3::ast::Bool> {
        let open: Vec<&z3::ast::Bool> = self
            .goals
            .iter()
            .enumerate()
            .filter(|(i, _)| !proved.get(*i).copied().unwrap_or(false))
            .map(|(_, g)| g)
            .collect();
        if open.is_empty() {
            return None;
        }
        Some(z3::ast::Bool::and(&[
            self.ante.clone(),
            z3::ast::Bool::and(&open).not(),
        ]))
    }
}

/// Parses a case's script with the obligations `wanted` says. (Z3 shares
/// equal terms, so the hypotheses parsed twice are the same terms.)
fn parse_case(vc: &CaseVc, wanted: &dyn Fn(usize) -> bool, sw: &Switches) -> Option<Parsed> {
    let common = vc.common.replacen("(set-logic ALL)\n", "", 1);
    let common = switched(&common, sw);
    let mut text = String::new();
    let mut n = 0;
    for (k, ob) in vc.obligations.iter().enumerate() {
        if !wanted(k) {
            continue;
        }
        let goals = ob.goals();
        text.push_str(&format!("(assert {})\n", ob.lean_antecedent()));
        for g in &goals {
            text.push_str(&format!("(assert {g})\n"));
        }
        n += 1 + goals.len();
    }
    let text = switched(&text, sw);
    // The goals are found by position: the switched texts must keep every
    // assertion (else a goal would be read as another; not parsed then).
    if text.matches("(assert ").count() != n
        || common.matches("(assert ").count() != vc.common.matches("(assert ").count()
    {
        return None;
    }
    // The case's hypotheses once per case and thread (a case is parsed
    // again for the obligations a first pass left, and in every sweep of
    // Houdini); the obligations under the case's declarations and
    // definitions alone.
    let head = header(&common);
    let mut hyps = match (common_hyps(&common, vc.universal), &head) {
        (Some(mut hyps), Some(head)) => {
            if n > 0 {
                hyps.extend(parse(&(head.clone() + text.as_ref()))?);
            }
            hyps
        }
        _ => parse_reusing(&(common.to_string() + text.as_ref()), vc.universal)?,
    };
    // `M5_CHECK_PARSE` (set by tests): the pieces parsed apart and reused
    // must be the terms of the whole script parsed at once (else the case
    // is not parsed: unknown, never proved).
    static CHECK: std::sync::LazyLock<bool> =
        std::sync::LazyLock::new(|| std::env::var_os("M5_CHECK_PARSE").is_some());
    let check = *CHECK;
    if check && parse(&(common.to_string() + text.as_ref()))? != hyps {
        return None;
    }
    // (A whole script declares and defines all its parts read too: `More`
    // takes its last assertion.)
    let head = head.unwrap_or_else(|| common.to_string());
    let mut obs = hyps.split_off(hyps.len().checked_sub(n)?).into_iter();
    let more = hyps.split_off(hyps.len().checked_sub(vc.more)?);
    let mut obligations = Vec::new();
    for (k, ob) in vc.obligations.iter().enumerate() {
        if !wanted(k) {
            obligations.push(None);
            continue;
        }
        let mut ante = obs.next()?;
        if let Some(o) = &ob.other {
            ante = z3::ast::Bool::and(&[ante, other_hyp(o, sw)?]);
        }
        let goals = (&mut obs).take(ob.goals().len()).collect();
        // What the object facts read: only when the check without them
        // fails (most do not), so parsed then.
        let more = More {
            text: switched(&ob.more, sw).into_owned(),
            parsed: std::cell::OnceCell::new(),
        };
        if check {
            let whole = parse(&format!("{common}(assert {})\n", more.text))?.pop();
            if whole.as_ref() != more.get(&head) {
                return None;
            }
        }
        obligations.push(Some(Goals { ante, goals, more }));
    }
    Some(Parsed {
        header: head,
        universal: vc.universal.min(hyps.len()),
        hyps,
        more,
        obligations,
    })
}

thread_local! {
    /// The hypotheses every case has (`CaseVc::universal`), parsed in this
    /// thread's Z3 context, by the text that determines them (`Universal`).
    static UNIVERSAL: std::cell::RefCell<Option<(String, Vec<z3::ast::Bool>)>> =
        const { std::cell::RefCell::new(None) };
}

/// A case's script split so that its first `universal` assertions can be
/// parsed once for all cases: `key` is those assertions with the
/// declarations and definitions of every symbol they read (transitively),
/// a script on its own that parses to the same terms as in any script that
/// has the same `key`; `rest` is the script without those assertions.
struct Universal {
    key: String,
    rest: String,
}

impl Universal {
    /// None when the script is not one declaration, definition or
    /// assertion per line (then it is parsed whole).
    fn split(text: &str, universal: usize) -> Option<Universal> {
        let mut decls: Vec<(&str, &str)> = Vec::new();
        let mut defs: Vec<(&str, &str)> = Vec::new();
        let mut asserts = 0usize;
        let mut key_asserts = String::new();
        let mut rest = String::with_capacity(text.len());
        for line in text.lines() {
            fn name(l: &str) -> Option<&str> {
                l.split([' ', '(', ')']).find(|w| !w.is_empty())
            }
            if let Some(r) = line.strip_prefix("(declare-const ") {
                decls.push((name(r)?, line));
            } else if let Some(r) = line.strip_prefix("(define-fun ") {
                defs.push((name(r)?, line));
            } else if line.starts_with("(assert ") {
                asserts += 1;
                if asserts <= universal {
                    key_asserts.push_str(line);
                    key_asserts.push('\n');
                    continue;
                }
            } else if !line.is_empty() && !line.starts_with(';') {
                return None;
            }
            rest.push_str(line);
            rest.push('\n');
        }
        if asserts < universal || universal == 0 {
            return None;
        }
        // The declarations and definitions the assertions read, and those
        // the definitions read, to a fixpoint (tokens looked up among the
        // names, which are few).
        let names: rustc_hash::FxHashMap<&str, usize> = decls
            .iter()
            .chain(&defs)
            .enumerate()
            .map(|(i, (n, _))| (*n, i))
            .collect();
        let mut used = vec![false; decls.len() + defs.len()];
        let mut todo: Vec<&str> = vec![&key_asserts];
        while let Some(t) = todo.pop() {
            for w in t.split(['(', ')', ' ', '\n']) {
                if let Some(&i) = names.get(w)
                    && !used[i]
                {
                    used[i] = true;
                    if let Some((_, l)) = i.checked_sub(decls.len()).map(|k| defs[k]) {
                        todo.push(l);
                    }
                }
            }
        }
        let taken = &used[decls.len()..];
        let mut key = String::new();
        for (i, (_, l)) in decls.iter().enumerate() {
            if used[i] {
                key.push_str(l);
                key.push('\n');
            }
        }
        for (k, (_, l)) in defs.iter().enumerate() {
            if taken[k] {
                key.push_str(l);
                key.push('\n');
            }
        }
        key.push_str(&key_asserts);
        Some(Universal { key, rest })
    }
}

thread_local! {
    /// Cases' hypotheses parsed in this thread's Z3 context, by their text
    /// (with Houdini's switches set).
    static COMMON: std::cell::RefCell<std::collections::HashMap<String, Vec<z3::ast::Bool>>> =
        Default::default();
}

/// The assertions of a case's script (`CaseVc::common`), parsed once per
/// text and thread.
fn common_hyps(common: &str, universal: usize) -> Option<Vec<z3::ast::Bool>> {
    if let Some(v) = COMMON.with(|c| c.borrow().get(common).cloned()) {
        return Some(v);
    }
    let v = parse_reusing(common, universal)?;
    COMMON.with(|c| {
        let mut c = c.borrow_mut();
        // (Bounded: a proof's cases, a few sweeps of Houdini.)
        if c.len() >= 1024 {
            c.clear();
        }
        c.insert(common.to_string(), v.clone());
    });
    Some(v)
}

/// A script's declarations and definitions alone: what its other parts
/// may read. None when it is not one command per line.
fn header(text: &str) -> Option<String> {
    let mut out = String::new();
    for line in text.lines() {
        if line.starts_with("(declare-const ") || line.starts_with("(define-fun ") {
            out.push_str(line);
            out.push('\n');
        } else if !(line.starts_with("(assert ") || line.is_empty() || line.starts_with(';')) {
            return None;
        }
    }
    Some(out)
}

/// `parse(text)`, with its first `universal` assertions taken from this
/// thread's last parse of the same (`Universal::key`) when there is one.
fn parse_reusing(text: &str, universal: usize) -> Option<Vec<z3::ast::Bool>> {
    let Some(u) = Universal::split(text, universal) else {
        return parse(text);
    };
    let cached = UNIVERSAL.with(|c| {
        c.borrow()
            .as_ref()
            .filter(|(k, _)| *k == u.key)
            .map(|(_, v)| v.clone())
    });
    let mut first = match cached {
        Some(v) => v,
        None => {
            let v = parse(&u.key)?;
            UNIVERSAL.with(|c| *c.borrow_mut() = Some((u.key, v.clone())));
            v
        }
    };
    first.extend(parse(&u.rest)?);
    Some(first)
}

thread_local! {
    /// Other threads' hypotheses parsed in this thread's Z3 context, by
    /// their script (`OtherHyp`): the same in every case, long, and read by
    /// many obligations.
    static OTHERS: std::cell::RefCell<std::collections::HashMap<String, z3::ast::Bool>> =
        Default::default();
}

/// `o`'s formula in this thread's Z3 context, with Houdini's switches
/// set (None: Z3 could not parse it).
fn other_hyp(o: &OtherHyp, sw: &Switches) -> Option<z3::ast::Bool> {
    let script = switched(&o.script, sw);
    if let Some(b) = OTHERS.with(|m| m.borrow().get(script.as_ref()).cloned()) {
        return Some(b);
    }
    let b = parse(&script)?.pop()?;
    OTHERS.with(|m| m.borrow_mut().insert(script.into_owned(), b.clone()));
    Some(b)
}

/// Houdini's switches (`super::Guards`): candidate number, on.
type Switches = std::collections::HashMap<usize, bool>;

/// `text` with Houdini's switches set: a fact switched on, `(=> hg!N f)`,
/// written `f`, one switched off left out where it is a conjunct of an
/// `and` that keeps another (elsewhere written `true`), and the
/// switches' declarations gone. So a fact on is a plain assertion, which
/// Z3 simplifies (an equation eliminates a variable). The assertions stay
/// one per line, in their number: `parse_case` finds the goals by it.
fn switched<'t>(text: &'t str, sw: &Switches) -> std::borrow::Cow<'t, str> {
    switched_as(text, sw, false)
}

/// What `Options::houdini_cache` knows an obligation by: `switched`, and
/// an assertion switched off left out too. So it is, as far as this can
/// make it, word for word the text the invariant without the dropped
/// facts gives (`smt::and` leaves nothing where a fact is missing), and
/// the proof after the rounds finds there what they proved. (A conjunct
/// or an assertion left out is one `true`: the meaning is the same.)
fn switched_key<'t>(text: &'t str, sw: &Switches) -> std::borrow::Cow<'t, str> {
    switched_as(text, sw, true)
}

fn switched_as<'t>(text: &'t str, sw: &Switches, drop_asserts: bool) -> std::borrow::Cow<'t, str> {
    if sw.is_empty() || !text.contains("hg!") {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if !line.starts_with("(declare-const hg!") {
            switch_into(&mut out, line, sw, drop_asserts);
        }
    }
    out.into()
}

/// Copies `pre` to `out`, keeping `open` (the operator of each
/// parenthesis open in the line so far) up to date.
fn copy_tracking<'t>(out: &mut String, pre: &'t str, open: &mut Vec<&'t str>) {
    for (k, c) in pre.char_indices() {
        match c {
            '(' => {
                let op = &pre[k + 1..];
                let n = op.find([' ', '(', ')']).unwrap_or(op.len());
                open.push(&op[..n]);
            }
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    out.push_str(pre);
}

fn switch_into(out: &mut String, mut rest: &str, sw: &Switches, drop_asserts: bool) {
    let mut open: Vec<&str> = Vec::new();
    while let Some(i) = rest.find("hg!") {
        let after = &rest[i + 3..];
        let n = after.bytes().take_while(u8::is_ascii_digit).count();
        let on = after[..n]
            .parse::<usize>()
            .ok()
            .and_then(|g| sw.get(&g).copied())
            .unwrap_or(true);
        let pre = &rest[..i];
        // The body of `(=> hg!N body)`: up to the parenthesis closing it.
        let body = pre
            .strip_suffix("(=> ")
            .and_then(|p| after[n..].strip_prefix(' ').map(|b| (p, b)))
            .and_then(|(p, b)| {
                let mut depth = 1usize;
                for (k, c) in b.bytes().enumerate() {
                    match c {
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                return Some((p, &b[..k], &b[k + 1..]));
                            }
                        }
                        _ => {}
                    }
                }
                None
            });
        match body {
            Some((p, b, tail)) => {
                copy_tracking(out, p, &mut open);
                rest = tail;
                if on {
                    switch_into(out, b, sw, drop_asserts);
                    continue;
                }
                match open.last().copied() {
                    // A conjunct after another: left out with the space
                    // before it.
                    Some("and") if out.ends_with(' ') && !out.ends_with("(and ") => {
                        out.pop();
                    }
                    // The first of several: left out with the space after.
                    Some("and") if tail.starts_with(' ') => rest = &tail[1..],
                    // A whole assertion: the line is left out.
                    Some("assert")
                        if drop_asserts
                            && out.ends_with("(assert ")
                            && matches!(tail, ")" | ")\n" | ")\r\n") =>
                    {
                        out.truncate(out.len() - "(assert ".len());
                        open.pop();
                        rest = "";
                    }
                    _ => out.push_str("true"),
                }
            }
            None => {
                copy_tracking(out, pre, &mut open);
                out.push_str(if on { "true" } else { "false" });
                rest = &after[n..];
            }
        }
    }
    out.push_str(rest);
}

/// The assertions of an SMT-LIB2 script, in this thread's Z3 context, or
/// None when Z3 cannot parse all of it. (Parsing into a solver would also
/// assert them, and Z3 simplifies a formula as it is asserted.)
fn parse(text: &str) -> Option<Vec<z3::ast::Bool>> {
    use z3::ast::Ast;
    let expected = text.matches("(assert ").count();
    let src = std::ffi::CString::new(text).ok()?;
    let ctx = z3::Context::thread_local();
    let c = ctx.get_z3_context();
    // SAFETY: `c` is the live thread-local context; the vector is
    // reference-counted around its use, and each element is wrapped (which
    // takes its own reference) before the vector is released. The z3 crate
    // installs no error handler, so a parse error returns None or a short
    // vector rather than aborting.
    unsafe {
        use std::ptr::null;
        let v =
            z3_sys::Z3_parse_smtlib2_string(c, src.as_ptr(), 0, null(), null(), 0, null(), null())?;
        z3_sys::Z3_ast_vector_inc_ref(c, v);
        let n = z3_sys::Z3_ast_vector_size(c, v);
        let out: Option<Vec<z3::ast::Bool>> = (0..n)
            .map(|i| z3_sys::Z3_ast_vector_get(c, v, i).map(|a| z3::ast::Bool::wrap(&ctx, a)))
            .collect();
        z3_sys::Z3_ast_vector_dec_ref(c, v);
        out.filter(|o| o.len() == expected)
    }
}

/// A solver holding a script, and whether Z3 parsed all of it.
fn case_solver(full: &str, opts: &Options) -> (z3::Solver, bool) {
    let solver = new_solver(opts);
    let expected = full.matches("(assert ").count();
    solver.from_string(full.to_string());
    // Z3 drops a script it cannot parse: then nothing here is proved.
    let parsed = solver.get_assertions().len() == expected;
    (solver, parsed)
}

/// A solver holding a case's hypotheses: those every case has at its base
/// level, the others in a push/pop level of their own.
fn hyp_solver(p: &Parsed, opts: &Options) -> z3::Solver {
    let base = &p.hyps[..p.universal];
    // A solver this thread finished a case with (back at its base level)
    // if its base is this case's, else a new one: creating one and
    // asserting the hypotheses every case has costs, per case.
    let spare = SPARE.with(|s| s.borrow_mut().take());
    let solver = match spare {
        Some((b, s)) if b.len() == base.len() && b.iter().zip(base).all(|(x, y)| x == y) => s,
        _ => {
            let s = new_solver(opts);
            for h in base {
                s.assert(h);
            }
            s
        }
    };
    solver.push();
    for h in &p.hyps[p.universal..] {
        solver.assert(h);
    }
    solver
}

type Spare = (Vec<z3::ast::Bool>, z3::Solver);

thread_local! {
    /// This thread's solver between cases, never one that gave up, and the
    /// hypotheses at its base level.
    static SPARE: std::cell::RefCell<Option<Spare>> = const { std::cell::RefCell::new(None) };
}

/// Returns a case's solver (which never gave up) for the next case.
fn spare(solver: z3::Solver, p: &Parsed) {
    solver.pop(1);
    let base = p.hyps[..p.universal].to_vec();
    SPARE.with(|s| *s.borrow_mut() = Some((base, solver)));
}

/// Z3's answer to the goals of obligation `k` not in `proved`, without the
/// object facts at what the object facts read.
fn check_lean(
    solver: &mut z3::Solver,
    g: &Goals,
    proved: &[bool],
    on_sat: Option<&mut OnSat>,
) -> z3::SatResult {
    let Some(refute) = g.refutation(proved) else {
        return z3::SatResult::Unsat;
    };
    solver.push();
    solver.assert(&refute);
    let r = solver.check();
    if r == z3::SatResult::Sat
        && let Some(f) = on_sat
    {
        f(solver);
    }
    solver.pop(1);
    r
}

/// Reads the model of a "sat" answer before the solver forgets it.
type OnSat<'a> = dyn FnMut(&z3::Solver) + 'a;

/// Z3's answer to the goals of obligation `k` not in `proved`, in a case
/// whose hypotheses `solver` holds (`lean`: without the object facts at
/// what the object facts read, whatever the answer).
fn check(
    solver: &mut z3::Solver,
    p: &Parsed,
    g: &Goals,
    proved: &[bool],
    opts: &Options,
    lean: bool,
    on_sat: &mut OnSat,
) -> z3::SatResult {
    let Some(refute) = g.refutation(proved) else {
        return z3::SatResult::Unsat;
    };
    // First without the object facts at what the object facts read: with
    // fewer hypotheses "unsat" still proves the goal, and Z3 is much faster.
    let last = lean || (p.more.is_empty() && g.more.is_true());
    let lean = check_lean(solver, g, proved, if last { Some(on_sat) } else { None });
    if lean == z3::SatResult::Unsat || last {
        return lean;
    }
    let Some(more) = g.more.get(&p.header) else {
        return z3::SatResult::Unknown;
    };
    if lean == z3::SatResult::Unknown {
        // A solver that gave up is not asked again (see `solve_case`).
        *solver = hyp_solver(p, opts);
    }
    solver.push();
    for m in &p.more {
        solver.assert(m);
    }
    solver.assert(&refute);
    solver.assert(more);
    let r = solver.check();
    if r == z3::SatResult::Sat {
        on_sat(solver);
    }
    solver.pop(1);
    r
}

/// Houdini's question (`Options::houdini`): which of obligation `g`'s goals
/// not in `proved` can fail? Every goal false in a model is set aside and
/// the rest asked again, until they are proved or Z3 gives up (then all
/// left count as failed). Returns the last answer and the failed goals.
///
/// `lean`: asked without the object facts at what the object facts read
/// (`check`), for goals that are all candidates. That drops a candidate
/// only they would prove: Houdini then finds a smaller fixpoint, never a
/// wrong one (what survives is proved with fewer hypotheses, so with all
/// of them in the proof after the rounds), and those checks are what cost
/// (an obligation with the object facts takes 40 times as long).
fn check_failing(
    solver: &mut z3::Solver,
    p: &Parsed,
    g: &Goals,
    proved: &[bool],
    opts: &Options,
    lean: bool,
) -> (z3::SatResult, Vec<usize>) {
    let mut aside: Vec<bool> = (0..g.goals.len())
        .map(|i| proved.get(i).copied().unwrap_or(false))
        .collect();
    let mut failed = Vec::new();
    loop {
        let open: Vec<usize> = (0..g.goals.len()).filter(|&i| !aside[i]).collect();
        let mut false_in_model = Vec::new();
        let r = check(solver, p, g, &aside, opts, lean, &mut |s: &z3::Solver| {
            if let Some(m) = s.get_model() {
                for &i in &open {
                    if m.eval(&g.goals[i], true).and_then(|v| v.as_bool()) != Some(true) {
                        false_in_model.push(i);
                    }
                }
            }
        });
        match r {
            z3::SatResult::Unsat => return (r, failed),
            z3::SatResult::Sat => {
                // (A model in which every goal holds cannot refute their
                // conjunction; if Z3's evaluation says so, all fail.)
                let out = if false_in_model.is_empty() {
                    open
                } else {
                    false_in_model
                };
                for i in out {
                    aside[i] = true;
                    failed.push(i);
                }
            }
            z3::SatResult::Unknown => {
                failed.extend(open);
                return (r, failed);
            }
        }
    }
}

/// Houdini's switches and what to ask again (`solve_houdini`): the
/// candidates' switches the case sets, and the obligations to ask (None:
/// all); the others are neither asked nor reported.
#[derive(Default)]
struct Again<'a> {
    switches: &'a [(usize, bool)],
    asks: Option<&'a BTreeSet<usize>>,
    /// Told of each outcome as soon as it is known (Houdini applies its
    /// drops at once, so that a chain of facts along the code goes on in
    /// the next case while this one is still being solved).
    tell: Option<&'a (dyn Fn(&Outcome) + Sync)>,
    /// Set when what is left of the case is not worth asking (Houdini
    /// found a failure no drop can mend).
    halt: Option<&'a AtomicBool>,
}

fn solve_case(
    vc: &CaseVc,
    index: usize,
    opts: &Options,
    stop: Option<&AtomicBool>,
    again: &Again,
) -> Vec<(usize, Outcome)> {
    // Houdini rounds: an obligation whose text an earlier round proved is
    // proved (`Options::houdini_cache`); a case with nothing else to ask
    // is not even parsed.
    // (Of the text asked: with Houdini's switches set.)
    let sw: Switches = again.switches.iter().copied().collect();
    let keys: Vec<u128> = match &opts.houdini_cache {
        Some(_) => {
            let mut base = xxhash_rust::xxh3::Xxh3::new();
            base.update(switched_key(&vc.common, &sw).as_bytes());
            vc.obligations
                .iter()
                .map(|ob| {
                    let mut h = base.clone();
                    h.update(switched_key(&ob.goal(), &sw).as_bytes());
                    h.digest128()
                })
                .collect()
        }
        _ => Vec::new(),
    };
    let mut known: Vec<bool> = match &opts.houdini_cache {
        Some(cache) if !keys.is_empty() => {
            let cache = cache.lock().expect("lock");
            keys.iter().map(|k| cache.contains(k)).collect()
        }
        _ => vec![false; vc.obligations.len()],
    };
    // Asked again: the obligations named and the shared checks covering
    // them; the others count as known (and are not reported).
    let asked: Option<BTreeSet<usize>> = again.asks.map(|a| {
        let mut all = a.clone();
        for &k in a {
            all.extend(vc.obligations[k].cover.iter().flatten().copied());
        }
        all
    });
    if let Some(asked) = &asked {
        for (k, kn) in known.iter_mut().enumerate() {
            *kn |= !asked.contains(&k);
        }
    }
    let reported = |k: usize| again.asks.is_none_or(|a| a.contains(&k));
    if keys.len() == vc.obligations.len()
        && vc
            .obligations
            .iter()
            .zip(&known)
            .all(|(ob, &k)| k || ob.shared)
    {
        return vc
            .obligations
            .iter()
            .enumerate()
            .filter(|(k, ob)| !ob.shared && reported(*k))
            .map(|(k, ob)| {
                (
                    k,
                    Outcome {
                        case: vc.case.clone(),
                        shape: vc.shape.clone(),
                        insn: vc.insn.clone(),
                        branch: ob.branch.clone(),
                        lemma: ob.lemma,
                        what: ob.what.clone(),
                        verdict: Verdict::Proved,
                        detail: String::new(),
                        time: Duration::ZERO,
                        vacuous: false,
                        catch: ob.catch.clone(),
                        by_shared: false,
                        shared_checks: 0,
                        failed: Vec::new(),
                    },
                )
            })
            .collect();
    }
    // The hypotheses are asserted once; each obligation's refutation only
    // within its own push/pop, so Z3 never works on the other goals. First
    // parsed: the shared checks and what no shared check could cover;
    // the rest only if the shared checks leave some of it open.
    let mut parsed = parse_case(
        vc,
        &|k| {
            let ob = &vc.obligations[k];
            !known[k] && (ob.shared || ob.cover.iter().all(Option::is_none))
        },
        &sw,
    );
    let mut solver = parsed.as_ref().map(|p| hyp_solver(p, opts));
    // Contradictory hypotheses prove everything: report such cases.
    let vacuity = match &solver {
        Some(s) if opts.check_vacuity => Some(s.check()),
        _ => None,
    };
    let vacuous = vacuity == Some(z3::SatResult::Unsat);
    if vacuity == Some(z3::SatResult::Unknown) {
        solver = parsed.as_ref().map(|p| hyp_solver(p, opts));
    }
    let mut out = Vec::new();
    // Obligations in a row the case's solvers gave up on.
    let mut gave_up = 0;
    // The checks that rule out caught exceptions first: if one fails, the
    // induction starts again with the exception followed, and the rest of
    // this one is not worth solving (`stop`). Then the shared checks,
    // before the obligations they cover.
    let mut order: Vec<usize> = (0..vc.obligations.len()).collect();
    order.sort_by_key(|&k| (vc.obligations[k].catch.is_none(), !vc.obligations[k].shared));
    // The shared checks proved, and the time of those not yet counted in
    // an outcome's.
    let mut shared_proved: BTreeSet<usize> = BTreeSet::new();
    let mut shared_gave_up = false;
    let mut shared_time: BTreeMap<usize, Duration> = BTreeMap::new();
    let emit = |k: usize| {
        if let Some(dir) = &opts.emit_smt2 {
            let _ = std::fs::write(
                dir.join(format!("case{index:04}-{k:03}.smt2")),
                switched(&obligation_script(vc, k), &sw).as_ref(),
            );
        }
    };
    // Obligations left for the second pass (not parsed in the first).
    let mut later: Vec<usize> = Vec::new();
    for pass in 0..2 {
        let list = if pass == 0 {
            order.clone()
        } else {
            if later.is_empty() {
                break;
            }
            let more = parse_case(vc, &|k| later.contains(&k), &sw);
            if let (Some(p), Some(q)) = (&mut parsed, more) {
                for (g, h) in p.obligations.iter_mut().zip(q.obligations) {
                    if h.is_some() {
                        *g = h;
                    }
                }
            }
            std::mem::take(&mut later)
        };
        for k in list {
            if stop.is_some_and(|s| s.load(Ordering::SeqCst))
                || again.halt.is_some_and(|s| s.load(Ordering::SeqCst))
            {
                break;
            }
            let ob = &vc.obligations[k];
            let goals = parsed.as_ref().and_then(|p| p.obligations[k].as_ref());
            if ob.shared && known[k] {
                shared_proved.insert(k);
                continue;
            }
            if ob.shared {
                let t0 = Instant::now();
                // A shared check is only a shortcut: when it is not proved,
                // the obligations it would cover are asked themselves;
                // after one that gave up, the case asks none.
                let r = match (&mut solver, goals) {
                    (Some(s), Some(g)) if gave_up < 2 && !shared_gave_up => {
                        check_lean(s, g, &[], None)
                    }
                    _ => z3::SatResult::Unknown,
                };
                match r {
                    z3::SatResult::Unsat => {
                        shared_proved.insert(k);
                        if let (Some(cache), Some(key)) = (&opts.houdini_cache, keys.get(k)) {
                            cache.lock().expect("lock").insert(*key);
                        }
                        // Only what is proved is written: every script
                        // written is a theorem (unsat).
                        emit(k);
                    }
                    // A solver that gave up is never asked again (below).
                    z3::SatResult::Unknown if !shared_gave_up => {
                        shared_gave_up = true;
                        solver = parsed.as_ref().map(|p| hyp_solver(p, opts));
                    }
                    _ => {}
                }
                shared_time.insert(k, t0.elapsed());
                continue;
            }
            // The facts shared checks proved; the others are asked.
            let covered: Vec<bool> = ob
                .cover
                .iter()
                .map(|c| c.is_some_and(|c| shared_proved.contains(&c)))
                .collect();
            let by_shared = (!covered.is_empty() && covered.iter().all(|&c| c)) || known[k];
            if pass == 0 && !by_shared && parsed.is_some() && goals.is_none() {
                later.push(k);
                continue;
            }
            emit(k);
            let t0 = Instant::now();
            let houdini = opts.houdini && ob.check.is_none() && !by_shared;
            let mut failed_goals: Vec<usize> = Vec::new();
            let r = match (&mut solver, &parsed, goals) {
                _ if by_shared => z3::SatResult::Unsat,
                (Some(s), Some(p), Some(g)) if gave_up < 2 && houdini => {
                    // (A fact of the user's is asked with everything:
                    // its failure ends the rounds.)
                    let lean = !unguarded(ob);
                    let (r, failed) = check_failing(s, p, g, &covered, opts, lean);
                    failed_goals = failed;
                    r
                }
                (Some(s), Some(p), Some(g)) if gave_up < 2 => {
                    check(s, p, g, &covered, opts, false, &mut |_| {})
                }
                _ => {
                    if houdini {
                        failed_goals = (0..ob.facts.len())
                            .filter(|&i| !covered.get(i).copied().unwrap_or(false))
                            .collect();
                    }
                    z3::SatResult::Unknown
                }
            };
            let failed: Vec<crate::invariant::ast::Span> =
                failed_goals.iter().map(|&i| ob.facts[i].span).collect();
            let mut time = t0.elapsed();
            let mut shared_checks = 0;
            for c in ob.cover.iter().flatten() {
                if let Some(t) = shared_time.remove(c) {
                    time += t;
                    shared_checks += 1;
                }
            }
            let (verdict, detail) = match r {
                _ if by_shared => (Verdict::Proved, String::new()),
                _ if goals.is_none() => (
                    Verdict::Unknown,
                    "Z3 could not parse the obligations of this case (a bug in m5: please report it with --emit-smt2 output)".into(),
                ),
                _ if gave_up >= 2 => (
                    Verdict::Unknown,
                    "not attempted: fresh solvers gave up on this case's two obligations before it".into(),
                ),
                z3::SatResult::Unsat if failed.is_empty() => {
                    gave_up = 0;
                    if let (Some(cache), Some(key)) = (&opts.houdini_cache, keys.get(k)) {
                        cache.lock().expect("lock").insert(*key);
                    }
                    (Verdict::Proved, String::new())
                }
                // A Houdini round's answer: the facts named in `failed`
                // did not follow (not a verdict; see `Options::houdini`).
                z3::SatResult::Unsat => {
                    gave_up = 0;
                    (
                        Verdict::Refuted,
                        format!("{} facts did not follow (Houdini round)", failed.len()),
                    )
                }
                // A check of a caught exception that fails is no
                // refutation: the exception is followed to its handler
                // (`driver`), and no counterexample is shown.
                z3::SatResult::Sat if ob.catch.is_some() => (
                    Verdict::Unknown,
                    "not ruled out: the exception is followed to its handler".into(),
                ),
                // "sat" is believed only when a fresh solver, given this
                // obligation alone, finds the counterexample again.
                // In Houdini's rounds nothing is a verdict: not rendered.
                z3::SatResult::Sat if opts.houdini => {
                    (Verdict::Refuted, "not proved (Houdini round)".into())
                }
                z3::SatResult::Sat => match counterexample(vc, k, opts, &sw) {
                    Ok(text) => (Verdict::Refuted, text),
                    Err(why) => (
                        Verdict::Unknown,
                        format!("Z3 answered sat, but a fresh solver did not confirm it ({why})"),
                    ),
                },
                z3::SatResult::Unknown => {
                    let why = solver
                        .as_ref()
                        .and_then(|s| s.get_reason_unknown())
                        .unwrap_or_else(|| "no reason given".into());
                    // A solver that gave up (a timeout, a resource limit) is
                    // not asked again: Z3 4.8.12 has answered a wrong "sat"
                    // after a timeout. The case's later obligations get a
                    // fresh one.
                    solver = parsed.as_ref().map(|p| hyp_solver(p, opts));
                    gave_up += 1;
                    (Verdict::Unknown, format!("Z3 answered unknown ({why})"))
                }
            };
            if ob.catch.is_some()
                && verdict != Verdict::Proved
                && let Some(s) = stop
            {
                s.store(true, Ordering::SeqCst);
            }
            let outcome = Outcome {
                case: vc.case.clone(),
                shape: vc.shape.clone(),
                insn: vc.insn.clone(),
                branch: ob.branch.clone(),
                lemma: ob.lemma,
                what: ob.what.clone(),
                verdict,
                detail,
                time,
                vacuous,
                catch: ob.catch.clone(),
                by_shared,
                shared_checks,
                failed,
            };
            if let Some(tell) = again.tell
                && reported(k)
            {
                tell(&outcome);
            }
            out.push((k, outcome));
        }
    }
    if let (Some(s), Some(p)) = (solver, &parsed) {
        spare(s, p);
    }
    out.retain(|(k, _)| reported(*k));
    out.sort_by_key(|(k, _)| *k);
    out
}

/// Z3's resource limit for the search for a small counterexample (about
/// a tenth of a second on this machine; `rlimit` counts Z3's work).
const SMALL_STATE_RLIMIT: u32 = 300_000;

/// Which conjunct fails and the values of what it reads, in a model a
/// fresh solver finds for obligation `k` alone; Err when it finds none.
fn counterexample(vc: &CaseVc, k: usize, opts: &Options, sw: &Switches) -> Result<String, String> {
    let ob = &vc.obligations[k];
    let mut obs: Vec<Shown> = vec![
        ("th".into(), "th".into(), smt::Sort::Int, false),
        ("heap.length".into(), "H".into(), smt::Sort::Int, false),
        ("threads.count".into(), "N".into(), smt::Sort::Int, false),
    ];
    if ob.what.contains("another thread") {
        obs.push(("u".into(), "u".into(), smt::Sort::Int, false));
    }
    let nglobal = obs.len();
    obs.extend(vc.shown.iter().cloned());
    obs.extend(ob.shown.iter().cloned());
    let nfixed = obs.len();
    for f in &ob.facts {
        obs.push((
            format!("fact {}", f.name),
            f.term.clone(),
            smt::Sort::Bool,
            false,
        ));
        obs.extend(f.reads.iter().cloned());
    }
    let mut text = vc.common.replacen("(set-logic ALL)\n", "", 1);
    for (i, (_, t, s, _)) in obs.iter().enumerate() {
        text.push_str(&format!(
            "(declare-const obs_{i} {})\n(assert (= obs_{i} {t}))\n",
            s.smt()
        ));
    }
    text.push_str(&format!("(assert (not {}))\n", ob.goal()));
    let (solver, parsed) = case_solver(&switched(&text, sw), opts);
    if !parsed {
        return Err("Z3 could not parse the obligation".into());
    }
    // Prefer a small state (easier to read), within a resource limit
    // (deterministic, unlike a time limit: the same state on every
    // machine); else any state, from a fresh solver (one that gave up is
    // not asked again).
    solver.push();
    let mut small = z3::Params::new();
    small.set_u32("rlimit", SMALL_STATE_RLIMIT);
    solver.set_params(&small);
    solver.assert(z3::ast::Int::new_const("H").lt(z3::ast::Int::from_i64(12)));
    solver.assert(z3::ast::Int::new_const("N").lt(z3::ast::Int::from_i64(12)));
    let r = solver.check();
    let solver = if r == z3::SatResult::Sat {
        solver
    } else {
        let (solver, _) = case_solver(&switched(&text, sw), opts);
        match solver.check() {
            z3::SatResult::Sat => solver,
            z3::SatResult::Unsat => return Err("it answered unsat".into()),
            z3::SatResult::Unknown => {
                return Err(format!(
                    "it answered unknown: {}",
                    solver
                        .get_reason_unknown()
                        .unwrap_or_else(|| "no reason given".into())
                ));
            }
        }
    };
    let Some(model) = solver.get_model() else {
        return Err("it gave no model".into());
    };
    let value = |i: usize, s: smt::Sort| -> String {
        let name = format!("obs_{i}");
        let v = match s {
            smt::Sort::Int => model
                .eval(&z3::ast::Int::new_const(name), true)
                .map(|v| v.to_string()),
            smt::Sort::Bool => model
                .eval(&z3::ast::Bool::new_const(name), true)
                .map(|v| v.to_string()),
            smt::Sort::Bv32 | smt::Sort::Bv64 => {
                let w = if s == smt::Sort::Bv32 { 32 } else { 64 };
                model
                    .eval(&z3::ast::BV::new_const(name, w), true)
                    .and_then(|v| {
                        // Z3 gives the bits unsigned: read them as Java does.
                        v.as_u64().map(|x| {
                            if w == 32 {
                                (x as u32 as i32).to_string()
                            } else {
                                (x as i64).to_string()
                            }
                        })
                    })
            }
        };
        let v = v.unwrap_or_else(|| "?".into());
        // Integers print as `(- 1)`.
        match v.strip_prefix("(- ").and_then(|x| x.strip_suffix(')')) {
            Some(n) => format!("-{n}"),
            None => v,
        }
    };
    let shown = |i: usize| -> String {
        let v = value(i, obs[i].2);
        if !obs[i].3 {
            v
        } else if v == "-1" {
            "null".into()
        } else {
            format!("(REF {v})")
        }
    };
    let mut lines = Vec::new();
    let fixed: Vec<String> = (0..nglobal)
        .map(|i| format!("{} = {}", obs[i].0, shown(i)))
        .collect();
    lines.push(format!("state: {}", fixed.join(", ")));
    // Frames, one line per thread and frame: "th: Job.incr@13 local[0] = (REF 2), ...".
    let mut cur = String::new();
    for (i, o) in obs.iter().enumerate().take(nfixed).skip(nglobal) {
        let (frame, slot) = o.0.rsplit_once(' ').unwrap_or(("", &o.0));
        if frame != cur {
            lines.push(frame.to_string());
            cur = frame.to_string();
        }
        let l = lines.last_mut().expect("line");
        l.push_str(&format!(" {slot} = {}", shown(i)));
    }
    let mut i = nfixed;
    for f in &ob.facts {
        let holds = value(i, smt::Sort::Bool);
        i += 1;
        let reads: Vec<String> = f
            .reads
            .iter()
            .enumerate()
            .map(|(j, (t, _, _, _))| format!("{t} = {}", shown(i + j)))
            .collect();
        i += f.reads.len();
        if holds == "false" {
            lines.push(format!(
                "fails: fact `{}` ({}) of {}{}",
                f.name,
                f.at,
                f.part,
                if reads.is_empty() {
                    String::new()
                } else {
                    format!(", where {}", reads.join(", "))
                }
            ));
        }
    }
    Ok(lines.join("\n"))
}

/// The candidates whose switches (`inv::guard_name`) text `t` mentions.
fn guard_numbers(t: &str) -> impl Iterator<Item = usize> + '_ {
    t.match_indices("hg!").filter_map(move |(i, _)| {
        let rest = &t[i + 3..];
        let n = rest.bytes().take_while(u8::is_ascii_digit).count();
        rest[..n].parse().ok()
    })
}

/// Which candidates a case's hypotheses mention: those every obligation
/// reads (the case's script) and those of each obligation alone; and the
/// switches it sets (the goals' too). A goal whose candidate is dropped
/// is true and asks nothing again, so goals are not in the first two.
struct Mentions {
    common: BTreeSet<usize>,
    per_ob: Vec<BTreeSet<usize>>,
    switched: BTreeSet<usize>,
}

impl Mentions {
    fn of(vc: &CaseVc) -> Mentions {
        // (A declaration is no mention: a case declares the switches of
        // the other threads' hypotheses, which only some obligations read.)
        let common: BTreeSet<usize> = vc
            .common
            .lines()
            .filter(|l| !l.starts_with("(declare-const "))
            .flat_map(guard_numbers)
            .collect();
        let mut switched = common.clone();
        let per_ob = vc
            .obligations
            .iter()
            .map(|ob| {
                let mut m: BTreeSet<usize> = guard_numbers(&ob.hyp)
                    .chain(guard_numbers(&ob.more))
                    .collect();
                if let Some(o) = &ob.other {
                    m.extend(guard_numbers(&o.script));
                }
                switched.extend(m.iter().copied());
                for f in &ob.facts {
                    switched.extend(guard_numbers(&f.term));
                }
                m
            })
            .collect();
        Mentions {
            common,
            per_ob,
            switched,
        }
    }
}

/// Does the obligation check something no Houdini switch guards (a
/// pre-step check, or a fact of the user's)? Then its failure cannot be
/// mended by dropping candidates.
fn unguarded(ob: &super::Obligation) -> bool {
    ob.check.is_some() || ob.facts.iter().any(|f| !f.term.contains("hg!"))
}

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
pub fn solve_houdini(
    vcs: &[CaseVc],
    opts: &Options,
    g: &super::Guards,
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
                    !ob.shared && ob.lemma == super::Lemma::Preserved && unguarded(ob)
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
        if o.lemma == super::Lemma::Preserved
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator: the formulas are the same in every run.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    fn formula(r: &mut Rng, depth: u32) -> String {
        match if depth == 0 { 0 } else { r.below(5) } {
            0 => ["p", "q", "true", "false", "(g p)"][r.below(5) as usize].to_string(),
            // n-ary, as `smt::and` writes it (a conjunct switched off is
            // left out: first, middle, last, only).
            1 => {
                let n = 1 + r.below(3);
                let parts: Vec<String> = (0..n).map(|_| formula(r, depth - 1)).collect();
                format!("(and {})", parts.join(" "))
            }
            2 => format!("(not {})", formula(r, depth - 1)),
            3 => format!("(or {} {})", formula(r, depth - 1), formula(r, depth - 1)),
            _ => format!("(=> hg!{} {})", r.below(8), formula(r, depth - 1)),
        }
    }

    /// Setting Houdini's switches in the text is fixing each switch's
    /// value (an absent one is on), nested guards and guards inside
    /// definitions included: Z3 finds no assignment where they differ.
    #[test]
    fn switched_text_is_the_formula_with_its_switches_fixed() {
        let mut r = Rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..500 {
            let mut sw = Switches::new();
            for i in 0..8 {
                if r.below(3) > 0 {
                    let on = r.below(2) == 0;
                    sw.insert(i, on);
                }
            }
            let mut decls = String::from("(declare-const p Bool)\n(declare-const q Bool)\n");
            for i in 0..8 {
                decls.push_str(&format!("(declare-const hg!{i} Bool)\n"));
            }
            let def = formula(&mut r, 3).replace("(g p)", "x");
            let text = format!(
                "{decls}(define-fun g ((x Bool)) Bool {def})\n(assert {})\n",
                formula(&mut r, 5)
            );
            let fixed: String = (0..8)
                .map(|i| {
                    let on = sw.get(&i).copied().unwrap_or(true);
                    format!("(assert (= hg!{i} {on}))\n")
                })
                .collect();
            let plain = parse(&format!("{decls}{fixed}")).expect("parses");
            let b = z3::ast::Bool::and(&parse(&text).expect("parses"));
            // The text asked keeps its number of assertions; the cache's
            // key may leave some out; both mean what the switches say.
            let asked = switched(&text, &sw);
            let n = text.matches("(assert ").count();
            assert_eq!(asked.matches("(assert ").count(), n, "{text}");
            for t in [asked, switched_key(&text, &sw)] {
                let a = z3::ast::Bool::and(&parse(&t).expect("parses"));
                let solver = z3::Solver::new();
                for h in &plain {
                    solver.assert(h);
                }
                solver.assert(a.eq(&b).not());
                assert_eq!(solver.check(), z3::SatResult::Unsat, "{text}\n{t}");
            }
        }
    }
}
