//! The classes `m5 locks` analyses, read from class files: the ones named
//! or every class under the class path's directories and jars, or whole
//! packages of the JDK's `java.base`; lambdas' classes come with their
//! enclosing class. Other classes (supertypes in the JDK) are read only
//! when a question about them comes up (`Program::supers`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::classfile::parse::{RawClass, RawField, RawMethod, parse_class};
use crate::classfile::{ClassPath, LoadError, jdk, library};

/// One analysed class, with where it came from.
pub struct Class {
    pub raw: RawClass,
    /// The class file (for messages).
    pub origin: String,
    /// The Java source next to the class file, when there is one.
    pub source: Option<PathBuf>,
}

impl Class {
    pub fn name(&self) -> &Arc<str> {
        &self.raw.name
    }
    pub fn field(&self, name: &str) -> Option<&RawField> {
        self.raw.fields.iter().find(|f| &*f.name == name)
    }
    pub fn method(&self, name: &str, desc: &str) -> Option<&RawMethod> {
        self.raw
            .methods
            .iter()
            .find(|m| &*m.name == name && &*m.desc == desc)
    }
    /// The file name a report shows: the source file, else the class file's.
    pub fn file(&self) -> String {
        match (&self.source, &self.raw.source_file) {
            (Some(p), _) => p.display().to_string(),
            (None, Some(f)) => {
                let pkg = self.raw.name.rsplit_once('/').map_or("", |(p, _)| p);
                if pkg.is_empty() {
                    f.to_string()
                } else {
                    format!("{pkg}/{f}")
                }
            }
            (None, None) => self.origin.clone(),
        }
    }
}

/// The analysed classes and a cache of the others' supertypes.
pub struct Program {
    pub classes: Vec<Class>,
    pub by_name: FxHashMap<Arc<str>, usize>,
    cp: ClassPath,
    /// Supertypes and declared selectors of classes outside the program,
    /// read on demand (from the class path, then the JDK).
    outside: std::sync::Mutex<FxHashMap<Arc<str>, Option<Outside>>>,
    /// Classes outside the program whose code `arrays` reads, as the VM
    /// finds them (m5's model library, the JDK, the class path).
    code: std::sync::Mutex<FxHashMap<Arc<str>, Option<Arc<RawClass>>>>,
    /// `arrays::summary`'s memo (None: being computed).
    pub(super) summaries: std::sync::Mutex<super::arrays::Summaries>,
}

/// What the analysis needs of a class it does not analyse.
#[derive(Clone)]
pub struct Outside {
    pub supers: Vec<Arc<str>>,
    pub selectors: FxHashSet<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("class {0} is not on the class path")]
    NotFound(String),
    #[error("{0}")]
    Jdk(String),
    #[error("no class files found in {0}")]
    Empty(String),
}

impl Program {
    /// The classes named in `names` (binary names), or, when there are
    /// none, every class file under the class path.
    pub fn load(cp: ClassPath, names: &[String]) -> Result<Program, ProgramError> {
        let mut found: Vec<(String, Vec<u8>)> = Vec::new();
        if names.is_empty() {
            for e in &cp.entries {
                if e.is_dir() {
                    collect_dir(e, &mut found)?;
                } else {
                    collect_jar(e, &mut found)?;
                }
            }
            if found.is_empty() {
                return Err(ProgramError::Empty(
                    cp.entries
                        .iter()
                        .map(|e| e.display().to_string())
                        .collect::<Vec<_>>()
                        .join(":"),
                ));
            }
        } else {
            for n in names {
                let internal = n.replace('.', "/");
                match cp.find(&internal)? {
                    Some(x) => found.push(x),
                    None => return Err(ProgramError::NotFound(n.clone())),
                }
            }
        }
        Self::from_files(cp, found)
    }

    /// Every class of the JDK packages `packages` (dotted names, each
    /// package without its subpackages).
    pub fn load_jdk(packages: &[String]) -> Result<Program, ProgramError> {
        let jdk = jdk::jdk().map_err(|e| ProgramError::Jdk(e.to_string()))?;
        let mut found = Vec::new();
        for p in packages {
            let prefix = format!("{}/", p.replace('.', "/"));
            let names = jdk.names_in(&prefix);
            if names.is_empty() {
                return Err(ProgramError::Jdk(format!(
                    "the JDK's java.base has no package {p}"
                )));
            }
            for n in names {
                if let Some(x) = jdk.find(&n)? {
                    found.push(x);
                }
            }
        }
        Self::from_files(
            ClassPath {
                entries: Vec::new(),
            },
            found,
        )
    }

