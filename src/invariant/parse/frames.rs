//! The call-stack patterns of `when` cases: class names, frames and
//! their pc sets (`any`, pcs, `line N`, `after call NAME`, named sets).

use super::{PResult, Parser, SyntaxError, ident, member};
use crate::invariant::ast::*;

impl Parser<'_> {
    /// A class name: identifiers joined by `.` or `/`.
    pub(super) fn class_name(&mut self) -> PResult<(String, Span)> {
        self.ws();
        let start = self.pos;
        let mut name = String::new();
        loop {
            match ident(self.rest()) {
                Ok((_, id)) => {
                    name.push_str(id);
                    self.pos += id.len();
                }
                Err(_) => return self.err("a class name"),
            }
            let r = self.rest();
            if (r.starts_with('.') || r.starts_with('/')) && ident(&r[1..]).is_ok() {
                name.push('/');
                self.pos += 1;
            } else {
                break;
            }
        }
        Ok((name, self.span_from(start)))
    }

    /// `Class.method @ pcs [as NAME]`
    pub(super) fn frame_pat(&mut self) -> PResult<FramePat> {
        self.ws();
        let start = self.pos;
        let mut segs: Vec<&str> = Vec::new();
        loop {
            match member(self.rest()) {
                Ok((_, seg)) => {
                    segs.push(seg);
                    self.pos += seg.len();
                }
                Err(_) => return self.err("`Class.method` in a call-stack pattern"),
            }
            if self.rest().starts_with('.') || self.rest().starts_with('/') {
                self.pos += 1;
            } else {
                break;
            }
        }
        if segs.len() < 2 {
            self.pos = start;
            return self.err("`Class.method` (a class name, a dot, a method name)");
        }
        let method = segs.pop().expect("two segments").to_string();
        let class = segs.join("/");
        // `Thread.join(J)`: the overload with these parameter descriptors.
        let params = if self.rest().starts_with('(') {
            let Some(close) = self.rest().find(')') else {
                return self.err("`)` closing the parameter descriptors, e.g. `Thread.join(J)`");
            };
            let p = self.rest()[1..close].to_string();
            self.pos += close + 1;
            Some(p)
        } else {
            None
        };
        self.expect_sym(
            "@",
            "`@` and the pcs of the frame, e.g. `Worker.run @ 0..5`",
        )?;
        let pcs = self.pcset()?;
        let alias = if self.eat_keyword("as") {
            Some(self.name("a frame name after `as`")?.0)
        } else {
            None
        };
        Ok(FramePat {
            class,
            method,
            params,
            pcs,
            alias,
            span: self.span_from(start),
        })
    }

    pub(super) fn pcset(&mut self) -> PResult<PcSet> {
        if self.eat_keyword("any") || self.eat_sym("*") {
            return Ok(PcSet::Any);
        }
        self.ws();
        // `line 14`, `lines 12..16, 20`: the pcs of those source lines
        // (a `pcs` set named `line` is still a name: no number follows).
        for kw in ["lines", "line"] {
            if self.peek_ident() == Some(kw)
                && self.rest()[kw.len()..]
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit())
            {
                self.pos += kw.len();
                self.ws();
                return Ok(PcSet::Lines(self.ranges("line")?));
            }
        }
        if self.rest().starts_with(|c: char| c.is_ascii_digit()) {
            return Ok(PcSet::Ranges(self.ranges("pc")?));
        }
        // `after call lock`: where the frame is once it called `lock` (a
        // `pcs` set named `after` is still a name: no `call` follows).
        if self.peek_ident() == Some("after")
            && self.rest()["after".len()..]
                .trim_start()
                .strip_prefix("call")
                .is_some_and(|r| r.starts_with(char::is_whitespace))
        {
            self.pos += "after".len();
            self.eat_keyword("call");
            let (name, span) =
                self.name("the name of the method called, as in `after call lock`")?;
            return Ok(PcSet::AfterCall(name, span));
        }
        let (name, span) =
            self.name("pcs: `any`, a pc, a range such as `7..24`, `line 14`, `lines 12..16`, `after call NAME`, or the name of a `pcs` set")?;
        Ok(PcSet::Named(name, span))
    }

    /// `7..24, 28`: pcs or line numbers (`what`), each from 0 to 65535 (a
    /// method's code is shorter than 64 KiB; line numbers are 16 bits).
    pub(super) fn ranges(&mut self, what: &str) -> PResult<Vec<(u32, u32, Span)>> {
        let mut ranges = Vec::new();
        let number = |p: &mut Self, expected: &str| -> PResult<(u32, Span)> {
            let (v, span) = p.int(expected)?;
            match u16::try_from(v) {
                Ok(v) => Ok((u32::from(v), span)),
                Err(_) => Err(SyntaxError {
                    offset: span.start,
                    expected: format!("{expected} from 0 to 65535"),
                    message: None,
                }),
            }
        };
        loop {
            let (lo, s1) = number(self, &format!("a {what}"))?;
            // `7..24` is a range; `7 ..` (no number after) ends the pattern as open.
            let save = self.pos;
            let range = self.eat_sym("..") && {
                self.ws();
                self.rest().starts_with(|c: char| c.is_ascii_digit())
            };
            if !range {
                self.pos = save;
            }
            let (hi, s2) = if range {
                number(self, &format!("the last {what} of the range"))?
            } else {
                (lo, s1)
            };
            if hi < lo {
                return Err(SyntaxError {
                    offset: s1.start,
                    expected: format!("a range whose first {what} is not above its last"),
                    message: None,
                });
            }
            ranges.push((
                lo,
                hi,
                Span {
                    start: s1.start,
                    end: s2.end,
                },
            ));
            let save = self.pos;
            if !self.eat_sym(",") {
                break;
            }
            self.ws();
            if !self.rest().starts_with(|c: char| c.is_ascii_digit()) {
                self.pos = save;
                break;
            }
        }
        Ok(ranges)
    }
}
