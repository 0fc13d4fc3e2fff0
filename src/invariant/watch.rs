//! An invariant and a relation watched along a run (`m5 run --invariant`):
//! the invariant after every step (incrementally), the relation on every
//! step, and the schedule executed, so a failure can be replayed. The
//! prover's witnesses are checked with it too (`crate::prove::witness`),
//! so "refuted" means what `m5 run` shows.

use super::incremental::Incremental;
use super::{Compiled, Failure};
use crate::schedule::{Control, Observer};
use crate::state::{State, ThreadId};

pub struct Watch<'a> {
    c: &'a Compiled,
    relation: Option<String>,
    state_facts: bool,
    inc: Incremental<'a>,
    prev: Option<State>,
    /// (step number, failure, whether it was the relation)
    pub failure: Option<(u64, Failure, bool)>,
    /// The thread of every step run.
    pub steps: Vec<ThreadId>,
    /// Sees every step first (`m5 run --trace`).
    pub inner: Option<Box<dyn Observer + 'a>>,
}

impl<'a> Watch<'a> {
    /// Watches `c`'s state facts (unless `relation_only`) and `relation`
    /// from `s`, which is checked at once (a failure there is step 0).
    /// Turns on `s`'s write log, which the incremental check reads.
    pub fn new(
        c: &'a Compiled,
        relation: Option<String>,
        relation_only: bool,
        s: &mut State,
    ) -> Self {
        let mut w = Watch {
            c,
            relation,
            state_facts: !relation_only,
            inc: Incremental::new(c),
            prev: None,
            failure: None,
            steps: Vec::new(),
            inner: None,
        };
        s.aux.log_writes = true;
        if w.state_facts
            && let Err(f) = w.inc.check_all(s)
        {
            w.failure = Some((0, f, false));
        }
        w
    }
}

impl Observer for Watch<'_> {
    fn before(&mut self, s: &State, th: ThreadId, step: u64) {
        if let Some(t) = &mut self.inner {
            t.before(s, th, step);
        }
        self.prev = Some(s.clone());
    }
    fn after(&mut self, s: &mut State, th: ThreadId, step: u64) -> Control {
        self.steps.push(th);
        let n = step + 1;
        if let (Some(r), Some(old)) = (&self.relation, &self.prev)
            && let Err(f) = super::eval::check_relation(self.c, r, old, s)
        {
            self.failure = Some((n, f, true));
            return Control::Stop;
        }
        let old = self.prev.take().expect("before() ran");
        if self.state_facts
            && let Err(f) = self.inc.check_step(&old, s)
        {
            self.failure = Some((n, f, false));
            return Control::Stop;
        }
        Control::Continue
    }
}
