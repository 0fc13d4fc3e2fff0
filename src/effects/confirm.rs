//! The oracle: `m5 explore --determinism` on the given arguments, bounded.
//! Two executions that end differently confirm the static verdict
//! "nondeterministic" with a schedule pair `m5 run` replays; a complete
//! search where every execution ends alike leaves the conflicts
//! unconfirmed (for these arguments), as does a search that hits its
//! bounds.

use std::time::Duration;

use crate::classfile::ClassPath;
use crate::explore::{self, ExploreOptions, RaceCheck, Verdict};
use crate::interp;
use crate::state::Config;

/// What the search found.
#[derive(Clone, Debug)]
pub enum Confirmation {
    /// Two executions that end differently: their schedules (`list:` form)
    /// and what each printed.
    Confirmed {
        first: String,
        second: String,
        first_out: String,
        second_out: String,
        states: u64,
    },
    /// Every execution ended alike (a complete search).
    Alike { states: u64 },
    /// Not decided: bounds hit, an unfixed value read, or another verdict
    /// first.
    Undecided { why: String },
}

impl Confirmation {
    pub fn confirmed(&self) -> bool {
        matches!(self, Confirmation::Confirmed { .. })
    }
}

/// Runs the oracle on `main` with `args`.
pub fn confirm(
    cp: &ClassPath,
    main: &str,
    args: &[String],
    config: Config,
    max_states: u64,
    seconds: f64,
) -> Result<Confirmation, String> {
    let classes = interp::init::load_classes(cp, main).map_err(|e| e.to_string())?;
    let config = Config {
        spurious_wakeups: true,
        ..config
    };
    let s0 = interp::initial_state(classes, main, args, config).map_err(|e| e.to_string())?;
    let opts = ExploreOptions {
        determinism: true,
        races: RaceCheck::Continue,
        max_states: Some(max_states),
        time_limit: Some(Duration::from_secs_f64(seconds)),
        jobs: 1,
        ..Default::default()
    };
    let r = explore::explore(&s0, &opts, &mut |_, _, _| {}).map_err(|e| e.to_string())?;
    let text = |w: &[crate::state::ThreadId]| crate::locks::confirm::schedule_text(w);
    Ok(match r.verdict {
        Verdict::Nondeterministic {
            first,
            first_witness,
            second,
        } => Confirmation::Confirmed {
            first: text(&first_witness),
            second: text(&r.witness),
            first_out: first.stdout,
            second_out: second.stdout,
            states: r.states,
        },
        Verdict::Ok => Confirmation::Alike { states: r.states },
        Verdict::Incomplete { reason } => Confirmation::Undecided {
            why: format!("the search stopped at a bound ({reason})"),
        },
        Verdict::DependsOnUnfixed { read } => Confirmation::Undecided {
            why: format!(
                "executions read a value a real JVM does not fix ({} at {})",
                read.native, read.at
            ),
        },
        other => Confirmation::Undecided {
            why: format!(
                "the search found {} before two different outcomes",
                other.name()
            ),
        },
    })
}
