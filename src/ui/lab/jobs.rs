//! The lab's figures off the UI thread: one worker lane per kind (the
//! rates, the best-k scan, the measurement, the comparison, the m/n
//! chart's points), asked for whatever the settings on show lack.

use std::sync::atomic::AtomicBool;

use crate::measure::{CompareConfig, MeasureConfig};
use crate::rates::figures::RateFigures;
use crate::ui::computed::Outcome;
use crate::ui::lab::compute::{self, BestK, BestKey, BlockedRates, CurveKey, MnCurve, RateKey};
use crate::ui::lab::measuring::{self, CompareFigures, MeasureFigures};
use crate::ui::lab::state::LabState;
use crate::ui::screen::Work;
use crate::ui::worker::{Bell, Lane};

/// The lab's worker lanes, one per kind of figure.
pub(crate) struct LabLanes {
    rates: Lane<RateKey, Outcome<RateFigures>>,
    best: Lane<BestKey, Outcome<BestK>>,
    measured: Lane<MeasureConfig, Result<MeasureFigures, String>>,
    compared: Lane<CompareConfig, Result<CompareFigures, String>>,
    mn_curve: Lane<CurveKey, Outcome<MnCurve>>,
    blocked: Lane<RateKey, Outcome<BlockedRates>>,
}

/// A lab figure, finished or so far, tagged with the settings it is for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum LabArrival {
    /// The rate figures (exact, true, idealised).
    Rates(RateKey, Outcome<RateFigures>),
    /// The best-k scan.
    BestK(BestKey, Outcome<BestK>),
    /// The measurement, finished or so far.
    Measured(MeasureConfig, Result<MeasureFigures, String>),
    /// The comparison of two k, finished or so far.
    Compared(CompareConfig, Result<CompareFigures, String>),
    /// The exact points of the epsilon-against-m/n chart.
    MnCurve(CurveKey, Outcome<MnCurve>),
    /// The blocked filter's rates.
    Blocked(RateKey, Outcome<BlockedRates>),
}

impl Work<LabState> for LabLanes {
    type Arrival = LabArrival;

    fn start(bell: &Bell) -> Self {
        LabLanes {
            rates: Lane::new("rates", bell),
            best: Lane::new("best-k", bell),
            measured: Lane::new("measure", bell),
            compared: Lane::new("compare", bell),
            mn_curve: Lane::new("mn-curve", bell),
            blocked: Lane::new("blocked", bell),
        }
    }

    fn ask(&mut self, lab: &LabState) {
        let key = lab.rate_key();
        if !lab.results.rates.is_fresh(&key) {
            self.rates
                .request(&key, || Box::new(move |c, _| compute::rate_figures(key, c)));
        }
        let best = lab.best_key();
        if !lab.results.best.is_fresh(&best) {
            self.best
                .request(&best, || Box::new(move |c, _| compute::best_k(best, c)));
        }
        let measure = lab.measure_key();
        if lab.measuring_wanted() && !lab.results.measurement_done(&measure) {
            self.measured.request(&measure, || {
                Box::new(move |c, partial| {
                    measuring::measured(measure, c, &|so_far| partial(Ok(so_far)))
                })
            });
        } else if !lab.measuring_wanted() {
            // A stopped or unwanted run must not go on in the background.
            self.measured.cancel();
        }
        if let Some(cfg) = lab.compare
            && !lab.results.comparison_done(&cfg)
        {
            self.compared.request(&cfg, || {
                Box::new(move |c, partial| {
                    measuring::compared(cfg, c, &|so_far| partial(Ok(so_far)))
                })
            });
        }
        let curve = lab.curve_key();
        if !lab.results.mn_curve.is_fresh(&curve) {
            self.mn_curve
                .request(&curve, || Box::new(move |c, _| compute::mn_curve(curve, c)));
        }
        if lab.blocked_wanted() && !lab.results.blocked.is_fresh(&key) {
            self.blocked.request(&key, || {
                Box::new(move |c, _| compute::blocked_rates(key, c))
            });
        }
    }

    fn collect(&mut self, out: &mut Vec<LabArrival>) {
        out.extend(self.rates.poll().map(|(k, v)| LabArrival::Rates(k, v)));
        out.extend(self.best.poll().map(|(k, v)| LabArrival::BestK(k, v)));
        out.extend(
            self.measured
                .poll()
                .map(|(k, v)| LabArrival::Measured(k, v)),
        );
        out.extend(
            self.compared
                .poll()
                .map(|(k, v)| LabArrival::Compared(k, v)),
        );
        out.extend(self.mn_curve.poll().map(|(k, v)| LabArrival::MnCurve(k, v)));
        out.extend(self.blocked.poll().map(|(k, v)| LabArrival::Blocked(k, v)));
    }

    fn now(lab: &LabState) -> Vec<LabArrival> {
        let never = AtomicBool::new(false);
        let mut out = Vec::new();
        let key = lab.rate_key();
        out.extend(compute::rate_figures(key, &never).map(|v| LabArrival::Rates(key, v)));
        let best = lab.best_key();
        out.extend(compute::best_k(best, &never).map(|v| LabArrival::BestK(best, v)));
        let measure = lab.measure_key();
        if lab.measuring_wanted() {
            out.extend(
                measuring::measured(measure, &never, &|_| {})
                    .map(|v| LabArrival::Measured(measure, v)),
            );
        }
        if let Some(cfg) = lab.compare {
            out.extend(
                measuring::compared(cfg, &never, &|_| {}).map(|v| LabArrival::Compared(cfg, v)),
            );
        }
        let curve = lab.curve_key();
        out.extend(compute::mn_curve(curve, &never).map(|v| LabArrival::MnCurve(curve, v)));
        if lab.blocked_wanted() {
            out.extend(compute::blocked_rates(key, &never).map(|v| LabArrival::Blocked(key, v)));
        }
        out
    }

    fn store(lab: &mut LabState, arrival: LabArrival) {
        let results = &mut lab.results;
        match arrival {
            LabArrival::Rates(k, v) => results.rates.set(k, v),
            LabArrival::BestK(k, v) => results.best.set(k, v),
            LabArrival::Measured(k, v) => results.measured.set(k, v),
            LabArrival::Compared(k, v) => results.compared.set(k, v),
            LabArrival::MnCurve(k, v) => results.mn_curve.set(k, v),
            LabArrival::Blocked(k, v) => results.blocked.set(k, v),
        }
    }
}
