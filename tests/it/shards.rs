//! Shards (`m5 explore --shard I/N`, `m5 prove --shard I/N`) run as
//! separate processes of the built binary and `m5 merge`d: the verdict one
//! process gives, on every example of tests/it/explore.rs's list, for the
//! exhaustive search and for a sampler; the Apprentice proved and its
//! refuted twin refuted; merges of missing, duplicate, mismatched or
//! incomplete shards say so and never say ok or proved.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

use m5::explore::{ExploreOptions, Strategy, explore, replay_violation};

use crate::common::{fresh_dir, m5, m5_bounded, root};
use crate::explore::{EXAMPLES, example_state};

/// Shards per command in these tests.
const N: u64 = 4;

/// Starts `cmd` with its stdout to `out`.
fn spawn_to(mut cmd: Command, out: &Path) -> Child {
    let file = std::fs::File::create(out).expect("result file");
    cmd.stdout(file)
        .stderr(Stdio::piped())
        .spawn()
        .expect("m5 starts")
}

/// Runs the N shards of `m5 SUB ARGS --shard I/N --json` at once, each a
/// process, into `dir/shard-I.json`; every shard exits 0, 1 or 3.
fn shards(dir: &Path, sub: &str, args: &[String], bounded: bool) -> Vec<PathBuf> {
    shards_of(N, dir, sub, args, bounded)
}

/// `shards` with `n` shards.
fn shards_of(n: u64, dir: &Path, sub: &str, args: &[String], bounded: bool) -> Vec<PathBuf> {
    let children: Vec<(PathBuf, Child)> = (0..n)
        .map(|i| {
            let out = dir.join(format!("shard-{i}.json"));
            let mut cmd = if bounded { m5_bounded() } else { m5() };
            cmd.arg(sub)
                .args(["--shard", &format!("{i}/{n}"), "--json"])
                .args(args);
            (out.clone(), spawn_to(cmd, &out))
        })
        .collect();
    children
        .into_iter()
        .map(|(out, child)| {
            let o = child.wait_with_output().expect("shard ends");
            let code = o.status.code();
            assert!(
                matches!(code, Some(0 | 1 | 3)),
                "{sub} {args:?} shard {}: exit {code:?}\n{}",
                out.display(),
                String::from_utf8_lossy(&o.stderr)
            );
            out
        })
        .collect()
}

