//! Property tests of the exact rates: the order idealised < classic <= true,
//! the classic rate rising with n, and long-division digits checked against a
//! slow reference that produces one digit at a time.

use std::sync::atomic::AtomicBool;

use bloomlab::rates::{
    Budget, Params, SigDecimal, Sizing, classic_exact, idealised, idealised_real_k, ratio_to_f64,
    true_exact,
};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn params(m: u64, n: u64, k: u32) -> Params {
    Params::new(m, n, k).unwrap_or_else(|e| panic!("valid params rejected: {e}"))
}

fn classic(p: Params) -> BigRational {
    classic_exact(p, Budget::default()).unwrap_or_else(|e| panic!("classic {p:?}: {e}"))
}

fn true_rate(p: Params) -> BigRational {
    true_exact(p, Budget::default()).unwrap_or_else(|e| panic!("true {p:?}: {e}"))
}

/// The double the library returned, as the exact rational it stands for.
fn exact_of(x: f64) -> BigRational {
    BigRational::from_float(x).unwrap_or_else(|| panic!("{x} is not finite"))
}

/// The digits and exponent of `num/den` (both positive) to `digits`
/// significant digits, produced the schoolbook way: scale into [1, 10) by
/// repeated multiplication or division by ten, then peel one digit at a time
/// with divmod, then round half to even on the remainder.
fn reference_digits(num: &BigUint, den: &BigUint, digits: u32) -> (String, i64) {
    assert!(!num.is_zero() && !den.is_zero());
    let ten = BigUint::from(10u32);
    let mut num = num.clone();
    let mut den = den.clone();
    let mut exponent: i64 = 0;
    while num < den {
        num *= &ten;
        exponent -= 1;
    }
    while num >= &den * &ten {
        den *= &ten;
        exponent += 1;
    }
    // Now 1 <= num/den < 10.
    let mut out: Vec<u8> = Vec::new();
    let mut rem = num;
    for _ in 0..digits {
        let (q, r) = rem.div_rem(&den);
        let d = q.to_u32_digits().first().copied().unwrap_or(0);
        assert!(d < 10, "digit {d} out of range");
        out.push(d as u8);
        rem = r * &ten;
    }
    // `rem` is ten times the remainder after the last digit; compare the
    // remainder with half a unit of the last place: 2*r vs den.
    let twice = &rem / &ten * 2u32;
    let round_up = match twice.cmp(&den) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Equal => out.last().is_some_and(|d| d % 2 == 1),
        std::cmp::Ordering::Less => false,
    };
    if round_up {
        let mut i = out.len();
        loop {
            if i == 0 {
                out.insert(0, 1);
                out.pop();
                exponent += 1;
                break;
            }
            i -= 1;
            if out[i] == 9 {
                out[i] = 0;
            } else {
                out[i] += 1;
                break;
            }
        }
    }
    let text = out.iter().map(|d| char::from(b'0' + d)).collect();
    (text, exponent)
}

fn check_against_reference(
    num: impl Into<BigUint>,
    den: impl Into<BigUint>,
    digits: u32,
) -> Result<(), TestCaseError> {
    let (num, den) = (num.into(), den.into());
    let value = BigRational::new_raw(BigInt::from(num.clone()), BigInt::from(den.clone()));
    let got = SigDecimal::from_ratio(&value, digits)
        .map_err(|e| TestCaseError::fail(format!("{num}/{den} at {digits}: {e}")))?;
    let (want, exp) = reference_digits(&num, &den, digits);
    prop_assert_eq!(
        got.digits(),
        want.as_str(),
        "{}/{} at {} digits",
        num,
        den,
        digits
    );
    prop_assert_eq!(got.exponent(), exp, "{}/{} at {} digits", num, den, digits);
    Ok(())
}

