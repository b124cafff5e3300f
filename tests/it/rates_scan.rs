//! The one best-k rule: both winners against a full exact scan, the
//! figures of lab.md, and how the range widens.

use std::sync::atomic::AtomicBool;

use bloomlab::rates::scan::{KScan, ScanReach, best_k_over, best_k_rule};
use bloomlab::rates::{Budget, ExactRates, Params};
use num_rational::BigRational;

fn rule(m: u64, n: u64) -> KScan {
    best_k_rule(m, n, &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{m}/{n}: {e}"))
}

/// The best k of `ks` for both rates from their full fractions: exact ties
/// go to the smaller k for both rates.
fn brute_force(m: u64, n: u64, ks: std::ops::RangeInclusive<u32>) -> (u32, u32) {
    let mut classic: Option<(u32, BigRational)> = None;
    let mut truths: Vec<(u32, BigRational)> = Vec::new();
    for k in ks {
        let r = ExactRates::compute(
            Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
            Budget::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        if classic.as_ref().is_none_or(|(_, b)| r.classic < *b) {
            classic = Some((k, r.classic));
        }
        truths.push((k, r.true_rate));
    }
    let classic = classic.expect("a non-empty range").0;
    let lowest = truths
        .iter()
        .map(|(_, r)| r)
        .min()
        .expect("a non-empty range");
    let tied: Vec<u32> = truths
        .iter()
        .filter(|(_, r)| r == lowest)
        .map(|(k, _)| *k)
        .collect();
    (classic, tied[0])
}

#[test]
fn the_true_best_k_of_lab_md() {
    // (m, n, classic best, true best), over 1..29 in the brief.
    for (m, n, classic, truth) in [
        (16, 3, 4, 3),
        (40, 4, 7, 6),
        (64, 8, 6, 5),
        (128, 16, 6, 5),
        (160, 16, 7, 7),
        (1000, 100, 7, 7),
    ] {
        let s =
            best_k_over(m, n, 1..=29, &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((s.classic.k, s.true_rate.k), (classic, truth), "{m}/{n}");
        assert!(s.classic.is_proven() && s.true_rate.is_proven());
        assert_eq!(rule(m, n).classic.k, classic, "{m}/{n}");
        assert_eq!(rule(m, n).true_rate.k, truth, "{m}/{n}");
    }
}

#[test]
fn both_winners_agree_with_a_brute_force_exact_scan() {
    let mut differ = 0;
    for m in [
        2u64, 3, 5, 8, 12, 16, 20, 24, 33, 40, 50, 64, 80, 100, 128, 200,
    ] {
        for n in [1u64, 2, 3, 5, 8, 13] {
            let s = best_k_over(m, n, 1..=14, &AtomicBool::new(false))
                .unwrap_or_else(|e| panic!("{e}"));
            let truth = brute_force(m, n, 1..=14);
            assert_eq!((s.classic.k, s.true_rate.k), truth, "{m}/{n}");
            differ += usize::from(truth.0 != truth.1);
        }
    }
    // The finding of issue 15 is common at small m, not a corner case.
    assert!(differ >= 10, "{differ}");
}

#[test]
fn the_range_widens_while_the_minimum_sits_on_its_edge() {
    // 16 bits per key: the rule of thumb says 11.09; 1..10 would stop at 10.
    let s = rule(160, 10);
    assert_eq!(s.classic.k, 11);
    assert_eq!(s.range, 1..=12);
    assert_eq!(s.reach, ScanReach::Extended { from: 10 });
    assert_eq!(s.points.len(), 12);
    assert_eq!(brute_force(160, 10, 1..=17).0, 11);
    // Ten bits per key stays within the seed's range.
    let s = rule(160, 16);
    assert_eq!((s.range.clone(), s.reach), (1..=10, ScanReach::Default));
    // A nearly empty filter wants more hashes than the largest k allows.
    let s = rule(1_000_000, 16);
    assert_eq!((s.classic.k, s.range.clone()), (1000, 1..=1000));
    assert_eq!(s.reach, ScanReach::AtLimit { from: 10 });
}

#[test]
fn degenerate_shapes_and_curves() {
    // No keys: every rate is zero, and ties go to the smallest k.
    let s = rule(100, 0);
    assert_eq!((s.classic.k, s.true_rate.k), (1, 1));
    // One bit: every rate is one.
    assert_eq!(rule(1, 5).classic.k, 1);
    // The curve carries every k; the true curve fills on request.
    let mut s = rule(160, 16);
    assert!(s.points.iter().any(|p| p.true_rate.is_none()));
    s.fill_true_curve(&AtomicBool::new(false))
        .unwrap_or_else(|e| panic!("{e}"));
    let at7 = s.points[6];
    assert!((at7.classic.value - 0.0083186771).abs() < 1e-9);
    assert!((at7.true_rate.map(|t| t.value).unwrap_or(0.0) - 0.0086533084).abs() < 1e-9);
    assert!((at7.classic.log10 - 0.0083186771f64.log10()).abs() < 1e-9);
}
