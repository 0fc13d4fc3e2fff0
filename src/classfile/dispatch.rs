//! Which method a call runs, as the JVM specification says: method
//! resolution (JVMS 5.4.3.3 for classes, 5.4.3.4 for interfaces), overriding
//! (5.4.5: a private method never overrides; a package-private one only
//! within its run-time package, or through a chain of overrides), selection
//! for `invokevirtual`/`invokeinterface` (5.4.6: the receiver's class chain,
//! then the maximally-specific superinterface methods), and `invokespecial`'s
//! lookup (6.5, with ACC_SUPER). The interpreter, the explorer's reduction
//! and the prover all dispatch through `ClassTable::select`, so they cannot
//! disagree about it.

use rustc_hash::FxHashMap;

use super::{ACC_ABSTRACT, ACC_PRIVATE, ACC_STATIC};
use super::{ClassId, ClassTable, MethodId};

pub const ACC_PUBLIC: u16 = 0x0001;
pub const ACC_PROTECTED: u16 = 0x0004;
/// A class's ACC_SUPER flag (the bit ACC_SYNCHRONIZED has on methods).
pub const ACC_SUPER: u16 = 0x0020;

/// The method a call runs on an object, or the error the JVM throws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selected {
    Method(MethodId),
    /// The selected method is abstract, or none is selected and no
    /// maximally-specific superinterface method is concrete:
    /// AbstractMethodError.
    Abstract,
    /// Several maximally-specific superinterface methods are concrete:
    /// IncompatibleClassChangeError.
    Conflict(Vec<MethodId>),
}

/// The run-time package of a class (one class loader: its package name).
fn package(class: &str) -> &str {
    class.rsplit_once('/').map_or("", |(p, _)| p)
}

impl ClassTable {
    fn flags(&self, m: MethodId) -> u16 {
        self.method(m).flags
    }

    /// An instance (non-static) method `class` declares with this name and
    /// descriptor, private ones included.
    fn declared_instance(&self, class: ClassId, name: &str, desc: &str) -> Option<MethodId> {
        self.declared_method(class, name, desc)
            .filter(|m| !m.is_static())
            .map(|m| m.id)
    }

    /// JVMS 5.4.3.3: the maximally-specific superinterface methods of `c`
    /// with this name and descriptor (neither private nor static; none
    /// declared in a superinterface of another's declaring interface).
    pub fn maximally_specific(&self, c: ClassId, name: &str, desc: &str) -> Vec<MethodId> {
        let mut itfs: Vec<ClassId> = self.class(c).all_interfaces.iter().copied().collect();
        itfs.sort_unstable();
        let cands: Vec<MethodId> = itfs
            .iter()
            .filter_map(|&i| self.declared_method(i, name, desc))
            .filter(|m| m.flags & (ACC_PRIVATE | ACC_STATIC) == 0)
            .map(|m| m.id)
            .collect();
        cands
            .iter()
            .copied()
            .filter(|&m| {
                let home = self.method(m).class;
                !cands.iter().any(|&o| {
                    let other = self.method(o).class;
                    other != home && self.is_subclass(other, home)
                })
            })
            .collect()
    }

    /// JVMS 5.4.5: can `mc` override `ma` (same name and descriptor assumed)?
    /// Directly (neither private; `ma` public or protected, or in `mc`'s
    /// run-time package), or through a chain of such overrides by methods
    /// of the classes between them: reachability along the superclass
    /// chain, computed from `ma` down (no recursion: chains may be long).
    pub fn can_override(&self, mc: MethodId, ma: MethodId) -> bool {
        let a = self.method(ma);
        if self.directly_overrides(mc, ma) {
            return true;
        }
        if self.flags(mc) & ACC_PRIVATE != 0 || a.flags & ACC_PRIVATE != 0 {
            return false;
        }
        // The methods of this name and descriptor declared between them,
        // nearest `ma` first; `reaches[k]`: between[k] can override `ma`.
        let chain = &self.class(self.method(mc).class).supers;
        let mut between: Vec<MethodId> = chain
            .iter()
            .skip(1)
            .take_while(|&&b| b != a.class)
            .filter(|&&b| self.is_subclass(b, a.class))
            .filter_map(|&b| self.declared_instance(b, &a.name, &a.desc))
            .filter(|&mb| mb != ma)
            .collect();
        between.reverse();
        let mut reaches: Vec<bool> = Vec::with_capacity(between.len());
        for (k, &mb) in between.iter().enumerate() {
            let r = self.directly_overrides(mb, ma)
                || (0..k).any(|j| reaches[j] && self.directly_overrides(mb, between[j]));
            reaches.push(r);
        }
        between
            .iter()
            .zip(&reaches)
            .any(|(&mb, &r)| r && self.directly_overrides(mc, mb))
    }

