//! The lab's settings, the rules of its sliders, and the results it holds.

use crate::limits::{self, Span};
use crate::measure::MeasureConfig;
use crate::measure::SchemeKind;
use crate::ui::action::LabSlider;
use crate::ui::computed::{Computed, Outcome};
use crate::ui::error::UiError;
use crate::ui::lab::compute::{
    BestK, BestKey, CurveKey, ExactFigures, MeasureFigures, MnCurve, RateKey, TrueFigures,
};
use crate::ui::slider::{Scale, SliderSpec};
use crate::ui::text_field::TextField;

/// Range and steps of each lab slider; the ranges are the core's
/// ([`crate::limits`]), shared with `bloomlab --m/--n/--k`.
pub(crate) fn spec(slider: LabSlider) -> SliderSpec {
    let (span, scale) = match slider {
        LabSlider::M => (limits::LAB_M, Scale::Log),
        LabSlider::N => (limits::LAB_N, Scale::Log),
        LabSlider::K => (limits::LAB_K, Scale::Linear),
        LabSlider::Queries => (limits::LAB_QUERIES, Scale::Log),
        LabSlider::Filters => (limits::LAB_FILTERS, Scale::Log),
    };
    SliderSpec::new(span, scale)
}

/// The field a slider's value is typed into: room for any way of writing
/// the largest setting (`1,000,000`, `1_000_000`, `1e6`) and then some.
pub(crate) const VALUE_FIELD: TextField = TextField::new("value", 32);

/// Short name shown beside a slider.
pub(crate) fn label(slider: LabSlider) -> &'static str {
    match slider {
        LabSlider::M => "m bits",
        LabSlider::N => "n keys",
        LabSlider::K => "k hashes",
        LabSlider::Queries => "queries",
        LabSlider::Filters => "filters",
    }
}

/// Results computed for the lab's settings, each tagged with its settings.
#[derive(Debug, Default)]
pub(crate) struct LabResults {
    /// The classic exact rate.
    pub exact: Computed<RateKey, Outcome<ExactFigures>>,
    /// The true rate (beyond the classic formula).
    pub truth: Computed<RateKey, Outcome<TrueFigures>>,
    /// Best k by exact scan, and the exact points of the epsilon-against-k chart.
    pub best: Computed<BestKey, Outcome<BestK>>,
    /// The measurement on real filters.
    pub measured: Computed<MeasureConfig, Result<MeasureFigures, String>>,
    /// Exact points of the epsilon-against-m/n chart.
    pub mn_curve: Computed<CurveKey, MnCurve>,
}

impl LabResults {
    /// True when the measurement for `key` has finished (or failed), so no
    /// work needs asking for; a running count does not count as finished.
    pub(crate) fn measurement_done(&self, key: &MeasureConfig) -> bool {
        match self.measured.shown(key) {
            crate::ui::computed::Shown::Fresh(Ok(m)) => m.complete(),
            crate::ui::computed::Shown::Fresh(Err(_)) => true,
            crate::ui::computed::Shown::Computing(_) => false,
        }
    }
}

/// The lab's settings and results.
#[derive(Debug)]
pub(crate) struct LabState {
    /// Bits in the filter.
    pub m: u64,
    /// Keys inserted.
    pub n: u64,
    /// Hash positions per key.
    pub k: u32,
    /// Never-inserted keys queried per filter.
    pub queries: u64,
    /// Filters pooled in the measurement.
    pub filters: u64,
    /// Seed of the measurement.
    pub seed: u64,
    /// Probe scheme of the measured filters.
    pub scheme: SchemeKind,
    /// Bits per key held fixed while n moves (`None` when unlocked).
    pub lock: Option<f64>,
    /// The slider the arrows move.
    pub selected: LabSlider,
    /// A value being typed for the selected slider.
    pub editing: Option<TextField>,
    /// Why the last typed value was refused.
    pub edit_error: Option<String>,
    /// Computed figures.
    pub results: LabResults,
}

