//! The full exact fractions, where both fit the long-division limit: built once
//! (together, sharing their powers), each divided out once,
//! and checked against the certified digits; and `--rational`.

use std::sync::atomic::AtomicBool;

use num_rational::BigRational;
use serde::Serialize;

use super::progress::run_with_bar;
use super::{CliError, rate_error};
use crate::cli::args::RateArgs;
use crate::numbers::grouped;
use crate::rates::classic::{CLASSIC_WHAT, classic_cost, classic_exact_metered};
use crate::rates::figures::RateFigures;
use crate::rates::progress::Meter;
use crate::rates::{
    Budget, ExactRates, Params, SigDecimal, check_true_budget, classic_denominator_digits,
};

/// Long-division digits of the rates whose fractions fit the budget.
pub(super) struct Divided {
    pub classic: Option<SigDecimal>,
    pub truth: Option<SigDecimal>,
}

/// Builds and divides the fractions that fit `budget`. A disagreement with
/// the certified digits would be a bug in one of the two methods, and is
/// reported as a failure rather than printed.
pub(super) fn divide_within_budget(
    p: Params,
    digits: u32,
    budget: Budget,
    figures: &RateFigures,
) -> Result<Divided, CliError> {
    let classic_fits = budget
        .check(CLASSIC_WHAT, classic_denominator_digits(p))
        .is_ok();
    let true_fits = check_true_budget(p, budget).is_ok();
    let never = AtomicBool::new(false);
    let meter = Meter::new();
    let what = format!(
        "exact fractions, {} digits",
        grouped(classic_denominator_digits(p))
    );
    // Both fractions or neither: building one while the other is over the
    // limit would spend seconds on a check the certified digits do not
    // need, and would leave the two rates found by different methods.
    let (classic, truth) = if classic_fits && true_fits {
        let both = run_with_bar(&what, ExactRates::expected_cost(p), &meter, || {
            ExactRates::compute_metered(p, budget, &never, &meter)
        })
        .map_err(rate_error)?;
        (Some(both.classic), Some(both.true_rate))
    } else {
        (None, None)
    };
    Ok(Divided {
        classic: checked(classic, digits, &figures.classic.decimal, "classic")?,
        truth: checked(truth, digits, &figures.true_rate.decimal, "true")?,
    })
}

fn checked(
    exact: Option<BigRational>,
    digits: u32,
    certified: &SigDecimal,
    name: &str,
) -> Result<Option<SigDecimal>, CliError> {
    let Some(exact) = exact else {
        return Ok(None);
    };
    let divided =
        SigDecimal::from_ratio_within(&exact, digits, Budget::new(u64::MAX)).map_err(rate_error)?;
    if divided != *certified {
        return Err(CliError::Runtime(format!(
            "internal check failed: the {name} rate divides out to {} but its certified \
             bracket gave {}",
            divided.scientific(),
            certified.scientific()
        )));
    }
    Ok(Some(divided))
}

/// `--rational --json`.
#[derive(Serialize)]
struct RationalJson {
    denominator: String,
    k: u32,
    m: u64,
    n: u64,
    numerator: String,
}

/// `--rational`: the exact classic rate's numerator and denominator, in
/// lowest terms, or one line saying why it is not built.
pub(super) fn rational(args: &RateArgs) -> Result<String, CliError> {
    let p = Params::new(args.m, args.n, args.k).map_err(rate_error)?;
    let budget = Budget::new(args.max_digits);
    budget
        .check(CLASSIC_WHAT, classic_denominator_digits(p))
        .map_err(rate_error)?;
    let meter = Meter::new();
    let what = format!(
        "exact fraction, {} digits",
        grouped(classic_denominator_digits(p))
    );
    let exact = run_with_bar(&what, classic_cost(p), &meter, || {
        classic_exact_metered(p, budget, &AtomicBool::new(false), &meter)
    })
    .map_err(rate_error)?;
    let numerator = exact.numer().to_string();
    let denominator = exact.denom().to_string();
    Ok(if args.json {
        let out = RationalJson {
            denominator,
            k: p.k(),
            m: p.m(),
            n: p.n(),
            numerator,
        };
        serde_json::to_string(&out).unwrap_or_default()
    } else {
        format!("numerator    {numerator}\ndenominator  {denominator}\n")
    })
}
