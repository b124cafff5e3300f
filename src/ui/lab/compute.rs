//! The computations behind the lab's figures. Each takes a cancel flag and
//! returns `None` when cancelled; the worker runs them off the UI thread and
//! `bloomlab render` runs them directly.

/// Settings that the exact, true and best-k figures depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RateKey {
    /// Bits.
    pub m: u64,
    /// Keys.
    pub n: u64,
    /// Hash positions per key.
    pub k: u32,
}

/// Settings that the best-k scan depends on: m and n only (it scans every
/// k), so moving the k slider does not start it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BestKey {
    /// Bits.
    pub m: u64,
    /// Keys.
    pub n: u64,
}

/// Settings that the exact points of the epsilon-against-m/n chart depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CurveKey {
    /// Keys.
    pub n: u64,
    /// Hash positions per key.
    pub k: u32,
    /// Right end of the chart's bits-per-key axis.
    pub max_bits: u64,
}

impl CurveKey {
    /// The chart's axis for the current setting: the first power of two at
    /// least twice the current bits per key (at least 16), so the axis stays
    /// put while m moves a little.
    pub(crate) fn for_setting(m: u64, n: u64, k: u32) -> Self {
        CurveKey {
            n,
            k,
            max_bits: axis_end(m as f64 / n.max(1) as f64),
        }
    }
}

/// The first power of two at or above `2x`, at least 16.
pub(crate) fn axis_end(x: f64) -> u64 {
    let want = (2.0 * x).max(16.0);
    let mut end = 16u64;
    while (end as f64) < want && end < (1 << 40) {
        end *= 2;
    }
    end
}

/// The exact classic rate, ready to show.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ExactFigures {
    /// Long-division decimal, 10 significant digits.
    pub decimal: String,
    /// The same, as an f64 (for differences and charts).
    pub value: f64,
    /// "About 1 in N".
    pub one_in: Option<u64>,
    /// Digits of the denominator in lowest terms.
    pub denominator_digits: u64,
}

/// The exact true rate, ready to show.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TrueFigures {
    /// Long-division decimal, 10 significant digits.
    pub decimal: String,
    /// The same, as an f64.
    pub value: f64,
}

/// Best k by a scan of certified brackets settled exactly where the budget
/// allows, with the rate at every scanned k.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BestK {
    /// The best k; when `verdict` is undecided, only the smallest candidate.
    pub k: u32,
    /// Whether `k` is proven best, and whether its exact rate is known.
    pub verdict: Verdict,
    /// Its exact rate, 10 significant digits, when it was within budget.
    pub decimal: Option<String>,
    /// Its rate from its certified bracket: an approximation, to be labelled
    /// as one whenever `decimal` is absent.
    pub approx: f64,
    /// The scanned range's upper end (the scan starts at 1).
    pub scanned_to: u32,
    /// (k, rate from its certified bracket) for every k of the range.
    pub points: Vec<(u32, f64)>,
    /// k values ranked by their bracket alone, their exact rate being over
    /// the budget.
    pub skipped: Vec<u32>,
}

/// A measurement, ready to show.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MeasureFigures {
    /// False positives pooled over all filters.
    pub false_positives: u64,
    /// Queries pooled over all filters.
    pub total_queries: u64,
    /// false_positives / total_queries.
    pub rate: f64,
    /// 95% Wilson interval, low end.
    pub wilson_low: f64,
    /// 95% Wilson interval, high end.
    pub wilson_high: f64,
    /// Mean number of set bits per filter.
    pub bits_set_mean: f64,
    /// Standard error from the spread of per-filter rates (two or more filters).
    pub between_filters_se: Option<f64>,
    /// Filters measured so far (equal to `filters` once finished).
    pub filters_done: u64,
    /// Filters asked for.
    pub filters: u64,
}

impl MeasureFigures {
    /// True once every filter has been measured.
    pub(crate) fn complete(&self) -> bool {
        self.filters_done >= self.filters
    }

