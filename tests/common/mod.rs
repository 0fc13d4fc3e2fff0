//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory under the system's temp dir, with `Main.java` holding
/// `source` compiled into it by javac.
pub fn javac_main(name: &str, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("m5-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Main.java"), source).unwrap();
    compile(&dir);
    dir
}

fn compile(dir: &Path) {
    let st = Command::new("javac")
        .arg("-d")
        .arg(dir)
        .arg(dir.join("Main.java"))
        .status()
        .unwrap();
    assert!(st.success(), "javac failed in {}", dir.display());
}
