//! Property tests: the loader (and, for what loads, a bounded run) never
//! panics on bad class files. Inputs are random byte vectors and mutations
//! (byte flips, truncations, insertions, deletions) of real class files:
//! javac's `classfiles/apprentice/*.class` and m5's own library classes.
//! The result may be `Ok` or `Err`; a panic fails the test.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use proptest::prelude::*;
use proptest::test_runner::RngSeed;

use m5::classfile::parse::parse_class;
use m5::classfile::{ClassPath, ClassTable, library};
use m5::schedule::{self, RunOptions, Schedule};
use m5::state::Config;

/// Steps a mutated program that loads is run for.
const MAX_STEPS: u64 = 10_000;

/// The apprentice example's classes: (class name, bytes).
fn apprentice() -> &'static [(&'static str, Vec<u8>)] {
    static FILES: OnceLock<Vec<(&'static str, Vec<u8>)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("classfiles/apprentice");
        ["Apprentice", "Container", "Job"]
            .into_iter()
            .map(|n| {
                (
                    n,
                    std::fs::read(dir.join(format!("{n}.class"))).expect("committed class file"),
                )
            })
            .collect()
    })
}

/// Library classes with a variety of bytecode (every fourth, plus a few big ones).
fn library_seeds() -> Vec<&'static [u8]> {
    let mut out: Vec<&'static [u8]> = library::CLASSES
        .iter()
        .step_by(4)
        .map(|(_, b)| *b)
        .collect();
    for name in [
        "java/lang/Integer",
        "java/lang/String",
        "java/lang/StringBuilder",
        "java/lang/Thread",
    ] {
        if let Some(b) = library::lookup(name) {
            out.push(b);
        }
    }
    out
}

/// Byte ranges of the Code attributes' bodies (max_stack, max_locals,
/// code_length and the bytecode) in a class file, to aim mutations at code.
fn code_ranges(bytes: &[u8]) -> Vec<std::ops::Range<usize>> {
    let cf = cafebabe::parse_class(bytes).expect("seed class parses");
    let base = bytes.as_ptr() as usize;
    let mut out = Vec::new();
    for m in &cf.methods {
        for a in &m.attributes {
            if let cafebabe::attributes::AttributeData::Code(c) = &a.data {
                let start = c.code.as_ptr() as usize - base;
                out.push(start - 8..start + c.code.len());
            }
        }
    }
    out
}

#[derive(Clone, Debug)]
enum Mutation {
    /// Replace the byte at `pos` (modulo the length).
    Set { pos: usize, val: u8 },
    /// Flip one bit of the byte at `pos`.
    Flip { pos: usize, bit: u8 },
    /// Cut the file to `len` (modulo the length).
    Truncate { len: usize },
    /// Insert bytes at `pos`.
    Insert { pos: usize, bytes: Vec<u8> },
    /// Remove up to `n` bytes at `pos`.
    Delete { pos: usize, n: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), any::<u8>()).prop_map(|(pos, val)| Mutation::Set { pos, val }),
        4 => (any::<usize>(), 0u8..8).prop_map(|(pos, bit)| Mutation::Flip { pos, bit }),
        1 => any::<usize>().prop_map(|len| Mutation::Truncate { len }),
        1 => (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(pos, bytes)| Mutation::Insert { pos, bytes }),
        1 => (any::<usize>(), 1usize..8).prop_map(|(pos, n)| Mutation::Delete { pos, n }),
    ]
}

/// Applies `muts` to `bytes`; positions fall in `range` if given (else anywhere).
fn mutate(bytes: &[u8], muts: &[Mutation], range: Option<std::ops::Range<usize>>) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for m in muts {
        if b.is_empty() {
            break;
        }
        let at = |pos: usize, len: usize| match &range {
            Some(r) if r.end <= len && !r.is_empty() => r.start + pos % r.len(),
            _ => pos % len,
        };
        match m {
            Mutation::Set { pos, val } => {
                let i = at(*pos, b.len());
                b[i] = *val;
            }
            Mutation::Flip { pos, bit } => {
                let i = at(*pos, b.len());
                b[i] ^= 1 << bit;
            }
            Mutation::Truncate { len } => b.truncate(len % b.len()),
            Mutation::Insert { pos, bytes } => {
                let i = at(*pos, b.len());
                b.splice(i..i, bytes.iter().copied());
            }
            Mutation::Delete { pos, n } => {
                let i = at(*pos, b.len());
                let end = (i + n).min(b.len());
                b.drain(i..end);
            }
        }
    }
    b
}

/// Applies `muts` inside the Code attribute of method number `method`
/// (modulo the number of methods with code), or anywhere if there is none.
fn mutate_code(seed: &[u8], method: usize, muts: &[Mutation]) -> Vec<u8> {
    let ranges = code_ranges(seed);
    let range = (!ranges.is_empty()).then(|| ranges[method % ranges.len()].clone());
    mutate(seed, muts, range)
}