    /// JVMS 5.4.5 without the chain: neither private, and `ma` public,
    /// protected, or in `mc`'s run-time package.
    fn directly_overrides(&self, mc: MethodId, ma: MethodId) -> bool {
        let (c, a) = (self.method(mc), self.method(ma));
        if c.flags & ACC_PRIVATE != 0 || a.flags & ACC_PRIVATE != 0 {
            return false;
        }
        a.flags & (ACC_PUBLIC | ACC_PROTECTED) != 0
            || package(&c.class_name) == package(&a.class_name)
    }

    /// JVMS 5.4.6, computed: the method `invokevirtual`/`invokeinterface`
    /// of `resolved` runs on an object of class `c`.
    pub(super) fn compute_select(&self, c: ClassId, resolved: MethodId) -> Selected {
        let r = self.method(resolved);
        if r.flags & ACC_PRIVATE != 0 {
            return Selected::Method(resolved);
        }
        for &s in &self.class(c).supers {
            if let Some(m) = self.declared_instance(s, &r.name, &r.desc)
                && self.can_override(m, resolved)
            {
                return if self.flags(m) & ACC_ABSTRACT != 0 {
                    Selected::Abstract
                } else {
                    Selected::Method(m)
                };
            }
        }
        let concrete: Vec<MethodId> = self
            .maximally_specific(c, &r.name, &r.desc)
            .into_iter()
            .filter(|&m| self.flags(m) & ACC_ABSTRACT == 0)
            .collect();
        match concrete.len() {
            0 => Selected::Abstract,
            1 => Selected::Method(concrete[0]),
            _ => Selected::Conflict(concrete),
        }
    }

    /// The method `invokevirtual`/`invokeinterface` of `resolved` runs on an
    /// object of class `c` (precomputed at link time for every method of
    /// every supertype).
    pub fn select(&self, c: ClassId, resolved: MethodId) -> Selected {
        if self.flags(resolved) & ACC_PRIVATE != 0 {
            return Selected::Method(resolved);
        }
        match self.class(c).dispatch.get(&resolved) {
            Some(s) => s.clone(),
            None => self.compute_select(c, resolved),
        }
    }

    /// Every selection an object of class `c` can need: for each instance
    /// method (not private) of its class chain and superinterfaces.
    /// `inherited` is its superclass's table: a class that adds no
    /// superinterface selects as its superclass does for every method
    /// whose name and descriptor it does not declare itself (the selection
    /// scans the class chain from `c`, then the same superinterfaces), so
    /// only those are computed again — linear, not quadratic, in the depth
    /// of a class chain.
    pub(super) fn dispatch_table(
        &self,
        c: ClassId,
        inherited: Option<&FxHashMap<MethodId, Selected>>,
    ) -> FxHashMap<MethodId, Selected> {
        let class = self.class(c);
        let mut out = FxHashMap::default();
        if class.is_interface() {
            return out;
        }
        let eligible = |m: MethodId| {
            let mm = self.method(m);
            mm.flags & (ACC_PRIVATE | ACC_STATIC) == 0 && !mm.name.starts_with('<')
        };
        if let (Some(sup), Some(table)) = (class.super_id, inherited)
            && class.all_interfaces.len() == self.class(sup).all_interfaces.len()
        {
            let declares = |m: MethodId| {
                let mm = self.method(m);
                self.declared_method(c, &mm.name, &mm.desc).is_some()
            };
            out = table.clone();
            for (&m, sel) in out.iter_mut() {
                if declares(m) {
                    *sel = self.compute_select(c, m);
                }
            }
            for &m in class.methods.iter().filter(|&&m| eligible(m)) {
                out.insert(m, self.compute_select(c, m));
            }
            return out;
        }
        let homes = class.supers.iter().chain(class.all_interfaces.iter());
        for &h in homes {
            for &m in self.class(h).methods.iter().filter(|&&m| eligible(m)) {
                out.insert(m, self.compute_select(c, m));
            }
        }
        out
    }

