//! Which fields a thread may still write. A read of a field that no other
//! thread can ever write again (nor any thread they may start) commutes
//! with everything the others can do, so the explorer may run it without
//! branching, like a frame-local instruction. The analysis over-approximates
//! every thread's future: every method reachable from any frame on its call
//! stack (virtual calls may reach every method with that name and
//! descriptor), every static initializer, and, if it can create or start
//! threads, every `run()`. Threads that `th` itself starts later cannot
//! matter: they exist only after this read in `th`'s own program order.

use rustc_hash::FxHashMap;

use crate::classfile::{ClassTable, Effect, InvokeKind, MethodId};
use crate::state::{State, ThreadId};

/// A field, by name and descriptor (coarser than by declaring class: sound).
pub type FieldKey = (std::sync::Arc<str>, std::sync::Arc<str>);

/// Stands for every field: what a method that writes memory by offset
/// (`Unsafe`, `VarHandle`) may write.
fn any_field() -> FieldKey {
    ("*".into(), "*".into())
}

/// Natives that write fields of objects other threads may read.
fn writes_by_offset(m: &crate::classfile::Method) -> bool {
    m.is_native()
        && matches!(
            &*m.class_name,
            "jdk/internal/misc/Unsafe" | "java/lang/invoke/VarHandle"
        )
}

pub struct Writers {
    /// Every field key written anywhere, numbered.
    keys: FxHashMap<FieldKey, u32>,
    names: Vec<FieldKey>,
    /// The component of each method in the call graph.
    component: Vec<u32>,
    /// Fields each component's methods may write, themselves or through
    /// what they call (a bit per key).
    writes: Vec<Bits>,
    /// What any class initializer may write: any code may trigger one.
    by_init: Bits,
    /// The program may read another thread's write without synchronizing
    /// and without a race (`race::mode::weak_reads`).
    weak_reads: bool,
}

/// A set of field keys, a bit per key number.
#[derive(Clone, Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn insert(&mut self, i: u32) {
        let w = i as usize / 64;
        if self.0.len() <= w {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << (i % 64);
    }
    fn contains(&self, i: u32) -> bool {
        self.0
            .get(i as usize / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
    fn union(&mut self, other: &Bits) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64)
                .filter(move |b| bits & (1 << b) != 0)
                .map(move |b| (w * 64 + b) as u32)
        })
    }
}

impl Writers {
    /// The call graph has a node per method and one per selector (a
    /// virtual call goes to its selector's node, which goes to every
    /// method of that name and descriptor), so its size stays linear in
    /// the code; what each method may write is then one pass over its
    /// strongly connected components, callees first.
    pub fn new(t: &ClassTable) -> Writers {
        let n = t.methods.len();
        let mut selector_node: FxHashMap<u32, usize> = FxHashMap::default();
        let mut edges: Vec<Vec<u32>> = vec![Vec::new(); n];
        for m in &t.methods {
            let next = n + selector_node.len();
            let node = *selector_node.entry(m.selector).or_insert(next);
            if node == edges.len() {
                edges.push(Vec::new());
            }
            edges[node].push(m.id);
        }
        let run_sel = t.selector("run", "()V");
        let runs = run_sel.and_then(|r| selector_node.get(&r).copied());
        let helper = t
            .id("java/lang/StringConcatHelper")
            .and_then(|h| t.declared_method(h, "concat", "([Ljava/lang/Object;)Ljava/lang/String;"))
            .map(|m| m.id);
        let mut keys: FxHashMap<FieldKey, u32> = FxHashMap::default();
        let mut names: Vec<FieldKey> = Vec::new();
        let mut key_of = |k: FieldKey| -> u32 {
            let next = names.len() as u32;
            *keys.entry(k.clone()).or_insert_with(|| {
                names.push(k);
                next
            })
        };
        let mut direct: Vec<Bits> = vec![Bits::default(); edges.len()];
        for m in &t.methods {
            let i = m.id as usize;
            // Other natives write Java fields only of objects they just
            // created (exception messages, strings), which no other thread
            // can read yet.
            if writes_by_offset(m) {
                direct[i].insert(key_of(any_field()));
            }
            for insn in &m.code {
                match insn.effect() {
                    Effect::WriteField(f) | Effect::WriteStatic(f) => {
                        direct[i].insert(key_of((f.name.clone(), f.desc.clone())));
                    }
                    Effect::Invoke(kind, r) => {
                        if let Some(id) = r.target {
                            edges[i].push(id);
                        }
                        let virtual_call =
                            matches!(kind, InvokeKind::Virtual | InvokeKind::Interface);
                        if (virtual_call || r.target.is_none())
                            && let Some(&node) = selector_node.get(&r.selector)
                        {
                            edges[i].push(node as u32);
                        }
                    }
                    Effect::New(c) => {
                        if c.id.is_some_and(|id| t.class(id).is_thread) {
                            edges[i].extend(runs.map(|r| r as u32))
                        }
                    }
                    Effect::Concat(_) => edges[i].extend(helper),
                    // Write no field and call no method here (array
                    // elements are not field keys).
                    Effect::Frame
                    | Effect::Constant(_)
                    | Effect::ReadField(_)
                    | Effect::ReadStatic(_)
                    | Effect::ReadElement(_)
                    | Effect::WriteElement(_)
                    | Effect::ArrayLength
                    | Effect::NewArray(_)
                    | Effect::Cast(_)
                    | Effect::InstanceOf(_)
                    | Effect::Throw
                    | Effect::MonitorEnter
                    | Effect::MonitorExit
                    | Effect::Return(_)
                    | Effect::Unsupported(_) => {}
                }
            }
            // A native may call back into Java only by starting threads.
            if m.is_native() && &*m.name == "start" {
                edges[i].extend(runs.map(|r| r as u32));
            }
        }
        let (component, order) = components(&edges);
        // Tarjan's algorithm finishes a component after every component
        // it reaches: in that order, callees are done first.
        let mut writes: Vec<Bits> = vec![Bits::default(); order.len()];
        for (c, members) in order.iter().enumerate() {
            let mut w = Bits::default();
            for &v in members {
                w.union(&direct[v as usize]);
                for &u in &edges[v as usize] {
                    let cu = component[u as usize] as usize;
                    if cu != c {
                        w.union(&writes[cu]);
                    }
                }
            }
            writes[c] = w;
        }
        let mut by_init = Bits::default();
        for c in t.classes.iter().filter_map(|c| c.clinit) {
            by_init.union(&writes[component[c as usize] as usize]);
        }
        Writers {
            keys,
            names,
            component: component[..n].to_vec(),
            writes,
            by_init,
            weak_reads: crate::race::mode::weak_reads(t),
        }
    }

