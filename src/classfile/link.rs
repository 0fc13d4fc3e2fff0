//! Linking: every instruction's field, method and class operands resolved
//! to indices, field slots and static slots laid out, dispatch tables and
//! exception tables built, once, before a program runs.

use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use super::parse::*;
use super::*;

pub(super) struct Linker<'a> {
    pub(super) raw: Vec<(RawClass, Arc<str>, Origin)>,
    pub(super) index: FxHashMap<Arc<str>, usize>,
    pub(super) missing: FxHashSet<Arc<str>>,
    pub(super) natives: NativeBinder<'a>,
    /// Worker threads for resolving code (`load::worker_pool`).
    pub(super) threads: Option<usize>,
}

/// A link error in the class file of `raw[i]`.
fn link_err(raw: &[(RawClass, Arc<str>, Origin)], i: usize, msg: String) -> LoadError {
    LoadError::Link {
        path: raw[i].1.to_string(),
        msg,
    }
}

/// What the class-building pass accumulates across classes.
struct Builder<'l, 'a> {
    linker: &'l Linker<'a>,
    classes: Vec<Option<Class>>,
    methods: Vec<Arc<Method>>,
    selectors: FxHashMap<Arc<str>, u32>,
    n_statics: u32,
    thread_id: Option<usize>,
    /// Methods whose code is resolved once every class exists: (method, index in its raw class).
    pending_code: Vec<(MethodId, usize)>,
    hierarchy_bytes: usize,
}

impl Linker<'_> {
    pub(super) fn link(self) -> Result<ClassTable, LoadError> {
        let started = std::time::Instant::now();
        self.check_supertypes()?;
        let order = self.supertype_order()?;
        // Class ids follow load order (so the main class's neighbours get small
        // ids); build classes in supertype order.
        let mut b = Builder {
            linker: &self,
            classes: (0..self.raw.len()).map(|_| None).collect(),
            methods: Vec::new(),
            selectors: FxHashMap::default(),
            n_statics: 0,
            thread_id: self.index.get("java/lang/Thread").copied(),
            pending_code: Vec::new(),
            hierarchy_bytes: 0,
        };
        for &i in &order {
            let class = b.build_class(i)?;
            b.classes[i] = Some(class);
        }
        let Builder {
            classes,
            methods,
            selectors,
            n_statics,
            pending_code,
            ..
        } = b;
        let Linker {
            raw,
            index,
            missing,
            threads,
            ..
        } = self;
        let mut table = ClassTable {
            classes: classes
                .into_iter()
                .map(|c| c.expect("every class built"))
                .collect(),
            methods,
            by_name: index
                .iter()
                .map(|(k, v)| (k.clone(), *v as ClassId))
                .collect(),
            selectors,
            n_statics,
            missing,
        };
        let built = started.elapsed();
        resolve_code(&mut table, raw, pending_code, threads)?;
        let resolved = started.elapsed();
        build_dispatch(&mut table, &order);
        tracing::debug!(
            target: "m5::load",
            "linked {} methods in {:.1} ms: classes {:.1} ms, code {:.1} ms, dispatch {:.1} ms",
            table.methods.len(),
            super::load::ms(started.elapsed()),
            super::load::ms(built),
            super::load::ms(resolved - built),
            super::load::ms(started.elapsed() - resolved),
        );
        Ok(table)
    }

    /// Supertypes must be present, and every class but Object has a superclass.
    fn check_supertypes(&self) -> Result<(), LoadError> {
        for (i, (rc, _, _)) in self.raw.iter().enumerate() {
            for s in rc.super_name.iter().chain(rc.interfaces.iter()) {
                if !self.index.contains_key(s) {
                    return Err(link_err(
                        &self.raw,
                        i,
                        format!(
                            "class {} needs {s}, which is neither on the class path nor in m5's library",
                            rc.name
                        ),
                    ));
                }
            }
            if rc.super_name.is_none() && &*rc.name != "java/lang/Object" {
                return Err(link_err(
                    &self.raw,
                    i,
                    format!("class {} has no superclass", rc.name),
                ));
            }
        }
        Ok(())
    }

    /// Orders classes so that supertypes come before subtypes (detects cycles):
    /// a depth-first walk with an explicit stack, as hierarchies may be
    /// deeper than the native stack (a 100,000-class chain is legal).
    fn supertype_order(&self) -> Result<Vec<usize>, LoadError> {
        let (raw, index) = (&self.raw, &self.index);
        let n = raw.len();
        let mut order = Vec::with_capacity(n);
        let mut state = vec![0u8; n];
        for root in 0..n {
            if state[root] != 0 {
                continue;
            }
            // (class, how many of its supertypes are visited)
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            state[root] = 1;
            while let Some(top) = stack.last_mut() {
                let (i, next) = *top;
                let rc = &raw[i].0;
                match rc.super_name.iter().chain(rc.interfaces.iter()).nth(next) {
                    Some(s) => {
                        top.1 += 1;
                        let j = index[s];
                        match state[j] {
                            0 => {
                                state[j] = 1;
                                stack.push((j, 0));
                            }
                            1 => {
                                return Err(link_err(
                                    raw,
                                    root,
                                    format!("class {} is its own supertype", raw[j].0.name),
                                ));
                            }
                            _ => {}
                        }
                    }
                    None => {
                        state[i] = 2;
                        order.push(i);
                        stack.pop();
                    }
                }
            }
        }
        Ok(order)
    }
}

