//! `bloomlab rate`: the exact, idealised and true rates side by side.
//!
//! Every digit printed comes from certified enclosures
//! ([`crate::rates::certified`]), so nothing shown depends on the size of
//! the exact fractions. Within `--max-digits` the full fractions are still
//! built, divided out once each, and must agree with the certified digits
//! digit for digit; the output names which method produced what it shows.

mod full;
mod json;
mod progress;
mod text;

use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use super::CliError;
use super::args::RateArgs;
use crate::limits::BUDGET_DIGITS;
use crate::numbers::grouped;
use crate::rates::certified::DigitsMethod;
use crate::rates::figures::RateFigures;
use crate::rates::scan::{KScan, Winners, best_k_over, best_k_rule};
use crate::rates::{Budget, Params, RateError, SigDecimal};

/// A rate's digits as printed, and how they were obtained.
struct Shown {
    decimal: SigDecimal,
    method: DigitsMethod,
}

/// Everything `rate` reports, computed once and printed as text or JSON.
struct Report {
    params: Params,
    digits: u32,
    figures: RateFigures,
    exact: Shown,
    truth: Shown,
    scan: KScan,
    best: Winners,
}

/// Turns a rate failure into the command's error: a budget refusal names
/// the size and the option that raises the limit.
fn rate_error(e: RateError) -> CliError {
    match e {
        RateError::BudgetExceeded {
            what,
            digits,
            limit,
        } if digits <= BUDGET_DIGITS.max => CliError::Usage(format!(
            "the {what} would have {} digits, over the limit of {}; \
                 rerun with --max-digits {digits} to compute it anyway",
            grouped(digits),
            grouped(limit)
        )),
        RateError::BudgetExceeded { what, digits, .. } => CliError::Usage(format!(
            "the {what} would have {} digits, beyond the largest --max-digits (10^8); \
             choose a smaller m, n or k",
            grouped(digits)
        )),
        RateError::InvalidParams { .. } => CliError::Usage(e.to_string()),
        RateError::Cancelled => CliError::Runtime(e.to_string()),
    }
}

/// Runs the command.
pub(crate) fn run(args: &RateArgs) -> Result<String, CliError> {
    if args.rational {
        return full::rational(args);
    }
    let report = compute(args)?;
    Ok(if args.json {
        json::render(&report)
    } else {
        text::render(&report)
    })
}

fn compute(args: &RateArgs) -> Result<Report, CliError> {
    let params = Params::new(args.m, args.n, args.k).map_err(rate_error)?;
    let budget = Budget::new(args.max_digits);
    let never = AtomicBool::new(false);
    let figures = RateFigures::compute(params, args.digits, budget, &never).map_err(rate_error)?;
    let divided = full::divide_within_budget(params, args.digits, budget, &figures)?;
    let shown = |certified: &crate::rates::certified::CertifiedDigits,
                 divided: Option<SigDecimal>| {
        match divided {
            Some(decimal) => Shown {
                decimal,
                method: DigitsMethod::LongDivision,
            },
            None => Shown {
                decimal: certified.decimal.clone(),
                method: certified.method,
            },
        }
    };
    let exact = shown(&figures.classic, divided.classic);
    let truth = shown(&figures.true_rate, divided.truth);
    let scan = match args.best_k_range {
        Some((lo, hi)) => best_k_over(args.m, args.n, lo..=hi, &never),
        None => best_k_rule(args.m, args.n, &never),
    }
    .map_err(rate_error)?;
    let best =
        Winners::compute(&scan, args.digits, budget, Some(&figures), &never).map_err(rate_error)?;
    Ok(Report {
        params,
        digits: args.digits,
        figures,
        exact,
        truth,
        scan,
        best,
    })
}

/// The scanned range, as printed.
fn range_of(scan: &KScan) -> RangeInclusive<u32> {
    scan.range.clone()
}

/// `(m/n) ln 2`, the rule of thumb for k; `None` with no keys.
fn rule_of_thumb(p: Params) -> Option<f64> {
    (p.n > 0).then(|| p.m as f64 / p.n as f64 * std::f64::consts::LN_2)
}
