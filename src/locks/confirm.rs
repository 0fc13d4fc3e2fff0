//! Confirmation: for each warning, a bounded search of the program's
//! schedules (`explore`, races checked at the interaction granularity) for
//! a race on the warned field or array elements. A race found is a witness
//! `m5 run --races` replays; none found within the bounds leaves the
//! warning unconfirmed, which says nothing either way.
//!
//! The search looks for that race only: it passes over races on other
//! locations and goes on past uncaught exceptions and deadlocks (a thread
//! that dies or blocks is part of a schedule like any other), so a race
//! that some schedule reaches after another failure is still found. An
//! array's race counts when it is on an element of an array of the site's
//! type and each racing thread is at one of the warning's accesses (its
//! innermost frame of the program's code: an access a library method makes,
//! such as `System.arraycopy` inside `new String(chars)`, is at the call),
//! and a replay of the schedule to the race shows the array was allocated
//! at the warned site.

use std::sync::Arc;
use std::time::Duration;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::classfile::ClassPath;
use crate::explore::{self, ExploreOptions, RaceCheck, RaceFilter, Verdict};
use crate::interp;
use crate::race::Race;
use crate::race::access::Location;
use crate::schedule::{self, Control, Observer, RunOptions, Schedule};
use crate::state::{Config, Ref, State, ThreadId};

use super::events::{Site, dotted};
use super::{Analysis, ArraySite, Confirmation};

#[derive(Clone, Debug)]
pub struct Bounds {
    pub max_states: u64,
    pub seconds: f64,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            max_states: 200_000,
            seconds: 10.0,
        }
    }
}

/// A schedule in `--schedule` form, runs of one thread as `N*K`.
pub fn schedule_text(steps: &[ThreadId]) -> String {
    format!("list:{}", crate::schedule::entries(steps).join(","))
}

/// A place in the program's code: class, method, descriptor, byte offset.
pub(crate) type Pos = (Arc<str>, Arc<str>, Arc<str>, u32);

fn pos_of(s: &Site) -> Pos {
    (s.class.clone(), s.method.clone(), s.desc.clone(), s.pc)
}

/// Where thread `th` is in the program's own code: its innermost frame of
/// a class that is not the JDK's or m5's library, at the instruction it
/// executes next (the top frame) or at the call it is in (a lower frame).
pub(crate) fn program_position(s: &State, th: ThreadId) -> Option<Pos> {
    position_by(s, th, |_, pc| pc)
}

/// As `program_position`, at a source line rather than an instruction
/// (`u32::MAX - pc` where the method has no line table).
pub(crate) fn program_line(s: &State, th: ThreadId) -> Option<Pos> {
    position_by(s, th, |m, pc| m.line_at(pc).unwrap_or(u32::MAX - pc))
}

fn position_by(
    s: &State,
    th: ThreadId,
    at: impl Fn(&crate::classfile::Method, u32) -> u32,
) -> Option<Pos> {
    let t = s.thread(th)?;
    let top = t.stack.len().checked_sub(1)?;
    t.stack.iter().enumerate().rev().find_map(|(k, f)| {
        if s.classes.class(f.method.class).from_library {
            return None;
        }
        let ip = if k == top { f.ip } else { f.ip.checked_sub(1)? };
        let m = &f.method;
        Some((
            m.class_name.clone(),
            m.name.clone(),
            m.desc.clone(),
            at(m, m.pc(ip)),
        ))
    })
}

/// The array element the two racing threads' next steps both access.
fn raced_element(s: &State, race: &Race) -> Option<(Ref, i32)> {
    let a = crate::race::next_accesses(s, race.first.thread);
    let b = crate::race::next_accesses(s, race.second.thread);
    a.iter().find_map(|x| match x.location {
        Location::Element(r, i) if b.iter().any(|y| x.conflicts(y)) => Some((r, i)),
        _ => None,
    })
}

/// Races on elements of arrays allocated at `site`, by threads at the
/// warning's accesses. Which site made the raced array is known by
/// replaying the schedule to the race from `s0` (only for races that pass
/// the cheaper tests), so the search goes on past races on other arrays.
fn element_filter(s0: &State, site: &ArraySite, accesses: &[(Site, bool)]) -> RaceFilter {
    let elem: Arc<str> = site.ty.get(1..).unwrap_or("").into();
    let at: FxHashSet<Pos> = accesses.iter().map(|(s, _)| pos_of(s)).collect();
    let (s0, site) = (s0.clone(), site.clone());
    RaceFilter(Arc::new(
        move |s: &State, race: &Race, path: &[ThreadId]| {
            let Some((r, _)) = raced_element(s, race) else {
                return false;
            };
            s.object(r).array().is_some_and(|(e, _)| **e == *elem)
                && [race.first.thread, race.second.thread]
                    .iter()
                    .all(|&t| program_position(s, t).is_some_and(|p| at.contains(&p)))
                && allocated_at(&s0, path, race, &site).is_ok()
        },
    ))
}

/// Records where each object of a run was allocated (the allocating
/// thread's position in the program's code).
#[derive(Default)]
struct Allocations {
    before: usize,
    at: Option<Pos>,
    by_ref: FxHashMap<usize, Pos>,
}

