//! Proofs end to end (`m5 prove FILE`): loading, Lemma 1, the shape walk,
//! building and solving every obligation. Throughput is obligations per
//! second. The Apprentice twice: by default (the single-threaded prefix run
//! by computation) and with induction from the initial state as in Moore &
//! Porter; and the two-Container Apprentice, whose cost the issue bounds at
//! 2.5 times the Apprentice's. For comparison (../shared/reference): ACL2
//! 8.5 certifies the paper's proof in about 564 s on this machine.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use m5::prove::{Options, driver, theorem};

fn bench_one(c: &mut Criterion, name: &str, file: &str, prefix_steps: usize) {
    let tf = theorem::load(std::path::Path::new(file)).expect("theorem file");
    let opts = Options {
        timeout_ms: 10_000,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        emit_smt2: None,
        check_vacuity: false,
        prefix_steps,
        check_skips: false,
        houdini: false,
        houdini_cache: None,
        houdini_guards: None,
        stop_at_lemma1: false,
        shard: None,
        decisive_only: false,
        origin: None,
        witness: None,
    };
    let r = driver::prove(&tf, &opts, &|_, _| {}).expect("prove");
    let obligations =
        (r.lemma2.obligations + r.lemma3.iter().map(|l| l.1.obligations).sum::<usize>()) as u64;
    let mut g = c.benchmark_group(format!("prove_{name}"));
    g.sample_size(10);
    g.throughput(Throughput::Elements(obligations));
    g.bench_function("wall", |b| {
        b.iter(|| driver::prove(&tf, &opts, &|_, _| {}).expect("prove"))
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    bench_one(c, "apprentice", "proofs/apprentice.proof", 100_000);
    bench_one(c, "apprentice_from_start", "proofs/apprentice.proof", 0);
    bench_one(c, "apprentice_two", "proofs/apprentice-two.proof", 100_000);
}

criterion_group!(benches, bench);
criterion_main!(benches);
