//! The reports of `m5 locks`: text for people, SARIF 2.1.0 for
//! code-scanning tools (JSON for scripts is json.rs), and the seed's HTML
//! explanation view (a root page of warnings; per-file source views with
//! every candidate annotation, the valid ones bold, the refuted ones grey
//! and linked to the access that refuted them; clusters).

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use maud::{DOCTYPE, Markup, PreEscaped, html};
use rustc_hash::FxHashMap;
use serde_json::json;

use super::events::{Site, dotted};
use super::program::Program;
use super::{Analysis, Annotation, Confirmation, Warning, simple};
use crate::sarif;

pub(super) fn per_1000(a: &Analysis) -> f64 {
    if a.instructions == 0 {
        0.0
    } else {
        a.warnings.len() as f64 * 1000.0 / a.instructions as f64
    }
}

/// `File.java:12`, or the class file when there is no line.
fn place(p: &Program, s: &Site) -> String {
    let file = p
        .get(&s.class)
        .map_or_else(|| dotted(&s.class), |c| c.file());
    match s.line {
        Some(l) => format!("{file}:{l}"),
        None => format!("{file} ({}.{} pc {})", dotted(&s.class), s.method, s.pc),
    }
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

pub fn summary(a: &Analysis) -> String {
    format!(
        "{} classes, {} bytes of bytecode ({} instructions); {} candidate annotations, {} valid, {} refuted in {} rounds; {} ({:.2} per 1,000 instructions) in {}, {} confirmed; {:.2} s",
        a.classes,
        a.bytecode_bytes,
        a.instructions,
        a.candidates.len(),
        a.valid.len(),
        a.refuted.len(),
        a.rounds,
        plural(a.warnings.len(), "warning"),
        per_1000(a),
        plural(a.clusters.len(), "cluster"),
        a.warnings.iter().filter(|w| w.confirmed()).count(),
        a.seconds
    )
}

pub fn text(a: &Analysis, p: &Program, show_valid: bool) -> String {
    let mut out = String::new();
    for w in &a.warnings {
        let _ = writeln!(out, "{}: {}", place(p, &w.site), w.message);
        match &w.confirmation {
            Some(Confirmation::Confirmed { race, replay, .. }) => {
                let _ = writeln!(out, "  confirmed: {race}");
                let _ = writeln!(out, "  replay:    {replay}");
            }
            Some(Confirmation::Unconfirmed { why }) => {
                let _ = writeln!(out, "  unconfirmed: {why}");
            }
            None => {}
        }
        if let Some(c) = &w.cluster {
            let _ = writeln!(out, "  cluster:   {} is thread-shared", dotted(c));
        }
        if w.array.is_some() {
            let mut list: Vec<String> = Vec::new();
            for (s, write) in &w.accesses {
                let what = if *write { "written" } else { "read" };
                let one = format!("{what} at {}", place(p, s));
                if !list.contains(&one) {
                    list.push(one);
                }
            }
            let _ = writeln!(out, "  accesses:  {}", list.join(", "));
        }
        // Why no candidate guard survived: the first refutation of each.
        for r in a
            .refuted
            .iter()
            .filter(|r| match (&r.annotation, &w.array) {
                (
                    Annotation::GuardedBy { class, field, .. }
                    | Annotation::ReadOnly { class, field },
                    None,
                ) => *class == w.class && *field == w.field,
                (
                    Annotation::ElemsGuardedBy { array, .. } | Annotation::ElemsReadOnly { array },
                    Some(a),
                ) => array == a,
                _ => false,
            })
        {
            let at = r.site.as_ref().map(|s| place(p, s)).unwrap_or_default();
            let _ = writeln!(out, "  not {}: {} {at}", r.annotation.show(), r.why);
        }
    }
    if show_valid && !a.valid.is_empty() {
        let _ = writeln!(out, "valid annotations:");
        for v in &a.valid {
            let _ = writeln!(out, "  {}: {}", v.target(), v.show());
        }
    }
    for n in &a.notes {
        let _ = writeln!(out, "note: {n}");
    }
    let _ = writeln!(out, "m5 locks: {}", summary(a));
    out
}

/// SARIF 2.1.0: one result per warning, an error when confirmed.
pub fn sarif(a: &Analysis) -> sarif::Log {
    let rule = |id: &str, name: &str, short: &str, full: Option<&str>| sarif::Rule {
        id: id.to_string(),
        name: Some(name.to_string()),
        short_description: sarif::Message::new(short),
        full_description: full.map(sarif::Message::new),
        default_configuration: sarif::Configuration {
            level: sarif::Level::Warning,
        },
    };
    let rules = vec![
        rule(
            "m5-locks/unguarded-field",
            "UnguardedSharedField",
            "A field of a thread-shared class has no consistent lock.",
            Some(
                "Houdini/rcc inference found no lock held at every access of this field, and the field is neither final, volatile nor read-only, in a class that more than one thread may use.",
            ),
        ),
        rule(
            "m5-locks/guarded-by-violated",
            "GuardedByViolated",
            "A field annotated @GuardedBy is accessed without its lock.",
            None,
        ),
    ];
    let results: Vec<sarif::Finding> = a
        .warnings
        .iter()
        .map(|w| {
            let loc = sarif::Location {
                physical_location: Some(sarif::PhysicalLocation::at(
                    sarif::ArtifactLocation {
                        uri: sarif::uri_path(&w.file),
                        uri_base_id: None,
                    },
                    w.site.line,
                )),
                ..Default::default()
            };
            let mut text = w.message.clone();
            let mut props = serde_json::Map::new();
            props.insert("confirmed".into(), json!(w.confirmed()));
            match &w.confirmation {
                Some(Confirmation::Confirmed {
                    race,
                    schedule,
                    replay,
                }) => {
                    let _ = write!(text, "; confirmed: {race}");
                    props.insert("witness".into(), json!(schedule));
                    props.insert("replay".into(), json!(replay));
                }
                Some(Confirmation::Unconfirmed { why }) => {
                    let _ = write!(text, "; unconfirmed: {why}");
                }
                None => {}
            }
            sarif::Finding {
                rule_id: rules[usize::from(w.user)].id.clone(),
                rule_index: usize::from(w.user),
                level: if w.confirmed() {
                    sarif::Level::Error
                } else {
                    sarif::Level::Warning
                },
                message: sarif::Message::new(text),
                locations: vec![loc],
                related_locations: Vec::new(),
                code_flows: Vec::new(),
                properties: props,
            }
        })
        .collect();
    let mut driver = sarif::Driver::m5("m5 locks", rules);
    driver.information_uri = Some("https://example.invalid/m5/docs/locks.md".into());
    sarif::Log::new(sarif::Run {
        tool: sarif::Tool { driver },
        results,
        original_uri_base_ids: Default::default(),
        properties: None,
    })
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em}\
pre{margin:0}table{border-collapse:collapse}td{padding:0 .4em;vertical-align:top}\
.src td.n{color:#888;text-align:right;user-select:none}\
.ann{font-family:monospace;font-size:90%;padding-left:2em}\
.valid{font-weight:bold;color:#064}\
.refuted,.refuted a{color:#999}\
.user{font-weight:bold;color:#036}\
.warn{color:#b00;font-family:monospace;padding-left:2em}\
.confirmed{color:#fff;background:#b00;padding:0 .3em}\
.unconfirmed{color:#fff;background:#888;padding:0 .3em}\
li{margin:.3em 0}";

/// The page a class's source view is on.
fn page(class: &str) -> String {
    format!("src/{}.html", class.replace(['/', '$'], "."))
}

/// The class whose page shows a file (the outermost class of the file).
fn page_class(p: &Program, class: &str) -> String {
    let top = class.split('$').next().unwrap_or(class);
    if p.get(top).is_some() {
        top.to_string()
    } else {
        class.to_string()
    }
}

fn link(p: &Program, s: &Site) -> String {
    let anchor = s
        .line
        .map_or_else(|| "top".to_string(), |l| format!("L{l}"));
    format!("{}#{anchor}", page(&page_class(p, &s.class)))
}

fn badge(w: &Warning) -> Markup {
    html! {
        @match &w.confirmation {
            Some(Confirmation::Confirmed { .. }) => span class="confirmed" { "confirmed" },
            Some(Confirmation::Unconfirmed { .. }) => span class="unconfirmed" { "unconfirmed" },
            None => {},
        }
    }
}

/// The head of a page: its title and the style sheet.
fn head(title: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            title { (title) }
            style { (PreEscaped(STYLE)) }
        }
    }
}

/// Writes `index.html` and one source view per file into `dir` (maud
/// escapes every text it is given).
pub fn html(a: &Analysis, p: &Program, dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir.join("src"))?;
    let mut pages: Vec<String> = p.classes.iter().map(|c| page_class(p, c.name())).collect();
    pages.sort();
    pages.dedup();
    let index = html! {
        (DOCTYPE)
        html {
            (head("m5 locks"))
            body {
                h1 { "m5 locks" }
                p id="summary" { (summary_without_time(a)) }
                h2 { "Warnings" }
                ol id="warnings" {
                    @for w in &a.warnings {
                        li class="warning" {
                            (badge(w)) " "
                            a href=(link(p, &w.site)) { (place(p, &w.site)) }
                            ": " (w.message)
                            @match &w.confirmation {
                                Some(Confirmation::Confirmed { race, replay, .. }) => {
                                    br; small { (race) } br; code { (replay) }
                                }
                                Some(Confirmation::Unconfirmed { why }) => { br; small { (why) } }
                                None => {}
                            }
                        }
                    }
                }
                h2 { "Clusters" }
                ul id="clusters" {
                    @for c in &a.clusters {
                        li class="cluster" {
                            b { (dotted(&c.root)) } " (" (c.why) "): " (c.warnings.len()) " warning(s)"
                        }
                    }
                }
                h2 { "Classes" }
                ul id="classes" {
                    @for c in &pages {
                        li { a href=(page(c)) { (dotted(c)) } }
                    }
                }
            }
        }
    };
    std::fs::write(dir.join("index.html"), index.into_string() + "\n")?;
    for c in &pages {
        std::fs::write(dir.join(page(c)), source_view(a, p, c))?;
    }
    Ok(())
}

fn summary_without_time(a: &Analysis) -> String {
    let s = summary(a);
    match s.rsplit_once("; ") {
        Some((head, _)) => head.to_string(),
        None => s,
    }
}

/// Where in the source each annotation target is declared: a guess from
/// the source text (class files carry no lines for declarations).
fn declaration_lines(p: &Program, top: &str, lines: &[&str]) -> FxHashMap<String, usize> {
    let mut at: FxHashMap<String, usize> = FxHashMap::default();
    let find = |pred: &dyn Fn(&str) -> bool| lines.iter().position(|l| pred(l)).map(|i| i + 1);
    for c in p.classes.iter().filter(|c| page_class(p, c.name()) == top) {
        let n = c.name();
        let simple_name = simple(n).rsplit('$').next().unwrap_or("").to_string();
        let class_line = find(&|l| {
            let t = l.trim_start();
            !t.starts_with("//")
                && (t.contains(&format!("class {simple_name} "))
                    || t.contains(&format!("class {simple_name}{{"))
                    || t.ends_with(&format!("class {simple_name}"))
                    || t.contains(&format!("interface {simple_name} ")))
        })
        .unwrap_or(1);
        at.insert(dotted(n), class_line);
        for f in &c.raw.fields {
            let line = find(&|l| {
                let t = l.trim();
                !t.starts_with("//")
                    && !t.contains('(')
                    && t.split(|ch: char| !ch.is_alphanumeric() && ch != '_' && ch != '$')
                        .any(|w| w == &*f.name)
                    && (t.ends_with(';') || t.contains('='))
            })
            .unwrap_or(class_line);
            at.insert(format!("{}.{}", dotted(n), f.name), line);
        }
        for m in &c.raw.methods {
            let first = m.lines.iter().map(|&(_, l)| l as usize).min();
            let name = if &*m.name == "<init>" {
                simple_name.as_str()
            } else {
                &*m.name
            };
            let line = find(&|l| {
                let t = l.trim();
                !t.starts_with("//") && t.contains(&format!("{name}(")) && !t.ends_with(';')
            })
            .or(first)
            .unwrap_or(class_line);
            at.insert(format!("{}.{}{}", dotted(n), m.name, m.desc), line);
        }
    }
    at
}

fn source_view(a: &Analysis, p: &Program, top: &str) -> String {
    let class = p.get(top);
    let text = class
        .and_then(|c| c.source.as_ref())
        .and_then(|s| std::fs::read_to_string(s).ok());
    let title = class.map_or_else(|| dotted(top), |c| c.file());
    // Annotations by target, and warnings by line.
    let in_page = |c: &Arc<str>| page_class(p, c) == top;
    // (target, markup, the line of an array's allocation).
    let mut rows: Vec<(String, Markup, Option<usize>)> = Vec::new();
    let at = |a: &Annotation| a.array().and_then(|s| s.site.line).map(|l| l as usize);
    for r in &a.refuted {
        if !in_page(r.annotation.class()) {
            continue;
        }
        let tip = format!("{}: refuted, {}", r.annotation.target(), r.why);
        let h = html! {
            span class="refuted" title=(tip) {
                @match &r.site {
                    Some(s) => a href=(link(p, s).replacen("src/", "", 1)) { (r.annotation.show()) },
                    None => (r.annotation.show()),
                }
            }
        };
        rows.push((r.annotation.target(), h, at(&r.annotation)));
    }
    for v in a.valid.iter().filter(|v| in_page(v.class())) {
        let tip = format!("{}: valid", v.target());
        let h = html! { span class="valid" title=(tip) { (v.show()) } };
        rows.push((v.target(), h, at(v)));
    }
    for u in a.user.iter().filter(|u| in_page(u.class())) {
        let h = html! { span class="user" { "@GuardedBy: " (u.show()) } };
        rows.push((u.target(), h, None));
    }
    rows.sort_by(|x, y| (&x.0, x.1.0.as_str(), x.2).cmp(&(&y.0, y.1.0.as_str(), y.2)));
    let listing = match text {
        Some(src) => source_table(a, p, top, &src, rows, &in_page),
        None => {
            // No source: the annotations by member.
            let mut by: Vec<(String, Vec<Markup>)> = Vec::new();
            for (t, h, _) in rows {
                match by.last_mut() {
                    Some((last, v)) if *last == t => v.push(h),
                    _ => by.push((t, vec![h])),
                }
            }
            html! {
                p { "(no source file found next to the class file)" }
                ul class="members" {
                    @for (t, hs) in &by {
                        li { code { (t) } ": " (joined(hs)) }
                    }
                }
            }
        }
    };
    let page = html! {
        (DOCTYPE)
        html {
            (head(&title))
            body {
                p id="top" { a href="../index.html" { "m5 locks" } " / " (title) }
                (listing)
            }
        }
    };
    page.into_string() + "\n"
}

/// Markups separated by spaces.
fn joined(parts: &[Markup]) -> Markup {
    html! {
        @for (i, h) in parts.iter().enumerate() {
            @if i > 0 { " " }
            (h)
        }
    }
}

/// A file's source, a row per line, with the annotations above the
/// declarations they are about and the warnings below their lines.
fn source_table(
    a: &Analysis,
    p: &Program,
    top: &str,
    src: &str,
    rows: Vec<(String, Markup, Option<usize>)>,
    in_page: &dyn Fn(&Arc<str>) -> bool,
) -> Markup {
    let lines: Vec<&str> = src.lines().collect();
    let decl = declaration_lines(p, top, &lines);
    let mut before: FxHashMap<usize, Vec<Markup>> = FxHashMap::default();
    for (target, h, alloc) in rows {
        let line = alloc.or_else(|| decl.get(&target).copied()).unwrap_or(1);
        before.entry(line).or_default().push(h);
    }
    let mut after: FxHashMap<usize, Vec<Markup>> = FxHashMap::default();
    for w in &a.warnings {
        if in_page(&w.site.class)
            && let Some(l) = w.site.line
        {
            let h = html! { (badge(w)) " " (w.message) };
            after.entry(l as usize).or_default().push(h);
        }
    }
    html! {
        table class="src" {
            @for (i, l) in lines.iter().enumerate() {
                @let n = i + 1;
                @if let Some(anns) = before.get(&n) {
                    tr { td class="n" {} td class="ann" { "/*# " (joined(anns)) " */" } }
                }
                tr id=(format!("L{n}")) { td class="n" { (n) } td { pre { (l) } } }
                @for w in after.get(&n).into_iter().flatten() {
                    tr { td class="n" {} td class="warn" { (w) } }
                }
            }
        }
    }
}
