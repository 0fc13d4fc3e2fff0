//! The Apprentice proof end to end (`m5 prove proofs/apprentice.proof`):
//! loading, Lemma 1, the shape walk, building and solving every obligation.
//! For comparison (../shared/reference): ACL2 8.5 certifies the paper's
//! proof in about 564 s on this machine.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use m5::prove::{Options, driver, theorem};

fn bench(c: &mut Criterion) {
    let tf = theorem::load(std::path::Path::new("proofs/apprentice.proof")).expect("theorem file");
    let opts = Options {
        timeout_ms: 10_000,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        emit_smt2: None,
        check_vacuity: false,
    };
    let r = driver::prove(&tf, &opts, &|_, _| {}).expect("prove");
    let obligations =
        (r.lemma2.obligations + r.lemma3.iter().map(|l| l.1.obligations).sum::<usize>()) as u64;
    let mut g = c.benchmark_group("prove");
    g.sample_size(10);
    g.throughput(Throughput::Elements(obligations));
    g.bench_function("apprentice_monotonicity", |b| {
        b.iter(|| driver::prove(&tf, &opts, &|_, _| {}).expect("prove"))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
