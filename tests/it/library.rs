//! m5's model library: every native method it declares has a Rust
//! implementation, except the ones documented as not modeled.

use m5::classfile::{ClassPath, ClassTable};

/// Natives the library declares but m5 deliberately does not model: calling
/// one is a clear "not modeled" error naming it.
const NOT_MODELED: &[&str] = &[];

#[test]
fn every_library_native_is_bound() {
    let t = ClassTable::load(&ClassPath::default(), &[], &m5::interp::natives::bind)
        .expect("library loads");
    let mut unbound = Vec::new();
    // The JDK's classes a model class extends (SystemProperties is a
    // java.util.Properties) come with it; their natives are not the model's.
    for m in t.methods.iter().filter(|m| !t.class(m.class).from_jdk) {
        if m.is_native() && m.native.is_none() {
            let name = format!("{}.{}{}", m.class_name, m.name, m.desc);
            if !NOT_MODELED.contains(&name.as_str()) {
                unbound.push(name);
            }
        }
    }
    assert!(
        unbound.is_empty(),
        "natives without an implementation: {unbound:#?}"
    );
    let bound = t.methods.iter().filter(|m| m.native.is_some()).count();
    assert!(bound >= 50, "only {bound} natives bound");
}

#[test]
fn every_native_in_the_table_exists_in_the_library() {
    // Natives of newer JDKs' classes (21, 25), which JDK 17 lacks.
    const NEWER: &[(&str, &str, &str)] = &[
        ("jdk/internal/misc/CDS", "getCDSConfigStatus", "()I"),
        ("jdk/internal/vm/ContinuationSupport", "isSupported0", "()Z"),
    ];
    // The JDK's classes the table names are read from the user's JDK (a
    // newer JDK's class only where this JDK has it).
    let jdk = m5::classfile::jdk::jdk().expect("a JDK");
    let roots: Vec<&str> = m5::interp::natives::NATIVES
        .iter()
        .filter(|(class, ..)| !NEWER.iter().any(|n| n.0 == *class) || jdk.has(class))
        .map(|(class, ..)| *class)
        .collect();
    let t = ClassTable::load(&ClassPath::default(), &roots, &m5::interp::natives::bind)
        .expect("library and the JDK classes load");
    for (class, name, desc, _) in m5::interp::natives::NATIVES.iter() {
        let Some(c) = t.id(class) else {
            assert!(NEWER.contains(&(class, name, desc)), "no class {class}");
            continue;
        };
        let Some(m) = t.declared_method(c, name, desc) else {
            assert!(
                NEWER.contains(&(class, name, desc)) && t.class(c).from_jdk,
                "no method {class}.{name}{desc}"
            );
            continue;
        };
        // A JDK method m5 answers itself need not be native in the JDK;
        // it is bound, and so native, here.
        assert!(m.is_native(), "{class}.{name}{desc} is not native");
        if !t.class(c).from_jdk {
            assert!(
                m.flags & 0x0100 != 0,
                "{class}.{name}{desc} is not declared native in the model"
            );
        }
    }
}

