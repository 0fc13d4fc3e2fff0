//! `m5 merge`: the shard results of one `explore --shard` or `prove
//! --shard` command combined into the verdict the command gives in one
//! process, a pure function of the files. They must be the N shards of
//! one command, each once (else exit 2, naming what is missing, twice or
//! different). A violation found by any shard is true (its witness runs
//! from the initial state); "ok" and "proved" need every shard's part
//! completed. explore's merge is here, prove's in `merge_prove.rs`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Result;

use super::json::shard::{ExplorePart, ExploreReport, Merged, Shard};
use super::{UsageError, shell_word};

pub const AFTER_HELP: &str = "\
Each file is one shard's result: what `m5 explore --shard I/N --json` or
`m5 prove --shard I/N --json` printed. The files must be the N shards of
one command (same program, same options, same N, each index once); merge
says what is missing, given twice or different, and exits 2.

The merged verdict is the one command's: a violation any shard found wins
(for pct, pos and random the run with the smallest index, as one process
reports it; for the exhaustive search the shortest witness), and every
witness replays with `m5 run --schedule file:W` from the initial state;
\"ok\" (explore) needs every shard's part completed, and \"proved\" (prove)
every shard's obligations proved. Otherwise the verdict is incomplete
(exit 3) or the prover's unknown or not inductive. States, runs,
transitions and times are the shards' sums.

Exit codes as the merged command's: explore 0 ok, 1 violation, 3
incomplete; prove 0 proved, 1 refuted, 3 unknown, 4 not inductive; 2 bad
input (a file missing, unreadable, or not one command's shards).

Examples:
  for i in 0 1 2 3; do m5 explore --classpath out --shard $i/4 --json Main 3 3 > shard-$i.json; done
  m5 merge shard-*.json
  m5 merge --json --witness bug.sched shard-*.json
  m5 prove --shard 1/4 --json proofs/apprentice.proof > p1.json";

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The shard results, one file per shard.
    #[arg(required = true, value_name = "RESULT")]
    pub files: Vec<PathBuf>,
    /// Print the merged report as JSON (the command's own report, with
    /// `shards`).
    #[arg(long)]
    pub json: bool,
    /// Write the merged violation's witness here (explore: replay with `m5
    /// run --schedule file:PATH`; prove: as `m5 prove --witness`).
    #[arg(long, value_name = "PATH")]
    pub witness: Option<PathBuf>,
}

/// A shard result read: its file, the whole document, its shard object.
pub(super) struct Doc {
    pub path: PathBuf,
    pub value: serde_json::Value,
    pub shard: Shard,
}

pub(super) fn merge(a: MergeArgs) -> Result<i32> {
    let docs = a
        .files
        .iter()
        .map(|p| read(p))
        .collect::<Result<Vec<_>>>()?;
    let docs = check(docs)?;
    match docs[0].shard.command.as_str() {
        "explore" => explore(&a, &docs),
        "prove" => super::merge_prove::prove(&a, &docs),
        other => Err(UsageError(format!(
            "{}: a shard of `{other}`, which m5 merge does not know",
            docs[0].path.display()
        ))
        .into()),
    }
}

fn read(path: &Path) -> Result<Doc> {
    let at = |why: String| UsageError(format!("{}: {why}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| at(e.to_string()))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        at(format!(
            "not JSON ({e}); expected a shard's `--json` output"
        ))
    })?;
    let Some(block) = value.get("shard") else {
        return Err(at("not a shard result: no `shard` object (write one with `m5 explore --shard I/N --json` or `m5 prove --shard I/N --json`)".into()).into());
    };
    let shard: Shard = serde_json::from_value(block.clone())
        .map_err(|e| at(format!("its `shard` object: {e}")))?;
    if shard.format != super::json::shard::FORMAT {
        return Err(at(format!(
            "shard result format {}; this m5 reads format {}",
            shard.format,
            super::json::shard::FORMAT
        ))
        .into());
    }
    Ok(Doc {
        path: path.to_path_buf(),
        value,
        shard,
    })
}

