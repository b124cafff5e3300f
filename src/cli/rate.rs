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
use crate::rates::certified::{DigitsMethod, RateKind, certified_digits_cancellable};
use crate::rates::figures::RateFigures;
use crate::rates::scan::{KScan, best_k_over, best_k_rule};
use crate::rates::{Budget, Params, RateError, SigDecimal};

/// A rate's digits as printed, and how they were obtained.
struct Shown {
    decimal: SigDecimal,
    method: DigitsMethod,
}

/// The best k by both rates, with the figures the output quotes.
struct Best {
    /// The classic winner, its digits and its rate as a double.
    classic: Option<(u32, SigDecimal, f64)>,
    /// The true winner and its digits.
    truth: Option<(u32, SigDecimal)>,
    /// The true rate at the classic winner, when the winners differ, and how
    /// much lower (in percent) the true winner's rate is.
    truth_at_classic: Option<(SigDecimal, f64)>,
}

/// Everything `rate` reports, computed once and printed as text or JSON.
struct Report {
    params: Params,
    digits: u32,
    figures: RateFigures,
    exact: Shown,
    truth: Shown,
    scan: KScan,
    best: Best,
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
    let best = best_figures(&scan, &figures, args.digits, budget)?;
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

/// Certified digits of `kind` at `k` (the scan's m and n), reusing the
/// figures already computed when k is the command's own.
fn digits_at(
    scan: &KScan,
    known: &RateFigures,
    k: u32,
    kind: RateKind,
    digits: u32,
    budget: Budget,
) -> Result<SigDecimal, CliError> {
    let p = Params::new(scan.m, scan.n, k).map_err(rate_error)?;
    if p == known.params && digits == known.classic.decimal.digits().len() as u32 {
        return Ok(match kind {
            RateKind::Classic => known.classic.decimal.clone(),
            RateKind::True => known.true_rate.decimal.clone(),
        });
    }
    certified_digits_cancellable(p, kind, digits, budget, &AtomicBool::new(false))
        .map(|c| c.decimal)
        .map_err(rate_error)
}

fn best_figures(
    scan: &KScan,
    known: &RateFigures,
    digits: u32,
    budget: Budget,
) -> Result<Best, CliError> {
    let digits_at = |k, kind, d| digits_at(scan, known, k, kind, d, budget);
    let classic = match scan.classic.is_proven() {
        true => {
            let k = scan.classic.k;
            let d = digits_at(k, RateKind::Classic, digits)?;
            let approx = digits_at(k, RateKind::Classic, 17)?.to_f64();
            Some((k, d, approx))
        }
        false => None,
    };
    let truth = match scan.true_rate.is_proven() {
        true => {
            let k = scan.true_rate.k;
            Some((k, digits_at(k, RateKind::True, digits)?))
        }
        false => None,
    };
    let truth_at_classic = match (&classic, &truth) {
        (Some((kc, ..)), Some((kt, _))) if kc != kt => {
            let at_classic = digits_at(*kc, RateKind::True, digits)?;
            let lower = relative_gap(
                &digits_at(*kc, RateKind::True, 17)?,
                &digits_at(*kt, RateKind::True, 17)?,
            );
            Some((at_classic, 100.0 * lower))
        }
        _ => None,
    };
    Ok(Best {
        classic,
        truth,
        truth_at_classic,
    })
}

/// `(a - b) / a` for two positive decimals, through their exponents so
/// rates below the smallest double still compare.
fn relative_gap(a: &SigDecimal, b: &SigDecimal) -> f64 {
    let mantissa = |d: &SigDecimal| {
        let text = format!("{}.{}e0", &d.digits()[..1], &d.digits()[1..]);
        text.parse::<f64>().unwrap_or(0.0)
    };
    let scale = 10f64.powi((b.exponent() - a.exponent()).clamp(-400, 400) as i32);
    1.0 - mantissa(b) * scale / mantissa(a)
}

/// The scanned range, as printed.
fn range_of(scan: &KScan) -> RangeInclusive<u32> {
    scan.range.clone()
}

/// `(m/n) ln 2`, the rule of thumb for k; `None` with no keys.
fn rule_of_thumb(p: Params) -> Option<f64> {
    (p.n > 0).then(|| p.m as f64 / p.n as f64 * std::f64::consts::LN_2)
}
