//! `m5 explore --html FILE`: one self-contained page (inline CSS, no
//! scripts, nothing fetched) showing the witness as a table with a column
//! per thread and a row per run of one thread's steps on one source line,
//! the violation's steps highlighted. Written with maud, which escapes
//! every value put into the page, so a class, string or source line can
//! never become markup.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::{Row, Shown, Waiting, highlighted, name, rows, threads, waiting};
use crate::cli::sources::Sources;
use crate::explore::steps::Replayed;
use crate::state::ThreadId;

const STYLE: &str = "\
body{font-family:sans-serif;margin:1.5em;color:#222}\
#verdict{background:#f6f6f6;padding:.6em;border-left:4px solid #b00;white-space:pre-wrap}\
code{background:#f6f6f6;padding:0 .3em;word-break:break-all}\
table{border-collapse:collapse;font-size:90%}\
th,td{border:1px solid #ddd;padding:.25em .5em;vertical-align:top;text-align:left}\
thead th{position:sticky;top:0;background:#eee}\
th .name{font-weight:normal;color:#555}\
td.steps{color:#888;white-space:nowrap;text-align:right}\
td.cell{min-width:16em}\
.pos{font-family:monospace}\
pre.src{margin:.2em 0 0;color:#036;white-space:pre-wrap}\
.held{color:#064;font-size:85%;margin-top:.2em}\
.noop{color:#888;font-style:italic}\
tr.highlight td{background:#fdd}\
tr.highlight td.cell{border:2px solid #b00}\
tr.waits td{background:#fee}\
.waits-for{color:#b00;font-size:85%}";

/// The page for `shown`, its witness replayed as `replayed`.
pub(super) fn page(shown: &Shown, replayed: Option<&Replayed>, sources: &mut Sources) -> String {
    let title = format!("m5 explore: {}", shown.verdict.name());
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { (title) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                h1 { (title) }
                pre #verdict { (shown.text) }
                @if let Some(replay) = &shown.replay {
                    p { "Replay: " code #replay { (replay) } }
                }
                @if let Some(r) = replayed {
                    (schedule(shown, r, sources))
                } @else {
                    p #summary { "No witness: the verdict is not a violation." }
                }
            }
        }
    };
    markup.into_string()
}

/// The summary and the schedule table.
fn schedule(shown: &Shown, r: &Replayed, sources: &mut Sources) -> Markup {
    let lit = highlighted(shown.verdict, &r.steps);
    let rows = rows(r, &lit, sources);
    let waits = waiting(shown.verdict, r, sources);
    let columns = threads(shown.verdict, r);
    let summary = format!(
        "{} steps of {} threads in {} rows (consecutive steps of one thread on one source line share a row); highlighted: {}.",
        r.steps.len(),
        columns.len(),
        rows.len(),
        what_is_highlighted(shown)
    );
    html! {
        p #summary { (summary) }
        table #schedule {
            thead {
                tr {
                    th.steps { "steps" }
                    @for &t in &columns {
                        th.thread data-thread=(t) {
                            "thread " (t) br;
                            span.name { (name(r, t)) }
                        }
                    }
                }
            }
            tbody {
                @for row in &rows {
                    (step_row(row, &columns))
                }
                @if !waits.is_empty() {
                    (waits_row(&waits, &columns))
                }
            }
        }
    }
}

fn what_is_highlighted(shown: &Shown) -> &'static str {
    use crate::explore::Verdict;
    match shown.verdict {
        Verdict::DataRace(_) => "the two racing accesses",
        Verdict::Deadlock { .. } => {
            "each deadlocked thread's last step; the last row shows where each waits"
        }
        Verdict::UncaughtException { .. } => "the step that threw",
        Verdict::InvariantViolation { .. } | Verdict::RelationViolation { .. } => {
            "the step after which the property fails"
        }
        _ => "the last step",
    }
}

fn step_row(row: &Row, columns: &[ThreadId]) -> Markup {
    let range = if row.first == row.last {
        row.first.to_string()
    } else {
        format!("{}–{}", row.first, row.last)
    };
    html! {
        tr.step.highlight[row.highlight] id=(format!("s{}", row.first)) {
            td.steps { (range) }
            @for &t in columns {
                @if t == row.thread {
                    td.cell {
                        @match &row.place {
                            Some(p) => { div.pos { (p.short()) } }
                            None => { div.pos { "(no frame)" } }
                        }
                        @if let Some(text) = &row.source {
                            pre.src { (text) }
                        }
                        @if row.noop {
                            div.noop { "no-op: the thread could not move" }
                        }
                        @if !row.held.is_empty() {
                            div.held { "holds " (row.held.join(", ")) }
                        }
                    }
                } @else {
                    td {}
                }
            }
        }
    }
}

/// The deadlock's last row: where each thread waits, and for what.
fn waits_row(waits: &[Waiting], columns: &[ThreadId]) -> Markup {
    html! {
        tr.waits {
            td.steps { "waits" }
            @for &t in columns {
                @if let Some(w) = waits.iter().find(|w| w.thread == t) {
                    td.cell {
                        @if let Some(p) = &w.place {
                            div.pos { (p.short()) }
                        }
                        @if let Some(text) = &w.source {
                            pre.src { (text) }
                        }
                        div.waits-for { "waits for " (w.waits_for) }
                    }
                } @else {
                    td {}
                }
            }
        }
    }
}
