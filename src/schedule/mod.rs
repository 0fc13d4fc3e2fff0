//! Schedules (which thread steps next) and `run`, which folds `step` over a
//! schedule. A schedule is M5's list of thread numbers, given explicitly
//! (`list:`, `file:`) or generated (`rr`, `rr:K`, `random:SEED`,
//! `turns:SEED`).
//!
//! Generated schedules pick among live threads (started, not finished) and
//! skip a thread that cannot move (blocked): such a pick changes nothing and
//! is not counted or recorded. Explicit schedules are followed literally, as
//! M5's `run` does: stepping a blocked or absent thread is a no-op step.

use std::path::Path;

use std::collections::BTreeSet;

use rustc_hash::FxHashMap;

use crate::interp::{self, NoOp, Outcome, VmError};
use crate::state::{Ref, State, ThreadId, Wake};

#[derive(Clone, Debug, PartialEq)]
pub enum Schedule {
    /// Round robin over live threads, up to `quantum` steps each: a turn
    /// also ends where `Aux::sched_gen` changes (a monitor freed, a wait
    /// or notify, a thread started or ended, a class initialized).
    RoundRobin { quantum: u64 },
    /// Uniformly random live thread at each step, from a seed.
    Random { seed: u64 },
    /// Long turns: a random live thread runs for a random 1 to
    /// `TURN_MAX` steps (through other threads waking or starting), from
    /// a seed. Reaches what needs one thread to get far ahead (a producer
    /// filling a buffer), which per-step random choices rarely do.
    Turns { seed: u64 },
    /// Exactly these thread numbers, in order.
    List(Vec<ThreadId>),
}

#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    #[error(
        "bad schedule {spec:?}: {msg} (expected rr, rr:K, random:SEED, turns:SEED, list:0,1,... or file:PATH)"
    )]
    Syntax { spec: String, msg: String },
    #[error("{path}:{line}: {msg}")]
    File {
        path: String,
        line: usize,
        msg: String,
    },
    #[error("{path}: cannot read schedule file: {msg}")]
    Io { path: String, msg: String },
}

/// The most entries an explicit schedule may expand to: explicit schedules
/// are held in memory, so `list:0*99999999999999` must be an error, not an
/// allocation failure (longer runs: a generated schedule and --max-steps).
pub const MAX_SCHEDULE_LEN: u64 = 1 << 26;

/// Parses one entry: a thread number, or `N*K` (thread N, K times).
fn parse_entry(tok: &str, out: &mut Vec<ThreadId>) -> Result<(), String> {
    let (t, k) = match tok.split_once('*') {
        Some((t, k)) => {
            let k = k.trim();
            let k = match k.parse::<u64>() {
                Ok(k) => k,
                Err(_) if integer(k) => {
                    return Err(format!(
                        "repeat count {k} is out of range: schedule too long (at most {MAX_SCHEDULE_LEN} steps)"
                    ));
                }
                Err(_) => return Err(format!("bad repeat count {k:?}")),
            };
            (t.trim(), k)
        }
        None => (tok, 1),
    };
    let t: ThreadId = t.parse().map_err(|_| {
        if integer(t) {
            format!(
                "expected a thread number from 0 to {}, found {t:?}",
                ThreadId::MAX
            )
        } else {
            format!("expected a thread number, found {t:?}")
        }
    })?;
    if k > MAX_SCHEDULE_LEN - out.len() as u64 {
        return Err(format!(
            "schedule too long: more than {MAX_SCHEDULE_LEN} steps"
        ));
    }
    out.extend(std::iter::repeat_n(t, k as usize));
    Ok(())
}

/// What a schedule file says about the semantics it was recorded under,
/// so that it replays without flags: a line `spurious-wakeups on` (or
/// `off`) before or among the thread numbers; and in a witness, the
/// violation it shows (`verdict deadlock`), which its replay reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `Config::spurious_wakeups`, if the file says.
    pub spurious_wakeups: Option<bool>,
    /// The verdict kind (one of `WITNESSED`) the search found at the end
    /// of this schedule.
    pub verdict: Option<&'static str>,
}

