//! Structural regions of a method's code, for invariant cases that must
//! survive recompilation (`@ entry`, `@ synchronized`): which instructions
//! run while the frame holds a monitor it took itself.

use super::Method;
use super::insn::{Effect, Insn, successors};

/// Why a method's monitor regions cannot be told: two paths reach the
/// instruction at `pc` holding different numbers of the frame's monitors
/// (locking javac and ecj never write).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unstructured {
    pub pc: u32,
}

impl Method {
    /// The number of monitors the frame holds before each instruction: its
    /// `monitorenter`s not yet matched by a `monitorexit`, plus the one a
    /// synchronized method takes on entry; None where no path from the
    /// entry leads. Paths are the branches, the fall-throughs and the
    /// exception handlers (an exception leaves the count of the
    /// instruction that threw, as `monitorexit` throws before it releases).
    pub fn monitor_depths(&self) -> Result<Vec<Option<u32>>, Unstructured> {
        let n = self.code.len();
        let mut depth: Vec<Option<u32>> = vec![None; n];
        if n == 0 {
            return Ok(depth);
        }
        let mut todo = vec![(0usize, u32::from(self.is_synchronized()))];
        while let Some((ip, d)) = todo.pop() {
            if ip >= n {
                continue;
            }
            match depth[ip] {
                Some(x) if x == d => continue,
                Some(_) => {
                    return Err(Unstructured {
                        pc: self.pc(ip as u32),
                    });
                }
                None => depth[ip] = Some(d),
            }
            for h in self.handlers_at(ip as u32) {
                todo.push((h.handler as usize, d));
            }
            let after = match self.code[ip].effect() {
                Effect::MonitorEnter => d + 1,
                Effect::MonitorExit => d.saturating_sub(1),
                Effect::Frame
                | Effect::Constant(_)
                | Effect::ReadField(_)
                | Effect::WriteField(_)
                | Effect::ReadStatic(_)
                | Effect::WriteStatic(_)
                | Effect::ReadElement(_)
                | Effect::WriteElement(_)
                | Effect::ArrayLength
                | Effect::Invoke(..)
                | Effect::Concat(_)
                | Effect::New(_)
                | Effect::NewArray(_)
                | Effect::Cast(_)
                | Effect::InstanceOf(_)
                | Effect::Throw
                | Effect::Return(_)
                | Effect::Unsupported(_) => d,
            };
            let mut next = successors(&self.code[ip], ip as u32);
            // A conditional branch's target is pushed before the next
            // instruction, a switch's default before its cases (the order
            // this search has always taken, which decides the pc reported).
            if !matches!(&self.code[ip], Insn::Switch(_)) {
                next.reverse();
            }
            todo.extend(next.into_iter().map(|t| (t as usize, after)));
        }
        Ok(depth)
    }

    /// The pcs of the instructions that run while the frame holds a monitor
    /// it took (every one of a synchronized method's).
    pub fn synchronized_pcs(&self) -> Result<Vec<u32>, Unstructured> {
        Ok(self
            .monitor_depths()?
            .iter()
            .enumerate()
            .filter(|(_, d)| d.is_some_and(|d| d > 0))
            .map(|(ip, _)| self.pc(ip as u32))
            .collect())
    }
}
