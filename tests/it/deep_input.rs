//! Deep input never aborts m5 (issue 37): every recursion over an
//! input-sized structure is iterative or bounded, and a bound reached is a
//! clear error with exit code 2 — never a stack overflow (exit 134,
//! SIGSEGV). Each case runs the `m5` binary and accepts exit code 0 with
//! the right output, or exit code 2 with the expected message.
//!
//! The deep class hierarchies are written as class files by a small writer
//! here: javac takes minutes on a 10,000-class chain.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{self, m5_output as m5};

/// A fresh, empty directory for one case.
fn temp_dir(name: &str) -> PathBuf {
    common::fresh_dir("deep_input", name)
}

fn context(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr);
    let so = String::from_utf8_lossy(&out.stdout);
    let so: String = so.chars().take(2000).collect();
    format!(
        "exit {:?} (signal {:?})\nstderr:\n{err}\nstdout (start):\n{so}",
        out.status.code(),
        std::os::unix::process::ExitStatusExt::signal(&out.status)
    )
}

/// Exit code 0 and exactly `stdout`.
#[track_caller]
fn assert_ok(out: &Output, stdout: &str) {
    let ctx = context(out);
    assert_eq!(out.status.code(), Some(0), "expected exit code 0; {ctx}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), stdout, "{ctx}");
}

/// Exit code 2, every `needle` in stderr, no panic.
#[track_caller]
fn assert_bad(out: &Output, needles: &[&str]) {
    assert!(out.stdout.is_empty(), "unexpected stdout; {}", context(out));
    let err = String::from_utf8_lossy(&out.stderr);
    let ctx = context(out);
    assert_eq!(out.status.code(), Some(2), "expected exit code 2; {ctx}");
    assert!(!err.contains("panicked"), "m5 panicked; {ctx}");
    assert!(!err.contains("overflow"), "m5 overflowed; {ctx}");
    for n in needles {
        assert!(err.contains(n), "stderr should contain {n:?}; {ctx}");
    }
}

// ---- a tiny class-file writer ----------------------------------------------

/// The constant pool and the bytes of one class file being written.
#[derive(Default)]
struct Pool {
    bytes: Vec<u8>,
    count: u16,
    utf8: std::collections::HashMap<String, u16>,
}

impl Pool {
    fn entry(&mut self, b: &[u8]) -> u16 {
        self.count += 1;
        self.bytes.extend_from_slice(b);
        self.count
    }
    fn utf8(&mut self, s: &str) -> u16 {
        if let Some(&i) = self.utf8.get(s) {
            return i;
        }
        let mut b = vec![1];
        b.extend_from_slice(&(s.len() as u16).to_be_bytes());
        b.extend_from_slice(s.as_bytes());
        let i = self.entry(&b);
        self.utf8.insert(s.to_string(), i);
        i
    }
    fn class(&mut self, name: &str) -> u16 {
        let n = self.utf8(name);
        self.entry(&[&[7u8][..], &n.to_be_bytes()].concat())
    }
    fn int(&mut self, v: i32) -> u16 {
        self.entry(&[&[3u8][..], &v.to_be_bytes()].concat())
    }
    fn name_type(&mut self, name: &str, desc: &str) -> u16 {
        let (n, d) = (self.utf8(name), self.utf8(desc));
        self.entry(&[&[12u8][..], &n.to_be_bytes(), &d.to_be_bytes()].concat())
    }
    /// A field (tag 9), method (10) or interface method (11) reference.
    fn member(&mut self, tag: u8, class: &str, name: &str, desc: &str) -> u16 {
        let (c, nt) = (self.class(class), self.name_type(name, desc));
        self.entry(&[&[tag][..], &c.to_be_bytes(), &nt.to_be_bytes()].concat())
    }
}

/// A method: flags, name, descriptor, max stack, max locals, code (None: abstract).
struct MethodDef<'a> {
    flags: u16,
    name: &'a str,
    desc: &'a str,
    stack: u16,
    locals: u16,
    code: Option<Vec<u8>>,
}

/// A field: flags, name, descriptor, and an int ConstantValue.
struct FieldDef<'a> {
    flags: u16,
    name: &'a str,
    desc: &'a str,
    constant: Option<i32>,
}

