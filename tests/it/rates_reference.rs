//! The exact rates at 40 significant digits against values computed
//! independently in Python (tests/data/gen_rates.py, committed with its
//! output tests/data/rates_40.txt), and the classic rate against a slow,
//! deliberately plain Rust computation.

use bloomlab::rates::{
    Budget, ExactRates, Params, SigDecimal, classic_denominator_digits, classic_exact, true_exact,
};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};

const REFERENCE: &str = include_str!("../data/rates_40.txt");

struct Row {
    p: Params,
    classic: String,
    truth: String,
    digits: u64,
}

fn rows() -> Vec<Row> {
    let mut out = Vec::new();
    for line in REFERENCE.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 6, "malformed line: {line}");
        let num = |i: usize| {
            f[i].parse::<u64>()
                .unwrap_or_else(|e| panic!("{line}: {e}"))
        };
        out.push(Row {
            p: Params::new(num(0), num(1), num(2) as u32).unwrap_or_else(|e| panic!("{e}")),
            classic: f[3].to_string(),
            truth: f[4].to_string(),
            digits: num(5),
        });
    }
    out
}

fn forty(r: &BigRational) -> String {
    match SigDecimal::from_ratio(r, 40) {
        Ok(d) => d.scientific(),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn reference_file_is_substantial() {
    assert!(rows().len() >= 30);
}

#[test]
fn forty_digits_match_python() {
    for row in rows() {
        let Row { p, .. } = row;
        let exact = match ExactRates::compute(p, Budget::default()) {
            Ok(e) => e,
            Err(e) => panic!("{e}"),
        };
        let tag = format!("{}/{}/{}", p.m(), p.n(), p.k());
        assert_eq!(forty(&exact.classic), row.classic, "classic {tag}");
        assert_eq!(forty(&exact.true_rate), row.truth, "true {tag}");
        assert_eq!(classic_denominator_digits(p), row.digits, "digits {tag}");
        // The separate entry points agree with the shared computation.
        assert_eq!(
            classic_exact(p, Budget::default()).ok(),
            Some(exact.classic.clone())
        );
        assert_eq!(
            true_exact(p, Budget::default()).ok(),
            Some(exact.true_rate.clone())
        );
    }
}

/// The classic rate the slow way: reduced fractions at every step, then
/// digits peeled off one at a time by multiplying the remainder by ten.
fn classic_slowly(p: Params) -> BigRational {
    let one = BigRational::one();
    let stay = one.clone() - BigRational::new(BigInt::one(), BigInt::from(p.m()));
    let mut miss = one.clone();
    for _ in 0..p.throws() {
        miss *= stay.clone();
    }
    let hit = one - miss;
    let mut rate = BigRational::one();
    for _ in 0..p.k() {
        rate *= hit.clone();
    }
    rate
}

/// `digits` digits after the point of a value in [0, 1), truncated.
fn fraction_digits(r: &BigRational, digits: usize) -> String {
    let ten = BigInt::from(10);
    let mut rem = r.numer().clone();
    let mut out = String::new();
    for _ in 0..digits {
        rem *= &ten;
        let (d, next) = rem.div_rem(r.denom());
        out.push_str(&d.to_string());
        rem = next;
    }
    out
}

#[test]
fn classic_agrees_with_slow_reduced_arithmetic() {
    for (m, n, k) in [
        (2, 3, 2),
        (5, 2, 3),
        (16, 3, 3),
        (30, 3, 4),
        (80, 10, 5),
        (160, 16, 7),
    ] {
        let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        let fast = match classic_exact(p, Budget::default()) {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        };
        let slow = classic_slowly(p);
        // Equal as fractions, and the fast one is already in lowest terms.
        assert_eq!(fast.numer(), slow.numer(), "{m}/{n}/{k}");
        assert_eq!(fast.denom(), slow.denom(), "{m}/{n}/{k}");
        // And the digits agree with a one-digit-at-a-time division.
        let slow_digits = fraction_digits(&slow, 60);
        let lead = slow_digits.find(|c| c != '0').unwrap_or(0);
        let d = match SigDecimal::from_ratio(&fast, 45) {
            Ok(d) => d,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(d.exponent(), -(lead as i64) - 1, "{m}/{n}/{k}");
        // Compare the first 44 digits (the 45th is rounded, not truncated).
        assert_eq!(
            &d.digits()[..44],
            &slow_digits[lead..lead + 44],
            "{m}/{n}/{k}"
        );
        assert!(!fast.numer().is_zero());
    }
}
