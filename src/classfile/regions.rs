//! Structural regions of a method's code, for invariant cases that must
//! survive recompilation (`@ entry`, `@ synchronized`): which instructions
//! run while the frame holds a monitor it took itself.

use super::Method;
use super::insn::Insn;

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
            let after = match &self.code[ip] {
                Insn::MonitorEnter => d + 1,
                Insn::MonitorExit => d.saturating_sub(1),
                _ => d,
            };
            let next = ip + 1;
            match &self.code[ip] {
                Insn::Goto(t) => todo.push((*t as usize, after)),
                Insn::If(_, t) | Insn::IfIcmp(_, t) | Insn::IfAcmp(_, t) | Insn::IfNull(_, t) => {
                    todo.push((*t as usize, after));
                    todo.push((next, after));
                }
                Insn::Switch(sw) => {
                    todo.push((sw.default as usize, after));
                    todo.extend(sw.cases.iter().map(|c| (c.1 as usize, after)));
                }
                Insn::Return(_) | Insn::Athrow | Insn::Unsupported(_) => {}
                _ => todo.push((next, after)),
            }
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
