//! m5's model of the Java library: small Java classes (sources in
//! `src/library/java`, compiled by `src/library/build.sh`), embedded in the
//! binary and interpreted like user code, with a few true natives beneath
//! them (see `interp::natives`).

include!(concat!(env!("OUT_DIR"), "/library_classes.rs"));

/// The embedded class file of a library class, by internal name.
pub fn lookup(name: &str) -> Option<&'static [u8]> {
    CLASSES
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| CLASSES[i].1)
}