impl Default for LabState {
    fn default() -> Self {
        LabState {
            m: 160,
            n: 16,
            k: 7,
            queries: 200,
            filters: 1,
            seed: 1,
            scheme: SchemeKind::Independent,
            lock: None,
            selected: LabSlider::M,
            editing: None,
            edit_error: None,
            results: LabResults::default(),
        }
    }
}

impl LabState {
    /// The current value of a slider.
    pub(crate) fn value(&self, slider: LabSlider) -> u64 {
        match slider {
            LabSlider::M => self.m,
            LabSlider::N => self.n,
            LabSlider::K => u64::from(self.k),
            LabSlider::Queries => self.queries,
            LabSlider::Filters => self.filters,
        }
    }

    /// Sets a slider (clamped to its range), keeping bits per key when locked.
    pub(crate) fn set(&mut self, slider: LabSlider, value: u64) {
        let value = spec(slider).clamp(value);
        match slider {
            LabSlider::M => {
                self.m = value;
                if let Some(bits) = self.lock {
                    self.n = spec(LabSlider::N).clamp(round_u64(self.m as f64 / bits));
                }
            }
            LabSlider::N => {
                self.n = value;
                if let Some(bits) = self.lock {
                    let m_spec = spec(LabSlider::M);
                    self.m = m_spec.clamp(round_u64(self.n as f64 * bits));
                    // At the end of m's range, pull n back so the ratio holds.
                    if self.m == m_spec.max || self.m == m_spec.min {
                        self.n = spec(LabSlider::N).clamp(round_u64(self.m as f64 / bits));
                    }
                }
            }
            LabSlider::K => self.k = u32::try_from(value).unwrap_or(32),
            LabSlider::Queries => self.queries = value,
            LabSlider::Filters => self.filters = value,
        }
    }

    /// Moves the selected slider by one step or one big step.
    pub(crate) fn adjust(&mut self, up: bool, big: bool) {
        let slider = self.selected;
        let next = spec(slider).step(self.value(slider), up, big);
        self.set(slider, next);
    }

    /// Locks bits per key at the current m/n, or releases the lock.
    pub(crate) fn toggle_lock(&mut self) {
        self.lock = match self.lock {
            Some(_) => None,
            None => Some(self.m as f64 / self.n as f64),
        };
    }

    /// The next probe scheme: the lesson's double hashing, enhanced double
    /// hashing, independent hashes, and round again.
    pub(crate) fn toggle_scheme(&mut self) {
        self.scheme = self.scheme.next();
    }

    /// A new seed, derived from the old one (so reseeding is repeatable).
    pub(crate) fn reseed(&mut self) {
        // splitmix64: consecutive seeds look unrelated.
        let mut z = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.seed = (z ^ (z >> 31)) % 1_000_000;
    }

    /// Applies `--m/--n/--k`, refusing values outside the sliders' ranges.
    pub(crate) fn apply_settings(
        &mut self,
        m: Option<u64>,
        n: Option<u64>,
        k: Option<u32>,
    ) -> Result<(), UiError> {
        let checked = |span: Span, name: &'static str, value: u64| {
            if span.contains(value) {
                Ok(value)
            } else {
                Err(UiError::Setting { name, value, span })
            }
        };
        let m = m.map(|v| checked(limits::LAB_M, "m", v)).transpose()?;
        let n = n.map(|v| checked(limits::LAB_N, "n", v)).transpose()?;
        let k = k
            .map(|v| checked(limits::LAB_K, "k", u64::from(v)))
            .transpose()?;
        self.m = m.unwrap_or(self.m);
        self.n = n.unwrap_or(self.n);
        if let Some(k) = k {
            self.k = u32::try_from(k).unwrap_or(self.k);
        }
        Ok(())
    }

    /// The key of the exact, true and best-k computations.
    pub(crate) fn rate_key(&self) -> RateKey {
        RateKey {
            m: self.m,
            n: self.n,
            k: self.k,
        }
    }

    /// The key of the best-k scan: it depends on m and n only, so moving k
    /// does not start it again.
    pub(crate) fn best_key(&self) -> BestKey {
        BestKey {
            m: self.m,
            n: self.n,
        }
    }

    /// The key of the measurement.
    pub(crate) fn measure_key(&self) -> MeasureConfig {
        MeasureConfig {
            m: self.m,
            n: self.n,
            k: self.k,
            queries: self.queries,
            filters: self.filters,
            seed: self.seed,
            scheme: self.scheme,
        }
    }

    /// The key of the epsilon-against-m/n exact points.
    pub(crate) fn curve_key(&self) -> CurveKey {
        CurveKey::for_setting(self.m, self.n, self.k)
    }

    /// Bits per key, m/n.
    pub(crate) fn bits_per_key(&self) -> f64 {
        self.m as f64 / self.n as f64
    }
}

