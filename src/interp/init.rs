//! The initial state (the paper's `*a0*`): one thread, number 0, poised at
//! `main`, with the main class's static initializers (if any) above it.

use std::sync::Arc;

use crate::classfile::testclass::TestClass;
use crate::classfile::{ClassPath, ClassTable, Const, LoadError, driver};
use crate::state::*;

use super::{VmError, natives, runtime, strings};

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("{0}")]
    Vm(#[from] VmError),
    #[error("class {0} has no method `public static void main(String[])`")]
    NoMain(String),
}

/// Loads `main` (a binary name, dots or slashes) and its dependencies from
/// `cp`; `Class#method` is a test method, run by the driver m5 writes for
/// it (`classfile::driver`: JUnit's lifecycle around the test).
pub fn load_classes(cp: &ClassPath, main: &str) -> Result<Arc<ClassTable>, LoadError> {
    if let Some((class, method)) = driver::test_selector(main) {
        let not_found = |msg: String| LoadError::Link {
            path: main.to_string(),
            msg,
        };
        let tc = TestClass::read(cp, &class)?.ok_or_else(|| LoadError::NotFound {
            name: class.clone(),
            searched: cp.display(),
        })?;
        let test = tc.test_named(cp, method)?.map_err(not_found)?;
        let d = driver::test_driver(&tc, &test).map_err(not_found)?;
        let root = d.name.clone();
        return Ok(Arc::new(ClassTable::load_with(
            cp,
            &[&root, &class],
            vec![d],
            &natives::bind,
        )?));
    }
    let main = main.replace('.', "/");
    Ok(Arc::new(ClassTable::load(cp, &[&main], &natives::bind)?))
}

/// The class whose `main` runs for `main` as `load_classes` takes it: the
/// driver's for a test method (internal name).
pub fn main_class(main: &str) -> String {
    match driver::test_selector(main) {
        Some((class, _)) => driver::driver_name(&class),
        None => main.replace('.', "/"),
    }
}

/// Builds the initial state for running `main` with `args`. The heap holds
/// just the `String[] args` array (and its strings) at the start.
pub fn initial_state(
    classes: Arc<ClassTable>,
    main: &str,
    args: &[String],
    mut config: Config,
) -> Result<State, SetupError> {
    let main = main_class(main);
    let cid = classes
        .id(&main)
        .ok_or_else(|| SetupError::NoMain(main.clone()))?;
    let main_method = classes
        .declared_method(cid, "main", "([Ljava/lang/String;)V")
        .filter(|m| m.is_static())
        .cloned()
        .ok_or_else(|| SetupError::NoMain(main.replace('/', ".")))?;
    let mut statics = im::Vector::new();
    for _ in 0..classes.n_statics {
        statics.push_back(Value::Null);
    }
    // Preparation: default values, and ConstantValue attributes.
    for c in &classes.classes {
        for (_, desc, slot, constant) in &c.statics {
            let v = match constant {
                Some(Const::Int(v)) => Value::Int(*v),
                Some(Const::Long(v)) => Value::Long(*v),
                Some(Const::Float(v)) => Value::Float(*v),
                Some(Const::Double(v)) => Value::Double(*v),
                _ => Value::default_for(desc),
            };
            statics.set(*slot as usize, v);
        }
    }
    let init: im::Vector<InitStatus> = (0..classes.classes.len())
        .map(|_| InitStatus::Uninitialized)
        .collect();
    config.clock_readable = super::clock::readable(&classes);
    let mut s = State {
        classes: classes.clone(),
        config: Arc::new(config),
        model: Model {
            statics: statics.into(),
            init: init.into(),
            alive: 1,
            ..Model::default()
        },
        aux: Aux::default(),
    };
    // String constants in ConstantValue attributes are interned literals.
    // The JDK's classes get theirs when they are initialized (JVMS 5.5
    // step 6): their tables (the Unicode data's) need not be in every
    // program's heap.
    for c in classes.classes.iter().filter(|c| !c.from_jdk) {
        for (_, _, slot, constant) in &c.statics {
            let r = match constant {
                Some(Const::String(text)) => strings::intern(&mut s, text)?,
                Some(Const::Utf16(units)) => strings::intern_units(&mut s, units),
                _ => continue,
            };
            s.statics.set(*slot as usize, Value::Ref(r));
        }
    }
    let arg_refs: Vec<Value> = args
        .iter()
        .map(|a| Value::Ref(strings::new_string(&mut s, a)))
        .collect();
    let arr = runtime::alloc_array(&mut s, "Ljava/lang/String;", ArrayData::A(arg_refs));
    s.threads.push_back(Arc::new(Thread {
        stack: vec![Arc::new(Frame::new(main_method, &[Value::Ref(arr)]))],
        status: Status::Scheduled,
        daemon: false,
        object: None,
        wait: None,
        inits: Vec::new(),
        timeout: None,
        fingerprint: Default::default(),
    }));
    super::threads::init_counter(&mut s)?;
    // The JVM initializes the main class before main runs.
    super::exec::ensure_init(&mut s, 0, cid)?;
    Ok(s)
}