/// The verdict kinds one execution shows (explore's names for them): a
/// witness file names its kind, and `m5 run` ends its replay with it.
pub const WITNESSED: [&str; 5] = [
    "uncaught-exception",
    "deadlock",
    "data-race",
    "invariant-violation",
    "relation-violation",
];

impl Settings {
    /// The file lines that say these settings.
    pub fn lines(&self) -> Vec<String> {
        let wakeups = self
            .spurious_wakeups
            .map(|on| format!("spurious-wakeups {}", if on { "on" } else { "off" }));
        let verdict = self.verdict.map(|k| format!("verdict {k}"));
        wakeups.into_iter().chain(verdict).collect()
    }

    /// Parses a setting line into `self`.
    fn parse_line(&mut self, line: &str) -> Result<(), String> {
        let mut words = line.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("spurious-wakeups"), Some(v @ ("on" | "off")), None) => {
                self.spurious_wakeups = Some(v == "on");
                Ok(())
            }
            (Some("spurious-wakeups"), _, _) => Err(format!(
                "expected `spurious-wakeups on` or `spurious-wakeups off`, found {line:?}"
            )),
            (Some("verdict"), Some(k), None) if WITNESSED.contains(&k) => {
                self.verdict = WITNESSED.iter().copied().find(|w| *w == k);
                Ok(())
            }
            (Some("verdict"), _, _) => Err(format!(
                "expected `verdict KIND`, KIND one of {}, found {line:?}",
                WITNESSED.join(", ")
            )),
            _ => Err(format!(
                "expected a thread number, N*K, `spurious-wakeups on|off` or `verdict KIND`, found {line:?}"
            )),
        }
    }
}

/// Is `text` written as an integer (so a failed parse means out of range)?
fn integer(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A seed: an integer from 0 to u64::MAX.
fn seed(kind: &str, text: &str) -> Result<u64, String> {
    text.parse().map_err(|_| {
        let range = if integer(text) {
            format!(" from 0 to {}", u64::MAX)
        } else {
            String::new()
        };
        format!("{kind}:SEED needs an integer seed{range}, found {text:?}")
    })
}

impl Schedule {
    pub fn parse(spec: &str) -> Result<Schedule, ScheduleError> {
        Ok(Schedule::parse_with_settings(spec)?.0)
    }

    /// `parse`, with what a schedule file says about its semantics (a
    /// `file:` schedule's settings; none for the others).
    pub fn parse_with_settings(spec: &str) -> Result<(Schedule, Settings), ScheduleError> {
        if let Some(path) = spec.strip_prefix("file:") {
            return Schedule::from_file_with_settings(Path::new(path));
        }
        Ok((Schedule::parse_spec(spec)?, Settings::default()))
    }

    fn parse_spec(spec: &str) -> Result<Schedule, ScheduleError> {
        let bad = |msg: &str| ScheduleError::Syntax {
            spec: spec.to_string(),
            msg: msg.to_string(),
        };
        let (kind, arg) = match spec.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (spec, None),
        };
        match (kind, arg) {
            ("rr", None) => Ok(Schedule::RoundRobin { quantum: 1 }),
            ("rr", Some(k)) => match k.parse::<u64>() {
                Ok(q) if q > 0 => Ok(Schedule::RoundRobin { quantum: q }),
                _ => Err(bad(&format!(
                    "rr:K needs a positive step count K (1 to {}), found {k:?}",
                    u64::MAX
                ))),
            },
            ("random", Some(text)) => seed("random", text)
                .map(|seed| Schedule::Random { seed })
                .map_err(|m| bad(&m)),
            ("random", None) => Err(bad("random needs a seed, e.g. random:7")),
            ("turns", Some(text)) => seed("turns", text)
                .map(|seed| Schedule::Turns { seed })
                .map_err(|m| bad(&m)),
            ("turns", None) => Err(bad("turns needs a seed, e.g. turns:7")),
            ("list", Some(items)) => {
                let mut out = Vec::new();
                let toks = items.split(',').map(str::trim).filter(|t| !t.is_empty());
                for (i, tok) in toks.enumerate() {
                    parse_entry(tok, &mut out)
                        .map_err(|m| bad(&format!("entry {}: {m}", i + 1)))?;
                }
                Ok(Schedule::List(out))
            }
            _ => Err(bad("unknown schedule kind")),
        }
    }

    /// A schedule file: one thread number per line (`N*K` repeats), `#`
    /// comments, setting lines (`Settings`).
    pub fn from_file(path: &Path) -> Result<Schedule, ScheduleError> {
        Ok(Schedule::from_file_with_settings(path)?.0)
    }

    /// `from_file`, with the file's settings.
    pub fn from_file_with_settings(path: &Path) -> Result<(Schedule, Settings), ScheduleError> {
        let text = std::fs::read_to_string(path).map_err(|e| ScheduleError::Io {
            path: path.display().to_string(),
            msg: e.to_string(),
        })?;
        let mut out = Vec::new();
        let mut settings = Settings::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let parsed = if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
                settings.parse_line(line)
            } else {
                parse_entry(line, &mut out)
            };
            parsed.map_err(|msg| ScheduleError::File {
                path: path.display().to_string(),
                line: i + 1,
                msg,
            })?;
        }
        Ok((Schedule::List(out), settings))
    }
}

