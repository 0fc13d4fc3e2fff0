//! java's own options on m5's commands: `java_style` rewrites java's
//! single-dash spellings before the main class into m5's long options
//! (`-cp`, `-ea:pkg...`, `-jar APP.jar`), so that clap parses one syntax;
//! the assertion switches stay in command-line order in one list.

use super::Cli;

/// The command line with java's single-dash `-cp DIR` and `-classpath DIR`
/// written `--classpath DIR` when they come among a command's options
/// (before its first positional argument, where java takes them too: after
/// the main class they are the program's arguments, and so is a `-Dkey=value`
/// there).
pub fn java_style(args: Vec<std::ffi::OsString>) -> Result<Vec<std::ffi::OsString>, String> {
    use clap::CommandFactory;
    let cmd = Cli::command();
    // The global `--jdk DIR` may come before the command's name.
    let mut at = 1;
    while let Some(a) = args.get(at).and_then(|a| a.to_str()) {
        match a {
            "--jdk" => at += 2,
            _ if a.starts_with("--jdk=") => at += 1,
            _ => break,
        }
    }
    let Some(sub) = args
        .get(at)
        .and_then(|a| a.to_str())
        .and_then(|name| cmd.find_subcommand(name))
    else {
        return Ok(args);
    };
    // The options of the command that take a value (`--opt VALUE`).
    let takes_value = |arg: &str| -> bool {
        sub.get_arguments().any(|a| {
            let named = match arg.strip_prefix("--") {
                Some(long) => {
                    a.get_long() == Some(long)
                        || a.get_all_aliases().is_some_and(|v| v.contains(&long))
                }
                None => arg
                    .strip_prefix('-')
                    .is_some_and(|s| s.chars().count() == 1 && a.get_short() == s.chars().next()),
            };
            named && a.get_action().takes_values()
        }) || arg == "--jdk"
    };
    let mut out: Vec<std::ffi::OsString> = args[..=at].to_vec();
    let mut rest = args[at + 1..].iter();
    let mut value_next = false;
    while let Some(a) = rest.next() {
        let s = a.to_str().unwrap_or("");
        if value_next {
            value_next = false;
        } else if s == "-cp" || s == "-classpath" {
            out.push("--classpath".into());
            value_next = true;
            continue;
        } else if let Some(switch) = assertion_switch(s) {
            out.push(format!("--assertions={switch}").into());
            continue;
        } else if s == "-jar" {
            // java's `-jar APP.jar`: the jar (and its manifest's
            // Class-Path) is the class path, its Main-Class the main class.
            let Some(jar) = rest.next() else {
                return Err("-jar: expected a jar file after it".into());
            };
            let (cp, main) = crate::classfile::jar_launch(std::path::Path::new(jar))
                .map_err(|e| format!("-jar {}: {e}", jar.to_string_lossy()))?;
            // As java, -jar's class path replaces one given before it.
            drop_option(&mut out, &["--classpath", "--cp", "--class-path"]);
            out.extend(["--classpath".into(), cp.into(), "--".into(), main.into()]);
            out.extend(rest.cloned());
            return Ok(out);
        } else if s == "--" || !s.starts_with('-') {
            // The first positional: the rest is as given, except that a
            // `-D` after the main class is the program's argument, as with
            // java: it and what follows become positionals.
            out.push(a.clone());
            let mut dashes = s == "--";
            for a in rest {
                if !dashes && a.to_str().is_some_and(|x| x.starts_with("-D")) {
                    out.push("--".into());
                    dashes = true;
                }
                out.push(a.clone());
            }
            return Ok(out);
        } else if !s.contains('=') {
            value_next = takes_value(s);
        }
        out.push(a.clone());
    }
    Ok(out)
}

/// java's assertion switches, which `java_style` writes
/// `--assertions=SWITCH` (clap keeps one list, so their order holds).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct AssertionArgs {
    /// Enable or disable `assert` statements as java does, before MAIN:
    /// -ea[:PKG...|:CLASS] (-enableassertions), -da[:PKG...|:CLASS]
    /// (-disableassertions), -esa (-enablesystemassertions), -dsa
    /// (-disablesystemassertions); --ea too. A switch naming the class
    /// wins, then the most specific package, then -ea/-da (-esa/-dsa for
    /// the JDK's classes); a later switch for the same target wins.
    #[arg(long = "assertions", value_name = "SWITCH", value_parser = parse_assertion_switch)]
    pub switches: Vec<String>,
}

impl AssertionArgs {
    /// What the switches say, applied in order.
    pub fn status(&self) -> crate::state::assertions::Assertions {
        let mut a = crate::state::assertions::Assertions::default();
        for s in &self.switches {
            // Checked by the parser.
            let _ = a.apply(s);
        }
        a
    }
}

fn parse_assertion_switch(text: &str) -> Result<String, String> {
    crate::state::assertions::Assertions::default().apply(text)?;
    Ok(text.to_string())
}

/// An assertion switch as java (or m5's `--ea`) spells it, without its
/// dashes: `ea:com.acme...` for `-ea:com.acme...`.
fn assertion_switch(arg: &str) -> Option<&str> {
    if arg == "--ea" || arg == "--enable-assertions" {
        return Some("ea");
    }
    let word = arg.strip_prefix('-').filter(|w| !w.starts_with('-'))?;
    let head = word.split(':').next().unwrap_or("");
    [
        "ea",
        "enableassertions",
        "da",
        "disableassertions",
        "esa",
        "enablesystemassertions",
        "dsa",
        "disablesystemassertions",
    ]
    .contains(&head)
    .then_some(word)
}

/// Removes the options named `names` (`--name VALUE` or `--name=VALUE`)
/// from `args` (a subcommand's options, after its name).
fn drop_option(args: &mut Vec<std::ffi::OsString>, names: &[&str]) {
    let mut i = 2;
    while i < args.len() {
        let s = args[i].to_string_lossy().into_owned();
        if names.contains(&s.as_str()) {
            args.drain(i..(i + 2).min(args.len()));
        } else if names.iter().any(|n| s.starts_with(&format!("{n}="))) {
            args.remove(i);
        } else {
            i += 1;
        }
    }
}
