//! Where class files come from: the user's class path (directories and
//! jar files, in order).

use std::path::{Path, PathBuf};

use super::LoadError;

/// Where class files come from: directories and jar files, in order.
#[derive(Clone, Debug, Default)]
pub struct ClassPath {
    pub entries: Vec<PathBuf>,
}

impl ClassPath {
    /// Parses `DIR[:DIR...]`; every entry must exist.
    pub fn parse(spec: &str) -> Result<Self, LoadError> {
        let mut entries = Vec::new();
        for part in spec.split(':').filter(|p| !p.is_empty()) {
            let p = PathBuf::from(part);
            if !p.exists() {
                return Err(LoadError::BadClassPath(part.to_string()));
            }
            entries.push(p);
        }
        Ok(ClassPath { entries })
    }

    /// Finds `name`'s bytes: (origin for messages, bytes).
    pub fn find(&self, name: &str) -> Result<Option<(String, Vec<u8>)>, LoadError> {
        let rel = format!("{name}.class");
        for e in &self.entries {
            if e.is_dir() {
                let p = e.join(&rel);
                if p.is_file() {
                    let bytes = std::fs::read(&p).map_err(|err| LoadError::Io {
                        path: p.display().to_string(),
                        msg: err.to_string(),
                    })?;
                    return Ok(Some((p.display().to_string(), bytes)));
                }
            } else if let Some(found) = read_from_jar(e, &rel)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    pub(super) fn describe(&self) -> String {
        if self.entries.is_empty() {
            "empty class path".into()
        } else {
            self.entries
                .iter()
                .map(|e| e.display().to_string())
                .collect::<Vec<_>>()
                .join(":")
        }
    }
}

fn read_from_jar(jar: &Path, rel: &str) -> Result<Option<(String, Vec<u8>)>, LoadError> {
    use std::io::Read;
    let io = |msg: String| LoadError::Io {
        path: jar.display().to_string(),
        msg,
    };
    let file = std::fs::File::open(jar).map_err(|e| io(e.to_string()))?;
    let mut zip = zip::ZipArchive::new(file).map_err(|e| io(format!("not a jar file: {e}")))?;
    let mut entry = match zip.by_name(rel) {
        Ok(e) => e,
        Err(zip::result::ZipError::FileNotFound) => return Ok(None),
        Err(e) => return Err(io(e.to_string())),
    };
    let mut bytes = Vec::new();
    entry
        .read_to_end(&mut bytes)
        .map_err(|e| io(e.to_string()))?;
    Ok(Some((format!("{}!/{rel}", jar.display()), bytes)))
}
