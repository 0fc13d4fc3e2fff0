//! Printing states and classes in the paper's M5 list style (Figures 2-6).

use std::fmt::Write;

use crate::classfile::{ClassId, ClassTable, M5Insn, param_descs};

use super::*;

fn dotted(s: &str) -> String {
    s.replace('/', ".")
}

fn values(vs: &[Value]) -> String {
    let items: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
    format!("({})", items.join(" "))
}

fn frame(f: &Frame) -> String {
    let sync = match f.sync {
        Some(r) => format!("LOCKED (REF {r})"),
        None => "UNLOCKED".into(),
    };
    format!(
        "({} {} {} {:?} {} {:?})",
        f.pc(),
        values(&f.locals),
        values(&f.stack),
        format!("{}{}", f.method.name, f.method.desc),
        sync,
        dotted(&f.method.class_name)
    )
}

/// One thread-table entry: number, call stack (top frame first, as M5
/// lists it), status, thread object.
pub fn thread(s: &State, th: ThreadId) -> String {
    let t = &s.threads[th as usize];
    let mut out = format!("({th:<3}; thread number\n   (");
    for (i, f) in t.stack.iter().rev().enumerate() {
        if i > 0 {
            out.push_str("\n    ");
        }
        out.push_str(&frame(f));
    }
    out.push_str(")   ; call stack, top frame first\n   ");
    out.push_str(match (t.status, t.stack.is_empty()) {
        (Status::Unscheduled, _) => "UNSCHEDULED",
        (Status::Scheduled, true) => "SCHEDULED    ; finished",
        (Status::Scheduled, false) => "SCHEDULED",
    });
    if let Some(w) = t.wait {
        let _ = write!(
            out,
            "  ; in wait() on (REF {}){}{}",
            w.object,
            if w.notified { ", notified" } else { "" },
            w.deadline
                .map_or(String::new(), |d| format!(", until clock {d}"))
        );
    }
    if let Some(d) = t.timeout {
        let _ = write!(out, "  ; sleeping or parked until clock {d}");
    }
    let _ = write!(
        out,
        "\n   {})",
        t.object.map_or("NIL".to_string(), |r| format!("(REF {r})"))
    );
    out
}

/// One heap object, its fields grouped by the class that declares them,
/// nearest class first, ending with java.lang.Object's monitor fields.
pub fn object(s: &State, r: Ref) -> String {
    let o = s.object(r);
    let classes = &s.classes;
    let monitor = format!(
        "(\"java.lang.Object\" (\"monitor\" . {}) (\"mcount\" . {}) (\"wait-set\" . {}))",
        o.monitor,
        o.mcount,
        values(
            &o.wait_set
                .iter()
                .map(|t| Value::Int(*t as i32))
                .collect::<Vec<_>>()
        )
    );
    match &o.body {
        Body::Array { elem, data } => {
            let items: Vec<Value> = (0..data.len()).map(|i| data.get(i)).collect();
            format!(
                "({r} (ARRAY {:?} {})\n    {monitor})",
                dotted(elem),
                values(&items)
            )
        }
        body => {
            let c = classes.class(o.class);
            let fields = o.fields();
            let mut out = format!("({r}");
            for &cid in &c.supers {
                let k = classes.class(cid);
                if &*k.name == "java/lang/Object" {
                    continue;
                }
                let _ = write!(out, " ({:?}", dotted(&k.name));
                for (slot, f) in c.layout.iter().enumerate() {
                    let quiet = f.bookkeeping && fields[slot] == Value::default_for(&f.desc);
                    if f.declaring == cid && !quiet {
                        let _ = write!(out, " ({:?} . {})", f.name, fields[slot]);
                    }
                }
                if let Body::Mirror { name, .. } = body
                    && &*k.name == "java/lang/Class"
                {
                    let _ = write!(out, " (\"<name>\" . {:?})", dotted(name));
                }
                out.push(')');
            }
            if let Some(text) = s.string(r) {
                let _ = write!(out, "   ; {text:?}");
            }
            let _ = write!(out, "\n    {monitor})");
            out
        }
    }
}

