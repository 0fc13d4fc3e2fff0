//! Embeds the compiled model library (src/library/classes/**.class).
use std::path::Path;

fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, root, out);
        } else if p.extension().is_some_and(|x| x == "class") {
            let rel = p.strip_prefix(root).unwrap().with_extension("");
            let name = rel.to_string_lossy().replace('\\', "/");
            out.push((name, p.canonicalize().unwrap().display().to_string()));
        }
    }
}

fn main() {
    let root = Path::new("src/library/classes");
    println!("cargo:rerun-if-changed=src/library/classes");
    let mut classes = Vec::new();
    walk(root, root, &mut classes);
    classes.sort();
    let mut src = String::from(
        "/// (internal name, class file bytes), sorted by name.\npub static CLASSES: &[(&str, &[u8])] = &[\n",
    );
    for (name, path) in &classes {
        src.push_str(&format!("    ({name:?}, include_bytes!({path:?})),\n"));
    }
    src.push_str("];\n");
    let out = std::env::var("OUT_DIR").unwrap();
    std::fs::write(Path::new(&out).join("library_classes.rs"), src).unwrap();
}
