//! The version properties of the JDK m5 reads, from the JDK itself.
//!
//! At startup the JVM calls `java.lang.VersionProps.init(map)`, JDK
//! bytecode generated at the JDK's build, which puts `java.version`,
//! `java.vendor`, `java.runtime.version`, `java.specification.version`,
//! ... into the initial properties (after the command line's `-D`s, so it
//! wins over them). m5 reads that method from the JDK's library and follows
//! it: a straight line of `map.put(KEY, VALUE)` where VALUE is a string
//! constant or a static field of `VersionProps` set to one (its
//! `ConstantValue`, or a constant its `<clinit>` stores), the puts guarded
//! by `if (!FIELD.isEmpty())` skipped when the field is empty. Anything else
//! in it is an error (the keys are then unknown), never a guess.

use std::collections::HashMap;

use crate::classfile::parse::{RawClass, RawMethod};
use crate::classfile::{Cond, Const, Insn, InvokeKind, Kind};

const CLASS: &str = "java/lang/VersionProps";

/// The (key, value) pairs `VersionProps.init` puts, in order.
pub fn read() -> Result<Vec<(String, String)>, String> {
    let jdk = crate::classfile::jdk::jdk().map_err(|e| e.to_string())?;
    let (origin, bytes) = jdk
        .find(CLASS)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{} has no {CLASS}", jdk.path.display()))?;
    let class = crate::classfile::parse::parse_class(&origin, &bytes).map_err(|e| e.to_string())?;
    puts(&class).map_err(|e| format!("{origin}: VersionProps.init: {e}"))
}

/// What `init(Map)` puts, following its bytecode.
pub fn puts(class: &RawClass) -> Result<Vec<(String, String)>, String> {
    let init =
        method(class, "init", "(Ljava/util/Map;)V").ok_or("no method init(java.util.Map)")?;
    let statics = static_strings(class);
    #[derive(Clone, Debug)]
    enum V {
        Map,
        Str(String),
        Bool(bool),
        Other,
    }
    let mut stack: Vec<V> = Vec::new();
    let mut out = Vec::new();
    let mut ip = 0usize;
    let mut steps = 0;
    while let Some(insn) = init.code.get(ip) {
        steps += 1;
        if steps > 10_000 {
            return Err("does not end".into());
        }
        let at = ip;
        let bad = || format!("unexpected {insn:?} at instruction {at}");
        ip += 1;
        match insn {
            Insn::Load(Kind::A, 0) => stack.push(V::Map),
            Insn::Ldc(Const::String(s)) => stack.push(V::Str(s.to_string())),
            Insn::GetStatic(f) if &*f.class == CLASS && &*f.desc == "Ljava/lang/String;" => {
                let v = statics
                    .get(&*f.name)
                    .ok_or_else(|| format!("static {} is not a constant", f.name))?;
                stack.push(V::Str(v.clone()));
            }
            Insn::Invoke(InvokeKind::Virtual, m)
                if &*m.class == "java/lang/String" && &*m.name == "isEmpty" =>
            {
                match stack.pop() {
                    Some(V::Str(s)) => stack.push(V::Bool(s.is_empty())),
                    _ => return Err(bad()),
                }
            }
            Insn::If(c @ (Cond::Eq | Cond::Ne), target) => match stack.pop() {
                Some(V::Bool(b)) => {
                    if b == (*c == Cond::Ne) {
                        ip = *target as usize;
                    }
                }
                _ => return Err(bad()),
            },
            Insn::Invoke(InvokeKind::Interface, m)
                if &*m.class == "java/util/Map" && &*m.name == "put" =>
            {
                let (v, k, map) = (stack.pop(), stack.pop(), stack.pop());
                match (map, k, v) {
                    (Some(V::Map), Some(V::Str(k)), Some(V::Str(v))) => out.push((k, v)),
                    _ => return Err(bad()),
                }
                stack.push(V::Other);
            }
            Insn::Pop if stack.pop().is_some() => {}
            Insn::Return(None) if stack.is_empty() => return Ok(out),
            _ => return Err(bad()),
        }
    }
    Err("falls off its code".into())
}

fn method<'a>(class: &'a RawClass, name: &str, desc: &str) -> Option<&'a RawMethod> {
    class
        .methods
        .iter()
        .find(|m| &*m.name == name && &*m.desc == desc)
}

/// The String statics of the class whose value is a constant: their
/// `ConstantValue`, or the constant `<clinit>` stores (`ldc; putstatic`).
fn static_strings(class: &RawClass) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for f in class.fields.iter().filter(|f| f.is_static) {
        if let Some(Const::String(s)) = &f.constant {
            out.insert(f.name.to_string(), s.to_string());
        }
    }
    if let Some(clinit) = method(class, "<clinit>", "()V") {
        let mut stored: HashMap<String, usize> = HashMap::new();
        for (i, insn) in clinit.code.iter().enumerate() {
            if let Insn::PutStatic(f) = insn
                && &*f.class == CLASS
            {
                *stored.entry(f.name.to_string()).or_default() += 1;
                match (i.checked_sub(1).map(|j| &clinit.code[j]), stored[&*f.name]) {
                    (Some(Insn::Ldc(Const::String(s))), 1) => {
                        out.insert(f.name.to_string(), s.to_string());
                    }
                    // Stored twice or computed: not a constant.
                    _ => {
                        out.remove(&*f.name);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JDK on this machine (if any) gives what its `java` reports.
    #[test]
    fn reads_the_jdks_version_properties() {
        let Ok(puts) = read() else { return };
        let keys: Vec<&str> = puts.iter().map(|(k, _)| k.as_str()).collect();
        for k in [
            "java.version",
            "java.runtime.version",
            "java.specification.version",
            "java.vendor",
            "java.class.version",
        ] {
            assert!(keys.contains(&k), "{k} missing from {keys:?}");
        }
    }
}
