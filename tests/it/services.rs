//! Service providers the JDK's modules declare (`classfile::services`,
//! the `ServicesCatalog.findServices` peer): read from `module-info`
//! `provides` clauses, and a lookup that the booted JVM would answer with
//! a provider stops the run (exit 2, naming it) instead of answering none.

use std::path::Path;
use std::process::Command;

use crate::common::{self, m5};

/// `provides` clauses of a module javac compiled, in their order, by
/// service, with the module's name.
#[test]
fn providers_are_read_from_module_info() {
    if !common::have("javac", "-version") {
        return;
    }
    let dir = common::fresh_dir("services", "module");
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("p")).unwrap();
    std::fs::write(
        src.join("module-info.java"),
        "module m { provides java.lang.Runnable with p.B, p.A; provides p.S with p.A; }",
    )
    .unwrap();
    std::fs::write(
        src.join("p/A.java"),
        "package p; public class A implements Runnable, S { public void run() {} }",
    )
    .unwrap();
    std::fs::write(
        src.join("p/B.java"),
        "package p; public class B implements Runnable { public void run() {} }",
    )
    .unwrap();
    std::fs::write(src.join("p/S.java"), "package p; public interface S {}").unwrap();
    let out = dir.join("out");
    let st = common::javac()
        .arg("-d")
        .arg(&out)
        .args(["module-info.java", "p/A.java", "p/B.java", "p/S.java"].map(|f| src.join(f)))
        .status()
        .unwrap();
    assert!(st.success(), "javac");
    let info = std::fs::read(out.join("module-info.class")).unwrap();
    let got = m5::classfile::services::providers(vec![("m".into(), info)]).unwrap();
    let pairs = |names: &[&str]| -> Vec<(String, String)> {
        names
            .iter()
            .map(|n| ("m".to_string(), n.to_string()))
            .collect()
    };
    assert_eq!(got["java.lang.Runnable"], pairs(&["p.B", "p.A"]));
    assert_eq!(got["p.S"], pairs(&["p.A"]));
    assert_eq!(got.len(), 2);
}

/// `DecimalFormatSymbols` finds the JDK's locale data through
/// `ServiceLoader` (`LocaleDataMetaInfo`, provided by `jdk.localedata`):
/// on a JDK whose modules provide it, m5 stops, naming the service and its
/// providers, rather than run on as though there were none (which would
/// print the root locale's symbols where java prints another locale's).
#[test]
fn a_service_the_jdk_provides_is_never_answered_none() {
    if !common::have("javac", "-version") {
        return;
    }
    let dir = common::javac_main(
        "services-dfs",
        r#"
public class Main {
    public static void main(String[] args) {
        java.text.DecimalFormatSymbols d = java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT);
        System.out.println(d.getZeroDigit());
    }
}
"#,
    );
    let homes: Vec<Option<std::path::PathBuf>> = std::iter::once(None)
        .chain(crate::jdk::jdk25().map(Some))
        .collect();
    for home in homes {
        let modules = java_modules(home.as_deref());
        let mut cmd = m5();
        if let Some(h) = &home {
            cmd.arg("--jdk").arg(h);
        }
        let out = cmd
            .args(["run", "--classpath", dir.to_str().unwrap(), "Main"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let on = format!("{home:?}");
        assert!(out.stdout.is_empty(), "{on}: printed {:?}", out.stdout);
        assert_eq!(out.status.code(), Some(2), "{on}: {err}");
        if modules.iter().any(|m| m == "jdk.localedata") {
            assert!(
                err.contains("ServiceLoader")
                    && err.contains("sun.util.locale.provider.LocaleDataMetaInfo")
                    && err.contains("(jdk.localedata)"),
                "{on}: {err}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The modules of the JDK at `home` (the `java` on PATH for None), as its
/// `java --list-modules` names them.
fn java_modules(home: Option<&Path>) -> Vec<String> {
    let java = home.map_or_else(|| "java".into(), |h| h.join("bin/java"));
    let out = Command::new(java).arg("--list-modules").output().unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split('@').next().unwrap_or(l).to_string())
        .collect()
}

/// The JDK's image and its jmods declare the same providers (each
/// module's `module-info.class`, read from either). Skipped where the
/// JDK lacks either.
#[test]
fn the_image_and_the_jmods_declare_the_same_providers() {
    let home = match m5::classfile::jdk::jdk() {
        Ok(j) => j.home.clone(),
        Err(e) => {
            common::skip(&format!("no JDK: {e}"));
            return;
        }
    };
    if !home.join("jmods").is_dir() || !home.join("lib/modules").is_file() {
        common::skip(&format!("{} lacks jmods/ or lib/modules", home.display()));
        return;
    }
    let read = |jdk: Result<m5::classfile::jdk::Jdk, String>| {
        m5::classfile::services::providers(jdk.unwrap().module_infos().unwrap()).unwrap()
    };
    let image = read(m5::classfile::jdk::open_image(&home));
    let jmods = read(m5::classfile::jdk::open_jmod(&home));
    assert_eq!(image, jmods);
    // java.base declares its own (the jrt file system), and uses others'.
    assert!(
        image["java.nio.file.spi.FileSystemProvider"].contains(&(
            "java.base".into(),
            "jdk.internal.jrtfs.JrtFileSystemProvider".into()
        )),
        "{image:?}"
    );
}