fn round_u64(x: f64) -> u64 {
    if x.is_finite() && x > 0.0 {
        // Values here are below 10^7, far inside u64.
        x.round() as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_stay_in_range() {
        let mut lab = LabState::default();
        lab.set(LabSlider::M, 0);
        assert_eq!(lab.m, 1);
        lab.set(LabSlider::M, 5_000_000);
        assert_eq!(lab.m, 1_000_000);
        lab.selected = LabSlider::K;
        for _ in 0..100 {
            lab.adjust(true, true);
        }
        assert_eq!(lab.k, 32);
        for _ in 0..100 {
            lab.adjust(false, false);
        }
        assert_eq!(lab.k, 1);
        lab.selected = LabSlider::N;
        for _ in 0..100 {
            lab.adjust(true, true);
        }
        assert_eq!(lab.n, 100_000);
    }

    #[test]
    fn lock_keeps_bits_per_key_while_n_moves() {
        let mut lab = LabState::default();
        lab.toggle_lock();
        lab.selected = LabSlider::N;
        lab.adjust(true, false);
        assert_eq!((lab.m, lab.n), (170, 17));
        lab.adjust(true, true);
        assert_eq!((lab.m, lab.n), (340, 34));
        lab.set(LabSlider::M, 1000);
        assert_eq!((lab.m, lab.n), (1000, 100));
        lab.toggle_lock();
        lab.set(LabSlider::N, 50);
        assert_eq!((lab.m, lab.n), (1000, 50));
    }

    #[test]
    fn lock_holds_at_the_end_of_m() {
        let mut lab = LabState::default();
        lab.toggle_lock();
        lab.set(LabSlider::N, 100_000);
        assert_eq!(lab.m, 1_000_000);
        assert_eq!(lab.n, 100_000);
        lab.set(LabSlider::M, 200);
        lab.toggle_lock();
        lab.set(LabSlider::N, 1);
        lab.toggle_lock();
        lab.set(LabSlider::N, 100_000);
        assert_eq!((lab.m, lab.n), (1_000_000, 5_000));
    }

    #[test]
    fn settings_out_of_range_are_usage_errors() {
        let mut lab = LabState::default();
        assert!(lab.apply_settings(Some(160), Some(16), Some(7)).is_ok());
        let err = lab.apply_settings(Some(0), None, None);
        assert_eq!(
            err.map_err(|e| e.to_string()),
            Err("m 0 is out of range: m must be from 1 to 1,000,000".into())
        );
        assert!(lab.apply_settings(None, None, Some(33)).is_err());
        assert!(lab.apply_settings(None, Some(100_001), None).is_err());
    }

    #[test]
    fn scheme_and_seed_change() {
        let mut lab = LabState::default();
        lab.toggle_scheme();
        assert_eq!(lab.scheme, SchemeKind::Double);
        let before = lab.seed;
        lab.reseed();
        assert_ne!(lab.seed, before);
    }
}
