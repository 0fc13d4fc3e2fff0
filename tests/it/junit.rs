//! `m5 test` on the JUnit example project (examples/junit, compiled here
//! against Debian's junit5 and junit4 jars): one verdict per test, the
//! witnesses replay, the JUnit XML passes a schema check.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// The example's classes, compiled into the scratch directory `name`, and
/// the class path with the JUnit jars; None (skipped) without the jars.
pub(crate) fn example(name: &str) -> Option<(PathBuf, String)> {
    let jars = Command::new("bash")
        .args(["examples/junit/build.sh", "--classpath"])
        .output()
        .unwrap();
    let jars = String::from_utf8_lossy(&jars.stdout).trim().to_string();
    if !jars.split(':').all(|j| Path::new(j).is_file()) {
        common::skip("the JUnit jars (apt-get install junit5 junit4)");
        return None;
    }
    if !common::have("javac", "-version") {
        return None;
    }
    // (A directory per test: the tests run at once.)
    let dir = common::fresh_dir("junit", name);
    let classes = dir.join("classes");
    let st = Command::new("bash")
        .arg("examples/junit/build.sh")
        .arg(&classes)
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stderr)
    );
    Some((dir, format!("{}:{jars}", classes.display())))
}

/// The example's JUnit 5 and JUnit 4 tests: the racy counter, the
/// deadlock and JUnit 4's missing `expected` exception fail with witnesses
/// that replay to the same verdict (exit 1), the synchronized counter and
/// the thrown `expected` pass, `@Disabled` is skipped; the JUnit XML is
/// valid against docs/schemas/junit-xml.xsd and says the same; one method
/// can be selected; exit 1 when a test failed, 0 when none did.
#[test]
fn m5_test_reports_each_junit_test() {
    let Some((dir, cp)) = example("reports_each_junit_test") else {
        return;
    };
    let xml = dir.join("TEST-m5.xml");
    let witnesses = dir.join("witnesses");
    let pages = dir.join("pages");
    let sarif = dir.join("tests.sarif");
    let out = common::m5()
        .args(["test", "--cp", &cp, "--junit-xml"])
        .arg(&xml)
        .arg("--witness-dir")
        .arg(&witnesses)
        .arg("--html")
        .arg(&pages)
        .arg("--sarif")
        .arg(&sarif)
        .args(["com.example.CounterTest", "com.example.LegacyTest"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let status = |test: &str| -> String {
        text.lines()
            .find(|l| l.split_whitespace().nth(1) == Some(test))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or_else(|| panic!("no line for {test}: {text}"))
            .to_string()
    };
    for (test, expected) in [
        ("com.example.CounterTest#racyIncrementsAddUp", "FAILED"),
        ("com.example.CounterTest#synchronizedIncrementsAddUp", "ok"),
        (
            "com.example.CounterTest#transfersInOppositeOrders",
            "FAILED",
        ),
        ("com.example.CounterTest#notYet", "skipped"),
        ("com.example.LegacyTest#removeFromEmptyThrows", "ok"),
        ("com.example.LegacyTest#addNeverThrows", "FAILED"),
    ] {
        assert_eq!(status(test), expected, "{test}: {text}");
    }
    assert!(text.contains("violation: deadlock"), "{text}");
    assert!(
        text.contains("Expected exception: java.lang.IllegalStateException"),
        "{text}"
    );
    assert!(
        text.contains("tests: 2 ok, 3 failed, 0 incomplete, 1 skipped"),
        "{text}"
    );
    // A page per failure; one SARIF log with a result per failure.
    assert_eq!(std::fs::read_dir(&pages).unwrap().count(), 3);
    let page = std::fs::read_to_string(
        pages.join("com.example.CounterTest.transfersInOppositeOrders.html"),
    )
    .unwrap();
    assert!(page.contains("<table id=\"schedule\""), "{page}");
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    crate::explore::reports::assert_valid_sarif(&log, "m5 test --sarif");
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 3, "{log}");
    assert!(
        results
            .iter()
            .any(|r| r["message"]["text"].as_str().unwrap().starts_with(
                "com.example.CounterTest#transfersInOppositeOrders: violation: deadlock"
            )),
        "{log}"
    );
    // Each failure's witness replays to the verdict line it printed.
    let mut replayed = 0;
    for entry in std::fs::read_dir(&witnesses).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x != "sched") {
            continue;
        }
        let file = std::fs::read_to_string(path).unwrap();
        let replay = common::replay_arguments(&file);
        let run = common::m5().args(&replay).output().unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{replay:?}: {err}");
        let last = err
            .lines()
            .rev()
            .find(|l| l.starts_with("violation: "))
            .unwrap();
        assert!(text.contains(last), "{last} not in {text}");
        replayed += 1;
    }
    assert_eq!(replayed, 3);
    // The JUnit XML: valid, with the same counts.
    let report = std::fs::read_to_string(&xml).unwrap();
    assert!(
        report.contains(
            "name=\"com.example.CounterTest\" tests=\"4\" failures=\"2\" errors=\"0\" skipped=\"1\""
        ),
        "{report}"
    );
    assert_eq!(validate(&xml), Ok(()));
    // (The schema does reject what CI servers would not read.)
    let broken = dir.join("broken.xml");
    std::fs::write(&broken, report.replace(" classname=", " class=")).unwrap();
    assert!(validate(&broken).is_err());
    // One method, selected: it alone runs, and passes.
    let out = common::m5()
        .args(["test", "--cp", &cp, "--json"])
        .arg("--witness-dir")
        .arg(&witnesses)
        .arg("com.example.CounterTest#synchronizedIncrementsAddUp")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let tests = j["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 1, "{j}");
    assert_eq!(tests[0]["status"], "ok", "{j}");
    assert_eq!(tests[0]["method"], "synchronizedIncrementsAddUp", "{j}");
}

