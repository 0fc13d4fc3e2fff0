//! Which classes run their `assert` statements: java's `-ea`/`-da`/`-esa`/
//! `-dsa` switches, kept in command-line order and answered as the JDK's
//! `ClassLoader.desiredAssertionStatus` (and HotSpot's, for system
//! classes) answers: a switch naming the class, else the one naming its
//! most specific package, else the default for its kind of class.

/// What a switch names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// `-ea:pkg...`: the package and its subpackages; `-ea:...` (the empty
    /// name) the unnamed package.
    Package(String),
    /// `-ea:pkg.Class` (a binary name): the class and its nested classes
    /// (javac asks the top-level class).
    Class(String),
}

/// The assertion switches of a command line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Assertions {
    /// `-ea`/`-da` without a target: application classes.
    pub user: bool,
    /// `-esa`/`-dsa`: system classes (the JDK's, m5's model library).
    pub system: bool,
    /// `-ea:TARGET`/`-da:TARGET`, in command-line order (a later one for the
    /// same target wins).
    pub targets: Vec<(Target, bool)>,
}

impl Assertions {
    /// Assertions on in every application class (`-ea`).
    pub fn enabled() -> Assertions {
        Assertions {
            user: true,
            ..Assertions::default()
        }
    }

    /// Applies one switch as java spells it without its dash: `ea`,
    /// `ea:com.acme...`, `enableassertions:com.acme.Main`, `da`, `esa`,
    /// `disablesystemassertions`, ... (m5's `--ea` and `--enable-assertions`
    /// too).
    pub fn apply(&mut self, switch: &str) -> Result<(), String> {
        let (word, target) = match switch.split_once(':') {
            Some((w, t)) => (w, Some(t)),
            None => (switch, None),
        };
        let on = match word {
            "ea" | "enableassertions" | "enable-assertions" | "esa" | "enablesystemassertions" => {
                true
            }
            "da" | "disableassertions" | "dsa" | "disablesystemassertions" => false,
            _ => {
                return Err(format!(
                    "expected -ea, -da, -esa or -dsa (or their long forms), found -{switch}"
                ));
            }
        };
        let system = matches!(
            word,
            "esa" | "dsa" | "enablesystemassertions" | "disablesystemassertions"
        );
        match (system, target) {
            (true, Some(_)) => Err(format!("-{word} takes no target, found -{switch}")),
            (true, None) => {
                self.system = on;
                Ok(())
            }
            (false, None) => {
                self.user = on;
                Ok(())
            }
            (false, Some("")) => Err(format!(
                "-{word}: expected a package (pkg...) or a class after ':', found nothing"
            )),
            (false, Some(t)) => {
                let target = match t.strip_suffix("...") {
                    Some(pkg) => Target::Package(pkg.to_string()),
                    None => Target::Class(t.to_string()),
                };
                self.targets.push((target, on));
                Ok(())
            }
        }
    }

    /// Does the class of binary name `class` (`pkg.Outer`) run its
    /// asserts? `system`: it is the JDK's or the model library's.
    pub fn desired(&self, class: &str, system: bool) -> bool {
        let last = |t: &Target| {
            self.targets
                .iter()
                .rev()
                .find(|(x, _)| x == t)
                .map(|(_, on)| *on)
        };
        if let Some(on) = last(&Target::Class(class.to_string())) {
            return on;
        }
        // The package, then each enclosing one (the unnamed package only
        // for a class in it).
        let mut pkg = class.rsplit_once('.').map_or("", |(p, _)| p);
        loop {
            if let Some(on) = last(&Target::Package(pkg.to_string())) {
                return on;
            }
            match pkg.rsplit_once('.') {
                Some((outer, _)) => pkg = outer,
                None => break,
            }
        }
        if system { self.system } else { self.user }
    }

    /// The switches as java takes them (for a replay command): they give
    /// back these settings.
    pub fn switches(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.user {
            out.push("-ea".to_string());
        }
        if self.system {
            out.push("-esa".to_string());
        }
        for (t, on) in &self.targets {
            let word = if *on { "ea" } else { "da" };
            out.push(match t {
                Target::Package(p) => format!("-{word}:{p}..."),
                Target::Class(c) => format!("-{word}:{c}"),
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(switches: &[&str]) -> Assertions {
        let mut a = Assertions::default();
        for s in switches {
            a.apply(s).unwrap();
        }
        a
    }

    #[test]
    fn the_most_specific_switch_decides() {
        let a = with(&[
            "ea",
            "da:com.acme...",
            "ea:com.acme.core...",
            "da:com.acme.core.Main",
        ]);
        assert!(a.desired("Main", false));
        assert!(!a.desired("com.acme.Util", false));
        assert!(a.desired("com.acme.core.Worker", false));
        assert!(a.desired("com.acme.core.deep.Worker", false));
        assert!(!a.desired("com.acme.core.Main", false));
        assert!(!a.desired("java.util.HashMap", true));
        assert!(a.switches().len() == 4 && with(&["esa"]).desired("java.util.HashMap", true));
    }

    #[test]
    fn a_later_switch_for_the_same_target_wins_and_the_unnamed_package_is_dots() {
        let a = with(&["ea:...", "ea:p.C", "da:p.C"]);
        assert!(a.desired("Main", false));
        assert!(!a.desired("p.Main", false));
        assert!(!a.desired("p.C", false));
        let back = with(&a.switches().iter().map(|s| &s[1..]).collect::<Vec<_>>());
        assert_eq!(back, a);
    }

    #[test]
    fn bad_switches_say_what_was_expected() {
        let mut a = Assertions::default();
        assert!(a.apply("esa:x").unwrap_err().contains("takes no target"));
        assert!(a.apply("ea:").unwrap_err().contains("expected a package"));
        assert!(a.apply("eax").unwrap_err().contains("expected -ea"));
    }
}
