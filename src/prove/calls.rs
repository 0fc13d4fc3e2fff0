//! The prover's calls: virtual dispatch among the classes the program
//! instantiates, and the natives it models (`Thread.start`, `isAlive`,
//! `currentThread`, `wait`, `notify`).

use super::domain::Unsupported;
use super::machine::SymMachine;
use super::smt::{self, Sort, array_sort};
use super::step::{class_in, subclasses};
use super::sym::*;
use crate::classfile::*;
use crate::interp::domain::Domain;
use crate::interp::machine::{Callee, Flow, Machine, VmExc};

impl SymMachine<'_> {
    /// Virtual dispatch among the classes the program instantiates: one
    /// branch per selected method, with the receiver classes that select it.
    pub(super) fn dispatch(
        &mut self,
        kind: InvokeKind,
        mr: &MethodRef,
        recv: &SVal,
    ) -> Result<Callee<SVal>, Unsupported> {
        if let Some(t) = mr.target {
            return Ok(Callee::Method(t));
        }
        if kind == InvokeKind::Special {
            return Err(self.unsupported(format!(
                "unresolved method {}.{}{}",
                mr.class, mr.name, mr.desc
            )));
        }
        let Some(sup) = self.cx.classes.id(&mr.class) else {
            return Err(self.unsupported(format!("missing class {}", mr.class)));
        };
        let Some(resolved) = mr.resolved else {
            return Err(self.unsupported(format!(
                "unresolved method {}.{}{}",
                mr.class, mr.name, mr.desc
            )));
        };
        let object = self.cx.classes.id("java/lang/Object");
        let mut targets: Vec<(MethodId, Vec<i64>)> = Vec::new();
        for c in subclasses(self.cx, sup) {
            let vt_class = if c == ARRAY_CLASS {
                object
            } else {
                Some(c as ClassId)
            };
            // As the interpreter: JVMS 5.4.6 selection.
            let Some(Selected::Method(t)) = vt_class.map(|k| self.cx.classes.select(k, resolved))
            else {
                return Err(self.unsupported(format!(
                    "a call of {}{} that throws AbstractMethodError or IncompatibleClassChangeError for some receiver class",
                    mr.name, mr.desc
                )));
            };
            match targets.iter_mut().find(|(x, _)| *x == t) {
                Some((_, cs)) => cs.push(c),
                None => targets.push((t, vec![c])),
            }
        }
        let mut conds: Vec<String> = targets
            .iter()
            .map(|(_, cs)| class_in(&self.heap, &recv.t, cs))
            .collect();
        // invokeinterface checks that the receiver implements the interface
        // (the verifier does not), and a call no instantiated class can take
        // has a non-null receiver of no class at all: both throw.
        let other = kind == InvokeKind::Interface || targets.is_empty();
        if other {
            let all: Vec<i64> = targets.iter().flat_map(|(_, cs)| cs.clone()).collect();
            conds.push(smt::not(&class_in(&self.heap, &recv.t, &all)));
        }
        let i = self.d.fork.choose(conds);
        if i == targets.len() {
            return Ok(Callee::Throw(VmExc::Other(
                "java/lang/IncompatibleClassChangeError",
                format!(
                    "the receiver of {} is of a class that implements {}{}",
                    mr.name,
                    mr.class.replace('/', "."),
                    if targets.is_empty() {
                        " (no class the program instantiates does)"
                    } else {
                        ""
                    }
                ),
            )));
        }
        if targets.len() > 1 {
            self.label = format!(
                "dispatch to {}",
                self.cx.classes.method(targets[i].0).display_name()
            );
        }
        Ok(Callee::Method(targets[i].0))
    }

    /// `Thread.start` (M5: the first thread whose object is the receiver
    /// becomes scheduled); no other native is modeled.
    pub(super) fn call_native(
        &mut self,
        callee: &Method,
        args: &[SVal],
    ) -> Result<Flow<()>, Unsupported> {
        let name = format!("{}.{}{}", callee.class_name, callee.name, callee.desc);
        match name.as_str() {
            "java/lang/Thread.start()V" => {}
            "java/lang/Object.wait()V" | "java/lang/Object.wait(J)V" => {
                return self.wait(callee, args);
            }
            // Nothing to record: waiting threads may wake at any time.
            "java/lang/Object.notify()V" | "java/lang/Object.notifyAll()V" => {
                let owns = self.owns(&args[0]);
                if !self.d.decide(owns)? {
                    return self.throw(VmExc::IllegalMonitorState);
                }
                self.pop_args(callee, None);
                return Ok(Flow::Stepped);
            }
            // The stepping thread's object; main's is made when first asked
            // for (an allocation the prover does not model: unknown).
            "java/lang/Thread.currentThread()Ljava/lang/Thread;" => {
                let t = smt::select(&self.heap.tobj, self.th);
                // A check, not an error: a case whose invariant rules the
                // null branch out is proved; one that does not is never.
                if !self.d.decide(format!("(not (= {t} {NULL}))"))? {
                    self.fails = Some(
                        "the thread has its Thread object (the prover does not model main's, which m5 makes when main first calls currentThread)"
                            .into(),
                    );
                    return Ok(Flow::Stepped);
                }
                self.pop_args(callee, Some(SVal::new(Ty::A, t)));
                return Ok(Flow::Stepped);
            }
            // Started and not yet finished (false for a Thread object no
            // thread has).
            "java/lang/Thread.isAlive()Z" => {
                let k = smt::select(&self.heap.tof, &args[0].t);
                let alive = format!(
                    "(and (not (= {k} (- 1))) (select {} {k}) (> {} 0))",
                    self.heap.sched,
                    smt::select(&self.heap.depth, &k)
                );
                let v = SVal::new(Ty::I, smt::ite(&alive, &smt::bv32(1), &smt::bv32(0)));
                self.pop_args(callee, Some(v));
                return Ok(Flow::Stepped);
            }
            _ => return Err(self.unsupported(format!("native method {}", callee.display_name()))),
        }
        let r = &args[0].t;
        let k = smt::select(&self.heap.tof, r);
        let startable = format!(
            "(and (not (= {k} (- 1))) (not (select {} {k})))",
            self.heap.sched
        );
        if !self.d.decide(startable)? {
            self.fails = Some(
                "the receiver of start is an unstarted thread (else IllegalThreadStateException)"
                    .into(),
            );
            return Ok(Flow::Stepped);
        }
        self.heap.sched = self.d.sc.define(
            "sched",
            &array_sort(Sort::Bool),
            &smt::store(&self.heap.sched, &k, "true"),
        );
        self.pop_args(callee, None);
        Ok(Flow::Stepped)
    }

    /// `wait()`/`wait(ms)`: the thread gives up every hold of the monitor
    /// and enters the wait set (a timed wait ends like any other: at any
    /// time). The receiver is not null (checked by the call).
    fn wait(&mut self, callee: &Method, args: &[SVal]) -> Result<Flow<()>, Unsupported> {
        if let Some(ms) = args.get(1) {
            let ok = format!("(bvsge {} {})", ms.t, smt::bv64(0));
            if !self.d.decide(ok)? {
                self.fails = Some(
                    "the timeout of wait is not negative (else IllegalArgumentException)".into(),
                );
                return Ok(Flow::Stepped);
            }
        }
        let o = &args[0];
        let owns = self.owns(o);
        if !self.d.decide(owns)? {
            return self.throw(VmExc::IllegalMonitorState);
        }
        let count = smt::select(&self.heap.mcnt, &o.t);
        self.heap.wcnt = self.define_ints("wcnt", &smt::store(&self.heap.wcnt, self.th, &count));
        self.heap.wobj = self.define_ints("wobj", &smt::store(&self.heap.wobj, self.th, &o.t));
        self.heap.mcnt = self.define_ints("mcnt", &smt::store(&self.heap.mcnt, &o.t, "0"));
        self.heap.mon = self.define_ints("mon", &smt::store(&self.heap.mon, &o.t, "0"));
        self.label = "waits".into();
        self.pop_args(callee, None);
        Ok(Flow::Stepped)
    }

    /// Pops a native's arguments, pushes its result and moves past the call.
    fn pop_args(&mut self, callee: &Method, result: Option<SVal>) {
        let f = self.frame();
        let len = f.stack.len();
        f.stack.truncate(len - callee.arg_slots as usize);
        f.stack.extend(result);
        f.ip += 1;
    }
}