    /// A 95% interval for the average rate over filters: the Wilson interval
    /// widened to rate ± 1.96 standard errors of the spread between filters,
    /// since queries on one filter share its fill and are not independent.
    pub(crate) fn interval(&self) -> (f64, f64) {
        match self.between_filters_se {
            Some(se) => (
                self.wilson_low.min(self.rate - 1.96 * se).max(0.0),
                self.wilson_high.max(self.rate + 1.96 * se).min(1.0),
            ),
            None => (self.wilson_low, self.wilson_high),
        }
    }
}

/// Exact points of the epsilon-against-m/n chart.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct MnCurve {
    /// (bits per key, exact rate).
    pub points: Vec<(f64, f64)>,
    /// Points left out because their exact value was over the budget.
    pub skipped: usize,
}

use std::sync::atomic::AtomicBool;

use num_rational::BigRational;

use crate::measure::{MeasureConfig, Measurement, Progress, measure_with_progress};
pub(crate) use crate::rates::best_k::Verdict;
use crate::rates::best_k::default_scan_range;
use crate::rates::{
    Budget, Params, RateError, SigDecimal, best_k_scan, classic_denominator_digits,
    classic_exact_cancellable, one_in, true_exact_cancellable,
};
use crate::ui::computed::Outcome;

/// Significant digits of every exact decimal on screen.
pub(crate) const SHOWN_DIGITS: u32 = 10;
/// Budget of the main exact figures (denominator digits).
pub(crate) const EXACT_BUDGET: Budget = Budget {
    max_digits: 5_000_000,
};
/// Budget of each exact point on a chart or in the best-k scan.
pub(crate) const POINT_BUDGET: Budget = Budget {
    max_digits: 2_000_000,
};
/// Exact points on the epsilon-against-m/n chart.
pub(crate) const MN_POINTS: u32 = 12;

/// The idealised rate `(1 - e^(-kn/m))^k`.
pub(crate) fn idealised_rate(m: u64, n: u64, k: u32) -> f64 {
    crate::rates::idealised(Params { m, n, k })
}

/// Turns a rate error into what the screen shows; `None` when cancelled.
fn settle<T>(result: Result<T, RateError>) -> Option<Outcome<T>> {
    match result {
        Ok(v) => Some(Outcome::Ready(v)),
        Err(RateError::Cancelled) => None,
        Err(RateError::BudgetExceeded { digits, limit, .. }) => {
            Some(Outcome::TooLarge { digits, limit })
        }
        Err(other) => Some(Outcome::Failed(other.to_string())),
    }
}

/// A decimal for the screen: plain while short, scientific for tiny rates.
fn shown_decimal(value: &BigRational) -> Result<(String, f64), RateError> {
    let d = SigDecimal::from_ratio(value, SHOWN_DIGITS)?;
    let text = if d.exponent() >= -5 {
        d.plain()
    } else {
        d.scientific()
    };
    Ok((text, d.to_f64()))
}

/// The exact classic rate at `key`, within `budget`.
pub(crate) fn exact_figures(
    key: RateKey,
    budget: Budget,
    cancel: &AtomicBool,
) -> Option<Outcome<ExactFigures>> {
    settle((|| {
        let p = Params::new(key.m, key.n, key.k)?;
        let ratio = classic_exact_cancellable(p, budget, cancel)?;
        let (decimal, value) = shown_decimal(&ratio)?;
        Ok(ExactFigures {
            decimal,
            value,
            one_in: one_in(&ratio),
            denominator_digits: classic_denominator_digits(p),
        })
    })())
}

/// The exact true rate at `key`, within `budget`.
pub(crate) fn true_figures(
    key: RateKey,
    budget: Budget,
    cancel: &AtomicBool,
) -> Option<Outcome<TrueFigures>> {
    settle((|| {
        let p = Params::new(key.m, key.n, key.k)?;
        let ratio = true_exact_cancellable(p, budget, cancel)?;
        let (decimal, value) = shown_decimal(&ratio)?;
        Ok(TrueFigures { decimal, value })
    })())
}

