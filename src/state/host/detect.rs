//! Working out the initial system properties as `java` would set them for
//! the JDK m5 reads (`classfile::jdk`: `JAVA_HOME`, else the `java` on
//! PATH), this machine and the command line. Where each comes from:
//!
//! - the JDK's `VersionProps.init` (`version.rs`): `java.version`,
//!   `java.version.date`, `java.runtime.version`, `java.runtime.name`,
//!   `java.vendor`, `java.vendor.url`, `java.vendor.url.bug`,
//!   `java.vendor.version` (if set), `java.class.version`,
//!   `java.specification.{version,maintenance.version,name,vendor}`;
//! - the same build values as HotSpot reports them: `java.vm.version` is
//!   the JDK's version string (`java.runtime.version`), `java.vm.vendor` its
//!   vendor (`java.vendor`); HotSpot's constants `java.vm.specification.name`
//!   ("Java Virtual Machine Specification"), `.vendor` ("Oracle
//!   Corporation") and `.version` (the feature release);
//! - the JDK's path: `java.home` (its home, symbolic links resolved, as the
//!   launcher finds itself), `sun.boot.library.path` (`java.home/lib`),
//!   `java.library.path` (`LD_LIBRARY_PATH`, then the path list compiled
//!   into the JDK's `libjvm.so`, read from that file on first use);
//!   `os.arch`, `sun.arch.data.model`, `sun.cpu.endian` and
//!   `sun.io.unicode.encoding` from the architecture the JDK was built for
//!   (its `release` file's `OS_ARCH`, else the ELF header of its `bin/java`);
//! - the host: `os.name` and `os.version` (uname), `user.name` and
//!   `user.home` (the password entry of the user m5 runs as, as the JDK
//!   reads them; not `$USER`/`$HOME`), `user.dir` (the working directory),
//!   the locale properties and encodings (`locale.rs`),
//!   `sun.stdout.encoding`/`sun.stderr.encoding` (set when the stream is a
//!   terminal); Linux's constants `file.separator` "/", `path.separator`
//!   ":", `line.separator` "\n", `java.io.tmpdir` "/tmp";
//! - the command line: `java.class.path` (the class path m5 was given),
//!   `sun.java.command` (main class and arguments), `sun.java.launcher`
//!   ("SUN_STANDARD", the `java` launcher's), and every `-Dkey=value`.
//!
//! `-D` overrides what the JDK lets the command line override (the host's
//! and the platform's values, `java.home`, `file.encoding`, ...) and not
//! the rest, as `java` does (checked key by key against `java` 17).
//! `java.vm.name`, `java.vm.info`, `java.vm.compressedOopsMode`,
//! `sun.management.compiler` and `jdk.debug` describe HotSpot's own build
//! and ergonomics (heap size, class-data sharing): unknown.
//!
//! The environment is the process's (`System.getenv`). When it holds
//! options that `java` would apply (`JDK_JAVA_OPTIONS`, `JAVA_TOOL_OPTIONS`,
//! `_JAVA_OPTIONS`), no property is answered.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::{Charset, Host, Lazy, Prop, locale};

/// What a command line gives `java` that shows in its properties.
#[derive(Clone, Debug, Default)]
pub struct CommandLine {
    pub classpath: String,
    /// The main class as given.
    pub main: String,
    pub args: Vec<String>,
    /// `-Dkey=value`, in order (a later one wins).
    pub defines: Vec<(String, String)>,
}

/// A `-D` option m5 cannot honour.
#[derive(Debug, thiserror::Error)]
pub enum DefineError {
    #[error("-D{0}: a property needs a name (-Dkey=value)")]
    NoKey(String),
    #[error(
        "-Djava.class.path: m5 loads classes from --classpath (java.class.path is what it is given)"
    )]
    ClassPath,
    #[error("-Dline.separator: not modeled (m5's PrintStream.println writes \"\\n\")")]
    LineSeparator,
}

/// `-Dkey=value` without its `-D` (a key alone has the value "", as with `java`).
pub fn parse_define(text: &str) -> Result<(String, String), DefineError> {
    let (k, v) = text.split_once('=').unwrap_or((text, ""));
    match k {
        "" => Err(DefineError::NoKey(text.into())),
        "java.class.path" => Err(DefineError::ClassPath),
        "line.separator" => Err(DefineError::LineSeparator),
        _ => Ok((k.to_string(), v.to_string())),
    }
}