/// Writes `name.class` into `dir`. `code` gets the pool to add the
/// constants its instructions name.
fn write_class(
    dir: &Path,
    flags: u16,
    name: &str,
    super_name: &str,
    interfaces: &[&str],
    fields: &[FieldDef],
    methods: impl FnOnce(&mut Pool) -> Vec<MethodDef<'static>>,
) {
    write_class_with(
        dir,
        flags,
        name,
        super_name,
        interfaces,
        fields,
        methods,
        &[],
    );
}

/// An attribute's contents, written with the class's constant pool.
type Contents<'a> = dyn Fn(&mut Pool) -> Vec<u8> + 'a;

/// `write_class` with class attributes (name, contents).
#[allow(clippy::too_many_arguments)]
fn write_class_with(
    dir: &Path,
    flags: u16,
    name: &str,
    super_name: &str,
    interfaces: &[&str],
    fields: &[FieldDef],
    methods: impl FnOnce(&mut Pool) -> Vec<MethodDef<'static>>,
    attributes: &[(&str, &Contents)],
) {
    let mut p = Pool::default();
    let this = p.class(name);
    let sup = p.class(super_name);
    let itfs: Vec<u16> = interfaces.iter().map(|i| p.class(i)).collect();
    let methods = methods(&mut p);
    let code_attr = p.utf8("Code");
    let mut body = Vec::new();
    let u2 = |b: &mut Vec<u8>, v: u16| b.extend_from_slice(&v.to_be_bytes());
    u2(&mut body, flags);
    u2(&mut body, this);
    u2(&mut body, sup);
    u2(&mut body, itfs.len() as u16);
    for i in itfs {
        u2(&mut body, i);
    }
    u2(&mut body, fields.len() as u16);
    for f in fields {
        u2(&mut body, f.flags);
        u2(&mut body, p.utf8(f.name));
        u2(&mut body, p.utf8(f.desc));
        match f.constant {
            Some(v) => {
                u2(&mut body, 1);
                u2(&mut body, p.utf8("ConstantValue"));
                body.extend_from_slice(&2u32.to_be_bytes());
                u2(&mut body, p.int(v));
            }
            None => u2(&mut body, 0),
        }
    }
    u2(&mut body, methods.len() as u16);
    for m in &methods {
        u2(&mut body, m.flags);
        u2(&mut body, p.utf8(m.name));
        u2(&mut body, p.utf8(m.desc));
        match &m.code {
            None => u2(&mut body, 0),
            Some(code) => {
                u2(&mut body, 1);
                u2(&mut body, code_attr);
                body.extend_from_slice(&(12 + code.len() as u32).to_be_bytes());
                u2(&mut body, m.stack);
                u2(&mut body, m.locals);
                body.extend_from_slice(&(code.len() as u32).to_be_bytes());
                body.extend_from_slice(code);
                u2(&mut body, 0); // exception table
                u2(&mut body, 0); // attributes
            }
        }
    }
    u2(&mut body, attributes.len() as u16);
    for (a, contents) in attributes {
        u2(&mut body, p.utf8(a));
        let c = contents(&mut p);
        body.extend_from_slice(&(c.len() as u32).to_be_bytes());
        body.extend_from_slice(&c);
    }
    let mut out = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52];
    out.extend_from_slice(&(p.count + 1).to_be_bytes());
    out.extend_from_slice(&p.bytes);
    out.extend_from_slice(&body);
    std::fs::write(dir.join(format!("{name}.class")), out).expect("write class file");
}

const PUBLIC: u16 = 0x0001;
const STATIC: u16 = 0x0008;
const FINAL: u16 = 0x0010;
const SUPER: u16 = 0x0020;
const INTERFACE: u16 = 0x0200;
const ABSTRACT: u16 = 0x0400;

fn op_u2(op: u8, i: u16) -> Vec<u8> {
    vec![op, (i >> 8) as u8, i as u8]
}

/// `<init>()V` calling `sup.<init>()V`.
fn constructor(p: &mut Pool, sup: &str) -> MethodDef<'static> {
    let init = p.member(10, sup, "<init>", "()V");
    let mut code = vec![0x2a]; // aload_0
    code.extend(op_u2(0xb7, init)); // invokespecial
    code.push(0xb1); // return
    MethodDef {
        flags: 0,
        name: "<init>",
        desc: "()V",
        stack: 1,
        locals: 1,
        code: Some(code),
    }
}

