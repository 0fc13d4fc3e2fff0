//! The invariant language: a good-state invariant is global facts, a
//! predicate for every thread (cases on its call stack), and a predicate for
//! every heap object; relations relate a state to its successor. Files are
//! parsed (`parse`), checked against the loaded class files (this module),
//! and evaluated on concrete states (`eval`). `docs/invariants.md` is the
//! user's guide.

pub mod ast;
pub mod concrete;
mod depth;
pub mod eval;
pub mod incremental;
pub mod parse;
pub mod semantics;
pub mod sites;
pub mod watch;

use std::collections::{BTreeSet, HashMap, HashSet};

use ast::*;

use crate::classfile::{ClassId, ClassTable, MethodId};

/// A problem in an invariant file, with its position.
#[derive(Debug, thiserror::Error)]
#[error("{path}:{line}:{col}: {msg}")]
pub struct InvariantError {
    pub path: String,
    pub line: usize,
    pub col: usize,
    pub msg: String,
    /// The message with the source line and a marker, for people.
    pub rendered: String,
}

/// A frame pattern resolved against the class table.
#[derive(Clone, Debug)]
pub struct ResolvedPat {
    pub methods: Vec<MethodId>,
    /// `None`: any pc.
    pub pcs: Option<BTreeSet<u32>>,
    pub alias: Option<String>,
}

/// An invariant file, checked against a class table and ready to evaluate.
#[derive(Debug)]
pub struct Compiled {
    pub file: File,
    /// Definitions and lets (a let is a definition without parameters).
    pub defs: eval::Defs,
    pub global: Vec<Fact>,
    pub thread_var: String,
    pub thread_span: Span,
    pub cases: Vec<(Case, Vec<ResolvedPat>)>,
    pub objects: Vec<(String, Option<ClassId>, Vec<Fact>)>,
    pub relations: HashMap<String, Vec<Fact>>,
    /// The relations stated for every object of a class (`relation R for
    /// o : C`): their variable and class.
    pub relation_over: HashMap<String, (String, ClassId)>,
    /// The classes whose `Class` object the invariant names (`class(C)`).
    pub mirrored: std::collections::BTreeSet<ClassId>,
    /// Houdini's guards (`crate::infer`): the facts, by the start of their
    /// span, that the prover writes as `(=> hg!N fact)`, so that one set of
    /// obligations serves every subset of the candidates (empty: none).
    pub guards: std::collections::HashMap<usize, usize>,
}

/// The element descriptor (`I`, `J`, `Z`, `Ljava/lang/Object;`, `[I`, ...)
/// of the arrays `a` denotes in `a[i]`, when it is known from the program's
/// types: `a` is a field read `x.f` and every loaded class's field `f` is an
/// array of one element type, or `static(C.f)` of an array type (a `let` is
/// followed). Both evaluators read `a[i]` at that type: the prover needs it
/// to choose the element sort, and the concrete evaluator finds an array of
/// another element type undefined, as the prover does.
pub fn array_elem_desc(defs: &eval::Defs, classes: &ClassTable, a: &Expr) -> Option<String> {
    let desc = match a {
        Expr::Name(n, _) => {
            let (params, body) = defs.get(n)?;
            return if params.is_empty() {
                array_elem_desc(defs, classes, body)
            } else {
                None
            };
        }
        Expr::Dot(_, f, _) => {
            let mut descs = classes
                .classes
                .iter()
                .filter_map(|c| c.layout.iter().find(|x| &*x.name == f))
                .map(|x| x.desc.to_string());
            let d = descs.next()?;
            if descs.any(|x| x != d) {
                return None;
            }
            d
        }
        Expr::Call(f, args, _) if f == "static" && args.len() == 1 => {
            let path = eval::dotted_path(&args[0])?;
            let (class, field) = path.rsplit_once('/')?;
            let cid = class_id(classes, class)?;
            let sf = classes.class(cid).statics.iter().find(|s| &*s.0 == field)?;
            sf.1.to_string()
        }
        _ => return None,
    };
    desc.strip_prefix('[').map(str::to_string)
}

