//! Speed of m5 in steps per second (release build): `cargo bench --bench steps`.
//!
//! - `int_loop`: `classfiles/intloop` `IntLoop 10000000` (one thread, a tight
//!   int loop) run to completion under round robin; throughput = its steps.
//! - `apprentice_random`: `classfiles/apprentice` `Apprentice` under
//!   `random:7` for 1,000,000 steps.
//! - `state_clone_and_step`: clone an Apprentice state reached after 10,000
//!   steps and step one thread (the persistent-state cost explore pays).
//!
//! Before the benchmarks, if `java` is on PATH, the same loop is timed under
//! `java -Xint` (best of 3, JVM startup subtracted by also timing N = 0) and
//! compared with m5 on stderr. Set `M5_BENCH_JAVA_N` to change the Java N
//! (default 200,000,000) or `M5_BENCH_NO_JAVA=1` to skip the comparison.
//! Timings are only reported, never asserted.

use std::hint::black_box;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

use m5::classfile::{ClassPath, ClassTable};
use m5::interp::{self, init::load_classes};
use m5::schedule::{self, RunEnd, RunOptions, Schedule};
use m5::state::{Config, State};

const LOOP_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/classfiles/intloop");
const APPRENTICE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/classfiles/apprentice");
const LOOP_N: u64 = 10_000_000;
const APPRENTICE_STEPS: u64 = 1_000_000;

fn classes(dir: &str, main: &str) -> Arc<ClassTable> {
    let cp = ClassPath::parse(dir).expect("class path");
    load_classes(&cp, main).expect("load classes")
}

fn state(classes: &Arc<ClassTable>, main: &str, args: &[String]) -> State {
    interp::initial_state(classes.clone(), main, args, Config::default()).expect("initial state")
}

fn loop_state(classes: &Arc<ClassTable>, n: u64) -> State {
    state(classes, "IntLoop", &[n.to_string()])
}

/// Runs the loop program to completion; returns its steps and the run's time.
fn run_loop(classes: &Arc<ClassTable>, n: u64) -> (u64, Duration) {
    let mut s = loop_state(classes, n);
    let start = Instant::now();
    let r = schedule::run(
        &mut s,
        &Schedule::RoundRobin { quantum: 1 },
        RunOptions::default(),
    )
    .expect("run");
    let t = start.elapsed();
    assert_eq!(r.end, RunEnd::Finished);
    (r.steps, t)
}

/// Wall time of `java -Xint -cp classfiles/intloop IntLoop n`, or None.
fn time_java(n: u64) -> Option<Duration> {
    let start = Instant::now();
    let status = Command::new("java")
        .args(["-Xint", "-cp", LOOP_DIR, "IntLoop", &n.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    let t = start.elapsed();
    status.success().then_some(t)
}

fn best_of(runs: usize, mut f: impl FnMut() -> Option<Duration>) -> Option<Duration> {
    (0..runs)
        .map(|_| f())
        .collect::<Option<Vec<_>>>()?
        .into_iter()
        .min()
}

/// `java -Xint` on the same loop, compared with m5, on stderr.
fn compare_with_java(classes: &Arc<ClassTable>) {
    if std::env::var_os("M5_BENCH_NO_JAVA").is_some() {
        return;
    }
    let java_n: u64 = std::env::var("M5_BENCH_JAVA_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000_000);
    // Bytecodes per iteration, from m5's step counts (m5 steps == bytecodes);
    // rounded, as parsing a longer args[0] takes a few more steps.
    let (base, _) = run_loop(classes, 0);
    let (steps, _) = run_loop(classes, LOOP_N);
    let per_iter = ((steps - base) as f64 / LOOP_N as f64).round();
    let m5_time = best_of(3, || Some(run_loop(classes, LOOP_N).1)).expect("m5 runs");
    let m5_rate = steps as f64 / m5_time.as_secs_f64();
    let Some(t0) = best_of(3, || time_java(0)) else {
        eprintln!(
            "java not found (or failed): no java -Xint comparison; m5: {:.1}M steps/s",
            m5_rate / 1e6
        );
        return;
    };
    let Some(tn) = best_of(3, || time_java(java_n)) else {
        eprintln!(
            "java -Xint failed on N = {java_n}; m5: {:.1}M steps/s",
            m5_rate / 1e6
        );
        return;
    };
    let java_secs = (tn.saturating_sub(t0)).as_secs_f64();
    let java_rate = per_iter * java_n as f64 / java_secs;
    eprintln!(
        "loop: {per_iter} bytecodes/iteration (m5 steps for N=0: {base}, N={LOOP_N}: {steps}); \
         java -Xint N={java_n}: {:.3} s - {:.3} s startup (N=0)",
        tn.as_secs_f64(),
        t0.as_secs_f64()
    );
    eprintln!(
        "java -Xint: {:.1}M bytecodes/s (best of 3); m5: {:.1}M steps/s (best of 3, N={LOOP_N}); ratio m5/java = {:.3}",
        java_rate / 1e6,
        m5_rate / 1e6,
        m5_rate / java_rate
    );
}

fn benches(c: &mut Criterion) {
    // int_loop
    let loop_classes = classes(LOOP_DIR, "IntLoop");
    compare_with_java(&loop_classes);
    let (loop_steps, _) = run_loop(&loop_classes, LOOP_N);
    let mut g = c.benchmark_group("steps");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    g.throughput(Throughput::Elements(loop_steps));
    g.bench_function("int_loop", |b| {
        b.iter_batched(
            || loop_state(&loop_classes, LOOP_N),
            |mut s| {
                let r = schedule::run(
                    &mut s,
                    &Schedule::RoundRobin { quantum: 1 },
                    RunOptions::default(),
                )
                .unwrap();
                debug_assert_eq!(r.steps, loop_steps);
                (r.steps, s)
            },
            BatchSize::PerIteration,
        )
    });

    // apprentice_random
    let app = classes(APPRENTICE_DIR, "Apprentice");
    g.throughput(Throughput::Elements(APPRENTICE_STEPS));
    g.bench_function("apprentice_random", |b| {
        b.iter_batched(
            || state(&app, "Apprentice", &[]),
            |mut s| {
                let opts = RunOptions {
                    max_steps: Some(APPRENTICE_STEPS),
                    ..RunOptions::default()
                };
                let r = schedule::run(&mut s, &Schedule::Random { seed: 7 }, opts).unwrap();
                debug_assert_eq!(r.steps, APPRENTICE_STEPS);
                (r.steps, s)
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();

    // state_clone_and_step
    let mut s = state(&app, "Apprentice", &[]);
    let opts = RunOptions {
        max_steps: Some(10_000),
        ..RunOptions::default()
    };
    schedule::run(&mut s, &Schedule::Random { seed: 7 }, opts).unwrap();
    let th = s
        .live_threads()
        .into_iter()
        .rev()
        .find(|&t| interp::can_step(&s, t))
        .expect("a thread that can step");
    if let Some((m, pc, insn)) = interp::next_insn(&s, th) {
        eprintln!(
            "state_clone_and_step: {} threads, {} heap objects; steps thread {th} at {}.{} pc {pc}: {insn:?}",
            s.threads.len(),
            s.heap.len(),
            m.class_name,
            m.name
        );
    }
    let mut g = c.benchmark_group("steps");
    g.throughput(Throughput::Elements(1));
    g.bench_function("state_clone_and_step", |b| {
        b.iter(|| {
            let mut t = black_box(&s).clone();
            let out = interp::step(&mut t, th).unwrap();
            (out, t)
        })
    });
    g.finish();
}

criterion_group!(steps, benches);
criterion_main!(steps);
