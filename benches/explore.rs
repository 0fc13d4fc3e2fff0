//! States per second of the schedule explorer on the correct finite
//! Apprentice (3 Jobs x 3 incr calls at the interaction granularity, 2 x 2
//! at bytecode granularity, 4 x 3 at sync points),
//! and of the parallel search on 4 x 3 with one and two worker threads
//! (the same states either way: checked before measuring).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use m5::classfile::ClassPath;
use m5::explore::{ExploreOptions, Granularity, explore};
use m5::interp::{init::load_classes, initial_state};
use m5::state::{Config, State};

fn start(jobs: &str, calls: &str) -> State {
    let cp = ClassPath::parse("classfiles/finite-apprentice").expect("class path");
    let classes = load_classes(&cp, "FiniteApprentice").expect("load");
    initial_state(
        classes,
        "FiniteApprentice",
        &[jobs.into(), calls.into()],
        Config::default(),
    )
    .expect("state")
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("explore");
    g.sample_size(10);
    for (name, jobs, calls, every, sync) in [
        ("finite_apprentice_3x3", "3", "3", false, false),
        (
            "finite_apprentice_2x2_every_instruction",
            "2",
            "2",
            true,
            false,
        ),
        ("finite_apprentice_4x3_sync", "4", "3", false, true),
    ] {
        let s = start(jobs, calls);
        let opts = ExploreOptions {
            granularity: match (every, sync) {
                (true, _) => Granularity::Instruction,
                (false, true) => Granularity::Sync,
                (false, false) => Granularity::Interaction,
            },
            ..Default::default()
        };
        let states = explore(&s, &opts, &mut |_, _, _| {})
            .expect("explore")
            .states;
        g.throughput(Throughput::Elements(states));
        g.bench_function(name, |b| {
            b.iter(|| explore(&s, &opts, &mut |_, _, _| {}).expect("explore"))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("explore_parallel");
    g.sample_size(10);
    g.measurement_time(std::time::Duration::from_secs(30));
    let s = start("4", "3");
    let mut counts = Vec::new();
    for jobs in [1usize, 2] {
        let opts = ExploreOptions {
            jobs,
            granularity: Granularity::Interaction,
            ..Default::default()
        };
        let r = explore(&s, &opts, &mut |_, _, _| {}).expect("explore");
        counts.push((r.states, r.transitions));
        g.throughput(Throughput::Elements(r.states));
        g.bench_function(format!("finite_apprentice_4x3_jobs_{jobs}"), |b| {
            b.iter(|| explore(&s, &opts, &mut |_, _, _| {}).expect("explore"))
        });
    }
    assert_eq!(counts[0], counts[1], "1 and 2 jobs explore the same states");
    println!(
        "4 x 3: {} states, {} transitions with 1 and with 2 jobs",
        counts[0].0, counts[0].1
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
