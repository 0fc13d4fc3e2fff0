//! Partial-order reduction (`--por`, `src/explore/por.rs`) against the full
//! search: every example and random programs get the same verdict, with
//! no more states; ok programs end in the same final states; the race
//! check meets the same racing pairs.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use m5::explore::{
    ExploreOptions, RaceCheck, RaceFilter, Report, Strategy, Verdict, explore, explore_visiting,
    fingerprint,
};
use m5::state::State;

use super::{
    EXAMPLES, RACY, check_replay, check_verdict, example_name, example_search, example_state,
    granularity, random_program,
};
use crate::common::{self, start};

const GRANULARITIES: [(bool, bool); 3] = [(true, false), (false, false), (false, true)];

/// The examples' search (`search_at`'s options) with reduction.
fn reduced(s: &State, sync: bool, every_instruction: bool) -> Report {
    let opts = ExploreOptions {
        granularity: granularity(sync, every_instruction),
        races: RaceCheck::Continue,
        max_states: Some(20_000_000),
        max_depth: Some(2_000_000),
        por: true,
        ..Default::default()
    };
    explore(s, &opts, &mut |_, _, _| {}).expect("explore")
}

/// Every example at the three granularities gets the verdict the full
/// search gets (the one `EXAMPLES` expects), with no more states where
/// both are complete (a violation ends a search wherever its order meets
/// one first); the witnesses of violations replay.
#[test]
fn every_example_gets_its_verdict_with_reduction() {
    for (i, &(dir, main, _, expected, exception)) in EXAMPLES.iter().enumerate() {
        let name = &example_name(dir, main);
        let s = example_state(i);
        for (sync, every) in GRANULARITIES {
            let r = reduced(s, sync, every);
            let here = format!("{name} ({} granularity, --por)", r.granularity);
            check_verdict(&here, &r.verdict, expected, exception);
            if r.verdict.is_violation() {
                check_replay(&here, s, &r.witness, &r.verdict, exception);
            }
            // The full search at every instruction is the slowest of the
            // explore tests' (LockOrder: 4.9 M states); the reduced one is
            // checked against the verdict it must have there.
            if !every {
                let full = example_search(i, sync, every, false);
                if full.verdict == Verdict::Ok {
                    assert!(
                        r.states <= full.states,
                        "{here}: {} > {}",
                        r.states,
                        full.states
                    );
                }
                println!("{here}: {} states (full: {})", r.states, full.states);
            } else {
                println!("{here}: {} states", r.states);
            }
        }
    }
}

/// `--determinism`'s examples: the same verdict with reduction (the output
/// of every complete execution is compared, so every final state counts).
#[test]
fn determinism_verdicts_are_the_same_with_reduction() {
    for main in [
        "Elapsed",
        "ExitOrder",
        "PrintOrder",
        "RandomFixed",
        "RandomSeed",
        "SumOrder",
    ] {
        let s = start("classfiles/determinism", main, &[]);
        for (sync, every) in GRANULARITIES {
            let run = |por: bool| {
                let opts = ExploreOptions {
                    granularity: granularity(sync, every),
                    determinism: true,
                    por,
                    ..Default::default()
                };
                explore(&s, &opts, &mut |_, _, _| {}).expect("explore")
            };
            let (full, red) = (run(false), run(true));
            assert_eq!(
                full.verdict.name(),
                red.verdict.name(),
                "{main} at {}",
                full.granularity
            );
            if full.verdict.name() == "ok" {
                assert!(red.states <= full.states, "{main}");
            }
        }
    }
}

/// Every racing pair the full search meets (each race seen on each state
/// it reaches, none of them ending the search), the reduced search meets
/// too: on every racy example, at the three granularities.
#[test]
fn the_race_check_meets_the_same_racing_pairs_with_reduction() {
    for (i, &(dir, main, ..)) in EXAMPLES.iter().enumerate() {
        let name = &example_name(dir, main);
        if !RACY.contains(&name.as_str()) {
            continue;
        }
        for (sync, every) in GRANULARITIES {
            let pairs = |por: bool| {
                let seen = Arc::new(Mutex::new(BTreeSet::new()));
                let into = seen.clone();
                let opts = ExploreOptions {
                    granularity: granularity(sync, every),
                    races: RaceCheck::Stop,
                    // Every race is recorded and passed over.
                    race_where: Some(RaceFilter(Arc::new(move |_, race, _| {
                        into.lock().unwrap().insert(format!("{race:?}"));
                        false
                    }))),
                    // No exception or deadlock ends the search either.
                    only_properties: true,
                    max_states: Some(5_000_000),
                    por,
                    ..Default::default()
                };
                let r = explore(example_state(i), &opts, &mut |_, _, _| {}).expect("explore");
                assert_eq!(r.verdict, Verdict::Ok, "{name}");
                let seen = seen.lock().unwrap().clone();
                (seen, r.states)
            };
            let (full, full_states) = pairs(false);
            let (red, red_states) = pairs(true);
            assert!(!full.is_empty(), "{name}: no race met");
            assert_eq!(full, red, "{name} at {:?}", granularity(sync, every));
            println!(
                "{name} at {:?}: {} racing pairs; {red_states} states (full: {full_states})",
                granularity(sync, every),
                full.len()
            );
        }
    }
}

