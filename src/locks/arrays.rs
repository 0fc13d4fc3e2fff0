//! Array elements as locations of the lock discipline. rccjava treats the
//! elements of an array like fields of the array object, guarded by a lock
//! its type names; on class files m5 names arrays by their allocation site
//! (every array one `newarray` makes is one abstract location) and finds
//! which sites each element access may touch by a flow-insensitive
//! points-to analysis over the program: array references flow through
//! locals (`events`), fields, statics, elements of other arrays, parameters
//! and results of the program's methods.
//!
//! Methods outside the program (the JDK, m5's model library) read and
//! write the program's arrays on its behalf: `new String(chars)` copies
//! `chars`, `Arrays.fill` writes its argument. Their bytecode is read as
//! `m5 run` loads it (model library first) and summarised per parameter:
//! elements read, written, the reference kept (stored where later code
//! reaches it) or returned. Natives: `System.arraycopy` reads its source
//! and writes its destination, an array's `clone` reads it (what
//! `race::native_accesses` says the dynamic checks see); other natives
//! touch no program array. Such an access counts at the call.
//!
//! An allocation site is shared when an array made there may be held in a
//! static field, in a field of a thread-shared class, in an element of a
//! shared array, or kept by a method outside the program.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::classfile::InvokeKind;
use crate::classfile::parse::{ACC_NATIVE, RawClass};

use super::ArraySite;
use super::events::{self, ArrayArg, Event, Path, Sink, Site, Src, Srcs, dotted};
use super::houdini::{MethodFacts, Shared};
use super::program::Program;

/// What a method outside the program does with its array arguments, by
/// parameter slot (the receiver is 0).
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub read: Vec<u16>,
    pub write: Vec<u16>,
    /// Stored where code after the call can reach it.
    pub keep: Vec<u16>,
    /// Returned.
    pub returns: Vec<u16>,
    /// May return an array that is none of its arguments.
    pub returns_other: bool,
    /// No code to read (abstract, not found, calls nested too deep): every
    /// array argument is taken as read and written.
    pub unknown: bool,
}

impl Summary {
    fn unknown() -> Summary {
        Summary {
            unknown: true,
            returns_other: true,
            ..Summary::default()
        }
    }
    pub fn reads(&self, slot: u16) -> bool {
        self.unknown || self.read.contains(&slot)
    }
    pub fn writes(&self, slot: u16) -> bool {
        self.unknown || self.write.contains(&slot)
    }
    pub fn keeps(&self, slot: u16) -> bool {
        self.keep.contains(&slot)
    }
}

/// `summary`'s memo, by class and selector (None: being computed).
pub(super) type Summaries = FxHashMap<(Arc<str>, Arc<str>), Option<Arc<Summary>>>;

fn add(v: &mut Vec<u16>, k: u16) {
    if !v.contains(&k) {
        v.push(k);
    }
}

/// Calls nested deeper than this in code outside the program are unknown.
const MAX_DEPTH: usize = 12;

/// The summary of `class.name desc` as a call selects it statically (the
/// class, then its superclasses, then default methods). A method that is
/// being summarised when a call reaches it again (recursion) counts as
/// doing nothing there: its own accesses are in its own summary.
pub fn summary(p: &Program, class: &str, name: &str, desc: &str) -> Arc<Summary> {
    summary_at(p, class, name, desc, 0)
}

fn summary_at(p: &Program, class: &str, name: &str, desc: &str, depth: usize) -> Arc<Summary> {
    if class.starts_with('[') {
        // Arrays' only own method: `clone` reads every element.
        let mut s = Summary::default();
        if name == "clone" {
            s.read.push(0);
            s.returns_other = true;
        }
        return Arc::new(s);
    }
    let key: (Arc<str>, Arc<str>) = (class.into(), format!("{name}{desc}").into());
    if let Some(s) = p.summaries.lock().expect("summaries").get(&key) {
        return s.clone().unwrap_or_default();
    }
    if depth > MAX_DEPTH {
        return Arc::new(Summary::unknown());
    }
    p.summaries
        .lock()
        .expect("summaries")
        .insert(key.clone(), None);
    let s = Arc::new(compute(p, class, name, desc, depth));
    p.summaries
        .lock()
        .expect("summaries")
        .insert(key, Some(s.clone()));
    s
}

