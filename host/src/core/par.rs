//! Splitting large per-issue work over two threads. The work is the same either way and each
//! half writes only its own slots, so results never depend on thread scheduling.

/// Below this many items the work stays on the calling thread: a thread costs more than it saves.
pub(crate) const PARALLEL_FROM: usize = 4096;

/// Calls `f(offset, half)` on both halves of `items`, the second on another thread when there
/// are many items (`offset` is the index of the half's first item).
pub(crate) fn for_halves<T: Send>(items: &mut [T], f: impl Fn(usize, &mut [T]) + Sync) {
    if items.len() < PARALLEL_FROM {
        f(0, items);
        return;
    }
    let mid = items.len() / 2;
    let (head, tail) = items.split_at_mut(mid);
    std::thread::scope(|scope| {
        scope.spawn(|| f(mid, tail));
        f(0, head);
    });
}