/// Writes an executed schedule in the file format (`file:PATH` replays it),
/// a run of one thread's steps as one `N*K` line, after the settings it
/// was run under.
pub fn write_schedule(
    path: &Path,
    steps: &[ThreadId],
    header: &str,
    settings: &Settings,
) -> std::io::Result<()> {
    use std::io::Write;
    let mut w = std::io::BufWriter::new(std::fs::File::create(path)?);
    for line in header.lines() {
        writeln!(w, "# {line}")?;
    }
    for line in settings.lines() {
        writeln!(w, "{line}")?;
    }
    for entry in entries(steps) {
        writeln!(w, "{entry}")?;
    }
    w.flush()
}

/// A schedule's entries, a run of one thread's steps as one `N*K`.
pub fn entries(steps: &[ThreadId]) -> Vec<String> {
    steps
        .chunk_by(|a, b| a == b)
        .map(|run| match run.len() {
            1 => run[0].to_string(),
            k => format!("{}*{k}", run[0]),
        })
        .collect()
}

/// Why a run stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Every started thread finished.
    Finished,
    /// `System.exit(code)`.
    Exited(i32),
    /// Live threads remain, and none can move.
    Deadlock(Vec<ThreadId>),
    /// `--max-steps` reached.
    StepBound,
    /// An explicit schedule ran out.
    ScheduleEnd,
    /// The observer asked to stop.
    Stopped,
}

#[derive(Clone, Debug)]
pub struct RunResult {
    pub steps: u64,
    pub end: RunEnd,
}

/// What an observer tells the run after each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Continue,
    Stop,
}

/// Called before each step with (state, thread, step index) and after it
/// with the new state. A run with an observer goes one step at a time.
pub trait Observer {
    fn before(&mut self, _s: &State, _th: ThreadId, _step: u64) {}
    fn after(&mut self, _s: &mut State, _th: ThreadId, _step: u64) -> Control {
        Control::Continue
    }
}

/// Called between bursts with the state and the step count.
pub type ProgressFn<'a> = dyn FnMut(&mut State, u64) + 'a;

#[derive(Default)]
pub struct RunOptions<'a> {
    pub max_steps: Option<u64>,
    /// Receives every executed step's thread number (for `--record`).
    pub record: Option<&'a mut Vec<ThreadId>>,
    pub observer: Option<&'a mut dyn Observer>,
    /// Explicit schedules: a step naming a thread that does not exist is an
    /// error ("impossible schedule") instead of M5's no-op.
    pub strict_threads: bool,
    /// Called between bursts, e.g. to stream output; must not change semantics.
    pub on_progress: Option<&'a mut ProgressFn<'a>>,
}

/// The end reason when no live thread is left or the program exited.
fn finished(s: &State) -> Option<RunEnd> {
    if let Some(code) = s.exit {
        return Some(RunEnd::Exited(code));
    }
    if s.ended() {
        return Some(RunEnd::Finished);
    }
    None
}

struct Runner<'a, 'b> {
    opts: &'a mut RunOptions<'b>,
    steps: u64,
}

impl Runner<'_, '_> {
    fn budget(&self) -> u64 {
        self.opts
            .max_steps
            .map_or(u64::MAX, |m| m.saturating_sub(self.steps))
    }