/// `public static void main(String[])` printing the int `value` leaves.
fn main_printing(p: &mut Pool, value: Vec<u8>, stack: u16) -> MethodDef<'static> {
    let out = p.member(9, "java/lang/System", "out", "Ljava/io/PrintStream;");
    let println = p.member(10, "java/io/PrintStream", "println", "(I)V");
    let mut code = op_u2(0xb2, out); // getstatic System.out
    code.extend(value);
    code.extend(op_u2(0xb6, println)); // invokevirtual println(I)V
    code.push(0xb1);
    MethodDef {
        flags: PUBLIC | STATIC,
        name: "main",
        desc: "([Ljava/lang/String;)V",
        stack: stack + 1,
        locals: 1,
        code: Some(code),
    }
}

/// `C0 { static int s; C0() {} int f() { return 42; } }`, `C{i} extends
/// C{i-1}` up to `C{n-1}`, and `Main` printing `new C{n-1}().f() + C{n-1}.s`.
fn class_chain(dir: &Path, n: usize) {
    write_class(
        dir,
        SUPER,
        "C0",
        "java/lang/Object",
        &[],
        &[FieldDef {
            flags: STATIC,
            name: "s",
            desc: "I",
            constant: None,
        }],
        |p| {
            vec![
                constructor(p, "java/lang/Object"),
                MethodDef {
                    flags: 0,
                    name: "f",
                    desc: "()I",
                    stack: 1,
                    locals: 1,
                    code: Some(vec![0x10, 42, 0xac]), // bipush 42; ireturn
                },
            ]
        },
    );
    for i in 1..n {
        let sup = format!("C{}", i - 1);
        write_class(dir, SUPER, &format!("C{i}"), &sup, &[], &[], |p| {
            vec![constructor(p, &sup)]
        });
    }
    let last = format!("C{}", n - 1);
    write_class(
        dir,
        PUBLIC | SUPER,
        "Main",
        "java/lang/Object",
        &[],
        &[],
        |p| {
            let class = p.class(&last);
            let init = p.member(10, &last, "<init>", "()V");
            let f = p.member(10, &last, "f", "()I");
            let s = p.member(9, &last, "s", "I");
            let mut value = op_u2(0xbb, class); // new
            value.push(0x59); // dup
            value.extend(op_u2(0xb7, init)); // invokespecial <init>
            value.extend(op_u2(0xb6, f)); // invokevirtual f()I
            value.extend(op_u2(0xb2, s)); // getstatic s
            value.push(0x60); // iadd
            vec![main_printing(p, value, 3)]
        },
    );
}

/// `I0 { int K = 5; default int g() { return 7; } }`, `I{i} extends
/// I{i-1}` up to `I{n-1}`, `Impl implements I{n-1}`, and `Main` printing
/// `((I{n-1}) new Impl()).g() + I{n-1}.K`.
fn interface_chain(dir: &Path, n: usize) {
    let itf = PUBLIC | INTERFACE | ABSTRACT;
    write_class(
        dir,
        itf,
        "I0",
        "java/lang/Object",
        &[],
        &[FieldDef {
            flags: PUBLIC | STATIC | FINAL,
            name: "K",
            desc: "I",
            constant: Some(5),
        }],
        |_| {
            vec![MethodDef {
                flags: PUBLIC,
                name: "g",
                desc: "()I",
                stack: 1,
                locals: 1,
                code: Some(vec![0x10, 7, 0xac]), // bipush 7; ireturn
            }]
        },
    );
    for i in 1..n {
        let sup = format!("I{}", i - 1);
        write_class(
            dir,
            itf,
            &format!("I{i}"),
            "java/lang/Object",
            &[&sup],
            &[],
            |_| vec![],
        );
    }
    let last = format!("I{}", n - 1);
    write_class(dir, SUPER, "Impl", "java/lang/Object", &[&last], &[], |p| {
        vec![constructor(p, "java/lang/Object")]
    });
    write_class(
        dir,
        PUBLIC | SUPER,
        "Main",
        "java/lang/Object",
        &[],
        &[],
        |p| {
            let class = p.class("Impl");
            let init = p.member(10, "Impl", "<init>", "()V");
            let g = p.member(11, &last, "g", "()I");
            let k = p.member(9, &last, "K", "I");
            let mut value = op_u2(0xbb, class); // new Impl
            value.push(0x59); // dup
            value.extend(op_u2(0xb7, init)); // invokespecial <init>
            value.extend(op_u2(0xb9, g)); // invokeinterface g()I
            value.extend([1, 0]);
            value.extend(op_u2(0xb2, k)); // getstatic K
            value.push(0x60); // iadd
            vec![main_printing(p, value, 3)]
        },
    );
}

