//! The true natives beneath m5's model library, and the VM's own
//! allocation helpers. Each native sees its arguments (receiver first)
//! before they are popped, and either returns, throws, or blocks — blocking
//! must leave the state untouched, so that a blocked step is a no-op.

use std::sync::Arc;

use crate::classfile::{ClassId, Selected};
use crate::state::*;

use super::VmError;
use super::clock;
use super::javafmt::{double_to_string, float_to_string};
use super::strings::new_string;

pub enum NativeResult {
    Return(Option<Value>),
    Throw(&'static str, Option<String>),
    /// Cannot go on until the event happens; the state is unchanged.
    Block(Wake),
    /// The native began a class's initialization (its frames are pushed;
    /// the call runs again when they return) or threw: nothing more to do.
    Again,
}

pub type NativeFn = fn(&mut State, ThreadId, &[Value]) -> Result<NativeResult, VmError>;

use NativeResult::*;

use super::offsets as U;
use super::offsets::Op;
use super::parking as P;
use super::system as SP;
use super::varhandle as VH;

const UNSAFE: &str = "jdk/internal/misc/Unsafe";

fn ret(v: Value) -> Result<NativeResult, VmError> {
    Ok(Return(Some(v)))
}
fn void() -> Result<NativeResult, VmError> {
    Ok(Return(None))
}
fn npe() -> Result<NativeResult, VmError> {
    Ok(Throw("java/lang/NullPointerException", None))
}
fn arg_ref(args: &[Value], i: usize) -> Option<Ref> {
    args.get(i).and_then(|v| v.as_ref())
}
fn ret_string(s: &mut State, text: &str) -> Result<NativeResult, VmError> {
    let r = new_string(s, text);
    ret(Value::Ref(r))
}

/// (class, name, descriptor, implementation). The library's NATIVES.md
/// documents the same table.
pub static NATIVES: &[(&str, &str, &str, NativeFn)] = &[
    (
        "java/lang/Object",
        "getClass",
        "()Ljava/lang/Class;",
        object_get_class,
    ),
    ("java/lang/Object", "hashCode", "()I", identity_hash),
    (
        "java/lang/Throwable",
        "stackTraceLines",
        "(Ljava/lang/Throwable;)Ljava/lang/String;",
        throwable_stack_trace_lines,
    ),
    (
        "java/lang/Object",
        "clone",
        "()Ljava/lang/Object;",
        object_clone,
    ),
    ("java/lang/Object", "wait", "()V", object_wait),
    ("java/lang/Object", "wait", "(J)V", object_wait_timed),
    ("java/lang/Object", "notify", "()V", object_notify),
    ("java/lang/Object", "notifyAll", "()V", object_notify_all),
    (
        "java/lang/Class",
        "getName",
        "()Ljava/lang/String;",
        class_get_name,
    ),
    (
        "java/lang/Class",
        "desiredAssertionStatus",
        "()Z",
        class_assertions,
    ),
    ("java/lang/Class", "isInterface", "()Z", class_is_interface),
    (
        "java/lang/Class",
        "isInstance",
        "(Ljava/lang/Object;)Z",
        class_is_instance,
    ),
    ("java/lang/Thread", "start", "()V", thread_start),
    (
        "java/lang/Thread",
        "currentThread",
        "()Ljava/lang/Thread;",
        thread_current,
    ),
    ("java/lang/Thread", "sleep", "(J)V", thread_sleep),
    ("java/lang/Thread", "yield", "()V", nothing),
    ("java/lang/Thread", "interrupt", "()V", P::interrupt),
    (
        "java/lang/Thread",
        "isInterrupted",
        "()Z",
        P::is_interrupted,
    ),
    ("java/lang/Thread", "interrupted", "()Z", P::interrupted),
    (
        "java/lang/Thread",
        "getName",
        "()Ljava/lang/String;",
        super::threads::get_name,
    ),
    ("java/lang/Thread", "isAlive", "()Z", thread_is_alive),
    (
        "java/lang/Thread",
        "nextThreadId",
        "()J",
        super::threads::next_thread_id,
    ),
    (
        "java/lang/ThreadGroup",
        "activeCount",
        "()I",
        super::threads::active_count,
    ),
    (
        "java/lang/String",
        "intern",
        "()Ljava/lang/String;",
        string_intern,
    ),
    (
        "java/lang/System",
        "arraycopy",
        "(Ljava/lang/Object;ILjava/lang/Object;II)V",
        system_arraycopy,
    ),
    ("java/lang/System", "exit", "(I)V", system_exit),
    (
        "java/lang/System",
        "currentTimeMillis",
        "()J",
        system_millis,
    ),
    ("java/lang/System", "nanoTime", "()J", system_nanos),
    (
        "java/lang/System",
        "identityHashCode",
        "(Ljava/lang/Object;)I",
        system_identity_hash,
    ),
    (
        "java/io/PrintStream",
        "write",
        "(Ljava/lang/String;)V",
        print_write,
    ),
    (
        "java/lang/Double",
        "toString",
        "(D)Ljava/lang/String;",
        double_to_str,
    ),
    (
        "java/lang/Double",
        "doubleToRawLongBits",
        "(D)J",
        double_bits,
    ),
    ("java/lang/Double", "longBitsToDouble", "(J)D", bits_double),
    (
        "java/lang/Double",
        "parseDouble",
        "(Ljava/lang/String;)D",
        parse_double,
    ),
    (
        "java/lang/Float",
        "toString",
        "(F)Ljava/lang/String;",
        float_to_str,
    ),
    ("java/lang/Float", "floatToRawIntBits", "(F)I", float_bits),
    ("java/lang/Float", "intBitsToFloat", "(I)F", bits_float),
    (
        "java/lang/Float",
        "parseFloat",
        "(Ljava/lang/String;)F",
        parse_float,
    ),
    ("java/lang/Math", "sqrt", "(D)D", math_sqrt),
    ("java/lang/Math", "sin", "(D)D", math_sin),
    ("java/lang/Math", "cos", "(D)D", math_cos),
    ("java/lang/Math", "tan", "(D)D", math_tan),
    ("java/lang/Math", "atan", "(D)D", math_atan),
    ("java/lang/Math", "asin", "(D)D", math_asin),
    ("java/lang/Math", "acos", "(D)D", math_acos),
    ("java/lang/Math", "atan2", "(DD)D", math_atan2),
    ("java/lang/Math", "exp", "(D)D", math_exp),
    ("java/lang/Math", "log", "(D)D", math_log),
    ("java/lang/Math", "log10", "(D)D", math_log10),
    ("java/lang/Math", "pow", "(DD)D", math_pow),
    ("java/lang/Math", "cbrt", "(D)D", math_cbrt),
    ("java/lang/Math", "floor", "(D)D", math_floor),
    ("java/lang/Math", "ceil", "(D)D", math_ceil),
    ("java/lang/Math", "rint", "(D)D", math_rint),
    (
        "java/lang/Enum",
        "valueOf",
        "(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Enum;",
        enum_value_of,
    ),
    // jdk.internal.misc.Unsafe (offsets.rs): memory by offset.
    (UNSAFE, "registerNatives", "()V", nothing),
    (
        UNSAFE,
        "objectFieldOffset1",
        "(Ljava/lang/Class;Ljava/lang/String;)J",
        U::field_offset,
    ),
    (
        UNSAFE,
        "arrayBaseOffset0",
        "(Ljava/lang/Class;)I",
        U::array_base,
    ),
    (
        UNSAFE,
        "arrayIndexScale0",
        "(Ljava/lang/Class;)I",
        U::array_scale,
    ),
    (UNSAFE, "fullFence", "()V", nothing),
    (UNSAFE, "loadFence", "()V", nothing),
    (UNSAFE, "storeFence", "()V", nothing),
    (
        UNSAFE,
        "getInt",
        "(Ljava/lang/Object;J)I",
        U::access::<'I', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getIntVolatile",
        "(Ljava/lang/Object;J)I",
        U::access::<'I', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getLong",
        "(Ljava/lang/Object;J)J",
        U::access::<'J', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getLongVolatile",
        "(Ljava/lang/Object;J)J",
        U::access::<'J', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getReference",
        "(Ljava/lang/Object;J)Ljava/lang/Object;",
        U::access::<'L', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getReferenceVolatile",
        "(Ljava/lang/Object;J)Ljava/lang/Object;",
        U::access::<'L', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getBoolean",
        "(Ljava/lang/Object;J)Z",
        U::access::<'Z', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getBooleanVolatile",
        "(Ljava/lang/Object;J)Z",
        U::access::<'Z', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getByte",
        "(Ljava/lang/Object;J)B",
        U::access::<'B', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getByteVolatile",
        "(Ljava/lang/Object;J)B",
        U::access::<'B', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getShort",
        "(Ljava/lang/Object;J)S",
        U::access::<'S', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getShortVolatile",
        "(Ljava/lang/Object;J)S",
        U::access::<'S', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getChar",
        "(Ljava/lang/Object;J)C",
        U::access::<'C', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getCharVolatile",
        "(Ljava/lang/Object;J)C",
        U::access::<'C', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getFloat",
        "(Ljava/lang/Object;J)F",
        U::access::<'F', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getFloatVolatile",
        "(Ljava/lang/Object;J)F",
        U::access::<'F', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getDouble",
        "(Ljava/lang/Object;J)D",
        U::access::<'D', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "getDoubleVolatile",
        "(Ljava/lang/Object;J)D",
        U::access::<'D', { Op::Get as u8 }>,
    ),
    (
        UNSAFE,
        "putInt",
        "(Ljava/lang/Object;JI)V",
        U::access::<'I', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putIntVolatile",
        "(Ljava/lang/Object;JI)V",
        U::access::<'I', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putLong",
        "(Ljava/lang/Object;JJ)V",
        U::access::<'J', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putLongVolatile",
        "(Ljava/lang/Object;JJ)V",
        U::access::<'J', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putReference",
        "(Ljava/lang/Object;JLjava/lang/Object;)V",
        U::access::<'L', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putReferenceVolatile",
        "(Ljava/lang/Object;JLjava/lang/Object;)V",
        U::access::<'L', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putBoolean",
        "(Ljava/lang/Object;JZ)V",
        U::access::<'Z', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putBooleanVolatile",
        "(Ljava/lang/Object;JZ)V",
        U::access::<'Z', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putByte",
        "(Ljava/lang/Object;JB)V",
        U::access::<'B', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putByteVolatile",
        "(Ljava/lang/Object;JB)V",
        U::access::<'B', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putShort",
        "(Ljava/lang/Object;JS)V",
        U::access::<'S', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putShortVolatile",
        "(Ljava/lang/Object;JS)V",
        U::access::<'S', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putChar",
        "(Ljava/lang/Object;JC)V",
        U::access::<'C', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putCharVolatile",
        "(Ljava/lang/Object;JC)V",
        U::access::<'C', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putFloat",
        "(Ljava/lang/Object;JF)V",
        U::access::<'F', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putFloatVolatile",
        "(Ljava/lang/Object;JF)V",
        U::access::<'F', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putDouble",
        "(Ljava/lang/Object;JD)V",
        U::access::<'D', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "putDoubleVolatile",
        "(Ljava/lang/Object;JD)V",
        U::access::<'D', { Op::Set as u8 }>,
    ),
    (
        UNSAFE,
        "compareAndSetInt",
        "(Ljava/lang/Object;JII)Z",
        U::access::<'I', { Op::CompareAndSet as u8 }>,
    ),
    (
        UNSAFE,
        "compareAndSetLong",
        "(Ljava/lang/Object;JJJ)Z",
        U::access::<'J', { Op::CompareAndSet as u8 }>,
    ),
    (
        UNSAFE,
        "compareAndSetReference",
        "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z",
        U::access::<'L', { Op::CompareAndSet as u8 }>,
    ),
    (
        UNSAFE,
        "compareAndExchangeInt",
        "(Ljava/lang/Object;JII)I",
        U::access::<'I', { Op::CompareAndExchange as u8 }>,
    ),
    (
        UNSAFE,
        "compareAndExchangeLong",
        "(Ljava/lang/Object;JJJ)J",
        U::access::<'J', { Op::CompareAndExchange as u8 }>,
    ),
    (
        UNSAFE,
        "compareAndExchangeReference",
        "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
        U::access::<'L', { Op::CompareAndExchange as u8 }>,
    ),
    // jdk.internal.misc.CDS: no class-data sharing archive in m5.
    ("jdk/internal/misc/CDS", "isDumpingClassList0", "()Z", no),
    ("jdk/internal/misc/CDS", "isDumpingArchive0", "()Z", no),
    ("jdk/internal/misc/CDS", "isSharingEnabled0", "()Z", no),
    (
        "jdk/internal/misc/CDS",
        "initializeFromArchive",
        "(Ljava/lang/Class;)V",
        nothing,
    ),
    (
        "jdk/internal/misc/CDS",
        "getRandomSeedForDumping",
        "()J",
        zero_long,
    ),
    // System properties and the environment (system.rs): one table.
    (
        "java/lang/System",
        "property0",
        "(Ljava/lang/String;)Ljava/lang/Object;",
        SP::property0,
    ),
    (
        "java/lang/System",
        "initialProperty",
        "(Ljava/lang/String;)Ljava/lang/String;",
        SP::initial_property,
    ),
    (
        "java/lang/System",
        "props0",
        "()Ljava/util/Properties;",
        SP::props0,
    ),
    (
        "java/lang/System",
        "publish",
        "(Ljava/util/Properties;)Ljava/util/Properties;",
        SP::publish,
    ),
    (
        "java/lang/System",
        "setProps0",
        "(Ljava/util/Properties;)V",
        SP::set_props0,
    ),
    ("java/lang/System", "env0", "()Ljava/util/Map;", SP::env0),
    (
        "java/lang/System",
        "publishEnv",
        "(Ljava/util/Map;)Ljava/util/Map;",
        SP::publish_env,
    ),
    (
        "java/lang/System",
        "environ",
        "()[Ljava/lang/String;",
        SP::environ,
    ),
    (
        "java/lang/System",
        "getenv",
        "(Ljava/lang/String;)Ljava/lang/String;",
        SP::getenv0,
    ),
    ("java/lang/SystemProperties", "size0", "()I", SP::size0),
    (
        "java/lang/SystemProperties",
        "initial0",
        "(Ljava/lang/String;)Ljava/lang/String;",
        SP::initial_property,
    ),
    (
        "java/lang/SystemProperties",
        "known0",
        "()[Ljava/lang/String;",
        SP::known0,
    ),
    (
        "java/lang/SystemProperties",
        "unknown0",
        "()[Ljava/lang/String;",
        SP::unknown0,
    ),
    (
        "java/lang/SystemProperties",
        "notModeled",
        "(Ljava/lang/String;)V",
        SP::not_modeled0,
    ),
    (
        "jdk/internal/reflect/Reflection",
        "getCallerClass",
        "()Ljava/lang/Class;",
        reflection_caller_class,
    ),
    (
        "java/util/concurrent/atomic/AtomicLong",
        "VMSupportsCS8",
        "()Z",
        yes,
    ),
    (
        "java/lang/Class",
        "getPrimitiveClass",
        "(Ljava/lang/String;)Ljava/lang/Class;",
        class_primitive,
    ),
    (
        "java/lang/Class",
        "getComponentType",
        "()Ljava/lang/Class;",
        class_component,
    ),
    (
        "java/lang/reflect/Array",
        "newArray",
        "(Ljava/lang/Class;I)Ljava/lang/Object;",
        reflect_new_array,
    ),
    // m5 is one processor: threads interleave, one step at a time.
    ("java/lang/Runtime", "availableProcessors", "()I", yes),
    // JDK methods m5 answers itself (bound though not native: see `bind`).
    (
        "jdk/internal/access/SharedSecrets",
        "getJavaLangAccess",
        "()Ljdk/internal/access/JavaLangAccess;",
        lang_access,
    ),
    (
        "java/lang/LangAccess",
        "getEnumConstantsShared",
        "(Ljava/lang/Class;)[Ljava/lang/Enum;",
        enum_constants,
    ),
    (UNSAFE, "park", "(ZJ)V", P::park),
    (UNSAFE, "unpark", "(Ljava/lang/Object;)V", P::unpark),
    // java.lang.invoke.VarHandle (varhandle.rs): signature-polymorphic accesses.
    (
        "java/lang/invoke/VarHandle",
        "get",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::Get as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getVolatile",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::Get as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getOpaque",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::Get as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAcquire",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::Get as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "set",
        "([Ljava/lang/Object;)V",
        VH::access::<{ Op::Set as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "setVolatile",
        "([Ljava/lang/Object;)V",
        VH::access::<{ Op::Set as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "setOpaque",
        "([Ljava/lang/Object;)V",
        VH::access::<{ Op::Set as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "setRelease",
        "([Ljava/lang/Object;)V",
        VH::access::<{ Op::Set as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "compareAndSet",
        "([Ljava/lang/Object;)Z",
        VH::access::<{ Op::CompareAndSet as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "weakCompareAndSet",
        "([Ljava/lang/Object;)Z",
        VH::access::<{ Op::CompareAndSet as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "weakCompareAndSetPlain",
        "([Ljava/lang/Object;)Z",
        VH::access::<{ Op::CompareAndSet as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "weakCompareAndSetAcquire",
        "([Ljava/lang/Object;)Z",
        VH::access::<{ Op::CompareAndSet as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "weakCompareAndSetRelease",
        "([Ljava/lang/Object;)Z",
        VH::access::<{ Op::CompareAndSet as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "compareAndExchange",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::CompareAndExchange as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "compareAndExchangeAcquire",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::CompareAndExchange as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "compareAndExchangeRelease",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::CompareAndExchange as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndSet",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndSet as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndSetAcquire",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndSet as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndSetRelease",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndSet as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndAdd",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndAdd as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndAddAcquire",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndAdd as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndAddRelease",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndAdd as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndBitwiseOr",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndOr as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndBitwiseOrAcquire",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndOr as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndBitwiseOrRelease",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndOr as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndBitwiseAnd",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndAnd as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndBitwiseAndAcquire",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndAnd as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndBitwiseAndRelease",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndAnd as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndBitwiseXor",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndXor as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndBitwiseXorAcquire",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndXor as u8 }>,
    ),
    (
        "java/lang/invoke/VarHandle",
        "getAndBitwiseXorRelease",
        "([Ljava/lang/Object;)Ljava/lang/Object;",
        VH::access::<{ Op::GetAndXor as u8 }>,
    ),
    (
        "java/lang/invoke/MethodHandles$Lookup",
        "findVarHandle",
        "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;",
        VH::find_var_handle,
    ),
    (
        "java/lang/invoke/MethodHandles$Lookup",
        "findStaticVarHandle",
        "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;",
        VH::find_static_var_handle,
    ),
    (
        "java/lang/invoke/MethodHandles",
        "arrayElementVarHandle",
        "(Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;",
        VH::array_element_var_handle,
    ),
    ("java/lang/Thread", "state0", "()I", thread_state),
    (
        "java/lang/NullPointerException",
        "getExtendedNPEMessage",
        "()Ljava/lang/String;",
        npe_message,
    ),
    (
        "java/lang/Class",
        "getDeclaredField",
        "(Ljava/lang/String;)Ljava/lang/reflect/Field;",
        class_declared_field,
    ),
    ("java/lang/Class", "isHidden", "()Z", class_is_hidden),
    ("java/lang/Class", "isRecord", "()Z", class_is_record),
    (
        UNSAFE,
        "objectFieldOffset0",
        "(Ljava/lang/reflect/Field;)J",
        U::field_offset_of,
    ),
    // The JDK's StrictMath natives: the same functions as Math's.
    ("java/lang/StrictMath", "sqrt", "(D)D", math_sqrt),
    ("java/lang/StrictMath", "sin", "(D)D", math_sin),
    ("java/lang/StrictMath", "cos", "(D)D", math_cos),
    ("java/lang/StrictMath", "tan", "(D)D", math_tan),
    ("java/lang/StrictMath", "atan", "(D)D", math_atan),
    ("java/lang/StrictMath", "asin", "(D)D", math_asin),
    ("java/lang/StrictMath", "acos", "(D)D", math_acos),
    ("java/lang/StrictMath", "atan2", "(DD)D", math_atan2),
    ("java/lang/StrictMath", "log", "(D)D", math_log),
    ("java/lang/StrictMath", "log10", "(D)D", math_log10),
    (
        "java/lang/Class",
        "getSuperclass",
        "()Ljava/lang/Class;",
        class_superclass,
    ),
    (
        "java/lang/Class",
        "forName",
        "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;",
        class_for_name,
    ),
];

/// Binds a native method to its implementation (index into `NATIVES`).
///
/// The loader asks for every native method, and for every method of the
/// JDK's classes: an entry for a JDK method that is not native replaces
/// its bytecode (Java PathFinder's native peers), where the JDK's code
/// needs what only the VM sets up (SharedSecrets' access objects).
pub fn bind(class: &str, name: &str, desc: &str) -> Option<u16> {
    static INDEX: std::sync::OnceLock<rustc_hash::FxHashMap<(&str, &str, &str), u16>> =
        std::sync::OnceLock::new();
    INDEX
        .get_or_init(|| {
            NATIVES
                .iter()
                .enumerate()
                .map(|(i, (c, n, d, _))| ((*c, *n, *d), i as u16))
                .collect()
        })
        .get(&(class, name, desc))
        .copied()
}

// ---- allocation and type helpers used by the interpreter -------------------

pub fn alloc_instance(s: &mut State, cid: ClassId) -> Ref {
    let fields: Vec<Value> = s
        .classes
        .class(cid)
        .layout
        .iter()
        .map(|f| Value::default_for(&f.desc))
        .collect();
    s.alloc(Object::new(cid, Body::Fields(fields)))
}

pub fn alloc_array(s: &mut State, elem: &str, data: ArrayData) -> Ref {
    let object = s
        .classes
        .id("java/lang/Object")
        .expect("library has Object");
    s.alloc(Object::new(
        object,
        Body::Array {
            elem: elem.into(),
            data,
        },
    ))
}

/// `newarray`/`anewarray`/`multianewarray`: nested arrays for each count given.
pub fn alloc_multi_array(s: &mut State, elem: &str, counts: &[i32]) -> Ref {
    let n = counts[0] as usize;
    if counts.len() == 1 {
        return alloc_array(s, elem, ArrayData::new(elem, n));
    }
    let sub = &elem[1..];
    let items: Vec<Value> = (0..n)
        .map(|_| Value::Ref(alloc_multi_array(s, sub, &counts[1..])))
        .collect();
    alloc_array(s, elem, ArrayData::A(items))
}

/// The `java.lang.Class` object for an internal name or array descriptor.
pub fn mirror(s: &mut State, name: &str) -> Result<Ref, VmError> {
    if let Some(r) = s.mirrors.get(name) {
        return Ok(*r);
    }
    let cid = s.classes.id("java/lang/Class").expect("library has Class");
    let fields: Vec<Value> = s
        .classes
        .class(cid)
        .layout
        .iter()
        .map(|f| Value::default_for(&f.desc))
        .collect();
    let key: Arc<str> = name.into();
    let r = s.alloc(Object::new(
        cid,
        Body::Mirror {
            fields,
            name: key.clone(),
        },
    ));
    s.mirrors.insert(key, r);
    Ok(r)
}

/// The descriptor of the object's own type: `LFoo;` or `[I`.
fn type_desc(s: &State, r: Ref) -> String {
    let o = s.object(r);
    match &o.body {
        Body::Array { elem, .. } => format!("[{elem}"),
        _ => format!("L{};", s.classes.class(o.class).name),
    }
}

/// Can a value of type `from` be stored where type `to` is expected
/// (JVMS 6.5 checkcast rules)? Both are field descriptors.
fn desc_assignable(s: &State, from: &str, to: &str) -> bool {
    // Arrays of references: their element types, one dimension at a time.
    let (mut from, mut to) = (from, to);
    while from != to && from.starts_with('[') && to.starts_with('[') {
        let (f, t) = (&from[1..], &to[1..]);
        let refs = |d: &str| d.starts_with('L') || d.starts_with('[');
        if !(refs(f) && refs(t)) {
            return false;
        }
        (from, to) = (f, t);
    }
    if from == to {
        return true;
    }
    match (from.as_bytes()[0], to.as_bytes()[0]) {
        (b'L', b'L') => {
            let (f, t) = (&from[1..from.len() - 1], &to[1..to.len() - 1]);
            match (s.classes.id(f), s.classes.id(t)) {
                (Some(a), Some(b)) => s.classes.is_subclass(a, b),
                _ => false,
            }
        }
        (b'[', b'L') => matches!(
            to,
            "Ljava/lang/Object;" | "Ljava/lang/Cloneable;" | "Ljava/io/Serializable;"
        ),
        _ => false,
    }
}

/// Is the object at `r` an instance of the type with descriptor `to`?
pub fn assignable_to(s: &State, r: Ref, to: &str) -> bool {
    desc_assignable(s, &type_desc(s, r), to)
}

/// `getClass().getName()`: dotted class names; arrays as `[I`, `[Ljava.lang.String;`.
pub fn java_class_name(s: &State, r: Ref) -> String {
    let o = s.object(r);
    match &o.body {
        Body::Array { elem, .. } => format!("[{elem}").replace('/', "."),
        _ => s.classes.class(o.class).name.replace('/', "."),
    }
}

/// A new thread-table entry for a new Thread object: unscheduled, its call
/// stack already holding the `run()` frame (M5's model).
pub fn add_thread_entry(s: &mut State, r: Ref, cid: ClassId) -> Result<(), VmError> {
    let run = s
        .classes
        .resolve_method(cid, "run", "()V")
        .and_then(|m| match s.classes.select(cid, m) {
            Selected::Method(m) => Some(m),
            _ => None,
        })
        .ok_or_else(|| {
            VmError::Other(format!(
                "class {} has no run() method",
                s.classes.class(cid).name
            ))
        })?;
    let method = s.classes.method(run).clone();
    let frame = Frame::new(method, &[Value::Ref(r)]);
    let th = s.threads.len() as ThreadId;
    s.thread_of_object.entry(r).or_insert(th);
    s.threads.push_back(Arc::new(Thread {
        stack: vec![Arc::new(frame)],
        status: Status::Unscheduled,
        daemon: false,
        object: Some(r),
        wait: None,
        inits: Vec::new(),
        timeout: None,
        fingerprint: Default::default(),
    }));
    Ok(())
}

/// A thread's last frame is gone: as the JDK's Thread exit, it clears the
/// thread object's `target` and notifies every thread waiting on the thread
/// object (that is how `join` returns).
pub fn thread_ended(s: &mut State, th: ThreadId) {
    s.aux.sched_gen += 1;
    s.aux.wakes.push(Wake::Ended(th));
    if !s.threads[th as usize].daemon {
        s.alive -= 1;
    }
    if let Some(obj) = s.threads[th as usize].object {
        s.set_field(obj, "target", Value::Null);
        super::waitset::notify_all(s, obj);
    }
}

/// The first thread whose thread object is `r` (M5's rule for `start`).
fn thread_of(s: &State, r: Ref) -> Option<ThreadId> {
    s.thread_of_object.get(&r).copied()
}

/// The name HotSpot gives the thread (`threads::name`).
pub fn thread_name(s: &State, th: ThreadId) -> String {
    super::threads::name(s, th)
}

// ---- java.lang.Object -------------------------------------------------------

fn object_get_class(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = match &s.object(r).body {
        Body::Array { elem, .. } => format!("[{elem}"),
        _ => s.classes.class(s.object(r).class).name.to_string(),
    };
    ret(Value::Ref(mirror(s, &name)?))
}

fn hash_of(r: Ref) -> i32 {
    // A fixed scramble of the address: stable for the object's life, like
    // HotSpot's identity hash, but deterministic.
    ((r as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as i32 & 0x7FFF_FFFF
}

/// m5's `Throwable.stackTraceLines(enclosing)`: the `\tat ...` lines
/// `printStackTrace` prints for the throwable.
fn throwable_stack_trace_lines(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let text = super::backtrace::lines(s, r, arg_ref(a, 1));
    ret_string(s, &text)
}

/// Identity hash codes come from allocation order here, and from a
/// per-thread random generator on HotSpot: a value a real JVM does not fix.
fn identity_hash(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    match arg_ref(a, 0) {
        Some(r) => {
            super::unfixed::record(s, th, "Object.hashCode");
            ret(Value::Int(hash_of(r)))
        }
        None => npe(),
    }
}

fn system_identity_hash(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    // The identity hash of null is 0 on every JVM.
    if arg_ref(a, 0).is_some() {
        super::unfixed::record(s, th, "System.identityHashCode");
    }
    ret(Value::Int(arg_ref(a, 0).map_or(0, hash_of)))
}

fn object_clone(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let o = s.object(r).clone();
    let cloneable = s.classes.id("java/lang/Cloneable");
    let ok = o.array().is_some() || cloneable.is_some_and(|c| s.classes.is_subclass(o.class, c));
    if !ok {
        return Ok(Throw(
            "java/lang/CloneNotSupportedException",
            Some(java_class_name(s, r)),
        ));
    }
    let copy = Object {
        monitor: 0,
        mcount: 0,
        wait_set: Vec::new(),
        notices: Vec::new(),
        ..o
    };
    ret(Value::Ref(s.alloc(copy)))
}

fn not_owner() -> Result<NativeResult, VmError> {
    Ok(Throw(
        "java/lang/IllegalMonitorStateException",
        Some("current thread is not owner".into()),
    ))
}

fn wait_impl(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
    deadline: Option<i64>,
) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let o = s.object(r);
    if o.mcount == 0 || o.monitor != th {
        return not_owner();
    }
    let count = o.mcount;
    if P::take_interrupt(s, th)? {
        return Ok(Throw("java/lang/InterruptedException", None));
    }
    let o = s.object_mut(r);
    o.mcount = 0;
    o.monitor = 0;
    super::waitset::enter(s, r, th);
    s.aux.sched_gen += 1;
    s.aux.timed_gen += u64::from(deadline.is_some());
    s.aux.wakes.push(Wake::Monitor(r));
    s.thread_mut(th).wait = Some(Wait {
        object: r,
        count,
        notified: false,
        deadline,
    });
    void()
}

fn object_wait(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    wait_impl(s, th, a, None)
}

/// `wait(ms)`: as `wait()`, but the timeout may end it at any step (moving
/// the clock to its deadline, `clock`); `wait(0)` waits for a notify.
fn object_wait_timed(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let ms = a.get(1).map_or(0, |v| v.as_long());
    if ms < 0 {
        return Ok(Throw(
            "java/lang/IllegalArgumentException",
            Some("timeout value is negative".into()),
        ));
    }
    let deadline = (ms > 0).then(|| clock::deadline_after(s, clock::millis_to_nanos(ms)));
    wait_impl(s, th, a, deadline)
}

fn notify_impl(
    s: &mut State,
    th: ThreadId,
    a: &[Value],
    all: bool,
) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let o = s.object(r);
    if o.mcount == 0 || o.monitor != th {
        return not_owner();
    }
    if all {
        super::waitset::notify_all(s, r);
    } else {
        super::waitset::notify(s, r);
    }
    void()
}

fn object_notify(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    notify_impl(s, th, a, false)
}
fn object_notify_all(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    notify_impl(s, th, a, true)
}

// ---- java.lang.Class ----------------------------------------------------------

/// The internal name a `Class` object mirrors.
pub(crate) fn mirrored(s: &State, r: Ref) -> Arc<str> {
    match &s.object(r).body {
        Body::Mirror { name, .. } => name.clone(),
        _ => "java/lang/Object".into(),
    }
}

fn class_get_name(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, r).replace('/', ".");
    ret_string(s, &name)
}

fn class_assertions(s: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Int(i32::from(s.config.assertions)))
}

fn class_is_interface(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, r);
    ret(Value::Int(i32::from(
        s.classes.by_name(&name).is_some_and(|c| c.is_interface()),
    )))
}

fn class_is_instance(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, r);
    let desc = if name.starts_with('[') {
        name.to_string()
    } else {
        format!("L{name};")
    };
    ret(Value::Int(i32::from(
        arg_ref(a, 1).is_some_and(|o| assignable_to(s, o, &desc)),
    )))
}

// ---- java.lang.Thread -----------------------------------------------------------

/// `start` marks the first thread whose object is the receiver as scheduled.
fn thread_start(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    match thread_of(s, r) {
        Some(t) if s.threads[t as usize].status == Status::Unscheduled => {
            // A daemon does not keep the program alive (JLS 12.8); its
            // status is fixed from here on (setDaemon throws while alive).
            let daemon = super::threads::is_daemon(s, r)?;
            let x = s.thread_mut(t);
            x.status = Status::Scheduled;
            x.daemon = daemon;
            s.aux.sched_gen += 1;
            s.aux.wakes.push(Wake::Started(t));
            if !daemon {
                s.alive += 1;
            }
            void()
        }
        _ => Ok(Throw("java/lang/IllegalThreadStateException", None)),
    }
}

pub(crate) fn thread_current(
    s: &mut State,
    th: ThreadId,
    _: &[Value],
) -> Result<NativeResult, VmError> {
    if let Some(r) = s.threads[th as usize].object {
        return ret(Value::Ref(r));
    }
    // Main's Thread object is made when first asked for (M5's main has none).
    let cid = s
        .classes
        .id("java/lang/Thread")
        .expect("library has Thread");
    let r = alloc_instance(s, cid);
    super::threads::init_main_object(s, r)?;
    s.thread_mut(th).object = Some(r);
    s.thread_of_object.insert(r, th);
    ret(Value::Ref(r))
}

/// `sleep(ms)` takes two steps: the call sets the thread's deadline on the
/// virtual clock and runs again as the next step, which ends the sleep at
/// any time (`clock`): by an interrupt that came meanwhile, or by timing
/// out. A negative time throws, as does an interrupt pending at the call,
/// even for `sleep(0)` (as HotSpot's); `sleep(0)` is a scheduling point.
fn thread_sleep(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let interrupted = || {
        Ok(Throw(
            "java/lang/InterruptedException",
            Some("sleep interrupted".into()),
        ))
    };
    if let Some(deadline) = s.threads[th as usize].timeout {
        s.thread_mut(th).timeout = None;
        if P::take_interrupt(s, th)? {
            return interrupted();
        }
        clock::time_out(s, deadline);
        return void();
    }
    let ms = a.first().map_or(0, |v| v.as_long());
    if ms < 0 {
        return Ok(Throw(
            "java/lang/IllegalArgumentException",
            Some("timeout value is negative".into()),
        ));
    }
    if P::take_interrupt(s, th)? {
        return interrupted();
    }
    if ms == 0 {
        return void();
    }
    let deadline = clock::deadline_after(s, clock::millis_to_nanos(ms));
    s.thread_mut(th).timeout = Some(deadline);
    s.aux.sched_gen += 1;
    s.aux.timed_gen += 1;
    Ok(NativeResult::Again)
}

/// `Reflection.getCallerClass()`: the class of the method that called the
/// caller-sensitive method (the frame below the one calling this native).
fn reflection_caller_class(
    s: &mut State,
    th: ThreadId,
    _: &[Value],
) -> Result<NativeResult, VmError> {
    let t = s.thread(th).expect("running thread");
    let n = t.stack.len();
    let name = match n.checked_sub(2).map(|i| &t.stack[i]) {
        Some(f) => f.method.class_name.to_string(),
        None => return ret(Value::Null),
    };
    ret(Value::Ref(mirror(s, &name)?))
}

/// `NullPointerException.getExtendedNPEMessage()`: the helpful message for
/// the throw site the VM recorded in the exception (`npe`), or null.
fn npe_message(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let site = |name| s.field(r, name).map_or(0, |v| v.as_int());
    let (method, pc) = (site("vmSiteMethod"), site("vmSitePc"));
    let text = (method > 0)
        .then(|| s.classes.methods.get(method as usize - 1).cloned())
        .flatten()
        .and_then(|m| super::npe::message(&m, pc as u32));
    match text {
        Some(t) => ret_string(s, &t),
        None => ret(Value::Null),
    }
}

/// `Class.getPrimitiveClass("int")`: the mirror named "int".
fn class_primitive(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(n) = arg_ref(a, 0) else { return npe() };
    let name = s.string(n).unwrap_or_default();
    ret(Value::Ref(mirror(s, &name)?))
}

/// The descriptor of a primitive type's name ("int" -> "I").
fn primitive_descriptor(name: &str) -> Option<&'static str> {
    Some(match name {
        "boolean" => "Z",
        "byte" => "B",
        "char" => "C",
        "short" => "S",
        "int" => "I",
        "long" => "J",
        "float" => "F",
        "double" => "D",
        "void" => "V",
        _ => return None,
    })
}

/// The mirror name of an array's component descriptor ("I" -> "int",
/// "Ljava/lang/String;" -> "java/lang/String", "[I" -> "[I").
fn component_mirror_name(desc: &str) -> String {
    match desc.as_bytes().first() {
        Some(b'L') => desc[1..desc.len() - 1].to_string(),
        Some(b'[') => desc.to_string(),
        _ => [
            "boolean", "byte", "char", "short", "int", "long", "float", "double",
        ]
        .into_iter()
        .find(|n| primitive_descriptor(n) == Some(desc))
        .unwrap_or("void")
        .to_string(),
    }
}

pub(crate) fn class_component(
    s: &mut State,
    _: ThreadId,
    a: &[Value],
) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, r);
    match name.strip_prefix('[') {
        Some(elem) => {
            let m = mirror(s, &component_mirror_name(elem))?;
            ret(Value::Ref(m))
        }
        None => ret(Value::Null),
    }
}

/// `Array.newArray(Class, int)`: a new array of the class's type.
fn reflect_new_array(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let len = a[1].as_int();
    let name = mirrored(s, c);
    let elem = match primitive_descriptor(&name) {
        Some("V") => {
            return Ok(Throw("java/lang/IllegalArgumentException", None));
        }
        Some(d) => d.to_string(),
        None if name.starts_with('[') => name.to_string(),
        None => format!("L{name};"),
    };
    if len < 0 {
        return Ok(Throw(
            "java/lang/NegativeArraySizeException",
            Some(len.to_string()),
        ));
    }
    let data = ArrayData::new(&elem, len as usize);
    ret(Value::Ref(alloc_array(s, &elem, data)))
}

/// `SharedSecrets.getJavaLangAccess()`: an instance of the model's
/// `java.lang.LangAccess`.
fn lang_access(s: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    let cid = s
        .classes
        .id("java/lang/LangAccess")
        .expect("library has LangAccess");
    ret(Value::Ref(alloc_instance(s, cid)))
}

/// `getEnumConstantsShared(Class)`: calls the enum's `values()` (its frame
/// returns the array to the caller), or null for a class that is no enum.
fn enum_constants(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 1) else { return npe() };
    let name = mirrored(s, c);
    let Some(cid) = s.classes.id(&name) else {
        return ret(Value::Null);
    };
    let class = s.classes.class(cid);
    let is_enum = class
        .super_id
        .is_some_and(|p| &*s.classes.class(p).name == "java/lang/Enum");
    let desc = format!("()[L{name};");
    let values = is_enum
        .then(|| s.classes.declared_method(cid, "values", &desc))
        .flatten()
        .filter(|m| m.is_static())
        .cloned();
    let Some(values) = values else {
        return ret(Value::Null);
    };
    s.thread_mut(th)
        .stack
        .push(Arc::new(Frame::new(values, &[])));
    void()
}

/// `Class.getDeclaredField(name)`: a Field object of the model.
fn class_declared_field(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let Some(n) = arg_ref(a, 1) else { return npe() };
    let class = mirrored(s, c);
    let name = s.string(n).unwrap_or_default();
    let found = s.classes.id(&class).and_then(|cid| {
        let k = s.classes.class(cid);
        U::declared_slot(s, cid, &name)
            .map(|i| (k.layout[i].desc.clone(), false))
            .or_else(|| {
                k.statics
                    .iter()
                    .find(|st| *st.0 == *name)
                    .map(|st| (st.1.clone(), true))
            })
    });
    let Some((desc, is_static)) = found else {
        return Ok(Throw("java/lang/NoSuchFieldException", Some(name)));
    };
    let fid = s
        .classes
        .id("java/lang/reflect/Field")
        .expect("library has Field");
    let f = alloc_instance(s, fid);
    let type_mirror = mirror(s, &component_mirror_name(&desc))?;
    let name_ref = new_string(s, &name);
    s.set_field(f, "clazz", Value::Ref(c));
    s.set_field(f, "name", Value::Ref(name_ref));
    s.set_field(f, "type", Value::Ref(type_mirror));
    s.set_field(f, "isStatic", Value::Int(i32::from(is_static)));
    ret(Value::Ref(f))
}

/// `Class.getSuperclass()`: null for Object, interfaces and primitive
/// types; Object for arrays.
fn class_superclass(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    let sup = if name.starts_with('[') {
        Some("java/lang/Object".to_string())
    } else {
        s.classes
            .by_name(&name)
            .filter(|k| !k.is_interface())
            .and_then(|k| k.super_id)
            .map(|p| s.classes.class(p).name.to_string())
    };
    match sup {
        Some(n) => ret(Value::Ref(mirror(s, &n)?)),
        None => ret(Value::Null),
    }
}

/// `Class.forName(name, initialize, loader)`: the class m5 loaded (the
/// loader is ignored: one class path). A class m5 did not load although
/// it exists (no code names it) stops the run: m5 links every class when
/// it starts, and answering ClassNotFoundException would be untrue.
fn class_for_name(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(n) = arg_ref(a, 0) else { return npe() };
    let dotted = s.string(n).unwrap_or_default();
    let internal = dotted.replace('.', "/");
    let Some(cid) = s.classes.id(&internal) else {
        let exists = super::super::classfile::library::lookup(&internal).is_some()
            || (crate::classfile::jdk::is_jdk_package(&internal)
                && crate::classfile::jdk::jdk().is_ok_and(|j| j.has(&internal)));
        if exists || s.classes.missing.contains(internal.as_str()) {
            return Err(VmError::Other(format!(
                "Class.forName(\"{dotted}\"): the class exists but m5 did not load it \
                 (no code names it; m5 links every class when it starts)"
            )));
        }
        return Ok(Throw("java/lang/ClassNotFoundException", Some(dotted)));
    };
    if a[1].as_int() != 0 {
        match super::exec::ensure_init(s, th, cid)? {
            super::exec::Init::Ready => {}
            super::exec::Init::Pushed | super::exec::Init::Threw => return Ok(Again),
            super::exec::Init::Blocked(c) => return Ok(Block(Wake::Init(c))),
        }
    }
    ret(Value::Ref(mirror(s, &internal)?))
}

fn class_is_hidden(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    ret(Value::Int(i32::from(
        s.classes.by_name(&name).is_some_and(|k| k.lambda),
    )))
}

fn class_is_record(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(c) = arg_ref(a, 0) else { return npe() };
    let name = mirrored(s, c);
    let record = s.classes.by_name(&name).is_some_and(|k| {
        k.flags & crate::classfile::parse::ACC_FINAL != 0
            && k.super_id
                .is_some_and(|p| &*s.classes.class(p).name == "java/lang/Record")
    });
    ret(Value::Int(i32::from(record)))
}

fn zero_long(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Long(0))
}

