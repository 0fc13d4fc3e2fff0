//! Golden files for disassembly and state printing. Regenerate after an
//! intended change with `M5_BLESS=1 cargo test --release --test it -- golden::`.

use crate::common;

fn m5(args: &[&str]) -> String {
    let out = common::m5().args(args).output().expect("run m5");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    text
}

fn golden(name: &str, actual: &str) {
    let path = format!("tests/golden/{name}");
    if std::env::var_os("M5_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing {path}; run with M5_BLESS=1"));
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{path} differs at line {}:\n  expected: {:?}\n  actual:   {:?}\n(M5_BLESS=1 regenerates)",
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        );
    }
}

#[test]
fn disassembly_of_the_apprentice_classes() {
    for class in ["Apprentice", "Container", "Job"] {
        golden(
            &format!("apprentice-{class}.disasm"),
            &m5(&["disasm", "--classpath", "classfiles/apprentice", class]),
        );
    }
}

#[test]
fn apprentice_state_after_the_bogus_schedule() {
    let text = m5(&[
        "run",
        "--classpath",
        "classfiles/apprentice-bogus",
        "--schedule",
        "file:tests/schedules/apprentice-bogus.sched",
        "--final-state",
        "Apprentice",
    ]);
    golden("apprentice-bogus-final.state", &text);
}
