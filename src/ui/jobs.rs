//! Which computations the current screen needs, run either on the worker
//! lanes (the app) or right here (`bloomlab render`, benches, tests).

use std::sync::atomic::AtomicBool;

use crate::measure::{CompareConfig, MeasureConfig};
use crate::rates::figures::RateFigures;
use crate::ui::app::App;
use crate::ui::arrival::Arrival;
use crate::ui::computed::Outcome;
use crate::ui::lab::compute::{self, BestK, BestKey, CurveKey, MnCurve, RateKey};
use crate::ui::lab::measuring::{self, CompareFigures, MeasureFigures};
use crate::ui::screen::Screen;
use crate::ui::sizing::compute::{SizingOutcome, compute as size_answer};
use crate::ui::sizing::inputs::SizingKey;
use crate::ui::update::{Message, update};
use crate::ui::worker::Lane;

/// The worker lanes of the app, one per kind of figure.
pub(crate) struct Jobs {
    rates: Lane<RateKey, Outcome<RateFigures>>,
    best: Lane<BestKey, Outcome<BestK>>,
    measured: Lane<MeasureConfig, Result<MeasureFigures, String>>,
    compared: Lane<CompareConfig, Result<CompareFigures, String>>,
    mn_curve: Lane<CurveKey, Outcome<MnCurve>>,
    sizing: Lane<SizingKey, SizingOutcome>,
}

impl Jobs {
    /// Starts the lanes (idle threads until asked).
    pub(crate) fn new() -> Self {
        Jobs {
            rates: Lane::new("rates"),
            best: Lane::new("best-k"),
            measured: Lane::new("measure"),
            compared: Lane::new("compare"),
            mn_curve: Lane::new("mn-curve"),
            sizing: Lane::new("sizing"),
        }
    }

    /// Asks for every figure the screen on show lacks. Asking again for
    /// the same settings costs nothing; new settings cancel the old work.
    pub(crate) fn dispatch(&mut self, app: &App) {
        match app.screen {
            Screen::Lab => {
                let lab = &app.lab;
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
            }
            Screen::Sizing => {
                if let Some(key) = app.sizing.wanted()
                    && !app.sizing.answer.is_fresh(&key)
                {
                    let asked = key.clone();
                    self.sizing
                        .request(&key, || Box::new(move |c, _| size_answer(&asked, c)));
                }
            }
            Screen::Lecture | Screen::Sandbox | Screen::Practice => {}
        }
    }

    /// Every result that has arrived since the last call, as messages for
    /// [`crate::ui::update::update`] to apply.
    pub(crate) fn collect(&mut self) -> Vec<Arrival> {
        let mut out = Vec::new();
        out.extend(self.rates.poll().map(|(k, v)| Arrival::Rates(k, v)));
        out.extend(self.best.poll().map(|(k, v)| Arrival::BestK(k, v)));
        out.extend(self.measured.poll().map(|(k, v)| Arrival::Measured(k, v)));
        out.extend(self.compared.poll().map(|(k, v)| Arrival::Compared(k, v)));
        out.extend(self.mn_curve.poll().map(|(k, v)| Arrival::MnCurve(k, v)));
        out.extend(self.sizing.poll().map(|(k, v)| Arrival::Sizing(k, v)));
        out
    }
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs::new()
    }
}

/// Computes every figure of the screen on show on this thread, so a drawing
/// shows completed values (for `bloomlab render`, benches and tests).
pub(crate) fn compute_now(app: &mut App) {
    for arrival in arrivals_now(app) {
        update(app, Message::Arrived(Box::new(arrival)));
    }
}

fn arrivals_now(app: &App) -> Vec<Arrival> {
    let never = AtomicBool::new(false);
    let mut out = Vec::new();
    match app.screen {
        Screen::Lab => {
            let lab = &app.lab;
            let key = lab.rate_key();
            out.extend(compute::rate_figures(key, &never).map(|v| Arrival::Rates(key, v)));
            let best = lab.best_key();
            out.extend(compute::best_k(best, &never).map(|v| Arrival::BestK(best, v)));
            let measure = lab.measure_key();
            if lab.measuring_wanted() {
                out.extend(
                    measuring::measured(measure, &never, &|_| {})
                        .map(|v| Arrival::Measured(measure, v)),
                );
            }
            if let Some(cfg) = lab.compare {
                out.extend(
                    measuring::compared(cfg, &never, &|_| {}).map(|v| Arrival::Compared(cfg, v)),
                );
            }
            let curve = lab.curve_key();
            out.extend(compute::mn_curve(curve, &never).map(|v| Arrival::MnCurve(curve, v)));
        }
        Screen::Sizing => {
            if let Some(key) = app.sizing.wanted() {
                out.extend(size_answer(&key, &never).map(|v| Arrival::Sizing(key, v)));
            }
        }
        Screen::Lecture | Screen::Sandbox | Screen::Practice => {}
    }
    out
}
