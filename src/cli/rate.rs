//! `bloomlab rate`: the exact, idealised and true rates side by side.

use std::fmt::Write;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use num_rational::BigRational;
use serde_json::json;

use super::CliError;
use super::args::RateArgs;
use super::ranges::MAX_BUDGET_DIGITS;
use crate::rates::error::group_thousands;
use crate::rates::{
    Budget, ExactRates, Params, RateError, SigDecimal, best_k_scan, classic_denominator_digits,
    difference, idealised, one_in, ratio_to_f64,
};

/// The k values `rate` scans for the best one.
pub const BEST_K_SCAN: RangeInclusive<u32> = 1..=10;

/// Everything `rate` reports, computed once and printed as text or JSON.
struct Report {
    params: Params,
    digits: u32,
    exact: SigDecimal,
    exact_f64: f64,
    denominator_digits: u64,
    one_in: Option<u64>,
    idealised: f64,
    true_rate: SigDecimal,
    best: Option<BestK>,
}

struct BestK {
    k: u32,
    rate: SigDecimal,
    /// k values left out of the scan because their exact rate is over budget.
    skipped: Vec<u32>,
}

/// Turns a rate failure into the command's error: a budget refusal names
/// the size and the option that raises the limit.
fn rate_error(e: RateError) -> CliError {
    match e {
        RateError::BudgetExceeded {
            what,
            digits,
            limit,
        } if digits <= MAX_BUDGET_DIGITS => CliError::Usage(format!(
            "the {what} would have {} digits, over the limit of {}; \
                 rerun with --max-digits {digits} to compute it anyway",
            group_thousands(digits),
            group_thousands(limit)
        )),
        RateError::BudgetExceeded { what, digits, .. } => CliError::Usage(format!(
            "the {what} would have {} digits, beyond the largest --max-digits (10^8); \
             choose a smaller m, n or k",
            group_thousands(digits)
        )),
        RateError::InvalidParams { .. } => CliError::Usage(e.to_string()),
        RateError::Cancelled => CliError::Runtime(e.to_string()),
    }
}

fn decimal(value: &BigRational, digits: u32, budget: Budget) -> Result<SigDecimal, CliError> {
    SigDecimal::from_ratio_within(value, digits, budget).map_err(rate_error)
}

fn compute(args: &RateArgs) -> Result<Report, CliError> {
    let params = Params::new(args.m, args.n, args.k).map_err(rate_error)?;
    let budget = Budget::new(args.max_digits);
    // Both exact rates in one pass: they share their largest powers.
    let ExactRates {
        classic: exact,
        true_rate,
    } = ExactRates::compute(params, budget).map_err(rate_error)?;
    let never = AtomicBool::new(false);
    let best = match best_k_scan(
        args.m,
        args.n,
        BEST_K_SCAN,
        budget,
        Some((args.k, &exact)),
        &never,
    ) {
        Ok(scan) => Some(BestK {
            k: scan.k,
            rate: decimal(&scan.rate, args.digits, budget)?,
            skipped: scan.skipped.iter().map(|&(k, _)| k).collect(),
        }),
        // Every k of the scan over budget: the rate itself was affordable,
        // so report it and say why best k is missing.
        Err(RateError::BudgetExceeded { .. }) => None,
        Err(e) => return Err(rate_error(e)),
    };
    Ok(Report {
        params,
        digits: args.digits,
        exact_f64: ratio_to_f64(&exact).map_err(rate_error)?,
        exact: decimal(&exact, args.digits, budget)?,
        denominator_digits: classic_denominator_digits(params),
        one_in: one_in(&exact),
        idealised: idealised(params),
        true_rate: decimal(&true_rate, args.digits, budget)?,
        best,
    })
}

/// Runs the command.
pub fn run(args: &RateArgs) -> Result<String, CliError> {
    let report = compute(args)?;
    Ok(if args.json {
        to_json(&report)
    } else {
        to_text(&report)
    })
}

