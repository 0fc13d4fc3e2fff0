//! `m5 explore --sarif FILE`: a SARIF 2.1.0 log with one result per
//! violation, its code flow the witness (a thread flow per thread, each
//! step a location with its place in the schedule as `executionOrder`).
//! GitHub code scanning takes at most 1,000 thread-flow locations per
//! result, so a longer witness keeps its last 1,000 steps, the ones that
//! lead into the violation, and says how many it left out.

use std::collections::BTreeMap;

use serde_json::json;

use super::{Shown, highlighted, name, source_text};
use crate::cli::sources::Sources;
use crate::explore::Verdict;
use crate::explore::steps::{Place, Replayed, Step};
use crate::sarif::{self, Location, Message};
use crate::state::ThreadId;

/// GitHub's limit on the thread-flow locations of one result.
pub const MAX_FLOW_LOCATIONS: usize = 1000;

/// The verdict kinds that are violations, as rules: (id, description).
const RULES: &[(&str, &str)] = &[
    (
        "uncaught-exception",
        "An exception escapes a thread in some schedule.",
    ),
    (
        "deadlock",
        "In some schedule, live threads reach a state where none can move.",
    ),
    (
        "data-race",
        "Two threads access one location, at least one writing, with nothing ordering the accesses.",
    ),
    (
        "invariant-violation",
        "A fact of the invariant fails on a reachable state.",
    ),
    (
        "relation-violation",
        "The step relation fails on a reachable step.",
    ),
    (
        "nondeterministic",
        "Two complete executions print different output or end with a different status.",
    ),
];

/// Builds locations, noting which source roots they name.
struct Locator<'a> {
    sources: &'a mut Sources,
    bases: BTreeMap<String, sarif::ArtifactLocation>,
}

impl Locator<'_> {
    /// The source file of `class`: relative to the root it was found
    /// under, with that root's `uriBaseId`; else its `SourceFile` name.
    fn artifact(&mut self, class: &str, file: &str) -> sarif::ArtifactLocation {
        let found = self
            .sources
            .find(class, file)
            .map(|f| (f.root, f.relative.clone()));
        let Some((root, relative)) = found else {
            return sarif::ArtifactLocation {
                uri: sarif::uri_path(file),
                uri_base_id: None,
            };
        };
        let root = &self.sources.roots[root];
        if let Some(uri) = sarif::dir_uri(&root.dir) {
            let base = sarif::ArtifactLocation {
                uri,
                uri_base_id: None,
            };
            self.bases.insert(root.base_id.clone(), base);
        }
        sarif::ArtifactLocation {
            uri: sarif::uri_path(&relative),
            uri_base_id: Some(root.base_id.clone()),
        }
    }

    /// `place` as a location: its source file and line, and the method as
    /// a logical location.
    fn location(&mut self, place: &Place, message: Option<String>) -> Location {
        let artifact = place
            .file
            .as_deref()
            .map(|file| self.artifact(&place.class, file));
        Location {
            physical_location: artifact.map(|a| sarif::PhysicalLocation::at(a, place.line)),
            logical_locations: vec![sarif::LogicalLocation {
                fully_qualified_name: format!("{}.{}", place.class.replace('/', "."), place.method),
                kind: "function",
            }],
            message: message.map(Message::new),
        }
    }

    /// A step of the witness: its place, source line and held monitors.
    fn step(&mut self, step: &Step) -> Location {
        let Some(place) = &step.place else {
            return Location {
                message: Some(Message::new("no step: the thread has no frame")),
                ..Default::default()
            };
        };
        let mut text = place.short();
        if let Some(src) = source_text(self.sources, place) {
            text = format!("{text}: {src}");
        }
        if !step.stepped {
            text.push_str(" (no-op: the thread could not move)");
        }
        if !step.held.is_empty() {
            text = format!("{text}; holds {}", step.held.join(", "));
        }
        self.location(place, Some(text))
    }
}

/// The log: no result without a violation (the run's properties then
/// carry the verdict, so "incomplete" is not mistaken for clean).
pub(super) fn log(shown: &Shown, replayed: Option<&Replayed>, sources: &mut Sources) -> sarif::Log {
    let found: Vec<(&Shown, &Replayed)> = replayed.map(|r| (shown, r)).into_iter().collect();
    let mut props = serde_json::Map::new();
    props.insert("verdict".into(), json!(shown.verdict.name()));
    props.insert("verdictText".into(), json!(shown.text));
    log_of("m5 explore", &found, sources, props)
}

