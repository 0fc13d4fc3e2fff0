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
    /// Parses `DIR[:DIR...]`; every entry must exist. An entry `DIR/*`
    /// (or `*`) stands for the jar files in DIR, as java expands it.
    pub fn parse(spec: &str) -> Result<Self, LoadError> {
        let mut entries = Vec::new();
        for part in spec.split(':').filter(|p| !p.is_empty()) {
            if let Some(dir) = part
                .strip_suffix('*')
                .filter(|d| d.is_empty() || d.ends_with('/'))
            {
                entries.extend(jars_in(if dir.is_empty() { "." } else { dir }, part)?);
                continue;
            }
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

    /// The internal names of every class file in the entries (directories
    /// walked, jars listed), in entry order; unreadable parts are skipped.
    pub fn class_names(&self) -> Vec<String> {
        let mut out = Vec::new();
        for e in &self.entries {
            if e.is_dir() {
                let mut dirs = vec![e.clone()];
                while let Some(d) = dirs.pop() {
                    let Ok(read) = std::fs::read_dir(&d) else {
                        continue;
                    };
                    for p in read.filter_map(|x| x.ok().map(|x| x.path())) {
                        if p.is_dir() {
                            dirs.push(p);
                        } else if let Some(rel) = p
                            .strip_prefix(e)
                            .ok()
                            .and_then(|r| r.to_str())
                            .and_then(|r| r.strip_suffix(".class"))
                        {
                            out.push(rel.to_string());
                        }
                    }
                }
            } else if let Ok(f) = std::fs::File::open(e)
                && let Ok(zip) = zip::ZipArchive::new(f)
            {
                out.extend(
                    zip.file_names()
                        .filter_map(|n| n.ok())
                        .filter(|n| !n.starts_with("META-INF/"))
                        .filter_map(|n| n.strip_suffix(".class").map(str::to_string)),
                );
            }
        }
        out.retain(|n| !n.ends_with("module-info") && !n.ends_with("package-info"));
        out
    }

    /// The entries, ':'-separated ("empty class path" for none).
    pub fn display(&self) -> String {
        self.describe()
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

/// The jar files (`.jar`, `.JAR`) in `dir`, in name order (java's order
/// is the directory's, which no two file systems agree on); `part` is the
/// class path entry, for messages.
fn jars_in(dir: &str, part: &str) -> Result<Vec<PathBuf>, LoadError> {
    let read = std::fs::read_dir(dir).map_err(|_| LoadError::BadClassPath(part.to_string()))?;
    let mut jars: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "jar" || x == "JAR"))
        .collect();
    jars.sort();
    Ok(jars)
}

/// What `java -jar JAR` runs: the class path (the jar, then its manifest's
/// `Class-Path` entries, relative to the jar's directory, those that
/// exist: java skips the others) and the manifest's `Main-Class`.
pub fn jar_launch(jar: &Path) -> Result<(String, String), String> {
    use std::io::Read;
    let file = std::fs::File::open(jar).map_err(|e| e.to_string())?;
    let mut zip = zip::ZipArchive::new(file).map_err(|e| format!("not a jar file: {e}"))?;
    let mut text = String::new();
    zip.by_name("META-INF/MANIFEST.MF")
        .map_err(|_| "no META-INF/MANIFEST.MF in the jar".to_string())?
        .read_to_string(&mut text)
        .map_err(|e| format!("META-INF/MANIFEST.MF: {e}"))?;
    let attrs = manifest_attributes(&text);
    let get = |k: &str| {
        attrs
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(k))
            .map(|(_, v)| v.trim().to_string())
    };
    let main = get("Main-Class")
        .filter(|m| !m.is_empty())
        .ok_or("no Main-Class attribute in its manifest (java: \"no main manifest attribute\")")?;
    let base = jar.parent().unwrap_or(Path::new(""));
    let mut cp = vec![jar.display().to_string()];
    for entry in get("Class-Path").unwrap_or_default().split_whitespace() {
        let p = base.join(entry.replace("%20", " "));
        if p.exists() {
            cp.push(p.display().to_string());
        }
    }
    Ok((cp.join(":"), main))
}

/// The main section's `Name: value` attributes of a manifest (a line that
/// starts with a space continues the one before).
fn manifest_attributes(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            break;
        }
        if let Some(more) = line.strip_prefix(' ') {
            if let Some((_, v)) = out.last_mut() {
                v.push_str(more);
            }
        } else if let Some((k, v)) = line.split_once(':') {
            out.push((k.to_string(), v.trim_start().to_string()));
        }
    }
    out
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