impl Observer for Allocations {
    fn before(&mut self, s: &State, th: ThreadId, _step: u64) {
        self.before = s.heap.len();
        self.at = program_position(s, th);
    }
    fn after(&mut self, s: &mut State, _th: ThreadId, _step: u64) -> Control {
        if let Some(at) = &self.at {
            for r in self.before..s.heap.len() {
                self.by_ref.insert(r, at.clone());
            }
        }
        Control::Continue
    }
}

/// Replays `prefix` (a schedule to a state whose two racing threads' next
/// steps are `race`'s accesses) and checks the raced array was allocated
/// at `site`.
fn allocated_at(
    s0: &State,
    prefix: &[ThreadId],
    race: &Race,
    site: &ArraySite,
) -> Result<(), String> {
    let mut s = s0.clone();
    let mut rec = Allocations::default();
    schedule::run(
        &mut s,
        &Schedule::List(prefix.to_vec()),
        RunOptions {
            observer: Some(&mut rec),
            ..RunOptions::default()
        },
    )
    .map_err(|e| e.to_string())?;
    let Some((r, _)) = raced_element(&s, race) else {
        return Err("the witness does not replay to the race".into());
    };
    match rec.by_ref.get(&(r as usize)) {
        Some(p) if *p == pos_of(&site.site) => Ok(()),
        Some((c, m, _, pc)) => Err(format!(
            "the race found ({race}) is on an array allocated at {}.{m} pc {pc}, not this one",
            dotted(c)
        )),
        None => Err(format!(
            "the race found ({race}) is on an array not allocated by the program's code"
        )),
    }
}

/// Searches for a race on each warning's field or elements in `main`'s
/// schedules. `cp_text` is the class path as the user wrote it (for the
/// replay command). Errors: the program cannot be loaded or started.
pub fn confirm(
    a: &mut Analysis,
    cp: &ClassPath,
    cp_text: &str,
    main: &str,
    bounds: &Bounds,
) -> Result<(), String> {
    confirm_with(a, cp, cp_text, main, bounds, Config::default(), &[])
}

/// `confirm` for a run with these system properties, environment and
/// assertion switches (`config`), given on the command line by `defines`
/// (java's words: `-Dkey=value`, `-ea`).
pub fn confirm_with(
    a: &mut Analysis,
    cp: &ClassPath,
    cp_text: &str,
    main: &str,
    bounds: &Bounds,
    config: Config,
    defines: &[String],
) -> Result<(), String> {
    if a.warnings.is_empty() {
        return Ok(());
    }
    let classes = interp::init::load_classes(cp, main).map_err(|e| e.to_string())?;
    // Under the searches' semantics (spurious wake-ups on, explore's
    // default), so that a witness's prefix replays as it was found.
    let config = Config {
        spurious_wakeups: true,
        ..config
    };
    let s0 = interp::initial_state(classes, main, &[], config).map_err(|e| e.to_string())?;
    let defines: String = defines.iter().map(|d| format!("{d} ")).collect();
    for w in &mut a.warnings {
        let (race_on, race_where, what) = match &w.array {
            None => (
                Some(format!("{}.{}", dotted(&w.class), w.field)),
                None,
                "this field",
            ),
            Some(site) => (
                None,
                Some(element_filter(&s0, site, &w.accesses)),
                "these elements",
            ),
        };
        let opts = ExploreOptions {
            races: RaceCheck::Stop,
            race_on,
            race_where,
            // Exceptions and deadlocks are not what this search is for.
            only_properties: true,
            max_states: Some(bounds.max_states),
            time_limit: Some(Duration::from_secs_f64(bounds.seconds)),
            granularity: explore::Granularity::Interaction,
            ..Default::default()
        };
        let report = explore::explore(&s0, &opts, &mut |_, _, _| {}).map_err(|e| e.to_string())?;
        w.confirmation = Some(match report.verdict {
            Verdict::DataRace(race) => {
                let checked = match &w.array {
                    // The filter checked it; the witness is checked again.
                    Some(site) => {
                        let prefix = &report.witness[..report.witness.len().saturating_sub(2)];
                        allocated_at(&s0, prefix, &race, site)
                    }
                    None => Ok(()),
                };
                match checked {
                    Ok(()) => {
                        let schedule = schedule_text(&report.witness);
                        let spurious = explore::wakes_spuriously(&s0, &report.witness, &opts)
                            .map_err(|e| e.to_string())?;
                        let flag = if spurious { " --spurious-wakeups" } else { "" };
                        Confirmation::Confirmed {
                            race: race.to_string(),
                            replay: format!(
                                "m5 run --classpath {cp_text} --races{flag} {defines}--schedule {schedule} {main}"
                            ),
                            schedule,
                        }
                    }
                    Err(why) => Confirmation::Unconfirmed { why },
                }
            }
            Verdict::Ok => Confirmation::Unconfirmed {
                why: format!(
                    "no race on {what} in any schedule of {main} ({} states searched)",
                    report.states
                ),
            },
            Verdict::Incomplete { reason } => Confirmation::Unconfirmed {
                why: format!("no race found within bounds ({reason})"),
            },
            other => Confirmation::Unconfirmed {
                why: format!("the search stopped at {} first", other.name()),
            },
        });
    }
    Ok(())
}
