//! SMT-LIB2 text: the prover writes every obligation as a self-contained
//! script, so Z3 (through the z3 crate), `--emit-smt2` files and cvc5 all
//! read exactly the same formulas.

use std::collections::BTreeSet;
use std::fmt::Write;

/// The sorts the prover uses: integers for addresses, thread numbers,
/// counts and class ids; bit-vectors for Java ints and longs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sort {
    Int,
    Bool,
    Bv32,
    Bv64,
}

impl Sort {
    pub fn smt(self) -> &'static str {
        match self {
            Sort::Int => "Int",
            Sort::Bool => "Bool",
            Sort::Bv32 => "(_ BitVec 32)",
            Sort::Bv64 => "(_ BitVec 64)",
        }
    }
}

/// An array from addresses or thread numbers to `Sort`.
pub fn array_sort(range: Sort) -> String {
    format!("(Array Int {})", range.smt())
}

/// A script under construction: declarations first, then definitions and
/// assertions in the order made.
#[derive(Clone, Default)]
pub struct Script {
    /// (name, declaration) in declaration order.
    decls: Vec<(String, String)>,
    declared: BTreeSet<String>,
    body: Vec<String>,
    next: u32,
}

impl Script {
    /// Declares constant `name` once (later calls are no-ops).
    pub fn declare(&mut self, name: &str, sort: &str) {
        if self.declared.insert(name.to_string()) {
            self.decls
                .push((name.to_string(), format!("(declare-const {name} {sort})")));
        }
    }
    /// Declares every constant `other` declares.
    pub fn declare_all(&mut self, other: &Script) {
        for (name, decl) in &other.decls {
            if self.declared.insert(name.clone()) {
                self.decls.push((name.clone(), decl.clone()));
            }
        }
    }
    /// A fresh name with a readable prefix.
    pub fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{}_{}", sanitize(prefix), self.next)
    }
    /// Names `term` (a macro: no new unknown), returning the name.
    pub fn define(&mut self, prefix: &str, sort: &str, term: &str) -> String {
        let name = self.fresh(prefix);
        self.body
            .push(format!("(define-fun {name} () {sort} {term})"));
        name
    }
    pub fn assert(&mut self, b: &str) {
        if b != "true" {
            self.body.push(format!("(assert {b})"));
        }
    }
    /// Appends raw text (a comment, a definition).
    pub fn raw(&mut self, line: String) {
        self.body.push(line);
    }
    /// The script with every declaration.
    pub fn text(&self) -> String {
        self.render(|_| true)
    }
    /// The script, declaring only the constants that its body or `extra`
    /// (goals to be added to it) mention: a case declares every other
    /// thread's slots, and most cases' goals never name them, and Z3's
    /// parsing time grows with the text.
    pub fn text_using(&self, extra: &[&str]) -> String {
        self.text_using_symbols(extra, std::iter::empty())
    }

    /// `text_using`, with more symbols used, given one by one.
    pub fn text_using_symbols<'a>(
        &'a self,
        extra: &[&'a str],
        symbols: impl Iterator<Item = &'a str>,
    ) -> String {
        // Each token looked up among the declared names (few), rather than
        // every token collected (many).
        let index: rustc_hash::FxHashMap<&str, usize> = self
            .decls
            .iter()
            .enumerate()
            .map(|(i, (n, _))| (n.as_str(), i))
            .collect();
        let mut used = vec![false; self.decls.len()];
        let mut mark = |w: &str| {
            if let Some(&i) = index.get(w) {
                used[i] = true;
            }
        };
        symbols.for_each(&mut mark);
        for t in self
            .body
            .iter()
            .map(|b| b.as_str())
            .chain(extra.iter().copied())
        {
            t.split(['(', ')', ' ', '\n']).for_each(&mut mark);
        }
        let keep: rustc_hash::FxHashSet<&str> = index
            .iter()
            .filter(|(_, i)| used[**i])
            .map(|(n, _)| *n)
            .collect();
        self.render(|n| keep.contains(n))
    }
    fn render(&self, keep: impl Fn(&str) -> bool) -> String {
        let mut s = String::with_capacity(64 * (self.decls.len() + self.body.len()));
        s.push_str("(set-logic ALL)\n");
        let decls = self.decls.iter().filter(|(n, _)| keep(n)).map(|(_, d)| d);
        for l in decls.chain(&self.body) {
            let _ = writeln!(s, "{l}");
        }
        s
    }
}