// ---- class hierarchies -----------------------------------------------------

#[test]
fn a_10000_deep_class_chain_runs() {
    let dir = temp_dir("class_chain");
    class_chain(&dir, 10_000);
    let cp = dir.to_str().expect("utf-8 path");
    assert_ok(&m5(&["run", "--classpath", cp, "Main"]), "42\n");
}

#[test]
fn a_10000_deep_interface_chain_runs() {
    let dir = temp_dir("interface_chain");
    interface_chain(&dir, 10_000);
    let cp = dir.to_str().expect("utf-8 path");
    assert_ok(&m5(&["run", "--classpath", cp, "Main"]), "12\n");
}

/// Deeper hierarchies than m5 keeps supertype lists for: exit 2, saying so.
#[test]
fn a_hierarchy_too_large_to_keep_is_an_error() {
    let dir = temp_dir("interface_chain_20000");
    interface_chain(&dir, 20_000);
    let cp = dir.to_str().expect("utf-8 path");
    assert_bad(
        &m5(&["run", "--classpath", cp, "Main"]),
        &["the class hierarchy is too large", "supertypes", "MiB"],
    );
}

/// The writer's class files are what HotSpot runs too (short chains).
#[test]
fn short_chains_agree_with_hotspot() {
    if !common::have("java", "-version") {
        return;
    }
    for (name, write, expected) in [
        ("short_class_chain", class_chain as fn(&Path, usize), "42\n"),
        ("short_interface_chain", interface_chain, "12\n"),
    ] {
        let dir = temp_dir(name);
        write(&dir, 3);
        let cp = dir.to_str().expect("utf-8 path");
        let java = Command::new("java")
            .args(["-Xverify:all", "-cp", cp, "Main"])
            .output()
            .expect("run java");
        assert_ok(&java, expected);
        assert_ok(&m5(&["run", "--classpath", cp, "Main"]), expected);
    }
}

// ---- class files -------------------------------------------------------------

/// A class annotated `@A` with an array value nested a million deep (3 MB).
#[test]
fn deeply_nested_annotation_values_are_an_error() {
    let dir = temp_dir("deep_annotation");
    let depth = 1_000_000;
    write_class_with(
        &dir,
        PUBLIC | SUPER,
        "Main",
        "java/lang/Object",
        &[],
        &[],
        |p| vec![main_printing(p, vec![0x04], 1)], // iconst_1
        &[("RuntimeVisibleAnnotations", &move |p: &mut Pool| {
            let (ty, name) = (p.utf8("LA;"), p.utf8("value"));
            let mut b = vec![0, 1];
            b.extend_from_slice(&ty.to_be_bytes());
            b.extend_from_slice(&[0, 1]);
            b.extend_from_slice(&name.to_be_bytes());
            for _ in 0..depth {
                b.extend_from_slice(&[b'[', 0, 1]);
            }
            b.extend_from_slice(&[b'Z', 0, 1]);
            b
        })],
    );
    let cp = dir.to_str().expect("utf-8 path");
    assert_bad(
        &m5(&["run", "--classpath", cp, "Main"]),
        &[
            "Main.class",
            "annotation values nested deeper than 256 levels",
        ],
    );
}

// ---- states ------------------------------------------------------------------

/// Compiles `Main.java` holding `source` into a fresh directory; None (and
/// "SKIPPED") without javac.
fn javac(name: &str, source: &str, flags: &[&str]) -> Option<PathBuf> {
    if !common::have("javac", "-version") {
        return None;
    }
    let dir = temp_dir(name);
    std::fs::write(dir.join("Main.java"), source).expect("write source");
    let out = common::javac()
        .args(flags)
        .arg("-d")
        .arg(&dir)
        .arg(dir.join("Main.java"))
        .output()
        .expect("run javac");
    assert!(out.status.success(), "javac: {}", context(&out));
    Some(dir)
}

