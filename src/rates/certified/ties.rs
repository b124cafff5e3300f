//! When can a rate sit exactly on a rounding boundary?
//!
//! Rounding half to even to D significant digits only changes value at the
//! boundaries halfway between two D-digit decimals. Below the decimal
//! `d * 10^(E-D+1)` (d the D digits, E the exponent) the next boundary up is
//! `t = 5 (2d + 1) / 10^s` with `s = D - E`. Its numerator is odd, so in
//! lowest terms `t` has exactly `2^s` in its denominator, times a power of
//! five below `5^s`. A rate equal to `t` must have the same reduced
//! denominator; any other rate is separated from `t` by some positive
//! distance, and a fine enough enclosure settles it.
//!
//! **Classic rate.** Its reduced denominator is `m^(k k n)` (see
//! [`crate::rates::classic`]). It equals `t`'s only if `m = 2^a 5^b`,
//! `a k^2 n = s` and `b k^2 n < s`, that is `b < a`. [`may_be_tie`] checks
//! exactly that, so every other shape is proven tie-free without any big
//! number. When it holds, the full fraction has fewer than `s` digits
//! (`2^a 5^b < 10^a`), so settling it exactly is cheap: for D up to
//! thousands these are tiny filters such as m = 2, 4 or 16.
//!
//! **True rate.** Its fraction over `m^(kn+k)` is not reduced, so there is
//! no such closed rule. Instead the candidate equality
//! `T 10^s = 5 (2d + 1) m^(kn+k)` (T the numerator of the brief's sum) is
//! tested modulo a few primes just below `2^64`: a prime at which the two
//! sides differ proves there is no tie. Only when every prime agrees is the
//! full fraction built. Powers of two give real ties: at m = 16, n = 3,
//! k = 3 the true rate is a 44-place binary fraction, a tie at D = 42.

use num_bigint::BigUint;

use super::RateKind;
use crate::rates::cancel;
use crate::rates::decimal::SigDecimal;
use crate::rates::params::Params;
use crate::rates::true_rate::coefficients;

/// Primes just below `2^64` (each checked by a Miller-Rabin test below).
const PRIMES: [u64; 4] = [
    18_446_744_073_709_551_557, // 2^64 - 59
    9_223_372_036_854_775_783,  // 2^63 - 25
    4_611_686_018_427_387_847,  // 2^62 - 57
    2_305_843_009_213_693_951,  // 2^61 - 1
];

/// Whether the rate could be exactly the rounding boundary just above
/// `below` (false is a proof that it is not).
pub fn may_be_tie(p: Params, kind: RateKind, below: &SigDecimal) -> bool {
    let Some((c, s)) = below.boundary_above() else {
        return false;
    };
    match kind {
        RateKind::Classic => classic_may_tie(p, s),
        RateKind::True => PRIMES.iter().all(|&q| true_agrees_mod(p, &c, s, q)),
    }
}

/// The classic rule: `m = 2^a 5^b` with `b < a` and `a k^2 n = s`.
fn classic_may_tie(p: Params, s: u64) -> bool {
    let (mut rest, mut a, mut b) = (p.m(), 0u32, 0u32);
    while rest.is_multiple_of(2) && rest > 0 {
        rest /= 2;
        a += 1;
    }
    while rest.is_multiple_of(5) && rest > 0 {
        rest /= 5;
        b += 1;
    }
    let k = u128::from(p.k());
    rest == 1 && b < a && u128::from(a) * k * k * u128::from(p.n()) == u128::from(s)
}

/// Whether `T 10^s` and `c m^(kn+k)` agree modulo the prime `q`.
fn true_agrees_mod(p: Params, c: &BigUint, s: u64, q: u64) -> bool {
    let Ok(a) = coefficients(p, &cancel::never()) else {
        return true;
    };
    let throws = p.throws();
    let mut plus = 0u64;
    let mut minus = 0u64;
    for (j, aj) in a.iter().enumerate() {
        let term = mul_mod(residue(aj, q), pow_mod(p.m() - j as u64, throws, q), q);
        if j % 2 == 0 {
            plus = add_mod(plus, term, q);
        } else {
            minus = add_mod(minus, term, q);
        }
    }
    let numerator = add_mod(plus, q - minus % q, q);
    let left = mul_mod(numerator, pow_mod(10, s, q), q);
    let exponent = throws + u64::from(p.k());
    let right = mul_mod(residue(c, q), pow_mod(p.m() % q, exponent, q), q);
    left == right
}