    fn from_files(cp: ClassPath, files: Vec<(String, Vec<u8>)>) -> Result<Program, ProgramError> {
        let mut classes = Vec::new();
        for (origin, bytes) in files {
            let mut raw = parse_class(&origin, &bytes)?;
            if &*raw.name == "module-info" || raw.name.ends_with("/package-info") {
                continue;
            }
            let source = source_next_to(&origin, raw.source_file.as_deref());
            for s in std::mem::take(&mut raw.synthetic) {
                classes.push(Class {
                    raw: s,
                    origin: origin.clone(),
                    source: source.clone(),
                });
            }
            classes.push(Class {
                raw,
                origin,
                source,
            });
        }
        classes.sort_by(|a, b| a.raw.name.cmp(&b.raw.name));
        classes.dedup_by(|a, b| a.raw.name == b.raw.name);
        let by_name = classes
            .iter()
            .enumerate()
            .map(|(i, c)| (c.raw.name.clone(), i))
            .collect();
        Ok(Program {
            classes,
            by_name,
            cp,
            outside: Default::default(),
            code: Default::default(),
            summaries: Default::default(),
        })
    }

    pub fn get(&self, name: &str) -> Option<&Class> {
        self.by_name.get(name).map(|&i| &self.classes[i])
    }

    /// The direct supertypes (superclass first) of `name`, analysed or not.
    pub fn supers(&self, name: &str) -> Vec<Arc<str>> {
        if let Some(c) = self.get(name) {
            return c
                .raw
                .super_name
                .iter()
                .chain(&c.raw.interfaces)
                .cloned()
                .collect();
        }
        self.outside(name).map(|o| o.supers).unwrap_or_default()
    }

    /// Every supertype of `name`, transitively (not `name` itself).
    pub fn all_supers(&self, name: &str) -> Vec<Arc<str>> {
        let mut seen: Vec<Arc<str>> = Vec::new();
        let mut todo = self.supers(name);
        while let Some(s) = todo.pop() {
            if seen.contains(&s) {
                continue;
            }
            todo.extend(self.supers(&s));
            seen.push(s);
        }
        seen
    }

    pub fn is_subtype(&self, name: &str, of: &str) -> bool {
        name == of || self.all_supers(name).iter().any(|s| &**s == of)
    }

    /// The program class that declares field `name` as seen from `class`
    /// (JVMS 5.4.3.2, over the program's classes), and the field.
    pub fn field(&self, class: &str, name: &str) -> Option<(&Class, &RawField)> {
        let mut todo: Vec<Arc<str>> = vec![class.into()];
        let mut seen = FxHashSet::default();
        while let Some(c) = todo.pop() {
            if !seen.insert(c.clone()) {
                continue;
            }
            let Some(k) = self.get(&c) else { continue };
            if let Some(f) = k.field(name) {
                return Some((k, f));
            }
            todo.extend(k.raw.interfaces.iter().cloned());
            todo.extend(k.raw.super_name.iter().cloned());
        }
        None
    }

    pub fn field_is_final(&self, class: &str, name: &str) -> bool {
        self.field(class, name).is_some_and(|(_, f)| f.is_final)
    }

    /// The program method `name`+`desc` a call on `class` selects
    /// statically: declared by `class` or its nearest program superclass
    /// (then its interfaces).
    pub fn method(&self, class: &str, name: &str, desc: &str) -> Option<(&Class, &RawMethod)> {
        let mut todo: Vec<Arc<str>> = vec![class.into()];
        let mut seen = FxHashSet::default();
        while !todo.is_empty() {
            let c = todo.remove(0);
            if !seen.insert(c.clone()) {
                continue;
            }
            let Some(k) = self.get(&c) else { continue };
            if let Some(m) = k.method(name, desc) {
                return Some((k, m));
            }
            todo.extend(k.raw.super_name.iter().cloned());
            todo.extend(k.raw.interfaces.iter().cloned());
        }
        None
    }

    /// Does a class outside the program declare `selector` (name + desc)?
    pub fn outside_declares(&self, class: &str, selector: &str) -> bool {
        self.outside(class)
            .is_some_and(|o| o.selectors.contains(selector))
    }

