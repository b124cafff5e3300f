//! The text form of `bloomlab measure`: one labelled line per figure.

use std::fmt::Write;

use super::Shown;
use crate::measure::{IntervalMethod, Z_95};
use crate::numbers::counted;

/// All the lines, each label padded to one column.
pub(super) fn to_text(s: &Shown) -> String {
    let (cfg, r) = (s.cfg, s.result);
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
        "filters          {} x {} = {} of keys never inserted",
        cfg.filters,
        counted(cfg.queries, "query", "queries"),
        counted(r.total_queries, "query", "queries")
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
    interval_lines(&mut out, s);
    model_lines(&mut out, s);
    spread_lines(&mut out, s);
    out
}

/// The interval to read, and beside it Wilson's when they differ in kind.
fn interval_lines(out: &mut String, s: &Shown) {
    let r = s.result;
    let interval = &r.interval;
    match interval.method {
        IntervalMethod::OneFilterWilson => {
            let _ = writeln!(
                out,
                "95% interval     {:.6e} to {:.6e} (Wilson, for this one filter's own rate, \
                 not the model's)",
                interval.low, interval.high
            );
        }
        IntervalMethod::BetweenFilters => {
            let _ = writeln!(
                out,
                "95% interval     {:.6e} to {:.6e} (from the spread between the {} filters, \
                 t with {} degree{} of freedom)",
                interval.low,
                interval.high,
                s.cfg.filters,
                s.cfg.filters - 1,
                if s.cfg.filters == 2 { "" } else { "s" }
            );
            let _ = writeln!(
                out,
                "Wilson           {:.6e} to {:.6e} (counts every query as independent, \
                 so too narrow when the fills differ)",
                r.wilson_low, r.wilson_high
            );
        }
    }
}

/// The expected count at the model's rate, and what explains a miss.
fn model_lines(out: &mut String, s: &Shown) {
    let check = s.check;
    let total = s.result.total_queries as f64;
    let inside = |yes: bool| {
        if yes {
            "inside the interval"
        } else {
            "outside the interval"
        }
    };
    let expected = total * check.model_rate;
    match s.model_exact() {
        Some(t) => {
            let _ = writeln!(
                out,
                "expected         {expected:.1} at the {} rate {} ({})",
                s.model_kind(),
                t.scientific(),
                inside(check.inside)
            );
            if let (Some(_), Some(unblocked)) = (s.blocked, s.true_rate) {
                let _ = writeln!(
                    out,
                    "without blocks   the true rate of the same m, n, k is {}",
                    unblocked.scientific()
                );
            }
        }
        None => {
            let _ = writeln!(
                out,
                "expected         {expected:.1} at the idealised rate {:.6e} ({}; the exact \
                 true rate is over its digit budget)",
                check.model_rate,
                inside(check.inside)
            );
        }
    }
    let wall_line = s
        .cfg
        .scheme
        .hash_wall_reason(s.cfg.n)
        .filter(|_| check.wall_matters());
    if let Some(line) = &wall_line {
        let with_wall = check.expected_rate();
        let _ = writeln!(out, "hash wall        {line}");
        let _ = writeln!(
            out,
            "with the wall    {:.1} expected at {with_wall:.6e} ({})",
            with_wall * total,
            inside(s.result.interval.contains(with_wall))
        );
    }
    // One filter gets its own note below, and the wall has its line above.
    if let Some(reason) = &check.reason
        && s.result.interval.method == IntervalMethod::BetweenFilters
        && wall_line.as_ref() != Some(reason)
    {
        let _ = writeln!(out, "why              {reason}");
    }
    if total * check.expected_rate() < 10.0 {
        let _ = writeln!(
            out,
            "note             fewer than 10 false positives expected: too few queries \
             to resolve the rate; raise --queries or --filters"
        );
    }
}

/// How much the filters differ, or that one filter cannot say.
fn spread_lines(out: &mut String, s: &Shown) {
    let r = s.result;
    let Some(se) = r.between_filters_se else {
        let _ = writeln!(
            out,
            "note             one filter's rate follows its own fill, about (bits set / m)^k; \
             use --filters to average over many fills"
        );
        return;
    };
    let wilson_se = (r.wilson_high - r.wilson_low) / (2.0 * Z_95);
    let _ = writeln!(
        out,
        "spread           standard error {se:.3e} from the rates of the {} filters",
        s.cfg.filters
    );
    if se > 1.5 * wilson_se {
        let _ = writeln!(
            out,
            "note             the filters' fills differ more than the Wilson interval allows \
             for (design effect {:.1}); the 95% interval counts it; more --filters with fewer \
             --queries each narrow it",
            r.design_effect.unwrap_or(1.0)
        );
    }
}