    /// Method resolution (JVMS 5.4.3.3 for a class, 5.4.3.4 for an
    /// interface) of `name desc` in class `c`.
    pub fn resolve_method(&self, c: ClassId, name: &str, desc: &str) -> Option<MethodId> {
        let class = self.class(c);
        if class.is_interface() {
            if let Some(m) = self.declared_method(c, name, desc) {
                return Some(m.id);
            }
            // Object's public instance methods.
            if let Some(obj) = self.id("java/lang/Object")
                && let Some(m) = self.declared_method(obj, name, desc)
                && m.flags & ACC_PUBLIC != 0
                && !m.is_static()
            {
                return Some(m.id);
            }
        } else {
            for &s in &class.supers {
                if let Some(m) = self.declared_method(s, name, desc) {
                    return Some(m.id);
                }
            }
        }
        let max = self.maximally_specific(c, name, desc);
        let concrete: Vec<MethodId> = max
            .iter()
            .copied()
            .filter(|&m| self.flags(m) & ACC_ABSTRACT == 0)
            .collect();
        if concrete.len() == 1 {
            return Some(concrete[0]);
        }
        if let Some(&m) = max.first() {
            return Some(m);
        }
        // Any superinterface method (neither private nor static).
        let mut itfs: Vec<ClassId> = class.all_interfaces.iter().copied().collect();
        itfs.sort_unstable();
        itfs.into_iter()
            .filter_map(|i| self.declared_method(i, name, desc))
            .find(|m| m.flags & (ACC_PRIVATE | ACC_STATIC) == 0)
            .map(|m| m.id)
    }

    /// `invokespecial` (JVMS 6.5) of `resolved`, named through class
    /// `named`, in code of class `current`.
    pub fn select_special(&self, current: ClassId, named: ClassId, resolved: MethodId) -> Selected {
        let r = self.method(resolved);
        let cur = self.class(current);
        let n = self.class(named);
        let c = match cur.super_id {
            Some(sup)
                if &*r.name != "<init>"
                    && !n.is_interface()
                    && named != current
                    && self.is_subclass(current, named)
                    && cur.flags & ACC_SUPER != 0 =>
            {
                sup
            }
            _ => named,
        };
        let class = self.class(c);
        let found = if class.is_interface() {
            self.declared_instance(c, &r.name, &r.desc).or_else(|| {
                let obj = self.id("java/lang/Object")?;
                self.declared_instance(obj, &r.name, &r.desc)
                    .filter(|&m| self.flags(m) & ACC_PUBLIC != 0)
            })
        } else {
            class
                .supers
                .iter()
                .find_map(|&s| self.declared_instance(s, &r.name, &r.desc))
        };
        if let Some(m) = found {
            return if self.flags(m) & ACC_ABSTRACT != 0 {
                Selected::Abstract
            } else {
                Selected::Method(m)
            };
        }
        let concrete: Vec<MethodId> = self
            .maximally_specific(c, &r.name, &r.desc)
            .into_iter()
            .filter(|&m| self.flags(m) & ACC_ABSTRACT == 0)
            .collect();
        match concrete.len() {
            0 => Selected::Abstract,
            1 => Selected::Method(concrete[0]),
            _ => Selected::Conflict(concrete),
        }
    }
}
