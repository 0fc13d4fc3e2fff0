//! Which fields a thread may still write. A read of a field that no other
//! thread can ever write again (nor any thread they may start) commutes
//! with everything the others can do, so the explorer may run it without
//! branching, like a frame-local instruction. The analysis over-approximates
//! every thread's future: every method reachable from any frame on its call
//! stack (virtual calls may reach every method with that name and
//! descriptor), every static initializer, and, if it can create or start
//! threads, every `run()`. Threads that `th` itself starts later cannot
//! matter: they exist only after this read in `th`'s own program order.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::classfile::{ClassTable, Insn, InvokeKind, MethodId};
use crate::state::{State, ThreadId};

/// A field, by name and descriptor (coarser than by declaring class: sound).
pub type FieldKey = (std::sync::Arc<str>, std::sync::Arc<str>);

pub struct Writers {
    /// Fields each method may write, itself or through what it calls.
    writes: Vec<FxHashSet<FieldKey>>,
}

impl Writers {
    pub fn new(t: &ClassTable) -> Writers {
        let n = t.methods.len();
        let mut by_selector: FxHashMap<u32, Vec<MethodId>> = FxHashMap::default();
        for m in &t.methods {
            by_selector.entry(m.selector).or_default().push(m.id);
        }
        let runs: Vec<MethodId> = t
            .methods
            .iter()
            .filter(|m| &*m.name == "run" && &*m.desc == "()V")
            .map(|m| m.id)
            .collect();
        let helper = t
            .id("java/lang/StringConcatHelper")
            .and_then(|h| t.declared_method(h, "concat", "([Ljava/lang/Object;)Ljava/lang/String;"))
            .map(|m| m.id);
        let clinits: Vec<MethodId> = t.classes.iter().filter_map(|c| c.clinit).collect();
        let mut direct: Vec<FxHashSet<FieldKey>> = vec![FxHashSet::default(); n];
        let mut calls: Vec<Vec<MethodId>> = vec![Vec::new(); n];
        for m in &t.methods {
            let i = m.id as usize;
            // Natives write Java fields only of objects they just created
            // (exception messages, strings), which no other thread can read yet.
            for insn in &m.code {
                match insn {
                    Insn::PutField(f) | Insn::PutStatic(f) => {
                        direct[i].insert((f.name.clone(), f.desc.clone()));
                    }
                    Insn::Invoke(kind, r) => match (kind, r.target) {
                        (_, Some(id))
                            if *kind != InvokeKind::Virtual && *kind != InvokeKind::Interface =>
                        {
                            calls[i].push(id)
                        }
                        (_, Some(id)) => {
                            calls[i].push(id);
                            calls[i].extend(
                                by_selector.get(&r.selector).into_iter().flatten().copied(),
                            );
                        }
                        _ => calls[i]
                            .extend(by_selector.get(&r.selector).into_iter().flatten().copied()),
                    },
                    Insn::New(c) if c.id.is_some_and(|id| t.class(id).is_thread) => {
                        calls[i].extend(runs.iter().copied())
                    }
                    Insn::Concat(_) => calls[i].extend(helper),
                    _ => {}
                }
            }
            // Any code may trigger some class's initialization.
            calls[i].extend(clinits.iter().copied());
            // A native may call back into Java only by starting threads.
            if m.is_native() && &*m.name == "start" {
                calls[i].extend(runs.iter().copied());
            }
        }
        // Fixpoint: what a method writes includes what its callees write.
        let mut writes = direct;
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..n {
                let mut add: Vec<FieldKey> = Vec::new();
                for &c in &calls[i] {
                    for k in &writes[c as usize] {
                        if !writes[i].contains(k) {
                            add.push(k.clone());
                        }
                    }
                }
                if !add.is_empty() {
                    changed = true;
                    writes[i].extend(add);
                }
            }
        }
        Writers { writes }
    }

    /// The fields a method may write, sorted (for diagnostics and tests).
    pub fn fields_written(&self, m: MethodId) -> Vec<String> {
        let mut v: Vec<String> = self.writes[m as usize]
            .iter()
            .map(|(n, d)| format!("{n}:{d}"))
            .collect();
        v.sort();
        v
    }

    /// May any thread other than `th` (or a thread it starts) still write the field?
    pub fn others_may_write(&self, s: &State, th: ThreadId, key: &FieldKey) -> bool {
        s.threads.iter().enumerate().any(|(u, t)| {
            u as ThreadId != th
                && t.stack
                    .iter()
                    .any(|f| self.writes[f.method.id as usize].contains(key))
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
        let key = match f.method.code.get(f.ip as usize) {
            Some(Insn::GetField(r)) => {
                if !matches!(f.stack.last(), Some(crate::state::Value::Ref(_))) || r.slot.is_none()
                {
                    return false;
                }
                (r.name.clone(), r.desc.clone())
            }
            Some(Insn::GetStatic(r)) => {
                let Some(owner) = r.owner else { return false };
                if s.init.get(owner as usize) != Some(&crate::state::InitStatus::Done) {
                    return false;
                }
                (r.name.clone(), r.desc.clone())
            }
            _ => return false,
        };
        !self.others_may_write(s, th, &key)
    }
}
