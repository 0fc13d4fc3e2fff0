//! How deep an invariant's expressions nest once their definitions are
//! expanded. The evaluators recurse into a definition's body where it is
//! used, so a chain of `let`s (`let x1 = x0 + 1`, `let x2 = x1 + 1`, ...)
//! nests as deep as it is long, and a definition that uses itself never
//! ends: both are errors here, with the place, before anything is
//! evaluated. (The parser bounds each expression's own depth.)

use std::collections::{HashMap, HashSet};

use super::ast::*;
use super::eval::Defs;
use super::parse::MAX_NESTING;

/// A problem found: where, and the message.
pub type DepthError = (Span, String);

/// Checks every expression of `items` (facts, and definitions' bodies).
pub fn check(items: &[Item], defs: &Defs, builtins: &[&str]) -> Result<(), DepthError> {
    let mut w = Walk {
        defs,
        builtins,
        memo: HashMap::new(),
        open: HashSet::new(),
    };
    for item in items {
        match item {
            Item::Let { name, .. } | Item::Def { name, .. } => {
                w.def(name, 0, Span::default())?;
            }
            Item::Global { facts } => w.facts(facts, Vec::new())?,
            Item::Object { var, facts, .. } => w.facts(facts, vec![var.clone()])?,
            Item::Relation { over, facts, .. } => {
                w.facts(facts, over.iter().map(|o| o.0.clone()).collect())?
            }
            Item::Thread { var, cases, .. } => {
                for case in cases {
                    let mut scope = vec![var.clone()];
                    scope.extend(case.frames.iter().filter_map(|p| p.alias.clone()));
                    w.facts(&case.facts, scope)?;
                }
            }
            Item::Pcs { .. } => {}
        }
    }
    Ok(())
}

struct Walk<'a> {
    defs: &'a Defs,
    builtins: &'a [&'a str],
    /// Each definition's depth once expanded (a use adds one level).
    memo: HashMap<String, usize>,
    /// The definitions being expanded now (one used again is a cycle).
    open: HashSet<String>,
}

impl Walk<'_> {
    fn facts(&mut self, facts: &[Fact], mut scope: Vec<String>) -> Result<(), DepthError> {
        for f in facts {
            self.expr(&f.expr, &mut scope, 0)?;
        }
        Ok(())
    }

    /// The depth of definition `name` expanded, used at depth `at`.
    fn def(&mut self, name: &str, at: usize, span: Span) -> Result<usize, DepthError> {
        if let Some(&d) = self.memo.get(name) {
            return self.within(at + d, span).map(|_| d);
        }
        let Some((params, body)) = self.defs.get(name) else {
            return Ok(0);
        };
        if !self.open.insert(name.to_string()) {
            return Err((
                span,
                format!("`{name}` is defined in terms of itself (definitions cannot be recursive)"),
            ));
        }
        let mut scope = params.clone();
        let d = self.expr(body, &mut scope, at)?;
        self.open.remove(name);
        self.memo.insert(name.to_string(), d);
        Ok(d)
    }

    fn within(&self, depth: usize, span: Span) -> Result<(), DepthError> {
        if depth > MAX_NESTING {
            return Err((
                span,
                format!(
                    "expression nested deeper than {MAX_NESTING} levels once its definitions are expanded"
                ),
            ));
        }
        Ok(())
    }

    /// The depth of `e` expanded, at depth `at` (its root one level below).
    /// The recursion stops at MAX_NESTING levels of `at`.
    fn expr(&mut self, e: &Expr, scope: &mut Vec<String>, at: usize) -> Result<usize, DepthError> {
        let here = at + 1;
        self.within(here, e.span())?;
        let mut deepest = 0;
        let mut sub = |w: &mut Self, x: &Expr, scope: &mut Vec<String>| -> Result<(), DepthError> {
            deepest = deepest.max(w.expr(x, scope, here)?);
            Ok(())
        };
        match e {
            Expr::Int(..) | Expr::Bool(..) | Expr::Null(_) => {}
            Expr::Name(n, span) => {
                if !scope.contains(n) {
                    deepest = self.def(n, here, *span)?;
                }
            }
            // Their arguments name classes and fields; they are not evaluated.
            Expr::Call(f, _, _) if matches!(f.as_str(), "class" | "static" | "allocated") => {}
            Expr::Call(f, args, span) => {
                for a in args {
                    sub(self, a, scope)?;
                }
                if !self.builtins.contains(&f.as_str()) {
                    deepest = deepest.max(self.def(f, here, *span)?);
                }
            }
            Expr::Dot(x, _, _) | Expr::Is(x, _, _) | Expr::Unary(_, x, _) => sub(self, x, scope)?,
            Expr::Index(a, b, _) | Expr::Binary(_, a, b, _) => {
                sub(self, a, scope)?;
                sub(self, b, scope)?;
            }
            Expr::Slot { frame, index, .. } => {
                if let Some(f) = frame {
                    sub(self, f, scope)?;
                }
                sub(self, index, scope)?;
            }
            Expr::If(c, a, b, _) => {
                sub(self, c, scope)?;
                sub(self, a, scope)?;
                sub(self, b, scope)?;
            }
            Expr::Quant { var, body, .. } => {
                scope.push(var.clone());
                let r = sub(self, body, scope);
                scope.pop();
                r?;
            }
        }
        Ok(deepest + 1)
    }
}
