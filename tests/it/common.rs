//! Helpers shared by the integration tests' modules.

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

/// Every refuted theorem of a proof's `--json` report comes with a
/// witness, and its `replay` command (`m5 run --invariant ... --schedule
/// ...`, run by the shell from `dir`) exits 1 and reports the violation on
/// the witness's last step. Returns how many witnesses replayed.
pub fn assert_witnesses_replay(v: &serde_json::Value, dir: &Path) -> usize {
    let mut replayed = 0;
    for t in v["theorems"].as_array().expect("theorems") {
        if t["verdict"] != "refuted" {
            continue;
        }
        let replay = t["replay"]
            .as_str()
            .unwrap_or_else(|| panic!("a refuted theorem without a replay command: {t}"));
        let steps = t["witness"].as_array().expect("a witness").len();
        let command = replay
            .strip_prefix("m5 ")
            .unwrap_or_else(|| panic!("not an m5 command: {replay}"));
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("'{}' {command}", env!("CARGO_BIN_EXE_m5")))
            .current_dir(dir)
            .output()
            .expect("sh runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{replay}\n{err}");
        assert!(
            err.contains(&format!("violated at step {steps}:")),
            "{replay} does not end in the violation at step {steps}:\n{err}"
        );
        replayed += 1;
    }
    replayed
}

/// The arguments of the `m5` command in a witness file's `# replay:` line.
pub fn replay_arguments(witness_file: &str) -> Vec<&str> {
    witness_file
        .lines()
        .find_map(|l| l.strip_prefix("# replay: m5 "))
        .expect("a replay line")
        .split(' ')
        .collect()
}
