//! `m5 disasm`: a class as m5 loaded it, instruction by instruction.

use std::io::Write;

use anyhow::Result;

use super::{DisasmArgs, UsageError};
use crate::classfile::ClassPath;
use crate::interp::init::load_classes;
use crate::state::print;

pub(super) fn disasm(a: DisasmArgs) -> Result<i32> {
    let cp = ClassPath::parse(&a.cp.classpath).map_err(|e| UsageError(e.to_string()))?;
    // A lambda's class comes with the class whose call site makes it.
    let root = a.class.split("$$Lambda$").next().unwrap_or(&a.class);
    let classes = load_classes(&cp, root).map_err(|e| UsageError(e.to_string()))?;
    let name = a.class.replace('.', "/");
    let id = classes
        .id(&name)
        .ok_or_else(|| UsageError(format!("class {} not found", a.class)))?;
    // A closed pipe (`m5 disasm ... | head`) must not panic as println! would.
    let _ = writeln!(std::io::stdout().lock(), "{}", print::class(&classes, id));
    Ok(0)
}
