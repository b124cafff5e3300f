//! Results arriving from the worker lanes, as messages: each carries the
//! settings it was computed for, and [`crate::ui::update::update`] stores it
//! where the screens read it.

use crate::measure::{CompareConfig, MeasureConfig};
use crate::rates::figures::RateFigures;
use crate::ui::app::App;
use crate::ui::computed::Outcome;
use crate::ui::lab::compute::{BestK, BestKey, CurveKey, MnCurve, RateKey};
use crate::ui::lab::measuring::{CompareFigures, MeasureFigures};
use crate::ui::sizing::compute::SizingOutcome;
use crate::ui::sizing::inputs::SizingKey;

/// A finished (or partial) computation, tagged with the settings it was
/// computed for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Arrival {
    /// The lab's rate figures (exact, true, idealised).
    Rates(RateKey, Outcome<RateFigures>),
    /// The lab's best-k scan.
    BestK(BestKey, Outcome<BestK>),
    /// The lab's measurement, finished or so far.
    Measured(MeasureConfig, Result<MeasureFigures, String>),
    /// The lab's comparison of two k, finished or so far.
    Compared(CompareConfig, Result<CompareFigures, String>),
    /// The exact points of the lab's epsilon-against-m/n chart.
    MnCurve(CurveKey, Outcome<MnCurve>),
    /// The sizing screen's answer.
    Sizing(SizingKey, SizingOutcome),
}

impl Arrival {
    /// Stores the result where the screens read it.
    pub(crate) fn store(self, app: &mut App) {
        let results = &mut app.lab.results;
        match self {
            Arrival::Rates(k, v) => results.rates.set(k, v),
            Arrival::BestK(k, v) => results.best.set(k, v),
            Arrival::Measured(k, v) => results.measured.set(k, v),
            Arrival::Compared(k, v) => results.compared.set(k, v),
            Arrival::MnCurve(k, v) => results.mn_curve.set(k, v),
            Arrival::Sizing(k, v) => app.sizing.store(k, v),
        }
    }
}
