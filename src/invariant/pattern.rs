//! Resolving a `when` frame pattern (`Class.method(params) @ pcs as f`) to
//! the methods it names and the pcs it covers: numbered pcs, source lines,
//! a named set, a structural region (`entry`, `synchronized`), or the
//! return point of a call (`after call NAME`).

use std::collections::{BTreeSet, HashSet};

use super::ast::*;
use super::check::Checker;
use super::{InvariantError, ResolvedPat, class_id};
use crate::classfile::MethodId;

impl Checker<'_> {
    /// The pcs of a structural region of `methods` (None: `name` is none):
    /// `entry`, the first instruction; `synchronized`, the instructions
    /// that run while the frame holds a monitor it took itself (after its
    /// `monitorenter`, up to and including the `monitorexit`; all of a
    /// synchronized method). Keyed so, a case survives a change of
    /// compiler or an edit elsewhere in the method.
    fn region(
        &self,
        name: &str,
        span: Span,
        methods: &[MethodId],
        dotted: &str,
        method: &str,
    ) -> Result<Option<BTreeSet<u32>>, InvariantError> {
        let mut out = BTreeSet::new();
        for &m in methods {
            let mm = self.classes.method(m);
            match name {
                "entry" => out.insert(0),
                "synchronized" => {
                    let pcs = mm.synchronized_pcs().map_err(|e| {
                        self.err(
                            span,
                            format!(
                                "{dotted}.{method}: paths into pc {} hold different numbers of the frame's monitors, so its synchronized region is not defined (name the pcs or lines instead)",
                                e.pc
                            ),
                        )
                    })?;
                    if pcs.is_empty() {
                        return Err(self.err(
                            span,
                            format!(
                                "{dotted}.{method} is not synchronized and has no `synchronized` block, so no pc is in a synchronized region"
                            ),
                        ));
                    }
                    out.extend(pcs);
                    true
                }
                _ => return Ok(None),
            };
        }
        Ok(Some(out))
    }

    /// `after call NAME`: the pc after each call of a method named `name`
    /// in `methods` (a caller's frame is there while the callee runs and
    /// once it returned, whatever line that pc is on).
    fn after_call(
        &self,
        name: &str,
        span: Span,
        methods: &[MethodId],
        dotted: &str,
        method: &str,
    ) -> Result<BTreeSet<u32>, InvariantError> {
        let mut out = BTreeSet::new();
        for &m in methods {
            let mm = self.classes.method(m);
            for (ip, insn) in mm.code.iter().enumerate() {
                if let crate::classfile::Insn::Invoke(_, r) = insn
                    && &*r.name == name
                {
                    out.insert(mm.pc(ip as u32 + 1));
                }
            }
        }
        if out.is_empty() {
            return Err(self.err(
                span,
                format!("{dotted}.{method} calls no method named `{name}`"),
            ));
        }
        Ok(out)
    }

    /// Resolves a frame pattern: the methods it names and the pcs it covers.
    pub(super) fn pattern(&self, p: &FramePat) -> Result<ResolvedPat, InvariantError> {
        let dotted = p.class.replace('/', ".");
        let methods = self.methods(p, &dotted)?;
        // The structural regions (`entry`, `synchronized`), unless the file
        // defines a set of that name (files written before them stay valid).
        if let PcSet::Named(n, span) = &p.pcs
            && !self.pcs.contains_key(n)
            && let Some(pcs) = self.region(n, *span, &methods, &dotted, &p.method)?
        {
            return Ok(ResolvedPat {
                methods,
                pcs: Some(pcs),
                alias: p.alias.clone(),
            });
        }
        let set = match &p.pcs {
            PcSet::Named(n, span) => self.pcs.get(n).cloned().ok_or_else(|| {
                self.err(
                    *span,
                    format!(
                        "no `pcs {n} = ...` is defined (the regions every method has: `entry`, `synchronized`)"
                    ),
                )
            })?,
            other => other.clone(),
        };
        let pcs = match set {
            PcSet::Any => None,
            PcSet::Ranges(ranges) => Some(self.ranges(p, &dotted, &methods, ranges)?),
            PcSet::Lines(ranges) => Some(self.lines(p, &dotted, &methods, ranges)?),
            PcSet::AfterCall(name, span) => {
                Some(self.after_call(&name, span, &methods, &dotted, &p.method)?)
            }
            PcSet::Named(..) => unreachable!("named sets are resolved above"),
        };
        Ok(ResolvedPat {
            methods,
            pcs,
            alias: p.alias.clone(),
        })
    }

    /// The methods `p` names: of its class, by name, narrowed to the
    /// overloads whose parameters start with `p`'s when it gives them.
    fn methods(&self, p: &FramePat, dotted: &str) -> Result<Vec<MethodId>, InvariantError> {
        let cid = class_id(self.classes, &p.class)
            .ok_or_else(|| self.err(p.span, format!("no class `{dotted}` is loaded")))?;
        let mut methods: Vec<MethodId> = self
            .classes
            .class(cid)
            .methods
            .iter()
            .copied()
            .filter(|m| *self.classes.method(*m).name == p.method)
            .collect();
        if let Some(params) = &p.params
            && !methods.is_empty()
        {
            let prefix = format!("({params})");
            let overloads: Vec<String> = methods
                .iter()
                .map(|m| self.classes.method(*m).desc.to_string())
                .collect();
            methods.retain(|m| self.classes.method(*m).desc.starts_with(&prefix));
            if methods.is_empty() {
                return Err(self.err(
                    p.span,
                    format!(
                        "`{dotted}.{}` has no overload with parameters `{prefix}` (it has: {})",
                        p.method,
                        overloads.join(", ")
                    ),
                ));
            }
        }
        if methods.is_empty() {
            let names: HashSet<String> = self
                .classes
                .class(cid)
                .methods
                .iter()
                .map(|m| self.classes.method(*m).name.to_string())
                .collect();
            let mut names: Vec<String> = names.into_iter().collect();
            names.sort();
            return Err(self.err(
                p.span,
                format!(
                    "class `{dotted}` has no method `{}` (it has: {})",
                    p.method,
                    names.join(", ")
                ),
            ));
        }
        Ok(methods)
    }

    /// The instructions of `methods` in pc ranges (`7..24, 28`).
    fn ranges(
        &self,
        p: &FramePat,
        dotted: &str,
        methods: &[MethodId],
        ranges: Vec<(u32, u32, Span)>,
    ) -> Result<BTreeSet<u32>, InvariantError> {
        let mut out = BTreeSet::new();
        for (lo, hi, span) in ranges {
            // With several overloads, a pc need only start an
            // instruction in one of them (a class that gains an
            // overload keeps the files written before valid).
            for end in [lo, hi] {
                if methods
                    .iter()
                    .all(|&m| self.classes.method(m).index_of_pc(end).is_none())
                {
                    let mm = self.classes.method(methods[0]);
                    let starts: Vec<String> = mm.offsets.iter().map(|o| o.to_string()).collect();
                    return Err(self.err(
                        span,
                        format!(
                            "pc {end} is not an instruction start in {dotted}.{} (instructions start at {})",
                            p.method,
                            starts.join(", ")
                        ),
                    ));
                }
            }
            for &m in methods {
                let mm = self.classes.method(m);
                out.extend(mm.offsets.iter().copied().filter(|o| *o >= lo && *o <= hi));
            }
        }
        Ok(out)
    }

    /// The instructions of `methods` on source lines (`lines 12..16`).
    fn lines(
        &self,
        p: &FramePat,
        dotted: &str,
        methods: &[MethodId],
        ranges: Vec<(u32, u32, Span)>,
    ) -> Result<BTreeSet<u32>, InvariantError> {
        let mut out = BTreeSet::new();
        for (lo, hi, span) in ranges {
            for &m in methods {
                let mm = self.classes.method(m);
                let hits: Vec<u32> = mm
                    .offsets
                    .iter()
                    .copied()
                    .filter(|&pc| mm.line_at(pc).is_some_and(|l| l >= lo && l <= hi))
                    .collect();
                if hits.is_empty() {
                    let mut lines: Vec<u32> = mm.lines.iter().map(|l| l.1).collect();
                    lines.sort_unstable();
                    lines.dedup();
                    let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                    let which = if lo == hi {
                        format!("line {lo}")
                    } else {
                        format!("lines {lo}..{hi}")
                    };
                    return Err(self.err(
                        span,
                        if lines.is_empty() {
                            format!(
                                "{dotted}.{} has no line numbers (compiled without -g:lines?), so no pcs for {which}",
                                p.method
                            )
                        } else {
                            format!(
                                "no instruction of {dotted}.{} is on {which} (its lines: {})",
                                p.method,
                                lines.join(", ")
                            )
                        },
                    ));
                }
                out.extend(hits);
            }
        }
        Ok(out)
    }
}