fn nothing(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    void()
}

fn yes(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Int(1))
}

fn no(_: &mut State, _: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Int(0))
}

fn thread_is_alive(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    ret(Value::Int(i32::from(
        thread_of(s, r).is_some_and(|t| s.threads[t as usize].is_alive()),
    )))
}

/// `Thread.getState()`'s number: see the model's Thread.java.
fn thread_state(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let Some(t) = thread_of(s, r) else {
        return ret(Value::Int(0));
    };
    let x = s.thread(t).expect("thread of an object");
    let state = if x.status == Status::Unscheduled {
        0
    } else if x.is_terminated() {
        5
    } else if t == th {
        1
    } else if let Some(w) = x.wait.filter(|w| !w.notified) {
        if w.deadline.is_some() { 4 } else { 3 }
    } else if x.timeout.is_some() {
        4
    } else {
        match crate::schedule::why_stuck(s, t) {
            Some(super::NoOp::Blocked(Wake::Monitor(_))) => 2,
            Some(super::NoOp::Blocked(Wake::Notify(_))) => 2,
            Some(super::NoOp::Blocked(Wake::Unpark(_) | Wake::Ended(_))) => 3,
            _ => 1,
        }
    };
    ret(Value::Int(state))
}

// ---- strings, System, PrintStream ------------------------------------------------

