//! The data of the race check's open segments (`race::segment` owns the
//! logic): kept on every state (`Aux::segments`) as plain data, so that
//! cloning a state copies it without a dynamic type.

use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;

use super::{Ref, ThreadId};
use crate::classfile::Method;

/// A shared variable a step may read or write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// A static field, by its global slot.
    Static(u32),
    /// An instance field, by object and slot.
    Field(Ref, u32),
    /// An array element.
    Element(Ref, i32),
    /// An object's monitor (entering and leaving both count as writes).
    Monitor(Ref),
}

/// One of the two accesses of a race.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    pub thread: ThreadId,
    pub write: bool,
    /// `Class.method pc N (File.java:L)`.
    pub at: String,
}

/// Two accesses to `location`, the first made before the second, that
/// happens-before does not order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub location: String,
    pub first: Side,
    pub second: Side,
}

/// Where and when an access of an open segment was made.
#[derive(Clone, Debug)]
pub struct Mark {
    /// Steps from the search's initial state before this one (its index in
    /// the witness).
    pub(crate) step: u64,
    pub(crate) method: Arc<Method>,
    pub(crate) pc: u32,
}

/// The first plain read, plain write, atomic read and atomic write of one
/// location in a segment (indexed by [`kind`]).
#[derive(Clone, Debug, Default)]
pub struct Entry {
    pub(crate) first: [Option<Mark>; 4],
}

/// One thread's open segment.
#[derive(Debug, Default)]
pub struct Open {
    pub(crate) entries: FxHashMap<Location, Entry>,
    /// Hash of (location, read, written) over the entries, order-free.
    pub(crate) hash: OnceLock<u128>,
}

impl Clone for Open {
    fn clone(&self) -> Self {
        Open {
            entries: self.entries.clone(),
            hash: OnceLock::new(),
        }
    }
}

impl Open {
    pub fn hash(&self) -> u128 {
        *self.hash.get_or_init(|| {
            self.entries.iter().fold(0u128, |acc, (l, e)| {
                let seen = e.first.each_ref().map(Option::is_some);
                acc.wrapping_add(super::versioned::hash128(&(l, seen)))
            })
        })
    }
}

/// A race found while recording an access: the race, and the witness
/// index of its first access.
#[derive(Clone, Debug)]
pub struct Found {
    /// Sides in witness order: with `adjacent`, the lower thread number
    /// first, as `race::pending` orders two pending accesses; without, the
    /// earlier access first.
    pub race: Race,
    /// The thread whose open segment had the earlier access, and that
    /// access's witness index.
    pub earlier: ThreadId,
    pub earlier_step: u64,
    /// The two accesses can be made the last two steps of the witness (no
    /// thread read an atomic variable in between, so nothing after the
    /// earlier access can have depended on the earlier thread's later
    /// steps without ordering the two accesses).
    pub adjacent: bool,
}

/// The open segments of a state's threads (empty unless the search runs at
/// the sync granularity, or records them at the others: see
/// `explore::transition`).
#[derive(Clone, Debug, Default)]
pub struct Segments {
    pub(crate) open: Vec<Option<Arc<Open>>>,
    /// Steps taken since the search's initial state.
    pub(crate) steps: u64,
    /// The race found on the step that led here, if any.
    pub(crate) race: Option<Arc<Found>>,
    /// The step of the last `VarHandle` or `Unsafe` read the program made
    /// (for witnesses only: an opaque read may see a write it is not
    /// ordered after).
    pub(crate) atomic_read: Option<u64>,
}
