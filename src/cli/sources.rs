//! Java source files for what the commands print about code: looked up
//! under `--sourcepath` and then beside the class files (the class path's
//! directories), for `m5 run --trace=lines` and `m5 explore --html` and
//! `--sarif`. Each file is read once.

use std::path::PathBuf;

use rustc_hash::FxHashMap;

use crate::classfile::ClassPath;

/// A directory sources are looked for in.
#[derive(Clone, Debug)]
pub struct Root {
    pub dir: PathBuf,
    /// Its name as a SARIF `uriBaseId`: `SOURCEPATH1`, `CLASSPATH2`, ...
    /// (numbered from 1 in the order given).
    pub base_id: String,
}

/// A source file found: its root, its path under it, its lines.
#[derive(Debug)]
pub struct Found {
    pub root: usize,
    pub relative: String,
    lines: Vec<String>,
}

pub struct Sources {
    pub roots: Vec<Root>,
    /// By root-relative path; `None`: found nowhere.
    files: FxHashMap<String, Option<Found>>,
}

impl Sources {
    /// The `--sourcepath` directories first, then the class path's.
    pub fn new(sourcepath: &[PathBuf], cp: &ClassPath) -> Sources {
        let named = |what: &str, dirs: Vec<PathBuf>| {
            dirs.into_iter()
                .enumerate()
                .map(|(i, dir)| Root {
                    dir,
                    base_id: format!("{what}{}", i + 1),
                })
                .collect::<Vec<_>>()
        };
        let mut roots = named("SOURCEPATH", sourcepath.to_vec());
        let class_dirs = cp.entries.iter().filter(|e| e.is_dir()).cloned().collect();
        roots.extend(named("CLASSPATH", class_dirs));
        Sources {
            roots,
            files: FxHashMap::default(),
        }
    }

    /// Where the source of `class` (internal name) with `SourceFile` `file`
    /// is looked for: `p/q/Main$Inner` with `Main.java` is `p/q/Main.java`.
    /// `None` for a `SourceFile` that is not a plain file name.
    pub fn relative(class: &str, file: &str) -> Option<String> {
        if file.is_empty() || file.contains(['/', '\\']) || file == ".." {
            return None;
        }
        Some(match class.rsplit_once('/') {
            Some((pkg, _)) => format!("{pkg}/{file}"),
            None => file.to_string(),
        })
    }

    /// The source file of `class`, if one of the roots has it.
    pub fn find(&mut self, class: &str, file: &str) -> Option<&Found> {
        let rel = Self::relative(class, file)?;
        let roots = &self.roots;
        self.files
            .entry(rel.clone())
            .or_insert_with(|| {
                roots.iter().enumerate().find_map(|(i, r)| {
                    let text = std::fs::read(r.dir.join(&rel)).ok()?;
                    Some(Found {
                        root: i,
                        relative: rel.clone(),
                        lines: String::from_utf8_lossy(&text)
                            .lines()
                            .map(str::to_string)
                            .collect(),
                    })
                })
            })
            .as_ref()
    }

    /// The text of `line` (from 1) of the source of `class`, trimmed.
    pub fn line(&mut self, class: &str, file: &str, line: u32) -> Option<String> {
        let found = self.find(class, file)?;
        found
            .lines
            .get(line.checked_sub(1)? as usize)
            .map(|l| l.trim().to_string())
    }
}
