//! How deep a class file's nested structures go, read before cafebabe
//! parses it: cafebabe recurses into annotation values (`@A({{{...}}})`)
//! and into attributes that hold attributes (`Code`, `Record`), so a
//! crafted file a few megabytes long would overflow the stack. This pass
//! walks the same structures with explicit stacks and reports nesting past
//! a bound javac never comes near. Anything else malformed is left to
//! cafebabe, which names it.

/// Annotation values nested deeper than this are refused.
pub const MAX_ANNOTATION_NESTING: usize = 256;
/// Attribute tables inside attributes (a `Code` attribute's own, a record
/// component's) deeper than this.
pub const MAX_ATTRIBUTE_NESTING: usize = 4;

/// Where the class file nests too deeply; `Ok(())` also when it is too
/// malformed to tell (cafebabe's error then says why).
pub fn check(bytes: &[u8]) -> Result<(), String> {
    let mut r = Reader { bytes, at: 0 };
    match r.class() {
        Some(Err(msg)) => Err(msg),
        _ => Ok(()),
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// `None`: the bytes ran out or made no sense (cafebabe will say).
type Step<T> = Option<T>;

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Step<&'a [u8]> {
        let end = self.at.checked_add(n)?;
        let s = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(s)
    }
    fn u1(&mut self) -> Step<u8> {
        Some(self.take(1)?[0])
    }
    fn u2(&mut self) -> Step<u16> {
        let b = self.take(2)?;
        Some(u16::from_be_bytes([b[0], b[1]]))
    }
    fn u4(&mut self) -> Step<u32> {
        let b = self.take(4)?;
        Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// The whole file: `Some(Err)` where it nests too deeply.
    fn class(&mut self) -> Step<Result<(), String>> {
        self.take(8)?; // magic, minor, major
        let utf8 = self.constant_pool()?;
        self.take(6)?; // access flags, this, super
        let interfaces = self.u2()?;
        self.take(2 * usize::from(interfaces))?;
        for _ in 0..2 {
            // fields, then methods
            for _ in 0..self.u2()? {
                self.take(6)?;
                if let Err(e) = self.attributes(&utf8, 0)? {
                    return Some(Err(e));
                }
            }
        }
        self.attributes(&utf8, 0)
    }

    /// The constant pool's UTF-8 entries (by index; others are None).
    fn constant_pool(&mut self) -> Step<Vec<Option<&'a [u8]>>> {
        let count = usize::from(self.u2()?);
        let mut utf8 = vec![None; count];
        let mut i = 1;
        while i < count {
            let tag = self.u1()?;
            let size = match tag {
                1 => {
                    let n = self.u2()?;
                    utf8[i] = Some(self.take(usize::from(n))?);
                    0
                }
                7 | 8 | 16 | 19 | 20 => 2,
                15 => 3,
                3 | 4 | 9 | 10 | 11 | 12 | 17 | 18 => 4,
                5 | 6 => {
                    i += 1; // takes two entries
                    8
                }
                _ => return None,
            };
            self.take(size)?;
            i += 1;
        }
        Some(utf8)
    }

    /// An attribute table `depth` tables deep, and the tables inside its
    /// attributes (recursion bounded by MAX_ATTRIBUTE_NESTING).
    fn attributes(&mut self, utf8: &[Option<&[u8]>], depth: usize) -> Step<Result<(), String>> {
        if depth > MAX_ATTRIBUTE_NESTING {
            return Some(Err(format!(
                "attributes nested inside attributes deeper than {MAX_ATTRIBUTE_NESTING} levels"
            )));
        }
        for _ in 0..self.u2()? {
            let name = utf8.get(usize::from(self.u2()?)).copied().flatten()?;
            let len = self.u4()? as usize;
            let end = self.at.checked_add(len)?;
            if end > self.bytes.len() {
                return None;
            }
            let mut sub = Reader {
                bytes: &self.bytes[..end],
                at: self.at,
            };
            let inner = match name {
                b"Code" => sub.code(utf8, depth),
                b"Record" => sub.record(utf8, depth),
                b"RuntimeVisibleAnnotations"
                | b"RuntimeInvisibleAnnotations"
                | b"RuntimeVisibleParameterAnnotations"
                | b"RuntimeInvisibleParameterAnnotations"
                | b"AnnotationDefault"
                | b"RuntimeVisibleTypeAnnotations"
                | b"RuntimeInvisibleTypeAnnotations" => sub.annotations(name),
                _ => Some(Ok(())),
            };
            if let Some(Err(e)) = inner {
                return Some(Err(e));
            }
            self.at = end;
        }
        Some(Ok(()))
    }

    /// A `Code` attribute's contents: code, handlers, its attributes.
    fn code(&mut self, utf8: &[Option<&[u8]>], depth: usize) -> Step<Result<(), String>> {
        self.take(4)?; // max_stack, max_locals
        let code = self.u4()? as usize;
        self.take(code)?;
        let handlers = usize::from(self.u2()?);
        self.take(8 * handlers)?;
        self.attributes(utf8, depth + 1)
    }

    /// A `Record` attribute's contents: each component's name, descriptor
    /// and attributes.
    fn record(&mut self, utf8: &[Option<&[u8]>], depth: usize) -> Step<Result<(), String>> {
        for _ in 0..self.u2()? {
            self.take(4)?;
            if let Err(e) = self.attributes(utf8, depth + 1)? {
                return Some(Err(e));
            }
        }
        Some(Ok(()))
    }

    /// An annotation attribute's contents.
    fn annotations(&mut self, kind: &[u8]) -> Step<Result<(), String>> {
        match kind {
            b"AnnotationDefault" => self.values(Nest::Values(1)),
            b"RuntimeVisibleParameterAnnotations" | b"RuntimeInvisibleParameterAnnotations" => {
                for _ in 0..self.u1()? {
                    for _ in 0..self.u2()? {
                        self.take(2)?;
                        let pairs = self.u2()?;
                        if let Err(e) = self.values(Nest::Pairs(pairs))? {
                            return Some(Err(e));
                        }
                    }
                }
                Some(Ok(()))
            }
            b"RuntimeVisibleTypeAnnotations" | b"RuntimeInvisibleTypeAnnotations" => {
                for _ in 0..self.u2()? {
                    let target = self.u1()?;
                    let info = match target {
                        0x00 | 0x01 | 0x16 => 1,
                        0x10 | 0x11 | 0x12 | 0x17 | 0x42..=0x46 => 2,
                        0x13..=0x15 => 0,
                        0x47..=0x4B => 3,
                        0x40 | 0x41 => 6 * usize::from(self.u2()?),
                        _ => return None,
                    };
                    // 0x11 and 0x12 are u1 + u1: two bytes, as listed.
                    self.take(info)?;
                    let path = self.u1()?;
                    self.take(2 * usize::from(path))?;
                    self.take(2)?;
                    let pairs = self.u2()?;
                    if let Err(e) = self.values(Nest::Pairs(pairs))? {
                        return Some(Err(e));
                    }
                }
                Some(Ok(()))
            }
            _ => {
                for _ in 0..self.u2()? {
                    self.take(2)?;
                    let pairs = self.u2()?;
                    if let Err(e) = self.values(Nest::Pairs(pairs))? {
                        return Some(Err(e));
                    }
                }
                Some(Ok(()))
            }
        }
    }

    /// Element values (JVMS 4.7.16.1), nested annotations and arrays on an
    /// explicit stack.
    fn values(&mut self, first: Nest) -> Step<Result<(), String>> {
        let mut open = vec![first];
        while let Some(top) = open.last_mut() {
            match top {
                Nest::Values(0) | Nest::Pairs(0) => {
                    open.pop();
                    continue;
                }
                Nest::Values(n) => *n -= 1,
                Nest::Pairs(n) => {
                    *n -= 1;
                    self.take(2)?; // the element's name
                }
            }
            let inner = match self.u1()? {
                b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b's' | b'c' => {
                    self.take(2)?;
                    None
                }
                b'e' => {
                    self.take(4)?;
                    None
                }
                b'@' => {
                    self.take(2)?;
                    Some(Nest::Pairs(self.u2()?))
                }
                b'[' => Some(Nest::Values(self.u2()?)),
                _ => return None,
            };
            if let Some(n) = inner {
                if open.len() >= MAX_ANNOTATION_NESTING {
                    return Some(Err(format!(
                        "annotation values nested deeper than {MAX_ANNOTATION_NESTING} levels"
                    )));
                }
                open.push(n);
            }
        }
        Some(Ok(()))
    }
}