/// What `VersionProps.init` may set.
const VERSION_KEYS: &[&str] = &[
    "java.version",
    "java.version.date",
    "java.runtime.version",
    "java.runtime.name",
    "java.vendor",
    "java.vendor.url",
    "java.vendor.url.bug",
    "java.vendor.version",
    "java.class.version",
    "java.specification.version",
    "java.specification.maintenance.version",
    "java.specification.name",
    "java.specification.vendor",
];

/// Properties the command line cannot change: `java` sets them after
/// reading its `-D`s (as it does those `VersionProps.init` puts).
const FIXED: &[&str] = &[
    "java.vm.version",
    "java.vm.vendor",
    "java.vm.name",
    "java.vm.info",
    "java.vm.specification.name",
    "java.vm.specification.vendor",
    "java.vm.specification.version",
    "java.vm.compressedOopsMode",
    "sun.management.compiler",
    "jdk.debug",
    "sun.java.command",
    "sun.java.launcher",
    "native.encoding",
    "sun.jnu.encoding",
];

/// The host as `java` would describe it for this command line.
pub fn detect(cmd: &CommandLine) -> Host {
    let mut t = Table::default();
    // The JDK.
    let home = jdk_home();
    // The keys VersionProps.init puts (over any -D).
    let mut version_keys: Vec<String> = Vec::new();
    let mut feature = 0;
    match super::version::read() {
        Ok(puts) => {
            for (k, v) in puts {
                if k == "java.specification.version" {
                    feature = v.parse().unwrap_or(0);
                }
                t.set(&k, Prop::Value(v));
                version_keys.push(k);
            }
        }
        Err(why) => {
            version_keys = VERSION_KEYS.iter().map(|k| k.to_string()).collect();
            for k in VERSION_KEYS {
                t.set(
                    k,
                    Prop::Unknown(format!("m5 could not read it from the JDK: {why}")),
                );
            }
        }
    }
    let same = |t: &Table, from: &str| match t.get(from) {
        Some(Prop::Value(v)) => Prop::Value(v.clone()),
        _ => Prop::Unknown(format!("{from} is unknown")),
    };
    t.set("java.vm.version", same(&t, "java.runtime.version"));
    t.set("java.vm.vendor", same(&t, "java.vendor"));
    t.set(
        "java.vm.specification.version",
        same(&t, "java.specification.version"),
    );
    t.set(
        "java.vm.specification.name",
        Prop::Value("Java Virtual Machine Specification".into()),
    );
    t.set(
        "java.vm.specification.vendor",
        Prop::Value("Oracle Corporation".into()),
    );
    let hotspot = "it describes HotSpot's own build and ergonomics, which m5 does not read";
    for k in [
        "java.vm.name",
        "java.vm.info",
        "java.vm.compressedOopsMode",
        "sun.management.compiler",
        "jdk.debug",
    ] {
        t.set(k, Prop::Unknown(hotspot.into()));
    }
    match &home {
        Ok(h) => {
            let h = h.display().to_string();
            t.set("java.home", Prop::Value(h.clone()));
            t.set("sun.boot.library.path", Prop::Value(format!("{h}/lib")));
            t.set("java.library.path", library_path(PathBuf::from(&h)));
        }
        Err(why) => {
            for k in ["java.home", "sun.boot.library.path", "java.library.path"] {
                t.set(k, Prop::Unknown(why.clone()));
            }
        }
    }
    arch(&mut t, home.as_deref().ok());
    platform(&mut t);
    // The command line.
    t.set("java.class.path", Prop::Value(cmd.classpath.clone()));
    let mut command = cmd.main.clone();
    for a in &cmd.args {
        command.push(' ');
        command.push_str(a);
    }
    t.set("sun.java.command", Prop::Value(command));
    t.set("sun.java.launcher", Prop::Value("SUN_STANDARD".into()));
    let mut defined: Vec<&str> = Vec::new();
    for (k, v) in &cmd.defines {
        if FIXED.contains(&k.as_str()) || version_keys.contains(k) {
            continue;
        }
        let v = match (k.as_str(), t.get(k)) {
            // The launcher appends to the boot library path.
            ("sun.boot.library.path", Some(Prop::Value(base))) => format!("{base}:{v}"),
            _ => v.clone(),
        };
        t.set(k, Prop::Value(v));
        defined.push(k);
    }
    let loc = locale::detect();
    locale_properties(&mut t, &loc, &defined);
    let charset = |t: &Table, stream: &str| -> Charset {
        match t.get(stream).or_else(|| t.get("file.encoding")) {
            Some(Prop::Value(v)) => Charset::named(v),
            _ => Charset::Other(format!("the encoding is unknown ({stream}, file.encoding)")),
        }
    };
    let stdout = Some(charset(&t, "sun.stdout.encoding"));
    let stderr = Some(charset(&t, "sun.stderr.encoding"));
    let blocked = ["JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS"]
        .iter()
        .find(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()))
        .map(|v| {
            format!("the environment sets {v}, whose options java would apply and m5 does not")
        });
    Host {
        properties: t.0,
        internal: vec![("jdk.boot.class.path.append".into(), String::new())],
        env: std::env::vars_os()
            .map(|(k, v)| {
                (
                    k.to_string_lossy().into_owned(),
                    v.to_string_lossy().into_owned(),
                )
            })
            .collect(),
        blocked,
        stdout,
        stderr,
        feature,
    }
}

