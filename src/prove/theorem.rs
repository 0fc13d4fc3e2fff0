//! Theorem files (`proofs/*.proof`): what to prove about which program,
//! and the verdict expected, so `m5 check proofs/` is a regression check.
//!
//! ```text
//! # comments run to the end of the line
//! classpath  ../classfiles/counter       # relative to this file
//! main       Main
//! args       a b                         # optional: main's arguments
//! invariant  ../invariants/counter.inv
//! prove invariant                 expect proved   # Lemmas 1 and 2
//! prove relation Increasing       expect proved   # Lemma 3, and the theorem
//! ```

use std::path::{Path, PathBuf};

/// A theorem's verdict. An obligation's outcome uses `Proved`, `Refuted`
/// (the solver found a counterexample to it) and `Unknown`; a theorem is
/// `Refuted` only with a reachable violation (`witness`), and a failed
/// induction without one is `NotInductive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Proved,
    Refuted,
    /// Lemma 2 or 3 fails (a counterexample to induction) and no
    /// reachable violation was found: the claim may hold, the invariant
    /// is too weak to show it.
    NotInductive,
    Unknown,
}

impl Verdict {
    /// The word in theorem files and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Proved => "proved",
            Verdict::Refuted => "refuted",
            Verdict::NotInductive => "not-inductive",
            Verdict::Unknown => "unknown",
        }
    }
    /// The words people read.
    pub fn text(self) -> &'static str {
        match self {
            Verdict::NotInductive => "not inductive",
            v => v.name(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The invariant holds initially and is preserved by every step.
    Invariant,
    /// The named relation holds across every step from a good state.
    Relation(String),
}

impl Goal {
    pub fn name(&self) -> String {
        match self {
            Goal::Invariant => "invariant".into(),
            Goal::Relation(r) => format!("relation {r}"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Theorem {
    pub goal: Goal,
    pub expect: Option<Verdict>,
    pub line: usize,
}

#[derive(Clone, Debug)]
pub struct TheoremFile {
    pub path: PathBuf,
    pub classpath: String,
    pub main: String,
    pub args: Vec<String>,
    pub invariant: PathBuf,
    pub theorems: Vec<Theorem>,
    /// `infer`: the invariant is completed by inference (`crate::infer`)
    /// before it is proved.
    pub infer: bool,
    /// The user's own invariant file when `invariant` names a completed
    /// one (inference): the claim a witness must violate.
    pub claim: Option<PathBuf>,
}

impl TheoremFile {
    /// The invariant file whose facts are the user's claim.
    pub fn claim_path(&self) -> &Path {
        self.claim.as_deref().unwrap_or(&self.invariant)
    }
}

#[derive(Debug, thiserror::Error)]
#[error("{path}:{line}: {msg}")]
pub struct TheoremError {
    pub path: String,
    pub line: usize,
    pub msg: String,
}

pub fn load(path: &Path) -> Result<TheoremFile, TheoremError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| TheoremError {
        path: shown.clone(),
        line: 0,
        msg: format!("cannot read: {e}"),
    })?;
    parse(path, &text)
}

pub fn parse(path: &Path, text: &str) -> Result<TheoremFile, TheoremError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let rel = |p: &str| -> PathBuf {
        let p = Path::new(p);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            dir.join(p)
        }
    };
    let err = |line: usize, msg: String| TheoremError {
        path: path.display().to_string(),
        line,
        msg,
    };
    let (mut classpath, mut main, mut invariant) = (None, None, None);
    let mut args = Vec::new();
    let mut theorems = Vec::new();
    let mut infer = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.split('#').next().unwrap_or("").trim();
        if l.is_empty() {
            continue;
        }
        let words: Vec<&str> = l.split_whitespace().collect();
        match words[0] {
            "classpath" if words.len() >= 2 => {
                let parts: Vec<String> = words[1..]
                    .join(" ")
                    .split(':')
                    .map(|p| rel(p.trim()).display().to_string())
                    .collect();
                classpath = Some(parts.join(":"));
            }
            "main" if words.len() == 2 => main = Some(words[1].to_string()),
            "args" => args = words[1..].iter().map(|s| s.to_string()).collect(),
            "invariant" if words.len() == 2 => invariant = Some(rel(words[1])),
            "infer" if words.len() == 1 => infer = true,
            "prove" => {
                let (goal, rest) = match words.get(1) {
                    Some(&"invariant") => (Goal::Invariant, &words[2..]),
                    Some(&"relation") if words.len() >= 3 => {
                        (Goal::Relation(words[2].to_string()), &words[3..])
                    }
                    _ => {
                        return Err(err(
                            line,
                            "expected `prove invariant` or `prove relation NAME`".into(),
                        ));
                    }
                };
                let expect = match rest {
                    [] => None,
                    ["expect", "proved"] => Some(Verdict::Proved),
                    ["expect", "refuted"] => Some(Verdict::Refuted),
                    ["expect", "unknown"] => Some(Verdict::Unknown),
                    ["expect", "not-inductive"] => Some(Verdict::NotInductive),
                    _ => {
                        return Err(err(
                            line,
                            format!(
                                "expected `expect proved`, `expect refuted`, `expect not-inductive` or `expect unknown`, found `{}`",
                                rest.join(" ")
                            ),
                        ));
                    }
                };
                theorems.push(Theorem { goal, expect, line });
            }
            other => {
                return Err(err(
                    line,
                    format!(
                        "expected `classpath DIR`, `main CLASS`, `args ...`, `invariant FILE`, `infer` or `prove ...`, found `{other}`"
                    ),
                ));
            }
        }
    }
    let missing = |what: &str| err(0, format!("missing `{what}` line"));
    if theorems.is_empty() {
        return Err(missing("prove"));
    }
    Ok(TheoremFile {
        path: path.to_path_buf(),
        classpath: classpath.ok_or_else(|| missing("classpath"))?,
        main: main.ok_or_else(|| missing("main"))?,
        args,
        invariant: invariant.ok_or_else(|| missing("invariant"))?,
        theorems,
        infer,
        claim: None,
    })
}
