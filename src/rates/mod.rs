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
//!
//! Details and additions beyond the contract:
//! - `SigDecimal::from_ratio` returns `Result<SigDecimal, RateError>` (zero
//!   digits and a zero denominator are refused; the digit count is checked
//!   against the default budget, or an explicit one with `from_ratio_within`).
//! - `ExactRates::compute[_cancellable](p, budget)` gives the classic and the
//!   true rate together for less work than the two calls apart.
//! - `best_k_scan(m, n, ks, budget, known, flag) -> BestK { k, verdict, rate,
//!   approx, curve, skipped }`: every k is ranked by certified brackets,
//!   over-budget ones included; `verdict` is `Exact` (then `rate` is
//!   `Some`), `Certified { digits }` (best by bounds alone, exact rate over
//!   budget, `approx` its bracket midpoint) or `Undecided { candidates }`;
//!   `skipped` lists the k never computed exactly (over budget) with their
//!   digits; `known` lets a caller pass a rate it already holds. `best_k`
//!   fails with `BudgetExceeded` when the best k's exact rate is over budget.
//! - `Sizing::for_target(n, p) -> Sizing { n, target, bits_per_key, m, bytes,
//!   mb, mib, k_real, k, idealised }` (cheap, safe on the UI thread), and
//!   `Sizing::exact_rate(budget, flag)` for the exact classic rate at that size.
//! - `difference(exact_f64, idealised) -> Difference { absolute, relative }`,
//!   `ratio_to_f64`, `rule_of_thumb(m, n)`, `idealised_real_k(k, n/m)`,
//!   `true_denominator_digits(p)`, `true_work_digits(p)` and
//!   `check_true_budget(p, budget)` (the true rate's working size).
//!
//!
//! Certified digits (no fraction needed, at any m up to 10^18):
//! - `certified::certified_digits(p, RateKind::{Classic, True}, digits,
//!   budget) -> CertifiedDigits { decimal, method, bits }`: correctly
//!   rounded digits from directed-rounding enclosures; `budget` only bounds
//!   the fraction built to settle an exact rounding tie. `method.label()`
//!   is "certified bracket" or "long division".
//! - `figures::RateFigures::compute(p, digits, budget, flag)`: every figure
//!   of one shape (both rates, "about 1 in N" as `OneIn`, denominator
//!   digits, idealised, difference), certified.
//! - `scan::best_k_rule(m, n, flag) -> KScan { range, reach, classic,
//!   true_rate, points }`: the one best-k rule (1..10, widened while the
//!   minimum is on the upper edge) for both rates, with the curve;
//!   `scan::best_k_over(m, n, range, flag)` for an explicit range and
//!   `scan::best_k_rule_of(m, n, kind, flag)` for one rate without a curve.
//! - `solve::solve_size(&SizeQuery { n, p, m, k, by }, digits, budget,
//!   flag) -> SizeAnswer`: any three of n, p, m, k in, the fourth out, by
//!   the exact classic or true rate.
//! - `size_inputs::{read_keys, read_target, read_bits, read_memory,
//!   read_bits_or_memory, read_hashes}` read typed sizing inputs (errors
//!   name the input and its range) into `SizeInputs`, whose `query()` is a
//!   `SizeQuery`; `size_report::size_report(&inputs, digits, budget, flag)
//!   -> SizeReport { target, answer, textbook }` adds the textbook's sizing
//!   beside the answer. `bloomlab size` and the Sizing screen share both.
//! - `certified::compare::compare_to(p, kind, &target, budget, flag)`:
//!   a rate against an exact target.
//! - `progress::Meter` with `ExactRates::compute_metered` and
//!   `classic::classic_exact_metered`: progress of a long fraction.
//!
//! One file per concern: [`params`], [`budget`], [`error`], [`digits`]
//! (digit counts of huge powers), [`classic`], [`true_rate`], [`exact_pair`]
//! (both exact rates sharing their powers, the fastest way to get both),
//! [`decimal`] (long division), [`one_in`](mod@one_in), [`idealised`](mod@idealised), [`difference`](mod@difference),
//! [`bounds`] (certified brackets used to rank k cheaply), [`best_k`](mod@best_k) and
//! [`sizing`] (the textbook's sizing), [`dyadic`] (directed-rounding
//! floats), [`certified`], [`figures`], [`scan`], [`solve`],
//! [`size_inputs`] (typed sizing inputs), [`size_report`] (the answer with
//! the textbook's beside it) and [`progress`], plus private helpers for
//! cancellation and big powers.

pub mod best_k;
pub mod bounds;
pub mod budget;
mod cancel;
pub mod certified;
pub mod classic;
mod cores;
pub mod decimal;
pub mod difference;
pub mod digits;
pub mod dyadic;
pub mod error;
pub mod exact_pair;
pub mod figures;
pub mod fill;
pub mod idealised;
pub mod ntt;
pub mod one_in;
pub mod params;
mod powers;
pub mod progress;
pub mod scan;
pub mod size_inputs;
pub mod size_report;
pub mod sizing;
pub mod solve;
pub mod true_rate;

pub use best_k::{BestK, best_k, best_k_cancellable, best_k_scan, rule_of_thumb};
pub use budget::Budget;
pub use classic::{classic_denominator_digits, classic_exact, classic_exact_cancellable};
pub use decimal::{SigDecimal, ratio_to_f64};
pub use difference::{Difference, difference};
pub use error::RateError;
pub use exact_pair::ExactRates;
pub use fill::{exact_fill, idealised_fill};
pub use idealised::{
    idealised, idealised_ln, idealised_ln_real_k, idealised_ratio, idealised_real_k,
};
pub use one_in::one_in;
pub use params::Params;
pub use sizing::Sizing;
pub use true_rate::{
    check_true_budget, true_denominator_digits, true_exact, true_exact_cancellable,
    true_work_digits,
};