impl Builder<'_, '_> {
    /// Builds class `raw[i]` (its supertypes are built): its supertypes,
    /// field layout, static slots and methods; its code stays pending.
    fn build_class(&mut self, i: usize) -> Result<Class, LoadError> {
        let raw = &self.linker.raw;
        let index = &self.linker.index;
        let (rc, origin, lib) = &raw[i];
        let super_id = rc.super_name.as_ref().map(|s| index[s] as ClassId);
        let interfaces: Vec<ClassId> = rc.interfaces.iter().map(|s| index[s] as ClassId).collect();
        let mut supers = vec![i as ClassId];
        let mut layout = Vec::new();
        let mut all_interfaces: FxHashSet<ClassId> = interfaces.iter().copied().collect();
        if let Some(s) = super_id {
            let sc = self.classes[s as usize].as_ref().expect("supertypes first");
            supers.extend(sc.supers.iter().copied());
            layout = sc.layout.clone();
            all_interfaces.extend(sc.all_interfaces.iter().copied());
        }
        for &itf in &interfaces {
            let ic = self.classes[itf as usize]
                .as_ref()
                .expect("supertypes first");
            all_interfaces.extend(ic.all_interfaces.iter().copied());
        }
        // Every class keeps all its supertypes and inherited fields, so
        // a hierarchy thousands deep costs its depth squared: a budget,
        // not an allocation failure.
        self.hierarchy_bytes += supers.len() * size_of::<ClassId>()
            + all_interfaces.len() * 2 * size_of::<ClassId>()
            + (layout.len() + rc.fields.len()) * size_of::<FieldSlot>();
        if self.hierarchy_bytes > MAX_HIERARCHY_BYTES {
            return Err(link_err(
                raw,
                i,
                format!(
                    "the class hierarchy is too large: m5 keeps each class's supertypes and inherited fields, and with class {} ({} supertypes) they need more than {} MiB",
                    rc.name,
                    supers.len() - 1 + all_interfaces.len(),
                    MAX_HIERARCHY_BYTES >> 20
                ),
            ));
        }
        lay_out_fields(i, rc, *lib, &mut layout);
        let (statics, volatile_statics, final_statics) = self.lay_out_statics(rc);
        let (my_methods, clinit) = self.build_methods(i)?;
        let is_thread = self
            .thread_id
            .is_some_and(|t| supers.contains(&(t as ClassId)));
        Ok(Class {
            id: i as ClassId,
            name: rc.name.clone(),
            super_id,
            interfaces,
            flags: rc.flags,
            supers,
            all_interfaces,
            layout,
            statics,
            volatile_statics,
            final_statics,
            methods: my_methods,
            dispatch: FxHashMap::default(),
            clinit,
            is_thread,
            source_file: rc.source_file.clone(),
            origin: origin.clone(),
            from_library: *lib != Origin::User,
            from_jdk: *lib == Origin::Jdk,
            lambda: rc.lambda,
            reflection: Arc::new(rc.reflection.clone()),
        })
    }