/// The host without a command line (for library users that run programs
/// without one): `java.class.path` and `sun.java.command` are unknown.
pub fn process() -> std::sync::Arc<Host> {
    static HOST: OnceLock<std::sync::Arc<Host>> = OnceLock::new();
    HOST.get_or_init(|| {
        let mut h = detect(&CommandLine::default());
        for (k, p) in &mut h.properties {
            if k == "java.class.path" || k == "sun.java.command" {
                *p = Prop::Unknown("this run has no command line".into());
            }
        }
        std::sync::Arc::new(h)
    })
    .clone()
}

#[derive(Default)]
struct Table(Vec<(String, Prop)>);

impl Table {
    fn set(&mut self, k: &str, p: Prop) {
        match self.0.iter_mut().find(|(key, _)| key == k) {
            Some((_, old)) => *old = p,
            None => self.0.push((k.to_string(), p)),
        }
    }
    fn get(&self, k: &str) -> Option<&Prop> {
        self.0.iter().find(|(key, _)| key == k).map(|(_, p)| p)
    }
    fn has(&self, k: &str) -> bool {
        self.get(k).is_some()
    }
}

/// The home of the JDK m5 reads, as its launcher reports it.
fn jdk_home() -> Result<PathBuf, String> {
    let jdk = crate::classfile::jdk::jdk().map_err(|e| e.to_string())?;
    std::fs::canonicalize(&jdk.home).map_err(|e| format!("{}: {e}", jdk.home.display()))
}

/// `java.library.path`: HotSpot on Linux writes it with the format string
/// `"%s%s/usr/java/packages/lib:" DEFAULT_LIBPATH` from `LD_LIBRARY_PATH`
/// (and a colon) when that is set; the rest is compiled into `libjvm.so`
/// (distributions change it), which is read for it.
fn library_path(home: PathBuf) -> Prop {
    let ld = std::env::var("LD_LIBRARY_PATH").ok();
    Prop::Lazy(Box::new(Lazy {
        cell: OnceLock::new(),
        compute: Box::new(move || {
            let lib = jvm_library(&home)?;
            let bytes = std::fs::read(&lib).map_err(|e| format!("{}: {e}", lib.display()))?;
            const HEAD: &[u8] = b"%s%s/usr/java/packages/lib:";
            let found: Vec<usize> = bytes
                .windows(HEAD.len())
                .enumerate()
                .filter(|(_, w)| *w == HEAD)
                .map(|(i, _)| i + 4)
                .collect();
            let [at] = found[..] else {
                return Err(format!(
                    "{} does not have exactly one library path format",
                    lib.display()
                ));
            };
            let end = bytes[at..]
                .iter()
                .position(|&b| b == 0)
                .ok_or("unterminated")?;
            let rest = String::from_utf8_lossy(&bytes[at..at + end]).into_owned();
            Ok(match &ld {
                Some(v) => format!("{v}:{rest}"),
                None => rest,
            })
        }),
    }))
}

