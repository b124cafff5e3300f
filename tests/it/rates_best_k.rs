//! The best-k figures and the idealised lists from the lab brief.

use bloomlab::rates::best_k::Verdict;
use bloomlab::rates::bounds::classic_bracket;
use bloomlab::rates::{
    BestK, Budget, Params, SigDecimal, best_k, best_k_scan, classic_denominator_digits,
    classic_exact, idealised_ratio, one_in, ratio_to_f64, rule_of_thumb,
};
use num_rational::BigRational;
use std::sync::atomic::AtomicBool;

fn classic(m: u64, n: u64, k: u32) -> BigRational {
    match classic_exact(
        Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
        Budget::default(),
    ) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

/// The exact rate a scan found; every shape here is settled exactly.
fn exact_of(b: &BestK) -> &BigRational {
    assert_eq!(b.verdict, Verdict::Exact);
    match &b.rate {
        Some(r) => r,
        None => panic!("no exact rate at k = {}", b.k),
    }
}

fn four(r: &BigRational) -> String {
    match SigDecimal::from_ratio(r, 4) {
        Ok(d) => d.plain(),
        Err(e) => panic!("{e}"),
    }
}

fn scan(m: u64, n: u64) -> BestK {
    match best_k_scan(
        m,
        n,
        1..=10,
        Budget::default(),
        None,
        &AtomicBool::new(false),
    ) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn ten_bits_per_key_at_160_16() {
    let b = scan(160, 16);
    assert_eq!(b.k, 7);
    assert_eq!(four(&classic(160, 16, 6)), "0.008553");
    assert_eq!(four(exact_of(&b)), "0.008319");
    assert_eq!(four(&classic(160, 16, 8)), "0.008595");
    // k = 6, 7, 8 lie within 4% of each other.
    let spread = (0.008595 - 0.008319) / 0.008319;
    assert!(spread < 0.04);
    assert_eq!(one_in(exact_of(&b)), Some(120));
    assert!(b.skipped.is_empty());
    assert_eq!(b.curve.len(), 10);
}

#[test]
fn twelve_keys_in_144_bits() {
    let b = scan(144, 12);
    assert_eq!(b.k, 8);
    assert_eq!(four(exact_of(&b)), "0.003204");
    let ten = classic(144, 12, 10);
    assert_eq!(four(&ten), "0.003414");
    let worse =
        ratio_to_f64(&ten).unwrap_or(f64::NAN) / ratio_to_f64(exact_of(&b)).unwrap_or(f64::NAN);
    // "6% worse": 6.5% more false positives.
    assert!(worse > 1.06 && worse < 1.07, "{worse}");
}

#[test]
fn eight_bits_per_key() {
    let b = scan(128, 16);
    assert_eq!(b.k, 6);
    assert_eq!(four(exact_of(&b)), "0.02192");
    assert_eq!(one_in(exact_of(&b)), Some(46));
    let ten_bit = classic(160, 16, 7);
    let ratio =
        ratio_to_f64(exact_of(&b)).unwrap_or(f64::NAN) / ratio_to_f64(&ten_bit).unwrap_or(0.0);
    assert_eq!(format!("{ratio:.1}"), "2.6");
    assert_eq!(format!("{:.1}", rule_of_thumb(128, 16)), "5.5");
}

#[test]
fn best_k_plain_form_matches_the_scan() {
    assert_eq!(
        best_k(160, 16, 1..=10, Budget::default()).map(|b| b.0),
        Ok(7)
    );
}

/// Within one unit of the last digit shown: the brief rounds some figures
/// and cuts others short.
fn near(value: f64, shown: &str) -> bool {
    let digits_after_point = shown.split('.').nth(1).map_or(0, str::len) as i32;
    let unit = 10f64.powi(-digits_after_point);
    let target: f64 = shown.parse().unwrap_or(f64::NAN);
    (value - target).abs() < unit
}

#[test]
fn idealised_at_ten_bits_per_key() {
    let list = [
        (1, "0.0952"),
        (2, "0.0329"),
        (3, "0.0174"),
        (4, "0.0118"),
        (5, "0.0094"),
        (6, "0.0084"),
        (7, "0.0082"),
        (8, "0.0085"),
        (10, "0.0102"),
        (14, "0.0190"),
    ];
    for (k, shown) in list {
        let v = idealised_ratio(k, 0.1);
        assert!(near(v, shown), "k={k}: {v} vs {shown}");
    }
}

#[test]
fn idealised_at_the_best_whole_k() {
    for (bits, shown) in [
        (8u32, "0.0215"),
        (10, "0.0082"),
        (14, "0.0012"),
        (20, "0.000067"),
    ] {
        let load = 1.0 / f64::from(bits);
        let best = (1..=40)
            .map(|k| idealised_ratio(k, load))
            .fold(f64::INFINITY, f64::min);
        assert!(near(best, shown), "{bits} bits: {best} vs {shown}");
    }
}

/// At the big shape k = 10 (5,000,001 digits) is over budget: it is ranked
/// by its bounds only, and k = 7 still comes with its exact rate.
#[test]
fn big_shape_skips_over_budget_k() {
    let b = match best_k_scan(
        100_000,
        10_000,
        1..=10,
        Budget::default(),
        None,
        &AtomicBool::new(false),
    ) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(b.k, 7);
    assert_eq!(b.verdict, Verdict::Exact);
    assert_eq!(b.rate, Some(classic(100_000, 10_000, 7)));
    assert_eq!(b.skipped, vec![(10, 5_000_001)]);
    assert_eq!(b.curve.len(), 10);
}

/// The classic rate in doubles, `(-expm1(kn ln(1 - 1/m)))^k`, accurate to a
/// few units in the last place at any m.
fn classic_f64(m: u64, n: u64, k: u32) -> f64 {
    let miss = (f64::from(k) * n as f64 * (-1.0 / m as f64).ln_1p()).exp_m1();
    (-miss).powi(k as i32)
}

/// At m = 10^6, n = 10^5 only k = 1 and 2 fit the default budget (k = 2
/// needs 2,400,001 digits, k = 3 already 5,400,001). The scan must still
/// name k = 7, proven by bounds, and not the best of the two it can afford.
#[test]
fn a_winner_over_budget_is_certified_by_its_bounds() {
    let (m, n) = (1_000_000, 100_000);
    let b = match best_k_scan(
        m,
        n,
        1..=11,
        Budget::default(),
        None,
        &AtomicBool::new(false),
    ) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let digits = classic_denominator_digits(Params::new(m, n, 7).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(digits, 29_400_001);
    assert_eq!(b.k, 7);
    assert_eq!(b.verdict, Verdict::Certified { digits });
    assert_eq!(b.rate, None);
    assert_eq!(
        b.skipped.iter().map(|s| s.0).collect::<Vec<_>>(),
        (3..=11).collect::<Vec<_>>()
    );
    assert_eq!(b.curve.len(), 11);

    // Brute force in doubles: the minimum is at k = 7 and the scan's
    // approximation matches it.
    let (brute_k, brute) = (1..=11)
        .map(|k| (k, classic_f64(m, n, k)))
        .fold((0, f64::INFINITY), |a, c| if c.1 < a.1 { c } else { a });
    assert_eq!(brute_k, 7);
    assert!(
        (b.approx - brute).abs() <= brute * 1e-12,
        "{} vs {brute}",
        b.approx
    );
    for (k, r) in &b.curve {
        let f = classic_f64(m, n, *k);
        assert!((r - f).abs() <= f * 1e-12, "k = {k}: {r} vs {f}");
    }

    // The brackets alone: k = 7 lies wholly below every other k.
    let seven = classic_bracket(Params::new(m, n, 7).unwrap_or_else(|e| panic!("{e}")), 256);
    for k in (1..=11).filter(|&k| k != 7) {
        assert!(
            seven.below(&classic_bracket(
                Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
                256
            )),
            "k = {k}"
        );
    }

    // Without the exact rate, the plain form refuses and names its size.
    assert!(matches!(
        best_k(m, n, 1..=11, Budget::default()),
        Err(bloomlab::rates::RateError::BudgetExceeded {
            digits: 29_400_001,
            ..
        })
    ));
}