/// What is left to read at one level of element values.
enum Nest {
    /// Element values.
    Values(u16),
    /// Name and value pairs (an annotation's).
    Pairs(u16),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk reads a real class file to its end.
    fn complete(bytes: &[u8]) -> bool {
        let mut r = Reader { bytes, at: 0 };
        matches!(r.class(), Some(Ok(()))) && r.at == bytes.len()
    }

    #[test]
    fn the_model_library_is_read_to_the_end() {
        for (name, bytes) in crate::classfile::library::CLASSES {
            assert!(complete(bytes), "{name}");
        }
    }

    /// A class file `Deep` whose class has `@A` with an array value nested
    /// `depth` deep.
    fn deep_annotation(depth: usize) -> Vec<u8> {
        let utf8 = |s: &str| {
            let mut b = vec![1, 0, s.len() as u8];
            b.extend_from_slice(s.as_bytes());
            b
        };
        let mut out = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52, 0, 7];
        out.extend(utf8("Deep")); // 1
        out.extend([7, 0, 1]); // 2: class Deep
        out.extend(utf8("java/lang/Object")); // 3
        out.extend([7, 0, 3]); // 4: class Object
        out.extend(utf8("RuntimeVisibleAnnotations")); // 5
        out.extend(utf8("LA;")); // 6
        out.extend([0, 0x21, 0, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 5]);
        let mut body = vec![0, 1, 0, 6, 0, 1, 0, 6]; // one @A, one pair (name "LA;")
        for _ in 0..depth {
            body.extend([b'[', 0, 1]);
        }
        body.extend([b'I', 0, 0]);
        out.extend((body.len() as u32).to_be_bytes());
        out.extend(body);
        out
    }

    #[test]
    fn deep_annotation_values_are_refused() {
        assert!(complete(&deep_annotation(MAX_ANNOTATION_NESTING - 2)));
        let e = check(&deep_annotation(1_000_000)).unwrap_err();
        assert!(
            e.contains("annotation values nested deeper than 256 levels"),
            "{e}"
        );
    }
}