proptest! {
    // A fixed seed: every run tries the same cases, so a test never
    // passes or fails by chance.
    #![proptest_config(ProptestConfig { cases: 256, rng_seed: RngSeed::Fixed(0x5eed_0003), ..ProptestConfig::default() })]

    /// Both sides computed exactly: the idealised double (an exact rational)
    /// is below the classic rate, which is strictly below the true rate once
    /// two probes of one query can share a filter of more than one bit.
    /// kn/m is kept below 12 so the idealised empty fraction, e^(-kn/m), is
    /// far from a double's rounding noise.
    #[test]
    fn idealised_below_classic_below_true(m in 2u64..=64, n in 1u64..=24, k in 2u32..=8) {
        prop_assume!(u64::from(k) * n < 12 * m);
        let p = params(m, n, k);
        let c = classic(p);
        let t = true_rate(p);
        let i = exact_of(idealised(p));
        prop_assert!(i < c, "idealised {} not below classic {} at {:?}", idealised(p), c, p);
        prop_assert!(c < t, "classic not strictly below true at {:?}: {} vs {}", p, c, t);
    }

    /// With one probe per key the classic and true rates are the same number,
    /// and at m = 1 every rate is 1 once a key is in.
    #[test]
    fn classic_equals_true_at_k1_or_m1(m in 1u64..=200, n in 1u64..=40, k in 1u32..=6) {
        let p1 = params(m, n, 1);
        prop_assert_eq!(classic(p1), true_rate(p1));
        let single = params(1, n, k);
        prop_assert_eq!(classic(single), BigRational::one());
        prop_assert_eq!(true_rate(single), BigRational::one());
    }

    /// Every key added sets more bits on average, so the classic rate rises
    /// strictly with n for any filter of two or more bits.
    #[test]
    fn classic_rises_with_n(m in 2u64..=300, n in 0u64..=40, k in 1u32..=10) {
        let before = classic(params(m, n, k));
        let after = classic(params(m, n + 1, k));
        prop_assert!(before < after, "classic did not rise from n={} to n={} at m={}, k={}", n, n + 1, m, k);
    }

    /// Rates are probabilities: in [0, 1], and 0 exactly when nothing is in.
    #[test]
    fn rates_are_probabilities(m in 1u64..=500, n in 0u64..=30, k in 1u32..=10) {
        let p = params(m, n, k);
        for r in [classic(p), true_rate(p)] {
            prop_assert!(r >= BigRational::zero() && r <= BigRational::one(), "{} at {:?}", r, p);
            prop_assert_eq!(r.is_zero(), n == 0);
        }
    }

    /// The library's long division of the classic rate agrees with the
    /// schoolbook reference digit for digit, for any digit count.
    #[test]
    fn classic_digits_match_reference(m in 1u64..=40, n in 1u64..=6, k in 1u32..=5, digits in 1u32..=60) {
        let c = classic(params(m, n, k));
        let got = SigDecimal::from_ratio(&c, digits).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let num = c.numer().to_biguint().ok_or_else(|| TestCaseError::fail("negative numerator"))?;
        let den = c.denom().to_biguint().ok_or_else(|| TestCaseError::fail("negative denominator"))?;
        let (want, exp) = reference_digits(&num, &den, digits);
        prop_assert_eq!(got.digits(), want.as_str());
        prop_assert_eq!(got.exponent(), exp);
        prop_assert_eq!(got.digits().len(), digits as usize);
        prop_assert!(!got.digits().starts_with('0'));
    }

    /// Small fractions of any size, including the exact ties 2^a 5^b
    /// denominators produce, round half to even like the reference.
    #[test]
    fn small_fraction_digits_match_reference(num in 1u64..=1_000_000, den in 1u64..=1_000_000, digits in 1u32..=25) {
        check_against_reference(num, den, digits)?;
    }

    #[test]
    fn tie_digits_match_reference(num in 1u64..=100_000, a in 0u32..=12, b in 0u32..=8, digits in 1u32..=8) {
        let den = 2u64.pow(a) * 5u64.pow(b);
        check_against_reference(num, den, digits)?;
    }

    /// Fractions of two 127-bit numbers, to as many as 60 digits.
    #[test]
    fn large_fraction_digits_match_reference(num in 1u128..u128::MAX / 2, den in 1u128..u128::MAX / 2, digits in 1u32..60) {
        check_against_reference(num, den, digits)?;
    }

    /// q + 1/2 to as many digits as q has lies exactly halfway, and goes to
    /// the even neighbour (carrying into a new digit after 99..9).
    #[test]
    fn halfway_rounds_to_even(q in 1u64..10_000_000) {
        let value = BigRational::new_raw(BigInt::from(2 * q + 1), BigInt::from(2));
        let len = q.to_string().len();
        let got = SigDecimal::from_ratio(&value, len as u32)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let rounded = (if q % 2 == 0 { q } else { q + 1 }).to_string();
        let exponent = rounded.len() as i64 - 1;
        prop_assert_eq!(got.digits(), &rounded[..len]);
        prop_assert_eq!(got.exponent(), exponent);
    }

    /// The ordering over a wider range of shapes, compared as doubles (the
    /// exact comparison above covers the small ones).
    #[test]
    fn classic_below_true_over_wide_shapes(m in 65u64..400, n in 1u64..40, k in 2u32..9) {
        let p = params(m, n, k);
        let (c, t) = (classic(p), true_rate(p));
        prop_assert!(c < t, "classic not strictly below true at {:?}", p);
        let c = ratio_to_f64(&c).unwrap_or(f64::NAN);
        // Near 1 both round to the same double; the gap is then below 1e-16.
        if c < 0.999 {
            prop_assert!(idealised(p) < c, "{} vs {}", idealised(p), c);
        }
    }
}

