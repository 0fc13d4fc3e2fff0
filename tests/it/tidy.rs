//! Architecture invariants checked on the source text: `crate::` imports
//! between src/'s top folders follow the layers; every source file has a
//! true `//!` header; the integration tests are one binary.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::root;

/// src/'s top folders (and top files) in layers, lowest first: a folder may
/// import only from earlier layers, never from its own layer or a later
/// one. Data flows one way (ARCHITECTURE.md): class files are loaded
/// (`classfile`) into the M5 state (`state`), which the interpreter steps
/// (`interp`); on the interpreter sit running under a schedule
/// (`schedule`) and the race checks of pending accesses (`race`); the
/// invariant language checks states along runs (`invariant`, watching
/// with a `schedule::Observer`); the schedule search checks races and
/// invariants (`explore`); the prover steps symbolically with `interp`'s
/// instruction families and searches a witness with `explore` (`prove`);
/// inference runs Houdini over the prover's cases and `m5 locks` confirms
/// warnings with a race search (`infer`, `locks`); `cli` is the top.
/// `parallel` (a parallel map on threads with m5's stack size),
/// `javafmt` (Java-exact float printing) and `sarif` (SARIF 2.1.0's
/// documents as types) are leaves any stage may use. lib.rs and main.rs
/// declare and call the rest.
const LAYERS: &[&[&str]] = &[
    &["parallel", "javafmt", "sarif"],
    &["classfile"],
    &["state"],
    &["interp"],
    &["schedule", "race"],
    &["invariant"],
    &["explore"],
    &["prove"],
    &["infer", "locks"],
    &["effects"],
    &["cli"],
];

/// Imports allowed to break the layers, each only for the path named
/// (`from` folder, imported path prefix after `crate::`), with the issue
/// that removes it; none today. The test fails on an entry nothing uses.
const BEING_REMOVED: &[(&str, &str)] = &[];

/// The layer of a top folder; panics on one the table lacks.
fn layer(folder: &str) -> usize {
    LAYERS
        .iter()
        .position(|l| l.contains(&folder))
        .unwrap_or_else(|| panic!("src/{folder} is in no layer: add it to LAYERS in tidy.rs"))
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).expect("read_dir") {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The module path of a file under src/: `a/mod.rs` is `[a]`, `a/b.rs`
/// is `[a, b]`, `lib.rs` and `main.rs` are the root `[]`.
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// The code of a file: comments after `//` dropped, and `#[cfg(test)]`
/// modules left out (a unit test may build its state with any stage).
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && let Some((_, next)) = lines.peek()
            && next.trim_start().starts_with("mod ")
            && next.trim_end().ends_with('{')
        {
            let indent = next.len() - next.trim_start().len();
            let end = format!("{}}}", " ".repeat(indent));
            for (_, l) in lines.by_ref() {
                if l.trim_end() == end {
                    break;
                }
            }
            continue;
        }
        let code = line.split("//").next().unwrap_or("");
        out.push((i + 1, code.to_string()));
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The path at the start of `code`: `a::b::c`, or each item of a group
/// `{a::b, c}` (nested groups are kept whole in their item).
fn paths_after(code: &str) -> Vec<String> {
    if let Some(group) = code.strip_prefix('{') {
        let mut depth = 0;
        let mut items = vec![String::new()];
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => items.push(String::new()),
                _ => {}
            }
            items.last_mut().expect("an item").push(c);
        }
        return items
            .iter()
            .filter_map(|s| s.split_whitespace().next().map(str::to_string))
            .collect();
    }
    let end = code
        .find(|c: char| !(is_ident(c) || c == ':'))
        .unwrap_or(code.len());
    vec![code[..end].trim_end_matches(':').to_string()]
}

/// Every crate-root path a line names: after `crate::`, or after as many
/// `super::` as climb from the file's module to the root.
fn root_paths(code: &str, depth: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        if code[..i]
            .chars()
            .next_back()
            .is_some_and(|c| is_ident(c) || c == ':')
        {
            continue;
        }
        out.extend(paths_after(&code[i + "crate::".len()..]));
    }
    for (i, _) in code.match_indices("super::") {
        if code[..i]
            .chars()
            .next_back()
            .is_some_and(|c| is_ident(c) || c == ':')
        {
            continue;
        }
        let mut rest = &code[i..];
        let mut ups = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            ups += 1;
            rest = r;
        }
        if depth > 0 && ups >= depth {
            out.extend(paths_after(rest));
        }
    }
    out
}

