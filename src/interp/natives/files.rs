//! Natives of the JDK's file-system classes that class loading reaches
//! (the application class loader turns the class path into URLs): they
//! ask the host, read-only, as HotSpot's do.

use std::path::{Component, Path, PathBuf};

use crate::interp::VmError;
use crate::state::*;

use super::{Native, arg_ref, npe, ret_string};

#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    ("java/io/UnixFileSystem", "initIDs", "()V", super::nothing),
    ("java/io/UnixFileSystem", "canonicalize0", "(Ljava/lang/String;)Ljava/lang/String;", canonicalize),
    ("java/io/UnixFileSystem", "getBooleanAttributes0", "(Ljava/io/File;)I", boolean_attributes),
];

/// `getBooleanAttributes0(file)`: exists (1), regular file (2),
/// directory (4), as the host's file system answers now.
fn boolean_attributes(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<super::NativeResult, VmError> {
    let Some(f) = arg_ref(a, 1) else { return npe() };
    let path = s
        .field(f, "path")
        .and_then(|v| v.as_ref())
        .and_then(|r| s.string(r))
        .unwrap_or_default();
    let bits = match std::fs::metadata(&path) {
        Ok(m) => 1 | if m.is_file() { 2 } else { 0 } | if m.is_dir() { 4 } else { 0 },
        Err(_) => 0,
    };
    super::ret(Value::Int(bits))
}

/// `canonicalize0(path)` (an absolute path): as the JDK's, the real path
/// of the longest prefix that exists, with the rest appended (`.` and
/// `..` collapsed first).
fn canonicalize(s: &mut State, _: ThreadId, a: &[Value]) -> Result<super::NativeResult, VmError> {
    let Some(p) = arg_ref(a, 1) else { return npe() };
    let path = s.string(p).unwrap_or_default();
    let text = canonical(Path::new(&path)).to_string_lossy().into_owned();
    ret_string(s, &text)
}

fn canonical(path: &Path) -> PathBuf {
    let mut collapsed = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                collapsed.pop();
            }
            other => collapsed.push(other),
        }
    }
    let mut rest = Vec::new();
    let mut prefix = collapsed.clone();
    loop {
        if let Ok(real) = std::fs::canonicalize(&prefix) {
            let mut out = real;
            for r in rest.iter().rev() {
                out.push(r);
            }
            return out;
        }
        match (prefix.file_name().map(|n| n.to_owned()), prefix.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name);
                prefix = parent.to_path_buf();
            }
            _ => return collapsed,
        }
    }
}