/// The fingerprints of the final states (every thread ended) a search
/// reaches, and its report.
fn final_states(s: &State, opts: &ExploreOptions) -> (BTreeSet<u128>, Report) {
    let mut ends = BTreeSet::new();
    let r = explore_visiting(s, opts, &mut |_, _, _| {}, &mut |_, next, _| {
        if next.ended() {
            ends.insert(fingerprint::of(next));
        }
    })
    .expect("explore");
    (ends, r)
}

/// 200 random concurrent programs (half race-free by construction): the
/// same verdict with and without reduction at the three granularities
/// (the first race ending the search: it must be met); the reduced
/// search's witnesses replay; an ok program reaches the same final states.
#[test]
fn random_programs_get_the_same_verdict_with_reduction() {
    if !common::have("javac", "-version") {
        return;
    }
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("random-por");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let n: u64 = std::env::var("M5_RANDOM_PROGRAMS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let mut files = Vec::new();
    for i in 0..n {
        let name = format!("P{i}");
        let path = dir.join(format!("{name}.java"));
        std::fs::write(&path, random_program(&name, 1000 + i, i % 2 == 0)).unwrap();
        files.push(path);
    }
    common::javac_files(&dir, &files);
    let (mut full_states, mut red_states) = (0u64, 0u64);
    let mut tally = std::collections::BTreeMap::<String, usize>::new();
    for i in 0..n {
        let name = format!("P{i}");
        let s = start(dir.to_str().unwrap(), &name, &[]);
        {
            let races = RaceCheck::Stop;
            for (sync, every) in GRANULARITIES {
                let opts = |por: bool| ExploreOptions {
                    granularity: granularity(sync, every),
                    races,
                    strategy: Strategy::Exhaustive,
                    por,
                    ..Default::default()
                };
                let (full_ends, full) = final_states(&s, &opts(false));
                let (red_ends, red) = final_states(&s, &opts(true));
                let here = format!("{name} ({:?}, {races:?})", granularity(sync, every));
                let kind = |v: &Verdict| match v {
                    Verdict::UncaughtException { class, .. } => format!("uncaught {class}"),
                    v => v.name().to_string(),
                };
                let program = || random_program(&name, 1000 + i, i % 2 == 0);
                assert_eq!(
                    kind(&full.verdict),
                    kind(&red.verdict),
                    "{here}\n{}",
                    program()
                );
                // A violation ends a search wherever its order meets one first.
                if full.verdict == Verdict::Ok {
                    assert!(red.states <= full.states, "{here}");
                }
                if red.verdict.is_violation() {
                    check_replay(&here, &s, &red.witness, &red.verdict, None);
                }
                if full.verdict == Verdict::Ok {
                    assert_eq!(full_ends, red_ends, "{here}\n{}", program());
                }
                full_states += full.states;
                red_states += red.states;
                if sync {
                    *tally.entry(kind(&full.verdict)).or_default() += 1;
                }
            }
        }
    }
    println!("{n} random programs: {tally:?}; states {red_states} reduced, {full_states} full");
    for kind in ["ok", "data-race", "uncaught java.lang.AssertionError"] {
        assert!(tally.contains_key(kind), "no {kind} among {tally:?}");
    }
}

/// `m5 explore --por`: the verdict of the full search (the default
/// strategy's exhaustive part runs reduced); the searches it does not
/// reduce are refused with exit 2, naming the option.
#[test]
fn the_command_line_reduces_or_refuses() {
    let run = |extra: &[&str]| {
        let out = crate::common::m5()
            .args(["explore", "--classpath", "classfiles/finite-apprentice"])
            .args(extra)
            .args(["FiniteApprentice", "2", "2"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code(), text)
    };
    for extra in [
        &["--por"][..],
        &[
            "--por",
            "--strategy",
            "exhaustive",
            "--granularity",
            "instruction",
        ],
    ] {
        let (code, text) = run(extra);
        assert_eq!(code, Some(0), "{extra:?}: {text}");
        assert!(text.starts_with("ok:"), "{extra:?}: {text}");
    }
    for extra in [
        &["--por", "--bfs"][..],
        &["--por", "--shard", "0/2"],
        &["--por", "--strategy", "pos"],
        &["--por", "--strategy", "preemption-bound:1"],
    ] {
        let (code, text) = run(extra);
        assert_eq!(code, Some(2), "{extra:?}: {text}");
        assert!(text.contains("--por"), "{extra:?}: {text}");
    }
}
