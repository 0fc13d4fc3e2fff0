//! Stack traces of exceptions, as HotSpot records and prints them: the
//! call stack is captured when the exception is created (when
//! `Throwable.fillInStackTrace` is called, or by the VM for its own
//! exceptions), leaving out that call and the exception's own
//! constructors. The record is kept outside the heap (`State::backtraces`),
//! so that recording it changes none of the program's objects or addresses
//! (which invariants may name).

use std::sync::Arc;

use crate::state::{Ref, State, ThreadId, Value};

/// Records `th`'s call stack for `exc`. The frames at the top that run
/// `fillInStackTrace` or `<init>` on `exc` itself are left out. Callers
/// have moved past their invoke (M5 advances the pc at the call), except
/// below a `<clinit>`; `top_at_call`: so has the top frame (the stack is
/// recorded as `fillInStackTrace` is being called).
pub fn fill(s: &mut State, th: ThreadId, exc: Ref, top_at_call: bool) {
    let Some(t) = s.thread(th) else { return };
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    let mut skipping = true;
    let mut above: Option<&str> = None;
    for f in t.stack.iter().rev() {
        let advanced = match above {
            Some(name) => name != "<clinit>",
            None => top_at_call,
        };
        let ip = if advanced {
            f.ip.saturating_sub(1)
        } else {
            f.ip
        };
        above = Some(&f.method.name);
        if skipping
            && matches!(&*f.method.name, "<init>" | "fillInStackTrace")
            && matches!(f.locals.first(), Some(Value::Ref(r)) if *r == exc)
        {
            continue;
        }
        skipping = false;
        // A lambda's class is m5's stand-in for HotSpot's hidden class,
        // whose frames stack traces leave out.
        if s.classes.class(f.method.class).lambda {
            continue;
        }
        pairs.push((f.method.id, f.method.pc(ip)));
    }
    s.backtraces.insert(exc, Arc::from(pairs));
}

/// The recorded frames of `exc`, innermost first, as `Class.method(File.java:L)`.
pub fn frames(s: &State, exc: Ref) -> Vec<String> {
    let Some(pairs) = s.backtraces.get(&exc) else {
        return Vec::new();
    };
    pairs
        .iter()
        .filter_map(|&(id, pc)| {
            let m = s.classes.methods.get(id as usize)?;
            let place = if m.is_native() {
                "Native Method".to_string()
            } else {
                match (super::source_file(s, m), m.line_at(pc)) {
                    (Some(f), Some(l)) => format!("{f}:{l}"),
                    (Some(f), None) => f.to_string(),
                    _ => "Unknown Source".to_string(),
                }
            };
            Some(format!(
                "{}.{}({place})",
                m.class_name.replace('/', "."),
                m.name
            ))
        })
        .collect()
}

/// The `\tat ...` lines of `exc`; frames it shares at the bottom with
/// `enclosing` (the exception it is the cause of) are one `\t... N more`
/// line, as `printStackTrace` prints them.
pub fn lines(s: &State, exc: Ref, enclosing: Option<Ref>) -> String {
    let mine = frames(s, exc);
    let common = match enclosing {
        Some(e) => {
            let theirs = frames(s, e);
            mine.iter()
                .rev()
                .zip(theirs.iter().rev())
                .take_while(|(a, b)| a == b)
                .count()
        }
        None => 0,
    };
    let mut out = String::new();
    for f in &mine[..mine.len() - common] {
        out.push_str(&format!("\tat {f}\n"));
    }
    if common > 0 {
        out.push_str(&format!("\t... {common} more\n"));
    }
    out
}