/// The JVM library the launcher loads: the first `KNOWN` VM of `lib/jvm.cfg`.
fn jvm_library(home: &Path) -> Result<PathBuf, String> {
    let cfg = home.join("lib/jvm.cfg");
    let text = std::fs::read_to_string(&cfg).map_err(|e| format!("{}: {e}", cfg.display()))?;
    let vm = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            [name, "KNOWN"] => name.strip_prefix('-'),
            _ => None,
        })
        .ok_or_else(|| format!("{}: no KNOWN VM", cfg.display()))?;
    Ok(home.join("lib").join(vm).join("libjvm.so"))
}

/// The properties of the architecture the JDK was built for.
fn arch(t: &mut Table, home: Option<&Path>) {
    let release = home.and_then(|h| std::fs::read_to_string(h.join("release")).ok());
    let os_arch = release
        .as_deref()
        .and_then(|r| {
            r.lines().find_map(|l| {
                l.strip_prefix("OS_ARCH=")
                    .map(|v| v.trim_matches('"').to_string())
            })
        })
        // A release file without it (a jlink image's): the machine the
        // JDK's launcher is built for, from its ELF header.
        .or_else(|| home.and_then(elf_arch));
    // (os.arch, data model, endianness), as the JDK's build names them.
    let known = match os_arch.as_deref() {
        Some("x86_64" | "amd64") => Some(("amd64", "64", "little")),
        Some("aarch64") => Some(("aarch64", "64", "little")),
        Some("riscv64") => Some(("riscv64", "64", "little")),
        Some("ppc64le") => Some(("ppc64le", "64", "little")),
        Some("s390x") => Some(("s390x", "64", "big")),
        _ => None,
    };
    let keys = [
        "os.arch",
        "sun.arch.data.model",
        "sun.cpu.endian",
        "sun.io.unicode.encoding",
    ];
    match known {
        Some((arch, model, endian)) => {
            let unicode = if endian == "little" {
                "UnicodeLittle"
            } else {
                "UnicodeBig"
            };
            for (k, v) in keys.iter().zip([arch, model, endian, unicode]) {
                t.set(k, Prop::Value(v.into()));
            }
        }
        None => {
            let why = format!(
                "the JDK's architecture ({}) is not one m5 knows",
                os_arch.as_deref().unwrap_or("not in its release file")
            );
            for k in keys {
                t.set(k, Prop::Unknown(why.clone()));
            }
        }
    }
}

/// The architecture `home/bin/java` is built for, as a release file
/// names it: the ELF header's machine (and its byte order, which `s390x`
/// and `ppc64le` differ in).
fn elf_arch(home: &Path) -> Option<String> {
    let mut head = [0u8; 20];
    let mut f = std::fs::File::open(home.join("bin").join("java")).ok()?;
    std::io::Read::read_exact(&mut f, &mut head).ok()?;
    if head[..4] != *b"\x7fELF" || head[4] != 2 {
        return None; // not a 64-bit ELF file
    }
    let little = head[5] == 1;
    let machine = if little {
        u16::from_le_bytes([head[18], head[19]])
    } else {
        u16::from_be_bytes([head[18], head[19]])
    };
    Some(
        match (machine, little) {
            (0x3e, true) => "x86_64",
            (0xb7, true) => "aarch64",
            (0xf3, true) => "riscv64",
            (0x15, true) => "ppc64le",
            (0x16, false) => "s390x",
            _ => return None,
        }
        .to_string(),
    )
}