    /// Runs `th` for up to `n` steps; returns steps done and whether the
    /// thread could not move (no-op) before `n` were done.
    fn exec(
        &mut self,
        s: &mut State,
        th: ThreadId,
        n: u64,
    ) -> Result<(u64, Option<NoOp>), VmError> {
        let mut done = 0;
        let generation = s.aux.sched_gen;
        while done < n {
            if let Some(obs) = self.opts.observer.as_deref_mut() {
                obs.before(s, th, self.steps);
                match interp::step(s, th)? {
                    Outcome::Stepped => {}
                    Outcome::NoOp(why) => return Ok((done, Some(why))),
                }
                self.note(th, 1);
                done += 1;
                if obs_after(self.opts, s, th, self.steps - 1) == Control::Stop {
                    return Err(VmError::Other(STOP.into()));
                }
                if s.aux.sched_gen != generation || s.ended() {
                    break;
                }
                continue;
            }
            let (k, out) = interp::run_burst(s, th, n - done)?;
            self.note(th, k);
            done += k;
            if let Outcome::NoOp(why) = out {
                return Ok((done, Some(why)));
            }
            if s.ended() {
                break;
            }
            // A thread started or ended: let the scheduler choose again.
            if s.aux.sched_gen != generation {
                break;
            }
        }
        Ok((done, None))
    }

    fn note(&mut self, th: ThreadId, k: u64) {
        self.steps += k;
        if let Some(rec) = self.opts.record.as_deref_mut() {
            rec.extend(std::iter::repeat_n(th, k as usize));
        }
    }
}

fn obs_after(opts: &mut RunOptions, s: &mut State, th: ThreadId, step: u64) -> Control {
    opts.observer
        .as_deref_mut()
        .map_or(Control::Continue, |o| o.after(s, th, step))
}

const STOP: &str = "\u{0}observer stop";

/// Folds `step` over `sched` from `s` (in place). Ends when no thread can
/// move, the program exits, the schedule ends, or the step bound is hit.
pub fn run(s: &mut State, sched: &Schedule, mut opts: RunOptions) -> Result<RunResult, VmError> {
    let mut r = Runner {
        opts: &mut opts,
        steps: 0,
    };
    let end = match run_inner(s, sched, &mut r) {
        Ok(end) => end,
        Err(VmError::Other(m)) if m == STOP => RunEnd::Stopped,
        Err(e) => return Err(e),
    };
    Ok(RunResult {
        steps: r.steps,
        end,
    })
}

fn progress(r: &mut Runner, s: &mut State) {
    let steps = r.steps;
    if let Some(p) = r.opts.on_progress.as_deref_mut() {
        p(s, steps);
    }
}

