//! The program m5 runs for one test (`Class#method`): a synthetic class
//! whose `main` does what JUnit does around a test method (`testclass`):
//! the `@BeforeAll` methods, then for each repetition a new instance, its
//! `@BeforeEach` methods, the test, its `@AfterEach` methods, and at the
//! end the `@AfterAll` methods. A test's exception escapes `main` where it
//! was thrown (the failure the search reports, at its own throw site);
//! JUnit would run the after-methods first, but the test's exception is
//! its verdict whatever they do. JUnit 4's `expected = X.class` catches an
//! X and fails with JUnit's AssertionError when none was thrown. It is ordinary bytecode:
//! the interpreter, the explorer and the race detector run it like the
//! test's own, and its frames are hidden from stack traces as a lambda's
//! class is.

use std::sync::Arc;

use super::insn::{ClassRef, Const, Insn, InvokeKind, Kind};
use super::lambda::{ACC_SYNTHETIC, method, mref};
use super::parse::{ACC_FINAL, ACC_STATIC, RawClass, RawHandler};
use super::testclass::{Hook, TestClass, TestMethod};

/// `Class#method` split into the class's internal name and the method.
pub fn test_selector(main: &str) -> Option<(String, &str)> {
    let (class, method) = main.split_once('#')?;
    Some((class.replace('.', "/"), method))
}

/// The driver's class name for tests of `class` (internal name): in the
/// test's package, so that it may call package-private test methods, and
/// with `$$` as m5's lambda classes have, which javac never writes.
pub fn driver_name(class: &str) -> String {
    format!("{class}$$M5Test")
}

/// Instructions with branch targets patched once the code is laid out.
struct Code {
    insns: Vec<Insn>,
}

impl Code {
    fn at(&self) -> u32 {
        self.insns.len() as u32
    }
    fn push(&mut self, i: Insn) {
        self.insns.push(i);
    }
    fn call(&mut self, h: &Hook, on_instance: bool) -> Result<(), String> {
        if on_instance {
            self.push(Insn::Load(Kind::A, 1));
            self.push(Insn::Invoke(
                InvokeKind::Virtual,
                mref(InvokeKind::Virtual, &h.class, &h.name, "()V")?,
            ));
        } else {
            self.push(Insn::Invoke(
                InvokeKind::Static,
                mref(InvokeKind::Static, &h.class, &h.name, "()V")?,
            ));
        }
        Ok(())
    }
    fn calls(&mut self, hooks: &[Hook], on_instance: bool) -> Result<(), String> {
        hooks.iter().try_for_each(|h| self.call(h, on_instance))
    }
}

/// The driver class of test `t` of `tc`.
pub fn test_driver(tc: &TestClass, t: &TestMethod) -> Result<RawClass, String> {
    let instance = !t.is_static || !tc.before_each.is_empty() || !tc.after_each.is_empty();
    let mut c = Code { insns: Vec::new() };
    let mut handlers = Vec::new();
    // Each repetition's protected range, its expected-exception handler's
    // `goto` (patched to the repetition's after-methods) and where those are.
    let mut patches: Vec<(usize, u32)> = Vec::new();
    c.calls(&tc.before_all, false)?;
    for _ in 0..t.repeat.max(1) {
        if instance {
            c.push(Insn::New(Box::new(ClassRef {
                name: tc.name.clone(),
                id: None,
            })));
            c.push(Insn::Dup);
            c.push(Insn::Invoke(
                InvokeKind::Special,
                mref(InvokeKind::Special, &tc.name, "<init>", "()V")?,
            ));
            c.push(Insn::Store(Kind::A, 1));
        }
        c.calls(&tc.before_each, true)?;
        let start = c.at();
        let test = Hook {
            class: t.declared_in.clone(),
            name: t.name.clone(),
        };
        c.call(&test, !t.is_static)?;
        let end = c.at();
        if let Some(x) = &t.expected {
            // No exception: JUnit 4's failure.
            c.push(Insn::New(Box::new(ClassRef {
                name: "java/lang/AssertionError".into(),
                id: None,
            })));
            c.push(Insn::Dup);
            let text = format!("Expected exception: {}", x.replace('/', "."));
            c.push(Insn::Ldc(Const::String(text.into())));
            c.push(Insn::Invoke(
                InvokeKind::Special,
                mref(
                    InvokeKind::Special,
                    "java/lang/AssertionError",
                    "<init>",
                    "(Ljava/lang/Object;)V",
                )?,
            ));
            c.push(Insn::Athrow);
            // The expected exception: dropped, the test passed.
            let handler = c.at();
            c.push(Insn::Pop);
            patches.push((c.insns.len(), 0));
            c.push(Insn::Goto(0));
            handlers.push(RawHandler {
                start,
                end,
                handler,
                catch: Some(x.clone()),
            });
        }
        let after = c.at();
        for p in patches.iter_mut().filter(|p| p.1 == 0) {
            p.1 = after;
        }
        c.calls(&tc.after_each, true)?;
    }
    c.calls(&tc.after_all, false)?;
    c.push(Insn::Return(None));
    for (at, target) in patches {
        c.insns[at] = Insn::Goto(target);
    }
    let name: Arc<str> = driver_name(&tc.name).into();
    let mut main = method(
        "main",
        "([Ljava/lang/String;)V",
        0x0001 | ACC_STATIC,
        2,
        c.insns,
    );
    main.handlers = handlers;
    Ok(RawClass {
        name,
        super_name: Some("java/lang/Object".into()),
        interfaces: Vec::new(),
        flags: ACC_FINAL | ACC_SYNTHETIC | 0x0020,
        fields: Vec::new(),
        methods: vec![main],
        source_file: None,
        synthetic: Vec::new(),
        lambda: true,
        reflection: Default::default(),
    })
}
