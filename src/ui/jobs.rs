//! Which computations the current screen needs, run either on the worker
//! lanes (the app) or right here (`bloomlab render`, benches, tests).

use std::sync::atomic::AtomicBool;

use crate::measure::MeasureConfig;
use crate::ui::app::App;
use crate::ui::arrival::Arrival;
use crate::ui::computed::Outcome;
use crate::ui::lab::compute::{
    self, BestK, BestKey, CurveKey, EXACT_BUDGET, ExactFigures, MeasureFigures, MnCurve,
    POINT_BUDGET, RateKey, TrueFigures,
};
use crate::ui::screen::Screen;
use crate::ui::sizing::compute::{self as sizing, SizingOutcome};
use crate::ui::sizing::inputs::SizingKey;
use crate::ui::update::{Message, update};
use crate::ui::worker::Lane;

/// The worker lanes of the app, one per kind of figure.
pub(crate) struct Jobs {
    exact: Lane<RateKey, Outcome<ExactFigures>>,
    truth: Lane<RateKey, Outcome<TrueFigures>>,
    best: Lane<BestKey, Outcome<BestK>>,
    measured: Lane<MeasureConfig, Result<MeasureFigures, String>>,
    mn_curve: Lane<CurveKey, MnCurve>,
    sizing: Lane<SizingKey, SizingOutcome>,
}

impl Jobs {
    /// Starts the lanes (idle threads until asked).
    pub(crate) fn new() -> Self {
        Jobs {
            exact: Lane::new("exact"),
            truth: Lane::new("true"),
            best: Lane::new("best-k"),
            measured: Lane::new("measure"),
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
                if !lab.results.exact.is_fresh(&key) {
                    self.exact.request(&key, || {
                        Box::new(move |c, _| compute::exact_figures(key, EXACT_BUDGET, c))
                    });
                }
                if !lab.results.truth.is_fresh(&key) {
                    self.truth.request(&key, || {
                        Box::new(move |c, _| compute::true_figures(key, EXACT_BUDGET, c))
                    });
                }
                let best = lab.best_key();
                if !lab.results.best.is_fresh(&best) {
                    self.best.request(&best, || {
                        Box::new(move |c, _| compute::best_k(best.m, best.n, EXACT_BUDGET, c))
                    });
                }
                let measure = lab.measure_key();
                if !lab.results.measurement_done(&measure) {
                    self.measured.request(&measure, || {
                        Box::new(move |c, partial| {
                            compute::measured(measure, c, &|so_far| partial(Ok(so_far)))
                        })
                    });
                }
                let curve = lab.curve_key();
                if !lab.results.mn_curve.is_fresh(&curve) {
                    self.mn_curve.request(&curve, || {
                        Box::new(move |c, _| compute::mn_curve(curve, POINT_BUDGET, c))
                    });
                }
            }
            Screen::Sizing => {
                if let Some(key) = app.sizing.wanted()
                    && !app.sizing.answer.is_fresh(&key)
                {
                    let asked = key.clone();
                    self.sizing
                        .request(&key, || Box::new(move |c, _| sizing::compute(&asked, c)));
                }
            }
            Screen::Lecture | Screen::Sandbox => {}
        }
    }

    /// Every result that has arrived since the last call, as messages for
    /// [`crate::ui::update::update`] to apply.
    pub(crate) fn collect(&mut self) -> Vec<Arrival> {
        let mut out = Vec::new();
        out.extend(self.exact.poll().map(|(k, v)| Arrival::Exact(k, v)));
        out.extend(self.truth.poll().map(|(k, v)| Arrival::True(k, v)));
        out.extend(self.best.poll().map(|(k, v)| Arrival::BestK(k, v)));
        out.extend(self.measured.poll().map(|(k, v)| Arrival::Measured(k, v)));
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
        update(app, Message::Arrived(arrival));
    }
}

fn arrivals_now(app: &App) -> Vec<Arrival> {
    let never = AtomicBool::new(false);
    let mut out = Vec::new();
    match app.screen {
        Screen::Lab => {
            let lab = &app.lab;
            let key = lab.rate_key();
            out.extend(
                compute::exact_figures(key, EXACT_BUDGET, &never).map(|v| Arrival::Exact(key, v)),
            );
            out.extend(
                compute::true_figures(key, EXACT_BUDGET, &never).map(|v| Arrival::True(key, v)),
            );
            let best = lab.best_key();
            out.extend(
                compute::best_k(best.m, best.n, EXACT_BUDGET, &never)
                    .map(|v| Arrival::BestK(best, v)),
            );
            let measure = lab.measure_key();
            out.extend(
                compute::measured(measure, &never, &|_| {}).map(|v| Arrival::Measured(measure, v)),
            );
            let curve = lab.curve_key();
            out.extend(
                compute::mn_curve(curve, POINT_BUDGET, &never).map(|v| Arrival::MnCurve(curve, v)),
            );
        }
        Screen::Sizing => {
            if let Some(key) = app.sizing.wanted() {
                out.extend(sizing::compute(&key, &never).map(|v| Arrival::Sizing(key, v)));
            }
        }
        Screen::Lecture | Screen::Sandbox => {}
    }
    out
}
