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
use crate::numbers::{grouped, sci_from_ln};
use crate::rates::budget::LONG_DIVISION_DIGITS;
use crate::rates::certified::DigitsMethod;
use crate::rates::figures::RateFigures;
use crate::rates::scan::{KScan, Winners, best_k_over, best_k_rule};
use crate::rates::{Budget, Params, RateError, SigDecimal, idealised_ln};

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
    let divide = Budget::new(args.max_digits.min(LONG_DIVISION_DIGITS));
    let divided = full::divide_within_budget(params, args.digits, divide, &figures)?;
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

/// Below this relative gap the two doubles compared cannot resolve it.
const UNRESOLVED_GAP: f64 = 1e-13;

/// Exact minus idealised as printed: the text and the JSON read it from
/// here, so they agree on when it is too small to resolve.
struct ShownGap {
    /// The absolute gap to seven significant digits, from the logarithms
    /// where the double underflows.
    scientific: String,
    /// `log10` of the absolute gap.
    log10: f64,
    /// The gap relative to the exact rate.
    relative: f64,
}

/// The gap, or `None` when it is below what the doubles compared resolve
/// (it is never negative: the idealised rate is always the lower, so a
/// negative double there is rounding).
fn shown_gap(r: &Report) -> Option<ShownGap> {
    let f = &r.figures;
    let d = &f.difference;
    if d.relative < UNRESOLVED_GAP {
        return None;
    }
    let ln = d.relative.ln() + f.classic_ln;
    let (scientific, log10) = if d.absolute > 0.0 && d.absolute.is_normal() {
        (format!("{:.6e}", d.absolute), d.absolute.log10())
    } else {
        (sci_from_ln(ln, 7), ln / std::f64::consts::LN_10)
    };
    Some(ShownGap {
        scientific,
        log10,
        relative: d.relative,
    })
}

/// The idealised rate to ten digits; below the smallest double (where the
/// double is 0) it is written from its logarithm instead.
fn idealised_scientific(r: &Report) -> String {
    let value = r.figures.idealised;
    let ln = idealised_ln(r.params);
    if value > 0.0 || !ln.is_finite() {
        return format!("{value:.9e}");
    }
    sci_from_ln(ln, 10)
}

/// `(m/n) ln 2`, the rule of thumb for k; `None` with no keys.
fn rule_of_thumb(p: Params) -> Option<f64> {
    (p.n() > 0).then(|| p.m() as f64 / p.n() as f64 * std::f64::consts::LN_2)
}
