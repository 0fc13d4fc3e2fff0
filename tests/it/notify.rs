//! `notify` and spurious wake-ups as the JLS has them (17.2.1, 17.2.2):
//! `m5 explore` tries every waiter a notify may wake, and by default lets
//! a wait end without one (`--no-spurious-wakeups` turns that off); its
//! witnesses say so in their file and replay with `m5 run --schedule
//! file:`, whose own generated schedules never wake a thread spuriously
//! unless asked (`--spurious-wakeups`). Examples: classfiles/notify.

use std::process::Output;

use crate::common::{m5_output as m5, replay_arguments};

const CP: &str = "classfiles/notify";

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `m5 explore --witness` on `main` with `extra` options: the exit code,
/// the output and the witness file's text.
fn explore(main: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    let w = file_path(main, extra);
    let _ = std::fs::remove_file(&w);
    let mut args = vec!["explore", "--classpath", CP, "--witness", &w];
    args.extend(extra);
    args.push(main);
    let out = m5(&args);
    let file = std::fs::read_to_string(&w).unwrap_or_default();
    (out.status.code(), text(&out), file)
}

/// Two waiters with different conditions, each woken by one `notify`: the
/// program deadlocks only when the first notify wakes the waiter whose
/// condition is still false. Found with and without spurious wake-ups,
/// and the witness replays to the same deadlock; with `notifyAll` there
/// is none.
#[test]
fn notify_may_wake_the_other_waiter() {
    for extra in [&[][..], &["--no-spurious-wakeups"][..]] {
        let (code, out, file) = explore("NotifyWrongWaiter", extra);
        assert_eq!(code, Some(1), "{extra:?}: {out}");
        assert!(out.contains("violation: deadlock"), "{out}");
        assert!(
            out.contains("NotifyWrongWaiter$Waiter.run") && out.contains("waits for a notify"),
            "{out}"
        );
        let on = !extra.contains(&"--no-spurious-wakeups");
        let setting = format!("spurious-wakeups {}", if on { "on" } else { "off" });
        assert!(file.lines().any(|l| l == setting), "{file}");
        // As the header says, and as a plain `--schedule file:`.
        let w = format!("file:{}", file_path("NotifyWrongWaiter", extra));
        for args in [
            replay_arguments(&file),
            vec![
                "run",
                "--classpath",
                CP,
                "--schedule",
                &w,
                "NotifyWrongWaiter",
            ],
        ] {
            let run = m5(&args);
            let err = text(&run);
            assert_eq!(run.status.code(), Some(1), "{args:?}: {err}");
            assert!(
                err.contains("m5: deadlock: no live thread can move"),
                "{err}"
            );
            assert!(err.contains("waits for a notify"), "{err}");
        }
        let (code, out, _) = explore("NotifyAllWaiters", extra);
        assert_eq!(code, Some(0), "{extra:?}: {out}");
        assert!(out.starts_with("ok:"), "{out}");
    }
}

fn file_path(main: &str, extra: &[&str]) -> String {
    format!(
        "{}/notify-{main}{}.sched",
        env!("CARGO_TARGET_TMPDIR"),
        extra.len()
    )
}

/// `if (!ready) wait();` then a check that throws: only a spurious
/// wake-up gets past the `if` with `ready` false. The search finds it by
/// default, and its witness (which says `spurious-wakeups on`) replays to
/// the same exception; without spurious wake-ups, or with `while`, every
/// schedule is fine.
#[test]
fn a_spurious_wake_up_is_explored_unless_turned_off() {
    let (code, out, file) = explore("IfWait", &[]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("uncaught java.lang.IllegalStateException: woken before ready"),
        "{out}"
    );
    assert!(file.lines().any(|l| l == "spurious-wakeups on"), "{file}");
    let run = m5(&replay_arguments(&file));
    let err = text(&run);
    assert!(
        err.contains(
            "Exception in thread \"main\" java.lang.IllegalStateException: woken before ready"
        ),
        "{err}"
    );
    // The same steps without the setting: the waiter's step is a no-op.
    let path = file_path("IfWait", &[]);
    let off = format!("{path}.off");
    std::fs::write(
        &off,
        file.replace("spurious-wakeups on", "spurious-wakeups off"),
    )
    .unwrap();
    let run = m5(&[
        "run",
        "--classpath",
        CP,
        "--schedule",
        &format!("file:{off}"),
        "IfWait",
    ]);
    assert!(
        !text(&run).contains("IllegalStateException"),
        "{}",
        text(&run)
    );
    // ... unless the command line turns them on, which contradicts the file.
    let run = m5(&[
        "run",
        "--classpath",
        CP,
        "--spurious-wakeups",
        "--schedule",
        &format!("file:{off}"),
        "IfWait",
    ]);
    assert_eq!(run.status.code(), Some(2), "{}", text(&run));
    assert!(
        text(&run).contains("spurious-wakeups off"),
        "{}",
        text(&run)
    );

    let (code, out, _) = explore("IfWait", &["--no-spurious-wakeups"]);
    assert_eq!(code, Some(0), "{out}");
    for extra in [&[][..], &["--no-spurious-wakeups"][..]] {
        let (code, out, _) = explore("WhileWait", extra);
        assert_eq!(code, Some(0), "{extra:?}: {out}");
    }
    // The sampling strategies and preemption bounding meet it too.
    for strategy in ["random", "pct:2", "pos", "preemption-bound:2"] {
        let (code, out, file) = explore("IfWait", &["--strategy", strategy]);
        assert_eq!(code, Some(1), "{strategy}: {out}");
        let run = m5(&replay_arguments(&file));
        assert!(text(&run).contains("woken before ready"), "{}", text(&run));
    }
}

