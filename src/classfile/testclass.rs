//! Test classes: the test methods of a class and their lifecycle, read
//! from the class files' annotations as JUnit 5 (Jupiter) and JUnit 4 read
//! them, so that m5 can run one test as a program (`driver`) without the
//! JUnit platform. A method that no annotation marks is a test when it is
//! named (`Class#method`) and takes no arguments.

use std::sync::Arc;

use cafebabe::attributes::{AnnotationElementValue, AttributeData};

use super::{ClassPath, LoadError};

/// One test method and how JUnit runs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestMethod {
    pub name: Arc<str>,
    pub is_static: bool,
    /// The class that declares it (internal name): a test may be inherited.
    pub declared_in: Arc<str>,
    /// `@RepeatedTest(n)`: the test runs n times, each on a new instance.
    pub repeat: u32,
    /// `@Disabled`/`@Ignore` (on the method or its class), or a kind of
    /// test m5 does not run (`@ParameterizedTest`): why it is skipped.
    pub skipped: Option<String>,
    /// JUnit 4's `@Test(expected = X.class)`: the test passes only if it
    /// throws an X (internal name).
    pub expected: Option<Arc<str>>,
    /// `@Timeout` (JUnit 5, on the method or its class) or JUnit 4's
    /// `@Test(timeout = ms)`, in milliseconds.
    pub timeout_ms: Option<u64>,
}

/// A test class: its tests and the lifecycle methods JUnit calls around
/// each (superclasses' first, as JUnit orders them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestClass {
    /// Internal name.
    pub name: Arc<str>,
    /// Neither abstract nor an interface: JUnit runs its tests (an
    /// abstract class's run in its subclasses).
    pub concrete: bool,
    pub tests: Vec<TestMethod>,
    /// Static `()V` methods, before and after all tests of the class.
    pub before_all: Vec<Hook>,
    pub after_all: Vec<Hook>,
    /// Instance `()V` methods around each test.
    pub before_each: Vec<Hook>,
    pub after_each: Vec<Hook>,
}

/// A lifecycle method: its class (internal name) and name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hook {
    pub class: Arc<str>,
    pub name: Arc<str>,
}

const JUPITER: &str = "Lorg/junit/jupiter/api/";
const JUNIT4: &str = "Lorg/junit/";

/// What one method's annotations say.
#[derive(Default)]
struct Marks {
    test: bool,
    repeat: Option<u32>,
    unsupported: Option<&'static str>,
    disabled: bool,
    expected: Option<Arc<str>>,
    timeout_ms: Option<u64>,
    before_all: bool,
    after_all: bool,
    before_each: bool,
    after_each: bool,
}

impl TestClass {
    /// The test class `name` (internal) found on `cp` with the classes it
    /// extends there; `None` if no class file of that name is on `cp`.
    pub fn read(cp: &ClassPath, name: &str) -> Result<Option<TestClass>, LoadError> {
        // The chain of classes, the named one first.
        let mut chain = Vec::new();
        let mut concrete = false;
        let mut next = Some(name.to_string());
        while let Some(n) = next.take() {
            let Some((origin, bytes)) = cp.find(&n)? else {
                if chain.is_empty() {
                    return Ok(None);
                }
                break;
            };
            let cf = super::parse::checked(&origin, &bytes)?;
            if chain.is_empty() {
                use cafebabe::ClassAccessFlags as F;
                concrete = !cf.access_flags.intersects(F::ABSTRACT | F::INTERFACE);
            }
            next = cf.super_class.as_ref().map(|s| s.to_string());
            chain.push(read_class(&cf));
            if chain.len() > 64 {
                break;
            }
        }
        let mut tc = TestClass {
            name: name.into(),
            concrete,
            ..TestClass::default()
        };
        let class_marks = &chain[0].1;
        // Superclasses first; a test overridden below is the subclass's.
        for (class, _, methods) in chain.iter().rev() {
            for (m, is_static, marks) in methods {
                let hook = || Hook {
                    class: class.clone(),
                    name: m.clone(),
                };
                if marks.before_all {
                    tc.before_all.push(hook());
                }
                if marks.before_each {
                    tc.before_each.push(hook());
                }
                if marks.test || marks.repeat.is_some() || marks.unsupported.is_some() {
                    tc.tests.retain(|t| t.name != *m);
                    tc.tests
                        .push(test_method(m, *is_static, class, marks, class_marks));
                }
            }
        }
        // After-hooks run in the reverse order: the subclass's first.
        for (class, _, methods) in &chain {
            for (m, _, marks) in methods {
                let hook = || Hook {
                    class: class.clone(),
                    name: m.clone(),
                };
                if marks.after_each {
                    tc.after_each.push(hook());
                }
                if marks.after_all {
                    tc.after_all.push(hook());
                }
            }
        }
        Ok(Some(tc))
    }

    /// The test `method`, annotated or not: an unannotated method named on
    /// the command line runs as a test when it takes no arguments and
    /// returns void (static, or on an instance made with the no-argument
    /// constructor).
    pub fn test_named(
        &self,
        cp: &ClassPath,
        method: &str,
    ) -> Result<Result<TestMethod, String>, LoadError> {
        if let Some(t) = self.tests.iter().find(|t| &*t.name == method) {
            return Ok(Ok(t.clone()));
        }
        let Some((origin, bytes)) = cp.find(&self.name)? else {
            return Ok(Err(format!("class {} is not on the class path", self.name)));
        };
        let cf = super::parse::checked(&origin, &bytes)?;
        let found = cf
            .methods
            .iter()
            .find(|m| m.name == method && m.descriptor.to_string() == "()V");
        Ok(match found {
            Some(m) => Ok(TestMethod {
                name: method.into(),
                is_static: m.access_flags.contains(cafebabe::MethodAccessFlags::STATIC),
                declared_in: self.name.clone(),
                repeat: 1,
                skipped: None,
                expected: None,
                timeout_ms: None,
            }),
            None => Err(format!(
                "{} has no method {method}() returning void (a test takes no arguments)",
                self.name.replace('/', ".")
            )),
        })
    }
}

