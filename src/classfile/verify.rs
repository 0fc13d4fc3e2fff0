//! A few of the JVM verifier's structural checks, run at link time.

use super::*;

/// A few of the JVM verifier's structural checks on a method's code, run at
/// link time so that malformed but parseable bytecode is a load error naming
/// the method and pc, never a crash of the interpreter (which trusts the
/// code it runs):
/// - a method that is neither abstract nor native has code, its parameters
///   fit in `max_locals`, and control cannot run off the end of the code;
/// - every local variable index (and the next one, for long/double) is
///   below `max_locals`;
/// - on every path the operand stack depth (in slots) at an instruction is
///   the same, never negative and at most `max_stack`; a handler starts at
///   depth 1 (the exception);
/// - `multianewarray` has 1..=d dimensions of its array type.
///
/// Types are not checked: the interpreter tolerates mistyped values.
pub(super) fn check_code(m: &Method, code: &[Insn]) -> Result<(), String> {
    if code.is_empty() {
        return if m.is_abstract() || m.is_native() {
            Ok(())
        } else {
            Err("a method that is neither abstract nor native has no code".into())
        };
    }
    if m.arg_slots > m.max_locals {
        return Err(format!(
            "the parameters take {} local slots, more than max_locals {}",
            m.arg_slots, m.max_locals
        ));
    }
    let at = |ip: usize, msg: String| format!("at pc {}: {msg}", m.pc(ip as u32));
    // Depth (slots) at each instruction, once reached; handlers start at 1.
    let mut depth: Vec<Option<u32>> = vec![None; code.len()];
    let mut work: Vec<(usize, u32)> = vec![(0, 0)];
    for h in &m.handlers {
        if h.handler as usize >= code.len() {
            return Err("exception handler at the end of the code".into());
        }
        work.push((h.handler as usize, 1));
    }
    while let Some((ip, d)) = work.pop() {
        match depth[ip] {
            Some(old) if old == d => continue,
            Some(old) => {
                return Err(at(
                    ip,
                    format!("operand stack depth {d} here on one path, {old} on another"),
                ));
            }
            None => depth[ip] = Some(d),
        }
        let insn = &code[ip];
        if let Some(top) = insn
            .local_slots()
            .map(|(first, width, _)| u32::from(first) + width - 1)
            && top >= u32::from(m.max_locals)
        {
            return Err(at(
                ip,
                format!(
                    "local variable {top} out of range (max_locals {})",
                    m.max_locals
                ),
            ));
        }
        if let Insn::MultiANewArray(t, dims) = insn {
            let rank = t.name.bytes().take_while(|b| *b == b'[').count();
            if *dims == 0 || usize::from(*dims) > rank {
                return Err(at(
                    ip,
                    format!("multianewarray of {} with {dims} dimensions", t.name),
                ));
            }
        }
        let (pops, pushes) = stack_effect(insn);
        let Some(after) = d.checked_sub(pops) else {
            return Err(at(
                ip,
                format!("operand stack underflow: needs {pops} stack slots, has {d}"),
            ));
        };
        let after = after + pushes;
        if after > u32::from(m.max_stack) {
            return Err(at(
                ip,
                format!(
                    "operand stack depth {after} exceeds max_stack {}",
                    m.max_stack
                ),
            ));
        }
        let mut next = successors(insn, ip as u32);
        // A switch's cases before its default (the order this search has
        // always taken, which decides the error reported first).
        if let Insn::Switch(_) = insn {
            next.rotate_left(1);
        }
        for t in next {
            // Branch targets were checked to be instruction starts when
            // parsed: only falling through can leave the code.
            if t as usize >= code.len() {
                return Err(at(ip, "control runs off the end of the code".into()));
            }
            work.push((t as usize, after));
        }
    }
    Ok(())
}
