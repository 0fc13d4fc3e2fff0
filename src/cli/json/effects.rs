//! `m5 effects --json`: a program's verdict, threads, conflicts, unfixed
//! reads and confirmation; or, with `--jdk-packages`, a library's
//! conflicts by class. docs/schemas/effects.schema.json describes both.

use serde::Serialize;

use crate::effects::interfere::Side;
use crate::effects::{self, Analysis, ClassEffects, Conflict, confirm::Confirmation, where_};
use crate::locks::program::Program;

#[derive(Serialize)]
pub struct Report {
    pub confirmation: Option<Confirmed>,
    pub conflicts: Vec<JsonConflict>,
    pub methods: usize,
    pub seconds: f64,
    pub threads: Vec<String>,
    pub unfixed: Vec<Unfixed>,
    pub verdict: &'static str,
}

#[derive(Serialize)]
pub struct JsonConflict {
    /// The confirming pair of executions orders its accesses differently.
    pub confirmed: bool,
    pub first: Access,
    /// Both under one lock (or in a library object that synchronizes).
    pub intended: bool,
    pub location: String,
    pub second: Access,
}

#[derive(Serialize)]
pub struct Access {
    pub at: String,
    pub file: Option<String>,
    pub line: Option<u32>,
    pub thread: usize,
    pub write: bool,
}

#[derive(Serialize)]
pub struct Unfixed {
    pub at: String,
    pub file: Option<String>,
    pub line: Option<u32>,
    pub what: &'static str,
}

#[derive(Serialize)]
pub struct Confirmed {
    pub confirmed: bool,
    pub detail: String,
    /// `m5 run` commands replaying the two executions (when confirmed).
    pub first: Option<String>,
    pub second: Option<String>,
}

/// The file a report names for a class: its source, else its class file.
fn file(p: &Program, class: &str) -> Option<String> {
    p.get(class).map(|c| c.file())
}

fn access(p: &Program, s: &Side) -> Access {
    Access {
        at: where_(&s.access.site),
        file: file(p, &s.access.site.class),
        line: s.access.site.line,
        thread: s.thread,
        write: s.access.write,
    }
}

/// A program's document; `replay` makes the `m5 run` command of a schedule.
pub fn report(a: &Analysis, p: &Program, replay: &dyn Fn(&str) -> String) -> Report {
    let reordered = |i: usize| match &a.confirmation {
        Some(Confirmation::Confirmed { reordered, .. }) => reordered.get(i) == Some(&true),
        _ => false,
    };
    Report {
        confirmation: a.confirmation.as_ref().map(|c| match c {
            Confirmation::Confirmed { first, second, .. } => Confirmed {
                confirmed: true,
                detail: "two executions end differently".into(),
                first: Some(replay(first)),
                second: Some(replay(second)),
            },
            Confirmation::Alike { states } => Confirmed {
                confirmed: false,
                detail: format!("every execution ended alike ({states} states)"),
                first: None,
                second: None,
            },
            Confirmation::Undecided { why } => Confirmed {
                confirmed: false,
                detail: why.clone(),
                first: None,
                second: None,
            },
        }),
        conflicts: a
            .conflicts
            .iter()
            .enumerate()
            .map(|(i, c)| JsonConflict {
                confirmed: reordered(i),
                first: access(p, &c.a),
                intended: c.intended,
                location: location(c),
                second: access(p, &c.b),
            })
            .collect(),
        methods: a.methods,
        seconds: a.seconds,
        threads: (0..a.threads.len()).map(|t| a.thread_name(t)).collect(),
        unfixed: a
            .unfixed
            .iter()
            .map(|(s, w)| Unfixed {
                at: where_(s),
                file: file(p, &s.class),
                line: s.line,
                what: w,
            })
            .collect(),
        verdict: a.verdict(),
    }
}

/// What a conflict is on, as reports write it.
pub fn location(c: &Conflict) -> String {
    use effects::facts::Loc;
    let d = |c: &str| c.replace('/', ".");
    match &c.a.access.loc {
        Loc::Field(k, f) | Loc::Static(k, f) => format!("{}.{f}", d(k)),
        Loc::Elems(Some(t)) => format!("elements of {t}"),
        Loc::Elems(None) => "array elements".into(),
        Loc::Lib(k) => format!("the state of a {}", d(k)),
        Loc::Output => "the output".into(),
    }
}

#[derive(Serialize)]
pub struct Library {
    pub by_class: Vec<LibraryClass>,
    pub classes_analysed: usize,
    pub conflicts: usize,
    /// More conflicts exist than were listed.
    pub conflicts_capped: bool,
    pub entry_methods: usize,
    pub seconds: f64,
    pub unfixed_reads: usize,
}

#[derive(Serialize)]
pub struct LibraryClass {
    pub class: String,
    pub example: Option<String>,
    pub intended: usize,
    pub violations: usize,
}

/// A library's document.
#[allow(clippy::too_many_arguments)]
pub fn library(
    classes: &[ClassEffects],
    analysed: usize,
    methods: usize,
    total: usize,
    unfixed: usize,
    seconds: f64,
    line: &dyn Fn(&Conflict) -> String,
) -> Library {
    Library {
        by_class: classes
            .iter()
            .map(|c| LibraryClass {
                class: c.class.replace('/', "."),
                example: c.example.as_ref().map(line),
                intended: c.intended,
                violations: c.violations,
            })
            .collect(),
        classes_analysed: analysed,
        conflicts: total,
        conflicts_capped: total >= effects::interfere::MAX_CONFLICTS,
        entry_methods: methods,
        seconds,
        unfixed_reads: unfixed,
    }
}