/// The documents, checked to be the N shards of one command and sorted
/// by index.
fn check(mut docs: Vec<Doc>) -> Result<Vec<Doc>> {
    let first = &docs[0];
    let bad = |why: String| -> Result<Vec<Doc>> { Err(UsageError(why).into()) };
    for d in &docs[1..] {
        let (p, q) = (first.path.display(), d.path.display());
        if d.shard.command != first.shard.command {
            return bad(format!(
                "{p} is a shard of `m5 {}`, {q} of `m5 {}`: not one command's shards",
                first.shard.command, d.shard.command
            ));
        }
        if d.shard.count != first.shard.count {
            return bad(format!(
                "{p} is shard {}/{}, {q} shard {}/{}: not one command's shards (N differs)",
                first.shard.index, first.shard.count, d.shard.index, d.shard.count
            ));
        }
        let names: std::collections::BTreeSet<&String> =
            first.shard.key.keys().chain(d.shard.key.keys()).collect();
        let differ: Vec<String> = names
            .into_iter()
            .filter(|n| first.shard.key.get(*n) != d.shard.key.get(*n))
            .map(|n| {
                let v = |k: &BTreeMap<String, String>| {
                    k.get(n)
                        .map_or("(absent)".to_string(), |v| format!("`{v}`"))
                };
                format!(
                    "{n}: {} in {p}, {} in {q}",
                    v(&first.shard.key),
                    v(&d.shard.key)
                )
            })
            .collect();
        if !differ.is_empty() {
            return bad(format!(
                "{p} and {q} are shards of different commands: {}",
                differ.join("; ")
            ));
        }
    }
    let n = first.shard.count;
    let mut by_index: BTreeMap<u64, Vec<&Path>> = BTreeMap::new();
    for d in &docs {
        by_index.entry(d.shard.index).or_default().push(&d.path);
    }
    let twice: Vec<String> = by_index
        .iter()
        .filter(|(_, ps)| ps.len() > 1)
        .map(|(i, ps)| {
            let files: Vec<String> = ps.iter().map(|p| p.display().to_string()).collect();
            format!(
                "shard {i}/{n} is given {} times ({})",
                ps.len(),
                files.join(", ")
            )
        })
        .collect();
    let missing: Vec<String> = (0..n)
        .filter(|i| !by_index.contains_key(i))
        .map(|i| format!("{i}/{n}"))
        .collect();
    let mut problems = twice;
    if !missing.is_empty() {
        problems.push(format!(
            "{} of {n} shards missing: {} (nothing is claimed about their parts)",
            missing.len(),
            missing.join(", ")
        ));
    }
    if !problems.is_empty() {
        return bad(format!("cannot merge: {}", problems.join("; ")));
    }
    docs.sort_by_key(|d| d.shard.index);
    Ok(docs)
}

/// An explore shard read back.
struct Part<'a> {
    doc: &'a Doc,
    report: ExploreReport,
    extra: ExplorePart,
}

/// Whether a verdict name is a violation (what a witness shows).
fn is_violation(verdict: &str) -> bool {
    !matches!(verdict, "ok" | "incomplete" | "depends-on-time-or-seed")
}

fn explore(a: &MergeArgs, docs: &[Doc]) -> Result<i32> {
    let parts =
        docs.iter()
            .map(|d| {
                let at = |why: String| UsageError(format!("{}: {why}", d.path.display()));
                let report: ExploreReport = serde_json::from_value(d.value.clone())
                    .map_err(|e| at(format!("not an explore report: {e}")))?;
                let extra =
                    d.shard.explore.clone().ok_or_else(|| {
                        at("an explore shard without its `explore` object".into())
                    })?;
                Ok(Part {
                    doc: d,
                    report,
                    extra,
                })
            })
            .collect::<Result<Vec<_>>>()?;
    let sampling = parts[0].extra.runs_assigned.is_some();
    // The winner: not a race behind another violation (--after-race
    // continue), then the smallest run index (sampling) or the shortest
    // witness, then the lowest shard.
    let winner = parts
        .iter()
        .filter(|p| is_violation(&p.report.verdict))
        .min_by_key(|p| {
            let race_last = p.extra.race_last && p.report.verdict == "data-race";
            let order = if sampling {
                p.extra.failing_run.unwrap_or(u64::MAX)
            } else {
                p.report.witness.len() as u64
            };
            (race_last, order, p.doc.shard.index)
        });
    let completed = parts.iter().filter(|p| p.doc.shard.completed).count() as u64;
    let n = parts.len() as u64;
    let base = winner.unwrap_or(&parts[0]);
    let mut merged = base.report.clone();
    merged.shard = None;
    merged.states = parts.iter().map(|p| p.report.states).sum();
    merged.transitions = parts.iter().map(|p| p.report.transitions).sum();
    merged.seconds = parts.iter().map(|p| p.report.seconds).sum();
    merged.jobs = parts.iter().map(|p| p.report.jobs).sum();
    merged.max_depth = parts.iter().map(|p| p.report.max_depth).max().unwrap_or(0);
    merged.peak_memory_mb = parts
        .iter()
        .filter_map(|p| p.report.peak_memory_mb)
        .reduce(f64::max);
    merged.states_per_second = if merged.seconds > 0.0 {
        merged.states as f64 / merged.seconds
    } else {
        0.0
    };
    if sampling {
        merged.runs = Some(parts.iter().filter_map(|p| p.report.runs).sum());
    }
    let mut lines = base.extra.lines.clone();
    if winner.is_none() {
        let all_ok = parts
            .iter()
            .all(|p| p.report.verdict == "ok" && p.doc.shard.completed);
        if !all_ok {
            let reason = incomplete_reason(&parts, sampling, merged.runs.unwrap_or(0));
            lines = if reason.contains("not exhaustive") {
                vec![reason.clone()]
            } else {
                vec![format!("incomplete: {reason}; no violation found so far")]
            };
            merged.verdict = "incomplete".into();
            merged.reason = Some(reason);
            merged.witness.clear();
            merged.note = note(&parts);
            // The winner's verdict fields are gone with it: none here.
            merged.rest.insert("exhaustive".into(), (!sampling).into());
        }
    }
    merged.shards = Some(Merged {
        completed,
        count: n,
        decided_by: winner.map(|w| w.doc.shard.index),
        peak_memory_mb: merged.peak_memory_mb,
    });
    if let (Some(w), Some(path)) = (winner, &a.witness) {
        write_witness(path, &merged, &w.extra)?;
    }
    if a.json {
        println!("{}", serde_json::to_string(&merged)?);
    } else {
        print_text(a, &merged, &lines, winner.map(|w| &w.extra), sampling);
    }
    Ok(match merged.verdict.as_str() {
        "ok" => 0,
        "incomplete" => 3,
        _ => 1,
    })
}