    /// Gives each static field of `rc` the next static slot: the class's
    /// statics (name, descriptor, slot, constant), then its volatile and
    /// final slots.
    fn lay_out_statics(&mut self, rc: &RawClass) -> (Vec<StaticField>, Vec<u32>, Vec<u32>) {
        let mut statics = Vec::new();
        let mut volatile_statics = Vec::new();
        let mut final_statics = Vec::new();
        for f in rc.fields.iter().filter(|f| f.is_static) {
            if f.volatile {
                volatile_statics.push(self.n_statics);
            }
            if f.is_final {
                final_statics.push(self.n_statics);
            }
            statics.push((
                f.name.clone(),
                f.desc.clone(),
                self.n_statics,
                f.constant.clone(),
            ));
            self.n_statics += 1;
        }
        (statics, volatile_statics, final_statics)
    }

    /// Builds the methods of class `raw[i]` (code left empty, pending) and
    /// returns their ids and its `<clinit>`.
    fn build_methods(&mut self, i: usize) -> Result<(Vec<MethodId>, Option<MethodId>), LoadError> {
        let raw = &self.linker.raw;
        let (rc, _, lib) = &raw[i];
        let mut my_methods = Vec::new();
        let mut clinit = None;
        for (k, m) in rc.methods.iter().enumerate() {
            let id = self.methods.len() as MethodId;
            let selector = intern(&m.name, &m.desc, &mut self.selectors);
            let is_static = m.flags & ACC_STATIC != 0;
            let arg_slots =
                param_slots(&m.desc).map_err(|e| link_err(raw, i, e))? + u16::from(!is_static);
            // A JDK method m5 answers itself is a native here.
            let native = if m.flags & ACC_NATIVE != 0 || *lib == Origin::Jdk {
                (self.linker.natives)(&rc.name, &m.name, &m.desc, m.flags & ACC_NATIVE != 0)
            } else {
                None
            };
            let flags = if native.is_some() {
                m.flags | ACC_NATIVE
            } else {
                m.flags
            };
            let handlers = link_handlers(raw, &self.linker.index, i, m)?;
            self.methods.push(Arc::new(Method {
                id,
                class: i as ClassId,
                class_name: rc.name.clone(),
                name: m.name.clone(),
                desc: m.desc.clone(),
                flags,
                max_locals: m.max_locals,
                max_stack: m.max_stack,
                arg_slots,
                code: Vec::new(),
                offsets: m.offsets.clone(),
                code_len: m.code_len,
                handlers,
                lines: m.lines.clone(),
                locals: m.locals.clone(),
                selector,
                native,
                exceptions: m.exceptions.clone(),
            }));
            self.pending_code.push((id, k));
            if &*m.name == "<clinit>" {
                clinit = Some(id);
            }
            my_methods.push(id);
        }
        Ok((my_methods, clinit))
    }
}

/// The selector of `name desc`, interned.
fn intern(name: &str, desc: &str, selectors: &mut FxHashMap<Arc<str>, u32>) -> u32 {
    let key = format!("{name}{desc}");
    let next = selectors.len() as u32;
    *selectors.entry(key.into()).or_insert(next)
}

/// Appends the instance fields `rc` (class `i`) declares to the inherited `layout`.
fn lay_out_fields(i: usize, rc: &RawClass, lib: Origin, layout: &mut Vec<FieldSlot>) {
    for f in rc.fields.iter().filter(|f| !f.is_static) {
        let bookkeeping = lib == Origin::Model
            && BOOKKEEPING
                .iter()
                .any(|(c, names)| *c == &*rc.name && names.contains(&&*f.name));
        layout.push(FieldSlot {
            declaring: i as ClassId,
            name: f.name.clone(),
            desc: f.desc.clone(),
            volatile: f.volatile,
            is_final: f.is_final,
            bookkeeping,
        });
    }
}

