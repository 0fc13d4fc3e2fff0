//! Warnings about `when` cases keyed by source lines that describe no call
//! stack the program reaches. A case `when Main.main @ line 24 { false }`
//! meant for the `throw` on line 25 is true of every state (no thread is
//! ever there) and so is silently "proved": the user's idea was never
//! checked. The call stacks threads reach are those of the
//! single-threaded prefix and those of the prover's data-free walk (which
//! covers every reachable one beyond the prefix that the invariant allows),
//! so a case matching none of them matches no reachable state.

use std::collections::BTreeSet;

use super::prefix::Stacks;
use super::walk::Walk;
use crate::classfile::{ClassTable, MethodId};
use crate::invariant::ast::PcSet;
use crate::invariant::{Compiled, ResolvedPat};

/// A warning for each case with a frame keyed by source lines that no
/// stack in `prefix` or `walk` matches, naming the nearest line where that
/// frame is in the stacks matching the case's other frames.
pub fn warnings(c: &Compiled, classes: &ClassTable, walk: &Walk, prefix: &Stacks) -> Vec<String> {
    let mut stacks: Vec<Vec<(MethodId, u32)>> = prefix.iter().cloned().collect();
    stacks.extend(walk.shapes.iter().map(|sh| {
        sh.iter()
            .map(|a| (a.method, classes.method(a.method).pc(a.ip)))
            .collect()
    }));
    let mut out = Vec::new();
    for (case, pats) in &c.cases {
        let keyed: Vec<usize> = (0..case.frames.len())
            .filter(|&j| matches!(case.frames[j].pcs, PcSet::Lines(_)))
            .collect();
        if keyed.is_empty() || stacks.iter().any(|st| matches(case.open, pats, st, None)) {
            continue;
        }
        for j in keyed {
            let PcSet::Lines(ranges) = &case.frames[j].pcs else {
                continue;
            };
            // The lines frame `j` is at in the stacks that match the
            // other frames.
            let at: BTreeSet<u32> = stacks
                .iter()
                .filter(|st| matches(case.open, pats, st, Some(j)))
                .filter_map(|st| classes.method(st[j].0).line_at(st[j].1))
                .collect();
            let asked: Vec<(u32, u32)> = ranges.iter().map(|r| (r.0, r.1)).collect();
            if asked
                .iter()
                .any(|&(lo, hi)| at.iter().any(|l| (lo..=hi).contains(l)))
            {
                continue;
            }
            let f = &case.frames[j];
            let which = match asked.as_slice() {
                [(lo, hi)] if lo == hi => format!("line {lo}"),
                _ => format!(
                    "lines {}",
                    asked
                        .iter()
                        .map(|(lo, hi)| if lo == hi {
                            lo.to_string()
                        } else {
                            format!("{lo}..{hi}")
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            let nearest = at
                .iter()
                .min_by_key(|&&l| asked.iter().map(|&(lo, hi)| gap(l, lo, hi)).min())
                .map_or(
                    " (no call stack of this shape is reached at all)".to_string(),
                    |l| format!("; the nearest line where it is: {l}"),
                );
            out.push(format!(
                "warning: {}: `when {}` describes no call stack the program reaches: {}.{} is never at {which} in this position{nearest}",
                c.file.place(case.span),
                pattern_text(c, case.span),
                f.class.replace('/', "."),
                f.method,
            ));
        }
    }
    out
}

/// Whether stack `st` matches the case's frames (frame `skip` at any pc).
fn matches(open: bool, pats: &[ResolvedPat], st: &[(MethodId, u32)], skip: Option<usize>) -> bool {
    (if open {
        st.len() >= pats.len()
    } else {
        st.len() == pats.len()
    }) && pats.iter().zip(st).enumerate().all(|(j, (p, (m, pc)))| {
        p.methods.contains(m)
            && (skip == Some(j) || p.pcs.as_ref().is_none_or(|set| set.contains(pc)))
    })
}

fn gap(l: u32, lo: u32, hi: u32) -> u32 {
    if l < lo { lo - l } else { l.saturating_sub(hi) }
}

/// The case's pattern as written (its text up to the `{`).
fn pattern_text(c: &Compiled, span: crate::invariant::ast::Span) -> String {
    let text = c.file.source.get(span.start..span.end).unwrap_or("");
    let head = text.split('{').next().unwrap_or("");
    let head = head.trim().strip_prefix("when").unwrap_or(head).trim();
    head.split_whitespace().collect::<Vec<_>>().join(" ")
}
