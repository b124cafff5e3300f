//! Certified digits against long division of the full fraction, digit for
//! digit, wherever both exist: hundreds of seeded shapes at up to 60 digits,
//! exact rounding ties, and rates just below a power of ten.

use bloomlab::rates::certified::{DigitsMethod, RateKind, certified_digits};
use bloomlab::rates::{Budget, ExactRates, Params, SigDecimal};
use num_bigint::BigInt;
use num_rational::BigRational;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn long_division(r: &BigRational, digits: u32) -> SigDecimal {
    SigDecimal::from_ratio(r, digits).unwrap_or_else(|e| panic!("{e}"))
}

fn certified(p: Params, kind: RateKind, digits: u32) -> SigDecimal {
    certified_digits(p, kind, digits, Budget::default())
        .unwrap_or_else(|e| panic!("{}/{}/{} {kind:?}: {e}", p.m(), p.n(), p.k()))
        .decimal
}

/// Both rates of `p` at every digit count in `counts`, certified against
/// long division; returns how many comparisons were made.
fn agree(p: Params, counts: &[u32]) -> usize {
    let exact = ExactRates::compute(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
    for &d in counts {
        let tag = format!("{}/{}/{} at {d} digits", p.m(), p.n(), p.k());
        assert_eq!(
            certified(p, RateKind::Classic, d),
            long_division(&exact.classic, d),
            "classic {tag}"
        );
        assert_eq!(
            certified(p, RateKind::True, d),
            long_division(&exact.true_rate, d),
            "true {tag}"
        );
    }
    2 * counts.len()
}

#[test]
fn hundreds_of_seeded_shapes_up_to_sixty_digits() {
    let mut rng = StdRng::seed_from_u64(0x5eed_b100);
    let mut compared = 0;
    let mut shapes = 0;
    while shapes < 320 {
        // m spread over six decades, loads from empty to saturated.
        let m = 10f64.powf(rng.random_range(0.0..6.0)).round().max(1.0) as u64;
        let n = rng.random_range(0..=(m / 4 + 20).min(400));
        let k = rng.random_range(1..=12);
        let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        let digits = (u64::from(k * k) * n) as f64 * (m as f64).log10();
        if digits > 60_000.0 {
            continue;
        }
        shapes += 1;
        let d = rng.random_range(1..=60);
        compared += agree(p, &[d, 1 + d / 3]);
    }
    assert!(compared >= 1200, "{compared}");
}

/// The decimal as an exact fraction.
fn as_ratio(d: &SigDecimal) -> BigRational {
    let digits: BigInt = d.digits().parse().unwrap_or_else(|e| panic!("{e}"));
    let shift = d.exponent() - (d.digits().len() as i64 - 1);
    let ten = BigInt::from(10);
    if shift >= 0 {
        BigRational::from_integer(digits * ten.pow(shift as u32))
    } else {
        BigRational::new(digits, ten.pow((-shift) as u32))
    }
}

/// Whether `r` sits exactly halfway between two `d`-digit decimals.
fn is_tie(r: &BigRational, d: u32) -> bool {
    let more = long_division(r, d + 1);
    more.digits().ends_with('5') && as_ratio(&more) == *r
}

#[test]
fn exact_rounding_ties_are_settled_like_long_division() {
    // m a power of two (or 2^a 5^b with a > b): both rates are finite
    // decimal fractions, and at one less digit than they have they sit
    // exactly on a boundary. Every digit count up to 60 passes through it
    // for the small ones.
    let mut ties = 0;
    for (m, n, k) in [
        (2, 1, 1),
        (4, 1, 1),
        (2, 2, 1),
        (8, 1, 2),
        (4, 2, 2),
        (16, 1, 2),
        (16, 3, 3),
        (20, 1, 1),
        (40, 2, 1),
        (32, 2, 2),
        (2, 5, 3),
        (64, 1, 3),
    ] {
        let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        let counts: Vec<u32> = (1..=60).collect();
        agree(p, &counts);
        let exact = ExactRates::compute(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
        for d in 1..=60 {
            for (kind, r) in [
                (RateKind::Classic, &exact.classic),
                (RateKind::True, &exact.true_rate),
            ] {
                let got = certified_digits(p, kind, d, Budget::default())
                    .unwrap_or_else(|e| panic!("{e}"));
                let tie = is_tie(r, d);
                ties += usize::from(tie);
                // Only a real tie may send the digits to long division
                // (an enclosure that lands exactly on it settles it too).
                if got.method == DigitsMethod::LongDivision {
                    assert!(tie, "{m}/{n}/{k} {kind:?} at {d}");
                }
            }
        }
    }
    assert!(ties >= 12, "{ties}");
    // The lecture's 16/3/3: its true rate is a tie at 42 digits, its
    // classic rate (over 2^108) at 106.
    let p = Params::new(16, 3, 3).unwrap_or_else(|e| panic!("{e}"));
    let exact = ExactRates::compute(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(is_tie(&exact.true_rate, 42) && is_tie(&exact.classic, 106));
    agree(p, &[41, 42, 43, 105, 106, 107]);
}

#[test]
fn rates_just_below_a_power_of_ten_carry_into_the_next_decade() {
    // m = 10^j + 1, one key, one hash: the rate is 1/(10^j + 1) =
    // 0.999...9000...e-j, which rounds up to 1.000e-j at fewer than j digits.
    for j in 2..=15u32 {
        let m = 10u64.pow(j) + 1;
        let p = Params::new(m, 1, 1).unwrap_or_else(|e| panic!("{e}"));
        let counts: Vec<u32> = (1..=j + 6).collect();
        agree(p, &counts);
        let d = certified(p, RateKind::Classic, j - 1);
        assert_eq!(d.exponent(), -i64::from(j), "{m}");
        assert!(d.digits().bytes().skip(1).all(|b| b == b'0'), "{m}");
    }
    // Two keys at m = 10^j: 2/m - 1/m^2 = 1.999...e-j, just below 2e-j.
    for j in 2..=12u32 {
        agree(
            Params::new(10u64.pow(j), 2, 1).unwrap_or_else(|e| panic!("{e}")),
            &[1, 2, j, 2 * j],
        );
    }
}
