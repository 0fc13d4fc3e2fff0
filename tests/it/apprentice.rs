//! The Apprentice example under many schedules: the Container's counter
//! never decreases except by 32-bit wrap-around (the paper's Monotonicity,
//! checked on runs), and the bogus-container variant breaks it under the
//! paper's section 1 schedule.

use std::path::Path;

use m5::schedule::{Control, Observer, RunEnd, RunOptions, Schedule, run};
use m5::state::{Ref, State, ThreadId};

use crate::common::start;

/// Watches the first Container's counter after every step.
#[derive(Default)]
struct Monotonic {
    container: Option<Ref>,
    last: Option<i32>,
    /// (step, before, after) for every step that broke monotonicity.
    violations: Vec<(u64, i32, i32)>,
    checked: u64,
    increments: u64,
}

impl Monotonic {
    fn counter(&mut self, s: &State) -> Option<i32> {
        if self.container.is_none() {
            self.container = (0..s.heap.len() as Ref)
                .find(|&r| &*s.classes.class(s.object(r).class).name == "Container");
        }
        self.container
            .and_then(|c| s.field(c, "counter"))
            .map(|v| v.as_int())
    }
}

impl Observer for Monotonic {
    fn after(&mut self, s: &mut State, _th: ThreadId, step: u64) -> Control {
        let now = self.counter(s);
        if let (Some(old), Some(new)) = (self.last, now) {
            self.checked += 1;
            if new == old.wrapping_add(1) {
                self.increments += 1;
            } else if new != old {
                self.violations.push((step, old, new));
            }
        }
        if let (Some(old), None) = (self.last, now) {
            self.violations.push((step, old, i32::MIN));
        }
        self.last = now;
        Control::Continue
    }
}

fn check(dir: &str, sched: &Schedule, steps: u64) -> (Monotonic, RunEnd) {
    let mut s = start(dir, "Apprentice", &[]);
    let mut mono = Monotonic::default();
    let result = run(
        &mut s,
        sched,
        RunOptions {
            max_steps: Some(steps),
            observer: Some(&mut mono),
            ..RunOptions::default()
        },
    )
    .expect("run");
    (mono, result.end)
}

#[test]
fn counter_is_monotonic_under_random_and_round_robin_schedules() {
    let mut schedules: Vec<Schedule> = (1..=4).map(|seed| Schedule::Random { seed }).collect();
    schedules.push(Schedule::RoundRobin { quantum: 1 });
    schedules.push(Schedule::RoundRobin { quantum: 7 });
    for sched in schedules {
        let (mono, end) = check("classfiles/apprentice", &sched, 1_000_000);
        assert_eq!(end, RunEnd::StepBound, "{sched:?}: Apprentice never ends");
        assert!(
            mono.violations.is_empty(),
            "{sched:?}: counter decreased: {:?}",
            &mono.violations[..1]
        );
        // The check must have had something to check.
        assert!(
            mono.checked > 900_000,
            "{sched:?}: only {} steps checked",
            mono.checked
        );
        assert!(
            mono.increments > 1_000,
            "{sched:?}: only {} increments",
            mono.increments
        );
        println!(
            "{sched:?}: {} steps checked, {} increments, no decrease",
            mono.checked, mono.increments
        );
    }
}

#[test]
fn bogus_container_decreases_the_counter_under_the_papers_schedule() {
    let sched =
        Schedule::from_file(Path::new("tests/schedules/apprentice-bogus.sched")).expect("schedule");
    let (mono, end) = check("classfiles/apprentice-bogus", &sched, u64::MAX);
    assert_eq!(end, RunEnd::ScheduleEnd);
    assert_eq!(
        mono.violations.len(),
        1,
        "exactly the last step decreases: {:?}",
        mono.violations
    );
    let (step, before, after) = mono.violations[0];
    assert_eq!(after, 1, "job1 writes its stale 0 + 1");
    assert!(
        before > 1,
        "job2 had incremented the counter past 1 (it was {before})"
    );
    let total = 63 + 7 + 7 + 7 + 200 + 1;
    assert_eq!(step, total - 1, "the decrease is the schedule's last step");
}

#[test]
fn the_same_schedule_on_the_real_apprentice_keeps_the_counter_monotonic() {
    // The control: same shape of schedule on Figure 1's main (which has no
    // second Container) must not decrease the counter.
    let sched =
        Schedule::from_file(Path::new("tests/schedules/apprentice-bogus.sched")).expect("schedule");
    let (mono, _) = check("classfiles/apprentice", &sched, u64::MAX);
    assert!(mono.violations.is_empty(), "{:?}", mono.violations);
}

#[test]
fn counter_wraps_around_in_32_bits() {
    // Start from a state whose counter is at i32::MAX: the next increment
    // must wrap to i32::MIN, which Monotonicity allows.
    let mut s = start("classfiles/apprentice", "Apprentice", &[]);
    run(&mut s, &Schedule::List(vec![0; 8]), RunOptions::default()).expect("run");
    let c = (0..s.heap.len() as Ref)
        .find(|&r| &*s.classes.class(s.object(r).class).name == "Container")
        .unwrap();
    assert!(s.set_field(c, "counter", m5::state::Value::Int(i32::MAX)));
    let mut mono = Monotonic::default();
    run(
        &mut s,
        &Schedule::Random { seed: 3 },
        RunOptions {
            max_steps: Some(20_000),
            observer: Some(&mut mono),
            ..Default::default()
        },
    )
    .expect("run");
    assert!(mono.violations.is_empty(), "{:?}", mono.violations);
    assert!(mono.increments > 0);
    let now = s.field(c, "counter").unwrap().as_int();
    assert!(now < 0, "the counter wrapped: {now}");
}
