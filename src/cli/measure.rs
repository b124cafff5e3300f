//! `bloomlab measure`: count false positives on real, seeded filters.
//!
//! Exit codes: 0 with a result; 2 for bad input (one line naming the value
//! and its range); 1 when the input is fine but the filter's bits could not
//! be allocated (one line naming the size), so a script can tell "ask for
//! less" from "this machine cannot".

mod progress;
mod text;

use std::sync::atomic::AtomicBool;

use serde_json::json;

use super::CliError;
use super::args::MeasureArgs;
use crate::filter::FilterError;
use crate::measure::{
    MeasureConfig, MeasureError, Measurement, ModelCheck, RunOptions, SchemeKind,
    measure_with_options, model_blocked_rate, model_true_rate,
};
use crate::rates::{Budget, SigDecimal, idealised_ratio};

/// The most work one command may do: probes plus memory words cleared,
/// a bit under a minute in a release build.
pub(crate) const MAX_WORK: u128 = 10_000_000_000;

/// Runs the measurement and formats it as text or JSON. A run long enough
/// to be worth watching draws a progress bar on stderr when stderr is a
/// terminal (see the `progress` submodule); nothing else is written there.
pub(crate) fn run(args: &MeasureArgs) -> Result<String, CliError> {
    let cfg = MeasureConfig {
        m: args.m,
        n: args.n,
        k: args.k,
        queries: args.queries,
        filters: args.filters,
        seed: args.seed,
        scheme: args.scheme,
    };
    let work = cfg.work();
    if work > MAX_WORK {
        return Err(CliError::Usage(format!(
            "this run would take about {work} probes, over the limit of 10^10 \
             (queries x filters x k, plus inserts); lower --queries or --filters"
        )));
    }
    let result = progress::watched(cfg.total_keys(), |keys_done| {
        let options = RunOptions {
            threads: args.threads,
            keys_done: Some(keys_done),
        };
        measure_with_options(&cfg, &AtomicBool::new(false), options, None)
    })
    .map_err(cli_error)?;
    // Certified digits reach every shape a real filter can have; only a
    // rate sitting exactly on a rounding boundary needs its fraction, and
    // only that can be over budget.
    let true_rate =
        model_true_rate(&cfg, 10, Budget::default(), &AtomicBool::new(false)).map_err(cli_error)?;
    // The blocked scheme's own model is the blocked filter's exact rate.
    let blocked = match cfg.scheme {
        SchemeKind::Blocked => {
            model_blocked_rate(&cfg, 10, Budget::default(), &AtomicBool::new(false))
                .map_err(cli_error)?
        }
        _ => None,
    };
    let model = match blocked.as_ref().or(true_rate.as_ref()) {
        Some(t) => t.to_f64(),
        None => idealised_ratio(cfg.k, cfg.n as f64 / cfg.m as f64),
    };
    let check = ModelCheck::new(cfg.scheme, cfg.m, cfg.n, &result, model);
    let shown = Shown {
        cfg: &cfg,
        result: &result,
        true_rate: true_rate.as_ref(),
        blocked: blocked.as_ref(),
        check: &check,
    };
    Ok(if args.json {
        to_json(&shown)
    } else {
        text::to_text(&shown)
    })
}

/// Everything the output is made from.
struct Shown<'a> {
    cfg: &'a MeasureConfig,
    result: &'a Measurement,
    /// The true rate to ten certified digits (`None` only when settling a
    /// rounding tie would need a fraction over its digit budget).
    true_rate: Option<&'a SigDecimal>,
    /// The blocked filter's exact rate to ten certified digits, for the
    /// blocked scheme only (its model, in place of the true rate).
    blocked: Option<&'a SigDecimal>,
    /// The measurement held against the true rate, or, when that is
    /// missing, against the idealised rate.
    check: &'a ModelCheck,
}

impl Shown<'_> {
    /// The exact rate the measurement is held against: the blocked rate
    /// for the blocked scheme, else the true rate.
    fn model_exact(&self) -> Option<&SigDecimal> {
        self.blocked.or(self.true_rate)
    }

    /// Queries times the model's exact rate: the count the model expects.
    fn expected_count(&self) -> Option<f64> {
        self.model_exact()
            .map(|t| self.result.total_queries as f64 * t.to_f64())
    }

    /// What the model's rate is: `blocked`, `true` or `idealised`.
    fn model_kind(&self) -> &'static str {
        match (self.blocked, self.true_rate) {
            (Some(_), _) => "blocked",
            (None, Some(_)) => "true",
            (None, None) => "idealised",
        }
    }
}

/// An allocation that failed is the machine's limit (exit 1); any other
/// refusal is the input's (exit 2).
fn cli_error(e: MeasureError) -> CliError {
    match e {
        MeasureError::Cancelled | MeasureError::Filter(FilterError::OutOfMemory { .. }) => {
            CliError::Runtime(e.to_string())
        }
        _ => CliError::Usage(e.to_string()),
    }
}

fn to_json(s: &Shown) -> String {
    let (cfg, r) = (s.cfg, s.result);
    json!({
        "m": cfg.m,
        "n": cfg.n,
        "k": cfg.k,
        "queries": cfg.queries,
        "filters": cfg.filters,
        "seed": cfg.seed,
        "scheme": cfg.scheme.name(),
        "bits_set": r.bits_set_mean,
        "false_positives": r.false_positives,
        "total_queries": r.total_queries,
        "rate": r.rate,
        "wilson_low": r.wilson_low,
        "wilson_high": r.wilson_high,
        "interval_low": r.interval.low,
        "interval_high": r.interval.high,
        "interval_method": r.interval.method.name(),
        "design_effect": r.design_effect,
        "expected": s.expected_count(),
        "between_filters_se": r.between_filters_se,
        "true": s.true_rate.map(SigDecimal::scientific),
        "model_rate": s.check.model_rate,
        "model_rate_kind": s.model_kind(),
        "blocked": s.blocked.map(SigDecimal::scientific),
        "model_inside_interval": s.check.inside,
        "hash_wall": s.check.hash_wall,
        "reason": s.check.reason,
    })
    .to_string()
}
