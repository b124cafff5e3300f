//! The true false-positive rate `E[(X/m)^k]`, where X is the number of bits
//! set after `kn` uniform throws.
//!
//! The classic formula multiplies k per-probe chances as if the probes of one
//! query saw independent bits; they share the same filter, so the exact rate
//! averages `(X/m)^k` over the distribution of X instead. Expanding
//! `X^k = sum_r S(k,r) X(X-1)..(X-r+1)` (Stirling numbers of the second kind)
//! and counting, for each set of r distinct bits, the chance that all r are
//! hit by inclusion and exclusion, gives a sum of only `k + 1` big powers:
//!
//! `rate * m^(kn+k) = sum_{j=0..k} (-1)^j a_j (m-j)^(kn)`, with
//! `a_j = sum_{r=j..k} S(k,r) m(m-1)..(m-r+1) C(r,j)`.
//!
//! The fraction is returned as built, over `m^(kn+k)`, without a gcd: it is
//! exact but not always in lowest terms.

use std::sync::atomic::AtomicBool;

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;

use super::budget::Budget;
use super::cancel;
use super::cores;
use super::digits::power_digits;
use super::error::RateError;
use super::params::Params;
use super::powers::{self, Crew, PARALLEL_DIGITS};
use super::progress::Meter;

/// What the budget calls the true rate's denominator in its messages.
pub const TRUE_WHAT: &str = "exact true rate's denominator";

/// Decimal digits of the true rate's denominator `m^(kn+k)`.
pub fn true_denominator_digits(p: Params) -> u64 {
    power_digits(p.m(), u128::from(p.throws()) + u128::from(p.k()))
}

/// What the budget calls the true rate's working numbers in its messages.
pub const TRUE_WORK_WHAT: &str =
    "exact true rate's working numbers (k+1 big powers and the Stirling coefficients)";

/// How many times the digit budget the true rate's working numbers may hold
/// together. The denominator alone understates the work: the sum needs
/// `J + 1` powers of `kn*log10(m)` digits each (`J = min(k, m)`) and `J + 1`
/// coefficients. The classic rate at its limit also juggles several
/// budget-sized numbers, hence a multiple.
pub const TRUE_WORK_FACTOR: u64 = 10;

/// Decimal digits, roughly, of the big numbers the true rate holds at once:
/// the `J + 1` powers `(m-j)^(kn)`, and the `J + 1` coefficients, each a
/// Stirling number `S(k, r)` (about `k*log10(r)` digits) times a falling
/// factorial of m (about `r*log10(m)` digits). An estimate for the budget,
/// not an exact count.
pub fn true_work_digits(p: Params) -> u64 {
    let j = u64::from(p.k()).min(p.m());
    let powers = u128::from(j + 1) * u128::from(power_digits(p.m(), u128::from(p.throws())));
    let (k, j_f, m) = (f64::from(p.k()), j as f64, p.m() as f64);
    let coefficient = k * (j_f + 1.0).log10() + j_f * m.log10() + 1.0;
    let coefficients = ((j_f + 1.0) * coefficient).ceil();
    // Saturating conversions: far past any budget either way.
    let coefficients = if coefficients < u64::MAX as f64 {
        u128::from(coefficients as u64)
    } else {
        u128::from(u64::MAX)
    };
    u64::try_from(powers + coefficients).unwrap_or(u64::MAX)
}

/// Checks both the true rate's denominator and its working numbers against
/// `budget`, before any big arithmetic.
pub fn check_true_budget(p: Params, budget: Budget) -> Result<(), RateError> {
    budget.check(TRUE_WHAT, true_denominator_digits(p))?;
    Budget::new(budget.max_digits.saturating_mul(TRUE_WORK_FACTOR))
        .check(TRUE_WORK_WHAT, true_work_digits(p))
}

/// The true rate as an exact fraction over `m^(kn+k)`, after checking the
/// budget.
pub fn true_exact(p: Params, budget: Budget) -> Result<BigRational, RateError> {
    true_exact_cancellable(p, budget, &cancel::never())
}

