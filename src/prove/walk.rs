//! The call-stack shapes a program can reach: the symbolic step run from
//! the initial state's threads with the data ignored. Only shapes the
//! invariant allows are stepped: a good state has its threads in allowed
//! shapes only, and a step into any other shape is a "no case" obligation
//! of Lemma 2, so nothing beyond them can be reached from good states (this
//! is what bounds `new Thread(runnable)`, whose `Thread.run` could dispatch
//! to `Thread.run` again for all the data-free walk knows).

use std::collections::{BTreeSet, HashMap};

use super::smt::Script;
use super::step::{self, Cx};
use super::sym::*;
use crate::classfile::{ClassId, ClassTable};
use crate::state::{Body, State};

/// The call-stack shapes the program can reach, found by running the
/// symbolic step with the data ignored from the initial state's threads.
pub struct Walk {
    pub shapes: Vec<Shape>,
    /// Classes the program instantiates.
    pub inst: BTreeSet<ClassId>,
    pub arrays: bool,
    /// Shapes whose next instruction the prover does not model.
    pub unsupported: HashMap<usize, String>,
    /// The stack limit of the program's threads.
    pub max_depth: usize,
    /// Classes whose Class object a step may create (see `lock_classes`).
    pub lock_classes: BTreeSet<ClassId>,
    /// Classes initialized in the state the walk starts from.
    pub initialized: BTreeSet<ClassId>,
    /// Shapes with a branch that catches an exception not in `follow`.
    pub catching: BTreeSet<usize>,
}

const MAX_DEPTH: usize = 64;

/// The shapes met stepping from the initial state's threads, stepping on
/// only from shapes `allowed` accepts. A caught exception leads to its
/// handler's shape only if it is in `follow` (the others are pre-step
/// checks until the prover fails to rule them out: `prove::driver`).
pub fn walk(
    classes: &ClassTable,
    s0: &State,
    allowed: &dyn Fn(&Shape) -> bool,
    follow: &BTreeSet<Catch>,
) -> Result<Walk, String> {
    // Shapes stay below the stack limit, so no call the walk follows can
    // throw StackOverflowError.
    if s0.config.max_stack_depth <= MAX_DEPTH {
        return Err(format!(
            "the prover needs a stack limit above {MAX_DEPTH} frames (it is {})",
            s0.config.max_stack_depth
        ));
    }
    let mut roots = Vec::new();
    for t in &s0.threads {
        if let Some(f) = t.stack.iter().find(|f| f.needs_monitor()) {
            return Err(format!(
                "{} is synchronized and entered by the VM: the prover does not model taking its monitor on entry",
                f.method.display_name()
            ));
        }
        let shape = shape_of(t).ok_or(
            "the initial state holds a floating-point value; the prover does not model them",
        )?;
        if !shape.is_empty() {
            roots.push(shape);
        }
    }
    let initialized: BTreeSet<ClassId> = (0..s0.init.len())
        .filter(|&c| s0.init[c] == crate::state::InitStatus::Done)
        .map(|c| c as ClassId)
        .collect();
    let mut inst = BTreeSet::new();
    let mut arrays = false;
    for o in &s0.heap {
        // Arrays of floats or of arrays (made in the single-threaded
        // prefix) have no element code: the prover could not tell what a
        // store into one may do.
        if let Some((elem, _)) = o.array()
            && elem_code(classes, elem).is_none()
        {
            return Err(format!(
                "the state the induction starts from holds an array with element type {}, which the prover does not model",
                elem
            ));
        }
        match o.body {
            Body::Array { .. } => arrays = true,
            _ => {
                inst.insert(o.class);
            }
        }
    }
    loop {
        let before = (inst.len(), arrays);
        let mut shapes: Vec<Shape> = Vec::new();
        let mut index: HashMap<Shape, usize> = HashMap::new();
        let mut unsupported = HashMap::new();
        let mut catching = BTreeSet::new();
        let mut queue = std::collections::VecDeque::new();
        for r in &roots {
            if !index.contains_key(r) {
                index.insert(r.clone(), shapes.len());
                shapes.push(r.clone());
                queue.push_back(shapes.len() - 1);
            }
        }
        let mut found = inst.clone();
        let mut found_arrays = arrays;
        while let Some(i) = queue.pop_front() {
            if !allowed(&shapes[i]) {
                continue;
            }
            if shapes[i].len() > MAX_DEPTH {
                return Err(format!(
                    "call stacks deeper than {MAX_DEPTH} frames (recursion?) that the invariant allows: the prover needs a bounded set of call-stack shapes"
                ));
            }
            // The data are fresh constants nothing constrains.
            let mut sc = Script::default();
            let heap = Heap::pre(&mut sc);
            let frames = frames_of(&mut sc, classes, "x", &shapes[i]);
            let cx = Cx {
                classes,
                inst: &inst,
                arrays,
                max_depth: s0.config.max_stack_depth,
                initialized: &initialized,
            };
            let branches = match step::step(&cx, &mut sc, &heap, "th", &frames) {
                Ok(b) => b,
                Err(e) => {
                    unsupported.insert(i, e.0);
                    continue;
                }
            };
            for b in branches {
                if let Some(c) = b.new_class {
                    found.insert(c);
                }
                found_arrays |= b.new_array;
                let mut next = Vec::new();
                if !b.noop && !b.frames.is_empty() {
                    let post: Shape = b.frames.iter().map(SFrame::shape).collect();
                    if b.caught.is_none() || follow.contains(&(shapes[i].clone(), post.clone())) {
                        next.push(post);
                    } else {
                        catching.insert(i);
                    }
                }
                if let Some(nt) = &b.new_thread {
                    next.push(nt.iter().map(SFrame::shape).collect());
                }
                for s in next {
                    if !index.contains_key(&s) {
                        index.insert(s.clone(), shapes.len());
                        shapes.push(s);
                        queue.push_back(shapes.len() - 1);
                    }
                }
            }
        }
        inst = found;
        arrays = found_arrays;
        if (inst.len(), arrays) == before {
            return Ok(Walk {
                shapes,
                inst,
                arrays,
                unsupported,
                max_depth: s0.config.max_stack_depth,
                lock_classes: lock_classes(classes),
                initialized,
                catching,
            });
        }
    }
}

/// Classes whose `Class` object a step may lock or load: those with a
/// static synchronized method, and those named by an `ldc` class constant.
fn lock_classes(classes: &ClassTable) -> BTreeSet<ClassId> {
    let mut out = BTreeSet::new();
    for c in &classes.classes {
        for &m in &c.methods {
            let m = classes.method(m);
            if m.is_static() && m.is_synchronized() {
                out.insert(c.id);
            }
            for insn in &m.code {
                if let crate::classfile::Insn::Ldc(crate::classfile::Const::Class(t)) = insn
                    && let Some(id) = t.id
                {
                    out.insert(id);
                }
            }
        }
    }
    out
}
