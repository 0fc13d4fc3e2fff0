//! Values a real JVM does not fix from run to run, though m5 does: the
//! time (`nanoTime`, `currentTimeMillis`: m5's clock is virtual, issue 12)
//! and identity hash codes (m5's come from allocation order), and so
//! every seed drawn from them (`new Random()`, `SplittableRandom`,
//! `ThreadLocalRandom`). The environment and the system properties are
//! fixed on one machine and are not among them.
//!
//! m5 keeps these values fixed, so runs replay; but `--determinism` must
//! then not claim that every execution prints the same. The natives that
//! return them record the first such read of an execution in the state
//! (`Aux::unfixed`, outside state equality): the native, and where the
//! program's own code was when it led there.

use std::sync::Arc;

use crate::state::{State, ThreadId, UnfixedRead};

/// `th` read an unfixed value through `native` (kept if it is the first).
pub fn record(s: &mut State, th: ThreadId, native: &'static str) {
    if s.aux.unfixed.is_none() {
        let at = program_position(s, th);
        s.aux.unfixed = Some(Arc::new(UnfixedRead { native, at }));
    }
}

/// Where the program's own code is in `th` (its innermost frame that is
/// neither m5's library, the JDK's nor a lambda's): `Class.method
/// (File.java:L)`, or the innermost frame's place if no frame is the
/// program's. Frames below the top have moved past their call (M5
/// advances the pc at the invoke), except below a `<clinit>`.
pub fn program_position(s: &State, th: ThreadId) -> String {
    let Some(t) = s.thread(th) else {
        return format!("thread {th}");
    };
    let mut above: Option<&str> = None;
    let mut innermost = None;
    for f in t.stack.iter().rev() {
        let ip = match above {
            Some(name) if name != "<clinit>" => f.ip.saturating_sub(1),
            _ => f.ip,
        };
        above = Some(&f.method.name);
        let c = s.classes.class(f.method.class);
        let pc = f.method.pc(ip);
        let here = || {
            let m = &f.method;
            let name = format!("{}.{}", m.class_name.replace('/', "."), m.name);
            match (super::source_file(s, m), m.line_at(pc)) {
                (Some(file), Some(l)) => format!("{name} ({file}:{l})"),
                _ => format!("{name} pc {pc}"),
            }
        };
        if !c.from_library && !c.from_jdk && !c.lambda {
            return here();
        }
        innermost.get_or_insert_with(here);
    }
    innermost.unwrap_or_else(|| format!("thread {th}"))
}
