//! `m5 explore --html` and `--sarif`: the page of a witness as headless
//! Chromium renders it (a column per thread, the violation's steps
//! highlighted, source lines), SARIF logs valid against the 2.1.0 schema
//! (tests/schemas/), a witness longer than GitHub's 1,000 thread-flow
//! locations, `--sourcepath`, and reports that cannot be written.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::{fresh_dir, m5, root, skip};

/// The three violations the page is checked on: (example directory, main
/// class, options).
const CASES: &[(&str, &str, &[&str])] = &[
    ("races", "RacePublish", &[]),
    ("deadlock-lock-order", "Main", &[]),
    ("lost-update", "Main", &["--after-race", "continue"]),
];

/// `m5 explore --witness --html --sarif OPTIONS MAIN` on the class path
/// `cp`, the files in a fresh directory `name`: (its output, the directory).
fn explore_reports(name: &str, cp: &str, main: &str, options: &[&str]) -> (Output, PathBuf) {
    let dir = fresh_dir("explore-reports", name);
    let out = m5()
        .args(["explore", "--classpath", cp])
        .arg("--witness")
        .arg(dir.join("witness.sched"))
        .arg("--html")
        .arg(dir.join("report.html"))
        .arg("--sarif")
        .arg(dir.join("report.sarif"))
        .args(options)
        .arg(main)
        .output()
        .expect("run m5");
    (out, dir)
}

/// The thread numbers a witness file steps.
fn witness_threads(path: &Path) -> BTreeSet<u32> {
    std::fs::read_to_string(path)
        .expect("witness")
        .lines()
        .map(str::trim)
        // (Settings lines, `spurious-wakeups on` and `verdict KIND`, start with a letter.)
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split('*').next().unwrap().parse().expect("thread number"))
        .collect()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("report written")).expect("JSON")
}

/// The SARIF 2.1.0 schema, compiled once (draft 4, formats checked).
fn sarif_schema() -> &'static jsonschema::Validator {
    static SCHEMA: OnceLock<jsonschema::Validator> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let schema = read_json(&root().join("tests/schemas/sarif-schema-2.1.0.json"));
        jsonschema::options()
            .with_draft(jsonschema::Draft::Draft4)
            .should_validate_formats(true)
            .build(&schema)
            .expect("the SARIF schema compiles")
    })
}

pub(crate) fn assert_valid_sarif(log: &Value, what: &str) {
    let errors: Vec<String> = sarif_schema()
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what}: not valid SARIF 2.1.0:\n{}",
        errors.join("\n")
    );
}

/// The text of line `line` of `file`, trimmed.
fn source_line(file: &Path, line: u64) -> String {
    std::fs::read_to_string(file)
        .expect("source")
        .lines()
        .nth(line as usize - 1)
        .expect("line")
        .trim()
        .to_string()
}

/// The first of chromium's names that runs here.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|c| {
            Command::new(c)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
}

