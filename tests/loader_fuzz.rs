//! Property tests: the loader (and, for what loads, a bounded run) never
//! panics on bad class files. Inputs are random byte vectors and mutations
//! (byte flips, truncations, insertions, deletions) of real class files:
//! javac's `classfiles/apprentice/*.class` and m5's own library classes.
//! The result may be `Ok` or `Err`; a panic fails the test.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use proptest::prelude::*;

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

/// A fresh directory for one test's class path.
fn test_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("loader_fuzz")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// Writes `files` into `dir`, loads `main` from it and, if that works, runs
/// it for a bounded number of steps. Errors are fine; panics are not.
fn load_and_run(dir: &Path, files: &[(&str, &[u8])], main: &str) {
    for (name, bytes) in files {
        std::fs::write(dir.join(format!("{name}.class")), bytes).expect("write class file");
    }
    let cp = ClassPath::parse(dir.to_str().expect("utf-8 temp dir")).expect("temp dir exists");
    let Ok(table) = ClassTable::load(&cp, &[main], &m5::interp::natives::bind) else {
        return;
    };
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

fn config(cases: u32) -> ProptestConfig {
    // No regression files: this test must not write into the source tree.
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
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
    load_and_run(&dir, &files, "Apprentice");
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
        let _ = parse_class("fuzz", &bytes);
        thread_local!(static DIR: PathBuf = test_dir(&format!("random_bytes_{:?}", std::thread::current().id())));
        DIR.with(|dir| load_and_run(dir, &[("Fuzz", &bytes)], "Fuzz"));
    }

    /// Mutations anywhere in an apprentice class; the others stay intact.
    #[test]
    fn mutated_apprentice(which in 0usize..3, muts in prop::collection::vec(mutation(), 1..6)) {
        let bytes = mutate(&apprentice()[which].1, &muts, None);
        let _ = parse_class("fuzz", &bytes);
        thread_local!(static DIR: PathBuf = test_dir(&format!("mutated_{:?}", std::thread::current().id())));
        DIR.with(|dir| load_and_run(dir, &apprentice_with(which, &bytes), "Apprentice"));
    }

    /// Mutations aimed at one method's Code attribute (max_stack, max_locals,
    /// code_length, bytecode): what loads may still be malformed bytecode.
    #[test]
    fn mutated_apprentice_code(
        which in 0usize..3,
        method in any::<usize>(),
        muts in prop::collection::vec(mutation(), 1..4),
    ) {
        let seed = &apprentice()[which].1;
        let ranges = code_ranges(seed);
        let range = ranges[method % ranges.len()].clone();
        let bytes = mutate(seed, &muts, Some(range));
        let _ = parse_class("fuzz", &bytes);
        thread_local!(static DIR: PathBuf = test_dir(&format!("code_{:?}", std::thread::current().id())));
        DIR.with(|dir| load_and_run(dir, &apprentice_with(which, &bytes), "Apprentice"));
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
        let seed = seeds[which % seeds.len()];
        let ranges = code_ranges(seed);
        prop_assume!(!ranges.is_empty());
        let range = ranges[method % ranges.len()].clone();
        let _ = parse_class("fuzz", &mutate(seed, &muts, Some(range)));
    }
}
