//! Reflective field access is the program's own access for the race
//! checker: `Field.getInt`/`setInt` on a plain static, unsynchronized from
//! two threads, is a data race (`m5 run --races`); under a common monitor,
//! or on a volatile field, it is none.

use crate::common::{self, m5};

/// Two threads bump `hits` through `Field.getInt`/`setInt`; `guard` wraps
/// the update (a synchronized block or nothing), `modifier` declares it.
fn program(modifier: &str, guard: (&str, &str)) -> String {
    format!(
        r#"import java.lang.reflect.Field;

public class Main {{
    static {modifier} int hits;

    public static void main(String[] args) throws Exception {{
        Field f = Main.class.getDeclaredField("hits");
        Runnable bump = () -> {{
            try {{
                {} f.setInt(null, f.getInt(null) + 1); {}
            }} catch (IllegalAccessException e) {{
                throw new AssertionError(e);
            }}
        }};
        Thread t = new Thread(bump);
        t.start();
        bump.run();
        t.join();
        System.out.println(hits > 0);
    }}
}}
"#,
        guard.0, guard.1
    )
}

/// `m5 run --races` on `source`: exit code and stderr.
fn races(name: &str, source: &str) -> (Option<i32>, String) {
    let dir = common::javac_main(name, source);
    let out = m5()
        .args(["run", "--races", "--classpath"])
        .arg(&dir)
        .arg("Main")
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_race_through_field_set_is_found_and_its_fixed_twins_have_none() {
    if !common::have("javac", "-version") {
        common::skip("no javac");
        return;
    }
    let (code, err) = races("reflect-race", &program("", ("", "")));
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("data race on static field Main.hits"), "{err}");
    let sync = ("synchronized (Main.class) {", "}");
    let (code, err) = races("reflect-race-sync", &program("", sync));
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("no data race on this schedule"), "{err}");
    let (code, err) = races("reflect-race-volatile", &program("volatile", ("", "")));
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("no data race on this schedule"), "{err}");
}
