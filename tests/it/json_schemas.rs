//! Every `--json` output against its published schema
//! (docs/schemas/*.schema.json, JSON Schema 2020-12): `m5 explore` with
//! each verdict, `m5 prove` and `m5 infer`, `m5 locks`, `m5 test`. The
//! schemas forbid fields they do not describe, and every field a schema
//! describes must turn up in one of its command's reports here, so a field
//! added to or dropped from an output without its schema fails.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::common::{fresh_dir, m5, m5_bounded, root};

/// A schema of docs/schemas, checked against its meta-schema, and its validator.
fn schema(name: &str) -> (Value, jsonschema::Validator) {
    let path = root().join("docs/schemas").join(name);
    let text = std::fs::read_to_string(&path).expect("schema file");
    let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
    if let Err(e) = jsonschema::meta::validate(&schema) {
        panic!("{name} is not a valid JSON Schema: {e}");
    }
    let validator = jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap_or_else(|e| panic!("{name} compiles: {e}"));
    (schema, validator)
}

/// Runs an m5 command with `--json` among `args`: its report, and its exit
/// code checked against `code`.
fn report(cmd: &mut Command, code: i32) -> Value {
    let out = cmd.output().expect("m5 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{cmd:?}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{cmd:?}: not JSON ({e}): {stdout}"))
}

fn assert_valid(v: &jsonschema::Validator, report: &Value, what: &str) {
    let errors: Vec<String> = v
        .iter_errors(report)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what}: not valid against its schema:\n{}\n{report}",
        errors.join("\n")
    );
}

/// A step of a path into a report: an object's field, any value of an
/// object used as a map, any item of an array.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    Field(String),
    AnyValue,
    AnyItem,
}

/// Every path to a field that `schema` (at `node`) describes, following
/// `$ref`s into `$defs`, `oneOf`/`anyOf`/`allOf` branches and `then`/`else`.
fn described(schema: &Value, node: &Value, at: &mut Vec<Step>, out: &mut BTreeSet<Vec<Step>>) {
    if let Some(r) = node.get("$ref").and_then(Value::as_str) {
        let name = r.strip_prefix("#/$defs/").expect("local $ref");
        described(schema, &schema["$defs"][name], at, out);
    }
    if let Some(props) = node.get("properties").and_then(Value::as_object) {
        for (k, sub) in props {
            at.push(Step::Field(k.clone()));
            out.insert(at.clone());
            described(schema, sub, at, out);
            at.pop();
        }
    }
    if let Some(sub) = node.get("additionalProperties").filter(|s| s.is_object()) {
        at.push(Step::AnyValue);
        described(schema, sub, at, out);
        at.pop();
    }
    if let Some(sub) = node.get("items") {
        at.push(Step::AnyItem);
        described(schema, sub, at, out);
        at.pop();
    }
    for key in ["oneOf", "anyOf", "allOf"] {
        for sub in node
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            described(schema, sub, at, out);
        }
    }
    for key in ["then", "else"] {
        if let Some(sub) = node.get(key) {
            described(schema, sub, at, out);
        }
    }
}

/// Whether `path` leads to a value in `v`.
fn present(v: &Value, path: &[Step]) -> bool {
    let Some((step, rest)) = path.split_first() else {
        return true;
    };
    match step {
        Step::Field(k) => v.get(k).is_some_and(|x| present(x, rest)),
        Step::AnyValue => v
            .as_object()
            .is_some_and(|m| m.values().any(|x| present(x, rest))),
        Step::AnyItem => v
            .as_array()
            .is_some_and(|a| a.iter().any(|x| present(x, rest))),
    }
}

/// Every field `schema` describes appears in one of `reports`.
fn assert_every_field_seen(name: &str, schema: &Value, reports: &[Value]) {
    let mut paths = BTreeSet::new();
    described(schema, schema, &mut Vec::new(), &mut paths);
    let unseen: Vec<_> = paths
        .iter()
        .filter(|p| !reports.iter().any(|r| present(r, p)))
        .collect();
    assert!(
        unseen.is_empty(),
        "{name} describes fields no report here has (gone from the output, or not exercised): {unseen:?}"
    );
}