    /// The class file of `name` as `m5 run` loads it: m5's model library
    /// first, then the JDK (its packages), then the class path.
    pub fn outside_class(&self, name: &str) -> Option<Arc<RawClass>> {
        if let Some(c) = self.code.lock().expect("code cache").get(name) {
            return c.clone();
        }
        let found = match library::lookup(name) {
            Some(bytes) => Some(("<m5 library>".to_string(), bytes.to_vec())),
            None => {
                let from_jdk = if jdk::is_jdk_package(name) {
                    jdk::jdk().ok().and_then(|j| j.find(name).ok().flatten())
                } else {
                    None
                };
                from_jdk.or_else(|| self.cp.find(name).ok().flatten())
            }
        };
        let c = found.and_then(|(origin, bytes)| parse_class(&origin, &bytes).ok().map(Arc::new));
        self.code
            .lock()
            .expect("code cache")
            .insert(name.into(), c.clone());
        c
    }

    fn outside(&self, name: &str) -> Option<Outside> {
        let mut cache = self.outside.lock().expect("outside cache");
        if let Some(o) = cache.get(name) {
            return o.clone();
        }
        let found = self
            .cp
            .find(name)
            .ok()
            .flatten()
            .or_else(|| jdk::jdk().ok()?.find(name).ok().flatten());
        let o = found.and_then(|(origin, bytes)| {
            let raw = parse_class(&origin, &bytes).ok()?;
            Some(Outside {
                supers: raw
                    .super_name
                    .iter()
                    .chain(&raw.interfaces)
                    .cloned()
                    .collect(),
                selectors: raw
                    .methods
                    .iter()
                    .map(|m| format!("{}{}", m.name, m.desc))
                    .collect(),
            })
        });
        cache.insert(name.into(), o.clone());
        o
    }
}

/// The class files under `dir`, in sorted order, depth first (with an
/// explicit stack: trees may be deep; a directory reached again through a
/// symbolic link is not read twice).
fn collect_dir(dir: &Path, out: &mut Vec<(String, Vec<u8>)>) -> Result<(), LoadError> {
    let io = |p: &Path, e: std::io::Error| LoadError::Io {
        path: p.display().to_string(),
        msg: e.to_string(),
    };
    let list = |dir: &Path| -> Result<std::vec::IntoIter<PathBuf>, LoadError> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| io(dir, e))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        Ok(entries.into_iter())
    };
    let mut seen: std::collections::HashSet<PathBuf> = std::collections::HashSet::new();
    seen.insert(std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()));
    let mut stack = vec![list(dir)?];
    while let Some(entries) = stack.last_mut() {
        let Some(p) = entries.next() else {
            stack.pop();
            continue;
        };
        if p.is_dir() {
            if seen.insert(std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone())) {
                stack.push(list(&p)?);
            }
        } else if p.extension().is_some_and(|x| x == "class") {
            let bytes = std::fs::read(&p).map_err(|e| io(&p, e))?;
            out.push((p.display().to_string(), bytes));
        }
    }
    Ok(())
}

fn collect_jar(jar: &Path, out: &mut Vec<(String, Vec<u8>)>) -> Result<(), LoadError> {
    use std::io::Read;
    let io = |msg: String| LoadError::Io {
        path: jar.display().to_string(),
        msg,
    };
    let file = std::fs::File::open(jar).map_err(|e| io(e.to_string()))?;
    let mut zip = zip::ZipArchive::new(file).map_err(|e| io(format!("not a jar file: {e}")))?;
    for i in 0..zip.len() {
        let mut e = zip.by_index(i).map_err(|e| io(e.to_string()))?;
        let entry = e.name().map_err(|e| io(e.to_string()))?.to_string();
        if !entry.ends_with(".class") {
            continue;
        }
        let name = format!("{}!/{entry}", jar.display());
        let mut bytes = Vec::new();
        e.read_to_end(&mut bytes).map_err(|e| io(e.to_string()))?;
        out.push((name, bytes));
    }
    Ok(())
}

/// `Foo.java` in the class file's directory, if the class names it.
fn source_next_to(origin: &str, source_file: Option<&str>) -> Option<PathBuf> {
    let f = source_file?;
    let p = Path::new(origin).parent()?.join(f);
    p.is_file().then_some(p)
}