/// Best k over [`default_scan_range`] (the range `bloomlab rate` scans too), with the rate at every k for the
/// chart. The scan (in `crate::rates`) ranks every k by certified brackets
/// and settles the survivors within `budget` exactly; an over-budget winner
/// comes back certified but without its exact rate, and k values the
/// brackets cannot separate come back as candidates.
pub(crate) fn best_k(
    m: u64,
    n: u64,
    budget: Budget,
    cancel: &AtomicBool,
) -> Option<Outcome<BestK>> {
    let range = default_scan_range(m, n);
    let end = *range.end();
    let scan = match best_k_scan(m, n, range, budget, None, cancel) {
        Ok(scan) => scan,
        Err(e) => return settle(Err(e)),
    };
    let decimal = match scan.rate.as_ref().map(shown_decimal) {
        Some(Ok((text, _))) => Some(text),
        Some(Err(e)) => return settle(Err(e)),
        None => None,
    };
    Some(Outcome::Ready(BestK {
        k: scan.k,
        verdict: scan.verdict,
        decimal,
        approx: scan.approx,
        scanned_to: end,
        points: scan.curve,
        skipped: scan.skipped.iter().map(|&(k, _)| k).collect(),
    }))
}

/// Exact points of epsilon against m/n at the key's n and k; points whose
/// denominator would exceed `budget` are counted as skipped.
pub(crate) fn mn_curve(key: CurveKey, budget: Budget, cancel: &AtomicBool) -> Option<MnCurve> {
    let mut curve = MnCurve::default();
    for i in 1..=MN_POINTS {
        let bits = key.max_bits as f64 * f64::from(i) / f64::from(MN_POINTS);
        let m = ((bits * key.n as f64).round() as u64).max(1);
        let Ok(p) = Params::new(m, key.n, key.k) else {
            curve.skipped += 1;
            continue;
        };
        match classic_exact_cancellable(p, budget, cancel) {
            Ok(r) => match SigDecimal::from_ratio(&r, 6) {
                Ok(d) => curve.points.push((m as f64 / key.n as f64, d.to_f64())),
                Err(_) => curve.skipped += 1,
            },
            Err(RateError::Cancelled) => return None,
            Err(_) => curve.skipped += 1,
        }
    }
    Some(curve)
}

fn figures_of(m: &Measurement, filters_done: u64, filters: u64) -> MeasureFigures {
    MeasureFigures {
        false_positives: m.false_positives,
        total_queries: m.total_queries,
        rate: m.rate,
        wilson_low: m.wilson_low,
        wilson_high: m.wilson_high,
        bits_set_mean: m.bits_set_mean,
        between_filters_se: m.between_filters_se,
        filters_done,
        filters,
    }
}

