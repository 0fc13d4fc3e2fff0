//! The lock discipline of array elements (rccjava's `elems_guarded_by`),
//! by allocation site (`arrays`): the candidates of each site, what the
//! checker refutes at each element access, and the final check's warnings.
//! An access made while the array is not yet shared (`initializing`)
//! refutes nothing, as a constructor's accesses of its own fields do not.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::arrays::{Arrays, ElemAccess};
use super::events::{Path, Site, dotted};
use super::houdini::{MethodFacts, RequiresIndex, held_at, holds, locks};
use super::program::Program;
use super::sharing::{Shared, root};
use super::{Annotation, ArraySite, Lock, Options, Warning};

/// The candidates of every site with element accesses: `elems_readonly`,
/// and `elems_guarded_by L` for each of `elem_locks`.
pub(super) fn candidates(p: &Program, arrays: &Arrays, opts: &Options) -> Vec<Annotation> {
    let mut candidates = Vec::new();
    let by_site = arrays.by_site();
    for (a, accesses) in by_site.iter().enumerate() {
        if accesses.is_empty() {
            continue;
        }
        let array = arrays.sites[a].clone();
        candidates.push(Annotation::ElemsReadOnly {
            array: array.clone(),
        });
        for lock in elem_locks(p, arrays, a, opts) {
            candidates.push(Annotation::ElemsGuardedBy {
                array: array.clone(),
                lock,
            });
        }
    }
    candidates
}

/// Is `lock` held at an element access? `this` and final fields are the
/// object's whose field held the array; `the array` is its own monitor.
fn holds_elem(lock: &Lock, a: &ElemAccess, held: &[Path]) -> bool {
    match lock {
        Lock::Array => a.path.as_ref().is_some_and(|p| held.contains(p)),
        _ => holds(lock, a.owner.as_ref(), held),
    }
}

/// Is an element access of site `s` made while no other thread can reach
/// the array? On an array its method allocated and has not let go of; on
/// `this`'s array in a constructor (cons_lock); in the `<clinit>` that
/// allocated it (class initialization happens before any other use).
fn initializing(m: &MethodFacts, a: &ElemAccess, s: &ArraySite) -> bool {
    a.fresh
        || (m.constructing && a.owner == Some(Path::Param(0)))
        || (m.is_clinit
            && s.via.is_none()
            && s.site.class == m.class
            && s.site.method == m.name
            && s.site.desc == m.desc)
}

/// Candidate locks of the elements of site `a`: the holder object (`this`)
/// and its final fields, when instance fields hold the array; the array
/// itself; the class and static finals of the allocating class and of
/// classes whose statics hold it; MainLock.
fn elem_locks(p: &Program, arrays: &Arrays, a: usize, opts: &Options) -> Vec<Lock> {
    let mut out = Vec::new();
    // A lambda's captured values are its fields; nobody locks a lambda.
    let holders: Vec<&Arc<str>> = arrays.field_holders[a]
        .iter()
        .filter(|c| !p.get(c).is_some_and(|k| k.raw.lambda))
        .collect();
    if !holders.is_empty() {
        out.push(Lock::This);
        for c in holders {
            out.extend(
                locks(p, c, false, opts)
                    .into_iter()
                    .filter(|l| matches!(l, Lock::Final(_))),
            );
        }
    }
    out.push(Lock::Array);
    let mut classes = vec![arrays.sites[a].site.class.clone()];
    classes.extend(arrays.static_holders[a].iter().cloned());
    for c in &classes {
        out.extend(
            locks(p, c, true, opts)
                .into_iter()
                .filter(|l| !matches!(l, Lock::Main)),
        );
    }
    if opts.main_lock {
        out.push(Lock::Main);
    }
    let mut seen = FxHashSet::default();
    out.retain(|l| seen.insert(l.clone()));
    out
}

/// The checker on element accesses: each valid element annotation an
/// access breaks goes to `note` (annotation, why, where).
pub(super) fn refute(
    facts: &[MethodFacts],
    valid: &FxHashSet<Annotation>,
    arrays: &Arrays,
    requires: &RequiresIndex,
    note: &mut impl FnMut(Annotation, String, Option<Site>),
) {
    let mut elem_guards: FxHashMap<u32, Vec<&Lock>> = FxHashMap::default();
    for a in valid {
        if let Annotation::ElemsGuardedBy { array, lock } = a
            && let Some(&i) = arrays.index.get(array)
        {
            elem_guards.entry(i).or_default().push(lock);
        }
    }
    for acc in &arrays.accesses {
        let m = &facts[acc.method];
        let all = held_at(m, requires, &acc.held);
        let what = match (&acc.via, acc.write) {
            (None, true) => "written".to_string(),
            (None, false) => "read".to_string(),
            (Some(v), true) => format!("written by {v}"),
            (Some(v), false) => format!("read by {v}"),
        };
        for &a in &acc.sites {
            let site = &arrays.sites[a as usize];
            if initializing(m, acc, site) {
                continue;
            }
            for lock in elem_guards.get(&a).into_iter().flatten() {
                if !holds_elem(lock, acc, &all) {
                    note(
                        Annotation::ElemsGuardedBy {
                            array: site.clone(),
                            lock: (*lock).clone(),
                        },
                        format!("{what} without holding {}", lock.show()),
                        Some(acc.site.clone()),
                    );
                }
            }
            let ro = Annotation::ElemsReadOnly {
                array: site.clone(),
            };
            if acc.write && valid.contains(&ro) {
                note(
                    ro,
                    format!("{what} where other threads may reach the array"),
                    Some(acc.site.clone()),
                );
            }
        }
    }
}

/// The final check of array elements: each shared allocation site with
/// no valid guard that is not readonly.
pub(super) fn warnings(
    p: &Program,
    facts: &[MethodFacts],
    valid: &FxHashSet<Annotation>,
    shared: &FxHashMap<Arc<str>, Shared>,
    arrays: &Arrays,
) -> Vec<Warning> {
    let guarded: FxHashSet<&ArraySite> = valid
        .iter()
        .filter_map(|a| match a {
            Annotation::ElemsGuardedBy { array, .. } => Some(array),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for (a, accesses) in arrays.by_site().iter().enumerate() {
        let site = &arrays.sites[a];
        let Some(why) = arrays.shared.get(&(a as u32)) else {
            continue;
        };
        let readonly = valid.contains(&Annotation::ElemsReadOnly {
            array: site.clone(),
        });
        if accesses.is_empty() || readonly || guarded.contains(site) {
            continue;
        }
        let first = accesses
            .iter()
            .find(|acc| !initializing(&facts[acc.method], acc, site))
            .unwrap_or(&accesses[0]);
        out.push(Warning {
            class: site.site.class.clone(),
            field: site.show().into(),
            array: Some(site.clone()),
            is_static: false,
            message: format!(
                "elements of '{}' must be guarded: the array is thread-shared ({})",
                site.show(),
                why.why
            ),
            file: p
                .get(&first.site.class)
                .map_or_else(|| dotted(&first.site.class), |c| c.file()),
            site: first.site.clone(),
            accesses: accesses
                .iter()
                .map(|acc| (acc.site.clone(), acc.write))
                .collect(),
            cluster: why.from.as_ref().and_then(|c| root(shared, c)),
            user: false,
            confirmation: None,
        });
    }
    out
}