/// The host's properties (Linux).
fn platform(t: &mut Table) {
    let keys = [
        "os.name",
        "os.version",
        "file.separator",
        "path.separator",
        "line.separator",
        "java.io.tmpdir",
        "user.name",
        "user.home",
        "user.dir",
    ];
    if std::env::consts::OS != "linux" {
        let why = format!(
            "m5 describes only Linux hosts, not {}",
            std::env::consts::OS
        );
        for k in keys {
            t.set(k, Prop::Unknown(why.clone()));
        }
        return;
    }
    // SAFETY: uname fills the struct it is given.
    let mut u: libc::utsname = unsafe { std::mem::zeroed() };
    let uname_ok = unsafe { libc::uname(&mut u) } == 0;
    let field = |f: &[libc::c_char]| {
        // SAFETY: uname's fields are NUL-terminated.
        unsafe { std::ffi::CStr::from_ptr(f.as_ptr()) }
            .to_string_lossy()
            .into_owned()
    };
    let uname = |f: &[libc::c_char]| match uname_ok {
        true => Prop::Value(field(f)),
        false => Prop::Unknown("uname failed".into()),
    };
    t.set("os.name", uname(&u.sysname));
    t.set("os.version", uname(&u.release));
    t.set("file.separator", Prop::Value("/".into()));
    t.set("path.separator", Prop::Value(":".into()));
    t.set("line.separator", Prop::Value("\n".into()));
    t.set("java.io.tmpdir", Prop::Value("/tmp".into()));
    let (name, home) = password_entry();
    t.set("user.name", Prop::Value(name));
    t.set("user.home", Prop::Value(home));
    t.set(
        "user.dir",
        match std::env::current_dir() {
            Ok(d) => Prop::Value(d.display().to_string()),
            Err(e) => Prop::Unknown(format!("no working directory: {e}")),
        },
    );
}

/// The user's name and home directory from the password database, "?"
/// where there is none (as the JDK does).
fn password_entry() -> (String, String) {
    // SAFETY: getpwuid returns null or a pointer to a static entry whose
    // strings are copied at once; m5 calls it from one thread at startup.
    unsafe {
        let pw = libc::getpwuid(libc::getuid());
        if pw.is_null() {
            return ("?".into(), "?".into());
        }
        let s = |p: *const libc::c_char| {
            if p.is_null() {
                "?".to_string()
            } else {
                std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        };
        (s((*pw).pw_name), s((*pw).pw_dir))
    }
}

/// One part of a locale.
type Pick = fn(&locale::Parts) -> &Option<String>;

/// The encodings and the locale's parts, as `SystemProps.initProperties`
/// fills them in: the encodings from the platform, `file.encoding` only
/// if the command line did not set it; each locale part from the display
/// locale unless the command line set it, and `KEY.format` when the
/// format locale differs.
fn locale_properties(t: &mut Table, loc: &locale::Locale, defined: &[&str]) {
    let enc = match &loc.encoding {
        Ok(e) => Prop::Value(e.clone()),
        Err(why) => Prop::Unknown(why.clone()),
    };
    let copy = |p: &Prop| match p {
        Prop::Value(v) => Prop::Value(v.clone()),
        Prop::Unknown(w) => Prop::Unknown(w.clone()),
        Prop::Lazy(_) => unreachable!("an encoding is never lazy"),
    };
    t.set("sun.jnu.encoding", copy(&enc));
    t.set("native.encoding", copy(&enc));
    if !t.has("file.encoding") {
        t.set("file.encoding", copy(&enc));
    }
    // SAFETY: isatty only inspects the descriptor.
    let tty = |fd| unsafe { libc::isatty(fd) } == 1;
    for (fd, key) in [(1, "sun.stdout.encoding"), (2, "sun.stderr.encoding")] {
        if tty(fd) && !t.has(key) {
            t.set(key, copy(&enc));
        }
    }
    let part = |p: &Result<locale::Parts, String>, pick: Pick| {
        p.as_ref().map(|p| pick(p).clone()).map_err(Clone::clone)
    };
    let pickers: [(&str, Pick); 4] = [
        ("user.language", |p| &p.language),
        ("user.script", |p| &p.script),
        ("user.country", |p| &p.country),
        ("user.variant", |p| &p.variant),
    ];
    for (base, pick) in pickers {
        if defined.contains(&base) {
            continue;
        }
        let display = part(&loc.display, pick);
        let format = part(&loc.format, pick);
        let unknown = |why: &String| Prop::Unknown(why.clone());
        match &display {
            Ok(Some(d)) => t.set(base, Prop::Value(d.clone())),
            Ok(None) => {}
            Err(why) => t.set(base, unknown(why)),
        }
        let key = format!("{base}.format");
        match (&display, &format) {
            (Ok(d), Ok(Some(f))) if d.as_ref() != Some(f) => t.set(&key, Prop::Value(f.clone())),
            (Ok(_), Ok(_)) => {}
            (Err(why), _) | (_, Err(why)) => t.set(&key, unknown(why)),
        }
    }
}