/// `java tests/tools/XsdValidate.java` on a report: Err with its message.
fn validate(xml: &Path) -> Result<(), String> {
    let out = Command::new("java")
        .args(["tests/tools/XsdValidate.java", "docs/schemas/junit-xml.xsd"])
        .arg(xml)
        .output()
        .unwrap();
    match out.status.success() {
        true => Ok(()),
        false => Err(String::from_utf8_lossy(&out.stdout).into_owned()),
    }
}

/// Selectors that name nothing, and methods that cannot be tests, are
/// usage errors that say what was expected (exit 2).
#[test]
fn m5_test_says_what_a_selector_lacks() {
    let Some((dir, cp)) = example("says_what_a_selector_lacks") else {
        return;
    };
    for (selector, says) in [
        ("com.example.Nothing#x", "not on the class path"),
        ("com.example.CounterTest#nope", "has no method nope()"),
        ("com.example.Counter", "no test method"),
        ("org.nowhere", "no test"),
    ] {
        let out = common::m5()
            .args(["test", "--cp", &cp, selector])
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{selector}: {err}");
        assert!(err.contains(says), "{selector}: {err}");
    }
}

/// JUnit 5's lifecycle: @BeforeAll once, @BeforeEach before each
/// repetition of a @RepeatedTest (each on a new instance), the
/// repetitions sharing the statics (the fourth fails), @Timeout read.
#[test]
fn m5_test_drives_the_junit5_lifecycle() {
    let Some((dir, cp)) = example("drives_the_junit5_lifecycle") else {
        return;
    };
    let out = common::m5()
        .args(["test", "--cp", &cp, "--json", "--witness-dir"])
        .arg(dir.join("lifecycle-witnesses"))
        .arg("com.example.LifecycleTest")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let status = |m: &str| {
        let t = j["tests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["method"] == m);
        t.map(|t| t["status"].as_str().unwrap().to_string())
    };
    assert_eq!(status("repeats").as_deref(), Some("ok"), "{j}");
    assert_eq!(
        status("countsRepetitions").as_deref(),
        Some("failed"),
        "{j}"
    );
    let failed = j["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["method"] == "countsRepetitions")
        .unwrap();
    assert!(
        failed["message"].as_str().unwrap().contains("repetition 4"),
        "{j}"
    );
}