/// `crate::` (and root-climbing `super::`) imports between top folders
/// go only to earlier layers, except the allowlisted ones being removed.
#[test]
fn imports_between_top_folders_follow_the_layers() {
    let src = root().join("src");
    let mut broken = Vec::new();
    let mut used: BTreeSet<(&str, &str)> = BTreeSet::new();
    // The top folders (with Rust files) and top files but lib.rs and main.rs.
    let tops: BTreeSet<String> = rust_files(&src)
        .iter()
        .filter_map(|f| module_path(f.strip_prefix(&src).ok()?).first().cloned())
        .collect();
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).expect("under src");
        let module = module_path(rel);
        let Some(from) = module.first() else {
            continue; // lib.rs, main.rs
        };
        let from_layer = layer(from);
        let text = std::fs::read_to_string(&file).expect("read source");
        for (line, code) in code_lines(&text) {
            for path in root_paths(&code, module.len()) {
                let to = path.split("::").next().unwrap_or("");
                if to == from || !tops.contains(to) {
                    continue; // its own folder, or an item of the crate root
                }
                if layer(to) < from_layer {
                    continue;
                }
                if let Some(&entry) = BEING_REMOVED
                    .iter()
                    .find(|(f, p)| f == from && path.starts_with(p))
                {
                    used.insert(entry);
                    continue;
                }
                broken.push(format!(
                    "src/{}:{line}: {from} (layer {from_layer}) imports crate::{path} (layer {})",
                    rel.display(),
                    layer(to)
                ));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "imports against the layers (LAYERS in tests/it/tidy.rs; ARCHITECTURE.md):\n{}",
        broken.join("\n")
    );
    let stale: Vec<_> = BEING_REMOVED.iter().filter(|e| !used.contains(e)).collect();
    assert!(
        stale.is_empty(),
        "BEING_REMOVED entries nothing uses any more (delete them): {stale:?}"
    );
}

/// Every source file starts with a `//!` header, and every file name
/// `*.rs` its header mentions exists (in src/, next to it, or from the
/// package root).
#[test]
fn every_source_file_has_a_true_header() {
    let root = root();
    let src = root.join("src");
    let files = rust_files(&src);
    let names: BTreeSet<String> = files
        .iter()
        .filter_map(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    let mut bad = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&root).expect("under the root").display();
        let text = std::fs::read_to_string(file).expect("read source");
        let header: Vec<&str> = text.lines().take_while(|l| l.starts_with("//!")).collect();
        if header.is_empty() {
            bad.push(format!("{rel}: no `//!` header on its first line"));
            continue;
        }
        for word in header
            .join(" ")
            .split(|c: char| !(is_ident(c) || "./-".contains(c)))
        {
            let Some(stem) = word.trim_end_matches('.').strip_suffix(".rs") else {
                continue;
            };
            if stem.is_empty() || !stem.ends_with(is_ident) {
                continue;
            }
            let name = format!("{stem}.rs");
            let dir = file.parent().expect("a folder");
            let exists = [root.join(&name), src.join(&name), dir.join(&name)]
                .iter()
                .any(|p| p.is_file())
                || (!name.contains('/') && names.contains(&name));
            if !exists {
                bad.push(format!(
                    "{rel}: its header names {name}, which does not exist"
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The integration tests build one binary (one link against Z3): a topic
/// is a module of tests/it/, never a file tests/NAME.rs or another
/// tests/NAME/main.rs.
#[test]
fn the_integration_tests_are_one_binary() {
    let tests = root().join("tests");
    let mut crates = Vec::new();
    for e in std::fs::read_dir(&tests).expect("read tests/") {
        let p = e.expect("dir entry").path();
        let name = p
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        if (p.is_file() && name.ends_with(".rs")) || (name != "it" && p.join("main.rs").is_file()) {
            crates.push(name);
        }
    }
    assert!(
        crates.is_empty(),
        "test crates besides tests/it (make them modules of tests/it/main.rs): {crates:?}"
    );
}