#[test]
fn a_100000_element_list_prints_as_the_final_state() {
    let Some(dir) = javac(
        "linked_list",
        r#"public class Main {
    static final class Node {
        final int v;
        final Node next;
        Node(int v, Node next) { this.v = v; this.next = next; }
    }
    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < 100000; i++) head = new Node(i, head);
        long sum = 0;
        for (Node n = head; n != null; n = n.next) sum += n.v;
        System.out.println(sum);
    }
}
"#,
        &[],
    ) else {
        return;
    };
    let cp = dir.to_str().expect("utf-8 path");
    let out = m5(&["run", "--classpath", cp, "--final-state", "Main"]);
    assert_ok(&out, "4999950000\n");
    let state = String::from_utf8_lossy(&out.stderr);
    for obj in [
        r#"(1 ("Main$Node" ("v" . 0) ("next" . NIL))"#,
        r#"(100000 ("Main$Node" ("v" . 99999) ("next" . (REF 99999)))"#,
    ] {
        assert!(state.contains(obj), "{obj} not in the final state");
    }
}

/// The helpful NullPointerException message of an array load whose index
/// is itself 600 loads deep is HotSpot's, however deep.
#[test]
fn a_deep_null_pointer_description_agrees_with_hotspot() {
    let mut index = "0".to_string();
    for i in 0..600 {
        index = if i % 2 == 0 {
            format!("a[{index}]")
        } else {
            format!("b.f[{index}]")
        };
    }
    let source = format!(
        r#"public class Main {{
    int[] f = new int[1];
    public static void main(String[] args) {{
        int[] a = new int[1];
        Main b = new Main();
        int[][] m = new int[1][];
        try {{ System.out.println(m[{index}][0]); }}
        catch (NullPointerException e) {{ System.out.println(e.getMessage()); }}
    }}
}}
"#
    );
    let Some(dir) = javac("npe_deep_index", &source, &["-g", "-J-Xss64m"]) else {
        return;
    };
    let cp = dir.to_str().expect("utf-8 path");
    let java = Command::new("java")
        .args(["-cp", cp, "Main"])
        .output()
        .expect("run java");
    let expected = String::from_utf8_lossy(&java.stdout).into_owned();
    assert!(expected.starts_with("Cannot load from int array because \"m[b.f[a["));
    assert_ok(&m5(&["run", "--classpath", cp, "Main"]), &expected);
}

// ---- invariants ----------------------------------------------------------------

fn apprentice() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("classfiles/apprentice")
        .display()
        .to_string()
}

