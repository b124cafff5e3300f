//! False-positive rates: exact rationals, long division, idealised, true rate,
//! best k and sizing. Pure integer arithmetic; no terminal code.
//!
//! API contract (other modules rely on these names):
//! - `Params { m: u64, n: u64, k: u32 }` and `Budget { max_digits: u64 }`
//!   (`Budget::default()` = 5,000,000 denominator digits).
//! - `classic_exact(p, budget) -> Result<BigRational, RateError>` (built with `new_raw`).
//! - `classic_denominator_digits(p) -> u64` (no `to_string`).
//! - `true_exact(p, budget) -> Result<BigRational, RateError>`.
//! - `idealised(p) -> f64`.
//! - `SigDecimal::from_ratio(&BigRational, digits)` (half-to-even long division)
//!   with `scientific()` ("8.318677101e-3"), `plain()` ("0.008318677101"), `to_f64()`.
//! - `one_in(&BigRational) -> Option<u64>` ("about 1 in N").
//! - `best_k(m, n, ks: RangeInclusive<u32>, budget) -> Result<(u32, BigRational), RateError>`.
//! - `Sizing::for_target(n, p) -> Result<Sizing, RateError>`.
//! - Every long computation also has a `_cancellable` form taking `&AtomicBool`
//!   that returns `RateError::Cancelled` soon after the flag is set.
