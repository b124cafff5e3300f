//! The sizing solver meets its target, and one bit (or key) past its answer
//! does not; the smallest m agrees with a plain linear scan over exact
//! fractions, for the classic and the true rate.

use std::cmp::Ordering;
use std::sync::atomic::AtomicBool;

use bloomlab::rates::certified::RateKind;
use bloomlab::rates::certified::compare::compare_to;
use bloomlab::rates::solve::{KChoice, SizeAnswer, SizeQuery, Solved, solve_size};
use bloomlab::rates::{Budget, ExactRates, Params};
use num_bigint::BigInt;
use num_rational::BigRational;

fn ratio(a: i64, b: i64) -> BigRational {
    BigRational::new(BigInt::from(a), BigInt::from(b))
}

fn solve(
    n: Option<u64>,
    p: Option<BigRational>,
    m: Option<u64>,
    k: Option<u32>,
    by: RateKind,
) -> SizeAnswer {
    let q = SizeQuery { n, p, m, k, by };
    solve_size(&q, 10, Budget::default(), &AtomicBool::new(false))
        .unwrap_or_else(|e| panic!("{q:?}: {e}"))
}

fn order(m: u64, n: u64, k: u32, kind: RateKind, t: &BigRational) -> Ordering {
    compare_to(
        Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
        kind,
        t,
        Budget::default(),
        &AtomicBool::new(false),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The smallest rate over k of the shape, by exact fractions, over k up to
/// twice the rule of thumb plus three (the best k of these small shapes is
/// never more than two past the rule of thumb).
fn best_exact(m: u64, n: u64, kind: RateKind) -> BigRational {
    let top = (2.0 * m as f64 / n as f64 * std::f64::consts::LN_2).ceil() as u32 + 3;
    (1..=top)
        .map(|k| {
            let r = ExactRates::compute(
                Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
                Budget::default(),
            )
            .unwrap_or_else(|e| panic!("{e}"));
            match kind {
                RateKind::Classic => r.classic,
                RateKind::True => r.true_rate,
            }
        })
        .min()
        .unwrap_or_else(|| panic!("empty"))
}

#[test]
fn fifty_million_ids_at_one_percent_meet_their_target() {
    let one_percent = ratio(1, 100);
    let a = solve(
        Some(50_000_000),
        Some(one_percent.clone()),
        None,
        None,
        RateKind::Classic,
    );
    assert_eq!((a.solved, a.m, a.k), (Solved::Bits, 479_647_737, 7));
    assert_eq!(a.classic_meets, Some(true));
    assert_eq!(
        order(a.m, a.n, 7, RateKind::Classic, &one_percent),
        Ordering::Less
    );
    // One bit fewer misses at every k around the best.
    for k in 5..=9 {
        assert_eq!(
            order(a.m - 1, a.n, k, RateKind::Classic, &one_percent),
            Ordering::Greater,
            "{k}"
        );
    }
    let fewer = a.neighbour.unwrap_or_else(|| panic!("no neighbour"));
    assert_eq!((fewer.m, fewer.k), (479_647_736, 7));
    assert!(fewer.rate.decimal.to_f64() > 0.01);
    assert!(matches!(a.k_choice, KChoice::Scanned(_)));
}

#[test]
fn the_best_integer_k_near_a_rounding_half() {
    // (m/n) ln 2 sits near x.5 here: the rounded k is the worse one.
    let a = solve(
        Some(100),
        Some(ratio(111, 10_000)),
        None,
        None,
        RateKind::Classic,
    );
    assert_eq!(a.k, 7);
    assert_eq!(a.classic_meets, Some(true));
}

#[test]
fn smallest_m_agrees_with_a_linear_scan_for_both_rates() {
    for n in [1u64, 2, 3, 5, 8] {
        for (a, b) in [(1, 2), (1, 10), (1, 30), (3, 100), (1, 100)] {
            let target = ratio(a, b);
            for kind in [RateKind::Classic, RateKind::True] {
                let mut m = 1;
                while best_exact(m, n, kind) > target {
                    m += 1;
                }
                let got = solve(Some(n), Some(target.clone()), None, None, kind);
                assert_eq!(got.m, m, "n = {n}, p = {a}/{b}, {kind:?}");
            }
        }
    }
}

#[test]
fn the_best_rate_falls_with_m_on_a_grid_for_both_rates() {
    // The binary search relies on this; proven for the classic rate,
    // checked here for the true one.
    for n in [1u64, 2, 3, 4, 6, 10] {
        for kind in [RateKind::Classic, RateKind::True] {
            let mut last = best_exact(1, n, kind);
            for m in 2..=60 {
                let next = best_exact(m, n, kind);
                assert!(next <= last, "n = {n}, m = {m}, {kind:?}");
                last = next;
            }
        }
    }
}

#[test]
fn sizing_by_the_true_rate_meets_it_and_one_bit_fewer_does_not() {
    let one_percent = ratio(1, 100);
    for n in [16u64, 1000, 50_000_000] {
        let a = solve(
            Some(n),
            Some(one_percent.clone()),
            None,
            None,
            RateKind::True,
        );
        assert_eq!(a.true_meets, Some(true), "{n}");
        let fewer = a.neighbour.unwrap_or_else(|| panic!("no neighbour"));
        assert_eq!(
            order(fewer.m, n, fewer.k, RateKind::True, &one_percent),
            Ordering::Greater
        );
        let classic = solve(
            Some(n),
            Some(one_percent.clone()),
            None,
            None,
            RateKind::Classic,
        );
        assert!(
            a.m >= classic.m,
            "{n}: the true rate needs at least as many bits"
        );
    }
}

#[test]
fn any_three_in_the_fourth_out() {
    // m and n given: the rate and its best k.
    let a = solve(
        Some(50_000_000),
        None,
        Some(479_252_919),
        None,
        RateKind::Classic,
    );
    assert_eq!((a.solved, a.k), (Solved::Rate, 7));
    assert_eq!(a.classic.decimal.scientific(), "1.003921770e-2");
    // 64 MiB of bits for 50M keys.
    let a = solve(
        Some(50_000_000),
        None,
        Some(64 * 1024 * 1024 * 8),
        None,
        RateKind::Classic,
    );
    assert_eq!((a.solved, a.k), (Solved::Rate, 7));
    assert_eq!(&a.classic.decimal.scientific()[..6], "5.7821");
    // m and p given: the most keys, and one more key misses.
    let target = ratio(1, 100);
    let a = solve(
        None,
        Some(target.clone()),
        Some(479_647_737),
        None,
        RateKind::Classic,
    );
    assert_eq!((a.solved, a.n), (Solved::Keys, 50_000_000));
    let more = a.neighbour.unwrap_or_else(|| panic!("no neighbour"));
    assert_eq!(more.n, 50_000_001);
    assert_eq!(
        order(more.m, more.n, more.k, RateKind::Classic, &target),
        Ordering::Greater
    );
    // n, p and k given: the fewest bits at that k.
    let a = solve(
        Some(1000),
        Some(target.clone()),
        None,
        Some(3),
        RateKind::Classic,
    );
    assert_eq!(
        order(a.m, 1000, 3, RateKind::Classic, &target),
        Ordering::Less
    );
    assert_eq!(
        order(a.m - 1, 1000, 3, RateKind::Classic, &target),
        Ordering::Greater
    );
    // n, p and m given: the best k, and whether it meets p.
    let a = solve(Some(16), Some(target), Some(160), None, RateKind::Classic);
    assert_eq!(
        (a.solved, a.k, a.classic_meets),
        (Solved::Hashes, 7, Some(true))
    );
    assert_eq!(a.true_meets, Some(true));
}

#[test]
fn too_few_or_too_many_inputs_are_refused() {
    let q = |n, p, m, k| SizeQuery {
        n,
        p,
        m,
        k,
        by: RateKind::Classic,
    };
    let never = AtomicBool::new(false);
    for query in [
        q(Some(10), None, None, None),
        q(None, None, Some(10), Some(3)),
        q(Some(10), Some(ratio(1, 100)), Some(100), Some(3)),
    ] {
        assert!(
            solve_size(&query, 10, Budget::default(), &never).is_err(),
            "{query:?}"
        );
    }
    // A filter too small for even one key at the target.
    assert!(
        solve_size(
            &q(None, Some(ratio(1, 1000)), Some(4), None),
            10,
            Budget::default(),
            &never
        )
        .is_err()
    );
}
