//! `--rational`: the full exact classic fraction, within `--max-digits`.

use std::sync::atomic::AtomicBool;

use serde::Serialize;

use super::progress::run_with_bar;
use super::{CliError, rate_error};
use crate::cli::args::RateArgs;
use crate::numbers::grouped;
use crate::rates::classic::{CLASSIC_WHAT, classic_cost, classic_exact_metered};
use crate::rates::progress::Meter;
use crate::rates::{Budget, Params, classic_denominator_digits};

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
