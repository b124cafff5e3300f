//! `bloomlab rate`: the exact, idealised and true rates side by side.

use std::fmt::Write;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use num_rational::BigRational;
use serde_json::json;

use super::CliError;
use super::args::RateArgs;
use crate::limits::BUDGET_DIGITS;
use crate::numbers::grouped;
use crate::rates::best_k::Verdict;
use crate::rates::{
    Budget, ExactRates, Params, RateError, SigDecimal, best_k_scan, classic_denominator_digits,
    difference, idealised, one_in, ratio_to_f64,
};

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
    best: BestK,
}

struct BestK {
    found: Found,
    /// The k values scanned (the lab scans the same ones).
    range: RangeInclusive<u32>,
    /// k values ranked by their brackets only, their exact rate being over budget.
    skipped: Vec<u32>,
}

/// What the scan could say about the best k.
enum Found {
    /// Proven best, with its exact rate.
    Exact {
        k: u32,
        rate: SigDecimal,
        approx: f64,
    },
    /// Proven best by the brackets; its exact rate (`digits` digits in the
    /// denominator) is over budget, so only an approximation is known.
    Certified { k: u32, digits: u64, approx: f64 },
    /// Any of these may be the best.
    Undecided { candidates: Vec<u32> },
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
    let range = args.best_k_range.0..=args.best_k_range.1;
    let scan = best_k_scan(
        args.m,
        args.n,
        range.clone(),
        budget,
        Some((args.k, &exact)),
        &never,
    )
    .map_err(rate_error)?;
    let found = match (scan.verdict, &scan.rate) {
        (Verdict::Exact, Some(rate)) => Found::Exact {
            k: scan.k,
            rate: decimal(rate, args.digits, budget)?,
            approx: scan.approx,
        },
        (Verdict::Undecided { candidates }, _) => Found::Undecided { candidates },
        // The scan gives a rate exactly when its verdict is exact, so this
        // arm is the certified one.
        (Verdict::Certified { .. } | Verdict::Exact, _) => Found::Certified {
            k: scan.k,
            digits: classic_denominator_digits(
                Params::new(args.m, args.n, scan.k).map_err(rate_error)?,
            ),
            approx: scan.approx,
        },
    };
    let best = BestK {
        found,
        range,
        skipped: scan.skipped.iter().map(|&(k, _)| k).collect(),
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
pub(crate) fn run(args: &RateArgs) -> Result<String, CliError> {
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
    best_k_text(&mut out, &r.best);
    if let Some(thumb) = rule_of_thumb(p) {
        let _ = writeln!(out, "rule of thumb (m/n) ln 2 = {thumb:.2}");
    }
    out
}

/// The best-k lines: the winner and how it is known, then the k values
/// ranked by their bounds alone.
fn best_k_text(out: &mut String, b: &BestK) {
    let (start, end) = (b.range.start(), b.range.end());
    match &b.found {
        Found::Exact { k, rate, .. } => {
            let _ = writeln!(
                out,
                "best k       {k} of {start}..{end}, exact {}",
                if rate.is_zero() {
                    "0".to_string()
                } else {
                    rate.scientific()
                }
            );
        }
        Found::Undecided { candidates } => {
            let list: Vec<String> = candidates.iter().map(u32::to_string).collect();
            let _ = writeln!(
                out,
                "best k       one of {} (of {start}..{end}): their bounds overlap and \
                 not every exact rate among them fits the digit budget",
                list.join(", ")
            );
        }
        Found::Certified { k, digits, approx } => {
            let _ = writeln!(
                out,
                "best k       {k} of {start}..{end}, certified by bounds; exact rate too large \
                 ({} digits)",
                grouped(*digits)
            );
            let _ = writeln!(
                out,
                "             approx {approx:.9e} (midpoint of its bounds, not exact)"
            );
        }
    }
    let winner = match &b.found {
        Found::Exact { k, .. } | Found::Certified { k, .. } => Some(*k),
        Found::Undecided { .. } => None,
    };
    if winner == Some(*end) && *end < crate::filter::MAX_HASHES {
        let _ = writeln!(
            out,
            "             the best k is the top of the scan: a larger k may do better \
             (try --best-k-range {start}..{})",
            end.saturating_mul(2).min(crate::filter::MAX_HASHES)
        );
    }
    if !b.skipped.is_empty() {
        let list: Vec<String> = b.skipped.iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "             k = {} ranked by bounds only: exact rate{} over the digit budget \
             (--max-digits)",
            list.join(", "),
            if list.len() == 1 { "" } else { "s" }
        );
    }
}

fn to_json(r: &Report) -> String {
    let p = r.params;
    let diff = difference(r.exact_f64, r.idealised);
    let b = &r.best;
    // (status, best k, its exact rate, its approximation, its digits, candidates)
    let (status, k, exact, approx, digits, candidates) = match &b.found {
        Found::Exact { k, rate, approx } => (
            "exact",
            Some(*k),
            Some(rate.scientific()),
            Some(*approx),
            Some(classic_denominator_digits(Params { k: *k, ..p })),
            vec![*k],
        ),
        Found::Certified { k, digits, approx } => (
            "certified",
            Some(*k),
            None,
            Some(*approx),
            Some(*digits),
            vec![*k],
        ),
        Found::Undecided { candidates } => {
            ("undecided", None, None, None, None, candidates.clone())
        }
    };
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
        "best_k": k,
        "best_k_status": status,
        "best_k_exact": exact,
        "best_k_approx": approx,
        "best_k_exact_digits": digits,
        "best_k_candidates": candidates,
        "best_k_range": [*b.range.start(), *b.range.end()],
        "best_k_skipped": b.skipped,
        "rule_of_thumb_k": rule_of_thumb(p),
    })
    .to_string()
}
