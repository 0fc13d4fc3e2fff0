//! How the prover's machine throws: an exception a handler of the stepping
//! thread may catch is followed there (unwinding frames and monitors, as
//! the interpreter does); any other becomes a pre-step check the branch
//! fails. Also the NullPointerException's recorded site.

use super::domain::Unsupported;
use super::machine::SymMachine;
use super::smt::{self, array_sort};
use super::sym::*;
use crate::classfile::*;
use crate::interp::machine::{Flow, Machine, VmExc};

impl SymMachine<'_> {
    /// `Machine::throw`: a VM exception at the current instruction is
    /// followed to a handler when one may catch it and the prover models
    /// it (no String message); otherwise the branch fails its check.
    pub(super) fn throw_vm(&mut self, e: VmExc<SVal>) -> Result<Flow<()>, Unsupported> {
        let check = match &e {
            VmExc::NullPointer => format!("{} is not null", self.null_operand()),
            VmExc::ArrayIndex { .. } => "the index is within the array".into(),
            VmExc::NegativeArraySize(_) => "the array size is not negative".into(),
            VmExc::ClassCast { to, .. } => {
                format!("the cast to {} succeeds", to.replace('/', "."))
            }
            VmExc::ArrayStore(_) => "the array accepts the value stored".into(),
            VmExc::IllegalMonitorState => "the thread owns the monitor".into(),
            VmExc::StackOverflow => "the call does not overflow the stack".into(),
            VmExc::Other(_, msg) => format!("not: {msg}"),
        };
        let name = e.class().rsplit('/').next().unwrap_or("");
        // The VM allocates the exception with its default fields (no
        // constructor runs) and, for most, a String message, which the
        // prover does not model: those it does not follow.
        let cid = self.cx.classes.id(e.class());
        match cid {
            Some(cid) if !e.has_message() => {
                if !self.may_catch(Some(cid)) {
                    return Ok(self.uncaught(&check, name));
                }
                let exc = self.new_object(cid)?;
                if let VmExc::NullPointer = e {
                    self.record_npe_site(&exc, cid);
                }
                self.unwind(exc, Some(cid), check, name)
            }
            _ => {
                self.fails = Some(format!("{check} (else {name})"));
                Ok(Flow::Stepped)
            }
        }
    }
    /// `Machine::throw_ref`: `athrow` of a non-null exception object.
    pub(super) fn throw_object(&mut self, exc: SVal) -> Result<Flow<()>, Unsupported> {
        let (check, name) = ("athrow is not reached", "the exception");
        if !self.may_catch(None) {
            return Ok(self.uncaught(check, name));
        }
        self.unwind(exc, None, check.into(), name)
    }

    /// Follows the exception `exc` (of class `class` when known) thrown at
    /// the current instruction to the handler that catches it, popping the
    /// frames it leaves and releasing their synchronized methods' monitors,
    /// as the interpreter's `throw_ref` does. `check` is what rules the
    /// exception out: the branch records it (a handler no `when` case
    /// allows then needs only that). An exception no frame of the thread
    /// catches, or one leaving a static initializer, is not followed: the
    /// check must hold. Call it only when `may_catch` allows.
    pub(super) fn unwind(
        &mut self,
        exc: SVal,
        class: Option<ClassId>,
        check: String,
        name: &str,
    ) -> Result<Flow<()>, Unsupported> {
        // A caller's pc is already past its invoke.
        let mut at_invoke = false;
        while let Some(top) = self.frames.last() {
            let method = top.method.clone();
            let ip = if at_invoke {
                top.ip.saturating_sub(1)
            } else {
                top.ip
            };
            if let Some(h) = crate::interp::exceptions::handler(self, &method, ip, &exc, class)? {
                let f = self.frames.last_mut().expect("frame");
                f.stack.clear();
                f.stack.push(exc);
                f.ip = h;
                self.label = format!("{name} caught at {}", method.pc(h));
                self.caught = Some(format!("{check} (else {name} is thrown)"));
                return Ok(Flow::Stepped);
            }
            if &*method.name == "<clinit>" {
                self.fails = Some(format!(
                    "{check} (else {name} leaves a static initializer, which the prover does not follow)"
                ));
                return Ok(Flow::Stepped);
            }
            let frame = self.pop_frame();
            if let Some(lock) = self.frame_lock(&frame)? {
                self.release(&lock);
            }
            at_invoke = true;
        }
        Ok(self.uncaught(&check, name))
    }

    /// The exception is not followed: no frame of the thread catches it.
    pub(super) fn uncaught(&mut self, check: &str, name: &str) -> Flow<()> {
        self.fails = Some(format!(
            "{check} (else {name} is thrown, and the thread does not catch it)"
        ));
        Flow::Stepped
    }

    /// Might a handler of the thread's frames catch an exception of class
    /// `class` (None: not known) thrown here? Judged from the exception
    /// tables alone, before anything is allocated or unwound: most
    /// exceptions nothing catches, and popping frames of synchronized
    /// methods builds terms.
    pub(super) fn may_catch(&self, class: Option<ClassId>) -> bool {
        let mut at_invoke = false;
        for f in self.frames.iter().rev() {
            let ip = if at_invoke {
                f.ip.saturating_sub(1)
            } else {
                f.ip
            };
            let catches = |h: &Handler| match (&h.catch, class) {
                (None, _) | (Some(_), None) => true,
                // An unresolved catch type: `handler` reports it.
                (Some(c), Some(k)) => c.id.is_none_or(|id| self.cx.classes.is_subclass(k, id)),
            };
            if f.method.handlers_at(ip).any(catches) {
                return true;
            }
            if &*f.method.name == "<clinit>" {
                return false;
            }
            at_invoke = true;
        }
        false
    }

    /// As the interpreter's `exceptions::record_npe_site`: the throw site
    /// in the NullPointerException's int fields (the method and pc are
    /// concrete in every case the prover walks).
    pub(super) fn record_npe_site(&mut self, exc: &SVal, cid: ClassId) {
        let f = self.frame_ref();
        if self.cx.classes.class(f.method.class).lambda {
            return;
        }
        let site = [
            ("extendedMessageState", 1),
            ("vmSiteMethod", f.method.id as i64 + 1),
            ("vmSitePc", f.ip as i64),
        ];
        for (field, value) in site {
            let Some(slot) = self.cx.classes.class(cid).field_slot(field) else {
                continue;
            };
            let key = FieldKey {
                slot,
                name: field.into(),
                ty: Ty::I,
            };
            let arr = self.heap.field(self.d.sc, &key);
            let stored = smt::store(&arr, &exc.t, &smt::bv32(value as i32));
            let name = self
                .d
                .sc
                .define(&key.base(), &array_sort(Ty::I.sort()), &stored);
            self.heap.fields.insert(key, name);
        }
    }
}