/// `m5 merge EXTRA FILES`: exit code, stdout, stderr.
fn merge(files: &[PathBuf], extra: &[&str]) -> (i32, String, String) {
    let o = m5()
        .arg("merge")
        .args(extra)
        .args(files)
        .output()
        .expect("merge runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `m5 merge --json FILES`: exit code and the merged report.
fn merged(files: &[PathBuf]) -> (i32, Value) {
    let (code, out, err) = merge(files, &["--json"]);
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}\n{err}"));
    (code, v)
}

fn words(ws: &[&str]) -> Vec<String> {
    ws.iter().map(|w| w.to_string()).collect()
}

/// The explore arguments of example `dir`/`main` with `args` and `extra`.
fn example_args(dir: &str, main: &str, args: &[&str], extra: &[&str]) -> Vec<String> {
    let cp = root().join("classfiles").join(dir);
    let mut w = words(&["--classpath", cp.to_str().expect("UTF-8"), "--jobs", "1"]);
    w.extend(words(extra));
    w.push(main.to_string());
    w.extend(words(args));
    w
}

/// A merged witness reproduces the merged verdict from the initial state.
fn replays(name: &str, s: &m5::state::State, report: &Value) {
    let verdict = report["verdict"].as_str().expect("verdict");
    let witness: Vec<m5::state::ThreadId> =
        serde_json::from_value(report["witness"].clone()).expect("witness");
    if verdict == "data-race" {
        // As the explore tests check a race witness (behind an opaque
        // read it ends with the second access).
        let side = |j: &Value| m5::state::segments::Side {
            thread: serde_json::from_value(j["thread"].clone()).expect("thread"),
            write: j["write"].as_bool().expect("write"),
            at: j["at"].as_str().expect("at").to_string(),
        };
        let race = m5::race::Race {
            location: report["race"]["location"]
                .as_str()
                .expect("location")
                .into(),
            first: side(&report["race"]["first"]),
            second: side(&report["race"]["second"]),
        };
        let v = m5::explore::Verdict::DataRace(race);
        crate::explore::check_replay(name, s, &witness, &v, None);
        return;
    }
    let again = replay_violation(s, &witness, &ExploreOptions::default())
        .expect("replay")
        .unwrap_or_else(|| panic!("{name}: the merged witness does not replay"));
    assert_eq!(again.name(), verdict, "{name}");
}

/// The exhaustive search in 4 shard processes, merged, gives every
/// example the verdict one process gives it (tests/it/explore.rs's list,
/// searched on after races as there), exit code included, and a witness
/// that replays from the initial state.
#[test]
fn exhaustive_shards_merge_to_every_examples_verdict() {
    let dir = fresh_dir("shards", "exhaustive");
    for (k, (folder, main, args, expected, exception)) in EXAMPLES.iter().enumerate() {
        let name = format!("{folder} {main} {args:?}");
        let d = dir.join(k.to_string());
        std::fs::create_dir_all(&d).expect("mkdir");
        let a = example_args(folder, main, args, &["--after-race", "continue"]);
        let files = shards(&d, "explore", &a, false);
        let (code, r) = merged(&files);
        assert_eq!(r["verdict"], *expected, "{name}: {r}");
        let want = match *expected {
            "ok" => 0,
            "incomplete" => 3,
            _ => 1,
        };
        assert_eq!(code, want, "{name}: {r}");
        assert_eq!(r["shards"]["count"], N, "{name}");
        assert_eq!(r["shards"]["completed"], N, "{name}");
        if let Some(class) = exception {
            assert_eq!(r["exception"]["class"], *class, "{name}: {r}");
        }
        if *expected != "ok" {
            replays(&name, example_state(k), &r);
        }
    }
}

/// `pos` in 2 shard processes (a process costs more than these runs),
/// merged: one process's verdict and witness (the run with the smallest
/// index that fails, as one process picks it) on every example.
#[test]
fn sampler_shards_merge_to_one_processes_verdict_on_every_example() {
    let dir = fresh_dir("shards", "sampler");
    const RUNS: u64 = 8;
    // Runs cut short: a spinning thread's run otherwise takes 100,000
    // transitions, which is no test of the split.
    const RUN_LENGTH: u64 = 2_000;
    for (k, (folder, main, args, ..)) in EXAMPLES.iter().enumerate() {
        let name = format!("{folder} {main} {args:?}");
        let d = dir.join(k.to_string());
        std::fs::create_dir_all(&d).expect("mkdir");
        let (runs, length) = (RUNS.to_string(), RUN_LENGTH.to_string());
        // The first race ends a run, as in the one process below (going on
        // after it, a shard searches at the interaction granularity from
        // the start and one process only after a race: other runs).
        let extra = [
            "--strategy",
            "pos",
            "--runs",
            &runs,
            "--max-depth",
            &length,
            "--after-race",
            "stop",
        ];
        let a = example_args(folder, main, args, &extra);
        let files = shards_of(2, &d, "explore", &a, false);
        let (code, r) = merged(&files);
        // One process (in this one): the same options as the command line's.
        let s = example_state(k);
        let opts = ExploreOptions {
            strategy: Strategy::Pos,
            runs: Some(RUNS),
            max_depth: Some(RUN_LENGTH),
            jobs: 1,
            ..Default::default()
        };
        let one = explore(s, &opts, &mut |_, _, _| {}).expect("explore");
        assert_eq!(r["verdict"], one.verdict.name(), "{name}: {r}");
        assert_eq!(r["note"].as_str(), one.note.as_deref(), "{name}: {r}");
        if one.verdict.is_violation() {
            assert_eq!(code, 1, "{name}");
            replays(&name, s, &r);
        } else {
            assert_eq!(code, 3, "{name}: a sampler never says ok: {r}");
            assert_eq!(r["runs"], RUNS, "{name}: every run, once: {r}");
        }
    }
}

/// `m5 prove --shard` × 4 and merge: the Apprentice proved (its counts
/// those of one process), and the refuted twin refuted with witnesses.
#[test]
fn prove_shards_merge_to_proved_and_refuted() {
    let proof = |name: &str| {
        root()
            .join(format!("proofs/{name}.proof"))
            .display()
            .to_string()
    };
    let dir = fresh_dir("shards", "prove");
    let files = shards(
        &dir,
        "prove",
        &words(&["--jobs", "1", &proof("apprentice")]),
        true,
    );
    let (code, r) = merged(&files);
    assert_eq!(code, 0, "{r}");
    for t in r["theorems"].as_array().expect("theorems") {
        assert_eq!(t["verdict"], "proved", "{r}");
    }
    let (_, one) = crate::common::prove(&root().join("proofs/apprentice.proof"), &[]);
    for key in ["obligations", "cases", "proved"] {
        assert_eq!(r["lemma2"][key], one["lemma2"][key], "{key}: {r}");
    }
    let (_, text, _) = merge(&files, &[]);
    assert!(
        text.contains("theorem invariant: proved (Lemmas 1 and 2"),
        "{text}"
    );
    let bogus = dir.join("bogus");
    std::fs::create_dir_all(&bogus).expect("mkdir");
    let files = shards(
        &bogus,
        "prove",
        &words(&["--jobs", "1", &proof("apprentice-bogus")]),
        true,
    );
    let (code, r) = merged(&files);
    assert_eq!(code, 1, "{r}");
    for t in r["theorems"].as_array().expect("theorems") {
        assert_eq!(t["verdict"], "refuted", "{r}");
        assert!(t["witness"].is_array(), "{r}");
    }
}

/// Merges that must not say ok: a shard missing, one given twice, shards
/// of different commands, a file that is no shard result (all exit 2,
/// naming what is wrong), and shards stopped by a bound (incomplete).
#[test]
fn merge_of_missing_duplicate_mismatched_or_incomplete_shards_never_says_ok() {
    let dir = fresh_dir("shards", "bad");
    let a = example_args("finite-apprentice", "FiniteApprentice", &["2", "2"], &[]);
    let files = shards(&dir, "explore", &a, false);
    let (code, r) = merged(&files);
    assert_eq!((code, r["verdict"].as_str()), (0, Some("ok")), "{r}");
    // Missing.
    let (code, out, err) = merge(&files[..3], &[]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("missing: 3/4"), "{err}");
    assert!(!out.contains("ok"), "{out}");
    // Twice.
    let mut twice = files.clone();
    twice[3] = files[2].clone();
    let (code, _, err) = merge(&twice, &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("shard 2/4 is given 2 times"), "{err}");
    assert!(err.contains("missing: 3/4"), "{err}");
    // Another command's shard (another seed is another sampling, another
    // argument another program).
    let other = dir.join("other");
    std::fs::create_dir_all(&other).expect("mkdir");
    let b = example_args("finite-apprentice", "FiniteApprentice", &["2", "3"], &[]);
    let others = shards(&other, "explore", &b, false);
    let mut mixed = files.clone();
    mixed[1] = others[1].clone();
    let (code, _, err) = merge(&mixed, &[]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("args: `2 2`") && err.contains("`2 3`"),
        "{err}"
    );
    // No shard result.
    let plain = dir.join("plain.json");
    std::fs::write(&plain, "{\"verdict\": \"ok\"}").expect("write");
    let (code, _, err) = merge(&[plain], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a shard result"), "{err}");
    // Incomplete: a bound stops each shard.
    let stopped = dir.join("stopped");
    std::fs::create_dir_all(&stopped).expect("mkdir");
    let c = example_args(
        "finite-apprentice",
        "FiniteApprentice",
        &["3", "3"],
        &["--max-states", "300"],
    );
    let files = shards(&stopped, "explore", &c, false);
    let (code, r) = merged(&files);
    assert_eq!(
        (code, r["verdict"].as_str()),
        (3, Some("incomplete")),
        "{r}"
    );
    assert!(
        r["reason"].as_str().is_some_and(|x| x.contains("shard ")),
        "{r}"
    );
    let (_, text, _) = merge(&files, &[]);
    assert!(text.starts_with("incomplete: shard "), "{text}");
    // A prove shard missing: no verdict at all.
    let proofs = dir.join("prove");
    std::fs::create_dir_all(&proofs).expect("mkdir");
    let p = root().join("proofs/apprentice.proof").display().to_string();
    let files = shards(&proofs, "prove", &words(&["--jobs", "1", &p]), true);
    let (code, out, err) = merge(&files[1..], &[]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("missing: 0/4") && !out.contains("proved"),
        "{err}"
    );
}

/// `--shard` takes I/N with 0 <= I < N, e.g. `"$SLURM_ARRAY_TASK_ID/4"`;
/// anything else is a usage error naming what was expected.
#[test]
fn bad_shard_values_are_usage_errors() {
    let cp = root().join("classfiles/finite-apprentice");
    for bad in ["4/4", "1/0", "x/2", "3", "/4"] {
        let o = m5()
            .args(["explore", "--classpath", cp.to_str().expect("UTF-8")])
            .args(["--shard", bad, "FiniteApprentice", "2", "2"])
            .output()
            .expect("m5 runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "--shard {bad}: {err}");
        assert!(err.contains("expected I/N"), "--shard {bad}: {err}");
    }
    let o = m5()
        .args(["explore", "--classpath", cp.to_str().expect("UTF-8")])
        .args(["--shard", "0/2", "--bfs", "FiniteApprentice", "2", "2"])
        .output()
        .expect("m5 runs");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("does not go with --bfs"));
}

/// A merged witness replays with plain `m5 run --schedule file:W`.
#[test]
fn merged_witness_replays_with_m5_run() {
    let dir = fresh_dir("shards", "replay");
    let a = example_args("deadlock-lock-order", "Main", &[], &[]);
    let files = shards(&dir, "explore", &a, false);
    let w = dir.join("w.sched");
    let (code, out, err) = merge(&files, &["--witness", w.to_str().expect("UTF-8")]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.starts_with("violation: deadlock"), "{out}");
    let cp = root().join("classfiles/deadlock-lock-order");
    let o = m5()
        .args(["run", "--classpath", cp.to_str().expect("UTF-8")])
        .arg("--schedule")
        .arg(format!("file:{}", w.display()))
        .arg("Main")
        .output()
        .expect("m5 runs");
    let text =
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(text.contains("deadlock"), "{text}");
}

/// Why the merged "ok" is true: the shards' parts of the exhaustive search
/// (the enumeration above the frontier and each one's subtrees) visit,
/// together, every state one search visits, on every example whose whole
/// state space (no violation stops the search) fits in 5,000 states, for
/// 2 and 7 shards, the enumeration stopping at the first level of at
/// least 1, 4 or 16 states (a small frontier leaves the work to the
/// subtrees).
#[test]
fn shards_together_visit_every_reachable_state() {
    use m5::explore::{Granularity, RaceCheck, Shard, explore_visiting, fingerprint};
    use std::collections::HashSet;
    let base = ExploreOptions {
        granularity: Granularity::Interaction,
        races: RaceCheck::Off,
        // Nothing stops the search: it visits every reachable state.
        only_properties: true,
        max_states: Some(5_000),
        jobs: 1,
        ..Default::default()
    };
    let states = |s: &m5::state::State, opts: &ExploreOptions| {
        let mut seen: HashSet<u128> = HashSet::new();
        seen.insert(fingerprint::of(&m5::explore::searched(s, opts)));
        let r = explore_visiting(s, opts, &mut |_, _, _| {}, &mut |_, next, _| {
            seen.insert(fingerprint::of(next));
        })
        .expect("explore");
        (r, seen)
    };
    let mut checked = 0;
    for (k, (folder, main, args, ..)) in EXAMPLES.iter().enumerate() {
        let s = example_state(k);
        let (one, all) = states(s, &base);
        if !matches!(one.verdict, m5::explore::Verdict::Ok) {
            continue;
        }
        checked += 1;
        for (count, frontier) in [(2, 1), (2, 4), (7, 4), (7, 16)] {
            let mut union: HashSet<u128> = HashSet::new();
            for index in 0..count {
                let opts = ExploreOptions {
                    shard: Some(Shard { index, count }),
                    shard_frontier: Some(frontier),
                    ..base.clone()
                };
                let (r, seen) = states(s, &opts);
                assert_eq!(r.verdict.name(), "ok", "{folder} {main} {args:?}");
                union.extend(seen);
            }
            assert_eq!(
                union.len(),
                all.len(),
                "{folder} {main} {args:?}, {count} shards, frontier {frontier}: {} states together, {} in one search",
                union.len(),
                all.len()
            );
            assert!(union == all, "{folder} {main} {args:?}: other states");
        }
    }
    println!("{checked} examples");
    assert!(checked >= 30, "only {checked} examples fit the bound");
}