fn string_intern(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let text: Arc<str> = s.string(r).unwrap_or_default().into();
    if let Some(i) = s.interned.get(&text) {
        return ret(Value::Ref(*i));
    }
    s.interned.insert(text, r);
    ret(Value::Ref(r))
}

/// `System.arraycopy`, with HotSpot's checks in HotSpot's order and its
/// messages; a reference copy that meets an element the destination cannot
/// hold copies the elements before it, then throws (as HotSpot does).
fn system_arraycopy(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (Some(src), Some(dst)) = (arg_ref(a, 0), arg_ref(a, 2)) else {
        return npe();
    };
    let (sp, dp, len) = (a[1].as_int(), a[3].as_int(), a[4].as_int());
    let store = |m: String| Ok(Throw("java/lang/ArrayStoreException", Some(m)));
    let Some((se, sd)) = s.object(src).array() else {
        return store(format!(
            "arraycopy: source type {} is not an array",
            java_class_name(s, src)
        ));
    };
    let Some((de, dd)) = s.object(dst).array() else {
        return store(format!(
            "arraycopy: destination type {} is not an array",
            java_class_name(s, dst)
        ));
    };
    let prim = |e: &str| !e.starts_with('L') && !e.starts_with('[');
    // HotSpot names a primitive array by its element type, any other "object array".
    let kind = |e: &str| match e {
        "Z" => "boolean",
        "B" => "byte",
        "C" => "char",
        "S" => "short",
        "I" => "int",
        "J" => "long",
        "F" => "float",
        "D" => "double",
        _ => "object array",
    };
    if (prim(se) || prim(de)) && se != de {
        return store(format!(
            "arraycopy: type mismatch: can not copy {}[] into {}[]",
            kind(se),
            kind(de)
        ));
    }
    let (sl, dl) = (sd.len() as i64, dd.len() as i64);
    let oob = |m: String| Ok(Throw("java/lang/ArrayIndexOutOfBoundsException", Some(m)));
    if sp < 0 {
        return oob(format!(
            "arraycopy: source index {sp} out of bounds for {}[{sl}]",
            kind(se)
        ));
    }
    if dp < 0 {
        return oob(format!(
            "arraycopy: destination index {dp} out of bounds for {}[{dl}]",
            kind(de)
        ));
    }
    if len < 0 {
        return oob(format!("arraycopy: length {len} is negative"));
    }
    if sp as i64 + len as i64 > sl {
        return oob(format!(
            "arraycopy: last source index {} out of bounds for {}[{sl}]",
            sp as i64 + len as i64,
            kind(se)
        ));
    }
    if dp as i64 + len as i64 > dl {
        return oob(format!(
            "arraycopy: last destination index {} out of bounds for {}[{dl}]",
            dp as i64 + len as i64,
            kind(de)
        ));
    }
    let items: Vec<Value> = (0..len as usize).map(|i| sd.get(sp as usize + i)).collect();
    let (se, de) = (se.clone(), de.clone());
    // The element that cannot be stored, if any: the copy stops before it.
    let bad = if prim(&de) {
        None
    } else {
        items
            .iter()
            .position(|v| v.as_ref().is_some_and(|r| !assignable_to(s, r, &de)))
    };
    if let Body::Array { data, .. } = &mut s.object_mut(dst).body {
        for (i, v) in items
            .into_iter()
            .take(bad.unwrap_or(usize::MAX))
            .enumerate()
        {
            data.set(dp as usize + i, v);
        }
    }
    if bad.is_some() {
        // Element types as Java names them: `java.lang.String`, `[I`.
        let name = |e: &str| match e.strip_prefix('L').and_then(|x| x.strip_suffix(';')) {
            Some(c) => c.replace('/', "."),
            None => e.replace('/', "."),
        };
        return store(format!(
            "arraycopy: element type mismatch: can not cast one of the elements of {}[] to the type of the destination array, {}",
            name(&se),
            name(&de)
        ));
    }
    void()
}