/// A fresh directory for one test's class path.
fn test_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("loader_fuzz")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// Parses `files[which]`; if that works, writes `files` into `dir`, loads
/// `main` from it and, if `run` and that works too, runs it for a bounded
/// number of steps. Errors are fine; panics are not. (A file that does not
/// parse cannot load: loading parses it the same way, after parsing all of
/// m5's library, so skipping the load then only saves time.)
fn check(dir: &Path, files: &[(&str, &[u8])], which: usize, main: &str, run: bool) {
    if parse_class("fuzz", files[which].1).is_err() {
        return;
    }
    for (name, bytes) in files {
        std::fs::write(dir.join(format!("{name}.class")), bytes).expect("write class file");
    }
    let cp = ClassPath::parse(dir.to_str().expect("utf-8 temp dir")).expect("temp dir exists");
    let Ok(table) = ClassTable::load(&cp, &[main], &m5::interp::natives::bind) else {
        return;
    };
    if !run {
        return;
    }
    let Ok(mut s) = m5::interp::initial_state(Arc::new(table), main, &[], Config::default()) else {
        return;
    };
    let opts = RunOptions {
        max_steps: Some(MAX_STEPS),
        ..Default::default()
    };
    let _ = schedule::run(&mut s, &Schedule::RoundRobin { quantum: 1 }, opts);
}

/// The apprentice classes with `which` replaced by `bytes`.
fn apprentice_with(which: usize, bytes: &[u8]) -> Vec<(&'static str, &[u8])> {
    apprentice()
        .iter()
        .enumerate()
        .map(|(i, (n, b))| (*n, if i == which { bytes } else { b.as_slice() }))
        .collect()
}

/// `cases` cases (unless PROPTEST_CASES says otherwise), from a fixed seed
/// (unless PROPTEST_RNG_SEED says otherwise) so that a run is reproducible.
/// To fuzz longer: `PROPTEST_CASES=100000 PROPTEST_RNG_SEED=$RANDOM cargo test --test it -- loader_fuzz::`.
fn config(cases: u32) -> ProptestConfig {
    let env = ProptestConfig::default();
    ProptestConfig {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            env.cases
        } else {
            cases
        },
        rng_seed: if std::env::var_os("PROPTEST_RNG_SEED").is_some() {
            env.rng_seed
        } else {
            RngSeed::Fixed(0x6d35_f00d)
        },
        // No regression files: this test must not write into the source tree.
        failure_persistence: None,
        ..env
    }
}

/// A per-test directory, made once per thread.
macro_rules! dir {
    ($name:literal) => {{
        thread_local!(static DIR: PathBuf = test_dir(&format!("{}_{:?}", $name, std::thread::current().id())));
        DIR.with(|d| d.clone())
    }};
}

#[test]
fn unmutated_seeds_load_and_run() {
    // Sanity: the harness itself works on good input.
    for (_, b) in apprentice() {
        parse_class("seed", b).expect("apprentice class parses");
    }
    for b in library_seeds() {
        parse_class("seed", b).expect("library class parses");
    }
    let dir = test_dir("seeds");
    let files = apprentice_with(usize::MAX, &[]);
    check(&dir, &files, 0, "Apprentice", true);
}

proptest! {
    #![proptest_config(config(2000))]

    /// Arbitrary bytes, with and without a valid header.
    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..512), header in any::<bool>()) {
        let bytes = if header {
            let mut b = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61];
            b.extend_from_slice(&bytes);
            b
        } else {
            bytes
        };
        check(&dir!("random_bytes"), &[("Fuzz", &bytes)], 0, "Fuzz", true);
    }

    /// Mutations anywhere in an apprentice class; the others stay intact.
    #[test]
    fn mutated_apprentice(which in 0usize..3, muts in prop::collection::vec(mutation(), 1..6)) {
        let bytes = mutate(&apprentice()[which].1, &muts, None);
        check(&dir!("mutated"), &apprentice_with(which, &bytes), which, "Apprentice", true);
    }

    /// Mutations aimed at one method's Code attribute (max_stack, max_locals,
    /// code_length, bytecode), loaded: the link-time code checks must turn
    /// malformed bytecode into errors.
    #[test]
    fn mutated_apprentice_code(
        which in 0usize..3,
        method in any::<usize>(),
        muts in prop::collection::vec(mutation(), 1..4),
    ) {
        let bytes = mutate_code(&apprentice()[which].1, method, &muts);
        check(&dir!("code"), &apprentice_with(which, &bytes), which, "Apprentice", false);
    }

    /// As above, and what loads is run. Known to fail: the link-time checks
    /// do not check types (that needs a real verifier), and the interpreter
    /// panics on some mistyped code, e.g. `arraylength` on a non-array object,
    /// `getfield` on an object of another class, `laload` on an int[] (which
    /// desynchronizes the operand stack from its static depth). Run with
    /// `cargo test --test it -- loader_fuzz:: --ignored` once those are errors.
    #[test]
    fn mutated_apprentice_code_runs(
        which in 0usize..3,
        method in any::<usize>(),
        muts in prop::collection::vec(mutation(), 1..4),
    ) {
        let bytes = mutate_code(&apprentice()[which].1, method, &muts);
        check(&dir!("code_runs"), &apprentice_with(which, &bytes), which, "Apprentice", true);
    }

    /// Mutations of m5's library classes (parsed only: the library is
    /// embedded, so a class path copy would never be loaded in its place).
    #[test]
    fn mutated_library(which in any::<usize>(), muts in prop::collection::vec(mutation(), 1..6)) {
        let seeds = library_seeds();
        let seed = seeds[which % seeds.len()];
        let _ = parse_class("fuzz", &mutate(seed, &muts, None));
    }

    /// As above, aimed at the library classes' code.
    #[test]
    fn mutated_library_code(
        which in any::<usize>(),
        method in any::<usize>(),
        muts in prop::collection::vec(mutation(), 1..4),
    ) {
        let seeds = library_seeds();
        let _ = parse_class("fuzz", &mutate_code(seeds[which % seeds.len()], method, &muts));
    }
}