/// Headless chromium on `page` with `args`, its stdout in `out` (a file:
/// a page's DOM fills a pipe); killed after two minutes.
fn headless(bin: &str, page: &Path, args: &[String], out: &Path, profile: &Path) {
    let mut child = Command::new(bin)
        .args(["--headless", "--no-sandbox", "--disable-gpu"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdout(std::fs::File::create(out).expect("stdout file"))
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(status.success(), "{bin} {args:?} failed: {status}");
            return;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("{bin} {args:?} ran over two minutes");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The rendered page: a column per thread of the witness, at least one
/// highlighted row, the source line of the violation, and a screenshot.
#[test]
fn the_html_page_renders_a_column_per_thread_and_the_violation() {
    let Some(bin) = chromium() else {
        skip("no chromium (apt-get install chromium)");
        return;
    };
    for &(example, main, options) in CASES {
        let cp = format!("classfiles/{example}");
        let (out, dir) = explore_reports(&format!("page-{example}"), &cp, main, options);
        assert_eq!(out.status.code(), Some(1), "{example}: {out:?}");
        let page = dir.join("report.html");
        let dom_file = dir.join("dom.html");
        let profile = dir.join("profile");
        headless(bin, &page, &["--dump-dom".into()], &dom_file, &profile);
        let dom = std::fs::read_to_string(&dom_file).expect("DOM");
        assert!(dom.contains("<table id=\"schedule\">"), "{example}: {dom}");
        let threads = witness_threads(&dir.join("witness.sched"));
        assert_eq!(
            dom.matches("<th class=\"thread\"").count(),
            threads.len(),
            "{example}: a column per thread of the witness {threads:?}"
        );
        assert!(
            dom.contains("<tr class=\"step highlight\""),
            "{example}: no highlighted row"
        );
        // The violation's line, as the SARIF log places it, with its text
        // from the .java beside the class files.
        let sarif = read_json(&dir.join("report.sarif"));
        let at = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
        let uri = at["artifactLocation"]["uri"].as_str().expect("uri");
        let line = at["region"]["startLine"].as_u64().expect("line");
        let text = source_line(&root().join(&cp).join(uri), line);
        let escaped = text
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert!(
            dom.contains(&format!("<pre class=\"src\">{escaped}</pre>")),
            "{example}: the line {uri}:{line} `{text}` is not on the page"
        );
        let png = dir.join("report.png");
        let args = [
            format!("--screenshot={}", png.display()),
            "--window-size=1200,900".into(),
        ];
        headless(bin, &page, &args, &dir.join("screenshot.out"), &profile);
        let bytes = std::fs::read(&png).expect("screenshot written");
        assert!(
            bytes.len() > 1000 && bytes.starts_with(b"\x89PNG"),
            "{example}: {} is no PNG",
            png.display()
        );
    }
}

/// Each violation's log is valid SARIF 2.1.0: the verdict's kind as the
/// rule, its lines as the message, and a thread flow per thread whose
/// steps go forward in the schedule; so is `m5 locks --sarif`'s.
#[test]
fn sarif_logs_are_valid_against_the_2_1_0_schema() {
    for &(example, main, options) in CASES {
        let (out, dir) = explore_reports(
            &format!("sarif-{example}"),
            &format!("classfiles/{example}"),
            main,
            options,
        );
        assert_eq!(out.status.code(), Some(1), "{example}: {out:?}");
        let log = read_json(&dir.join("report.sarif"));
        assert_valid_sarif(&log, example);
        assert_eq!(log["version"], "2.1.0");
        assert!(
            log["$schema"]
                .as_str()
                .unwrap()
                .ends_with("sarif-schema-2.1.0.json")
        );
        let results = log["runs"][0]["results"].as_array().expect("results");
        assert_eq!(results.len(), 1, "{example}: one result per violation");
        let r = &results[0];
        let stdout = String::from_utf8_lossy(&out.stdout);
        let verdict = stdout.lines().next().unwrap();
        let kind = match verdict {
            v if v.starts_with("violation: data race") => "data-race",
            v if v.starts_with("violation: deadlock") => "deadlock",
            _ => "uncaught-exception",
        };
        assert_eq!(r["ruleId"], kind, "{example}");
        assert!(r["message"]["text"].as_str().unwrap().starts_with(verdict));
        let flows = r["codeFlows"][0]["threadFlows"]
            .as_array()
            .expect("thread flows");
        let ids: BTreeSet<u32> = flows
            .iter()
            .map(|f| f["id"].as_str().unwrap().parse().unwrap())
            .collect();
        assert_eq!(
            ids,
            witness_threads(&dir.join("witness.sched")),
            "{example}"
        );
        let mut steps = 0;
        for f in flows {
            let order: Vec<u64> = f["locations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l["executionOrder"].as_u64().unwrap())
                .collect();
            assert!(
                order.windows(2).all(|w| w[0] < w[1]),
                "{example}: {order:?}"
            );
            steps += order.len();
        }
        assert_eq!(
            steps as u64,
            r["properties"]["witnessSteps"].as_u64().unwrap()
        );
    }
    // The schema is no rubber stamp: it rejects an empty thread flow and
    // a `$schema` that is no URI.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("explore-reports/sarif-races");
    let log = read_json(&dir.join("report.sarif"));
    let mut empty = log.clone();
    empty["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"] = json!([]);
    assert!(!sarif_schema().is_valid(&empty));
    let mut bad_uri = log;
    bad_uri["$schema"] = json!("not a URI");
    assert!(!sarif_schema().is_valid(&bad_uri));
    let path = fresh_dir("explore-reports", "locks").join("locks.sarif");
    let out = m5()
        .args([
            "locks",
            "--cp",
            "classfiles/locks/wrong-lock",
            "--no-confirm",
            "--sarif",
        ])
        .arg(&path)
        .output()
        .expect("run m5 locks");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_valid_sarif(&read_json(&path), "m5 locks");
}

/// GitHub takes 1,000 thread-flow locations per result: a 200,000-call
/// recursion's witness (thousands of steps to the StackOverflowError)
/// keeps its last 1,000 steps and says how many it left out.
#[test]
fn a_witness_over_1000_steps_keeps_its_last_1000_in_the_sarif_log() {
    let (out, dir) = explore_reports(
        "long",
        "classfiles/deep-recursion",
        "Main",
        &["--max-stack-depth", "1000"],
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let log = read_json(&dir.join("report.sarif"));
    assert_valid_sarif(&log, "deep-recursion");
    let r = &log["runs"][0]["results"][0];
    let total = r["properties"]["witnessSteps"].as_u64().unwrap();
    assert!(total > 1000, "a witness of {total} steps");
    let orders: Vec<u64> = r["codeFlows"][0]["threadFlows"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["locations"].as_array().unwrap())
        .map(|l| l["executionOrder"].as_u64().unwrap())
        .collect();
    assert_eq!(orders.len(), 1000);
    assert_eq!(r["properties"]["omittedSteps"].as_u64(), Some(total - 1000));
    assert_eq!(orders.iter().min(), Some(&(total - 1000)));
    assert_eq!(orders.iter().max(), Some(&(total - 1)));
    let text = r["message"]["text"].as_str().unwrap();
    assert!(
        text.contains(&format!("{} earlier steps left out", total - 1000)),
        "{text}"
    );
    assert!(dir.join("report.html").is_file());
}

/// Sources away from the class files are found under --sourcepath, and
/// then the SARIF log names them relative to it.
#[test]
fn sourcepath_finds_sources_the_class_path_lacks() {
    let classes = fresh_dir("explore-reports", "classes-only");
    for e in std::fs::read_dir(root().join("classfiles/races")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "class") {
            std::fs::copy(&p, classes.join(p.file_name().unwrap())).unwrap();
        }
    }
    let line = "Config c = shared;";
    let cp = classes.to_str().unwrap();
    for (name, options) in [
        ("without-sources", &[][..]),
        ("with-sourcepath", &["--sourcepath", "classfiles/races"][..]),
    ] {
        let (out, dir) = explore_reports(name, cp, "RacePublish", options);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let page = std::fs::read_to_string(dir.join("report.html")).unwrap();
        let log = read_json(&dir.join("report.sarif"));
        assert_valid_sarif(&log, name);
        let artifact =
            &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
        assert_eq!(artifact["uri"], "RacePublish.java", "{name}");
        if options.is_empty() {
            assert!(!page.contains(line), "{name}");
            assert!(artifact.get("uriBaseId").is_none(), "{name}");
        } else {
            assert!(page.contains(line), "{name}");
            assert_eq!(artifact["uriBaseId"], "SOURCEPATH1");
            let base = &log["runs"][0]["originalUriBaseIds"]["SOURCEPATH1"]["uri"];
            assert!(
                base.as_str().unwrap().ends_with("/classfiles/races/"),
                "{base}"
            );
        }
    }
}

/// No violation: a page with the verdict alone and a log without
/// results that still says the verdict. A report that cannot be written
/// is an error (exit 2) that names the file.
#[test]
fn reports_of_ok_and_reports_that_cannot_be_written() {
    let (out, dir) = explore_reports("ok", "classfiles/races", "FreeVolatile", &[]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let page = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(page.contains("ok: no uncaught exception") && !page.contains("id=\"schedule\""));
    let log = read_json(&dir.join("report.sarif"));
    assert_valid_sarif(&log, "ok");
    assert_eq!(log["runs"][0]["results"].as_array().map(Vec::len), Some(0));
    assert_eq!(log["runs"][0]["properties"]["verdict"], "ok");
    for flag in ["--html", "--sarif"] {
        let missing = dir.join("no-such-dir").join("report");
        let out = m5()
            .args(["explore", "--classpath", "classfiles/races", flag])
            .arg(&missing)
            .arg("RacePublish")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag}: {stderr}");
        assert!(
            stderr.contains("cannot write") && stderr.contains("no-such-dir"),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// `m5 prove --sarif`: a result per refuted theorem, with its witness as
/// the code flow, valid against the schema; the run's properties give
/// every theorem's verdict. A proved file gives a log without results.
#[test]
fn prove_sarif_has_a_result_per_refuted_theorem() {
    let dir = fresh_dir("reports", "prove-sarif");
    let log_of = |proof: &str| {
        let path = dir.join("log.sarif");
        let out = m5()
            .args(["prove", "--sarif"])
            .arg(&path)
            .arg(proof)
            .output()
            .expect("run m5");
        (out.status.code(), read_json(&path))
    };
    let (code, log) = log_of("proofs/apprentice-bogus.proof");
    assert_eq!(code, Some(1));
    assert_valid_sarif(&log, "m5 prove --sarif");
    let run = &log["runs"][0];
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), 2, "{log}");
    for r in results {
        assert!(
            r["message"]["text"].as_str().unwrap().contains("refuted"),
            "{r}"
        );
        assert!(
            !r["codeFlows"][0]["threadFlows"]
                .as_array()
                .unwrap()
                .is_empty(),
            "{r}"
        );
    }
    assert_eq!(
        run["properties"]["theorems"]["invariant"], "refuted",
        "{log}"
    );
    let (code, log) = log_of("proofs/apprentice.proof");
    assert_eq!(code, Some(0));
    assert_valid_sarif(&log, "m5 prove --sarif (proved)");
    assert!(
        log["runs"][0]["results"].as_array().unwrap().is_empty(),
        "{log}"
    );
}

/// `m5 run --races --html`: the run's page, rendered in headless
/// Chromium, has a column per thread and the race's two accesses
/// highlighted.
#[test]
fn run_races_html_shows_the_race() {
    let dir = fresh_dir("reports", "run-html");
    let page = dir.join("run.html");
    let out = m5()
        .args(["run", "--races", "--html"])
        .arg(&page)
        .args(["--classpath", "classfiles/races", "RacePublish"])
        .output()
        .expect("run m5");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let Some(bin) = chromium() else {
        skip("no chromium (apt-get install chromium)");
        return;
    };
    let dom_file = dir.join("dom.html");
    headless(
        bin,
        &page,
        &["--dump-dom".into()],
        &dom_file,
        &dir.join("profile"),
    );
    let dom = std::fs::read_to_string(&dom_file).expect("DOM");
    assert_eq!(dom.matches("<th class=\"thread\"").count(), 3, "{dom}");
    assert_eq!(
        dom.matches("<tr class=\"step highlight\"").count(),
        2,
        "{dom}"
    );
    assert!(
        dom.contains("data race on static field RacePublish.shared"),
        "{dom}"
    );
}
