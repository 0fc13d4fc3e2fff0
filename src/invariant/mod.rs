//! The invariant language: a good-state invariant is global facts, a
//! predicate for every thread (cases on its call stack), and a predicate for
//! every heap object; relations relate a state to its successor. Files are
//! parsed (`parse`), checked against the loaded class files (`check`,
//! `pattern`) into a `Compiled` (this module), and evaluated on concrete
//! states (`eval`). `docs/invariants.md` is the user's guide.

pub mod ast;
mod check;
pub mod concrete;
mod depth;
pub mod eval;
pub mod incremental;
pub mod parse;
mod pattern;
pub mod semantics;
pub mod sites;
pub mod watch;

use std::collections::{BTreeSet, HashMap};

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
    /// The objects `allocated(...)` names, by address: their class (an
    /// object's class never changes, and the prefix always allocates it
    /// there), which `declared_class` gives `ref(k)`.
    pub allocated: HashMap<i64, ClassId>,
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
    declared_desc(defs, classes, a)?
        .strip_prefix('[')
        .map(str::to_string)
}

/// The class a reference `r` in `r.f` is declared as, when the program's
/// types give it (as `array_elem_desc`: a field read `x.g` whose every
/// loaded declaration has one type, or `static(C.g)`, a `let` followed):
/// the prover then reads `f` only in that class and its subclasses (a
/// verified program stores nothing else there), so a field name that other
/// classes use with another type (`value`) is no obstacle. An object
/// `allocated(...)` names (`ref(k)` once resolved) is of its own class.
pub fn declared_class(c: &Compiled, classes: &ClassTable, r: &Expr) -> Option<String> {
    if let Some(k) = allocated_address(&c.defs, r) {
        return c
            .allocated
            .get(&k)
            .map(|&id| classes.class(id).name.to_string());
    }
    let d = declared_desc(&c.defs, classes, r)?;
    Some(d.strip_prefix('L')?.strip_suffix(';')?.to_string())
}

/// The address `ref(k)` names (a `let` is followed).
fn allocated_address(defs: &eval::Defs, r: &Expr) -> Option<i64> {
    match r {
        Expr::Name(n, _) => {
            let (params, body) = defs.get(n)?;
            params
                .is_empty()
                .then(|| allocated_address(defs, body))
                .flatten()
        }
        Expr::Call(f, args, _) if f == "ref" && args.len() == 1 => match args[0] {
            Expr::Int(k, _) => Some(k),
            _ => None,
        },
        _ => None,
    }
}

/// The declared descriptor of the field or static `a` reads (a `let` is
/// followed).
fn declared_desc(defs: &eval::Defs, classes: &ClassTable, a: &Expr) -> Option<String> {
    Some(match a {
        Expr::Name(n, _) => {
            let (params, body) = defs.get(n)?;
            return if params.is_empty() {
                declared_desc(defs, classes, body)
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
    })
}

impl Compiled {
    /// Marks the file as the user's with inferred text inserted: messages
    /// then name the user's file and lines (an unlabelled fact of the
    /// user's is `line N` of the user's file, not of the completed one).
    pub fn set_origin(&mut self, origin: std::sync::Arc<ast::Origin>) {
        self.file.origin = Some(origin);
        let file = &self.file;
        let rename = |f: &mut Fact| {
            let (line, _) = file.line_col(f.span.start);
            if f.name == format!("line {line}")
                && let Some((user, _)) = file.user_line_col(f.span.start)
            {
                f.name = format!("line {user}");
            }
        };
        self.global.iter_mut().for_each(rename);
        for (case, _) in &mut self.cases {
            case.facts.iter_mut().for_each(rename);
        }
        for (_, _, facts) in &mut self.objects {
            facts.iter_mut().for_each(rename);
        }
        for facts in self.relations.values_mut() {
            facts.iter_mut().for_each(rename);
        }
    }
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
        let at = c.file.place(self.span);
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
            "fact `{}` ({}) fails for {}: {}\n    {}",
            self.fact, at, self.part, self.why, text
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
    check::check(file, classes)
}
