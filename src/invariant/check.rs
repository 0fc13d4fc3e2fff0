//! Checking a parsed invariant file against the loaded class files: every
//! name, call, attribute and literal slot index resolves, and the file's
//! sections are collected into a `Compiled` (frame patterns are resolved in
//! `pattern`). Errors carry the position (`super::error`).

use std::collections::HashMap;

use super::ast::*;
use super::semantics::dotted_path;
use super::{Compiled, InvariantError, ResolvedPat, class_id, depth, error};
use crate::classfile::{ClassId, ClassTable, MethodId};

/// Checks a parsed file against the class table.
pub(super) fn check(file: File, classes: &ClassTable) -> Result<Compiled, InvariantError> {
    Checker {
        file: &file,
        classes,
        pcs: HashMap::new(),
        defs: HashMap::new(),
        mirrored: Default::default(),
    }
    .compile(file.clone())
}

pub(super) struct Checker<'a> {
    pub(super) file: &'a File,
    pub(super) classes: &'a ClassTable,
    pub(super) pcs: HashMap<String, PcSet>,
    pub(super) defs: HashMap<String, usize>,
    pub(super) mirrored: std::cell::RefCell<std::collections::BTreeSet<ClassId>>,
}

const BUILTIN_FNS: &[(&str, usize)] = &[
    ("ref", 1),
    ("addr", 1),
    ("thread", 1),
    ("thread_of", 1),
    ("defined", 1),
    ("old", 1),
    ("new", 1),
    ("length", 1),
    ("static", 1),
    ("class", 1),
];
const THREAD_ATTRS: &[&str] = &[
    "object",
    "scheduled",
    "alive",
    "finished",
    "waiting",
    "waits_on",
    "wait_count",
    "depth",
    "pc",
    "top",
];
const OBJECT_ATTRS: &[&str] = &["monitor", "mcount", "length", "pc", "stack_size"];