/// `check-invariant` and `prove` on the Apprentice with `text` as its
/// invariant: both exit 2 with every needle in stderr.
#[track_caller]
fn bad_invariant(name: &str, text: &str, needles: &[&str]) {
    let dir = temp_dir(name);
    let inv = dir.join("deep.inv");
    std::fs::write(&inv, text).expect("write invariant");
    let proof = dir.join("deep.proof");
    std::fs::write(
        &proof,
        format!(
            "classpath {}\nmain Apprentice\ninvariant deep.inv\nprove invariant expect proved\n",
            apprentice()
        ),
    )
    .expect("write theorem file");
    let inv = inv.to_str().expect("utf-8 path");
    let out = m5(&[
        "check-invariant",
        "--classpath",
        &apprentice(),
        "Apprentice",
        inv,
    ]);
    assert_bad(&out, needles);
    let out = m5(&["prove", proof.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(2), "prove; {}", context(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    for n in needles {
        assert!(
            err.contains(n),
            "prove: stderr should contain {n:?}; {}",
            context(&out)
        );
    }
}

#[test]
fn six_thousand_parentheses_are_an_error() {
    let text = format!(
        "global {{\n  deep: {}true{}\n}}\n",
        "(".repeat(6000),
        ")".repeat(6000)
    );
    bad_invariant(
        "parens",
        &text,
        &[
            "deep.inv:2:1009",
            "expression nested deeper than 1000 levels",
        ],
    );
}

#[test]
fn fifty_thousand_negations_are_an_error() {
    let text = format!("global {{\n  deep: {}true\n}}\n", "!".repeat(50_000));
    bad_invariant(
        "bangs",
        &text,
        &[
            "deep.inv:2:1009",
            "expression nested deeper than 1000 levels",
        ],
    );
}

/// `0 + 1 + ... + 1` nests as deep as it is long (a left-deep tree).
#[test]
fn a_fifty_thousand_term_sum_is_an_error() {
    let text = format!(
        "global {{\n  deep: 0{} == 50000\n}}\n",
        " + 1".repeat(50_000)
    );
    bad_invariant(
        "sum",
        &text,
        &["deep.inv:2:", "expression nested deeper than 1000 levels"],
    );
}

/// `let x1 = x0 + 1`, ... : each use expands its definition.
#[test]
fn a_long_chain_of_definitions_is_an_error() {
    let mut text = "let x0 = 0\n".to_string();
    for i in 1..5000 {
        text.push_str(&format!("let x{i} = x{} + 1\n", i - 1));
    }
    text.push_str("global {\n  deep: x4999 == 4999\n}\n");
    bad_invariant(
        "lets",
        &text,
        &["expression nested deeper than 1000 levels once its definitions are expanded"],
    );
}

#[test]
fn a_recursive_definition_is_an_error() {
    bad_invariant(
        "recursive",
        "def f(n) = if n == 0 then 1 else f(n - 1)\nglobal {\n  r: f(3) == 1\n}\n",
        &["deep.inv:1:34", "`f` is defined in terms of itself"],
    );
}

#[test]
fn a_pc_out_of_range_is_an_error() {
    bad_invariant(
        "pc_range",
        "thread t {\n  when Apprentice.main @ 4294967296 { true }\n}\n",
        &[
            "deep.inv:2:26",
            "expected a pc from 0 to 65535",
            "4294967296",
        ],
    );
    bad_invariant(
        "line_range",
        "thread t {\n  when Apprentice.main @ lines 1..70000 { true }\n}\n",
        &[
            "deep.inv:2:35",
            "expected the last line of the range from 0 to 65535",
        ],
    );
}

/// Nesting up to the limit is fine, in every evaluator.
#[test]
fn nesting_within_the_limit_is_proved() {
    let dir = temp_dir("within_limit");
    let base = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("invariants/apprentice.inv"),
    )
    .expect("read apprentice.inv");
    let text = format!(
        "{base}\nlet d0 = heap.length\n{}global {{\n  parens: {}heap.length >= 0{}\n  bangs: {}true\n  sum: 0{} >= 0\n  lets: d400 >= 0\n}}\n",
        (1..=400)
            .map(|i| format!("let d{i} = d{}\n", i - 1))
            .collect::<String>(),
        "(".repeat(990),
        ")".repeat(990),
        "!".repeat(998),
        " + heap.length".repeat(400),
    );
    std::fs::write(dir.join("ok.inv"), text).expect("write invariant");
    let proof = dir.join("ok.proof");
    std::fs::write(
        &proof,
        format!(
            "classpath {}\nmain Apprentice\ninvariant ok.inv\nprove invariant expect proved\n",
            apprentice()
        ),
    )
    .expect("write theorem file");
    let inv = dir.join("ok.inv");
    let out = m5(&[
        "check-invariant",
        "--classpath",
        &apprentice(),
        "Apprentice",
        inv.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", context(&out));
    let out = m5(&["prove", proof.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0), "{}", context(&out));
}

// ---- schedules ---------------------------------------------------------------

#[test]
fn schedule_numbers_out_of_range_are_errors() {
    for (spec, needles) in [
        (
            "list:0,4294967296",
            &[
                "entry 2",
                "thread number from 0 to 4294967295",
                "\"4294967296\"",
            ][..],
        ),
        (
            "list:0,1*99999999999999999999",
            &[
                "entry 2",
                "repeat count 99999999999999999999 is out of range",
            ][..],
        ),
        (
            "rr:18446744073709551616",
            &["rr:K needs a positive step count K (1 to 18446744073709551615)"][..],
        ),
        (
            "random:18446744073709551616",
            &["random:SEED needs an integer seed from 0 to 18446744073709551615"][..],
        ),
        (
            "turns:-1",
            &["turns:SEED needs an integer seed from 0 to 18446744073709551615"][..],
        ),
    ] {
        let out = m5(&[
            "run",
            "--classpath",
            &apprentice(),
            "--schedule",
            spec,
            "Apprentice",
        ]);
        assert_bad(&out, needles);
    }
}
