//! Hashes computed once per version: the per-thread and per-object cache
//! (`HashCache`), the thread table and heap that hash through it (`Table`),
//! and the other model containers that keep theirs beside them (`Versioned`).
//! So the model's derived `Hash` (the explorer's fingerprint) costs one
//! cached value per thread, object and container that did not change.

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use xxhash_rust::xxh3::{Xxh3, xxh3_128};

/// XXH3-128 of anything hashable.
pub fn hash128<T: Hash + ?Sized>(x: &T) -> u128 {
    let mut h = Buffered {
        buf: [0; BUFFERED],
        len: 0,
        stream: None,
    };
    x.hash(&mut h);
    h.digest128()
}

const BUFFERED: usize = 256;

/// Collects what a value's `Hash` feeds (mostly a few bytes at a time) and
/// hashes it in one go: XXH3's streaming state costs more per small write
/// than the whole one-shot hash of a thread or an object. Longer inputs
/// stream in buffer-sized chunks (XXH3 streamed equals XXH3 one-shot).
struct Buffered {
    buf: [u8; BUFFERED],
    len: usize,
    stream: Option<Box<Xxh3>>,
}

impl Buffered {
    fn digest128(&self) -> u128 {
        match &self.stream {
            None => xxh3_128(&self.buf[..self.len]),
            Some(s) => {
                let mut s = s.clone();
                s.update(&self.buf[..self.len]);
                s.digest128()
            }
        }
    }
}

impl Buffered {
    /// A fixed-size write: a plain store when it fits.
    #[inline(always)]
    fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        if self.len + N <= BUFFERED {
            self.buf[self.len..self.len + N].copy_from_slice(&bytes);
            self.len += N;
        } else {
            self.write(&bytes);
        }
    }
}

impl Hasher for Buffered {
    #[inline(always)]
    fn write_u8(&mut self, i: u8) {
        self.put(i.to_le_bytes());
    }
    #[inline(always)]
    fn write_u32(&mut self, i: u32) {
        self.put(i.to_le_bytes());
    }
    #[inline(always)]
    fn write_u64(&mut self, i: u64) {
        self.put(i.to_le_bytes());
    }
    #[inline(always)]
    fn write_u128(&mut self, i: u128) {
        self.put(i.to_le_bytes());
    }
    #[inline(always)]
    fn write_usize(&mut self, i: usize) {
        self.put(i.to_le_bytes());
    }
    fn write(&mut self, bytes: &[u8]) {
        if self.len + bytes.len() <= BUFFERED {
            self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
            self.len += bytes.len();
            return;
        }
        let s = self.stream.get_or_insert_with(|| Box::new(Xxh3::new()));
        s.update(&self.buf[..self.len]);
        self.len = 0;
        if bytes.len() > BUFFERED {
            s.update(bytes);
        } else {
            self.buf[..bytes.len()].copy_from_slice(bytes);
            self.len = bytes.len();
        }
    }
    fn finish(&self) -> u64 {
        self.digest128() as u64
    }
}

/// A fingerprint computed once per object or thread version (the explorer's
/// visited set hashes states by combining them). Equality and hashing ignore
/// it, cloning empties it, and every mutable accessor resets it, so it is
/// never stale.
#[derive(Default, Debug)]
pub struct HashCache(OnceLock<u128>);

impl HashCache {
    pub fn get_or(&self, f: impl FnOnce() -> u128) -> u128 {
        *self.0.get_or_init(f)
    }
    pub fn reset(&mut self) {
        self.0 = OnceLock::new();
    }
}
impl Clone for HashCache {
    fn clone(&self) -> Self {
        HashCache::default()
    }
}
impl PartialEq for HashCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for HashCache {}
impl Hash for HashCache {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// A thread or an object: hashed once per version through its own cache.
pub trait Cached: Hash {
    fn cache(&self) -> &HashCache;
}

/// The thread table or the heap: persistent vectors of shared entries.
/// Its hash is the length and each entry's cached hash (`State::thread_mut`
/// and `State::object_mut` reset an entry's cache when they hand it out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table<T>(im::Vector<Arc<T>>);

impl<T> Table<T> {
    pub fn new() -> Self {
        Table(im::Vector::new())
    }
}
impl<T> Default for Table<T> {
    fn default() -> Self {
        Table::new()
    }
}
impl<T> Deref for Table<T> {
    type Target = im::Vector<Arc<T>>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}
impl<T> DerefMut for Table<T> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}
impl<'a, T> IntoIterator for &'a Table<T> {
    type Item = &'a Arc<T>;
    type IntoIter = im::vector::Iter<'a, Arc<T>>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
impl<T: Cached> Hash for Table<T> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0.len() as u64);
        for e in &self.0 {
            h.write_u128(e.cache().get_or(|| hash128(&**e)));
        }
    }
}

/// A model container (static fields, interned strings, ...) with the hash
/// of its current version. These change rarely and most steps share them
/// with their parent state: cloning keeps the hash (the copy is equal), and
/// every mutable access resets it, so it is never stale.
#[derive(Clone, Debug, Default)]
pub struct Versioned<T> {
    value: T,
    hash: Memo,
}

impl<T> Versioned<T> {
    pub fn new(value: T) -> Self {
        Versioned {
            value,
            hash: Memo::default(),
        }
    }
}
impl<T> From<T> for Versioned<T> {
    fn from(value: T) -> Self {
        Versioned::new(value)
    }
}
impl<T> Deref for Versioned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}
impl<T> DerefMut for Versioned<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.hash.clear();
        &mut self.value
    }
}
impl<'a, T> IntoIterator for &'a Versioned<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (&self.value).into_iter()
    }
}
impl<T: PartialEq> PartialEq for Versioned<T> {
    fn eq(&self, o: &Self) -> bool {
        self.value == o.value
    }
}
impl<T: Eq> Eq for Versioned<T> {}
impl<T: Hash> Hash for Versioned<T> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u128(self.hash.get_or(|| hash128(&self.value)));
    }
}

/// A `Versioned` container's hash once computed: copied with it (cheaper
/// than `OnceLock`'s clone). Threads that race to fill it write the same
/// value (the container cannot change while shared), so any interleaving
/// reads that value.
#[derive(Debug, Default)]
struct Memo {
    set: AtomicBool,
    lo: AtomicU64,
    hi: AtomicU64,
}

impl Memo {
    fn get_or(&self, f: impl FnOnce() -> u128) -> u128 {
        if self.set.load(Ordering::Acquire) {
            let lo = self.lo.load(Ordering::Relaxed);
            let hi = self.hi.load(Ordering::Relaxed);
            return u128::from(hi) << 64 | u128::from(lo);
        }
        let v = f();
        self.lo.store(v as u64, Ordering::Relaxed);
        self.hi.store((v >> 64) as u64, Ordering::Relaxed);
        self.set.store(true, Ordering::Release);
        v
    }
    fn clear(&mut self) {
        *self.set.get_mut() = false;
    }
}

impl Clone for Memo {
    fn clone(&self) -> Self {
        let set = self.set.load(Ordering::Acquire);
        Memo {
            set: AtomicBool::new(set),
            lo: AtomicU64::new(self.lo.load(Ordering::Relaxed)),
            hi: AtomicU64::new(self.hi.load(Ordering::Relaxed)),
        }
    }
}