fn residue(v: &BigUint, q: u64) -> u64 {
    (v % q).iter_u64_digits().next().unwrap_or(0)
}

fn add_mod(a: u64, b: u64, q: u64) -> u64 {
    ((u128::from(a) + u128::from(b)) % u128::from(q)) as u64
}

fn mul_mod(a: u64, b: u64, q: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(q)) as u64
}

fn pow_mod(base: u64, mut e: u64, q: u64) -> u64 {
    let mut acc = 1 % q;
    let mut b = base % q;
    while e > 0 {
        if e & 1 == 1 {
            acc = mul_mod(acc, b, q);
        }
        b = mul_mod(b, b, q);
        e >>= 1;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::{Budget, true_exact};
    use num_bigint::BigInt;
    use num_rational::BigRational;

    /// Deterministic Miller-Rabin for 64-bit numbers.
    fn is_prime(n: u64) -> bool {
        let d0 = n - 1;
        let s = d0.trailing_zeros();
        let d = d0 >> s;
        [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
            .iter()
            .all(|&a| {
                let mut x = pow_mod(a, d, n);
                if x == 1 || x == n - 1 {
                    return true;
                }
                (1..s).any(|_| {
                    x = mul_mod(x, x, n);
                    x == n - 1
                })
            })
    }

    #[test]
    fn the_primes_are_prime() {
        assert!(PRIMES.iter().all(|&q| is_prime(q)));
        assert!(!is_prime(PRIMES[0] - 2));
    }

    #[test]
    fn classic_ties_only_for_two_five_smooth_m() {
        // m = 4, n = 1, k = 1: the rate is 1/4 = 0.25, a tie at one digit.
        assert!(classic_may_tie(
            Params::new(4, 1, 1).unwrap_or_else(|e| panic!("{e}")),
            2
        ));
        assert!(!classic_may_tie(
            Params::new(4, 1, 1).unwrap_or_else(|e| panic!("{e}")),
            3
        ));
        assert!(!classic_may_tie(
            Params::new(10, 1, 1).unwrap_or_else(|e| panic!("{e}")),
            1
        ));
        assert!(!classic_may_tie(
            Params::new(12, 1, 1).unwrap_or_else(|e| panic!("{e}")),
            4
        ));
        assert!(classic_may_tie(
            Params::new(40, 2, 1).unwrap_or_else(|e| panic!("{e}")),
            6
        ));
    }

    #[test]
    fn the_modular_test_finds_the_real_true_tie_and_rejects_its_neighbours() {
        // 1593785645911 / 2^44 = 0.0905962250448624217824544757604598999023
        // 4375: 43 significant digits ending in 5, so a tie at 42.
        let p = Params::new(16, 3, 3).unwrap_or_else(|e| panic!("{e}"));
        let exact = true_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
        let nudge = BigRational::new(1.into(), BigInt::from(10).pow(80u32));
        let below = |d: u32| {
            SigDecimal::from_ratio(&(&exact - &nudge), d).unwrap_or_else(|e| panic!("{e}"))
        };
        assert!(may_be_tie(p, RateKind::True, &below(42)));
        for d in [10, 30, 41, 43, 44] {
            assert!(!may_be_tie(p, RateKind::True, &below(d)), "{d}");
        }
        // The classic rate of the same shape has a 109-bit denominator, a
        // power of two: a tie needs a k^2 n = 4 * 27 = 108 = D - E.
        assert!(classic_may_tie(p, 108));
        assert!(!classic_may_tie(p, 107));
    }
}