/// The report with one field more, and with `field` left out: the schema
/// must reject both.
fn assert_rejects_changes(v: &jsonschema::Validator, report: &Value, field: &str) {
    let mut extra = report.clone();
    extra["no_such_field"] = Value::Bool(true);
    assert!(!v.is_valid(&extra), "a field the schema does not describe");
    let mut less = report.clone();
    less.as_object_mut()
        .expect("an object")
        .remove(field)
        .unwrap_or_else(|| panic!("no {field} in {report}"));
    assert!(!v.is_valid(&less), "the report without {field}");
}

/// Every verdict of `m5 explore`, the sampling strategies' fields, and the
/// note of a search sent from sync points to the interaction granularity.
#[test]
fn explore_reports_match_their_schema() {
    let (schema, v) = schema("explore.schema.json");
    let inv = root().join("invariants/apprentice.inv");
    let inv = inv.to_str().expect("UTF-8 path");
    let cases: &[(&str, &[&str], i32)] = &[
        (
            "ok",
            &[
                "--classpath",
                "classfiles/finite-apprentice",
                "FiniteApprentice",
                "2",
                "2",
            ],
            0,
        ),
        (
            "uncaught-exception",
            &[
                "--classpath",
                "classfiles/finite-apprentice-bogus",
                "--after-race",
                "continue",
                "FiniteApprentice",
                "2",
                "2",
            ],
            1,
        ),
        (
            "data-race",
            &["--classpath", "classfiles/races", "RacePublish"],
            1,
        ),
        (
            "deadlock",
            &["--classpath", "classfiles/deadlock-lock-order", "Main"],
            1,
        ),
        (
            "nondeterministic",
            &[
                "--classpath",
                "classfiles/determinism",
                "--determinism",
                "PrintOrder",
            ],
            1,
        ),
        (
            "depends-on-time-or-seed",
            &[
                "--classpath",
                "classfiles/determinism",
                "--determinism",
                "RandomSeed",
            ],
            1,
        ),
        (
            "invariant-violation",
            &[
                "--classpath",
                "classfiles/apprentice-bogus",
                "--invariant",
                inv,
                "--after-race",
                "continue",
                "--bfs",
                "--max-depth",
                "400",
                "Apprentice",
            ],
            1,
        ),
        (
            "relation-violation",
            &[
                "--classpath",
                "classfiles/apprentice-bogus",
                "--invariant",
                inv,
                "--relation",
                "Monotonicity",
                "--relation-only",
                "--after-race",
                "continue",
                "--bfs",
                "--max-depth",
                "400",
                "Apprentice",
            ],
            1,
        ),
        (
            "incomplete",
            &[
                "--classpath",
                "classfiles/finite-apprentice",
                "--max-states",
                "50",
                "FiniteApprentice",
            ],
            3,
        ),
        (
            "uncaught-exception",
            &[
                "--classpath",
                "classfiles/reorder",
                "--strategy",
                "pct:2",
                "--after-race",
                "continue",
                "Main",
                "3",
            ],
            1,
        ),
    ];
    let mut reports = Vec::new();
    for (verdict, args, code) in cases {
        let r = report(m5().args(["explore", "--json"]).args(*args), *code);
        assert_eq!(r["verdict"], *verdict, "{args:?}: {r}");
        assert_valid(&v, &r, &format!("explore {args:?}"));
        reports.push(r);
    }
    // A shard's result and a merge of shards: the same report, with
    // `shard` and `shards`.
    let (shard, merged) = sharded(
        "explore",
        &[
            "--classpath",
            "classfiles/reorder",
            "--strategy",
            "pct:2",
            "--runs",
            "40",
            "Main",
            "3",
        ],
    );
    for r in shard.iter().chain([&merged]) {
        assert_valid(&v, r, "explore --shard, merge");
    }
    reports.extend(shard);
    reports.push(merged);
    assert_every_field_seen("explore.schema.json", &schema, &reports);
    assert_rejects_changes(&v, &reports[1], "exception");
    assert_rejects_changes(&v, &reports[0], "witness");
}