fn system_exit(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    s.exit = Some(a[0].as_int());
    void()
}

/// The virtual clock (`clock`): it keeps runs reproducible, but a real
/// JVM's time differs on every run (`unfixed`).
fn system_millis(s: &mut State, th: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    super::unfixed::record(s, th, "System.currentTimeMillis");
    ret(Value::Long(clock::read_millis(s)))
}
fn system_nanos(s: &mut State, th: ThreadId, _: &[Value]) -> Result<NativeResult, VmError> {
    super::unfixed::record(s, th, "System.nanoTime");
    ret(Value::Long(clock::read_nanos(s)))
}

fn print_write(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (Some(ps), Some(text)) = (arg_ref(a, 0), arg_ref(a, 1)) else {
        return npe();
    };
    let fd = s.field(ps, "fd").map_or(1, |v| v.as_int());
    let units = super::strings::string_units(s, text).unwrap_or_default();
    let bytes = encode(&s.config.host.charset(fd), &units)?;
    if fd == 2 {
        s.aux.err.extend(bytes);
    } else {
        s.aux.out.extend(bytes);
    }
    void()
}

/// `units` as the stream's charset writes them: as Java's encoders, an
/// unpaired surrogate or a character the charset lacks is written as `?`
/// (one per code point).
fn encode(c: &crate::state::host::Charset, units: &[u16]) -> Result<Vec<u8>, VmError> {
    use crate::state::host::Charset;
    let chars = char::decode_utf16(units.iter().copied()).map(|c| c.unwrap_or('?'));
    Ok(match c {
        Charset::Utf8 => chars.collect::<String>().into_bytes(),
        Charset::Ascii => chars
            .map(|c| if c.is_ascii() { c as u8 } else { b'?' })
            .collect(),
        Charset::Latin1 => chars
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .collect(),
        Charset::Other(name) => {
            return Err(VmError::NotModeled(format!(
                "printing in the charset {name} (System.out and System.err use sun.stdout.encoding, sun.stderr.encoding or file.encoding)"
            )));
        }
    })
}

