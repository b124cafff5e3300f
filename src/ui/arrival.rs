//! Results arriving from the worker lanes, as messages: each carries the
//! settings it was computed for, and [`crate::ui::update::update`] stores it
//! where the screens read it.

use crate::measure::MeasureConfig;
use crate::ui::app::App;
use crate::ui::computed::Outcome;
use crate::ui::lab::compute::{
    BestK, BestKey, CurveKey, ExactFigures, MeasureFigures, MnCurve, RateKey, TrueFigures,
};
use crate::ui::sizing::compute::SizingOutcome;
use crate::ui::sizing::inputs::SizingKey;

/// A finished (or partial) computation, tagged with the settings it was
/// computed for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Arrival {
    /// The lab's exact classic rate.
    Exact(RateKey, Outcome<ExactFigures>),
    /// The lab's true rate.
    True(RateKey, Outcome<TrueFigures>),
    /// The lab's best-k scan.
    BestK(BestKey, Outcome<BestK>),
    /// The lab's measurement, finished or so far.
    Measured(MeasureConfig, Result<MeasureFigures, String>),
    /// The exact points of the lab's epsilon-against-m/n chart.
    MnCurve(CurveKey, MnCurve),
    /// The sizing screen's answer.
    Sizing(SizingKey, SizingOutcome),
}

impl Arrival {
    /// Stores the result where the screens read it.
    pub(crate) fn store(self, app: &mut App) {
        let results = &mut app.lab.results;
        match self {
            Arrival::Exact(k, v) => results.exact.set(k, v),
            Arrival::True(k, v) => results.truth.set(k, v),
            Arrival::BestK(k, v) => results.best.set(k, v),
            Arrival::Measured(k, v) => results.measured.set(k, v),
            Arrival::MnCurve(k, v) => results.mn_curve.set(k, v),
            Arrival::Sizing(k, v) => app.sizing.store(k, v),
        }
    }
}