    /// May the program read another thread's write without synchronizing
    /// and without a race?
    pub fn weak_reads(&self) -> bool {
        self.weak_reads
    }

    /// May method `m` write the field (or everything, by offset)?
    fn may_write(&self, m: MethodId, key: &FieldKey) -> bool {
        let w = &self.writes[self.component[m as usize] as usize];
        let any = self.keys.get(&any_field());
        [self.keys.get(key), any]
            .into_iter()
            .flatten()
            .any(|&k| w.contains(k) || self.by_init.contains(k))
    }

    /// The fields a method may write, sorted (for diagnostics and tests).
    pub fn fields_written(&self, m: MethodId) -> Vec<String> {
        let mut all = self.writes[self.component[m as usize] as usize].clone();
        all.union(&self.by_init);
        let mut v: Vec<String> = all
            .iter()
            .map(|k| {
                let (n, d) = &self.names[k as usize];
                format!("{n}:{d}")
            })
            .collect();
        v.sort();
        v
    }

    /// May any thread other than `th` (or a thread it starts) still write the field?
    pub fn others_may_write(&self, s: &State, th: ThreadId, key: &FieldKey) -> bool {
        s.threads.iter().enumerate().any(|(u, t)| {
            u as ThreadId != th && t.stack.iter().any(|f| self.may_write(f.method.id, key))
        })
    }

    /// Is the next step of `th` a read of a field no other thread can write
    /// any more (`getfield` on a non-null object, or `getstatic` of an
    /// initialized class)?
    pub fn private_read(&self, s: &State, th: ThreadId) -> bool {
        let Some(t) = s.thread(th) else { return false };
        if t.wait.is_some() {
            return false;
        }
        let Some(f) = t.top() else { return false };
        let Some(insn) = f.method.code.get(f.ip as usize) else {
            return false;
        };
        let key = match insn.effect() {
            Effect::ReadField(r) => {
                if !matches!(f.stack.last(), Some(crate::state::Value::Ref(_))) || r.slot.is_none()
                {
                    return false;
                }
                (r.name.clone(), r.desc.clone())
            }
            Effect::ReadStatic(r) => {
                let Some(owner) = r.owner else { return false };
                if s.init.get(owner as usize) != Some(&crate::state::InitStatus::Done) {
                    return false;
                }
                (r.name.clone(), r.desc.clone())
            }
            // Not a field read.
            Effect::Frame
            | Effect::Constant(_)
            | Effect::WriteField(_)
            | Effect::WriteStatic(_)
            | Effect::ReadElement(_)
            | Effect::WriteElement(_)
            | Effect::ArrayLength
            | Effect::Invoke(..)
            | Effect::Concat(_)
            | Effect::New(_)
            | Effect::NewArray(_)
            | Effect::Cast(_)
            | Effect::InstanceOf(_)
            | Effect::Throw
            | Effect::MonitorEnter
            | Effect::MonitorExit
            | Effect::Return(_)
            | Effect::Unsupported(_) => return false,
        };
        !self.others_may_write(s, th, &key)
    }
}

/// Strongly connected components (Tarjan, without recursion): each node's
/// component number, and the components' members, each component after
/// every component it reaches.
fn components(edges: &[Vec<u32>]) -> (Vec<u32>, Vec<Vec<u32>>) {
    let n = edges.len();
    const NONE: u32 = u32::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![NONE; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut order: Vec<Vec<u32>> = Vec::new();
    let mut next = 0u32;
    // (node, next edge to look at)
    let mut work: Vec<(u32, usize)> = Vec::new();
    for root in 0..n as u32 {
        if index[root as usize] != NONE {
            continue;
        }
        work.push((root, 0));
        while let Some(&mut (v, ref mut e)) = work.last_mut() {
            let vi = v as usize;
            if *e == 0 && index[vi] == NONE {
                index[vi] = next;
                low[vi] = next;
                next += 1;
                stack.push(v);
                on_stack[vi] = true;
            }
            if let Some(&u) = edges[vi].get(*e) {
                *e += 1;
                let ui = u as usize;
                if index[ui] == NONE {
                    work.push((u, 0));
                } else if on_stack[ui] {
                    low[vi] = low[vi].min(index[ui]);
                }
                continue;
            }
            work.pop();
            if let Some(&(p, _)) = work.last() {
                low[p as usize] = low[p as usize].min(low[vi]);
            }
            if low[vi] == index[vi] {
                let c = order.len() as u32;
                let mut members = Vec::new();
                loop {
                    let w = stack.pop().expect("on the stack");
                    on_stack[w as usize] = false;
                    component[w as usize] = c;
                    members.push(w);
                    if w == v {
                        break;
                    }
                }
                order.push(members);
            }
        }
    }
    (component, order)
}