// ---- numbers -----------------------------------------------------------------------

fn double_to_str(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret_string(s, &double_to_string(a[0].as_double()))
}
fn float_to_str(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret_string(s, &float_to_string(a[0].as_float()))
}
fn double_bits(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Long(a[0].as_double().to_bits() as i64))
}
fn bits_double(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Double(f64::from_bits(a[0].as_long() as u64)))
}
fn float_bits(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Int(a[0].as_float().to_bits() as i32))
}
fn bits_float(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Float(f32::from_bits(a[0].as_int() as u32)))
}

/// Java's decimal syntax for `parseDouble`: optional sign, digits, exponent,
/// a trailing type suffix, "NaN", "Infinity"; surrounding whitespace ignored.
fn parse_java_float(text: &str) -> Option<f64> {
    let t = text.trim_matches(|c: char| c <= ' ');
    let body = t.strip_suffix(['f', 'F', 'd', 'D']).unwrap_or(t);
    let unsigned = body.strip_prefix(['+', '-']).unwrap_or(body);
    let neg = body.starts_with('-');
    match unsigned {
        "NaN" if body == t => return Some(f64::NAN),
        "Infinity" if body == t => {
            return Some(if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            });
        }
        _ => {}
    }
    let ok = !unsigned.is_empty()
        && unsigned
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
        && unsigned.chars().any(|c| c.is_ascii_digit());
    if !ok {
        return None;
    }
    body.parse::<f64>().ok()
}

