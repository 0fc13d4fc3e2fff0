//! `m5 check-invariant`: an invariant file checked on the program's
//! initial state (Lemma 1 of the proof).

use anyhow::Result;

use super::{CheckInvariantArgs, UsageError};
use crate::classfile::ClassPath;
use crate::interp::{self, init::load_classes};
use crate::state::Config;

pub(super) fn check_invariant(a: CheckInvariantArgs) -> Result<i32> {
    let cp = ClassPath::parse(&a.cp.classpath).map_err(|e| UsageError(e.to_string()))?;
    let classes = load_classes(&cp, &a.main).map_err(|e| UsageError(e.to_string()))?;
    let config = Config {
        host: a.defines.host(&a.cp.classpath, &a.main, &a.args),
        ..Config::default()
    };
    let s = interp::initial_state(classes, &a.main, &a.args, config)
        .map_err(|e| UsageError(e.to_string()))?;
    let mut c = crate::invariant::load(&a.invariant, &s.classes)
        .map_err(|e| UsageError(e.rendered.clone()))?;
    crate::invariant::sites::resolve(&mut c, &s).map_err(|e| UsageError(e.rendered.clone()))?;
    let lines = c.file.source.lines().count();
    match crate::invariant::eval::check_state(&c, &s) {
        Ok(()) => {
            let facts = c.global.len()
                + c.cases.iter().map(|x| x.0.facts.len()).sum::<usize>()
                + c.objects.iter().map(|o| o.2.len()).sum::<usize>();
            println!(
                "ok: {} holds on the initial state (Lemma 1): {} facts, {} thread cases, {} relations; {lines} lines",
                a.invariant.display(),
                facts,
                c.cases.len(),
                c.relations.len()
            );
            Ok(0)
        }
        Err(f) => {
            println!("fails on the initial state: {}", f.describe(&c));
            Ok(1)
        }
    }
}
