//! The invariant language's parser: nom for the tokens, precedence climbing
//! for expressions. Errors carry the byte offset and what was expected.

use nom::IResult;
use nom::branch::alt;
use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{char, digit1};
use nom::combinator::recognize;
use nom::sequence::{pair, tuple};

use super::ast::*;

mod frames;

#[derive(Debug, Clone)]
pub struct SyntaxError {
    pub offset: usize,
    pub expected: String,
    /// The whole message, where "expected ..." does not say it (a limit).
    pub message: Option<String>,
}

type PResult<T> = Result<T, SyntaxError>;

/// An expression and how deep it is.
type PExpr = PResult<(Expr, usize)>;

/// How deep an expression may nest, in the text and as a tree (with its
/// definitions expanded, too): the checks and the evaluators recurse over
/// expressions.
pub const MAX_NESTING: usize = 1000;

const KEYWORDS: &[&str] = &[
    "let", "def", "pcs", "global", "thread", "object", "relation", "when", "as", "true", "false",
    "null", "if", "then", "else", "forall", "exists", "in", "is", "any",
];

fn ident(i: &str) -> IResult<&str, &str> {
    recognize(pair(
        take_while1(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '$'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$'),
    ))(i)
}

/// A method name segment: an identifier, or one in angle brackets (the
/// JVM's `<init>` and `<clinit>`, m5's lambda factories `<lambda>`).
fn member(i: &str) -> IResult<&str, &str> {
    alt((recognize(tuple((char('<'), ident, char('>')))), ident))(i)
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    /// How many expressions the one being read is inside.
    nesting: usize,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    /// Skips whitespace and comments (`#` or `//` to the end of the line).
    fn ws(&mut self) {
        loop {
            let r = self.rest();
            let t = r.trim_start();
            self.pos += r.len() - t.len();
            if t.starts_with('#') || t.starts_with("//") {
                let end = t.find('\n').unwrap_or(t.len());
                self.pos += end;
            } else {
                break;
            }
        }
    }

    fn err<T>(&self, expected: impl Into<String>) -> PResult<T> {
        Err(SyntaxError {
            offset: self.pos,
            expected: expected.into(),
            message: None,
        })
    }

    fn peek_sym(&mut self, s: &str) -> bool {
        self.ws();
        self.rest().starts_with(s)
    }

    fn eat_sym(&mut self, s: &str) -> bool {
        if self.peek_sym(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn expect_sym(&mut self, s: &str, what: &str) -> PResult<()> {
        if self.eat_sym(s) {
            Ok(())
        } else {
            self.err(what)
        }
    }

    fn peek_ident(&mut self) -> Option<&'a str> {
        self.ws();
        ident(self.rest()).ok().map(|(_, id)| id)
    }

    fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.peek_ident() == Some(kw) {
            self.pos += kw.len();
            true
        } else {
            false
        }
    }

    fn name(&mut self, what: &str) -> PResult<(String, Span)> {
        self.ws();
        match ident(self.rest()) {
            Ok((_, id)) if !KEYWORDS.contains(&id) => {
                let start = self.pos;
                self.pos += id.len();
                Ok((
                    id.to_string(),
                    Span {
                        start,
                        end: self.pos,
                    },
                ))
            }
            _ => self.err(what),
        }
    }

    fn int(&mut self, what: &str) -> PResult<(i64, Span)> {
        self.ws();
        let start = self.pos;
        match digit1::<&str, nom::error::Error<&str>>(self.rest()) {
            Ok((_, d)) => {
                self.pos += d.len();
                d.parse()
                    .map(|v| {
                        (
                            v,
                            Span {
                                start,
                                end: self.pos,
                            },
                        )
                    })
                    .or_else(|_| {
                        self.pos = start;
                        self.err("a number that fits in 64 bits")
                    })
            }
            Err(_) => self.err(what),
        }
    }

    fn span_from(&self, start: usize) -> Span {
        Span {
            start,
            end: self.pos,
        }
    }

    // ---- items ---------------------------------------------------------------

    fn file(&mut self) -> PResult<Vec<Item>> {
        let mut items = Vec::new();
        loop {
            self.ws();
            if self.rest().is_empty() {
                return Ok(items);
            }
            items.push(self.item()?);
        }
    }

    fn item(&mut self) -> PResult<Item> {
        let start = self.pos;
        if self.eat_keyword("let") {
            let (name, _) = self.name("a name after `let`")?;
            self.expect_sym("=", "`=` after the name")?;
            let expr = self.top_expr()?;
            return Ok(Item::Let {
                name,
                expr,
                span: self.span_from(start),
            });
        }
        if self.eat_keyword("def") {
            let (name, _) = self.name("a name after `def`")?;
            let mut params = Vec::new();
            if self.eat_sym("(") && !self.eat_sym(")") {
                loop {
                    params.push(self.name("a parameter name")?.0);
                    if self.eat_sym(")") {
                        break;
                    }
                    self.expect_sym(",", "`,` or `)` in the parameter list")?;
                }
            }
            self.expect_sym("=", "`=` before the definition's body")?;
            let body = self.top_expr()?;
            return Ok(Item::Def {
                name,
                params,
                body,
                span: self.span_from(start),
            });
        }
        if self.eat_keyword("pcs") {
            let (name, _) = self.name("a name after `pcs`")?;
            self.expect_sym("=", "`=` after the name")?;
            let set = self.pcset()?;
            return Ok(Item::Pcs {
                name,
                set,
                span: self.span_from(start),
            });
        }
        if self.eat_keyword("global") {
            return Ok(Item::Global {
                facts: self.facts()?,
            });
        }
        if self.eat_keyword("thread") {
            let (var, _) = self.name("a variable naming the thread, e.g. `thread t {`")?;
            self.expect_sym("{", "`{` after `thread NAME`")?;
            let mut cases = Vec::new();
            loop {
                if self.eat_sym("}") {
                    break;
                }
                let cstart = self.pos;
                if !self.eat_keyword("when") {
                    return self.err(
                        "`when` (a call-stack case, or `when done` for a finished thread) or `}`",
                    );
                }
                // `when done { ... }`: a finished thread (no frames).
                if self.peek_ident() == Some("done")
                    && self.rest()["done".len()..].trim_start().starts_with('{')
                {
                    self.pos += "done".len();
                    let facts = self.facts()?;
                    cases.push(Case {
                        frames: Vec::new(),
                        open: false,
                        facts,
                        span: self.span_from(cstart),
                    });
                    continue;
                }
                let mut frames = vec![self.frame_pat()?];
                let mut open = false;
                loop {
                    if self.eat_sym("..") {
                        open = true;
                        break;
                    }
                    if !self.eat_sym(">") {
                        break;
                    }
                    frames.push(self.frame_pat()?);
                }
                let facts = self.facts()?;
                cases.push(Case {
                    frames,
                    open,
                    facts,
                    span: self.span_from(cstart),
                });
            }
            return Ok(Item::Thread {
                var,
                cases,
                span: self.span_from(start),
            });
        }
        if self.eat_keyword("object") {
            let (var, _) = self.name("a variable naming the object, e.g. `object o : Worker {`")?;
            let class = if self.eat_sym(":") {
                Some(self.class_name()?)
            } else {
                None
            };
            let facts = self.facts()?;
            return Ok(Item::Object {
                var,
                class,
                facts,
                span: self.span_from(start),
            });
        }
        if self.eat_keyword("relation") {
            let (name, _) = self.name("a name after `relation`")?;
            let over = if self.eat_keyword("for") {
                let (var, _) =
                    self.name("a variable naming the object, e.g. `relation R for c : Counter {`")?;
                if !self.eat_sym(":") {
                    return self.err("`:` and a class after the variable, e.g. `for c : Counter`");
                }
                Some((var, self.class_name()?))
            } else {
                None
            };
            let facts = self.facts()?;
            return Ok(Item::Relation {
                name,
                over,
                facts,
                span: self.span_from(start),
            });
        }
        self.err("`let`, `def`, `pcs`, `global`, `thread`, `object` or `relation`")
    }

    /// `{ [name:] expr [;] ... }`
    fn facts(&mut self) -> PResult<Vec<Fact>> {
        self.expect_sym("{", "`{` to open a list of facts")?;
        let mut facts = Vec::new();
        loop {
            if self.eat_sym("}") {
                return Ok(facts);
            }
            if self.rest().is_empty() {
                return self.err("`}` to close the list of facts");
            }
            self.ws();
            let start = self.pos;
            // A label is `name:` (but not the start of `name::`).
            let mut name = None;
            if let Some(id) = self.peek_ident()
                && !KEYWORDS.contains(&id)
            {
                let after = &self.rest()[id.len()..];
                let after_trim = after.trim_start();
                if after_trim.starts_with(':') && !after_trim.starts_with("::") {
                    self.pos += id.len() + (after.len() - after_trim.len()) + 1;
                    name = Some(id.to_string());
                }
            }
            let expr = self.top_expr()?;
            let span = self.span_from(start);
            self.eat_sym(";");
            let name = name.unwrap_or_else(|| {
                let line = self.src[..start].matches('\n').count() + 1;
                format!("line {line}")
            });
            facts.push(Fact { name, expr, span });
        }
    }

    // ---- expressions -----------------------------------------------------------
    //
    // Each returns the expression and its depth (a leaf is 1 deep). The
    // parser, the checks and the evaluators recurse over expressions, so
    // neither the nesting of the text (parentheses, `!`) nor the depth of
    // the tree (`1 + 1 + ... + 1` is as deep as it is long) may pass
    // MAX_NESTING: a clear error, never a stack overflow.

    /// Too deep: the error, at the current position.
    fn too_deep<T>(&self) -> PResult<T> {
        Err(SyntaxError {
            offset: self.pos,
            expected: String::new(),
            message: Some(format!(
                "expression nested deeper than {MAX_NESTING} levels"
            )),
        })
    }

    /// `e`, `depth` deep, unless that is too deep.
    fn node(&self, e: Expr, depth: usize) -> PExpr {
        if depth > MAX_NESTING {
            return self.too_deep();
        }
        Ok((e, depth))
    }

    /// A whole expression (an item's, a fact's).
    fn top_expr(&mut self) -> PResult<Expr> {
        Ok(self.expr()?.0)
    }

    /// An expression, one level of nesting further in.
    fn expr(&mut self) -> PExpr {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return self.too_deep();
        }
        let r = self.implication();
        self.nesting -= 1;
        r
    }

    fn implication(&mut self) -> PExpr {
        let start = self.pos;
        let (lhs, dl) = self.or()?;
        if self.eat_sym("=>") {
            let (rhs, dr) = self.expr()?;
            return self.node(
                Expr::Binary(
                    BinOp::Implies,
                    Box::new(lhs),
                    Box::new(rhs),
                    self.span_from(start),
                ),
                1 + dl.max(dr),
            );
        }
        Ok((lhs, dl))
    }

    /// `operand (sym operand)*`, left-associative.
    fn left_assoc(&mut self, sym: &str, op: BinOp, operand: fn(&mut Self) -> PExpr) -> PExpr {
        let start = self.pos;
        let (mut e, mut d) = operand(self)?;
        while self.eat_sym(sym) {
            let (r, dr) = operand(self)?;
            (e, d) = self.node(
                Expr::Binary(op, Box::new(e), Box::new(r), self.span_from(start)),
                1 + d.max(dr),
            )?;
        }
        Ok((e, d))
    }

    fn or(&mut self) -> PExpr {
        self.left_assoc("||", BinOp::Or, Self::and)
    }

    fn and(&mut self) -> PExpr {
        self.left_assoc("&&", BinOp::And, Self::cmp)
    }

    fn cmp(&mut self) -> PExpr {
        self.ws();
        let start = self.pos;
        let (e, d) = self.add()?;
        if self.eat_keyword("is") {
            let (class, _) = self.class_name()?;
            return self.node(Expr::Is(Box::new(e), class, self.span_from(start)), 1 + d);
        }
        // `=>` is implication, not `=` then `>`.
        for (sym, op) in [
            ("==", BinOp::Eq),
            ("!=", BinOp::Ne),
            ("<=", BinOp::Le),
            (">=", BinOp::Ge),
        ] {
            if self.eat_sym(sym) {
                let (r, dr) = self.add()?;
                return self.node(
                    Expr::Binary(op, Box::new(e), Box::new(r), self.span_from(start)),
                    1 + d.max(dr),
                );
            }
        }
        if self.peek_sym("=") && !self.peek_sym("=>") {
            return self.err("`==` (comparison), not `=`");
        }
        for (sym, op) in [("<", BinOp::Lt), (">", BinOp::Gt)] {
            if self.eat_sym(sym) {
                let (r, dr) = self.add()?;
                return self.node(
                    Expr::Binary(op, Box::new(e), Box::new(r), self.span_from(start)),
                    1 + d.max(dr),
                );
            }
        }
        Ok((e, d))
    }

    fn add(&mut self) -> PExpr {
        self.ws();
        let start = self.pos;
        let (mut e, mut d) = self.mul()?;
        loop {
            let op = if self.eat_sym("+") {
                BinOp::Add
            } else if self.peek_sym("-") && !self.peek_sym("->") {
                self.pos += 1;
                BinOp::Sub
            } else {
                return Ok((e, d));
            };
            let (r, dr) = self.mul()?;
            (e, d) = self.node(
                Expr::Binary(op, Box::new(e), Box::new(r), self.span_from(start)),
                1 + d.max(dr),
            )?;
        }
    }

    fn mul(&mut self) -> PExpr {
        self.ws();
        let start = self.pos;
        let (mut e, mut d) = self.unary()?;
        loop {
            let op = if self.eat_sym("*") {
                BinOp::Mul
            } else if self.peek_sym("/") && !self.peek_sym("//") {
                self.pos += 1;
                BinOp::Div
            } else if self.eat_sym("%") {
                BinOp::Rem
            } else {
                return Ok((e, d));
            };
            let (r, dr) = self.unary()?;
            (e, d) = self.node(
                Expr::Binary(op, Box::new(e), Box::new(r), self.span_from(start)),
                1 + d.max(dr),
            )?;
        }
    }

    /// Prefix `!` and `-`, read in a loop (`!!!...x` may be long).
    fn unary(&mut self) -> PExpr {
        let mut ops = Vec::new();
        loop {
            self.ws();
            let start = self.pos;
            let op = if self.peek_sym("!") && !self.peek_sym("!=") {
                UnOp::Not
            } else if self.peek_sym("-") {
                UnOp::Neg
            } else {
                break;
            };
            if ops.len() == MAX_NESTING {
                return self.too_deep();
            }
            self.pos += 1;
            ops.push((op, start));
        }
        let (mut e, mut d) = self.postfix()?;
        for (op, start) in ops.into_iter().rev() {
            (e, d) = self.node(Expr::Unary(op, Box::new(e), self.span_from(start)), 1 + d)?;
        }
        Ok((e, d))
    }

    fn slot_kind(name: &str) -> Option<SlotKind> {
        match name {
            "local" => Some(SlotKind::Local),
            "stack" => Some(SlotKind::Stack),
            _ => None,
        }
    }

    fn postfix(&mut self) -> PExpr {
        self.ws();
        let start = self.pos;
        let (mut e, mut d) = self.primary()?;
        loop {
            if self.peek_sym("..") {
                return Ok((e, d));
            }
            if self.eat_sym(".") {
                self.ws();
                let (id, _) = match ident(self.rest()) {
                    Ok((_, id)) => {
                        self.pos += id.len();
                        (id.to_string(), ())
                    }
                    Err(_) => return self.err("a field or attribute name after `.`"),
                };
                if let Some(kind) = Self::slot_kind(&id)
                    && self.eat_sym("[")
                {
                    let (index, di) = self.expr()?;
                    self.expect_sym("]", "`]`")?;
                    (e, d) = self.node(
                        Expr::Slot {
                            frame: Some(Box::new(e)),
                            kind,
                            index: Box::new(index),
                            span: self.span_from(start),
                        },
                        1 + d.max(di),
                    )?;
                } else {
                    (e, d) = self.node(Expr::Dot(Box::new(e), id, self.span_from(start)), 1 + d)?;
                }
                continue;
            }
            if self.eat_sym("[") {
                let (index, di) = self.expr()?;
                self.expect_sym("]", "`]`")?;
                (e, d) = self.node(
                    Expr::Index(Box::new(e), Box::new(index), self.span_from(start)),
                    1 + d.max(di),
                )?;
                continue;
            }
            return Ok((e, d));
        }
    }

    fn primary(&mut self) -> PExpr {
        self.ws();
        let start = self.pos;
        if self.rest().starts_with(|c: char| c.is_ascii_digit()) {
            let (v, span) = self.int("a number")?;
            return Ok((Expr::Int(v, span), 1));
        }
        if self.eat_sym("(") {
            let e = self.expr()?;
            self.expect_sym(")", "`)`")?;
            return Ok(e);
        }
        let Some(id) = self.peek_ident() else {
            return self
                .err("an expression (a number, a name, `(`, `!`, `-`, `if`, `forall`, `exists`)");
        };
        match id {
            "true" | "false" => {
                self.pos += id.len();
                return Ok((Expr::Bool(id == "true", self.span_from(start)), 1));
            }
            "null" => {
                self.pos += id.len();
                return Ok((Expr::Null(self.span_from(start)), 1));
            }
            "if" => {
                self.pos += 2;
                let (c, dc) = self.expr()?;
                if !self.eat_keyword("then") {
                    return self.err("`then`");
                }
                let (a, da) = self.expr()?;
                if !self.eat_keyword("else") {
                    return self.err("`else`");
                }
                let (b, db) = self.expr()?;
                return self.node(
                    Expr::If(Box::new(c), Box::new(a), Box::new(b), self.span_from(start)),
                    1 + dc.max(da).max(db),
                );
            }
            "forall" | "exists" => {
                self.pos += id.len();
                let (var, _) = self.name("a variable after `forall`/`exists`")?;
                if !self.eat_keyword("in") {
                    return self.err("`in threads` or `in objects`");
                }
                let over = if self.eat_keyword("threads") {
                    Domain::Threads
                } else if self.eat_keyword("objects") {
                    Domain::Objects
                } else {
                    return self.err("`threads` or `objects`");
                };
                self.expect_sym(":", "`:` before the quantified expression")?;
                let (body, d) = self.expr()?;
                return self.node(
                    Expr::Quant {
                        all: id == "forall",
                        var,
                        over,
                        body: Box::new(body),
                        span: self.span_from(start),
                    },
                    1 + d,
                );
            }
            "then" | "else" | "in" | "is" | "when" | "as" | "let" | "def" | "pcs" => {
                return self.err("an expression");
            }
            _ => {}
        }
        self.pos += id.len();
        if let Some(kind) = Self::slot_kind(id)
            && self.eat_sym("[")
        {
            let (index, d) = self.expr()?;
            self.expect_sym("]", "`]`")?;
            return self.node(
                Expr::Slot {
                    frame: None,
                    kind,
                    index: Box::new(index),
                    span: self.span_from(start),
                },
                1 + d,
            );
        }
        if self.eat_sym("(") {
            let mut args = Vec::new();
            let mut d = 0;
            if !self.eat_sym(")") {
                loop {
                    // `static(Class.field)` takes a class-qualified name.
                    let (a, da) = self.expr()?;
                    args.push(a);
                    d = d.max(da);
                    if self.eat_sym(")") {
                        break;
                    }
                    self.expect_sym(",", "`,` or `)` in the argument list")?;
                }
            }
            return self.node(
                Expr::Call(id.to_string(), args, self.span_from(start)),
                1 + d,
            );
        }
        Ok((Expr::Name(id.to_string(), self.span_from(start)), 1))
    }
}

/// Parses an invariant file's text.
pub fn parse(path: &str, source: &str) -> Result<File, SyntaxError> {
    let mut p = Parser {
        src: source,
        pos: 0,
        nesting: 0,
    };
    let items = p.file()?;
    let _ = char::<&str, nom::error::Error<&str>>;
    Ok(File::new(path, source, items))
}
