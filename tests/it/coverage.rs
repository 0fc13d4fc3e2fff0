//! How much of `java.lang`'s public API m5 has: for each class of
//! `CLASSES`, every public and protected member the JDK's own class file
//! declares (read through m5's JDK reader), and whether m5 has it:
//!
//! * **modeled**: m5's model class has it (declared, or inherited from a
//!   model supertype), with a body that can return (not a bare stop such
//!   as `notModeled(...)`), or a Rust native implements it;
//! * **delegated**: m5 runs the JDK's own bytecode for it (the class is
//!   not modeled, or the model inherits the member from a JDK class);
//! * **missing**: neither; a call stops the run with "not modeled".
//!
//! The table is the last section of docs/library.md; `M5_BLESS=1`
//! regenerates it. It is measured against JDK 17's class files (the JDK
//! the project's figures are for); on another JDK the test says so and
//! only checks that the measure runs.

use std::collections::BTreeMap;

use m5::classfile::{ClassPath, ClassTable, Insn, MethodRef};
use m5::state::print::java_type;

/// The classes the coverage is measured for (issue 39's list).
const CLASSES: &[&str] = &[
    "java/lang/String",
    "java/lang/StringBuilder",
    "java/lang/StringBuffer",
    "java/lang/Character",
    "java/lang/Integer",
    "java/lang/Long",
    "java/lang/Short",
    "java/lang/Byte",
    "java/lang/Double",
    "java/lang/Float",
    "java/lang/Boolean",
    "java/lang/Math",
    "java/lang/StrictMath",
    "java/lang/Object",
    "java/lang/Thread",
    "java/lang/System",
    "java/lang/Enum",
    "java/lang/Record",
    "java/lang/Throwable",
    "java/lang/Class",
];

/// Where docs/library.md's coverage section begins.
pub const SECTION: &str = "\n## Coverage of the JDK's java.lang\n";

const ACC_PUBLIC: u16 = 0x0001;
const ACC_PROTECTED: u16 = 0x0004;
const ACC_STATIC: u16 = 0x0008;
const ACC_BRIDGE: u16 = 0x0040;
const ACC_NATIVE: u16 = 0x0100;
const ACC_SYNTHETIC: u16 = 0x1000;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Has {
    Modeled,
    Delegated,
    Missing,
}

/// One public or protected member of a JDK class.
struct Member {
    /// How the table names it: `static parseInt(java.lang.String, int)`,
    /// `field MAX_VALUE`.
    shown: String,
    has: Has,
}

/// The JDK's class file of `name`, parsed.
fn jdk_class(name: &str) -> Vec<u8> {
    let jdk = m5::classfile::jdk::jdk().expect("a JDK");
    jdk.find(name)
        .expect("the JDK's library reads")
        .unwrap_or_else(|| panic!("the JDK has no {name}"))
        .1
}

fn shown_method(name: &str, desc: &str, flags: u16) -> String {
    let params: Vec<String> = m5::classfile::param_descs(desc)
        .iter()
        .map(|p| java_type(p))
        .collect();
    let name = if name == "<init>" { "new" } else { name };
    let stat = if flags & ACC_STATIC != 0 {
        "static "
    } else {
        ""
    };
    format!("{stat}{name}({})", params.join(", "))
}

/// Can a call of the method return normally? A body with no `return`
/// always throws or stops; one that calls a `notModeled` native on its
/// only path (no branch at all) stops.
fn can_return(code: &[Insn]) -> bool {
    let returns = code.iter().any(|i| matches!(i, Insn::Return(_)));
    let branches = code.iter().any(|i| {
        matches!(
            i,
            Insn::If(..)
                | Insn::IfIcmp(..)
                | Insn::IfAcmp(..)
                | Insn::IfNull(..)
                | Insn::Goto(_)
                | Insn::Switch(_)
        )
    });
    let stops = code
        .iter()
        .any(|i| matches!(i, Insn::Invoke(_, m) if is_not_modeled(m)));
    returns && (!stops || branches)
}

fn is_not_modeled(m: &MethodRef) -> bool {
    &*m.name == "notModeled"
}

/// Does the JDK's own method (its bytecode, parsed by m5) return?
fn jdk_returns(raw: &m5::classfile::parse::RawClass, name: &str, desc: &str) -> bool {
    raw.methods
        .iter()
        .find(|m| &*m.name == name && &*m.desc == desc)
        .is_none_or(|m| m.code.is_empty() || m.code.iter().any(|i| matches!(i, Insn::Return(_))))
}