fn run_inner(s: &mut State, sched: &Schedule, r: &mut Runner) -> Result<RunEnd, VmError> {
    match sched {
        Schedule::List(list) => {
            let mut i = 0;
            while i < list.len() {
                if let Some(end) = finished(s) {
                    return Ok(end);
                }
                if r.budget() == 0 {
                    return Ok(RunEnd::StepBound);
                }
                let th = list[i];
                if r.opts.strict_threads && th as usize >= s.threads.len() {
                    return Err(VmError::Other(format!(
                        "impossible schedule: step {} names thread {th}, but only threads 0..{} exist then",
                        r.steps + 1,
                        s.threads.len().saturating_sub(1)
                    )));
                }
                let mut j = i + 1;
                while j < list.len() && list[j] == th {
                    j += 1;
                }
                // A run of equal entries; a no-op consumes its entry (M5's run).
                let mut left = ((j - i) as u64).min(r.budget());
                while left > 0 {
                    let (done, stuck) = r.exec(s, th, left)?;
                    left -= done;
                    if stuck.is_some() {
                        left -= 1;
                        r.steps += 1;
                        if let Some(rec) = r.opts.record.as_deref_mut() {
                            rec.push(th);
                        }
                    }
                    if s.ended() {
                        break;
                    }
                }
                i = j;
                progress(r, s);
            }
            Ok(finished(s).unwrap_or(RunEnd::ScheduleEnd))
        }
        Schedule::RoundRobin { quantum } => {
            let mut pool = Pool::new(s);
            let mut cursor: ThreadId = 0;
            loop {
                if let Some(end) = finished(s) {
                    return Ok(end);
                }
                if r.budget() == 0 {
                    return Ok(RunEnd::StepBound);
                }
                // Next movable live thread at or after the cursor, cyclically.
                let Some((th, group)) =
                    pool.next_from(s, cursor).filter(|p| !only_spurious(s, p.0))
                else {
                    return Ok(RunEnd::Deadlock(s.live_threads()));
                };
                cursor = th + 1;
                // Alone, a thread may run until it does something non-local.
                let alone = pool.ready.len() == 1 && group.is_none() && pool.freed.is_empty();
                let n = if alone {
                    r.budget()
                        .min(1 << 20)
                        .min(pool.until_due().unwrap_or(u64::MAX))
                } else {
                    (*quantum).min(r.budget())
                };
                let (done, stuck) = r.exec(s, th, n)?;
                pool.after(s, th, group, done, stuck);
                progress(r, s);
            }
        }
        Schedule::Random { seed } => {
            let mut rng = SplitMix64(*seed);
            let mut pool = Pool::new(s);
            let mut since_progress = 0u64;
            loop {
                if let Some(end) = finished(s) {
                    return Ok(end);
                }
                if r.budget() == 0 {
                    return Ok(RunEnd::StepBound);
                }
                let Some((th, group)) = pool
                    .pick_random(s, &mut rng)
                    .filter(|p| !only_spurious(s, p.0))
                else {
                    return Ok(RunEnd::Deadlock(s.live_threads()));
                };
                let (done, stuck) = r.exec(s, th, 1)?;
                pool.after(s, th, group, done, stuck);
                since_progress += 1;
                if since_progress >= 1 << 16 {
                    since_progress = 0;
                    progress(r, s);
                }
            }
        }
        Schedule::Turns { seed } => {
            let mut rng = SplitMix64(*seed);
            let mut pool = Pool::new(s);
            loop {
                if let Some(end) = finished(s) {
                    return Ok(end);
                }
                if r.budget() == 0 {
                    return Ok(RunEnd::StepBound);
                }
                let Some((th, group)) = pool
                    .pick_random(s, &mut rng)
                    .filter(|p| !only_spurious(s, p.0))
                else {
                    return Ok(RunEnd::Deadlock(s.live_threads()));
                };
                // The turn goes on where `exec` stops for the scheduler
                // (a thread started, ended or woke), until it is over or
                // the thread cannot move.
                let mut left = (1 + rng.below(TURN_MAX)).min(r.budget());
                let mut group = group;
                loop {
                    let (done, stuck) = r.exec(s, th, left)?;
                    pool.after(s, th, group.take(), done, stuck);
                    left = left.saturating_sub(done);
                    if left == 0
                        || stuck.is_some()
                        || done == 0
                        || finished(s).is_some()
                        || pool.is_sleeping(th)
                    {
                        break;
                    }
                }
                progress(r, s);
            }
        }
    }
}

/// Is `th`'s step a spurious wake-up, and every live thread's step one or
/// none (`Config::spurious_wakeups`)? Then the program may hang: a
/// deadlock, though a generated schedule could go on waking threads. (The
/// generated schedules' picks are filtered by it: such a pick is none.)
fn only_spurious(s: &State, th: ThreadId) -> bool {
    interp::wakes_spuriously(s, th)
        && s.live_threads()
            .into_iter()
            .all(|t| !interp::can_progress(s, t))
}

/// The longest turn of `Schedule::Turns`, in steps.
pub const TURN_MAX: u64 = 200;

/// A set of thread numbers with O(1) membership, removal and indexing
/// (random picks) and ordered search (round robin).
#[derive(Default)]
struct IdSet {
    items: Vec<ThreadId>,
    pos: FxHashMap<ThreadId, usize>,
    sorted: BTreeSet<ThreadId>,
}

