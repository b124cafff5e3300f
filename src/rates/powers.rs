//! Big powers, computed so that a cancel flag is honoured between steps and
//! independent work can share the two cores.

use std::sync::atomic::AtomicBool;

use num_bigint::BigUint;
use num_traits::One;

use super::cancel;
use super::error::RateError;

/// Below this many estimated digits, spawning a thread costs more than it saves.
pub(super) const PARALLEL_DIGITS: u64 = 20_000;

/// `base^exp` by left-to-right square-and-multiply, looking at `flag` before
/// every big multiplication. Multiplying by the original base at each set bit
/// keeps one operand small whenever the base is small, which is the common
/// case here (`m^(kn)` with `m` a machine word).
pub(super) fn pow(base: &BigUint, exp: u64, flag: &AtomicBool) -> Result<BigUint, RateError> {
    if exp == 0 {
        return Ok(BigUint::one());
    }
    let top = 63 - exp.leading_zeros();
    let mut acc = base.clone();
    for bit in (0..top).rev() {
        cancel::check(flag)?;
        acc = &acc * &acc;
        if (exp >> bit) & 1 == 1 {
            acc *= base;
        }
    }
    cancel::check(flag)?;
    Ok(acc)
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn matches_library_pow() {
        let flag = cancel::never();
        for base in [0u32, 1, 2, 3, 159, 160, 99_999] {
            for exp in [0u32, 1, 2, 3, 7, 8, 112, 1000] {
                let b = BigUint::from(base);
                assert_eq!(
                    pow(&b, u64::from(exp), &flag),
                    Ok(b.pow(exp)),
                    "{base}^{exp}"
                );
            }
        }
    }

    #[test]
    fn honours_the_flag() {
        let flag = cancel::never();
        flag.store(true, Ordering::Relaxed);
        assert_eq!(
            pow(&BigUint::from(3u32), 1000, &flag),
            Err(RateError::Cancelled)
        );
    }

    #[test]
    fn both_runs_both_sides() {
        assert_eq!(both(true, || 1 + 1, || 2 + 2), (2, 4));
        assert_eq!(both(false, || "a", || "b"), ("a", "b"));
    }
}
