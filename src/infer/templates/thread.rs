//! One thread's candidates in one call-stack shape: the terms it names
//! (`terms.rs`), then one pass per template kind over them.

use super::terms::Terms;
use super::{Candidate, Program, Template, Term, Unreadable, Val, constant, dotted};
use crate::classfile::{Insn, Kind};
use crate::invariant::Compiled;
use crate::state::{Body, Ref, State, Status, ThreadId};

/// Where the candidates of one case go (only the thread templates' with
/// `only_threads`).
struct Out {
    key: usize,
    only_threads: bool,
    out: Vec<Candidate>,
}

impl Out {
    fn add(&mut self, template: Template, text: String) {
        if !self.only_threads || matches!(template, Template::ThreadOf | Template::Waits) {
            self.out.push(Candidate {
                key: self.key,
                template,
                text,
            })
        }
    }
}

/// The candidates for thread `t` of `s`, in the case of `key` (frames
/// aliased `{alias}0`, `{alias}1`, ... bottom first). With `only_threads`,
/// those of the `ThreadOf` template alone (for a later sample of the
/// shape: a thread's status is what changes between visits).
pub fn candidates(
    user: &Compiled,
    s: &State,
    t: ThreadId,
    key: usize,
    (alias, tv): (&str, &str),
    only_threads: bool,
    program: &Program,
) -> Vec<Candidate> {
    let terms = Terms::gather(user, s, t, alias, tv, program);
    let mut out = Out {
        key,
        only_threads,
        out: Vec::new(),
    };
    // Not the main thread (which a fact guarded by `threads.count` or
    // naming threads by number needs).
    if t != 0 && terms.counts_threads {
        out.add(Template::TermConst, format!("{tv} != 0"));
    }
    terms.named_terms(&mut out);
    terms.slot_terms(&mut out);
    terms.computed(&mut out);
    terms.user_ideas(&mut out);
    terms.bounds(&mut out);
    terms.indices(&mut out);
    terms.threads(&mut out);
    terms.waits(&mut out);
    terms.monitors(&mut out);
    out.out
}