/// A fact that does not hold.
#[derive(Clone, Debug)]
pub struct Failure {
    /// What the fact was about: "global", "thread 3 at Worker.run@4 > ...", "object (REF 2), a Worker".
    pub part: String,
    /// The fact's name (its label, or "line N").
    pub fact: String,
    /// "false", or "undefined: ..." with the reason.
    pub why: String,
    pub thread: Option<u32>,
    pub object: Option<u32>,
    pub span: Span,
}

impl Failure {
    fn new(c: &Compiled, part: &str, f: &Fact, why: String) -> Failure {
        let _ = c;
        Failure {
            part: part.to_string(),
            fact: f.name.clone(),
            why,
            thread: None,
            object: None,
            span: f.span,
        }
    }

    /// A message naming the conjunct, where it is in the file, and its subject.
    pub fn describe(&self, c: &Compiled) -> String {
        let (line, col) = c.file.line_col(self.span.start);
        let text = c
            .file
            .source
            .get(self.span.start..self.span.end)
            .unwrap_or("")
            .trim();
        let first = text.lines().next().unwrap_or("");
        let mut text: String = first.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.chars().count() > 160 {
            text = text.chars().take(157).collect::<String>() + "...";
        }
        format!(
            "fact `{}` ({}:{}:{}) fails for {}: {}\n    {}",
            self.fact, c.file.path, line, col, self.part, self.why, text
        )
    }
}

/// A class by its name (`java.lang.Object`, `java/lang/Object`), or by its
/// simple name (`Object`) when exactly one loaded class has it.
pub fn class_id(classes: &ClassTable, name: &str) -> Option<ClassId> {
    let name = name.replace('.', "/");
    if let Some(id) = classes.id(&name) {
        return Some(id);
    }
    let mut hits = classes
        .classes
        .iter()
        .filter(|c| c.name.rsplit('/').next() == Some(name.as_str()));
    match (hits.next(), hits.next()) {
        (Some(c), None) => Some(c.id),
        _ => None,
    }
}

fn error(file: &File, span: Span, msg: impl Into<String>) -> InvariantError {
    let msg = msg.into();
    let (line, col) = file.line_col(span.start);
    let mut rendered = Vec::new();
    let report = ariadne::Report::build(
        ariadne::ReportKind::Error,
        (file.path.clone(), span.start..span.end.max(span.start + 1)),
    )
    .with_config(ariadne::Config::default().with_color(false))
    .with_message(&msg)
    .with_label(
        ariadne::Label::new((file.path.clone(), span.start..span.end.max(span.start + 1)))
            .with_message(&msg),
    )
    .finish();
    let _ = report.write(
        (
            file.path.clone(),
            ariadne::Source::from(file.source.clone()),
        ),
        &mut rendered,
    );
    InvariantError {
        path: file.path.clone(),
        line,
        col,
        msg,
        rendered: String::from_utf8_lossy(&rendered).into_owned(),
    }
}

/// Reads, parses and checks an invariant file against the class table.
pub fn load(path: &std::path::Path, classes: &ClassTable) -> Result<Compiled, InvariantError> {
    let shown = path.display().to_string();
    let source = std::fs::read_to_string(path).map_err(|e| InvariantError {
        path: shown.clone(),
        line: 0,
        col: 0,
        msg: format!("cannot read: {e}"),
        rendered: format!("{shown}: cannot read: {e}"),
    })?;
    compile(&shown, &source, classes)
}

/// Parses and checks invariant text.
pub fn compile(path: &str, source: &str, classes: &ClassTable) -> Result<Compiled, InvariantError> {
    let file = parse::parse(path, source).map_err(|e| {
        let f = File::new(path, source, Vec::new());
        let found: String = source[e.offset.min(source.len())..]
            .chars()
            .take(12)
            .collect();
        let found = if found.is_empty() {
            "the end of the file".to_string()
        } else {
            format!("{:?}", found.split('\n').next().unwrap_or(""))
        };
        error(
            &f,
            Span {
                start: e.offset,
                end: e.offset + 1,
            },
            e.message
                .unwrap_or_else(|| format!("expected {}, found {found}", e.expected)),
        )
    })?;
    check(file, classes)
}