/// `m5 run`'s generated schedules wake a waiter only by notify (the
/// JVM's practice), unless `--spurious-wakeups`.
#[test]
fn generated_schedules_wake_spuriously_only_when_asked() {
    let seeds: Vec<String> = (0..16).map(|i| format!("random:{i}")).collect();
    let mut failed = 0;
    for s in &seeds {
        let plain = m5(&["run", "--classpath", CP, "--schedule", s, "IfWait"]);
        assert_eq!(plain.status.code(), Some(0), "{s}: {}", text(&plain));
        let spurious = m5(&[
            "run",
            "--classpath",
            CP,
            "--spurious-wakeups",
            "--schedule",
            s,
            "IfWait",
        ]);
        if text(&spurious).contains("woken before ready") {
            failed += 1;
            assert_eq!(spurious.status.code(), Some(1), "{s}");
        } else {
            assert_eq!(spurious.status.code(), Some(0), "{s}: {}", text(&spurious));
        }
        let w = m5(&[
            "run",
            "--classpath",
            CP,
            "--spurious-wakeups",
            "--schedule",
            s,
            "WhileWait",
        ]);
        assert_eq!(w.status.code(), Some(0), "{s}: {}", text(&w));
    }
    assert!(failed > 0, "no seed woke main spuriously");
}

/// The option is in both commands' help, and a schedule file's setting
/// line is checked like its thread numbers.
#[test]
fn the_options_are_documented_and_bad_settings_rejected() {
    let help = text(&m5(&["explore", "--help"]));
    assert!(
        help.contains("--no-spurious-wakeups") && help.contains("spurious wake-up"),
        "{help}"
    );
    let help = text(&m5(&["run", "--help"]));
    assert!(
        help.contains("--spurious-wakeups") && help.contains("spurious-wakeups on"),
        "{help}"
    );
    let bad = format!("{}/notify-bad.sched", env!("CARGO_TARGET_TMPDIR"));
    for (line, says) in [
        ("spurious-wakeups maybe", "expected `spurious-wakeups on`"),
        ("wakeups on", "expected a thread number"),
    ] {
        std::fs::write(&bad, format!("# a comment\n0\n{line}\n")).unwrap();
        let run = m5(&[
            "run",
            "--classpath",
            CP,
            "--schedule",
            &format!("file:{bad}"),
            "IfWait",
        ]);
        let err = text(&run);
        assert_eq!(run.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("{bad}:3:")) && err.contains(says),
            "{err}"
        );
    }
}

/// The prover and the explorer share one semantics: the claim that main
/// never reaches IfWait's throw (invariants/if-wait.inv) is refuted by
/// `m5 prove` with a witness (found under spurious wake-ups, which the
/// prover assumes; its file says so) that `m5 run --invariant` replays,
/// and `m5 explore --invariant` finds it too; only without spurious
/// wake-ups does every schedule keep it.
#[test]
fn prove_and_explore_agree_on_a_spurious_wake_up() {
    let w = format!("{}/notify-prove-ifwait.sched", env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::remove_file(&w);
    let out = m5(&["prove", "--witness", &w, "proofs/if-wait.proof"]);
    let said = text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("theorem invariant: refuted"), "{said}");
    let file = std::fs::read_to_string(&w).unwrap();
    assert!(file.lines().any(|l| l == "spurious-wakeups on"), "{file}");
    // As printed, but with m5 run's own failure schedule out of the tree.
    let failure = format!("{w}.failure");
    let mut replay = replay_arguments(&file);
    replay.splice(1..1, ["--failure-schedule", failure.as_str()]);
    let run = m5(&replay);
    let err = text(&run);
    assert_eq!(run.status.code(), Some(1), "{replay:?}: {err}");
    assert!(err.contains("m5: invariant violated at step"), "{err}");
    assert!(err.contains("IfWait.main@41"), "{err}");

    let inv = ["--invariant", "invariants/if-wait.inv"];
    let (code, out, _) = explore("IfWait", &inv);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("violation: invariant"), "{out}");
    let (code, out, _) = explore("IfWait", &[inv[0], inv[1], "--no-spurious-wakeups"]);
    assert_eq!(code, Some(0), "{out}");
}
