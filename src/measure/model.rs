//! The model's rate of a measured shape, whether the measurement agrees
//! with it, and if not, why not, in one line a screen can show.

use std::sync::atomic::AtomicBool;

use super::config::{MeasureConfig, MeasureError};
use super::interval::IntervalMethod;
use super::tally::Measurement;
use crate::filter::SchemeKind;
use crate::rates::blocked::{BlockedShape, Within, blocked_digits};
use crate::rates::certified::{RateKind, certified_digits_cancellable};
use crate::rates::{Budget, Params, RateError, SigDecimal};

/// The line for a measured interval that misses the model's rate by chance.
pub const CHANCE_REASON: &str = "a 95% interval misses the rate it estimates in about one run \
    in twenty: measure again with another seed before reading anything into it";

/// The line for a single filter, whose interval is for its own rate.
pub const ONE_FILTER_REASON: &str = "one filter's rate follows its own fill, about \
    (bits set / m)^k, while the model's rate is the average over fills: measure many filters";

/// The hash wall counts as worth naming once it adds this share of the
/// model's rate.
const WALL_NOTABLE: f64 = 0.01;

/// The model's (true) rate at `cfg`'s m, n and k, to `digits` certified significant digits: the digits long division of the
/// exact fraction would give, found at any size without building it.
///
/// `budget` bounds only the fraction built when the rate may sit exactly on
/// a rounding boundary; `None` when that fraction is over it, or when the
/// shape is outside the exact arithmetic. Stops with
/// [`MeasureError::Cancelled`] soon after `cancel` is set.
pub fn model_true_rate(
    cfg: &MeasureConfig,
    digits: u32,
    budget: Budget,
    cancel: &AtomicBool,
) -> Result<Option<SigDecimal>, MeasureError> {
    let Ok(params) = Params::new(cfg.m, cfg.n, cfg.k) else {
        return Ok(None);
    };
    match certified_digits_cancellable(params, RateKind::True, digits, budget, cancel) {
        Ok(certified) => Ok(Some(certified.decimal)),
        Err(RateError::Cancelled) => Err(MeasureError::Cancelled),
        Err(_) => Ok(None),
    }
}

/// The blocked filter's exact rate at `cfg`'s m, n and k (512-bit blocks;
/// see [`crate::rates::blocked`]), to `digits` certified significant
/// digits: what a run of the blocked scheme should measure. `None` when the
/// shape is outside the exact arithmetic or a rounding tie's fraction is
/// over `budget`.
pub fn model_blocked_rate(
    cfg: &MeasureConfig,
    digits: u32,
    budget: Budget,
    cancel: &AtomicBool,
) -> Result<Option<SigDecimal>, MeasureError> {
    let Ok(shape) = BlockedShape::new(cfg.m, cfg.n, cfg.k) else {
        return Ok(None);
    };
    match blocked_digits(shape, Within::True, digits, budget, cancel) {
        Ok(certified) => Ok(Some(certified.decimal)),
        Err(RateError::Cancelled) => Err(MeasureError::Cancelled),
        Err(_) => Ok(None),
    }
}

/// How a measurement compares with the model's (true) rate.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelCheck {
    /// The model's rate the measurement was held against.
    pub model_rate: f64,
    /// The 32-bit hash wall at this n (about n / 2^32), for the two schemes
    /// built on the lesson's 32-bit hash; `None` for the independent one.
    pub hash_wall: Option<f64>,
    /// True when the model's rate lies in the measured interval.
    pub inside: bool,
    /// When it does not: one line saying why, for a screen.
    pub reason: Option<String>,
}

impl ModelCheck {
    /// Holds `measured` (from `scheme` at `m` bits and `n` keys) against
    /// `model_rate`.
    pub fn new(
        scheme: SchemeKind,
        m: u64,
        n: u64,
        measured: &Measurement,
        model_rate: f64,
    ) -> Self {
        let hash_wall = scheme.hash_wall(n);
        let inside = measured.interval.contains(model_rate);
        let reason = (!inside).then(|| {
            let above = measured.rate > model_rate;
            let wall_shows = hash_wall.is_some_and(|w| w > measured.interval.half_width());
            if measured.interval.method == IntervalMethod::OneFilterWilson {
                ONE_FILTER_REASON.to_string()
            } else if above && wall_shows {
                scheme.hash_wall_reason(n).unwrap_or_default()
            } else if above || scheme.follows_the_model() {
                scheme.off_model_reason(m)
            } else {
                CHANCE_REASON.to_string()
            }
        });
        ModelCheck {
            model_rate,
            hash_wall,
            inside,
            reason,
        }
    }

    /// The rate to expect with the hash wall added to the model's: a query
    /// is a false positive if its hash collides, or failing that, by the
    /// model's chance.
    pub fn expected_rate(&self) -> f64 {
        let wall = self.hash_wall.unwrap_or(0.0);
        wall + (1.0 - wall) * self.model_rate
    }

