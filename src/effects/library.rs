//! What a call of a method outside the program (the JDK, m5's model
//! library) means for determinism: the library's summaries. They are the
//! analysis's assumptions about the JDK (docs/effects.md lists them):
//! which calls start code of the program in another thread (forks), which
//! wait for one (joins), which print, which read a value a real JVM does
//! not fix (the clock, identity hash codes, unseeded randomness), which
//! only read the objects they are given, and which classes are immutable
//! or synchronize internally.

/// What a call outside the program does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibCall {
    /// Runs `what` of the objects it is given in other threads.
    Fork(Fork),
    /// Waits for the thread or task its receiver names.
    Join,
    /// Writes the program's output (stdout, stderr, the exit status).
    Output,
    /// Reads a value that differs from run to run on a real JVM.
    Unfixed(&'static str),
    /// Touches only immutable values: no effect.
    Pure,
    /// Reads (or writes) the library objects it is given: its receiver
    /// and arguments.
    Touch { write: bool },
}

/// A fork: which objects' code runs in the new threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fork {
    /// The receiver's code runs (`Thread.start`, `ForkJoinTask.fork`),
    /// else the arguments'.
    pub receiver: bool,
    /// The call returns only when the forked work is done
    /// (`ForkJoinPool.invoke`, `invokeAll`): its threads live only there.
    pub scoped: bool,
    /// Each object runs in at most one thread at a time, so accesses to its
    /// own fields from two such threads are to two objects (a `Thread` is
    /// started once; forking a task twice is a usage error).
    pub own: bool,
    /// Work of a parallel stream: many threads run the function at once.
    pub stream: bool,
    /// A description for reports: `Thread.start`.
    pub how: &'static str,
}

fn fork(receiver: bool, scoped: bool, own: bool, how: &'static str) -> LibCall {
    LibCall::Fork(Fork {
        receiver,
        scoped,
        own,
        stream: false,
        how,
    })
}

const EXECUTORS: &[&str] = &[
    "java/util/concurrent/Executor",
    "java/util/concurrent/ExecutorService",
    "java/util/concurrent/ScheduledExecutorService",
    "java/util/concurrent/AbstractExecutorService",
    "java/util/concurrent/ThreadPoolExecutor",
    "java/util/concurrent/ScheduledThreadPoolExecutor",
    "java/util/concurrent/ExecutorCompletionService",
    "java/util/concurrent/CompletionService",
];

/// Classes whose every operation synchronizes internally: conflicts on
/// them are ordered (intended nondeterminism), never data races.
pub fn thread_safe(class: &str) -> bool {
    class.starts_with("java/util/concurrent/")
        || matches!(
            class,
            "java/util/Vector"
                | "java/util/Hashtable"
                | "java/util/Stack"
                | "java/lang/StringBuffer"
                | "java/lang/Thread"
                | "java/lang/ThreadLocal"
        )
}

/// Classes whose objects never change once made: calls on them, and
/// passing them, have no effect.
pub fn immutable(class: &str) -> bool {
    matches!(
        class,
        "java/lang/String"
            | "java/lang/Integer"
            | "java/lang/Long"
            | "java/lang/Short"
            | "java/lang/Byte"
            | "java/lang/Character"
            | "java/lang/Boolean"
            | "java/lang/Double"
            | "java/lang/Float"
            | "java/lang/Number"
            | "java/lang/Math"
            | "java/lang/StrictMath"
            | "java/lang/Class"
            | "java/lang/Enum"
            | "java/lang/Record"
            | "java/math/BigInteger"
            | "java/math/BigDecimal"
            | "java/util/Objects"
            | "java/util/Optional"
            | "java/util/OptionalInt"
            | "java/util/OptionalLong"
            | "java/util/OptionalDouble"
    ) || class.starts_with("java/time/")
}

/// Methods that only read their receiver and arguments, by name.
fn reads_only(name: &str) -> bool {
    matches!(
        name,
        "get"
            | "getOrDefault"
            | "size"
            | "isEmpty"
            | "contains"
            | "containsKey"
            | "containsValue"
            | "containsAll"
            | "indexOf"
            | "lastIndexOf"
            | "equals"
            | "hashCode"
            | "toString"
            | "length"
            | "charAt"
            | "peek"
            | "getFirst"
            | "getLast"
            | "first"
            | "last"
            | "keySet"
            | "values"
            | "entrySet"
            | "toArray"
            | "getCount"
            | "intValue"
            | "longValue"
            | "doubleValue"
            | "sum"
            | "getPlain"
            | "getAcquire"
            | "getOpaque"
    )
}

/// What a call of `class.name desc` outside the program does (the class as
/// the instruction names it).
pub fn classify(class: &str, name: &str, desc: &str) -> LibCall {
    if let Some(u) = unfixed(class, name, desc) {
        return LibCall::Unfixed(u);
    }
    if class == "java/util/concurrent/CountDownLatch" && name != "<init>" {
        // Counting down commutes and an untimed await only waits: neither
        // shows the count. What does (getCount, a timed await's result,
        // toString) depends on the schedule.
        return match (name, desc) {
            ("countDown" | "await", "()V") => LibCall::Pure,
            _ => LibCall::Unfixed("a CountDownLatch's count"),
        };
    }
    if let Some(c) = concurrency(class, name, desc) {
        return c;
    }
    if (class == "java/io/PrintStream" || class == "java/io/PrintWriter")
        && !matches!(name, "checkError" | "<init>")
        || (class == "java/lang/System" || class == "java/lang/Runtime")
            && matches!(name, "exit" | "halt")
    {
        return LibCall::Output;
    }
    if immutable(class) && name != "<init>" || class == "java/lang/Object" && name == "<init>" {
        return LibCall::Pure;
    }
    LibCall::Touch {
        write: !reads_only(name),
    }
}

