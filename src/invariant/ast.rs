//! The invariant language's syntax tree. Spans are byte offsets into the
//! source, for messages with line and column.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

#[derive(Clone, Debug)]
pub struct File {
    pub path: String,
    pub source: String,
    pub items: Vec<Item>,
    /// Byte offsets of the starts of the source's lines (the prover names
    /// the line of every fact it translates).
    line_starts: Vec<usize>,
    /// When the source is the user's file with inferred text inserted
    /// (`m5 infer`): where the user's text is, for messages.
    pub origin: Option<std::sync::Arc<Origin>>,
}

/// The user's file inside a completed one: its text up to `insert_at`,
/// then `inserted` bytes of inferred cases, then the rest of its text,
/// then inferred sections.
#[derive(Clone, Debug)]
pub struct Origin {
    pub path: String,
    pub insert_at: usize,
    pub inserted: usize,
    /// The user's file (its text and line starts).
    user: File,
}

impl Origin {
    pub fn new(path: &str, user_source: &str, insert_at: usize, inserted: usize) -> Origin {
        Origin {
            path: path.to_string(),
            insert_at,
            inserted,
            user: File::new(path, user_source, Vec::new()),
        }
    }

    /// The user's offset of offset `o` of the completed text; None inside
    /// inferred text.
    fn user_offset(&self, o: usize) -> Option<usize> {
        if o < self.insert_at {
            Some(o)
        } else if o < self.insert_at + self.inserted {
            None
        } else {
            let u = o - self.inserted;
            (u < self.user.source.len()).then_some(u)
        }
    }
}

#[derive(Clone, Debug)]
pub enum Item {
    /// `let NAME = EXPR`: a value computed once per state.
    Let {
        name: String,
        expr: Expr,
        span: Span,
    },
    /// `def NAME(P, ...) = EXPR`: a named definition.
    Def {
        name: String,
        params: Vec<String>,
        body: Expr,
        span: Span,
    },
    /// `pcs NAME = 7..24, 28`: a named set of pcs.
    Pcs {
        name: String,
        set: PcSet,
        span: Span,
    },
    /// `global { facts }`
    Global { facts: Vec<Fact> },
    /// `thread T { when PATTERN { facts } ... }`: for every thread.
    Thread {
        var: String,
        cases: Vec<Case>,
        span: Span,
    },
    /// `object O [: Class] { facts }`: for every object (of that class).
    Object {
        var: String,
        class: Option<(String, Span)>,
        facts: Vec<Fact>,
        span: Span,
    },
    /// `relation NAME { facts }`: over a state and its successor; with
    /// `for VAR : Class`, for every object of the class (in the successor).
    Relation {
        name: String,
        over: Option<(String, (String, Span))>,
        facts: Vec<Fact>,
        span: Span,
    },
}

impl Item {
    /// The expressions of the item: a `let`'s or `def`'s body, each fact's.
    pub fn exprs_mut(&mut self) -> Vec<&mut Expr> {
        match self {
            Item::Let { expr, .. } => vec![expr],
            Item::Def { body, .. } => vec![body],
            Item::Global { facts } | Item::Object { facts, .. } | Item::Relation { facts, .. } => {
                facts.iter_mut().map(|f| &mut f.expr).collect()
            }
            Item::Thread { cases, .. } => cases
                .iter_mut()
                .flat_map(|c| c.facts.iter_mut().map(|f| &mut f.expr))
                .collect(),
            Item::Pcs { .. } => Vec::new(),
        }
    }
}

/// One named conjunct.
#[derive(Clone, Debug)]
pub struct Fact {
    pub name: String,
    pub expr: Expr,
    pub span: Span,
}

