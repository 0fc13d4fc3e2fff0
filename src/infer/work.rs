//! The file inference writes: the user's invariant with the candidates
//! still alive inserted as cases, object sections and a global section.

use super::templates::Candidate;

/// The user's invariant, the shapes seen and their candidates, and how to
/// write them into one file.
pub(super) struct Work {
    pub source: String,
    /// Where the cases go: before the user's `thread` section's closing
    /// brace, or a new section at the end.
    pub insert_at: usize,
    pub new_section: bool,
    pub tv: String,
    pub patterns: Vec<String>,
    /// Open cases for every bottom frame seen (when the user wrote no
    /// `when` case every shape was allowed, and adding cases must not
    /// forbid any), and `when done`.
    pub catch_all: Vec<String>,
    /// Object sections: the keys after the patterns' (`object VAR : C`).
    pub objects: Vec<String>,
    /// A global section: the key after the objects'.
    pub globals: bool,
    pub cands: Vec<Candidate>,
    pub alive: Vec<bool>,
    /// Per candidate, the candidates any one of which implies it
    /// (`templates::implications`).
    pub implied_by: Vec<Vec<usize>>,
    /// Alive, but not written: an alive candidate implies it.
    pub hidden: Vec<bool>,
}

impl Work {
    /// The file with the alive candidates, each one's byte range, and how
    /// many bytes were inserted into the user's text at `insert_at` (the
    /// rest of the inferred text follows the user's).
    /// (`hidden_too`: the hidden candidates as well, for a Houdini round
    /// that switches them on when what implies them is dropped.)
    pub fn render(&self, hidden_too: bool) -> (String, Vec<Option<(usize, usize)>>, usize) {
        let mut out = String::with_capacity(self.source.len() + 64 * self.cands.len());
        let mut ranges = vec![None; self.cands.len()];
        out.push_str(&self.source[..self.insert_at]);
        if self.new_section {
            out.push_str(&format!("\nthread {} {{\n", self.tv));
        }
        out.push_str(
            "\n  # ---- inferred by `m5 infer`: candidates from templates that held on\n  \
             # the states of concrete runs and survived Houdini (proved with the rest;\n  \
             # a fact another one implies is left out: `x is C` implies `x != null`)\n",
        );
        let by_key = self.by_key(|i| self.alive[i] && (hidden_too || !self.hidden[i]));
        for (k, pat) in self.patterns.iter().enumerate() {
            out.push_str(&format!("  when {pat} {{\n"));
            let mut last = None;
            for &i in &by_key[k] {
                let c = &self.cands[i];
                if last != Some(c.template) {
                    out.push_str(&format!("    # {}\n", c.template.describe()));
                    last = Some(c.template);
                }
                out.push_str("    ");
                let start = out.len();
                out.push_str(&format!("inferred_{i}: {}", c.text));
                ranges[i] = Some((start, out.len()));
                out.push('\n');
            }
            out.push_str("  }\n");
        }
        for c in &self.catch_all {
            out.push_str(&format!("  when {c} {{ true }}\n"));
        }
        if self.new_section {
            out.push_str("}\n");
        }
        let inserted = out.len() - self.insert_at;
        out.push_str(&self.source[self.insert_at..]);
        for (j, header) in self.objects.iter().enumerate() {
            out.push_str(&format!("\n{header} {{\n"));
            for &i in &by_key[self.patterns.len() + j] {
                out.push_str("  ");
                let start = out.len();
                out.push_str(&format!("inferred_{i}: {}", self.cands[i].text));
                ranges[i] = Some((start, out.len()));
                out.push('\n');
            }
            out.push_str("}\n");
        }
        if self.globals {
            out.push_str("\nglobal {\n");
            for &i in &by_key[self.patterns.len() + self.objects.len()] {
                out.push_str("  ");
                let start = out.len();
                out.push_str(&format!("inferred_{i}: {}", self.cands[i].text));
                ranges[i] = Some((start, out.len()));
                out.push('\n');
            }
            out.push_str("}\n");
        }
        (out, ranges, inserted)
    }

    /// Where the user's text (of file `path`) is in a rendered file.
    pub fn origin(&self, path: &str, inserted: usize) -> crate::invariant::ast::Origin {
        crate::invariant::ast::Origin::new(path, &self.source, self.insert_at, inserted)
    }

    /// The candidates `keep` accepts, per key, in the order the file lists
    /// them (grouped by template, under one comment each): the filter
    /// pairs them with the compiled facts by this order.
    pub fn by_key(&self, keep: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
        let mut by_key: Vec<Vec<usize>> =
            vec![Vec::new(); self.patterns.len() + self.objects.len() + usize::from(self.globals)];
        for (i, c) in self.cands.iter().enumerate() {
            if keep(i) {
                by_key[c.key].push(i);
            }
        }
        for list in &mut by_key {
            list.sort_by_key(|&i| self.cands[i].template);
        }
        by_key
    }

    /// Hides every alive candidate an alive candidate implies: the file is
    /// as strong without it, and smaller to prove. Returns whether one that
    /// was hidden is shown again (what implied it was dropped: it is then
    /// a candidate of its own, for the next round).
    pub fn hide_implied(&mut self) -> bool {
        let mut shown_again = false;
        for i in 0..self.cands.len() {
            let hide = self.alive[i] && self.implied_by[i].iter().any(|&j| self.alive[j]);
            shown_again |= self.hidden[i] && !hide && self.alive[i];
            self.hidden[i] = hide;
        }
        shown_again
    }

    /// Where candidate `i` is: its case's pattern or its object section.
    pub fn place(&self, i: usize) -> String {
        self.place_of_key(self.cands[i].key)
    }

    /// A key's case pattern, object section or `global`.
    pub fn place_of_key(&self, k: usize) -> String {
        match self.patterns.get(k) {
            Some(p) => p.clone(),
            None => self
                .objects
                .get(k - self.patterns.len())
                .cloned()
                .unwrap_or_else(|| "global".into()),
        }
    }
}