/// Checks a parsed file against the class table.
fn check(file: File, classes: &ClassTable) -> Result<Compiled, InvariantError> {
    Checker {
        file: &file,
        classes,
        pcs: HashMap::new(),
        defs: HashMap::new(),
        mirrored: Default::default(),
    }
    .compile(file.clone())
}

struct Checker<'a> {
    file: &'a File,
    classes: &'a ClassTable,
    pcs: HashMap<String, PcSet>,
    defs: HashMap<String, usize>,
    mirrored: std::cell::RefCell<std::collections::BTreeSet<ClassId>>,
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
    fn err(&self, span: Span, msg: impl Into<String>) -> InvariantError {
        error(self.file, span, msg)
    }

    fn compile(mut self, file: File) -> Result<Compiled, InvariantError> {
        let mut c = Compiled {
            file: file.clone(),
            defs: HashMap::new(),
            global: Vec::new(),
            thread_var: String::new(),
            thread_span: Span::default(),
            cases: Vec::new(),
            objects: Vec::new(),
            relations: HashMap::new(),
            relation_over: HashMap::new(),
            mirrored: Default::default(),
            guards: Default::default(),
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
                        let pats = case
                            .frames
                            .iter()
                            .map(|p| self.pattern(p))
                            .collect::<Result<Vec<_>, _>>()?;
                        let mut scope = vec![var.clone()];
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
                        c.cases.push((case.clone(), pats));
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

    /// The pcs of a structural region of `methods` (None: `name` is none):
    /// `entry`, the first instruction; `synchronized`, the instructions
    /// that run while the frame holds a monitor it took itself (after its
    /// `monitorenter`, up to and including the `monitorexit`; all of a
    /// synchronized method). Keyed so, a case survives a change of
    /// compiler or an edit elsewhere in the method.
    fn region(
        &self,
        name: &str,
        span: Span,
        methods: &[MethodId],
        dotted: &str,
        method: &str,
    ) -> Result<Option<BTreeSet<u32>>, InvariantError> {
        let mut out = BTreeSet::new();
        for &m in methods {
            let mm = self.classes.method(m);
            match name {
                "entry" => out.insert(0),
                "synchronized" => {
                    let pcs = mm.synchronized_pcs().map_err(|e| {
                        self.err(
                            span,
                            format!(
                                "{dotted}.{method}: paths into pc {} hold different numbers of the frame's monitors, so its synchronized region is not defined (name the pcs or lines instead)",
                                e.pc
                            ),
                        )
                    })?;
                    if pcs.is_empty() {
                        return Err(self.err(
                            span,
                            format!(
                                "{dotted}.{method} is not synchronized and has no `synchronized` block, so no pc is in a synchronized region"
                            ),
                        ));
                    }
                    out.extend(pcs);
                    true
                }
                _ => return Ok(None),
            };
        }
        Ok(Some(out))
    }

    fn pattern(&self, p: &FramePat) -> Result<ResolvedPat, InvariantError> {
        let dotted = p.class.replace('/', ".");
        let cid = class_id(self.classes, &p.class)
            .ok_or_else(|| self.err(p.span, format!("no class `{dotted}` is loaded")))?;
        let mut methods: Vec<MethodId> = self
            .classes
            .class(cid)
            .methods
            .iter()
            .copied()
            .filter(|m| *self.classes.method(*m).name == p.method)
            .collect();
        if let Some(params) = &p.params
            && !methods.is_empty()
        {
            let prefix = format!("({params})");
            let overloads: Vec<String> = methods
                .iter()
                .map(|m| self.classes.method(*m).desc.to_string())
                .collect();
            methods.retain(|m| self.classes.method(*m).desc.starts_with(&prefix));
            if methods.is_empty() {
                return Err(self.err(
                    p.span,
                    format!(
                        "`{dotted}.{}` has no overload with parameters `{prefix}` (it has: {})",
                        p.method,
                        overloads.join(", ")
                    ),
                ));
            }
        }
        if methods.is_empty() {
            let names: HashSet<String> = self
                .classes
                .class(cid)
                .methods
                .iter()
                .map(|m| self.classes.method(*m).name.to_string())
                .collect();
            let mut names: Vec<String> = names.into_iter().collect();
            names.sort();
            return Err(self.err(
                p.span,
                format!(
                    "class `{dotted}` has no method `{}` (it has: {})",
                    p.method,
                    names.join(", ")
                ),
            ));
        }
        // The structural regions (`entry`, `synchronized`), unless the file
        // defines a set of that name (files written before them stay valid).
        if let PcSet::Named(n, span) = &p.pcs
            && !self.pcs.contains_key(n)
            && let Some(pcs) = self.region(n, *span, &methods, &dotted, &p.method)?
        {
            return Ok(ResolvedPat {
                methods,
                pcs: Some(pcs),
                alias: p.alias.clone(),
            });
        }
        let set = match &p.pcs {
            PcSet::Named(n, span) => self.pcs.get(n).cloned().ok_or_else(|| {
                self.err(
                    *span,
                    format!(
                        "no `pcs {n} = ...` is defined (the regions every method has: `entry`, `synchronized`)"
                    ),
                )
            })?,
            other => other.clone(),
        };
        let pcs = match set {
            PcSet::Any => None,
            PcSet::Ranges(ranges) => {
                let mut out = BTreeSet::new();
                for (lo, hi, span) in ranges {
                    // With several overloads, a pc need only start an
                    // instruction in one of them (a class that gains an
                    // overload keeps the files written before valid).
                    for end in [lo, hi] {
                        if methods
                            .iter()
                            .all(|&m| self.classes.method(m).index_of_pc(end).is_none())
                        {
                            let mm = self.classes.method(methods[0]);
                            let starts: Vec<String> =
                                mm.offsets.iter().map(|o| o.to_string()).collect();
                            return Err(self.err(
                                span,
                                format!(
                                    "pc {end} is not an instruction start in {dotted}.{} (instructions start at {})",
                                    p.method,
                                    starts.join(", ")
                                ),
                            ));
                        }
                    }
                    for &m in &methods {
                        let mm = self.classes.method(m);
                        out.extend(mm.offsets.iter().copied().filter(|o| *o >= lo && *o <= hi));
                    }
                }
                Some(out)
            }
            PcSet::Lines(ranges) => {
                let mut out = BTreeSet::new();
                for (lo, hi, span) in ranges {
                    for &m in &methods {
                        let mm = self.classes.method(m);
                        let hits: Vec<u32> = mm
                            .offsets
                            .iter()
                            .copied()
                            .filter(|&pc| mm.line_at(pc).is_some_and(|l| l >= lo && l <= hi))
                            .collect();
                        if hits.is_empty() {
                            let mut lines: Vec<u32> = mm.lines.iter().map(|l| l.1).collect();
                            lines.sort_unstable();
                            lines.dedup();
                            let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                            let which = if lo == hi {
                                format!("line {lo}")
                            } else {
                                format!("lines {lo}..{hi}")
                            };
                            return Err(self.err(
                                span,
                                if lines.is_empty() {
                                    format!(
                                        "{dotted}.{} has no line numbers (compiled without -g:lines?), so no pcs for {which}",
                                        p.method
                                    )
                                } else {
                                    format!(
                                        "no instruction of {dotted}.{} is on {which} (its lines: {})",
                                        p.method,
                                        lines.join(", ")
                                    )
                                },
                            ));
                        }
                        out.extend(hits);
                    }
                }
                Some(out)
            }
            PcSet::Named(..) => unreachable!("named sets are resolved above"),
        };
        Ok(ResolvedPat {
            methods,
            pcs,
            alias: p.alias.clone(),
        })
    }

    /// `allocated(Class [, Class.method] [, n])`: a loaded class, one of
    /// its methods, an ordinal from 1 (`sites` resolves it to an address).
    fn allocated(&self, args: &[Expr], span: Span) -> Result<(), InvariantError> {
        let usage = "`allocated` takes a class, optionally the method that allocates it and which one (from 1), as in `allocated(C)`, `allocated(C, 2)` or `allocated(C, M.m, 2)`";
        let Some(class) = args.first().and_then(eval::dotted_path) else {
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
                    let path = eval::dotted_path(a).ok_or_else(|| self.err(a.span(), usage))?;
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
            Expr::Name(n, span) => {
                if scope.iter().any(|s| s == n) || self.defs.get(n) == Some(&0) {
                    return Ok(());
                }
                if matches!(n.as_str(), "pc" | "stack_size") {
                    return if top.is_some() {
                        Ok(())
                    } else {
                        Err(self.err(*span, format!("`{n}` is only meaningful in a thread case")))
                    };
                }
                if matches!(n.as_str(), "heap" | "threads") {
                    return Err(self.err(
                        *span,
                        format!("use `heap.length` or `threads.count`, not `{n}` alone"),
                    ));
                }
                if let Some(k) = self.defs.get(n) {
                    return Err(self.err(*span, format!("`{n}` takes {k} arguments")));
                }
                Err(self.err(*span, format!("unknown name `{n}` (not a let, def, parameter, thread/object variable or frame name)")))
            }
            Expr::Call(f, args, span) => {
                if f == "class" {
                    let path = args.first().and_then(eval::dotted_path);
                    let Some(path) = path.filter(|_| args.len() == 1) else {
                        return Err(
                            self.err(*span, "`class` takes a class name, as in `class(Counter)`")
                        );
                    };
                    let cid = class_id(self.classes, &path).ok_or_else(|| {
                        self.err(
                            *span,
                            format!("no class `{}` is loaded", path.replace('/', ".")),
                        )
                    })?;
                    self.mirrored.borrow_mut().insert(cid);
                    return Ok(());
                }
                if f == "allocated" {
                    return self.allocated(args, *span);
                }
                if f == "static" {
                    let path = args.first().and_then(eval::dotted_path);
                    let Some(path) = path.filter(|_| args.len() == 1) else {
                        return Err(self.err(*span, "`static` takes `Class.field`"));
                    };
                    let Some((class, field)) = path.rsplit_once('/') else {
                        return Err(self.err(*span, "`static` takes `Class.field`"));
                    };
                    let cid = class_id(self.classes, class).ok_or_else(|| {
                        self.err(
                            *span,
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
                            *span,
                            format!(
                                "class `{}` has no static field `{field}`",
                                class.replace('/', ".")
                            ),
                        ));
                    }
                    return Ok(());
                }
                let arity = BUILTIN_FNS
                    .iter()
                    .find(|(n, _)| n == f)
                    .map(|(_, k)| *k)
                    .or_else(|| self.defs.get(f).copied());
                match arity {
                    None => return Err(self.err(*span, format!("unknown function `{f}`"))),
                    Some(k) if k != args.len() => {
                        return Err(self.err(
                            *span,
                            format!("`{f}` takes {k} arguments, given {}", args.len()),
                        ));
                    }
                    _ => {}
                }
                if (f == "old" || f == "new") && !relation {
                    return Err(self.err(
                        *span,
                        format!("`{f}(...)` is only meaningful in a relation"),
                    ));
                }
                for a in args {
                    self.expr(a, scope, top, relation)?;
                }
                Ok(())
            }
            Expr::Dot(base, attr, span) => {
                if let Expr::Name(n, _) = &**base
                    && !scope.contains(n)
                    && !self.defs.contains_key(n)
                {
                    match (n.as_str(), attr.as_str()) {
                        ("heap", "length") | ("threads", "count") => return Ok(()),
                        ("heap", _) => return Err(self.err(*span, "`heap` has only `length`")),
                        ("threads", _) => return Err(self.err(*span, "`threads` has only `count`")),
                        _ => {}
                    }
                }
                self.expr(base, scope, top, relation)?;
                let known = THREAD_ATTRS.contains(&attr.as_str())
                    || OBJECT_ATTRS.contains(&attr.as_str())
                    || self
                        .classes
                        .classes
                        .iter()
                        .any(|c| c.layout.iter().any(|f| &*f.name == attr));
                if known {
                    Ok(())
                } else {
                    Err(self.err(
                        *span,
                        format!("no loaded class has a field `{attr}`, and it is not an attribute"),
                    ))
                }
            }
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
