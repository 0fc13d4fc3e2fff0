//! `m5 effects --sarif` and `--html`: a SARIF 2.1.0 result per conflict
//! (both accesses as locations) and per unfixed read; one HTML page with
//! the verdict, the threads, each conflict with its two source lines, and
//! the confirming executions' replay commands.

use std::path::Path;

use maud::{DOCTYPE, Markup, html};
use serde_json::json;

use crate::effects::interfere::Side;
use crate::effects::{Analysis, confirm::Confirmation, where_};
use crate::locks::events::Site;
use crate::locks::program::Program;
use crate::sarif;

use super::json::effects::location;

fn file(p: &Program, s: &Site) -> String {
    p.get(&s.class).map(|c| c.file()).unwrap_or_default()
}

fn sarif_location(p: &Program, s: &Site, message: String) -> sarif::Location {
    sarif::Location {
        physical_location: Some(sarif::PhysicalLocation::at(
            sarif::ArtifactLocation {
                uri: sarif::uri_path(&file(p, s)),
                uri_base_id: None,
            },
            s.line,
        )),
        message: Some(sarif::Message::new(message)),
        ..Default::default()
    }
}

fn who(a: &Analysis, s: &Side) -> String {
    format!(
        "{} {} at {}",
        a.thread_name(s.thread),
        if s.access.write { "writes" } else { "reads" },
        where_(&s.access.site)
    )
}

/// The SARIF log: rules for violations, intended conflicts and unfixed
/// reads; a confirmed conflict is an error, others warnings.
pub fn sarif(a: &Analysis, p: &Program) -> sarif::Log {
    let rule = |id: &str, name: &str, short: &str| sarif::Rule {
        id: id.to_string(),
        name: Some(name.to_string()),
        short_description: sarif::Message::new(short),
        full_description: None,
        default_configuration: sarif::Configuration {
            level: sarif::Level::Warning,
        },
    };
    let rules = vec![
        rule(
            "m5-effects/interference",
            "DeterminismViolation",
            "Two threads that may run at once access one location, one writes, under no common lock.",
        ),
        rule(
            "m5-effects/intended",
            "IntendedNondeterminism",
            "Two threads that may run at once access one location under one lock: the order is the scheduler's.",
        ),
        rule(
            "m5-effects/unfixed",
            "UnfixedValue",
            "The program reads a value a real JVM does not fix (the clock, an identity hash code, an unseeded random).",
        ),
    ];
    let reordered = |i: usize| match &a.confirmation {
        Some(Confirmation::Confirmed { reordered, .. }) => reordered.get(i) == Some(&true),
        _ => false,
    };
    let mut results = Vec::new();
    for (i, c) in a.conflicts.iter().enumerate() {
        let k = usize::from(c.intended);
        let mut props = serde_json::Map::new();
        props.insert("confirmed".into(), json!(reordered(i)));
        results.push(sarif::Finding {
            rule_id: rules[k].id.clone(),
            rule_index: k,
            level: if reordered(i) {
                sarif::Level::Error
            } else {
                sarif::Level::Warning
            },
            message: sarif::Message::new(format!(
                "{}: {}; {}",
                location(c),
                who(a, &c.a),
                who(a, &c.b)
            )),
            locations: vec![sarif_location(p, &c.a.access.site, who(a, &c.a))],
            related_locations: vec![sarif_location(p, &c.b.access.site, who(a, &c.b))],
            code_flows: Vec::new(),
            properties: props,
        });
    }
    for (s, what) in &a.unfixed {
        results.push(sarif::Finding {
            rule_id: rules[2].id.clone(),
            rule_index: 2,
            level: sarif::Level::Warning,
            message: sarif::Message::new(format!("reads {what} at {}", where_(s))),
            locations: vec![sarif_location(p, s, format!("reads {what}"))],
            related_locations: Vec::new(),
            code_flows: Vec::new(),
            properties: Default::default(),
        });
    }
    let mut driver = sarif::Driver::m5("m5 effects", rules);
    driver.information_uri = Some("https://example.invalid/m5/docs/effects.md".into());
    sarif::Log::new(sarif::Run {
        tool: sarif::Tool { driver },
        results,
        original_uri_base_ids: Default::default(),
        properties: None,
    })
}