/// `m5 prove` (proved with --check-vacuity, refuted with a witness, not
/// inductive after a complete search, unknown where the prover cannot
/// translate the invariant, a relation failing on the single-threaded
/// prefix, cases the prover cannot build) and `m5 infer`, one schema.
#[test]
fn prove_and_infer_reports_match_their_schema() {
    let (schema, v) = schema("prove.schema.json");
    let dir = fresh_dir("json-schemas", "proofs");
    // A relation main breaks in its first step (it allocates).
    let invariant =
        std::fs::read_to_string(root().join("invariants/static-counter.inv")).expect("invariant");
    std::fs::write(
        dir.join("heap.inv"),
        format!("{invariant}\nrelation HeapFixed {{\n  new(heap.length) == old(heap.length)\n}}\n"),
    )
    .expect("write");
    let classes = |name: &str| root().join("classfiles").join(name).display().to_string();
    std::fs::write(
        dir.join("heap.proof"),
        format!(
            "classpath {}\nmain Main\ninvariant heap.inv\nprove relation HeapFixed\n",
            classes("static-counter")
        ),
    )
    .expect("write");
    // A synchronized main: its steps holding the class's lock are cases
    // the prover cannot build.
    std::fs::write(
        dir.join("sync.inv"),
        "thread t { when Main.main @ any .. { true } when Helper.run @ any .. { true } }\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("sync.proof"),
        format!(
            "classpath {}\nmain Main\ninvariant sync.inv\nprove invariant expect unknown\n",
            classes("sync-main-deadlock")
        ),
    )
    .expect("write");
    let proof = |name: &str| root().join(format!("proofs/{name}.proof"));
    let cases: &[(&str, PathBuf, &[&str], i32)] = &[
        ("prove", proof("apprentice"), &["--check-vacuity"], 0),
        ("prove", proof("apprentice-two-switch"), &[], 1),
        ("prove", proof("bank-transfer-weak"), &[], 4),
        ("prove", proof("juc-atomic-unknown"), &[], 3),
        ("prove", dir.join("heap.proof"), &[], 1),
        ("prove", dir.join("sync.proof"), &[], 3),
        ("infer", proof("static-counter-inferred"), &[], 0),
    ];
    let mut reports = Vec::new();
    for (cmd, file, extra, code) in cases {
        let r = report(
            m5_bounded().args([*cmd, "--json"]).args(*extra).arg(file),
            *code,
        );
        assert_valid(&v, &r, &format!("{cmd} {}", file.display()));
        reports.push(r);
    }
    assert!(reports[6]["inference"].is_object(), "{}", reports[6]);
    let apprentice = proof("apprentice");
    let (shard, merged) = sharded("prove", &[apprentice.to_str().expect("UTF-8")]);
    for r in shard.iter().chain([&merged]) {
        assert_valid(&v, r, "prove --shard, merge");
    }
    reports.extend(shard);
    reports.push(merged);
    assert_every_field_seen("prove.schema.json", &schema, &reports);
    assert_rejects_changes(&v, &reports[1], "theorems");
}

