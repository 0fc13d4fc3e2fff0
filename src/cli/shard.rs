//! `--shard I/N` on the command line: which options go with it, the key
//! that tells one command's shards from another's, and the shard object of
//! a shard's JSON result (`json::shard`), which `m5 merge` reads.

use std::collections::BTreeMap;

use anyhow::Result;

pub(super) use super::json::shard::ExplorePart;
use super::json::shard::{FORMAT, Shard};
use super::{AfterRace, ExploreArgs, UsageError, shell_word};
use crate::explore::{self, ExploreOptions, Strategy, Verdict};

/// The options a sharded search cannot split.
pub(super) fn check_explore(a: &ExploreArgs, sh: explore::Shard) -> Result<()> {
    let refuse = |what: &str, why: &str| -> Result<()> {
        Err(UsageError(format!("--shard {sh} does not go with {what}: {why}")).into())
    };
    if a.bfs {
        return refuse(
            "--bfs",
            "the shards search depth-first below their part of the frontier",
        );
    }
    if a.determinism {
        return refuse(
            "--determinism",
            "it compares every complete execution with every other, across parts",
        );
    }
    if let Strategy::PreemptionBound(_) = a.strategy {
        return refuse(
            &format!("--strategy {}", a.strategy),
            "shards split the exhaustive search or the runs of pct, pos and random",
        );
    }
    Ok(())
}

/// The program and every option that changes what is searched, as words:
/// shards of one command have the same key (not `--jobs`, `--json` or
/// where files are written).
fn explore_key(a: &ExploreArgs, opts: &ExploreOptions) -> BTreeMap<String, String> {
    let mut k = BTreeMap::new();
    let mut put = |name: &str, value: String| {
        k.insert(name.to_string(), value);
    };
    put("classpath", a.cp.classpath.clone());
    put("main", a.main.clone());
    let words = |ws: &[String]| ws.iter().map(|w| shell_word(w)).collect::<Vec<_>>();
    put("args", words(&a.args).join(" "));
    put("defines", words(&a.defines.words()).join(" "));
    put("assertions", a.assertions.status().switches().join(" "));
    put("max-stack-depth", a.max_stack_depth.to_string());
    put("strategy", a.strategy.to_string());
    if a.strategy.is_sampling() {
        put("runs", a.runs.to_string());
        put("seed", a.seed.to_string());
    }
    put("granularity", opts.granularity.name().to_string());
    let opt = |v: Option<String>| v.unwrap_or_else(|| "none".into());
    put("max-depth", opt(a.max_depth.map(|d| d.to_string())));
    put("max-states", opt(a.max_states.map(|d| d.to_string())));
    put("time-limit", opt(a.time_limit.map(|d| d.to_string())));
    let after = match a.after_race {
        AfterRace::Stop => "stop",
        AfterRace::Continue => "continue",
    };
    put("after-race", after.to_string());
    put("spurious-wakeups", (!a.no_spurious_wakeups).to_string());
    put(
        "invariant",
        opt(a.props.invariant.as_ref().map(|p| p.display().to_string())),
    );
    put("relation", opt(a.props.relation.clone()));
    put("relation-only", a.props.relation_only.to_string());
    k
}

/// The runs of `runs` that shard `sh` makes.
pub(super) fn runs_of(runs: u64, sh: explore::Shard) -> u64 {
    if runs > sh.index {
        (runs - sh.index).div_ceil(sh.count)
    } else {
        0
    }
}

impl ExplorePart {
    /// What `m5 merge` needs of an explore shard besides its report;
    /// `reached` is the state its witness reaches.
    pub(super) fn new(
        a: &ExploreArgs,
        opts: &ExploreOptions,
        report: &explore::Report,
        reached: &crate::state::State,
        is_race: bool,
    ) -> ExplorePart {
        const HOLE: &str = "@SCHEDULE@";
        let replay = super::explore::replay_with(a, HOLE, is_race, false);
        let (before, after) = replay.split_once(HOLE).unwrap_or((&replay, ""));
        ExplorePart {
            failing_run: report.failing_run,
            lines: super::explore::verdict_lines(reached, &report.verdict, opts),
            race_last: opts.races == explore::RaceCheck::Continue,
            replay_after: after.to_string(),
            replay_before: before.to_string(),
            runs_assigned: opts
                .strategy
                .is_sampling()
                .then(|| a.shard.map_or(a.runs, |sh| runs_of(a.runs, sh))),
            runs_cut: opts.strategy.is_sampling().then(|| {
                let limit = opts.max_depth.unwrap_or(explore::DEFAULT_RUN_LENGTH);
                (report.runs_cut, limit)
            }),
            spurious_wakeups: !a.no_spurious_wakeups,
        }
    }
}

/// The shard object of an explore shard's JSON result.
pub(super) fn explore_block(
    a: &ExploreArgs,
    opts: &ExploreOptions,
    report: &explore::Report,
    part: ExplorePart,
    sh: explore::Shard,
) -> Shard {
    let completed = match &report.verdict {
        v if v.is_violation() => true,
        // Sampling never says ok: its part is done when every run ran.
        Verdict::Incomplete { .. } if opts.strategy.is_sampling() => {
            part.runs_assigned == Some(report.runs)
        }
        Verdict::Incomplete { .. } => false,
        _ => true,
    };
    Shard {
        command: "explore".into(),
        completed,
        count: sh.count,
        explore: Some(part),
        format: FORMAT,
        index: sh.index,
        key: explore_key(a, opts),
        prove: None,
    }
}

/// A shard's text report: its ok or its incomplete covers its part only.
pub(super) fn in_part(lines: &mut [String], verdict: &Verdict, sh: explore::Shard) {
    let scope = format!(
        " in shard {sh} (this part of the search only: `m5 merge` of every shard's --json result gives the verdict)"
    );
    if let (Verdict::Ok | Verdict::Incomplete { .. }, Some(first)) = (verdict, lines.first_mut()) {
        if let Some(rest) = first.strip_prefix("ok: ") {
            *first = format!("ok{scope}: {rest}");
        } else {
            first.push_str(&scope);
        }
    }
}