impl IdSet {
    fn insert(&mut self, t: ThreadId) {
        if self.sorted.insert(t) {
            self.pos.insert(t, self.items.len());
            self.items.push(t);
        }
    }
    fn remove(&mut self, t: ThreadId) {
        if let Some(p) = self.pos.remove(&t) {
            self.items.swap_remove(p);
            if let Some(&moved) = self.items.get(p) {
                self.pos.insert(moved, p);
            }
            self.sorted.remove(&t);
        }
    }
    fn len(&self) -> usize {
        self.items.len()
    }
    fn first_from(&self, cursor: ThreadId) -> Option<ThreadId> {
        self.sorted.range(cursor..).next().copied()
    }
    fn first(&self) -> Option<ThreadId> {
        self.sorted.iter().next().copied()
    }
}

/// The live threads a generated schedule chooses from. A thread found
/// blocked is parked under what it waits for and comes back only when the
/// state reports that event (`Aux::wakes`), so choosing among the
/// unparked threads is choosing among the threads that can move, without
/// probing every thread at every step. Threads parked on a monitor form a
/// group that becomes choosable as a whole while the monitor is free.
///
/// A thread in a timed wait, sleep or park could time out at any step
/// (`interp::clock`); a generated schedule keeps it aside as a sleeper
/// until its deadline has passed on the clock, other threads have taken
/// as many steps as its time is worth (`clock::NANOS_PER_STEP`), a
/// notify, unpark or interrupt came, or no other thread can move (then
/// the earliest deadline times out first).
struct Pool {
    ready: IdSet,
    on_monitor: FxHashMap<Ref, IdSet>,
    /// Monitors freed since their waiters were parked.
    freed: Vec<Ref>,
    other: FxHashMap<Wake, Vec<ThreadId>>,
    /// (thread, deadline, the pool's step count when it is due).
    sleepers: Vec<(ThreadId, i64, u64)>,
    /// Steps taken under this pool.
    now: u64,
    /// `Aux::timed_gen` when the pool last looked for a new sleeper.
    timed_seen: u64,
}

impl Pool {
    fn new(s: &mut State) -> Pool {
        s.aux.wakes.clear();
        let mut ready = IdSet::default();
        for t in s.live_threads() {
            ready.insert(t);
        }
        Pool {
            ready,
            on_monitor: FxHashMap::default(),
            freed: Vec::new(),
            other: FxHashMap::default(),
            sleepers: Vec::new(),
            now: 0,
            timed_seen: s.aux.timed_gen,
        }
    }

    /// Sleepers whose time has come become ready; with nothing else to
    /// run (no ready thread, `no_groups`: no monitor group may enter), the
    /// one with the earliest deadline does.
    fn wake_sleepers(&mut self, s: &State, no_groups: bool) {
        if self.sleepers.is_empty() {
            return;
        }
        let (clock, now) = (s.clock, self.now);
        let ready = &mut self.ready;
        self.sleepers.retain(|&(t, deadline, due)| {
            let up = deadline <= clock || due <= now;
            if up {
                ready.insert(t);
            }
            !up
        });
        if self.ready.len() == 0
            && no_groups
            && let Some(i) = (0..self.sleepers.len()).min_by_key(|&i| {
                let (t, deadline, _) = self.sleepers[i];
                (deadline, t)
            })
        {
            let (t, _, _) = self.sleepers.swap_remove(i);
            self.ready.insert(t);
        }
    }

    /// Steps until the next sleeper is due, if any sleeps.
    fn until_due(&self) -> Option<u64> {
        self.sleepers
            .iter()
            .map(|&(_, _, due)| due.saturating_sub(self.now).max(1))
            .min()
    }

    fn is_sleeping(&self, th: ThreadId) -> bool {
        self.sleepers.iter().any(|&(t, _, _)| t == th)
    }

    fn wake_sleeper(&mut self, th: ThreadId) {
        if let Some(i) = self.sleepers.iter().position(|&(t, _, _)| t == th) {
            self.sleepers.swap_remove(i);
            self.ready.insert(th);
        }
    }

    fn absorb(&mut self, s: &mut State) {
        for w in std::mem::take(&mut s.aux.wakes) {
            match w {
                Wake::Started(t) => self.ready.insert(t),
                Wake::Monitor(x) => {
                    if self.on_monitor.contains_key(&x) && !self.freed.contains(&x) {
                        self.freed.push(x);
                    }
                }
                Wake::Ended(t) => {
                    self.ready.remove(t);
                    self.release(w);
                }
                Wake::Notify(t) | Wake::Unpark(t) => {
                    self.wake_sleeper(t);
                    self.release(w);
                }
                Wake::Init(_) => self.release(w),
            }
        }
    }

