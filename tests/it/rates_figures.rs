//! Every figure in the lab brief's table, recomputed from scratch.

use bloomlab::rates::{
    Budget, Params, SigDecimal, classic_denominator_digits, classic_exact, idealised,
};
use num_rational::BigRational;

use crate::figures::TABLE;

/// Significant digits shown in a published figure like "0.0083186771".
fn significant(text: &str) -> u32 {
    text.trim_start_matches(['0', '.']).len() as u32
}

fn rounded(rate: &BigRational, like: &str) -> String {
    match SigDecimal::from_ratio(rate, significant(like)) {
        Ok(d) => d.plain(),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn classic_column_and_digit_counts() {
    for (m, n, k, classic, _, _, digits) in TABLE {
        let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(classic_denominator_digits(p), digits, "{m}/{n}/{k}");
        let rate = match classic_exact(p, Budget::default()) {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(rounded(&rate, classic), classic, "{m}/{n}/{k}");
    }
}

#[test]
fn idealised_column() {
    for (m, n, k, _, ideal, _, _) in TABLE {
        let got = idealised(Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")));
        let want: f64 = ideal.parse().unwrap_or(f64::NAN);
        let digits = significant(ideal) as i32;
        let tolerance = 0.5 * want * 10f64.powi(1 - digits);
        assert!(
            (got - want).abs() <= tolerance,
            "{m}/{n}/{k}: {got} vs {want}"
        );
    }
}

#[test]
fn classic_at_160_16_7_in_both_notations() {
    let rate = classic_exact(
        Params::new(160, 16, 7).unwrap_or_else(|e| panic!("{e}")),
        Budget::default(),
    );
    let d = rate.and_then(|r| SigDecimal::from_ratio(&r, 10));
    let d = match d {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(d.scientific(), "8.318677101e-3");
    assert_eq!(d.plain(), "0.008318677101");
    assert!((d.to_f64() - 0.008318677101).abs() < 1e-18);
}

#[test]
fn true_column() {
    for (m, n, k, _, _, truth, _) in TABLE {
        let rate = match bloomlab::rates::true_exact(
            Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
            Budget::default(),
        ) {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(rounded(&rate, truth), truth, "{m}/{n}/{k}");
    }
}

#[test]
fn difference_and_one_in_at_160_16_7() {
    let p = Params::new(160, 16, 7).unwrap_or_else(|e| panic!("{e}"));
    let rate = match classic_exact(p, Budget::default()) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(bloomlab::rates::one_in(&rate), Some(120));
    let exact = bloomlab::rates::ratio_to_f64(&rate).unwrap_or(f64::NAN);
    let gap = bloomlab::rates::difference(exact, idealised(p));
    // Published as 1.25e-4.
    assert_eq!(format!("{:.2e}", gap.absolute), "1.25e-4");
}

/// The big shape from the brief. Its published ten-digit figures are the
/// exact values cut off after ten digits; correctly rounded, the last digit
/// goes up (…0917 and …4278 continue past the tenth digit).
#[test]
fn classic_and_true_at_a_hundred_thousand_bits() {
    let p = Params::new(100_000, 10_000, 7).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(classic_denominator_digits(p), 2_450_001);
    let both = match bloomlab::rates::ExactRates::compute(p, Budget::default()) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let sci = |r: &BigRational, d: u32| match SigDecimal::from_ratio(r, d) {
        Ok(s) => s.scientific(),
        Err(e) => panic!("{e}"),
    };
    assert_eq!(sci(&both.classic, 10), "8.193920092e-3");
    assert_eq!(sci(&both.true_rate, 10), "8.194445428e-3");
    assert!(sci(&both.classic, 20).starts_with("8.193920091"));
    assert!(sci(&both.true_rate, 20).starts_with("8.194445427"));
}
