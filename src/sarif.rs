//! SARIF 2.1.0 (OASIS) as typed documents: the objects m5's reports write
//! (`m5 locks --sarif`, `m5 explore --sarif`). A leaf beneath every stage:
//! serde types and URI spelling only. Optional fields left empty are not
//! written, so a document carries only what the schema asks for and what
//! m5 knows.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

/// The schema both reports name (the OASIS errata 01 schema; a copy is in
/// tests/schemas/, which the tests validate against).
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// A SARIF log: `$schema`, `version` and the runs.
#[derive(Serialize, Debug)]
pub struct Log {
    #[serde(rename = "$schema")]
    pub schema: &'static str,
    pub version: &'static str,
    pub runs: Vec<Run>,
}

impl Log {
    /// A 2.1.0 log of one run.
    pub fn new(run: Run) -> Log {
        Log {
            schema: SCHEMA,
            version: "2.1.0",
            runs: vec![run],
        }
    }
}

/// One run of one tool.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    pub tool: Tool,
    pub results: Vec<Finding>,
    /// Where each `uriBaseId` of the results' artifact locations points.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub original_uri_base_ids: BTreeMap<String, ArtifactLocation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub properties: Option<Map<String, Value>>,
}

#[derive(Serialize, Debug)]
pub struct Tool {
    pub driver: Driver,
}

/// The tool's `toolComponent`: its name, version and rules.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Driver {
    pub name: String,
    pub version: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub information_uri: Option<String>,
    pub rules: Vec<Rule>,
}

impl Driver {
    /// `name` at m5's version.
    pub fn m5(name: &str, rules: Vec<Rule>) -> Driver {
        Driver {
            name: name.to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            information_uri: None,
            rules,
        }
    }
}

/// A rule (`reportingDescriptor`).
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub short_description: Message,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub full_description: Option<Message>,
    pub default_configuration: Configuration,
}

#[derive(Serialize, Debug)]
pub struct Configuration {
    pub level: Level,
}

#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Note,
    Warning,
    Error,
}

/// A `message` with plain text.
#[derive(Serialize, Debug, Clone)]
pub struct Message {
    pub text: String,
}

impl Message {
    pub fn new(text: impl Into<String>) -> Message {
        Message { text: text.into() }
    }
}

/// SARIF's `result` object (named so as not to shadow `std::result::Result`).
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    pub rule_id: String,
    pub rule_index: usize,
    pub level: Level,
    pub message: Message,
    pub locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related_locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub code_flows: Vec<CodeFlow>,
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub properties: Map<String, Value>,
}

#[derive(Serialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub physical_location: Option<PhysicalLocation>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub logical_locations: Vec<LogicalLocation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct PhysicalLocation {
    pub artifact_location: ArtifactLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<Region>,
}

impl PhysicalLocation {
    /// `uri` (already a URI reference), at `line` when known.
    pub fn at(artifact_location: ArtifactLocation, line: Option<u32>) -> PhysicalLocation {
        PhysicalLocation {
            artifact_location,
            // SARIF lines start at 1: a 0 (no line) gives no region.
            region: line
                .filter(|&l| l > 0)
                .map(|start_line| Region { start_line }),
        }
    }
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactLocation {
    pub uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri_base_id: Option<String>,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    pub start_line: u32,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct LogicalLocation {
    pub fully_qualified_name: String,
    pub kind: &'static str,
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CodeFlow {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
    pub thread_flows: Vec<ThreadFlow>,
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ThreadFlow {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
    pub locations: Vec<ThreadFlowLocation>,
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ThreadFlowLocation {
    pub location: Location,
    pub execution_order: usize,
}

/// A relative path written as a URI reference: every byte but unreserved
/// ones and `/` percent-encoded (a file name may hold spaces or `%`).
pub fn uri_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A directory as an absolute `file:` URI ending in `/`, the form
/// `originalUriBaseIds` takes; `None` when its absolute path is not known
/// or not UTF-8.
pub fn dir_uri(dir: &std::path::Path) -> Option<String> {
    let abs = std::path::absolute(dir).ok()?;
    let text = abs.to_str()?;
    let mut uri = format!("file://{}", uri_path(text));
    if !uri.ends_with('/') {
        uri.push('/');
    }
    Some(uri)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uri_paths_are_percent_encoded() {
        assert_eq!(uri_path("p/q/Main.java"), "p/q/Main.java");
        assert_eq!(uri_path("a b/100%.java"), "a%20b/100%25.java");
    }

    #[test]
    fn empty_optional_fields_are_not_written() {
        let log = Log::new(Run {
            tool: Tool {
                driver: Driver::m5("m5 test", Vec::new()),
            },
            results: Vec::new(),
            original_uri_base_ids: BTreeMap::new(),
            properties: None,
        });
        let v = serde_json::to_value(&log).unwrap();
        assert_eq!(v["$schema"], SCHEMA);
        assert_eq!(v["version"], "2.1.0");
        let run = &v["runs"][0];
        assert!(run.get("originalUriBaseIds").is_none() && run.get("properties").is_none());
        assert!(run["tool"]["driver"].get("informationUri").is_none());
    }
}