impl Terms<'_> {
    fn is_let(&self, t: &Term) -> bool {
        self.let_name(&t.text)
    }

    /// A `let` of the user's (a definition without parameters).
    fn let_name(&self, name: &str) -> bool {
        self.user.defs.get(name).is_some_and(|d| d.0.is_empty())
    }

    /// Whether a field term (`x.f`) names a field the code of this
    /// thread's frames reads or writes, or one of a `let`'s object (what
    /// the user names): a loop's bound, or a value read from a count, is
    /// about what the code touches, not a worker's inherited
    /// `Thread.priority`.
    fn touched(&self, text: &str) -> bool {
        let Some((base, f)) = text.rsplit_once('.') else {
            return false;
        };
        self.let_name(base) || self.touched.contains(f)
    }

    /// Atoms and fields: constants, classes and equalities among them.
    fn named_terms(&self, out: &mut Out) {
        let s = self.s;
        let named: Vec<&Term> = self.atoms.iter().chain(&self.fields).collect();
        for (i, a) in named.iter().enumerate() {
            if let Val::Ref(Some(r)) = a.val
                && !a.text.contains('.')
                && (r as usize) < s.heap.len()
                && matches!(s.object(r).body, Body::Fields(_))
            {
                let class = &s.classes.class(s.object(r).class).name;
                out.add(
                    Template::TermClass,
                    format!("{} is {}", a.text, dotted(class)),
                );
            }
            if a.val != Val::Ref(None) && matches!(a.val, Val::Ref(_)) {
                // A `let` of the user's that names an object here (it may be
                // null elsewhere: before its object is made, or its field set).
                if self.is_let(a) {
                    out.add(Template::TermConst, format!("{} != null", a.text));
                }
                for b in &named[..i] {
                    if b.val == a.val {
                        out.add(Template::TermEq, format!("{} == {}", a.text, b.text));
                    }
                }
            } else if !a.uniform {
                out.add(
                    Template::TermConst,
                    format!("{} == {}", a.text, constant(a.val)),
                );
            }
            // A number `let` of the user's by whether a reference `let` is
            // null here (`inst != null || made == 0`: a count that goes
            // with a lazily set object, where the lock holder is).
            // (And while it is null, the number keeps the value it had where
            // the induction starts, whatever this visit saw.)
            if let (Val::Int(v) | Val::Long(v), true) = (a.val, self.is_let(a)) {
                for r in named.iter().filter(|b| self.is_let(b)) {
                    if let Val::Ref(x) = r.val {
                        let op = if x.is_none() { "!=" } else { "==" };
                        out.add(
                            Template::TermEq,
                            format!("{} {op} null || {} == {v}", r.text, a.text),
                        );
                    }
                    let at_start = |name: &str| self.initial.iter().find(|i| i.text == name);
                    if let (
                        Some(Term {
                            val: Val::Ref(None),
                            ..
                        }),
                        Some(i),
                    ) = (at_start(&r.text), at_start(&a.text))
                        && let Val::Int(v0) | Val::Long(v0) = i.val
                        && (v0 != v || r.val != Val::Ref(None))
                    {
                        out.add(
                            Template::TermEq,
                            format!("{} != null || {} == {v0}", r.text, a.text),
                        );
                    }
                }
            }
            // Two of the user's number `let`s equal (`a == b`: two quantities
            // of the idea agree here).
            // (Or one ahead: `a == b + 1`, a step of the idea half done.)
            if matches!(a.val, Val::Int(_) | Val::Long(_)) && self.is_let(a) {
                for b in named.iter().filter(|b| self.is_let(b)) {
                    if let (Val::Int(x) | Val::Long(x), Val::Int(y) | Val::Long(y)) = (a.val, b.val)
                        && x == y.wrapping_add(1)
                    {
                        out.add(Template::TermEq, format!("{} == {} + 1", a.text, b.text));
                    }
                }
                for b in &named[..i] {
                    if b.val == a.val && self.is_let(b) {
                        out.add(Template::TermEq, format!("{} == {}", a.text, b.text));
                    }
                }
            }
        }
    }

    /// Slots: constants, equalities with every term named before, plus one.
    fn slot_terms(&self, out: &mut Out) {
        let s = self.s;
        let named: Vec<&Term> = self.atoms.iter().chain(&self.fields).collect();
        for (i, sl) in self.slots.iter().enumerate() {
            match sl.val {
                Val::Ref(Some(r)) => {
                    out.add(Template::SlotNonNull, format!("{} != null", sl.text));
                    let class = s.classes.class(s.object(r).class);
                    if matches!(s.object(r).body, Body::Fields(_)) {
                        out.add(
                            Template::SlotClass,
                            format!("{} is {}", sl.text, dotted(&class.name)),
                        );
                        self.one_of_two(sl, r, out);
                        // Two slots naming different objects of the program
                        // (`from != to`: a transfer between two accounts).
                        for other in &self.slots[..i] {
                            if let Val::Ref(Some(o)) = other.val
                                && o != r
                                && matches!(s.object(o).body, Body::Fields(_))
                            {
                                out.add(Template::SlotEq, format!("{} != {}", sl.text, other.text));
                            }
                        }
                    }
                }
                v => out.add(
                    Template::SlotConst,
                    format!("{} == {}", sl.text, constant(v)),
                ),
            }
            // A reference slot read from a field that is set once (a lazily
            // made object): null, or that object. (Also when the first
            // observation was null: it may be either elsewhere; then with
            // the atoms alone, not every field of every object named.)
            if let Val::Ref(v) = sl.val {
                for other in named
                    .iter()
                    .filter(|o| v.is_some() || !o.text.contains('.'))
                {
                    if let Val::Ref(w) = other.val
                        && (v.is_none() || v == w)
                    {
                        out.add(
                            Template::SlotEq,
                            format!("{0} == null || {0} == {1}", sl.text, other.text),
                        );
                        // (Null both: this slot holds what the atom holds,
                        // read where nobody else writes it.)
                        if v.is_none() && w.is_none() {
                            out.add(Template::SlotEq, format!("{} == {}", sl.text, other.text));
                        }
                    }
                }
            }
            if sl.val == Val::Ref(None) {
                continue;
            }
            for other in named.iter().copied().chain(&self.slots[..i]) {
                if other.val == sl.val {
                    out.add(Template::SlotEq, format!("{} == {}", sl.text, other.text));
                }
                if let (Val::Int(a), Val::Int(b)) = (sl.val, other.val)
                    && !other.slot
                {
                    if a == b.wrapping_add(1) {
                        out.add(
                            Template::SlotPlusOne,
                            format!("{} == {} + 1", sl.text, other.text),
                        );
                    }
                    // A value read from a count another thread moves one
                    // way stays behind it (`seen <= hits.value`): offered
                    // where the two are equal when the shape is first seen
                    // (just read, or the count since unmoved), not for
                    // every pair of numbers that happen to be ordered.
                    if a == b && (self.touched(&other.text) || self.is_let(other)) {
                        for op in ["<=", ">="] {
                            out.add(
                                Template::SlotOrder,
                                format!("{} {op} {}", sl.text, other.text),
                            );
                        }
                    }
                }
            }
        }
    }

    /// A reference slot names one of two atoms of its class (`fr1.local[0]
    /// == A || fr1.local[0] == B`: which of two accounts a thread is given
    /// varies between threads and runs; that it is one of them does not).
    fn one_of_two(&self, sl: &Term, r: Ref, out: &mut Out) {
        let s = self.s;
        let class = s.object(r).class;
        let same: Vec<&Term> = self
            .atoms
            .iter()
            .filter(|a| match a.val {
                Val::Ref(Some(x)) => (x as usize) < s.heap.len() && s.object(x).class == class,
                _ => false,
            })
            .collect();
        for x in same.iter().filter(|x| x.val == Val::Ref(Some(r))) {
            for y in same.iter().filter(|y| y.val != Val::Ref(Some(r))) {
                out.add(
                    Template::SlotEq,
                    format!("{0} == {1} || {0} == {2}", sl.text, x.text, y.text),
                );
            }
        }
    }

    /// The user's own global facts `H => L == R` where their guard `H` does
    /// not hold: `L == R` in this thread's case, and off by an int local of
    /// the top frame (`A.balance + B.balance + fr1.local[2] == 200` between
    /// taking an amount from one account and adding it to the other).
    fn user_ideas(&self, out: &mut Out) {
        use crate::invariant::ast::{BinOp, Expr};
        let src = &self.user.file.source;
        let text = |e: &Expr| src.get(e.span().start..e.span().end).map(str::to_string);
        let top = self.thread.stack.len().saturating_sub(1);
        let locals: Vec<&Term> = self
            .slots
            .iter()
            .filter(|sl| {
                matches!(sl.val, Val::Int(_))
                    && sl.text.starts_with(&format!("{}{top}.local[", self.alias))
            })
            .collect();
        for fact in &self.user.global {
            let Expr::Binary(BinOp::Implies, _, c, _) = &fact.expr else {
                continue;
            };
            let Expr::Binary(BinOp::Eq, l, r, _) = &**c else {
                continue;
            };
            let (Some(l), Some(r)) = (text(l), text(r)) else {
                continue;
            };
            out.add(Template::UserIdea, format!("({l}) == ({r})"));
            for k in &locals {
                out.add(Template::UserIdea, format!("({l}) + {} == ({r})", k.text));
                out.add(Template::UserIdea, format!("({l}) - {} == ({r})", k.text));
            }
        }
    }

    /// What the top frame's operand stack holds, as the straight-line code
    /// since its line's first instruction computed it: a field it read
    /// (`fr1.stack[0] == fr1.local[0].owner`, `== static(C.f)`), a sum or
    /// difference (`fr1.stack[1] == fr1.local[1].balance + fr1.local[2]`).
    /// A test of a value read then says something of the field, as long as
    /// nobody else writes it (the lock holder's view); a value about to be
    /// stored is tied to what it was computed from.
    fn computed(&self, out: &mut Out) {
        let Some((i, f)) = self.thread.stack.iter().enumerate().next_back() else {
            return;
        };
        let m = &f.method;
        let start = m
            .lines
            .iter()
            .map(|l| l.0)
            .filter(|&pc| pc <= f.pc())
            .max()
            .and_then(|pc| m.index_of_pc(pc));
        let Some(start) = start else {
            return;
        };
        let fr = format!("{}{i}", self.alias);
        let Some(stack) = describe(&m.code[start as usize..f.ip as usize], &fr, self.unreadable)
        else {
            return;
        };
        if stack.len() != f.stack.len() {
            return;
        }
        for (j, e) in stack.iter().enumerate() {
            if let Some(e) = e.as_ref().filter(|e| e.contains(['.', '+', '-', '('])) {
                out.add(Template::SlotEq, format!("{fr}.stack[{j}] == {e}"));
            }
        }
    }

    /// Below a constant the code of this thread's methods compares with (a
    /// loop bound: `count < 3` in the loop's body, `count <= 3` everywhere): int
    /// locals, and int fields of the objects this thread's atoms (`t.object`,
    /// `W(t)`) and slots name.
    /// (Only a constant an `if_icmp` compares with: a constant the code
    /// only adds or stores bounds nothing.)
    fn bounds(&self, out: &mut Out) {
        let s = self.s;
        let mut bounds: Vec<i64> = self
            .thread
            .stack
            .iter()
            .flat_map(|f| s.classes.method(f.method.id).code.windows(2))
            .filter_map(|w| match w {
                [Insn::Iconst(c), Insn::IfIcmp(..)] => Some(*c as i64),
                _ => None,
            })
            .collect();
        bounds.sort_unstable();
        bounds.dedup();
        let own_atom =
            |text: &str| text.starts_with(&format!("{}.", self.tv)) || text.contains(&self.own);
        // (And the numbers the user's `def`s give this thread, `tries(t)`: a
        // quantity of the idea the loop counts.)
        let bounded = self
            .slots
            .iter()
            .filter(|sl| sl.text.contains(".local["))
            .chain(
                self.fields
                    .iter()
                    .filter(|f| own_atom(&f.text) || f.text.starts_with(self.alias))
                    .filter(|f| self.touched(&f.text)),
            )
            .chain(self.atoms.iter().filter(|a| a.text.ends_with(&self.own)));
        for x in bounded {
            let Val::Int(v) = x.val else {
                continue;
            };
            for &c in &bounds {
                if v < c {
                    out.add(Template::Bound, format!("{} < {c}", x.text));
                }
                if v <= c {
                    out.add(Template::Bound, format!("{} <= {c}", x.text));
                }
            }
        }
    }

    /// Array indices (Houdini's candidates in ESC/Java: `0 <= i`,
    /// `i < a.length`), in the frames of methods that index or measure an
    /// array: their int slots and the int fields of what their slots name,
    /// against each array in scope (named by its first term: a `let` before
    /// a slot).
    fn indices(&self, out: &mut Out) {
        let s = self.s;
        let mut arrays: Vec<(Ref, &Term, i64)> = Vec::new();
        for a in self.all() {
            if let Val::Ref(Some(r)) = a.val
                && (r as usize) < s.heap.len()
                && let Body::Array { data, .. } = &s.object(r).body
                && !arrays.iter().any(|(x, _, _)| *x == r)
            {
                arrays.push((r, a, data.len() as i64));
            }
        }
        if arrays.is_empty() {
            return;
        }
        let indexing: Vec<String> = self
            .thread
            .stack
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                s.classes.method(f.method.id).code.iter().any(|i| {
                    matches!(
                        i,
                        Insn::ArrayLoad(_) | Insn::ArrayStore(_) | Insn::ArrayLength
                    )
                })
            })
            .map(|(i, _)| format!("{}{i}.", self.alias))
            .collect();
        let ints = self
            .slots
            .iter()
            .chain(&self.fields)
            .filter(|x| indexing.iter().any(|p| x.text.starts_with(p.as_str())));
        for x in ints {
            let Val::Int(v) = x.val else {
                continue;
            };
            if v >= 0 {
                out.add(Template::Index, format!("0 <= {}", x.text));
            }
            for (_, a, len) in &arrays {
                if v < *len {
                    out.add(Template::Index, format!("{} < length({})", x.text, a.text));
                }
                if v <= *len {
                    out.add(Template::Index, format!("{} <= length({})", x.text, a.text));
                }
            }
        }
    }

    /// The threads of the objects named: the object is a thread's, and
    /// that thread's status; also guarded by the first, for terms that
    /// name a thread's object only in some states. Every term, not one per
    /// object: a term equal to another here may not be elsewhere.
    /// (This thread and the named ones by their number: `t.scheduled`,
    /// `thread(1).scheduled`.)
    /// (This thread's own status only where it has no frames: a finished
    /// thread was started.)
    fn threads(&self, out: &mut Out) {
        let (s, t, tv) = (self.s, self.t, self.tv);
        let by_number = self
            .thread
            .stack
            .is_empty()
            .then(|| (tv.to_string(), t, false))
            .into_iter()
            .chain(
                self.named_threads
                    .iter()
                    .map(|&k| (format!("thread({k})"), k as ThreadId, false)),
            );
        let by_term = self.unnumbered().filter_map(|term| {
            let Val::Ref(Some(r)) = term.val else {
                return None;
            };
            let k = *s.thread_of_object.get(&r)?;
            Some((format!("thread_of({})", term.text), k, true))
        });
        // Two terms naming different threads' objects differ (starting one
        // leaves the other unstarted).
        let thread_terms: Vec<(&Term, Ref)> = self
            .unnumbered()
            .filter_map(|term| match term.val {
                Val::Ref(Some(r)) if s.thread_of_object.contains_key(&r) => Some((term, r)),
                _ => None,
            })
            .collect();
        for (i, (a, ra)) in thread_terms.iter().enumerate() {
            for (b, rb) in &thread_terms[..i] {
                if ra != rb {
                    out.add(Template::ThreadOf, format!("{} != {}", a.text, b.text));
                }
            }
        }
        let bits = self.returned_bits();
        for (x, k, guarded) in by_number.chain(by_term) {
            let th = &s.threads[k as usize];
            let alive = th.status != Status::Unscheduled && !th.stack.is_empty();
            for sl in &bits {
                if (sl.val == Val::Int(1)) == alive {
                    let f = format!("{} == (if {x}.alive then 1 else 0)", sl.text);
                    out.add(
                        Template::ThreadOf,
                        if guarded {
                            format!("defined({x}) => {f}")
                        } else {
                            f
                        },
                    );
                }
            }
            if guarded {
                out.add(Template::ThreadOf, format!("defined({x})"));
            }
            let mut status = Vec::new();
            if th.status == Status::Unscheduled {
                status.push(format!("!{x}.scheduled"));
            } else {
                status.push(format!("{x}.scheduled"));
                // (Not "not finished": that a thread still runs is rarely what
                // a proof needs, and its candidates fall one pc at a time.)
                if th.stack.is_empty() {
                    status.push(format!("{x}.finished"));
                }
            }
            for f in status {
                if guarded {
                    out.add(Template::ThreadOf, format!("defined({x}) => {f}"));
                }
                out.add(Template::ThreadOf, f);
            }
        }
    }

    /// An int slot holding 0 or 1 that may be each named thread's `alive`
    /// (what `isAlive` returned, before the branch on it).
    /// (Only the top of the top frame's stack right after a call: the
    /// boolean a method such as `isAlive` returned.)
    fn returned_bits(&self) -> Vec<&Term> {
        let (s, thread) = (self.s, self.thread);
        let returned = thread.stack.last().is_some_and(|f| {
            f.ip > 0
                && matches!(
                    s.classes.method(f.method.id).code.get(f.ip as usize - 1),
                    Some(Insn::Invoke(..))
                )
        });
        let top = thread
            .stack
            .len()
            .checked_sub(1)
            .zip(
                thread
                    .stack
                    .last()
                    .and_then(|f| f.stack.len().checked_sub(1)),
            )
            .map(|(i, j)| format!("{}{i}.stack[{j}]", self.alias));
        self.slots
            .iter()
            .filter(|sl| returned && Some(&sl.text) == top.as_ref())
            .filter(|sl| matches!(sl.val, Val::Int(0 | 1)))
            .collect()
    }

    /// A waiting thread: the object it waits on, by every term naming it,
    /// and the count it takes back (the pc after `wait` is where a thread
    /// waits, or has stopped waiting).
    /// Where it may wait, it holds the monitor whenever it does not: once
    /// woken it has taken it back.
    fn waits(&self, out: &mut Out) {
        let tv = self.tv;
        let Some(w) = &self.thread.wait else {
            return;
        };
        for term in self.all() {
            if term.val == Val::Ref(Some(w.object)) {
                out.add(
                    Template::Waits,
                    format!("{tv}.waiting => {tv}.waits_on == {}", term.text),
                );
                out.add(
                    Template::Waits,
                    format!(
                        "!{tv}.waiting => {0}.monitor == {tv} && {0}.mcount == {1}",
                        term.text, w.count
                    ),
                );
            }
        }
        out.add(
            Template::Waits,
            format!("{tv}.waiting => {tv}.wait_count == {}", w.count),
        );
    }

    /// Monitors of the objects named: held by this thread (how often), or
    /// not.
    fn monitors(&self, out: &mut Out) {
        let (s, t, tv) = (self.s, self.t, self.tv);
        let mut locks: Vec<(Ref, &Term)> = Vec::new();
        // (A Class object is null until its class is first used, which
        // varies between runs: it gets the null-guarded form below.)
        let mirror = |a: &Term| a.text.starts_with("class(");
        for term in self.unnumbered().filter(|a| !mirror(a)) {
            if let Val::Ref(Some(r)) = term.val
                && !locks.iter().any(|(x, _)| *x == r)
                && (r as usize) < s.heap.len()
            {
                locks.push((r, term));
            }
        }
        let held = |r: Ref| {
            let o = s.object(r);
            o.monitor == t && o.mcount > 0
        };
        for (r, term) in locks {
            if !held(r) {
                out.add(
                    Template::Monitor,
                    format!("{0}.monitor != {tv} || {0}.mcount == 0", term.text),
                );
            }
        }
        // An atom that is null here may name a lock elsewhere (a `let` of a
        // class's lock, `class(C)`, is null until the class is first used):
        // this thread does not hold it, if it exists.
        for a in &self.atoms {
            if a.val == Val::Ref(None)
                || mirror(a) && !matches!(a.val, Val::Ref(Some(r)) if held(r))
            {
                out.add(
                    Template::Monitor,
                    format!(
                        "{0} == null || {0}.monitor != {tv} || {0}.mcount == 0",
                        a.text
                    ),
                );
            }
        }
        // A held monitor by every term naming it: a slot naming the same
        // object as an atom here may name another object elsewhere.
        for h in self.all() {
            if let Val::Ref(Some(r)) = h.val
                && (r as usize) < s.heap.len()
                && held(r)
            {
                out.add(
                    Template::Monitor,
                    format!(
                        "{0}.monitor == {tv} && {0}.mcount == {1}",
                        h.text,
                        s.object(r).mcount
                    ),
                );
                // Every object an atom names is not held unless it is this
                // one (which lock a thread holds varies between runs; that it
                // holds only this one does not).
                if h.slot {
                    for a in &self.atoms {
                        if let Val::Ref(Some(x)) = a.val
                            && (x as usize) < s.heap.len()
                            && (x == r || !held(x))
                        {
                            out.add(
                                Template::Monitor,
                                format!(
                                    "{0}.monitor != {tv} || {0}.mcount == 0 || {0} == {1}",
                                    a.text, h.text
                                ),
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The operand stack straight-line `code` leaves from an empty one, each
/// slot described in the invariant language over frame `fr`'s locals, the
/// fields read and int constants (None: not described); None where the
/// code does what this does not follow (a call, a branch, an array).
fn describe(code: &[Insn], fr: &str, unreadable: &Unreadable) -> Option<Vec<Option<String>>> {
    use crate::classfile::ArithOp;
    let mut st: Vec<Option<String>> = Vec::new();
    // (A store makes what was read before it stale.)
    let forget = |st: &mut Vec<Option<String>>, what: &str| {
        for e in st.iter_mut() {
            if e.as_ref().is_some_and(|x| x.contains(what)) {
                *e = None;
            }
        }
    };
    let readable = |name: &str, desc: &str| {
        !unreadable.has(name) && !matches!(desc.as_bytes().first(), Some(b'F' | b'D' | b'J'))
    };
    for insn in code {
        match insn {
            Insn::Load(Kind::I | Kind::A, k) => st.push(Some(format!("{fr}.local[{k}]"))),
            Insn::Iconst(c) => st.push(Some(c.to_string())),
            Insn::Ldc(crate::classfile::Const::Int(c)) => st.push(Some(c.to_string())),
            Insn::AconstNull => st.push(None),
            Insn::Dup => st.push(st.last()?.clone()),
            Insn::GetField(r) => {
                let o = st.pop()?;
                st.push(
                    o.filter(|_| readable(&r.name, &r.desc))
                        .map(|o| format!("{o}.{}", r.name)),
                );
            }
            Insn::GetStatic(r) => st.push(
                readable(&r.name, &r.desc)
                    .then(|| format!("static({}.{})", dotted(&r.class), r.name)),
            ),
            Insn::Arith(Kind::I, op @ (ArithOp::Add | ArithOp::Sub)) => {
                let (b, a) = (st.pop()?, st.pop()?);
                let sign = if *op == ArithOp::Add { "+" } else { "-" };
                st.push(a.zip(b).map(|(a, b)| format!("({a} {sign} {b})")));
            }
            Insn::Store(Kind::I | Kind::A, k) => {
                st.pop()?;
                forget(&mut st, &format!("{fr}.local[{k}]"));
            }
            Insn::PutField(r) => {
                st.pop()?;
                st.pop()?;
                forget(&mut st, &format!(".{}", r.name));
            }
            Insn::PutStatic(r) => {
                st.pop()?;
                forget(&mut st, &format!(".{})", r.name));
            }
            Insn::Iinc(k, _) => forget(&mut st, &format!("{fr}.local[{k}]")),
            Insn::Pop => {
                st.pop()?;
            }
            _ => return None,
        }
    }
    Some(st)
}
