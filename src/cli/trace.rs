//! `m5 run --trace`: one stderr line per step (M5's instruction view), or
//! with `--trace=lines` one line each time a thread reaches another source
//! line, with the line's text when the source file can be found.

use rustc_hash::FxHashMap;

use super::sources::Sources;
use crate::classfile::ClassPath;
use crate::interp;
use crate::schedule::{Control, Observer};
use crate::state::{State, ThreadId};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceMode {
    /// Every step: thread, class.method, pc, instruction.
    Steps,
    /// Every change of a thread's source line.
    Lines,
}

pub struct Tracer {
    mode: TraceMode,
    /// Each thread's last printed (method, line).
    last: FxHashMap<ThreadId, (u32, u32)>,
    /// The source files, beside the class files.
    sources: Sources,
}

impl Tracer {
    pub fn new(mode: TraceMode, cp: &ClassPath) -> Tracer {
        Tracer {
            mode,
            last: FxHashMap::default(),
            sources: Sources::new(&[], cp),
        }
    }

    fn line(&mut self, s: &State, th: ThreadId, step: u64) {
        let Some((m, pc, _)) = interp::next_insn(s, th) else {
            return;
        };
        let Some(line) = m.line_at(pc) else { return };
        if self.last.insert(th, (m.id, line)) == Some((m.id, line)) {
            return;
        }
        let file = s
            .classes
            .id(&m.class_name)
            .and_then(|c| s.classes.class(c).source_file.clone());
        let Some(file) = file else { return };
        let text = self
            .sources
            .line(&m.class_name, &file, line)
            .map(|t| format!("  {t}"))
            .unwrap_or_default();
        eprintln!(
            "{step:>8} t{th} {}.{} ({file}:{line}){text}",
            m.class_name.replace('/', "."),
            m.name
        );
    }
}

impl Observer for Tracer {
    fn before(&mut self, s: &State, th: ThreadId, step: u64) {
        if self.mode == TraceMode::Lines {
            self.line(s, th, step);
            return;
        }
        if let Some(f) = s.thread(th).and_then(|t| t.top())
            && f.needs_monitor()
        {
            eprintln!(
                "{step:>8} t{th} {}.{} enters: takes the monitor of the synchronized method",
                f.method.class_name.replace('/', "."),
                f.method.name
            );
            return;
        }
        if let Some((m, pc, insn)) = interp::next_insn(s, th) {
            let ip = m.index_of_pc(pc).unwrap_or(0) as usize;
            let text = crate::classfile::M5Insn {
                insn,
                index: ip,
                offsets: &m.offsets,
            };
            eprintln!(
                "{step:>8} t{th} {}.{} {pc:>4} {text}",
                m.class_name.replace('/', "."),
                m.name
            );
        }
    }
    fn after(&mut self, _s: &mut State, _th: ThreadId, _step: u64) -> Control {
        Control::Continue
    }
}
