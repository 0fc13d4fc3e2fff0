//! The reports of an `m5 explore` verdict besides its text: an HTML page
//! of the witness, one column per thread (`--html`, `html.rs`), and a
//! SARIF 2.1.0 log whose code flow is the witness (`--sarif`,
//! `sarif.rs`). Both show the witness replayed step by step
//! (`explore::steps`), with source lines found by `sources.rs`.

mod html;
mod sarif;

use std::path::{Path, PathBuf};

use anyhow::Result;

use super::UsageError;
use super::sources::Sources;
use crate::classfile::ClassPath;
use crate::explore::steps::{Place, Replayed, Step, replay_steps};
use crate::explore::{ExploreOptions, Verdict};
use crate::state::{State, ThreadId};

/// What explore found and says, for the reports.
pub(super) struct Shown<'a> {
    pub verdict: &'a Verdict,
    /// The verdict's lines as explore prints them.
    pub text: String,
    /// The schedule to the violation (empty without one).
    pub witness: &'a [ThreadId],
    /// The `m5 run` command that replays the witness.
    pub replay: Option<String>,
}

/// Where the reports go and where sources are looked for.
pub(super) struct Targets<'a> {
    pub html: Option<&'a Path>,
    pub sarif: Option<&'a Path>,
    pub sourcepath: &'a [PathBuf],
    pub classpath: &'a ClassPath,
}

/// Consecutive steps of one thread on one source line: one row of the
/// HTML table.
pub(super) struct Row {
    pub thread: ThreadId,
    /// The first and last step (indices into the witness).
    pub first: usize,
    pub last: usize,
    pub place: Option<Place>,
    /// The text of the source line, when its file is found.
    pub source: Option<String>,
    /// Monitors the thread holds after the row's last step.
    pub held: Vec<String>,
    /// The steps were no-ops (the thread could not move).
    pub noop: bool,
    pub highlight: bool,
}

/// A thread of a deadlock: where it waits and for what.
pub(super) struct Waiting {
    pub thread: ThreadId,
    pub place: Option<Place>,
    pub source: Option<String>,
    pub waits_for: String,
}

/// Writes the reports `targets` asks for. A violation's witness is
/// replayed once for both; a verdict without one gives a page with the
/// verdict alone and a log without results.
pub(super) fn write(
    shown: &Shown,
    targets: &Targets,
    initial: &State,
    opts: &ExploreOptions,
) -> Result<()> {
    if targets.html.is_none() && targets.sarif.is_none() {
        return Ok(());
    }
    let replayed = if shown.verdict.is_violation() {
        Some(
            replay_steps(initial, shown.witness, opts)
                .map_err(|e| UsageError(format!("m5: replaying the witness: {e}")))?,
        )
    } else {
        None
    };
    let mut sources = Sources::new(targets.sourcepath, targets.classpath);
    let write = |path: &Path, what: &str, text: String| -> Result<()> {
        std::fs::write(path, text).map_err(|e| {
            UsageError(format!(
                "m5: cannot write the {what} to {}: {e}",
                path.display()
            ))
            .into()
        })
    };
    if let Some(path) = targets.html {
        let page = html::page(shown, replayed.as_ref(), &mut sources);
        write(path, "HTML report", page)?;
    }
    if let Some(path) = targets.sarif {
        let log = sarif::log(shown, replayed.as_ref(), &mut sources);
        let text = serde_json::to_string_pretty(&log)?;
        write(path, "SARIF log", text + "\n")?;
    }
    Ok(())
}

/// One SARIF log of `tool` at `path` with a result per violation of
/// `found` (each replayed from its initial state under its options), and
/// `props` as the run's properties (`m5 prove`: a result per refuted
/// theorem; `m5 test`: a result per failed test); sources looked for on
/// `sourcepath`, then beside the classes.
pub(super) fn write_sarif_of(
    path: &Path,
    tool: &str,
    found: &[(Shown, &State, &ExploreOptions)],
    targets: (&ClassPath, &[PathBuf]),
    props: serde_json::Map<String, serde_json::Value>,
) -> Result<()> {
    let (classpath, sourcepath) = targets;
    let mut replayed = Vec::new();
    for (shown, initial, opts) in found {
        let r = replay_steps(initial, shown.witness, opts)
            .map_err(|e| UsageError(format!("m5: replaying the witness: {e}")))?;
        replayed.push(r);
    }
    let pairs: Vec<(&Shown, &Replayed)> = found.iter().map(|f| &f.0).zip(&replayed).collect();
    let mut sources = Sources::new(sourcepath, classpath);
    let log = sarif::log_of(tool, &pairs, &mut sources, props);
    let text = serde_json::to_string_pretty(&log)? + "\n";
    std::fs::write(path, text).map_err(|e| {
        UsageError(format!(
            "m5: cannot write the SARIF log to {}: {e}",
            path.display()
        ))
    })?;
    Ok(())
}