/// docs/library.md is the table of the Java library m5 provides, generated
/// from the embedded classes; `M5_BLESS=1` regenerates it.
#[test]
fn library_table_is_up_to_date() {
    use m5::state::print::java_type;
    let t = ClassTable::load(&ClassPath::default(), &[], &m5::interp::natives::bind)
        .expect("library loads");
    let mut classes: Vec<_> = t
        .classes
        .iter()
        .filter(|c| c.from_library && !c.from_jdk)
        .collect();
    classes.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = String::from(
        "# The Java library m5 provides\n\n\
         m5 runs the JDK's own bytecode for most of the library, as Java PathFinder does:\n\n\
         - **From the JDK** (read at run time from `$JAVA_HOME/lib/modules` or `jmods/java.base.jmod`, or the JDK of the\n  \
         `java` on PATH; nothing of the JDK is in m5): every class of `java.base` that m5 does not\n  \
         model, such as `java.util` (collections, `Objects`, `Optional`, `Formatter`), `java.util.function`,\n  \
         `java.util.stream`, `java.util.regex`, `java.util.concurrent` with its atomics and locks,\n  \
         `java.lang.Iterable`, `java.lang.Record`, `java.lang.CharacterData` (Unicode tables);\n  \
         from the runtime image, also the classes of the JDK's other modules (`java.util.logging`,\n  \
         `java.sql`, ...: a class not in java.base is looked for in the module whose classes have its\n  \
         package). Their loader and module are answered as HotSpot does where m5 knows them: a class\n  \
         of a module the bootstrap loader defines (the JDK's own `ModuleLoaderMap` lists them) has\n  \
         no class loader and no protection domain, and a `ClassCastException` names its module and\n  \
         loader (`bootstrap` or `platform`); its `Module` object, and the platform loader, are not\n  \
         modeled: asking stops the run, naming the class and its module (`java.sql.SQLException`'s\n  \
         initializer does, through `AtomicReferenceFieldUpdater`).\n\
         - **Modelled** (the table below: Java in `src/library/java`, interpreted like user code): the\n  \
         classes bound to the VM (`Object`, `Class`, `Thread`, `System`, `Throwable` and the\n  \
         exceptions the VM throws, `String`, `StringBuilder`, the boxes, `Math`, `Enum`,\n  \
         `PrintStream`, `ref.Reference`, `invoke.VarHandle`, `reflect.Field`, `reflect.Method`,\n  \
         `reflect.Constructor`).\n\
         - **Native** (Rust, `src/interp/natives/`; marked *native* below, contracts in\n  \
         `src/library/NATIVES.md`): identity, monitors, `wait`/`notify`, threads, interrupts,\n  \
         printing, floating-point text; beneath the JDK's classes, `Unsafe`'s memory accesses by\n  \
         offset and compare-and-set, `LockSupport`'s `park`/`unpark`, `VarHandle` accesses,\n  \
         `System.arraycopy`, `java.lang.reflect.Array`, and the few JDK methods m5 answers itself\n  \
         (`SharedSecrets.getJavaLangAccess`, `Lookup.findVarHandle`, ...).\n\n\
         Lambdas, method references, string concatenation and records' `toString`/`equals`/`hashCode`\n\
         are compiled by m5 when it reads a class (no `invokedynamic` is left to run).\n\
         Time is a virtual clock (`src/interp/clock.rs`): `currentTimeMillis` and `nanoTime` read it\n\
         (each read moves it on by 1 µs); `sleep`, timed waits, timed joins and timed parks end by\n\
         timing out, at any step in a search, and move it to their deadline.\n\
         Reflection is `Class`'s lookups of methods, constructors and fields (`getMethod(s)`,\n\
         `getDeclaredMethod(s)`, `getConstructor(s)`, `getDeclaredConstructor(s)`, `getField(s)`,\n\
         `getDeclaredField(s)`), its structure (`getModifiers`, `getInterfaces`, nesting, enums,\n\
         sealed classes, nest hosts, records' components), `Method.invoke`, `Constructor.newInstance`,\n\
         `Field.get`/`set` and their primitive forms (JDK 17's access checks, conversions and messages;\n\
         through `Unsafe`, so the program's own access for the explorer and the race checker) and\n\
         `java.lang.reflect.Array`; annotations and generic signatures are not modeled, nor is anything else\n\
         (`MethodHandle`s, files, sockets): a program that reaches it stops with an error naming it,\n\
         never a guess.\n\n\
         Generated from `src/library/java` by `tests/it/library.rs` (`M5_BLESS=1 cargo test --release --test it -- library::`).\n\n\
         | class | extends | methods |\n|---|---|---|\n",
    );
    for c in classes {
        let sup = c
            .super_id
            .map(|s| t.class(s).name.replace('/', "."))
            .unwrap_or_default();
        let mut methods: Vec<String> = c
            .methods
            .iter()
            .map(|m| t.method(*m))
            .filter(|m| m.flags & 0x0002 == 0 && &*m.name != "<clinit>")
            .map(|m| {
                let params: Vec<String> = m5::classfile::param_descs(&m.desc)
                    .iter()
                    .map(|p| java_type(p))
                    .collect();
                let name = if &*m.name == "<init>" {
                    "new".to_string()
                } else {
                    m.name.to_string()
                };
                let native = if m.is_native() { " *native*" } else { "" };
                format!(
                    "`{}{name}({})`{native}",
                    if m.is_static() { "static " } else { "" },
                    params.join(", ")
                )
            })
            .collect();
        methods.sort();
        methods.dedup();
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            c.name.replace('/', "."),
            sup,
            methods.join(", ")
        ));
    }
    // The file's last section, the coverage table, is coverage.rs's.
    let path = "docs/library.md";
    let tail = |text: &str| {
        text.find(crate::coverage::SECTION)
            .map(|i| text[i..].to_string())
            .unwrap_or_default()
    };
    if std::env::var_os("M5_BLESS").is_some() {
        let old = std::fs::read_to_string(path).unwrap_or_default();
        std::fs::write(path, format!("{out}{}", tail(&old))).unwrap();
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    let head = &on_disk[..on_disk.len() - tail(&on_disk).len()];
    assert!(
        head == out,
        "{path} is out of date: run M5_BLESS=1 cargo test --release --test it -- library::"
    );
}
