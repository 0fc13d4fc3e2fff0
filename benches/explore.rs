//! States per second of the schedule explorer on the correct finite
//! Apprentice (3 Jobs x 3 incr calls, and 2 x 2 at bytecode granularity).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use m5::classfile::ClassPath;
use m5::explore::{ExploreOptions, explore};
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
    for (name, jobs, calls, every) in [
        ("finite_apprentice_3x3", "3", "3", false),
        ("finite_apprentice_2x2_every_instruction", "2", "2", true),
    ] {
        let s = start(jobs, calls);
        let opts = ExploreOptions {
            every_instruction: every,
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
