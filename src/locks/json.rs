//! `m5 locks --json`: the whole analysis for scripts
//! (docs/schemas/locks.schema.json). Fields are declared in alphabetical
//! order, the order the report had as `serde_json::json!` objects, so the
//! output is byte for byte what scripts read before.

use serde::Serialize;

use super::events::{Site, dotted};
use super::program::Program;
use super::{Analysis, Annotation, Confirmation};

/// The whole report.
#[derive(Serialize)]
pub struct Report<'a> {
    /// The valid annotations.
    annotations: Vec<AnnotationJson>,
    clusters: Vec<Cluster<'a>>,
    notes: &'a [String],
    refuted: Vec<Refuted<'a>>,
    summary: Summary,
    /// The user's own (`@GuardedBy`) annotations.
    user_annotations: Vec<AnnotationJson>,
    warnings: Vec<Warning<'a>>,
}

#[derive(Serialize)]
struct Summary {
    bytecode_bytes: u64,
    candidates: usize,
    classes: usize,
    clusters: usize,
    confirmed: usize,
    instructions: u64,
    refuted: usize,
    rounds: usize,
    seconds: f64,
    valid: usize,
    warnings: usize,
    warnings_per_1000_instructions: f64,
}

/// An instruction of the program.
#[derive(Serialize)]
struct SiteJson {
    class: String,
    /// The class's source file, null for a class outside the program.
    file: Option<String>,
    line: Option<u32>,
    /// Name and descriptor.
    method: String,
    pc: u32,
}

/// An access to a warned field or array's elements.
#[derive(Serialize)]
struct Access {
    class: String,
    file: Option<String>,
    line: Option<u32>,
    method: String,
    pc: u32,
    write: bool,
}

#[derive(Serialize)]
struct AnnotationJson {
    annotation: String,
    /// `class`, `field`, `method` or `array`.
    kind: &'static str,
    target: String,
}

#[derive(Serialize)]
struct Refuted<'a> {
    annotation: String,
    /// The access that refuted it, null when none did.
    at: Option<SiteJson>,
    kind: &'static str,
    round: usize,
    target: String,
    why: &'a str,
}

#[derive(Serialize)]
struct Cluster<'a> {
    class: String,
    /// Indices into `warnings`.
    warnings: &'a [usize],
    why: &'a str,
}

/// A field (or the elements of an array) no lock guards.
#[derive(Serialize)]
struct Warning<'a> {
    accesses: Vec<Access>,
    /// The arrays' allocation site, null for a field.
    array: Option<ArrayJson<'a>>,
    class: String,
    cluster: Option<String>,
    confirmed: bool,
    field: String,
    file: &'a str,
    line: Option<u32>,
    message: &'a str,
    method: String,
    /// A confirmed warning's race, witness (`list:...`) and the `m5 run
    /// --races` command that replays it; null when unconfirmed.
    race: Option<&'a str>,
    replay: Option<&'a str>,
    #[serde(rename = "static")]
    is_static: bool,
    /// Why a warning is not confirmed; null when it is.
    unconfirmed: Option<&'a str>,
    user_annotation: bool,
    witness: Option<&'a str>,
}

#[derive(Serialize)]
struct ArrayJson<'a> {
    allocated: SiteJson,
    /// The method outside the program that made the array.
    by: Option<&'a str>,
    /// As Java writes it (`int[]`).
    #[serde(rename = "type")]
    ty: String,
}

impl SiteJson {
    fn new(p: &Program, s: &Site) -> SiteJson {
        SiteJson {
            class: dotted(&s.class),
            file: p.get(&s.class).map(|c| c.file()),
            line: s.line,
            method: format!("{}{}", s.method, s.desc),
            pc: s.pc,
        }
    }
}

impl AnnotationJson {
    fn new(a: &Annotation) -> AnnotationJson {
        AnnotationJson {
            annotation: a.show(),
            kind: a.kind(),
            target: a.target(),
        }
    }
}

/// The report of `a`, whose classes are `p`.
pub fn report<'a>(a: &'a Analysis, p: &Program) -> Report<'a> {
    Report {
        annotations: a.valid.iter().map(AnnotationJson::new).collect(),
        clusters: a
            .clusters
            .iter()
            .map(|c| Cluster {
                class: dotted(&c.root),
                warnings: &c.warnings,
                why: &c.why,
            })
            .collect(),
        notes: &a.notes,
        refuted: a
            .refuted
            .iter()
            .map(|r| {
                let an = AnnotationJson::new(&r.annotation);
                Refuted {
                    annotation: an.annotation,
                    at: r.site.as_ref().map(|s| SiteJson::new(p, s)),
                    kind: an.kind,
                    round: r.round,
                    target: an.target,
                    why: &r.why,
                }
            })
            .collect(),
        summary: Summary {
            bytecode_bytes: a.bytecode_bytes,
            candidates: a.candidates.len(),
            classes: a.classes,
            clusters: a.clusters.len(),
            confirmed: a.warnings.iter().filter(|w| w.confirmed()).count(),
            instructions: a.instructions,
            refuted: a.refuted.len(),
            rounds: a.rounds,
            seconds: a.seconds,
            valid: a.valid.len(),
            warnings: a.warnings.len(),
            warnings_per_1000_instructions: super::report::per_1000(a),
        },
        user_annotations: a.user.iter().map(AnnotationJson::new).collect(),
        warnings: a.warnings.iter().map(|w| warning(w, p)).collect(),
    }
}

fn warning<'a>(w: &'a super::Warning, p: &Program) -> Warning<'a> {
    let (confirmed, witness, replay, race, unconfirmed) = match &w.confirmation {
        Some(Confirmation::Confirmed {
            race,
            schedule,
            replay,
        }) => (
            true,
            Some(schedule.as_str()),
            Some(replay.as_str()),
            Some(race.as_str()),
            None,
        ),
        Some(Confirmation::Unconfirmed { why }) => (false, None, None, None, Some(why.as_str())),
        None => (false, None, None, None, Some("not searched")),
    };
    Warning {
        accesses: w
            .accesses
            .iter()
            .map(|(s, write)| {
                let site = SiteJson::new(p, s);
                Access {
                    class: site.class,
                    file: site.file,
                    line: site.line,
                    method: site.method,
                    pc: site.pc,
                    write: *write,
                }
            })
            .collect(),
        array: w.array.as_ref().map(|a| ArrayJson {
            allocated: SiteJson::new(p, &a.site),
            by: a.via.as_deref(),
            ty: super::java_type(&a.ty),
        }),
        class: dotted(&w.class),
        cluster: w.cluster.as_deref().map(dotted),
        confirmed,
        field: w.field.to_string(),
        file: &w.file,
        line: w.site.line,
        message: &w.message,
        method: format!("{}{}", w.site.method, w.site.desc),
        race,
        replay,
        is_static: w.is_static,
        unconfirmed,
        user_annotation: w.user,
        witness,
    }
}
