//! `m5 test --json`: each test's result and the run's time
//! (docs/schemas/test.schema.json).

use serde::Serialize;

use crate::cli::test::Outcome;

/// The whole report.
#[derive(Serialize)]
pub(in crate::cli) struct Report<'a> {
    /// Wall time of the whole run.
    seconds: f64,
    tests: Vec<TestResult<'a>>,
}

/// One test.
#[derive(Serialize)]
struct TestResult<'a> {
    class: &'a str,
    /// The verdict's line, the skip's reason or the error.
    message: &'a str,
    method: &'a str,
    seconds: f64,
    states: u64,
    /// `ok`, `failed`, `incomplete`, `skipped` or `error`.
    status: String,
    /// The verdict's kind (`uncaught-exception`, ...), or an exception's class.
    verdict: &'a str,
    /// The command that replays a failure's witness.
    witness: Option<&'a str>,
}

impl<'a> Report<'a> {
    pub(in crate::cli) fn new(outcomes: &'a [Outcome], seconds: f64) -> Report<'a> {
        let tests = outcomes
            .iter()
            .map(|o| TestResult {
                class: &o.class,
                message: &o.message,
                method: &o.method,
                seconds: o.seconds,
                states: o.states,
                status: o.status.word().to_lowercase(),
                verdict: &o.kind,
                witness: o.witness.as_deref(),
            })
            .collect();
        Report { seconds, tests }
    }
}
