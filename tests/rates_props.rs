//! Properties over many random inputs: long division against a naive one,
//! and the ordering idealised < classic <= true.

use bloomlab::rates::{
    Budget, Params, SigDecimal, classic_exact, idealised, ratio_to_f64, true_exact,
};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use proptest::prelude::*;

/// Significant digits of `a/b` (both positive) the naive way: normalise to
/// [1, 10), peel off `d + 1` digits one at a time, note whether anything was
/// left over, and round half to even by hand.
fn naive(a: u128, b: u128, d: usize) -> (String, i64) {
    let mut num = BigInt::from(a);
    let mut den = BigInt::from(b);
    let mut exponent: i64 = 0;
    while num >= &den * 10 {
        den *= 10;
        exponent += 1;
    }
    while num < den {
        num *= 10;
        exponent -= 1;
    }
    let mut digits = Vec::new();
    let mut rem = num;
    for _ in 0..=d {
        let (q, r) = rem.div_rem(&den);
        digits.push(q.to_string().parse::<u8>().unwrap_or(99));
        rem = r * 10;
    }
    let sticky = rem != BigInt::from(0);
    let guard = digits.pop().unwrap_or(0);
    let round_up =
        guard > 5 || (guard == 5 && (sticky || digits.last().is_some_and(|l| l % 2 == 1)));
    if round_up {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, 1);
                digits.pop();
                exponent += 1;
                break;
            }
            i -= 1;
            if digits[i] == 9 {
                digits[i] = 0;
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    (
        digits.iter().map(|d| char::from(b'0' + d)).collect(),
        exponent,
    )
}

proptest! {
    #[test]
    fn long_division_matches_naive(a in 1u128..u128::MAX / 2, b in 1u128..u128::MAX / 2, d in 1usize..60) {
        let r = BigRational::new_raw(BigInt::from(a), BigInt::from(b));
        let s = SigDecimal::from_ratio(&r, d as u32);
        prop_assert!(s.is_ok());
        let s = s.unwrap_or_else(|_| unreachable!());
        let (digits, exponent) = naive(a, b, d);
        prop_assert_eq!(s.digits(), digits.as_str());
        prop_assert_eq!(s.exponent(), exponent);
    }

    #[test]
    fn ties_round_to_even(q in 1u64..10_000_000) {
        // q + 1/2 rounded to as many digits as q has: exactly halfway.
        let r = BigRational::new_raw(BigInt::from(2 * q + 1), BigInt::from(2));
        let len = q.to_string().len();
        let s = SigDecimal::from_ratio(&r, len as u32);
        prop_assert!(s.is_ok());
        let s = s.unwrap_or_else(|_| unreachable!());
        let rounded = if q % 2 == 0 { q } else { q + 1 };
        let text = rounded.to_string();
        if text.len() > len {
            // 99..9.5 carried into a new digit: 10..0 with a larger exponent.
            prop_assert_eq!(s.digits(), &text[..len]);
            prop_assert_eq!(s.exponent(), len as i64);
        } else {
            prop_assert_eq!(s.digits(), text.as_str());
            prop_assert_eq!(s.exponent(), len as i64 - 1);
        }
    }

    #[test]
    fn rates_are_ordered(m in 2u64..400, n in 1u64..40, k in 2u32..9) {
        let p = Params { m, n, k };
        let classic = classic_exact(p, Budget::default());
        let truth = true_exact(p, Budget::default());
        prop_assert!(classic.is_ok() && truth.is_ok());
        let (classic, truth) = (classic.unwrap_or_default(), truth.unwrap_or_default());
        prop_assert!(classic < truth);
        let c = ratio_to_f64(&classic).unwrap_or(f64::NAN);
        // Near 1 both round to the same double; the gap is then below 1e-16.
        if c < 0.999 {
            prop_assert!(idealised(p) < c, "{} vs {}", idealised(p), c);
        }
    }
}