/// The note of a merge without a violation: a sampler's runs cut at the
/// step bound, added up; else the first shard's note.
fn note(parts: &[Part]) -> Option<String> {
    let cuts: Vec<(u64, u64)> = parts.iter().filter_map(|p| p.extra.runs_cut).collect();
    match cuts.first() {
        Some(&(_, limit)) => {
            let cut: u64 = cuts.iter().map(|c| c.0).sum();
            (cut > 0).then(|| crate::explore::cut_note(cut, limit))
        }
        None => parts.iter().find_map(|p| p.report.note.clone()),
    }
}

/// Why the merged search is incomplete: the shards that stopped, or for
/// a sampler the runs made (never exhaustive).
fn incomplete_reason(parts: &[Part], sampling: bool, runs: u64) -> String {
    let stopped: Vec<String> = parts
        .iter()
        .filter(|p| !p.doc.shard.completed)
        .map(|p| {
            let why = p.report.reason.as_deref().unwrap_or("stopped");
            format!("shard {}/{}: {why}", p.doc.shard.index, p.doc.shard.count)
        })
        .collect();
    match (sampling, stopped.is_empty()) {
        (true, true) => format!("no bug found in {runs} runs (not exhaustive)"),
        (true, false) => format!(
            "no bug found in {runs} runs, some shards stopped early ({}) (not exhaustive)",
            stopped.join("; ")
        ),
        (false, _) => stopped.join("; "),
    }
}

/// `--witness PATH`: the winning shard's witness, with its replay command.
fn write_witness(path: &Path, merged: &ExploreReport, extra: &ExplorePart) -> Result<()> {
    let verdict = crate::schedule::WITNESSED
        .iter()
        .find(|k| **k == merged.verdict)
        .copied();
    let settings = crate::schedule::Settings {
        spurious_wakeups: Some(extra.spurious_wakeups),
        verdict,
    };
    let header = format!(
        "m5 explore witness: {}\nreplay: {}",
        merged.verdict,
        replay(extra, path)
    );
    crate::schedule::write_schedule(path, &merged.witness, &header, &settings)
        .map_err(|e| UsageError(format!("cannot write witness to {}: {e}", path.display())).into())
}

fn replay(extra: &ExplorePart, path: &Path) -> String {
    format!(
        "{}{}{}",
        extra.replay_before,
        shell_word(&format!("file:{}", path.display())),
        extra.replay_after
    )
}

/// The text report as one process prints it, and a line on the shards.
fn print_text(
    a: &MergeArgs,
    m: &ExploreReport,
    lines: &[String],
    winner: Option<&ExplorePart>,
    sampling: bool,
) {
    for l in lines {
        println!("{l}");
    }
    let text = |k: &str| m.rest.get(k).and_then(|v| v.as_str()).unwrap_or("");
    if let Some(n) = &m.note {
        println!("{}: {n}", text("strategy"));
    }
    let counts = if sampling {
        format!(
            "{} runs, {} transitions, {:.3} s",
            m.runs.unwrap_or(0),
            m.transitions,
            m.seconds
        )
    } else {
        format!(
            "{} states, {} transitions, max depth {}, {:.3} s ({:.0} states/s)",
            m.states, m.transitions, m.max_depth, m.seconds, m.states_per_second
        )
    };
    let memory = m
        .peak_memory_mb
        .map(|x| format!(", peak memory {x:.0} MB"))
        .unwrap_or_default();
    let seed = match m.rest.get("seed").and_then(|v| v.as_u64()) {
        Some(s) if sampling => format!(", seed {s}"),
        _ => String::new(),
    };
    let plural = if m.jobs > 1 { "s" } else { "" };
    println!(
        "{counts}{memory}, {} granularity{seed}, {} job{plural}",
        text("granularity"),
        m.jobs
    );
    if let Some(w) = winner {
        match &a.witness {
            Some(p) => println!(
                "witness: {} steps written to {} (replay: {})",
                m.witness.len(),
                p.display(),
                replay(w, p)
            ),
            None => println!(
                "witness: {} steps (write it with --witness PATH)",
                m.witness.len()
            ),
        }
    }
    if let Some(s) = &m.shards {
        let by = s.decided_by.map_or(String::new(), |i| {
            format!("; the verdict is shard {i}/{}'s", s.count)
        });
        println!(
            "merged {} shards, {} of them completed{by} (times and counts are the shards' sums)",
            s.count, s.completed
        );
    }
}