/// `term` with every symbol `renaming` maps replaced by its image (whole
/// symbols only: `H` in `(< x H)`, not in `th_H`).
pub fn rename(term: &str, renaming: &std::collections::BTreeMap<String, String>) -> String {
    if renaming.is_empty() {
        return term.to_string();
    }
    let mut out = String::with_capacity(term.len() + 16);
    let mut rest = term;
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| c == '(' || c == ')' || c.is_whitespace())
            .unwrap_or(rest.len());
        if end == 0 {
            let c = rest.chars().next().expect("nonempty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let word = &rest[..end];
        out.push_str(renaming.get(word).map_or(word, String::as_str));
        rest = &rest[end..];
    }
    out
}

/// A symbol made of letters, digits and `_` (class and field names may hold `$`).
pub fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

pub fn int(i: i64) -> String {
    if i < 0 {
        format!("(- {})", (i as i128).unsigned_abs())
    } else {
        i.to_string()
    }
}

pub fn bv32(i: i32) -> String {
    format!("#x{:08x}", i as u32)
}

pub fn bv64(i: i64) -> String {
    format!("#x{:016x}", i as u64)
}

pub fn and(parts: &[String]) -> String {
    let parts: Vec<&String> = parts.iter().filter(|p| p.as_str() != "true").collect();
    if parts.iter().any(|p| p.as_str() == "false") {
        return "false".into();
    }
    match parts.len() {
        0 => "true".into(),
        1 => parts[0].clone(),
        _ => format!(
            "(and {})",
            parts
                .iter()
                .map(|p| p.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

pub fn or(parts: &[String]) -> String {
    let parts: Vec<&String> = parts.iter().filter(|p| p.as_str() != "false").collect();
    if parts.iter().any(|p| p.as_str() == "true") {
        return "true".into();
    }
    match parts.len() {
        0 => "false".into(),
        1 => parts[0].clone(),
        _ => format!(
            "(or {})",
            parts
                .iter()
                .map(|p| p.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

pub fn not(b: &str) -> String {
    match b {
        "true" => "false".into(),
        "false" => "true".into(),
        _ => format!("(not {b})"),
    }
}

pub fn implies(a: &str, b: &str) -> String {
    match (a, b) {
        ("true", _) => b.to_string(),
        ("false", _) | (_, "true") => "true".into(),
        _ => format!("(=> {a} {b})"),
    }
}

pub fn eq(a: &str, b: &str) -> String {
    if a == b {
        "true".into()
    } else {
        format!("(= {a} {b})")
    }
}

pub fn ite(c: &str, a: &str, b: &str) -> String {
    match c {
        "true" => a.to_string(),
        "false" => b.to_string(),
        _ if a == b => a.to_string(),
        _ => format!("(ite {c} {a} {b})"),
    }
}

pub fn select(arr: &str, i: &str) -> String {
    format!("(select {arr} {i})")
}

pub fn store(arr: &str, i: &str, v: &str) -> String {
    format!("(store {arr} {i} {v})")
}

/// Signed value of a 32-bit vector as an integer.
pub fn bv32_to_int(b: &str) -> String {
    format!("(- (bv2nat {b}) (ite (bvslt {b} #x00000000) 4294967296 0))")
}

pub fn bv64_to_int(b: &str) -> String {
    format!("(- (bv2nat {b}) (ite (bvslt {b} #x0000000000000000) 18446744073709551616 0))")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rename_replaces_whole_symbols_only() {
        let map: std::collections::BTreeMap<String, String> = [
            ("H".to_string(), "(+ H 1)".to_string()),
            ("mcnt".to_string(), "mcnt_3".to_string()),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            rename(
                "(and (< th_H H) (= (select mcnt x) (select mcnt_2 H)))",
                &map
            ),
            "(and (< th_H (+ H 1)) (= (select mcnt_3 x) (select mcnt_2 (+ H 1))))"
        );
        assert_eq!(rename("H", &map), "(+ H 1)");
        assert_eq!(rename("(f\nmcnt)", &map), "(f\nmcnt_3)");
        assert_eq!(rename("", &map), "");
    }
}