/// [`true_exact`] that gives up with [`RateError::Cancelled`] soon after
/// `flag` is set (it looks between powers and between terms of the sum).
pub fn true_exact_cancellable(
    p: Params,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<BigRational, RateError> {
    check_true_budget(p, budget)?;
    let parallel = true_denominator_digits(p) >= PARALLEL_DIGITS;
    let coefficients = coefficients(p, flag)?;
    let meter = Meter::new();
    let (evens, odds): (Vec<u64>, Vec<u64>) =
        falling_indices(p).into_iter().partition(|j| j % 2 == 0);
    let powers = cores::both_sharing(
        parallel,
        |spare| {
            falling_powers(
                p,
                &evens,
                flag,
                &Crew {
                    spare,
                    meter: &meter,
                },
            )
        },
        |spare| {
            falling_powers(
                p,
                &odds,
                flag,
                &Crew {
                    spare,
                    meter: &meter,
                },
            )
        },
    );
    let mut table = vec![BigUint::zero(); top_index(p) + 1];
    for (j, v) in powers.0?.into_iter().chain(powers.1?) {
        table[j as usize] = v;
    }
    true_from_powers(p, &coefficients, &table, flag)
}

/// The coefficients `a_0..a_J`, `J = min(k, m)`; beyond `m` every falling
/// factorial vanishes, and so do the coefficients.
pub(crate) fn coefficients(p: Params, flag: &AtomicBool) -> Result<Vec<BigUint>, RateError> {
    let k = p.k() as usize;
    let stirling = stirling_row(k, flag)?;
    // c_r = S(k, r) * m(m-1)..(m-r+1)
    let mut falling = BigUint::from(1u32);
    let mut weighted = Vec::with_capacity(k + 1);
    for (r, s) in stirling.iter().enumerate() {
        if r > 0 {
            falling *= BigUint::from(p.m().saturating_sub(r as u64 - 1));
        }
        weighted.push(s * &falling);
    }
    let top = top_index(p);
    let mut a = vec![BigUint::zero(); top + 1];
    // Row r of Pascal's triangle holds C(r, j) for j = 0..=r.
    let mut pascal = vec![BigUint::from(1u32)];
    for (r, c) in weighted.iter().enumerate() {
        cancel::check(flag)?;
        if r > 0 {
            let mut next = Vec::with_capacity(r + 1);
            next.push(BigUint::from(1u32));
            for j in 1..r {
                next.push(&pascal[j - 1] + &pascal[j]);
            }
            next.push(BigUint::from(1u32));
            pascal = next;
        }
        for (j, slot) in a.iter_mut().enumerate().take(r.min(top) + 1) {
            *slot += c * &pascal[j];
        }
    }
    Ok(a)
}

/// `S(k, 0..=k)`, the Stirling numbers of the second kind, built row by row
/// with `S(i, r) = r S(i-1, r) + S(i-1, r-1)`.
fn stirling_row(k: usize, flag: &AtomicBool) -> Result<Vec<BigUint>, RateError> {
    let mut row = vec![BigUint::from(1u32)];
    for i in 1..=k {
        if i % 64 == 0 {
            cancel::check(flag)?;
        }
        let mut next = vec![BigUint::zero(); i + 1];
        for r in 1..=i {
            let mut v = if r < i {
                &row[r] * BigUint::from(r as u64)
            } else {
                BigUint::zero()
            };
            v += &row[r - 1];
            next[r] = v;
        }
        row = next;
    }
    Ok(row)
}

/// Index of the last term that can be non-zero: `min(k, m)`.
fn top_index(p: Params) -> usize {
    (p.k() as u64).min(p.m()) as usize
}

/// `(m-j)^(kn)` for each `j` of `js`, with their j.
pub(crate) fn falling_powers(
    p: Params,
    js: &[u64],
    flag: &AtomicBool,
    crew: &Crew<'_>,
) -> Result<Vec<(u64, BigUint)>, RateError> {
    let kn = p.throws();
    js.iter()
        .map(|&j| powers::pow_with(&BigUint::from(p.m() - j), kn, flag, crew).map(|v| (j, v)))
        .collect()
}

/// The indices `j = 0..=min(k, m)` of the falling powers.
pub(crate) fn falling_indices(p: Params) -> Vec<u64> {
    (0..=top_index(p) as u64).collect()
}

/// The expected cost of the powers `(m-j)^(kn)` for each j of `js`.
pub(crate) fn falling_cost(p: Params, js: &[u64]) -> u64 {
    let kn = p.throws();
    js.iter()
        .map(|&j| {
            let base = p.m() - j;
            let odd = if base == 0 {
                0
            } else {
                base >> base.trailing_zeros()
            };
            Meter::power_cost(u64::from(64 - odd.leading_zeros()), kn)
        })
        .fold(0u64, u64::saturating_add)
}

/// Assembles the alternating sum over `m^(kn+k)`.
pub(crate) fn true_from_powers(
    p: Params,
    coefficients: &[BigUint],
    powers: &[BigUint],
    flag: &AtomicBool,
) -> Result<BigRational, RateError> {
    let mut plus = BigUint::zero();
    let mut minus = BigUint::zero();
    for (j, (a, power)) in coefficients.iter().zip(powers).enumerate() {
        cancel::check(flag)?;
        let term = a * power;
        if j % 2 == 0 {
            plus += term;
        } else {
            minus += term;
        }
    }
    let num = BigInt::from(plus) - BigInt::from(minus);
    let m_pow_k = BigUint::from(p.m()).pow(p.k());
    let den = &powers[0] * m_pow_k;
    Ok(BigRational::new_raw(num, BigInt::from(den)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::params::{MAX_K, MAX_M, MAX_N};

    #[test]
    fn stirling_numbers() {
        let flag = cancel::never();
        let row: Vec<u64> = match stirling_row(5, &flag) {
            Ok(r) => r
                .iter()
                .map(|v| v.iter_u64_digits().next().unwrap_or(0))
                .collect(),
            Err(e) => panic!("{e}"),
        };
        assert_eq!(row, vec![0, 1, 15, 25, 10, 1]);
    }

    #[test]
    fn one_probe_equals_classic() {
        // With k = 1 there is only one probe, so nothing is correlated.
        for (m, n) in [(2, 1), (7, 3), (160, 16)] {
            let p = Params::new(m, n, 1).unwrap_or_else(|e| panic!("{e}"));
            let t = true_exact(p, Budget::default());
            let c = super::super::classic::classic_exact(p, Budget::default());
            assert_eq!(t.ok(), c.ok(), "{m}/{n}");
        }
    }

    #[test]
    fn small_m_below_k() {
        // m = 1: the single bit is set once any key is in, so every query hits.
        let t = true_exact(
            Params::new(1, 2, 3).unwrap_or_else(|e| panic!("{e}")),
            Budget::default(),
        );
        assert_eq!(
            t.map(|r| r == BigRational::from_integer(1.into())),
            Ok(true)
        );
        let t = true_exact(
            Params::new(2, 0, 5).unwrap_or_else(|e| panic!("{e}")),
            Budget::default(),
        );
        assert_eq!(t.map(|r| r.numer().is_zero()), Ok(true));
    }

    #[test]
    fn digit_counts_never_overflow() {
        let widest = Params::new(MAX_M, MAX_N, MAX_K).unwrap_or_else(|e| panic!("{e}"));
        // (kn + k) log10(m) = (10^18 + 1000) * 18 digits: just fits.
        assert!(true_denominator_digits(widest) >= 18_000_000_000_000_000_000);
    }

    #[test]
    fn many_hashes_are_refused_by_their_working_size() {
        // The denominator of 1000/1000/1000 fits the default budget, but its
        // 1001 powers of three million digits each do not.
        let p = Params::new(1000, 1000, 1000).unwrap_or_else(|e| panic!("{e}"));
        assert!(true_denominator_digits(p) <= Budget::default().max_digits);
        assert!(matches!(
            true_exact(p, Budget::default()),
            Err(RateError::BudgetExceeded {
                what: TRUE_WORK_WHAT,
                ..
            })
        ));
        // The lesson's shapes stay well inside, and so does a shape whose
        // many Stirling coefficients are small next to its powers.
        for (m, n, k) in [
            (100_000, 10_000, 7),
            (1_000_000_000_000, 1, 400),
            (10, 1, 1000),
        ] {
            let q = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                check_true_budget(q, Budget::default()).is_ok(),
                "{m}/{n}/{k}"
            );
        }
    }

    #[test]
    fn budget_and_cancel() {
        let p = Params::new(100_000, 10_000_000, 7).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            true_exact(p, Budget::default()),
            Err(RateError::BudgetExceeded {
                what: TRUE_WHAT,
                ..
            })
        ));
        let flag = cancel::never();
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        let r = true_exact_cancellable(
            Params::new(160, 16, 7).unwrap_or_else(|e| panic!("{e}")),
            Budget::default(),
            &flag,
        );
        assert_eq!(r, Err(RateError::Cancelled));
    }
}