/// The source line at `s`, when the source is found.
fn source_line(p: &Program, s: &Site) -> Option<String> {
    let c = p.get(&s.class)?;
    let text = std::fs::read_to_string(c.source.as_ref()?).ok()?;
    let n = s.line? as usize;
    text.lines()
        .nth(n.checked_sub(1)?)
        .map(|l| l.trim().to_string())
}

fn access_cell(a: &Analysis, p: &Program, s: &Side) -> Markup {
    html! {
        td class=(if s.access.write { "write" } else { "read" }) {
            (who(a, s))
            @if let Some(l) = source_line(p, &s.access.site) { br; code { (l) } }
            br; small { (file(p, &s.access.site)) }
        }
    }
}

/// Writes `index.html` into `dir`.
pub fn html(
    a: &Analysis,
    p: &Program,
    main: &str,
    replay: &dyn Fn(&str) -> String,
    dir: &Path,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let reordered = |i: usize| match &a.confirmation {
        Some(Confirmation::Confirmed { reordered, .. }) => reordered.get(i) == Some(&true),
        _ => false,
    };
    let page = html! {
        (DOCTYPE)
        html {
            head {
                meta charset="utf-8";
                title { "m5 effects: " (main) }
                style { "body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .5em;vertical-align:top}.write{background:#fde8e8}.read{background:#eef4fd}.violation{color:#a00}code{font-size:90%}" }
            }
            body {
                h1 { "m5 effects: " (main) }
                p id="verdict" {
                    strong { (a.verdict()) }
                    " — " (a.conflicts.len()) " conflict(s), " (a.violations()) " violation(s), "
                    (a.unfixed.len()) " read(s) of values a real JVM does not fix"
                }
                h2 { "Threads" }
                ol id="threads" start="0" {
                    @for t in 0..a.threads.len() { li { (a.thread_name(t)) } }
                }
                h2 { "Conflicts" }
                table id="conflicts" {
                    tr { th { "kind" } th { "location" } th { "first access" } th { "second access" } th { "confirmed" } }
                    @for (i, c) in a.conflicts.iter().enumerate() {
                        tr class="conflict" {
                            td class=(if c.intended { "intended" } else { "violation" }) {
                                (if c.intended { "intended (one lock)" } else { "violation" })
                            }
                            td { (location(c)) }
                            (access_cell(a, p, &c.a))
                            (access_cell(a, p, &c.b))
                            td { (if reordered(i) { "yes" } else { "no" }) }
                        }
                    }
                }
                @if !a.unfixed.is_empty() {
                    h2 { "Values a real JVM does not fix" }
                    ul id="unfixed" {
                        @for (s, what) in &a.unfixed { li { (what) " at " (where_(s)) } }
                    }
                }
                h2 { "Confirmation" }
                @match &a.confirmation {
                    Some(Confirmation::Confirmed { first, second, first_out, second_out, states, .. }) => {
                        p { "Two executions end differently (" (states) " states searched):" }
                        ul id="executions" {
                            li { (first_out) br; code { (replay(first)) } }
                            li { (second_out) br; code { (replay(second)) } }
                        }
                    }
                    Some(Confirmation::Alike { states }) => {
                        p { "Unconfirmed: every execution ended alike on these arguments (" (states) " states)." }
                    }
                    Some(Confirmation::Undecided { why }) => { p { "Unconfirmed: " (why) } }
                    None => { p { "Not searched." } }
                }
            }
        }
    };
    std::fs::write(dir.join("index.html"), page.into_string())
}
