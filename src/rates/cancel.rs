//! Cooperative cancellation: long computations look at a shared flag between
//! their big steps and give up when it is set.

use std::sync::atomic::{AtomicBool, Ordering};

use super::error::RateError;

/// Returns `Err(RateError::Cancelled)` once `flag` has been set.
pub(super) fn check(flag: &AtomicBool) -> Result<(), RateError> {
    if flag.load(Ordering::Relaxed) {
        Err(RateError::Cancelled)
    } else {
        Ok(())
    }
}

/// A flag nobody will ever set, for the non-cancellable entry points.
pub(super) fn never() -> AtomicBool {
    AtomicBool::new(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raised_flag_cancels() {
        let flag = never();
        assert_eq!(check(&flag), Ok(()));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(check(&flag), Err(RateError::Cancelled));
    }
}