/// Method `m`'s exception table with byte pcs turned into instruction indices.
fn link_handlers(
    raw: &[(RawClass, Arc<str>, Origin)],
    index: &FxHashMap<Arc<str>, usize>,
    i: usize,
    m: &RawMethod,
) -> Result<Vec<Handler>, LoadError> {
    m.handlers
        .iter()
        .map(|h| -> Result<Handler, LoadError> {
            let at = |pc: u32| {
                if pc == m.code_len {
                    Ok(m.offsets.len() as u32)
                } else {
                    m.offsets.binary_search(&pc).map(|x| x as u32).map_err(|_| {
                        link_err(
                            raw,
                            i,
                            format!(
                                "{}{}: exception table pc {pc} is not an instruction start",
                                m.name, m.desc
                            ),
                        )
                    })
                }
            };
            Ok(Handler {
                start: at(h.start)?,
                end: at(h.end)?,
                handler: at(h.handler)?,
                catch: h.catch.as_ref().map(|c| ClassRef {
                    name: c.clone(),
                    id: index.get(c).map(|x| *x as u32),
                }),
            })
        })
        .collect()
}

/// Resolves every instruction's operands now that all classes exist, and
/// checks each method's code. Resolving reads only the table, so a large
/// table's methods are resolved on worker threads; the first error in
/// method order is the one reported, as on one thread.
fn resolve_code(
    table: &mut ClassTable,
    mut raw: Vec<(RawClass, Arc<str>, Origin)>,
    pending_code: Vec<(MethodId, usize)>,
    threads: Option<usize>,
) -> Result<(), LoadError> {
    let work: Vec<(MethodId, usize, Vec<Insn>)> = pending_code
        .into_iter()
        .map(|(id, k)| {
            let class = table.methods[id as usize].class as usize;
            (id, class, std::mem::take(&mut raw[class].0.methods[k].code))
        })
        .collect();
    let t: &ClassTable = table;
    let resolve_one = |(id, class, code): (MethodId, usize, Vec<Insn>)| {
        let resolved = code
            .into_iter()
            .map(|insn| resolve(t, class as ClassId, insn))
            .collect::<Result<Vec<_>, String>>()
            .map_err(|e| {
                format!(
                    "{}.{}: {e}",
                    t.classes[class].name, t.methods[id as usize].name
                )
            })
            .and_then(|code| {
                let m = t.method(id);
                check_code(m, &code).map_err(|e| format!("{}: {e}", m.display_name()))?;
                Ok(code)
            });
        (id, class, resolved)
    };
    // Worth the threads only for the JDK's thousands of methods.
    let pool = (work.len() > 2_000)
        .then(|| super::load::worker_pool(threads))
        .flatten();
    let results: Vec<_> = match &pool {
        Some(p) => p.install(|| work.into_par_iter().map(resolve_one).collect()),
        None => work.into_iter().map(resolve_one).collect(),
    };
    for (id, class, resolved) in results {
        let code = resolved.map_err(|msg| LoadError::Link {
            path: raw[class].1.to_string(),
            msg,
        })?;
        Arc::get_mut(&mut table.methods[id as usize])
            .expect("no other references yet")
            .code = code;
    }
    Ok(())
}

/// Every selection a receiver class can need, once, superclasses
/// first (a class's table starts from its superclass's).
fn build_dispatch(table: &mut ClassTable, order: &[usize]) {
    let mut tables: Vec<Option<FxHashMap<MethodId, Selected>>> = vec![None; table.classes.len()];
    for &i in order {
        let inherited = table.classes[i]
            .super_id
            .and_then(|s| tables[s as usize].as_ref());
        tables[i] = Some(table.dispatch_table(i as ClassId, inherited));
    }
    for (c, t) in table.classes.iter_mut().zip(tables) {
        c.dispatch = t.expect("every class's table");
    }
}

/// Looks a field up the way the JVM does: the class, its interfaces, then
/// its superclass (JVMS 5.4.3.2), depth first with an explicit stack (a
/// hierarchy may be deeper than the native stack); a supertype reached
/// twice, through two paths, is searched once.
fn find_static(t: &ClassTable, class: ClassId, name: &str) -> Option<(ClassId, u32)> {
    let mut seen: FxHashSet<ClassId> = FxHashSet::default();
    let mut stack = vec![class];
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        let k = t.class(c);
        if let Some(s) = k.statics.iter().find(|s| &*s.0 == name) {
            return Some((c, s.2));
        }
        // Popped in order: the interfaces first to last, then the superclass.
        stack.extend(k.super_id);
        stack.extend(k.interfaces.iter().rev());
    }
    None
}