/// The whole state: thread table, heap, static fields and initialization
/// status of the classes the program touched. The class table itself is
/// printed by `m5 disasm`.
pub fn state(s: &State) -> String {
    let mut out = String::from("(; thread table\n (");
    for th in 0..s.threads.len() as ThreadId {
        if th > 0 {
            out.push_str("\n  ");
        }
        out.push_str(&thread(s, th));
    }
    out.push_str(")\n ; heap\n (");
    for r in 0..s.heap.len() as Ref {
        if r > 0 {
            out.push_str("\n  ");
        }
        out.push_str(&object(s, r));
    }
    out.push_str(")\n ; static fields of initialized classes\n (");
    let mut first = true;
    for c in &s.classes.classes {
        let st = s.init[c.id as usize];
        if st == InitStatus::Uninitialized || c.statics.is_empty() && c.from_library {
            continue;
        }
        if !first {
            out.push_str("\n  ");
        }
        first = false;
        let _ = write!(out, "({:?} {:?}", dotted(&c.name), st);
        for (name, _, slot, _) in &c.statics {
            let _ = write!(out, " ({name:?} . {})", s.statics[*slot as usize]);
        }
        out.push(')');
    }
    out.push(')');
    // The virtual clock, once it has moved (ns since the VM started).
    if s.clock != 0 {
        let _ = write!(out, "\n ; clock\n {}", s.clock);
    }
    out.push(')');
    out
}

/// A field descriptor as a Java type: `I` -> `int`, `[Ljava/lang/String;` -> `java.lang.String[]`.
pub fn java_type(desc: &str) -> String {
    let dims = desc.bytes().take_while(|b| *b == b'[').count();
    let base = &desc[dims..];
    let name = match base {
        "Z" => "boolean".to_string(),
        "B" => "byte".into(),
        "C" => "char".into(),
        "S" => "short".into(),
        "I" => "int".into(),
        "J" => "long".into(),
        "F" => "float".into(),
        "D" => "double".into(),
        _ => dotted(base.trim_start_matches('L').trim_end_matches(';')),
    };
    format!("{name}{}", "[]".repeat(dims))
}

/// A class description as in the paper's Figures 4-6: name, superclasses,
/// instance fields, static fields, methods with their bytecode (pc comments).
pub fn class(t: &ClassTable, id: ClassId) -> String {
    let c = t.class(id);
    let supers: Vec<String> = c.supers[1..]
        .iter()
        .map(|s| format!("{:?}", dotted(&t.class(*s).name)))
        .collect();
    let own: Vec<String> = c
        .layout
        .iter()
        .filter(|f| f.declaring == id)
        .map(|f| format!("{:?}", f.name))
        .collect();
    let statics: Vec<String> = c.statics.iter().map(|s| format!("{:?}", s.0)).collect();
    let list = |v: &[String]| {
        if v.is_empty() {
            "NIL".to_string()
        } else {
            format!("({})", v.join(" "))
        }
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "({:<40} ; class name",
        format!("{:?}", dotted(&c.name))
    );
    let _ = writeln!(out, " {:<40} ; superclasses", list(&supers));
    if !c.interfaces.is_empty() {
        let itfs: Vec<String> = c
            .interfaces
            .iter()
            .map(|i| format!("{:?}", dotted(&t.class(*i).name)))
            .collect();
        let _ = writeln!(out, " {:<40} ; interfaces", list(&itfs));
    }
    let _ = writeln!(out, " {:<40} ; instance fields", list(&own));
    let _ = writeln!(out, " {:<40} ; static fields", list(&statics));
    out.push_str(" (");
    for (k, &mid) in c.methods.iter().enumerate() {
        let m = t.method(mid);
        if k > 0 {
            out.push_str("\n  ");
        }
        let params: Vec<String> = param_descs(&m.desc)
            .iter()
            .map(|p| format!("{:?}", java_type(p)))
            .collect();
        let _ = write!(
            out,
            "({:?} {} {}",
            m.name,
            list(&params),
            if m.is_synchronized() { "T" } else { "NIL" }
        );
        if m.is_native() {
            out.push_str(" NATIVE");
        }
        let n = m.code.len();
        for (i, insn) in m.code.iter().enumerate() {
            let mut text = M5Insn {
                insn,
                index: i,
                offsets: &m.offsets,
            }
            .to_string();
            // Close the method (and the method list) before the pc comment.
            if i + 1 == n {
                text.push(')');
                if k + 1 == c.methods.len() {
                    text.push_str("))");
                }
            }
            let _ = write!(out, "\n   {text:<44} ; {}", m.offsets[i]);
        }
        if n == 0 {
            out.push(')');
            if k + 1 == c.methods.len() {
                out.push_str("))");
            }
        }
    }
    if c.methods.is_empty() {
        out.push_str("))");
    }
    out
}
