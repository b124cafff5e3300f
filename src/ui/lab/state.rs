//! The lab's settings, the rules of its sliders, and the results it holds.

use crate::limits::{self, Span};
use crate::measure::{CompareConfig, MeasureConfig, SchemeKind};
use crate::rates::figures::RateFigures;
use crate::ui::computed::{Computed, Outcome, Shown};
use crate::ui::error::UiError;
use crate::ui::lab::action::LabSlider;
use crate::ui::lab::compute::{BestK, BestKey, BlockedRates, CurveKey, MnCurve, RateKey};
use crate::ui::lab::measuring::{CompareFigures, MeasureFigures, MeasurePlan};
use crate::ui::lab::predict::Predict;
use crate::ui::slider::{Scale, SliderSpec};
use crate::ui::text_field::TextField;

/// The range of each lab slider: the core's ([`crate::limits`]), shared
/// with `bloomlab --m/--n/--k`.
pub(crate) fn span(slider: LabSlider) -> Span {
    match slider {
        LabSlider::M => limits::LAB_M,
        LabSlider::N => limits::LAB_N,
        LabSlider::K => limits::LAB_K,
        LabSlider::Queries => limits::LAB_QUERIES,
        LabSlider::Filters => limits::LAB_FILTERS,
    }
}

/// Range and steps of each lab slider.
pub(crate) fn spec(slider: LabSlider) -> SliderSpec {
    let scale = match slider {
        LabSlider::K => Scale::Linear,
        _ => Scale::Log,
    };
    SliderSpec::new(span(slider), scale)
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
    /// Every rate figure of the setting: the exact (classic) and true
    /// rates' certified digits, the idealised rate and the gap.
    pub rates: Computed<RateKey, Outcome<RateFigures>>,
    /// Best k by both rates, and the points of the epsilon-against-k chart.
    pub best: Computed<BestKey, Outcome<BestK>>,
    /// The measurement on real filters.
    pub measured: Computed<MeasureConfig, Result<MeasureFigures, String>>,
    /// Two k measured on the same filters (`c`).
    pub compared: Computed<CompareConfig, Result<CompareFigures, String>>,
    /// Exact points of the epsilon-against-m/n chart.
    pub mn_curve: Computed<CurveKey, Outcome<MnCurve>>,
    /// The blocked filter's rates, while the blocked scheme is chosen.
    pub blocked: Computed<RateKey, Outcome<BlockedRates>>,
}

impl LabResults {
    /// True when the measurement for `key` has finished (or failed), so no
    /// work needs asking for; a running count does not count as finished.
    pub(crate) fn measurement_done(&self, key: &MeasureConfig) -> bool {
        match self.measured.shown(key) {
            Shown::Fresh(Ok(m)) => m.complete(),
            Shown::Fresh(Err(_)) => true,
            Shown::Computing(_) => false,
        }
    }