/// The 2 shards of `m5 SUB --json ARGS` (their reports, each with its
/// exit code checked to be 0, 1, 3 or 4) and `m5 merge --json` of them.
fn sharded(sub: &str, args: &[&str]) -> (Vec<Value>, Value) {
    // A directory per call (tests run at once).
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let dir = fresh_dir("json-schemas", &format!("shards-{sub}-{call}"));
    let mut files = Vec::new();
    let mut reports = Vec::new();
    for i in 0..2 {
        let out = m5_bounded()
            .args([sub, "--json", "--shard", &format!("{i}/2")])
            .args(args)
            .output()
            .expect("m5 runs");
        assert!(
            matches!(out.status.code(), Some(0 | 1 | 3 | 4)),
            "{sub} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let file = dir.join(format!("{i}.json"));
        std::fs::write(&file, &out.stdout).expect("write");
        reports.push(serde_json::from_slice(&out.stdout).expect("JSON"));
        files.push(file);
    }
    let out = m5()
        .args(["merge", "--json"])
        .args(&files)
        .output()
        .expect("m5 merge runs");
    let merged = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "merge: not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (reports, merged)
}

/// The `shard` object of explore's shards (exhaustive; a sampler that
/// found a bug and one that did not) and of prove's (proved, refuted with
/// a witness, not inductive after a search) against shard.schema.json.
#[test]
fn shard_objects_match_their_schema() {
    let (schema, v) = schema("shard.schema.json");
    let proof = |name: &str| {
        root()
            .join(format!("proofs/{name}.proof"))
            .display()
            .to_string()
    };
    let (bogus, weak) = (proof("apprentice-bogus"), proof("bank-transfer-weak"));
    let runs: &[(&str, Vec<&str>)] = &[
        (
            "explore",
            vec!["--classpath", "classfiles/deadlock-lock-order", "Main"],
        ),
        (
            "explore",
            vec![
                "--classpath",
                "classfiles/reorder",
                "--strategy",
                "pct:2",
                "--runs",
                "40",
                "Main",
                "3",
            ],
        ),
        (
            "explore",
            vec![
                "--classpath",
                "classfiles/finite-apprentice",
                "--strategy",
                "random",
                "--runs",
                "4",
                "FiniteApprentice",
                "2",
                "2",
            ],
        ),
        ("prove", vec![&bogus]),
        ("prove", vec![&weak]),
    ];
    let mut shards = Vec::new();
    for (sub, args) in runs {
        let (reports, _) = sharded(sub, args);
        for r in reports {
            assert_valid(&v, &r["shard"], &format!("{sub} {args:?}: shard"));
            shards.push(r["shard"].clone());
        }
    }
    assert_every_field_seen("shard.schema.json", &schema, &shards);
    assert_rejects_changes(&v, &shards[0], "key");
}

/// `m5 locks`: a confirmed warning on a field, one on an array's elements,
/// a false alarm left unconfirmed by the search.
#[test]
fn locks_reports_match_their_schema() {
    let (schema, v) = schema("locks.schema.json");
    let cases: &[(&[&str], i32)] = &[
        (&["--cp", "classfiles/locks/bad-account"], 1),
        (&["--cp", "classfiles/locks/array-race"], 1),
        (&["--cp", "classfiles/locks/account", "--no-cons-lock"], 0),
        (&["--cp", "classfiles/locks/guarded-by-annotation"], 1),
    ];
    let mut reports = Vec::new();
    for (args, code) in cases {
        let r = report(m5().args(["locks", "--json"]).args(*args), *code);
        assert_valid(&v, &r, &format!("locks {args:?}"));
        reports.push(r);
    }
    assert_eq!(
        reports[2]["warnings"][0]["confirmed"], false,
        "{}",
        reports[2]
    );
    assert_every_field_seen("locks.schema.json", &schema, &reports);
    assert_rejects_changes(&v, &reports[0], "summary");
}

/// `m5 test` on the JUnit example: a failed, a passed and a skipped test.
#[test]
fn test_reports_match_their_schema() {
    let Some((dir, cp)) = crate::junit::example("json-schema") else {
        return;
    };
    let (schema, v) = schema("test.schema.json");
    let r = report(
        m5().args(["test", "--json", "--cp", &cp, "--witness-dir"])
            .arg(dir.join("schema-witnesses"))
            .args([
                "com.example.CounterTest#racyIncrementsAddUp",
                "com.example.CounterTest#synchronizedIncrementsAddUp",
                "com.example.CounterTest#notYet",
            ]),
        1,
    );
    assert_valid(&v, &r, "test");
    let statuses: Vec<&str> = r["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .map(|t| t["status"].as_str().expect("status"))
        .collect();
    assert_eq!(statuses, ["failed", "ok", "skipped"], "{r}");
    assert_every_field_seen("test.schema.json", &schema, std::slice::from_ref(&r));
    assert_rejects_changes(&v, &r, "tests");
}

/// `m5 effects` on programs (deterministic, confirmed, with an unfixed
/// read) and on a library.
#[test]
fn effects_reports_match_their_schema() {
    let (_, v) = schema("effects.schema.json");
    let cases: &[(&[&str], i32)] = &[
        (&["--cp", "classfiles/effects", "StartJoinPublish"], 0),
        (&["--cp", "classfiles/effects", "MissingJoin"], 1),
        (&["--cp", "classfiles/effects", "AtomicTally"], 0),
        (&["--cp", "classfiles/determinism", "Elapsed"], 0),
        (&["--jdk-packages", "java.util.concurrent.atomic"], 0),
    ];
    let mut reports = Vec::new();
    for (args, code) in cases {
        let r = report(m5().args(["effects", "--json"]).args(*args), *code);
        assert_valid(&v, &r, &format!("effects {args:?}"));
        reports.push(r);
    }
    assert_eq!(reports[0]["verdict"], "deterministic");
    assert_eq!(reports[1]["confirmation"]["confirmed"], true);
    assert!(
        reports[3]["unfixed"]
            .as_array()
            .is_some_and(|u| !u.is_empty())
    );
    assert!(reports[4]["by_class"].is_array());
    assert_rejects_changes(&v, &reports[1], "verdict");
}
