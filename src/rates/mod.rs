//! False-positive rates of one filter shape (m bits, n keys, k probes):
//! the classic and the true rate exactly, the textbook's idealised one, the
//! best k, and a filter sized to meet a target. Pure arithmetic; nothing
//! here draws or reads a terminal.
//!
//! An exact rate is reached one of two ways:
//! - **certified digits**, the default for every figure shown: the rate is
//!   enclosed between two directed-rounding floats and rounded once both
//!   ends agree, so its correctly rounded digits come cheaply at any m up
//!   to 10^18, with no fraction built ([`certified`], on [`dyadic`]);
//! - **the full fraction**, a `BigRational` held to a digit [`Budget`]
//!   checked before any big arithmetic: for `rate --rational`, for long
//!   division beside the certified digits, and for settling an exact
//!   rounding tie ([`certified::ties`]).
//!
//! Where each thing lives:
//! - the shape and its ranges, the budget, the errors: [`params`],
//!   [`budget`], [`error`];
//! - every figure of one shape at once (both rates, "about 1 in N", the
//!   denominator's digit count, the idealised rate and the gap):
//!   [`figures::RateFigures`]; the pieces on their own in
//!   [`one_in`](mod@one_in), [`idealised`](mod@idealised),
//!   [`difference`](mod@difference) and [`fill`](mod@fill) (bits set after n
//!   keys);
//! - certified enclosures, digits and comparisons: [`certified`];
//! - the full fractions: [`classic`], [`true_rate`], and [`exact_pair`]
//!   for both sharing their powers; beneath them [`ntt`] (transform
//!   multiplication), [`digits`] (digit counts of huge powers without
//!   building them), [`progress`] (a meter for long ones), [`decimal`]
//!   ([`SigDecimal`]: a fraction to D significant digits by long division)
//!   and the private `powers`, `cores` and `cancel`;
//! - the best k: [`scan`], the one rule the lab and `rate` share (1..=10,
//!   widened while the minimum sits on the edge, for both rates, with the
//!   winners' figures as [`scan::Winners`]); [`best_k`](mod@best_k) is the
//!   classic-only ranking over a given range by [`bounds`]' fixed-point
//!   brackets, with the winner's full fraction;
//! - sizing: [`sizing`] (the textbook's formulas), [`solve`] (any three of
//!   n, p, m and k in, the fourth out, by the exact classic or true rate),
//!   [`size_inputs`] (the inputs as typed) and [`size_report`] (the answer
//!   with the textbook's sizing beside it), shared by `size` and the
//!   Sizing screen.
//!
//! Every long computation has a form taking an `&AtomicBool` that stops
//! with [`RateError::Cancelled`] soon after the flag is raised.

pub mod best_k;
pub mod blocked;
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
mod wide;

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