fn resolve(t: &ClassTable, here: ClassId, insn: Insn) -> Result<Insn, String> {
    Ok(match insn {
        Insn::GetField(mut f) => {
            resolve_instance_field(t, &mut f)?;
            Insn::GetField(f)
        }
        Insn::PutField(mut f) => {
            resolve_instance_field(t, &mut f)?;
            Insn::PutField(f)
        }
        Insn::GetStatic(mut f) => {
            resolve_static_field(t, &mut f)?;
            Insn::GetStatic(f)
        }
        Insn::PutStatic(mut f) => {
            resolve_static_field(t, &mut f)?;
            Insn::PutStatic(f)
        }
        Insn::Invoke(kind, mut m) => {
            m.selector = t.selector(&m.name, &m.desc).unwrap_or(u32::MAX);
            // An array type's methods are Object's (`clone` on `[LColor;`).
            let named = if m.class.starts_with('[') {
                t.id("java/lang/Object")
            } else {
                t.id(&m.class)
            };
            if let Some(cid) = named {
                // A missing method is an error only if the call runs.
                m.resolved = t
                    .resolve_method(cid, &m.name, &m.desc)
                    .or_else(|| t.signature_polymorphic(cid, &m.name));
                if let Some(id) = m.resolved {
                    match kind {
                        InvokeKind::Static => {
                            m.owner = Some(t.method(id).class);
                            m.target = Some(id);
                        }
                        // An error selection (abstract, conflicting
                        // defaults) is thrown when the call runs.
                        InvokeKind::Special => {
                            if let Selected::Method(sel) = t.select_special(here, cid, id) {
                                m.target = Some(sel);
                            }
                        }
                        InvokeKind::Virtual | InvokeKind::Interface => {
                            // Private and final methods are their own
                            // selection (JVMS 5.4.6 step 1; nothing overrides a final one).
                            let mm = t.method(id);
                            if mm.flags & (ACC_PRIVATE | parse::ACC_FINAL) != 0 && !mm.is_abstract()
                            {
                                m.target = Some(id);
                            }
                        }
                    }
                }
            }
            Insn::Invoke(kind, m)
        }
        Insn::New(mut c) => {
            c.id = t.id(&c.name);
            Insn::New(c)
        }
        Insn::ANewArray(mut r) => {
            r.id = t.id(&r.name);
            Insn::ANewArray(r)
        }
        Insn::CheckCast(mut r) => {
            r.id = t.id(&r.name);
            Insn::CheckCast(r)
        }
        Insn::InstanceOf(mut r) => {
            r.id = t.id(&r.name);
            Insn::InstanceOf(r)
        }
        Insn::MultiANewArray(mut r, d) => {
            r.id = t.id(&r.name);
            Insn::MultiANewArray(r, d)
        }
        Insn::Ldc(Const::Class(mut r)) => {
            r.id = t.id(&r.name);
            Insn::Ldc(Const::Class(r))
        }
        other => other,
    })
}

fn resolve_instance_field(t: &ClassTable, f: &mut FieldRef) -> Result<(), String> {
    if let Some(cid) = t.id(&f.class) {
        let c = t.class(cid);
        // A missing field is an error only if the instruction runs (as in the JVM).
        if let Some(slot) = c
            .layout
            .iter()
            .rposition(|s| s.name == f.name && s.desc == f.desc)
        {
            f.slot = Some(slot as u32);
            f.owner = Some(cid);
            f.declaring = Some(c.layout[slot].declaring);
            f.volatile = c.layout[slot].volatile;
            f.is_final = c.layout[slot].is_final;
        }
    }
    Ok(())
}

fn resolve_static_field(t: &ClassTable, f: &mut FieldRef) -> Result<(), String> {
    // A missing static field is an error only if the instruction runs.
    if let Some(cid) = t.id(&f.class)
        && let Some((owner, slot)) = find_static(t, cid, &f.name)
    {
        f.slot = Some(slot);
        f.owner = Some(owner);
        f.volatile = t.class(owner).volatile_statics.contains(&slot);
        f.is_final = t.class(owner).final_statics.contains(&slot);
    }
    Ok(())
}
