//! What the JVM reports about itself, the machine and its command line:
//! the initial system properties and the environment, one table per run
//! (`Config::host`). `interp::host` derives it from the JDK m5 reads, the
//! host and the command line; the natives behind `System.getProperty`,
//! `System.getProperties`, `System.getenv` and `System.out`'s charset all
//! read this one table.
//!
//! A property `java` sets whose value m5 cannot know is `Unknown`, with the
//! reason: reading it stops the run ("not modeled"), never a made-up value.

use std::sync::OnceLock;

pub mod detect;
pub mod locale;
pub mod version;

pub use detect::{CommandLine, DefineError, detect, parse_define, process};

/// One initial system property.
#[derive(Debug)]
pub enum Prop {
    Value(String),
    /// `java` sets it, but m5 cannot say to what: reading it is an error.
    Unknown(String),
    /// Worked out on first use (it costs a file read): the value or why not.
    Lazy(Box<Lazy>),
}

/// A property worked out on first use.
pub struct Lazy {
    pub cell: OnceLock<Result<String, String>>,
    pub compute: Box<dyn Fn() -> Result<String, String> + Send + Sync>,
}

impl std::fmt::Debug for Lazy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Lazy({:?})", self.cell.get())
    }
}

/// How `System.out` or `System.err` encodes characters: the charset the
/// JDK picks from `sun.stdout.encoding` (`sun.stderr.encoding`), else
/// `file.encoding`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Charset {
    Utf8,
    /// US-ASCII: every other character is written as `?`.
    Ascii,
    /// ISO-8859-1: characters above U+00FF are written as `?`.
    Latin1,
    /// Any other charset: m5 does not model it (the name, or why unknown).
    Other(String),
}

impl Charset {
    /// The charset a JDK charset name or alias stands for (ASCII case
    /// ignored, as `Charset.forName` does).
    pub fn named(name: &str) -> Charset {
        let n = name.to_ascii_lowercase();
        match n.as_str() {
            "utf-8" | "utf8" | "unicode-1-1-utf-8" => Charset::Utf8,
            "us-ascii" | "ascii" | "ansi_x3.4-1968" | "ansi_x3.4-1986" | "iso646-us" | "646"
            | "iso_646.irv:1991" | "iso_646.irv:1983" | "iso-ir-6" | "us" | "ibm367" | "cp367"
            | "csascii" | "default" => Charset::Ascii,
            "iso-8859-1" | "iso8859-1" | "iso8859_1" | "iso_8859-1" | "iso_8859_1"
            | "iso_8859-1:1987" | "8859_1" | "latin1" | "l1" | "ibm819" | "ibm-819" | "cp819"
            | "819" | "csisolatin1" | "iso-ir-100" => Charset::Latin1,
            _ => Charset::Other(name.to_string()),
        }
    }
}

/// Why a property or the environment cannot be answered as the JVM would.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotModeled(pub String);

/// (key, value) of the known properties, and the keys of the unknown ones.
pub type KnownAndUnknown<'a> = (Vec<(&'a str, &'a str)>, Vec<&'a str>);

/// The run's initial system properties and environment.
#[derive(Debug, Default)]
pub struct Host {
    /// The system properties `java` would start with, in no particular
    /// order (keys are unique).
    pub properties: Vec<(String, Prop)>,
    /// Properties the JVM keeps only among the JDK's saved properties
    /// (`VM.getSavedProperty`), not among the system properties (they
    /// count in the capacity the JDK gives `System.getProperties()`).
    pub internal: Vec<(String, String)>,
    /// The environment (`System.getenv`), in the process's order.
    pub env: Vec<(String, String)>,
    /// When set, no property can be answered (the environment gives `java`
    /// options m5 does not apply): the reason.
    pub blocked: Option<String>,
    /// What `System.out` and `System.err` encode with.
    pub stdout: Option<Charset>,
    pub stderr: Option<Charset>,
    /// The JDK's feature release (`java.specification.version`; 0 when
    /// unknown, taken as 17): what the JVM itself does differently across
    /// releases (`Double.toString` from 19) follows it.
    pub feature: u32,
}

impl Host {
    /// The JDK is release `feature` or later (an unknown one counts as 17).
    pub fn since(&self, feature: u32) -> bool {
        self.feature.max(17) >= feature
    }

    /// JDK 19 and later: `Double.toString` and `Float.toString` give the
    /// shortest decimal (`javafmt::double_to_string_shortest`).
    pub fn shortest_floats(&self) -> bool {
        self.since(19)
    }
}

impl Host {
    /// The initial value of system property `key`: `Ok(None)` if `java`
    /// would not set it.
    pub fn property(&self, key: &str) -> Result<Option<&str>, NotModeled> {
        if let Some(why) = &self.blocked {
            return Err(NotModeled(format!("system property {key:?}: {why}")));
        }
        match self.properties.iter().find(|(k, _)| k == key) {
            None => Ok(None),
            Some((_, p)) => value(key, p).map(Some),
        }
    }

    /// The properties with known values, and the keys of the others.
    pub fn known_and_unknown(&self) -> Result<KnownAndUnknown<'_>, NotModeled> {
        if let Some(why) = &self.blocked {
            return Err(NotModeled(format!("System.getProperties(): {why}")));
        }
        let (mut known, mut unknown) = (Vec::new(), Vec::new());
        for (k, p) in &self.properties {
            match value(k, p) {
                Ok(v) => known.push((k.as_str(), v)),
                Err(_) => unknown.push(k.as_str()),
            }
        }
        Ok((known, unknown))
    }

    /// Why property `key` has no known value (`None` if it has one or is
    /// not set).
    pub fn why_unknown(&self, key: &str) -> Option<String> {
        self.property(key).err().map(|e| e.0)
    }

    /// Environment variable `name`.
    pub fn getenv(&self, name: &str) -> Option<&str> {
        self.env
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The charset of `System.out` (fd 1) or `System.err` (fd 2).
    pub fn charset(&self, fd: i32) -> Charset {
        let c = if fd == 2 { &self.stderr } else { &self.stdout };
        c.clone().unwrap_or(Charset::Utf8)
    }
}

fn value<'a>(key: &str, p: &'a Prop) -> Result<&'a str, NotModeled> {
    match p {
        Prop::Value(v) => Ok(v),
        Prop::Unknown(why) => Err(NotModeled(format!("system property {key:?}: {why}"))),
        Prop::Lazy(l) => l
            .cell
            .get_or_init(|| (l.compute)())
            .as_deref()
            .map_err(|why| NotModeled(format!("system property {key:?}: {why}"))),
    }
}