fn compute(p: &Program, class: &str, name: &str, desc: &str, depth: usize) -> Summary {
    let Some((decl, i)) = resolve(p, class, name, desc) else {
        return Summary::unknown();
    };
    let m = &decl.methods[i];
    if m.flags & ACC_NATIVE != 0 {
        let mut s = Summary::default();
        if &*decl.name == "java/lang/System" && name == "arraycopy" {
            s.read.push(0);
            s.write.push(2);
        }
        return s;
    }
    if m.code.is_empty() {
        return Summary::unknown();
    }
    let params = |srcs: &Srcs| -> Vec<u16> {
        srcs.iter()
            .filter_map(|x| match x {
                Src::Param(k) => Some(*k),
                _ => None,
            })
            .collect()
    };
    let mut s = Summary::default();
    for e in events::of_method(p, &decl.name, m) {
        match e {
            Event::Array { srcs, write, .. } => {
                for k in params(&srcs) {
                    add(if write { &mut s.write } else { &mut s.read }, k);
                }
            }
            Event::Flow { from, to } => {
                if let Sink::Return = to {
                    for k in params(&from) {
                        add(&mut s.returns, k);
                    }
                    s.returns_other |= from.iter().any(|x| !matches!(x, Src::Param(_)));
                } else {
                    for k in params(&from) {
                        add(&mut s.keep, k);
                    }
                }
            }
            Event::Call {
                class,
                name,
                desc,
                arrays,
                ..
            } if arrays.iter().any(|a| !params(&a.srcs).is_empty()) => {
                let c = summary_at(p, &class, &name, &desc, depth + 1);
                for a in &arrays {
                    for k in params(&a.srcs) {
                        if c.reads(a.slot) {
                            add(&mut s.read, k);
                        }
                        if c.writes(a.slot) {
                            add(&mut s.write, k);
                        }
                        if c.keeps(a.slot) {
                            add(&mut s.keep, k);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    s
}

/// The class file and index of the method a call of `class.name desc`
/// selects statically.
fn resolve(p: &Program, class: &str, name: &str, desc: &str) -> Option<(Arc<RawClass>, usize)> {
    let mut todo: Vec<Arc<str>> = vec![class.into()];
    let mut interfaces: Vec<Arc<str>> = Vec::new();
    let mut seen: FxHashSet<Arc<str>> = FxHashSet::default();
    while let Some(c) = todo.pop() {
        if !seen.insert(c.clone()) {
            continue;
        }
        let Some(raw) = p.outside_class(&c) else {
            continue;
        };
        if let Some(i) = raw
            .methods
            .iter()
            .position(|m| &*m.name == name && &*m.desc == desc)
        {
            return Some((raw, i));
        }
        interfaces.extend(raw.interfaces.iter().cloned());
        match &raw.super_name {
            Some(s) => todo.push(s.clone()),
            None => todo.append(&mut interfaces),
        }
    }
    None
}

/// An element access, with the allocation sites it may touch.
#[derive(Clone, Debug)]
pub struct ElemAccess {
    /// Index of the method's facts.
    pub method: usize,
    pub sites: Vec<u32>,
    pub write: bool,
    pub owner: Option<Path>,
    pub path: Option<Path>,
    pub held: Vec<Path>,
    pub site: Site,
    pub fresh: bool,
    /// The method outside the program that makes it, at the call `site`.
    pub via: Option<Arc<str>>,
}

/// The program's arrays: allocation sites, element accesses, which sites
/// are shared and what holds them.
#[derive(Default)]
pub struct Arrays {
    pub sites: Vec<ArraySite>,
    pub accesses: Vec<ElemAccess>,
    pub shared: FxHashMap<u32, Shared>,
    /// Per site: the classes whose instance fields may hold its arrays.
    pub field_holders: Vec<Vec<Arc<str>>>,
    /// Per site: the classes whose static fields may hold its arrays.
    pub static_holders: Vec<Vec<Arc<str>>>,
    /// Site → its number.
    pub index: FxHashMap<ArraySite, u32>,
}

impl Arrays {
    /// The accesses of each site, in program order.
    pub fn by_site(&self) -> Vec<Vec<&ElemAccess>> {
        let mut by = vec![Vec::new(); self.sites.len()];
        for a in &self.accesses {
            for &s in &a.sites {
                by[s as usize].push(a);
            }
        }
        by
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Node {
    Param(usize, u16),
    Field(Arc<str>, Arc<str>),
    Static(Arc<str>, Arc<str>),
    Return(usize),
    Elems(u32),
}

/// A call that takes or returns arrays: the program methods it may run, or
/// the summary of the one outside the program it runs.
struct CallInfo {
    targets: Vec<usize>,
    outside: Option<(Arc<Summary>, Arc<str>)>,
    arrays: Vec<ArrayArg>,
}

struct Solver {
    /// (method, pc) → the site allocated there (or returned by the call there).
    site_of: FxHashMap<(usize, u32), u32>,
    calls: FxHashMap<(usize, u32), CallInfo>,
    pts: FxHashMap<Node, FxHashSet<u32>>,
}

impl Solver {
    /// The sites `srcs` (of method `m`) may name.
    fn resolve(&self, p: &Program, m: usize, srcs: &Srcs, depth: usize) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for s in srcs {
            self.resolve_one(p, m, s, depth, &mut out);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn node(&self, n: &Node, out: &mut Vec<u32>) {
        if let Some(set) = self.pts.get(n) {
            out.extend(set.iter().copied());
        }
    }

    fn resolve_one(&self, p: &Program, m: usize, s: &Src, depth: usize, out: &mut Vec<u32>) {
        if depth > 8 {
            return;
        }
        match s {
            Src::Alloc(pc) => out.extend(self.site_of.get(&(m, *pc)).copied()),
            Src::Param(k) => self.node(&Node::Param(m, *k), out),
            Src::Field(c, f) => self.node(&field_node(p, c, f, false), out),
            Src::Static(c, f) => self.node(&field_node(p, c, f, true), out),
            Src::Call(pc) => {
                let Some(call) = self.calls.get(&(m, *pc)) else {
                    return;
                };
                for t in &call.targets {
                    self.node(&Node::Return(*t), out);
                }
                if let Some((sum, _)) = &call.outside {
                    for a in call.arrays.iter().filter(|a| sum.returns.contains(&a.slot)) {
                        for x in &a.srcs {
                            self.resolve_one(p, m, x, depth + 1, out);
                        }
                    }
                    out.extend(self.site_of.get(&(m, *pc)).copied());
                }
            }
            Src::Elem(inner) => {
                let mut arrays = Vec::new();
                self.resolve_one(p, m, inner, depth + 1, &mut arrays);
                for a in arrays {
                    self.node(&Node::Elems(a), out);
                }
            }
        }
    }

    fn sinks(&self, p: &Program, m: usize, to: &Sink) -> Vec<Node> {
        match to {
            Sink::Field(c, f) => vec![field_node(p, c, f, false)],
            Sink::Static(c, f) => vec![field_node(p, c, f, true)],
            Sink::Elems(srcs) => self
                .resolve(p, m, srcs, 0)
                .into_iter()
                .map(Node::Elems)
                .collect(),
            Sink::Return => vec![Node::Return(m)],
        }
    }

    fn add(&mut self, n: Node, sites: &[u32]) -> bool {
        let set = self.pts.entry(n).or_default();
        let before = set.len();
        set.extend(sites.iter().copied());
        set.len() != before
    }
}

/// A field as the node of its declaring class (as named when it is not a
/// program class's).
fn field_node(p: &Program, c: &Arc<str>, f: &Arc<str>, is_static: bool) -> Node {
    let decl = p
        .field(c, f)
        .map_or_else(|| c.clone(), |(k, _)| k.name().clone());
    if is_static {
        Node::Static(decl, f.clone())
    } else {
        Node::Field(decl, f.clone())
    }
}

/// A method by class, name and descriptor.
type MethodKey = (Arc<str>, Arc<str>, Arc<str>);

/// The program methods a call may run (the one it selects statically and,
/// for virtual calls, the program's overrides of it).
fn targets(
    p: &Program,
    by_key: &FxHashMap<MethodKey, usize>,
    by_sel: &FxHashMap<(Arc<str>, Arc<str>), Vec<usize>>,
    facts: &[MethodFacts],
    (class, name, desc, kind): (&Arc<str>, &Arc<str>, &Arc<str>, InvokeKind),
) -> Vec<usize> {
    let mut out = Vec::new();
    if let Some((k, m)) = p.method(class, name, desc)
        && let Some(&i) = by_key.get(&(k.name().clone(), m.name.clone(), m.desc.clone()))
    {
        out.push(i);
    }
    if matches!(kind, InvokeKind::Virtual | InvokeKind::Interface) {
        for &i in by_sel
            .get(&(name.clone(), desc.clone()))
            .into_iter()
            .flatten()
        {
            if !out.contains(&i) && p.is_subtype(&facts[i].class, class) {
                out.push(i);
            }
        }
    }
    out
}

/// Allocation sites, the flow of array references to a fixpoint, element
/// accesses (with those methods outside the program make at calls), and
/// the shared sites. `shared_classes`: the thread-shared classes.
pub(super) fn solve(
    p: &Program,
    facts: &[MethodFacts],
    shared_classes: &FxHashMap<Arc<str>, Shared>,
) -> Arrays {
    let mut out = Arrays::default();
    let mut solver = Solver {
        site_of: FxHashMap::default(),
        calls: FxHashMap::default(),
        pts: FxHashMap::default(),
    };
    sites_and_calls(p, facts, &mut solver, &mut out);
    flow(p, facts, &mut solver);
    element_accesses(p, facts, &solver, &mut out);
    shared_sites(p, facts, &solver, shared_classes, &mut out);
    out.index = out
        .sites
        .iter()
        .enumerate()
        .map(|(i, s)| (s.clone(), i as u32))
        .collect();
    out
}

fn push_once(v: &mut Vec<Arc<str>>, c: &Arc<str>) {
    if !v.contains(c) {
        v.push(c.clone());
    }
}

/// Numbers the allocation sites (`new` and arrays returned from outside
/// the program) and records each call that takes or returns arrays.
fn sites_and_calls(p: &Program, facts: &[MethodFacts], solver: &mut Solver, out: &mut Arrays) {
    let mut by_key = FxHashMap::default();
    let mut by_sel: FxHashMap<(Arc<str>, Arc<str>), Vec<usize>> = FxHashMap::default();
    for (i, m) in facts.iter().enumerate() {
        by_key.insert((m.class.clone(), m.name.clone(), m.desc.clone()), i);
        by_sel
            .entry((m.name.clone(), m.desc.clone()))
            .or_default()
            .push(i);
    }
    for (mi, m) in facts.iter().enumerate() {
        for e in &m.events {
            match e {
                Event::NewArray { pc, ty, site } => {
                    solver.site_of.insert((mi, *pc), out.sites.len() as u32);
                    out.sites.push(ArraySite {
                        site: site.clone(),
                        ty: ty.clone(),
                        via: None,
                    });
                }
                Event::Call {
                    class,
                    name,
                    desc,
                    kind,
                    arrays,
                    site,
                    ..
                } => {
                    let ret = desc.rsplit(')').next().unwrap_or("V");
                    if arrays.is_empty() && !events::arrayish(ret) {
                        continue;
                    }
                    let t = targets(p, &by_key, &by_sel, facts, (class, name, desc, *kind));
                    let outside =
                        (t.is_empty() && p.method(class, name, desc).is_none()).then(|| {
                            let sum = if arrays.is_empty() {
                                Arc::new(Summary {
                                    returns_other: true,
                                    ..Summary::default()
                                })
                            } else {
                                summary(p, class, name, desc)
                            };
                            (sum, Arc::<str>::from(format!("{}.{name}", dotted(class))))
                        });
                    if let Some((sum, via)) = &outside
                        && ret.starts_with('[')
                        && sum.returns_other
                    {
                        solver.site_of.insert((mi, site.pc), out.sites.len() as u32);
                        out.sites.push(ArraySite {
                            site: site.clone(),
                            ty: ret.into(),
                            via: Some(via.clone()),
                        });
                    }
                    solver.calls.insert(
                        (mi, site.pc),
                        CallInfo {
                            targets: t,
                            outside,
                            arrays: arrays.clone(),
                        },
                    );
                }
                _ => {}
            }
        }
    }
}

/// Array references flow along the events and calls, to a fixpoint.
fn flow(p: &Program, facts: &[MethodFacts], solver: &mut Solver) {
    loop {
        let mut changed = false;
        for (mi, m) in facts.iter().enumerate() {
            for e in &m.events {
                match e {
                    Event::Flow { from, to } => {
                        let sites = solver.resolve(p, mi, from, 0);
                        if sites.is_empty() {
                            continue;
                        }
                        for n in solver.sinks(p, mi, to) {
                            changed |= solver.add(n, &sites);
                        }
                    }
                    Event::Call { site, .. } => {
                        let Some(call) = solver.calls.get(&(mi, site.pc)) else {
                            continue;
                        };
                        let mut adds = Vec::new();
                        for a in &call.arrays {
                            let sites = solver.resolve(p, mi, &a.srcs, 0);
                            if !sites.is_empty() {
                                for t in &call.targets {
                                    adds.push((Node::Param(*t, a.slot), sites.clone()));
                                }
                            }
                        }
                        for (n, sites) in adds {
                            changed |= solver.add(n, &sites);
                        }
                    }
                    _ => {}
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// The element accesses of the program's code, and those methods outside
/// the program make at calls, with the sites each may touch.
fn element_accesses(p: &Program, facts: &[MethodFacts], solver: &Solver, out: &mut Arrays) {
    for (mi, m) in facts.iter().enumerate() {
        for e in &m.events {
            match e {
                Event::Array {
                    srcs,
                    write,
                    owner,
                    path,
                    held,
                    site,
                    fresh,
                } => {
                    let sites = solver.resolve(p, mi, srcs, 0);
                    if !sites.is_empty() {
                        out.accesses.push(ElemAccess {
                            method: mi,
                            sites,
                            write: *write,
                            owner: owner.clone(),
                            path: path.clone(),
                            held: held.clone(),
                            site: site.clone(),
                            fresh: *fresh,
                            via: None,
                        });
                    }
                }
                Event::Call { held, site, .. } => {
                    let Some(CallInfo {
                        outside: Some((sum, via)),
                        arrays,
                        ..
                    }) = solver.calls.get(&(mi, site.pc))
                    else {
                        continue;
                    };
                    for a in arrays {
                        let sites = solver.resolve(p, mi, &a.srcs, 0);
                        if sites.is_empty() {
                            continue;
                        }
                        for write in [false, true] {
                            let does = if write {
                                sum.writes(a.slot)
                            } else {
                                sum.reads(a.slot)
                            };
                            if does {
                                out.accesses.push(ElemAccess {
                                    method: mi,
                                    sites: sites.clone(),
                                    write,
                                    owner: a.owner.clone(),
                                    path: a.path.clone(),
                                    held: held.clone(),
                                    site: site.clone(),
                                    fresh: a.fresh && !sum.keeps(a.slot),
                                    via: Some(via.clone()),
                                });
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// What holds each site, and which sites are shared: held in a static, in
/// a field of a shared class, kept by a method outside the program, or an
/// element of a shared array.
fn shared_sites(
    p: &Program,
    facts: &[MethodFacts],
    solver: &Solver,
    shared_classes: &FxHashMap<Arc<str>, Shared>,
    out: &mut Arrays,
) {
    let n = out.sites.len();
    out.field_holders = vec![Vec::new(); n];
    out.static_holders = vec![Vec::new(); n];
    let mut nodes: Vec<(&Node, Vec<u32>)> = solver
        .pts
        .iter()
        .map(|(k, v)| {
            let mut v: Vec<u32> = v.iter().copied().collect();
            v.sort_unstable();
            (k, v)
        })
        .collect();
    nodes.sort();
    let share = |out: &mut Arrays, a: u32, s: Shared| {
        out.shared.entry(a).or_insert(s);
    };
    for (node, sites) in &nodes {
        for &a in sites {
            match node {
                Node::Static(c, f) => {
                    push_once(&mut out.static_holders[a as usize], c);
                    share(
                        out,
                        a,
                        Shared {
                            why: format!("held in the static field {}.{f}", dotted(c)),
                            site: None,
                            from: None,
                        },
                    );
                }
                Node::Field(c, f) => {
                    push_once(&mut out.field_holders[a as usize], c);
                    if shared_classes.contains_key(c) {
                        share(
                            out,
                            a,
                            Shared {
                                why: format!(
                                    "held in the field {}.{f} of the thread-shared {}",
                                    dotted(c),
                                    dotted(c)
                                ),
                                site: None,
                                from: Some(c.clone()),
                            },
                        );
                    }
                }
                _ => {}
            }
        }
    }
    for (mi, m) in facts.iter().enumerate() {
        for e in &m.events {
            let Event::Call { site, .. } = e else {
                continue;
            };
            let Some(CallInfo {
                outside: Some((sum, via)),
                arrays,
                ..
            }) = solver.calls.get(&(mi, site.pc))
            else {
                continue;
            };
            for a in arrays.iter().filter(|a| sum.keeps(a.slot)) {
                for s in solver.resolve(p, mi, &a.srcs, 0) {
                    share(
                        out,
                        s,
                        Shared {
                            why: format!("passed to {via} (outside the program), which keeps it"),
                            site: Some(site.clone()),
                            from: None,
                        },
                    );
                }
            }
        }
    }
    // Arrays held in shared arrays are shared.
    loop {
        let mut changed = false;
        for (node, sites) in &nodes {
            let Node::Elems(b) = node else { continue };
            let Some(sb) = out.shared.get(b).cloned() else {
                continue;
            };
            for &a in sites {
                if !out.shared.contains_key(&a) {
                    let why = format!(
                        "an element of the thread-shared {}",
                        out.sites[*b as usize].show()
                    );
                    out.shared.insert(
                        a,
                        Shared {
                            why,
                            site: None,
                            from: sb.from.clone(),
                        },
                    );
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}
