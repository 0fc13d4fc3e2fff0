//! Confirmation: for each warning, a bounded search of the program's
//! schedules (`explore`, races checked at the sync granularity) for a race
//! on the warned field. A race found is a witness `m5 run --races`
//! replays; none found within the bounds leaves the warning unconfirmed,
//! which says nothing either way.

use std::time::Duration;

use crate::classfile::ClassPath;
use crate::explore::{self, ExploreOptions, RaceCheck, Verdict};
use crate::interp;
use crate::state::{Config, ThreadId};

use super::events::dotted;
use super::{Analysis, Confirmation};

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

/// Searches for a race on each warning's field in `main`'s schedules.
/// `cp_text` is the class path as the user wrote it (for the replay
/// command). Errors: the program cannot be loaded or started.
pub fn confirm(
    a: &mut Analysis,
    cp: &ClassPath,
    cp_text: &str,
    main: &str,
    bounds: &Bounds,
) -> Result<(), String> {
    let host = Config::default().host;
    confirm_with(a, cp, cp_text, main, bounds, host, &[])
}

/// `confirm` for a run with these system properties and environment,
/// given on the command line by `defines` (`-Dkey=value` words).
pub fn confirm_with(
    a: &mut Analysis,
    cp: &ClassPath,
    cp_text: &str,
    main: &str,
    bounds: &Bounds,
    host: std::sync::Arc<crate::state::host::Host>,
    defines: &[String],
) -> Result<(), String> {
    if a.warnings.is_empty() {
        return Ok(());
    }
    let classes = interp::init::load_classes(cp, main).map_err(|e| e.to_string())?;
    let config = Config {
        host,
        ..Config::default()
    };
    let s0 = interp::initial_state(classes, main, &[], config).map_err(|e| e.to_string())?;
    let defines: String = defines.iter().map(|d| format!("{d} ")).collect();
    for w in &mut a.warnings {
        let field = format!("{}.{}", dotted(&w.class), w.field);
        let opts = ExploreOptions {
            races: RaceCheck::Stop,
            race_on: Some(field),
            max_states: Some(bounds.max_states),
            time_limit: Some(Duration::from_secs_f64(bounds.seconds)),
            ..Default::default()
        };
        let report = explore::explore(&s0, &opts, &mut |_, _, _| {}).map_err(|e| e.to_string())?;
        w.confirmation = Some(match report.verdict {
            Verdict::DataRace(race) => {
                let schedule = schedule_text(&report.witness);
                Confirmation::Confirmed {
                    race: race.to_string(),
                    replay: format!(
                        "m5 run --classpath {cp_text} --races {defines}--schedule {schedule} {main}"
                    ),
                    schedule,
                }
            }
            Verdict::Ok => Confirmation::Unconfirmed {
                why: format!(
                    "no race on this field in any schedule of {main} ({} states searched)",
                    report.states
                ),
            },
            Verdict::Incomplete { reason } => Confirmation::Unconfirmed {
                why: format!("no race found within bounds ({reason})"),
            },
            other => Confirmation::Unconfirmed {
                why: format!(
                    "the search stopped at another violation first ({})",
                    other.name()
                ),
            },
        });
    }
    Ok(())
}