/// A log of `tool` with a result per violation found (its witness
/// replayed), and `props` as the run's properties.
pub(super) fn log_of(
    tool: &str,
    found: &[(&Shown, &Replayed)],
    sources: &mut Sources,
    props: serde_json::Map<String, serde_json::Value>,
) -> sarif::Log {
    let mut loc = Locator {
        sources,
        bases: BTreeMap::new(),
    };
    let results = found
        .iter()
        .map(|(shown, r)| finding(shown, r, &mut loc))
        .collect();
    let rules = RULES
        .iter()
        .map(|&(id, text)| sarif::Rule {
            id: id.to_string(),
            name: None,
            short_description: Message::new(text),
            full_description: None,
            default_configuration: sarif::Configuration {
                level: sarif::Level::Error,
            },
        })
        .collect();
    sarif::Log::new(sarif::Run {
        tool: sarif::Tool {
            driver: sarif::Driver::m5(tool, rules),
        },
        results,
        original_uri_base_ids: loc.bases,
        properties: Some(props),
    })
}

/// The violation's result: its position, the other positions it involves
/// and the witness as a code flow.
fn finding(shown: &Shown, r: &Replayed, loc: &mut Locator) -> sarif::Finding {
    let lit = highlighted(shown.verdict, &r.steps);
    let place_of = |k: usize| r.steps.get(k).and_then(|s| s.place.clone());
    // Primary first: a race's second access, the deadlocked threads'
    // places, the throw or the step that broke the property.
    let mut places: Vec<(Place, String)> = match shown.verdict {
        Verdict::Deadlock { threads } => threads
            .iter()
            .filter_map(|b| {
                let (_, p) = r.pending.iter().find(|(t, _)| *t == b.thread)?;
                Some((p.clone(), b.to_string()))
            })
            .collect(),
        Verdict::DataRace(race) => lit
            .iter()
            .rev()
            .filter_map(|&k| place_of(k))
            .zip([&race.second, &race.first])
            .map(|(p, side)| {
                let what = if side.write { "writes" } else { "reads" };
                (
                    p,
                    format!("thread {} {what} {}", side.thread, race.location),
                )
            })
            .collect(),
        v => lit
            .iter()
            .filter_map(|&k| place_of(k))
            .map(|p| (p, what_happens_here(v)))
            .collect(),
    };
    // A code-scanning alert needs a file: places with a source line first.
    places.sort_by_key(|(p, _)| p.file.is_none() || p.line.is_none());
    let mut locations: Vec<Location> = Vec::new();
    for (p, m) in places.drain(..) {
        locations.push(loc.location(&p, Some(m)));
    }
    let related = locations.split_off(locations.len().min(1));
    let omitted = r.steps.len().saturating_sub(MAX_FLOW_LOCATIONS);
    let mut text = shown.text.clone();
    let mut props = serde_json::Map::new();
    props.insert("witnessSteps".into(), json!(shown.witness.len()));
    if let Some(replay) = &shown.replay {
        props.insert("replay".into(), json!(replay));
    }
    if omitted > 0 {
        text.push_str(&format!(
            "\n(the code flow shows the witness's last {MAX_FLOW_LOCATIONS} of {} steps: {omitted} earlier steps left out)",
            r.steps.len()
        ));
        props.insert("omittedSteps".into(), json!(omitted));
    }
    let rule = shown.verdict.name();
    sarif::Finding {
        rule_id: rule.to_string(),
        rule_index: RULES.iter().position(|(id, _)| *id == rule).unwrap_or(0),
        level: sarif::Level::Error,
        message: Message::new(text),
        locations,
        related_locations: related,
        code_flows: code_flow(r, omitted, loc).into_iter().collect(),
        properties: props,
    }
}

/// What the violation's last step did, for its location.
fn what_happens_here(v: &Verdict) -> String {
    match v {
        Verdict::UncaughtException { thread, class, .. } => {
            format!("thread {thread} throws {class}, which nothing catches")
        }
        Verdict::InvariantViolation { fact, .. } => {
            format!("after this step the invariant's fact {fact} fails")
        }
        Verdict::RelationViolation { fact, .. } => format!("this step breaks the relation {fact}"),
        _ => "the second execution's last step".to_string(),
    }
}

/// The witness from step `from` on, a thread flow per thread (threads
/// with no step left are not listed: a thread flow has at least one
/// location).
fn code_flow(r: &Replayed, from: usize, loc: &mut Locator) -> Option<sarif::CodeFlow> {
    let mut flows: BTreeMap<ThreadId, Vec<sarif::ThreadFlowLocation>> = BTreeMap::new();
    for (k, step) in r.steps.iter().enumerate().skip(from) {
        flows
            .entry(step.thread)
            .or_default()
            .push(sarif::ThreadFlowLocation {
                location: loc.step(step),
                execution_order: k,
            });
    }
    if flows.is_empty() {
        return None;
    }
    let message = if from > 0 {
        format!(
            "the witness schedule's steps {from} to {} of {}",
            r.steps.len() - 1,
            r.steps.len()
        )
    } else {
        format!("the witness schedule, {} steps", r.steps.len())
    };
    Some(sarif::CodeFlow {
        message: Some(Message::new(message)),
        thread_flows: flows
            .into_iter()
            .map(|(th, locations)| sarif::ThreadFlow {
                id: th.to_string(),
                message: Some(Message::new(name(r, th))),
                locations,
            })
            .collect(),
    })
}
