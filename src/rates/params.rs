//! The three numbers every rate depends on, and the ranges the exact
//! arithmetic accepts.

use super::error::RateError;

/// Largest number of bits accepted by the exact arithmetic (10^18): the
/// certified digits work at any size up to it, while the full fractions are
/// still held to their digit budget.
pub const MAX_M: u64 = crate::limits::EXACT_M.max;
/// Largest number of keys accepted by the exact arithmetic.
pub const MAX_N: u64 = crate::limits::EXACT_N.max;
/// Largest number of hash positions per key (see [`crate::limits::K`]).
// The limit fits in u32 by construction (it is 1000).
pub const MAX_K: u32 = crate::limits::K.max as u32;

/// A Bloom filter's shape: `m` bits, `n` keys inserted, `k` positions per key.
///
/// Checked once, by [`Params::new`] (or [`Params::with_k`]): the fields are
/// private, so every computation that takes a `Params` can trust it lies
/// within the ranges the exact arithmetic accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Params {
    m: u64,
    n: u64,
    k: u32,
}

impl Params {
    /// Builds parameters after checking each is within range.
    pub fn new(m: u64, n: u64, k: u32) -> Result<Self, RateError> {
        if !(1..=MAX_M).contains(&m) {
            return Err(RateError::InvalidParams {
                name: "m",
                value: m.to_string(),
                range: "1..=1000000000000000000",
            });
        }
        if n > MAX_N {
            return Err(RateError::InvalidParams {
                name: "n",
                value: n.to_string(),
                range: "0..=1000000000000000",
            });
        }
        Self::checked_k(k)?;
        Ok(Params { m, n, k })
    }

    /// The same filter with `k` hash positions (checked).
    pub fn with_k(self, k: u32) -> Result<Self, RateError> {
        Self::checked_k(k)?;
        Ok(Params { k, ..self })
    }

    fn checked_k(k: u32) -> Result<(), RateError> {
        if !(1..=MAX_K).contains(&k) {
            return Err(RateError::InvalidParams {
                name: "k",
                value: k.to_string(),
                range: "1..=1000",
            });
        }
        Ok(())
    }

    /// Bits in the filter.
    pub fn m(&self) -> u64 {
        self.m
    }

    /// Keys inserted.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// Hash positions per key.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Total hash throws while inserting: `k * n`. Fits in a `u64` for every
    /// valid `Params` (at most 10^18).
    pub fn throws(&self) -> u64 {
        u64::from(self.k).saturating_mul(self.n)
    }

    /// Bits per key, `m / n` (infinite when no key is inserted).
    pub fn bits_per_key(&self) -> f64 {
        self.m as f64 / self.n as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_enforced() {
        assert!(Params::new(160, 16, 7).is_ok());
        assert!(Params::new(1, 0, 1).is_ok());
        assert!(matches!(
            Params::new(0, 1, 1),
            Err(RateError::InvalidParams { name: "m", .. })
        ));
        assert!(matches!(
            Params::new(10, 1, 0),
            Err(RateError::InvalidParams { name: "k", .. })
        ));
        assert!(matches!(
            Params::new(10, 1, MAX_K + 1),
            Err(RateError::InvalidParams { name: "k", .. })
        ));
        assert!(matches!(
            Params::new(10, MAX_N + 1, 1),
            Err(RateError::InvalidParams { name: "n", .. })
        ));
    }

    #[test]
    fn throws_multiply() {
        assert_eq!(Params::new(160, 16, 7).map(|p| p.throws()), Ok(112));
    }
}
