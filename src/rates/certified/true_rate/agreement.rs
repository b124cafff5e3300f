//! The 128-bit series held against the big-number path over a broad grid
//! of shapes: the two must enclose the same rate (their enclosures
//! overlap), and wherever both settle digits or best k's, those must be
//! the same. The grid runs m from 1 to 10^18, n from 1 to m, k over the
//! values the command line and the lab meet most, and the shapes small
//! enough to enumerate by brute force.

use super::fast::series_enclosure;
use super::true_enclosure;
use crate::rates::Budget;
use crate::rates::cancel;
use crate::rates::certified::digits::{round, with_big_number_path};
use crate::rates::certified::{Enclosure, RateKind, certified_digits};
use crate::rates::params::Params;
use crate::rates::scan::best_k_rule;

/// Sizes of filter from one bit to 10^18.
const MS: [u64; 13] = [
    1,
    2,
    3,
    5,
    10,
    100,
    1000,
    10_000,
    1_000_000,
    1_000_000_000,
    1_000_000_000_000,
    1_000_000_000_000_000,
    1_000_000_000_000_000_000,
];

const KS: [u32; 6] = [1, 2, 3, 7, 24, 32];

/// The shapes `tests/it/rates_brute_force.rs` enumerates.
const BRUTE: [(u64, u64, u32); 12] = [
    (1, 1, 1),
    (2, 1, 1),
    (2, 1, 2),
    (2, 2, 2),
    (2, 3, 3),
    (3, 1, 2),
    (3, 2, 2),
    (3, 2, 3),
    (4, 1, 3),
    (4, 2, 2),
    (5, 2, 2),
    (6, 1, 4),
];

/// Key counts from 1 to m for each m: a few light loads, the square root,
/// and heavy ones up to n = m (past n's limit, [`grid`] leaves them out).
fn ns(m: u64) -> Vec<u64> {
    let mut ns: Vec<u64> = [1, 2, 10, m.isqrt(), m / 100, m / 10, m]
        .into_iter()
        .filter(|&n| (1..=m).contains(&n))
        .collect();
    ns.sort_unstable();
    ns.dedup();
    ns
}

fn grid() -> Vec<Params> {
    let mut shapes: Vec<Params> = MS
        .iter()
        .flat_map(|&m| ns(m).into_iter().map(move |n| (m, n)))
        .flat_map(|(m, n)| KS.iter().map(move |&k| (m, n, k)))
        .chain(BRUTE)
        // n stops at its own limit (10^15) below m = 10^18.
        .filter_map(|(m, n, k)| Params::new(m, n, k).ok())
        .collect();
    shapes.dedup();
    shapes
}

/// The digits both ends round to, when they agree.
fn settled(e: &Enclosure, digits: u32) -> Option<String> {
    let lo = round(e.low(), digits).ok()?;
    let hi = round(e.high(), digits).ok()?;
    (lo == hi).then(|| lo.scientific())
}

#[test]
fn the_series_and_the_big_number_path_agree_over_the_grid() {
    let never = cancel::never();
    let (mut compared, mut digits_compared) = (0, 0);
    for p in grid() {
        for prec in [50, 73] {
            let Some(fast) = series_enclosure(p, prec, &never).unwrap_or_else(|e| panic!("{e}"))
            else {
                continue;
            };
            let slow = true_enclosure(p, prec);
            let shape = format!("{}/{}/{} at {prec}", p.m(), p.n(), p.k());
            assert!(
                !fast.below(&slow) && !slow.below(&fast),
                "{shape}: {fast:?} against {slow:?}"
            );
            compared += 1;
            for digits in [10, 17] {
                if let (Some(a), Some(b)) = (settled(&fast, digits), settled(&slow, digits)) {
                    assert_eq!(a, b, "{shape}, {digits} digits");
                    digits_compared += 1;
                }
            }
        }
    }
    // The series applies wherever R < m: most of the grid.
    assert!(compared >= 500, "{compared}");
    assert!(digits_compared >= 600, "{digits_compared}");
}

#[test]
fn printed_digits_are_the_same_by_either_path() {
    // Only k >= 24 may take the series; the rest of the grid is the same
    // computation on both sides.
    let mut compared = 0;
    for p in grid().into_iter().filter(|p| p.k() >= 24) {
        for digits in [10, 17] {
            let fast = certified_digits(p, RateKind::True, digits, Budget::default())
                .unwrap_or_else(|e| panic!("{e}"));
            let slow = with_big_number_path(|| {
                certified_digits(p, RateKind::True, digits, Budget::default())
            })
            .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                fast.decimal,
                slow.decimal,
                "{}/{}/{}, {digits} digits",
                p.m(),
                p.n(),
                p.k()
            );
            compared += 1;
        }
    }
    assert!(compared >= 150, "{compared}");
}

#[test]
fn best_k_is_the_same_by_either_path() {
    // Light loads, where the true winner lies at k >= 24 and the search
    // prices it by the series; and a few usual loads for contrast.
    let never = cancel::never();
    let mut light = 0;
    for (m, n) in [
        (100, 1),
        (300, 1),
        (1000, 1),
        (1000, 3),
        (2000, 5),
        (5000, 20),
        (160, 16),
        (16, 3),
        (1_000_000, 100_000),
        (1_000_000_000_000_000_000, 1_000_000_000_000_000),
    ] {
        let fast = best_k_rule(m, n, &never).unwrap_or_else(|e| panic!("{e}"));
        let slow =
            with_big_number_path(|| best_k_rule(m, n, &never)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (fast.classic.k, fast.true_rate.k, fast.range.clone()),
            (slow.classic.k, slow.true_rate.k, slow.range.clone()),
            "{m}/{n}"
        );
        let k = fast.true_rate.k;
        let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        let digits = |slow_only: bool| {
            let run = || certified_digits(p, RateKind::True, 10, Budget::default());
            match slow_only {
                true => with_big_number_path(run),
                false => run(),
            }
            .unwrap_or_else(|e| panic!("{e}"))
            .decimal
        };
        assert_eq!(digits(false), digits(true), "{m}/{n} at k = {k}");
        light += usize::from(k >= 24);
    }
    assert!(light >= 4, "{light}");
}