    /// The same for the comparison `key`.
    pub(crate) fn comparison_done(&self, key: &CompareConfig) -> bool {
        match self.compared.shown(key) {
            Shown::Fresh(Ok(c)) => c.finished().is_some(),
            Shown::Fresh(Err(_)) => true,
            Shown::Computing(_) => false,
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
    /// Bits per key held fixed while m or n moves (`None` when unlocked).
    pub lock: Option<f64>,
    /// A measurement asked for with `m` that is too long to start by
    /// itself (see [`MeasurePlan`]); it runs while the settings stay.
    pub measure_asked: Option<MeasureConfig>,
    /// The comparison asked for with `c`, while m and n stay.
    pub compare: Option<CompareConfig>,
    /// The charts show the exact rate's gap to the idealised one (`d`)
    /// instead of the rates themselves.
    pub gap_view: bool,
    /// The slider the arrows move.
    pub selected: LabSlider,
    /// A value being typed for the selected slider.
    pub editing: Option<TextField>,
    /// Why the last typed value was refused.
    pub edit_error: Option<String>,
    /// The predict switch, the student's guess and the rehearsal.
    pub predict: Predict,
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
            // Enough filters for an interval of the model's rate (one
            // filter only measures its own), yet instant at the default m.
            filters: 100,
            seed: 1,
            scheme: SchemeKind::Independent,
            lock: None,
            measure_asked: None,
            compare: None,
            gap_view: false,
            selected: LabSlider::M,
            editing: None,
            edit_error: None,
            predict: Predict::default(),
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
        self.put(slider, spec(slider).clamp(value));
    }

    /// Sets a slider to a value already in its range (a step's result),
    /// keeping bits per key when locked: the value is clamped once, by
    /// whoever made it, and only the other slider the lock moves is
    /// clamped here.
    fn put(&mut self, slider: LabSlider, value: u64) {
        debug_assert_eq!(value, spec(slider).clamp(value));
        if matches!(slider, LabSlider::M | LabSlider::N) {
            // A comparison belongs to one shape: it goes when the shape does.
            self.compare = None;
        }
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

    /// Every slider's value, to tell afterwards whether a request moved one.
    pub(crate) fn values(&self) -> [u64; 5] {
        LabSlider::ALL.map(|s| self.value(s))
    }

    /// After a request that may have moved sliders (their values were
    /// `before`): with the predict switch on, a move hides the rates.
    pub(crate) fn after_move(&mut self, before: [u64; 5]) {
        let now = self.values();
        if now != before {
            // m and n are the first two sliders: the shape of the filter.
            let shape_changed = now[..2] != before[..2];
            self.predict.moved(shape_changed);
        }
    }

    /// `R`: starts the seed's rehearsal or moves it on, putting the lab at
    /// the step's shape. The lock is released, since it would hold the old
    /// bits per key against the shape the step asks for.
    pub(crate) fn rehearse(&mut self) {
        let key = self.best_key();
        let best = match self.results.best.shown(&key) {
            Shown::Fresh(Outcome::Ready(b)) => Some(b),
            _ => None,
        };
        if let Some(shape) = self.predict.rehearse(best, key) {
            self.lock = None;
            self.compare = None;
            self.editing = None;
            self.m = shape.m;
            self.n = shape.n;
        }
    }

    /// Enter in the guess field, checked against the scan of this shape.
    pub(crate) fn submit_guess(&mut self) {
        let key = self.best_key();
        let best = match self.results.best.shown(&key) {
            Shown::Fresh(Outcome::Ready(b)) => Some(b),
            _ => None,
        };
        self.predict.submit(best, key);
    }

    /// Moves the selected slider by one step or one big step.
    pub(crate) fn adjust(&mut self, up: bool, big: bool) {
        let slider = self.selected;
        let next = spec(slider).step(self.value(slider), up, big);
        self.put(slider, next);
    }

    /// `c`: measures two k on the same filters with independent hashes,
    /// the pair [`compare_pair`] picks. When the last comparison of that
    /// pair could not tell them apart and said how many filters would, the
    /// filters slider moves there first, so asking again settles it.
    pub(crate) fn request_compare(&mut self) {
        let Shown::Fresh(Outcome::Ready(best)) = self.results.best.shown(&self.best_key()) else {
            return;
        };
        let (k_a, k_b) = compare_pair(best, self.k);
        let pair = |c: &CompareConfig| (c.m, c.n, c.k_a, c.k_b, c.queries, c.seed);
        let mut cfg = CompareConfig {
            m: self.m,
            n: self.n,
            k_a,
            k_b,
            queries: self.queries,
            filters: self.filters.max(2),
            seed: self.seed,
        };
        if let Some(last) = self.compare.filter(|last| pair(last) == pair(&cfg))
            && let Shown::Fresh(Ok(done)) = self.results.compared.shown(&last)
            && let Some(needed) = done.finished().and_then(|c| c.filters_needed)
        {
            self.filters = spec(LabSlider::Filters).clamp(needed.max(last.filters));
            cfg.filters = self.filters.max(2);
        }
        self.compare = Some(cfg);
    }

    /// Locks bits per key at the current m/n, or releases the lock.
    pub(crate) fn toggle_lock(&mut self) {
        self.lock = match self.lock {
            Some(_) => None,
            None => Some(self.m as f64 / self.n as f64),
        };
    }

    /// The next probe scheme: the lesson's double hashing, enhanced double
    /// hashing, independent hashes, blocked, and round again.
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

    /// Whether the measurement at the current settings runs by itself, on
    /// request, or not at all (too big a filter).
    pub(crate) fn measure_plan(&self) -> MeasurePlan {
        MeasurePlan::of(&self.asked_measurement())
    }

    /// True when the measurement at the current settings should run now.
    pub(crate) fn measuring_wanted(&self) -> bool {
        match self.measure_plan() {
            MeasurePlan::Auto { .. } => true,
            MeasurePlan::OnRequest { .. } => self.measure_asked == Some(self.asked_measurement()),
            MeasurePlan::TooBig { .. } => false,
        }
    }

    /// True while some figure of the current settings is still to come:
    /// the questions `Jobs::dispatch` asks before it requests work.
    pub(crate) fn waiting(&self) -> bool {
        let results = &self.results;
        !results.rates.is_fresh(&self.rate_key())
            || !results.best.is_fresh(&self.best_key())
            || (self.measuring_wanted() && !results.measurement_done(&self.measure_key()))
            || self
                .compare
                .is_some_and(|cfg| !results.comparison_done(&cfg))
            || !results.mn_curve.is_fresh(&self.curve_key())
            || (self.blocked_wanted() && !results.blocked.is_fresh(&self.rate_key()))
    }

    /// True when the blocked scheme is chosen, so its rates are shown.
    pub(crate) fn blocked_wanted(&self) -> bool {
        self.scheme == SchemeKind::Blocked
    }

    /// `m`: asks for a measurement too long to start by itself (or for
    /// all the filters when the automatic run measured fewer), or stops it.
    pub(crate) fn toggle_measure(&mut self) {
        let all = self.asked_measurement();
        self.measure_asked = match (self.measure_asked, self.measure_plan()) {
            (Some(asked), _) if asked == all => None,
            (_, MeasurePlan::OnRequest { .. }) => Some(all),
            (_, MeasurePlan::Auto { filters }) if filters < all.filters => Some(all),
            _ => None,
        };
    }

    /// The key of the rate figures.
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

    /// The measurement the sliders ask for: every filter of the filters
    /// slider.
    pub(crate) fn asked_measurement(&self) -> MeasureConfig {
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

    /// The key of the measurement that runs: the one asked for, unless
    /// the automatic run measures fewer filters to keep within its budget
    /// and `m` has not asked for them all.
    pub(crate) fn measure_key(&self) -> MeasureConfig {
        let all = self.asked_measurement();
        match self.measure_plan() {
            MeasurePlan::Auto { filters } if self.measure_asked != Some(all) => {
                MeasureConfig { filters, ..all }
            }
            _ => all,
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

/// The two k the comparison measures: the classic and the true winner
/// when they differ (the point of issue: does the textbook's k cost a real
/// filter?); else the slider's k against the winner; else the winner
/// against its neighbour with the lower true rate.
pub(crate) fn compare_pair(best: &BestK, current: u32) -> (u32, u32) {
    let (classic, truth) = (best.scan.classic.k, best.scan.true_rate.k);
    if classic != truth {
        return (classic, truth);
    }
    if current != classic {
        return (current, classic);
    }
    let rate_at = |k: u32| {
        best.scan
            .points
            .iter()
            .find(|p| p.k == k)
            .map(|p| p.true_rate.unwrap_or(p.classic).value)
    };
    let below = classic
        .checked_sub(1)
        .filter(|&k| k >= 1)
        .and_then(|k| Some((k, rate_at(k)?)));
    let above = rate_at(classic + 1).map(|r| (classic + 1, r));
    let neighbour = match (below, above) {
        (Some(b), Some(a)) => {
            if b.1 <= a.1 {
                b.0
            } else {
                a.0
            }
        }
        (Some(b), None) => b.0,
        (None, _) => classic + 1,
    };
    (classic, neighbour)
}

fn round_u64(x: f64) -> u64 {
    if x.is_finite() && x > 0.0 {
        // Values here are below 10^13 (m over n at most), far inside u64.
        x.round() as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 22: the automatic measurement at 10^6 bits and 10^5 keys built
    /// 100 filters after every slider move; it now measures what fits its
    /// budget, and `m` asks for every filter (and again stops asking).
    #[test]
    fn the_automatic_measurement_shrinks_and_m_measures_all() {
        let mut lab = LabState::default();
        assert_eq!(lab.measure_key(), lab.asked_measurement(), "160 bits fit");
        lab.set(LabSlider::M, 1_000_000);
        lab.set(LabSlider::N, 100_000);
        let quick = lab.measure_key();
        assert!((1..lab.filters).contains(&quick.filters), "{quick:?}");
        assert!(lab.measuring_wanted());
        lab.toggle_measure();
        assert_eq!(lab.measure_key(), lab.asked_measurement());
        assert_eq!(lab.measure_key().filters, 100);
        lab.toggle_measure();
        assert_eq!(lab.measure_key(), quick);
    }

    #[test]
    fn sliders_stay_in_range() {
        let mut lab = LabState::default();
        lab.set(LabSlider::M, 0);
        assert_eq!(lab.m, 1);
        lab.set(LabSlider::M, 5_000_000_000_000);
        assert_eq!(lab.m, 1_000_000_000_000);
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
        assert_eq!(lab.n, 10_000_000_000);
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
        lab.set(LabSlider::N, 10_000_000_000);
        // 10 bits per key would need 10^11 bits: within m's range.
        assert_eq!((lab.m, lab.n), (100_000_000_000, 10_000_000_000));
        // 200 bits per key cannot hold at 10^10 keys: n is pulled back.
        lab.set(LabSlider::M, 200);
        lab.toggle_lock();
        lab.set(LabSlider::N, 1);
        lab.toggle_lock();
        lab.set(LabSlider::N, 10_000_000_000);
        assert_eq!((lab.m, lab.n), (1_000_000_000_000, 5_000_000_000));
    }

    #[test]
    fn the_lock_holds_when_m_moves_too() {
        let mut lab = LabState::default();
        lab.toggle_lock();
        lab.selected = LabSlider::M;
        lab.adjust(true, true);
        assert_eq!((lab.m, lab.n), (320, 32));
        lab.set(LabSlider::M, 1_000_000);
        assert_eq!((lab.m, lab.n), (1_000_000, 100_000));
    }

    #[test]
    fn settings_out_of_range_are_usage_errors() {
        let mut lab = LabState::default();
        assert!(lab.apply_settings(Some(160), Some(16), Some(7)).is_ok());
        let err = lab.apply_settings(Some(0), None, None);
        assert_eq!(
            err.map_err(|e| e.to_string()),
            Err("m 0 is out of range: m must be a whole number between 1 and 10^12".into())
        );
        assert!(lab.apply_settings(None, None, Some(33)).is_err());
        assert!(
            lab.apply_settings(None, Some(10_000_000_001), None)
                .is_err()
        );
    }

    #[test]
    fn scheme_and_seed_change() {
        let mut lab = LabState::default();
        lab.toggle_scheme();
        assert_eq!(lab.scheme, SchemeKind::Blocked);
        lab.toggle_scheme();
        assert_eq!(lab.scheme, SchemeKind::Double);
        let before = lab.seed;
        lab.reseed();
        assert_ne!(lab.seed, before);
    }
}
