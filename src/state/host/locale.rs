//! The locale properties (`user.language`, `user.country`, ...) and the
//! platform encoding, as the JDK's launcher works them out on Linux: it
//! calls `setlocale(LC_ALL, "")` (which leaves every category at "C" when
//! the environment names a locale the system lacks), takes the encoding
//! from `nl_langinfo(CODESET)` of the `LC_CTYPE` locale, the "format"
//! locale from the `LC_CTYPE` locale's name and the "display" locale from
//! the `LC_MESSAGES` locale's name.
//!
//! m5 asks libc the same (without changing its own locale). Names other
//! than C, POSIX and C.UTF-8 go through the JDK's tables of locale aliases
//! and ISO codes, which m5 does not reproduce: their language, country,
//! script and variant are unknown.

use std::ffi::CStr;

/// A locale's parts as the JDK reports them (`None`: not set).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Parts {
    pub language: Option<String>,
    pub script: Option<String>,
    pub country: Option<String>,
    pub variant: Option<String>,
}

/// What the launcher finds: the encoding, and the display (`LC_MESSAGES`)
/// and format (`LC_CTYPE`) locales' parts, or why they are unknown.
#[derive(Clone, Debug)]
pub struct Locale {
    pub encoding: Result<String, String>,
    pub display: Result<Parts, String>,
    pub format: Result<Parts, String>,
}

/// The first of the environment variables `names` that is set and not empty.
fn first_set(names: &[&str]) -> Option<String> {
    names
        .iter()
        .find_map(|n| std::env::var(n).ok().filter(|v| !v.is_empty()))
}

pub fn detect() -> Locale {
    // SAFETY: newlocale with an empty name reads the environment and
    // returns a new locale object or null; the object is freed below and
    // the process's own locale is not changed.
    let ctype = unsafe { libc::newlocale(libc::LC_ALL_MASK, c"".as_ptr(), std::ptr::null_mut()) };
    let installed = !ctype.is_null();
    let (ctype_name, messages_name) = if installed {
        (
            first_set(&["LC_ALL", "LC_CTYPE", "LANG"]).unwrap_or_else(|| "C".into()),
            first_set(&["LC_ALL", "LC_MESSAGES", "LANG"]).unwrap_or_else(|| "C".into()),
        )
    } else {
        ("C".into(), "C".into())
    };
    let encoding = if installed {
        // SAFETY: ctype is a valid locale object; nl_langinfo_l returns a
        // string owned by it, copied before the object is freed.
        let raw = unsafe {
            let p = libc::nl_langinfo_l(libc::CODESET, ctype);
            let s = (!p.is_null()).then(|| CStr::from_ptr(p).to_string_lossy().into_owned());
            libc::freelocale(ctype);
            s
        };
        raw.map(|c| jdk_encoding(&c))
            .ok_or_else(|| format!("libc gives no codeset for the locale {ctype_name:?}"))
    } else {
        Ok("ANSI_X3.4-1968".to_string())
    };
    Locale {
        encoding,
        display: parts(&messages_name),
        format: parts(&ctype_name),
    }
}

/// The JDK's name for a libc codeset.
fn jdk_encoding(codeset: &str) -> String {
    match codeset {
        "646" => "ISO646-US".into(),
        "" => "ISO8859-1".into(),
        "EUC-JP" => "EUC-JP-LINUX".into(),
        c => c.into(),
    }
}

/// The parts of a locale name, for the names m5 knows.
fn parts(name: &str) -> Result<Parts, String> {
    match name {
        "C" | "POSIX" => Ok(Parts {
            language: Some("en".into()),
            country: Some("US".into()),
            ..Parts::default()
        }),
        "C.UTF-8" | "C.utf8" => Ok(Parts {
            language: Some("en".into()),
            ..Parts::default()
        }),
        _ => Err(format!(
            "the locale {name:?}: m5 knows the language and country only of the C, POSIX and C.UTF-8 locales"
        )),
    }
}