/// `(m/n) ln 2`, the rule of thumb for k; `None` with no keys.
fn rule_of_thumb(p: Params) -> Option<f64> {
    (p.n > 0).then(|| p.m as f64 / p.n as f64 * std::f64::consts::LN_2)
}

/// The rate as a plain decimal too, when that stays short.
fn with_plain(d: &SigDecimal) -> String {
    if d.is_zero() {
        "0".to_string()
    } else if (-8..=0).contains(&d.exponent()) && d.digits().len() <= 20 {
        format!("{} = {}", d.scientific(), d.plain())
    } else {
        d.scientific()
    }
}

fn to_text(r: &Report) -> String {
    let p = r.params;
    let diff = difference(r.exact_f64, r.idealised);
    let mut out = String::new();
    let per_key = if p.n == 0 {
        "no keys".to_string()
    } else {
        format!("{:.4} bits per key", p.bits_per_key())
    };
    // Writing into a String cannot fail.
    let _ = writeln!(out, "m = {}, n = {}, k = {} ({per_key})", p.m, p.n, p.k);
    let _ = writeln!(
        out,
        "exact        {} ({} significant digits)",
        with_plain(&r.exact),
        r.digits
    );
    let reach = match r.one_in {
        _ if r.exact.is_zero() => "never: an empty filter says no to everything".to_string(),
        Some(n) => format!("about 1 in {n}"),
        None => "rarer than 1 in 10^19".to_string(),
    };
    let _ = writeln!(out, "             {reach}");
    let _ = writeln!(out, "denominator  {} digits", r.denominator_digits);
    let _ = writeln!(out, "idealised    {:.9e}  (1 - e^(-kn/m))^k", r.idealised);
    let _ = writeln!(
        out,
        "difference   {:.6e} absolute, {:.4}% of the exact rate",
        diff.absolute,
        100.0 * diff.relative
    );
    let _ = writeln!(out, "true         {}  E[(X/m)^k]", with_plain(&r.true_rate));
    match &r.best {
        Some(b) => {
            let _ = writeln!(
                out,
                "best k       {} of {}..{}, exact {}",
                b.k,
                BEST_K_SCAN.start(),
                BEST_K_SCAN.end(),
                b.rate.scientific()
            );
            if !b.skipped.is_empty() {
                let list: Vec<String> = b.skipped.iter().map(u32::to_string).collect();
                let _ = writeln!(
                    out,
                    "             k = {} left out: over the digit budget (--max-digits)",
                    list.join(", ")
                );
            }
        }
        None => {
            let _ = writeln!(
                out,
                "best k       not scanned: every k in {}..{} is over the digit budget",
                BEST_K_SCAN.start(),
                BEST_K_SCAN.end()
            );
        }
    }
    if let Some(thumb) = rule_of_thumb(p) {
        let _ = writeln!(out, "rule of thumb (m/n) ln 2 = {thumb:.2}");
    }
    out
}

fn to_json(r: &Report) -> String {
    let p = r.params;
    let diff = difference(r.exact_f64, r.idealised);
    json!({
        "m": p.m,
        "n": p.n,
        "k": p.k,
        "digits": r.digits,
        "exact": r.exact.scientific(),
        "exact_denominator_digits": r.denominator_digits,
        "one_in": r.one_in,
        "idealised": r.idealised,
        "difference": diff.absolute,
        "difference_relative": diff.relative,
        "true": r.true_rate.scientific(),
        "best_k": r.best.as_ref().map(|b| b.k),
        "best_k_exact": r.best.as_ref().map(|b| b.rate.scientific()),
        "best_k_range": [*BEST_K_SCAN.start(), *BEST_K_SCAN.end()],
        "best_k_skipped": r.best.as_ref().map(|b| b.skipped.clone()),
        "rule_of_thumb_k": rule_of_thumb(p),
    })
    .to_string()
}
