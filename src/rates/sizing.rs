//! Sizing a filter: from a key count and a target rate to bits, bytes and k.
//!
//! With the best k, the idealised rate is `2^-(m/n ln 2)`, so reaching a
//! target p needs `-ln p / (ln 2)^2` bits per key, and then `(m/n) ln 2`
//! hash positions, rounded to a whole number.
//!
//! Sizing itself is a handful of float operations. The exact rate at the
//! chosen size is not part of it: `size` and the Sizing screen take its
//! certified digits ([`super::size_report`]), and [`Sizing::exact_rate`]
//! builds the full fraction, which can take seconds or be far over budget,
//! for a caller that can afford it.

use std::sync::atomic::AtomicBool;

use num_rational::BigRational;

use super::budget::Budget;
use super::classic::classic_exact_cancellable;
use super::error::RateError;
use super::idealised::idealised;
use super::params::{MAX_M, MAX_N, Params};

use crate::numbers::{MB, MIB};

/// A filter sized for `n` keys at a target false-positive rate.
#[derive(Debug, Clone, PartialEq)]
pub struct Sizing {
    /// Keys the filter must hold.
    pub n: u64,
    /// The target false-positive rate.
    pub target: f64,
    /// Bits per key, `-ln p / (ln 2)^2`.
    pub bits_per_key: f64,
    /// Bits in the filter: `n * bits_per_key`, rounded up.
    pub m: u64,
    /// Bytes to store the bits: `m / 8`, rounded up.
    pub bytes: u64,
    /// Those bytes in megabytes (10^6 bytes).
    pub mb: f64,
    /// Those bytes in mebibytes (2^20 bytes).
    pub mib: f64,
    /// The best k as a real number, `(m/n) ln 2`.
    pub k_real: f64,
    /// The k to use: `k_real` rounded to the nearest whole number (at least 1).
    pub k: u32,
    /// The idealised rate at this m, n and k.
    pub idealised: f64,
}

impl Sizing {
    /// Sizes a filter for `n` keys at rate `p`. Cheap: no exact arithmetic.
    pub fn for_target(n: u64, p: f64) -> Result<Sizing, RateError> {
        if !(1..=MAX_N).contains(&n) {
            return Err(RateError::InvalidParams {
                name: "n",
                value: n.to_string(),
                range: "1..=1000000000000000",
            });
        }
        if !(p > 0.0 && p < 1.0) {
            return Err(RateError::InvalidParams {
                name: "p",
                value: p.to_string(),
                range: "strictly between 0 and 1",
            });
        }
        let ln2 = std::f64::consts::LN_2;
        let bits_per_key = -p.ln() / (ln2 * ln2);
        let m_real = (n as f64 * bits_per_key).ceil();
        if m_real > MAX_M as f64 {
            return Err(RateError::InvalidParams {
                name: "p",
                value: p.to_string(),
                range: "large enough that n keys need at most 10^18 bits",
            });
        }
        let m = (m_real as u64).max(1);
        let bytes = m.div_ceil(8);
        let k_real = m as f64 / n as f64 * ln2;
        if k_real.round() > f64::from(super::params::MAX_K) {
            return Err(RateError::InvalidParams {
                name: "p",
                value: p.to_string(),
                range: "at least about 1e-301, so that k = (m/n) ln 2 stays at most 1000",
            });
        }
        let k = (k_real.round() as u32).max(1);
        let params = Params::new(m, n, k)?;
        Ok(Sizing {
            n,
            target: p,
            bits_per_key,
            m,
            bytes,
            mb: bytes as f64 / MB,
            mib: bytes as f64 / MIB,
            k_real,
            k,
            idealised: idealised(params),
        })
    }

    /// The m, n and k this sizing chose.
    pub fn params(&self) -> Result<Params, RateError> {
        Params::new(self.m, self.n, self.k)
    }

    /// The classic exact rate at the chosen m, n and k, or why it was not
    /// computed (typically: its denominator is over `budget`). Stops with
    /// [`RateError::Cancelled`] soon after `flag` is set.
    pub fn exact_rate(&self, budget: Budget, flag: &AtomicBool) -> Result<BigRational, RateError> {
        classic_exact_cancellable(self.params()?, budget, flag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_targets() {
        for p in [0.0, 1.0, -0.5, 2.0, f64::NAN, f64::INFINITY] {
            assert!(
                matches!(
                    Sizing::for_target(100, p),
                    Err(RateError::InvalidParams { name: "p", .. })
                ),
                "{p}"
            );
        }
        assert!(matches!(
            Sizing::for_target(0, 0.01),
            Err(RateError::InvalidParams { name: "n", .. })
        ));
        assert!(matches!(
            Sizing::for_target(MAX_N, 1e-300),
            Err(RateError::InvalidParams { name: "p", .. })
        ));
    }

    #[test]
    fn small_filter_gets_its_exact_rate() {
        let s = match Sizing::for_target(16, 0.01) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(s.m, 154);
        assert_eq!(s.k, 7);
        assert!(
            s.exact_rate(Budget::default(), &AtomicBool::new(false))
                .is_ok()
        );
    }
}