fn parse_double(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let text = s.string(r).unwrap_or_default();
    match parse_java_float(&text) {
        Some(v) => ret(Value::Double(v)),
        None => Ok(Throw(
            "java/lang/NumberFormatException",
            Some(format!("For input string: \"{text}\"")),
        )),
    }
}

fn parse_float(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(r) = arg_ref(a, 0) else { return npe() };
    let text = s.string(r).unwrap_or_default();
    let t = text.trim_matches(|c: char| c <= ' ');
    let body = t.strip_suffix(['f', 'F', 'd', 'D']).unwrap_or(t);
    match parse_java_float(&text) {
        // Parse directly as f32 to avoid double rounding.
        Some(v) => ret(Value::Float(body.parse::<f32>().unwrap_or(v as f32))),
        None => Ok(Throw(
            "java/lang/NumberFormatException",
            Some(format!("For input string: \"{text}\"")),
        )),
    }
}

macro_rules! math1 {
    ($name:ident, $f:expr) => {
        fn $name(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
            let f: fn(f64) -> f64 = $f;
            ret(Value::Double(f(a[0].as_double())))
        }
    };
}
math1!(math_sqrt, f64::sqrt);
math1!(math_sin, f64::sin);
math1!(math_cos, f64::cos);
math1!(math_tan, f64::tan);
math1!(math_atan, f64::atan);
math1!(math_asin, f64::asin);
math1!(math_acos, f64::acos);
math1!(math_exp, f64::exp);
math1!(math_log, f64::ln);
math1!(math_log10, f64::log10);
math1!(math_cbrt, f64::cbrt);
math1!(math_floor, f64::floor);
math1!(math_ceil, f64::ceil);
math1!(math_rint, f64::round_ties_even);

