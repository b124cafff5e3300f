//! `bloomlab measure`: count false positives on real, seeded filters.

use std::fmt::Write;
use std::sync::atomic::AtomicBool;

use serde_json::json;

use super::CliError;
use super::args::{MeasureArgs, SchemeName};
use crate::measure::{MeasureConfig, MeasureError, Measurement, SchemeKind, Z_95, measure};
use crate::rates::{Budget, Params, SigDecimal, true_exact};

/// The most work one command may do: probes plus memory words cleared,
/// a bit under a minute in a release build.
pub(crate) const MAX_WORK: u128 = 10_000_000_000;

/// Runs the measurement and formats it as text or JSON.
pub(crate) fn run(args: &MeasureArgs) -> Result<String, CliError> {
    let cfg = MeasureConfig {
        m: args.m,
        n: args.n,
        k: args.k,
        queries: args.queries,
        filters: args.filters,
        seed: args.seed,
        scheme: match args.scheme {
            SchemeName::Double => SchemeKind::Double,
            SchemeName::Independent => SchemeKind::Independent,
        },
    };
    let work = cfg.work();
    if work > MAX_WORK {
        return Err(CliError::Usage(format!(
            "this run would take about {work} probes, over the limit of 10^10 \
             (queries x filters x k, plus inserts); lower --queries or --filters"
        )));
    }
    let result = measure(&cfg, &AtomicBool::new(false)).map_err(|e| match e {
        MeasureError::Cancelled => CliError::Runtime(e.to_string()),
        _ => CliError::Usage(e.to_string()),
    })?;
    let true_rate = true_rate(&cfg);
    Ok(if args.json {
        to_json(&cfg, &result, true_rate.as_ref())
    } else {
        to_text(&cfg, &result, true_rate.as_ref())
    })
}

/// The model's true rate, when it fits in the default digit budget.
fn true_rate(cfg: &MeasureConfig) -> Option<SigDecimal> {
    let params = Params::new(cfg.m, cfg.n, cfg.k).ok()?;
    let exact = true_exact(params, Budget::default()).ok()?;
    SigDecimal::from_ratio(&exact, 10).ok()
}

fn expected_count(result: &Measurement, true_rate: Option<&SigDecimal>) -> Option<f64> {
    true_rate.map(|t| result.total_queries as f64 * t.to_f64())
}

fn to_json(cfg: &MeasureConfig, r: &Measurement, true_rate: Option<&SigDecimal>) -> String {
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
        "expected": expected_count(r, true_rate),
        "between_filters_se": r.between_filters_se,
        "true": true_rate.map(SigDecimal::scientific),
    })
    .to_string()
}

fn to_text(cfg: &MeasureConfig, r: &Measurement, true_rate: Option<&SigDecimal>) -> String {
    let mut out = String::new();
    let fill = 100.0 * r.bits_set_mean / cfg.m as f64;
    // Writing into a String cannot fail.
    let _ = writeln!(
        out,
        "m = {}, n = {}, k = {}, scheme {}, seed {}",
        cfg.m,
        cfg.n,
        cfg.k,
        cfg.scheme.name(),
        cfg.seed
    );
    let _ = writeln!(
        out,
        "filters          {} x {} queries = {} queries of keys never inserted",
        cfg.filters, cfg.queries, r.total_queries
    );
    let _ = writeln!(
        out,
        "bits set         {:.2} of {} on average ({fill:.1}%)",
        r.bits_set_mean, cfg.m
    );
    let _ = writeln!(
        out,
        "false positives  {} = rate {:.6e}",
        r.false_positives, r.rate
    );
    let _ = writeln!(
        out,
        "95% interval     {:.6e} to {:.6e} (Wilson)",
        r.wilson_low, r.wilson_high
    );
    match (true_rate, expected_count(r, true_rate)) {
        (Some(t), Some(expected)) => {
            let inside = (r.wilson_low..=r.wilson_high).contains(&t.to_f64());
            let _ = writeln!(
                out,
                "expected         {expected:.1} at the true rate {} ({})",
                t.scientific(),
                if inside {
                    "inside the interval"
                } else {
                    "outside the interval"
                }
            );
            if !inside && cfg.scheme == SchemeKind::Double {
                let _ = writeln!(
                    out,
                    "note             double hashing draws k probes from two hashes, not k \
                     independent ones, so the model's rates need not hold; try --scheme independent"
                );
            }
            if expected < 10.0 {
                let _ = writeln!(
                    out,
                    "note             fewer than 10 false positives expected: too few queries \
                     to resolve the rate; raise --queries or --filters"
                );
            }
        }
        _ => {
            let _ = writeln!(
                out,
                "expected         not computed: the exact true rate is over its digit budget"
            );
        }
    }
    if let Some(se) = r.between_filters_se {
        let wilson_se = (r.wilson_high - r.wilson_low) / (2.0 * Z_95);
        let _ = writeln!(
            out,
            "spread           standard error {se:.3e} from the rates of the {} filters",
            cfg.filters
        );
        if se > 1.5 * wilson_se {
            let _ = writeln!(
                out,
                "note             the filters' fills differ more than the Wilson interval allows \
                 for: use more --filters with fewer --queries each"
            );
        }
    } else {
        let _ = writeln!(
            out,
            "note             one filter's rate follows its own fill, about (bits set / m)^k; \
             use --filters to average over many fills"
        );
    }
    out
}