/// What m5 has of method `name desc` of model class `c`.
fn model_method(
    t: &ClassTable,
    c: m5::classfile::ClassId,
    name: &str,
    desc: &str,
    jdk_returns: bool,
) -> Has {
    let found = if name == "<init>" {
        t.declared_method(c, name, desc).map(|m| m.id)
    } else {
        t.resolve_method(c, name, desc)
    };
    let Some(id) = found else {
        return Has::Missing;
    };
    let m = t.method(id);
    if t.class(m.class).from_jdk {
        // Inherited from a JDK class the model extends: its bytecode.
        return if m.is_native() && m.native.is_none() {
            Has::Missing
        } else {
            Has::Delegated
        };
    }
    if m.is_native() {
        return if m.native.is_some() {
            Has::Modeled
        } else {
            Has::Missing
        };
    }
    if m.is_abstract() || can_return(&m.code) || !jdk_returns {
        Has::Modeled
    } else {
        Has::Missing
    }
}

/// Does model class `c` (or a supertype: field resolution, JVMS 5.4.3.2,
/// looks in superinterfaces too) declare field `name desc`?
fn model_field(t: &ClassTable, c: m5::classfile::ClassId, name: &str, desc: &str) -> bool {
    let class = t.class(c);
    let itfs = class.all_interfaces.iter();
    class.supers.iter().chain(itfs).any(|&s| {
        let k = t.class(s);
        k.statics.iter().any(|f| &*f.0 == name && &*f.1 == desc)
            || k.layout
                .iter()
                .any(|f| f.declaring == s && &*f.name == name && &*f.desc == desc)
    })
}

/// The members of JDK class `name` and what m5 has of each.
fn members(t: &ClassTable, name: &str) -> (bool, Vec<Member>) {
    let bytes = jdk_class(name);
    let cf = cafebabe::parse_class(&bytes).expect("the JDK's class file parses");
    let raw = m5::classfile::parse::parse_class(name, &bytes).expect("m5 parses the JDK's class");
    let model = m5::classfile::library::lookup(name).is_some();
    let c = t.id(name).expect("the class loads");
    assert_eq!(t.class(c).from_jdk, !model, "{name}: model or JDK");
    let mut out = Vec::new();
    for f in &cf.fields {
        let flags = f.access_flags.bits();
        if flags & (ACC_PUBLIC | ACC_PROTECTED) == 0 || flags & ACC_SYNTHETIC != 0 {
            continue;
        }
        let desc = f.descriptor.to_string();
        let has = if !model {
            Has::Delegated
        } else if model_field(t, c, &f.name, &desc) {
            Has::Modeled
        } else {
            Has::Missing
        };
        let stat = if flags & ACC_STATIC != 0 {
            "static "
        } else {
            ""
        };
        out.push(Member {
            shown: format!("{stat}field {}", f.name),
            has,
        });
    }
    for m in &cf.methods {
        let flags = m.access_flags.bits();
        if flags & (ACC_PUBLIC | ACC_PROTECTED) == 0
            || flags & (ACC_SYNTHETIC | ACC_BRIDGE) != 0
            || m.name == "<clinit>"
        {
            continue;
        }
        let desc = m.descriptor.to_string();
        let has = if model {
            model_method(t, c, &m.name, &desc, jdk_returns(&raw, &m.name, &desc))
        } else if flags & ACC_NATIVE == 0 {
            Has::Delegated
        } else if m5::interp::natives::bind(name, &m.name, &desc, true).is_some() {
            Has::Modeled
        } else {
            Has::Missing
        };
        out.push(Member {
            shown: shown_method(&m.name, &desc, flags),
            has,
        });
    }
    out.sort_by(|a, b| a.shown.cmp(&b.shown));
    (model, out)
}

/// The JDK's class-file major version (61: JDK 17).
fn jdk_major() -> u16 {
    let bytes = jdk_class("java/lang/Object");
    cafebabe::parse_class(&bytes).expect("parses").major_version
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "100.0".into();
    }
    format!("{:.1}", part as f64 * 100.0 / whole as f64)
}

