//! A case's SMT-LIB2 script parsed into Z3 terms once per thread: its
//! hypotheses, each obligation's goals, and the parts every case shares.

use super::switches::{Switches, switched};
use crate::prove::cases::{CaseVc, OtherHyp};

/// A case's script parsed once: its hypotheses, the object facts at what
/// the object facts read (`CaseVc::more`), and per obligation its own
/// hypotheses, its goals (each fact, or the check) and its own `more` (all
/// unasserted); None when Z3 could not parse all of it.
pub(super) struct Parsed {
    /// The declarations and definitions of the case's script (or all of
    /// it, when it is not one command per line).
    pub(super) header: String,
    pub(super) hyps: Vec<z3::ast::Bool>,
    /// The first hypotheses every case has (`CaseVc::universal`).
    pub(super) universal: usize,
    pub(super) more: Vec<z3::ast::Bool>,
    /// The obligations parsed (`parse_case`'s `wanted`).
    pub(super) obligations: Vec<Option<Goals>>,
}

/// One obligation, parsed: it holds when `ante` implies every goal.
pub(super) struct Goals {
    pub(super) ante: z3::ast::Bool,
    pub(super) goals: Vec<z3::ast::Bool>,
    pub(super) more: More,
}

/// An obligation's own object facts at what the object facts read (as
/// `CaseVc::more`), parsed when first needed.
pub(super) struct More {
    /// With Houdini's switches set.
    pub(super) text: String,
    pub(super) parsed: std::cell::OnceCell<Option<z3::ast::Bool>>,
}

impl More {
    pub(super) fn is_true(&self) -> bool {
        self.text == "true"
    }
    /// The formula, under the case's declarations and definitions (None:
    /// Z3 could not parse it).
    pub(super) fn get(&self, header: &str) -> Option<&z3::ast::Bool> {
        self.parsed
            .get_or_init(|| parse(&format!("{header}(assert {})\n", self.text))?.pop())
            .as_ref()
    }
}

impl Goals {
    /// The refutation of the goals not in `proved` (None: all are).
    pub(super) fn refutation(&self, proved: &[bool]) -> Option<z3::ast::Bool> {
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
pub(super) fn parse_case(
    vc: &CaseVc,
    wanted: &dyn Fn(usize) -> bool,
    sw: &Switches,
) -> Option<Parsed> {
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
pub(super) struct Universal {
    pub(super) key: String,
    pub(super) rest: String,
}

impl Universal {
    /// None when the script is not one declaration, definition or
    /// assertion per line (then it is parsed whole).
    pub(super) fn split(text: &str, universal: usize) -> Option<Universal> {
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
pub(super) fn common_hyps(common: &str, universal: usize) -> Option<Vec<z3::ast::Bool>> {
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
pub(super) fn header(text: &str) -> Option<String> {
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
pub(super) fn parse_reusing(text: &str, universal: usize) -> Option<Vec<z3::ast::Bool>> {
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
pub(super) fn other_hyp(o: &OtherHyp, sw: &Switches) -> Option<z3::ast::Bool> {
    let script = switched(&o.script, sw);
    if let Some(b) = OTHERS.with(|m| m.borrow().get(script.as_ref()).cloned()) {
        return Some(b);
    }
    let b = parse(&script)?.pop()?;
    OTHERS.with(|m| m.borrow_mut().insert(script.into_owned(), b.clone()));
    Some(b)
}

/// The assertions of an SMT-LIB2 script, in this thread's Z3 context, or
/// None when Z3 cannot parse all of it. (Parsing into a solver would also
/// assert them, and Z3 simplifies a formula as it is asserted.)
pub(super) fn parse(text: &str) -> Option<Vec<z3::ast::Bool>> {
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