    fn release(&mut self, w: Wake) {
        for t in self.other.remove(&w).unwrap_or_default() {
            self.ready.insert(t);
        }
    }

    /// Freed monitors that are still free, with their waiting threads.
    fn open_groups(&mut self, s: &State) -> Vec<Ref> {
        let on_monitor = &self.on_monitor;
        self.freed
            .retain(|x| on_monitor.get(x).is_some_and(|g| g.len() > 0) && s.object(*x).mcount == 0);
        self.freed.clone()
    }

    fn next_from(&mut self, s: &mut State, cursor: ThreadId) -> Option<(ThreadId, Option<Ref>)> {
        self.absorb(s);
        let groups = self.open_groups(s);
        self.wake_sleepers(s, groups.is_empty());
        let mut best: Option<(ThreadId, Option<Ref>)> = None;
        let consider =
            |t: Option<ThreadId>, g: Option<Ref>, best: &mut Option<(ThreadId, Option<Ref>)>| {
                if let Some(t) = t
                    && best.is_none_or(|b| t < b.0)
                {
                    *best = Some((t, g));
                }
            };
        consider(self.ready.first_from(cursor), None, &mut best);
        for &x in &groups {
            consider(self.on_monitor[&x].first_from(cursor), Some(x), &mut best);
        }
        if best.is_none() {
            consider(self.ready.first(), None, &mut best);
            for &x in &groups {
                consider(self.on_monitor[&x].first(), Some(x), &mut best);
            }
        }
        best
    }

    fn pick_random(
        &mut self,
        s: &mut State,
        rng: &mut SplitMix64,
    ) -> Option<(ThreadId, Option<Ref>)> {
        self.absorb(s);
        let groups = self.open_groups(s);
        self.wake_sleepers(s, groups.is_empty());
        let total = self.ready.len()
            + groups
                .iter()
                .map(|x| self.on_monitor[x].len())
                .sum::<usize>();
        if total == 0 {
            return None;
        }
        let mut k = rng.below(total as u64) as usize;
        if k < self.ready.len() {
            return Some((self.ready.items[k], None));
        }
        k -= self.ready.len();
        for x in groups {
            let g = &self.on_monitor[&x];
            if k < g.len() {
                return Some((g.items[k], Some(x)));
            }
            k -= g.len();
        }
        None
    }

    /// Files `th` after its turn: ready if it moved, parked by reason if not.
    fn after(
        &mut self,
        s: &mut State,
        th: ThreadId,
        group: Option<Ref>,
        done: u64,
        stuck: Option<NoOp>,
    ) {
        self.now += done;
        if let Some(x) = group {
            if let Some(g) = self.on_monitor.get_mut(&x) {
                g.remove(th);
            }
            self.ready.insert(th);
        }
        if done == 0
            && let Some(why) = stuck
        {
            self.ready.remove(th);
            match why {
                NoOp::Blocked(Wake::Monitor(x)) => self.on_monitor.entry(x).or_default().insert(th),
                NoOp::Blocked(w) => self.other.entry(w).or_default().push(th),
                _ => {}
            }
        }
        // Wakes from this turn came before the thread began to sleep.
        self.absorb(s);
        // Only `th` moved: a new timed block is its.
        if s.aux.timed_gen == self.timed_seen {
            return;
        }
        self.timed_seen = s.aux.timed_gen;
        if let Some(deadline) = interp::clock::timed_until(s, th)
            && deadline > s.clock
            && !self.is_sleeping(th)
        {
            self.ready.remove(th);
            let steps = (deadline - s.clock) / interp::clock::NANOS_PER_STEP;
            self.sleepers
                .push((th, deadline, self.now.saturating_add(steps as u64)));
        }
    }
}

/// SplitMix64: a tiny generator whose sequence never changes between
/// versions of m5 or its dependencies, so `random:SEED` always means the
/// same schedule.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0), by rejection to avoid modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}