/// The coverage section of docs/library.md.
fn table() -> (String, usize, usize) {
    let t = ClassTable::load(&ClassPath::default(), CLASSES, &m5::interp::natives::bind)
        .expect("the library and the JDK's classes load");
    let mut rows = String::new();
    let mut missing_lists = String::new();
    let (mut all, mut covered) = (0, 0);
    for name in CLASSES {
        let (model, ms) = members(&t, name);
        let mut counts: BTreeMap<Has, usize> = BTreeMap::new();
        for m in &ms {
            *counts.entry(m.has).or_default() += 1;
        }
        let count = |h| counts.get(&h).copied().unwrap_or(0);
        let ok = count(Has::Modeled) + count(Has::Delegated);
        all += ms.len();
        covered += ok;
        let dotted = name.replace('/', ".");
        rows.push_str(&format!(
            "| `{dotted}` | {} | {} | {} | {} | {} | {} % |\n",
            if model { "model" } else { "JDK" },
            ms.len(),
            count(Has::Modeled),
            count(Has::Delegated),
            count(Has::Missing),
            percent(ok, ms.len())
        ));
        let missing: Vec<String> = ms
            .iter()
            .filter(|m| m.has == Has::Missing)
            .map(|m| format!("`{}`", m.shown))
            .collect();
        if !missing.is_empty() {
            missing_lists.push_str(&format!("- `{dotted}`: {}\n", missing.join(", ")));
        }
    }
    let mut out = String::from(SECTION);
    out.push_str(
        "\nEvery public and protected member (methods with their descriptors, constructors,\n\
         fields; not bridges or synthetic members) that JDK 17's own class files declare, and\n\
         whether m5 has it: *modeled* (m5's model class has it with a body that can return, or a\n\
         Rust native implements it), *delegated* (m5 runs the JDK's own bytecode for it; what that\n\
         bytecode reaches may still stop as not modeled), or *missing* (a call stops the run\n\
         with \"not modeled\", naming it). Generated from the JDK's class files by\n\
         `tests/it/coverage.rs` (`M5_BLESS=1 cargo test --release --test it -- coverage::`).\n\n\
         | class | m5 runs | members | modeled | delegated | missing | covered |\n\
         |---|---|---|---|---|---|---|\n",
    );
    out.push_str(&rows);
    out.push_str(&format!(
        "| **all** | | {all} | | | {} | **{} %** |\n",
        all - covered,
        percent(covered, all)
    ));
    if !missing_lists.is_empty() {
        out.push_str("\nMissing members:\n\n");
        out.push_str(&missing_lists);
    }
    (out, covered, all)
}

/// docs/library.md's last section is the coverage table, generated from
/// the JDK's class files; `M5_BLESS=1` regenerates it.
#[test]
fn coverage_table_is_up_to_date() {
    let (section, covered, all) = table();
    assert!(all > 1000, "only {all} members read from the JDK");
    assert!(covered * 2 > all, "coverage fell to {covered}/{all}");
    if jdk_major() != 61 {
        eprintln!("the JDK is not JDK 17: the table (for JDK 17) is not compared");
        return;
    }
    let path = "docs/library.md";
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    let head = on_disk
        .split(SECTION)
        .next()
        .unwrap_or_default()
        .to_string();
    let want = format!("{head}{section}");
    if std::env::var_os("M5_BLESS").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == want,
        "{path}'s coverage table is out of date: run M5_BLESS=1 cargo test --release --test it -- coverage::"
    );
}

/// The measure is truthful about stops: a model method whose only path
/// calls `notModeled` cannot return; one with another path can.
#[test]
fn a_bare_stop_is_not_coverage() {
    let t = ClassTable::load(&ClassPath::default(), &[], &m5::interp::natives::bind)
        .expect("library loads");
    let s = t.id("java/lang/String").unwrap();
    // getBytes(String) stops only for charsets m5 lacks: it can return.
    let m = t
        .declared_method(s, "getBytes", "(Ljava/lang/String;)[B")
        .unwrap();
    assert!(can_return(&m.code));
    // A body whose only path is the stop cannot, though a return follows it.
    let stop = Insn::Invoke(
        m5::classfile::InvokeKind::Static,
        Box::new(MethodRef {
            class: "java/lang/String".into(),
            name: "notModeled".into(),
            desc: "(Ljava/lang/String;)V".into(),
            arg_slots: 1,
            selector: 0,
            resolved: None,
            target: None,
            owner: None,
        }),
    );
    assert!(!can_return(&[
        Insn::AconstNull,
        stop.clone(),
        Insn::Return(None)
    ]));
    assert!(can_return(&[
        Insn::IfNull(true, 3),
        stop,
        Insn::Return(None)
    ]));
    // A body without a return always throws.
    assert!(!can_return(&[Insn::AconstNull, Insn::Athrow]));
}