/// `Math.pow`: C's pow, except Java's `pow(x, NaN) = NaN` (even for x = 1)
/// and `pow(±1, ±Infinity) = NaN`.
fn math_pow(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (x, y) = (a[0].as_double(), a[2].as_double());
    let r = if y.is_nan() || (x.abs() == 1.0 && y.is_infinite()) {
        f64::NAN
    } else {
        x.powf(y)
    };
    ret(Value::Double(r))
}
fn math_atan2(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Double(a[0].as_double().atan2(a[2].as_double())))
}

/// `Enum.valueOf(Class, String)`: the enum's static field of its own type with that name.
fn enum_value_of(s: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(cls) = arg_ref(a, 0) else {
        return npe();
    };
    let Some(name) = arg_ref(a, 1) else {
        return Ok(Throw(
            "java/lang/NullPointerException",
            Some("Name is null".into()),
        ));
    };
    let cname = mirrored(s, cls);
    let wanted = s.string(name).unwrap_or_default();
    if let Some(c) = s.classes.by_name(&cname) {
        let own = format!("L{cname};");
        for (_, desc, slot, _) in &c.statics {
            if **desc == *own
                && let Some(v) = s.statics[*slot as usize].as_ref()
                && s.field(v, "name")
                    .and_then(|n| n.as_ref())
                    .and_then(|n| s.string(n))
                    .as_deref()
                    == Some(&wanted)
            {
                return ret(Value::Ref(v));
            }
        }
    }
    Ok(Throw(
        "java/lang/IllegalArgumentException",
        Some(format!(
            "No enum constant {}.{wanted}",
            // The canonical name, as the JDK's message: nested `A$E` is `A.E`.
            cname.replace(['/', '$'], ".")
        )),
    ))
}
