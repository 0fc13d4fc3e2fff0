//! `m5 run --trace`: one stderr line per step (M5's instruction view), or
//! with `--trace=lines` one line each time a thread reaches another source
//! line, with the line's text when the source file can be found.

use rustc_hash::FxHashMap;

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
    /// Directories of the class path, where sources are looked for.
    dirs: Vec<std::path::PathBuf>,
    /// Each thread's last printed (method, line).
    last: FxHashMap<ThreadId, (u32, u32)>,
    /// Source files read so far, by class-path-relative path.
    sources: FxHashMap<String, Option<Vec<String>>>,
}

impl Tracer {
    pub fn new(mode: TraceMode, cp: &ClassPath) -> Tracer {
        Tracer {
            mode,
            dirs: cp.entries.iter().filter(|e| e.is_dir()).cloned().collect(),
            last: FxHashMap::default(),
            sources: FxHashMap::default(),
        }
    }

    /// The text of `line` of the source of `class` (`p/q/Main$Inner` with
    /// `SourceFile` `Main.java` is looked for as `p/q/Main.java`).
    fn source_line(&mut self, class: &str, file: &str, line: u32) -> Option<String> {
        let rel = match class.rsplit_once('/') {
            Some((pkg, _)) => format!("{pkg}/{file}"),
            None => file.to_string(),
        };
        let dirs = &self.dirs;
        let lines = self.sources.entry(rel.clone()).or_insert_with(|| {
            dirs.iter().find_map(|d| {
                std::fs::read_to_string(d.join(&rel))
                    .ok()
                    .map(|t| t.lines().map(str::to_string).collect())
            })
        });
        lines
            .as_ref()?
            .get(line.checked_sub(1)? as usize)
            .map(|l| l.trim().to_string())
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
            .source_line(&m.class_name, &file, line)
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
