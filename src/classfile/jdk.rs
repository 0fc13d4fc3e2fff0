//! The JDK's own class files, read at run time from the JDK the user has:
//! `java.base`'s classes from `$JAVA_HOME/jmods/java.base.jmod` (a zip
//! archive after a 4-byte `JM\x01\x00` header, class files under
//! `classes/`). Nothing of the JDK is in m5; classes m5 models itself
//! (`library`) take precedence over these.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use super::LoadError;

/// The opened `java.base.jmod`.
pub struct Jdk {
    pub path: PathBuf,
    /// Only the archive's directory is read when it is opened; class
    /// files are read from the file when asked for.
    zip: Mutex<zip::ZipArchive<std::fs::File>>,
}

static JDK: OnceLock<Result<Jdk, String>> = OnceLock::new();

/// The JDK, found once per process: `JAVA_HOME`, else the `java` on PATH.
/// `Err` says where m5 looked.
pub fn jdk() -> Result<&'static Jdk, &'static str> {
    JDK.get_or_init(open).as_ref().map_err(|e| e.as_str())
}

/// Candidate JDK homes, in order: `$JAVA_HOME`, then the home of the
/// `java` found on PATH (symlinks resolved, `bin/java` stripped).
fn homes() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(h) = std::env::var_os("JAVA_HOME").filter(|h| !h.is_empty()) {
        out.push(PathBuf::from(h));
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let java = dir.join("java");
            if java.is_file() {
                if let Ok(real) = std::fs::canonicalize(&java)
                    && let Some(home) = real.parent().and_then(Path::parent)
                {
                    out.push(home.to_path_buf());
                }
                break;
            }
        }
    }
    out
}

fn open() -> Result<Jdk, String> {
    let homes = homes();
    if homes.is_empty() {
        return Err(
            "no JDK found: JAVA_HOME is not set and no `java` is on PATH \
                    (m5 reads the JDK's own java.util, java.util.concurrent, ... \
                    from $JAVA_HOME/jmods/java.base.jmod)"
                .into(),
        );
    }
    let mut looked = Vec::new();
    for home in &homes {
        let jmod = home.join("jmods").join("java.base.jmod");
        if jmod.is_file() {
            return read(&jmod).map_err(|e| format!("{}: {e}", jmod.display()));
        }
        looked.push(jmod.display().to_string());
    }
    Err(format!(
        "the JDK's java.base.jmod is not at {} (m5 reads the JDK's own classes from it; \
         install a JDK with jmods, e.g. Debian's openjdk-17-jdk-headless, and set JAVA_HOME)",
        looked.join(" nor at ")
    ))
}

fn read(jmod: &Path) -> Result<Jdk, String> {
    let mut file = std::fs::File::open(jmod).map_err(|e| e.to_string())?;
    let mut header = [0u8; 4];
    file.read_exact(&mut header).map_err(|e| e.to_string())?;
    if &header[..2] != b"JM" {
        return Err("not a jmod file (no JM header)".into());
    }
    // The zip reader finds the archive after the header itself.
    let zip = zip::ZipArchive::new(file)
        .map_err(|e| format!("not a zip archive after the jmod header: {e}"))?;
    Ok(Jdk {
        path: jmod.to_path_buf(),
        zip: Mutex::new(zip),
    })
}

impl Jdk {
    /// Does java.base have class `name`? (Without inflating it.)
    pub fn has(&self, name: &str) -> bool {
        self.zip
            .lock()
            .expect("jmod reader")
            .index_for_name(&format!("classes/{name}.class"))
            .is_some()
    }

    /// The classes (internal names) of the package `prefix` (`java/util/`),
    /// without its subpackages, sorted.
    pub fn names_in(&self, prefix: &str) -> Vec<String> {
        let zip = self.zip.lock().expect("jmod reader");
        let mut out: Vec<String> = zip
            .file_names()
            .filter_map(|n| n.ok())
            .filter_map(|n| n.strip_prefix("classes/").map(str::to_string))
            .filter_map(|n| n.strip_suffix(".class").map(str::to_string))
            .filter(|n| {
                n.strip_prefix(prefix)
                    .is_some_and(|rest| !rest.contains('/'))
            })
            .collect();
        out.sort();
        out
    }

    /// The class file of `name` (internal form), if java.base has it.
    pub fn find(&self, name: &str) -> Result<Option<(String, Vec<u8>)>, LoadError> {
        let rel = format!("classes/{name}.class");
        let mut zip = self.zip.lock().expect("jmod reader");
        let io = |msg: String| LoadError::Io {
            path: self.path.display().to_string(),
            msg,
        };
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
}

/// Is `name` in a package only the JDK defines (a class path cannot)?
pub fn is_jdk_package(name: &str) -> bool {
    ["java/", "javax/", "jdk/", "sun/"]
        .iter()
        .any(|p| name.starts_with(p))
}
