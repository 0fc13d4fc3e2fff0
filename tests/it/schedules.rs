//! Schedules: the fast burst mode and step-at-a-time mode reach the same
//! state; a recorded schedule replays to the same state; parsing errors.

use m5::schedule::{Observer, RunOptions, Schedule, run};

use crate::common::{self, start};

struct Nothing;
impl Observer for Nothing {}

#[test]
fn burst_mode_observer_mode_and_replay_agree() {
    for spec in [
        "rr",
        "rr:3",
        "rr:50",
        "random:5",
        "random:99",
        "turns:1",
        "turns:8",
    ] {
        let sched = Schedule::parse(spec).unwrap();
        let mut fast = start("classfiles/apprentice", "Apprentice", &[]);
        let mut recorded = Vec::new();
        let r1 = run(
            &mut fast,
            &sched,
            RunOptions {
                max_steps: Some(50_000),
                record: Some(&mut recorded),
                ..Default::default()
            },
        )
        .unwrap();
        let mut slow = start("classfiles/apprentice", "Apprentice", &[]);
        let mut obs = Nothing;
        let r2 = run(
            &mut slow,
            &sched,
            RunOptions {
                max_steps: Some(50_000),
                observer: Some(&mut obs),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(r1.steps, r2.steps, "{spec}");
        assert!(
            fast.model == slow.model,
            "{spec}: burst and step-by-step runs differ"
        );
        assert_eq!(
            recorded.len() as u64,
            r1.steps,
            "{spec}: every step recorded"
        );
        let mut replay = start("classfiles/apprentice", "Apprentice", &[]);
        run(
            &mut replay,
            &Schedule::List(recorded),
            RunOptions::default(),
        )
        .unwrap();
        assert!(
            replay.model == fast.model,
            "{spec}: replaying the recorded schedule differs"
        );
        // And the run did something.
        assert!(fast.threads.len() > 3, "{spec}");
    }
}

#[test]
fn random_schedule_is_reproducible_and_seed_dependent() {
    let go = |seed| {
        let mut s = start("classfiles/apprentice", "Apprentice", &[]);
        run(
            &mut s,
            &Schedule::Random { seed },
            RunOptions {
                max_steps: Some(20_000),
                ..Default::default()
            },
        )
        .unwrap();
        s
    };
    assert!(go(1).model == go(1).model);
    assert!(go(1).model != go(2).model);
}

#[test]
fn schedule_syntax_errors_say_what_was_expected() {
    for bad in [
        "", "rr:0", "rr:x", "random", "random:x", "turns", "turns:x", "list:0,a", "fifo",
        "list:1*z",
    ] {
        let e = Schedule::parse(bad).unwrap_err().to_string();
        assert!(e.contains("schedule"), "{bad:?}: {e}");
    }
    assert_eq!(
        Schedule::parse("list:0,1*3,2").unwrap(),
        Schedule::List(vec![0, 1, 1, 1, 2])
    );
    assert_eq!(
        Schedule::parse("rr:4").unwrap(),
        Schedule::RoundRobin { quantum: 4 }
    );
    assert_eq!(
        Schedule::parse("turns:4").unwrap(),
        Schedule::Turns { seed: 4 }
    );
}

/// Threaded differential programs print the same under every generated
/// schedule as on HotSpot: exercises parking and waking blocked threads
/// (monitors, wait/notify, join, class initialization) in the schedulers.
#[test]
fn threaded_programs_agree_with_hotspot_under_many_schedules() {
    use std::process::Command;
    if !common::have("javac", "-version") || !common::have("java", "-version") {
        return;
    }
    let programs = [
        "threads_join_counter",
        "wait_notify_pc",
        "thread_ping_pong",
        "clinit_threads",
        "sync_blocks_reentrant",
        "join_chain",
        "sleep_yield_flags",
        "sync_method_exception",
    ];
    let root = format!("{}/schedules-diff", env!("CARGO_TARGET_TMPDIR"));
    for p in programs {
        let src = format!("tests/java/{p}/Main.java");
        assert!(std::path::Path::new(&src).exists(), "{src}");
        let out = format!("{root}/{p}");
        std::fs::create_dir_all(&out).unwrap();
        assert!(
            common::javac()
                .args(["-d", &out, &src])
                .status()
                .unwrap()
                .success()
        );
        let java = Command::new("java")
            .args(["-cp", &out, "Main"])
            .output()
            .unwrap();
        for sched in [
            "rr:3", "rr:50", "random:1", "random:2", "random:3", "turns:1", "turns:2",
        ] {
            let m5 = Command::new(env!("CARGO_BIN_EXE_m5"))
                .args(["run", "--classpath", &out, "--schedule", sched, "Main"])
                .output()
                .unwrap();
            assert_eq!(
                String::from_utf8_lossy(&m5.stdout),
                String::from_utf8_lossy(&java.stdout),
                "{p} under {sched}: {}",
                String::from_utf8_lossy(&m5.stderr)
            );
            assert_eq!(m5.status.code(), java.status.code(), "{p} under {sched}");
        }
    }
}
