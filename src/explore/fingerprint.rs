//! The explorer's 128-bit fingerprint of a state: the model's hash (`Model`,
//! the one definition of "same state") plus the extras the search needs,
//! named here and nowhere else.

use std::hash::{Hash, Hasher};

use xxhash_rust::xxh3::xxh3_128;

use crate::state::State;
use crate::state::versioned::hash128;

/// XXH3-128 of a state's model and the search's extras. Threads, objects
/// and the other model containers cache their own hash per version
/// (`state::versioned`), so a state costs one cached value per thread,
/// object and container plus one hash of those.
pub fn of(s: &State) -> u128 {
    let mut h = Bytes(Vec::with_capacity(
        16 * (s.threads.len() + s.heap.len() + 12),
    ));
    s.model.hash(&mut h);
    // The extras: bookkeeping that is not the program's state, but that
    // the search reads across a step, so states that differ in it are kept
    // apart.
    // - The last uncaught exception: a new one is a violation (`uncaught`).
    s.aux.last_uncaught.hash(&mut h);
    // - The open segments at the sync granularity: a later access is checked
    //   against them for races (`race::segment`).
    crate::race::segment::fingerprint(s).hash(&mut h);
    // - Output, kept only when determinism is checked: then it is part of
    //   what the rest of the execution prints.
    let printed = !s.aux.out.is_empty() || !s.aux.err.is_empty();
    printed
        .then(|| hash128(&(&s.aux.out, &s.aux.err)))
        .hash(&mut h);
    xxh3_128(&h.0)
}

/// A hasher that only collects what it is fed, hashed at once at the end
/// (XXH3 one-shot over the buffer is faster than fed in small pieces).
struct Bytes(Vec<u8>);

impl Hasher for Bytes {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
    fn finish(&self) -> u64 {
        xxh3_128(&self.0) as u64
    }
}