/// The steps a report points at: a data race's two accesses (the
/// witness's last steps), each deadlocked thread's last step, or the last
/// step (the throw, the step that broke the invariant or relation, the
/// end of the second execution of a nondeterminism).
pub(super) fn highlighted(verdict: &Verdict, steps: &[Step]) -> Vec<usize> {
    let at = |s: &Step, th: ThreadId, at: &str| {
        s.thread == th && s.place.as_ref().is_some_and(|p| p.at == at)
    };
    match verdict {
        Verdict::DataRace(r) => {
            let second = steps
                .iter()
                .rposition(|s| at(s, r.second.thread, &r.second.at))
                .or_else(|| steps.iter().rposition(|s| s.thread == r.second.thread));
            let before = &steps[..second.unwrap_or(steps.len())];
            let first = before
                .iter()
                .rposition(|s| at(s, r.first.thread, &r.first.at))
                .or_else(|| before.iter().rposition(|s| s.thread == r.first.thread));
            let mut both: Vec<usize> = [first, second].into_iter().flatten().collect();
            both.sort_unstable();
            both
        }
        Verdict::Deadlock { threads } => {
            let mut last: Vec<usize> = threads
                .iter()
                .filter_map(|b| steps.iter().rposition(|s| s.thread == b.thread))
                .collect();
            last.sort_unstable();
            last
        }
        _ => steps.len().checked_sub(1).into_iter().collect(),
    }
}

/// Are two steps' places on one source line of one method (one pc when
/// the method has no lines)?
fn same_line(a: &Option<Place>, b: &Option<Place>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            a.method_id == b.method_id && a.line == b.line && (a.line.is_some() || a.pc == b.pc)
        }
        (None, None) => true,
        _ => false,
    }
}

/// The text of the source line of `place`, when its file is found.
pub(super) fn source_text(sources: &mut Sources, place: &Place) -> Option<String> {
    sources.line(&place.class, place.file.as_deref()?, place.line?)
}

/// The witness's steps grouped into rows: consecutive steps of one
/// thread on one source line, no-ops apart from steps.
pub(super) fn rows(r: &Replayed, highlight: &[usize], sources: &mut Sources) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for (k, step) in r.steps.iter().enumerate() {
        let lit = highlight.contains(&k);
        if let Some(row) = rows.last_mut()
            && row.thread == step.thread
            && row.noop != step.stepped
            && same_line(&row.place, &step.place)
        {
            row.last = k;
            row.held.clone_from(&step.held);
            row.highlight |= lit;
            continue;
        }
        rows.push(Row {
            thread: step.thread,
            first: k,
            last: k,
            source: step.place.as_ref().and_then(|p| source_text(sources, p)),
            place: step.place.clone(),
            held: step.held.clone(),
            noop: !step.stepped,
            highlight: lit,
        });
    }
    rows
}

/// A deadlock's threads, where each waits (its next instruction at the
/// end of the witness) and for what.
pub(super) fn waiting(verdict: &Verdict, r: &Replayed, sources: &mut Sources) -> Vec<Waiting> {
    let Verdict::Deadlock { threads } = verdict else {
        return Vec::new();
    };
    threads
        .iter()
        .map(|b| {
            let place = r
                .pending
                .iter()
                .find(|(t, _)| *t == b.thread)
                .map(|(_, p)| p.clone());
            Waiting {
                thread: b.thread,
                source: place.as_ref().and_then(|p| source_text(sources, p)),
                place,
                waits_for: b.waits_for.clone(),
            }
        })
        .collect()
}

/// The threads shown, in number order: those the witness steps and those
/// of a deadlock (a thread may block before its first step).
pub(super) fn threads(verdict: &Verdict, r: &Replayed) -> Vec<ThreadId> {
    let mut ts: Vec<ThreadId> = r.steps.iter().map(|s| s.thread).collect();
    if let Verdict::Deadlock { threads } = verdict {
        ts.extend(threads.iter().map(|b| b.thread));
    }
    ts.sort_unstable();
    ts.dedup();
    ts
}

/// A thread's name at the end of the witness.
pub(super) fn name(r: &Replayed, th: ThreadId) -> &str {
    r.names.get(th as usize).map_or("", String::as_str)
}