proptest! {
    // A fixed seed: every run tries the same cases, so a test never
    // passes or fails by chance.
    #![proptest_config(ProptestConfig { cases: 256, rng_seed: RngSeed::Fixed(0x5eed_0003), ..ProptestConfig::default() })]

    /// Sizing meets its target: the bits per key follow -ln p / (ln 2)^2,
    /// m and the bytes are rounded up, k is the rounded best k, and the
    /// idealised rate at the real best k is the target itself. The exact
    /// rate is a separate step (tested below).
    #[test]
    fn sizing_meets_its_target(n in 1u64..=1_000_000_000, exp in -12.0f64..-0.31) {
        let p = 10f64.powf(exp);
        let s = Sizing::for_target(n, p)
            .map_err(|e| TestCaseError::fail(format!("n={n} p={p}: {e}")))?;
        let ln2 = std::f64::consts::LN_2;
        let bits = -p.ln() / (ln2 * ln2);
        prop_assert!((s.bits_per_key - bits).abs() <= 1e-9 * bits);
        prop_assert!(s.m as f64 >= n as f64 * bits * (1.0 - 1e-12), "m {} below n*bits {}", s.m, n as f64 * bits);
        prop_assert!((s.m as f64) < n as f64 * bits * (1.0 + 1e-9) + 1.0);
        prop_assert_eq!(s.bytes, s.m.div_ceil(8));
        prop_assert!(s.k >= 1);
        prop_assert!((f64::from(s.k) - s.k_real.max(1.0)).abs() <= 0.5 + 1e-9);
        let at_best = idealised_real_k(s.k_real, n as f64 / s.m as f64);
        prop_assert!(at_best <= p * (1.0 + 1e-6), "rate {at_best} at the real best k is over the target {p}");
        // A whole k costs a little: never more than a quarter over target
        // once the filter has at least a couple of bits per key.
        if s.k_real >= 1.0 {
            prop_assert!(s.idealised <= p * 1.25, "rate {} at k = {} vs target {p}", s.idealised, s.k);
        }
    }

    /// No value of p or n makes sizing panic; what it accepts is finite.
    #[test]
    fn sizing_never_panics(n in prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>(), 1u64..1000],
                           p in prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(-0.0), Just(f64::MIN_POSITIVE), Just(5e-324), Just(1.0 - f64::EPSILON), any::<f64>(), 0.0f64..1.0]) {
        if let Ok(s) = Sizing::for_target(n, p) {
            prop_assert!(s.m >= 1 && s.k >= 1);
            // The exact rate is a separate, budgeted step: refused or
            // computed, never a panic.
            let never = AtomicBool::new(false);
            if let Ok(r) = s.exact_rate(Budget::new(20_000), &never) {
                prop_assert!(r >= BigRational::zero() && r <= BigRational::one());
            }
            prop_assert!(s.bits_per_key.is_finite() && s.mb.is_finite() && s.mib.is_finite());
            prop_assert!(s.idealised.is_finite() && (0.0..=1.0).contains(&s.idealised));
        }
    }
}

/// Hand-picked carries and ties the reference itself must get right, so a
/// shared mistake in both cannot hide.
#[test]
fn reference_handles_known_cases() {
    let r = |n: u64, d: u64, digits| reference_digits(&BigUint::from(n), &BigUint::from(d), digits);
    assert_eq!(r(1, 8, 2), ("12".to_string(), -1)); // 0.125 -> 0.12 (tie, even)
    assert_eq!(r(3, 8, 2), ("38".to_string(), -1)); // 0.375 -> 0.38 (tie, up to even)
    assert_eq!(r(999, 1000, 2), ("10".to_string(), 0)); // 0.999 -> 1.0
    assert_eq!(r(1, 3, 5), ("33333".to_string(), -1));
    assert_eq!(r(2, 3, 3), ("667".to_string(), -1));
    assert_eq!(r(25, 1, 1), ("2".to_string(), 1)); // 25 -> 2e1 (tie, even)
    assert_eq!(r(35, 1, 1), ("4".to_string(), 1));
    check_against_reference(1u64, 8u64, 2).unwrap();
    check_against_reference(999u64, 1000u64, 2).unwrap();
    check_against_reference(25u64, 1u64, 1).unwrap();
}

/// lab.md's m=160, n=16, k=7 figure through both paths.
#[test]
fn lab_figure_matches_reference() {
    let c = classic(params(160, 16, 7));
    let got = SigDecimal::from_ratio(&c, 10).unwrap();
    assert_eq!(got.scientific(), "8.318677101e-3");
    let num = c.numer().to_biguint().unwrap();
    let den = c.denom().to_biguint().unwrap();
    assert_eq!(
        reference_digits(&num, &den, 10),
        ("8318677101".to_string(), -3)
    );
}
