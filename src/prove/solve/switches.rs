//! Houdini's switches set in an obligation's text: a candidate fact on is
//! a plain assertion, one off is left out, so Z3 sees the invariant
//! without the dropped facts (`crate::prove::Guards`).

use std::collections::BTreeSet;

use crate::prove::CaseVc;

/// Houdini's switches (`super::Guards`): candidate number, on.
pub type Switches = std::collections::HashMap<usize, bool>;

/// `text` with Houdini's switches set: a fact switched on, `(=> hg!N f)`,
/// written `f`, one switched off left out where it is a conjunct of an
/// `and` that keeps another (elsewhere written `true`), and the
/// switches' declarations gone. So a fact on is a plain assertion, which
/// Z3 simplifies (an equation eliminates a variable). The assertions stay
/// one per line, in their number: `parse_case` finds the goals by it.
pub(super) fn switched<'t>(text: &'t str, sw: &Switches) -> std::borrow::Cow<'t, str> {
    switched_as(text, sw, false)
}

/// What `Options::houdini_cache` knows an obligation by: `switched`, and
/// an assertion switched off left out too. So it is, as far as this can
/// make it, word for word the text the invariant without the dropped
/// facts gives (`smt::and` leaves nothing where a fact is missing), and
/// the proof after the rounds finds there what they proved. (A conjunct
/// or an assertion left out is one `true`: the meaning is the same.)
pub(super) fn switched_key<'t>(text: &'t str, sw: &Switches) -> std::borrow::Cow<'t, str> {
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
pub struct Mentions {
    pub common: BTreeSet<usize>,
    pub per_ob: Vec<BTreeSet<usize>>,
    /// Per obligation, the candidates among its goals.
    pub goals: Vec<BTreeSet<usize>>,
    pub switched: BTreeSet<usize>,
}

impl Mentions {
    pub fn of(vc: &CaseVc) -> Mentions {
        // (A declaration is no mention: a case declares the switches of
        // the other threads' hypotheses, which only some obligations read.)
        let common: BTreeSet<usize> = vc
            .common
            .lines()
            .filter(|l| !l.starts_with("(declare-const "))
            .flat_map(guard_numbers)
            .collect();
        let mut switched = common.clone();
        let mut goals = Vec::new();
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
                let g: BTreeSet<usize> = ob
                    .facts
                    .iter()
                    .flat_map(|f| guard_numbers(&f.term))
                    .collect();
                switched.extend(g.iter().copied());
                goals.push(g);
                m
            })
            .collect();
        Mentions {
            common,
            per_ob,
            goals,
            switched,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prove::solve::script::parse;

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
