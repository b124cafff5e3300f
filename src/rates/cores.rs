//! Two pieces of work on the machine's two cores: the exact rates split
//! their big powers, products and transforms this way.

use std::sync::atomic::{AtomicBool, Ordering};

/// Runs `left` on a scoped thread and `right` on this one, when `parallel`;
/// otherwise one after the other. A panic in either is passed on unchanged.
pub(super) fn both<A, B, FA, FB>(parallel: bool, left: FA, right: FB) -> (A, B)
where
    A: Send,
    FA: FnOnce() -> A + Send,
    FB: FnOnce() -> B,
{
    if !parallel {
        let a = left();
        return (a, right());
    }
    std::thread::scope(|s| {
        let handle = s.spawn(left);
        let b = right();
        let a = match handle.join() {
            Ok(a) => a,
            Err(payload) => std::panic::resume_unwind(payload),
        };
        (a, b)
    })
}

/// [`both`] where each side learns when the other has finished: each
/// closure gets the flag the other side raises on completion, so whichever
/// finishes first lends its core to the other's remaining big products.
pub(super) fn both_sharing<A, B, FA, FB>(parallel: bool, left: FA, right: FB) -> (A, B)
where
    A: Send,
    FA: FnOnce(&AtomicBool) -> A + Send,
    FB: FnOnce(&AtomicBool) -> B,
{
    let left_done = AtomicBool::new(!parallel);
    let right_done = AtomicBool::new(false);
    both(
        parallel,
        || {
            let a = left(&right_done);
            left_done.store(true, Ordering::Relaxed);
            a
        },
        || {
            let b = right(&left_done);
            right_done.store(true, Ordering::Relaxed);
            b
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_runs_both_sides() {
        assert_eq!(both(true, || 1 + 1, || 2 + 2), (2, 4));
        assert_eq!(both(false, || "a", || "b"), ("a", "b"));
        // Run one after the other, the second side finds the first done.
        let (_, seen) = both_sharing(false, |_| (), |other| other.load(Ordering::Relaxed));
        assert!(seen);
    }
}