/// The measurement for `key` on real filters; `None` when cancelled. The
/// pooled count so far goes to `so_far` after each filter but the last.
pub(crate) fn measured(
    cfg: MeasureConfig,
    cancel: &AtomicBool,
    so_far: &dyn Fn(MeasureFigures),
) -> Option<Result<MeasureFigures, String>> {
    let key = cfg;
    let progress = |p: &Progress| {
        if p.filters_done < key.filters {
            so_far(figures_of(&p.so_far, p.filters_done, key.filters));
        }
    };
    match measure_with_progress(&cfg, cancel, progress) {
        Ok(m) => Some(Ok(figures_of(&m, key.filters, key.filters))),
        Err(crate::measure::MeasureError::Cancelled) => None,
        Err(e) => Some(Err(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> AtomicBool {
        AtomicBool::new(false)
    }

    #[test]
    fn the_lab_default_figures() {
        let key = RateKey {
            m: 160,
            n: 16,
            k: 7,
        };
        let Some(Outcome::Ready(e)) = exact_figures(key, EXACT_BUDGET, &never()) else {
            panic!("no exact figures");
        };
        assert!(e.decimal.starts_with("0.008318677"), "{}", e.decimal);
        assert_eq!(e.denominator_digits, 1729);
        assert_eq!(e.one_in, Some(120));
        let Some(Outcome::Ready(t)) = true_figures(key, EXACT_BUDGET, &never()) else {
            panic!("no true figures");
        };
        assert!(t.decimal.starts_with("0.008653308"), "{}", t.decimal);
        let Some(Outcome::Ready(b)) = best_k(160, 16, EXACT_BUDGET, &never()) else {
            panic!("no best k");
        };
        assert_eq!(b.k, 7);
        // The rule of thumb says 6.93, so the scan runs to 11.
        assert_eq!(default_scan_range(160, 16), 1..=11);
        assert_eq!(b.points.len(), 11);
        assert_eq!(b.scanned_to, 11);
        assert!(b.skipped.is_empty());
    }

    #[test]
    fn best_k_skips_over_budget_k_but_keeps_the_answer() {
        // k = 7 needs 2,450,001 digits; k = 10 and 11 are over 5,000,000.
        let Some(Outcome::Ready(b)) = best_k(100_000, 10_000, EXACT_BUDGET, &never()) else {
            panic!("no best k");
        };
        assert_eq!(b.k, 7);
        assert_eq!(b.verdict, Verdict::Exact);
        assert!(
            b.decimal
                .as_deref()
                .is_some_and(|d| d.starts_with("0.008193920"))
        );
        assert_eq!(b.skipped, [10, 11]);
        assert_eq!(b.points.len(), 11);
    }

    #[test]
    fn best_k_over_budget_is_certified_not_guessed() {
        // Every k from 3 up is over 5,000,000 digits here; the brackets
        // still prove 7 (the exact-only answer among 1 and 2 would be 2).
        let Some(Outcome::Ready(b)) = best_k(1_000_000, 100_000, EXACT_BUDGET, &never()) else {
            panic!("no best k");
        };
        assert_eq!(b.k, 7);
        assert_eq!(b.verdict, Verdict::Certified { digits: 29_400_001 });
        assert_eq!(b.decimal, None);
        assert!((b.approx - 0.0081937).abs() < 1e-6, "{}", b.approx);
        assert_eq!(b.scanned_to, 11);
        assert_eq!(b.points.len(), 11);
    }

    #[test]
    fn over_the_budget_is_too_large_not_a_freeze() {
        let key = RateKey {
            m: 1_000_000,
            n: 100_000,
            k: 32,
        };
        match exact_figures(key, EXACT_BUDGET, &never()) {
            Some(Outcome::TooLarge { digits, limit }) => {
                assert!(digits > limit);
                assert_eq!(limit, 5_000_000);
            }
            other => panic!("expected too large, got {other:?}"),
        }
    }

    #[test]
    fn a_cancelled_job_returns_nothing() {
        let cancel = AtomicBool::new(true);
        let key = RateKey {
            m: 100_000,
            n: 10_000,
            k: 7,
        };
        assert_eq!(exact_figures(key, EXACT_BUDGET, &cancel), None);
    }

    #[test]
    fn the_interval_counts_the_spread_between_filters() {
        let mut m = MeasureFigures {
            false_positives: 87,
            total_queries: 10_000,
            rate: 0.0087,
            wilson_low: 0.0070,
            wilson_high: 0.0107,
            bits_set_mean: 80.0,
            between_filters_se: None,
            filters_done: 1,
            filters: 1,
        };
        assert_eq!(m.interval(), (0.0070, 0.0107));
        m.between_filters_se = Some(0.002);
        let (low, high) = m.interval();
        assert!((low - (0.0087 - 0.00392)).abs() < 1e-12);
        assert!((high - (0.0087 + 0.00392)).abs() < 1e-12);
        m.between_filters_se = Some(0.00001);
        assert_eq!(m.interval(), (0.0070, 0.0107));
    }
}
