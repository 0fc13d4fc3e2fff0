//! Wait sets and notifications (JLS 17.2).
//!
//! `notify` removes *some* thread of the wait set, and the JLS leaves the
//! choice to the VM. m5 makes the choice a scheduling decision, so the
//! explorer tries every one and a schedule (a list of thread numbers)
//! replays it: a `notify` that has a choice leaves a *notice* on the
//! object, and the first of the threads waiting then that takes a step
//! takes it (it leaves the wait set notified, and takes the monitor back
//! in the same step if it is free). A notice is the number of threads at
//! the front of the wait set that may take it, so a thread that began
//! waiting after the notify never does.
//!
//! Every JLS choice is reachable this way: a chosen waiter may take its
//! notice at once, while the notifier still holds the monitor, which is
//! where the JLS removes it. A waiter never leaves without a notice it
//! may take (it takes the oldest), and that loses nothing: another thread
//! the notice could have gone to takes it first in another schedule. The
//! notices are kept canonical, so that equal situations are equal states:
//! where the threads that may take the first i notices are exactly i (one
//! waiter, or as many notifies as waiters), each is notified at once, as a
//! notify without a choice always was.

use crate::state::{Ref, State, ThreadId, Wake};

/// `th` begins to wait on `obj` (it has given up the monitor).
pub fn enter(s: &mut State, obj: Ref, th: ThreadId) {
    s.object_mut(obj).wait_set.push(th);
}

/// `notify`: one more thread of the wait set will be removed, if one is
/// left that no notice is already for.
pub fn notify(s: &mut State, obj: Ref) {
    let o = s.object(obj);
    let waiting = o.wait_set.len() as u32;
    if o.notices.len() as u32 >= waiting {
        return;
    }
    s.object_mut(obj).notices.push(waiting);
    s.aux.sched_gen += 1;
    // Every thread in the set may take it now.
    for t in s.object(obj).wait_set.clone() {
        s.aux.wakes.push(Wake::Notify(t));
    }
    settle(s, obj);
}

/// `notifyAll` (and a thread's end, on its Thread object): every thread in
/// the wait set is removed.
pub fn notify_all(s: &mut State, obj: Ref) {
    if s.object(obj).wait_set.is_empty() {
        return;
    }
    let o = s.object_mut(obj);
    let all = std::mem::take(&mut o.wait_set);
    o.notices.clear();
    s.aux.sched_gen += 1;
    for t in all {
        notified(s, t);
    }
}

/// `th` leaves `obj`'s wait set without a notice: interrupted, timed out
/// or woken spuriously. The notices that could go to it stay for the
/// others (JLS 17.2.4: a notification is not lost to an interrupt).
pub fn leave(s: &mut State, obj: Ref, th: ThreadId) {
    let o = s.object_mut(obj);
    let Some(k) = o.wait_set.iter().position(|&t| t == th) else {
        return;
    };
    o.wait_set.remove(k);
    for n in o.notices.iter_mut().filter(|n| **n as usize > k) {
        *n -= 1;
    }
    o.notices.retain(|&n| n > 0);
    settle(s, obj);
}

/// Is there a notice that `th`, waiting and not yet notified, may take?
pub fn may_take(s: &State, th: ThreadId) -> bool {
    notice_for(s, th).is_some()
}

/// `th` takes the oldest notice it may take, if any: it is then notified.
pub fn take(s: &mut State, th: ThreadId) -> bool {
    let Some((obj, k, i)) = notice_for(s, th) else {
        return false;
    };
    let o = s.object_mut(obj);
    o.notices.remove(i);
    o.wait_set.remove(k);
    for n in o.notices.iter_mut().filter(|n| **n as usize > k) {
        *n -= 1;
    }
    s.aux.sched_gen += 1;
    if let Some(w) = s.thread_mut(th).wait.as_mut() {
        w.notified = true;
    }
    settle(s, obj);
    true
}

/// (the object, `th`'s place in its wait set, the notice's index).
fn notice_for(s: &State, th: ThreadId) -> Option<(Ref, usize, usize)> {
    let w = s.thread(th)?.wait.filter(|w| !w.notified)?;
    let o = s.object(w.object);
    let k = o.wait_set.iter().position(|&t| t == th)?;
    // Sorted: the first that reaches past `k` is the oldest `th` may take.
    let i = o.notices.iter().position(|&n| n as usize > k)?;
    Some((w.object, k, i))
}

/// Notifies the threads no choice is left for: where the first i notices
/// can go only to the first i waiters, each of these takes one now.
fn settle(s: &mut State, obj: Ref) {
    loop {
        let o = s.object(obj);
        let Some(i) = (0..o.notices.len())
            .rev()
            .find(|&i| o.notices[i] as usize == i + 1)
        else {
            return;
        };
        let o = s.object_mut(obj);
        let taken: Vec<ThreadId> = o.wait_set.drain(..=i).collect();
        o.notices.drain(..=i);
        for n in o.notices.iter_mut() {
            *n -= taken.len() as u32;
        }
        s.aux.sched_gen += 1;
        for t in taken {
            notified(s, t);
        }
    }
}

/// `t` is out of the wait set by a notification; it still has to take the
/// monitor back.
fn notified(s: &mut State, t: ThreadId) {
    s.aux.wakes.push(Wake::Notify(t));
    if let Some(w) = s.thread_mut(t).wait.as_mut() {
        w.notified = true;
    }
}