/// A call-stack shape: frames bottom to top, and the facts that hold there.
#[derive(Clone, Debug)]
pub struct Case {
    pub frames: Vec<FramePat>,
    /// `when ... ..`: the pattern matches the bottom frames, with any frames above.
    pub open: bool,
    pub facts: Vec<Fact>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FramePat {
    pub class: String,
    pub method: String,
    /// `Class.m(J)`: only the overload with these parameter descriptors.
    pub params: Option<String>,
    pub pcs: PcSet,
    pub alias: Option<String>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PcSet {
    Any,
    /// Inclusive ranges.
    Ranges(Vec<(u32, u32, Span)>),
    /// `line 14`, `lines 12..16`: the instructions of those source lines
    /// (the LineNumberTable), inclusive ranges of lines.
    Lines(Vec<(u32, u32, Span)>),
    /// `after call NAME`: the instruction after each call of a method
    /// named NAME (where the frame is while the callee runs, and once it
    /// has returned).
    AfterCall(String, Span),
    Named(String, Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Implies,
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Not,
    Neg,
}

#[derive(Clone, Debug)]
pub enum Expr {
    Int(i64, Span),
    Bool(bool, Span),
    Null(Span),
    /// A name: a let, a quantified variable, a frame alias, or a def without arguments.
    Name(String, Span),
    /// `f(args)`: a def or a built-in (ref, addr, thread, class, defined, old, new, static).
    Call(String, Vec<Expr>, Span),
    /// `e.name`: a field, or an attribute (monitor, mcount, object, scheduled, ...).
    Dot(Box<Expr>, String, Span),
    /// `e[i]` where e is `local`/`stack` of a frame: see `Slot`.
    Slot {
        frame: Option<Box<Expr>>,
        kind: SlotKind,
        index: Box<Expr>,
        span: Span,
    },
    /// `a[i]`: element `i` of the array `a` (not a frame's `local`/`stack`).
    Index(Box<Expr>, Box<Expr>, Span),
    /// `e is Class`
    Is(Box<Expr>, String, Span),
    Unary(UnOp, Box<Expr>, Span),
    Binary(BinOp, Box<Expr>, Box<Expr>, Span),
    If(Box<Expr>, Box<Expr>, Box<Expr>, Span),
    /// `forall x in threads|objects: e` / `exists ...`
    Quant {
        all: bool,
        var: String,
        over: Domain,
        body: Box<Expr>,
        span: Span,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotKind {
    Local,
    Stack,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    Threads,
    Objects,
}

impl Expr {
    /// Calls `f` on `self` and every subexpression, outermost first.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        match self {
            Expr::Int(..) | Expr::Bool(..) | Expr::Null(_) | Expr::Name(..) => {}
            Expr::Call(_, args, _) => args.iter().for_each(|a| a.walk(f)),
            Expr::Dot(b, _, _) | Expr::Is(b, _, _) | Expr::Unary(_, b, _) => b.walk(f),
            Expr::Slot { frame, index, .. } => {
                if let Some(fr) = frame {
                    fr.walk(f);
                }
                index.walk(f);
            }
            Expr::Binary(_, a, b, _) | Expr::Index(a, b, _) => {
                a.walk(f);
                b.walk(f);
            }
            Expr::If(a, b, c, _) => {
                a.walk(f);
                b.walk(f);
                c.walk(f);
            }
            Expr::Quant { body, .. } => body.walk(f),
        }
    }

    /// Calls `f` on every subexpression of `self` and then on `self`,
    /// innermost first (so `f` may replace what it is given).
    pub fn walk_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        match self {
            Expr::Int(..) | Expr::Bool(..) | Expr::Null(_) | Expr::Name(..) => {}
            Expr::Call(_, args, _) => args.iter_mut().for_each(|a| a.walk_mut(f)),
            Expr::Dot(b, _, _) | Expr::Is(b, _, _) | Expr::Unary(_, b, _) => b.walk_mut(f),
            Expr::Slot { frame, index, .. } => {
                if let Some(fr) = frame {
                    fr.walk_mut(f);
                }
                index.walk_mut(f);
            }
            Expr::Binary(_, a, b, _) | Expr::Index(a, b, _) => {
                a.walk_mut(f);
                b.walk_mut(f);
            }
            Expr::If(a, b, c, _) => {
                a.walk_mut(f);
                b.walk_mut(f);
                c.walk_mut(f);
            }
            Expr::Quant { body, .. } => body.walk_mut(f),
        }
        f(self);
    }

    pub fn span(&self) -> Span {
        match self {
            Expr::Int(_, s)
            | Expr::Bool(_, s)
            | Expr::Null(s)
            | Expr::Name(_, s)
            | Expr::Call(_, _, s)
            | Expr::Dot(_, _, s)
            | Expr::Is(_, _, s)
            | Expr::Index(_, _, s)
            | Expr::Unary(_, _, s)
            | Expr::Binary(_, _, _, s)
            | Expr::If(_, _, _, s) => *s,
            Expr::Slot { span, .. } | Expr::Quant { span, .. } => *span,
        }
    }
}

impl File {
    pub fn new(path: &str, source: &str, items: Vec<Item>) -> File {
        let line_starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        File {
            path: path.to_string(),
            source: source.to_string(),
            items,
            line_starts,
            origin: None,
        }
    }

    /// The user's `(line, col)` of a byte offset: in the user's own file
    /// when this one was completed by inference (None inside inferred
    /// text).
    pub fn user_line_col(&self, offset: usize) -> Option<(usize, usize)> {
        match &self.origin {
            None => Some(self.line_col(offset)),
            Some(o) => o.user_offset(offset).map(|u| o.user.line_col(u)),
        }
    }

    /// The file messages name: the user's.
    pub fn user_path(&self) -> &str {
        self.origin.as_ref().map_or(&self.path, |o| &o.path)
    }

    /// Where the text at `span` is, for messages: `FILE:LINE:COL` in the
    /// user's file, or `inferred: TEXT` for inferred text (whose place in
    /// the completed file, which `m5 infer --out` writes, the user has
    /// not seen).
    pub fn place(&self, span: Span) -> String {
        match self.user_line_col(span.start) {
            Some((line, col)) => format!("{}:{line}:{col}", self.user_path()),
            None => {
                let text = self.source.get(span.start..span.end).unwrap_or("?");
                // (Without the label, `inferred_N:`, the fact's name.)
                let body = match text.split_once(':') {
                    Some((l, rest))
                        if !rest.starts_with(':')
                            && l.trim()
                                .chars()
                                .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                    {
                        rest
                    }
                    _ => text,
                };
                format!(
                    "inferred: {}",
                    body.split_whitespace().collect::<Vec<_>>().join(" ")
                )
            }
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.source.len());
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts[line - 1];
        let col = self.source[start..offset].chars().count() + 1;
        (line, col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A completed file names the user's lines, and inferred text by its
    /// text: `u.inv` with two lines inserted after its first line and a
    /// section appended.
    #[test]
    fn places_in_a_completed_file_are_the_users_or_inferred() {
        let user = "global { a: 1 == 1 }\nthread t {\n}\nglobal { 2 == 2 }\n";
        let insert_at = user.find("}\nglobal { 2").unwrap();
        let inserted = "  when done {\n    inferred_7: t.scheduled\n  }\n";
        let text = format!(
            "{}{inserted}{}object o {{ inferred_9: o.mcount == 0 }}\n",
            &user[..insert_at],
            &user[insert_at..]
        );
        let mut f = File::new("u.inv+inferred", &text, Vec::new());
        f.origin = Some(std::sync::Arc::new(Origin::new(
            "u.inv",
            user,
            insert_at,
            inserted.len(),
        )));
        let at = |needle: &str| {
            let start = text.find(needle).unwrap();
            Span {
                start,
                end: start + needle.len(),
            }
        };
        assert_eq!(f.place(at("a: 1 == 1")), "u.inv:1:10");
        assert_eq!(f.place(at("2 == 2")), "u.inv:4:10");
        assert_eq!(
            f.place(at("inferred_7: t.scheduled")),
            "inferred: t.scheduled"
        );
        assert_eq!(
            f.place(at("inferred_9: o.mcount == 0")),
            "inferred: o.mcount == 0"
        );
        assert_eq!(f.user_path(), "u.inv");
    }
}