impl Checker<'_> {
    pub(super) fn err(&self, span: Span, msg: impl Into<String>) -> InvariantError {
        error(self.file, span, msg)
    }

    fn compile(mut self, file: File) -> Result<Compiled, InvariantError> {
        let mut c = Compiled {
            file: file.clone(),
            defs: Default::default(),
            global: Vec::new(),
            thread_var: String::new(),
            thread_span: Span::default(),
            cases: Vec::new(),
            objects: Vec::new(),
            relations: HashMap::new(),
            relation_over: HashMap::new(),
            mirrored: Default::default(),
            guards: Default::default(),
            allocated: Default::default(),
        };
        // Names first, so facts may use definitions written below them.
        for item in &file.items {
            match item {
                Item::Let { name, expr, span } => {
                    self.define(name, *span, 0)?;
                    c.defs.insert(name.clone(), (Vec::new(), expr.clone()));
                }
                Item::Def {
                    name,
                    params,
                    body,
                    span,
                } => {
                    self.define(name, *span, params.len())?;
                    c.defs.insert(name.clone(), (params.clone(), body.clone()));
                }
                Item::Pcs {
                    set: PcSet::Named(other, span),
                    ..
                } => {
                    return Err(self.err(
                        *span,
                        format!(
                            "pcs and lines after `=` (`7..24, 28`, `lines 12..16`, `any`), not the name of another set (`{other}`)"
                        ),
                    ));
                }
                Item::Pcs { name, set, span }
                    if self.pcs.insert(name.clone(), set.clone()).is_some() =>
                {
                    return Err(self.err(*span, format!("pcs `{name}` is defined twice")));
                }
                _ => {}
            }
        }
        let mut seen_thread = false;
        for item in &file.items {
            match item {
                Item::Let { expr, .. } => self.expr(expr, &[], None, false)?,
                Item::Def { params, body, .. } => self.expr(body, params, None, false)?,
                Item::Pcs { .. } => {}
                Item::Global { facts } => {
                    for f in facts {
                        self.expr(&f.expr, &[], None, false)?;
                    }
                    c.global.extend(facts.iter().cloned());
                }
                Item::Thread { var, cases, span } => {
                    if seen_thread {
                        return Err(self.err(
                            *span,
                            "only one `thread` section is allowed (put all cases in it)",
                        ));
                    }
                    seen_thread = true;
                    c.thread_var = var.clone();
                    c.thread_span = *span;
                    for case in cases {
                        c.cases.push((case.clone(), self.case(var, case)?));
                    }
                }
                Item::Object {
                    var, class, facts, ..
                } => {
                    let cid = match class {
                        Some((name, span)) => {
                            Some(class_id(self.classes, name).ok_or_else(|| {
                                self.err(
                                    *span,
                                    format!("no class `{}` is loaded", name.replace('/', ".")),
                                )
                            })?)
                        }
                        None => None,
                    };
                    for f in facts {
                        self.expr(&f.expr, std::slice::from_ref(var), None, false)?;
                    }
                    c.objects.push((var.clone(), cid, facts.clone()));
                }
                Item::Relation {
                    name,
                    over,
                    facts,
                    span,
                } => {
                    let vars: Vec<String> = over.iter().map(|o| o.0.clone()).collect();
                    for f in facts {
                        self.expr(&f.expr, &vars, None, true)?;
                    }
                    if let Some((var, (class, cspan))) = over {
                        let cid = class_id(self.classes, class).ok_or_else(|| {
                            self.err(
                                *cspan,
                                format!("no class `{}` is loaded", class.replace('/', ".")),
                            )
                        })?;
                        c.relation_over.insert(name.clone(), (var.clone(), cid));
                    }
                    if c.relations.insert(name.clone(), facts.clone()).is_some() {
                        return Err(self.err(*span, format!("relation `{name}` is defined twice")));
                    }
                }
            }
        }
        let builtins: Vec<&str> = BUILTIN_FNS.iter().map(|(n, _)| *n).collect();
        depth::check(&file.items, &c.defs, &builtins).map_err(|(span, msg)| self.err(span, msg))?;
        c.mirrored = self.mirrored.take();
        Ok(c)
    }

    /// A `when` case of the thread section: its frame patterns resolved,
    /// its facts checked with the thread variable and frame names in scope.
    fn case(&self, var: &str, case: &Case) -> Result<Vec<ResolvedPat>, InvariantError> {
        let pats = case
            .frames
            .iter()
            .map(|p| self.pattern(p))
            .collect::<Result<Vec<_>, _>>()?;
        let mut scope = vec![var.to_string()];
        scope.extend(case.frames.iter().filter_map(|p| p.alias.clone()));
        let top = pats.last().map(|p| p.methods.clone());
        for f in &case.facts {
            self.expr(&f.expr, &scope, top.as_deref(), false)?;
        }
        // Alias slot indices are checked against their own frame.
        for (p, rp) in case.frames.iter().zip(&pats) {
            if let Some(a) = &p.alias {
                for f in &case.facts {
                    self.alias_slots(&f.expr, a, &rp.methods)?;
                }
            }
        }
        Ok(pats)
    }

    fn define(&mut self, name: &str, span: Span, arity: usize) -> Result<(), InvariantError> {
        if BUILTIN_FNS.iter().any(|(n, _)| *n == name)
            || matches!(name, "pc" | "stack_size" | "heap" | "threads")
        {
            return Err(self.err(span, format!("`{name}` is a built-in name")));
        }
        if self.defs.insert(name.to_string(), arity).is_some() {
            return Err(self.err(span, format!("`{name}` is defined twice")));
        }
        Ok(())
    }
    /// `allocated(Class [, Class.method] [, n])`: a loaded class, one of
    /// its methods, an ordinal from 1 (`sites` resolves it to an address).
    fn allocated(&self, args: &[Expr], span: Span) -> Result<(), InvariantError> {
        let usage = "`allocated` takes a class, optionally the method that allocates it and which one (from 1), as in `allocated(C)`, `allocated(C, 2)` or `allocated(C, M.m, 2)`";
        let Some(class) = args.first().and_then(dotted_path) else {
            return Err(self.err(span, usage));
        };
        class_id(self.classes, &class).ok_or_else(|| {
            self.err(
                args[0].span(),
                format!("no class `{}` is loaded", class.replace('/', ".")),
            )
        })?;
        let (mut method, mut nth) = (false, false);
        for a in &args[1..] {
            match a {
                Expr::Int(n, sp) if !nth => {
                    if *n < 1 {
                        return Err(
                            self.err(*sp, "which object: 1 for the first, 2 for the second, ...")
                        );
                    }
                    nth = true;
                }
                _ if !method && !nth => {
                    let path = dotted_path(a).ok_or_else(|| self.err(a.span(), usage))?;
                    let Some((c, name)) = path.rsplit_once('/') else {
                        return Err(self.err(a.span(), usage));
                    };
                    let cid = class_id(self.classes, c).ok_or_else(|| {
                        self.err(
                            a.span(),
                            format!("no class `{}` is loaded", c.replace('/', ".")),
                        )
                    })?;
                    let has = self
                        .classes
                        .class(cid)
                        .methods
                        .iter()
                        .any(|&x| &*self.classes.method(x).name == name);
                    if !has {
                        return Err(self.err(
                            a.span(),
                            format!("class `{}` has no method `{name}`", c.replace('/', ".")),
                        ));
                    }
                    method = true;
                }
                _ => return Err(self.err(a.span(), usage)),
            }
        }
        Ok(())
    }

    /// Checks names, calls, attributes and literal slot indices in `e`.
    fn expr(
        &self,
        e: &Expr,
        scope: &[String],
        top: Option<&[MethodId]>,
        relation: bool,
    ) -> Result<(), InvariantError> {
        match e {
            Expr::Int(..) | Expr::Bool(..) | Expr::Null(_) => Ok(()),
            Expr::Name(n, span) => self.name(n, *span, scope, top),
            Expr::Call(f, args, span) => self.call(f, args, *span, scope, top, relation),
            Expr::Dot(base, attr, span) => self.dot(base, attr, *span, scope, top, relation),
            Expr::Slot {
                frame,
                kind,
                index,
                span,
            } => {
                if let Some(f) = frame {
                    self.expr(f, scope, top, relation)?;
                } else if let (Some(methods), Expr::Int(i, ispan)) = (top, &**index) {
                    self.slot_in_range(methods, *kind, *i, *ispan)?;
                } else if top.is_none() {
                    return Err(self.err(*span, "`local[...]`/`stack[...]` without a frame is only meaningful in a thread case"));
                }
                self.expr(index, scope, top, relation)
            }
            Expr::Index(a, i, _) => {
                self.expr(a, scope, top, relation)?;
                self.expr(i, scope, top, relation)
            }
            Expr::Is(e, class, span) => {
                if class_id(self.classes, class).is_none() {
                    return Err(self.err(
                        *span,
                        format!("no class `{}` is loaded", class.replace('/', ".")),
                    ));
                }
                self.expr(e, scope, top, relation)
            }
            Expr::Unary(_, e, _) => self.expr(e, scope, top, relation),
            Expr::Binary(_, a, b, _) => {
                self.expr(a, scope, top, relation)?;
                self.expr(b, scope, top, relation)
            }
            Expr::If(c, a, b, _) => {
                self.expr(c, scope, top, relation)?;
                self.expr(a, scope, top, relation)?;
                self.expr(b, scope, top, relation)
            }
            Expr::Quant { var, body, .. } => {
                let mut s = scope.to_vec();
                s.push(var.clone());
                self.expr(body, &s, top, relation)
            }
        }
    }

    /// A bare name: a variable, a let, or `pc`/`stack_size` in a thread case.
    fn name(
        &self,
        n: &str,
        span: Span,
        scope: &[String],
        top: Option<&[MethodId]>,
    ) -> Result<(), InvariantError> {
        if scope.iter().any(|s| s == n) || self.defs.get(n) == Some(&0) {
            return Ok(());
        }
        if matches!(n, "pc" | "stack_size") {
            return if top.is_some() {
                Ok(())
            } else {
                Err(self.err(span, format!("`{n}` is only meaningful in a thread case")))
            };
        }
        if matches!(n, "heap" | "threads") {
            return Err(self.err(
                span,
                format!("use `heap.length` or `threads.count`, not `{n}` alone"),
            ));
        }
        if let Some(k) = self.defs.get(n) {
            return Err(self.err(span, format!("`{n}` takes {k} arguments")));
        }
        Err(self.err(span, format!("unknown name `{n}` (not a let, def, parameter, thread/object variable or frame name)")))
    }

    /// A call: a built-in (`class`, `static` and `allocated` name classes,
    /// fields and methods) or a definition, with the right number of
    /// arguments.
    fn call(
        &self,
        f: &str,
        args: &[Expr],
        span: Span,
        scope: &[String],
        top: Option<&[MethodId]>,
        relation: bool,
    ) -> Result<(), InvariantError> {
        if f == "class" {
            return self.class_call(args, span);
        }
        if f == "allocated" {
            return self.allocated(args, span);
        }
        if f == "static" {
            return self.static_call(args, span);
        }
        let arity = BUILTIN_FNS
            .iter()
            .find(|(n, _)| *n == f)
            .map(|(_, k)| *k)
            .or_else(|| self.defs.get(f).copied());
        match arity {
            None => return Err(self.err(span, format!("unknown function `{f}`"))),
            Some(k) if k != args.len() => {
                return Err(self.err(
                    span,
                    format!("`{f}` takes {k} arguments, given {}", args.len()),
                ));
            }
            _ => {}
        }
        if (f == "old" || f == "new") && !relation {
            return Err(self.err(span, format!("`{f}(...)` is only meaningful in a relation")));
        }
        for a in args {
            self.expr(a, scope, top, relation)?;
        }
        Ok(())
    }

    /// `class(C)`: a loaded class, whose `Class` object the file mirrors.
    fn class_call(&self, args: &[Expr], span: Span) -> Result<(), InvariantError> {
        let path = args.first().and_then(dotted_path);
        let Some(path) = path.filter(|_| args.len() == 1) else {
            return Err(self.err(span, "`class` takes a class name, as in `class(Counter)`"));
        };
        let cid = class_id(self.classes, &path).ok_or_else(|| {
            self.err(
                span,
                format!("no class `{}` is loaded", path.replace('/', ".")),
            )
        })?;
        self.mirrored.borrow_mut().insert(cid);
        Ok(())
    }

    /// `static(C.f)`: a loaded class with that static field.
    fn static_call(&self, args: &[Expr], span: Span) -> Result<(), InvariantError> {
        let path = args.first().and_then(dotted_path);
        let Some(path) = path.filter(|_| args.len() == 1) else {
            return Err(self.err(span, "`static` takes `Class.field`"));
        };
        let Some((class, field)) = path.rsplit_once('/') else {
            return Err(self.err(span, "`static` takes `Class.field`"));
        };
        let cid = class_id(self.classes, class).ok_or_else(|| {
            self.err(
                span,
                format!("no class `{}` is loaded", class.replace('/', ".")),
            )
        })?;
        if !self
            .classes
            .class(cid)
            .statics
            .iter()
            .any(|s| &*s.0 == field)
        {
            return Err(self.err(
                span,
                format!(
                    "class `{}` has no static field `{field}`",
                    class.replace('/', ".")
                ),
            ));
        }
        Ok(())
    }

    /// `x.attr`: `heap.length`, `threads.count`, or an attribute or a field
    /// some loaded class has.
    fn dot(
        &self,
        base: &Expr,
        attr: &str,
        span: Span,
        scope: &[String],
        top: Option<&[MethodId]>,
        relation: bool,
    ) -> Result<(), InvariantError> {
        if let Expr::Name(n, _) = base
            && !scope.contains(n)
            && !self.defs.contains_key(n)
        {
            match (n.as_str(), attr) {
                ("heap", "length") | ("threads", "count") => return Ok(()),
                ("heap", _) => return Err(self.err(span, "`heap` has only `length`")),
                ("threads", _) => return Err(self.err(span, "`threads` has only `count`")),
                _ => {}
            }
        }
        self.expr(base, scope, top, relation)?;
        let known = THREAD_ATTRS.contains(&attr)
            || OBJECT_ATTRS.contains(&attr)
            || self
                .classes
                .classes
                .iter()
                .any(|c| c.layout.iter().any(|f| &*f.name == attr));
        if known {
            Ok(())
        } else {
            Err(self.err(
                span,
                format!("no loaded class has a field `{attr}`, and it is not an attribute"),
            ))
        }
    }

    fn slot_in_range(
        &self,
        methods: &[MethodId],
        kind: SlotKind,
        i: i64,
        span: Span,
    ) -> Result<(), InvariantError> {
        for &m in methods {
            let mm = self.classes.method(m);
            let max = match kind {
                SlotKind::Local => mm.max_locals,
                SlotKind::Stack => mm.max_stack,
            } as i64;
            if i >= max {
                let what = if kind == SlotKind::Local {
                    "locals"
                } else {
                    "operand-stack slots"
                };
                return Err(self.err(
                    span,
                    format!(
                        "{} has {max} {what}: index {i} is out of range",
                        mm.display_name()
                    ),
                ));
            }
        }
        Ok(())
    }

    fn alias_slots(
        &self,
        e: &Expr,
        alias: &str,
        methods: &[MethodId],
    ) -> Result<(), InvariantError> {
        let mut result = Ok(());
        e.walk(&mut |x| {
            if let Expr::Slot {
                frame: Some(f),
                kind,
                index,
                ..
            } = x
                && let (Expr::Name(n, _), Expr::Int(i, span)) = (&**f, &**index)
                && n == alias
                && result.is_ok()
            {
                result = self.slot_in_range(methods, *kind, *i, *span);
            }
        });
        result
    }
}
