//! Big powers, computed so that a cancel flag is honoured between steps,
//! independent work can share the two cores, and a core that finished its
//! share early helps with the other's largest products (the three primes of
//! their transforms run on both cores).

use std::sync::atomic::{AtomicBool, Ordering};

use num_bigint::BigUint;
use num_traits::One;

use super::cancel;
use super::error::RateError;
use super::ntt::{self, NTT_LIMBS};
use super::progress::Meter;

/// Below this many estimated digits, spawning a thread costs more than it saves.
pub(super) const PARALLEL_DIGITS: u64 = 20_000;

/// Who else is working: whether the other core has finished its own share
/// (and may take part of a big product), and a meter to report progress to.
pub(crate) struct Crew<'a> {
    /// Raised by the other side once its work is done.
    pub(crate) spare: &'a AtomicBool,
    /// Work done so far, in [`Meter`] units.
    pub(crate) meter: &'a Meter,
}

/// `base^exp` by left-to-right square-and-multiply, looking at `flag` before
/// every big multiplication. Multiplying by the original base at each set bit
/// keeps one operand small whenever the base is small, which is the common
/// case here (`m^(kn)` with `m` a machine word). Products are split over
/// both cores once `crew.spare` is raised, and each one's cost goes to
/// `crew.meter`.
pub(super) fn pow_with(
    base: &BigUint,
    exp: u64,
    flag: &AtomicBool,
    crew: &Crew<'_>,
) -> Result<BigUint, RateError> {
    if exp == 0 {
        return Ok(BigUint::one());
    }
    let top = 63 - exp.leading_zeros();
    let mut acc = base.clone();
    for bit in (0..top).rev() {
        cancel::check(flag)?;
        acc = mul(&acc, &acc, crew);
        if (exp >> bit) & 1 == 1 {
            acc = mul(&acc, base, crew);
        }
    }
    cancel::check(flag)?;
    Ok(acc)
}

/// `a * b`: by number-theoretic transforms ([`super::ntt`]) once the
/// shorter factor reaches [`NTT_LIMBS`] limbs (where they beat
/// num-bigint's Toom-3, by four times and more at a million digits), their
/// three primes spread over both cores when the other one is spare; by
/// num-bigint below that.
pub(super) fn mul(a: &BigUint, b: &BigUint, crew: &Crew<'_>) -> BigUint {
    let (short, long) = if a.bits() <= b.bits() { (a, b) } else { (b, a) };
    crew.meter
        .tick(Meter::product_cost(short.bits(), long.bits()));
    if short.bits() / 64 >= NTT_LIMBS as u64 {
        return ntt::mul(a, b, crew.spare.load(Ordering::Relaxed));
    }
    a * b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pow(base: &BigUint, exp: u64, flag: &AtomicBool) -> Result<BigUint, RateError> {
        let idle = AtomicBool::new(false);
        let meter = Meter::new();
        pow_with(
            base,
            exp,
            flag,
            &Crew {
                spare: &idle,
                meter: &meter,
            },
        )
    }

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
    fn split_products_agree_with_plain_ones() {
        let flag = cancel::never();
        let spare = AtomicBool::new(true);
        let meter = Meter::new();
        let crew = Crew {
            spare: &spare,
            meter: &meter,
        };
        for base in [0u64, 1, 2, 96, 100_000, 160, (1 << 40) * 3] {
            for exp in [0u64, 1, 5, 300, 20_000] {
                let b = BigUint::from(base);
                assert_eq!(
                    pow_with(&b, exp, &flag, &crew),
                    Ok(b.pow(exp as u32)),
                    "{base}^{exp}"
                );
            }
        }
        let a = BigUint::from(3u32).pow(400_000);
        let b = BigUint::from(7u32).pow(150_000);
        assert_eq!(mul(&a, &b, &crew), &a * &b);
        assert_eq!(mul(&a, &a, &crew), &a * &a);
        assert!(meter.done() > 0);
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
}