/// Calls that read the clock, an identity hash code or a seed a real JVM
/// takes from the environment.
fn unfixed(class: &str, name: &str, desc: &str) -> Option<&'static str> {
    Some(match (class, name) {
        ("java/lang/System", "nanoTime" | "currentTimeMillis") => "the clock",
        ("java/lang/System", "identityHashCode") => "an identity hash code",
        ("java/lang/Object", "hashCode" | "toString") => "an identity hash code",
        ("java/util/Random" | "java/util/SplittableRandom", "<init>") if desc == "()V" => {
            "a seed taken from the clock"
        }
        ("java/lang/Math" | "java/lang/StrictMath", "random") => "a seed taken from the clock",
        ("java/util/concurrent/ThreadLocalRandom", "current") => "a seed taken from the clock",
        ("java/util/UUID", "randomUUID") => "a random seed",
        (c, "now") if c.starts_with("java/time/") => "the clock",
        ("java/time/Clock", _) => "the clock",
        _ => return None,
    })
}

/// Forks and joins of `java.lang.Thread` and `java.util.concurrent`.
fn concurrency(class: &str, name: &str, desc: &str) -> Option<LibCall> {
    let fj = class.starts_with("java/util/concurrent/")
        && (class.contains("ForkJoinTask")
            || class.ends_with("RecursiveTask")
            || class.ends_with("RecursiveAction")
            || class.ends_with("CountedCompleter"));
    Some(match (class, name) {
        ("java/lang/Thread", "start") => fork(true, false, true, "Thread.start"),
        ("java/lang/Thread", "startVirtualThread") => {
            fork(false, false, false, "Thread.startVirtualThread")
        }
        // A timed join may return while the thread still runs; a timed
        // `get` returns normally only once the task is done.
        ("java/lang/Thread", "join") if desc == "()V" => LibCall::Join,
        ("java/lang/Thread", "join") => LibCall::Touch { write: false },
        (
            "java/util/concurrent/Future"
            | "java/util/concurrent/FutureTask"
            | "java/util/concurrent/CompletableFuture"
            | "java/util/concurrent/RunnableFuture",
            "get" | "join",
        ) => LibCall::Join,
        (
            "java/lang/Thread$Builder"
            | "java/lang/Thread$Builder$OfVirtual"
            | "java/lang/Thread$Builder$OfPlatform",
            "start" | "unstarted",
        ) => fork(false, false, false, "Thread.Builder.start"),
        (
            c,
            "execute"
            | "submit"
            | "invokeAll"
            | "invokeAny"
            | "schedule"
            | "scheduleAtFixedRate"
            | "scheduleWithFixedDelay",
        ) if EXECUTORS.contains(&c) => {
            let scoped = matches!(name, "invokeAll" | "invokeAny");
            fork(false, scoped, false, "an executor")
        }
        ("java/util/Timer", n) if n.starts_with("schedule") => {
            fork(false, false, false, "Timer.schedule")
        }
        (_, "fork") if fj => fork(true, false, true, "ForkJoinTask.fork"),
        (_, "invoke") if fj => fork(true, true, true, "ForkJoinTask.invoke"),
        (_, "invokeAll") if fj => fork(false, true, true, "ForkJoinTask.invokeAll"),
        (_, "join" | "get" | "quietlyJoin") if fj => LibCall::Join,
        ("java/util/concurrent/ForkJoinPool", "invoke" | "invokeAll") => {
            fork(false, true, true, "ForkJoinPool.invoke")
        }
        ("java/util/concurrent/ForkJoinPool", "submit" | "execute") => {
            fork(false, false, true, "ForkJoinPool.submit")
        }
        ("java/util/concurrent/CompletableFuture" | "java/util/concurrent/CompletionStage", n)
            if n.ends_with("Async")
                || n.starts_with("then")
                || n.starts_with("when")
                || n.starts_with("handle")
                || n.starts_with("exceptionally")
                || n.starts_with("accept")
                || n.starts_with("apply")
                || n.starts_with("run") =>
        {
            fork(false, false, false, "CompletableFuture")
        }
        (c, _) if c.starts_with("java/util/stream/") && !c.ends_with("Collectors") => {
            return Some(LibCall::Fork(Fork {
                receiver: false,
                scoped: false,
                own: false,
                stream: true,
                how: "a stream",
            }));
        }
        _ => return None,
    })
}

/// Does this call make a stream parallel (or may hand one over)?
pub fn makes_parallel(class: &str, name: &str) -> bool {
    matches!(name, "parallel" | "parallelStream")
        && (class.starts_with("java/util/stream/") || class.starts_with("java/util/"))
        // StreamSupport's factories take the parallel flag as an argument.
        || class == "java/util/stream/StreamSupport"
}