type MethodMarks = (Arc<str>, bool, Marks);

/// A class's name, its own annotations and its methods' (`()V` methods
/// only: JUnit's tests and lifecycle methods take nothing).
fn read_class(cf: &cafebabe::ClassFile) -> (Arc<str>, Marks, Vec<MethodMarks>) {
    let name: Arc<str> = cf.this_class.to_string().into();
    let class_marks = marks(&cf.attributes);
    let methods = cf
        .methods
        .iter()
        .filter(|m| m.descriptor.to_string() == "()V")
        .map(|m| {
            let is_static = m.access_flags.contains(cafebabe::MethodAccessFlags::STATIC);
            (Arc::from(m.name.as_ref()), is_static, marks(&m.attributes))
        })
        .collect();
    (name, class_marks, methods)
}

fn test_method(
    name: &Arc<str>,
    is_static: bool,
    class: &Arc<str>,
    m: &Marks,
    class_marks: &Marks,
) -> TestMethod {
    let skipped = if m.disabled || class_marks.disabled {
        Some("disabled (@Disabled or @Ignore)".to_string())
    } else {
        m.unsupported
            .map(|u| format!("m5 does not run {u} tests (they need the JUnit platform)"))
    };
    TestMethod {
        name: name.clone(),
        is_static,
        declared_in: class.clone(),
        repeat: m.repeat.unwrap_or(1),
        skipped,
        expected: m.expected.clone(),
        timeout_ms: m.timeout_ms.or(class_marks.timeout_ms),
    }
}

/// What the JUnit annotations among `attrs` say.
fn marks(attrs: &[cafebabe::attributes::AttributeInfo]) -> Marks {
    let mut out = Marks::default();
    for a in attrs {
        let AttributeData::RuntimeVisibleAnnotations(anns) = &a.data else {
            continue;
        };
        for ann in anns {
            let ty = ann.type_descriptor.to_string();
            let element = |name: &str| {
                ann.elements
                    .iter()
                    .find(|e| e.name == name)
                    .map(|e| &e.value)
            };
            if let Some(j5) = ty.strip_prefix(JUPITER) {
                match j5 {
                    "Test;" => out.test = true,
                    "RepeatedTest;" => {
                        out.repeat = match element("value") {
                            Some(AnnotationElementValue::IntConstant(n)) => {
                                Some((*n).max(1) as u32)
                            }
                            _ => Some(1),
                        }
                    }
                    "BeforeEach;" => out.before_each = true,
                    "AfterEach;" => out.after_each = true,
                    "BeforeAll;" => out.before_all = true,
                    "AfterAll;" => out.after_all = true,
                    "Disabled;" => out.disabled = true,
                    "Timeout;" => out.timeout_ms = jupiter_timeout(element),
                    "TestFactory;" => out.unsupported = Some("@TestFactory"),
                    "TestTemplate;" => out.unsupported = Some("@TestTemplate"),
                    _ => {}
                }
            } else if ty == "Lorg/junit/jupiter/params/ParameterizedTest;" {
                out.unsupported = Some("@ParameterizedTest");
            } else if let Some(j4) = ty.strip_prefix(JUNIT4) {
                match j4 {
                    "Test;" => {
                        out.test = true;
                        if let Some(AnnotationElementValue::ClassLiteral { class_name }) =
                            element("expected")
                        {
                            let c = class_name.trim_start_matches('L').trim_end_matches(';');
                            out.expected = Some(c.into());
                        }
                        if let Some(AnnotationElementValue::LongConstant(ms)) = element("timeout")
                            && *ms > 0
                        {
                            out.timeout_ms = Some(*ms as u64);
                        }
                    }
                    "Before;" => out.before_each = true,
                    "After;" => out.after_each = true,
                    "BeforeClass;" => out.before_all = true,
                    "AfterClass;" => out.after_all = true,
                    "Ignore;" => out.disabled = true,
                    _ => {}
                }
            }
        }
    }
    out
}

/// `@Timeout(value, unit)` in milliseconds (the unit defaults to seconds).
fn jupiter_timeout<'a>(
    element: impl Fn(&str) -> Option<&'a AnnotationElementValue<'a>>,
) -> Option<u64> {
    let AnnotationElementValue::LongConstant(v) = element("value")? else {
        return None;
    };
    let per_unit_ms = match element("unit") {
        Some(AnnotationElementValue::EnumConstant { const_name, .. }) => {
            match const_name.as_ref() {
                "NANOSECONDS" | "MICROSECONDS" => return Some(1),
                "MILLISECONDS" => 1,
                "MINUTES" => 60_000,
                "HOURS" => 3_600_000,
                "DAYS" => 86_400_000,
                _ => 1_000,
            }
        }
        _ => 1_000,
    };
    Some((*v).max(0) as u64 * per_unit_ms)
}

/// The classes on `cp`'s directories and jars whose binary name is
/// `prefix` or starts with `prefix.` (every class for an empty prefix),
/// internal names, sorted; nested and anonymous classes included.
pub fn classes_under(cp: &ClassPath, prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = cp
        .class_names()
        .into_iter()
        .filter(|n| {
            let dotted = n.replace('/', ".");
            prefix.is_empty() || dotted == prefix || dotted.starts_with(&format!("{prefix}."))
        })
        .collect();
    out.sort();
    out.dedup();
    out
}