    /// True when the hash wall adds at least 1% to the model's rate, so a
    /// screen should name it even when the interval agrees with the model.
    pub fn wall_matters(&self) -> bool {
        self.hash_wall
            .is_some_and(|w| w >= WALL_NOTABLE * self.model_rate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{Interval, IntervalMethod};
    use crate::rates::true_exact;

    /// A cancel flag that stays down.
    fn never() -> AtomicBool {
        AtomicBool::new(false)
    }

    /// A run's configuration with only its shape mattering.
    fn shape(m: u64, n: u64, k: u32) -> MeasureConfig {
        MeasureConfig {
            m,
            n,
            k,
            queries: 1,
            filters: 1,
            seed: 1,
            scheme: SchemeKind::Independent,
        }
    }

    fn measured(rate: f64, low: f64, high: f64, method: IntervalMethod) -> Measurement {
        Measurement {
            bits_set_mean: 0.0,
            false_positives: 0,
            total_queries: 1,
            rate,
            wilson_low: low,
            wilson_high: high,
            interval: Interval { low, high, method },
            design_effect: None,
            between_filters_se: None,
        }
    }

    #[test]
    fn inside_means_no_reason() {
        let m = measured(0.0087, 0.0085, 0.0089, IntervalMethod::BetweenFilters);
        let check = ModelCheck::new(SchemeKind::Independent, 160, 16, &m, 0.00865);
        assert!(check.inside && check.reason.is_none() && !check.wall_matters());
    }

    #[test]
    fn double_hashing_above_the_model_names_the_progression() {
        let m = measured(0.0139, 0.0135, 0.0143, IntervalMethod::BetweenFilters);
        let check = ModelCheck::new(SchemeKind::Double, 160, 16, &m, 0.00865);
        assert!(!check.inside);
        assert!(check.reason.unwrap().contains("arithmetic progression"));
    }

    #[test]
    fn the_wall_is_named_when_it_shows() {
        // lab.md: 10^8 keys in 119 MiB measure 0.0307 against 0.0082.
        let m = measured(0.0307, 0.0302, 0.0312, IntervalMethod::BetweenFilters);
        let check = ModelCheck::new(SchemeKind::Double, 1_000_000_000, 100_000_000, &m, 0.0082);
        assert!(check.wall_matters());
        assert!(check.reason.as_deref().unwrap().contains("n/2^32"));
        assert!(
            (check.expected_rate() - 0.0311).abs() < 0.0003,
            "{}",
            check.expected_rate()
        );
    }

    #[test]
    fn one_filter_and_chance_get_their_own_lines() {
        let one = measured(0.0072, 0.0071, 0.0073, IntervalMethod::OneFilterWilson);
        let check = ModelCheck::new(SchemeKind::Independent, 160, 16, &one, 0.00865);
        assert_eq!(check.reason.as_deref(), Some(ONE_FILTER_REASON));
        let low = measured(0.0070, 0.0068, 0.0072, IntervalMethod::BetweenFilters);
        let check = ModelCheck::new(SchemeKind::Double, 160, 16, &low, 0.00865);
        assert_eq!(check.reason.as_deref(), Some(CHANCE_REASON));
    }

    #[test]
    fn the_model_rate_matches_long_division_where_the_fraction_fits() {
        let rate = model_true_rate(&shape(160, 16, 7), 10, Budget::default(), &never());
        let exact = true_exact(
            Params::new(160, 16, 7).unwrap_or_else(|e| panic!("{e}")),
            Budget::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let long_division = SigDecimal::from_ratio(&exact, 10).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rate, Ok(Some(long_division)));
    }

    #[test]
    fn the_model_rate_reaches_shapes_whose_fraction_is_over_budget() {
        // 10 bits per key at 10^8 keys: the true rate's denominator would
        // have about 6.3 * 10^9 digits, far over the default budget.
        let p = Params::new(1_000_000_000, 100_000_000, 7).unwrap_or_else(|e| panic!("{e}"));
        assert!(true_exact(p, Budget::default()).is_err());
        let rate = model_true_rate(&shape(p.m(), p.n(), p.k()), 10, Budget::default(), &never())
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("no rate"));
        // The idealised (1 - e^-0.7)^7 is 8.1934e-3; the true rate lies a
        // hair above it at this size.
        let v = rate.to_f64();
        assert!(v > 8.19e-3 && v < 8.20e-3, "{}", rate.scientific());
    }

    #[test]
    fn the_model_rate_stops_when_cancelled() {
        let raised = AtomicBool::new(true);
        let rate = model_true_rate(&shape(160, 16, 7), 10, Budget::default(), &raised);
        assert_eq!(rate, Err(MeasureError::Cancelled));
    }
}
